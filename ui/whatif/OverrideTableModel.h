// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>

namespace slicewatt {

class ProjectSession;
class WhatIfHistory;
struct KernelEstimateReport;

// Base of the what-if tables (loops, branches): one row per decision of the selected kernel,
// a value the user may edit, and where the value came from. Follows the session: a slider
// elsewhere updates the values in place (dataChanged); another kernel resets the rows.
class OverrideTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Work: the share of the kernel's weighted operations the decision governs, and its
    // rank among the kernel's assumptions (#1 moves the estimate most: set it first).
    enum Column { LineColumn, ValueColumn, SourceColumn, WorkColumn, ColumnCount };
    static constexpr int StatementRole = Qt::UserRole + 1; // statement index in the kernel's IR

    OverrideTableModel(ProjectSession& session, WhatIfHistory& history, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

protected:
    struct Row {
        int statement = -1;
        int line = 0;
        QString label; // shown in the first column instead of the line (an argument's name)
        QString source; // shown as the source instead of from code / assumed / what-if
        QString value; // as shown and edited
        QVariant editValue; // for the editor (a number for trips)
        bool assumed = false;
        bool overridden = false;
        QString reason;
        double workShare = 0; // 0..1
        int rank = 0; // 0: not ranked (resolved from the code)
        // Loops: the defaults of the unknown loops around it and its own, multiplied (1: none).
        double compoundFactor = 1;
    };
    virtual QVector<Row> rowsOf(const KernelEstimateReport& report, const QString& kernelKey) const = 0;
    virtual QString valueHeader() const = 0;
    virtual QString keyHeader() const { return tr("Line"); }
    // Applies an edit to the kernel's what-if; false (with a status tip) when it is invalid.
    virtual bool apply(const Row& row, const QVariant& value, const QString& kernelKey) = 0;

    ProjectSession& m_session;
    WhatIfHistory& m_history; // edits are undoable steps

private:
    void refresh(const QString& changedKernel);

    QString m_kernelKey;
    QVector<Row> m_rows;
};

} // namespace slicewatt
