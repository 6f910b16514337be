#!/usr/bin/env python3
# Debug a hung tester program: build with -lineinfo, run it, and when it hangs
# print, for each group of device threads at one PC, the inline backtrace and
# the SASS around the PC. Usage: gdbwhere.py OUTFILE RUNTIME FILE.cu PROGRAM [nvcc flags...]
import re, subprocess, sys, time, os
out, rt, src, prog = sys.argv[1:5]
flags = sys.argv[5:]
exe = '/tmp/gw.bin'
log = open(out, 'a')
log.write('===== %s program %s %s\n' % (src, prog, ' '.join(flags)))
b = subprocess.run(['nvcc', '-rdc=true', '-arch=sm_90', '-lineinfo', '-I', rt] + flags + [src, '-o', exe, '-lcudadevrt'], capture_output=True, text=True)
if b.returncode:
    log.write('build failed\n' + b.stderr[-2000:]); sys.exit(0)
for attempt in range(3):
    p = subprocess.Popen([exe, prog], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    time.sleep(6)
    if p.poll() is None:
        break
    log.write('did not hang (try %d): %s\n' % (attempt + 1, p.stdout.read().decode()[:300]))
else:
    sys.exit(0)
def gdb(cmds):
    args = ['timeout', '120', 'cuda-gdb', '-batch', '-p', str(p.pid)]
    for c in cmds:
        args += ['-ex', c]
    r = subprocess.run(args, capture_output=True, text=True)
    return '\n'.join(l for l in (r.stdout + r.stderr).splitlines()
                     if not re.match(r'^(\[New |\[Thread |\[Detaching|\[Inferior|warning: |.*libthread_db|Using host)', l))
t = gdb(['info cuda kernels', 'info cuda threads'])
log.write(t + '\n')
kernel = None
cmds = []
for line in t.splitlines():
    m = re.match(r'^Kernel (\d+)', line.strip())
    if m:
        kernel = m.group(1); continue
    m = re.match(r'^\*?\s*\((\d+),(\d+),(\d+)\)\s+\((\d+),(\d+),(\d+)\)\s+\(\d+,\d+,\d+\)\s+\(\d+,\d+,\d+\)\s+(\d+)\s+(0x[0-9a-f]+)', line.strip())
    if m and kernel is not None and len(cmds) < 60:
        bx, by, bz, tx, ty, tz, n, pc = m.groups()
        cmds += ['echo ----- kernel %s block (%s,%s,%s) thread (%s,%s,%s) x%s pc %s\\n' % (kernel, bx, by, bz, tx, ty, tz, n, pc),
                 'cuda kernel %s block (%s,%s,%s) thread (%s,%s,%s)' % (kernel, bx, by, bz, tx, ty, tz),
                 'bt', 'x/14i $pc-0x70']
if cmds:
    log.write(gdb(cmds) + '\n')
p.kill()
