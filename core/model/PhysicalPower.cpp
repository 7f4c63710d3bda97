// SPDX-License-Identifier: GPL-3.0-or-later
#include "PhysicalPower.h"

#include <algorithm>

namespace slicewatt {

const QVector<PhysicalInput>& physicalInputs()
{
    static const QVector<PhysicalInput> inputs = {
        {QStringLiteral("active_w"), QStringLiteral("busy SMs (clocks, schedulers, register files)"),
            QStringLiteral("of the SMs, over the time they work"), false,
            [](const LaunchWork& w) {
                if (w.seconds <= 0)
                    return 0.0;
                // [ours] SMs whose warps only wait for L2 to apply their atomics issue and move
                // nothing: that part of the time counts as idle (the H200's histogram_global
                // draws 138 W, 124 W idle).
                const double working = std::max(w.computeSeconds, w.memorySeconds);
                const double workingShare
                    = w.atomicSeconds > working && w.atomicSeconds > 0 ? working / w.atomicSeconds : 1.0;
                return w.activeSmShare * std::max(0.0, w.seconds - w.overheadSeconds) / w.seconds * workingShare;
            }},
        {QStringLiteral("pj_fp32"), QStringLiteral("FP32 instructions"), QStringLiteral("instructions"), true,
            [](const LaunchWork& w) { return w.fp32; }},
        {QStringLiteral("pj_fp64"), QStringLiteral("FP64 instructions"), QStringLiteral("instructions"), true,
            [](const LaunchWork& w) { return w.fp64; }},
        {QStringLiteral("pj_int32"), QStringLiteral("integer instructions"), QStringLiteral("instructions"), true,
            [](const LaunchWork& w) { return w.int32; }},
        {QStringLiteral("pj_sfu"), QStringLiteral("special-function instructions"), QStringLiteral("instructions"),
            true, [](const LaunchWork& w) { return w.sfu; }},
        {QStringLiteral("pj_load_store"), QStringLiteral("load/store instructions"), QStringLiteral("instructions"),
            true, [](const LaunchWork& w) { return w.loadStore; }},
        {QStringLiteral("pj_l2_byte"), QStringLiteral("bytes through L2"), QStringLiteral("B"), true,
            [](const LaunchWork& w) { return w.l2Bytes; }},
        {QStringLiteral("pj_dram_byte"), QStringLiteral("bytes from DRAM"), QStringLiteral("B"), true,
            [](const LaunchWork& w) { return w.dramBytes; }},
    };
    return inputs;
}

const QVector<PhysicalCorrection>& physicalCorrections()
{
    static const QVector<PhysicalCorrection> corrections = {
        {QStringLiteral("idle"), {QStringLiteral("idle_w")}, 0.5, 2.0,
            QStringLiteral(
                "[ours] a board's idle draw with a context open lies within a factor of two of the rule's share of "
                "its limit")},
        {QStringLiteral("active"), {QStringLiteral("active_w")}, 0.25, 4.0,
            QStringLiteral("[ours] the busy-SM power per GHz is the least known figure: a factor of four either way")},
        {QStringLiteral("compute"),
            {QStringLiteral("pj_fp32"), QStringLiteral("pj_fp64"), QStringLiteral("pj_int32"), QStringLiteral("pj_sfu"),
                QStringLiteral("pj_load_store")},
            0.25, 2.0,
            QStringLiteral("[ours] published energies per instruction of one architecture differ by up to two times "
                           "between studies, and the published whole-GPU ones are increments over a GPU at rest (an "
                           "A100's 54 W, Antepara et al. SC'25) where ours are over the board with a context open at "
                           "full clocks (an H200's 126 W): the clocked share of each operation sits in our idle, so "
                           "down to a quarter")},
        {QStringLiteral("memory"), {QStringLiteral("pj_l2_byte"), QStringLiteral("pj_dram_byte")}, 0.25, 2.0,
            QStringLiteral("[ours] published energies per byte differ by up to two times between studies and "
                           "parts; down to a quarter for the reason the instructions' is")},
    };
    return corrections;
}

QHash<QString, double> correctedParameters(
    const QHash<QString, double>& prior, const QHash<QString, double>& multipliers)
{
    QHash<QString, double> corrected = prior;
    for (const PhysicalCorrection& c : physicalCorrections()) {
        for (const QString& key : c.keys)
            corrected[key] = prior.value(key) * multipliers.value(c.id, 1.0);
    }
    return corrected;
}

QStringList physicalParameterNames()
{
    QStringList names = {QStringLiteral("idle_w")};
    for (const PhysicalInput& input : physicalInputs())
        names << input.key;
    return names;
}

QVector<double> physicalRates(const LaunchWork& work)
{
    QVector<double> rates;
    for (const PhysicalInput& input : physicalInputs())
        rates << (input.perSecond ? input.amount(work) / work.seconds * 1e-12 : input.amount(work));
    return rates;
}

namespace {

// The launch's time at SM clock share x of boost: the compute regime stretches as 1 / x, the
// DRAM regime does not; a launch without the split is all compute.
double secondsAtClock(const LaunchWork& work, double x)
{
    if (x >= 1)
        return work.seconds;
    const double busy = std::max(0.0, work.seconds - work.overheadSeconds);
    if (work.computeSeconds <= 0 && work.memorySeconds <= 0 && work.atomicSeconds <= 0)
        return work.overheadSeconds + busy / x;
    // busy = max(compute, memory, atomics) at boost (LaunchTime); compute and L2's atomics
    // stretch, DRAM does not.
    return work.overheadSeconds + std::max(std::max(work.computeSeconds, work.atomicSeconds) / x, work.memorySeconds);
}

// The terms at clock share x with voltage share v: switching energy scales as V², except
// DRAM's, which is on its own supply; the busy SMs' power scales as f·V².
PhysicalPower powerAtClock(const QHash<QString, double>& parameters, const LaunchWork& work, double x, double v)
{
    PhysicalPower p;
    p.clockShare = x;
    p.seconds = secondsAtClock(work, x);
    LaunchWork at = work;
    at.seconds = p.seconds;
    p.idleW = parameters.value(QStringLiteral("idle_w"));
    p.uncappedW = p.idleW;
    const QVector<double> rates = physicalRates(at);
    const QVector<PhysicalInput>& inputs = physicalInputs();
    for (int i = 0; i < inputs.size(); ++i) {
        PhysicalTerm term;
        term.key = inputs[i].key;
        term.meaning = inputs[i].meaning;
        term.unit = inputs[i].unit;
        term.perLaunch = inputs[i].amount(at);
        const bool offChip = term.key == QLatin1String("pj_dram_byte");
        const double scale = inputs[i].perSecond ? (offChip ? 1.0 : v * v) : x * v * v;
        term.watts = parameters.value(inputs[i].key) * rates[i] * scale;
        p.uncappedW += term.watts;
        p.terms << term;
    }
    p.watts = p.uncappedW;
    return p;
}

} // namespace

std::optional<PhysicalPower> physicalPower(
    const QHash<QString, double>& parameters, const LaunchWork& work, double boardW, const ClockScaling* clocks)
{
    if (!(work.seconds > 0))
        return std::nullopt;
    PhysicalPower p = powerAtClock(parameters, work, 1, 1);
    p.capped = boardW > 0 && p.uncappedW > boardW;
    if (!p.capped)
        return p;
    const double boostW = p.uncappedW;
    const auto voltage = [clocks](double x) { return clocks->voltageFloorShare + (1 - clocks->voltageFloorShare) * x; };
    if (clocks
        && powerAtClock(parameters, work, clocks->lowestClockShare, voltage(clocks->lowestClockShare)).watts
            <= boardW) {
        // The board's power limit holds the clock down: the power at a clock share rises with it,
        // so the clock where it meets the limit is found by bisection.
        double low = clocks->lowestClockShare;
        double high = 1;
        for (int step = 0; step < 60; ++step) {
            const double mid = (low + high) / 2;
            (powerAtClock(parameters, work, mid, voltage(mid)).watts <= boardW ? low : high) = mid;
        }
        p = powerAtClock(parameters, work, low, voltage(low));
        p.throttled = true;
    }
    // Below the lowest clock it still would not fit: shown at the limit, its time kept.
    p.capped = true;
    p.uncappedW = boostW;
    p.watts = boardW;
    return p;
}

} // namespace slicewatt
