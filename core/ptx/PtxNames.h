// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace slicewatt {

// A PTX function's name as the source spells it, for matching PTX to the kernels the
// analysis found: "_ZN9imagepipe7tonemapEPKfPf10ToneParams" → "imagepipe::tonemap",
// template arguments and parameters dropped ("_Z6reduceILi256EEvPKfPf" → "reduce"); an
// extern "C" name stays as it is.
QString ptxSourceName(const QString& mangled);

} // namespace slicewatt
