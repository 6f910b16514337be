//===- TuningFile.h - Per-site controls from a --tuning file ----*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A tuning file (written by dpopt-tune, or by hand) gives launch sites the
// per-site controls a '#pragma dp' could, without editing the source
// (docs/tuning.md):
//
//   # comment
//   bfs/cdp.cu:41:7 bfsChild skip(threshold) aggregate(grid)
//
// An entry names the file (a path whose trailing components match the
// input's), the line and column of the launch's kernel name, the kernel,
// and clauses in the pragma grammar. Only choices are allowed: threshold,
// coarsen, aggregate (its granularity; unlike the pragma it does not assert
// that the launches are independent), agg_threshold, skip and off. An entry
// whose line and column no longer name a launch of its kernel (the file was
// edited) applies to the kernel's only launch, else it is reported and
// ignored.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_DRIVER_TUNINGFILE_H
#define DPOPT_DRIVER_TUNINGFILE_H

#include "dpopt/Pragma/PragmaDirective.h"
#include "dpopt/Support/Diagnostic.h"
#include "dpopt/Support/SourceText.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace dpopt {

class ProgramAnalysis;
class WorkingCopy;

struct TuningEntry {
  /// The source file as written in the entry.
  std::string File;
  /// Where the launch's kernel name was when the entry was written.
  unsigned Line = 0, Column = 0;
  std::string Callee;
  PragmaDirective Controls;
  /// The entry's offset in the tuning file, and its clauses' offset.
  unsigned Offset = 0, ClausesOffset = 0;
};

class TuningFile {
public:
  /// Parses \p Text; every malformed entry adds an error to \p Diags.
  static TuningFile parse(std::string Path, std::string Text,
                          std::vector<Diagnostic> &Diags);

  llvm::StringRef path() const { return Source.path(); }
  const std::vector<TuningEntry> &entries() const { return Entries; }

  /// True when \p Entry's file names \p InputPath: equal paths, or the
  /// entry's relative path is a trailing run of the input's components.
  static bool namesFile(llvm::StringRef EntryFile, llvm::StringRef InputPath);

  /// Gives the device launch sites of \p WC the entries for \p InputPath:
  /// errors (a host launch, a clash with the launch's pragma, two entries
  /// for one launch), warnings (no launch found) and a remark per entry
  /// applied go to \p Diags.
  void apply(llvm::StringRef InputPath, WorkingCopy &WC, ProgramAnalysis &A,
             std::vector<Diagnostic> &Diags) const;

private:
  explicit TuningFile(SourceText Source) : Source(std::move(Source)) {}

  Diagnostic at(unsigned Offset, Severity Level, std::string Message,
                DiagId Id) const;
  /// "file:line" of \p E, for remarks and refusals.
  std::string where(const TuningEntry &E) const;

  SourceText Source;
  std::vector<TuningEntry> Entries;
};

} // namespace dpopt

#endif // DPOPT_DRIVER_TUNINGFILE_H
