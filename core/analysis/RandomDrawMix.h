// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/InstructionClass.h"

#include <QString>

#include <optional>

namespace slicewatt {

// The instructions one cuRAND device draw executes, by class (analysis-rules §3), for the
// generators whose algorithm cuRAND's headers spell out: XORWOW (curandState, the default)
// and Philox4_32_10. `name` is the called function (curand, curand_uniform, curand_normal,
// …) and `stateType` the canonical spelling of the state its first argument points to
// (curandState is struct curandStateXORWOW). nullopt for
// other draws and generators (MRG32k3a, Sobol, MTGP, the double-precision draws, curand_init):
// they stay one math call, as any library function.
std::optional<InstructionCounts> randomDrawMix(const QString& name, const QString& stateType);

} // namespace slicewatt
