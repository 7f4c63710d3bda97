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
    connect(&session, &ProjectSession::estimatesChanged, this, &BaselineComparison::markStale);
    connect(&session, &ProjectSession::projectChanged, this, [this] { markStale(QString()); });
}

void BaselineComparison::set(AnalysisSnapshot baseline, const QString& label)
{
    m_baseline = std::make_unique<const AnalysisSnapshot>(std::move(baseline));
    m_label = label;
    m_stale = true;
    m_comparison.reset(); // it compared with the other baseline: nothing of it can be kept
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

void BaselineComparison::markStale(const QString& kernelKey)
{
    m_stale = true;
    if (kernelKey.isEmpty())
        m_allKernelsStale = true;
    else
        m_staleKernels.insert(kernelKey);
}

void BaselineComparison::refresh() const
{
    if (!m_stale || !m_baseline)
        return;
    m_stale = false;
    m_changeByKernel.clear();
    const EstimateRun& run = m_session.run();
    if (!run.index || !run.model || !run.gpu) {
        m_comparison.reset();
        return;
    }
    const std::unique_ptr<AnalysisComparison> previous = std::move(m_comparison);
    QSet<int> changedRows;
    const bool all = m_allKernelsStale || !previous || m_now.size() != run.kernels.size();
    if (all) {
        // A new analysis may have changed the files: their lines are read again.
        m_sources.clear();
        AnalysisSnapshot snapshot = analysisSnapshotOf(run, QString());
        m_now = snapshot.kernels;
        m_nowRoot = snapshot.root;
    } else {
        for (int row = 0; row < run.kernels.size(); ++row) {
            if (m_staleKernels.contains(run.kernels[row].analysis.kernel->info.key)) {
                m_now[row] = kernelSnapshotOf(run.kernels[row], *run.model, m_sources);
                changedRows.insert(row);
            }
        }
    }
    m_allKernelsStale = false;
    m_staleKernels.clear();
    AnalysisSnapshot now = runSnapshotHeader(run, m_nowRoot);
    now.kernels = m_now;
    m_comparison = std::make_unique<AnalysisComparison>(
        all ? compareAnalyses(*m_baseline, now) : compareAnalysesAgain(*m_baseline, now, *previous, changedRows));
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
