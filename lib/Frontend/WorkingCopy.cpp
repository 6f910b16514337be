//===- WorkingCopy.cpp - The text dpopt rewrites, and its parse ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/WorkingCopy.h"

#include "dpopt/Frontend/LaunchDiscovery.h"
#include "dpopt/Frontend/LaunchMarkers.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"

#include <set>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

Diagnostic convert(const ClangDiagnostic &D, const SourceText &Original,
                   const OriginMap &Origin) {
  Severity Level = D.Level == ClangDiagnostic::Error     ? Severity::Error
                   : D.Level == ClangDiagnostic::Warning ? Severity::Warning
                                                         : Severity::Note;
  if (D.InMainFile)
    return makeDiagnostic(Original, Origin.toOriginal(D.Offset), Level,
                          D.Message);
  Diagnostic Out;
  Out.Level = Level;
  Out.File = D.File;
  Out.Line = D.Line;
  Out.Column = D.Column;
  Out.LineText = D.LineText;
  Out.Message = D.Message;
  return Out;
}

/// Converts clang's errors, each with the notes that follow it.
void convertErrors(const ParsedUnit &U, const SourceText &Original,
                   const OriginMap &Origin, std::vector<Diagnostic> &Out) {
  ArrayRef<ClangDiagnostic> All = U.getDiagnostics();
  for (size_t I = 0; I < All.size();) {
    size_t End = I + 1;
    while (End < All.size() && All[End].Level == ClangDiagnostic::Note)
      ++End;
    if (All[I].Level == ClangDiagnostic::Error)
      for (size_t J = I; J < End; ++J)
        Out.push_back(convert(All[J], Original, Origin));
    I = End;
  }
}

/// A raw lexer of the main file of \p U, starting at \p Offset.
Lexer mainFileLexer(const ParsedUnit &U, unsigned Offset) {
  StringRef Text = U.getText();
  const SourceManager &SM = U.getSourceManager();
  return Lexer(SM.getLocForStartOfFile(U.getMainFileID()),
               U.getASTContext().getLangOpts(), Text.begin(),
               Text.begin() + Offset, Text.end());
}

/// Lexes the '#pragma' directive (its continuation lines included) or the
/// _Pragma operator \p L is at, leaving \p T at the token after it; returns
/// the offset where the pragma's last token ends, or nullopt when \p L is at
/// neither (a macro that expands to the pragma).
std::optional<unsigned> lexPragma(const ParsedUnit &U, Lexer &L, Token &T) {
  const SourceManager &SM = U.getSourceManager();
  auto EndOf = [&](const Token &Tok) {
    return SM.getFileOffset(Tok.getLocation()) + Tok.getLength();
  };
  L.LexFromRawLexer(T);
  unsigned End = 0;
  if (T.is(tok::hash)) {
    do {
      End = EndOf(T);
      L.LexFromRawLexer(T);
    } while (T.isNot(tok::eof) && !T.isAtStartOfLine());
    return End;
  }
  if (T.isNot(tok::raw_identifier) || T.getRawIdentifier() != "_Pragma")
    return std::nullopt;
  L.LexFromRawLexer(T);
  if (T.isNot(tok::l_paren))
    return std::nullopt;
  do
    L.LexFromRawLexer(T);
  while (tok::isStringLiteral(T.getKind()));
  if (T.isNot(tok::r_paren))
    return std::nullopt;
  End = EndOf(T);
  L.LexFromRawLexer(T);
  return End;
}

/// The offset of the first token after the '#pragma' directive (or
/// _Pragma) at \p Offset, skipping any directives that follow it.
std::optional<unsigned> tokenAfterPragma(const ParsedUnit &U, unsigned Offset) {
  Lexer L = mainFileLexer(U, Offset);
  Token T;
  if (!lexPragma(U, L, T))
    return std::nullopt;
  while (T.is(tok::hash) && T.isAtStartOfLine())
    do
      L.LexFromRawLexer(T);
    while (T.isNot(tok::eof) && !T.isAtStartOfLine());
  if (T.is(tok::eof))
    return std::nullopt;
  return U.getSourceManager().getFileOffset(T.getLocation());
}

const char *sideName(bool DeviceSide) { return DeviceSide ? "device" : "host"; }

