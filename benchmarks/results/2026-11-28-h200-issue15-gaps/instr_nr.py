#!/usr/bin/env python3
"""instr_nr.py SRC OUT: per-grid timeline of nr after consolidate (keys: log2 SegLen; 16+ for postwork; 40+ launch issue)."""
import os, re, sys
src, out = sys.argv[1], sys.argv[2]
s = open(src).read()
probe = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'instr_qs.py')).read().split("probe = r'''")[1].split("'''")[0]
probe = probe.replace('#define MAXLV 32', '#define MAXLV 64') + '__device__ void tmark(int D) { unsigned long long t = gtime(); atomicMin(&PFirst[D], t); atomicMax(&PLastStart[D], t); atomicMax(&PLastEnd[D], t); atomicAdd(&PBlocks[D], 1ull); }\n'
def edit(a, b):
    global s
    assert a in s, a
    s = s.replace(a, b, 1)
edit('#include "nr.h"\n', '#include "nr.h"\n' + probe)
edit('__global__ void nrReduce(long long *Data, int N, int SegLen, long long *Sums) {\n', '__global__ void nrReduce(long long *Data, int N, int SegLen, long long *Sums) {\n  LvProbe __lvprobe(31 - __clz(SegLen));\n')
h = re.search(r'static __global__ void __dpopt_cons_nrReduce\([^;{]*\) \{\n', s).group(0)
edit(h, h + '  LvProbe __lvprobe(31 - __clz(__dpopt_records[0].__args.SegLen));\n')
h = re.search(r'static __global__ void __dpopt_cons_postwork_nrReduce\([^;{]*\) \{\n', s).group(0)
edit(h, h + '  LvProbe __lvprobe(16 + 31 - __clz(__dpopt_records[0].__args.N));\n')
h = re.search(r'static __device__ void __dpopt_launch_cons_nrReduce\([^;{]*\) \{\n', s).group(0)
edit(h + '''  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_nrReduce *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_nrReduce>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
''', h + '''  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_nrReduce *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_nrReduce>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
  tmark(40 + 31 - __clz(__dpopt_records[0].__args.SegLen));
''')
edit('  void reset() {\n', '  void reset() {\n    probeReset();\n')
s = re.sub(r'  return (dpbench::runBenchmark<\w+, \w+>\(Argc, Argv\));', lambda m: '  int Rc = ' + m.group(1) + ';\n  probePrint();\n  return Rc;', s)
open(out, 'w').write(s)
