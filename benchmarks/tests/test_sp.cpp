//===- test_sp.cpp - Survey propagation: CNF I/O, reference, datasets -----===//

#include "gen_sat.h"
#include "sp/sp.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <unistd.h>

using dpgen::GenParams;

namespace {

std::vector<char> bytes(const std::string &S) {
  return std::vector<char>(S.begin(), S.end());
}

GenParams params(double Scale, int Threads = 0, uint64_t Seed = 1) {
  GenParams P;
  P.Scale = Scale;
  P.Threads = Threads;
  P.Seed = Seed;
  return P;
}

/// The textbook ratio of edge e, products taken directly over the other
/// occurrences (no division, no zero counting), in double.
double naiveRatio(const SpBench::Input &In, const std::vector<float> &Eta,
                  int E) {
  int V = In.EdgeVar[E];
  double S = 1, U = 1;
  for (int K = In.VarPtr[V]; K < In.VarPtr[V + 1]; ++K) {
    int B = In.VarEdge[K];
    if (B == E)
      continue;
    (In.EdgeNeg[B] == In.EdgeNeg[E] ? S : U) *= 1.0 - Eta[B];
  }
  double Den = S + U - S * U;
  return Den > 0 ? (1 - U) * S / Den : 0.0;
}

/// SP where, in iteration SkipIt, variable SkipVar keeps its old ratios or
/// clause SkipClause keeps its old surveys (a lost child launch or update).
std::vector<float> runSkipping(const SpBench::Input &In, int SkipIt,
                               int SkipVar, int SkipClause) {
  std::vector<float> Eta = In.Eta0, R(In.NumEdges, 0.0f);
  for (int It = 0; It < In.Iterations; ++It) {
    std::vector<float> OldR = R, OldEta = Eta;
    SpBench::variablePass(In, Eta, R);
    if (It == SkipIt && SkipVar >= 0)
      for (int K = In.VarPtr[SkipVar]; K < In.VarPtr[SkipVar + 1]; ++K)
        R[In.VarEdge[K]] = OldR[In.VarEdge[K]];
    SpBench::clausePass(In, R, Eta);
    if (It == SkipIt && SkipClause >= 0)
      for (int E = In.ClausePtr[SkipClause]; E < In.ClausePtr[SkipClause + 1];
           ++E)
        Eta[E] = OldEta[E];
  }
  return Eta;
}

} // namespace

TEST(CnfFormat, DimacsAndBinary) {
  const std::string Text = "c a comment\n"
                           "p cnf 4 3\n"
                           "1 -2 3 0\n"
                           "-1 4\n"
                           "0 2 -3 -4 0\n"
                           "%\n"
                           "0\n";
  dpcnf::Formula F;
  std::string Err;
  ASSERT_TRUE(dpcnf::parseFormula(bytes(Text), F, Err)) << Err;
  EXPECT_EQ(F.NumVars, 4);
  EXPECT_EQ(F.ClausePtr, (std::vector<int64_t>{0, 3, 5, 8}));
  EXPECT_EQ(F.Lit, (std::vector<int32_t>{1, -2, 3, -1, 4, 2, -3, -4}));
  dpcnf::Formula G;
  ASSERT_TRUE(dpcnf::parseFormula(dpcnf::serialize(F), G, Err)) << Err;
  EXPECT_EQ(G.NumVars, 4);
  EXPECT_EQ(G.ClausePtr, F.ClausePtr);
  EXPECT_EQ(G.Lit, F.Lit);
  // A last clause without its 0 is accepted.
  ASSERT_TRUE(dpcnf::parseFormula(bytes("p cnf 2 1\n1 -2\n"), G, Err)) << Err;
  EXPECT_EQ(G.Lit, (std::vector<int32_t>{1, -2}));
}

TEST(CnfFormat, Errors) {
  dpcnf::Formula F;
  std::string Err;
  EXPECT_FALSE(dpcnf::parseFormula(bytes("p cnf 2 1\n1 3 0\n"), F, Err));
  EXPECT_FALSE(dpcnf::parseFormula(bytes("p cnf 2 2\n1 2 0\n"), F, Err));
  EXPECT_FALSE(dpcnf::parseFormula(bytes("1 2 0\n"), F, Err));
  EXPECT_FALSE(dpcnf::parseFormula(bytes("p cnf 2 1\n1 x 0\n"), F, Err));
  EXPECT_FALSE(dpcnf::parseFormula(bytes("hello"), F, Err));
  ASSERT_TRUE(dpcnf::parseFormula(bytes("p cnf 2 1\n1 2 0\n"), F, Err));
  std::vector<char> Bin = dpcnf::serialize(F);
  Bin.pop_back();
  EXPECT_FALSE(dpcnf::parseFormula(Bin, F, Err));
}

