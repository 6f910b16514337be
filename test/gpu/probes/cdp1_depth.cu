// Probe: how deep can a CDP1 recursion that waits for its recursive child
// go after dpopt's continuation pass? Each level launches the next, waits,
// (thread 0 of each level) then reads what the child wrote. CDP's nesting limit is 24 levels; a
// continuation is a tail launch of the level's grid. CDP1 code: it builds
// only after dpopt (not part of run.sh):
//   dpopt --passes=continuation cdp1_depth.cu -o out/probe/cdp1_depth.cu
//   nvcc -O2 -rdc=true -arch=sm_90 -I runtime out/probe/cdp1_depth.cu -o d -lcudadevrt
//   ./d D    (prints the depth reached and the error, if any)
#include <cstdio>
#include <cstdlib>

__global__ void level(int *Out, int Depth) {
  if (Depth == 0) {
    Out[0] = 1;
    return;
  }
  if (threadIdx.x == 0) {
    level<<<1, 32>>>(Out, Depth - 1);
    cudaDeviceSynchronize();
    Out[Depth] = Out[Depth - 1] + 1;
  }
}

int main(int Argc, char **Argv) {
  int Depth = Argc > 1 ? std::atoi(Argv[1]) : 10;
  int *Out;
  cudaMalloc(&Out, 64 * sizeof(int));
  cudaMemset(Out, 0, 64 * sizeof(int));
  level<<<1, 1>>>(Out, Depth);
  cudaError_t E = cudaDeviceSynchronize();
  int Host[64];
  cudaMemcpy(Host, Out, sizeof Host, cudaMemcpyDeviceToHost);
  int Good = 0;
  while (Good <= Depth && Host[Good] == Good + 1)
    ++Good;
  std::printf("depth %d: %s, levels right %d of %d\n", Depth,
              cudaGetErrorString(E), Good, Depth + 1);
  return Good == Depth + 1 ? 0 : 1;
}
