// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: the legacy texture<> reference template.
#ifndef __SLICEWATT_CUDA_TEXTURE_TYPES_H
#define __SLICEWATT_CUDA_TEXTURE_TYPES_H
#pragma clang system_header
#include "driver_types.h"

// CUDA 12 removed texture references, but a large body of existing code
// still uses them, so they stay declared. A program that uses 'texture' as an
// ordinary global name (legal again since CUDA 12) can opt out by defining
// __SLICEWATT_NO_TEXTURE_REFERENCES before parsing.
#ifndef __SLICEWATT_NO_TEXTURE_REFERENCES
// device_builtin_texture_type makes clang treat variables of this type as
// device-side objects, so kernels may name a file-scope texture<> variable.
template <class T, int texType = cudaTextureType1D, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __device_builtin_texture_type__ texture : public textureReference {
  __host__ texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp);
  __host__ texture(int norm, enum cudaTextureFilterMode fMode, enum cudaTextureAddressMode aMode,
                   struct cudaChannelFormatDesc desc);
};
#endif

#endif
