// SPDX-License-Identifier: GPL-3.0-or-later
#include "Near.h"

#include <algorithm>
#include <cmath>

namespace slicewatt::test {

bool near(double actual, double expected, double relative, double absolute)
{
    if (!std::isfinite(actual) || !std::isfinite(expected))
        return actual == expected;
    return std::fabs(actual - expected) <= relative * std::max(std::fabs(actual), std::fabs(expected)) + absolute;
}

} // namespace slicewatt::test
