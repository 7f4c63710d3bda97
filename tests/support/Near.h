// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace slicewatt::test {

// Whether `actual` equals `expected` up to `relative` of the larger magnitude, plus `absolute`
// for values at zero. The default absolute slack is far below every quantity the tests compare
// (the smallest are pJ, 1e-12 J), so it never hides a difference; a test whose values are
// rounded (a printed figure) passes its own tolerances.
bool near(double actual, double expected, double relative = 1e-9, double absolute = 1e-18);

} // namespace slicewatt::test
