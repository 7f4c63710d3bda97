// SPDX-License-Identifier: GPL-3.0-or-later
#include "SimulatedMeasurementClock.h"

#include <algorithm>

namespace slicewatt::test {

struct SimulatedMeasurementClock::Readings final : MeasurementClock::Periodic {
    Readings(SimulatedMeasurementClock& owner, std::chrono::nanoseconds every, Tick onTick)
        : clock(owner)
        , interval(every)
        , tick(std::move(onTick))
        , next(owner.m_now)
    {
        clock.m_readings.push_back(this);
    }
    ~Readings() override
    {
        auto& all = clock.m_readings;
        all.erase(std::remove(all.begin(), all.end(), this), all.end());
    }

    SimulatedMeasurementClock& clock;
    std::chrono::nanoseconds interval;
    Tick tick;
    TimePoint next;
    bool running = true;
};

void SimulatedMeasurementClock::sleepFor(double seconds)
{
    const TimePoint until = m_now + std::chrono::nanoseconds(static_cast<long long>(seconds * 1e9));
    for (;;) {
        Readings* due = nullptr;
        for (Readings* r : m_readings) {
            if (r->running && r->next <= until && (!due || r->next < due->next))
                due = r;
        }
        if (!due)
            break;
        m_now = due->next;
        due->next += due->interval;
        due->running = due->tick(m_now);
    }
    m_now = until;
}

std::unique_ptr<MeasurementClock::Periodic> SimulatedMeasurementClock::every(
    std::chrono::nanoseconds interval, Tick tick)
{
    auto readings = std::make_unique<Readings>(*this, interval, std::move(tick));
    // The first reading is at once, as the steady clock's thread takes it.
    readings->next += interval;
    readings->running = readings->tick(m_now);
    return readings;
}

double SimulatedMeasurementClock::elapsedS() const
{
    return std::chrono::duration<double>(m_now - TimePoint{}).count();
}

} // namespace slicewatt::test
