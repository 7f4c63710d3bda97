// SPDX-License-Identifier: GPL-3.0-or-later
#include "MeasuredLaunches.h"

#include "common/CsvFields.h"

#include <QHash>

#include <cmath>
#include <optional>

namespace slicewatt {
namespace {

// "# a note": a comment. Not any line that starts with '#': the M60 file's first column is
// a spreadsheet's `#VALUE!` on some data rows.
bool isComment(const QString& line)
{
    return line == QLatin1String("#") || line.startsWith(QLatin1String("# "));
}

QStringList linesOf(const QByteArray& text)
{
    QString all = QString::fromUtf8(text);
    all.remove(QLatin1Char('\r'));
    return all.split(QLatin1Char('\n'));
}

// Column positions by header name (trimmed, case-insensitive); -1 when absent.
QHash<QString, int> columnsOf(const QStringList& header)
{
    QHash<QString, int> columns;
    for (int i = 0; i < header.size(); ++i) {
        const QString name = header[i].trimmed().toLower();
        if (!name.isEmpty() && !columns.contains(name))
            columns.insert(name, i);
    }
    return columns;
}

std::optional<double> positiveNumber(const QStringList& fields, int column)
{
    if (column < 0 || column >= fields.size())
        return std::nullopt;
    bool ok = false;
    const double value = fields[column].trimmed().toDouble(&ok);
    if (!ok || !(value > 0) || !std::isfinite(value)) // "inf" reads as a number
        return std::nullopt;
    return value;
}

// A positive count (blocks, threads, loop runs) that fits a qint64: a grid of 9e53 blocks is
// no launch, and converting it would be undefined behaviour.
std::optional<qint64> positiveCount(const QStringList& fields, int column)
{
    constexpr double kMaxCount = 1e18; // below 2^63; a real grid has at most ~2^63 / 32 blocks
    const std::optional<double> value = positiveNumber(fields, column);
    if (!value || *value > kMaxCount || *value < 1)
        return std::nullopt;
    return qint64(*value);
}

// "comp_inst_sim" → "comp_inst_sm": K20's file says _sm, V100's and M60's _sim.
QString featureName(QString column)
{
    if (column.endsWith(QLatin1String("_sim")))
        column = column.left(column.size() - 4) + QStringLiteral("_sm");
    return column;
}

} // namespace

MeasuredLaunchTable readMeasuredLaunches(const QByteArray& text, const QString& fileName)
{
    MeasuredLaunchTable table;
    const QStringList lines = linesOf(text);
    int headerLine = 0;
    QStringList header;
    while (headerLine < lines.size()) {
        const QString line = lines[headerLine++].trimmed();
        if (line.isEmpty() || isComment(line))
            continue;
        if (!splitCsvFields(line, &header))
            header.clear();
        break;
    }
    const QHash<QString, int> columns = columnsOf(header);
    const auto column = [&](const char* alavani, const char* minimal) {
        return columns.value(QLatin1String(alavani), columns.value(QLatin1String(minimal), -1));
    };
    const bool alavani = columns.contains(QStringLiteral("kernel name")) && columns.contains(QStringLiteral("power"));
    const int kernelColumn = alavani ? columns.value(QStringLiteral("kernel name")) : column("kernel", "kernel");
    const int benchmarkColumn = columns.value(QStringLiteral("benchmark"), -1);
    const int sourceColumn = alavani ? -1 : columns.value(QStringLiteral("source"), -1);
    const int gridColumn = column("grid_size", "grid");
    const int blockColumn = column("block_size", "block");
    const int wattsColumn = column("power", "watts");
    const int tripsColumn = columns.value(QStringLiteral("trips"), -1);
    if (kernelColumn < 0 || gridColumn < 0 || blockColumn < 0 || wattsColumn < 0 || (!alavani && sourceColumn < 0)) {
        table.problems << QStringLiteral("%1:%2: not a measured-launch CSV: the header needs Benchmark, Kernel Name, "
                                         "grid_size, block_size and Power (Alavani et al.), or source, kernel, grid, "
                                         "block and watts")
                              .arg(fileName)
                              .arg(headerLine);
        return table;
    }
    for (int i = headerLine; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty() || isComment(line))
            continue;
        QStringList fields;
        const QString where = QStringLiteral("%1:%2: ").arg(fileName).arg(i + 1);
        if (!splitCsvFields(line, &fields)) {
            table.problems << where + QStringLiteral("a quote is left open; row left out");
            continue;
        }
        MeasuredLaunch row;
        row.line = i + 1;
        row.kernelName = fields.value(kernelColumn).trimmed();
        row.benchmark = fields.value(benchmarkColumn).trimmed();
        const std::optional<qint64> grid = positiveCount(fields, gridColumn);
        const std::optional<qint64> block = positiveCount(fields, blockColumn);
        const std::optional<double> watts = positiveNumber(fields, wattsColumn);
        if (row.kernelName.isEmpty() || !grid || !block || !watts) {
            table.problems << where
                    + QStringLiteral(
                        "row left out: it needs a kernel name, positive grid and block counts (whole numbers "
                        "up to 10^18) and a positive, finite power");
            continue;
        }
        row.gridBlocks = *grid;
        row.blockThreads = *block;
        row.watts = *watts;
        row.trips = positiveCount(fields, tripsColumn);
        if (!alavani) {
            row.source = fields.value(sourceColumn).trimmed();
            row.kernel = row.kernelName;
        } else {
            for (auto c = columns.constBegin(); c != columns.constEnd(); ++c) {
                bool ok = false;
                const double value = fields.value(c.value()).trimmed().toDouble(&ok);
                if (ok && c.value() != wattsColumn)
                    row.features.insert(featureName(c.key()), value);
            }
        }
        table.rows << row;
    }
    return table;
}

QVector<KernelMapEntry> readKernelMap(const QByteArray& text, const QString& fileName, QStringList* problems)
{
    QVector<KernelMapEntry> map;
    const QStringList lines = linesOf(text);
    bool header = true;
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty() || isComment(line))
            continue;
        QStringList fields;
        if (!splitCsvFields(line, &fields) || fields.size() < 3) {
            problems->append(QStringLiteral("%1:%2: expected key_regex,source,kernel").arg(fileName).arg(i + 1));
            continue;
        }
        if (header) {
            header = false;
            if (fields[0] == QLatin1String("key_regex"))
                continue;
        }
        KernelMapEntry entry{QRegularExpression(fields[0]), fields[1], fields[2]};
        if (!entry.key.isValid()) {
            problems->append(QStringLiteral("%1:%2: invalid regular expression: %3")
                                 .arg(fileName)
                                 .arg(i + 1)
                                 .arg(entry.key.errorString()));
            continue;
        }
        map << entry;
    }
    return map;
}

int mapMeasuredLaunches(MeasuredLaunchTable& table, const QVector<KernelMapEntry>& map)
{
    int unmapped = 0;
    for (MeasuredLaunch& row : table.rows) {
        if (row.isMapped())
            continue;
        const QString key = row.key();
        for (const KernelMapEntry& entry : map) {
            if (entry.key.match(key).hasMatch()) {
                row.source = entry.source;
                row.kernel = entry.kernel;
                break;
            }
        }
        if (!row.isMapped())
            ++unmapped;
    }
    return unmapped;
}

} // namespace slicewatt
