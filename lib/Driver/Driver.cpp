//===- Driver.cpp - One dpopt run, from options to output file -----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Driver/Driver.h"

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Driver/DepFile.h"
#include "dpopt/Driver/OutputFile.h"
#include "dpopt/Driver/TuningFile.h"
#include "dpopt/Frontend/CompileFlags.h"
#include "dpopt/Frontend/CudaInstallation.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/ConsolidatePass.h"
#include "dpopt/Passes/MergePass.h"
#include "dpopt/Passes/PassRegistry.h"
#include "dpopt/Report/Report.h"
#include "dpopt/Report/Stats.h"
#include "dpopt/Rewrite/LineDirectives.h"
#include "dpopt/Support/DiagnosticPolicy.h"
#include "dpopt/Support/SourceText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <chrono>

using namespace llvm;

namespace dpopt {
namespace {

/// The first pass option given whose pass \p Pipeline does not run, as the
/// error to print: such an option would change nothing.
std::optional<std::string> optionWithoutItsPass(const PassOptions &O,
                                                ArrayRef<Pass *> Pipeline) {
  struct OptionOfPass {
    bool Given;
    StringRef Option, PassName;
  };
  const OptionOfPass Options[] = {
      {O.Threshold.has_value(), "--threshold", "threshold"},
      {O.FoldFpAtomics, "--fold-fp-atomics", "threshold"},
      {O.CoarsenFactor.has_value(), "--coarsen-factor", "coarsen"},
      {O.Aggregate.has_value(), "--agg", "aggregate"},
      {O.AggThreshold.has_value(), "--agg-threshold", "aggregate"},
      {O.AggPack.has_value(), "--agg-pack", "aggregate"},
      {O.Consolidate.has_value(), "--consldt", "consolidate"},
      {O.RemoveLaunch.has_value(), "--remove-launch", "remove-launch"},
  };
  for (const OptionOfPass &Opt : Options)
    if (Opt.Given &&
        none_of(Pipeline, [&](Pass *P) { return P->name() == Opt.PassName; }))
      return (Opt.Option + " needs the " + Opt.PassName +
              " pass, which --passes does not run")
          .str();
  return std::nullopt;
}

/// True when \p Text has a '#pragma dp' or '_Pragma("dp ...")' line that
/// names remove_launch.
bool mentionsRemoveLaunchPragma(StringRef Text) {
  static const Regex Pragma("(#[ \t]*pragma[ \t]+dp|_Pragma[ \t]*\\([ \t]*\"[ "
                            "\t]*dp)[ \t][^\n]*remove_launch");
  return Pragma.match(Text);
}

class Run {
public:
  Run(const DriverOptions &O, raw_ostream &Errs) : O(O), Errs(Errs) {}
  int execute();

private:
  int fail(int Code, DiagId Id, const Twine &Msg) {
    printDiagnostic(Errs, toolDiagnostic(Severity::Error, Id, Msg.str()));
    return Code;
  }
  int fail(int Code, DiagId Id, Error E) {
    return fail(Code, Id, toString(std::move(E)));
  }

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         Start)
        .count();
  }

  const DriverOptions &O;
  raw_ostream &Errs;
  std::chrono::steady_clock::time_point Start =
      std::chrono::steady_clock::now();
};

