// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace slicewatt {

// Writes `bytes` to `path` through QSaveFile: beside the target, renamed on commit, so a
// failure never leaves half a file and an existing file is replaced only on success. False
// with "cannot write PATH: reason" in `error`.
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

// Reads a small text input (a CSV of measurements) whole. False with "PATH: cannot read:
// reason" or "PATH: not a text file" (a NUL byte) in `error`.
bool readTextFile(const QString& path, QByteArray* contents, QString* error);

} // namespace slicewatt
