//===- WorkingCopy.cpp - The text dpopt rewrites, and its parse ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/WorkingCopy.h"

#include "dpopt/Frontend/LaunchDiscovery.h"
#include "dpopt/Frontend/LaunchMarkers.h"

#include "clang/Basic/DiagnosticSema.h"
#include "clang/Lex/Lexer.h"

#include <map>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

Diagnostic convert(const ClangDiagnostic &D, const SourceText &Original,
                   const EditMap *Map) {
  Severity Level = D.Level == ClangDiagnostic::Error     ? Severity::Error
                   : D.Level == ClangDiagnostic::Warning ? Severity::Warning
                                                         : Severity::Note;
  if (D.InMainFile)
    return makeDiagnostic(Original, Map ? Map->toOld(D.Offset) : D.Offset,
                          Level, D.Message);
  Diagnostic Out;
  Out.Level = Level;
  Out.File = D.File;
  Out.Line = D.Line;
  Out.Column = D.Column;
  Out.LineText = D.LineText;
  Out.Message = D.Message;
  return Out;
}

/// An error and the notes that follow it.
using DiagnosticGroup = ArrayRef<ClangDiagnostic>;

/// Converts clang's errors, each with the notes that follow it, except the
/// groups \p Skip says the wrapping will fix.
void convertErrors(const ParsedUnit &U, const SourceText &Original,
                   const EditMap *Map,
                   function_ref<bool(DiagnosticGroup)> Skip,
                   std::vector<Diagnostic> &Out) {
  ArrayRef<ClangDiagnostic> All = U.getDiagnostics();
  for (size_t I = 0; I < All.size();) {
    size_t End = I + 1;
    while (End < All.size() && All[End].Level == ClangDiagnostic::Note)
      ++End;
    DiagnosticGroup Group = All.slice(I, End - I);
    if (Group.front().Level == ClangDiagnostic::Error && !(Skip && Skip(Group)))
      for (const ClangDiagnostic &D : Group)
        Out.push_back(convert(D, Original, Map));
    I = End;
  }
}

/// True for the errors stock clang gives a device-side launch of a template
/// or overloaded kernel (BRIEF.md, fact 3), which wrapping resolves.
bool isDeviceLaunchTargetError(DiagnosticGroup Group) {
  if (Group.front().ID == diag::err_ref_bad_target)
    return true;
  for (const ClangDiagnostic &D : Group)
    if (D.ID == diag::note_ovl_candidate_bad_target)
      return true;
  return false;
}

/// The offset of the first token after the '#pragma' directive (or
/// _Pragma) at \p Offset, skipping any directives that follow it.
std::optional<unsigned> tokenAfterPragma(const ParsedUnit &U, unsigned Offset) {
  StringRef Text = U.getText();
  const SourceManager &SM = U.getSourceManager();
  Lexer L(SM.getLocForStartOfFile(U.getMainFileID()),
          U.getASTContext().getLangOpts(), Text.begin(), Text.begin() + Offset,
          Text.end());
  Token T;
  auto Next = [&] { L.LexFromRawLexer(T); };
  auto SkipDirective = [&] {
    do
      Next();
    while (T.isNot(tok::eof) && !T.isAtStartOfLine());
  };
  Next();
  if (T.is(tok::hash)) {
    SkipDirective();
  } else if (T.is(tok::raw_identifier) && T.getRawIdentifier() == "_Pragma") {
    for (int I = 0; I < 4 && T.isNot(tok::eof); ++I) // ( "..." ) next
      Next();
  } else {
    return std::nullopt;
  }
  while (T.is(tok::hash) && T.isAtStartOfLine())
    SkipDirective();
  if (T.is(tok::eof))
    return std::nullopt;
  return SM.getFileOffset(T.getLocation());
}

const char *sideName(bool DeviceSide) { return DeviceSide ? "device" : "host"; }

