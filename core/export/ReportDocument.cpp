// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportDocument.h"

#include "estimate/KernelSurface.h"

#include "DisplayNumbers.h"
#include "EnergyOutput.h"
#include "EstimateExplanation.h"
#include "KernelListing.h"
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

namespace slicewatt {
namespace {

// "src/reduce.cu:68"
QString locationText(const QString& file, int line, const QString& projectFolder)
{
    return QStringLiteral("%1:%2").arg(pathRelativeTo(file, projectFolder)).arg(line);
}

// "line 73" for the kernel's own file, "device_math.cuh line 12" for an inlined callee's.
QString lineReference(const KernelIR& ir, int statement, const QString& kernelFile)
{
    if (statement < 0 || statement >= ir.statements.size())
        return QStringLiteral("statement %1").arg(statement);
    const SourceLocation& where = ir.statements[statement].location;
    if (where.file == kernelFile)
        return QStringLiteral("line %1").arg(where.line);
    return QStringLiteral("%1 line %2").arg(QFileInfo(where.file).fileName()).arg(where.line);
}

QString armsText(const QVector<double>& arms)
{
    QStringList parts;
    for (double p : arms)
        parts << formatNumber(p, 6); // as precise as a measured profile gives them
    return parts.join(QStringLiteral(" / "));
}

QString launchDims(const std::optional<qint64> (&dims)[3])
{
    QStringList parts;
    for (const auto& value : dims)
        parts << (value ? QString::number(*value) : QStringLiteral("?"));
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

// A what-if keyed by statement index, in source order (file, line), as "line L: value".
template <typename T, typename Format>
QStringList byLine(const QHash<int, T>& values, const KernelIR& ir, const QString& kernelFile, Format format)
{
    std::map<std::tuple<bool, QString, int, int>, QString> sorted;
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        const bool known = it.key() >= 0 && it.key() < ir.statements.size();
        const SourceLocation where = known ? ir.statements[it.key()].location : SourceLocation{};
        sorted.emplace(std::make_tuple(where.file != kernelFile, where.file, where.line, it.key()),
            QStringLiteral("%1: %2").arg(lineReference(ir, it.key(), kernelFile), format(it.value())));
    }
    QStringList items;
    for (const auto& entry : sorted)
        items << entry.second;
    return items;
}

QString tripsText(qint64 trips)
{
    return QStringLiteral("%1 trips").arg(trips);
}

// The model file's provenance as "key: text" entries (nested objects and lists flattened).
QStringList provenanceItems(const QJsonObject& provenance)
{
    QStringList items;
    const auto valueText = [](const QJsonValue& value, const auto& self) -> QString {
        if (value.isString())
            return value.toString();
        if (value.isDouble())
            return formatNumber(value.toDouble(), 6);
        if (value.isBool())
            return value.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
        if (value.isArray()) {
            QStringList parts;
            for (const QJsonValue& item : value.toArray())
                parts << self(item, self);
            return parts.join(QStringLiteral(", "));
        }
        if (value.isObject()) {
            QStringList parts;
            const QJsonObject object = value.toObject();
            for (auto it = object.begin(); it != object.end(); ++it)
                parts << QStringLiteral("%1 %2").arg(it.key(), self(it.value(), self));
            return parts.join(QStringLiteral(", "));
        }
        return {};
    };
    // QJsonObject iterates its keys sorted: the order is stable.
    for (auto it = provenance.begin(); it != provenance.end(); ++it) {
        QString key = it.key();
        key.replace(QLatin1Char('_'), QLatin1Char(' '));
        const QString text = valueText(it.value(), valueText);
        if (!text.isEmpty())
            items << QStringLiteral("%1: %2").arg(key, text);
    }
    return items;
}

// Grid sizes for the report's surface plots: plenty on paper, small in a PDF.
constexpr int kSurfaceIntensitySteps = 60;
constexpr int kSurfaceSaturationSteps = 46;

// The model's surface under one kernel's operating points, sampled as the GUI's surface plot
// samples it: the fitted intensity range widened to whole decades that hold every point,
// Sa down to one active SM, the wavelet network fed the kernel's typical slice length.
std::optional<ModelGrid> kernelSurface(const PowerModel& model, const GpuSpec& gpu, const KernelEstimate& estimate)
{
    // Sampled as the desktop's surface plot samples it.
    ModelGrid grid = ModelGrid::sample(
        model, gpu, kernelSurfaceOptions(model, gpu, &estimate, kSurfaceIntensitySteps, kSurfaceSaturationSteps));
    if (!grid.hasValues())
        return std::nullopt;
    return grid;
}

// A kernel's energy as the report prints it: the estimate's numbers, the largest classes
// priced one by one and the rest summed, so the rows add up to E_dyn.
ReportKernelEnergy kernelEnergy(const KernelEnergy& energy, const EnergyModel& model)
{
    ReportKernelEnergy report;
    report.dynamicJ = energy.dynamicJ;
    report.threads = energy.threads;
    report.threadsAssumed = energy.threadsAssumed;
    report.threadsSource = energy.threadsSource;
    report.countsSource = energy.countsSource;
    report.seconds = energy.seconds;
    report.staticW = energy.staticW;
    report.dynamicW = energy.dynamicW;
    report.totalW = energy.totalW;
    report.totalJ = energy.totalJ;
    double perThreadNj = 0;
    // Scaled to the power model's energy (KernelEnergy::scaledToModel): the classes keep their shares.
    const bool scaled = !energy.scaledToModel.isEmpty();
    const double factor = scaled && energy.tableDynamicJ > 0 ? energy.dynamicJ / energy.tableDynamicJ : 1;
    const QVector<int> classes = classesByEnergy(energy.perThread, model);
    for (int i = 0; i < classes.size(); ++i) {
        const int c = classes[i];
        const double eachNj = model.energy(c).totalNj;
        const double joules = factor * energy.threads * energy.perThread[c] * eachNj * 1e-9;
        perThreadNj += energy.perThread[c] * eachNj;
        if (i < kReportEnergyClasses) {
            report.classes << ReportEnergyClass{energyClassLabel(c), energy.perThread[c], eachNj, joules};
        } else {
            ++report.omittedClasses;
            report.omittedJoules += joules;
        }
    }
    report.formula = QStringLiteral("E_dyn = threads × Σ n_class·e_class = %1 × %2 nJ = %3")
                         .arg(formatNumber(energy.threads, 12), formatNumber(perThreadNj, 6),
                             formatJoules(scaled ? energy.tableDynamicJ : energy.dynamicJ));
    if (scaled)
        report.formula += QStringLiteral(" for the table's GPU; scaled to the %1 model's (P − P_idle)·t = %2")
                              .arg(energy.scaledToModel, formatJoules(energy.dynamicJ));
    return report;
}

// The static power in use and where it comes from: --static-w over the model file's.
std::pair<std::optional<double>, QString> staticPower(const EnergyModel& model, const EnergySettings& settings)
{
    if (settings.staticW)
        return {settings.staticW, QStringLiteral("set by the user (--static-w)")};
    return {model.staticW(), model.staticSource()};
}

ReportEnergyModel energyModelFacts(const EnergyModel& model, const EnergySettings& settings)
{
    ReportEnergyModel facts;
    facts.id = model.id();
    facts.name = model.name();
    facts.equation = model.equation();
    facts.source = model.provenance().value(QStringLiteral("source")).toString();
    facts.provenanceItems = provenanceItems(model.provenance());
    std::tie(facts.staticW, facts.staticSource) = staticPower(model, settings);
    facts.transferW = model.transferPowerW();
    facts.transferSource = model.transferSource();
    return facts;
}

class ReportBuilder {
public:
    ReportBuilder(const EstimateRun& run, const WhatIfSettings& settings, const ReportOptions& options)
        : m_run(run)
        , m_model(*run.model)
        , m_gpu(*run.gpu)
        , m_settings(settings)
        , m_options(options)
        , m_energy(run.settings.energy.model)
    {
    }

