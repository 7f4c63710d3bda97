// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli ptx PATH... [--gpu ID]`: each kernel's PTX (nvcc, else clang) with its
// blocks, loops and instruction classes per source line.
int runPtxCommand(const QStringList& args);

} // namespace slicewatt::cli
