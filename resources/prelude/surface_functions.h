// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: surf*read/surf*write for legacy surface<> references and surface objects.
#ifndef __SLICEWATT_SURFACE_FUNCTIONS_H
#define __SLICEWATT_SURFACE_FUNCTIONS_H
#pragma clang system_header
#include "cuda_surface_types.h"

// x is a byte offset for the 1D/2D/3D forms, as in the real API. Reads exist
// as value-returning (T explicit) and out-parameter (T deduced) forms.
#define __SW_COMMA ,
#define __SW_SURFOBJ(rd, wr, params) \
  template <class T> __device__ T rd(cudaSurfaceObject_t surfObject, params, \
                                     enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap); \
  template <class T> __device__ void rd(T *ptr, cudaSurfaceObject_t surfObject, params, \
                                        enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap); \
  template <class T> __device__ void wr(T val, cudaSurfaceObject_t surfObject, params, \
                                        enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
__SW_SURFOBJ(surf1Dread, surf1Dwrite, int x)
__SW_SURFOBJ(surf2Dread, surf2Dwrite, int x __SW_COMMA int y)
__SW_SURFOBJ(surf3Dread, surf3Dwrite, int x __SW_COMMA int y __SW_COMMA int z)
__SW_SURFOBJ(surf1DLayeredread, surf1DLayeredwrite, int x __SW_COMMA int layer)
__SW_SURFOBJ(surf2DLayeredread, surf2DLayeredwrite, int x __SW_COMMA int y __SW_COMMA int layer)
__SW_SURFOBJ(surfCubemapread, surfCubemapwrite, int x __SW_COMMA int y __SW_COMMA int face)
__SW_SURFOBJ(surfCubemapLayeredread, surfCubemapLayeredwrite, int x __SW_COMMA int y __SW_COMMA int layerFace)
#undef __SW_SURFOBJ

#ifndef __SLICEWATT_NO_TEXTURE_REFERENCES
#define __SW_SURFREF(rd, wr, dim, params) \
  template <class T> __device__ T rd(surface<void, dim> surf, params, \
                                     enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap); \
  template <class T> __device__ void rd(T *res, surface<void, dim> surf, params, \
                                        enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap); \
  template <class T> __device__ void wr(T val, surface<void, dim> surf, params, \
                                        enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
__SW_SURFREF(surf1Dread, surf1Dwrite, cudaSurfaceType1D, int x)
__SW_SURFREF(surf2Dread, surf2Dwrite, cudaSurfaceType2D, int x __SW_COMMA int y)
__SW_SURFREF(surf3Dread, surf3Dwrite, cudaSurfaceType3D, int x __SW_COMMA int y __SW_COMMA int z)
__SW_SURFREF(surf1DLayeredread, surf1DLayeredwrite, cudaSurfaceType1DLayered, int x __SW_COMMA int layer)
__SW_SURFREF(surf2DLayeredread, surf2DLayeredwrite, cudaSurfaceType2DLayered,
             int x __SW_COMMA int y __SW_COMMA int layer)
__SW_SURFREF(surfCubemapread, surfCubemapwrite, cudaSurfaceTypeCubemap, int x __SW_COMMA int y __SW_COMMA int face)
__SW_SURFREF(surfCubemapLayeredread, surfCubemapLayeredwrite, cudaSurfaceTypeCubemapLayered,
             int x __SW_COMMA int y __SW_COMMA int layerFace)
#undef __SW_SURFREF
#endif
#undef __SW_COMMA

#endif
