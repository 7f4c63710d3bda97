// SPDX-License-Identifier: GPL-3.0-or-later
#include "DockLayout.h"

#include "models/HotspotModel.h"
#include "models/KernelTreeModel.h"
#include "views/ColumnFitter.h"
#include "views/FileRowOpener.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

namespace slicewatt {

namespace {

// Dock titles are the main window's words (one translation context with its menus).
QString dockTitle(const char* title)
{
    return QCoreApplication::translate("slicewatt::MainWindow", title);
}

// A header's context menu that shows and hides its columns (all but the first).
void offerColumnChoice(QHeaderView* header)
{
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(header, &QWidget::customContextMenuRequested, header, [header](const QPoint& at) {
        QMenu menu;
        const QAbstractItemModel* model = header->model();
        for (int column = 1; column < model->columnCount(); ++column) {
            QAction* action = menu.addAction(model->headerData(column, Qt::Horizontal).toString());
            action->setCheckable(true);
            action->setChecked(!header->isSectionHidden(column));
            QObject::connect(action, &QAction::toggled, header,
                [header, column](bool shown) { header->setSectionHidden(column, !shown); });
        }
        menu.exec(header->mapToGlobal(at));
    });
}

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->hide();
    // Compact rows; columns fitted to their contents whenever the rows change (ColumnFitter,
    // attached once the caller has chosen which columns stretch).
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    return view;
}

QDockWidget* makeDock(const QString& title, const QString& objectName, QWidget* content, QMainWindow* window)
{
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(objectName); // saveState() needs it to remember the layout
    dock->setWidget(content);
    return dock;
}

// First start: the code gets the most room; docks take their share once the window has its
// real size.
void layOutFirstStart(QMainWindow& window)
{
    const auto docks = window.findChildren<QDockWidget*>();
    QList<QDockWidget*> sides;
    QList<QDockWidget*> bottom;
    for (QDockWidget* dock : docks) {
        if (window.dockWidgetArea(dock) == Qt::BottomDockWidgetArea)
            bottom << dock;
        else
            sides << dock;
    }
    window.resizeDocks(sides, QList<int>(sides.size(), window.width() * 27 / 100), Qt::Horizontal);
    window.resizeDocks(bottom, QList<int>(bottom.size(), window.height() * 32 / 100), Qt::Vertical);
    for (QDockWidget* dock : docks) {
        if (dock->objectName() == QLatin1String("kernelsDock") || dock->objectName() == QLatin1String("whatIfDock")
            || dock->objectName() == QLatin1String("plotsDock"))
            dock->raise();
    }
}

} // namespace

QTreeView* makeKernelTree(QAbstractItemModel* kernels, QWidget* parent)
{
    auto* view = new QTreeView(parent);
    view->setModel(kernels);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->header()->setStretchLastSection(false);
    view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->header()->setSectionResizeMode(KernelTreeModel::NameColumn, QHeaderView::Stretch);
    view->header()->setMinimumSectionSize(40);
    // Class and Sa are in the status bar and the what-if panel, intensity in the plots and Why?:
    // the tree starts narrow enough for a laptop screen to show the kernels' names (and the
    // change column, with a baseline), and the header's context menu shows them again.
    view->header()->setSectionHidden(KernelTreeModel::ClassColumn, true);
    view->header()->setSectionHidden(KernelTreeModel::SaturationColumn, true);
    view->header()->setSectionHidden(KernelTreeModel::IntensityColumn, true);
    offerColumnChoice(view->header());
    ColumnFitter::attach(view, view->header());
    // Rows rebuilt in place (a new index) keep what the reader opened and closed; files that
    // arrive are opened like the first ones.
    FileRowOpener::attach(view);
    return view;
}

QTableView* makeHotspotTable(QAbstractItemModel* hotspots, QWidget* parent)
{
    QTableView* view = makeTable(hotspots, parent);
    // The share and the kernel (in every row's tooltip) wait in the header's menu on a laptop;
    // the code is cut at its end.
    QHeaderView* header = view->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(HotspotModel::CodeColumn, QHeaderView::Stretch);
    header->setSectionHidden(HotspotModel::ShareColumn, true);
    header->setSectionHidden(HotspotModel::KernelColumn, true);
    offerColumnChoice(header);
    ColumnFitter::attach(view, header);
    return view;
}

QTableView* makeDiagnosticsTable(QAbstractItemModel* diagnostics, QWidget* parent)
{
    QTableView* view = makeTable(diagnostics, parent);
    ColumnFitter::attach(view, view->horizontalHeader());
    return view;
}

void addMainDocks(QMainWindow& window, const MainDocks& content)
{
    auto* whatIfScroll = new QScrollArea(&window);
    whatIfScroll->setWidget(content.whatIf);
    whatIfScroll->setWidgetResizable(true);
    whatIfScroll->setFrameShape(QFrame::NoFrame);

    QDockWidget* kernels
        = makeDock(dockTitle("Kernels and Slices"), QStringLiteral("kernelsDock"), content.kernels, &window);
    QDockWidget* hotspots = makeDock(dockTitle("Hot Spots"), QStringLiteral("hotspotsDock"), content.hotspots, &window);
    QDockWidget* whatIf = makeDock(dockTitle("What If"), QStringLiteral("whatIfDock"), whatIfScroll, &window);
    QDockWidget* why = makeDock(dockTitle("Why?"), QStringLiteral("whyDock"), content.why, &window);
    QDockWidget* plots = makeDock(dockTitle("Plots"), QStringLiteral("plotsDock"), content.plots, &window);
    QDockWidget* diagnostics
        = makeDock(dockTitle("Diagnostics"), QStringLiteral("diagnosticsDock"), content.diagnostics, &window);
    window.addDockWidget(Qt::LeftDockWidgetArea, kernels);
    window.addDockWidget(Qt::LeftDockWidgetArea, hotspots);
    window.tabifyDockWidget(kernels, hotspots);
    kernels->raise();
    window.addDockWidget(Qt::RightDockWidgetArea, whatIf);
    window.addDockWidget(Qt::RightDockWidgetArea, why);
    window.tabifyDockWidget(whatIf, why);
    whatIf->raise();
    window.addDockWidget(Qt::BottomDockWidgetArea, plots);
    window.addDockWidget(Qt::BottomDockWidgetArea, diagnostics);
    window.tabifyDockWidget(plots, diagnostics);
    plots->raise();
}

void restoreWindowLayout(QMainWindow& window)
{
    QSettings settings;
    if (!window.restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        // First start: most of the screen, never more (a 1366×768 laptop or projector).
        const QRect available = window.screen() ? window.screen()->availableGeometry() : QRect(0, 0, 1366, 768);
        window.resize(std::min(1600, available.width() * 19 / 20), std::min(1000, available.height() * 9 / 10));
    }
    if (!window.restoreState(settings.value(QStringLiteral("window/state")).toByteArray()))
        QTimer::singleShot(0, &window, [&window] { layOutFirstStart(window); });
}

void saveWindowLayout(const QMainWindow& window)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), window.saveGeometry());
    settings.setValue(QStringLiteral("window/state"), window.saveState());
}

} // namespace slicewatt
