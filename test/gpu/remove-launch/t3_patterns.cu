//===- t3_patterns.cu - Children a parent block runs (remove-launch T3) ---===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Valid CDP2 code whose children synchronize or share memory, so T4 cannot
// run them in one thread and remove-launch picks T3. Built as written and
// after dpopt; each check compares with a CPU reference and prints PASS or
// FAIL; the exit status is the number of failures.
//
//   rowSums:    a 128-thread block reduction launched by some threads of
//               256-thread parent blocks (partial barriers, several child
//               blocks per grid);
//   scans:      a 64-thread scan with 7 barriers per child block, 4 blocks
//               per grid, in 96-thread parent blocks (the child uses the
//               first two warps); the parent's own shared memory must
//               survive the child's (separate arrays);
//   transposes: a 16x16 tile transpose (2D child block, as large as the 2D
//               parent block) under two nested ifs;
//   doublers:   a 512-thread child without barriers in 128-thread parent
//               blocks: each parent thread runs 4 child threads;
//   keepShared: 24 KiB of shared memory in parent and child: too much side by
//               side, so T3 saves the parent's, runs the child on top of it
//               and restores it (§2.3 save/restore); the parent checks its
//               own shared memory after the launch.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define CUDA_OK(X)                                                             \
  do {                                                                         \
    cudaError_t E_ = (X);                                                      \
    if (E_ != cudaSuccess) {                                                   \
      printf("CUDA error %s at %s:%d\n", cudaGetErrorString(E_), __FILE__,     \
             __LINE__);                                                        \
      exit(100);                                                               \
    }                                                                          \
  } while (0)

__global__ void blockSum(const int *In, int *Out, int N) {
  __shared__ int Part[128];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (int S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}

__global__ void rowSums(const int *In, int *Sums, int Height, int Width) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Height && Row % 3 != 1)
    blockSum<<<(Width + 127) / 128, 128>>>(In + Row * Width, Sums + Row, Width);
}

__global__ void scan64(const int *In, int *Out) {
  __shared__ int Buf[2][64];
  int T = threadIdx.x, Cur = 0;
  Buf[0][T] = In[blockIdx.x * 64 + T];
  __syncthreads();
  for (int Off = 1; Off < 64; Off *= 2) {
    int V = Buf[Cur][T];
    if (T >= Off)
      V += Buf[Cur][T - Off];
    Buf[1 - Cur][T] = V;
    Cur = 1 - Cur;
    __syncthreads();
  }
  Out[blockIdx.x * 64 + T] = Buf[Cur][T];
}

__global__ void scans(const int *In, int *Out, int *Check, int Segments) {
  __shared__ int Mine[96];
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  Mine[threadIdx.x] = G * 7;
  __syncthreads();
  if (G < Segments)
    scan64<<<4, 64>>>(In + G * 256, Out + G * 256);
  Check[G] = Mine[(threadIdx.x + 1) % blockDim.x];
}

__global__ void transpose16(const float *In, float *Out) {
  __shared__ float Tile[16][17];
  Tile[threadIdx.y][threadIdx.x] = In[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  Out[threadIdx.y * 16 + threadIdx.x] = Tile[threadIdx.x][threadIdx.y];
}

__global__ void transposes(const float *In, float *Out, int Count) {
  int M = blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x;
  if (M < Count)
    if (M % 2 == 0)
      transpose16<<<1, dim3(16, 16)>>>(In + M * 256, Out + M * 256);
}

__global__ void ownSlot(int *A, int N) {
  __shared__ int Tmp[512];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    Tmp[threadIdx.x] = A[I];
    A[I] = Tmp[threadIdx.x] * 2 + 1;
  }
}

__global__ void doublers(int *A, int Count) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < Count)
    ownSlot<<<2, 512>>>(A + T * 1000, 1000);
}

template <typename V>
static int check(const char *Name, const std::vector<V> &Got, const std::vector<V> &Want) {
  for (size_t I = 0; I < Want.size(); ++I)
    if (Got[I] != Want[I]) {
      printf("FAIL %s: element %zu is %g, expected %g\n", Name, I, (double)Got[I],
             (double)Want[I]);
      return 1;
    }
  printf("PASS %s (%zu values)\n", Name, Want.size());
  return 0;
}

template <typename V> static V *toDevice(const std::vector<V> &H) {
  V *D;
  CUDA_OK(cudaMalloc(&D, H.size() * sizeof(V)));
  CUDA_OK(cudaMemcpy(D, H.data(), H.size() * sizeof(V), cudaMemcpyHostToDevice));
  return D;
}
template <typename V> static std::vector<V> toHost(const V *D, size_t N) {
  std::vector<V> H(N);
  CUDA_OK(cudaMemcpy(H.data(), D, N * sizeof(V), cudaMemcpyDeviceToHost));
  return H;
}

struct Timer {
  cudaEvent_t Start, Stop;
  Timer() {
    CUDA_OK(cudaEventCreate(&Start));
    CUDA_OK(cudaEventCreate(&Stop));
    CUDA_OK(cudaEventRecord(Start));
  }
  float ms() {
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaEventRecord(Stop));
    CUDA_OK(cudaDeviceSynchronize());
    float Ms = 0;
    CUDA_OK(cudaEventElapsedTime(&Ms, Start, Stop));
    return Ms;
  }
};

