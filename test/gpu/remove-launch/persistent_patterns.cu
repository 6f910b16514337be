//===- persistent_patterns.cu - Parents T1/T2 make persistent ------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Valid CDP2 code whose parents are launched by the host in this file, so
// remove-launch can make them persistent (T1, T2, auto's T1/T2 selection);
// T3 and T4 run what they can. Built as written and after dpopt with each
// technique; each check compares with a CPU reference and prints PASS or
// FAIL; the exit status is the number of failures.
//
//   spread:    irregular child grids (0 to 40 blocks) from one thread in
//              five, 3,000 parent blocks: many rounds, T1's search;
//   fewBig:    a 3-block parent grid launching child grids of 500 blocks
//              (fewer parent blocks than can be resident: Fig. 7(a));
//   reduce:    a 128-thread reducing child (barriers, shared memory) from a
//              2D parent grid of 1,200 256-thread blocks that uses its own
//              shared memory and barriers; launched on a stream with dynamic
//              shared memory, twice (T1/T2 put the child's shared array on
//              top of the parent's: §2.3 "reuse");
//   early:     a parent whose threads return early and that reads
//              blockIdx/gridDim in a device function; 2D child grids and
//              blocks.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define CUDA_OK(X)                                                             \
  do {                                                                         \
    cudaError_t E_ = (X);                                                      \
    if (E_ != cudaSuccess) {                                                   \
      printf("CUDA error %s at %s:%d\n", cudaGetErrorString(E_), __FILE__,     \
             __LINE__);                                                        \
      exit(100);                                                               \
    }                                                                          \
  } while (0)

// --- spread -----------------------------------------------------------------

__global__ void addRange(int *Out, int Owner, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    atomicAdd(&Out[(Owner * 7 + I) % 100003], Owner % 13 + 1);
}

__global__ void spread(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N && T % 5 == 0) {
    int Count = (T * 37) % 41 * 64;
    addRange<<<(Count + 63) / 64, 64>>>(Out, T, Count);
  }
}

// --- fewBig -----------------------------------------------------------------

__global__ void fill(int *Out, int Base, int Value) {
  Out[Base + blockIdx.x * blockDim.x + threadIdx.x] += Value;
}

__global__ void fewBig(int *Out) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    fill<<<500, 128>>>(Out, blockIdx.x * 64000, T + 1);
}

// --- reduce -----------------------------------------------------------------

__global__ void blockReduce(const int *In, int *Out, int N) {
  __shared__ int Part[128];
  int I = blockIdx.x * 128 + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (int S = 64; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}

__global__ void reduceRows(const int *In, int *Sums, int *Mark, int Rows, int Width) {
  extern __shared__ int Scratch[];
  __shared__ int Mine[256];
  int Local = threadIdx.x;
  int Row = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
  Mine[Local] = Row;
  Scratch[Local] = 2 * Row;
  __syncthreads();
  int Other = Mine[(Local + 1) % blockDim.x] + Scratch[(Local + 3) % blockDim.x];
  if (Row < Rows) {
    Mark[Row] = Other;
    if (Row % 4 != 3)
      blockReduce<<<(Width + 127) / 128, 128>>>(In + (size_t)Row * Width, Sums + Row, Width);
  }
}

// --- early ------------------------------------------------------------------

__global__ void tile(int *Out, int Owner, int W) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W)
    atomicAdd(&Out[Owner], X * 3 + Y + gridDim.y);
}

__device__ int parentLinear() { return blockIdx.x + gridDim.x * blockIdx.y; }

__global__ void early(int *Out, int *Seen, int N) {
  int T = parentLinear() * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  Seen[T] = gridDim.x * gridDim.y;
  if (T % 3 == 0)
    return;
  tile<<<dim3(T % 4 + 1, 2), dim3(8, 4)>>>(Out, T, 8 * (T % 4) + 5);
}

// --- host -------------------------------------------------------------------

int checkEqual(const char *Name, const std::vector<int> &Got, const std::vector<int> &Want) {
  for (size_t I = 0; I < Want.size(); ++I)
    if (Got[I] != Want[I]) {
      printf("FAIL %s: [%zu] = %d, want %d\n", Name, I, Got[I], Want[I]);
      return 1;
    }
  printf("PASS %s\n", Name);
  return 0;
}

template <typename T> T *deviceCopy(const std::vector<T> &H) {
  T *D = nullptr;
  CUDA_OK(cudaMalloc(&D, H.size() * sizeof(T)));
  CUDA_OK(cudaMemcpy(D, H.data(), H.size() * sizeof(T), cudaMemcpyHostToDevice));
  return D;
}

template <typename T> std::vector<T> hostCopy(const T *D, size_t N) {
  std::vector<T> H(N);
  CUDA_OK(cudaMemcpy(H.data(), D, N * sizeof(T), cudaMemcpyDeviceToHost));
  return H;
}

