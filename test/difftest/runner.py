#!/usr/bin/env python3
# ===- runner.py - Build, run and compare the differential tester's files ---===#
#
# Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
#
# ===------------------------------------------------------------------------===#
#
# The GPU half of the differential tester (docs/testing.md). Runs where the
# GPU is, on the WORK folder prepare.py wrote (no clang needed): builds every
# original and every dpopt output with nvcc in parallel, runs each under a
# watchdog (the original twice, to catch a generator bug that makes output
# depend on scheduling), and compares every test program's line of output
# with the original's. Writes
#
#   OUT/results.csv    commit,seed,program,config,status,detail (one row per
#                      test program and configuration)
#   OUT/summary.txt    counts per configuration and status
#   OUT/mismatches.md  every mismatch, build failure, crash and time-out,
#                      with what to run to reproduce it
#   OUT/gdb/*.txt      with --gdb-on-hang: where each timed-out process's GPU
#                      threads were (cuda-gdb attached before the kill)
#
# Statuses: match; mismatch (the program printed something else); hang (the
# watchdog fired before the program's line); crash (the process died before
# it); build-fail (nvcc rejected dpopt's output); dpopt-fail (dpopt did not
# write one: prepare.py's dpopt.csv says why); not-comparable (the original
# itself failed or printed different lines in its two runs: a generator bug,
# not counted against dpopt).
#
# ===------------------------------------------------------------------------===#

import argparse
import collections
import concurrent.futures
import csv
import glob
import os
import re
import signal
import subprocess
import sys
import threading
import time

LINE = re.compile(r'^(p\d+) (.*)$')


def build(nvcc, runtime, src, flags):
    exe = src[:-3] + '.bin'
    start = time.monotonic()
    p = subprocess.run([nvcc, '-rdc=true', '-arch=sm_90', '-I', runtime] + flags +
                       [src, '-o', exe, '-lcudadevrt'], capture_output=True, text=True)
    return p.returncode == 0, p.stderr, time.monotonic() - start


