#!/usr/bin/env python3
"""Prototypes for the spmv study from gen/spmv/T512Ag.cu (threshold 512, grid aggregation):
P1 the serial path sums a row in a register and makes one atomicAdd; P2 the aggregated clone sums
per thread, then per run of lanes of one row (segmented shuffle), one atomicAdd per run; P12 both."""
s = open('gen/spmv/T512Ag.cu').read()
def rep(c, a, b):
    assert a in c, a
    return c.replace(a, b, 1)
SER = "// dpopt: 'spmvChild' run serially by one thread (threshold)"
CLONE = 'static __global__ void __dpopt_agg___dpopt_coarse_spmvChild(const __dpopt_rec___dpopt_coarse_spmvChild *__dpopt_records, unsigned __dpopt_count, const int * Col, const float * Val, const float * X, float * Y) {'
def p1(s):
    i = s.index(SER); j = s.index('/// One thread per row; non-empty rows launch a child over their nonzeros.', i)
    f = s[i:j]
    f = rep(f, '  for (unsigned __dpopt_bx = 0;', '  float __acc = 0.f;\n  for (unsigned __dpopt_bx = 0;')
    f = rep(f, '    atomicAdd(&Y[Row], Val[E] * X[Col[E]]);', '    __acc += Val[E] * X[Col[E]];')
    f = rep(f, '#line 27\n  }\n}', '#line 27\n  }\n  atomicAdd(&Y[Row], __acc);\n}')
    return s[:i] + f + s[j:]
def p2(s):
    a = s.index(CLONE); b = s.index(SER)
    c = s[a:b]
    c = rep(c, '  {\n  const unsigned __dpopt_warp_2 = __activemask();', '  float __acc = 0.f; int __key = -1;\n  {\n  const unsigned __dpopt_warp_2 = __activemask();')
    c = rep(c, '    atomicAdd(&Y[Row], Val[E] * X[Col[E]]);', '    __acc += Val[E] * X[Col[E]]; __key = Row;')
    c = rep(c, '  dpopt::rt::syncLanes(__dpopt_warp_2);\n  }\n}', '''  dpopt::rt::syncLanes(__dpopt_warp_2);
  }
  { // segmented warp sum over runs of lanes with one key (packed threads are in record order)
    const unsigned __m = __activemask(); const int __lane = threadIdx.x % 32;
    for (int __off = 1; __off < 32; __off *= 2) {
      const float __v = __shfl_down_sync(__m, __acc, __off);
      const int __k = __shfl_down_sync(__m, __key, __off);
      if (__lane + __off < 32 && __k == __key) __acc += __v;
    }
    const int __prev = __shfl_up_sync(__m, __key, 1);
    if (__key >= 0 && (__lane == 0 || __prev != __key)) atomicAdd(&Y[__key], __acc);
  }
}''')
    return s[:a] + c + s[b:]
open('gen/spmv/P1.cu', 'w').write(p1(s))
open('gen/spmv/P2.cu', 'w').write(p2(s))
open('gen/spmv/P12.cu', 'w').write(p2(p1(s)))

# W / WR: the serial path run by the warp's lanes that take it, as a team
# (W: the child's atomics as written; WR: one atomicAdd per lane per row)
TEAM = r'''
static __device__ void __team_spmvChild(dim3 G, dim3 B, const int *Col, const float *Val, const float *X, float *Y, int Row, int Begin, int Length) {
  const unsigned M = __activemask();
  const unsigned Me = __popc(M & ((1u << (threadIdx.x % 32)) - 1)), N = __popc(M);
  __syncwarp(M);
  for (unsigned Left = M; Left; Left &= Left - 1) {
    const int Src = __ffs(Left) - 1;
    const unsigned Gx = __shfl_sync(M, G.x, Src), Bx = __shfl_sync(M, B.x, Src);
    const int Rw = __shfl_sync(M, Row, Src), Bg = __shfl_sync(M, Begin, Src), Ln = __shfl_sync(M, Length, Src);
    float Acc = 0.f;
    for (unsigned T = Me; T < Gx * Bx; T += N) {
      const int I = (T / Bx) * Bx + T % Bx;
      if (I < Ln) { const int E = Bg + I; REDUCE_OR_ATOMIC }
    }
    FLUSH
  }
  __syncwarp(M);
}
'''
def team(s, reduce):
    body = 'Acc += Val[E] * X[Col[E]];' if reduce else 'atomicAdd(&Y[Rw], Val[E] * X[Col[E]]);'
    flush = 'if (Acc != 0.f) atomicAdd(&Y[Rw], Acc);' if reduce else ''
    t = TEAM.replace('REDUCE_OR_ATOMIC', body).replace('FLUSH', flush)
    s = rep(s, '/// One thread per row; non-empty rows launch a child over their nonzeros.\n#line', t + '/// One thread per row; non-empty rows launch a child over their nonzeros.\n#line')
    return rep(s, '          __dpopt_serial_spmvChild(__dpopt_grid, __dpopt_block, Col, Val, X, Y, Row, Begin, Length);', '          __team_spmvChild(__dpopt_grid, __dpopt_block, Col, Val, X, Y, Row, Begin, Length);')
open('gen/spmv/W.cu', 'w').write(team(s, False))
open('gen/spmv/WR.cu', 'w').write(team(s, True))
open('gen/spmv/WR2.cu', 'w').write(p2(team(s, True)))
