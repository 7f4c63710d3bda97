// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: tex1Dfetch/tex1D/tex2D/... for legacy texture<> references.
#ifndef __SLICEWATT_TEXTURE_FETCH_FUNCTIONS_H
#define __SLICEWATT_TEXTURE_FETCH_FUNCTIONS_H
#pragma clang system_header
#include "cuda_texture_types.h"
#include "vector_types.h"

#ifndef __SLICEWATT_NO_TEXTURE_REFERENCES
// What a fetch returns: the element type, or for cudaReadModeNormalizedFloat
// on 8/16-bit integer elements the float vector of the same width.
template <class T> struct __sw_tex_norm { typedef T type; };
template <> struct __sw_tex_norm<char> { typedef float type; };
template <> struct __sw_tex_norm<char1> { typedef float1 type; };
template <> struct __sw_tex_norm<char2> { typedef float2 type; };
template <> struct __sw_tex_norm<char4> { typedef float4 type; };
template <> struct __sw_tex_norm<signed char> { typedef float type; };
template <> struct __sw_tex_norm<unsigned char> { typedef float type; };
template <> struct __sw_tex_norm<uchar1> { typedef float1 type; };
template <> struct __sw_tex_norm<uchar2> { typedef float2 type; };
template <> struct __sw_tex_norm<uchar4> { typedef float4 type; };
template <> struct __sw_tex_norm<short> { typedef float type; };
template <> struct __sw_tex_norm<short1> { typedef float1 type; };
template <> struct __sw_tex_norm<short2> { typedef float2 type; };
template <> struct __sw_tex_norm<short4> { typedef float4 type; };
template <> struct __sw_tex_norm<unsigned short> { typedef float type; };
template <> struct __sw_tex_norm<ushort1> { typedef float1 type; };
template <> struct __sw_tex_norm<ushort2> { typedef float2 type; };
template <> struct __sw_tex_norm<ushort4> { typedef float4 type; };
template <class T, enum cudaTextureReadMode M> struct __sw_tex_ret { typedef T type; };
template <class T> struct __sw_tex_ret<T, cudaReadModeNormalizedFloat> {
  typedef typename __sw_tex_norm<T>::type type;
};
// tex2Dgather returns four texels of one component.
template <class T> struct __sw_tex_gather4;
template <> struct __sw_tex_gather4<char> { typedef char4 type; };
template <> struct __sw_tex_gather4<signed char> { typedef char4 type; };
template <> struct __sw_tex_gather4<unsigned char> { typedef uchar4 type; };
template <> struct __sw_tex_gather4<short> { typedef short4 type; };
template <> struct __sw_tex_gather4<unsigned short> { typedef ushort4 type; };
template <> struct __sw_tex_gather4<int> { typedef int4 type; };
template <> struct __sw_tex_gather4<unsigned int> { typedef uint4 type; };
template <> struct __sw_tex_gather4<float> { typedef float4 type; };
template <> struct __sw_tex_gather4<char1> { typedef char4 type; };
template <> struct __sw_tex_gather4<char2> { typedef char4 type; };
template <> struct __sw_tex_gather4<char3> { typedef char4 type; };
template <> struct __sw_tex_gather4<char4> { typedef char4 type; };
template <> struct __sw_tex_gather4<uchar1> { typedef uchar4 type; };
template <> struct __sw_tex_gather4<uchar2> { typedef uchar4 type; };
template <> struct __sw_tex_gather4<uchar3> { typedef uchar4 type; };
template <> struct __sw_tex_gather4<uchar4> { typedef uchar4 type; };
template <> struct __sw_tex_gather4<short1> { typedef short4 type; };
template <> struct __sw_tex_gather4<short2> { typedef short4 type; };
template <> struct __sw_tex_gather4<short3> { typedef short4 type; };
template <> struct __sw_tex_gather4<short4> { typedef short4 type; };
template <> struct __sw_tex_gather4<ushort1> { typedef ushort4 type; };
template <> struct __sw_tex_gather4<ushort2> { typedef ushort4 type; };
template <> struct __sw_tex_gather4<ushort3> { typedef ushort4 type; };
template <> struct __sw_tex_gather4<ushort4> { typedef ushort4 type; };
template <> struct __sw_tex_gather4<int1> { typedef int4 type; };
template <> struct __sw_tex_gather4<int2> { typedef int4 type; };
template <> struct __sw_tex_gather4<int3> { typedef int4 type; };
template <> struct __sw_tex_gather4<int4> { typedef int4 type; };
template <> struct __sw_tex_gather4<uint1> { typedef uint4 type; };
template <> struct __sw_tex_gather4<uint2> { typedef uint4 type; };
template <> struct __sw_tex_gather4<uint3> { typedef uint4 type; };
template <> struct __sw_tex_gather4<uint4> { typedef uint4 type; };
template <> struct __sw_tex_gather4<float1> { typedef float4 type; };
template <> struct __sw_tex_gather4<float2> { typedef float4 type; };
template <> struct __sw_tex_gather4<float3> { typedef float4 type; };
template <> struct __sw_tex_gather4<float4> { typedef float4 type; };
template <class T, enum cudaTextureReadMode M> struct __sw_tex_gather {
  typedef typename __sw_tex_gather4<T>::type type;
};
template <class T> struct __sw_tex_gather<T, cudaReadModeNormalizedFloat> { typedef float4 type; };

