#!/usr/bin/env python3
"""Turns the merge benchmark's results.csv (merge.cu, run.sh) into
results.md: per case, the time of one launch sequence per size and mode,
the speedups of streams and of dpopt's merge over sequential launches and
over streams, the threshold sweep (DPOPT_MERGE_BLOCKS_PER_SM), and the
paper's claims (Guevara et al. 2009) checked against the numbers. With
matplotlib it also draws results.png (time per sequence over the total
number of blocks, one panel per case); without it the chart is skipped with
a message.

    python3 benchmarks/merge/report.py results.csv [-o results.md] [--png results.png] [--sms N]

CSV columns: case,scale,blocks_total,mode,median_ms,verified,min_ms,max_ms,
batch,runs,wave_est,sms (lines starting with '#' and repeated headers are
ignored). Modes: seq, streams, merge, merge-always, merge-b<X> (merge built
with -DDPOPT_MERGE_BLOCKS_PER_SM=<X>), solo-<kernel> (one kernel alone).

The run-time rule (runtime/dpopt/merge.cuh) merges when blocks_total <=
X x sms and blocks_total <= one wave of the merged kernel (estimated by
wave_est); X = 1 for `merge`. The `*` marks and the sizes "where the rule
merges" of the claims follow it.

Older CSVs (before the sms column: merge-w<X> modes, built with the former
-DDPOPT_MERGE_WAVES=<X>, and `merge` with DPOPT_MERGE_WAVES = 1) still
work: merge-w<X> is marked where blocks_total <= X x wave_est (that rule);
the merge-b marks and the one-block-per-SM sets need the SM count, from
--sms N, else they are left out (marks) or replaced by "within one wave"
(claims), with a note.
"""
import argparse
import csv
import math
import os
import re
import sys

CASES = {
    "CC": "compute + compute (sin + hash)",
    "CM": "compute + memory (sin + triad)",
    "MM": "memory + memory (triad + smooth)",
    "LAT": "short + long (triad + sin-long)",
    "TRIPLE": "stencil (2-D) + reduce (static shared) + smooth (dynamic shared)",
}
MAIN_MODES = ["seq", "streams", "merge", "merge-always"]
# Above one wave, a merged launch may be this much slower than sequential
# launches and still count as "bounded by serial execution" (timing noise).
SERIAL_MARGIN = 1.05


def read_rows(path):
    """Rows of the CSV as dicts, numbers converted; None for NA."""
    rows = []
    with open(path, newline="") as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    header = None
    for rec in csv.reader(lines):
        if rec and rec[0] == "case":
            header = rec
            continue
        if header is None or len(rec) != len(header):
            print("report.py: skipping malformed line: %s" % ",".join(rec),
                  file=sys.stderr)
            continue
        r = dict(zip(header, rec))

        def num(key, conv=float):
            v = r.get(key, "NA")
            try:
                return conv(v)
            except (TypeError, ValueError):
                return None

        rows.append({
            "case": r["case"], "scale": num("scale", int),
            "blocks": num("blocks_total", int), "mode": r["mode"],
            "ms": num("median_ms"), "min_ms": num("min_ms"),
            "max_ms": num("max_ms"), "ok": r["verified"] == "yes",
            "batch": num("batch", int), "wave": num("wave_est", int),
            "sms": num("sms", int),
        })
    return rows


def has_column(path, name):
    """True when a header line of the CSV names the column."""
    with open(path, newline="") as f:
        for rec in csv.reader(l for l in f if l.strip() and
                              not l.startswith("#")):
            if rec and rec[0] == "case" and name in rec:
                return True
    return False


