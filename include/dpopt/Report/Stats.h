//===- Stats.h - Per-file and total statistics of a run ---------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// --stats and --stats=csv FILE: for each file and in total, the launch sites
// found (host and device side), what each pass transformed (by the id of
// its remark: threshold, coarsen, aggregate per granularity, ...), the sites
// no pass transformed with their reasons grouped by id, and the runtime
// headers the output includes. A batch's processes hand their files' rows
// to it in the CSV form, which reads back into the same FileStats.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REPORT_STATS_H
#define DPOPT_REPORT_STATS_H

#include "dpopt/Passes/Pass.h"
#include "dpopt/Passes/Remarks.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace dpopt {

struct FileStats {
  std::string File;
  /// False when dpopt stopped on the file (its diagnostics say why).
  bool Rewritten = false;
  unsigned HostSites = 0, DeviceSites = 0;
  /// (pass, remark id) -> places the pass transformed that way.
  std::map<std::pair<std::string, std::string>, unsigned> Transformed;
  /// Sites no pass transformed.
  unsigned LeftAlone = 0;
  /// (pass, remark id) -> sites left alone for which the pass gave that
  /// reason (a site can have one from each pass).
  std::map<std::pair<std::string, std::string>, unsigned> Reasons;
  /// The runtime headers the output includes.
  std::vector<std::string> RuntimeHeaders;
};

/// The statistics of \p WC's file after the passes made \p Remarks and
/// needed \p Needs.
FileStats collectStats(const WorkingCopy &WC, const RemarkEngine &Remarks,
                       const OutputNeeds &Needs);

/// Text: one block per file, then the total when there are several.
void printStatsText(llvm::raw_ostream &OS, llvm::ArrayRef<FileStats> Files);

/// CSV, one row per number: file,measure,pass,id,count (measures: rewritten,
/// sites_host, sites_device, transformed, left_alone, left_alone_reason,
/// runtime_header), the files' rows then the total's (file "TOTAL", whose
/// 'rewritten' counts the files rewritten). A left-alone site no pass gave
/// a reason for has pass '-' and id '-', or 'host' for a host-side one.
void writeStatsCsv(llvm::raw_ostream &OS, llvm::ArrayRef<FileStats> Files,
                   bool WithTotal = true);

/// Reads rows writeStatsCsv wrote (without the total) back.
llvm::Expected<std::vector<FileStats>> readStatsCsv(llvm::StringRef Text);

} // namespace dpopt

#endif // DPOPT_REPORT_STATS_H
