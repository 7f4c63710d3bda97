// SPDX-License-Identifier: GPL-3.0-or-later
#include "EditorLauncher.h"

#include <QDesktopServices>
#include <QFileInfo>
#include <QProcess>
#include <QUrl>

namespace slicewatt {

QString defaultEditorCommand(const QProcessEnvironment& environment)
{
    QString editor = environment.value(QStringLiteral("VISUAL")).trimmed();
    if (editor.isEmpty())
        editor = environment.value(QStringLiteral("EDITOR")).trimmed();
    const QStringList parts = QProcess::splitCommand(editor);
    if (parts.isEmpty())
        return QString();
    const QString program = QFileInfo(parts.first()).fileName();
    // How each family of editors is told the line.
    static const QStringList goTo{"code", "codium", "code-oss", "code-insiders"};
    static const QStringList lineOption{"kate", "kwrite"};
    static const QStringList plusLine{
        "gedit", "gnome-text-editor", "xed", "pluma", "mousepad", "geany", "gvim", "leafpad", "featherpad", "emacs"};
    static const QStringList colonLine{"subl", "sublime_text", "zed"};
    static const QStringList inTerminal{"vi", "vim", "nvim", "nano", "micro", "helix", "hx", "kak", "joe", "ne", "mg"};
    if (goTo.contains(program))
        return editor + QStringLiteral(" --goto %f:%l");
    if (lineOption.contains(program))
        return editor + QStringLiteral(" --line %l %f");
    if (program == QLatin1String("emacsclient"))
        return editor + QStringLiteral(" -n +%l %f");
    if (plusLine.contains(program))
        return editor + QStringLiteral(" +%l %f");
    if (colonLine.contains(program))
        return editor + QStringLiteral(" %f:%l");
    // A terminal editor started from a desktop app needs a terminal (Debian's alternative).
    if (inTerminal.contains(program))
        return QStringLiteral("x-terminal-emulator -e ") + editor + QStringLiteral(" +%l %f");
    return editor + QStringLiteral(" %f"); // an editor we do not know: the file, without the line
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
            *error = QObject::tr("No application opens %1: set an editor command in Edit › Preferences (%f the "
                                 "file, %l the line, e.g. code --goto %f:%l), or set $VISUAL before starting SliceWatt")
                         .arg(file);
        return false;
    }
    if (QProcess::startDetached(command.first(), command.mid(1)))
        return true;
    if (error)
        *error = QObject::tr("Could not start '%1': set the editor command in Edit › Preferences (%f the file, %l the "
                             "line, e.g. kate --line %l %f), or leave it empty for the desktop's default application")
                     .arg(command.first());
    return false;
}

} // namespace slicewatt
