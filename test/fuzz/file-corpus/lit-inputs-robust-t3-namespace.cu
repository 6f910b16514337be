// A child in a namespace, launched from a kernel outside it.
namespace work {
__global__ void child(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += 1;
}
} // namespace work
__global__ void parent(int *a, int n) {
  if (threadIdx.x == 0)
    work::child<<<(n + 31) / 32, 32>>>(a, n);
}
