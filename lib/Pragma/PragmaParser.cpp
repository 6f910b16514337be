//===- PragmaParser.cpp - Parses the clauses of '#pragma dp' -------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A small hand-written recursive-descent parser. It must never crash or loop
// on any input (it is fuzzed), and every error carries the byte offset of the
// token that is wrong so the driver can point at it with a caret.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Pragma/PragmaDirective.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <limits>

namespace dpopt {
namespace {

/// Values written in pragmas end up in generated code as 'int' expressions.

struct Token {
  enum Kind { Identifier, Integer, LParen, RParen, Comma, Colon, End, Invalid };
  Kind K = End;
  size_t Offset = 0;
  std::string_view Text;
};

class Lexer {
public:
  explicit Lexer(std::string_view Text) : Text(Text) {}

  Token next() {
    while (Pos < Text.size() &&
           std::isspace(static_cast<unsigned char>(Text[Pos])))
      ++Pos;
    Token T;
    T.Offset = Pos;
    if (Pos >= Text.size()) {
      T.K = Token::End;
      return T;
    }
    char C = Text[Pos];
    size_t Start = Pos;
    if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') {
      while (Pos < Text.size() &&
             (std::isalnum(static_cast<unsigned char>(Text[Pos])) ||
              Text[Pos] == '_'))
        ++Pos;
      T.K = Token::Identifier;
    } else if (std::isdigit(static_cast<unsigned char>(C))) {
      // Take the whole pp-number so that '12abc' is one bad value, not two
      // tokens.
      while (Pos < Text.size() &&
             (std::isalnum(static_cast<unsigned char>(Text[Pos])) ||
              Text[Pos] == '_'))
        ++Pos;
      T.K = Token::Integer;
    } else {
      ++Pos;
      switch (C) {
      case '(':
        T.K = Token::LParen;
        break;
      case ')':
        T.K = Token::RParen;
        break;
      case ',':
        T.K = Token::Comma;
        break;
      case ':':
        T.K = Token::Colon;
        break;
      default:
        T.K = Token::Invalid;
        // A character outside ASCII is one token, so that messages quote
        // it whole (full-width digits, say), not a broken byte of it.
        if (static_cast<unsigned char>(C) >= 0xC0)
          while (Pos < Text.size() &&
                 (static_cast<unsigned char>(Text[Pos]) & 0xC0) == 0x80)
            ++Pos;
        break;
      }
    }
    T.Text = Text.substr(Start, Pos - Start);
    return T;
  }

private:
  std::string_view Text;
  size_t Pos = 0;
};

/// Recursive descent without exceptions: the first error is kept in Err and
/// every later step becomes a no-op, so the parser always terminates.
class Parser {
public:
  explicit Parser(std::string_view Text) : Lex(Text) { advance(); }

  std::variant<PragmaDirective, PragmaError> parse();

private:
  void advance() { Tok = Lex.next(); }
  bool failed() const { return Err.has_value(); }

  void fail(size_t Offset, std::string Message) {
    if (!Err)
      Err = PragmaError{Offset, std::move(Message)};
    Tok.K = Token::End;
  }

  static std::string describe(const Token &T) {
    if (T.K == Token::End)
      return "end of pragma";
    return "'" + std::string(T.Text) + "'";
  }

  bool expect(Token::Kind K, const char *What, std::string_view Clause) {
    if (failed())
      return false;
    if (Tok.K != K) {
      fail(Tok.Offset, std::string("expected ") + What + " in '" +
                           std::string(Clause) + "' clause, found " +
                           describe(Tok));
      return false;
    }
    advance();
    return true;
  }

