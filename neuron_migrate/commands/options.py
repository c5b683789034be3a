"""Options shared by the commands, declared once: the same flag means the same thing on
every command that takes it. Also what those commands do with them (the config merged
with the flags, the scan with its progress bar, writing an output file)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Literal, Optional

import typer

from neuron_migrate.commands import UsageError, note, plural

SCAN_PANEL = "Selection and gate"

Paths = Annotated[list[Path], typer.Argument(
    metavar="PATH", show_default=False,
    help="Files or folders to analyse (`-` reads one file from stdin, see --stdin-filename).")]
Select = Annotated[Optional[list[str]], typer.Option(
    "--select", metavar="CODES", rich_help_panel=SCAN_PANEL,
    help="Only these rule codes or prefixes (NM1, NM101); repeatable or comma-separated.")]
Ignore = Annotated[Optional[list[str]], typer.Option(
    "--ignore", metavar="CODES", rich_help_panel=SCAN_PANEL, help="Skip these rule codes or prefixes.")]
FailOn = Annotated[Optional[Literal["error", "warning", "info", "never"]], typer.Option(
    "--fail-on", rich_help_panel=SCAN_PANEL, show_default=False,
    help="Lowest severity that makes the exit code 1 (default: error, or the config's fail-on).")]
ExitZero = Annotated[bool, typer.Option(
    "--exit-zero", rich_help_panel=SCAN_PANEL,
    help="Exit 0 even when findings remain (errors in the run itself still exit 2).")]
Exclude = Annotated[Optional[list[str]], typer.Option(
    "--exclude", metavar="PATTERN", rich_help_panel=SCAN_PANEL,
    help="Gitignore-style pattern of paths to skip; repeatable.")]
Capabilities = Annotated[Optional[list[Path]], typer.Option(
    "--capabilities", metavar="YAML", rich_help_panel=SCAN_PANEL,
    help="A capability overlay YAML (from `neuron-migrate ops import`) that adds or replaces table "
    "rows; repeatable, applied in order (default: the config's).")]
Entry = Annotated[Optional[list[str]], typer.Option(
    "--entry", metavar="MODULE:FUNC", rich_help_panel=SCAN_PANEL,
    help="A function torch.compile traces: pkg.mod:Class.method or path/file.py:func (relative to "
    "the scanned folder); repeatable (default: the config's compile-entries, else the project's "
    "torch.compile targets, else every nn.Module.forward).")]
Follow = Annotated[Optional[list[str]], typer.Option(
    "--follow", metavar="PKG", rich_help_panel=SCAN_PANEL,
    help="Also follow traced code into this installed package's source (located, never imported), "
    "from any traced code; repeatable (default: the config's follow; packages that the project's "
    "compile entries reach are followed anyway).")]
NoFollow = Annotated[bool, typer.Option(
    "--no-follow", rich_help_panel=SCAN_PANEL,
    help="Follow traced code into no installed package (default: those the compile entries reach).")]
Scope = Annotated[Optional[list[str]], typer.Option(
    "--scope", metavar="SCOPES", rich_help_panel=SCAN_PANEL,
    help="Only files of these scopes: library, scripts, tests, examples, vendored, or product "
    "(library and scripts); repeatable or comma-separated (default: all; scopes.py says how a "
    "file's scope is found, the config's `scopes` table overrides it).")]
Baseline = Annotated[Optional[Path], typer.Option(
    "--baseline", metavar="FILE", rich_help_panel=SCAN_PANEL,
    help="Leave out the findings this baseline file (from `neuron-migrate baseline`) holds.")]
Quiet = Annotated[bool, typer.Option("-q", "--quiet", help="No progress or notes on stderr.")]
NoCache = Annotated[bool, typer.Option(
    "--no-cache", help="Analyse every file again: neither read nor write the .neuron-migrate-cache/ "
    "folder at the scan root.")]
Jobs = Annotated[Optional[int], typer.Option(
    "-j", "--jobs", metavar="N", min=1, show_default=False,
    help="Worker processes (default: one per available CPU; 1: no pool).")]
UnsafeFixes = Annotated[bool, typer.Option(
    "--unsafe-fixes", help="Also apply fixes marked unsafe (each says why it may change behaviour).")]
StdinFilename = Annotated[Optional[str], typer.Option(
    "--stdin-filename", metavar="PATH",
    help="With PATH `-`: the name of the file read from stdin (its kind, config and the paths "
    "in findings).")]
Style = Annotated[Optional[Literal["neuron", "portable"]], typer.Option(
    "--style", show_default=False,
    help='How fixes spell the target: neuron ("neuron", torch.neuron; the default, or the config\'s '
    "style) or portable (torch.accelerator and the device in hand: runs on CUDA, Neuron and CPU).")]
TextOrJson = Annotated[Literal["text", "json"], typer.Option("-f", "--format", "--output-format",
                                                             help="Output format.")]


def codes(values: list[str] | None) -> tuple[str, ...] | None:
    """Rule codes or prefixes from repeatable, comma-separated values ("ALL": every rule)."""
    if not values:
        return None
    from neuron_migrate.checks import RULES, load_all

    load_all()
    out: list[str] = []
    for v in values:
        for code in filter(None, (c.strip().upper() for c in v.split(","))):
            if code != "ALL" and not any(r.startswith(code) for r in RULES):
                import difflib

                near = difflib.get_close_matches(code, RULES, n=1)
                hint = f"; did you mean {near[0]}?" if near else " (see `neuron-migrate rules`)"
                raise UsageError(f"no rule code starts with {code!r}{hint}")
            out.append("" if code == "ALL" else code)
    return tuple(out)


def settings(args):
    """The [tool.neuron-migrate] config found for ``args.paths``, overridden by the options given."""
    from neuron_migrate.config import settings as load
    from neuron_migrate.discover import scan_base

    paths = args.paths
    if reads_stdin(args):  # the config is the named file's; paths are relative to the current folder
        paths = [Path(args.stdin_filename or "stdin.py")]
    elif getattr(args, "stdin_filename", None):
        raise UsageError("--stdin-filename names the file read from stdin: give `-` as the PATH")
    else:
        missing = [str(p) for p in paths if not p.exists() and not p.is_symlink()]
        if missing:
            raise UsageError(f"no such file or folder: {', '.join(missing)}")
    overlays = getattr(args, "capabilities", None)
    conf = load(paths, select=codes(args.select), ignore=codes(args.ignore),
                fail_on=getattr(args, "fail_on", None),
                exclude=tuple(args.exclude) if args.exclude else None,
                capabilities=tuple(p.absolute() for p in overlays) if overlays else None,
                base=Path.cwd() if reads_stdin(args) else scan_base(paths),
                entries=entries(getattr(args, "entry", None)), style=getattr(args, "style", None),
                follow=packages(getattr(args, "follow", None)), no_follow=bool(getattr(args, "no_follow", False)))
    check_capabilities(conf.options.capabilities)  # a bad overlay fails before the scan
    return conf


def entries(values: list[str] | None) -> tuple[str, ...] | None:
    """--entry values, checked (a malformed one is a usage error)."""
    from neuron_migrate.config import entry_error

    for v in values or []:
        if entry_error(v):
            raise UsageError(f"--entry: {entry_error(v)}")
    return tuple(values) if values else None


def packages(values: list[str] | None) -> tuple[str, ...] | None:
    """--follow values: top-level package names (``timm``), comma-separated or repeated."""
    if not values:
        return None
    out = tuple(p.strip() for v in values for p in v.split(",") if p.strip())
    bad = [p for p in out if not p.isidentifier()]
    if bad:
        raise UsageError(f"--follow: {bad[0]!r} is not a top-level package name (timm, diffusers)")
    return out


def reads_stdin(args) -> bool:
    """`scan -`: one file's text on stdin (``-`` must then be the only path)."""
    if Path("-") not in args.paths:
        return False
    if not hasattr(args, "stdin_filename"):
        raise UsageError("only `scan` reads stdin (`scan - --stdin-filename PATH`): give files or folders")
    if len(args.paths) > 1:
        raise UsageError("`-` (stdin) must be the only PATH")
    return True


