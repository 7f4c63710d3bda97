// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli report PATH… -o FILE.pdf [what-if options as analyze] [--title TEXT]`: the
// PDF report the desktop app's File → Export Report writes, for the same what-ifs. Needs a
// QApplication (the surface plots are painted with widgets); main() makes one.
int runReportCommand(const QStringList& args);

} // namespace slicewatt::cli
