// DPOPT-ARGS: --passes=aggregate --agg=block
// Block groups (--agg=block): a 2-D child with shared memory and barriers
// (constant block), a launch in a loop into cudaStreamFireAndForget (several
// records per thread), and a recursive kernel whose clone aggregates its own
// launches.
#include <cuda_runtime.h>

__global__ void tileChild(const float *In, float *Out, int W, int H) {
  __shared__ float Tile[16][16];
  int X = blockIdx.x * 16 + threadIdx.x, Y = blockIdx.y * 16 + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = X < W && Y < H ? In[Y * W + X] : 0.0f;
  __syncthreads();
  if (X < W && Y < H)
    Out[Y * W + X] = Tile[threadIdx.x][threadIdx.y];
}

__global__ void tiles(const float *const *In, float *const *Out, const int *W, const int *H,
                      int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  dim3 Grid((W[T] + 15) / 16, (H[T] + 15) / 16);
  tileChild<<<Grid, dim3(16, 16)>>>(In[T], Out[T], W[T], H[T]);
}

__global__ void fill(int *A, int N, int V) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    A[I] = V;
}

__global__ void fills(int **Rows, const int *Len, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  for (int K = 0; T < N && K < 3; ++K)
    fill<<<1 + Len[T] / 256, 256, 0, cudaStreamFireAndForget>>>(Rows[T] + K * Len[T], Len[T], K);
}

__global__ void walk(const int *Next, int *Seen, int Node) {
  int Child = Next[Node * 4 + threadIdx.x];
  if (Child >= 0 && atomicExch(&Seen[Child], 1) == 0)
    walk<<<1, 4>>>(Next, Seen, Child);
}
