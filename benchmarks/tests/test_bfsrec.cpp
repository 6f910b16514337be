//===- test_bfsrec.cpp - Recursive BFS: reference and launch model -------===//
//
// Besides the CPU reference, this file models the launches of bfsrec/cdp.cu
// on the host: (1) with child grids run in random order, the atomicMin
// recursion must always end at the BFS levels (the argument in cdp.cu);
// (2) an event model of CDP2's scheduling estimates the launch count and the
// deepest nesting on kron, which README and cdp.cu quote. The model: every
// grid runs all its threads at once (1 time unit), a launched grid can start
// 1 unit later, and launches from one block share that block's implicit
// stream, so a block's children run one after another, each after the
// previous one's whole subtree has completed.
//
//===----------------------------------------------------------------------===//

#include "bfsrec/bfsrec.h"
#include "generators.h"
#include "rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <functional>
#include <queue>
#include <tuple>

using namespace dpgraph;

namespace {

Csr undirected(int32_t N, const std::vector<Edge> &E) {
  BuildOptions O;
  O.Symmetrize = true;
  return buildCsr(N, E, O);
}

BfsRecBench::Input input(Csr G, int Source) {
  BfsRecBench::Input In;
  In.Graph = std::move(G);
  std::string Err;
  EXPECT_TRUE(offsets32(In.Graph, In.RowPtr, Err));
  In.Source = Source;
  return In;
}

struct ModelResult {
  std::vector<int> Depth;
  int64_t Launches = 0; ///< Device launches (the host grid not counted).
  int MaxNewDepth = 0;  ///< Deepest grid's NewDepth = nesting level + 1.
};

/// The recursion of cdp.cu with pending grids run in a random order, each
/// grid's threads in a random order too.
ModelResult randomOrder(const BfsRecBench::Input &In, uint64_t Seed) {
  const Csr &G = In.Graph;
  ModelResult R;
  R.Depth.assign(G.NumVertices, BfsRecUnreached);
  R.Depth[In.Source] = 0;
  struct Grid {
    int32_t U;
    int NewDepth;
  };
  std::vector<Grid> Pending = {{In.Source, 1}};
  dprng::Xoshiro256 Rng(Seed);
  while (!Pending.empty()) {
    std::swap(Pending[Rng.below(Pending.size())], Pending.back());
    Grid Gr = Pending.back();
    Pending.pop_back();
    R.MaxNewDepth = std::max(R.MaxNewDepth, Gr.NewDepth);
    std::vector<int32_t> Threads(G.Col.begin() + G.RowPtr[Gr.U],
                                 G.Col.begin() + G.RowPtr[Gr.U + 1]);
    for (size_t I = Threads.size(); I > 1; --I)
      std::swap(Threads[I - 1], Threads[Rng.below(I)]);
    for (int32_t V : Threads)
      if (Gr.NewDepth < R.Depth[V]) { // atomicMin improved V
        R.Depth[V] = Gr.NewDepth;
        if (G.degree(V) > 0) {
          Pending.push_back({V, Gr.NewDepth + 1});
          ++R.Launches;
        }
      }
  }
  return R;
}

/// The stream-serialized event model described at the top of the file.
ModelResult streamModel(const BfsRecBench::Input &In, int BlockSize) {
  const Csr &G = In.Graph;
  ModelResult R;
  R.Depth.assign(G.NumVertices, BfsRecUnreached);
  R.Depth[In.Source] = 0;
  struct Grid {
    int32_t U;
    int NewDepth;
    int64_t ParentStream; ///< -1 for the host grid.
    int64_t OpenStreams = 0;
    bool Ran = false;
  };
  struct Stream {
    int64_t Owner;
    std::deque<int64_t> Queue;
    bool Busy = false;
  };
  std::vector<Grid> Grids = {{In.Source, 1, -1}};
  std::vector<Stream> Streams;
  // (time, sequence, kind 0 = start / 1 = end of execution, grid)
  using Event = std::tuple<int64_t, int64_t, int, int64_t>;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> Events;
  int64_t Seq = 0, Now = 0;
  Events.push({0, Seq++, 0, 0});
  // A grid completes when it has run and its blocks' streams are drained;
  // then its stream moves on, which may complete the stream's owner.
  std::function<void(int64_t)> Complete = [&](int64_t Gi) {
    int64_t Si = Grids[Gi].ParentStream;
    if (Si < 0)
      return;
    Stream &S = Streams[Si];
    if (!S.Queue.empty()) {
      Events.push({Now + 1, Seq++, 0, S.Queue.front()});
      S.Queue.pop_front();
      return;
    }
    S.Busy = false;
    Grid &Owner = Grids[S.Owner];
    if (--Owner.OpenStreams == 0 && Owner.Ran)
      Complete(S.Owner);
  };
  while (!Events.empty()) {
    auto [Time, Unused, Kind, Gi] = Events.top();
    (void)Unused;
    Events.pop();
    Now = Time;
    if (Kind == 1) {
      Grids[Gi].Ran = true;
      if (Grids[Gi].OpenStreams == 0)
        Complete(Gi);
      continue;
    }
    const int32_t U = Grids[Gi].U;
    const int NewDepth = Grids[Gi].NewDepth;
    R.MaxNewDepth = std::max(R.MaxNewDepth, NewDepth);
    const int64_t FirstStream = static_cast<int64_t>(Streams.size());
    const int64_t Degree = G.degree(U);
    for (int64_t B = 0; B < (Degree + BlockSize - 1) / BlockSize; ++B)
      Streams.push_back({Gi});
    for (int64_t I = 0; I < Degree; ++I) {
      int32_t V = G.Col[G.RowPtr[U] + I];
      if (NewDepth >= R.Depth[V])
        continue; // atomicMin did not improve V
      R.Depth[V] = NewDepth;
      if (G.degree(V) == 0)
        continue;
      ++R.Launches;
      const int64_t Child = static_cast<int64_t>(Grids.size());
      const int64_t Si = FirstStream + I / BlockSize;
      Grids.push_back({V, NewDepth + 1, Si});
      Stream &S = Streams[Si];
      if (S.Busy) {
        S.Queue.push_back(Child);
      } else {
        S.Busy = true;
        ++Grids[Gi].OpenStreams;
        Events.push({Now + 1, Seq++, 0, Child});
      }
    }
    Events.push({Now + 1, Seq++, 1, Gi});
  }
  return R;
}

} // namespace

