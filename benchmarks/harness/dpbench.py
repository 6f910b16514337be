"""Pure logic of the benchmark harness: result-line parsing, speedups,
geometric means, CSV rows and the markdown table.

No I/O and no third-party modules, so test_dpbench.py checks it with plain
python3 in CI. run.py does the building, running, file writing and plotting.
"""

import math
import re

# Statuses a binary prints itself ...
PASS, FAIL, ERROR = "PASS", "FAIL", "ERROR"
# ... and statuses the harness assigns when no valid result line came back.
TIMEOUT, CRASH, SKIPPED = "TIMEOUT", "CRASH", "SKIPPED"

BASELINE = "cdp"
# Hand-written variants come first in tables and plots; dpopt configurations
# follow in configs.txt order.
HAND_WRITTEN = ["cdp", "nocdp", "flat"]

CSV_COLUMNS = [
    "bench", "dataset", "variant", "status", "median_ms", "min_ms", "max_ms",
    "runs", "gpu_mem_mb", "speedup_vs_cdp", "gpu", "date", "command", "detail",
]

_FIELD_RE = re.compile(r'(\w+)=("[^"]*"|\S+)')


def parse_line(line):
    """Parses one 'DPBENCH key=value ...' line into a dict, or None."""
    line = line.strip()
    if not line.startswith("DPBENCH "):
        return None
    fields = {}
    for key, value in _FIELD_RE.findall(line[len("DPBENCH "):]):
        if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
            value = value[1:-1]
        fields[key] = value
    for key in ("bench", "variant", "dataset", "status"):
        if key not in fields:
            return None
    return fields


def find_result(output):
    """The last DPBENCH line of a program's stdout, parsed, or None."""
    result = None
    for line in output.splitlines():
        parsed = parse_line(line)
        if parsed is not None:
            result = parsed
    return result