/// Insertions of markers::bracedConfigMarker() before each grid or block
/// configuration written as a braced list ('<<<{64, 1, 1}, 128>>>'), found
/// by lexing \p Text raw (comments and strings are not code). Insertions
/// at increasing offsets never conflict.
tooling::Replacements bracedConfigEdits(StringRef Text) {
  tooling::Replacements Edits;
  if (!Text.contains("<<<"))
    return Edits;
  LangOptions LO = rawLexLangOptions();
  Lexer L(SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
  Token T;
  auto OffsetOf = [&](const Token &Tok) {
    return static_cast<unsigned>(L.getBufferLocation() - Text.begin() -
                                 Tok.getLength());
  };
  for (L.LexFromRawLexer(T); T.isNot(tok::eof); L.LexFromRawLexer(T)) {
    if (T.isNot(tok::lesslessless))
      continue;
    // The configuration's arguments up to '>>>', at nesting depth 0.
    unsigned Depth = 0, Argument = 0;
    bool AtArgumentStart = true;
    for (L.LexFromRawLexer(T); T.isNot(tok::eof); L.LexFromRawLexer(T)) {
      if (Depth == 0 && T.is(tok::greatergreatergreater))
        break;
      if (AtArgumentStart && Depth == 0 && Argument < 2 && T.is(tok::l_brace))
        cantFail(Edits.add(tooling::Replacement(
            "<input>", OffsetOf(T), 0, markers::bracedConfigMarker())));
      AtArgumentStart = false;
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
        ++Depth;
      } else if (Depth > 0 &&
                 T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
        --Depth;
      } else if (Depth == 0 && T.is(tok::comma)) {
        ++Argument;
        AtArgumentStart = true;
      }
    }
    if (T.is(tok::eof))
      break;
  }
  return Edits;
}

/// The launch statements of a file by where they start, for pragmas to find
/// theirs in constant time (a file may have thousands of both).
class LaunchStatements {
public:
  explicit LaunchStatements(ArrayRef<DiscoveredLaunch> Launches) {
    for (unsigned I = 0; I < Launches.size(); ++I)
      if (Launches[I].IsStatement) {
        ByLoc.try_emplace(Launches[I].BeginLoc.getRawEncoding(), I);
        ByOffset.try_emplace(Launches[I].Begin, I);
      }
  }

  /// The index of the launch statement that pragma \p P stands before: the
  /// one that starts with the next token after it in the token stream
  /// (which also finds a launch written in the same macro as its _Pragma),
  /// or, for a pragma seen only while the preamble was built, in the text.
  std::optional<unsigned> after(const ParsedUnit &U,
                                const PragmaOccurrence &P) const {
    if (P.Next.isValid()) {
      auto It = ByLoc.find(P.Next.getRawEncoding());
      return It == ByLoc.end() ? std::nullopt : std::optional(It->second);
    }
    std::optional<unsigned> Next = tokenAfterPragma(U, P.Offset);
    auto It = Next ? ByOffset.find(*Next) : ByOffset.end();
    return It == ByOffset.end() ? std::nullopt : std::optional(It->second);
  }

private:
  llvm::DenseMap<SourceLocation::UIntTy, unsigned> ByLoc;
  llvm::DenseMap<unsigned, unsigned> ByOffset;
};

/// Parses each '#pragma dp' and attaches it to the launch statement that
/// follows it.
void attachPragmas(const ParsedUnit &U,
                   const std::vector<DiscoveredLaunch> &Launches,
                   SiteTable &Sites, const SourceText &Original,
                   const OriginMap &Origin, std::vector<Diagnostic> &Diags) {
  auto Error = [&](unsigned Offset, DiagId Id, std::string Msg) {
    Diags.push_back(makeDiagnostic(Original, Origin.toOriginal(Offset),
                                   Severity::Error, std::move(Msg), Id));
  };
  LaunchStatements Statements(Launches);
  for (const PragmaOccurrence &P : U.getPragmas()) {
    if (!P.InMainFile) {
      Diagnostic W;
      W.Level = Severity::Warning;
      W.File = P.File;
      W.Line = P.Line;
      W.Column = P.Column;
      W.Message = "'#pragma dp' in an included file is ignored; dpopt "
                  "rewrites only the file it is given";
      W.Id = DiagId::PragmaInIncludedFile;
      Diags.push_back(std::move(W));
      continue;
    }
    auto Parsed = parsePragmaClauses(P.ClauseText);
    if (auto *E = std::get_if<PragmaError>(&Parsed)) {
      Error(P.mainFileOffset(E->Offset), DiagId::PragmaSyntax, E->Message);
      continue;
    }
    const PragmaDirective &D = std::get<PragmaDirective>(Parsed);

    std::optional<unsigned> Index = Statements.after(U, P);
    if (!Index) {
      Error(P.Offset, DiagId::PragmaWithoutLaunch,
            "'#pragma dp' must be followed by a kernel launch statement");
      continue;
    }
    const DiscoveredLaunch *Target = &Launches[*Index];
    ClauseSide Side = D.side();
    if ((Side == ClauseSide::Device && !Target->DeviceSide) ||
        (Side == ClauseSide::Host && Target->DeviceSide)) {
      Error(P.Offset, DiagId::PragmaWrongSide,
            "'#pragma dp " + D.str() +
                "' applies to kernels launched "
                "from " +
                sideName(!Target->DeviceSide) +
                " code, but this launch is made by " +
                sideName(Target->DeviceSide) + " code");
      continue;
    }
    SiteOrigin *Site = Sites.byId(*Index + 1);
    if (!Site->Pragma) {
      Site->Pragma = D;
      Site->PragmaOffset = P.Offset;
      continue;
    }
    std::string Clash = Site->Pragma->mergeFrom(D);
    if (!Clash.empty()) {
      // Point at the clause of this pragma that repeats an earlier one.
      std::optional<size_t> At = D.clauseOffset(Clash);
      Error(At ? P.mainFileOffset(*At) : P.Offset,
            DiagId::PragmaDuplicateClause,
            "duplicate '" + Clash + "' clause for this launch");
      continue;
    }
    std::string Rule = Site->Pragma->ruleViolation();
    if (!Rule.empty())
      Error(P.Offset, DiagId::PragmaClauseConflict, Rule);
  }
}

