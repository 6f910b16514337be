#!/usr/bin/env python3
"""Writes summary.md and speedup.svg from full-old-vs-new.csv (harness
results: variant 'old' = main b848cb6's default output and runtime,
'default' = this change's) and full-nowait.csv (the first, no-wait
version 'lf' against main's 'default', another call)."""
import csv
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name):
    t = {}
    for r in csv.DictReader(open(os.path.join(HERE, name))):
        if r['status'] == 'PASS':
            t[(r['bench'], r['dataset'], r['variant'])] = float(r['median_ms'])
    return t


def ratios(t, base, new):
    pairs = sorted({(b, d) for b, d, v in t if v == base and (b, d, new) in t})
    return [(b, d, t[(b, d, base)], t[(b, d, new)], t[(b, d, base)] / t[(b, d, new)])
            for b, d in pairs]


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main():
    rows = ratios(load('full-old-vs-new.csv'), 'old', 'default')
    nowait = ratios(load('full-nowait.csv'), 'default', 'lf')
    out = ['# Records taken at set-up: full data, old (main) vs new (this change)', '',
           '| pair | old ms | new ms | speed-up |', '|---|---|---|---|']
    for b, d, o, n, s in rows:
        out.append('| %s/%s | %.3f | %.3f | %.2fx |' % (b, d, o, n, s))
    sp = [r[4] for r in rows]
    out += ['', 'Geomean %.3fx over %d pairs (lowest %.2fx, highest %.2fx).' %
            (geomean(sp), len(sp), min(sp), max(sp)), '',
            '## The first, no-wait version (lf) against main (another call)', '',
            '| pair | main ms | no-wait ms | speed-up |', '|---|---|---|---|']
    for b, d, o, n, s in nowait:
        out.append('| %s/%s | %.3f | %.3f | %.3fx |' % (b, d, o, n, s))
    sp2 = [r[4] for r in nowait]
    out += ['', 'Geomean %.3fx over %d pairs (lowest %.4fx).' % (geomean(sp2), len(sp2), min(sp2))]
    open(os.path.join(HERE, 'summary.md'), 'w').write('\n'.join(out) + '\n')
    # A bar per pair: log2 of the speed-up, 0 in the middle.
    w, bar, left = 760, 18, 190
    h = 40 + bar * len(rows)
    mid = left + (w - left - 20) / 2
    scale = (w - left - 20) / 2 / 1.5  # +-1.5 in log2 fills the half
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (w, h),
           '<text x="%d" y="14">new over old (full data, H200): left slower, right faster</text>' % left,
           '<line x1="%.1f" y1="22" x2="%.1f" y2="%d" stroke="black"/>' % (mid, mid, h - 4)]
    for i, (b, d, o, n, s) in enumerate(rows):
        y = 26 + i * bar
        x = math.log2(s) * scale
        svg.append('<text x="4" y="%d">%s/%s</text>' % (y + 12, b, d))
        svg.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>' %
                   (min(mid, mid + x), y + 2, abs(x), bar - 5, '#3a7' if s >= 1 else '#c55'))
        svg.append('<text x="%.1f" y="%d">%.2fx</text>' % (mid + max(x, 0) + 4, y + 12, s))
    svg.append('</svg>')
    open(os.path.join(HERE, 'speedup.svg'), 'w').write('\n'.join(svg) + '\n')


if __name__ == '__main__':
    main()
