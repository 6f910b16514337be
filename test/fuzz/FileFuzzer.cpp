//===- FileFuzzer.cpp - libFuzzer target over whole .cu files ------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each input is written to <tmpdir>/in.cu and run through the in-process
// driver (runDriver) as the CLI runs it (CUDA, clang's resource directory
// and the runtime found the default way). Besides not crashing (ASan), dpopt
// must keep these promises on any file (test/fuzz/README.md):
//
//   exit   every run exits 0, 1 or 2; 3 (an internal error) is a finding.
//   clean  a run that does not exit 0 leaves no output file, and no run
//          leaves a temporary file behind.
//   ident  --passes=none that exits 0 writes the input back byte for byte.
//   parses the default pipeline's output, when it exits 0, parses again
//          (--passes=none exits 0) and round-trips.
//
// A broken promise prints the input's diagnostics and aborts. Environment:
//   DPOPT_FUZZ_ALWAYS=1  run the default pipeline on files that do not
//                        parse too (skipped by default: twice the cost).
//   DPOPT_FUZZ_VERBOSE=1 print every run's diagnostics.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Driver/Driver.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

using namespace llvm;

namespace {

struct FuzzState {
  std::string Dir;
  std::string Input;  // the fuzzed bytes
  std::string Same;   // --passes=none output
  std::string Output; // default pipeline output
  std::string Again;  // the default output through --passes=none
  bool Verbose = false;
  bool Always = false;
  unsigned long Runs = 0, EnvErrors = 0;
};

FuzzState *State = nullptr;

bool envIs(const char *Name, StringRef Value) {
  const char *V = std::getenv(Name);
  return V && Value == V;
}

std::string inDir(StringRef Name) {
  SmallString<256> P(State->Dir);
  sys::path::append(P, Name);
  return std::string(P);
}

void removeDir() {
  if (!State)
    return;
  for (const std::string *F :
       {&State->Input, &State->Same, &State->Output, &State->Again})
    sys::fs::remove(*F);
  sys::fs::remove(State->Dir);
  fprintf(stderr, "dpopt-file-fuzzer: %lu driver runs, %lu exited 2\n",
          State->Runs, State->EnvErrors);
}

[[noreturn]] void finding(const char *Promise, const std::string &Detail,
                          const std::string &Diags) {
  fprintf(stderr,
          "\ndpopt-file-fuzzer: FINDING (%s): %s\n--- diagnostics ---\n%s"
          "--- end ---\n",
          Promise, Detail.c_str(), Diags.c_str());
  std::abort();
}

std::optional<std::string> readFile(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!B)
    return std::nullopt;
  return (*B)->getBuffer().str();
}

/// Every file in the directory is one of ours: the driver's atomic writes
/// leave no '*.dpopt-XXXXXX.tmp' behind.
void checkNoStrayFiles(const std::string &Diags) {
  std::error_code EC;
  for (sys::fs::directory_iterator I(State->Dir, EC), E; I != E && !EC;
       I.increment(EC)) {
    StringRef Path = I->path();
    if (Path != State->Input && Path != State->Same && Path != State->Output &&
        Path != State->Again)
      finding("clean", "a run left '" + Path.str() + "' behind", Diags);
  }
}

/// One driver run from Input to Out. Returns the exit code and the
/// diagnostics in Diags; checks the promises every run keeps.
int runOnce(const std::string &Input, const std::string &Out,
            std::optional<std::string> Passes, std::string &Diags) {
  sys::fs::remove(Out);
  dpopt::DriverOptions O;
  O.Input = Input;
  O.Output = Out;
  O.Passes = std::move(Passes);
  O.Remarks = false;
  std::string Text;
  raw_string_ostream Errs(Text);
  int Code = dpopt::runDriver(O, Errs);
  Errs.flush();
  ++State->Runs;
  std::string Run = "[dpopt " + Input + " -o " + Out +
                    (O.Passes ? " --passes=" + *O.Passes : std::string()) +
                    ": exit " + std::to_string(Code) + "]\n" + Text;
  Diags += Run;
  if (State->Verbose)
    fprintf(stderr, "%s", Run.c_str());
  if (Code != dpopt::ExitSuccess && Code != dpopt::ExitInputError &&
      Code != dpopt::ExitEnvironmentError)
    finding("exit", "exit code " + std::to_string(Code), Diags);
  if (Code == dpopt::ExitEnvironmentError && State->EnvErrors++ < 5)
    fprintf(stderr, "dpopt-file-fuzzer: note: a run exited 2:\n%s",
            Diags.c_str());
  if (Code != dpopt::ExitSuccess && sys::fs::exists(Out))
    finding("clean", "exit " + std::to_string(Code) + " left '" + Out + "'",
            Diags);
  if (Code == dpopt::ExitSuccess && !sys::fs::exists(Out))
    finding("clean", "exit 0 wrote no '" + Out + "'", Diags);
  checkNoStrayFiles(Diags);
  return Code;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  State = new FuzzState();
  SmallString<256> Dir;
  if (std::error_code EC = sys::fs::createUniqueDirectory("dpopt-fuzz", Dir)) {
    fprintf(stderr, "dpopt-file-fuzzer: cannot create a temp dir: %s\n",
            EC.message().c_str());
    std::exit(1);
  }
  State->Dir = std::string(Dir);
  State->Input = inDir("in.cu");
  State->Same = inDir("same.cu");
  State->Output = inDir("out.cu");
  State->Again = inDir("again.cu");
  State->Verbose = envIs("DPOPT_FUZZ_VERBOSE", "1");
  State->Always = envIs("DPOPT_FUZZ_ALWAYS", "1");
  std::atexit(removeDir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  {
    std::error_code EC;
    raw_fd_ostream OS(State->Input, EC, sys::fs::OF_None);
    if (EC) {
      fprintf(stderr, "dpopt-file-fuzzer: cannot write %s: %s\n",
              State->Input.c_str(), EC.message().c_str());
      std::exit(1);
    }
    OS << Bytes;
  }
  std::string Diags;

  // (a) --passes=none prints the input back unchanged.
  int Code = runOnce(State->Input, State->Same, std::string("none"), Diags);
  if (Code == dpopt::ExitSuccess) {
    std::optional<std::string> Same = readFile(State->Same);
    if (!Same || *Same != Bytes)
      finding("ident",
              "--passes=none changed the file (" +
                  std::to_string(Same ? Same->size() : 0) + " bytes out, " +
                  std::to_string(Size) + " in)",
              Diags);
  }

  // (b) the default pipeline's output parses again and round-trips. A file
  // that does not parse (exit 1) fails the same way under the default
  // pipeline at about twice the cost (a preamble build, then the parse), so
  // that run is skipped unless DPOPT_FUZZ_ALWAYS=1.
  if (Code == dpopt::ExitInputError && !State->Always)
    return 0;
  if (runOnce(State->Input, State->Output, std::nullopt, Diags) !=
      dpopt::ExitSuccess)
    return 0;
  Code = runOnce(State->Output, State->Again, std::string("none"), Diags);
  if (Code != dpopt::ExitSuccess)
    finding("parses",
            "the default pipeline's output does not parse again (exit " +
                std::to_string(Code) + ")",
            Diags);
  std::optional<std::string> Out = readFile(State->Output);
  std::optional<std::string> Again = readFile(State->Again);
  if (!Out || !Again || *Out != *Again)
    finding("ident", "--passes=none changed the default pipeline's output",
            Diags);
  return 0;
}
