// An out-of-bounds write in a child kernel that dpopt's passes copy into
// code of their own (a coarsened clone, a serial loop, an aggregated
// launch). compute-sanitizer must name this file and the line marked OOB
// (test/gpu/linemap/run.sh), through dpopt's '#line' directives.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I <= N) // one too many
    A[I] = I; // OOB
}

__global__ void parent(int *A, const int *Sizes, int Parts) {
  int P = blockIdx.x * blockDim.x + threadIdx.x;
  if (P < Parts)
    fill<<<(Sizes[P] + 127) / 128, 128>>>(A + P * 1024, Sizes[P]);
}

int main(int Argc, char **Argv) {
  // Small parts run serially under threshold; large ones are launched.
  int Small = Argc > 1 && Argv[1][0] == 's';
  const int Parts = 8;
  int Sizes[Parts];
  for (int P = 0; P < Parts; ++P)
    Sizes[P] = Small ? 16 : 1000;
  int *A, *DSizes;
  // The last part's extra write lands one past the allocation.
  cudaMalloc(&A, ((Parts - 1) * 1024 + Sizes[Parts - 1]) * sizeof(int));
  cudaMalloc(&DSizes, sizeof(Sizes));
  cudaMemcpy(DSizes, Sizes, sizeof(Sizes), cudaMemcpyHostToDevice);
  parent<<<1, Parts>>>(A, DSizes, Parts);
  cudaError_t E = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(E));
  return 0;
}
