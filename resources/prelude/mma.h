// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: warp matrix multiply-accumulate (nvcuda::wmma) fragments and operations.
#ifndef __SLICEWATT_MMA_H
#define __SLICEWATT_MMA_H
#pragma clang system_header
#include "cuda_fp16.h"
#include "cuda_bf16.h"

namespace nvcuda {
namespace wmma {
struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
namespace precision {
struct tf32;
struct b1;
struct s4;
struct u4;
} // namespace precision
enum layout_t { mem_row_major, mem_col_major };
namespace experimental {
namespace precision {
struct b1;
struct s4;
struct u4;
} // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} // namespace experimental

// What a fragment stores per element; tf32 fragments hold floats and the
// sub-byte types pack into integers.
template <class T> struct __sw_storage { typedef T type; };
template <> struct __sw_storage<precision::tf32> { typedef float type; };
template <> struct __sw_storage<precision::b1> { typedef unsigned type; };
template <> struct __sw_storage<precision::u4> { typedef unsigned type; };
template <> struct __sw_storage<precision::s4> { typedef int type; };

// The element count depends on shape/type in reality; any positive constant
// keeps fragment code (loops over num_elements, frag.x[i]) well-formed.
template <class Use, int m, int n, int k, class T, class Layout = void> class fragment {
public:
  typedef typename __sw_storage<T>::type storage_element_type;
  typedef storage_element_type element_type;
  enum { num_elements = 8, num_storage_elements = 8 };
  storage_element_type x[num_elements];
};

template <class Use, int m, int n, int k, class T, class Layout, class V>
__device__ void fill_fragment(fragment<Use, m, n, k, T, Layout> &a, const V &v);
template <class Use, int m, int n, int k, class T, class Layout>
__device__ void load_matrix_sync(fragment<Use, m, n, k, T, Layout> &a, const void *p, unsigned ldm);
template <class Use, int m, int n, int k, class T>
__device__ void load_matrix_sync(fragment<Use, m, n, k, T, void> &a, const void *p, unsigned ldm, layout_t layout);
template <int m, int n, int k, class T>
__device__ void store_matrix_sync(void *p, const fragment<accumulator, m, n, k, T, void> &a, unsigned ldm,
                                  layout_t layout);
template <int m, int n, int k, class Ta, class La, class Tb, class Lb, class Tc, class Td>
__device__ void mma_sync(fragment<accumulator, m, n, k, Td, void> &d, const fragment<matrix_a, m, n, k, Ta, La> &a,
                         const fragment<matrix_b, m, n, k, Tb, Lb> &b,
                         const fragment<accumulator, m, n, k, Tc, void> &c);
template <int m, int n, int k, class Ta, class La, class Tb, class Lb, class Tc, class Td>
__device__ void mma_sync(fragment<accumulator, m, n, k, Td, void> &d, const fragment<matrix_a, m, n, k, Ta, La> &a,
                         const fragment<matrix_b, m, n, k, Tb, Lb> &b,
                         const fragment<accumulator, m, n, k, Tc, void> &c, bool satf);
template <int m, int n, int k, class La, class Lb>
__device__ void bmma_sync(fragment<accumulator, m, n, k, int, void> &d,
                          const fragment<matrix_a, m, n, k, experimental::precision::b1, La> &a,
                          const fragment<matrix_b, m, n, k, experimental::precision::b1, Lb> &b,
                          const fragment<accumulator, m, n, k, int, void> &c,
                          experimental::bmmaBitOp = experimental::bmmaBitOpXOR,
                          experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC);
__device__ float __float_to_tf32(float in);
} // namespace wmma
} // namespace nvcuda

#endif
