//===- mstv/cdp.cu - MST verify kernel with dynamic parallelism ----------===//
//
// Boruvka rounds (see common/boruvka.h) with the verify kernel in basic-dp
// form: one parent thread per vertex whose component has an outgoing edge
// launches a child grid with one thread per edge, and the child thread whose
// edge leaves the component and carries the component's lightest key hooks
// the component to the other end. The other kernels are flat, as in
// nocdp.cu. No device-side synchronization: the host reads the Changed flag
// after the parent grid, which completes only after all of its children.
//
// This file is the input that dpopt rewrites: the parent kernel, the child
// kernel and the host code that launches the parent are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "mstv.h"

#include <numeric>
#include <string>

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// Starts a round: no lightest edge, no hook.
__global__ void mstInit(unsigned long long *MinKey, int *Hook,
                        int NumVertices) {
  int C = blockIdx.x * blockDim.x + threadIdx.x;
  if (C < NumVertices) {
    MinKey[C] = MstNoEdge;
    Hook[C] = C;
  }
}

/// find: each vertex's thread takes the lightest of its edges that leave
/// its component and lowers the component's MinKey to it.
__global__ void mstFind(const int *RowPtr, const int *Col,
                        const unsigned long long *Key, const int *Comp,
                        unsigned long long *MinKey, int NumVertices) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices) {
    int C = Comp[V];
    unsigned long long Best = MstNoEdge;
    for (int E = RowPtr[V]; E < RowPtr[V + 1]; ++E)
      if (Comp[Col[E]] != C && Key[E] < Best)
        Best = Key[E];
    if (Best < MinKey[C])
      atomicMin(&MinKey[C], Best);
  }
}

/// verify, child: one thread per edge of a vertex of component C; the edge
/// that leaves C and has key MK = MinKey[C] hooks C to the component at its
/// other end. Exactly one stored edge of C matches, so Hook[C] has one
/// writer. Changed: some component hooks.
__global__ void mstVerifyChild(const int *Col, const unsigned long long *Key,
                               const int *Comp, int C, unsigned long long MK,
                               int Begin, int Degree, int *Hook, int *Changed) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int E = Begin + I;
    if (Key[E] == MK && Comp[Col[E]] != C) {
      Hook[C] = Comp[Col[E]];
      *Changed = 1;
    }
  }
}

/// verify, parent: one thread per vertex whose component has an outgoing
/// edge launches a child over its edges.
__global__ void mstVerifyParent(const int *RowPtr, const int *Col,
                                const unsigned long long *Key, const int *Comp,
                                const unsigned long long *MinKey, int *Hook,
                                int NumVertices, int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices) {
    int C = Comp[V];
    unsigned long long MK = MinKey[C];
    int Begin = RowPtr[V];
    int Degree = RowPtr[V + 1] - Begin;
    if (MK != MstNoEdge && Degree > 0)
      mstVerifyChild<<<(Degree + ChildBlockSize - 1) / ChildBlockSize,
                       ChildBlockSize>>>(Col, Key, Comp, C, MK, Begin, Degree,
                                         Hook, Changed);
  }
}

/// hook: Parent[C] = Hook[C] for every component C, except that of two
/// components hooked to each other the smaller id stays a root. Every
/// component that hooks adds its lightest edge to the forest (Stats: this
/// round's edge count and weight). Hook is read-only here.
__global__ void mstHook(const int *Comp, const unsigned long long *MinKey,
                        const int *Hook, int *Parent, unsigned long long *Stats,
                        int NumVertices) {
  int C = blockIdx.x * blockDim.x + threadIdx.x;
  if (C < NumVertices && Comp[C] == C) {
    int D = Hook[C];
    int P = D != C && Hook[D] == C && C < D ? C : D;
    Parent[C] = P;
    if (P != C) {
      atomicAdd(&Stats[0], 1ull);
      atomicAdd(&Stats[1], MinKey[C] >> 32);
    }
  }
}

