//===- pragmas.cu - '#pragma dp consldt' shapes, checked on the GPU -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A self-checking CDP program: each parent launches children under a
// '#pragma dp consldt' of another shape, and main() compares each result
// with a CPU reference. run.sh builds it as written (the children launched
// one by one) and as dpopt rewrites it (prepare.sh).
//
//   edges  -- block level, multi-block child over a vertex's edges; parent
//             threads return early
//   single -- warp level, thread-mapped child (one thread), a buffer of 2
//             work items per warp: most launches overflow and go alone
//   spread -- block level, thread-mapped child with threads(64) blocks(3)
//   tile   -- grid level, solo-block child with shared memory and a barrier
//   walk   -- grid level, a kernel that launches itself (tree depths)
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(E),          \
                  __FILE__, __LINE__);                                         \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

__global__ void edges(const int *Col, int *Out, int Begin, int Degree) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree)
    atomicAdd(&Out[Col[Begin + I]], 1);
}

__global__ void edgeParent(const int *RowPtr, const int *Col, int *Out, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= N)
    return;
  int Begin = RowPtr[V];
  int Degree = RowPtr[V + 1] - Begin;
  if (Degree > 0) {
#pragma dp consldt(block) work(Begin, Degree)
    edges<<<(Degree + 63) / 64, 64>>>(Col, Out, Begin, Degree);
  }
}

__global__ void single(int *Out, int V) { Out[V] += V % 7 + 1; }

__global__ void singleParent(int *Out, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N && V % 3 != 0) {
#pragma dp consldt(warp) buffer(custom, 2) work(V)
    single<<<1, 1>>>(Out, V);
  }
}

__global__ void spread(int *Out, int V, int Count) {
  atomicAdd(&Out[V], Count * (int)(blockIdx.x + 1) + (int)gridDim.x);
}

__global__ void spreadParent(int *Out, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N) {
    int Count = V % 5 + 1;
#pragma dp consldt(block) work(V, Count) threads(64) blocks(3)
    spread<<<Count, 1>>>(Out, V, Count);
  }
}

__global__ void tile(int *Data, int Row) {
  __shared__ int Tmp[64];
  Tmp[threadIdx.x] = Data[Row * 64 + threadIdx.x];
  __syncthreads();
  Data[Row * 64 + threadIdx.x] = Tmp[63 - threadIdx.x] + blockDim.x;
}

__global__ void tileParent(int *Data, int Rows) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < Rows) {
#pragma dp consldt(grid) work(V)
    tile<<<1, 64>>>(Data, V);
  }
}

__global__ void walk(const int *ChildPtr, const int *Child, int *Depth,
                     const int *Nodes, int Count, int Level) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    Depth[V] = Level;
    int Begin = ChildPtr[V];
    int N = ChildPtr[V + 1] - Begin;
    if (N > 0) {
#pragma dp consldt(grid) work(Begin, N)
      walk<<<(N + 31) / 32, 32>>>(ChildPtr, Child, Depth, Child + Begin, N,
                                  Level + 1);
    }
  }
}

template <class T> T *upload(const std::vector<T> &V) {
  T *D;
  CHECK(cudaMalloc(&D, V.size() * sizeof(T) + 1));
  CHECK(cudaMemcpy(D, V.data(), V.size() * sizeof(T), cudaMemcpyHostToDevice));
  return D;
}

template <class T> std::vector<T> download(const T *D, size_t N) {
  std::vector<T> V(N);
  CHECK(cudaMemcpy(V.data(), D, N * sizeof(T), cudaMemcpyDeviceToHost));
  return V;
}

int Failures = 0;

void expect(const char *What, const std::vector<int> &Got,
            const std::vector<int> &Want) {
  for (size_t I = 0; I < Want.size(); ++I)
    if (Got[I] != Want[I]) {
      std::printf("%s: MISMATCH at %zu: %d, expected %d\n", What, I, Got[I],
                  Want[I]);
      ++Failures;
      return;
    }
  std::printf("%s: ok\n", What);
}

// The child changes a parameter every launch passes alike, which is passed
// once: a consolidated thread runs several items (two blocks here), each
// from its own copy of it.
__global__ void shifted(int *Out, int V, int Shift) {
  Shift += V % 4;
  atomicAdd(&Out[V], Shift);
}

