//===- CompileFlags.cpp - From the user's nvcc flags to clang's -----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/CompileFlags.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace dpopt {
namespace {

/// nvcc flags taking a separate value, dropped.
bool isIgnoredWithValue(StringRef F) {
  return StringSwitch<bool>(F)
      .Cases({"-arch", "--gpu-architecture", "-gencode", "--generate-code",
              "-code", "--gpu-code"},
             true)
      .Cases({"-rdc", "--relocatable-device-code", "-Xcompiler",
              "--compiler-options", "-Xptxas", "--ptxas-options"},
             true)
      .Cases({"-Xnvlink", "--nvlink-options", "-Xlinker", "--linker-options",
              "-Xcudafe", "-Xarchive"},
             true)
      .Cases({"-ccbin", "--compiler-bindir", "-o", "--output-file", "-MF",
              "-MT", "-MQ"},
             true)
      .Cases({"--default-stream", "-default-stream", "-maxrregcount",
              "--maxrregcount", "--diag-suppress", "-diag-suppress"},
             true)
      .Cases({"--threads", "-t", "-cudart", "--cudart", "-keep-dir",
              "--keep-dir", "--options-file"},
             true)
      .Cases({"--machine", "--Werror", "-ftz", "--ftz"}, true)
      .Cases({"-prec-div", "--prec-div", "-prec-sqrt", "--prec-sqrt", "-fmad",
              "--fmad", "-L", "--library-path"},
             true)
      .Cases({"-l", "--library", "-split-compile", "--split-compile"}, true)
      .Default(false);
}

/// nvcc flags without a value, dropped.
bool isIgnoredWithoutValue(StringRef F) {
  if (F.starts_with("-O") || F.starts_with("--optimize") ||
      F.starts_with("-W") || F.starts_with("-Werror=") ||
      (F.starts_with("-l") && F.size() > 2) ||
      (F.starts_with("-L") && F.size() > 2) || F.starts_with("-arch=") ||
      F.starts_with("--gpu-architecture=") || F.starts_with("-gencode=") ||
      F.starts_with("--generate-code=") || F.starts_with("-code=") ||
      F.starts_with("--gpu-code=") || F.starts_with("-rdc=") ||
      F.starts_with("--relocatable-device-code=") ||
      F.starts_with("--default-stream=") || F.starts_with("-maxrregcount=") ||
      F.starts_with("--maxrregcount=") || F.starts_with("--use_fast_math") ||
      F.starts_with("-ccbin=") || F.starts_with("--compiler-bindir=") ||
      F.starts_with("-Xcompiler=") || F.starts_with("--compiler-options=") ||
      F.starts_with("-Xptxas=") || F.starts_with("--ptxas-options=") ||
      F.starts_with("--diag-suppress=") || F.starts_with("-diag-suppress=") ||
      F.starts_with("-cudart=") || F.starts_with("--cudart=") ||
      F.starts_with("--threads=") || F.starts_with("-ftz=") ||
      F.starts_with("-prec-div=") || F.starts_with("-prec-sqrt=") ||
      F.starts_with("-fmad=") || F.starts_with("--split-compile="))
    return true;
  return StringSwitch<bool>(F)
      .Cases({"-c", "--compile", "-dc", "--device-c", "-dw", "--device-w"},
             true)
      .Cases(
          {"-dlink", "--device-link", "-g", "--debug", "-G", "--device-debug"},
          true)
      .Cases({"-lineinfo", "--generate-line-info", "-use_fast_math",
              "--use_fast_math", "-m64", "-m32"},
             true)
      .Cases({"-MD", "-MMD", "-M", "-MM", "-MP", "--generate-dependencies"},
             true)
      .Cases({"--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
              "--expt-extended-lambda", "-expt-extended-lambda",
              "--extended-lambda", "-extended-lambda"},
             true)
      .Cases({"-w", "--disable-warnings", "-keep", "--keep", "-res-usage",
              "--resource-usage"},
             true)
      .Cases({"-forward-unknown-to-host-compiler",
              "--forward-unknown-to-host-compiler",
              "-forward-unknown-to-host-linker",
              "--forward-unknown-to-host-linker", "-shared", "--shared"},
             true)
      .Cases({"-v", "--verbose", "-static", "-pg", "-fPIC", "-fpic"}, true)
      .Default(false);
}

std::string absolutize(StringRef Path, StringRef WorkingDir) {
  if (WorkingDir.empty() || sys::path::is_absolute(Path))
    return std::string(Path);
  SmallString<256> P(WorkingDir);
  sys::path::append(P, Path);
  return std::string(P);
}

/// nvcc accepts comma-separated lists for -I, -isystem, -D and -U.
SmallVector<StringRef, 4> splitList(StringRef V) {
  SmallVector<StringRef, 4> Parts;
  V.split(Parts, ',', -1, /*KeepEmpty=*/false);
  return Parts;
}

} // namespace

