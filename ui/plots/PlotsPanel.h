// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTabWidget>
#include <QVector>

class QAction;

namespace slicewatt {

class ContributionBars;
class GpuSurfacesGrid;
class PlotBase;
class ProjectSession;
class SaturationSweepPlot;
class SurfacePlot;
class WnnComparisonPlot;

// The plots of the desktop app in tabs: "Surface", "All GPUs", "Network vs regression",
// "Slices", "Saturation sweep". Follows the session: a change redraws only the tab on
// screen, the others when they are next shown, so what-if sliders stay fluid.
class PlotsPanel : public QTabWidget {
    Q_OBJECT
public:
    explicit PlotsPanel(ProjectSession& session, QWidget* parent = nullptr);

    // "Export plot…": asks for a PNG or PDF file name and saves the current tab's plot.
    QAction* exportAction() const { return m_exportAction; }
    // Saves the current tab's plot (brought up to date first); false with `error` set on
    // failure, the target then untouched.
    bool exportCurrent(const QString& fileName, QString* error);

    void setDarkPalette(bool dark);

    PlotBase* currentPlot() const;
    SurfacePlot* surfacePlot() const { return m_surface; }
    GpuSurfacesGrid* gpuSurfacesGrid() const { return m_gpus; }
    WnnComparisonPlot* wnnComparisonPlot() const { return m_wnn; }
    ContributionBars* contributionBars() const { return m_bars; }
    SaturationSweepPlot* saturationSweepPlot() const { return m_sweep; }

public Q_SLOTS:
    void exportWithDialog();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void addPlot(PlotBase* plot, const QString& title, bool scrolls = false);
    void invalidate(bool modelsMayHaveChanged);
    void refreshCurrent(bool evenIfHidden = false);

    ProjectSession& m_session;
    SurfacePlot* m_surface = nullptr;
    GpuSurfacesGrid* m_gpus = nullptr;
    WnnComparisonPlot* m_wnn = nullptr;
    ContributionBars* m_bars = nullptr;
    SaturationSweepPlot* m_sweep = nullptr;
    QVector<PlotBase*> m_plots; // by tab index
    QVector<bool> m_stale; // by tab index: the session changed since the tab was drawn
    QAction* m_exportAction = nullptr;
};

} // namespace slicewatt
