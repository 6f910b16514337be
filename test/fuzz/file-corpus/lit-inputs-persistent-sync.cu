#include <cuda_runtime.h>

__global__ void child(int *Out, int Owner) { atomicAdd(&Out[Owner], 1); }

// A legacy CDP1 parent: it waits for its child, so its children cannot wait
// for the end of a persistent round.
__global__ void waits(int *Out) {
  child<<<1, 32>>>(Out, 0);
  cudaDeviceSynchronize();
  Out[1] = Out[0];
}

void run(int *Out) { waits<<<4, 32>>>(Out); }
