// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlotStyle.h"

#include <qcustomplot.h>

#include <QStringList>

#include <array>

namespace slicewatt {
namespace {

PlotPalette withFonts(PlotPalette palette)
{
    palette.tickFont = QFont();
    palette.tickFont.setPointSizeF(8);
    palette.labelFont = palette.tickFont;
    palette.labelFont.setPointSizeF(8.5);
    palette.titleFont = palette.labelFont;
    palette.titleFont.setPointSizeF(8.5);
    palette.titleFont.setBold(true);
    return palette;
}

void styleAxis(QCPAxis* axis, const PlotPalette& palette)
{
    const QPen line(palette.foreground, 0);
    axis->setBasePen(line);
    axis->setTickPen(line);
    axis->setSubTickPen(line);
    axis->setTickLabelColor(palette.foreground);
    axis->setLabelColor(palette.foreground);
    axis->setTickLabelFont(palette.tickFont);
    axis->setLabelFont(palette.labelFont);
    axis->grid()->setPen(QPen(palette.grid, 0, Qt::DotLine));
    axis->grid()->setSubGridPen(QPen(palette.subGrid, 0, Qt::DotLine));
    axis->grid()->setZeroLinePen(QPen(palette.grid, 0, Qt::SolidLine));
}

} // namespace

PlotPalette PlotPalette::light()
{
    PlotPalette p;
    p.background = QColor(0xff, 0xff, 0xff);
    p.foreground = QColor(0x20, 0x20, 0x20);
    p.grid = QColor(0xb0, 0xb0, 0xb0);
    p.subGrid = QColor(0xdc, 0xdc, 0xdc);
    p.labelBackground = QColor(255, 255, 255, 215);
    p.accent = QColor(0x00, 0x7a, 0xcc);
    p.guide = QColor(0x50, 0x50, 0x50);
    return withFonts(p);
}

PlotPalette PlotPalette::dark()
{
    PlotPalette p;
    p.background = QColor(0x23, 0x26, 0x29);
    p.foreground = QColor(0xe6, 0xe6, 0xe6);
    p.grid = QColor(0x5a, 0x5e, 0x62);
    p.subGrid = QColor(0x3a, 0x3e, 0x42);
    p.labelBackground = QColor(0x23, 0x26, 0x29, 215);
    p.accent = QColor(0x3d, 0xae, 0xe9);
    p.guide = QColor(0xb0, 0xb0, 0xb0);
    return withFonts(p);
}

QColor memorySpaceColor(MemorySpace space)
{
    switch (space) {
    case MemorySpace::Global:
        return QColor(0xd9, 0x5f, 0x02);
    case MemorySpace::Shared:
        return QColor(0x1b, 0x9e, 0x77);
    case MemorySpace::Constant:
        return QColor(0x75, 0x70, 0xb3);
    case MemorySpace::Texture:
        return QColor(0xe7, 0x29, 0x8a);
    }
    return QColor(0x80, 0x80, 0x80);
}

QColor seriesColor(int index)
{
    // Colour-blind-safe (Okabe–Ito), mid-lightness so they read on white and on dark grey.
    static const std::array<QColor, 6> colours = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00),
        QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7), QColor(0x56, 0xb4, 0xe9), QColor(0xd5, 0x5e, 0x00)};
    return colours[size_t(index) % colours.size()];
}

void applyPalette(QCustomPlot& plot, const PlotPalette& palette)
{
    plot.setBackground(palette.background);
    for (QCPAxisRect* rect : plot.axisRects()) {
        rect->setBackground(Qt::NoBrush);
        for (QCPAxis* axis : rect->axes())
            styleAxis(axis, palette);
    }
    for (QCPLayoutElement* element : plot.plotLayout()->elements(true)) {
        if (auto* scale = qobject_cast<QCPColorScale*>(element)) {
            styleAxis(scale->axis(), palette);
        } else if (auto* title = qobject_cast<QCPTextElement*>(element)) {
            title->setTextColor(palette.foreground);
            title->setFont(palette.titleFont);
        } else if (auto* legend = qobject_cast<QCPLegend*>(element)) {
            legend->setBrush(palette.labelBackground);
            legend->setBorderPen(QPen(palette.grid, 0));
            legend->setTextColor(palette.foreground);
            legend->setFont(palette.tickFont);
        }
    }
}

void setLogarithmicAxis(QCPAxis* axis, bool logarithmic)
{
    axis->setScaleType(logarithmic ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (logarithmic) {
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        ticker->setSubTickCount(8);
        axis->setTicker(ticker);
    } else {
        axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    axis->setNumberFormat(QStringLiteral("g"));
}

QString wrapText(const QString& text, int width)
{
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
            lines << line;
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

} // namespace slicewatt
