// No identifier here is one of the macros user-macros.test defines.
#include <cuda_runtime.h>

__global__ void child(int *data, int len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < len)
    data[i] = i;
}

__global__ void parent(int *data, const int *sizes, int count) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < count && sizes[v] > 0)
    child<<<(sizes[v] + 127) / 128, 128>>>(data + v * 4096, sizes[v]);
}

void run(int *data, const int *sizes, int count) {
  parent<<<(count + 255) / 256, 256>>>(data, sizes, count);
}