class Case:
    """The rows of one case, indexed by scale and mode. sms_default: the SM
    count for rows without one (--sms; None: unknown). legacy: the CSV has no
    sms column, so its `merge` was built with the former DPOPT_MERGE_WAVES =
    1 (merge when blocks <= wave_est)."""

    def __init__(self, name, rows, sms_default=None, legacy=False):
        self.name = name
        self.legacy = legacy
        self.times = {}  # (scale, mode) -> ms, verified rows only
        self.blocks = {}
        self.wave = {}
        self.sms = {}
        self.modes = set()
        for r in rows:
            self.blocks[r["scale"]] = r["blocks"]
            if r["wave"]:
                self.wave[r["scale"]] = r["wave"]
            sms = r["sms"] or sms_default
            if sms:
                self.sms[r["scale"]] = sms
            self.modes.add(r["mode"])
            if r["ok"] and r["ms"] is not None:
                self.times[(r["scale"], r["mode"])] = r["ms"]
        self.scales = sorted(self.blocks)
        self.solos = sorted(m for m in self.modes if m.startswith("solo-"))
        # Threshold sweeps: merge-b<X> (DPOPT_MERGE_BLOCKS_PER_SM) and, in
        # older CSVs, merge-w<X> (the former DPOPT_MERGE_WAVES).
        self.sweep_b = sorted((m for m in self.modes
                               if re.fullmatch(r"merge-b.+", m)),
                              key=lambda m: _sweep_value(m))
        self.sweep_w = sorted((m for m in self.modes
                               if re.fullmatch(r"merge-w.+", m)),
                              key=lambda m: _sweep_value(m))

    def t(self, scale, mode):
        return self.times.get((scale, mode))

    def longest_alone(self, scale):
        ts = [self.t(scale, m) for m in self.solos]
        return max(ts) if ts and None not in ts else None

    def sum_alone(self, scale):
        ts = [self.t(scale, m) for m in self.solos]
        return sum(ts) if ts and None not in ts else None

    def waves(self, scale):
        w = self.wave.get(scale)
        return self.blocks[scale] / w if w else None

    def fits(self, scale):
        """True when the sequence's blocks fit in one (estimated) wave."""
        w = self.waves(scale)
        return w is not None and w <= 1.0

    def per_sm(self, scale):
        sms = self.sms.get(scale)
        return self.blocks[scale] / sms if sms else None

    def rule_merges(self, scale, x=1.0):
        """Whether DPOPT_MERGE_BLOCKS_PER_SM = x merges at this size:
        blocks <= x * sms and blocks <= one wave (wave_est, where known);
        None when the SM count is unknown."""
        sms = self.sms.get(scale)
        if not sms:
            return None
        b = self.blocks[scale]
        w = self.wave.get(scale)
        return b <= x * sms and (w is None or b <= w)

    def has_rule(self):
        """True when the SM count is known at every size."""
        return all(s in self.sms for s in self.scales)

    def merged(self, scale):
        """The sizes of claims 1 and 2: where the default rule (one block
        per SM) merges, or, without the SM count, within one wave."""
        r = self.rule_merges(scale)
        return self.fits(scale) if r is None else r

    def default_merges(self, scale):
        """Whether the `merge` binary of this CSV should merge at this size
        (None: unknown): the one-block-per-SM rule, or in an older CSV the
        former one-wave rule."""
        if self.legacy:
            return self.fits(scale) if self.waves(scale) is not None else None
        return self.rule_merges(scale)


def _sweep_value(mode):
    """X of merge-b<X> or merge-w<X>."""
    try:
        return float(mode[len("merge-b"):])
    except ValueError:
        return math.inf


def mark(flag):
    return "*" if flag else ""


def us(ms):
    if ms is None:
        return "--"
    v = ms * 1000.0
    return "%.1f" % v if v < 1000 else "%.0f" % v


def ratio(a, b):
    """a / b formatted as a speedup of b's time over a's (b / a)."""
    if a is None or b is None or a <= 0:
        return "--"
    return "%.2fx" % (b / a)


def plain(x, fmt="%.2f"):
    return "--" if x is None else fmt % x


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def spread(xs, fmt="%.2f"):
    """'geomean (min-max, n)' of the values, or '--'."""
    xs = [x for x in xs if x is not None]
    if not xs:
        return "--"
    return (fmt + " (" + fmt + "-" + fmt + ", %d sizes)") % (
        geomean(xs), min(xs), max(xs), len(xs))


