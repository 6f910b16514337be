#!/usr/bin/env python3
"""regs.py RUNTIME_A RUNTIME_B: registers per kernel of every benchmarks/gen/*/*.cu under two runtime trees."""
import glob, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
A, B = sys.argv[1], sys.argv[2]
files = sorted(glob.glob('benchmarks/gen/*/*.cu'))
def regs(f, rt):
    b = os.path.basename(os.path.dirname(f))
    p = subprocess.run(['/usr/local/cuda/bin/nvcc', '-std=c++17', '-rdc=true', '-arch=sm_90', '-O3', '-I', 'benchmarks/' + b, '-I', 'benchmarks/common', '-I', rt, '-Xptxas', '-v', '-c', f, '-o', '/dev/null'], capture_output=True, text=True)
    out, cur = {}, None
    for line in p.stderr.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m: cur = re.sub(r'__nv_static_\d+__\w+?_cu_\w{8}_', '', m.group(1)); continue
        m = re.search(r'Used (\d+) registers', line)
        if m and cur: out[cur] = int(m.group(1)); cur = None
    if p.returncode: out['ERROR'] = p.stderr[-300:]
    return out
with ThreadPoolExecutor(8) as ex:
    ra = list(ex.map(lambda f: regs(f, A), files)); rb = list(ex.map(lambda f: regs(f, B), files))
for f, a, b in zip(files, ra, rb):
    for k in sorted(set(a) | set(b)):
        if a.get(k) != b.get(k) or '-v' in sys.argv:
            print(f'{f}\t{k[:60]}\t{a.get(k)}\t{b.get(k)}')
