//===- ProgramAnalysis.h - Launch sites and kernel facts of a file -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs on the current parse of the working text. Finds every kernel launch in
// the main file with the facts of LaunchSite.h, and answers questions about
// kernels and device functions (their transitive FunctionFacts, whether one
// can reach another through calls and launches). Facts are computed on demand
// and cached; the object lives as long as the ParsedUnit it looked at.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_PROGRAMANALYSIS_H
#define DPOPT_ANALYSIS_PROGRAMANALYSIS_H

#include "dpopt/Analysis/FunctionFacts.h"
#include "dpopt/Analysis/LaunchSite.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <vector>

namespace dpopt {

class WorkingCopy;

class ProgramAnalysis {
public:
  explicit ProgramAnalysis(const WorkingCopy &WC);
  ~ProgramAnalysis();

  /// All launches in the main file, in source order.
  const std::vector<LaunchSite> &sites() const { return Sites; }
  /// Launches made by device code.
  std::vector<const LaunchSite *> deviceSites() const;
  /// Launches made by host code.
  std::vector<const LaunchSite *> hostSites() const;
  /// The maximal runs of consecutive launch statements (LaunchSequence) of
  /// host and device code, in source order (a run is in one block, so on one
  /// side). Launches written by macros are statements like any other here;
  /// whether a pass may rewrite them is the pass's question.
  std::vector<LaunchSequence> launchSequences() const;

  /// Facts of \p FD's own body.
  const FunctionFacts &localFacts(const clang::FunctionDecl *FD);
  /// Facts of \p FD merged with those of every function it calls,
  /// transitively (kernels it launches are not included).
  const FunctionFacts &transitiveFacts(const clang::FunctionDecl *FD);

  /// True when \p To can be reached from \p From by calls, and by launches
  /// too when \p ThroughLaunches.
  bool canReach(const clang::FunctionDecl *From, const clang::FunctionDecl *To,
                bool ThroughLaunches);

  /// The kernels launched in this file whose code can run \p F by calls
  /// (F itself when it is one), in the order of their first launch. Computed
  /// for all functions at once, in time linear in the call graph, so that a
  /// question per site does not cost a search per pair of sites.
  llvm::ArrayRef<const clang::FunctionDecl *>
  kernelsRunning(const clang::FunctionDecl *F);

  const WorkingCopy &workingCopy() const { return WC; }

private:
  void collectSites();
  bool search(const clang::FunctionDecl *From,
              const clang::FunctionDecl *Target, bool ThroughLaunches);

  const WorkingCopy &WC;
  std::vector<LaunchSite> Sites;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<FunctionFacts>>
      Local;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<FunctionFacts>>
      Transitive;
  /// canReach's answers, keyed by (From, To, ThroughLaunches) canonicalized.
  llvm::DenseMap<
      std::pair<const clang::FunctionDecl *, const clang::FunctionDecl *>, bool>
      Reach[2];
  /// kernelsRunning's answers, keyed by canonical function; filled at once.
  std::optional<llvm::DenseMap<const clang::FunctionDecl *,
                               std::vector<const clang::FunctionDecl *>>>
      Runners;
};

/// The declaration that stands for \p FD in call graphs and caches: the
/// written definition's canonical declaration.
const clang::FunctionDecl *canonicalFunction(const clang::FunctionDecl *FD);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_PROGRAMANALYSIS_H
