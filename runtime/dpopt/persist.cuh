//===- dpopt/persist.cuh - Persistent parent grids (remove-launch T1/T2) --===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runtime of remove-launch's T1 (CB* -> PB*) and T2 (CK* -> PB*), Chen &
// Shen, MICRO'15 §2.3-2.4. The parent kernel runs as a persistent grid:
// no more blocks than can be resident at once (occupancy API, cooperative
// launch), each block playing the parent's original blocks one per round.
// A launch becomes a record in a global list; after each round, past a
// grid-wide barrier, all persistent blocks run the recorded child grids
// together -- single child blocks spread over all of them (T1), or whole
// child grids (T2), chosen per round as Fig. 7(b) does -- and a second
// barrier ends the round.
//
//   PersistState     -- the list's heads (two, used in alternate rounds, so
//                       that one can be reset while the other is read) and
//                       the counter barrier; records follow it
//   persistClaim     -- a launching thread claims a record (warp-aggregated)
//   persistWork      -- after the barrier: how many records, child blocks
//   persistUseT1     -- Fig. 7(b): T1 or T2 for this round
//   persistFind      -- T1: the record a child block belongs to
//   persistentBlocks -- host: how many blocks can be resident (occupancy)
//   launchPersistent -- host: allocate the state stream-ordered, launch
//                       cooperatively
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PERSIST_CUH
#define DPOPT_PERSIST_CUH

// User macros named like anything below (-DN=4) do not reach it.
#include "detail/macros_hide.cuh"

#include "grid_barrier.cuh"
#include "runtime.cuh"

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda_runtime.h>

#include <tuple>
#include <utility>

namespace dpopt {
namespace rt {

/// Records of one round: the high 24 bits of Head count them, the low 40
/// bits count their child blocks (so one atomic gives a record both its
/// index and its first child block, in the same order).
struct PersistRound {
  unsigned long long Head;
  unsigned long long MaxBlocks;
};

constexpr unsigned PersistCountShift = 40;
constexpr unsigned long long PersistBlockMask = (1ull << PersistCountShift) - 1;

struct PersistState {
  PersistRound Rounds[2];
  GridBarrier __barrier;
};

/// Where the records start after the state (aligned for any record type).
/// The list holds one record per thread of the persistent grid: a round never
/// has more, since each thread launches at most once per round.
constexpr size_t PersistRecordsOffset = 256;
static_assert(sizeof(PersistState) <= PersistRecordsOffset, "state too large");

/// Block 0 resets the head the next round will use: it was last read in the
/// round before this one, which ended with a barrier (or had no records, and
/// then the head is already zero).
__device__ inline void persistBeginRound(PersistState *S, unsigned long long Round) {
  if (blockIdx.x == 0 && threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    S->Rounds[(Round + 1) & 1].Head = 0;
    S->Rounds[(Round + 1) & 1].MaxBlocks = 0;
  }
}

/// Claims a record for a launch of \p Blocks child blocks in round \p Round:
/// \p Index is the record, \p First its first child block in the round's
/// numbering. The threads of a warp that launch together take one atomic
/// (cooperative groups' scan gives each its offset).
/// False when the list is full (cannot happen when each thread launches at
/// most once per round; the caller stops the kernel).
__device__ inline bool persistClaim(PersistState *S, unsigned long long Round,
                                    unsigned long long Blocks, unsigned &Index,
                                    unsigned long long &First) {
  namespace cg = cooperative_groups;
  const cg::coalesced_group Launching = cg::coalesced_threads();
  const unsigned long long Through = cg::inclusive_scan(Launching, Blocks);
  const unsigned long long Total = Launching.shfl(Through, Launching.size() - 1);
  const unsigned long long Max =
      cg::reduce(Launching, Blocks, cg::greater<unsigned long long>());
  PersistRound &R = S->Rounds[Round & 1];
  unsigned long long Old = 0;
  if (Launching.thread_rank() == 0) {
    Old = atomicAdd(&R.Head, ((unsigned long long)Launching.size() << PersistCountShift) + Total);
    atomicMax(&R.MaxBlocks, Max);
  }
  Old = Launching.shfl(Old, 0);
  Index = (unsigned)(Old >> PersistCountShift) + Launching.thread_rank();
  First = (Old & PersistBlockMask) + Through - Blocks;
  return Index < gridDim.x * blockDim.x * blockDim.y * blockDim.z;
}

/// A round's work, read by every thread after the barrier (all read the
/// same values, so every block takes the same path).
struct PersistWork {
  unsigned __count;
  unsigned long long __blocks;
  unsigned long long __max_blocks;
};

__device__ inline PersistWork persistWork(PersistState *S, unsigned long long Round) {
  volatile PersistRound &R = S->Rounds[Round & 1];
  const unsigned long long Head = R.Head;
  return {(unsigned)(Head >> PersistCountShift), Head & PersistBlockMask, R.MaxBlocks};
}

/// Fig. 7(b): T1 gives every persistent block the same number of child
/// blocks (a contiguous share: one search for the record of its first, then
/// a record load each time the share crosses into the next grid); T2 gives
/// whole grids, so the most loaded block runs at least the largest grid. T1
/// when the child blocks T2's most loaded block runs beyond T1's share cost
/// more than T1's extra control. \p SubtaskCost estimates a child block's
/// work in the units of one search step (one dependent load).
__device__ inline bool persistUseT1(const PersistWork &W, unsigned long long SubtaskCost) {
  const unsigned long long Blocks = gridDim.x;
  const unsigned long long PerBlockT1 = (W.__blocks + Blocks - 1) / Blocks;
  if (W.__max_blocks <= PerBlockT1)
    return false;
  const unsigned long long SearchSteps = 32 - __clz(W.__count);
  const unsigned long long RecordsPerBlock = (W.__count + Blocks - 1) / Blocks + 1;
  return (W.__max_blocks - PerBlockT1) * SubtaskCost > SearchSteps + RecordsPerBlock;
}

/// T1: the record whose child blocks include \p Block (records are in order
/// of their First).
template <typename Record>
__device__ inline unsigned persistFind(const Record *Records, unsigned Count,
                                       unsigned long long Block) {
  unsigned Lo = 0, Hi = Count; // the answer is in [Lo, Hi)
  while (Hi - Lo > 1) {
    const unsigned Mid = Lo + (Hi - Lo) / 2;
    if (Records[Mid].__first <= Block)
      Lo = Mid;
    else
      Hi = Mid;
  }
  return Lo;
}

/// The blocks of \p K (with blocks of \p Block and \p Shmem bytes of dynamic
/// shared memory) that can be resident at once on the current device: the
/// persistent grid's size. 0 when none fits or it cannot be told. The last
/// answer is kept per host thread (launches repeat with the same sizes).
template <typename Kernel>
unsigned long long persistentBlocks(Kernel *K, dim3 Block, size_t Shmem) {
  struct Answer {
    const void *K;
    int Device;
    unsigned Threads;
    size_t Shmem;
    unsigned long long Blocks;
  };
  thread_local Answer Last = {nullptr, -1, 0, 0, 0};
  const unsigned Threads = Block.x * Block.y * Block.z;
  int Device = 0, Sms = 0, PerSm = 0;
  if (cudaGetDevice(&Device) != cudaSuccess)
    return 0;
  if (Last.K == reinterpret_cast<const void *>(K) && Last.Device == Device &&
      Last.Threads == Threads && Last.Shmem == Shmem)
    return Last.Blocks;
  if (Threads == 0 ||
      cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, Device) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, K, (int)Threads, Shmem) !=
          cudaSuccess) {
    cudaGetLastError(); // the launch that follows reports its own errors
    return 0;
  }
  Last = {reinterpret_cast<const void *>(K), Device, Threads, Shmem,
          (unsigned long long)PerSm * Sms};
  return Last.Blocks;
}

