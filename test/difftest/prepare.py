#!/usr/bin/env python3
# ===- prepare.py - Generate test programs and run dpopt on them ------------===#
#
# Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
#
# ===------------------------------------------------------------------------===#
#
# The local half of the differential tester (docs/testing.md): generates the
# files of a range of seeds with gen.py, runs dpopt on each with every
# configuration of configs.txt, and writes
#
#   WORK/s<seed>/orig.cu, WORK/s<seed>/<config>.cu   what the GPU builds
#   WORK/s<seed>/own.cu      the input of configurations marked @own-streams:
#                            the programs with plain device-stream creation
#                            (gen.py --own-streams), computing the same
#   WORK/s<seed>/waits.cu    the input of configurations marked @waits: the
#                            programs with legacy CDP1 waits (gen.py --waits)
#   WORK/s<seed>/rl.tuning.txt  the tuning file of configurations marked
#                            @rl-tuning: remove_launch(m) entries for launches
#                            of orig.cu drawn with the seed
#   WORK/s<seed>/rlpragma.cu the input of configurations marked @rl-pragma:
#                            orig.cu with '#pragma dp remove_launch(m)' lines
#                            before launches drawn the same way
#   WORK/dpopt.csv                                   seed,config,status,exit,seconds
#   WORK/manifest.txt                                commit, seeds, programs, configs
#                            (and 'nvcc-flags.<config> FLAGS' for configurations
#                            marked @nvcc=FLAG, which runner.py builds with)
#
# With --merge the whole folder is the gen.py --merge family (host launch
# sequences), and only the configurations marked @merge run; without it,
# those are left out. With --merge every run's messages (the remarks of
# configurations with --remarks) are kept in WORK/s<seed>/<config>.dpopt.log.
#
# A dpopt run is 'ok' (output written), 'refused' (exit 1 with a diagnostic:
# a bug too, since every generated program is valid CUDA), or 'crash' (any
# other exit, a signal, or a time-out). With --nvcc it also compiles every
# file (the CI check: outputs must build wherever their input builds).
#
# ===------------------------------------------------------------------------===#

import argparse
import concurrent.futures
import csv
import json
import os
import random
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def read_configs(path, only):
    configs = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            name, _, opts = line.partition(':')
            if only and name.strip() not in only:
                continue
            configs.append((name.strip(), shlex.split(opts)))
    return configs


def parse_seeds(text):
    seeds = []
    for part in text.split(','):
        if '-' in part:
            a, b = part.split('-')
            seeds.extend(range(int(a), int(b) + 1))
        else:
            seeds.append(int(part))
    return seeds


