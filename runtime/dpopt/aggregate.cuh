//===- dpopt/aggregate.cuh - Device runtime of the aggregate pass ---------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What code rewritten by dpopt's aggregate pass calls (docs/passes/
// aggregate.md). Launches of one site made by the threads of a group (a warp,
// a block, N consecutive blocks, or a whole grid) become one launch of an
// aggregated child whose blocks find their original launch by a search that
// starts from where equal-sized launches would put them (aggFind).
//
//   records   -- each launching thread takes a slot and a range of child
//                blocks with one 64-bit atomic (slot count << 40 | blocks),
//                so the records' block ranges are sorted by slot and need no
//                scan; it writes its arguments and configuration there.
//   groups    -- warp and block groups live in the parent block's shared
//                memory; multi-block and grid groups live in a global table
//                keyed by the parent grid's %gridid, the site and the group
//                index, so every parent grid instance (repeated host
//                launches, several streams, recursion) has its own.
//   finishing -- no barrier at the end of the parent: each thread counts
//                itself out when it leaves the kernel (early returns
//                included), and the last one of the group launches. This is
//                why launches under conditions, in loops and after early
//                returns all work.
//   warps     -- the lanes that record, or count out, together leave
//                together (a lane left behind while a warp-mate launches
//                hangs the warp on CUDA 13: docs/cdp2-semantics.md).
//   pool      -- records live in a fixed device pool; a group takes its
//                chunk when it is set up, and the aggregated
//                child gives it back once all its blocks have read their
//                records. When the pool (or a chunk) is full, the thread
//                launches its own child: no work is lost.
//   waits     -- a record step, and the launch and give-back at a group's
//                end, run where warp-mates may be inside a device-side
//                launch; a lane there that loops on another thread's
//                progress can hang the warp (docs/cdp2-semantics.md). So
//                none of them waits or retries: the group's records are
//                taken when it is set up (in the parent's prologue, or by
//                the thread that launches a clone), and the pool takes and
//                gives with one atomic each.
//
// Sizes (define before including to change): DPOPT_AGG_POOL_BYTES (record
// pool, default 128 MiB), DPOPT_AGG_GROUP_BYTES (records of one group sized
// at run time, default a quarter of the pool), DPOPT_AGG_MIN_GROUP_BLOCKS
// (the smallest such group, default 32 blocks), DPOPT_AGG_TABLE_SLOTS (live
// multi-block and grid groups, default 65536, at least 16384),
// DPOPT_AGG_LOOP_SLOTS (records per thread for a launch in a loop, default
// 4), DPOPT_AGG_LAUNCHER_PROBES (free slots a clone's launcher looks for,
// default 64; 0: clones look their groups up).
//
// The pool and the table are 'static': each translation unit that includes
// this header has its own, which keeps -rdc linking free of duplicate
// symbols and is correct because a group never spans translation units.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_AGGREGATE_CUH
#define DPOPT_AGGREGATE_CUH

// User macros named like anything below (-DN=4) do not reach it.
#include "detail/macros_hide.cuh"

#include "runtime.cuh"

#include <cuda_runtime.h>

#ifndef DPOPT_AGG_POOL_BYTES
#define DPOPT_AGG_POOL_BYTES (128ull << 20)
#endif
#ifndef DPOPT_AGG_TABLE_SLOTS
#define DPOPT_AGG_TABLE_SLOTS 65536u
#endif
// A block waits for a free table slot, and the groups holding the slots
// finish only when their other blocks get to run: the table must outnumber
// the groups that can be live at once (about the resident blocks, 4,224 on
// an H200, plus one or two per running grid). With 64 slots the pattern test
// hung on an H200; anything below this floor is refused.
static_assert(DPOPT_AGG_TABLE_SLOTS >= 16384u,
              "DPOPT_AGG_TABLE_SLOTS must exceed the live multi-block groups");
#ifndef DPOPT_AGG_LOOP_SLOTS
#define DPOPT_AGG_LOOP_SLOTS 4u
#endif
// Free table slots a clone's launcher looks for before it leaves the clone
// to look its grid-wide groups up itself (aggNewGridGroup).
#ifndef DPOPT_AGG_LAUNCHER_PROBES
#define DPOPT_AGG_LAUNCHER_PROBES 64u
#endif
// The record bytes one group may reserve when its size is chosen at run
// time (aggFittingGroupBlocks, the default for a launch that is not
// recursive): a quarter of the pool, so that a few such groups (nested or
// concurrent grids) fit at once.
#ifndef DPOPT_AGG_GROUP_BYTES
#define DPOPT_AGG_GROUP_BYTES (DPOPT_AGG_POOL_BYTES / 4)
#endif
// The fewest blocks such a group has, whatever its records need (the
// default multi-block size before groups were fitted).
#ifndef DPOPT_AGG_MIN_GROUP_BLOCKS
#define DPOPT_AGG_MIN_GROUP_BLOCKS 32ull
#endif