TEST(SpReference, InputLayout) {
  dpcnf::Formula F;
  std::string Err;
  ASSERT_TRUE(dpcnf::parseFormula(bytes("p cnf 3 3\n1 -2 0\n2 3 -1 0\n-3 0\n"),
                                  F, Err));
  SpBench::Input In = SpBench::fromFormula(F, 5, 1);
  EXPECT_EQ(In.NumEdges, 6);
  EXPECT_EQ(In.ClausePtr, (std::vector<int>{0, 2, 5, 6}));
  EXPECT_EQ(In.EdgeVar, (std::vector<int>{0, 1, 1, 2, 0, 2}));
  EXPECT_EQ(In.EdgeNeg, (std::vector<int>{0, 1, 0, 0, 1, 1}));
  EXPECT_EQ(In.VarPtr, (std::vector<int>{0, 2, 4, 6}));
  EXPECT_EQ(In.VarEdge, (std::vector<int>{0, 4, 1, 2, 3, 5}));
  EXPECT_EQ(In.Iterations, 5);
  EXPECT_EQ(SpBench::pendingLaunches(In), 3);
  for (float E : In.Eta0) {
    EXPECT_GE(E, 0.0f);
    EXPECT_LE(E, 1.0f);
  }
  EXPECT_THROW(SpBench::fromFormula(F, 0, 1), dpbench::InputError);
}

TEST(SpReference, EdgeRatioByHand) {
  // Own factor 0.5 (positive); other factors: 0.8 positive, 0.6 negative.
  // S = 0.8, U = 0.6: r = 0.4 * 0.8 / (0.8 + 0.6 - 0.48) = 0.32 / 0.92.
  EXPECT_NEAR(sp::edgeRatio(0.5f, 0, 0, 0.4f, 0, 0.6f), 0.32 / 0.92, 1e-6);
  // The same edge as a negative literal: S and U swap.
  EXPECT_NEAR(sp::edgeRatio(0.5f, 1, 0, 0.6f, 0, 0.4f), 0.32 / 0.92, 1e-6);
  // Own factor 0 (eta = 1): S is the product of the other factors.
  EXPECT_NEAR(sp::edgeRatio(0.0f, 0, 1, 0.8f, 0, 0.6f), 0.32 / 0.92, 1e-6);
  // Another same-sign factor is 0: S = 0, so r = 0.
  EXPECT_EQ(sp::edgeRatio(0.5f, 0, 1, 0.4f, 0, 0.6f), 0.0f);
  // An opposite factor is 0: U = 0, the variable is forced against the
  // clause: r = 1.
  EXPECT_EQ(sp::edgeRatio(0.5f, 0, 0, 0.4f, 1, 0.6f), 1.0f);
  // Both: contradiction, r = 0 by definition.
  EXPECT_EQ(sp::edgeRatio(0.5f, 0, 1, 0.4f, 1, 0.6f), 0.0f);
  // No other occurrence at all: S = U = 1, r = 0.
  EXPECT_EQ(sp::edgeRatio(0.5f, 0, 0, 0.5f, 0, 1.0f), 0.0f);
}

TEST(SpReference, PassesMatchTextbookFormulas) {
  dpcnf::Formula F = dpgen::generateRandomKSat(3, 40, 170, 7, 1);
  SpBench::Input In = SpBench::fromFormula(F, 1, 3);
  std::vector<float> Eta = In.Eta0;
  // Exercise the zero counting: some surveys exactly 1.
  for (int E = 0; E < In.NumEdges; E += 17)
    Eta[E] = 1.0f;
  std::vector<float> R(In.NumEdges);
  SpBench::variablePass(In, Eta, R);
  int Ones = 0;
  for (int E = 0; E < In.NumEdges; ++E) {
    ASSERT_NEAR(R[E], naiveRatio(In, Eta, E), 1e-5) << "edge " << E;
    Ones += R[E] == 1.0f;
  }
  EXPECT_GT(Ones, 0); // some variable was forced
  std::vector<float> Next(In.NumEdges);
  SpBench::clausePass(In, R, Next);
  for (int C = 0; C < In.NumClauses; ++C)
    for (int E = In.ClausePtr[C]; E < In.ClausePtr[C + 1]; ++E) {
      double Prod = 1;
      for (int O = In.ClausePtr[C]; O < In.ClausePtr[C + 1]; ++O)
        if (O != E)
          Prod *= R[O];
      ASSERT_NEAR(Next[E], Prod, 1e-6);
    }
}

