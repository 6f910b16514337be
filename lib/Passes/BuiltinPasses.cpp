//===- BuiltinPasses.cpp - The list of passes dpopt ships ----------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One explicit list rather than static registration objects: LLVM style
// avoids global constructors, and the order here is the default pipeline.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/AggregatePass.h"
#include "dpopt/Passes/CoarsenPass.h"
#include "dpopt/Passes/ConsolidatePass.h"
#include "dpopt/Passes/ContinuationPass.h"
#include "dpopt/Passes/FlattenRecursionPass.h"
#include "dpopt/Passes/MergePass.h"
#include "dpopt/Passes/PassRegistry.h"
#include "dpopt/Passes/RemoveLaunchPass.h"
#include "dpopt/Passes/ThresholdPass.h"

namespace dpopt {

PassRegistry PassRegistry::builtin() {
  PassRegistry R;
  R.add(createFlattenRecursionPass());
  R.add(createContinuationPass());
  R.add(createThresholdPass());
  R.add(createCoarsenPass());
  R.add(createConsolidatePass());
  R.add(createAggregatePass());
  R.add(createRemoveLaunchPass());
  R.add(createMergePass());
  // consolidate acts only where a pragma or --consldt asks for it; the
  // sites it takes, aggregate leaves alone.
  // continuation goes first: legacy CDP1 kernels become CDP2 code that the
  // other passes then see like any other.
  // merge, in the default pipeline, acts only on '#pragma dp merge', and
  // before the per-site passes rewrite the launches it would join.
  // flatten-recursion goes before continuation: a chain of one-block
  // children it runs in the block needs no continuation for its waits.
  R.DefaultOrder = {"flatten-recursion", "continuation", "merge",
                    "threshold",         "coarsen",      "consolidate",
                    "aggregate"};
  return R;
}

} // namespace dpopt