#define __SW_TEXREF(name, dim, params) \
  template <class T, enum cudaTextureReadMode M> \
  __device__ typename __sw_tex_ret<T, M>::type name(texture<T, dim, M> t, params);
#define __SW_COMMA ,
__SW_TEXREF(tex1Dfetch, cudaTextureType1D, int x)
__SW_TEXREF(tex1D, cudaTextureType1D, float x)
__SW_TEXREF(tex2D, cudaTextureType2D, float x __SW_COMMA float y)
__SW_TEXREF(tex3D, cudaTextureType3D, float x __SW_COMMA float y __SW_COMMA float z)
__SW_TEXREF(tex1DLayered, cudaTextureType1DLayered, float x __SW_COMMA int layer)
__SW_TEXREF(tex2DLayered, cudaTextureType2DLayered, float x __SW_COMMA float y __SW_COMMA int layer)
__SW_TEXREF(texCubemap, cudaTextureTypeCubemap, float x __SW_COMMA float y __SW_COMMA float z)
__SW_TEXREF(texCubemapLayered, cudaTextureTypeCubemapLayered,
            float x __SW_COMMA float y __SW_COMMA float z __SW_COMMA int layer)
__SW_TEXREF(tex1DLod, cudaTextureType1D, float x __SW_COMMA float level)
__SW_TEXREF(tex2DLod, cudaTextureType2D, float x __SW_COMMA float y __SW_COMMA float level)
__SW_TEXREF(tex3DLod, cudaTextureType3D, float x __SW_COMMA float y __SW_COMMA float z __SW_COMMA float level)
__SW_TEXREF(tex1DLayeredLod, cudaTextureType1DLayered, float x __SW_COMMA int layer __SW_COMMA float level)
__SW_TEXREF(tex2DLayeredLod, cudaTextureType2DLayered,
            float x __SW_COMMA float y __SW_COMMA int layer __SW_COMMA float level)
__SW_TEXREF(tex1DGrad, cudaTextureType1D, float x __SW_COMMA float dPdx __SW_COMMA float dPdy)
__SW_TEXREF(tex2DGrad, cudaTextureType2D, float x __SW_COMMA float y __SW_COMMA float2 dPdx __SW_COMMA float2 dPdy)
__SW_TEXREF(tex3DGrad, cudaTextureType3D,
            float x __SW_COMMA float y __SW_COMMA float z __SW_COMMA float4 dPdx __SW_COMMA float4 dPdy)
template <class T, enum cudaTextureReadMode M>
__device__ typename __sw_tex_gather<T, M>::type tex2Dgather(texture<T, cudaTextureType2D, M> t, float x, float y,
                                                            int comp = 0);
#undef __SW_TEXREF
#undef __SW_COMMA
#endif // __SLICEWATT_NO_TEXTURE_REFERENCES

#endif
