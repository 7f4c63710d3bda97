// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ProjectIndex.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace slicewatt {

// The `slicewatt-cli kernels` outputs. Paths in the table are shown relative to `baseDir`
// (the common folder of the inputs) to keep lines short; JSON keeps absolute paths so
// other tools can open them.
QJsonObject kernelListJson(const ProjectIndex& index);
QByteArray kernelListJsonText(const ProjectIndex& index);
QString kernelListTable(const ProjectIndex& index, const QString& baseDir);

// "(256, 1, 1)" with "?" for unknown components, and the expression when any is unknown.
QString describeLaunchDim(const LaunchDim& dim);

} // namespace slicewatt
