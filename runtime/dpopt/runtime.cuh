//===- dpopt/runtime.cuh - dpopt's header-only device runtime -------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Code that dpopt's rewritten files call. It is header-only so that users add
// nothing but '-I <dpopt>/runtime' (or the installed include directory) to
// their nvcc command line. Everything lives in namespace dpopt::rt; names the
// passes generate in user files start with __dpopt_.
//
// Contents:
//   launch geometry  -- thread counts and ceiling divisions in 64 bits, and
//                       the grid a coarsened child is launched with.
//   serial paths     -- whether a launch dpopt would run in the parent
//                       (threshold, remove-launch T3/T4) is one the GPU
//                       accepts, and small enough to run there; otherwise
//                       the generated code launches it as written, so that
//                       it fails, or runs, exactly as it did.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_RUNTIME_CUH
#define DPOPT_RUNTIME_CUH

// User macros named like anything below (-DN=4) do not reach it.
#include "detail/macros_hide.cuh"

#define DPOPT_RUNTIME_VERSION 3

#include <cuda_runtime.h>

#include <type_traits>

namespace dpopt {
namespace rt {

/// __syncwarp(\p Lanes), at one place in the program. Each __syncwarp is
/// compiled to a WARPSYNC of its own, and lanes of one warp held at two of
/// them (say, at two of dpopt's waits after the compiler duplicated code
/// between them) never meet: on an H200 with CUDA 13.0 cuda-gdb showed warps
/// hung that way (docs/cdp2-semantics.md). Every wait that dpopt's runtime
/// and generated code make goes through this one function, so that lanes
/// held in dpopt's waits always wait at the same instruction.
__device__ __noinline__ inline void syncLanes(unsigned Lanes) { __syncwarp(Lanes); }

/// Threads in a grid of \p Grid blocks of \p Block threads, without the
/// 32-bit overflow that gridDim.x * blockDim.x can hit.
__host__ __device__ inline unsigned long long threadCount(dim3 Grid, dim3 Block) {
  return static_cast<unsigned long long>(Grid.x) * Grid.y * Grid.z * Block.x *
         Block.y * Block.z;
}

/// Threads in one block of \p Block.
__host__ __device__ inline unsigned long long blockThreads(dim3 Block) {
  return static_cast<unsigned long long>(Block.x) * Block.y * Block.z;
}

/// Blocks in a grid of \p Grid.
__host__ __device__ inline unsigned long long gridBlocks(dim3 Grid) {
  return static_cast<unsigned long long>(Grid.x) * Grid.y * Grid.z;
}

/// The calling grid's %gridid: distinct for every grid alive at once
/// (docs/cdp2-semantics.md), so per-grid state can be keyed by it.
__device__ inline unsigned long long gridId() {
  unsigned long long Id;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(Id));
  return Id;
}

/// True when a launch accepts \p Grid (sm_90): x from 1 to 2^31 - 1, y and z
/// from 1 to 65,535. Written with '&' rather than '&&' so that it compiles
/// to predicates, not branches (see coarsenGrid).
__host__ __device__ inline bool gridAccepted(dim3 Grid) {
  return (Grid.x >= 1) & (Grid.x <= 0x7fffffffu) & (Grid.y >= 1) & (Grid.y <= 65535) &
         (Grid.z >= 1) & (Grid.z <= 65535);
}

#ifndef DPOPT_THRESHOLD_MIN
#define DPOPT_THRESHOLD_MIN 32
#endif

/// The threshold of a default-pipeline launch whose child reads memory,
/// made from the calling grid: \p Threshold when the grid has at least as
/// many threads as the GPU holds at once (SMs x 2,048, Hopper's threads per
/// SM), else scaled down to the share of them it has, but not below
/// DPOPT_THRESHOLD_MIN (nor above \p Threshold). A small parent grid whose
/// threads run children serially leaves most of the GPU idle while they
/// wait on the children's loads; launching them spreads that work
/// (docs/passes/threshold.md has the measurements).
__device__ inline unsigned long long gridScaledThreshold(unsigned long long Threshold) {
  unsigned Sms;
  asm("mov.u32 %0, %%nsmid;" : "=r"(Sms));
  const unsigned long long Resident = Sms * 2048ull;
  const unsigned long long Threads = threadCount(gridDim, blockDim);
  if (Threads >= Resident)
    return Threshold;
  const unsigned long long Floor =
      Threshold < DPOPT_THRESHOLD_MIN ? Threshold : DPOPT_THRESHOLD_MIN;
  const unsigned long long Scaled = Threshold * Threads / Resident;
  return Scaled > Floor ? Scaled : Floor;
}

/// True when a launch of \p Grid blocks of \p Block threads with \p Shmem
/// bytes of dynamic shared memory passes the checks every CUDA launch makes
/// (sm_90): grid x up to 2^31 - 1, y and z up to 65,535; block x and y up to
/// 1,024, z up to 64, at most \p MaxThreads threads (1,024, or the kernel's
/// __launch_bounds__); at most 48 KiB of shared memory, \p StaticShmem of
/// it the kernel's own (a launch from the device cannot opt in to more). A
/// launch that fails these does no work and sets the launching thread's
/// error; dpopt's serial paths launch it instead of running it, so that it
/// still does. (A launch can also fail for the kernel's registers; dpopt
/// cannot tell that here.)
__host__ __device__ inline bool launchable(dim3 Grid, dim3 Block, unsigned long long Shmem,
                                           unsigned MaxThreads = 1024,
                                           unsigned long long StaticShmem = 0) {
  return gridAccepted(Grid) && Block.x >= 1 && Block.x <= 1024 &&
         Block.y >= 1 && Block.y <= 1024 && Block.z >= 1 && Block.z <= 64 &&
         blockThreads(Block) <= MaxThreads && Shmem + StaticShmem <= 48u * 1024u;
}

/// True when a launch may be run in the parent: launchable, and at most
/// \p Limit threads in all (a grid of (n - 1) / B + 1 blocks with an
/// unsigned n of 0 is 2^32 / B blocks that a launch runs in microseconds but
/// one thread would loop over for minutes).
__host__ __device__ inline bool runsSerially(dim3 Grid, dim3 Block, unsigned long long Shmem,
                                             unsigned long long Limit,
                                             unsigned MaxThreads = 1024,
                                             unsigned long long StaticShmem = 0) {
  return launchable(Grid, Block, Shmem, MaxThreads, StaticShmem) &&
         threadCount(Grid, Block) <= Limit;
}

/// ceil(N / D) for N >= 1 and D >= 1, in 32-bit arithmetic.
__host__ __device__ inline unsigned int ceilDivPositive(unsigned int N, unsigned int D) {
  return (N - 1u) / D + 1u;
}

/// One dimension of coarsenGrid: \p Dim divided by as much of \p Left as
/// it can take (at most itself), \p Left reduced by what it took.
__host__ __device__ inline unsigned int coarsenDim(unsigned int Dim, unsigned int &Left) {
  const unsigned int Take = Left < Dim ? Left : Dim;
  Left = ceilDivPositive(Left, Take);
  return ceilDivPositive(Dim, Take);
}

/// The grid of a child coarsened by \p Factor: x is divided first (ceiling),
/// then what is left of the factor divides y, then z; never fewer than one
/// block in any dimension. The coarsened kernel loops over the original
/// blocks with the coarsened grid as its stride, so any shape is correct.
/// A grid no launch accepts (a zero or too large dimension) is returned as
/// it is, so that the coarsened launch fails as the original did instead of
/// running blocks the original never ran.
///
/// Every thread runs the same instructions whatever its grid: selects and
/// 32-bit divisions, no branch, loop or 64-bit division (a subroutine call).
/// The lanes of a warp then reach the launch that follows together. With
/// an earlier version that looped over the dimensions and divided in 64
/// bits, lanes whose grids differed reached the launch in separate waves,
/// and a parent that launched coarsened children in a loop hung in CUDA
/// 13's device runtime (the launch hang of docs/cdp2-semantics.md;
/// differential tester seed 1409 program 1, H200, 2026-11-28).
__host__ __device__ inline dim3 coarsenGrid(dim3 Grid, unsigned int Factor) {
  const bool Launchable = gridAccepted(Grid);
  // A grid that is not launchable may hold zeros: divide by ones instead.
  const dim3 Safe = Launchable ? Grid : dim3(1, 1, 1);
  unsigned int Left = Factor == 0 ? 1u : Factor;
  dim3 Coarse;
  Coarse.x = coarsenDim(Safe.x, Left);
  Coarse.y = coarsenDim(Safe.y, Left);
  Coarse.z = coarsenDim(Safe.z, Left);
  return Launchable ? Coarse : Grid;
}

/// The operation of a folded atomic (AtomicFold).
enum class FoldOp { Add, Min, Max, And, Or, Xor };

/// Threshold's serial version of a child runs the child's threads one after
/// another; an integer atomic that each makes last, to one address, is
/// folded here instead (take, where the thread made it) and made once when
/// the run ends (flush, only if some thread made it). The operations are
/// associative and commutative on integers, and the addition wraps as the
/// atomic's does, so the one atomic leaves what the many would have.
template <FoldOp Op, class T> struct AtomicFold {
  T Value{};
  bool Taken = false;

  __device__ void take(T V) {
    if (!Taken) {
      Value = V;
      Taken = true;
      return;
    }
    if constexpr (Op == FoldOp::Add) {
      if constexpr (std::is_integral<T>::value) {
        using U = typename std::make_unsigned<T>::type;
        Value = static_cast<T>(static_cast<U>(Value) + static_cast<U>(V));
      } else { // --fold-fp-atomics: the user accepts a sum in this order
        Value = Value + V;
      }
    } else if constexpr (Op == FoldOp::Min) {
      Value = V < Value ? V : Value;
    } else if constexpr (Op == FoldOp::Max) {
      Value = Value < V ? V : Value;
    } else if constexpr (Op == FoldOp::And) {
      Value = Value & V;
    } else if constexpr (Op == FoldOp::Or) {
      Value = Value | V;
    } else {
      Value = Value ^ V;
    }
  }

  __device__ void flush(T *Where) const {
    if (!Taken)
      return;
    if constexpr (Op == FoldOp::Add)
      atomicAdd(Where, Value);
    else if constexpr (Op == FoldOp::Min)
      atomicMin(Where, Value);
    else if constexpr (Op == FoldOp::Max)
      atomicMax(Where, Value);
    else if constexpr (Op == FoldOp::And)
      atomicAnd(Where, Value);
    else if constexpr (Op == FoldOp::Or)
      atomicOr(Where, Value);
    else
      atomicXor(Where, Value);
  }
};

} // namespace rt
} // namespace dpopt

#include "detail/macros_restore.cuh"

#endif // DPOPT_RUNTIME_CUH
