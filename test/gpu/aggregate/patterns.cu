//===- patterns.cu - Launch patterns the aggregate pass must keep right ---===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A self-checking CDP program: every kernel below launches children in a way
// aggregation has to handle, and main() compares each result with a CPU
// reference. run.sh rewrites it with dpopt at every granularity (and with
// threshold and coarsen, and with a tiny record pool), builds and runs each.
//
//   cond   -- early returns, a launch under a condition, child grid and block
//             sizes that vary per thread (threads past a smaller block idle)
//   loop   -- several launches per thread in a loop (fire-and-forget, so they
//             are independent), more than a group reserves per thread
//   tile   -- 2-D grid and block, shared memory and __syncthreads() in the
//             child (constant block)
//   cube   -- 3-D grid and block
//   dyn    -- dynamic shared memory of a size that varies per launch
//   tree   -- a kernel that launches itself, 6 levels deep
//   streams-- the cond parent in two host streams at once, several times
//   pair   -- two launch sites of one child in one parent (one group), with
//             different grid and block sizes, and a site that stays a
//             separate group (a child with a barrier at another block size)
//   split  -- a kernel that launches itself twice, each half into a stream
//             its thread created for it (quicksort's shape), with barriers
//   varbar -- a child with shared memory, barriers and a warp-level
//             reduction over its warp's lanes, at block sizes that vary per
//             launch (1..300, rarely a multiple of 32)
//   halve  -- a nested reduction: a kernel that folds its segment in half
//             and launches itself on the rest with half as many threads
//   pack   -- children whose guard tells which threads do nothing (the
//             packed clone runs only the others): the thread's linear rank
//             from a helper in 2-D and 3-D launches, bounds past the grid,
//             zero and negative bounds (groups where no thread works), and
//             a self-launching walk over a tree of varying fan-out
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(X)                                                                   \
  do {                                                                             \
    cudaError_t E = (X);                                                           \
    if (E != cudaSuccess) {                                                        \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(E), __FILE__,    \
                  __LINE__);                                                       \
      std::exit(2);                                                                \
    }                                                                              \
  } while (0)

constexpr int OutSize = 1024;

__global__ void addChild(int *Out, int Base, int Len, int Value) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= Len)
    return;
  atomicAdd(&Out[(Base + I) % OutSize], Value);
}

// Host and CPU-reference rules shared by the parents.
__host__ __device__ inline int condLen(int T) { return T % 7 + 1 + (T % 50 == 0 ? 300 : 0); }
__host__ __device__ inline int condBlock(int T) { return T % 4 == 1 ? 64 : 32; }

__global__ void condParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  if (T % 3 == 0)
    return;
  int Len = condLen(T);
  if (T % 2 == 0)
    addChild<<<(Len + condBlock(T) - 1) / condBlock(T), condBlock(T)>>>(Out, T * 8, Len,
                                                                      T % 5 + 1);
}

__global__ void loopParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  for (int K = 0; K < T % 6; ++K)
    addChild<<<1, 32, 0, cudaStreamFireAndForget>>>(Out, T + K * 17, K + 1, 1);
}

__global__ void tileChild(const int *In, int *Out, int W, int H) {
  __shared__ int Tile[8][8];
  int X = blockIdx.x * 8 + threadIdx.x, Y = blockIdx.y * 8 + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = X < W && Y < H ? In[Y * W + X] : 0;
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    int Sum = 0;
    for (int I = 0; I < 8; ++I)
      for (int J = 0; J < 8; ++J)
        Sum += Tile[I][J];
    atomicAdd(&Out[(blockIdx.y * gridDim.x + blockIdx.x) % OutSize], Sum);
  }
}

__global__ void tileParent(const int *In, int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N && T % 5 != 4) {
    int W = 8 + T % 23, H = 5 + T % 11;
    tileChild<<<dim3((W + 7) / 8, (H + 7) / 8), dim3(8, 8)>>>(In, Out, W, H);
  }
}

