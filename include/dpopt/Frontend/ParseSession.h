//===- ParseSession.h - Parsing CUDA as the device compilation does -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Parses one CUDA file, repeatedly: once as written, then each time a pass
// has rewritten it. Clang 22 resolves device-side kernel launches (templates,
// overloads, recursion) natively with -fgpu-rdc. The parse is the device
// compilation's (--cuda-device-only --cuda-gpu-arch=sm_90): it sees code
// under '#if __CUDA_ARCH__' as nvcc's device pass does, and host functions
// and host launches too, since clang parses every function body in both
// compilations. What only the host compilation sees (blocks the device side
// skips) is reported as HiddenLaunch. A parse-only prelude declares the
// legacy device-side cudaDeviceSynchronize() that CUDA 12+ headers dropped;
// it lives in an in-memory file system: nothing is written to disk.
//
// Re-parsing must be cheap (dpopt must cost less than nvcc -c of the same
// file), so the session builds a precompiled preamble of the file's leading
// #includes once, as clangd does, and reuses it while that region is
// unchanged. Passes never edit the preamble region.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_FRONTEND_PARSESESSION_H
#define DPOPT_FRONTEND_PARSESESSION_H

#include "dpopt/Frontend/CudaInstallation.h"
#include "dpopt/Support/Runtime.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class CompilerInvocation;
class FrontendAction;
class PCHContainerOperations;
class PrecompiledPreamble;
class Preprocessor;
} // namespace clang

namespace dpopt {

/// Clang's driver rejected the command line: a flag the user passed (an
/// unknown one, -std=bogus) is wrong, so it is the user's input that is bad,
/// not the environment.
class InvalidFlagsError : public llvm::ErrorInfo<InvalidFlagsError> {
public:
  static char ID;
  explicit InvalidFlagsError(std::string Message)
      : Message(std::move(Message)) {}
  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string Message;
};

struct ParseConfig {
  /// The user's file; its contents come from parse()'s argument.
  std::string MainFile;
  CudaInstallation Cuda;
  /// Clang flags translated from the user's nvcc flags.
  std::vector<std::string> ExtraArgs;
  /// Clang's resource directory and driver path (set by CMake; overridable
  /// for tests).
  std::string ResourceDir;
  std::string ClangPath;
  /// The directory holding dpopt/runtime.cuh: rewritten code calls the
  /// runtime, so the parse-only prelude includes RuntimeHeaders from it.
  std::string RuntimeDir;
  /// The runtime headers the passes that will run may write calls to.
  std::vector<RuntimeHeader> RuntimeHeaders;
  /// Parse the headers once into a precompiled preamble that later parses
  /// of the same session reuse.
  bool UsePreamble = true;
};

/// A clang diagnostic, copied out while its SourceManager was alive.
struct ClangDiagnostic {
  enum LevelKind { Note, Warning, Error } Level = Error;
  unsigned ID = 0;
  std::string Message;
  bool InMainFile = false;
  unsigned Offset = 0; // in the parsed main-file text, when InMainFile
  std::string File;    // presumed location, for diagnostics in headers
  unsigned Line = 0, Column = 0;
  std::string LineText;
};

/// One '#pragma dp' as the preprocessor saw it (skipped #if blocks excluded).
struct PragmaOccurrence {
  bool InMainFile = false;
  /// Offset of '#' (or of '_Pragma') in the parsed main-file text.
  unsigned Offset = 0;
  /// The clause text after 'dp', rebuilt from the tokens.
  std::string ClauseText;
  /// For each token of ClauseText: its offset there and in the main file.
  std::vector<std::pair<size_t, unsigned>> TokenOffsets;
  /// Where it was, for pragmas outside the main file.
  std::string File;
  unsigned Line = 0, Column = 0;
  /// The first token the parser gets after the pragma, as the preprocessor
  /// produced it (macro locations included): in a macro that expands to the
  /// pragma and a launch, the launch's first token. Invalid for pragmas seen
  /// only while the preamble was built.
  clang::SourceLocation Next;

