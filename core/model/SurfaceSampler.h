// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "WaveletNetwork.h"

#include <array>
#include <vector>

namespace slicewatt {

// One GPU's JoS13 nonlinear regression surface P(Sa, Ã) = β0·Sa + β1·Ã^β2 in watts,
// with Sa the SM saturation in [0, 1] and Ã the computation intensity ratio N_a / N_mem.
struct Jos13Surface {
    const char* gpuName;
    double beta0; // W per unit of saturation
    double beta1; // W at Ã = 1
    double beta2; // dimensionless exponent
};

// The domain the JoS13 surfaces were fitted and published over (METHOD.md §3–4): outside
// it they are extrapolations, so the default network is trained only inside it.
constexpr double kJos13MinSaturation = 0.1;
constexpr double kJos13MaxSaturation = 1.0;
constexpr double kJos13MinIntensity = 7.1;
constexpr double kJos13MaxIntensity = 8200.0;
// Slice lengths (effective lines) drawn for the default training set: the surfaces do not
// depend on them, but the network has a lines input, so it has to see them vary.
constexpr int kJos13MinLines = 1;
constexpr int kJos13MaxLines = 60;

// The four published surfaces, indexed by the GPU type index the network uses
// (0 GTX 260, 1 GTX 280, 2 Tesla C870, 3 GTX 480).
const std::array<Jos13Surface, 4>& jos13Surfaces();

// P(Sa, Ã) in watts for GPU type index `gpu`; NaN for an index outside 0..3.
double jos13Surface(int gpu, double saturation, double intensity);

// The default training set of the wavelet network (METHOD.md §4, [ours]): the 20 measured
// points per GPU behind JoS13 are not published, so `pointsPerGpu` points per GPU are drawn
// from the published surfaces: Sa uniform in [0.1, 1], Ã log-uniform in [7.1, 8200], lines
// uniform integers in [1, 60]. The same seed gives the same samples on every platform
// (GPU 0's points first, then GPU 1's, ...).
std::vector<WnnSample> sampleJos13Surfaces(int pointsPerGpu, unsigned seed);

} // namespace slicewatt
