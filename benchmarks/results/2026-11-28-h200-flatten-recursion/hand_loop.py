#!/usr/bin/env python3
"""An experiment, not a dpopt output: benchmarks/nr/cdp1.cu with its
recursive kernel written by hand as the loop flatten-recursion makes of it
(the child's halving is the next turn of the loop; the sum the postwork
chain copies up is the last level's Seg[0]), to compare dpopt's output with
what a person would write. The host code is cdp1.cu's.
Usage (in benchmarks/): python3 <this> nr/cdp1.cu gen/nr/hand_loop.cu"""
import sys

KERNEL = '''/// Block b reduces Data[b * SegLen, min(N, (b + 1) * SegLen)) in place and
/// writes the segment's sum to Sums[b], one level of cdp1.cu's recursion a
/// turn (written by hand: results/2026-11-28-h200-flatten-recursion).
__global__ void nrReduce(long long *Data, int N, int SegLen, long long *Sums) {
  const long long Start = static_cast<long long>(blockIdx.x) * SegLen;
  int Len = static_cast<int>(min(static_cast<long long>(SegLen), N - Start));
  long long *Seg = Data + Start;
  for (;;) {
    const int Half = (Len + 1) / 2;
    for (int I = threadIdx.x; I < Len - Half; I += blockDim.x)
      Seg[I] += Seg[I + Half];
    __syncthreads();
    if (Half == 1)
      break;
    Len = Half;
  }
  if (threadIdx.x == 0)
    Sums[blockIdx.x] = Seg[0];
}

'''

src = open(sys.argv[1]).read()
begin = src.index('/// Block b reduces')
end = src.index('/// Adds the blocks')
open(sys.argv[2], 'w').write(src[:begin] + KERNEL + src[end:])
