// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cudaCreateChannelDesc<T>() and friends.
#ifndef __SLICEWATT_CHANNEL_DESCRIPTOR_H
#define __SLICEWATT_CHANNEL_DESCRIPTOR_H
#pragma clang system_header
#include "cuda_runtime_api.h"

// The real header specialises this per element type; for parsing, the
// primary declaration already accepts every T.
template <class T> __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
__host__ struct cudaChannelFormatDesc cudaCreateChannelDescHalf(void);
__host__ struct cudaChannelFormatDesc cudaCreateChannelDescHalf1(void);
__host__ struct cudaChannelFormatDesc cudaCreateChannelDescHalf2(void);
__host__ struct cudaChannelFormatDesc cudaCreateChannelDescHalf4(void);

#endif
