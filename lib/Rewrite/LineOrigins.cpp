//===- LineOrigins.cpp - Which user line each output line shows ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The alignment is a patience diff: lines that occur once in each side of a
// range anchor it (their longest increasing run), the ranges between anchors
// are aligned the same way, and a range with no such lines falls back to a
// longest common subsequence when it is small. Patience keeps the user's
// distinctive lines together where a plain LCS could pair a copied '}' with
// the wrong brace.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/LineOrigins.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cstdint>

using namespace llvm;

namespace dpopt {

std::vector<StringRef> splitLines(StringRef Text) {
  std::vector<StringRef> Lines;
  while (!Text.empty()) {
    std::pair<StringRef, StringRef> LineAndRest = Text.split('\n');
    StringRef Line = LineAndRest.first;
    Line.consume_back("\r");
    Lines.push_back(Line);
    Text = LineAndRest.second;
  }
  return Lines;
}

namespace {

/// Above this many cells a gap without anchors is left unaligned: the
/// fallback's table grows with the product of the gap's sides.
constexpr uint64_t MaxTableCells = uint64_t(1) << 22;

using Origins = std::vector<std::optional<unsigned>>;

/// A line that names something: a copied '}' or 'return;' shows nothing of
/// where it came from, and is placed only by the lines around it.
bool isDistinctive(StringRef Line) {
  return any_of(Line, [](char C) { return isAlnum(C); });
}

class Aligner {
public:
  Aligner(ArrayRef<StringRef> A, ArrayRef<StringRef> B, Origins &Match)
      : A(A), B(B), Match(Match) {}

  void run() {
    Work.push_back({0, unsigned(A.size()), 0, unsigned(B.size())});
    while (!Work.empty()) {
      Range R = Work.back();
      Work.pop_back();
      align(R);
    }
  }

private:
  struct Range {
    unsigned A0, A1, B0, B1;
  };

  void align(Range R) {
    while (R.A0 < R.A1 && R.B0 < R.B1 && A[R.A0] == B[R.B0])
      Match[R.B0++] = R.A0++;
    while (R.A0 < R.A1 && R.B0 < R.B1 && A[R.A1 - 1] == B[R.B1 - 1])
      Match[--R.B1] = --R.A1;
    if (R.A0 == R.A1 || R.B0 == R.B1)
      return;
    std::vector<std::pair<unsigned, unsigned>> Anchors = anchors(R);
    if (Anchors.empty()) {
      if (uint64_t(R.A1 - R.A0) * (R.B1 - R.B0) <= MaxTableCells)
        commonSubsequence(R);
      return;
    }
    unsigned A0 = R.A0, B0 = R.B0;
    for (auto [AI, BI] : Anchors) {
      Match[BI] = AI;
      Work.push_back({A0, AI, B0, BI});
      A0 = AI + 1;
      B0 = BI + 1;
    }
    Work.push_back({A0, R.A1, B0, R.B1});
  }

  /// The (A, B) index pairs of lines that occur once in each side of \p R,
  /// the longest run of them in the same order on both sides.
  std::vector<std::pair<unsigned, unsigned>> anchors(Range R) {
    struct Count {
      unsigned InA = 0, InB = 0, AIndex = 0, BIndex = 0;
    };
    DenseMap<StringRef, Count> Counts;
    for (unsigned I = R.A0; I < R.A1; ++I) {
      Count &C = Counts[A[I]];
      ++C.InA;
      C.AIndex = I;
    }
    for (unsigned I = R.B0; I < R.B1; ++I) {
      auto It = Counts.find(B[I]);
      if (It == Counts.end())
        continue;
      ++It->second.InB;
      It->second.BIndex = I;
    }
    std::vector<std::pair<unsigned, unsigned>> Unique; // (A, B), B ascending
    for (unsigned I = R.B0; I < R.B1; ++I) {
      auto It = Counts.find(B[I]);
      if (It != Counts.end() && It->second.InA == 1 && It->second.InB == 1)
        Unique.push_back({It->second.AIndex, I});
    }
    // Longest increasing subsequence of the A indices (patience sorting).
    std::vector<unsigned> Tails;                  // index into Unique
    std::vector<int> Previous(Unique.size(), -1); // chain back
    for (unsigned I = 0; I < Unique.size(); ++I) {
      auto Pos = std::lower_bound(Tails.begin(), Tails.end(), Unique[I].first,
                                  [&](unsigned T, unsigned AIndex) {
                                    return Unique[T].first < AIndex;
                                  });
      if (Pos != Tails.begin())
        Previous[I] = static_cast<int>(*(Pos - 1));
      if (Pos == Tails.end())
        Tails.push_back(I);
      else
        *Pos = I;
    }
    std::vector<std::pair<unsigned, unsigned>> Run;
    for (int I = Tails.empty() ? -1 : static_cast<int>(Tails.back()); I >= 0;
         I = Previous[I])
      Run.push_back(Unique[I]);
    std::reverse(Run.begin(), Run.end());
    return Run;
  }

  void commonSubsequence(Range R) {
    unsigned N = R.A1 - R.A0, M = R.B1 - R.B0;
    // Lengths of common subsequences of the suffixes, (N+1) x (M+1).
    std::vector<uint32_t> L(size_t(N + 1) * (M + 1), 0);
    auto At = [&](unsigned I, unsigned J) -> uint32_t & {
      return L[size_t(I) * (M + 1) + J];
    };
    for (unsigned I = N; I-- > 0;)
      for (unsigned J = M; J-- > 0;)
        At(I, J) = A[R.A0 + I] == B[R.B0 + J]
                       ? At(I + 1, J + 1) + 1
                       : std::max(At(I + 1, J), At(I, J + 1));
    for (unsigned I = 0, J = 0; I < N && J < M;) {
      if (A[R.A0 + I] == B[R.B0 + J]) {
        Match[R.B0 + J] = R.A0 + I;
        ++I;
        ++J;
      } else if (At(I + 1, J) >= At(I, J + 1)) {
        ++I;
      } else {
        ++J;
      }
    }
  }

  ArrayRef<StringRef> A, B;
  Origins &Match;
  std::vector<Range> Work;
};

} // namespace

Origins lineOrigins(ArrayRef<StringRef> Original, ArrayRef<StringRef> Output) {
  Origins Match(Output.size());
  Aligner(Original, Output, Match).run();

  // Copies: a line the user wrote once, wherever it now stands.
  DenseMap<StringRef, int> Once; // line -> index, or -1 when repeated
  for (unsigned I = 0; I < Original.size(); ++I) {
    auto [It, New] = Once.try_emplace(Original[I], static_cast<int>(I));
    if (!New)
      It->second = -1;
  }
  for (unsigned I = 0; I < Output.size(); ++I) {
    if (Match[I] || !isDistinctive(Output[I]))
      continue;
    auto It = Once.find(Output[I]);
    if (It != Once.end() && It->second >= 0)
      Match[I] = static_cast<unsigned>(It->second);
  }
  // A copied run goes on through its less distinctive lines, both ways.
  for (unsigned I = 1; I < Output.size(); ++I)
    if (!Match[I] && Match[I - 1] && *Match[I - 1] + 1 < Original.size() &&
        Original[*Match[I - 1] + 1] == Output[I])
      Match[I] = *Match[I - 1] + 1;
  for (unsigned I = Output.size(); I-- > 1;)
    if (!Match[I - 1] && Match[I] && *Match[I] > 0 &&
        Original[*Match[I] - 1] == Output[I - 1])
      Match[I - 1] = *Match[I] - 1;
  return Match;
}

} // namespace dpopt
