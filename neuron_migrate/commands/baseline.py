"""`neuron-migrate baseline PATH -o FILE`: record today's findings so a gate fails only on new ones."""

from __future__ import annotations

import argparse
from pathlib import Path

from neuron_migrate.cli import UsageError, add_scan_options, command, note, run_scan, settings


def register(sub) -> None:
    p = command(sub, "baseline", baseline_command)
    add_scan_options(p, fail_on=False)
    p.add_argument("-o", "--output", type=Path, required=True, help="The baseline file to write (JSON).")


def baseline_command(args: argparse.Namespace) -> int:
    """Write every current finding's fingerprint; `scan --baseline FILE` then reports only new ones."""
    from neuron_migrate.baseline import not_analysed, render

    conf = settings(args)
    result, _ = run_scan(args, conf)
    output: Path = args.output
    try:
        output.write_text(render(result, output), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {output}: {exc.strerror or exc}") from None
    findings = result.findings
    left = not_analysed(result)
    note(args.quiet, f"wrote {len(findings) - len(left)} findings to {output}")
    if left:
        note(args.quiet, f"{len({f.path for f in left})} files that could not be analysed "
             f"({', '.join(sorted({f.code for f in left}))}) are not baselined: a gate never "
             "passes by skipping a file; fix or exclude them")
    return 0
