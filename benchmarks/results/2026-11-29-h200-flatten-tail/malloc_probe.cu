// How long a device-side malloc/free of a few sizes takes (H200, CUDA 13).
#include <cstdio>
__global__ void probe(long long *T, size_t Bytes) {
  long long T0 = clock64();
  void *P = malloc(Bytes);
  long long T1 = clock64();
  free(P);
  long long T2 = clock64();
  T[0] = T1 - T0; T[1] = T2 - T1; T[2] = P != nullptr;
}
int main() {
  long long *T; cudaMallocManaged(&T, 3 * sizeof(long long));
  int KHz; cudaDeviceGetAttribute(&KHz, cudaDevAttrClockRate, 0);
  size_t Sizes[] = {64, 16 << 10, 512 << 10, 3 << 20, 6 << 20};
  for (int Round = 0; Round < 3; ++Round)
    for (size_t S : Sizes) {
      probe<<<1, 1>>>(T, S);
      cudaDeviceSynchronize();
      printf("round %d bytes %zu: malloc %.1f us, free %.1f us, ok %lld\n", Round, S,
             T[0] * 1e3 / KHz, T[1] * 1e3 / KHz, T[2]);
    }
  return 0;
}
