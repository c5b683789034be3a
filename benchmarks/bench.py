#!/usr/bin/env python3
"""Speed and memory of `neuron-migrate` against TorchFix and the `ast.parse` floor.

For each tree (default: timm and diffusers under $NEURON_MIGRATE_EXT) it copies the tree to a
temporary folder (so no cache is left in the original), then times, in this order:

  floor   read + ``ast.parse`` of the .py files the scan analyses, one process (the floor)
  cold    ``neuron-migrate scan TREE --no-cache -q`` (floor and cold run in turns; diffusers
          with ``--no-follow``, as issue 14's acceptance measures it, against 1.6)
  fill    ``neuron-migrate scan TREE -q`` (fills .neuron-migrate-cache/, not a target)
  warm    ``neuron-migrate scan TREE -q`` again
  fix     ``neuron-migrate fix COPY --apply -q`` on a fresh copy of the tree
  torchfix  ``torchfix --select ALL -j 2 TREE`` (from a separate venv)

plus the CLI start, ``neuron-migrate --version``, and the warm scan of timm in seconds (the
command line's own start-up is most of it). Every timed command runs with its output
sent to /dev/null; its peak memory is sampled from /proc as the sum of the resident sets of
the process and all its descendants (the pool's workers included), and its CPU time comes
from wait4(). Times are the best of ``--repeat`` runs (the machine is shared: the best run
is the one least disturbed by others). The printed ratios are checked against the issue's
targets; the exit code is 1 when one is missed.

Python byte-code is written to a private PYTHONPYCACHEPREFIX and warmed up first, as a
normal installation would have it (this environment sets PYTHONDONTWRITEBYTECODE, which
would make every run compile the package from source).

    python benchmarks/bench.py                       # both trees, TorchFix included
    python benchmarks/bench.py --skip-torchfix path/to/timm
    python benchmarks/bench.py --frozen --json out.json
    python benchmarks/bench.py --skip-torchfix --repeat 8 --against ../main-checkout

``--against CHECKOUT`` runs that checkout's package (its ``neuron_migrate`` and ``rules``) in the
same turns, after or before this one's cold scan in alternation, and prints its ratio beside
this one's with the median of the paired differences: a change of a few percent is below what
two separate runs resolve on a shared machine (the same commit read 1.846 and 1.921 one hour
apart), while the pairs see the same moods.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Checkouts of the public repositories, and TorchFix in a venv of its own: named by the
# environment, never by this machine's paths.
_EXT = os.environ.get("NEURON_MIGRATE_EXT")
DEFAULT_TREES = [f"{_EXT}/timm", f"{_EXT}/diffusers"] if _EXT else []
TORCHFIX = os.environ.get("TORCHFIX") or shutil.which("torchfix") or "torchfix"

# trees the acceptance measures with following into installed libraries off (issue 14)
NO_FOLLOW = frozenset({"diffusers"})

# name: (measure, target); each check is "value <= target"
TARGETS = {
    "torchfix / cold (timm)": ">= 20",
    "cold / floor": "<= 1.5",
    "cold / floor (diffusers)": "<= 1.6",  # issue 14's acceptance, measured with --follow off
    "warm / cold": "<= 0.10",
    "peak memory MB (diffusers)": "<= 400",
    "fix / cold": "<= 2",
    "--version s": "<= 0.25",  # answered before typer is imported (docs/cli.md)
    "warm s (timm)": "<= 0.35",  # typer's parsing without pydantic, no rich for output sent to a file
}


@dataclass
class Run:
    wall: float  # seconds
    cpu: float  # user + system seconds of the process and its waited-for children
    peak_mb: float  # sampled peak of the summed RSS of the process tree
    max_rss_mb: float  # largest single process (wait4's ru_maxrss)
    rc: int


@dataclass
class TreeResult:
    tree: str
    files: int
    lines: int
    runs: dict[str, Run] = field(default_factory=dict)
    pairs: list[float] = field(default_factory=list)  # cold / floor of each turn
    against: list[float] = field(default_factory=list)  # the --against checkout's, same turns


# -- running and measuring one command ---------------------------------------------------------

def _descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (through /proc/PID/task/TID/children)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as fh:
                    todo.extend(int(c) for c in fh.read().split())
        except OSError:
            pass
    return out


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", "rb") as fh:
            for line in fh:
                if line.startswith(b"VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def measure(cmd: list[str], env: dict[str, str], cwd: str | None = None) -> Run:
    """Run ``cmd`` to completion; wall and CPU time, peak memory of its process tree."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=cwd)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, sum(_rss_kb(p) for p in _descendants(proc.pid)))
            done.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stderr = proc.stderr.read()  # type: ignore[union-attr]
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        sys.stderr.write(f"warning: {' '.join(cmd)} exited {proc.returncode}:\n{stderr.decode()[-2000:]}\n")
    return Run(wall=wall, cpu=usage.ru_utime + usage.ru_stime, peak_mb=peak / 1024,
               max_rss_mb=usage.ru_maxrss / 1024, rc=proc.returncode)


