//===- qt/nocdp.cu - Quadtree construction without dynamic parallelism ---===//
//
// The natural iterative counterpart of cdp.cu: the host builds the tree
// level by level, launching one block per node slot of the level (4^d
// blocks at depth d); a block whose slot is not a node (its parent was a
// leaf or is absent) returns at once, the others do exactly the work of
// cdp.cu's blocks (count, stable reorder, children's ranges) without the
// launch. A block finds its cell from its slot's index in the level, whose
// base-4 digits are the quadrants on the path from the root.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "qt.h"

constexpr int BlockSize = 256;
static_assert(BlockSize < 65536, "per-chunk quadrant counts need 16 bits");
static_assert((BlockSize & (BlockSize - 1)) == 0, "tree reduction");

/// One block per slot of depth Depth; slots of that depth start at
/// FirstNode and have cells of side Size = 2^-Depth.
__global__ void qtLevel(const float *X, const float *Y, int *Buf0, int *Buf1,
                        int *NodeBegin, int *NodeCount, int FirstNode,
                        float Size, int Depth, int MaxDepth, int MinPoints) {
  __shared__ int Reduce[4][BlockSize];
  __shared__ unsigned long long Scan[BlockSize];
  __shared__ int Offset[4];
  const int T = threadIdx.x;
  const int Node = FirstNode + blockIdx.x;
  const int Count = NodeCount[Node];
  if (Count < 0)
    return; // Not a node.
  const int Begin = NodeBegin[Node];
  const int *Src = (Depth & 1) ? Buf1 : Buf0;
  int *Dst = (Depth & 1) ? Buf0 : Buf1;

  if (Depth == MaxDepth || Count <= MinPoints) {
    if (Depth & 1)
      for (int I = T; I < Count; I += BlockSize)
        Buf0[Begin + I] = Buf1[Begin + I];
    return;
  }

  // Cell origin: bit k of the x (y) cell index is bit 2k (2k + 1) of the
  // slot's index in the level; integer * 2^-Depth is exact.
  unsigned CellX = 0, CellY = 0;
  for (int K = 0; K < Depth; ++K) {
    CellX |= ((blockIdx.x >> (2 * K)) & 1u) << K;
    CellY |= ((blockIdx.x >> (2 * K + 1)) & 1u) << K;
  }
  const float NX = CellX * Size, NY = CellY * Size;
  const float Half = Size * 0.5f;
  const float CX = NX + Half, CY = NY + Half;

  int C0 = 0, C1 = 0, C2 = 0, C3 = 0;
  for (int I = T; I < Count; I += BlockSize) {
    int P = Src[Begin + I];
    int Q = (X[P] >= CX ? 1 : 0) | (Y[P] >= CY ? 2 : 0);
    C0 += Q == 0;
    C1 += Q == 1;
    C2 += Q == 2;
    C3 += Q == 3;
  }
  Reduce[0][T] = C0;
  Reduce[1][T] = C1;
  Reduce[2][T] = C2;
  Reduce[3][T] = C3;
  __syncthreads();
  for (int Stride = BlockSize / 2; Stride > 0; Stride /= 2) {
    if (T < Stride)
      for (int Q = 0; Q < 4; ++Q)
        Reduce[Q][T] += Reduce[Q][T + Stride];
    __syncthreads();
  }
  if (T == 0) {
    Offset[0] = Begin;
    Offset[1] = Offset[0] + Reduce[0][0];
    Offset[2] = Offset[1] + Reduce[1][0];
    Offset[3] = Offset[2] + Reduce[2][0];
  }
  __syncthreads();
  if (T < 4) {
    NodeBegin[4 * Node + 1 + T] = Offset[T];
    NodeCount[4 * Node + 1 + T] = Reduce[T][0];
  }

  for (int Chunk = 0; Chunk < Count; Chunk += BlockSize) {
    const int I = Chunk + T;
    int P = -1, Q = 0;
    unsigned long long Flag = 0;
    if (I < Count) {
      P = Src[Begin + I];
      Q = (X[P] >= CX ? 1 : 0) | (Y[P] >= CY ? 2 : 0);
      Flag = 1ull << (16 * Q);
    }
    Scan[T] = Flag;
    __syncthreads();
    for (int Dist = 1; Dist < BlockSize; Dist *= 2) {
      unsigned long long Add = T >= Dist ? Scan[T - Dist] : 0;
      __syncthreads();
      Scan[T] += Add;
      __syncthreads();
    }
    if (P >= 0) {
      int Rank = static_cast<int>(((Scan[T] - Flag) >> (16 * Q)) & 0xFFFF);
      Dst[Offset[Q] + Rank] = P;
    }
    const unsigned long long Total = Scan[BlockSize - 1];
    __syncthreads();
    if (T < 4)
      Offset[T] += static_cast<int>((Total >> (16 * T)) & 0xFFFF);
    __syncthreads();
  }
}

class QtNoCdp {
public:
  explicit QtNoCdp(const QtBench::Input &In)
      : NumPoints(static_cast<int>(In.Points.size())), MaxDepth(In.MaxDepth),
        MinPoints(In.MinPoints), X(In.Points.X), Y(In.Points.Y),
        Buf0(NumPoints), Buf1(NumPoints), NodeBegin(qtSlots(MaxDepth)),
        NodeCount(qtSlots(MaxDepth)) {}

  void reset() {
    std::vector<int> Identity(NumPoints);
    for (int I = 0; I < NumPoints; ++I)
      Identity[I] = I;
    Buf0.upload(Identity);
    NodeBegin.fillBytes(0xFF);
    NodeCount.fillBytes(0xFF); // -1: not a node
    NodeBegin.set(0, 0);
    NodeCount.set(0, NumPoints);
  }

  void run() {
    float Size = 1.0f;
    for (int Depth = 0; Depth <= MaxDepth; ++Depth, Size *= 0.5f) {
      const int First = static_cast<int>(qtSlots(Depth - 1));
      const int Slots = 1 << (2 * Depth);
      qtLevel<<<Slots, BlockSize>>>(X.get(), Y.get(), Buf0.get(), Buf1.get(),
                                    NodeBegin.get(), NodeCount.get(), First,
                                    Size, Depth, MaxDepth, MinPoints);
      CUDA_CHECK_LAUNCH();
    }
  }

  std::vector<int> result() {
    std::vector<int> Out = Buf0.download();
    std::vector<int> Counts = NodeCount.download();
    Out.insert(Out.end(), Counts.begin(), Counts.end());
    return Out;
  }

private:
  int NumPoints;
  int MaxDepth;
  int MinPoints;
  dpbench::DeviceArray<float> X, Y;
  dpbench::DeviceArray<int> Buf0, Buf1, NodeBegin, NodeCount;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<QtBench, QtNoCdp>(Argc, Argv);
}
