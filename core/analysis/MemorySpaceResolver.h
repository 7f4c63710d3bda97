// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/MemorySpace.h"

#include <clang-c/Index.h>

#include <QHash>
#include <QSet>

#include <optional>

namespace slicewatt {

class KernelReadContext;

// Which memory space a variable, a pointer value or an lvalue belongs to
// (analysis-rules §2). Spaces come from declarations (__shared__, __constant__, textures,
// __device__ globals, kernel pointer parameters) and follow pointer values: through
// initialisers and assignments, casts, pointer arithmetic, `&x[i]`, and calls of device
// functions, member functions and conversion operators whose returns give a pointer of a
// space (the SharedMemory<T> helper of the CUDA samples, `float* row = tileRow(r)`).
class MemorySpaceResolver {
public:
    explicit MemorySpaceResolver(KernelReadContext& context);

    // A kernel parameter: pointers point to global memory, texture handles are textures,
    // by-value structs hold pointers to global memory.
    void classifyParameter(CXCursor parameter);
    // A declared variable: its attributes, and for a pointer the space of its initialiser.
    void declareVariable(CXCursor variable, std::optional<CXCursor> initialiser);
    // `p = q` for a pointer variable p: p now points where q points.
    void assignPointer(CXCursor target, CXCursor value);
    // A callee's parameter bound to an argument at an inlined call.
    void bindParameter(CXCursor parameter, CXCursor argument);

    std::optional<MemorySpace> variableSpace(CXCursor variable);
    // The space a pointer-valued (or array) expression points into.
    std::optional<MemorySpace> pointerSpace(CXCursor expression);
    // The space of the memory an lvalue expression (a[i], *p, p->f, s.f, x) lives in.
    std::optional<MemorySpace> lvalueSpace(CXCursor expression);

    // The conversion operator to a pointer of the class an expression has (a dependent
    // `SharedMemory<T>()` in a template kernel has no conversion call yet): its definition.
    std::optional<CXCursor> pointerConversionOf(CXCursor expression);

private:
    std::optional<MemorySpace> memberPointerSpace(CXCursor member);
    std::optional<MemorySpace> returnedSpace(CXCursor function);

    KernelReadContext& m_context;
    QHash<QString, MemorySpace> m_spaces; // variable USR → space
    QSet<QString> m_structParameters;
    QSet<QString> m_resolvingReturns; // functions whose returns are being resolved (recursion)
};

// Reference, pointer and array types: what a memory space can be reached through.
bool isPointerLike(CXType type);
// Texture and surface handles (references and objects).
bool isTextureHandle(CXCursor variable);
// Parentheses, implicit conversions and casts peeled off: casts keep a pointer's space.
CXCursor stripImplicit(CXCursor expression);

} // namespace slicewatt
