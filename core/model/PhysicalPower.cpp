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
                return w.seconds > 0 ? w.activeSmShare * std::max(0.0, w.seconds - w.overheadSeconds) / w.seconds : 0.0;
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

std::optional<PhysicalPower> physicalPower(
    const QHash<QString, double>& parameters, const LaunchWork& work, double boardW)
{
    if (!(work.seconds > 0))
        return std::nullopt;
    PhysicalPower p;
    p.idleW = parameters.value(QStringLiteral("idle_w"));
    p.uncappedW = p.idleW;
    const QVector<double> rates = physicalRates(work);
    const QVector<PhysicalInput>& inputs = physicalInputs();
    for (int i = 0; i < inputs.size(); ++i) {
        PhysicalTerm term;
        term.key = inputs[i].key;
        term.meaning = inputs[i].meaning;
        term.unit = inputs[i].unit;
        term.perLaunch = inputs[i].amount(work);
        term.watts = parameters.value(inputs[i].key) * rates[i];
        p.uncappedW += term.watts;
        p.terms << term;
    }
    // The board's power limit holds the clocks down before the draw passes it: a launch that
    // would need more runs slower at the limit, so the power shown is the limit (and says so).
    p.capped = boardW > 0 && p.uncappedW > boardW;
    p.watts = p.capped ? boardW : p.uncappedW;
    return p;
}

} // namespace slicewatt
