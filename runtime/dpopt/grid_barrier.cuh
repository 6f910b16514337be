//===- dpopt/grid_barrier.cuh - Grid-wide barriers for persistent blocks --===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The barrier that remove-launch's T1 and T2 (Chen & Shen, MICRO'15) need
// between the phases of a persistent parent grid: every block waits until
// all blocks of the grid have arrived. It is only safe when every block of
// the grid is resident at once; a cooperative launch
// (cudaLaunchCooperativeKernel) guarantees that, and then cooperative
// groups' grid().sync() is the barrier to use. GridBarrier is the same
// barrier on a counter the caller owns, for grids that are co-resident by
// construction (sized from the occupancy API) but not launched
// cooperatively, e.g. by a device-side launch.
//
//   gridSync(B)      -- cooperative launch: cooperative_groups; otherwise
//                       the counter barrier B (zero-initialized, one per
//                       grid instance, reusable for any number of phases)
//
// Every thread of every block must call it, as with __syncthreads().
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_GRID_BARRIER_CUH
#define DPOPT_GRID_BARRIER_CUH

// User macros named like anything below (-DN=4) do not reach it.
#include "detail/macros_hide.cuh"

#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace dpopt {
namespace rt {

/// A sense-reversing barrier: Arrived counts blocks in the current phase;
/// the last block resets it and advances Phase, which the others wait for.
struct GridBarrier {
  unsigned Arrived;
  unsigned Phase;
};

/// Waits until every block of the grid has called it with \p B. Writes made
/// before it by any thread are visible to every thread after it.
__device__ inline void gridBarrier(GridBarrier &B) {
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    unsigned Blocks = gridDim.x * gridDim.y * gridDim.z;
    volatile unsigned *Phase = &B.Phase;
    unsigned Mine = *Phase;
    __threadfence();
    if (atomicAdd(&B.Arrived, 1u) == Blocks - 1) {
      B.Arrived = 0;
      __threadfence();
      atomicAdd(&B.Phase, 1u);
    } else {
      while (*Phase == Mine)
        ;
    }
    __threadfence();
  }
  __syncthreads();
}

/// The grid-wide barrier: cooperative groups' when the grid was launched
/// cooperatively, else \p B's.
__device__ inline void gridSync(GridBarrier &B) {
  cooperative_groups::grid_group G = cooperative_groups::this_grid();
  if (G.is_valid())
    G.sync();
  else
    gridBarrier(B);
}

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_GRID_BARRIER_CUH