  uint64_t parseValue(std::string_view Clause, uint64_t Min) {
    if (failed())
      return 0;
    if (Tok.K != Token::Integer) {
      fail(Tok.Offset, "expected an integer in '" + std::string(Clause) +
                           "' clause, found " + describe(Tok));
      return 0;
    }
    std::optional<uint64_t> V = parsePragmaInteger(Tok.Text);
    if (!V) {
      fail(Tok.Offset, "invalid integer " + describe(Tok) + " in '" +
                           std::string(Clause) + "' clause");
      return 0;
    }
    std::string Range = clauseValueError(Clause, *V, Min);
    if (!Range.empty()) {
      fail(Tok.Offset, Range);
      return 0;
    }
    advance();
    return *V;
  }

  /// '(' Integer ')'
  uint64_t parseIntegerArgument(std::string_view Clause, uint64_t Min) {
    expect(Token::LParen, "'('", Clause);
    uint64_t V = parseValue(Clause, Min);
    expect(Token::RParen, "')'", Clause);
    return V;
  }

  /// '(' keyword, returning the keyword and its offset.
  std::string_view openKeyword(std::string_view Clause, size_t &At) {
    if (!expect(Token::LParen, "'('", Clause))
      return {};
    At = Tok.Offset;
    if (Tok.K != Token::Identifier) {
      fail(Tok.Offset, "expected a keyword in '" + std::string(Clause) +
                           "' clause, found " + describe(Tok));
      return {};
    }
    std::string_view K = Tok.Text;
    advance();
    return K;
  }

  Granularity parseConsolidationGranularity(std::string_view Clause);
  BufferSpec parseBuffer();
  std::vector<std::string> parseWork();
  std::vector<std::string> parseSkip();

  /// '(' name {',' name} ')' for clause \p Clause, whose names are
  /// \p Noun's ("variable"): each distinct, and one \p Check rejects (it
  /// returns the message) is an error at the name.
  template <typename CheckFn>
  std::vector<std::string> parseNames(std::string_view Clause, const char *Noun,
                                      CheckFn Check) {
    std::vector<std::string> Names;
    if (!expect(Token::LParen, "'('", Clause))
      return Names;
    while (!failed()) {
      if (Tok.K != Token::Identifier) {
        fail(Tok.Offset, std::string("expected a ") + Noun + " name in '" +
                             std::string(Clause) + "' clause, found " +
                             describe(Tok));
        break;
      }
      std::string Name(Tok.Text);
      std::string Rejected = Check(Name);
      if (!Rejected.empty())
        fail(Tok.Offset, Rejected);
      else if (std::find(Names.begin(), Names.end(), Name) != Names.end())
        fail(Tok.Offset, std::string(Noun) + " '" + Name +
                             "' appears twice in '" + std::string(Clause) +
                             "'");
      if (failed())
        break;
      Names.push_back(std::move(Name));
      advance();
      if (Tok.K != Token::Comma)
        break;
      advance();
    }
    expect(Token::RParen, "')'", Clause);
    return Names;
  }
  AggregateSpec parseAggregate();
  RemoveLaunchMode parseRemoveLaunch();

