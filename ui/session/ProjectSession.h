// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BaselineComparison.h"
#include "estimate/ProblemSizes.h"
#include "estimate/WhatIf.h"

#include <QObject>

#include <memory>
#include <optional>

namespace slicewatt {

// The one place the window's views read from: the analysed project, the model library, the
// what-if settings and the estimates they give. Every view (code heat, kernel tree, plots,
// "Why?", status bar) listens to its signals, so a slider moves them all together. All
// computing is done by core/ (estimate/WhatIf); this class only keeps the results current.
class ProjectSession : public QObject {
    Q_OBJECT
public:
    explicit ProjectSession(QObject* parent = nullptr);
    ~ProjectSession() override;

    // Models and GPUs: the shipped ones plus those in `folders` (malformed files are listed
    // in libraryErrors() and skipped). Re-estimates everything.
    void setModelFolders(const QStringList& folders);
    const ModelLibrary& library() const { return *m_library; }
    // The same, for a worker that may outlive a change of model folders (BaselineJob).
    std::shared_ptr<const ModelLibrary> sharedLibrary() const { return m_library; }
    QStringList libraryErrors() const { return m_libraryErrors; }

    // Replaces the analysed project (after a full or partial re-analysis). What-ifs of kernels
    // that still exist are kept; the selection too when its kernel still exists.
    void setIndex(ProjectIndex index);
    const ProjectIndex& index() const { return *m_index; }
    bool hasProject() const { return !m_index->units.isEmpty() || !m_index->kernels.isEmpty(); }

    // What-if settings. Each setter re-estimates what it affects, at once, from cached
    // analysis (no reparse), and emits estimatesChanged.
    const WhatIfSettings& settings() const { return m_settings; }
    void setSettings(const WhatIfSettings& settings); // all at once (restored settings, reset)
    void setGpu(const QString& gpuId);
    void setModel(const QString& modelId);
    void setDelta(double delta);
    void setSeconds(std::optional<double> seconds);
    void setCounting(AnalysisOptions::Counting counting);
    void setKernelWhatIf(const QString& kernelKey, const KernelWhatIf& whatIf); // one kernel only
    KernelWhatIf kernelWhatIf(const QString& kernelKey) const { return m_settings.kernels.value(kernelKey); }
    void resetKernel(const QString& kernelKey); // back to what the code says
    void resetAllKernels();
    // The project's problem sizes (.slicewatt/sizes.json): kernel argument values under the
    // what-ifs (a value set in the What If panel wins). Re-estimates everything.
    void setProblemSizes(const ProblemSizes& sizes);
    const ProblemSizes& problemSizes() const { return m_sizes; }

    // Results. run().kernels follows index().kernels (kernels with a readable body only).
    const EstimateRun& run() const { return m_run; }
    const KernelEstimateReport* kernelReport(const QString& kernelKey) const;
    // The kernel with the highest P̂ (the first of equals), null without estimates: what
    // the views show while nothing is selected.
    const KernelEstimateReport* hottestKernel() const;
    const PowerModel* model() const { return m_choice.model; }
    const GpuSpec* gpu() const { return m_choice.gpu; }
    const EnergyModel* energyModel() const { return m_choice.energy; }
    QString modelError() const { return m_choice.error; } // empty when the estimates are valid
    bool hasEstimates() const { return m_choice.error.isEmpty(); }

    // What line heat means in the views: the line's share of its kernel's power (W), or the
    // dynamic energy its instructions take per launch (J, the instruction-class model).
    // Changing it emits estimatesChanged for every kernel: the views redraw as after new
    // estimates; nothing is re-estimated.
    enum class HeatUnit { Power, Energy };
    HeatUnit heatUnit() const { return m_heatUnit; }
    void setHeatUnit(HeatUnit unit);

