"""`neuron-migrate baseline PATH -o FILE`: record today's findings so a gate fails only on new ones."""


from pathlib import Path
from types import SimpleNamespace
from typing import Annotated

import typer

from neuron_migrate.commands import UsageError, note, plural
from neuron_migrate.commands.options import (Follow, NoFollow, Capabilities, Entry, Exclude, Ignore, Jobs, NoCache, Paths, Quiet,
                                             Select, run_scan, settings)


def register(app: typer.Typer) -> None:
    app.command("baseline", help=baseline.__doc__)(baseline)


def baseline(
    paths: Paths,
    output: Annotated[Path, typer.Option("-o", "--output", help="The baseline file to write (JSON).")],
    select: Select = None, ignore: Ignore = None, exclude: Exclude = None,
    capabilities: Capabilities = None, entry: Entry = None, follow: Follow = None, no_follow: NoFollow = False, quiet: Quiet = False, no_cache: NoCache = False,
    jobs: Jobs = None,
) -> int:
    """Write every current finding's fingerprint; `scan --baseline FILE` then reports only new ones."""
    return baseline_command(SimpleNamespace(**locals()))


def baseline_command(args) -> int:
    from neuron_migrate.baseline import not_analysed, render

    conf = settings(args)
    result, _ = run_scan(args, conf)
    output: Path = args.output
    try:
        output.write_text(render(result, output), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {output}: {exc.strerror or exc}") from None
    findings = result.findings
    left = not_analysed(result)
    note(args.quiet, f"wrote {plural(len(findings) - len(left), 'finding')} to {output}")
    if left:
        note(args.quiet, f"{plural(len({f.path for f in left}), 'file')} that could not be analysed "
             f"({', '.join(sorted({f.code for f in left}))}) are not baselined: a gate never "
             "passes by skipping a file; fix or exclude them")
    return 0
