// SPDX-License-Identifier: GPL-3.0-or-later
// `nvidia-smi --query-gpu=timestamp,index,name,power.draw,power.draw.instant --format=csv -lms 10`
// writes, for example:
//
//   timestamp, index, name, power.draw [W], power.draw.instant [W]
//   2026/11/21 10:41:01.123, 0, NVIDIA H100 80GB HBM3, 85.31 W, 86.02 W
//   2026/11/21 10:41:01.124, 1, NVIDIA H100 80GB HBM3, 71.40 W, [N/A]
//
// one row per GPU per sample, GPUs interleaved.
#include "TraceFormats.h"

#include <QDate>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace slicewatt {
namespace {

constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

// Microseconds since the start of the Julian calendar: integers, so that subtracting two
// timestamps a few ms apart loses nothing (as doubles of seconds, 2·10¹¹ s leave 20 µs).
std::optional<qint64> parseTimestampUs(const QString& text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^(\\d{4})[/-](\\d{1,2})[/-](\\d{1,2})[ T](\\d{1,2}):(\\d{2}):(\\d{2})(?:[.,](\\d{1,9}))?$"));
    const QRegularExpressionMatch m = pattern.match(text.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    const QDate date(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
    const int hours = m.captured(4).toInt();
    const int minutes = m.captured(5).toInt();
    const int seconds = m.captured(6).toInt();
    if (!date.isValid() || hours > 23 || minutes > 59 || seconds > 60)
        return std::nullopt;
    QString fraction = m.captured(7);
    qint64 micros = 0;
    if (!fraction.isEmpty()) {
        fraction = fraction.left(6).leftJustified(6, QLatin1Char('0'));
        micros = fraction.toLongLong();
    }
    // Local wall-clock time as written: a daylight-saving switch inside a trace would show
    // as an hour's jump (and a backwards one is reported), which nobody samples across.
    return ((date.toJulianDay() * 24 + hours) * 60 + minutes) * qint64(60'000'000) + qint64(seconds) * 1'000'000
        + micros;
}

enum class ColumnRole { Timestamp, Index, Name, Uuid, BusId, Power, Energy, Other };

struct Column {
    ColumnRole role = ColumnRole::Other;
    HeaderCell header;
    QString written; // the header cell as written, for PowerTrace::powerField
    double scale = 1; // to W or J
};

// The preferred power column when the caller names none: the instant reading is the
// sensor's own; power.draw is a 1 s average on Ampere and newer (except GA100), and
// power.draw.average always is.
int powerPreference(const QString& name)
{
    if (name == QLatin1String("power.draw.instant"))
        return 0;
    if (name == QLatin1String("power.draw"))
        return 1;
    if (name == QLatin1String("power.draw.average"))
        return 2;
    return 3;
}

struct Row {
    qint64 timeUs = 0;
    int line = 0;
    QVector<double> powerW; // per power column, NaN where unavailable
    double energyJ = kMissing;
};

} // namespace

bool isNvidiaSmiHeader(const QStringList& header)
{
    for (const QString& cell : header) {
        const QString name = parseHeaderCell(cell).name;
        if (name == QLatin1String("timestamp") || name.startsWith(QLatin1String("power.draw")))
            return true;
    }
    return false;
}

void readNvidiaSmiRows(TraceLineReader& reader, const QStringList& header, int headerLine,
    const TraceImportOptions& options, PowerTrace* trace, FileErrorList* errors)
{
    trace->source = QStringLiteral("nvidia-smi");
    QVector<Column> columns;
    QVector<int> powerColumns; // indices into columns
    int timestampColumn = -1;
    int indexColumn = -1;
    int nameColumn = -1;
    int energyColumn = -1;
    QVector<int> identityColumns; // uuid, pci.bus_id: tell GPUs apart without an index
    for (int f = 0; f < header.size(); ++f) {
        Column column;
        column.header = parseHeaderCell(header[f]);
        column.written = header[f];
        const QString& name = column.header.name;
        const QString unit = column.header.unit;
        if (name == QLatin1String("timestamp")) {
            column.role = ColumnRole::Timestamp;
            timestampColumn = f;
        } else if (name == QLatin1String("index")) {
            column.role = ColumnRole::Index;
            indexColumn = f;
        } else if (name == QLatin1String("name") || name == QLatin1String("gpu_name")) {
            column.role = ColumnRole::Name;
            nameColumn = f;
        } else if (name == QLatin1String("uuid") || name == QLatin1String("gpu_uuid")) {
            column.role = ColumnRole::Uuid;
            identityColumns.append(f);
        } else if (name == QLatin1String("pci.bus_id") || name == QLatin1String("gpu_bus_id")) {
            column.role = ColumnRole::BusId;
            identityColumns.append(f);
        } else if (name.startsWith(QLatin1String("power.draw"))) {
            column.role = ColumnRole::Power;
            if (unit.compare(QLatin1String("mW"), Qt::CaseInsensitive) == 0)
                column.scale = 1e-3;
            else if (!unit.isEmpty() && unit.compare(QLatin1String("W"), Qt::CaseInsensitive) != 0)
                errors->add(headerLine,
                    QStringLiteral("column %1: unit %2 is not a power unit (W or mW)").arg(header[f], unit));
            powerColumns.append(f);
        } else if (name.contains(QLatin1String("energy"))) {
            // NVML's total energy counts mJ since the driver loaded; accept J as well.
            if (unit.compare(QLatin1String("mJ"), Qt::CaseInsensitive) == 0) {
                column.scale = 1e-3;
                column.role = ColumnRole::Energy;
            } else if (unit.compare(QLatin1String("J"), Qt::CaseInsensitive) == 0) {
                column.role = ColumnRole::Energy;
            } else {
                trace->notes.append(errors->at(headerLine,
                    QStringLiteral("column %1 ignored: an energy counter needs its unit (J or mJ) in the header")
                        .arg(header[f])));
            }
            if (column.role == ColumnRole::Energy)
                energyColumn = f;
        }
        columns.append(column);
    }
    if (timestampColumn < 0)
        errors->add(headerLine,
            QStringLiteral("missing column timestamp (query it first: --query-gpu=timestamp,power.draw,...)"));
    if (powerColumns.isEmpty())
        errors->add(
            headerLine, QStringLiteral("missing column power.draw (or power.draw.instant, power.draw.average)"));
    int wantedColumn = -1; // options.powerField, resolved
    if (!options.powerField.isEmpty()) {
        for (const int f : powerColumns) {
            if (columns[f].header.name == options.powerField.trimmed().toLower())
                wantedColumn = f;
        }
        if (wantedColumn < 0 && !powerColumns.isEmpty()) {
            QStringList names;
            for (const int f : powerColumns)
                names.append(columns[f].header.name);
            errors->add(headerLine,
                QStringLiteral("no column %1 (the trace has %2)")
                    .arg(options.powerField, names.join(QStringLiteral(", "))));
        }
    }
    if (errors->count() > 0)
        return;

    QVector<Row> rows;
    QSet<int> indicesSeen;
    QSet<QString> identitiesSeen;
    QString identityColumnName = identityColumns.isEmpty() ? QString() : columns[identityColumns.first()].header.name;
    QString gpuName;
    QString firstTimestamp;
    qint64 previousUs = std::numeric_limits<qint64>::min();
    QString line;
    while (reader.next(&line)) {
        const int lineNumber = reader.lineNumber();
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        if (trimmed.startsWith(QLatin1Char('#'))) { // not nvidia-smi's: a user's `# run:` mark
            readPlainTraceComment(trimmed.mid(1), lineNumber, trace, errors);
            continue;
        }
        QStringList fields;
        if (!splitCsvFields(trimmed, &fields)) {
            errors->add(lineNumber, QStringLiteral("unterminated quote"));
            continue;
        }
        if (fields == header)
            continue; // nvidia-smi restarted with >> into the same file: its header again
        if (fields.size() != header.size()) {
            if (reader.lastLineUnterminated()) {
                trace->notes.append(errors->at(
                    lineNumber, QStringLiteral("last line is incomplete (the trace was cut while written); ignored")));
                break;
            }
            errors->add(
                lineNumber, QStringLiteral("expected %1 columns, got %2").arg(header.size()).arg(fields.size()));
            continue;
        }
        if (indexColumn >= 0) {
            bool ok = false;
            const int index = fields[indexColumn].toInt(&ok);
            if (!ok || index < 0) {
                errors->add(lineNumber, QStringLiteral("GPU index '%1' is not a number").arg(fields[indexColumn]));
                continue;
            }
            indicesSeen.insert(index);
            if (options.gpuIndex >= 0 ? index != options.gpuIndex : indicesSeen.size() > 1)
                continue;
        } else if (!identityColumns.isEmpty()) {
            identitiesSeen.insert(fields[identityColumns.first()]);
        }

        Row row;
        row.line = lineNumber;
        const std::optional<qint64> timeUs
            = timestampColumn >= 0 ? parseTimestampUs(fields[timestampColumn]) : std::nullopt;
        if (!timeUs) {
            errors->add(lineNumber,
                QStringLiteral("timestamp '%1' is not YYYY/MM/DD HH:MM:SS.mmm").arg(fields[timestampColumn]));
            continue;
        }
        if (*timeUs < previousUs) {
            errors->add(
                lineNumber, QStringLiteral("timestamp %1 is earlier than the row before").arg(fields[timestampColumn]));
            continue;
        }
        row.timeUs = *timeUs;
        bool rowOk = true;
        for (const int f : powerColumns) {
            const QString& cell = fields[f];
            if (isUnavailableValue(cell)) {
                row.powerW.append(kMissing);
                continue;
            }
            const std::optional<NumberWithUnit> number = parseNumberWithUnit(cell);
            const QString& unit = columns[f].header.unit;
            if (!number) {
                errors->add(lineNumber, QStringLiteral("'%1' is not a power in column %2").arg(cell, header[f]));
                rowOk = false;
                break;
            }
            double scale = columns[f].scale;
            if (!number->unit.isEmpty() && number->unit.compare(unit, Qt::CaseInsensitive) != 0) {
                if (!unit.isEmpty() || (number->unit != QLatin1String("W") && number->unit != QLatin1String("mW"))) {
                    errors->add(lineNumber,
                        QStringLiteral("'%1' in column %2: unit %3 is not %4")
                            .arg(cell, header[f], number->unit, unit.isEmpty() ? QStringLiteral("W") : unit));
                    rowOk = false;
                    break;
                }
                scale = number->unit == QLatin1String("mW") ? 1e-3 : 1;
            }
            const double watts = number->value * scale;
            if (watts < 0) {
                errors->add(lineNumber,
                    QStringLiteral("power %1 W is negative in column %2").arg(shownNumber(watts), header[f]));
                rowOk = false;
                break;
            }
            row.powerW.append(watts);
        }
        if (rowOk && energyColumn >= 0 && !isUnavailableValue(fields[energyColumn])) {
            const std::optional<NumberWithUnit> number = parseNumberWithUnit(fields[energyColumn]);
            if (!number) {
                errors->add(lineNumber,
                    QStringLiteral("'%1' is not an energy in column %2")
                        .arg(fields[energyColumn], header[energyColumn]));
                rowOk = false;
            } else {
                row.energyJ = number->value * columns[energyColumn].scale;
            }
        }
        if (!rowOk)
            continue;
        if (rows.isEmpty()) {
            firstTimestamp = fields[timestampColumn];
            if (nameColumn >= 0)
                gpuName = fields[nameColumn];
        }
        previousUs = row.timeUs;
        if (rows.size() >= options.maxSamples) {
            errors->add(lineNumber, QStringLiteral("more than %1 samples: split the trace").arg(options.maxSamples));
            return;
        }
        rows.append(row);
    }
    if (reader.failed())
        return;

    QList<int> indices = indicesSeen.values();
    std::sort(indices.begin(), indices.end());
    QStringList indexNames;
    for (const int index : indices)
        indexNames.append(QString::number(index));
    if (indexColumn >= 0 && options.gpuIndex < 0 && indices.size() > 1) {
        errors->add(0,
            QStringLiteral("the trace holds GPUs %1: choose one by its index")
                .arg(indexNames.join(QStringLiteral(", "))));
        return;
    }
    if (indexColumn < 0 && identitiesSeen.size() > 1) {
        errors->add(0,
            QStringLiteral(
                "the trace holds %1 GPUs (by %2) but no index column to choose one: add index to --query-gpu")
                .arg(identitiesSeen.size())
                .arg(identityColumnName));
        return;
    }
    if (indexColumn < 0 && options.gpuIndex > 0) {
        errors->add(0,
            QStringLiteral("GPU index %1 asked for, but the trace has no index column (one GPU)")
                .arg(options.gpuIndex));
        return;
    }
    if (rows.isEmpty()) {
        if (options.gpuIndex >= 0 && indexColumn >= 0)
            errors->add(0,
                QStringLiteral("no rows for GPU index %1 (the trace has %2)")
                    .arg(options.gpuIndex)
                    .arg(indexNames.isEmpty() ? QStringLiteral("none") : indexNames.join(QStringLiteral(", "))));
        else if (errors->count() == 0)
            errors->add(0, QStringLiteral("no samples after the header"));
        return;
    }

    // The power column: the one asked for, else the preferred one the driver filled in.
    int chosen = -1;
    if (wantedColumn >= 0) {
        chosen = int(powerColumns.indexOf(wantedColumn));
    } else {
        int bestPreference = std::numeric_limits<int>::max();
        for (int p = 0; p < powerColumns.size(); ++p) {
            const bool filled
                = std::any_of(rows.begin(), rows.end(), [p](const Row& r) { return !std::isnan(r.powerW[p]); });
            const int preference = powerPreference(columns[powerColumns[p]].header.name);
            if (filled && preference < bestPreference) {
                bestPreference = preference;
                chosen = p;
            }
        }
        if (chosen < 0) {
            errors->add(0,
                QStringLiteral("no power values: every row has [N/A] in %1")
                    .arg(columns[powerColumns.first()].written));
            return;
        }
    }
    trace->powerField = columns[powerColumns[chosen]].written;
    if (!gpuName.isEmpty())
        trace->gpuName = gpuName;
    trace->gpuIndex = indexColumn >= 0 ? (options.gpuIndex >= 0 ? options.gpuIndex : indices.value(0, -1)) : -1;
    trace->timeOrigin = firstTimestamp;
    const qint64 originUs = rows.first().timeUs;
    bool energyEverywhere = energyColumn >= 0;
    for (const Row& row : rows) {
        const double watts = row.powerW[chosen];
        if (std::isnan(watts)) {
            ++trace->skippedSamples;
            continue;
        }
        PowerSample sample;
        sample.timeS = double(row.timeUs - originUs) * 1e-6;
        sample.powerW = watts;
        sample.line = row.line;
        if (!std::isnan(row.energyJ))
            sample.energyJ = row.energyJ;
        else
            energyEverywhere = false;
        trace->samples.append(sample);
    }
    if (trace->samples.isEmpty()) {
        errors->add(0, QStringLiteral("no power values in %1").arg(trace->powerField));
        return;
    }
    if (trace->skippedSamples > 0)
        trace->notes.append(errors->at(0,
            QStringLiteral("%1 rows without a value in %2 left out")
                .arg(trace->skippedSamples)
                .arg(trace->powerField)));
    trace->hasEnergy = energyEverywhere;
    if (energyColumn >= 0 && !energyEverywhere)
        trace->notes.append(
            errors->at(0, QStringLiteral("energy column %1 has gaps: not used").arg(header[energyColumn])));
}

} // namespace slicewatt