__global__ void cubeChild(int *Out, int Base) {
  unsigned B = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  unsigned R = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  unsigned Threads = blockDim.x * blockDim.y * blockDim.z;
  atomicAdd(&Out[(Base + B * Threads + R) % OutSize], 1 + (int)threadIdx.z);
}

__global__ void cubeParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N)
    cubeChild<<<dim3(1 + T % 2, 2, 1 + T % 3), dim3(2, 1 + T % 2, 3)>>>(Out, T * 3);
}

__global__ void dynChild(int *Out, int Base, int Value) {
  extern __shared__ int Buf[];
  Buf[threadIdx.x] = Value + threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    int Sum = 0;
    for (int I = 0; I < 64; ++I)
      Sum += Buf[I];
    atomicAdd(&Out[(Base + blockIdx.x) % OutSize], Sum);
  }
}

__global__ void dynParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N && T % 4 != 0)
    dynChild<<<1 + T % 3, 64, (64 + T % 9) * sizeof(int)>>>(Out, T, T % 13);
}

__global__ void treeVisit(int *Out, int Depth) {
  atomicAdd(&Out[Depth], 1);
  if (Depth > 0 && threadIdx.x % 16 == 0)
    treeVisit<<<2, 32>>>(Out, Depth - 1);
}

__global__ void barrierChild(int *Out, int Base) {
  __shared__ int Count;
  if (threadIdx.x == 0)
    Count = 0;
  __syncthreads();
  atomicAdd(&Count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(&Out[(Base + blockIdx.x) % OutSize], Count);
}

__global__ void pairParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  if (T % 3 != 0)
    addChild<<<1 + T % 2, 32, 0, cudaStreamFireAndForget>>>(Out, T, 20 + T % 40, 1);
  if (T % 4 != 1)
    addChild<<<1, 96, 0, cudaStreamFireAndForget>>>(Out, T * 5, 1 + T % 90, 2);
  if (T % 5 == 0)
    barrierChild<<<2, 64, 0, cudaStreamFireAndForget>>>(Out, T);
  if (T % 5 == 1)
    barrierChild<<<1, 128, 0, cudaStreamFireAndForget>>>(Out, T * 3);
}

// Sorts nothing: splits [Lo, Hi) like quicksort, counting every segment's
// values at its depth, each half in a non-blocking stream of its own.
__global__ void splitVisit(int *Out, int Lo, int Hi, int Depth) {
  __shared__ int Sum;
  if (threadIdx.x == 0)
    Sum = 0;
  __syncthreads();
  for (int I = Lo + threadIdx.x; I < Hi; I += blockDim.x)
    atomicAdd(&Sum, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(&Out[Depth], Sum);
    int Mid = Lo + (Hi - Lo) / 3;
    if (Hi - Lo > 8) {
      cudaStream_t S;
      cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
      splitVisit<<<1, 64, 0, S>>>(Out, Lo, Mid, Depth + 1);
      cudaStreamDestroy(S);
      cudaStream_t S2;
      cudaStreamCreateWithFlags(&S2, cudaStreamNonBlocking);
      splitVisit<<<1, 64, 0, S2>>>(Out, Mid, Hi, Depth + 1);
      cudaStreamDestroy(S2);
    }
  }
}

// Sums (Base + t) % 7 + 1 over the block's threads t, by warps (a
// warp-level reduction over the lanes the block has) and then across
// warps through shared memory.
__global__ void varBarChild(int *Out, int Base) {
  __shared__ int Part[32];
  unsigned WarpBase = threadIdx.x / 32 * 32;
  unsigned Lanes = blockDim.x - WarpBase >= 32 ? 32 : blockDim.x - WarpBase;
  unsigned Mask = Lanes == 32 ? 0xffffffffu : (1u << Lanes) - 1;
  int W = __reduce_add_sync(Mask, static_cast<int>((Base + threadIdx.x) % 7 + 1));
  if (threadIdx.x % 32 == 0)
    Part[threadIdx.x / 32] = W;
  __syncthreads();
  if (threadIdx.x == 0) {
    int S = 0;
    for (unsigned I = 0; I < (blockDim.x + 31) / 32; ++I)
      S += Part[I];
    atomicAdd(&Out[(Base + blockIdx.x) % OutSize], S);
  }
}

