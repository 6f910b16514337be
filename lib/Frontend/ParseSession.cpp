//===- ParseSession.cpp - Parsing CUDA as the device compilation does ----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Support/Runtime.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PreludePath = "/__dpopt_internal__/prelude.cuh";

/// Declarations that make legacy CDP1 code parse. Never part of the output.
constexpr llvm::StringLiteral PreludeText =
    "#pragma once\n"
    "// dpopt parse-only prelude: CUDA 12+ headers declare\n"
    "// cudaDeviceSynchronize() for the host only, but CDP1 code calls it\n"
    "// from kernels; declaring the device overload lets clang resolve it.\n"
    "extern __device__ cudaError_t cudaDeviceSynchronize(void);\n";

constexpr llvm::StringLiteral CommandLineMacrosPath =
    "/__dpopt_internal__/command-line-macros.h";

IntrusiveRefCntPtr<vfs::FileSystem>
makeFileSystem(IntrusiveRefCntPtr<vfs::InMemoryFileSystem> Memory,
               ArrayRef<RuntimeHeader> RuntimeHeaders) {
  Memory->addFile(PreludePath, 0,
                  MemoryBuffer::getMemBufferCopy(
                      PreludeText.str() + runtimeIncludes(RuntimeHeaders)));
  auto Overlay =
      makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  return Overlay;
}

/// True for a command-line macro that configures headers: a reserved name
/// (_X, __x), a CUDA or CCCL configuration macro, or NDEBUG. Headers must
/// see those as nvcc's do; other macros are the user's own.
bool configuresHeaders(StringRef Name) {
  if (Name.starts_with("__") ||
      (Name.size() > 1 && Name[0] == '_' && isUppercase(Name[1])))
    return true;
  for (StringRef Prefix : {"CUDA", "CUB_", "THRUST_", "CCCL_", "LIBCUDACXX_",
                           "NV_", "NVRTC", "CUTLASS"})
    if (Name.starts_with(Prefix))
      return true;
  return Name == "NDEBUG";
}

/// Takes the user's own -D and -U macros out of \p PPO and returns them as
/// the text of a file to include after clang's CUDA wrapper header, whose
/// -include comes first. nvcc's pre-included cuda_runtime.h does not bring
/// in cuda.h, but clang's wrapper does, and cuda.h names parameters N, D,
/// ...: '-DN=4' compiles with nvcc, and would stop dpopt's parse. The main
/// file sees every macro as before; headers see the configuring ones.
std::string takeUserMacros(PreprocessorOptions &PPO) {
  std::string Text = "# 1 \"<command line>\"\n";
  bool Any = false;
  std::vector<std::pair<std::string, bool>> Kept;
  for (auto &[Macro, IsUndef] : PPO.Macros) {
    StringRef Definition = Macro;
    auto [Name, Body] = Definition.split('=');
    StringRef Bare = Name.take_until([](char C) { return C == '('; });
    if (configuresHeaders(Bare)) {
      Kept.emplace_back(std::move(Macro), IsUndef);
      continue;
    }
    Any = true;
    if (IsUndef) {
      Text += "#undef " + Bare.str() + "\n";
      continue;
    }
    // As clang reads -D: NAME is NAME 1; a body ends at a line break, and
    // a final backslash must not continue the line.
    if (Name.size() == Definition.size()) {
      Text += "#define " + Name.str() + " 1\n";
      continue;
    }
    Body = Body.take_until([](char C) { return C == '\n' || C == '\r'; });
    Text += "#define " + Name.str() + " " + Body.str() +
            (Body.ends_with("\\") ? "\\\n" : "") + "\n";
  }
  PPO.Macros = std::move(Kept);
  return Any ? Text : std::string();
}

std::string lineOf(const SourceManager &SM, SourceLocation Loc) {
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid || Offset > Buffer.size())
    return {};
  size_t Begin = Buffer.rfind('\n', Offset); // searches [0, Offset)
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  return Buffer.slice(Begin, Buffer.find('\n', Offset)).rtrim("\r").str();
}

