// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileBudget.h"

#include <chrono>
#include <cmath>

namespace slicewatt {
namespace {

QString seconds(double value)
{
    if (value < 0.1)
        return QString::number(value, 'g', 2); // a test's or a user's tiny budget stays readable
    return QString::number(value, 'f', value < 10 ? 1 : 0);
}

const char* const kRaiseHint = "slicewatt-cli raises it with --file-time-budget";

} // namespace

FileBudget::FileBudget(const QString& path, double seconds, AnalysisClock clock)
    : m_path(path)
    , m_limitSeconds(seconds > 0 && std::isfinite(seconds) ? seconds : 0)
    , m_clock(std::move(clock))
{
    m_startNs = now();
}

qint64 FileBudget::now() const
{
    if (m_clock)
        return m_clock(m_path);
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

bool FileBudget::exhausted()
{
    if (m_exhausted || m_limitSeconds <= 0)
        return m_exhausted;
    const qint64 elapsed = now() - m_startNs;
    if (double(elapsed) >= m_limitSeconds * 1e9) {
        m_exhausted = true;
        m_stoppedAfterNs = elapsed;
    }
    return m_exhausted;
}

Diagnostic FileBudget::parseTookBudgetDiagnostic() const
{
    return Diagnostic::fromLoader(Diagnostic::Severity::Error, m_path,
        QStringLiteral("libclang's parse of %1 took %2 s, the whole per-file time budget of %3 s; SliceWatt's "
                       "analysis of this file was skipped, so results for it are incomplete (%4)")
            .arg(m_path, seconds(double(m_stoppedAfterNs) / 1e9), seconds(m_limitSeconds), QLatin1String(kRaiseHint)));
}

Diagnostic FileBudget::analysisStoppedDiagnostic() const
{
    return Diagnostic::fromLoader(Diagnostic::Severity::Error, m_path,
        QStringLiteral("analysis of %1 stopped after %2 s (per-file time budget of %3 s); results for this file "
                       "are incomplete (%4)")
            .arg(m_path, seconds(double(m_stoppedAfterNs) / 1e9), seconds(m_limitSeconds), QLatin1String(kRaiseHint)));
}

Diagnostic FileBudget::deviceSideSkippedDiagnostic(const QString& arch) const
{
    return Diagnostic::fromLoader(Diagnostic::Severity::Error, m_path,
        QStringLiteral("%1 tests __CUDA_ARCH__, but its host-side parse and analysis took the whole per-file time "
                       "budget of %2 s, so the code compiled for %3 was not read; its kernels are read as the host "
                       "compiler sees them and results for this file are incomplete (%4)")
            .arg(m_path, seconds(m_limitSeconds), arch, QLatin1String(kRaiseHint)));
}

} // namespace slicewatt
