//===- cdp1_programs.cu - Legacy CDP1 programs for remove-launch ---------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Legacy CDP1 code: parents wait for their children with a device-side
// cudaDeviceSynchronize(), which CUDA 12+ rejects for sm_90. This file does
// not compile for Hopper as written; `dpopt --passes=remove-launch` turns it
// into code that does. Each check compares with a CPU reference and prints
// PASS or FAIL; the exit status is the number of failures.
//
//   rows:   every parent thread sums one row in a child grid, waits for it,
//           then reads the child's result (wrong without the wait);
//   blockRows: like rows, with a child that reduces in shared memory with
//           barriers (T3: the parent block runs the children);
//   driver: a one-thread driver grid iterates on the device as
//           benchmarks/ccl/cdp1.cu does: it launches a parent grid whose
//           threads launch children, waits, and reads a flag they set.
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

__global__ void rowSum(const int *In, int *RowTotal, int Row, int Width) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X < Width)
    atomicAdd(&RowTotal[Row], In[Row * Width + X]);
}

__global__ void rows(const int *In, int *RowTotal, int *Weighted, int Height, int Width) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row >= Height)
    return;
  rowSum<<<(Width + 127) / 128, 128>>>(In, RowTotal, Row, Width);
  cudaDeviceSynchronize();
  // Reads the child's result: only correct after the child finished.
  Weighted[Row] = RowTotal[Row] * (Row % 7 + 1);
}

__global__ void blockSum(const int *In, int *Out, int N) {
  __shared__ int Part[128];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (int S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}

__global__ void blockRows(const int *In, int *RowTotal, int *Weighted, int Height, int Width) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Height)
    blockSum<<<(Width + 127) / 128, 128>>>(In + Row * Width, RowTotal + Row, Width);
  cudaDeviceSynchronize();
  // Reads the child's result: only correct after the child finished.
  if (Row < Height)
    Weighted[Row] = RowTotal[Row] * (Row % 5 + 2);
}

constexpr int Inf = 1 << 29;

__global__ void relax(int *Dist, int Width, int Row, int *Changed) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X + 1 < Width) {
    int Here = Dist[Row * Width + X];
    if (Here + 1 < Dist[Row * Width + X + 1]) {
      atomicMin(&Dist[Row * Width + X + 1], Here + 1);
      *Changed = 1;
    }
  }
}

__global__ void relaxRows(int *Dist, int Width, int Height, int *Changed) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Height)
    relax<<<(Width + 63) / 64, 64>>>(Dist, Width, Row, Changed);
}

__global__ void driver(int *Dist, int Width, int Height, int *Changed, int *Passes) {
  for (int Pass = 0; Pass <= Width; ++Pass) {
    *Changed = 0;
    relaxRows<<<(Height + 127) / 128, 128>>>(Dist, Width, Height, Changed);
    cudaDeviceSynchronize();
    *Passes = Pass + 1;
    if (*(volatile int *)Changed == 0)
      return;
  }
}

static int check(const char *Name, const std::vector<int> &Got, const std::vector<int> &Want) {
  for (size_t I = 0; I < Want.size(); ++I)
    if (Got[I] != Want[I]) {
      printf("FAIL %s: element %zu is %d, expected %d\n", Name, I, Got[I], Want[I]);
      return 1;
    }
  printf("PASS %s (%zu values)\n", Name, Want.size());
  return 0;
}

