// SPDX-License-Identifier: GPL-3.0-or-later
#include "TreeFingerprint.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace slicewatt::test {

QByteArray treeFingerprint(const QString& root)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString& path : files) {
        QFile file(path);
        hash.addData(path.toUtf8());
        hash.addData(QByteArray::number(QFileInfo(path).lastModified().toMSecsSinceEpoch()));
        if (file.open(QIODevice::ReadOnly))
            hash.addData(file.readAll());
    }
    return hash.result();
}

} // namespace slicewatt::test
