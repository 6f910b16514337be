//===- bt/nocdp.cu - Bezier tessellation without dynamic parallelism ------===//
//
// The papers' "No CDP" baseline: one thread per line computes the line's
// point count and then evaluates all of its points in a loop (a highly
// curved line serializes up to MaxTess points in one thread). See bt.h.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "bt.h"

constexpr int BlockSize = 128;

/// dpbez::tessellationCount: clamp(ceil(curvature * Scale), 4, MaxTess).
__device__ int tessellationCount(float X0, float Y0, float X1, float Y1,
                                 float X2, float Y2, int MaxTess, float Scale) {
  float Dx = X1 - 0.5f * (X0 + X2);
  float Dy = Y1 - 0.5f * (Y0 + Y2);
  float Cx = X2 - X0;
  float Cy = Y2 - Y0;
  float Dev = sqrtf(Dx * Dx + Dy * Dy);
  float Chord = sqrtf(Cx * Cx + Cy * Cy);
  float X = Dev / fmaxf(Chord, 1e-6f) * Scale;
  return static_cast<int>(
      fminf(fmaxf(ceilf(X), 4.0f), static_cast<float>(MaxTess)));
}

__global__ void btLines(const float *Ctrl, const int *Offset, int NumLines,
                        int MaxTess, float Scale, float *Points) {
  int L = blockIdx.x * blockDim.x + threadIdx.x;
  if (L < NumLines) {
    const float *C = Ctrl + 6 * L;
    float X0 = C[0], Y0 = C[1], X1 = C[2], Y1 = C[3], X2 = C[4], Y2 = C[5];
    int N = tessellationCount(X0, Y0, X1, Y1, X2, Y2, MaxTess, Scale);
    int Begin = Offset[L];
    N = min(N, Offset[L + 1] - Begin); // never write past this line's slice
    float *Out = Points + 2 * Begin;
    for (int I = 0; I < N; ++I) {
      float T = static_cast<float>(I) / static_cast<float>(N - 1);
      float U = 1.0f - T;
      float A = U * U, B = 2.0f * U * T, D = T * T;
      Out[2 * I] = A * X0 + B * X1 + D * X2;
      Out[2 * I + 1] = A * Y0 + B * Y1 + D * Y2;
    }
  }
}

class BtNoCdp {
public:
  explicit BtNoCdp(const BtBench::Input &In)
      : NumLines(In.NumLines), MaxTess(In.Lines.MaxTess),
        Scale(In.Lines.CurvatureScale), Ctrl(In.Lines.Ctrl), Offset(In.Offset),
        Points(2 * size_t(BtBench::totalPoints(In))) {}

  void reset() {
    Points.fillBytes(0xFF); // NaN: a point nobody writes fails the check
  }

  void run() {
    if (NumLines == 0)
      return;
    const int Grid = (NumLines + BlockSize - 1) / BlockSize;
    btLines<<<Grid, BlockSize>>>(Ctrl.get(), Offset.get(), NumLines, MaxTess,
                                 Scale, Points.get());
    CUDA_CHECK_LAUNCH();
  }

  std::vector<float> result() { return Points.download(); }

private:
  int NumLines, MaxTess;
  float Scale;
  dpbench::DeviceArray<float> Ctrl;
  dpbench::DeviceArray<int> Offset;
  dpbench::DeviceArray<float> Points;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<BtBench, BtNoCdp>(Argc, Argv);
}
