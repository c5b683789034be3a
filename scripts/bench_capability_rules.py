#!/usr/bin/env python3
"""CPU cost of the NM2xx/NM5xx/NM6xx checks: scan a tree in one process with and without them.

    python scripts/bench_capability_rules.py $NEURON_MIGRATE_EXT/timm          # both, best of 3 each

"Without" removes the handlers and finalizers of checks/operators.py, kernels.py and
manifests.py, their prefilter words, and the manifest and CUDA file kinds, so the
rest of the scan is the same. CPU time (not wall time) is reported because the machines this
runs on are shared; the spread between runs is printed so it can be compared with the difference.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

MINE = ("neuron_migrate.checks.operators", "neuron_migrate.checks.kernels", "neuron_migrate.checks.manifests")


def measure(root: Path, without: bool, repeat: int) -> list[tuple[float, int, int]]:
    from neuron_migrate import checks, discover, engine  # noqa: F401  (engine registers every check)
    from neuron_migrate.models import Options
    from neuron_migrate.runner import scan

    if without:
        for t, handlers in list(checks.HANDLERS.items()):
            checks.HANDLERS[t] = [h for h in handlers if h.__module__ not in MINE]
        checks.FINALIZERS[:] = [f for f in checks.FINALIZERS if f.__module__ not in MINE]
        for name in MINE:  # their prefilter words no longer make a file worth parsing
            checks.MODULE_MARKERS.pop(name, None)
        original = discover.file_kind
        discover.file_kind = lambda name: k if (k := original(name)) in ("python", "notebook") else None
    out = []
    for _ in range(repeat):
        start = time.process_time()
        result, _ = scan([root], Options(fail_on=None), jobs=1)
        out.append((time.process_time() - start, len(result.files), sum(len(r.findings) for r in result.files)))
    return out


def main() -> int:
    import subprocess

    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(".")
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    if len(sys.argv) > 3:  # child: one mode per process, so "without" starts clean
        runs = measure(root, sys.argv[3] == "without", repeat)
        cpu = sorted(r[0] for r in runs)
        print(f"{sys.argv[3]:8} CPU {cpu[0]:.2f}-{cpu[-1]:.2f} s over {repeat} runs, "
              f"{runs[0][1]} files, {runs[0][2]} findings")
        return 0
    for mode in ("without", "with"):
        subprocess.run([sys.executable, __file__, str(root), str(repeat), mode], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
