//===- nr/nocdp.cu - Nested reduction without CDP -------------------------===//
//
// The natural flat reduction: a grid sized to fill the GPU once, each
// thread adding a grid-strided share of the values in 64 bits, a tree
// reduction of the block's partial sums in shared memory, and one atomicAdd
// per block into the total. It reads the 32-bit values directly and leaves
// them unchanged.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "nr.h"

#include <algorithm>

constexpr int BlockSize = 256; // a power of two: the tree halves it
constexpr int BlocksPerSM = 8; // 2,048 resident threads per SM on sm_90

__global__ void nrSum(const int *Values, int N, long long *Total) {
  __shared__ long long Partial[BlockSize];
  long long Sum = 0;
  for (long long I =
           static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
       I < N; I += static_cast<long long>(gridDim.x) * blockDim.x)
    Sum += Values[I];
  Partial[threadIdx.x] = Sum;
  __syncthreads();
  for (int Stride = BlockSize / 2; Stride > 0; Stride /= 2) {
    if (threadIdx.x < Stride)
      Partial[threadIdx.x] += Partial[threadIdx.x + Stride];
    __syncthreads();
  }
  // Two's complement: unsigned addition gives the signed sum.
  if (threadIdx.x == 0)
    atomicAdd(reinterpret_cast<unsigned long long *>(Total),
              static_cast<unsigned long long>(Partial[0]));
}

class NrNocdp {
public:
  explicit NrNocdp(const NrBench::Input &In)
      : N(static_cast<int>(In.Array.Values.size())), Values(In.Array.Values),
        Total(1) {
    int Device = 0, SMs = 0;
    CUDA_CHECK(cudaGetDevice(&Device));
    CUDA_CHECK(
        cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, Device));
    const long long Needed =
        (static_cast<long long>(N) + BlockSize - 1) / BlockSize;
    Grid = static_cast<int>(std::max(
        1LL, std::min(Needed, static_cast<long long>(SMs) * BlocksPerSM)));
  }

  void reset() { Total.fillBytes(0); }

  void run() {
    if (N == 0)
      return;
    nrSum<<<Grid, BlockSize>>>(Values.get(), N, Total.get());
    CUDA_CHECK_LAUNCH();
  }

  std::vector<long long> result() { return Total.download(); }

private:
  int N, Grid = 1;
  dpbench::DeviceArray<int> Values;
  dpbench::DeviceArray<long long> Total;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<NrBench, NrNocdp>(Argc, Argv);
}
