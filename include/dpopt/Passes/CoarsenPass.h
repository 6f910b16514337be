//===- CoarsenPass.h - Fewer, fuller child blocks ---------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// coarsen (Olabi et al., CGO'22, §IV). Contract:
//
//   child<<<grid, block, shmem, stream>>>(args);
//
// becomes
//
//   { dim3 __dpopt_grid(grid);
//     __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid, FACTOR),
//                            block, shmem, stream>>>(__dpopt_grid, args); }
//
// where __dpopt_coarse_child is a static clone of the child that takes the
// original grid and loops over the original blocks assigned to each
// coarsened block (z, y, x; the coarsened grid is the stride), with blockIdx
// and gridDim shadowed by the original block's values ('return' ends that
// thread's work for the current original block, see BodyInLoop.h).
// When the child uses shared memory and barriers, a __syncthreads() ends
// every iteration so one original block cannot overwrite shared memory
// another warp still reads. Device functions the child calls that read
// blockIdx or gridDim are cloned to take them as parameters. The child itself
// keeps its name and signature (a host launch, maybe in another file, still
// uses it); only device-side launches are retargeted. FACTOR is
// DPOPT_COARSEN_FACTOR (-D at nvcc time, --coarsen-factor, or the built-in
// default) or the site's '#pragma dp coarsen(N)'.
//
// Sites left unchanged, with a remark: children that return early and use
// barriers or warp-level operations (a thread could leave an original block
// while others wait for it at a barrier), cooperative groups, inline asm,
// calls dpopt cannot see into, children that launch kernels themselves; and
// every case of launchStatementBlocker.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_COARSENPASS_H
#define DPOPT_PASSES_COARSENPASS_H

#include "dpopt/Passes/Pass.h"

#include <memory>

namespace dpopt {

/// The built-in default of DPOPT_COARSEN_FACTOR (docs/passes/coarsen.md).
constexpr unsigned DefaultCoarsenFactor = 8;

std::unique_ptr<Pass> createCoarsenPass();

} // namespace dpopt

#endif // DPOPT_PASSES_COARSENPASS_H
