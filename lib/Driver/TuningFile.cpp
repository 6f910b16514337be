//===- TuningFile.cpp - Per-site controls from a --tuning file -----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Driver/TuningFile.h"

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Frontend/WorkingCopy.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <variant>

using namespace llvm;

namespace dpopt {
namespace {

bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r'; }

/// The clause of \p D a tuning file may not give, with why, or "". The
/// parser already rejects buffer, work, threads and blocks without consldt.
std::pair<std::string, std::string> forbiddenClause(const PragmaDirective &D) {
  const char *Asserts = " says that the launches are independent, which only "
                        "a '#pragma dp' the program's author writes may say";
  if (D.Consolidate)
    return {"consldt", std::string("'consldt'") + Asserts};
  if (D.Merge)
    return {"merge", std::string("'merge'") + Asserts};
  return {"", ""};
}

SmallString<256> normalized(StringRef Path) {
  SmallString<256> P(Path);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P;
}

} // namespace

Diagnostic TuningFile::at(unsigned Offset, Severity Level, std::string Message,
                          DiagId Id) const {
  return makeDiagnostic(Source, Offset, Level, std::move(Message), Id);
}

std::string TuningFile::where(const TuningEntry &E) const {
  return Source.path().str() + ":" +
         std::to_string(Source.lineColumn(E.Offset).Line);
}

TuningFile TuningFile::parse(std::string Path, std::string Text,
                             std::vector<Diagnostic> &Diags) {
  TuningFile TF(SourceText(std::move(Path), std::move(Text)));
  StringRef All = TF.Source.text();
  auto Error = [&](size_t Offset, std::string Message, DiagId Id) {
    Diags.push_back(TF.at(Offset, Severity::Error, std::move(Message), Id));
  };
  for (size_t LineBegin = 0; LineBegin < All.size();) {
    size_t LineEnd = All.find('\n', LineBegin);
    if (LineEnd == StringRef::npos)
      LineEnd = All.size();
    StringRef Line = All.slice(LineBegin, LineEnd);
    size_t Base = LineBegin;
    LineBegin = LineEnd + 1;

    // Fields: location, kernel, clauses; '#' starts a comment.
    Line = Line.take_until([](char C) { return C == '#'; });
    size_t Pos = 0;
    auto SkipBlanks = [&] {
      while (Pos < Line.size() && isBlank(Line[Pos]))
        ++Pos;
    };
    auto Field = [&] {
      size_t Begin = Pos;
      while (Pos < Line.size() && !isBlank(Line[Pos]))
        ++Pos;
      return Line.slice(Begin, Pos);
    };
    SkipBlanks();
    if (Pos == Line.size())
      continue;
    TuningEntry E;
    E.Offset = Base + Pos;
    StringRef Location = Field();
    auto [Rest, ColumnText] = Location.rsplit(':');
    auto [FileText, LineText] = Rest.rsplit(':');
    if (FileText.empty() || LineText.getAsInteger(10, E.Line) ||
        ColumnText.getAsInteger(10, E.Column) || E.Line == 0 || E.Column == 0) {
      Error(E.Offset,
            "expected 'file:line:column' of a launch at the start of a "
            "tuning entry, found '" +
                Location.str() + "'",
            DiagId::TuningSyntax);
      continue;
    }
    E.File = FileText.str();
    SkipBlanks();
    size_t CalleeAt = Base + Pos;
    E.Callee = Field().str();
    if (E.Callee.empty()) {
      Error(CalleeAt,
            "expected the launched kernel's name after '" + Location.str() +
                "'",
            DiagId::TuningSyntax);
      continue;
    }
    SkipBlanks();
    E.ClausesOffset = Base + Pos;
    auto Parsed = parsePragmaClauses(Line.substr(Pos).rtrim(" \t\r"));
    if (auto *PE = std::get_if<PragmaError>(&Parsed)) {
      Error(E.ClausesOffset + PE->Offset, PE->Message, DiagId::TuningSyntax);
      continue;
    }
    E.Controls = std::get<PragmaDirective>(Parsed);
    auto [Clause, Why] = forbiddenClause(E.Controls);
    if (!Clause.empty()) {
      Error(E.ClausesOffset + *E.Controls.clauseOffset(Clause), Why,
            DiagId::TuningClauseNotAllowed);
      continue;
    }
    TF.Entries.push_back(std::move(E));
  }
  return TF;
}

bool TuningFile::namesFile(StringRef EntryFile, StringRef InputPath) {
  SmallString<256> Input(InputPath);
  if (sys::fs::make_absolute(Input))
    return false;
  Input = normalized(Input);
  SmallString<256> Entry = normalized(EntryFile);
  if (sys::path::is_absolute(Entry))
    return Entry == Input;
  std::vector<StringRef> EntryParts(sys::path::begin(Entry),
                                    sys::path::end(Entry));
  std::vector<StringRef> InputParts(sys::path::begin(Input),
                                    sys::path::end(Input));
  if (EntryParts.empty() || EntryParts.size() > InputParts.size())
    return false;
  return std::equal(EntryParts.rbegin(), EntryParts.rend(),
                    InputParts.rbegin());
}

void TuningFile::apply(StringRef InputPath, WorkingCopy &WC, ProgramAnalysis &A,
                       std::vector<Diagnostic> &Diags) const {
  struct Placed {
    const LaunchSite *Site;
    UserLocation Loc;
  };
  std::vector<Placed> Sites;
  for (const LaunchSite &S : A.sites()) {
    UserLocation L = WC.locate(S.Call->getBeginLoc());
    if (S.Id && L.InMainFile)
      Sites.push_back({&S, L});
  }
  DenseMap<unsigned, const TuningEntry *> Taken;
  for (const TuningEntry &E : Entries) {
    if (!namesFile(E.File, InputPath))
      continue;
    const Placed *Exact = nullptr, *Only = nullptr;
    unsigned OfKernel = 0;
    for (const Placed &P : Sites) {
      if (P.Site->CalleeName != E.Callee)
        continue;
      ++OfKernel;
      Only = &P;
      if (P.Loc.Line == E.Line && P.Loc.Column == E.Column)
        Exact = &P;
    }
    const Placed *Target = Exact ? Exact : OfKernel == 1 ? Only : nullptr;
    if (!Target) {
      Diags.push_back(at(
          E.Offset, Severity::Warning,
          "no launch of '" + E.Callee + "' at " + std::to_string(E.Line) + ":" +
              std::to_string(E.Column) + " in '" + InputPath.str() + "'" +
              (OfKernel ? " and it has " + std::to_string(OfKernel) +
                              " launches elsewhere"
                        : "") +
              "; the entry is ignored (run dpopt-tune again after editing "
              "the file)",
          DiagId::TuningEntryUnmatched));
      continue;
    }
    const LaunchSite &S = *Target->Site;
    if (S.Side != LaunchSide::Device) {
      Diags.push_back(at(E.Offset, Severity::Error,
                         "the launch of '" + E.Callee +
                             "' this entry names is made by host code; "
                             "tuning entries set device-side launches",
                         DiagId::TuningWrongSide));
      continue;
    }
    auto [It, New] = Taken.try_emplace(S.Id, &E);
    if (!New) {
      Diags.push_back(at(E.Offset, Severity::Error,
                         "a second entry for the launch of '" + E.Callee +
                             "' at " + std::to_string(Target->Loc.Line) + ":" +
                             std::to_string(Target->Loc.Column) +
                             " (the first is at " + where(*It->second) + ")",
                         DiagId::TuningDuplicateEntry));
      continue;
    }
    if (S.Pragma) {
      PragmaDirective Both = *S.Pragma;
      std::string Clash = Both.mergeFrom(E.Controls);
      std::string Rule = Clash.empty() ? Both.ruleViolation() : "";
      if (!Clash.empty() || !Rule.empty()) {
        std::optional<size_t> ClauseAt =
            Clash.empty() ? std::nullopt : E.Controls.clauseOffset(Clash);
        Diags.push_back(at(
            ClauseAt ? E.ClausesOffset + *ClauseAt : E.Offset, Severity::Error,
            (Clash.empty() ? "with the launch's '#pragma dp " +
                                 S.Pragma->str() + "': " + Rule
                           : "'" + Clash +
                                 "' is also given by the launch's "
                                 "'#pragma dp " +
                                 S.Pragma->str() + "'") +
                " (line " + std::to_string(Target->Loc.Line) + " of '" +
                InputPath.str() + "')",
            DiagId::TuningPragmaClash));
        continue;
      }
    }
    std::string Moved = Exact ? ""
                              : " (the entry was written for " +
                                    std::to_string(E.Line) + ":" +
                                    std::to_string(E.Column) + ")";
    Diags.push_back(WC.diagnosticAt(
        Target->Loc, Severity::Remark,
        "the tuning entry at " + where(E) + " sets '" + E.Controls.str() +
            "' for this launch of '" + E.Callee + "'" + Moved,
        DiagId::TuningApplied));
    Diags.back().Option = "-Rpass-analysis=tuning";
    WC.attachTuning(S.Id, E.Controls, where(E));
  }
}

} // namespace dpopt
