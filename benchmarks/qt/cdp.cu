//===- qt/cdp.cu - Quadtree construction with dynamic parallelism --------===//
//
// One thread block builds one node (the idea of the CUDA samples'
// cdpQuadtree and KLAP's QT, written from their description): it counts the
// node's points per quadrant (block reduction in shared memory), reorders
// them stably into the four children's ranges (a block-wide scan per chunk
// of points, in shared memory), writes the children's ranges, and one thread
// launches the same kernel for the four children: a grid of 4 blocks, block
// b building child b. Recursion stops at MaxDepth or at MinPoints points.
// The kernel uses shared memory and __syncthreads() on purpose: QT is the
// suite's case of children that need their block.
//
// Point indices are reordered between two buffers: the points of a node at
// depth d are in Buf[d % 2] and its children's in Buf[(d + 1) % 2]; a leaf at
// an odd depth copies its range back, so the final order ends in Buf0. Ranges
// of different nodes of one depth are disjoint, and a node's range is
// written by its parent before the parent launches it, so no two blocks ever
// write the same element concurrently. Node ids are implicit (children of v:
// 4v + 1 .. 4v + 4), so the result does not depend on the launch order.
//
// Launches: one per internal node, all pending at once at worst (see
// QtBench::pendingLaunches); nesting depth = the deepest internal node + 1
// <= MaxDepth (10 by default, at most 12), below CDP2's 24 levels.
//
// This file is the input that dpopt rewrites: the kernel and the host code
// that launches it are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "qt.h"

constexpr int BlockSize = 256;
// The scan packs four 16-bit per-quadrant counts of one chunk into 64 bits.
static_assert(BlockSize < 65536, "per-chunk quadrant counts need 16 bits");
static_assert((BlockSize & (BlockSize - 1)) == 0, "tree reduction");

/// Builds node FirstNode + blockIdx.x. The nodes of one grid are the four
/// children of one parent (or the root alone): (X0, Y0) is the parent's cell
/// origin and Size the side of this grid's cells (half the parent's), so
/// block b's cell has origin (X0 + (b & 1) * Size, Y0 + (b >> 1) * Size). The
/// host builds the root with one block, FirstNode 0, origin (0, 0), Size 1.
__global__ void qtBuild(const float *X, const float *Y, int *Buf0, int *Buf1,
                        int *NodeBegin, int *NodeCount, int FirstNode, float X0,
                        float Y0, float Size, int Depth, int MaxDepth,
                        int MinPoints) {
  __shared__ int Reduce[4][BlockSize];
  __shared__ unsigned long long Scan[BlockSize];
  __shared__ int Offset[4];
  const int T = threadIdx.x;
  const int Node = FirstNode + blockIdx.x;
  const float NX = X0 + (blockIdx.x & 1) * Size;
  const float NY = Y0 + (blockIdx.x >> 1) * Size;
  const int Begin = NodeBegin[Node];
  const int Count = NodeCount[Node];
  const int *Src = (Depth & 1) ? Buf1 : Buf0;
  int *Dst = (Depth & 1) ? Buf0 : Buf1;

  // Leaf (the condition is uniform across the block, so returning here
  // skips no barrier of a thread that stays).
  if (Depth == MaxDepth || Count <= MinPoints) {
    if (Depth & 1)
      for (int I = T; I < Count; I += BlockSize)
        Buf0[Begin + I] = Buf1[Begin + I];
    return;
  }

  const float Half = Size * 0.5f;
  const float CX = NX + Half, CY = NY + Half;

  // 1. Points per quadrant: per-thread counts, then a tree reduction.
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

  // The children's ranges, before Offset moves on.
  if (T < 4) {
    NodeBegin[4 * Node + 1 + T] = Offset[T];
    NodeCount[4 * Node + 1 + T] = Reduce[T][0];
  }

  // 2. Stable reorder, one chunk of BlockSize points at a time: an
  // inclusive Hillis-Steele scan of one-hot 16-bit quadrant counters gives
  // each point its rank among the chunk's points of its quadrant.
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
    __syncthreads(); // Every thread has used Offset and Scan.
    if (T < 4)
      Offset[T] += static_cast<int>((Total >> (16 * T)) & 0xFFFF);
    __syncthreads();
  }

  // 3. Children: the reordered points and the children's ranges were
  // written by all threads; after this barrier the grid that thread 0
  // launches sees them all (a child sees what its launching thread saw).
  __syncthreads();
  if (T == 0)
    qtBuild<<<4, BlockSize>>>(X, Y, Buf0, Buf1, NodeBegin, NodeCount,
                              4 * Node + 1, NX, NY, Half, Depth + 1, MaxDepth,
                              MinPoints);
}

class QtCdp {
public:
  explicit QtCdp(const QtBench::Input &In)
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
    qtBuild<<<1, BlockSize>>>(X.get(), Y.get(), Buf0.get(), Buf1.get(),
                              NodeBegin.get(), NodeCount.get(), 0, 0.0f, 0.0f,
                              1.0f, 0, MaxDepth, MinPoints);
    CUDA_CHECK_LAUNCH();
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
  return dpbench::runBenchmark<QtBench, QtCdp>(Argc, Argv);
}
