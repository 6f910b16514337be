#!/usr/bin/env python3
"""The default pipeline's aggregation granularity on the recursive
benchmarks, from recursive.csv: summary.py > summary.md."""
import csv, collections, os
here = os.path.dirname(os.path.abspath(__file__))
t = collections.defaultdict(dict)
for r in csv.DictReader(open(os.path.join(here, 'recursive.csv'))):
    t[(r['bench'], r['dataset'])][r['variant']] = (
        float(r['median_ms']) if r['status'] == 'PASS' and r['median_ms'] else r['status'])
cols = ['nocdp', 'default', 'Dg', 'cdp1_default', 'cdp1_Dg']
print('# Default pipeline, multiblock:32 (default) vs grid aggregation (Dg: --agg=grid),')
print('# full datasets, H200 (median ms of 5 runs)\n')
print('| bench | dataset | ' + ' | '.join(cols) + ' | default/Dg | cdp1_default/cdp1_Dg | Dg / nocdp |')
print('|' + '---|' * (len(cols) + 5))
num = lambda x: isinstance(x, float)
for k in sorted(t):
    v = t[k]
    cell = lambda c: ('%.3f' % v[c]) if num(v.get(c)) else v.get(c, '-')
    ratio = lambda a, b: '%.2fx' % (v[a] / v[b]) if num(v.get(a)) and num(v.get(b)) else '-'
    print('| %s | %s | ' % k + ' | '.join(cell(c) for c in cols) + ' | %s | %s | %s |' %
          (ratio('default', 'Dg'), ratio('cdp1_default', 'cdp1_Dg'), ratio('Dg', 'nocdp')))
