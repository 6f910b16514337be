// flatten-recursion, CDP2 form: a self-launch followed by a tail launch of a
// one-thread kernel (the code that followed CDP1's wait). The block runs the
// chain and then each level's tail-launched body, deepest first; the grid's
// own level goes to one gathered tail launch. Which tail launches stay, and
// why. The output compiles for sm_90.
// RUN: %dpopt %s --passes=flatten-recursion --remarks -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// The default pipeline runs it first; the later passes leave the result be.
// RUN: %dpopt %s --remarks -o %t2.cu 2>&1 | FileCheck --check-prefix=DEFAULT %s
// RUN: %if nvcc %{ %nvcc-check %t2.cu %}

#include <cuda_runtime.h>

// CHECK: #include "dpopt/tail_gather.cuh"

__global__ void takeSum(const long long *ChildSum, long long *Sum) {
  *Sum = *ChildSum;
}

// The CDP2 port of the textbook reduction (benchmarks/nr/cdp.cu's shape).
// REMARK: flatten-recursion-tail.cu:[[@LINE+51]]:7: remark: flattening the recursion at this launch of 'halve': the launching block runs the chain of one-block launches of 'halve' itself, a level at a time, and the tail-launched 'takeSum' on the way back, deepest level first (the grid's own level: one tail launch for all its blocks, run at once where their addresses do not overlap); 'halve' synchronizes: threads past a smaller child block only take part in its barriers, and a child block larger than the launching block is launched as written, and the levels' tail launches as written after it [-Rpass=flatten-recursion] [DP4901]
// DEFAULT: flatten-recursion-tail.cu:[[@LINE+50]]:7: remark: flattening the recursion at this launch of 'halve'
// CHECK-LABEL: struct __dpopt_chain_halve{{[_0-9]*}} {
// CHECK: const long long *__dpopt_tail0[24];
// CHECK-NEXT: long long *__dpopt_tail1[24];
// CHECK: if (__dpopt_depth{{[_0-9]*}} >= 24u) // deeper than CUDA's 24 nested grids
// CHECK: { // dpopt flatten-recursion: this tail launch of 'takeSum' runs once the block
// CHECK: __dpopt_chain{{[_0-9]*}}.__dpopt_tail0[__dpopt_depth{{[_0-9]*}}] = Data + Half;
// CHECK-NEXT: __dpopt_chain{{[_0-9]*}}.__dpopt_tail1[__dpopt_depth{{[_0-9]*}}] = Sums + blockIdx.x;
// CHECK-LABEL: static __device__ void __dpopt_run_takeSum{{[_0-9]*}}(uint3 blockIdx, dim3 blockDim, dim3 gridDim, uint3 threadIdx, const long long *ChildSum, long long *Sum) {
// CHECK: *Sum = *ChildSum;
// CHECK-LABEL: struct __dpopt_tail_halve{{[_0-9]*}} {
// CHECK-NEXT: const long long *__dpopt_tail0;
// CHECK-NEXT: long long *__dpopt_tail1;
// CHECK-NEXT: __device__ void __dpopt_run() const { __dpopt_run_takeSum{{[_0-9]*}}(make_uint3(0u, 0u, 0u), dim3(1u, 1u, 1u), dim3(1u, 1u, 1u), make_uint3(0u, 0u, 0u), __dpopt_tail0, __dpopt_tail1); }
// What the launch reaches, from its arguments:
// CHECK-NEXT: // What it reaches, from its arguments: the gathered launches run at once
// CHECK: static constexpr int __dpopt_access_count = 2;
// CHECK-NEXT: static constexpr unsigned __dpopt_access_words = 6;
// CHECK-NEXT: __device__ void __dpopt_accesses(dpopt::rt::TailAccess *__dpopt_out) const {
// CHECK-NEXT: const long long *ChildSum = __dpopt_tail0;
// CHECK-NEXT: long long *Sum = __dpopt_tail1;
// CHECK-NEXT: __dpopt_out[0] = dpopt::rt::TailAccess{reinterpret_cast<unsigned long long>(&(*Sum)), 8ull, true};
// CHECK-NEXT: __dpopt_out[1] = dpopt::rt::TailAccess{reinterpret_cast<unsigned long long>(&(*ChildSum)), 8ull, false};
// CHECK-LABEL: __global__ void halve(
// CHECK: if (__dpopt_child_block{{[_0-9]*}}.x * __dpopt_child_block{{[_0-9]*}}.y * __dpopt_child_block{{[_0-9]*}}.z > __dpopt_team{{[_0-9]*}}) { // too large for the block: launched as written
// CHECK-NEXT: if (__dpopt_launches{{[_0-9]*}})
// CHECK-NEXT: halve<<<1, __dpopt_child_block{{[_0-9]*}}>>>(
// CHECK-NEXT: __dpopt_spilled{{[_0-9]*}} = true;
// CHECK-NEXT: break;
// CHECK: if (__dpopt_self{{[_0-9]*}} == 0 && __dpopt_depth{{[_0-9]*}} > 0) {
// CHECK-NEXT: if (__dpopt_spilled{{[_0-9]*}}) {
// CHECK-NEXT: for (unsigned __dpopt_level{{[_0-9]*}} = __dpopt_depth{{[_0-9]*}}; __dpopt_level{{[_0-9]*}}-- > 0;)
// CHECK-NEXT: takeSum<<<1, 1, 0, cudaStreamTailLaunch>>>(__dpopt_chain{{[_0-9]*}}.__dpopt_tail0[__dpopt_level{{[_0-9]*}}], __dpopt_chain{{[_0-9]*}}.__dpopt_tail1[__dpopt_level{{[_0-9]*}}]);
// CHECK-NEXT: return;
// CHECK-NEXT: }
// CHECK-NEXT: for (unsigned __dpopt_level{{[_0-9]*}} = __dpopt_depth{{[_0-9]*}}; --__dpopt_level{{[_0-9]*}} > 0;)
// CHECK-NEXT: __dpopt_run_takeSum{{[_0-9]*}}(make_uint3(0u, 0u, 0u), dim3(1u, 1u, 1u), dim3(1u, 1u, 1u), make_uint3(0u, 0u, 0u), __dpopt_chain{{[_0-9]*}}.__dpopt_tail0[__dpopt_level{{[_0-9]*}}], __dpopt_chain{{[_0-9]*}}.__dpopt_tail1[__dpopt_level{{[_0-9]*}}]);
// CHECK: if (__dpopt_tail_halve{{[_0-9]*}} *__dpopt_gathered{{[_0-9]*}} = dpopt::rt::tailGatherRecord<__dpopt_tail_halve{{[_0-9]*}}>()) {
// CHECK-NEXT: __dpopt_gathered{{[_0-9]*}}->__dpopt_tail0 = __dpopt_chain{{[_0-9]*}}.__dpopt_tail0[0];
// CHECK: } else {
// CHECK: takeSum<<<1, 1, 0, cudaStreamTailLaunch>>>(__dpopt_chain{{[_0-9]*}}.__dpopt_tail0[0], __dpopt_chain{{[_0-9]*}}.__dpopt_tail1[0]);
__global__ void halve(long long *Data, int N, long long *Sums) {
  const int Half = (N + 1) / 2;
  for (int I = threadIdx.x; I < N - Half; I += blockDim.x)
    Data[I] += Data[I + Half];
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Half == 1) {
      Sums[blockIdx.x] = Data[0];
    } else {
      halve<<<1, (Half + 1) / 2>>>(Data, Half, Data + Half);
      takeSum<<<1, 1, 0, cudaStreamTailLaunch>>>(Data + Half, Sums + blockIdx.x);
    }
  }
}

