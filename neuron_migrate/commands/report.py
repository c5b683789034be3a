"""`neuron-migrate report PATH -o FILE`: the porting report as Markdown, HTML or JSON (from the extension)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from neuron_migrate.cli import UsageError, add_scan_options, command, note, run_scan, settings

FORMATS = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html",
           ".json": "json"}


def register(sub) -> None:
    p = command(sub, "report", report_command)
    add_scan_options(p, fail_on=False)
    p.add_argument("-o", "--output", type=Path, required=True, help="The report file: .md, .html or .json.")


def report_command(args: argparse.Namespace) -> int:
    """Write the porting report: readiness, effort, compile coverage, operators, kernels, next steps."""
    from neuron_migrate.report import porting

    output: Path = args.output
    kind = FORMATS.get(output.suffix.lower())
    if kind is None:
        raise UsageError(f"cannot tell the report format from {output.name!r}: "
                         f"use one of {', '.join(sorted(FORMATS))}")
    conf = settings(args)
    result, skipped = run_scan(args, conf)
    rep = porting.from_scan(result, skipped, conf.options.capabilities)
    if kind == "markdown":
        from neuron_migrate.report import markdown

        text = markdown.fit(rep)
    elif kind == "html":
        from neuron_migrate.report import html

        text = html.render_report(rep)
    else:
        text = json.dumps(rep, indent=2, ensure_ascii=False) + "\n"
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {output}: {exc.strerror or exc}") from None
    ready = rep["readiness"]
    note(args.quiet, f"wrote {output}: {ready['verdict']}, readiness {ready['score']:.0f}%, "
         f"{rep['summary']['findings']} findings")
    return 0
