// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli train-wnn (CSV | --surfaces) -o MODEL.json [--id ID] [--seed N] [--epochs N]`:
// trains the JoS13 wavelet network on measurements (CSV: intensity, saturation, lines, gpu,
// watts), or with --surfaces on the published surfaces, reproducing models/wnn-default.json.
int runTrainWnnCommand(const QStringList& args);

} // namespace slicewatt::cli
