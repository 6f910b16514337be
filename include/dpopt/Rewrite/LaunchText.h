//===- LaunchText.h - The written parts of a launch, for rewriting -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Passes write new launches from the pieces of the user's: the callee as
// written (qualifiers and template arguments kept, the name replaceable),
// the configuration expressions, and the argument list. They replace the
// whole launch statement with a braced block, so the replacement is one
// statement wherever the launch was one (an unbraced if body, a case).
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_LAUNCHTEXT_H
#define DPOPT_REWRITE_LAUNCHTEXT_H

#include "dpopt/Analysis/LaunchSite.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace dpopt {

class ParsedUnit;

struct LaunchText {
  /// "ns::kid<float>" as written.
  std::string Callee;
  /// The kernel's name inside Callee: [NameBegin, NameEnd).
  size_t NameBegin = 0, NameEnd = 0;
  /// Everything between the argument list's parentheses.
  std::string Args;

  /// Callee with the kernel's name replaced by \p NewName.
  std::string calleeNamed(llvm::StringRef NewName) const;
};

/// Reads the parts of \p Site's launch. Fails for launches whose parts are
/// not plain text of the main file (macros).
llvm::Expected<LaunchText> readLaunchText(const ParsedUnit &U,
                                          const LaunchSite &Site);

/// A launch's configuration held in locals (threshold's and T4's sites):
/// "dim3 Grid(<GridText>); dim3 Block(<block>);", then the shared-memory
/// size and the stream where the launch wrote them, in the launch's order,
/// each line indented by two spaces. Shmem names the local declared; Stream
/// names the local, or is the launch's own stream text where
/// isStreamReadInPlace.
struct ConfigLocals {
  std::string Text;
  std::optional<std::string> Shmem, Stream;
};
ConfigLocals declareConfig(const LaunchSite &Site, llvm::StringRef GridText,
                           llvm::StringRef Grid, llvm::StringRef Block,
                           llvm::StringRef Shmem, llvm::StringRef Stream);

/// True when \p Site's written stream is a constant kind or a non-volatile
/// local variable: its text can be read again later in the rewritten
/// statement, and the passes after the rewrite then see the same stream.
bool isStreamReadInPlace(const LaunchSite &Site);

/// "callee<<<grid, block[, shmem[, stream]]>>>(args);"
std::string launchStatement(llvm::StringRef Callee, llvm::StringRef Grid,
                            llvm::StringRef Block,
                            std::optional<std::string> SharedMem,
                            std::optional<std::string> Stream,
                            llvm::StringRef Args);

/// The leading blanks of the line \p Offset is on.
std::string indentationAt(llvm::StringRef Text, unsigned Offset);
/// \p Block with every line after the first indented by \p Indent, so a
/// multi-line replacement lines up with the statement it replaces.
std::string indentLines(llvm::StringRef Block, llvm::StringRef Indent);
/// \p Lines, each after \p Indent and followed by a newline.
std::string indentedLines(llvm::ArrayRef<std::string> Lines,
                          llvm::StringRef Indent);

/// Generated code whose running time differs between the lanes of a warp
/// (a child grid run serially) is enclosed by these two statements, so
/// that the lanes that entered it together leave it together: on CUDA 13 a
/// device-side launch made by a warp whose lanes arrive in separate waves
/// after such code hung on an H200 (docs/cdp2-semantics.md). \p Var names
/// the mask (fresh). Every lane that runs the first must run the second,
/// and no other wait of the same lanes may come between.
std::string reconvergeBegin(llvm::StringRef Var);
std::string reconvergeEnd(llvm::StringRef Var);

/// A launch statement in device code, marked as deriving from site \p Id.
std::string deviceLaunchStatement(unsigned Id, const std::string &Statement);

} // namespace dpopt

#endif // DPOPT_REWRITE_LAUNCHTEXT_H
