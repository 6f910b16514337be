//===- ContinuationPass.cpp - CDP1 waits become tail-launched phases -----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ContinuationShape decides; this file writes. For a kernel K that
// continues it writes, around K's definition:
//
//   struct Frame { K's parameters; the kept locals; barrier count; };
//   static __shared__ ContShared State;     (+ K's __shared__ locals)
//   K(params) { contBegin(State, null); Body(0, null, blockIdx, gridDim,
//            threadIdx, blockDim, params); }
//   Leave(): counts the thread out; the block's last thread saves the shared
//            memory and tail-launches Cont<<<1, the suspended warps,
//            dynamic>>>.
//   Body(point, frame, blockIdx, gridDim, threadIdx, blockDim, params): K's
//            body with its waits and barriers as suspension points, resumed
//            by a jump.
//   Cont(block, blockIdx, gridDim): restores the shared memory and calls
//            Body for each suspended thread with its frame and original
//            thread index.
//
// blockIdx, gridDim, threadIdx and blockDim are the original block's in
// every phase (parameters of Body; functions Body calls that read them get
// clones that take them). So the next phase's block holds only the original
// warps that have a suspended thread. Where a function Body calls cannot be
// cloned, threadIdx and blockDim stay the built-ins and every phase runs
// the whole block.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/ContinuationPass.h"

#include "ContinuationShape.h"
#include "LaunchGroups.h"
#include "PendingLimit.h"
#include "dpopt/Frontend/LaunchMarkers.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/ConsolidatePass.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/BuiltinParams.h"
#include "dpopt/Rewrite/EditList.h"
#include "dpopt/Rewrite/FunctionText.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PassName = "continuation";
constexpr llvm::StringLiteral DroppedWait =
    "/* dpopt continuation: wait dropped */;";

/// Marks the kernels whose wait the consolidate pass, later in the
/// pipeline, handles: it consolidates the kernel's launch and runs the
/// postwork after the wait in a tail launch after the consolidated
/// children, one launch for a whole group of threads where a continuation
/// adds one per suspended block (docs/passes/continuation.md says when).
void leaveToConsolidate(std::vector<ContinuationShape> &Shapes,
                        ProgramAnalysis &A, const PassOptions &O) {
  // Most files have no wait to continue: no need to plan consolidate then.
  if (llvm::none_of(Shapes,
                    [](const ContinuationShape &S) { return S.continues(); }))
    return;
  std::unique_ptr<PassPlan> Consolidated = createConsolidatePass()->plan(A, O);
  for (ContinuationShape &Shape : Shapes) {
    if (!Shape.continues())
      continue;
    for (const SiteVerdict &V : Consolidated->verdicts())
      if (V.Transforms && V.Site->Caller &&
          canonicalFunction(V.Site->Caller) ==
              canonicalFunction(Shape.Kernel)) {
        Shape.LeftTo = "the consolidate pass consolidates its launch of '" +
                       V.Site->CalleeName + "' (" +
                       whereIs(A.workingCopy(), V.Site->Call->getBeginLoc()) +
                       ") and runs the code after the wait in a tail launch";
        break;
      }
  }
}

class ContinuationPlan : public PassPlan {
public:
  std::vector<ContinuationShape> Shapes;

  const ContinuationShape *shapeOf(const FunctionDecl *F) const {
    for (const ContinuationShape &S : Shapes)
      if (F && canonicalFunction(S.Kernel) == canonicalFunction(F))
        return &S;
    return nullptr;
  }
};

/// True when \p Text has \p Word as a whole identifier.
bool writesWord(StringRef Text, StringRef Word) {
  for (size_t At = Text.find(Word); At != StringRef::npos;
       At = Text.find(Word, At + 1)) {
    size_t End = At + Word.size();
    if ((At == 0 || !isAsciiIdentifierContinue(Text[At - 1])) &&
        (End == Text.size() || !isAsciiIdentifierContinue(Text[End])))
      return true;
  }
  return false;
}