    ReportDocument build()
    {
        header();
        parameters();
        for (const KernelEstimateReport& report : m_run.kernels) {
            ReportKernelSection section = kernelSection(report);
            m_document.kernels << section.summary;
            if (section.summary.joules)
                m_document.totalJoules = m_document.totalJoules.value_or(0) + *section.summary.joules;
            m_document.sections << std::move(section);
        }
        copies();
        hottestLines();
        method();
        diagnostics();
        return m_document;
    }

private:
    bool fraction() const { return m_model.usesFractionIntensity(); }

    void header()
    {
        m_document.project = m_options.project;
        m_document.projectFolder = m_options.projectFolder;
        m_document.created = m_options.created;
        m_document.toolVersion = m_options.toolVersion;
        m_document.gpuId = m_gpu.id;
        m_document.gpuName = m_gpu.name;
        m_document.modelId = m_model.id();
        m_document.noSurfaceReason = noSurfaceReason(m_model);
        m_document.modelName = m_model.name();
        QString projectName = QFileInfo(m_options.projectFolder).fileName();
        if (projectName.isEmpty())
            projectName = m_options.project;
        m_document.title = !m_options.title.isEmpty()
            ? m_options.title
            : QStringLiteral("SliceWatt power report: %1").arg(projectName).trimmed();
    }

