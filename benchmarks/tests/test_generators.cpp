//===- test_generators.cpp - dpgen determinism and graph shapes ----------===//
//
// Shapes are checked at the quick scale (1/16) to keep CI fast; README
// "Datasets" lists the full-scale numbers.
//
//===----------------------------------------------------------------------===//

#include "gen_array.h"
#include "generators.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <set>

using namespace dpgraph;
using dpgen::GenParams;

namespace {

using GenFn = std::function<Csr(const GenParams &)>;

GenParams params(double Scale, uint64_t Seed = 1, int Threads = 0) {
  GenParams P;
  P.Scale = Scale;
  P.Seed = Seed;
  P.Threads = Threads;
  return P;
}

struct Named {
  const char *Name;
  GenFn Fn;
};

const std::vector<Named> &all() {
  static const std::vector<Named> List = {{"kron", dpgen::generateKron},
                                          {"cnr", dpgen::generateWeb},
                                          {"citeseer", dpgen::generateCoPapers},
                                          {"road", dpgen::generateRoad}};
  return List;
}

void expectCommonShape(const Csr &G) {
  EXPECT_EQ(validateGraph(G), "");
  EXPECT_TRUE(G.Symmetric);
  EXPECT_TRUE(isSymmetric(G));
  EXPECT_EQ(computeStats(G).SelfLoops, 0);
  ASSERT_TRUE(G.weighted());
  for (int32_t W : G.Weight) {
    ASSERT_GE(W, 1);
    ASSERT_LE(W, 100);
  }
  for (int32_t V = 0; V < G.NumVertices; ++V)
    for (int64_t E = G.RowPtr[V] + 1; E < G.RowPtr[V + 1]; ++E)
      ASSERT_LT(G.Col[E - 1], G.Col[E]) << "row " << V << " not sorted/unique";
}

/// Number of vertices reachable from Source.
int64_t reachable(const Csr &G, int32_t Source) {
  std::vector<char> Seen(G.NumVertices, 0);
  std::vector<int32_t> Stack = {Source};
  Seen[Source] = 1;
  int64_t Count = 0;
  while (!Stack.empty()) {
    int32_t V = Stack.back();
    Stack.pop_back();
    ++Count;
    for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E)
      if (!Seen[G.Col[E]]) {
        Seen[G.Col[E]] = 1;
        Stack.push_back(G.Col[E]);
      }
  }
  return Count;
}

} // namespace

TEST(Generators, SameSeedSameBytesAnyThreadCount) {
  for (const Named &N : all()) {
    std::vector<char> A = serializeGraph(N.Fn(params(1.0 / 256, 7, 1)));
    std::vector<char> B = serializeGraph(N.Fn(params(1.0 / 256, 7, 3)));
    EXPECT_EQ(A, B) << N.Name;
  }
}

TEST(Generators, DifferentSeedDifferentGraph) {
  for (const Named &N : all()) {
    std::vector<char> A = serializeGraph(N.Fn(params(1.0 / 256, 1)));
    std::vector<char> B = serializeGraph(N.Fn(params(1.0 / 256, 2)));
    EXPECT_NE(A, B) << N.Name;
  }
}

TEST(Generators, RegistryWritesFiles) {
  ASSERT_GE(dpgen::generators().size(), 4u); // graphs + other benchmarks' data
  ASSERT_NE(dpgen::findGenerator("road"), nullptr);
  EXPECT_EQ(dpgen::findGenerator("nope"), nullptr);
  std::string Path = testing::TempDir() + "/dpbench_gen_road.dpg";
  std::string Err;
  ASSERT_TRUE(dpgen::findGenerator("road")->Write(params(1.0 / 256), Path, Err))
      << Err;
  Csr G;
  ASSERT_TRUE(readGraph(Path, G, Err)) << Err;
  std::remove(Path.c_str());
  EXPECT_GT(G.NumVertices, 0);
}

