//===- sp/sp.h - Survey propagation: input, reference, check ----*- C++ -*-===//
//
// Survey propagation (Braunstein, Mezard, Zecchina) on a random k-SAT
// formula: a fixed number of synchronous message-passing iterations, no
// decimation. Every literal occurrence ("edge" e = (clause a, variable j),
// numbered clause-major) carries a survey eta[e] = eta_{a->j} in [0, 1].
// One iteration is two passes:
//
//  1. variable pass (per variable j; the CDP variant's parent): products of
//     the factors f = 1 - eta over j's occurrences, split by the sign of the
//     literal, then for every occurrence e of j (the CDP child, one thread
//     per occurrence) the ratio
//       S = prod of f over j's other occurrences with e's sign,
//       U = prod of f over j's occurrences with the opposite sign,
//       r[e] = Pi_u / (Pi_u + Pi_s + Pi_0) = (1 - U) S / (S + U - S U)
//     (r = 0 when S = U = 0, r clamped to 1 against rounding). Products
//     "excluding e" divide e's own factor out; zero factors are counted
//     instead of multiplied, so division by zero never happens.
//  2. clause pass (per clause a): eta[e] = prod of r over a's other edges.
//
// Both passes read one array and write the other, so the result does not
// depend on thread order; every product is accumulated in a fixed order
// (occurrences by increasing edge id, clause edges in clause order), and the
// kernels use the same float operations as the CPU reference (IEEE +, -, *,
// /, one explicit fma, no contractible a * b + c), so the GPU result is
// expected to be bit-identical. That matters: SP is chaotic here, a 1-ulp
// difference in every message grows to ~1e-2 within 20 iterations, so no
// tolerance could absorb a systematic rounding difference. The comparison
// uses an absolute tolerance of 1e-5 (surveys are <= 1); a single skipped
// variable or clause update in any iteration moves some survey by >= 1e-4
// (tests/test_sp.cpp).
//
// Initial surveys are a hash of (seed, edge) in [0, 1). Params:
// --param iters=N (20), --param seed=S (1).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "cnf.h"
#include "rng.h"

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

namespace sp {

/// r[e] for an occurrence with factor F = 1 - eta[e] and sign Neg, given the
/// variable's zero counts and products of nonzero factors per sign. The
/// kernels repeat this arithmetic operation for operation. The denominator
/// S + U - S U is an explicit fma on both sides: otherwise nvcc would
/// contract it and the host would not, and SP amplifies a 1-ulp difference
/// into visible ones within a few iterations.
inline float edgeRatio(float F, int Neg, int ZPos, float PPos, int ZNeg,
                       float PNeg) {
  int ZSame = Neg ? ZNeg : ZPos, ZOpp = Neg ? ZPos : ZNeg;
  float PSame = Neg ? PNeg : PPos, POpp = Neg ? PPos : PNeg;
  float S;
  if (F == 0.0f)
    S = ZSame == 1 ? PSame : 0.0f;
  else
    S = ZSame == 0 ? PSame / F : 0.0f;
  float U = ZOpp == 0 ? POpp : 0.0f;
  float Den = std::fma(-S, U, S + U);
  return Den > 0.0f ? std::min((1.0f - U) * S / Den, 1.0f) : 0.0f;
}

} // namespace sp

struct SpBench {
  static constexpr const char *Name = "sp";
  using Value = float;

  /// Absolute tolerance on every survey (see the file comment).
  static constexpr double Tolerance = 1e-5;

  struct Input {
    dpcnf::Formula Formula;
    int NumVars = 0;
    int NumClauses = 0;
    int NumEdges = 0;
    std::vector<int> ClausePtr; ///< NumClauses + 1 offsets into the edges.
    std::vector<int> EdgeVar;   ///< 0-based variable of each edge.
    std::vector<int> EdgeNeg;   ///< 1 when the literal is negated.
    std::vector<int> VarPtr;    ///< NumVars + 1 offsets into VarEdge.
    std::vector<int> VarEdge;   ///< Occurrences of each variable (edge ids,
                                ///< increasing).
    std::vector<float> Eta0;    ///< Initial surveys.
    int Iterations = 20;
  };

