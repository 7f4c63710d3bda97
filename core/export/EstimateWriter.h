// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "SliceReportWriter.h"
#include "estimate/KernelEstimate.h"

#include <QByteArray>
#include <QString>

namespace slicewatt {

// One kernel's estimate with what produced it.
struct KernelEstimateReport {
    KernelSliceReport analysis;
    KernelEstimate estimate;
};

struct EstimateRun {
    const ProjectIndex* index = nullptr;
    const PowerModel* model = nullptr;
    const GpuSpec* gpu = nullptr;
    EstimateSettings settings;
    QVector<KernelEstimateReport> kernels;
};

// Estimates every analysed kernel of a project for one model, GPU and settings.
EstimateRun estimateProject(const ProjectIndex& index, const QVector<KernelSliceReport>& analyses,
    const PowerModel& model, const GpuSpec& gpu, const EstimateSettings& settings);

// `slicewatt-cli analyze` outputs.
QByteArray estimateJson(const EstimateRun& run);
QByteArray estimateCsv(const EstimateRun& run); // one row per slice
QString estimateTable(const EstimateRun& run, const QString& baseDir);

} // namespace slicewatt