/// Replaces statement \p S, its ';' included, by \p Text.
Error replaceStatement(const ParsedUnit &U, EditList &Edits, const Stmt *S,
                       std::string Text) {
  Expected<unsigned> End = statementEnd(U, S);
  if (!End)
    return End.takeError();
  unsigned Begin = U.getOffsetRange(S->getSourceRange()).first;
  Edits.replace(Begin, *End - Begin, std::move(Text));
  return Error::success();
}

/// The names one kernel's generated code uses.
struct ContNames {
  ContNames(NameAllocator &N, StringRef K)
      : Frame(N.fresh("c_frame_" + K.str())),
        State(N.fresh("c_state_" + K.str())),
        Save(N.fresh("c_saved_" + K.str())),
        Dynamic(N.fresh("c_dynamic_" + K.str())),
        Body(N.fresh("c_body_" + K.str())), Cont(N.fresh("c_cont_" + K.str())),
        Leave(N.fresh("c_leave_" + K.str())), Point(N.fresh("c_point")),
        FramePtr(N.fresh("c_frame")), Epoch(N.fresh("c_epoch")),
        Block(N.fresh("c_block")), Saved(N.fresh("c_s")),
        Error(N.fresh("c_error")), Rank(N.fresh("c_rank")) {}
  std::string Frame, State, Save, Dynamic, Body, Cont, Leave, Point, FramePtr,
      Epoch, Block, Saved, Error, Rank;
};

class KernelWriter {
public:
  KernelWriter(PassContext &Ctx, const ContinuationShape &Shape,
               NameAllocator &Names, EditList &Edits)
      : Ctx(Ctx), U(Ctx.WC.unit()), AST(U.getASTContext()), Shape(Shape),
        K(Shape.Kernel), Names(Names), Edits(Edits), N(Names, K->getName()) {}

  Error write();

  /// After write(): why every phase runs the whole block, or nothing when
  /// the next phases run only the warps with a suspended thread.
  const std::optional<std::string> &wholeBlocks() const { return WholeBlocks; }

private:
  Error editBody(EditList &Body);
  Error editDeclaration(EditList &Body, const DeclStmt *DS);
  std::string suspendText(unsigned Point) const;
  std::string saveText() const;
  std::string restoreText() const;
  std::string sharedSaveText() const;
  std::string sharedRestoreLambda() const;
  std::string nameOf(const VarDecl *VD) const { return Hoisted.lookup(VD); }

  PassContext &Ctx;
  const ParsedUnit &U;
  const ASTContext &AST;
  const ContinuationShape &Shape;
  const FunctionDecl *K;
  NameAllocator &Names;
  EditList &Edits;
  ContNames N;
  DenseMap<const VarDecl *, std::string> Hoisted, SharedNames;
  std::vector<std::string> Labels; // per resume point, 1-based
  std::optional<std::string> WholeBlocks;
};

std::string KernelWriter::saveText() const {
  std::string Out;
  for (const ParmVarDecl *P : K->parameters())
    Out += rt::contCopy + "(" + N.FramePtr + "->" + P->getName().str() + ", " +
           P->getName().str() + "); ";
  for (const VarDecl *VD : Shape.Hoisted)
    Out += rt::contCopy + "(" + N.FramePtr + "->" + nameOf(VD) + ", " +
           nameOf(VD) + "); ";
  return Out + N.FramePtr + "->" + N.Epoch + " = " + N.Epoch + "; " +
         N.FramePtr + "->" + N.Error + " = " + N.Error + "; ";
}

std::string KernelWriter::restoreText() const {
  std::string Out;
  for (const VarDecl *VD : Shape.Hoisted)
    Out += "    " + rt::contCopy + "(" + nameOf(VD) + ", " + N.FramePtr + "->" +
           nameOf(VD) + ");\n";
  return Out + "    " + N.Epoch + " = " + N.FramePtr + "->" + N.Epoch +
         ";\n    " + N.Error + " = " + N.FramePtr + "->" + N.Error + ";\n";
}

