//===- qs/nocdp.cu - Quicksort without dynamic parallelism ---------------===//
//
// The level-synchronous counterpart of cdp.cu: the host runs the recursion
// one depth at a time. A list holds the segments [Lo, Hi) of the current
// depth; one launch gives each a block, which does exactly what a block of
// cdp.cu does (serial sort of a small segment or one at QsMaxDepth,
// otherwise sample-median pivot, three-way partition through Scratch, copy
// back), except that it appends the sides to the next depth's list (an
// atomicAdd on its counter) instead of launching them. The host reads the
// count back and stops when a depth has no segments. The pivot rule and
// the cutoffs are cdp.cu's, so the work is the same up to the samples
// (the order of the values inside a side depends on the order in which the
// warps reserve room, in both versions), in at most QsMaxDepth + 1 host
// launches instead of one device launch per side.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "qs.h"

#include <utility>

constexpr int BlockSize = 128;
/// Values per thread per chunk of the partition: the loads of one chunk are
/// all issued before any is used, so even the single block that partitions
/// the whole array keeps enough memory requests in flight.
constexpr int ItemsPerThread = 16;
constexpr int ChunkSize = BlockSize * ItemsPerThread;
constexpr int SampleSize = QsSampleSize;
constexpr unsigned FullMask = 0xffffffffu;
static_assert(BlockSize % 32 == 0, "the scans shuffle over whole warps");
static_assert(SampleSize <= BlockSize, "one thread per sample");
static_assert(SampleSize <= QsCutoff + 1,
              "a partitioned segment has a distinct position per sample");

/// Sorts A[0, N) in ascending order; run by one thread.
__device__ void insertionSort(int *A, int N) {
  for (int I = 1; I < N; ++I) {
    const int V = A[I];
    int J = I - 1;
    while (J >= 0 && A[J] > V) {
      A[J + 1] = A[J];
      --J;
    }
    A[J + 1] = V;
  }
}

