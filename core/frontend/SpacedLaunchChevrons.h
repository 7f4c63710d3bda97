// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

namespace slicewatt {

class LightLexer;

// nvcc reads `k << < grid, block >> > (args)` as a kernel launch (Rodinia's particlefilter
// writes its launches so); clang reads `<<` and `<` and reports "expected expression". This
// closes up each such launch's chevrons: `<< <` becomes `<<< ` and its `>> >` becomes `>>> `,
// the same number of bytes, so every line and column stays the file's own. Comments, string
// and character literals are left alone, as is `operator<< <T>` (an explicit template
// argument), and a `>> >` is only touched as the close of an opening found (`a<b<c<int>> >`
// is a template). Returns whether anything changed.
bool closeSpacedLaunchChevrons(QByteArray& text);
// The same on a file already lexed: `text` holds the bytes `lexer` read (a copy, rewritten).
bool closeSpacedLaunchChevrons(const LightLexer& lexer, QByteArray& text);

} // namespace slicewatt
