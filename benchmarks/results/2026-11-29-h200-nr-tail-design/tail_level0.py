#!/usr/bin/env python3
"""An experiment, not a dpopt output: the form flatten-recursion could give
nr/cdp.cu (the CDP2 port, whose postwork is a tail-launched one-thread
kernel), written from dpopt's flattened nr/cdp1.cu (whose postwork is the
same statement). Levels 1 and deeper run their postwork in thread 0 after
the chain, as cdp1's flattened form does; level 0's stays a tail launch of
a one-thread grid from each host block, which is what "after the whole host
grid" requires without a proof that the postwork touches only its block's
data. Usage (in benchmarks/):
  python3 <this> gen/nr/cdp1_default.cu gen/nr/tail0.cu"""
import sys

src = open(sys.argv[1]).read()
kernel = '__global__ void nrReduce(long long *Data, int N, int SegLen, long long *Sums) {'
assert src.count(kernel) == 1
tail_kernel = ('/// The experiment\'s level-0 postwork: nr/cdp.cu\'s nrTakeChildSum.\n'
               '__global__ void nrTakeChildSumTail(const long long *ChildSum, long long *Sum) {\n'
               '  *Sum = *ChildSum;\n}\n\n')
src = src.replace(kernel, tail_kernel + kernel)
loop = '''  if (__dpopt_self == 0)
    for (unsigned __dpopt_level = __dpopt_depth; __dpopt_level-- > 0;)
      __dpopt_post_nrReduce('''
assert src.count(loop) == 1
new = '''  if (__dpopt_self == 0 && __dpopt_depth > 0)
    nrTakeChildSumTail<<<1, 1, 0, cudaStreamTailLaunch>>>(
        __dpopt_chain.__dpopt_post1_Seg[0] + __dpopt_chain.__dpopt_post2_Half[0],
        __dpopt_chain.__dpopt_post0_Sums[0] + __dpopt_chain.__dpopt_post_blockIdx[0][0]);
  if (__dpopt_self == 0)
    for (unsigned __dpopt_level = __dpopt_depth; __dpopt_level-- > 1;)
      __dpopt_post_nrReduce('''
src = src.replace(loop, new)
open(sys.argv[2], 'w').write(src)
