// Launch arguments that expand a parameter pack.
__global__ void child(int *a, int x, int y) { a[threadIdx.x] = x + y; }
template <class... Ts> __global__ void parent(int *a, Ts... ts) {
  child<<<1, 32>>>(a, ts...);
}
void host(int *a) { parent<<<1, 1>>>(a, 1, 2); }
