//===- datasets/readers.cpp - Text graph formats --------------------------===//

#include "readers.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace dpgraph {

namespace {

std::string lower(std::string S) {
  for (char &C : S)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return S;
}

bool blank(const std::string &Line) {
  return std::all_of(Line.begin(), Line.end(), [](char C) {
    return std::isspace(static_cast<unsigned char>(C));
  });
}

/// Reads whitespace-separated integers from Line into Out (at most Max).
/// Returns how many were read, or -1 if a token is not an integer.
int parseInts(const std::string &Line, size_t Pos, long long *Out, int Max) {
  const char *P = Line.c_str() + Pos;
  int N = 0;
  while (N < Max) {
    while (*P && std::isspace(static_cast<unsigned char>(*P)))
      ++P;
    if (!*P)
      break;
    char *End = nullptr;
    long long V = std::strtoll(P, &End, 10);
    if (End == P)
      return -1;
    // A real number ("1.5", "2e3") in an integer slot is not an integer.
    if (*End && !std::isspace(static_cast<unsigned char>(*End)))
      return -1;
    Out[N++] = V;
    P = End;
  }
  return N;
}

std::string at(int64_t LineNo) {
  return "line " + std::to_string(LineNo) + ": ";
}

} // namespace

TextFormat formatFromName(const std::string &Name) {
  std::string N = lower(Name);
  if (N == "mtx" || N == "matrixmarket")
    return TextFormat::MatrixMarket;
  if (N == "gr" || N == "dimacs")
    return TextFormat::DimacsGr;
  if (N == "snap" || N == "txt" || N == "el" || N == "edgelist")
    return TextFormat::Snap;
  return TextFormat::Unknown;
}

TextFormat formatFromPath(const std::string &Path) {
  size_t Dot = Path.find_last_of('.');
  if (Dot == std::string::npos)
    return TextFormat::Unknown;
  return formatFromName(Path.substr(Dot + 1));
}

bool readMatrixMarket(std::istream &In, EdgeList &Out, std::string &Err) {
  Out = EdgeList();
  std::string Line;
  int64_t LineNo = 1;
  if (!std::getline(In, Line)) {
    Err = "empty Matrix Market file";
    return false;
  }
  std::istringstream Header(lower(Line));
  std::string Banner, Object, Format, Field, Symmetry;
  Header >> Banner >> Object >> Format >> Field >> Symmetry;
  if (Banner != "%%matrixmarket" || Object != "matrix") {
    Err = "missing %%MatrixMarket matrix header";
    return false;
  }
  if (Format != "coordinate") {
    Err = "only coordinate Matrix Market files are supported";
    return false;
  }
  if (Field != "pattern" && Field != "integer" && Field != "real" &&
      Field != "complex") {
    Err = "unknown Matrix Market field '" + Field + "'";
    return false;
  }
  if (Symmetry != "general" && Symmetry != "symmetric" &&
      Symmetry != "skew-symmetric" && Symmetry != "hermitian") {
    Err = "unknown Matrix Market symmetry '" + Symmetry + "'";
    return false;
  }
  Out.Symmetric = Symmetry != "general";
  Out.HasWeights = Field == "integer";
  // Size line: the first line that is neither a comment nor blank.
  long long Size[3];
  for (;;) {
    if (!std::getline(In, Line)) {
      Err = "missing size line";
      return false;
    }
    ++LineNo;
    if (Line.empty() || Line[0] == '%' || blank(Line))
      continue;
    if (parseInts(Line, 0, Size, 3) != 3 || Size[0] < 0 || Size[1] < 0 ||
        Size[2] < 0) {
      Err = at(LineNo) + "bad size line (expected: rows cols entries)";
      return false;
    }
    break;
  }
  const long long Rows = Size[0], Cols = Size[1], Entries = Size[2];
  if (std::max(Rows, Cols) > INT32_MAX) {
    Err = "matrix too large for int32 vertex ids";
    return false;
  }
  Out.NumVertices = std::max(Rows, Cols);
  Out.Edges.reserve(static_cast<size_t>(Entries));
  while (static_cast<long long>(Out.Edges.size()) < Entries &&
         std::getline(In, Line)) {
    ++LineNo;
    if (Line.empty() || Line[0] == '%' || blank(Line))
      continue;
    std::istringstream Fields(Line);
    long long I = 0, J = 0;
    if (!(Fields >> I >> J)) {
      Err = at(LineNo) + "bad entry";
      return false;
    }
    if (I < 1 || I > Rows || J < 1 || J > Cols) {
      Err = at(LineNo) + "index out of range (Matrix Market is 1-based)";
      return false;
    }
    long long W = 1;
    if (Field != "pattern") {
      double Value = 0;
      if (!(Fields >> Value)) {
        Err = at(LineNo) + "missing value";
        return false;
      }
      if (Field == "integer")
        W = std::llround(Value);
    }
    Out.Edges.push_back({static_cast<int32_t>(I - 1),
                         static_cast<int32_t>(J - 1), static_cast<int32_t>(W)});
  }
  if (static_cast<long long>(Out.Edges.size()) != Entries) {
    Err = "expected " + std::to_string(Entries) + " entries, found " +
          std::to_string(Out.Edges.size());
    return false;
  }
  return true;
}

