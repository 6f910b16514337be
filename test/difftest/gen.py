#!/usr/bin/env python3
"""Random, deterministic CUDA 13 CDP2 programs for differential testing of dpopt.

    python3 gen.py --seed S --programs K -o out.cu
    python3 gen.py --seed S --programs K --list-features

One file holds K independent programs. Program k's kernels and device
functions are named p{k}_*; run_p{k}() prints one line
`p{k} <hash> <host error codes...> e <device error counters...>`, or
`p{k} host-error <code>` when a host call fails. main() prints `done`.

Every program obeys CDP2's ordering rules only (a child sees what its parent
thread wrote before the launch; one thread's launches into the implicit or one
device-created stream run in order; a tail launch runs after its grid and all
that grid's work; the host sees everything after cudaDeviceSynchronize), writes
outputs only with integer atomics of one kind per array or as single-writer
plain stores, and never reads what another grid may still be writing. So its
output does not depend on scheduling, and a correct rewrite prints the same.

Same seed and K give a byte-identical file: all choices come from
random.Random seeded with a string (sha512 based, independent of
PYTHONHASHSEED); program k does not depend on K.
Python 3.11 standard library only.
"""

import argparse
import random
import sys

# ---------------------------------------------------------------------------
# Shared host helpers (not part of any program).

FILE_HELPERS = r'''#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

#define DT_CK(k, call)                                                        \
  do {                                                                        \
    cudaError_t dt_e = (call);                                                \
    if (dt_e != cudaSuccess) {                                                \
      printf("p%d host-error %d\n", (k), (int)dt_e);                          \
      return;                                                                 \
    }                                                                         \
  } while (0)

static unsigned char dt_stage[1 << 20];

static unsigned dt_lcg(unsigned long long *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)(*s >> 33);
}

// kind 0: zero; 1: random; 2: random & a; 3: work sizes (a% zero, b% tiny,
// c% large, the rest typical); 4: every element a.
static cudaError_t dt_make(void **d, unsigned count, unsigned esize, int kind, unsigned a,
                           unsigned b, unsigned c, unsigned long long *s) {
  for (unsigned j = 0; j < count; ++j) {
    unsigned long long v = 0;
    if (kind == 1) {
      v = dt_lcg(s);
      if (esize == 8) v = (v << 32) ^ dt_lcg(s);
    } else if (kind == 2) {
      v = dt_lcg(s) & a;
    } else if (kind == 3) {
      unsigned r = dt_lcg(s), p = r % 100u, q = r / 100u;
      v = p < a ? 0u : p < a + b ? 1u + q % 5u : p >= 100u - c ? 2000u + q % 18001u : 20u + q % 281u;
    } else if (kind == 4) {
      v = a;
    }
    if (esize == 8) ((unsigned long long *)dt_stage)[j] = v;
    else ((unsigned *)dt_stage)[j] = (unsigned)v;
  }
  cudaError_t e = cudaMalloc(d, (size_t)count * esize);
  if (e != cudaSuccess) return e;
  return cudaMemcpy(*d, dt_stage, (size_t)count * esize, cudaMemcpyHostToDevice);
}

static cudaError_t dt_hash(unsigned long long *h, const void *d, size_t bytes) {
  cudaError_t e = cudaMemcpy(dt_stage, d, bytes, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) return e;
  for (size_t j = 0; j < bytes; ++j) {
    *h ^= dt_stage[j];
    *h *= 1099511628211ULL;
  }
  return cudaSuccess;
}
'''

# Device buffers of every program: name, element type, const in kernels.
BUFS = [
    ('in', 'unsigned', True),
    ('sz', 'unsigned', True),
    ('accA', 'unsigned long long', False),  # atomicAdd only
    ('accB', 'unsigned', False),            # atomicAdd only
    ('accX', 'unsigned', False),            # atomicXor only
    ('accM', 'int', False),                 # atomicMax only
    ('accN', 'unsigned', False),            # atomicMin only
    ('accI', 'int', False),                 # atomicAdd only
    ('slot', 'unsigned', False),            # one writer per element per host launch
    ('chain', 'unsigned', False),           # written by chain A, read by chain B
    ('res', 'unsigned long long', False),   # written by tail-launched kernels
    ('errs', 'int', False),                 # atomicAdd only
    ('fb', 'unsigned', True),               # written by host-launched fold only
]
BUF_TYPE = {b[0]: b[1] for b in BUFS}
BUF_CONST = {b[0]: b[2] for b in BUFS}
BUF_INDEX = {b[0]: i for i, b in enumerate(BUFS)}
NE = 8  # errs entries

BUDGET = 2800  # device-side launches per program, upper bound


def param_decl(name):
    t = BUF_TYPE[name]
    return f'{"const " if BUF_CONST[name] else ""}{t} *{name}'


class Child:
    """A leaf child kernel (launches nothing)."""

    def __init__(self):
        self.name = ''
        self.kind = ''
        self.dims = '1d'      # '1d': only 1-D grids and blocks; 'any'
        self.warp = False     # block size must be a multiple of 32
        self.maxb = 1024      # largest block it may be launched with
        self.dyn = False      # needs dynamic shared memory of tpb unsigneds
        self.tmpl = False
        self.params = []      # (decl, role)
        self.code = ''
        self.huge_ok = False  # may get the (0u - 1) / B + 1 grid


class Site:
    def __init__(self, kind):
        self.kind = kind
        self.cost = 1       # launches per execution by one parent thread
        self.limit = None   # at most this many parent threads execute it
        self.slots = 1      # lid slots it needs (per parent thread)


