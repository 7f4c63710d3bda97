// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationPlan.h"

#include "SimulatedSlice.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace slicewatt {

QVector<CalibrationPlanPoint> calibrationPlan(
    const CalibrationPlanOptions& options, int smCount, int threadsPerBlock, QString* error)
{
    QVector<CalibrationPlanPoint> points;
    if (smCount <= 0 || threadsPerBlock <= 0) {
        *error = QStringLiteral("the GPU reports no SMs or no threads per block");
        return points;
    }
    if (options.runSeconds < 0.5) {
        *error
            = QStringLiteral("each point must run at least 0.5 s (JoS13's minimum), not %1 s").arg(options.runSeconds);
        return points;
    }
    if (options.intensities.isEmpty() || options.saturations.isEmpty()) {
        *error = QStringLiteral("give at least one intensity and one saturation");
        return points;
    }
    for (double intensity : options.intensities) {
        if (!(intensity > 0) || !std::isfinite(intensity)) {
            *error = QStringLiteral("intensity %1 is not a positive number").arg(intensity);
            return {};
        }
    }
    for (double saturation : options.saturations) {
        if (!(saturation > 0 && saturation <= 1)) {
            *error = QStringLiteral("saturation %1 is outside (0, 1]").arg(saturation);
            return {};
        }
    }
    for (double targetIntensity : options.intensities) {
        const int arith = nearestSimulatedSliceArith(targetIntensity);
        for (double targetSaturation : options.saturations) {
            CalibrationPlanPoint point;
            point.arithPerAccess = arith;
            point.intensity = simulatedSliceIntensity(arith);
            point.blocks = std::clamp(int(std::lround(targetSaturation * smCount)), 1, smCount);
            point.saturation = double(point.blocks) / smCount;
            point.threadsPerBlock = threadsPerBlock;
            const bool repeated = std::any_of(points.cbegin(), points.cend(), [&](const CalibrationPlanPoint& p) {
                return p.arithPerAccess == point.arithPerAccess && p.blocks == point.blocks;
            });
            if (repeated)
                continue;
            point.index = int(points.size()) + 1;
            points.append(point);
        }
    }
    return points;
}

bool parseNumberList(const QString& text, QVector<double>* numbers, QString* error)
{
    numbers->clear();
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double value = part.trimmed().toDouble(&ok);
        if (!ok) {
            *error = QStringLiteral("'%1' is not a number").arg(part.trimmed());
            return false;
        }
        numbers->append(value);
    }
    if (numbers->isEmpty()) {
        *error = QStringLiteral("'%1' holds no numbers").arg(text);
        return false;
    }
    return true;
}

} // namespace slicewatt
