//===- LaunchDiscovery.h - Launches in the file as the user wrote it -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The first parse of the user's file finds every kernel launch written in it
// (clang 22 resolves device-side launches of templates and overloads, so
// each is a CUDAKernelCallExpr). Their order numbers the user's launch sites;
// their statements are what '#pragma dp' attaches to.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_FRONTEND_LAUNCHDISCOVERY_H
#define DPOPT_FRONTEND_LAUNCHDISCOVERY_H

#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace dpopt {

class ParsedUnit;

struct DiscoveredLaunch {
  /// Offset of the launch expression (the kernel name) in the parsed text.
  unsigned LaunchOffset = 0;
  /// Where the launch's statement (or the expression it is part of) begins.
  unsigned Begin = 0;
  /// The same place as a location (a macro location when a macro writes it).
  clang::SourceLocation BeginLoc;
  /// Offset of the '<<<' as spelled in the main file (inside a macro
  /// argument too); ~0u when it is spelled elsewhere.
  unsigned ChevronOffset = ~0u;
  /// The launch is a statement of its own, not part of a larger expression.
  bool IsStatement = false;
  /// Written in device code (__global__, __device__, or a lambda in them).
  bool DeviceSide = false;
  /// The launch comes out of a macro expansion.
  bool FromMacro = false;
};

/// The launches in the main file of \p Unit, in source order.
std::vector<DiscoveredLaunch> discoverLaunches(const ParsedUnit &Unit);

} // namespace dpopt

#endif // DPOPT_FRONTEND_LAUNCHDISCOVERY_H