// Save/restore (§2.3): 24 KiB of shared memory in the parent and 24 KiB in
// the child do not fit side by side next to T3's launch record, so the block
// saves the parent's, runs the child on top of them and restores them.
__global__ void bigReduce(const int *In, int *Out) {
  __shared__ int Buf[6144];
  for (int I = threadIdx.x; I < 6144; I += blockDim.x)
    Buf[I] = In[blockIdx.x * 6144 + I];
  __syncthreads();
  if (threadIdx.x == 0) {
    int Sum = 0;
    for (int I = 0; I < 6144; ++I)
      Sum += Buf[I] * (I % 7 + 1);
    atomicAdd(Out, Sum);
  }
}

__global__ void keepShared(const int *In, int *Out, int *Check, int Rows) {
  __shared__ int Keep[6144];
  for (int I = threadIdx.x; I < 6144; I += blockDim.x)
    Keep[I] = blockIdx.x * 31 + I;
  __syncthreads();
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Rows && Row % 5 == 0)
    bigReduce<<<2, 128>>>(In + (size_t)Row * 2 * 6144, Out + Row);
  __syncthreads();
  // The parent's shared memory is as it wrote it.
  if (Row < Rows)
    Check[Row] = Keep[(threadIdx.x * 97) % 6144] - Keep[(threadIdx.x * 13) % 6144];
}

int main() {
  int Failures = 0;
  srand(4242);
  CUDA_OK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 32768));
  {
    const int Height = 3000, Width = 700;
    std::vector<int> In(Height * Width), Want(Height, 0);
    for (int &V : In)
      V = rand() % 100;
    for (int R = 0; R < Height; ++R)
      if (R % 3 != 1)
        for (int X = 0; X < Width; ++X)
          Want[R] += In[R * Width + X];
    int *DIn = toDevice(In), *DSums = toDevice(std::vector<int>(Height, 0));
    Timer T;
    rowSums<<<(Height + 255) / 256, 256>>>(DIn, DSums, Height, Width);
    printf("rowSums: %.3f ms\n", T.ms());
    Failures += check("rowSums", toHost(DSums, Height), Want);
  }
  {
    const int Segments = 20000, Blocks = (Segments + 95) / 96, Threads = Blocks * 96;
    std::vector<int> In(Segments * 256), Want(Segments * 256), WantCheck(Threads);
    for (int &V : In)
      V = rand() % 1000 - 500;
    for (int S = 0; S < Segments * 4; ++S)
      for (int I = 0, Run = 0; I < 64; ++I)
        Want[S * 64 + I] = Run += In[S * 64 + I];
    for (int G = 0; G < Threads; ++G)
      WantCheck[G] = ((G / 96) * 96 + (G % 96 + 1) % 96) * 7;
    int *DIn = toDevice(In), *DOut = toDevice(std::vector<int>(In.size(), 0)),
        *DCheck = toDevice(std::vector<int>(Threads, 0));
    Timer T;
    scans<<<Blocks, 96>>>(DIn, DOut, DCheck, Segments);
    printf("scans: %.3f ms\n", T.ms());
    Failures += check("scans", toHost(DOut, In.size()), Want);
    Failures += check("scans.parent_shared", toHost(DCheck, Threads), WantCheck);
  }
  {
    const int Count = 3000;
    std::vector<float> In(Count * 256), Want(Count * 256, 0.0f);
    for (float &V : In)
      V = (float)(rand() % 1000);
    for (int M = 0; M < Count; M += 2)
      for (int Y = 0; Y < 16; ++Y)
        for (int X = 0; X < 16; ++X)
          Want[M * 256 + Y * 16 + X] = In[M * 256 + X * 16 + Y];
    float *DIn = toDevice(In), *DOut = toDevice(std::vector<float>(In.size(), 0.0f));
    Timer T;
    transposes<<<(Count + 255) / 256, dim3(32, 8)>>>(DIn, DOut, Count);
    printf("transposes: %.3f ms\n", T.ms());
    Failures += check("transposes", toHost(DOut, In.size()), Want);
  }
  {
    const int Count = 1000;
    std::vector<int> A(Count * 1000), Want(Count * 1000);
    for (size_t I = 0; I < A.size(); ++I) {
      A[I] = rand() % 10000;
      Want[I] = A[I] * 2 + 1;
    }
    int *DA = toDevice(A);
    Timer T;
    doublers<<<(Count + 127) / 128, 128>>>(DA, Count);
    printf("doublers: %.3f ms\n", T.ms());
    Failures += check("doublers", toHost(DA, A.size()), Want);
  }
  {
    const int Rows = 2000;
    std::vector<int> In((size_t)Rows * 2 * 6144), Want(Rows, 0), WantCheck(Rows);
    for (int &V : In)
      V = rand() % 100;
    for (int R = 0; R < Rows; ++R) {
      if (R % 5 == 0)
        for (int B = 0; B < 2; ++B)
          for (int I = 0; I < 6144; ++I)
            Want[R] += In[((size_t)R * 2 + B) * 6144 + I] * (I % 7 + 1);
      int T = R % 128;
      WantCheck[R] = (T * 97) % 6144 - (T * 13) % 6144;
    }
    int *DIn = toDevice(In), *DOut = toDevice(std::vector<int>(Rows, 0)),
        *DCheck = toDevice(std::vector<int>(Rows, 0));
    Timer T;
    keepShared<<<(Rows + 127) / 128, 128>>>(DIn, DOut, DCheck, Rows);
    printf("keepShared: %.3f ms\n", T.ms());
    Failures += check("keepShared", toHost(DOut, Rows), Want);
    Failures += check("keepShared.parent_shared", toHost(DCheck, Rows), WantCheck);
  }
  printf("%s: %d failure(s)\n", Failures ? "FAIL" : "PASS", Failures);
  return Failures;
}
