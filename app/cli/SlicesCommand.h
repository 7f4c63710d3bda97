// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli slices PATH… [--format table|json]`: each kernel's memory-space slices,
// per-statement counts and weights, branch class and assumptions.
int runSlicesCommand(const QStringList& args);

} // namespace slicewatt::cli
