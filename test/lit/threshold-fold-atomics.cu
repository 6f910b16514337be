// Threshold's serial version makes a child's last integer atomic to an
// address all its threads compute alike once per run (DP5102), and leaves
// every other atomic as written.
// RUN: %dpopt %s -o %t.cu --passes=threshold --remarks 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cu
// RUN: FileCheck %s --check-prefix=REM < %t.err
// RUN: %if nvcc %{ %nvcc-check -Werror all-warnings %t.cu %}

#include <cuda_runtime.h>

// REM-DAG: threshold-fold-atomics.cu:[[#@LINE+8]]:{{.*}}the serial version of 'count' makes the atomicAdd at threshold-fold-atomics.cu:[[#@LINE+5]] once per run{{.*}}[DP5102]
__global__ void count(const int *Flags, int N, unsigned long long *Total,
                      int Slot) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && Flags[I])
    atomicAdd(&Total[Slot], 1ull);
}
__global__ void countParent(const int *Flags, int N, unsigned long long *Total) {
  count<<<(N + 127) / 128, 128>>>(Flags, N, Total, threadIdx.x);
}
// OUT-LABEL: static __device__ void {{__dpopt_serial_count[_0-9]*}}(dim3
// OUT: dpopt::rt::AtomicFold<dpopt::rt::FoldOp::Add, unsigned long long> [[F:__dpopt_fold[_0-9]*]];
// OUT: [[F]].take(1ull);
// OUT: [[F]].flush(&Total[Slot]);

// REM-DAG: threshold-fold-atomics.cu:[[#@LINE+9]]:{{.*}}the serial version of 'lowest' makes the atomicMin at threshold-fold-atomics.cu:[[#@LINE+5]] once per run{{.*}}[DP5102]
__global__ void lowest(const int *Key, int N, int *Min) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    if (Key[I] < *Min)
      atomicMin(Min, Key[I]);
  }
}
__global__ void lowestParent(const int *Key, int N, int *Min) {
  lowest<<<(N + 127) / 128, 128>>>(Key, N, Min);
}
// OUT-LABEL: static __device__ void {{__dpopt_serial_lowest[_0-9]*}}(dim3
// OUT: dpopt::rt::AtomicFold<dpopt::rt::FoldOp::Min, int> [[G:__dpopt_fold[_0-9]*]];
// OUT: [[G]].take(Key[I]);
// OUT: [[G]].flush(Min);

// Left as written: a per-thread address, a float sum (its rounding depends
// on the order), a write after the atomic, an atomic in a loop, a parameter
// the child changes, and a result that is used.
__global__ void perThread(const int *Idx, int N, int *Hist) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&Hist[Idx[I]], 1);
}
__global__ void floatSum(const float *V, int N, float *Sum) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(Sum, V[I]);
}
__global__ void writeAfter(int N, int *Sum, int *Last) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    atomicAdd(Sum, I);
    *Last = I;
  }
}
__global__ void inLoop(int N, int *Sum) {
  for (int K = 0; K < 2; ++K)
    atomicAdd(Sum, K + N);
}
__global__ void changedParam(int N, int *Sum, int Slot) {
  Slot += threadIdx.x;
  atomicAdd(&Sum[Slot], N);
}
__global__ void resultUsed(int N, int *Sum, int *Seen) {
  int Old = atomicAdd(Sum, N);
  Seen[threadIdx.x] = Old;
}
__global__ void parent1(const int *Idx, int N, int *Hist) {
  perThread<<<(N + 127) / 128, 128>>>(Idx, N, Hist);
}
__global__ void parent2(const float *V, int N, float *Sum) {
  floatSum<<<(N + 127) / 128, 128>>>(V, N, Sum);
}
__global__ void parent3(int N, int *Sum, int *Last) {
  writeAfter<<<(N + 127) / 128, 128>>>(N, Sum, Last);
}
__global__ void parent4(int N, int *Sum) { inLoop<<<1, 1>>>(N, Sum); }
__global__ void parent5(int N, int *Sum) { changedParam<<<1, 32>>>(N, Sum, 3); }
__global__ void parent6(int N, int *Sum, int *Seen) {
  resultUsed<<<1, 32>>>(N, Sum, Seen);
}
// OUT-LABEL: static __device__ void {{__dpopt_serial_perThread[_0-9]*}}(dim3
// OUT-NOT: {{dpopt::rt::AtomicFold}}<
// OUT: atomicAdd(&Hist[Idx[I]], 1);
// OUT-LABEL: static __device__ void {{__dpopt_serial_floatSum[_0-9]*}}(dim3
// OUT-NOT: {{dpopt::rt::AtomicFold}}<
// OUT: atomicAdd(Sum, V[I]);
// OUT-LABEL: static __device__ void {{__dpopt_serial_writeAfter[_0-9]*}}(dim3
// OUT-NOT: {{dpopt::rt::AtomicFold}}<
// OUT: atomicAdd(Sum, I);
// OUT-LABEL: static __device__ void {{__dpopt_serial_inLoop[_0-9]*}}(dim3
// OUT-NOT: {{dpopt::rt::AtomicFold}}<
// OUT: atomicAdd(Sum, K + N);
// OUT-LABEL: static __device__ void {{__dpopt_serial_changedParam[_0-9]*}}(dim3
// OUT-NOT: {{dpopt::rt::AtomicFold}}<
// OUT: atomicAdd(&Sum[Slot], N);
// OUT-LABEL: static __device__ void {{__dpopt_serial_resultUsed[_0-9]*}}(dim3
// OUT-NOT: {{dpopt::rt::AtomicFold}}<
// OUT: int Old = atomicAdd(Sum, N);
// REM-NOT: DP5102
