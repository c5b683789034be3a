"""Helpers shared by the test-suite and by rule authors: analyse and fix a string."""

from __future__ import annotations

from pathlib import Path

from neuron_migrate.engine import analyse_source
from neuron_migrate.fix import fix_source
from neuron_migrate.models import Finding, Options
from neuron_migrate.source import SourceFile


def findings_of(code: str, path: str = "input.py", options: Options = Options()) -> list[Finding]:
    return list(analyse_source(SourceFile(path=path, text=code), options).findings)


def fixed(code: str, unsafe: bool = False, options: Options = Options()) -> str:
    outcome = fix_source(SourceFile(path="input.py", text=code), options, unsafe=unsafe)
    assert outcome.error is None, outcome.error
    return outcome.text


def format_findings(findings: list[Finding]) -> str:
    """``LINE:COL CODE message`` with `` [*]`` (safe fix) or `` [~]`` (unsafe fix)."""
    out = []
    for f in findings:
        mark = "" if f.fix is None else " [*]" if f.fix.applicability.value == "safe" else " [~]"
        out.append(f"{f.line}:{f.column} {f.code} {f.message}{mark}")
    return "\n".join(out) + ("\n" if out else "")


def compare_with_file(path: Path, actual: str, update: bool) -> None:
    """Assert ``actual`` equals the expected file ``path``; ``update`` (pytest --update-fixtures)
    rewrites it first."""
    if update:
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"{path} is missing (run pytest --update-fixtures)"
    assert actual == path.read_text(encoding="utf-8")
