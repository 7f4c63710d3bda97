// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PtxProgram.h"
#include "ir/InstructionClass.h"

#include <QString>

namespace slicewatt {

// The instruction class of METHOD §9 a PTX instruction belongs to, so the energy model can
// price the real instructions instead of the source's operators: value type from the
// widest type suffix (.f16/.f32 float, .f64 double, .s/.u/.b/.pred integer), operation
// from the opcode (div, rem, rcp: division; sqrt, rsqrt, sin, cos, lg2, ex2, tanh: SFU;
// add, sub, mul, mad, fma, min, max, abs, neg: arithmetic; compares, selects, logic,
// shifts, conversions: other); global, texture and local (spilled, off-chip) accesses are
// global memory, shared and constant ones on-chip ("local") memory. -1 for what the model
// does not price: parameter loads, moves and address conversions, branches, barriers.
int ptxEnergyClass(const QString& opcode);

// Static instructions per §9 class of one source line of a function.
InstructionCounts ptxLineEnergyClasses(const PtxFunction& function, int file, int line);

} // namespace slicewatt
