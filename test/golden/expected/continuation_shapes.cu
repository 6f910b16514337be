#include "dpopt/continuation.cuh" // dpopt's device runtime
#line 1 "continuation_shapes.cu"
// DPOPT-ARGS: --passes=continuation
// Legacy CDP1 waits the continuation pass rewrites: a wait with nothing
// after it goes; any other ends a phase continued in a tail-launched grid.
#include <cuda_runtime.h>

__global__ void child(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}

struct Pair {
  int First, Second;
};

#line 19 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'rowOf' reading the thread and block position from parameters
static __device__ int __dpopt_c_rowOf(uint3 blockIdx, dim3 gridDim, int V);
#line 16 "continuation_shapes.cu"
__device__ int rowOf(int V) { return V + blockIdx.x * gridDim.x; }

#line 25 "@DPOPT_OUTPUT@"
// dpopt: 'rowOf' reading the thread and block position from parameters
static __device__ int __dpopt_c_rowOf(uint3 blockIdx, dim3 gridDim, int V) { return V + blockIdx.x * gridDim.x; }

#line 18 "continuation_shapes.cu"
// A one-thread driver loop with two waits and an early exit; locals of
// several declaration forms live across the waits.
#line 32 "@DPOPT_OUTPUT@"
// dpopt continuation: 'driver' runs in phases; a wait for its children ends one (docs/passes/continuation.md)
struct __dpopt_c_frame_driver { int *A; int N; int *Out; int __dpopt_c_Sum; int *__dpopt_c_Last; dim3 __dpopt_c_Grid; dim3 __dpopt_c_Block; Pair __dpopt_c_P; int __dpopt_c_It; int __dpopt_c_Step; unsigned __dpopt_c_epoch; cudaError_t __dpopt_c_error; };
static __shared__ dpopt::rt::ContShared __dpopt_c_state_driver;
static __global__ void __dpopt_c_cont_driver(dpopt::rt::ContBlock *);
static __device__ void __dpopt_c_leave_driver(uint3, dim3);
static __device__ void __dpopt_c_body_driver(unsigned __dpopt_c_point, __dpopt_c_frame_driver *__dpopt_c_frame, uint3 blockIdx, dim3 gridDim, uint3 threadIdx, dim3 blockDim, int *A, int N, int *Out);

#line 20 "continuation_shapes.cu"
__global__ void driver(int *A, int N, int *Out) {
#line 42 "@DPOPT_OUTPUT@"
  dpopt::rt::contBegin(__dpopt_c_state_driver, nullptr, [](unsigned char *) {});
  __dpopt_c_body_driver(0u, nullptr, blockIdx, gridDim, threadIdx, blockDim, A, N, Out);
}

static __device__ void __dpopt_c_leave_driver(uint3 blockIdx, dim3 gridDim) {
  dpopt::rt::ContBlock *__dpopt_c_block = dpopt::rt::contLeave(__dpopt_c_state_driver, blockIdx, gridDim);
  if (!__dpopt_c_block)
#line 77 "continuation_shapes.cu"
    return;
#line 52 "@DPOPT_OUTPUT@"
  __dpopt_c_cont_driver<<<1, dpopt::rt::contCompactThreads(__dpopt_c_block), __dpopt_c_block->DynamicBytes, cudaStreamTailLaunch>>>(__dpopt_c_block);
  dpopt::rt::contLaunched();
}

