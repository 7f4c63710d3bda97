// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcessEnvironment>
#include <QStringList>

namespace slicewatt {

// "Open in editor" at file:line with the user's command, e.g. `code --goto %f:%l`,
// `kate --line %l %f`, `emacsclient -n +%l %f`. %f is the file, %l the line, %% a percent.
// The default: the user's $VISUAL, else $EDITOR, with the line argument that editor takes
// (code --goto %f:%l, kate --line %l %f, gedit +%l %f, subl %f:%l, emacsclient -n +%l %f; a
// terminal editor such as vim or nano in a terminal window), else empty: the desktop's opener.
QString defaultEditorCommand(const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());
// The program and its arguments for `commandTemplate`; empty when the template is empty.
QStringList editorCommandLine(const QString& commandTemplate, const QString& file, int line);
// Starts the editor detached (no template: the desktop's default application for the file).
bool openInEditor(const QString& commandTemplate, const QString& file, int line, QString* error);

} // namespace slicewatt
