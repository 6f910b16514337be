//===- ccl/cdp1.cu - Connected-component labelling, legacy CDP1 form -----===//
//
// The shape of the original CDP code (Chen & Shen's CCL launches children
// synchronously): the iteration loop runs on the device, in a one-thread
// driver grid that launches the per-row parent grids of cdp.cu, waits for
// them (and their children) with a device-side cudaDeviceSynchronize(), and
// reads the flag the children set to decide whether to go on.
//
// CUDA 12 removed device-side cudaDeviceSynchronize() for sm_90 and later
// (CDP2), so this file does NOT compile with CUDA 13 for Hopper. It is the
// input of dpopt's future launch-removal pass, which must turn it into code
// that runs (cdp.cu is the hand-written CDP2 equivalent: the loop moved to
// the host). benchmarks/CMakeLists.txt lists it as a legacy source: never
// built nor compile-checked, only parse-checked with clang-19 in host-only
// mode with dpopt's prelude, which declares the device overload of
// cudaDeviceSynchronize() (see dp_add_legacy_sources).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "ccl.h"

constexpr int ParentBlockSize = 128;
constexpr int ChildBlockSize = 128;
constexpr int InitBlockSize = 256;

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

__global__ void cclMergeRow(const unsigned char *Image, int *Label, int Width,
                            int Row, int *Changed) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X < Width) {
    int P = Row * Width + X;
    if (Image[P]) {
      if (X > 0 && Image[P - 1])
        unite(Label, P, P - 1, Changed);
      if (Row > 0 && Image[P - Width])
        unite(Label, P, P - Width, Changed);
    }
  }
}

__global__ void cclCompressRow(const unsigned char *Image, int *Label,
                               int Width, int Row) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X < Width) {
    int P = Row * Width + X;
    if (Image[P])
      Label[P] = findRoot(Label, P);
  }
}

__global__ void cclMerge(const unsigned char *Image, int *Label, int Width,
                         int Height, int *Changed) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Height && Width > 0)
    cclMergeRow<<<(Width + ChildBlockSize - 1) / ChildBlockSize,
                  ChildBlockSize>>>(Image, Label, Width, Row, Changed);
}

__global__ void cclCompress(const unsigned char *Image, int *Label, int Width,
                            int Height) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Height && Width > 0)
    cclCompressRow<<<(Width + ChildBlockSize - 1) / ChildBlockSize,
                     ChildBlockSize>>>(Image, Label, Width, Row);
}

/// One thread: the whole iteration on the device (CDP1). The synchronize
/// waits for the parent grid and all of its children, after which their
/// writes (the labels and *Changed) are visible to this thread.
__global__ void cclDriver(const unsigned char *Image, int *Label, int Width,
                          int Height, int *Changed) {
  const int Grid = (Height + ParentBlockSize - 1) / ParentBlockSize;
  for (int Pass = 0; Pass <= Width * Height; ++Pass) {
    *Changed = 0;
    cclMerge<<<Grid, ParentBlockSize>>>(Image, Label, Width, Height, Changed);
    cudaDeviceSynchronize();
    if (*(volatile int *)Changed == 0)
      return;
    cclCompress<<<Grid, ParentBlockSize>>>(Image, Label, Width, Height);
    cudaDeviceSynchronize();
  }
}

class CclCdp1 {
public:
  explicit CclCdp1(const CclBench::Input &In)
      : Width(In.Image.Width), Height(In.Image.Height), Image(In.Image.Pixels),
        Label(In.Image.Pixels.size()), Changed(1) {}

  void reset() {}

  void run() {
    const int NumPixels = Width * Height;
    cclInit<<<(NumPixels + InitBlockSize - 1) / InitBlockSize, InitBlockSize>>>(
        Image.get(), Label.get(), NumPixels);
    CUDA_CHECK_LAUNCH();
    cclDriver<<<1, 1>>>(Image.get(), Label.get(), Width, Height, Changed.get());
    CUDA_CHECK_LAUNCH();
  }

  std::vector<int> result() { return Label.download(); }

private:
  int Width, Height;
  dpbench::DeviceArray<unsigned char> Image;
  dpbench::DeviceArray<int> Label, Changed;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<CclBench, CclCdp1>(Argc, Argv);
}
