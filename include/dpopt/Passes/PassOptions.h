//===- PassOptions.h - Options shared by the pipeline's passes --*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_PASSOPTIONS_H
#define DPOPT_PASSES_PASSOPTIONS_H

#include "dpopt/Pragma/PragmaDirective.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace dpopt {

/// Command-line settings; a '#pragma dp' on a site overrides them there.
struct PassOptions {
  /// --threshold=N: the default for the THRESHOLD macro of threshold.
  std::optional<unsigned> Threshold;
  /// --coarsen-factor=N: the default for the coarsening factor macro.
  std::optional<unsigned> CoarsenFactor;
  /// --agg=warp|block|multiblock[:N]|grid: aggregate's default granularity.
  std::optional<AggregateSpec> Aggregate;
  /// --agg-threshold=N: the default for the aggregation threshold macro.
  std::optional<unsigned> AggThreshold;
  /// --agg-pack=auto|off: whether aggregate may run a child's clone packed
  /// (only the threads that do something) where it can tell which they are
  /// (unset: auto).
  std::optional<bool> AggPack;
  /// --fold-fp-atomics: threshold's serial versions fold floating-point
  /// atomicAdds as well as integer atomics (CombinableAtomics.h).
  bool FoldFpAtomics = false;
  /// --remove-launch=auto|T1|T2|T3|T4: how remove-launch assigns a child's
  /// work to its parent where no '#pragma dp remove_launch' says (unset:
  /// auto).
  std::optional<RemoveLaunchMode> RemoveLaunch;
  /// --consldt=warp|block|grid: consolidate every site the consolidate pass
  /// can, not only those with '#pragma dp consldt'.
  std::optional<Granularity> Consolidate;
  /// The passes of this run, by name, in order (set by the driver, not an
  /// option): a pass may leave a site to a later pass that handles it.
  std::vector<std::string> Pipeline;
  /// The pipeline was named with --passes (set by the driver): a pass that
  /// acts only where asked in the default pipeline (merge) does more when
  /// named.
  bool PipelineNamed = false;
  /// remove-launch takes only the launches that '#pragma dp remove_launch'
  /// or a tuning entry names (set by the driver where it adds the pass to
  /// the default pipeline for them).
  bool RemoveLaunchOnlyAsked = false;

  /// True when the pass \p Later runs after the pass \p Earlier.
  bool runsAfter(llvm::StringRef Later, llvm::StringRef Earlier) const {
    auto E = llvm::find(Pipeline, Earlier);
    return E != Pipeline.end() &&
           std::find(std::next(E), Pipeline.end(), Later) != Pipeline.end();
  }
};

} // namespace dpopt

#endif // DPOPT_PASSES_PASSOPTIONS_H
