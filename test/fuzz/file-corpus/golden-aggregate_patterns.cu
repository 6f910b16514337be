// DPOPT-ARGS: --passes=aggregate
// What the aggregate pass rewrites (GPU-verified in test/gpu/aggregate): the
// default block granularity after early returns and under a condition, a
// '#pragma dp aggregate(warp) agg_threshold(4)' loop of independent
// launches, multi-block groups with a 2-D child that uses shared memory and
// barriers (constant block), a grid group with a 3-D child, a child with
// dynamic shared memory, and a kernel that launches itself.
#include <cuda_runtime.h>

__global__ void addChild(int *Out, int Base, int Len, int Value) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= Len)
    return;
  atomicAdd(&Out[Base + I], Value);
}

__global__ void condParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  int Len = T % 7 + 1;
  if (T % 2 == 0)
    addChild<<<(Len + 31) / 32, T % 4 == 1 ? 64 : 32>>>(Out, T * 8, Len, T % 5 + 1);
}

__global__ void loopParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  for (int K = 0; K < T % 6 && T < N; ++K) {
#pragma dp aggregate(warp) agg_threshold(4)
    addChild<<<1, 32>>>(Out, T + K * 17, K + 1, 1);
  }
}

__global__ void tileChild(const int *In, int *Out, int W, int H) {
  __shared__ int Tile[8][8];
  int X = blockIdx.x * 8 + threadIdx.x, Y = blockIdx.y * 8 + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = X < W && Y < H ? In[Y * W + X] : 0;
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0)
    atomicAdd(&Out[blockIdx.y * gridDim.x + blockIdx.x], Tile[0][0] + Tile[7][7]);
}

__global__ void tileParent(const int *In, int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N) {
    int W = 8 + T % 23, H = 5 + T % 11;
#pragma dp aggregate(multiblock:4)
    tileChild<<<dim3((W + 7) / 8, (H + 7) / 8), dim3(8, 8)>>>(In, Out, W, H);
  }
}

__global__ void cubeChild(int *Out, int Base) {
  unsigned B = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  atomicAdd(&Out[Base + B * blockDim.x * blockDim.y * blockDim.z + threadIdx.z], 1);
}

__global__ void cubeParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N) {
#pragma dp aggregate(grid)
    cubeChild<<<dim3(1 + T % 2, 2, 1 + T % 3), dim3(2, 1 + T % 2, 3)>>>(Out, T * 3);
  }
}

__global__ void dynChild(int *Out, int Value) {
  extern __shared__ int Buf[];
  Buf[threadIdx.x] = Value + threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(&Out[blockIdx.x], Buf[63]);
}

__global__ void dynParent(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N && T % 4 != 0)
    dynChild<<<1 + T % 3, 64, (64 + T % 9) * sizeof(int)>>>(Out, T % 13);
}

__global__ void treeVisit(int *Out, int Depth) {
  atomicAdd(&Out[Depth], 1);
  if (Depth > 0 && threadIdx.x % 16 == 0)
    treeVisit<<<2, 32>>>(Out, Depth - 1);
}
