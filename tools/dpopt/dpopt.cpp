//===- dpopt.cpp - The dpopt command-line tool ---------------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
//   dpopt in.cu -o out.cu [options] [-- nvcc or clang flags]
//   dpopt a.cu b.cu ... --out-dir DIR [options] [-- flags]
//   dpopt -p build/ --out-dir DIR [options]
//
// Everything after '--' is taken as the compiler flags the user builds the
// file with (the Makefile's NVCCFLAGS work as they are).
//
//===----------------------------------------------------------------------===//

#include "dpopt/Driver/Batch.h"
#include "dpopt/Driver/Driver.h"
#include "dpopt/Driver/OutputFile.h"
#include "dpopt/Passes/PassRegistry.h"
#include "dpopt/Report/Stats.h"
#include "dpopt/Support/DiagnosticPolicy.h"
#include "dpopt/Support/Runtime.h"
#include "dpopt/Support/Version.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <list>
#include <thread>

using namespace llvm;

namespace {

cl::OptionCategory DpoptCategory("dpopt options");

cl::list<std::string> InputFiles(cl::Positional, cl::desc("<input .cu files>"),
                                 cl::cat(DpoptCategory));
cl::opt<std::string>
    OutDir("out-dir",
           cl::desc("Rewrite several files (or every CUDA file of -p's "
                    "database) into this directory, mirroring their paths"),
           cl::value_desc("dir"), cl::cat(DpoptCategory));
cl::opt<std::string>
    InRoot("in-root",
           cl::desc("With --out-dir: the directory whose layout is mirrored "
                    "(default: the inputs' common directory)"),
           cl::value_desc("dir"), cl::cat(DpoptCategory));
cl::opt<unsigned> Jobs("j",
                       cl::desc("With --out-dir: files rewritten at once "
                                "(default: the number of hardware threads)"),
                       cl::value_desc("N"), cl::cat(DpoptCategory));
// --stats, --stats=text, --stats=csv FILE: main() reads them before
// LLVM's command line, whose own -stats option has the name.
cl::opt<std::string> Stats("dpopt-stats", cl::ReallyHidden,
                           cl::cat(DpoptCategory));
cl::opt<std::string> StatsCsvFile("dpopt-stats-csv-file", cl::ReallyHidden,
                                  cl::cat(DpoptCategory));
// One file of a batch, in the process runBatch starts for it.
cl::opt<std::string> BatchStats("batch-stats", cl::ReallyHidden,
                                cl::cat(DpoptCategory));
cl::opt<std::string> BatchInput("batch-input", cl::ReallyHidden,
                                cl::cat(DpoptCategory));
cl::opt<std::string> BatchOutput("batch-output", cl::ReallyHidden,
                                 cl::cat(DpoptCategory));
cl::opt<std::string>
    OutputFile("o", cl::desc("Write the rewritten file here ('-' for stdout)"),
               cl::value_desc("file"), cl::cat(DpoptCategory));
cl::opt<std::string>
    Passes("passes",
           cl::desc("Passes to run, in order, separated by commas "
                    "('none' parses and prints the input unchanged)"),
           cl::value_desc("a,b,c"), cl::cat(DpoptCategory));
cl::opt<std::string>
    Report("report",
           cl::desc("Print a report of every launch site: "
                    "--report or --report=text, --report=json"),
           cl::ValueOptional, cl::value_desc("text|json"),
           cl::cat(DpoptCategory));
cl::opt<std::string> ReportFile("report-file",
                                cl::desc("Write the report to this file"),
                                cl::value_desc("file"), cl::cat(DpoptCategory));
cl::opt<std::string>
    DepFile("depfile",
            cl::desc("Write the output's make-style dependencies (the input "
                     "and the user headers it includes) to this file"),
            cl::value_desc("file"), cl::cat(DpoptCategory));
cl::opt<std::string>
    Tuning("tuning",
           cl::desc("Apply the per-site controls of a tuning file written "
                    "by dpopt-tune (docs/tuning.md)"),
           cl::value_desc("file"), cl::cat(DpoptCategory));
cl::opt<bool>
    Remarks("remarks",
            cl::desc("Print a remark for every decision the passes make"),
            cl::cat(DpoptCategory));
cl::alias RemarksShort("R", cl::desc("Alias for --remarks"),
                       cl::aliasopt(Remarks), cl::cat(DpoptCategory));
cl::opt<bool> NoLineDirectives(
    "no-line-directives",
    cl::desc("Write no '#line' directives (by default they make nvcc, "
             "cuda-gdb and compute-sanitizer name the user's file and line "
             "for the user's code)"),
    cl::cat(DpoptCategory));
// nvcc's spelling; each takes a comma list of ids (docs/diagnostics.md).
cl::list<std::string>
    DiagSuppress("diag-suppress",
                 cl::desc("Do not print the diagnostics with these ids "
                          "(DP3022 or 3022, comma-separated)"),
                 cl::value_desc("ids"), cl::cat(DpoptCategory));
cl::list<std::string>
    DiagWarn("diag-warn",
             cl::desc("Print the diagnostics with these ids as warnings "
                      "(remarks too, without -R)"),
             cl::value_desc("ids"), cl::cat(DpoptCategory));
cl::list<std::string>
    DiagError("diag-error",
              cl::desc("Print the diagnostics with these ids as errors: "
                       "dpopt then exits with 1 and writes no output"),
              cl::value_desc("ids"), cl::cat(DpoptCategory));
cl::opt<std::string>
    CudaPath("cuda-path",
             cl::desc("CUDA toolkit to parse against (default: "
                      "$CUDA_HOME, $CUDA_PATH, nvcc on PATH, "
                      "/usr/local/cuda)"),
             cl::value_desc("dir"), cl::cat(DpoptCategory));
cl::opt<std::string>
    BuildDir("p", cl::desc("Build directory with compile_commands.json"),
             cl::value_desc("build dir"), cl::cat(DpoptCategory));
cl::opt<std::string>
    Threshold("threshold",
              cl::desc("threshold: default minimum child size in "
                       "threads worth a launch"),
              cl::value_desc("N"), cl::cat(DpoptCategory));
cl::opt<std::string>
    CoarsenFactor("coarsen-factor",
                  cl::desc("coarsen: default number of original child "
                           "blocks per coarsened block"),
                  cl::value_desc("N"), cl::cat(DpoptCategory));
cl::opt<std::string>
    Aggregate("agg",
              cl::desc("aggregate: default granularity (warp, block, "
                       "multiblock[:N] or grid)"),
              cl::value_desc("level"), cl::cat(DpoptCategory));
cl::opt<std::string>
    Consolidate("consldt",
                cl::desc("consolidate: consolidate every launch it can per "
                         "warp, block or grid, not only those with "
                         "'#pragma dp consldt'"),
                cl::value_desc("warp|block|grid"), cl::cat(DpoptCategory));
cl::opt<std::string>
    AggThreshold("agg-threshold",
                 cl::desc("aggregate: fewest launches a warp or block "
                          "group aggregates"),
                 cl::value_desc("N"), cl::cat(DpoptCategory));
cl::opt<std::string>
    AggPack("agg-pack",
            cl::desc("aggregate: run only the child threads that do "
                     "something, packed, where dpopt can tell which (auto, "
                     "the default), or whole blocks (off)"),
            cl::value_desc("auto|off"), cl::cat(DpoptCategory));
cl::opt<bool> FoldFpAtomics(
    "fold-fp-atomics",
    cl::desc("threshold: serial versions fold a child's last floating-point "
             "atomicAdd to one address too (the sum's rounding may differ "
             "from any order of the atomics)"),
    cl::cat(DpoptCategory));
cl::opt<std::string>
    RemoveLaunch("remove-launch",
                 cl::desc("remove-launch: how a child's work is given to "
                          "its parent where no pragma says: auto "
                          "(default), T1, T2, T3 or T4"),
                 cl::value_desc("auto|T1|T2|T3|T4"), cl::cat(DpoptCategory));
// The flags that change how a file parses may also come before '--'.
cl::list<std::string> IncludeDirs("I", cl::Prefix,
                                  cl::desc("Add an include directory"),
                                  cl::value_desc("dir"),
                                  cl::cat(DpoptCategory));
cl::list<std::string>
    SystemIncludeDirs("isystem", cl::desc("Add a system include directory"),
                      cl::value_desc("dir"), cl::cat(DpoptCategory));
cl::list<std::string> Defines("D", cl::Prefix, cl::desc("Define a macro"),
                              cl::value_desc("macro[=value]"),
                              cl::cat(DpoptCategory));
cl::list<std::string> Undefines("U", cl::Prefix, cl::desc("Undefine a macro"),
                                cl::value_desc("macro"),
                                cl::cat(DpoptCategory));
cl::list<std::string> PreIncludes("include", cl::desc("Include a file first"),
                                  cl::value_desc("file"),
                                  cl::cat(DpoptCategory));
cl::opt<std::string> Standard("std", cl::desc("C++ standard (as nvcc's -std)"),
                              cl::value_desc("c++17"), cl::cat(DpoptCategory));
cl::opt<bool> Verbose("verbose",
                      cl::desc("Say how CUDA was found and how clang is run"),
                      cl::cat(DpoptCategory));
cl::opt<bool> Timing("time",
                     cl::desc("Print how long parsing and each pass took"),
                     cl::cat(DpoptCategory));

/// Prints "dpopt: error: <Message> [DPnnnn]".
void toolError(dpopt::DiagId Id, const Twine &Message) {
  dpopt::printDiagnostic(
      errs(), dpopt::toolDiagnostic(dpopt::Severity::Error, Id, Message.str()));
}

/// Reads --<Option>=<Text> as the pragma clause \p Clause reads its value:
/// the same integer syntax and the same range (clauseValueError).
std::optional<uint64_t> clauseOption(StringRef Option, StringRef Text,
                                     StringRef Clause, uint64_t Min) {
  std::optional<uint64_t> V = dpopt::parsePragmaInteger(Text);
  std::string Why =
      V ? dpopt::clauseValueError(Clause, *V, Min) : "expected an integer";
  if (Why.empty())
    return V;
  toolError(dpopt::DiagId::InvalidOptionValue,
            "invalid --" + Option + "='" + Text + "': " + Why);
  return std::nullopt;
}

/// A single-valued option given more than once keeps its last value, as in
/// compilers; say so, since an earlier one may be what the user meant.
void warnRepeated(const cl::opt<std::string> &Option) {
  if (Option.getNumOccurrences() > 1)
    dpopt::printDiagnostic(
        errs(),
        dpopt::toolDiagnostic(
            dpopt::Severity::Warning, dpopt::DiagId::OptionRepeated,
            (Twine("-") + (Option.ArgStr.size() > 1 ? "-" : "") +
             Option.ArgStr + " is given " + Twine(Option.getNumOccurrences()) +
             " times; the last one ('" + Option.getValue() + "') is used")
                .str()));
}

void printVersion(raw_ostream &OS) {
  OS << "dpopt " << dpopt::dpoptVersion()
     << " (CUDA dynamic parallelism optimizer, clang " LLVM_VERSION_STRING
        ")\n";
}

/// The value of a --stats option spelled \p Arg ("text" for a bare one),
/// or nothing when \p Arg is not one.
std::optional<std::string> statsValue(StringRef Arg) {
  if (!Arg.consume_front("--") && !Arg.consume_front("-"))
    return std::nullopt;
  if (Arg == "stats")
    return "text";
  if (Arg.consume_front("stats="))
    return Arg.str();
  return std::nullopt;
}

/// --stats' value: text, csv (with its file), or nothing asked.
enum class StatsFormat { None, Text, Csv };

/// Prints or writes the statistics --stats asks for; false when the CSV
/// file cannot be written (said on stderr).
bool reportStats(StatsFormat Format, ArrayRef<dpopt::FileStats> Files) {
  if (Format == StatsFormat::Text) {
    dpopt::printStatsText(errs(), Files);
    return true;
  }
  std::string Csv;
  raw_string_ostream OS(Csv);
  dpopt::writeStatsCsv(OS, Files);
  OS.flush();
  if (Error E = dpopt::writeOutputFile(StatsCsvFile, Csv)) {
    toolError(dpopt::DiagId::CannotWrite, toString(std::move(E)));
    return false;
  }
  return true;
}

/// Several files: each is rewritten by a dpopt process of its own, given
/// this command line and the file (Batch.h).
int runBatch(const dpopt::DriverOptions &O, ArrayRef<const char *> Own,
             ArrayRef<std::string> Extra, const std::string &Self,
             StatsFormat StatsAsked) {
  auto Refuse = [](dpopt::DiagId Id, StringRef Why) {
    toolError(Id, Why);
    return dpopt::ExitInputError;
  };
  if (OutDir.empty())
    return Refuse(dpopt::DiagId::BatchNeedsOutDir,
                  InputFiles.empty()
                      ? "-p without input files rewrites every CUDA file of "
                        "the database: give --out-dir DIR for the outputs"
                      : "several input files need --out-dir DIR (-o names "
                        "one output)");
  if (!O.Output.empty())
    return Refuse(dpopt::DiagId::BatchSingleOutputOption,
                  "-o names one output; with --out-dir each file's output "
                  "is DIR/<its path>");
  if (O.Report != dpopt::ReportFormat::None)
    return Refuse(dpopt::DiagId::BatchSingleOutputOption,
                  "--report describes one file; run dpopt per file for "
                  "reports");
  if (!O.DepFile.empty())
    return Refuse(dpopt::DiagId::BatchSingleOutputOption,
                  "--depfile names one output's dependencies; run dpopt "
                  "per file for depfiles");
  // Options every file's process would reject: said once.
  if (Expected<dpopt::DiagnosticPolicy> Policy = dpopt::DiagnosticPolicy::parse(
          O.DiagSuppress, O.DiagWarn, O.DiagError);
      !Policy) {
    // The policy's message carries its own id.
    errs() << "dpopt: error: " << toString(Policy.takeError()) << "\n";
    return dpopt::ExitInputError;
  }
  std::vector<std::string> Inputs(InputFiles.begin(), InputFiles.end());
  if (Inputs.empty()) {
    Expected<std::vector<std::string>> FromDB =
        dpopt::cudaSourcesOfDatabase(O.BuildDir);
    if (!FromDB)
      return Refuse(dpopt::DiagId::CompilationDatabase,
                    toString(FromDB.takeError()));
    Inputs = std::move(*FromDB);
  }
  Expected<std::vector<dpopt::BatchFile>> Files =
      dpopt::planBatch(Inputs, InRoot, OutDir);
  if (!Files)
    return Refuse(dpopt::DiagId::BatchInputPlace, toString(Files.takeError()));
  dpopt::BatchRun Run;
  Run.Self = Self;
  Run.Jobs = Jobs.getNumOccurrences()
                 ? Jobs.getValue()
                 : std::max(1u, std::thread::hardware_concurrency());
  Run.ArgsFor = [&](const dpopt::BatchFile &F) {
    std::vector<std::string> Args(Own.begin() + 1, Own.end());
    Args.push_back("--batch-input=" + F.Input);
    Args.push_back("--batch-output=" + F.Output);
    if (!Extra.empty()) {
      Args.push_back("--");
      Args.insert(Args.end(), Extra.begin(), Extra.end());
    }
    return Args;
  };
  std::vector<dpopt::FileStats> All;
  int Code = dpopt::runBatch(*Files, Run, errs(),
                             StatsAsked == StatsFormat::None ? nullptr : &All);
  if (StatsAsked == StatsFormat::None)
    return Code;
  if (!reportStats(StatsAsked, All))
    return std::max<int>(Code, dpopt::ExitEnvironmentError);
  return Code;
}

} // namespace

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  // Flags after '--' belong to the compiler, not to dpopt.
  std::vector<const char *> Own;
  std::vector<std::string> Extra;
  std::list<std::string> StatsArgs; // stable storage for Own's pointers
  bool AfterDashes = false;
  for (int I = 0; I < Argc; ++I) {
    if (AfterDashes)
      Extra.push_back(Argv[I]);
    else if (I > 0 && std::string(Argv[I]) == "--")
      AfterDashes = true;
    else if (std::optional<std::string> Value = statsValue(Argv[I])) {
      StatsArgs.push_back("--dpopt-stats=" + *Value);
      // '--stats=csv FILE': the file is the next word.
      if (*Value == "csv" && I + 1 < Argc && StringRef(Argv[I + 1]) != "--")
        StatsArgs.push_back("--dpopt-stats-csv-file=" + std::string(Argv[++I]));
    } else
      Own.push_back(Argv[I]);
  }

  for (const std::string &A : StatsArgs)
    Own.push_back(A.c_str());
  cl::HideUnrelatedOptions(DpoptCategory);
  cl::SetVersionPrinter(printVersion);
  dpopt::PassRegistry Registry = dpopt::PassRegistry::builtin();
  std::string Overview =
      "dpopt: makes CUDA Dynamic Parallelism fast by rewriting launch sites\n\n"
      "  dpopt in.cu -o out.cu [options] [-- nvcc flags]\n"
      "  dpopt a.cu b.cu ... --out-dir DIR [options] [-- nvcc flags]\n"
      "  dpopt -p build/ --out-dir DIR [options]\n\n"
      "Statistics per file and in total: --stats (text, on stderr) or "
      "--stats=csv FILE.\n\n"
      "Passes (--passes=...): " +
      Registry.validNames() + "\n";
  for (const auto &P : Registry.passes())
    Overview += "  " + P->name().str() + ": " + P->description().str() + "\n";
  Overview +=
      "Compile the output with: nvcc -rdc=true -arch=sm_90 -I <dpopt>/runtime "
      "... -lcudadevrt\n";
  if (!cl::ParseCommandLineOptions(static_cast<int>(Own.size()), Own.data(),
                                   Overview, &errs()))
    return dpopt::ExitInputError;

  // A batch's processes leave the warnings about the command line to it.
  bool InBatch = !BatchInput.empty();
  if (!InBatch)
    for (const cl::opt<std::string> *Option :
         {&OutputFile, &Passes, &Report, &ReportFile, &DepFile, &CudaPath,
          &BuildDir, &Threshold, &CoarsenFactor, &Aggregate, &Consolidate,
          &AggThreshold, &AggPack, &RemoveLaunch, &Standard, &OutDir, &InRoot,
          &Tuning})
      warnRepeated(*Option);

  dpopt::DriverOptions O;
  O.Input = InputFiles.empty() ? "" : InputFiles.front();
  O.Output = OutputFile;
  if (Passes.getNumOccurrences())
    O.Passes = Passes;
  if (Report.getNumOccurrences()) {
    if (Report.empty() || Report == "text")
      O.Report = dpopt::ReportFormat::Text;
    else if (Report == "json")
      O.Report = dpopt::ReportFormat::Json;
    else {
      toolError(dpopt::DiagId::InvalidOptionValue,
                "invalid --report='" + Report + "'; expected text or json");
      return dpopt::ExitInputError;
    }
  }
  O.ReportFile = ReportFile;
  // A report file asks for a report: text unless --report says json.
  if (!O.ReportFile.empty() && O.Report == dpopt::ReportFormat::None)
    O.Report = dpopt::ReportFormat::Text;
  O.DepFile = DepFile;
  if (!O.DepFile.empty() && (O.Output.empty() || O.Output == "-")) {
    toolError(dpopt::DiagId::OptionNeedsAnother,
              "--depfile needs an output file (-o FILE): it names the file "
              "the dependencies are of");
    return dpopt::ExitInputError;
  }
  O.Remarks = Remarks;
  O.TuningFile = Tuning;
  O.LineDirectives = !NoLineDirectives;
  O.DiagSuppress = DiagSuppress;
  O.DiagWarn = DiagWarn;
  O.DiagError = DiagError;
  O.CudaPath = CudaPath;
  O.BuildDir = BuildDir;
  // Flags given before '--' come first, in nvcc spelling.
  for (const std::string &Dir : IncludeDirs)
    O.ExtraFlags.push_back("-I" + Dir);
  for (const std::string &Dir : SystemIncludeDirs) {
    O.ExtraFlags.push_back("-isystem");
    O.ExtraFlags.push_back(Dir);
  }
  for (const std::string &M : Defines)
    O.ExtraFlags.push_back("-D" + M);
  for (const std::string &M : Undefines)
    O.ExtraFlags.push_back("-U" + M);
  for (const std::string &F : PreIncludes) {
    O.ExtraFlags.push_back("-include");
    O.ExtraFlags.push_back(F);
  }
  if (!Standard.empty())
    O.ExtraFlags.push_back("-std=" + Standard);
  O.ExtraFlags.insert(O.ExtraFlags.end(), Extra.begin(), Extra.end());
  O.Verbose = Verbose;
  O.Timing = Timing;
  if (Threshold.getNumOccurrences()) {
    auto V = clauseOption("threshold", Threshold, "threshold", 1);
    if (!V)
      return dpopt::ExitInputError;
    O.PassOpts.Threshold = static_cast<unsigned>(*V);
  }
  if (CoarsenFactor.getNumOccurrences()) {
    auto V = clauseOption("coarsen-factor", CoarsenFactor, "coarsen", 1);
    if (!V)
      return dpopt::ExitInputError;
    O.PassOpts.CoarsenFactor = static_cast<unsigned>(*V);
  }
  if (RemoveLaunch.getNumOccurrences()) {
    // Spelled as in '#pragma dp remove_launch(...)'.
    std::optional<dpopt::RemoveLaunchMode> Mode =
        StringSwitch<std::optional<dpopt::RemoveLaunchMode>>(RemoveLaunch)
            .Case("auto", dpopt::RemoveLaunchMode::Auto)
            .Case("T1", dpopt::RemoveLaunchMode::T1)
            .Case("T2", dpopt::RemoveLaunchMode::T2)
            .Case("T3", dpopt::RemoveLaunchMode::T3)
            .Case("T4", dpopt::RemoveLaunchMode::T4)
            .Default(std::nullopt);
    if (!Mode) {
      toolError(dpopt::DiagId::InvalidOptionValue,
                "invalid --remove-launch='" + RemoveLaunch +
                    "'; expected auto, T1, T2, T3 or T4");
      return dpopt::ExitInputError;
    }
    O.PassOpts.RemoveLaunch = *Mode;
  }
  if (AggThreshold.getNumOccurrences()) {
    auto V = clauseOption("agg-threshold", AggThreshold, "agg_threshold", 0);
    if (!V)
      return dpopt::ExitInputError;
    O.PassOpts.AggThreshold = static_cast<unsigned>(*V);
  }
  O.PassOpts.FoldFpAtomics = FoldFpAtomics;
  if (AggPack.getNumOccurrences()) {
    if (AggPack != "auto" && AggPack != "off") {
      toolError(dpopt::DiagId::InvalidOptionValue,
                "invalid --agg-pack='" + AggPack + "'; expected auto or off");
      return dpopt::ExitInputError;
    }
    O.PassOpts.AggPack = AggPack == "auto";
  }
  if (Aggregate.getNumOccurrences()) {
    // The same grammar as the pragma's 'aggregate(...)' clause.
    auto Parsed = dpopt::parsePragmaClauses("aggregate(" + Aggregate + ")");
    if (auto *Err = std::get_if<dpopt::PragmaError>(&Parsed)) {
      toolError(dpopt::DiagId::InvalidOptionValue,
                "invalid --agg='" + Aggregate + "': " + Err->Message);
      return dpopt::ExitInputError;
    }
    O.PassOpts.Aggregate = std::get<dpopt::PragmaDirective>(Parsed).Aggregate;
  }
  if (Consolidate.getNumOccurrences()) {
    std::optional<dpopt::Granularity> G;
    for (dpopt::Granularity Each :
         {dpopt::Granularity::Warp, dpopt::Granularity::Block,
          dpopt::Granularity::Grid})
      if (Consolidate == dpopt::granularityName(Each))
        G = Each;
    if (!G) {
      toolError(dpopt::DiagId::InvalidOptionValue,
                "invalid --consldt='" + Consolidate +
                    "'; expected warp, block or grid");
      return dpopt::ExitInputError;
    }
    O.PassOpts.Consolidate = G;
  }
  // An installed dpopt finds its runtime in <prefix>/include next to bin/.
  std::string Exe = sys::fs::getMainExecutable(
      Argv[0], reinterpret_cast<void *>(&printVersion));
  SmallString<256> Installed(
      sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "include");
  if (sys::fs::exists(Installed + "/dpopt/" +
                      dpopt::runtimeHeaderFile(dpopt::RuntimeHeader::Core)))
    O.RuntimeDir = std::string(Installed);

  if (InBatch) {
    O.Input = BatchInput;
    O.Output = BatchOutput;
    O.NoteIgnoredFlags = false;
    dpopt::FileStats FS;
    if (!BatchStats.empty())
      O.Stats = &FS;
    int Code = dpopt::runDriver(O, errs());
    if (!BatchStats.empty()) {
      std::error_code EC;
      raw_fd_ostream OS(BatchStats, EC);
      if (!EC)
        dpopt::writeStatsCsv(OS, FS, /*WithTotal=*/false);
    }
    return Code;
  }

  StatsFormat StatsAsked = StatsFormat::None;
  if (Stats.getNumOccurrences()) {
    if (Stats == "text") {
      StatsAsked = StatsFormat::Text;
    } else if (Stats == "csv" && !StatsCsvFile.empty()) {
      StatsAsked = StatsFormat::Csv;
    } else {
      toolError(dpopt::DiagId::InvalidOptionValue,
                "invalid --stats='" + Stats +
                    "'; expected --stats, --stats=text or --stats=csv FILE");
      return dpopt::ExitInputError;
    }
  }
  bool Batch = InputFiles.size() > 1 || !OutDir.empty() ||
               (InputFiles.empty() && !BuildDir.empty());
  if (Batch)
    return runBatch(O, Own, Extra, Exe, StatsAsked);
  dpopt::FileStats FS;
  if (StatsAsked != StatsFormat::None)
    O.Stats = &FS;
  int Code = dpopt::runDriver(O, errs());
  if (StatsAsked != StatsFormat::None && !reportStats(StatsAsked, FS))
    return std::max<int>(Code, dpopt::ExitEnvironmentError);
  return Code;
}
