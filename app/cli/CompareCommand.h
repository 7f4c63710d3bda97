// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli compare BASE NEW [--fail-on-increase PCT] [analyze options] [--format
// table|json|markdown]`: each side a saved analysis JSON or a folder (or files) analysed now;
// per kernel the change in power, energy per launch, intensity, Sa and per slice, the lines
// whose heat changed most, and the kernels added and removed.
int runCompareCommand(const QStringList& args);

} // namespace slicewatt::cli
