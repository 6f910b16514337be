#!/usr/bin/env python3
"""Random, deterministic CUDA 13 CDP2 programs for differential testing of dpopt.

    python3 gen.py --seed S --programs K -o out.cu
    python3 gen.py --seed S --programs K --list-features

One file holds K independent programs. Program k's kernels and device
functions are named p{k}_*; run_p{k}() prints one line
`p{k} <hash> <host error codes...> e <device error counters...>`, or
`p{k} host-error <code>` when a host call fails. main() prints `done`.
--merge writes another family: host launch sequences for the merge pass,
`p{k} <hash per sequence...> e <host error codes...>` (MergeProg).

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
    def __init__(self, k, rng, wait_rng=None, own_streams=False, postwork=False, walks=False,
                 folds=False, chains=False):
        self.k = k
        self.r = rng
        # --postwork: the parents add to accI after some launches (with no
        # error check between, so that a wait drawn there is followed by
        # that code: CDP1 postwork) and at the end of their code. accI is
        # atomicAdd-only, so the sums do not depend on when that code runs.
        self.postwork = postwork
        # --walks: some recursive kernels are tree walks (new_rec).
        self.walks = walks
        # --folds: some children end with an atomic to one address per launch
        # (new_child's 'fold'), which threshold's serial versions fold.
        self.folds = folds
        # --chains: half the recursive kernels launch themselves as one block
        # from thread 0 (new_chain), the shape flatten-recursion takes.
        self.chains = chains
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
            if self.folds and r.random() < 0.75:
                kind = 'fold'
            else:
                kind = r.choices(['atomic', 'early', 'disjoint', 'smem', 'dyn', 'shfl', 'ballot',
                                  'tmpl'], [16, 12, 10, 8, 7, 7, 6, 8])[0]
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
        if kind == 'fold':
            # Every thread ends with an atomic to the launch's one slot
            # (key is a parameter): folded in a serial run. Sometimes
            # conditional, after an early return, or followed by another
            # atomic (then not the last thing the thread does: not folded).
            body += self.pos_lines(pos, set())
            opn = r.choice(list(self.OPS))
            buf = self.OPS[opn][0]
            params.append((param_decl(buf), buf))
            one = f'key % {self.NA}u'
            form = r.choice(['guard', 'early', 'cond', 'then-more'])
            if form == 'guard':
                body.append('if (gid < n) {')
                body.append(f'  unsigned v = {vexpr};')
                body.append('  ' + self.op(opn, one, 'v'))
                body.append('}')
            else:
                body.append('if (gid >= n)')
                body.append('  return;')
                body.append(f'unsigned v = {vexpr};')
                if form == 'cond':
                    body.append('if ((v & 3u) != 0u)')
                    body.append('  ' + self.op(opn, one, 'v'))
                    body.append('else')
                    body.append('  ' + self.op(opn, f'(key + 1u) % {self.NA}u', 'v ^ n'))
                else:
                    body.append(self.op(opn, one, 'v'))
                    if form == 'then-more':
                        body.append(self.op(opn, self.idx('gid', 'key'), 'v + 1u'))
                    body.append('return;')
            self.feat('child-fold', 'child-fold-' + form)
        elif kind in ('atomic', 'early', 'disjoint'):
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
        # 'varying': a block size that differs from launch to launch (barrier
        # and warp-level children then meet blocks of several sizes in one
        # aggregated or consolidated grid); warp children keep whole warps.
        step = (32 if tpb >= 96 else 0) if c.warp else max(1, tpb // 4)
        if gd == 1 and len(b) == 1:
            forms, weights = ['inline', 'int', 'dim3var', 'inline-dim3'], [5, 2, 2, 1]
            if not huge and tpb > 1 and step:
                forms, weights = forms + ['varying'], weights + [2]
            form = r.choices(forms, weights)[0]
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
        elif form == 'varying':
            bv = self.v('bs')
            pre = [f'unsigned {bv} = {tpb}u - (({nvar}) % 3u) * {step}u;']
            grid, block = gx, bv
            self.feat('block-varying')
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

    def launch(self, out, ind, c, nvar, key, lid, stream, huge=False, check=True):
        """One launch of leaf child c for nvar threads. stream: None, '0',
        'fnf', or a stream variable name. check=False: no error check after
        it (a runtime call there keeps aggregate from taking the launch)."""
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
        if not post and check:
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
    def new_chain(self):
        """--chains: a kernel that launches itself as one block from thread 0,
        once (flatten-recursion's chain). Top-level barriers around a block
        sum in shared memory, threads that return before them, children
        smaller or larger than the block, fire-and-forget launches and, with
        --waits, CDP1 waits followed by postwork. Returns (entry, params,
        depth, launches per top-level launch)."""
        r = self.r
        nm = self.kname('chain')
        self.feat('rec-chain')
        bufs = ['accA', 'errs'] + (['in'] if r.random() < 0.5 else [])
        params = [param_decl(b) for b in bufs] + ['unsigned n', 'unsigned depth', 'unsigned key']
        depth = r.choice([1, 2, 3, 5, 8])
        barrier = r.random() < 0.6
        early = barrier and r.random() < 0.4
        # Children larger than the block: with barriers, only where no wait
        # can be drawn (flatten-recursion stops such a kernel: documented).
        grow = not barrier or r.random() < 0.5
        post = r.random() < 0.7
        # --waits draws from its own stream: the program is otherwise the
        # one generated without them.
        wait = (post and not (barrier and grow) and self.wait_rng is not None and
                self.wait_rng.random() < 0.75)
        lines = []

        def out(ind, s):
            lines.append('  ' * ind + s)
        if barrier:
            out(1, '__shared__ unsigned long long sh[1024];')
            self.feat('chain-barrier')
        out(1, 'unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;')
        val = self.mix('key', 'gid')
        if 'in' in bufs:
            val = self.mix(f'key ^ in[gid % {self.NIN}u]', 'gid')
        if early:
            # Some threads leave before the barriers (not thread 0).
            out(1, 'if (depth % 2u == 0u && threadIdx.x % 3u == 1u)')
            out(2, 'return;')
            self.feat('chain-early-return')
        out(1, 'if (gid < n)')
        out(2, f'atomicAdd(&accA[(key + gid) % {self.NA}u], (unsigned long long)({val} + depth));')
        if barrier:
            out(1, 'sh[threadIdx.x] = (unsigned long long)(key ^ gid) + depth;')
            out(1, '__syncthreads();')
            out(1, 'if (threadIdx.x == 0u) {')
            out(2, 'unsigned long long s = 0;')
            out(2, 'for (unsigned t = 0; t < blockDim.x; ++t)')
            if early:
                out(3, 'if (depth % 2u != 0u || t % 3u != 1u)')
                out(4, 's += sh[t];')
            else:
                out(3, 's += sh[t];')
            out(2, f'atomicAdd(&accA[(unsigned)(key ^ s) % {self.NA}u], s & 1023ull);')
            out(1, '}')
            if r.random() < 0.5:
                out(1, '__syncthreads();')
        out(1, 'if (' + r.choice(['threadIdx.x == 0u && depth > 0u',
                                  'depth > 0u && threadIdx.x == 0u']) + ') {')
        # A child larger than its block with barriers and a wait stops the
        # kernel after flatten-recursion (documented): not drawn.
        sizes = ['blockDim.x / 2u + 1u', 'blockDim.x']
        if grow:
            sizes += ['blockDim.x * 2u > 1024u ? 1024u : blockDim.x * 2u', '(n % 64u) + 1u']
        out(2, f'unsigned m = {r.choice(sizes)};')
        st = r.choice([None, 'fnf'])
        cfg = ['1', 'm'] + (['0', 'cudaStreamFireAndForget'] if st == 'fnf' else [])
        args = ', '.join(bufs + ['n / 2u + 1u', 'depth - 1u', 'key * 31u + 7u'])
        out(2, f'{nm}<<<{", ".join(cfg)}>>>({args});')
        # Half the postworks without a wait are a tail launch of a one-thread
        # kernel (CDP2's form of the wait): drawn from a stream of its own,
        # so the program is otherwise the one generated before tails were.
        tail = (post and not wait and
                random.Random(f'dpopt-difftest-tails:{self.k}:{nm}').random() < 0.5)
        if post:
            if wait:
                out(2, 'cudaDeviceSynchronize();')
                self.feat('chain-wait')
            add = f'(unsigned long long)(m & 255u) + {r.randrange(1, 100)}ull'
            if tail:
                tnm = nm + '_tail'
                self.chunks.append(
                    f'__global__ void {tnm}({param_decl("accA")}, unsigned key, unsigned m)\n{{\n'
                    f'  atomicAdd(&accA[(key ^ m) % {self.NA}u], {add});\n}}\n')
                out(2, f'{tnm}<<<1, 1, 0, cudaStreamTailLaunch>>>(accA, key, m);')
                self.feat('chain-tail')
            else:
                out(2, f'atomicAdd(&accA[(key ^ m) % {self.NA}u], {add});')
        else:
            self.errcheck(out, 2)
        out(1, '}')
        self.chunks.append(f'__global__ void {nm}({", ".join(params)})\n{{\n' + '\n'.join(lines) + '\n}\n')
        return nm, bufs, depth, depth + 1

    def new_rec(self):
        """Self- or mutually recursive kernel(s). Returns (entry, params,
        depth, launches per top-level launch)."""
        r = self.r
        p = self.p
        if self.chains and r.random() < 0.5:
            return self.new_chain()
        mutual = r.random() < 0.3
        fan = r.choice([1, 2, 2, 3])
        depth = r.choice([2, 3, 4, 5] if fan < 3 else [2, 3, 4])
        leaf = None
        # (--postwork: more kernels whose one launch is the recursive one,
        # the shape consolidate takes by default when the thread waits.)
        if r.random() < (0.2 if self.postwork else 0.45):
            leaf = self.pick_child(['atomic', 'early', 'smem', 'dyn', 'shfl', 'ballot'] +
                                   (['fold'] * 6 if self.folds else []))
        names = [self.kname('r')]
        if mutual:
            names.append(self.kname('r'))
            self.feat('rec-mutual')
        else:
            self.feat('rec-self')
        # --walks: a tree walk, the whole body under one 'gid < n && ...'
        # guard, so each thread does its own work (IdleThreads' shape), which
        # the aggregate pass packs and, recursive, groups per grid by
        # default. (A family of its own: the other families' programs, and
        # so test/gpu/regressions' cases, stay what they were.)
        walk = self.walks and r.random() < 0.35
        if walk:
            self.feat('rec-walk')
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
            out(1, 'if (gid < n && depth > 0u) {' if walk else 'if (gid < n)')
            out(2, f'atomicAdd(&accA[(key + gid) % {self.NA}u], (unsigned long long)({val} + depth));')
            sites = []
            rec_stream = r.choices([None, 'fnf', 'dev', '0'], [4, 4, 2, 1])[0]
            sites.append('rec')
            if leaf:
                sites.append('leaf')
                r.shuffle(sites)
            if not walk:
                out(1, 'if (depth == 0u)')
                out(2, 'return;')
            # A walk's sites go inside its guard: one level deeper.
            outer = out
            if walk:
                def out(ind, s, outer=outer):
                    outer(ind + 1, s)
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
            out = outer
            if walk:
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
        # (--folds: mostly one site, where threshold runs children serially.)
        nsites = r.choices([1, 2, 3, 4], [8, 3, 1, 0] if self.postwork or self.folds
                           else [3, 4, 3, 1])[0]
        kinds = []
        for _ in range(nsites):
            # (--chains: recursive sites three times as often.)
            kinds.append(r.choices(['simple', 'chain', 'rec', 'malloc', 'huge'],
                                   [14, 3, 12 if self.chains else 4, 2,
                                    1 if allow_huge and not self.huge_used else 0])[0])
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
                ctx = r.choices(['uncond', 'if', 'ifelse', 'loop', 'helper', 'twin'],
                                [6, 5, 1, 1, 1, 0] if self.postwork else [4, 2, 2, 3, 3, 2])[0]
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
                elif ctx == 'twin':
                    # Two launches of one child by one thread, one after the
                    # other (a quicksort's halves), sometimes only by
                    # threadIdx.x == 0: aggregate puts both in one group and
                    # sizes it by the threads that can launch.
                    S.cost = 2
                    # Mostly streams that carry no order (fire-and-forget, a
                    # stream of the launch's own), which aggregate can take.
                    stream = r.choices(['fnf', 'dev', None], [3, 2, 1])[0]
                    st2 = stream if r.random() < 0.8 else self.pick_stream()
                    guard = r.random() < 0.5
                    i0 = 1
                    if guard:
                        sl(1, 'if (threadIdx.x == 0u) {')
                        i0 = 2
                        self.feat('ctx-twin-thread0')
                    nv, nv2 = self.v('n'), self.v('n')
                    sl(i0, f'unsigned {nv} = {nexpr};')
                    self.with_stream(sl, i0, stream, lambda o, i, st: self.launch(o, i, c, nv, key, lid0, st, check=False))
                    sl(i0, f'unsigned {nv2} = w / 2u + 1u;')
                    self.with_stream(sl, i0, st2, lambda o, i, st: self.launch(o, i, c, nv2, key + ' * 5u', lid0 + ' + 1u', st, check=False))
                    if guard:
                        sl(1, '}')
                    self.feat('ctx-twin')
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


# ---------------------------------------------------------------------------
# The --merge family: host-side launch sequences for the merge pass
# (docs/testing.md). Each program is 1-3 sequences; a sequence is one host
# function that allocates its buffers (locals set by cudaMalloc(&p, bytes)),
# launches 2-4 different kernels once each, back to back, waits, and hashes
# every buffer it allocated. The program prints one hash per sequence, so
# a mismatch says which sequence differs; the comment before each sequence
# and --list-features (seqJ-...) say what it is:
#
#   pragma      '#pragma dp merge' before the first launch; the kernels are
#               independent (distinct buffers, or disjoint parts of one
#               buffer, or commuting atomics of one kind on one buffer)
#   proven      no pragma; every buffer a kernel writes is its own local,
#               set only by cudaMalloc: plain --passes=merge may merge it
#   unprovable  no pragma; independent, but not provably so (disjoint parts
#               of one buffer through p + k or &p[k], an input read through
#               a copied pointer, one buffer updated by commuting atomics):
#               a correct dpopt leaves it; either way the output is the same
#   dependent   no pragma; a later kernel reads what an earlier one wrote
#               (raw: through the same variable, p + k, &p[k] or a copy of
#               the pointer), writes what it wrote (waw), or writes what it
#               read (war): a correct dpopt leaves it, a merge is likely to
#               show as a mismatch of that sequence's hash
#
# Some sequences have host code between two launches (a break: an update of
# a later launch's argument, a device-to-device copy into a later kernel's
# input, a memset of a later kernel's output, cudaEventRecord, an error
# check or a declaration): nothing may be merged across it.

MERGE_HELPERS = r'''
// ---- host helpers of the --merge family
#define DM_CK(call)                                                           \
  do {                                                                        \
    cudaError_t dm_e = (call);                                                \
    if (dm_e != cudaSuccess) {                                                \
      *err = (int)dm_e;                                                       \
      return;                                                                 \
    }                                                                         \
  } while (0)

// count elements of esize bytes at d: kind 0 random, 1 random & a, 2 all a.
static cudaError_t dm_fill(void *d, size_t count, unsigned esize, int kind, unsigned a,
                           unsigned long long *s) {
  const size_t per = sizeof(dt_stage) / esize;
  for (size_t at = 0; at < count; at += per) {
    size_t m = count - at < per ? count - at : per;
    for (size_t j = 0; j < m; ++j) {
      unsigned long long v = a;
      if (kind != 2) {
        v = dt_lcg(s);
        if (esize == 8) v = (v << 32) ^ dt_lcg(s);
        if (kind == 1) v &= a;
      }
      if (esize == 8) ((unsigned long long *)dt_stage)[j] = v;
      else ((unsigned *)dt_stage)[j] = (unsigned)v;
    }
    cudaError_t e = cudaMemcpy((char *)d + at * esize, dt_stage, m * esize, cudaMemcpyHostToDevice);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

static cudaError_t dm_hash(unsigned long long *h, const void *d, size_t bytes) {
  for (size_t at = 0; at < bytes; at += sizeof(dt_stage)) {
    size_t m = bytes - at < sizeof(dt_stage) ? bytes - at : sizeof(dt_stage);
    cudaError_t e = dt_hash(h, (const char *)d + at, m);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}
'''

# FILE_HELPERS less dt_make, which the family does not use (nvcc warns).
MERGE_FILE_HELPERS = (FILE_HELPERS[:FILE_HELPERS.index('// kind 0: zero')] +
                      FILE_HELPERS[FILE_HELPERS.index('static cudaError_t dt_hash'):])

MK_STORE = ('map', 'stride', 'reduce', 'scan', 'dyn', 'shfl')   # plain stores, one writer each
MK_BARRIER = ('reduce', 'scan', 'dyn')                          # __syncthreads()
MK_ATOMIC = {
    'add': ('unsigned', 'atomicAdd(&acc[{i}], {v});'),
    'xor': ('unsigned', 'atomicXor(&acc[{i}], {v});'),
    'max': ('unsigned', 'atomicMax(&acc[{i}], {v});'),
    'min': ('unsigned', 'atomicMin(&acc[{i}], {v});'),
    'add64': ('unsigned long long', 'atomicAdd(&acc[{i}], (unsigned long long){v} * 3ull);'),
}
MK_BLOCK1 = [32, 48, 64, 70, 96, 100, 128, 160, 192, 250, 256, 333, 384, 512, 640, 1024]
MK_BLOCK2 = [(16, 16), (8, 8), (32, 4), (10, 10), (17, 3), (64, 2), (12, 5), (32, 32), (4, 16),
             (24, 4)]
MK_BLOCK3 = [(8, 4, 2), (4, 4, 4), (2, 3, 5), (16, 4, 4), (8, 8, 8), (6, 5, 3), (4, 2, 8),
             (32, 2, 2), (8, 4, 3)]
MK_SMS = 132          # an H200's SMs: what 'more than one wave' is sized for
MK_MAX_ELEMS = 1 << 21


class MBuf:
    """A device buffer of a sequence: a local of its host function."""

    def __init__(self, name, etype, init):
        self.name = name
        self.etype = etype
        self.init = init          # dm_fill (kind, a)
        self.size = 1             # elements: the largest extent any use needs
        self.alloc = 'malloc'     # 'malloc' | 'cast' | 'managed'
        self.null_init = False

    def need(self, n):
        self.size = max(self.size, n)


class MBind:
    """A pointer argument: buffer, element offset, how it is written."""

    def __init__(self, buf, off=0, form='var', alias=None):
        self.buf, self.off, self.form, self.alias = buf, off, form, alias

    def expr(self):
        if self.form == 'alias':
            return self.alias
        if self.form == 'plus':
            return f'{self.buf.name} + {self.off}'
        if self.form == 'addr':
            return f'&{self.buf.name}[{self.off}]'
        assert self.off == 0
        return self.buf.name


class MKernel:
    def __init__(self, name, kind):
        self.name = name
        self.kind = kind
        self.block = (64,)
        self.grid = (1,)
        self.n = 1
        self.op = None            # atomic kernels
        self.nacc = 0             # atomic kernels: the slots they update
        self.etype = 'unsigned'   # the element type of out
        self.out = None           # MBind
        self.inp = None           # MBind
        self.ext = 1              # elements of inp it reads
        self.acc2 = None          # map: an atomicAdd-only side output (MBind)
        self.nacc2 = 0
        self.key = 0
        self.key_var = None
        self.n_var = None
        self.early = False
        self.rev = False
        self.hsync = False
        self.lb = None
        self.extra_smem = 0
        self.pre = 0              # rounds of work before it reads in[]
        self.post = 0             # rounds of work between the read and the write

    @property
    def tpb(self):
        return _prod(self.block)

    @property
    def blocks(self):
        return _prod(self.grid)

    def need(self):
        """Elements of out it writes, from the binding's offset."""
        if self.kind in ('map', 'stride', 'scan', 'dyn', 'tmpl'):
            return self.n
        if self.kind == 'reduce':
            return self.blocks
        if self.kind == 'shfl':
            return self.blocks * (self.tpb // 32)
        return self.nacc


class MergeProg:
    def __init__(self, k, rng):
        self.k = k
        self.r = rng
        self.p = f'p{k}_'
        self.feats = set()
        self.kn = 0
        self.vn = 0
        self.need = set()
        self.nhe = 0
        c = rng
        self.mixc = (c.randrange(1, 1 << 31) * 2 + 1, c.randrange(1 << 32), c.choice([13, 15, 16, 17]))
        self.saltc = [c.randrange(1, 1 << 16) * 2 + 1 for _ in range(9)]

    def feat(self, *names):
        self.feats.update(names)

    def v(self, base):
        self.vn += 1
        return f'{base}{self.vn}'

    # -- kernels ---------------------------------------------------------------
    def pick_block(self, kind, used):
        r = self.r
        b = (64,)
        for attempt in range(30):
            d = r.choices([1, 2, 3], [45, 30, 25])[0]
            b = (r.choice(MK_BLOCK1),) if d == 1 else r.choice(MK_BLOCK2 if d == 2 else MK_BLOCK3)
            t = _prod(b)
            if kind == 'shfl' and t % 32:
                continue
            # mostly whole warps for kernels with barriers (what the merged
            # kernel needs unless it has the largest block), not always
            if kind in MK_BARRIER and t % 32 and r.random() < 0.7:
                continue
            if kind == 'dyn' and t > 512:
                continue
            if t in used and attempt < 25:
                continue
            break
        used.add(_prod(b))
        return b

    def new_kernel(self, kind, used, big=False):
        r = self.r
        self.kn += 1
        K = MKernel(f'{self.p}m{self.kn}', kind)
        K.block = self.pick_block(kind, used)
        tpb = K.tpb
        if kind == 'stride':
            gd = r.choices([1, 2, 3], [5, 3, 2])[0]
            gy = r.choice([2, 3]) if gd >= 2 else 1
            gz = 2 if gd == 3 else 1
            gx = r.randint(1, 6)
            K.grid = (gx, gy, gz)[:gd]
            total = gx * gy * gz * tpb
            K.n = total * r.choice([1, 2, 3]) + r.randrange(total)
        elif big:
            K.grid = (1,)          # sized in plan_sequence, once every block is known
            K.n = tpb
        else:
            gd = r.choices([1, 2, 3], [50, 30, 20])[0]
            gy = r.choice([2, 3, 4]) if gd >= 2 else 1
            gz = r.choice([2, 3]) if gd == 3 else 1
            size = r.choices(['tiny', 'small', 'typical'], [2, 3, 5])[0]
            n = {'tiny': r.randint(1, 64), 'small': r.randint(65, 2000),
                 'typical': r.randint(2001, 40000)}[size]
            per = tpb * gy * gz
            gx = -(-n // per) + (1 if r.random() < 0.15 else 0)
            if kind == 'shfl' or (kind in ('scan', 'dyn') and r.random() < 0.3):
                n = min(n, gx * per)
            K.grid = (gx, gy, gz)[:gd]
            K.n = n
        if kind == 'atomic' or kind == 'tmpl':
            K.early = r.random() < 0.6
        elif kind == 'map':
            K.early = r.random() < 0.5
            K.rev = r.random() < 0.3
        if kind == 'atomic':
            K.op = r.choice(list(MK_ATOMIC))
            K.etype = MK_ATOMIC[K.op][0]
            K.nacc = r.choice([61, 128, 256, 1000])
        if kind in ('reduce', 'scan') and r.random() < 0.2:
            K.hsync = True
        if kind == 'dyn':
            K.extra_smem = r.choice([0, 0, 16, 64])
        if r.random() < 0.06:
            K.lb = 1024 if tpb > 512 else r.choice([tpb, 512, 1024])
        K.post = r.choice([0, 0, 0, 16, 64])
        K.key = r.randrange(1 << 32)
        return K

    def pos_lines(self, K, style):
        p = self.p
        if style == 'x1':
            return ['unsigned tid = threadIdx.x;', 'unsigned tpb = blockDim.x;',
                    'unsigned bid = blockIdx.x;', 'unsigned gid = bid * tpb + tid;']
        if style == 'lin':
            return ['unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);',
                    'unsigned tpb = blockDim.x * blockDim.y * blockDim.z;',
                    'unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);',
                    'unsigned gid = bid * tpb + tid;']
        if style == 'lin2':
            return ['unsigned tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;',
                    'unsigned tpb = blockDim.z * blockDim.y * blockDim.x;',
                    'unsigned bid = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;',
                    'unsigned gid = tid + tpb * bid;']
        self.need.add('pos')
        self.feat('merge-devfunc-position')
        return [f'unsigned tid = {p}tid3();', f'unsigned tpb = {p}ntid();',
                f'unsigned bid = {p}bid3();', 'unsigned gid = bid * tpb + tid;']

    def salt_expr(self):
        r = self.r
        if r.random() < 0.3:
            self.need.add('salt')
            return f'{self.p}salt()'
        c = [r.randrange(1, 1 << 12) * 2 + 1 for _ in range(9)]
        return (f'threadIdx.y * {c[0]}u + threadIdx.z * {c[1]}u + blockIdx.y * {c[2]}u + '
                f'blockIdx.z * {c[3]}u + gridDim.x * {c[4]}u + (gridDim.y ^ gridDim.z * {c[5]}u) + '
                f'blockDim.x * {c[6]}u + blockDim.y * {c[7]}u + blockDim.z * {c[8]}u')

    def kernel_text(self, K):
        r = self.r
        p = self.p
        oneD = len(K.block) == 1 and len(K.grid) == 1
        style = r.choices(['x1', 'lin', 'lin2', 'fn'], [3 if oneD else 0, 4, 3, 2])[0]
        a, b = r.randrange(1, 1 << 12) * 2 + 1, r.randrange(1 << 16)
        body = self.pos_lines(K, style)
        body.append(f'unsigned cs = {self.salt_expr()};')
        bar = f'{p}bar();' if K.hsync else '__syncthreads();'
        if K.hsync:
            self.need.add('bar')
            self.feat('merge-sync-in-helper')

        def vlines(i, decl=True):
            """Lines computing v from in[] for element i: K.pre rounds
            before the read (the index depends on them, so the read waits),
            K.post after it (the value depends on them, so the write waits)."""
            out = []
            idx = f'({i} * {a}u + {b}u) % {K.ext}u'
            if K.pre:
                out.append(f'unsigned d = {i} ^ key;')
                out.append(f'for (unsigned j = 0; j < {K.pre}u; ++j)')
                out.append(f'  d = {p}mix(d, j);')
                idx = f'({i} * {a}u + {b}u + (d == 0x9E3779B9u ? 1u : 0u)) % {K.ext}u'
            out.append(f'{"unsigned " if decl else ""}v = {p}mix(key ^ in[{idx}], {i}) + cs;')
            if K.post:
                out.append(f'for (unsigned j = 0; j < {K.post}u; ++j)')
                out.append(f'  v = {p}mix(v, j);')
            return out

        def vguarded():
            """v for every thread: 0 past n."""
            if not K.pre and not K.post and r.random() < 0.5:
                return [f'unsigned v = gid < n ? {p}mix(key ^ in[(gid * {a}u + {b}u) % {K.ext}u], gid) + cs : 0u;']
            return ['unsigned v = 0u;', 'if (gid < n) {'] + ['  ' + l for l in vlines('gid', False)] + ['}']
        if K.pre or K.post > 100:
            self.feat('merge-slow-kernel')
        params = []
        kind = K.kind
        if kind in ('map', 'tmpl'):
            T = 'T' if kind == 'tmpl' else 'unsigned'
            params.append(f'{T} *out')
            if K.acc2:
                params.append('unsigned *acc')
            idx = 'n - 1u - gid' if K.rev else 'gid'
            tail = vlines('gid') + [f'out[{idx}] = ({T})v;']
            if K.acc2:
                tail.append(f'atomicAdd(&acc[(v ^ gid) % {K.nacc2}u], v & 0xffffu);')
            if K.early:
                body += ['if (gid >= n)', '  return;'] + tail
            else:
                body += ['if (gid < n) {'] + ['  ' + l for l in tail] + ['}']
        elif kind == 'atomic':
            params.append(f'{K.etype} *acc')
            upd = MK_ATOMIC[K.op][1].format(i=f'(gid * {r.randrange(1, 1 << 10) * 2 + 1}u + key) % {K.nacc}u',
                                            v='v')
            tail = vlines('gid') + [upd]
            if K.early:
                body += ['if (gid >= n)', '  return;'] + tail
            else:
                body += ['if (gid < n) {'] + ['  ' + l for l in tail] + ['}']
        elif kind == 'stride':
            params.append('unsigned *out')
            body.append('unsigned nthr = tpb * gridDim.x * gridDim.y * gridDim.z;')
            body.append('for (unsigned i = gid; i < n; i += nthr) {')
            body += ['  ' + l for l in vlines('i')]
            body.append('  out[i] = v + i / nthr;')
            body.append('}')
        elif kind in ('reduce', 'scan', 'dyn'):
            params.append('unsigned *out')
            if kind == 'dyn':
                sh = f'{K.name}_dyn'
                body.insert(0, f'extern __shared__ unsigned {sh}[];')
                self.feat('merge-dyn-smem')
            else:
                sh = f'{K.name}_sh'
                body.insert(0, f'__shared__ unsigned {sh}[{K.tpb}];')
                self.feat('merge-static-smem')
            body += vguarded()
            body.append(f'{sh}[tid] = v;')
            body.append(bar)
            if kind == 'reduce' or (kind == 'dyn' and r.random() < 0.5):
                body.append('for (unsigned s = 1; s < tpb; s <<= 1) {')
                body.append(f'  if ((tid & (2u * s - 1u)) == 0u && tid + s < tpb)')
                body.append(f'    {sh}[tid] += {sh}[tid + s] * 3u;')
                body.append(f'  {bar}')
                body.append('}')
                if kind == 'dyn':
                    body.append(f'if (gid < n)')
                    body.append(f'  out[gid] = {sh}[0] ^ v;')
                else:
                    body.append('if (tid == 0u)')
                    body.append(f'  out[bid] = {sh}[0] ^ key;')
                self.feat('merge-block-reduce')
            elif kind == 'scan':
                body.append('for (unsigned s = 1; s < tpb; s <<= 1) {')
                body.append(f'  unsigned t = tid >= s ? {sh}[tid - s] : 0u;')
                body.append(f'  {bar}')
                body.append(f'  {sh}[tid] += t;')
                body.append(f'  {bar}')
                body.append('}')
                body.append('if (gid < n)')
                body.append(f'  out[gid] = {sh}[tid];')
                self.feat('merge-block-scan')
            else:
                body.append(f'unsigned u = {sh}[(tid + 1u) % tpb] ^ {sh}[tpb - 1u - tid];')
                body.append('if (gid < n)')
                body.append('  out[gid] = u * 3u + v;')
        elif kind == 'shfl':
            params.append('unsigned *out')
            body += vguarded()
            body.append('for (int o = 16; o > 0; o >>= 1)')
            body.append('  v += __shfl_down_sync(0xffffffffu, v, o) * 5u;')
            body.append('if ((tid & 31u) == 0u)')
            body.append('  out[bid * (tpb / 32u) + tid / 32u] = v;')
            self.feat('merge-warp-shuffle')
        else:
            raise AssertionError(kind)
        params.append('const unsigned *in')
        if r.random() < 0.3:
            r.shuffle(params)
        params += ['unsigned n', 'unsigned key']
        head = 'template <typename T>\n' if kind == 'tmpl' else ''
        lb = f'__launch_bounds__({K.lb}) ' if K.lb else ''
        if K.early:
            self.feat('merge-early-return')
        if kind in MK_BARRIER and K.tpb % 32:
            self.feat('merge-barrier-odd-block')
        self.kernel_params = params
        return (f'{head}__global__ void {lb}{K.name}({", ".join(params)})\n{{\n' +
                ''.join('  ' + l + '\n' for l in body) + '}\n')

    # -- sequences -------------------------------------------------------------
    def plan_sequence(self, si):
        r = self.r
        kind = r.choices(['pragma', 'proven', 'unprovable', 'dependent'], [3, 3, 2, 4])[0]
        nk = r.choices([2, 3, 4], [5, 3, 2])[0]
        kinds = [r.choices(['map', 'atomic', 'stride', 'reduce', 'scan', 'dyn', 'shfl', 'tmpl'],
                           [8, 4, 3, 4, 3, 3, 1, 1])[0] for _ in range(nk)]
        rel = None
        if kind == 'dependent':
            rel = r.choice(['raw', 'raw-plus', 'raw-alias', 'raw-addr', 'waw', 'waw-plus', 'war'])
        elif kind == 'unprovable':
            rel = r.choice(['disjoint-plus', 'disjoint-addr', 'alias-ro', 'atomic-same'])
        elif kind == 'pragma':
            rel = r.choices([None, 'disjoint-plus', 'alias-ro', 'atomic-same'], [5, 1, 1, 1])[0]
        A = B = None
        if rel:
            A, B = sorted(r.sample(range(nk), 2))
            if rel.startswith(('waw', 'disjoint')):
                for x in (A, B):
                    if kinds[x] not in MK_STORE:
                        kinds[x] = r.choice(MK_STORE)
            elif rel == 'war':
                if kinds[B] not in MK_STORE:
                    kinds[B] = r.choice(MK_STORE)
            elif rel == 'atomic-same':
                kinds[A] = kinds[B] = 'atomic'
        big = r.random() < 0.15
        bi = None
        if big:
            cands = [x for x in range(nk) if kinds[x] in ('map', 'atomic', 'reduce')]
            bi = r.choice(cands) if cands else None
        used = set()
        ks = [self.new_kernel(kinds[x], used, big=x == bi) for x in range(nk)]
        if bi is not None:
            K = ks[bi]
            warps = max(-(-k.tpb // 32) for k in ks)
            cap = MK_SMS * min(32, 64 // warps)
            others = sum(k.blocks for x, k in enumerate(ks) if x != bi)
            gx = max(1, int(cap * r.uniform(1.1, 2.0)) - others)
            gx = min(gx, MK_MAX_ELEMS // K.tpb)
            K.grid = (gx,)
            K.n = gx * K.tpb - r.randrange(K.tpb)
            self.feat('merge-big-grid')
        if rel and rel.startswith('raw'):
            if ks[A].etype != 'unsigned':
                ks[A].op, ks[A].etype = 'add', 'unsigned'
        if rel == 'atomic-same':
            ks[B].op, ks[B].etype, ks[B].nacc = ks[A].op, ks[A].etype, ks[A].nacc
        S = {'kind': kind, 'rel': rel, 'A': A, 'B': B, 'ks': ks, 'bufs': [], 'aliases': []}
        # buffers
        bufs = S['bufs']

        def newbuf(base, etype, init):
            b = MBuf(self.v(base), etype, init)
            bufs.append(b)
            return b
        in0 = newbuf('in', 'unsigned', (0, 0))
        in0.need(r.choice([97, 256, 1000, 4096, 10007]))
        for K in ks:
            if r.random() < 0.65:
                K.inp, K.ext = MBind(in0), in0.size
            else:
                b = newbuf('src', 'unsigned', (0, 0) if r.random() < 0.7 else (1, 0xffff))
                K.ext = r.choice([64, 300, 1024, 5000])
                b.need(K.ext)
                K.inp = MBind(b)
            init = r.choice([(2, 0), (2, 0), (0, 0), (2, 0xdeadbeef)])
            if K.kind == 'atomic' and K.op == 'min':
                init = (2, 0xffffffff)
            o = newbuf('acc' if K.kind == 'atomic' else 'out', K.etype, init)
            K.out = MBind(o)
            if K.kind == 'map' and r.random() < 0.25:
                K.nacc2 = r.choice([31, 128, 500])
                a2 = newbuf('acc', 'unsigned', (2, 0))
                a2.need(K.nacc2)
                K.acc2 = MBind(a2)
        # the relation between kernels A and B
        if rel:
            KA, KB = ks[A], ks[B]
            nA = KA.need()
            if rel.startswith('raw'):
                if KB.inp.buf is not in0:
                    bufs.remove(KB.inp.buf)
                k = 0 if rel == 'raw' else r.randrange(min(nA, 32))
                form = {'raw': 'var', 'raw-plus': 'plus', 'raw-addr': 'addr', 'raw-alias': 'alias'}[rel]
                KB.inp = self.bind(S, KA.out.buf, k, form, const=True)
                KB.ext = nA - k
                desc = f'{KB.name} reads what {KA.name} wrote, through {KB.inp.expr()}'
            elif rel.startswith('waw'):
                bufs.remove(KB.out.buf)
                k = 0 if rel == 'waw' else r.randrange(min(nA, 32))
                KB.out = self.bind(S, KA.out.buf, k, 'var' if rel == 'waw' else 'plus')
                desc = f'{KB.name} overwrites what {KA.name} wrote, through {KB.out.expr()}'
            elif rel == 'war':
                bufs.remove(KB.out.buf)
                k = r.randrange(min(KA.ext, 32))
                KB.out = self.bind(S, KA.inp.buf, k, r.choice(['var', 'plus']) if k == 0 else 'plus')
                if KB.inp.buf is KA.inp.buf:
                    # not a kernel that reads what it writes itself
                    b = newbuf('src', 'unsigned', (0, 0))
                    KB.ext = r.choice([64, 300, 1024])
                    b.need(KB.ext)
                    KB.inp = MBind(b)
                desc = f'{KB.name} writes {KB.out.expr()}, which {KA.name} reads'
            elif rel.startswith('disjoint'):
                bufs.remove(KB.out.buf)
                off = nA + r.randrange(17)
                KB.out = self.bind(S, KA.out.buf, off, 'addr' if rel == 'disjoint-addr' else 'plus')
                desc = f'{KA.name} writes {KA.out.buf.name}[0, {nA}), {KB.name} from {off} on'
            elif rel == 'alias-ro':
                if KA.inp.buf is not in0:
                    bufs.remove(KA.inp.buf)
                if KB.inp.buf is not in0:
                    bufs.remove(KB.inp.buf)
                KA.inp, KA.ext = MBind(in0), in0.size
                KB.inp = self.bind(S, in0, 0, 'alias', const=True)
                KB.ext = in0.size
                desc = f'{KA.name} and {KB.name} both read {in0.name}, {KB.name} through {KB.inp.alias}'
            else:  # atomic-same
                bufs.remove(KB.out.buf)
                KB.out = MBind(KA.out.buf)
                desc = f'{KA.name} and {KB.name} both {KA.op} into {KA.out.buf.name}'
            S['desc'] = desc
            # The earlier kernel of a dependent pair is slow where it counts
            # (it writes late for raw and waw, reads late for war), the later
            # one fast: run at the same time, as a wrong merge runs them, the
            # later one reads, or leaves, what the original order does not.
            if kind == 'dependent':
                if rel == 'war':
                    KA.pre, KB.pre, KB.post = r.randint(1500, 4000), 0, 0
                else:
                    KA.post, KB.pre = r.randint(1500, 4000), 0
                    if rel.startswith('waw'):
                        KB.post = 0
            self.feat(f'merge-rel-{rel}')
        if kind != 'dependent' and r.random() < 0.15:
            r.choice(ks).post = r.randint(1000, 3000)
        # sizes
        for K in ks:
            K.out.buf.need(K.out.off + K.need())
            K.inp.buf.need(K.inp.off + K.ext)
        # Most sequences allocate as the merge pass's rule reads best:
        # 'T *p;' then cudaMalloc(&p, bytes). Some use another style for
        # some of their buffers (whether dpopt proves those is its call).
        style = r.choices(['plain', 'cast', 'managed', 'null'], [7, 1, 1, 1])[0]
        S['style'] = style
        if style != 'plain':
            self.feat(f'merge-alloc-{style}', f'seq{si}-alloc-{style}')
        for b in bufs:
            if b.size > MK_MAX_ELEMS:
                raise Retry()
            if style != 'plain' and r.random() < 0.6:
                b.alloc = {'cast': 'cast', 'managed': 'managed'}.get(style, 'malloc')
                b.null_init = style == 'null'
        return S

    def bind(self, S, buf, off, form, const=False):
        if form == 'alias':
            name = self.v('q')
            init = buf.name if off == 0 else f'{buf.name} + {off}'
            S['aliases'].append(f'{"const " if const else ""}unsigned *{name} = {init};')
            self.feat('merge-ptr-alias')
            return MBind(buf, off, 'alias', name)
        if form == 'var' and off:
            form = 'plus'
        return MBind(buf, off, form)

    def launch_text(self, K, stream, decls):
        """The launch statement of K; declarations it needs go to decls."""
        r = self.r
        tpb = K.tpb
        # grid
        g, b = K.grid, K.block
        n_expr = f'{K.n}u'
        if K.n_var:
            n_expr = K.n_var
        elif r.random() < 0.5:
            K.n_var = self.v('n')
            decls.append(f'unsigned {K.n_var} = {K.n}u;')
            n_expr = K.n_var
        exact = len(g) == 1 and g[0] == -(-K.n // tpb) and K.kind != 'stride'
        f = r.choices(['lit', 'idiom', 'var', 'dim3'], [3, 4 if exact and K.n_var else 0, 2, 2])[0]
        if f == 'idiom':
            grid = r.choice([f'({K.n_var} + {tpb - 1}u) / {tpb}u', f'({K.n_var} + {tpb} - 1) / {tpb}'])
        elif f == 'var':
            gv = self.v('g')
            decls.append(f'dim3 {gv}({", ".join(map(str, g))});')
            grid = gv
        elif f == 'dim3' or len(g) > 1:
            grid = f'dim3({", ".join(map(str, g))})'
        else:
            grid = str(g[0])
        if len(b) == 1 and r.random() < 0.6:
            block = str(b[0])
        elif r.random() < 0.5:
            bv = self.v('b')
            decls.append(f'dim3 {bv}({", ".join(map(str, b))});')
            block = bv
        else:
            block = f'dim3({", ".join(map(str, b))})'
        cfg = [grid, block]
        smem = None
        if K.kind == 'dyn':
            words = tpb + K.extra_smem
            smem = r.choice([f'{words} * sizeof(unsigned)', f'{words * 4}'])
            if r.random() < 0.3:
                sv = self.v('sh')
                decls.append(f'size_t {sv} = {smem};')
                smem = sv
        elif r.random() < 0.08:
            smem = str(r.choice([64, 512, 4096]))
            self.feat('merge-unused-smem')
        if stream is None:
            if smem:
                cfg.append(smem)
        else:
            cfg += [smem or '0', stream]
        name = f'{K.name}<unsigned>' if K.kind == 'tmpl' else K.name
        if K.kind == 'tmpl':
            self.feat('merge-template-kernel')
        args = []
        for prm in self.params_of[K.name]:
            nm = prm.split()[-1].lstrip('*')
            if nm == 'out':
                args.append(K.out.expr())
            elif nm == 'acc':
                args.append((K.acc2 or K.out).expr())
            elif nm == 'in':
                args.append(K.inp.expr())
            elif nm == 'n':
                args.append(n_expr)
            else:
                args.append(K.key_var or f'{K.key}u')
        return f'{name}<<<{", ".join(cfg)}>>>({", ".join(args)});'

    def emit_sequence(self, si, S):
        r = self.r
        p = self.p
        k = self.k
        ks = S['ks']
        nk = len(ks)
        kind, rel = S['kind'], S['rel']
        label = {'pragma': 'independent, with #pragma dp merge',
                 'proven': 'independent, provably (distinct cudaMalloc locals)',
                 'unprovable': 'independent, not provably so: dpopt may leave it, the output is the same',
                 'dependent': 'DEPENDENT: a correct dpopt leaves it'}[kind]
        tag = kind + (f'-{rel}' if rel else '')
        self.feat(f'seq{si}-{tag}', f'merge-seq-{kind}', f'merge-kernels-{nk}')
        for K in ks:
            self.feat(f'merge-kernel-{K.kind}', f'merge-block-{len(K.block)}d',
                      f'merge-grid-{len(K.grid)}d')
            if K.tpb % 32:
                self.feat('merge-block-odd')
            if K.lb:
                self.feat('merge-launch-bounds')
        # a break: host code between launches bi-1 and bi
        brk, bi = None, None
        # (a pragma covers two launches at least: the break comes later)
        if r.random() < 0.3 and (kind != 'pragma' or nk > 2):
            bi = r.randrange(2 if kind == 'pragma' else 1, nk)
            brk = r.choices(['key', 'memcpy', 'memset', 'event', 'check', 'decl'], [2, 3, 2, 2, 2, 1])[0]
            L = ks[bi]
            involved = {id(x) for x in ((ks[S['A']], ks[S['B']]) if rel else ())}
            if brk == 'memcpy' and id(L) in involved:
                brk = 'check'
            if brk == 'memset' and (id(L) in involved or any(
                    K is not L and (K.out.buf is L.out.buf or K.inp.buf is L.out.buf) for K in ks)):
                brk = 'check'
            if brk == 'memcpy':
                # L reads its own input, which the break fills from an
                # earlier kernel's output
                srcs = [K for K in ks[:bi] if K.etype == 'unsigned']
                if not srcs:
                    brk = 'check'
                else:
                    E = r.choice(srcs)
                    if L.inp.buf is S['bufs'][0] or any(K is not L and K.inp.buf is L.inp.buf for K in ks):
                        b = MBuf(self.v('src'), 'unsigned', (0, 0))
                        b.need(L.ext)
                        S['bufs'].append(b)
                        L.inp = MBind(b)
                    cnt = min(E.need(), L.ext)
                    S['copy'] = (E, cnt)
            self.feat(f'merge-break-{brk}')
        stream = None
        sdecl, sfree = [], []
        sk = r.choices(['none', 'created', 'created-nb', 'zero'], [6, 2, 1, 1])[0]
        if sk in ('created', 'created-nb'):
            stream = self.v('st')
            sdecl.append(f'cudaStream_t {stream};')
            sdecl.append(f'DM_CK(cudaStreamCreate(&{stream}));' if sk == 'created' else
                         f'DM_CK(cudaStreamCreateWithFlags(&{stream}, cudaStreamNonBlocking));')
            sfree.append(f'cudaStreamDestroy({stream});')
            self.feat('merge-stream-created')
        elif sk == 'zero':
            stream = '0'
            self.feat('merge-stream-0')
        sarg = stream if stream is not None else '0'
        # host function
        fn = f'{p}seq{si}'
        L = []

        def o(ind, s):
            L.append('  ' * ind + s)
        o(0, f'static void {fn}(int *err, unsigned long long *h, int *he)')
        o(0, '{')
        o(1, f'unsigned long long s = {r.randrange(1 << 63)}ULL;')
        for b in S['bufs']:
            es = 8 if b.etype == 'unsigned long long' else 4
            o(1, f'{b.etype} *{b.name}{" = nullptr" if b.null_init else ""};')
            size = f'{b.size} * sizeof({b.etype})'
            if b.alloc == 'cast':
                o(1, f'DM_CK(cudaMalloc((void **)&{b.name}, {size}));')
            elif b.alloc == 'managed':
                o(1, f'DM_CK(cudaMallocManaged(&{b.name}, {size}));')
            else:
                o(1, f'DM_CK(cudaMalloc(&{b.name}, {size}));')
            kd, a = b.init
            o(1, f'DM_CK(dm_fill({b.name}, {b.size}u, {es}u, {kd}, {a}u, &s));')
        for a in S['aliases']:
            o(1, a)
        for d in sdecl:
            o(1, d)
        ev = None
        if brk == 'event':
            ev = self.v('ev')
            o(1, f'cudaEvent_t {ev};')
            o(1, f'DM_CK(cudaEventCreate(&{ev}));')
        if brk == 'key':
            ks[bi].key_var = self.v('key')
            o(1, f'unsigned {ks[bi].key_var} = {ks[bi].key}u;')
        launches = []
        decls = []
        for x, K in enumerate(ks):
            if brk == 'decl' and x == bi:
                K.n_var = self.v('nlate')
                launches.append(None)     # the declaration goes here
            launches.append(self.launch_text(K, stream, decls))
        for d in decls:
            o(1, d)
        o(1, f'// sequence {si} of p{k} ({", ".join(K.name for K in ks)}): {label}')
        if rel:
            o(1, f'// {rel}: {S["desc"]}')
        if brk:
            o(1, f'// host code between {ks[bi - 1].name} and {ks[bi].name} ({brk}): '
                 'nothing is merged across it')
        wrap = r.choices(['none', 'block', 'if'], [6, 2, 1])[0]
        ind = 1
        if wrap == 'block':
            o(1, '{')
            ind = 2
        elif wrap == 'if':
            o(1, 'if (cudaPeekAtLastError() == cudaSuccess) {')
            ind = 2
        if wrap != 'none':
            self.feat(f'merge-wrap-{wrap}')
        if kind == 'pragma':
            o(ind, '#pragma dp merge' if r.random() < 0.8 else '#pragma dp merge // independent')
        x = 0
        for ln in launches:
            if ln is None:
                K = ks[bi]
                o(ind, f'unsigned {K.n_var} = {K.n}u;')
                continue
            if brk and x == bi and brk != 'decl':
                Lk = ks[bi]
                if brk == 'key':
                    o(ind, f'{Lk.key_var} = {Lk.key_var} * 2654435761u + {r.randrange(1, 1 << 16)}u;')
                elif brk == 'memcpy':
                    E, cnt = S['copy']
                    o(ind, f'DM_CK(cudaMemcpyAsync({Lk.inp.buf.name}, {E.out.expr()}, {cnt} * sizeof(unsigned), '
                           f'cudaMemcpyDeviceToDevice, {sarg}));')
                elif brk == 'memset':
                    b = Lk.out.buf
                    o(ind, f'DM_CK(cudaMemsetAsync({b.name}, 0x5a, {b.size} * sizeof({b.etype}), {sarg}));')
                elif brk == 'event':
                    o(ind, f'DM_CK(cudaEventRecord({ev}, {sarg}));')
                else:
                    o(ind, f'he[{self.nhe}] = (int)cudaGetLastError();')
                    self.nhe += 1
            o(ind, ln)
            x += 1
        if wrap != 'none':
            o(1, '}')
        o(1, f'he[{self.nhe}] = (int)cudaGetLastError();')
        self.nhe += 1
        if stream not in (None, '0') and r.random() < 0.7:
            o(1, f'DM_CK(cudaStreamSynchronize({stream}));')
        else:
            o(1, 'DM_CK(cudaDeviceSynchronize());')
        if ev:
            o(1, f'DM_CK(cudaEventSynchronize({ev}));')
            o(1, f'cudaEventDestroy({ev});')
        for b in S['bufs']:
            o(1, f'DM_CK(dm_hash(h, {b.name}, {b.size} * sizeof({b.etype})));')
        for b in S['bufs']:
            o(1, f'cudaFree({b.name});')
        for d in sfree:
            o(1, d)
        o(0, '}')
        return fn, '\n'.join(L) + '\n'

    def generate(self):
        r = self.r
        p = self.p
        k = self.k
        nseq = r.choices([1, 2, 3], [3, 4, 3])[0]
        seqs = [self.plan_sequence(si) for si in range(nseq)]
        self.params_of = {}
        ktext = []
        for S in seqs:
            for K in S['ks']:
                ktext.append(self.kernel_text(K))
                self.params_of[K.name] = self.kernel_params
        fns = []
        ftext = []
        for si, S in enumerate(seqs):
            fn, t = self.emit_sequence(si, S)
            fns.append(fn)
            ftext.append(t)
        text = [f'// ---- program {k} (merge family) ----\n']
        c1, c2, sh = self.mixc
        text.append(f'__device__ __forceinline__ unsigned {p}mix(unsigned a, unsigned b)\n{{\n'
                    f'  unsigned x = a * 0x9E3779B1u ^ (b + {c2}u) * {c1}u;\n'
                    f'  x ^= x >> {sh};\n  x *= 0x85EBCA6Bu;\n  x ^= x >> 13;\n  return x;\n}}\n')
        if 'pos' in self.need:
            text.append(f'__device__ unsigned {p}tid3()\n{{\n'
                        '  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n}\n')
            text.append(f'__device__ unsigned {p}ntid()\n{{\n'
                        '  return blockDim.x * blockDim.y * blockDim.z;\n}\n')
            text.append(f'__device__ unsigned {p}bid3()\n{{\n'
                        '  return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);\n}\n')
        if 'salt' in self.need:
            c = self.saltc
            text.append(f'__device__ unsigned {p}salt()\n{{\n'
                        f'  return threadIdx.y * {c[0]}u + threadIdx.z * {c[1]}u + blockIdx.y * {c[2]}u +\n'
                        f'         blockIdx.z * {c[3]}u + gridDim.x * {c[4]}u + gridDim.y * {c[5]}u +\n'
                        f'         gridDim.z * {c[6]}u + (blockDim.x ^ blockDim.y * {c[7]}u) + blockDim.z * {c[8]}u;\n}}\n')
        if 'bar' in self.need:
            text.append(f'__device__ void {p}bar()\n{{\n  __syncthreads();\n}}\n')
        text += ktext
        text += ftext
        h = []
        h.append(f'static void run_p{k}()')
        h.append('{')
        h.append('  int err = 0;')
        h.append(f'  int he[{self.nhe}] = {{0}};')
        h.append(f'  unsigned long long h[{nseq}];')
        h.append(f'  for (int j = 0; j < {nseq}; ++j)')
        h.append('    h[j] = 1469598103934665603ULL;')
        for si, fn in enumerate(fns):
            h.append(f'  {fn}(&err, &h[{si}], he);')
            h.append('  if (err != 0) {')
            h.append(f'    printf("p{k} host-error %d\\n", err);')
            h.append('    cudaGetLastError();')
            h.append('    fflush(stdout);')
            h.append('    return;')
            h.append('  }')
        h.append(f'  printf("p{k}");')
        h.append(f'  for (int j = 0; j < {nseq}; ++j)')
        h.append('    printf(" %016llx", h[j]);')
        h.append('  printf(" e");')
        h.append(f'  for (int j = 0; j < {self.nhe}; ++j)')
        h.append('    printf(" %d", he[j]);')
        h.append('  printf("\\n");')
        h.append('  fflush(stdout);')
        h.append('}')
        return ''.join(t if t.endswith('\n') else t + '\n' for t in text) + '\n' + '\n'.join(h) + '\n'


def _programs(programs, make, what, seed):
    """Each program's text from make(k, attempt) (a Prog or MergeProg),
    retried with a fresh random stream while it raises Retry."""
    texts, feats = [], []
    for k in range(programs):
        for attempt in range(100):
            P = make(k, attempt)
            try:
                text = P.generate()
                break
            except Retry:
                continue
        else:
            raise SystemExit(f'gen.py: no {what} (seed {seed}, program {k})')
        texts.append('\n' + text)
        feats.append(sorted(P.feats))
    return texts, feats


def _main_text(programs, setup=''):
    """main(): \p setup, then every program, or only the one argv[1] names."""
    out = ['\n// With an argument N, runs only program N.\nint main(int argc, char **argv)\n{\n'
           '  int only = -1;\n'
           '  if (argc > 1 && sscanf(argv[1], "%d", &only) != 1)\n    only = -1;\n' + setup]
    for k in range(programs):
        out.append(f'  if (only < 0 || only == {k})\n    run_p{k}();\n')
    out.append('  printf("done\\n");\n  return 0;\n}\n')
    return ''.join(out)


def generate(seed, programs, waits=False, own_streams=False, postwork=False, merge=False,
             walks=False, folds=False, chains=False):
    if merge:
        return generate_merge(seed, programs)
    out = [f'// Generated by dpopt test/difftest/gen.py --seed {seed} --programs {programs}\n'
           f'// {programs} independent CUDA Dynamic Parallelism (CDP2) test programs; deterministic output.\n'
           '// Build: nvcc -rdc=true -arch=sm_90 this.cu -o this -lcudadevrt\n',
           FILE_HELPERS]

    def make(k, attempt):
        rng = random.Random(f'dpopt-difftest:{seed}:{k}:{attempt}')
        wait_rng = random.Random(f'dpopt-difftest-waits:{seed}:{k}:{attempt}') if waits else None
        return Prog(k, rng, wait_rng, own_streams, postwork, walks, folds, chains)
    texts, feats = _programs(programs, make, 'program within the launch budget', seed)
    out += texts
    out.append(_main_text(programs,
                          '  cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 65536);\n'
                          '  if (e != cudaSuccess)\n    printf("setlimit-error %d\\n", (int)e);\n'
                          '  e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 256 << 20);\n'
                          '  if (e != cudaSuccess)\n    printf("setlimit-error %d\\n", (int)e);\n'))
    return ''.join(out), feats


def generate_merge(seed, programs):
    """The --merge family's file: programs of host launch sequences."""
    out = [f'// Generated by dpopt test/difftest/gen.py --seed {seed} --programs {programs} --merge\n'
           f'// {programs} independent test programs of host launch sequences (merge family); '
           'deterministic output.\n'
           '// Build: nvcc -rdc=true -arch=sm_90 this.cu -o this -lcudadevrt\n',
           MERGE_FILE_HELPERS, MERGE_HELPERS]
    texts, feats = _programs(
        programs, lambda k, attempt: MergeProg(k, random.Random(f'dpopt-difftest-merge:{seed}:{k}:{attempt}')),
        'merge program within the limits', seed)
    out += texts
    out.append(_main_text(programs))
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
    ap.add_argument('--merge', action='store_true',
                    help='a family of programs of host launch sequences for the merge pass: '
                         '2-4 different kernels launched back to back, independent (with or '
                         'without #pragma dp merge) or dependent (never with the pragma); '
                         'one hash per sequence')
    ap.add_argument('--walks', action='store_true',
                    help='a family of programs in which about a third of the recursive kernels '
                         'are tree walks: the whole body under one gid < n && ... guard')
    ap.add_argument('--folds', action='store_true',
                    help='a family of programs in which about 3 in 4 new children end with an '
                         'atomic to one address per launch (threshold folds them in its '
                         'serial versions)')
    ap.add_argument('--chains', action='store_true',
                    help='a family of programs in which half the recursive kernels launch '
                         'themselves as one block from thread 0 (flatten-recursion\'s chains: '
                         'barriers, early returns, growing children, CDP1 postwork with --waits)')
    a = ap.parse_args(argv)
    if a.programs < 1:
        ap.error('--programs must be at least 1')
    if a.merge and (a.waits or a.own_streams or a.postwork or a.walks or a.folds or a.chains):
        ap.error('--merge is a family of its own: no --waits, --own-streams, --postwork, '
                 '--walks, --folds or --chains')
    if not a.output and not a.list_features:
        ap.error('give -o FILE or --list-features')
    text, feats = generate(a.seed, a.programs, a.waits, a.own_streams, a.postwork, a.merge,
                           a.walks, a.folds, a.chains)
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
