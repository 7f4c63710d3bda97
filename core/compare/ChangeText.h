// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnalysisComparison.h"

#include <QString>

namespace slicewatt {

// A change as every view of a comparison writes it (the CLI's table and Markdown, the app's
// tree, code view, Why? panel and report), so all of them round and sign alike.

// "150.0"; "-" for no number.
QString optionalNumber(const std::optional<double>& value, int decimals);
// "+12.5 %", "-3.0 %": a relative change, signed.
QString signedPercent(double fraction);
// "+12.0 W", "-0.41 W": signed, with formatWatts' decimals (`decimals`).
QString signedWatts(double deltaW, int decimals = 1);
// "+4.82 mJ": signed, in the SI prefix that reads best (formatJoules).
QString signedJoules(double deltaJ);
// "150.0 → 168.8 (+18.8, +12.5 %)"; "150.0 → 150.0" when the change is too small for the digits
// shown; "-" for a side that has no number.
QString changeText(const ValueChange& change, int decimals);
// The same for an energy per launch, both sides in the SI prefix the larger reads best in:
// "1.210 → 8.833 (+7.623, +630.0 %) µJ".
QString joulesChangeText(const ValueChange& change);
// "renamed or moved from blurOld, similarity 0.98", "signature changed"; empty for a kernel
// found by its name and signature.
QString pairingDescription(const KernelChange& change);
// The same as the table's suffix: " [signature changed]"; empty as above.
QString pairingNote(const KernelChange& change);

} // namespace slicewatt
