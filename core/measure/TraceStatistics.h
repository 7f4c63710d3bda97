// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PowerTrace.h"

#include <QVector>

#include <optional>

namespace slicewatt {

// Order statistics over the samples whose time lies in [fromS, toS]; nullopt when fewer
// than minCount samples lie there. The median, because a sensor's occasional spike or a
// lagging edge in the window must not move a level that stands for the whole window.
std::optional<double> medianPowerW(const QVector<PowerSample>& samples, double fromS, double toS, int minCount = 1);
std::optional<double> peakPowerW(const QVector<PowerSample>& samples, double fromS, double toS);

// The reading at sample i averaged with its neighbours i − 1 and i + 1 (those that exist,
// and none after index `last` when it is given): the three-sample average SC16 uses, here
// to decide when a noisy reading has settled.
double threeSampleAverageW(const QVector<PowerSample>& samples, int i, int last = -1);

// The index of the first sample at or after timeS; samples.size() when there is none.
int firstSampleAtOrAfter(const QVector<PowerSample>& samples, double timeS);

} // namespace slicewatt
