//===- datasets/gen_sat.h - Random k-SAT formulas (sp) ----------*- C++ -*-===//
//
// Datasets of the SP benchmark (Olabi et al. Table I): sat-rand3 imitates
// random-42000-10000-3, sat-5 a 5-SAT instance with ~117,296 literals. See
// benchmarks/README.md "Datasets".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cnf.h"
#include "generators.h"

#include <cstdint>
#include <string>

namespace dpgen {

/// Uniform random k-SAT: every clause has K distinct variables drawn
/// uniformly from NumVars, each negated with probability 1/2.
dpcnf::Formula generateRandomKSat(int K, int64_t NumVars, int64_t NumClauses,
                                  uint64_t Seed, int Threads);

/// 3-SAT, 10,000 variables, 42,000 clauses at full scale (ratio 4.2).
dpcnf::Formula generateSatRand3(const GenParams &P);
/// 5-SAT, 1,111 variables, 23,459 clauses (117,295 literals) at full scale:
/// ratio 21.115, at the 5-SAT satisfiability threshold (~21.117).
dpcnf::Formula generateSat5(const GenParams &P);

bool writeSatRand3(const GenParams &P, const std::string &Path,
                   std::string &Err);
bool writeSat5(const GenParams &P, const std::string &Path, std::string &Err);

} // namespace dpgen