def best(runs: list[Run]) -> Run:
    b = min(runs, key=lambda r: r.wall)
    return Run(b.wall, min(r.cpu for r in runs), max(r.peak_mb for r in runs),
               max(r.max_rss_mb for r in runs), b.rc)


# -- the floor ---------------------------------------------------------------------------------

FLOOR = r"""
import ast, sys, time, warnings
from pathlib import Path
from neuron_migrate.discover import Candidate, discover, scan_base
root = Path(sys.argv[1])
files = [c.path for c in discover([root], scan_base([root])) if isinstance(c, Candidate) and c.kind == "python"]
warnings.simplefilter("ignore")
lines = 0
start, cpu = time.perf_counter(), time.process_time()
for f in files:
    data = f.read_bytes()
    try:
        ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        pass
    lines += data.count(b"\n")
print(time.perf_counter() - start, time.process_time() - cpu, len(files), lines)
"""


def floor(tree: Path, env: dict[str, str]) -> tuple[Run, int, int]:
    """The parse loop's own wall and CPU time (interpreter start and imports excluded)."""
    out = subprocess.run([sys.executable, "-c", FLOOR, str(tree)], env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    return Run(float(out[0]), float(out[1]), 0.0, 0.0, 0), int(out[2]), int(out[3])


# -- the benchmark -----------------------------------------------------------------------------

def copy_tree(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, symlinks=True, ignore=shutil.ignore_patterns(".git", ".neuron-migrate-cache"))
    return dst


def bench_tree(tree: Path, tool: list[str], env: dict[str, str], work: Path, repeat: int,
               torchfix: bool, other_env: dict[str, str] | None = None) -> TreeResult:
    name = tree.name
    copy = copy_tree(tree, work / name)
    scan = [*tool, "scan", str(copy), "-q", *(["--no-follow"] if name in NO_FOLLOW else [])]
    floors, colds, others = [], [], []
    for i in range(repeat):  # in turns, so that both see the machine in the same moods
        run, files, lines = floor(copy, env)
        floors.append(run)
        order = [(colds, env), (others, other_env)] if other_env is not None else [(colds, env)]
        for runs, e in order[::-1] if i % 2 else order:
            runs.append(measure([*scan, "--no-cache"], e))
    res = TreeResult(str(tree), files, lines)
    res.runs["floor"], res.runs["cold"] = best(floors), best(colds)
    res.pairs = [c.wall / f.wall for f, c in zip(floors, colds)]
    if others:
        res.runs["against"] = best(others)
        res.against = [c.wall / f.wall for f, c in zip(floors, others)]
    warm = []
    for _ in range(repeat):
        shutil.rmtree(copy / ".neuron-migrate-cache", ignore_errors=True)
        res.runs["fill"] = measure(scan, env)
        warm.append(measure(scan, env))
    res.runs["warm"] = best(warm)
    fixes = []
    for i in range(repeat):
        target = copy_tree(tree, work / f"{name}-fix{i}")
        fixes.append(measure([*tool, "fix", str(target), "--apply", "-q"], env))
        shutil.rmtree(target, ignore_errors=True)
    res.runs["fix"] = best(fixes)
    if torchfix:
        res.runs["torchfix"] = measure([TORCHFIX, "--select", "ALL", "-j", "2", str(copy)], env)
    shutil.rmtree(copy, ignore_errors=True)
    return res


def version_start(tool_script: list[str], env: dict[str, str], repeat: int) -> Run:
    return best([measure([*tool_script, "--version"], env) for _ in range(max(repeat, 5))])


def tool_command(frozen: Path | None) -> tuple[list[str], list[str]]:
    """(command for scan/fix, command for --version): the venv's console script when present."""
    if frozen is not None:
        cmd = [sys.executable, "-m", "neuron_migrate"]
        return cmd, cmd
    script = Path(sys.executable).parent / "neuron-migrate"
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "neuron_migrate"]
    return cmd, cmd


