// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace slicewatt {

// Where a kernel's text lies in its file, for listings that show the kernel and nothing
// else (the PDF report). Works on the file's text alone: the AST is long gone by then.

// A file's lines without line breaks ("\r\n" too), read-only; nullopt when it cannot be
// read or exceeds `maxBytes`.
std::optional<QStringList> readSourceLines(const QString& path, qint64 maxBytes = 16 * 1024 * 1024);

// Tabs to spaces at stops every `tabWidth` columns, as an editor shows the line.
QString expandTabs(const QString& line, int tabWidth = 4);

struct KernelLineRange {
    int first = 0; // 1-based, inclusive
    int last = 0; // 1-based, inclusive
};

// The lines of a kernel definition: from its `__global__` line (or the `template` header
// above it) to the closing brace of its body. `nameLine` is the name token's line,
// `name` the kernel's simple name, `lastStatementLine` the highest line of the kernel's
// own statements in this file (0 when unknown): the body ends at or after it, whatever
// braces in macros or disabled code say. nullopt when the lines do not hold the kernel.
std::optional<KernelLineRange> kernelLineRange(
    const QStringList& lines, int nameLine, const QString& name, int lastStatementLine);

} // namespace slicewatt
