#!/usr/bin/env python3
# ===- decisions.py - What the default pipeline does to each benchmark ------===#
#
# Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
#
# ===------------------------------------------------------------------------===#
"""What the default pipeline decides at every launch of the benchmark suite.

Runs dpopt with no options (the default pipeline) and --remarks on every
benchmarks/<bench>/cdp.cu and cdp1.cu, and reduces its remarks to one line
per launch: the launch's place and, per pass in the order the remarks came,
'+ID' where the pass transformed it and '-ID' where it did not. The lines must
equal expected.txt beside this file.

Why: a change in one pass can silently stop another from taking a launch
(threshold's stream local once hid cudaStreamFireAndForget from aggregate,
and bfsq/ssspq ran 6-40x slower for a day before a GPU run showed it). The
tests of each pass did not see it; this list does, without a GPU. A change
that means to move a decision updates expected.txt (--update), and the diff
shows which launches it moved.
"""

import argparse
import concurrent.futures
import difflib
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BENCH = os.path.join(ROOT, 'benchmarks')

# file:line:col: remark: ... [-Rpass=P] [DPnnnn] (or -Rpass-missed=P)
REMARK = re.compile(r'^(?P<file>[^:\s]+\.cu):(?P<line>\d+):(?P<col>\d+): remark: .*'
                    r'\[-Rpass(?P<missed>-missed)?=(?P<pass>[\w-]+)\] \[(?P<id>DP\d+)\]$')


def sources():
    found = []
    for path in sorted(glob.glob(os.path.join(BENCH, '*', 'cdp*.cu'))):
        name = os.path.basename(path)
        if name in ('cdp.cu', 'cdp1.cu'):
            found.append(path)
    return found


def decisions(dpopt, path):
    """The lines of one source, or raises with dpopt's output."""
    bench = os.path.dirname(path)
    p = subprocess.run([dpopt, path, '-o', os.devnull, '--remarks', '--',
                        '-std=c++17', '-I', os.path.join(BENCH, 'common'), '-I', bench],
                       capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError('dpopt failed on %s (exit %d):\n%s' % (path, p.returncode, p.stderr))
    rel = os.path.relpath(path, BENCH)
    sites = {}
    for line in p.stderr.splitlines():
        m = REMARK.match(line)
        if not m:
            continue
        key = (int(m['line']), int(m['col']))
        mark = ('-' if m['missed'] else '+') + m['id']
        entry = '%s%s' % (m['pass'], mark)
        if entry not in sites.setdefault(key, []):
            sites[key].append(entry)
    return ['%s:%d:%d %s' % (rel, l, c, ' '.join(e)) for (l, c), e in sorted(sites.items())]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--dpopt', required=True)
    ap.add_argument('--update', action='store_true', help='rewrite expected.txt')
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    expected_path = os.path.join(HERE, 'expected.txt')
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        try:
            per_file = list(pool.map(lambda s: decisions(args.dpopt, s), sources()))
        except RuntimeError as e:
            print('error: %s' % e, file=sys.stderr)
            return 1
    got = [line for lines in per_file for line in lines]
    header = ['# dpopt\'s default pipeline on benchmarks/*/cdp.cu and cdp1.cu: per launch,',
              '# each pass\'s remark id, + transformed, - not (test/decisions/decisions.py).']
    if args.update:
        with open(expected_path, 'w', newline='\n') as f:
            f.write('\n'.join(header + got) + '\n')
        print('wrote %s: %d launches' % (expected_path, len(got)))
        return 0
    with open(expected_path) as f:
        want = [l for l in f.read().splitlines() if l and not l.startswith('#')]
    if got == want:
        print('decisions: %d launches as expected' % len(got))
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        [l + '\n' for l in want], [l + '\n' for l in got], 'expected.txt', 'dpopt'))
    print('decisions: the default pipeline decides differently at some launches; '
          'if that is meant, run test/decisions/decisions.py --dpopt DPOPT --update '
          'and commit the diff', file=sys.stderr)
    return 1


if __name__ == '__main__':
    sys.exit(main())