TEST(Generators, ParseScale) {
  double S = 0;
  EXPECT_TRUE(dpgen::parseScale("full", S));
  EXPECT_EQ(S, 1.0);
  EXPECT_TRUE(dpgen::parseScale("quick", S));
  EXPECT_EQ(S, 1.0 / 16);
  EXPECT_TRUE(dpgen::parseScale("0.25", S));
  EXPECT_EQ(S, 0.25);
  EXPECT_FALSE(dpgen::parseScale("-1", S));
  EXPECT_FALSE(dpgen::parseScale("big", S));
}

TEST(Generators, KronShape) {
  Csr G = dpgen::generateKron(params(1.0 / 16));
  expectCommonShape(G);
  EXPECT_EQ(G.NumVertices, 4096); // logn 16 - 4
  EXPECT_GT(G.numEdges(), 180000);
  EXPECT_LT(G.numEdges(), 290000);
  GraphStats S = computeStats(G);
  EXPECT_GT(S.MaxDegree, 20 * S.AvgDegree); // power-law hubs
}

TEST(Generators, CnrShape) {
  Csr G = dpgen::generateWeb(params(1.0 / 16));
  expectCommonShape(G);
  EXPECT_EQ(G.NumVertices, 20347); // 325557 / 16
  EXPECT_GT(G.numEdges(), 270000);
  EXPECT_LT(G.numEdges(), 420000);
  GraphStats S = computeStats(G);
  EXPECT_GE(S.MinDegree, 1);
  EXPECT_GT(S.MaxDegree, 50 * S.AvgDegree);
}

TEST(Generators, CiteseerShape) {
  Csr G = dpgen::generateCoPapers(params(1.0 / 16));
  expectCommonShape(G);
  EXPECT_EQ(G.NumVertices, 27131); // 434102 / 16
  GraphStats S = computeStats(G);
  EXPECT_GE(S.MinDegree, 1);
  EXPECT_GT(S.AvgDegree, 50);
  EXPECT_LT(S.AvgDegree, 90);
  EXPECT_LT(S.MaxDegree, 2000);
}

TEST(Generators, RoadShape) {
  Csr G = dpgen::generateRoad(params(1.0 / 16));
  expectCommonShape(G);
  EXPECT_NEAR(G.NumVertices, 264346 / 16, 300);
  GraphStats S = computeStats(G);
  EXPECT_GE(S.MinDegree, 1);
  EXPECT_LE(S.MaxDegree, 8);
  EXPECT_GT(S.AvgDegree, 2.5);
  EXPECT_LT(S.AvgDegree, 3.0);
  EXPECT_EQ(reachable(G, 0), G.NumVertices); // connected, like a road map
}

//===----------------------------------------------------------------------===//
// Integer arrays (ints-uniform, ints-dups, ints-sorted)
//===----------------------------------------------------------------------===//

TEST(ArrayGenerators, Counts) {
  EXPECT_EQ(dpgen::arrayCount(params(1.0)), int64_t(1) << 25);
  EXPECT_EQ(dpgen::arrayCount(params(1.0 / 16)), int64_t(1) << 20);
  EXPECT_EQ(dpgen::arrayCount(params(1.0 / 256)), int64_t(1) << 15);
  EXPECT_GE(dpgen::arrayCount(params(1e-9)), 16);
}

TEST(ArrayGenerators, SameSeedSameValuesAnyThreadCount) {
  using GenArray = dparray::IntArray (*)(const GenParams &);
  for (GenArray Gen : {dpgen::generateIntsUniform, dpgen::generateIntsDups,
                       dpgen::generateIntsSorted}) {
    dparray::IntArray A = Gen(params(1.0 / 256, 7, 1));
    EXPECT_EQ(A.Values, Gen(params(1.0 / 256, 7, 3)).Values);
    EXPECT_NE(A.Values, Gen(params(1.0 / 256, 8, 3)).Values);
  }
}

TEST(ArrayGenerators, UniformShape) {
  dparray::IntArray A = dpgen::generateIntsUniform(params(1.0 / 16));
  ASSERT_EQ(A.Values.size(), size_t(1) << 20);
  double Sum = 0;
  for (int32_t V : A.Values) {
    ASSERT_GE(V, 0);
    Sum += V;
  }
  // Mean of U[0, 2^31) is 2^30; the standard error here is ~6e5.
  EXPECT_NEAR(Sum / A.Values.size(), 1073741824.0, 5e6);
  auto [Min, Max] = std::minmax_element(A.Values.begin(), A.Values.end());
  EXPECT_LT(*Min, 1 << 16);
  EXPECT_GT(*Max, 2147483647 - (1 << 16));
}

