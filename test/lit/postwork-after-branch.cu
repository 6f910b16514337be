// CDP1 postwork that goes on after the 'if' holding the launch: consolidate
// moves all of it (the threads that did not launch still run the part after
// the 'if' in the kernel), and in a pipeline where consolidate comes later,
// continuation leaves such a kernel to it. Two names for one postwork input
// are refused.
// RUN: %dpopt %s --consldt=grid --remarks --no-line-directives -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %dpopt %s --passes=consolidate --consldt=grid --remarks -o %t2.cu 2>&1 | FileCheck --check-prefix=CONS %s
// RUN: %dpopt %s --passes=continuation --remarks -o %t3.cu 2>&1 | FileCheck --check-prefix=ALONE %s
// CHECK: postwork-after-branch.cu:37:7: remark: not continuing 'visit' after its wait: the consolidate pass consolidates its launch of 'visit' (postwork-after-branch.cu:35) and runs the code after the wait in a tail launch [-Rpass-analysis=continuation]
// CHECK: postwork-after-branch.cu:53:5: remark: this wait ends a phase of 'shadowed'
// CHECK: postwork-after-branch.cu:35:7: remark: consolidating the launches of 'visit' per grid {{.*}}the postwork after cudaDeviceSynchronize() runs in a tail launch, with {{.*}} carried [-Rpass=consolidate]
// OUT: {{^}}__global__ void visit(const int *First, const int *Kids, int *Height,
// OUT: {{^ *}}{ bool [[F:__dpopt_post_moved[_0-9]*]] = false; // dpopt consolidate: this thread's postwork moved
// OUT: {{^ *}}[[F]] = true; // dpopt consolidate: cudaDeviceSynchronize() and the postwork after it run in {{__dpopt_cons_postwork_visit[_0-9]*}}, tail-launched (and the code after it)
// OUT: {{^ *}}if (![[F]]) { Height[V] = H;
// OUT-NEXT: {{^ *}}Height[V + 1] = 0; }
// OUT: {{^}}static __device__ void {{__dpopt_postwork_visit[_0-9]*}}(
// OUT: {{^ *}}for (int E = Begin; E < End; ++E)
// OUT: {{^ *}}{
// OUT-NEXT: {{^ *}}Height[V] = H;
// OUT-NEXT: {{^ *}}Height[V + 1] = 0;
// OUT-NEXT: {{^ *}}}
// CONS: postwork-after-branch.cu:52:5: remark: not consolidating this launch of 'leaf': the postwork cannot move to a tail launch: it reads two variables named 'H' ({{.*}}), which its function would declare side by side [-Rpass-missed=consolidate]
// ALONE: postwork-after-branch.cu:37:7: remark: this wait ends a phase of 'visit'

__global__ void visit(const int *First, const int *Kids, int *Height,
                      const int *Nodes, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    int Begin = First[V], End = First[V + 1];
    int H = 0;
    if (End > Begin) {
      visit<<<1, End - Begin>>>(First, Kids, Height, Kids + Begin,
                                End - Begin);
      cudaDeviceSynchronize();
      for (int E = Begin; E < End; ++E)
        H = max(H, Height[Kids[E]] + 1);
    }
    Height[V] = H;
    Height[V + 1] = 0;
  }
}

__global__ void leaf(int *Height, int V) { Height[V] += 1; }

__global__ void shadowed(const int *First, int *Height, int V) {
  int H = 1;
  if (First[V] > 0) {
    int H = First[V];
    leaf<<<1, 1>>>(Height, V);
    cudaDeviceSynchronize();
    Height[V] = H;
  }
  Height[V + 1] = H;
}
