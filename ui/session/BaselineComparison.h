// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/AnalysisComparison.h"

#include <QHash>
#include <QObject>

#include <memory>

namespace slicewatt {

class ProjectSession;

// The session's estimates set beside a baseline (issue 18: "Compare with…" a saved analysis or
// a git revision). The current estimates are written as `analyze --format json` writes them and
// read back, exactly as `slicewatt-cli compare` reads both sides, so the app and the CLI pair
// kernels and take differences alike. The comparison is recomputed when asked for after the
// estimates changed (a what-if step costs nothing while no view asks).
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

    const ProjectSession& m_session;
    std::unique_ptr<const AnalysisSnapshot> m_baseline;
    QString m_label;
    mutable bool m_stale = true;
    mutable std::unique_ptr<AnalysisComparison> m_comparison;
    mutable QHash<QString, int> m_changeByKernel; // kernel key → index in m_comparison->kernels
};

} // namespace slicewatt
