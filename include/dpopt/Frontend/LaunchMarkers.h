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
// and every host-side launch statement carries /*__dpopt_hsite:N*/ in front
// of it. N is the id of the user's launch site the statement derives from, so
// passes that rewrite a launch keep its identity and its remarks point at the
// user's line. The markers never insert a newline (line numbers are kept) and
// are removed before output; they are an internal detail of the pipeline.
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
/// The marker in front of a host-side launch statement of site \p Id.
std::string hostMarker(unsigned Id);

/// Wraps a device-side launch statement (text ending with ';').
std::string wrapDeviceStatement(unsigned Id, llvm::StringRef Statement);

/// If \p Text starts with a wrapper opening, the site id it names.
std::optional<unsigned> parseWrapperOpen(llvm::StringRef Text);
/// If \p TextBefore ends with a host marker (ignoring blanks), its site id.
std::optional<unsigned> parseHostMarkerBefore(llvm::StringRef TextBefore);

/// True when \p Text contains anything that looks like a dpopt marker. Inputs
/// must not: markers in them would be stripped from the output.
bool containsMarkerSyntax(llvm::StringRef Text);

/// Removes every marker and wrapper, restoring the user-visible text.
std::string strip(llvm::StringRef Text);

} // namespace markers
} // namespace dpopt

#endif // DPOPT_FRONTEND_LAUNCHMARKERS_H