  Lexer Lex;
  Token Tok;
  std::optional<PragmaError> Err;
};

Granularity Parser::parseConsolidationGranularity(std::string_view Clause) {
  size_t At = 0;
  std::string_view K = openKeyword(Clause, At);
  Granularity G = Granularity::Block;
  if (failed())
    return G;
  if (K == "warp")
    G = Granularity::Warp;
  else if (K == "block")
    G = Granularity::Block;
  else if (K == "grid")
    G = Granularity::Grid;
  else
    fail(At, "invalid granularity '" + std::string(K) + "' in '" +
                 std::string(Clause) + "'; expected warp, block or grid");
  expect(Token::RParen, "')'", Clause);
  return G;
}

BufferSpec Parser::parseBuffer() {
  BufferSpec B;
  size_t At = 0;
  std::string_view K = openKeyword("buffer", At);
  if (failed())
    return B;
  if (K == "default")
    B.Type = BufferSpec::Kind::Default;
  else if (K == "custom")
    B.Type = BufferSpec::Kind::Custom;
  else if (K == "halloc")
    fail(At, "buffer type 'halloc' is not supported (dpopt ships no Halloc "
             "allocator); use 'default' or 'custom'");
  else
    fail(At, "invalid buffer type '" + std::string(K) +
                 "'; expected default or custom");
  if (!failed() && Tok.K == Token::Comma) {
    advance();
    if (Tok.K == Token::Identifier) {
      B.PerBufferSizeVar = std::string(Tok.Text);
      advance();
    } else {
      B.PerBufferSize = parseValue("buffer", 1);
    }
    if (!failed() && Tok.K == Token::Comma) {
      advance();
      B.TotalSize = parseValue("buffer", 1);
    }
  }
  expect(Token::RParen, "')'", "buffer");
  return B;
}

std::vector<std::string> Parser::parseWork() {
  return parseNames("work", "variable",
                    [](const std::string &) { return std::string(); });
}

std::vector<std::string> Parser::parseSkip() {
  // A pass's place in SkippablePasses; its size for another name.
  auto Rank = [](const std::string &Pass) {
    return std::find(std::begin(SkippablePasses), std::end(SkippablePasses),
                     Pass) -
           std::begin(SkippablePasses);
  };
  std::vector<std::string> Passes =
      parseNames("skip", "pass", [&](const std::string &Name) {
        return Rank(Name) == std::size(SkippablePasses)
                   ? "'skip' takes threshold, coarsen or aggregate, not '" +
                         Name + "'"
                   : std::string();
      });
  // Canonical order, so that str() of equal directives is equal.
  std::sort(Passes.begin(), Passes.end(),
            [&](const std::string &A, const std::string &B) {
              return Rank(A) < Rank(B);
            });
  return Passes;
}

AggregateSpec Parser::parseAggregate() {
  AggregateSpec A;
  size_t At = 0;
  std::string_view K = openKeyword("aggregate", At);
  if (failed())
    return A;
  if (K == "warp")
    A.Level = Granularity::Warp;
  else if (K == "block")
    A.Level = Granularity::Block;
  else if (K == "multiblock")
    A.Level = Granularity::MultiBlock;
  else if (K == "grid")
    A.Level = Granularity::Grid;
  else
    fail(At, "invalid granularity '" + std::string(K) +
                 "' in 'aggregate'; expected warp, block, multiblock[:N] or "
                 "grid");
  if (!failed() && Tok.K == Token::Colon) {
    if (A.Level != Granularity::MultiBlock)
      fail(Tok.Offset, "only 'multiblock' takes a group size (multiblock:N)");
    advance();
    A.GroupBlocks = parseValue("aggregate", 1);
  }
  expect(Token::RParen, "')'", "aggregate");
  return A;
}

RemoveLaunchMode Parser::parseRemoveLaunch() {
  size_t At = 0;
  std::string_view K = openKeyword("remove_launch", At);
  RemoveLaunchMode M = RemoveLaunchMode::Auto;
  if (failed())
    return M;
  if (K == "auto")
    M = RemoveLaunchMode::Auto;
  else if (K == "T1")
    M = RemoveLaunchMode::T1;
  else if (K == "T2")
    M = RemoveLaunchMode::T2;
  else if (K == "T3")
    M = RemoveLaunchMode::T3;
  else if (K == "T4")
    M = RemoveLaunchMode::T4;
  else
    fail(At, "invalid assignment '" + std::string(K) +
                 "' in 'remove_launch'; expected auto, T1, T2, T3 or T4");
  expect(Token::RParen, "')'", "remove_launch");
  return M;
}

} // namespace