TEST(ArrayGenerators, DupsShape) {
  for (double Scale : {1.0 / 16, 1.0 / 256}) {
    dparray::IntArray A = dpgen::generateIntsDups(params(Scale));
    std::set<int32_t> Distinct(A.Values.begin(), A.Values.end());
    EXPECT_EQ(Distinct.size(), 1024u) << Scale;
    EXPECT_GE(*Distinct.begin(), 0);
  }
}

TEST(ArrayGenerators, SortedShape) {
  dparray::IntArray A = dpgen::generateIntsSorted(params(1.0 / 16));
  const int64_t N = static_cast<int64_t>(A.Values.size());
  ASSERT_EQ(N, int64_t(1) << 20);
  int64_t Descents = 0;
  for (int64_t I = 1; I < N; ++I)
    Descents += A.Values[I - 1] >= A.Values[I];
  // N / 100 swaps of two positions break at most 4 neighbor pairs each, and
  // about half of those pairs end up descending.
  EXPECT_GT(Descents, N / 100);
  EXPECT_LE(Descents, 4 * (N / 100));
  // Strictly ascending before the swaps, so all values are distinct.
  std::vector<int32_t> Sorted = A.Values;
  std::sort(Sorted.begin(), Sorted.end());
  EXPECT_EQ(std::adjacent_find(Sorted.begin(), Sorted.end()), Sorted.end());
  EXPECT_GE(Sorted.front(), 0);
}

TEST(ArrayGenerators, RegistryAndFileRoundTrip) {
  for (const char *Name : {"ints-uniform", "ints-dups", "ints-sorted"}) {
    const dpgen::Generator *G = dpgen::findGenerator(Name);
    ASSERT_NE(G, nullptr) << Name;
    const std::string Path =
        testing::TempDir() + "/dpbench_gen_" + Name + ".dpv";
    std::string Err;
    ASSERT_TRUE(G->Write(params(1.0 / 256), Path, Err)) << Err;
    dparray::IntArray A;
    ASSERT_TRUE(dparray::readArray(Path, A, Err)) << Err;
    std::remove(Path.c_str());
    EXPECT_EQ(A.Values.size(), size_t(1) << 15) << Name;
  }
}

TEST(ArrayFile, RoundTripAndRejects) {
  const std::string Path = testing::TempDir() + "/dpbench_array.dpv";
  dparray::IntArray A;
  A.Values = {5, -1, 2147483647, 0};
  std::string Err;
  ASSERT_TRUE(dparray::writeArray(Path, A, Err)) << Err;
  dparray::IntArray B;
  ASSERT_TRUE(dparray::readArray(Path, B, Err)) << Err;
  EXPECT_EQ(B.Values, A.Values);
  EXPECT_EQ(dparray::describeArray(B), "n=4 min=-1 max=2147483647");
  {
    std::ifstream In(Path, std::ios::binary);
    std::vector<char> Bytes((std::istreambuf_iterator<char>(In)),
                            std::istreambuf_iterator<char>());
    ASSERT_EQ(Bytes.size(), 24u + 16u);
    EXPECT_EQ(std::string(Bytes.data(), 7), "DPVALUE");
    // A truncated file and a wrong count are rejected.
    std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
    Out.write(Bytes.data(), static_cast<std::streamsize>(Bytes.size() - 1));
  }
  EXPECT_FALSE(dparray::readArray(Path, B, Err));
  std::remove(Path.c_str());
  EXPECT_FALSE(dparray::readArray(Path, B, Err));
  // An empty array is a valid file.
  dparray::IntArray Empty;
  ASSERT_TRUE(dparray::writeArray(Path, Empty, Err)) << Err;
  ASSERT_TRUE(dparray::readArray(Path, B, Err)) << Err;
  EXPECT_TRUE(B.Values.empty());
  EXPECT_EQ(dparray::describeArray(B), "n=0");
  std::remove(Path.c_str());
}
