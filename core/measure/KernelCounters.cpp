// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelCounters.h"

#include "common/CsvFields.h"

#include <cmath>

namespace slicewatt {
namespace {

// A count: finite and not negative; empty is "not counted" (nullopt without a problem).
std::optional<double> count(const QString& text, bool* bad)
{
    if (text.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < 0) {
        *bad = true;
        return std::nullopt;
    }
    return value;
}

} // namespace

KernelCounters readKernelCounters(const QByteArray& text, const QString& fileName)
{
    KernelCounters result;
    const QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'));
    QHash<QString, int> column;
    for (int n = 0; n < lines.size(); ++n) {
        const QString line = lines[n].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        QStringList fields;
        if (!splitCsvFields(line, &fields)) {
            result.problems << QStringLiteral("%1:%2: a quote is left open").arg(fileName).arg(n + 1);
            continue;
        }
        if (column.isEmpty()) {
            for (int i = 0; i < fields.size(); ++i)
                column.insert(fields[i], i);
            if (!column.contains(QStringLiteral("case"))) {
                result.problems
                    << QStringLiteral("%1:%2: no \"case\" column: not a counters file").arg(fileName).arg(n + 1);
                return result;
            }
            continue;
        }
        // A column the file lacks reads as an empty field.
        const auto field = [&](const char* name) {
            const auto found = column.constFind(QLatin1String(name));
            return found == column.constEnd() ? QString() : fields.value(*found);
        };
        KernelCounterReading reading;
        reading.caseName = field("case");
        bool bad = false;
        const auto read = count(field("dram_read_bytes"), &bad);
        const auto written = count(field("dram_write_bytes"), &bad);
        if (read && written)
            reading.dramBytes = *read + *written;
        reading.warpInstructions = count(field("warp_inst"), &bad);
        if (const auto ns = count(field("duration_ns"), &bad))
            reading.seconds = *ns * 1e-9;
        if (const auto registers = count(field("registers_per_thread"), &bad); registers && *registers <= 255)
            reading.registersPerThread = int(*registers);
        if (reading.caseName.isEmpty() || bad) {
            result.problems << QStringLiteral("%1:%2: left out: needs a case and counts that are numbers from 0")
                                   .arg(fileName)
                                   .arg(n + 1);
            continue;
        }
        if (result.byCase.contains(reading.caseName)) {
            result.problems << QStringLiteral("%1:%2: case %3 counted twice; the first kept")
                                   .arg(fileName)
                                   .arg(n + 1)
                                   .arg(reading.caseName);
            continue;
        }
        result.byCase.insert(reading.caseName, reading);
    }
    if (column.isEmpty())
        result.problems << QStringLiteral("%1: empty").arg(fileName);
    return result;
}

} // namespace slicewatt
