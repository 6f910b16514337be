#!/usr/bin/env python3
"""Hand-made variants of pw's packed clone, to find what its widest level
spends (README.md, 'Prototypes'): prototype_variants.py TIMED OUTDIR, where
TIMED is instrument_pw.py's output for dpopt 098b870's default pipeline.
Writes OUTDIR/<variant>.cu. Timing prototypes only: x4nojoin and x9alllb
skip the group at the leaf level (Depth 4), which is right for the full
tree-d2 pw input alone; x8phases stamps clock64() in sampled warps.
  x1fencerec   fence on count-out only in threads that recorded
  x2acqrel     acquire-release fences instead of __threadfence()
  x4nojoin     leaf level: no group lookup, no count-out
  x5total      the threads' total passed to the clone, not read
  x6lb         __launch_bounds__(1024, 2) (32 registers)
  y1passed     the launcher takes the clone's group slot and passes it
  y2..y5       y1 with the others"""
import sys, re
src, outdir = sys.argv[1], sys.argv[2]
base = open(src).read()
CLONE_DEF = 'static __global__ void __dpopt_agg_pwVisit(const __dpopt_rec_pwVisit *__dpopt_records, unsigned __dpopt_count, const int * ChildPtr, const int * Child, int * Lines, int Depth) {\n'
VISIT_DEF = 'const int *Nodes, int Count, int Depth) {\n'

helpers = r'''
#include <cuda/atomic>
static __device__ __forceinline__ void xfence(bool AcqRel) {
  if (AcqRel) cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
  else __threadfence();
}
static __device__ dpopt::rt::AggTableSlot *xArrive(dpopt::rt::AggBlockLink &L, bool Rec, bool AcqRel) {
  unsigned M = __activemask();
  if (Rec) xfence(AcqRel);
  dpopt::rt::AggTableSlot *R = nullptr;
  if (atomicAdd(&L.Done, 1u) == dpopt::rt::aggBlockThreads() - 1) {
    xfence(AcqRel);
    bool Last = atomicAdd(&L.__slot->__group.Done, 1u) == dpopt::rt::aggGroupBlocks(0) - 1;
    if (Last) { xfence(AcqRel); R = L.__slot; }
  }
  dpopt::rt::syncLanes(M);
  return R;
}
template <class Rec>
__device__ unsigned xFind(const Rec *Records, unsigned Count, unsigned Block, unsigned long long Total) {
  const unsigned Guess = static_cast<unsigned>(static_cast<unsigned long long>(Block) * Count / Total);
  unsigned Lo, Hi;
  if (Records[Guess].__end <= Block) {
    Lo = Guess + 1; Hi = Count - 1;
    for (unsigned long long Step = 1;; Step *= 2) {
      const unsigned Probe = static_cast<unsigned>(Guess + Step < Count - 1 ? Guess + Step : Count - 1);
      if (Records[Probe].__end > Block) { Hi = Probe; break; }
      Lo = Probe + 1;
    }
  } else {
    Lo = 0; Hi = Guess;
    for (unsigned long long Step = 1; Hi > 0; Step *= 2) {
      const unsigned Probe = static_cast<unsigned>(Guess >= Step ? Guess - Step : 0);
      if (Records[Probe].__end <= Block) { Lo = Probe + 1; break; }
      Hi = Probe;
    }
  }
  while (Lo < Hi) { const unsigned Mid = Lo + (Hi - Lo) / 2; if (Records[Mid].__end <= Block) Lo = Mid + 1; else Hi = Mid; }
  return Lo;
}
static __device__ dpopt::rt::AggTableSlot *xNewGridGroup(unsigned long long Blocks, unsigned Threads, const void *Key) {
  using namespace dpopt::rt;
  unsigned long long Cap = Blocks * Threads;
  unsigned long long Token = (1ull << 63) | reinterpret_cast<unsigned long long>(Key);
  unsigned I = static_cast<unsigned>((reinterpret_cast<unsigned long long>(Key) * 0x9E3779B97F4A7C15ull) >> 40) % DPOPT_AGG_TABLE_SLOTS;
  for (;; I = (I + 1) % DPOPT_AGG_TABLE_SLOTS) {
    AggTableSlot &S = AggTable[I];
    if (static_cast<volatile AggTableSlot &>(S).Grid != 0ull || atomicCAS(&S.Grid, 0ull, Token) != 0ull) continue;
    aggInitGroup(S.__group, static_cast<unsigned>(Cap < (1u << 24) ? Cap : (1u << 24)));
    static_cast<volatile AggTableSlot &>(S).Tag = ~0ull;
    return &S;
  }
}
#define XPH 6
__device__ unsigned long long XPhase[XPH + 1];
'''

