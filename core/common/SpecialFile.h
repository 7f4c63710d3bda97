// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace slicewatt {

// A device, pipe or socket, or a file of the running system (/proc, /sys): reading it as
// source would never end (/dev/zero), wait for input (/dev/stdin, a FIFO) or make no sense.
bool isSpecialFile(const QString& path);

} // namespace slicewatt