__global__ void shiftedParent(int *Out, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N) {
#pragma dp consldt(grid) work(V) blocks(2)
    shifted<<<1, 1>>>(Out, V, 3);
  }
}

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? std::atoi(Argv[1]) : 3000;
  int Reps = Argc > 2 ? std::atoi(Argv[2]) : 2;
  CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1 << 16));
  unsigned Seed = 12345;
  auto Rand = [&] { return Seed = Seed * 1103515245u + 12345u, Seed >> 8; };

  // A graph with degrees 0..300.
  std::vector<int> RowPtr(N + 1, 0), Col;
  for (int V = 0; V < N; ++V) {
    int D = V % 11 == 0 ? Rand() % 300 : Rand() % 6;
    for (int E = 0; E < D; ++E)
      Col.push_back(Rand() % N);
    RowPtr[V + 1] = static_cast<int>(Col.size());
  }
  std::vector<int> EdgeRef(N, 0);
  for (int C : Col)
    ++EdgeRef[C];
  // A tree: node V's children are a contiguous range.
  std::vector<int> ChildPtr(1, 0), Child, DepthRef(N, 0);
  {
    int Next = 1;
    for (int V = 0; V < N; ++V) {
      int K = V < 40 ? Rand() % 9 : 0;
      for (int C = 0; C < K && Next < N; ++C, ++Next) {
        Child.push_back(Next);
        DepthRef[Next] = DepthRef[V] + 1;
      }
      ChildPtr.push_back(static_cast<int>(Child.size()));
    }
    // Nodes past Next are not in the tree: depth stays 0 (not visited).
  }
  int Rows = N / 4;
  std::vector<int> Data(Rows * 64), TileRef(Rows * 64);
  for (int I = 0; I < Rows * 64; ++I)
    Data[I] = static_cast<int>(Rand() % 1000);
  for (int R = 0; R < Rows; ++R)
    for (int T = 0; T < 64; ++T)
      TileRef[R * 64 + T] = Data[R * 64 + 63 - T] + 64;
  std::vector<int> SingleRef(N, 0), SpreadRef(N, 0), ShiftedRef(N, 0);
  for (int V = 0; V < N; ++V) {
    ShiftedRef[V] = 3 + V % 4;
    if (V % 3 != 0)
      SingleRef[V] = V % 7 + 1;
    int Count = V % 5 + 1;
    for (int B = 0; B < Count; ++B)
      SpreadRef[V] += Count * (B + 1) + Count;
  }

  int *DRowPtr = upload(RowPtr), *DCol = upload(Col),
      *DChildPtr = upload(ChildPtr), *DChild = upload(Child);
  std::vector<int> Zero(N, 0), Root(1, 0);
  int *DRoot = upload(Root);
  for (int Rep = 0; Rep < Reps; ++Rep) {
    int *DOut = upload(Zero);
    edgeParent<<<(N + 127) / 128, 128>>>(DRowPtr, DCol, DOut, N);
    CHECK(cudaDeviceSynchronize());
    expect("edges", download(DOut, N), EdgeRef);

    CHECK(cudaMemset(DOut, 0, N * sizeof(int)));
    singleParent<<<(N + 95) / 96, 96>>>(DOut, N);
    CHECK(cudaDeviceSynchronize());
    expect("single", download(DOut, N), SingleRef);

    CHECK(cudaMemset(DOut, 0, N * sizeof(int)));
    spreadParent<<<(N + 127) / 128, 128>>>(DOut, N);
    CHECK(cudaDeviceSynchronize());
    expect("spread", download(DOut, N), SpreadRef);

    CHECK(cudaMemset(DOut, 0, N * sizeof(int)));
    shiftedParent<<<(N + 127) / 128, 128>>>(DOut, N);
    CHECK(cudaDeviceSynchronize());
    expect("shifted", download(DOut, N), ShiftedRef);

    int *DData = upload(Data);
    tileParent<<<(Rows + 63) / 64, 64>>>(DData, Rows);
    CHECK(cudaDeviceSynchronize());
    expect("tile", download(DData, Rows * 64), TileRef);

    CHECK(cudaMemset(DOut, 0, N * sizeof(int)));
    walk<<<1, 32>>>(DChildPtr, DChild, DOut, DRoot, 1, 0);
    CHECK(cudaDeviceSynchronize());
    expect("walk", download(DOut, N), DepthRef);
    CHECK(cudaFree(DOut));
    CHECK(cudaFree(DData));
  }
  if (Failures) {
    std::printf("FAILED (%d)\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
