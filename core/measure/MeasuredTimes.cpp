// SPDX-License-Identifier: GPL-3.0-or-later
#include "MeasuredTimes.h"

#include "common/CsvFields.h"

#include <QHash>

#include <cmath>

namespace slicewatt {
namespace {

// "64x1x1" → {64, 1, 1}: whole numbers from 1 to 2^31 - 1 (CUDA's limits lie below).
std::optional<std::array<qint64, 3>> readTriple(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char('x'));
    if (parts.size() != 3)
        return std::nullopt;
    std::array<qint64, 3> triple{};
    for (int i = 0; i < 3; ++i) {
        bool ok = false;
        triple[size_t(i)] = parts[i].toLongLong(&ok);
        if (!ok || triple[size_t(i)] < 1 || triple[size_t(i)] > 2147483647)
            return std::nullopt;
    }
    return triple;
}

std::optional<double> positive(const QString& text)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    return ok && std::isfinite(value) && value > 0 ? std::optional<double>(value) : std::nullopt;
}

} // namespace

MeasuredTimes readMeasuredTimes(const QByteArray& text, const QString& fileName)
{
    MeasuredTimes result;
    const CsvRows csv = readCsvRows(text, fileName,
        {QStringLiteral("tag"), QStringLiteral("case"), QStringLiteral("kernel"), QStringLiteral("file"),
            QStringLiteral("grid"), QStringLiteral("block"), QStringLiteral("launch_us"), QStringLiteral("avg_w")},
        QStringLiteral("a time-per-launch file (tag,case,kernel,file,grid,block,launch_us,…,avg_w)"));
    result.problems = csv.problems;
    QHash<QString, int> caseIndex;
    double idleSum = 0;
    int idleRows = 0;
    for (const CsvRows::Row& row : csv.rows) {
        const auto field = [&](const char* name) { return csv.field(row, name); };
        const QString tag = field("tag");
        if (tag == QLatin1String("IDLE")) {
            if (const auto watts = positive(field("avg_w"))) {
                idleSum += *watts;
                ++idleRows;
            }
            continue;
        }
        if (tag != QLatin1String("RUN")) {
            result.problems << QStringLiteral("%1:%2: %3 row left out").arg(fileName).arg(row.line).arg(tag);
            continue;
        }
        const auto grid = readTriple(field("grid"));
        const auto block = readTriple(field("block"));
        const auto micros = positive(field("launch_us"));
        const auto watts = positive(field("avg_w"));
        if (!grid || !block || !micros || !watts || field("case").isEmpty() || field("kernel").isEmpty()) {
            result.problems << QStringLiteral("%1:%2: left out: needs a case, a kernel, grid and block as AxBxC "
                                              "(whole numbers from 1), and positive launch_us and avg_w")
                                   .arg(fileName)
                                   .arg(row.line);
            continue;
        }
        auto found = caseIndex.constFind(field("case"));
        if (found == caseIndex.constEnd()) {
            MeasuredTimeCase c;
            c.name = field("case");
            c.kernel = field("kernel");
            c.file = field("file");
            c.grid = *grid;
            c.block = *block;
            c.line = row.line;
            found = caseIndex.insert(c.name, int(result.cases.size()));
            result.cases << c;
        }
        MeasuredTimeCase& c = result.cases[*found];
        if (c.grid != *grid || c.block != *block || c.kernel != field("kernel")) {
            result.problems << QStringLiteral("%1:%2: case %3 measured again with another kernel or launch; left out")
                                   .arg(fileName)
                                   .arg(row.line)
                                   .arg(c.name);
            continue;
        }
        // Running means over the passes.
        c.seconds = (c.seconds * c.passes + *micros * 1e-6) / (c.passes + 1);
        c.watts = (c.watts * c.passes + *watts) / (c.passes + 1);
        ++c.passes;
    }
    if (idleRows > 0)
        result.idleW = idleSum / idleRows;
    return result;
}

} // namespace slicewatt
