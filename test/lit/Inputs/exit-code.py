# exit-code.py STDOUT-FILE CMD...: runs CMD with its stdout on STDOUT-FILE and
# prints its exit status, then its stderr (lit's shell has no '$?').
import subprocess, sys
with open(sys.argv[1], "w") as out:
    r = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.PIPE)
print("exit", r.returncode)
sys.stdout.write(r.stderr.decode(errors="replace"))
