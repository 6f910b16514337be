// Launch sites of one child in one parent share a launch group when they
// agree on the granularity and, for a child with barriers, on the block
// size: one aggregated grid per group instead of one per site. Sites that
// differ get groups of their own, with the reason. (Line numbers are
// absolute.)
// RUN: %dpopt %s --passes=aggregate --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// CHECK-DAG: aggregate-shared-groups.cu:60:5: remark: aggregating the launches of 'add' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: dpopt cannot tell which threads of 'add' do nothing: its body does not start with a guard 'if' on the thread's index after local declarations of pure values; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-shared-groups.cu:62:5: remark: aggregating the launches of 'add' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone, in one group with the launch at aggregate-shared-groups.cu:60; its blocks run whole: dpopt cannot tell which threads of 'add' do nothing: its body does not start with a guard 'if' on the thread's index after local declarations of pure values; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-shared-groups.cu:64:5: remark: aggregating the launches of 'add' per block into one launch of a clone, in a group of its own: the launch at aggregate-shared-groups.cu:60 is aggregated per grid, as far as its records fit; its blocks run whole: dpopt cannot tell which threads of 'add' do nothing: its body does not start with a guard 'if' on the thread's index after local declarations of pure values; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-shared-groups.cu:66:5: remark: aggregating the launches of 'counted' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: 'counted' synchronizes its threads; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-shared-groups.cu:68:5: remark: aggregating the launches of 'counted' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone, in a group of its own: 'counted' synchronizes its threads and the launch at aggregate-shared-groups.cu:66 has blocks of another size; its blocks run whole: 'counted' synchronizes its threads; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-shared-groups.cu:70:5: remark: aggregating the launches of 'counted' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone, in one group with the launch at aggregate-shared-groups.cu:66; its blocks run whole: 'counted' synchronizes its threads; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-shared-groups.cu:79:5: remark: aggregating the launches of 'halves' per multiblock:32 into one launch of a clone; its blocks run whole: dpopt cannot tell which threads of 'halves' do nothing: the condition of its early return is not 'i >= n' (first in a chain of ||) with i the thread's index in the grid and n a parameter it never changes; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-shared-groups.cu:80:5: remark: aggregating the launches of 'halves' per multiblock:32 into one launch of a clone, in one group with the launch at aggregate-shared-groups.cu:79; its blocks run whole: dpopt cannot tell which threads of 'halves' do nothing: the condition of its early return is not 'i >= n' (first in a chain of ||) with i the thread's index in the grid and n a parameter it never changes; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-shared-groups.cu:93:5: remark: aggregating the launches of 'add' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: dpopt cannot tell which threads of 'add' do nothing: its body does not start with a guard 'if' on the thread's index after local declarations of pure values; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-shared-groups.cu:101:5: remark: aggregating the launches of 'add' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; its blocks run whole: dpopt cannot tell which threads of 'add' do nothing: its body does not start with a guard 'if' on the thread's index after local declarations of pure values; passed once, not in each record: A [-Rpass=aggregate]
//
// parent: the two multiblock launches of 'add' share the first group, the
// block one has the second; 'counted' at 64 threads shares the third, at
// 128 the fourth.
// OUT-LABEL: {{^}}__global__ void parent(int *A, int N) {
// OUT: {{.*}}dpopt::rt::aggBeginMultiBlock([[ADD:__dpopt_agg[0-9_]+]], sizeof({{[_a-zA-Z0-9]+}}), 1u, dpopt::rt::aggFittingGroupBlocks(((DPOPT_AGG_LOOP_SLOTS + DPOPT_AGG_LOOP_SLOTS)) * sizeof(__dpopt_rec_add{{[_0-9]*}})), (DPOPT_AGG_LOOP_SLOTS + DPOPT_AGG_LOOP_SLOTS));
// OUT-NEXT: {{^ *}}__shared__ dpopt::rt::AggGroup [[BLK:__dpopt_agg[0-9_]+]];
// OUT-NEXT: {{.*}}dpopt::rt::aggBeginBlock([[BLK]], sizeof({{[_a-zA-Z0-9]+}}), DPOPT_AGG_LOOP_SLOTS);
// OUT-NEXT: {{^ *}}__shared__ dpopt::rt::AggBlockLink [[C64:__dpopt_agg[0-9_]+]];
// OUT-NEXT: {{.*}}dpopt::rt::aggBeginMultiBlock([[C64]], sizeof({{[_a-zA-Z0-9]+}}), 4u, dpopt::rt::aggFittingGroupBlocks(((DPOPT_AGG_LOOP_SLOTS + DPOPT_AGG_LOOP_SLOTS)) * sizeof(__dpopt_rec_counted{{[_0-9]*}})), (DPOPT_AGG_LOOP_SLOTS + DPOPT_AGG_LOOP_SLOTS));
// OUT-NEXT: {{^ *}}__shared__ dpopt::rt::AggBlockLink [[C128:__dpopt_agg[0-9_]+]];
// OUT-NEXT: {{.*}}dpopt::rt::aggBeginMultiBlock([[C128]], sizeof({{[_a-zA-Z0-9]+}}), 5u, dpopt::rt::aggFittingGroupBlocks((DPOPT_AGG_LOOP_SLOTS) * sizeof(__dpopt_rec_counted{{[_0-9]*}})), DPOPT_AGG_LOOP_SLOTS);
// OUT-NOT: dpopt::rt::aggBegin
// OUT: {{.*}}dpopt::rt::aggRecord([[ADD]].__slot->__group
// OUT: {{.*}}dpopt::rt::aggRecord([[ADD]].__slot->__group
// OUT: {{.*}}dpopt::rt::aggRecord([[BLK]],
// OUT: {{.*}}dpopt::rt::aggRecord([[C64]].__slot->__group
// OUT: {{.*}}dpopt::rt::aggRecord([[C128]].__slot->__group
// OUT: {{.*}}dpopt::rt::aggRecord([[C64]].__slot->__group
// OUT-NOT: dpopt::rt::aggRecord
// OUT: {{.*}}dpopt::rt::aggArriveMultiBlock([[ADD]],
// OUT: {{.*}}dpopt::rt::aggArrive([[BLK]],
// OUT: {{.*}}dpopt::rt::aggArriveMultiBlock([[C64]],
// OUT: {{.*}}dpopt::rt::aggArriveMultiBlock([[C128]],
// OUT-NOT: dpopt::rt::aggArrive
// OUT-LABEL: {{^}}__global__ void halves(int *A, int Lo, int Hi) {
// OUT: {{.*}}dpopt::rt::aggBeginMultiBlock({{.*}}, 32ull, (DPOPT_AGG_LOOP_SLOTS + DPOPT_AGG_LOOP_SLOTS), 1u);