Error internalError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

} // namespace

Expected<std::unique_ptr<WorkingCopy>>
WorkingCopy::create(ParseSession &Session, const SourceText &Original,
                    std::vector<Diagnostic> &Diags) {
  std::unique_ptr<WorkingCopy> WC(new WorkingCopy(Session, Original));
  StringRef Text = Original.text();
  size_t Reserved = markers::findMarkerSyntax(Text);
  if (Reserved != StringRef::npos) {
    Diags.push_back(makeDiagnostic(Original, Reserved, Severity::Error,
                                   "'/*__dpopt_' is reserved for dpopt's "
                                   "internal markers and cannot appear in "
                                   "the input",
                                   DiagId::ReservedMarker));
    return nullptr;
  }

  // Braced configurations become dim3{...} for clang (LaunchMarkers.h); the
  // insertions are the first edits the origin map undoes.
  std::string Normalized;
  tooling::Replacements Braced = bracedConfigEdits(Text);
  if (!Braced.empty()) {
    Normalized = cantFail(tooling::applyAllReplacements(Text, Braced));
    Text = Normalized;
    WC->Origin.push(EditMap::fromReplacements(Braced));
  }
  const OriginMap &Origin = WC->Origin;

  Expected<std::unique_ptr<ParsedUnit>> Parsed = Session.parse(Text);
  if (!Parsed)
    return Parsed.takeError();
  const ParsedUnit &U = **Parsed;
  if (!U.hasAST()) {
    convertErrors(U, Original, Origin, Diags);
    return nullptr;
  }

  std::vector<DiscoveredLaunch> Launches = discoverLaunches(U);

  // The device-side parse does not see host-only code: say where a launch
  // there stays as written.
  std::set<unsigned> SeenChevrons;
  for (const DiscoveredLaunch &L : Launches)
    SeenChevrons.insert(L.ChevronOffset);
  for (const HiddenLaunch &H : U.getHiddenLaunches())
    if (!H.InMacroArgument || !SeenChevrons.count(H.Offset))
      Diags.push_back(makeDiagnostic(
          Original, Origin.toOriginal(H.Offset), Severity::Warning,
          "dpopt does not see this launch: it parses the file as the device "
          "compilation does, which skips code under " +
              H.HiddenBy +
              "; the launch is left as written and no pass transforms it",
          DiagId::HiddenLaunch));
  convertErrors(U, Original, Origin, Diags);

  for (unsigned I = 0; I < Launches.size(); ++I) {
    SiteOrigin S;
    S.Id = I + 1;
    S.Offset = Origin.toOriginal(Launches[I].LaunchOffset);
    S.DeviceSide = Launches[I].DeviceSide;
    S.IsStatement = Launches[I].IsStatement;
    WC->Sites.add(std::move(S));
  }
  attachPragmas(U, Launches, WC->Sites, Original, Origin, Diags);

  for (const Diagnostic &D : Diags)
    if (D.Level == Severity::Error)
      return nullptr;
  WC->Unit = std::move(*Parsed);
  return std::move(WC);
}

UserLocation WorkingCopy::locate(SourceLocation Loc) const {
  UserLocation L;
  if (Loc.isInvalid())
    return L;
  const SourceManager &SM = Unit->getSourceManager();
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (SM.isWrittenInMainFile(FileLoc)) {
    L.InMainFile = true;
    L.Offset = toOriginal(SM.getFileOffset(FileLoc));
    LineColumn LC = Original.lineColumn(L.Offset);
    L.File = Original.path().str();
    L.Line = LC.Line;
    L.Column = LC.Column;
    return L;
  }
  PresumedLoc PL = SM.getPresumedLoc(FileLoc);
  if (PL.isValid()) {
    L.File = PL.getFilename();
    L.Line = PL.getLine();
    L.Column = PL.getColumn();
  }
  return L;
}

