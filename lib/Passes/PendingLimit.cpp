//===- PendingLimit.cpp - Raising the device runtime's pending launches --===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "PendingLimit.h"

#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Support/Runtime.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

/// True when the file calls cudaDeviceSetLimit with
/// cudaLimitDevRuntimePendingLaunchCount (it manages the limit).
bool setsPendingLaunchLimit(const ASTContext &Ctx) {
  using namespace clang::ast_matchers;
  auto Call = callExpr(
      isExpansionInMainFile(),
      callee(functionDecl(hasName("cudaDeviceSetLimit"))),
      hasArgument(0, ignoringParenImpCasts(declRefExpr(to(enumConstantDecl(
                         hasName("cudaLimitDevRuntimePendingLaunchCount")))))));
  return !match(findAll(Call), const_cast<ASTContext &>(Ctx)).empty();
}

} // namespace

void raisePendingLimit(
    ProgramAnalysis &A, EditList &Edits, ArrayRef<const FunctionDecl *> Kernels,
    StringRef What, const PendingRaise &How,
    function_ref<void(const LaunchSite &, DiagId, const std::string &)> Note) {
  if (Kernels.empty())
    return;
  bool UserSets =
      setsPendingLaunchLimit(A.workingCopy().unit().getASTContext());
  for (const LaunchSite *H : A.hostSites()) {
    if (!H->Callee)
      continue;
    const FunctionDecl *Reached = nullptr;
    for (const FunctionDecl *K : Kernels)
      if (!Reached && (canonicalFunction(H->Callee) == canonicalFunction(K) ||
                       A.canReach(H->Callee, K, /*ThroughLaunches=*/true)))
        Reached = K;
    if (!Reached)
      continue;
    std::string Reaches = "this launch reaches " + What.str() + " '" +
                          Reached->getNameAsString() + "'";
    if (UserSets) {
      Note(*H, DiagId::PendingLimitUserSets,
           Reaches + "; the file sets "
                     "cudaLimitDevRuntimePendingLaunchCount itself, "
                     "so dpopt leaves the limit to it");
      continue;
    }
    if (std::optional<Refusal> Why = launchFormBlocker(*H)) {
      Note(*H, DiagId::PendingLimitNotRaised,
           Reaches +
               ", but the pending-launch limit is not raised before it: " +
               Why->Reason);
      continue;
    }
    Edits.insert(H->StmtBegin, "{ " + How.Raise + "(); ");
    Edits.insert(H->StmtEnd, " }");
    Note(*H, DiagId::PendingLimitRaised,
         Reaches +
             ": raising the device runtime's pending-launch "
             "limit " +
             How.Effect.str() + " first");
  }
}

} // namespace dpopt
