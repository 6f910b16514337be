//===- streams.cu - What CDP2 guarantees about device-side streams --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A probe, not a test: the orderings and errors of device-side launches that
// dpopt's passes must keep. Each line it prints is one observation;
// docs/cdp2-semantics.md records what an H200 with CUDA 13 said.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cuda_runtime.h>

__device__ void spin(long long Cycles) {
  long long Start = clock64();
  while (clock64() - Start < Cycles)
    ;
}

// 1. A tail launch runs after the grid's children of every stream.
__global__ void slowAdd(unsigned *Acc) {
  spin(20000);
  atomicAdd(Acc, 1u);
}
__global__ void readAcc(const unsigned *Acc, unsigned *Seen) { *Seen = *(volatile const unsigned *)Acc; }
__global__ void tailAfterChildren(unsigned *Acc, unsigned *Seen, int Stream) {
  cudaStream_t S = 0;
  if (Stream == 1)
    S = cudaStreamFireAndForget;
  if (Stream == 2)
    cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  slowAdd<<<1, 32, 0, S>>>(Acc);
  if (Stream == 2)
    cudaStreamDestroy(S);
  if (blockIdx.x == 0 && threadIdx.x == 0)
    readAcc<<<1, 1, 0, cudaStreamTailLaunch>>>(Acc, Seen);
}

// 1b. ... and after grandchildren.
__global__ void midLaunch(unsigned *Acc) { slowAdd<<<1, 32, 0, cudaStreamFireAndForget>>>(Acc); }
__global__ void tailAfterGrandchildren(unsigned *Acc, unsigned *Seen) {
  midLaunch<<<1, 1>>>(Acc);
  if (threadIdx.x == 0)
    readAcc<<<1, 1, 0, cudaStreamTailLaunch>>>(Acc, Seen);
}

// 2. Several tail launches of one thread run in order.
__global__ void appendDigit(unsigned *X, unsigned D) {
  spin(D == 1 ? 200000 : 0);
  *X = *X * 10 + D;
}
__global__ void tailOrder(unsigned *X) {
  appendDigit<<<1, 1, 0, cudaStreamTailLaunch>>>(X, 1);
  appendDigit<<<1, 1, 0, cudaStreamTailLaunch>>>(X, 2);
  appendDigit<<<1, 1, 0, cudaStreamTailLaunch>>>(X, 3);
}

// 3. The implicit stream orders one thread's launches; 4. and those of the
// threads of one block (after a barrier).
__global__ void setAfterSpin(unsigned *Flag) {
  spin(200000);
  *(volatile unsigned *)Flag = 1;
}
__global__ void copyFlag(const unsigned *Flag, unsigned *Out) { atomicAdd(Out, *(volatile const unsigned *)Flag); }
__global__ void implicitOneThread(unsigned *Flag, unsigned *Out) {
  setAfterSpin<<<1, 1>>>(Flag + threadIdx.x);
  copyFlag<<<1, 1>>>(Flag + threadIdx.x, Out);
}
__global__ void implicitTwoThreads(unsigned *Flag, unsigned *Out) {
  if (threadIdx.x == 0)
    setAfterSpin<<<1, 1>>>(Flag + blockIdx.x);
  __syncthreads();
  if (threadIdx.x == 1)
    copyFlag<<<1, 1>>>(Flag + blockIdx.x, Out);
}
__global__ void namedOneThread(unsigned *Flag, unsigned *Out) {
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  setAfterSpin<<<1, 1, 0, S>>>(Flag + threadIdx.x);
  copyFlag<<<1, 1, 0, S>>>(Flag + threadIdx.x, Out);
  cudaStreamDestroy(S);
}

// 5. What a device-side launch with a bad configuration returns.
__global__ void marker(unsigned *Ran) { atomicAdd(Ran, 1u); }
__global__ void badLaunches(unsigned *Ran, int *Codes, int Zero) {
  int I = 0;
  marker<<<Zero, 32>>>(Ran);
  Codes[I++] = cudaGetLastError();
  marker<<<1, Zero>>>(Ran);
  Codes[I++] = cudaGetLastError();
  marker<<<1, 1025 + Zero>>>(Ran);
  Codes[I++] = cudaGetLastError();
  marker<<<1, dim3(1, 1, 65 + Zero)>>>(Ran);
  Codes[I++] = cudaGetLastError();
  marker<<<dim3(1, 65536 + Zero), 1>>>(Ran);
  Codes[I++] = cudaGetLastError();
  marker<<<1, 32, 49152 + 1024 + Zero>>>(Ran);
  Codes[I++] = cudaGetLastError();
  marker<<<1, 32, 0, cudaStreamFireAndForget>>>(Ran);
  Codes[I++] = cudaPeekAtLastError();
  Codes[I++] = cudaGetLastError();
}

