// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace slicewatt {

// The disk entries of SliceWatt's caches (parsed units, PTX): a header that proves the bytes
// whole (magic, format, payload size, SHA-256 of the payload) before the payload. What a
// crash, a full disk or another version of SliceWatt left behind is rejected, never used.
QByteArray sealCacheEntry(quint32 magic, quint32 format, const QByteArray& payload);

// The payload of `bytes`, or nullopt when they are not one whole entry of `magic` and `format`.
std::optional<QByteArray> openCacheEntry(const QByteArray& bytes, quint32 magic, quint32 format);

// SHA-256 of a file's bytes; empty when it cannot be read. What cache keys hash files with.
QByteArray hashFileContents(const QString& path);

// Deletes the least recently written files named *`suffix` in `folder` until they hold at most
// `maxBytes` together: a cache folder stays bounded.
void trimCacheFolder(const QString& folder, const QString& suffix, qint64 maxBytes);

} // namespace slicewatt
