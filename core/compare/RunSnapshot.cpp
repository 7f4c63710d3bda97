// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunSnapshot.h"

#include <cmath>

namespace slicewatt {
namespace {

// JSON has no NaN or infinity: the writer's null, read back as no number.
std::optional<double> finite(double value)
{
    return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

} // namespace

KernelSnapshot kernelSnapshotOf(const KernelEstimateReport& report, const PowerModel& model, SourceLineCache& sources)
{
    const KernelEstimate& e = report.estimate;
    const FunctionInfo& info = report.analysis.kernel->info;
    KernelSnapshot k;
    k.name = info.qualifiedName;
    k.signature = info.usr;
    k.file = info.location.file;
    k.line = info.location.line;
    k.powerW = e.hasEstimate() ? finite(e.watts) : std::nullopt;
    if (!e.hasEstimate())
        k.noEstimate = e.noEstimate;
    // As readAnalysisSnapshot: the energy model's total, else its dynamic energy, else P̂·t.
    if (e.energy)
        k.energyJ = e.energy->totalJ ? finite(*e.energy->totalJ) : finite(e.energy->dynamicJ);
    if (!k.energyJ && e.joules)
        k.energyJ = finite(*e.joules);
    k.intensity = finite(e.averageIntensity);
    k.saturation = finite(e.saturation).value_or(0);
    for (const SliceEstimate& s : e.slices) {
        SliceSnapshot slice{
            memorySpaceName(s.space), finite(s.watts), finite(modelIntensity(model, s)), finite(s.weight).value_or(0)};
        slice.length = s.length;
        slice.arithmetic = s.arithmetic;
        for (MemorySpace space : kAllMemorySpaces)
            slice.accesses += s.accesses[space];
        k.slices.append(slice);
    }
    for (const LineHeat& line : e.lines) {
        LineSnapshot l;
        l.file = line.file == info.location.file ? QString() : line.file;
        l.line = line.line;
        l.code = sources.trimmedLine(line.file.isEmpty() ? info.location.file : line.file, line.line);
        l.heatW = finite(line.watts).value_or(0);
        if (e.energy)
            l.energyJ = finite(line.joules);
        k.lines.append(l);
    }
    return k;
}

AnalysisSnapshot runSnapshotHeader(const EstimateRun& run, const QString& root)
{
    AnalysisSnapshot snapshot;
    snapshot.gpu = run.gpu->id;
    snapshot.model = run.model->id();
    if (run.settings.energy.model)
        snapshot.energyModel = run.settings.energy.model->id();
    snapshot.root = root;
    return snapshot;
}

AnalysisSnapshot analysisSnapshotOf(const EstimateRun& run, const QString& root)
{
    AnalysisSnapshot snapshot = runSnapshotHeader(run, root);
    SourceLineCache sources;
    for (const KernelEstimateReport& report : run.kernels)
        snapshot.kernels.append(kernelSnapshotOf(report, *run.model, sources));
    if (root.isEmpty())
        snapshot.root = snapshot.kernelsFolder(); // as the reader takes an analysis saved without one
    return snapshot;
}

} // namespace slicewatt
