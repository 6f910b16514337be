//===- t4_patterns.cu - remove-launch T4 on CDP2 code ---------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Valid CDP2 code with the launch shapes T4 handles: several launches per
// thread in a loop, a launch condition only some threads meet, a 2D child,
// a template child, a child that launches (removed with it), a launch in a
// device function, a child whose threads return early and modify a
// parameter. Built as written and after `dpopt --passes=remove-launch`; both
// must match the CPU reference. Exit status: number of failures.
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

constexpr int Bins = 257;

__device__ int weight(int V) { return V * 3 + (int)(threadIdx.x % 5); }

__global__ void fill(int *Acc, int Base, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  atomicAdd(&Acc[(Base + I) % Bins], weight(I));
}

__global__ void grid2d(int *Acc, int Rows, int Cols) {
  int R = blockIdx.y * blockDim.y + threadIdx.y;
  int C = blockIdx.x * blockDim.x + threadIdx.x;
  if (R < Rows && C < Cols)
    atomicAdd(&Acc[(R * Cols + C) % Bins], 1);
}

template <typename T> __global__ void scaleAdd(T *Acc, T By, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    atomicAdd(&Acc[I % Bins], By);
}

__global__ void countdown(int *Acc, int N) {
  while (N > 0) {
    atomicAdd(&Acc[(threadIdx.x + N) % Bins], 1);
    --N;
  }
}

__global__ void leaf(int *Acc, int Row) { atomicAdd(&Acc[Row % Bins], (int)threadIdx.x); }
__global__ void mid(int *Acc, int Rows) {
  int R = blockIdx.x * blockDim.x + threadIdx.x;
  if (R < Rows)
    leaf<<<1, 32>>>(Acc, R);
}

__device__ void helper(int *Acc, int N) { fill<<<(N + 63) / 64, 64>>>(Acc, 7, N); }

__global__ void parent(int *Acc, const int *Len, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  for (int K = 0; K < 3; ++K)
    fill<<<(Len[T] + 127) / 128, 128>>>(Acc, K * N + T, Len[T]);
  if (Len[T] % 2 == 0)
    grid2d<<<dim3(2, 3), dim3(8, 4)>>>(Acc, 20, 15);
  scaleAdd<int><<<2, 32>>>(Acc, 2, Len[T]);
  countdown<<<1, 16, 0, cudaStreamFireAndForget>>>(Acc, Len[T] % 5);
  if (T % 3 == 0)
    mid<<<1, 8>>>(Acc, 5 + T % 4);
  helper(Acc, Len[T] / 2);
}

// The CPU's version of the same work.
static void reference(std::vector<long long> &Acc, const std::vector<int> &Len, int N) {
  auto Fill = [&](int Base, int Count, int BlockSize) {
    for (int I = 0; I < Count; ++I)
      Acc[(Base + I) % Bins] += I * 3 + (I % BlockSize) % 5;
  };
  for (int T = 0; T < N; ++T) {
    for (int K = 0; K < 3; ++K)
      Fill(K * N + T, Len[T], 128);
    if (Len[T] % 2 == 0)
      // The 2 x 3 grid of 8 x 4 blocks covers 12 rows and 16 columns.
      for (int R = 0; R < 12; ++R)
        for (int C = 0; C < 15; ++C)
          Acc[(R * 15 + C) % Bins] += 1;
    for (int I = 0; I < Len[T]; ++I)
      Acc[I % Bins] += 2;
    for (int X = 0; X < 16; ++X)
      for (int M = Len[T] % 5; M > 0; --M)
        Acc[(X + M) % Bins] += 1;
    if (T % 3 == 0)
      for (int R = 0; R < 8 && R < 5 + T % 4; ++R)
        for (int X = 0; X < 32; ++X)
          Acc[R % Bins] += X;
    Fill(7, Len[T] / 2, 64);
  }
}

int main() {
  const int N = 3000;
  srand(777);
  std::vector<int> Len(N);
  for (int &L : Len)
    L = rand() % 600;
  std::vector<long long> Want(Bins, 0);
  reference(Want, Len, N);

  int *DAcc, *DLen;
  CUDA_OK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1 << 16));
  CUDA_OK(cudaMalloc(&DAcc, Bins * sizeof(int)));
  CUDA_OK(cudaMalloc(&DLen, N * sizeof(int)));
  CUDA_OK(cudaMemcpy(DLen, Len.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemset(DAcc, 0, Bins * sizeof(int)));
  cudaEvent_t Start, Stop;
  CUDA_OK(cudaEventCreate(&Start));
  CUDA_OK(cudaEventCreate(&Stop));
  CUDA_OK(cudaEventRecord(Start));
  parent<<<(N + 127) / 128, 128>>>(DAcc, DLen, N);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaEventRecord(Stop));
  CUDA_OK(cudaDeviceSynchronize());
  float Ms = 0;
  CUDA_OK(cudaEventElapsedTime(&Ms, Start, Stop));
  std::vector<int> Acc(Bins);
  CUDA_OK(cudaMemcpy(Acc.data(), DAcc, Bins * sizeof(int), cudaMemcpyDeviceToHost));
  int Failures = 0;
  for (int I = 0; I < Bins; ++I)
    if (Acc[I] != (int)Want[I]) {
      if (Failures++ < 5)
        printf("bin %d is %d, expected %lld\n", I, Acc[I], Want[I]);
    }
  printf("t4_patterns: %d parent threads, %.3f ms\n", N, Ms);
  printf("%s: %d bin(s) differ\n", Failures ? "FAIL" : "PASS", Failures);
  return Failures ? 1 : 0;
}
