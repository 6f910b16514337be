// DPOPT-ARGS: --passes=flatten-recursion
// CDP2 chains whose postwork is a tail launch of a one-thread kernel, which
// flatten-recursion runs on the way back (the grid's own level gathered
// into one tail launch): the halving reduction of benchmarks/nr/cdp.cu, and
// a walk without barriers whose tail-launched kernel takes a const
// parameter and reads its built-ins.
#include <cuda_runtime.h>

__global__ void takeSum(const long long *ChildSum, long long *Sum) {
  *Sum = *ChildSum;
}

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
      takeSum<<<1, 1, 0, cudaStreamTailLaunch>>>(Data + Half, Sums + blockIdx.x);
    }
  }
}

__global__ void note(int *Out, const int Level) {
  if (threadIdx.x == 0)
    Out[Level] += static_cast<int>(blockIdx.x + blockDim.x * gridDim.x);
}

__global__ void walk(int *Out, int Level) {
  Out[Level * 64 + threadIdx.x] = Level;
  if (threadIdx.x == 0 && Level < 8) {
    walk<<<1, 64, 0, cudaStreamFireAndForget>>>(Out, Level + 1);
    note<<<1, 1, 0, cudaStreamTailLaunch>>>(Out, Level);
  }
}
