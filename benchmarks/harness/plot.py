"""speedup.png: speedup over cdp per bench x dataset and variant, plus a
geomean group (like Olabi et al. Fig. 9). Needs matplotlib; plot_speedups()
returns an explanation instead of raising when it is missing."""

import dpbench


def plot_speedups(results, path, configs=(), title=""):
    """Writes the bar chart to path. Returns None on success, else a reason."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.patches import Patch
    except ImportError as err:
        return "matplotlib not available (%s)" % err

    sp = dpbench.speedups(results)
    gm = dpbench.geomeans(results, sp)
    variants = [v for v in dpbench.variant_order(
        [r["variant"] for r in results], configs) if v != dpbench.BASELINE]
    pairs = dpbench.pairs_in_order(results)
    if not variants or not pairs:
        return "nothing to plot"
    index = {(r["bench"], r["dataset"], r["variant"]): r for r in results}
    groups = ["%s\n%s" % p for p in pairs] + ["geomean"]

    width = 0.8 / len(variants)
    fig_w = max(8.0, 0.9 + len(groups) * (0.25 + 0.16 * len(variants)))
    fig, ax = plt.subplots(figsize=(min(fig_w, 60.0), 4.8))
    colors = plt.get_cmap("tab10" if len(variants) <= 10 else "tab20")
    heights, handles = [], []
    for vi, variant in enumerate(variants):
        xs, ys = [], []
        for gi, pair in enumerate(pairs):
            x = gi - 0.4 + width * (vi + 0.5)
            value = sp.get((pair[0], pair[1], variant))
            if value is not None:
                xs.append(x)
                ys.append(value)
                continue
            r = index.get((pair[0], pair[1], variant))
            if r is not None:  # ran, but no time: say why, at the cdp line
                label = r["status"] if r["status"] != dpbench.PASS else "no cdp"
                ax.text(x, 1.0, label, rotation=90, ha="center",
                        va="bottom", fontsize=6, color="red")
        g = gm.get(variant, (None, 0, 0))[0]
        if g is not None:
            xs.append(len(pairs) - 0.4 + width * (vi + 0.5))
            ys.append(g)
        heights += ys
        ax.bar(xs, ys, width=width, color=colors(vi % 20))
        handles.append(Patch(color=colors(vi % 20), label=variant))
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    if heights:
        ax.set_ylim(min(min(heights), 1.0) / 1.6, max(max(heights), 1.0) * 1.6)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, fontsize=7)
    ax.set_xlim(-0.6, len(groups) - 0.4)
    ax.set_ylabel("speedup over %s (log)" % dpbench.BASELINE)
    ax.set_title(title or "Speedup over %s (higher is better)" %
                 dpbench.BASELINE, fontsize=9)
    ax.legend(handles=handles, fontsize=7, ncol=min(len(variants), 8),
              loc="upper left")
    ax.grid(axis="y", which="both", linewidth=0.3, alpha=0.5)
    fig.tight_layout()
    fig.savefig(path, dpi=130)
    plt.close(fig)
    return None