static __device__ void __dpopt_c_body_driver(unsigned __dpopt_c_point, __dpopt_c_frame_driver *__dpopt_c_frame, uint3 blockIdx, dim3 gridDim, uint3 threadIdx, dim3 blockDim, int *A, int N, int *Out) {
  int __dpopt_c_Sum;
  int *__dpopt_c_Last;
  dim3 __dpopt_c_Grid;
  dim3 __dpopt_c_Block;
  Pair __dpopt_c_P;
  int __dpopt_c_It;
  int __dpopt_c_Step;
  unsigned __dpopt_c_epoch = 0;
  cudaError_t __dpopt_c_error = cudaSuccess;
  if (__dpopt_c_point != 0) {
    dpopt::rt::contCopy(__dpopt_c_Sum, __dpopt_c_frame->__dpopt_c_Sum);
    dpopt::rt::contCopy(__dpopt_c_Last, __dpopt_c_frame->__dpopt_c_Last);
    dpopt::rt::contCopy(__dpopt_c_Grid, __dpopt_c_frame->__dpopt_c_Grid);
    dpopt::rt::contCopy(__dpopt_c_Block, __dpopt_c_frame->__dpopt_c_Block);
    dpopt::rt::contCopy(__dpopt_c_P, __dpopt_c_frame->__dpopt_c_P);
    dpopt::rt::contCopy(__dpopt_c_It, __dpopt_c_frame->__dpopt_c_It);
    dpopt::rt::contCopy(__dpopt_c_Step, __dpopt_c_frame->__dpopt_c_Step);
    __dpopt_c_epoch = __dpopt_c_frame->__dpopt_c_epoch;
    __dpopt_c_error = __dpopt_c_frame->__dpopt_c_error;
    switch (__dpopt_c_point) { case 1u: goto __dpopt_c_resume; case 2u: goto __dpopt_c_resume_2; }
  }
  {
  __dpopt_c_Sum = 0, __dpopt_c_Last = A + N - 1;
  __dpopt_c_Grid = dim3((N + 127) / 128), __dpopt_c_Block = dim3{128};
  __dpopt_c_P = Pair{1, 2};
  for (__dpopt_c_It = 0, __dpopt_c_Step = 1; __dpopt_c_It < 10; __dpopt_c_It += __dpopt_c_Step) {
    child<<<__dpopt_c_Grid, __dpopt_c_Block>>>(A, N);
    { /* dpopt continuation: the wait for the children ends this phase */ __dpopt_c_error = dpopt::rt::contCarryError(__dpopt_c_error); __dpopt_c_frame = dpopt::rt::contFrame<__dpopt_c_frame_driver>(dpopt::rt::contBlock(__dpopt_c_state_driver, sizeof(__dpopt_c_frame_driver), 0u, blockDim), dpopt::rt::contRank(threadIdx, blockDim)); dpopt::rt::contCopy(__dpopt_c_frame->A, A); dpopt::rt::contCopy(__dpopt_c_frame->N, N); dpopt::rt::contCopy(__dpopt_c_frame->Out, Out); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Sum, __dpopt_c_Sum); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Last, __dpopt_c_Last); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Grid, __dpopt_c_Grid); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Block, __dpopt_c_Block); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_P, __dpopt_c_P); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_It, __dpopt_c_It); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Step, __dpopt_c_Step); __dpopt_c_frame->__dpopt_c_epoch = __dpopt_c_epoch; __dpopt_c_frame->__dpopt_c_error = __dpopt_c_error; dpopt::rt::contSuspend(__dpopt_c_state_driver, 1u, __dpopt_c_epoch, dpopt::rt::contRank(threadIdx, blockDim)); __dpopt_c_leave_driver(blockIdx, gridDim); return; __dpopt_c_resume:; }
    __dpopt_c_Sum += *__dpopt_c_Last + __dpopt_c_P.First;
#line 28 "continuation_shapes.cu"
    if (A[0] > 5)
#line 89 "@DPOPT_OUTPUT@"
      { __dpopt_c_leave_driver(blockIdx, gridDim); return; }
    { /* dpopt continuation: the wait for the children ends this phase */ __dpopt_c_error = dpopt::rt::contCarryError(__dpopt_c_error); __dpopt_c_frame = dpopt::rt::contFrame<__dpopt_c_frame_driver>(dpopt::rt::contBlock(__dpopt_c_state_driver, sizeof(__dpopt_c_frame_driver), 0u, blockDim), dpopt::rt::contRank(threadIdx, blockDim)); dpopt::rt::contCopy(__dpopt_c_frame->A, A); dpopt::rt::contCopy(__dpopt_c_frame->N, N); dpopt::rt::contCopy(__dpopt_c_frame->Out, Out); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Sum, __dpopt_c_Sum); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Last, __dpopt_c_Last); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Grid, __dpopt_c_Grid); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Block, __dpopt_c_Block); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_P, __dpopt_c_P); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_It, __dpopt_c_It); dpopt::rt::contCopy(__dpopt_c_frame->__dpopt_c_Step, __dpopt_c_Step); __dpopt_c_frame->__dpopt_c_epoch = __dpopt_c_epoch; __dpopt_c_frame->__dpopt_c_error = __dpopt_c_error; dpopt::rt::contSuspend(__dpopt_c_state_driver, 2u, __dpopt_c_epoch, dpopt::rt::contRank(threadIdx, blockDim)); __dpopt_c_leave_driver(blockIdx, gridDim); return; __dpopt_c_resume_2:; }
    __dpopt_c_P.Second += __dpopt_c_rowOf(blockIdx, gridDim, __dpopt_c_It);
#line 32 "continuation_shapes.cu"
  }
