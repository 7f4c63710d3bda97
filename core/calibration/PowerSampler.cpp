// SPDX-License-Identifier: GPL-3.0-or-later
#include "PowerSampler.h"

#include <algorithm>

namespace slicewatt {

PowerSampler::PowerSampler(ReadFunction read, double intervalS, MeasurementClock& clock)
    : m_read(std::move(read))
    , m_interval(std::chrono::nanoseconds(qint64(intervalS * 1e9)))
    , m_clock(clock)
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
    m_readings = m_clock.every(m_interval, [this](Clock::time_point when) { return readOnce(when); });
}

PowerTrace PowerSampler::stop()
{
    m_readings.reset(); // no reading runs after this
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

bool PowerSampler::readOnce(Clock::time_point when)
{
    QString error;
    const std::optional<NvmlPowerReading> reading = m_read(&error);
    const std::lock_guard lock(m_mutex);
    if (!reading) {
        m_trace.errors.append(error);
        return false;
    }
    PowerSample sample;
    sample.timeS = secondsSince(m_origin, when);
    sample.powerW = reading->powerW;
    sample.energyJ = reading->energyJ;
    m_trace.samples.append(sample);
    return true;
}

} // namespace slicewatt
