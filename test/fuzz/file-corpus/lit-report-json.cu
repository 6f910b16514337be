// The JSON report: one object per launch site with the documented fields,
// and one per kernel with what it does.
// RUN: %dpopt %s --report=json | FileCheck %s
#include <cuda_runtime.h>
template <class T> __global__ void kid(T *A, int N) {
  __shared__ T Tile[32];
  Tile[threadIdx.x] = A[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.y)
    return;
  A[0] = Tile[N % 32];
}
__global__ void parent(float *A, int N, cudaStream_t S) {
  for (int I = 0; I < N; ++I)
#pragma dp threshold(128)
    kid<float><<<dim3((N + 31) / 32, 2), 32, 0, S>>>(A, I);
}
void host(float *A, int N) { parent<<<1, 1>>>(A, N, 0); }

// CHECK:      "version": 1,
// CHECK:      "files": [
// CHECK-NEXT:   "{{.*}}report-json.cu"
// CHECK:      "sites": [
// CHECK:          "id": 1,
// CHECK-NEXT:     "file": "{{.*}}report-json.cu",
// CHECK-NEXT:     "line": 16,
// CHECK-NEXT:     "column": 5,
// CHECK-NEXT:     "side": "device",
// CHECK-NEXT:     "caller": "parent",
// CHECK-NEXT:     "caller_kind": "global",
// CHECK-NEXT:     "callee": "kid<float>",
// CHECK-NEXT:     "grid": "dim3((N + 31) / 32, 2)",
// CHECK-NEXT:     "block": "32",
// CHECK-NEXT:     "shmem": "0",
// CHECK-NEXT:     "stream": "S",
// CHECK-NEXT:     "stream_kind": "other",
// CHECK-NEXT:     "grid_dims": 2,
// CHECK-NEXT:     "grid_dims_known": true,
// CHECK-NEXT:     "block_dims": 1,
// CHECK:          "in_loop": true,
// CHECK-NEXT:     "loop_depth": 1,
// CHECK:          "recursive": false,
// CHECK-NEXT:     "pragma": "threshold(128)",
// CHECK-NEXT:     "passes": {
// CHECK:          "id": 2,
// CHECK:          "line": 18,
// CHECK:          "side": "host",
// CHECK-NEXT:     "caller": "host",
// CHECK-NEXT:     "caller_kind": "host",
// CHECK-NEXT:     "callee": "parent",
// CHECK:          "shmem": null,
// CHECK-NEXT:     "stream": null,
// CHECK:      "kernels": [
// CHECK:          "name": "kid",
// CHECK:          "launched_from_device": true,
// CHECK-NEXT:     "launched_from_host": false,
// CHECK-NEXT:     "index_use": {
// CHECK-NEXT:       "threadIdx": "xy",
// CHECK-NEXT:       "blockIdx": "x",
// CHECK-NEXT:       "blockDim": "x",
// CHECK-NEXT:       "gridDim": ""
// CHECK:          "barriers": [
// CHECK:              "what": "__syncthreads",
// CHECK-NEXT:         "file": "{{.*}}report-json.cu",
// CHECK-NEXT:         "line": 8,
// CHECK:          "shared_memory": [
// CHECK:              "name": "Tile",
// CHECK-NEXT:         "dynamic": false,
// CHECK-NEXT:         "bytes": 0,
// CHECK:          "early_returns": [
// CHECK:              "line": 10,
// CHECK:          "name": "parent",
// CHECK:          "launches": [
// CHECK-NEXT:       1
// CHECK-NEXT:     ],
