// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QTemporaryDir>

namespace slicewatt {

// The project at `path` (a folder or file inside a git work tree) as git revision `revision`
// has it, written into `checkout` with `git archive`, which reads the repository's objects and
// touches neither the work tree, the index nor any ref. Returns the path of `path` inside that
// copy, or empty with `error` in words (no git, not a repository, no such revision).
QString checkOutGitRevision(
    const QString& path, const QString& revision, const QTemporaryDir& checkout, QString* error);

} // namespace slicewatt
