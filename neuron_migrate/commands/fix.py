"""`neuron-migrate fix PATH...`: print (or with --apply, write) every fix whose meaning is certain."""


import sys
from types import SimpleNamespace
from typing import Annotated

import typer

from neuron_migrate.commands import UsageError
from neuron_migrate.commands.options import (Capabilities, Entry, Exclude, ExitZero, FailOn, Ignore, Jobs,
                                             NoCache, Paths, Progress, Quiet, Select, Style, TextOrJson,
                                             UnsafeFixes, settings)

EPILOG = ("Exit codes: 0 nothing blocking left; 1 blocking findings left (with --check: a fix is "
          "pending); 2 a usage error, a file that could not be written, or a fix refused because "
          "its result would not parse.")


def register(app: typer.Typer) -> None:
    app.command("fix", help=fix.__doc__, epilog=EPILOG)(fix)


def fix(
    paths: Paths,
    apply: Annotated[bool, typer.Option("--apply", help="Write the fixes (default: print a diff).")] = False,
    check: Annotated[bool, typer.Option("--check", help="Print only a summary; exit 1 when a fix is "
                                        "pending (for pre-commit and CI).")] = False,
    unsafe_fixes: UnsafeFixes = False,
    style: Style = None,
    format: TextOrJson = "text",
    select: Select = None, ignore: Ignore = None, fail_on: FailOn = None, exit_zero: ExitZero = False,
    exclude: Exclude = None, capabilities: Capabilities = None, entry: Entry = None,
    quiet: Quiet = False, no_cache: NoCache = False, jobs: Jobs = None,
) -> int:
    """Print (or with --apply, write) every fix whose meaning is certain."""
    return fix_command(SimpleNamespace(**locals()))


def fix_command(args) -> int:
    if args.apply and args.check:
        raise UsageError("--apply and --check exclude each other")
    conf = settings(args)
    mode = "apply" if args.apply else "check" if args.check else "diff"
    results, write_errors = run_fix(args, conf, mode)
    code = exit_code(args, conf.options, mode, results, write_errors)
    if args.format == "json":
        from neuron_migrate.report.fix import render_json

        sys.stdout.write(render_json(results, mode, write_errors, conf.options.fail_on, args.paths))
    return code


def run_fix(args, conf, mode: str, verbose: bool = True, left: bool = True):
    """Fix the files; in diff mode print each diff as it is ready (the JSON holds them with
    -f json), in apply mode write each file. (results, {path: why it could not be written});
    the summary goes to stderr."""
    from neuron_migrate.discover import scan_base
    from neuron_migrate.report.fix import patch_path, summary, unified_diff
    from neuron_migrate.report.text import colour
    from neuron_migrate.fix import FileFix
    from neuron_migrate.runner import candidates, fix_files, skipped_result
    from neuron_migrate.writer import write_atomic

    as_json = getattr(args, "format", "text") == "json"
    color = mode == "diff" and not as_json and colour(sys.stdout)
    results = []
    write_errors: dict[str, str] = {}
    todo, skipped = candidates(args.paths, conf.exclude)
    base = scan_base(args.paths)
    root = str(base)
    for item in skipped:
        if item.error:  # a folder it could not list: a finding that fails the gate
            results.append(FileFix(item.rel, remaining=list(skipped_result(item).findings)))
        elif not args.quiet:
            print(f"skipped {patch_path(root, item.rel)}: {item.reason}", file=sys.stderr)
    # fixes are computed in a process pool for many files; writing stays here, in order
    with Progress(args.quiet or mode == "diff", "fixing") as progress:
        for item, data, result in fix_files(todo, conf.options, args.unsafe_fixes, args.jobs, progress,
                                            use_cache=not args.no_cache, base=base):
            results.append(result)
            if data is None or not result.changed:
                continue
            if mode == "apply":
                try:
                    write_atomic(item.path, result.data, expected=data)
                except OSError as exc:
                    write_errors[item.rel] = str(exc.strerror or exc)
            elif mode == "diff" and not as_json:
                _write_out(unified_diff(patch_path(root, item.rel), result.before, result.after, color), result.encoding)
    # stdout carries only the patch; the report goes to stderr (-q: counts and problems only)
    print("\n".join(summary(results, mode, args.unsafe_fixes, write_errors, conf.options.fail_on,
                            verbose=verbose and not args.quiet, left=left, root=root,
                            scope_of=conf.scopes([r.path for r in results]).of)), file=sys.stderr)
    return results, write_errors


def exit_code(args, options, mode: str, results, write_errors) -> int:
    from neuron_migrate.fix import BROKEN, not_analysed
    from neuron_migrate.report import blocking

    broken = any(n.reason == BROKEN for r in results for n in r.not_applied)
    if write_errors or broken or any(r.error for r in results):
        return 2
    if args.exit_zero:
        return 0
    if mode == "check":
        pending = any(r.changed for r in results)
        unreadable = any(not_analysed(f) for r in results for f in r.remaining)
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
