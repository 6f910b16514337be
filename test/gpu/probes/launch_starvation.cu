//===- launch_starvation.cu - Launches while warp-mates are busy ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A probe, not a test. Generated programs rewritten by remove-launch T4 hung
// on an H200 (CUDA 13) with some lanes of a warp in a device-side launch
// and the others in a serial loop that never advanced (cuda-gdb). This
// reproduces the pattern in one parent grid and switches its parts on and
// off:
//
//   launch_starvation TAIL MALLOC BUSY LAUNCH [WAVES [CHECK]]
//     TAIL    1: every lane of warp 0 of block 0 tail-launches first
//     MALLOC  1: lanes 0..7 call device-side cudaMalloc
//     BUSY    iterations of a loop lanes 0..7 run next (0: none); with
//             WAVES > 1, lane L runs BUSY * (L % WAVES) iterations, so
//             that they reach the launch in WAVES groups
//     LAUNCH  0: none; 1: every lane launches fire-and-forget; 2: into the
//             implicit stream
//     CHECK   1: lanes call cudaGetLastError() after the busy loop and
//             after the launch
//
// Prints 'done'; a hang is the caller's time-out.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void leaf(unsigned *Count) { atomicAdd(Count, 1u); }

__global__ void parent(unsigned *Count, int Tail, int Malloc, int Busy, int Launch, int Waves,
                       int Check) {
  unsigned T = threadIdx.x;
  if (Tail && blockIdx.x == 0 && T < 32)
    leaf<<<1, 1, 0, cudaStreamTailLaunch>>>(Count);
  if (T % 32 < 8) {
    if (Malloc) {
      unsigned *P = nullptr;
      if (cudaMalloc((void **)&P, 64) == cudaSuccess)
        P[0] = T;
    }
    int Iterations = Waves > 1 ? Busy * (int)(T % Waves) : Busy;
    for (int I = 0; I < Iterations; ++I)
      atomicAdd(Count + 1 + (T + I) % 64, 1u);
    if (Check && cudaGetLastError() != cudaSuccess)
      atomicAdd(Count + 100, 1u);
  }
  if (Launch == 1)
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(Count);
  else if (Launch == 2)
    leaf<<<1, 32>>>(Count);
  if (Check && cudaGetLastError() != cudaSuccess)
    atomicAdd(Count + 100, 1u);
}

int main(int Argc, char **Argv) {
  if (Argc < 5)
    return 2;
  int Tail = atoi(Argv[1]), Malloc = atoi(Argv[2]), Busy = atoi(Argv[3]),
      Launch = atoi(Argv[4]), Waves = Argc > 5 ? atoi(Argv[5]) : 1,
      Check = Argc > 6 ? atoi(Argv[6]) : 0;
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 65536);
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 256 << 20);
  unsigned *Count;
  cudaMalloc(&Count, 128 * sizeof(unsigned));
  for (int R = 0; R < 10; ++R) {
    parent<<<2, 40>>>(Count, Tail, Malloc, Busy, Launch, Waves, Check);
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      printf("error %s\n", cudaGetErrorName(E));
      return 1;
    }
  }
  printf("done\n");
  return 0;
}
