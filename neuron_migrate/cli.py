"""The command line: options in, rendered results out. No analysis happens here.

Exit codes: 0 nothing at or above ``--fail-on``; 1 findings at or above it (or, for
``fix``, blocking findings left); 2 usage, configuration or internal error.
"""

from __future__ import annotations

import difflib
import enum
import sys
from pathlib import Path

import typer
from rich.console import Console

from neuron_migrate import __version__

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Move PyTorch code from NVIDIA CUDA to AWS Trainium (TorchNeuron).",
                  context_settings={"help_option_names": ["-h", "--help"]})


class Format(str, enum.Enum):
    text = "text"
    json = "json"


class FailOn(str, enum.Enum):
    error = "error"
    warning = "warning"
    info = "info"
    never = "never"


class UsageError(Exception):
    """A problem with what the user asked for: exit 2 with the message."""


def _version(value: bool) -> None:
    if value:
        print(f"neuron-migrate {__version__}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    pass


def _codes(values: list[str] | None) -> tuple[str, ...]:
    from neuron_migrate.checks import RULES

    out: list[str] = []
    for v in values or []:
        for code in filter(None, (c.strip().upper() for c in v.split(","))):
            if code != "ALL" and not any(r.startswith(code) for r in RULES):
                raise UsageError(f"no rule code starts with {code!r} (see `neuron-migrate rules`)")
            out.append("" if code == "ALL" else code)
    return tuple(out)


def _options(select, ignore, fail_on: FailOn):
    from neuron_migrate.models import Options, Severity

    return Options(select=_codes(select), ignore=_codes(ignore),
                   fail_on=None if fail_on is FailOn.never else Severity.parse(fail_on.value))


def _check_paths(paths: list[Path]) -> None:
    missing = [str(p) for p in paths if not p.exists() and not p.is_symlink()]
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")


def _stderr(quiet: bool) -> Console:
    return Console(stderr=True, quiet=quiet)


PATHS = typer.Argument(..., help="Files or folders to analyse.", show_default=False)
SELECT = typer.Option(None, "--select", help="Only these rule codes or prefixes (NM1, NM101); repeatable or comma-separated.")
IGNORE = typer.Option(None, "--ignore", help="Skip these rule codes or prefixes.")
FAIL_ON = typer.Option(FailOn.error, "--fail-on", help="Lowest severity that makes the exit code 1.")
QUIET = typer.Option(False, "--quiet", "-q", help="No progress bar or notes on stderr.")
EXCLUDE = typer.Option(None, "--exclude", help="Gitignore-style pattern of paths to skip; repeatable.")


def _run_scan(paths, options, exclude, quiet):
    from neuron_migrate.runner import scan

    err = _stderr(quiet)
    if not quiet and err.is_terminal:
        from rich.progress import Progress

        with Progress(transient=True, console=err) as bar:
            task = bar.add_task("scanning", total=None)
            return scan(paths, options, tuple(exclude or ()),
                        progress=lambda i, n: bar.update(task, completed=i, total=n))
    return scan(paths, options, tuple(exclude or ()))


@app.command("scan")
def scan_command(
    paths: list[Path] = PATHS,
    format: Format = typer.Option(Format.text, "--format", "-f", help="Output format."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the report to this file."),
    select: list[str] | None = SELECT,
    ignore: list[str] | None = IGNORE,
    fail_on: FailOn = FAIL_ON,
    exclude: list[str] | None = EXCLUDE,
    quiet: bool = QUIET,
) -> None:
    """Find every CUDA-specific reference and report it with a stable rule code."""
    from neuron_migrate.report import blocking

    _check_paths(paths)
    options = _options(select, ignore, fail_on)
    result, skipped = _run_scan(paths, options, exclude, quiet)
    if format is Format.json:
        from neuron_migrate.report import json as json_report

        text = json_report.render(result, skipped)
        if output:
            output.write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
    else:
        from neuron_migrate.report import text as text_report

        if output:
            with output.open("w", encoding="utf-8") as fh:
                text_report.render(result, skipped, Console(file=fh, width=120, no_color=True))
        else:
            text_report.render(result, skipped, Console(highlight=False))
    raise typer.Exit(1 if blocking(result.findings, options.fail_on) else 0)


@app.command("fix")
def fix_command(
    paths: list[Path] = PATHS,
    apply: bool = typer.Option(False, "--apply", help="Write the fixes (default: print a diff)."),
    unsafe_fixes: bool = typer.Option(False, "--unsafe-fixes", help="Also apply fixes marked unsafe."),
    select: list[str] | None = SELECT,
    ignore: list[str] | None = IGNORE,
    fail_on: FailOn = FAIL_ON,
    exclude: list[str] | None = EXCLUDE,
    quiet: bool = QUIET,
) -> None:
    """Print (or with --apply, write) every fix whose meaning is certain."""
    from neuron_migrate.discover import Candidate, discover, scan_base
    from neuron_migrate.fix import fix_source
    from neuron_migrate.report import blocking
    from neuron_migrate.source import SourceError, SourceFile
    from neuron_migrate.writer import write_atomic

    _check_paths(paths)
    options = _options(select, ignore, fail_on)
    out = Console(highlight=False)
    err = _stderr(quiet)
    changed_files = applied = 0
    remaining = []
    base = scan_base(paths)
    for item in discover(paths, base, tuple(exclude or ())):
        if not isinstance(item, Candidate):
            err.print(f"skipped {item.rel}: {item.reason}")
            continue
        try:
            data = item.path.read_bytes()
            src = SourceFile.from_bytes(item.rel, data)
        except (OSError, SourceError) as exc:
            err.print(f"skipped {item.rel}: {getattr(exc, 'message', exc)}")
            continue
        outcome = fix_source(src, options, unsafe=unsafe_fixes)
        remaining.extend(outcome.remaining)
        if outcome.error:
            err.print(f"[red]not fixed[/] {item.rel}: {outcome.error}")
            continue
        if not outcome.changed:
            continue
        changed_files += 1
        applied += len(outcome.applied)
        if apply:
            write_atomic(item.path, src.encode(outcome.text))
        else:
            diff = difflib.unified_diff(src.text.splitlines(keepends=True),
                                        outcome.text.splitlines(keepends=True),
                                        f"a/{item.rel}", f"b/{item.rel}")
            for line in diff:
                style = "green" if line.startswith("+") else "red" if line.startswith("-") else None
                text = line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n"
                out.print(text, style=style, end="", markup=False, soft_wrap=True)
    verb = "fixed" if apply else "would fix"
    err.print(f"{verb} {applied} findings in {changed_files} files; "
              f"{len(remaining)} findings left for a person")
    if remaining and not quiet:
        from collections import Counter

        for code, n in sorted(Counter(f.code for f in remaining).items()):
            err.print(f"  {code} × {n}")
    raise typer.Exit(1 if blocking(remaining, options.fail_on) else 0)


@app.command("rules")
def rules_command(
    format: Format = typer.Option(Format.text, "--format", "-f", help="Output format."),
) -> None:
    """List every rule with its code, severity and fix safety."""
    from neuron_migrate.checks import RULES

    if format is Format.json:
        import json

        docs = [{"code": r.code, "name": r.name, "severity": r.severity.label, "category": r.category,
                 "summary": r.summary, "fix": r.fix} for r in sorted(RULES.values(), key=lambda r: r.code)]
        sys.stdout.write(json.dumps(docs, indent=2) + "\n")
        return
    from rich.table import Table

    table = Table()
    for col in ("code", "name", "severity", "fix", "summary"):
        table.add_column(col)
    for r in sorted(RULES.values(), key=lambda r: r.code):
        table.add_row(r.code, r.name, r.severity.label, r.fix, r.summary)
    Console().print(table)


@app.command("explain")
def explain_command(code: str = typer.Argument(..., help="A rule code such as NM101.")) -> None:
    """Print what a rule finds, why it matters, an example and what to use instead."""
    from neuron_migrate.checks import RULES

    r = RULES.get(code.strip().upper())
    if r is None:
        raise UsageError(f"unknown rule {code!r} (see `neuron-migrate rules`)")
    sys.stdout.write(explain_text(r))


def explain_text(r) -> str:
    fix = {"safe": "safe: applied by `neuron-migrate fix`",
           "unsafe": "unsafe: applied only with `--unsafe-fixes`",
           "none": "none: a person must port it"}[r.fix]
    if r.fix_reason:
        fix += f" ({r.fix_reason})"
    parts = [f"{r.code} {r.name} ({r.severity.label}, {r.category})", "",
             "What it finds", f"  {r.summary}", "", "Why it matters", f"  {r.why}", "",
             "Example", _indent(r.example), "", "Use instead", _indent(r.use_instead), "",
             "Fix safety", f"  {fix}"]
    if r.source:
        parts += ["", "Source", f"  {r.source}"]
    return "\n".join(parts) + "\n"


def _indent(code: str) -> str:
    return "\n".join("    " + line for line in code.splitlines())


# Commands that live in their own modules register themselves on ``app`` when imported.
# from neuron_migrate.commands import ops  # noqa: E402,F401  (one import line per module)


def main(argv: list[str] | None = None) -> int:
    try:
        rc = app(args=argv, prog_name="neuron-migrate", standalone_mode=False)
        return rc if isinstance(rc, int) else 0
    except typer.Exit as exc:
        return exc.exit_code
    except UsageError as exc:
        print(f"neuron-migrate: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("neuron-migrate: interrupted", file=sys.stderr)
        return 130
    except typer.Abort:
        return 130
    except Exception as exc:  # the parser's usage errors and anything unexpected
        if hasattr(exc, "show") and hasattr(exc, "exit_code"):  # typer's (click's) usage errors
            exc.show()
            return 2
        from neuron_migrate.capabilities import TableError

        if isinstance(exc, TableError):
            print(f"neuron-migrate: error: {exc}", file=sys.stderr)
            return 2
        import traceback

        traceback.print_exc()
        print(f"neuron-migrate: internal error: {exc!r}", file=sys.stderr)
        return 2
