"""Which models' first call differs from a later one (eager only: no Dynamo, no scoring).

``calibrate.py`` measures a fresh model's first call, as a user meets it (``measure_first_call``).
A stored measurement taken another way (before 2026-12-03 the lines came from the first call and
Dynamo ran the third) is only right for a model whose first call executes the same lines and makes
the same number of ATen calls as a later call of the same build. This script checks that: each
model runs in a child process of its own, is built once after ``torch.manual_seed(0)`` and called
twice eagerly; the lines executed in its source files (sys.settrace) and the ATen calls of the two
calls are compared. Code that runs only once shows here: torchvision's poolers set up their scales,
a causal mask or a position table is cached on the first call.

    NEURON_MIGRATE_EXT=<folder> python benchmarks/calibration/firstcall.py --set calibration_4
    NEURON_MIGRATE_EXT=<folder> python benchmarks/calibration/firstcall.py --only tv.fasterrcnn_resnet50_fpn

One line per model that differs (or fails), then ``N checked, M differ``; ``--json FILE`` writes
every result. The torchvision models need torchvision's torch (the venv their measurement used).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE)]

import models  # noqa: E402


def two_calls(call, want=lambda f: True) -> dict:
    """Call ``call.fn`` twice eagerly: the lines each call executed in files ``want`` accepts that
    the other did not, and the ATen calls of each."""
    from neuron_migrate.runtime.dynamo import _CountAten, executed_lines
    from neuron_migrate.runtime.worker import split_inputs

    args, kwargs = split_inputs(call.inputs)
    runs = []
    for _ in range(2):
        counter = _CountAten()
        with counter:
            lines = executed_lines(call.fn, args, kwargs, want=want, grad=call.grad)
        runs.append((lines, counter.calls))
    (first, ops1), (second, ops2) = runs
    lines = {}
    for f in sorted(first.keys() | second.keys()):
        only_first, only_second = first.get(f, set()) - second.get(f, set()), second.get(f, set()) - first.get(f, set())
        if only_first or only_second:
            lines[f] = [sorted(only_first), sorted(only_second)]
    return {"aten_calls": [ops1, ops2], "lines": lines}


def differs(result: dict) -> bool:
    return "error" in result or bool(result["lines"]) or result["aten_calls"][0] != result["aten_calls"][1]


def describe(result: dict) -> str:
    if "error" in result:
        return f"{result['model']}: error: {result['error']}"
    from calibrate import _relative

    a, b = result["aten_calls"]
    parts = [f"ATen calls {a} -> {b}"]
    for f, (only_first, only_second) in result["lines"].items():
        parts.append(f"{_relative(f)}: lines only on the first call {only_first[:8]}"
                     + (f", only on the second {only_second[:8]}" if only_second else ""))
    return f"{result['model']}: " + "; ".join(parts)


def check_in_process(name: str) -> dict:
    """The child's work: build the model once and compare two calls."""
    from neuron_migrate.runtime.worker import _user_file

    import torch

    roots = tuple({str(p.resolve()) for r in models.SOURCE_ROOTS for p in (r, *(r.iterdir() if r.is_dir() else ()))})
    want = lambda f: _user_file(f) and os.path.realpath(f).startswith(roots)  # noqa: E731
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # models print
            torch.manual_seed(0)
            result = two_calls(models.as_call(models.ALL[name]()), want)
    except Exception as exc:  # a model that does not build or run is reported, not fatal
        return {"model": name, "error": f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"}
    lines = {os.path.realpath(f): v for f, v in result["lines"].items()}
    return {"model": name, "aten_calls": result["aten_calls"], "lines": lines}


def check(name: str, timeout: int) -> dict:
    from calibrate import in_child

    return in_child(Path(__file__).resolve(), name, timeout)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from calibrate import SETS, child, portable

    if argv[:1] == ["--child"]:  # python firstcall.py --child NAME OUT.json
        return child(argv, check_in_process)

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=SETS, default=None)
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--timeout", type=int, default=600, help="seconds per model")
    ap.add_argument("--json", type=Path, default=None, help="write every result here (paths as in measurements.json)")
    args = ap.parse_args(argv)
    names = list(SETS[args.set]) if args.set else list(models.ALL)
    if args.only:
        names = [n for n in names if n in args.only]
    results = []
    for name in names:
        result = check(name, args.timeout)
        results.append(result)
        if differs(result):
            print(describe(result), flush=True)
    print(f"{len(results)} checked, {sum(map(differs, results))} differ or failed")
    if args.json:
        args.json.write_text(json.dumps([portable(r) for r in results], indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
