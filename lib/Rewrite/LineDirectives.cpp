//===- LineDirectives.cpp - '#line' so tools point at the user's code ----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/LineDirectives.h"

#include "dpopt/Rewrite/LineOrigins.h"
#include "dpopt/Support/SourceText.h"

#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace dpopt {
namespace {

/// Where the preprocessor presumes a line is.
struct Presumed {
  std::string File;
  unsigned Line = 0;
  bool operator==(const Presumed &O) const {
    return Line == O.Line && File == O.File;
  }
};

struct LineFacts {
  /// The line starts inside a token, a comment, a spliced line, or
  /// parentheses or brackets: a directive must not go before it.
  bool Locked = false;
  bool Blank = false;
  /// A line directive ('#line N "f"', '# N "f"'): the line it presumes the
  /// next line is at, and the file when it names one.
  std::optional<unsigned> SetsLine;
  std::optional<std::string> SetsFile;
};

/// The string literal at the start of \p S, unescaped; nullopt when \p S
/// does not start with one.
std::optional<std::string> readFileName(StringRef S) {
  if (!S.consume_front("\""))
    return std::nullopt;
  std::string Name;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '"')
      return Name;
    if (S[I] == '\\' && I + 1 < S.size())
      ++I;
    Name += S[I];
  }
  return std::nullopt;
}

void readLineDirective(StringRef Line, LineFacts &F) {
  StringRef S = Line.ltrim(" \t");
  if (!S.consume_front("#"))
    return;
  S = S.ltrim(" \t");
  if (S.consume_front("line")) {
    if (S.empty() || (S[0] != ' ' && S[0] != '\t'))
      return;
    S = S.ltrim(" \t");
  }
  size_t Digits = S.find_first_not_of("0123456789");
  unsigned N = 0;
  if (Digits == 0 || S.substr(0, Digits).getAsInteger(10, N))
    return;
  F.SetsLine = N;
  F.SetsFile = readFileName(S.substr(Digits).ltrim(" \t"));
}

/// The facts of every line of \p Text; \p Lines is splitLines(Text).
std::vector<LineFacts> scanLines(StringRef Text, ArrayRef<StringRef> Lines) {
  std::vector<unsigned> Starts;
  for (StringRef L : Lines)
    Starts.push_back(static_cast<unsigned>(L.data() - Text.data()));
  std::vector<LineFacts> Facts(Lines.size());
  for (size_t I = 0; I < Lines.size(); ++I) {
    Facts[I].Blank = Lines[I].trim().empty();
    if (I > 0 && Lines[I - 1].rtrim(" \t").ends_with("\\"))
      Facts[I].Locked = true;
  }

  clang::LangOptions LO = rawLexLangOptions();
  clang::Lexer L(clang::SourceLocation(), LO, Text.begin(), Text.begin(),
                 Text.end());
  L.SetCommentRetentionState(true);
  clang::Token T;
  unsigned Depth = 0;
  bool InDirective = false;
  size_t NextLine = 0;
  for (L.LexFromRawLexer(T); T.isNot(clang::tok::eof); L.LexFromRawLexer(T)) {
    unsigned End = static_cast<unsigned>(L.getBufferLocation() - Text.begin());
    unsigned Begin = End - T.getLength();
    // The lines that start before this token start where the tokens before
    // it left the nesting.
    for (; NextLine < Starts.size() && Starts[NextLine] <= Begin; ++NextLine)
      if (Depth > 0)
        Facts[NextLine].Locked = true;
    // And the lines that start inside it start inside a token.
    for (; NextLine < Starts.size() && Starts[NextLine] < End; ++NextLine)
      Facts[NextLine].Locked = true;
    if (T.isAtStartOfLine())
      InDirective = T.is(clang::tok::hash);
    if (InDirective)
      continue;
    if (T.isOneOf(clang::tok::l_paren, clang::tok::l_square))
      ++Depth;
    else if (T.isOneOf(clang::tok::r_paren, clang::tok::r_square) && Depth > 0)
      --Depth;
  }
  for (size_t I = 0; I < Lines.size(); ++I)
    if (!Facts[I].Locked)
      readLineDirective(Lines[I], Facts[I]);
  return Facts;
}

/// After a line with facts \p F, where the next line is presumed.
void advance(Presumed &P, const LineFacts &F) {
  if (!F.SetsLine) {
    ++P.Line;
    return;
  }
  P.Line = *F.SetsLine;
  if (F.SetsFile)
    P.File = *F.SetsFile;
}

std::string quoted(StringRef Name) {
  std::string Out = "\"";
  for (char C : Name) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

} // namespace

std::string withLineDirectives(StringRef Original, StringRef Output,
                               StringRef UserFile, StringRef OutputFile) {
  std::vector<StringRef> UserLines = splitLines(Original);
  std::vector<StringRef> OutLines = splitLines(Output);
  // A byte order mark is not part of the first line's code.
  auto WithoutMark = [](std::vector<StringRef> Lines) {
    if (!Lines.empty())
      Lines.front().consume_front(Utf8ByteOrderMark);
    return Lines;
  };
  std::vector<std::optional<unsigned>> Origins =
      lineOrigins(WithoutMark(UserLines), WithoutMark(OutLines));

  std::vector<LineFacts> UserFacts = scanLines(Original, UserLines);
  std::vector<Presumed> UserPlace;
  Presumed P{UserFile.str(), 1};
  for (const LineFacts &F : UserFacts) {
    UserPlace.push_back(P);
    advance(P, F);
  }

  std::vector<LineFacts> OutFacts = scanLines(Output, OutLines);
  std::string Result;
  Result.reserve(Output.size() + Output.size() / 8);
  Presumed Here{OutputFile.str(), 1};
  unsigned Inserted = 0;
  for (size_t I = 0; I < OutLines.size(); ++I) {
    const LineFacts &F = OutFacts[I];
    size_t Begin = OutLines[I].data() - Output.data();
    size_t End = I + 1 < OutLines.size()
                     ? OutLines[I + 1].data() - Output.data()
                     : Output.size();
    StringRef Line = Output.slice(Begin, End);
    if (!F.Locked && !F.Blank && !F.SetsLine) {
      // A line of dpopt's is where it is in the output, counting the
      // directive that would go before it.
      Presumed Want = Origins[I]
                          ? UserPlace[*Origins[I]]
                          : Presumed{OutputFile.str(),
                                     static_cast<unsigned>(I) + Inserted + 1};
      if (!(Want == Here)) {
        if (!Origins[I])
          ++Want.Line;
        if (I == 0 && Line.consume_front(Utf8ByteOrderMark))
          Result += Utf8ByteOrderMark;
        Result += "#line " + std::to_string(Want.Line);
        if (Want.File != Here.File)
          Result += " " + quoted(Want.File);
        Result += "\n";
        ++Inserted;
        Here = Want;
      }
    }
    Result += Line;
    advance(Here, F);
  }
  return Result;
}

} // namespace dpopt
