// SPDX-License-Identifier: GPL-3.0-or-later
#include "SurfaceSampler.h"

#include <cmath>
#include <limits>
#include <random>

namespace slicewatt {
namespace {

// Coefficients (β0, β1, β2) of JoS13's table of fitted regression models, four GPUs
// (restated in METHOD.md §4). Fitted by the authors with Gauss–Newton on 20 measured
// "simulated slices" per GPU. To move into model files later.
const std::array<Jos13Surface, 4> kSurfaces = {{
    {"GTX 260", 65.6, 29.4, 0.2},
    {"GTX 280", 95.0, 46.7, 0.2},
    {"Tesla C870", 62.4, 75.8, 0.1},
    {"GTX 480", 98.7, 102.3, 0.15},
}};

// Uniform in (0, 1) from one mt19937 draw. The standard distributions are implementation
// defined, so they would give other samples with another standard library; mt19937's
// sequence itself is fixed by the standard.
double uniform01(std::mt19937& generator)
{
    return (static_cast<double>(generator()) + 0.5) / 4294967296.0;
}

} // namespace

const std::array<Jos13Surface, 4>& jos13Surfaces()
{
    return kSurfaces;
}

double jos13Surface(int gpu, double saturation, double intensity)
{
    if (gpu < 0 || gpu >= static_cast<int>(kSurfaces.size()))
        return std::numeric_limits<double>::quiet_NaN();
    const Jos13Surface& s = kSurfaces[static_cast<std::size_t>(gpu)];
    return s.beta0 * saturation + s.beta1 * std::pow(intensity, s.beta2);
}

std::vector<WnnSample> sampleJos13Surfaces(int pointsPerGpu, unsigned seed)
{
    std::vector<WnnSample> samples;
    if (pointsPerGpu <= 0)
        return samples;
    samples.reserve(static_cast<std::size_t>(pointsPerGpu) * kSurfaces.size());
    std::mt19937 generator(seed);
    const double logMin = std::log10(kJos13MinIntensity);
    const double logMax = std::log10(kJos13MaxIntensity);
    const int lineCount = kJos13MaxLines - kJos13MinLines + 1;
    for (int gpu = 0; gpu < static_cast<int>(kSurfaces.size()); ++gpu) {
        for (int i = 0; i < pointsPerGpu; ++i) {
            // Draw order (saturation, intensity, lines) is part of the reproducibility contract.
            WnnSample sample;
            sample.gpu = gpu;
            sample.saturation
                = kJos13MinSaturation + (kJos13MaxSaturation - kJos13MinSaturation) * uniform01(generator);
            sample.intensity = std::pow(10.0, logMin + (logMax - logMin) * uniform01(generator));
            sample.lines = kJos13MinLines + std::floor(lineCount * uniform01(generator));
            sample.watts = jos13Surface(gpu, sample.saturation, sample.intensity);
            samples.push_back(sample);
        }
    }
    return samples;
}

} // namespace slicewatt
