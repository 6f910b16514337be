//===- RemoveLaunchPass.h - Parent threads do the child's work --*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// remove-launch (Chen & Shen, MICRO'15, "free launch"). The device-side
// launch is removed and the parent's threads do the child's work. Contract
// of what is implemented:
//
// T4 (CKi -> PTi): for a child whose threads never wait for or talk to each
// other (no barriers, shared memory, warp-level operations, cooperative
// groups, inline asm, calls dpopt cannot see into),
//
//   child<<<grid, block, shmem, stream>>>(args);
//
// becomes
//
//   { dim3 __dpopt_grid(grid); dim3 __dpopt_block(block);
//     __dpopt_serial_child(__dpopt_grid, __dpopt_block, args); }
//
// with the serial version of Serializer.h: the launching thread runs the
// whole child grid before it goes on. Configuration and arguments are
// evaluated once, in the original order (a shared-memory size or stream
// with side effects is still evaluated). A child that launches kernels
// itself is run serially only when each of its launches is removed too (its
// serial version calls theirs), it launches them in its own body, calls no
// device function that reads the thread position, and is not recursive.
//
// Legacy CDP1 synchronization: a device-side cudaDeviceSynchronize() in a
// kernel waits for the work its block launched. When every launch the
// kernel can make (in its body and the device functions it calls) is
// removed, and it calls no launch API, the call has nothing left to wait for
// and is removed: a statement of its own becomes an empty statement, a call
// in an expression becomes cudaSuccess. Otherwise it stays, with a remark.
// This is what makes CDP1 code compile and run on CUDA 12+/sm_90.
//
// T3 (CKi -> PBi, RemoveLaunchT3.h): for a child whose threads synchronize or
// share memory, at a site every thread of the parent block reaches, the
// block runs the child grids its threads launched, with the child's
// __syncthreads() as a partial barrier of the child's threads.
//
// Selection: '#pragma dp remove_launch(auto|T1|T2|T3|T4)' on the site, else
// --remove-launch (default auto). auto picks T4 for a child that can run
// serially, else T3 where the block can run it; a named technique that is
// not implemented (T1, T2), or whose conditions do not hold, leaves the
// site unchanged. Every choice and every refusal is a remark.
//
// Launches into the implicit stream by different threads of one block are
// ordered by CUDA; after the rewrite their work runs concurrently in those
// threads. As threshold does (and the paper's transformations do), dpopt
// assumes sibling children launched by different threads do not rely on
// that order: docs/passes/remove-launch.md.
//
// Sites left unchanged, with a remark: children neither T4 nor T3 can run
// (above, and lib/Passes/RemoveLaunch/RemoveLaunchT3.h), children whose
// launches stay, recursive launches, and every case of launchStatementBlocker.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_REMOVELAUNCHPASS_H
#define DPOPT_PASSES_REMOVELAUNCHPASS_H

#include "dpopt/Passes/Pass.h"

#include <memory>

namespace dpopt {

std::unique_ptr<Pass> createRemoveLaunchPass();

} // namespace dpopt

#endif // DPOPT_PASSES_REMOVELAUNCHPASS_H
