// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ParserOptions.h"
#include "common/Diagnostic.h"

#include <QString>

namespace slicewatt {

// The time one file may take: libclang's parse and SliceWatt's analysis of it share it
// (ParserOptions::fileTimeBudgetSeconds). The parse cannot be interrupted; our analysis
// asks exhausted() as it goes and stops when it says so, so one pathological file costs
// a bounded time while the rest of the project is analysed.
class FileBudget {
public:
    FileBudget() = default; // no limit
    // Starts counting now; seconds <= 0 means no limit.
    FileBudget(const QString& path, double seconds, AnalysisClock clock = {});

    // True once the time is up; from then on without asking the clock again.
    bool exhausted();
    bool wasExhausted() const { return m_exhausted; }
    double limitSeconds() const { return m_limitSeconds; }

    // What the user reads about the file: the analysis was skipped because libclang's
    // parse alone took the budget, or stopped part way.
    Diagnostic parseTookBudgetDiagnostic() const;
    Diagnostic analysisStoppedDiagnostic() const;
    // The file tests __CUDA_ARCH__, but the host side's parse and analysis spent the budget:
    // the code compiled for `arch` was not read.
    Diagnostic deviceSideSkippedDiagnostic(const QString& arch) const;

private:
    qint64 now() const;

    QString m_path;
    double m_limitSeconds = 0;
    AnalysisClock m_clock;
    qint64 m_startNs = 0;
    qint64 m_stoppedAfterNs = 0;
    bool m_exhausted = false;
};

} // namespace slicewatt
