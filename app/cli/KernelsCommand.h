// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli kernels PATH… [--format table|json]`: every kernel with its launches.
int runKernelsCommand(const QStringList& args);

} // namespace slicewatt::cli
