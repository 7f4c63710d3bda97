// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli trace FILE [--gpu-index N] [--idle W] [--start S --end S] [--lag S]
// [--format table|json|csv] [-o FILE]`: imports a measured power trace (nvidia-smi CSV or
// SliceWatt's plain trace CSV), corrects the sensor's lag as METHOD §6 describes and prints
// t_p, raw and corrected power and energy per run; json and csv add every sample.
int runTraceCommand(const QStringList& args);

} // namespace slicewatt::cli
