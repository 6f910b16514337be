//===- FlattenRecursionPass.h - Chains of one-block children in the block -===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// flatten-recursion (docs/passes/flatten-recursion.md). Contract: a kernel K
// whose only launch is of itself, in its own body, as one block, made by at
// most one thread of a block and at most once by it (the textbook nested
// reduction: thread 0 launches K<<<1, n / 2>>> on the half that is left)
// computes the same after the pass, and its block runs that chain of
// children itself: level after level, with the level's threads as the
// child's threads (threadIdx, blockIdx, blockDim, gridDim as the child
// grid sees them), no launch at all. A legacy CDP1 wait after the launch
// and the code after it (the postwork) run on the way back, deepest level
// first, as the waits returned.
//
// Why it keeps the meaning: the child grid is one block, so the launching
// block can hold it; running it after the level that launched it is one of
// the schedules CUDA allows (a child may start late), and a CDP1 wait
// returned only after the child and everything it launched. The block's
// barriers stay barriers of all its threads; threads beyond a smaller
// child block take part in them and do nothing else.
//
// Sites it leaves (with a remark): any launch that is not K's own of K;
// grids other than the constant 1; launches that more than one thread of a
// block, or one thread more than once, could make; other streams than the
// implicit one and cudaStreamFireAndForget; dynamic shared memory; warp-level
// operations, cooperative groups, device-runtime calls; barriers other than
// __syncthreads() statements at the top of K's body; postwork that cannot
// run later from copies of its inputs (Postwork.h).
//
// Checked when it runs: a block that makes more launches than dpopt found
// possible, a child that synchronizes and is larger than the block, and
// postwork deeper than CUDA's 24 nested grids stop the kernel (__trap) --
// except that a larger child without postwork is launched as written.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_FLATTENRECURSIONPASS_H
#define DPOPT_PASSES_FLATTENRECURSIONPASS_H

#include "dpopt/Passes/Pass.h"

#include <memory>

namespace dpopt {

std::unique_ptr<Pass> createFlattenRecursionPass();

} // namespace dpopt

#endif // DPOPT_PASSES_FLATTENRECURSIONPASS_H
