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
  B     the lookup reads a candidate's owner and tag with one 16-byte
        ld.acquire.gpu.b128 (slots aligned to 16 bytes), no fence after a hit
  T     the creator publishes the group before it takes its records from the
        pool (a record step that comes first launches its child itself); a
        correct runtime, measured against N on the benchmarks and tests too
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


T_INIT_OLD = '''__device__ inline void aggInitGroup(AggGroup &G, unsigned long long RecordBytes,
                                    unsigned Capacity) {
  G.Packed = 0;
  void *Chunk = nullptr;
  if (Capacity != 0)
    Chunk = aggPoolTake(sizeof(AggChunkHeader) +
                        (static_cast<unsigned long long>(Capacity) * RecordBytes + 15) / 16 * 16);
  G.Chunk = Chunk ? reinterpret_cast<unsigned long long>(Chunk) : AggChunkFailed;
  G.MaxThreads = 0;
  G.MaxShmem = 0;
  G.Capacity = Capacity;
  G.Done = 0;
}'''
T_INIT_NEW = '''__device__ inline void aggInitGroupState(AggGroup &G, unsigned Capacity) {
  G.Packed = 0;
  G.Chunk = AggChunkNone;
  G.MaxThreads = 0;
  G.MaxShmem = 0;
  G.Capacity = Capacity;
  G.Done = 0;
}
__device__ inline void aggTakeGroupRecords(AggGroup &G, unsigned long long RecordBytes,
                                           unsigned Capacity) {
  void *Chunk = nullptr;
  if (Capacity != 0)
    Chunk = aggPoolTake(sizeof(AggChunkHeader) +
                        (static_cast<unsigned long long>(Capacity) * RecordBytes + 15) / 16 * 16);
  static_cast<volatile AggGroup &>(G).Chunk =
      Chunk ? reinterpret_cast<unsigned long long>(Chunk) : AggChunkFailed;
}
__device__ inline void aggInitGroup(AggGroup &G, unsigned long long RecordBytes,
                                    unsigned Capacity) {
  aggInitGroupState(G, Capacity);
  aggTakeGroupRecords(G, RecordBytes, Capacity);
}'''
T_JOIN_OLD = '''        aggInitGroup(C.__group, RecordBytes, Capacity);
        __threadfence();
        static_cast<volatile AggTableSlot &>(C).Tag = Tag;
        S = &C;
      }
      __threadfence();
      atomicExch(Lock, 0u);'''
T_JOIN_NEW = '''        aggInitGroupState(C.__group, Capacity);
        __threadfence();
        static_cast<volatile AggTableSlot &>(C).Tag = Tag;
        S = &C;
        Created = true;
      }
      __threadfence();
      atomicExch(Lock, 0u);
      if (Created)
        aggTakeGroupRecords(S->__group, RecordBytes, Capacity);'''
T_DECL_OLD = '''      for (unsigned K = 0; !S && K < AggTableWays; ++K) {
        AggTableSlot &C = aggCandidate(Base, Step, K);'''
T_DECL_NEW = '      bool Created = false;\n' + T_DECL_OLD


def publish_first(s):
    return patch(patch(patch(s, T_INIT_OLD, T_INIT_NEW), T_DECL_OLD, T_DECL_NEW), T_JOIN_OLD, T_JOIN_NEW)


B_HOLDS = '''  for (;;) {
    unsigned long long G, T;
    asm volatile("{\\n\\t.reg .b128 t;\\n\\tld.acquire.gpu.global.b128 t, [%2];\\n\\tmov.b128 {%0, %1}, t;\\n\\t}"
                 : "=l"(G), "=l"(T) : "l"(&S) : "memory");
    if (G != Grid)
      return false;
    if (T != 0)
      return T == Tag;
  }'''


def one_load(s):
    s = patch(patch(s, HOLDS, B_HOLDS), HIT, '    if (Hit >= 0) {\n      return')
    return patch(s, 'struct AggTableSlot {', 'struct alignas(16) AggTableSlot {')


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
    'B': one_load,
    'T': publish_first,
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
