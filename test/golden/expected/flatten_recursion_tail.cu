#include "dpopt/runtime.cuh" // dpopt's device runtime
#include "dpopt/tail_gather.cuh" // dpopt's device runtime
#line 1 "flatten_recursion_tail.cu"
// DPOPT-ARGS: --passes=flatten-recursion
// CDP2 chains whose postwork is a tail launch of a one-thread kernel, which
// flatten-recursion runs on the way back (the grid's own level gathered
// into one tail launch): the halving reduction of benchmarks/nr/cdp.cu, and
// a walk without barriers whose tail-launched kernel takes a const
// parameter and reads its built-ins.
#include <cuda_runtime.h>

__global__ void takeSum(const long long *ChildSum, long long *Sum) {
  *Sum = *ChildSum;
}

#line 17 "@DPOPT_OUTPUT@"
// dpopt flatten-recursion: what a block of 'halve' passes from a level of its
// chain of children to the next (and, per level, the postwork's inputs)
struct __dpopt_chain_halve {
  unsigned __dpopt_block[2][3];
  long long *__dpopt_arg0[2];
  int __dpopt_arg1[2];
  long long *__dpopt_arg2[2];
  const long long *__dpopt_tail0[24];
  long long *__dpopt_tail1[24];
};

// dpopt flatten-recursion: a level of the chain of 'halve' children, run by the
// block of its parent (the child's built-ins are parameters)
static __device__ void __dpopt_level_halve(uint3 blockIdx, dim3 blockDim, dim3 gridDim, uint3 threadIdx, bool __dpopt_active, __dpopt_chain_halve &__dpopt_chain, unsigned __dpopt_depth, unsigned &__dpopt_launches, long long *Data, int N, long long *Sums) {
  const int Half = __dpopt_active ? ((N + 1) / 2) : static_cast<int>(0);
  if (__dpopt_active) { for (int I = threadIdx.x; I < N - Half; I += blockDim.x)
    Data[I] += Data[I + Half]; }
#line 17 "flatten_recursion_tail.cu"
  __syncthreads();
#line 37 "@DPOPT_OUTPUT@"
  if (__dpopt_active) { if (threadIdx.x == 0) {
#line 19 "flatten_recursion_tail.cu"
    if (Half == 1) {
      Sums[blockIdx.x] = Data[0];
    } else {
#line 43 "@DPOPT_OUTPUT@"
      { // dpopt flatten-recursion: the block runs this child after the level
        const dim3 __dpopt_block((Half + 1) / 2);
        const bool __dpopt_launchable = dpopt::rt::launchable(dim3(1), __dpopt_block, 0, 1024, 0);
        __dpopt_chain.__dpopt_block[__dpopt_depth & 1u][0] = __dpopt_launchable ? __dpopt_block.x : 0u;
        __dpopt_chain.__dpopt_block[__dpopt_depth & 1u][1] = __dpopt_launchable ? __dpopt_block.y : 0u;
        __dpopt_chain.__dpopt_block[__dpopt_depth & 1u][2] = __dpopt_launchable ? __dpopt_block.z : 0u;
        __dpopt_chain.__dpopt_arg0[__dpopt_depth & 1u] = Data;
        __dpopt_chain.__dpopt_arg1[__dpopt_depth & 1u] = Half;
        __dpopt_chain.__dpopt_arg2[__dpopt_depth & 1u] = Data + Half;
        if (__dpopt_depth >= 24u) // deeper than CUDA's 24 nested grids
          __trap();
        ++__dpopt_launches;
      }
      { // dpopt flatten-recursion: this tail launch of 'takeSum' runs once the block
        // has run the child's chain, as __dpopt_run_takeSum
        __dpopt_chain.__dpopt_tail0[__dpopt_depth] = Data + Half;
        __dpopt_chain.__dpopt_tail1[__dpopt_depth] = Sums + blockIdx.x;
      }
#line 24 "flatten_recursion_tail.cu"
    }
#line 64 "@DPOPT_OUTPUT@"
  } }
#line 26 "flatten_recursion_tail.cu"
}

