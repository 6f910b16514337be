//===- datasets/gen_sat.cpp - Random k-SAT formulas (sp) ------------------===//
//
// Clauses are generated in fixed-size chunks, each with its own xoshiro
// stream seeded by (seed, tag, chunk), so the output does not depend on the
// thread count. Scaled-down instances keep the clause/variable ratio (the
// hardness and the occurrence counts per variable stay the same).
//
//===----------------------------------------------------------------------===//

#include "gen_sat.h"

#include "parallel.h"
#include "rng.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <stdexcept>

namespace dpgen {

namespace {

constexpr uint64_t SatTag = 0x53415431; // "SAT1"

int64_t scaledVars(int64_t Full, double Scale, int K) {
  return std::max<int64_t>(2 * K, std::llround(Full * Scale));
}

} // namespace

dpcnf::Formula generateRandomKSat(int K, int64_t NumVars, int64_t NumClauses,
                                  uint64_t Seed, int Threads) {
  if (K < 1 || NumVars < K || NumVars > INT32_MAX || NumClauses < 0)
    throw std::invalid_argument("generateRandomKSat: bad sizes");
  dpcnf::Formula F;
  F.NumVars = static_cast<int32_t>(NumVars);
  F.ClausePtr.resize(NumClauses + 1);
  for (int64_t C = 0; C <= NumClauses; ++C)
    F.ClausePtr[C] = C * K;
  F.Lit.resize(NumClauses * K);
  constexpr int64_t PerChunk = 4096;
  const int64_t Chunks = (NumClauses + PerChunk - 1) / PerChunk;
  dpgraph::parallelFor(Chunks, Threads, [&](int64_t Chunk) {
    dprng::Xoshiro256 R(dprng::hash64(Seed, SatTag + K, Chunk));
    const int64_t End = std::min(NumClauses, (Chunk + 1) * PerChunk);
    for (int64_t C = Chunk * PerChunk; C < End; ++C) {
      int32_t *Clause = &F.Lit[C * K];
      for (int I = 0; I < K; ++I) {
        int32_t V;
        bool Repeated;
        do { // K distinct variables (NumVars >= 2K keeps this short)
          V = static_cast<int32_t>(R.below(NumVars)) + 1;
          Repeated = false;
          for (int J = 0; J < I; ++J)
            Repeated |= Clause[J] == V || Clause[J] == -V;
        } while (Repeated);
        Clause[I] = (R.next() >> 63) ? -V : V;
      }
    }
  });
  return F;
}

dpcnf::Formula generateSatRand3(const GenParams &P) {
  const int64_t Vars = scaledVars(10000, P.Scale, 3);
  return generateRandomKSat(3, Vars, std::llround(Vars * 4.2), P.Seed,
                            P.Threads);
}

dpcnf::Formula generateSat5(const GenParams &P) {
  const int64_t Vars = scaledVars(1111, P.Scale, 5);
  return generateRandomKSat(5, Vars, std::llround(Vars * (23459.0 / 1111.0)),
                            P.Seed, P.Threads);
}

bool writeSatRand3(const GenParams &P, const std::string &Path,
                   std::string &Err) {
  return dpcnf::writeFormula(Path, generateSatRand3(P), Err);
}

bool writeSat5(const GenParams &P, const std::string &Path, std::string &Err) {
  return dpcnf::writeFormula(Path, generateSat5(P), Err);
}

} // namespace dpgen
