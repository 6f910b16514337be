// GPU test of the merge pass (docs/passes/merge.md): launch sequences of
// host code and of a device thread, checked against CPU references. Built
// as written (nvcc ignores '#pragma dp merge': the launches run one after
// the other), after dpopt's default pipeline (pragmas only) and after
// --passes=merge (also the unasked, provably independent sequence), each
// with and without -DDPOPT_MERGE_ALWAYS=1. Prints PASSED when every check
// holds.
//
// Shapes: 1D/2D/3D grids and blocks of different sizes, a kernel whose
// threads return early, one that reads blockDim and threadIdx through a
// device function, __syncthreads() with static __shared__ memory in blocks
// of 128 (2D), 96 and 48 threads (whole warps or not: the run-time
// decision keeps a 48-thread kernel with barriers out of a 128-thread
// merged block), dynamic shared memory, a sequence in a created stream, a
// grid of several waves, a launch that fails (its error must be the one the
// program sees), and a device thread's launches into the implicit stream
// and into cudaStreamFireAndForget.

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E_ = (X);                                                      \
    if (E_ != cudaSuccess) {                                                   \
      printf("CUDA error %s at line %d\n", cudaGetErrorString(E_), __LINE__); \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

static int Failures = 0;
static void expect(bool OK, const char *What) {
  if (!OK) {
    printf("FAILED: %s\n", What);
    ++Failures;
  }
}

__device__ int scaled(int V) {
  return V * (int)blockDim.x + (int)threadIdx.y;
}

__global__ void fill(int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  Out[I] = scaled(I) + (int)gridDim.x;
}

__global__ void blockSum(const int *In, int *Sums) {
  __shared__ int Buf[1024];
  unsigned T = threadIdx.x + threadIdx.y * blockDim.x;
  unsigned Threads = blockDim.x * blockDim.y;
  unsigned B = blockIdx.x + blockIdx.y * gridDim.x;
  Buf[T] = In[B * Threads + T];
  __syncthreads();
  // Threads is a power of two in every launch here.
  for (unsigned S = Threads / 2; S > 0; S /= 2) {
    if (T < S)
      Buf[T] += Buf[T + S];
    __syncthreads();
  }
  if (T == 0)
    Sums[B] = Buf[0];
}

// A barrier-using kernel for any block size: each thread adds its
// neighbour's value, read after a barrier.
__global__ void rotate(const int *In, int *Out) {
  __shared__ int Buf[1024];
  unsigned T = threadIdx.x;
  unsigned Base = blockIdx.x * blockDim.x;
  Buf[T] = In[Base + T];
  __syncthreads();
  Out[Base + T] = Buf[(T + 1) % blockDim.x] * 2 + Buf[T];
}

__global__ void dyn(int *Out) {
  extern __shared__ int Tmp[];
  Tmp[threadIdx.x] = threadIdx.x * 3 + blockIdx.z * 1000 + blockIdx.y * 100;
  __syncthreads();
  Out[((blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x) *
          blockDim.x +
      threadIdx.x] = Tmp[blockDim.x - 1 - threadIdx.x];
}

__global__ void cube(int *Out) {
  unsigned B = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  unsigned T = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x +
               threadIdx.x;
  Out[B * blockDim.x * blockDim.y * blockDim.z + T] =
      (int)(B * 7 + T + blockDim.z * 10000);
}

__global__ void parentImplicit(int *X, int *Y, const int *W, int *Z) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
#pragma dp merge
    fill<<<2, 64>>>(X, 100);
    cube<<<dim3(2, 2), dim3(4, 2, 2)>>>(Y);
    rotate<<<3, 96>>>(W, Z);
  }
}

__global__ void parentFireAndForget(int *X, int *Y) {
  if (threadIdx.x == 1) {
#pragma dp merge
    fill<<<4, 32, 0, cudaStreamFireAndForget>>>(X, 128);
    cube<<<3, dim3(8, 8), 0, cudaStreamFireAndForget>>>(Y);
  }
}

