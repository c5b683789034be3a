"""`neuron-migrate baseline PATH -o FILE`: record today's findings so a gate fails only on new ones."""

from __future__ import annotations

from pathlib import Path

import typer

from neuron_migrate.cli import (CAPABILITIES, EXCLUDE, IGNORE, JOBS, NO_CACHE, PATHS, QUIET, SELECT,
                                UsageError, _check_capabilities, _check_paths, _run_scan, _settings,
                                _stderr, app)


@app.command("baseline")
def baseline_command(
    paths: list[Path] = PATHS,
    output: Path = typer.Option(..., "--output", "-o", help="The baseline file to write (JSON).",
                                show_default=False),
    select: list[str] | None = SELECT,
    ignore: list[str] | None = IGNORE,
    exclude: list[str] | None = EXCLUDE,
    capabilities: list[Path] | None = CAPABILITIES,
    quiet: bool = QUIET,
    no_cache: bool = NO_CACHE,
    jobs: int | None = JOBS,
) -> None:
    """Write every current finding's fingerprint; `scan --baseline FILE` then reports only new ones."""
    from neuron_migrate.baseline import not_analysed, render

    _check_paths(paths)
    conf = _settings(paths, select, ignore, None, exclude, capabilities)
    _check_capabilities(conf.options.capabilities)
    result, _ = _run_scan(paths, conf.options, conf.exclude, quiet, use_cache=not no_cache,
                                  jobs=jobs)
    try:
        output.write_text(render(result, output), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {output}: {exc.strerror or exc}") from None
    findings = result.findings
    left = not_analysed(result)
    err = _stderr(quiet)
    err.print(f"wrote {len(findings) - len(left)} findings to {output}", markup=False,
              highlight=False, soft_wrap=True)
    if left:
        err.print(f"{len({f.path for f in left})} files that could not be analysed "
                  f"({', '.join(sorted({f.code for f in left}))}) are not baselined: a gate never "
                  "passes by skipping a file; fix or exclude them",
                  markup=False, highlight=False, soft_wrap=True)