#line 95 "@DPOPT_OUTPUT@"
  Out[0] = __dpopt_c_Sum + __dpopt_c_P.Second;
}
  __dpopt_c_leave_driver(blockIdx, gridDim);
}

static __global__ void __dpopt_c_cont_driver(dpopt::rt::ContBlock *__dpopt_c_block) {
  dpopt::rt::contBegin(__dpopt_c_state_driver, __dpopt_c_block, [&](unsigned char *__dpopt_c_s) { (void)__dpopt_c_s; });
  unsigned __dpopt_c_rank = dpopt::rt::contCompactRank(__dpopt_c_block);
  unsigned __dpopt_c_point = dpopt::rt::contPoint(__dpopt_c_block, __dpopt_c_rank);
  if (__dpopt_c_point == 0) {
    __dpopt_c_leave_driver(__dpopt_c_block->Idx, __dpopt_c_block->Grid);
#line 77 "continuation_shapes.cu"
    return;
  }
#line 110 "@DPOPT_OUTPUT@"
  __dpopt_c_frame_driver *__dpopt_c_frame = dpopt::rt::contFrame<__dpopt_c_frame_driver>(__dpopt_c_block, __dpopt_c_rank);
  __dpopt_c_body_driver(__dpopt_c_point, __dpopt_c_frame, __dpopt_c_block->Idx, __dpopt_c_block->Grid, dpopt::rt::contThreadIdx(__dpopt_c_block, __dpopt_c_rank), __dpopt_c_block->Dim, __dpopt_c_frame->A, __dpopt_c_frame->N, __dpopt_c_frame->Out);
#line 34 "continuation_shapes.cu"
}

// Thread 0 waits and publishes through shared memory; the block reads it
// after a barrier.
#line 118 "@DPOPT_OUTPUT@"
// dpopt continuation: 'publish' runs in phases; a wait for its children ends one (docs/passes/continuation.md)
struct __dpopt_c_frame_publish { int *A; int N; int *Out; unsigned __dpopt_c_epoch_2; cudaError_t __dpopt_c_error_2; };
static __shared__ dpopt::rt::ContShared __dpopt_c_state_publish;
static __shared__ int __dpopt_c_publish_Seen[2];
static __shared__ float __dpopt_c_publish_Scale;
struct __dpopt_c_saved_publish { decltype(__dpopt_c_publish_Seen) m0; decltype(__dpopt_c_publish_Scale) m1; };
static __global__ void __launch_bounds__(256) __dpopt_c_cont_publish(dpopt::rt::ContBlock *);
static __device__ void __dpopt_c_leave_publish(uint3, dim3);
static __device__ void __dpopt_c_body_publish(unsigned __dpopt_c_point_2, __dpopt_c_frame_publish *__dpopt_c_frame_2, uint3 blockIdx, dim3 gridDim, uint3 threadIdx, dim3 blockDim, int *A, int N, int *Out);

#line 38 "continuation_shapes.cu"
__global__ void __launch_bounds__(256) publish(int *A, int N, int *Out) {
#line 131 "@DPOPT_OUTPUT@"
  dpopt::rt::contBegin(__dpopt_c_state_publish, nullptr, [](unsigned char *) {});
  __dpopt_c_body_publish(0u, nullptr, blockIdx, gridDim, threadIdx, blockDim, A, N, Out);
}

static __device__ void __dpopt_c_leave_publish(uint3 blockIdx, dim3 gridDim) {
  dpopt::rt::ContBlock *__dpopt_c_block_2 = dpopt::rt::contLeave(__dpopt_c_state_publish, blockIdx, gridDim);
  if (!__dpopt_c_block_2)
#line 77 "continuation_shapes.cu"
    return;
#line 141 "@DPOPT_OUTPUT@"
  dpopt::rt::contCopy(reinterpret_cast<__dpopt_c_saved_publish *>(dpopt::rt::contSharedSave(__dpopt_c_block_2))->m0, __dpopt_c_publish_Seen);
  dpopt::rt::contCopy(reinterpret_cast<__dpopt_c_saved_publish *>(dpopt::rt::contSharedSave(__dpopt_c_block_2))->m1, __dpopt_c_publish_Scale);
  __dpopt_c_cont_publish<<<1, dpopt::rt::contCompactThreads(__dpopt_c_block_2), __dpopt_c_block_2->DynamicBytes, cudaStreamTailLaunch>>>(__dpopt_c_block_2);
  dpopt::rt::contLaunched();
}

