//===- partial_barrier.cu - What racecheck says about a partial barrier --===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A control for the T3 runs, written by hand (no dpopt): the first 128
// threads of a 256-thread block exchange values through shared memory across
// 'barrier.sync 1, 128' -- the partial barrier T3 puts in place of a child's
// __syncthreads() -- while the other 128 threads do nothing. By the PTX ISA
// the barrier orders the 128 threads' shared-memory accesses. 'full' is the
// same exchange in a 128-thread block, where barrier 1 with count 128 is the
// whole block. Each checks its result and exits non-zero on a mismatch; run
// under compute-sanitizer racecheck to see whether the tool models partial
// barriers.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <string>
#include <vector>

#include <cuda_runtime.h>

__global__ void exchange(int *Out) {
  __shared__ int S[128];
  if (threadIdx.x < 128) {
    S[threadIdx.x] = blockIdx.x * 1000 + threadIdx.x;
    asm volatile("barrier.sync 1, %0;" : : "r"(128) : "memory");
    Out[blockIdx.x * 128 + threadIdx.x] = S[127 - threadIdx.x];
  }
}

// 'partial_barrier full' or 'partial_barrier partial' runs one; no argument
// runs both.
int main(int Argc, char **Argv) {
  const int Blocks = 64;
  int Failures = 0;
  for (int Threads : {128, 256}) {
    if (Argc > 1 && std::string(Argv[1]) != (Threads == 128 ? "full" : "partial"))
      continue;
    int *D;
    cudaMalloc(&D, Blocks * 128 * sizeof(int));
    exchange<<<Blocks, Threads>>>(D);
    std::vector<int> H(Blocks * 128);
    cudaMemcpy(H.data(), D, H.size() * sizeof(int), cudaMemcpyDeviceToHost);
    int Bad = 0;
    for (int B = 0; B < Blocks; ++B)
      for (int T = 0; T < 128; ++T)
        Bad += H[B * 128 + T] != B * 1000 + 127 - T;
    printf("%s %s: %d of %d values wrong (%s)\n", Bad ? "FAIL" : "PASS",
           Threads == 128 ? "full" : "partial", Bad, Blocks * 128,
           cudaGetErrorString(cudaGetLastError()));
    Failures += Bad != 0;
    cudaFree(D);
  }
  return Failures;
}