#line 69 "@DPOPT_OUTPUT@"
// dpopt flatten-recursion: the body of 'takeSum', which 'halve' tail-launches
// after its child as a grid of one thread, run on the way back (its built-ins are that grid's)
static __device__ void __dpopt_run_takeSum(uint3 blockIdx, dim3 blockDim, dim3 gridDim, uint3 threadIdx, const long long *ChildSum, long long *Sum) {
#line 10 "flatten_recursion_tail.cu"
  *Sum = *ChildSum;
}


#line 78 "@DPOPT_OUTPUT@"
// dpopt flatten-recursion: the arguments of a block's tail launch of 'takeSum' at the grid's
// own level, which one gathered tail launch runs for all the blocks
struct __dpopt_tail_halve {
  const long long *__dpopt_tail0;
  long long *__dpopt_tail1;
  __device__ void __dpopt_run() const { __dpopt_run_takeSum(make_uint3(0u, 0u, 0u), dim3(1u, 1u, 1u), dim3(1u, 1u, 1u), make_uint3(0u, 0u, 0u), __dpopt_tail0, __dpopt_tail1); }
  // What it reaches, from its arguments: the gathered launches run at once
  // when no two of them touch a word where one writes.
  static constexpr int __dpopt_access_count = 2;
  static constexpr unsigned __dpopt_access_words = 6;
  __device__ void __dpopt_accesses(dpopt::rt::TailAccess *__dpopt_out) const {
    const long long *ChildSum = __dpopt_tail0;
    long long *Sum = __dpopt_tail1;
    __dpopt_out[0] = dpopt::rt::TailAccess{reinterpret_cast<unsigned long long>(&(*Sum)), 8ull, true};
    __dpopt_out[1] = dpopt::rt::TailAccess{reinterpret_cast<unsigned long long>(&(*ChildSum)), 8ull, false};
  }
};