/// Copies clang's diagnostics out while their SourceManager lives.
class CollectingConsumer : public DiagnosticConsumer {
public:
  explicit CollectingConsumer(std::vector<ClangDiagnostic> &Out) : Out(Out) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level == DiagnosticsEngine::Ignored)
      return;
    ClangDiagnostic D;
    D.Level = Level >= DiagnosticsEngine::Error     ? ClangDiagnostic::Error
              : Level == DiagnosticsEngine::Warning ? ClangDiagnostic::Warning
                                                    : ClangDiagnostic::Note;
    D.ID = Info.getID();
    SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    D.Message = std::string(Msg);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      SourceLocation Loc = SM.getFileLoc(Info.getLocation());
      D.InMainFile = SM.isWrittenInMainFile(Loc);
      if (D.InMainFile)
        D.Offset = SM.getFileOffset(Loc);
      PresumedLoc PL = SM.getPresumedLoc(Loc);
      if (PL.isValid()) {
        D.File = PL.getFilename();
        D.Line = PL.getLine();
        D.Column = PL.getColumn();
      }
      D.LineText = lineOf(SM, Loc);
    }
    Out.push_back(std::move(D));
  }

private:
  std::vector<ClangDiagnostic> &Out;
};

/// Records '#pragma dp' directives; other pragmas are left to clang. With
/// \p Waiting, the pragmas' indices wait there for the next token the
/// parser gets (watchNextToken).
class DpPragmaHandler : public PragmaHandler {
public:
  explicit DpPragmaHandler(std::vector<PragmaOccurrence> &Out,
                           std::vector<size_t> *Waiting = nullptr)
      : PragmaHandler("dp"), Out(Out), Waiting(Waiting) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                    Token &FirstToken) override {
    SourceManager &SM = PP.getSourceManager();
    PragmaOccurrence P;
    SourceLocation Intro = SM.getExpansionLoc(Introducer.Loc);
    P.InMainFile = SM.isWrittenInMainFile(Intro);
    P.Offset = SM.getFileOffset(Intro);
    PresumedLoc PL = SM.getPresumedLoc(Intro);
    if (PL.isValid()) {
      P.File = PL.getFilename();
      P.Line = PL.getLine();
      P.Column = PL.getColumn();
    }
    // Clause tokens are macro-expanded, as OpenMP's are, so threshold(TH)
    // works with '#define TH 64'.
    Token Tok;
    PP.Lex(Tok);
    while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof)) {
      if (!P.ClauseText.empty() && Tok.hasLeadingSpace())
        P.ClauseText += ' ';
      SourceLocation TokLoc = SM.getExpansionLoc(Tok.getLocation());
      P.TokenOffsets.emplace_back(
          P.ClauseText.size(),
          SM.isWrittenInMainFile(TokLoc) ? SM.getFileOffset(TokLoc) : P.Offset);
      P.ClauseText += PP.getSpelling(Tok);
      PP.Lex(Tok);
    }
    if (Waiting)
      Waiting->push_back(Out.size());
    Out.push_back(std::move(P));
  }

private:
  std::vector<PragmaOccurrence> &Out;
  std::vector<size_t> *Waiting;
};

/// Gives the pragmas waiting in \p Waiting the location of the next token
/// the parser gets: what the pragma stands before, in the token stream. A
/// launch written in the same macro as its _Pragma starts with that token,
/// though its text starts at the macro's name.
void watchNextToken(Preprocessor &PP, std::vector<PragmaOccurrence> &Pragmas,
                    std::vector<size_t> &Waiting) {
  PP.setTokenWatcher([&Pragmas, &Waiting](const Token &T) {
    if (Waiting.empty())
      return;
    for (size_t I : Waiting)
      Pragmas[I].Next = T.getLocation();
    Waiting.clear();
  });
}

/// Finds main-file launches that the device-side parse may not see: in
/// blocks it skips under conditions on __CUDA_ARCH__ (host-only code), and
/// in the arguments of libcu++'s NV_IF_TARGET macros, of which it sees only
/// the device side's (WorkingCopy drops those it did see).
class HiddenLaunchFinder : public PPCallbacks {
public:
  HiddenLaunchFinder(const SourceManager &SM, std::vector<HiddenLaunch> &Out)
      : SM(SM), Out(Out) {}

