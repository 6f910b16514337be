//===- flatten/tails.cu - Chains whose postwork is a tail launch ----------===//
//
// CDP2 chains: a kernel launches itself as one block from thread 0 and then
// tail-launches a one-thread kernel that reads what the chain below wrote
// (the CDP2 form of CDP1's wait and postwork). It runs as written on
// CUDA 13; dpopt's flatten-recursion runs the chain in the launching block,
// each level's tail-launched body on the way back and the grid's own level
// in one gathered tail launch. Either way it must compute what the CPU
// reference computes. Usage:
//   tails [blocks] [reps]   (prints PASSED when every kernel matches)
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(E),        \
                  __LINE__);                                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int TraceSlots = 32;

// 1. The halving reduction (benchmarks/nr/cdp.cu's shape). The tail kernel
// copies the child's sum and logs its depth: the log of a root must read
// deepest level first (a level's tail launch starts after its child grid
// and that grid's tail launch).
__global__ void takeSum(const long long *ChildSum, long long *Sum, int *Trace,
                        int Me, int Depth) {
  *Sum = *ChildSum;
  Trace[Me * TraceSlots + atomicAdd(&Trace[Me * TraceSlots + TraceSlots - 1], 1)] = Depth;
}

__global__ void halve(long long *Data, int N, int SegLen, long long *Sums,
                      int *Trace, int Root, int Depth) {
  const long long Start = static_cast<long long>(blockIdx.x) * SegLen;
  const int Len = static_cast<int>(min(static_cast<long long>(SegLen), N - Start));
  long long *Seg = Data + Start;
  const int Me = Root < 0 ? static_cast<int>(blockIdx.x) : Root;
  const int Half = (Len + 1) / 2;
  for (int I = threadIdx.x; I < Len - Half; I += blockDim.x)
    Seg[I] += Seg[I + Half];
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Half == 1) {
      Sums[blockIdx.x] = Seg[0];
    } else {
      halve<<<1, (Half + 1) / 2>>>(Seg, Half, Half, Seg + Half, Trace, Me,
                                   Depth + 1);
      takeSum<<<1, 1, 0, cudaStreamTailLaunch>>>(Seg + Half, Sums + blockIdx.x,
                                                 Trace, Me, Depth);
    }
  }
}

// 2. The grid's own level's tail launch starts after the whole grid: block
// b's reads the value block (b + 1) % blocks's chain wrote at its deepest
// level. Each deeper level's reads what the level below its tail wrote.
__global__ void ringTail(const int *Deep, int *Res, int B, int Blocks,
                         int Level) {
  if (Level == 0)
    Res[B] = Deep[(B + 1) % Blocks] * 3 + Res[Blocks + B];
  else
    Res[Blocks + B] += Level;
}

__global__ void ring(int *Deep, int *Res, int Blocks, int B, int Level) {
  const int Me = Level == 0 ? static_cast<int>(blockIdx.x) : B;
  if (threadIdx.x == 0) {
    if (Level == 4) {
      Deep[Me] = Me * 10 + 7;
    } else {
      ring<<<1, 32, 0, cudaStreamFireAndForget>>>(Deep, Res, Blocks, Me,
                                                  Level + 1);
      ringTail<<<1, 1, 0, cudaStreamTailLaunch>>>(Deep, Res, Me, Blocks,
                                                  Level);
    }
  }
}

// 3. Barriers and children larger than the block (128, 64, 128, 256, 512,
// 1024 threads): flattened, the block runs the levels that fit and launches
// the first that does not as written (that grid runs its own chain), and
// the levels' tail launches must still run deepest first.
__global__ void spillTail(int *Trace, int Me, int Level) {
  Trace[Me * TraceSlots + atomicAdd(&Trace[Me * TraceSlots + TraceSlots - 1], 1)] = Level;
}

