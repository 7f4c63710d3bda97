// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeModel.h"
#include "ConstantEvaluator.h"

#include <clang-c/Index.h>

#include <optional>

namespace slicewatt {

// A call of the runtime's copy functions in host code (cudaMemcpy, cudaMemcpyAsync,
// cudaMemcpyToSymbol(Async), cudaMemcpyFromSymbol(Async), cudaMemcpyPeer(Async),
// cudaMemcpy2D(Async)) with its byte count when the function's constants give it; nullopt
// for any other call. cudaMemcpy3D takes its sizes in a struct: recorded, size unknown.
std::optional<MemoryCopySite> readMemoryCopy(
    CXTranslationUnit tu, CXCursor call, CXCursor function, ConstantEvaluator& evaluator);

} // namespace slicewatt
