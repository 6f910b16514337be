//===- FunctionText.cpp - The written pieces of a function ---------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/FunctionText.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Frontend/ParseSession.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

#include <cctype>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

bool isIdentChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// The text of the file \p Loc (a file location) is in.
StringRef fileText(const SourceManager &SM, SourceLocation Loc) {
  bool Invalid = false;
  StringRef Text = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  return Invalid ? StringRef() : Text;
}

/// The offset of the main file's first top-level declaration after the
/// #include that brings in file \p FID, directly or through other headers.
Expected<unsigned> anchorAfterInclude(const ParsedUnit &U, FileID FID,
                                      StringRef Name) {
  const SourceManager &SM = U.getSourceManager();
  SourceLocation Inc = SM.getIncludeLoc(FID);
  while (Inc.isValid() && !SM.isWrittenInMainFile(Inc))
    Inc = SM.getIncludeLoc(SM.getFileID(Inc));
  if (Inc.isInvalid())
    return fail("'" + Name +
                "' is defined in a file that the main file does not #include");
  unsigned IncludeAt = SM.getFileOffset(Inc);
  std::optional<unsigned> Anchor;
  for (const Decl *D : U.getASTContext().getTranslationUnitDecl()->decls()) {
    if (D->isImplicit() || !U.isInMainFile(D->getBeginLoc()))
      continue;
    unsigned At = outermostDeclBegin(U, D);
    if (At > IncludeAt && (!Anchor || At < *Anchor))
      Anchor = At;
  }
  if (!Anchor)
    return fail(
        "no declaration of the main file follows the header that defines '" +
        Name + "'");
  return *Anchor;
}

/// The statement that ends \p S's text.
const Stmt *lastPiece(const Stmt *S) {
  for (;;) {
    if (const auto *If = dyn_cast<IfStmt>(S))
      S = If->getElse() ? If->getElse() : If->getThen();
    else if (const auto *F = dyn_cast<ForStmt>(S))
      S = F->getBody();
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      S = W->getBody();
    else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
      S = R->getBody();
    else if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      S = Sw->getBody();
    else if (const auto *L = dyn_cast<LabelStmt>(S))
      S = L->getSubStmt();
    else if (const auto *C = dyn_cast<SwitchCase>(S))
      S = C->getSubStmt();
    else
      return S;
  }
}

} // namespace

Expected<FunctionPieces> readFunction(const ParsedUnit &U,
                                      const FunctionDecl *Def) {
  const SourceManager &SM = U.getSourceManager();
  const LangOptions &LO = U.getASTContext().getLangOpts();
  if (!Def || !Def->hasBody())
    return fail("no definition");
  const Stmt *Body = Def->getBody();
  FunctionTypeLoc FTL = Def->getFunctionTypeLoc();
  SourceLocation BodyLoc = Body->getBeginLoc();
  if (BodyLoc.isInvalid() || BodyLoc.isMacroID() ||
      SM.isInSystemHeader(BodyLoc))
    return fail("the definition of '" + Def->getNameAsString() +
                "' is not plain text of the file");
  FileID File = SM.getFileID(BodyLoc);
  auto InFile = [&](SourceLocation L) {
    return L.isValid() && !L.isMacroID() && SM.getFileID(L) == File;
  };
  if (!FTL || !InFile(Body->getEndLoc()) || !InFile(FTL.getLParenLoc()) ||
      !InFile(FTL.getRParenLoc()))
    return fail("the definition of '" + Def->getNameAsString() +
                "' is not plain text of the file");
  // Token ranges of the file, as text.
  auto Slice = [&](SourceRange R) -> StringRef {
    CharSourceRange C =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
    if (C.isInvalid() || SM.getFileID(C.getBegin()) != File)
      return {};
    return fileText(SM, BodyLoc)
        .slice(SM.getFileOffset(C.getBegin()), SM.getFileOffset(C.getEnd()));
  };

  FunctionPieces F;
  F.Def = Def;
  F.Source = fileText(SM, BodyLoc);
  F.InMainFile = SM.isWrittenInMainFile(BodyLoc);
  F.BodyBegin = SM.getFileOffset(Body->getBeginLoc());
  F.BodyEnd = SM.getFileOffset(Body->getEndLoc()) + 1;
  F.Params = F.Source
                 .slice(SM.getFileOffset(FTL.getLParenLoc()) + 1,
                        SM.getFileOffset(FTL.getRParenLoc()))
                 .str();
  SourceRange RetRange = Def->getReturnTypeSourceRange();
  F.ReturnType = RetRange.isValid() ? Slice(RetRange).str() : "void";
  if (F.ReturnType.empty())
    F.ReturnType = "void";

  const Decl *Outer = Def;
  if (const FunctionTemplateDecl *T = Def->getDescribedFunctionTemplate()) {
    Outer = T;
    F.TemplateHeader =
        Slice(T->getTemplateParameters()->getSourceRange()).str();
  }
  F.DeclBegin = SM.getFileOffset(SM.getExpansionLoc(Outer->getBeginLoc()));
  F.DeclEnd = F.BodyEnd;
  if (!F.InMainFile) {
    Expected<unsigned> Anchor =
        anchorAfterInclude(U, File, Def->getNameAsString());
    if (!Anchor)
      return Anchor.takeError();
    F.Anchor = *Anchor;
  }

  if (const auto *LB = Def->getAttr<CUDALaunchBoundsAttr>()) {
    std::string S;
    raw_string_ostream OS(S);
    PrintingPolicy Policy(LO);
    OS << "__launch_bounds__(";
    LB->getMaxThreads()->printPretty(OS, nullptr, Policy);
    if (LB->getMinBlocks()) {
      OS << ", ";
      LB->getMinBlocks()->printPretty(OS, nullptr, Policy);
    }
    OS << ")";
    F.LaunchBounds = OS.str();
  }
  return F;
}

