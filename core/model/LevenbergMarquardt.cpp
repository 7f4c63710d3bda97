// SPDX-License-Identifier: GPL-3.0-or-later
#include "LevenbergMarquardt.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

constexpr double kInitialDamping = 1e-3; // λ relative to Marquardt's scaling D
constexpr double kMaxDamping = 1e20; // steps this damped move nothing any more
// Relative pivot below which a (column-normalised) Jacobian counts as rank deficient:
// beyond a condition number of 1e10 the standard errors would be meaningless anyway.
constexpr double kRankThreshold = 1e-10;

QString number(double value)
{
    return QString::number(value, 'g', 6);
}

bool isConstant(const QVector<ModelSample>& samples, double ModelSample::*field)
{
    double lo = samples.first().*field;
    double hi = lo;
    for (const ModelSample& s : samples) {
        lo = std::min(lo, s.*field);
        hi = std::max(hi, s.*field);
    }
    return hi - lo <= 1e-12 * std::max({1.0, std::abs(lo), std::abs(hi)});
}

// The first problem with one sample, or an empty string. Samples are numbered from 1.
QString sampleProblem(const ModelForm& form, const ModelSample& s, int number1)
{
    const QString where = QStringLiteral("sample %1: ").arg(number1);
    if (!std::isfinite(s.saturation))
        return where + QStringLiteral("saturation is not a finite number");
    if (!std::isfinite(s.intensity))
        return where + QStringLiteral("intensity is not a finite number");
    if (!std::isfinite(s.watts))
        return where + QStringLiteral("watts is not a finite number");
    if (form.usesSaturation() && (s.saturation < 0 || s.saturation > 1))
        return where + QStringLiteral("saturation %1 is outside [0, 1]").arg(number(s.saturation));
    if (form.needsPositiveIntensity() && s.intensity <= 0)
        return where
            + QStringLiteral("intensity must be positive for model %1, got %2").arg(form.name(), number(s.intensity));
    if (form.intensityScale() == IntensityScale::Fraction && (s.intensity < 0 || s.intensity > 1))
        return where + QStringLiteral("fraction intensity %1 is outside [0, 1]").arg(number(s.intensity));
    return {};
}

QString checkSamples(const ModelForm& form, const QVector<ModelSample>& samples)
{
    const int needed = form.parameterCount() + 1;
    if (samples.size() < needed)
        return QStringLiteral("needs at least %1 points, got %2").arg(needed).arg(samples.size());
    QString first;
    int bad = 0;
    for (int i = 0; i < samples.size(); ++i) {
        const QString problem = sampleProblem(form, samples[i], i + 1);
        if (problem.isEmpty())
            continue;
        if (bad++ == 0)
            first = problem;
    }
    if (bad > 1)
        return first + QStringLiteral(" (and %1 more samples with problems)").arg(bad - 1);
    if (bad == 1)
        return first;
    const bool flatSaturation = form.usesSaturation() && isConstant(samples, &ModelSample::saturation);
    const bool flatIntensity = isConstant(samples, &ModelSample::intensity);
    if (flatSaturation && flatIntensity)
        return QStringLiteral("inputs do not vary: saturation and intensity are constant");
    if (flatSaturation)
        return QStringLiteral("inputs do not vary: saturation is constant");
    if (flatIntensity)
        return QStringLiteral("inputs do not vary: intensity is constant");
    return {};
}

class Problem {
public:
    Problem(const ModelForm& form, const QVector<ModelSample>& samples)
        : m_form(form)
        , m_samples(samples)
    {
    }

    // Model minus measurement, W; the sign LM works with.
    VectorXd residuals(const VectorXd& beta) const
    {
        VectorXd r(m_samples.size());
        for (int i = 0; i < m_samples.size(); ++i) {
            const ModelSample& s = m_samples[i];
            r(i) = m_form.evaluate(beta, s.saturation, s.intensity) - s.watts;
        }
        return r;
    }

    MatrixXd jacobian(const VectorXd& beta) const
    {
        MatrixXd j(m_samples.size(), beta.size());
        for (int i = 0; i < m_samples.size(); ++i) {
            const ModelSample& s = m_samples[i];
            j.row(i) = m_form.gradient(beta, s.saturation, s.intensity).transpose();
        }
        return j;
    }

private:
    const ModelForm& m_form;
    const QVector<ModelSample>& m_samples;
};