// 6. More launches than the pending-launch limit.
__global__ void manyLaunches(unsigned *Ran, unsigned *Failed) {
  marker<<<1, 1>>>(Ran);
  if (cudaGetLastError() != cudaSuccess)
    atomicAdd(Failed, 1u);
}

// 7. How long a chain of tail launches can be.
__global__ void tailChain(unsigned *Depth, unsigned Left) {
  atomicAdd(Depth, 1u);
  if (Left > 1) {
    tailChain<<<1, 1, 0, cudaStreamTailLaunch>>>(Depth, Left - 1);
    if (cudaGetLastError() != cudaSuccess)
      atomicAdd(Depth + 1, 1u);
  }
}

// 8. How many tail launches one grid may have pending.
__global__ void manyTails(unsigned *Ran, unsigned *Failed) {
  marker<<<1, 1, 0, cudaStreamTailLaunch>>>(Ran);
  if (cudaGetLastError() != cudaSuccess)
    atomicAdd(Failed, 1u);
}

static unsigned *Buf;
static void clear() { cudaMemset(Buf, 0, 1 << 16); }
static unsigned at(int I) {
  unsigned V;
  cudaMemcpy(&V, Buf + I, 4, cudaMemcpyDeviceToHost);
  return V;
}
static void check(const char *What) {
  cudaError_t E = cudaDeviceSynchronize();
  if (E != cudaSuccess)
    printf("%s: error %s\n", What, cudaGetErrorName(E));
  cudaGetLastError();
}

int main() {
  cudaMalloc(&Buf, 1 << 16);
  const char *Streams[] = {"implicit", "fire-and-forget", "device-created"};
  for (int S = 0; S < 3; ++S) {
    clear();
    tailAfterChildren<<<8, 64>>>(Buf, Buf + 1, S);
    check("tailAfterChildren");
    printf("tail after %s children: tail saw %u of %u\n", Streams[S], at(1), at(0));
  }
  clear();
  tailAfterGrandchildren<<<4, 32>>>(Buf, Buf + 1);
  check("tailAfterGrandchildren");
  printf("tail after grandchildren: tail saw %u of %u\n", at(1), at(0));
  clear();
  tailOrder<<<1, 1>>>(Buf);
  check("tailOrder");
  printf("three tail launches of one thread: %u (123 = in order)\n", at(0));
  clear();
  implicitOneThread<<<1, 32>>>(Buf, Buf + 100);
  check("implicitOneThread");
  printf("implicit stream, one thread A then B: B saw A done in %u of 32\n", at(100));
  clear();
  implicitTwoThreads<<<32, 64>>>(Buf, Buf + 100);
  check("implicitTwoThreads");
  printf("implicit stream, thread 0 A, barrier, thread 1 B: B saw A done in %u of 32 blocks\n",
         at(100));
  clear();
  namedOneThread<<<1, 32>>>(Buf, Buf + 100);
  check("namedOneThread");
  printf("device-created stream, one thread A then B: B saw A done in %u of 32\n", at(100));
  clear();
  badLaunches<<<1, 1>>>(Buf, (int *)Buf + 10, 0);
  check("badLaunches");
  printf("bad device launches ran %u marker threads (1 expected: the fire-and-forget one)\n",
         at(0));
  const char *Bad[] = {"grid 0",   "block 0",        "block 1025",   "block.z 65",
                       "grid.y 65536", "49 KiB dynamic smem", "good launch: peek",
                       "good launch: get"};
  for (int I = 0; I < 8; ++I)
    printf("  device launch with %-20s -> %s\n", Bad[I],
           cudaGetErrorName((cudaError_t)(int)at(10 + I)));
  for (int Limit : {2048, 65536}) {
    cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, Limit);
    clear();
    manyLaunches<<<64, 128>>>(Buf, Buf + 1);
    check("manyLaunches");
    printf("8192 launches with pending-launch limit %d: %u ran, %u failed\n", Limit, at(0),
           at(1));
  }
  for (unsigned Depth : {100u, 1000u, 10000u}) {
    clear();
    tailChain<<<1, 1>>>(Buf, Depth);
    check("tailChain");
    printf("tail chain of %u: %u ran, %u launches failed\n", Depth, at(0), at(1));
  }
  for (int Threads : {32, 256, 1024}) {
    clear();
    manyTails<<<1, Threads>>>(Buf, Buf + 1);
    check("manyTails");
    printf("%d tail launches from one block: %u ran, %u failed\n", Threads, at(0), at(1));
  }
  return 0;
}
