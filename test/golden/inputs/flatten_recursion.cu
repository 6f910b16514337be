// DPOPT-ARGS: --passes=flatten-recursion
// Chains of one-block children that flatten-recursion runs in the
// launching block: the CDP1 halving reduction (barriers; postwork after the
// wait, run on the way back), a chain whose threads return before a barrier
// (CDP2, fire-and-forget), and one without barriers whose children grow.
#include <cuda_runtime.h>

__global__ void halve(long long *Data, int N, long long *Sums) {
  const int Half = (N + 1) / 2;
  for (int I = threadIdx.x; I < N - Half; I += blockDim.x)
    Data[I] += Data[I + Half];
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Half == 1) {
      Sums[blockIdx.x] = Data[0];
    } else {
      halve<<<1, (Half + 1) / 2>>>(Data, Half, Data + Half);
      cudaDeviceSynchronize();
      Sums[blockIdx.x] = Data[Half];
    }
  }
}

__global__ void early(int *Data, unsigned Size) {
  if (Size == 1)
    return;
  Data[threadIdx.x] += 1;
  __syncthreads();
  if (threadIdx.x == 0)
    early<<<1, Size / 2, 0, cudaStreamFireAndForget>>>(Data, Size / 2);
}

__global__ void grow(int *Out, int Level) {
  Out[Level * 1024 + threadIdx.x] = Level;
  if (threadIdx.x == 0 && Level < 5)
    grow<<<1, blockDim.x * 2>>>(Out, Level + 1);
}

void run(long long *Data, long long *Sums, int *Out) {
  halve<<<64, 512>>>(Data, 1024, Sums);
  early<<<1, 256>>>(Out, 256);
  grow<<<8, 32>>>(Out, 0);
}
