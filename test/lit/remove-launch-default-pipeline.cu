// The default pipeline honours '#pragma dp remove_launch' and the tuning
// entries that name it: remove-launch runs first, on those launches only,
// and the other passes take the rest (DP3705 says so for each). A legacy
// wait in a kernel none of whose launches is asked for is left to the
// continuation pass. A pragma that only a header's macro makes cannot be
// seen before the parse: an error, no output.
// RUN: %dpopt %s -o %t.cu --remarks 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// RUN: echo "remove-launch-default-pipeline.cu:52:5 other remove_launch(T4)" > %t.tuning
// RUN: %dpopt %s -o %t2.cu --tuning=%t.tuning --remarks 2> %t2.err
// RUN: FileCheck --check-prefix=TUNED %s < %t2.err
// RUN: %if nvcc %{ %nvcc-check %t2.cu %}
// RUN: not %dpopt %S/Inputs/remove-launch-macro.cu -o %t3.cu 2>&1 | FileCheck --check-prefix=MACRO %s
// RUN: not test -e %t3.cu

#include <cuda_runtime.h>

__global__ void child(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}

__global__ void other(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] -= 1;
}

__global__ void asked(int *A, const int *Ns, int M) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < M) {
#pragma dp remove_launch(T4)
    child<<<(Ns[V] + 127) / 128, 128>>>(A + V * 1024, Ns[V]);
    cudaDeviceSynchronize();
    A[V * 1024] *= 2;
  }
}

__global__ void notAsked(int *A, const int *Ns, int M) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < M) {
    child<<<(Ns[V] + 127) / 128, 128>>>(A + V * 1024, Ns[V]);
    cudaDeviceSynchronize();
  }
}

__global__ void third(int *A, const int *Ns, int M) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < M)
    other<<<(Ns[V] + 127) / 128, 128>>>(A + V * 1024, Ns[V]);
}

void run(int *A, const int *Ns, int M) {
  asked<<<(M + 255) / 256, 256>>>(A, Ns, M);
  notAsked<<<(M + 255) / 256, 256>>>(A, Ns, M);
  third<<<(M + 255) / 256, 256>>>(A, Ns, M);
}

// CHECK-DAG: remove-launch-default-pipeline.cu:35:5: remark: removed this launch of 'child' (T4): T4, requested by '#pragma dp remove_launch(T4)'; the child grid runs in the parent however large it is, {{.*}} [DP4705]
// CHECK-DAG: remove-launch-default-pipeline.cu:36:5: remark: removed this cudaDeviceSynchronize(): every launch 'asked' can make now runs in the launching thread, so it had nothing left to wait for [-Rpass=remove-launch] [DP4710]
// CHECK-DAG: remove-launch-default-pipeline.cu:44:5: remark: not removing this launch of 'child': in the default pipeline remove-launch takes only the launches that '#pragma dp remove_launch' or a tuning entry names [-Rpass-missed=remove-launch] [DP3705]
// CHECK-DAG: remove-launch-default-pipeline.cu:45:5: remark: dropped this wait for the children: {{.*}} [-Rpass=continuation] [DP4603]
// CHECK-DAG: remove-launch-default-pipeline.cu:52:5: remark: not removing this launch of 'other': in the default pipeline {{.*}} [DP3705]
// CHECK-DAG: remove-launch-default-pipeline.cu:52:5: remark: aggregating the launches of
// CHECK-NOT: remove-launch-default-pipeline.cu:45:5: {{.*}}remove-launch

// TUNED-DAG: remove-launch-default-pipeline.cu:52:5: remark: removed this launch of 'other' (T4): T4, requested by 'remove_launch(T4)' in the tuning entry at {{.*}}:1 [-Rpass=remove-launch] [DP4705]
// TUNED-DAG: remove-launch-default-pipeline.cu:35:5: remark: removed this launch of 'child' (T4)

// MACRO: remove-launch-macro.cu:13:5: error: the default pipeline looks for 'remove_launch' on the '#pragma dp' lines of the input's text before it parses, and this pragma is on none (a macro makes it, or a continued line splits it): write it on one line, or name the passes with --passes [DP1012]