__global__ void halve(long long *Data, int N, long long *Sums) { // dpopt flatten-recursion: this block runs the chain of 'halve' children it
  // launched, one level a turn (__dpopt_level_halve)
  __shared__ __dpopt_chain_halve __dpopt_chain;
  const unsigned __dpopt_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_team = blockDim.x * blockDim.y * blockDim.z;
  uint3 __dpopt_level_block_idx = blockIdx;
  dim3 __dpopt_level_block_dim = blockDim, __dpopt_level_grid_dim = gridDim;
  long long *__dpopt_arg0 = Data;
  int __dpopt_arg1 = N;
  long long *__dpopt_arg2 = Sums;
  unsigned __dpopt_depth = 0;
  bool __dpopt_spilled = false; // a child launched as written
  for (;;) {
    unsigned __dpopt_launches = 0;
    const unsigned __dpopt_level_threads = __dpopt_level_block_dim.x * __dpopt_level_block_dim.y * __dpopt_level_block_dim.z;
    // Every thread takes part in the level's barriers.
    __dpopt_level_halve(__dpopt_level_block_idx, __dpopt_level_block_dim, __dpopt_level_grid_dim, __dpopt_level_block_dim.y == 1u && __dpopt_level_block_dim.z == 1u ? make_uint3(__dpopt_self, 0u, 0u) : make_uint3(__dpopt_self % __dpopt_level_block_dim.x, __dpopt_self / __dpopt_level_block_dim.x % __dpopt_level_block_dim.y, __dpopt_self / (__dpopt_level_block_dim.x * __dpopt_level_block_dim.y)), __dpopt_self < __dpopt_level_threads, __dpopt_chain, __dpopt_depth, __dpopt_launches, __dpopt_arg0, __dpopt_arg1, __dpopt_arg2);
    const unsigned __dpopt_launchers = __syncthreads_count(__dpopt_launches != 0);
    if (__dpopt_launchers == 0)
      break;
    if (__dpopt_launchers > 1 || __dpopt_launches > 1)
      __trap(); // more launches than dpopt found possible
    const dim3 __dpopt_child_block(__dpopt_chain.__dpopt_block[__dpopt_depth & 1u][0], __dpopt_chain.__dpopt_block[__dpopt_depth & 1u][1], __dpopt_chain.__dpopt_block[__dpopt_depth & 1u][2]);
    __dpopt_arg0 = __dpopt_chain.__dpopt_arg0[__dpopt_depth & 1u];
    __dpopt_arg1 = __dpopt_chain.__dpopt_arg1[__dpopt_depth & 1u];
    __dpopt_arg2 = __dpopt_chain.__dpopt_arg2[__dpopt_depth & 1u];
    ++__dpopt_depth;
    if (__dpopt_child_block.x * __dpopt_child_block.y * __dpopt_child_block.z > __dpopt_team) { // too large for the block: launched as written
      if (__dpopt_launches)
        halve<<<1, __dpopt_child_block>>>(__dpopt_arg0, __dpopt_arg1, __dpopt_arg2);
      __dpopt_spilled = true;
      break;
    }
    __dpopt_level_block_idx = make_uint3(0, 0, 0);
    __dpopt_level_block_dim = __dpopt_child_block;
    __dpopt_level_grid_dim = dim3(1, 1, 1);
    if (__dpopt_child_block.x * __dpopt_child_block.y * __dpopt_child_block.z == 0) // the launch would have failed: no child ran
      break;
  }
  // The tail launches of 'takeSum', deepest level first: level d's started after its
  // one-block grid and all that grid launched; level 0's starts after the whole grid.
  if (__dpopt_self == 0 && __dpopt_depth > 0) {
    if (__dpopt_spilled) {
      for (unsigned __dpopt_level = __dpopt_depth; __dpopt_level-- > 0;)
        takeSum<<<1, 1, 0, cudaStreamTailLaunch>>>(__dpopt_chain.__dpopt_tail0[__dpopt_level], __dpopt_chain.__dpopt_tail1[__dpopt_level]);
      return;
    }
    for (unsigned __dpopt_level = __dpopt_depth; --__dpopt_level > 0;)
      __dpopt_run_takeSum(make_uint3(0u, 0u, 0u), dim3(1u, 1u, 1u), dim3(1u, 1u, 1u), make_uint3(0u, 0u, 0u), __dpopt_chain.__dpopt_tail0[__dpopt_level], __dpopt_chain.__dpopt_tail1[__dpopt_level]);
    // The grid's blocks gather level 0's launches into one (or launch their own).
    if (__dpopt_tail_halve *__dpopt_gathered = dpopt::rt::tailGatherRecord<__dpopt_tail_halve>()) {
      __dpopt_gathered->__dpopt_tail0 = __dpopt_chain.__dpopt_tail0[0];
      __dpopt_gathered->__dpopt_tail1 = __dpopt_chain.__dpopt_tail1[0];
#line 21 "flatten_recursion_tail.cu"
    } else {
#line 152 "@DPOPT_OUTPUT@"
      takeSum<<<1, 1, 0, cudaStreamTailLaunch>>>(__dpopt_chain.__dpopt_tail0[0], __dpopt_chain.__dpopt_tail1[0]);
    }
  }
}
#line 28 "flatten_recursion_tail.cu"
__global__ void note(int *Out, const int Level) {
  if (threadIdx.x == 0)
    Out[Level] += static_cast<int>(blockIdx.x + blockDim.x * gridDim.x);
}

#line 163 "@DPOPT_OUTPUT@"
// dpopt flatten-recursion: what a block of 'walk' passes from a level of its
// chain of children to the next (and, per level, the postwork's inputs)
struct __dpopt_chain_walk {
  unsigned __dpopt_block[2][3];
  int *__dpopt_arg0[2];
  int __dpopt_arg1[2];
  int *__dpopt_tail0[24];
  int __dpopt_tail1[24];
};