    void parameter(const QString& name, const QString& value) { m_document.parameters << ReportParameter{name, value}; }

    // Every input of the estimate, the defaults too: a reader can redo the numbers.
    void parameters()
    {
        parameter(QStringLiteral("GPU"), QStringLiteral("%1 (%2, %3 SMs)").arg(m_gpu.name, m_gpu.id).arg(m_gpu.sms));
        parameter(QStringLiteral("Board power"),
            m_gpu.boardPowerW ? QStringLiteral("%1 W (%2); predictions above it are flagged")
                                    .arg(*m_gpu.boardPowerW, 0, 'g', 4)
                                    .arg(m_gpu.boardPowerSource)
                              : QStringLiteral("not known for this GPU: predictions are not checked against it"));
        parameter(QStringLiteral("Model"), QStringLiteral("%1 (%2)").arg(m_model.name(), m_model.id()));
        parameter(QStringLiteral("Counting"),
            m_settings.counting == AnalysisOptions::Counting::Lexical
                ? QStringLiteral("lexical: one memory operation per `=`, as the papers' prototype")
                : QStringLiteral("ast: real loads and stores"));
        parameter(QStringLiteral("BDPM δ"), formatNumber(m_settings.delta, 4));
        int archDependent = 0;
        for (const KernelEstimateReport& report : m_run.kernels)
            archDependent += report.analysis.kernel->deviceArch.isEmpty() ? 0 : 1;
        parameter(QStringLiteral("Device code"),
            QStringLiteral("read for %1 (__CUDA_ARCH__ = %2); %3 of %4 kernels test it")
                .arg(m_run.index->deviceArch.name())
                .arg(m_run.index->deviceArch.number())
                .arg(archDependent)
                .arg(m_run.kernels.size()));
        parameter(QStringLiteral("Execution time"),
            m_settings.seconds     ? formatSeconds(*m_settings.seconds)
                : m_gpu.throughput ? QStringLiteral("predicted per kernel (the time model, METHOD §12)")
                                   : QStringLiteral("not given"));
        const KernelWhatIf& all = m_settings.allKernels;
        parameter(QStringLiteral("SM saturation (all kernels)"),
            all.saturation ? formatSaturation(*all.saturation) : QStringLiteral("from each kernel's launch"));
        parameter(QStringLiteral("Grid (all kernels)"),
            all.gridBlocks ? QStringLiteral("%1 blocks").arg(*all.gridBlocks) : QStringLiteral("as the code says"));
        parameter(QStringLiteral("Block (all kernels)"),
            all.blockThreads ? QStringLiteral("%1 threads").arg(*all.blockThreads)
                             : QStringLiteral("as the code says"));
        const AnalysisOptions defaults;
        parameter(
            QStringLiteral("Unknown loop trip count"), QStringLiteral("%1 (assumed)").arg(defaults.defaultTripCount));
        parameter(QStringLiteral("Branch-dense from density"), formatNumber(defaults.denseThreshold, 3));
        QStringList factors;
        for (MemorySpace space : kAllMemorySpaces)
            factors << QStringLiteral("r_%1 = %2")
                           .arg(memorySpaceName(space), formatNumber(m_model.memoryFactors()[size_t(space)], 4));
        parameter(QStringLiteral("Memory factors"), factors.join(QStringLiteral(", ")));
        energyParameters();

        // Per-kernel what-ifs, in the project's kernel order (the settings hold them in a hash).
        for (const KernelEstimateReport& report : m_run.kernels) {
            const FunctionInfo& info = report.analysis.kernel->info;
            const KernelWhatIf own = m_settings.kernels.value(info.key);
            const KernelWhatIf merged = m_settings.forKernel(info.key);
            const QString name = info.qualifiedName;
            if (own.saturation)
                parameter(QStringLiteral("SM saturation (%1)").arg(name), formatSaturation(*own.saturation));
            if (own.gridBlocks)
                parameter(QStringLiteral("Grid (%1)").arg(name), QStringLiteral("%1 blocks").arg(*own.gridBlocks));
            if (own.blockThreads)
                parameter(QStringLiteral("Block (%1)").arg(name), QStringLiteral("%1 threads").arg(*own.blockThreads));
            if (!report.analysis.ir)
                continue;
            const QString file = info.location.file;
            if (!merged.tripCounts.isEmpty())
                parameter(QStringLiteral("Loop trip counts (%1)").arg(name),
                    byLine(merged.tripCounts, *report.analysis.ir, file, tripsText).join(QStringLiteral(", ")));
            if (!merged.branchArms.isEmpty())
                parameter(QStringLiteral("Branch arms (%1)").arg(name),
                    byLine(merged.branchArms, *report.analysis.ir, file, armsText).join(QStringLiteral(", ")));
        }
    }

