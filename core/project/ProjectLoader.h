// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ProjectSources.h"

namespace slicewatt {

// Finds the sources of a CUDA project from what the user opened: folders (searched
// recursively, hidden folders skipped), single files, or compile_commands.json files.
// Never fails as a whole: unreadable inputs become diagnostics and the rest is loaded.
ProjectSources loadProject(const QStringList& inputs, const LoadOptions& options = {});

bool isCompileDatabasePath(const QString& path);

} // namespace slicewatt
