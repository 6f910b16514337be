#!/usr/bin/env python3
"""How dpopt's cost grows with the number of launch sites in one file.

Generates files of N device launch sites in two shapes and runs dpopt on each
(default pipeline unless --passes), printing CSV: shape, sites, input bytes,
output bytes, CPU seconds (user + sys), wall seconds, peak RSS and sites per
CPU second. dpopt's own work should be linear in the sites: sites/s should
stay roughly flat as N grows (docs/performance.md).

Shapes:
  pair    -- every site in a parent kernel of its own, launching a child of its
             own (each site is transformed, and each child is cloned: the
             generated code per site is largest here).
  packed  -- 50 sites per parent kernel, all launching one child.

  benchmarks/measure-scale.py --dpopt build/bin/dpopt [--sites 1000,2000,4000]
      [--shapes pair,packed] [--passes LIST] [--work DIR]
"""

import argparse
import os
import subprocess
import sys
import tempfile


def pair_file(n):
    out = []
    for i in range(n):
        out.append(f"""__global__ void child{i}(float *data, int offset, int count) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) data[offset + i] = data[offset + i] * 2.0f + {i}.0f;
}}
__global__ void parent{i}(float *data, const int *offsets, int nodes) {{
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= nodes) return;
  int count = offsets[v + 1] - offsets[v];
  if (count > 0) child{i}<<<(count + 31) / 32, 32>>>(data, offsets[v], count);
}}""")
    return "\n".join(out) + "\n"


def packed_file(n, per=50):
    out = ["__global__ void child(int *p, int k) { p[threadIdx.x + k] = k; }"]
    for f in range((n + per - 1) // per):
        out.append(f"__global__ void parent{f}(int *p, int n) {{")
        out.append("  int t = threadIdx.x + blockIdx.x * blockDim.x;")
        out.append("  if (t >= n) return;")
        for i in range(min(per, n - f * per)):
            out.append(f"  if (p[t] == {i}) child<<<(t + {i}) / 32 + 1, 32>>>(p, t + {i});")
        out.append("}")
    return "\n".join(out) + "\n"


SHAPES = {"pair": pair_file, "packed": packed_file}


def run(dpopt, src, dst, passes, work):
    """CPU seconds (user + sys), wall seconds and peak RSS in KB of one run,
    as GNU time measures them."""
    times = os.path.join(work, "time.txt")
    cmd = ["/usr/bin/time", "-f", "%U %S %e %M", "-o", times, dpopt, src, "-o", dst]
    if passes:
        cmd.append("--passes=" + passes)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"measure-scale.py: dpopt failed on {src}:\n{proc.stderr[-2000:]}")
    with open(times) as f:
        user, system, wall, rss = f.read().split()[-4:]
    return float(user) + float(system), float(wall), int(rss)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dpopt", required=True)
    p.add_argument("--sites", default="1000,2000,4000")
    p.add_argument("--shapes", default="pair,packed")
    p.add_argument("--passes", default="")
    p.add_argument("--work", default="")
    a = p.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="dpopt-scale-")
    os.makedirs(work, exist_ok=True)
    print("shape,sites,input_bytes,output_bytes,cpu_s,wall_s,max_rss_mb,sites_per_cpu_s")
    for shape in a.shapes.split(","):
        for n in sorted(int(s) for s in a.sites.split(",")):
            src = os.path.join(work, f"{shape}-{n}.cu")
            dst = os.path.join(work, f"{shape}-{n}.dpopt.cu")
            with open(src, "w") as f:
                f.write(SHAPES[shape](n))
            cpu, wall, rss = run(a.dpopt, src, dst, a.passes, work)
            print(f"{shape},{n},{os.path.getsize(src)},{os.path.getsize(dst)},"
                  f"{cpu:.2f},{wall:.2f},{rss // 1024},{n / cpu:.0f}", flush=True)


if __name__ == "__main__":
    main()
