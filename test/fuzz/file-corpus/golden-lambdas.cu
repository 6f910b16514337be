// Launches inside user lambdas: device-side in a kernel, host-side in host
// code. caller_kind is "lambda" for both; side follows where the lambda runs.
#include <cuda_runtime.h>

__global__ void child(int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = N;
}

__global__ void parent(int *Out, const int *Sizes, int Count) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  auto launchFor = [&](int N) {
    if (N > 0)
      child<<<(N + 63) / 64, 64>>>(Out + V * 1024, N);
  };
  if (V < Count)
    launchFor(Sizes[V]);
}

void host(int *Out, const int *Sizes, int Count) {
  auto go = [=](int Blocks) { parent<<<Blocks, 128>>>(Out, Sizes, Count); };
  go((Count + 127) / 128);
}