// CPU references.
static int refScaled(int V, int BlockX, int ThreadY) {
  return V * BlockX + ThreadY;
}
static std::vector<int> refFill(int N, int Grid, int Block) {
  std::vector<int> R(N);
  for (int I = 0; I < N; ++I)
    R[I] = refScaled(I, Block, 0) + Grid;
  return R;
}
static std::vector<int> refCube(unsigned Blocks, unsigned BX, unsigned BY,
                                unsigned BZ) {
  std::vector<int> R(Blocks * BX * BY * BZ);
  for (unsigned B = 0; B < Blocks; ++B)
    for (unsigned T = 0; T < BX * BY * BZ; ++T)
      R[B * BX * BY * BZ + T] = (int)(B * 7 + T + BZ * 10000);
  return R;
}
static std::vector<int> refRotate(const std::vector<int> &In, unsigned Blocks,
                                  unsigned Block) {
  std::vector<int> R(Blocks * Block);
  for (unsigned B = 0; B < Blocks; ++B)
    for (unsigned T = 0; T < Block; ++T)
      R[B * Block + T] =
          In[B * Block + (T + 1) % Block] * 2 + In[B * Block + T];
  return R;
}
static std::vector<int> download(const int *D, size_t N) {
  std::vector<int> H(N);
  CHECK(cudaMemcpy(H.data(), D, N * sizeof(int), cudaMemcpyDeviceToHost));
  return H;
}

