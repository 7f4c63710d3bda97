// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Diagnostic.h"

#include <QAbstractTableModel>

namespace slicewatt {

// Parser and loader messages, so the user sees why a file gave no kernels.
class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, FileColumn, LineColumn, MessageColumn, ColumnCount };

    explicit DiagnosticsModel(QObject* parent = nullptr);

    void setDiagnostics(const Diagnostics& diagnostics);
    const Diagnostic& diagnosticAt(int row) const { return m_diagnostics.at(row); }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Diagnostics m_diagnostics;
};

} // namespace slicewatt
