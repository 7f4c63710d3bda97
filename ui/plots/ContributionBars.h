// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotBase.h"

namespace slicewatt {

// What each slice adds to the kernel's P̂: one bar per slice of height P_i·|C_i|/L in W,
// coloured by memory space, with its value, and P̂ (the bars' sum) as a dashed line.
class ContributionBars : public PlotBase {
    Q_OBJECT
public:
    explicit ContributionBars(QWidget* parent = nullptr);

    void refresh(const PlotContext& context) override;

    const QList<QCPBars*>& bars() const { return m_bars; } // in the kernel's slice order
    double total() const { return m_total; } // P̂ as drawn, W

private:
    QList<QCPBars*> m_bars;
    double m_total = 0;
};

} // namespace slicewatt