int runSpread() {
  const int N = 3000 * 128, Size = 100003;
  std::vector<int> Want(Size, 0);
  for (int T = 0; T < N; T += 5) {
    int Count = (T * 37) % 41 * 64;
    for (int I = 0; I < Count; ++I)
      Want[(T * 7 + I) % Size] += T % 13 + 1;
  }
  int *Out = deviceCopy(std::vector<int>(Size, 0));
  cudaEvent_t A, B;
  CUDA_OK(cudaEventCreate(&A));
  CUDA_OK(cudaEventCreate(&B));
  CUDA_OK(cudaEventRecord(A));
  spread<<<3000, 128>>>(Out, N);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaEventRecord(B));
  CUDA_OK(cudaDeviceSynchronize());
  float Ms = 0;
  CUDA_OK(cudaEventElapsedTime(&Ms, A, B));
  printf("spread: %.3f ms\n", Ms);
  int R = checkEqual("spread", hostCopy(Out, Size), Want);
  cudaFree(Out);
  return R;
}

int runFewBig() {
  const int Size = 3 * 64000;
  std::vector<int> Want(Size, 0);
  for (int B = 0; B < 3; ++B)
    for (int I = 0; I < 64000; ++I)
      Want[B * 64000 + I] += B * 32 + 1;
  int *Out = deviceCopy(std::vector<int>(Size, 0));
  fewBig<<<3, 32>>>(Out);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
  int R = checkEqual("fewBig", hostCopy(Out, Size), Want);
  cudaFree(Out);
  return R;
}

int runReduce() {
  // 1,200 parent blocks: more than can be resident, so a persistent grid
  // plays them in two rounds, and the children of the first reuse the
  // parent's shared memory before the second round's parents use it again.
  const int Rows = 1200 * 256 - 100, Width = 130;
  std::vector<int> In((size_t)Rows * Width);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = (int)(I * 2654435761u % 1000) - 500;
  std::vector<int> WantSums(Rows, 0), WantMark(Rows, 0);
  const dim3 Grid(40, 30); // 1,200 blocks of 256 threads
  for (int Row = 0; Row < Rows; ++Row) {
    int Local = Row % 256, Block = Row / 256;
    int Next = Block * 256 + (Local + 1) % 256, Third = Block * 256 + (Local + 3) % 256;
    WantMark[Row] = Next + 2 * Third;
    if (Row % 4 != 3)
      for (int I = 0; I < Width; ++I)
        WantSums[Row] += In[(size_t)Row * Width + I];
  }
  int *DIn = deviceCopy(In);
  int *Sums = deviceCopy(std::vector<int>(Rows, 0));
  int *Mark = deviceCopy(std::vector<int>(Rows, 0));
  cudaStream_t S;
  CUDA_OK(cudaStreamCreate(&S));
  for (int Pass = 0; Pass < 2; ++Pass) {
    CUDA_OK(cudaMemsetAsync(Sums, 0, Rows * sizeof(int), S));
    reduceRows<<<Grid, 256, 256 * sizeof(int), S>>>(DIn, Sums, Mark, Rows, Width);
    CUDA_OK(cudaGetLastError());
  }
  CUDA_OK(cudaStreamSynchronize(S));
  int R = checkEqual("reduce sums", hostCopy(Sums, Rows), WantSums) +
          checkEqual("reduce own shared memory", hostCopy(Mark, Rows), WantMark);
  cudaFree(DIn);
  cudaFree(Sums);
  cudaFree(Mark);
  cudaStreamDestroy(S);
  return R;
}

int runEarly() {
  const int N = 5000;
  const dim3 Grid(10, 2); // 20 blocks of 256 threads
  std::vector<int> WantOut(N, 0), WantSeen(N, 0);
  for (int T = 0; T < N; ++T) {
    WantSeen[T] = 20;
    if (T % 3 == 0)
      continue;
    int W = 8 * (T % 4) + 5, Gx = T % 4 + 1;
    for (int Y = 0; Y < 8; ++Y)
      for (int X = 0; X < Gx * 8; ++X)
        if (X < W)
          WantOut[T] += X * 3 + Y + 2;
  }
  int *Out = deviceCopy(std::vector<int>(N, 0));
  int *Seen = deviceCopy(std::vector<int>(N, 0));
  early<<<Grid, 256>>>(Out, Seen, N);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
  int R = checkEqual("early", hostCopy(Out, N), WantOut) +
          checkEqual("early gridDim", hostCopy(Seen, N), WantSeen);
  cudaFree(Out);
  cudaFree(Seen);
  return R;
}

int main() {
  // The original launches up to 230,000 children per parent grid: CDP's
  // default of 2,048 pending launches would drop most of them.
  CUDA_OK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1 << 18));
  int Fails = runSpread() + runFewBig() + runReduce() + runEarly();
  printf("%s: %d failure(s)\n", Fails ? "FAIL" : "PASS", Fails);
  return Fails;
}
