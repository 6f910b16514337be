//===- LaunchDiscovery.cpp - Launches in the file as the user wrote it ---===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/LaunchDiscovery.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/AST/MainFileVisitor.h"
#include "dpopt/Frontend/ParseSession.h"

#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <tuple>

using namespace clang;

namespace dpopt {
namespace {

class Finder : public MainFileVisitor<Finder> {
public:
  explicit Finder(const ParsedUnit &U)
      : MainFileVisitor(U.getSourceManager()), U(U) {}

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    record(E, /*Resolved=*/true);
    return true;
  }

  bool VisitRecoveryExpr(RecoveryExpr *E) {
    // Only the outermost RecoveryExpr of a failed launch counts.
    for (unsigned Up = 1; const Stmt *P = parentStmt(Up); ++Up)
      if (isa<RecoveryExpr>(P))
        return true;
    if (!spelledText(E).contains("<<<"))
      return true;
    record(E, /*Resolved=*/false);
    return true;
  }

  std::vector<DiscoveredLaunch> Launches;

private:
  /// The text as written: a launch produced by a macro is spelled in the
  /// macro's definition, not at the expansion.
  StringRef spelledText(const Expr *E) const {
    const SourceManager &SM = U.getSourceManager();
    SourceLocation B = SM.getSpellingLoc(E->getBeginLoc());
    SourceLocation End = SM.getSpellingLoc(E->getEndLoc());
    if (SM.getFileID(B) != SM.getFileID(End))
      return U.getSourceText(E->getSourceRange());
    return Lexer::getSourceText(CharSourceRange::getTokenRange(B, End), SM,
                                U.getASTContext().getLangOpts());
  }

  void record(const Expr *E, bool Resolved) {
    if (!U.isInMainFile(E->getBeginLoc()) || Functions.empty())
      return;
    DiscoveredLaunch L;
    L.Resolved = Resolved;
    L.DeviceSide = isDeviceContext(Functions);
    L.FromMacro = E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID();
    L.LaunchOffset = U.getOffset(E->getBeginLoc());
    if (const auto *CE = dyn_cast<CallExpr>(E))
      L.CalleeText = U.getSourceText(CE->getCallee()->getSourceRange()).str();
    else
      L.CalleeText = U.getSourceText(E->getSourceRange()).split("<<<").first.trim().str();

    // Climb over what wraps a launch statement without changing it.
    const Stmt *Child = E;
    unsigned Up = 1;
    while (isa_and_nonnull<ExprWithCleanups, ConstantExpr>(parentStmt(Up)))
      Child = parentStmt(Up++);
    L.IsStatement = isStatementPosition(Child, parentStmt(Up));

    auto [Begin, End] = U.getOffsetRange(Child->getSourceRange());
    L.Begin = Begin;
    L.End = End;
    if (L.IsStatement) {
      // The ';' after the expression, when the user wrote one there.
      const SourceManager &SM = U.getSourceManager();
      SourceLocation EndLoc = SM.getExpansionRange(Child->getEndLoc()).getEnd();
      std::optional<Token> Next = Lexer::findNextToken(
          EndLoc, SM, U.getASTContext().getLangOpts());
      if (Next && Next->is(tok::semi) && !Next->getLocation().isMacroID()) {
        L.HasSemicolon = true;
        L.End = SM.getFileOffset(Next->getLocation()) + 1;
      }
    }
    Launches.push_back(std::move(L));
  }

  const ParsedUnit &U;
};

} // namespace

std::vector<DiscoveredLaunch> discoverLaunches(const ParsedUnit &Unit) {
  Finder F(Unit);
  F.TraverseDecl(Unit.getASTContext().getTranslationUnitDecl());
  // The visitor meets launches in source order except inside macro
  // expansions and nested lambdas; sort, with a total order.
  std::sort(F.Launches.begin(), F.Launches.end(),
            [](const DiscoveredLaunch &A, const DiscoveredLaunch &B) {
              return std::tie(A.LaunchOffset, A.Begin, A.End) <
                     std::tie(B.LaunchOffset, B.Begin, B.End);
            });
  return std::move(F.Launches);
}

} // namespace dpopt