bool readDimacsGr(std::istream &In, EdgeList &Out, std::string &Err) {
  Out = EdgeList();
  Out.HasWeights = true;
  std::string Line;
  int64_t LineNo = 0;
  long long Declared = -1;
  while (std::getline(In, Line)) {
    ++LineNo;
    if (Line.empty() || Line[0] == 'c' || blank(Line))
      continue;
    if (Line[0] == 'p') {
      std::istringstream Fields(Line);
      std::string P, Kind;
      long long N = -1;
      if (!(Fields >> P >> Kind >> N >> Declared) || Kind != "sp" || N < 0 ||
          N > INT32_MAX || Declared < 0) {
        Err = at(LineNo) + "bad problem line (expected: p sp N M)";
        return false;
      }
      Out.NumVertices = N;
      Out.Edges.reserve(static_cast<size_t>(Declared));
      continue;
    }
    if (Line[0] == 'a') {
      if (Declared < 0) {
        Err = at(LineNo) + "arc before the problem line";
        return false;
      }
      long long V[3];
      if (parseInts(Line, 1, V, 3) != 3) {
        Err = at(LineNo) + "bad arc (expected: a U V W)";
        return false;
      }
      if (V[0] < 1 || V[0] > Out.NumVertices || V[1] < 1 ||
          V[1] > Out.NumVertices) {
        Err = at(LineNo) + "vertex out of range (DIMACS is 1-based)";
        return false;
      }
      if (V[2] < INT32_MIN || V[2] > INT32_MAX) {
        Err = at(LineNo) + "weight does not fit in int32";
        return false;
      }
      Out.Edges.push_back({static_cast<int32_t>(V[0] - 1),
                           static_cast<int32_t>(V[1] - 1),
                           static_cast<int32_t>(V[2])});
      continue;
    }
    Err = at(LineNo) + "unexpected line";
    return false;
  }
  if (Declared < 0) {
    Err = "missing problem line";
    return false;
  }
  if (static_cast<long long>(Out.Edges.size()) != Declared) {
    Err = "problem line declares " + std::to_string(Declared) +
          " arcs, found " + std::to_string(Out.Edges.size());
    return false;
  }
  return true;
}

bool readSnap(std::istream &In, EdgeList &Out, std::string &Err) {
  Out = EdgeList();
  std::string Line;
  int64_t LineNo = 0;
  long long MaxId = -1;
  while (std::getline(In, Line)) {
    ++LineNo;
    if (Line.empty() || Line[0] == '#' || Line[0] == '%' || blank(Line))
      continue;
    long long V[2];
    // Extra columns (timestamps, weights) are ignored.
    std::istringstream Fields(Line);
    if (!(Fields >> V[0] >> V[1])) {
      Err = at(LineNo) + "bad edge (expected: U V)";
      return false;
    }
    if (V[0] < 0 || V[1] < 0 || V[0] >= INT32_MAX || V[1] >= INT32_MAX) {
      Err = at(LineNo) + "vertex id out of range";
      return false;
    }
    MaxId = std::max({MaxId, V[0], V[1]});
    Out.Edges.push_back(
        {static_cast<int32_t>(V[0]), static_cast<int32_t>(V[1]), 1});
  }
  Out.NumVertices = MaxId + 1;
  return true;
}

bool readTextGraph(const std::string &Path, TextFormat Format, EdgeList &Out,
                   std::string &Err) {
  std::ifstream In(Path);
  if (!In) {
    Err = "cannot open " + Path;
    return false;
  }
  bool Ok = false;
  switch (Format) {
  case TextFormat::MatrixMarket:
    Ok = readMatrixMarket(In, Out, Err);
    break;
  case TextFormat::DimacsGr:
    Ok = readDimacsGr(In, Out, Err);
    break;
  case TextFormat::Snap:
    Ok = readSnap(In, Out, Err);
    break;
  case TextFormat::Unknown:
    Err = "unknown input format (use --format mtx|gr|snap)";
    return false;
  }
  if (!Ok)
    Err = Path + ": " + Err;
  return Ok;
}

} // namespace dpgraph
