//===- RemoveLaunchSyncs.h - Legacy device-side synchronization -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// CDP1 code joins its children with a device-side cudaDeviceSynchronize(),
// which waits for all work launched by the calling thread's block so far.
// CUDA 12 removed it for sm_90 and later: such code does not compile for
// Hopper. Once remove-launch has made every launch a block can make run in
// the block's own threads (their work is done when the launching statement
// ends), the call waits for nothing and can go. This finds the calls and
// says how each one is removed; the pass decides whether it may be.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHSYNCS_H
#define DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHSYNCS_H

#include "dpopt/Analysis/ProgramAnalysis.h"

#include "clang/AST/Expr.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

class ParsedUnit;

/// One device-side cudaDeviceSynchronize() written in the main file.
struct LegacySync {
  const clang::CallExpr *Call = nullptr;
  /// The innermost named function around it (lambdas are part of the
  /// function they are written in).
  const clang::FunctionDecl *Function = nullptr;
  /// The text [Begin, End) that removing it replaces, and by what: a
  /// statement of its own becomes an empty statement with a comment, a call
  /// inside an expression becomes cudaSuccess (what it returns when there
  /// is nothing to wait for).
  unsigned Begin = 0, End = 0;
  std::string Replacement;
  /// Why its text cannot be edited (a macro); empty when it can.
  std::string NotEditable;
};

/// Every device-side cudaDeviceSynchronize() call in the main file, in
/// source order (template patterns, not instantiations).
std::vector<LegacySync> findLegacySyncs(const ParsedUnit &U);

/// A call to a device-side launch API (cudaLaunchDevice, cudaLaunchKernel,
/// cudaGraphLaunch, cudaGetParameterBuffer, ...) made by \p F or a function
/// it calls: a launch dpopt does not see as one. Returns where, or nothing.
std::optional<std::string> launchApiCall(ProgramAnalysis &A,
                                         const clang::FunctionDecl *F);

} // namespace dpopt

#endif // DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHSYNCS_H
