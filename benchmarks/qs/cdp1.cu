//===- qs/cdp1.cu - Quicksort with dynamic parallelism, legacy CDP1 form --===//
//
// cdp.cu as pre-CUDA-12 code was commonly written: thread 0 launches the
// two sides into the default stream (the block's implicit stream in CDP1,
// so they run one after the other) and then waits for them with the
// device-side cudaDeviceSynchronize(); nothing follows the wait but the end
// of the kernel. The rest (sample-median pivot, three-way partition through
// the scratch buffer, serial insertion sort below QsCutoff or at
// QsMaxDepth) is cdp.cu's, see there.
//
// CUDA 12 removed device-side cudaDeviceSynchronize() for sm_90 and later
// (CDP2), so this file does NOT compile with CUDA 13 for Hopper. It is an
// input of dpopt's remove-launch pass, which must turn it into code that
// runs. benchmarks/CMakeLists.txt lists it as a legacy source: never built
// nor compile-checked, only parse-checked with clang in host-only mode with
// dpopt's prelude, which declares the device overload of
// cudaDeviceSynchronize() (see dp_add_legacy_sources). Built as CDP1 (sm_80,
// -DCUDA_FORCE_CDP1_IF_SUPPORTED) it would also need the host to raise
// cudaLimitDevRuntimeSyncDepth to QsMaxDepth + 1 (default 2); the host
// code below does not, as that limit is CDP1's and dpopt's output of this
// file runs as CDP2.
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

  // 4. The two sides into the block's default stream, then wait for them:
  // the CDP1 habit of a parent that returns only once its subtree is done.
  // The fence and the barrier make every thread's writes visible to the
  // grids thread 0 launches (see cdp.cu).
  __threadfence();
  __syncthreads();
  if (T == 0) {
    // The two sides are disjoint, but nothing here says so: they run one
    // after the other. dpopt's remark on these launches asks for the
    // pragma; the benchmark's Indep configuration defines the macro, as a
    // user who read the remark would write the pragma.
    if (Less > 1)
#ifdef QS_INDEPENDENT_SIDES
#pragma dp aggregate(multiblock:32)
#endif
      qsSort<<<1, BlockSize>>>(Data, Scratch, Lo, Lo + Less, Depth + 1);
    if (Greater > 1)
#ifdef QS_INDEPENDENT_SIDES
#pragma dp aggregate(multiblock:32)
#endif
      qsSort<<<1, BlockSize>>>(Data, Scratch, Hi - Greater, Hi, Depth + 1);
    cudaDeviceSynchronize();
  }
}

class QsCdp1 {
public:
  explicit QsCdp1(const QsBench::Input &In)
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
  return dpbench::runBenchmark<QsBench, QsCdp1>(Argc, Argv);
}
