// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CopyEnergy.h"
#include "KernelEstimate.h"
#include "analysis/ProjectSlices.h"

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
    // The program's host-device copies with their energy (when an energy model was chosen).
    QVector<CopyEnergy> copies;
};

// Estimates every analysed kernel of a project for one model, GPU and settings.
EstimateRun estimateProject(const ProjectIndex& index, const QVector<KernelSliceReport>& analyses,
    const PowerModel& model, const GpuSpec& gpu, const EstimateSettings& settings);

} // namespace slicewatt
