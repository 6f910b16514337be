// Children whose threads end with an atomic to one address per launch, run
// by threshold's serial versions with the atomics folded (DP5102), checked
// against a CPU reference: integer add (with wrap-around), min, max, and,
// or, xor, and a float sum (folded only with --fold-fp-atomics; compared
// within a tolerance). Launch sizes 0..299 threads, so that some run
// serially and some are launched. Prints PASSED or what differs.
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int Items = 4096;

__global__ void addKid(const int *V, int Begin, int N, int *Sum, int Slot) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&Sum[Slot], V[Begin + I]);
}
__global__ void minMaxKid(const int *V, int Begin, int N, int *Lo, int *Hi,
                          int Slot) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    if (V[Begin + I] % 2)
      atomicMin(&Lo[Slot], V[Begin + I]);
    else
      atomicMax(&Hi[Slot], V[Begin + I]);
  }
}
__global__ void bitsKid(const unsigned *B, int Begin, int N, unsigned *All,
                        unsigned *Any, unsigned *Odd, int Slot) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  if (I % 3 == 0)
    atomicAnd(&All[Slot], B[Begin + I]);
  else if (I % 3 == 1)
    atomicOr(&Any[Slot], B[Begin + I]);
  else
    atomicXor(&Odd[Slot], B[Begin + I]);
}
__global__ void countKid(const int *V, int Begin, int N,
                         unsigned long long *Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && V[Begin + I] > 0)
    atomicAdd(Count, 1ull);
}
__global__ void floatKid(const float *F, int Begin, int N, float *Sum,
                         int Slot) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&Sum[Slot], F[Begin + I]);
}

__global__ void parentAdd(const int *Ptr, const int *V, int *Sum) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < Items) {
    int Begin = Ptr[T], N = Ptr[T + 1] - Begin;
    addKid<<<(N + 127) / 128, 128>>>(V, Begin, N, Sum, T);
  }
}
__global__ void parentMinMax(const int *Ptr, const int *V, int *Lo, int *Hi) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < Items) {
    int Begin = Ptr[T], N = Ptr[T + 1] - Begin;
    minMaxKid<<<(N + 127) / 128, 128>>>(V, Begin, N, Lo, Hi, T);
  }
}
__global__ void parentBits(const int *Ptr, const unsigned *B, unsigned *All,
                           unsigned *Any, unsigned *Odd) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < Items) {
    int Begin = Ptr[T], N = Ptr[T + 1] - Begin;
    bitsKid<<<(N + 63) / 64, 64>>>(B, Begin, N, All, Any, Odd, T);
  }
}
__global__ void parentCount(const int *Ptr, const int *V,
                            unsigned long long *Count) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < Items) {
    int Begin = Ptr[T], N = Ptr[T + 1] - Begin;
    countKid<<<(N + 127) / 128, 128>>>(V, Begin, N, Count);
  }
}
__global__ void parentFloat(const int *Ptr, const float *F, float *Sum) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < Items) {
    int Begin = Ptr[T], N = Ptr[T + 1] - Begin;
    floatKid<<<(N + 127) / 128, 128>>>(F, Begin, N, Sum, T);
  }
}

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::printf("FAILED: %s: %s\n", #X, cudaGetErrorString(E));             \
      return 1;                                                                \
    }                                                                          \
  } while (0)

template <class T> T *upload(const std::vector<T> &H) {
  T *D = nullptr;
  cudaMalloc(&D, H.size() * sizeof(T) + 1);
  cudaMemcpy(D, H.data(), H.size() * sizeof(T), cudaMemcpyHostToDevice);
  return D;
}
template <class T> std::vector<T> download(const T *D, size_t N) {
  std::vector<T> H(N);
  cudaMemcpy(H.data(), D, N * sizeof(T), cudaMemcpyDeviceToHost);
  return H;
}