def split(s):
    i = s.index(CLONE_DEF) if CLONE_DEF in s else s.index(CLONE_DEF.replace('unsigned __dpopt_count,', 'unsigned __dpopt_count, dpopt::rt::AggTableSlot *__x_slot,'))
    return s[:i], s[i:]

def rep(s, old, new, count=1):
    assert s.count(old) >= count, old
    return s.replace(old, new) if count == 0 else s.replace(old, new, count)

def variant(fence_rec=False, acqrel=False, nojoin=False, total=False, bounds=None, phases=False, passed=False):
    s = base
    if passed:
        decl = 'static __global__ void __dpopt_agg_pwVisit(const __dpopt_rec_pwVisit *__dpopt_records, unsigned __dpopt_count,'
        s = s.replace(decl, decl + ' dpopt::rt::AggTableSlot *__x_slot,')
        assert s.count('__x_slot') == 2
        launch = '  __dpopt_agg_pwVisit<<<dpopt::rt::aggPackedBlocks(__dpopt_blocks, __dpopt_group), dpopt::rt::aggMaxThreads(__dpopt_group),'
        s = rep(s, launch, '  dpopt::rt::AggTableSlot *__x_s = xNewGridGroup(dpopt::rt::aggPackedBlocks(__dpopt_blocks, __dpopt_group), dpopt::rt::aggMaxThreads(__dpopt_group), __dpopt_records);\n' + launch)
        s = rep(s, '>>>(__dpopt_records, __dpopt_count, ', '>>>(__dpopt_records, __dpopt_count, __x_s, ')
        i = s.index(CLONE_DEF.replace('unsigned __dpopt_count,', 'unsigned __dpopt_count, dpopt::rt::AggTableSlot *__x_slot,'))
        s = s[:i] + rep(s[i:], '  dpopt::rt::aggBeginMultiBlock(__dpopt_agg1, 1u, 0ull, 1u);\n', '  if (threadIdx.x == 0) { __dpopt_agg1.__slot = __x_slot; __dpopt_agg1.Done = 0; }\n  __syncthreads();\n')
    s = rep(s, '#define MAXLV 16\n', helpers + '#define MAXLV 16\n')
    head, clone = split(s)
    if fence_rec or acqrel:
        a = 'true' if acqrel else 'false'
        for part in ('head', 'clone'):
            t = head if part == 'head' else clone
            t = t.replace('if (!dpopt::rt::aggRecord(', 'if (!(__x_rec = dpopt::rt::aggRecord(')
            t = re.sub(r'(if \(!\(__x_rec = dpopt::rt::aggRecord\(.*\)\)\))\n', r'\1)\n', t)
            t = t.replace('dpopt::rt::aggArriveMultiBlock(__dpopt_agg1, 0ull)', 'xArrive(__dpopt_agg1, %s, %s)' % ('__x_rec' if fence_rec else 'true', a))
            if part == 'head':
                t = rep(t, VISIT_DEF, VISIT_DEF + '  bool __x_rec = false;\n')
                head = t
            else:
                t = t.replace(') {\n', ') {\n  bool __x_rec = false;\n', 1)
                clone = t
    if nojoin:
        clone = rep(clone, '  dpopt::rt::aggBeginMultiBlock(__dpopt_agg1, 1u, 0ull, 1u);\n', '  if (Depth != 4) dpopt::rt::aggBeginMultiBlock(__dpopt_agg1, 1u, 0ull, 1u);\n')
        clone = re.sub(r'(AggTableSlot \*__dpopt_last = )([^)]*\))\)', r'\1Depth == 4 ? nullptr : \2)', clone)
        assert 'Depth == 4 ? nullptr' in clone
    if total:
        d = '__dpopt_agg_pwVisit(const __dpopt_rec_pwVisit *__dpopt_records, unsigned __dpopt_count,'
        head = rep(head, d, d + ' unsigned __x_total,')
        clone = rep(clone, d, d + ' unsigned __x_total,')
        head = rep(head, '>>>(__dpopt_records, __dpopt_count, ', '>>>(__dpopt_records, __dpopt_count, __dpopt_blocks, ')
        clone = rep(clone, 'const unsigned __dpopt_threads = __dpopt_records[__dpopt_count - 1].__end;', 'const unsigned __dpopt_threads = __x_total;')
        clone = rep(clone, 'dpopt::rt::aggFind(__dpopt_records, __dpopt_count, __dpopt_thread)', 'xFind(__dpopt_records, __dpopt_count, __dpopt_thread, __x_total)')
    if bounds:
        clone = rep(clone, 'static __global__ void __dpopt_agg_pwVisit(', 'static __global__ void __launch_bounds__(%s) __dpopt_agg_pwVisit(' % bounds, 0)
        head = rep(head, 'static __global__ void __dpopt_agg_pwVisit(', 'static __global__ void __launch_bounds__(%s) __dpopt_agg_pwVisit(' % bounds)
    if phases:
        # lane 0 of each warp of every 8th block at the leaf level stamps its phases
        clone = rep(clone, CLONE_DEF, CLONE_DEF + '  const bool __xs = Depth == 4 && blockIdx.x % 8 == 0 && threadIdx.x % 32 == 0; long long __xt[XPH]; __xt[0] = clock64();\n')
        clone = rep(clone, '  dpopt::rt::aggBeginMultiBlock(__dpopt_agg1, 1u, 0ull, 1u);\n', '  dpopt::rt::aggBeginMultiBlock(__dpopt_agg1, 1u, 0ull, 1u);\n  __xt[1] = clock64();\n')
        clone = rep(clone, '  dpopt::rt::aggChildRelease(__dpopt_records);\n', '  __xt[2] = clock64();\n  dpopt::rt::aggChildRelease(__dpopt_records);\n')
        clone = rep(clone, '  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)\n', '  __xt[3] = clock64();\n  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)\n')
        clone = rep(clone, '  dpopt::rt::syncLanes(__dpopt_warp);\n  }\n  // dpopt aggregate: count this thread out; the last launches\n',
                    '  dpopt::rt::syncLanes(__dpopt_warp);\n  }\n  __xt[4] = clock64();\n  // dpopt aggregate: count this thread out; the last launches\n')
        clone = re.sub(r'(\n    dpopt::rt::aggLeave\(__dpopt_last\);\n(#line [^\n]*\n)?  \}\n)',
                       r'\1  if (__xs) { long long __e = clock64(); for (int __k = 0; __k < 4; ++__k) atomicAdd(&XPhase[__k], (unsigned long long)(__xt[__k + 1] - __xt[__k])); atomicAdd(&XPhase[4], (unsigned long long)(__e - __xt[4])); atomicAdd(&XPhase[XPH], 1ull); }\n', clone)
        assert 'XPhase[XPH], 1ull' in clone
        clone = rep(clone, '  int Rc = dpbench::runBenchmark<PwBench, PwCdp>(Argc, Argv);\n',
                    '  int Rc = dpbench::runBenchmark<PwBench, PwCdp>(Argc, Argv);\n  { unsigned long long P[XPH + 1]; cudaMemcpyFromSymbol(P, XPhase, sizeof P); std::printf("phases(cycles/warp, all runs): join %.0f find+copy %.0f release+converge %.0f body %.0f arrive %.0f  (warps %llu)\\n", (double)P[0]/P[XPH], (double)P[1]/P[XPH], (double)P[2]/P[XPH], (double)P[3]/P[XPH], (double)P[4]/P[XPH], P[XPH]); }\n')
    return head + clone

