// A grid written as a conversion: 'dim3 g(dim3(u));' would declare a function.
__global__ void child(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a, unsigned u) { child<<<dim3(u), 64>>>(a); }
