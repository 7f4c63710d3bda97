// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeModel.h"
#include "ParserOptions.h"
#include "project/ProjectSources.h"

#include <QHash>
#include <QMutex>
#include <QString>

#include <optional>

namespace slicewatt {

// Remembers what parsing each file produced, keyed by everything the result depends on:
// the file's bytes, the bytes of every project header it included, its compiler
// arguments, the prelude's version and SliceWatt's own. A re-analysis after an edit then
// parses only the translation units whose key changed. Always in memory; also on disk
// when given a folder, so a new process (a CI run, the next app start) starts warm.
//
// On disk each unit is one file, written atomically, with a header (magic, format, size,
// SHA-256 of the payload). A file that fails any check is counted as corrupt, deleted and
// rebuilt by the next parse; a damaged cache can cost time, never a wrong result.
//
// Every file a unit read is part of its key, system and clang headers too. Those are
// hashed again only when their size or modification time (ns) changed, and never trusted
// by time when modified in the last seconds (a coarse clock could hide a quick re-save).
//
// Thread-safe: the indexer looks up and stores from its worker threads.
class UnitCache {
public:
    struct Stats {
        int hits = 0; // served without parsing (memory or disk)
        int diskHits = 0; // of which read from disk
        int misses = 0; // parsed
        int corrupt = 0; // disk entries rejected and deleted
        int stored = 0;
    };

    // `diskFolder` empty: memory only. The folder is created on the first store.
    explicit UnitCache(const QString& diskFolder = QString());

    // What a unit's result depends on, apart from the headers it turns out to include.
    struct Key {
        QByteArray configuration; // arguments, prelude, format and tool versions
        QByteArray content; // the file's bytes; empty when unreadable (never cached)
    };
    static Key keyFor(const SourceFile& source, const ParserOptions& options);

    // The unit parsed before for `path`, when its key matches and no header it included
    // changed since.
    std::optional<UnitIndex> lookup(const QString& path, const Key& key);
    // Remembers `unit`, parsed from bytes that hashed to `key` before the parse. Units that
    // were skipped, stopped by the time budget, or unreadable are not remembered.
    void store(const QString& path, const Key& key, const UnitIndex& unit);

    // Drops every entry, in memory and on disk.
    void clear();
    // Deletes the least recently written disk entries until the folder holds at most
    // `maxBytes`.
    void trimDisk(qint64 maxBytes);

    Stats stats() const;
    QString diskFolder() const { return m_diskFolder; }

    // The usual place: the user's cache folder (XDG_CACHE_HOME) + "/units".
    static QString defaultDiskFolder();

private:
    struct Entry {
        Key key;
        QHash<QString, QByteArray> dependencyHashes; // included project files, by path
        UnitIndex unit;
    };

    QString entryFilePath(const QString& path, const QByteArray& configuration) const;
    std::optional<Entry> readDiskEntry(const QString& path, const Key& key);
    void writeDiskEntry(const QString& path, const Entry& entry) const;
    bool dependenciesUnchanged(const Entry& entry);
    QByteArray dependencyHash(const QString& path);

    struct Stamp {
        qint64 size = -1;
        qint64 modifiedNs = 0;
        QByteArray hash;
    };

    QString m_diskFolder;
    mutable QMutex m_mutex;
    QHash<QString, Entry> m_memory; // by source path
    QHash<QString, Stamp> m_stamps; // dependency hashes by path, valid while size and time hold
    Stats m_stats;
};

} // namespace slicewatt
