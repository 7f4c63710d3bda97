// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli analyze PATH… [--gpu NAME] [--model jos13|jsw12] [--sa X | --grid N --block N]
// [--time SECONDS] [--delta D] [--format table|json|csv|sarif]`: slice and program power per kernel.
int runAnalyzeCommand(const QStringList& args);

} // namespace slicewatt::cli
