//===- continuation/programs.cu - CDP1 programs the continuation pass revives ===//
//
// Legacy CDP1 kernels that wait for their children with a device-side
// cudaDeviceSynchronize(): this file does not compile for sm_90 as written.
// dpopt --passes=continuation (or the default pipeline) rewrites it; the
// rewrite must compute what the CPU reference computes. Usage:
//   programs [N] [reps]   (prints PASSED when every kernel matches)
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(E),        \
                  __LINE__);                                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void addOne(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}

// 1. A one-thread driver loop: launch, wait, read what the child wrote,
// stop early; two waits per iteration.
__global__ void driver(int *A, int N, int Limit, int *Out) {
  int Sum = 0;
  for (int It = 0; It < 100; ++It) {
    addOne<<<(N + 127) / 128, 128>>>(A, N);
    cudaDeviceSynchronize();
    Sum += A[N - 1];
    if (A[0] >= Limit)
      break;
    addOne<<<(N + 127) / 128, 128>>>(A, N / 2);
    cudaDeviceSynchronize();
    Sum += A[0];
  }
  Out[0] = Sum;
}

// 2. Thread 0 of each block waits for its child and publishes what it read
// in shared memory; the block reads it after a barrier.
__global__ void blockWait(int *A, int N, int *Out) {
  __shared__ int Seen[2];
  if (threadIdx.x == 0) {
    addOne<<<(N + 63) / 64, 64>>>(A + blockIdx.x * N, N);
    cudaDeviceSynchronize();
    Seen[0] = A[blockIdx.x * N] + A[blockIdx.x * N + N - 1];
  }
  __syncthreads();
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Seen[0] * 1000 + threadIdx.x;
}

// 3. A tree: the thread of each node launches a grid over its children,
// waits, then sums their subtree sizes (postwork reading the children).
__global__ void subtree(const int *First, const int *Kids, int *Size, int Node) {
  int K = blockIdx.x * blockDim.x + threadIdx.x;
  int Count = First[Node + 1] - First[Node];
  if (K >= Count)
    return;
  int V = Kids[First[Node] + K];
  int Grand = First[V + 1] - First[V];
  if (Grand > 0) {
    subtree<<<(Grand + 31) / 32, 32>>>(First, Kids, Size, V);
    cudaDeviceSynchronize();
  }
  int S = 1;
  for (int J = First[V]; J < First[V + 1]; ++J)
    S += Size[Kids[J]];
  Size[V] = S;
}

// 4. The textbook nested reduction: the wait is the kernel's last act.
__global__ void nestedReduce(int *Data, int *Out, unsigned Size) {
  unsigned Tid = threadIdx.x;
  int *In = Data + blockIdx.x * blockDim.x * 2;
  if (Size == 2 && Tid == 0) {
    Out[blockIdx.x] = In[0] + In[1];
    return;
  }
  unsigned Half = Size / 2;
  if (Tid < Half)
    In[Tid] += In[Tid + Half];
  __syncthreads();
  if (Tid == 0) {
    nestedReduce<<<1, Half / 2 > 0 ? Half / 2 : 1>>>(In, Out + blockIdx.x, Half);
    cudaDeviceSynchronize();
  }
  __syncthreads();
}

// 5. Divergent waits: some threads wait twice, keeping locals across; a
// 2D block; dynamic shared memory live across the waits.
__global__ void divergent(int *A, int N, int *Out) {
  extern __shared__ int Buf[];
  int T = threadIdx.y * blockDim.x + threadIdx.x;
  int G = blockIdx.x * blockDim.x * blockDim.y + T;
  Buf[T] = G * 3;
  __syncthreads();
  int Local = Buf[(T + 1) % (blockDim.x * blockDim.y)];
  if (T % 3 == 0) {
    addOne<<<1, 32>>>(A + G * 32, 32);
    cudaDeviceSynchronize();
    Local += A[G * 32 + 5];
    addOne<<<1, 32>>>(A + G * 32, 16);
    cudaDeviceSynchronize();
    Local += A[G * 32 + 7];
  }
  __syncthreads();
  Buf[T] += Local;
  __syncthreads();
  Out[G] = Buf[(T + 2) % (blockDim.x * blockDim.y)];
}

// 6. The thread's last error survives the wait: an invalid launch (2,048
// threads) before it is reported after it, once.
__global__ void lastError(int *A, int *Out) {
  addOne<<<1, 2048>>>(A, 1);
  cudaDeviceSynchronize();
  Out[0] = static_cast<int>(cudaGetLastError());
  Out[1] = static_cast<int>(cudaGetLastError());
  addOne<<<1, 32>>>(A, 1);
  cudaError_t Peeked = cudaPeekAtLastError();
  cudaDeviceSynchronize();
  Out[2] = static_cast<int>(Peeked) + static_cast<int>(cudaPeekAtLastError());
}

// 7. Sparse waits: a few lanes of some warps of a 2D block wait (one of
// them twice), so the next phases run only those warps (the last one
// partial in a 70-thread block). After the waits the threads read their
// thread index and the block's shape, directly and through a function.
__device__ int rankInBlock() { return threadIdx.y * blockDim.x + threadIdx.x; }

