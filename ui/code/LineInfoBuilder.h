// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeView.h"
#include "export/DisplayNumbers.h"
#include "session/ProjectSession.h"

namespace slicewatt {

// The code view's per-line data for one file, from the session's current estimates: heat
// (ProjectSession::lineHeat, W), the slices each line belongs to, and a tooltip that traces
// the number: per kernel, the line's watts and share of the kernel, its slices, its
// loop-weighted arithmetic and memory operations per space, and each slice's intensity
// in the model's own definition (ratio #A/N_mem or fraction #A/(#A+N_mem)).
// `kernelKey` empty: every kernel with lines in `file` (the hottest where they share one).
QHash<int, CodeLineInfo> lineInfoForFile(
    const ProjectSession& session, const QString& file, const QString& kernelKey = {});

// The hottest line's heat (0 for none): the top of the view's colour scale.
double maxLineHeat(const QHash<int, CodeLineInfo>& lines);

// A line's heat in the session's unit: formatLineWatts, or J per launch ("37.09 µJ").
QString formatLineHeat(double value, ProjectSession::HeatUnit unit);

} // namespace slicewatt
