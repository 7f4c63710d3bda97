// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportLayout.h"

#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPainter>

#include <algorithm>

namespace slicewatt {
namespace {

// Margins wide enough for a hole punch and a printer's unprintable border, with room for
// the header and footer lines inside them.
constexpr double kSideMarginMm = 18;
constexpr double kTopMarginMm = 20;
constexpr double kBottomMarginMm = 20;

} // namespace

ReportLayout::ReportLayout(
    QPagedPaintDevice& device, QPainter& painter, const ReportStyle& style, const QString& runningTitle, int totalPages)
    : m_device(device)
    , m_painter(painter)
    , m_style(style)
    , m_runningTitle(runningTitle)
    , m_totalPages(totalPages)
    , m_dpi(device.logicalDpiY())
{
    m_sheet = QRectF(0, 0, device.width(), device.height());
    m_content = m_sheet.adjusted(mm(kSideMarginMm), mm(kTopMarginMm), -mm(kSideMarginMm), -mm(kBottomMarginMm));
    m_y = m_content.top();
}

bool ReportLayout::ensureSpace(double height)
{
    if (height <= remaining() || atPageTop())
        return false;
    newPage();
    return true;
}

void ReportLayout::newPage()
{
    paintFooter();
    m_device.newPage();
    ++m_page;
    m_y = m_content.top();
    m_headerVisible = true;
    paintHeader();
}

void ReportLayout::finish()
{
    paintFooter();
}

void ReportLayout::paintHeader()
{
    if (!m_headerVisible)
        return;
    QPainter& p = m_painter;
    p.save();
    p.setFont(m_style.small);
    p.setPen(m_style.muted);
    const double baseline = m_content.top() - mm(7);
    const QFontMetricsF metrics(m_style.small, &m_device);
    const QRectF line(m_content.left(), baseline - metrics.ascent(), m_content.width(), metrics.height());
    // The section on the right wins the space: it says where in the document one is.
    const double sectionWidth = std::min(metrics.horizontalAdvance(m_section), m_content.width() * 0.6);
    p.drawText(QRectF(line.right() - sectionWidth, line.top(), sectionWidth, line.height()),
        Qt::AlignRight | Qt::AlignVCenter, metrics.elidedText(m_section, Qt::ElideMiddle, sectionWidth));
    const double titleWidth = m_content.width() - sectionWidth - mm(6);
    p.drawText(QRectF(line.left(), line.top(), titleWidth, line.height()), Qt::AlignLeft | Qt::AlignVCenter,
        metrics.elidedText(m_runningTitle, Qt::ElideRight, titleWidth));
    p.setPen(QPen(m_style.rule, pt(0.5)));
    const double ruleY = line.bottom() + mm(1.2);
    p.drawLine(QPointF(m_content.left(), ruleY), QPointF(m_content.right(), ruleY));
    p.restore();
}

void ReportLayout::paintFooter()
{
    QPainter& p = m_painter;
    p.save();
    p.setFont(m_style.small);
    p.setPen(m_style.muted);
    const QFontMetricsF metrics(m_style.small, &m_device);
    const double top = m_content.bottom() + mm(8);
    p.setPen(QPen(m_style.rule, pt(0.5)));
    p.drawLine(QPointF(m_content.left(), top - mm(1.5)), QPointF(m_content.right(), top - mm(1.5)));
    p.setPen(m_style.muted);
    const QRectF line(m_content.left(), top, m_content.width(), metrics.height());
    // The first pass does not know the total yet; its footers are thrown away.
    const QString number = m_totalPages > 0 ? QStringLiteral("Page %1 of %2").arg(m_page).arg(m_totalPages)
                                            : QStringLiteral("Page %1").arg(m_page);
    p.drawText(line, Qt::AlignRight | Qt::AlignVCenter, number);
    const double noteWidth = line.width() - metrics.horizontalAdvance(number) - mm(6);
    p.drawText(QRectF(line.left(), line.top(), noteWidth, line.height()), Qt::AlignLeft | Qt::AlignVCenter,
        metrics.elidedText(m_footerNote, Qt::ElideRight, noteWidth));
    p.restore();
}

} // namespace slicewatt
