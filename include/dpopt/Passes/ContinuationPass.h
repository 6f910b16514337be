//===- ContinuationPass.h - CDP1 waits become phases ---------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// continuation (docs/passes/continuation.md). Contract: a kernel that waits
// for its children with the legacy device-side cudaDeviceSynchronize()
// (CDP1; a compile error for sm_90 since CUDA 12) computes the same after
// the pass, on CUDA 13:
//
//  - a wait after which nothing observable can happen (only barriers,
//    empty statements, 'return;' up to the kernel's end) goes: a CDP2 grid
//    completes only after its children;
//  - any other wait ends a *phase*: the thread saves its locals and leaves,
//    and its block continues in a one-block grid launched into
//    cudaStreamTailLaunch, which starts after the whole grid and everything
//    it launched. Threads at a __syncthreads() that a suspended thread has
//    not reached suspend there too; the block's shared memory is saved and
//    restored. A loop around launch and wait becomes a chain of phases.
//
// The kernel keeps its name and signature: every launch of it, in this file
// or not, stays as written. A kernel that cannot be shown to keep its
// meaning stays unchanged, with a remark saying why.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_CONTINUATIONPASS_H
#define DPOPT_PASSES_CONTINUATIONPASS_H

#include "dpopt/Passes/Pass.h"

#include <memory>

namespace dpopt {

std::unique_ptr<Pass> createContinuationPass();

} // namespace dpopt

#endif // DPOPT_PASSES_CONTINUATIONPASS_H