static __device__ void __dpopt_c_body_publish(unsigned __dpopt_c_point_2, __dpopt_c_frame_publish *__dpopt_c_frame_2, uint3 blockIdx, dim3 gridDim, uint3 threadIdx, dim3 blockDim, int *A, int N, int *Out) {
  unsigned __dpopt_c_epoch_2 = 0;
  cudaError_t __dpopt_c_error_2 = cudaSuccess;
  if (__dpopt_c_point_2 != 0) {
    __dpopt_c_epoch_2 = __dpopt_c_frame_2->__dpopt_c_epoch_2;
    __dpopt_c_error_2 = __dpopt_c_frame_2->__dpopt_c_error_2;
    switch (__dpopt_c_point_2) { case 1u: goto __dpopt_c_resume_3; case 2u: goto __dpopt_c_resume_4; }
  }
  {
  ;
  ;
#line 41 "continuation_shapes.cu"
  if (threadIdx.x == 0) {
#line 161 "@DPOPT_OUTPUT@"
    __dpopt_c_publish_Scale = 2.0f;
#line 43 "continuation_shapes.cu"
    child<<<(N + 63) / 64, 64>>>(A + blockIdx.x * N, N);
#line 165 "@DPOPT_OUTPUT@"
    { /* dpopt continuation: the wait for the children ends this phase */ __dpopt_c_error_2 = dpopt::rt::contCarryError(__dpopt_c_error_2); __dpopt_c_frame_2 = dpopt::rt::contFrame<__dpopt_c_frame_publish>(dpopt::rt::contBlock(__dpopt_c_state_publish, sizeof(__dpopt_c_frame_publish), sizeof(__dpopt_c_saved_publish), blockDim), dpopt::rt::contRank(threadIdx, blockDim)); dpopt::rt::contCopy(__dpopt_c_frame_2->A, A); dpopt::rt::contCopy(__dpopt_c_frame_2->N, N); dpopt::rt::contCopy(__dpopt_c_frame_2->Out, Out); __dpopt_c_frame_2->__dpopt_c_epoch_2 = __dpopt_c_epoch_2; __dpopt_c_frame_2->__dpopt_c_error_2 = __dpopt_c_error_2; dpopt::rt::contSuspend(__dpopt_c_state_publish, 1u, __dpopt_c_epoch_2, dpopt::rt::contRank(threadIdx, blockDim)); __dpopt_c_leave_publish(blockIdx, gridDim); return; __dpopt_c_resume_3:; }
    __dpopt_c_publish_Seen[0] = A[blockIdx.x * N];
#line 46 "continuation_shapes.cu"
  }
#line 170 "@DPOPT_OUTPUT@"
  { __dpopt_c_resume_4: __syncthreads(); if (dpopt::rt::contMustSuspend(__dpopt_c_state_publish, ++__dpopt_c_epoch_2)) { --__dpopt_c_epoch_2; __dpopt_c_error_2 = dpopt::rt::contCarryError(__dpopt_c_error_2); __dpopt_c_frame_2 = dpopt::rt::contFrame<__dpopt_c_frame_publish>(dpopt::rt::contBlock(__dpopt_c_state_publish, sizeof(__dpopt_c_frame_publish), sizeof(__dpopt_c_saved_publish), blockDim), dpopt::rt::contRank(threadIdx, blockDim)); dpopt::rt::contCopy(__dpopt_c_frame_2->A, A); dpopt::rt::contCopy(__dpopt_c_frame_2->N, N); dpopt::rt::contCopy(__dpopt_c_frame_2->Out, Out); __dpopt_c_frame_2->__dpopt_c_epoch_2 = __dpopt_c_epoch_2; __dpopt_c_frame_2->__dpopt_c_error_2 = __dpopt_c_error_2; dpopt::rt::contSuspend(__dpopt_c_state_publish, 2u, __dpopt_c_epoch_2, dpopt::rt::contRank(threadIdx, blockDim)); __dpopt_c_leave_publish(blockIdx, gridDim); return; } }
  Out[blockIdx.x * blockDim.x + threadIdx.x] = __dpopt_c_publish_Seen[0] * static_cast<int>(__dpopt_c_publish_Scale);
}
  __dpopt_c_leave_publish(blockIdx, gridDim);
}

