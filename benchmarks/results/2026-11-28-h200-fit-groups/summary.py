#!/usr/bin/env python3
"""Tables and an SVG chart of the default pipeline's run-time sized groups
(aggregate, a launch that is not recursive: the grid, as far as its records
fit) against the previous default, multiblock:32 ('M32': the same pipeline
with --agg=multiblock:32, which is exactly the previous default for these
programs, whose sites are not recursive). Inputs: full-run1.csv and
full-run2.csv (two harness runs, two processes, full datasets), quick.csv
(quick datasets), with the group size computed at run time;
full-run4-constant.csv and quick-run2-constant.csv with the final code,
where a parent launched with one constant block size gets its group size as
a compile-time constant; 5 timed runs each. summary.py > summary.md (writes
fit.svg: full data, final code)."""
import csv, math, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'harness'))
import dpbench  # noqa: E402


def load(name):
    rows = {}
    for r in csv.DictReader(open(os.path.join(here, name))):
        if r['status'] == 'PASS':
            rows[(r['bench'], r['dataset'], r['variant'])] = tuple(
                float(r[k]) for k in ('median_ms', 'min_ms', 'max_ms'))
    return rows


runs = [('full data, final code (constant group size)', 'full-run4-constant.csv'),
        ('quick data, final code (constant group size)', 'quick-run2-constant.csv'),
        ('full data, run 1, group size computed at run time', 'full-run1.csv'),
        ('full data, run 2, group size computed at run time', 'full-run2.csv'),
        ('quick data, group size computed at run time', 'quick.csv')]
fmt = lambda t: '%.3f [%.3f-%.3f]' % t
print('# Run-time sized aggregation groups vs multiblock:32, H200\n')
print('Median ms of 5 timed runs, [min-max]; speed-up = M32 / default '
      '(higher: the new default is faster); "ranges apart" says whether the '
      'min-max ranges of the two variants overlap.\n')
bars = []
for title, name in runs:
    rows = load(name)
    print('## %s (`%s`)\n' % (title, name))
    print('| bench | dataset | nocdp | M32 (previous default) | default (fitted groups) | speed-up | ranges apart |')
    print('|---|---|---|---|---|---|---|')
    logs = []
    for b, d in sorted({(k[0], k[1]) for k in rows}):
        for new, old in (('default', 'M32'), ('cdp1_default', 'cdp1_M32')):
            if (b, d, new) not in rows or (b, d, old) not in rows:
                continue
            n, o = rows[(b, d, new)], rows[(b, d, old)]
            sep = 'faster' if n[2] < o[1] else 'slower' if n[1] > o[2] else 'no'
            label = b if new == 'default' else b + ' (cdp1)'
            nocdp = rows.get((b, d, 'nocdp'))
            print('| %s | %s | %s | %s | %s | %.2fx | %s |' % (
                label, d, '%.3f' % nocdp[0] if nocdp else '-', fmt(o), fmt(n),
                o[0] / n[0], sep))
            logs.append(math.log(o[0] / n[0]))
            if name == 'full-run4-constant.csv':
                bars.append(('%s/%s' % (label, d), o[0] / n[0]))
    print('\nGeometric mean over %d pairs: %.3fx; lowest %.2fx, highest %.2fx.\n' % (
        len(logs), math.exp(sum(logs) / len(logs)), math.exp(min(logs)),
        math.exp(max(logs))))
open(os.path.join(here, 'fit.svg'), 'w').write(
    dpbench.ratio_svg(bars, 'M32 time / fitted-group time, full data, final code (log scale)'))
