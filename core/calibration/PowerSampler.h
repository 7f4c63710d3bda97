// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "NvmlSession.h"
#include "measure/PowerTrace.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>

namespace slicewatt {

// Reads a power sensor on its own thread at a fixed interval while the caller's thread
// launches kernels, and hands back the readings as a PowerTrace whose time axis is seconds
// since the sampler's origin (so the caller can mark its runs on the same axis).
class PowerSampler {
public:
    using Clock = std::chrono::steady_clock;
    using ReadFunction = std::function<std::optional<NvmlPowerReading>(QString* error)>;

    PowerSampler(ReadFunction read, double intervalS);
    ~PowerSampler(); // stops the thread

    // Starts sampling with time 0 at `origin`. The samples of a previous start are dropped.
    void start(Clock::time_point origin);
    // Stops and returns what was read; the first failing read ends sampling, and its
    // message is in the trace's errors.
    PowerTrace stop();
    // Seconds since the origin, on the trace's axis.
    double secondsSince(Clock::time_point origin, Clock::time_point when) const;

private:
    void loop();

    ReadFunction m_read;
    std::chrono::nanoseconds m_interval;
    Clock::time_point m_origin;
    std::atomic<bool> m_running{false};
    std::thread m_thread;
    std::mutex m_mutex; // guards m_trace
    PowerTrace m_trace;
};

} // namespace slicewatt
