//===- LaunchDiscovery.h - Launches in the file as the user wrote it -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The first parse of the user's file finds every kernel launch written in it.
// Launches of template or overloaded kernels from device code do not resolve
// there (clang makes them RecoveryExprs), so this works from what the first
// parse does give: CUDAKernelCallExprs, RecoveryExprs whose text holds '<<<',
// and the statement each sits in. The result decides which statements get
// wrapped for the second parse.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_FRONTEND_LAUNCHDISCOVERY_H
#define DPOPT_FRONTEND_LAUNCHDISCOVERY_H

#include <string>
#include <vector>

namespace dpopt {

class ParsedUnit;

struct DiscoveredLaunch {
  /// Offset of the launch expression (the kernel name) in the parsed text.
  unsigned LaunchOffset = 0;
  /// The statement [Begin, End); End is past its ';' when HasSemicolon.
  unsigned Begin = 0, End = 0;
  bool HasSemicolon = false;
  /// The launch is a statement of its own, not part of a larger expression.
  bool IsStatement = false;
  /// Written in device code (__global__, __device__, or a lambda in them).
  bool DeviceSide = false;
  /// clang resolved it (CUDAKernelCallExpr) rather than giving up on it.
  bool Resolved = false;
  /// The launch comes out of a macro expansion.
  bool FromMacro = false;
  /// For unresolved launches: the kernel's name as written, for messages.
  std::string CalleeText;
};

/// The launches in the main file of \p Unit, in source order.
std::vector<DiscoveredLaunch> discoverLaunches(const ParsedUnit &Unit);

} // namespace dpopt

#endif // DPOPT_FRONTEND_LAUNCHDISCOVERY_H
