//===- BodyInLoop.cpp - A kernel body run once per loop iteration --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/BodyInLoop.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/LocalVariables.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Rewrite/FunctionText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

} // namespace

std::optional<std::string> loopBodyBlocker(const ParsedUnit &U,
                                           const FunctionDecl *Def) {
  const SourceManager &SM = U.getSourceManager();
  for (const ReturnStmt *R : ownReturns(Def))
    if (R->getBeginLoc().isMacroID() || R->getEndLoc().isMacroID() ||
        SM.getFileID(R->getBeginLoc()) !=
            SM.getFileID(Def->getBody()->getBeginLoc()))
      return std::string("'" + Def->getNameAsString() +
                         "' returns from inside a macro expansion");
  return std::nullopt;
}

Expected<LoopBody> bodyForLoop(const ParsedUnit &U, const FunctionDecl *Def,
                               const EditList &Edits, StringRef Label,
                               StringRef ParamPrefix) {
  if (std::optional<std::string> Why = loopBodyBlocker(U, Def))
    return fail(*Why);
  Expected<FunctionPieces> F = readFunction(U, Def);
  if (!F)
    return F.takeError();
  const SourceManager &SM = U.getSourceManager();
  const LangOptions &LO = U.getASTContext().getLangOpts();

  EditList All("");
  All.addWithin(Edits, F->BodyBegin, F->BodyEnd);
  for (const ReturnStmt *R : ownReturns(Def)) {
    unsigned Begin = SM.getFileOffset(R->getBeginLoc());
    SourceLocation Last = R->getEndLoc();
    std::optional<Token> Semi = Lexer::findNextToken(Last, SM, LO);
    if (!Semi || Semi->isNot(tok::semi) || Semi->getLocation().isMacroID())
      return fail("cannot find the end of a return statement of '" +
                  Def->getNameAsString() + "'");
    unsigned End = SM.getFileOffset(Semi->getLocation()) + 1;
    std::string Goto = "goto " + Label.str() + ";";
    if (const Expr *Value = R->getRetValue()) {
      // 'return f();' with a void f still calls f.
      auto [VBegin, VEnd] = U.getOffsetRange(Value->getSourceRange());
      Goto = "{ " + F->Source.slice(VBegin, VEnd).str() + "; " + Goto + " }";
    }
    All.replace(Begin, End - Begin, Goto);
  }

  LoopBody Out;
  Out.NeedsLabel = !ownReturns(Def).empty();
  std::string Copies;
  for (const ParmVarDecl *P : Def->parameters()) {
    if (!P->getIdentifier() || isNeverModified(P, Def->getBody()))
      continue;
    std::string Name = P->getName().str();
    std::string Held = ParamPrefix.str() + Name;
    Out.Prologue += "    auto &" + Held + " = " + Name + ";\n";
    Copies += "\n  auto " + Name + " = " + Held + "; // each thread's own copy";
  }
  Expected<std::string> Body = bodyWithEdits(U, *F, All);
  if (!Body)
    return Body.takeError();
  // The copies end in a line comment: a body written on one line must go on
  // on the next.
  if (!Copies.empty() && Body->size() > 1 && (*Body)[1] != '\n')
    Copies += "\n";
  Out.Body = Body->substr(0, 1) + Copies + Body->substr(1);
  return Out;
}

} // namespace dpopt
