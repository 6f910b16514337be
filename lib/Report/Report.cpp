//===- Report.cpp - What dpopt found in a file, for people and tools -----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Report/Report.h"

#include "dpopt/AST/MainFileVisitor.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Support/Version.h"

#include "clang/AST/Attr.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

/// Kernels (__global__ definitions) written in the main file, in order.
class KernelCollector : public MainFileVisitor<KernelCollector> {
public:
  using MainFileVisitor::MainFileVisitor;
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && FD->doesThisDeclarationHaveABody())
      Kernels.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Kernels;
};

std::string dimsText(unsigned Mask) {
  std::string S;
  if (Mask & DimX)
    S += 'x';
  if (Mask & DimY)
    S += 'y';
  if (Mask & DimZ)
    S += 'z';
  return S;
}

struct KernelInfo {
  const FunctionDecl *Kernel;
  bool LaunchedFromDevice;
  bool LaunchedFromHost;
};

std::vector<KernelInfo> collectKernels(ProgramAnalysis &A) {
  KernelCollector C(A.workingCopy().unit().getSourceManager());
  C.TraverseDecl(
      A.workingCopy().unit().getASTContext().getTranslationUnitDecl());
  std::vector<KernelInfo> Out;
  for (const FunctionDecl *K : C.Kernels) {
    KernelInfo I{K, false, false};
    for (const LaunchSite &S : A.sites())
      for (const FunctionDecl *C : S.Candidates)
        if (canonicalFunction(C) == canonicalFunction(K))
          (S.Side == LaunchSide::Device ? I.LaunchedFromDevice
                                        : I.LaunchedFromHost) = true;
    Out.push_back(I);
  }
  return Out;
}

/// Launches made by \p K or by a device function it calls, by site id.
std::vector<unsigned> launchesOf(ProgramAnalysis &A, const FunctionDecl *K) {
  std::vector<unsigned> Ids;
  for (const LaunchSite &S : A.sites())
    if (S.Side == LaunchSide::Device && S.Id &&
        (canonicalFunction(S.Caller) == canonicalFunction(K) ||
         A.canReach(K, S.Caller, /*ThroughLaunches=*/false)))
      Ids.push_back(S.Id);
  return Ids;
}

/// Every pass's plan for the file, made once: a report shows each pass's
/// verdict on each site.
std::vector<std::unique_ptr<PassPlan>> planAll(const ReportInputs &In) {
  std::vector<std::unique_ptr<PassPlan>> Plans;
  for (const auto &P : In.Registry.passes())
    Plans.push_back(P->plan(In.Analysis, In.Options));
  return Plans;
}

void writeOccurrences(json::OStream &J, StringRef Key,
                      const std::vector<Occurrence> &List,
                      const WorkingCopy &WC) {
  J.attributeArray(Key, [&] {
    for (const Occurrence &O : List) {
      UserLocation L = WC.locate(O.Loc);
      J.object([&] {
        J.attribute("what", O.What);
        J.attribute("file", L.File);
        J.attribute("line", L.Line);
        J.attribute("column", L.Column);
        J.attribute("in", O.In ? O.In->getQualifiedNameAsString() : "");
      });
    }
  });
}

json::Value textOrNull(const ConfigExpr &C) {
  if (!C.isWritten())
    return nullptr;
  return C.Text;
}

} // namespace

