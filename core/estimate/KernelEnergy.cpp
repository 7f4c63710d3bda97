// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelEnergy.h"

#include <algorithm>
#include <map>

namespace slicewatt {

QString energyCountsName(EnergyCounts counts)
{
    switch (counts) {
    case EnergyCounts::Source:
        return QStringLiteral("source");
    case EnergyCounts::Ptx:
        return QStringLiteral("ptx");
    case EnergyCounts::Auto:
        break;
    }
    return QStringLiteral("auto");
}

std::optional<EnergyCounts> energyCountsNamed(const QString& name)
{
    for (EnergyCounts counts : {EnergyCounts::Auto, EnergyCounts::Source, EnergyCounts::Ptx}) {
        if (name == energyCountsName(counts))
            return counts;
    }
    return std::nullopt;
}

InstructionCounts executedPerThread(const Statement& statement, const KernelSlices& slices, int index)
{
    InstructionCounts counts = statement.instructions;
    counts += memoryInstructions(statement.accesses);
    const double weight = index < slices.weights.size() ? slices.weights[index] : 1.0;
    const double probability = index < slices.probability.size() ? slices.probability[index] : 1.0;
    return counts.scaled(weight * probability);
}

std::optional<double> launchThreads(const LaunchShape& launch)
{
    double threads = 1;
    for (int axis = 0; axis < 3; ++axis) {
        if (!launch.gridDim[axis] || !launch.blockDim[axis] || *launch.gridDim[axis] <= 0
            || *launch.blockDim[axis] <= 0)
            return std::nullopt;
        threads *= double(*launch.gridDim[axis]) * double(*launch.blockDim[axis]);
    }
    return threads;
}

namespace {

void chooseThreads(KernelEnergy& energy, const LaunchShape& launch, const GpuSpec& gpu, const EnergySettings& settings)
{
    if (const std::optional<double> threads = launchThreads(launch)) {
        energy.threads = *threads;
        energy.threadsSource = QStringLiteral("the launch: %1×%2×%3 blocks of %4×%5×%6 threads")
                                   .arg(*launch.gridDim[0])
                                   .arg(*launch.gridDim[1])
                                   .arg(*launch.gridDim[2])
                                   .arg(*launch.blockDim[0])
                                   .arg(*launch.blockDim[1])
                                   .arg(*launch.blockDim[2]);
        return;
    }
    if (settings.threads && *settings.threads > 0) {
        energy.threads = double(*settings.threads);
        energy.threadsSource = QStringLiteral("set by the user (--threads %1)").arg(*settings.threads);
        return;
    }
    energy.threadsAssumed = true;
    energy.threads = double(gpu.maxThreadsPerSm) * gpu.sms;
    energy.threadsSource = QStringLiteral("assumed: the launch is not known, so every SM of the %1 holds its most "
                                          "resident threads (%2 × %3 SMs = %4); set --threads or the launch")
                               .arg(gpu.name)
                               .arg(gpu.maxThreadsPerSm)
                               .arg(gpu.sms)
                               .arg(energy.threads, 0, 'f', 0);
    energy.assumptions << QStringLiteral("threads %1").arg(energy.threadsSource);
}

} // namespace

KernelEnergy estimateKernelEnergy(const KernelIR& ir, const KernelSlices& slices, const LaunchShape& launch,
    const GpuSpec& gpu, const EnergySettings& settings, std::optional<double> seconds, const ExecutedPtxLines* ptx)
{
    KernelEnergy energy;
    if (!settings.model)
        return energy;
    const EnergyModel& model = *settings.model;
    energy.modelId = model.id();
    chooseThreads(energy, launch, gpu, settings);
    if (!model.architecture().isEmpty() && !gpu.architecture.contains(model.architecture(), Qt::CaseInsensitive))
        energy.assumptions << QStringLiteral("energies per instruction measured on %1, applied unchanged to the %2 "
                                             "(%3)")
                                  .arg(model.measuredOn().isEmpty() ? model.architecture() : model.measuredOn(),
                                      gpu.name, gpu.architecture);
    auto joulesOf = [&](const InstructionCounts& perThread) {
        double joules = 0;
        for (int c = 0; c < kEnergyClassCount; ++c)
            joules += perThread[c] * model.joulesPerInstruction(c);
        return joules * energy.threads;
    };

    // Lines in a fixed order (file, line), so sums do not depend on a hash seed.
    std::map<std::pair<QString, int>, LineEnergy> lines;
    std::map<std::pair<QString, int>, QVector<int>> statementsOfLine;
    energy.statementJoules.resize(ir.statements.size());
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& statement = ir.statements[i];
        const InstructionCounts executed = executedPerThread(statement, slices, i);
        energy.statementJoules[i] = joulesOf(executed);
        if (ptx)
            statementsOfLine[{statement.location.file, statement.location.line}] << i; // to spread the PTX's
        if (ptx || executed.total() <= 0)
            continue;
        energy.perThread += executed;
        energy.dynamicJ += energy.statementJoules[i];
        LineEnergy& line = lines[{statement.location.file, statement.location.line}];
        line.file = statement.location.file;
        line.line = statement.location.line;
        line.joules += energy.statementJoules[i];
        line.perThread += executed;
    }
    energy.countsSource = ptx ? ptx->source : kEnergyCountsFromSource;
    energy.countsFromPtx = ptx != nullptr;
    if (ptx) {
        energy.assumptions += ptx->assumptions;
        for (const ExecutedPtxLine& executed : ptx->lines) {
            LineEnergy line{
                executed.file, executed.line, joulesOf(executed.perThread), executed.perThread, executed.inPtx};
            energy.perThread += executed.perThread;
            energy.dynamicJ += line.joules;
            // The line's energy to its statements, in proportion to what their operators cost.
            const auto found = statementsOfLine.find({executed.file, executed.line});
            const QVector<int> statements = found == statementsOfLine.end() ? QVector<int>() : found->second;
            double byOperators = 0;
            for (int i : statements)
                byOperators += energy.statementJoules[i];
            for (int i : statements)
                energy.statementJoules[i] = byOperators > 0 ? line.joules * energy.statementJoules[i] / byOperators
                                                            : line.joules / double(statements.size());
            if (line.joules > 0 || executed.perThread.total() > 0)
                lines[{line.file, line.line}] = line;
        }
        // Statements on lines the PTX has no priced instruction for execute none.
        for (auto& [where, statements] : statementsOfLine) {
            if (!lines.count(where)) {
                for (int i : statements)
                    energy.statementJoules[i] = 0;
            }
        }
    }
    for (auto& entry : lines)
        energy.lines << entry.second;
    std::stable_sort(energy.lines.begin(), energy.lines.end(),
        [](const LineEnergy& a, const LineEnergy& b) { return a.joules > b.joules; });