    // The instruction-class model's inputs: which table, the static power, the threads of
    // kernels whose launch the code does not fix.
    void energyParameters()
    {
        if (!m_energy) {
            parameter(QStringLiteral("Energy model"), QStringLiteral("none: no instruction-class energy"));
            return;
        }
        parameter(QStringLiteral("Energy model"), QStringLiteral("%1 (%2)").arg(m_energy->name(), m_energy->id()));
        const auto [staticW, source] = staticPower(*m_energy, m_run.settings.energy);
        parameter(QStringLiteral("Static power"),
            staticW ? QStringLiteral("%1 (%2)").arg(formatWatts(*staticW), source)
                    : QStringLiteral("unknown: no total power or energy, only the dynamic part"));
        parameter(QStringLiteral("Threads (launch not known)"),
            m_run.settings.energy.threads ? QStringLiteral("%1 (--threads)").arg(*m_run.settings.energy.threads)
                                          : QStringLiteral("the GPU full: %1 × %2 SMs = %3 (assumed)")
                                                .arg(m_gpu.maxThreadsPerSm)
                                                .arg(m_gpu.sms)
                                                .arg(qint64(m_gpu.maxThreadsPerSm) * m_gpu.sms));
    }

    ReportKernelSection kernelSection(const KernelEstimateReport& report)
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
        section.outOfDomain = estimate.outOfDomain;
        section.surface = kernelSurface(m_model, m_gpu, estimate);
        if (estimate.energy && m_energy) {
            section.energy = kernelEnergy(*estimate.energy, *m_energy);
            section.assumptions += estimate.energy->assumptions;
        }
        return section;
    }

    void listing(const KernelEstimateReport& report, ReportKernelSection& section)
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

    void slices(const KernelEstimate& estimate, ReportKernelSection& section)
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

    QString programFormula(const KernelEstimate& estimate) const
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

    QStringList assumptions(const KernelEstimateReport& report) const
    {
        const FunctionInfo& info = report.analysis.kernel->info;
        const KernelWhatIf merged = m_settings.forKernel(info.key);
        QStringList items;
        if (merged.saturation)
            items
                << QStringLiteral("SM saturation Sa = %1 (set as a what-if)").arg(formatSaturation(*merged.saturation));
        if (merged.gridBlocks)
            items << QStringLiteral("grid of %1 blocks (set as a what-if)").arg(*merged.gridBlocks);
        if (merged.blockThreads)
            items << QStringLiteral("blocks of %1 threads (set as a what-if)").arg(*merged.blockThreads);
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

    // The project's hottest lines over every kernel: hottest first, ties in kernel and
    // source order so two builds rank alike.
    void hottestLines()
    {
        struct Candidate {
            int kernel;
            const LineHeat* heat;
        };
        QVector<Candidate> candidates;
        for (int k = 0; k < m_run.kernels.size(); ++k) {
            for (const LineHeat& heat : m_run.kernels[k].estimate.lines) {
                if (heat.watts > 0) // a cold line (a thread index set-up) is no hot spot
                    candidates << Candidate{k, &heat};
            }
        }
        std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
            if (a.heat->watts != b.heat->watts)
                return a.heat->watts > b.heat->watts;
            return std::tie(a.kernel, a.heat->file, a.heat->line) < std::tie(b.kernel, b.heat->file, b.heat->line);
        });
        const int count = std::min(int(candidates.size()), std::max(0, m_options.hottestLines));
        SourceLineCache sources;
        for (int i = 0; i < count; ++i) {
            const KernelEstimateReport& report = m_run.kernels[candidates[i].kernel];
            const LineHeat& heat = *candidates[i].heat;
            ReportHotLine line;
            line.rank = i + 1;
            // A tie as the reader sees it: the same watts as printed (a device function's line
            // inlined into several kernels, or equal lines of one loop).
            if (i > 0 && formatLineWatts(heat.watts) == formatLineWatts(candidates[i - 1].heat->watts)) {
                line.rank = m_document.hottestLines.last().rank;
                line.tied = true;
                m_document.hottestLines.last().tied = true;
            }
            line.code = sources.trimmedLine(
                heat.file.isEmpty() ? report.analysis.kernel->info.location.file : heat.file, heat.line);
            line.kernel = report.analysis.kernel->info.qualifiedName;
            line.location = locationText(heat.file, heat.line, m_options.projectFolder);
            line.watts = heat.watts;
            line.share = report.estimate.watts > 0 ? heat.watts / report.estimate.watts : 0;
            line.joules = heat.joules;
            m_document.hottestLines << line;
        }
    }

