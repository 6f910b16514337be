// DPOPT-ARGS: --passes=consolidate --consldt=block
// Sites consolidate leaves alone, each with the remark saying why.
#include <cuda_runtime.h>

__global__ void child(int *Out, int V) { Out[V] += 1; }

template <class T> __global__ void tchild(T *Out, int V) { Out[V] += 1; }

__global__ void post(int *Out) { Out[0] = 1; }

// A thread's launches into the implicit stream run in order.
__global__ void inLoop(int *Out, int N) {
  for (int I = 0; I < N; ++I)
    child<<<1, 1>>>(Out, I);
}

// A device-created stream that takes two launches orders the second after
// the first. (One created for a single launch orders nothing:
// test/lit/own-stream.cu.)
__global__ void inStream(int *Out) {
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  child<<<1, 1, 0, S>>>(Out, threadIdx.x);
  child<<<1, 1, 0, S>>>(Out, threadIdx.x + 64);
  cudaStreamDestroy(S);
}

// The consolidated launch would come after the tail launch.
__global__ void withTail(int *Out) {
  child<<<1, 1>>>(Out, threadIdx.x);
  post<<<1, 1, 0, cudaStreamTailLaunch>>>(Out);
}

// Template children are not consolidated yet.
__global__ void ofTemplate(int *Out) { tchild<int><<<1, 1>>>(Out, threadIdx.x); }

// Not in a kernel's own body.
__device__ void helper(int *Out) { child<<<1, 1>>>(Out, threadIdx.x); }
__global__ void viaHelper(int *Out) { helper(Out); }

// Switched off.
__global__ void off(int *Out) {
#pragma dp off
  child<<<1, 1>>>(Out, threadIdx.x);
}
