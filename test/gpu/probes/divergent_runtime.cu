//===- divergent_runtime.cu - A lane waits, its warp-mates launch -===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A probe, not a test (run_divergent_runtime.sh runs it). Does a warp hang
// when one of its lanes does X on its own path while its warp-mates launch
// children (Y)? Found through the differential tester's seed 6004 program
// 1 (docs/cdp2-semantics.md, "A continued kernel with launches after the
// wait"); this program uses plain CUDA only. Usage:
//
//   divergent_runtime X Y [W]     prints "ok X Y W <hash>" when it finishes
//
// Parent grid: 21 blocks of 16 x 2 threads, launched 4 times (the legacy
// stream, then created streams), like the tester's program. Threads with
// i % 5 == 0 take part. The 'X thread' (threadIdx.x == 0, or with W=1 the
// first thread of the block's second warp, blocks of 64) first launches a
// fire-and-forget child, then does X:
//   0 nothing                         1 a tail launch (1 thread)
//   2 a fire-and-forget launch        3 a launch into the implicit stream
//   4 cudaGetLastError()              5 takes and frees a global spin lock
//   6 malloc(64) and free             7 cudaGetLastError(), then the lock
//   8 __nanosleep for about 1 ms       9 like 5, with a lock of its block
//                                        (in shared memory: uncontended)
//  10 __threadfence()                 11 like 9, then __threadfence()
//  12 __threadfence_block()           13 __syncwarp() with the warp-mates,
//                                        which reach theirs after launching
//  14 spins until every warp-mate has counted itself done (in shared
//     memory) after its launches        (13 and 14: W=0 only)
// The other taking part threads (lanes 5, 10, ... of warp 0) do Y:
//   0 lanes with pid < 3 launch a recursive child fire-and-forget, then
//     all launch a child into the implicit stream (the tester's program)
//   1 only the implicit-stream child      2 only the recursive child
// A hang is the caller's time-out.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ int TheLock;

__global__ void leaf(unsigned *Acc, unsigned N, unsigned Key) {
  unsigned G = blockIdx.x * blockDim.x + threadIdx.x;
  if (G < N)
    atomicAdd(&Acc[(G + Key) % 256u], G ^ Key);
}

__global__ void recurse(unsigned *Acc, unsigned N, unsigned Depth,
                        unsigned Key) {
  unsigned G = blockIdx.x * blockDim.x + threadIdx.x;
  if (G < N)
    atomicAdd(&Acc[(G + Key) % 256u], Depth);
  if (Depth == 0u || G != 0u)
    return;
  leaf<<<(N + Depth + 255u) / 256u, 256>>>(Acc, N + Depth, Key ^ Depth);
  recurse<<<(N / 2u + 63u) / 64u + 1u, 64>>>(Acc, N / 2u, Depth - 1u,
                                             Key * 31u + 1u);
}

__device__ void doX(int X, unsigned *Acc, unsigned W, unsigned Key,
                    int *BlockLock, unsigned Mask, unsigned *Done) {
  switch (X) {
  case 1:
    leaf<<<1, 1, 0, cudaStreamTailLaunch>>>(Acc, 1u, Key + 2u);
    break;
  case 2:
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(Acc, 32u, Key + 2u);
    break;
  case 3:
    leaf<<<1, 32>>>(Acc, 32u, Key + 2u);
    break;
  case 4:
    if (cudaGetLastError() != cudaSuccess)
      atomicAdd(&Acc[255], 1u);
    break;
  case 7:
    if (cudaGetLastError() != cudaSuccess)
      atomicAdd(&Acc[255], 1u);
    [[fallthrough]];
  case 5:
    while (atomicCAS(&TheLock, 0, 1) != 0)
      __nanosleep(32);
    __threadfence();
    atomicAdd(&Acc[W % 256u], 1u);
    __threadfence();
    atomicExch(&TheLock, 0);
    break;
  case 6: {
    unsigned *P = static_cast<unsigned *>(malloc(64));
    if (P) {
      P[0] = W;
      atomicAdd(&Acc[W % 256u], P[0] & 1u);
      free(P);
    }
    break;
  }
  case 8:
    for (int K = 0; K < 1000; ++K)
      __nanosleep(1000);
    break;
  case 9:
  case 11:
    while (atomicCAS(BlockLock, 0, 1) != 0)
      __nanosleep(32);
    atomicAdd(&Acc[W % 256u], 1u);
    atomicExch(BlockLock, 0);
    if (X == 11)
      __threadfence();
    break;
  case 10:
    atomicAdd(&Acc[W % 256u], 1u);
    __threadfence();
    break;
  case 12:
    atomicAdd(&Acc[W % 256u], 1u);
    __threadfence_block();
    break;
  case 13:
    __syncwarp(Mask);
    break;
  case 14:
    while (*static_cast<volatile unsigned *>(Done) + 1u <
           static_cast<unsigned>(__popc(Mask)))
      __nanosleep(32);
    break;
  }
}

