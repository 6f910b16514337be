//===- ccl/nocdp.cu - Connected-component labelling without CDP ----------===//
//
// The natural flat version of cdp.cu: the same lock-free union-find, with
// one thread per pixel in each pass instead of a parent thread per row and a
// child grid over the row.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "ccl.h"

constexpr int BlockSize = 256;

/// Root of P's tree (volatile: labels change under concurrent unions).
__device__ int findRoot(const int *Label, int P) {
  const volatile int *L = Label;
  int Next = L[P];
  while (Next != P) {
    P = Next;
    Next = L[P];
  }
  return P;
}

/// Joins the trees of pixels A and B; sets *Changed when it links (see
/// cdp.cu for why the retry is correct).
__device__ void unite(int *Label, int A, int B, int *Changed) {
  while (true) {
    A = findRoot(Label, A);
    B = findRoot(Label, B);
    if (A == B)
      return;
    if (A < B) {
      int Tmp = A;
      A = B;
      B = Tmp;
    }
    int Old = atomicMin(&Label[A], B);
    if (Old == A) {
      *Changed = 1;
      return;
    }
    A = Old;
  }
}

__global__ void cclInit(const unsigned char *Image, int *Label, int NumPixels) {
  int P = blockIdx.x * blockDim.x + threadIdx.x;
  if (P < NumPixels)
    Label[P] = Image[P] ? P : CclBackground;
}

__global__ void cclMerge(const unsigned char *Image, int *Label, int Width,
                         int NumPixels, int *Changed) {
  int P = blockIdx.x * blockDim.x + threadIdx.x;
  if (P < NumPixels && Image[P]) {
    int X = P % Width;
    if (X > 0 && Image[P - 1])
      unite(Label, P, P - 1, Changed);
    if (P >= Width && Image[P - Width])
      unite(Label, P, P - Width, Changed);
  }
}

__global__ void cclCompress(const unsigned char *Image, int *Label,
                            int NumPixels) {
  int P = blockIdx.x * blockDim.x + threadIdx.x;
  if (P < NumPixels && Image[P])
    Label[P] = findRoot(Label, P);
}

class CclNoCdp {
public:
  explicit CclNoCdp(const CclBench::Input &In)
      : Width(In.Image.Width), Height(In.Image.Height), Image(In.Image.Pixels),
        Label(In.Image.Pixels.size()), Changed(1) {}

  void reset() {}

  void run() {
    const int NumPixels = Width * Height;
    const int Grid = (NumPixels + BlockSize - 1) / BlockSize;
    cclInit<<<Grid, BlockSize>>>(Image.get(), Label.get(), NumPixels);
    CUDA_CHECK_LAUNCH();
    for (int Pass = 0;; ++Pass) {
      if (Pass > NumPixels)
        dpbench::fatal("labelling did not converge");
      Changed.fillBytes(0);
      cclMerge<<<Grid, BlockSize>>>(Image.get(), Label.get(), Width, NumPixels,
                                    Changed.get());
      CUDA_CHECK_LAUNCH();
      if (Changed.at(0) == 0)
        break;
      cclCompress<<<Grid, BlockSize>>>(Image.get(), Label.get(), NumPixels);
      CUDA_CHECK_LAUNCH();
    }
  }

  std::vector<int> result() { return Label.download(); }

private:
  int Width, Height;
  dpbench::DeviceArray<unsigned char> Image;
  dpbench::DeviceArray<int> Label, Changed;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<CclBench, CclNoCdp>(Argc, Argv);
}
