#!/usr/bin/env python3
"""Adds %globaltimer timestamps per level to pw after the default pipeline:
instrument_pw.py benchmarks/gen/pw/default.cu OUT.cu [BLOCK]. Per level (the
kernel's Depth): the first and last block start (thread 0 of each block), the
time the group's last thread enters the launcher (the level's end) and the
time the next level's launch returns. reset() clears them, so the printed
table is the last run's. With BLOCK, the packed clone is launched with
BLOCK-thread blocks instead of the child's (its threads are independent).
Works on the output of dpopt before and after the clone's group was passed
(the clone's head then has a slot parameter). Used for pw-levels.txt
(README.md)."""
import re
import sys

src, out = sys.argv[1], sys.argv[2]
block = int(sys.argv[3]) if len(sys.argv) > 3 else 0
s = open(src).read()
timer = '''#define MAXLV 16
__device__ unsigned long long TFirst[MAXLV] = {%s};
__device__ unsigned long long TLast[MAXLV], TEnd[MAXLV], TIssue[MAXLV];
static __device__ __forceinline__ unsigned long long gtime() { unsigned long long t; asm volatile("mov.u64 %%0, %%globaltimer;" : "=l"(t)); return t; }
static __device__ __forceinline__ void tstart(int D) { if (threadIdx.x == 0 && D < MAXLV) { unsigned long long t = gtime(); atomicMin(&TFirst[D], t); atomicMax(&TLast[D], t); } }
''' % ', '.join(['~0ull'] * 16)


def edit(old, new):
    global s
    assert old in s, old
    s = s.replace(old, new, 1)


edit('#include "pw.h"\n', '#include "pw.h"\n' + timer)
edit('const int *Nodes, int Count, int Depth) {\n',
     'const int *Nodes, int Count, int Depth) {\n  tstart(Depth);\n')
head = re.search(r'static __global__ void __dpopt_agg_pwVisit\(const __dpopt_rec_pwVisit \*__dpopt_records, unsigned __dpopt_count,[^;{]*\) \{\n', s).group(0)
edit(head, head + '  tstart(Depth);\n')
launcher = 'static __device__ void __dpopt_launch_agg_pwVisit(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, const int * ChildPtr, const int * Child, int * Lines, int Depth) {\n'
edit(launcher, launcher + '  if (Depth - 1 < MAXLV) TEnd[Depth - 1] = gtime();\n')
launch = re.search(r'cudaStreamFireAndForget>>>\(__dpopt_records, __dpopt_count, [^;]*ChildPtr, Child, Lines, Depth\);\n', s).group(0)
edit(launch, launch + '  if (Depth - 1 < MAXLV) TIssue[Depth - 1] = gtime();\n')
edit('void reset() { Lines.fillBytes(0); }', '''void reset() {
    Lines.fillBytes(0);
    unsigned long long Max[MAXLV], Zero[MAXLV] = {};
    for (auto &M : Max) M = ~0ull;
    cudaMemcpyToSymbol(TFirst, Max, sizeof Max); cudaMemcpyToSymbol(TLast, Zero, sizeof Zero);
    cudaMemcpyToSymbol(TEnd, Zero, sizeof Zero); cudaMemcpyToSymbol(TIssue, Zero, sizeof Zero);
  }''')
edit('''  return dpbench::runBenchmark<PwBench, PwCdp>(Argc, Argv);
}''', '''  int Rc = dpbench::runBenchmark<PwBench, PwCdp>(Argc, Argv);
  unsigned long long F[MAXLV], La[MAXLV], E[MAXLV], I[MAXLV];
  cudaMemcpyFromSymbol(F, TFirst, sizeof F); cudaMemcpyFromSymbol(La, TLast, sizeof La);
  cudaMemcpyFromSymbol(E, TEnd, sizeof E); cudaMemcpyFromSymbol(I, TIssue, sizeof I);
  auto Us = [&](unsigned long long T) { return T == 0 || T == ~0ull ? -1.0 : (T - F[0]) / 1000.0; };
  std::printf("level,first_block_start_us,last_block_start_us,end_us,next_launch_issued_us\\n");
  for (int D = 0; D < MAXLV; ++D)
    if (F[D] != ~0ull)
      std::printf("%d,%.1f,%.1f,%.1f,%.1f\\n", D, Us(F[D]), Us(La[D]), Us(E[D]), Us(I[D]));
  return Rc;
}''')
if block:
    edit('__dpopt_agg_pwVisit<<<dpopt::rt::aggPackedBlocks(__dpopt_blocks, __dpopt_group), dpopt::rt::aggMaxThreads(__dpopt_group),',
         '__dpopt_agg_pwVisit<<<(__dpopt_blocks + %du) / %du, %du,' % (block - 1, block, block))
open(out, 'w').write(s)
