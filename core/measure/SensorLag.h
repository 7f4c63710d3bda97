// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PowerTrace.h"

#include <QString>
#include <QVector>

#include <optional>

namespace slicewatt {

// METHOD §6 (SC16): a built-in sensor's reading approaches a new power level gradually.
// t_p is the time after which it is within 3 % of the true power; it belongs to the GPU
// model (its sensor and driver), so it is learnt once from a trace and reused.
constexpr double kSensorSettleFraction = 0.03;

struct SensorLagEstimate {
    std::optional<double> lagS; // t_p, s, ≥ 0; nullopt when this run cannot tell (see problem)
    double baselineW = 0; // the median reading before the run
    double plateauW = 0; // the median reading over the run's last third: the true power
    double settledAtS = 0; // when the reading came within the band for good (trace axis)
    QString problem; // why there is no estimate, in words
    bool ok() const { return lagS.has_value(); }
};

// Learns t_p from one run of known start whose power is steady: the plateau is the median
// reading over the run's last third, and t_p the time from the run's start until the
// three-sample average of the reading enters the band plateau ± settleFraction·plateau for
// the last time (so one noisy sample early on does not count as settled), interpolated
// between samples. The run must start from a different level (the samples before it) by
// more than twice the band, and the reading must settle within the run's first two
// thirds; otherwise `problem` says which, and there is no estimate.
SensorLagEstimate learnSensorLag(
    const QVector<PowerSample>& samples, const RunWindow& run, double settleFraction = kSensorSettleFraction);

} // namespace slicewatt