/// The statements that suspend the calling thread at resume point \p Point
/// (no declarations: the resume jump lands after them).
/// (threadIdx and blockDim are the original block's: Body's parameters, or
/// the built-ins where every phase runs the whole block.)
std::string KernelWriter::suspendText(unsigned Point) const {
  std::string Rank = rt::contRank + "(threadIdx, blockDim)";
  return N.Error + " = " + rt::contCarryError + "(" + N.Error + "); " +
         N.FramePtr + " = " + rt::contFrame + "<" + N.Frame + ">(" +
         rt::contBlock + "(" + N.State + ", sizeof(" + N.Frame + "), " +
         (Shape.Shared.empty() ? std::string("0u") : "sizeof(" + N.Save + ")") +
         ", blockDim), " + Rank + "); " + saveText() + rt::contSuspend + "(" +
         N.State + ", " + std::to_string(Point) + "u, " + N.Epoch + ", " +
         Rank + "); " + N.Leave + "(blockIdx, gridDim); return;";
}

std::string KernelWriter::sharedSaveText() const {
  std::string Out;
  for (size_t I = 0; I < Shape.Shared.size(); ++I)
    Out += "  " + rt::contCopy + "(reinterpret_cast<" + N.Save + " *>(" +
           rt::contSharedSave + "(" + N.Block + "))->m" + std::to_string(I) +
           ", " + SharedNames.lookup(Shape.Shared[I]) + ");\n";
  if (Shape.DynamicShared)
    Out += "  " + rt::contSave + "(" + rt::contDynamicSave + "(" + N.Block +
           "), " + N.Dynamic + ", " + N.Block + "->DynamicBytes);\n";
  return Out;
}

std::string KernelWriter::sharedRestoreLambda() const {
  std::string Out = "[&](unsigned char *" + N.Saved + ") {";
  for (size_t I = 0; I < Shape.Shared.size(); ++I) {
    std::string V = SharedNames.lookup(Shape.Shared[I]);
    Out += " " + rt::contRestoreShare + "(&" + V +
           ", reinterpret_cast<unsigned char *>(&reinterpret_cast<" + N.Save +
           " *>(" + N.Saved + ")->m" + std::to_string(I) + "), sizeof(" + V +
           "));";
  }
  if (Shape.DynamicShared)
    Out += " " + rt::contRestoreShare + "(" + N.Dynamic + ", " +
           rt::contDynamicSave + "(" + N.Block + "), " + N.Block +
           "->DynamicBytes);";
  if (Shape.Shared.empty() && !Shape.DynamicShared)
    Out += " (void)" + N.Saved + ";";
  return Out + " }";
}

