//===- MemoryReads.h - Does a kernel's thread wait on memory? --*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A child run serially in its parent thread costs that thread what one child
// thread costs, once per child thread. A thread that only computes from its
// parameters and stores (a Bezier child writing its points) costs a few
// instructions; one that loads (a graph child reading a neighbour's state)
// waits for each load, and many such runs in a small parent grid leave the
// GPU idle. This tells the two apart, for threshold's per-site choice.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_MEMORYREADS_H
#define DPOPT_ANALYSIS_MEMORYREADS_H

#include "clang/AST/Decl.h"

namespace dpopt {

/// The first place where \p Kernel, or a function it calls, reads memory
/// through a pointer or an array, or makes an atomic operation whose result
/// it uses; null when there is none. Calls without a body count as reads.
const clang::Stmt *firstMemoryRead(const clang::FunctionDecl *Kernel);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_MEMORYREADS_H
