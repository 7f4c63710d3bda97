// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace slicewatt::test {

// The bytes of a file the checkout ships under models/ (name: "physical.json"). A shipped file
// is never optional: a test that finds it missing or empty fails (issue 51), so these qFatal
// with the path rather than hand back nothing to skip on.
QByteArray shippedModelBytes(const QString& name);

// The same file read as a JSON object; a file that is not one is fatal too.
QJsonObject shippedModel(const QString& name);

} // namespace slicewatt::test
