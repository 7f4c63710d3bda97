// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/ProjectSlices.h"

#include <QByteArray>
#include <QJsonObject>

namespace slicewatt {

// `slicewatt-cli slices` outputs.
QJsonObject kernelSliceJson(const KernelSliceReport& report);
QByteArray sliceReportJsonText(const ProjectIndex& index, const QVector<KernelSliceReport>& reports);
QString sliceReportTable(const QVector<KernelSliceReport>& reports, const QString& baseDir);

} // namespace slicewatt
