// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace slicewatt::cli {

// `slicewatt-cli train-ptx-model CSV... -o MODEL.json [--compiler clang|nvcc] [--loop-iterations N]`:
// the PTX features of every measured row, XGBoost validated with whole kernels held out and
// trained on every row per GPU (METHOD §10, §11), reproducing models/alavani-xgb.json; prints
// the figures and how SliceWatt's PTX features compare with the data set's.
int runTrainPtxModelCommand(const QStringList& args);

} // namespace slicewatt::cli
