"""A cold scan's timeline, process by process (issue 14's fifteenth round, docs/performance.md).

    python benchmarks/timeline/run.py WORKTREE OUT_FOLDER scan TREE --no-cache -q --exit-zero
    python benchmarks/timeline/analyse.py OUT_FOLDER

runs ``python -m neuron_migrate`` of WORKTREE through trace.py, which logs (wall time since
the launch, the process's CPU time) when each process starts, each file's analysis starts and
ends in each worker, the pool is made, each result arrives, the project step runs and the
report is written, one log per process in OUT_FOLDER; ``total`` holds the process tree's wall
and CPU time (wait4) and the CPU the rest of the machine used meanwhile (/proc/stat). The
hooks cost a few microseconds per event. analyse.py sums the idle core-seconds by cause.
"""
import os, sys, time, subprocess, json, resource
wt, out = sys.argv[1], sys.argv[2]
args = sys.argv[3:]  # the tree as an absolute path: the scan runs in OUT_FOLDER
os.makedirs(out, exist_ok=True)
for f in os.listdir(out):  # this tool's own files only
    if f.endswith(".log") or f == "total":
        os.remove(os.path.join(out, f))
env = dict(os.environ, PYTHONPATH="")
env.pop("PYTHONDONTWRITEBYTECODE", None)
def busy():
    v = list(map(int, open("/proc/stat").readline().split()[1:]))
    idle = v[3] + v[4]
    return (sum(v[:8]) - idle) / os.sysconf("SC_CLK_TCK")
b0 = busy()
t0 = time.time()
p = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trace.py"), wt, out, repr(t0), "--"] + args,
                     stdout=subprocess.DEVNULL, env=env, cwd=out)
_, status, ru = os.wait4(p.pid, 0)
t1 = time.time() - t0
b1 = busy()
open(os.path.join(out, "total"), "w").write(json.dumps({"wall": t1, "cpu": ru.ru_utime + ru.ru_stime, "user": ru.ru_utime, "sys": ru.ru_stime, "machine_busy": b1 - b0, "others": b1 - b0 - ru.ru_utime - ru.ru_stime}))
