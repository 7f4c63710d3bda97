// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CliOptions.h"
#include "calibration/MeasuredFeatures.h"
#include "measure/MeasuredLaunches.h"
#include "model/GpuCatalogue.h"
#include "model/ModelLibrary.h"

#include <optional>

namespace slicewatt::cli {

// --compiler NAME (nvcc, clang, none; default clang: the producer every Debian machine has, so
// the figures and model files come out the same everywhere) and --loop-iterations N.
bool parsePtxOptions(const CommonOptions& options, MeasuredPtxOptions* ptx, QString* error);

// The shipped models and GPUs plus those of --models-dir; problems with its files are printed
// on stderr (not fatal).
ModelLibrary loadModelLibrary(const CommonOptions& options);

// One measured CSV read, mapped to its sources and analysed: what validate-measured and
// train-ptx-model start from. nullopt after printing why on stderr; `exitCode` says how bad.
struct MeasuredInput {
    const GpuSpec* gpu = nullptr;
    MeasuredLaunchTable launches;
    MeasuredFeatureSet features;
};
std::optional<MeasuredInput> readMeasuredInput(const QString& command, const QString& csv, const CommonOptions& options,
    const GpuCatalogue& gpus, const MeasuredPtxOptions& ptx, int* exitCode);

} // namespace slicewatt::cli
