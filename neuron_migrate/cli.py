"""The command line: options in, rendered results out. No analysis happens here.

Exit codes: 0 nothing at or above ``--fail-on``; 1 findings at or above it (or, for
``fix``, blocking findings left); 2 usage, configuration or internal error.
"""

from __future__ import annotations

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


class ScanFormat(str, enum.Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"
    markdown = "markdown"


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
    from neuron_migrate.checks import RULES, load_all

    load_all()
    out: list[str] = []
    for v in values or []:
        for code in filter(None, (c.strip().upper() for c in v.split(","))):
            if code != "ALL" and not any(r.startswith(code) for r in RULES):
                raise UsageError(f"no rule code starts with {code!r} (see `neuron-migrate rules`)")
            out.append("" if code == "ALL" else code)
    return tuple(out)


def _settings(paths: list[Path], select, ignore, fail_on: FailOn | None, exclude,
              capabilities: list[Path] | None = None):
    """The [tool.neuron-migrate] config found for ``paths``, overridden by the options given."""
    from neuron_migrate.config import settings
    from neuron_migrate.discover import scan_base

    return settings(paths, select=_codes(select) if select else None,
                    ignore=_codes(ignore) if ignore else None,
                    fail_on=fail_on.value if fail_on else None,
                    exclude=tuple(exclude) if exclude else None,
                    capabilities=tuple(p.absolute() for p in capabilities) if capabilities else None,
                    base=scan_base(paths))


def _check_paths(paths: list[Path]) -> None:
    missing = [str(p) for p in paths if not p.exists() and not p.is_symlink()]
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")


def _stderr(quiet: bool) -> Console:
    return Console(stderr=True, quiet=quiet)


PATHS = typer.Argument(..., help="Files or folders to analyse.", show_default=False)
SELECT = typer.Option(None, "--select", help="Only these rule codes or prefixes (NM1, NM101); repeatable or comma-separated.")
IGNORE = typer.Option(None, "--ignore", help="Skip these rule codes or prefixes.")
FAIL_ON = typer.Option(None, "--fail-on", show_default=False,
                       help="Lowest severity that makes the exit code 1 (default: error, or the config's fail-on).")
QUIET = typer.Option(False, "--quiet", "-q", help="No progress bar or notes on stderr.")
NO_CACHE = typer.Option(False, "--no-cache", help="Analyse every file again: neither read nor "
                        "write the .neuron-migrate-cache/ folder at the scan root.")
JOBS = typer.Option(None, "--jobs", "-j", min=1, show_default=False,
                    help="Worker processes (default: one per available CPU; 1: no pool).")
EXCLUDE = typer.Option(None, "--exclude", help="Gitignore-style pattern of paths to skip; repeatable.")
CAPABILITIES = typer.Option(None, "--capabilities", help="A capability overlay YAML (from "
                            "`neuron-migrate ops import`) that adds or replaces table rows; repeatable, "
                            "applied in order [default: the config's capabilities].")


def _check_capabilities(overlays: tuple[str, ...]) -> None:
    """Load the table with its overlays once here, so a bad file is a usage error (exit 2)."""
    missing = [p for p in overlays if not Path(p).is_file()]
    if missing:
        raise UsageError(f"no such capability overlay: {', '.join(missing)}")
    from neuron_migrate.capabilities import capabilities

    capabilities(tuple(overlays))


def _run_scan(paths, options, exclude, quiet, use_cache: bool = False, jobs: int | None = None):
    from neuron_migrate.runner import scan

    err = _stderr(quiet)
    if not quiet and err.is_terminal:
        from rich.progress import Progress

        with Progress(transient=True, console=err) as bar:
            task = bar.add_task("scanning", total=None)
            return scan(paths, options, tuple(exclude or ()), jobs=jobs, use_cache=use_cache,
                        progress=lambda i, n: bar.update(task, completed=i, total=n))
    return scan(paths, options, tuple(exclude or ()), jobs=jobs, use_cache=use_cache)


@app.command("scan")
def scan_command(
    paths: list[Path] = PATHS,
    format: ScanFormat = typer.Option(ScanFormat.text, "--format", "-f", help="Output format."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the report to this file."),
    select: list[str] | None = SELECT,
    ignore: list[str] | None = IGNORE,
    fail_on: FailOn | None = FAIL_ON,
    exclude: list[str] | None = EXCLUDE,
    baseline: Path | None = typer.Option(None, "--baseline", help="Report only findings this "
                                         "baseline file (from `neuron-migrate baseline`) does not hold."),
    capabilities: list[Path] | None = CAPABILITIES,
    quiet: bool = QUIET,
    no_cache: bool = NO_CACHE,
    jobs: int | None = JOBS,
) -> None:
    """Find every CUDA-specific reference and report it with a stable rule code."""
    import importlib

    from neuron_migrate.report import blocking

    _check_paths(paths)
    conf = _settings(paths, select, ignore, fail_on, exclude, capabilities)
    _check_capabilities(conf.options.capabilities)  # a bad overlay fails before the scan
    options = conf.options
    if baseline is not None:
        from neuron_migrate import baseline as baselines

        known = baselines.load(baseline)  # a bad baseline fails before the scan
    result, skipped = _run_scan(paths, options, conf.exclude, quiet, use_cache=not no_cache, jobs=jobs)
    baselined = 0
    if baseline is not None:
        applied = baselines.apply(result, baseline, known)
        baselined = applied.matched
        result = applied.result
        if applied.unused:
            _stderr(quiet).print(
                f"note: {len(applied.unused)} of the baseline's {len(known)} entries match no finding "
                f"any more; the baseline can shrink (rewrite it with `neuron-migrate baseline PATH "
                f"-o {baseline}`)", markup=False, highlight=False, soft_wrap=True)
    if format is not ScanFormat.text:
        module = importlib.import_module(f"neuron_migrate.report.{format.value}")
        if format is ScanFormat.markdown:  # the porting report: same capability table, and it
            text = module.render(result, skipped, options.capabilities, baselined)  # says what the baseline hid
        else:
            text = module.render(result, skipped)
        if output:
            _write(output, lambda fh: fh.write(text))
        else:
            sys.stdout.write(text)
    else:
        from neuron_migrate.report import text as text_report

        if output:
            _write(output, lambda fh: text_report.render(result, skipped,
                                                          Console(file=fh, width=120, no_color=True)))
        else:
            text_report.render(result, skipped, Console(highlight=False))
    raise typer.Exit(1 if blocking(result.findings, options.fail_on) else 0)


def _write(path: Path, write) -> None:
    """Write an output file; a folder that does not exist or a read-only file is a usage error."""
    try:
        with path.open("w", encoding="utf-8") as fh:
            write(fh)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None


@app.command("fix")
def fix_command(
    paths: list[Path] = PATHS,
    apply: bool = typer.Option(False, "--apply", help="Write the fixes (default: print a diff)."),
    check: bool = typer.Option(False, "--check", help="Print only a summary; exit 1 when a fix is "
                               "pending (for pre-commit and CI)."),
    unsafe_fixes: bool = typer.Option(False, "--unsafe-fixes", help="Also apply fixes marked unsafe."),
    select: list[str] | None = SELECT,
    ignore: list[str] | None = IGNORE,
    fail_on: FailOn | None = FAIL_ON,
    exclude: list[str] | None = EXCLUDE,
    quiet: bool = QUIET,
    jobs: int | None = JOBS,
) -> None:
    """Print (or with --apply, write) every fix whose meaning is certain.

    Exit codes: 0 nothing blocking left; 1 blocking findings left (with --check: a fix is
    pending); 2 a usage error, a file that could not be written, or a fix refused because
    its result would not parse.
    """
    import os

    from neuron_migrate.discover import Candidate, discover, scan_base
    from neuron_migrate.fix import BROKEN, FileFix, summary, unified_diff
    from neuron_migrate.report import blocking
    from neuron_migrate.runner import fix_files
    from neuron_migrate.writer import write_atomic

    if apply and check:
        raise UsageError("--apply and --check exclude each other")
    _check_paths(paths)
    conf = _settings(paths, select, ignore, fail_on, exclude)
    options = conf.options
    mode = "apply" if apply else "check" if check else "diff"
    err = _stderr(quiet)
    color = mode == "diff" and _stdout_has_color()
    results: list[FileFix] = []
    write_errors: dict[str, str] = {}
    seen: set[str] = set()
    todo: list[Candidate] = []
    for item in discover(paths, scan_base(paths), conf.exclude):
        if not isinstance(item, Candidate):
            err.print(f"skipped {item.rel}: {item.reason}", markup=False, highlight=False)
            continue
        real = os.path.realpath(item.path)
        if real in seen:  # a symbolic link to a file already fixed
            continue
        seen.add(real)
        todo.append(item)
    # fixes are computed in a process pool for many files; writing stays here, in order
    for item, data, result in fix_files(todo, options, unsafe_fixes, jobs):
        results.append(result)
        if data is None or not result.changed:
            continue
        if mode == "apply":
            try:
                write_atomic(item.path, result.data, expected=data)
            except OSError as exc:
                write_errors[item.rel] = str(exc.strerror or exc)
        elif mode == "diff":
            _write_out(unified_diff(item.rel, result.before, result.after, color), result.encoding)
    # stdout carries only the patch; the report goes to stderr (-q: counts and problems only)
    print("\n".join(summary(results, mode, unsafe_fixes, write_errors, options.fail_on,
                            verbose=not quiet)), file=sys.stderr)
    broken = any(n.reason == BROKEN for r in results for n in r.not_applied)
    if write_errors or broken or any(r.error for r in results):
        raise typer.Exit(2)
    if mode == "check":
        pending = any(r.changed for r in results)
        unreadable = any(f.code.startswith("NM9") and f.severity.label == "error"
                         for r in results for f in r.remaining)
        raise typer.Exit(1 if pending or unreadable else 0)
    raise typer.Exit(1 if blocking([f for r in results for f in r.remaining], options.fail_on) else 0)


def _stdout_has_color() -> bool:
    console = Console()
    return console.is_terminal and not console.no_color and console.color_system is not None


def _write_out(text: str, encoding: str) -> None:
    """Write a diff in the file's own encoding, so `git apply` and `patch` take it as is."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode(encoding, errors="backslashreplace"))
    buffer.flush()


@app.command("rules")
def rules_command(
    format: Format = typer.Option(Format.text, "--format", "-f", help="Output format."),
) -> None:
    """List every rule with its code, severity and fix safety."""
    from neuron_migrate.checks import RULES, load_all

    load_all()

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
    from neuron_migrate.checks import RULES, load_all

    load_all()

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
from neuron_migrate.commands import ops  # noqa: E402,F401
from neuron_migrate.commands import baseline  # noqa: E402,F401
from neuron_migrate.commands import report  # noqa: E402,F401
from neuron_migrate.commands import measure  # noqa: E402,F401


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
        from neuron_migrate.baseline import BaselineError
        from neuron_migrate.capabilities import TableError
        from neuron_migrate.config import ConfigError

        if isinstance(exc, (TableError, ConfigError, BaselineError)):
            print(f"neuron-migrate: error: {exc}", file=sys.stderr)
            return 2
        import traceback

        traceback.print_exc()
        print(f"neuron-migrate: internal error: {exc!r}", file=sys.stderr)
        return 2
