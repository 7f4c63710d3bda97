// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli fit-physical RUNS.csv[=DRIVERS]... --gpu ID -o FILE`: the physical power
// model's constants for one GPU fitted to launches measured back to back (each kernel analysed
// in its driver at the measured launch, through the time model), validated with whole kernels
// held out, and put into the physical model file FILE (its other GPUs kept).
int runFitPhysicalCommand(const QStringList& args);

} // namespace slicewatt::cli
