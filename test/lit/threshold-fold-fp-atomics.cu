// A floating-point atomicAdd is folded in threshold's serial version only
// with --fold-fp-atomics: the folded sum rounds in another order.
// RUN: %dpopt %s -o %t.no.cu --passes=threshold --remarks 2> %t.no.err
// RUN: FileCheck %s --check-prefix=NO < %t.no.cu
// RUN: not grep DP5102 %t.no.err
// RUN: %dpopt %s -o %t.yes.cu --passes=threshold --fold-fp-atomics --remarks 2> %t.yes.err
// RUN: FileCheck %s --check-prefix=YES < %t.yes.cu
// RUN: FileCheck %s --check-prefix=REM < %t.yes.err
// RUN: %if nvcc %{ %nvcc-check -Werror all-warnings %t.yes.cu %}

#include <cuda_runtime.h>

__global__ void rowSum(const float *Val, int Begin, int Length, float *Y,
                       int Row) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Length)
    atomicAdd(&Y[Row], Val[Begin + I]);
}
__global__ void rows(const int *Ptr, const float *Val, float *Y, int N) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < N) {
    int Begin = Ptr[Row], Length = Ptr[Row + 1] - Begin;
    if (Length > 0)
      rowSum<<<(Length + 127) / 128, 128>>>(Val, Begin, Length, Y, Row);
  }
}
// NO: static __device__ void {{__dpopt_serial_rowSum[_0-9]*}}(dim3
// NO-NOT: {{dpopt::rt::AtomicFold}}<
// NO: atomicAdd(&Y[Row], Val[Begin + I]);
// YES: static __device__ void {{__dpopt_serial_rowSum[_0-9]*}}(dim3
// YES: dpopt::rt::AtomicFold<dpopt::rt::FoldOp::Add, float> [[F:__dpopt_fold[_0-9]*]];
// YES: [[F]].take(Val[Begin + I]);
// YES: [[F]].flush(&Y[Row]);
// REM: the serial version of 'rowSum' makes the atomicAdd at threshold-fold-fp-atomics.cu:17 once per run{{.*}}(--fold-fp-atomics: the folded sum may round differently){{.*}}[DP5102]

// The option needs the pass it acts in.
// RUN: not %dpopt %s -o %t.agg.cu --passes=aggregate --fold-fp-atomics 2>&1 | FileCheck %s --check-prefix=NEEDS
// RUN: not test -e %t.agg.cu
// NEEDS: error: --fold-fp-atomics needs the threshold pass, which --passes does not run [DP2016]