/// jump: pointer jumping over the hook forest until every component's
/// Parent is a root. Other threads shorten their own entries concurrently;
/// every value ever stored in Parent[X] is an ancestor of X and roots never
/// change, so any (even stale) read is a valid ancestor and "Parent[P] == P"
/// means P is a root.
__global__ void mstJump(const int *Comp, int *Parent, int NumVertices) {
  int C = blockIdx.x * blockDim.x + threadIdx.x;
  if (C < NumVertices && Comp[C] == C) {
    for (;;) {
      int P = Parent[C];
      int GP = Parent[P];
      if (GP == P)
        break;
      Parent[C] = GP;
    }
  }
}

/// relabel: every vertex moves to the root of its component's tree.
__global__ void mstRelabel(int *Comp, const int *Parent, int NumVertices) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices)
    Comp[V] = Parent[Comp[V]];
}

class MstvCdp {
public:
  explicit MstvCdp(const MstvBench::Input &In)
      : NumVertices(In.Graph.NumVertices), RowPtr(In.RowPtr), Col(In.Graph.Col),
        Key(In.Key), Comp(NumVertices), Hook(NumVertices), Parent(NumVertices),
        Changed(1), MinKey(NumVertices), Stats(2 * MstMaxRounds) {}

  void reset() {
    std::vector<int> Identity(NumVertices);
    std::iota(Identity.begin(), Identity.end(), 0);
    Comp.upload(Identity);
    Stats.fillBytes(0);
    Rounds = 0;
  }

  void run() {
    if (NumVertices == 0)
      return;
    const int Grid = (NumVertices + ParentBlockSize - 1) / ParentBlockSize;
    for (int Round = 0;; ++Round) {
      if (Round >= MstMaxRounds)
        dpbench::fatal("Boruvka did not finish in " +
                       std::to_string(MstMaxRounds) + " rounds");
      mstInit<<<Grid, ParentBlockSize>>>(MinKey.get(), Hook.get(), NumVertices);
      CUDA_CHECK_LAUNCH();
      mstFind<<<Grid, ParentBlockSize>>>(RowPtr.get(), Col.get(), Key.get(),
                                         Comp.get(), MinKey.get(), NumVertices);
      CUDA_CHECK_LAUNCH();
      Changed.fillBytes(0);
      mstVerifyParent<<<Grid, ParentBlockSize>>>(
          RowPtr.get(), Col.get(), Key.get(), Comp.get(), MinKey.get(),
          Hook.get(), NumVertices, Changed.get());
      CUDA_CHECK_LAUNCH();
      if (Changed.at(0) == 0)
        break; // No component has an outgoing edge: the forest is complete.
      mstHook<<<Grid, ParentBlockSize>>>(Comp.get(), MinKey.get(), Hook.get(),
                                         Parent.get(), Stats.get() + 2 * Round,
                                         NumVertices);
      CUDA_CHECK_LAUNCH();
      mstJump<<<Grid, ParentBlockSize>>>(Comp.get(), Parent.get(), NumVertices);
      CUDA_CHECK_LAUNCH();
      mstRelabel<<<Grid, ParentBlockSize>>>(Comp.get(), Parent.get(),
                                            NumVertices);
      CUDA_CHECK_LAUNCH();
      Rounds = Round + 1;
    }
  }

  std::vector<long long> result() {
    return MstvBench::pack(Rounds, Stats.download(), Comp.download());
  }

private:
  int NumVertices;
  int Rounds = 0;
  dpbench::DeviceArray<int> RowPtr, Col;
  dpbench::DeviceArray<unsigned long long> Key;
  dpbench::DeviceArray<int> Comp, Hook, Parent, Changed;
  dpbench::DeviceArray<unsigned long long> MinKey, Stats;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<MstvBench, MstvCdp>(Argc, Argv);
}
