// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PowerModel.h"

#include <QVector>

#include <cmath>
#include <optional>

namespace slicewatt {

// One axis of a sampled model: `count` points from `first` to `last`, both included, evenly
// spaced, or evenly spaced in log10 when `logarithmic` (intensity ratios span three decades).
struct GridAxis {
    double first = 0;
    double last = 1;
    int count = 2;
    bool logarithmic = false;

    double at(int i) const;
};

struct ModelGridOptions {
    int intensitySteps = 121;
    int saturationSteps = 91; // ignored by models driven by active SMs: they get one row per SM count
    // Intensity range; default: the model's fitted range for ratio models, [0, 1] for
    // fraction models (both ends included).
    std::optional<double> intensityFirst;
    std::optional<double> intensityLast;
    double saturationFirst = 0.1; // JoS13's smallest fitted Sa
    double saturationLast = 1.0;
    double lines = 10; // slice length |C| for models that take it (the wavelet network)
};

// A power model sampled on a rectangular (intensity, Sa) grid for one GPU, in W. The values
// come from PowerModel::predict at each grid point, NaN where it gives none (a GPU the model
// does not cover), so a plot of the grid never computes a formula itself.
class ModelGrid {
public:
    static ModelGrid sample(const PowerModel& model, const GpuSpec& gpu, const ModelGridOptions& options = {});

    const GridAxis& intensity() const { return m_intensity; }
    const GridAxis& saturation() const { return m_saturation; }
    bool fractionIntensity() const { return m_fraction; }
    // The model input at grid point (i, j): intensity i, saturation j.
    SliceOperatingPoint pointAt(int i, int j) const;
    double watts(int i, int j) const { return m_watts[j * m_intensity.count + i]; }
    // Smallest and largest finite value, W (NaN when there is none).
    double minWatts() const { return m_minWatts; }
    double maxWatts() const { return m_maxWatts; }
    bool hasValues() const { return !std::isnan(m_minWatts); }

private:
    GridAxis m_intensity;
    GridAxis m_saturation;
    bool m_fraction = false;
    int m_sms = 0;
    double m_lines = 10;
    QVector<double> m_watts; // row-major by saturation
    double m_minWatts = 0;
    double m_maxWatts = 0;
};

// True when a model's power depends on the whole number of active SMs rather than on Sa
// (JSW12's log term), so Sa axes should step by 1/SMs.
bool modelCountsActiveSms(const PowerModel& model);

// The default intensity axis of `model` (see ModelGridOptions).
GridAxis defaultIntensityAxis(const PowerModel& model, int steps);
// The default axis widened to whole decades so that every one of `intensities` (operating
// points to draw on the surface) lies on it; linear (fraction) axes are returned as they are.
GridAxis intensityAxisCovering(const PowerModel& model, const QVector<double>& intensities, int steps);

// Power along an intensity axis at one fixed Sa, W (NaN where the model gives none).
QVector<double> sampleModelCurve(
    const PowerModel& model, const GpuSpec& gpu, double saturation, const GridAxis& intensity, double lines);

} // namespace slicewatt