__global__ void varBarParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N && T % 2 == 0)
    varBarChild<<<1 + T % 3, 1 + (T * 37) % 300>>>(Out, T);
}

// Folds Seg[Half, Len) onto Seg[0, Half); thread 0 reduces the rest with
// half as many threads, and the last level writes the sum.
__global__ void halveSum(int *Seg, int Len, int *Sum) {
  int Half = (Len + 1) / 2;
  for (int I = threadIdx.x; I < Len - Half; I += blockDim.x)
    Seg[I] += Seg[I + Half];
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Half == 1)
      *Sum = Seg[0];
    else
      halveSum<<<1, (Half + 1) / 2>>>(Seg, Half, Sum);
  }
}

constexpr int HalveStride = 320;

__global__ void halveParent(int *Scratch, int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  int Len = 1 + (T * 53) % 300;
  halveSum<<<1, (Len + 1) / 2>>>(Scratch + T * HalveStride, Len, Out + T);
}

/// The thread's linear rank in its grid, whatever the launch's shape.
__device__ unsigned packRank() {
  unsigned Tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned Tpb = blockDim.x * blockDim.y * blockDim.z;
  unsigned Bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  return Bid * Tpb + Tid;
}

__global__ void packLinear(int *Out, unsigned Base, unsigned Len) {
  unsigned R = packRank();
  if (R < Len)
    atomicAdd(&Out[(Base + R * 3u) % OutSize], 1 + static_cast<int>(R % 5u));
}

__global__ void packSigned(int *Out, int Base, int Len) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Len && (I & 1) == 0)
    atomicAdd(&Out[(Base + I) % OutSize], 2);
}

__host__ __device__ inline int packLen(int T) { return T % 9 == 0 ? 0 : T % 9 == 1 ? -5 : T % 37; }

__global__ void packParent(int *Out, int N, int NoWork) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  // A bound past the grid's threads (T % 4 == 3): every thread works.
  unsigned Len = T % 4 == 3 ? 100000u : static_cast<unsigned>(T % 61);
  packLinear<<<dim3(1 + T % 2, 2), dim3(4, 1 + T % 3, 2)>>>(Out, T * 7u, Len);
  int L = NoWork ? -T - 1 : packLen(T);
  packSigned<<<(T % 37 + 15) / 16, 16, 0, cudaStreamFireAndForget>>>(Out, T, L);
}

/// One thread per node of Nodes[0, Count): node V has (V * 7) % 5 children,
/// V * 5 + 1 .. V * 5 + k, below depth 4.
__global__ void packTree(int *Out, int First, int Count, int Depth) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = First + I;
    atomicAdd(&Out[V % OutSize], Depth + 1);
    int K = (V * 7) % 5;
    if (Depth < 4 && K > 0)
      packTree<<<(K + 31) / 32, 32>>>(Out, V * 5 + 1, K, Depth + 1);
  }
}

//===----------------------------------------------------------------------===//
// CPU references.
//===----------------------------------------------------------------------===//

static void addRef(std::vector<int> &Out, int Base, int Len, int Value) {
  for (int I = 0; I < Len; ++I)
    Out[(Base + I) % OutSize] += Value;
}

static std::vector<int> condRef(int N) {
  std::vector<int> Out(OutSize, 0);
  for (int T = 0; T < N; ++T)
    if (T % 3 != 0 && T % 2 == 0)
      addRef(Out, T * 8, condLen(T), T % 5 + 1);
  return Out;
}

static std::vector<int> loopRef(int N) {
  std::vector<int> Out(OutSize, 0);
  for (int T = 0; T < N; ++T)
    for (int K = 0; K < T % 6; ++K)
      addRef(Out, T + K * 17, K + 1, 1);
  return Out;
}

