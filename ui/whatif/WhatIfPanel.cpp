// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatIfPanel.h"

#include "ArgumentTableModel.h"
#include "BranchTableModel.h"
#include "LaunchExtentEdit.h"
#include "LoopTableModel.h"
#include "analysis/LaunchChoice.h"
#include "estimate/LaunchLimits.h"
#include "export/DisplayNumbers.h"
#include "export/LaunchSitesOutput.h"
#include "export/TimeOutput.h"
#include "session/ProjectSession.h"
#include "session/WhatIfHistory.h"
#include "views/ColumnFitter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace slicewatt {
namespace {

constexpr int kSaturationSteps = 1000; // slider resolution: Sa in steps of 0.001

QTableView* makeOverrideView(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->verticalHeader()->hide();
    // The source text ("assumed, ×100 nested") takes the room; numbers keep their width.
    QHeaderView* header = view->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(OverrideTableModel::SourceColumn, QHeaderView::Stretch);
    ColumnFitter::attach(view, header);
    view->setWordWrap(false);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    view->setMinimumHeight(90);
    return view;
}

} // namespace

WhatIfPanel::WhatIfPanel(ProjectSession& session, WhatIfHistory& history, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_history(history)
{
    auto* layout = new QVBoxLayout(this);

    auto* projectGroup = new QGroupBox(tr("Hardware and model"), this);
    auto* projectForm = new QFormLayout(projectGroup);
    m_gpu = new QComboBox(projectGroup);
    m_model = new QComboBox(projectGroup);
    m_energyModel = new QComboBox(projectGroup);
    m_energyModel->setToolTip(tr("Energy per instruction class (METHOD §9): prices each line's instructions, which "
                                 "decides where a kernel's heat goes and its energy per launch"));
    m_energyCounts = new QComboBox(projectGroup);
    m_energyCounts->addItem(tr("Automatic"), int(EnergyCounts::Auto));
    m_energyCounts->addItem(tr("PTX instructions"), int(EnergyCounts::Ptx));
    m_energyCounts->addItem(tr("Source operators"), int(EnergyCounts::Source));
    m_energyCounts->setToolTip(tr("What the energy model prices: each line's instructions in the kernel's PTX "
                                  "(compiled on a worker thread, clang first), the source's operators by the rule "
                                  "book, or automatically the PTX when a model had it compiled"));
    // Long model names must not widen the dock beyond a laptop screen.
    for (QComboBox* box : {m_gpu, m_model, m_energyModel}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(14);
    }
    m_delta = new QDoubleSpinBox(projectGroup);
    m_delta->setRange(0, 1);
    m_delta->setDecimals(4);
    m_delta->setSingleStep(0.001);
    m_delta->setToolTip(tr("BDPM: sub-slices taken with probability at most δ are dropped (branch-dense kernels)"));
    m_seconds = new QDoubleSpinBox(projectGroup);
    m_seconds->setRange(0, 1e6);
    m_seconds->setDecimals(6);
    m_seconds->setSingleStep(0.001);
    m_seconds->setSuffix(tr(" s"));
    m_seconds->setSpecialValueText(tr("predicted"));
    m_seconds->setToolTip(tr("Kernel execution time per launch for energy E = P × t in J: predicted by the time "
                             "model (METHOD §12) unless you give one here"));
    projectForm->addRow(tr("&GPU:"), m_gpu);
    projectForm->addRow(tr("&Model:"), m_model);
    projectForm->addRow(tr("&Energy model:"), m_energyModel);
    projectForm->addRow(tr("Instruction &counts:"), m_energyCounts);
    projectForm->addRow(tr("BDPM &δ:"), m_delta);
    projectForm->addRow(tr("&Time for energy:"), m_seconds);
    layout->addWidget(projectGroup);

    m_kernelGroup = new QGroupBox(tr("Kernel"), this);
    auto* kernelLayout = new QVBoxLayout(m_kernelGroup);
    auto* launchForm = new QFormLayout;
    // Any number can be typed in; the GPU's limits (LaunchLimits) decide what is accepted.
    m_grid = new LaunchExtentEdit(tr(" blocks"), m_kernelGroup);
    m_block = new LaunchExtentEdit(tr(" threads"), m_kernelGroup);
    // A kernel launched at several sites (issue 47): which one it is estimated at.
    m_launchSite = new QComboBox(m_kernelGroup);
    m_launchSite->setToolTip(tr("The launch site the kernel is estimated at, with its own sizes and arguments; "
                                "the grid, block and values below apply to it. Automatic: the site with the most "
                                "energy per launch."));
    m_launchSite->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_launchSite->setMinimumContentsLength(16);
    launchForm->addRow(tr("&Launch:"), m_launchSite);
    launchForm->addRow(tr("G&rid:"), m_grid);
    launchForm->addRow(tr("&Block:"), m_block);
    kernelLayout->addLayout(launchForm);
    m_launchRefusal = new QLabel(m_kernelGroup);
    m_launchRefusal->setWordWrap(true);
    m_launchRefusal->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_launchRefusal->setVisible(false);
    kernelLayout->addWidget(m_launchRefusal);
    m_launchSummary = new QLabel(m_kernelGroup);
    m_launchSummary->setWordWrap(true);
    kernelLayout->addWidget(m_launchSummary);
    auto* saturationRow = new QHBoxLayout;
    m_saturationOverride = new QCheckBox(tr("Set &Sa"), m_kernelGroup);
    m_saturationOverride->setToolTip(tr("Set the SM saturation directly instead of from the launch's grid"));
    m_saturation = new QSlider(Qt::Horizontal, m_kernelGroup);
    m_saturation->setRange(1, kSaturationSteps);
    m_saturation->setPageStep(kSaturationSteps / 10);
    m_saturation->setToolTip(tr("SM saturation Sa = active SMs / SMs"));
    m_saturationValue = new QLabel(m_kernelGroup);
    m_saturationValue->setMinimumWidth(48);
    saturationRow->addWidget(m_saturationOverride);
    saturationRow->addWidget(m_saturation, 1);
    saturationRow->addWidget(m_saturationValue);
    kernelLayout->addLayout(saturationRow);
    m_arguments = new ArgumentTableModel(session, history, this);
    m_loops = new LoopTableModel(session, history, this);
    m_branches = new BranchTableModel(session, history, this);
    kernelLayout->addWidget(new QLabel(tr("Kernel arguments (double-click to set):"), m_kernelGroup));
    m_argumentView = makeOverrideView(m_arguments, m_kernelGroup);
    m_argumentView->setToolTip(tr("The problem size: integer arguments that bound the kernel's loops and guards, "
                                  "from the launch, a host call above it, .slicewatt/sizes.json or a what-if. "
                                  "An empty value takes a what-if away."));
    kernelLayout->addWidget(m_argumentView, 1);
    kernelLayout->addWidget(new QLabel(tr("Loop trip counts (double-click to set):"), m_kernelGroup));
    m_loopView = makeOverrideView(m_loops, m_kernelGroup);
    kernelLayout->addWidget(m_loopView, 1);
    kernelLayout->addWidget(new QLabel(tr("Branch arm probabilities:"), m_kernelGroup));
    m_branchView = makeOverrideView(m_branches, m_kernelGroup);
    kernelLayout->addWidget(m_branchView, 1);
    m_resetKernel = new QPushButton(tr("Reset &kernel to code"), m_kernelGroup);
    kernelLayout->addWidget(m_resetKernel);
    layout->addWidget(m_kernelGroup, 1);

    m_resetAll = new QPushButton(tr("Reset &all what-ifs"), this);
    layout->addWidget(m_resetAll);

    connect(m_gpu, &QComboBox::activated, this, &WhatIfPanel::changeGpu);
    connect(m_model, &QComboBox::activated, this, &WhatIfPanel::changeModel);
    connect(m_energyModel, &QComboBox::activated, this, [this] {
        WhatIfSettings next = m_session.settings();
        next.energyModelId = m_energyModel->currentData().toString();
        m_history.change(next, tr("Energy model %1").arg(m_energyModel->currentText()), QStringLiteral("energy-model"));
    });
    connect(m_energyCounts, &QComboBox::activated, this, [this] {
        WhatIfSettings next = m_session.settings();
        next.energyCounts = EnergyCounts(m_energyCounts->currentData().toInt());
        m_history.change(
            next, tr("Instruction counts: %1").arg(m_energyCounts->currentText()), QStringLiteral("energy-counts"));
    });
    connect(m_delta, &QDoubleSpinBox::valueChanged, this, [this](double delta) {
        WhatIfSettings next = m_session.settings();
        next.delta = delta;
        m_history.change(next, tr("BDPM δ %1").arg(delta), QStringLiteral("delta"));
    });
    connect(m_seconds, &QDoubleSpinBox::valueChanged, this, [this](double seconds) {
        WhatIfSettings next = m_session.settings();
        next.seconds = seconds > 0 ? std::optional<double>(seconds) : std::nullopt;
        m_history.change(next, tr("Execution time %1 s").arg(seconds), QStringLiteral("seconds"));
    });
    connect(m_launchSite, &QComboBox::activated, this, [this](int index) {
        const QString site = m_launchSite->itemData(index).toString();
        if (site == m_session.kernelWhatIf(m_session.selectedKernel()).launchSite)
            return;
        changeKernel(site.isEmpty() ? tr("Launch: heaviest") : tr("Launch %1").arg(m_launchSite->itemText(index)),
            QStringLiteral("launch"), [site](KernelWhatIf& w) { w.launchSite = site; });
    });
    connect(m_grid, &LaunchExtentEdit::edited, this, [this] { changeLaunch(m_grid); });
    connect(m_block, &LaunchExtentEdit::edited, this, [this] { changeLaunch(m_block); });
    connect(m_saturation, &QSlider::valueChanged, this, [this](int value) {
        const double sa = double(value) / kSaturationSteps;
        changeKernel(
            tr("SM saturation %1").arg(sa), QStringLiteral("sa"), [sa](KernelWhatIf& w) { w.saturation = sa; });
    });
    connect(m_saturationOverride, &QCheckBox::toggled, this, [this](bool on) {
        const double sa = double(m_saturation->value()) / kSaturationSteps;
        changeKernel(on ? tr("Set SM saturation") : tr("SM saturation from launch"), QStringLiteral("sa"),
            [on, sa](KernelWhatIf& w) { w.saturation = on ? std::optional<double>(sa) : std::nullopt; });
    });
    connect(m_resetKernel, &QPushButton::clicked, this, [this] {
        m_history.changeKernel(m_session.selectedKernel(), KernelWhatIf{}, tr("Reset kernel"), QStringLiteral("reset"));
    });
    connect(m_resetAll, &QPushButton::clicked, this, [this] {
        WhatIfSettings next = m_session.settings();
        next.kernels.clear();
        next.allKernels = KernelWhatIf{};
        m_history.change(next, tr("Reset all what-ifs"), QStringLiteral("reset-all"));
    });

    connect(&session, &ProjectSession::estimatesChanged, this, &WhatIfPanel::syncFromSession);
    connect(&session, &ProjectSession::selectionChanged, this, &WhatIfPanel::syncFromSession);
    connect(&session, &ProjectSession::projectChanged, this, &WhatIfPanel::syncFromSession);
    fillLibraryBoxes();
    syncFromSession();
}

void WhatIfPanel::fillLibraryBoxes()
{
    const QSignalBlocker gpuBlocker(m_gpu);
    const QSignalBlocker modelBlocker(m_model);
    const QSignalBlocker energyBlocker(m_energyModel);
    m_energyModel->clear();
    for (const EnergyModel& model : m_session.library().energyModels()) {
        m_energyModel->addItem(model.name(), model.id());
        m_energyModel->setItemData(m_energyModel->count() - 1,
            tr("%1\nMeasured on %2")
                .arg(model.provenance().value(QStringLiteral("source")).toString(), model.measuredOn()),
            Qt::ToolTipRole);
    }
    // Today's GPUs first, then the boards the papers measured (GT200 to Fermi), each group under
    // a heading that cannot be picked.
    m_gpu->clear();
    auto* items = qobject_cast<QStandardItemModel*>(m_gpu->model());
    for (const bool current : {true, false}) {
        m_gpu->addItem(current ? tr("Current GPUs") : tr("Historical GPUs (the papers' boards, for teaching)"));
        if (items) {
            QStandardItem* heading = items->item(m_gpu->count() - 1);
            heading->setEnabled(false);
            QFont font = heading->font();
            font.setBold(true);
            heading->setFont(font);
        }
        for (const GpuSpec& gpu : m_session.library().gpus().gpus()) {
            if (isCurrentGpu(gpu) == current)
                m_gpu->addItem(QStringLiteral("  ") + gpu.name, gpu.id);
        }
    }
    m_model->clear();
    for (const PowerModel& model : m_session.library().models()) {
        m_model->addItem(model.name(), model.id());
        m_model->setItemData(m_model->count() - 1,
            tr("%1\nCovers: %2").arg(model.equation(), model.gpuIds().join(QStringLiteral(", "))), Qt::ToolTipRole);
    }
}

void WhatIfPanel::changeGpu()
{
    WhatIfSettings next = m_session.settings();
    next.gpuId = m_gpu->currentData().toString();
    // A model without parameters for the new GPU gives way, in the same step, to the GPU's
    // default: the model its measured validation chose, else JoS13's regression.
    const PowerModel* current = m_session.library().model(next.modelId);
    if (!current || !current->supports(next.gpuId)) {
        if (const PowerModel* fallback = m_session.library().defaultModelFor(next.gpuId))
            next.modelId = fallback->id();
    }
    m_history.change(next, tr("GPU %1").arg(m_gpu->currentText().trimmed()), QStringLiteral("gpu"));
}

void WhatIfPanel::changeModel()
{
    WhatIfSettings next = m_session.settings();
    next.modelId = m_model->currentData().toString();
    // A model fitted on other boards takes the first GPU it covers, in the same step.
    const PowerModel* model = m_session.library().model(next.modelId);
    if (model && !model->supports(next.gpuId) && !model->gpuIds().isEmpty()) {
        for (const GpuSpec& gpu : m_session.library().gpus().gpus()) {
            if (model->supports(gpu.id)) {
                next.gpuId = gpu.id;
                break;
            }
        }
    }
    m_history.change(next, tr("Model %1").arg(m_model->currentText()), QStringLiteral("model"));
}

void WhatIfPanel::changeKernel(const QString& text, const QString& tag, const std::function<void(KernelWhatIf&)>& edit)
{
    const QString key = m_session.selectedKernel();
    if (key.isEmpty())
        return;
    KernelWhatIf whatIf = m_session.kernelWhatIf(key);
    edit(whatIf);
    m_history.changeKernel(key, whatIf, text, tag);
}

void WhatIfPanel::changeLaunch(LaunchExtentEdit* edit)
{
    const KernelWhatIf current = m_session.kernelWhatIf(m_session.selectedKernel());
    const std::optional<LaunchExtent> typed = edit->extent();
    const bool grid = edit == m_grid;
    const QString refusal = m_session.gpu()
        ? launchLimitProblem(*m_session.gpu(), grid ? typed : current.grid, grid ? current.block : typed)
        : QString();
    m_launchRefusal->setText(refusal.isEmpty() ? QString() : tr("Refused: %1.").arg(refusal));
    m_launchRefusal->setVisible(!refusal.isEmpty());
    if (!refusal.isEmpty()) {
        edit->setExtent(grid ? current.grid : current.block);
        return;
    }
    if (typed == (grid ? current.grid : current.block))
        return;
    const QString shown = typed ? typed->toString() : tr("as in code");
    if (grid)
        changeKernel(
            tr("Grid %1 blocks").arg(shown), QStringLiteral("grid"), [typed](KernelWhatIf& w) { w.grid = typed; });
    else
        changeKernel(
            tr("Block %1 threads").arg(shown), QStringLiteral("block"), [typed](KernelWhatIf& w) { w.block = typed; });
}

QString WhatIfPanel::launchRefusal() const
{
    return m_launchRefusal->text();
}

void WhatIfPanel::syncFromSession()
{
    const WhatIfSettings& settings = m_session.settings();
    const QSignalBlocker blockers[] = {QSignalBlocker(m_gpu), QSignalBlocker(m_model), QSignalBlocker(m_energyModel),
        QSignalBlocker(m_energyCounts), QSignalBlocker(m_delta), QSignalBlocker(m_seconds), QSignalBlocker(m_grid),
        QSignalBlocker(m_block), QSignalBlocker(m_saturation), QSignalBlocker(m_saturationOverride)};
    if (m_gpu->count() != m_session.library().gpus().gpus().size() + 2 // the two headings
        || m_model->count() != m_session.library().models().size()
        || m_energyModel->count() != m_session.library().energyModels().size())
        fillLibraryBoxes();
    m_energyModel->setCurrentIndex(m_energyModel->findData(settings.energyModelId));
    m_energyCounts->setCurrentIndex(m_energyCounts->findData(int(settings.energyCounts)));
    m_gpu->setCurrentIndex(m_gpu->findData(settings.gpuId));
    m_model->setCurrentIndex(m_model->findData(settings.modelId));
    // GPUs the chosen model has no parameters for cannot be picked with it.
    if (auto* items = qobject_cast<QStandardItemModel*>(m_gpu->model())) {
        const PowerModel* model = m_session.model() ? m_session.model() : m_session.library().model(settings.modelId);
        for (int row = 0; row < items->rowCount(); ++row) {
            const QString id = m_gpu->itemData(row).toString();
            items->item(row)->setEnabled(!id.isEmpty() && (!model || model->supports(id)));
        }
    }
    m_delta->setValue(settings.delta);
    m_seconds->setValue(settings.seconds.value_or(0));

    const QString key = m_session.selectedKernel();
    const KernelEstimateReport* report = m_session.kernelReport(key);
    m_kernelGroup->setEnabled(report != nullptr);
    if (!report) {
        m_kernelGroup->setTitle(tr("Kernel (select one in the tree)"));
        m_launchSummary->setText(m_session.hasEstimates() ? QString() : m_session.modelError());
        return;
    }
    const KernelWhatIf whatIf = m_session.kernelWhatIf(key);
    m_kernelGroup->setTitle(tr("Kernel %1").arg(report->analysis.kernel->info.qualifiedName));
    m_grid->setExtent(whatIf.grid);
    m_block->setExtent(whatIf.block);
    {
        const QSignalBlocker blocker(m_launchSite);
        m_launchSite->clear();
        const QVector<LaunchSiteEstimate>& sites = report->launches;
        m_launchSite->setEnabled(sites.size() > 1);
        if (sites.size() > 1)
            m_launchSite->addItem(tr("Automatic: the heaviest"), QString());
        for (const LaunchSiteEstimate& site : sites) {
            const QString text = QStringLiteral("%1:%2")
                                     .arg(QFileInfo(site.site->location.file).fileName())
                                     .arg(site.site->location.line);
            m_launchSite->addItem(text, sites.size() > 1 ? launchSiteKey(*site.site) : QString());
            m_launchSite->setItemData(m_launchSite->count() - 1,
                tr("%1, grid %2, block %3: %4, %5 per launch")
                    .arg(site.site->callerName, launchDimsText(site.shape.gridDim), launchDimsText(site.shape.blockDim),
                        site.watts ? formatWatts(*site.watts) : tr("no power"),
                        site.joules ? formatJoules(*site.joules) : tr("no energy")),
                Qt::ToolTipRole);
        }
        if (sites.isEmpty())
            m_launchSite->addItem(tr("not launched in the code"), QString());
        const int current = m_launchSite->findData(whatIf.launchSite);
        m_launchSite->setCurrentIndex(std::max(0, current));
    }
    const KernelEstimate& e = report->estimate;
    m_saturationOverride->setChecked(whatIf.saturation.has_value());
    // The slider being dragged is the change's source: writing the estimate back into it
    // would fight the hand (and round its position).
    if (!m_saturation->isSliderDown())
        m_saturation->setValue(qBound(1, int(std::lround(e.saturation * kSaturationSteps)), kSaturationSteps));
    m_saturationValue->setText(QString::number(e.saturation, 'f', 3));

    const LaunchShape& launch = report->analysis.launch;
    auto dims = [](const std::optional<qint64>(&d)[3]) {
        QStringList parts;
        for (const auto& v : d)
            parts << (v ? QString::number(*v) : QStringLiteral("?"));
        return parts.join(QStringLiteral("×"));
    };
    const bool launched = !report->analysis.kernel->launches.isEmpty() || whatIf.grid || whatIf.block;
    const QString launchText = launched
        ? tr("Launch %1 blocks of %2 threads").arg(dims(launch.gridDim), dims(launch.blockDim))
        : tr("No launch of this kernel in the analysed code");
    QString summary = tr("%1: %2 of %3 SMs active → Sa = %4")
                          .arg(launchText)
                          .arg(e.activeSms)
                          .arg(m_session.gpu() ? m_session.gpu()->sms : 0)
                          .arg(e.saturation, 0, 'f', 3);
    if (whatIf.saturation)
        summary = tr("Sa = %1 set directly").arg(e.saturation, 0, 'f', 3);
    // The time per launch and the energy over it (METHOD §12): what every J stands on.
    summary += QStringLiteral("\n") + tr("Time: %1").arg(timeSummary(e));
    if (const QString energy = energyPerLaunchSummary(e); !energy.isEmpty())
        summary += QStringLiteral("\n") + tr("Energy: %1").arg(energy);
    for (const QString& assumption : e.assumptions)
        summary += QStringLiteral("\n") + assumption;
    m_launchSummary->setText(summary);
}

} // namespace slicewatt
