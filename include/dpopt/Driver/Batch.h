//===- Batch.h - Many files in one dpopt command ----------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// 'dpopt a.cu b.cu --out-dir DIR' and 'dpopt -p build/ --out-dir DIR' (every
// CUDA file of the compilation database). Each file is rewritten by a dpopt
// process of its own, several at a time: a file that fails (or crashes
// dpopt) is reported and the others are still written, each whole or not
// at all. Outputs mirror the inputs' paths below their common directory (or
// --in-root). What each process prints is shown in input order, so the
// output is the same however the processes interleave.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_DRIVER_BATCH_H
#define DPOPT_DRIVER_BATCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <vector>

namespace dpopt {

struct FileStats;

/// One file of a batch: what to read, where to write.
struct BatchFile {
  std::string Input;
  std::string Output;
};

/// The directory every one of \p Paths (absolute, normalized) is under.
std::string commonDirectory(llvm::ArrayRef<std::string> Paths);

/// The files of a batch: each input as given and its output, \p OutDir
/// joined with the input's path below \p InRoot (empty: the inputs' common
/// directory). An input outside the root, or given twice, is an error.
llvm::Expected<std::vector<BatchFile>>
planBatch(llvm::ArrayRef<std::string> Inputs, llvm::StringRef InRoot,
          llvm::StringRef OutDir);

/// The CUDA sources of the compilation database in \p BuildDir: the files
/// named '*.cu', and those a command compiles as CUDA ('-x cu', '-x cuda').
llvm::Expected<std::vector<std::string>>
cudaSourcesOfDatabase(llvm::StringRef BuildDir);

/// How to run one file: \p Self with \p ArgsFor(File) (not counting the
/// program name).
struct BatchRun {
  std::string Self;
  std::function<std::vector<std::string>(const BatchFile &)> ArgsFor;
  unsigned Jobs = 1;
};

/// Runs every file of \p Files, \p Run.Jobs at a time; prints what each
/// printed to \p Errs in order. Returns 0 when all succeeded, else the
/// highest exit code (a crash counts as an internal error, 3). With \p
/// Stats, each process also writes its file's statistics (--batch-stats),
/// and \p Stats gets them in input order (a file whose process wrote none
/// was not rewritten).
int runBatch(llvm::ArrayRef<BatchFile> Files, const BatchRun &Run,
             llvm::raw_ostream &Errs, std::vector<FileStats> *Stats = nullptr);

} // namespace dpopt

#endif // DPOPT_DRIVER_BATCH_H
