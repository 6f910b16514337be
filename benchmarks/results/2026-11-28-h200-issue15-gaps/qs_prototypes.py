#!/usr/bin/env python3
"""The hand-edited qs variants of this folder, from benchmarks/gen/qs/default.cu
and Dg.cu (dpopt e1e2eec, configurations 'default:' and 'Dg: --agg=grid') and
benchmarks/qs/nocdp.cu. Run from benchmarks/. Writes gen/qs/<variant>.cu:
  lb12, lb10   the clone with __launch_bounds__(128, 12 / 10)
  lb12b        lb12 and the rewritten qsSort bounded the same way
  Dg_lb12      Dg's clone with __launch_bounds__(128, 12)
  p_thr        the clone uses the hardware threadIdx, no rank check (every
               record of qs is one block of 128 threads, the clone's size)
  p_shr        p_thr, and one thread finds the record and shares it
  nocdp_occ9/10  nocdp with dynamic shared memory that holds an SM to 9 / 10
               blocks (the clone's occupancy at 56 and 48 registers)"""
import re

def rep(c, a, b):
    assert a in c, a
    return c.replace(a, b, 1)

d = open('gen/qs/default.cu').read()
g = open('gen/qs/Dg.cu').read()
head = 'static __global__ void __dpopt_agg_qsSort(const __dpopt_rec_qsSort *__dpopt_records, unsigned __dpopt_count, int * Data, int * Scratch, int Depth) {'
for mb in (12, 10):
    open('gen/qs/lb%d.cu' % mb, 'w').write(rep(d, head, head.replace('static __global__ void ', 'static __global__ void __launch_bounds__(128, %d) ' % mb)))
lb12 = open('gen/qs/lb12.cu').read()
open('gen/qs/lb12b.cu', 'w').write(rep(lb12, '__global__ void qsSort(int *Data, int *Scratch, int Lo, int Hi, int Depth) {',
                                       '__global__ void __launch_bounds__(128, 12) qsSort(int *Data, int *Scratch, int Lo, int Hi, int Depth) {'))
open('gen/qs/Dg_lb12.cu', 'w').write(re.sub(r'^static __global__ void __dpopt_agg_qsSort\(', 'static __global__ void __launch_bounds__(128, 12) __dpopt_agg_qsSort(', g, flags=re.M))
i = d.index(head)
clone = d[i:]
thr = rep(clone, 'dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block)', '::threadIdx')
thr = rep(thr, 'if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z)', '')
open('gen/qs/p_thr.cu', 'w').write(d[:i] + thr)
shr = rep(thr, '''  const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x);
  const __dpopt_rec_qsSort __dpopt_mine = __dpopt_records[__dpopt_index];''', '''  __shared__ __dpopt_rec_qsSort __dpopt_mine_s;
  if (threadIdx.x == 0)
    __dpopt_mine_s = __dpopt_records[dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x)];
  const __dpopt_rec_qsSort &__dpopt_mine = __dpopt_mine_s; // aggChildRelease's barrier publishes it''')
open('gen/qs/p_shr.cu', 'w').write(d[:i] + shr)
t = open('qs/nocdp.cu').read()
for blocks, kib in ((9, 20), (10, 18)):
    u = rep(t, 'qsLevel<<<Count, BlockSize>>>(', 'qsLevel<<<Count, BlockSize, %d * 1024>>>(' % kib)
    u = rep(u, '''  void run() {
    if (N < 2)
      return;''', '''  void run() {
    if (N < 2)
      return;
    CUDA_CHECK(cudaFuncSetAttribute(qsLevel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
    CUDA_CHECK(cudaFuncSetAttribute(qsLevel, cudaFuncAttributeMaxDynamicSharedMemorySize, %d * 1024));
    { int B = 0; CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&B, qsLevel, BlockSize, %d * 1024)); static bool P = false; if (!P) { P = true; std::fprintf(stderr, "occupancy %%d blocks/SM\\n", B); } }''' % (kib, kib))
    open('gen/qs/nocdp_occ%d.cu' % blocks, 'w').write(u)