/// One block per segment of depth Depth in Segs: sorts a small one, or
/// partitions a large one and appends its sides of more than one value to
/// Next (NextCount entries so far). Scratch[Lo, Hi) is free for the
/// partition.
__global__ void qsLevel(int *Data, int *Scratch, const int2 *Segs, int2 *Next,
                        int *NextCount, int Depth) {
  __shared__ int Leaf[QsCutoff];
  __shared__ int Sample[SampleSize];
  __shared__ int Pivot;
  __shared__ int NumLess, NumGreater;
  const int T = threadIdx.x;
  const int Lane = T % 32;
  const int Lo = Segs[blockIdx.x].x, Hi = Segs[blockIdx.x].y;
  const int N = Hi - Lo;

  // Serial sort below the size cutoff or at the depth limit. N and Depth
  // are the same for the whole block, so every thread takes this branch or
  // none does, and the barriers inside are reached by all.
  if (N <= QsCutoff || Depth >= QsMaxDepth) {
    if (N <= QsCutoff) {
      for (int I = T; I < N; I += BlockSize)
        Leaf[I] = Data[Lo + I];
      __syncthreads();
      if (T == 0)
        insertionSort(Leaf, N);
      __syncthreads();
      for (int I = T; I < N; I += BlockSize)
        Data[Lo + I] = Leaf[I];
    } else if (T == 0) {
      insertionSort(Data + Lo, N);
    }
    return;
  }

  // 1. Pivot: the sample of rank SampleSize / 2, ties broken by sample
  // index, so exactly one thread has that rank and writes Pivot. N >
  // QsCutoff >= SampleSize - 1, so the positions are distinct and in range.
  if (T < SampleSize)
    Sample[T] =
        Data[Lo + static_cast<int>(static_cast<long long>(T) * N / SampleSize)];
  if (T == 0) {
    NumLess = 0;
    NumGreater = 0;
  }
  __syncthreads();
  if (T < SampleSize) {
    const int V = Sample[T];
    int Rank = 0;
    for (int J = 0; J < SampleSize; ++J) {
      const int W = Sample[J];
      Rank += W < V || (W == V && J < T);
    }
    if (Rank == SampleSize / 2)
      Pivot = V;
  }
  __syncthreads();
  const int P = Pivot;

  // 2. Partition into Scratch: less-than values fill [Lo, Lo + NumLess)
  // upwards, greater-than values fill [Hi - NumGreater, Hi) downwards from
  // Hi - 1. Per chunk, a thread counts its values of each side, a warp scan
  // gives each thread its offset within the warp, and the warp's last lane
  // reserves the warp's total with one atomicAdd per side. Positions past
  // the segment's end load the pivot, which is neither side. The chunk loop
  // has the same trip count for every thread, so whole warps shuffle.
  for (int Chunk = 0; Chunk < N; Chunk += ChunkSize) {
    int V[ItemsPerThread];
    int MyLess = 0, MyGreater = 0;
#pragma unroll
    for (int K = 0; K < ItemsPerThread; ++K) {
      const int I = Chunk + K * BlockSize + T;
      V[K] = I < N ? Data[Lo + I] : P;
    }
#pragma unroll
    for (int K = 0; K < ItemsPerThread; ++K) {
      MyLess += V[K] < P;
      MyGreater += V[K] > P;
    }
    int LessScan = MyLess, GreaterScan = MyGreater; // Inclusive warp scans.
    for (int Dist = 1; Dist < 32; Dist *= 2) {
      const int L = __shfl_up_sync(FullMask, LessScan, Dist);
      const int G = __shfl_up_sync(FullMask, GreaterScan, Dist);
      if (Lane >= Dist) {
        LessScan += L;
        GreaterScan += G;
      }
    }
    int LessBase = 0, GreaterBase = 0;
    if (Lane == 31) {
      LessBase = atomicAdd(&NumLess, LessScan);
      GreaterBase = atomicAdd(&NumGreater, GreaterScan);
    }
    LessBase = __shfl_sync(FullMask, LessBase, 31);
    GreaterBase = __shfl_sync(FullMask, GreaterBase, 31);
    int LessPos = Lo + LessBase + LessScan - MyLess;
    int GreaterPos = Hi - 1 - (GreaterBase + GreaterScan - MyGreater);
#pragma unroll
    for (int K = 0; K < ItemsPerThread; ++K) {
      if (V[K] < P)
        Scratch[LessPos++] = V[K];
      else if (V[K] > P)
        Scratch[GreaterPos--] = V[K];
    }
  }
  __syncthreads(); // The counters are final; Scratch is written.
  const int Less = NumLess, Greater = NumGreater;

  // 3. Back into Data: the sides from Scratch, the pivot value between
  // them (Less + Greater < N: the pivot is one of the segment's values).
  for (int Chunk = 0; Chunk < N; Chunk += ChunkSize) {
    int V[ItemsPerThread];
#pragma unroll
    for (int K = 0; K < ItemsPerThread; ++K) {
      const int I = Chunk + K * BlockSize + T;
      V[K] = I < N && (I < Less || I >= N - Greater) ? Scratch[Lo + I] : P;
    }
#pragma unroll
    for (int K = 0; K < ItemsPerThread; ++K) {
      const int I = Chunk + K * BlockSize + T;
      if (I < N)
        Data[Lo + I] = V[K];
    }
  }

  // 4. The two sides go to the next level's list. Later levels are later
  // launches, so they see every block's writes.
  if (T == 0) {
    const int Count = (Less > 1) + (Greater > 1);
    if (Count > 0) {
      int Pos = atomicAdd(NextCount, Count);
      if (Less > 1)
        Next[Pos++] = make_int2(Lo, Lo + Less);
      if (Greater > 1)
        Next[Pos] = make_int2(Hi - Greater, Hi);
    }
  }
}

class QsNoCdp {
public:
  explicit QsNoCdp(const QsBench::Input &In)
      : N(static_cast<int>(In.Array.Values.size())), Original(In.Array.Values),
        Data(In.Array.Values.size()), Scratch(In.Array.Values.size()),
        Capacity(std::max(1LL, QsBench::maxChildSegments(N))), Segs(Capacity),
        Next(Capacity), NextCount(1) {}

  void reset() {
    if (N > 0)
      CUDA_CHECK(cudaMemcpy(Data.get(), Original.get(), N * sizeof(int),
                            cudaMemcpyDeviceToDevice));
  }

  void run() {
    if (N < 2)
      return;
    Segs.set(0, make_int2(0, N));
    int Count = 1;
    for (int Depth = 0; Count > 0; ++Depth) {
      // Segments at QsMaxDepth are sorted serially, so no level after it
      // has any.
      if (Depth > QsMaxDepth || Count > Capacity)
        dpbench::fatal("qs: segment list out of bounds");
      NextCount.fillBytes(0);
      qsLevel<<<Count, BlockSize>>>(Data.get(), Scratch.get(), Segs.get(),
                                    Next.get(), NextCount.get(), Depth);
      CUDA_CHECK_LAUNCH();
      Count = NextCount.at(0);
      std::swap(Segs, Next);
    }
  }

  std::vector<int> result() { return Data.download(); }

private:
  int N;
  dpbench::DeviceArray<int> Original, Data, Scratch;
  long long Capacity;
  dpbench::DeviceArray<int2> Segs, Next;
  dpbench::DeviceArray<int> NextCount;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<QsBench, QsNoCdp>(Argc, Argv);
}