// The tail-launched kernel reads its built-ins: a one-thread grid's.
__global__ void note(int *Out, int Level) {
  Out[Level] += static_cast<int>(blockIdx.x + threadIdx.x + blockDim.x * gridDim.x);
}

// No barriers; the tail launch has a dim3 configuration.
// REMARK: flatten-recursion-tail.cu:[[@LINE+7]]:5: remark: flattening the recursion at this launch of 'walk': {{.*}} and the tail-launched 'note' on the way back, deepest level first (the grid's own level: one tail launch for all its blocks, run one after another: 'note' names the variable 'blockIdx', which is not its own (line {{[0-9]+}})) [-Rpass=flatten-recursion] [DP4901]
// CHECK-LABEL: __global__ void walk(
// CHECK: dpopt::rt::tailGatherRecord<
// CHECK: note<<<1, 1, 0, cudaStreamTailLaunch>>>(
__global__ void walk(int *Out, int Level) {
  Out[Level * 64 + threadIdx.x] = Level;
  if (threadIdx.x == 0 && Level < 8) {
    walk<<<1, 64>>>(Out, Level + 1);
    note<<<dim3(1, 1, 1), dim3(1), 0, cudaStreamTailLaunch>>>(Out, Level);
  }
}

// An atomic writes what its first argument points at; the index is built
// from the parameters: known.
__global__ void bump(unsigned *Count, int Level) { atomicAdd(&Count[Level % 4], 1u); }

