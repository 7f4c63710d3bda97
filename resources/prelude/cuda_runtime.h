// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: umbrella runtime header plus the C++ template conveniences of the runtime API.
#ifndef __SLICEWATT_CUDA_RUNTIME_H
#define __SLICEWATT_CUDA_RUNTIME_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define __CUDA_RUNTIME_H__

// Same set of headers nvcc's implicit cuda_runtime.h makes visible.
#include "host_defines.h"
#include "vector_types.h"
#include "vector_functions.h"
#include "driver_types.h"
#include "cuda_runtime_api.h"
#include "channel_descriptor.h"
#include "device_functions.h"
#include "math_functions.h"
#include "cuda_texture_types.h"
#include "cuda_surface_types.h"
#include "texture_fetch_functions.h"
#include "texture_indirect_functions.h"
#include "surface_functions.h"
#ifdef __cplusplus
// nvcc's cuda_runtime.h includes <utility> in C++ (std::swap, std::pair, std::move), and code
// such as llm.c's common.h uses them without including it itself; its headers bring <cstdint>
// too (uintptr_t in llm.c's alignment checks, int64_t in the samples), and <math.h>: host code
// calls isfinite, std::sqrt and the like without an include (llm.c's dev/cuda validators);
// libstdc++'s <math.h> is <cmath> with its functions in the global namespace too. The prelude
// is precompiled, so it costs a file nothing after the first.
#include <cstdint>
#include <math.h>
#include <utility>
#endif

// ---- Typed allocation overloads (avoid the (void **) casts) ---------------
template <class T> __host__ cudaError_t cudaMalloc(T **devPtr, size_t size);
template <class T> __host__ cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0);
template <class T> __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags);
template <class T> __host__ cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags);
template <class T>
__host__ cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
template <class T> __host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height);
template <class T> __host__ cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaStream_t stream);
template <class T>
__host__ cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream);
template <class T>
__host__ cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, T *devPtr, size_t length = 0,
                                              unsigned int flags = cudaMemAttachSingle);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags);

// ---- Symbols: take the __device__/__constant__ variable itself -------------
template <class T>
__host__ cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0,
                                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
__host__ cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0,
                                             enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                             cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T>
__host__ cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                               enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                               cudaStream_t stream = 0);
template <class T> __host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol);
template <class T> __host__ cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol);

// ---- Kernels: take the __global__ function itself -------------------------
// (T *, not the real header's const T *: clang cannot deduce const T * from a
// function pointer.)
template <class T>
__host__ cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0,
                                      cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                                 size_t sharedMem = 0, cudaStream_t stream = 0);
template <class... ExpTypes, class... ActTypes>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(ExpTypes...),
                                        ActTypes &&...args);
template <class T> __host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry);
template <class T> __host__ cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value);
template <class T> __host__ cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig);
template <class T> __host__ cudaError_t cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize,
                                                                   size_t dynamicSMemSize);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, T func, int blockSize,
                                                                            size_t dynamicSMemSize,
                                                                            unsigned int flags);
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                                        size_t dynamicSMemSize = 0, int blockSizeLimit = 0);
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, T func,
                                                                 size_t dynamicSMemSize = 0, int blockSizeLimit = 0,
                                                                 unsigned int flags = 0);
template <class UnaryFunction, class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize, T func,
                                                                    UnaryFunction blockSizeToDynamicSMemSize,
                                                                    int blockSizeLimit = 0);
template <class UnaryFunction, class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int *minGridSize, int *blockSize,
                                                                             T func,
                                                                             UnaryFunction blockSizeToDynamicSMemSize,
                                                                             int blockSizeLimit = 0,
                                                                             unsigned int flags = 0);
template <class T>
__host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, T func, int numBlocks,
                                                               int blockSize);

// ---- Graph calls whose signatures changed in CUDA 12 ----------------------
// Older code still passes the pre-12 argument lists; accept both.
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, cudaGraphNode_t *pErrorNode,
                                          char *pLogBuffer, size_t bufferSize);
__host__ cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                         cudaGraphNode_t *hErrorNode_out,
                                         enum cudaGraphExecUpdateResult *updateResult_out);

// ---- Legacy texture/surface reference binding ------------------------------
#ifndef __SLICEWATT_NO_TEXTURE_REFERENCES
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex, const void *devPtr,
                                     const struct cudaChannelFormatDesc &desc, size_t size = 0xFFFFFFFFu);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex, const void *devPtr,
                                     size_t size = 0xFFFFFFFFu);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex,
                                       const void *devPtr, const struct cudaChannelFormatDesc &desc, size_t width,
                                       size_t height, size_t pitch);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex,
                                       const void *devPtr, size_t width, size_t height, size_t pitch);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex, cudaArray_const_t array,
                                            const struct cudaChannelFormatDesc &desc);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex, cudaArray_const_t array);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTextureToMipmappedArray(const struct texture<T, dim, readMode> &tex,
                                                     cudaMipmappedArray_const_t mipmappedArray,
                                                     const struct cudaChannelFormatDesc &desc);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTextureToMipmappedArray(const struct texture<T, dim, readMode> &tex,
                                                     cudaMipmappedArray_const_t mipmappedArray);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaUnbindTexture(const struct texture<T, dim, readMode> &tex);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct texture<T, dim, readMode> &tex);
template <class T, int dim>
__host__ cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf, cudaArray_const_t array,
                                            const struct cudaChannelFormatDesc &desc);
template <class T, int dim>
__host__ cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf, cudaArray_const_t array);
#endif

#endif
