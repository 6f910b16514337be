#!/usr/bin/env python3
"""Chart of this folder's qs measurements: summary.py (writes qs.svg): each
variant's time as a multiple of nocdp's, ints-uniform and ints-sorted
(qs-occupancy.csv, qs-registers.csv, qs-launch-bounds.csv)."""
import csv, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'harness'))
import dpbench  # noqa: E402
bars = []
for name in ('qs-occupancy.csv', 'qs-registers.csv', 'qs-launch-bounds.csv'):
    rows = {(r['dataset'], r['variant']): float(r['median_ms'])
            for r in csv.DictReader(open(os.path.join(here, name))) if r['status'] == 'PASS'}
    for d in ('ints-uniform', 'ints-sorted'):
        for (dd, v), t in sorted(rows.items()):
            if dd == d and v != 'nocdp':
                bars.append(('%s %s (%s)' % (v, d, name[3:-4]), rows[(d, 'nocdp')] / t))
                print('%-40s %.2fx nocdp speed' % (bars[-1][0], bars[-1][1]))
open(os.path.join(here, 'qs.svg'), 'w').write(
    dpbench.ratio_svg(bars, 'nocdp time / variant time (log scale; below 1: slower than nocdp)'))
