// DPOPT-ARGS: --passes=consolidate --consldt=grid
// DPOPT-NVCC: skip the cudaDeviceSynchronize() calls dpopt must leave are a compile error on CUDA 12+/sm_90
// CDP1 postwork consolidate leaves alone, each with the remark saying why.
#include <cuda_runtime.h>

__global__ void child(int *Out, int V) { Out[V] += 1; }
__global__ void child2(int *Out, int V) { Out[V] += 2; }
__global__ void child3(int *Out, int V) { Out[V] += 3; }
__global__ void child4(int *Out, int V) { Out[V] += 4; }
__global__ void child5(int *Out, int V) { Out[V] += 5; }
__global__ void child6(int *Out, int V) { Out[V] += 6; }
__global__ void child7(int *Out, int V) { Out[V] += 7; }
__global__ void child8(int *Out, int V) { Out[V] += 8; }
__global__ void child9(int *Out, int V) { Out[V] += 9; }
__global__ void child10(int *Out, int V) { Out[V] += 10; }

// Code between the launch and the synchronization.
__global__ void notRightAfter(int *Out) {
  int V = threadIdx.x;
  child<<<1, 1>>>(Out, V);
  Out[V + 64] = 1;
  cudaDeviceSynchronize();
  Out[V + 128] = Out[V];
}

// The launch is in a switch: its case could fall through to more of the
// thread's code. (Code after an 'if' around the launch is postwork too:
// consolidate_postwork.cu.)
__global__ void codeAfter(int *Out) {
  int V = threadIdx.x;
  switch (V % 3) {
  case 1: {
    child2<<<1, 1>>>(Out, V);
    cudaDeviceSynchronize();
    Out[V + 128] = Out[V];
  }
  default:
    Out[V + 192] = 2;
  }
  Out[V + 256] = 1;
}

// The postwork synchronizes the block.
__global__ void barrierAfter(int *Out) {
  int V = threadIdx.x;
  child3<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  __syncthreads();
  Out[V + 128] = Out[V];
}

// A pointer to a local could reach the postwork.
__global__ void addressTaken(int *Out) {
  int V = threadIdx.x;
  int *P = &V;
  child4<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  Out[*P + 128] = Out[V];
}

// In a loop: each iteration waits for its own launch.
__global__ void inLoop(int *Out, int N) {
  for (int I = 0; I < N; ++I) {
#pragma dp consldt(grid) work(I)
    child5<<<1, 1>>>(Out, I);
    cudaDeviceSynchronize();
    Out[I + 128] = Out[I];
  }
}

// Two synchronizations.
__global__ void twoSyncs(int *Out) {
  int V = threadIdx.x;
  cudaDeviceSynchronize();
  child6<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  Out[V + 128] = Out[V];
}

// The postwork launches.
__global__ void launchesAfter(int *Out) {
  int V = threadIdx.x;
  child7<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  child<<<1, 1, 0, cudaStreamTailLaunch>>>(Out, V + 128);
}

// The child is launched at another site too.
__global__ void sharedChild(int *Out) {
  int V = threadIdx.x;
  child8<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  Out[V + 128] = Out[V];
}
__global__ void otherSite(int *Out) { child8<<<1, 1>>>(Out, threadIdx.x); }

// A closure that captures by reference would refer to the thread's locals.
__global__ void closure(int *Out) {
  int V = threadIdx.x;
  auto At = [&](int I) { return Out[V + I]; };
  child9<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  Out[V + 128] = At(0);
}

// A type declared in the kernel cannot be named outside it.
__global__ void localType(int *Out) {
  struct Pair {
    int A, B;
  };
  Pair P = {Out[threadIdx.x], 1};
  child10<<<1, 1>>>(Out, P.B);
  cudaDeviceSynchronize();
  Out[P.A + 128] = 1;
}
