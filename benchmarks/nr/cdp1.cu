//===- nr/cdp1.cu - Nested reduction, legacy CDP1 form --------------------===//
//
// The recursive reduction as CDP1 tutorials teach it: each block of the
// host-launched grid owns a segment of NrSegment values; it folds the upper
// half of the segment onto the lower half, and its thread 0 launches the
// same kernel, one block, on the remaining half, waits for that child grid
// with the device-side cudaDeviceSynchronize(), and then reads the sum the
// child left behind and writes it as the block's sum. A small host-launched
// kernel adds the blocks' sums. Launches: ceil(log2(NrSegment)) - 1 = 9 per
// full segment, nested 10 grids deep.
//
// CUDA 12 removed device-side cudaDeviceSynchronize() for sm_90 and later
// (CDP2), so this file does NOT compile with CUDA 13 for Hopper: it is the
// input of dpopt's continuation pass (see ccl/cdp1.cu). cdp.cu is the
// hand-written CDP2 port. benchmarks/CMakeLists.txt lists it as a legacy
// source: parse-checked only. On pre-Hopper GPUs CDP1 also needed
// cudaLimitDevRuntimeSyncDepth raised to the nesting depth before a wait
// that deep; it is not set here, because the file only ever runs as dpopt's
// output, which has no device-side wait.
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
/// writes the segment's sum to Sums[b].
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
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Half == 1) {
      Sums[blockIdx.x] = Seg[0];
    } else {
      // The child reduces Seg[0, Half) as one segment. The upper half has
      // been folded away, so its first value is free for the child's sum.
      nrReduce<<<1, (Half + 1) / 2>>>(Seg, Half, Half, Seg + Half);
      cudaDeviceSynchronize();
      Sums[blockIdx.x] = Seg[Half];
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

class NrCdp1 {
public:
  explicit NrCdp1(const NrBench::Input &In)
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
  return dpbench::runBenchmark<NrBench, NrCdp1>(Argc, Argv);
}
