#!/usr/bin/env python3
"""Chart of the spmv prototypes: summary.py (writes spmv.svg): merge-path's
time as a multiple of each variant's (1 = as fast as merge-path), from
prototypes-1.csv and prototypes-2.csv."""
import csv, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'harness'))
import dpbench  # noqa: E402
bars = []
for name in ('prototypes-1.csv', 'prototypes-2.csv'):
    rows = {(r['dataset'], r['variant']): float(r['median_ms'])
            for r in csv.DictReader(open(os.path.join(here, name))) if r['status'] == 'PASS'}
    for d in ('citeseer', 'kron', 'road'):
        for (dd, v), t in sorted(rows.items()):
            if dd == d and v not in ('flat', 'default'):
                bars.append(('%s %s (%s)' % (v, d, name[:-4]), rows[(d, 'flat')] / t))
                print('%-32s %.2fx merge-path speed' % (bars[-1][0], bars[-1][1]))
open(os.path.join(here, 'spmv.svg'), 'w').write(
    dpbench.ratio_svg(bars, 'merge-path time / variant time (log scale)'))
