// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt's plain trace CSV, for loggers other than nvidia-smi (NVML scripts, external
// power meters) and for what `slicewatt-cli trace --format csv` writes:
//
//   # gpu: NVIDIA GeForce GTX 1080
//   # run: 1.000 3.500
//   time_s,power_w,energy_j
//   0.000,54.2,0.000
//   0.010,54.3,0.543
#include "TraceFormats.h"

#include <cmath>
#include <limits>

namespace slicewatt {
namespace {

enum class PlainColumn { Time, Power, Energy };

std::optional<PlainColumn> plainColumn(const QString& cell)
{
    const QString name = cell.trimmed().toLower();
    if (name == QLatin1String("time_s") || name == QLatin1String("time"))
        return PlainColumn::Time;
    if (name == QLatin1String("power_w") || name == QLatin1String("power") || name == QLatin1String("watts"))
        return PlainColumn::Power;
    if (name == QLatin1String("energy_j") || name == QLatin1String("energy"))
        return PlainColumn::Energy;
    return std::nullopt;
}

} // namespace

bool isPlainTraceHeader(const QStringList& header)
{
    for (const QString& cell : header) {
        if (plainColumn(cell) == PlainColumn::Time)
            return true;
    }
    return false;
}

void readPlainTraceComment(const QString& comment, int line, PowerTrace* trace, FileErrorList* errors)
{
    const int colon = int(comment.indexOf(QLatin1Char(':')));
    if (colon < 0)
        return;
    const QString key = comment.left(colon).trimmed().toLower();
    const QString value = comment.mid(colon + 1).trimmed();
    if (key == QLatin1String("gpu")) {
        trace->gpuName = value;
    } else if (key == QLatin1String("run")) {
        const QStringList parts = value.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        bool startOk = false;
        bool endOk = false;
        const double start = parts.value(0).toDouble(&startOk);
        const double end = parts.value(1).toDouble(&endOk);
        if (parts.size() != 2 || !startOk || !endOk || !std::isfinite(start) || !std::isfinite(end)) {
            errors->add(line,
                QStringLiteral("'# run: %1': expected the start and end in seconds, as in '# run: 1.0 3.5'")
                    .arg(value));
        } else if (end <= start) {
            errors->add(line,
                QStringLiteral("run ends (%1 s) before it starts (%2 s)").arg(shownNumber(end), shownNumber(start)));
        } else {
            trace->runs.append(RunWindow{start, end, line});
        }
    }
}

void readPlainTraceRows(TraceLineReader& reader, const QStringList& header, int headerLine,
    const TraceImportOptions& options, PowerTrace* trace, FileErrorList* errors)
{
    trace->source = QStringLiteral("csv");
    int timeColumn = -1;
    int powerColumn = -1;
    int energyColumn = -1;
    for (int f = 0; f < header.size(); ++f) {
        const std::optional<PlainColumn> column = plainColumn(header[f]);
        if (!column)
            continue;
        int* slot = *column == PlainColumn::Time ? &timeColumn
            : *column == PlainColumn::Power      ? &powerColumn
                                                 : &energyColumn;
        if (*slot >= 0)
            errors->add(headerLine, QStringLiteral("column %1 appears twice").arg(header[f]));
        else
            *slot = f;
    }
    if (powerColumn < 0)
        errors->add(headerLine, QStringLiteral("missing column power_w"));
    if (errors->count() > 0)
        return;
    trace->powerField = header[powerColumn];

    bool energyEverywhere = energyColumn >= 0;
    double previousTime = -std::numeric_limits<double>::infinity();
    QString line;
    while (reader.next(&line)) {
        const int lineNumber = reader.lineNumber();
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        if (trimmed.startsWith(QLatin1Char('#'))) {
            readPlainTraceComment(trimmed.mid(1), lineNumber, trace, errors);
            continue;
        }
        QStringList fields;
        if (!splitCsvFields(trimmed, &fields)) {
            errors->add(lineNumber, QStringLiteral("unterminated quote"));
            continue;
        }
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
        bool ok = false;
        const double time = fields[timeColumn].toDouble(&ok);
        if (!ok || !std::isfinite(time)) {
            errors->add(lineNumber, QStringLiteral("'%1' is not a time in seconds").arg(fields[timeColumn]));
            continue;
        }
        if (time < previousTime) {
            errors->add(lineNumber,
                QStringLiteral("time %1 s is earlier than the row before (%2 s)")
                    .arg(shownNumber(time), shownNumber(previousTime)));
            continue;
        }
        const double power = fields[powerColumn].toDouble(&ok);
        if (!ok || !std::isfinite(power)) {
            errors->add(lineNumber, QStringLiteral("'%1' is not a power in watts").arg(fields[powerColumn]));
            continue;
        }
        if (power < 0) {
            errors->add(lineNumber, QStringLiteral("power %1 W is negative").arg(shownNumber(power)));
            continue;
        }
        PowerSample sample;
        sample.timeS = time;
        sample.powerW = power;
        sample.line = lineNumber;
        if (energyColumn >= 0) {
            const QString& cell = fields[energyColumn];
            if (cell.isEmpty()) {
                energyEverywhere = false; // an empty cell means "not read"
            } else {
                const double energy = cell.toDouble(&ok);
                if (!ok || !std::isfinite(energy)) {
                    errors->add(lineNumber, QStringLiteral("'%1' is not an energy in joules").arg(cell));
                    continue;
                }
                sample.energyJ = energy;
            }
        }
        if (trace->samples.size() >= options.maxSamples) {
            errors->add(lineNumber, QStringLiteral("more than %1 samples: split the trace").arg(options.maxSamples));
            return;
        }
        previousTime = time;
        trace->samples.append(sample);
    }
    if (reader.failed())
        return;
    if (trace->samples.isEmpty() && errors->count() == 0)
        errors->add(0, QStringLiteral("no samples after the header"));
    trace->hasEnergy = energyEverywhere && !trace->samples.isEmpty();
    if (energyColumn >= 0 && !energyEverywhere)
        trace->notes.append(
            errors->at(headerLine, QStringLiteral("energy column %1 has gaps: not used").arg(header[energyColumn])));
}

} // namespace slicewatt
