// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileIo.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

namespace slicewatt {

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

bool readTextFile(const QString& path, QByteArray* contents, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read: %2").arg(path, file.errorString());
        return false;
    }
    *contents = file.readAll();
    if (contents->contains('\0')) {
        *error = QStringLiteral("%1: not a text file").arg(path);
        return false;
    }
    return true;
}

} // namespace slicewatt
