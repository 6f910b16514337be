//===- WarpConvergence.cpp - Lanes leave a statement together -----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/WarpConvergence.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Support/Runtime.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include <algorithm>
#include <tuple>

using namespace clang;
using namespace llvm;

namespace dpopt {

namespace {

/// True when \p S jumps out of the statement being checked. \p InLoop and
/// \p InSwitch say whether a break (continue) in \p S still targets a
/// statement inside it.
bool jumpsOut(const Stmt *S, bool InLoop, bool InSwitch) {
  if (!S)
    return false;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, CoreturnStmt>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InLoop && !InSwitch;
  if (isa<ContinueStmt>(S))
    return !InLoop;
  if (isa<LambdaExpr, BlockExpr>(S))
    return false; // its returns leave the lambda, not the statement
  bool Loop = InLoop || isLoop(S);
  bool Switch = InSwitch || isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (jumpsOut(Child, Loop, Switch))
      return true;
  return false;
}

} // namespace

bool leavesOnlyAtItsEnd(const Stmt *S) {
  bool Loop = isLoop(S), Switch = isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (jumpsOut(Child, Loop, Switch))
      return false;
  return true;
}

std::optional<std::string> enclosureBlocker(const ParsedUnit &U,
                                            const Stmt *S) {
  if (!leavesOnlyAtItsEnd(S))
    return std::string("a return, goto, break or continue can leave it");
  Expected<unsigned> End = statementEnd(U, S);
  if (!End)
    return toString(End.takeError());
  return std::nullopt;
}

Error encloseForConvergence(const ParsedUnit &U, ArrayRef<const Stmt *> Scopes,
                            StringRef Mask, EditList &Edits) {
  struct Scope {
    unsigned Begin, End;
  };
  std::vector<Scope> All;
  for (const Stmt *S : Scopes) {
    Expected<unsigned> End = statementEnd(U, S);
    if (!End)
      return End.takeError();
    Scope Sc{U.getOffset(S->getBeginLoc()), *End};
    bool Seen = std::any_of(All.begin(), All.end(), [&](const Scope &O) {
      return O.Begin == Sc.Begin && O.End == Sc.End;
    });
    if (!Seen)
      All.push_back(Sc);
  }
  // Insertions at one offset keep their order: where scopes end together the
  // inner (shorter) one must close first, and where they begin together the
  // outer one must open first.
  std::sort(All.begin(), All.end(), [](const Scope &A, const Scope &B) {
    return std::make_tuple(A.End, B.Begin) < std::make_tuple(B.End, A.Begin);
  });
  for (const Scope &Sc : All)
    Edits.insert(Sc.End, " " + rt::syncLanes + "(" + Mask.str() + "); }");
  std::sort(All.begin(), All.end(), [](const Scope &A, const Scope &B) {
    return std::make_tuple(A.Begin, B.End) < std::make_tuple(B.Begin, A.End);
  });
  for (const Scope &Sc : All)
    Edits.insert(
        Sc.Begin,
        "{ const unsigned " + Mask.str() +
            " = __activemask(); /* dpopt: these lanes leave together */ ");
  return Error::success();
}

} // namespace dpopt