// REMARK: flatten-recursion-tail.cu:[[@LINE+6]]:5: remark: flattening the recursion at this launch of 'counted': {{.*}}run at once where their addresses do not overlap)
// CHECK-LABEL: struct __dpopt_tail_counted{{[_0-9]*}} {
// CHECK: static constexpr int __dpopt_access_count = 1;
// CHECK: __dpopt_out[0] = dpopt::rt::TailAccess{reinterpret_cast<unsigned long long>(&(Count[Level % 4])), 4ull, true};
__global__ void counted(unsigned *Count, int Level) {
  if (threadIdx.x == 0 && Level < 8) {
    counted<<<1, 32>>>(Count, Level + 1);
    bump<<<1, 1, 0, cudaStreamTailLaunch>>>(Count, Level);
  }
}

// A pointer kept in a local: unknown, so one after another.
__global__ void viaLocal(int *Out, int Level) {
  int *At = Out + Level;
  *At = 1;
}

// REMARK: flatten-recursion-tail.cu:[[@LINE+5]]:5: remark: flattening the recursion at this launch of 'local': {{.*}}run one after another: 'viaLocal' reaches memory at an address built from more than its parameters and constants (line {{[0-9]+}}))
// CHECK-LABEL: struct __dpopt_tail_local{{[_0-9]*}} {
// CHECK: static constexpr int __dpopt_access_count = -1;
__global__ void local(int *Out, int Level) {
  if (threadIdx.x == 0 && Level < 8) {
    local<<<1, 32>>>(Out, Level + 1);
    viaLocal<<<1, 1, 0, cudaStreamTailLaunch>>>(Out, Level);
  }
}

// Refused: a statement between the two launches.
// REMARK: flatten-recursion-tail.cu:[[@LINE+5]]:5: remark: not flattening this launch of 'apart': 'apart' also launches 'note' ({{.*}}flatten-recursion-tail.cu:[[@LINE+7]]), not as the statement that follows it: only a tail launch of a one-thread kernel right after this launch can run after the chain [-Rpass-missed=flatten-recursion] [DP3902]
// CHECK-LABEL: __global__ void apart(
__global__ void apart(int *Out, int Level) {
  Out[Level] = 1;
  if (threadIdx.x == 0 && Level < 8) {
    apart<<<1, 32>>>(Out, Level + 1);
    Out[100 + Level] = 2;
    note<<<1, 1, 0, cudaStreamTailLaunch>>>(Out, Level);
  }
}