// dpopt flatten-recursion: a level of the chain of 'walk' children, run by the
// block of its parent (the child's built-ins are parameters)
static __device__ void __dpopt_level_walk(uint3 blockIdx, dim3 blockDim, dim3 gridDim, uint3 threadIdx, bool __dpopt_active_2, __dpopt_chain_walk &__dpopt_chain_2, unsigned __dpopt_depth_2, unsigned &__dpopt_launches_2, int *Out, int Level) {
#line 34 "flatten_recursion_tail.cu"
  Out[Level * 64 + threadIdx.x] = Level;
  if (threadIdx.x == 0 && Level < 8) {
#line 180 "@DPOPT_OUTPUT@"
    { // dpopt flatten-recursion: the block runs this child after the level
      const dim3 __dpopt_block_2(64);
      const bool __dpopt_launchable_2 = dpopt::rt::launchable(dim3(1), __dpopt_block_2, 0, 1024, 0);
      __dpopt_chain_2.__dpopt_block[__dpopt_depth_2 & 1u][0] = __dpopt_launchable_2 ? __dpopt_block_2.x : 0u;
      __dpopt_chain_2.__dpopt_block[__dpopt_depth_2 & 1u][1] = __dpopt_launchable_2 ? __dpopt_block_2.y : 0u;
      __dpopt_chain_2.__dpopt_block[__dpopt_depth_2 & 1u][2] = __dpopt_launchable_2 ? __dpopt_block_2.z : 0u;
      __dpopt_chain_2.__dpopt_arg0[__dpopt_depth_2 & 1u] = Out;
      __dpopt_chain_2.__dpopt_arg1[__dpopt_depth_2 & 1u] = Level + 1;
      if (__dpopt_depth_2 >= 24u) // deeper than CUDA's 24 nested grids
        __trap();
      ++__dpopt_launches_2;
    }
    { // dpopt flatten-recursion: this tail launch of 'note' runs once the block
      // has run the child's chain, as __dpopt_run_note
      __dpopt_chain_2.__dpopt_tail0[__dpopt_depth_2] = Out;
      __dpopt_chain_2.__dpopt_tail1[__dpopt_depth_2] = Level;
    }
  }
}

// dpopt flatten-recursion: the body of 'note', which 'walk' tail-launches
// after its child as a grid of one thread, run on the way back (its built-ins are that grid's)
static __device__ void __dpopt_run_note(uint3 blockIdx, dim3 blockDim, dim3 gridDim, uint3 threadIdx, int *Out, const int Level) {
#line 29 "flatten_recursion_tail.cu"
  if (threadIdx.x == 0)
    Out[Level] += static_cast<int>(blockIdx.x + blockDim.x * gridDim.x);
}


#line 210 "@DPOPT_OUTPUT@"
// dpopt flatten-recursion: the arguments of a block's tail launch of 'note' at the grid's
// own level, which one gathered tail launch runs for all the blocks
struct __dpopt_tail_walk {
  int *__dpopt_tail0;
  int __dpopt_tail1;
  __device__ void __dpopt_run() const { __dpopt_run_note(make_uint3(0u, 0u, 0u), dim3(1u, 1u, 1u), dim3(1u, 1u, 1u), make_uint3(0u, 0u, 0u), __dpopt_tail0, __dpopt_tail1); }
  // What it reaches is not known: the gathered launches run one after another.
  static constexpr int __dpopt_access_count = -1;
};