//   0 - 1 - 2 - 3      5 (isolated)
//    \     /
//      4
TEST(BfsRecReference, Levels) {
  Csr G =
      undirected(6, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {0, 4, 1}, {4, 2, 1}});
  BfsRecBench::Input In = input(G, 0);
  std::vector<int> Ref = BfsRecBench::reference(In);
  EXPECT_EQ(Ref, (std::vector<int>{0, 1, 2, 3, 1, BfsRecUnreached}));
  EXPECT_TRUE(BfsRecBench::compare(In, Ref, Ref).Ok);
  std::vector<int> Bad = Ref;
  Bad[3] = 4;
  EXPECT_FALSE(BfsRecBench::compare(In, Ref, Bad).Ok);
  EXPECT_EQ(BfsRecBench::pendingLaunches(In), 24);
}

TEST(BfsRecReference, UnreachedSentinelIsMemsetPattern) {
  EXPECT_EQ(BfsRecUnreached, 0x7F7F7F7F);
  EXPECT_GT(BfsRecUnreached, 1 << 30); // above any real depth
}

TEST(BfsRecModel, AnyLaunchOrderGivesTheBfsLevels) {
  dpgen::GenParams P;
  P.Scale = 1.0 / 256; // kron logn 8
  BfsRecBench::Input In = input(dpgen::generateKron(P), 0);
  In.Source = maxDegreeVertex(In.Graph);
  std::vector<int> Ref = BfsRecBench::reference(In);
  for (uint64_t Seed = 1; Seed <= 20; ++Seed) {
    ModelResult R = randomOrder(In, Seed);
    ASSERT_EQ(R.Depth, Ref) << "seed " << Seed;
    EXPECT_GE(R.Launches, 1);
  }
  // A long path explored in the worst order still converges.
  std::vector<Edge> Path;
  for (int32_t V = 0; V + 1 < 40; ++V)
    Path.push_back({V, V + 1, 1});
  Path.push_back({0, 39, 1});
  BfsRecBench::Input Ring = input(undirected(40, Path), 0);
  EXPECT_EQ(randomOrder(Ring, 3).Depth, BfsRecBench::reference(Ring));
}

/// Runs the stream model on kron at Scale and prints what README quotes.
ModelResult modelKron(double Scale, int BlockSize) {
  dpgen::GenParams P;
  P.Scale = Scale;
  BfsRecBench::Input In = input(dpgen::generateKron(P), 0);
  In.Source = maxDegreeVertex(In.Graph);
  ModelResult R = streamModel(In, BlockSize);
  EXPECT_EQ(R.Depth, BfsRecBench::reference(In));
  std::printf("kron scale %g (n = %d), %d-thread blocks: %lld launches, "
              "deepest NewDepth %d\n",
              Scale, In.Graph.NumVertices, BlockSize,
              static_cast<long long>(R.Launches), R.MaxNewDepth);
  return R;
}

// CI runs the quick kron (4,096 vertices) only.
TEST(BfsRecModel, StreamModelOnQuickKronStaysFarBelowTheNestingLimit) {
  ModelResult R = modelKron(1.0 / 16, 32);
  EXPECT_LT(R.MaxNewDepth, 24);
  EXPECT_LE(R.Launches, 4 * 4096); // BfsRecBench::pendingLaunches
}

// The full-scale numbers in README and cdp.cu; run with
// --gtest_also_run_disabled_tests (a few seconds).
TEST(BfsRecModel, DISABLED_StreamModelOnFullKron) {
  for (int BlockSize : {32, 64, 128}) {
    ModelResult R = modelKron(1.0, BlockSize);
    if (BlockSize == 32) {
      EXPECT_LT(R.MaxNewDepth, 24);
      EXPECT_LE(R.Launches, 4 * 65536);
    }
  }
}
