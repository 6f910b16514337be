#!/usr/bin/env python3
"""Writes summary.md and default-vs-TC.svg from this folder's CSVs:
bfsq/ssspq on full data ('default' = the fixed default pipeline, 'TC' =
threshold and coarsen alone, the output the default pipeline wrote while
aggregate could not see the stream), and nr (cdp1_default = flatten with two
records, cdp1_oldflat = 0a3ad5d's flatten output), and the whole suite's
default against nocdp after the fix (suite-full.csv)."""
import csv
import math
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'harness'))
import dpbench  # noqa: E402


def table(name):
    t = {}
    for r in csv.DictReader(open(os.path.join(here, name))):
        if r['status'] == 'PASS':
            t.setdefault((r['bench'], r['dataset']), {})[r['variant']] = float(r['median_ms'])
    return t


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main():
    out = ['# Summary (written by summary.py)', '',
           '## bfsq, ssspq: full data, median ms of 5 runs, every run PASS', '',
           '| pair | nocdp | flat | TC (as before the fix) | default (fixed) | '
           'default over TC | default over nocdp | default over flat |',
           '|---|---|---|---|---|---|---|---|']
    bars = []
    for k, v in sorted(table('bfsq-ssspq-full.csv').items()):
        d = v['default']
        out.append('| %s | %.3f | %.3f | %.3f | %.3f | %.2fx | %.2fx | %.2fx |' % (
            '/'.join(k), v['nocdp'], v['flat'], v['TC'], d, v['TC'] / d, v['nocdp'] / d,
            v['flat'] / d))
        bars.append(('/'.join(k), v['TC'] / d))
    out.append('')
    out.append('Default over TC: geomean %.2fx (%.2f-%.2fx).' % (
        geomean([b[1] for b in bars]), min(b[1] for b in bars), max(b[1] for b in bars)))
    for name, label in (('nr-quick.csv', 'quick'), ('nr-full.csv', 'full')):
        out += ['', '## nr, %s data, median ms of 5 runs' % label, '',
                '| dataset | nocdp | hand_loop | cdp1_oldflat | cdp1_default | old over new |',
                '|---|---|---|---|---|---|']
        for k, v in sorted(table(name).items()):
            out.append('| %s | %.4f | %.4f | %.4f | %.4f | %.3fx |' % (
                k[1], v['nocdp'], v['hand_loop'], v['cdp1_oldflat'], v['cdp1_default'],
                v['cdp1_oldflat'] / v['cdp1_default']))
    out += ['', '## The whole suite after the fix: full data, default over nocdp', '',
            '| pair | nocdp ms | default ms | default over nocdp |', '|---|---|---|---|']
    ratios = []
    for k, v in sorted(table('suite-full.csv').items()):
        if 'nocdp' in v and 'default' in v:
            r = v['nocdp'] / v['default']
            ratios.append(r)
            out.append('| %s | %.4f | %.4f | %.2fx |' % ('/'.join(k), v['nocdp'], v['default'], r))
    out += ['', 'Geomean %.2fx over %d pairs (%.4f-%.1fx); below 1.0x: %d pairs.' % (
        geomean(ratios), len(ratios), min(ratios), max(ratios), sum(r < 1 for r in ratios))]
    # nr/cdp.cu (a self-launch plus a tail-launched postwork kernel) is a
    # shape no pass takes yet; nr/cdp1.cu's flattened form is the nr row of
    # the table above.
    rest = [r for (k, v), r in zip(sorted((k, v) for k, v in table('suite-full.csv').items()
                                          if 'nocdp' in v and 'default' in v), ratios)
            if k[0] != 'nr']
    out += ['Without nr\'s CDP2 port (`nr/cdp.cu`, untransformed): geomean %.2fx over %d pairs, '
            'below 1.0x: %d.' % (geomean(rest), len(rest), sum(r < 1 for r in rest))]
    open(os.path.join(here, 'summary.md'), 'w').write('\n'.join(out) + '\n')
    open(os.path.join(here, 'default-vs-TC.svg'), 'w').write(dpbench.ratio_svg(
        bars, 'fixed default pipeline over threshold+coarsen (the regressed output), full data'))


if __name__ == '__main__':
    main()
