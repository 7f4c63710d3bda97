// SPDX-License-Identifier: GPL-3.0-or-later
#include "LineChangeBuilder.h"

#include "LineInfoBuilder.h"
#include "compare/ChangeText.h"
#include "session/BaselineComparison.h"

#include <cmath>

namespace slicewatt {
namespace {

struct LineDelta {
    double delta = 0;
    QStringList sections; // per kernel: "<b>name</b>: before → after"
};

QString signedInUnit(double delta, ProjectSession::HeatUnit unit)
{
    return unit == ProjectSession::HeatUnit::Energy ? signedJoules(delta) : signedWatts(delta, 2);
}

// Keeps the largest change where kernels share a line, and every kernel's words.
void note(QHash<int, LineDelta>& deltas, int line, double delta, const QString& section)
{
    LineDelta& d = deltas[line];
    if (d.sections.isEmpty() || std::abs(delta) > std::abs(d.delta))
        d.delta = delta;
    d.sections << section;
}

} // namespace

FileLineChanges lineChangesForFile(const ProjectSession& session, const QString& file, const QString& kernelKey)
{
    FileLineChanges result;
    const BaselineComparison& baseline = session.baseline();
    if (!baseline.isSet() || !baseline.comparison())
        return result;
    const ProjectSession::HeatUnit unit = session.heatUnit();
    const bool energy = unit == ProjectSession::HeatUnit::Energy;
    QHash<int, LineDelta> deltas;
    for (const KernelEstimateReport& report : session.run().kernels) {
        if (!report.analysis.kernel)
            continue;
        const FunctionInfo& info = report.analysis.kernel->info;
        if (!kernelKey.isEmpty() && info.key != kernelKey)
            continue;
        const QString name = info.name.toHtmlEscaped();
        const KernelChange* change = baseline.kernelChange(info.key);
        if (!change) {
            // New since the baseline: every line it has is heat that was not there.
            forEachLineInUnit(report.estimate, unit, [&](const QString& lineFile, int line, double value) {
                if (lineFile == file && value != 0)
                    note(deltas, line, value,
                        QStringLiteral("<b>%1</b> (new since the baseline): %2").arg(name, signedInUnit(value, unit)));
            });
            continue;
        }
        for (const LineChange& l : change->lines) {
            const ValueChange& v = energy ? l.energyJ : l.heatW;
            const std::optional<double> delta = v.delta();
            if (!delta)
                continue;
            const QString lineFile = l.file.isEmpty() ? (l.line > 0 ? change->now.file : change->base.file) : l.file;
            if (l.line == 0) {
                if (lineFile == file || (l.file.isEmpty() && change->now.file == file)) {
                    ++result.goneLines;
                    result.goneHeat += *v.before;
                }
                continue;
            }
            if (lineFile != file)
                continue;
            QString section = QStringLiteral("<b>%1</b>: %2 → %3 (%4)")
                                  .arg(name, formatLineHeat(v.before.value_or(0), unit),
                                      formatLineHeat(v.after.value_or(0), unit), signedInUnit(*delta, unit));
            if (l.baseLine == 0)
                section += QStringLiteral("; the baseline had no heat on this line");
            else if (l.baseLine != l.line)
                section += QStringLiteral("; line %1 in the baseline").arg(l.baseLine);
            note(deltas, l.line, *delta, section);
        }
    }

    result.lines = lineInfoForFile(session, file, kernelKey);
    for (auto it = result.lines.begin(); it != result.lines.end(); ++it)
        it->heat = 0;
    for (auto it = deltas.constBegin(); it != deltas.constEnd(); ++it) {
        CodeLineInfo& info = result.lines[it.key()];
        info.heat = it->delta;
        if (std::isfinite(it->delta))
            result.largest = std::max(result.largest, std::abs(it->delta));
        // The present numbers follow inside the same <qt> block.
        QString present = info.tooltipHtml;
        present.remove(QStringLiteral("<qt>")).remove(QStringLiteral("</qt>"));
        info.tooltipHtml = QStringLiteral("<qt><i>Change since %1</i><br/>%2%3</qt>")
                               .arg(baseline.label().toHtmlEscaped(), it->sections.join(QStringLiteral("<br/>")),
                                   present.isEmpty() ? QString() : QStringLiteral("<hr/>") + present);
    }
    return result;
}

} // namespace slicewatt
