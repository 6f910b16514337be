//===- tail_nesting.cu - Do tail launches of a child finish first? --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// consolidate runs CDP1 postwork in tail launches. For a recursive kernel,
// level L's postwork (tail-launched by level L's grid) must start only after
// level L+1's postwork (tail-launched by level L+1, a child of level L) is
// done. This probe checks what CUDA 13 does:
//
//  1. a parent tail-launches T after launching child C; C tail-launches a
//     slow kernel S that sets a flag at its end: does T see the flag?
//  2. the same as a chain of depth 8 (each level launches the next and
//     tail-launches a postwork that checks the level below's postwork);
//  3. the host launches the parent and then, in the same stream, a kernel
//     reading what the tail kernels wrote: is that read after them?
//
// Each case prints "case N: ok" or what it saw, then "PASSED"/"FAILED".
//
//===----------------------------------------------------------------------===//

#include <cstdio>

__device__ void spin(int Rounds, int *Sink) {
  int X = 0;
  for (int I = 0; I < Rounds; ++I)
    X = X * 31 + I;
  if (X == 42)
    *Sink = X; // keeps the loop
}

__global__ void slowSetter(int *Flag, int *Sink) {
  spin(2000000, Sink);
  __threadfence();
  atomicExch(Flag, 1);
}

__global__ void child(int *Flag, int *Sink) {
  slowSetter<<<1, 1, 0, cudaStreamTailLaunch>>>(Flag, Sink);
}

__global__ void observer(int *Flag, int *Seen) { *Seen = atomicAdd(Flag, 0); }

__global__ void parent(int *Flag, int *Seen, int *Sink) {
  child<<<1, 1, 0, cudaStreamFireAndForget>>>(Flag, Sink);
  observer<<<1, 1, 0, cudaStreamTailLaunch>>>(Flag, Seen);
}

// Level L's postwork records the order in which the levels' postworks ran.
__global__ void post(int *Order, int *Counter, int Level, int *Sink) {
  spin(200000 * (8 - Level), Sink); // deeper levels are slower
  Order[Level] = atomicAdd(Counter, 1);
}

__global__ void level(int *Order, int *Counter, int Level, int Depth,
                      int *Sink) {
  if (Level + 1 < Depth)
    level<<<1, 1, 0, cudaStreamFireAndForget>>>(Order, Counter, Level + 1,
                                                Depth, Sink);
  post<<<1, 1, 0, cudaStreamTailLaunch>>>(Order, Counter, Level, Sink);
}

__global__ void copy(const int *From, int *To, int N) {
  for (int I = 0; I < N; ++I)
    To[I] = From[I];
}

int main() {
  int *Flag, *Seen, *Sink, *Order, *Counter, *Copy;
  cudaMalloc(&Flag, sizeof(int));
  cudaMalloc(&Seen, sizeof(int));
  cudaMalloc(&Sink, sizeof(int));
  cudaMalloc(&Order, 8 * sizeof(int));
  cudaMalloc(&Counter, sizeof(int));
  cudaMalloc(&Copy, 8 * sizeof(int));
  int Failures = 0;

  cudaMemset(Flag, 0, sizeof(int));
  cudaMemset(Seen, 0xff, sizeof(int));
  parent<<<1, 1>>>(Flag, Seen, Sink);
  cudaDeviceSynchronize();
  int H = -1;
  cudaMemcpy(&H, Seen, sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("case 1: the parent's tail kernel saw the child's tail flag = %d "
              "(%s)\n",
              H, H == 1 ? "ok" : "child's tail work ran after");
  Failures += H != 1;

  const int Depth = 8;
  cudaMemset(Order, 0xff, Depth * sizeof(int));
  cudaMemset(Counter, 0, sizeof(int));
  level<<<1, 1>>>(Order, Counter, 0, Depth, Sink);
  copy<<<1, 1>>>(Order, Copy, Depth); // same stream, no host sync between
  int O[Depth], C[Depth];
  cudaMemcpy(C, Copy, sizeof(C), cudaMemcpyDeviceToHost);
  cudaMemcpy(O, Order, sizeof(O), cudaMemcpyDeviceToHost);
  bool PostOrder = true, StreamOrder = true;
  for (int L = 0; L < Depth; ++L) {
    PostOrder &= O[L] == Depth - 1 - L;
    StreamOrder &= C[L] == O[L];
  }
  std::printf("case 2: postwork order by level:");
  for (int L = 0; L < Depth; ++L)
    std::printf(" %d", O[L]);
  std::printf(" (%s)\n", PostOrder ? "ok: deepest first" : "not post-order");
  std::printf("case 3: a kernel queued after the root in its stream %s\n",
              StreamOrder ? "saw every tail kernel's write (ok)"
                          : "ran before some tail kernel");
  Failures += !PostOrder + !StreamOrder;
  cudaError_t E = cudaDeviceSynchronize();
  if (E != cudaSuccess) {
    std::printf("CUDA error %s\n", cudaGetErrorString(E));
    ++Failures;
  }
  std::printf(Failures ? "FAILED\n" : "PASSED\n");
  return Failures ? 1 : 0;
}
