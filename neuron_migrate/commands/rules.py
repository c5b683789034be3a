"""`neuron-migrate rules` and `neuron-migrate explain CODE`: what each rule finds and why."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from neuron_migrate.commands import UsageError
from neuron_migrate.commands.options import TextOrJson


def register(app: typer.Typer) -> None:
    app.command("rules", help=rules.__doc__)(rules)
    app.command("explain", help=explain.__doc__)(explain)


def rules(format: TextOrJson = "text") -> int:
    """List every rule with its code, severity and fix safety."""
    from neuron_migrate.checks import RULES, load_all

    load_all()
    listed = sorted(RULES.values(), key=lambda r: r.code)
    if format == "json":
        import json

        docs = [{"code": r.code, "name": r.name, "severity": r.severity.label, "category": r.category,
                 "summary": r.summary, "fix": r.fix} for r in listed]
        sys.stdout.write(json.dumps(docs, indent=2) + "\n")
        return 0
    rows = [("code", "name", "severity", "fix", "summary")]
    rows += [(r.code, r.name, r.severity.label, r.fix, r.summary) for r in listed]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    sys.stdout.write("".join("  ".join([*(c.ljust(w) for c, w in zip(row, widths)), row[4]]) + "\n"
                             for row in rows))
    return 0


def explain(code: Annotated[str, typer.Argument(metavar="CODE", help="A rule code such as NM101.")]) -> int:
    """Print what a rule finds, why it matters, an example and what to use instead."""
    rule = find_rule(code)
    sys.stdout.write(explain_text(rule))
    return 0


def find_rule(code: str):
    """The rule with this code; a usage error that names the nearest codes otherwise."""
    from neuron_migrate.checks import RULES, load_all

    load_all()
    wanted = code.strip().upper()
    rule = RULES.get(wanted)
    if rule is None:
        import difflib

        near = difflib.get_close_matches(wanted, RULES, n=3, cutoff=0.6)
        hint = f"; did you mean {' or '.join(near)}?" if near else " (see `neuron-migrate rules`)"
        raise UsageError(f"unknown rule {code!r}{hint}")
    return rule


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
        from neuron_migrate.capabilities import source_notes

        parts += ["", "Source", f"  {r.source}", *(f"    {note}" for note in source_notes(r.source))]
    return "\n".join(parts) + "\n"


def _indent(code: str) -> str:
    return "\n".join("    " + line for line in code.splitlines())
