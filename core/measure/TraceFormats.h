// SPDX-License-Identifier: GPL-3.0-or-later
// The two trace formats TraceImport recognises. Internal to core/measure: each reads the
// rows after a header that TraceImport has found and split.
#pragma once

#include "PowerTrace.h"
#include "TraceImport.h"
#include "TraceText.h"

#include <QStringList>

namespace slicewatt {

// The header of `nvidia-smi --query-gpu=... --format=csv`: it names a timestamp or a
// power.draw column.
bool isNvidiaSmiHeader(const QStringList& header);
// SliceWatt's plain trace CSV: a time_s (or time) column.
bool isPlainTraceHeader(const QStringList& header);

// Reads every row after the header into `trace` (samples of the chosen GPU, its name,
// the power field); problems go to `errors`, notes to trace->notes.
void readNvidiaSmiRows(TraceLineReader& reader, const QStringList& header, int headerLine,
    const TraceImportOptions& options, PowerTrace* trace, FileErrorList* errors);
void readPlainTraceRows(TraceLineReader& reader, const QStringList& header, int headerLine,
    const TraceImportOptions& options, PowerTrace* trace, FileErrorList* errors);

// A plain trace's `# gpu: NAME` and `# run: START_S END_S` comments; other comments are
// ignored. `comment` is the line after its '#'.
void readPlainTraceComment(const QString& comment, int line, PowerTrace* trace, FileErrorList* errors);

} // namespace slicewatt