/// A declaration of kept locals becomes assignments of their initial
/// values: 'int a = 1, *p(q);' -> '__dpopt_a = 1, __dpopt_p = (int *)(q);'.
Error KernelWriter::editDeclaration(EditList &Body, const DeclStmt *DS) {
  const SourceManager &SM = U.getSourceManager();
  const LangOptions &LO = AST.getLangOpts();
  unsigned Prev = U.getOffsetRange(DS->getSourceRange()).first;
  StringRef Text = U.getText();
  bool First = true;
  for (const Decl *D : DS->decls()) {
    const auto *VD = cast<VarDecl>(D);
    unsigned NameAt = U.getOffset(VD->getLocation());
    unsigned NameEnd =
        NameAt + Lexer::MeasureTokenLength(VD->getLocation(), SM, LO);
    // The type (or, after a comma, the '*'s and '&'s of this declarator).
    unsigned From = Prev;
    if (!First) {
      size_t Comma = Text.find(',', Prev);
      if (Comma == StringRef::npos || Comma >= NameAt)
        return createStringError(inconvertibleErrorCode(),
                                 "cannot read the declaration of '" +
                                     VD->getNameAsString() + "'");
      From = Comma + 1;
    }
    Body.replace(From, NameAt - From, First ? "" : " ");
    unsigned DeclEnd = U.getOffsetRange(VD->getSourceRange()).second;
    StringRef After = Text.slice(NameEnd, DeclEnd).ltrim();
    std::string Name = nameOf(VD);
    std::string Type = printedType(VD->getType(), AST);
    const Expr *Init = VD->getInit();
    if (After.starts_with("[")) {
      // An array without an initializer (ContinuationShape refused the rest).
      Body.replace(NameAt, DeclEnd - NameAt, "(void)0");
    } else if (After.starts_with("(") || After.starts_with("{")) {
      Body.replace(NameAt, NameEnd - NameAt, Name + " = " + Type);
    } else if (After.starts_with("=")) {
      Body.replace(NameAt, NameEnd - NameAt, Name);
      if (Init && isa<InitListExpr>(Init->IgnoreImplicit()))
        Body.insert(U.getOffset(Init->getBeginLoc()), Type);
    } else if (!After.empty()) {
      return createStringError(inconvertibleErrorCode(),
                               "cannot read the declarator of '" +
                                   VD->getNameAsString() + "'");
    } else {
      const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl();
      bool Constructs = RD && !RD->hasTrivialDefaultConstructor();
      Body.replace(NameAt, NameEnd - NameAt,
                   Constructs ? Name + " = " + Type + "()" : "(void)" + Name);
    }
    Prev = DeclEnd;
    First = false;
  }
  return Error::success();
}

Error KernelWriter::editBody(EditList &Body) {
  const SourceManager &SM = U.getSourceManager();
  const LangOptions &LO = AST.getLangOpts();
  for (const DeclStmt *DS : Shape.HoistedDecls)
    if (Error E = editDeclaration(Body, DS))
      return E;
  auto Rename = [&](const DeclRefExpr *E, std::string To) {
    Body.replace(U.getOffset(E->getLocation()),
                 Lexer::MeasureTokenLength(E->getLocation(), SM, LO),
                 std::move(To));
  };
  for (const DeclRefExpr *E : Shape.HoistedUses)
    Rename(E, nameOf(cast<VarDecl>(E->getDecl())));
  // The shared locals move to file scope (write() declares them there).
  for (const DeclStmt *DS : Shape.SharedDecls) {
    auto [Begin, End] = U.getOffsetRange(DS->getSourceRange());
    Body.replace(Begin, End - Begin, ";");
  }
  for (const DeclRefExpr *E : Shape.SharedUses)
    Rename(E, SharedNames.lookup(cast<VarDecl>(E->getDecl())));
  for (const Stmt *S : Shape.DeadSyncs)
    if (Error E = replaceStatement(U, Body, S, DroppedWait.str()))
      return E;
  unsigned Point = 0;
  for (const Stmt *S : Shape.LiveSyncs) {
    ++Point;
    if (Error E = replaceStatement(
            U, Body, S,
            "{ /* dpopt continuation: the wait for the children ends this "
            "phase */ " +
                suspendText(Point) + " " + Labels[Point - 1] + ":; }"))
      return E;
  }
  for (const Stmt *S : Shape.Barriers) {
    ++Point;
    if (Error E = replaceStatement(
            U, Body, S,
            "{ " + Labels[Point - 1] + ": __syncthreads(); if (" +
                rt::contMustSuspend + "(" + N.State + ", ++" + N.Epoch +
                ")) { --" + N.Epoch + "; " + suspendText(Point) + " } }"))
      return E;
  }
  for (const CallExpr *CE : Shape.ErrorCalls) {
    auto [Begin, End] = U.getOffsetRange(CE->getSourceRange());
    StringRef Callee = CE->getDirectCallee()->getName();
    Body.replace(Begin, End - Begin,
                 (Callee == "cudaGetLastError" ? rt::contGetLastError
                                               : rt::contPeekAtLastError) +
                     "(" + N.Error + ")");
  }
  for (const ReturnStmt *R : Shape.Returns)
    if (Error E = replaceStatement(
            U, Body, R, "{ " + N.Leave + "(blockIdx, gridDim); return; }"))
      return E;
  // Launches keep their site's identity (markers) in the moved body.
  for (const LaunchSite &S : Ctx.Analysis.sites()) {
    if (!S.Caller || S.Id == 0 || S.FromMacro ||
        canonicalFunction(S.Caller) != canonicalFunction(K))
      continue;
    // The analysis counts a marker as part of its statement.
    if (markers::findMarkerSyntax(U.getText().slice(S.StmtBegin, S.StmtEnd)) ==
        0)
      continue;
    Body.insert(S.StmtBegin, markers::siteMarker(S.Id));
  }
  return Error::success();
}