int Run::execute() {
  if (O.Stats) {
    *O.Stats = FileStats();
    O.Stats->File = O.Input;
  }
  Expected<DiagnosticPolicy> Policy =
      DiagnosticPolicy::parse(O.DiagSuppress, O.DiagWarn, O.DiagError);
  if (!Policy) {
    // The policy's message carries its own id.
    Errs << "dpopt: error: " << toString(Policy.takeError()) << "\n";
    return ExitInputError;
  }
  if (O.Input.empty())
    return fail(ExitInputError, DiagId::NoInputFile, "no input file");
  if (O.Output.empty() && O.Report == ReportFormat::None)
    return fail(ExitInputError, DiagId::NoOutputFile,
                "no output file: use -o FILE (or -o - for "
                "stdout), or --report to only analyse");
  if (!sys::fs::exists(O.Input))
    return fail(ExitInputError, DiagId::InputNotReadable,
                "cannot read '" + O.Input + "': no such file");
  if (sys::fs::is_directory(O.Input))
    return fail(ExitInputError, DiagId::InputNotReadable,
                "cannot read '" + O.Input +
                    "': it is a directory, not a .cu file");
  if (!O.Output.empty() && isSameFile(O.Input, O.Output))
    return fail(ExitInputError, DiagId::OutputOverInput,
                "refusing to write the output over the input '" + O.Input +
                    "'");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Input = MemoryBuffer::getFile(O.Input);
  if (!Input)
    return fail(ExitInputError, DiagId::InputNotReadable,
                "cannot read '" + O.Input + "': " + Input.getError().message());

  std::optional<TuningFile> Tuning;
  if (!O.TuningFile.empty()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Text =
        sys::fs::is_directory(O.TuningFile)
            ? std::make_error_code(std::errc::is_a_directory)
            : MemoryBuffer::getFile(O.TuningFile);
    if (!Text)
      return fail(ExitInputError, DiagId::TuningFileUnreadable,
                  "cannot read the tuning file '" + O.TuningFile +
                      "': " + Text.getError().message());
    std::vector<Diagnostic> TuningErrors;
    Tuning = TuningFile::parse(O.TuningFile, (*Text)->getBuffer().str(),
                               TuningErrors);
    if (printWithPolicy(Errs, TuningErrors, *Policy, O.Remarks))
      return ExitInputError;
  }

  PassRegistry Registry = PassRegistry::builtin();
  std::vector<Pass *> Pipeline = Registry.defaultPipeline();
  if (O.Passes) {
    Expected<std::vector<Pass *>> Parsed = Registry.parsePipeline(*O.Passes);
    if (!Parsed)
      return fail(ExitInputError, DiagId::UnknownPass, Parsed.takeError());
    Pipeline = std::move(*Parsed);
  }
  // '#pragma dp remove_launch' and tuning entries that name it are honoured
  // by the default pipeline: remove-launch runs first there, on those
  // launches only (the other passes take the rest). It is added only then:
  // its runtime header is costly to parse, and the parse-only prelude is
  // made before the sites are known, so the input's text decides.
  if (!O.Passes &&
      (mentionsRemoveLaunchPragma((*Input)->getBuffer()) ||
       (Tuning && any_of(Tuning->entries(), [&](const TuningEntry &E) {
          return E.Controls.RemoveLaunch &&
                 TuningFile::namesFile(E.File, O.Input);
        }))))
    Pipeline.insert(Pipeline.begin(), Registry.lookup("remove-launch"));
  PassOptions PassOpts = O.PassOpts;
  PassOpts.PipelineNamed = O.Passes.has_value();
  PassOpts.RemoveLaunchOnlyAsked = !O.Passes.has_value();
  for (Pass *P : Pipeline)
    PassOpts.Pipeline.push_back(P->name().str());

  Expected<CudaInstallation> Cuda = findCudaInstallation(O.CudaPath);
  if (!Cuda)
    return fail(ExitEnvironmentError, DiagId::CudaNotFound, Cuda.takeError());

  TranslatedFlags Flags;
  if (!O.BuildDir.empty()) {
    Expected<TranslatedFlags> FromDB =
        flagsFromCompilationDatabase(O.BuildDir, O.Input);
    if (!FromDB)
      return fail(ExitInputError, DiagId::CompilationDatabase,
                  FromDB.takeError());
    Flags = std::move(*FromDB);
  }
  TranslatedFlags Extra = translateNvccFlags(O.ExtraFlags);
  Flags.ClangArgs.insert(Flags.ClangArgs.end(), Extra.ClangArgs.begin(),
                         Extra.ClangArgs.end());
  Flags.Ignored.insert(Flags.Ignored.end(), Extra.Ignored.begin(),
                       Extra.Ignored.end());
  if (!Flags.Ignored.empty() && O.NoteIgnoredFlags)
    Errs << "dpopt: note: ignoring nvcc flags that do not affect parsing: "
         << join(Flags.Ignored, " ") << "\n";

  ParseConfig Config;
  Config.MainFile = O.Input;
  Config.Cuda = *Cuda;
  Config.ExtraArgs = std::move(Flags.ClangArgs);
  Config.RuntimeDir =
      O.RuntimeDir.empty() ? DPOPT_SOURCE_RUNTIME_DIR : O.RuntimeDir;
  for (RuntimeHeader H : allRuntimeHeaders())
    if (any_of(Pipeline,
               [&](Pass *P) { return is_contained(P->runtimeHeaders(), H); }))
      Config.RuntimeHeaders.push_back(H);
  // A precompiled preamble pays for itself from the second parse on; with
  // no passes there is only one.
  Config.UsePreamble = !Pipeline.empty();
  Config.ResourceDir = O.ClangResourceDir.empty() ? DPOPT_CLANG_RESOURCE_DIR
                                                  : O.ClangResourceDir;
  Config.ClangPath = DPOPT_CLANG_EXECUTABLE;
  if (!sys::fs::is_directory(Config.ResourceDir))
    return fail(ExitEnvironmentError, DiagId::ClangResourcesMissing,
                "clang's resource directory '" + Config.ResourceDir +
                    "' is missing; install libclang-common-22-dev");
  Expected<std::unique_ptr<ParseSession>> Session =
      ParseSession::create(Config);
  if (!Session) {
    Error E = Session.takeError();
    return fail(E.isA<InvalidFlagsError>() ? ExitInputError
                                           : ExitEnvironmentError,
                E.isA<InvalidFlagsError>() ? DiagId::InvalidCompileFlags
                                           : DiagId::CannotParse,
                std::move(E));
  }
  if (O.Verbose) {
    Errs << "dpopt: CUDA " << Cuda->Root << " (found by " << Cuda->FoundBy
         << "); clang " << join((*Session)->getDriverArgs(), " ") << "\n";
    Errs << "dpopt: parse-only prelude includes";
    for (RuntimeHeader H : Config.RuntimeHeaders)
      Errs << " " << runtimeHeaderFile(H);
    Errs << "\n";
  }

  SourceText Original(O.Input, (*Input)->getBuffer().str());
  std::vector<Diagnostic> Diags;
  Expected<std::unique_ptr<WorkingCopy>> WC =
      WorkingCopy::create(**Session, Original, Diags);
  if (!WC)
    return fail(ExitEnvironmentError, DiagId::CannotParse, WC.takeError());
  if (printWithPolicy(Errs, Diags, *Policy, O.Remarks) || !*WC)
    return ExitInputError;
  if (Tuning) {
    ProgramAnalysis Analysis(**WC);
    std::vector<Diagnostic> TuningDiags;
    Tuning->apply(O.Input, **WC, Analysis, TuningDiags);
    if (printWithPolicy(Errs, TuningDiags, *Policy, O.Remarks))
      return ExitInputError;
  }
  double ParseSeconds = elapsed();
  // The headers of the input as the user wrote it; written after the output
  // (below), whole or not at all, as the output is.
  std::string DepText;
  if (!O.DepFile.empty())
    DepText = makeDepFile((*WC)->unit(), O.Output, O.Input);

  // A pass's option with the pass not in the pipeline would do nothing: it
  // is an error, not silently ignored. (Consolidation is asked for by
  // pragma or option; either needs the pass.)
  bool Consolidates =
      any_of(Pipeline, [](Pass *P) { return P->name() == "consolidate"; });
  if (std::optional<std::string> Why =
          optionWithoutItsPass(O.PassOpts, Pipeline))
    return fail(ExitInputError, DiagId::OptionNeedsAnother, *Why);
  {
    ProgramAnalysis Analysis(**WC);
    std::vector<Diagnostic> PragmaErrors;
    // An error at the '#pragma dp' of every site whose pragma \p Asks.
    auto ErrorAtPragmas = [&](function_ref<bool(const PragmaDirective &)> Asks,
                              StringRef Message, DiagId Id) {
      for (const SiteOrigin &S : (*WC)->sites().all())
        if (S.Pragma && Asks(*S.Pragma)) {
          UserLocation At;
          At.InMainFile = true;
          At.Offset = S.PragmaOffset;
          PragmaErrors.push_back(
              (*WC)->diagnosticAt(At, Severity::Error, Message.str(), Id));
        }
    };
    if (Consolidates)
      PragmaErrors = consolidationPragmaErrors(Analysis);
    else
      ErrorAtPragmas(
          [](const PragmaDirective &D) { return D.Consolidate.has_value(); },
          "'#pragma dp consldt' asks for the consolidate pass, which "
          "--passes does not run",
          DiagId::ConsolidatePragmaWithoutPass);
    bool Merges =
        any_of(Pipeline, [](Pass *P) { return P->name() == "merge"; });
    if (Merges) {
      for (Diagnostic &D : mergePragmaErrors(Analysis))
        PragmaErrors.push_back(std::move(D));
    } else {
      ErrorAtPragmas([](const PragmaDirective &D) { return D.Merge; },
                     "'#pragma dp merge' asks for the merge pass, which "
                     "--passes does not run",
                     DiagId::MergePragmaWithoutPass);
    }
    // The default pipeline runs remove-launch where the input's text names
    // it (decided before the parse, above): a pragma no line shows (a macro
    // makes it, or a continued line splits it) would go unheeded.
    if (!O.Passes &&
        none_of(Pipeline, [](Pass *P) { return P->name() == "remove-launch"; }))
      ErrorAtPragmas(
          [](const PragmaDirective &D) { return D.RemoveLaunch.has_value(); },
          "the default pipeline looks for 'remove_launch' on the "
          "'#pragma dp' lines of the input's text before it parses, and "
          "this pragma is on none (a macro makes it, or a continued line "
          "splits it): write it on one line, or name the passes with "
          "--passes",
          DiagId::RemoveLaunchPragmaUnseen);
    printWithPolicy(Errs, PragmaErrors, *Policy, O.Remarks);
    if (!PragmaErrors.empty())
      return ExitInputError;
  }

  if (O.Report != ReportFormat::None) {
    std::string ReportText;
    raw_string_ostream RS(ReportText);
    ProgramAnalysis Analysis(**WC);
    ReportInputs In{Analysis, Registry, PassOpts};
    if (O.Report == ReportFormat::Json)
      printJsonReport(RS, In);
    else
      printTextReport(RS, In);
    RS.flush();
    if (!O.ReportFile.empty()) {
      // Written as the output is: whole or not at all.
      if (Error E = writeOutputFile(O.ReportFile, ReportText))
        return fail(ExitEnvironmentError, DiagId::CannotWrite, std::move(E));
    } else {
      raw_ostream &OS = O.Output == "-" ? Errs : outs();
      OS << ReportText;
      OS.flush();
    }
  }

  RemarkEngine Remarks;
  OutputNeeds Needs;
  std::vector<std::pair<std::string, double>> PassSeconds;
  for (Pass *P : Pipeline) {
    double Before = elapsed();
    ProgramAnalysis Analysis(**WC);
    PassContext Ctx{**WC, Analysis, PassOpts, Remarks, Needs};
    std::unique_ptr<PassPlan> Plan = P->plan(Analysis, PassOpts);
    Expected<clang::tooling::Replacements> Edits = P->run(Ctx, *Plan);
    if (!Edits)
      return fail(ExitInternalError, DiagId::InternalError,
                  "pass '" + P->name() +
                      "' failed: " + toString(Edits.takeError()));
    if (Error E = (*WC)->apply(*Edits, P->name()))
      return fail(ExitInternalError, DiagId::InternalError, std::move(E));
    PassSeconds.emplace_back(P->name().str(), elapsed() - Before);
  }
  {
    std::vector<Diagnostic> RemarkDiags;
    for (const Remark &R : Remarks.remarks())
      RemarkDiags.push_back(RemarkEngine::toDiagnostic(R, **WC));
    // A remark --diag-error promoted fails the run before any output.
    if (printWithPolicy(Errs, RemarkDiags, *Policy, O.Remarks))
      return ExitInputError;
  }

  if (!O.Output.empty()) {
    std::string Text = (*WC)->outputText();
    // Only the headers the generated code calls: the aggregate header holds
    // device memory (its record pool), so only files that aggregate get it.
    Text = withRuntimeIncludes(Text, Needs.headers());
    // An unchanged file stays the user's, byte for byte.
    if (O.LineDirectives && Text != Original.text())
      Text = withLineDirectives(Original.text(), Text, O.Input,
                                O.Output == "-" ? "<stdout>" : O.Output);
    if (endsLinesWithCRLF(Original.text()))
      Text = withCRLFLineEnds(Text);
    if (Error E = writeOutputFile(O.Output, Text))
      return fail(ExitEnvironmentError, DiagId::CannotWrite, std::move(E));
  }
  if (!O.DepFile.empty())
    if (Error E = writeOutputFile(O.DepFile, DepText))
      return fail(ExitEnvironmentError, DiagId::CannotWrite, std::move(E));
  if (O.Stats) {
    *O.Stats = collectStats(**WC, Remarks, Needs);
    O.Stats->File = O.Input;
  }

  if (O.Timing) {
    unsigned Parses = (*Session)->getParseCount();
    unsigned Preambles = (*Session)->getPreambleBuilds();
    Errs << formatv("dpopt: {0} parse{1} ({2} preamble build{3}); first parse "
                    "and checks {4:f3} s",
                    Parses, Parses == 1 ? "" : "s", Preambles,
                    Preambles == 1 ? "" : "s", ParseSeconds);
    for (const auto &[Name, Seconds] : PassSeconds)
      Errs << formatv("; {0} {1:f3} s", Name, Seconds);
    Errs << formatv("; total {0:f3} s\n", elapsed());
  }
  return ExitSuccess;
}

} // namespace

int runDriver(const DriverOptions &Options, raw_ostream &Errs) {
  return Run(Options, Errs).execute();
}

} // namespace dpopt