static __global__ void __launch_bounds__(256) __dpopt_c_cont_publish(dpopt::rt::ContBlock *__dpopt_c_block_2) {
  dpopt::rt::contBegin(__dpopt_c_state_publish, __dpopt_c_block_2, [&](unsigned char *__dpopt_c_s_2) { dpopt::rt::contRestoreShare(&__dpopt_c_publish_Seen, reinterpret_cast<unsigned char *>(&reinterpret_cast<__dpopt_c_saved_publish *>(__dpopt_c_s_2)->m0), sizeof(__dpopt_c_publish_Seen)); dpopt::rt::contRestoreShare(&__dpopt_c_publish_Scale, reinterpret_cast<unsigned char *>(&reinterpret_cast<__dpopt_c_saved_publish *>(__dpopt_c_s_2)->m1), sizeof(__dpopt_c_publish_Scale)); });
  unsigned __dpopt_c_rank_2 = dpopt::rt::contCompactRank(__dpopt_c_block_2);
  unsigned __dpopt_c_point_2 = dpopt::rt::contPoint(__dpopt_c_block_2, __dpopt_c_rank_2);
  if (__dpopt_c_point_2 == 0) {
    __dpopt_c_leave_publish(__dpopt_c_block_2->Idx, __dpopt_c_block_2->Grid);
#line 77 "continuation_shapes.cu"
    return;
  }
#line 186 "@DPOPT_OUTPUT@"
  __dpopt_c_frame_publish *__dpopt_c_frame_2 = dpopt::rt::contFrame<__dpopt_c_frame_publish>(__dpopt_c_block_2, __dpopt_c_rank_2);
  __dpopt_c_body_publish(__dpopt_c_point_2, __dpopt_c_frame_2, __dpopt_c_block_2->Idx, __dpopt_c_block_2->Grid, dpopt::rt::contThreadIdx(__dpopt_c_block_2, __dpopt_c_rank_2), __dpopt_c_block_2->Dim, __dpopt_c_frame_2->A, __dpopt_c_frame_2->N, __dpopt_c_frame_2->Out);
#line 49 "continuation_shapes.cu"
}

// Dynamic shared memory and a recursive child.
#line 193 "@DPOPT_OUTPUT@"
// dpopt continuation: 'tree' runs in phases; a wait for its children ends one (docs/passes/continuation.md)
struct __dpopt_c_frame_tree { int *A; int Depth; unsigned __dpopt_c_epoch_3; cudaError_t __dpopt_c_error_3; };
static __shared__ dpopt::rt::ContShared __dpopt_c_state_tree;
extern __shared__ __align__(16) unsigned char __dpopt_c_dynamic_tree[];
static __global__ void __dpopt_c_cont_tree(dpopt::rt::ContBlock *);
static __device__ void __dpopt_c_leave_tree(uint3, dim3);
static __device__ void __dpopt_c_body_tree(unsigned __dpopt_c_point_3, __dpopt_c_frame_tree *__dpopt_c_frame_3, uint3 blockIdx, dim3 gridDim, uint3 threadIdx, dim3 blockDim, int *A, int Depth);

#line 52 "continuation_shapes.cu"
__global__ void tree(int *A, int Depth) {
#line 204 "@DPOPT_OUTPUT@"
  dpopt::rt::contBegin(__dpopt_c_state_tree, nullptr, [](unsigned char *) {});
  __dpopt_c_body_tree(0u, nullptr, blockIdx, gridDim, threadIdx, blockDim, A, Depth);
}

static __device__ void __dpopt_c_leave_tree(uint3 blockIdx, dim3 gridDim) {
  dpopt::rt::ContBlock *__dpopt_c_block_3 = dpopt::rt::contLeave(__dpopt_c_state_tree, blockIdx, gridDim);
  if (!__dpopt_c_block_3)
#line 77 "continuation_shapes.cu"
    return;
#line 214 "@DPOPT_OUTPUT@"
  dpopt::rt::contSave(dpopt::rt::contDynamicSave(__dpopt_c_block_3), __dpopt_c_dynamic_tree, __dpopt_c_block_3->DynamicBytes);
  __dpopt_c_cont_tree<<<1, dpopt::rt::contCompactThreads(__dpopt_c_block_3), __dpopt_c_block_3->DynamicBytes, cudaStreamTailLaunch>>>(__dpopt_c_block_3);
  dpopt::rt::contLaunched();
}

