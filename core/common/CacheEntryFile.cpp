// SPDX-License-Identifier: GPL-3.0-or-later
#include "CacheEntryFile.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace slicewatt {
namespace {

constexpr int kHashBytes = 32; // SHA-256
constexpr qsizetype kHeaderBytes = 4 + 4 + 8 + kHashBytes; // magic, format, size, checksum

QByteArray sha256(const QByteArray& bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
}

} // namespace

QByteArray sealCacheEntry(quint32 magic, quint32 format, const QByteArray& payload)
{
    QByteArray bytes;
    {
        QDataStream header(&bytes, QIODevice::WriteOnly);
        header << magic << format << quint64(payload.size());
    }
    bytes += sha256(payload);
    bytes += payload;
    return bytes;
}

std::optional<QByteArray> openCacheEntry(const QByteArray& bytes, quint32 magic, quint32 format)
{
    QDataStream header(bytes);
    quint32 storedMagic = 0, storedFormat = 0;
    quint64 size = 0;
    header >> storedMagic >> storedFormat >> size;
    if (header.status() != QDataStream::Ok || storedMagic != magic || storedFormat != format
        || bytes.size() != kHeaderBytes + qsizetype(size))
        return std::nullopt;
    const QByteArray payload = bytes.mid(kHeaderBytes);
    if (sha256(payload) != bytes.mid(16, kHashBytes))
        return std::nullopt;
    return payload;
}

QByteArray hashFileContents(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QByteArray();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&file))
        return QByteArray();
    return hash.result();
}

void trimCacheFolder(const QString& folder, const QString& suffix, qint64 maxBytes)
{
    if (folder.isEmpty())
        return;
    QFileInfoList files = QDir(folder).entryInfoList({QStringLiteral("*") + suffix}, QDir::Files);
    // Newest first; whatever is past the budget goes.
    std::sort(files.begin(), files.end(),
        [](const QFileInfo& a, const QFileInfo& b) { return a.lastModified() > b.lastModified(); });
    qint64 total = 0;
    for (const QFileInfo& file : files) {
        total += file.size();
        if (total > maxBytes)
            QFile::remove(file.absoluteFilePath());
    }
}

} // namespace slicewatt
