// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/SpecialFile.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace slicewatt {

class LightLexer;

// Limits of the screening below; tests lower them to check it on small inputs.
struct HazardLimits {
    // Tokens in a row without `;`, `,`, `{` or `}` (an else-if chain counts as one row).
    // clang parses nesting recursively and a stack overflow ends the process, so text that
    // can only nest this deep is not handed to it. Deepest known real code: a few thousand.
    int maxUnbrokenTokens = 50000;
    // Tokens that this file's own macros expand to, beyond which (and beyond 16 times the
    // file's own tokens) the file is a macro bomb: libclang would run for minutes and
    // take gigabytes, and its parse cannot be interrupted.
    double maxMacroTokens = 2e6;
    int maxMacroDepth = 2000; // macros in macros, and macro calls in macro arguments
    int maxIncludeScanFiles = 64; // project headers followed when looking for device includes
};

// Looks at a file's text for what would make libclang hang, exhaust memory or overflow its
// stack, none of which SliceWatt could recover from once the parse has started: nesting too
// deep to parse, macro bombs, and `#include` of devices and pipes (`/dev/zero` never ends,
// `/dev/stdin` waits forever). A light lexer, not a preprocessor: conditionals are ignored
// and only this file's own macros are known, so it errs towards letting files through.
// Returns why the file must not be parsed, with the line, or nothing.
struct Hazard {
    int line = 0;
    QString message;
};
std::optional<Hazard> findParseHazard(const QString& path, const QByteArray& text, const HazardLimits& limits = {});
// The same on a file already lexed (checkSource lexes once for this and the launch chevrons).
std::optional<Hazard> findParseHazard(const QString& path, const LightLexer& lexer, const HazardLimits& limits = {});

} // namespace slicewatt
