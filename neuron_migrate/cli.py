"""The command line: options in, rendered results out. No analysis happens here.

Exit codes: 0 nothing at or above ``--fail-on``; 1 findings at or above it (or, for
``fix``, blocking findings left); 2 usage, configuration or internal error.

Built on ``argparse``: a warm scan answers in a tenth of a second, and typer, which
imports pydantic to read its options, took 0.2 s to start (docs/performance.md).
Commands in ``neuron_migrate.commands`` add their parsers with a ``register(sub)``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from neuron_migrate import __version__

SCAN_FORMATS = ("text", "json", "sarif", "github", "markdown")
FAIL_ON = ("error", "warning", "info", "never")
COMMAND_MODULES = ("ops", "baseline", "report", "measure")


class UsageError(Exception):
    """A problem with what the user asked for: exit 2 with the message."""


def note(quiet: bool, message: str) -> None:
    """A line for the person at the terminal, on stderr; ``--quiet`` drops it."""
    if not quiet:
        print(message, file=sys.stderr)


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


def settings(args: argparse.Namespace):
    """The [tool.neuron-migrate] config found for ``args.paths``, overridden by the options given."""
    from neuron_migrate.config import settings as load
    from neuron_migrate.discover import scan_base

    paths = args.paths
    missing = [str(p) for p in paths if not p.exists() and not p.is_symlink()]
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")
    overlays = getattr(args, "capabilities", None)
    conf = load(paths, select=_codes(args.select) if args.select else None,
                ignore=_codes(args.ignore) if args.ignore else None,
                fail_on=getattr(args, "fail_on", None),
                exclude=tuple(args.exclude) if args.exclude else None,
                capabilities=tuple(p.absolute() for p in overlays) if overlays else None,
                base=scan_base(paths))
    check_capabilities(conf.options.capabilities)  # a bad overlay fails before the scan
    return conf


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


def run_scan(args: argparse.Namespace, conf):
    """(ScanResult, skipped) for the paths and options of a scanning command."""
    from neuron_migrate.runner import scan

    progress = _progress_line() if not args.quiet and sys.stderr.isatty() else None
    try:
        return scan(args.paths, conf.options, conf.exclude, jobs=args.jobs,
                    use_cache=not args.no_cache, progress=progress)
    finally:
        if progress:
            sys.stderr.write("\r\x1b[K")


def _progress_line() -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        sys.stderr.write(f"\rscanning: {done}/{total} files")
        sys.stderr.flush()
    return show


def write_output(path: Path, write: Callable) -> None:
    """Write an output file; a folder that does not exist or a read-only file is a usage error."""
    try:
        with path.open("w", encoding="utf-8") as fh:
            write(fh)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None


# -- options shared by the commands that scan -----------------------------------------------

def _jobs(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number of at least 1")
    return n


def add_scan_options(p: argparse.ArgumentParser, *, fail_on: bool = True, cache: bool = True,
                     capabilities: bool = True) -> None:
    """The options of every command that scans (``fix`` has no cache and no overlays)."""
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="Files or folders to analyse.")
    p.add_argument("--select", action="append", metavar="CODES",
                   help="Only these rule codes or prefixes (NM1, NM101); repeatable or comma-separated.")
    p.add_argument("--ignore", action="append", metavar="CODES", help="Skip these rule codes or prefixes.")
    if fail_on:
        p.add_argument("--fail-on", choices=FAIL_ON, help="Lowest severity that makes the exit code 1 "
                       "(default: error, or the config's fail-on).")
    p.add_argument("--exclude", action="append", metavar="PATTERN",
                   help="Gitignore-style pattern of paths to skip; repeatable.")
    if capabilities:
        p.add_argument("--capabilities", action="append", type=Path, metavar="YAML",
                       help="A capability overlay YAML (from `neuron-migrate ops import`) that adds or "
                       "replaces table rows; repeatable, applied in order (default: the config's).")
    p.add_argument("-q", "--quiet", action="store_true", help="No progress or notes on stderr.")
    if cache:
        p.add_argument("--no-cache", action="store_true", help="Analyse every file again: neither "
                       "read nor write the .neuron-migrate-cache/ folder at the scan root.")
    p.add_argument("-j", "--jobs", type=_jobs, metavar="N",
                   help="Worker processes (default: one per available CPU; 1: no pool).")


# -- scan -----------------------------------------------------------------------------------

def scan_command(args: argparse.Namespace) -> int:
    """Find every CUDA-specific reference and report it with a stable rule code."""
    import importlib

    from neuron_migrate.report import blocking

    conf = settings(args)
    options = conf.options
    if args.baseline is not None:
        from neuron_migrate import baseline as baselines

        known = baselines.load(args.baseline)  # a bad baseline fails before the scan
    result, skipped = run_scan(args, conf)
    baselined = 0
    if args.baseline is not None:
        applied = baselines.apply(result, args.baseline, known)
        baselined = applied.matched
        result = applied.result
        if applied.unused:
            note(args.quiet, f"note: {len(applied.unused)} of the baseline's {len(known)} entries match "
                 f"no finding any more; the baseline can shrink (rewrite it with `neuron-migrate "
                 f"baseline PATH -o {args.baseline}`)")
    if args.format == "text":
        from neuron_migrate.report import text as text_report

        if args.output:
            write_output(args.output, lambda fh: text_report.render(result, skipped, fh))
        else:
            text_report.render(result, skipped, sys.stdout, color=text_report.colour(sys.stdout))
    else:
        module = importlib.import_module(f"neuron_migrate.report.{args.format}")
        if args.format == "markdown":  # the porting report: same capability table, and it
            text = module.render(result, skipped, options.capabilities, baselined)  # says what the baseline hid
        else:
            text = module.render(result, skipped)
        if args.output:
            write_output(args.output, lambda fh: fh.write(text))
        else:
            sys.stdout.write(text)
    return 1 if blocking(result.findings, options.fail_on) else 0


# -- fix ------------------------------------------------------------------------------------

def fix_command(args: argparse.Namespace) -> int:
    """Print (or with --apply, write) every fix whose meaning is certain."""
    import os

    from neuron_migrate.discover import Candidate, discover, scan_base
    from neuron_migrate.fix import BROKEN, FileFix, summary, unified_diff
    from neuron_migrate.report import blocking
    from neuron_migrate.report.text import colour
    from neuron_migrate.runner import fix_files
    from neuron_migrate.writer import write_atomic

    if args.apply and args.check:
        raise UsageError("--apply and --check exclude each other")
    conf = settings(args)
    options = conf.options
    mode = "apply" if args.apply else "check" if args.check else "diff"
    color = mode == "diff" and colour(sys.stdout)
    results: list[FileFix] = []
    write_errors: dict[str, str] = {}
    seen: set[str] = set()
    todo: list[Candidate] = []
    for item in discover(args.paths, scan_base(args.paths), conf.exclude):
        if not isinstance(item, Candidate):
            note(args.quiet, f"skipped {item.rel}: {item.reason}")
            continue
        real = os.path.realpath(item.path)
        if real in seen:  # a symbolic link to a file already fixed
            continue
        seen.add(real)
        todo.append(item)
    # fixes are computed in a process pool for many files; writing stays here, in order
    for item, data, result in fix_files(todo, options, args.unsafe_fixes, args.jobs):
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
    print("\n".join(summary(results, mode, args.unsafe_fixes, write_errors, options.fail_on,
                            verbose=not args.quiet)), file=sys.stderr)
    broken = any(n.reason == BROKEN for r in results for n in r.not_applied)
    if write_errors or broken or any(r.error for r in results):
        return 2
    if mode == "check":
        pending = any(r.changed for r in results)
        unreadable = any(f.code.startswith("NM9") and f.severity.label == "error"
                         for r in results for f in r.remaining)
        return 1 if pending or unreadable else 0
    return 1 if blocking([f for r in results for f in r.remaining], options.fail_on) else 0


def _write_out(text: str, encoding: str) -> None:
    """Write a diff in the file's own encoding, so `git apply` and `patch` take it as is."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode(encoding, errors="backslashreplace"))
    buffer.flush()