    energy.staticW = settings.staticW ? settings.staticW : model.staticW();
    energy.seconds = seconds;
    if (seconds && *seconds > 0) {
        energy.dynamicW = energy.dynamicJ / *seconds;
        if (energy.staticW) {
            energy.totalW = *energy.staticW + *energy.dynamicW;
            energy.totalJ = *energy.staticW * *seconds + energy.dynamicJ;
        }
    }
    return energy;
}

void scaleToPowerModel(KernelEnergy& energy, double dynamicJ, double staticW, double seconds, const QString& modelName)
{
    const double factor = energy.dynamicJ > 0 ? dynamicJ / energy.dynamicJ : 0;
    energy.tableDynamicJ = energy.dynamicJ;
    energy.scaledToModel = modelName;
    energy.dynamicJ = dynamicJ;
    for (double& joules : energy.statementJoules)
        joules *= factor;
    for (LineEnergy& line : energy.lines)
        line.joules *= factor;
    energy.staticW = staticW;
    energy.seconds = seconds;
    energy.dynamicW = seconds > 0 ? std::optional<double>(dynamicJ / seconds) : std::nullopt;
    energy.totalW = energy.dynamicW ? std::optional<double>(staticW + *energy.dynamicW) : std::nullopt;
    energy.totalJ = staticW * seconds + dynamicJ;
}

} // namespace slicewatt
