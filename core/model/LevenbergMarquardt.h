// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ModelForm.h"

#include <Eigen/Dense>

#include <QString>
#include <QVector>

namespace slicewatt {

struct FitOptions {
    int maxIterations = 200;
    // Stop when a step changes no parameter by more than xTolerance relative to its size,
    // when an accepted step lowers the sum of squares by less than fTolerance relative to it,
    // or when the residuals are orthogonal to every Jacobian column to within gTolerance
    // (the cosine MINPACK uses), whichever comes first.
    double xTolerance = 1e-10;
    double fTolerance = 1e-14;
    double gTolerance = 1e-10;
    // Starting parameters in the form's β order; empty: the form's initialGuess().
    Eigen::VectorXd start;
};

// The outcome of fitting one ModelForm to measured samples. When error is non-empty no
// other field means anything: degenerate data gives a reason, never numbers.
struct FitResult {
    QString error;
    bool ok() const { return error.isEmpty(); }

    QString form; // ModelForm::name()
    Eigen::VectorXd parameters; // β, in the form's order
    // √diag(s²·(JᵀJ)⁻¹) with s² = SSR / (n − p): the usual asymptotic standard errors, in the
    // parameters' units. Zero when the data fit exactly.
    Eigen::VectorXd standardErrors;
    Eigen::MatrixXd covariance; // s²·(JᵀJ)⁻¹, p × p
    Eigen::VectorXd residuals; // measured − predicted, W, one per sample in input order
    double residualVariance = 0; // s², W²
    double rmsResidual = 0; // √(SSR / n), W
    // max |residual| / |measured| over samples with non-zero power, as a fraction
    // (0.0398 is the 3.98 % JoS13 reports).
    double maxRelativeError = 0;
    int iterations = 0; // LM iterations, rejected steps included
    bool converged = false; // false: the iteration limit or the damping limit was hit
};

// Nonlinear least squares fit of `form` to `samples` by Levenberg–Marquardt: Marquardt's
// diagonal scaling D = diag(JᵀJ) (kept as a running maximum, as MINPACK does) and
// Nielsen's gain-ratio damping update; each step solves the damped problem
// [J; √(λD)]·δ ≈ [−r; 0] by QR instead of forming the normal equations.
// Checks the data first and reports, in words, when it cannot determine the parameters:
// too few samples (fewer than p + 1, leaving no degree of freedom for s²), non-finite
// values, saturation outside [0, 1], intensity outside the form's domain, an input the form
// uses that does not vary, and a Jacobian at the solution that is rank deficient.
FitResult fitModel(const ModelForm& form, const QVector<ModelSample>& samples, const FitOptions& options = {});

} // namespace slicewatt
