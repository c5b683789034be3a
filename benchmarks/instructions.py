#!/usr/bin/env python3
"""Instructions of the analysis, counted by callgrind: steady where timed runs are not.

Runs itself three times under ``valgrind --tool=callgrind``, on every ``--step``-th .py file
of the trees (read first, the tables warmed by analysing one file):

  none     start-up, reading, one file analysed (subtracted from the two others)
  parse    ``ast.parse`` of each file
  analyse  ``engine.analyse`` of each file (the parse included), as a pool worker runs it

and prints the parse's instructions, the analysis's, the checks' own (analysis − parse) and
the ratio. A run takes about two minutes per 200 files.

    python benchmarks/instructions.py --step 12 $NEURON_MIGRATE_EXT/timm $NEURON_MIGRATE_EXT/diffusers
"""

from __future__ import annotations

import argparse
import gc
import re
import subprocess
import sys
import warnings
from pathlib import Path

MODES = ("none", "parse", "analyse")


def files_of(trees: list[str], step: int) -> list[tuple[str, bytes]]:
    out = []
    for tree in trees:
        root = Path(tree)
        out += [(str(p.relative_to(root)), p.read_bytes()) for p in sorted(root.rglob("*.py"))]
    return out[::step]


def run(mode: str, trees: list[str], step: int) -> None:
    import ast

    from neuron_migrate import engine
    from neuron_migrate.models import Options

    files = files_of(trees, step)
    gc.disable()  # as in the pool's workers (runner._collected)
    warnings.simplefilter("ignore")
    options = Options()
    engine.analyse(*files[0], options)  # tables and lazy state loaded in every mode
    for rel, data in files:
        if mode == "parse":
            try:
                ast.parse(data.decode("utf-8", "replace"))
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                pass
        elif mode == "analyse":
            engine.analyse(rel, data, options)
        gc.collect(0)


def count(mode: str, trees: list[str], step: int) -> int:
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
           __file__, "--mode", mode, "--step", str(step), *trees]
    err = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
    found = re.search(r"Collected : (\d+)", err)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{err[-2000:]}")
    return int(found.group(1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+")
    ap.add_argument("--step", type=int, default=12, help="every STEP-th file (sorted by path)")
    ap.add_argument("--mode", choices=MODES, help=argparse.SUPPRESS)  # the run under valgrind
    args = ap.parse_args()
    if args.mode:
        run(args.mode, args.trees, args.step)
        return 0
    n = {m: count(m, args.trees, args.step) for m in MODES}
    parse, analysis = n["parse"] - n["none"], n["analyse"] - n["none"]
    print(f"{len(files_of(args.trees, args.step))} files (every {args.step}th of {', '.join(args.trees)})")
    print(f"  parse      {parse / 1e6:>9,.0f} M instructions")
    print(f"  analysis   {analysis / 1e6:>9,.0f} M  ({analysis / parse:.2f}x the parse)")
    print(f"  checks     {(analysis - parse) / 1e6:>9,.0f} M  (analysis - parse)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
