// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cooperative groups (thread_block, tiles, grid_group, coalesced_group).
#ifndef __SLICEWATT_COOPERATIVE_GROUPS_H
#define __SLICEWATT_COOPERATIVE_GROUPS_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define _COOPERATIVE_GROUPS_H_
#include "cuda_runtime.h"

// Declarations only; member functions are __device__ as in the real library.
// Group handles are small value types returned by this_thread_block() etc.
namespace cooperative_groups {

class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const;
  __device__ unsigned int get_type() const;
};

class thread_block : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
  __device__ static void barrier_wait();
};

class grid_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ bool is_valid() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long num_blocks() const;
  __device__ unsigned long long block_rank() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_blocks() const;
  __device__ dim3 block_index() const;
  __device__ dim3 dim_threads() const;
  __device__ uint3 thread_index() const;
};

class cluster_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int block_rank() const;
  __device__ unsigned int num_blocks() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int num_threads() const;
  __device__ dim3 block_index() const;
  __device__ dim3 dim_blocks() const;
  __device__ unsigned int query_shared_rank(const void *addr) const;
  template <class T> __device__ T *map_shared_rank(T *addr, int rank) const;
};

// Shared interface of warp-sized (or smaller) groups.
class __sw_warp_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
  template <class T> __device__ unsigned int match_any(T val) const;
  template <class T> __device__ unsigned int match_all(T val, int &pred) const;
};

class coalesced_group : public __sw_warp_group {
public:
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
};

// thread_block_tile<N> is what tiled_partition<N>() returns; the
// two-parameter form remembers the parent type and converts to the plain one.
template <unsigned int Size, class ParentT = void> class thread_block_tile;

template <unsigned int Size> class thread_block_tile<Size, void> : public __sw_warp_group {
public:
  static constexpr unsigned int numThreads = Size;
  __host__ __device__ static constexpr unsigned int size() { return Size; }
  __host__ __device__ static constexpr unsigned int num_threads() { return Size; }
  __device__ unsigned int thread_rank() const;
};

template <unsigned int Size, class ParentT> class thread_block_tile : public thread_block_tile<Size, void> {};

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ cluster_group this_cluster();
__device__ coalesced_group coalesced_threads();

template <unsigned int Size, class ParentT> __device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);

// Scratch for tiles larger than a warp (CUDA 11.1+): lives in __shared__ memory and is handed
// to this_thread_block(); SliceWatt reads it as a shared variable like any other.
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {
  unsigned char __sw_scratch[MaxBlockSize * 8];
};
template <unsigned int MaxBlockSize> __device__ thread_block this_thread_block(block_tile_memory<MaxBlockSize> &scratch);
__device__ thread_group tiled_partition(const thread_group &parent, unsigned int tilesz);
__device__ thread_group tiled_partition(const thread_block &parent, unsigned int tilesz);
__device__ coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tilesz);
template <class ParentT> __device__ coalesced_group binary_partition(const ParentT &g, bool pred);
template <class ParentT, class T> __device__ coalesced_group labeled_partition(const ParentT &g, T label);

template <class Group> __device__ void sync(const Group &g);
template <class Group> __device__ unsigned long long thread_rank(const Group &g);
template <class Group> __device__ unsigned long long group_size(const Group &g);
template <class Group> __device__ unsigned long long num_threads(const Group &g);

// Functors used with cg::reduce / cg::inclusive_scan (cooperative_groups/reduce.h).
template <class T> struct plus { __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct less { __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct greater { __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct bit_and { __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct bit_or { __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct bit_xor { __host__ __device__ T operator()(const T &a, const T &b) const; };

namespace details {
// std::decay-lite, so cooperative_groups.h needs no <type_traits>.
template <class T> struct __sw_decay { typedef T type; };
template <class T> struct __sw_decay<T &> { typedef T type; };
template <class T> struct __sw_decay<T &&> { typedef T type; };
template <class T> struct __sw_decay<const T> { typedef T type; };
template <class T> struct __sw_decay<const T &> { typedef T type; };
template <class T> struct __sw_decay<volatile T> { typedef T type; };
} // namespace details

} // namespace cooperative_groups

#endif