std::optional<uint64_t> parsePragmaInteger(std::string_view S) {
  // C's integer literals without suffixes: decimal, 0x hexadecimal, 0b
  // binary and 0 octal, so that a macro argument means what it means in C.
  unsigned Base = 10;
  if (S.size() > 2 && S[0] == '0' && (S[1] == 'x' || S[1] == 'X')) {
    Base = 16;
    S.remove_prefix(2);
  } else if (S.size() > 2 && S[0] == '0' && (S[1] == 'b' || S[1] == 'B')) {
    Base = 2;
    S.remove_prefix(2);
  } else if (S.size() > 1 && S[0] == '0') {
    Base = 8;
    S.remove_prefix(1);
  }
  if (S.empty())
    return std::nullopt;
  uint64_t V = 0;
  for (char C : S) {
    unsigned D;
    if (C >= '0' && C <= '9')
      D = C - '0';
    else if (C >= 'a' && C <= 'f')
      D = C - 'a' + 10;
    else if (C >= 'A' && C <= 'F')
      D = C - 'A' + 10;
    else
      return std::nullopt;
    if (D >= Base)
      return std::nullopt;
    if (V > (std::numeric_limits<uint64_t>::max() - D) / Base)
      return std::nullopt;
    V = V * Base + D;
  }
  return V;
}

std::string clauseValueError(std::string_view Clause, uint64_t Value,
                             uint64_t Min) {
  if (Value >= Min && Value <= MaxClauseValue)
    return "";
  return "value " + std::to_string(Value) + " of '" + std::string(Clause) +
         "' is out of range [" + std::to_string(Min) + ", " +
         std::to_string(MaxClauseValue) + "]";
}

namespace {

std::variant<PragmaDirective, PragmaError> Parser::parse() {
  PragmaDirective D;
  // Where clauses started, so that a rule between clauses points at the
  // clause that breaks it.
  size_t ConsolidateAt = 0, OffAt = 0, MergeAt = 0;
  std::optional<size_t> ConsolidationOnlyAt;
  std::string ConsolidationOnlyName;
  unsigned ClauseCount = 0;

  if (Tok.K == Token::End)
    fail(Tok.Offset, "expected a clause after '#pragma dp'");

  while (!failed() && Tok.K != Token::End) {
    if (Tok.K != Token::Identifier) {
      fail(Tok.Offset, "expected a clause name, found " + describe(Tok));
      break;
    }
    std::string_view Name = Tok.Text;
    size_t At = Tok.Offset;
    advance();
    ++ClauseCount;
    D.ClauseOffsets.emplace_back(std::string(Name), At);
    auto Duplicate = [&](bool AlreadySet) {
      if (AlreadySet)
        fail(At, "duplicate '" + std::string(Name) + "' clause");
      return !failed();
    };
    auto ConsolidationOnly = [&] {
      if (!ConsolidationOnlyAt) {
        ConsolidationOnlyAt = At;
        ConsolidationOnlyName = std::string(Name);
      }
    };

    if (Name == "consldt" || Name == "consltdt") {
      ConsolidateAt = At;
      if (Duplicate(D.Consolidate.has_value()))
        D.Consolidate = parseConsolidationGranularity(Name);
    } else if (Name == "buffer") {
      ConsolidationOnly();
      if (Duplicate(D.Buffer.has_value()))
        D.Buffer = parseBuffer();
    } else if (Name == "work") {
      ConsolidationOnly();
      if (Duplicate(!D.Work.empty()))
        D.Work = parseWork();
    } else if (Name == "threads") {
      ConsolidationOnly();
      if (Duplicate(D.Threads.has_value()))
        D.Threads = parseIntegerArgument(Name, 1);
    } else if (Name == "blocks") {
      ConsolidationOnly();
      if (Duplicate(D.Blocks.has_value()))
        D.Blocks = parseIntegerArgument(Name, 1);
    } else if (Name == "threshold") {
      if (Duplicate(D.Threshold.has_value()))
        D.Threshold = parseIntegerArgument(Name, 1);
    } else if (Name == "coarsen") {
      if (Duplicate(D.Coarsen.has_value()))
        D.Coarsen = parseIntegerArgument(Name, 1);
    } else if (Name == "aggregate") {
      if (Duplicate(D.Aggregate.has_value()))
        D.Aggregate = parseAggregate();
    } else if (Name == "agg_threshold") {
      if (Duplicate(D.AggThreshold.has_value()))
        D.AggThreshold = parseIntegerArgument(Name, 0);
    } else if (Name == "remove_launch") {
      if (Duplicate(D.RemoveLaunch.has_value()))
        D.RemoveLaunch = parseRemoveLaunch();
    } else if (Name == "skip") {
      if (Duplicate(!D.Skip.empty()))
        D.Skip = parseSkip();
    } else if (Name == "off") {
      OffAt = At;
      if (Duplicate(D.Off))
        D.Off = true;
    } else if (Name == "merge") {
      MergeAt = At;
      if (Duplicate(D.Merge))
        D.Merge = true;
    } else {
      fail(At, "unknown clause '" + std::string(Name) +
                   "' in '#pragma dp'; expected one of consldt, buffer, "
                   "work, threads, blocks, threshold, coarsen, aggregate, "
                   "agg_threshold, remove_launch, skip, off, merge");
    }
    if (!failed() && (Name == "off" || Name == "merge") &&
        Tok.K == Token::LParen)
      fail(Tok.Offset, "'" + std::string(Name) + "' takes no arguments");
  }

  if (!failed() && D.Off && ClauseCount > 1)
    fail(OffAt, "'off' cannot be combined with other clauses");
  if (!failed() && D.Merge && ClauseCount > 1)
    fail(MergeAt, "'merge' cannot be combined with other clauses");
  if (!failed()) {
    std::string Rule = D.skipConflict();
    if (!Rule.empty())
      fail(*D.clauseOffset("skip"), Rule);
  }
  if (!failed() && ConsolidationOnlyAt && !D.Consolidate)
    fail(*ConsolidationOnlyAt,
         "'" + ConsolidationOnlyName + "' requires a 'consldt' clause");
  if (!failed() && D.Consolidate && D.Work.empty())
    fail(ConsolidateAt, "'consldt' requires a 'work' clause naming the "
                        "variables to buffer");
  if (Err)
    return *Err;
  return D;
}

void appendInt(std::string &S, const char *Name, uint64_t V) {
  S += ' ';
  S += Name;
  S += '(';
  S += std::to_string(V);
  S += ')';
}

} // namespace

