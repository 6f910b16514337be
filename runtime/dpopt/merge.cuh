//===- dpopt/merge.cuh - Device runtime of the merge pass -----------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What code rewritten by dpopt's merge pass calls (docs/passes/merge.md):
// the layout of a merged grid, by block partitioning (Guevara et al. 2009,
// §4.1), and the run-time decision to launch it (§4.4).
//
// A merged launch of N kernels is one 1D grid of 1D blocks. Its first
// blocks run kernel 0, the next kernel 1, and so on; a block of kernel i
// has as many threads as the largest block of the N launches, of which the
// first blockDim_i.x * .y * .z run kernel i with the thread index they had
// in kernel i's own block (x fastest, so warps hold the same threads) and
// the rest leave at once.
//
// mergeDecide() says whether to launch the merged kernel or the N kernels
// as written. It merges only when each original launch would have
// succeeded and the merged one will (valid dimensions, threads and dynamic
// shared memory within each kernel's and the merged kernel's attributes,
// at least one merged block per SM), so a launch that would fail still
// fails as written, with the error the program expects. Past that, it
// merges when the merged grid has at most DPOPT_MERGE_BLOCKS_PER_SM blocks
// per SM (1 by default) and fits in one wave of the merged kernel's
// occupancy, unless DPOPT_MERGE_ALWAYS is 1. One block per SM, not a full
// wave, is what the measurements chose: on an H200 merged grids beat
// sequential launches and streams up to one block per SM and were often
// slower from two per SM on (docs/passes/merge.md). On the host the kernels' attributes and the
// device's SM count are cached per host thread, for the current device.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_MERGE_CUH
#define DPOPT_MERGE_CUH

// User macros named like anything below (-DN=4) do not reach it.
#include "detail/macros_hide.cuh"

#include <cuda_runtime.h>

// Merge when the merged grid has at most this many blocks per SM (and fits
// in one wave); docs/passes/merge.md has the measurement behind the default.
#ifndef DPOPT_MERGE_BLOCKS_PER_SM
#define DPOPT_MERGE_BLOCKS_PER_SM 1.0
#endif
// 1: merge whenever the merged launch is valid, whatever its size.
#ifndef DPOPT_MERGE_ALWAYS
#define DPOPT_MERGE_ALWAYS 0
#endif

