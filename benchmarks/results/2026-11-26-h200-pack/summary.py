#!/usr/bin/env python3
"""Tables and an SVG chart of packed vs whole-block aggregation from the
harness CSVs of this folder: summary.py > summary.md (writes packing.svg)."""
import csv, math, collections, os
here = os.path.dirname(os.path.abspath(__file__))
t = collections.defaultdict(dict)
for f in ('full-graphs.csv', 'full-recursive.csv'):
    for r in csv.DictReader(open(os.path.join(here, f))):
        if r['status'] == 'PASS' and r['median_ms']:
            t[(r['bench'], r['dataset'])][r['variant']] = float(r['median_ms'])
geo = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
cols = ['cdp', 'nocdp', 'flat', 'nopack', 'default', 'Agnopack', 'Ag', 'cdp1_nopack', 'cdp1_default']
print('# Packed aggregation, full datasets, H200 (median ms of 5 runs; - = not run or not PASS)\n')
print('| bench | dataset | ' + ' | '.join(cols) + ' | default/nopack | Ag/Agnopack |')
print('|' + '---|' * (len(cols) + 4))
gains = {'default': [], 'Ag': [], 'cdp1_default': []}
bars = []
for k in sorted(t):
    v = t[k]
    cell = lambda c: '%.3f' % v[c] if c in v else '-'
    g1 = v['nopack'] / v['default'] if 'nopack' in v and 'default' in v else None
    g2 = v['Agnopack'] / v['Ag'] if 'Agnopack' in v and 'Ag' in v else None
    if g1: gains['default'].append(g1)
    if g2: gains['Ag'].append(g2)
    if 'cdp1_nopack' in v and 'cdp1_default' in v:
        gains['cdp1_default'].append(v['cdp1_nopack'] / v['cdp1_default'])
    bars.append(('%s/%s' % k, g1, g2))
    print('| %s | %s | ' % k + ' | '.join(cell(c) for c in cols) +
          ' | %s | %s |' % ('%.2fx' % g1 if g1 else '-', '%.2fx' % g2 if g2 else '-'))
print('\nSpeedup of packing (time without / time with), geomean over the pairs with both:\n')
for n, xs in gains.items():
    if xs:
        print('- %s: %.3fx over %d pairs (min %.2fx, max %.2fx)' % (n, geo(xs), len(xs), min(xs), max(xs)))
# A horizontal bar chart, no plotting library needed.
W, H, row = 760, 24 + 18 * len(bars), 18
x0, scale = 190, 180.0
svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (W, H + 30)]
svg.append('<text x="10" y="14">Packing speedup per pair (blue: default pipeline, orange: grid aggregation); line at 1.0x</text>')
for i, (name, g1, g2) in enumerate(bars):
    y = 24 + i * row
    svg.append('<text x="10" y="%d">%s</text>' % (y + 12, name))
    for j, (g, color) in enumerate(((g1, '#1f77b4'), (g2, '#ff7f0e'))):
        if g:
            svg.append('<rect x="%d" y="%d" width="%.1f" height="7" fill="%s"/>' % (x0, y + 2 + 8 * j, g * scale, color))
            svg.append('<text x="%.1f" y="%d">%.2f</text>' % (x0 + g * scale + 3, y + 9 + 8 * j, g))
svg.append('<line x1="%d" y1="20" x2="%d" y2="%d" stroke="black"/>' % (x0 + scale, x0 + scale, H))
svg.append('</svg>')
open(os.path.join(here, 'packing.svg'), 'w').write('\n'.join(svg) + '\n')
