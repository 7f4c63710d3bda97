// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "estimate/WhatIf.h"

#include <QObject>
#include <QUndoStack>

namespace slicewatt {

class ProjectSession;

// Undo and redo of what-if changes. Every control of the what-if panel goes through
// change(): the session is updated at once and the step is recorded; a slider dragged
// through many values is one step (commands with the same tag merge).
class WhatIfHistory : public QObject {
    Q_OBJECT
public:
    explicit WhatIfHistory(ProjectSession& session, QObject* parent = nullptr);

    QUndoStack& stack() { return m_stack; }
    // Applies `next` to the session and records it. `tag` names the control (and kernel)
    // so consecutive moves of one control merge.
    void change(const WhatIfSettings& next, const QString& text, const QString& tag);
    void changeKernel(const QString& kernelKey, const KernelWhatIf& whatIf, const QString& text, const QString& tag);

private:
    ProjectSession& m_session;
    QUndoStack m_stack;
};

// Brings the session to `target`, re-estimating one kernel only when only that kernel's
// what-if differs (the cheap path sliders rely on).
void applyWhatIfSettings(ProjectSession& session, const WhatIfSettings& target);

} // namespace slicewatt
