// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace slicewatt {

// How a file found on disk takes part in the analysis.
enum class SourceRole {
    TranslationUnit, // parsed as a CUDA translation unit (.cu, or C++ sources holding device code)
    Header, // parsed on its own only when no translation unit includes it
    Ignored, // not CUDA: plain C/C++ without device code, other file types
};

// Decides by extension; C/C++ sources and headers count only when a quick look at their
// text finds device code, so a folder's host-only .cpp files don't slow the analysis.
SourceRole classifySource(const QString& path);

// True when the text contains CUDA device-code markers (__global__, __device__, <<<, …).
bool containsDeviceCode(const QString& path);

} // namespace slicewatt
