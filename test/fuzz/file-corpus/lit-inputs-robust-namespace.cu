// Kernels that do not start a line: dpopt's '#ifndef' defaults must.
namespace { __global__ void child(int *a) { a[threadIdx.x] = 1; } }
namespace { __global__ void parent(int *a, unsigned n) { child<<<n, 64>>>(a); } }
