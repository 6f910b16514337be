//===- dpopt/tail_gather.cuh - One tail launch for a grid's blocks --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What flatten-recursion's code calls where each block of a grid tail-
// launched a one-thread kernel (docs/passes/flatten-recursion.md, "A tail
// launch after the child"). Such launches go into the grid's tail stream:
// each starts after the whole grid and everything it launched, and they run
// one after another in the order the blocks made them (about 12 us each on
// an H200: 32,768 of them took 405 ms). Here the grid's blocks instead put
// their launch's arguments in one buffer, and the block that gets there
// first makes one tail launch, tailGatherDrain, which runs every record's
// kernel body in turn. That is one of the orders the tail stream allowed:
// the blocks' launches were never ordered among themselves.
//
// Where dpopt could list what the kernel's body reads and writes as
// addresses computed from its arguments (Rec::__dpopt_accesses), the drain
// first checks them -- in its own block of 1,024 threads for up to
// DPOPT_TAIL_GATHER_ONE_BLOCK records, else in parallel phases it
// tail-launches one after another (TailGatherJob): when no two records touch
// a 4-byte word where one of them writes, any order computes the same, and
// so does running them all at once, which it then does. Otherwise, or when
// the heap has no room for the check's table, one thread runs them in turn.
//
// The grid's buffer is found in a small global table keyed by %gridid
// (distinct for every grid alive at once: docs/cdp2-semantics.md). Its
// first block claims a slot, allocates room for one record per block of
// the grid from the device heap, tail-launches the drain and publishes the
// buffer; the drain frees the buffer and the slot. A block that finds no
// slot, no buffer (the heap is full, or the drain's launch failed) or waits
// too long for the first block gets null and makes its tail launch as
// written: its kernel still runs after the grid, in another order the tail
// stream allowed.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_TAIL_GATHER_CUH
#define DPOPT_TAIL_GATHER_CUH

// User macros named like anything below (-DN=4) do not reach it.
#include "detail/macros_hide.cuh"

#include "runtime.cuh"

#include <cuda_runtime.h>

// Grids gathering at once; a block of a grid beyond them (or whose slots
// are all taken) makes its own tail launch.
#ifndef DPOPT_TAIL_GATHER_SLOTS
#define DPOPT_TAIL_GATHER_SLOTS 1024u
#endif

// Clock cycles a block waits for its grid's first block to publish the
// buffer before it makes its own tail launch.
#ifndef DPOPT_TAIL_GATHER_WAIT_CYCLES
#define DPOPT_TAIL_GATHER_WAIT_CYCLES 200000000ll
#endif

