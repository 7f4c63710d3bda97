// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace slicewatt {

// What a call of a CUDA library function means for counting (analysis-rules §3), by name.
enum class CudaCallRole {
    Other, // a project function, or a library function that is arithmetic (sinf, __popc, …)
    TextureFetch, // tex1Dfetch, tex2D, surf2Dread, …: one texture access
    CachedLoad, // __ldg, __ldcs, …: one global load through its pointer argument
    CachedStore, // __stcs, __stwt, __stcg, __stwb: one global store through its pointer argument
    Atomic, // atomicAdd, …: one access of its pointer's space
    Barrier, // __syncthreads and friends: the shared slice
    NotArithmetic, // synchronisation, warp communication, memory helpers, printf, constructors
};

CudaCallRole cudaCallRole(const QString& name);

} // namespace slicewatt
