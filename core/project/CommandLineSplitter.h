// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace slicewatt {

// Splits a compile database "command" string into arguments the way a POSIX shell would
// for the quoting that build tools emit (single and double quotes, backslash escapes).
QStringList splitCommandLine(const QString& command);

} // namespace slicewatt
