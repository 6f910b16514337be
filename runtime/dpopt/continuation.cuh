//===- dpopt/continuation.cuh - Device runtime of the continuation pass ---===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What code rewritten by dpopt's continuation pass calls (docs/passes/
// continuation.md). A kernel that waits for its children with the legacy
// device-side cudaDeviceSynchronize() runs in phases: a thread that reaches
// the wait saves its state and leaves, and once every thread of its block
// has left (finished, or suspended too), the block's last thread launches
// the block's next phase into cudaStreamTailLaunch: a one-block grid that
// starts after the whole parent grid and every grid it launched, restores
// the block's shared memory and resumes each suspended thread where it
// stopped.
//
// The next phase's block has either the original block's shape (every
// thread: those that did not suspend leave at once), or only the original
// warps that have a suspended thread, in order, 32 threads each
// (contCompactThreads), when the rewritten code reads threadIdx and
// blockDim from its parameters (contThreadIdx gives the original values).
// Either way a warp's lanes stay together and in place, so warp-level code
// after a wait sees the same warp-mates as in a whole block.
//
// Barriers. A thread that suspends after passing E barriers records E. A
// thread that passes its barrier number E' > E then suspends *before* that
// barrier: in the original program the barrier could not have completed
// without the suspended thread. (A barrier of the hardware completes once
// every thread that has not exited arrives, and suspended threads have
// exited.)
//
// A block's state (ContBlock) is allocated when its first thread suspends
// and freed when a phase ends with no thread suspended: the header (with
// the suspended lanes of each original warp), one resume point per
// original thread, the threads' frames and the saved shared memory, from a
// pool of device memory (block_pool.cuh).
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_CONTINUATION_CUH
#define DPOPT_CONTINUATION_CUH

// User macros named like anything below (-DN=4) do not reach it.
#include "detail/macros_hide.cuh"

#include "aggregate.cuh"
#include "block_pool.cuh"

#include <cuda_runtime.h>

#include <cstdio>

// The fewest pending launches contPendingLimit() adds to the limit in
// effect (it adds the limit itself where that is more).
#ifndef DPOPT_CONT_PENDING_MARGIN
#define DPOPT_CONT_PENDING_MARGIN 4096u
#endif

// The most device heap contPendingLimit() asks for (it asks for a quarter
// of the free device memory, up to this), where the heap is smaller: the
// suspended blocks' state lives there.
#ifndef DPOPT_CONT_HEAP_BYTES
#define DPOPT_CONT_HEAP_BYTES (4ull << 30)
#endif

