// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CopyEnergy.h"
#include "KernelEstimate.h"
#include "analysis/ProjectSlices.h"

namespace slicewatt {

// One kernel's estimate with what produced it.
// One launch site of a kernel with its own sizes (issue 47): what it costs there.
struct LaunchSiteEstimate {
    const LaunchSite* site = nullptr; // in the kernel's catalog entry
    LaunchShape shape; // the launch analysed: the site's values with the what-ifs over them
    std::optional<double> seconds; // per launch
    std::optional<double> watts;
    std::optional<double> joules; // per launch
    QString noEstimate; // why there is no power, when there is none
    bool chosen = false; // the site the kernel's estimate is
};

// How the site a kernel is estimated at was picked.
enum class LaunchChoiceKind {
    None, // the kernel has no launch in the analysed code
    Only, // its one launch
    Chosen, // the user's (--launch, the panel)
    Heaviest, // the most energy per launch of its sites
    Default, // no site has an estimate: the default launch (analysis-rules §4)
};

struct KernelEstimateReport {
    KernelSliceReport analysis;
    KernelEstimate estimate;
    // Every launch site of the kernel in source order, one chosen (empty: no launch).
    QVector<LaunchSiteEstimate> launches;
    LaunchChoiceKind launchChoice = LaunchChoiceKind::None;
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
