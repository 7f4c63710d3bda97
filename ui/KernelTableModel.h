// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ProjectIndex.h"

#include <QAbstractTableModel>

namespace slicewatt {

// Kernels of the project, one per row, with their launch configurations.
class KernelTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, LocationColumn, DiagnosticsColumn, LaunchesColumn, ColumnCount };
    enum Role { FilePathRole = Qt::UserRole + 1, LineRole };

    explicit KernelTableModel(QObject* parent = nullptr);

    void setIndex(const ProjectIndex& index);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        CatalogFunction kernel;
        int diagnostics = 0;
    };
    QVector<Row> m_rows;
};

} // namespace slicewatt