  void If(SourceLocation, SourceRange Condition, ConditionValueKind) override {
    Closing = false;
    Open.push_back(
        mentionsArch(Condition) ? "'" + conditionText(Condition) + "'" : "");
  }
  void Ifdef(SourceLocation, const Token &Name,
             const MacroDefinition &) override {
    Closing = false;
    Open.push_back(isArch(Name) ? "'#ifdef __CUDA_ARCH__'" : "");
  }
  void Ifndef(SourceLocation, const Token &Name,
              const MacroDefinition &) override {
    Closing = false;
    Open.push_back(isArch(Name) ? "'#ifndef __CUDA_ARCH__'" : "");
  }
  // Skipping a block ends at its #elif, #else or #endif; clang reports that
  // directive first and the skipped block right after, so the block's
  // condition is the one before the directive changed it.
  void Elif(SourceLocation, SourceRange Condition, ConditionValueKind,
            SourceLocation) override {
    if (Open.empty())
      return;
    close(Open.back());
    if (mentionsArch(Condition))
      Open.back() = "'#el" + conditionText(Condition).substr(1) + "'";
    else if (!Open.back().empty())
      Open.back() = "an #elif after " + Open.back();
  }
  void Else(SourceLocation, SourceLocation) override {
    if (Open.empty())
      return;
    close(Open.back());
    if (!Open.back().empty())
      Open.back() = "the #else of " + Open.back();
  }
  void Endif(SourceLocation, SourceLocation) override {
    if (Open.empty())
      return;
    close(Open.back());
    Open.pop_back();
  }
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    std::string Why = Closing ? JustClosed : Open.empty() ? "" : Open.back();
    Closing = false;
    if (!Why.empty())
      record(Range, Why);
  }
  void MacroExpands(const Token &Name, const MacroDefinition &,
                    SourceRange Range, const MacroArgs *) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II)
      return;
    StringRef N = II->getName();
    if (N.starts_with("NV_IF_TARGET") || N.starts_with("NV_IF_ELSE_TARGET") ||
        N.starts_with("NV_DISPATCH_TARGET"))
      record(Range, N.str() + "'s host-side argument", /*All=*/true);
  }

private:
  void close(const std::string &Condition) {
    JustClosed = Condition;
    Closing = true;
  }
  static bool isArch(const Token &Name) {
    return Name.getIdentifierInfo() &&
           Name.getIdentifierInfo()->getName() == "__CUDA_ARCH__";
  }
  StringRef textOf(SourceRange R) const {
    if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID() ||
        !SM.isWrittenInMainFile(R.getBegin()))
      return {};
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(SM.getMainFileID(), &Invalid);
    unsigned B = SM.getFileOffset(R.getBegin()),
             E = SM.getFileOffset(R.getEnd());
    if (Invalid || E < B || E > Buffer.size())
      return {};
    // The end is a token's start: take the rest of its line.
    size_t LineEnd = Buffer.find('\n', E);
    return Buffer.slice(B,
                        LineEnd == StringRef::npos ? Buffer.size() : LineEnd);
  }
  bool mentionsArch(SourceRange Condition) const {
    return textOf(Condition).contains("__CUDA_ARCH__");
  }
  std::string conditionText(SourceRange Condition) const {
    return ("#if " + textOf(Condition).trim()).str();
  }
  /// Records the first '<<<' in \p Range, or with \p All each of them.
  void record(SourceRange Range, const std::string &HiddenBy,
              bool All = false) {
    StringRef Text = textOf(Range);
    for (size_t At = Text.find("<<<"); At != StringRef::npos;
         At = All ? Text.find("<<<", At + 3) : StringRef::npos)
      Out.push_back(
          {SM.getFileOffset(Range.getBegin()) + static_cast<unsigned>(At),
           HiddenBy, /*InMacroArgument=*/All});
  }

  const SourceManager &SM;
  std::vector<HiddenLaunch> &Out;
  /// Per open conditional: what it says about __CUDA_ARCH__ ("" if nothing).
  std::vector<std::string> Open;
  std::string JustClosed;
  bool Closing = false;
};

class DpParseAction : public SyntaxOnlyAction {
public:
  DpParseAction(std::vector<PragmaOccurrence> &Pragmas,
                std::vector<HiddenLaunch> &Hidden)
      : Pragmas(Pragmas), Hidden(Hidden) {}

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().AddPragmaHandler(
        new DpPragmaHandler(Pragmas, &Waiting));
    watchNextToken(CI.getPreprocessor(), Pragmas, Waiting);
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<HiddenLaunchFinder>(CI.getSourceManager(), Hidden));
    return SyntaxOnlyAction::BeginSourceFileAction(CI);
  }

