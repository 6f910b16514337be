//===- LaunchSite.h - What dpopt knows about one kernel launch --*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The facts every pass decides from, for one launch in the current working
// text. Pointers are into the ParsedUnit the analysis ran on.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_LAUNCHSITE_H
#define DPOPT_ANALYSIS_LAUNCHSITE_H

#include "dpopt/Pragma/PragmaDirective.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

enum class LaunchSide { Host, Device };
/// The kind of the user's function that launches: never dpopt's wrapper.
enum class CallerKind { Host, Global, Device, Lambda };
/// The stream a launch goes to, as far as dpopt can tell without running
/// the program. Implicit: none written, or a null stream (the block's
/// implicit stream on the device, the legacy default stream on the host).
/// OwnStream: a non-blocking stream the launching thread created for this
/// launch alone (Analysis/OwnStream.h), ordered after nothing, like
/// fire-and-forget. Other: a stream variable dpopt cannot see through
/// (device- or host-created streams), cudaStreamPerThread, cudaStreamLegacy.
enum class StreamKind { Implicit, FireAndForget, TailLaunch, OwnStream, Other };

/// Launches into these streams carry no order with the thread's other
/// launches: a child may start whenever the device likes.
inline bool isUnorderedStream(StreamKind K) {
  return K == StreamKind::FireAndForget || K == StreamKind::OwnStream;
}

const char *launchSideName(LaunchSide S);
const char *callerKindName(CallerKind K);
const char *streamKindName(StreamKind K);

/// One of the <<<grid, block, shmem, stream>>> expressions.
struct ConfigExpr {
  /// As written, implicit conversions removed; null when not written.
  const clang::Expr *E = nullptr;
  std::string Text;
  /// For grid and block: how many of x, y, z may differ from 1.
  unsigned Dims = 1;
  /// False when the dimensionality could not be determined (then Dims = 3).
  bool DimsKnown = true;

  bool isWritten() const { return E != nullptr; }
};

struct LaunchArgument {
  const clang::Expr *E = nullptr;
  std::string Text;
  std::string Type;
};

struct LaunchSite {
  /// The user's site this launch is or derives from; 0 for launches with no
  /// user origin.
  unsigned Id = 0;
  const clang::CUDAKernelCallExpr *Call = nullptr;
  /// The user's function containing the launch; for a
  /// launch in a user lambda, the lambda's call operator.
  const clang::FunctionDecl *Caller = nullptr;
  /// The kernel launched, resolved to the specialization when the launch is
  /// in a template and an instantiation shows which; may be null.
  const clang::FunctionDecl *Callee = nullptr;
  /// Every kernel the launch may call: Callee, or for a launch in a template
  /// each one its instantiations resolve it to.
  std::vector<const clang::FunctionDecl *> Candidates;
  std::string CallerName;
  std::string CalleeName;
  CallerKind Kind = CallerKind::Host;
  LaunchSide Side = LaunchSide::Host;

  ConfigExpr Grid, Block, SharedMem, Stream;
  /// What Stream is (Implicit when not written).
  StreamKind InStream = StreamKind::Implicit;
  /// For a device launch into a stream variable that is not OwnStream: why
  /// not (what the remarks of passes that would need it say).
  std::string NotOwnStream;
  /// For OwnStream: the statements that create and destroy the stream.
  std::vector<const clang::Stmt *> OwnStreamCalls;
  std::vector<LaunchArgument> Args;

  unsigned LoopDepth = 0;
  /// The loops around the launch in its caller, innermost first.
  std::vector<const clang::Stmt *> Loops;
  unsigned ConditionalDepth = 0;
  /// The if, switch and loop statements around the launch in its caller,
  /// innermost first (a lane may enter each without its warp-mates).
  std::vector<const clang::Stmt *> Branches;
  /// The callee is, or can reach by calls and launches, the caller.
  bool Recursive = false;
  /// The launch is a statement of its own (not inside an expression).
  bool IsStatement = false;
  /// For a launch statement directly inside a { } block: the block and the
  /// block's child that is the statement. Null otherwise (an expression, the
  /// body of an if or loop without braces).
  const clang::CompoundStmt *EnclosingBlock = nullptr;
  const clang::Stmt *BlockChild = nullptr;
  /// The launch comes out of a macro expansion.
  bool FromMacro = false;
  /// The caller is a template (the site is in its pattern).
  bool InTemplate = false;

  /// The launch statement in the working text: [StmtBegin, StmtEnd), the
  /// wrapper included, the ';' included.
  unsigned StmtBegin = 0, StmtEnd = 0;
  /// Offset of the launch expression in the working text.
  unsigned Offset = 0;

  /// The user's '#pragma dp': choices, and assertions such as
  /// aggregate(...)'s "the launches are independent".
  std::optional<PragmaDirective> Pragma;
  /// A --tuning file entry's per-site controls: choices only (SiteOrigin).
  std::optional<PragmaDirective> Tuning;
  std::string TuningFrom;

  bool inLoop() const { return LoopDepth > 0; }

  /// A per-site control's value at this site: the pragma's, else the
  /// tuning entry's. \p Get reads it from a directive (an optional).
  template <typename GetFn>
  auto setting(GetFn Get) const -> decltype(Get(*Pragma)) {
    if (Pragma)
      if (auto V = Get(*Pragma))
        return V;
    if (Tuning)
      return Get(*Tuning);
    return {};
  }
};

/// Launch statements that follow each other in one { } block with nothing
/// between them but empty statements: what the merge pass fuses. At least
/// two sites, in source order.
struct LaunchSequence {
  const clang::CompoundStmt *Block = nullptr;
  std::vector<const LaunchSite *> Sites;
};

} // namespace dpopt

#endif // DPOPT_ANALYSIS_LAUNCHSITE_H
