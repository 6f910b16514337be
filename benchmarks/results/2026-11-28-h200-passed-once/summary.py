#!/usr/bin/env python3
"""Tables and an SVG chart of the passed-once change from the harness CSVs of
this folder: summary.py > summary.md (writes passed-once.svg). 'base' is the
default pipeline of dpopt a48ec36 (every argument in every record), 'default'
the same pipeline after the change; both ran in one harness run, one after
the other for each dataset."""
import csv, math, os
here = os.path.dirname(os.path.abspath(__file__))
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
W, H, left, bar = 760, 24 + 18 * len(bars), 260, 14
x = lambda g: left + (math.log2(g) + 1) / 2 * (W - left - 20)
svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (W, H + 20),
       '<text x="%d" y="14">base time / default time (log scale, 0.5x-2x)</text>' % left]
for i, (name, g) in enumerate(bars):
    y = 24 + 18 * i
    svg.append('<text x="4" y="%d">%s</text>' % (y + 11, name))
    x0, x1 = sorted((x(1), x(min(max(g, 0.5), 2))))
    svg.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>' %
               (x0, y, max(x1 - x0, 1), bar, '#3a7' if g >= 1 else '#c54'))
    svg.append('<text x="%.1f" y="%d">%.2fx</text>' % (max(x1, x(1)) + 4, y + 11, g))
svg.append('<line x1="%.1f" y1="20" x2="%.1f" y2="%d" stroke="black"/>' % (x(1), x(1), H))
svg.append('</svg>')
open(os.path.join(here, 'passed-once.svg'), 'w').write('\n'.join(svg) + '\n')