def check_capabilities(overlays: tuple[str, ...]) -> None:
    """Load the overlays once here, so a bad file is a usage error (exit 2). Without
    overlays nothing is loaded: the shipped table is checked by the tests, and loading it
    would cost a warm scan a third of its time."""
    if not overlays:
        return
    missing = [p for p in overlays if not Path(p).is_file()]
    if missing:
        raise UsageError(f"no such capability overlay: {', '.join(missing)}")
    from neuron_migrate.capabilities import capabilities

    capabilities(tuple(overlays))


def run_scan(args, conf):
    """(ScanResult, skipped) for the paths and options of a scanning command, without the
    findings its --baseline holds (``result.baselined`` counts them)."""
    from neuron_migrate.runner import scan, scan_bytes

    baseline = getattr(args, "baseline", None)
    if baseline is not None:
        from neuron_migrate import baseline as baselines

        known = baselines.load(baseline)  # a bad baseline fails before the scan
    if reads_stdin(args):
        result, skipped = scan_bytes(sys.stdin.buffer.read(), args.stdin_filename or "stdin.py",
                                     conf.options), []
    else:
        with Progress(args.quiet, "scanning") as progress:
            result, skipped = scan(args.paths, conf.options, conf.exclude, jobs=args.jobs,
                                   use_cache=not getattr(args, "no_cache", False), progress=progress)
    if baseline is None:
        return result, skipped
    applied = baselines.apply(result, baseline, known)
    applied.result.baselined = applied.matched
    if applied.unused:
        note(args.quiet, f"note: {len(applied.unused)} of the baseline's {plural(len(known), 'entry', 'entries')} "
             f"{'matches' if len(applied.unused) == 1 else 'match'} no finding any more; the baseline can "
             f"shrink (rewrite it with `neuron-migrate baseline PATH -o {baseline}`)")
    return applied.result, skipped


