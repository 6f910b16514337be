//===- sp/nocdp.cu - Survey propagation without dynamic parallelism -------===//
//
// The papers' "No CDP" baseline: one thread per variable computes the
// products over the variable's occurrences and then loops over the
// occurrences again to write their ratios; one thread per clause updates
// the clause's surveys. See sp.h for the equations.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "sp.h"

constexpr int BlockSize = 128;

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

/// Variable pass: one thread per variable, two loops over its occurrences.
__global__ void spVariables(const int *VarPtr, const int *VarEdge,
                            const int *EdgeNeg, const float *Eta, float *R,
                            int NumVars) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVars) {
    int Begin = VarPtr[V], End = VarPtr[V + 1];
    int ZPos = 0, ZNeg = 0;
    float PPos = 1.0f, PNeg = 1.0f;
    for (int K = Begin; K < End; ++K) {
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
    for (int K = Begin; K < End; ++K) {
      int E = VarEdge[K];
      R[E] = edgeRatio(1.0f - Eta[E], EdgeNeg[E], ZPos, PPos, ZNeg, PNeg);
    }
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

class SpNoCdp {
public:
  explicit SpNoCdp(const SpBench::Input &In)
      : NumVars(In.NumVars), NumClauses(In.NumClauses),
        Iterations(In.Iterations), Eta0(In.Eta0), ClausePtr(In.ClausePtr),
        EdgeNeg(In.EdgeNeg), VarPtr(In.VarPtr), VarEdge(In.VarEdge),
        Eta(In.NumEdges), R(In.NumEdges) {}

  void reset() {
    Eta.upload(Eta0);
    R.fillBytes(0xFF); // NaN: every ratio must be rewritten before use
  }

  void run() {
    const int VarGrid = (NumVars + BlockSize - 1) / BlockSize;
    const int ClauseGrid = (NumClauses + BlockSize - 1) / BlockSize;
    for (int It = 0; It < Iterations; ++It) {
      if (VarGrid > 0) {
        spVariables<<<VarGrid, BlockSize>>>(VarPtr.get(), VarEdge.get(),
                                            EdgeNeg.get(), Eta.get(), R.get(),
                                            NumVars);
        CUDA_CHECK_LAUNCH();
      }
      if (ClauseGrid > 0) {
        spClauses<<<ClauseGrid, BlockSize>>>(ClausePtr.get(), R.get(),
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
  return dpbench::runBenchmark<SpBench, SpNoCdp>(Argc, Argv);
}
