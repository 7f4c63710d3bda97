// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: libcu++'s thread scopes, shared by <cuda/barrier>, <cuda/pipeline>
// and <cuda/atomic>.
#ifndef __SLICEWATT_CUDA_SCOPES_H
#define __SLICEWATT_CUDA_SCOPES_H
#pragma clang system_header
namespace cuda {
enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2, thread_scope_thread = 3 };
template <unsigned long long Size> struct aligned_size_t {
  static constexpr unsigned long long align = Size;
  unsigned long long value;
  __host__ __device__ explicit constexpr aligned_size_t(unsigned long long size) : value(size) {}
  __host__ __device__ constexpr operator unsigned long long() const { return value; }
};
} // namespace cuda
#endif
