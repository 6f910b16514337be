//===- test_nr.cpp - Nested reduction: reference, launch count, model -----===//
//
// The recursive kernels of nr/cdp1.cu and nr/cdp.cu use __syncthreads, which
// the CPU emulator does not run, so their indexing is checked here on a
// sequential model of nrReduce: the same fold, the same child segment and
// result slot, for every segment length up to a few segments and for array
// sizes that are not multiples of the segment.
//
//===----------------------------------------------------------------------===//

#include "nr/nr.h"

#include "gen_array.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

namespace {

NrBench::Input input(std::vector<int32_t> Values) {
  NrBench::Input In;
  In.Array.Values = std::move(Values);
  return In;
}

/// Sequential model of one block of nrReduce (cdp1.cu and cdp.cu): block
/// Block of a grid over Data[0, N) with segments of SegLen values and
/// BlockDim threads. Checks every access against the block's segment and
/// counts the child launches.
struct ReduceModel {
  std::vector<long long> &Data;
  long long Launches = 0;
  int MaxDepth = 0;

  void block(long long *Base, int N, int SegLen, long long *Sums, int Block,
             int BlockDim, int Depth) {
    MaxDepth = std::max(MaxDepth, Depth);
    const long long Start = static_cast<long long>(Block) * SegLen;
    ASSERT_LT(Start, N) << "a block without values";
    const int Len = static_cast<int>(std::min<long long>(SegLen, N - Start));
    long long *Seg = Base + Start;
    const int Half = (Len + 1) / 2;
    // Every thread's share of the fold; writes [0, Len - Half) and reads
    // [Half, Len) never overlap, so the order of threads does not matter.
    ASSERT_LE(Len - Half, Half);
    for (int T = 0; T < BlockDim; ++T)
      for (int I = T; I < Len - Half; I += BlockDim) {
        ASSERT_GE(Seg + I + Half, Data.data());
        ASSERT_LT(Seg + I + Half, Data.data() + Data.size());
        Seg[I] += Seg[I + Half];
      }
    // Thread 0 after the barrier.
    if (Half == 1) {
      Sums[Block] = Seg[0];
      return;
    }
    // The child's sum goes to Seg[Half]: inside this segment, outside the
    // child's.
    ASSERT_LT(Half, Len);
    ++Launches;
    const int ChildThreads = (Half + 1) / 2;
    ASSERT_GE(ChildThreads, 1);
    ASSERT_LE(ChildThreads, 1024);
    block(Seg, Half, Half, Seg + Half, 0, ChildThreads, Depth + 1);
    Sums[Block] = Seg[Half];
  }

  /// The host's launch: one block per segment, then the total of the sums.
  long long run(int SegLen, int BlockDim) {
    const int N = static_cast<int>(Data.size());
    const int Blocks = (N + SegLen - 1) / SegLen;
    std::vector<long long> Sums(Blocks, -12345);
    for (int B = 0; B < Blocks; ++B)
      block(Data.data(), N, SegLen, Sums.data(), B, BlockDim, 0);
    long long Total = 0;
    for (long long S : Sums)
      Total += S;
    return Total;
  }
};

} // namespace

TEST(NrReference, HandExamples) {
  EXPECT_EQ(NrBench::reference(input({})), std::vector<long long>{0});
  EXPECT_EQ(NrBench::reference(input({1, 2, 3})), std::vector<long long>{6});
  EXPECT_EQ(NrBench::reference(input({-5, 3})), std::vector<long long>{-2});
  // Four values of 2^31 - 1 overflow 32 bits but not 64.
  const int32_t Max = std::numeric_limits<int32_t>::max();
  EXPECT_EQ(NrBench::reference(input({Max, Max, Max, Max})),
            std::vector<long long>{4LL * Max});
  EXPECT_TRUE(NrBench::compare({}, {7}, {7}).Ok);
  EXPECT_FALSE(NrBench::compare({}, {7}, {8}).Ok);
}

TEST(NrReference, ChildLaunchesAndPendingBound) {
  EXPECT_EQ(NrBench::childLaunches(0), 0);
  EXPECT_EQ(NrBench::childLaunches(1), 0);
  EXPECT_EQ(NrBench::childLaunches(2), 0);
  EXPECT_EQ(NrBench::childLaunches(3), 1);
  EXPECT_EQ(NrBench::childLaunches(4), 1);
  EXPECT_EQ(NrBench::childLaunches(5), 2);
  EXPECT_EQ(NrBench::childLaunches(NrSegment), 9);
  NrBench::Input In;
  In.Array.Values.assign(int64_t(1) << 20, 1); // quick scale
  EXPECT_EQ(NrBench::pendingLaunches(In), 2LL * 1024 * 9);
  In.Array.Values.resize(NrSegment + 5);
  EXPECT_EQ(NrBench::pendingLaunches(In), 2LL * (9 + 2));
}

TEST(NrModel, EverySegmentLength) {
  // All lengths of one segment, of a full segment plus a partial one, and a
  // few segments; the values distinguish positions.
  for (int N = 1; N <= 3 * NrSegment + 3; ++N) {
    std::vector<long long> Data(N);
    long long Expected = 0;
    for (int I = 0; I < N; ++I) {
      Data[I] = (I * 2654435761LL) % 1000003 - 500000;
      Expected += Data[I];
    }
    ReduceModel M{Data};
    ASSERT_EQ(M.run(NrSegment, NrBlockSize), Expected) << "n=" << N;
    const long long Full = N / NrSegment, Last = N % NrSegment;
    EXPECT_EQ(M.Launches, Full * NrBench::childLaunches(NrSegment) +
                              NrBench::childLaunches(Last))
        << "n=" << N;
    EXPECT_LE(M.MaxDepth, 9) << "n=" << N;
  }
}

TEST(NrModel, GeneratedArrays) {
  dpgen::GenParams P;
  P.Scale = 1.0 / 256;
  for (auto Gen : {dpgen::generateIntsUniform, dpgen::generateIntsDups}) {
    NrBench::Input In;
    In.Array = Gen(P);
    std::vector<long long> Data(In.Array.Values.begin(), In.Array.Values.end());
    ReduceModel M{Data};
    EXPECT_EQ(M.run(NrSegment, NrBlockSize), NrBench::reference(In)[0]);
    // Values near 2^31: a 32-bit sum would overflow.
    EXPECT_GT(NrBench::reference(In)[0], std::numeric_limits<int32_t>::max());
  }
}
