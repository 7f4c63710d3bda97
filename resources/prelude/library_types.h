// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cudaDataType and libraryPropertyType shared by the CUDA math libraries.
#ifndef __SLICEWATT_LIBRARY_TYPES_H
#define __SLICEWATT_LIBRARY_TYPES_H
#pragma clang system_header

typedef enum cudaDataType_t {
  CUDA_R_16F = 2,
  CUDA_C_16F = 6,
  CUDA_R_16BF = 14,
  CUDA_C_16BF = 15,
  CUDA_R_32F = 0,
  CUDA_C_32F = 4,
  CUDA_R_64F = 1,
  CUDA_C_64F = 5,
  CUDA_R_8I = 3,
  CUDA_C_8I = 7,
  CUDA_R_8U = 8,
  CUDA_C_8U = 9,
  CUDA_R_32I = 10,
  CUDA_C_32I = 11
} cudaDataType;
typedef enum cudaDataType_t cudaDataType_t;
typedef enum libraryPropertyType_t { MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL } libraryPropertyType;

#endif
