// Packed clones (aggregate, docs/passes/aggregate.md): a child whose guard
// tells which threads do nothing runs only the others; every other child runs
// whole blocks, and the remark says why.
// RUN: %dpopt %s --passes=aggregate --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %dpopt %s --passes=aggregate --agg-pack=off --remarks -o %t.off.cu 2>&1 | FileCheck --check-prefix=OFF %s
// RUN: %dpopt %s --passes=coarsen,aggregate --remarks -o %t.ca.cu 2>&1 | FileCheck --check-prefix=COARSE %s
// RUN: not %dpopt %s --agg-pack=on -o %t.bad.cu 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// RUN: %if nvcc %{ %nvcc-check %t.ca.cu %}
// CHECK-DAG: aggregate-packed.cu:105:5: remark: aggregating the launches of 'leaf' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: dpopt cannot tell which threads of 'leaf' do nothing: its body does not start with a guard 'if' on the thread's index after local declarations of pure values; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:122:3: remark: aggregating the launches of 'guarded' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; threads packed: the clone runs only the threads that pass the guard 'I < N', the others do nothing; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:123:3: remark: aggregating the launches of 'early' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; threads packed: the clone runs only the threads that the early return 'I >= N' lets on, the others do nothing; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:124:3: remark: aggregating the launches of 'linear' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; threads packed: the clone runs only the threads that pass the guard 'R < N', the others do nothing; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:125:3: remark: aggregating the launches of 'sharedMem' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: 'sharedMem' uses shared memory; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:126:3: remark: aggregating the launches of 'blockAtomic' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: 'blockAtomic' calls 'atomicAdd_block', which acts per thread block; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:127:3: remark: aggregating the launches of 'blockFence' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: 'blockFence' uses a block-scope fence; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:128:3: remark: aggregating the launches of 'changedBound' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: dpopt cannot tell which threads of 'changedBound' do nothing: its body does not start with a guard 'if' on the thread's index after local declarations of pure values; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:129:3: remark: aggregating the launches of 'outside' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: dpopt cannot tell which threads of 'outside' do nothing: statements run outside its guard 'if'; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:130:3: remark: aggregating the launches of 'readBefore' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: dpopt cannot tell which threads of 'readBefore' do nothing: its body does not start with a guard 'if' on the thread's index after local declarations of pure values; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:131:3: remark: aggregating the launches of 'launchesAggregated' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; threads packed: the clone runs only the threads that pass the guard 'I < N', the others do nothing; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-packed.cu:132:3: remark: aggregating the launches of 'keepsImplicit' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: the launch at aggregate-packed.cu:112 in 'keepsImplicit' stays, into the implicit stream, which its thread block shares; passed once, not in each record: A [-Rpass=aggregate]
// OUT: {{^}}static __device__ void __dpopt_launch_agg_guarded{{[_0-9]*}}(dpopt::rt::AggGroup &
// OUT: {{^}}  if (__dpopt_blocks{{[_0-9]*}} == 0) { // no record has a thread that does anything
// OUT: {{^}}  __dpopt_agg_guarded{{[_0-9]*}}<<<dpopt::rt::aggPackedBlocks(__dpopt_blocks{{[_0-9]*}}, __dpopt_group{{[_0-9]*}}), dpopt::rt::aggMaxThreads(__dpopt_group{{[_0-9]*}})
// OUT-LABEL: {{^}}static __global__ void __dpopt_agg_guarded{{[_0-9]*}}(const {{.*}}count{{[_0-9]*}}, int * A) {
// OUT: {{^}}  const unsigned __dpopt_thread{{[_0-9]*}} = blockIdx.x * blockDim.x + threadIdx.x;
// OUT: {{^}}  if (__dpopt_thread{{[_0-9]*}} < __dpopt_threads{{[_0-9]*}}) {
// OUT-LABEL: {{^}}__global__ void parent(
// OUT: dpopt::rt::aggUsefulThreads(__dpopt_r{{[_0-9]*}}, static_cast<int>(__dpopt_r{{[_0-9]*}}.__args.N), false)
// OUT: dpopt::rt::aggUsefulThreads(__dpopt_r{{[_0-9]*}}, static_cast<long long>(__dpopt_r{{[_0-9]*}}.__args.N), false)
// OUT: dpopt::rt::aggUsefulThreads(__dpopt_r{{[_0-9]*}}, static_cast<unsigned int>(__dpopt_r{{[_0-9]*}}.__args.N), true)
// OFF-NOT: threads packed
// OFF: remark: aggregating the launches of 'guarded' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: --agg-pack=off
// COARSE: remark: aggregating the launches of '__dpopt_coarse_guarded{{[_0-9]*}}' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; threads packed: the clone runs only the threads that pass the guard 'I < N', the others do nothing
// BAD: error: invalid --agg-pack='on'; expected auto or off

__device__ unsigned rank3() {
  unsigned Tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned Tpb = blockDim.x * blockDim.y * blockDim.z;
  unsigned Bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  return Bid * Tpb + Tid;
}

__global__ void guarded(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}
__global__ void early(int *A, long long N) {
  int I = threadIdx.x + blockDim.x * blockIdx.x;
  if (I >= N)
    return;
  A[I] += 2;
}
__global__ void linear(int *A, unsigned N) {
  unsigned R = rank3();
  if (R < N && A[R] > 0)
    A[R] += 3;
}
__global__ void sharedMem(int *A, int N) {
  __shared__ int S[32];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    S[threadIdx.x % 32] = I;
    A[I] += S[threadIdx.x % 32];
  }
}
__global__ void blockAtomic(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd_block(&A[0], 1);
}
__global__ void blockFence(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    A[I] = 1;
    __threadfence_block();
  }
}
__global__ void changedBound(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  N = N + 1;
  if (I < N)
    A[I] += 1;
}
__global__ void outside(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
  A[0] = 7;
}
__global__ void readBefore(int *A, int N) {
  int V = A[0];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}
__global__ void leaf(int *A) { A[threadIdx.x] += 1; }
// Its launch is aggregated too (a record, not a launch into the block's
// implicit stream): packed.
__global__ void launchesAggregated(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    leaf<<<1, 32>>>(A);
}
__global__ void leaf2(int *A) { A[threadIdx.x] += 2; }
// Two ordered launches into the implicit stream stay launches: not packed.
__global__ void keepsImplicit(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    leaf2<<<1, 32>>>(A);
    leaf2<<<1, 32>>>(A + 32);
  }
}

__global__ void parent(int *A, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  int L = T % 7;
  guarded<<<(L + 127) / 128, 128>>>(A, L);
  early<<<(L + 63) / 64, 64, 0, cudaStreamFireAndForget>>>(A, L);
  linear<<<dim3(1, 2), dim3(8, 2), 0, cudaStreamFireAndForget>>>(A, L);
  sharedMem<<<1, 128, 0, cudaStreamFireAndForget>>>(A, L);
  blockAtomic<<<1, 128, 0, cudaStreamFireAndForget>>>(A, L);
  blockFence<<<1, 128, 0, cudaStreamFireAndForget>>>(A, L);
  changedBound<<<1, 128, 0, cudaStreamFireAndForget>>>(A, L);
  outside<<<1, 128, 0, cudaStreamFireAndForget>>>(A, L);
  readBefore<<<1, 128, 0, cudaStreamFireAndForget>>>(A, L);
  launchesAggregated<<<1, 128, 0, cudaStreamFireAndForget>>>(A, L);
  keepsImplicit<<<1, 128, 0, cudaStreamFireAndForget>>>(A, L);
}
