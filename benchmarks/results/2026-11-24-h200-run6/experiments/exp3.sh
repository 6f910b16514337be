#!/usr/bin/env bash
# T4 hang variants (seed 8 p2) and where the v1 (noinline sync) hangs are.
export PATH=/usr/local/cuda/bin:$PATH PYTHONUNBUFFERED=1
O=$OUT/exp3; mkdir -p $O
rm -rf /tmp/rt1 /tmp/x1; cp -r runtime /tmp/rt1; cp -r difftest-work/x /tmp/x1
python3 - <<'PY'
p='/tmp/rt1/dpopt/runtime.cuh'; s=open(p).read()
i=s.index('namespace rt {')+len('namespace rt {')
s=s[:i]+'\n__device__ __noinline__ void syncNoinline(unsigned M) { __syncwarp(M); }\n'+s[i:]
open(p,'w').write(s)
p='/tmp/rt1/dpopt/aggregate.cuh'; s=open(p).read(); s=s.replace('__syncwarp(','syncNoinline('); open(p,'w').write(s)
import glob
for f in glob.glob('/tmp/x1/s*/*.cu'):
    s=open(f).read(); s=s.replace('__syncwarp(__dpopt_warp)','dpopt::rt::syncNoinline(__dpopt_warp)'); open(f,'w').write(s)
# T4 variants
s=open('/tmp/x1/s8/rl-T4.cu').read()
open('/tmp/t4c.cu','w').write(s.replace('p2_free5<<<1, 1, 0, cudaStreamTailLaunch>>>(buf5);','p2_free5<<<1, 1, 0, cudaStreamFireAndForget>>>(buf5);'))
open('/tmp/t4d.cu','w').write(s.replace('if (buf5 != 0)\n      p2_free5<<<1, 1, 0, cudaStreamTailLaunch>>>(buf5);','{ __syncwarp(__activemask()); if (buf5 != 0)\n      p2_free5<<<1, 1, 0, cudaStreamTailLaunch>>>(buf5); }'))
# e: the invalid (grid 0) launch skipped in the T4 launch path
open('/tmp/t4e.cu','w').write(s.replace('          else\n            p2_scr4<<<','          else if (__dpopt_grid.x != 0)\n            p2_scr4<<<'))
o=open('/tmp/x1/s8/orig.cu').read()
open('/tmp/o4f.cu','w').write(o.replace('p2_scr4<<<n7 / 64u + (n7 % 64u == 0u ? 0u : 1u), 64, 0, cudaStreamFireAndForget>>>(accA, buf5, m6, n7, key + 6054u);','if (n7 == 0u) p2_scr4<<<n7 / 64u + (n7 % 64u == 0u ? 0u : 1u), 64, 0, cudaStreamFireAndForget>>>(accA, buf5, m6, n7, key + 6054u);'))
PY
for V in t4c t4d t4e o4f; do grep -c "cudaStreamTailLaunch\|__dpopt_grid.x != 0\|n7 == 0u" /tmp/$V.cu; done
try() { # name src flags...
  N=$1; S=$2; shift 2
  nvcc -rdc=true -arch=sm_90 -I /tmp/rt1 "$@" $S -o /tmp/$N.bin -lcudadevrt > /tmp/$N.build 2>&1 || { echo "$N build failed" >> $O/t4.txt; return; }
  R=""; for T in 1 2 3 4 5; do timeout 8 /tmp/$N.bin 2 > /tmp/$N.out 2>&1; R="$R $?"; done
  echo "$N exit codes:$R  $(head -c 120 /tmp/$N.out)" >> $O/t4.txt; }
try orig /tmp/x1/s8/orig.cu
try t4a /tmp/x1/s8/rl-T4.cu
try t4b /tmp/x1/s8/rl-T4.cu -DDPOPT_SERIAL_LIMIT=0
try t4c /tmp/t4c.cu
try t4d /tmp/t4d.cu
try t4e /tmp/t4e.cu
try o4f /tmp/o4f.cu
cat $O/t4.txt
for H in 4:aggregate:5 10:rl-default:7 4:tca-grid:5; do set -- ${H//:/ }
  timeout 150 python3 difftest-work/gdbwhere.py $O/gdb.txt /tmp/rt1 /tmp/x1/s$1/$2.cu $3; done
