// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "SliceReportWriter.h"
#include "estimate/ProjectEstimate.h"

#include <QByteArray>
#include <QString>

namespace slicewatt {

// `slicewatt-cli analyze` outputs.
QByteArray estimateJson(const EstimateRun& run);
QByteArray estimateCsv(const EstimateRun& run); // one row per slice
QString estimateTable(const EstimateRun& run, const QString& baseDir);

} // namespace slicewatt