def case_tables(c, out):
    out.append("## %s: %s\n" % (c.name, CASES.get(c.name, "")))
    have_solo = bool(c.solos)
    head = ["scale", "blocks", "per SM", "waves"] + MAIN_MODES
    if have_solo:
        head += ["longest alone", "sum alone"]
    out.append("Time per sequence (us, median; `*` on merge: the run-time "
               "rule should merge at this size):\n")
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for s in c.scales:
        cells = [str(s), str(c.blocks[s]), plain(c.per_sm(s), "%.3g"),
                 plain(c.waves(s), "%.3g")]
        cells += [us(c.t(s, m)) + (mark(c.default_merges(s))
                                   if m == "merge" else "")
                  for m in MAIN_MODES]
        if have_solo:
            cells += [us(c.longest_alone(s)), us(c.sum_alone(s))]
        out.append("| " + " | ".join(cells) + " |")
    out.append("")

    head = ["scale", "blocks", "streams vs seq", "merge vs seq",
            "merge vs streams", "always vs seq", "always vs streams"]
    if have_solo:
        head += ["always / longest alone", "always / sum alone"]
    out.append("Speedups (time of the baseline / time of the mode; "
               "\"always\" = merge-always):\n")
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for s in c.scales:
        seq, st = c.t(s, "seq"), c.t(s, "streams")
        mg, al = c.t(s, "merge"), c.t(s, "merge-always")
        cells = [str(s), str(c.blocks[s]), ratio(st, seq), ratio(mg, seq),
                 ratio(mg, st), ratio(al, seq), ratio(al, st)]
        if have_solo:
            lo, su = c.longest_alone(s), c.sum_alone(s)
            cells += [plain(al / lo if al and lo else None),
                      plain(al / su if al and su else None)]
        out.append("| " + " | ".join(cells) + " |")
    out.append("")

    for family in ("b", "w"):
        sweep = c.sweep_b if family == "b" else c.sweep_w
        if not sweep:
            continue
        # `merge` is X = 1 of the family its CSV was built for.
        cols = [(m, m, _sweep_value(m)) for m in sweep]
        if (family == "w") == c.legacy:
            cols.append(("merge (%s1)" % family, "merge", 1.0))
        cols.sort(key=lambda x: x[2])
        head = ["scale", "blocks", "per SM", "waves"] + [x[0] for x in cols] + [
            "merge-always", "seq", "streams"]
        if family == "b":
            if c.has_rule():
                legend = ("`*`: blocks <= X x SMs and <= one wave estimate, "
                          "so the run-time test should merge if dpopt's "
                          "occupancy equals the estimate")
            else:
                legend = ("no `*` marks: this CSV has no sms column (give "
                          "the SM count with --sms)")
            title = "Threshold sweep, DPOPT_MERGE_BLOCKS_PER_SM = X"
        else:
            legend = ("`*`: blocks <= X x wave estimate, the former rule, "
                      "so its run-time test should merge if dpopt's "
                      "occupancy equals the estimate")
            title = "Threshold sweep of the former DPOPT_MERGE_WAVES = X"
        out.append("%s (us; %s):\n" % (title, legend))
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for s in c.scales:
            w = c.waves(s)
            cells = [str(s), str(c.blocks[s]), plain(c.per_sm(s), "%.3g"),
                     plain(w, "%.3g")]
            for _, mode, x in cols:
                if family == "b":
                    flag = c.rule_merges(s, x)
                else:
                    flag = w is not None and w <= x
                cells.append(us(c.t(s, mode)) + mark(flag))
            cells += [us(c.t(s, "merge-always")), us(c.t(s, "seq")),
                      us(c.t(s, "streams"))]
            out.append("| " + " | ".join(cells) + " |")
        out.append("")


