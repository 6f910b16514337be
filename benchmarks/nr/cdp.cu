//===- nr/cdp.cu - Nested reduction with CDP (recursive) ------------------===//
//
// The hand-written CDP2 port of cdp1.cu, with the same algorithm and launch
// structure: each block of the host-launched grid owns a segment of
// NrSegment values, folds the upper half onto the lower half, and its
// thread 0 launches the same kernel, one block, on the remaining half. The
// CDP1 original then waited for that child with the device-side
// cudaDeviceSynchronize() and copied the child's sum into the block's slot.
// CUDA 13 has no device-side wait: a child's writes are visible to its
// parent grid only once that grid has completed, and the only way to run
// code after a child is a launch into cudaStreamTailLaunch, which starts
// after the launching grid and everything it launched (tail launches
// included) have completed. So the code after the wait moves into a
// one-thread kernel that thread 0 tail-launches; the tail grids run
// deepest level first, as the CDP1 waits did. A small host-launched kernel
// adds the blocks' sums.
//
// Launches: per full segment, 9 children (nested 10 grids deep) and 9 tail
// launches.
//
// This file is the input that dpopt rewrites: the kernels and the host code
// that launches the parents are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "nr.h"

constexpr int BlockSize = NrBlockSize;
constexpr int WidenBlockSize = 256;
constexpr int TotalBlockSize = 256;

/// The reduction overwrites its input, so every run starts from a fresh
/// 64-bit copy of the values.
__global__ void nrWiden(const int *Values, long long *Data, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] = Values[I];
}

/// What followed the wait in cdp1.cu: the block's sum is its child's.
__global__ void nrTakeChildSum(const long long *ChildSum, long long *Sum) {
  *Sum = *ChildSum;
}

/// Block b reduces Data[b * SegLen, min(N, (b + 1) * SegLen)) in place and
/// (directly or through a tail-launched grid) writes the segment's sum to
/// Sums[b].
__global__ void nrReduce(long long *Data, int N, int SegLen, long long *Sums) {
  const long long Start = static_cast<long long>(blockIdx.x) * SegLen;
  const int Len =
      static_cast<int>(min(static_cast<long long>(SegLen), N - Start));
  long long *Seg = Data + Start;
  // Fold Seg[Half, Len) onto Seg[0, Len - Half); Seg[0, Half) then holds
  // the segment's sum.
  const int Half = (Len + 1) / 2;
  for (int I = threadIdx.x; I < Len - Half; I += blockDim.x)
    Seg[I] += Seg[I + Half];
  // The barrier also makes the block's folds visible to the child grid
  // that thread 0 launches next.
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Half == 1) {
      Sums[blockIdx.x] = Seg[0];
    } else {
      // The child reduces Seg[0, Half) as one segment. The upper half has
      // been folded away, so its first value is free for the child's sum.
      nrReduce<<<1, (Half + 1) / 2>>>(Seg, Half, Half, Seg + Half);
      nrTakeChildSum<<<1, 1, 0, cudaStreamTailLaunch>>>(Seg + Half,
                                                        Sums + blockIdx.x);
    }
  }
}

/// Adds the blocks' sums into *Total (two's complement: unsigned addition
/// gives the signed sum).
__global__ void nrTotal(const long long *Sums, int Count, long long *Total) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    atomicAdd(reinterpret_cast<unsigned long long *>(Total),
              static_cast<unsigned long long>(Sums[I]));
}

class NrCdp {
public:
  explicit NrCdp(const NrBench::Input &In)
      : N(static_cast<int>(In.Array.Values.size())),
        Blocks((N + NrSegment - 1) / NrSegment), Values(In.Array.Values),
        Data(N), Sums(Blocks), Total(1) {}

  void reset() {
    if (N > 0) {
      nrWiden<<<(N + WidenBlockSize - 1) / WidenBlockSize, WidenBlockSize>>>(
          Values.get(), Data.get(), N);
      CUDA_CHECK_LAUNCH();
    }
    Total.fillBytes(0);
  }

  void run() {
    if (N == 0)
      return;
    nrReduce<<<Blocks, BlockSize>>>(Data.get(), N, NrSegment, Sums.get());
    CUDA_CHECK_LAUNCH();
    nrTotal<<<(Blocks + TotalBlockSize - 1) / TotalBlockSize, TotalBlockSize>>>(
        Sums.get(), Blocks, Total.get());
    CUDA_CHECK_LAUNCH();
  }

  std::vector<long long> result() { return Total.download(); }

private:
  int N, Blocks;
  dpbench::DeviceArray<int> Values;
  dpbench::DeviceArray<long long> Data, Sums, Total;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<NrBench, NrCdp>(Argc, Argv);
}
