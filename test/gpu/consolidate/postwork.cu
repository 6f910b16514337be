//===- postwork.cu - CDP1 postwork under '#pragma dp consldt', on the GPU -===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A self-checking CDP1 program: each parent launches a child, waits for it
// with the legacy device-side cudaDeviceSynchronize() and then reads what the
// child wrote (the postwork). CUDA 13 does not compile it for sm_90 as
// written; dpopt's consolidate pass moves the postwork into a tail launch.
// main() compares every result with a CPU reference, read back through a
// kernel launched after the parent in the same stream (so the postwork must
// be done when the parent's stream moves on, not only at a device sync).
//
//   sums   -- block level: a child doubles a vertex's segment, the postwork
//             sums it and records the launching thread's position
//   branch -- warp level, postwork only in the branch that launches; the
//             other branch does the work itself; buffers of 2 items overflow
//   tree   -- grid level, a kernel that launches itself for a node's
//             children and then adds up their results (post-order)
//   height -- grid level, the same tree: the postwork goes on after the
//             'if' that holds the launch (code the threads that did not
//             launch run too) with a value the part in the 'if' changed
//   halve  -- no pragma (a recursive kernel's postwork is consolidated by
//             default): the nested reduction of benchmarks/nr, whose child
//             has a barrier and blocks of sizes that vary (150, 75, 38, ...)
//
//===----------------------------------------------------------------------===//

#include <algorithm>
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

__global__ void twice(int *Data, int Begin, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    Data[Begin + I] *= 2;
}

__global__ void sums(const int *Seg, int *Data, int *Sum, int *Where, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= N)
    return;
  int Begin = Seg[V];
  int Count = Seg[V + 1] - Begin;
#pragma dp consldt(block) work(Begin, Count)
  twice<<<(Count + 31) / 32 + 1, 32>>>(Data, Begin, Count);
  cudaDeviceSynchronize();
  int S = 0;
  for (int I = 0; I < Count; ++I)
    S += Data[Begin + I];
  Sum[V] = S;
  Where[V] = static_cast<int>(blockIdx.x * 1000 + threadIdx.x);
}

__global__ void square(int *Data, int Begin, int Count) {
  for (int I = threadIdx.x; I < Count; I += blockDim.x)
    Data[Begin + I] = Data[Begin + I] * Data[Begin + I];
}

__global__ void branch(const int *Seg, int *Data, int *Sum, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= N)
    return;
  int Begin = Seg[V];
  int Count = Seg[V + 1] - Begin;
  if (Count > 8) {
#pragma dp consldt(warp) buffer(custom, 2) work(Begin, Count)
    square<<<1, 64>>>(Data, Begin, Count);
    cudaDeviceSynchronize();
    int Max = 0;
    for (int I = 0; I < Count; ++I)
      Max = Data[Begin + I] > Max ? Data[Begin + I] : Max;
    Sum[V] = Max + 1000000;
  } else {
    Sum[V] = Count;
  }
}

// Node V's children are Kids[First[V] .. First[V + 1]); the launch gives one
// thread per child.
__global__ void tree(const int *First, const int *Kids, const int *Value,
                     int *Total, int Parent) {
  int V = Kids[First[Parent] + threadIdx.x];
  int Begin = First[V];
  int Count = First[V + 1] - Begin;
  if (Count > 0) {
#pragma dp consldt(grid) work(V, Count)
    tree<<<1, Count>>>(First, Kids, Value, Total, V);
    cudaDeviceSynchronize();
    int S = Value[V];
    for (int I = 0; I < Count; ++I)
      S += Total[Kids[Begin + I]];
    Total[V] = S;
  } else {
    Total[V] = Value[V];
  }
}

// Heights of the same tree, with code after the 'if' around the launch. A
// node whose number is 3 mod 7 and that has children adds 100 to its
// height in the postwork, before the code after the 'if' writes it.
__global__ void height(const int *First, const int *Kids, int *Height,
                       int *Counted, int Parent) {
  int V = Kids[First[Parent] + threadIdx.x];
  int Begin = First[V];
  int Count = First[V + 1] - Begin;
  int H = 0;
  if (Count > 0) {
#pragma dp consldt(grid) work(V, Count)
    height<<<1, Count>>>(First, Kids, Height, Counted, V);
    cudaDeviceSynchronize();
    for (int I = 0; I < Count; ++I)
      H = max(H, Height[Kids[Begin + I]] + 1);
    if (V % 7 == 3)
      H += 100;
  }
  Height[V] = H;
  atomicAdd(Counted, 1);
}

