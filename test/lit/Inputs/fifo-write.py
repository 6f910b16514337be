# Runs dpopt with -o onto a FIFO while reading the FIFO, then says whether the
# FIFO is still one and what came through it.
import os, stat, subprocess, sys, threading
dpopt, source, fifo = sys.argv[1:4]
os.mkfifo(fifo)
got = []
reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
reader.start()
subprocess.run([dpopt, source, "-o", fifo], check=True)
reader.join(timeout=60)
data = got[0] if got else b""
print("still a fifo: %s; read %d bytes starting '%s'" % (
    stat.S_ISFIFO(os.stat(fifo).st_mode), len(data),
    data.split(b"\n")[0].split(b" //")[0].decode()))
