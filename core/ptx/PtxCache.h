// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PtxCompiler.h"

#include <QHash>
#include <QMutex>
#include <QString>

#include <optional>

namespace slicewatt {

// Remembers the PTX a producer made from a file, on disk, so the next run (the app's next
// start, a CI job) does not start nvcc or clang again: keyed by the producer (name and
// executable), the architecture, the request's include folders, macros and standard, the
// file's bytes and the bytes of every file the compile read (its -MD list: project headers,
// SliceWatt's prelude, the compiler's own headers). One entry per file and configuration,
// written atomically in the envelope of common/CacheEntryFile; an entry that fails a check
// is deleted and counted as corrupt: a damaged cache costs a compile, never wrong PTX.
// Failed compiles are not remembered. Thread-safe.
class PtxCache {
public:
    struct Stats {
        int hits = 0;
        int misses = 0;
        int corrupt = 0; // entries rejected and deleted
        int stored = 0;
    };

    explicit PtxCache(const QString& diskFolder);

    std::optional<PtxCompilation> lookup(const PtxProducer& producer, const PtxRequest& request);
    void store(const PtxProducer& producer, const PtxRequest& request, const PtxCompilation& compilation);
    // Deletes every entry: the next compile of each file runs the producer.
    void clear();
    // What a folder of PTX entries may hold after a run (PTX is text, a project's is MBs).
    static constexpr qint64 kDiskBudgetBytes = 256LL * 1024 * 1024;
    void trimDisk(qint64 maxBytes = kDiskBudgetBytes);
    Stats stats() const;
    QString diskFolder() const { return m_diskFolder; }

    // Beside the unit cache's entries: `unitCacheFolder`/ptx.
    static QString folderBeside(const QString& unitCacheFolder);

private:
    // The entry of a configuration (configurationOf in the .cpp): named by its hash.
    QString entryPath(const QByteArray& configuration) const;

    QString m_diskFolder;
    mutable QMutex m_mutex;
    Stats m_stats;
};

// compilePtx through `cache` (nullptr: no cache); `cached` says whether the PTX came from it.
PtxCompilation compilePtxCached(
    const PtxProducer& producer, const PtxRequest& request, PtxCache* cache, bool* cached = nullptr);

} // namespace slicewatt
