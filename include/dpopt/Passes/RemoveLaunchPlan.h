//===- RemoveLaunchPlan.h - Which launches remove-launch removes -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// remove-launch decides for the whole file at once: a child that launches is
// only run by its parent when its own launches are removed too, and a
// device-side cudaDeviceSynchronize() only goes when every launch its kernel
// can make is removed. The plan is computed before any text is written (the
// report's assessments use it as well), so what the pass does and what it
// says are the same. RemoveLaunchPass.h states the rules.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_REMOVELAUNCHPLAN_H
#define DPOPT_PASSES_REMOVELAUNCHPLAN_H

#include "dpopt/Passes/PassOptions.h"
#include "dpopt/Passes/RemoveLaunchSyncs.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

/// The paper's four subtask assignments.
enum class Technique { T1, T2, T3, T4 };
const char *techniqueName(Technique T);

struct SiteDecision {
  const LaunchSite *Site = nullptr;
  /// How the launch is removed; unset when it stays.
  std::optional<Technique> Chosen;
  /// Why this technique (when Chosen), or why the launch stays.
  std::string Reason;
};

struct SyncDecision {
  LegacySync Sync;
  bool Remove = false;
  /// Why it goes, or why it stays.
  std::string Reason;
};

struct RemoveLaunchPlan {
  /// One per device-side launch, in source order.
  std::vector<SiteDecision> Sites;
  /// One per device-side cudaDeviceSynchronize(), in source order.
  std::vector<SyncDecision> Syncs;

  const SiteDecision *decisionFor(const LaunchSite &S) const;
};

RemoveLaunchPlan planRemoveLaunch(ProgramAnalysis &A, const PassOptions &O);

} // namespace dpopt

#endif // DPOPT_PASSES_REMOVELAUNCHPLAN_H
