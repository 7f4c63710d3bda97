// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "OverrideTableModel.h"

namespace slicewatt {

struct KernelWhatIf;
struct LaunchShape;
struct LaunchSite;

// The selected kernel's integer arguments that decide its loops and bounds guards (issue
// 33): the value the analysis uses, where it came from (the launch, a host call above it,
// the project's problem-size file, a what-if) and the loops it governs. Editing sets the
// argument as a what-if (undoable); an empty value takes the what-if away again. After them,
// the host values (FUNCTION:NAME) a launch's open grid, block or arguments are computed from
// (issue 47), edited the same way.
class ArgumentTableModel : public OverrideTableModel {
    Q_OBJECT
public:
    using OverrideTableModel::OverrideTableModel;

protected:
    QVector<Row> rowsOf(const KernelEstimateReport& report, const QString& kernelKey) const override;
    QString valueHeader() const override { return tr("Value"); }
    QString keyHeader() const override { return tr("Argument"); }
    bool apply(const Row& row, const QVariant& value, const QString& kernelKey) override;

private:
    QVector<Row> hostValueRows(const LaunchSite& launch, const LaunchShape& shape, const KernelWhatIf& whatIf,
        const KernelWhatIf& fromOptions, const KernelWhatIf& fromSizes) const;
};

} // namespace slicewatt
