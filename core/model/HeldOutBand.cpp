// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeldOutBand.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

double bandShare(QVector<double> relativeErrors, double coverage)
{
    if (relativeErrors.isEmpty())
        return 0;
    std::sort(relativeErrors.begin(), relativeErrors.end());
    const int n = int(relativeErrors.size());
    return relativeErrors[std::clamp(int(std::ceil(coverage * n)) - 1, 0, n - 1)];
}

} // namespace slicewatt