namespace dpopt {
namespace rt {

/// 'No thread suspended in this phase' for ContShared::Epoch.
constexpr unsigned ContNoSuspension = 0xffffffffu;

struct ContBlock {
  unsigned Threads;      // the original block's
  unsigned FrameBytes;
  unsigned SharedBytes;  // static __shared__ variables saved
  unsigned DynamicBytes; // dynamic shared memory (saved, and the next launch's)
  unsigned long long FramesAt, SharedAt;
  unsigned long long Phases; // phases launched (diagnostics)
  dim3 Dim;                  // the original block's shape
  uint3 Idx;                 // the original block's blockIdx
  dim3 Grid;                 // and gridDim
  unsigned Warps;            // the original warps with a suspended lane
  unsigned Lanes[32];        // per original warp, its suspended lanes
};

/// A block's view of the phase it runs, in shared memory.
struct ContShared {
  unsigned long long Block; // ContBlock *, 1 while being allocated, 0 none
  unsigned Left;            // threads that left the phase
  unsigned Epoch;           // lowest barrier count of a suspended thread
  unsigned Lanes[32];       // per original warp, the lanes suspended so far
};

__device__ inline unsigned contDynamicShared() {
  unsigned Bytes;
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(Bytes));
  return Bytes;
}

__device__ inline unsigned long long contAlign(unsigned long long Bytes) {
  return (Bytes + 15ull) & ~15ull;
}

/// The resume points of \p B's threads.
__device__ inline unsigned *contResume(ContBlock *B) {
  return reinterpret_cast<unsigned *>(reinterpret_cast<unsigned char *>(B) +
                                      contAlign(sizeof(ContBlock)));
}
/// The frame of thread \p Rank of \p B.
template <class Frame> __device__ Frame *contFrame(ContBlock *B, unsigned Rank) {
  return reinterpret_cast<Frame *>(reinterpret_cast<unsigned char *>(B) + B->FramesAt +
                                   static_cast<unsigned long long>(Rank) * B->FrameBytes);
}
/// Where \p B keeps the block's static __shared__ variables, and its
/// dynamic shared memory (after them).
__device__ inline unsigned char *contSharedSave(ContBlock *B) {
  return reinterpret_cast<unsigned char *>(B) + B->SharedAt;
}
__device__ inline unsigned char *contDynamicSave(ContBlock *B) {
  return contSharedSave(B) + contAlign(B->SharedBytes);
}

/// Every thread of a phase's block calls this first, with the block's state
/// (null in the kernel's first phase); it synchronizes the block after
/// \p Restore has copied the saved shared memory back (each thread a share).
template <class RestoreFn> __device__ void contBegin(ContShared &S, ContBlock *B, RestoreFn Restore) {
  if (aggThreadRank() == 0) {
    S.Block = reinterpret_cast<unsigned long long>(B);
    S.Left = 0;
    S.Epoch = ContNoSuspension;
  }
  for (unsigned I = aggThreadRank(); I < 32; I += aggBlockThreads())
    S.Lanes[I] = 0;
  if (B)
    Restore(contSharedSave(B));
  __syncthreads();
  aggConvergeWarp();
}

/// Copies \p Bytes of saved shared memory at \p From back to \p To, the
/// calling thread's share.
__device__ inline void contRestoreShare(void *To, const unsigned char *From, unsigned Bytes) {
  unsigned char *T = static_cast<unsigned char *>(To);
  for (unsigned I = aggThreadRank(); I < Bytes; I += aggBlockThreads())
    T[I] = From[I];
}

/// Saves \p Bytes of shared memory at \p From (one thread: the block's last).
__device__ inline void contSave(unsigned char *To, const void *From, unsigned Bytes) {
  const unsigned char *F = static_cast<const unsigned char *>(From);
  for (unsigned I = 0; I < Bytes; ++I)
    To[I] = F[I];
}

__device__ inline void contFail(const char *What) {
  printf("dpopt continuation: %s (block %u, thread %u); aborting the kernel\n", What,
         static_cast<unsigned>(aggBlockRank()), aggThreadRank());
  __trap();
}

/// The rank of the thread at \p T in a block of shape \p D.
__device__ inline unsigned contRank(uint3 T, dim3 D) {
  return T.x + D.x * (T.y + D.y * T.z);
}

/// A new state for a block of shape \p Dim (the original block's).
__device__ inline ContBlock *contNewBlock(unsigned FrameBytes, unsigned SharedBytes, dim3 Dim) {
  unsigned Threads = Dim.x * Dim.y * Dim.z, Dynamic = contDynamicShared();
  unsigned long long FramesAt = contAlign(sizeof(ContBlock)) + contAlign(4ull * Threads);
  unsigned long long SharedAt =
      FramesAt + contAlign(static_cast<unsigned long long>(FrameBytes) * Threads);
  unsigned long long Bytes = SharedAt + contAlign(SharedBytes) + Dynamic;
  ContBlock *B = static_cast<ContBlock *>(poolTake(Bytes));
  if (!B)
    contFail("no device memory left for the state of a suspended block "
             "(block_pool.cuh takes it from the device heap: raise "
             "cudaLimitMallocHeapSize)");
  B->Threads = Threads;
  B->FrameBytes = FrameBytes;
  B->SharedBytes = SharedBytes;
  B->DynamicBytes = Dynamic;
  B->FramesAt = FramesAt;
  B->SharedAt = SharedAt;
  B->Phases = 0;
  B->Dim = Dim;
  B->Warps = 0;
  // (Resume points are read only for lanes marked suspended: contPoint.)
  return B;
}

/// How many times (of at least 64 ns) a suspending thread looks for the
/// state that another thread of its block is allocating before it
/// allocates one itself.
#ifndef DPOPT_CONT_CLAIM_PATIENCE
#define DPOPT_CONT_CLAIM_PATIENCE 4096u
#endif

/// The block's state. The first thread that suspends claims the block's
/// state and allocates it; another thread that suspends meanwhile waits
/// for it, but only a bounded time: it runs where warp-mates of either
/// thread may be inside a device-side launch, and a thread that waits
/// there for another one without end can hang (block_pool.cuh). After that
/// it allocates a state too, and the first one published is the block's
/// (the other goes back to the pool). \p Dim is the original block's shape.
__device__ inline ContBlock *contBlock(ContShared &S, unsigned FrameBytes, unsigned SharedBytes,
                                       dim3 Dim) {
  unsigned long long *Word = &S.Block;
  unsigned long long Seen = *static_cast<volatile unsigned long long *>(Word);
  if (Seen > 1)
    return reinterpret_cast<ContBlock *>(Seen);
  const bool Claimed = Seen == 0 && atomicCAS(Word, 0ull, 1ull) == 0ull;
  if (!Claimed)
    for (unsigned Look = 0; Look < DPOPT_CONT_CLAIM_PATIENCE; ++Look) {
      if ((Seen = *static_cast<volatile unsigned long long *>(Word)) > 1)
        return reinterpret_cast<ContBlock *>(Seen);
      __nanosleep(64);
    }
  ContBlock *Mine = contNewBlock(FrameBytes, SharedBytes, Dim);
  __threadfence_block();
  Seen = atomicCAS(Word, 1ull, reinterpret_cast<unsigned long long>(Mine));
  if (Seen == 1ull)
    return Mine;
  (void)poolTryGive(Mine); // another thread's state was published first
  return reinterpret_cast<ContBlock *>(Seen);
}

/// Marks the thread of original rank \p Rank suspended at resume point
/// \p Point after \p Epoch barriers (its frame, in the block's state, is
/// written).
__device__ inline void contSuspend(ContShared &S, unsigned Point, unsigned Epoch, unsigned Rank) {
  ContBlock *B = reinterpret_cast<ContBlock *>(*static_cast<volatile unsigned long long *>(&S.Block));
  contResume(B)[Rank] = Point;
  atomicOr(&S.Lanes[Rank / 32], 1u << (Rank % 32));
  atomicMin(&S.Epoch, Epoch);
  __threadfence_block();
}

/// After the calling thread's barrier number \p Epoch: true when a thread
/// of the block suspended before it, so that the caller must suspend too.
__device__ inline bool contMustSuspend(const ContShared &S, unsigned Epoch) {
  return *static_cast<const volatile unsigned *>(&S.Epoch) < Epoch;
}

/// Counts the calling thread out of the phase. For the block's last thread:
/// the block's state when the block continues in a next phase (the caller
/// saves the shared memory and launches it), else null after freeing the
/// state. Null for the other threads.
__device__ inline ContBlock *contLeave(ContShared &S, uint3 Idx, dim3 Grid) {
  __threadfence_block();
  if (atomicAdd(&S.Left, 1u) != aggBlockThreads() - 1)
    return nullptr;
  __threadfence_block();
  ContBlock *B = reinterpret_cast<ContBlock *>(*static_cast<volatile unsigned long long *>(&S.Block));
  if (*static_cast<volatile unsigned *>(&S.Epoch) != ContNoSuspension) {
    unsigned Warps = 0;
    for (unsigned W = 0; W < 32; ++W) {
      unsigned Lanes = *static_cast<volatile unsigned *>(&S.Lanes[W]);
      B->Lanes[W] = Lanes;
      Warps |= Lanes ? 1u << W : 0u;
    }
    B->Warps = Warps;
    B->Idx = Idx;
    B->Grid = Grid;
    ++B->Phases;
    return B;
  }
  if (B)
    poolGive(B);
  return nullptr;
}

/// The threads of a next phase that runs only the original warps with a
/// suspended lane.
__device__ inline unsigned contCompactThreads(const ContBlock *B) {
  return 32u * static_cast<unsigned>(__popc(B->Warps));
}

/// In such a phase: the original rank of the calling thread (its warp is
/// the N-th original warp with a suspended lane, its lane the same).
__device__ inline unsigned contCompactRank(const ContBlock *B) {
  unsigned Rank = aggThreadRank(), Warps = B->Warps;
  for (unsigned N = Rank / 32; N; --N)
    Warps &= Warps - 1;
  return static_cast<unsigned>(__ffs(static_cast<int>(Warps)) - 1) * 32u + Rank % 32u;
}

/// The original threadIdx of the thread of original rank \p Rank.
__device__ inline uint3 contThreadIdx(const ContBlock *B, unsigned Rank) {
  return make_uint3(Rank % B->Dim.x, Rank / B->Dim.x % B->Dim.y, Rank / (B->Dim.x * B->Dim.y));
}

/// Where the thread of original rank \p Rank resumes: 0 when it did not
/// suspend (it finished, or the rank is past the original block's end).
__device__ inline unsigned contPoint(ContBlock *B, unsigned Rank) {
  if (Rank >= B->Threads || !((B->Lanes[Rank / 32] >> (Rank % 32)) & 1u))
    return 0;
  return contResume(B)[Rank];
}

/// After the last thread's launch of the next phase.
__device__ inline void contLaunched() {
  if (cudaGetLastError() != cudaSuccess)
    contFail("the launch of a block's next phase failed (too many pending "
             "launches? see cudaLimitDevRuntimePendingLaunchCount)");
}

/// Host, once per process, before the first launch that reaches a
/// continued kernel:
///  - raises the device runtime's pending-launch limit from L to
///    L + max(L, DPOPT_CONT_PENDING_MARGIN). A continued kernel keeps a tail
///    launch per suspended block pending on top of what the program sized
///    the limit for, and a block suspends at a wait for children it
///    launched, so at most as many again (tree postwork, th/cdp1.cu, has a
///    suspended block per internal node of the tree's last levels); and its
///    own launch is one nesting level more than a hand port's host loop: on
///    an H200 the ccl driver hung once in three runs at the hand port's
///    limit and not at twice it. Not a large fixed value, because launches
///    slow down as the limit grows (the same driver: 14-16 ms at 4,096,
///    16-20 ms at 8,192, 21-27 ms at 65,536);
///  - raises the device heap to a quarter of the free device memory, at
///    most DPOPT_CONT_HEAP_BYTES (4 GiB), where it is smaller. The default
///    8 MiB holds under a thousand suspended 128-thread blocks; a block
///    keeps a frame for each of its threads, and a recursive reduction that
///    suspends every block of a 32,768-block grid needs about 1.1 GB. CUDA
///    takes a new heap size only before the first launch of a kernel that
///    calls malloc; later, it stays as it is.
/// Like consPendingLimit it keeps the runtime's last-error state.
static inline __host__ void contPendingLimit() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  if (cudaPeekAtLastError() != cudaSuccess)
    return;
  size_t Now = 0;
  if (cudaDeviceGetLimit(&Now, cudaLimitDevRuntimePendingLaunchCount) != cudaSuccess ||
      cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount,
                         Now + (Now > DPOPT_CONT_PENDING_MARGIN ? Now
                                                                : DPOPT_CONT_PENDING_MARGIN)) !=
          cudaSuccess)
    (void)cudaGetLastError();
  size_t Heap = 0, Free = 0, Total = 0;
  if (cudaDeviceGetLimit(&Heap, cudaLimitMallocHeapSize) != cudaSuccess ||
      cudaMemGetInfo(&Free, &Total) != cudaSuccess) {
    (void)cudaGetLastError();
    return;
  }
  size_t Want = Free / 4 < DPOPT_CONT_HEAP_BYTES ? Free / 4 : DPOPT_CONT_HEAP_BYTES;
  if (Heap < Want && cudaDeviceSetLimit(cudaLimitMallocHeapSize, Want) != cudaSuccess)
    (void)cudaGetLastError();
}

/// The thread's last error travels with it into the next phase (whose
/// thread starts without one): \p Kept is the error it had when it
/// suspended, or cudaSuccess. contCarryError is called at a suspension;
/// the kernel's own cudaGetLastError() and cudaPeekAtLastError() become the
/// other two, which report a newer error first, as the runtime would.
__device__ inline cudaError_t contCarryError(cudaError_t Kept) {
  cudaError_t Now = cudaGetLastError();
  return Now != cudaSuccess ? Now : Kept;
}
__device__ inline cudaError_t contGetLastError(cudaError_t &Kept) {
  cudaError_t Now = cudaGetLastError();
  if (Now == cudaSuccess)
    Now = Kept;
  Kept = cudaSuccess;
  return Now;
}
__device__ inline cudaError_t contPeekAtLastError(cudaError_t Kept) {
  cudaError_t Now = cudaPeekAtLastError();
  return Now != cudaSuccess ? Now : Kept;
}

/// Copies \p From into \p To whatever its type (arrays included): frames
/// hold trivially copyable values only.
template <class T> __device__ void contCopy(T &To, const T &From) {
  memcpy(static_cast<void *>(&To), static_cast<const void *>(&From), sizeof(T));
}

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_CONTINUATION_CUH
