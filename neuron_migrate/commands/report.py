"""`neuron-migrate report PATH [-o FILE]`: the porting report as Markdown, HTML or JSON (from the
extension); without ``-o``, Markdown on stdout."""


import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Literal

import typer

from neuron_migrate.commands import UsageError, note, plural
from neuron_migrate.commands.options import (Follow, NoFollow, Baseline, Capabilities, Entry, Exclude, Ignore, Jobs, NoCache,
                                             Paths, Quiet, Scope, Select, filter_scopes, run_scan,
                                             settings)

FORMATS = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html",
           ".json": "json"}


def register(app: typer.Typer) -> None:
    app.command("report", help=report.__doc__)(report)


def report(
    paths: Paths,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="The report file: .md, .html or .json (default: Markdown on stdout).")] = None,
    baseline: Baseline = None,
    select: Select = None, ignore: Ignore = None, exclude: Exclude = None,
    capabilities: Capabilities = None, entry: Entry = None, follow: Follow = None, no_follow: NoFollow = False, scope: Scope = None,
    links: Annotated[Literal["relative", "vscode", "none"], typer.Option(
        "--links", help="What a location links to in the HTML report: the file, by a path relative "
        "to the report; vscode://file/... (opens the line in VS Code); or nothing.")] = "relative",
    quiet: Quiet = False, no_cache: NoCache = False, jobs: Jobs = None,
) -> int:
    """Write the porting report: readiness, effort, compile coverage, operators, kernels, next steps."""
    return report_command(SimpleNamespace(**locals()))


def report_command(args) -> int:
    from neuron_migrate.report import porting

    output: Path | None = args.output
    kind = "markdown" if output is None else FORMATS.get(output.suffix.lower())
    if kind is None:
        raise UsageError(f"cannot tell the report format from {output.name!r}: "
                         f"use one of {', '.join(sorted(FORMATS))}")
    conf = settings(args)
    result, skipped = run_scan(args, conf)
    scopes = conf.scopes(r.path for r in result.files)
    result = filter_scopes(args, result, scopes)
    rep = porting.from_scan(result, skipped, conf.options.capabilities, result.baselined, scopes)
    if kind == "markdown":
        from neuron_migrate.report import markdown

        text = markdown.fit(rep)
    elif kind == "html":
        from neuron_migrate.report import html

        links = html.Links(args.links, result.root, str(output.absolute().parent))  # html only from -o
        text = html.render_report(rep, links)
    else:
        text = json.dumps(rep, indent=2, ensure_ascii=False) + "\n"
    if output is None:
        sys.stdout.write(text)
    else:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {output}: {exc.strerror or exc}") from None
    ready = rep["readiness"]
    eff = rep["effort"]
    note(args.quiet, f"{'wrote ' + str(output) if output else 'report'}: {ready['verdict']}, {porting.percent(ready['share'])} of CUDA references migrated by fix, "
         f"{ready['blocking']} blocking, effort {eff['low']:g}-{eff['high']:g} h, "
         f"{plural(rep['summary']['findings'], 'finding')} in the library and scripts")
    return 0
