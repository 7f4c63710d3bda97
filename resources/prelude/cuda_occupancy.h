// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cuda_occupancy.h, which thrust's CUDA backend includes. Its
// calculator is host code SliceWatt never runs; the header only has to exist.
#ifndef __SLICEWATT_CUDA_OCCUPANCY_H
#define __SLICEWATT_CUDA_OCCUPANCY_H
#pragma clang system_header
#define __cuda_occupancy_h__
#include "cuda_runtime.h"
#endif