int main() {
  std::vector<int> Ptr(Items + 1, 0);
  unsigned Seed = 12345;
  auto Rand = [&] { return Seed = Seed * 1664525u + 1013904223u; };
  for (int T = 0; T < Items; ++T)
    Ptr[T + 1] = Ptr[T] + static_cast<int>(T % 7 == 0 ? Rand() % 300 : Rand() % 40);
  const int Total = Ptr[Items];
  std::vector<int> V(Total);
  std::vector<unsigned> B(Total);
  std::vector<float> F(Total);
  for (int I = 0; I < Total; ++I) {
    // Values near INT_MAX make the sums wrap around.
    V[I] = (Rand() % 4 == 0) ? 2147483000 - static_cast<int>(Rand() % 1000)
                             : static_cast<int>(Rand() % 20001) - 10000;
    B[I] = Rand() | (Rand() << 16);
    F[I] = static_cast<float>(Rand() % 10000) / 1000.0f;
  }
  std::vector<int> WantSum(Items, 0), WantLo(Items, 1 << 30), WantHi(Items, -(1 << 30));
  std::vector<unsigned> WantAll(Items, ~0u), WantAny(Items, 0), WantOdd(Items, 0);
  std::vector<double> WantF(Items, 0);
  unsigned long long WantCount = 0;
  for (int T = 0; T < Items; ++T)
    for (int I = Ptr[T], K = 0; I < Ptr[T + 1]; ++I, ++K) {
      WantSum[T] = static_cast<int>(static_cast<unsigned>(WantSum[T]) + static_cast<unsigned>(V[I]));
      if (V[I] % 2)
        WantLo[T] = std::min(WantLo[T], V[I]);
      else
        WantHi[T] = std::max(WantHi[T], V[I]);
      if (K % 3 == 0) WantAll[T] &= B[I];
      else if (K % 3 == 1) WantAny[T] |= B[I];
      else WantOdd[T] ^= B[I];
      WantCount += V[I] > 0;
      WantF[T] += F[I];
    }
  int *DPtr = upload(Ptr), *DV = upload(V);
  unsigned *DB = upload(B);
  float *DF = upload(F);
  int *Sum = upload(std::vector<int>(Items, 0)), *Lo = upload(std::vector<int>(Items, 1 << 30)),
      *Hi = upload(std::vector<int>(Items, -(1 << 30)));
  unsigned *All = upload(std::vector<unsigned>(Items, ~0u)), *Any = upload(std::vector<unsigned>(Items, 0)),
           *Odd = upload(std::vector<unsigned>(Items, 0));
  unsigned long long *Count = upload(std::vector<unsigned long long>(1, 0));
  float *FSum = upload(std::vector<float>(Items, 0.f));
  CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 16384));
  const int Grid = (Items + 127) / 128;
  parentAdd<<<Grid, 128>>>(DPtr, DV, Sum);
  parentMinMax<<<Grid, 128>>>(DPtr, DV, Lo, Hi);
  parentBits<<<Grid, 128>>>(DPtr, DB, All, Any, Odd);
  parentCount<<<Grid, 128>>>(DPtr, DV, Count);
  parentFloat<<<Grid, 128>>>(DPtr, DF, FSum);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int Bad = 0;
  auto Report = [&](const char *What, int T, long long Got, long long Want) {
    if (Got != Want && Bad++ < 10)
      std::printf("%s[%d]: got %lld, want %lld\n", What, T, Got, Want);
  };
  auto GS = download(Sum, Items), GL = download(Lo, Items), GH = download(Hi, Items);
  auto GA = download(All, Items), GY = download(Any, Items), GO = download(Odd, Items);
  auto GF = download(FSum, Items);
  for (int T = 0; T < Items; ++T) {
    Report("sum", T, GS[T], WantSum[T]);
    Report("min", T, GL[T], WantLo[T]);
    Report("max", T, GH[T], WantHi[T]);
    Report("and", T, GA[T], WantAll[T]);
    Report("or", T, GY[T], WantAny[T]);
    Report("xor", T, GO[T], WantOdd[T]);
    if (std::abs(GF[T] - WantF[T]) > 1e-4 * (1 + std::abs(WantF[T])) && Bad++ < 10)
      std::printf("float sum[%d]: got %f, want %f\n", T, GF[T], WantF[T]);
  }
  Report("count", 0, static_cast<long long>(download(Count, 1)[0]), static_cast<long long>(WantCount));
  std::printf(Bad ? "FAILED: %d differences\n" : "PASSED\n", Bad);
  return Bad != 0;
}
