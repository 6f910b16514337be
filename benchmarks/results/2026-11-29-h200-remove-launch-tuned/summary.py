#!/usr/bin/env python3
"""Writes summary.md and speedup.svg from full.csv: the default pipeline
('default'), the default pipeline with the tuning entries of
remove-launch.tuning.txt ('tRL') and --passes=remove-launch ('RL')."""
import collections
import csv
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    t = collections.defaultdict(dict)
    for r in csv.DictReader(open(os.path.join(HERE, 'full.csv'))):
        if r['status'] == 'PASS':
            t[(r['bench'], r['dataset'])][r['variant']] = float(r['median_ms'])
    rows = sorted((k, v) for k, v in t.items() if {'default', 'tRL', 'RL'} <= set(v))
    out = ['# Summary (written by summary.py)', '',
           '| pair | default ms | tRL ms | RL ms | tRL speed-up | RL speed-up |',
           '|---|---|---|---|---|---|']
    for (b, d), v in rows:
        out.append('| %s/%s | %.3f | %.3f | %.3f | %.2fx | %.2fx |' %
                   (b, d, v['default'], v['tRL'], v['RL'], v['default'] / v['tRL'],
                    v['default'] / v['RL']))
    open(os.path.join(HERE, 'summary.md'), 'w').write('\n'.join(out) + '\n')
    w, bar, left = 700, 22, 150
    h = 40 + bar * len(rows)
    mid = left + (w - left - 20) / 2
    scale = (w - left - 20) / 2 / 2.0
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (w, h),
           '<text x="%d" y="14">default pipeline + remove_launch(auto) entries over the default pipeline (H200, full data)</text>' % 4,
           '<line x1="%.1f" y1="22" x2="%.1f" y2="%d" stroke="black"/>' % (mid, mid, h - 4)]
    for i, ((b, d), v) in enumerate(rows):
        s = v['default'] / v['tRL']
        y = 26 + i * bar
        x = math.log2(s) * scale
        svg.append('<text x="4" y="%d">%s/%s</text>' % (y + 13, b, d))
        svg.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>' %
                   (min(mid, mid + x), y + 3, abs(x), bar - 7, '#3a7' if s >= 1 else '#c55'))
        svg.append('<text x="%.1f" y="%d">%.2fx</text>' % (mid + max(x, 0) + 4, y + 13, s))
    svg.append('</svg>')
    open(os.path.join(HERE, 'speedup.svg'), 'w').write('\n'.join(svg) + '\n')


if __name__ == '__main__':
    main()
