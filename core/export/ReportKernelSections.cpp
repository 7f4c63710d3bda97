// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportBuilder.h"

#include "estimate/KernelSurface.h"

#include "DisplayNumbers.h"
#include "EnergyOutput.h"
#include "EstimateExplanation.h"
#include "KernelListing.h"
#include "LaunchSitesOutput.h"
#include "ModelAccuracyText.h"
#include "OutputFormatting.h"
#include "SourceLineCache.h"
#include "TimeOutput.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

// One section per kernel: its summary, heat-coloured listing, slices, formula and assumptions.
namespace slicewatt::report {

ReportKernelSection ReportBuilder::kernelSection(const KernelEstimateReport& report)
{
    const KernelEstimate& estimate = report.estimate;
    const FunctionInfo& info = report.analysis.kernel->info;
    ReportKernelSection section;
    section.file = info.location.file;

    ReportKernelRow& row = section.summary;
    row.kernelKey = info.key;
    row.name = info.qualifiedName;
    row.location = locationText(info.location.file, info.location.line, m_options.projectFolder);
    row.watts = estimate.watts;
    row.noEstimate = estimate.noEstimate;
    row.joules = estimate.joules;
    row.timeText = timeSummary(estimate);
    row.energyText = energyPerLaunchSummary(estimate);
    row.bandText = bandText(estimate);
    row.powerTermsText = physicalTermsSummary(estimate);
    row.intensity = estimate.averageIntensity;
    row.fractionIntensity = fraction();
    row.saturation = estimate.saturation;
    row.activeSms = estimate.activeSms;
    row.dense = estimate.dense;

    listing(report, section);
    slices(estimate, section);
    section.programFormula = programFormula(estimate);
    section.assumptions = assumptions(report);
    if (report.launches.size() > 1) {
        section.launches << QStringLiteral("This section is the kernel %1.").arg(launchChoiceText(report));
        for (const LaunchSiteEstimate& site : report.launches)
            section.launches << QStringLiteral("%1%2 (%3): grid %4, block %5; %6, %7, %8 per launch")
                                    .arg(site.chosen ? QStringLiteral("Estimated here: ") : QString(),
                                        locationText(site.site->location.file, site.site->location.line,
                                            m_options.projectFolder),
                                        site.site->callerName, launchDimsText(site.shape.gridDim),
                                        launchDimsText(site.shape.blockDim),
                                        site.seconds ? formatDuration(*site.seconds) : QStringLiteral("no time"),
                                        site.watts ? formatWatts(*site.watts) : QStringLiteral("no power"),
                                        site.joules ? formatJoules(*site.joules) : QStringLiteral("no energy"));
    }
    section.outOfDomain = estimate.outOfDomain;
    section.surface = kernelSurface(m_model, m_gpu, estimate);
    if (estimate.energy && m_energy) {
        section.energy = kernelEnergy(*estimate.energy, *m_energy);
        section.assumptions += estimate.energy->assumptions;
    }
    return section;
}

void ReportBuilder::listing(const KernelEstimateReport& report, ReportKernelSection& section)
{
    const FunctionInfo& info = report.analysis.kernel->info;
    const QString& file = info.location.file;
    for (const LineHeat& heat : report.estimate.lines) {
        if (heat.file == file)
            section.hottestLineWatts = std::max(section.hottestLineWatts, heat.watts);
    }
    const std::optional<QStringList> lines = readSourceLines(file);
    if (!lines) {
        m_listingProblems << QStringLiteral("%1: warning: cannot read the file for the listing of %2")
                                 .arg(pathRelativeTo(file, m_options.projectFolder), info.qualifiedName);
        return;
    }
    // The kernel's own statements (not inlined callees) bound its body from below.
    int lastStatementLine = 0;
    if (const KernelIR* ir = report.analysis.ir) {
        for (const Statement& statement : ir->statements) {
            if (statement.inlinedFrom.isEmpty() && statement.location.file == file)
                lastStatementLine = std::max(lastStatementLine, statement.location.line);
        }
    }
    const std::optional<KernelLineRange> range
        = kernelLineRange(*lines, info.location.line, info.name, lastStatementLine);
    if (!range) {
        m_listingProblems << QStringLiteral("%1: warning: the file no longer holds %2 (changed since the "
                                            "analysis?): no listing")
                                 .arg(locationText(file, info.location.line, m_options.projectFolder),
                                     info.qualifiedName);
        return;
    }
    QHash<int, double> heat;
    QHash<int, double> joules;
    for (const LineHeat& line : report.estimate.lines) {
        if (line.file == file) {
            heat[line.line] += line.watts;
            joules[line.line] += line.joules;
        }
    }
    QHash<int, std::array<bool, kMemorySpaceCount>> spaces;
    for (const LineAttribution& line : report.analysis.slices.lines) {
        if (line.file == file)
            spaces.insert(line.line, line.slices);
    }
    for (int number = range->first; number <= range->last; ++number) {
        ReportSourceLine line;
        line.number = number;
        line.text = expandTabs((*lines)[number - 1]);
        line.watts = heat.value(number);
        line.joules = joules.value(number);
        line.fraction
            = section.hottestLineWatts > 0 ? std::clamp(line.watts / section.hottestLineWatts, 0.0, 1.0) : 0.0;
        line.spaces = spaces.value(number);
        section.listing << line;
    }
}

void ReportBuilder::slices(const KernelEstimate& estimate, ReportKernelSection& section)
{
    int totalLength = 0;
    for (const SliceEstimate& s : estimate.slices)
        totalLength += s.length;
    SliceOperatingPoint& kernel = section.kernelPoint;
    kernel.saturation = estimate.saturation;
    kernel.activeSms = estimate.activeSms;
    kernel.lines = totalLength;
    for (const SliceEstimate& s : estimate.slices) {
        ReportSliceRow row;
        row.space = s.space;
        row.length = s.length;
        row.arithmetic = s.arithmetic;
        row.accesses = s.accesses;
        row.intensity = modelIntensity(m_model, s);
        row.watts = s.watts;
        row.share = s.weight;
        row.contribution = s.weight * s.watts;
        row.outOfDomain = s.outOfDomain;
        section.slices << row;

        const SliceOperatingPoint point = sliceOperatingPoint(estimate, s);
        section.slicePoints << point;
        // The kernel's point is ACIM's average of its slices, on both intensity scales.
        kernel.intensityRatio += s.weight * s.intensityRatio;
        kernel.intensityFraction += s.weight * s.intensityFraction;

        const FormulaSubstitution at = substituteFormula(m_model, m_gpu, point);
        section.sliceFormulas
            << QStringLiteral("P_%1 = %2 = %3").arg(memorySpaceName(s.space), at.substituted, formatWatts(s.watts));
    }
    // Exactly the estimate's average in the model's own definition.
    if (fraction())
        kernel.intensityFraction = estimate.averageIntensity;
    else
        kernel.intensityRatio = estimate.averageIntensity;
}

QString ReportBuilder::programFormula(const KernelEstimate& estimate) const
{
    const QString length = estimate.dense ? QStringLiteral("|Ĉ_i|") : QStringLiteral("|C_i|");
    const QString sum = estimate.dense ? QStringLiteral("L̂") : QStringLiteral("L");
    if (estimate.slices.isEmpty())
        return QStringLiteral("P̂ = Σ (%1 / %2)·P_i = 0 W (no slice has statements)").arg(length, sum);
    int total = 0;
    for (const SliceEstimate& s : estimate.slices)
        total += s.length;
    QStringList terms;
    for (const SliceEstimate& s : estimate.slices)
        terms << QStringLiteral("(%1 / %2)·%3").arg(s.length).arg(total).arg(formatWatts(s.watts));
    return QStringLiteral("P̂ = Σ (%1 / %2)·P_i = %3 = %4")
        .arg(length, sum, terms.join(QStringLiteral(" + ")), formatWatts(estimate.watts));
}

QStringList ReportBuilder::assumptions(const KernelEstimateReport& report) const
{
    const FunctionInfo& info = report.analysis.kernel->info;
    const KernelWhatIf merged = m_settings.forKernel(info.key);
    QStringList items;
    if (merged.saturation)
        items << QStringLiteral("SM saturation Sa = %1 (set as a what-if)").arg(formatSaturation(*merged.saturation));
    if (merged.grid)
        items << QStringLiteral("grid of %1 blocks (set as a what-if)").arg(merged.grid->toString());
    if (merged.block)
        items << QStringLiteral("blocks of %1 threads (set as a what-if)").arg(merged.block->toString());
    items << QStringLiteral("launch analysed: grid %1, block %2 (? = not known at compile time)")
                 .arg(launchDims(report.analysis.launch.gridDim), launchDims(report.analysis.launch.blockDim));
    items += report.estimate.assumptions;
    const QString archNote = archDependenceNote(*report.analysis.kernel);
    if (!archNote.isEmpty())
        items << QStringLiteral("device code %1").arg(archNote);
    const KernelIR* ir = report.analysis.ir;
    const QString& file = info.location.file;
    auto where = [&](int statement, int line) {
        return ir ? lineReference(*ir, statement, file) : QStringLiteral("line %1").arg(line);
    };
    for (const LoopResolution& loop : report.analysis.slices.loops) {
        if (merged.tripCounts.contains(loop.statement))
            items << QStringLiteral("%1: loop runs %2 times (set as a what-if)")
                         .arg(where(loop.statement, loop.line), formatNumber(loop.trips, 6));
        else if (loop.assumed)
            items << QStringLiteral("%1: loop runs %2 times (assumed: %3)")
                         .arg(where(loop.statement, loop.line), formatNumber(loop.trips, 6), loop.reason);
        else if (loop.threadAveraged)
            items << QStringLiteral("%1: loop runs %2 times a thread (%3)")
                         .arg(where(loop.statement, loop.line), formatNumber(loop.trips, 6), loop.reason);
    }
    for (const BranchResolution& branch : report.analysis.slices.branches) {
        if (merged.branchArms.contains(branch.statement))
            items << QStringLiteral("%1: branch arm probabilities %2 (set as a what-if)")
                         .arg(where(branch.statement, branch.line), armsText(branch.arms));
        else if (branch.assumed)
            items << QStringLiteral("%1: branch arm probabilities %2 (assumed: %3)")
                         .arg(where(branch.statement, branch.line), armsText(branch.arms), branch.reason);
    }
    if (ir)
        items += ir->notes;
    return items;
}

} // namespace slicewatt::report