static __device__ void __dpopt_c_body_tree(unsigned __dpopt_c_point_3, __dpopt_c_frame_tree *__dpopt_c_frame_3, uint3 blockIdx, dim3 gridDim, uint3 threadIdx, dim3 blockDim, int *A, int Depth) {
  unsigned __dpopt_c_epoch_3 = 0;
  cudaError_t __dpopt_c_error_3 = cudaSuccess;
  if (__dpopt_c_point_3 != 0) {
    __dpopt_c_epoch_3 = __dpopt_c_frame_3->__dpopt_c_epoch_3;
    __dpopt_c_error_3 = __dpopt_c_frame_3->__dpopt_c_error_3;
    switch (__dpopt_c_point_3) { case 1u: goto __dpopt_c_resume_5; case 2u: goto __dpopt_c_resume_6; case 3u: goto __dpopt_c_resume_7; }
  }
  {
#line 53 "continuation_shapes.cu"
  extern __shared__ int Buf[];
  Buf[threadIdx.x] = Depth;
#line 232 "@DPOPT_OUTPUT@"
  { __dpopt_c_resume_6: __syncthreads(); if (dpopt::rt::contMustSuspend(__dpopt_c_state_tree, ++__dpopt_c_epoch_3)) { --__dpopt_c_epoch_3; __dpopt_c_error_3 = dpopt::rt::contCarryError(__dpopt_c_error_3); __dpopt_c_frame_3 = dpopt::rt::contFrame<__dpopt_c_frame_tree>(dpopt::rt::contBlock(__dpopt_c_state_tree, sizeof(__dpopt_c_frame_tree), 0u, blockDim), dpopt::rt::contRank(threadIdx, blockDim)); dpopt::rt::contCopy(__dpopt_c_frame_3->A, A); dpopt::rt::contCopy(__dpopt_c_frame_3->Depth, Depth); __dpopt_c_frame_3->__dpopt_c_epoch_3 = __dpopt_c_epoch_3; __dpopt_c_frame_3->__dpopt_c_error_3 = __dpopt_c_error_3; dpopt::rt::contSuspend(__dpopt_c_state_tree, 2u, __dpopt_c_epoch_3, dpopt::rt::contRank(threadIdx, blockDim)); __dpopt_c_leave_tree(blockIdx, gridDim); return; } }
#line 56 "continuation_shapes.cu"
  if (threadIdx.x == 0 && Depth > 0) {
    tree<<<1, blockDim.x, blockDim.x * sizeof(int)>>>(A + 1, Depth - 1);
#line 237 "@DPOPT_OUTPUT@"
    { /* dpopt continuation: the wait for the children ends this phase */ __dpopt_c_error_3 = dpopt::rt::contCarryError(__dpopt_c_error_3); __dpopt_c_frame_3 = dpopt::rt::contFrame<__dpopt_c_frame_tree>(dpopt::rt::contBlock(__dpopt_c_state_tree, sizeof(__dpopt_c_frame_tree), 0u, blockDim), dpopt::rt::contRank(threadIdx, blockDim)); dpopt::rt::contCopy(__dpopt_c_frame_3->A, A); dpopt::rt::contCopy(__dpopt_c_frame_3->Depth, Depth); __dpopt_c_frame_3->__dpopt_c_epoch_3 = __dpopt_c_epoch_3; __dpopt_c_frame_3->__dpopt_c_error_3 = __dpopt_c_error_3; dpopt::rt::contSuspend(__dpopt_c_state_tree, 1u, __dpopt_c_epoch_3, dpopt::rt::contRank(threadIdx, blockDim)); __dpopt_c_leave_tree(blockIdx, gridDim); return; __dpopt_c_resume_5:; }
#line 59 "continuation_shapes.cu"
    Buf[0] += A[1];
  }
#line 242 "@DPOPT_OUTPUT@"
  { __dpopt_c_resume_7: __syncthreads(); if (dpopt::rt::contMustSuspend(__dpopt_c_state_tree, ++__dpopt_c_epoch_3)) { --__dpopt_c_epoch_3; __dpopt_c_error_3 = dpopt::rt::contCarryError(__dpopt_c_error_3); __dpopt_c_frame_3 = dpopt::rt::contFrame<__dpopt_c_frame_tree>(dpopt::rt::contBlock(__dpopt_c_state_tree, sizeof(__dpopt_c_frame_tree), 0u, blockDim), dpopt::rt::contRank(threadIdx, blockDim)); dpopt::rt::contCopy(__dpopt_c_frame_3->A, A); dpopt::rt::contCopy(__dpopt_c_frame_3->Depth, Depth); __dpopt_c_frame_3->__dpopt_c_epoch_3 = __dpopt_c_epoch_3; __dpopt_c_frame_3->__dpopt_c_error_3 = __dpopt_c_error_3; dpopt::rt::contSuspend(__dpopt_c_state_tree, 3u, __dpopt_c_epoch_3, dpopt::rt::contRank(threadIdx, blockDim)); __dpopt_c_leave_tree(blockIdx, gridDim); return; } }
#line 62 "continuation_shapes.cu"
  A[0] = Buf[0] + Buf[blockDim.x - 1];
}
#line 247 "@DPOPT_OUTPUT@"
  __dpopt_c_leave_tree(blockIdx, gridDim);
}