vs = {
  'y1passed': variant(passed=True),
  'y2passedfence': variant(passed=True, fence_rec=True, acqrel=True),
  'y3passedfencelb': variant(passed=True, fence_rec=True, acqrel=True, bounds='1024, 2'),
  'y4passedfencetotal': variant(passed=True, fence_rec=True, acqrel=True, total=True),
  'y5passedall': variant(passed=True, fence_rec=True, acqrel=True, total=True, bounds='1024, 2'),
  'x0base': variant(),
  'x1fencerec': variant(fence_rec=True),
  'x2acqrel': variant(acqrel=True),
  'x3fencerecacq': variant(fence_rec=True, acqrel=True),
  'x4nojoin': variant(nojoin=True),
  'x5total': variant(total=True),
  'x6lb': variant(bounds='1024, 2'),
  'x7all': variant(fence_rec=True, acqrel=True, nojoin=True, total=True),
  'x8phases': variant(phases=True),
  'x9alllb': variant(fence_rec=True, acqrel=True, nojoin=True, total=True, bounds='1024, 2'),
  'x10fencelb': variant(fence_rec=True, acqrel=True, bounds='1024, 2'),
}
for k, v in vs.items():
    open('%s/%s.cu' % (outdir, k), 'w').write(v)
print(' '.join(vs))
