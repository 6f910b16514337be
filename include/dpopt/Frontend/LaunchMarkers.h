//===- LaunchMarkers.h - dpopt's internal launch-site markers ---*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Stock clang rejects a launch of a template or overloaded kernel from device
// code. Wrapping the launch statement in an immediately invoked lambda makes
// the caller __host__ __device__, which may launch kernels in a host-only
// parse, so the AST gets a real CUDAKernelCallExpr (BRIEF.md, fact 3).
//
// While dpopt works, every device-side launch statement is kept wrapped as
//
//   [&]{/*__dpopt_site:N*/ <statement> /*__dpopt_end*/}();
//
// where N is the id of the user's launch site the statement derives from, so
// passes that rewrite a launch keep its identity and its remarks point at the
// user's line. (Other launches are found again by mapping their offset back
// to the user's file.) Wrappers never insert a newline, so line numbers are
// kept, and they are removed before output: an internal detail of the
// pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_FRONTEND_LAUNCHMARKERS_H
#define DPOPT_FRONTEND_LAUNCHMARKERS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace dpopt {
namespace markers {

/// The text that opens a device-side wrapper for site \p Id.
std::string wrapperOpen(unsigned Id);
/// Closes a wrapper whose statement ends with its own ';'.
llvm::StringRef wrapperClose();
/// Closes a wrapper around a statement written without ';' (a macro that
/// supplies it); the ';' is added for the parse and removed with the marker.
llvm::StringRef wrapperCloseAddingSemicolon();

/// Wraps a device-side launch statement (text ending with ';').
std::string wrapDeviceStatement(unsigned Id, llvm::StringRef Statement);

/// If \p Text starts with a wrapper opening, the site id it names.
std::optional<unsigned> parseWrapperOpen(llvm::StringRef Text);

/// The offset of the first thing in \p Text that looks like a dpopt marker,
/// or npos. Inputs must have none: markers in them would be stripped from
/// the output.
size_t findMarkerSyntax(llvm::StringRef Text);

/// Removes every marker and wrapper, restoring the user-visible text.
std::string strip(llvm::StringRef Text);

} // namespace markers
} // namespace dpopt

#endif // DPOPT_FRONTEND_LAUNCHMARKERS_H
