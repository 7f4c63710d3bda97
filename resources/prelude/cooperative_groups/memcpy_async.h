// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cooperative_groups::memcpy_async, wait and wait_prior.
#ifndef __SLICEWATT_CG_MEMCPY_ASYNC_H
#define __SLICEWATT_CG_MEMCPY_ASYNC_H
#pragma clang system_header
#include "cooperative_groups.h" // found via the include path

namespace cooperative_groups {
// The byte count may be a plain integer or cuda::aligned_size_t<N>; a
// separate template parameter accepts both.
template <class TyGroup, class TyElem, class TySize>
__device__ void memcpy_async(const TyGroup &group, TyElem *dst, const TyElem *src, const TySize &count);
template <class TyGroup, class TyElem, class TyDstLayout, class TySrcLayout>
__device__ void memcpy_async(const TyGroup &group, TyElem *dst, const TyDstLayout &dstLayout, const TyElem *src,
                             const TySrcLayout &srcLayout);
template <class TyGroup> __device__ void wait(const TyGroup &group);
template <unsigned int NumStages, class TyGroup> __device__ void wait_prior(const TyGroup &group);
} // namespace cooperative_groups

#endif
