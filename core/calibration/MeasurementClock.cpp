// SPDX-License-Identifier: GPL-3.0-or-later
#include "MeasurementClock.h"

#include <QtGlobal>

#include <atomic>
#include <thread>

namespace slicewatt {
namespace {

class SteadyPeriodic final : public MeasurementClock::Periodic {
public:
    SteadyPeriodic(std::chrono::nanoseconds interval, MeasurementClock::Tick tick)
        : m_thread([this, interval, tick = std::move(tick)] { loop(interval, tick); })
    {
    }
    ~SteadyPeriodic() override
    {
        m_running = false;
        m_thread.join();
    }

private:
    void loop(std::chrono::nanoseconds interval, const MeasurementClock::Tick& tick)
    {
        using Clock = MeasurementClock::Clock;
        // A tick that overran its slot is followed at once by the next.
        Clock::time_point next = Clock::now();
        while (m_running) {
            if (!tick(Clock::now()))
                return;
            next += interval;
            const Clock::time_point after = Clock::now();
            if (next < after)
                next = after;
            std::this_thread::sleep_until(next);
        }
    }

    std::atomic<bool> m_running{true};
    std::thread m_thread; // last: it starts once the flag exists
};

class SteadyMeasurementClock final : public MeasurementClock {
public:
    TimePoint now() const override { return Clock::now(); }
    void sleepFor(double seconds) override
    {
        std::this_thread::sleep_for(std::chrono::nanoseconds(qint64(seconds * 1e9)));
    }
    std::unique_ptr<Periodic> every(std::chrono::nanoseconds interval, Tick tick) override
    {
        return std::make_unique<SteadyPeriodic>(interval, std::move(tick));
    }
};

} // namespace

MeasurementClock& steadyMeasurementClock()
{
    static SteadyMeasurementClock clock;
    return clock;
}

} // namespace slicewatt
