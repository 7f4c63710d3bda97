// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxWorkspace.h"

#include "frontend/CudaPrelude.h"

#include <algorithm>

namespace slicewatt {

PtxWorkspace::PtxWorkspace()
    : m_dir(std::make_unique<QTemporaryDir>())
{
    const CudaPrelude& prelude = CudaPrelude::instance();
    m_valid = m_dir->isValid() && prelude.writeTo(preludeFolder())
        && prelude.writeTo(
            helperFolder(), [](const QString& path) { return path.startsWith(QLatin1String("helper_")); });
}

QString PtxWorkspace::preludeFolder() const
{
    return m_dir->filePath(QStringLiteral("prelude"));
}

QString PtxWorkspace::helperFolder() const
{
    return m_dir->filePath(QStringLiteral("helpers"));
}

PtxRequest PtxWorkspace::requestFor(const SourceFile& unit, const QString& arch) const
{
    PtxRequest request;
    request.sourceFile = unit.path;
    request.arch = arch;
    request.preludeFolder = preludeFolder();
    request.helperFolder = helperFolder();
    for (const QString& flag : unit.flags) {
        if (flag.startsWith(QLatin1String("-I")) && flag.size() > 2)
            request.includeDirs << flag.mid(2);
        else if (flag.startsWith(QLatin1String("-D")) && flag.size() > 2)
            request.defines << flag.mid(2);
        else if (flag.startsWith(QLatin1String("-std=")))
            request.standard = flag.mid(5);
    }
    return request;
}

QVector<PtxRequest> PtxWorkspace::requestsFor(const QVector<SourceFile>& units, const QString& arch) const
{
    QVector<PtxRequest> requests;
    for (const SourceFile& unit : units)
        requests << requestFor(unit, arch);
    return requests;
}

QString ptxArchOf(const GpuSpec& gpu)
{
    if (gpu.computeCapability.isEmpty())
        return {};
    return QStringLiteral("sm_") + QString(gpu.computeCapability).remove(QLatin1Char('.'));
}

QVector<PtxProducer> ptxProducersNamed(const QString& wanted)
{
    // Asked once per run: finding them starts `nvcc --version` and `clang --version`, and the
    // GUI asks on every re-estimate of a model that reads PTX.
    static const QVector<PtxProducer> installed = findPtxProducers();
    QVector<PtxProducer> producers = installed;
    if (!wanted.isEmpty())
        producers.removeIf([&](const PtxProducer& p) { return !p.name().startsWith(wanted + QLatin1Char(' ')); });
    return producers;
}

bool needsProjectPtx(const PowerModel& model, EnergyCounts counts)
{
    return model.needsPtx() || counts == EnergyCounts::Ptx;
}

QVector<PtxProducer> ptxProducersFor(const PowerModel& model, const GpuSpec& gpu, const QString& wanted)
{
    QVector<PtxProducer> producers = ptxProducersNamed(wanted);
    if (!wanted.isEmpty())
        return producers;
    // The producer the model was trained on; for the time and energy models' counts nvcc when
    // installed: its PTX is the code the GPU runs, its unrolled copies and remainder loops
    // divided out by matchPtxLoops. clang (with the prelude) otherwise.
    QString trained = model.ptxProducer(gpu.id).section(QLatin1Char(' '), 0, 0); // "clang"
    if (trained.isEmpty())
        trained = QStringLiteral("nvcc");
    std::stable_partition(producers.begin(), producers.end(),
        [&](const PtxProducer& p) { return p.name().section(QLatin1Char(' '), 0, 0) == trained; });
    return producers;
}

ProjectPtx compileSourcesPtx(const ProjectSources& sources, const GpuSpec& gpu, const QVector<PtxProducer>& producers,
    const std::function<bool(int done, int total)>& progress, PtxCache* cache)
{
    const PtxWorkspace workspace;
    if (!workspace.isValid())
        return {};
    return compileProjectPtx(workspace.requestsFor(sources.units, ptxArchOf(gpu)), progress, producers, cache);
}

PtxSettings ptxSettingsFor(const PowerModel& model, const GpuSpec& gpu, const ProjectPtx& ptx)
{
    PtxSettings settings;
    if (ptx.producer.isEmpty()) {
        settings.missing = QStringLiteral("no PTX producer is installed (nvcc from a CUDA toolkit, or clang)");
        return settings;
    }
    settings.project = &ptx;
    const QString trained = model.ptxProducer(gpu.id);
    if (!trained.isEmpty() && trained != ptx.producer)
        settings.note = QStringLiteral("%1's trees for %2 were trained on %3 PTX; this PTX is from %4, whose "
                                       "instruction counts differ (arithmetic by up to about 30 %)")
                            .arg(model.id(), gpu.name, trained, ptx.producer);
    return settings;
}

} // namespace slicewatt
