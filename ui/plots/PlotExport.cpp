// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlotExport.h"

#include <qcustomplot.h>

#include <QDir>
#include <QFileInfo>
#include <QTemporaryFile>

#include <filesystem>
#include <system_error>

namespace slicewatt {
namespace {

bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

std::filesystem::path nativePath(const QString& fileName)
{
    return std::filesystem::path(fileName.toStdU16String());
}

} // namespace

bool exportPlot(QCustomPlot& plot, const QString& fileName, QString* error, int width, int height)
{
    const QFileInfo target(fileName);
    const QString suffix = target.suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("pdf"))
        return fail(error, QObject::tr("Cannot export to %1: the file name must end in .png or .pdf.").arg(fileName));
    const QDir folder = target.absoluteDir();
    if (!folder.exists())
        return fail(error,
            QObject::tr("Cannot export to %1: the folder %2 does not exist.")
                .arg(fileName, QDir::toNativeSeparators(folder.path())));
    if (target.isDir())
        return fail(error, QObject::tr("Cannot export to %1: it is a folder.").arg(fileName));

    // In the target's folder, so the final rename never crosses file systems.
    QTemporaryFile temporary(folder.filePath(QStringLiteral(".%1.XXXXXX.%2").arg(target.completeBaseName(), suffix)));
    if (!temporary.open())
        return fail(error,
            QObject::tr("Cannot write in %1: %2")
                .arg(QDir::toNativeSeparators(folder.path()), temporary.errorString()));
    temporary.close();
    const bool saved = suffix == QLatin1String("pdf") ? plot.savePdf(temporary.fileName(), width, height)
                                                      : plot.savePng(temporary.fileName(), width, height);
    if (!saved || QFileInfo(temporary.fileName()).size() == 0)
        return fail(error, QObject::tr("Could not render the plot to %1.").arg(fileName));

    // The temporary file is private (0600); an export is an ordinary document: keep the old
    // file's permissions, or give the usual ones.
    temporary.setPermissions(target.exists()
            ? QFile::permissions(fileName)
            : QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    // std::filesystem::rename replaces an existing file in one step (rename(2), or
    // MoveFileEx with MOVEFILE_REPLACE_EXISTING); QFile::rename refuses to overwrite.
    std::error_code failure;
    std::filesystem::rename(nativePath(temporary.fileName()), nativePath(target.absoluteFilePath()), failure);
    if (failure)
        return fail(
            error, QObject::tr("Cannot replace %1: %2").arg(fileName, QString::fromStdString(failure.message())));
    temporary.setAutoRemove(false); // it is the target now
    return true;
}

} // namespace slicewatt