int main() {
  int Failures = 0;
  srand(12345);
  {
    const int Height = 4096, Width = 1000;
    std::vector<int> In(Height * Width);
    for (int &V : In)
      V = rand() % 100;
    std::vector<int> WantTotal(Height, 0), WantWeighted(Height);
    for (int R = 0; R < Height; ++R) {
      for (int X = 0; X < Width; ++X)
        WantTotal[R] += In[R * Width + X];
      WantWeighted[R] = WantTotal[R] * (R % 7 + 1);
    }
    int *DIn, *DTotal, *DWeighted;
    CUDA_OK(cudaMalloc(&DIn, In.size() * sizeof(int)));
    CUDA_OK(cudaMalloc(&DTotal, Height * sizeof(int)));
    CUDA_OK(cudaMalloc(&DWeighted, Height * sizeof(int)));
    CUDA_OK(cudaMemcpy(DIn, In.data(), In.size() * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemset(DTotal, 0, Height * sizeof(int)));
    cudaEvent_t Start, Stop;
    CUDA_OK(cudaEventCreate(&Start));
    CUDA_OK(cudaEventCreate(&Stop));
    CUDA_OK(cudaEventRecord(Start));
    rows<<<(Height + 127) / 128, 128>>>(DIn, DTotal, DWeighted, Height, Width);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaEventRecord(Stop));
    CUDA_OK(cudaDeviceSynchronize());
    float Ms = 0;
    CUDA_OK(cudaEventElapsedTime(&Ms, Start, Stop));
    std::vector<int> Total(Height), Weighted(Height);
    CUDA_OK(cudaMemcpy(Total.data(), DTotal, Height * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(Weighted.data(), DWeighted, Height * sizeof(int), cudaMemcpyDeviceToHost));
    printf("rows: %d x %d, %.3f ms\n", Height, Width, Ms);
    Failures += check("rows.total", Total, WantTotal);
    Failures += check("rows.weighted", Weighted, WantWeighted);
    // The same with a child that synchronizes (T3).
    for (int R = 0; R < Height; ++R)
      WantWeighted[R] = WantTotal[R] * (R % 5 + 2);
    CUDA_OK(cudaMemset(DTotal, 0, Height * sizeof(int)));
    CUDA_OK(cudaEventRecord(Start));
    blockRows<<<(Height + 255) / 256, 256>>>(DIn, DTotal, DWeighted, Height, Width);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaEventRecord(Stop));
    CUDA_OK(cudaDeviceSynchronize());
    CUDA_OK(cudaEventElapsedTime(&Ms, Start, Stop));
    CUDA_OK(cudaMemcpy(Total.data(), DTotal, Height * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(Weighted.data(), DWeighted, Height * sizeof(int), cudaMemcpyDeviceToHost));
    printf("blockRows: %d x %d, %.3f ms\n", Height, Width, Ms);
    Failures += check("blockRows.total", Total, WantTotal);
    Failures += check("blockRows.weighted", Weighted, WantWeighted);
  }
  {
    const int Height = 512, Width = 512;
    std::vector<int> Dist(Height * Width);
    for (int &V : Dist)
      V = rand() % 50 == 0 ? 0 : Inf;
    std::vector<int> Want = Dist;
    for (int R = 0; R < Height; ++R)
      for (int X = 0; X + 1 < Width; ++X)
        if (Want[R * Width + X] + 1 < Want[R * Width + X + 1])
          Want[R * Width + X + 1] = Want[R * Width + X] + 1;
    int *DDist, *DChanged, *DPasses;
    CUDA_OK(cudaMalloc(&DDist, Dist.size() * sizeof(int)));
    CUDA_OK(cudaMalloc(&DChanged, sizeof(int)));
    CUDA_OK(cudaMalloc(&DPasses, sizeof(int)));
    CUDA_OK(cudaMemcpy(DDist, Dist.data(), Dist.size() * sizeof(int), cudaMemcpyHostToDevice));
    cudaEvent_t Start, Stop;
    CUDA_OK(cudaEventCreate(&Start));
    CUDA_OK(cudaEventCreate(&Stop));
    CUDA_OK(cudaEventRecord(Start));
    driver<<<1, 1>>>(DDist, Width, Height, DChanged, DPasses);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaEventRecord(Stop));
    CUDA_OK(cudaDeviceSynchronize());
    float Ms = 0;
    CUDA_OK(cudaEventElapsedTime(&Ms, Start, Stop));
    int Passes = 0;
    CUDA_OK(cudaMemcpy(&Passes, DPasses, sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(Dist.data(), DDist, Dist.size() * sizeof(int), cudaMemcpyDeviceToHost));
    printf("driver: %d x %d, %d passes, %.3f ms\n", Height, Width, Passes, Ms);
    Failures += check("driver.dist", Dist, Want);
  }
  printf("%s: %d failure(s)\n", Failures ? "FAIL" : "PASS", Failures);
  return Failures;
}
