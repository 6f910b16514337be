//===- ccl/cdp.cu - Connected-component labelling with CDP (basic-dp) ----===//
//
// Union-find labelling of the 4-connected components of a binary image:
// every foreground pixel starts as its own root, each pixel is united with
// its left and upper neighbors, then every label is replaced by its root.
// The union is lock-free: the larger of two roots is linked below the
// smaller one with atomicMin, and if that root was linked elsewhere in the
// meantime the union retries from the new roots; links always go from a
// larger to a smaller index, so every find terminates and each component's
// root is its smallest pixel, the label the CPU reference gives (ccl.h).
//
// The original CDP version (Chen & Shen's CCL) launches children and waits
// for them with a device-side cudaDeviceSynchronize() (see cdp1.cu, which
// CUDA 13 rejects). Here the host runs the iterations: a parent grid with
// one thread per row launches a child grid over that row's pixels, once to
// merge and once to compress, and the host repeats until a merge pass links
// nothing. One merge pass already joins everything (the retry makes each
// union complete), so a run takes two merge passes and one compression.
// Launches: Height per parent grid; nesting depth 1.
//
// This file is the input that dpopt rewrites: the kernels and the host code
// that launches the parents are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "ccl.h"

constexpr int ParentBlockSize = 128;
constexpr int ChildBlockSize = 128;
constexpr int InitBlockSize = 256;

/// Root of P's tree. Labels change under concurrent unions; volatile reads
/// see fresh values, and any value read is an ancestor of P with a smaller
/// index, so the walk ends.
__device__ int findRoot(const int *Label, int P) {
  const volatile int *L = Label;
  int Next = L[P];
  while (Next != P) {
    P = Next;
    Next = L[P];
  }
  return P;
}

/// Joins the trees of pixels A and B; sets *Changed when it links.
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
    // Link root A (the larger) below B. If A is no longer a root, Old is
    // its current parent (and A now points to min(Old, B)); Old and B must
    // still be joined, so retry with them.
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

/// One thread per pixel of one row: unite with the left and upper
/// neighbors.
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

/// One thread per pixel of one row: label = root.
__global__ void cclCompressRow(const unsigned char *Image, int *Label,
                               int Width, int Row) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X < Width) {
    int P = Row * Width + X;
    if (Image[P])
      Label[P] = findRoot(Label, P);
  }
}

/// One thread per row; each launches a merge grid over its row.
__global__ void cclMerge(const unsigned char *Image, int *Label, int Width,
                         int Height, int *Changed) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Height && Width > 0)
    cclMergeRow<<<(Width + ChildBlockSize - 1) / ChildBlockSize,
                  ChildBlockSize>>>(Image, Label, Width, Row, Changed);
}

/// One thread per row; each launches a compression grid over its row.
__global__ void cclCompress(const unsigned char *Image, int *Label, int Width,
                            int Height) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Height && Width > 0)
    cclCompressRow<<<(Width + ChildBlockSize - 1) / ChildBlockSize,
                     ChildBlockSize>>>(Image, Label, Width, Row);
}

class CclCdp {
public:
  explicit CclCdp(const CclBench::Input &In)
      : Width(In.Image.Width), Height(In.Image.Height), Image(In.Image.Pixels),
        Label(In.Image.Pixels.size()), Changed(1) {}

  void reset() {}

  void run() {
    const int NumPixels = Width * Height;
    cclInit<<<(NumPixels + InitBlockSize - 1) / InitBlockSize, InitBlockSize>>>(
        Image.get(), Label.get(), NumPixels);
    CUDA_CHECK_LAUNCH();
    const int Grid = (Height + ParentBlockSize - 1) / ParentBlockSize;
    for (int Pass = 0;; ++Pass) {
      // Each pass that links shrinks the number of roots.
      if (Pass > NumPixels)
        dpbench::fatal("labelling did not converge");
      Changed.fillBytes(0);
      cclMerge<<<Grid, ParentBlockSize>>>(Image.get(), Label.get(), Width,
                                          Height, Changed.get());
      CUDA_CHECK_LAUNCH();
      if (Changed.at(0) == 0)
        break;
      cclCompress<<<Grid, ParentBlockSize>>>(Image.get(), Label.get(), Width,
                                             Height);
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
  return dpbench::runBenchmark<CclBench, CclCdp>(Argc, Argv);
}
