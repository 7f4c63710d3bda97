// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ReportStyle.h"

#include <QRectF>
#include <QString>

class QPainter;
class QPagedPaintDevice;

namespace slicewatt {

// Where the next thing goes on the report's pages: A4 geometry in device pixels, a
// vertical cursor, page breaks, and the running header and footer ("Page N of M"). The
// report is painted twice with the same layout code: the first pass only learns how many
// pages there are and where sections start, the second paints the real document with
// those numbers (M in every footer, the pages in the contents list).
class ReportLayout {
public:
    // `totalPages` is what the first pass counted, 0 during the first pass itself.
    ReportLayout(QPagedPaintDevice& device, QPainter& painter, const ReportStyle& style, const QString& runningTitle,
        int totalPages);

    QPainter& painter() const { return m_painter; }
    const ReportStyle& style() const { return m_style; }

    // Lengths on the device.
    double mm(double millimetres) const { return millimetres * m_dpi / 25.4; }
    double pt(double points) const { return points * m_dpi / 72.0; }

    // The area between header and footer, inside the margins.
    double left() const { return m_content.left(); }
    double right() const { return m_content.right(); }
    double width() const { return m_content.width(); }
    double top() const { return m_content.top(); }
    double bottom() const { return m_content.bottom(); }

    double y() const { return m_y; }
    void advance(double height) { m_y += height; }
    double remaining() const { return m_content.bottom() - m_y; }
    bool atPageTop() const { return m_y <= m_content.top() + 0.5; }

    // Starts a new page unless `height` fits below the cursor (or the page is still
    // empty, where waiting would not help). True when a page was started.
    bool ensureSpace(double height);
    void newPage();
    // The running header's right part from the next page on (the section's name).
    void setSection(const QString& name) { m_section = name; }
    // The title page has no header: it carries the title itself.
    void setHeaderVisible(bool visible) { m_headerVisible = visible; }
    // The footer's left part on every page (tool and date).
    void setFooterNote(const QString& note) { m_footerNote = note; }

    int page() const { return m_page; } // 1-based
    int totalPages() const { return m_totalPages; }
    // The footer of the last page; call once when everything is painted.
    void finish();

private:
    void paintHeader();
    void paintFooter();

    QPagedPaintDevice& m_device;
    QPainter& m_painter;
    ReportStyle m_style;
    QString m_runningTitle;
    QString m_section;
    QString m_footerNote;
    int m_totalPages = 0;
    double m_dpi = 300;
    QRectF m_sheet; // the whole sheet
    QRectF m_content;
    double m_y = 0;
    int m_page = 1;
    bool m_headerVisible = true;
};

} // namespace slicewatt
