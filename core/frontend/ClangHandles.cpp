// SPDX-License-Identifier: GPL-3.0-or-later
#include "ClangHandles.h"

namespace slicewatt {

QString takeString(CXString string)
{
    const char* text = clang_getCString(string);
    QString result = text ? QString::fromUtf8(text) : QString();
    clang_disposeString(string);
    return result;
}

} // namespace slicewatt
