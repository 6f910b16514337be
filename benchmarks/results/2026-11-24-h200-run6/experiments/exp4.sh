#!/usr/bin/env bash
# Runtime variants on the programs that hung with aggregation (b1 files).
export PATH=/usr/local/cuda/bin:$PATH
O=$OUT/exp4; mkdir -p $O
mk() { rm -rf /tmp/rt$1; cp -r runtime /tmp/rt$1; }
mk a
mk b; python3 - <<'PY'
p='/tmp/rtb/dpopt/aggregate.cuh'; s=open(p).read()
s=s.replace('  bool Recorded = aggRecordAlone(G, R, MaxThreads);\n  syncLanes(Lanes);','  bool Recorded = aggRecordAlone(G, R, MaxThreads);\n  (void)Lanes;'); open(p,'w').write(s)
PY
mk c; sed -i 's/  syncLanes(/  __syncwarp(/' /tmp/rtc/dpopt/aggregate.cuh
grep -c "syncLanes(" /tmp/rta/dpopt/aggregate.cuh /tmp/rtb/dpopt/aggregate.cuh /tmp/rtc/dpopt/aggregate.cuh
for V in a b c; do for P in 4:aggregate:5 4:default:5 4:tca-grid:5 10:default:7 10:aggregate:7 4:aggregate:2; do set -- ${P//:/ }
  nvcc -rdc=true -arch=sm_90 -I /tmp/rt$V difftest-work/e4/s$1/$2.cu -o /tmp/e.$V.$1.$2 -lcudadevrt > /dev/null 2>&1 &
done; done; wait
for V in a b c; do for P in 4:aggregate:5 4:default:5 4:tca-grid:5 10:default:7 10:aggregate:7 4:aggregate:2; do set -- ${P//:/ }
  R=""; for T in 1 2 3; do timeout 5 /tmp/e.$V.$1.$2 $3 > /dev/null 2>&1; R="$R $?"; done
  echo "variant $V seed $1 $2 program $3: exit codes$R" | tee -a $O/exp4.txt
done; done
