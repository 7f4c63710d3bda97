// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "OverrideTableModel.h"

namespace slicewatt {

// Arm probabilities of the selected kernel's branches ("then/else", or one per switch
// label group), e.g. from a profiler's branch counts. Editing takes "0.3/0.7", or one number
// for an if (the probability of its then-arm).
class BranchTableModel : public OverrideTableModel {
    Q_OBJECT
public:
    using OverrideTableModel::OverrideTableModel;

    // "0.25/0.75" → {0.25, 0.75}; one number p for two arms → {p, 1 − p}. Empty when the
    // text is not `arms` probabilities in [0, 1] summing to 1.
    static QVector<double> parseArms(const QString& text, int arms);

protected:
    QVector<Row> rowsOf(const KernelEstimateReport& report, const QString& kernelKey) const override;
    QString valueHeader() const override { return tr("Arm probabilities"); }
    bool apply(const Row& row, const QVariant& value, const QString& kernelKey) override;
};

} // namespace slicewatt