__global__ void spill(int *Out, int *Trace, int Root, int Level) {
  __shared__ int S[1024];
  const int Me = Level == 0 ? static_cast<int>(blockIdx.x) : Root;
  S[threadIdx.x] = Level + static_cast<int>(threadIdx.x);
  __syncthreads();
  if (threadIdx.x == 0) {
    int Sum = 0;
    for (unsigned T = 0; T < blockDim.x; ++T)
      Sum += S[T];
    Out[Me * 8 + Level] = Sum;
    if (Level < 5) {
      const unsigned Next = Level == 0 ? 64u : blockDim.x * 2u;
      spill<<<1, Next>>>(Out, Trace, Me, Level + 1);
      spillTail<<<1, 1, 0, cudaStreamTailLaunch>>>(Trace, Me, Level);
    }
  }
}

// 4. Tail-launched bodies whose addresses dpopt lists, and which the
// gathered launch must find in conflict: every block's level-0 launch adds
// to Sums[0] without an atomic (the tail stream ran them one at a time, so
// the sum was exact); deeper levels add to their root's slot.
__global__ void addTail(long long *Sums, int Slot, long long V) {
  Sums[Slot] = Sums[Slot] + V;
}

__global__ void total(long long *Sums, int Root, int Level) {
  const int Me = Level == 0 ? static_cast<int>(blockIdx.x) : Root;
  if (threadIdx.x == 0 && Level < 3) {
    total<<<1, 32>>>(Sums, Me, Level + 1);
    addTail<<<1, 1, 0, cudaStreamTailLaunch>>>(Sums, Level == 0 ? 0 : 1 + Me,
                                               Me * 10LL + Level + 1);
  }
}

template <typename T> T *upload(const std::vector<T> &V) {
  T *D = nullptr;
  CHECK(cudaMalloc(&D, V.size() * sizeof(T)));
  CHECK(cudaMemcpy(D, V.data(), V.size() * sizeof(T), cudaMemcpyHostToDevice));
  return D;
}

template <typename T> std::vector<T> download(const T *D, size_t N) {
  std::vector<T> V(N);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(V.data(), D, N * sizeof(T), cudaMemcpyDeviceToHost));
  return V;
}

int failures = 0;

template <typename T>
void expect(const char *What, const std::vector<T> &Got,
            const std::vector<T> &Want) {
  for (size_t I = 0; I < Want.size(); ++I)
    if (Got[I] != Want[I]) {
      std::printf("%s: mismatch at %zu: got %lld, want %lld\n", What, I,
                  static_cast<long long>(Got[I]),
                  static_cast<long long>(Want[I]));
      ++failures;
      return;
    }
}

/// Test 1 on \p Streams streams at once (distinct grids gathering together).
void testHalve(int Blocks, int Rep, int Streams) {
  const int SegLen = 1000, Threads = 512;
  std::vector<cudaStream_t> S(Streams);
  for (cudaStream_t &X : S)
    CHECK(cudaStreamCreateWithFlags(&X, cudaStreamNonBlocking));
  struct Run {
    std::vector<long long> D;
    long long *DD, *DS;
    int *DT;
    int N, Roots;
  };
  std::vector<Run> Runs(Streams);
  for (int K = 0; K < Streams; ++K) {
    Run &R = Runs[K];
    R.N = Blocks * SegLen - 123 * (Rep + 1) - 17 * K;
    R.Roots = (R.N + SegLen - 1) / SegLen;
    R.D.resize(R.N);
    for (int I = 0; I < R.N; ++I)
      R.D[I] = (I * 7919LL + K) % 1000 - 400 + Rep;
    R.DD = upload(R.D);
    R.DS = upload(std::vector<long long>(R.Roots));
    std::vector<int> T(R.Roots * TraceSlots, -1);
    for (int Root = 0; Root < R.Roots; ++Root)
      T[Root * TraceSlots + TraceSlots - 1] = 0;
    R.DT = upload(T);
  }
  for (int K = 0; K < Streams; ++K)
    halve<<<Runs[K].Roots, Threads, 0, S[K]>>>(Runs[K].DD, Runs[K].N, SegLen,
                                               Runs[K].DS, Runs[K].DT, -1, 0);
  CHECK(cudaGetLastError());
  for (int K = 0; K < Streams; ++K) {
    const Run &R = Runs[K];
    std::vector<long long> Want(R.Roots, 0);
    std::vector<int> WantTrace(R.Roots * TraceSlots, -1);
    for (int Root = 0; Root < R.Roots; ++Root) {
      int Len = std::min(SegLen, R.N - Root * SegLen);
      for (int I = 0; I < Len; ++I)
        Want[Root] += R.D[Root * SegLen + I];
      int Levels = 0; // levels that launch (and tail-launch)
      while ((Len + 1) / 2 != 1) {
        ++Levels;
        Len = (Len + 1) / 2;
      }
      for (int K2 = 0; K2 < Levels; ++K2)
        WantTrace[Root * TraceSlots + K2] = Levels - 1 - K2;
      WantTrace[Root * TraceSlots + TraceSlots - 1] = Levels;
    }
    expect("halve", download(R.DS, R.Roots), Want);
    expect("halve (tail order)", download(R.DT, R.Roots * TraceSlots),
           WantTrace);
    CHECK(cudaFree(R.DD));
    CHECK(cudaFree(R.DS));
    CHECK(cudaFree(R.DT));
  }
  for (cudaStream_t X : S)
    CHECK(cudaStreamDestroy(X));
}