__global__ void add(int *A, int I) { A[I + threadIdx.x] += 1; }

__global__ void counted(int *A, int I) {
  __shared__ int C;
  C = 0;
  __syncthreads();
  atomicAdd(&C, 1);
  __syncthreads();
  A[I] = C;
}

__global__ void parent(int *A, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T % 2)
    add<<<1, 32, 0, cudaStreamFireAndForget>>>(A, T);
  if (T % 3)
    add<<<2, 64, 0, cudaStreamFireAndForget>>>(A, T + N);
#pragma dp aggregate(block)
    add<<<1, 32, 0, cudaStreamFireAndForget>>>(A, T + 2 * N);
  if (T % 5)
    counted<<<1, 64, 0, cudaStreamFireAndForget>>>(A, T);
  if (T % 7)
    counted<<<1, 128, 0, cudaStreamFireAndForget>>>(A, T + N);
  if (T % 11)
    counted<<<3, 64, 0, cudaStreamFireAndForget>>>(A, T + 2 * N);
}

// The canonical recursion: each half in a stream of its own, one group.
__global__ void halves(int *A, int Lo, int Hi) {
  if (Hi - Lo < 64)
    return;
  int Mid = (Lo + Hi) / 2;
  if (threadIdx.x == 0) {
    halves<<<1, 32, 0, cudaStreamFireAndForget>>>(A, Lo, Mid);
    halves<<<1, 32, 0, cudaStreamFireAndForget>>>(A, Mid, Hi);
  }
}

// Records are sized by the threads that can launch: one value of x here
// (a local copy of threadIdx.x) and of z, so the axes are 1 | 4.
// OUT-LABEL: {{^}}__global__ void guarded(int *A) {
// OUT: {{.*}}dpopt::rt::aggBeginMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof({{.*}}), 5u), 1u, 5u);
// OUT-LABEL: {{^}}__global__ void unguarded(int *A) {
// OUT: {{.*}}dpopt::rt::aggBeginMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof({{.*}})), 1u);
__global__ void guarded(int *A) {
  const int T = threadIdx.x;
  if (blockIdx.x > 0 && T == 0 && 2 == threadIdx.z)
    add<<<1, 32, 0, cudaStreamFireAndForget>>>(A, blockIdx.x);
}

// In the else branch, or under '!=', every other thread launches.
__global__ void unguarded(int *A) {
  if (threadIdx.x == 0)
    A[0] = 1;
  else if (threadIdx.y != 0)
    add<<<1, 32, 0, cudaStreamFireAndForget>>>(A, blockIdx.x);
}

