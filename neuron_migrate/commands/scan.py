"""`neuron-migrate scan PATH...`: every CUDA-specific reference, with a stable rule code."""


import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Literal, Optional

import typer

from neuron_migrate.commands import UsageError
from neuron_migrate.commands.options import (Follow, NoFollow, Baseline, Capabilities, Entry, Exclude, ExitZero, FailOn, Ignore,
                                             Jobs, NoCache, Paths, Quiet, Scope, Select, StdinFilename,
                                             Style, UnsafeFixes, filter_scopes, reads_stdin, run_scan, settings,
                                             write_output)

# `text` is `full` (the grouped report); machine formats never import rich
FORMATS = ("full", "concise", "text", "json", "sarif", "github", "markdown")


def register(app: typer.Typer) -> None:
    app.command("scan", help=scan.__doc__)(scan)


def scan(
    paths: Paths,
    format: Annotated[Literal[FORMATS], typer.Option(  # type: ignore[valid-type]
        "-f", "--format", "--output-format",
        help="full: findings grouped by file, with the source line; concise: one "
        "`path:line:col: CODE message` line each (paths relative to the current folder, as "
        "editors and terminals jump to them); json, sarif, github, markdown.")] = "full",
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write the report to this file.")] = None,
    show_source: Annotated[Optional[bool], typer.Option(
        "--show-source/--no-show-source", show_default=False,
        help="Show each finding's source line (default: with the full format).")] = None,
    statistics: Annotated[bool, typer.Option(
        "--statistics", help="Only a count of findings per rule code.")] = False,
    fix: Annotated[bool, typer.Option("--fix", help="Apply the safe fixes first (as `fix --apply`), "
                                      "then report what is left.")] = False,
    unsafe_fixes: UnsafeFixes = False,
    style: Style = None,
    baseline: Baseline = None,
    select: Select = None, ignore: Ignore = None, fail_on: FailOn = None, exit_zero: ExitZero = False,
    exclude: Exclude = None, capabilities: Capabilities = None, entry: Entry = None, follow: Follow = None, no_follow: NoFollow = False, scope: Scope = None,
    stdin_filename: StdinFilename = None,
    quiet: Quiet = False, no_cache: NoCache = False, jobs: Jobs = None,
) -> int:
    """Find every CUDA-specific reference and report it with a stable rule code."""
    return scan_command(SimpleNamespace(**locals()))


def scan_command(args) -> int:
    from neuron_migrate.report import blocking

    conf = settings(args)
    options = conf.options
    if args.unsafe_fixes and not args.fix:
        raise UsageError("--unsafe-fixes goes with --fix (`scan --fix --unsafe-fixes`)")
    failed = args.fix and apply_fixes(args, conf)
    result, skipped = run_scan(args, conf)
    scopes = conf.scopes(r.path for r in result.files)
    result = filter_scopes(args, result, scopes)
    code = 1 if blocking(result.findings, options.fail_on) and not args.exit_zero else 0
    render(args, result, skipped, options, scopes)
    return 2 if failed else code


def apply_fixes(args, conf) -> bool:
    """`scan --fix`: what `fix --apply` does, before the scan. Whether a file could not be
    written or a fix was refused (the scan still runs, then exits 2)."""
    from neuron_migrate.commands.fix import exit_code, run_fix

    if reads_stdin(args):
        raise UsageError("--fix rewrites files: it cannot take stdin")
    results, write_errors = run_fix(args, conf, "apply", verbose=False, left=False)
    return exit_code(SimpleNamespace(exit_zero=True), conf.options, "apply", results, write_errors) == 2


def render(args, result, skipped, options, scopes=None) -> None:
    fmt = "full" if args.format == "text" else args.format
    if args.statistics:
        from neuron_migrate.report import statistics

        text = statistics.render(result, json=fmt == "json")
    elif fmt in ("full", "concise"):
        from neuron_migrate.report import text as text_report

        source = args.show_source if args.show_source is not None else fmt == "full"
        render_text = text_report.render if fmt == "full" else text_report.render_concise
        if args.output:
            write_output(args.output, lambda fh: render_text(result, skipped, fh, source=source))
        else:
            render_text(result, skipped, sys.stdout, source=source, color=text_report.colour(sys.stdout))
        return
    else:
        import importlib

        module = importlib.import_module(f"neuron_migrate.report.{fmt}")
        if fmt == "markdown":  # the porting report: same capability table
            text = module.render(result, skipped, options.capabilities, result.baselined, scopes)
        elif fmt == "json":
            text = module.render(result, skipped, scopes)
        else:
            text = module.render(result, skipped)
    if args.output:
        write_output(args.output, lambda fh: fh.write(text))
    else:
        sys.stdout.write(text)
