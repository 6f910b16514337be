//===- nr_loop.cu - The nested reduction's recursion as a loop, by hand ---===//
//
// An experiment of benchmarks/results/2026-11-28-h200-flatten-recursion, not
// a benchmark variant: benchmarks/nr/cdp1.cu with its recursive kernel
// written by hand as the loop flatten-recursion makes of it, to compare
// dpopt's output with what a person would write. Copy it to
// benchmarks/gen/nr/hand_loop.cu to build it with the harness.
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

/// Block b reduces Data[b * SegLen, min(N, (b + 1) * SegLen)) in place and
/// writes the segment's sum to Sums[b]: cdp1.cu's recursion written by hand
/// as a loop over the levels in the block (the halving of the child's
/// segment is the next turn; the sum the postwork chain copied up is the
/// last level's Seg[0]).
__global__ void nrReduce(long long *Data, int N, int SegLen, long long *Sums) {
  const long long Start = static_cast<long long>(blockIdx.x) * SegLen;
  int Len = static_cast<int>(min(static_cast<long long>(SegLen), N - Start));
  long long *Seg = Data + Start;
  for (;;) {
    const int Half = (Len + 1) / 2;
    for (int I = threadIdx.x; I < Len - Half; I += blockDim.x)
      Seg[I] += Seg[I + Half];
    __syncthreads();
    if (Half == 1)
      break;
    Len = Half;
  }
  if (threadIdx.x == 0)
    Sums[blockIdx.x] = Seg[0];
}

/// Adds the blocks' sums into *Total (two's complement: unsigned addition
/// gives the signed sum).
__global__ void nrTotal(const long long *Sums, int Count, long long *Total) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    atomicAdd(reinterpret_cast<unsigned long long *>(Total),
              static_cast<unsigned long long>(Sums[I]));
}

class NrLoop {
public:
  explicit NrLoop(const NrBench::Input &In)
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
  return dpbench::runBenchmark<NrBench, NrLoop>(Argc, Argv);
}