namespace dpopt {
namespace rt {

/// One grid's gathered tail launches.
struct TailGatherSlot {
  unsigned long long Grid; // %gridid + 1 of the owner; 0 when free
  void *Records;           // null until published; TailGatherFailed: none
  unsigned Count;          // records taken
};

static __device__ TailGatherSlot TailGatherTable[DPOPT_TAIL_GATHER_SLOTS];

/// Records of a slot whose buffer could not be had.
__device__ inline void *tailGatherFailed() {
  return reinterpret_cast<void *>(static_cast<unsigned long long>(1));
}

/// cudaStreamTailLaunch, which CUDA's headers define for nvcc only (clang
/// checks these headers too: runtime/CMakeLists.txt).
__device__ inline cudaStream_t tailGatherStream() {
#ifdef cudaStreamTailLaunch
  return cudaStreamTailLaunch;
#else
  return reinterpret_cast<cudaStream_t>(static_cast<unsigned long long>(3));
#endif
}

/// What one launch's body reaches: [Address, Address + Bytes), and whether
/// it may write there.
struct TailAccess {
  unsigned long long Address;
  unsigned long long Bytes;
  bool Write;
};

constexpr unsigned TailGatherWritten = 1u << 31;
constexpr unsigned TailGatherShared = 1u << 30; // two records touch the word
constexpr unsigned TailGatherOwner = TailGatherShared - 1u;

/// Notes that record \p Record touches the 4-byte word \p Word (writes it
/// where \p Write); false when the table has no room.
__device__ inline bool tailGatherMark(unsigned long long *Keys, unsigned *State,
                                      unsigned long long Size, unsigned long long Word,
                                      unsigned Record, bool Write) {
  const unsigned long long Key = Word + 1, Mask = Size - 1;
  unsigned long long I = ((Word * 0x9E3779B97F4A7C15ull) >> 32) & Mask;
  for (unsigned long long Probe = 0; Probe < Size; ++Probe, I = (I + 1) & Mask) {
    const unsigned long long Seen = atomicCAS(&Keys[I], 0ull, Key);
    if (Seen != 0ull && Seen != Key)
      continue;
    const unsigned Mine = Record + 1u, Bit = Write ? TailGatherWritten : 0u;
    const unsigned Old = atomicCAS(&State[I], 0u, Mine | Bit);
    if (Old != 0u) {
      const unsigned Add = Bit | ((Old & TailGatherOwner) != Mine ? TailGatherShared : 0u);
      if (Add)
        atomicOr(&State[I], Add);
    }
    return true;
  }
  return false;
}

/// The check and run of one gathered launch's records, in phases that the
/// drain tail-launches one after another (each starts when the one before
/// has finished): clear the table, mark each record's words, look for a
/// word that two records touch and one writes, run the records (all at once
/// where none is found), free. The table follows this header in memory.
struct TailGatherJob {
  void *Records;
  unsigned Count;
  unsigned Failed;   // a phase's launch failed: the drain ran the records
  unsigned Conflict; // two records touch a word where one writes
  unsigned long long Size;
  unsigned long long *Keys;
  unsigned *State;
};

__device__ inline unsigned long long tailGatherStride() {
  return static_cast<unsigned long long>(gridDim.x) * blockDim.x;
}
__device__ inline unsigned long long tailGatherIndex() {
  return static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x;
}

__global__ void tailGatherClear(TailGatherJob *Job) {
  if (Job->Failed)
    return;
  for (unsigned long long I = tailGatherIndex(); I < Job->Size; I += tailGatherStride()) {
    Job->Keys[I] = 0;
    Job->State[I] = 0;
  }
}

template <class Rec> __global__ void tailGatherMarkAll(TailGatherJob *Job) {
  if (Job->Failed)
    return;
  const Rec *Records = static_cast<const Rec *>(Job->Records);
  for (unsigned long long R = tailGatherIndex(); R < Job->Count; R += tailGatherStride()) {
    if (*static_cast<volatile unsigned *>(&Job->Conflict))
      return;
    TailAccess A[Rec::__dpopt_access_count + 1];
    Records[R].__dpopt_accesses(A);
    for (int K = 0; K < Rec::__dpopt_access_count; ++K) {
      if (A[K].Bytes == 0)
        continue;
      for (unsigned long long W = A[K].Address >> 2, Last = (A[K].Address + A[K].Bytes - 1) >> 2;
           W <= Last; ++W)
        if (!tailGatherMark(Job->Keys, Job->State, Job->Size, W, static_cast<unsigned>(R),
                            A[K].Write)) {
          atomicExch(&Job->Conflict, 1u); // no room: one after another
          return;
        }
    }
  }
}

__global__ void tailGatherScan(TailGatherJob *Job) {
  if (Job->Failed || Job->Conflict)
    return;
  for (unsigned long long I = tailGatherIndex(); I < Job->Size; I += tailGatherStride()) {
    const unsigned S = Job->State[I];
    if ((S & TailGatherShared) && (S & TailGatherWritten)) {
      atomicExch(&Job->Conflict, 1u);
      return;
    }
  }
}

template <class Rec> __global__ void tailGatherRunAll(TailGatherJob *Job) {
  if (Job->Failed)
    return;
  Rec *Records = static_cast<Rec *>(Job->Records);
  if (!Job->Conflict) {
    for (unsigned long long R = tailGatherIndex(); R < Job->Count; R += tailGatherStride())
      Records[R].__dpopt_run();
  } else if (tailGatherIndex() == 0) {
    for (unsigned R = 0; R < Job->Count; ++R)
      Records[R].__dpopt_run();
  }
}

__global__ void tailGatherFinish(TailGatherJob *Job) {
  if (!Job->Failed)
    free(Job->Records);
  free(Job);
}

/// For up to this many records the drain checks and runs them in one block
/// of 1,024 threads (one tail launch); above, in TailGatherJob's phases
/// (five tail launches of about 10 us each, each phase across the GPU).
#ifndef DPOPT_TAIL_GATHER_ONE_BLOCK
#define DPOPT_TAIL_GATHER_ONE_BLOCK 4096u
#endif

/// True when no two of the \p Count records touch one 4-byte word where
/// either writes, checked by the calling block (every thread calls it);
/// false too when the heap has no room for the table.
template <class Rec> __device__ bool tailGatherIndependent(const Rec *Records, unsigned Count) {
  __shared__ unsigned long long *Keys;
  __shared__ unsigned long long Size;
  if (threadIdx.x == 0) {
    Size = 64;
    while (Size < static_cast<unsigned long long>(Count) * Rec::__dpopt_access_words)
      Size *= 2;
    Keys = static_cast<unsigned long long *>(
        malloc(Size * (sizeof(unsigned long long) + sizeof(unsigned))));
  }
  __syncthreads();
  if (!Keys)
    return false;
  unsigned *State = reinterpret_cast<unsigned *>(Keys + Size);
  for (unsigned long long I = threadIdx.x; I < Size; I += blockDim.x) {
    Keys[I] = 0;
    State[I] = 0;
  }
  __syncthreads();
  bool Conflict = false;
  for (unsigned R = threadIdx.x; R < Count && !Conflict; R += blockDim.x) {
    TailAccess A[Rec::__dpopt_access_count + 1];
    Records[R].__dpopt_accesses(A);
    for (int K = 0; K < Rec::__dpopt_access_count && !Conflict; ++K) {
      if (A[K].Bytes == 0)
        continue;
      for (unsigned long long W = A[K].Address >> 2, Last = (A[K].Address + A[K].Bytes - 1) >> 2;
           W <= Last && !Conflict; ++W)
        Conflict = !tailGatherMark(Keys, State, Size, W, R, A[K].Write);
    }
  }
  Conflict = __syncthreads_or(Conflict);
  for (unsigned long long I = threadIdx.x; I < Size && !Conflict; I += blockDim.x)
    Conflict = (State[I] & TailGatherShared) && (State[I] & TailGatherWritten);
  Conflict = __syncthreads_or(Conflict);
  if (threadIdx.x == 0)
    free(Keys);
  return !Conflict;
}

/// Blocks of 256 threads for \p Work items (grid-stride beyond 4,096).
__device__ inline unsigned tailGatherBlocks(unsigned long long Work) {
  const unsigned long long B = (Work + 255) / 256;
  return static_cast<unsigned>(B < 1 ? 1 : B > 4096 ? 4096 : B);
}

/// Queues the phases of TailGatherJob for the \p Count records at \p Records
/// behind the calling drain. False: nothing queued or the records must run
/// one after another in the caller (which then frees them).
template <class Rec> __device__ bool tailGatherCheckAndRun(Rec *Records, unsigned Count) {
  if (Count < 2 || Count >= TailGatherOwner)
    return false;
  unsigned long long Size = 64;
  while (Size < static_cast<unsigned long long>(Count) * Rec::__dpopt_access_words)
    Size *= 2;
  const unsigned long long Header = (sizeof(TailGatherJob) + 15) / 16 * 16;
  char *Memory = static_cast<char *>(
      malloc(Header + Size * (sizeof(unsigned long long) + sizeof(unsigned))));
  if (!Memory)
    return false;
  TailGatherJob *Job = reinterpret_cast<TailGatherJob *>(Memory);
  Job->Records = Records;
  Job->Count = Count;
  Job->Failed = 0;
  Job->Conflict = 0;
  Job->Size = Size;
  Job->Keys = reinterpret_cast<unsigned long long *>(Memory + Header);
  Job->State = reinterpret_cast<unsigned *>(Job->Keys + Size);
  const cudaStream_t Tail = tailGatherStream();
  tailGatherClear<<<tailGatherBlocks(Size), 256, 0, Tail>>>(Job);
  if (cudaGetLastError() != cudaSuccess) {
    free(Memory); // nothing queued
    return false;
  }
  tailGatherMarkAll<Rec><<<tailGatherBlocks(Count), 256, 0, Tail>>>(Job);
  tailGatherScan<<<tailGatherBlocks(Size), 256, 0, Tail>>>(Job);
  tailGatherRunAll<Rec><<<tailGatherBlocks(Count), 256, 0, Tail>>>(Job);
  tailGatherFinish<<<1, 1, 0, Tail>>>(Job);
  if (cudaGetLastError() != cudaSuccess) {
    // Some phases are queued: they see Failed and do nothing; the job's
    // memory stays (a queued finish frees it, else it is lost).
    Job->Failed = 1;
    return false;
  }
  return true;
}

/// The gathered tail launch: runs after the grid that gathered into \p Slot
/// and everything that grid launched, so every record is written. Frees the
/// slot, then runs each record's kernel body: all at once when their
/// addresses show them independent (TailGatherJob), else one after another
/// in the order the blocks took them, as the tail stream would have.
template <class Rec>
__global__ void __launch_bounds__(1024) tailGatherDrain(TailGatherSlot *Slot) {
  void *Records = Slot->Records;
  const unsigned Count = Slot->Count;
  __syncthreads(); // every thread has read the slot
  if (threadIdx.x == 0) {
    Slot->Records = nullptr;
    Slot->Count = 0;
    __threadfence();
    atomicExch(&Slot->Grid, 0ull);
  }
  if (!Records || Records == tailGatherFailed())
    return;
  Rec *R = static_cast<Rec *>(Records);
  if constexpr (Rec::__dpopt_access_count >= 0) {
    if (Count > DPOPT_TAIL_GATHER_ONE_BLOCK) {
      if (threadIdx.x == 0 && !tailGatherCheckAndRun(R, Count)) {
        for (unsigned I = 0; I < Count; ++I)
          R[I].__dpopt_run();
        free(R);
      }
      return;
    }
    if (tailGatherIndependent(R, Count)) {
      for (unsigned I = threadIdx.x; I < Count; I += blockDim.x)
        R[I].__dpopt_run();
      __syncthreads();
      if (threadIdx.x == 0)
        free(R);
      return;
    }
  }
  if (threadIdx.x == 0) {
    for (unsigned I = 0; I < Count; ++I)
      R[I].__dpopt_run();
    free(R);
  }
}

/// Where the calling block puts the arguments of its tail launch, which then
/// runs as part of the grid's gathered one; null: the block makes its tail
/// launch as written. One thread of a block calls it, once at most.
template <class Rec> __device__ Rec *tailGatherRecord() {
  const unsigned long long Grid = gridId() + 1;
  const unsigned long long Blocks = gridBlocks(gridDim);
  const unsigned Start =
      static_cast<unsigned>((Grid * 0x9E3779B97F4A7C15ull) >> 40) % DPOPT_TAIL_GATHER_SLOTS;
  // A few slots from the key's: a grid's blocks look at them in the same
  // order, and a slot is freed only by its grid's drain, after the grid.
  constexpr unsigned Ways = 16;
  for (unsigned K = 0; K < Ways; ++K) {
    TailGatherSlot &S = TailGatherTable[(Start + K) % DPOPT_TAIL_GATHER_SLOTS];
    // Most blocks find their grid's slot taken: a read, not an atomic, on
    // the line every block of the grid reads.
    unsigned long long Owner = *static_cast<volatile unsigned long long *>(&S.Grid);
    if (Owner == 0ull)
      Owner = atomicCAS(&S.Grid, 0ull, Grid);
    if (Owner == 0ull) {
      // The grid's first block: the buffer, then the one tail launch.
      void *Buffer = Blocks <= 0xffffffffull ? malloc(Blocks * sizeof(Rec)) : nullptr;
      // Known addresses: a block to check and run them at once.
      tailGatherDrain<Rec><<<1, Rec::__dpopt_access_count >= 0 ? 1024u : 1u, 0,
                             tailGatherStream()>>>(&S);
      if (cudaGetLastError() != cudaSuccess) {
        // No drain will free the slot: it stays taken by this grid's id,
        // which no later grid has.
        free(Buffer);
        Buffer = nullptr;
      }
      __threadfence();
      atomicExch(reinterpret_cast<unsigned long long *>(&S.Records),
                 reinterpret_cast<unsigned long long>(Buffer ? Buffer : tailGatherFailed()));
      if (!Buffer)
        return nullptr;
      return static_cast<Rec *>(Buffer) + atomicAdd(&S.Count, 1u);
    }
    if (Owner != Grid)
      continue; // another grid's
    // The slot's buffer was reset before the slot was freed: read it only
    // after the owner, so as not to see the last grid's.
    __threadfence();
    const long long Since = clock64();
    void *Records;
    while (!(Records = *static_cast<void *volatile *>(&S.Records)))
      if (clock64() - Since > DPOPT_TAIL_GATHER_WAIT_CYCLES)
        return nullptr;
    // No fence: the record is written through the pointer read, and read
    // by the drain after the grid.
    if (Records == tailGatherFailed())
      return nullptr;
    return static_cast<Rec *>(Records) + atomicAdd(&S.Count, 1u);
  }
  return nullptr;
}

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_TAIL_GATHER_CUH
