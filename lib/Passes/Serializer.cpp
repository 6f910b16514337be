//===- Serializer.cpp - A child grid run by one thread -------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/Serializer.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/BodyInLoop.h"
#include "dpopt/Support/Runtime.h"

#include <algorithm>

using namespace clang;
using namespace llvm;

namespace dpopt {

std::optional<Refusal> serializationBlocker(ProgramAnalysis &A,
                                            const FunctionDecl *Child,
                                            bool AllowLaunches) {
  const FunctionFacts &F = A.transitiveFacts(Child);
  const WorkingCopy &WC = A.workingCopy();
  std::string Name = "'" + Child->getNameAsString() + "'";
  if (!F.Barriers.empty())
    return Refusal{DiagId::ChildBarrier,
                   Name + " synchronizes its threads (" + F.Barriers[0].What +
                       " at " + whereIs(WC, F.Barriers[0].Loc) + ")"};
  if (!F.WarpOps.empty())
    return Refusal{DiagId::ChildWarpOp, Name +
                                            " uses the warp-level operation " +
                                            F.WarpOps[0].What + " at " +
                                            whereIs(WC, F.WarpOps[0].Loc)};
  if (!F.Shared.empty())
    return Refusal{DiagId::ChildSharedMemory,
                   Name + " uses shared memory ('" +
                       F.Shared[0].Var->getNameAsString() + "' at " +
                       whereIs(WC, F.Shared[0].Var->getLocation()) + ")"};
  if (std::optional<Refusal> Why = opaqueCodeBlocker(
          WC, F, Name, ", whose effect on other threads dpopt cannot see"))
    return Why;
  if (std::optional<Refusal> Why = runtimeCallBlocker(WC, F, Name))
    return Why;
  if (!AllowLaunches && !F.LegacyDeviceSyncs.empty())
    return Refusal{DiagId::ChildLegacySync,
                   Name + " calls cudaDeviceSynchronize() at " +
                       whereIs(WC, F.LegacyDeviceSyncs[0].Loc)};
  // A serial version that launches would make one parent thread issue the
  // launches of a whole child grid into one stream; on an H200 (CUDA 13.0)
  // that hung recursive children (docs/passes/threshold.md).
  if (!AllowLaunches && !F.Launches.empty())
    return Refusal{DiagId::SerialChildLaunches,
                   Name + " launches kernels itself (" +
                       whereIs(WC, F.Launches[0].Loc) +
                       "): its serial version would issue a whole grid's "
                       "launches from one "
                       "thread"};
  return std::nullopt;
}

std::optional<Refusal> serialRewriteBlocker(ProgramAnalysis &A,
                                            const FunctionDecl *Child) {
  if (std::optional<std::string> Why =
          loopBodyBlocker(A.workingCopy().unit(), getWrittenDefinition(Child)))
    return Refusal{DiagId::BodyNotLoopable, *Why};
  NameAllocator Scratch("");
  BuiltinCloner Cloner(A, AllBuiltins, Scratch, "serial");
  if (std::optional<std::string> Why = Cloner.plan(Child))
    return Refusal{DiagId::CloneBlocked, "'" + Child->getNameAsString() +
                                             "' cannot run serially: " + *Why};
  return std::nullopt;
}

Serializer::Serializer(ProgramAnalysis &A, NameAllocator &Names,
                       bool FoldAtomics, bool FoldFloatingAdds)
    : A(A), Names(Names), FoldAtomics(FoldAtomics),
      FoldFloatingAdds(FoldFloatingAdds), GridDim(Names.fresh("gridDim")),
      BlockDim(Names.fresh("blockDim")), Bx(Names.fresh("bx")),
      By(Names.fresh("by")), Bz(Names.fresh("bz")), Tx(Names.fresh("tx")),
      Ty(Names.fresh("ty")), Tz(Names.fresh("tz")),
      Next(Names.fresh("next_thread")), In(Names.fresh("in") + "_"),
      Cloner(A, AllBuiltins, Names, "serial") {}

Expected<std::string> Serializer::request(const FunctionDecl *Child,
                                          unsigned GridDims,
                                          unsigned BlockDims) {
  const FunctionDecl *Key = canonicalFunction(Child);
  auto [It, New] = Plans.try_emplace(Key);
  Plan &P = It->second;
  if (New) {
    P.Child = Child;
    P.Name = Names.fresh("serial_" + Child->getNameAsString());
    if (std::optional<std::string> Why = Cloner.plan(Child)) {
      Plans.erase(It);
      return createStringError(inconvertibleErrorCode(), *Why);
    }
    if (FoldAtomics)
      P.Folded =
          combinableAtomics(A.workingCopy().unit().getASTContext(),
                            getWrittenDefinition(Child), FoldFloatingAdds);
    Order.push_back(Key);
  }
  P.GridDims = std::max(P.GridDims, GridDims);
  P.BlockDims = std::max(P.BlockDims, BlockDims);
  return P.Name;
}

ArrayRef<CombinableAtomic>
Serializer::foldedAtomics(const FunctionDecl *Child) const {
  auto It = Plans.find(canonicalFunction(Child));
  if (It == Plans.end())
    return {};
  return It->second.Folded;
}

Expected<std::string> Serializer::serialBody(const ParsedUnit &U, const Plan &P,
                                             const EditList &BodyEdits,
                                             std::string &HeadOut) const {
  const FunctionDecl *Def = getWrittenDefinition(P.Child);
  Expected<FunctionPieces> F = readFunction(U, Def);
  if (!F)
    return F.takeError();
  EditList Redirects("");
  if (F->InMainFile) // a header's child has no rewritten launches in it
    Redirects.addWithin(BodyEdits, F->BodyBegin, F->BodyEnd);
  if (Error E = Cloner.redirectCalls(U, Def, Redirects))
    return std::move(E);
  // A folded atomic adds its value to the run's fold where the child thread
  // made it; the fold makes the one atomic after the last thread.
  std::string Folds, Flushes;
  const SourceManager &SM = U.getSourceManager();
  for (const CombinableAtomic &Atomic : P.Folded) {
    std::string Fold = Names.fresh("fold");
    const CallExpr *Call = Atomic.Call;
    Folds += "  " + ("" + rt::AtomicFold) + "<" + rt::FoldOp +
             "::" + Atomic.Op + ", " + Atomic.ValueType + "> " + Fold + ";\n";
    Redirects.replace(SM.getFileOffset(Call->getBeginLoc()),
                      SM.getFileOffset(Call->getArg(1)->getBeginLoc()) -
                          SM.getFileOffset(Call->getBeginLoc()),
                      Fold + ".take(");
    Flushes += "  " + Fold + ".flush(" +
               U.getSourceText(Call->getArg(0)->getSourceRange()).str() +
               ");\n";
  }
  Expected<LoopBody> Body = bodyForLoop(U, Def, Redirects, Next, In);
  if (!Body)
    return Body.takeError();

  const FunctionFacts &Facts = A.transitiveFacts(P.Child);
  auto Uses = [&](BuiltinVar V) { return Facts.usesIndex(V); };
  std::string S = "{\n" + Folds;
  auto Loop = [&](const std::string &Var, const std::string &Bound) {
    S += "  for (unsigned " + Var + " = 0; " + Var + " < " + Bound + "; ++" +
         Var + ")\n";
  };
  if (P.GridDims >= 3)
    Loop(Bz, GridDim + ".z");
  if (P.GridDims >= 2)
    Loop(By, GridDim + ".y");
  Loop(Bx, GridDim + ".x");
  if (P.BlockDims >= 3)
    Loop(Tz, BlockDim + ".z");
  if (P.BlockDims >= 2)
    Loop(Ty, BlockDim + ".y");
  Loop(Tx, BlockDim + ".x");
  S += "  {\n";
  // Locals named like the built-ins shadow them for the copied body.
  auto Index = [](const std::string &X, unsigned Dims, const std::string &Y,
                  const std::string &Z) {
    return "make_uint3(" + X + ", " + (Dims >= 2 ? Y : "0u") + ", " +
           (Dims >= 3 ? Z : "0u") + ")";
  };
  if (Uses(BuiltinVar::BlockIdx))
    S += "    const uint3 blockIdx = " + Index(Bx, P.GridDims, By, Bz) + ";\n";
  if (Uses(BuiltinVar::ThreadIdx))
    S +=
        "    const uint3 threadIdx = " + Index(Tx, P.BlockDims, Ty, Tz) + ";\n";
  if (Uses(BuiltinVar::GridDim))
    S += "    const dim3 gridDim = " + GridDim + ";\n";
  if (Uses(BuiltinVar::BlockDim))
    S += "    const dim3 blockDim = " + BlockDim + ";\n";
  // One child thread: its 'return's jump to the end of the iteration, and
  // parameters it modifies are its own copies (BodyInLoop.h).
  S += Body->text(Next) + "\n  }\n" + Flushes + "}";

  std::string Header =
      F->TemplateHeader.empty() ? "" : F->TemplateHeader + "\n";
  HeadOut = Header + "static __device__ void " + P.Name + "(dim3 " + GridDim +
            ", dim3 " + BlockDim;
  return S;
}

Error Serializer::emit(const ParsedUnit &U, EditList &Edits,
                       const EditList &BodyEdits, StringRef PassName) {
  for (const FunctionDecl *Key : Order) {
    const Plan &P = Plans[Key];
    std::string Head;
    Expected<std::string> Body = serialBody(U, P, BodyEdits, Head);
    if (!Body)
      return Body.takeError();
    auto FullHead = [&](StringRef Params) {
      bool None = Params.trim().empty() || Params.trim() == "void";
      return Head + (None ? "" : ", " + Params.str()) + ")";
    };
    if (Error E = addDerivedFunction(U, Edits, P.Child, FullHead, *Body,
                                     "'" + P.Child->getNameAsString() +
                                         "' run serially by one thread (" +
                                         PassName.str() + ")"))
      return E;
  }
  return Cloner.emitClones(U, Edits);
}

} // namespace dpopt
