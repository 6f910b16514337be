#!/usr/bin/env python3
"""Tables and an SVG chart of the passed-once change from the harness CSVs of
this folder: summary.py > summary.md (writes passed-once.svg). 'base' is the
default pipeline of dpopt a48ec36 (every argument in every record), 'default'
the same pipeline after the change; both ran in one harness run, one after
the other for each dataset."""
import csv, math, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'harness'))
import dpbench  # noqa: E402
rows = {}
for name in ('suite-part1.csv', 'suite-part2.csv'):
    for r in csv.DictReader(open(os.path.join(here, name))):
        if r['status'] == 'PASS' and r['median_ms']:
            rows[(r['bench'], r['dataset'], r['variant'])] = (
                float(r['median_ms']), float(r['min_ms']), float(r['max_ms']))
geo = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
pairs = list(dict.fromkeys((b, d) for b, d, _ in rows))
print('# Arguments passed once, full datasets, H200 (median ms of 5 runs, [min-max])\n')
print('| bench | dataset | nocdp | base | default | gain | ranges apart | '
      'cdp1_base | cdp1_default | gain |')
print('|---|---|---|---|---|---|---|---|---|---|')
gains, apart, bars = {'default': [], 'cdp1_default': []}, [], []
fmt = lambda t: '%.3f [%.3f-%.3f]' % t
for b, d in pairs:
    cell = lambda v: fmt(rows[(b, d, v)]) if (b, d, v) in rows else '-'
    row = [b, d, cell('nocdp'), cell('base'), cell('default')]
    for old, new in (('base', 'default'), ('cdp1_base', 'cdp1_default')):
        if (b, d, old) in rows and (b, d, new) in rows:
            o, n = rows[(b, d, old)], rows[(b, d, new)]
            g = o[0] / n[0]
            gains[new].append(g)
            bars.append(('%s/%s %s' % (b, d, new), g))
            if old == 'base':
                sep = 'faster' if n[2] < o[1] else 'slower' if n[1] > o[2] else 'no'
                if sep != 'no':
                    apart.append((b, d, sep, g))
                row += ['%.2fx' % g, sep]
            else:
                row += [cell(old), cell(new), '%.2fx' % g]
        else:
            row += ['-', '-'] if old == 'base' else ['-', '-', '-']
    print('| ' + ' | '.join(row) + ' |')
print('\nGain = base median / default median; geomean (min-max):\n')
for v, gs in gains.items():
    if gs:
        print('- %s: %.3fx over %d pairs (%.2f-%.2fx)' % (v, geo(gs), len(gs), min(gs), max(gs)))
print('\nPairs whose 5-run ranges do not overlap:\n')
for b, d, sep, g in apart:
    print('- %s/%s: default %s (%.2fx)' % (b, d, sep, g))
print('\nDefault as a multiple of nocdp\'s time (lower is better):\n')
for b, d in pairs:
    if (b, d, 'default') in rows and (b, d, 'nocdp') in rows:
        print('- %s/%s: %.2fx' % (b, d, rows[(b, d, 'default')][0] / rows[(b, d, 'nocdp')][0]))
open(os.path.join(here, 'passed-once.svg'), 'w').write(
    dpbench.ratio_svg(bars, 'base time / default time (log scale, 0.5x-2x)'))
