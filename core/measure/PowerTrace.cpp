// SPDX-License-Identifier: GPL-3.0-or-later
#include "PowerTrace.h"

#include <algorithm>
#include <vector>

namespace slicewatt {

double PowerTrace::medianIntervalS() const
{
    if (samples.size() < 2)
        return 0;
    std::vector<double> intervals;
    intervals.reserve(size_t(samples.size() - 1));
    for (int i = 1; i < samples.size(); ++i)
        intervals.push_back(samples[i].timeS - samples[i - 1].timeS);
    // The median, not the mean: a paused logger leaves one long gap that says nothing about
    // the sampling rate.
    const auto middle = intervals.begin() + std::ptrdiff_t(intervals.size() / 2);
    std::nth_element(intervals.begin(), middle, intervals.end());
    return *middle;
}

} // namespace slicewatt
