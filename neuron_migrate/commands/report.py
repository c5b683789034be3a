"""`neuron-migrate report PATH -o FILE`: the porting report as Markdown, HTML or JSON (from the extension)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from neuron_migrate.cli import (CAPABILITIES, EXCLUDE, IGNORE, JOBS, NO_CACHE, PATHS, QUIET, SELECT,
                                UsageError, _check_capabilities, _check_paths, _run_scan, _settings,
                                _stderr, app)

FORMATS = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html",
           ".json": "json"}


@app.command("report")
def report_command(
    paths: list[Path] = PATHS,
    output: Path = typer.Option(..., "--output", "-o", show_default=False,
                                help="The report file: .md, .html or .json."),
    select: list[str] | None = SELECT,
    ignore: list[str] | None = IGNORE,
    exclude: list[str] | None = EXCLUDE,
    capabilities: list[Path] | None = CAPABILITIES,
    quiet: bool = QUIET,
    no_cache: bool = NO_CACHE,
    jobs: int | None = JOBS,
) -> None:
    """Write the porting report: readiness, effort, compile coverage, operators, kernels, next steps."""
    from neuron_migrate.report import porting

    kind = FORMATS.get(output.suffix.lower())
    if kind is None:
        raise UsageError(f"cannot tell the report format from {output.name!r}: "
                         f"use one of {', '.join(sorted(FORMATS))}")
    _check_paths(paths)
    conf = _settings(paths, select, ignore, None, exclude, capabilities)
    _check_capabilities(conf.options.capabilities)
    result, skipped = _run_scan(paths, conf.options, conf.exclude, quiet, use_cache=not no_cache,
                                  jobs=jobs)
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
    _stderr(quiet).print(f"wrote {output}: {ready['verdict']}, readiness {ready['score']:.0f}%, "
                         f"{rep['summary']['findings']} findings", markup=False, highlight=False,
                         soft_wrap=True)