// The check must catch a lost update anywhere: a variable whose child grid
// never ran, or a clause not updated, in the first, a middle or the last
// iteration.
TEST(SpReference, CompareCatchesOneLostUpdate) {
  for (bool Five : {false, true}) {
    dpcnf::Formula F = Five ? dpgen::generateSat5(params(1.0 / 16))
                            : dpgen::generateSatRand3(params(1.0 / 16));
    SpBench::Input In = SpBench::fromFormula(F, 20, 1);
    std::vector<float> Ref = SpBench::reference(In);
    ASSERT_EQ(runSkipping(In, -1, -1, -1), Ref);
    EXPECT_TRUE(SpBench::compare(In, Ref, Ref).Ok);
    for (int It : {0, 10, 19}) {
      for (int V : {0, In.NumVars / 2, In.NumVars - 1})
        EXPECT_FALSE(SpBench::compare(In, Ref, runSkipping(In, It, V, -1)).Ok)
            << (Five ? "sat-5" : "sat-rand3") << " var " << V << " it " << It;
      for (int C : {0, In.NumClauses / 2, In.NumClauses - 1})
        EXPECT_FALSE(SpBench::compare(In, Ref, runSkipping(In, It, -1, C)).Ok)
            << (Five ? "sat-5" : "sat-rand3") << " clause " << C << " it "
            << It;
    }
  }
}

TEST(SatGenerator, FullScaleShapes) {
  struct Case {
    dpcnf::Formula F;
    int K, Vars, Clauses;
  };
  Case Cases[] = {{dpgen::generateSatRand3(params(1)), 3, 10000, 42000},
                  {dpgen::generateSat5(params(1)), 5, 1111, 23459}};
  for (const Case &C : Cases) {
    EXPECT_EQ(dpcnf::validate(C.F), "");
    EXPECT_EQ(C.F.NumVars, C.Vars);
    ASSERT_EQ(C.F.numClauses(), C.Clauses);
    EXPECT_EQ(C.F.numLiterals(), int64_t(C.K) * C.Clauses);
    for (int64_t A = 0; A < C.F.numClauses(); ++A) {
      ASSERT_EQ(C.F.ClausePtr[A + 1] - C.F.ClausePtr[A], C.K);
      for (int64_t I = C.F.ClausePtr[A]; I < C.F.ClausePtr[A + 1]; ++I)
        for (int64_t J = C.F.ClausePtr[A]; J < I; ++J)
          ASSERT_NE(std::abs(C.F.Lit[I]), std::abs(C.F.Lit[J]));
    }
    int Negated = 0;
    for (int32_t L : C.F.Lit)
      Negated += L < 0;
    EXPECT_NEAR(double(Negated) / C.F.numLiterals(), 0.5, 0.01);
    SpBench::Input In = SpBench::fromFormula(C.F, 1, 1);
    if (C.K == 3) // Olabi et al.: RAND-3 has no child grid of >= 32 threads
      EXPECT_LT(SpBench::maxOccurrences(In), 32);
    else
      EXPECT_GT(SpBench::maxOccurrences(In), 100);
  }
  EXPECT_EQ(dpgen::generateSat5(params(1)).numLiterals(), 117295);
}

TEST(SatGenerator, ScalesKeepTheRatio) {
  dpcnf::Formula A = dpgen::generateSatRand3(params(1.0 / 16));
  EXPECT_EQ(A.NumVars, 625);
  EXPECT_EQ(A.numClauses(), 2625);
  dpcnf::Formula B = dpgen::generateSat5(params(1.0 / 16));
  EXPECT_EQ(B.NumVars, 69);
  EXPECT_EQ(B.numClauses(), 1457);
  dpcnf::Formula C = dpgen::generateSat5(params(1.0 / 256));
  EXPECT_EQ(C.NumVars, 10); // at least 2k variables
  EXPECT_EQ(dpcnf::validate(C), "");
}

TEST(SatGenerator, DeterministicForAnyThreadCount) {
  dpcnf::Formula A = dpgen::generateSatRand3(params(1.0 / 4, 1));
  dpcnf::Formula B = dpgen::generateSatRand3(params(1.0 / 4, 3));
  EXPECT_EQ(dpcnf::serialize(A), dpcnf::serialize(B));
  dpcnf::Formula C = dpgen::generateSatRand3(params(1.0 / 4, 0, 2));
  EXPECT_NE(A.Lit, C.Lit);
}

TEST(SatGenerator, RegisteredAndReadable) {
  for (const char *Name : {"sat-rand3", "sat-5"}) {
    const dpgen::Generator *G = dpgen::findGenerator(Name);
    ASSERT_NE(G, nullptr) << Name;
    // The GPU smoke test names every dataset *.dpg: the loader must go by
    // content.
    std::string Path = ::testing::TempDir() + "/sp-" + Name + "-" +
                       std::to_string(getpid()) + ".dpg";
    std::string Err;
    ASSERT_TRUE(G->Write(params(1.0 / 256), Path, Err)) << Err;
    dpbench::Options O;
    O.Input = Path;
    O.Params["iters"] = "3";
    SpBench::Input In = SpBench::load(O);
    EXPECT_EQ(In.Iterations, 3);
    EXPECT_GT(In.NumClauses, 0);
    std::remove(Path.c_str());
  }
}
