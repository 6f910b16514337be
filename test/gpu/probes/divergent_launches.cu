//===- divergent_launches.cu - Which launch patterns hang CUDA 13's device runtime -===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A probe, not a test. Every block of a parent grid makes two rounds of
// device-side launches of an empty child: round one by some lanes of each
// warp into one stream, round two by some lanes into another. Dpopt's
// rewrites change which lanes launch and in which order (aggregate moves a
// site's launch to one thread at the end of the kernel; threshold and
// remove-launch leave launches to some threads only), so this finds the
// patterns that hang. Usage:
//
//   divergent_launches FIRST-LANES FIRST-STREAM SECOND-LANES SECOND-STREAM
//
// LANES: 'all', 'one' (lane 0), 'two' (lanes 0 and 1), 'half' (0..15),
// 'other' (lane 31), 'none'; STREAM: 'implicit', 'ff' (fire-and-forget),
// 'tail', 'named' (a device-created stream). Prints 'done' after 20 host
// launches of 64 blocks x 64 threads; a hang is the caller's time-out.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void leaf(unsigned *Count) { atomicAdd(Count, 1u); }

__device__ bool chosen(int Lanes, unsigned Lane) {
  switch (Lanes) {
  case 0: return true;
  case 1: return Lane == 0;
  case 2: return Lane < 2;
  case 3: return Lane < 16;
  case 4: return Lane == 31;
  default: return false;
  }
}

__device__ void launchInto(int Stream, unsigned *Count) {
  switch (Stream) {
  case 0: leaf<<<1, 1>>>(Count); break;
  case 1: leaf<<<1, 1, 0, cudaStreamFireAndForget>>>(Count); break;
  case 2: leaf<<<1, 1, 0, cudaStreamTailLaunch>>>(Count); break;
  default: {
    cudaStream_t S;
    cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
    leaf<<<1, 1, 0, S>>>(Count);
    cudaStreamDestroy(S);
  }
  }
}

__global__ void parent(unsigned *Count, int L1, int S1, int L2, int S2) {
  unsigned Lane = threadIdx.x % 32;
  if (chosen(L1, Lane))
    launchInto(S1, Count);
  if (chosen(L2, Lane))
    launchInto(S2, Count);
}

static int index(const char *Word, const char *const *Words, int N) {
  for (int I = 0; I < N; ++I)
    if (!strcmp(Word, Words[I]))
      return I;
  fprintf(stderr, "unknown word '%s'\n", Word);
  return -1;
}

int main(int Argc, char **Argv) {
  const char *Lanes[] = {"all", "one", "two", "half", "other", "none"};
  const char *Streams[] = {"implicit", "ff", "tail", "named"};
  if (Argc != 5)
    return 2;
  int L1 = index(Argv[1], Lanes, 6), S1 = index(Argv[2], Streams, 4);
  int L2 = index(Argv[3], Lanes, 6), S2 = index(Argv[4], Streams, 4);
  if (L1 < 0 || S1 < 0 || L2 < 0 || S2 < 0)
    return 2;
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1 << 17);
  unsigned *Count;
  cudaMalloc(&Count, sizeof(unsigned));
  for (int R = 0; R < 20; ++R) {
    parent<<<64, 64>>>(Count, L1, S1, L2, S2);
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      printf("error %s\n", cudaGetErrorName(E));
      return 1;
    }
  }
  printf("done\n");
  return 0;
}
