"""Trace a scan: python trace.py WORKTREE LOGDIR T0 -- scan args...
Each process appends events "pid kind wall cpu extra" to LOGDIR/<pid>.log."""
import os, sys, time
wt, logdir, t0 = sys.argv[1], sys.argv[2], float(sys.argv[3])
sys.argv = ["neuron-migrate"] + sys.argv[5:]
sys.path.insert(0, wt)
_fh = {}
def ev(kind, extra=""):
    pid = os.getpid()
    f = _fh.get(pid)
    if f is None:
        f = _fh[pid] = open(os.path.join(logdir, f"{pid}.log"), "a", buffering=1)
    f.write(f"{pid} {kind} {time.time()-t0:.6f} {time.process_time():.6f} {extra}\n")
ev("main_entry")
from neuron_migrate import dataclass_code; dataclass_code.install()
from neuron_migrate import runner
ev("runner_imported")
_an = runner._analyse
def _analyse(cand, *a):
    ev("file_start", cand.rel)
    r = _an(cand, *a)
    ev("file_end", cand.rel)
    return r
_analyse.__module__ = "neuron_migrate.runner"; _analyse.__qualname__ = "_analyse"
runner._analyse = _analyse
_ch = runner._chunk
def _chunk(task, items, args):
    ev("chunk_start", str(len(items)))
    r = _ch(task, items, args)
    ev("chunk_end")
    return r
_chunk.__module__ = "neuron_migrate.runner"; _chunk.__qualname__ = "_chunk"
runner._chunk = _chunk
_iw = runner._init_worker
def _init_worker(parent):
    ev("worker_init")
    _iw(parent)
    ev("worker_ready")
runner._init_worker = _init_worker
_ip = runner.in_pool
def in_pool(task, items, *a, **k):
    ev("in_pool_start", str(len(items)))
    n = 0
    for x in _ip(task, items, *a, **k):
        n += 1
        ev("result", str(n))
        yield x
    ev("in_pool_end", str(n))
runner.in_pool = in_pool
for name in ("_cuda_only", "_follow_project", "candidates", "_analyse_project"):
    f0 = getattr(runner, name)
    def w(*a, _f=f0, _n=name, **k):
        ev(_n + "_start")
        r = _f(*a, **k)
        ev(_n + "_end")
        return r
    setattr(runner, name, w)
import neuron_migrate.commands.scan as sc
_r = sc.render
def render(*a, **k):
    ev("render_start"); r = _r(*a, **k); ev("render_end"); return r
sc.render = render
import concurrent.futures as cf
_PPE = cf.ProcessPoolExecutor
class PPE(_PPE):
    def __init__(self, *a, **k):
        ev("pool_init_start"); super().__init__(*a, **k); ev("pool_init_end"); self._n = 0
    def submit(self, *a, **k):
        if self._n == 0: ev("first_submit_start")
        r = super().submit(*a, **k)
        if self._n == 0: ev("first_submit_end")
        self._n += 1
        return r
cf.ProcessPoolExecutor = PPE
_sz = runner._size
_szn = [0]
def _size(c):
    if _szn[0] == 0: ev("size_first")
    _szn[0] += 1
    return _sz(c)
runner._size = _size
import atexit
atexit.register(lambda: ev("atexit"))
from neuron_migrate.cli import main
ev("cli_imported")
rc = main()
ev("main_return")
sys.exit(rc)
