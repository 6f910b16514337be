#!/usr/bin/env bash
# Remaining-hang experiment on difftest-work/x (seeds 4, 8, 10 of run 5).
# v0: as generated. v1: every warp sync of dpopt's (runtime and generated
# enclosures) through one __noinline__ function, so lanes meet at one PC.
export PATH=/usr/local/cuda/bin:$PATH PYTHONUNBUFFERED=1
O=$OUT/exp; mkdir -p $O
rm -rf /tmp/rt1 /tmp/x1; cp -r runtime /tmp/rt1; cp -r difftest-work/x /tmp/x1
python3 - <<'PY'
import re
p='/tmp/rt1/dpopt/runtime.cuh'; s=open(p).read()
i=s.index('namespace rt {')+len('namespace rt {')
s=s[:i]+'\n__device__ __noinline__ void syncNoinline(unsigned M) { __syncwarp(M); }\n'+s[i:]
open(p,'w').write(s)
p='/tmp/rt1/dpopt/aggregate.cuh'; s=open(p).read(); s=s.replace('__syncwarp(','syncNoinline('); open(p,'w').write(s)
import glob
for f in glob.glob('/tmp/x1/s*/*.cu'):
    s=open(f).read(); s=s.replace('__syncwarp(__dpopt_warp)','dpopt::rt::syncNoinline(__dpopt_warp)'); open(f,'w').write(s)
PY
grep -c syncNoinline /tmp/rt1/dpopt/*.cuh
run() { S=$(date +%s); python3 test/difftest/runner.py --work $2 --out $O/$1 --runtime $3 --build-jobs 16 --run-jobs 8 --timeout 10 > $O/$1.log 2>&1
  echo "$1: $(( $(date +%s) - S )) s; $(grep -c ',hang,' $O/$1/results.csv) hang, $(grep -c ',match,' $O/$1/results.csv) match, $(grep -c ',mismatch,' $O/$1/results.csv) mismatch" | tee -a $O/summary.txt; grep ',hang,' $O/$1/results.csv >> $O/summary.txt; }
run v0 difftest-work/x runtime
run v1 /tmp/x1 /tmp/rt1
run v1b /tmp/x1 /tmp/rt1
# where the remaining v0 hangs are
for H in 10:default:7 4:aggregate:2 8:rl-T4:2 10:aggregate:7; do set -- ${H//:/ }
  timeout 200 python3 difftest-work/gdbwhere.py $O/gdb.txt runtime difftest-work/x/s$1/$2.cu $3; done
cd $O && tar czf exp.tgz v0 v1 v1b *.log && rm -rf v0 v1 v1b *.log
