// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/AnalysisComparison.h"
#include "export/SourceLineCache.h"

#include <QHash>
#include <QObject>
#include <QSet>

#include <memory>

namespace slicewatt {

class ProjectSession;

// The session's estimates set beside a baseline (issue 18: "Compare with…" a saved analysis or
// a git revision). The current estimates are taken as the snapshot `slicewatt-cli compare` reads
// (compare/RunSnapshot: the numbers of `analyze --format json`), so the app and the CLI pair
// kernels and take differences alike. The comparison is recomputed when asked for after the
// estimates changed (a what-if step costs nothing while no view asks), and a what-if step
// rebuilds only the snapshot of the kernel it changed.
class BaselineComparison : public QObject {
    Q_OBJECT
public:
    explicit BaselineComparison(const ProjectSession& session, QObject* parent = nullptr);

    // `label`: what the views call it ("release-1.2.json", "git main").
    void set(AnalysisSnapshot baseline, const QString& label);
    void clear();
    bool isSet() const { return m_baseline != nullptr; }
    QString label() const { return m_label; }

    // The comparison with the current estimates; null without a baseline.
    const AnalysisComparison* comparison() const;
    // A kernel of the session (its key) as compared with the baseline; null when it has no
    // partner there (added) or there is no baseline.
    const KernelChange* kernelChange(const QString& kernelKey) const;
    // "3 kernels compared, 1 added, 1 removed; baseline: git main", and what makes the two
    // less comparable (another GPU or model); empty without a baseline.
    QString summary() const;

Q_SIGNALS:
    void changed(); // a baseline was set or cleared

private:
    void refresh() const;
    void markStale(const QString& kernelKey);

    const ProjectSession& m_session;
    std::unique_ptr<const AnalysisSnapshot> m_baseline;
    QString m_label;
    mutable bool m_stale = true;
    // The current estimates' snapshots, by run row, kept across what-if steps.
    mutable QVector<KernelSnapshot> m_now;
    mutable QString m_nowRoot;
    mutable bool m_allKernelsStale = true; // a project-wide change: every kernel, and the sources
    mutable QSet<QString> m_staleKernels; // keys of kernels a what-if changed
    mutable SourceLineCache m_sources;
    mutable std::unique_ptr<AnalysisComparison> m_comparison;
    mutable QHash<QString, int> m_changeByKernel; // kernel key → index in m_comparison->kernels
};

} // namespace slicewatt
