#!/usr/bin/env python3
"""Writes summary.md and speedup.svg from this folder's CSVs: the probe's
cost of a grid that launches nothing (probe-*.csv), the suite's full
data, old runtime (8357ba5) against new (3cf9536) (full.csv, full-rerun.csv),
and variant T against 3cf9536 (full-T.csv: 'n' = 3cf9536, 'default' = T)."""
import collections
import csv
import math
import os
import statistics

HERE = os.path.dirname(os.path.abspath(__file__))


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def probe_rows():
    """{binary: [ms per round, ...]} for the aggregated kernel with no launching thread."""
    t = collections.defaultdict(list)
    for name in ('probe-old-new.csv', 'probe-variants-1.csv', 'probe-variants-2.csv',
                 'probe-variants-3.csv', 'probe-T.csv', 'probe-B.csv'):
        for r in csv.DictReader(open(os.path.join(HERE, name))):
            if r['variant'] == 'plain-or-aggregated' and r['launching'] == '0':
                key = {'dp_old': 'old', 'dp_new': 'N', 'blk_old': 'block old',
                       'blk_new': 'block N'}.get(r['binary'], r['binary'])
                t[key].append(float(r['ms_per_round']))
    return t


def pairs(name, base='old'):
    t = collections.defaultdict(dict)
    for r in csv.DictReader(open(os.path.join(HERE, name))):
        if r['status'] == 'PASS':
            t[(r['bench'], r['dataset'])][r['variant']] = float(r['median_ms'])
    return {k: (v[base], v['default']) for k, v in t.items() if base in v and 'default' in v}


def main():
    out = ['# Summary (written by summary.py)', '',
           '## agg_sparse probe: a grid of 4,096 blocks in which no thread launches', '',
           '| runtime | runs | median ms per round |', '|---|---|---|']
    for k, v in sorted(probe_rows().items(), key=lambda kv: -statistics.median(kv[1])):
        out.append('| %s | %d | %.4f |' % (k, len(v), statistics.median(v)))
    one, two = pairs('full.csv'), pairs('full-rerun.csv')
    out += ['', '## Full data: new (3cf9536) over old (8357ba5) runtime, default outputs', '',
            '| pair | old ms | new ms | speed-up | rerun speed-up |', '|---|---|---|---|---|']
    rows = []
    for k in sorted(one):
        o, n = one[k]
        r2 = two[k][0] / two[k][1] if k in two else None
        rows.append((k, o / n, r2))
        out.append('| %s | %.3f | %.3f | %.2fx | %s |' % ('/'.join(k), o, n, o / n,
                                                         '%.2fx' % r2 if r2 else ''))
    s1 = [r[1] for r in rows]
    s2 = [r[2] for r in rows if r[2]]
    out += ['', 'First call: geomean %.3fx over %d pairs (%.2f-%.2fx). Rerun (6 benchmarks, '
            'variants in the other order, 7 runs): geomean %.3fx over %d pairs (%.2f-%.2fx).' %
            (geomean(s1), len(s1), min(s1), max(s1), geomean(s2), len(s2), min(s2), max(s2))]
    tee = pairs('full-T.csv', 'n')
    out += ['', '## Variant T (group published before its records are taken) over 3cf9536', '',
            '| pair | 3cf9536 ms | T ms | speed-up |', '|---|---|---|---|']
    st = []
    for k in sorted(tee):
        o, n = tee[k]
        st.append(o / n)
        out.append('| %s | %.3f | %.3f | %.2fx |' % ('/'.join(k), o, n, o / n))
    out += ['', 'Geomean %.3fx over %d pairs (%.2f-%.2fx).' % (geomean(st), len(st), min(st), max(st))]
    open(os.path.join(HERE, 'summary.md'), 'w').write('\n'.join(out) + '\n')
    w, bar, left = 760, 16, 190
    h = 40 + bar * len(rows)
    mid = left + (w - left - 20) / 2
    scale = (w - left - 20) / 2 / 1.0
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (w, h),
           '<text x="%d" y="14">new runtime over old (full data, H200): first call; dot: rerun</text>' % left,
           '<line x1="%.1f" y1="22" x2="%.1f" y2="%d" stroke="black"/>' % (mid, mid, h - 4)]
    for i, (k, s, r2) in enumerate(rows):
        y = 26 + i * bar
        x = math.log2(s) * scale
        svg.append('<text x="4" y="%d">%s</text>' % (y + 11, '/'.join(k)))
        svg.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>' %
                   (min(mid, mid + x), y + 2, abs(x), bar - 5, '#3a7' if s >= 1 else '#c55'))
        if r2:
            svg.append('<circle cx="%.1f" cy="%d" r="3" fill="black"/>' % (mid + math.log2(r2) * scale, y + 7))
        svg.append('<text x="%.1f" y="%d">%.2fx</text>' % (mid + max(x, 0) + 4, y + 11, s))
    svg.append('</svg>')
    open(os.path.join(HERE, 'speedup.svg'), 'w').write('\n'.join(svg) + '\n')


if __name__ == '__main__':
    main()
