// SPDX-License-Identifier: GPL-3.0-or-later
#include "EditorLauncher.h"

#include <QDesktopServices>
#include <QProcess>
#include <QUrl>

namespace slicewatt {

QString defaultEditorCommand()
{
    return QStringLiteral("code --goto %f:%l");
}

QStringList editorCommandLine(const QString& commandTemplate, const QString& file, int line)
{
    QStringList parts = QProcess::splitCommand(commandTemplate);
    for (QString& part : parts) {
        QString out;
        for (int i = 0; i < part.size(); ++i) {
            if (part[i] == QLatin1Char('%') && i + 1 < part.size()) {
                const QChar code = part[i + 1];
                if (code == QLatin1Char('f')) {
                    out += file;
                    ++i;
                    continue;
                }
                if (code == QLatin1Char('l')) {
                    out += QString::number(line);
                    ++i;
                    continue;
                }
                if (code == QLatin1Char('%')) {
                    out += QLatin1Char('%');
                    ++i;
                    continue;
                }
            }
            out += part[i];
        }
        part = out;
    }
    return parts;
}

bool openInEditor(const QString& commandTemplate, const QString& file, int line, QString* error)
{
    const QStringList command = editorCommandLine(commandTemplate, file, line);
    if (command.isEmpty()) {
        if (QDesktopServices::openUrl(QUrl::fromLocalFile(file)))
            return true;
        if (error)
            *error = QObject::tr("No application opens %1; set an editor command in Preferences").arg(file);
        return false;
    }
    if (QProcess::startDetached(command.first(), command.mid(1)))
        return true;
    if (error)
        *error = QObject::tr("Could not start '%1'; check the editor command in Preferences").arg(command.first());
    return false;
}

} // namespace slicewatt
