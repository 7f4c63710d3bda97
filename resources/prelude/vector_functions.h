// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: make_<vector>() constructors for the built-in vector types.
#ifndef __SLICEWATT_VECTOR_FUNCTIONS_H
#define __SLICEWATT_VECTOR_FUNCTIONS_H
#pragma clang system_header
#include "vector_types.h"

// Declarations only: the bodies are trivial and parsing them would cost time.
__host__ __device__ char1 make_char1(char x);
__host__ __device__ char2 make_char2(char x, char y);
__host__ __device__ char3 make_char3(char x, char y, char z);
__host__ __device__ char4 make_char4(char x, char y, char z, char w);

__host__ __device__ uchar1 make_uchar1(unsigned char x);
__host__ __device__ uchar2 make_uchar2(unsigned char x, unsigned char y);
__host__ __device__ uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z);
__host__ __device__ uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w);

__host__ __device__ short1 make_short1(short x);
__host__ __device__ short2 make_short2(short x, short y);
__host__ __device__ short3 make_short3(short x, short y, short z);
__host__ __device__ short4 make_short4(short x, short y, short z, short w);

__host__ __device__ ushort1 make_ushort1(unsigned short x);
__host__ __device__ ushort2 make_ushort2(unsigned short x, unsigned short y);
__host__ __device__ ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z);
__host__ __device__ ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w);

__host__ __device__ int1 make_int1(int x);
__host__ __device__ int2 make_int2(int x, int y);
__host__ __device__ int3 make_int3(int x, int y, int z);
__host__ __device__ int4 make_int4(int x, int y, int z, int w);

__host__ __device__ uint1 make_uint1(unsigned int x);
__host__ __device__ uint2 make_uint2(unsigned int x, unsigned int y);
__host__ __device__ uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z);
__host__ __device__ uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w);

__host__ __device__ long1 make_long1(long x);
__host__ __device__ long2 make_long2(long x, long y);
__host__ __device__ long3 make_long3(long x, long y, long z);
__host__ __device__ long4 make_long4(long x, long y, long z, long w);

__host__ __device__ ulong1 make_ulong1(unsigned long x);
__host__ __device__ ulong2 make_ulong2(unsigned long x, unsigned long y);
__host__ __device__ ulong3 make_ulong3(unsigned long x, unsigned long y, unsigned long z);
__host__ __device__ ulong4 make_ulong4(unsigned long x, unsigned long y, unsigned long z, unsigned long w);

__host__ __device__ longlong1 make_longlong1(long long x);
__host__ __device__ longlong2 make_longlong2(long long x, long long y);
__host__ __device__ longlong3 make_longlong3(long long x, long long y, long long z);
__host__ __device__ longlong4 make_longlong4(long long x, long long y, long long z, long long w);

__host__ __device__ ulonglong1 make_ulonglong1(unsigned long long x);
__host__ __device__ ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y);
__host__ __device__ ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y, unsigned long long z);
__host__ __device__ ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w);

__host__ __device__ float1 make_float1(float x);
__host__ __device__ float2 make_float2(float x, float y);
__host__ __device__ float3 make_float3(float x, float y, float z);
__host__ __device__ float4 make_float4(float x, float y, float z, float w);

__host__ __device__ double1 make_double1(double x);
__host__ __device__ double2 make_double2(double x, double y);
__host__ __device__ double3 make_double3(double x, double y, double z);
__host__ __device__ double4 make_double4(double x, double y, double z, double w);

#endif