static std::vector<int> tileRef(const std::vector<int> &In, int N) {
  std::vector<int> Out(OutSize, 0);
  for (int T = 0; T < N; ++T) {
    if (T % 5 == 4)
      continue;
    int W = 8 + T % 23, H = 5 + T % 11, GX = (W + 7) / 8, GY = (H + 7) / 8;
    for (int BY = 0; BY < GY; ++BY)
      for (int BX = 0; BX < GX; ++BX) {
        int Sum = 0;
        for (int Y = BY * 8; Y < BY * 8 + 8; ++Y)
          for (int X = BX * 8; X < BX * 8 + 8; ++X)
            if (X < W && Y < H)
              Sum += In[Y * W + X];
        Out[(BY * GX + BX) % OutSize] += Sum;
      }
  }
  return Out;
}

static std::vector<int> cubeRef(int N) {
  std::vector<int> Out(OutSize, 0);
  for (int T = 0; T < N; ++T) {
    int GX = 1 + T % 2, GY = 2, GZ = 1 + T % 3, BX = 2, BY = 1 + T % 2, BZ = 3;
    int Threads = BX * BY * BZ;
    for (int B = 0; B < GX * GY * GZ; ++B)
      for (int Z = 0; Z < BZ; ++Z)
        for (int R = Z * BX * BY; R < (Z + 1) * BX * BY; ++R)
          Out[(T * 3 + B * Threads + R) % OutSize] += 1 + Z;
  }
  return Out;
}

static std::vector<int> dynRef(int N) {
  std::vector<int> Out(OutSize, 0);
  for (int T = 0; T < N; ++T) {
    if (T % 4 == 0)
      continue;
    int Sum = 0;
    for (int I = 0; I < 64; ++I)
      Sum += T % 13 + I;
    for (int B = 0; B < 1 + T % 3; ++B)
      Out[(T + B) % OutSize] += Sum;
  }
  return Out;
}

static std::vector<int> treeRef(int Depth) {
  // A launch at depth D runs 64 threads; 4 of them launch at depth D - 1.
  std::vector<int> Out(OutSize, 0);
  long Launches = 1;
  for (int D = Depth; D >= 0; --D) {
    Out[D] += static_cast<int>(64 * Launches);
    Launches *= 4;
  }
  return Out;
}

static std::vector<int> pairRef(int N) {
  std::vector<int> Out(OutSize, 0);
  for (int T = 0; T < N; ++T) {
    if (T % 3 != 0)
      addRef(Out, T, std::min(20 + T % 40, (1 + T % 2) * 32), 1);
    if (T % 4 != 1)
      addRef(Out, T * 5, 1 + T % 90, 2);
    if (T % 5 == 0)
      for (int B = 0; B < 2; ++B)
        Out[(T + B) % OutSize] += 64;
    if (T % 5 == 1)
      Out[(T * 3) % OutSize] += 128;
  }
  return Out;
}

static void splitRef(std::vector<int> &Out, int Lo, int Hi, int Depth) {
  Out[Depth] += Hi - Lo;
  int Mid = Lo + (Hi - Lo) / 3;
  if (Hi - Lo > 8) {
    splitRef(Out, Lo, Mid, Depth + 1);
    splitRef(Out, Mid, Hi, Depth + 1);
  }
}

static std::vector<int> splitRef(int N) {
  std::vector<int> Out(OutSize, 0);
  splitRef(Out, 0, N, 0);
  return Out;
}

static std::vector<int> varBarRef(int N) {
  std::vector<int> Out(OutSize, 0);
  for (int T = 0; T < N; T += 2) {
    int Threads = 1 + (T * 37) % 300, S = 0;
    for (int I = 0; I < Threads; ++I)
      S += (T + I) % 7 + 1;
    for (int B = 0; B < 1 + T % 3; ++B)
      Out[(T + B) % OutSize] += S;
  }
  return Out;
}

static int halveValue(int T, int I) { return (T * 3 + I) % 11; }

static std::vector<int> halveRef(int N) {
  std::vector<int> Out(OutSize, 0);
  for (int T = 0; T < N; ++T)
    for (int I = 0; I < 1 + (T * 53) % 300; ++I)
      Out[T] += halveValue(T, I);
  return Out;
}

