//===- ThresholdPass.h - Serialize small child grids ------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// threshold (Olabi et al., CGO'22, §III). Contract:
//
//   child<<<grid, block, shmem, stream>>>(args);
//
// becomes, for a child that can be serialized,
//
//   { auto __dpopt_n0 = (N); dim3 __dpopt_grid(<grid with N>); ...
//     if (threads >= THRESHOLD)
//       child<<<__dpopt_grid, __dpopt_block, 0,
//       cudaStreamFireAndForget>>>(args);
//     else __dpopt_serial_child(__dpopt_grid, __dpopt_block, args); }
//
// where threads is the desired thread count N found in the grid expression
// (ThreadCount.h; grid x block threads when there is none) and the serial
// version is a __device__ copy of the child that loops over the child's
// blocks and threads (z, y, x) with threadIdx, blockIdx, blockDim and
// gridDim shadowed by the loop's values ('return' ends one child thread's
// iteration, see BodyInLoop.h). Device functions the
// child calls that read those variables are cloned to take them as
// parameters. Configuration and arguments are evaluated exactly once, in the
// original order. THRESHOLD is DPOPT_THRESHOLD (a macro: -D at nvcc time,
// --threshold, or the built-in default) or the site's '#pragma dp
// threshold(N)'.
//
// Only launches made once per parent thread are thresholded (a kernel's only
// launch, not in a loop): a serialized child runs at once, a launched one
// later, so a thread's later launch could otherwise run before the earlier
// child it relies on. Launches left in the implicit (per-block) stream go to
// cudaStreamFireAndForget (docs/passes/threshold.md says why).
//
// Sites left unchanged, with a remark: children with barriers, warp-level
// operations, shared memory, cooperative groups, inline asm, calls dpopt
// cannot see into, or launches of their own; launches in loops, in device
// functions or lambdas, or in kernels that launch more than once per thread;
// and every case of launchStatementBlocker.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_THRESHOLDPASS_H
#define DPOPT_PASSES_THRESHOLDPASS_H

#include "dpopt/Passes/Pass.h"

#include <memory>

namespace dpopt {

/// The built-in default of DPOPT_THRESHOLD (docs/passes/threshold.md says
/// how it was chosen).
constexpr unsigned DefaultThreshold = 128;

std::unique_ptr<Pass> createThresholdPass();

} // namespace dpopt

#endif // DPOPT_PASSES_THRESHOLDPASS_H
