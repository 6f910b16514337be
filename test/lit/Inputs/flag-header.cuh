__global__ void fromHeader(int *A) { A[threadIdx.x] = 1; }