static __global__ void __dpopt_c_cont_tree(dpopt::rt::ContBlock *__dpopt_c_block_3) {
  dpopt::rt::contBegin(__dpopt_c_state_tree, __dpopt_c_block_3, [&](unsigned char *__dpopt_c_s_3) { dpopt::rt::contRestoreShare(__dpopt_c_dynamic_tree, dpopt::rt::contDynamicSave(__dpopt_c_block_3), __dpopt_c_block_3->DynamicBytes); });
  unsigned __dpopt_c_rank_3 = dpopt::rt::contCompactRank(__dpopt_c_block_3);
  unsigned __dpopt_c_point_3 = dpopt::rt::contPoint(__dpopt_c_block_3, __dpopt_c_rank_3);
  if (__dpopt_c_point_3 == 0) {
    __dpopt_c_leave_tree(__dpopt_c_block_3->Idx, __dpopt_c_block_3->Grid);
#line 77 "continuation_shapes.cu"
    return;
  }
#line 260 "@DPOPT_OUTPUT@"
  __dpopt_c_frame_tree *__dpopt_c_frame_3 = dpopt::rt::contFrame<__dpopt_c_frame_tree>(__dpopt_c_block_3, __dpopt_c_rank_3);
  __dpopt_c_body_tree(__dpopt_c_point_3, __dpopt_c_frame_3, __dpopt_c_block_3->Idx, __dpopt_c_block_3->Grid, dpopt::rt::contThreadIdx(__dpopt_c_block_3, __dpopt_c_rank_3), __dpopt_c_block_3->Dim, __dpopt_c_frame_3->A, __dpopt_c_frame_3->Depth);
#line 63 "continuation_shapes.cu"
}

// The thread's last error crosses the wait.
#line 267 "@DPOPT_OUTPUT@"
// dpopt continuation: 'errors' runs in phases; a wait for its children ends one (docs/passes/continuation.md)
struct __dpopt_c_frame_errors { int *A; int *Out; unsigned __dpopt_c_epoch_4; cudaError_t __dpopt_c_error_4; };
static __shared__ dpopt::rt::ContShared __dpopt_c_state_errors;
static __global__ void __dpopt_c_cont_errors(dpopt::rt::ContBlock *);
static __device__ void __dpopt_c_leave_errors(uint3, dim3);
static __device__ void __dpopt_c_body_errors(unsigned __dpopt_c_point_4, __dpopt_c_frame_errors *__dpopt_c_frame_4, uint3 blockIdx, dim3 gridDim, uint3 threadIdx, dim3 blockDim, int *A, int *Out);

#line 66 "continuation_shapes.cu"
__global__ void errors(int *A, int *Out) {
#line 277 "@DPOPT_OUTPUT@"
  dpopt::rt::contBegin(__dpopt_c_state_errors, nullptr, [](unsigned char *) {});
  __dpopt_c_body_errors(0u, nullptr, blockIdx, gridDim, threadIdx, blockDim, A, Out);
}

static __device__ void __dpopt_c_leave_errors(uint3 blockIdx, dim3 gridDim) {
  dpopt::rt::ContBlock *__dpopt_c_block_4 = dpopt::rt::contLeave(__dpopt_c_state_errors, blockIdx, gridDim);
  if (!__dpopt_c_block_4)
#line 77 "continuation_shapes.cu"
    return;
#line 287 "@DPOPT_OUTPUT@"
  __dpopt_c_cont_errors<<<1, dpopt::rt::contCompactThreads(__dpopt_c_block_4), __dpopt_c_block_4->DynamicBytes, cudaStreamTailLaunch>>>(__dpopt_c_block_4);
  dpopt::rt::contLaunched();
}

