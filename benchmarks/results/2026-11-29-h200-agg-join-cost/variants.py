#!/usr/bin/env python3
"""Writes the runtime variants the agg_sparse probe was built with into
DIR/rt<NAME>/dpopt (DIR: argument, default out/probe), each a copy of this
checkout's runtime/dpopt with one edit of aggregate.cuh. They are
measurements, not runtimes: J0, C0, J0C0 and L are wrong whenever a thread
records (the probe's row with no launching thread is the only one they
answer), and A-A4 use inline PTX that dpopt's own analyses would treat as
unknown code.

  N     the runtime as committed
  F     every __threadfence() a fence.acq_rel.gpu
  J0    no join: every block uses one fixed table slot (no lookup, no creation)
  C0    no count-out (aggArriveMultiBlock returns null at once)
  J0C0  both
  L     J0 plus the lookup and its fence (never finds a group: no creation, no waiting)
  A     the lookup's loads ld.relaxed/ld.acquire.gpu, no fence after a hit
  A1    A, and the stripe lock taken with a CAS without looking first
  A2    A, and __nanosleep(32) between looks while a group is set up or the stripe is locked
  A3    A, and the creator takes its records from the pool without looking first
  A4    A1 + A2 + A3
"""
import os
import shutil
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))


def patch(s, old, new):
    assert old in s, old
    return s.replace(old, new, 1)


JOIN = '''    AggTableSlot *S = aggJoin(Site, Group, RecordBytes,
                              aggGroupCapacity(Members, blockDim, PerThread, GuardedAxes), Lanes);'''
NOJOIN = '    (void)Lanes; (void)Members; (void)Group; AggTableSlot *S = &AggTable[DPOPT_AGG_TABLE_SLOTS - 1];'
LOOKONLY = '''    (void)Members; AggTableSlot *S = &AggTable[DPOPT_AGG_TABLE_SLOTS - 1];
    { unsigned long long Grid = aggGridId() + 1;
      unsigned long long Tag = ((static_cast<unsigned long long>(Site) << 40) | Group) + 1;
      unsigned long long H = (Grid * 0x9E3779B97F4A7C15ull) ^ (Tag * 0xC2B2AE3D27D4EB4Full);
      unsigned Base = static_cast<unsigned>((H >> 32) % DPOPT_AGG_TABLE_SLOTS);
      unsigned Step = static_cast<unsigned>(H % DPOPT_AGG_TABLE_SLOTS) | 1u;
      if (aggLookUp(Base, Step, Grid, Tag, Lanes) == 1234) S = nullptr;
      __threadfence(); }'''
COUNT = '''  unsigned M = __activemask();
  AggTableSlot *R = nullptr;
  if (aggCountOut('''
HOLDS = '''  volatile AggTableSlot &V = S;
  if (V.Grid != Grid)
    return false;
  unsigned long long Seen;
  while ((Seen = V.Tag) == 0 && V.Grid == Grid) // being set up
    ;
  return Seen == Tag;'''
HOLDS_ACQ = '''  auto Rel = [](unsigned long long *P) { unsigned long long V; asm volatile("ld.relaxed.gpu.u64 %0, [%1];" : "=l"(V) : "l"(P) : "memory"); return V; };
  auto Acq = [](unsigned long long *P) { unsigned long long V; asm volatile("ld.acquire.gpu.u64 %0, [%1];" : "=l"(V) : "l"(P) : "memory"); return V; };
  if (Acq(&S.Grid) != Grid)
    return false;
  unsigned long long Seen;
  while ((Seen = Acq(&S.Tag)) == 0 && Rel(&S.Grid) == Grid) // being set up
    ;
  return Seen == Tag;'''
HIT = '''    if (Hit >= 0) {
      __threadfence();
      return'''
LOCK = '''    const bool Locked = First && *static_cast<volatile unsigned *>(Lock) == 0u &&
                        atomicCAS(Lock, 0u, 1u) == 0u;'''
SPIN = '''  while ((Seen = Acq(&S.Tag)) == 0 && Rel(&S.Grid) == Grid) // being set up
    ;'''
BUSY = '''    if (!__ballot_sync(Lanes, Locked))
      continue;'''
TAKE = '    Chunk = aggPoolTake(sizeof(AggChunkHeader) +'
GROUPS = '''//===----------------------------------------------------------------------===//
// Groups and records.'''
NOLOOK = '''__device__ inline void *aggPoolTakeNoLook(unsigned long long Bytes) {
  const unsigned long long Old = atomicAdd(&AggPoolState, (Bytes << AggLiveBits) | 1ull);
  const unsigned long long Used = Old >> AggLiveBits;
  if (Used + Bytes <= DPOPT_AGG_POOL_BYTES)
    return AggPool + Used;
  aggPoolGive();
  return nullptr;
}

''' + GROUPS


def acquire(s):
    return patch(patch(s, HOLDS, HOLDS_ACQ), HIT, '    if (Hit >= 0) {\n      return')


def a1(s):
    return patch(s, LOCK, '    const bool Locked = First && atomicCAS(Lock, 0u, 1u) == 0u;')


def a2(s):
    s = patch(s, SPIN, SPIN[:-1] + '__nanosleep(32);')
    return patch(s, BUSY, '    if (!__ballot_sync(Lanes, Locked)) {\n      __nanosleep(32);\n      continue;\n    }')


def a3(s):
    return patch(patch(s, GROUPS, NOLOOK), TAKE, '    Chunk = aggPoolTakeNoLook(sizeof(AggChunkHeader) +')


VARIANTS = {
    'N': lambda s: s,
    'F': lambda s: s.replace('__threadfence();', 'asm volatile("fence.acq_rel.gpu;" ::: "memory");'),
    'J0': lambda s: patch(s, JOIN, NOJOIN),
    'C0': lambda s: patch(s, COUNT, '  return nullptr;\n' + COUNT),
    'J0C0': lambda s: patch(patch(s, JOIN, NOJOIN), COUNT, '  return nullptr;\n' + COUNT),
    'L': lambda s: patch(s, JOIN, LOOKONLY),
    'A': acquire,
    'A1': lambda s: a1(acquire(s)),
    'A2': lambda s: a2(acquire(s)),
    'A3': lambda s: a3(acquire(s)),
    'A4': lambda s: a3(a2(a1(acquire(s)))),
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'out', 'probe')
    src = open(os.path.join(ROOT, 'runtime', 'dpopt', 'aggregate.cuh')).read()
    for name, edit in VARIANTS.items():
        dst = os.path.join(out, 'rt' + name)
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(os.path.join(ROOT, 'runtime', 'dpopt'), os.path.join(dst, 'dpopt'))
        open(os.path.join(dst, 'dpopt', 'aggregate.cuh'), 'w').write(edit(src))
    print('wrote', ', '.join('rt' + n for n in VARIANTS), 'in', out)


if __name__ == '__main__':
    main()