def claims(cases, out):
    out.append("## The paper's claims on this GPU\n")
    if all(c.has_rule() for c in cases):
        out.append("Claims 1 and 2 are checked at the sizes where the "
                   "run-time rule merges: blocks_total <= SMs (one block per "
                   "SM, DPOPT_MERGE_BLOCKS_PER_SM = 1) and <= wave_est (the "
                   "occupancy estimate of one wave of the merged kernel, see "
                   "merge.cu). merge-always is the merged kernel at every "
                   "size.\n")
    else:
        out.append("Note: this CSV has no sms column (a run before "
                   "DPOPT_MERGE_BLOCKS_PER_SM) and no --sms was given, so "
                   "claims 1 and 2 are checked \"within one wave\" "
                   "(blocks_total <= wave_est, the occupancy estimate of one "
                   "wave of the merged kernel), not at the sizes of the "
                   "one-block-per-SM rule. merge-always is the merged kernel "
                   "at every size.\n")
    where = ("where the rule merges" if all(c.has_rule() for c in cases)
             else "within one wave")

    # 1. Merged small kernels take about the time of the longer one.
    out.append("1. *Merged small kernels take about the time of the longest "
               "kernel, not the sum.* merge-always / longest kernel alone "
               "(1.00 = the longest one's time) and / sum of the kernels "
               "alone, %s, geomean (min-max):\n" % where)
    out.append("| case | / longest alone | / sum alone | seq / sum alone |")
    out.append("|---|---|---|---|")
    for c in cases:
        if not c.solos:
            continue
        fit = [s for s in c.scales if c.merged(s)]
        lo, su, sq = [], [], []
        for s in fit:
            al, l, m, q = (c.t(s, "merge-always"), c.longest_alone(s),
                           c.sum_alone(s), c.t(s, "seq"))
            if al and l:
                lo.append(al / l)
            if al and m:
                su.append(al / m)
            if q and m:
                sq.append(q / m)
        out.append("| %s | %s | %s | %s |" % (c.name, spread(lo), spread(su),
                                              spread(sq)))
    out.append("")

    # 2. Memory-bound pairs gain 12-20%.
    out.append("2. *Memory-bound pairs still gain 12-20%%* (time saved over "
               "sequential launches, 1 - merge-always / seq, %s; MM is the "
               "paper's memory-bound pair, the other cases are for "
               "comparison):\n" % where)
    out.append("| case | time saved over seq | over streams |")
    out.append("|---|---|---|")
    for c in cases:
        fit = [s for s in c.scales if c.merged(s)]
        gs, gt = saved(c, fit)
        out.append("| %s | %s | %s |" % (c.name, pct(gs), pct(gt)))
    out.append("")

    # Why one block per SM: the sizes the rule leaves out within one wave.
    if any(c.has_rule() for c in cases):
        out.append("Between one block per SM and one wave (SMs < "
                   "blocks_total <= wave_est: sizes the rule declines though "
                   "the merged grid fits in a wave), the same time saved by "
                   "merge-always (negative: slower than the baseline):\n")
        out.append("| case | sizes | time saved over seq | over streams |")
        out.append("|---|---|---|---|")
        for c in cases:
            if not c.has_rule():
                continue
            mid = [s for s in c.scales if c.fits(s) and not c.merged(s)]
            gs, gt = saved(c, mid)
            out.append("| %s | %d | %s | %s |" % (c.name, len(mid), pct(gs),
                                                 pct(gt)))
        out.append("")

    # 3. Oversubscription is bounded by serial execution.
    out.append("3. *A merge that oversubscribes the GPU is bounded by serial "
               "execution*: above one wave, the largest merge-always / seq "
               "(holds if <= %.2f); what the run-time decision (merge) "
               "gives against the better of seq and merge-always at every "
               "size; and, where the decision should decline (%s), the "
               "largest merge / seq (about 1: it launches as written):\n" % (
                   SERIAL_MARGIN,
                   "blocks_total > wave_est, the former one-wave rule of "
                   "this CSV's merge" if any(c.legacy for c in cases) else
                   "blocks_total > SMs or > wave_est"))
    out.append("| case | sizes above one wave | max merge-always / seq | "
               "holds | max merge / min(seq, merge-always) | "
               "sizes declined | max merge / seq there |")
    out.append("|---|---|---|---|---|---|---|")
    for c in cases:
        over = [s for s in c.scales if c.waves(s) is not None and not c.fits(s)]
        rs = [c.t(s, "merge-always") / c.t(s, "seq") for s in over
              if c.t(s, "merge-always") and c.t(s, "seq")]
        worst = max(rs) if rs else None
        holds = "--" if worst is None else ("yes" if worst <= SERIAL_MARGIN
                                            else "no")
        ds = []
        for s in c.scales:
            mg, q, al = c.t(s, "merge"), c.t(s, "seq"), c.t(s, "merge-always")
            if mg and q and al:
                ds.append(mg / min(q, al))
        declined = [s for s in c.scales if c.default_merges(s) is False]
        dq = [c.t(s, "merge") / c.t(s, "seq") for s in declined
              if c.t(s, "merge") and c.t(s, "seq")]
        out.append("| %s | %d | %s | %s | %s | %d | %s |" % (
            c.name, len(over), plain(worst), holds,
            plain(max(ds) if ds else None), len(declined),
            plain(max(dq) if dq else None)))
    out.append("")


