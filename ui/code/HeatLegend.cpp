// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatLegend.h"

#include "HeatScale.h"

#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

constexpr int kBarHeight = 10; // px
constexpr int kMargin = 4;
constexpr int kTargetTicks = 4; // intervals, roughly

QString tickLabel(double watts, double step, bool signedLabel)
{
    // As many decimals as the step needs, so 0.25 W steps do not print as 0.3.
    const int decimals = step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9));
    const QString number = QString::number(std::abs(watts), 'f', decimals);
    if (!signedLabel || std::abs(watts) < step * 1e-6)
        return watts < 0 ? QStringLiteral("−") + number : number;
    return (watts < 0 ? QStringLiteral("−") : QStringLiteral("+")) + number;
}

double niceStep(double range)
{
    const double raw = range / kTargetTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : {1.0, 2.0, 5.0}) {
        if (raw <= factor * magnitude)
            return factor * magnitude;
    }
    return 10 * magnitude;
}

} // namespace

HeatLegend::HeatLegend(QWidget* parent)
    : QWidget(parent)
    , m_caption(QStringLiteral("Line power, W"))
{
    m_dark = palette().color(QPalette::Window).lightness() < 128;
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void HeatLegend::setRange(double maxValue)
{
    m_maxWatts = std::isfinite(maxValue) && maxValue > 0 ? maxValue : 0;
    update();
}

void HeatLegend::setCaption(const QString& caption)
{
    m_caption = caption;
    updateGeometry();
    update();
}

void HeatLegend::setUnit(const QString& unit)
{
    m_unit = unit;
    update();
}

void HeatLegend::setDarkPalette(bool dark)
{
    m_dark = dark;
    update();
}

void HeatLegend::setDiverging(bool diverging)
{
    m_diverging = diverging;
    update();
}

QVector<double> HeatLegend::ticks() const
{
    if (m_maxWatts <= 0)
        return {0.0};
    // Diverging: as many steps over −max … max as the plain bar has over 0 … max, but never
    // so coarse that a side has no labelled tick.
    double step = niceStep(m_diverging ? 2 * m_maxWatts : m_maxWatts);
    if (step > m_maxWatts)
        step = niceStep(m_maxWatts);
    const int last = int(std::floor(m_maxWatts * (1 + 1e-9) / step));
    QVector<double> values;
    for (int i = m_diverging ? -last : 0; i <= last; ++i)
        values << i * step;
    return values;
}

QSize HeatLegend::sizeHint() const
{
    const QFontMetrics metrics = fontMetrics();
    const int captionWidth
        = metrics.horizontalAdvance(m_caption + QStringLiteral("   G global  S shared  C constant  T texture"));
    return {std::max(260, captionWidth + 2 * kMargin),
        kMargin + metrics.height() + 2 + kBarHeight + 2 + metrics.height() + kMargin};
}

QSize HeatLegend::minimumSizeHint() const
{
    return {120, sizeHint().height()};
}

void HeatLegend::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QFontMetrics metrics = fontMetrics();
    const QColor text = palette().color(QPalette::WindowText);

    // Caption, then the space letters in their marker colours.
    int x = kMargin;
    const int captionBaseline = kMargin + metrics.ascent();
    painter.setPen(text);
    const QString caption = m_maxWatts > 0 ? m_caption : m_caption + QStringLiteral(" (no estimate)");
    painter.drawText(QPoint(x, captionBaseline), caption);
    x += metrics.horizontalAdvance(caption) + 3 * metrics.horizontalAdvance(QLatin1Char(' '));
    for (MemorySpace space : kAllMemorySpaces) {
        const QString letter = QString(HeatScale::spaceLetter(space));
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(HeatScale::spaceColour(space, m_dark));
        painter.drawText(QPoint(x, captionBaseline), letter);
        x += QFontMetrics(bold).horizontalAdvance(letter) + 2;
        painter.setFont(font());
        painter.setPen(text);
        const QString name = memorySpaceName(space);
        painter.drawText(QPoint(x, captionBaseline), name);
        x += metrics.horizontalAdvance(name) + 2 * metrics.horizontalAdvance(QLatin1Char(' '));
    }

    // The bar; labels are centred on their ticks, so leave half a label at each end.
    const QVector<double> values = ticks();
    const double step = values.size() > 1 ? values[1] - values[0] : 1;
    const QString lastLabel = tickLabel(values.last(), step, m_diverging) + QLatin1Char(' ') + m_unit;
    const int inset = std::max(metrics.horizontalAdvance(tickLabel(values.first(), step, m_diverging)),
                          metrics.horizontalAdvance(lastLabel))
        / 2;
    const QRect bar(kMargin + inset, kMargin + metrics.height() + 2, width() - 2 * (kMargin + inset), kBarHeight);
    if (bar.width() <= 0)
        return;
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    gradient.setStops(m_diverging ? HeatScale::divergingStops(m_dark) : HeatScale::stripStops(m_dark));
    painter.fillRect(bar, m_maxWatts > 0 ? QBrush(gradient) : QBrush(palette().color(QPalette::Mid)));
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(bar.adjusted(0, 0, -1, -1));

    if (m_maxWatts <= 0)
        return;
    painter.setPen(text);
    const int labelTop = bar.bottom() + 3;
    const double low = m_diverging ? -m_maxWatts : 0;
    for (int i = 0; i < values.size(); ++i) {
        const int tickX = bar.left() + int(std::lround((values[i] - low) / (m_maxWatts - low) * (bar.width() - 1)));
        painter.drawLine(tickX, bar.bottom() - 2, tickX, bar.bottom() + 1);
        QString label = tickLabel(values[i], step, m_diverging);
        if (i == values.size() - 1)
            label += QLatin1Char(' ') + m_unit;
        const int labelWidth = metrics.horizontalAdvance(label);
        painter.drawText(
            QRect(tickX - labelWidth / 2, labelTop, labelWidth + 1, metrics.height()), Qt::AlignCenter, label);
    }
}

} // namespace slicewatt
