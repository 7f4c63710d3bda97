// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli validate-time RUNS.csv --gpu ID [--energy-model ID] [--drivers DIR]`: the time
// model (and the energy per launch over it) against time and power per launch measured back to
// back (shared/data/h200's harness), every kernel held out (nothing is fitted).
int runValidateTimeCommand(const QStringList& args);

} // namespace slicewatt::cli