__global__ void parent(unsigned *Acc, unsigned N, unsigned Tag, int X, int Y,
                       int Wide) {
  __shared__ int BlockLock;
  __shared__ unsigned Done;
  unsigned Tid = threadIdx.y * blockDim.x + threadIdx.x;
  if (Tid == 0u)
    BlockLock = Done = 0;
  __syncthreads();
  const unsigned Base = (blockIdx.y * gridDim.x + blockIdx.x) * 32u;
  unsigned I = Base + Tid;
  // Warp 0's lanes that take part (X 13 and 14; blocks of 32 threads).
  unsigned Mask = 0;
  for (unsigned L = 0; L < 32u; ++L)
    if (Base + L < N && (Base + L) % 5u == 0u)
      Mask |= 1u << L;
  bool XThread = Wide ? Tid == 32u : threadIdx.x == 0u;
  if (Wide) {
    if (Tid >= 32u && !XThread)
      return;
    if (XThread)
      I = (blockIdx.y * gridDim.x + blockIdx.x) * 32u;
  }
  if (I >= N || I % 5u != 0u)
    return;
  unsigned Pid = I / 5u, W = 100u + (Pid * 37u) % 700u,
           Key = Pid * 2654435761u + Tag;
  if (XThread) {
    leaf<<<(W + 511u) / 512u, 512, 0, cudaStreamFireAndForget>>>(Acc, W,
                                                                 Key + 1u);
    doX(X, Acc, W, Key, &BlockLock, Mask, &Done);
    return;
  }
  if (Wide &&
      Tid == 0u) // warp 0's lane 0 stands in for the X thread's launches
    return;
  if (Y != 1 && Pid < 3u)
    recurse<<<(W % 300u + 127u) / 128u + 1u, 128, 0, cudaStreamFireAndForget>>>(
        Acc, W % 300u, 4u, Key + 7u);
  if (Y != 2)
    leaf<<<(W + 127u) / 128u, 128>>>(Acc, W, Key + 9u);
  if (X == 13 && !Wide)
    __syncwarp(Mask);
  if (X == 14)
    atomicAdd(&Done, 1u);
}

int main(int Argc, char **Argv) {
  int X = Argc > 1 ? atoi(Argv[1]) : 0, Y = Argc > 2 ? atoi(Argv[2]) : 0,
      Wide = Argc > 3 ? atoi(Argv[3]) : 0;
  if (Wide && (X == 13 || X == 14)) {
    printf("X %d waits for warp-mates: W=0 only\n", X);
    return 2;
  }
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 131072);
  unsigned *Acc;
  cudaMalloc(&Acc, 256 * sizeof(unsigned));
  cudaMemset(Acc, 0, 256 * sizeof(unsigned));
  const unsigned Ns[4] = {600u, 446u, 436u, 512u};
  for (int K = 0; K < 4; ++K) {
    cudaStream_t S = 0;
    if (K)
      cudaStreamCreate(&S);
    parent<<<dim3(7, 3), Wide ? dim3(32, 2) : dim3(16, 2), 0, S>>>(
        Acc, Ns[K], 735705373u + K, X, Y, Wide);
    cudaError_t E = cudaStreamSynchronize(S);
    if (E != cudaSuccess) {
      printf("error %s at launch %d\n", cudaGetErrorString(E), K);
      return 1;
    }
    if (K)
      cudaStreamDestroy(S);
  }
  unsigned H[256], Sum = 0;
  cudaMemcpy(H, Acc, sizeof H, cudaMemcpyDeviceToHost);
  for (unsigned V : H)
    Sum = Sum * 31u + V;
  printf("ok %d %d %d %08x\n", X, Y, Wide, Sum);
  return 0;
}
