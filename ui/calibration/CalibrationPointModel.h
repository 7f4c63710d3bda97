// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationFit.h"
#include "CalibrationInput.h"

#include <QAbstractTableModel>

namespace slicewatt {

// The calibration's points as a table: what was measured and, once a form is fitted, what
// the fit predicts there and how far off it is. Rows follow the CSV.
class CalibrationPointModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        PointColumn,
        SaturationColumn,
        IntensityColumn,
        MeasuredColumn,
        PredictedColumn,
        ResidualColumn,
        ResidualPercentColumn,
        ColumnCount
    };

    explicit CalibrationPointModel(QObject* parent = nullptr);

    void setPoints(const QVector<CalibrationPoint>& points); // forgets the fit
    void setFit(const CalibrationFit& fit); // empty or failed: the prediction columns are blank
    const CalibrationPoint& point(int row) const { return m_points[row]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<double> value(int row, int column) const; // the number behind a cell

    QVector<CalibrationPoint> m_points;
    CalibrationFit m_fit;
};

} // namespace slicewatt
