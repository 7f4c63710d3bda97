// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: stand-in for nvJitLink.h, the JIT linker (LTO-IR, PTX, cubin and fatbin inputs
// linked into a cubin at run time). Declarations only.
#ifndef __SLICEWATT_NVJITLINK_H
#define __SLICEWATT_NVJITLINK_H
#pragma clang system_header
#define nvJitLink_INCLUDED
#include "cuda_runtime.h" // size_t, uint32_t

typedef enum {
  NVJITLINK_SUCCESS = 0,
  NVJITLINK_ERROR_UNRECOGNIZED_OPTION,
  NVJITLINK_ERROR_MISSING_ARCH,
  NVJITLINK_ERROR_INVALID_INPUT,
  NVJITLINK_ERROR_PTX_COMPILE,
  NVJITLINK_ERROR_NVVM_COMPILE,
  NVJITLINK_ERROR_INTERNAL,
  NVJITLINK_ERROR_THREADPOOL,
  NVJITLINK_ERROR_UNRECOGNIZED_INPUT,
  NVJITLINK_ERROR_FINALIZE,
  NVJITLINK_ERROR_NULL_INPUT,
  NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS,
  NVJITLINK_ERROR_INCORRECT_INPUT_TYPE,
  NVJITLINK_ERROR_ARCH_MISMATCH,
  NVJITLINK_ERROR_OUTDATED_LIBRARY,
  NVJITLINK_ERROR_MISSING_FATBIN
} nvJitLinkResult;

typedef enum {
  NVJITLINK_INPUT_NONE = 0,
  NVJITLINK_INPUT_CUBIN = 1,
  NVJITLINK_INPUT_PTX,
  NVJITLINK_INPUT_LTOIR,
  NVJITLINK_INPUT_FATBIN,
  NVJITLINK_INPUT_OBJECT,
  NVJITLINK_INPUT_LIBRARY,
  NVJITLINK_INPUT_INDEX,
  NVJITLINK_INPUT_ANY = 10
} nvJitLinkInputType;

typedef struct nvJitLink *nvJitLinkHandle;

#ifdef __cplusplus
extern "C" {
#endif
nvJitLinkResult nvJitLinkCreate(nvJitLinkHandle *handle, uint32_t numOptions, const char **options);
nvJitLinkResult nvJitLinkDestroy(nvJitLinkHandle *handle);
nvJitLinkResult nvJitLinkAddData(nvJitLinkHandle handle, nvJitLinkInputType inputType, const void *data,
                                 size_t size, const char *name);
nvJitLinkResult nvJitLinkAddFile(nvJitLinkHandle handle, nvJitLinkInputType inputType, const char *fileName);
nvJitLinkResult nvJitLinkComplete(nvJitLinkHandle handle);
nvJitLinkResult nvJitLinkGetLinkedCubinSize(nvJitLinkHandle handle, size_t *size);
nvJitLinkResult nvJitLinkGetLinkedCubin(nvJitLinkHandle handle, void *cubin);
nvJitLinkResult nvJitLinkGetLinkedPtxSize(nvJitLinkHandle handle, size_t *size);
nvJitLinkResult nvJitLinkGetLinkedPtx(nvJitLinkHandle handle, char *ptx);
nvJitLinkResult nvJitLinkGetErrorLogSize(nvJitLinkHandle handle, size_t *size);
nvJitLinkResult nvJitLinkGetErrorLog(nvJitLinkHandle handle, char *log);
nvJitLinkResult nvJitLinkGetInfoLogSize(nvJitLinkHandle handle, size_t *size);
nvJitLinkResult nvJitLinkGetInfoLog(nvJitLinkHandle handle, char *log);
nvJitLinkResult nvJitLinkVersion(unsigned int *major, unsigned int *minor);
#ifdef __cplusplus
}
#endif

#endif
