// Parallel recursion: a kernel that launches itself (tree walk), mutual
// recursion through a device helper, and a recursive template.
#include <cuda_runtime.h>

__global__ void heights(const int *ChildBegin, const int *Children, int *Height,
                        int Node, int Depth) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  int Count = ChildBegin[Node + 1] - ChildBegin[Node];
  if (I >= Count)
    return;
  int C = Children[ChildBegin[Node] + I];
  atomicMax(&Height[C], Depth + 1);
  int Grand = ChildBegin[C + 1] - ChildBegin[C];
  if (Grand > 0)
    heights<<<(Grand + 31) / 32, 32>>>(ChildBegin, Children, Height, C, Depth + 1);
}

__global__ void pong(int *Count, int Depth);

__device__ void serve(int *Count, int Depth) {
  atomicAdd(Count, 1);
  if (Depth > 0)
    pong<<<1, 2>>>(Count, Depth - 1);
}

__global__ void ping(int *Count, int Depth) { serve(Count, Depth); }

__global__ void pong(int *Count, int Depth) {
  if (Depth > 0)
    ping<<<1, 2>>>(Count, Depth - 1);
}

template <int Fanout> __global__ void fan(int *Count, int Depth) {
  atomicAdd(Count, 1);
  if (Depth > 0 && threadIdx.x == 0)
    fan<Fanout><<<1, Fanout>>>(Count, Depth - 1);
}

void run(const int *B, const int *C, int *H, int *Count) {
  heights<<<1, 32>>>(B, C, H, 0, 0);
  ping<<<1, 1>>>(Count, 4);
  fan<4><<<1, 4>>>(Count, 3);
}