  /// Maps an offset in ClauseText to a main-file offset.
  unsigned mainFileOffset(size_t ClauseOffset) const;
};

/// Main-file code with a kernel launch ('<<<') that the device-side parse
/// may not see: a block under a preprocessor condition on __CUDA_ARCH__ that
/// it skipped, or an argument of NV_IF_TARGET & co.
struct HiddenLaunch {
  /// Offset of the '<<<' in the parsed main-file text.
  unsigned Offset = 0;
  /// What hides it, as a phrase: "'#ifndef __CUDA_ARCH__'", "the #else
  /// of '#ifdef __CUDA_ARCH__'", "NV_IF_TARGET's host-side argument".
  std::string HiddenBy;
  /// In a macro argument: hidden only if no launch the parse saw has its
  /// '<<<' at Offset.
  bool InMacroArgument = false;
};

/// A parsed translation unit. It owns the compiler instance, so AST nodes,
/// SourceLocations and the text stay valid for its lifetime.
class ParsedUnit {
public:
  ~ParsedUnit();

  /// False when clang could not even start (e.g. the file is missing); the
  /// diagnostics then say why and there is no AST.
  bool hasAST() const { return Action != nullptr; }
  clang::ASTContext &getASTContext() const;
  clang::SourceManager &getSourceManager() const;
  /// The preprocessor, with the macros defined at the end of the file.
  clang::Preprocessor &getPreprocessor() const;
  clang::FileID getMainFileID() const;
  /// The main-file text this unit was parsed from.
  llvm::StringRef getText() const { return Buffer->getBuffer(); }

  const std::vector<ClangDiagnostic> &getDiagnostics() const { return Diags; }
  bool hasErrors() const;
  const std::vector<PragmaOccurrence> &getPragmas() const { return Pragmas; }
  const std::vector<HiddenLaunch> &getHiddenLaunches() const { return Hidden; }

  /// True when \p Loc (after macro expansion) is written in the main file.
  bool isInMainFile(clang::SourceLocation Loc) const;
  /// The main-file offset of the expansion location of \p Loc.
  unsigned getOffset(clang::SourceLocation Loc) const;
  /// The text a token range spans in the main file (expansion ranges).
  llvm::StringRef getSourceText(clang::SourceRange R) const;
  /// Main-file offsets [Begin, End) covering the tokens of \p R.
  std::pair<unsigned, unsigned> getOffsetRange(clang::SourceRange R) const;

private:
  friend class ParseSession;
  ParsedUnit() = default;

  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::unique_ptr<clang::CompilerInstance> Compiler;
  std::unique_ptr<clang::FrontendAction> Action;
  std::vector<ClangDiagnostic> Diags;
  std::vector<PragmaOccurrence> Pragmas;
  std::vector<HiddenLaunch> Hidden;
};

class ParseSession {
public:
  static llvm::Expected<std::unique_ptr<ParseSession>>
  create(ParseConfig Config);
  ~ParseSession();

  /// Parses \p Text as the contents of the main file. Errors in the code are
  /// returned as diagnostics in the unit; an llvm::Error means clang could
  /// not run at all.
  llvm::Expected<std::unique_ptr<ParsedUnit>> parse(llvm::StringRef Text);

  /// The clang command line dpopt parses with (for --verbose).
  const std::vector<std::string> &getDriverArgs() const { return DriverArgs; }
  unsigned getParseCount() const { return ParseCount; }
  unsigned getPreambleBuilds() const { return PreambleBuilds; }

private:
  ParseSession() = default;
  void preparePreamble(const llvm::MemoryBuffer &Main);

  ParseConfig Config;
  std::vector<std::string> DriverArgs;
  std::shared_ptr<clang::CompilerInvocation> Invocation;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS;
  std::shared_ptr<clang::PCHContainerOperations> PCHOps;
  std::unique_ptr<clang::PrecompiledPreamble> Preamble;
  /// '#pragma dp' seen while building the preamble; the parses that use it
  /// do not see them again.
  std::vector<PragmaOccurrence> PreamblePragmas;
  bool PreambleFailed = false;
  unsigned ParseCount = 0;
  unsigned PreambleBuilds = 0;
};

/// The path of the in-memory parse-only prelude.
llvm::StringRef internalPreludePath();

} // namespace dpopt

#endif // DPOPT_FRONTEND_PARSESESSION_H