void printJsonReport(raw_ostream &OS, const ReportInputs &In) {
  ProgramAnalysis &A = In.Analysis;
  const WorkingCopy &WC = A.workingCopy();
  std::vector<std::unique_ptr<PassPlan>> Plans = planAll(In);
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("version", ReportJsonVersion);
    J.attribute("tool", std::string("dpopt ") + dpoptVersion());
    J.attributeArray("files", [&] { J.value(WC.original().path()); });
    J.attributeArray("sites", [&] {
      for (const LaunchSite &S : A.sites()) {
        UserLocation L = WC.locate(S.Call->getBeginLoc());
        J.object([&] {
          J.attribute("id", S.Id);
          J.attribute("file", L.File);
          J.attribute("line", L.Line);
          J.attribute("column", L.Column);
          J.attribute("side", launchSideName(S.Side));
          J.attribute("caller", S.CallerName);
          J.attribute("caller_kind", callerKindName(S.Kind));
          J.attribute("callee", S.CalleeName);
          J.attribute("grid", textOrNull(S.Grid));
          J.attribute("block", textOrNull(S.Block));
          J.attribute("shmem", textOrNull(S.SharedMem));
          J.attribute("stream", textOrNull(S.Stream));
          J.attribute("stream_kind", streamKindName(S.InStream));
          J.attribute("grid_dims", S.Grid.Dims);
          J.attribute("grid_dims_known", S.Grid.DimsKnown);
          J.attribute("block_dims", S.Block.Dims);
          J.attribute("block_dims_known", S.Block.DimsKnown);
          J.attributeArray("args", [&] {
            for (const LaunchArgument &Arg : S.Args)
              J.object([&] {
                J.attribute("text", Arg.Text);
                J.attribute("type", Arg.Type);
              });
          });
          J.attribute("in_loop", S.inLoop());
          J.attribute("loop_depth", S.LoopDepth);
          J.attribute("conditional_depth", S.ConditionalDepth);
          J.attribute("statement", S.IsStatement);
          J.attribute("from_macro", S.FromMacro);
          J.attribute("in_template", S.InTemplate);
          J.attribute("recursive", S.Recursive);
          J.attribute("pragma", S.Pragma ? json::Value(S.Pragma->str())
                                         : json::Value(nullptr));
          J.attributeObject("passes", [&] {
            for (size_t I = 0; I < Plans.size(); ++I) {
              const SiteVerdict &V = Plans[I]->verdictFor(S);
              J.attributeObject(In.Registry.passes()[I]->name(), [&] {
                J.attribute("applicable", V.Transforms);
                J.attribute("reason", V.Reason);
                // The refusal's id (docs/diagnostics.md); null when the pass
                // transforms the site.
                J.attribute("id", V.Id ? json::Value(diagIdCode(*V.Id))
                                       : json::Value(nullptr));
              });
            }
          });
        });
      }
    });
    J.attributeArray("kernels", [&] {
      for (const KernelInfo &K : collectKernels(A)) {
        const FunctionFacts &F = A.transitiveFacts(K.Kernel);
        UserLocation L = WC.locate(K.Kernel->getLocation());
        J.object([&] {
          J.attribute("name", K.Kernel->getQualifiedNameAsString());
          J.attribute("file", L.File);
          J.attribute("line", L.Line);
          J.attribute("column", L.Column);
          J.attribute("launched_from_device", K.LaunchedFromDevice);
          J.attribute("launched_from_host", K.LaunchedFromHost);
          J.attributeObject("index_use", [&] {
            for (unsigned V = 0; V < NumBuiltinVars; ++V)
              J.attribute(builtinVarName(static_cast<BuiltinVar>(V)),
                          dimsText(F.IndexUse[V]));
          });
          J.attribute("uses_warp_size", F.UsesWarpSize);
          writeOccurrences(J, "barriers", F.Barriers, WC);
          writeOccurrences(J, "warp_ops", F.WarpOps, WC);
          writeOccurrences(J, "fences", F.Fences, WC);
          J.attributeArray("shared_memory", [&] {
            for (const SharedVariable &SV : F.Shared)
              J.object([&] {
                J.attribute("name", SV.Var->getName());
                J.attribute("dynamic", SV.Dynamic);
                J.attribute("bytes", SV.Bytes);
                J.attribute("in",
                            SV.In ? SV.In->getQualifiedNameAsString() : "");
              });
          });
          writeOccurrences(J, "early_returns",
                           A.localFacts(K.Kernel).EarlyReturns, WC);
          J.attributeArray("calls", [&] {
            std::vector<std::string> Names;
            const SourceManager &SM = WC.unit().getSourceManager();
            for (const FunctionDecl *C : F.Callees) {
              if (SM.isInSystemHeader(C->getLocation()))
                continue;
              std::string N = C->getQualifiedNameAsString();
              if (std::find(Names.begin(), Names.end(), N) == Names.end())
                Names.push_back(N);
            }
            for (const std::string &N : Names)
              J.value(N);
          });
          J.attributeArray("launches", [&] {
            for (unsigned Id : launchesOf(A, K.Kernel))
              J.value(Id);
          });
          writeOccurrences(J, "legacy_device_sync", F.LegacyDeviceSyncs, WC);
          writeOccurrences(J, "unknown_calls", F.UnknownCalls, WC);
          writeOccurrences(J, "inline_asm", F.InlineAsm, WC);
        });
      }
    });
  });
  OS << '\n';
}