/// Parses each '#pragma dp' and attaches it to the launch statement that
/// follows it.
void attachPragmas(const ParsedUnit &U, const std::vector<DiscoveredLaunch> &Launches,
                   SiteTable &Sites, const SourceText &Original,
                   std::vector<Diagnostic> &Diags) {
  auto Error = [&](unsigned Offset, std::string Msg) {
    Diags.push_back(makeDiagnostic(Original, Offset, Severity::Error, std::move(Msg)));
  };
  for (const PragmaOccurrence &P : U.getPragmas()) {
    if (!P.InMainFile) {
      Diagnostic W;
      W.Level = Severity::Warning;
      W.File = P.File;
      W.Line = P.Line;
      W.Column = P.Column;
      W.Message = "'#pragma dp' in an included file is ignored; dpopt "
                  "rewrites only the file it is given";
      Diags.push_back(std::move(W));
      continue;
    }
    auto Parsed = parsePragmaClauses(P.ClauseText);
    if (auto *E = std::get_if<PragmaError>(&Parsed)) {
      Error(P.mainFileOffset(E->Offset), E->Message);
      continue;
    }
    const PragmaDirective &D = std::get<PragmaDirective>(Parsed);

    std::optional<unsigned> Next = tokenAfterPragma(U, P.Offset);
    const DiscoveredLaunch *Target = nullptr;
    unsigned Index = 0;
    for (unsigned I = 0; Next && I < Launches.size(); ++I)
      if (Launches[I].IsStatement && Launches[I].Begin == *Next) {
        Target = &Launches[I];
        Index = I;
        break;
      }
    if (!Target) {
      Error(P.Offset, "'#pragma dp' must be followed by a kernel launch statement");
      continue;
    }
    ClauseSide Side = D.side();
    if ((Side == ClauseSide::Device && !Target->DeviceSide) ||
        (Side == ClauseSide::Host && Target->DeviceSide)) {
      Error(P.Offset, "'#pragma dp " + D.str() + "' applies to kernels launched "
                          "from " + sideName(!Target->DeviceSide) +
                          " code, but this launch is made by " +
                          sideName(Target->DeviceSide) + " code");
      continue;
    }
    SiteOrigin *Site = Sites.byId(Index + 1);
    if (!Site->Pragma) {
      Site->Pragma = D;
      Site->PragmaOffset = P.Offset;
      continue;
    }
    std::string Clash = Site->Pragma->mergeFrom(D);
    if (!Clash.empty()) {
      Error(P.Offset, "duplicate '" + Clash + "' clause for this launch");
      continue;
    }
    std::string Rule = Site->Pragma->ruleViolation();
    if (!Rule.empty())
      Error(P.Offset, Rule);
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
                                   "the input"));
    return nullptr;
  }

  Expected<std::unique_ptr<ParsedUnit>> First = Session.parse(Text);
  if (!First)
    return First.takeError();
  const ParsedUnit &U1 = **First;
  if (!U1.hasAST()) {
    convertErrors(U1, Original, nullptr, nullptr, Diags);
    return nullptr;
  }

  // The host-side parse does not see device-only code: say where a launch
  // there stays as written.
  for (const HiddenLaunch &H : U1.getHiddenLaunches())
    Diags.push_back(makeDiagnostic(
        Original, H.Offset, Severity::Warning,
        "dpopt does not see this launch: it parses the host side of the file, "
        "which "
        "skips code under " +
            H.HiddenBy +
            "; the launch is left as written and no pass transforms it"));

  // Which device-side launch statements to wrap for the second parse. Two
  // launches from one macro expansion share a statement: wrap it once.
  std::vector<DiscoveredLaunch> Launches = discoverLaunches(U1);
  std::vector<const DiscoveredLaunch *> Wrapped;
  std::vector<bool> IsWrapped(Launches.size(), false);
  for (unsigned I = 0; I < Launches.size(); ++I) {
    const DiscoveredLaunch &L = Launches[I];
    if (!L.DeviceSide)
      continue;
    if (!L.IsStatement) {
      if (!L.Resolved)
        Diags.push_back(makeDiagnostic(
            Original, L.LaunchOffset, Severity::Error,
            "dpopt cannot parse this device-side launch of '" + L.CalleeText +
                "' because it is part of a larger expression; write the "
                "launch as a statement of its own (clang 19 resolves "
                "device-side launches of template or overloaded kernels only "
                "there)"));
      continue;
    }
    if (!Wrapped.empty() && L.Begin < Wrapped.back()->End)
      continue;
    Wrapped.push_back(&L);
    IsWrapped[I] = true;
  }

  convertErrors(U1, Original, nullptr,
                [&](DiagnosticGroup Group) {
                  const ClangDiagnostic &Lead = Group.front();
                  if (!Lead.InMainFile || !isDeviceLaunchTargetError(Group))
                    return false;
                  for (const DiscoveredLaunch *L : Wrapped)
                    if (L->Begin <= Lead.Offset && Lead.Offset < L->End)
                      return true;
                  return false;
                },
                Diags);

  for (unsigned I = 0; I < Launches.size(); ++I) {
    SiteOrigin S;
    S.Id = I + 1;
    S.Offset = Launches[I].LaunchOffset;
    S.DeviceSide = Launches[I].DeviceSide;
    S.IsStatement = Launches[I].IsStatement;
    S.Wrapped = IsWrapped[I];
    WC->Sites.add(std::move(S));
  }
  attachPragmas(U1, Launches, WC->Sites, Original, Diags);

  for (const Diagnostic &D : Diags)
    if (D.Level == Severity::Error)
      return nullptr;

  if (Wrapped.empty()) {
    WC->Unit = std::move(*First);
    return std::move(WC);
  }

  // Insertions at one offset are joined so that a wrapper that closes where
  // the next opens stays in order.
  std::map<unsigned, std::string> Inserts;
  for (unsigned I = 0; I < Launches.size(); ++I) {
    if (!IsWrapped[I])
      continue;
    const DiscoveredLaunch &L = Launches[I];
    Inserts[L.Begin] += markers::wrapperOpen(I + 1);
    Inserts[L.End] += L.HasSemicolon ? markers::wrapperClose().str()
                                     : markers::wrapperCloseAddingSemicolon().str();
  }
  tooling::Replacements Edits;
  for (const auto &[Offset, Insert] : Inserts)
    if (Error E = Edits.add(tooling::Replacement(Original.path(), Offset, 0, Insert)))
      return std::move(E);
  Expected<std::string> WrappedText = tooling::applyAllReplacements(Text, Edits);
  if (!WrappedText)
    return WrappedText.takeError();

  Expected<std::unique_ptr<ParsedUnit>> Second = Session.parse(*WrappedText);
  if (!Second)
    return Second.takeError();
  EditMap Map = EditMap::fromReplacements(Edits);
  if (!(*Second)->hasAST() || (*Second)->hasErrors()) {
    convertErrors(**Second, Original, &Map, nullptr, Diags);
    if (Diags.empty())
      return internalError("clang could not parse the wrapped launches");
    return nullptr;
  }
  WC->Origin.push(std::move(Map));
  WC->Unit = std::move(*Second);
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
                                     std::string Message) const {
  if (Loc.InMainFile)
    return makeDiagnostic(Original, Loc.Offset, Level, std::move(Message));
  Diagnostic D;
  D.Level = Level;
  D.File = Loc.File;
  D.Line = Loc.Line;
  D.Column = Loc.Column;
  D.Message = std::move(Message);
  return D;
}

Error WorkingCopy::apply(const tooling::Replacements &Edits, StringRef PassName) {
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
        Detail = "line " + std::to_string(D.Line) + ": " + D.Message +
                 "\n  " + D.LineText;
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

std::string WorkingCopy::outputText() const { return markers::strip(text()); }

} // namespace dpopt
