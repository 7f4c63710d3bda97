// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// Which computation intensity a form's second input is (METHOD §3): the JoS13 ratio
// Ã = N_a / N_mem (unbounded, > 0) or the JSW12 fraction #A / (#A + N_mem) in [0, 1].
enum class IntensityScale { Ratio, Fraction };

// One measured point a slice power model is fitted to.
struct ModelSample {
    double saturation = 0; // Sa = active SMs / SMs, in [0, 1]
    double intensity = 0; // on the form's IntensityScale
    double watts = 0; // measured average power, W
};

// One fitted coefficient, described for model files, the CLI and the "Why?" texts.
struct ModelParameter {
    QString key; // ASCII, stable: used in model files and on the command line
    QString symbol; // for display, e.g. "β0"
    QString unit; // "W", or "" for dimensionless
    QString meaning;
};

// A functional form a calibration can fit (METHOD §4, §7): P(β; Sa, x) in W. The
// published forms and our idle-aware variant live side by side; a calibration picks one by
// name, so a fitted model file can always say exactly which formula its numbers belong to.
// Forms are stateless singletons: the parameter vector β is passed in, ordered as
// parameters().
class ModelForm {
public:
    virtual ~ModelForm() = default;

    virtual QString name() const = 0; // "jos13", "jos13-idle", "linear-intensity"
    virtual QString formula() const = 0; // for display
    virtual QString origin() const = 0; // which paper, or "[ours]"
    virtual QVector<ModelParameter> parameters() const = 0;
    QStringList parameterNames() const; // the keys, in β order
    int parameterCount() const { return int(parameters().size()); }

    // Whether P depends on Sa at all; a form that ignores it needs no spread in Sa.
    virtual bool usesSaturation() const = 0;
    virtual IntensityScale intensityScale() const = 0;
    // Power-law forms take x^β2, defined only for x > 0 (N_mem = 0 is clamped upstream).
    virtual bool needsPositiveIntensity() const = 0;

    // Predicted power in W. Outside the input domain the result may be NaN.
    virtual double evaluate(const Eigen::VectorXd& beta, double saturation, double intensity) const = 0;
    // ∂P/∂β_k at the inputs, in β order (analytic; the fitter's Jacobian rows).
    virtual Eigen::VectorXd gradient(const Eigen::VectorXd& beta, double saturation, double intensity) const = 0;
    // A starting point for the nonlinear fit, computed from the data by linear least
    // squares (with the exponent fixed at candidate values where there is one). Empty when
    // no candidate gives a usable linear problem. Assumes the samples passed the fitter's
    // input checks.
    virtual Eigen::VectorXd initialGuess(const QVector<ModelSample>& samples) const = 0;
};

// Every form, in a stable order (published ones first).
const QVector<const ModelForm*>& allModelForms();
// nullptr when no form has that name (case-insensitive).
const ModelForm* modelFormByName(const QString& name);

} // namespace slicewatt
