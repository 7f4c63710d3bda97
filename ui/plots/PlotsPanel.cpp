// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlotsPanel.h"

#include "ContributionBars.h"
#include "GpuSurfacesGrid.h"
#include "PlotExport.h"
#include "SaturationSweepPlot.h"
#include "SurfacePlot.h"
#include "WnnComparisonPlot.h"
#include "session/ProjectSession.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QScrollArea>
#include <QStandardPaths>
#include <QToolButton>

namespace slicewatt {
namespace {

// Size of exports from a plot that was never laid out (tests, hidden docks), px.
constexpr int kDefaultExportWidth = 900;
constexpr int kDefaultExportHeight = 640;

} // namespace

PlotsPanel::PlotsPanel(ProjectSession& session, QWidget* parent)
    : QTabWidget(parent)
    , m_session(session)
{
    setDocumentMode(true);
    addPlot(m_surface = new SurfacePlot, tr("Surface"));
    addPlot(m_gpus = new GpuSurfacesGrid, tr("All GPUs"), true);
    addPlot(m_wnn = new WnnComparisonPlot, tr("Network vs regression"), true);
    addPlot(m_bars = new ContributionBars, tr("Slices"));
    addPlot(m_sweep = new SaturationSweepPlot, tr("Saturation sweep"));

    m_exportAction = new QAction(QIcon::fromTheme(QStringLiteral("document-export")), tr("Export plot…"), this);
    m_exportAction->setToolTip(tr("Save the plot on screen as a PNG image or a PDF document"));
    connect(m_exportAction, &QAction::triggered, this, &PlotsPanel::exportWithDialog);
    auto* exportButton = new QToolButton(this);
    exportButton->setDefaultAction(m_exportAction);
    exportButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    exportButton->setAutoRaise(true);
    setCornerWidget(exportButton, Qt::TopRightCorner);

    connect(&m_session, &ProjectSession::projectChanged, this, [this] { invalidate(true); });
    connect(&m_session, &ProjectSession::selectionChanged, this, [this] { invalidate(false); });
    connect(&m_session, &ProjectSession::estimatesChanged, this, [this](const QString& kernelKey) {
        // A what-if on a kernel no tab shows changes nothing here. Without a selection the
        // tabs show the hottest kernel, which any kernel's change may dethrone.
        const QString shown = m_session.selectedKernel();
        if (!kernelKey.isEmpty() && !shown.isEmpty() && kernelKey != shown)
            return;
        // An empty key is a new model, GPU or model library: sampled surfaces are stale too.
        invalidate(kernelKey.isEmpty());
    });
    connect(this, &QTabWidget::currentChanged, this, [this] { refreshCurrent(); });
}

void PlotsPanel::addPlot(PlotBase* plot, const QString& title, bool scrolls)
{
    if (scrolls) {
        // A plot with a minimum height for readable panels: a low dock scrolls it.
        auto* area = new QScrollArea;
        area->setWidget(plot);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        addTab(area, title);
    } else {
        addTab(plot, title);
    }
    m_plots << plot;
    m_stale << true;
    connect(plot, &PlotBase::refreshRequested, this, [this, plot] {
        const int index = int(m_plots.indexOf(plot));
        m_stale[index] = true;
        refreshCurrent();
    });
}

PlotBase* PlotsPanel::currentPlot() const
{
    const int index = currentIndex();
    return index >= 0 && index < m_plots.size() ? m_plots[index] : nullptr;
}

void PlotsPanel::invalidate(bool modelsMayHaveChanged)
{
    for (int i = 0; i < m_plots.size(); ++i) {
        m_stale[i] = true;
        if (modelsMayHaveChanged)
            m_plots[i]->dropCaches();
    }
    refreshCurrent();
}

void PlotsPanel::refreshCurrent(bool evenIfHidden)
{
    const int index = currentIndex();
    if (index < 0 || index >= m_plots.size() || !m_stale[index] || (!evenIfHidden && !isVisible()))
        return;
    m_plots[index]->refresh(makePlotContext(m_session));
    m_stale[index] = false;
}

void PlotsPanel::showEvent(QShowEvent* event)
{
    QTabWidget::showEvent(event);
    refreshCurrent();
}

void PlotsPanel::setDarkPalette(bool dark)
{
    const PlotPalette palette = dark ? PlotPalette::dark() : PlotPalette::light();
    for (int i = 0; i < m_plots.size(); ++i) {
        m_plots[i]->setPlotPalette(palette);
        m_stale[i] = true; // labels and markers take the palette when they are made
    }
    refreshCurrent();
}

bool PlotsPanel::exportCurrent(const QString& fileName, QString* error)
{
    PlotBase* plot = currentPlot();
    if (!plot) {
        if (error)
            *error = tr("There is no plot to export.");
        return false;
    }
    refreshCurrent(true);
    const bool laidOut = plot->isVisible() && plot->width() >= 200 && plot->height() >= 150;
    return exportPlot(*plot, fileName, error, laidOut ? 0 : kDefaultExportWidth, laidOut ? 0 : kDefaultExportHeight);
}

void PlotsPanel::exportWithDialog()
{
    const QString pngFilter = tr("PNG image (*.png)");
    const QString pdfFilter = tr("PDF document (*.pdf)");
    QString filter = pngFilter;
    const QString suggested = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation) + QLatin1Char('/')
        + tabText(currentIndex()).toLower().replace(QLatin1Char(' '), QLatin1Char('-')) + QStringLiteral(".png");
    QString fileName = QFileDialog::getSaveFileName(
        this, tr("Export plot"), suggested, pngFilter + QStringLiteral(";;") + pdfFilter, &filter);
    if (fileName.isEmpty())
        return;
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("pdf"))
        fileName += filter == pdfFilter ? QStringLiteral(".pdf") : QStringLiteral(".png");
    QString error;
    if (!exportCurrent(fileName, &error))
        QMessageBox::warning(this, tr("Export plot"), error);
}

} // namespace slicewatt