Expected<std::string> bodyWithEdits(const ParsedUnit &U,
                                    const FunctionPieces &F,
                                    const EditList &Edits) {
  return Edits.applyWithin(F.Source, F.BodyBegin, F.BodyEnd);
}

void insertBeforeFunction(const ParsedUnit &U, EditList &Edits,
                          const FunctionPieces &F, std::string Text) {
  if (F.InMainFile)
    Edits.insert(outermostDeclBegin(U, F.Def->getFirstDecl()), std::move(Text));
  else
    Edits.insertDeclaration(F.Anchor, std::move(Text));
}

void insertAfterFunction(EditList &Edits, const FunctionPieces &F,
                         std::string Text) {
  Edits.insert(F.InMainFile ? F.DeclEnd : F.Anchor, std::move(Text));
}

/// The parameter list of \p FD as written, without default arguments.
Expected<std::string> paramsWithoutDefaults(const ParsedUnit &U,
                                            const FunctionDecl *FD) {
  const SourceManager &SM = U.getSourceManager();
  FunctionTypeLoc FTL = FD->getFunctionTypeLoc();
  if (!FTL || FTL.getLParenLoc().isMacroID() ||
      FTL.getRParenLoc().isMacroID() || SM.isInSystemHeader(FTL.getLParenLoc()))
    return fail("the parameters of '" + FD->getNameAsString() +
                "' are not plain text of the file");
  unsigned Begin = SM.getFileOffset(FTL.getLParenLoc()) + 1;
  unsigned End = SM.getFileOffset(FTL.getRParenLoc());
  StringRef Text = fileText(SM, FTL.getLParenLoc());
  FileID File = SM.getFileID(FTL.getLParenLoc());
  std::string Out;
  unsigned At = Begin;
  for (const ParmVarDecl *P : FD->parameters()) {
    if (!P->hasDefaultArg() || P->hasInheritedDefaultArg())
      continue;
    SourceRange R = P->getDefaultArgRange();
    if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID() ||
        SM.getFileID(R.getBegin()) != File)
      return fail("a default argument of '" + FD->getNameAsString() +
                  "' is not plain text of the file");
    unsigned DefaultBegin = SM.getFileOffset(R.getBegin());
    unsigned DefaultEnd = SM.getFileOffset(R.getEnd()) +
                          Lexer::MeasureTokenLength(
                              R.getEnd(), SM, U.getASTContext().getLangOpts());
    size_t Equals = Text.rfind('=', DefaultBegin);
    if (Equals == StringRef::npos || Equals < At)
      return fail("cannot find a default argument of '" +
                  FD->getNameAsString() + "'");
    Out += Text.slice(At, Equals).rtrim().str();
    At = DefaultEnd;
  }
  return Out + Text.slice(At, End).str();
}