private:
  std::vector<PragmaOccurrence> &Pragmas;
  std::vector<HiddenLaunch> &Hidden;
  std::vector<size_t> Waiting;
};

/// Pragmas in the preamble region (and the headers it includes) are only
/// seen while the preamble is built; record them then.
class PragmaRecordingCallbacks : public PreambleCallbacks {
public:
  explicit PragmaRecordingCallbacks(std::vector<PragmaOccurrence> &Out)
      : Out(Out) {}
  void BeforeExecute(CompilerInstance &CI) override {
    CI.getPreprocessor().AddPragmaHandler(new DpPragmaHandler(Out));
  }

private:
  std::vector<PragmaOccurrence> &Out;
};

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Runs clang's driver over \p Args for the cc1 invocation it would use.
Expected<std::unique_ptr<CompilerInvocation>>
makeInvocation(ArrayRef<std::string> Args,
               IntrusiveRefCntPtr<vfs::FileSystem> VFS, StringRef MainFile) {
  std::vector<const char *> CArgs;
  for (const std::string &A : Args)
    CArgs.push_back(A.c_str());
  std::string DriverErrors;
  raw_string_ostream DriverOS(DriverErrors);
  DiagnosticOptions DiagOpts;
  auto *Printer = new TextDiagnosticPrinter(DriverOS, DiagOpts);
  IntrusiveRefCntPtr<DiagnosticsEngine> DriverDiags =
      CompilerInstance::createDiagnostics(*VFS, DiagOpts, Printer);
  CreateInvocationOptions Opts;
  Opts.Diags = DriverDiags;
  Opts.VFS = VFS;
  std::unique_ptr<CompilerInvocation> CI = createInvocation(CArgs, Opts);
  DriverOS.flush();
  if (CI && !DriverDiags->hasErrorOccurred())
    return std::move(CI);
  // The errors only: the driver's warnings and its notes (a list of every
  // valid -std value) bury the one line that says what is wrong.
  SmallVector<StringRef> Lines;
  StringRef(DriverErrors).split(Lines, '\n');
  std::string Errors;
  for (StringRef L : Lines)
    if (L.starts_with("error: "))
      Errors += (Errors.empty() ? "" : "; ") + L.str();
  return make_error<InvalidFlagsError>(
      "cannot set up clang for '" + MainFile.str() +
      "': " + (Errors.empty() ? StringRef(DriverErrors).trim().str() : Errors));
}

} // namespace

char InvalidFlagsError::ID = 0;

StringRef internalPreludePath() { return PreludePath; }

unsigned PragmaOccurrence::mainFileOffset(size_t ClauseOffset) const {
  unsigned Result = Offset;
  for (const auto &[TextOffset, FileOffset] : TokenOffsets) {
    if (TextOffset > ClauseOffset)
      break;
    Result = FileOffset + static_cast<unsigned>(ClauseOffset - TextOffset);
  }
  return Result;
}

//===----------------------------------------------------------------------===//
// ParsedUnit
//===----------------------------------------------------------------------===//

ParsedUnit::~ParsedUnit() {
  if (Action)
    Action->EndSourceFile();
  Action.reset();
  Compiler.reset();
}

ASTContext &ParsedUnit::getASTContext() const {
  return Compiler->getASTContext();
}
SourceManager &ParsedUnit::getSourceManager() const {
  return Compiler->getSourceManager();
}
Preprocessor &ParsedUnit::getPreprocessor() const {
  return Compiler->getPreprocessor();
}
FileID ParsedUnit::getMainFileID() const {
  return Compiler->getSourceManager().getMainFileID();
}

bool ParsedUnit::hasErrors() const {
  for (const ClangDiagnostic &D : Diags)
    if (D.Level == ClangDiagnostic::Error)
      return true;
  return false;
}

bool ParsedUnit::isInMainFile(SourceLocation Loc) const {
  if (Loc.isInvalid())
    return false;
  const SourceManager &SM = getSourceManager();
  return SM.isWrittenInMainFile(SM.getExpansionLoc(Loc));
}

unsigned ParsedUnit::getOffset(SourceLocation Loc) const {
  const SourceManager &SM = getSourceManager();
  return SM.getFileOffset(SM.getExpansionLoc(Loc));
}

