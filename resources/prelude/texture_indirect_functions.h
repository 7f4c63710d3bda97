// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: texture-object fetches (tex1Dfetch<T>(obj, i), tex2D<T>(obj, x, y), ...).
#ifndef __SLICEWATT_TEXTURE_INDIRECT_FUNCTIONS_H
#define __SLICEWATT_TEXTURE_INDIRECT_FUNCTIONS_H
#pragma clang system_header
#include "driver_types.h"

// Each fetch comes in the value-returning form (T named explicitly) and the
// out-parameter form (T deduced from the pointer).
#define __SW_TEXOBJ(name, params) \
  template <class T> __device__ T name(cudaTextureObject_t texObject, params); \
  template <class T> __device__ void name(T *retVal, cudaTextureObject_t texObject, params);
#define __SW_COMMA ,
__SW_TEXOBJ(tex1Dfetch, int x)
__SW_TEXOBJ(tex1D, float x)
__SW_TEXOBJ(tex2D, float x __SW_COMMA float y)
__SW_TEXOBJ(tex3D, float x __SW_COMMA float y __SW_COMMA float z)
__SW_TEXOBJ(tex1DLayered, float x __SW_COMMA int layer)
__SW_TEXOBJ(tex2DLayered, float x __SW_COMMA float y __SW_COMMA int layer)
__SW_TEXOBJ(texCubemap, float x __SW_COMMA float y __SW_COMMA float z)
__SW_TEXOBJ(texCubemapLayered, float x __SW_COMMA float y __SW_COMMA float z __SW_COMMA int layer)
__SW_TEXOBJ(tex1DLod, float x __SW_COMMA float level)
__SW_TEXOBJ(tex2DLod, float x __SW_COMMA float y __SW_COMMA float level)
__SW_TEXOBJ(tex3DLod, float x __SW_COMMA float y __SW_COMMA float z __SW_COMMA float level)
__SW_TEXOBJ(tex1DLayeredLod, float x __SW_COMMA int layer __SW_COMMA float level)
__SW_TEXOBJ(tex2DLayeredLod, float x __SW_COMMA float y __SW_COMMA int layer __SW_COMMA float level)
__SW_TEXOBJ(texCubemapLod, float x __SW_COMMA float y __SW_COMMA float z __SW_COMMA float level)
__SW_TEXOBJ(tex1DGrad, float x __SW_COMMA float dPdx __SW_COMMA float dPdy)
__SW_TEXOBJ(tex2DGrad, float x __SW_COMMA float y __SW_COMMA float2 dPdx __SW_COMMA float2 dPdy)
__SW_TEXOBJ(tex3DGrad, float x __SW_COMMA float y __SW_COMMA float z __SW_COMMA float4 dPdx __SW_COMMA float4 dPdy)
__SW_TEXOBJ(tex1DLayeredGrad, float x __SW_COMMA int layer __SW_COMMA float dPdx __SW_COMMA float dPdy)
__SW_TEXOBJ(tex2DLayeredGrad,
            float x __SW_COMMA float y __SW_COMMA int layer __SW_COMMA float2 dPdx __SW_COMMA float2 dPdy)
template <class T> __device__ T tex2Dgather(cudaTextureObject_t texObject, float x, float y, int comp = 0);
template <class T> __device__ void tex2Dgather(T *retVal, cudaTextureObject_t texObject, float x, float y,
                                               int comp = 0);
#undef __SW_TEXOBJ
#undef __SW_COMMA

#endif