void printTextReport(raw_ostream &OS, const ReportInputs &In) {
  ProgramAnalysis &A = In.Analysis;
  const WorkingCopy &WC = A.workingCopy();
  std::vector<std::unique_ptr<PassPlan>> Plans = planAll(In);
  unsigned Device = A.deviceSites().size();
  std::vector<KernelInfo> Kernels = collectKernels(A);
  OS << "dpopt report for " << WC.original().path() << ": " << A.sites().size()
     << " launch site" << (A.sites().size() == 1 ? "" : "s") << " (" << Device
     << " device-side), " << Kernels.size() << " kernel"
     << (Kernels.size() == 1 ? "" : "s") << "\n";
  for (const LaunchSite &S : A.sites()) {
    UserLocation L = WC.locate(S.Call->getBeginLoc());
    OS << formatv("\nsite {0}  {1}:{2}:{3}  {4}-side\n", S.Id, L.File, L.Line,
                  L.Column, launchSideName(S.Side));
    OS << "  " << S.CallerName << " (" << callerKindName(S.Kind)
       << ") launches " << S.CalleeName << "<<<" << S.Grid.Text << ", "
       << S.Block.Text;
    if (S.SharedMem.isWritten())
      OS << ", " << S.SharedMem.Text;
    if (S.Stream.isWritten())
      OS << ", " << S.Stream.Text;
    OS << ">>>\n";
    OS << "  stream: " << streamKindName(S.InStream) << "\n";
    auto Dims = [](const ConfigExpr &C) {
      return C.DimsKnown ? std::to_string(C.Dims) + "-D"
                         : std::string("unknown-D");
    };
    OS << "  grid " << Dims(S.Grid) << ", block " << Dims(S.Block)
       << "; loop depth " << S.LoopDepth << ", conditional depth "
       << S.ConditionalDepth << (S.Recursive ? "; recursive" : "")
       << (S.FromMacro ? "; from a macro" : "")
       << (S.IsStatement ? "" : "; not a statement of its own") << "\n";
    if (S.Pragma)
      OS << "  #pragma dp " << S.Pragma->str() << "\n";
    for (size_t I = 0; I < Plans.size(); ++I) {
      const SiteVerdict &V = Plans[I]->verdictFor(S);
      OS << "  " << In.Registry.passes()[I]->name() << ": "
         << (V.Transforms ? "yes" : "no") << " - " << V.Reason << "\n";
    }
  }
  for (const KernelInfo &K : Kernels) {
    const FunctionFacts &F = A.transitiveFacts(K.Kernel);
    UserLocation L = WC.locate(K.Kernel->getLocation());
    OS << formatv("\nkernel {0}  {1}:{2}  launched from {3}\n",
                  K.Kernel->getQualifiedNameAsString(), L.File, L.Line,
                  K.LaunchedFromDevice && K.LaunchedFromHost ? "host and device"
                  : K.LaunchedFromDevice                     ? "device"
                  : K.LaunchedFromHost ? "host"
                                       : "nowhere in this file");
    OS << "  reads";
    bool Any = false;
    for (unsigned V = 0; V < NumBuiltinVars; ++V)
      if (F.IndexUse[V]) {
        OS << ' ' << builtinVarName(static_cast<BuiltinVar>(V)) << '.'
           << dimsText(F.IndexUse[V]);
        Any = true;
      }
    OS << (Any ? "" : " no thread/block indices") << "\n";
    OS << formatv("  barriers {0}, warp-level operations {1}, shared variables "
                  "{2}, early returns {3}, device launches {4}, legacy device "
                  "syncs {5}, unknown calls {6}\n",
                  F.Barriers.size(), F.WarpOps.size(), F.Shared.size(),
                  A.localFacts(K.Kernel).EarlyReturns.size(),
                  launchesOf(A, K.Kernel).size(), F.LegacyDeviceSyncs.size(),
                  F.UnknownCalls.size());
  }
}

} // namespace dpopt
