//===- qs/cdp.cu - Quicksort with dynamic parallelism --------------------===//
//
// Recursive quicksort with one thread block per segment [Lo, Hi) of the
// array. A block
//   1. picks as pivot the median of SampleSize values spread evenly over the
//      segment;
//   2. partitions the segment three ways into a scratch buffer as large as
//      the array, at the same indices: values below the pivot go to the
//      front of the range, values above it to the back (each warp reserves
//      room for its chunk with one atomicAdd per side on a block counter),
//      values equal to it are only counted;
//   3. copies the two sides back and fills the middle with the pivot value,
//      which is then in its final place and never touched again;
//   4. and thread 0 launches the same kernel, one block, for each side of
//      more than one value, each into a stream of its own so that the two
//      subtrees run concurrently.
// A segment of at most QsCutoff values, or one at depth QsMaxDepth, is
// sorted serially by one thread (insertion sort, in shared memory when the
// segment fits there). Keeping the values equal to the pivot out of the
// recursion is what lets ints-dups (1024 distinct values) finish: a segment
// of one value is done after one partition.
//
// Why a sample median and not a median of three: a median of three shrinks
// a value's segment by a factor of only 0.56 per level on average. In a CPU
// model of this kernel on ints-uniform (2^25 values), 40% of the values are
// still in segments above the cutoff at depth 20, and 15% at depth 23 (CDP
// nests at most 24 grids), in segments of up to 20,000 values that one
// thread would sort. The median of 128 samples halves almost exactly: every
// segment of the ints-* datasets reaches the cutoff by depth 19.
//
// The partition is not stable (warps reserve room in any order), but equal
// ints are indistinguishable, so the sorted array does not depend on it.
// Sibling segments are disjoint in both arrays, so concurrent subtrees never
// touch the same element; a child reads what its whole parent block wrote,
// because a __threadfence() and a __syncthreads() order every thread's
// writes before thread 0's launch, and a child grid sees what its launching
// thread saw. No device-side synchronization: a grid completes after its
// children, so the host's next synchronization waits for the whole sort.
//
// Launches: one per side of more than one value of every partition (about
// 190K per run on ints-uniform and ints-sorted, about 1K on ints-dups);
// nesting at most QsMaxDepth + 1 grids (see QsBench::pendingLaunches).
//
// This file is the input that dpopt rewrites: the kernel and the host code
// that launches it are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "qs.h"

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

/// Sorts Data[Lo, Hi); Scratch[Lo, Hi) is free for the partition. Launched
/// with one block of BlockSize threads.
__global__ void qsSort(int *Data, int *Scratch, int Lo, int Hi, int Depth) {
  __shared__ int Leaf[QsCutoff];
  __shared__ int Sample[SampleSize];
  __shared__ int Pivot;
  __shared__ int NumLess, NumGreater;
  const int T = threadIdx.x;
  const int Lane = T % 32;
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

  // 4. The two sides, each in a stream of its own. The children, which may
  // run on other SMs, read what every thread of the block wrote: the fence
  // makes each thread's writes visible device-wide, the barrier orders them
  // all before thread 0's launches.
  __threadfence();
  __syncthreads();
  if (T == 0) {
    if (Less > 1) {
      cudaStream_t S;
      cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
      qsSort<<<1, BlockSize, 0, S>>>(Data, Scratch, Lo, Lo + Less, Depth + 1);
      cudaStreamDestroy(S);
    }
    if (Greater > 1) {
      cudaStream_t S;
      cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
      qsSort<<<1, BlockSize, 0, S>>>(Data, Scratch, Hi - Greater, Hi,
                                     Depth + 1);
      cudaStreamDestroy(S);
    }
  }
}

class QsCdp {
public:
  explicit QsCdp(const QsBench::Input &In)
      : N(static_cast<int>(In.Array.Values.size())), Original(In.Array.Values),
        Data(In.Array.Values.size()), Scratch(In.Array.Values.size()) {}

  void reset() {
    if (N > 0)
      CUDA_CHECK(cudaMemcpy(Data.get(), Original.get(), N * sizeof(int),
                            cudaMemcpyDeviceToDevice));
  }

  void run() {
    if (N > 1) {
      qsSort<<<1, BlockSize>>>(Data.get(), Scratch.get(), 0, N, 0);
      CUDA_CHECK_LAUNCH();
    }
  }

  std::vector<int> result() { return Data.download(); }

private:
  int N;
  dpbench::DeviceArray<int> Original, Data, Scratch;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<QsBench, QsCdp>(Argc, Argv);
}