def saved(c, scales):
    """1 - merge-always / seq and 1 - merge-always / streams at the sizes."""
    gs = [1 - c.t(s, "merge-always") / c.t(s, "seq") for s in scales
          if c.t(s, "merge-always") and c.t(s, "seq")]
    gt = [1 - c.t(s, "merge-always") / c.t(s, "streams") for s in scales
          if c.t(s, "merge-always") and c.t(s, "streams")]
    return gs, gt


def pct(xs):
    if not xs:
        return "--"
    return "median %.0f%% (%.0f%% to %.0f%%, %d sizes)" % (
        100 * sorted(xs)[len(xs) // 2], 100 * min(xs), 100 * max(xs),
        len(xs))


def problems(rows, cases, out):
    bad = [r for r in rows if not r["ok"]]
    missing = []
    for c in cases:
        for s in c.scales:
            for m in MAIN_MODES:
                if m in c.modes and c.t(s, m) is None and not any(
                        r["case"] == c.name and r["scale"] == s and
                        r["mode"] == m for r in bad):
                    missing.append("%s scale %d %s" % (c.name, s, m))
        for m in MAIN_MODES:
            if m not in c.modes:
                missing.append("%s: no %s rows" % (c.name, m))
    if not bad and not missing:
        return
    out.append("## Problems\n")
    for r in bad:
        out.append("- FAIL (wrong result): %s scale %s %s" % (
            r["case"], r["scale"], r["mode"]))
    for m in missing:
        out.append("- missing: " + m)
    out.append("")


def chart(cases, path):
    """Draws the chart; returns None or why it was not drawn."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FuncFormatter
    except Exception as err:  # ImportError, or a broken installation
        return "matplotlib not available (%s)" % err
    cases = [c for c in cases if c.times]
    if not cases:
        return "nothing to plot"
    cols = min(3, len(cases))
    rows = (len(cases) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 4.0 * rows),
                             squeeze=False)
    styles = {"seq": ("C0", "-", "o"), "streams": ("C1", "-", "s"),
              "merge": ("C2", "-", "^"), "merge-always": ("C3", "--", "v")}
    for i, c in enumerate(cases):
        ax = axes[i // cols][i % cols]
        for m, (color, ls, mk) in styles.items():
            pts = [(c.blocks[s], c.t(s, m) * 1000) for s in c.scales
                   if c.t(s, m)]
            if pts:
                ax.plot(*zip(*pts), color=color, linestyle=ls, marker=mk,
                        markersize=4, label=m)
        for label, fn, ls in (("longest alone", c.longest_alone, ":"),
                              ("sum alone", c.sum_alone, "-.")):
            pts = [(c.blocks[s], fn(s) * 1000) for s in c.scales if fn(s)]
            if pts:
                ax.plot(*zip(*pts), color="grey", linestyle=ls, label=label)
        waves = sorted(set(c.wave.values()))
        if waves:
            ax.axvline(waves[0], color="black", linewidth=0.8, alpha=0.5)
            ax.text(waves[0], 0.98, " 1 wave (est.)", rotation=90, va="top",
                    fontsize=7, transform=ax.get_xaxis_transform())
        sms = sorted(set(c.sms.values()))
        if sms:
            ax.axvline(sms[0], color="C2", linewidth=0.8, alpha=0.6,
                       linestyle="--")
            ax.text(sms[0], 0.98, " 1 block/SM (merge rule)", rotation=90,
                    va="top", fontsize=7, color="C2",
                    transform=ax.get_xaxis_transform())
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        plain_ticks = FuncFormatter(lambda v, _: "%g" % v)
        ax.yaxis.set_major_formatter(plain_ticks)
        ax.yaxis.set_minor_formatter(plain_ticks)
        ax.tick_params(axis="y", which="minor", labelsize=6)
        ax.set_title("%s: %s" % (c.name, CASES.get(c.name, "")), fontsize=8)
        ax.set_xlabel("blocks in the sequence")
        ax.set_ylabel("us per sequence")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    for j in range(len(cases), rows * cols):
        axes[j // cols][j % cols].axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv")
    ap.add_argument("-o", "--output", help="markdown file (default: "
                    "results.md beside the CSV)")
    ap.add_argument("--png", help="chart file (default: results.png beside "
                    "the CSV)")
    ap.add_argument("--sms", type=int, help="SM count for rows without an "
                    "sms column (CSVs of earlier runs; 132 on an H200)")
    args = ap.parse_args()
    base = os.path.dirname(os.path.abspath(args.csv))
    md_path = args.output or os.path.join(base, "results.md")
    png_path = args.png or os.path.join(base, "results.png")

    rows = read_rows(args.csv)
    if not rows:
        print("report.py: no rows in %s" % args.csv, file=sys.stderr)
        return 1
    names = [n for n in CASES if any(r["case"] == n for r in rows)]
    names += sorted({r["case"] for r in rows} - set(names))
    legacy = not has_column(args.csv, "sms")
    cases = [Case(n, [r for r in rows if r["case"] == n], args.sms, legacy)
             for n in names]

    if legacy:
        decision = ("the run-time decision of the build this CSV comes from: "
                    "the former DPOPT_MERGE_WAVES = 1, merge when blocks <= "
                    "wave_est")
    else:
        decision = ("the run-time decision: merge when blocks <= "
                    "DPOPT_MERGE_BLOCKS_PER_SM x SMs (1 x SMs) and <= one "
                    "wave of the merged kernel")
    out = ["# Kernel merging (dpopt merge pass): results\n",
           "From `%s`. Times are the median over the timed batches of the "
           "time of one launch sequence (a batch of back-to-back sequences "
           "divided by its length). `merge` = dpopt's output with %s; "
           "`merge-b<X>` = the same built with -DDPOPT_MERGE_BLOCKS_PER_SM=X; "
           "`merge-always` = compiled with -DDPOPT_MERGE_ALWAYS=1; `streams` "
           "= one created stream per kernel; `solo-*` = each kernel alone. "
           "`per SM` = blocks / SMs, `waves` = blocks / wave_est.\n" % (
               os.path.basename(args.csv), decision)]
    if legacy:
        sms_note = ("SM count %d from --sms" % args.sms if args.sms else
                    "no SM count, so no one-block-per-SM marks and sets "
                    "(pass --sms N)")
        out.append("Note: this CSV predates the sms column and "
                   "DPOPT_MERGE_BLOCKS_PER_SM (its sweep is merge-w<X>, the "
                   "former DPOPT_MERGE_WAVES = X); %s.\n" % sms_note)
    problems(rows, cases, out)
    claims(cases, out)
    for c in cases:
        case_tables(c, out)
    with open(md_path, "w") as f:
        f.write("\n".join(out) + "\n")
    print("report.py: wrote %s" % md_path)

    why = chart(cases, png_path)
    if why:
        print("report.py: chart skipped: %s" % why)
    else:
        print("report.py: wrote %s" % png_path)
    return 1 if any(not r["ok"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