Error KernelWriter::write() {
  Expected<FunctionPieces> F = readFunction(U, K);
  if (!F)
    return F.takeError();
  Expected<std::string> Params = paramsWithoutDefaults(U, K);
  if (!Params)
    return Params.takeError();
  for (const VarDecl *VD : Shape.Hoisted)
    Hoisted[VD] = Names.fresh("c_" + VD->getNameAsString());
  for (const VarDecl *VD : Shape.Shared)
    SharedNames[VD] =
        Names.fresh("c_" + K->getNameAsString() + "_" + VD->getNameAsString());
  for (size_t I = 0; I < Shape.LiveSyncs.size() + Shape.Barriers.size(); ++I)
    Labels.push_back(Names.fresh("c_resume"));

  // The built-ins are Body's parameters; what it calls gets them too.
  // threadIdx and blockDim only where that can be done: they let the next
  // phases run only the warps with a suspended thread.
  BuiltinSet Indices =
      builtinBit(BuiltinVar::BlockIdx) | builtinBit(BuiltinVar::GridDim);
  BuiltinSet ThreadIndices =
      builtinBit(BuiltinVar::ThreadIdx) | builtinBit(BuiltinVar::BlockDim);
  std::optional<BuiltinCloner> Cloner;
  Cloner.emplace(Ctx.Analysis, Indices | ThreadIndices, Names, "c");
  if (std::optional<std::string> Why = Cloner->plan(K)) {
    WholeBlocks = *Why;
    Cloner.emplace(Ctx.Analysis, Indices, Names, "c");
    if (std::optional<std::string> Why = Cloner->plan(K))
      return createStringError(inconvertibleErrorCode(), *Why);
  }
  const bool Compact = !WholeBlocks;

  EditList BodyEdits(Ctx.WC.original().path().str());
  if (Error E = Cloner->redirectCalls(U, K, BodyEdits))
    return E;
  if (Error E = editBody(BodyEdits))
    return E;
  Expected<std::string> BodyText = bodyWithEdits(U, *F, BodyEdits);
  if (!BodyText)
    return BodyText.takeError();

  std::string Args;
  for (const ParmVarDecl *P : K->parameters())
    Args += ", " + P->getName().str();
  std::string Bounds = F->LaunchBounds.empty() ? "" : F->LaunchBounds + " ";
  std::string BodyParams =
      "unsigned " + N.Point + ", " + N.Frame + " *" + N.FramePtr +
      ", uint3 blockIdx, dim3 gridDim" +
      (Compact ? ", uint3 threadIdx, dim3 blockDim" : "") +
      (StringRef(*Params).trim().empty() || StringRef(*Params).trim() == "void"
           ? std::string()
           : ", " + *Params);

  // Before K: the frame, the block's shared state, declarations.
  std::string Before = "// dpopt continuation: '" + K->getNameAsString() +
                       "' runs in phases; a wait for its children ends one "
                       "(docs/passes/continuation.md)\nstruct " +
                       N.Frame + " {";
  for (const ParmVarDecl *P : K->parameters())
    Before += " " + printedType(P->getType(), AST, P->getName()) + ";";
  for (const VarDecl *VD : Shape.Hoisted)
    Before += " " + printedType(VD->getType(), AST, nameOf(VD)) + ";";
  Before += " unsigned " + N.Epoch + "; cudaError_t " + N.Error +
            "; };\nstatic __shared__ " + rt::ContShared + " " + N.State + ";\n";
  for (const VarDecl *VD : Shape.Shared) {
    // The user's declaration text, renamed, at file scope.
    auto [B, E] = U.getOffsetRange(VD->getSourceRange());
    unsigned NameAt = U.getOffset(VD->getLocation());
    std::string Decl =
        U.getText().slice(B, NameAt).str() + SharedNames.lookup(VD) +
        U.getText().slice(NameAt + VD->getName().size(), E).str();
    // (clang gives every __shared__ local static storage, so the written
    // specifiers tell whether 'static' is there.)
    if (!writesWord(U.getText().slice(B, NameAt), "static"))
      Decl = "static " + Decl;
    Before += Decl + ";\n";
  }
  if (!Shape.Shared.empty()) {
    Before += "struct " + N.Save + " {";
    for (size_t I = 0; I < Shape.Shared.size(); ++I)
      Before += " decltype(" + SharedNames.lookup(Shape.Shared[I]) + ") m" +
                std::to_string(I) + ";";
    Before += " };\n";
  }
  if (Shape.DynamicShared)
    Before +=
        "extern __shared__ __align__(16) unsigned char " + N.Dynamic + "[];\n";
  Before += "static __global__ void " + Bounds + N.Cont + "(" + rt::ContBlock +
            " *);\nstatic __device__ void " + N.Leave +
            "(uint3, dim3);\nstatic __device__ void " + N.Body + "(" +
            BodyParams + ");\n\n";
  insertBeforeFunction(U, Edits, *F, Before);

  // K's own body: the first phase.
  Edits.replace(F->BodyBegin, F->BodyEnd - F->BodyBegin,
                "{\n  " + rt::contBegin + "(" + N.State +
                    ", nullptr, [](unsigned char *) {});\n  " + N.Body +
                    "(0u, nullptr, blockIdx, gridDim" +
                    (Compact ? ", threadIdx, blockDim" : "") + Args + ");\n}");

  // After K: Leave, Body, Cont.
  std::string Decls;
  for (const VarDecl *VD : Shape.Hoisted)
    Decls += "  " + printedType(VD->getType(), AST, nameOf(VD)) + ";\n";
  std::string Cases;
  for (size_t I = 0; I < Labels.size(); ++I)
    Cases += " case " + std::to_string(I + 1) + "u: goto " + Labels[I] + ";";
  std::string FrameArgs;
  for (const ParmVarDecl *P : K->parameters())
    FrameArgs += ", " + N.FramePtr + "->" + P->getName().str();
  // Leave: the block's last thread saves the shared memory and launches
  // the block's next phase.
  std::string NextThreads =
      Compact ? rt::contCompactThreads + "(" + N.Block + ")" : "blockDim";
  std::string Leave = "\n\nstatic __device__ void " + N.Leave +
                      "(uint3 blockIdx, dim3 gridDim) {\n  " + rt::ContBlock +
                      " *" + N.Block + " = " + rt::contLeave + "(" + N.State +
                      ", blockIdx, gridDim);\n  if (!" + N.Block +
                      ")\n    return;\n" + sharedSaveText() + "  " + N.Cont +
                      "<<<1, " + NextThreads + ", " + N.Block +
                      "->DynamicBytes, cudaStreamTailLaunch>>>(" + N.Block +
                      ");\n  " + rt::contLaunched + "();\n}";
  std::string Body =
      "\n\nstatic __device__ void " + N.Body + "(" + BodyParams + ") {\n" +
      Decls + "  unsigned " + N.Epoch + " = 0;\n  cudaError_t " + N.Error +
      " = cudaSuccess;\n  if (" + N.Point + " != 0) {\n" + restoreText() +
      "    switch (" + N.Point + ") {" + Cases + " }\n  }\n  " + *BodyText +
      "\n  " + N.Leave + "(blockIdx, gridDim);\n}";
  // Cont: the next phase; the original block's index and grid come from
  // the block's state.
  std::string Rank = Compact ? rt::contCompactRank + "(" + N.Block + ")"
                             : rt::aggThreadRank + "()";
  std::string Cont =
      "\n\nstatic __global__ void " + Bounds + N.Cont + "(" + rt::ContBlock +
      " *" + N.Block + ") {\n  " + rt::contBegin + "(" + N.State + ", " +
      N.Block + ", " + sharedRestoreLambda() + ");\n  unsigned " + N.Rank +
      " = " + Rank + ";\n  unsigned " + N.Point + " = " + rt::contPoint + "(" +
      N.Block + ", " + N.Rank + ");\n  if (" + N.Point + " == 0) {\n    " +
      N.Leave + "(" + N.Block + "->Idx, " + N.Block +
      "->Grid);\n    return;\n  }\n  " + N.Frame + " *" + N.FramePtr + " = " +
      rt::contFrame + "<" + N.Frame + ">(" + N.Block + ", " + N.Rank +
      ");\n  " + N.Body + "(" + N.Point + ", " + N.FramePtr + ", " + N.Block +
      "->Idx, " + N.Block + "->Grid" +
      (Compact ? ", " + rt::contThreadIdx + "(" + N.Block + ", " + N.Rank +
                     "), " + N.Block + "->Dim"
               : std::string()) +
      FrameArgs + ");\n}";
  std::string After = Leave + Body + Cont;
  insertAfterFunction(Edits, *F, After);
  return Cloner->emitClones(U, Edits);
}

