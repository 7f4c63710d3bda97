// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ProjectSources.h"

#include <QSet>
#include <QString>

namespace slicewatt {

// The project files that another project file `#include`s (Rodinia's main.cu including
// kernel.cu), found by reading the include directives of every file: such a file is part
// of its includer's translation unit, as clangd decides, not one of its own. Quoted
// includes resolve against the including file's folder first, then the file's -I folders;
// angled ones against the -I folders, then the including file's folder (clang's recovery
// reads the file from there, with an error). Conditional includes count (the text is not
// preprocessed): a file included under some #if is still meant to be included.
QSet<QString> filesIncludedByOthers(const QVector<SourceFile>& files, qint64 maxFileBytes);

} // namespace slicewatt
