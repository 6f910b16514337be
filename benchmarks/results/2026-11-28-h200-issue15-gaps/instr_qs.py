#!/usr/bin/env python3
"""instr_qs.py SRC OUT: per-depth block timeline (globaltimer) for qs/qt variants."""
import re, sys
src, out = sys.argv[1], sys.argv[2]
s = open(src).read()
probe = r'''
#define MAXLV 32
__device__ unsigned long long PFirst[MAXLV], PLastStart[MAXLV], PLastEnd[MAXLV], PBusy[MAXLV], PBlocks[MAXLV];
static __device__ __forceinline__ unsigned long long gtime() { unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); return t; }
struct LvProbe { int D; unsigned long long T0;
  __device__ LvProbe(int d) : D(d), T0(0) { if (threadIdx.x == 0 && D < MAXLV) { T0 = gtime(); atomicMin(&PFirst[D], T0); atomicMax(&PLastStart[D], T0); } }
  __device__ ~LvProbe() { if (threadIdx.x == 0 && D < MAXLV) { unsigned long long t = gtime(); atomicMax(&PLastEnd[D], t); atomicAdd(&PBusy[D], t - T0); atomicAdd(&PBlocks[D], 1ull); } } };
static void probeReset() { unsigned long long Max[MAXLV], Zero[MAXLV] = {}; for (auto &M : Max) M = ~0ull;
  cudaMemcpyToSymbol(PFirst, Max, sizeof Max); cudaMemcpyToSymbol(PLastStart, Zero, sizeof Zero);
  cudaMemcpyToSymbol(PLastEnd, Zero, sizeof Zero); cudaMemcpyToSymbol(PBusy, Zero, sizeof Zero); cudaMemcpyToSymbol(PBlocks, Zero, sizeof Zero); }
static void probePrint() { unsigned long long F[MAXLV], LS[MAXLV], LE[MAXLV], B[MAXLV], C[MAXLV];
  cudaMemcpyFromSymbol(F, PFirst, sizeof F); cudaMemcpyFromSymbol(LS, PLastStart, sizeof LS); cudaMemcpyFromSymbol(LE, PLastEnd, sizeof LE);
  cudaMemcpyFromSymbol(B, PBusy, sizeof B); cudaMemcpyFromSymbol(C, PBlocks, sizeof C);
  std::printf("depth,blocks,first_start_us,last_start_us,last_end_us,busy_block_us,mean_block_us\n");
  for (int D = 0; D < MAXLV; ++D) if (C[D]) std::printf("%d,%llu,%.1f,%.1f,%.1f,%.1f,%.2f\n", D, C[D], (F[D]-F[0])/1e3, (LS[D]-F[0])/1e3, (LE[D]-F[0])/1e3, B[D]/1e3, B[D]/1e3/C[D]); }
'''
def edit(pat, rep, count=1, regex=True):
    global s
    n = len(re.findall(pat, s))
    assert n >= 1, pat
    s = re.sub(pat, rep, s, count=0 if count == 0 else 1)
edit(r'(#include "(qs|qt)\.h"\n)', lambda m: m.group(1) + probe)
# every kernel with a Depth parameter: probe at its top
s = re.sub(r'(__global__ void (qsSort|qsLevel|__dpopt_agg_qsSort|qtBuild|qtLevel|__dpopt_agg_qtBuild)\([^;{]*\bint Depth[^;{]*\) \{\n)', lambda m: m.group(1) + '  LvProbe __lvprobe(Depth);\n', s)
assert s.count('LvProbe __lvprobe') >= 1
edit(r'(  void reset\(\) \{\n)', lambda m: m.group(1) + '    probeReset();\n')
edit(r'  return (dpbench::runBenchmark<\w+, \w+>\(Argc, Argv\));', lambda m: '  int Rc = ' + m.group(1) + ';\n  probePrint();\n  return Rc;')
open(out, 'w').write(s)
print(out, s.count('LvProbe __lvprobe'), 'probes')
