// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli validate-measured CSV... [--map FILE] [--corpus DIR] [--gpu ID]`: METHOD §11
// on measured power per launch (the Alavani files or the minimal form).
int runValidateMeasuredCommand(const QStringList& args);

} // namespace slicewatt::cli