// MINPACK's gtol measure: the largest cosine between the residual and a Jacobian column.
double gradientCosine(const MatrixXd& j, const VectorXd& r)
{
    const double rNorm = r.norm();
    if (rNorm == 0)
        return 0;
    double worst = 0;
    for (Eigen::Index k = 0; k < j.cols(); ++k) {
        const double columnNorm = j.col(k).norm();
        if (columnNorm > 0)
            worst = std::max(worst, std::abs(j.col(k).dot(r)) / (columnNorm * rNorm));
    }
    return worst;
}

struct Iteration {
    VectorXd beta;
    int iterations = 0;
    bool converged = false;
};

Iteration levenbergMarquardt(const Problem& problem, VectorXd beta, const FitOptions& options, double dataNorm)
{
    Iteration out;
    const Eigen::Index p = beta.size();
    VectorXd r = problem.residuals(beta);
    MatrixXd j = problem.jacobian(beta);
    double cost = 0.5 * r.squaredNorm();
    // Marquardt's scaling makes the damping act alike on parameters of very different
    // magnitude (β1 ~ 50 W against β2 ~ 0.2); the floor keeps a column that vanishes at the
    // start (β1 = 0 makes β2 invisible) from leaving the damped system singular.
    VectorXd scale = j.colwise().squaredNorm().transpose();
    const double floor = std::max(scale.maxCoeff(), 1.0) * 1e-12;
    scale = scale.cwiseMax(floor);
    double lambda = kInitialDamping;
    double nu = 2;
    const Eigen::Index n = r.size();

    while (out.iterations < options.maxIterations) {
        if (std::sqrt(2 * cost) <= 1e-14 * dataNorm || gradientCosine(j, r) <= options.gTolerance) {
            out.converged = true;
            break;
        }
        ++out.iterations;
        MatrixXd augmented(n + p, p);
        augmented.topRows(n) = j;
        augmented.bottomRows(p) = (lambda * scale).cwiseSqrt().asDiagonal();
        VectorXd rhs = VectorXd::Zero(n + p);
        rhs.head(n) = -r;
        const VectorXd step = Eigen::ColPivHouseholderQR<MatrixXd>(augmented).solve(rhs);
        if (step.norm() <= options.xTolerance * (beta.norm() + options.xTolerance)) {
            out.converged = true;
            break;
        }
        const VectorXd trial = beta + step;
        const VectorXd trialR = problem.residuals(trial);
        const double trialCost = 0.5 * trialR.squaredNorm();
        const VectorXd g = j.transpose() * r;
        const double predicted = 0.5 * step.dot(lambda * scale.cwiseProduct(step) - g);
        const double rho = (std::isfinite(trialCost) && predicted > 0) ? (cost - trialCost) / predicted : -1;
        if (rho > 0) {
            const bool smallGain = cost - trialCost <= options.fTolerance * cost;
            beta = trial;
            r = trialR;
            cost = trialCost;
            j = problem.jacobian(beta);
            if (!j.allFinite())
                break;
            scale = scale.cwiseMax(j.colwise().squaredNorm().transpose());
            const double t = 2 * rho - 1;
            lambda *= std::max(1.0 / 3.0, 1 - t * t * t);
            nu = 2;
            if (smallGain) {
                out.converged = true;
                break;
            }
        } else {
            lambda *= nu;
            nu *= 2;
            if (lambda > kMaxDamping)
                break;
        }
    }
    out.beta = beta;
    return out;
}

// The parameters caught in a rank deficiency, in β order, for the error message: the
// columns QR left out, and the kept ones they are combinations of (with J·Π = Q·R and R
// split as [R11 R12], the left-out columns equal the kept ones times R11⁻¹·R12). Naming
// them all is independent of which one the pivoting happened to leave out.
QString dependentParameters(const Eigen::ColPivHouseholderQR<MatrixXd>& qr, const QVector<ModelParameter>& parameters)
{
    const Eigen::Index p = qr.cols();
    const Eigen::Index rank = qr.rank();
    const MatrixXd r = qr.matrixR().topLeftCorner(p, p).triangularView<Eigen::Upper>();
    const MatrixXd combination
        = r.topLeftCorner(rank, rank).triangularView<Eigen::Upper>().solve(r.topRightCorner(rank, p - rank));
    QVector<bool> involved(int(p), false);
    for (Eigen::Index k = 0; k < p; ++k) {
        const int parameter = int(qr.colsPermutation().indices()(k));
        // Columns are normalised, so the weights compare across parameters.
        involved[parameter] = k >= rank || combination.row(k).cwiseAbs().maxCoeff() > 1e-6;
    }
    QStringList names;
    for (int k = 0; k < int(p); ++k) {
        if (involved[k])
            names.append(parameters[k].symbol);
    }
    if (names.size() == 1)
        return names.first();
    const QString last = names.takeLast();
    return names.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

} // namespace

