// Input of depfile.test: a user header and a system one.
#include "header_kernels.cuh"
#include <system_value.h>

__global__ void top(int *A) { A[threadIdx.x] = SYSTEM_VALUE; }
