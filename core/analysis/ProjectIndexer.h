// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ParserOptions.h"
#include "frontend/ProjectIndex.h"
#include "project/ProjectSources.h"

#include <atomic>
#include <functional>

namespace slicewatt {

class UnitCache;

// Progress of a project parse, reported from worker threads.
struct IndexProgress {
    int filesDone = 0;
    int filesTotal = 0;
    QString lastFile;
};

// Parses every translation unit of the project in parallel (one libclang index per task,
// so threads share nothing), then the headers that no unit included. `onProgress` is
// called from worker threads, serialised; `cancel` is polled between files, so a cancel
// takes effect after the files being parsed at that moment. With a `cache`, units whose
// key is unchanged are taken from it instead of being parsed (UnitCache).
ProjectIndex indexProject(const ProjectSources& sources, const ParserOptions& options,
    const std::function<void(const IndexProgress&, const UnitIndex&)>& onProgress = {},
    const std::atomic<bool>* cancel = nullptr, UnitCache* cache = nullptr);

// Parses and indexes one file on the calling thread.
UnitIndex indexFile(const SourceFile& source, const ParserOptions& options);

// `source` parsed and indexed, or served from `cache` (may be null) when unchanged.
UnitIndex indexFileCached(const SourceFile& source, const ParserOptions& options, UnitCache* cache);

} // namespace slicewatt
