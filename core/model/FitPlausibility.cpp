// SPDX-License-Identifier: GPL-3.0-or-later
#include "FitPlausibility.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QString number(double value, int decimals)
{
    // A minus sign, not a hyphen: these are read as numbers.
    return (value < 0 ? QStringLiteral("−") : QString()) + QString::number(std::abs(value), 'f', decimals);
}

} // namespace

QStringList implausibleFitReasons(const ModelForm& form, const Eigen::VectorXd& beta,
    const QVector<ModelSample>& samples, std::optional<double> boardPowerW)
{
    QStringList reasons;
    const QVector<ModelParameter> parameters = form.parameters();
    for (int i = 0; i < parameters.size() && i < beta.size(); ++i) {
        const ModelParameter& p = parameters[i];
        const double value = beta[i];
        if (p.key == QLatin1String("idle") && value < 0)
            reasons << QStringLiteral("%1 = %2 W: no GPU draws negative power at rest").arg(p.symbol, number(value, 1));
        else if (p.key == QLatin1String("beta0") && value < 0)
            reasons
                << QStringLiteral("%1 = %2 W: the power's constant part is negative").arg(p.symbol, number(value, 1));
        else if (p.key == QLatin1String("beta2") && std::abs(value) > 1)
            reasons << QStringLiteral("%1 = %2: the intensity's exponent is beyond ±1, where none of the papers' fits "
                                      "came near")
                           .arg(p.symbol, number(value, 3));
    }
    if (samples.isEmpty())
        return reasons;

    // The measured domain's corners and the points themselves: a curve may dip between them.
    double saLow = samples.first().saturation, saHigh = saLow;
    double xLow = samples.first().intensity, xHigh = xLow;
    for (const ModelSample& s : samples) {
        saLow = std::min(saLow, s.saturation);
        saHigh = std::max(saHigh, s.saturation);
        xLow = std::min(xLow, s.intensity);
        xHigh = std::max(xHigh, s.intensity);
    }
    QVector<ModelSample> probes = samples;
    for (double sa : {saLow, saHigh}) {
        for (double x : {xLow, xHigh})
            probes.append({sa, x, 0});
    }
    const ModelSample* lowest = nullptr;
    const ModelSample* highest = nullptr;
    double lowestW = HUGE_VAL, highestW = -HUGE_VAL;
    for (const ModelSample& probe : probes) {
        const double watts = form.evaluate(beta, probe.saturation, probe.intensity);
        if (!std::isfinite(watts))
            continue;
        if (watts < lowestW) {
            lowestW = watts;
            lowest = &probe;
        }
        if (watts > highestW) {
            highestW = watts;
            highest = &probe;
        }
    }
    if (lowest && lowestW < 0)
        reasons << QStringLiteral("the fit predicts %1 W at Sa %2, intensity %3, inside the measured range")
                       .arg(number(lowestW, 1), number(lowest->saturation, 2),
                           QString::number(lowest->intensity, 'g', 4));
    if (highest && boardPowerW && highestW > 1.1 * *boardPowerW)
        reasons << QStringLiteral("the fit predicts %1 W at Sa %2, intensity %3, above the board's %4 W")
                       .arg(number(highestW, 1), number(highest->saturation, 2),
                           QString::number(highest->intensity, 'g', 4), number(*boardPowerW, 0));
    return reasons;
}

} // namespace slicewatt