__global__ void sparse(int *A, int *Out) {
  int Size = blockDim.x * blockDim.y;
  int T = rankInBlock();
  int G = blockIdx.x * Size + T;
  int Got = T;
  if (T == 5 || T == 40 || T == Size - 1) {
    addOne<<<1, 32>>>(A + G * 32, 32);
    cudaDeviceSynchronize();
    Got = A[G * 32 + 3] * 1000 + rankInBlock() * 10 +
          (threadIdx.x + threadIdx.y * blockDim.x == static_cast<unsigned>(T));
    if (T == 40) {
      addOne<<<1, 32>>>(A + G * 32, 8);
      cudaDeviceSynchronize();
      Got += A[G * 32 + 4] * 100000;
    }
  }
  Out[G] = Got + Size * 1000000;
}

static int failures = 0;
static void expect(const char *What, const std::vector<int> &Got,
                   const std::vector<int> &Want) {
  for (size_t I = 0; I < Want.size(); ++I)
    if (Got[I] != Want[I]) {
      std::printf("%s: mismatch at %zu: got %d, want %d\n", What, I, Got[I],
                  Want[I]);
      ++failures;
      return;
    }
  std::printf("%s: ok\n", What);
}

template <class T> static T *upload(const std::vector<T> &V) {
  T *D;
  CHECK(cudaMalloc(&D, V.size() * sizeof(T) + sizeof(T)));
  CHECK(cudaMemcpy(D, V.data(), V.size() * sizeof(T), cudaMemcpyHostToDevice));
  return D;
}
template <class T> static std::vector<T> download(const T *D, size_t N) {
  std::vector<T> V(N);
  CHECK(cudaMemcpy(V.data(), D, N * sizeof(T), cudaMemcpyDeviceToHost));
  return V;
}

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? std::atoi(Argv[1]) : 5000;
  int Reps = Argc > 2 ? std::atoi(Argv[2]) : 3;
  CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1 << 15));
  for (int Rep = 0; Rep < Reps; ++Rep) {
    { // 1
      std::vector<int> A(N, Rep);
      int Limit = 37 + Rep;
      int *DA = upload(A), *DOut = upload(std::vector<int>(1, -1));
      driver<<<1, 1>>>(DA, N, Limit, DOut);
      CHECK(cudaGetLastError());
      for (int It = 0, Sum = 0; It < 100; ++It) {
        for (int &X : A)
          ++X;
        Sum += A[N - 1];
        if (A[0] >= Limit) {
          expect("driver", download(DOut, 1), {Sum});
          break;
        }
        for (int I = 0; I < N / 2; ++I)
          ++A[I];
        Sum += A[0];
        if (It == 99)
          expect("driver", download(DOut, 1), {Sum});
      }
      expect("driver array", download(DA, N), A);
      CHECK(cudaFree(DA));
      CHECK(cudaFree(DOut));
    }
    { // 2
      int Blocks = 37, Threads = 96, Len = 100;
      std::vector<int> A(Blocks * Len);
      for (size_t I = 0; I < A.size(); ++I)
        A[I] = static_cast<int>(I % 7) + Rep;
      int *DA = upload(A), *DOut = upload(std::vector<int>(Blocks * Threads));
      blockWait<<<Blocks, Threads>>>(DA, Len, DOut);
      CHECK(cudaGetLastError());
      std::vector<int> Want(Blocks * Threads);
      for (int B = 0; B < Blocks; ++B) {
        for (int I = 0; I < Len; ++I)
          ++A[B * Len + I];
        for (int T = 0; T < Threads; ++T)
          Want[B * Threads + T] =
              (A[B * Len] + A[B * Len + Len - 1]) * 1000 + T;
      }
      expect("blockWait", download(DOut, Want.size()), Want);
      CHECK(cudaFree(DA));
      CHECK(cudaFree(DOut));
    }
    { // 3: a random tree of N nodes, depth at most 10
      std::vector<int> Parent(N, -1), Depth(N, 0);
      unsigned Seed = 12345u + Rep;
      for (int V = 1; V < N; ++V) {
        Seed = Seed * 1103515245u + 12345u;
        int P = static_cast<int>((Seed >> 8) % V);
        while (Depth[P] >= 9)
          P = Parent[P];
        Parent[V] = P;
        Depth[V] = Depth[P] + 1;
      }
      std::vector<int> First(N + 1, 0), Kids;
      for (int V = 1; V < N; ++V)
        ++First[Parent[V] + 1];
      for (int V = 0; V < N; ++V)
        First[V + 1] += First[V];
      Kids.assign(N > 1 ? N - 1 : 1, 0);
      std::vector<int> Fill(First.begin(), First.end() - 1);
      for (int V = 1; V < N; ++V)
        Kids[Fill[Parent[V]]++] = V;
      std::vector<int> Size(N, 1);
      for (int V = N - 1; V >= 1; --V)
        Size[Parent[V]] += Size[V];
      int *DFirst = upload(First), *DKids = upload(Kids),
          *DSize = upload(std::vector<int>(N, 0));
      int Count = First[1] - First[0];
      subtree<<<(Count + 31) / 32, 32>>>(DFirst, DKids, DSize, 0);
      CHECK(cudaGetLastError());
      std::vector<int> Got = download(DSize, N);
      Got[0] = Size[0];
      expect("subtree", Got, Size);
      CHECK(cudaFree(DFirst));
      CHECK(cudaFree(DKids));
      CHECK(cudaFree(DSize));
    }
    { // 4
      int Blocks = 64, Threads = 256;
      std::vector<int> D(Blocks * Threads * 2);
      for (size_t I = 0; I < D.size(); ++I)
        D[I] = static_cast<int>(I % 13) - 6 + Rep;
      int *DD = upload(D), *DOut = upload(std::vector<int>(Blocks, 0));
      nestedReduce<<<Blocks, Threads>>>(DD, DOut, Threads * 2);
      CHECK(cudaGetLastError());
      std::vector<int> Want(Blocks, 0);
      for (int B = 0; B < Blocks; ++B)
        for (int I = 0; I < Threads * 2; ++I)
          Want[B] += D[B * Threads * 2 + I];
      expect("nestedReduce", download(DOut, Blocks), Want);
      CHECK(cudaFree(DD));
      CHECK(cudaFree(DOut));
    }
    { // 5
      int Blocks = 23;
      dim3 Block(16, 6);
      int PerBlock = 96, Total = Blocks * PerBlock;
      std::vector<int> A(Total * 32);
      for (size_t I = 0; I < A.size(); ++I)
        A[I] = static_cast<int>(I % 11) + Rep;
      int *DA = upload(A), *DOut = upload(std::vector<int>(Total));
      divergent<<<Blocks, Block, PerBlock * sizeof(int)>>>(DA, 0, DOut);
      CHECK(cudaGetLastError());
      std::vector<int> Buf(Total), Local(Total), Want(Total);
      for (int B = 0; B < Blocks; ++B)
        for (int T = 0; T < PerBlock; ++T) {
          int G = B * PerBlock + T;
          Local[G] = (B * PerBlock + (T + 1) % PerBlock) * 3;
          if (T % 3 == 0) {
            for (int I = 0; I < 32; ++I)
              ++A[G * 32 + I];
            Local[G] += A[G * 32 + 5];
            for (int I = 0; I < 16; ++I)
              ++A[G * 32 + I];
            Local[G] += A[G * 32 + 7];
          }
          Buf[G] = G * 3 + Local[G];
        }
      for (int B = 0; B < Blocks; ++B)
        for (int T = 0; T < PerBlock; ++T)
          Want[B * PerBlock + T] = Buf[B * PerBlock + (T + 2) % PerBlock];
      expect("divergent", download(DOut, Total), Want);
      expect("divergent array", download(DA, A.size()), A);
      CHECK(cudaFree(DA));
      CHECK(cudaFree(DOut));
    }
    for (dim3 Block : {dim3(16, 12), dim3(10, 7)}) { // 7
      int Blocks = 19, Size = static_cast<int>(Block.x * Block.y),
          Total = Blocks * Size;
      std::vector<int> A(Total * 32);
      for (size_t I = 0; I < A.size(); ++I)
        A[I] = static_cast<int>(I % 11) + Rep;
      int *DA = upload(A), *DOut = upload(std::vector<int>(Total));
      sparse<<<Blocks, Block>>>(DA, DOut);
      CHECK(cudaGetLastError());
      std::vector<int> Want(Total);
      for (int G = 0; G < Total; ++G) {
        int T = G % Size, Got = T;
        if (T == 5 || T == 40 || T == Size - 1) {
          for (int I = 0; I < 32; ++I)
            ++A[G * 32 + I];
          Got = A[G * 32 + 3] * 1000 + T * 10 + 1;
          if (T == 40) {
            for (int I = 0; I < 8; ++I)
              ++A[G * 32 + I];
            Got += A[G * 32 + 4] * 100000;
          }
        }
        Want[G] = Got + Size * 1000000;
      }
      expect("sparse", download(DOut, Total), Want);
      expect("sparse array", download(DA, A.size()), A);
      CHECK(cudaFree(DA));
      CHECK(cudaFree(DOut));
    }
    { // 6
      int *DA = upload(std::vector<int>(64, 0)),
          *DOut = upload(std::vector<int>(3, -1));
      lastError<<<1, 1>>>(DA, DOut);
      CHECK(cudaGetLastError());
      expect("lastError", download(DOut, 3),
             {static_cast<int>(cudaErrorInvalidConfiguration), 0, 0});
      CHECK(cudaFree(DA));
      CHECK(cudaFree(DOut));
    }
  }
  CHECK(cudaDeviceSynchronize());
  if (failures == 0)
    std::printf("PASSED\n");
  else
    std::printf("FAILED (%d)\n", failures);
  return failures != 0;
}
