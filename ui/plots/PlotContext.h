// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "estimate/KernelEstimate.h"
#include "ir/MemorySpace.h"

#include <QString>

#include <optional>

namespace slicewatt {

class ProjectSession;
struct GpuSpec;
struct KernelEstimateReport;

// What every plot is drawn from, read off the session at refresh time. Pointers point into
// the session and are valid until its next change (plots copy what they draw).
struct PlotContext {
    const ProjectSession* session = nullptr;
    // The selected kernel, else the hottest of the run; null when there is none.
    const KernelEstimateReport* kernel = nullptr;
    bool kernelIsSelected = false;
    std::optional<MemorySpace> selectedSlice; // of the selected kernel only
    QString error; // non-empty when there are no estimates: why (session.modelError())

    QString kernelName() const;
    // Mean slice length |C| of the kernel in effective lines, clamped to the wavelet
    // network's training range [1, 60]; 10 without a kernel. The network's surfaces need a
    // length; the kernel's typical slice is the one its points were predicted with.
    double typicalSliceLines() const;
    // The kernel estimated as the app would with `model` on `gpu` (the session's what-ifs):
    // for plots that show it on GPUs or models other than the session's. Needs a kernel.
    KernelEstimate estimateOn(const PowerModel& model, const GpuSpec& gpu) const;
};

PlotContext makePlotContext(const ProjectSession& session);

} // namespace slicewatt
