// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceStatistics.h"

#include <algorithm>
#include <vector>

namespace slicewatt {

std::optional<double> medianPowerW(const QVector<PowerSample>& samples, double fromS, double toS, int minCount)
{
    std::vector<double> values;
    for (int i = firstSampleAtOrAfter(samples, fromS); i < samples.size() && samples[i].timeS <= toS; ++i)
        values.push_back(samples[i].powerW);
    if (values.empty() || int(values.size()) < minCount)
        return std::nullopt;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::optional<double> peakPowerW(const QVector<PowerSample>& samples, double fromS, double toS)
{
    std::optional<double> peak;
    for (int i = firstSampleAtOrAfter(samples, fromS); i < samples.size() && samples[i].timeS <= toS; ++i)
        peak = std::max(peak.value_or(samples[i].powerW), samples[i].powerW);
    return peak;
}

double threeSampleAverageW(const QVector<PowerSample>& samples, int i, int last)
{
    if (last < 0)
        last = int(samples.size()) - 1;
    double sum = samples[i].powerW;
    int count = 1;
    if (i > 0) {
        sum += samples[i - 1].powerW;
        ++count;
    }
    if (i + 1 <= last) {
        sum += samples[i + 1].powerW;
        ++count;
    }
    return sum / count;
}

int firstSampleAtOrAfter(const QVector<PowerSample>& samples, double timeS)
{
    const auto it = std::lower_bound(
        samples.begin(), samples.end(), timeS, [](const PowerSample& sample, double t) { return sample.timeS < t; });
    return int(it - samples.begin());
}

} // namespace slicewatt
