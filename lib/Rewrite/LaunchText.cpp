//===- LaunchText.cpp - The written parts of a launch, for rewriting -----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/LaunchText.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Frontend/LaunchMarkers.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Support/Runtime.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

SourceLocation nameLocation(const Expr *Callee) {
  Callee = Callee->IgnoreImplicit();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    return DRE->getLocation();
  if (const auto *U = dyn_cast<UnresolvedLookupExpr>(Callee))
    return U->getNameLoc();
  return {};
}

} // namespace

std::string LaunchText::calleeNamed(StringRef NewName) const {
  return Callee.substr(0, NameBegin) + NewName.str() + Callee.substr(NameEnd);
}

Expected<LaunchText> readLaunchText(const ParsedUnit &U,
                                    const LaunchSite &Site) {
  const CUDAKernelCallExpr *E = Site.Call;
  const SourceManager &SM = U.getSourceManager();
  const LangOptions &LO = U.getASTContext().getLangOpts();
  StringRef Text = U.getText();
  auto FileOffset = [&](SourceLocation L) -> std::optional<unsigned> {
    if (L.isInvalid() || L.isMacroID() || !SM.isWrittenInMainFile(L))
      return std::nullopt;
    return SM.getFileOffset(L);
  };

  std::optional<unsigned> CalleeBegin =
      FileOffset(E->getCallee()->getBeginLoc());
  std::optional<unsigned> CalleeEnd = FileOffset(E->getCallee()->getEndLoc());
  std::optional<unsigned> Name = FileOffset(nameLocation(E->getCallee()));
  const CallExpr *Config = E->getConfig();
  std::optional<unsigned> ConfigEnd =
      Config ? FileOffset(Config->getRParenLoc()) : std::nullopt;
  std::optional<unsigned> RParen = FileOffset(E->getRParenLoc());
  if (!CalleeBegin || !CalleeEnd || !Name || !ConfigEnd || !RParen)
    return fail("the launch is not plain text of the file (a macro)");

  LaunchText L;
  unsigned CalleeStop = *CalleeEnd + Lexer::MeasureTokenLength(
                                         E->getCallee()->getEndLoc(), SM, LO);
  L.Callee = Text.slice(*CalleeBegin, CalleeStop).str();
  L.NameBegin = *Name - *CalleeBegin;
  L.NameEnd = L.NameBegin +
              Lexer::MeasureTokenLength(nameLocation(E->getCallee()), SM, LO);

  // The argument list starts at the '(' after '>>>'.
  std::optional<Token> LParen =
      Lexer::findNextToken(Config->getRParenLoc(), SM, LO);
  if (!LParen || LParen->isNot(tok::l_paren) ||
      LParen->getLocation().isMacroID())
    return fail("cannot find the launch's argument list");
  unsigned ArgsBegin = SM.getFileOffset(LParen->getLocation()) + 1;
  if (ArgsBegin > *RParen)
    return fail("cannot find the launch's argument list");
  L.Args = Text.slice(ArgsBegin, *RParen).str();
  return L;
}

std::string launchStatement(StringRef Callee, StringRef Grid, StringRef Block,
                            std::optional<std::string> SharedMem,
                            std::optional<std::string> Stream, StringRef Args) {
  std::string S = Callee.str() + "<<<" + Grid.str() + ", " + Block.str();
  if (SharedMem || Stream)
    S += ", " + (SharedMem ? *SharedMem : std::string("0"));
  if (Stream)
    S += ", " + *Stream;
  S += ">>>(" + Args.str() + ");";
  return S;
}

std::string indentationAt(StringRef Text, unsigned Offset) {
  size_t LineStart = Text.rfind('\n', Offset);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  size_t End = LineStart;
  while (End < Text.size() && (Text[End] == ' ' || Text[End] == '\t'))
    ++End;
  return Text.slice(LineStart, End).str();
}

std::string indentLines(StringRef Block, StringRef Indent) {
  std::string Out;
  for (char C : Block) {
    Out += C;
    if (C == '\n')
      Out += Indent;
  }
  return Out;
}

std::string deviceLaunchStatement(unsigned Id, const std::string &Statement) {
  return markers::markDeviceStatement(Id, Statement);
}

std::string indentedLines(ArrayRef<std::string> Lines, StringRef Indent) {
  std::string Out;
  for (const std::string &L : Lines)
    Out += Indent.str() + L + "\n";
  return Out;
}

ConfigLocals declareConfig(const LaunchSite &S, StringRef GridText,
                           StringRef Grid, StringRef Block, StringRef Shmem,
                           StringRef Stream) {
  ConfigLocals C;
  // '=' and not '(...)': 'dim3 g(dim3(u));' would declare a function.
  C.Text = "  dim3 " + Grid.str() + " = " + GridText.str() + ";\n";
  C.Text += "  dim3 " + Block.str() + " = " + S.Block.Text + ";\n";
  if (S.SharedMem.isWritten()) {
    C.Text += "  auto " + Shmem.str() + " = (" + S.SharedMem.Text + ");\n";
    C.Shmem = Shmem.str();
  }
  if (S.Stream.isWritten()) {
    if (isStreamReadInPlace(S)) {
      // Written as it was, so that the passes after this one still see the
      // stream (cudaStreamFireAndForget, a stream the thread created): a
      // local copy would hide it from them, and aggregate, which launches
      // into cudaStreamFireAndForget by name, would leave it unused.
      C.Stream = S.Stream.Text;
    } else {
      C.Text += "  cudaStream_t " + Stream.str() + " = (" + S.Stream.Text +
                "); (void)" + Stream.str() + ";\n";
      C.Stream = Stream.str();
    }
  }
  return C;
}

bool isStreamReadInPlace(const LaunchSite &S) {
  if (!S.Stream.isWritten())
    return false;
  // A constant (cudaStreamFireAndForget, cudaStreamTailLaunch, 0) or an
  // unmodified local holding one.
  if (S.InStream != StreamKind::Other)
    return true;
  // A variable of the function: reading it later in the launch statement
  // reads the same value (the configuration's expressions are unsequenced).
  const auto *Ref = dyn_cast<DeclRefExpr>(stripImplicit(S.Stream.E));
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !V->getType().isVolatileQualified() &&
         !V->getType()->isReferenceType();
}

std::string reconvergeBegin(StringRef Var) {
  return "const unsigned " + Var.str() +
         " = __activemask(); // these lanes leave together (CUDA 13 "
         "launches)\n";
}

std::string reconvergeEnd(StringRef Var) {
  return rt::syncLanes + "(" + Var.str() + ");\n";
}

} // namespace dpopt
