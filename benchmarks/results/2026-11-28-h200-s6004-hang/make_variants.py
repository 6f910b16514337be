#!/usr/bin/env python3
"""Writes the hand-edited variants of the seed 6004 hang investigation.

Run in WORK/s6004 after prepare.py and dpopt have written waits.cu,
default-waits.cu and v-cont.cu (see README.md). Each variant is dpopt's
output with one edit, so that the GPU runs tell which part matters.
"""
import re

cont = open('v-cont.cu').read()
default = open('default-waits.cu').read()


def edit(text, old, new):
    assert text.count(old) == 1, old[:60]
    return text.replace(old, new)


# x-A: v-cont.cu with a trace: host prints after each sync, device prints
# when a block launches its next phase, when a thread resumes, and at the
# end of a resumed thread's body (p1 only).
lines, inbody = [], False
for l in cont.split('\n'):
    lines.append(l)
    if l.startswith('static void p1_body'):
        inbody = True
    if inbody and ('DT_CK(1, cudaDeviceSynchronize())' in l or
                   'DT_CK(1, cudaStreamSynchronize(hs))' in l):
        lines.append('  fprintf(stderr, "HOST sync done line %d\\n", __LINE__);')
    if inbody and l.startswith('}'):
        inbody = False
a = '\n'.join(lines)
launch = ('  __dpopt_c_cont_p1_parent1<<<1, dpopt::rt::contCompactThreads(__dpopt_c_block_2), '
          '__dpopt_c_block_2->DynamicBytes, cudaStreamTailLaunch>>>(__dpopt_c_block_2);')
a = edit(a, launch, '  printf("LEAVE blk %u,%u phases %llu warps %x thr %u\\n", blockIdx.x, '
         'blockIdx.y, __dpopt_c_block_2->Phases, __dpopt_c_block_2->Warps, '
         'dpopt::rt::contCompactThreads(__dpopt_c_block_2));\n' + launch)
frame = ('  __dpopt_c_frame_p1_parent1 *__dpopt_c_frame_2 = dpopt::rt::contFrame'
         '<__dpopt_c_frame_p1_parent1>(__dpopt_c_block_2, __dpopt_c_rank_2);')
a = edit(a, frame, frame + '\n  printf("RESUME blk %u,%u rank %u point %u\\n", '
         '__dpopt_c_block_2->Idx.x, __dpopt_c_block_2->Idx.y, __dpopt_c_rank_2, __dpopt_c_point_2);')
end = '#line 542 "v-cont.cu"\n  __dpopt_c_leave_p1_parent1(blockIdx, gridDim);'
a = edit(a, end, '#line 542 "v-cont.cu"\n  if (__dpopt_c_point_2) printf("END blk %u,%u\\n", '
         'blockIdx.x, blockIdx.y);\n  __dpopt_c_leave_p1_parent1(blockIdx, gridDim);')
open('x-A.cu', 'w').write(a)

# x-B..x-E: x-A without one launch of p1_parent1 each.
drop = {
    'B': '      p1_r4<<<(n7 + 127u) / 128u, 128, 0, cudaStreamFireAndForget>>>(accA, errs, accX, in, n7, 4u, __dpopt_c_key_2 + 52318u);',
    'C': '      p1_c2<<<dim3((__dpopt_c_n1_2 + 511u) / 512u), dim3(8, 8, 8), 512 * sizeof(unsigned), cudaStreamFireAndForget>>>(accA, __dpopt_c_n1_2, __dpopt_c_key_2 + 6132u);',
    'D': '      p1_c5<<<((int)n9 - 1) / 128 + 1, 128, 0, 0>>>(in, accN, n9, __dpopt_c_key_2 + 45873u);',
    'E': '      p1_c2<<<nb3, bs4, 1024, cudaStreamFireAndForget>>>(accA, n2, __dpopt_c_key_2 + 6132u * 5u);',
}
for name, line in drop.items():
    open(f'x-{name}.cu', 'w').write(edit(a, line, ''))

suspend_p1 = '__dpopt_c_leave_p1_parent1(blockIdx, gridDim); return; __dpopt_c_resume_2:; }'
# x-F: the suspending thread jumps to the body's end instead of returning.
f = edit(a, suspend_p1, 'goto __dpopt_c_end_2; __dpopt_c_resume_2:; }')
f = edit(f, 'blockIdx.x, blockIdx.y);\n  __dpopt_c_leave_p1_parent1(blockIdx, gridDim);',
         'blockIdx.x, blockIdx.y);\n__dpopt_c_end_2:;\n  __dpopt_c_leave_p1_parent1(blockIdx, gridDim);')
open('x-F.cu', 'w').write(f)
# x-G: the leave function not inlined.
open('x-G.cu', 'w').write(edit(
    a, 'static __device__ void __dpopt_c_leave_p1_parent1(uint3 blockIdx, dim3 gridDim) {',
    'static __device__ __noinline__ void __dpopt_c_leave_p1_parent1(uint3 blockIdx, dim3 gridDim) {'))

# x-H, x-J: every suspension of v-cont.cu / default-waits.cu leaves with PTX exit.
suspend = re.compile(r'(__dpopt_c_leave_\w+\(blockIdx, gridDim\); )return; (__dpopt_c_resume_\w+:; \})')
exit_ = lambda m: m.group(1) + 'asm volatile("exit;"); __builtin_unreachable(); ' + m.group(2)
open('x-H.cu', 'w').write(suspend.sub(exit_, cont))
open('x-J.cu', 'w').write(suspend.sub(exit_, default))
# x-I: x-F's jump on v-cont.cu without the trace.
i = edit(cont, suspend_p1, 'goto __dpopt_c_end_2; __dpopt_c_resume_2:; }')
i = edit(i, end, '#line 542 "v-cont.cu"\n__dpopt_c_end_2:;\n  __dpopt_c_leave_p1_parent1(blockIdx, gridDim);')
open('x-I.cu', 'w').write(i)

# x-K: the code after p1_parent1's wait guarded by a flag: the suspending
# thread saves its frame, skips the rest and leaves at the body's end.
k = edit(cont, '  cudaError_t __dpopt_c_error_2 = cudaSuccess;\n  if (__dpopt_c_point_2 != 0) {\n'
         '    dpopt::rt::contCopy(__dpopt_c_tid_2',
         '  cudaError_t __dpopt_c_error_2 = cudaSuccess;\n  bool __dpopt_c_susp = false;\n'
         '  if (__dpopt_c_point_2 != 0) {\n    dpopt::rt::contCopy(__dpopt_c_tid_2')
k = edit(k, suspend_p1, '__dpopt_c_susp = true; } __dpopt_c_resume_2:; if (!__dpopt_c_susp) {')
k = edit(k, drop['E'] + '\n#line 401 "waits.cu"\n    }\n#line 525 "v-cont.cu"\n    if (__dpopt_c_pid_2 < 3u) {',
         drop['E'] + '\n    } }\n    if (!__dpopt_c_susp) {\n    if (__dpopt_c_pid_2 < 3u) {')
k = edit(k, '#line 412 "waits.cu"\n    }\n  }\n}\n#line 542 "v-cont.cu"',
         '#line 412 "waits.cu"\n    }\n    }\n  }\n}\n#line 542 "v-cont.cu"')
open('x-K.cu', 'w').write(k)
print('wrote x-A .. x-K')
