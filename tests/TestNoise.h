// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <cmath>
#include <random>

namespace slicewatt::test {

// Gaussian noise that is the same on every platform: std::normal_distribution is not
// specified exactly, mt19937_64 is. Synthetic measurements use it with a fixed seed.
class Noise {
public:
    explicit Noise(quint64 seed)
        : m_engine(seed)
    {
    }
    double uniform() { return (double(m_engine() >> 11) + 0.5) / double(quint64(1) << 53); }
    double gaussian()
    {
        const double u = uniform();
        const double v = uniform();
        return std::sqrt(-2 * std::log(u)) * std::cos(2 * M_PI * v);
    }

private:
    std::mt19937_64 m_engine;
};

} // namespace slicewatt::test
