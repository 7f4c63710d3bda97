// SPDX-License-Identifier: GPL-3.0-or-later
#include "LineInfoBuilder.h"

#include "export/DisplayNumbers.h"
#include "export/EnergyOutput.h"
#include "session/ProjectSession.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QString formatCount(double value)
{
    const double rounded = std::round(value);
    if (std::abs(value - rounded) < 1e-9)
        return QString::number(qint64(rounded));
    return QString::number(value, 'f', 1);
}

QString formatShare(double share)
{
    const double percent = share * 100;
    return QString::number(percent, 'f', percent >= 1 || percent == 0 ? 0 : 1) + QStringLiteral(" %");
}

QString tooltipIntensity(double intensity, bool fraction)
{
    return QString::number(intensity, 'f', fraction ? 3 : 2);
}

const SliceEstimate* sliceEstimate(const KernelEstimate& estimate, MemorySpace space)
{
    for (const SliceEstimate& slice : estimate.slices) {
        if (slice.space == space)
            return &slice;
    }
    return nullptr;
}

// The line's energy per launch and what its instructions are, per thread (both measures
// are in every tooltip, whichever the view paints).
QString energySection(const KernelEnergy* energy, const EnergyModel* model, const LineEnergy* line)
{
    if (!energy || !model)
        return QString();
    if (line) {
        return QStringLiteral("<br/>Energy per launch: %1 (%2 of the kernel's dynamic %3)<br/>&nbsp;&nbsp;per thread: "
                              "%4; × %5 threads")
            .arg(formatJoules(line->joules), formatShare(energy->dynamicJ > 0 ? line->joules / energy->dynamicJ : 0),
                formatJoules(energy->dynamicJ),
                energyClassTerms(line->perThread, *model, 4).join(QStringLiteral(", ")).toHtmlEscaped(),
                formatNumber(energy->threads, 12));
    }
    return QStringLiteral("<br/>Energy per launch: 0 J (executes no counted instruction)");
}

// One kernel's part of a line's tooltip.
QString kernelSection(const KernelEstimateReport& report, const LineAttribution& line, double lineWatts,
    bool fractionIntensity, const EnergyModel* energyModel, const LineEnergy* lineEnergy)
{
    const QString kernel = report.analysis.kernel->info.name.toHtmlEscaped();
    const double kernelWatts = report.estimate.watts;
    QString html = QStringLiteral("<b>%1</b><br/>").arg(kernel);
    html += QStringLiteral("%1 (%2 of %3)")
                .arg(formatLineWatts(lineWatts), formatShare(kernelWatts > 0 ? lineWatts / kernelWatts : 0), kernel);
    html += energySection(report.estimate.energy ? &*report.estimate.energy : nullptr, energyModel, lineEnergy);

    QStringList sliceNames;
    for (MemorySpace space : kAllMemorySpaces) {
        if (line.slices[size_t(space)])
            sliceNames << memorySpaceName(space);
    }
    html += QStringLiteral("<br/>Slices: %1")
                .arg(sliceNames.isEmpty() ? QStringLiteral("none") : sliceNames.join(QStringLiteral(", ")));

    QStringList memory;
    for (MemorySpace space : kAllMemorySpaces) {
        if (line.accesses[space] > 0)
            memory << QStringLiteral("%1 %2").arg(memorySpaceName(space), formatCount(line.accesses[space]));
    }
    html += QStringLiteral("<br/>Arithmetic: %1 ops; memory: %2 (loop-weighted, %3 statement%4)")
                .arg(formatCount(line.arithmetic),
                    memory.isEmpty() ? QStringLiteral("none") : memory.join(QStringLiteral(", ")),
                    QString::number(line.statements.size()),
                    line.statements.size() == 1 ? QString() : QStringLiteral("s"));

    const QString definition = fractionIntensity ? QStringLiteral("fraction #A/(#A+N<sub>mem</sub>)")
                                                 : QStringLiteral("ratio #A/N<sub>mem</sub>");
    bool first = true;
    for (MemorySpace space : kAllMemorySpaces) {
        if (!line.slices[size_t(space)])
            continue;
        const SliceEstimate* slice = sliceEstimate(report.estimate, space);
        if (!slice)
            continue;
        if (first) {
            html += QStringLiteral("<br/>Slice intensity (%1):").arg(definition);
            first = false;
        }
        const double intensity = fractionIntensity ? slice->intensityFraction : slice->intensityRatio;
        html += QStringLiteral("<br/>&nbsp;&nbsp;%1: %2, slice %3, weight %4")
                    .arg(memorySpaceName(space), tooltipIntensity(intensity, fractionIntensity),
                        formatLineWatts(slice->watts), formatShare(slice->weight));
    }
    return html;
}

} // namespace

QString formatLineHeat(double value, ProjectSession::HeatUnit unit)
{
    return unit == ProjectSession::HeatUnit::Energy ? formatJoules(value) : formatLineWatts(value);
}

QHash<int, CodeLineInfo> lineInfoForFile(const ProjectSession& session, const QString& file, const QString& kernelKey)
{
    QHash<int, CodeLineInfo> result;
    const QHash<int, double> heat = session.lineHeat(file, kernelKey);
    for (auto it = heat.constBegin(); it != heat.constEnd(); ++it)
        result[it.key()].heat = it.value();

    const bool fractionIntensity = session.model() && session.model()->usesFractionIntensity();
    QHash<int, QStringList> sections;
    for (const KernelEstimateReport& report : session.run().kernels) {
        if (!report.analysis.kernel || (!kernelKey.isEmpty() && report.analysis.kernel->info.key != kernelKey))
            continue;
        QHash<int, double> kernelLineWatts;
        for (const LineHeat& line : report.estimate.lines) {
            if (line.file == file)
                kernelLineWatts[line.line] += line.watts;
        }
        QHash<int, const LineEnergy*> kernelLineEnergy; // by line, built once: files have thousands
        if (report.estimate.energy) {
            for (const LineEnergy& line : report.estimate.energy->lines) {
                if (line.file == file)
                    kernelLineEnergy.insert(line.line, &line);
            }
        }
        for (const LineAttribution& line : report.analysis.slices.lines) {
            if (line.file != file)
                continue;
            CodeLineInfo& info = result[line.line];
            for (size_t s = 0; s < info.spaces.size(); ++s)
                info.spaces[s] = info.spaces[s] || line.slices[s];
            sections[line.line] << kernelSection(report, line, kernelLineWatts.value(line.line), fractionIntensity,
                session.energyModel(), kernelLineEnergy.value(line.line));
        }
    }
    for (auto it = sections.constBegin(); it != sections.constEnd(); ++it) {
        CodeLineInfo& info = result[it.key()];
        // Kernels sharing a line (an inlined device function) run one after another: the
        // view shows the hottest, and the tooltip says so.
        QString header;
        if (it.value().size() > 1)
            header = QStringLiteral("<i>Line %1: %2 (the hottest of %3 kernels)</i><hr/>")
                         .arg(QString::number(it.key()), formatLineHeat(info.heat, session.heatUnit()),
                             QString::number(it.value().size()));
        info.tooltipHtml
            = QStringLiteral("<qt>") + header + it.value().join(QStringLiteral("<hr/>")) + QStringLiteral("</qt>");
    }
    return result;
}

double maxLineHeat(const QHash<int, CodeLineInfo>& lines)
{
    double maximum = 0;
    for (const CodeLineInfo& info : lines) {
        if (std::isfinite(info.heat))
            maximum = std::max(maximum, info.heat);
    }
    return maximum;
}

} // namespace slicewatt
