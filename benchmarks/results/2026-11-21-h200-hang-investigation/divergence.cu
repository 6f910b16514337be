// Does a device-side launch hang when other lanes of the warp are busy?
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("ERR %s line %d\n", cudaGetErrorString(e), __LINE__); exit(2);} } while (0)
__global__ void child(int *C) { if (threadIdx.x == 0) atomicAdd(C, 1); }
__device__ void busy(int *W, int L) { for (int I = 0; I < L; ++I) atomicAdd(&W[(threadIdx.x + I) & 1023], 1); }
__global__ void parent(int *C, int *W, int Mode, int L) {
  bool Launcher = (threadIdx.x & 1) == 0;
  switch (Mode) {
  case 0: if (Launcher) child<<<1, 32>>>(C); else busy(W, L); break;
  case 1: if (Launcher) child<<<1, 32>>>(C); break;
  case 2: if (!Launcher) busy(W, L); break;
  case 3: if (Launcher) child<<<1, 32>>>(C); __syncwarp(); if (!Launcher) busy(W, L); break;
  case 4: for (int K = 0; K < 8; ++K) { if (((threadIdx.x + K) & 1) == 0) child<<<1, 32>>>(C); else busy(W, L / 8); } break;
  case 5: { bool Go = Launcher; if (Go) child<<<1, 32>>>(C); if (!Go) busy(W, L); } break;
  case 6: if (blockIdx.x == 0 && threadIdx.x == 0) child<<<1, 32>>>(C); busy(W, L); break;
  case 7: if (blockIdx.x == 0 && threadIdx.x == 0) child<<<1, 32>>>(C); break;
  }
}
int main(int Argc, char **Argv) {
  int Mode = atoi(Argv[1]), L = atoi(Argv[2]), Rounds = atoi(Argv[3]), Blocks = 512, Threads = 128;
  CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, Blocks * Threads * 8));
  int *C, *W; CHECK(cudaMalloc(&C, 4)); CHECK(cudaMalloc(&W, 4096 * 4));
  for (int R = 0; R < Rounds; ++R) {
    CHECK(cudaMemset(C, 0, 4));
    parent<<<Blocks, Threads>>>(C, W, Mode, L);
    CHECK(cudaGetLastError()); CHECK(cudaDeviceSynchronize());
    int H; CHECK(cudaMemcpy(&H, C, 4, cudaMemcpyDeviceToHost));
    if (R % 50 == 0) { printf("mode %d L %d round %d children %d\n", Mode, L, R, H); fflush(stdout); }
  }
  printf("DONE mode %d\n", Mode);
}
