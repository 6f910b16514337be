//===- flatten/chains.cu - Chains of one-block children -------------------===//
//
// Kernels that launch themselves as one block, from one thread of the block:
// the shapes dpopt's flatten-recursion pass runs in the launching block. Two
// of them wait for the child with the legacy device-side
// cudaDeviceSynchronize(), so this file does not compile for sm_90 as
// written; dpopt (the default pipeline, or --passes=flatten-recursion)
// rewrites it, and the rewrite must compute what the CPU reference
// computes. Usage:
//   chains [blocks] [reps]   (prints PASSED when every kernel matches)
//
//===----------------------------------------------------------------------===//

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

// 1. CDP1 halving reduction (barriers, postwork after the wait): block b
// reduces Data[b * SegLen, ...) in place; its postwork copies the child's
// sum and logs its depth, so the log must read deepest level first.
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
      Trace[Me * TraceSlots + atomicAdd(&Trace[Me * TraceSlots + TraceSlots - 1], 1)] = Depth;
    } else {
      halve<<<1, (Half + 1) / 2>>>(Seg, Half, Half, Seg + Half, Trace, Me,
                                   Depth + 1);
      cudaDeviceSynchronize();
      Sums[blockIdx.x] = Seg[Half];
      Trace[Me * TraceSlots + atomicAdd(&Trace[Me * TraceSlots + TraceSlots - 1], 1)] = Depth;
    }
  }
}

// 2. CDP2, no barriers, children larger than the block: each level writes
// its block's slots; block sizes 32, 64, ..., 1024.
__global__ void grow(int *Out, int Level, int MaxLevel) {
  int *Mine = Level == 0 ? Out + blockIdx.x * 8192 : Out;
  Mine[Level * 1024 + threadIdx.x] = Level * 100000 + threadIdx.x * 3 + blockDim.x;
  if (threadIdx.x == 0 && Level < MaxLevel)
    grow<<<1, blockDim.x * 2 > 1024 ? 1024 : blockDim.x * 2>>>(Mine, Level + 1,
                                                                 MaxLevel);
}

// 3. CDP2, barriers and shared memory, block sizes alternating between
// twice and half the parent's: a child larger than the block that runs it
// is launched as a grid, whose block then runs the smaller ones.
__global__ void bigbar(int *Out, int Level, int MaxLevel) {
  __shared__ int Buf[1024];
  int *Mine = Level == 0 ? Out + blockIdx.x * 8192 : Out;
  Buf[threadIdx.x] = threadIdx.x * 7 + Level;
  __syncthreads();
  Mine[Level * 1024 + threadIdx.x] = Buf[blockDim.x - 1 - threadIdx.x] * 2 + 1;
  if (threadIdx.x == 0 && Level < MaxLevel)
    bigbar<<<1, Level % 2 ? blockDim.x / 2 : blockDim.x * 2>>>(Mine, Level + 1,
                                                                 MaxLevel);
}

// 4. CDP2 fire-and-forget, two-dimensional blocks (dim3(8, 4) from the
// host, dim3(4, 8) below), the launch under a guard on all three indices.
__global__ void multi(int *Out, int Depth) {
  int T = threadIdx.x + blockDim.x * threadIdx.y;
  int *Mine = Depth == 0 ? Out + blockIdx.x * 512 : Out;
  Mine[Depth * 64 + T] += Depth * 10 + T + 1000 * threadIdx.y;
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0 && Depth < 5)
    multi<<<1, dim3(4, 8), 0, cudaStreamFireAndForget>>>(Mine, Depth + 1);
}

