//===- Driver.h - One dpopt run, from options to output file ----*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The CLI parses flags into DriverOptions and calls runDriver; tests call it
// directly. The run: check options, find CUDA, translate the user's flags,
// parse (WorkingCopy), report, run the passes with a re-parse after each,
// print remarks, and write the output atomically. Errors never leave an
// output file behind.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_DRIVER_DRIVER_H
#define DPOPT_DRIVER_DRIVER_H

#include "dpopt/Passes/PassOptions.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

struct FileStats;

enum class ReportFormat { None, Text, Json };

struct DriverOptions {
  std::string Input;
  /// Empty: no output (only allowed with a report); "-": stdout.
  std::string Output;
  /// The --passes list; unset runs the default pipeline.
  std::optional<std::string> Passes;
  ReportFormat Report = ReportFormat::None;
  /// Where the report goes; empty: stdout, or stderr when the output is
  /// stdout.
  std::string ReportFile;
  /// --depfile: where to write the output's make-style dependencies.
  std::string DepFile;
  bool Remarks = false;
  /// --tuning: a tuning file's per-site controls (TuningFile.h).
  std::string TuningFile;
  /// Write '#line' directives so that compilers and debuggers point at the
  /// user's file for the user's code (LineDirectives.h).
  bool LineDirectives = true;
  /// --diag-suppress, --diag-warn, --diag-error: their values, each a comma
  /// list of ids (DiagnosticPolicy.h).
  std::vector<std::string> DiagSuppress, DiagWarn, DiagError;
  std::string CudaPath;
  /// -p: take flags from <dir>/compile_commands.json.
  std::string BuildDir;
  /// Flags after '--', nvcc or clang style.
  std::vector<std::string> ExtraFlags;
  bool Verbose = false;
  /// --stats: filled with the run's statistics (Stats.h); Rewritten only
  /// once the output is written.
  FileStats *Stats = nullptr;
  /// Say which nvcc flags are ignored (a batch's processes do not: the
  /// note would repeat for every file).
  bool NoteIgnoredFlags = true;
  /// Print how long parsing and each pass took.
  bool Timing = false;
  PassOptions PassOpts;
  /// Overrides for tests; empty means the values CMake configured.
  std::string ClangResourceDir;
  /// The directory holding dpopt/runtime.cuh, which rewritten files include
  /// (the installed one next to the tool, else the source tree's).
  std::string RuntimeDir;
};

/// Exit codes: 0 success, 1 errors in the input or the options, 2 a failure
/// of the environment (CUDA or clang missing, unwritable output), 3 an
/// internal error (a dpopt bug).
enum ExitCode {
  ExitSuccess = 0,
  ExitInputError = 1,
  ExitEnvironmentError = 2,
  ExitInternalError = 3
};

int runDriver(const DriverOptions &Options, llvm::raw_ostream &Errs);

} // namespace dpopt

#endif // DPOPT_DRIVER_DRIVER_H
