// SPDX-License-Identifier: GPL-3.0-or-later
#include "BaselineComparison.h"

#include "ProjectSession.h"
#include "compare/RunSnapshot.h"

namespace slicewatt {

BaselineComparison::BaselineComparison(const ProjectSession& session, QObject* parent)
    : QObject(parent)
    , m_session(session)
{
    // Connected before any view: the comparison is stale before a view asks for it.
    connect(&session, &ProjectSession::estimatesChanged, this, [this] { m_stale = true; });
}

void BaselineComparison::set(AnalysisSnapshot baseline, const QString& label)
{
    m_baseline = std::make_unique<const AnalysisSnapshot>(std::move(baseline));
    m_label = label;
    m_stale = true;
    Q_EMIT changed();
}

void BaselineComparison::clear()
{
    m_baseline.reset();
    m_comparison.reset();
    m_changeByKernel.clear();
    m_label.clear();
    Q_EMIT changed();
}

void BaselineComparison::refresh() const
{
    if (!m_stale || !m_baseline)
        return;
    m_stale = false;
    m_comparison.reset();
    m_changeByKernel.clear();
    const EstimateRun& run = m_session.run();
    if (!run.index || !run.model || !run.gpu)
        return;
    QString error;
    const std::optional<AnalysisSnapshot> now = analysisSnapshotOf(run, QString(), &error);
    if (!now)
        return; // our own JSON: cannot happen, and no comparison is better than a wrong one
    m_comparison = std::make_unique<AnalysisComparison>(compareAnalyses(*m_baseline, *now));
    // The snapshot lists run.kernels in order: a pair's `now` is the run's row.
    for (int i = 0; i < m_comparison->kernels.size(); ++i) {
        const int row = m_comparison->kernels[i].pair.now;
        if (row >= 0 && row < run.kernels.size())
            m_changeByKernel.insert(run.kernels[row].analysis.kernel->info.key, i);
    }
}

const AnalysisComparison* BaselineComparison::comparison() const
{
    refresh();
    return m_comparison.get();
}

const KernelChange* BaselineComparison::kernelChange(const QString& kernelKey) const
{
    refresh();
    const auto it = m_changeByKernel.constFind(kernelKey);
    return m_comparison && it != m_changeByKernel.constEnd() ? &m_comparison->kernels[*it] : nullptr;
}

QString BaselineComparison::summary() const
{
    const AnalysisComparison* c = comparison();
    if (!c)
        return QString();
    QString text = tr("%n kernel(s) compared, %1 added, %2 removed; baseline: %3", nullptr, int(c->kernels.size()))
                       .arg(c->added.size())
                       .arg(c->removed.size())
                       .arg(m_label);
    // Another GPU or model explains a difference better than the code does: said first.
    if (!c->notes.isEmpty())
        text += tr(" — not like for like: %1").arg(c->notes.join(QStringLiteral("; ")));
    return text;
}

} // namespace slicewatt