def commit():
    try:
        out = subprocess.run(['git', '-C', ROOT, 'rev-parse', '--short=12', 'HEAD'],
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(['git', '-C', ROOT, 'status', '--porcelain', '--untracked-files=no'],
                               capture_output=True, text=True).stdout.strip()
        return out + ('-dirty' if dirty else '')
    except (OSError, subprocess.CalledProcessError):
        return 'unknown'


def run_dpopt(dpopt, src, out, opts, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run([dpopt, src, '-o', out] + opts, capture_output=True, text=True,
                           timeout=timeout)
        code = p.returncode
        log = p.stderr
    except subprocess.TimeoutExpired:
        code, log = 'timeout', 'timed out after %d s' % timeout
    seconds = time.monotonic() - start
    status = 'ok' if code == 0 else 'refused' if code == 1 else 'crash'
    if status != 'ok' and os.path.exists(out):
        os.unlink(out)
    return status, code, seconds, log


WAITS = '@waits'
OWN_STREAMS = '@own-streams'
MERGE = '@merge'
NVCC = '@nvcc='
RL_TUNING = '@rl-tuning'
RL_PRAGMA = '@rl-pragma'
MARKERS = (WAITS, OWN_STREAMS, MERGE, RL_TUNING, RL_PRAGMA)


def nvcc_flags(opts):
    """The extra nvcc flags of a configuration (its @nvcc=FLAG markers)."""
    return [o[len(NVCC):] for o in opts if o.startswith(NVCC)]


def dpopt_opts(opts):
    """A configuration's options less the markers prepare.py reads."""
    return [o for o in opts if o not in MARKERS and not o.startswith(NVCC)]


# The techniques a remove_launch clause names: 'auto' most often, and each
# T-technique sometimes, where the pass may have to refuse it.
RL_MODES = ['auto'] * 6 + ['T1', 'T2', 'T3', 'T4']


def device_launches(dpopt, src, timeout):
    """The device launches of \p src that a tuning entry can name (its kernel
    in one word), from 'dpopt --passes=remove-launch --report=json':
    [(line, column, callee, whether the pass can remove it)]."""
    p = subprocess.run([dpopt, src, '-o', os.devnull, '--passes=remove-launch',
                        '--report=json'], capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        raise RuntimeError('dpopt --passes=remove-launch --report=json failed on %s:\n%s'
                           % (src, p.stderr))
    return [(s['line'], s['column'], s['callee'],
             bool(s['passes'].get('remove-launch', {}).get('applicable')))
            for s in json.loads(p.stdout)['sites']
            if s['side'] == 'device' and not any(c.isspace() for c in s['callee'])]


def remove_launch_choices(launches, seed):
    """Launches to name in remove_launch clauses, drawn with \p seed's own
    generator: most of those the pass can remove, and some it refuses (the
    other passes must then still take them). Returns [(line, column,
    callee, mode)] in source order."""
    rng = random.Random(seed * 7919 + 17)
    return [(line, col, callee, rng.choice(RL_MODES))
            for line, col, callee, applicable in launches
            if rng.random() < (0.7 if applicable else 0.2)]


def write_rl_tuning(d, seed, launches):
    """rl.tuning.txt: remove_launch entries for launches of orig.cu (the
    default pipeline then runs remove-launch first on those)."""
    src = os.path.abspath(os.path.join(d, 'orig.cu'))
    with open(os.path.join(d, 'rl.tuning.txt'), 'w', newline='\n') as f:
        f.write('# prepare.py: remove_launch entries drawn for seed %d\n' % seed)
        for line, col, callee, mode in remove_launch_choices(launches, seed):
            f.write('%s:%d:%d %s remove_launch(%s)\n' % (src, line, col, callee, mode))


def write_rl_pragmas(d, seed, launches):
    """rlpragma.cu: orig.cu with '#pragma dp remove_launch(m)' on its own
    line before launches of orig.cu whose line starts with the kernel's name
    (the others stay unnamed). Pragmas compute nothing: orig.cu stays the
    reference."""
    with open(os.path.join(d, 'orig.cu')) as f:
        lines = f.read().split('\n')
    for line, col, callee, mode in reversed(remove_launch_choices(launches, seed + 1)):
        text = lines[line - 1]
        if text[:col - 1].strip():
            continue
        lines.insert(line - 1, text[:col - 1] + '#pragma dp remove_launch(%s)' % mode)
    with open(os.path.join(d, 'rlpragma.cu'), 'w', newline='\n') as f:
        f.write('\n'.join(lines))


NOT_CONTINUED = re.compile(r"remark: not continuing '(\w+)' after its wait")


def strip_waits(text, names):
    """\p text without the cudaDeviceSynchronize() statements in the bodies
    of the functions \p names (generated code: 'name(' on the definition's
    line, its body the next brace-balanced block)."""
    for name in names:
        # The definition, not a declaration ('...);' first: mutual recursion
        # declares the second kernel before the first).
        start = None
        for m in re.finditer(r'^(?:static )?__(?:global|device)__[^\n]*\b' + name + r'\(',
                             text, re.M):
            brace, semi = text.find('{', m.end()), text.find(';', m.end())
            if brace != -1 and (semi == -1 or brace < semi):
                start = brace
                break
        if start is None:
            continue
        depth, i = 0, start
        while True:
            depth += {'{': 1, '}': -1}.get(text[i], 0)
            if depth == 0:
                break
            i += 1
        body = re.sub(r'^[ \t]*cudaDeviceSynchronize\(\);\n', '', text[start:i], flags=re.M)
        text = text[:start] + body + text[i:]
    return text


def prepare_waits(dpopt, gen, seed, programs, d, timeout, family):
    """waits.cu: the seed's programs with CDP1 waits, less those in kernels
    the continuation pass leaves (they would not compile for sm_90). The
    reference stays orig.cu: no parent reads what its children write, so the
    waits do not change the output."""
    path = os.path.join(d, 'waits.cu')
    subprocess.run([sys.executable, gen, '--seed', str(seed), '--programs', str(programs),
                    '--waits', '-o', path] + family, check=True)
    for _ in range(4):
        p = subprocess.run([dpopt, path, '-o', os.devnull, '--passes=continuation',
                            '--remarks'], capture_output=True, text=True, timeout=timeout)
        names = sorted(set(NOT_CONTINUED.findall(p.stderr)))
        if not names:
            return
        with open(path) as f:
            text = f.read()
        with open(path, 'w', newline='\n') as f:
            f.write(strip_waits(text, names))


def compile_one(nvcc, runtime, src, flags=()):
    obj = src[:-3] + '.o'
    p = subprocess.run([nvcc, '-rdc=true', '-arch=sm_90', '-I', runtime] + list(flags) +
                       ['-c', src, '-o', obj], capture_output=True, text=True)
    if p.returncode == 0:
        os.unlink(obj)
    return p.returncode, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--dpopt', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--seeds', required=True, help='e.g. 1-50 or 3,7,9')
    ap.add_argument('--programs', type=int, default=10, help='test programs per file')
    ap.add_argument('--configs', default=os.path.join(HERE, 'configs.txt'))
    ap.add_argument('--only', default='', help='comma-separated config names')
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--timeout', type=int, default=300, help='seconds per dpopt run')
    ap.add_argument('--nvcc', default='', help='also compile every file with this nvcc')
    ap.add_argument('--postwork', action='store_true',
                    help='generate the --postwork family of programs (gen.py --postwork) '
                         'for every file of WORK, the reference included')
    ap.add_argument('--walks', action='store_true',
                    help='the same with the --walks family (recursive tree walks)')
    ap.add_argument('--folds', action='store_true',
                    help='the same with the --folds family (children ending with an atomic '
                         'to one address per launch)')
    ap.add_argument('--chains', action='store_true',
                    help='the same with the --chains family (kernels that launch themselves '
                         'as one block: flatten-recursion)')
    ap.add_argument('--merge', action='store_true',
                    help='generate the --merge family (gen.py --merge: host launch sequences) '
                         'for every file of WORK and run only the configurations marked @merge')
    args = ap.parse_args()
    if sum([args.merge, args.postwork, args.walks, args.folds, args.chains]) > 1:
        ap.error('--merge, --postwork, --walks, --folds and --chains are different families')
    family = (['--postwork'] if args.postwork else ['--merge'] if args.merge else
              ['--walks'] if args.walks else ['--folds'] if args.folds else
              ['--chains'] if args.chains else [])

    configs = read_configs(args.configs, [c for c in args.only.split(',') if c])
    # @merge configurations are for the merge family, and only they.
    configs = [(n, o) for n, o in configs if (MERGE in o) == args.merge]
    if not configs:
        ap.error('no configuration to run' + (' (--merge runs only those marked @merge)'
                                              if args.merge else ''))
    seeds = parse_seeds(args.seeds)
    os.makedirs(args.work, exist_ok=True)
    gen = os.path.join(HERE, 'gen.py')
    for seed in seeds:
        d = os.path.join(args.work, 's%d' % seed)
        os.makedirs(d, exist_ok=True)
        subprocess.run([sys.executable, gen, '--seed', str(seed), '--programs',
                        str(args.programs), '-o', os.path.join(d, 'orig.cu')] + family,
                       check=True)

    if any(WAITS in opts for _, opts in configs):
        for seed in seeds:
            prepare_waits(args.dpopt, gen, seed, args.programs,
                          os.path.join(args.work, 's%d' % seed), args.timeout, family)
    if any(OWN_STREAMS in opts for _, opts in configs):
        for seed in seeds:
            subprocess.run([sys.executable, gen, '--seed', str(seed), '--programs',
                            str(args.programs), '--own-streams', '-o',
                            os.path.join(args.work, 's%d' % seed, 'own.cu')] + family,
                           check=True)
    writers = [write for marker, write in ((RL_TUNING, write_rl_tuning),
                                           (RL_PRAGMA, write_rl_pragmas))
               if any(marker in opts for _, opts in configs)]
    for seed in seeds if writers else []:
        d = os.path.join(args.work, 's%d' % seed)
        launches = device_launches(args.dpopt, os.path.abspath(os.path.join(d, 'orig.cu')),
                                   args.timeout)
        for write in writers:
            write(d, seed, launches)
    jobs = []
    for seed in seeds:
        d = os.path.join(args.work, 's%d' % seed)
        for name, opts in configs:
            src = os.path.join(d, 'waits.cu' if WAITS in opts else
                               'own.cu' if OWN_STREAMS in opts else
                               'rlpragma.cu' if RL_PRAGMA in opts else 'orig.cu')
            extra = (['--tuning=' + os.path.join(d, 'rl.tuning.txt')]
                     if RL_TUNING in opts else [])
            jobs.append((seed, name, src, os.path.join(d, name + '.cu'),
                         dpopt_opts(opts) + extra))
    rows = []
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = {pool.submit(run_dpopt, args.dpopt, src, out, opts, args.timeout):
                (seed, name, out) for seed, name, src, out, opts in jobs}
        for fut in concurrent.futures.as_completed(futs):
            seed, name, out = futs[fut]
            status, code, seconds, log = fut.result()
            rows.append((seed, name, status, code, '%.2f' % seconds))
            if args.merge and status == 'ok' and log.strip():
                with open(out[:-3] + '.dpopt.log', 'w') as f:
                    f.write(log)
            if status != 'ok':
                failures += 1
                with open(out[:-3] + '.dpopt.log', 'w') as f:
                    f.write(log)
                print('dpopt %s on seed %d, config %s (exit %s): %s' %
                      (status, seed, name, code, log.strip().splitlines()[-1:] or ''),
                      file=sys.stderr)
    # Rows of seeds prepared earlier in the same folder stay.
    old_csv = os.path.join(args.work, 'dpopt.csv')
    if os.path.exists(old_csv):
        with open(old_csv) as f:
            for r in csv.DictReader(f):
                if int(r['seed']) not in seeds:
                    rows.append((int(r['seed']), r['config'], r['status'], r['exit'],
                                 r['seconds']))
    rows.sort(key=lambda r: (r[0], r[1]))
    with open(os.path.join(args.work, 'dpopt.csv'), 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['seed', 'config', 'status', 'exit', 'seconds'])
        w.writerows(rows)
    all_seeds = sorted({r[0] for r in rows})
    with open(os.path.join(args.work, 'manifest.txt'), 'w') as f:
        f.write('commit %s\nprograms %d\nseeds %s\nconfigs %s\nfamily %s\n' %
                (commit(), args.programs, ','.join(str(x) for x in all_seeds),
                 ' '.join(n for n, _ in configs), ' '.join(family) or 'default'))
        for n, o in configs:
            if nvcc_flags(o):
                f.write('nvcc-flags.%s %s\n' % (n, ' '.join(nvcc_flags(o))))
    total = sum(float(r[4]) for r in rows)
    print('dpopt: %d runs, %d not ok, %.1f s of dpopt time' % (len(rows), failures, total))

    if args.nvcc:
        srcs = []
        for seed in seeds:
            d = os.path.join(args.work, 's%d' % seed)
            srcs.append((os.path.join(d, 'orig.cu'), []))
            srcs += [(os.path.join(d, n + '.cu'), nvcc_flags(o)) for n, o in configs
                     if os.path.exists(os.path.join(d, n + '.cu'))]
        runtime = os.path.join(ROOT, 'runtime')
        bad = 0
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for (src, _), (code, log) in zip(srcs, pool.map(
                    lambda s: compile_one(args.nvcc, runtime, *s), srcs)):
                if code != 0:
                    bad += 1
                    print('nvcc failed on %s:\n%s' % (src, log), file=sys.stderr)
        print('nvcc: %d files, %d failed' % (len(srcs), bad))
        failures += bad
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
