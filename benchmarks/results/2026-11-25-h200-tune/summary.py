#!/usr/bin/env python3
"""Tables of README.md from the CSVs in this folder (run it here).

For each size: per benchmark x dataset, from the run that measured both
(round 2), the default pipeline (tune0) against the variant dpopt-tune
chose, and nocdp/flat; the best variant measured for the pair in any round
(times from different runs); and the quick choices applied to full data."""
import csv
import math
import os
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))


def rows(*names):
    out = []
    for n in names:
        out += list(csv.DictReader(open(os.path.join(HERE, n))))
    return out


def times(rs):
    t = defaultdict(dict)
    for r in rs:
        if r["status"] == "PASS":
            t[(r["bench"], r["dataset"])][r["variant"]] = float(r["median_ms"])
    return t


def chosen(size):
    pick = {}
    d = os.path.join(HERE, size, "search")
    for f in sorted(os.listdir(d)):
        if f.endswith(".csv"):
            # dpopt-tune writes the fastest variant, its choice, first.
            first = next(csv.DictReader(open(os.path.join(d, f))))
            pick[f[:-4]] = (first["variant"], first["entries"])
    return pick


def geo(v):
    return math.exp(sum(map(math.log, v)) / len(v)) if v else float("nan")


def table(size, round2, all_rounds):
    pick = chosen(size)
    same = times(rows(*round2))
    every = times(rows(*all_rounds))
    print("\n### %s datasets\n" % size.capitalize())
    print("| bench | dataset | choice | default | tuned | tuned/default "
          "| best any round | default/best | nocdp | tuned vs nocdp "
          "| flat | tuned vs flat |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    g = defaultdict(list)
    for (b, ds), t in sorted(same.items()):
        if b not in pick or "tune0" not in t:
            continue
        name, entries = pick[b]
        if name not in t:
            continue
        d, c = t["tune0"], t[name]
        tunes = {k: v for k, v in every[(b, ds)].items()
                 if k.startswith("tune")}
        best = min(tunes.values())
        nocdp, flat = t.get("nocdp"), t.get("flat")
        g["speed"].append(d / c)
        g["best"].append(d and best / d)
        if nocdp:
            g["nocdp_t"].append(nocdp / c)
            g["nocdp_d"].append(nocdp / d)
        if flat:
            g["flat_t"].append(flat / c)
            g["flat_d"].append(flat / d)
        print("| %s | %s | %s | %.3f | %.3f | %.2fx | %.3f | %.2f | %s | %s "
              "| %s | %s |" % (
                  b, ds, entries, d, c, d / c, best, best / d,
                  "%.3f" % nocdp if nocdp else "-",
                  "%.2fx" % (nocdp / c) if nocdp else "-",
                  "%.3f" % flat if flat else "-",
                  "%.2fx" % (flat / c) if flat else "-"))
    print("\nGeometric means over %d pairs: tuned over default %.2fx "
          "(min %.2fx); default / best measured %.2f (min %.2f); over "
          "nocdp: default %.2fx (min %.2fx), tuned %.2fx (min %.2fx); over "
          "flat (%d pairs): default %.2fx, tuned %.2fx." % (
              len(g["speed"]), geo(g["speed"]), min(g["speed"]),
              geo(g["best"]), min(g["best"]), geo(g["nocdp_d"]),
              min(g["nocdp_d"]), geo(g["nocdp_t"]), min(g["nocdp_t"]),
              len(g["flat_t"]), geo(g["flat_d"]), geo(g["flat_t"])))


def quick_on_full():
    t = times(rows("quick-on-full/results.csv"))
    print("\n### Quick choices on full datasets (same run)\n")
    print("| bench | dataset | default | tuned on quick | tuned/default |")
    print("|---|---|---|---|---|")
    r = []
    for (b, ds), v in sorted(t.items()):
        if "default" in v and "tuned" in v:
            r.append(v["default"] / v["tuned"])
            print("| %s | %s | %.3f | %.3f | %.2fx |" % (
                b, ds, v["default"], v["tuned"], r[-1]))
    print("\nGeometric mean over %d pairs: %.2fx (min %.2fx, max %.2fx)." %
          (len(r), geo(r), min(r), max(r)))


table("quick", ["quick/round2.csv"], ["quick/round1.csv", "quick/round2.csv"])
table("full", ["full/round2.csv"],
      ["full/round1-graphs.csv", "full/round1-others.csv", "full/round2.csv"])
quick_on_full()
