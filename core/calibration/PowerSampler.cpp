// SPDX-License-Identifier: GPL-3.0-or-later
#include "PowerSampler.h"

#include <algorithm>

namespace slicewatt {

PowerSampler::PowerSampler(ReadFunction read, double intervalS)
    : m_read(std::move(read))
    , m_interval(std::chrono::nanoseconds(qint64(intervalS * 1e9)))
{
}

PowerSampler::~PowerSampler()
{
    stop();
}

void PowerSampler::start(Clock::time_point origin)
{
    stop();
    m_origin = origin;
    {
        const std::lock_guard lock(m_mutex);
        m_trace = PowerTrace();
        m_trace.source = QStringLiteral("nvml");
    }
    m_running = true;
    m_thread = std::thread([this] { loop(); });
}

PowerTrace PowerSampler::stop()
{
    m_running = false;
    if (m_thread.joinable())
        m_thread.join();
    const std::lock_guard lock(m_mutex);
    PowerTrace trace = m_trace;
    trace.hasEnergy = !trace.samples.isEmpty()
        && std::all_of(
            trace.samples.cbegin(), trace.samples.cend(), [](const PowerSample& s) { return s.energyJ.has_value(); });
    return trace;
}

double PowerSampler::secondsSince(Clock::time_point origin, Clock::time_point when) const
{
    return std::chrono::duration<double>(when - origin).count();
}

void PowerSampler::loop()
{
    // Deadlines advance by the interval from the start, so a slow read does not make the
    // sampling drift; a read that overran its slot is followed at once by the next.
    Clock::time_point next = Clock::now();
    while (m_running) {
        const Clock::time_point now = Clock::now();
        QString error;
        const std::optional<NvmlPowerReading> reading = m_read(&error);
        {
            const std::lock_guard lock(m_mutex);
            if (!reading) {
                m_trace.errors.append(error);
                m_running = false;
                return;
            }
            PowerSample sample;
            sample.timeS = secondsSince(m_origin, now);
            sample.powerW = reading->powerW;
            sample.energyJ = reading->energyJ;
            m_trace.samples.append(sample);
        }
        next += m_interval;
        const Clock::time_point after = Clock::now();
        if (next < after)
            next = after;
        std::this_thread::sleep_until(next);
    }
}

} // namespace slicewatt
