// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "calibration/MeasurementClock.h"

#include <vector>

namespace slicewatt::test {

// A measuring run's time that advances only as the run waits (issue 51: no wall-clock sleeps
// in tests). Periodic readings run, in order of their times, inside sleepFor at the times they
// fall due, so a simulated sensor read at time t sees the board as it was at t, exactly.
// Single-threaded: everything happens on the thread that sleeps.
class SimulatedMeasurementClock final : public MeasurementClock {
public:
    TimePoint now() const override { return m_now; }
    void sleepFor(double seconds) override;
    std::unique_ptr<Periodic> every(std::chrono::nanoseconds interval, Tick tick) override;

    double elapsedS() const; // since the clock was made

private:
    struct Readings;
    friend struct Readings;

    TimePoint m_now{};
    std::vector<Readings*> m_readings; // each unregisters itself when destroyed
};

} // namespace slicewatt::test
