// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelForm.h"

#include <cmath>
#include <limits>

namespace slicewatt {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Exponents tried for the starting guess of power-law forms. The published GPUs have
// β2 in 0.1 … 0.2; the wider grid keeps a start near the right basin for other cards,
// including power falling with intensity. 0 is left out: x^0 duplicates a constant column.
constexpr double kExponentCandidates[] = {-1.0, -0.5, -0.25, -0.1, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5};

// Least squares for A·c ≈ y; false when A is rank deficient or the result is not finite.
bool solveLinear(const MatrixXd& a, const VectorXd& y, VectorXd* coefficients, double* ssr)
{
    Eigen::ColPivHouseholderQR<MatrixXd> qr(a);
    if (qr.rank() < a.cols())
        return false;
    *coefficients = qr.solve(y);
    *ssr = (a * *coefficients - y).squaredNorm();
    return coefficients->allFinite() && std::isfinite(*ssr);
}

VectorXd wattsOf(const QVector<ModelSample>& samples)
{
    VectorXd y(samples.size());
    for (int i = 0; i < samples.size(); ++i)
        y(i) = samples[i].watts;
    return y;
}

// Best linear fit of [1?, Sa, x^β2] over the exponent grid; returns (offset?, β0, β1, β2).
VectorXd powerLawGuess(const QVector<ModelSample>& samples, bool withOffset)
{
    const int n = int(samples.size());
    const int linear = withOffset ? 3 : 2;
    const VectorXd y = wattsOf(samples);
    VectorXd best;
    double bestSsr = std::numeric_limits<double>::infinity();
    for (const double exponent : kExponentCandidates) {
        MatrixXd a(n, linear);
        for (int i = 0; i < n; ++i) {
            int c = 0;
            if (withOffset)
                a(i, c++) = 1.0;
            a(i, c++) = samples[i].saturation;
            a(i, c) = std::pow(samples[i].intensity, exponent);
        }
        VectorXd coefficients;
        double ssr = 0;
        if (!solveLinear(a, y, &coefficients, &ssr) || ssr >= bestSsr)
            continue;
        bestSsr = ssr;
        best.resize(linear + 1);
        best.head(linear) = coefficients;
        best(linear) = exponent;
    }
    return best;
}

class Jos13Form : public ModelForm {
public:
    QString name() const override { return QStringLiteral("jos13"); }
    QString formula() const override { return QStringLiteral("P = β0·Sa + β1·Ã^β2"); }
    QString origin() const override { return QStringLiteral("JoS13 nonlinear regression"); }
    QVector<ModelParameter> parameters() const override
    {
        return {
            {QStringLiteral("beta0"), QStringLiteral("β0"), QStringLiteral("W"),
                QStringLiteral("power at full SM saturation from the saturation term")},
            {QStringLiteral("beta1"), QStringLiteral("β1"), QStringLiteral("W"),
                QStringLiteral("scale of the intensity term (power at Ã = 1)")},
            {QStringLiteral("beta2"), QStringLiteral("β2"), QString(),
                QStringLiteral("exponent of computation intensity")},
        };
    }
    bool usesSaturation() const override { return true; }
    IntensityScale intensityScale() const override { return IntensityScale::Ratio; }
    bool needsPositiveIntensity() const override { return true; }
    double evaluate(const VectorXd& beta, double saturation, double intensity) const override
    {
        return beta(0) * saturation + beta(1) * std::pow(intensity, beta(2));
    }
    VectorXd gradient(const VectorXd& beta, double saturation, double intensity) const override
    {
        const double power = std::pow(intensity, beta(2));
        VectorXd g(3);
        g << saturation, power, beta(1) * power * std::log(intensity);
        return g;
    }
    VectorXd initialGuess(const QVector<ModelSample>& samples) const override { return powerLawGuess(samples, false); }
};

// [ours] (METHOD §7): real GPUs draw idle/static power the published regression has no
// term for (it predicts 0 W as Sa, Ã → 0); a calibrated modern card gets it explicitly.
class Jos13IdleForm : public ModelForm {
public:
    QString name() const override { return QStringLiteral("jos13-idle"); }
    QString formula() const override { return QStringLiteral("P = P_idle + β0·Sa + β1·Ã^β2"); }
    QString origin() const override { return QStringLiteral("JoS13 nonlinear regression with an idle term [ours]"); }
    QVector<ModelParameter> parameters() const override
    {
        return {
            {QStringLiteral("idle"), QStringLiteral("P_idle"), QStringLiteral("W"),
                QStringLiteral("idle/static power, drawn regardless of the slice")},
            {QStringLiteral("beta0"), QStringLiteral("β0"), QStringLiteral("W"),
                QStringLiteral("power at full SM saturation from the saturation term")},
            {QStringLiteral("beta1"), QStringLiteral("β1"), QStringLiteral("W"),
                QStringLiteral("scale of the intensity term (power at Ã = 1)")},
            {QStringLiteral("beta2"), QStringLiteral("β2"), QString(),
                QStringLiteral("exponent of computation intensity")},
        };
    }
    bool usesSaturation() const override { return true; }
    IntensityScale intensityScale() const override { return IntensityScale::Ratio; }
    bool needsPositiveIntensity() const override { return true; }
    double evaluate(const VectorXd& beta, double saturation, double intensity) const override
    {
        return beta(0) + beta(1) * saturation + beta(2) * std::pow(intensity, beta(3));
    }
    VectorXd gradient(const VectorXd& beta, double saturation, double intensity) const override
    {
        const double power = std::pow(intensity, beta(3));
        VectorXd g(4);
        g << 1.0, saturation, power, beta(2) * power * std::log(intensity);
        return g;
    }
    VectorXd initialGuess(const QVector<ModelSample>& samples) const override { return powerLawGuess(samples, true); }
};

// JSW12's f(x) = 69.4 + 34.5·x on the fraction intensity; Sa is not an input (JSW12 models
// active SMs with a separate log term).
class LinearIntensityForm : public ModelForm {
public:
    QString name() const override { return QStringLiteral("linear-intensity"); }
    QString formula() const override { return QStringLiteral("P = c0 + c1·x"); }
    QString origin() const override { return QStringLiteral("JSW12 linear intensity model"); }
    QVector<ModelParameter> parameters() const override
    {
        return {
            {QStringLiteral("c0"), QStringLiteral("c0"), QStringLiteral("W"),
                QStringLiteral("power at fraction intensity 0")},
            {QStringLiteral("c1"), QStringLiteral("c1"), QStringLiteral("W"),
                QStringLiteral("added power from fraction intensity 0 to 1")},
        };
    }
    bool usesSaturation() const override { return false; }
    IntensityScale intensityScale() const override { return IntensityScale::Fraction; }
    bool needsPositiveIntensity() const override { return false; }
    double evaluate(const VectorXd& beta, double, double intensity) const override
    {
        return beta(0) + beta(1) * intensity;
    }
    VectorXd gradient(const VectorXd&, double, double intensity) const override
    {
        VectorXd g(2);
        g << 1.0, intensity;
        return g;
    }
    VectorXd initialGuess(const QVector<ModelSample>& samples) const override
    {
        const int n = int(samples.size());
        MatrixXd a(n, 2);
        for (int i = 0; i < n; ++i) {
            a(i, 0) = 1.0;
            a(i, 1) = samples[i].intensity;
        }
        VectorXd coefficients;
        double ssr = 0;
        if (!solveLinear(a, wattsOf(samples), &coefficients, &ssr))
            return {};
        return coefficients;
    }
};

} // namespace

QStringList ModelForm::parameterNames() const
{
    QStringList names;
    for (const ModelParameter& parameter : parameters())
        names.append(parameter.key);
    return names;
}

const QVector<const ModelForm*>& allModelForms()
{
    static const Jos13Form jos13;
    static const LinearIntensityForm linear;
    static const Jos13IdleForm jos13Idle;
    static const QVector<const ModelForm*> forms = {&jos13, &linear, &jos13Idle};
    return forms;
}

const ModelForm* modelFormByName(const QString& name)
{
    const QString wanted = name.trimmed();
    for (const ModelForm* form : allModelForms()) {
        if (form->name().compare(wanted, Qt::CaseInsensitive) == 0)
            return form;
    }
    return nullptr;
}

} // namespace slicewatt
