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
    const CsvRows csv = readCsvRows(text, fileName, {QStringLiteral("case")}, QStringLiteral("a counters file"));
    result.problems = csv.problems;
    for (const CsvRows::Row& row : csv.rows) {
        const auto field = [&](const char* name) { return csv.field(row, name); };
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
                                   .arg(row.line);
            continue;
        }
        if (result.byCase.contains(reading.caseName)) {
            result.problems << QStringLiteral("%1:%2: case %3 counted twice; the first kept")
                                   .arg(fileName)
                                   .arg(row.line)
                                   .arg(reading.caseName);
            continue;
        }
        result.byCase.insert(reading.caseName, reading);
    }
    return result;
}

} // namespace slicewatt