const char *granularityName(Granularity G) {
  switch (G) {
  case Granularity::Warp:
    return "warp";
  case Granularity::Block:
    return "block";
  case Granularity::MultiBlock:
    return "multiblock";
  case Granularity::Grid:
    return "grid";
  }
  return "?";
}

const char *removeLaunchModeName(RemoveLaunchMode M) {
  switch (M) {
  case RemoveLaunchMode::Auto:
    return "auto";
  case RemoveLaunchMode::T1:
    return "T1";
  case RemoveLaunchMode::T2:
    return "T2";
  case RemoveLaunchMode::T3:
    return "T3";
  case RemoveLaunchMode::T4:
    return "T4";
  }
  return "?";
}

std::variant<PragmaDirective, PragmaError>
parsePragmaClauses(std::string_view Text) {
  return Parser(Text).parse();
}

std::string PragmaDirective::str() const {
  std::string S;
  if (Consolidate) {
    S += " consldt(";
    S += granularityName(*Consolidate);
    S += ')';
  }
  if (Buffer) {
    S += " buffer(";
    S += Buffer->Type == BufferSpec::Kind::Default ? "default" : "custom";
    if (Buffer->PerBufferSize)
      S += ", " + std::to_string(*Buffer->PerBufferSize);
    else if (!Buffer->PerBufferSizeVar.empty())
      S += ", " + Buffer->PerBufferSizeVar;
    if (Buffer->TotalSize)
      S += ", " + std::to_string(*Buffer->TotalSize);
    S += ')';
  }
  if (!Work.empty()) {
    S += " work(";
    for (size_t I = 0; I < Work.size(); ++I)
      S += (I ? ", " : "") + Work[I];
    S += ')';
  }
  if (Threads)
    appendInt(S, "threads", *Threads);
  if (Blocks)
    appendInt(S, "blocks", *Blocks);
  if (Threshold)
    appendInt(S, "threshold", *Threshold);
  if (Coarsen)
    appendInt(S, "coarsen", *Coarsen);
  if (Aggregate) {
    S += " aggregate(";
    S += granularityName(Aggregate->Level);
    if (Aggregate->GroupBlocks)
      S += ":" + std::to_string(*Aggregate->GroupBlocks);
    S += ')';
  }
  if (AggThreshold)
    appendInt(S, "agg_threshold", *AggThreshold);
  if (RemoveLaunch) {
    S += " remove_launch(";
    S += removeLaunchModeName(*RemoveLaunch);
    S += ')';
  }
  if (!Skip.empty()) {
    S += " skip(";
    for (size_t I = 0; I < Skip.size(); ++I)
      S += (I ? ", " : "") + Skip[I];
    S += ')';
  }
  if (Off)
    S += " off";
  if (Merge)
    S += " merge";
  return S.empty() ? S : S.substr(1);
}

