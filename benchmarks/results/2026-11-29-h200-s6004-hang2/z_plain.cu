// The shape of the seed 6004 hang written by hand with plain CUDA 13 (no
// dpopt runtime): lane 0 of a warp "suspends" (launches a child, counts
// itself out and, if last, tail-launches the block's next phase), while
// lanes 5 and 10 launch a recursive fire-and-forget child and lanes 5..30
// launch a child into the implicit stream. Modes (argv[1]):
//   0  as above;            1  lane 0 does not suspend (runs everything);
//   2  no recursive child;  3  implicit-stream child fire-and-forget;
//   4  lane 0 tail-launches the next phase itself, right away.
// Host: the parent four times, the first into the legacy stream, the rest
// into created streams. Prints "ok <sum>" when it finishes.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void leaf(unsigned *acc, unsigned n, unsigned key) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < n)
    atomicAdd(&acc[(g + key) % 256u], g ^ key);
}
__global__ void rec(unsigned *acc, unsigned n, unsigned depth, unsigned key) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < n)
    atomicAdd(&acc[(g + key) % 256u], depth);
  if (depth == 0u)
    return;
  if (g == 0u) {
    leaf<<<(n + depth + 255u) / 256u, 256>>>(acc, n + depth, key ^ depth);
    rec<<<(n / 2u + 63u) / 64u + 1u, 64, 0, 0>>>(acc, n / 2u, depth - 1u, key * 31u + 1u);
  }
}
__global__ void nextPhase(unsigned *acc, unsigned w, unsigned key, int mode) {
  if (threadIdx.x != 0)
    return;
  leaf<<<(w / 2u + 256u) / 256u, 256, 0, cudaStreamFireAndForget>>>(acc, w / 2u + 1u, key + 5u);
  if (mode != 2)
    rec<<<(w % 300u + 127u) / 128u + 1u, 128, 0, cudaStreamFireAndForget>>>(acc, w % 300u, 4u, key + 7u);
  leaf<<<(w + 127u) / 128u, 128, 0, 0>>>(acc, w, key + 9u);
}
__global__ void parent(unsigned *acc, unsigned n, unsigned tag, int mode) {
  __shared__ unsigned left, suspended;
  unsigned tid = threadIdx.y * blockDim.x + threadIdx.x;
  unsigned tpb = blockDim.x * blockDim.y;
  unsigned i = (blockIdx.y * gridDim.x + blockIdx.x) * tpb + tid;
  if (tid == 0)
    left = suspended = 0;
  __syncthreads();
  bool leaveNow = false;
  unsigned w = 0, key = 0;
  if (i < n && i % 5u == 0u) {
    unsigned pid = i / 5u;
    w = 100u + (pid * 37u) % 700u;
    key = pid * 2654435761u + tag;
    if (threadIdx.x == 0u) {
      leaf<<<(w + 511u) / 512u, 512, 0, cudaStreamFireAndForget>>>(acc, w, key + 1u);
      if (mode != 1) {
        atomicAdd(&suspended, 1u);
        if (mode == 4)
          nextPhase<<<1, 32, 0, cudaStreamTailLaunch>>>(acc, w, key, mode);
        leaveNow = true;
      } else {
        leaf<<<(w / 2u + 256u) / 256u, 256, 0, cudaStreamFireAndForget>>>(acc, w / 2u + 1u, key + 5u);
      }
    }
    if (!leaveNow) {
      if (pid < 3u && mode != 2)
        rec<<<(w % 300u + 127u) / 128u + 1u, 128, 0, cudaStreamFireAndForget>>>(acc, w % 300u, 4u, key + 7u);
      leaf<<<(w + 127u) / 128u, 128, 0, mode == 3 ? cudaStreamFireAndForget : 0>>>(acc, w, key + 9u);
    }
  }
  __threadfence_block();
  if (atomicAdd(&left, 1u) == tpb - 1u && mode != 4 && mode != 1 &&
      *(volatile unsigned *)&suspended)
    nextPhase<<<1, 32, 0, cudaStreamTailLaunch>>>(acc, 123u, tag, mode);
}

int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 131072);
  unsigned *acc;
  cudaMalloc(&acc, 256 * sizeof(unsigned));
  cudaMemset(acc, 0, 256 * sizeof(unsigned));
  unsigned ns[4] = {600u, 446u, 436u, 512u};
  for (int k = 0; k < 4; ++k) {
    cudaStream_t s = 0;
    if (k)
      cudaStreamCreate(&s);
    parent<<<dim3(7, 3), dim3(16, 2), 0, s>>>(acc, ns[k], 735705373u + k, mode);
    cudaError_t e = cudaStreamSynchronize(s);
    if (e != cudaSuccess) {
      printf("error %s at launch %d\n", cudaGetErrorString(e), k);
      return 1;
    }
    if (k)
      cudaStreamDestroy(s);
  }
  unsigned h[256], sum = 0;
  cudaMemcpy(h, acc, sizeof h, cudaMemcpyDeviceToHost);
  for (unsigned v : h)
    sum = sum * 31u + v;
  printf("ok mode %d sum %08x\n", mode, sum);
  return 0;
}