namespace dpopt {
namespace rt {

//===----------------------------------------------------------------------===//
// Indices (always the hardware's: generated code shadows the built-ins
// inside copied bodies, never here).
//===----------------------------------------------------------------------===//

__device__ inline unsigned aggThreadRank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ inline unsigned aggBlockThreads() { return blockDim.x * blockDim.y * blockDim.z; }
__device__ inline unsigned long long aggBlockRank() {
  return blockIdx.x + static_cast<unsigned long long>(gridDim.x) *
                          (blockIdx.y + static_cast<unsigned long long>(gridDim.y) * blockIdx.z);
}
__device__ inline unsigned long long aggGridBlocks() {
  return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z;
}

/// Waits until every lane of the calling thread's warp (those the block has:
/// its last warp may be partial) gets here. Only for code that every thread
/// of the block reaches together, right after a __syncthreads(): the end of
/// a parent's prologue, so that its lanes start the kernel's own code
/// converged rather than in separate waves (docs/cdp2-semantics.md).
__device__ inline void aggConvergeWarp() {
  unsigned First = aggThreadRank() / 32 * 32, Threads = aggBlockThreads();
  unsigned Lanes = Threads - First >= 32 ? 32 : Threads - First;
  syncLanes(Lanes == 32 ? 0xffffffffu : (1u << Lanes) - 1);
}

/// The threads of the calling block that can launch at a site whose
/// launches only threads with one value of the threadIdx components in
/// \p GuardedAxes (x = 1, y = 2, z = 4) make (LaunchingThreads.h): a
/// sizing hint, as a group whose records run out launches the rest itself.
__device__ inline unsigned aggLaunchingThreads(dim3 Block, unsigned GuardedAxes) {
  return (GuardedAxes & 1u ? 1u : Block.x) * (GuardedAxes & 2u ? 1u : Block.y) *
         (GuardedAxes & 4u ? 1u : Block.z);
}
__device__ inline unsigned aggLaunchingThreads(unsigned GuardedAxes) {
  return aggLaunchingThreads(blockDim, GuardedAxes);
}

/// The records a multi-block or grid group of \p Members blocks of \p Block
/// threads holds: \p PerThread per thread that can launch, at most 2^24.
__device__ inline unsigned aggGroupCapacity(unsigned long long Members, dim3 Block,
                                            unsigned PerThread, unsigned GuardedAxes) {
  unsigned long long Cap = Members * aggLaunchingThreads(Block, GuardedAxes) * PerThread;
  return static_cast<unsigned>(Cap < (1u << 24) ? Cap : (1u << 24));
}

/// The blocks of a fitted group (aggFittingGroupBlocks) whose blocks have \p
/// BlockBytes of records each (threads that can launch x records per thread
/// x record size). Generated code calls it with compile-time constants
/// where the parent's block size is known: a constant then costs the parent
/// kernel no registers (computed at run time, it cost tc's parent one, and
/// with it a block per SM).
__host__ __device__ constexpr unsigned long long
aggFittingGroupBlocksFor(unsigned long long BlockBytes) {
  return BlockBytes == 0 || DPOPT_AGG_GROUP_BYTES / BlockBytes < DPOPT_AGG_MIN_GROUP_BLOCKS
             ? DPOPT_AGG_MIN_GROUP_BLOCKS
             : DPOPT_AGG_GROUP_BYTES / BlockBytes;
}

/// Blocks per group for a multi-block site whose group size is chosen at
/// run time: the whole grid when its records (\p BytesPerThread per thread
/// that can launch) fit in DPOPT_AGG_GROUP_BYTES, else as many blocks as
/// fit, but at least DPOPT_AGG_MIN_GROUP_BLOCKS (the pool then takes what
/// it can; a thread that finds no room launches alone). One launch per grid
/// saves the launches of many small groups; the cap keeps a huge grid from
/// asking the pool for more than it has, which would send every launch
/// alone. It depends only on the grid's block size, so every block of the
/// grid, in its prologue and its epilogue, gets the same answer.
__device__ inline unsigned long long aggFittingGroupBlocks(unsigned long long BytesPerThread,
                                                           unsigned GuardedAxes = 0) {
  return aggFittingGroupBlocksFor(aggLaunchingThreads(GuardedAxes) * BytesPerThread);
}

/// The (x, y, z) index of linear index \p I in a grid or block of \p D.
__device__ inline uint3 aggDelinearize(unsigned I, dim3 D) {
  return make_uint3(I % D.x, (I / D.x) % D.y, I / (D.x * D.y));
}

//===----------------------------------------------------------------------===//
// The record pool: a bump allocator that starts over whenever nothing is
// live. One 64-bit word holds (bytes handed out << 24 | live chunks), so
// taking, giving back and starting over are each one atomic step.
//===----------------------------------------------------------------------===//

static __device__ __align__(16) unsigned char AggPool[DPOPT_AGG_POOL_BYTES];
static __device__ unsigned long long AggPoolState;

constexpr unsigned long long AggLiveBits = 24;
constexpr unsigned long long AggLiveMask = (1ull << AggLiveBits) - 1;

/// Gives back one chunk (or the live count of a take that failed); the last
/// one out starts the pool over, unless another thread took a chunk since.
/// One atomic and at most one exchange, no loop: a give runs where
/// warp-mates may be inside a device-side launch (see 'waits' above).
__device__ inline void aggPoolGive() {
  // Live >= 1 here (a give follows its take): no borrow from the bytes.
  const unsigned long long Old = atomicAdd(&AggPoolState, ~0ull);
  if ((Old & AggLiveMask) == 1)
    atomicCAS(&AggPoolState, Old - 1, 0ull);
}

/// A chunk of \p Bytes (a multiple of 16), or null when the pool has no
/// room. One atomic, no loop (see aggPoolGive). A take that finds the pool
/// full after its atomic gives its live count back; its bytes stay counted
/// until the pool starts over.
__device__ inline void *aggPoolTake(unsigned long long Bytes) {
  static_assert(DPOPT_AGG_POOL_BYTES < (1ull << 40), "pool offsets need 40 bits");
  const unsigned long long Seen = *reinterpret_cast<volatile unsigned long long *>(&AggPoolState);
  if ((Seen >> AggLiveBits) + Bytes > DPOPT_AGG_POOL_BYTES || (Seen & AggLiveMask) >= AggLiveMask / 2)
    return nullptr;
  const unsigned long long Old = atomicAdd(&AggPoolState, (Bytes << AggLiveBits) | 1ull);
  const unsigned long long Used = Old >> AggLiveBits;
  if (Used + Bytes <= DPOPT_AGG_POOL_BYTES)
    return AggPool + Used;
  aggPoolGive();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Groups and records.
//===----------------------------------------------------------------------===//

/// Chunk states besides a pointer.
constexpr unsigned long long AggChunkNone = 0, AggChunkFailed = 2;
/// Slot count and child-block total share one word: 24 and 40 bits.
constexpr unsigned AggBlockBits = 40;
constexpr unsigned long long AggBlockMask = (1ull << AggBlockBits) - 1;
/// Children larger than this are launched directly: they are big enough on
/// their own, and the cap keeps the 40-bit block total from overflowing.
constexpr unsigned AggMaxChildBlocks = 1u << 16;
/// The most blocks one aggregated launch may have (gridDim.x's limit).
constexpr unsigned long long AggMaxGridBlocks = 0x7fffffffull;
/// 'End' of a record whose thread launched directly.
constexpr unsigned AggNoRecord = 0xffffffffu;

/// One aggregation group's state. All zero is the empty state.
struct AggGroup {
  unsigned long long Packed; // slots taken << 40 | child blocks taken
  unsigned long long Chunk;  // AggChunk* state or the records' address
  unsigned MaxThreads, MaxShmem;
  unsigned Capacity; // records the chunk will hold
  unsigned Done;     // threads (warp, block) or blocks (multi-block) done
};

/// Precedes the records of a chunk; the aggregated child's blocks count
/// themselves out here.
struct AggChunkHeader {
  unsigned BlocksDone;
  unsigned Records;
  unsigned long long Blocks;
};

/// Every record starts with this; the generated record type adds the
/// child's parameters.
struct AggConfig {
  dim3 __grid, __block;
  unsigned __shmem;
  unsigned __end; // exclusive end of its blocks in the aggregated grid
};

/// Sets up \p G with room for \p Capacity records of \p RecordBytes each,
/// taken from the pool here (AggChunkFailed when it has no room, or for a
/// group of no capacity).
__device__ inline void aggInitGroup(AggGroup &G, unsigned long long RecordBytes,
                                    unsigned Capacity) {
  G.Packed = 0;
  void *Chunk = nullptr;
  if (Capacity != 0)
    Chunk = aggPoolTake(sizeof(AggChunkHeader) +
                        (static_cast<unsigned long long>(Capacity) * RecordBytes + 15) / 16 * 16);
  G.Chunk = Chunk ? reinterpret_cast<unsigned long long>(Chunk) : AggChunkFailed;
  G.MaxThreads = 0;
  G.MaxShmem = 0;
  G.Capacity = Capacity;
  G.Done = 0;
}

/// The capacity of \p G. A multi-block group lives in global memory and was
/// set up by another block: read it past the (incoherent) L1 cache, which
/// may still hold the slot's previous group.
__device__ inline unsigned aggCapacity(const AggGroup &G) {
  return static_cast<const volatile AggGroup &>(G).Capacity;
}

/// The largest block and dynamic shared memory recorded in \p G, for its
/// launch (read past L1 as aggCapacity is).
__device__ inline unsigned aggMaxThreads(const AggGroup &G) {
  return static_cast<const volatile AggGroup &>(G).MaxThreads;
}
__device__ inline unsigned aggMaxShmem(const AggGroup &G) {
  return static_cast<const volatile AggGroup &>(G).MaxShmem;
}

/// The records of \p G (taken when it was set up: aggInitGroup); null when
/// the pool had no room for them. Read past L1 as aggCapacity is.
template <class Rec> __device__ Rec *aggRecords(AggGroup &G) {
  const unsigned long long C = static_cast<const volatile AggGroup &>(G).Chunk;
  if (C == AggChunkNone || C == AggChunkFailed)
    return nullptr;
  return reinterpret_cast<Rec *>(reinterpret_cast<AggChunkHeader *>(C) + 1);
}

/// What a record counts in its group's running total (the 40 low bits of
/// AggGroup::Packed, and the records' __end): its launch's blocks, when
/// each aggregated block runs one original block, or its threads that do
/// anything (aggUsefulThreads), when a packed clone's threads each run one
/// original thread.
constexpr unsigned long long AggCountBlocks = ~0ull;

/// The records of \p G when record \p R can join it, with \p Units, what
/// it counts in the group's running total; null when the thread must launch
/// its child itself: a launch the GPU would reject (launchable(), with the
/// child's \p MaxThreads; launched as written it fails and sets the
/// thread's error as it did, and it cannot make the group's aggregated
/// launch fail for every record), a child too large to join, a group of no
/// capacity, or a pool with no room for the group's records (taken here by
/// the group's first thread).
/// \p Threads: AggCountBlocks, or the record's threads for a packed clone
/// (0 when none of them does anything: the record then joins and runs no
/// block).
template <class Rec>
__device__ Rec *aggRecordJoin(AggGroup &G, const Rec &R, unsigned MaxThreads,
                              unsigned long long Threads, unsigned &Units) {
  Units = 0;
  if (!launchable(R.__grid, R.__block, R.__shmem, MaxThreads))
    return nullptr;
  unsigned long long Blocks = gridBlocks(R.__grid);
  unsigned long long Counted = Threads == AggCountBlocks ? Blocks : Threads;
  // (A packed record's threads have the same cap, which keeps the slot count
  // and the 40-bit total apart.)
  if (Blocks > AggMaxChildBlocks || Counted > AggMaxChildBlocks || aggCapacity(G) == 0)
    return nullptr;
  Units = static_cast<unsigned>(Counted);
  return aggRecords<Rec>(G);
}

/// Writes record \p R into \p Records at the slot and block range that
/// \p Claimed (the group's running total before this record: slot << 40 |
/// start) gives it. False when the slot or the range is past what the group
/// can launch: the thread then launches its child itself.
template <class Rec>
__device__ bool aggRecordAt(AggGroup &G, Rec *Records, const Rec &R, unsigned long long Claimed,
                            unsigned Units) {
  unsigned long long Slot = Claimed >> AggBlockBits, Start = Claimed & AggBlockMask;
  if (Slot >= aggCapacity(G))
    return false;
  Rec &Mine = Records[Slot];
  // A packed total in threads needs no more blocks than threads: the same
  // cap keeps either launch within gridDim.x.
  if (Start + Units > AggMaxGridBlocks) {
    Mine.__end = AggNoRecord;
    return false;
  }
  Mine = R;
  Mine.__end = static_cast<unsigned>(Start + Units);
  // Most records of a group have the same sizes: an atomic only where the
  // maximum grows keeps every record from contending for these two words.
  const unsigned BlockSize = static_cast<unsigned>(blockThreads(R.__block));
  if (aggMaxThreads(G) < BlockSize)
    atomicMax(&G.MaxThreads, BlockSize);
  if (aggMaxShmem(G) < R.__shmem)
    atomicMax(&G.MaxShmem, R.__shmem);
  return true;
}

/// Records one launch of each lane of \p Lanes (the lanes that call it
/// together) in \p G; true for a lane whose launch is recorded, false for
/// one that must launch its child itself (aggRecordJoin, aggRecordAt).
/// The lanes take their slots and block ranges with one atomic on the
/// group's running total, made by the lowest recording lane, in lane order:
/// every record of a group would otherwise contend for that one word
/// (487,000 of them on the widest level of the full pw tree). Lanes that
/// record into different groups (not made by dpopt's code) take theirs one
/// by one.
template <class Rec>
__device__ bool aggRecordLanes(AggGroup &G, const Rec &R, unsigned MaxThreads,
                               unsigned long long Threads, unsigned Lanes) {
  unsigned Units;
  Rec *Records = aggRecordJoin(G, R, MaxThreads, Threads, Units);
  const unsigned Recording = __ballot_sync(Lanes, Records != nullptr);
  if (Recording == 0)
    return false;
  unsigned long long Claimed;
  if (__match_any_sync(Lanes, reinterpret_cast<unsigned long long>(&G)) != Lanes) {
    if (!Records)
      return false;
    Claimed = atomicAdd(&G.Packed, (1ull << AggBlockBits) | Units);
  } else {
    // Lane order: each recording lane's slot is the count of recording
    // lanes below it, its start the sum of their units (at most 32 * 2^16,
    // no carry into the slot count).
    const unsigned Lane = aggThreadRank() % 32, Below = (1u << Lane) - 1u;
    const unsigned Mine = Records ? Units : 0u;
    unsigned Before = 0, Total = 0;
    if (Lanes == 0xffffffffu) { // a whole warp: an inclusive scan
      unsigned Upto = Mine;
      for (unsigned Distance = 1; Distance < 32; Distance *= 2) {
        const unsigned Lower = __shfl_up_sync(Lanes, Upto, Distance);
        Upto += Lane >= Distance ? Lower : 0u;
      }
      Total = __shfl_sync(Lanes, Upto, 31);
      Before = Upto - Mine;
    } else { // lanes with gaps between them: one at a time
      for (unsigned Left = Recording; Left != 0; Left &= Left - 1) {
        const unsigned Source = __ffs(Left) - 1;
        const unsigned U = __shfl_sync(Lanes, Mine, Source);
        Total += U;
        Before += Source < Lane ? U : 0u;
      }
    }
    const unsigned Leader = __ffs(Recording) - 1;
    unsigned long long Base = 0;
    if (Lane == Leader)
      Base = atomicAdd(&G.Packed,
                       (static_cast<unsigned long long>(__popc(Recording)) << AggBlockBits) | Total);
    Base = __shfl_sync(Lanes, Base, Leader);
    if (!Records)
      return false;
    Claimed = Base + (static_cast<unsigned long long>(__popc(Recording & Below)) << AggBlockBits) +
              Before;
  }
  return aggRecordAt(G, Records, R, Claimed, Units);
}

/// Records one launch in \p G (see aggRecordLanes) for the lanes that call
/// it together, which leave together: a lane that runs on while a
/// warp-mate is still in the record step could reach a device-side launch,
/// and CUDA 13's launch then waits for the warp-mate without letting it run
/// (docs/cdp2-semantics.md).
template <class Rec>
__device__ bool aggRecord(AggGroup &G, const Rec &R, unsigned MaxThreads = 1024,
                          unsigned long long Threads = AggCountBlocks) {
  unsigned Lanes = __activemask();
  bool Recorded = aggRecordLanes(G, R, MaxThreads, Threads, Lanes);
  syncLanes(Lanes);
  return Recorded;
}

/// The threads of record \p R's launch that a packed clone runs: those
/// whose index is below \p Bound, the value of the child's parameter that
/// its guard compares the index with, converted to the comparison's type T
/// (IdleThreads.h: the threads at or past it do nothing). The index is the
/// thread's linear rank in the grid when \p AnyDims, else
/// blockIdx.x * blockDim.x + threadIdx.x, which is that rank only in a
/// one-dimensional launch: other launches run all their threads.
template <class Rec, class T>
__device__ unsigned long long aggUsefulThreads(const Rec &R, T Bound, bool AnyDims) {
  unsigned long long Total = gridBlocks(R.__grid) * blockThreads(R.__block);
  if (!AnyDims &&
      (R.__grid.y != 1 || R.__grid.z != 1 || R.__block.y != 1 || R.__block.z != 1))
    return Total;
  if (!(Bound > T(0)))
    return 0;
  unsigned long long B = static_cast<unsigned long long>(Bound);
  return B < Total ? B : Total;
}

/// The blocks of a packed clone's launch: \p Threads in blocks of the
/// group's largest original block.
__device__ inline unsigned aggPackedBlocks(unsigned Threads, const AggGroup &G) {
  unsigned Size = aggMaxThreads(G);
  return (Threads + Size - 1) / Size;
}

/// Counts the lanes \p Lanes (the calling lanes, which run together) out on
/// \p Done with one atomic of their lowest lane, which it returns true for
/// when that made \p Done reach \p Total. One atomic per warp instead of one
/// per thread: a count-out's 32 same-address atomics serialize, and every
/// block of a parent grid pays for them whether or not it launched. Each
/// lane fences its records first; the warp barrier orders them before the
/// lowest lane's atomic (PTX ISA, bar.warp.sync: memory ordering among the
/// participating threads).
__device__ inline bool aggCountOut(unsigned *Done, unsigned Lanes, unsigned long long Total) {
  __threadfence();
  __syncwarp(Lanes);
  if (aggThreadRank() % 32 != static_cast<unsigned>(__ffs(Lanes) - 1))
    return false;
  const unsigned N = __popc(Lanes);
  return atomicAdd(Done, N) + static_cast<unsigned long long>(N) == Total;
}

/// Counts the calling thread out of a warp or block group of \p Members
/// threads; true for the last one, which then launches. The fence makes the
/// thread's records visible to that one and to the child grid.
__device__ inline bool aggArrive(AggGroup &G, unsigned Members) {
  unsigned M = __activemask();
  bool Last = aggCountOut(&G.Done, M, Members);
  if (Last)
    __threadfence();
  syncLanes(M); // as in aggRecord: the last lane may launch next
  return Last;
}

/// For the group's last thread: the records to launch (null when none),
/// their count and their child blocks. Records are a prefix of the slots:
/// those after the first that did not fit were launched directly.
template <class Rec>
__device__ Rec *aggTake(AggGroup &G, unsigned &Count, unsigned &Blocks) {
  Count = 0;
  Blocks = 0;
  volatile AggGroup &V = G;
  unsigned long long C = V.Chunk;
  if (C == AggChunkNone || C == AggChunkFailed)
    return nullptr;
  AggChunkHeader *H = reinterpret_cast<AggChunkHeader *>(C);
  Rec *Records = reinterpret_cast<Rec *>(H + 1);
  unsigned long long Taken = V.Packed >> AggBlockBits;
  unsigned N = static_cast<unsigned>(Taken < V.Capacity ? Taken : V.Capacity);
  while (N > 0 && static_cast<volatile Rec &>(Records[N - 1]).__end == AggNoRecord)
    --N;
  if (N == 0) {
    aggPoolGive();
    return nullptr;
  }
  H->BlocksDone = 0;
  H->Records = N;
  Blocks = static_cast<volatile Rec &>(Records[N - 1]).__end;
  H->Blocks = Blocks;
  Count = N;
  __threadfence();
  return Records;
}

/// Gives back records that were launched one by one.
__device__ inline void aggGiveBack() { aggPoolGive(); }

//===----------------------------------------------------------------------===//
// The aggregated child's side.
//===----------------------------------------------------------------------===//

/// The record of aggregated block \p Block: the first whose End exceeds it.
/// The ends never fall and the last one is the total, so the search
/// starts where \p Block would be if every record had as many blocks,
/// brackets the answer by doubling steps from there and bisects the
/// bracket: two or three reads when the records are alike (every block of a
/// wide aggregated grid would otherwise make about log2(Count) dependent
/// reads before it starts), at most about twice a plain bisection's
/// otherwise.
template <class Rec>
__host__ __device__ unsigned aggFind(const Rec *Records, unsigned Count, unsigned Block) {
  const unsigned long long Total = Records[Count - 1].__end;
  const unsigned Guess = static_cast<unsigned>(
      static_cast<unsigned long long>(Block) * Count / Total);
  unsigned Lo, Hi; // the answer is in [Lo, Hi] and Records[Hi].__end > Block
  if (Records[Guess].__end <= Block) {
    Lo = Guess + 1;
    Hi = Count - 1;
    for (unsigned long long Step = 1;; Step *= 2) {
      const unsigned Probe = static_cast<unsigned>(
          Guess + Step < Count - 1 ? Guess + Step : Count - 1);
      if (Records[Probe].__end > Block) {
        Hi = Probe;
        break;
      }
      Lo = Probe + 1;
    }
  } else {
    Lo = 0;
    Hi = Guess;
    for (unsigned long long Step = 1; Hi > 0; Step *= 2) {
      const unsigned Probe =
          static_cast<unsigned>(Guess >= Step ? Guess - Step : 0);
      if (Records[Probe].__end <= Block) {
        Lo = Probe + 1;
        break;
      }
      Hi = Probe;
    }
  }
  while (Lo < Hi) {
    const unsigned Mid = Lo + (Hi - Lo) / 2;
    if (Records[Mid].__end <= Block)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  return Lo;
}

/// Called by every thread of an aggregated child block once it holds copies
/// of everything it needs from the records; the last block gives the chunk
/// back. Every thread of the block must call it (it synchronizes the block).
template <class Rec> __device__ void aggChildRelease(const Rec *Records) {
  __syncthreads();
  if (aggThreadRank() == 0) {
    AggChunkHeader *H =
        reinterpret_cast<AggChunkHeader *>(const_cast<Rec *>(Records)) - 1;
    unsigned long long Total = aggGridBlocks();
    if (atomicAdd(&H->BlocksDone, 1u) == Total - 1)
      aggPoolGive();
  }
}

//===----------------------------------------------------------------------===//
// Multi-block and grid groups: a global table, one slot per live group.
//===----------------------------------------------------------------------===//

struct AggTableSlot {
  unsigned long long Grid; // %gridid + 1 of the owner; 0 when free
  unsigned long long Tag;  // site << 40 | group index, + 1; 0 until set
  AggGroup __group;
};

static __device__ AggTableSlot AggTable[DPOPT_AGG_TABLE_SLOTS];

/// A group may live in any of AggTableWays slots picked by its key (double
/// hashing). A lookup checks all of them rather than stopping at a free one:
/// a finished group frees its slot, and stopping there would miss a group
/// placed after it. Creating a group takes the lock of its key's stripe and
/// looks again first, so two blocks of one group never create it twice.
constexpr unsigned AggTableWays = 8;
constexpr unsigned AggTableStripes = 4096;
static __device__ unsigned AggTableLock[AggTableStripes];

__device__ inline AggTableSlot &aggCandidate(unsigned Base, unsigned Step, unsigned K) {
  return AggTable[(Base + K * Step) % DPOPT_AGG_TABLE_SLOTS];
}

/// True when candidate \p S holds (\p Grid, \p Tag); waits out a group of
/// the same grid that is being set up there.
__device__ inline bool aggHolds(AggTableSlot &S, unsigned long long Grid, unsigned long long Tag) {
  volatile AggTableSlot &V = S;
  if (V.Grid != Grid)
    return false;
  unsigned long long Seen;
  while ((Seen = V.Tag) == 0 && V.Grid == Grid) // being set up
    ;
  return Seen == Tag;
}

/// The candidate (0 to AggTableWays - 1) that holds (\p Grid, \p Tag), or
/// -1: the lanes \p Lanes look at the candidates together, one memory round
/// trip, and all get the answer.
__device__ inline int aggLookUp(unsigned Base, unsigned Step, unsigned long long Grid,
                                unsigned long long Tag, unsigned Lanes) {
  const unsigned Lane = aggThreadRank() % 32, Count = __popc(Lanes);
  int Hit = -1;
  for (unsigned K = Lane; K < AggTableWays && Hit < 0; K += Count)
    if (aggHolds(aggCandidate(Base, Step, K), Grid, Tag))
      Hit = static_cast<int>(K);
  const unsigned Found = __ballot_sync(Lanes, Hit >= 0);
  return Found ? __shfl_sync(Lanes, Hit, __ffs(Found) - 1) : -1;
}

/// The group (\p Site, \p Group) of the calling grid: joined when a block
/// of the group has created it, else created with room for \p Capacity
/// records of \p RecordBytes each. Called by the lanes \p Lanes
/// (contiguous from lane 0) of the block's first warp, which look at the
/// candidates together: one memory round trip when the group exists. A
/// block that finds the stripe locked looks again instead of queueing, so
/// the blocks of a new group wait for its creator in parallel. When all the
/// candidates are taken it waits for one to free (see DPOPT_AGG_TABLE_SLOTS).
__device__ inline AggTableSlot *aggJoin(unsigned Site, unsigned long long Group,
                                        unsigned long long RecordBytes, unsigned Capacity,
                                        unsigned Lanes) {
  unsigned long long Grid = gridId() + 1;
  unsigned long long Tag = ((static_cast<unsigned long long>(Site) << 40) | Group) + 1;
  unsigned long long H = (Grid * 0x9E3779B97F4A7C15ull) ^ (Tag * 0xC2B2AE3D27D4EB4Full);
  unsigned Base = static_cast<unsigned>((H >> 32) % DPOPT_AGG_TABLE_SLOTS);
  unsigned Step = static_cast<unsigned>(H % DPOPT_AGG_TABLE_SLOTS) | 1u;
  unsigned *Lock = &AggTableLock[Base % AggTableStripes];
  const bool First = aggThreadRank() % 32 == 0;
  for (;;) {
    const int Hit = aggLookUp(Base, Step, Grid, Tag, Lanes);
    if (Hit >= 0) {
      __threadfence();
      return &aggCandidate(Base, Step, static_cast<unsigned>(Hit));
    }
    const bool Locked = First && *static_cast<volatile unsigned *>(Lock) == 0u &&
                        atomicCAS(Lock, 0u, 1u) == 0u;
    if (Locked)
      __threadfence();
    if (!__ballot_sync(Lanes, Locked))
      continue;
    // Holding the stripe: look again, all lanes at once (the holder's fence
    // and the warp barrier order these reads after the lock). The creation
    // is on the critical path of every block that started with the group:
    // one candidate at a time, this look cost up to eight round trips.
    __syncwarp(Lanes);
    const int Again = aggLookUp(Base, Step, Grid, Tag, Lanes);
    unsigned long long Made = 0;
    if (Locked) {
      AggTableSlot *S = Again >= 0 ? &aggCandidate(Base, Step, static_cast<unsigned>(Again)) : nullptr;
      for (unsigned K = 0; !S && K < AggTableWays; ++K) {
        AggTableSlot &C = aggCandidate(Base, Step, K);
        if (atomicCAS(&C.Grid, 0ull, Grid) != 0ull)
          continue; // taken (groups of other stripes claim slots too)
        aggInitGroup(C.__group, RecordBytes, Capacity);
        __threadfence();
        static_cast<volatile AggTableSlot &>(C).Tag = Tag;
        S = &C;
      }
      __threadfence();
      atomicExch(Lock, 0u);
      Made = reinterpret_cast<unsigned long long>(S);
    }
    Made = __shfl_sync(Lanes, Made, 0);
    if (Made)
      return reinterpret_cast<AggTableSlot *>(Made);
  }
}

/// Counts one block out of its table group of \p Blocks blocks; true for the
/// last, which then launches and calls aggLeave.
__device__ inline bool aggArriveBlock(AggTableSlot *S, unsigned long long Blocks) {
  __threadfence();
  bool Last = atomicAdd(&S->__group.Done, 1u) == Blocks - 1;
  if (Last)
    __threadfence();
  return Last;
}

/// Frees a table slot whose group has launched.
__device__ inline void aggLeave(AggTableSlot *S) {
  volatile AggTableSlot &V = *S;
  V.Tag = 0;
  __threadfence();
  V.Grid = 0;
}

/// What a parent block keeps in shared memory for one multi-block or grid
/// site: its group's slot and how many of its threads are done.
struct AggBlockLink {
  AggTableSlot *__slot;
  unsigned Done;
};

/// Block prologue for a multi-block site: groups of \p GroupBlocks
/// consecutive blocks (0: the whole grid), \p PerThread records of
/// \p RecordBytes per thread.
/// Every thread calls it; the first warp joins the group; it synchronizes
/// the block.
__device__ inline void aggBeginMultiBlock(AggBlockLink &L, unsigned long long RecordBytes,
                                          unsigned Site, unsigned long long GroupBlocks,
                                          unsigned PerThread, unsigned GuardedAxes = 0) {
  unsigned Rank = aggThreadRank();
  if (Rank < 32) {
    unsigned Threads = aggBlockThreads();
    unsigned Lanes = Threads >= 32 ? 0xffffffffu : (1u << Threads) - 1;
    unsigned long long Total = aggGridBlocks();
    unsigned long long N = GroupBlocks == 0 || GroupBlocks > Total ? Total : GroupBlocks;
    unsigned long long Group = aggBlockRank() / N;
    unsigned long long Members = Total - Group * N < N ? Total - Group * N : N;
    AggTableSlot *S = aggJoin(Site, Group, RecordBytes,
                              aggGroupCapacity(Members, blockDim, PerThread, GuardedAxes), Lanes);
    if (Rank == 0) {
      L.__slot = S;
      L.Done = 0;
    }
  }
  __syncthreads();
}

/// 'Grid' of a slot that a launcher took for a grid it launches
/// (aggNewGridGroup): no %gridid + 1 is this, so no lookup ever matches it.
constexpr unsigned long long AggLauncherSlot = ~0ull;

/// For the thread that launches an aggregated clone of \p Blocks blocks of
/// \p Block threads: a free table slot holding a new group for one of the
/// clone's grid-wide sites (records of \p RecordBytes, its \p PerThread
/// and \p GuardedAxes), with its records taken, passed to
/// the clone, which then skips the lookup (aggBeginPassedGroup). Every block
/// of a wide clone would otherwise look its group up in the table while its
/// other warps wait at the barrier after it: a quarter of the time of the
/// widest level of the full pw tree (300,000 blocks; docs/passes/
/// aggregate.md). \p Key (the records' address) spreads the search's start.
/// The clone's last block frees the slot (aggLeave) as for a looked-up group.
/// Null when the DPOPT_AGG_LAUNCHER_PROBES slots it looks at are taken: the
/// clone's blocks then look the group up. (A slot is held from the launch on,
/// also while the clone waits to start, so a launcher must not wait for one:
/// the clones that would free it may need its block's room to run.)
__device__ inline AggTableSlot *aggNewGridGroup(unsigned long long RecordBytes,
                                                unsigned long long Blocks, dim3 Block,
                                                unsigned PerThread, unsigned GuardedAxes,
                                                const void *Key) {
  unsigned long long H = reinterpret_cast<unsigned long long>(Key) * 0x9E3779B97F4A7C15ull;
  unsigned I = static_cast<unsigned>((H >> 32) % DPOPT_AGG_TABLE_SLOTS);
  for (unsigned Probe = 0; Probe < DPOPT_AGG_LAUNCHER_PROBES;
       ++Probe, I = (I + 1) % DPOPT_AGG_TABLE_SLOTS) {
    AggTableSlot &S = AggTable[I];
    if (static_cast<volatile AggTableSlot &>(S).Grid != 0ull ||
        atomicCAS(&S.Grid, 0ull, AggLauncherSlot) != 0ull)
      continue;
    aggInitGroup(S.__group, RecordBytes,
                 aggGroupCapacity(Blocks, Block, PerThread, GuardedAxes));
    static_cast<volatile AggTableSlot &>(S).Tag = ~0ull;
    return &S; // the launch makes these writes visible to the clone
  }
  return nullptr;
}

/// Block prologue for a grid-wide site of a clone whose launcher passed its
/// group's slot \p S (aggNewGridGroup); when it passed none, the block looks
/// the group up as aggBeginMultiBlock(L, RecordBytes, Site, 0, PerThread,
/// GuardedAxes) does. Every thread calls it; it synchronizes the block.
__device__ inline void aggBeginPassedGroup(AggBlockLink &L, unsigned long long RecordBytes,
                                           AggTableSlot *S, unsigned Site, unsigned PerThread,
                                           unsigned GuardedAxes = 0) {
  if (!S) {
    aggBeginMultiBlock(L, RecordBytes, Site, 0ull, PerThread, GuardedAxes);
    return;
  }
  if (aggThreadRank() == 0) {
    L.__slot = S;
    L.Done = 0;
  }
  __syncthreads();
}

/// The number of blocks in the calling block's multi-block group.
__device__ inline unsigned long long aggGroupBlocks(unsigned long long GroupBlocks) {
  unsigned long long Total = aggGridBlocks();
  unsigned long long N = GroupBlocks == 0 || GroupBlocks > Total ? Total : GroupBlocks;
  unsigned long long Group = aggBlockRank() / N;
  return Total - Group * N < N ? Total - Group * N : N;
}

/// Thread epilogue for a multi-block site: the slot whose group the caller
/// must launch (it is the last thread of the last block), or null. \p
/// Threads: the block's threads that count out (all of them, unless the
/// threads past a smaller original block have left: aggParticipants).
__device__ inline AggTableSlot *aggArriveMultiBlock(AggBlockLink &L,
                                                    unsigned long long GroupBlocks,
                                                    unsigned Threads = aggBlockThreads()) {
  unsigned M = __activemask();
  AggTableSlot *R = nullptr;
  if (aggCountOut(&L.Done, M, Threads) && aggArriveBlock(L.__slot, aggGroupBlocks(GroupBlocks)))
    R = L.__slot;
  syncLanes(M); // as in aggRecord: the last lane may launch next
  return R;
}

/// Block prologue for a block site (every thread calls it), whose records
/// have \p RecordBytes each. A nonzero \p Total is the group's capacity in
/// records (consolidate's buffer(custom, perBufferSize)); otherwise
/// PerThread records per thread that can launch (aggLaunchingThreads).
__device__ inline void aggBeginBlock(AggGroup &G, unsigned long long RecordBytes, unsigned PerThread,
                                     unsigned Total = 0, unsigned GuardedAxes = 0) {
  if (aggThreadRank() == 0) {
    unsigned long long Cap =
        Total ? Total
              : static_cast<unsigned long long>(aggLaunchingThreads(GuardedAxes)) * PerThread;
    aggInitGroup(G, RecordBytes, static_cast<unsigned>(Cap < (1u << 24) ? Cap : (1u << 24)));
  }
  __syncthreads();
}

/// Block prologue for a warp site: \p G has one group per warp (32);
/// \p RecordBytes and \p Total as for aggBeginBlock.
__device__ inline void aggBeginWarp(AggGroup *G, unsigned long long RecordBytes, unsigned PerThread,
                                    unsigned Total = 0) {
  unsigned Rank = aggThreadRank(), Threads = aggBlockThreads();
  if (Rank % 32 == 0) {
    unsigned Members = Threads - Rank < 32 ? Threads - Rank : 32;
    aggInitGroup(G[Rank / 32], RecordBytes, Total ? Total : Members * PerThread);
  }
  __syncthreads();
}

/// The calling thread's warp group, and its member count: the warp's lanes
/// among the block's first \p Threads threads (by default all of them).
__device__ inline AggGroup &aggWarpGroup(AggGroup *G) { return G[aggThreadRank() / 32]; }
__device__ inline unsigned aggWarpMembers(unsigned Threads = aggBlockThreads()) {
  unsigned Rank = aggThreadRank() / 32 * 32;
  return Threads - Rank < 32 ? Threads - Rank : 32;
}

/// In a clone whose block runs one original block of \p Record's size:
/// how many of its threads run it. The clone's block has the group's
/// largest size; when the child synchronizes its threads and the sizes
/// differ, the threads past the original block leave the kernel before its
/// code (a barrier waits only for threads that have not exited, PTX ISA
/// "barrier"), and these are the threads that count out of the clone's own
/// groups.
template <class Rec> __device__ unsigned aggParticipants(const Rec &Record) {
  return Record.__block.x * Record.__block.y * Record.__block.z;
}

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_AGGREGATE_CUH
