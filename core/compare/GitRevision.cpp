// SPDX-License-Identifier: GPL-3.0-or-later
#include "GitRevision.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <optional>

namespace slicewatt {
namespace {

constexpr int kGitTimeoutMs = 300000;

// Runs `program` in `folder`; its standard output, or nullopt with `error` in words.
std::optional<QByteArray> run(
    const QString& folder, const QString& program, const QStringList& arguments, QString* error)
{
    QProcess process;
    process.setWorkingDirectory(folder);
    process.start(program, arguments);
    const QString command = program + QLatin1Char(' ') + arguments.join(QLatin1Char(' '));
    if (!process.waitForStarted() || !process.waitForFinished(kGitTimeoutMs)) {
        *error = QStringLiteral("%1: %2").arg(command, process.errorString());
        return std::nullopt;
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        *error
            = QStringLiteral("%1: %2").arg(command, QString::fromLocal8Bit(process.readAllStandardError()).trimmed());
        return std::nullopt;
    }
    return process.readAllStandardOutput();
}

} // namespace

QString checkOutGitRevision(const QString& path, const QString& revision, const QTemporaryDir& checkout, QString* error)
{
    if (!checkout.isValid()) {
        *error = QStringLiteral("no temporary folder: %1").arg(checkout.errorString());
        return {};
    }
    const QFileInfo info(path);
    const QString folder = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
    const std::optional<QByteArray> top
        = run(folder, QStringLiteral("git"), {QStringLiteral("rev-parse"), QStringLiteral("--show-toplevel")}, error);
    if (!top)
        return {};
    const QString topLevel = QString::fromLocal8Bit(*top).trimmed();
    const QString archive = checkout.filePath(QStringLiteral("revision.tar"));
    if (!run(topLevel, QStringLiteral("git"),
            {QStringLiteral("archive"), QStringLiteral("--format=tar"), QStringLiteral("-o"), archive, revision},
            error))
        return {};
    if (!run(checkout.path(), QStringLiteral("tar"), {QStringLiteral("-xf"), archive}, error))
        return {};
    QFile::remove(archive);
    const QString inside = QDir(topLevel).relativeFilePath(info.canonicalFilePath());
    return QDir::cleanPath(checkout.filePath(inside));
}

} // namespace slicewatt
