// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MeasurementClock.h"
#include "NvmlSession.h"
#include "measure/PowerTrace.h"

#include <QString>

#include <functional>
#include <memory>
#include <mutex>

namespace slicewatt {

// Reads a power sensor at a fixed interval while the caller's thread launches kernels, and
// hands back the readings as a PowerTrace whose time axis is seconds since the sampler's
// origin (so the caller can mark its runs on the same axis). The clock decides where the
// readings run: the steady clock's on a thread of their own, a test's simulated one as it waits.
class PowerSampler {
public:
    using Clock = MeasurementClock::Clock;
    using ReadFunction = std::function<std::optional<NvmlPowerReading>(QString* error)>;

    PowerSampler(ReadFunction read, double intervalS, MeasurementClock& clock = steadyMeasurementClock());
    ~PowerSampler(); // stops the readings

    // Starts sampling with time 0 at `origin`. The samples of a previous start are dropped.
    void start(Clock::time_point origin);
    // Stops and returns what was read; the first failing read ends sampling, and its
    // message is in the trace's errors.
    PowerTrace stop();
    // Seconds since the origin, on the trace's axis.
    double secondsSince(Clock::time_point origin, Clock::time_point when) const;

private:
    bool readOnce(Clock::time_point when);

    ReadFunction m_read;
    std::chrono::nanoseconds m_interval;
    MeasurementClock& m_clock;
    Clock::time_point m_origin;
    std::unique_ptr<MeasurementClock::Periodic> m_readings;
    std::mutex m_mutex; // guards m_trace
    PowerTrace m_trace;
};

} // namespace slicewatt