// Refused: the tail-launched grid has two threads.
// REMARK: flatten-recursion-tail.cu:[[@LINE+4]]:5: remark: not flattening this launch of 'two': 'two' also launches 'note' ({{.*}}), with '2', not the constant 1: only a tail launch
__global__ void two(int *Out, int Level) {
  Out[Level] = 1;
  if (threadIdx.x == 0 && Level < 8) {
    two<<<1, 32>>>(Out, Level + 1);
    note<<<1, 2, 0, cudaStreamTailLaunch>>>(Out, Level);
  }
}

// Refused: the other launch is not a tail launch.
// REMARK: flatten-recursion-tail.cu:[[@LINE+4]]:5: remark: not flattening this launch of 'loose': 'loose' also launches 'note' ({{.*}}), not into cudaStreamTailLaunch: only
__global__ void loose(int *Out, int Level) {
  Out[Level] = 1;
  if (threadIdx.x == 0 && Level < 8) {
    loose<<<1, 32>>>(Out, Level + 1);
    note<<<1, 1, 0, cudaStreamFireAndForget>>>(Out, Level);
  }
}

__global__ void barrierTail(int *Out, int Level) {
  __shared__ int S;
  S = Level;
  __syncthreads();
  Out[Level] = S;
}

// Refused: the tail-launched kernel synchronizes and uses shared memory.
// REMARK: flatten-recursion-tail.cu:[[@LINE+4]]:5: remark: not flattening this launch of 'synced': the kernel 'barrierTail' tail-launched after the child synchronizes with __syncthreads ({{.*}}): the block could not run it on the way back [-Rpass-missed=flatten-recursion] [DP3905]
__global__ void synced(int *Out, int Level) {
  Out[Level] = 1;
  if (threadIdx.x == 0 && Level < 8) {
    synced<<<1, 32>>>(Out, Level + 1);
    barrierTail<<<1, 1, 0, cudaStreamTailLaunch>>>(Out, Level);
  }
}

__global__ void later(int *Out, int Level);

// Refused: the tail-launched kernel is defined after the launching one.
// REMARK: flatten-recursion-tail.cu:[[@LINE+4]]:5: remark: not flattening this launch of 'before': the kernel 'later' tail-launched after the child is defined after 'before'
__global__ void before(int *Out, int Level) {
  Out[Level] = 1;
  if (threadIdx.x == 0 && Level < 8) {
    before<<<1, 32>>>(Out, Level + 1);
    later<<<1, 1, 0, cudaStreamTailLaunch>>>(Out, Level);
  }
}

__global__ void later(int *Out, int Level) { Out[Level] += 1; }

namespace other {
__global__ void elsewhere(int *Out, int Level) { Out[Level] += 1; }
} // namespace other

// Refused: the tail-launched kernel is in another namespace.
// REMARK: flatten-recursion-tail.cu:[[@LINE+4]]:5: remark: not flattening this launch of 'away': the kernel 'elsewhere' tail-launched after the child is declared in another namespace than 'away'
__global__ void away(int *Out, int Level) {
  Out[Level] = 1;
  if (threadIdx.x == 0 && Level < 8) {
    away<<<1, 32>>>(Out, Level + 1);
    other::elsewhere<<<1, 1, 0, cudaStreamTailLaunch>>>(Out, Level);
  }
}

int main() {
  long long *D = nullptr, *S = nullptr;
  int *O = nullptr;
  cudaMalloc(&D, 1024 * sizeof(long long));
  cudaMalloc(&S, 4 * sizeof(long long));
  cudaMalloc(&O, 4096 * sizeof(int));
  halve<<<4, 128>>>(D, 256, S);
  walk<<<3, 64>>>(O, 0);
  counted<<<2, 32>>>(reinterpret_cast<unsigned *>(O), 0);
  local<<<2, 32>>>(O, 0);
  apart<<<1, 32>>>(O, 0);
  two<<<1, 32>>>(O, 0);
  loose<<<1, 32>>>(O, 0);
  synced<<<1, 32>>>(O, 0);
  before<<<1, 32>>>(O, 0);
  away<<<1, 32>>>(O, 0);
  return cudaDeviceSynchronize() != cudaSuccess;
}