class ContinuationPass : public Pass {
public:
  StringRef name() const override { return PassName; }
  StringRef description() const override {
    return "legacy CDP1 device-side cudaDeviceSynchronize(): a wait with "
           "nothing after it goes, any other ends a phase continued in a "
           "tail-launched grid";
  }
  std::vector<RuntimeHeader> runtimeHeaders() const override {
    return {RuntimeHeader::Core, RuntimeHeader::Aggregate,
            RuntimeHeader::Continuation};
  }

  std::unique_ptr<PassPlan> plan(ProgramAnalysis &A,
                                 const PassOptions &O) const override {
    auto Plan = std::make_unique<ContinuationPlan>();
    Plan->Shapes = findContinuations(A);
    if (O.runsAfter("consolidate", PassName))
      leaveToConsolidate(Plan->Shapes, A, O);
    for (const LaunchSite &S : A.sites()) {
      const ContinuationShape *Shape = Plan->shapeOf(S.Caller);
      if (!Shape)
        Plan->add({&S, false,
                   "'" + S.CallerName +
                       "' does not wait for its children with "
                       "cudaDeviceSynchronize()",
                   DiagId::ContinuationNoWait});
      else if (Shape->Blocker)
        Plan->add({&S, false, Shape->Blocker->Reason, Shape->Blocker->Id});
      else if (Shape->LeftTo)
        Plan->add(
            {&S, false, *Shape->LeftTo, DiagId::ContinuationLeftToConsolidate});
      else if (Shape->continues())
        Plan->add({&S, true,
                   "'" + S.CallerName +
                       "' continues after its waits in tail-launched grids"});
      else
        Plan->add({&S, true,
                   "the waits in '" + S.CallerName +
                       "' go: nothing after them can see the children"});
    }
    return Plan;
  }