// 5. CDP1, no barriers, the chain ends with a launch of no threads (it
// fails, and the wait returns at once): the postwork of every level runs,
// and reads what the level below counted.
__global__ void shrink(int *Out, int N, int Depth) {
  int *Mine = Depth == 0 ? Out + blockIdx.x * 64 : Out;
  if (threadIdx.x < N)
    atomicAdd(&Mine[Depth], 1);
  if (threadIdx.x == 0) {
    shrink<<<1, N / 2>>>(Mine, N / 2, Depth + 1);
    cudaDeviceSynchronize();
    Mine[32 + Depth] = Mine[Depth + 1] + 1000 * (Depth + 1);
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

int main(int Argc, char **Argv) {
  int Blocks = Argc > 1 ? std::atoi(Argv[1]) : 64;
  int Reps = Argc > 2 ? std::atoi(Argv[2]) : 2;
  CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 65536));
  for (int Rep = 0; Rep < Reps; ++Rep) {
    { // 1
      const int SegLen = 1000, Threads = 512;
      const int N = Blocks * SegLen - 123 * (Rep + 1);
      const int Roots = (N + SegLen - 1) / SegLen;
      std::vector<long long> D(N);
      for (int I = 0; I < N; ++I)
        D[I] = (I * 7919LL) % 1000 - 400 + Rep;
      long long *DD = upload(D), *DS = upload(std::vector<long long>(Roots));
      int *DT = upload(std::vector<int>(Roots * TraceSlots, -1));
      std::vector<int> Zero(Roots * TraceSlots, -1);
      for (int R = 0; R < Roots; ++R)
        Zero[R * TraceSlots + TraceSlots - 1] = 0;
      CHECK(cudaMemcpy(DT, Zero.data(), Zero.size() * sizeof(int),
                       cudaMemcpyHostToDevice));
      halve<<<Roots, Threads>>>(DD, N, SegLen, DS, DT, -1, 0);
      CHECK(cudaGetLastError());
      std::vector<long long> Want(Roots, 0);
      std::vector<int> WantTrace(Roots * TraceSlots, -1);
      for (int R = 0; R < Roots; ++R) {
        int Len = std::min(SegLen, N - R * SegLen);
        for (int I = 0; I < Len; ++I)
          Want[R] += D[R * SegLen + I];
        int Levels = 1;
        while (Len > 1) { // the levels of the halving: until Half == 1
          int Half = (Len + 1) / 2;
          if (Half == 1)
            break;
          ++Levels;
          Len = Half;
        }
        for (int K = 0; K < Levels; ++K)
          WantTrace[R * TraceSlots + K] = Levels - 1 - K;
        WantTrace[R * TraceSlots + TraceSlots - 1] = Levels;
      }
      expect("halve", download(DS, Roots), Want);
      expect("halve (postwork order)", download(DT, Roots * TraceSlots),
             WantTrace);
      CHECK(cudaFree(DD));
      CHECK(cudaFree(DS));
      CHECK(cudaFree(DT));
    }
    { // 2
      int *DO = upload(std::vector<int>(Blocks * 8192, -1));
      grow<<<Blocks, 32>>>(DO, 0, 5);
      CHECK(cudaGetLastError());
      std::vector<int> Want(Blocks * 8192, -1);
      for (int B = 0; B < Blocks; ++B)
        for (int L = 0, Size = 32; L <= 5; ++L, Size = std::min(Size * 2, 1024))
          for (int T = 0; T < Size; ++T)
            Want[B * 8192 + L * 1024 + T] = L * 100000 + T * 3 + Size;
      expect("grow", download(DO, Blocks * 8192), Want);
      CHECK(cudaFree(DO));
    }
    { // 3
      int *DO = upload(std::vector<int>(Blocks * 8192, -1));
      bigbar<<<Blocks, 128>>>(DO, 0, 6);
      CHECK(cudaGetLastError());
      std::vector<int> Want(Blocks * 8192, -1);
      for (int B = 0; B < Blocks; ++B)
        for (int L = 0, Size = 128; L <= 6;
             Size = L % 2 ? Size / 2 : Size * 2, ++L)
          for (int T = 0; T < Size; ++T)
            Want[B * 8192 + L * 1024 + T] = ((Size - 1 - T) * 7 + L) * 2 + 1;
      expect("bigbar", download(DO, Blocks * 8192), Want);
      CHECK(cudaFree(DO));
    }
    { // 4
      std::vector<int> Init(Blocks * 512);
      for (size_t I = 0; I < Init.size(); ++I)
        Init[I] = static_cast<int>(I % 5) + Rep;
      int *DO = upload(Init);
      multi<<<Blocks, dim3(8, 4)>>>(DO, 0);
      CHECK(cudaGetLastError());
      std::vector<int> Want = Init;
      for (int B = 0; B < Blocks; ++B)
        for (int D = 0; D <= 5; ++D) {
          int X = D == 0 ? 8 : 4, Y = D == 0 ? 4 : 8;
          for (int Ty = 0; Ty < Y; ++Ty)
            for (int Tx = 0; Tx < X; ++Tx) {
              int T = Tx + X * Ty;
              Want[B * 512 + D * 64 + T] += D * 10 + T + 1000 * Ty;
            }
        }
      expect("multi", download(DO, Blocks * 512), Want);
      CHECK(cudaFree(DO));
    }
    { // 5
      const int N = 40 + Rep;
      int *DO = upload(std::vector<int>(Blocks * 64, 0));
      shrink<<<Blocks, 64>>>(DO, N, 0);
      CHECK(cudaGetLastError());
      std::vector<int> Want(Blocks * 64, 0);
      for (int B = 0; B < Blocks; ++B) {
        int *W = &Want[B * 64];
        int Depth = 0;
        for (int M = N; M > 0; M /= 2, ++Depth)
          W[Depth] = M;
        // A level ran for every launch with threads; the last launch had
        // none. Postwork: every level that ran, reading the count below.
        for (int D = 0; D < Depth; ++D)
          W[32 + D] = W[D + 1] + 1000 * (D + 1);
      }
      expect("shrink", download(DO, Blocks * 64), Want);
      CHECK(cudaFree(DO));
    }
  }
  if (failures == 0)
    std::printf("PASSED\n");
  else
    std::printf("FAILED (%d)\n", failures);
  return failures == 0 ? 0 : 1;
}
