#!/usr/bin/env python3
"""An experiment, not a dpopt output: gen/nr/cdp1_default.cu with the
postwork chain on the way back replaced by one store of the segment's sum,
what the chain of copies ends with (Sums[b] = the last level's Seg[0],
which is Data[b * SegLen]). It measures what the chain costs; it is correct
only for this program. Usage (in benchmarks/): python3 <this> IN OUT"""
import re
import sys

src = open(sys.argv[1]).read()
head = src.index('  if (__dpopt_self == 0)\n    for (unsigned __dpopt_level')
end = src.index(');\n', head) + 3
src = (src[:head] +
       '  if (__dpopt_self == 0 && __dpopt_depth > 0) // experiment: no postwork chain\n'
       '    Sums[blockIdx.x] = Data[static_cast<long long>(blockIdx.x) * SegLen];\n' +
       src[end:])
open(sys.argv[2], 'w').write(src)