    // The program's host-device copies with their energy (only priced by an energy model).
    void copies()
    {
        if (!m_energy)
            return;
        for (const CopyEnergy& copy : m_run.copies) {
            ReportCopy row;
            row.location = locationText(copy.site.location.file, copy.site.location.line, m_options.projectFolder);
            row.caller = copy.site.callerName;
            row.api = copy.site.api;
            row.direction = copy.site.direction;
            row.bytes = copy.site.bytes;
            row.seconds = copy.seconds;
            row.joules = copy.joules;
            row.note = copy.note;
            m_document.copies << row;
        }
        m_document.copiesJoules = knownCopyJoules(m_run.copies);
    }

    void method()
    {
        ReportMethod& method = m_document.method;
        method.modelName = m_model.name();
        method.modelEquation = m_model.equation();
        method.intensityMin = m_model.intensityMin();
        method.intensityMax = m_model.intensityMax();
        SliceOperatingPoint generic;
        const FormulaSubstitution general = substituteFormula(m_model, m_gpu, generic);
        method.modelParameters = general.parameters;
        method.provenanceItems = provenanceItems(m_model.provenance());
        method.modelProvenance = method.provenanceItems.join(QStringLiteral("; "));
        method.accuracy = accuracyText(m_model, m_gpu);

        method.formulas << QStringLiteral("%1 (%2, %3): %4")
                               .arg(m_model.needsPtx() ? QStringLiteral("Kernel power from the launch's PTX features "
                                                                        "(METHOD section 10), the same for each of "
                                                                        "its slices")
                                       : m_model.isLaunchLevel() ? QStringLiteral("Kernel power from the launch's "
                                                                                  "activity, the same for each of its "
                                                                                  "slices")
                                                                 : QStringLiteral("Slice power"),
                                   m_model.name(), m_model.form(), general.formula);
        method.formulas << QStringLiteral("Parameters for %1: %2").arg(m_gpu.name, general.parameters);
        method.formulas << (fraction() ? QStringLiteral("Computation intensity (fraction): x = #A / (#A + N_mem), "
                                                        "N_mem = Σ r_S·n_S")
                                       : QStringLiteral("Computation intensity (ratio): Ã = #A / N_mem, "
                                                        "N_mem = Σ r_S·n_S; a slice without memory operations gets "
                                                        "the model's domain maximum"));
        method.formulas << QStringLiteral("SM saturation: Sa = active SMs / SMs, active SMs = min(blocks in the grid, "
                                          "SMs) (%1 has %2 SMs)")
                               .arg(m_gpu.name)
                               .arg(m_gpu.sms);
        method.formulas << QStringLiteral("BSPM (branch-sparse kernels): P̂ = Σ (|C_i| / L)·P_i, L = Σ |C_i|");
        method.formulas << QStringLiteral("BDPM (branch-dense kernels): P̂ = Σ (|Ĉ_i| / L̂)·P_i, L̂ = Σ |Ĉ_i|, "
                                          "Ĉ_i keeps the sub-slices with path probability p > δ = %1")
                               .arg(formatNumber(m_settings.delta, 4));
        method.formulas << QStringLiteral("Average computation intensity (ACIM): Ā = Σ (|C_i| / L)·Ã_i");
        method.formulas << (m_settings.seconds
                ? QStringLiteral("Energy: Ē = P̂·t with t = %1").arg(formatSeconds(*m_settings.seconds))
                : QStringLiteral("Energy: Ē = P̂·t with t each kernel's predicted time per launch (METHOD §12: "
                                 "overhead + max(compute, memory), the bound in each kernel's figures)"));
        method.formulas << QStringLiteral("Line heat: each slice's P_i / L spread over its statements; a kernel's "
                                          "lines sum to P̂");

        energyMethod();

        const bool network = m_model.form() == QLatin1String("wnn");
        for (const ConceptText& text : allConceptTexts()) {
            // The training note belongs to the wavelet network only.
            if (text.id != Concept::WaveletTraining || network)
                method.concepts << text;
        }
        method.citations << jos13Citation() << jsw12Citation();
        if (network)
            method.citations << waveletNetworkCitation();
    }

