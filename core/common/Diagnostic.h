// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QVector>

namespace slicewatt {

// One message about the user's input: from clang while parsing, or from SliceWatt while
// loading (unreadable file, binary file, dropped compiler flag). Shown in the GUI's
// diagnostics panel and in every CLI output, so users see why a file gave no kernels.
struct Diagnostic {
    enum class Severity { Note, Warning, Error, Fatal };
    enum class Origin { Loader, Parser };

    Severity severity = Severity::Error;
    Origin origin = Origin::Parser;
    QString file; // absolute path; empty when the message is about the project as a whole
    int line = 0; // 1-based; 0 when not tied to a line
    int column = 0; // 1-based; 0 when not tied to a column
    QString message;

    // A message from SliceWatt itself (loading, file checks) rather than from clang.
    static Diagnostic fromLoader(Severity severity, const QString& file, const QString& message, int line = 0);

    bool isError() const { return severity == Severity::Error || severity == Severity::Fatal; }
    // "file:line:col: error: message", the format compilers and editors understand.
    QString toString() const;
};

using Diagnostics = QVector<Diagnostic>;

QString severityName(Diagnostic::Severity severity);
int errorCount(const Diagnostics& diagnostics);

} // namespace slicewatt
