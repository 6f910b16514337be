// consolidate raises the device runtime's pending-launch limit before a
// host launch that reaches a consolidated site, unless the file sets the
// limit itself (-DSETS_LIMIT); a launch inside a macro is only reported.
// RUN: %dpopt %s --passes=consolidate --consldt=grid --remarks -o %t.cu 2>&1 | FileCheck --check-prefix=RAISE %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %dpopt %s -DSETS_LIMIT --passes=consolidate --consldt=grid --remarks -o %t2.cu 2>&1 | FileCheck --check-prefix=USER %s
// RUN: not grep "^ *{ dpopt::rt::consPendingLimit" %t2.cu
// RAISE: remark: this launch reaches the consolidated launches in 'parent': raising the device runtime's pending-launch limit to DPOPT_CONS_PENDING_LAUNCHES (65,536) first
// RAISE: remark: this launch reaches the consolidated launches in 'parent', but the pending-launch limit is not raised before it: the launch comes from a macro expansion
// OUT: { dpopt::rt::consPendingLimit(); parent<<<N / 128, 128>>>(Out, N); }
// USER: remark: this launch reaches the consolidated launches in 'parent'; the file sets cudaLimitDevRuntimePendingLaunchCount itself, so dpopt leaves the limit to it

__global__ void child(int *Out, int V) { Out[V] += 1; }

__global__ void parent(int *Out, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N)
    child<<<1, 1>>>(Out, V);
}

#define LAUNCH(O, N) parent<<<1, 1>>>(O, N)

void run(int *Out, int N) {
#ifdef SETS_LIMIT
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1 << 16);
#endif
  parent<<<N / 128, 128>>>(Out, N);
  LAUNCH(Out, N);
}
