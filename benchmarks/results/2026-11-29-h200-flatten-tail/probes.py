#!/usr/bin/env python3
"""Writes the two timing probes of README.md ("Where the rest goes") from
benchmarks/gen/nr/{cdp1_default,default}.cu, as generated at edd341e:
  probedead.cu   -- cdp1_default.cu plus a launch site that never runs, at
                    the end of nrReduce (what a kernel that can launch costs);
  probeinline.cu -- default.cu with level 0's tail-launched body run inline
                    like the deeper levels' and the gather taken out. Not a
                    valid rewrite in general (the grid's tail launches start
                    after the whole grid); for nr the result is the same,
                    which the harness checks. A timing probe only.
Usage: python3 probes.py  (from benchmarks/; writes into gen/nr/)."""
import os

HERE = os.path.join("gen", "nr")
cdp1 = open(os.path.join(HERE, "cdp1_default.cu")).read()
marker = "  // The postwork of each level, deepest first"
i = cdp1.index(marker)
dead = ("  if (threadIdx.x == 0 && N == -12345) // never: a launch site in the kernel\n"
        "    nrWiden<<<1, 1>>>(nullptr, nullptr, 0);\n")
open(os.path.join(HERE, "probedead.cu"), "w").write(cdp1[:i] + dead + cdp1[i:])

d = open(os.path.join(HERE, "default.cu")).read()
d = d.replace("for (unsigned __dpopt_level = __dpopt_depth; --__dpopt_level > 0;)",
              "for (unsigned __dpopt_level = __dpopt_depth; __dpopt_level-- > 0;)", 1)
g = "if (__dpopt_tail_nrReduce *__dpopt_gathered = dpopt::rt::tailGatherRecord"
assert g in d
d = d.replace(g, "if (false) " + g, 1)
open(os.path.join(HERE, "probeinline.cu"), "w").write(d)
