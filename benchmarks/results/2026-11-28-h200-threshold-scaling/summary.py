#!/usr/bin/env python3
"""Writes summary.md and scaling.svg from this directory's CSVs (the
harness's results.csv format). Run from anywhere: python3 summary.py"""
import csv, math, os

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name):
    times, order = {}, []
    for r in csv.DictReader(open(os.path.join(HERE, name))):
        if r['variant'] not in order:
            order.append(r['variant'])
        if r['status'] == 'PASS':
            times.setdefault((r['bench'], r['dataset']), {})[r['variant']] = float(r['median_ms'])
    return times, order


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def table(name, title):
    times, order = load(name)
    variants = [v for v in order if v != 'nocdp']
    out = ['### ' + title, '', '`%s`: median ms of 5 timed runs; best: the fastest dpopt variant of the row.' % name, '',
           '| pair | nocdp | ' + ' | '.join(variants) + ' | best | default / best |',
           '|---' * (len(variants) + 4) + '|']
    ratios = []
    for (b, d), t in sorted(times.items()):
        best = min(variants, key=lambda v: t.get(v, float('inf')))
        ratio = t[best] / t['default']
        ratios.append(ratio)
        cells = ['%.3f' % t[v] if v in t else '-' for v in variants]
        out.append('| %s/%s | %s | %s | %s | %.2f |' % (b, d, '%.3f' % t['nocdp'] if 'nocdp' in t else '-',
                                                      ' | '.join(cells), best, ratio))
    out += ['', 'default / best: geomean %.3f, lowest %.2f (%d pairs).' % (geomean(ratios), min(ratios), len(ratios)), '']
    return out


def speedups(name, over):
    times, _ = load(name)
    return {'%s/%s' % k: t[over] / t['default'] for k, t in sorted(times.items()) if over in t and 'default' in t}


def svg(full, quick):
    pairs = sorted(full)
    w, h, left, top, bar = 900, 40 + 16 * len(pairs), 150, 30, 6
    scale = lambda x: left + (math.log2(x) + 2) / 4 * (w - left - 20)  # 0.25x .. 4x
    s = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="10">' % (w, h + 30),
         '<text x="%d" y="14" font-size="12">default pipeline (scaled threshold) over the same with --threshold=128, H200, 2026-11-28</text>' % left]
    for x in (0.25, 0.5, 1, 2, 4):
        s.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ccc"/>' % (scale(x), top, scale(x), h))
        s.append('<text x="%.1f" y="%d" text-anchor="middle">%gx</text>' % (scale(x), h + 12, x))
    for i, p in enumerate(pairs):
        y = top + 16 * i
        s.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (left - 4, y + 9, p))
        for j, (data, colour) in enumerate(((full, '#1f77b4'), (quick, '#ff7f0e'))):
            if p in data:
                x0, x1 = scale(1), scale(min(max(data[p], 0.25), 4))
                s.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>' % (min(x0, x1), y + j * bar, abs(x1 - x0), bar, colour))
    s.append('<text x="%d" y="%d" fill="#1f77b4">full data</text><text x="%d" y="%d" fill="#ff7f0e">quick data</text>' % (left, h + 26, left + 80, h + 26))
    s.append('</svg>')
    open(os.path.join(HERE, 'scaling.svg'), 'w').write('\n'.join(s) + '\n')


def main():
    out = ['# Summary (written by summary.py)', '']
    for over in ('T128', 'dmin64'):
        for name in ('final-full.csv', 'final-quick.csv'):
            sp = speedups(name, over)
            lo, hi = min(sp, key=sp.get), max(sp, key=sp.get)
            out.append('- `%s`: default over %s: geomean %.3fx, lowest %.2fx (%s), highest %.2fx (%s), %d pairs' %
                       (name, over, geomean(sp.values()), sp[lo], lo, sp[hi], hi, len(sp)))
    for name in ('final-full.csv', 'final-quick.csv'):
        times, _ = load(name)
        for v in ('default', 'T128'):
            xs = [t['nocdp'] / t[v] for t in times.values() if 'nocdp' in t and v in t]
            out.append('- `%s`: %s over nocdp: geomean %.3fx, lowest %.2fx' % (name, v, geomean(xs), min(xs)))
    out.append('')
    out += table('final-full.csv', 'Final code, full data')
    out += table('final-quick.csv', 'Final code, quick data')
    out += table('knobs-run1.csv', 'The knobs before the change (e49a788), full data')
    out += table('knobs-run2-packed-serial.csv', 'The knobs with serial loops bounded by the idle guard (not kept), full data')
    open(os.path.join(HERE, 'summary.md'), 'w').write('\n'.join(out) + '\n')
    svg(speedups('final-full.csv', 'T128'), speedups('final-quick.csv', 'T128'))


main()