def _number(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def make_result(bench, dataset, variant, status, fields=None, detail=""):
    """A result record (dict). Times are kept only for PASS, so a wrong or
    missing result can never be mistaken for a measurement."""
    fields = fields or {}
    passed = status == PASS
    median = _number(fields.get("median_ms")) if passed else None
    if passed and median is None:
        status, passed = ERROR, False
        detail = detail or "PASS line without a median time"
    return {
        "bench": bench,
        "dataset": dataset,
        "variant": variant,
        "status": status,
        "median_ms": median,
        "min_ms": _number(fields.get("min_ms")) if passed else None,
        "max_ms": _number(fields.get("max_ms")) if passed else None,
        "runs": int(_number(fields.get("runs")) or 0) if passed else 0,
        "gpu_mem_mb": _number(fields.get("gpu_mem_mb")),
        "gpu": fields.get("gpu", ""),
        "detail": detail or fields.get("detail", ""),
    }


def result_from_output(bench, dataset, variant, returncode, stdout,
                       timed_out=False):
    """Interprets one benchmark process. The DPBENCH line wins when it agrees
    with the exit status; a PASS line with a non-zero exit is not a PASS."""
    if timed_out:
        return make_result(bench, dataset, variant, TIMEOUT,
                           detail="killed by the per-run timeout")
    fields = find_result(stdout)
    if fields is None:
        return make_result(bench, dataset, variant, CRASH,
                           detail="no DPBENCH line; exit status %s" % returncode)
    status = fields["status"]
    if status == PASS and returncode != 0:
        return make_result(bench, dataset, variant, ERROR, fields,
                           detail="PASS line but exit status %s" % returncode)
    if status not in (PASS, FAIL, ERROR):
        return make_result(bench, dataset, variant, ERROR, fields,
                           detail="unknown status " + status)
    return make_result(bench, dataset, variant, status, fields)


def speedups(results, baseline=BASELINE):
    """{(bench, dataset, variant): baseline median / variant median}, only
    where both passed."""
    base = {}
    for r in results:
        if r["variant"] == baseline and r["status"] == PASS:
            base[(r["bench"], r["dataset"])] = r["median_ms"]
    out = {}
    for r in results:
        key = (r["bench"], r["dataset"])
        if (r["status"] == PASS and key in base and r["median_ms"]
                and r["median_ms"] > 0):
            out[(r["bench"], r["dataset"], r["variant"])] = (
                base[key] / r["median_ms"])
    return out


def geomean(values):
    values = [v for v in values if v and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def geomeans(results, speedup_map):
    """{variant: (geomean speedup, pairs used, pairs total)}."""
    by_variant = {}
    for r in results:
        key = (r["bench"], r["dataset"], r["variant"])
        entry = by_variant.setdefault(r["variant"], [[], 0])
        entry[1] += 1
        if key in speedup_map:
            entry[0].append(speedup_map[key])
    return {v: (geomean(vals), len(vals), total)
            for v, (vals, total) in by_variant.items()}


def variant_order(variants, configs=()):
    """Hand-written variants, then configurations in configs.txt order, then
    anything else alphabetically."""
    present = set(variants)
    order = [v for v in HAND_WRITTEN if v in present]
    order += [c for c in configs if c in present and c not in order]
    order += sorted(present - set(order))
    return order


def pairs_in_order(results):
    """(bench, dataset) pairs in first-seen order."""
    seen = []
    for r in results:
        key = (r["bench"], r["dataset"])
        if key not in seen:
            seen.append(key)
    return seen


def _fmt(value, digits=3):
    if value is None:
        return ""
    return "%.*f" % (digits, value)


def csv_row(result, speedup, gpu, date, command):
    """One row of results.csv as a list of strings (CSV_COLUMNS order)."""
    return [
        result["bench"], result["dataset"], result["variant"],
        result["status"], _fmt(result["median_ms"], 4),
        _fmt(result["min_ms"], 4), _fmt(result["max_ms"], 4),
        str(result["runs"]), _fmt(result["gpu_mem_mb"], 1),
        _fmt(speedup, 3) if result["status"] == PASS else "",
        result["gpu"] or gpu, date, command, result["detail"],
    ]


def cell(result, speedup):
    """Markdown cell: '1.234 ms (5.67x)' for PASS, the status otherwise."""
    if result is None:
        return "-"
    if result["status"] != PASS:
        return "**%s**" % result["status"]
    text = "%.3f ms" % result["median_ms"]
    if speedup is not None:
        text += " (%.2fx)" % speedup
    return text


def markdown(results, configs=(), title="Results", gpu="", date="",
             command=""):
    """The results.md document: one table of median times with speedups over
    cdp, a geomean row, and the details of every run that did not pass."""
    sp = speedups(results)
    gm = geomeans(results, sp)
    order = variant_order([r["variant"] for r in results], configs)
    index = {(r["bench"], r["dataset"], r["variant"]): r for r in results}
    lines = ["# " + title, ""]
    if gpu:
        lines.append("GPU: %s  " % gpu)
    if date:
        lines.append("Date: %s  " % date)
    if command:
        lines.append("Command: `%s`  " % command)
    lines += ["",
              "Median time of the timed runs; in parentheses the speedup over "
              "`%s` (higher is better). Only verified runs have a time." %
              BASELINE, ""]
    lines.append("| bench | dataset | " + " | ".join(order) + " |")
    lines.append("|---|---|" + "---|" * len(order))
    for bench, dataset in pairs_in_order(results):
        cells = [cell(index.get((bench, dataset, v)),
                      sp.get((bench, dataset, v))) for v in order]
        lines.append("| %s | %s | %s |" % (bench, dataset, " | ".join(cells)))
    geo = []
    for v in order:
        g, used, total = gm.get(v, (None, 0, 0))
        geo.append("%.2fx (%d/%d)" % (g, used, total) if g
                   else "n/a (0/%d)" % total)
    lines.append("| **geomean** | | " + " | ".join(geo) + " |")
    bad = [r for r in results if r["status"] != PASS]
    if bad:
        lines += ["", "## Runs without a valid time", "",
                  "| bench | dataset | variant | status | detail |",
                  "|---|---|---|---|---|"]
        for r in bad:
            lines.append("| %s | %s | %s | %s | %s |" % (
                r["bench"], r["dataset"], r["variant"], r["status"],
                r["detail"].replace("|", "/")))
    return "\n".join(lines) + "\n"


def read_manifest(text):
    """Parses build/manifest.tsv: [{bench, variant, kind, binary,
    datasets}]."""
    entries = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 5:
            raise ValueError("bad manifest line: %r" % line)
        bench, variant, kind, binary, datasets = parts
        entries.append({
            "bench": bench, "variant": variant, "kind": kind,
            "binary": binary,
            "datasets": [d for d in datasets.split(",") if d],
        })
    return entries


def read_configs(text):
    """Parses configs.txt: [(name, options)] in file order."""
    configs = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" not in line:
            raise ValueError("bad configs.txt line: %r" % raw)
        name, options = line.split(":", 1)
        name = name.strip()
        if not re.match(r"^[A-Za-z0-9_-]+$", name):
            raise ValueError("bad configuration name: %r" % name)
        configs.append((name, options.strip()))
    return configs


def ratio_svg(bars, caption, label_width=260, width=760):
    """An SVG chart (text) of one horizontal bar per (name, ratio), on a log
    scale from 0.5x to 2x around 1 (green at or above 1, red below): the
    before/after charts of benchmarks/results/*/summary.py."""
    height = 24 + 18 * len(bars)

    def x(ratio):
        return label_width + (math.log2(ratio) + 1) / 2 * (width - label_width - 20)

    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (width, height + 20),
           '<text x="%d" y="14">%s</text>' % (label_width, caption)]
    for i, (name, ratio) in enumerate(bars):
        y = 24 + 18 * i
        svg.append('<text x="4" y="%d">%s</text>' % (y + 11, name))
        x0, x1 = sorted((x(1), x(min(max(ratio, 0.5), 2))))
        svg.append('<rect x="%.1f" y="%d" width="%.1f" height="14" fill="%s"/>'
                   % (x0, y, max(x1 - x0, 1), '#3a7' if ratio >= 1 else '#c54'))
        svg.append('<text x="%.1f" y="%d">%.2fx</text>' %
                   (max(x1, x(1)) + 4, y + 11, ratio))
    svg.append('<line x1="%.1f" y1="20" x2="%.1f" y2="%d" stroke="black"/>' %
               (x(1), x(1), height))
    svg.append('</svg>')
    return '\n'.join(svg) + '\n'
