// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <functional>
#include <memory>

namespace slicewatt {

// The time a measuring run keeps: what time it is, waiting, and reading a sensor at a fixed
// interval while the run goes on. The steady clock (steadyMeasurementClock) waits for real and
// reads from a thread of its own; a test gives a simulated clock that advances only as the run
// waits, so a run of seconds takes none and its timing is exact (no wall-clock sleeps in tests).
class MeasurementClock {
public:
    using Clock = std::chrono::steady_clock;
    using TimePoint = Clock::time_point;
    // Called at each reading time with that time; returning false stops the readings.
    using Tick = std::function<bool(TimePoint)>;

    // Periodic readings: they stop when this is destroyed, and no tick runs after that.
    class Periodic {
    public:
        virtual ~Periodic() = default;
    };

    virtual ~MeasurementClock() = default;
    virtual TimePoint now() const = 0;
    virtual void sleepFor(double seconds) = 0;
    // Calls `tick` now and then every `interval` from now (deadlines from the start, so a slow
    // tick does not make the readings drift), until the handle is destroyed or a tick says stop.
    virtual std::unique_ptr<Periodic> every(std::chrono::nanoseconds interval, Tick tick) = 0;
};

// The process's steady clock: real waits, readings on a thread of their own.
MeasurementClock& steadyMeasurementClock();

} // namespace slicewatt
