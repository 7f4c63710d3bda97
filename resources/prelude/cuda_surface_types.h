// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: the legacy surface<> reference template.
#ifndef __SLICEWATT_CUDA_SURFACE_TYPES_H
#define __SLICEWATT_CUDA_SURFACE_TYPES_H
#pragma clang system_header
#include "driver_types.h"

// Same story and same opt-out as texture<> (see cuda_texture_types.h).
#ifndef __SLICEWATT_NO_TEXTURE_REFERENCES
template <class T, int dim = 1>
struct __device_builtin_surface_type__ surface : public surfaceReference {
  __host__ surface(void);
  __host__ surface(struct cudaChannelFormatDesc desc);
};
template <int dim>
struct __device_builtin_surface_type__ surface<void, dim> : public surfaceReference {
  __host__ surface(void);
};
#endif

#endif