def freeze(work: Path, root: Path = ROOT) -> Path:
    """A copy of the package (rules inside it), so edits made during the run change nothing."""
    dst = work / "frozen"
    shutil.copytree(root / "neuron_migrate", dst / "neuron_migrate",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(root / "rules", dst / "neuron_migrate" / "rules")
    return dst


def ratios(results: list[TreeResult], version: Run) -> list[tuple[str, str, float, bool]]:
    rows = []

    def check(name: str, target: str, value: float) -> None:
        op, bound = target.split()
        ok = value >= float(bound) if op == ">=" else value <= float(bound)
        rows.append((name, target, value, ok))

    for r in results:
        tag = Path(r.tree).name
        cold, runs = r.runs["cold"].wall, r.runs
        if "torchfix" in runs and tag == "timm":
            check("torchfix / cold (timm)", TARGETS["torchfix / cold (timm)"], runs["torchfix"].wall / cold)
        elif "torchfix" in runs:
            rows.append((f"torchfix / cold ({tag})", "", runs["torchfix"].wall / cold, True))
        check(f"cold / floor ({tag})", TARGETS.get(f"cold / floor ({tag})", TARGETS["cold / floor"]),
              cold / runs["floor"].wall)
        rows.append((f"cold cpu / floor cpu ({tag})", "", runs["cold"].cpu / runs["floor"].cpu, True))
        for i, pair in enumerate(r.pairs, 1):
            rows.append((f"  turn {i}: cold / floor", "", pair, True))
        if r.against:
            rows.append((f"  --against: cold / floor", "", runs["against"].wall / runs["floor"].wall, True))
            diffs = sorted(a - b for a, b in zip(r.pairs, r.against))
            rows.append(("  median paired difference", "", diffs[len(diffs) // 2], True))
        check(f"warm / cold ({tag})", TARGETS["warm / cold"], runs["warm"].wall / cold)
        if tag == "timm":
            check("warm s (timm)", TARGETS["warm s (timm)"], runs["warm"].wall)
        check(f"fix / cold ({tag})", TARGETS["fix / cold"], runs["fix"].wall / cold)
        peak = max(runs[k].peak_mb for k in ("cold", "warm", "fix"))
        if tag == "diffusers":
            check("peak memory MB (diffusers)", TARGETS["peak memory MB (diffusers)"], peak)
        else:
            rows.append((f"peak memory MB ({tag})", "", peak, True))
    check("--version s", TARGETS["--version s"], version.wall)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="*", default=DEFAULT_TREES)
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best is kept")
    ap.add_argument("--skip-torchfix", action="store_true")
    ap.add_argument("--frozen", action="store_true",
                    help="run a copy of the package (for a shared tree that others are editing)")
    ap.add_argument("--json", type=Path, help="also write the measurements here")
    ap.add_argument("--against", type=Path, metavar="CHECKOUT",
                    help="also time that checkout's package, paired turn by turn with this one's cold scans")
    args = ap.parse_args()
    if not args.trees:
        ap.error("name the trees, or set NEURON_MIGRATE_EXT to a folder holding timm/ and diffusers/")

    with tempfile.TemporaryDirectory(prefix="nm-bench-") as tmp:
        work = Path(tmp)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
        frozen = freeze(work) if args.frozen else None
        other_env = None
        if args.against is not None:  # both as ``python -m``, each from its own copy or checkout
            frozen = frozen or ROOT
            other_env = {**env, "PYTHONPATH": str(freeze(work / "against", args.against.resolve())
                                                  if args.frozen else args.against.resolve())}
        if frozen is not None:
            env["PYTHONPATH"] = str(frozen)
        tool, script = tool_command(frozen)
        warmup = work / "warmup"
        warmup.mkdir()
        (warmup / "w.py").write_text("import torch\nx = torch.zeros(1).cuda()\n")
        for e in (env, other_env) if other_env is not None else (env,):
            for cmd in ([*tool, "scan", str(warmup), "-q", "--no-cache"], [*tool, "fix", str(warmup), "-q"]):
                subprocess.run(cmd, env=e, capture_output=True)  # byte-compile every module once
        version = version_start(script, env, args.repeat)
        results = []
        torchfix = not args.skip_torchfix and shutil.which(TORCHFIX) is not None
        if not args.skip_torchfix and not torchfix:
            print(f"TorchFix not found ({TORCHFIX}; set TORCHFIX): its runs are skipped", file=sys.stderr)
        for tree in args.trees:
            print(f"benchmarking {tree} ...", file=sys.stderr, flush=True)
            results.append(bench_tree(Path(tree), tool, env, work, args.repeat, torchfix, other_env))

    print(f"neuron-migrate: {' '.join(tool)}   repeat={args.repeat}   cpus={os.cpu_count()}   "
          f"load average before the end: {os.getloadavg()[0]:.2f}")
    print(f"CLI start (--version): {version.wall:.3f} s\n")
    for r in results:
        print(f"{r.tree}: {r.files} Python files, {r.lines} lines")
        print(f"  {'run':<9}{'wall s':>9}{'cpu s':>9}{'peak MB':>9}{'max proc MB':>12}")
        for k in ("floor", "cold", "against", "warm", "fix", "torchfix"):
            if k in r.runs:
                x = r.runs[k]
                mem = f"{x.peak_mb:>9.0f}{x.max_rss_mb:>12.0f}" if k != "floor" else f"{'':>9}{'':>12}"
                print(f"  {k:<9}{x.wall:>9.2f}{x.cpu:>9.2f}{mem}")
        print()
    rows = ratios(results, version)
    print(f"  {'ratio':<30}{'value':>9}  target")
    for name, target, value, ok in rows:
        mark = "" if not target else ("ok" if ok else "MISSED")
        print(f"  {name:<30}{value:>9.3f}  {target:<8} {mark}")
    if args.json:
        args.json.write_text(json.dumps({
            "version_start": asdict(version), "trees": [asdict(r) for r in results],
            "ratios": [{"name": n, "target": t, "value": v, "ok": ok} for n, t, v, ok in rows],
        }, indent=2) + "\n")
    return 0 if all(ok for *_, ok in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
