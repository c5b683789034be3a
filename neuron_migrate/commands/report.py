"""`neuron-migrate report PATH -o FILE`: the porting report as Markdown, HTML or JSON (from the extension)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated

import typer

from neuron_migrate.commands import UsageError, note
from neuron_migrate.commands.options import (Baseline, Capabilities, Entry, Exclude, Ignore, Jobs, NoCache,
                                             Paths, Quiet, Select, run_scan, settings)

FORMATS = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html",
           ".json": "json"}


def register(app: typer.Typer) -> None:
    app.command("report", help=report.__doc__)(report)


def report(
    paths: Paths,
    output: Annotated[Path, typer.Option("-o", "--output", help="The report file: .md, .html or .json.")],
    baseline: Baseline = None,
    select: Select = None, ignore: Ignore = None, exclude: Exclude = None,
    capabilities: Capabilities = None, entry: Entry = None, quiet: Quiet = False, no_cache: NoCache = False,
    jobs: Jobs = None,
) -> int:
    """Write the porting report: readiness, effort, compile coverage, operators, kernels, next steps."""
    return report_command(SimpleNamespace(**locals()))


def report_command(args) -> int:
    from neuron_migrate.report import porting

    output: Path = args.output
    kind = FORMATS.get(output.suffix.lower())
    if kind is None:
        raise UsageError(f"cannot tell the report format from {output.name!r}: "
                         f"use one of {', '.join(sorted(FORMATS))}")
    conf = settings(args)
    result, skipped = run_scan(args, conf)
    rep = porting.from_scan(result, skipped, conf.options.capabilities, result.baselined)
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
