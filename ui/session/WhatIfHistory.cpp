// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatIfHistory.h"

#include "ProjectSession.h"

namespace slicewatt {
namespace {

bool sameExceptKernels(const WhatIfSettings& a, const WhatIfSettings& b)
{
    return a.gpuId == b.gpuId && a.modelId == b.modelId && a.delta == b.delta && a.seconds == b.seconds
        && a.counting == b.counting && a.allKernels == b.allKernels;
}

class WhatIfCommand : public QUndoCommand {
public:
    WhatIfCommand(
        ProjectSession& session, WhatIfSettings before, WhatIfSettings after, const QString& text, const QString& tag)
        : QUndoCommand(text)
        , m_session(session)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_id(int(qHash(tag) & 0x3fffffff))
    {
    }
    void undo() override { applyWhatIfSettings(m_session, m_before); }
    void redo() override { applyWhatIfSettings(m_session, m_after); }
    int id() const override { return m_id; }
    bool mergeWith(const QUndoCommand* other) override
    {
        m_after = static_cast<const WhatIfCommand*>(other)->m_after;
        return true;
    }

private:
    ProjectSession& m_session;
    WhatIfSettings m_before;
    WhatIfSettings m_after;
    int m_id;
};

// One kernel's what-if step: it carries the kernel and its settings before and after, so undo
// and redo re-estimate that kernel alone without looking for it among the others.
class KernelWhatIfCommand : public QUndoCommand {
public:
    KernelWhatIfCommand(ProjectSession& session, QString kernelKey, KernelWhatIf before, KernelWhatIf after,
        const QString& text, const QString& tag)
        : QUndoCommand(text)
        , m_session(session)
        , m_kernelKey(std::move(kernelKey))
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_id(int(qHash(tag) & 0x3fffffff) | 0x40000000) // never a project-wide step's id
    {
    }
    void undo() override { m_session.setKernelWhatIf(m_kernelKey, m_before); }
    void redo() override { m_session.setKernelWhatIf(m_kernelKey, m_after); }
    int id() const override { return m_id; }
    bool mergeWith(const QUndoCommand* other) override
    {
        // The same tag and kernel (a slider drag): one step from the first value to the last.
        const auto* next = static_cast<const KernelWhatIfCommand*>(other);
        if (next->m_kernelKey != m_kernelKey)
            return false;
        m_after = next->m_after;
        return true;
    }
    const QString& kernelKey() const { return m_kernelKey; }

private:
    ProjectSession& m_session;
    QString m_kernelKey;
    KernelWhatIf m_before;
    KernelWhatIf m_after;
    int m_id;
};

} // namespace

void applyWhatIfSettings(ProjectSession& session, const WhatIfSettings& target)
{
    const WhatIfSettings& current = session.settings();
    if (sameExceptKernels(current, target)) {
        QSet<QString> keys;
        for (auto it = current.kernels.cbegin(); it != current.kernels.cend(); ++it)
            keys.insert(it.key());
        for (auto it = target.kernels.cbegin(); it != target.kernels.cend(); ++it)
            keys.insert(it.key());
        QStringList differing;
        for (const QString& key : std::as_const(keys)) {
            if (!(current.kernels.value(key) == target.kernels.value(key)))
                differing << key;
        }
        if (differing.isEmpty())
            return;
        if (differing.size() == 1) {
            session.setKernelWhatIf(differing.first(), target.kernels.value(differing.first()));
            return;
        }
    }
    session.setSettings(target);
}

WhatIfHistory::WhatIfHistory(ProjectSession& session, QObject* parent)
    : QObject(parent)
    , m_session(session)
{
    // Steps refer to kernels of one analysis; a new project starts a new history.
    connect(&session, &ProjectSession::projectChanged, this, [this] { m_stack.clear(); });
}

void WhatIfHistory::change(const WhatIfSettings& next, const QString& text, const QString& tag)
{
    m_stack.push(new WhatIfCommand(m_session, m_session.settings(), next, text, tag));
}

void WhatIfHistory::changeKernel(
    const QString& kernelKey, const KernelWhatIf& whatIf, const QString& text, const QString& tag)
{
    m_stack.push(new KernelWhatIfCommand(m_session, kernelKey, m_session.settings().kernels.value(kernelKey), whatIf,
        text, tag + QLatin1Char('@') + kernelKey));
}

} // namespace slicewatt
