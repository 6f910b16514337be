//===- sp/cdp.cu - Survey propagation with dynamic parallelism (basic-dp) -===//
//
// The host runs a fixed number of SP iterations. In the variable pass one
// parent thread per variable computes the products over the variable's
// occurrences and launches a child grid with one thread per occurrence,
// which writes that occurrence's ratio; the clause pass is a flat kernel
// (clauses have k = 3 or 5 literals). No device-side synchronization: the
// clause pass is the host's next launch on the same stream, and a parent
// grid completes only after its children. See sp.h for the equations.
//
// Child sizes are the variables' occurrence counts: ~12.6 on average (max
// < 32) for random 3-SAT at ratio 4.2, ~106 (max ~140) for the 5-SAT
// instance, so the former launches one tiny grid per variable (Olabi et al.
// note SP on RAND-3 has no child grid of 32 threads or more).
//
// This file is the input that dpopt rewrites.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "sp.h"

constexpr int ParentBlockSize = 128;
constexpr int ChildBlockSize = 32;

/// sp::edgeRatio, operation for operation (see sp.h on why the fma).
__device__ float edgeRatio(float F, int Neg, int ZPos, float PPos, int ZNeg,
                           float PNeg) {
  int ZSame = Neg ? ZNeg : ZPos, ZOpp = Neg ? ZPos : ZNeg;
  float PSame = Neg ? PNeg : PPos, POpp = Neg ? PPos : PNeg;
  float S;
  if (F == 0.0f)
    S = ZSame == 1 ? PSame : 0.0f;
  else
    S = ZSame == 0 ? PSame / F : 0.0f;
  float U = ZOpp == 0 ? POpp : 0.0f;
  float Den = fmaf(-S, U, S + U);
  return Den > 0.0f ? fminf((1.0f - U) * S / Den, 1.0f) : 0.0f;
}

/// One thread per occurrence of one variable: the ratio of that edge from
/// the variable's products (each edge belongs to exactly one variable, so
/// every R element has one writer).
__global__ void spOccurrences(const int *VarEdge, int Begin, int Count,
                              const int *EdgeNeg, const float *Eta, float *R,
                              int ZPos, float PPos, int ZNeg, float PNeg) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int E = VarEdge[Begin + I];
    R[E] = edgeRatio(1.0f - Eta[E], EdgeNeg[E], ZPos, PPos, ZNeg, PNeg);
  }
}

/// Variable pass: one parent thread per variable.
__global__ void spVariables(const int *VarPtr, const int *VarEdge,
                            const int *EdgeNeg, const float *Eta, float *R,
                            int NumVars) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVars) {
    int Begin = VarPtr[V];
    int Count = VarPtr[V + 1] - Begin;
    int ZPos = 0, ZNeg = 0;
    float PPos = 1.0f, PNeg = 1.0f;
    for (int K = Begin; K < Begin + Count; ++K) {
      int E = VarEdge[K];
      float F = 1.0f - Eta[E];
      if (EdgeNeg[E]) {
        if (F == 0.0f)
          ++ZNeg;
        else
          PNeg *= F;
      } else {
        if (F == 0.0f)
          ++ZPos;
        else
          PPos *= F;
      }
    }
    if (Count > 0)
      spOccurrences<<<(Count + ChildBlockSize - 1) / ChildBlockSize,
                      ChildBlockSize>>>(VarEdge, Begin, Count, EdgeNeg, Eta, R,
                                        ZPos, PPos, ZNeg, PNeg);
  }
}

/// Clause pass: eta of each edge = product of the other edges' ratios.
__global__ void spClauses(const int *ClausePtr, const float *R, float *Eta,
                          int NumClauses) {
  int C = blockIdx.x * blockDim.x + threadIdx.x;
  if (C < NumClauses) {
    int Begin = ClausePtr[C], End = ClausePtr[C + 1];
    for (int E = Begin; E < End; ++E) {
      float Prod = 1.0f;
      for (int O = Begin; O < End; ++O)
        if (O != E)
          Prod *= R[O];
      Eta[E] = Prod;
    }
  }
}

class SpCdp {
public:
  explicit SpCdp(const SpBench::Input &In)
      : NumVars(In.NumVars), NumClauses(In.NumClauses),
        Iterations(In.Iterations), Eta0(In.Eta0), ClausePtr(In.ClausePtr),
        EdgeNeg(In.EdgeNeg), VarPtr(In.VarPtr), VarEdge(In.VarEdge),
        Eta(In.NumEdges), R(In.NumEdges) {}

  void reset() {
    Eta.upload(Eta0);
    R.fillBytes(0xFF); // NaN: every ratio must be rewritten before use
  }

  void run() {
    const int VarGrid = (NumVars + ParentBlockSize - 1) / ParentBlockSize;
    const int ClauseGrid = (NumClauses + ParentBlockSize - 1) / ParentBlockSize;
    for (int It = 0; It < Iterations; ++It) {
      if (VarGrid > 0) {
        spVariables<<<VarGrid, ParentBlockSize>>>(VarPtr.get(), VarEdge.get(),
                                                  EdgeNeg.get(), Eta.get(),
                                                  R.get(), NumVars);
        CUDA_CHECK_LAUNCH();
      }
      if (ClauseGrid > 0) {
        spClauses<<<ClauseGrid, ParentBlockSize>>>(ClausePtr.get(), R.get(),
                                                   Eta.get(), NumClauses);
        CUDA_CHECK_LAUNCH();
      }
    }
  }

  std::vector<float> result() { return Eta.download(); }

private:
  int NumVars, NumClauses, Iterations;
  std::vector<float> Eta0;
  dpbench::DeviceArray<int> ClausePtr, EdgeNeg, VarPtr, VarEdge;
  dpbench::DeviceArray<float> Eta, R;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<SpBench, SpCdp>(Argc, Argv);
}
