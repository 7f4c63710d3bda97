// SPDX-License-Identifier: GPL-3.0-or-later
#include "Diagnostic.h"

#include <algorithm>

namespace slicewatt {

QString severityName(Diagnostic::Severity severity)
{
    switch (severity) {
    case Diagnostic::Severity::Note:
        return QStringLiteral("note");
    case Diagnostic::Severity::Warning:
        return QStringLiteral("warning");
    case Diagnostic::Severity::Error:
        return QStringLiteral("error");
    case Diagnostic::Severity::Fatal:
        return QStringLiteral("fatal");
    }
    return QStringLiteral("error");
}

QString Diagnostic::toString() const
{
    QString where = file;
    if (line > 0) {
        where += QLatin1Char(':') + QString::number(line);
        if (column > 0)
            where += QLatin1Char(':') + QString::number(column);
    }
    const QString prefix = where.isEmpty() ? QString() : where + QStringLiteral(": ");
    return prefix + severityName(severity) + QStringLiteral(": ") + message;
}

Diagnostic Diagnostic::fromLoader(Severity severity, const QString& file, const QString& message, int line)
{
    Diagnostic d;
    d.severity = severity;
    d.origin = Origin::Loader;
    d.file = file;
    d.line = line;
    d.message = message;
    return d;
}

int errorCount(const Diagnostics& diagnostics)
{
    return int(std::count_if(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) { return d.isError(); }));
}

} // namespace slicewatt
