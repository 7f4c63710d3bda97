// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationPointModel.h"

#include "export/DisplayNumbers.h"
#include "models/ModelRoles.h"

#include <QFileInfo>

#include <cmath>

namespace slicewatt {

CalibrationPointModel::CalibrationPointModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CalibrationPointModel::setPoints(const QVector<CalibrationPoint>& points)
{
    beginResetModel();
    m_points = points;
    m_fit = CalibrationFit{};
    endResetModel();
}

void CalibrationPointModel::setFit(const CalibrationFit& fit)
{
    m_fit = fit;
    if (!m_points.isEmpty())
        Q_EMIT dataChanged(index(0, PredictedColumn), index(rowCount() - 1, ResidualPercentColumn));
}

int CalibrationPointModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_points.size());
}

int CalibrationPointModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

std::optional<double> CalibrationPointModel::value(int row, int column) const
{
    const CalibrationSample& s = m_points[row].sample;
    // The fit's residuals follow the samples it was given, which are these rows.
    const bool fitted = m_fit.ok() && row < m_fit.result.residuals.size();
    switch (column) {
    case PointColumn:
        return m_points[row].number;
    case SaturationColumn:
        return s.saturation;
    case IntensityColumn:
        return s.intensity;
    case MeasuredColumn:
        return s.watts;
    case PredictedColumn:
        return fitted ? std::optional<double>(m_fit.predictedW(row)) : std::nullopt;
    case ResidualColumn:
        return fitted ? std::optional<double>(m_fit.result.residuals[row]) : std::nullopt;
    case ResidualPercentColumn:
        if (!fitted || s.watts == 0)
            return std::nullopt;
        return m_fit.result.residuals[row] / s.watts;
    default:
        return std::nullopt;
    }
}

QVariant CalibrationPointModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_points.size())
        return {};
    const int column = index.column();
    const std::optional<double> v = value(index.row(), column);
    switch (role) {
    case Qt::DisplayRole:
        if (!v || !std::isfinite(*v))
            return {};
        switch (column) {
        case PointColumn:
            return QString::number(int(*v));
        case SaturationColumn:
            return formatSaturation(*v);
        case IntensityColumn:
            return formatIntensity(*v, false);
        case ResidualColumn:
            return QStringLiteral("%1%2").arg(*v > 0 ? QStringLiteral("+") : QString(), formatWatts(*v, 2));
        case ResidualPercentColumn:
            return QStringLiteral("%1%2").arg(*v > 0 ? QStringLiteral("+") : QString(), formatPercent(*v));
        default:
            return formatWatts(*v);
        }
    case ModelRoles::SortRole:
        return v ? QVariant(*v) : QVariant();
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        const CalibrationPoint& point = m_points[index.row()];
        QString tip = tr("Line %1 of the calibration CSV").arg(point.sample.line);
        if (!point.tracePath.isEmpty())
            tip += point.traceMissing ? tr("; its trace %1 is missing").arg(QFileInfo(point.tracePath).fileName())
                                      : tr("; trace %1").arg(QFileInfo(point.tracePath).fileName());
        if (point.seconds)
            tip += tr("; ran %1").arg(formatSeconds(*point.seconds));
        return tip;
    }
    default:
        return {};
    }
}

QVariant CalibrationPointModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case PointColumn:
            return tr("Point");
        case SaturationColumn:
            return tr("Sa");
        case IntensityColumn:
            return tr("Intensity");
        case MeasuredColumn:
            return tr("Measured W");
        case PredictedColumn:
            return tr("Predicted W");
        case ResidualColumn:
            return tr("Residual W");
        case ResidualPercentColumn:
            return tr("Residual %");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case SaturationColumn:
            return tr("SM saturation: active SMs / SMs on the GPU");
        case IntensityColumn:
            return tr("Computation intensity Ã = N_a / N_mem (JoS13 ratio)");
        case MeasuredColumn:
            return tr("Board power averaged over the run, idle included");
        case ResidualColumn:
        case ResidualPercentColumn:
            return tr("Measured − predicted");
        default:
            return {};
        }
    }
    return {};
}

} // namespace slicewatt
