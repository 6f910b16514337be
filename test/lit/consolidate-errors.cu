// '#pragma dp consldt' that cannot be honoured is an error at the pragma,
// and no output is written; so are --consldt without the pass and a
// consldt pragma under a pipeline without it.
// RUN: %python %S/Inputs/exit-code.py %t.stdout %dpopt %s -o %t.cu 2>&1 | FileCheck --check-prefixes=RC,CHECK %s
// RUN: not ls %t.cu
// RUN: %python %S/Inputs/exit-code.py %t.stdout %dpopt %s --passes=threshold -o %t2.cu 2>&1 | FileCheck --check-prefixes=RC,NOPASS %s
// RUN: %python %S/Inputs/exit-code.py %t.stdout %dpopt %S/Inputs/simple.cu --passes=aggregate --consldt=grid -o %t3.cu 2>&1 | FileCheck --check-prefixes=RC,NOOPT %s
// RUN: %python %S/Inputs/exit-code.py %t.stdout %dpopt %S/Inputs/simple.cu --consldt=multiblock -o %t4.cu 2>&1 | FileCheck --check-prefixes=RC,BADOPT %s
// RC: exit 1
// NOPASS: error: '#pragma dp consldt' asks for the consolidate pass, which --passes does not run
// NOOPT: dpopt: error: --consldt needs the consolidate pass, which --passes does not run
// BADOPT: dpopt: error: invalid --consldt='multiblock'; expected warp, block or grid

__global__ void child(const int *Col, int *Out, int Begin, int Degree) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree)
    Out[Col[Begin + I]] += 1;
}

__global__ void tiled(int *Out, int Row) {
  __shared__ int T[32];
  T[threadIdx.x] = Row;
  __syncthreads();
  Out[Row] = T[31 - threadIdx.x];
}

__global__ void parent(const int *RowPtr, const int *Col, int *Out, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  int Begin = RowPtr[V];
  int Degree = RowPtr[V + 1] - Begin;
#pragma dp consldt(block) work(Begin, Count)
  // CHECK: consolidate-errors.cu:[[@LINE-1]]:1: error: 'work(Count)': no local variable or parameter named 'Count' is in scope at the launch of 'child'
  child<<<(Degree + 127) / 128, 128>>>(Col, Out, Begin, Degree);
  if (Degree > 0) {
    int Inner = Degree;
  }
#pragma dp consldt(warp) work(Inner)
  // CHECK: consolidate-errors.cu:[[@LINE-1]]:1: error: 'work(Inner)': no local variable or parameter named 'Inner' is in scope at the launch of 'child'
  child<<<1, 32>>>(Col, Out, Begin, Degree);
#pragma dp consldt(grid) work(Begin)
  // CHECK: consolidate-errors.cu:[[@LINE-1]]:1: error: the argument 'Degree' of the launch of 'child' differs between threads through 'Degree', which 'work(...)' does not name
  child<<<(Degree + 127) / 128, 128>>>(Col, Out, Begin, Degree);
#pragma dp consldt(block) buffer(custom, Degree) work(Begin, Degree)
  // CHECK: consolidate-errors.cu:[[@LINE-1]]:1: error: 'buffer(custom, Degree)': dpopt sizes a warp's or block's buffer when the kernel starts, before a variable has its value; give perBufferSize as an integer
  child<<<(Degree + 127) / 128, 128>>>(Col, Out, Begin, Degree);
#pragma dp consldt(block) work(V) threads(64)
  // CHECK: consolidate-errors.cu:[[@LINE-1]]:1: error: 'threads(64)': each block of the consolidated 'tiled' runs one original block at a time, with the original block size (32); threads(N) sets the block size only of a thread-mapped child (one thread per block)
  tiled<<<1, 32>>>(Out, V);
#pragma dp consldt(block) buffer(custom, 64, 1000000) work(V)
  // CHECK: consolidate-errors.cu:[[@LINE-1]]:1: error: 'buffer(..., 1000000)': totalSize is not supported per site; every buffer of the file comes from one record pool of DPOPT_AGG_POOL_BYTES bytes (define it when compiling)
  tiled<<<1, 32>>>(Out, V);
#pragma dp consldt(block) work(V) threads(32)
  tiled<<<1, 32>>>(Out, V);
}
