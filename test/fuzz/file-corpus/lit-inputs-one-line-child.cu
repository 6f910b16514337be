// A child written on one line that modifies a parameter: the copy of the
// parameter ends in a line comment, which must not swallow the body.
__global__ void kid(int *A, int N) { while (N > 0) { A[N] = N; --N; } }
__global__ void parent(int *A, int N) { if (threadIdx.x == 0) kid<<<1, 1>>>(A, N); }
