// SPDX-License-Identifier: GPL-3.0-or-later
#include "IncludeScanner.h"

#include "common/SpecialFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace slicewatt {
namespace {

QStringList includeDirsOf(const SourceFile& file)
{
    QStringList dirs;
    for (int i = 0; i < file.flags.size(); ++i) {
        const QString& flag = file.flags[i];
        if (flag.startsWith(QLatin1String("-I")) && flag.size() > 2)
            dirs << flag.mid(2);
        else if ((flag == QLatin1String("-I") || flag == QLatin1String("-isystem")) && i + 1 < file.flags.size())
            dirs << file.flags[i + 1];
    }
    return dirs;
}

} // namespace

QSet<QString> filesIncludedByOthers(const QVector<SourceFile>& files, qint64 maxFileBytes)
{
    QSet<QString> project;
    for (const SourceFile& file : files)
        project.insert(file.path);
    static const QRegularExpression directive(
        QStringLiteral("^[ \\t]*#[ \\t]*include[ \\t]*([\"<])([^\">\\n]+)[\">]"), QRegularExpression::MultilineOption);
    QSet<QString> included;
    for (const SourceFile& file : files) {
        // Pipes and devices would block or never end; the parse reports what is wrong with them.
        if (isSpecialFile(file.path))
            continue;
        QFile source(file.path);
        if (source.size() > maxFileBytes || !source.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(source.readAll());
        if (!text.contains(QLatin1String("include")))
            continue;
        const QString folder = QFileInfo(file.path).absolutePath();
        const QStringList includeDirs = includeDirsOf(file);
        QRegularExpressionMatchIterator it = directive.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch match = it.next();
            const QString name = match.captured(2).trimmed();
            // Quoted: the includer's folder first. Angled (`#include <kernel.cu>` in Rodinia's
            // mummergpu, built with -I.): the -I folders, then the includer's folder, where
            // clang finds the file too (an error, "use quotes instead", and the file is read).
            QStringList candidates;
            const bool quoted = match.captured(1) == QLatin1String("\"");
            if (quoted)
                candidates << folder;
            candidates += includeDirs;
            if (!quoted)
                candidates << folder;
            for (const QString& dir : candidates) {
                const QString path = QDir::cleanPath(dir + QLatin1Char('/') + name);
                if (path != file.path && project.contains(path)) {
                    included.insert(path);
                    break;
                }
            }
        }
    }
    return included;
}

} // namespace slicewatt