void testRing(int Blocks) {
  int *DDeep = upload(std::vector<int>(Blocks, -1));
  int *DRes = upload(std::vector<int>(2 * Blocks, 0));
  ring<<<Blocks, 32>>>(DDeep, DRes, Blocks, 0, 0);
  CHECK(cudaGetLastError());
  std::vector<int> Want(2 * Blocks);
  for (int B = 0; B < Blocks; ++B) {
    Want[Blocks + B] = 1 + 2 + 3; // levels 1-3's tails
    Want[B] = (((B + 1) % Blocks) * 10 + 7) * 3 + Want[Blocks + B];
  }
  expect("ring", download(DRes, 2 * Blocks), Want);
  CHECK(cudaFree(DDeep));
  CHECK(cudaFree(DRes));
}

void testSpill(int Blocks) {
  int *DOut = upload(std::vector<int>(Blocks * 8, -1));
  std::vector<int> T(Blocks * TraceSlots, -1);
  for (int B = 0; B < Blocks; ++B)
    T[B * TraceSlots + TraceSlots - 1] = 0;
  int *DTrace = upload(T);
  spill<<<Blocks, 128>>>(DOut, DTrace, 0, 0);
  CHECK(cudaGetLastError());
  std::vector<int> Want(Blocks * 8, -1), WantTrace(Blocks * TraceSlots, -1);
  const int Sizes[] = {128, 64, 128, 256, 512, 1024};
  for (int B = 0; B < Blocks; ++B) {
    for (int L = 0; L < 6; ++L)
      Want[B * 8 + L] = Sizes[L] * L + Sizes[L] * (Sizes[L] - 1) / 2;
    for (int K = 0; K < 5; ++K)
      WantTrace[B * TraceSlots + K] = 4 - K;
    WantTrace[B * TraceSlots + TraceSlots - 1] = 5;
  }
  expect("spill", download(DOut, Blocks * 8), Want);
  expect("spill (tail order)", download(DTrace, Blocks * TraceSlots),
         WantTrace);
  CHECK(cudaFree(DOut));
  CHECK(cudaFree(DTrace));
}

void testTotal(int Blocks) {
  long long *DSums = upload(std::vector<long long>(Blocks + 1, 0));
  total<<<Blocks, 32>>>(DSums, 0, 0);
  CHECK(cudaGetLastError());
  std::vector<long long> Want(Blocks + 1, 0);
  for (int B = 0; B < Blocks; ++B) {
    Want[0] += B * 10LL + 1;
    Want[1 + B] = (B * 10LL + 2) + (B * 10LL + 3);
  }
  expect("total", download(DSums, Blocks + 1), Want);
  CHECK(cudaFree(DSums));
}

int main(int Argc, char **Argv) {
  int Blocks = Argc > 1 ? std::atoi(Argv[1]) : 64;
  int Reps = Argc > 2 ? std::atoi(Argv[2]) : 2;
  CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 65536));
  for (int Rep = 0; Rep < Reps; ++Rep) {
    testHalve(Blocks, Rep, 1);
    testHalve(Blocks, Rep, 4);
    testRing(Blocks);
    testSpill(Blocks);
    testTotal(Blocks);
  }
  if (failures) {
    std::printf("FAILED (%d)\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