  /// Builds the GPU arrays from a formula (also used by the tests).
  static Input fromFormula(dpcnf::Formula F, long long Iterations,
                           uint64_t Seed) {
    Input In;
    if (F.numLiterals() > INT_MAX / 2 || F.numClauses() > INT_MAX / 2)
      throw dpbench::InputError("formula too large for 32-bit edge ids");
    if (Iterations < 1 || Iterations > 100000)
      throw dpbench::InputError("iters out of range");
    In.Formula = std::move(F);
    const dpcnf::Formula &G = In.Formula;
    In.NumVars = G.NumVars;
    In.NumClauses = static_cast<int>(G.numClauses());
    In.NumEdges = static_cast<int>(G.numLiterals());
    In.Iterations = static_cast<int>(Iterations);
    In.ClausePtr.assign(G.ClausePtr.begin(), G.ClausePtr.end());
    In.EdgeVar.resize(In.NumEdges);
    In.EdgeNeg.resize(In.NumEdges);
    In.VarPtr.assign(In.NumVars + 1, 0);
    for (int E = 0; E < In.NumEdges; ++E) {
      int L = G.Lit[E];
      In.EdgeVar[E] = (L < 0 ? -L : L) - 1;
      In.EdgeNeg[E] = L < 0;
      ++In.VarPtr[In.EdgeVar[E] + 1];
    }
    for (int V = 0; V < In.NumVars; ++V)
      In.VarPtr[V + 1] += In.VarPtr[V];
    In.VarEdge.resize(In.NumEdges);
    std::vector<int> Fill(In.VarPtr.begin(), In.VarPtr.end() - 1);
    for (int E = 0; E < In.NumEdges; ++E) // increasing E: sorted lists
      In.VarEdge[Fill[In.EdgeVar[E]]++] = E;
    In.Eta0.resize(In.NumEdges);
    for (int E = 0; E < In.NumEdges; ++E)
      In.Eta0[E] =
          static_cast<float>(dprng::mapToUnit(dprng::hash64(Seed, 0x5350, E)));
    return In;
  }

  static Input load(const dpbench::Options &O) {
    dpcnf::Formula F;
    std::string Err;
    if (!dpcnf::readFormula(O.Input, F, Err))
      throw dpbench::InputError(Err);
    return fromFormula(std::move(F), O.paramInt("iters", 20),
                       static_cast<uint64_t>(O.paramInt("seed", 1)));
  }

  static int maxOccurrences(const Input &In) {
    int Max = 0;
    for (int V = 0; V < In.NumVars; ++V)
      Max = std::max(Max, In.VarPtr[V + 1] - In.VarPtr[V]);
    return Max;
  }

  static std::string describe(const Input &In) {
    int MinK = INT_MAX, MaxK = 0;
    for (int C = 0; C < In.NumClauses; ++C) {
      int K = In.ClausePtr[C + 1] - In.ClausePtr[C];
      MinK = std::min(MinK, K);
      MaxK = std::max(MaxK, K);
    }
    if (In.NumClauses == 0)
      MinK = 0;
    return "vars=" + std::to_string(In.NumVars) +
           " clauses=" + std::to_string(In.NumClauses) +
           " literals=" + std::to_string(In.NumEdges) +
           " k=" + std::to_string(MinK) + ".." + std::to_string(MaxK) +
           " max_occurrences=" + std::to_string(maxOccurrences(In)) +
           " iters=" + std::to_string(In.Iterations);
  }

  /// Pass 1: R[e] for every edge from Eta.
  static void variablePass(const Input &In, const std::vector<float> &Eta,
                           std::vector<float> &R) {
    for (int V = 0; V < In.NumVars; ++V) {
      int ZPos = 0, ZNeg = 0;
      float PPos = 1.0f, PNeg = 1.0f;
      for (int K = In.VarPtr[V]; K < In.VarPtr[V + 1]; ++K) {
        int E = In.VarEdge[K];
        float F = 1.0f - Eta[E];
        if (In.EdgeNeg[E]) {
          if (F == 0.0f)
            ++ZNeg;
          else
            PNeg *= F;
        } else {
          if (F == 0.0f)
            ++ZPos;
          else
            PPos *= F;
        }
      }
      for (int K = In.VarPtr[V]; K < In.VarPtr[V + 1]; ++K) {
        int E = In.VarEdge[K];
        R[E] =
            sp::edgeRatio(1.0f - Eta[E], In.EdgeNeg[E], ZPos, PPos, ZNeg, PNeg);
      }
    }
  }

  /// Pass 2: Eta[e] = product of R over the other edges of e's clause.
  static void clausePass(const Input &In, const std::vector<float> &R,
                         std::vector<float> &Eta) {
    for (int C = 0; C < In.NumClauses; ++C)
      for (int E = In.ClausePtr[C]; E < In.ClausePtr[C + 1]; ++E) {
        float Prod = 1.0f;
        for (int O = In.ClausePtr[C]; O < In.ClausePtr[C + 1]; ++O)
          if (O != E)
            Prod *= R[O];
        Eta[E] = Prod;
      }
  }

  /// The surveys after In.Iterations iterations.
  static std::vector<float> reference(const Input &In) {
    std::vector<float> Eta = In.Eta0, R(In.NumEdges);
    for (int It = 0; It < In.Iterations; ++It) {
      variablePass(In, Eta, R);
      clausePass(In, R, Eta);
    }
    return Eta;
  }

  static dpbench::Check compare(const Input &, const std::vector<float> &Ref,
                                const std::vector<float> &Got) {
    return dpbench::compareRelative(Ref, Got, Tolerance, "eta");
  }

  /// The CDP variable pass launches one child per variable that occurs in
  /// some clause.
  static long long pendingLaunches(const Input &In) {
    long long N = 0;
    for (int V = 0; V < In.NumVars; ++V)
      N += In.VarPtr[V + 1] > In.VarPtr[V];
    return N;
  }
};
