// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CliOptions.h"
#include "estimate/WhatIf.h"
#include "model/ModelLibrary.h"
#include "ptx/ProjectPtx.h"

#include <QString>
#include <QStringList>

namespace slicewatt::cli {

// The what-if options that `analyze` and `report` share (--gpu, --model, --sa, --grid,
// --block, --time, --delta, --trips, --branch, --counting, --models-dir), read by one
// parser so both commands accept and reject exactly the same things.

// The value options above, for parseCommonOptions.
QStringList whatIfValueOptions();

// What the options chose. `model` and `gpu` point into `library`: keep the object where it
// was filled (it is not copyable).
struct WhatIfOptions {
    WhatIfOptions() = default;
    WhatIfOptions(const WhatIfOptions&) = delete;
    WhatIfOptions& operator=(const WhatIfOptions&) = delete;

    WhatIfSettings settings; // trip counts and branch arms come later: they need the index
    ModelLibrary library;
    const PowerModel* model = nullptr;
    const GpuSpec* gpu = nullptr;
    const EnergyModel* energy = nullptr;
    ProjectPtx ptx; // the project's PTX when the model or --energy-counts ptx reads it (settings.ptx points here)
};

// Reads the options from `options.values`: numbers and their ranges, --sa against
// --grid/--block, the model library (problems with model files are printed on stderr, as
// they are not fatal), the GPU and model, the counting mode. False with `error` on a usage
// mistake (exit status 2). Without --arch, sets the device architecture the project is read
// for to the chosen GPU's (options.parser.deviceArch), so call it before indexing.
bool readWhatIfOptions(CommonOptions& options, WhatIfOptions& whatIf, QString& error);

// A model that reads PTX (alavani-xgb), or --energy-counts ptx: compiles the inputs' translation
// units (--compiler, else the producer the model was trained on, else clang: its loops stay
// rolled) into whatIf.ptx, with --loop-iterations. Prints
// progress on a terminal. False with `error` on a usage mistake (exit status 2).
bool compileWhatIfPtx(const CommonOptions& options, WhatIfOptions& whatIf, QString& error);

// What needs the index: kernel argument values (the project's .slicewatt/sizes.json or
// --sizes FILE, then --arg NAME=VALUE / KERNEL:NAME=VALUE), and --trips L=N and --branch
// L=P/Q on the statements at those lines of every kernel in `index`. False with `error`
// when an option is malformed (exit status 2); a malformed sizes file is reported on stderr
// and the rest goes on.
bool applyIndexWhatIfs(
    const CommonOptions& options, const ProjectIndex& index, WhatIfSettings& settings, QString& error);

} // namespace slicewatt::cli
