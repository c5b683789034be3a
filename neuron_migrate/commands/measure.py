"""``neuron-migrate measure MODULE:FACTORY``: what torch.compile really captures, on the CPU.

The model runs in a child process (``neuron_migrate.runtime.worker``, which imports torch)
with a time limit; this process compares the measurement with the static predictions of
the files the forward pass executed and marks each prediction confirmed or refuted.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Literal

import typer

from neuron_migrate.commands import UsageError, plural


def run_worker(spec: str, paths: list[Path], timeout: float) -> dict:
    """The worker's JSON; raises UsageError when it fails, times out or torch is missing."""
    with tempfile.TemporaryDirectory(prefix="neuron-migrate-") as tmp:
        out = os.path.join(tmp, "measure.json")
        cmd = [sys.executable, "-m", "neuron_migrate.runtime.worker", spec, out]
        for p in paths:
            cmd += ["--path", str(p.resolve())]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise UsageError(f"{spec} did not finish within {timeout:g} s (--timeout)") from None
        if not os.path.exists(out):
            tail = (proc.stderr or "").strip().splitlines()[-1:] or ["no output"]
            if "No module named 'torch'" in (proc.stderr or ""):
                raise UsageError("measure needs torch: pip install 'neuron-migrate[runtime]'")
            raise UsageError(f"measuring {spec} failed: {tail[0]}")
        with open(out, encoding="utf-8") as fh:
            data = json.load(fh)
    if "error" in data:
        raise UsageError(data["error"])
    return data


def library_key(path: str, folders: list[str]) -> str:
    """A file of an installed package a scan follows into (``site-packages:pkg/x.py``); any other
    file (the user's, torch's own) as it is."""
    from neuron_migrate.project.libraries import NEVER, PREFIX

    for folder in folders:
        if path.startswith(folder + os.sep):
            rel = path[len(folder) + 1:].replace(os.sep, "/")
            return path if rel.split("/")[0].removesuffix(".py") in NEVER else PREFIX + rel
    return path


def measured_report(data: dict, folders: list[str] | None = None) -> dict:
    """The measurement plus each static prediction, confirmed or refuted. Traced calls are followed
    into the installed packages (``folders``: this Python's by default, those outside which the
    worker takes a file for the user's) as a scan follows them, and a break measured inside one
    is compared at the user's call site, where the scan reports it."""
    from neuron_migrate.runtime.compare import compare
    from neuron_migrate.runtime.worker import installed_folders

    m = data["measurement"]
    executed = {f: set(lines) for f, lines in data["executed"].items()}
    folders = installed_folders() if folders is None else folders
    breaks = [(library_key(b["file"], folders), b["line"], b["reason"],
               [(library_key(f, folders), n) for f, n in b.get("stack", ())]) for b in m["breaks"]]
    cmp = compare(executed, breaks, libraries=folders)
    return {
        "measured": m,
        "static": {
            "estimated_coverage": None if cmp.estimated_coverage is None else round(cmp.estimated_coverage, 4),
            "expected_graphs": cmp.expected_graphs,
            "predictions": [{"file": p.file, "line": p.line, "code": p.code,
                             "status": "confirmed" if p.confirmed else "refuted"} for p in cmp.predictions],
            "missed": [{"file": f, "line": ln, "reason": r} for f, ln, r in cmp.missed],
        },
    }


def register(app: typer.Typer) -> None:
    app.command("measure", help=measure.__doc__)(measure)


def measure(
    factory: Annotated[str, typer.Argument(metavar="MODULE:FACTORY",
                                           help="FACTORY() returns (model, example_inputs).")],
    path: Annotated[list[Path], typer.Option(
        "--path", help="Folder to put on sys.path (repeatable; the current folder always is).")] = [],  # noqa: B006
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds before the run is stopped.")] = 600.0,
    format: Annotated[Literal["text", "json"], typer.Option("-f", "--format", "--output-format",
                                                            help="Output format.")] = "text",
) -> int:
    """Run torch._dynamo.explain on the CPU and check the static graph-break predictions."""
    if timeout <= 0:
        raise typer.BadParameter(f"{timeout:g} is not a positive number of seconds", param_hint="--timeout")
    module, colon, name = factory.partition(":")
    if not (colon and module and name):
        raise typer.BadParameter(f"{factory!r} is not MODULE:FACTORY (e.g. mymodels:make_resnet)",
                                  param_hint="MODULE:FACTORY")
    return measure_command(factory, path, timeout, format)


def measure_command(factory: str, paths: list[Path], timeout: float, format: str) -> int:
    report = measured_report(run_worker(factory, paths, timeout))
    if format == "json":
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return 0
    m, s = report["measured"], report["static"]
    cov = "n/a" if m["coverage"] is None else f"{m['coverage']:.0%}"
    est = "n/a" if s["estimated_coverage"] is None else f"{s['estimated_coverage']:.0%}"
    lines = [f"measured: {plural(m['graphs'], 'graph')}, {plural(m['graph_breaks'], 'graph break')}, "
             f"{plural(sum(m['ops_per_graph']), 'op')} in graphs, coverage {cov} of ATen op calls",
             f"static estimate: coverage {est}, {plural(s['expected_graphs'], 'graph')} expected", ""]
    if m["breaks"]:
        lines.append("measured breaks:")
        lines += [f"  {b['file']}:{b['line']}: {b['reason']}" + (
                  " (frame skipped)" if b["skip"] else " (rest of frame eager)" if b.get("rest") else "")
                  for b in m["breaks"]]
    if s["predictions"]:
        lines.append("predictions:")
        lines += [f"  {p['file']}:{p['line']} {p['code']}: {p['status']}" for p in s["predictions"]]
    if s["missed"]:
        lines.append("measured but not predicted:")
        lines += [f"  {x['file']}:{x['line']}: {x['reason']}" for x in s["missed"]]
    if m["op_counts"]:
        lines.append("ops in graphs:")
        lines += [f"  {n} × {name}" for name, n in sorted(m["op_counts"].items(), key=lambda kv: -kv[1])[:20]]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
