#include "dpopt/consolidate.cuh" // dpopt's device runtime
#line 1 "consolidate_postwork_refused.cu"
// DPOPT-ARGS: --passes=consolidate --consldt=grid
// DPOPT-NVCC: skip the cudaDeviceSynchronize() calls dpopt must leave are a compile error on CUDA 12+/sm_90
// CDP1 postwork consolidate leaves alone, each with the remark saying why.
#include <cuda_runtime.h>

__global__ void child(int *Out, int V) { Out[V] += 1; }
__global__ void child2(int *Out, int V) { Out[V] += 2; }
__global__ void child3(int *Out, int V) { Out[V] += 3; }
__global__ void child4(int *Out, int V) { Out[V] += 4; }
__global__ void child5(int *Out, int V) { Out[V] += 5; }
__global__ void child6(int *Out, int V) { Out[V] += 6; }
__global__ void child7(int *Out, int V) { Out[V] += 7; }
#line 16 "@DPOPT_OUTPUT@"
// dpopt consolidate: a work item of 'child8'
struct __dpopt_cons_rec_child8 : dpopt::rt::AggConfig {
  struct {
    int V;
  } __args;
};
static __device__ __forceinline__ __dpopt_cons_rec_child8 __dpopt_make_cons_rec_child8(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int V) {
  __dpopt_cons_rec_child8 __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.V = V;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_cons_child8(dpopt::rt::AggGroup &, unsigned, unsigned, unsigned, int *);
// dpopt: declared here for 'child8' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_child8(const __dpopt_cons_rec_child8 *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, int * Out);
#line 13 "consolidate_postwork_refused.cu"
__global__ void child8(int *Out, int V) { Out[V] += 8; }

#line 38 "@DPOPT_OUTPUT@"
// dpopt consolidate: the last thread of a buffer launches one consolidated child for its work
static __device__ void __dpopt_launch_cons_child8(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_kc, unsigned __dpopt_want_blocks, unsigned __dpopt_want_threads, int * Out) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_child8 *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_child8>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
  const unsigned __dpopt_threads = __dpopt_want_threads; // one original thread per thread
  const unsigned __dpopt_shmem = dpopt::rt::aggMaxShmem(__dpopt_group);
  const unsigned __dpopt_grid = dpopt::rt::consGridBlocks(reinterpret_cast<const void *>(__dpopt_cons_child8), __dpopt_threads, __dpopt_shmem, __dpopt_kc, dpopt::rt::consThreadBlocks(__dpopt_blocks, __dpopt_threads), __dpopt_want_blocks);
  __dpopt_cons_child8<<<__dpopt_grid, __dpopt_threads, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, __dpopt_blocks, Out);
}

// dpopt: 'child8' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_child8(const __dpopt_cons_rec_child8 *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, int * Out) {
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  // Each thread runs one original thread (a one-thread block) at a time
  // until the work is done.
  for (unsigned long long __dpopt_item = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + __dpopt_rank; __dpopt_item < __dpopt_blocks; __dpopt_item += static_cast<unsigned long long>(gridDim.x) * blockDim.x) {
    const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, static_cast<unsigned>(__dpopt_item));
    const __dpopt_cons_rec_child8 __dpopt_mine = __dpopt_records[__dpopt_index];
    {
    int V = __dpopt_mine.__args.V;
    { Out[V] += 8; }
    }
  }
  dpopt::rt::aggChildRelease(__dpopt_records);
}
#line 14 "consolidate_postwork_refused.cu"
__global__ void child9(int *Out, int V) { Out[V] += 9; }
__global__ void child10(int *Out, int V) { Out[V] += 10; }

// Code between the launch and the synchronization.
__global__ void notRightAfter(int *Out) {
  int V = threadIdx.x;
  child<<<1, 1>>>(Out, V);
  Out[V + 64] = 1;
  cudaDeviceSynchronize();
  Out[V + 128] = Out[V];
}

// The launch is in a switch: its case could fall through to more of the
// thread's code. (Code after an 'if' around the launch is postwork too:
// consolidate_postwork.cu.)
__global__ void codeAfter(int *Out) {
  int V = threadIdx.x;
  switch (V % 3) {
  case 1: {
    child2<<<1, 1>>>(Out, V);
    cudaDeviceSynchronize();
    Out[V + 128] = Out[V];
  }
  default:
    Out[V + 192] = 2;
  }
  Out[V + 256] = 1;
}

// The postwork synchronizes the block.
__global__ void barrierAfter(int *Out) {
  int V = threadIdx.x;
  child3<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  __syncthreads();
  Out[V + 128] = Out[V];
}

// A pointer to a local could reach the postwork.
__global__ void addressTaken(int *Out) {
  int V = threadIdx.x;
  int *P = &V;
  child4<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  Out[*P + 128] = Out[V];
}

// In a loop: each iteration waits for its own launch.
__global__ void inLoop(int *Out, int N) {
  for (int I = 0; I < N; ++I) {
#pragma dp consldt(grid) work(I)
    child5<<<1, 1>>>(Out, I);
    cudaDeviceSynchronize();
    Out[I + 128] = Out[I];
  }
}

// Two synchronizations.
__global__ void twoSyncs(int *Out) {
  int V = threadIdx.x;
  cudaDeviceSynchronize();
  child6<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  Out[V + 128] = Out[V];
}

// The postwork launches.
__global__ void launchesAfter(int *Out) {
  int V = threadIdx.x;
  child7<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  child<<<1, 1, 0, cudaStreamTailLaunch>>>(Out, V + 128);
}

// The child is launched at another site too.
__global__ void sharedChild(int *Out) {
  int V = threadIdx.x;
  child8<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  Out[V + 128] = Out[V];
}
#line 148 "@DPOPT_OUTPUT@"
__global__ void otherSite(int *Out) {
  // dpopt consolidate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_cons10; // launch group of the launch of 'child8'
  dpopt::rt::aggBeginMultiBlock(__dpopt_cons10, sizeof(__dpopt_cons_rec_child8), 10u, 0ull, 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  { { // dpopt consolidate (grid): the launch becomes a work item
  dim3 __dpopt_grid = 1;
  dim3 __dpopt_block = 1;
  __dpopt_cons_rec_child8 __dpopt_r = __dpopt_make_cons_rec_child8(__dpopt_grid, __dpopt_block, 0u, threadIdx.x);
  if (!dpopt::rt::aggRecord(__dpopt_cons10.__slot->__group, __dpopt_r))
    child8<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Out, __dpopt_r.__args.V);
} }
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_cons10, 0ull)) {
    __dpopt_launch_cons_child8(__dpopt_last->__group, 1u, 0u, 128u, Out);
    dpopt::rt::aggLeave(__dpopt_last);
  }
}

#line 97 "consolidate_postwork_refused.cu"
// A closure that captures by reference would refer to the thread's locals.
__global__ void closure(int *Out) {
  int V = threadIdx.x;
  auto At = [&](int I) { return Out[V + I]; };
  child9<<<1, 1>>>(Out, V);
  cudaDeviceSynchronize();
  Out[V + 128] = At(0);
}

// A type declared in the kernel cannot be named outside it.
__global__ void localType(int *Out) {
  struct Pair {
    int A, B;
  };
  Pair P = {Out[threadIdx.x], 1};
  child10<<<1, 1>>>(Out, P.B);
  cudaDeviceSynchronize();
  Out[P.A + 128] = 1;
}
