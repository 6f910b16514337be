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
// (larger ones come from malloc alone and are kept in the lists all the
// same). Pieces are never returned to the heap: the pool keeps what the
// program's busiest moment needed. The pool is 'static': each translation
// unit has its own.
//
// poolTake never waits for another thread and never retries: it is called
// where the suspending thread's warp-mates may be inside a device-side
// launch, and there a thread that waits for another one can hang the
// program. On an H200 (CUDA 13.0, 2026-11-29) a spin lock here hung the
// differential tester's seed 6004 program in 5 of 5 runs and a bump
// allocator with no loop finished in 10 of 10 with the original's output;
// test/gpu/probes/divergent_runtime.cu shows the same with plain CUDA
// (docs/cdp2-semantics.md, "A continued kernel with launches after the
// wait"). So it makes one attempt at the list's first piece, one at
// carving, and otherwise takes the piece from malloc. Not even a bounded
// retry: up to 8 lock-free attempts per step (each failing only when
// another thread's change went in) hung the same program under all five
// --waits configurations of the tester, where single attempts passed
// (2026-11-29). poolGive, called by
// a block's last thread when every other thread of the block has left,
// retries until the piece is in its list (lock-free: a retry means another
// thread's change went in); poolTryGive makes one attempt.
//
// A list head and the carving state are single 64-bit words changed with
// atomicCAS: an address (16-byte aligned, below 2^48) and a count (of the
// list's changes, against ABA, or of the chunk's 256-byte units used).
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
/// PoolPiece::Class of a piece that goes back to free().
constexpr unsigned PoolFromHeap = 0xffffffffu;
/// A packed word: the address divided by 16 in its low PoolAddressBits.
constexpr unsigned PoolAddressShift = 4;
constexpr unsigned PoolAddressBits = 48 - PoolAddressShift;
constexpr unsigned long long PoolAddressMask = (1ull << PoolAddressBits) - 1;
/// Chunks are carved in units of 256 bytes (the smallest piece).
constexpr unsigned PoolUnitShift = PoolMinShift;

/// The header of every piece; the caller's memory follows it.
// Fields are volatile: a piece's header is written on one SM and read on
// another, where L1 could hold an older line.
struct __align__(16) PoolPiece {
  PoolPiece *volatile Next; // in its free list
  volatile unsigned Class;
};

struct BlockPool {
  unsigned long long Free[PoolClasses]; // per size: poolPack(first piece, changes)
  unsigned long long Carve;             // poolPack(current chunk, units used)
};

static __device__ BlockPool TheBlockPool;

__device__ inline bool poolPackable(const void *Address) {
  const unsigned long long A = reinterpret_cast<unsigned long long>(Address);
  return (A & ((1ull << PoolAddressShift) - 1)) == 0 && (A >> 48) == 0;
}
__device__ inline unsigned long long poolPack(const void *Address, unsigned long long Count) {
  return (Count << PoolAddressBits) |
         (reinterpret_cast<unsigned long long>(Address) >> PoolAddressShift);
}
__device__ inline unsigned char *poolAddress(unsigned long long Word) {
  return reinterpret_cast<unsigned char *>((Word & PoolAddressMask) << PoolAddressShift);
}
__device__ inline unsigned long long poolCount(unsigned long long Word) {
  return Word >> PoolAddressBits;
}
__device__ inline unsigned long long poolLoad(const unsigned long long *Word) {
  return *static_cast<const volatile unsigned long long *>(Word);
}

/// One attempt at the first piece of the list at \p Head: null when the
/// list is empty or another thread changed it meanwhile. (A piece's Next
/// may be read after another thread took the piece: the memory stays the
/// pool's, and the count makes the exchange fail.)
__device__ inline PoolPiece *poolTryPop(unsigned long long *Head) {
  const unsigned long long Old = poolLoad(Head);
  PoolPiece *Piece = reinterpret_cast<PoolPiece *>(poolAddress(Old));
  if (!Piece)
    return nullptr;
  PoolPiece *Next = Piece->Next;
  if (atomicCAS(Head, Old, poolPack(Next, poolCount(Old) + 1)) != Old)
    return nullptr;
  __threadfence();
  return Piece;
}

/// One attempt to put \p Piece first in the list at \p Head.
__device__ inline bool poolTryPush(unsigned long long *Head, PoolPiece *Piece) {
  const unsigned long long Old = poolLoad(Head);
  Piece->Next = reinterpret_cast<PoolPiece *>(poolAddress(Old));
  __threadfence();
  return atomicCAS(Head, Old, poolPack(Piece, poolCount(Old) + 1)) == Old;
}

/// A new piece of 2^Shift bytes: one attempt to carve it from the current
/// chunk, or, when the chunk has no room left, one attempt to put a new
/// chunk from malloc in its place with the piece at its start; otherwise
/// (another thread carved or replaced the chunk meanwhile, or a piece of
/// over a quarter chunk) from malloc alone. Null when the heap has nothing.
__device__ inline PoolPiece *poolCarve(unsigned Shift) {
  BlockPool &P = TheBlockPool;
  const unsigned long long Bytes = 1ull << Shift;
  if (Bytes > PoolChunkBytes / 4)
    return static_cast<PoolPiece *>(malloc(Bytes));
  const unsigned long long Units = Bytes >> PoolUnitShift;
  const unsigned long long Old = poolLoad(&P.Carve);
  unsigned char *Chunk = poolAddress(Old);
  const unsigned long long Used = poolCount(Old);
  if (Chunk && ((Used + Units) << PoolUnitShift) <= PoolChunkBytes) {
    if (atomicCAS(&P.Carve, Old, poolPack(Chunk, Used + Units)) == Old)
      return reinterpret_cast<PoolPiece *>(Chunk + (Used << PoolUnitShift));
  } else if (unsigned char *Fresh = static_cast<unsigned char *>(malloc(PoolChunkBytes))) {
    if (poolPackable(Fresh) && atomicCAS(&P.Carve, Old, poolPack(Fresh, Units)) == Old)
      return reinterpret_cast<PoolPiece *>(Fresh);
    free(Fresh);
  }
  return static_cast<PoolPiece *>(malloc(Bytes));
}

/// \p Bytes of device memory (16-byte aligned), or null when there is none.
/// Waits for no other thread.
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
  const unsigned C = Shift - PoolMinShift;
  Piece = poolTryPop(&TheBlockPool.Free[C]);
  if (!Piece && !(Piece = poolCarve(Shift)))
    return nullptr;
  Piece->Class = poolPackable(Piece) ? C : PoolFromHeap;
  return Piece + 1;
}

/// One attempt to give back memory from poolTake: false when another thread
/// changed the piece's list meanwhile (the piece is then not reused).
__device__ inline bool poolTryGive(void *Memory) {
  PoolPiece *Piece = static_cast<PoolPiece *>(Memory) - 1;
  if (Piece->Class == PoolFromHeap) {
    free(Piece);
    return true;
  }
  return poolTryPush(&TheBlockPool.Free[Piece->Class], Piece);
}

/// Gives back memory from poolTake, retrying until it is in its list. Only
/// where no warp-mate of the caller can still launch (a block's last thread).
__device__ inline void poolGive(void *Memory) {
  while (!poolTryGive(Memory))
    ;
}

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_BLOCK_POOL_CUH