// Block b folds the upper half of Data[b * SegLen, ...) onto the lower
// half; its thread 0 reduces the rest in a child of half as many threads,
// waits for it and copies the child's sum into Sums[b].
__global__ void halve(int *Data, int N, int SegLen, int *Sums) {
  int Start = blockIdx.x * SegLen;
  int Len = min(SegLen, N - Start);
  int *Seg = Data + Start;
  int Half = (Len + 1) / 2;
  for (int I = threadIdx.x; I < Len - Half; I += blockDim.x)
    Seg[I] += Seg[I + Half];
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Half == 1) {
      Sums[blockIdx.x] = Seg[0];
    } else {
      halve<<<1, (Half + 1) / 2>>>(Seg, Half, Half, Seg + Half);
      cudaDeviceSynchronize();
      Sums[blockIdx.x] = Seg[Half];
    }
  }
}

__global__ void copyOut(const int *From, int *To, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    To[I] = From[I];
}

int Failures = 0;

int *upload(const std::vector<int> &V) {
  int *D = nullptr;
  CHECK(cudaMalloc(&D, (V.size() + 1) * sizeof(int)));
  if (!V.empty())
    CHECK(cudaMemcpy(D, V.data(), V.size() * sizeof(int),
                     cudaMemcpyHostToDevice));
  return D;
}