def run(exe, timeout, tag, only=None, on_hang=None):
    """Runs exe (only program `only` when given) under a watchdog. On a
    time-out, on_hang(pid, tag, only) is called before the process is
    killed."""
    start = time.monotonic()
    # In a session of its own, so that the kill reaches whatever it started.
    p = subprocess.Popen([exe] + ([str(only)] if only is not None else []),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        code = p.returncode
    except subprocess.TimeoutExpired:
        if on_hang:
            on_hang(p.pid, tag, only)
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, _ = p.communicate()
        code = 'timeout'
    return tag, out or '', code, time.monotonic() - start


def gdb_name(tag, only):
    """The file name of the cuda-gdb report of run `tag` (a source path,
    '#2' for the original's second run) of program `only`."""
    src = tag.split('#')[0]
    name = '%s.%s' % (os.path.basename(os.path.dirname(src)), os.path.basename(src)[:-3])
    if tag.endswith('#2'):
        name += '.run2'
    if only is not None:
        name += '.p%d' % only
    return name + '.txt'


class HangReporter:
    """Attaches cuda-gdb to a timed-out process (one at a time) and writes
    where its GPU threads are to DIR/gdb_name(...)."""

    def __init__(self, cuda_gdb, outdir, timeout):
        self.cuda_gdb, self.outdir, self.timeout = cuda_gdb, outdir, timeout
        self.lock = threading.Lock()
        os.makedirs(outdir, exist_ok=True)

    def __call__(self, pid, tag, only):
        cmd = [self.cuda_gdb, '-batch', '-p', str(pid), '-ex', 'info cuda kernels',
               '-ex', 'info cuda threads', '-ex', 'info cuda warps']
        with self.lock:
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
                text = r.stdout + r.stderr
            except (OSError, subprocess.TimeoutExpired) as e:
                text = 'cuda-gdb failed: %s\n' % e
        with open(os.path.join(self.outdir, gdb_name(tag, only)), 'w') as f:
            f.write('$ %s\n%s' % (' '.join(cmd), text))


def program_lines(out):
    lines = {}
    for line in out.splitlines():
        m = LINE.match(line.strip())
        if m:
            lines[m.group(1)] = m.group(2)
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--work', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--runtime', required=True)
    ap.add_argument('--nvcc', default='nvcc')
    ap.add_argument('--build-jobs', type=int, default=os.cpu_count() or 4)
    ap.add_argument('--run-jobs', type=int, default=4)
    ap.add_argument('--timeout', type=int, default=30)
    ap.add_argument('--nvcc-flags', default='', help='extra nvcc flags')
    ap.add_argument('--gdb-on-hang', action='store_true',
                    help='attach cuda-gdb to every process that times out and write where '
                         'its GPU threads are to OUT/gdb/ (builds with -lineinfo, so that '
                         'the report names source lines)')
    ap.add_argument('--cuda-gdb', default='cuda-gdb')
    ap.add_argument('--gdb-timeout', type=int, default=120)
    args = ap.parse_args()
    on_hang = (HangReporter(args.cuda_gdb, os.path.join(args.out, 'gdb'), args.gdb_timeout)
               if args.gdb_on_hang else None)

    manifest = dict(line.split(' ', 1) for line in
                    open(os.path.join(args.work, 'manifest.txt')).read().splitlines())
    commit = manifest.get('commit', 'unknown')
    dpopt_rows = {}
    with open(os.path.join(args.work, 'dpopt.csv')) as f:
        for r in csv.DictReader(f):
            dpopt_rows[(int(r['seed']), r['config'])] = r
    configs = manifest['configs'].split()
    seeds = sorted(int(os.path.basename(d)[1:]) for d in glob.glob(os.path.join(args.work, 's*'))
                   if os.path.isdir(d))

    sources = []
    for seed in seeds:
        d = os.path.join(args.work, 's%d' % seed)
        sources.append(os.path.join(d, 'orig.cu'))
        sources += [os.path.join(d, c + '.cu') for c in configs
                    if os.path.exists(os.path.join(d, c + '.cu'))]
    t0 = time.monotonic()
    built = {}
    flags = args.nvcc_flags.split() + (['-lineinfo'] if args.gdb_on_hang else [])
    # Per configuration (configs.txt's @nvcc=FLAG, written by prepare.py).
    config_flags = {c: manifest.get('nvcc-flags.' + c, '').split() for c in configs}
    with concurrent.futures.ThreadPoolExecutor(args.build_jobs) as pool:
        for src, (ok, log, secs) in zip(sources, pool.map(
                lambda s: build(args.nvcc, args.runtime, s,
                                flags + config_flags.get(os.path.basename(s)[:-3], [])),
                sources)):
            built[src] = (ok, log)
    print('built %d files in %.0f s, %d failed' %
          (len(sources), time.monotonic() - t0, sum(not ok for ok, _ in built.values())),
          flush=True)

    t0 = time.monotonic()
    runs = []
    for src, (ok, _) in built.items():
        if ok:
            runs.append((src[:-3] + '.bin', src))
            if src.endswith('/orig.cu'):
                runs.append((src[:-3] + '.bin', src + '#2'))
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.run_jobs) as pool:
        for tag, out, code, secs in pool.map(
                lambda r: run(r[0], args.timeout, r[1], on_hang=on_hang), runs):
            results[tag] = (out, code, secs)
    # A program that hangs or crashes takes the ones after it down with it:
    # those run again, one process each.
    reruns = []
    for src, (ok, _) in built.items():
        if not ok or src.endswith('/orig.cu') or src not in results:
            continue
        out, code, _ = results[src]
        if code == 0:
            continue
        ref = program_lines(results.get(os.path.join(os.path.dirname(src), 'orig.cu'),
                                        ('', 0, 0))[0])
        got = program_lines(out)
        missing = [p for p in sorted(ref, key=lambda p: int(p[1:])) if p not in got]
        for p in missing[1:]:
            reruns.append((src[:-3] + '.bin', src, int(p[1:])))
    single = {}
    with concurrent.futures.ThreadPoolExecutor(args.run_jobs) as pool:
        for (exe, src, k), (tag, out, code, secs) in zip(reruns, pool.map(
                lambda r: run(r[0], args.timeout, r[1], r[2], on_hang), reruns)):
            single[(src, 'p%d' % k)] = (out, code, secs)
    print('ran %d binaries in %.0f s (%d programs again alone)' %
          (len(runs), time.monotonic() - t0, len(reruns)), flush=True)

    os.makedirs(args.out, exist_ok=True)
    rows = []
    report = []
    for seed in seeds:
        d = os.path.join(args.work, 's%d' % seed)
        orig = os.path.join(d, 'orig.cu')
        o1 = results.get(orig)
        o2 = results.get(orig + '#2')
        ref1 = program_lines(o1[0]) if o1 else {}
        ref2 = program_lines(o2[0]) if o2 else {}
        names = sorted(ref1, key=lambda p: int(p[1:]))
        for c in configs:
            src = os.path.join(d, c + '.cu')
            res = results.get(src)
            got = program_lines(res[0]) if res else {}
            for p in names:
                expected = ref1[p]
                if ref2.get(p) != expected or 'host-error' in expected:
                    status, detail = 'not-comparable', 'original: %r / %r' % (expected, ref2.get(p))
                elif not os.path.exists(src):
                    r = dpopt_rows.get((seed, c), {})
                    status, detail = 'dpopt-fail', 'dpopt %s (exit %s)' % (r.get('status'),
                                                                           r.get('exit'))
                elif not built[src][0]:
                    status, detail = 'build-fail', built[src][1].strip().splitlines()[0][:200] \
                        if built[src][1].strip() else 'nvcc failed'
                else:
                    alone = single.get((src, p))
                    line, r = got.get(p), res
                    if line is None and alone:
                        line, r = program_lines(alone[0]).get(p), alone
                    if line is not None:
                        status = 'match' if line == expected else 'mismatch'
                        detail = '' if status == 'match' else 'expected %r, got %r' % (
                            expected, line)
                    else:
                        status = 'hang' if r[1] == 'timeout' else 'crash'
                        detail = 'exit %s after %.1f s%s' % (r[1], r[2],
                                                             ' (run alone)' if alone else '')
                        gdb = gdb_name(src, int(p[1:]) if alone else None)
                        if status == 'hang' and os.path.exists(
                                os.path.join(args.out, 'gdb', gdb)):
                            detail += '; cuda-gdb: gdb/' + gdb
                rows.append((commit, seed, p, c, status, detail))
                if status not in ('match', 'not-comparable'):
                    report.append((seed, p, c, status, detail))

    # What the programs that did not match printed, and the original's.
    outdir = os.path.join(args.out, 'outputs')
    for seed, p, c, status, detail in report:
        os.makedirs(outdir, exist_ok=True)
        d = os.path.join(args.work, 's%d' % seed)
        for tag, name in ((os.path.join(d, 'orig.cu'), 'orig'), (os.path.join(d, c + '.cu'), c)):
            path = os.path.join(outdir, 's%d.%s.txt' % (seed, name))
            if tag in results and not os.path.exists(path):
                with open(path, 'w') as f:
                    f.write(results[tag][0] + '\n[exit %s after %.1f s]\n' %
                            (results[tag][1], results[tag][2]))
            if name != 'orig' and not built.get(tag, (True,))[0]:
                with open(os.path.join(outdir, 's%d.%s.nvcc.txt' % (seed, name)), 'w') as f:
                    f.write(built[tag][1])

    with open(os.path.join(args.out, 'results.csv'), 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['commit', 'seed', 'program', 'config', 'status', 'detail'])
        w.writerows(rows)
    counts = collections.Counter((r[3], r[4]) for r in rows)
    statuses = ['match', 'mismatch', 'hang', 'crash', 'build-fail', 'dpopt-fail',
                'not-comparable']
    lines = ['commit %s, %d files, %d test programs x %d configurations' %
             (commit, len(seeds), len({(r[1], r[2]) for r in rows}), len(configs)),
             '%-16s ' % 'config' + ' '.join('%14s' % s for s in statuses)]
    for c in configs:
        lines.append('%-16s ' % c + ' '.join('%14d' % counts[(c, s)] for s in statuses))
    lines.append('%-16s ' % 'total' + ' '.join(
        '%14d' % sum(counts[(c, s)] for c in configs) for s in statuses))
    with open(os.path.join(args.out, 'summary.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print('\n'.join(lines))
    with open(os.path.join(args.out, 'mismatches.md'), 'w') as f:
        f.write('# Differential tester: everything that did not match (commit %s)\n\n' % commit)
        family = manifest.get('family', 'default')
        f.write('Reproduce: `python3 test/difftest/gen.py --seed SEED --programs %s%s -o orig.cu`, '
                'then dpopt with the configuration\'s options from test/difftest/configs.txt.\n\n'
                % (manifest.get('programs', '?'), '' if family == 'default' else ' ' + family))
        for c in configs:
            if config_flags[c]:
                f.write('Configuration %s is built with `%s`.\n\n' % (c, ' '.join(config_flags[c])))
        for seed, p, c, status, detail in report:
            f.write('- seed %d, %s, %s: **%s** %s\n' % (seed, p, c, status, detail))
    return 0


if __name__ == '__main__':
    sys.exit(main())
