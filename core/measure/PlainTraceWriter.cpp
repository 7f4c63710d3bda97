// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlainTraceWriter.h"

#include <algorithm>

namespace slicewatt {

QByteArray plainTraceCsv(const PowerTrace& trace)
{
    QString text;
    if (!trace.gpuName.isEmpty())
        text += QStringLiteral("# gpu: %1\n").arg(QString(trace.gpuName).replace(QLatin1Char('\n'), QLatin1Char(' ')));
    for (const RunWindow& run : trace.runs)
        text += QStringLiteral("# run: %1 %2\n").arg(run.startS, 0, 'f', 6).arg(run.endS, 0, 'f', 6);
    const bool withEnergy = !trace.samples.isEmpty()
        && std::all_of(
            trace.samples.cbegin(), trace.samples.cend(), [](const PowerSample& s) { return s.energyJ.has_value(); });
    text += withEnergy ? QStringLiteral("time_s,power_w,energy_j\n") : QStringLiteral("time_s,power_w\n");
    for (const PowerSample& s : trace.samples) {
        text += QString::number(s.timeS, 'f', 6) + QLatin1Char(',') + QString::number(s.powerW, 'f', 6);
        if (withEnergy)
            text += QLatin1Char(',') + QString::number(*s.energyJ, 'f', 6);
        text += QLatin1Char('\n');
    }
    return text.toUtf8();
}

} // namespace slicewatt
