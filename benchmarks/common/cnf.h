//===- cnf.h - CNF formulas: .dpsat binary and DIMACS text ------*- C++ -*-===//
//
// A CNF formula in clause-major form, as survey propagation (sp/) consumes
// it. Literals use the DIMACS convention: variable v (1-based) is +v, its
// negation -v. Files are either our binary format (written by dpgen)
//
//   "DPSAT1\0\0"  int32 NumVars  int32 NumClauses  int64 NumLiterals
//   int64 ClausePtr[NumClauses + 1]  int32 Lit[NumLiterals]
//
// (host byte order, like .dpg) or DIMACS CNF text ("c" comments, a
// "p cnf V C" header, clauses terminated by 0), recognized by content, not
// by file name, so real instances can be passed with --input. Header-only.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "binfile.h"

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace dpcnf {

struct Formula {
  int32_t NumVars = 0;
  std::vector<int64_t> ClausePtr = {0}; ///< NumClauses + 1 offsets into Lit.
  std::vector<int32_t> Lit;             ///< +v / -v, v in 1..NumVars.

  int64_t numClauses() const {
    return static_cast<int64_t>(ClausePtr.size()) - 1;
  }
  int64_t numLiterals() const { return static_cast<int64_t>(Lit.size()); }
};

constexpr char SatMagic[8] = {'D', 'P', 'S', 'A', 'T', '1', '\0', '\0'};

/// Structural check; returns "" when the formula is well formed.
inline std::string validate(const Formula &F) {
  if (F.NumVars < 0)
    return "negative variable count";
  if (F.ClausePtr.empty() || F.ClausePtr.front() != 0 ||
      F.ClausePtr.back() != F.numLiterals())
    return "clause offsets do not span the literal array";
  for (size_t C = 1; C < F.ClausePtr.size(); ++C)
    if (F.ClausePtr[C] < F.ClausePtr[C - 1])
      return "clause offsets decrease at clause " + std::to_string(C - 1);
  for (int32_t L : F.Lit)
    if (L == 0 || L < -F.NumVars || L > F.NumVars)
      return "literal " + std::to_string(L) + " out of range";
  return "";
}

namespace detail {

template <class T> void append(std::vector<char> &Out, const T &V) {
  const char *P = reinterpret_cast<const char *>(&V);
  Out.insert(Out.end(), P, P + sizeof(T));
}

inline bool readAll(const std::string &Path, std::vector<char> &Bytes,
                    std::string &Err) {
  std::ifstream In(Path, std::ios::binary | std::ios::ate);
  if (!In) {
    Err = "cannot open " + Path;
    return false;
  }
  std::streamsize Size = In.tellg();
  In.seekg(0);
  Bytes.resize(static_cast<size_t>(Size));
  if (Size > 0 && !In.read(Bytes.data(), Size)) {
    Err = "cannot read " + Path;
    return false;
  }
  return true;
}

inline bool parseBinary(const std::vector<char> &Bytes, Formula &F,
                        std::string &Err) {
  constexpr size_t Header = 8 + 4 + 4 + 8;
  if (Bytes.size() < Header) {
    Err = "truncated header";
    return false;
  }
  int32_t NumVars, NumClauses;
  int64_t NumLits;
  std::memcpy(&NumVars, Bytes.data() + 8, 4);
  std::memcpy(&NumClauses, Bytes.data() + 12, 4);
  std::memcpy(&NumLits, Bytes.data() + 16, 8);
  if (NumVars < 0 || NumClauses < 0 || NumLits < 0 ||
      NumLits > (int64_t(1) << 40)) {
    Err = "bad counts in header";
    return false;
  }
  const uint64_t Expected = Header +
                            (static_cast<uint64_t>(NumClauses) + 1) * 8 +
                            static_cast<uint64_t>(NumLits) * 4;
  if (Bytes.size() != Expected) {
    Err = "file size " + std::to_string(Bytes.size()) +
          " does not match header (expected " + std::to_string(Expected) + ")";
    return false;
  }
  F.NumVars = NumVars;
  F.ClausePtr.resize(static_cast<size_t>(NumClauses) + 1);
  std::memcpy(F.ClausePtr.data(), Bytes.data() + Header,
              F.ClausePtr.size() * 8);
  F.Lit.resize(static_cast<size_t>(NumLits));
  if (NumLits)
    std::memcpy(F.Lit.data(), Bytes.data() + Header + F.ClausePtr.size() * 8,
                F.Lit.size() * 4);
  return true;
}

/// DIMACS CNF. The header's clause count must match; a last clause without
/// its terminating 0 is accepted (some generators omit it).
inline bool parseDimacs(const std::vector<char> &Bytes, Formula &F,
                        std::string &Err) {
  std::istringstream In(std::string(Bytes.begin(), Bytes.end()));
  std::string Line;
  long long HeaderVars = -1, HeaderClauses = -1;
  F = Formula();
  bool Open = false; // a clause has literals but no terminating 0 yet
  while (std::getline(In, Line)) {
    size_t First = Line.find_first_not_of(" \t\r");
    if (First == std::string::npos || Line[First] == 'c')
      continue;
    if (Line[First] == '%') // SATLIB files end with "%" and a stray "0"
      break;
    if (Line[First] == 'p') {
      std::istringstream H(Line.substr(First + 1));
      std::string Kind;
      if (HeaderVars >= 0 || !(H >> Kind >> HeaderVars >> HeaderClauses) ||
          Kind != "cnf" || HeaderVars < 0 || HeaderVars > INT32_MAX ||
          HeaderClauses < 0) {
        Err = "bad DIMACS header: " + Line;
        return false;
      }
      continue;
    }
    if (HeaderVars < 0) {
      Err = "DIMACS clause before the 'p cnf' header";
      return false;
    }
    std::istringstream L(Line);
    long long V;
    while (L >> V) {
      if (V == 0) {
        F.ClausePtr.push_back(F.numLiterals());
        Open = false;
        continue;
      }
      if (V < -HeaderVars || V > HeaderVars) {
        Err = "literal " + std::to_string(V) + " out of range";
        return false;
      }
      F.Lit.push_back(static_cast<int32_t>(V));
      Open = true;
    }
    if (!L.eof()) {
      Err = "bad DIMACS clause line: " + Line;
      return false;
    }
  }
  if (HeaderVars < 0) {
    Err = "not a .dpsat or DIMACS CNF file";
    return false;
  }
  if (Open)
    F.ClausePtr.push_back(F.numLiterals());
  F.NumVars = static_cast<int32_t>(HeaderVars);
  if (F.numClauses() != HeaderClauses) {
    Err = "DIMACS header promises " + std::to_string(HeaderClauses) +
          " clauses, file has " + std::to_string(F.numClauses());
    return false;
  }
  return true;
}

} // namespace detail

/// Serializes F in the binary format.
inline std::vector<char> serialize(const Formula &F) {
  std::vector<char> Out(SatMagic, SatMagic + 8);
  detail::append(Out, F.NumVars);
  detail::append(Out, static_cast<int32_t>(F.numClauses()));
  detail::append(Out, F.numLiterals());
  for (int64_t P : F.ClausePtr)
    detail::append(Out, P);
  for (int32_t L : F.Lit)
    detail::append(Out, L);
  return Out;
}

/// Writes F in the binary format (temporary file + rename).
inline bool writeFormula(const std::string &Path, const Formula &F,
                         std::string &Err) {
  Err = validate(F);
  if (!Err.empty())
    return false;
  if (F.numClauses() > INT32_MAX) {
    Err = "too many clauses";
    return false;
  }
  std::vector<char> Bytes = serialize(F);
  return dpbinfile::writeAtomically(Path, Err, [&](std::ostream &Out) {
    dpbinfile::writeBytes(Out, Bytes.data(),
                          static_cast<int64_t>(Bytes.size()));
  });
}

/// Parses the bytes of a binary or DIMACS file and validates the result.
inline bool parseFormula(const std::vector<char> &Bytes, Formula &F,
                         std::string &Err) {
  bool Ok = Bytes.size() >= 8 && std::memcmp(Bytes.data(), SatMagic, 8) == 0
                ? detail::parseBinary(Bytes, F, Err)
                : detail::parseDimacs(Bytes, F, Err);
  if (Ok)
    Err = validate(F);
  return Ok && Err.empty();
}

/// Reads a binary or DIMACS file and validates it.
inline bool readFormula(const std::string &Path, Formula &F, std::string &Err) {
  std::vector<char> Bytes;
  if (!detail::readAll(Path, Bytes, Err))
    return false;
  if (!parseFormula(Bytes, F, Err)) {
    Err = Path + ": " + Err;
    return false;
  }
  return true;
}

} // namespace dpcnf
