// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelAccuracyWindow.h"

#include "AccuracyScatterPlot.h"
#include "common/FileIo.h"
#include "export/AccuracyBreakdown.h"
#include "model/ModelLibrary.h"
#include "plots/PlotExport.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace slicewatt {

namespace {

QTableWidgetItem* numberItem(double value, int decimals)
{
    auto* item = new QTableWidgetItem;
    item->setData(Qt::DisplayRole, QString::number(value, 'f', decimals).toDouble());
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidget* readOnlyTable(const QStringList& headers, QWidget* parent)
{
    auto* table = new QTableWidget(0, int(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

} // namespace

ModelAccuracyWindow::ModelAccuracyWindow(const ModelLibrary& library, QWidget* parent)
    : QDialog(parent)
    , m_library(library)
{
    setWindowTitle(tr("Model Accuracy"));
    setObjectName(QStringLiteral("modelAccuracyWindow"));
    resize(1100, 720);

    m_gpu = new QComboBox(this);
    m_gpu->setObjectName(QStringLiteral("accuracyGpu"));
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("accuracyModel"));
    auto* choice = new QHBoxLayout;
    auto* gpuLabel = new QLabel(tr("&GPU:"), this);
    gpuLabel->setBuddy(m_gpu);
    choice->addWidget(gpuLabel);
    choice->addWidget(m_gpu, 1);
    auto* modelLabel = new QLabel(tr("&Model:"), this);
    modelLabel->setBuddy(m_model);
    choice->addWidget(modelLabel);
    choice->addWidget(m_model, 1);

    m_figures = new QLabel(this);
    m_figures->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_compared = readOnlyTable({tr("Model or baseline"), tr("Grouped MAPE, %")}, this);
    m_compared->setToolTip(tr("Every form the validation fitted on this GPU's measurements, each predicting a kernel "
                              "with that kernel left out of its fit, and the two trivial baselines."));
    m_kernels
        = readOnlyTable({tr("Kernel"), tr("Launches"), tr("MAPE, %"), tr("Measured, W"), tr("Predicted, W")}, this);
    m_kernels->setSortingEnabled(true);
    m_plot = new AccuracyScatterPlot(this);
    m_plot->setMinimumSize(420, 360);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_figures);
    leftLayout->addWidget(m_compared, 1);
    leftLayout->addWidget(new QLabel(tr("Error per kernel (held out), worst first:"), this));
    leftLayout->addWidget(m_kernels, 2);
    auto* splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(m_plot);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({470, 630});

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* csv = buttons->addButton(tr("Export &CSV…"), QDialogButtonBox::ActionRole);
    QPushButton* picture = buttons->addButton(tr("Export &Plot…"), QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(csv, &QPushButton::clicked, this, &ModelAccuracyWindow::exportCsv);
    connect(picture, &QPushButton::clicked, this, &ModelAccuracyWindow::exportPlot);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(choice);
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);

    connect(m_gpu, &QComboBox::currentIndexChanged, this, &ModelAccuracyWindow::fillModels);
    connect(m_model, &QComboBox::currentIndexChanged, this, &ModelAccuracyWindow::showCurrent);
    connect(m_kernels, &QTableWidget::itemSelectionChanged, this, [this] {
        if (!m_current)
            return;
        const QList<QTableWidgetItem*> selected = m_kernels->selectedItems();
        const QString kernel = selected.isEmpty()
            ? QString()
            : m_kernels->item(selected.first()->row(), 0)->data(Qt::UserRole).toString();
        m_plot->showAccuracy(*m_current, m_gpu->currentText() + QStringLiteral(" · ") + m_model->currentText(), kernel);
    });
    reload();
}

void ModelAccuracyWindow::reload()
{
    const QString previous = m_gpu->currentData().toString();
    const QSignalBlocker blocker(m_gpu);
    m_gpu->clear();
    for (const GpuSpec& gpu : m_library.gpus().gpus()) {
        for (const PowerModel& model : m_library.models()) {
            if (model.accuracy(gpu.id)) {
                m_gpu->addItem(gpu.name, gpu.id);
                break;
            }
        }
    }
    const int index = m_gpu->findData(previous);
    m_gpu->setCurrentIndex(index >= 0 ? index : 0);
    fillModels();
}

bool ModelAccuracyWindow::selectGpu(const QString& gpuId)
{
    const GpuSpec* gpu = m_library.gpus().find(gpuId);
    const int index = gpu ? m_gpu->findData(gpu->id) : -1;
    if (index >= 0)
        m_gpu->setCurrentIndex(index);
    return index >= 0;
}

void ModelAccuracyWindow::setDarkPalette(bool dark)
{
    m_plot->setDarkPalette(dark);
    showCurrent();
}

void ModelAccuracyWindow::fillModels()
{
    const QSignalBlocker blocker(m_model);
    m_model->clear();
    const QString gpu = m_gpu->currentData().toString();
    for (const PowerModel& model : m_library.models()) {
        if (const ModelAccuracy* accuracy = model.accuracy(gpu))
            m_model->addItem(
                accuracy->isDefault ? tr("%1 (default for this GPU)").arg(model.name()) : model.name(), model.id());
    }
    showCurrent();
}

void ModelAccuracyWindow::showCurrent()
{
    const PowerModel* model = m_library.model(m_model->currentData().toString());
    const QString gpuId = m_gpu->currentData().toString();
    m_current = model && model->accuracy(gpuId) ? std::optional(*model->accuracy(gpuId)) : std::nullopt;
    m_compared->setRowCount(0);
    m_kernels->setRowCount(0);
    if (!m_current) {
        m_figures->setText(tr("No model in the library was validated on measured power of a GPU. "
                              "slicewatt-cli validate-measured writes such figures into a model file."));
        m_plot->showAccuracy(ModelAccuracy(), QString(), QString());
        return;
    }
    const ModelAccuracy& a = *m_current;
    QString text = tr("<b>%1 kernels, %2 launches, %3.</b> MAPE %4 %, median %5 %, 90th percentile %6 %, R² %7.")
                       .arg(a.kernels)
                       .arg(a.rows)
                       .arg(a.split.toHtmlEscaped())
                       .arg(a.mapePct, 0, 'f', 1)
                       .arg(a.medianApePct, 0, 'f', 1)
                       .arg(a.p90ApePct, 0, 'f', 1)
                       .arg(a.r2, 0, 'f', 2);
    if (a.randomSplitMapePct > 0)
        text
            += tr(" Random 10-fold row split, for comparison only (it lets the model recognise the kernel): MAPE %1 %.")
                   .arg(a.randomSplitMapePct, 0, 'f', 1);
    // How the model transfers (issue 46): this GPU predicted from its data sheet with the other
    // measured GPUs' corrections, as a GPU nobody measured is.
    if (a.gpuHeldOut)
        text += tr("<br><b>This GPU held out</b> (its data sheet, the other GPUs' corrections): MAPE %1 %, rank "
                   "correlation %2; the data sheet alone %3 %.")
                    .arg(a.gpuHeldOut->mapePct, 0, 'f', 1)
                    .arg(a.gpuHeldOut->spearman, 0, 'f', 2)
                    .arg(a.gpuHeldOut->dataSheetOnlyMapePct, 0, 'f', 1);
    if (const PowerModel* shown = m_library.model(m_model->currentData().toString());
        shown && shown->isDataSheetOnly(m_gpu->currentData().toString()))
        text += tr("<br><b>Never measured:</b> its constants come from its data sheet; these are the errors of such "
                   "predictions on the measured GPUs, each held out.");
    m_figures->setText(text + tr("<br>Data: %1").arg(a.data.toHtmlEscaped()));
    QVector<std::pair<QString, double>> compared = a.compared;
    std::sort(compared.begin(), compared.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    for (const auto& [id, mape] : compared) {
        const int row = m_compared->rowCount();
        m_compared->insertRow(row);
        m_compared->setItem(row, 0, new QTableWidgetItem(id));
        m_compared->setItem(row, 1, numberItem(mape, 1));
    }
    m_kernels->setSortingEnabled(false);
    for (const KernelError& e : kernelErrors(a)) {
        const int row = m_kernels->rowCount();
        m_kernels->insertRow(row);
        // "cuda-samples/6_Performance/transpose|copy" reads as "transpose · copy".
        auto* name = new QTableWidgetItem(
            QStringLiteral("%1 · %2").arg(e.kernel.section(QLatin1Char('|'), 0, 0).section(QLatin1Char('/'), -1),
                e.kernel.section(QLatin1Char('|'), 1)));
        name->setData(Qt::UserRole, e.kernel);
        name->setToolTip(e.kernel);
        m_kernels->setItem(row, 0, name);
        m_kernels->setItem(row, 1, numberItem(e.launches, 0));
        m_kernels->setItem(row, 2, numberItem(e.mapePct, 1));
        m_kernels->setItem(row, 3, numberItem(e.meanMeasuredW, 1));
        m_kernels->setItem(row, 4, numberItem(e.meanPredictedW, 1));
    }
    m_kernels->setSortingEnabled(true);
    m_kernels->sortItems(2, Qt::DescendingOrder); // worst first
    for (int column = 0; column < m_kernels->columnCount(); ++column)
        m_kernels->resizeColumnToContents(column);
    m_compared->resizeColumnToContents(0);
    m_plot->showAccuracy(a, m_gpu->currentText() + QStringLiteral(" · ") + m_model->currentText(), QString());
}

QString ModelAccuracyWindow::figuresText() const
{
    return m_figures->text();
}

void ModelAccuracyWindow::exportCsv()
{
    if (!m_current)
        return;
    const QString file = QFileDialog::getSaveFileName(this, tr("Export Held-Out Predictions"),
        QStringLiteral("%1-%2-accuracy.csv").arg(m_model->currentData().toString(), m_gpu->currentData().toString()),
        tr("CSV (*.csv)"));
    if (file.isEmpty())
        return;
    QString error;
    if (!writeFileAtomically(
            file, accuracyCsv(*m_current, m_model->currentData().toString(), m_gpu->currentData().toString()), &error))
        QMessageBox::warning(this, tr("Export CSV"), error);
}

void ModelAccuracyWindow::exportPlot()
{
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Export Plot"), QStringLiteral("accuracy.png"), tr("PNG image (*.png);;PDF (*.pdf)"));
    if (file.isEmpty())
        return;
    QString error;
    if (!slicewatt::exportPlot(*m_plot, file, &error))
        QMessageBox::warning(this, tr("Export Plot"), error);
}

} // namespace slicewatt
