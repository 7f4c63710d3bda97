// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportTitlePage.h"

#include "ReportLayout.h"
#include "ReportTable.h"
#include "ReportText.h"
#include "export/ReportDocument.h"

#include <QFontMetricsF>
#include <QPainter>

namespace slicewatt {
namespace {

QString orDash(const QString& text)
{
    return text.isEmpty() ? QStringLiteral("—") : text;
}

QString named(const QString& name, const QString& id)
{
    if (name.isEmpty())
        return orDash(id);
    return id.isEmpty() || id == name ? name : QStringLiteral("%1 (%2)").arg(name, id);
}

void paintFacts(ReportLayout& layout, const ReportDocument& document)
{
    QVector<ReportRow> rows;
    rows.append({{QStringLiteral("Project"), orDash(document.project)}});
    if (!document.projectFolder.isEmpty() && document.projectFolder != document.project)
        rows.append({{QStringLiteral("Locations relative to"), document.projectFolder}});
    rows.append({{QStringLiteral("Created"),
        document.created.isValid() ? document.created.toString(QStringLiteral("yyyy-MM-dd HH:mm t")) : orDash({})}});
    rows.append({{QStringLiteral("Tool"), QStringLiteral("SliceWatt %1").arg(orDash(document.toolVersion))}});
    rows.append({{QStringLiteral("GPU"), named(document.gpuName, document.gpuId)}});
    rows.append({{QStringLiteral("Model"), named(document.modelName, document.modelId)}});
    rows.append({{QStringLiteral("Kernels"), QString::number(document.kernels.size())}});
    ReportTableOptions options;
    options.header = false;
    options.stripes = false;
    // Long paths keep both ends: the folder's root and its name.
    paintTable(layout,
        {{QStringLiteral("Fact"), Qt::AlignLeft, false},
            {QStringLiteral("Value"), Qt::AlignLeft, true, Qt::ElideMiddle}},
        rows, options);
}

void paintParameters(ReportLayout& layout, const ReportDocument& document)
{
    reporttext::heading2(layout, QStringLiteral("What-if parameters"), tableHeight(layout, 2));
    if (document.parameters.isEmpty()) {
        reporttext::paragraph(layout, QStringLiteral("None recorded."), layout.style().body, layout.style().muted);
        return;
    }
    QVector<ReportRow> rows;
    for (const ReportParameter& parameter : document.parameters)
        rows.append({{parameter.name, parameter.value}});
    paintTable(layout,
        {{QStringLiteral("Parameter"), Qt::AlignLeft, false},
            {QStringLiteral("Value"), Qt::AlignLeft, true, Qt::ElideMiddle}},
        rows);
}

// One line per entry: the title, dot leaders, the page number at the right margin.
void paintContents(ReportLayout& layout, const QVector<ReportContentsEntry>& contents)
{
    reporttext::heading2(layout, QStringLiteral("Contents"), layout.mm(12));
    QPainter& p = layout.painter();
    const ReportStyle& style = layout.style();
    p.save();
    for (const ReportContentsEntry& entry : contents) {
        const QFont font = entry.level == 0 ? style.heading2 : style.body;
        const QFontMetricsF metrics(font, p.device());
        const double height = metrics.height() * (entry.level == 0 ? 1.6 : 1.35);
        layout.ensureSpace(height);
        p.setFont(font);
        p.setPen(style.text);
        const double indent = entry.level * layout.mm(6);
        const double baseline = layout.y() + (height + metrics.ascent() - metrics.descent()) / 2;
        const QString page = entry.page > 0 ? QString::number(entry.page) : QString();
        const double pageWidth = metrics.horizontalAdvance(QStringLiteral("0000"));
        const double titleWidth = layout.width() - indent - pageWidth - layout.mm(8);
        const QString title = metrics.elidedText(entry.title, Qt::ElideRight, titleWidth);
        p.drawText(QPointF(layout.left() + indent, baseline), title);
        p.drawText(
            QRectF(layout.right() - pageWidth, layout.y(), pageWidth, height), Qt::AlignRight | Qt::AlignVCenter, page);
        // Dotted leaders guide the eye across the gap.
        const double from = layout.left() + indent + metrics.horizontalAdvance(title) + layout.mm(2);
        const double to = layout.right() - metrics.horizontalAdvance(page) - layout.mm(2);
        p.setPen(QPen(style.rule, layout.pt(0.8), Qt::DotLine));
        if (to > from)
            p.drawLine(QPointF(from, baseline), QPointF(to, baseline));
        layout.advance(height);
    }
    p.restore();
}

} // namespace

void paintTitlePage(ReportLayout& layout, const ReportDocument& document, const QVector<ReportContentsEntry>& contents)
{
    const ReportStyle& style = layout.style();
    layout.advance(layout.mm(10));
    reporttext::paragraph(layout, document.title.isEmpty() ? QStringLiteral("SliceWatt power report") : document.title,
        style.title, style.accent);
    layout.advance(layout.mm(2));
    reporttext::paragraph(layout,
        // One line either way: the contents below should still fit on the title page.
        document.method.energyModel
            ? QStringLiteral("Static power and energy estimate of CUDA kernels")
            : QStringLiteral("Static power estimate of CUDA kernels, by program slices of memory space"),
        style.heading2, style.muted);
    layout.advance(layout.mm(8));
    paintFacts(layout, document);
    paintParameters(layout, document);
    paintContents(layout, contents);
}

} // namespace slicewatt
