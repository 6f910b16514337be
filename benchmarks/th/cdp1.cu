//===- th/cdp1.cu - Tree heights, legacy CDP1 form (wait, then postwork) --===//
//
// The recursive traversal of cdp.cu written the way CDP1 code computed a
// bottom-up result: a grid covers the children of one node, one thread per
// child; a thread whose node has children launches the same kernel over
// them, waits for that grid (and, through it, the whole subtree) with a
// device-side cudaDeviceSynchronize(), and then reads the heights its
// children's threads wrote: Height[V] = 1 + max over the children C of
// Height[C]; a leaf writes 0. Every node's height is written once, by its
// own thread, after its children's are final, so there are no atomics and
// no leaf walks as in cdp.cu. Same ThBench traits and result.
//
// Depth: a node at depth d is handled by a grid at nesting level d, and
// every internal node waits, so the nesting depth is the tree height + 1
// levels of grids and the synchronization depth the tree height: 3 on
// tree-d1 (depths 0..3), 4 on tree-d2 (depths 0..4). CDP1 allowed at most
// 24 levels (trees of height <= 23) and reserved state for only 2 levels of
// waits unless told otherwise, so the host raises
// cudaLimitDevRuntimeSyncDepth to the height. Launches: one per internal
// node, all possibly pending at once (ThBench::pendingLaunches).
//
// CUDA 12 removed device-side cudaDeviceSynchronize() for sm_90 and later
// (CDP2), so this file does NOT compile with CUDA 13 for Hopper. It is an
// input of dpopt's continuation pass, which runs the code after the wait in
// a tail-launched continuation grid (post-order, as CDP1 did).
// benchmarks/CMakeLists.txt lists it as a legacy source: never built nor
// compile-checked, only parse-checked with clang in host-only mode with a
// prelude that declares the device overload of cudaDeviceSynchronize() (see
// dp_add_legacy_sources).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "th.h"

constexpr int BlockSize = 128;

/// One thread per node of Nodes[0, Count): the children of one node.
__global__ void thVisit(const int *ChildPtr, const int *Child, int *Height,
                        const int *Nodes, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    int Begin = ChildPtr[V];
    int End = ChildPtr[V + 1];
    int H = 0;
    if (End > Begin) {
      thVisit<<<(End - Begin + BlockSize - 1) / BlockSize, BlockSize>>>(
          ChildPtr, Child, Height, Child + Begin, End - Begin);
      // Returns once the child grid and everything it launched are done;
      // their writes (the children's heights) are then visible here.
      cudaDeviceSynchronize();
      for (int E = Begin; E < End; ++E) {
        int Up = Height[Child[E]] + 1;
        if (Up > H)
          H = Up;
      }
    }
    Height[V] = H;
  }
}

/// CDP1 keeps the state of waiting parents for a fixed number of nesting
/// levels (2 by default), fixed before the first launch. sm_90 and later
/// have no such limit (the call fails with cudaErrorUnsupportedLimit), which
/// is harmless once dpopt has removed the waits: the error is cleared so
/// that the launch checks do not report it.
static void requestSyncDepth(int Levels) {
  if (Levels > 2 &&
      cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, Levels) != cudaSuccess)
    (void)cudaGetLastError();
}

class ThCdp1 {
public:
  explicit ThCdp1(const ThBench::Input &In)
      : NumNodes(In.Tree.numNodes()), ChildPtr(In.Tree.ChildPtr),
        Child(In.Tree.Children.Col), Height(NumNodes),
        Root(std::vector<int>{In.Tree.Root}) {
    requestSyncDepth(In.Tree.Height);
  }

  // Every node's height is written by its own thread, so no reset is
  // needed; all ones (-1) makes a node that was missed fail the check.
  void reset() { Height.fillBytes(0xff); }

  void run() {
    thVisit<<<1, BlockSize>>>(ChildPtr.get(), Child.get(), Height.get(),
                              Root.get(), 1);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<int> result() { return Height.download(); }

private:
  int NumNodes;
  dpbench::DeviceArray<int> ChildPtr, Child, Height, Root;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<ThBench, ThCdp1>(Argc, Argv);
}
