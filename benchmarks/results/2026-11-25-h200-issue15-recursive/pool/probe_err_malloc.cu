// Probe: does compute-sanitizer memcheck flag writes to device-heap memory
// that a thread mallocs after one of its device launches failed?
#include <cstdio>
__global__ void child(int *A) { A[threadIdx.x] = 1; }
__global__ void parent(int *A, int Bad, int *Out) {
  if (Bad)
    child<<<1, 2048>>>(A); // invalid configuration: fails
  Out[0] = static_cast<int>(cudaGetLastError());
  int *P = static_cast<int *>(malloc(64));
  if (!P) { Out[1] = -1; return; }
  P[3] = 7;
  Out[1] = P[3];
  free(P);
}
int main(int Argc, char **Argv) {
  int Bad = Argc > 1 ? atoi(Argv[1]) : 1;
  int *A, *Out;
  cudaMalloc(&A, 4096 * sizeof(int));
  cudaMalloc(&Out, 2 * sizeof(int));
  parent<<<1, 1>>>(A, Bad, Out);
  int H[2] = {0, 0};
  cudaError_t E = cudaMemcpy(H, Out, sizeof H, cudaMemcpyDeviceToHost);
  printf("bad=%d memcpy=%d err=%d value=%d\n", Bad, (int)E, H[0], H[1]);
  return E != cudaSuccess;
}
