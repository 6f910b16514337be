// Launch configurations written as braced lists, which nvcc accepts.
__global__ void child(int *p, int n) { p[threadIdx.x + blockIdx.x] = n; }
__global__ void parent(int *p, int n) {
  if (threadIdx.x == 0)
    child<<<{(unsigned)n, 1, 1}, {32, 1, 1}>>>(p, n);
}
__global__ void parent2(int *p, int n) {
  child<<<{4}, 64, 0, cudaStreamFireAndForget>>>(p, n); // a "<<<{" in a comment: <<<{1},1>>>
  const char *s = "<<<{1}, 1>>>";
}
int main() {
  int *p = nullptr;
  parent<<<{1, 1, 1}, 32>>>(p, 3);
  return 0;
}