std::string PragmaDirective::mergeFrom(const PragmaDirective &O) {
  std::string Clash;
  auto Take = [&Clash](auto &Mine, const auto &Theirs, const char *Name) {
    if (!Theirs)
      return;
    if (Mine && Clash.empty())
      Clash = Name;
    Mine = Theirs;
  };
  Take(Consolidate, O.Consolidate, "consldt");
  Take(Buffer, O.Buffer, "buffer");
  Take(Threads, O.Threads, "threads");
  Take(Blocks, O.Blocks, "blocks");
  Take(Threshold, O.Threshold, "threshold");
  Take(Coarsen, O.Coarsen, "coarsen");
  Take(Aggregate, O.Aggregate, "aggregate");
  Take(AggThreshold, O.AggThreshold, "agg_threshold");
  Take(RemoveLaunch, O.RemoveLaunch, "remove_launch");
  if (!O.Work.empty()) {
    if (!Work.empty() && Clash.empty())
      Clash = "work";
    Work = O.Work;
  }
  if (!O.Skip.empty()) {
    if (!Skip.empty() && Clash.empty())
      Clash = "skip";
    Skip = O.Skip;
  }
  if (O.Off && Off && Clash.empty())
    Clash = "off";
  if (O.Merge && Merge && Clash.empty())
    Clash = "merge";
  Off = Off || O.Off;
  Merge = Merge || O.Merge;
  return Clash;
}

bool PragmaDirective::hasSiteClauses() const {
  return Consolidate || Buffer || !Work.empty() || Threads || Blocks ||
         Threshold || Coarsen || Aggregate || AggThreshold || RemoveLaunch ||
         !Skip.empty();
}

bool PragmaDirective::skips(std::string_view Pass) const {
  return std::find(Skip.begin(), Skip.end(), Pass) != Skip.end();
}

std::string PragmaDirective::skipConflict() const {
  auto Both = [](std::string_view Pass, const char *Clause) {
    return "'skip(" + std::string(Pass) + ")' cannot be combined with '" +
           Clause + "', which sets how that pass transforms the launch";
  };
  if (skips("threshold") && Threshold)
    return Both("threshold", "threshold");
  if (skips("coarsen") && Coarsen)
    return Both("coarsen", "coarsen");
  if (skips("aggregate") && Aggregate)
    return Both("aggregate", "aggregate");
  if (skips("aggregate") && AggThreshold)
    return Both("aggregate", "agg_threshold");
  return "";
}

std::string PragmaDirective::ruleViolation() const {
  if (Off && (Merge || hasSiteClauses()))
    return "'off' cannot be combined with other clauses";
  if (Merge && hasSiteClauses())
    return "'merge' cannot be combined with other clauses";
  if (std::string Rule = skipConflict(); !Rule.empty())
    return Rule;
  if (!Consolidate && (Buffer || !Work.empty() || Threads || Blocks))
    return "consolidation clauses require a 'consldt' clause";
  if (Consolidate && Work.empty())
    return "'consldt' requires a 'work' clause naming the variables to buffer";
  return "";
}

} // namespace dpopt
