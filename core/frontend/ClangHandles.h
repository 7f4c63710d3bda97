// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <clang-c/Index.h>

#include <QString>

#include <memory>

namespace slicewatt {

// RAII owners for libclang's C handles, so an early return or exception never leaks a
// translation unit (each holds a whole AST: tens of MB for a file with STL includes).
struct IndexDeleter {
    void operator()(void* index) const { clang_disposeIndex(index); }
};
struct TranslationUnitDeleter {
    void operator()(CXTranslationUnitImpl* tu) const { clang_disposeTranslationUnit(tu); }
};

using IndexHandle = std::unique_ptr<void, IndexDeleter>;
using TranslationUnitHandle = std::unique_ptr<CXTranslationUnitImpl, TranslationUnitDeleter>;

// Takes ownership of a CXString and converts it (libclang strings are UTF-8).
QString takeString(CXString string);

} // namespace slicewatt
