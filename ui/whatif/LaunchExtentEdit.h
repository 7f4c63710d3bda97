// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/LaunchExtent.h"

#include <QWidget>

#include <optional>

class QSpinBox;

namespace slicewatt {

// A launch's grid or block as x, y and z (issue 47): kernels index by each axis, so a 2-D
// launch (1 × 1000 blocks) is not its total. x = 0 reads "as in code" and leaves y and z
// unused; y and z start at 1. A change is announced once it is typed in whole.
class LaunchExtentEdit : public QWidget {
    Q_OBJECT
public:
    LaunchExtentEdit(const QString& unit, QWidget* parent = nullptr);

    // nullopt: as the code says.
    std::optional<LaunchExtent> extent() const;
    // Shows `extent` without announcing it (the session is its source).
    void setExtent(const std::optional<LaunchExtent>& extent);
    QSpinBox* axisSpin(int axis) const { return m_axes[axis]; }

Q_SIGNALS:
    void edited();

private:
    void enableYz();

    QSpinBox* m_axes[3];
};

} // namespace slicewatt
