//===- enclosure_launch.cu - Launches inside a warp-level enclosure -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A probe, not a test. dpopt encloses the branches around aggregation's
// record step (and remove-launch T4's serial child) so that the lanes that
// enter them leave together:
//
//   { const unsigned M = __activemask(); if (...) { ... } syncLanes(M); }
//
// The tester found warps hung with lanes held in that syncLanes while
// warp-mates were inside a launch in the branch (seed 77). Aggregation's
// record step still launches in the branch when a record fails -- for a
// configuration the GPU rejects (zero blocks), or when the pool is full.
// This probe asks which of those hang:
//
//   enclosure_launch SCENARIO
//
// SCENARIO (lanes with lane % 3 == 0 take the branch; the others skip it)
//   0  enclosed; the branch launches a one-block child
//   1  enclosed; the branch makes a zero-block launch (it fails)
//   2  enclosed; only lane 0 of the branch makes a zero-block launch, the
//      others a few atomics (a record step whose one record failed)
//   3  not enclosed (the compiler's own reconvergence); one-block child
//   4  not enclosed; zero-block launch
//
// Prints 'done' and the launch errors seen; a hang is the caller's time-out.
//
//===----------------------------------------------------------------------===//

#include "dpopt/runtime.cuh"

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void leaf(unsigned *Count) { atomicAdd(Count, 1u); }

__device__ void branchBody(unsigned *Count, unsigned Lane, int Scenario) {
  bool ZeroBlocks = Scenario == 1 || Scenario == 4 || (Scenario == 2 && Lane == 0);
  bool Launches = Scenario != 2 || Lane == 0;
  if (!Launches) {
    for (int I = 0; I < 8; ++I)
      atomicAdd(Count + 2 + (Lane + I) % 32, 1u);
    return;
  }
  leaf<<<ZeroBlocks ? 0 : 1, 32, 0, cudaStreamFireAndForget>>>(Count);
  if (cudaGetLastError() != cudaSuccess)
    atomicAdd(Count + 1, 1u);
}

__global__ void parent(unsigned *Count, int Scenario) {
  unsigned Lane = threadIdx.x % 32;
  if (Scenario <= 2) {
    const unsigned M = __activemask();
    if (Lane % 3 == 0)
      branchBody(Count, Lane, Scenario);
    dpopt::rt::syncLanes(M);
  } else if (Lane % 3 == 0) {
    branchBody(Count, Lane, Scenario);
  }
  // Lanes go on to launch again, as the tester's programs do after a branch.
  if (Lane % 5 == 0)
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(Count);
}

int main(int Argc, char **Argv) {
  if (Argc < 2)
    return 2;
  int Scenario = atoi(Argv[1]);
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 65536);
  unsigned *Count;
  cudaMalloc(&Count, 64 * sizeof(unsigned));
  cudaMemset(Count, 0, 64 * sizeof(unsigned));
  for (int R = 0; R < 10; ++R) {
    parent<<<132, 128>>>(Count, Scenario);
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      printf("error %s\n", cudaGetErrorName(E));
      return 1;
    }
  }
  unsigned Host[2];
  cudaMemcpy(Host, Count, sizeof Host, cudaMemcpyDeviceToHost);
  printf("done launches-run %u launch-errors %u\n", Host[0], Host[1]);
  return 0;
}
