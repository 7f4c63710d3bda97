// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PhysicalPower.h"
#include "ir/InstructionClass.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace slicewatt {

// How busy one launch keeps the GPU, from the launch, the GPU's limits and the executed
// instruction counts (METHOD §9's classes): the inputs of the launch-activity power model
// [ours], fitted to measured power per launch (METHOD §11).
struct LaunchActivity {
    double gridBlocks = 0;
    double blockThreads = 0;
    double threads = 0; // grid × block
    int activeSms = 0; // min(blocks, SMs)
    double saturation = 0; // active SMs / SMs
    int residentBlocksPerSm = 0; // by the per-SM thread and block limits (registers and shared memory unknown)
    double occupancy = 0; // resident threads on a busy SM / its thread limit, in (0, 1]
    double waves = 0; // blocks / (SMs × resident blocks per SM)
    InstructionCounts perThread; // executed per thread, by class
    double instructions = 0; // compute instructions of the launch, all threads
    double globalBytes = 0; // off-chip traffic: global and texture accesses × 4 bytes [ours: 32-bit words]
    // A static time estimate (a roofline): the work over the peak rates of the SMs the launch
    // occupies and of the memory, plus a fixed launch overhead.
    double computeSeconds = 0;
    double memorySeconds = 0;
    double seconds = 0;
    QStringList assumptions;
    // The bytes per access behind globalBytes and the static time: an assumption of the
    // models that read them (launch-activity), not of the physical model, whose work and
    // bytes are the time model's (`work`, each access's own size).
    QString trafficAssumption;
    // METHOD §10's launch features from the kernel's PTX (alavani-xgb's inputs), by the data
    // set's column names; empty without PTX, and `ptxProblem` says why.
    QHash<QString, double> ptxFeatures;
    QString ptxSource; // "clang 14.0.6 PTX of saxpy.cu, blocks run by the analysis's loop trip counts"
    QString ptxProblem;
    // The time model's work over its predicted time (the physical model's inputs); nullopt
    // when the GPU has no time model, and the estimate's noTime says why.
    std::optional<LaunchWork> work;

    // memory time / (compute + memory time): 1 for a launch bound by memory traffic.
    double memoryShare() const
    {
        return computeSeconds + memorySeconds > 0 ? memorySeconds / (computeSeconds + memorySeconds) : 0;
    }
};

} // namespace slicewatt
