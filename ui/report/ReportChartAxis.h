// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QVector>

namespace slicewatt {

// Round tick values for the report's charts: steps of 1, 2 or 5 times a power of ten,
// about `count` of them between `low` and `high` (both included when they are ticks).
QVector<double> niceTicks(double low, double high, int count);
// Powers of ten from `low` to `high` (log axes: intensity ratios span decades).
QVector<double> decadeTicks(double low, double high);

} // namespace slicewatt
