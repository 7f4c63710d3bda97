// SPDX-License-Identifier: GPL-3.0-or-later
#include "SourceGuard.h"

#include "LightLexer.h"
#include "SourceHazards.h"
#include "SpacedLaunchChevrons.h"

#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

namespace slicewatt {
SourceCheck checkSource(const QString& path, qint64 maxFileBytes, const HazardLimits& hazards)
{
    SourceCheck check;
    // Checked before opening: a FIFO would block the open, a device the read.
    if (isSpecialFile(path)) {
        check.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Error, path,
            QStringLiteral("not a regular file (a device, pipe or system file); skipped"));
        return check;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        check.diagnostics << Diagnostic::fromLoader(
            Diagnostic::Severity::Error, path, QStringLiteral("cannot read file: %1").arg(file.errorString()));
        return check;
    }
    const qint64 size = file.size();
    if (size > maxFileBytes) {
        check.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Error, path,
            QStringLiteral("file is %1 MiB, above the %2 MiB limit for analysis; skipped (raise the limit in the "
                           "settings or with --max-file-mb)")
                .arg(double(size) / (1024.0 * 1024.0), 0, 'f', 1)
                .arg(double(maxFileBytes) / (1024.0 * 1024.0), 0, 'f', 0));
        return check;
    }
    const QByteArray text = file.readAll();
    // Source code never contains NUL bytes; object files, images and archives do at once.
    if (text.contains('\0')) {
        check.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Error, path,
            QStringLiteral("binary file (contains NUL bytes), not CUDA source; skipped"));
        return check;
    }
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString decoded = decoder.decode(text); // decode() is lazy: converting runs it
    if (decoder.hasError()) {
        // clang copes with stray bytes in comments and strings; the user should still know
        // that line text in reports may show replacement characters.
        check.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Warning, path,
            QStringLiteral("file is not valid UTF-8; it is analysed, but its text may show replacement characters"));
    }
    if (text.trimmed().isEmpty()) {
        check.diagnostics << Diagnostic::fromLoader(
            Diagnostic::Severity::Note, path, QStringLiteral("empty file: no code to analyse"));
        return check;
    }
    // One lexing serves the hazards and the chevrons.
    const LightLexer lexer(text);
    if (const auto hazard = findParseHazard(path, lexer, hazards)) {
        check.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Error, path, hazard->message, hazard->line);
        return check;
    }
    check.parseable = true;
    check.text = text;
    check.rewritten = closeSpacedLaunchChevrons(lexer, check.text);
    return check;
}

} // namespace slicewatt
