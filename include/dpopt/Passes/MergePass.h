//===- MergePass.h - Consecutive launches as one merged launch --*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// merge (Guevara et al. 2009): launch statements of different kernels that
// follow each other in one { } block -- host code, or one device thread's
// launches -- become one launch of a generated kernel, by block
// partitioning (§4.1):
//
//   #pragma dp merge
//   kA<<<gA, bA>>>(x, n);
//   kB<<<gB, bB, sB, s>>>(y);
//
// becomes a block that evaluates every configuration and argument once, in
// the order the launches did, then asks dpopt::rt::mergeDecide (runtime/
// dpopt/merge.cuh) whether to launch __dpopt_merged_kA_kB -- whose first
// gA.x*gA.y*gA.z blocks run kA's body and the next gB's run kB's, each with
// the blockIdx, gridDim, blockDim and threadIdx of its own launch, in blocks
// of the larger thread count and the larger dynamic shared memory -- or the
// two launches as written (a launch that would fail, or a merged grid of
// more than DPOPT_MERGE_BLOCKS_PER_SM blocks per SM, 1 by default). Each
// kernel's body runs as a
// __device__ copy that takes the built-ins as parameters; functions it calls
// that read them get copies too; its __syncthreads() becomes a barrier of
// its own threads. Its static __shared__ arrays stay its own.
//
// Which launches: '#pragma dp merge' on a launch takes it and the launch
// statements right after it, up to the next merge pragma, and asserts that
// the kernels are independent (dpopt refuses only when it sees one kernel
// write a buffer another uses). With merge named in --passes, runs without
// a pragma are merged too where dpopt proves the kernels independent: every
// buffer one writes is a distinct allocation from every buffer another
// touches (MemoryEffects.h, HostPointers.h). In the default pipeline merge
// acts on pragmas only.
//
// A launch is left as written, with a remark, when it goes to another
// stream than the launches before it, launches a kernel already in the
// group, or its kernel is not a non-template kernel defined in this file,
// launches kernels or calls the device runtime, prints, uses cooperative
// groups, inline assembly or calls dpopt cannot see into, synchronizes
// other than with __syncthreads() in its own body, returns early while
// synchronizing, or has __launch_bounds__ other than the group's. Fire-and-
// forget device launches need no independence: they are unordered already.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_MERGEPASS_H
#define DPOPT_PASSES_MERGEPASS_H

#include "dpopt/Passes/Pass.h"
#include "dpopt/Support/Diagnostic.h"

#include <memory>
#include <vector>

namespace dpopt {

std::unique_ptr<Pass> createMergePass();

/// Errors for '#pragma dp merge' written where there is nothing to merge:
/// on a launch that is not followed, in its { } block, by another launch
/// statement.
std::vector<Diagnostic> mergePragmaErrors(ProgramAnalysis &A);

} // namespace dpopt

#endif // DPOPT_PASSES_MERGEPASS_H