    void energyMethod()
    {
        if (!m_energy)
            return;
        ReportMethod& method = m_document.method;
        method.energyModel = energyModelFacts(*m_energy, m_run.settings.energy);
        method.energyFormulas << QStringLiteral(
            "Dynamic energy of a launch: E_dyn = threads × Σ_class n_class·e_class, n_class = "
            "executed instructions of the class per thread (loop weights × path probabilities), "
            "e_class = the model's nJ per instruction");
        method.energyFormulas << QStringLiteral("Threads: grid × block of the launch; without one --threads, else "
                                                "the GPU full (%1 × %2 SMs), said as an assumption")
                                     .arg(m_gpu.maxThreadsPerSm)
                                     .arg(m_gpu.sms);
        method.energyFormulas << QStringLiteral("A line's energy: the same sum over its statements (J per launch, "
                                                "all threads); a kernel's lines sum to its E_dyn");
        method.energyFormulas << (m_settings.seconds
                ? QStringLiteral("With t = %1: dynamic power E_dyn / t, total power P_static + E_dyn / t, energy "
                                 "P_static·t + E_dyn")
                      .arg(formatSeconds(*m_settings.seconds))
                : QStringLiteral("With t each kernel's predicted time per launch (METHOD §12): dynamic power "
                                 "E_dyn / t, total power P_static + E_dyn / t, energy P_static·t + E_dyn"));
        method.energyFormulas << QStringLiteral("Copies: E = P_transfer × (latency + bytes / bandwidth), with the "
                                                "%1's PCI Express link")
                                     .arg(m_gpu.name);
    }

    void diagnostics()
    {
        const Diagnostics none;
        for (const Diagnostic& d : m_run.index ? m_run.index->allDiagnostics() : none) {
            if (d.severity == Diagnostic::Severity::Note)
                continue;
            QString where;
            if (!d.file.isEmpty())
                where = d.line > 0 ? locationText(d.file, d.line, m_options.projectFolder) + QStringLiteral(": ")
                                   : pathRelativeTo(d.file, m_options.projectFolder) + QStringLiteral(": ");
            m_document.diagnostics << QStringLiteral("%1%2: %3").arg(where, severityName(d.severity), d.message);
        }
        m_document.diagnostics += m_listingProblems;
    }

    const EstimateRun& m_run;
    const PowerModel& m_model;
    const GpuSpec& m_gpu;
    const WhatIfSettings& m_settings;
    const ReportOptions& m_options;
    const EnergyModel* m_energy; // the instruction-class table, or none
    ReportDocument m_document;
    QStringList m_listingProblems; // after the analysis's own diagnostics
};

} // namespace

ReportDocument buildReport(const EstimateRun& run, const WhatIfSettings& settings, const ReportOptions& options)
{
    if (!run.model || !run.gpu) {
        ReportDocument empty;
        empty.title = options.title;
        empty.project = options.project;
        empty.projectFolder = options.projectFolder;
        empty.created = options.created;
        empty.toolVersion = options.toolVersion;
        return empty;
    }
    return ReportBuilder(run, settings, options).build();
}

QDateTime reportCreationTime()
{
    bool ok = false;
    const qint64 epoch = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    return ok ? QDateTime::fromSecsSinceEpoch(epoch, Qt::UTC) : QDateTime::currentDateTime();
}

QString suggestedReportFileName(const QString& projectFolder, const QString& gpuId, const QDate& date)
{
    QString project = QFileInfo(QDir::cleanPath(projectFolder)).fileName();
    if (project.isEmpty())
        project = QStringLiteral("slicewatt");
    QStringList parts{project, gpuId, date.toString(Qt::ISODate)};
    parts.removeAll(QString());
    QString name = parts.join(QLatin1Char('-'));
    // Portable on every desktop's file system: no separators, wildcards or quotes.
    static const QRegularExpression unsafe(QStringLiteral("[\\\\/:*?\"<>|\\s]+"));
    name.replace(unsafe, QStringLiteral("-"));
    return name + QStringLiteral(".pdf");
}

} // namespace slicewatt