namespace dpopt {
namespace rt {

/// Where each of N kernels is in a merged grid.
template <unsigned N> struct MergeLayout {
  dim3 MergeGrid[N];
  dim3 MergeBlock[N];
  /// One past kernel i's last block in the merged grid.
  unsigned MergeEnd[N];
};

/// What one thread of a merged block runs.
struct MergePart {
  // Named so that user macros (-DKernel=...) cannot reach generated code.
  unsigned MergeKernel; // N when the thread is surplus in its block
  uint3 MergeBlockIdx, MergeThreadIdx;
};

template <unsigned N>
__device__ __forceinline__ MergePart mergePart(const MergeLayout<N> &L) {
  MergePart P;
  P.MergeKernel = N;
  unsigned Begin = 0, K = 0;
  while (K < N && blockIdx.x >= L.MergeEnd[K])
    Begin = L.MergeEnd[K++];
  if (K == N)
    return P;
  const dim3 G = L.MergeGrid[K], B = L.MergeBlock[K];
  const unsigned Block = blockIdx.x - Begin, Thread = threadIdx.x;
  if (Thread >= B.x * B.y * B.z)
    return P;
  P.MergeKernel = K;
  P.MergeBlockIdx = make_uint3(Block % G.x, Block / G.x % G.y, Block / G.x / G.y);
  P.MergeThreadIdx =
      make_uint3(Thread % B.x, Thread / B.x % B.y, Thread / B.x / B.y);
  return P;
}

/// __syncthreads() of a kernel whose block is \p Own in a merged block:
/// the hardware barrier when the kernel has the whole block, else barrier
/// 1 of its threads alone (mergeDecide() merges only when they are whole
/// warps).
__device__ __forceinline__ void mergeSyncthreads(dim3 Own) {
  const unsigned Threads = Own.x * Own.y * Own.z;
  if (Threads == blockDim.x * blockDim.y * blockDim.z)
    __syncthreads();
  else
    asm volatile("barrier.sync 1, %0;" : : "r"(Threads) : "memory");
}

/// The attributes mergeDecide() reads, per kernel (the merged one last).
template <unsigned N> struct MergeAttributes {
  int Device = -1;
  int SMs = 0;
  int MaxThreads[N + 1];
  int MaxDynamicShared[N + 1];
  // The last occupancy asked and its answer.
  unsigned OccupancyThreads = 0;
  size_t OccupancyShared = 0;
  int BlocksPerSM = 0;
};

/// What the merged launch is, when mergeDecide() says to make it.
struct MergeConfig {
  unsigned MergeBlocks = 0, MergeThreads = 0;
  size_t MergeShared = 0;
};

namespace detail {

__host__ __device__ inline bool validLaunch(dim3 G, dim3 B) {
  const unsigned long long Threads = 1ull * B.x * B.y * B.z;
  return G.x >= 1 && G.x <= 0x7fffffffu && G.y >= 1 && G.y <= 65535 &&
         G.z >= 1 && G.z <= 65535 && B.x >= 1 && B.y >= 1 && B.z >= 1 &&
         B.x <= 1024 && B.y <= 1024 && B.z <= 64 && Threads <= 1024;
}

/// Fills \p A for the current device; false when a query fails.
template <unsigned N>
__host__ __device__ bool readAttributes(MergeAttributes<N> &A,
                                        const void *const (&Kernels)[N + 1]) {
  int Device = 0;
  if (cudaGetDevice(&Device) != cudaSuccess)
    return false;
  if (A.Device == Device)
    return true;
  if (cudaDeviceGetAttribute(&A.SMs, cudaDevAttrMultiProcessorCount,
                             Device) != cudaSuccess)
    return false;
  for (unsigned I = 0; I <= N; ++I) {
    cudaFuncAttributes F;
    if (cudaFuncGetAttributes(&F, Kernels[I]) != cudaSuccess)
      return false;
    A.MaxThreads[I] = F.maxThreadsPerBlock;
    A.MaxDynamicShared[I] = F.maxDynamicSharedSizeBytes;
  }
  A.OccupancyThreads = 0;
  A.Device = Device;
  return true;
}

} // namespace detail

/// Whether to launch the merged kernel Kernels[N] for the launches
/// (Grid[i], Block[i], Shared[i]) of Kernels[0..N); fills \p L and \p C when
/// it does. Barriers[i]: kernel i calls __syncthreads(), so its block must
/// be whole warps unless it is the largest. \p A caches what it asks.
template <unsigned N>
__host__ __device__ bool
mergeDecide(MergeAttributes<N> &A, const void *const (&Kernels)[N + 1],
            const dim3 (&Grid)[N], const dim3 (&Block)[N],
            const size_t (&Shared)[N], const bool (&Barriers)[N],
            MergeLayout<N> &L, MergeConfig &C) {
  unsigned Threads = 0;
  size_t Dynamic = 0;
  unsigned long long Blocks = 0;
  for (unsigned I = 0; I < N; ++I) {
    if (!detail::validLaunch(Grid[I], Block[I]))
      return false;
    const unsigned T = Block[I].x * Block[I].y * Block[I].z;
    Threads = T > Threads ? T : Threads;
    Dynamic = Shared[I] > Dynamic ? Shared[I] : Dynamic;
    Blocks += 1ull * Grid[I].x * Grid[I].y * Grid[I].z;
    if (Blocks > 0x7fffffffu)
      return false;
    L.MergeGrid[I] = Grid[I];
    L.MergeBlock[I] = Block[I];
    L.MergeEnd[I] = static_cast<unsigned>(Blocks);
  }
  for (unsigned I = 0; I < N; ++I)
    if (Barriers[I] && Block[I].x * Block[I].y * Block[I].z != Threads &&
        Block[I].x * Block[I].y * Block[I].z % 32 != 0)
      return false;
  if (!detail::readAttributes(A, Kernels))
    return false;
  for (unsigned I = 0; I < N; ++I)
    if (Block[I].x * Block[I].y * Block[I].z >
            static_cast<unsigned>(A.MaxThreads[I]) ||
        Shared[I] > static_cast<size_t>(A.MaxDynamicShared[I]))
      return false;
  if (Threads > static_cast<unsigned>(A.MaxThreads[N]) ||
      Dynamic > static_cast<size_t>(A.MaxDynamicShared[N]))
    return false;
  if (A.OccupancyThreads != Threads || A.OccupancyShared != Dynamic) {
    int PerSM = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &PerSM, Kernels[N], static_cast<int>(Threads), Dynamic) !=
        cudaSuccess)
      return false;
    A.OccupancyThreads = Threads;
    A.OccupancyShared = Dynamic;
    A.BlocksPerSM = PerSM;
  }
  if (A.BlocksPerSM < 1)
    return false;
  const double PerSM =
      static_cast<double>(DPOPT_MERGE_BLOCKS_PER_SM) < A.BlocksPerSM
          ? static_cast<double>(DPOPT_MERGE_BLOCKS_PER_SM)
          : static_cast<double>(A.BlocksPerSM);
  if (!DPOPT_MERGE_ALWAYS && static_cast<double>(Blocks) > PerSM * A.SMs)
    return false;
  C.MergeBlocks = static_cast<unsigned>(Blocks);
  C.MergeThreads = Threads;
  C.MergeShared = Dynamic;
  return true;
}

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_MERGE_CUH
