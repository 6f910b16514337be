//===- LaunchDiscovery.cpp - Launches in the file as the user wrote it ---===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/LaunchDiscovery.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/AST/MainFileVisitor.h"
#include "dpopt/Frontend/ParseSession.h"

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
    if (!U.isInMainFile(E->getBeginLoc()) || Functions.empty())
      return true;
    DiscoveredLaunch L;
    L.DeviceSide = isDeviceContext(Functions);
    L.FromMacro = E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID();
    L.LaunchOffset = U.getOffset(E->getBeginLoc());
    // Clang puts the '<<<' location on the execution configuration's callee.
    const SourceManager &SM = U.getSourceManager();
    SourceLocation Chevron = SM.getSpellingLoc(E->getConfig()->getBeginLoc());
    if (SM.isWrittenInMainFile(Chevron))
      L.ChevronOffset = SM.getFileOffset(Chevron);

    // Climb over what wraps a launch statement without changing it.
    const Stmt *Child = E;
    unsigned Up = 1;
    while (isa_and_nonnull<ExprWithCleanups, ConstantExpr>(parentStmt(Up)))
      Child = parentStmt(Up++);
    L.IsStatement = isStatementPosition(Child, parentStmt(Up));
    L.Begin = U.getOffsetRange(Child->getSourceRange()).first;
    L.BeginLoc = Child->getBeginLoc();
    Launches.push_back(std::move(L));
    return true;
  }

  std::vector<DiscoveredLaunch> Launches;

private:
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
              return std::tie(A.LaunchOffset, A.Begin, A.ChevronOffset) <
                     std::tie(B.LaunchOffset, B.Begin, B.ChevronOffset);
            });
  return std::move(F.Launches);
}

} // namespace dpopt
