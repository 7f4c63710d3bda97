// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlotReadout.h"

#include "export/DisplayNumbers.h"

#include <qcustomplot.h>

namespace slicewatt {
namespace {

constexpr double kNearPx = 8; // a data point this close to the cursor is the one meant

// "Intensity Ã = 4.95" from the label "Intensity Ã = N_a / N_mem" (the name without its
// definition), "Power = 231.4 W" from "Power, W" (the unit after the value).
QString named(const QString& label, double v, const QString& fallback)
{
    QString name = label.section(QLatin1Char('='), 0, 0).trimmed();
    name.replace(QLatin1Char('\n'), QLatin1Char(' '));
    QString unit;
    if (const int comma = name.lastIndexOf(QStringLiteral(", ")); comma > 0) {
        unit = name.mid(comma + 2);
        name = name.left(comma);
    }
    return QStringLiteral("%1 = %2%3")
        .arg(
            name.isEmpty() ? fallback : name, formatNumber(v, 4), unit.isEmpty() ? QString() : QLatin1Char(' ') + unit);
}

// The data point of `plottable` nearest `pos`, when within kNearPx.
QString nearestPoint(const QCPAbstractPlottable* plottable, const QPointF& pos)
{
    QVariant details;
    const double distance = const_cast<QCPAbstractPlottable*>(plottable)->selectTest(pos, false, &details);
    if (distance < 0 || distance > kNearPx)
        return QString();
    const QCPDataSelection selection = details.value<QCPDataSelection>();
    if (selection.isEmpty())
        return QString();
    const int index = selection.dataRange().begin();
    const QCPPlottableInterface1D* data = const_cast<QCPAbstractPlottable*>(plottable)->interface1D();
    if (!data || index < 0 || index >= data->dataCount())
        return QString();
    const QString name = plottable->name().isEmpty() ? QStringLiteral("point") : plottable->name();
    return QStringLiteral("%1: %2, %3")
        .arg(name, named(plottable->keyAxis()->label(), data->dataMainKey(index), QStringLiteral("x")),
            named(plottable->valueAxis()->label(), data->dataMainValue(index), QStringLiteral("y")));
}

} // namespace

QString plotReadout(const QCustomPlot& plot, const QPointF& pos)
{
    QCPAxisRect* rect = plot.axisRectAt(pos);
    if (!rect || !rect->rect().contains(pos.toPoint()))
        return QString();
    const QCPAxis* x = rect->axis(QCPAxis::atBottom);
    const QCPAxis* y = rect->axis(QCPAxis::atLeft);
    QStringList lines;
    lines << QStringLiteral("%1 · %2").arg(named(x->label(), x->pixelToCoord(pos.x()), QStringLiteral("x")),
        named(y->label(), y->pixelToCoord(pos.y()), QStringLiteral("y")));
    for (QCPAbstractPlottable* plottable : rect->plottables()) {
        if (!plottable->visible())
            continue;
        if (auto* map = qobject_cast<QCPColorMap*>(plottable)) {
            const double key = map->keyAxis()->pixelToCoord(pos.x());
            const double val = map->valueAxis()->pixelToCoord(pos.y());
            QCPColorMapData* data = map->data(); // data() is not const in QCustomPlot 2.1
            // Cells are centred on the range's ends: half a cell beyond them is still a cell.
            const double halfKey = data->keySize() > 1 ? 0.5 * data->keyRange().size() / (data->keySize() - 1) : 0;
            const double halfValue
                = data->valueSize() > 1 ? 0.5 * data->valueRange().size() / (data->valueSize() - 1) : 0;
            if (key < data->keyRange().lower - halfKey || key > data->keyRange().upper + halfKey
                || val < data->valueRange().lower - halfValue || val > data->valueRange().upper + halfValue)
                continue;
            const QString label = map->colorScale() ? map->colorScale()->axis()->label() : QString();
            lines << named(label, data->data(key, val), QStringLiteral("value"));
            continue;
        }
        const QString point = nearestPoint(plottable, pos);
        if (!point.isEmpty())
            lines << point;
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace slicewatt
