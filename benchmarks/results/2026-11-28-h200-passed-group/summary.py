#!/usr/bin/env python3
"""Tables and an SVG chart of the passed grid group from the harness CSVs of
this folder: summary.py > summary.md (writes passed-group.svg). 'base' is the
default pipeline of dpopt 098b870 (every block of a clone looks its group up
in the table), 'default' the same pipeline after the change (the launcher
passes the group); nocdp is the hand-written flat peer. All three ran in one
harness run per scale (full.csv, quick.csv), 7 timed runs each."""
import csv, math, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'harness'))
import dpbench  # noqa: E402
geo = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
fmt = lambda t: '%.3f [%.3f-%.3f]' % t
bars = []
print('# The clone\'s grid group passed by its launcher, H200 (median ms of 7 runs, [min-max])')
for scale in ('full', 'quick'):
    rows = {}
    for r in csv.DictReader(open(os.path.join(here, scale + '.csv'))):
        if r['status'] == 'PASS' and r['median_ms']:
            rows[(r['bench'], r['dataset'], r['variant'])] = (
                float(r['median_ms']), float(r['min_ms']), float(r['max_ms']))
    pairs = list(dict.fromkeys((b, d) for b, d, _ in rows))
    print('\n## %s datasets\n' % scale)
    print('| bench | dataset | nocdp | base | default | base/default | ranges apart | default/nocdp time |')
    print('|---|---|---|---|---|---|---|---|')
    gains, vs_flat = [], []
    for b, d in pairs:
        n, o, f = rows[(b, d, 'default')], rows[(b, d, 'base')], rows[(b, d, 'nocdp')]
        g = o[0] / n[0]
        sep = 'faster' if n[2] < o[1] else 'slower' if n[1] > o[2] else 'no'
        gains.append(g)
        vs_flat.append(n[0] / f[0])
        bars.append(('%s/%s %s' % (b, d, scale), g))
        print('| %s | %s | %s | %s | %s | %.2fx | %s | %.2fx |' % (
            b, d, fmt(f), fmt(o), fmt(n), g, sep, n[0] / f[0]))
    print('\nbase/default geomean %.3fx (%.2f-%.2fx); default as a multiple of nocdp\'s '
          'time: %.2f-%.2fx' % (geo(gains), min(gains), max(gains), min(vs_flat), max(vs_flat)))
open(os.path.join(here, 'passed-group.svg'), 'w').write(
    dpbench.ratio_svg(bars, 'base time / default time (log scale, 0.5x-2x)'))