  Expected<tooling::Replacements> run(PassContext &Ctx,
                                      const PassPlan &Planned) override {
    const auto &Plan = static_cast<const ContinuationPlan &>(Planned);
    const WorkingCopy &WC = Ctx.WC;
    const ParsedUnit &U = WC.unit();
    EditList Edits(WC.original().path().str());
    NameAllocator Names(U.getText());
    std::vector<const FunctionDecl *> Continued;
    for (const ContinuationShape &Shape : Plan.Shapes) {
      std::string K = "'" + Shape.Kernel->getNameAsString() + "'";
      if (Shape.Blocker) {
        Ctx.Remarks.missed(PassName, WC.locate(Shape.At), Shape.Blocker->Id,
                           "not continuing " + K +
                               " after its wait: " + Shape.Blocker->Reason);
        continue;
      }
      if (Shape.LeftTo) {
        Ctx.Remarks.analysis(PassName, WC.locate(Shape.At),
                             DiagId::ContinuationLeftToConsolidate,
                             "not continuing " + K +
                                 " after its wait: " + *Shape.LeftTo);
        continue;
      }
      if (Shape.continues()) {
        EditList Mine(WC.original().path().str());
        KernelWriter W(Ctx, Shape, Names, Mine);
        if (Error E = W.write()) {
          Ctx.Remarks.missed(PassName, WC.locate(Shape.At),
                             DiagId::ContinuationNotWritten,
                             "not continuing " + K +
                                 " after its wait: " + toString(std::move(E)));
          continue;
        }
        Edits.addAll(Mine);
        Continued.push_back(Shape.Kernel);
        std::string NextPhases =
            W.wholeBlocks()
                ? "; its next phases run the whole block: " + *W.wholeBlocks()
                : "; its next phases run only the warps with a suspended "
                  "thread";
        Ctx.Needs.add(RuntimeHeader::Continuation);
        for (const Stmt *S : Shape.LiveSyncs)
          Ctx.Remarks.passed(
              PassName, WC.locate(S->getBeginLoc()),
              W.wholeBlocks() ? DiagId::ContinuedWholeBlocks
                              : DiagId::ContinuedWarps,
              "this wait ends a phase of " + K +
                  ": its block continues in a grid tail-launched after this "
                  "one and its children (" +
                  std::to_string(Shape.Hoisted.size()) + " locals and " +
                  std::to_string(Shape.Shared.size()) +
                  " shared variables kept" + NextPhases + ")");
      }
      for (const Stmt *S : Shape.DeadSyncs) {
        // A continued kernel's body moves, its dropped waits with it
        // (KernelWriter::editBody).
        if (!Shape.continues())
          if (Error E = replaceStatement(U, Edits, S, DroppedWait.str()))
            return std::move(E);
        Ctx.Remarks.passed(PassName, WC.locate(S->getBeginLoc()),
                           DiagId::WaitDropped,
                           "dropped this wait for the children: nothing " +
                               std::string("after it can see them, and the "
                                           "grid completes only after them"));
      }
    }
    // A continued kernel adds a tail launch per block and a level of
    // nesting to what is pending (rt::contPendingLimit says what was seen).
    raisePendingLimit(
        Ctx.Analysis, Edits, Continued, "the continued kernel",
        {rt::contPendingLimit,
         "by itself or DPOPT_CONT_PENDING_MARGIN (4,096), whichever is more, "
         "and the device heap to a quarter of the free memory (at most "
         "DPOPT_CONT_HEAP_BYTES, 4 GiB) if smaller,"},
        [&](const LaunchSite &H, DiagId Id, const std::string &Message) {
          Ctx.Remarks.analysis(PassName, WC.locate(H.Call->getBeginLoc()), Id,
                               Message);
        });
    return Edits.build();
  }
};

} // namespace

std::unique_ptr<Pass> createContinuationPass() {
  return std::make_unique<ContinuationPass>();
}

} // namespace dpopt
