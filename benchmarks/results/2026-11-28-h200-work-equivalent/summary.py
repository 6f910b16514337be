#!/usr/bin/env python3
"""The race against hand-balanced flat code on the work-equivalent CDP
versions: summary.py > summary.md. Two harness runs, each with the flat peer
(race.csv: nocdp, default, A, TCA; race2.csv: default, Ag, TCAg, RL, TRL).
Each configuration is compared with the flat peer of its own run: flat time
/ configuration time (>= 1 means dpopt's output is at least as fast); the
best over both runs is the pair's result."""
import csv, math, os
here = os.path.dirname(os.path.abspath(__file__))
runs = []
for name in ('race.csv', 'race2.csv'):
    rows = {}
    for r in csv.DictReader(open(os.path.join(here, name))):
        if r['status'] == 'PASS':
            rows[(r['bench'], r['dataset'], r['variant'])] = float(r['median_ms'])
    runs.append(rows)
pairs = list(dict.fromkeys((b, d) for b, d, _ in runs[0]))
configs = [('race.csv', c) for c in ('nocdp', 'default', 'A', 'TCA')] + \
          [('race2.csv', c) for c in ('default', 'Ag', 'TCAg', 'RL', 'TRL')]
print('# Work-equivalent CDP vs hand-balanced flat code, full datasets, H200\n')
print('Flat time / variant time (median of 5 runs each; >= 1: as fast as the '
      'flat peer or faster). Columns after the first four are from the second run.\n')
print('| bench | dataset | flat ms (run 1, 2) | ' +
      ' | '.join(c if i < 4 else c + ' (2)' for i, (_, c) in enumerate(configs)) +
      ' | best dpopt |')
print('|---|---|---|' + '---|' * len(configs) + '---|')
best_all = []
for b, d in pairs:
    cells, best = [], (0, '')
    for i, (name, c) in enumerate(configs):
        rows = runs[0 if name == 'race.csv' else 1]
        r = rows[(b, d, 'flat')] / rows[(b, d, c)]
        cells.append('%.2fx' % r)
        if c != 'nocdp' and r > best[0]:
            best = (r, c + (' (2)' if i >= 4 else ''))
    best_all.append(best[0])
    print('| %s | %s | %.3f, %.3f | %s | %.2fx %s |' % (
        b, d, runs[0][(b, d, 'flat')], runs[1][(b, d, 'flat')], ' | '.join(cells),
        best[0], best[1]))
geo = math.exp(sum(map(math.log, best_all)) / len(best_all))
print('\nBest dpopt configuration / flat: geomean %.2fx over %d pairs (%.2f-%.2fx); '
      'at least 1.0x on %d.' % (geo, len(best_all), min(best_all), max(best_all),
                              sum(r >= 1 for r in best_all)))
