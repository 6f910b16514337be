// --tuning: a tuning file's entries set per-site controls without editing
// the source. An entry's aggregate(...) chooses a granularity but, unlike the
// pragma, does not say the launches are independent; skip(...) keeps one pass
// off a launch; off keeps all. (Line numbers are absolute.)
// RUN: %dpopt %s --tuning=%S/Inputs/tuning-good.txt --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// RUN: not %dpopt %s --tuning=%S/Inputs/tuning-bad.txt -o %t.bad.cu 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: not test -e %t.bad.cu
// RUN: not %dpopt %s --tuning=%S/Inputs/no-such-tuning.txt -o %t.bad.cu 2>&1 | FileCheck --check-prefix=NOFILE %s
// RUN: %dpopt %s --tuning=%S/Inputs/tuning-other-file.txt --remarks -o /dev/null 2>&1 | FileCheck --check-prefix=OTHER %s

// CHECK-DAG: tuning.cu:45:5: remark: the tuning entry at {{.*}}tuning-good.txt:3 sets 'aggregate(grid) skip(threshold)' for this launch of 'leafA' [-Rpass-analysis=tuning] [DP5001]
// CHECK-DAG: tuning.cu:45:5: remark: not thresholding this launch of 'leafA': the tuning entry at {{.*}}tuning-good.txt:3 ('aggregate(grid) skip(threshold)') skips this pass [-Rpass-missed=threshold] [DP3011]
// CHECK-DAG: tuning.cu:45:5: remark: aggregating the launches of '{{.*}}leafA' per grid into one launch
// CHECK-DAG: tuning.cu:56:7: remark: not aggregating this launch of '{{.*}}leafB': {{.*}}loop
// CHECK-DAG: tuning.cu:60:7: remark: aggregating the launches of '{{.*}}leafC' per block into one launch
// CHECK-DAG: tuning.cu:72:5: remark: launching 'leafD' only when its desired thread count reaches 64,
// CHECK-DAG: tuning.cu:72:5: remark: launching a clone of 'leafD' whose blocks each run 2 original blocks
// CHECK-DAG: tuning.cu:76:5: remark: not thresholding this launch of 'leafE': switched off by 'off' in the tuning entry at {{.*}}tuning-good.txt:8 [-Rpass-missed=threshold] [DP3001]
// CHECK-DAG: tuning.cu:76:5: remark: not aggregating this launch of 'leafE': switched off by 'off' in the tuning entry
// CHECK-DAG: tuning.cu:82:5: remark: not coarsening this launch of 'leafF': '#pragma dp skip(coarsen)' skips this pass [-Rpass-missed=coarsen] [DP3011]
// CHECK-DAG: tuning.cu:82:5: remark: launching 'leafF' only when
// CHECK-DAG: tuning.cu:89:5: remark: the tuning entry at {{.*}}tuning-good.txt:10 sets 'threshold(16)' for this launch of 'leafG' (the entry was written for 86:5)
// CHECK-DAG: tuning.cu:89:5: remark: launching 'leafG' only when its desired thread count reaches 16,
// BAD-DAG: tuning-bad.txt:1:22: error: 'threshold' is also given by the launch's '#pragma dp threshold(64)' (line 72 of '{{.*}}tuning.cu') [DP1043]
// BAD-DAG: tuning-bad.txt:2:1: error: the launch of 'parentA' this entry names is made by host code; tuning entries set device-side launches [DP1042]
// BAD-DAG: tuning-bad.txt:4:1: error: a second entry for the launch of 'leafA' at 45:5 (the first is at {{.*}}tuning-bad.txt:3) [DP1044]
// BAD-DAG: tuning-bad.txt:5:1: warning: no launch of 'leafZ' at 99:3 in '{{.*}}tuning.cu'; the entry is ignored
// BAD-DAG: tuning-bad.txt:6:1: error: with the launch's '#pragma dp skip(coarsen)': 'skip(coarsen)' cannot be combined with 'coarsen', {{.*}} [DP1043]
// NOFILE: dpopt: error: cannot read the tuning file '{{.*}}no-such-tuning.txt': {{.*}} [DP2019]
// OTHER-NOT: DP5001
// OTHER: tuning.cu:72:5: remark: launching 'leafD' only when its desired thread count reaches 64,
// OTHER-NOT: DP5001
// OUT: {{^}}// #pragma dp skip(coarsen) -- dpopt rewrote the launch it was on

__global__ void leafA(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}
__global__ void parentA(int *A, const int *Deg, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N && Deg[V] > 0)
    leafA<<<(Deg[V] + 127) / 128, 128>>>(A + V * 1024, Deg[V]);
}

__global__ void leafB(int *A, int N) { A[threadIdx.x] += N; }
__global__ void leafC(int *A, int N) { A[threadIdx.x] += N; }
__global__ void inLoops(int *A, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  // The entry's aggregate(block) does not assert independence: the launch
  // in a loop stays. The pragma's does.
  for (int K = 0; K < 2; ++K)
    if (V < N)
      leafB<<<1, 32>>>(A + V * 64, K);
  for (int K = 0; K < 2; ++K)
    if (V < N)
#pragma dp aggregate(block)
      leafC<<<1, 32>>>(A + V * 64, K);
}

__global__ void leafD(int *A, int N) { A[threadIdx.x] += N; }
__global__ void leafE(int *A, int N) { A[threadIdx.x] += N; }
__global__ void leafF(int *A, int N) { A[threadIdx.x] += N; }
__global__ void leafG(int *A, int N) { A[threadIdx.x] += N; }
// The pragma's threshold and the entry's coarsening both apply.
__global__ void parentD(int *A, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N)
#pragma dp threshold(64)
    leafD<<<(N + 31) / 32, 32>>>(A, V);
}
__global__ void parentE(int *A, int N) {
  if (threadIdx.x == 0)
    leafE<<<1, 32>>>(A, N);
}
__global__ void parentF(int *A, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N)
#pragma dp skip(coarsen)
    leafF<<<(N + 31) / 32, 32>>>(A, V);
}
// Its entry names line 86: the file was edited, and leafG has no other
// launch.
__global__ void parentG(int *A, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N)
    leafG<<<(N + 31) / 32, 32>>>(A, V);
}

int main() {
  parentA<<<1, 32>>>(nullptr, nullptr, 0);
  inLoops<<<1, 32>>>(nullptr, 0);
  parentD<<<1, 32>>>(nullptr, 0);
  parentE<<<1, 32>>>(nullptr, 0);
  parentF<<<1, 32>>>(nullptr, 0);
  parentG<<<1, 32>>>(nullptr, 0);
}
