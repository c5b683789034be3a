"""Human output: findings grouped by file with the source line under each, then a summary.

Plain strings with ANSI colours when the stream is a terminal (``colour``): one write per
file, so a warm scan of a large tree spends milliseconds here, not a second.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path
from typing import TextIO

from neuron_migrate.models import Applicability, ScanResult, Severity
from neuron_migrate.report import summary
from neuron_migrate.source import file_cells, file_lines

_CODES = {"bold": "1", "dim": "2", "underline": "4", "red": "31", "green": "32", "yellow": "33",
          "magenta": "35", "cyan": "36"}
_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
_COLUMNS = ("error", "warning", "info", "safe fix", "unsafe fix", "manual")


def colour(stream: TextIO) -> bool:
    """Whether to colour ``stream``: NO_COLOR wins, then FORCE_COLOR, then a terminal that is not dumb."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


class Paint:
    def __init__(self, on: bool):
        self.on = on

    def __call__(self, text: str, style: str) -> str:
        if not self.on or not style:
            return text
        codes = ";".join(_CODES[s] for s in style.split())
        return f"\x1b[{codes}m{text}\x1b[0m"


def render(result: ScanResult, skipped, out: TextIO, color: bool = False) -> None:
    paint = Paint(color)
    root = Path(result.root)
    by_file = defaultdict(list)
    for f in result.findings:
        by_file[f.path].append(f)
    for path, findings in by_file.items():
        file = Path(path) if Path(path).is_absolute() else root / path
        cells = file_cells(file) if path.endswith(".ipynb") else {}
        lines = [] if cells else file_lines(file)
        block = [paint(path, "bold underline")]
        for f in findings:
            mark = ""
            if f.fix is not None:
                mark = (" " + paint("[*]", "green") if f.fix.applicability is Applicability.SAFE
                        else " " + paint("[~]", "magenta"))
            where = f"{f.line}:{f.column}" if f.cell is None else f"cell {f.cell}:line {f.line}:{f.column}"
            block.append(f"  {paint(where, 'dim')} {paint(f.code, _STYLE[f.severity])} {f.message}{mark}")
            if f.cell is not None:
                lines = cells.get(f.cell, [])
            if 0 < f.line <= len(lines):
                block.append("      " + paint(lines[f.line - 1].strip(), "dim"))
        out.write("\n".join(block) + "\n\n")
    for s in skipped:
        out.write(f"{paint('skipped', 'yellow')} {s.rel}: {s.reason}\n")
    out.write(_summary(result, skipped, paint))


def _summary(result: ScanResult, skipped, paint: Paint) -> str:
    s = summary(result, skipped)
    findings = result.findings
    if not findings:
        return (f"{paint('No findings', 'green')} in {len(result.files)} files "
                f"({s['lines_scanned']} lines).\n")
    rows: dict[str, list[int]] = defaultdict(lambda: [0] * len(_COLUMNS))
    for f in findings:
        row = rows[f.category]
        row[{Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}[f.severity]] += 1
        row[3 if f.fix and f.fix.applicability is Applicability.SAFE else 4 if f.fix else 5] += 1
    styles = (_STYLE[Severity.ERROR], _STYLE[Severity.WARNING], _STYLE[Severity.INFO], "green", "magenta", "")
    first = max(len("category"), *map(len, rows))
    widths = [max(len(c), *(len(str(r[i])) for r in rows.values())) for i, c in enumerate(_COLUMNS)]
    out = ["Findings by category",
           "  ".join(["category".ljust(first), *(c.rjust(w) for c, w in zip(_COLUMNS, widths))])]
    for category in sorted(rows):
        cells = (paint(str(n).rjust(w), st) for n, w, st in zip(rows[category], widths, styles))
        out.append("  ".join([category.ljust(first), *cells]))
    out.append(
        f"{s['findings']} findings in {s['files_with_findings']} of {len(result.files)} files "
        f"({s['lines_scanned']} lines); {s['fixable']['safe']} safe fixes "
        f"({paint('[*]', 'green')} run `neuron-migrate fix`), {s['fixable']['unsafe']} unsafe "
        f"({paint('[~]', 'magenta')} add `--unsafe-fixes`).")
    return "\n".join(out) + "\n"
