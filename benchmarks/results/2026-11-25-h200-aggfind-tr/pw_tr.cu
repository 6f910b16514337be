// Experiment (issue 15): pw with thresholded recursion written by hand, to
// measure the technique before building it into dpopt. A parent thread whose
// child grid is small walks the child grid and its small descendants itself,
// depth-first with an explicit stack; a warp's walking lanes step together
// and launch what they do not walk right after a warp vote.
#include "bench.h"
#include "pw.h"
#ifndef TR_BUDGET
#define TR_BUDGET 256
#endif
#ifndef TR_CAP
#define TR_CAP 8
#endif
#ifndef TR_T
#define TR_T 128
#endif

constexpr int BlockSize = 128;

struct Frame {
  unsigned Grid, Block;
  const int *Nodes;
  int Count, Depth;
  unsigned Next;
};

__global__ void pwVisit(const int *ChildPtr, const int *Child, int *Lines,
                        const int *Nodes, int Count, int Depth);

__device__ inline bool pwThread(const int *ChildPtr, const int *Child,
                                int *Lines, const Frame &F, unsigned T,
                                Frame &Out) {
  int I = T;
  if (I < F.Count) {
    int V = F.Nodes[I];
    atomicAdd(&Lines[V], F.Depth * PwBench::DepthUnit + 1);
    int Begin = ChildPtr[V];
    int NumChildren = ChildPtr[V + 1] - Begin;
    if (NumChildren > 0) {
      Out = Frame{(unsigned)(NumChildren + BlockSize - 1) / BlockSize,
                  (unsigned)BlockSize, Child + Begin, NumChildren, F.Depth + 1,
                  0u};
      return true;
    }
  }
  return false;
}

__global__ void pwVisit(const int *ChildPtr, const int *Child, int *Lines,
                        const int *Nodes, int Count, int Depth) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    atomicAdd(&Lines[V], Depth * PwBench::DepthUnit + 1);
    int Begin = ChildPtr[V];
    int NumChildren = ChildPtr[V + 1] - Begin;
    if (NumChildren > 0) {
      unsigned Warp = __activemask();
      __syncwarp(Warp);
      bool Small = NumChildren < TR_T;
      if (!Small)
        pwVisit<<<(NumChildren + BlockSize - 1) / BlockSize, BlockSize, 0,
                  cudaStreamFireAndForget>>>(ChildPtr, Child, Lines,
                                             Child + Begin, NumChildren,
                                             Depth + 1);
      unsigned Walkers = __ballot_sync(Warp, Small);
      if (Small) {
        Frame St[TR_CAP];
        int Top = 0;
        St[Top++] = Frame{(unsigned)(NumChildren + BlockSize - 1) / BlockSize,
                          (unsigned)BlockSize, Child + Begin, NumChildren,
                          Depth + 1, 0u};
        int Budget = TR_BUDGET;
        bool Pend = false;
        Frame P;
        while (true) {
          bool More = Top > 0;
          if (!__any_sync(Walkers, More || Pend))
            break;
          if (Pend) {
            pwVisit<<<P.Grid, P.Block, 0, cudaStreamFireAndForget>>>(
                ChildPtr, Child, Lines, P.Nodes, P.Count, P.Depth);
            Pend = false;
          }
          if (More) {
            Frame &F = St[Top - 1];
            if (F.Next >= F.Grid * F.Block) {
              --Top;
              continue;
            }
            unsigned T = F.Next++;
            Frame C;
            if (pwThread(ChildPtr, Child, Lines, F, T, C)) {
              if (C.Count < TR_T && Budget > 0 && Top < TR_CAP)
                St[Top++] = C;
              else {
                P = C;
                Pend = true;
              }
            }
            --Budget;
          }
        }
      }
    }
  }
}

class PwCdp {
public:
  explicit PwCdp(const PwBench::Input &In)
      : NumNodes(In.Tree.numNodes()), ChildPtr(In.Tree.ChildPtr),
        Child(In.Tree.Children.Col), Lines(NumNodes),
        Root(std::vector<int>{In.Tree.Root}) {}

  void reset() { Lines.fillBytes(0); }

  void run() {
    pwVisit<<<1, BlockSize>>>(ChildPtr.get(), Child.get(), Lines.get(),
                              Root.get(), 1, 0);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<int> result() { return Lines.download(); }

private:
  int NumNodes;
  dpbench::DeviceArray<int> ChildPtr, Child, Lines, Root;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<PwBench, PwCdp>(Argc, Argv);
}
