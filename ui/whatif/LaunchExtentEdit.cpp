// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchExtentEdit.h"

#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSpinBox>

#include <limits>

namespace slicewatt {

LaunchExtentEdit::LaunchExtentEdit(const QString& unit, QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    static const char* const names[3] = {"x", "y", "z"};
    for (int axis = 0; axis < 3; ++axis) {
        auto* spin = new QSpinBox(this);
        spin->setRange(axis == 0 ? 0 : 1, std::numeric_limits<int>::max());
        spin->setPrefix(QStringLiteral("%1 ").arg(QLatin1String(names[axis])));
        if (axis == 0) {
            spin->setSpecialValueText(tr("as in code"));
            spin->setSuffix(unit);
        }
        spin->setAccelerated(true);
        // A launch applies when typed in whole (Enter, or leaving the box), not digit by
        // digit: "4096" must not be tried as 4, 40 and 409 first.
        spin->setKeyboardTracking(false);
        spin->setToolTip(axis == 0 ? tr("x: %1 (0: as the code launches it)").arg(unit.trimmed())
                                   : tr("%1: %2 (1 for a 1-D launch)").arg(QLatin1String(names[axis]), unit.trimmed()));
        layout->addWidget(spin, axis == 0 ? 2 : 1);
        m_axes[axis] = spin;
        connect(spin, &QSpinBox::valueChanged, this, [this] {
            enableYz();
            Q_EMIT edited();
        });
    }
    enableYz();
}

std::optional<LaunchExtent> LaunchExtentEdit::extent() const
{
    if (m_axes[0]->value() <= 0)
        return std::nullopt;
    return LaunchExtent{m_axes[0]->value(), m_axes[1]->value(), m_axes[2]->value()};
}

void LaunchExtentEdit::setExtent(const std::optional<LaunchExtent>& extent)
{
    const int maximum = m_axes[0]->maximum();
    const qint64 values[3] = {extent ? extent->x : 0, extent ? extent->y : 1, extent ? extent->z : 1};
    for (int axis = 0; axis < 3; ++axis) {
        const QSignalBlocker blocker(m_axes[axis]);
        m_axes[axis]->setValue(int(std::min<qint64>(values[axis], maximum)));
    }
    enableYz();
}

void LaunchExtentEdit::enableYz()
{
    m_axes[1]->setEnabled(m_axes[0]->value() > 0);
    m_axes[2]->setEnabled(m_axes[0]->value() > 0);
}

} // namespace slicewatt
