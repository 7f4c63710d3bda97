// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cudaRoundMode (device_types.h).
#ifndef __SLICEWATT_DEVICE_TYPES_H
#define __SLICEWATT_DEVICE_TYPES_H
enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };
#endif
