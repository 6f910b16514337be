//===- bfs/cdp.cu - BFS with CUDA dynamic parallelism (basic-dp) ---------===//
//
// Level-synchronous BFS. The host loops over levels; in each level one parent
// thread per vertex checks whether its vertex is on the frontier and, if so,
// launches a child grid with one thread per neighbor. This is the basic-dp
// template of Wu et al. (Fig. 1) as in the CDP versions Olabi et al. start
// from: no threshold, no device-side synchronization (the host's next
// cudaMemcpy waits for the parent grid, which completes only after all of
// its children).
//
// This file is the input that dpopt rewrites: the parent kernel, the child
// kernel and the host code that launches the parent are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "bfs.h"

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// One thread per neighbor of one frontier vertex.
// dpopt: declared here for 'bfsChild' run serially by one thread (threshold)
static __device__ void __dpopt_serial_bfsChild(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, const int *Col, int Begin, int Degree, int *Level,
                         int NextLevel, int *Changed);
__global__ void bfsChild(const int *Col, int Begin, int Degree, int *Level,
                         int NextLevel, int *Changed) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int U = Col[Begin + I];
    if (Level[U] == BfsUnvisited) {
      // Several threads may discover U in the same level; they all store the
      // same value, so the race is benign.
      Level[U] = NextLevel;
      *Changed = 1;
    }
  }
}

// dpopt: 'bfsChild' run serially by one thread (threshold)
static __device__ void __dpopt_serial_bfsChild(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, const int *Col, int Begin, int Degree, int *Level,
                         int NextLevel, int *Changed) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    [=]() mutable {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int U = Col[Begin + I];
    if (Level[U] == BfsUnvisited) {
      // Several threads may discover U in the same level; they all store the
      // same value, so the race is benign.
      Level[U] = NextLevel;
      *Changed = 1;
    }
  }
}();
  }
}

/// One thread per vertex; frontier vertices launch a child over their
/// neighbor list.
#ifndef DPOPT_THRESHOLD
#define DPOPT_THRESHOLD 128
#endif
__global__ void bfsParent(const int *RowPtr, const int *Col, int *Level,
                          int NumVertices, int CurLevel, int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices && Level[V] == CurLevel) {
    int Begin = RowPtr[V];
    int Degree = RowPtr[V + 1] - Begin;
    if (Degree > 0)
      { // dpopt threshold: launch only when worth it
        auto __dpopt_n0 = (Degree);
        dim3 __dpopt_grid((__dpopt_n0 + ChildBlockSize - 1) / ChildBlockSize);
        dim3 __dpopt_block(ChildBlockSize);
        bool __go = __dpopt_n0 >= DPOPT_THRESHOLD;
        if (__go)
          bfsChild<<<__dpopt_grid, __dpopt_block>>>(Col, Begin, Degree, Level, CurLevel + 1,
                                         Changed);
        if (!__go)
          __dpopt_serial_bfsChild(__dpopt_grid, __dpopt_block, Col, Begin, Degree, Level, CurLevel + 1,
                                         Changed);
      }
  }
}

class BfsCdp {
public:
  explicit BfsCdp(const BfsBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Level(NumVertices), Changed(1) {}

  void reset() {
    Level.fillBytes(0xFF); // BfsUnvisited
    Level.set(Source, 0);
  }

  void run() {
    const int Grid = (NumVertices + ParentBlockSize - 1) / ParentBlockSize;
    for (int Cur = 0;; ++Cur) {
      if (Cur > NumVertices)
        dpbench::fatal("BFS did not terminate");
      Changed.fillBytes(0);
      bfsParent<<<Grid, ParentBlockSize>>>(RowPtr.get(), Col.get(), Level.get(),
                                           NumVertices, Cur, Changed.get());
      CUDA_CHECK_LAUNCH();
      if (Changed.at(0) == 0)
        break;
    }
  }

  std::vector<int> result() { return Level.download(); }

private:
  int NumVertices;
  int Source;
  dpbench::DeviceArray<int> RowPtr, Col, Level, Changed;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<BfsBench, BfsCdp>(Argc, Argv);
}
