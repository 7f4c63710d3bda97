// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/KernelSlices.h"
#include "frontend/ProjectIndex.h"

#include <QByteArray>
#include <QJsonObject>

namespace slicewatt {

// One kernel's analysis for output: its catalogue entry, its IR and its slices.
struct KernelSliceReport {
    const CatalogFunction* kernel = nullptr;
    const KernelIR* ir = nullptr;
    LaunchShape launch;
    KernelSlices slices;
};

// Analyses every kernel of the project for its default launch (analysis-rules §4).
QVector<KernelSliceReport> sliceProject(const ProjectIndex& index, const AnalysisOptions& options = {});

// `slicewatt-cli slices` outputs.
QJsonObject kernelSliceJson(const KernelSliceReport& report);
QByteArray sliceReportJsonText(const ProjectIndex& index, const QVector<KernelSliceReport>& reports);
QString sliceReportTable(const QVector<KernelSliceReport>& reports, const QString& baseDir);

} // namespace slicewatt