Error addDerivedFunction(const ParsedUnit &U, EditList &Edits,
                         const FunctionDecl *Original,
                         function_ref<std::string(StringRef)> Head,
                         StringRef Body, StringRef Comment) {
  // Derived functions never have default arguments (passes do not rewrite
  // launches that rely on them), so one declaration can come first: uses
  // inside Original itself (recursion) and everywhere Original is visible
  // can then call it.
  const FunctionDecl *Def = getWrittenDefinition(Original);
  Expected<FunctionPieces> F = readFunction(U, Def);
  if (!F)
    return F.takeError();
  Expected<std::string> Params = paramsWithoutDefaults(U, Def);
  if (!Params)
    return Params.takeError();
  const FunctionDecl *First = Def->getFirstDecl();
  const SourceManager &SM = U.getSourceManager();
  if (!F->InMainFile) {
    // A header's function: both go where its derived code goes, the
    // declaration ahead of the code inserted there.
    Edits.insertDeclaration(F->Anchor, "// dpopt: declared here for " +
                                           Comment.str() + "\n" +
                                           Head(*Params) + ";\n");
  } else if (First != Def && !U.isInMainFile(First->getLocation())) {
    // Declared in a header, defined here: main-file code between the two
    // may call it, so the declaration goes after that header's #include,
    // with the header's parameter types.
    SourceLocation FirstLoc = SM.getExpansionLoc(First->getLocation());
    Expected<unsigned> Anchor =
        anchorAfterInclude(U, SM.getFileID(FirstLoc), Def->getNameAsString());
    if (!Anchor)
      return Anchor.takeError();
    Expected<std::string> FirstParams = paramsWithoutDefaults(U, First);
    if (!FirstParams)
      return FirstParams.takeError();
    Edits.insertDeclaration(*Anchor, "// dpopt: declared here for " +
                                         Comment.str() + "\n" +
                                         Head(*FirstParams) + ";\n");
  } else if (First == Def) {
    Edits.insert(F->DeclBegin, "// dpopt: declared here for " + Comment.str() +
                                   "\n" + Head(*Params) + ";\n");
  } else {
    const LangOptions &LO = U.getASTContext().getLangOpts();
    SourceLocation End = First->getEndLoc();
    if (const FunctionTemplateDecl *T = First->getDescribedFunctionTemplate())
      End = T->getEndLoc();
    std::optional<Token> Semi =
        End.isMacroID() ? std::nullopt : Lexer::findNextToken(End, SM, LO);
    if (!Semi || Semi->isNot(tok::semi) ||
        !SM.isWrittenInMainFile(Semi->getLocation()))
      return fail("cannot find the end of the declaration of '" +
                  Def->getNameAsString() + "'");
    Expected<std::string> FirstParams = paramsWithoutDefaults(U, First);
    if (!FirstParams)
      return FirstParams.takeError();
    Edits.insert(SM.getFileOffset(Semi->getLocation()) + 1,
                 "\n" + Head(*FirstParams) + "; // dpopt: " + Comment.str());
  }
  insertAfterFunction(Edits, *F,
                      "\n\n// dpopt: " + Comment.str() + "\n" + Head(*Params) +
                          " " + Body.str() + (F->InMainFile ? "" : "\n\n"));
  return Error::success();
}

unsigned outermostDeclBegin(const ParsedUnit &U, const Decl *D,
                            bool FileScope) {
  const Decl *Outer = D;
  for (const DeclContext *C = D->getDeclContext(); C && !C->isTranslationUnit();
       C = C->getParent()) {
    if (!FileScope && isa<NamespaceDecl, LinkageSpecDecl>(C))
      break;
    if (const auto *CD = dyn_cast<Decl>(C))
      Outer = CD;
  }
  if (const auto *FD = dyn_cast<FunctionDecl>(Outer))
    if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
      Outer = T;
  if (const auto *RD = dyn_cast<CXXRecordDecl>(Outer))
    if (const ClassTemplateDecl *T = RD->getDescribedClassTemplate())
      Outer = T;
  return U.getOffset(Outer->getBeginLoc());
}

NameAllocator::NameAllocator(StringRef Text) {
  constexpr StringRef Prefix = "__dpopt_";
  for (size_t At = Text.find(Prefix); At != StringRef::npos;
       At = Text.find(Prefix, At + 1)) {
    if (At > 0 && isIdentChar(Text[At - 1]))
      continue;
    size_t End = At + Prefix.size();
    while (End < Text.size() && isIdentChar(Text[End]))
      ++End;
    Taken.insert(Text.slice(At, End));
  }
}

std::string NameAllocator::fresh(StringRef Stem) {
  std::string Base = "__dpopt_" + Stem.str();
  std::string Name = Base;
  if (Taken.contains(Name)) {
    unsigned &Suffix = NextSuffix.try_emplace(Base, 2).first->second;
    do
      Name = Base + "_" + std::to_string(Suffix++);
    while (Taken.contains(Name));
  }
  Taken.insert(Name);
  return Name;
}

/// The main-file offset just past \p S, its final ';' included.
Expected<unsigned> statementEnd(const ParsedUnit &U, const Stmt *S) {
  const Stmt *Last = lastPiece(S);
  if (S->getBeginLoc().isMacroID() || Last->getEndLoc().isMacroID())
    return createStringError(inconvertibleErrorCode(),
                             "the statement comes out of a macro expansion");
  if (isa<CompoundStmt, DeclStmt, NullStmt>(Last))
    return U.getOffsetRange(Last->getSourceRange()).second;
  const SourceManager &SM = U.getSourceManager();
  std::optional<Token> Semi = Lexer::findNextToken(
      Last->getEndLoc(), SM, U.getASTContext().getLangOpts());
  if (!Semi || Semi->isNot(tok::semi) || Semi->getLocation().isMacroID())
    return createStringError(inconvertibleErrorCode(),
                             "cannot find the end of the statement");
  return U.getOffset(Semi->getLocation()) + 1;
}

std::string spelledType(const ASTContext &Ctx, QualType T, StringRef Name) {
  PrintingPolicy P(Ctx.getLangOpts());
  P.SuppressTagKeyword = true;
  std::string Out;
  raw_string_ostream OS(Out);
  T.getCanonicalType().getUnqualifiedType().print(OS, P, Name);
  return Out;
}

} // namespace dpopt
