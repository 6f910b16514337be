//===- LaunchingThreads.h - Threads that reach a launch ---------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A launch under 'if (threadIdx.x == 0)' is made by at most one thread per
// row of the block: aggregation sizes a group's record buffer by the threads
// that can launch, and reserving one record per thread of the block for it
// wastes the record pool (a quicksort's 128-thread blocks reserved 128 times
// what they use). This finds the thread-index components that every thread
// reaching a launch has the same value of. It is a sizing hint: a group
// whose records run out launches the rest directly.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_LAUNCHINGTHREADS_H
#define DPOPT_ANALYSIS_LAUNCHINGTHREADS_H

namespace dpopt {

struct LaunchSite;

/// Bit i (x = 1, y = 2, z = 4) is set when the launch is in the then-branch
/// of an if whose condition is, or is a chain of && containing,
/// 'threadIdx.c == K' (or 'K == threadIdx.c', or the same through a local
/// variable initialized with threadIdx.c and never modified), with K an
/// integer constant: every thread that reaches the launch has that c.
unsigned guardedThreadAxes(const LaunchSite &S);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_LAUNCHINGTHREADS_H
