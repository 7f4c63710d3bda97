// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelGrid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace slicewatt {
namespace {

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

SliceOperatingPoint operatingPoint(bool fraction, double intensity, double saturation, int sms, double lines)
{
    SliceOperatingPoint point;
    (fraction ? point.intensityFraction : point.intensityRatio) = intensity;
    point.saturation = saturation;
    // As estimateKernel does for a what-if Sa: the nearest whole number of SMs.
    point.activeSms = sms > 0 ? int(std::lround(saturation * sms)) : 0;
    point.lines = lines;
    return point;
}

double predictedWatts(const PowerModel& model, const GpuSpec& gpu, const SliceOperatingPoint& point)
{
    const auto prediction = model.predict(gpu, point);
    return prediction ? prediction->watts : kNoValue;
}

} // namespace

double GridAxis::at(int i) const
{
    if (count <= 1)
        return first;
    const double t = double(i) / (count - 1);
    if (logarithmic && first > 0 && last > 0)
        return std::pow(10.0, std::log10(first) + t * (std::log10(last) - std::log10(first)));
    return first + t * (last - first);
}

bool modelCountsActiveSms(const PowerModel& model)
{
    // Mirrors PowerModel::predict: only the jsw12 form reads activeSms.
    return model.form() == QLatin1String("jsw12");
}

GridAxis defaultIntensityAxis(const PowerModel& model, int steps)
{
    GridAxis axis;
    axis.count = std::max(steps, 2);
    if (model.usesFractionIntensity()) {
        axis.first = 0;
        axis.last = 1;
    } else {
        axis.first = model.intensityMin() > 0 ? model.intensityMin() : 1e-2;
        axis.last = std::max(model.intensityMax(), axis.first * 10);
        axis.logarithmic = true;
    }
    return axis;
}

ModelGrid ModelGrid::sample(const PowerModel& model, const GpuSpec& gpu, const ModelGridOptions& options)
{
    ModelGrid grid;
    grid.m_fraction = model.usesFractionIntensity();
    grid.m_sms = gpu.sms;
    grid.m_lines = options.lines;
    grid.m_intensity = defaultIntensityAxis(model, options.intensitySteps);
    if (options.intensityFirst)
        grid.m_intensity.first = *options.intensityFirst;
    if (options.intensityLast)
        grid.m_intensity.last = *options.intensityLast;
    if (grid.m_intensity.logarithmic && grid.m_intensity.first <= 0)
        grid.m_intensity.logarithmic = false; // a log axis cannot reach 0

    if (modelCountsActiveSms(model) && gpu.sms > 0) {
        // Real launches only reach whole SM counts; between them the log term is meaningless.
        const int firstSms = std::clamp(int(std::ceil(options.saturationFirst * gpu.sms - 1e-9)), 1, gpu.sms);
        const int lastSms = std::clamp(int(std::floor(options.saturationLast * gpu.sms + 1e-9)), firstSms, gpu.sms);
        grid.m_saturation = GridAxis{double(firstSms) / gpu.sms, double(lastSms) / gpu.sms, lastSms - firstSms + 1};
    } else {
        grid.m_saturation
            = GridAxis{options.saturationFirst, options.saturationLast, std::max(options.saturationSteps, 2)};
    }

    const int columns = grid.m_intensity.count;
    const int rows = grid.m_saturation.count;
    grid.m_watts.resize(columns * rows);
    grid.m_minWatts = kNoValue;
    grid.m_maxWatts = kNoValue;
    for (int j = 0; j < rows; ++j) {
        for (int i = 0; i < columns; ++i) {
            const double watts = predictedWatts(model, gpu, grid.pointAt(i, j));
            grid.m_watts[j * columns + i] = watts;
            if (!std::isfinite(watts))
                continue;
            if (!(watts >= grid.m_minWatts))
                grid.m_minWatts = watts;
            if (!(watts <= grid.m_maxWatts))
                grid.m_maxWatts = watts;
        }
    }
    return grid;
}

SliceOperatingPoint ModelGrid::pointAt(int i, int j) const
{
    return operatingPoint(m_fraction, m_intensity.at(i), m_saturation.at(j), m_sms, m_lines);
}

QVector<double> sampleModelCurve(
    const PowerModel& model, const GpuSpec& gpu, double saturation, const GridAxis& intensity, double lines)
{
    QVector<double> watts(intensity.count);
    for (int i = 0; i < intensity.count; ++i)
        watts[i] = predictedWatts(
            model, gpu, operatingPoint(model.usesFractionIntensity(), intensity.at(i), saturation, gpu.sms, lines));
    return watts;
}

GridAxis intensityAxisCovering(const PowerModel& model, const QVector<double>& intensities, int steps)
{
    GridAxis axis = defaultIntensityAxis(model, steps);
    if (!axis.logarithmic)
        return axis;
    for (double intensity : intensities) {
        if (!(intensity > 0) || !std::isfinite(intensity))
            continue;
        axis.first = std::min(axis.first, std::pow(10.0, std::floor(std::log10(intensity))));
        axis.last = std::max(axis.last, std::pow(10.0, std::ceil(std::log10(intensity))));
    }
    return axis;
}

} // namespace slicewatt
