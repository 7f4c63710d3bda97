// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PowerTrace.h"

#include <QByteArray>

namespace slicewatt {

// `trace` in SliceWatt's plain trace CSV (TraceImport.h): `# gpu:` and `# run:` comments,
// then time_s,power_w[,energy_j] (energy only when every sample has it). readPowerTrace reads
// it back to the same samples (to the 6 decimals written: µs, µW, µJ).
QByteArray plainTraceCsv(const PowerTrace& trace);

} // namespace slicewatt