std::pair<unsigned, unsigned> ParsedUnit::getOffsetRange(SourceRange R) const {
  const SourceManager &SM = getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(R);
  SourceLocation End = Range.getEnd();
  unsigned EndOffset = SM.getFileOffset(End);
  if (Range.isTokenRange())
    EndOffset += Lexer::MeasureTokenLength(End, SM, Compiler->getLangOpts());
  return {SM.getFileOffset(Range.getBegin()), EndOffset};
}

StringRef ParsedUnit::getSourceText(SourceRange R) const {
  auto [Begin, End] = getOffsetRange(R);
  if (End < Begin || End > getText().size())
    return {};
  return getText().slice(Begin, End);
}

//===----------------------------------------------------------------------===//
// ParseSession
//===----------------------------------------------------------------------===//

ParseSession::~ParseSession() = default;

Expected<std::unique_ptr<ParseSession>>
ParseSession::create(ParseConfig Config) {
  std::unique_ptr<ParseSession> S(new ParseSession());
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  S->VFS = makeFileSystem(Memory,
                          Config.RuntimeDir.empty()
                              ? ArrayRef<RuntimeHeader>()
                              : ArrayRef<RuntimeHeader>(Config.RuntimeHeaders));
  S->PCHOps = std::make_shared<PCHContainerOperations>();

  std::vector<std::string> &Args = S->DriverArgs;
  Args = {Config.ClangPath.empty() ? std::string("clang++") : Config.ClangPath,
          "-x",
          "cuda",
          "--cuda-device-only",
          "--cuda-path=" + Config.Cuda.Root,
          "--cuda-gpu-arch=sm_90",
          "-nocudalib",
          "-Wno-unknown-cuda-version",
          "-fgpu-rdc",
          "-fsyntax-only"};
  if (!Config.ResourceDir.empty()) {
    Args.push_back("-resource-dir");
    Args.push_back(Config.ResourceDir);
  }
  if (!Config.Cuda.CCCLIncludeDir.empty()) {
    Args.push_back("-isystem");
    Args.push_back(Config.Cuda.CCCLIncludeDir);
  }
  if (!Config.RuntimeDir.empty()) {
    // Before the system directories, so that this dpopt's runtime is the one
    // parsed even when another dpopt's is installed in /usr/include (it was
    // read there while a package install replaced it). A runtime installed in
    // a system directory goes after them instead: as -isystem it would come
    // before the C library's headers and break libstdc++'s
    // '#include_next <math.h>'.
    StringRef Dir = StringRef(Config.RuntimeDir).rtrim('/');
    bool SystemDir = Dir == "/usr/include" || Dir == "/usr/local/include";
    Args.push_back(SystemDir ? "-idirafter" : "-isystem");
    Args.push_back(Config.RuntimeDir);
  }
  Args.insert(Args.end(), Config.ExtraArgs.begin(), Config.ExtraArgs.end());
  Args.push_back("-include");
  Args.push_back(std::string(PreludePath));
  Args.push_back(Config.MainFile);

  Expected<std::unique_ptr<CompilerInvocation>> CI =
      makeInvocation(Args, S->VFS, Config.MainFile);
  if (!CI)
    return CI.takeError();
  // The driver gives the CUDA SDK version only to the host side; without it
  // clang's device side takes host launches for pre-CUDA-9.2 ones and
  // rejects them (cudaConfigureCall).
  if ((*CI)->getTargetOpts().SDKVersion.empty()) {
    std::vector<std::string> HostArgs = Args;
    for (std::string &A : HostArgs)
      if (A == "--cuda-device-only")
        A = "--cuda-host-only";
    Expected<std::unique_ptr<CompilerInvocation>> Host =
        makeInvocation(HostArgs, S->VFS, Config.MainFile);
    if (!Host)
      return Host.takeError();
    (*CI)->getTargetOpts().SDKVersion = (*Host)->getTargetOpts().SDKVersion;
  }

  PreprocessorOptions &PPO = (*CI)->getPreprocessorOpts();
  std::string UserMacros = takeUserMacros(PPO);
  if (!UserMacros.empty()) {
    Memory->addFile(CommandLineMacrosPath, 0,
                    MemoryBuffer::getMemBufferCopy(UserMacros));
    // Right after the wrapper: before the user's own -include files, as
    // -D comes before -include.
    auto Wrapper = llvm::find_if(PPO.Includes, [](const std::string &I) {
      return StringRef(I).ends_with("__clang_cuda_runtime_wrapper.h");
    });
    PPO.Includes.insert(Wrapper == PPO.Includes.end() ? PPO.Includes.begin()
                                                      : std::next(Wrapper),
                        std::string(CommandLineMacrosPath));
  }

  // dpopt is a rewriter, not the compiler: nvcc reports warnings later.
  (*CI)->getDiagnosticOpts().IgnoreWarnings = true;
  // Free the AST between parses; the driver asks cc1 to leak it.
  (*CI)->getFrontendOpts().DisableFree = false;
  S->Invocation = std::move(*CI);
  S->Config = std::move(Config);
  return std::move(S);
}

