// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "OverrideTableModel.h"

namespace slicewatt {

// Trip counts of the selected kernel's loops: as resolved from the code, assumed (the
// default for loops the rules cannot resolve), or set by the user. Editing sets a what-if.
class LoopTableModel : public OverrideTableModel {
    Q_OBJECT
public:
    using OverrideTableModel::OverrideTableModel;

protected:
    QVector<Row> rowsOf(const KernelEstimateReport& report, const QString& kernelKey) const override;
    QString valueHeader() const override { return tr("Trips"); }
    bool apply(const Row& row, const QVariant& value, const QString& kernelKey) override;
};

} // namespace slicewatt
