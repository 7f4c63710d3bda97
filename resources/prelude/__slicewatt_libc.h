// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: the C library subset nvcc makes visible without #includes, with device overloads.
#ifndef __SLICEWATT_LIBC_H
#define __SLICEWATT_LIBC_H
#pragma clang system_header
#include "host_defines.h"

// nvcc's cuda_runtime.h drags in <stdlib.h>, <string.h>, <time.h>,
// <limits.h> and <math.h>, and a lot of CUDA code silently relies on that
// (malloc, exit, rand, memcpy, INT_MAX, M_PI, ...). Including those headers
// here would cost more than the rest of the prelude, so the commonly used
// parts are declared directly, matching the C library's declarations (same
// types, noexcept where glibc says __THROW) so that a later #include merely
// redeclares them. Macros use glibc's spelling; a later system-header
// redefinition is silent either way.

typedef __SIZE_TYPE__ size_t;
#ifndef NULL
#define NULL __null
#endif

extern "C" {
// <stdlib.h>
void *malloc(size_t __size) noexcept;
void *calloc(size_t __nmemb, size_t __size) noexcept;
void *realloc(void *__ptr, size_t __size) noexcept;
void free(void *__ptr) noexcept;
void exit(int __status) noexcept __attribute__((__noreturn__));
void abort(void) noexcept __attribute__((__noreturn__));
int atoi(const char *__nptr) noexcept;
long atol(const char *__nptr) noexcept;
double atof(const char *__nptr) noexcept;
long strtol(const char *__nptr, char **__endptr, int __base) noexcept;
unsigned long strtoul(const char *__nptr, char **__endptr, int __base) noexcept;
double strtod(const char *__nptr, char **__endptr) noexcept;
float strtof(const char *__nptr, char **__endptr) noexcept;
int rand(void) noexcept;
void srand(unsigned int __seed) noexcept;
char *getenv(const char *__name) noexcept;
// <string.h> (only functions without C++-specific const overloads)
void *memcpy(void *__dest, const void *__src, size_t __n) noexcept;
void *memmove(void *__dest, const void *__src, size_t __n) noexcept;
void *memset(void *__s, int __c, size_t __n) noexcept;
int memcmp(const void *__s1, const void *__s2, size_t __n) noexcept;
size_t strlen(const char *__s) noexcept;
int strcmp(const char *__s1, const char *__s2) noexcept;
int strncmp(const char *__s1, const char *__s2, size_t __n) noexcept;
char *strcpy(char *__dest, const char *__src) noexcept;
char *strncpy(char *__dest, const char *__src, size_t __n) noexcept;
char *strcat(char *__dest, const char *__src) noexcept;
// <stdio.h> is not pre-included by nvcc; printf is declared anyway because
// CUDA declares it for device code and host code calls it just as freely.
int printf(const char *__format, ...);
}
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647

#if defined(__linux__)
// glibc's clock_t and time_t are 'long' on every Linux ABI clang targets;
// repeating those typedefs later is legal.
typedef long clock_t;
typedef long time_t;
extern "C" clock_t clock(void) noexcept;
extern "C" time_t time(time_t *__timer) noexcept;
#define CLOCKS_PER_SEC ((clock_t)1000000)
__device__ clock_t clock(void) noexcept;
#else
__device__ long clock(void) noexcept;
#endif

// <limits.h>
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-INT_MAX - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define LONG_MAX __LONG_MAX__
#define LONG_MIN (-LONG_MAX - 1L)
#define ULONG_MAX (LONG_MAX * 2UL + 1UL)
#define LLONG_MAX 9223372036854775807LL
#define LLONG_MIN (-LLONG_MAX - 1LL)
#define ULLONG_MAX 18446744073709551615ULL

// ---- Device-side versions (C++ linkage) ------------------------------------
// clang refuses a __host__ __device__ redeclaration of a __host__ C function
// but allows a __device__ overload next to it, which it picks in device code.
// printf is the exception: clang only accepts a variadic __device__
// declaration when it is the extern "C" printf.
extern "C" __device__ int printf(const char *__format, ...);
extern "C" __device__ int vprintf(const char *__format, const char *__args);
__device__ void *malloc(size_t __size) noexcept;
__device__ void free(void *__ptr) noexcept;
__device__ void *memcpy(void *__dest, const void *__src, size_t __n) noexcept;
__device__ void *memset(void *__s, int __c, size_t __n) noexcept;
// assert() in device code: glibc's macro calls __assert_fail, which needs a
// device overload (as in clang's own CUDA wrapper headers).
__device__ void __assertfail(const char *__message, const char *__file, unsigned int __line,
                             const char *__function, size_t __charSize);
__device__ void __assert_fail(const char *__assertion, const char *__file, unsigned int __line,
                              const char *__function) noexcept __attribute__((noreturn));

#endif