// Reads \p D through a kernel queued after the parent in the same stream.
std::vector<int> readAfter(const int *D, int N) {
  int *Copy = nullptr;
  CHECK(cudaMalloc(&Copy, (N + 1) * sizeof(int)));
  copyOut<<<(N + 255) / 256, 256>>>(D, Copy, N);
  std::vector<int> H(N);
  CHECK(cudaMemcpy(H.data(), Copy, N * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(Copy));
  return H;
}

void expect(const char *What, const std::vector<int> &Got,
            const std::vector<int> &Want) {
  for (size_t I = 0; I < Want.size(); ++I)
    if (Got[I] != Want[I]) {
      std::printf("%s: [%zu] = %d, expected %d\n", What, I, Got[I], Want[I]);
      ++Failures;
      return;
    }
  std::printf("%s: ok\n", What);
}

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? std::atoi(Argv[1]) : 3000;
  int Reps = Argc > 2 ? std::atoi(Argv[2]) : 2;
  CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1 << 16));
  unsigned Seed = 4242;
  auto Rand = [&] { return Seed = Seed * 1103515245u + 12345u, Seed >> 8; };

  // Segments of 0..40 values.
  std::vector<int> Seg(N + 1, 0), Data;
  for (int V = 0; V < N; ++V) {
    int C = V % 7 == 0 ? Rand() % 41 : Rand() % 12;
    for (int I = 0; I < C; ++I)
      Data.push_back(static_cast<int>(Rand() % 100));
    Seg[V + 1] = static_cast<int>(Data.size());
  }
  std::vector<int> SumRef(N), WhereRef(N), BranchRef(N);
  for (int V = 0; V < N; ++V) {
    int S = 0, Max = 0, Count = Seg[V + 1] - Seg[V];
    for (int I = Seg[V]; I < Seg[V + 1]; ++I) {
      S += 2 * Data[I];
      Max = std::max(Max, Data[I] * Data[I]);
    }
    SumRef[V] = S;
    WhereRef[V] = (V / 128) * 1000 + V % 128;
    BranchRef[V] = Count > 8 ? Max + 1000000 : Count;
  }
  // A tree under node 0 (the launch from the host names a parent of node 0:
  // node N, whose only child is 0). Depth up to 6, 1..5 children.
  std::vector<int> First(N + 2, 0), Kids, Value(N + 1), TotalRef(N + 1, 0),
      Depth(N + 1, 0), HeightRef(N + 1, -1);
  int CountedRef = 0;
  {
    std::vector<std::vector<int>> Children(N + 1);
    int Next = 1;
    for (int V = 0; V < N && Next < N; ++V) {
      if (V > 0 && Depth[V] == 0)
        break; // not in the tree
      int K = Depth[V] < 6 ? 1 + Rand() % 5 : 0;
      for (int C = 0; C < K && Next < N; ++C, ++Next) {
        Children[V].push_back(Next);
        Depth[Next] = Depth[V] + 1;
      }
    }
    Children[N].push_back(0);
    for (int V = 0; V <= N; ++V) {
      First[V] = static_cast<int>(Kids.size());
      for (int C : Children[V])
        Kids.push_back(C);
      Value[V] = static_cast<int>(Rand() % 50);
    }
    First[N + 1] = static_cast<int>(Kids.size());
    for (int V = N - 1; V >= 0; --V) { // children have larger numbers
      TotalRef[V] = Value[V];
      int H = 0;
      for (int C : Children[V]) {
        TotalRef[V] += TotalRef[C];
        H = std::max(H, HeightRef[C] + 1);
      }
      HeightRef[V] = !Children[V].empty() && V % 7 == 3 ? H + 100 : H;
      if (V == 0 || Depth[V] > 0)
        ++CountedRef;
    }
    // Nodes not in the tree keep Total 0 and height -1.
    for (int V = 1; V < N; ++V)
      if (Depth[V] == 0) {
        TotalRef[V] = 0;
        HeightRef[V] = -1;
      }
  }

  int *DSeg = upload(Seg), *DFirst = upload(First), *DKids = upload(Kids),
      *DValue = upload(Value);
  std::vector<int> Zero(N + 1, 0);
  for (int Rep = 0; Rep < Reps; ++Rep) {
    int *DData = upload(Data), *DSum = upload(Zero), *DWhere = upload(Zero);
    sums<<<(N + 127) / 128, 128>>>(DSeg, DData, DSum, DWhere, N);
    expect("sums", readAfter(DSum, N), SumRef);
    expect("sums position", readAfter(DWhere, N), WhereRef);
    CHECK(cudaFree(DData));

    DData = upload(Data);
    branch<<<(N + 95) / 96, 96>>>(DSeg, DData, DSum, N);
    expect("branch", readAfter(DSum, N), BranchRef);

    int *DTotal = upload(Zero);
    tree<<<1, 1>>>(DFirst, DKids, DValue, DTotal, N);
    std::vector<int> Total = readAfter(DTotal, N);
    expect("tree", Total, std::vector<int>(TotalRef.begin(), TotalRef.end() - 1));

    std::vector<int> Minus(N + 1, -1);
    int *DHeight = upload(Minus), *DCounted = upload(Zero);
    height<<<1, 1>>>(DFirst, DKids, DHeight, DCounted, N);
    expect("height", readAfter(DHeight, N),
           std::vector<int>(HeightRef.begin(), HeightRef.end() - 1));
    expect("height count", readAfter(DCounted, 1), {CountedRef});
    CHECK(cudaFree(DHeight));
    CHECK(cudaFree(DCounted));

    // 300-value segments (the last one shorter): blocks of 150, 75, 38,
    // 19, 10, 5, 3, 2 and 1 threads down the recursion.
    const int HalveN = 40 * N + 7, HalveSeg = 300;
    const int HalveBlocks = (HalveN + HalveSeg - 1) / HalveSeg;
    std::vector<int> HalveData(HalveN), HalveRef(HalveBlocks, 0);
    for (int I = 0; I < HalveN; ++I) {
      HalveData[I] = static_cast<int>(Rand() % 17);
      HalveRef[I / HalveSeg] += HalveData[I];
    }
    // Zero has N + 1 values, more than HalveBlocks.
    int *DHalve = upload(HalveData), *DHalveSums = upload(Zero);
    halve<<<HalveBlocks, HalveSeg / 2>>>(DHalve, HalveN, HalveSeg, DHalveSums);
    expect("halve", readAfter(DHalveSums, HalveBlocks), HalveRef);
    CHECK(cudaFree(DHalve));
    CHECK(cudaFree(DHalveSums));
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaFree(DData));
    CHECK(cudaFree(DSum));
    CHECK(cudaFree(DWhere));
    CHECK(cudaFree(DTotal));
  }
  size_t Pending = 0;
  CHECK(cudaDeviceGetLimit(&Pending, cudaLimitDevRuntimePendingLaunchCount));
  std::printf("pending-launch limit: %zu\n", Pending);
  if (Failures) {
    std::printf("FAILED (%d)\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