static __device__ void __dpopt_c_body_errors(unsigned __dpopt_c_point_4, __dpopt_c_frame_errors *__dpopt_c_frame_4, uint3 blockIdx, dim3 gridDim, uint3 threadIdx, dim3 blockDim, int *A, int *Out) {
  unsigned __dpopt_c_epoch_4 = 0;
  cudaError_t __dpopt_c_error_4 = cudaSuccess;
  if (__dpopt_c_point_4 != 0) {
    __dpopt_c_epoch_4 = __dpopt_c_frame_4->__dpopt_c_epoch_4;
    __dpopt_c_error_4 = __dpopt_c_frame_4->__dpopt_c_error_4;
    switch (__dpopt_c_point_4) { case 1u: goto __dpopt_c_resume_8; }
  }
  {
#line 67 "continuation_shapes.cu"
  child<<<1, 2048>>>(A, 1);
#line 303 "@DPOPT_OUTPUT@"
  { /* dpopt continuation: the wait for the children ends this phase */ __dpopt_c_error_4 = dpopt::rt::contCarryError(__dpopt_c_error_4); __dpopt_c_frame_4 = dpopt::rt::contFrame<__dpopt_c_frame_errors>(dpopt::rt::contBlock(__dpopt_c_state_errors, sizeof(__dpopt_c_frame_errors), 0u, blockDim), dpopt::rt::contRank(threadIdx, blockDim)); dpopt::rt::contCopy(__dpopt_c_frame_4->A, A); dpopt::rt::contCopy(__dpopt_c_frame_4->Out, Out); __dpopt_c_frame_4->__dpopt_c_epoch_4 = __dpopt_c_epoch_4; __dpopt_c_frame_4->__dpopt_c_error_4 = __dpopt_c_error_4; dpopt::rt::contSuspend(__dpopt_c_state_errors, 1u, __dpopt_c_epoch_4, dpopt::rt::contRank(threadIdx, blockDim)); __dpopt_c_leave_errors(blockIdx, gridDim); return; __dpopt_c_resume_8:; }
  Out[0] = static_cast<int>(dpopt::rt::contGetLastError(__dpopt_c_error_4));
  Out[1] = static_cast<int>(dpopt::rt::contPeekAtLastError(__dpopt_c_error_4));
}
  __dpopt_c_leave_errors(blockIdx, gridDim);
}

static __global__ void __dpopt_c_cont_errors(dpopt::rt::ContBlock *__dpopt_c_block_4) {
  dpopt::rt::contBegin(__dpopt_c_state_errors, __dpopt_c_block_4, [&](unsigned char *__dpopt_c_s_4) { (void)__dpopt_c_s_4; });
  unsigned __dpopt_c_rank_4 = dpopt::rt::contCompactRank(__dpopt_c_block_4);
  unsigned __dpopt_c_point_4 = dpopt::rt::contPoint(__dpopt_c_block_4, __dpopt_c_rank_4);
  if (__dpopt_c_point_4 == 0) {
    __dpopt_c_leave_errors(__dpopt_c_block_4->Idx, __dpopt_c_block_4->Grid);
#line 77 "continuation_shapes.cu"
    return;
  }
#line 320 "@DPOPT_OUTPUT@"
  __dpopt_c_frame_errors *__dpopt_c_frame_4 = dpopt::rt::contFrame<__dpopt_c_frame_errors>(__dpopt_c_block_4, __dpopt_c_rank_4);
  __dpopt_c_body_errors(__dpopt_c_point_4, __dpopt_c_frame_4, __dpopt_c_block_4->Idx, __dpopt_c_block_4->Grid, dpopt::rt::contThreadIdx(__dpopt_c_block_4, __dpopt_c_rank_4), __dpopt_c_block_4->Dim, __dpopt_c_frame_4->A, __dpopt_c_frame_4->Out);
#line 71 "continuation_shapes.cu"
}

// The wait is the thread's last act: it goes.
__global__ void reduce(int *Data, int *Out, unsigned Size) {
  if (Size == 2 && threadIdx.x == 0) {
    Out[blockIdx.x] = Data[0] + Data[1];
    return;
  }
  if (threadIdx.x < Size / 2)
    Data[threadIdx.x] += Data[threadIdx.x + Size / 2];
  __syncthreads();
  if (threadIdx.x == 0) {
    reduce<<<1, Size / 4 > 0 ? Size / 4 : 1>>>(Data, Out, Size / 2);
#line 337 "@DPOPT_OUTPUT@"
    /* dpopt continuation: wait dropped */;
#line 85 "continuation_shapes.cu"
  }
  __syncthreads();
}

void run(int *A, int N, int *Out) {
#line 345 "@DPOPT_OUTPUT@"
  { dpopt::rt::contPendingLimit(); driver<<<1, 1>>>(A, N, Out); }
  { dpopt::rt::contPendingLimit(); publish<<<4, 256>>>(A, N, Out); }
  { dpopt::rt::contPendingLimit(); tree<<<1, 64, 64 * sizeof(int)>>>(A, 3); }
#line 93 "continuation_shapes.cu"
  reduce<<<8, 128>>>(A, Out, 256);
}
