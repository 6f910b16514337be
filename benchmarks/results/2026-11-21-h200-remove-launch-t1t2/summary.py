#!/usr/bin/env python3
"""Summary of remove-launch's techniques from results.csv (this folder):
geomean speedups of auto (RL) over cdp and nocdp, per technique, and how
often auto was within 5% of the best of T1-T4 (RL1-RL4)."""
import csv
import math
import os
import sys

path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "results.csv")
rows = [r for r in csv.DictReader(open(path)) if r["status"] == "PASS"]
t = {(r["bench"], r["dataset"], r["variant"]): float(r["median_ms"]) for r in rows}
techs = ["RL1", "RL2", "RL3", "RL4"]
# Pairs where cdp, nocdp, auto and all four techniques have a verified time.
pairs = sorted({(b, d) for b, d, _ in t
                if all((b, d, v) in t for v in ["cdp", "nocdp", "RL"] + techs)})


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


print("pairs: %d" % len(pairs))
for v in ["RL"] + techs + ["TCA", "default", "nocdp"]:
    if not any((b, d, v) in t for b, d in pairs):
        continue
    sp = [t[(b, d, "cdp")] / t[(b, d, v)] for b, d in pairs if (b, d, v) in t]
    sn = [t[(b, d, "nocdp")] / t[(b, d, v)] for b, d in pairs if (b, d, v) in t]
    print("%-8s over cdp %6.2fx  over nocdp %5.2fx  (%d pairs)" % (v, geomean(sp), geomean(sn), len(sp)))
best = [min(t[(b, d, v)] for v in techs) for b, d in pairs]
oracle = [t[(b, d, "cdp")] / m for (b, d), m in zip(pairs, best)]
print("best of T1-T4 per pair over cdp %.2fx" % geomean(oracle))
within = 0
for (b, d), m in zip(pairs, best):
    ok = t[(b, d, "RL")] <= 1.05 * m
    within += ok
    top = min(techs, key=lambda v: t[(b, d, v)])
    print("  %-5s %-13s auto %8.3f ms  best %s %8.3f ms  %s" %
          (b, d, t[(b, d, "RL")], top, m, "ok" if ok else "%.2fx slower" % (t[(b, d, "RL")] / m)))
print("auto within 5%% of the best of T1-T4: %d of %d" % (within, len(pairs)))
