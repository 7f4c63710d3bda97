// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ParserOptions.h"
#include "frontend/ProjectIndex.h"
#include "project/ProjectSources.h"

namespace slicewatt {

class UnitCache;

// The files to parse again after `changedFiles` were saved: every translation unit that is
// one of them or includes one of them, and headers that were parsed on their own and
// changed. Nothing else: an edit costs the units it touches, not the project.
QVector<SourceFile> filesAffectedBy(
    const ProjectIndex& previous, const ProjectSources& sources, const QStringList& changedFiles);

// `previous` with the units of `affected` parsed again and everything else kept as it was.
// With a `cache`, the fresh parses are remembered there too (and a file saved back to
// bytes the cache has seen is served from it).
ProjectIndex reindexFiles(const ProjectIndex& previous, const ProjectSources& sources,
    const QVector<SourceFile>& affected, const ParserOptions& options, UnitCache* cache = nullptr);

} // namespace slicewatt