    // Heat of each line of `file` in the heat unit (W or J per launch): the selected
    // kernel's lines when `kernelKey` is given, else every kernel's, taking the hottest where
    // kernels share a line (inlined device functions): kernels run one after another, so
    // their numbers do not add up.
    QHash<int, double> lineHeat(const QString& file, const QString& kernelKey = {}) const;
    // The hottest lines of the project (kernel, file, line, value in the heat unit), hottest first.
    struct HotLine {
        QString kernelKey;
        QString file;
        int line = 0;
        double value = 0; // W or J per launch, as heatUnit() says
        double share = 0; // of its kernel's power or energy
    };
    QVector<HotLine> hottestLines(int limit = 100) const;

    // Selection shared by the views: a kernel, optionally one of its slices.
    QString selectedKernel() const { return m_selectedKernel; }
    std::optional<MemorySpace> selectedSlice() const { return m_selectedSlice; }
    void select(const QString& kernelKey, std::optional<MemorySpace> slice = std::nullopt);

    // A baseline the estimates are compared with (Compare with…), and the comparison.
    BaselineComparison& baseline() { return *m_baseline; }
    const BaselineComparison& baseline() const { return *m_baseline; }

    // The PTX a model that reads it (alavani-xgb) needs: "sm_70|clang 14.0.6" for the chosen
    // GPU and the producer to use; empty when the model reads no PTX or no producer exists.
    QString ptxKeyNeeded() const;
    // The chosen model reads PTX, or the energy model is to price the PTX's instructions.
    bool wantsPtx() const;
    // The project's PTX compiled for `key` off the GUI thread (PtxCompileJob); estimates are
    // recomputed with it. Kept until the project changes, so switching back costs nothing.
    void setPtx(std::shared_ptr<const ProjectPtx> ptx, const QString& key);
    // The compile was cancelled: the next estimate asks again.
    void forgetPtxRequest() { m_ptxRequested.clear(); }

Q_SIGNALS:
    // The chosen model reads PTX the session does not have: compile the project for `key`.
    void ptxNeeded(const QString& key);
    void projectChanged(); // a new index: structures may have changed
    // Estimates were recomputed: for one kernel (its key) or for all (empty key).
    void estimatesChanged(const QString& kernelKey);
    void selectionChanged();

private:
    void reestimateAll();
    // settings.ptx for the chosen model: the PTX the session has, else why not (and a request).
    void choosePtx();
    int reportRow(const QString& kernelKey) const;

    std::unique_ptr<ProjectIndex> m_index;
    std::shared_ptr<const ModelLibrary> m_library;
    QStringList m_libraryErrors;
    ProblemSizes m_sizes;
    // m_settings over the problem sizes: what every estimate is made with.
    WhatIfSettings estimationSettings() const;
    WhatIfSettings m_settings;
    ModelChoice m_choice;
    EstimateRun m_run;
    QHash<QString, int> m_rowByKernel;
    QString m_selectedKernel;
    std::optional<MemorySpace> m_selectedSlice;
    HeatUnit m_heatUnit = HeatUnit::Power;
    QHash<QString, std::shared_ptr<const ProjectPtx>> m_ptx; // by ptxKeyNeeded()
    QString m_ptxRequested; // asked for and not arrived yet
    BaselineComparison* m_baseline; // a child: connected to estimatesChanged before any view
};

// Calls `visit(file, line, value)` for each of a kernel's lines with its heat in `unit`
// (no copies: the what-if path calls it for every kernel on every slider step).
template <typename Visit>
void forEachLineInUnit(const KernelEstimate& estimate, ProjectSession::HeatUnit unit, Visit visit)
{
    if (unit == ProjectSession::HeatUnit::Energy) {
        if (estimate.energy) {
            for (const LineEnergy& line : estimate.energy->lines)
                visit(line.file, line.line, line.joules);
        }
        return;
    }
    for (const LineHeat& line : estimate.lines)
        visit(line.file, line.line, line.watts);
}
// The kernel's total in `unit`: its power, or its dynamic energy per launch.
double kernelTotalInUnit(const KernelEstimate& estimate, ProjectSession::HeatUnit unit);

} // namespace slicewatt