# -- rules and explain -----------------------------------------------------------------------

def rules_command(args: argparse.Namespace) -> int:
    """List every rule with its code, severity and fix safety."""
    from neuron_migrate.checks import RULES, load_all

    load_all()
    rules = sorted(RULES.values(), key=lambda r: r.code)
    if args.format == "json":
        import json

        docs = [{"code": r.code, "name": r.name, "severity": r.severity.label, "category": r.category,
                 "summary": r.summary, "fix": r.fix} for r in rules]
        sys.stdout.write(json.dumps(docs, indent=2) + "\n")
        return 0
    rows = [("code", "name", "severity", "fix", "summary")]
    rows += [(r.code, r.name, r.severity.label, r.fix, r.summary) for r in rules]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    sys.stdout.write("".join("  ".join([*(c.ljust(w) for c, w in zip(row, widths)), row[4]]) + "\n"
                             for row in rows))
    return 0


def explain_command(args: argparse.Namespace) -> int:
    """Print what a rule finds, why it matters, an example and what to use instead."""
    from neuron_migrate.checks import RULES, load_all

    load_all()
    r = RULES.get(args.code.strip().upper())
    if r is None:
        raise UsageError(f"unknown rule {args.code!r} (see `neuron-migrate rules`)")
    sys.stdout.write(explain_text(r))
    return 0


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


