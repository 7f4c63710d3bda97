// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cooperative_groups::inclusive_scan / exclusive_scan.
#ifndef __SLICEWATT_CG_SCAN_H
#define __SLICEWATT_CG_SCAN_H
#pragma clang system_header
#include "cooperative_groups.h" // found via the include path

namespace cooperative_groups {
// Without an operator the scans add, hence the separate overloads.
template <class TyGroup, class TyVal, class TyFn>
__device__ typename details::__sw_decay<TyVal>::type inclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op);
template <class TyGroup, class TyVal>
__device__ typename details::__sw_decay<TyVal>::type inclusive_scan(const TyGroup &group, TyVal &&val);
template <class TyGroup, class TyVal, class TyFn>
__device__ typename details::__sw_decay<TyVal>::type exclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op);
template <class TyGroup, class TyVal>
__device__ typename details::__sw_decay<TyVal>::type exclusive_scan(const TyGroup &group, TyVal &&val);
} // namespace cooperative_groups

#endif
