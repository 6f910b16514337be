//===- gridid.cu - Is %gridid unique among the grids alive at once? -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The continuation runtime joins the suspended blocks of a grid under the
// grid's %gridid (runtime/dpopt/continuation.cuh), and aggregation's groups
// use it too: two grids alive at the same time must never share one. The
// PTX ISA calls it the temporal grid launch number of the context. This
// probe records the %gridid of many grids that overlap in time:
//
//  1. 4,096 threads each launch a child grid (fire-and-forget) and each
//     child launches two grandchildren, one into the tail stream;
//  2. the same while the host has kernels running in 4 other streams;
//  3. 64 one-block children that stay alive (spin, for at most about a
//     second) until all their siblings started, so that every id seen is
//     of a grid alive with all the others (64: well under the GPU's limit
//     of grids running at once);
//  4. a second run of case 1: ids are not reused from the first.
//
// Prints "case N: ok" or the first duplicate, then "PASSED"/"FAILED".
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstdio>
#include <vector>

__device__ unsigned long long gridId() {
  unsigned long long Id;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(Id));
  return Id;
}

__device__ unsigned Next;

__device__ void record(unsigned long long *Ids) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    Ids[atomicAdd(&Next, 1u)] = gridId();
}

__global__ void grandchild(unsigned long long *Ids) { record(Ids); }

__global__ void child(unsigned long long *Ids) {
  record(Ids);
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    grandchild<<<1, 32, 0, cudaStreamFireAndForget>>>(Ids);
    grandchild<<<1, 32, 0, cudaStreamTailLaunch>>>(Ids);
  }
}

__global__ void parent(unsigned long long *Ids) {
  record(Ids);
  child<<<2, 32, 0, cudaStreamFireAndForget>>>(Ids);
}

/// Every block of every child waits until all Children children started.
__global__ void waitingChild(unsigned long long *Ids, unsigned *Started,
                             unsigned Children) {
  if (threadIdx.x == 0) {
    if (blockIdx.x == 0) {
      Ids[atomicAdd(&Next, 1u)] = gridId();
      atomicAdd(Started, 1u);
    }
    for (int Spin = 0;
         *static_cast<volatile unsigned *>(Started) < Children && Spin < 1 << 23;
         ++Spin)
      __nanosleep(100);
  }
}

__global__ void waitingParent(unsigned long long *Ids, unsigned *Started,
                              unsigned Children) {
  waitingChild<<<1, 32, 0, cudaStreamFireAndForget>>>(Ids, Started, Children);
}

__global__ void busy(int Rounds, int *Sink) {
  int X = 0;
  for (int I = 0; I < Rounds; ++I)
    X = X * 31 + I;
  if (X == 42)
    *Sink = X;
}

static int failures = 0;

static bool check(int Case, unsigned long long *DIds, unsigned Expected,
                  std::vector<unsigned long long> *Keep = nullptr) {
  unsigned Got = 0;
  cudaMemcpyFromSymbol(&Got, Next, sizeof(Got));
  std::vector<unsigned long long> Ids(Got);
  cudaMemcpy(Ids.data(), DIds, Got * sizeof(unsigned long long),
             cudaMemcpyDeviceToHost);
  if (cudaGetLastError() != cudaSuccess || Got != Expected) {
    std::printf("case %d: recorded %u ids, want %u (%s)\n", Case, Got, Expected,
                cudaGetErrorString(cudaGetLastError()));
    ++failures;
    return false;
  }
  if (Keep)
    Ids.insert(Ids.end(), Keep->begin(), Keep->end());
  std::vector<unsigned long long> Sorted = Ids;
  std::sort(Sorted.begin(), Sorted.end());
  auto Dup = std::adjacent_find(Sorted.begin(), Sorted.end());
  if (Dup != Sorted.end()) {
    std::printf("case %d: %%gridid %llu seen twice among %zu grids\n", Case,
                *Dup, Sorted.size());
    ++failures;
    return false;
  }
  std::printf("case %d: ok (%zu distinct ids, from %llu to %llu)\n", Case,
              Sorted.size(), Sorted.front(), Sorted.back());
  if (Keep)
    *Keep = Ids;
  return true;
}

int main() {
  // Recorded per run of parent: its grid, each thread's child grid and the
  // child's two grandchildren.
  const unsigned Parents = 4096, Recorded = 1 + Parents * 3;
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1 << 16);
  unsigned long long *DIds;
  cudaMalloc(&DIds, sizeof(unsigned long long) * (Parents * 16 + 4096));
  unsigned *Started;
  cudaMalloc(&Started, sizeof(unsigned));
  int *Sink;
  cudaMalloc(&Sink, sizeof(int));
  const unsigned Zero = 0;
  std::vector<unsigned long long> First;

  // 1 (and 4: kept for the comparison).
  cudaMemcpyToSymbol(Next, &Zero, sizeof(Zero));
  parent<<<Parents / 128, 128>>>(DIds);
  cudaDeviceSynchronize();
  check(1, DIds, Recorded, &First);

  // 2
  cudaStream_t S[4];
  for (cudaStream_t &X : S)
    cudaStreamCreateWithFlags(&X, cudaStreamNonBlocking);
  cudaMemcpyToSymbol(Next, &Zero, sizeof(Zero));
  for (cudaStream_t &X : S)
    busy<<<64, 128, 0, X>>>(1 << 16, Sink);
  parent<<<Parents / 128, 128>>>(DIds);
  cudaDeviceSynchronize();
  check(2, DIds, Recorded);

  // 3
  const unsigned Children = 64;
  cudaMemcpyToSymbol(Next, &Zero, sizeof(Zero));
  cudaMemset(Started, 0, sizeof(unsigned));
  waitingParent<<<1, Children>>>(DIds, Started, Children);
  cudaDeviceSynchronize();
  check(3, DIds, Children);

  // 4
  cudaMemcpyToSymbol(Next, &Zero, sizeof(Zero));
  parent<<<Parents / 128, 128>>>(DIds);
  cudaDeviceSynchronize();
  std::vector<unsigned long long> Both = First;
  check(4, DIds, Recorded, &Both);

  std::printf(failures ? "FAILED\n" : "PASSED\n");
  return failures != 0;
}
