//===- dpopt/consolidate.cuh - Device runtime of the consolidate pass -----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What code rewritten by dpopt's consolidate pass calls (docs/passes/
// consolidate.md), on top of the aggregate runtime: consolidation buffers
// are aggregate's groups and records (the pre-allocated pool, warp/block
// groups in shared memory, multi-block and grid groups in the global table,
// a thread whose buffer is full launching its own child). What is new is the
// consolidated child's configuration: a moldable kernel sized from the
// occupancy API, not one block per original block.
//
// KC_X (Wu, Li, Becchi, IPDPS'16 §IV.E): the configuration (B, T) that fills
// the GPU for one kernel, B = active blocks per SM x SMs, downgraded to
// (B / X, T) so that X consolidated kernels can run at once: X = 1 for grid
// consolidation, 16 for block, 32 for warp. Never more blocks than units of
// work (original blocks, or original threads for thread-mapped children).
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_CONSOLIDATE_CUH
#define DPOPT_CONSOLIDATE_CUH

#include "aggregate.cuh"

// User macros named like anything below (-DN=4) do not reach it.
#include "detail/macros_hide.cuh"

#include <cuda_runtime.h>

// Tuning (the KC sweep of docs/passes/consolidate.md): DPOPT_CONS_KC
// replaces every site's KC_X concurrency (32, 16 or 1) and DPOPT_CONS_BLOCKS
// sets the block count of every consolidated launch without blocks(N),
// capped at the work's (a large value is the paper's 1-1 mapping). 0: off.
#ifndef DPOPT_CONS_KC
#define DPOPT_CONS_KC 0u
#endif
#ifndef DPOPT_CONS_BLOCKS
#define DPOPT_CONS_BLOCKS 0u
#endif
// The device runtime's pending-launch limit that consPendingLimit() sets
// (CUDA's default is 2,048).
#ifndef DPOPT_CONS_PENDING_LAUNCHES
#define DPOPT_CONS_PENDING_LAUNCHES 65536u
#endif

namespace dpopt {
namespace rt {

/// The device's SM count, read once (every thread that reads 0 asks; they
/// all store the same value).
static __device__ int ConsSMs;

/// Occupancy answers already asked, by (kernel, threads, shared memory):
/// one 64-bit word per entry, key hash << 20 | active blocks per SM + 1, so
/// that a reader never sees half an entry.
constexpr unsigned ConsCacheEntries = 256;
static __device__ unsigned long long ConsCache[ConsCacheEntries];

__device__ inline int consSMCount() {
  int N = *static_cast<volatile int *>(&ConsSMs);
  if (N > 0)
    return N;
  int Device = 0;
  if (cudaGetDevice(&Device) != cudaSuccess ||
      cudaDeviceGetAttribute(&N, cudaDevAttrMultiProcessorCount, Device) != cudaSuccess ||
      N <= 0)
    return 1;
  *static_cast<volatile int *>(&ConsSMs) = N;
  return N;
}

/// Active blocks per SM of \p Kernel with \p Threads threads and \p Shmem
/// bytes of dynamic shared memory (at least 1).
__device__ inline unsigned consActivePerSM(const void *Kernel, unsigned Threads, unsigned Shmem) {
  unsigned long long Key = reinterpret_cast<unsigned long long>(Kernel) * 0x9E3779B97F4A7C15ull ^
                           (static_cast<unsigned long long>(Threads) << 32 | Shmem) *
                               0xC2B2AE3D27D4EB4Full;
  Key >>= 20;
  unsigned Slot = static_cast<unsigned>(Key % ConsCacheEntries);
  unsigned long long Seen = *static_cast<volatile unsigned long long *>(&ConsCache[Slot]);
  if (Seen >> 20 == Key && (Seen & 0xfffffu) != 0)
    return static_cast<unsigned>(Seen & 0xfffffu) - 1;
  int Active = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Active, Kernel, static_cast<int>(Threads),
                                                    Shmem) != cudaSuccess ||
      Active <= 0)
    Active = 1;
  *static_cast<volatile unsigned long long *>(&ConsCache[Slot]) =
      Key << 20 | static_cast<unsigned long long>(Active + 1);
  return static_cast<unsigned>(Active);
}

/// The number of blocks of a consolidated launch: \p Blocks when the pragma
/// set it (blocks(N)), else KC_\p Concurrency; never more than \p Units
/// blocks' worth of work, never fewer than one.
__device__ inline unsigned consGridBlocks(const void *Kernel, unsigned Threads, unsigned Shmem,
                                          unsigned Concurrency, unsigned long long Units,
                                          unsigned Blocks) {
  unsigned long long B = Blocks;
  if (DPOPT_CONS_KC != 0u)
    Concurrency = DPOPT_CONS_KC;
  if (B == 0 && DPOPT_CONS_BLOCKS != 0u)
    B = DPOPT_CONS_BLOCKS < Units ? DPOPT_CONS_BLOCKS : Units;
  if (B == 0) {
    B = static_cast<unsigned long long>(consActivePerSM(Kernel, Threads, Shmem)) *
        static_cast<unsigned long long>(consSMCount()) / (Concurrency ? Concurrency : 1);
    if (B > Units)
      B = Units;
  }
  if (B == 0)
    B = 1;
  return B > 0x7fffffffull ? 0x7fffffffu : static_cast<unsigned>(B);
}

/// The original thread-mapped work units (one per original block of one
/// thread) that a consolidated grid of \p Threads-thread blocks covers.
__device__ inline unsigned long long consThreadBlocks(unsigned long long Units, unsigned Threads) {
  return (Units + Threads - 1) / Threads;
}

/// Host: raises the device runtime's pending-launch limit to
/// DPOPT_CONS_PENDING_LAUNCHES (never lowers it), once per process. dpopt
/// calls it before a host launch that reaches a consolidated
/// launch, in files that do not set the limit themselves. It leaves the
/// runtime's last-error state as it found it: with an error pending it does
/// nothing, and it clears only an error of its own.
static inline __host__ void consPendingLimit() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  if (cudaPeekAtLastError() != cudaSuccess)
    return;
  size_t Now = 0;
  if (cudaDeviceGetLimit(&Now, cudaLimitDevRuntimePendingLaunchCount) != cudaSuccess) {
    (void)cudaGetLastError();
    return;
  }
  if (Now < DPOPT_CONS_PENDING_LAUNCHES &&
      cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, DPOPT_CONS_PENDING_LAUNCHES) !=
          cudaSuccess)
    (void)cudaGetLastError();
}

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_CONSOLIDATE_CUH
