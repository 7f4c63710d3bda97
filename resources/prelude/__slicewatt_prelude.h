// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: force-included first in every CUDA parse, standing in for nvcc's implicit headers.
#ifndef __SLICEWATT_PRELUDE_H
#define __SLICEWATT_PRELUDE_H
#pragma clang system_header

// SliceWatt parses CUDA with clang's -nocudainc (no CUDA toolkit present);
// this file replaces what nvcc (and clang's CUDA wrapper) would pre-include:
//  * host_defines.h: __global__/__device__/... as clang attributes, __CUDACC__,
//    CUDART_VERSION / CUDA_VERSION, and __SLICEWATT__ for detection;
//  * cuda_runtime.h: vector types and dim3, threadIdx & co. (via clang's
//    __clang_cuda_builtin_vars.h), the runtime API including the kernel-launch
//    entry points clang needs for <<<...>>>, device intrinsics, atomics, warp
//    functions, math, textures and surfaces.
// Headers nvcc does not pre-include (cuda_fp16.h, cooperative_groups.h,
// curand_kernel.h, ...) are provided next to this file for explicit #includes.
// Everything is declarations only and includes no system header, so that the
// prelude stays cheap to parse for every file.
#include "host_defines.h"
#include "cuda_runtime.h"

#endif
