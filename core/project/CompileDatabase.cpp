// SPDX-License-Identifier: GPL-3.0-or-later
#include "CompileDatabase.h"

#include "CommandLineSplitter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace slicewatt {
namespace {

int lineOfOffset(const QByteArray& text, int offset)
{
    return int(text.left(offset).count('\n')) + 1;
}

} // namespace

CompileDatabase readCompileDatabase(const QString& path)
{
    CompileDatabase db;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        db.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Error, path,
            QStringLiteral("cannot read compile database: %1").arg(file.errorString()));
        return db;
    }
    const QByteArray text = file.readAll();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError) {
        db.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Error, path,
            QStringLiteral("malformed compile database: %1").arg(error.errorString()),
            lineOfOffset(text, error.offset));
        return db;
    }
    if (!doc.isArray()) {
        db.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Error, path,
            QStringLiteral("malformed compile database: expected a JSON array of entries"));
        return db;
    }
    const QString databaseDir = QFileInfo(path).absolutePath();
    const QJsonArray entries = doc.array();
    for (int i = 0; i < entries.size(); ++i) {
        const QJsonObject entry = entries.at(i).toObject();
        CompileCommand command;
        // A relative "directory" is not in the spec, but hand-written databases use it:
        // read it relative to the database file.
        command.directory = entry.value(QLatin1String("directory")).toString();
        if (command.directory.isEmpty() || QDir::isRelativePath(command.directory))
            command.directory = QDir::cleanPath(QDir(databaseDir).absoluteFilePath(command.directory));
        const QString fileField = entry.value(QLatin1String("file")).toString();
        if (fileField.isEmpty()) {
            db.diagnostics << Diagnostic::fromLoader(
                Diagnostic::Severity::Error, path, QStringLiteral("entry %1 has no \"file\"; skipped").arg(i + 1));
            continue;
        }
        command.file = QDir::cleanPath(QDir(command.directory).absoluteFilePath(fileField));
        if (entry.contains(QLatin1String("arguments"))) {
            for (const QJsonValue& arg : entry.value(QLatin1String("arguments")).toArray())
                command.arguments << arg.toString();
        } else {
            command.arguments = splitCommandLine(entry.value(QLatin1String("command")).toString());
        }
        if (command.arguments.isEmpty()) {
            db.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Error, path,
                QStringLiteral("entry %1 (%2) has neither \"arguments\" nor \"command\"; skipped")
                    .arg(i + 1)
                    .arg(fileField));
            continue;
        }
        db.commands << command;
    }
    return db;
}

} // namespace slicewatt