def filter_scopes(args, result, scopes):
    """The scan result with only the files of the ``--scope`` scopes (all when none is given)."""
    import dataclasses

    from neuron_migrate.scopes import parse_option

    try:
        wanted = parse_option(getattr(args, "scope", None))
    except ValueError as exc:
        raise UsageError(f"--scope: {exc}") from None
    if not wanted:
        return result
    return dataclasses.replace(result, files=[r for r in result.files if scopes.of(r.path) in wanted])


class Progress:
    """A progress bar on stderr (count and time left) once a run has taken a second.

    Only on a terminal and without --quiet; rich is imported only when the bar shows, so a
    fast or piped run never pays for it."""

    DELAY = 1.0

    def __init__(self, quiet: bool, what: str):
        from neuron_migrate.report.text import colour

        self.on = not quiet and colour(sys.stderr, tty_only=True)
        self.what = what
        self.start = time.monotonic()
        self.bar = self.task = None

    def __enter__(self) -> Callable[[int, int], None] | None:
        return self.update if self.on else None

    def update(self, done: int, total: int) -> None:
        if self.bar is None:
            if time.monotonic() - self.start < self.DELAY or done >= total:
                return
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn,
                                       TimeRemainingColumn)

            from neuron_migrate.report.text import console

            self.bar = Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                           TextColumn("files"), TimeRemainingColumn(), console=console(sys.stderr),
                           transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.what, total=total)
        self.bar.update(self.task, completed=done, total=total)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


def write_output(path: Path, write: Callable) -> None:
    """Write an output file; a folder that does not exist or a read-only file is a usage error."""
    try:
        with path.open("w", encoding="utf-8") as fh:
            write(fh)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
