// Same-address atomic cost per block, as a grid group's counters see it.
#include <cstdio>
#include <vector>
#include <algorithm>
__device__ unsigned Ctr[32 * 64]; // 32 lines of 256 B
__device__ unsigned Sink;
template <int Mode> __global__ void k(int Fence) {
  if (Fence) __threadfence();
  if (threadIdx.x != 0) return;
  unsigned r = 0;
  const unsigned B = blockIdx.x;
  switch (Mode) {
  case 0: break;
  case 1: r += atomicAdd(&Ctr[0], 1u); break;
  case 2: r += atomicAdd(&Ctr[0], 1u); r += atomicAdd(&Ctr[2], r & 1); r += atomicAdd(&Ctr[4], r & 1); break;
  case 3: r += atomicAdd(&Ctr[0], 1u); r += atomicAdd(&Ctr[64], r & 1); r += atomicAdd(&Ctr[128], r & 1); break;
  case 4: r += atomicAdd(&Ctr[(B % 32) * 64], 1u); break;
  case 5: r += atomicAdd(&Ctr[(B % 32) * 64], 1u); r += atomicAdd(&Ctr[(B % 32) * 64 + 2], r & 1); r += atomicAdd(&Ctr[(B % 32) * 64 + 4], r & 1); break;
  case 6: { r += atomicAdd(&Ctr[0], 1u); __threadfence(); r += atomicAdd(&Ctr[2], r & 1); __threadfence(); r += atomicAdd(&Ctr[4], r & 1); } break;
  }
  if (r == 0xdeadbeef) Sink = r;
}
template <int Mode> float timeIt(int Blocks, int Threads, int Fence) {
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  std::vector<float> t;
  for (int i = 0; i < 8; ++i) {
    cudaEventRecord(a); k<Mode><<<Blocks, Threads>>>(Fence); cudaEventRecord(b); cudaEventSynchronize(b);
    float ms; cudaEventElapsedTime(&ms, a, b); if (i >= 2) t.push_back(ms * 1000);
  }
  std::sort(t.begin(), t.end()); return t[t.size() / 2];
}
int main() {
  const char *Names[] = {"none", "1 atomic one addr", "3 atomics one line", "3 atomics 3 lines", "1 atomic 32 lines", "3 atomics 32 lines", "3 atomics one line + fences"};
  printf("mode,blocks,threads,fence_all_threads,us\n");
  for (int Threads : {16, 256}) for (int Fence : {0, 1}) {
    float r[7] = {timeIt<0>(32768, Threads, Fence), timeIt<1>(32768, Threads, Fence), timeIt<2>(32768, Threads, Fence), timeIt<3>(32768, Threads, Fence), timeIt<4>(32768, Threads, Fence), timeIt<5>(32768, Threads, Fence), timeIt<6>(32768, Threads, Fence)};
    for (int m = 0; m < 7; ++m) printf("%s,32768,%d,%d,%.1f\n", Names[m], Threads, Fence, r[m]);
  }
  return cudaDeviceSynchronize() != cudaSuccess;
}