Diagnostic WorkingCopy::diagnosticAt(const UserLocation &Loc, Severity Level,
                                     std::string Message,
                                     std::optional<DiagId> Id) const {
  if (Loc.InMainFile)
    return makeDiagnostic(Original, Loc.Offset, Level, std::move(Message), Id);
  Diagnostic D;
  D.Id = Id;
  D.Level = Level;
  D.File = Loc.File;
  D.Line = Loc.Line;
  D.Column = Loc.Column;
  D.Message = std::move(Message);
  return D;
}

Error WorkingCopy::apply(const tooling::Replacements &Edits,
                         StringRef PassName) {
  if (Edits.empty())
    return Error::success();
  Expected<std::string> NewText = tooling::applyAllReplacements(text(), Edits);
  if (!NewText)
    return NewText.takeError();
  Expected<std::unique_ptr<ParsedUnit>> Next = Session.parse(*NewText);
  if (!Next)
    return Next.takeError();
  if (!(*Next)->hasAST() || (*Next)->hasErrors()) {
    std::string Detail;
    for (const ClangDiagnostic &D : (*Next)->getDiagnostics())
      if (D.Level == ClangDiagnostic::Error) {
        Detail = "line " + std::to_string(D.Line) + ": " + D.Message + "\n  " +
                 D.LineText;
        break;
      }
    return internalError("internal error: the code written by pass '" +
                         PassName + "' does not parse (" + Detail +
                         ")\nplease report this dpopt bug with the input file");
  }
  Origin.push(EditMap::fromReplacements(Edits));
  Unit = std::move(*Next);
  return Error::success();
}

namespace {

constexpr StringRef Consumed = " -- dpopt rewrote the launch it was on";

/// The end of the name at \p Begin of an object-like macro that is nothing
/// but _Pragma operators (so that writing it as a comment removes nothing
/// else); nullopt for anything else.
std::optional<size_t> pragmaOnlyMacroEnd(const ParsedUnit &U, size_t Begin) {
  Lexer L = mainFileLexer(U, Begin);
  Token T;
  L.LexFromRawLexer(T);
  if (T.isNot(tok::raw_identifier))
    return std::nullopt;
  Preprocessor &PP = U.getPreprocessor();
  const MacroInfo *MI =
      PP.getMacroInfo(PP.getIdentifierInfo(T.getRawIdentifier()));
  if (!MI || MI->isFunctionLike() || MI->getNumTokens() == 0)
    return std::nullopt;
  ArrayRef<Token> Body = MI->tokens();
  for (size_t I = 0; I < Body.size(); I += 4)
    if (I + 3 >= Body.size() || !Body[I].is(tok::identifier) ||
        Body[I].getIdentifierInfo()->getName() != "_Pragma" ||
        Body[I + 1].isNot(tok::l_paren) ||
        !tok::isStringLiteral(Body[I + 2].getKind()) ||
        Body[I + 3].isNot(tok::r_paren))
      return std::nullopt;
  return Begin + T.getLength();
}

} // namespace

std::string WorkingCopy::outputText() const {
  // A '#pragma dp' (or _Pragma) whose launch a pass replaced now stands
  // before dpopt's code, where it would make the output an invalid input to
  // dpopt (and could attach to a generated launch). It has done its work:
  // keep its text as a comment.
  StringRef Text = text();
  std::vector<DiscoveredLaunch> Launches = discoverLaunches(*Unit);
  LaunchStatements Statements(Launches);
  std::string Out;
  size_t Done = 0;
  for (const PragmaOccurrence &P : Unit->getPragmas()) {
    if (!P.InMainFile || P.Offset < Done || Statements.after(*Unit, P))
      continue;
    Lexer L = mainFileLexer(*Unit, P.Offset);
    Token T;
    std::optional<size_t> End = lexPragma(*Unit, L, T);
    if (!End)
      End = pragmaOnlyMacroEnd(*Unit, P.Offset);
    if (!End)
      continue;
    StringRef Written = Text.slice(P.Offset, *End);
    std::string Comment;
    if (Written.starts_with("#")) {
      // A line comment: continuation lines joined (the lexer has taken any
      // block comment in the directive whole).
      for (char C : Written)
        if (C != '\\' && C != '\n' && C != '\r')
          Comment += C;
      Comment = "// " + Comment + Consumed.str();
    } else if (!Written.contains("*/") && !Written.contains('\n')) {
      Comment = "/* " + Written.str() + Consumed.str() + " */";
    } else {
      continue;
    }
    Out += Text.slice(Done, P.Offset);
    Out += Comment;
    Done = *End;
  }
  Out += Text.substr(Done);
  return markers::strip(Out);
}

} // namespace dpopt