__global__ void walk(int *Out, int Level) { // dpopt flatten-recursion: this block runs the chain of 'walk' children it
  // launched, one level a turn (__dpopt_level_walk)
  __shared__ __dpopt_chain_walk __dpopt_chain_2;
  const unsigned __dpopt_self_2 = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_team_2 = blockDim.x * blockDim.y * blockDim.z;
  uint3 __dpopt_level_block_idx_2 = blockIdx;
  dim3 __dpopt_level_block_dim_2 = blockDim, __dpopt_level_grid_dim_2 = gridDim;
  int *__dpopt_arg0_2 = Out;
  int __dpopt_arg1_2 = Level;
  unsigned __dpopt_depth_2 = 0;
  for (;;) {
    unsigned __dpopt_launches_2 = 0;
    const unsigned __dpopt_level_threads_2 = __dpopt_level_block_dim_2.x * __dpopt_level_block_dim_2.y * __dpopt_level_block_dim_2.z;
    for (unsigned __dpopt_thread_2 = __dpopt_self_2; __dpopt_thread_2 < __dpopt_level_threads_2; __dpopt_thread_2 += __dpopt_team_2)
      __dpopt_level_walk(__dpopt_level_block_idx_2, __dpopt_level_block_dim_2, __dpopt_level_grid_dim_2, __dpopt_level_block_dim_2.y == 1u && __dpopt_level_block_dim_2.z == 1u ? make_uint3(__dpopt_thread_2, 0u, 0u) : make_uint3(__dpopt_thread_2 % __dpopt_level_block_dim_2.x, __dpopt_thread_2 / __dpopt_level_block_dim_2.x % __dpopt_level_block_dim_2.y, __dpopt_thread_2 / (__dpopt_level_block_dim_2.x * __dpopt_level_block_dim_2.y)), true, __dpopt_chain_2, __dpopt_depth_2, __dpopt_launches_2, __dpopt_arg0_2, __dpopt_arg1_2);
    const unsigned __dpopt_launchers_2 = __syncthreads_count(__dpopt_launches_2 != 0);
    if (__dpopt_launchers_2 == 0)
      break;
    if (__dpopt_launchers_2 > 1 || __dpopt_launches_2 > 1)
      __trap(); // more launches than dpopt found possible
    const dim3 __dpopt_child_block_2(__dpopt_chain_2.__dpopt_block[__dpopt_depth_2 & 1u][0], __dpopt_chain_2.__dpopt_block[__dpopt_depth_2 & 1u][1], __dpopt_chain_2.__dpopt_block[__dpopt_depth_2 & 1u][2]);
    __dpopt_arg0_2 = __dpopt_chain_2.__dpopt_arg0[__dpopt_depth_2 & 1u];
    __dpopt_arg1_2 = __dpopt_chain_2.__dpopt_arg1[__dpopt_depth_2 & 1u];
    ++__dpopt_depth_2;
    __dpopt_level_block_idx_2 = make_uint3(0, 0, 0);
    __dpopt_level_block_dim_2 = __dpopt_child_block_2;
    __dpopt_level_grid_dim_2 = dim3(1, 1, 1);
    if (__dpopt_child_block_2.x * __dpopt_child_block_2.y * __dpopt_child_block_2.z == 0) // the launch would have failed: no child ran
      break;
  }
  // The tail launches of 'note', deepest level first: level d's started after its
  // one-block grid and all that grid launched; level 0's starts after the whole grid.
  if (__dpopt_self_2 == 0 && __dpopt_depth_2 > 0) {
    for (unsigned __dpopt_level_2 = __dpopt_depth_2; --__dpopt_level_2 > 0;)
      __dpopt_run_note(make_uint3(0u, 0u, 0u), dim3(1u, 1u, 1u), dim3(1u, 1u, 1u), make_uint3(0u, 0u, 0u), __dpopt_chain_2.__dpopt_tail0[__dpopt_level_2], __dpopt_chain_2.__dpopt_tail1[__dpopt_level_2]);
    // The grid's blocks gather level 0's launches into one (or launch their own).
    if (__dpopt_tail_walk *__dpopt_gathered_2 = dpopt::rt::tailGatherRecord<__dpopt_tail_walk>()) {
      __dpopt_gathered_2->__dpopt_tail0 = __dpopt_chain_2.__dpopt_tail0[0];
      __dpopt_gathered_2->__dpopt_tail1 = __dpopt_chain_2.__dpopt_tail1[0];
#line 21 "flatten_recursion_tail.cu"
    } else {
#line 262 "@DPOPT_OUTPUT@"
      note<<<1, 1, 0, cudaStreamTailLaunch>>>(__dpopt_chain_2.__dpopt_tail0[0], __dpopt_chain_2.__dpopt_tail1[0]);
    }
#line 38 "flatten_recursion_tail.cu"
  }
}