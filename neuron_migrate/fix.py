"""Apply fixes: span edits on the original text, back to front, verified by re-parsing.

Bytes outside the edited spans never change. Overlapping fixes are not merged: the
first (outermost) is applied, the file is analysed again, and the loop repeats until
nothing applicable is left or the bound is reached.
"""

from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass, field

from neuron_migrate.engine import analyse_source
from neuron_migrate.models import Applicability, Edit, Finding, Options
from neuron_migrate.source import SourceFile

MAX_PASSES = 8


@dataclass
class FixOutcome:
    source: SourceFile
    text: str  # the fixed text (equal to source.text when nothing applied)
    applied: list[Finding] = field(default_factory=list)
    remaining: list[Finding] = field(default_factory=list)  # findings left after fixing
    error: str | None = None  # why the fixed text was refused

    @property
    def changed(self) -> bool:
        return self.error is None and self.text != self.source.text


def applicable(finding: Finding, unsafe: bool) -> bool:
    fix = finding.fix
    return fix is not None and (unsafe or fix.applicability is Applicability.SAFE)


def apply_edits(text: str, findings: list[Finding]) -> tuple[str, list[Finding]]:
    """Apply the fixes of ``findings`` whose edits overlap no earlier one; return text and those applied."""
    taken: list[Edit] = []
    applied: list[Finding] = []
    for f in sorted(findings, key=lambda f: (f.fix.edits[0].start, -f.fix.edits[-1].end)):
        edits = f.fix.edits
        if any(e.start < t.end and t.start < e.end or (e.start == e.end == t.start == t.end)
               for e in edits for t in taken):
            continue
        taken.extend(edits)
        applied.append(f)
    for e in sorted(taken, key=lambda e: (e.start, e.end), reverse=True):
        text = text[:e.start] + e.replacement + text[e.end:]
    return text, applied


def parses(text: str) -> str | None:
    """None if ``text`` parses, else the error."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        return f"{type(exc).__name__}: {getattr(exc, 'msg', exc)}"
    return None


def fix_source(src: SourceFile, options: Options, unsafe: bool = False) -> FixOutcome:
    """Apply every applicable fix to a fixed point (at most MAX_PASSES rounds)."""
    outcome = FixOutcome(source=src, text=src.text)
    current = src
    findings = list(analyse_source(src, options).findings)
    for _ in range(MAX_PASSES):
        todo = [f for f in findings if applicable(f, unsafe)]
        if not todo:
            break
        text, applied = apply_edits(current.text, todo)
        if not applied:
            break
        error = parses(text)
        if error is not None:
            outcome.error = f"the fixed file would not parse ({error}); left unchanged"
            outcome.text = src.text
            outcome.remaining = list(analyse_source(src, options).findings)
            return outcome
        outcome.applied.extend(applied)
        current = SourceFile(path=src.path, text=text, encoding=src.encoding, bom=src.bom)
        findings = list(analyse_source(current, options).findings)
    outcome.text = current.text
    outcome.remaining = findings
    return outcome
