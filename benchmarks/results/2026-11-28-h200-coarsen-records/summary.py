#!/usr/bin/env python3
"""Tables and an SVG chart of the record-path change from the harness CSVs
of this folder: summary.py > summary.md (writes records.svg)."""
import csv, math, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'harness'))
import dpbench  # noqa: E402
def load(name):
    t = {}
    for r in csv.DictReader(open(os.path.join(here, name))):
        if r['status'] == 'PASS' and r['median_ms']:
            t[(r['bench'], r['dataset'], r['variant'])] = float(r['median_ms'])
    return t
old, new = load('records-old.csv'), load('records-new.csv')
geo = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
pairs = sorted({(b, d) for b, d, _ in old})
variants = ['default', 'Ag', 'cdp1_default']
print('# Record path before and after, full datasets, H200 (median ms of 5 runs)\n')
print('before: the runtime of 4ea857b (one atomic per record, two atomicMax per record);')
print('after: 9f030b5 (one atomic per warp, atomicMax only where the maximum grows).\n')
print('| bench | dataset | nocdp before | nocdp after | ' +
      ' | '.join('%s before | %s after | gain' % (v, v) for v in variants) + ' |')
print('|' + '---|' * (4 + 3 * len(variants)))
gains = {v: [] for v in variants}
control = []
bars = []
for b, d in pairs:
    row = ['%s' % b, d]
    for t in (old, new):
        row.append('%.3f' % t[(b, d, 'nocdp')] if (b, d, 'nocdp') in t else '-')
    if (b, d, 'nocdp') in old and (b, d, 'nocdp') in new:
        control.append(old[(b, d, 'nocdp')] / new[(b, d, 'nocdp')])
    for v in variants:
        k = (b, d, v)
        if k in old and k in new:
            g = old[k] / new[k]
            gains[v].append(g)
            bars.append(('%s/%s %s' % (b, d, v), g))
            row += ['%.3f' % old[k], '%.3f' % new[k], '%.2fx' % g]
        else:
            row += ['-', '-', '-']
    print('| ' + ' | '.join(row) + ' |')
print('\nGain = time before / time after; geomean (min-max):\n')
for v in variants:
    if gains[v]:
        print('- %s: %.3fx over %d pairs (%.2f-%.2fx)' % (v, geo(gains[v]), len(gains[v]),
                                                      min(gains[v]), max(gains[v])))
print('- nocdp (unchanged code, the run-to-run spread): %.3fx over %d pairs (%.2f-%.2fx)' %
      (geo(control), len(control), min(control), max(control)))
print('\nAfter, as a multiple of nocdp\'s time (lower is better):\n')
for b, d in pairs:
    cells = []
    for v in variants:
        k = (b, d, v)
        if k in new and (b, d, 'nocdp') in new:
            cells.append('%s %.2fx' % (v, new[k] / new[(b, d, 'nocdp')]))
    print('- %s/%s: %s' % (b, d, ', '.join(cells)))
# SVG: one horizontal bar per pair x variant, log scale around 1.
open(os.path.join(here, 'records.svg'), 'w').write(
    dpbench.ratio_svg(bars, 'time before / time after (log scale, 0.5x-2x)'))
