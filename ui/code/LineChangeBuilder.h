// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeView.h"
#include "session/ProjectSession.h"

namespace slicewatt {

// The code view's delta heat (issue 18): each line's change since the session's baseline, in
// the session's heat unit (W, or J per launch), signed: warmer lines positive, cooler negative.
// Lines are paired with the baseline's as the comparison pairs them (by their code, then by
// place); a kernel the baseline lacks is all warmer. The tooltip says before → after per
// kernel, then the line's present numbers (lineInfoForFile). Slice markers are the present ones.
struct FileLineChanges {
    QHash<int, CodeLineInfo> lines;
    double largest = 0; // the largest |change|: the ends of the diverging scale
    // The baseline's lines of this file's kernels that no present line took: their heat went.
    int goneLines = 0;
    double goneHeat = 0; // their heat, in the unit
};

// `kernelKey` empty: every kernel with lines in `file` (where kernels share a line, the
// largest change shows). Empty without a baseline.
FileLineChanges lineChangesForFile(const ProjectSession& session, const QString& file, const QString& kernelKey = {});

} // namespace slicewatt