# -- the parser -----------------------------------------------------------------------------

def command(sub, name: str, run: Callable[[argparse.Namespace], int], **kwargs) -> argparse.ArgumentParser:
    """A subcommand whose help is the first line of ``run``'s docstring (all of it with -h)."""
    doc = (run.__doc__ or "").strip()
    p = sub.add_parser(name, help=doc.split("\n")[0], description=doc, allow_abbrev=False,
                       formatter_class=argparse.RawDescriptionHelpFormatter, **kwargs)
    p.set_defaults(run=run)
    return p


def _add_scan(sub) -> None:
    p = command(sub, "scan", scan_command)
    add_scan_options(p)
    p.add_argument("-f", "--format", choices=SCAN_FORMATS, default="text", help="Output format.")
    p.add_argument("-o", "--output", type=Path, help="Write the report to this file.")
    p.add_argument("--baseline", type=Path, help="Report only findings this baseline file "
                   "(from `neuron-migrate baseline`) does not hold.")


def _add_fix(sub) -> None:
    p = command(sub, "fix", fix_command, epilog=(
        "Exit codes: 0 nothing blocking left; 1 blocking findings left (with --check: a fix is "
        "pending); 2 a usage error, a file that could not be written, or a fix refused because "
        "its result would not parse."))
    add_scan_options(p, cache=False, capabilities=False)
    p.add_argument("--apply", action="store_true", help="Write the fixes (default: print a diff).")
    p.add_argument("--check", action="store_true", help="Print only a summary; exit 1 when a fix "
                   "is pending (for pre-commit and CI).")
    p.add_argument("--unsafe-fixes", action="store_true", help="Also apply fixes marked unsafe.")


def _add_rules(sub) -> None:
    p = command(sub, "rules", rules_command)
    p.add_argument("-f", "--format", choices=("text", "json"), default="text", help="Output format.")


def _add_explain(sub) -> None:
    p = command(sub, "explain", explain_command)
    p.add_argument("code", help="A rule code such as NM101.")


def _add_module(name: str) -> Callable:
    def add(sub) -> None:
        import importlib

        importlib.import_module(f"neuron_migrate.commands.{name}").register(sub)
    return add


# every command, in the order `--help` lists them
COMMANDS: dict[str, Callable] = {"scan": _add_scan, "fix": _add_fix, "rules": _add_rules,
                                 "explain": _add_explain,
                                 **{name: _add_module(name) for name in COMMAND_MODULES}}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of command ``only`` alone (the others' parsers and
    modules are not needed to run it, and building them all took a warm scan 50 ms)."""
    parser = argparse.ArgumentParser(
        prog="neuron-migrate", allow_abbrev=False,
        description="Move PyTorch code from NVIDIA CUDA to AWS Trainium (TorchNeuron).")
    parser.add_argument("--version", action="version", version=f"neuron-migrate {__version__}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name, add in COMMANDS.items():
        if only is None or name == only:
            add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    try:
        args = parser.parse_args(_route(argv))
        if not hasattr(args, "run"):
            (getattr(args, "parser", None) or parser).print_help(sys.stderr)
            return 2
        return args.run(args) or 0
    except SystemExit as exc:  # argparse: --help, --version (0) and usage errors (2)
        return exc.code if isinstance(exc.code, int) else 2
    except UsageError as exc:
        print(f"neuron-migrate: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("neuron-migrate: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - anything unexpected is exit 2 with its traceback
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


def _route(argv: list[str]) -> list[str]:
    """`ops WORD ...` is `ops query WORD ...` unless WORD is a subcommand or asks for help."""
    if len(argv) < 2 or argv[0] != "ops":
        return argv  # not `ops`: its module (and the tables it loads) stays unimported
    from neuron_migrate.commands.ops import SUBCOMMANDS

    if argv[1] not in (*SUBCOMMANDS, "-h", "--help"):
        return ["ops", "query", *argv[1:]]
    return argv
