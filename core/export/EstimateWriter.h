// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "SliceReportWriter.h"
#include "estimate/ProjectEstimate.h"

#include <QByteArray>
#include <QString>

namespace slicewatt {

// `slicewatt-cli analyze` outputs.
// `root`: the folder the project was loaded from (written as "root"; compare pairs the
// files of two versions by their path below it); empty: not written.
QByteArray estimateJson(const EstimateRun& run, const QString& root = {});
QByteArray estimateCsv(const EstimateRun& run); // one row per slice
QString estimateTable(const EstimateRun& run, const QString& baseDir);

} // namespace slicewatt
