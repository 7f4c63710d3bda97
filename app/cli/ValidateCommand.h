// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli validate CSV [the analyze options --gpu … --counting] [--format
// table|json|csv] [-o FILE]`: compares SliceWatt's static prediction for each measured
// program of a validation CSV (program, kernel, measured_w) with the measurement, and prints
// the error per row and the mean absolute percentage error. Exit status 1 when no row could
// be compared.
int runValidateCommand(const QStringList& args);

} // namespace slicewatt::cli
