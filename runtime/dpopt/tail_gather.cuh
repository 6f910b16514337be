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

__device__ inline unsigned long long tailGatherGridId() {
  unsigned long long Id;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(Id));
  return Id;
}

/// The gathered tail launch: runs after the grid that gathered into \p Slot
/// and everything that grid launched, so every record is written. Runs each
/// record's kernel body in the order the blocks took them, then frees the
/// buffer and the slot.
template <class Rec> __global__ void tailGatherDrain(TailGatherSlot *Slot) {
  void *Records = Slot->Records;
  if (Records && Records != tailGatherFailed()) {
    Rec *R = static_cast<Rec *>(Records);
    for (unsigned I = 0, N = Slot->Count; I < N; ++I)
      R[I].__dpopt_run();
    free(R);
  }
  Slot->Records = nullptr;
  Slot->Count = 0;
  __threadfence();
  atomicExch(&Slot->Grid, 0ull);
}

/// Where the calling block puts the arguments of its tail launch, which then
/// runs as part of the grid's gathered one; null: the block makes its tail
/// launch as written. One thread of a block calls it, once at most.
template <class Rec> __device__ Rec *tailGatherRecord() {
  const unsigned long long Grid = tailGatherGridId() + 1;
  const unsigned long long Blocks =
      static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z;
  const unsigned Start =
      static_cast<unsigned>((Grid * 0x9E3779B97F4A7C15ull) >> 40) % DPOPT_TAIL_GATHER_SLOTS;
  // A few slots from the key's: a grid's blocks look at them in the same
  // order, and a slot is freed only by its grid's drain, after the grid.
  constexpr unsigned Ways = 16;
  for (unsigned K = 0; K < Ways; ++K) {
    TailGatherSlot &S = TailGatherTable[(Start + K) % DPOPT_TAIL_GATHER_SLOTS];
    const unsigned long long Owner = atomicCAS(&S.Grid, 0ull, Grid);
    if (Owner == 0ull) {
      // The grid's first block: the buffer, then the one tail launch.
      void *Buffer = Blocks <= 0xffffffffull ? malloc(Blocks * sizeof(Rec)) : nullptr;
      tailGatherDrain<Rec><<<1, 1, 0, tailGatherStream()>>>(&S);
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
    const long long Since = clock64();
    void *Records;
    while (!(Records = *static_cast<void *volatile *>(&S.Records)))
      if (clock64() - Since > DPOPT_TAIL_GATHER_WAIT_CYCLES)
        return nullptr;
    __threadfence();
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