int main(int Argc, char **Argv) {
  (void)Argc;
  (void)Argv;
  const size_t Big = 1 << 22;
  std::vector<int> Input(Big);
  for (size_t I = 0; I < Big; ++I)
    Input[I] = (int)(I * 2654435761u % 1000);
  int *In;
  CHECK(cudaMalloc(&In, Big * sizeof(int)));
  CHECK(cudaMemcpy(In, Input.data(), Big * sizeof(int),
                   cudaMemcpyHostToDevice));

  // 1. Three host launches: 1D with early returns, 2D blocks with
  // barriers, 3D grid with dynamic shared memory.
  {
    int *A, *Sums, *D;
    CHECK(cudaMalloc(&A, 1000 * sizeof(int)));
    CHECK(cudaMalloc(&Sums, 4 * sizeof(int)));
    CHECK(cudaMalloc(&D, 2 * 3 * 4 * 96 * sizeof(int)));
#pragma dp merge
    fill<<<(1000 + 63) / 64, 64>>>(A, 1000);
    blockSum<<<dim3(2, 2), dim3(32, 4)>>>(In, Sums);
    dyn<<<dim3(4, 3, 2), 96, 96 * sizeof(int)>>>(D);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    expect(download(A, 1000) == refFill(1000, 16, 64), "1: fill");
    std::vector<int> S = download(Sums, 4);
    bool OK = true;
    for (int B = 0; B < 4; ++B) {
      int Sum = 0;
      for (int T = 0; T < 128; ++T)
        Sum += Input[B * 128 + T];
      OK &= S[B] == Sum;
    }
    expect(OK, "1: blockSum");
    std::vector<int> HD = download(D, 2 * 3 * 4 * 96);
    OK = true;
    for (int Z = 0; Z < 2; ++Z)
      for (int Y = 0; Y < 3; ++Y)
        for (int X = 0; X < 4; ++X)
          for (int T = 0; T < 96; ++T)
            OK &= HD[((Z * 3 + Y) * 4 + X) * 96 + T] ==
                  (95 - T) * 3 + Z * 1000 + Y * 100;
    expect(OK, "1: dyn");
  }

  // 2. Barriers in blocks of 48 threads (not whole warps) beside 128: not
  // merged at run time; 96 beside 128: merged, barrier of 96 threads.
  {
    int *R1, *R2, *C;
    CHECK(cudaMalloc(&R1, 48 * 5 * sizeof(int)));
    CHECK(cudaMalloc(&R2, 96 * 7 * sizeof(int)));
    CHECK(cudaMalloc(&C, 6 * 128 * sizeof(int)));
#pragma dp merge
    rotate<<<5, 48>>>(In, R1);
    cube<<<6, 128>>>(C);
    CHECK(cudaDeviceSynchronize());
#pragma dp merge
    cube<<<6, 128>>>(C);
    rotate<<<7, 96>>>(In, R2);
    CHECK(cudaDeviceSynchronize());
    expect(download(R1, 48 * 5) == refRotate(Input, 5, 48), "2: rotate 48");
    expect(download(R2, 96 * 7) == refRotate(Input, 7, 96), "2: rotate 96");
    expect(download(C, 6 * 128) == refCube(6, 128, 1, 1), "2: cube");
  }

  // 3. In a created stream; several waves (the decision launches them as
  // written unless DPOPT_MERGE_ALWAYS).
  {
    cudaStream_t S;
    CHECK(cudaStreamCreate(&S));
    int *A, *C, *R;
    const int N = 1 << 20;
    CHECK(cudaMalloc(&A, N * sizeof(int)));
    CHECK(cudaMalloc(&C, 4096 * 256 * sizeof(int)));
    CHECK(cudaMalloc(&R, 4096 * 128 * sizeof(int)));
#pragma dp merge
    fill<<<N / 256, 256, 0, S>>>(A, N);
    cube<<<dim3(64, 64), dim3(16, 16), 0, S>>>(C);
    rotate<<<4096, 128, 0, S>>>(In, R);
    CHECK(cudaStreamSynchronize(S));
    expect(download(A, N) == refFill(N, N / 256, 256), "3: fill");
    expect(download(C, 4096 * 256) == refCube(4096, 16, 16, 1), "3: cube");
    expect(download(R, 4096 * 128) == refRotate(Input, 4096, 128),
           "3: rotate");
    CHECK(cudaStreamDestroy(S));
  }

  // 4. The second launch is invalid (2,048 threads): the program sees the
  // error the launch as written gives (CUDA 13.0 on an H200 reports
  // cudaErrorInvalidValue), and the first kernel still ran.
  {
    int *A, *C;
    CHECK(cudaMalloc(&A, 256 * sizeof(int)));
    CHECK(cudaMalloc(&C, 2048 * sizeof(int)));
    CHECK(cudaMemset(C, 0, 2048 * sizeof(int)));
#pragma dp merge
    fill<<<4, 64>>>(A, 256);
    cube<<<1, 2048>>>(C);
    cudaError_t E = cudaGetLastError();
    if (E != cudaErrorInvalidValue)
      printf("4: cudaGetLastError() = %d (%s)\n", (int)E,
             cudaGetErrorString(E));
    expect(E == cudaErrorInvalidValue, "4: the launch error");
    CHECK(cudaDeviceSynchronize());
    expect(download(A, 256) == refFill(256, 4, 64), "4: fill");
    expect(download(C, 2048) == std::vector<int>(2048, 0), "4: cube unrun");
  }

  // 5. No pragma: --passes=merge merges it (every buffer is its own
  // allocation); the default pipeline leaves it.
  {
    int *A, *C;
    CHECK(cudaMalloc(&A, 300 * sizeof(int)));
    CHECK(cudaMalloc(&C, 5 * 8 * 4 * 2 * sizeof(int)));
    fill<<<3, 128>>>(A, 300);
    cube<<<5, dim3(8, 4, 2)>>>(C);
    CHECK(cudaDeviceSynchronize());
    expect(download(A, 300) == refFill(300, 3, 128), "5: fill");
    expect(download(C, 5 * 64) == refCube(5, 8, 4, 2), "5: cube");
  }

  // 6. A device thread's launches: implicit stream, fire-and-forget.
  {
    int *X, *Y, *Z;
    CHECK(cudaMalloc(&X, 128 * sizeof(int)));
    CHECK(cudaMalloc(&Y, 8192 * sizeof(int)));
    CHECK(cudaMalloc(&Z, 3 * 96 * sizeof(int)));
    parentImplicit<<<2, 32>>>(X, Y, In, Z);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    expect(download(X, 100) == refFill(100, 2, 64), "6: fill");
    expect(download(Y, 4 * 16) == refCube(4, 4, 2, 2), "6: cube");
    expect(download(Z, 3 * 96) == refRotate(Input, 3, 96), "6: rotate");
    parentFireAndForget<<<1, 32>>>(X, Y);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    expect(download(X, 128) == refFill(128, 4, 32), "6: fill fnf");
    expect(download(Y, 3 * 64) == refCube(3, 8, 8, 1), "6: cube fnf");
  }

  if (Failures) {
    printf("%d checks FAILED\n", Failures);
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