FitResult fitModel(const ModelForm& form, const QVector<ModelSample>& samples, const FitOptions& options)
{
    FitResult result;
    result.form = form.name();
    result.error = checkSamples(form, samples);
    if (!result.error.isEmpty())
        return result;

    const int p = form.parameterCount();
    VectorXd start = options.start;
    if (start.size() == 0) {
        start = form.initialGuess(samples);
        if (start.size() != p || !start.allFinite()) {
            result.error = QStringLiteral("no starting point: the samples give no usable linear fit for model %1")
                               .arg(form.name());
            return result;
        }
    } else if (start.size() != p || !start.allFinite()) {
        result.error = QStringLiteral("the starting point must have %1 finite values for model %2, got %3")
                           .arg(p)
                           .arg(form.name())
                           .arg(start.size());
        return result;
    }

    const Problem problem(form, samples);
    double dataNorm = 0;
    for (const ModelSample& s : samples)
        dataNorm += s.watts * s.watts;
    const Iteration fit = levenbergMarquardt(problem, start, options, std::sqrt(dataNorm));
    const VectorXd r = problem.residuals(fit.beta);
    const MatrixXd j = problem.jacobian(fit.beta);
    if (!fit.beta.allFinite() || !r.allFinite() || !j.allFinite()) {
        result.error = QStringLiteral("the fit diverged: model %1 does not describe these samples").arg(form.name());
        return result;
    }

    // Rank and covariance on column-normalised J, so parameters of very different size
    // (β1 in W, β2 dimensionless) do not fake a rank deficiency.
    const QVector<ModelParameter> parameters = form.parameters();
    VectorXd columnNorms = j.colwise().norm().transpose();
    for (int k = 0; k < p; ++k) {
        if (columnNorms(k) == 0) {
            result.error = QStringLiteral("parameters cannot be determined from these samples: %1 has no effect at "
                                          "the solution")
                               .arg(parameters[k].symbol);
            return result;
        }
    }
    const MatrixXd normalised = j * columnNorms.cwiseInverse().asDiagonal();
    Eigen::ColPivHouseholderQR<MatrixXd> qr(normalised);
    qr.setThreshold(kRankThreshold);
    if (qr.rank() < p) {
        result.error = QStringLiteral("parameters cannot be determined from these samples: %1 cannot be told apart "
                                      "(Jacobian rank %2 of %3)")
                           .arg(dependentParameters(qr, parameters))
                           .arg(qr.rank())
                           .arg(p);
        return result;
    }

    const int n = int(samples.size());
    const double ssr = r.squaredNorm();
    // With J·Π = Q·R, (JᵀJ)⁻¹ = Π·R⁻¹·R⁻ᵀ·Πᵀ: no normal equations, so no squared condition.
    const MatrixXd upper = qr.matrixR().topLeftCorner(p, p).triangularView<Eigen::Upper>();
    const MatrixXd upperInverse = upper.triangularView<Eigen::Upper>().solve(MatrixXd::Identity(p, p));
    const MatrixXd normalInverse
        = qr.colsPermutation() * (upperInverse * upperInverse.transpose()) * qr.colsPermutation().transpose();
    result.parameters = fit.beta;
    result.residualVariance = ssr / (n - p);
    result.covariance = result.residualVariance
        * (columnNorms.cwiseInverse().asDiagonal() * normalInverse * columnNorms.cwiseInverse().asDiagonal());
    result.standardErrors = result.covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
    result.residuals = -r;
    result.rmsResidual = std::sqrt(ssr / n);
    for (int i = 0; i < n; ++i) {
        if (samples[i].watts != 0)
            result.maxRelativeError = std::max(result.maxRelativeError, std::abs(r(i) / samples[i].watts));
    }
    result.iterations = fit.iterations;
    result.converged = fit.converged;
    return result;
}

} // namespace slicewatt
