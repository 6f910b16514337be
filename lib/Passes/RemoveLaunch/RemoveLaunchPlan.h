//===- RemoveLaunchPlan.h - Which launches remove-launch removes -*- C++
//-*-===//
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

#ifndef DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHPLAN_H
#define DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHPLAN_H

#include "RemoveLaunchSyncs.h"
#include "dpopt/Passes/Pass.h"
#include "dpopt/Passes/PassOptions.h"
#include "dpopt/Support/DiagnosticIds.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

/// The paper's four subtask assignments.
enum class Technique { T1, T2, T3, T4 };
const char *techniqueName(Technique T);

/// How a persistent parent grid runs the recorded child grids: single child
/// blocks over all persistent blocks (T1), whole child grids (T2), or one of
/// the two per round, chosen on the device as Fig. 7(b) does.
enum class PersistMode { T1, T2, Select };
const char *persistModeName(PersistMode M);

struct SiteDecision {
  const LaunchSite *Site = nullptr;
  /// How the launch is removed in the parent kernel itself (T3, T4); unset
  /// when it stays there.
  std::optional<Technique> Chosen;
  /// Set when a persistent version of the parent (T1/T2) runs the host
  /// launches of this file that HostLaunches lists.
  std::optional<PersistMode> Persist;
  std::vector<const LaunchSite *> HostLaunches;
  /// Fig. 7(a): the host launches the parent itself (with Chosen) instead of
  /// the persistent version when its grid has no fewer blocks than can be
  /// resident.
  bool HostFallsBack = false;
  /// T3/T4: a child grid larger than DPOPT_SERIAL_LIMIT (T4) or
  /// DPOPT_BLOCK_RUN_LIMIT (T3) threads is launched as written instead of
  /// run in the parent. Unset where a launch left in place could break the
  /// order of the thread's launches (the grid is then a constant that fits,
  /// or a legacy cudaDeviceSynchronize() needs every launch gone). A grid the
  /// GPU would reject is launched as written either way (it fails).
  bool SizeFallback = false;
  /// What is done and why (when Chosen or Persist), or why the launch stays.
  std::string Reason;
  /// The id of the missed remark when the launch stays.
  DiagId Id = DiagId::RemoveNoTechnique;

  bool removed() const { return Chosen || Persist; }
};

struct SyncDecision {
  LegacySync Sync;
  bool Remove = false;
  /// Why it goes, or why it stays.
  std::string Reason;
  /// The id of the missed remark when it stays.
  DiagId Id = DiagId::RemoveSyncKept;
};

/// The pass's plan: its verdicts (PassPlan) and what run() writes from.
struct RemoveLaunchPlan : PassPlan {
  /// One per device-side launch, in source order.
  std::vector<SiteDecision> Sites;
  /// One per device-side cudaDeviceSynchronize(), in source order.
  std::vector<SyncDecision> Syncs;

  const SiteDecision *decisionFor(const LaunchSite &S) const;
};

RemoveLaunchPlan planRemoveLaunch(ProgramAnalysis &A, const PassOptions &O);

} // namespace dpopt

#endif // DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHPLAN_H