static std::vector<int> packRef(int N, bool NoWork) {
  std::vector<int> Out(OutSize, 0);
  for (int T = 0; T < N; ++T) {
    unsigned Len = T % 4 == 3 ? 100000u : static_cast<unsigned>(T % 61);
    unsigned Threads = (1 + T % 2) * 2 * 4 * (1 + T % 3) * 2;
    for (unsigned R = 0; R < Threads && R < Len; ++R)
      Out[(T * 7u + R * 3u) % OutSize] += 1 + static_cast<int>(R % 5u);
    int L = NoWork ? -T - 1 : packLen(T);
    int SThreads = (T % 37 + 15) / 16 * 16;
    for (int I = 0; I < SThreads && I < L; I += 2)
      Out[(T + I) % OutSize] += 2;
  }
  return Out;
}

static void packTreeRef(std::vector<int> &Out, int First, int Count, int Depth) {
  for (int V = First; V < First + Count; ++V) {
    Out[V % OutSize] += Depth + 1;
    int K = (V * 7) % 5;
    if (Depth < 4 && K > 0)
      packTreeRef(Out, V * 5 + 1, K, Depth + 1);
  }
}

//===----------------------------------------------------------------------===//

static int Failures = 0;

static void expect(const char *Name, const std::vector<int> &Got, const std::vector<int> &Want) {
  for (int I = 0; I < OutSize; ++I)
    if (Got[I] != Want[I]) {
      std::printf("FAIL %-8s Out[%d] = %d, expected %d\n", Name, I, Got[I], Want[I]);
      std::fflush(stdout);
      ++Failures;
      return;
    }
  std::printf("ok   %s\n", Name);
  std::fflush(stdout); // a run killed by a timeout still shows how far it got
}

