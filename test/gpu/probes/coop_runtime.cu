//===- coop_runtime.cu - Which device-runtime uses a cooperative launch allows -===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A probe, not a test: remove-launch's T1/T2 launch a parent kernel with
// cudaLaunchCooperativeKernel. This program launches kernels that make one
// device-runtime call each -- executed, or present on a path that never
// runs -- normally and cooperatively (with and without a grid-wide sync),
// and prints what the host launch returned, what the device call returned
// and whether the body ran. docs/cdp2-semantics.md records what an H200
// with CUDA 13 said.
//
//===----------------------------------------------------------------------===//

#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void leafWrite(int *Out) { Out[0] = 7; }
__global__ void leafNothing() {}

// Every probe kernel: Out[0] = 1 when the body ran, Out[1] = the device
// call's result (or -1 when not called), Out[2] = what a child wrote.
#define PROBE(Name, ...)                                                      \
  __global__ void Name(int *Out, int Run, int Sync) {                          \
    if (Sync)                                                                  \
      cg::this_grid().sync();                                                  \
    if (blockIdx.x == 0 && threadIdx.x == 0) {                                 \
      Out[0] = 1;                                                              \
      Out[1] = -1;                                                             \
      if (Run) {                                                               \
        __VA_ARGS__;                                                           \
      }                                                                        \
    }                                                                          \
  }

PROBE(plain, Out[1] = 0)
PROBE(getLastError, Out[1] = (int)cudaGetLastError())
PROBE(peekAtLastError, Out[1] = (int)cudaPeekAtLastError())
PROBE(deviceMalloc, {
  int *P = nullptr;
  cudaError_t E = cudaMalloc((void **)&P, 64);
  if (E == cudaSuccess) {
    P[0] = 5;
    E = cudaFree(P);
  }
  Out[1] = (int)E;
})
PROBE(heapMalloc, {
  int *P = (int *)malloc(64);
  Out[1] = P ? 0 : 1;
  free(P);
})
PROBE(launchImplicit, {
  leafWrite<<<1, 1>>>(Out + 2);
  Out[1] = (int)cudaGetLastError();
})
PROBE(launchFireAndForget, {
  leafWrite<<<1, 1, 0, cudaStreamFireAndForget>>>(Out + 2);
  Out[1] = 0;
})
PROBE(launchTail, {
  leafWrite<<<1, 1, 0, cudaStreamTailLaunch>>>(Out + 2);
  Out[1] = 0;
})
PROBE(streamCreate, {
  cudaStream_t S;
  cudaError_t E = cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  if (E == cudaSuccess)
    E = cudaStreamDestroy(S);
  Out[1] = (int)E;
})
PROBE(eventCreate, {
  cudaEvent_t Ev;
  cudaError_t E = cudaEventCreateWithFlags(&Ev, cudaEventDisableTiming);
  if (E == cudaSuccess)
    E = cudaEventDestroy(Ev);
  Out[1] = (int)E;
})
PROBE(getDevice, {
  int D = -1;
  Out[1] = (int)cudaGetDevice(&D);
})
PROBE(deviceGetAttribute, {
  int V = 0;
  Out[1] = (int)cudaDeviceGetAttribute(&V, cudaDevAttrMultiProcessorCount, 0);
})

typedef void (*Probe)(int *, int, int);

static void run(const char *Name, Probe K) {
  int *D;
  cudaMalloc(&D, 3 * sizeof(int));
  for (int Mode = 0; Mode < 5; ++Mode) {
    // 0: <<<>>>, call runs; 1: <<<>>>, call present, not run;
    // 2: cooperative, call runs; 3: cooperative, not run;
    // 4: cooperative with a grid sync, call runs.
    const char *Modes[] = {"normal/run", "normal/dead", "coop/run", "coop/dead",
                           "coop+gridsync/run"};
    cudaMemset(D, 0xff, 3 * sizeof(int));
    int RunIt = Mode == 1 || Mode == 3 ? 0 : 1, Sync = Mode == 4;
    cudaError_t Launch;
    if (Mode < 2) {
      K<<<2, 64>>>(D, RunIt, 0);
      Launch = cudaGetLastError();
    } else {
      void *Args[] = {&D, &RunIt, &Sync};
      Launch = cudaLaunchCooperativeKernel((const void *)K, dim3(2), dim3(64), Args, 0, 0);
    }
    cudaError_t Synced = cudaDeviceSynchronize();
    cudaError_t After = cudaGetLastError();
    int H[3] = {0, 0, 0};
    cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
    printf("%-20s %-18s launch=%-28s sync=%-28s lastError=%-28s ran=%d device=%d child=%d\n",
           Name, Modes[Mode], cudaGetErrorName(Launch), cudaGetErrorName(Synced),
           cudaGetErrorName(After), H[0], H[1], H[2]);
  }
  cudaFree(D);
}

int main() {
  run("plain", plain);
  run("getLastError", getLastError);
  run("peekAtLastError", peekAtLastError);
  run("deviceMalloc", deviceMalloc);
  run("heapMalloc", heapMalloc);
  run("launchImplicit", launchImplicit);
  run("launchFireAndForget", launchFireAndForget);
  run("launchTail", launchTail);
  run("streamCreate", streamCreate);
  run("eventCreate", eventCreate);
  run("getDevice", getDevice);
  run("deviceGetAttribute", deviceGetAttribute);
  // Does the failed cooperative launch leave its error for the host's next
  // cudaGetLastError(), as an ordinary launch does?
  {
    int *D;
    cudaMalloc(&D, 3 * sizeof(int));
    int RunIt = 1, Sync = 0;
    void *Args[] = {&D, &RunIt, &Sync};
    cudaError_t Launch =
        cudaLaunchCooperativeKernel((const void *)getLastError, dim3(2), dim3(64), Args, 0, 0);
    cudaError_t Later = cudaGetLastError();
    cudaError_t Again = cudaGetLastError();
    printf("sticky: cooperative launch=%s, next cudaGetLastError=%s, then %s\n",
           cudaGetErrorName(Launch), cudaGetErrorName(Later), cudaGetErrorName(Again));
    // And an invalid configuration through <<<>>>.
    plain<<<0, 64>>>(D, 1, 0);
    Later = cudaGetLastError();
    printf("sticky: plain<<<0, 64>>> then cudaGetLastError=%s\n", cudaGetErrorName(Later));
    cudaFree(D);
  }
  return 0;
}
