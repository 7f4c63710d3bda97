// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace slicewatt::cli {

// `slicewatt-cli` alone, `--help` or an unknown command: every command in a line or two.
extern const char* const kUsage;

// `slicewatt-cli COMMAND --help`: the command's usage and every option it accepts. The
// manual (packaging/slicewatt-cli.1) documents the same; tests/test_packaging.cpp checks that
// every option printed here is in it and is accepted by the command. Empty for an unknown
// command.
QByteArray commandHelp(const QString& command);

} // namespace slicewatt::cli
