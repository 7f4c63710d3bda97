// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cooperative_groups::reduce and the reduce_*_async forms.
#ifndef __SLICEWATT_CG_REDUCE_H
#define __SLICEWATT_CG_REDUCE_H
#pragma clang system_header
#include "cooperative_groups.h" // found via the include path

namespace cooperative_groups {
// Result type is the decayed value type, as with the real implementation.
template <class TyGroup, class TyVal, class TyFn>
__device__ typename details::__sw_decay<TyVal>::type reduce(const TyGroup &group, TyVal &&val, TyFn &&op);
template <class TyGroup, class TyVal, class TyFn>
__device__ void reduce_update_async(const TyGroup &group, TyVal &dst, const TyVal &val, TyFn &&op);
template <class TyGroup, class TyVal, class TyFn>
__device__ void reduce_store_async(const TyGroup &group, TyVal *dst, const TyVal &val, TyFn &&op);
} // namespace cooperative_groups

#endif