struct DeviceOut {
  int *P = nullptr;
  DeviceOut() { CHECK(cudaMalloc(&P, OutSize * sizeof(int))); clear(); }
  ~DeviceOut() { cudaFree(P); }
  void clear(cudaStream_t S = 0) { CHECK(cudaMemsetAsync(P, 0, OutSize * sizeof(int), S)); }
  std::vector<int> get() {
    std::vector<int> H(OutSize);
    CHECK(cudaMemcpy(H.data(), P, OutSize * sizeof(int), cudaMemcpyDeviceToHost));
    return H;
  }
};

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? std::atoi(Argv[1]) : 5000;
  int Reps = Argc > 2 ? std::atoi(Argv[2]) : 3;
  // An optional third argument runs only the pattern of that name, or with
  // a leading '-' every pattern but that one.
  const char *Only = Argc > 3 ? Argv[3] : nullptr;
  auto Runs = [Only](const char *Name) {
    if (!Only)
      return true;
    if (Only[0] == '-')
      return std::strcmp(Only + 1, Name) != 0;
    return std::strcmp(Only, Name) == 0;
  };
  CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1 << 16));
  DeviceOut Out;
  for (int Rep = 0; Rep < Reps; ++Rep) {
    if (Runs("cond")) {
      Out.clear();
      condParent<<<(N + 127) / 128, 128>>>(Out.P, N);
      CHECK(cudaGetLastError());
      expect("cond", Out.get(), condRef(N));
    }

    if (Runs("loop")) {
      Out.clear();
      loopParent<<<(N + 95) / 96, 96>>>(Out.P, N);
      CHECK(cudaGetLastError());
      expect("loop", Out.get(), loopRef(N));
    }

    if (Runs("tile")) {
      std::vector<int> In(40 * 40);
      for (size_t I = 0; I < In.size(); ++I)
        In[I] = static_cast<int>(I * 7 % 31);
      int *DIn;
      CHECK(cudaMalloc(&DIn, In.size() * sizeof(int)));
      CHECK(cudaMemcpy(DIn, In.data(), In.size() * sizeof(int), cudaMemcpyHostToDevice));
      Out.clear();
      tileParent<<<(N + 255) / 256, 256>>>(DIn, Out.P, N);
      CHECK(cudaGetLastError());
      expect("tile", Out.get(), tileRef(In, N));
      CHECK(cudaFree(DIn));
    }

    if (Runs("cube")) {
      Out.clear();
      cubeParent<<<(N + 63) / 64, 64>>>(Out.P, N);
      CHECK(cudaGetLastError());
      expect("cube", Out.get(), cubeRef(N));
    }

    if (Runs("dyn")) {
      Out.clear();
      dynParent<<<(N + 127) / 128, 128>>>(Out.P, N);
      CHECK(cudaGetLastError());
      expect("dyn", Out.get(), dynRef(N));
    }

    if (Runs("tree")) {
      Out.clear();
      treeVisit<<<1, 64>>>(Out.P, 6);
      CHECK(cudaGetLastError());
      expect("tree", Out.get(), treeRef(6));
    }

    if (Runs("pair")) {
      Out.clear();
      pairParent<<<(N + 127) / 128, 128>>>(Out.P, N);
      CHECK(cudaGetLastError());
      expect("pair", Out.get(), pairRef(N));
    }

    if (Runs("split")) {
      Out.clear();
      splitVisit<<<1, 64>>>(Out.P, 0, N, 0);
      CHECK(cudaGetLastError());
      expect("split", Out.get(), splitRef(N));
    }

    if (Runs("varbar")) {
      Out.clear();
      varBarParent<<<(N + 127) / 128, 128>>>(Out.P, N);
      CHECK(cudaGetLastError());
      expect("varbar", Out.get(), varBarRef(N));
    }

    if (Runs("halve")) {
      // One segment per parent thread, at most OutSize of them.
      int Segs = std::min(N, OutSize);
      std::vector<int> Scratch(static_cast<size_t>(Segs) * HalveStride);
      for (int T = 0; T < Segs; ++T)
        for (int I = 0; I < HalveStride; ++I)
          Scratch[static_cast<size_t>(T) * HalveStride + I] = halveValue(T, I);
      int *DScratch;
      CHECK(cudaMalloc(&DScratch, Scratch.size() * sizeof(int)));
      CHECK(cudaMemcpy(DScratch, Scratch.data(), Scratch.size() * sizeof(int),
                       cudaMemcpyHostToDevice));
      Out.clear();
      halveParent<<<(Segs + 63) / 64, 64>>>(DScratch, Out.P, Segs);
      CHECK(cudaGetLastError());
      expect("halve", Out.get(), halveRef(Segs));
      CHECK(cudaFree(DScratch));
    }

    if (Runs("pack")) {
      Out.clear();
      packParent<<<(N + 127) / 128, 128>>>(Out.P, N, 0);
      CHECK(cudaGetLastError());
      expect("pack", Out.get(), packRef(N, false));
      // Only negative bounds in packSigned: its groups have no thread that
      // does anything.
      Out.clear();
      packParent<<<(N + 127) / 128, 128>>>(Out.P, N, 1);
      CHECK(cudaGetLastError());
      expect("pack-idle", Out.get(), packRef(N, true));
      Out.clear();
      packTree<<<1, 64>>>(Out.P, 1, 40, 0);
      CHECK(cudaGetLastError());
      std::vector<int> Want(OutSize, 0);
      packTreeRef(Want, 1, 40, 0);
      expect("pack-tree", Out.get(), Want);
    }

    if (Runs("streams")) {
      cudaStream_t S[2];
      DeviceOut Two[2];
      for (int I = 0; I < 2; ++I)
        CHECK(cudaStreamCreateWithFlags(&S[I], cudaStreamNonBlocking));
      for (int Round = 0; Round < 3; ++Round)
        for (int I = 0; I < 2; ++I) {
          Two[I].clear(S[I]);
          condParent<<<(N + 127) / 128, 128, 0, S[I]>>>(Two[I].P, N - I * 1000);
          CHECK(cudaGetLastError());
        }
      CHECK(cudaDeviceSynchronize());
      expect("stream0", Two[0].get(), condRef(N));
      expect("stream1", Two[1].get(), condRef(N - 1000));
      for (int I = 0; I < 2; ++I)
        CHECK(cudaStreamDestroy(S[I]));
    }

    }  CHECK(cudaDeviceSynchronize());
  std::printf("%s (%d failures)\n", Failures ? "FAILED" : "PASSED", Failures);
  return Failures ? 1 : 0;
}
