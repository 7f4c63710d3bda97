// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectSession.h"

#include "calibration/LocalGpu.h"
#include "estimate/PtxWorkspace.h"

#include <algorithm>

namespace slicewatt {
namespace {

// The library with this machine's GPU in it when the catalogue lacks it (from NVML, issue 46).
ModelLibrary libraryWithThisMachine(const QStringList& folders, QStringList& errors)
{
    ModelLibrary library = ModelLibrary::load(folders, errors);
    addNvmlDescribedGpu(library);
    return library;
}

} // namespace

ProjectSession::ProjectSession(QObject* parent)
    : QObject(parent)
    , m_index(std::make_unique<ProjectIndex>())
    , m_library(std::make_shared<const ModelLibrary>(libraryWithThisMachine({}, m_libraryErrors)))
    , m_baseline(new BaselineComparison(*this, this))
{
    reestimateAll();
}

ProjectSession::~ProjectSession() = default;

void ProjectSession::setModelFolders(const QStringList& folders)
{
    m_libraryErrors.clear();
    m_library = std::make_shared<const ModelLibrary>(libraryWithThisMachine(folders, m_libraryErrors));
    reestimateAll();
    Q_EMIT estimatesChanged({});
}

void ProjectSession::setIndex(ProjectIndex index)
{
    // The run points into the index: drop it before the index it points into goes.
    m_run = EstimateRun{};
    m_rowByKernel.clear();
    m_index = std::make_unique<ProjectIndex>(std::move(index));
    // The sources may have changed: PTX of the old ones would give old features.
    m_ptx.clear();
    m_ptxRequested.clear();
    for (auto it = m_settings.kernels.begin(); it != m_settings.kernels.end();) {
        if (m_index->functionByKey(it.key()))
            ++it;
        else
            it = m_settings.kernels.erase(it);
    }
    // The selection survives a new index that still has its kernel (results arriving in
    // batches, a re-analysis after a save): telling the views it changed would move the code
    // view back to the kernel's first line under the reader every time.
    const bool selectionGone = !m_selectedKernel.isEmpty() && !m_index->functionByKey(m_selectedKernel);
    if (selectionGone) {
        m_selectedKernel.clear();
        m_selectedSlice.reset();
    }
    reestimateAll();
    Q_EMIT projectChanged();
    Q_EMIT estimatesChanged({});
    if (selectionGone)
        Q_EMIT selectionChanged();
}

void ProjectSession::setSettings(const WhatIfSettings& settings)
{
    m_settings = settings;
    reestimateAll();
    Q_EMIT estimatesChanged({});
}

void ProjectSession::setGpu(const QString& gpuId)
{
    WhatIfSettings s = m_settings;
    s.gpuId = gpuId;
    setSettings(s);
}

void ProjectSession::setModel(const QString& modelId)
{
    WhatIfSettings s = m_settings;
    s.modelId = modelId;
    setSettings(s);
}

void ProjectSession::setDelta(double delta)
{
    WhatIfSettings s = m_settings;
    s.delta = delta;
    setSettings(s);
}

void ProjectSession::setSeconds(std::optional<double> seconds)
{
    WhatIfSettings s = m_settings;
    s.seconds = seconds;
    setSettings(s);
}

void ProjectSession::setCounting(AnalysisOptions::Counting counting)
{
    WhatIfSettings s = m_settings;
    s.counting = counting;
    setSettings(s);
}

void ProjectSession::setKernelWhatIf(const QString& kernelKey, const KernelWhatIf& whatIf)
{
    if (whatIf.isEmpty())
        m_settings.kernels.remove(kernelKey);
    else
        m_settings.kernels.insert(kernelKey, whatIf);
    const int row = reportRow(kernelKey);
    if (row < 0 || !hasEstimates())
        return;
    // Only this kernel changes: re-analyse and re-estimate it alone (the 16 ms budget).
    KernelEstimateReport& report = m_run.kernels[row];
    report = estimateKernelWhatIf(*report.analysis.kernel, *report.analysis.ir, *m_choice.model, *m_choice.gpu,
        m_choice.energy, estimationSettings());
    Q_EMIT estimatesChanged(kernelKey);
}

void ProjectSession::resetKernel(const QString& kernelKey)
{
    setKernelWhatIf(kernelKey, KernelWhatIf{});
}

void ProjectSession::resetAllKernels()
{
    WhatIfSettings s = m_settings;
    s.kernels.clear();
    s.allKernels = KernelWhatIf{};
    setSettings(s);
}

const KernelEstimateReport* ProjectSession::kernelReport(const QString& kernelKey) const
{
    const int row = reportRow(kernelKey);
    return row < 0 ? nullptr : &m_run.kernels[row];
}

const KernelEstimateReport* ProjectSession::hottestKernel() const
{
    const KernelEstimateReport* hottest = nullptr;
    for (const KernelEstimateReport& report : m_run.kernels) {
        if (!report.estimate.hasEstimate())
            continue; // never ranked, neither hot nor cold
        if (!hottest || report.estimate.watts > hottest->estimate.watts)
            hottest = &report;
    }
    return hottest;
}

double kernelTotalInUnit(const KernelEstimate& estimate, ProjectSession::HeatUnit unit)
{
    if (unit == ProjectSession::HeatUnit::Energy)
        return estimate.energy ? estimate.energy->dynamicJ : 0;
    return estimate.watts;
}

void ProjectSession::setHeatUnit(HeatUnit unit)
{
    if (unit == m_heatUnit)
        return;
    m_heatUnit = unit;
    Q_EMIT estimatesChanged(QString());
}

QHash<int, double> ProjectSession::lineHeat(const QString& file, const QString& kernelKey) const
{
    QHash<int, double> heat;
    for (const KernelEstimateReport& report : m_run.kernels) {
        if (!kernelKey.isEmpty() && report.analysis.kernel->info.key != kernelKey)
            continue;
        forEachLineInUnit(report.estimate, m_heatUnit, [&](const QString& lineFile, int line, double value) {
            if (lineFile != file)
                return;
            double& hottest = heat[line];
            hottest = std::max(hottest, value);
        });
    }
    return heat;
}

QVector<ProjectSession::HotLine> ProjectSession::hottestLines(int limit) const
{
    QVector<HotLine> lines;
    for (const KernelEstimateReport& report : m_run.kernels) {
        const double total = kernelTotalInUnit(report.estimate, m_heatUnit);
        const QString& key = report.analysis.kernel->info.key;
        forEachLineInUnit(report.estimate, m_heatUnit, [&](const QString& file, int line, double value) {
            if (value > 0)
                lines << HotLine{key, file, line, value, total > 0 ? value / total : 0};
        });
    }
    // Deterministic: hottest first, then by place. Only the first `limit` are ordered: a
    // slider step asks for the top 100 of thousands of lines.
    const auto hotterFirst = [](const HotLine& a, const HotLine& b) {
        if (a.value != b.value)
            return a.value > b.value;
        if (a.file != b.file)
            return a.file < b.file;
        if (a.line != b.line)
            return a.line < b.line;
        return a.kernelKey < b.kernelKey;
    };
    const auto end = lines.begin() + std::min<qsizetype>(std::max(limit, 0), lines.size());
    std::partial_sort(lines.begin(), end, lines.end(), hotterFirst);
    if (lines.size() > limit)
        lines.resize(limit);
    return lines;
}

void ProjectSession::select(const QString& kernelKey, std::optional<MemorySpace> slice)
{
    if (kernelKey == m_selectedKernel && slice == m_selectedSlice)
        return;
    m_selectedKernel = kernelKey;
    m_selectedSlice = slice;
    Q_EMIT selectionChanged();
}

bool ProjectSession::wantsPtx() const
{
    return m_choice.model && needsProjectPtx(*m_choice.model, m_settings.energyCounts);
}

QString ProjectSession::ptxKeyNeeded() const
{
    if (!m_choice.model || !m_choice.gpu || !hasProject() || !wantsPtx())
        return {};
    const QVector<PtxProducer> producers = ptxProducersFor(*m_choice.model, *m_choice.gpu, {});
    if (producers.isEmpty())
        return {};
    return ptxArchOf(*m_choice.gpu) + QLatin1Char('|') + producers.first().name();
}

void ProjectSession::setPtx(std::shared_ptr<const ProjectPtx> ptx, const QString& key)
{
    m_ptx.insert(key, std::move(ptx));
    if (m_ptxRequested == key)
        m_ptxRequested.clear();
    reestimateAll();
    Q_EMIT estimatesChanged({});
}

void ProjectSession::choosePtx()
{
    m_settings.ptx = PtxSettings{};
    if (!m_choice.model || !wantsPtx())
        return;
    const QString key = ptxKeyNeeded();
    if (key.isEmpty()) {
        m_settings.ptx.missing = QStringLiteral("no PTX producer is installed (nvcc from a CUDA toolkit, or clang)");
        return;
    }
    if (const std::shared_ptr<const ProjectPtx> ptx = m_ptx.value(key)) {
        const PtxSettings chosen = ptxSettingsFor(*m_choice.model, *m_choice.gpu, *ptx);
        m_settings.ptx.project = chosen.project;
        m_settings.ptx.note = chosen.note;
        m_settings.ptx.missing = chosen.missing;
        return;
    }
    m_settings.ptx.missing = QStringLiteral("the project's PTX is being compiled (%1)").arg(key.section('|', 1));
    if (m_ptxRequested != key) {
        m_ptxRequested = key;
        // After this estimate is shown: the job reads the session's sources and GPU.
        QMetaObject::invokeMethod(
            this, [this, key] { Q_EMIT ptxNeeded(key); }, Qt::QueuedConnection);
    }
}

void ProjectSession::setProblemSizes(const ProblemSizes& sizes)
{
    m_sizes = sizes;
    reestimateAll();
    Q_EMIT estimatesChanged({});
}

WhatIfSettings ProjectSession::estimationSettings() const
{
    if (m_sizes.sizes.isEmpty() && m_sizes.launches.isEmpty())
        return m_settings;
    WhatIfSettings sized;
    m_sizes.applyTo(*m_index, sized);
    WhatIfSettings effective = m_settings;
    effective.allKernels = sized.allKernels.overriddenBy(m_settings.allKernels);
    for (auto it = sized.kernels.cbegin(); it != sized.kernels.cend(); ++it)
        effective.kernels.insert(it.key(), it.value().overriddenBy(m_settings.kernels.value(it.key())));
    return effective;
}

void ProjectSession::reestimateAll()
{
    m_choice = chooseModel(*m_library, m_settings);
    m_run = EstimateRun{};
    m_rowByKernel.clear();
    choosePtx();
    if (!m_choice.error.isEmpty())
        return;
    m_run = estimateProjectWhatIf(*m_index, *m_choice.model, *m_choice.gpu, m_choice.energy, estimationSettings());
    for (int row = 0; row < m_run.kernels.size(); ++row)
        m_rowByKernel.insert(m_run.kernels[row].analysis.kernel->info.key, row);
}

int ProjectSession::reportRow(const QString& kernelKey) const
{
    return m_rowByKernel.value(kernelKey, -1);
}

} // namespace slicewatt
