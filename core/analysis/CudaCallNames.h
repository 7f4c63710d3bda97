// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

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

// A call of cooperative groups, by the callee's qualified name: `cta.sync()` and
// `cg::sync(cta)` are the block's barrier (bar.sync, as __syncthreads); thread_rank(g),
// group_size(g) and num_threads(g) read special registers, no arithmetic. Nothing for
// other names: the collectives (cg::reduce, cg::inclusive_scan) keep their name's role.
std::optional<CudaCallRole> cooperativeGroupsCallRole(const QString& qualifiedName);

} // namespace slicewatt
