// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli fit CSV --gpu ID --id MODEL [--form jos13|jos13-idle|linear-intensity] -o FILE`:
// fits a model form to measured power and writes a model file `analyze --models-dir` reads.
int runFitCommand(const QStringList& args);

} // namespace slicewatt::cli
