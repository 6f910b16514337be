//===- Batch.cpp - Many files in one dpopt command -----------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Driver/Batch.h"

#include "dpopt/Driver/Driver.h"
#include "dpopt/Report/Stats.h"
#include "dpopt/Support/Diagnostic.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <algorithm>
#include <deque>

using namespace llvm;

namespace dpopt {
namespace {

std::string absolute(StringRef Path, StringRef Base = "") {
  SmallString<256> P(Path);
  if (!Base.empty() && !sys::path::is_absolute(P)) {
    P = Base;
    sys::path::append(P, Path);
  }
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

Error batchError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

} // namespace

std::string commonDirectory(ArrayRef<std::string> Paths) {
  if (Paths.empty())
    return "";
  std::vector<StringRef> Common(sys::path::begin(Paths[0]),
                                sys::path::end(Paths[0]));
  Common.pop_back(); // the file name
  for (const std::string &P : Paths.drop_front()) {
    std::vector<StringRef> Parts(sys::path::begin(P), sys::path::end(P));
    Parts.pop_back();
    size_t N = 0;
    while (N < Common.size() && N < Parts.size() && Common[N] == Parts[N])
      ++N;
    Common.resize(N);
  }
  SmallString<256> Dir;
  for (StringRef Part : Common)
    sys::path::append(Dir, Part);
  return std::string(Dir);
}

Expected<std::vector<BatchFile>> planBatch(ArrayRef<std::string> Inputs,
                                           StringRef InRoot, StringRef OutDir) {
  std::vector<std::string> Absolute;
  for (const std::string &In : Inputs)
    Absolute.push_back(absolute(In));
  std::string Root =
      InRoot.empty() ? commonDirectory(Absolute) : absolute(InRoot);
  StringSet<> Seen;
  std::vector<BatchFile> Files;
  for (size_t I = 0; I < Inputs.size(); ++I) {
    if (!Seen.insert(Absolute[I]).second)
      return batchError("'" + Inputs[I] + "' is given twice");
    SmallString<256> Rel(Absolute[I]);
    if (!sys::path::replace_path_prefix(Rel, Root, ""))
      return batchError("'" + Inputs[I] + "' is not under the input root '" +
                        Root +
                        "' (--in-root), so its output has no place "
                        "under --out-dir");
    StringRef Below = sys::path::relative_path(Rel);
    while (!Below.empty() && sys::path::is_separator(Below.front()))
      Below = Below.drop_front();
    SmallString<256> Out(OutDir);
    sys::path::append(Out, Below);
    Files.push_back({Inputs[I], std::string(Out)});
  }
  return Files;
}

Expected<std::vector<std::string>> cudaSourcesOfDatabase(StringRef BuildDir) {
  std::string Error;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromDirectory(BuildDir,
                                                                 Error);
  if (!DB)
    return batchError("cannot read compilation database in '" + BuildDir +
                      "': " + Error);
  std::vector<std::string> Sources;
  StringSet<> Seen;
  for (const clang::tooling::CompileCommand &Cmd :
       DB->getAllCompileCommands()) {
    bool Cuda = sys::path::extension(Cmd.Filename) == ".cu";
    for (size_t I = 0; I < Cmd.CommandLine.size(); ++I) {
      StringRef A = Cmd.CommandLine[I];
      StringRef Lang = A == "-x" && I + 1 < Cmd.CommandLine.size()
                           ? StringRef(Cmd.CommandLine[I + 1])
                           : (A.starts_with("-x") ? A.drop_front(2) : "");
      if (Lang == "cu" || Lang == "cuda")
        Cuda = true;
    }
    std::string Path = absolute(Cmd.Filename, Cmd.Directory);
    if (Cuda && Seen.insert(Path).second)
      Sources.push_back(Path);
  }
  if (Sources.empty())
    return batchError("the compilation database in '" + BuildDir +
                      "' compiles no CUDA file");
  llvm::sort(Sources);
  return Sources;
}

namespace {

struct Running {
  size_t Index = 0;
  sys::ProcessInfo Process;
  SmallString<128> OutLog, ErrLog, StatsRows;
  bool Started = false;
  /// Why the process did not start.
  std::string NotStarted;
};

/// The statistics a file's process wrote to \p Path; for a process that
/// wrote none (it crashed), those of a file not rewritten.
FileStats readFileStats(StringRef Path, const std::string &Input) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Rows = MemoryBuffer::getFile(Path);
  if (Rows) {
    Expected<std::vector<FileStats>> Read = readStatsCsv((*Rows)->getBuffer());
    if (Read && Read->size() == 1)
      return Read->front();
    if (!Read)
      consumeError(Read.takeError());
  }
  FileStats Missing;
  Missing.File = Input;
  return Missing;
}

void printFile(StringRef Path, raw_ostream &OS) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (Text)
    OS << (*Text)->getBuffer();
  OS.flush();
}

} // namespace

