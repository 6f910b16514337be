// Pragmas on launches that passes rewrite, and one on a launch left alone.
__global__ void child(int *p, int n) { p[threadIdx.x] = n; }

__global__ void parent(int *p, int n) {
  int t = threadIdx.x;
#pragma dp threshold(64)
  child<<<n, 32>>>(p, t);
#pragma dp off
  child<<<n, 32>>>(p, t + 1);
#pragma dp \
    coarsen(4)
  child<<<n, 32>>>(p, t + 2);
}