class Prog:
    def __init__(self, k, rng, wait_rng=None, own_streams=False, postwork=False):
        self.k = k
        self.r = rng
        # --postwork: the parents add to accI after some launches (with no
        # error check between, so that a wait drawn there is followed by
        # that code: CDP1 postwork) and at the end of their code. accI is
        # atomicAdd-only, so the sums do not depend on when that code runs.
        self.postwork = postwork
        self.post_here = False    # launch() is in a parent, which has accI
        # --own-streams: device-created streams in the plain form (create,
        # launch, destroy, each a statement) instead of the checked one; no
        # random draw changes, so the program computes the same.
        self.own_streams = own_streams
        # --waits: legacy CDP1 waits after device-side launches, drawn from
        # a random stream of their own so that the program is otherwise the
        # one generated without them.
        self.wait_rng = wait_rng
        self.p = f'p{k}_'
        self.feats = set()
        self.chunks = []          # device code, in order
        self.children = []
        self.need = set()         # device position helpers needed
        self.vn = 0               # unique variable counter
        self.huge_used = False
        self.kernel_no = 0
        r = rng
        self.NA = r.choice([61, 64, 128, 200, 256, 512])
        self.NIN = r.choice([97, 256, 1000, 4096])
        self.NSZ = r.choice([64, 100, 256, 1024])
        self.CAP = r.choice([4, 8, 8, 16])
        self.mixc = (r.randrange(1, 1 << 31) * 2 + 1, r.randrange(1 << 32), r.choice([13, 15, 16, 17]))
        self.zero_pct = r.randint(8, 25)
        self.tiny_pct = r.randint(15, 30)
        self.large_pct = r.choice([0, 1, 2, 3, 5, 8])

    # -- small helpers -----------------------------------------------------
    def feat(self, *names):
        for n in names:
            self.feats.add(n)

    def v(self, base):
        self.vn += 1
        return f'{base}{self.vn}'

    def kname(self, base):
        self.kernel_no += 1
        return f'{self.p}{base}{self.kernel_no}'

    def mix(self, a, b):
        return f'{self.p}mix({a}, {b})'

    def u(self, x):
        return f'{x}u'

    # -- children ----------------------------------------------------------
    def pos_lines(self, pos, needs):
        """Lines computing gid (and tid, tpb, bid when in needs)."""
        p = self.p
        out = []
        if pos in ('x', 'fn1'):
            if 'tid' in needs:
                out.append('unsigned tid = threadIdx.x;')
            if 'tpb' in needs:
                out.append('unsigned tpb = blockDim.x;')
            if 'bid' in needs:
                out.append('unsigned bid = blockIdx.x;')
            if pos == 'x':
                out.append('unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;')
            else:
                self.need.add('gid1')
                out.append(f'unsigned gid = {p}gid1();')
        elif pos == 'xyz':
            out += ['unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);',
                    'unsigned tpb = blockDim.x * blockDim.y * blockDim.z;',
                    'unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);',
                    'unsigned gid = bid * tpb + tid;']
        else:  # fnz
            self.need.add('gidz')
            if 'tid' in needs:
                out.append(f'unsigned tid = {p}tidz();')
            if 'tpb' in needs:
                out.append('unsigned tpb = blockDim.x * blockDim.y * blockDim.z;')
            if 'bid' in needs:
                out.append('unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);')
            out.append(f'unsigned gid = {p}gidz();')
        return out

    OPS = {
        'add64': ('accA', 'atomicAdd(&accA[{i}], (unsigned long long){v});'),
        'add32': ('accB', 'atomicAdd(&accB[{i}], {v});'),
        'xor': ('accX', 'atomicXor(&accX[{i}], {v});'),
        'max': ('accM', 'atomicMax(&accM[{i}], (int){v});'),
        'min': ('accN', 'atomicMin(&accN[{i}], {v});'),
        'addi': ('accI', 'atomicAdd(&accI[{i}], (int)({v} & 0xffffu));'),
    }

    def op(self, name, idx, val):
        return self.OPS[name][1].format(i=idx, v=val)

    def idx(self, a, b):
        return f'({a} + {b} * {self.r.choice([1, 3, 5, 7, 11])}u) % {self.NA}u'

    def new_child(self, kind=None, for_huge=False):
        r = self.r
        p = self.p
        c = Child()
        if kind is None:
            kind = r.choices(['atomic', 'early', 'disjoint', 'smem', 'dyn', 'shfl', 'ballot', 'tmpl'],
                             [16, 12, 10, 8, 7, 7, 6, 8])[0]
        c.kind = kind
        c.name = self.kname('c')
        if for_huge:
            pos = 'x'
        else:
            pos = r.choices(['x', 'xyz', 'fn1', 'fnz'], [4, 4, 1, 2])[0]
        c.dims = '1d' if pos in ('x', 'fn1') else 'any'
        if pos == 'xyz':
            self.feat('child-all-builtins')
        if pos in ('fn1', 'fnz'):
            self.feat('child-devfunc')
        use_in = r.random() < 0.5
        lb = None
        if not for_huge and r.random() < 0.18:
            lb = r.choice([64, 128, 256, 512])
            c.maxb = lb
            self.feat('child-launch-bounds')
        body = []
        vexpr = self.mix('key', 'gid')
        if use_in:
            vexpr = self.mix(f'key ^ in[(gid + key) % {self.NIN}u]', 'gid')
        params = []
        if kind in ('atomic', 'early', 'disjoint'):
            body += self.pos_lines(pos, set())
            opn = r.choice(list(self.OPS))
            buf = self.OPS[opn][0]
            params.append((param_decl(buf), buf))
            if kind == 'disjoint':
                params.append((param_decl('slot'), 'slot'))
            if kind == 'atomic':
                body.append(f'if (gid < n) {{')
                body.append(f'  unsigned v = {vexpr};')
                body.append('  ' + self.op(opn, self.idx('key', 'gid'), 'v'))
                body.append('}')
                self.feat('child-atomic')
            elif kind == 'early':
                body.append('if (gid >= n)')
                body.append('  return;')
                body.append(f'unsigned v = {vexpr};')
                body.append(self.op(opn, self.idx('key', 'gid'), 'v'))
                if r.random() < 0.4:
                    op2 = r.choice([o for o in self.OPS if o != opn])
                    b2 = self.OPS[op2][0]
                    params.append((param_decl(b2), b2))
                    body.append(self.op(op2, self.idx('gid', 'key'), 'v ^ n'))
                self.feat('child-early-return')
            else:
                body.append('if (gid >= n)')
                body.append('  return;')
                body.append(f'unsigned v = {vexpr};')
                body.append(f'if (gid < {self.CAP}u)')
                body.append(f'  slot[lid * {self.CAP}u + gid] = v;')
                body.append('else')
                body.append('  ' + self.op(opn, self.idx('key', 'gid'), 'v'))
                self.feat('child-disjoint')
        elif kind in ('smem', 'dyn'):
            body += self.pos_lines(pos, {'tid', 'tpb', 'bid'})
            if kind == 'smem':
                if c.maxb > 256 and r.random() < 0.6:
                    c.maxb = 256
                arr = f'{c.name}_sh'
                body.insert(0, f'__shared__ unsigned {arr}[{c.maxb}];')
                self.feat('child-static-smem')
            else:
                arr = f'{c.name}_dyn'
                body.insert(0, f'extern __shared__ unsigned {arr}[];')
                c.dyn = True
                if c.maxb > 512:
                    c.maxb = 512
                self.feat('child-dyn-smem')
            body.append(f'unsigned v = gid < n ? {vexpr} : 0u;')
            body.append(f'{arr}[tid] = v;')
            body.append('__syncthreads();')
            if kind == 'smem' or r.random() < 0.5:
                body.append('for (unsigned s = 1; s < tpb; s <<= 1) {')
                body.append(f'  if ((tid & (2u * s - 1u)) == 0u && tid + s < tpb)')
                body.append(f'    {arr}[tid] += {arr}[tid + s];')
                body.append('  __syncthreads();')
                body.append('}')
                opn = r.choice(['add64', 'add32', 'xor'])
                buf = self.OPS[opn][0]
                params.append((param_decl(buf), buf))
                body.append(f'if (tid == 0u && {arr}[0] != 0u)')
                body.append('  ' + self.op(opn, f'(key + bid) % {self.NA}u', f'{arr}[0]'))
            else:
                body.append(f'unsigned u = {arr}[(tid + 1u) % tpb];')
                opn = r.choice(['add32', 'xor', 'max', 'min'])
                buf = self.OPS[opn][0]
                params.append((param_decl(buf), buf))
                body.append('if (gid < n)')
                body.append('  ' + self.op(opn, self.idx('key', 'gid'), 'u * 3u + v + bid'))
        elif kind in ('shfl', 'ballot'):
            c.warp = True
            body += self.pos_lines(pos, {'tid'})
            body.append(f'unsigned v = gid < n ? {vexpr} : 0u;')
            if kind == 'shfl':
                body.append('for (int o = 16; o > 0; o >>= 1)')
                body.append('  v += __shfl_down_sync(0xffffffffu, v, o);')
                opn = r.choice(['add64', 'add32', 'xor'])
                buf = self.OPS[opn][0]
                params.append((param_decl(buf), buf))
                body.append('if ((tid & 31u) == 0u && v != 0u)')
                body.append('  ' + self.op(opn, f'(key + gid / 32u) % {self.NA}u', 'v'))
                self.feat('child-shfl')
            else:
                body.append('unsigned b = __ballot_sync(0xffffffffu, gid < n && (v & 1u) != 0u);')
                opn = r.choice(['xor', 'add32', 'max'])
                buf = self.OPS[opn][0]
                params.append((param_decl(buf), buf))
                body.append('if ((tid & 31u) == 0u)')
                body.append('  ' + self.op(opn, f'(key + gid / 32u) % {self.NA}u',
                                           'b * 2654435761u + (unsigned)__popc(b)'))
                self.feat('child-ballot')
        elif kind == 'tmpl':
            c.tmpl = True
            body += self.pos_lines(pos, set())
            params.append(('T *out', 'out'))
            if r.random() < 0.5:
                body.append('if (gid < n)')
                body.append(f'  atomicAdd(&out[{self.idx("key", "gid")}], (T)({vexpr} & 0xffffu));')
            else:
                body.append('if (gid >= n)')
                body.append('  return;')
                body.append(f'T v = (T)({vexpr} & 0xfffu);')
                body.append(f'atomicAdd(&out[{self.idx("gid", "key")}], v + (T)1);')
        else:
            raise AssertionError(kind)
        if use_in:
            params.append((param_decl('in'), 'in'))
        params.append(('unsigned n', 'n'))
        params.append(('unsigned key', 'key'))
        if kind == 'disjoint':
            params.append(('unsigned lid', 'lid'))
        if r.random() < 0.3:
            # shuffle the buffer parameters a little (the scalars stay last)
            bufs = [q for q in params if q[1] not in ('n', 'key', 'lid')]
            rest = [q for q in params if q[1] in ('n', 'key', 'lid')]
            r.shuffle(bufs)
            params = bufs + rest
        c.params = params
        head = ''
        if c.tmpl:
            head = 'template <typename T>\n'
        lbs = f'__launch_bounds__({lb}) ' if lb else ''
        if lb and r.random() < 0.3:
            lbs = f'__launch_bounds__({lb}, 2) '
        sig = f'{head}__global__ void {lbs}{c.name}({", ".join(d for d, _ in params)})'
        c.code = sig + '\n{\n' + ''.join('  ' + l + '\n' for l in body) + '}\n'
        c.huge_ok = for_huge
        self.chunks.append(c.code)
        self.children.append(c)
        return c

    def pick_child(self, kinds=None):
        """An existing child (sometimes: the same child from two sites) or a new
        one, of one of kinds (default: any leaf kind)."""
        r = self.r
        cands = [c for c in self.children if (kinds is None or c.kind in kinds) and not c.huge_ok]
        if cands and r.random() < 0.3:
            self.feat('ctx-same-child-two-sites')
            return r.choice(cands)
        if kinds is None:
            return self.new_child()
        return self.new_child(r.choice(kinds))

    # -- launch shapes -----------------------------------------------------
    BLOCK2 = [(16, 8), (32, 4), (8, 8), (32, 2), (64, 4), (16, 16), (32, 8), (10, 10), (5, 3),
              (17, 2), (128, 2), (32, 32), (4, 8)]
    BLOCK3 = [(8, 4, 4), (4, 4, 4), (16, 4, 2), (32, 2, 2), (2, 3, 5), (8, 8, 4), (4, 4, 2),
              (8, 8, 8), (16, 8, 2), (1, 1, 1)]

    def block1(self, c):
        r = self.r
        if c.warp or r.random() < 0.8:
            opts = [32, 64, 96, 128, 128, 256, 256, 512, 1024]
        else:
            opts = [1, 7, 17, 33, 100, 250, 1000]
        opts = [b for b in opts if b <= c.maxb and (not c.warp or b % 32 == 0)]
        return r.choice(opts)

    def gridx(self, nvar, d, allow_huge):
        """Blocks for nvar threads, divisor d; returns (expr, feature)."""
        r = self.r
        if allow_huge:
            return f'({nvar} - 1u) / {d}u + 1u', 'idiom-minus-one'
        form = r.choices(['ceil', 'ceil2', 'minus', 'mod', 'shift'], [5, 3, 3, 3, 1])[0]
        if form == 'shift' and d & (d - 1) == 0 and d > 1:
            sh = d.bit_length() - 1
            return f'({nvar} + {d - 1}u) >> {sh}', 'idiom-ceil'
        if form == 'ceil':
            return f'({nvar} + {d - 1}u) / {d}u', 'idiom-ceil'
        if form == 'ceil2' or form == 'shift':
            return f'({nvar} + {d} - 1) / {d}', 'idiom-ceil'
        if form == 'minus':
            # int arithmetic: 0 threads still give one (idle) block
            return f'((int){nvar} - 1) / {d} + 1', 'idiom-minus-one'
        return f'{nvar} / {d}u + ({nvar} % {d}u == 0u ? 0u : 1u)', 'idiom-mod'

    def shape(self, nvar, c, huge=False):
        """Returns (pre_lines, grid, block, tpb)."""
        r = self.r
        if huge:
            b = (1024,) if c.maxb >= 1024 else (c.maxb,)
        elif c.dims == '1d' or r.random() < 0.45:
            b = (self.block1(c),)
        else:
            pool = self.BLOCK2 if r.random() < 0.6 else self.BLOCK3
            opts = [t for t in pool if _prod(t) <= c.maxb and (not c.warp or _prod(t) % 32 == 0)]
            b = r.choice(opts) if opts else (self.block1(c),)
        tpb = _prod(b)
        if len(b) == 2:
            self.feat('block-2d')
        if len(b) == 3:
            self.feat('block-3d')
        if tpb % 32 != 0:
            self.feat('block-odd')
        if tpb == 1024:
            self.feat('block-1024')
        gd = 1
        if c.dims == 'any' and not huge:
            gd = r.choices([1, 2, 3], [5, 3, 2])[0]
        gy = gz = 1
        if gd >= 2:
            gy = r.choice([2, 3, 4])
        if gd == 3:
            gz = r.choice([2, 3])
        gx, idiom = self.gridx(nvar, tpb * gy * gz, huge)
        self.feat(idiom)
        if gd == 2:
            self.feat('grid-2d')
        if gd == 3:
            self.feat('grid-3d')
        gparts = [gx] + ([str(gy)] if gd >= 2 else []) + ([str(gz)] if gd == 3 else [])
        bparts = [str(x) for x in b]
        pre = []
        if gd == 1 and len(b) == 1:
            form = r.choices(['inline', 'int', 'dim3var', 'inline-dim3'], [5, 2, 2, 1])[0]
        else:
            form = r.choices(['dim3var', 'inline-dim3', 'mixed'], [3, 3, 1])[0]
        if form == 'inline':
            grid, block = gx, bparts[0]
            self.feat('shape-inline-expr')
        elif form == 'int':
            gv, bv = self.v('nb'), self.v('bs')
            pre = [f'int {gv} = {gx};', f'int {bv} = {bparts[0]};']
            grid, block = gv, bv
            self.feat('shape-int-var')
        elif form == 'dim3var':
            gv, bv = self.v('g'), self.v('b')
            pre = [f'dim3 {gv}({", ".join(gparts)});', f'dim3 {bv}({", ".join(bparts)});']
            grid, block = gv, bv
            self.feat('shape-dim3-var')
        elif form == 'inline-dim3':
            grid = f'dim3({", ".join(gparts)})'
            block = f'dim3({", ".join(bparts)})'
            self.feat('shape-inline-dim3')
        else:  # mixed: whichever is 1-D as a plain expression
            grid = gx if gd == 1 else f'dim3({", ".join(gparts)})'
            block = bparts[0] if len(b) == 1 else f'dim3({", ".join(bparts)})'
            self.feat('shape-inline-dim3')
        return pre, grid, block, tpb

    # -- launch statements -------------------------------------------------
    def errcheck(self, out, ind):
        r = self.r
        e = r.randrange(NE - 1)
        form = r.choices(['none', 'get', 'peek', 'code'], [9, 6, 2, 3])[0]
        if form == 'none':
            return
        if form == 'get':
            ev = self.v('e')
            out(ind, f'cudaError_t {ev} = cudaGetLastError();')
            out(ind, f'if ({ev} != cudaSuccess)')
            out(ind, f'  atomicAdd(&errs[{e}], 1);')
            self.feat('dev-getlasterror')
        elif form == 'peek':
            out(ind, f'atomicAdd(&errs[{e}], (int)cudaPeekAtLastError());')
            self.feat('dev-peekatlasterror')
        else:
            out(ind, f'atomicAdd(&errs[{e}], (int)cudaGetLastError() * 3);')
            self.feat('dev-getlasterror')

    def args(self, c, nvar, key, lid, outbuf=None):
        a = []
        for _, role in c.params:
            if role == 'n':
                a.append(nvar)
            elif role == 'key':
                a.append(key)
            elif role == 'lid':
                a.append(lid)
            elif role == 'out':
                a.append(outbuf)
            else:
                a.append(role)
        return ', '.join(a)

    def launch(self, out, ind, c, nvar, key, lid, stream, huge=False):
        """One launch of leaf child c for nvar threads. stream: None, '0',
        'fnf', or a stream variable name."""
        r = self.r
        pre, grid, block, tpb = self.shape(nvar, c, huge)
        for l in pre:
            out(ind, l)
        name = c.name
        outbuf = None
        if c.tmpl:
            t = r.choice(['int', 'unsigned', 'unsigned long long'])
            outbuf = {'int': 'accI', 'unsigned': 'accB', 'unsigned long long': 'accA'}[t]
            if r.random() < 0.5:
                name = f'{c.name}<{t}>'
                self.feat('child-template-explicit')
            else:
                self.feat('child-template-deduced')
        cfg = [grid, block]
        smem = None
        if c.dyn:
            extra = r.choice([0, 0, 32])
            smem = f'{tpb + extra} * sizeof(unsigned)' if r.random() < 0.7 else f'{(tpb + extra) * 4}'
        elif stream is not None and r.random() < 0.1:
            smem = r.choice(['64', '256', '1024'])  # dynamic shared memory the child ignores
            self.feat('launch-unused-smem')
        if stream is None:
            if smem:
                cfg.append(smem)
            self.feat('stream-implicit')
        elif stream == '0':
            cfg += [smem or '0', '0']
            self.feat('stream-implicit-0')
        elif stream == 'fnf':
            cfg += [smem or '0', 'cudaStreamFireAndForget']
            self.feat('stream-fnf')
        else:
            cfg += [smem or '0', stream]
        out(ind, f'{name}<<<{", ".join(cfg)}>>>({self.args(c, nvar, key, lid, outbuf)});')
        post = self.postwork and self.post_here and r.random() < 0.5
        if not post:
            self.errcheck(out, ind)
        if self.wait_rng is not None and self.wait_rng.random() < (0.75 if post else 0.4):
            # CDP1: wait for the children. No parent reads what its children
            # write, so the output is the program's without the waits.
            out(ind, 'cudaDeviceSynchronize();')
        if post:
            out(ind, f'atomicAdd(&accI[({key} ^ {nvar}) % {self.NA}u], (int)({nvar} & 255u) + {r.randrange(1, 100)});')
            self.feat('postwork-after-launch')

    def pick_stream(self, allow_dev=True):
        r = self.r
        s = r.choices([None, '0', 'fnf', 'dev'], [5, 1, 4, 2 if allow_dev else 0])[0]
        return s

    def with_stream(self, out, ind, stream, body):
        """Emit body(out, ind, streamexpr) inside a device-created stream if
        stream == 'dev'."""
        if stream != 'dev':
            body(out, ind, stream)
            return
        sv = self.v('st')
        out(ind, f'cudaStream_t {sv};')
        if self.own_streams:
            out(ind, f'cudaStreamCreateWithFlags(&{sv}, cudaStreamNonBlocking);')
            body(out, ind, sv)
            out(ind, f'cudaStreamDestroy({sv});')
            self.feat('stream-device-plain')
            return
        out(ind, f'if (cudaStreamCreateWithFlags(&{sv}, cudaStreamNonBlocking) == cudaSuccess) {{')
        body(out, ind + 1, sv)
        out(ind + 1, f'cudaStreamDestroy({sv});')
        out(ind, '} else {')
        out(ind + 1, f'atomicAdd(&errs[{NE - 1}], 1000);')
        out(ind, '}')
        self.feat('stream-device')

    # -- recursive kernels ---------------------------------------------------
    def new_rec(self):
        """Self- or mutually recursive kernel(s). Returns (entry, params,
        depth, launches per top-level launch)."""
        r = self.r
        p = self.p
        mutual = r.random() < 0.3
        fan = r.choice([1, 2, 2, 3])
        depth = r.choice([2, 3, 4, 5] if fan < 3 else [2, 3, 4])
        leaf = None
        # (--postwork: more kernels whose one launch is the recursive one,
        # the shape consolidate takes by default when the thread waits.)
        if r.random() < (0.2 if self.postwork else 0.45):
            leaf = self.pick_child(['atomic', 'early', 'smem', 'dyn', 'shfl', 'ballot'])
        names = [self.kname('r')]
        if mutual:
            names.append(self.kname('r'))
            self.feat('rec-mutual')
        else:
            self.feat('rec-self')
        bufs = ['accA', 'errs']
        if leaf:
            for _, role in leaf.params:
                if role in BUF_TYPE and role not in bufs:
                    bufs.append(role)
        if 'in' not in bufs and r.random() < 0.5:
            bufs.append('in')
        params = [param_decl(b) for b in bufs] + ['unsigned n', 'unsigned depth', 'unsigned key']
        sig = ', '.join(params)
        if mutual:
            self.chunks.append(f'__global__ void {names[1]}({sig});\n')
        for idx, nm in enumerate(names):
            callee = names[(idx + 1) % len(names)]
            lines = []

            def out(ind, s):
                lines.append('  ' * ind + s)
            bs = r.choice([32, 64, 128, 256])
            out(1, 'unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;')
            val = self.mix('key', 'gid')
            if 'in' in bufs:
                val = self.mix(f'key ^ in[gid % {self.NIN}u]', 'gid')
            out(1, 'if (gid < n)')
            out(2, f'atomicAdd(&accA[(key + gid) % {self.NA}u], (unsigned long long)({val} + depth));')
            sites = []
            rec_stream = r.choices([None, 'fnf', 'dev', '0'], [4, 4, 2, 1])[0]
            sites.append('rec')
            if leaf:
                sites.append('leaf')
                r.shuffle(sites)
            out(1, 'if (depth == 0u)')
            out(2, 'return;')
            for s in sites:
                if s == 'rec':
                    out(1, f'if (gid < {fan}u) {{')
                    mv = 'm'
                    out(2, f'unsigned {mv} = n / 2u + gid;')
                    key2 = f'key * 31u + gid + 1u'
                    rb = r.choice([32, 64, 128])
                    gx, idiom = self.gridx(mv, rb, False)
                    self.feat(idiom)

                    def body(o, ind, st, gx=gx, rb=rb, key2=key2, callee=callee):
                        cfg = [gx, str(rb)]
                        if st == 'fnf':
                            cfg += ['0', 'cudaStreamFireAndForget']
                        elif st == '0':
                            cfg += ['0', '0']
                        elif st is not None:
                            cfg += ['0', st]
                        args = ', '.join(bufs + [mv, 'depth - 1u', key2])
                        o(ind, f'{callee}<<<{", ".join(cfg)}>>>({args});')
                        # --postwork: half the recursive launches are
                        # followed (with --waits, 75% after a wait) by an
                        # add to the atomicAdd-only accA: CDP1 postwork.
                        post = self.postwork and r.random() < 0.5
                        if not post:
                            self.errcheck(o, ind)
                            return
                        if self.wait_rng is not None and self.wait_rng.random() < 0.75:
                            o(ind, 'cudaDeviceSynchronize();')
                        o(ind, f'atomicAdd(&accA[({key2} ^ {mv}) % {self.NA}u], '
                               f'(unsigned long long)({mv} & 255u) + {r.randrange(1, 100)}ull);')
                        self.feat('postwork-after-rec-launch')
                    self.with_stream(out, 2, rec_stream, body)
                    out(1, '}')
                else:
                    out(1, 'if (gid == 0u) {')
                    lv = 'ln'
                    out(2, f'unsigned {lv} = n + depth;')
                    lst = self.pick_stream(allow_dev=False)
                    if lst != rec_stream:
                        self.feat('rec-mixed-streams')
                    self.launch(out, 2, leaf, lv, 'key ^ depth', '0u', lst)
                    out(1, '}')
            if leaf:
                self.feat('rec-mixed-sites')
            self.chunks.append(f'__global__ void {nm}({sig})\n{{\n' + '\n'.join(lines) + '\n}\n')
        nodes = sum(fan ** d for d in range(depth + 1))
        cost = nodes * (2 if leaf else 1)
        return names[0], bufs, depth, cost

    # -- tail-launched and host-launched helpers -----------------------------
    def post_kernel(self):
        if hasattr(self, '_post'):
            return self._post
        r = self.r
        nm = self.kname('post')
        form = r.choice(['transform', 'fold'])
        lines = ['  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;',
                 f'  if (t >= {self.NA}u)', '    return;']
        if form == 'transform':
            lines.append(f'  res[part * {self.NA}u + t] = accA[t] * 31ull + (unsigned long long)(accB[t] ^ accX[t]) + t + part;')
        else:
            lines.append(f'  unsigned long long s = accA[t] + part;')
            lines.append(f'  for (unsigned j = t; j < nslot; j += {self.NA}u)')
            lines.append(f'    s = s * 1099511628211ull + slot[j];')
            lines.append(f'  res[part * {self.NA}u + t] = s ^ ((unsigned long long)(unsigned)accM[t] << 20) ^ accN[t];')
        sig = (f'__global__ void {nm}(const unsigned long long *accA, const unsigned *accB, const unsigned *accX, '
               f'const int *accM, const unsigned *accN, const unsigned *slot, unsigned nslot, '
               f'unsigned long long *res, unsigned part)')
        self.chunks.append(sig + '\n{\n' + '\n'.join(lines) + '\n}\n')
        self._post = nm
        return nm

    def free_kernel(self):
        if hasattr(self, '_free'):
            return self._free
        nm = self.kname('free')
        self.chunks.append(f'__global__ void {nm}(unsigned *b)\n{{\n  cudaFree(b);\n}}\n')
        self._free = nm
        return nm

    def scratch_child(self):
        if hasattr(self, '_scr'):
            return self._scr
        c = Child()
        c.name = self.kname('scr')
        c.kind = 'scratch'
        c.params = [(param_decl('accA'), 'accA'), ('const unsigned *buf', 'buf'), ('unsigned m', 'm'),
                    ('unsigned n', 'n'), ('unsigned key', 'key')]
        c.code = (f'__global__ void {c.name}({", ".join(d for d, _ in c.params)})\n{{\n'
                  '  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;\n'
                  '  if (gid < n)\n'
                  f'    atomicAdd(&accA[(gid * 7u + key) % {self.NA}u], (unsigned long long)buf[gid % m] * (gid + 1u));\n'
                  '}\n')
        self.chunks.append(c.code)
        self._scr = c
        return c

    def chain_children(self):
        r = self.r
        a, b = Child(), Child()
        a.name, b.name = self.kname('ca'), self.kname('cb')
        a.kind, b.kind = 'chainA', 'chainB'
        a.params = [(param_decl('chain'), 'chain'), (param_decl('accB'), 'accB'), ('unsigned n', 'n'),
                    ('unsigned key', 'key'), ('unsigned lid', 'lid')]
        b.params = [(param_decl('chain'), 'chain'), (param_decl('accX'), 'accX'), ('unsigned n', 'n'),
                    ('unsigned key', 'key'), ('unsigned lid', 'lid')]
        cap = self.CAP
        a.code = (f'__global__ void {a.name}({", ".join(d for d, _ in a.params)})\n{{\n'
                  '  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;\n'
                  '  if (gid >= n)\n    return;\n'
                  f'  unsigned v = {self.mix("key", "gid")};\n'
                  f'  if (gid < {cap}u)\n    chain[lid * {cap}u + gid] = v;\n'
                  f'  else\n    atomicAdd(&accB[(v ^ gid) % {self.NA}u], v >> 3);\n'
                  '}\n')
        # B reads A's slots (A ran before it: same thread, same stream)
        b.code = (f'__global__ void {b.name}({", ".join(d for d, _ in b.params)})\n{{\n'
                  '  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;\n'
                  f'  if (gid >= {cap}u || gid > n)\n    return;\n'
                  f'  unsigned c = chain[lid * {cap}u + gid];\n'
                  f'  atomicXor(&accX[(key + gid) % {self.NA}u], c * (gid + 3u) + key);\n'
                  '}\n')
        self.chunks.append(a.code)
        self.chunks.append(b.code)
        return a, b

    # -- parents -------------------------------------------------------------
    def gen_parent(self, budget, host_feed, allow_huge):
        """Generate one parent kernel. Returns a dict describing it."""
        r = self.r
        p = self.p
        P = {}
        name = self.kname('parent')
        P['name'] = name
        two_d = r.random() < 0.3
        if two_d:
            bx, by = r.choice([(16, 4), (8, 8), (32, 2), (16, 2), (8, 4), (32, 4), (4, 4)])
        else:
            bx, by = r.choice([32, 64, 64, 128, 128, 256, 96, 40]), 1
        tpb = bx * by
        mode = r.choices(['every', 'thread0', 'some'], [5, 3, 2])[0]
        # The --postwork family favours what CDP1 postwork looks like: one
        # site, no shared-memory epilogue, fewer tail launches.
        smem = r.random() < (0.1 if self.postwork else 0.25)
        tail = r.random() < (0.15 if self.postwork else 0.45)
        tail_all = tail and r.random() < 0.3
        self.feat('parent-2d' if two_d else 'parent-1d')
        self.feat({'every': 'parent-every-thread', 'thread0': 'parent-thread0',
                   'some': 'parent-some-threads'}[mode])
        # sites
        nsites = r.choices([1, 2, 3, 4], [8, 3, 1, 0] if self.postwork else [3, 4, 3, 1])[0]
        kinds = []
        for _ in range(nsites):
            kinds.append(r.choices(['simple', 'chain', 'rec', 'malloc', 'huge'],
                                   [14, 3, 4, 2, 1 if allow_huge and not self.huge_used else 0])[0])
            if kinds[-1] == 'huge':
                self.huge_used = True
        if allow_huge and r.random() < 0.03 and not self.huge_used:
            kinds.append('huge')
            self.huge_used = True
        if len(kinds) > 1:
            self.feat('ctx-multi-site')
        # Device code of each site is generated into lines now; the parent's
        # frame is wrapped around it afterwards.
        site_lines = []
        deferred = []   # each launching thread's last statements
        helpers = []
        sites = []
        NSL = len(kinds)

        def sl(ind, s):
            site_lines.append('  ' * ind + s)

        for si, kind in enumerate(kinds):
            S = Site(kind)
            key = f'key + {r.randrange(1, 1 << 16)}u'
            lid0 = f'lidb + {si * 4}u'
            if kind == 'simple':
                ctx = r.choices(['uncond', 'if', 'ifelse', 'loop', 'helper'],
                                [6, 5, 1, 1, 1] if self.postwork else [4, 2, 2, 3, 3])[0]
                self.post_here = ctx != 'helper'
                c = self.pick_child()
                stream = self.pick_stream()
                nexpr = r.choice(['w', 'w', 'w', 'w / 2u + 1u', 'w * 2u', 'w % 97u', '(w >> 2)', 'w + 3u'])
                if ctx == 'uncond':
                    nv = self.v('n')
                    sl(1, f'unsigned {nv} = {nexpr};')
                    self.with_stream(sl, 1, stream, lambda o, i, st: self.launch(o, i, c, nv, key, lid0, st))
                    self.feat('ctx-uncond')
                elif ctx == 'if':
                    nv = self.v('n')
                    cond = r.choice(['w > 16u', 'w != 0u', '(w & 1u) == 0u', 'w < 1000u', 'pid % 3u != 1u'])
                    sl(1, f'if ({cond}) {{')
                    sl(2, f'unsigned {nv} = {nexpr};')
                    self.with_stream(sl, 2, stream, lambda o, i, st: self.launch(o, i, c, nv, key, lid0, st))
                    sl(1, '}')
                    self.feat('ctx-if')
                elif ctx == 'ifelse':
                    c2 = self.pick_child() if r.random() < 0.7 else c
                    st2 = self.pick_stream()
                    nv = self.v('n')
                    cond = r.choice(['w % 3u == 0u', 'w > 100u', '(pid & 1u) != 0u', 'w < 5u'])
                    sl(1, f'if ({cond}) {{')
                    sl(2, f'unsigned {nv} = {nexpr};')
                    self.with_stream(sl, 2, stream, lambda o, i, st: self.launch(o, i, c, nv, key, lid0, st))
                    sl(1, '} else {')
                    nv2 = self.v('n')
                    sl(2, f'unsigned {nv2} = w + 1u;')
                    self.with_stream(sl, 2, st2, lambda o, i, st: self.launch(o, i, c2, nv2, key + ' * 3u', lid0, st))
                    sl(1, '}')
                    self.feat('ctx-if-else')
                elif ctx == 'loop':
                    it = r.choice([1, 2, 3, 4])
                    jv = self.v('j')
                    bound = f'{it}u' if r.random() < 0.7 else '(w & 3u) + 1u'
                    if bound != f'{it}u':
                        it = 4
                    S.cost = it
                    nv = self.v('n')
                    if stream == 'dev' and r.random() < 0.5:
                        # one device stream for the whole loop: launches in order
                        def body(o, i, st, jv=jv, bound=bound, nv=nv):
                            o(i, f'for (unsigned {jv} = 0; {jv} < {bound}; ++{jv}) {{')
                            o(i + 1, f'unsigned {nv} = w / ({jv} + 1u) + {jv};')
                            self.launch(o, i + 1, c, nv, f'{key} + {jv}', f'{lid0} + {jv}', st)
                            o(i, '}')
                        self.with_stream(sl, 1, 'dev', body)
                    else:
                        sl(1, f'for (unsigned {jv} = 0; {jv} < {bound}; ++{jv}) {{')
                        sl(2, f'unsigned {nv} = w / ({jv} + 1u) + {jv};')
                        self.with_stream(sl, 2, stream, lambda o, i, st: self.launch(o, i, c, nv, f'{key} + {jv}', f'{lid0} + {jv}', st))
                        sl(1, '}')
                    self.feat('ctx-loop')
                else:  # helper
                    hn = self.kname('launch')
                    bufs = []
                    for _, role in c.params:
                        if role in BUF_TYPE and role not in bufs:
                            bufs.append(role)
                    if c.tmpl:
                        bufs += [b for b in ('accA', 'accB', 'accI') if b not in bufs]
                    if 'errs' not in bufs:
                        bufs.append('errs')
                    hl = []

                    def ho(ind, s):
                        hl.append('  ' * ind + s)
                    self.with_stream(ho, 1, stream, lambda o, i, st: self.launch(o, i, c, 'w', 'key', 'lid', st))
                    hsig = f'__device__ void {hn}({", ".join([param_decl(b) for b in bufs] + ["unsigned w", "unsigned key", "unsigned lid"])})'
                    helpers.append(hsig + '\n{\n' + '\n'.join(hl) + '\n}\n')
                    calls = 2 if r.random() < 0.3 else 1
                    for ci in range(calls):
                        nv = self.v('n')
                        sl(1, f'unsigned {nv} = {nexpr if ci == 0 else "w + " + str(ci)};')
                        sl(1, f'{hn}({", ".join(bufs + [nv, key + (" + 77u" if ci else ""), f"{lid0} + {ci}u"])});')
                    if calls == 2:
                        self.feat('ctx-same-child-two-sites')
                    S.cost = calls
                    self.feat('ctx-helper')
                self.post_here = False
            elif kind == 'chain':
                a, b = self.chain_children()
                dev = r.random() < 0.5
                ctx = r.choice(['uncond', 'loop'])
                it = r.choice([2, 3]) if ctx == 'loop' else 1
                S.cost = 2 * it
                self.feat('chain-device-stream' if dev else 'chain-implicit')

                def body(o, i, st, a=a, b=b, it=it, key=key, lid0=lid0):
                    if it > 1:
                        jv = self.v('j')
                        o(i, f'for (unsigned {jv} = 0; {jv} < {it}u; ++{jv}) {{')
                        i += 1
                        kk, ll = f'{key} + {jv}', f'{lid0} + {jv}'
                    else:
                        kk, ll = key, lid0
                    nv = self.v('n')
                    o(i, f'unsigned {nv} = w;')
                    self.launch(o, i, a, nv, kk, ll, st)
                    nb = self.v('n')
                    o(i, f'unsigned {nb} = w + 1u;')
                    self.launch(o, i, b, nb, kk, ll, st)
                    if it > 1:
                        o(i - 1, '}')
                self.with_stream(sl, 1, 'dev' if dev else r.choice([None, '0']), body)
            elif kind == 'rec':
                entry, bufs, depth, cost = self.new_rec()
                lim = r.choice([1, 1, 2, 3, 4])
                while lim > 1 and lim * (cost + 1) > budget // 2:
                    lim -= 1
                S.cost = cost
                S.limit = lim
                cond = f'pid < {lim}u'
                sl(1, f'if ({cond}) {{')
                nv = self.v('n')
                sl(2, f'unsigned {nv} = w % 300u + {r.choice([0, 1, 5])}u;')
                rb = r.choice([32, 64, 128, 256])
                gx, idiom = self.gridx(nv, rb, False)
                self.feat(idiom)
                st = r.choice([None, 'fnf', 'fnf', '0'])
                cfg = [gx, str(rb)] + ({'fnf': ['0', 'cudaStreamFireAndForget'], '0': ['0', '0']}.get(st, []))
                sl(2, f'{entry}<<<{", ".join(cfg)}>>>({", ".join(bufs + [nv, f"{depth}u", key])});')
                self.errcheck(sl, 2)
                sl(1, '}')
            elif kind == 'malloc':
                sc = self.scratch_child()
                lim = r.choice([1, 2, 4, 8])
                free = r.random() < 0.6
                S.cost = 2 if free else 1
                S.limit = lim
                bv, mv = self.v('buf'), self.v('m')
                # CUDA 13 on an H200 hangs the grid when a strict subset (two
                # or more) of a warp's threads tail-launch and the warp then
                # launches again (probe: test h4 in the gen.py report). So a
                # tail launch right after this site only where one thread per
                # warp gets here; else each thread's last launch, at the end.
                single = (lim == 1 or mode == 'thread0') and not tail_all
                defer = free and (not single or r.random() < 0.3)
                if defer:
                    sl(1, f'unsigned *{bv} = 0;')
                sl(1, f'if (pid < {lim}u) {{')
                sl(2, f'unsigned {mv} = (w & 31u) + 1u;')
                if not defer:
                    sl(2, f'unsigned *{bv} = 0;')
                sl(2, f'if (cudaMalloc((void **)&{bv}, {mv} * sizeof(unsigned)) == cudaSuccess && {bv} != 0) {{')
                sl(3, f'for (unsigned q = 0; q < {mv}; ++q)')
                sl(4, f'{bv}[q] = {self.mix("key", "q")} ^ w;')
                nv = self.v('n')
                sl(3, f'unsigned {nv} = w;')
                rb = r.choice([32, 64, 128])
                gx, idiom = self.gridx(nv, rb, False)
                self.feat(idiom)
                st = r.choice([None, 'fnf'])
                cfg = [gx, str(rb)] + (['0', 'cudaStreamFireAndForget'] if st else [])
                sl(3, f'{sc.name}<<<{", ".join(cfg)}>>>(accA, {bv}, {mv}, {nv}, {key});')
                self.errcheck(sl, 3)
                if free and not defer:
                    sl(3, f'{self.free_kernel()}<<<1, 1, 0, cudaStreamTailLaunch>>>({bv});')
                    self.feat('dev-free-tail')
                if defer:
                    deferred.append(f'if ({bv} != 0)')
                    deferred.append(f'  {self.free_kernel()}<<<1, 1, 0, cudaStreamTailLaunch>>>({bv});')
                    self.feat('dev-free-tail', 'dev-free-tail-at-end')
                sl(2, '} else {')
                sl(3, f'atomicAdd(&errs[{NE - 1}], 100);')
                sl(2, '}')
                sl(1, '}')
                self.feat('dev-malloc')
            else:  # huge: unsigned n that may be 0 -> (0u - 1) / B + 1 blocks
                c = self.new_child(r.choice(['atomic', 'early']), for_huge=True)
                S.limit = 1
                sl(1, 'if (pid == 0u) {')
                nv = self.v('n')
                sl(2, f'unsigned {nv} = (w % 2u == 1u) ? 0u : w;')
                self.launch(sl, 2, c, nv, key, lid0, r.choice([None, 'fnf']), huge=True)
                sl(1, '}')
                self.feat('huge-grid-unsigned-zero')
            sites.append(S)
        # launch budget: how many parent threads may launch
        tails = 0
        if tail:
            tails = min(tpb, 32) if tail_all else 1
        per = sum(s.cost for s in sites if s.limit is None)
        lim_part = sum(s.cost * s.limit for s in sites if s.limit is not None)
        lim_part += sum(s.limit for s in sites if s.kind == 'malloc')
        avail = budget - tails - lim_part
        if per == 0:
            max_launchers = 512
        else:
            max_launchers = max(1, min(512, avail // per))
        # parent grid: enough threads for max launchers (mode dependent)
        if mode == 'every':
            nmax = max(1, min(max_launchers, r.choice([8, 32, 64, 100, 200, 300, 512])))
            nblk = -(-nmax // tpb) + r.choice([0, 0, 1])
        elif mode == 'thread0':
            nblk = max(1, min(max_launchers, r.choice([1, 2, 4, 8, 16, 40])))
            nmax = nblk * tpb
        else:
            S_ = r.choice([2, 3, 5, 8, 16])
            nmax = max(1, min(max_launchers * S_, r.choice([64, 128, 300, 600])))
            nblk = -(-nmax // tpb)
            P['stride'] = S_
        if two_d:
            gy = r.choice([1, 2, 3]) if nblk >= 2 else 1
            gx = -(-nblk // gy)
            nblk = gx * gy
            P['grid'] = (gx, gy)
        else:
            P['grid'] = (nblk,)
        P['block'] = (bx, by) if two_d else (bx,)
        total = nblk * tpb
        nmax = min(nmax, total)
        P['nmax'] = nmax
        # pid bound (for lid space)
        if mode == 'every':
            npid = nmax
        elif mode == 'thread0':
            npid = nblk
        else:
            npid = -(-total // P['stride'])
        P['npid'] = npid
        P['nsl'] = NSL
        P['tails'] = tails
        P['per_host_launch'] = per * (max_launchers if mode != 'thread0' else nblk) + lim_part + tails
        # count exactly: launchers bounded by nmax / blocks
        if mode == 'every':
            launchers = nmax
        elif mode == 'thread0':
            launchers = nblk
        else:
            launchers = -(-nmax // P['stride'])
        P['launches'] = per * launchers + lim_part + tails
        # --- the kernel text -------------------------------------------------
        body = []

        def b(ind, s):
            body.append('  ' * ind + s)
        if two_d:
            b(1, 'unsigned tid = threadIdx.y * blockDim.x + threadIdx.x;')
            b(1, 'unsigned blk = blockIdx.y * gridDim.x + blockIdx.x;')
            b(1, 'unsigned tpb = blockDim.x * blockDim.y;')
        else:
            b(1, 'unsigned tid = threadIdx.x;')
            b(1, 'unsigned blk = blockIdx.x;')
            b(1, 'unsigned tpb = blockDim.x;')
        b(1, 'unsigned i = blk * tpb + tid;')
        if tail:
            post = self.post_kernel()
            P['post'] = post
            nslot_expr = 'nslot'
            if tail_all:
                b(1, f'if (blk == 0u && tid < {tails}u)')
                self.feat('tail-every-thread')
                part = 'tid'
            else:
                b(1, 'if (i == 0u)')
                part = '0u'
            pb = r.choice([64, 128, 256])
            b(2, f'{post}<<<{-(-self.NA // pb)}, {pb}, 0, cudaStreamTailLaunch>>>(accA, accB, accX, accM, accN, slot, {nslot_expr}, res, {part});')
            self.feat('tail-postwork')
        shv = f'{name}_sh'
        if smem:
            b(1, f'__shared__ unsigned {shv}[{tpb}];')
            b(1, f'{shv}[tid] = in[(i * 7u + tag) % {self.NIN}u];')
            b(1, '__syncthreads();')
            b(1, f'unsigned nb = {shv}[(tid + 1u) % tpb];')
            self.feat('parent-smem-sync')
        if mode == 'every':
            cond, pid = 'i < n', 'i'
        elif mode == 'thread0':
            cond, pid = 'i < n && tid == 0u', 'blk'
        else:
            cond, pid = f'i < n && i % {P["stride"]}u == 0u', f'i / {P["stride"]}u'
        guard_style = 'block' if smem or r.random() < 0.35 else 'return'
        ind = 1
        if guard_style == 'return':
            b(1, 'if (i >= n)')
            b(2, 'return;')
            if mode == 'thread0':
                b(1, 'if (tid != 0u)')
                b(2, 'return;')
            elif mode == 'some':
                b(1, f'if (i % {P["stride"]}u != 0u)')
                b(2, 'return;')
            self.feat('parent-early-return', 'ctx-after-return')
        else:
            b(1, f'if ({cond}) {{')
            ind = 2
        b(ind, f'unsigned pid = {pid};')
        b(ind, f'unsigned w = sz[(pid * {r.choice([1, 3, 7, 13])}u + {r.randrange(100)}u) % {self.NSZ}u];')
        if host_feed == 'fb':
            b(ind, 'if (w > 4u)')
            b(ind + 1, f'w += fb[pid % {self.NA}u] & 7u;')
        elif host_feed == 'res':
            b(ind, 'if (w > 4u)')
            b(ind + 1, f'w += (unsigned)(res[pid % {self.NA}u] & 7u);')
        if smem:
            b(ind, 'if (w > 4u)')
            b(ind + 1, 'w += nb & 3u;')
        b(ind, f'unsigned key = pid * 2654435761u + tag;')
        if any('lidb' in l for l in site_lines):
            b(ind, f'unsigned lidb = {{OFF}}u + pid * {NSL * 4}u;')
        for l in site_lines + ['  ' + d for d in deferred]:
            body.append('  ' * (ind - 1) + l)
        if self.postwork:
            b(ind, f'atomicAdd(&accI[(pid * 5u + {r.randrange(1000)}u) % {self.NA}u], (int)(w & 1023u));')
            self.feat('postwork-after-sites')
        if guard_style == 'block':
            b(1, '}')
            if self.postwork and r.random() < 0.5:
                b(1, f'atomicAdd(&accI[(i + {r.randrange(1000)}u) % {self.NA}u], 1);')
                self.feat('postwork-after-guard')
        if smem:
            b(1, '__syncthreads();')
            b(1, 'if (tid == 0u) {')
            b(2, 'unsigned s = 0;')
            b(2, 'for (unsigned j = 0; j < tpb; ++j)')
            b(3, f's += {shv}[j];')
            b(2, f'atomicAdd(&accB[blk % {self.NA}u], s ^ nb);')
            b(1, '}')
        P['helpers'] = helpers
        P['body'] = body
        P['slots'] = npid * NSL * 4 if any('lidb' in l for l in site_lines) else 0
        return P

    # -- whole program -------------------------------------------------------
    def generate(self):
        r = self.r
        p = self.p
        k = self.k
        nparents = 2 if r.random() < 0.3 else 1
        if nparents == 2:
            self.feat('host-two-parents')
        # host plan per parent: list of launches
        plans = []
        total_host = 0
        loop_parent = r.randrange(nparents) if r.random() < 0.3 else -1
        for pi in range(nparents):
            if pi == loop_parent:
                plans.append(('loop', r.choice([2, 3, 4])))
                self.feat('host-loop')
            else:
                nl = r.choices([1, 2, 3], [6, 3, 1])[0]
                plans.append(('list', nl))
                if nl > 1:
                    self.feat('host-multi-launch')
            total_host += plans[-1][1]
        per_budget = BUDGET // total_host
        parents = []
        for pi in range(nparents):
            hf = None
            if plans[pi][0] == 'loop':
                hf = r.choice(['fb', 'res'])
            # the (0u - 1) / B + 1 grid at most once per program: only in a
            # parent the host launches once
            P = self.gen_parent(per_budget, hf, plans[pi] == ('list', 1))
            parents.append(P)
        # slot / chain space
        off = 0
        for P in parents:
            P['off'] = off
            off += P['slots']
        nslot = max(64, off * self.CAP)
        if nslot * 4 > (1 << 20):
            raise Retry()
        nparts = max([P['tails'] for P in parents] + [1])
        nres = max(nparts * self.NA, self.NA)
        sizes = {'in': self.NIN, 'sz': self.NSZ, 'accA': self.NA, 'accB': self.NA, 'accX': self.NA,
                 'accM': self.NA, 'accN': self.NA, 'accI': self.NA, 'slot': nslot, 'chain': nslot,
                 'res': nres, 'errs': NE, 'fb': self.NA}
        # ---- device code text
        text = []
        c1, c2, sh = self.mixc
        text.append(f'// ---- program {k} ----\n')
        text.append(f'__device__ __forceinline__ unsigned {p}mix(unsigned a, unsigned b)\n{{\n'
                    f'  unsigned x = a * 0x9E3779B1u ^ (b + {c2}u) * {c1}u;\n'
                    f'  x ^= x >> {sh};\n  x *= 0x85EBCA6Bu;\n  x ^= x >> 13;\n  return x;\n}}\n')
        if 'gid1' in self.need:
            text.append(f'__device__ unsigned {p}gid1()\n{{\n  return blockIdx.x * blockDim.x + threadIdx.x;\n}}\n')
        if 'gidz' in self.need:
            text.append(f'__device__ unsigned {p}tidz()\n{{\n'
                        '  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n}\n')
            text.append(f'__device__ unsigned {p}gidz()\n{{\n'
                        '  unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);\n'
                        f'  return b * (blockDim.x * blockDim.y * blockDim.z) + {p}tidz();\n}}\n')
        text += self.chunks
        fold = None
        if any(pl[0] == 'loop' for pl in plans):
            fold = f'{p}fold'
            text.append(f'__global__ void {fold}(unsigned *fb, const unsigned long long *accA, const unsigned *accB)\n{{\n'
                        '  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;\n'
                        f'  if (t < {self.NA}u)\n    fb[t] = (unsigned)(accA[t] >> 3) ^ accB[t];\n}}\n')
        plist = ', '.join(param_decl(b[0]) for b in BUFS)
        for P in parents:
            text += P['helpers']
            body = '\n'.join(P['body']).replace('{OFF}', str(P['off']))
            text.append(f'__global__ void {P["name"]}({plist}, unsigned nslot, unsigned n, unsigned tag)\n{{\n{body}\n}}\n')
        # ---- host code
        h = []

        def o(ind, s):
            hh[0].append('  ' * ind + s)
        hh = [h]
        o(0, f'static void {p}body(void **dp)')
        o(0, '{')
        o(1, f'unsigned long long s = {r.randrange(1 << 63)}ULL;')
        for bname, btype, _ in BUFS:
            idx = BUF_INDEX[bname]
            es = 8 if btype == 'unsigned long long' else 4
            n = sizes[bname]
            if bname == 'sz':
                init = f'3, {self.zero_pct}u, {self.tiny_pct}u, {self.large_pct}u'
            elif bname in ('in', 'slot', 'chain', 'accX'):
                init = '1, 0u, 0u, 0u'
            elif bname == 'accM':
                init = '1, 0u, 0u, 0u' if r.random() < 0.5 else '2, 0xffffu, 0u, 0u'
            elif bname == 'accN':
                init = '4, 0xffffffffu, 0u, 0u' if r.random() < 0.5 else '1, 0u, 0u, 0u'
            elif bname == 'fb':
                init = '2, 0xffu, 0u, 0u'
            elif bname in ('accA', 'accB') and r.random() < 0.3:
                init = '2, 0xfffu, 0u, 0u'
            else:
                init = '0, 0u, 0u, 0u'
            o(1, f'DT_CK({k}, dt_make(&dp[{idx}], {n}u, {es}u, {init}, &s));')
        for bname, btype, _ in BUFS:
            o(1, f'{btype} *{bname} = ({btype} *)dp[{BUF_INDEX[bname]}];')
        nhe = 0
        head = h
        h = []
        hh[0] = h
        for pi, P in enumerate(parents):
            kind, cnt = plans[pi]
            g, bl = P['grid'], P['block']
            if len(g) == 2 or len(bl) == 2:
                gs = f'dim3({g[0]}, {g[1] if len(g) == 2 else 1})'
                bs = f'dim3({bl[0]}, {bl[1] if len(bl) == 2 else 1})'
                self.feat('host-parent-2d')
            else:
                gs, bs = str(g[0]), str(bl[0])
            args_common = ', '.join(b[0] for b in BUFS) + f', {nslot}u'
            if kind == 'loop':
                nval = r.randint(max(1, P['nmax'] // 2), P['nmax'])
                tag = r.randrange(1 << 32)
                o(1, f'for (unsigned it = 0; it < {cnt}u; ++it) {{')
                o(2, f'{P["name"]}<<<{gs}, {bs}>>>({args_common}, {nval}u, {tag}u + it * 17u);')
                o(2, f'he[{nhe}] += (int)cudaGetLastError();')
                o(2, f'DT_CK({k}, cudaDeviceSynchronize());')
                o(2, f'{fold}<<<{-(-self.NA // 128)}, 128>>>(fb, accA, accB);')
                o(2, f'he[{nhe + 1}] += (int)cudaGetLastError();')
                o(2, f'DT_CK({k}, cudaDeviceSynchronize());')
                o(1, '}')
                nhe += 2
            else:
                for li in range(cnt):
                    nval = r.randint(max(1, P['nmax'] // 3), P['nmax']) if li else P['nmax']
                    tag = r.randrange(1 << 32)
                    hs = r.random() < 0.2
                    if hs:
                        o(1, '{')
                        o(2, 'cudaStream_t hs;')
                        o(2, f'DT_CK({k}, cudaStreamCreate(&hs));')
                        o(2, f'{P["name"]}<<<{gs}, {bs}, 0, hs>>>({args_common}, {nval}u, {tag}u);')
                        o(2, f'he[{nhe}] = (int)cudaGetLastError();')
                        o(2, f'DT_CK({k}, cudaStreamSynchronize(hs));')
                        o(2, f'DT_CK({k}, cudaStreamDestroy(hs));')
                        o(1, '}')
                        self.feat('host-stream')
                    else:
                        o(1, f'{P["name"]}<<<{gs}, {bs}>>>({args_common}, {nval}u, {tag}u);')
                        o(1, f'he[{nhe}] = (int)cudaGetLastError();')
                        o(1, f'DT_CK({k}, cudaDeviceSynchronize());')
                    nhe += 1
        o(1, 'unsigned long long h = 1469598103934665603ULL;')
        for bname, btype, _ in BUFS:
            if bname in ('in', 'sz', 'errs'):
                continue
            es = 8 if btype == 'unsigned long long' else 4
            o(1, f'DT_CK({k}, dt_hash(&h, {bname}, {sizes[bname] * es}u));')
        o(1, f'DT_CK({k}, dt_hash(&h, errs, {NE * 4}u));')
        o(1, f'printf("p{k} %016llx", h);')
        o(1, f'for (int j = 0; j < {nhe}; ++j)')
        o(2, 'printf(" %d", he[j]);')
        o(1, 'printf(" e");')
        o(1, f'for (int j = 0; j < {NE}; ++j)')
        o(2, 'printf(" %d", ((int *)dt_stage)[j]);')
        o(1, 'printf("\\n");')
        o(1, 'fflush(stdout);')
        o(0, '}')
        h = head + [f'  int he[{max(nhe, 1)}] = {{0}};'] + h
        hh[0] = h
        o(0, f'static void run_{p[:-1]}()')
        o(0, '{')
        o(1, f'void *dp[{len(BUFS)}] = {{0}};')
        o(1, f'{p}body(dp);')
        o(1, f'for (int j = 0; j < {len(BUFS)}; ++j)')
        o(2, 'if (dp[j])')
        o(3, 'cudaFree(dp[j]);')
        o(1, 'cudaGetLastError();')
        o(1, 'fflush(stdout);')
        o(0, '}')
        self.launch_bound = sum(P['launches'] * plans[i][1] for i, P in enumerate(parents))
        if self.launch_bound > 3000:
            raise Retry()
        return ''.join(t if t.endswith('\n') else t + '\n' for t in text) + '\n' + '\n'.join(h) + '\n'


class Retry(Exception):
    pass


def _prod(t):
    x = 1
    for v in t:
        x *= v
    return x


def generate(seed, programs, waits=False, own_streams=False, postwork=False):
    out = [f'// Generated by dpopt test/difftest/gen.py --seed {seed} --programs {programs}\n'
           f'// {programs} independent CUDA Dynamic Parallelism (CDP2) test programs; deterministic output.\n'
           '// Build: nvcc -rdc=true -arch=sm_90 this.cu -o this -lcudadevrt\n',
           FILE_HELPERS]
    feats = []
    for k in range(programs):
        for attempt in range(100):
            rng = random.Random(f'dpopt-difftest:{seed}:{k}:{attempt}')
            wait_rng = random.Random(f'dpopt-difftest-waits:{seed}:{k}:{attempt}') if waits else None
            P = Prog(k, rng, wait_rng, own_streams, postwork)
            try:
                text = P.generate()
                break
            except Retry:
                continue
        else:
            raise SystemExit(f'gen.py: no program within the launch budget (seed {seed}, program {k})')
        out.append('\n' + text)
        feats.append(sorted(P.feats))
    out.append('\n// With an argument N, runs only program N.\nint main(int argc, char **argv)\n{\n'
               '  int only = -1;\n'
               '  if (argc > 1 && sscanf(argv[1], "%d", &only) != 1)\n    only = -1;\n'
               '  cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 65536);\n'
               '  if (e != cudaSuccess)\n    printf("setlimit-error %d\\n", (int)e);\n'
               '  e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 256 << 20);\n'
               '  if (e != cudaSuccess)\n    printf("setlimit-error %d\\n", (int)e);\n')
    for k in range(programs):
        out.append(f'  if (only < 0 || only == {k})\n    run_p{k}();\n')
    out.append('  printf("done\\n");\n  return 0;\n}\n')
    return ''.join(out), feats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('--programs', type=int, default=8)
    ap.add_argument('-o', '--output')
    ap.add_argument('--list-features', action='store_true',
                    help='print, one line per program, the features it used')
    ap.add_argument('--waits', action='store_true',
                    help='the same programs with legacy CDP1 cudaDeviceSynchronize() '
                         'waits after some device-side launches (they do not compile '
                         'for sm_90 as written; the continuation pass revives them)')
    ap.add_argument('--own-streams', action='store_true',
                    help='create device streams as plain statements '
                         '(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking); '
                         'launch; cudaStreamDestroy(s);) rather than checking the '
                         'creation; the programs compute the same')
    ap.add_argument('--postwork', action='store_true',
                    help='a family of programs whose parents also add to accI after some '
                         'launches (no error check between) and after their sites: with '
                         '--waits, CDP1 postwork after a wait')
    a = ap.parse_args(argv)
    if a.programs < 1:
        ap.error('--programs must be at least 1')
    if not a.output and not a.list_features:
        ap.error('give -o FILE or --list-features')
    text, feats = generate(a.seed, a.programs, a.waits, a.own_streams, a.postwork)
    if a.output:
        with open(a.output, 'w', newline='\n') as f:
            f.write(text)
    if a.list_features:
        try:
            for k, fs in enumerate(feats):
                print(f'p{k}: {" ".join(fs)}')
            sys.stdout.flush()
        except BrokenPipeError:
            sys.stdout = None  # reader went away (| head): not an error
    return 0


if __name__ == '__main__':
    sys.exit(main())
