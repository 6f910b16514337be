#!/usr/bin/env python3
"""Writes the second round of hand-edited variants of the seed 6004 hang.

Run in WORK/s6004 after prepare.py and `dpopt --passes=continuation
waits.cu -o v-cont.cu` (see ../2026-11-28-h200-s6004-hang/README.md).
Each y-* file is v-cont.cu with one edit; the GPU runs say which part of
the program the hang needs. Only program 1 is run (`./y-X.bin 1`).
"""

cont = open('v-cont.cu').read()


def edit(text, old, new, count=1):
    assert text.count(old) == count, (text.count(old), old[:70])
    return text.replace(old, new)


tail = ('__dpopt_c_cont_p1_parent1<<<1, dpopt::rt::contCompactThreads(__dpopt_c_block_2), '
        '__dpopt_c_block_2->DynamicBytes, cudaStreamTailLaunch>>>(__dpopt_c_block_2);')
c5 = 'p1_c5<<<((int)n9 - 1) / 128 + 1, 128, 0, 0>>>'
r4_inner = 'p1_r4<<<(m + 63u) / 64u, 64, 0, 0>>>'
c3_inner = 'p1_c3<<<g5, b6>>>'
r4_outer = '(accA, errs, accX, in, n7, 4u, __dpopt_c_key_2 + 52318u);'
suspend_begin = '{ /* dpopt continuation: the wait for the children ends this phase */'
suspend_end = '__dpopt_c_leave_p1_parent1(blockIdx, gridDim); return; __dpopt_c_resume_2:; }'
stop = cont.index(suspend_end) + len(suspend_end)
start = cont.rindex(suspend_begin, 0, stop)
suspension = cont[start:stop]

variants = {
    # The baseline: dpopt's output as it is.
    'A': cont,
    # The next phase launched fire-and-forget instead of into the tail
    # stream (wrong order, but does it hang?).
    'B': edit(cont, tail, tail.replace('cudaStreamTailLaunch', 'cudaStreamFireAndForget')),
    # No next phase at all: the suspended lane never resumes.
    'C': edit(cont, tail, '(void)0;'),
    # p1_c5 fire-and-forget instead of the implicit stream.
    'D': edit(cont, c5, c5.replace('128, 0, 0>>>', '128, 0, cudaStreamFireAndForget>>>')),
    # p1_r4's own launches (p1_c3 and the recursive p1_r4) fire-and-forget.
    'E': edit(edit(cont, r4_inner, r4_inner.replace('64, 0, 0>>>', '64, 0, cudaStreamFireAndForget>>>')),
              c3_inner, 'p1_c3<<<g5, b6, 0, cudaStreamFireAndForget>>>'),
    # p1_r4 launched at depth 0: it launches nothing.
    'F': edit(cont, r4_outer, r4_outer.replace('4u,', '0u,')),
    # Every host launch of program 1 into the legacy stream.
    'G': edit(edit(cont, 'p1_parent1<<<dim3(7, 3), dim3(16, 2), 0, hs>>>',
                   'p1_parent1<<<dim3(7, 3), dim3(16, 2), 0, 0>>>', 2),
              'p1_parent6<<<3, 128, 0, hs>>>', 'p1_parent6<<<3, 128, 0, 0>>>'),
    # The suspending lane busy for about 1 ms, then it leaves for good
    # (no state, no next phase).
    'H': cont[:start] + '{ for (int k = 0; k < 1000; ++k) __nanosleep(1000); '
         '__dpopt_c_leave_p1_parent1(blockIdx, gridDim); return; __dpopt_c_resume_2:; }' + cont[stop:],
    # The suspending lane leaves at once (nothing else changed).
    'I': cont[:start] + '{ __dpopt_c_leave_p1_parent1(blockIdx, gridDim); return; '
         '__dpopt_c_resume_2:; }' + cont[stop:],
    # The program's pending-launch limit 2,048 instead of 65,536.
    'J': edit(cont, 'cudaLimitDevRuntimePendingLaunchCount, 65536)',
              'cudaLimitDevRuntimePendingLaunchCount, 2048)'),
    # The suspension, but the lane frees its state and leaves with no next
    # phase (state taken from the pool and given back).
    'K': edit(cont, tail, 'dpopt::rt::poolGive(__dpopt_c_block_2);'),
}
for name, text in variants.items():
    open(f'y-{name}.cu', 'w').write(text)
print('wrote', ' '.join(f'y-{n}' for n in variants))
