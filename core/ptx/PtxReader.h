// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PtxProgram.h"

#include <QByteArray>
#include <QString>

namespace slicewatt {

// Reads PTX as nvcc and clang's NVPTX back end write it (METHOD §10): the module's target
// and files, each .entry and .func with its instructions (opcode, class, predicate, branch
// target, .loc source line) and its control-flow graph. Declarations without a body, debug
// sections and directives other than .loc and .shared are skipped; text the reader cannot
// place is named in `problems`, and the rest is still read.
PtxModule readPtx(const QByteArray& text, const QString& fileName);

} // namespace slicewatt
