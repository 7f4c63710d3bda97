// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cuda::std as a name for the host standard library (see <cuda/std/*>).
#ifndef __SLICEWATT_CUDA_STD_NAMESPACE_H
#define __SLICEWATT_CUDA_STD_NAMESPACE_H
#pragma clang system_header
namespace cuda {
namespace std = ::std;
}
#endif
