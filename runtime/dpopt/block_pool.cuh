//===- block_pool.cuh - Device memory that blocks take and give back ------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The continuation pass keeps a suspended block's state in device memory
// that one thread of the block takes when the block suspends and gives back
// when the block finishes. A recursive kernel suspends every block of every
// level, and the device heap's malloc/free is slow there: the nested
// reduction (benchmarks/nr/cdp1.cu, quick data, H200) took 354 ms with
// malloc and free and 50.5 ms with a bump allocator, against 23.4 ms for its
// hand port.
//
// poolTake/poolGive keep freed pieces in per-size lists (powers of two from
// 256 bytes to 64 MiB; larger pieces go to malloc/free directly) and carve
// new ones of up to 512 KiB from 2 MiB chunks taken from the device heap
// (larger ones, and any when no chunk is left, come from malloc alone and
// are kept in the lists all the same). Each list and the
// carving are guarded by a spin lock: only one thread per block takes or
// gives, so the locks see a block's rate of suspensions, and on Volta and
// later a spinning thread cannot stop the holder (independent thread
// scheduling). Pieces are never returned to the heap: the pool keeps what
// the program's busiest moment needed. The pool is 'static': each
// translation unit has its own.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_BLOCK_POOL_CUH
#define DPOPT_BLOCK_POOL_CUH

// User macros named like anything below (-DN=4) do not reach it.
#include "detail/macros_hide.cuh"

#include <cuda_runtime.h>

namespace dpopt {
namespace rt {

constexpr unsigned PoolMinShift = 8;   // 256 bytes
constexpr unsigned PoolMaxShift = 26;  // 64 MiB
constexpr unsigned PoolClasses = PoolMaxShift - PoolMinShift + 1;
constexpr unsigned long long PoolChunkBytes = 2ull << 20;
/// PoolPiece::Class of a piece from malloc.
constexpr unsigned PoolFromHeap = 0xffffffffu;

/// The header of every piece; the caller's memory follows it.
// Fields are volatile: a piece's header and a list's head are written on
// one SM and read on another, where L1 could hold an older line.
struct __align__(16) PoolPiece {
  PoolPiece *volatile Next; // in its free list
  volatile unsigned Class;
};

struct BlockPool {
  PoolPiece *volatile Free[PoolClasses];
  int ListLock[PoolClasses];
  unsigned char *volatile Chunk; // carving: the current chunk, its use
  volatile unsigned long long ChunkUsed;
  int CarveLock;
};

static __device__ BlockPool TheBlockPool;

__device__ inline void poolLock(int *Lock) {
  while (atomicCAS(Lock, 0, 1) != 0)
    __nanosleep(32);
  __threadfence();
}

__device__ inline void poolUnlock(int *Lock) {
  __threadfence();
  atomicExch(Lock, 0);
}

/// A new piece of 2^Shift bytes: from the current chunk, or for a piece of
/// over a quarter chunk, or when the heap has no chunk left (its default
/// is 8 MiB), from malloc alone; null when the heap has nothing left.
__device__ inline PoolPiece *poolCarve(unsigned Shift) {
  BlockPool &P = TheBlockPool;
  const unsigned long long Bytes = 1ull << Shift;
  if (Bytes > PoolChunkBytes / 4)
    return static_cast<PoolPiece *>(malloc(Bytes));
  poolLock(&P.CarveLock);
  if (!P.Chunk || P.ChunkUsed + Bytes > PoolChunkBytes) {
    P.Chunk = static_cast<unsigned char *>(malloc(PoolChunkBytes));
    P.ChunkUsed = 0;
  }
  PoolPiece *Piece = nullptr;
  if (P.Chunk) {
    Piece = reinterpret_cast<PoolPiece *>(P.Chunk + P.ChunkUsed);
    P.ChunkUsed += Bytes;
  }
  poolUnlock(&P.CarveLock);
  return Piece ? Piece : static_cast<PoolPiece *>(malloc(Bytes));
}

/// \p Bytes of device memory (16-byte aligned), or null when there is none.
__device__ inline void *poolTake(unsigned long long Bytes) {
  const unsigned long long Need = Bytes + sizeof(PoolPiece);
  unsigned Shift = PoolMinShift;
  while (Shift <= PoolMaxShift && (1ull << Shift) < Need)
    ++Shift;
  PoolPiece *Piece;
  if (Shift > PoolMaxShift) {
    Piece = static_cast<PoolPiece *>(malloc(Need));
    if (!Piece)
      return nullptr;
    Piece->Class = PoolFromHeap;
    return Piece + 1;
  }
  BlockPool &P = TheBlockPool;
  const unsigned C = Shift - PoolMinShift;
  poolLock(&P.ListLock[C]);
  Piece = P.Free[C];
  if (Piece)
    P.Free[C] = Piece->Next;
  poolUnlock(&P.ListLock[C]);
  if (!Piece && !(Piece = poolCarve(Shift)))
    return nullptr;
  Piece->Class = C;
  return Piece + 1;
}

/// Gives back memory from poolTake.
__device__ inline void poolGive(void *Memory) {
  PoolPiece *Piece = static_cast<PoolPiece *>(Memory) - 1;
  if (Piece->Class == PoolFromHeap) {
    free(Piece);
    return;
  }
  BlockPool &P = TheBlockPool;
  const unsigned C = Piece->Class;
  poolLock(&P.ListLock[C]);
  Piece->Next = P.Free[C];
  P.Free[C] = Piece;
  poolUnlock(&P.ListLock[C]);
}

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_BLOCK_POOL_CUH