void ParseSession::preparePreamble(const MemoryBuffer &Main) {
  PreambleBounds Bounds = ComputePreambleBounds(Invocation->getLangOpts(),
                                                Main.getMemBufferRef(), 0);
  if (Preamble &&
      Preamble->CanReuse(*Invocation, Main.getMemBufferRef(), Bounds, *VFS))
    return;
  Preamble.reset();
  // The preamble's diagnostics are not replayed when it is used, so a
  // preamble with errors (a missing header, an #error) must not be used:
  // the normal parse then reports them.
  DiagnosticOptions DiagOpts;
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags =
      CompilerInstance::createDiagnostics(
          *VFS, DiagOpts, new IgnoringDiagConsumer, /*ShouldOwnClient=*/true);
  std::vector<PragmaOccurrence> Pragmas;
  PragmaRecordingCallbacks Callbacks(Pragmas);
  ErrorOr<PrecompiledPreamble> Built = PrecompiledPreamble::Build(
      *Invocation, &Main, Bounds, Diags, VFS, PCHOps,
      /*StoreInMemory=*/true, /*StoragePath=*/"", Callbacks);
  bool HadErrors = Diags->hasErrorOccurred();
  if (!Built || HadErrors) {
    PreambleFailed = true;
    return;
  }
  ++PreambleBuilds;
  Preamble = std::make_unique<PrecompiledPreamble>(std::move(*Built));
  PreamblePragmas = std::move(Pragmas);
}

Expected<std::unique_ptr<ParsedUnit>> ParseSession::parse(StringRef Text) {
  std::unique_ptr<ParsedUnit> Unit(new ParsedUnit());
  Unit->Buffer = MemoryBuffer::getMemBufferCopy(Text, Config.MainFile);
  ++ParseCount;

  if (Config.UsePreamble && !PreambleFailed)
    preparePreamble(*Unit->Buffer);

  auto CI = std::make_shared<CompilerInvocation>(*Invocation);
  CI->getPreprocessorOpts().RetainRemappedFileBuffers = true;
  CI->getPreprocessorOpts().addRemappedFile(Config.MainFile,
                                            Unit->Buffer.get());
  IntrusiveRefCntPtr<vfs::FileSystem> ParseVFS = VFS;
  if (Preamble) {
    Preamble->AddImplicitPreamble(*CI, ParseVFS, Unit->Buffer.get());
    Unit->Pragmas = PreamblePragmas;
  }

  auto Clang = std::make_unique<CompilerInstance>(CI, PCHOps);
  Clang->setVirtualFileSystem(ParseVFS);
  Clang->createDiagnostics(new CollectingConsumer(Unit->Diags),
                           /*ShouldOwnClient=*/true);
  Clang->createFileManager();
  if (!Clang->createTarget())
    return makeError("clang cannot create the CUDA device target");

  auto Action = std::make_unique<DpParseAction>(Unit->Pragmas, Unit->Hidden);
  if (!Action->BeginSourceFile(*Clang, Clang->getFrontendOpts().Inputs[0])) {
    if (!Unit->hasErrors())
      return makeError("clang cannot start parsing '" + Config.MainFile + "'");
    Unit->Compiler = std::move(Clang);
    return std::move(Unit);
  }
  if (Error E = Action->Execute())
    return std::move(E);
  Unit->Compiler = std::move(Clang);
  Unit->Action = std::move(Action);
  return std::move(Unit);
}

} // namespace dpopt
