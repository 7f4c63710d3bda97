// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace slicewatt::test {

// A fingerprint of every file under `root` (hidden ones too): its path, modification time and
// content. Equal before and after a run proves the run wrote nothing there.
QByteArray treeFingerprint(const QString& root);

} // namespace slicewatt::test