TranslatedFlags translateNvccFlags(ArrayRef<std::string> Flags,
                                   StringRef WorkingDir) {
  TranslatedFlags Out;
  auto Add = [&](StringRef Flag, StringRef Value) {
    Out.ClangArgs.push_back(std::string(Flag));
    Out.ClangArgs.push_back(std::string(Value));
  };

  for (size_t I = 0; I < Flags.size(); ++I) {
    StringRef F = Flags[I];
    // Returns the value of a flag spelled Spelling (joined, with '=', or as
    // the next argument); nullopt when F is not that flag.
    auto ValueOf = [&](StringRef Spelling,
                       bool AllowJoined) -> std::optional<std::string> {
      if (F == Spelling) {
        if (I + 1 < Flags.size())
          return Flags[++I];
        return std::string();
      }
      if (F.starts_with(Spelling.str() + "="))
        return F.drop_front(Spelling.size() + 1).str();
      if (AllowJoined && F.starts_with(Spelling))
        return F.drop_front(Spelling.size()).str();
      return std::nullopt;
    };

    if (auto V = ValueOf("-I", true)) {
      for (StringRef D : splitList(*V))
        Out.ClangArgs.push_back("-I" + absolutize(D, WorkingDir));
      continue;
    }
    if (auto V = ValueOf("--include-path", false)) {
      for (StringRef D : splitList(*V))
        Out.ClangArgs.push_back("-I" + absolutize(D, WorkingDir));
      continue;
    }
    if (auto V = F.starts_with("-isystem")
                     ? ValueOf("-isystem", true)
                     : ValueOf("--system-include", false)) {
      for (StringRef D : splitList(*V))
        Add("-isystem", absolutize(D, WorkingDir));
      continue;
    }
    if (auto V = F.starts_with("--define-macro")
                     ? ValueOf("--define-macro", false)
                     : ValueOf("-D", true)) {
      for (StringRef M : splitList(*V))
        Out.ClangArgs.push_back("-D" + M.str());
      continue;
    }
    if (auto V = F.starts_with("--undefine-macro")
                     ? ValueOf("--undefine-macro", false)
                     : ValueOf("-U", true)) {
      for (StringRef M : splitList(*V))
        Out.ClangArgs.push_back("-U" + M.str());
      continue;
    }
    if (auto V = F.starts_with("--pre-include")
                     ? ValueOf("--pre-include", false)
                     : ValueOf("-include", true)) {
      Add("-include", absolutize(*V, WorkingDir));
      continue;
    }
    if (auto V = F.starts_with("--std") ? ValueOf("--std", false)
                                        : ValueOf("-std", false)) {
      Out.ClangArgs.push_back("-std=" + *V);
      continue;
    }
    if (F == "-iquote" || F == "-idirafter") {
      if (I + 1 < Flags.size())
        Add(F, absolutize(Flags[++I], WorkingDir));
      continue;
    }
    if (F == "-x" || F == "--x") {
      if (I + 1 < Flags.size())
        ++I; // dpopt always parses CUDA
      continue;
    }
    if (F.starts_with("-x") && F.size() > 2)
      continue;
    if (isIgnoredWithValue(F)) {
      std::string Dropped = std::string(F);
      if (I + 1 < Flags.size())
        Dropped += " " + Flags[++I];
      Out.Ignored.push_back(Dropped);
      continue;
    }
    if (isIgnoredWithoutValue(F)) {
      Out.Ignored.push_back(std::string(F));
      continue;
    }
    Out.ClangArgs.push_back(std::string(F));
  }
  return Out;
}

Expected<TranslatedFlags> flagsFromCompilationDatabase(StringRef BuildDir,
                                                       StringRef File) {
  std::string Error;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromDirectory(BuildDir,
                                                                 Error);
  if (!DB)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read compilation database in '" +
                                 BuildDir + "': " + Error);
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  std::vector<clang::tooling::CompileCommand> Cmds =
      DB->getCompileCommands(Abs);
  if (Cmds.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no compile command for '" + File + "' in " +
                                 BuildDir + "/compile_commands.json");
  const clang::tooling::CompileCommand &Cmd = Cmds.front();
  std::vector<std::string> Args;
  // Drop the compiler and the input; -o/-c are dropped by the translation.
  for (size_t I = 1; I < Cmd.CommandLine.size(); ++I) {
    StringRef A = Cmd.CommandLine[I];
    // What follows '--' is input files: clang tools' interpolation writes
    // the file there for a file the database does not list.
    if (A == "--")
      break;
    if (A == Cmd.Filename || A == File || A == Abs.str())
      continue;
    SmallString<256> P(Cmd.Directory);
    sys::path::append(P, A);
    if (!A.starts_with("-") && P.str() == Abs.str())
      continue;
    Args.push_back(std::string(A));
  }
  return translateNvccFlags(Args, Cmd.Directory);
}

} // namespace dpopt
