// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotContext.h"
#include "PlotStyle.h"
#include "PlotView.h"

#include <qcustomplot.h>

namespace slicewatt {

// The common part of SliceWatt's plots: a QCustomPlot that redraws itself from a
// PlotContext, wears the shared palette, and shows a message instead of data when there is
// nothing to draw. Plots only place numbers that core/ computed.
class PlotBase : public QCustomPlot {
    Q_OBJECT
public:
    explicit PlotBase(QWidget* parent = nullptr);

    virtual void refresh(const PlotContext& context) = 0;
    // Forget sampled surfaces: the model library may have been reloaded under the same ids.
    virtual void dropCaches() { }

    // Takes effect on axes at once and on labels and markers at the next refresh.
    void setPlotPalette(const PlotPalette& palette);
    const PlotPalette& plotPalette() const { return m_palette; }

    // The text shown instead of (or over) the plot; empty when none.
    QString message() const { return m_message; }

    // Exploring, as in hotspot's and Nsight's charts: the wheel zooms at the cursor, a drag
    // pans, Shift+drag zooms to the rubber band, a double-click (or Home, or R) goes back to
    // the whole plot. The reader's view survives refreshes (a what-if step redraws the data
    // under it) until reset. Hovering shows the values under the cursor (plotReadout).
    void resetView();
    bool isViewChanged() const { return m_view.changed(); }
    QString readoutAt(const QPointF& pos) const;

Q_SIGNALS:
    // The plot's own controls changed what it shows (a GPU picked on it): the owner refreshes
    // it with the current context.
    void refreshRequested();

protected:
    // Removes the previous refresh's items (labels, guides) and message.
    void beginRefresh();
    // Styles what the refresh created and schedules one repaint: slider moves in a row
    // coalesce into one paint.
    void endRefresh();
    // A title row above everything else in the plot layout; setTitle fills it, wrapped to
    // fit a dock (text elements do not wrap).
    void insertTitleRow();
    void setTitle(const QString& text);
    void setTitleMargins(const QMargins& margins); // room for a control beside the title
    // The legend as the small plots use it: visible, filled column by column, `columns`
    // entries a row, tight spacing and short icons (placed by the caller's inset alignment).
    void useCompactLegend(int columns);
    // Centred text over the whole plot (errors, missing models).
    void showMessage(const QString& text);

    // A label next to the data point (x, y) of `keyAxis`/`valueAxis`: to its right, or to its
    // left when the point is in the right part of the axis, `dy` pixels up (negative: down).
    QCPItemText* addPointLabel(
        QCPAxis* keyAxis, QCPAxis* valueAxis, double x, double y, const QString& text, double dy = 0);
    // The `dy` for addPointLabel that keeps a label inside its rect: upwards, or downwards for
    // points in the top part of the value axis; `stack` labels already sit on that side.
    static double labelOffset(const QCPAxis* valueAxis, double y, int stack = 0);
    // Markers without lines (operating points).
    QCPGraph* addMarkers(QCPAxis* keyAxis, QCPAxis* valueAxis, const QVector<double>& x, const QVector<double>& y,
        const QCPScatterStyle& style, const QString& name);
    // A dashed reference line through (x1, y1) and (x2, y2), in plot coordinates.
    QCPItemStraightLine* addGuide(QCPAxis* keyAxis, QCPAxis* valueAxis, double x1, double y1, double x2, double y2);
    // Text at a fixed place inside an axis rect, (0, 0) top left and (1, 1) bottom right.
    QCPItemText* addCornerText(QCPAxisRect* rect, double fx, double fy, const QString& text, Qt::Alignment alignment);

    // Where `value` lies along `axis`'s current range, 0 to 1 (log axes in log space).
    static double axisFraction(const QCPAxis* axis, double value);

    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    int titleColumns() const;
    void tidyLegend();

    PlotPalette m_palette = PlotPalette::light();
    QCPTextElement* m_title = nullptr;
    QString m_titleText; // unwrapped, re-wrapped to the width on resize
    QString m_message;
    PlotView m_view;
    bool m_dragging = false; // a button went down on the plot and has not come up
    bool m_legendHiddenEmpty = false; // the plot shows a legend, hidden while it has no entry
};

} // namespace slicewatt
