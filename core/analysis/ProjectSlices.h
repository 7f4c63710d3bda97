// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "KernelSlices.h"
#include "frontend/ProjectIndex.h"

namespace slicewatt {

// One kernel's analysis: its catalogue entry, its IR and its slices.
struct KernelSliceReport {
    const CatalogFunction* kernel = nullptr;
    const KernelIR* ir = nullptr;
    LaunchShape launch;
    KernelSlices slices;
};

// Analyses every kernel of the project for its default launch (analysis-rules §4).
QVector<KernelSliceReport> sliceProject(const ProjectIndex& index, const AnalysisOptions& options = {});

} // namespace slicewatt