/// Launches \p Kernel -- the persistent version of a parent kernel, whose
/// first three parameters are the state, the records and the parent's
/// original grid -- in place of the launch <<<Grid, Block, Shmem, Stream>>>
/// of the original with \p Args: with \p Resident blocks (from
/// persistentBlocks), launched cooperatively so that they are all resident
/// at once; state and records allocated and freed in stream order. Returns
/// the launch's error.
template <typename Record, typename... Params, typename... Args>
cudaError_t launchPersistent(void (*Kernel)(PersistState *, Record *, dim3, Params...),
                             unsigned long long Resident, dim3 Grid, dim3 Block, size_t Shmem,
                             cudaStream_t Stream, Args &&...A) {
  const unsigned long long Blocks = (unsigned long long)Grid.x * Grid.y * Grid.z;
  const unsigned long long Threads = (unsigned long long)Block.x * Block.y * Block.z;
  if (Blocks == 0 || Resident == 0)
    return cudaErrorInvalidConfiguration; // as the original launch would say
  // All resident blocks, even when the original grid is smaller: blocks
  // without an original block of their own still run children (Fig. 7(a)).
  const unsigned long long Persistent = Resident;
  void *Memory = nullptr;
  cudaError_t E = cudaMallocAsync(
      &Memory, PersistRecordsOffset + Persistent * Threads * sizeof(Record), Stream);
  if (E != cudaSuccess)
    return E;
  E = cudaMemsetAsync(Memory, 0, sizeof(PersistState), Stream);
  if (E == cudaSuccess) {
    PersistState *State = static_cast<PersistState *>(Memory);
    Record *Records =
        reinterpret_cast<Record *>(static_cast<char *>(Memory) + PersistRecordsOffset);
    // The kernel's parameters as its own types, in the order it takes them.
    std::tuple<PersistState *, Record *, dim3, Params...> Values(State, Records, Grid,
                                                                 std::forward<Args>(A)...);
    E = std::apply(
        [&](auto &...V) {
          void *Pointers[] = {static_cast<void *>(&V)...};
          return cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(Kernel),
                                             dim3((unsigned)Persistent), Block, Pointers,
                                             Shmem, Stream);
        },
        Values);
  }
  cudaError_t Freed = cudaFreeAsync(Memory, Stream);
  return E != cudaSuccess ? E : Freed;
}

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_PERSIST_CUH
