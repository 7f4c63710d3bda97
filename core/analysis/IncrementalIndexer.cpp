// SPDX-License-Identifier: GPL-3.0-or-later
#include "IncrementalIndexer.h"

#include "ProjectIndexer.h"
#include "frontend/UnitCache.h"

#include <QSet>

namespace slicewatt {

QVector<SourceFile> filesAffectedBy(
    const ProjectIndex& previous, const ProjectSources& sources, const QStringList& changedFiles)
{
    const QSet<QString> changed(changedFiles.cbegin(), changedFiles.cend());
    QSet<QString> affectedPaths;
    for (const UnitIndex& unit : previous.units) {
        bool touched = changed.contains(unit.path);
        for (const QString& included : unit.includedFiles)
            touched = touched || changed.contains(included);
        if (touched)
            affectedPaths.insert(unit.path);
    }
    // A source that failed to parse before may have no unit yet; a save is a reason to try.
    for (const SourceFile& unit : sources.units) {
        if (changed.contains(unit.path))
            affectedPaths.insert(unit.path);
    }
    QVector<SourceFile> affected;
    for (const QVector<SourceFile>* list : {&sources.units, &sources.headers}) {
        for (const SourceFile& file : *list) {
            if (affectedPaths.contains(file.path))
                affected << file;
        }
    }
    return affected;
}

ProjectIndex reindexFiles(const ProjectIndex& previous, const ProjectSources& sources,
    const QVector<SourceFile>& affected, const ParserOptions& options, UnitCache* cache)
{
    QHash<QString, UnitIndex> fresh;
    for (const SourceFile& file : affected)
        fresh.insert(file.path, indexFileCached(file, options, cache));
    QVector<UnitIndex> units;
    for (const UnitIndex& unit : previous.units)
        units << (fresh.contains(unit.path) ? fresh.take(unit.path) : unit);
    for (auto it = fresh.begin(); it != fresh.end(); ++it)
        units << it.value();
    ProjectIndex index = mergeUnits(units, options.deviceArch);
    index.loaderDiagnostics = sources.diagnostics;
    index.droppedFlags = sources.droppedFlags;
    index.refreshDiagnostics();
    return index;
}

} // namespace slicewatt