int runBatch(ArrayRef<BatchFile> Files, const BatchRun &Run, raw_ostream &Errs,
             std::vector<FileStats> *Stats) {
  if (Stats)
    Stats->assign(Files.size(), FileStats());
  // Outputs mirror the inputs' directories; the processes only write files.
  for (const BatchFile &F : Files) {
    StringRef Dir = sys::path::parent_path(F.Output);
    if (!Dir.empty())
      if (std::error_code EC = sys::fs::create_directories(
              Dir, /*IgnoreExisting=*/true, sys::fs::perms::all_all)) {
        printDiagnostic(Errs,
                        toolDiagnostic(Severity::Error, DiagId::CannotWrite,
                                       "cannot create '" + Dir.str() +
                                           "': " + EC.message()));
        return ExitEnvironmentError;
      }
  }
  int Worst = ExitSuccess;
  std::vector<std::string> NotWritten;
  std::deque<Running> Active;
  size_t Next = 0;
  auto Start = [&](size_t Index) {
    Running R;
    R.Index = Index;
    int FD;
    if (sys::fs::createTemporaryFile("dpopt-out", "log", FD, R.OutLog) ||
        sys::fs::closeFile(FD) ||
        sys::fs::createTemporaryFile("dpopt-err", "log", FD, R.ErrLog) ||
        sys::fs::closeFile(FD) ||
        (Stats &&
         (sys::fs::createTemporaryFile("dpopt-stats", "csv", FD, R.StatsRows) ||
          sys::fs::closeFile(FD)))) {
      R.NotStarted = "cannot create a temporary file for its messages";
      Active.push_back(std::move(R));
      return;
    }
    std::vector<std::string> Args = Run.ArgsFor(Files[Index]);
    if (Stats)
      Args.insert(Args.begin(), "--batch-stats=" + R.StatsRows.str().str());
    std::vector<StringRef> Argv{Run.Self};
    Argv.insert(Argv.end(), Args.begin(), Args.end());
    std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(R.OutLog),
                                            StringRef(R.ErrLog)};
    std::string Why;
    bool Failed = false;
    R.Process = sys::ExecuteNoWait(Run.Self, Argv, std::nullopt, Redirects, 0,
                                   &Why, &Failed);
    R.Started = !Failed;
    if (Failed)
      R.NotStarted = "cannot run '" + Run.Self + "': " + Why;
    Active.push_back(std::move(R));
  };
  while (Next < Files.size() || !Active.empty()) {
    while (Active.size() < std::max(1u, Run.Jobs) && Next < Files.size())
      Start(Next++);
    Running R = std::move(Active.front());
    Active.pop_front();
    int Code = ExitEnvironmentError;
    std::string Why;
    if (R.Started) {
      sys::ProcessInfo Done = sys::Wait(R.Process, std::nullopt, &Why);
      // A negative code is a crash (or a failure to run): dpopt's bug.
      Code = Done.ReturnCode < 0 ? ExitInternalError : Done.ReturnCode;
    } else {
      Why = R.NotStarted;
    }
    printFile(R.OutLog, outs());
    printFile(R.ErrLog, Errs);
    sys::fs::remove(R.OutLog);
    sys::fs::remove(R.ErrLog);
    const BatchFile &F = Files[R.Index];
    if (Stats) {
      (*Stats)[R.Index] = readFileStats(R.StatsRows, F.Input);
      sys::fs::remove(R.StatsRows);
    }
    if (Code != ExitSuccess) {
      printDiagnostic(Errs,
                      toolDiagnostic(Severity::Error, DiagId::BatchFileFailed,
                                     "'" + F.Input + "' was not rewritten" +
                                         (Why.empty() ? "" : ": " + Why) +
                                         " (exit code " + std::to_string(Code) +
                                         ")"));
      NotWritten.push_back(F.Input);
      Worst = std::max(Worst, Code);
    }
  }
  if (!NotWritten.empty())
    Errs << "dpopt: " << NotWritten.size() << " of " << Files.size()
         << " files were not rewritten; the others were\n";
  return Worst;
}

} // namespace dpopt
