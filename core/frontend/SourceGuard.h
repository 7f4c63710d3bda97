// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "SourceHazards.h"
#include "common/Diagnostic.h"

#include <QString>

namespace slicewatt {

// Looks at a file before libclang does, so input that is not source code (binary files,
// huge generated files, unreadable paths, devices) gets a clear message instead of a parse
// that takes minutes or floods the user with nonsense errors, and input that would hang
// libclang or overflow its stack (SourceHazards) is not parsed at all.
struct SourceCheck {
    bool parseable = false;
    Diagnostics diagnostics; // why it is skipped, or warnings such as invalid UTF-8
    // When parseable: the file as clang is to read it, its spaced launch chevrons closed up
    // (SpacedLaunchChevrons: same length, so every location stays the file's), and whether
    // that changed it (else clang reads the file itself).
    QByteArray text;
    bool rewritten = false;
};

SourceCheck checkSource(const QString& path, qint64 maxFileBytes, const HazardLimits& hazards = {});

} // namespace slicewatt
