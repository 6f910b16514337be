#!/usr/bin/env python3
"""Tables and an SVG chart of folded atomics in threshold's serial versions
from results.csv (one harness run, full datasets, 5 timed runs):
summary.py > summary.md (writes fold.svg). 'prev' is the default pipeline of
dpopt e1e2eec (no folding), 'default' the default pipeline after the change
(integer atomics folded), 'Dfp' the default pipeline with --fold-fp-atomics,
T512Ag/T512Agfp threshold 512 with grid aggregation (spmv's tuned
configuration) without and with --fold-fp-atomics."""
import csv, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'harness'))
import dpbench  # noqa: E402
rows = {}
for r in csv.DictReader(open(os.path.join(here, 'results.csv'))):
    if r['status'] == 'PASS':
        rows[(r['bench'], r['dataset'], r['variant'])] = tuple(
            float(r[k]) for k in ('median_ms', 'min_ms', 'max_ms'))
fmt = lambda t: '%.3f [%.3f-%.3f]' % t
pairs = [('tc', 'default', 'prev'), ('mstf', 'default', 'prev'),
         ('spmv', 'Dfp', 'default'), ('spmv', 'T512Agfp', 'T512Ag')]
bars = []
print('# Folded atomics in serial versions, H200, full datasets (median ms of 5 runs, [min-max])\n')
print('| bench | dataset | without | with | without/with | ranges apart |')
print('|---|---|---|---|---|---|')
for b, new, old in pairs:
    for d in sorted({k[1] for k in rows if k[0] == b}):
        if (b, d, new) not in rows or (b, d, old) not in rows:
            continue
        n, o = rows[(b, d, new)], rows[(b, d, old)]
        sep = 'faster' if n[2] < o[1] else 'slower' if n[1] > o[2] else 'no'
        bars.append(('%s/%s %s vs %s' % (b, d, new, old), o[0] / n[0]))
        print('| %s | %s | %s: %s | %s: %s | %.2fx | %s |' % (
            b, d, old, fmt(o), new, fmt(n), o[0] / n[0], sep))
open(os.path.join(here, 'fold.svg'), 'w').write(
    dpbench.ratio_svg(bars, 'time without folding / time with (log scale)'))
