"""Human output: findings grouped by file with the source line under each (``full``), or one
``path:line:col: CODE message`` line each (``concise``), then a summary.

In colour (a terminal, or FORCE_COLOR) the full report is drawn by rich: messages wrap under
their own column at the terminal's width and the summary is a table. Otherwise it is plain
text, one write per file, and rich is not imported (a pipe, a file, ``-q``).
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path
from typing import TextIO

from neuron_migrate.discover import source_file
from neuron_migrate.models import Applicability, ScanResult, Severity
from neuron_migrate.commands import plural
from neuron_migrate.report import summary, workspace_path
from neuron_migrate.source import file_lines


def file_cells(path: Path) -> dict[int, list[str]]:
    """``notebook.file_cells``, imported for a notebook only (its import is a few percent of a
    warm scan)."""
    from neuron_migrate.notebook import file_cells

    return file_cells(path)


_CODES = {"bold": "1", "dim": "2", "underline": "4", "red": "31", "green": "32", "yellow": "33",
          "magenta": "35", "cyan": "36"}
_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
_COLUMNS = ("error", "warning", "info", "safe fix", "unsafe fix", "manual")
_COLUMN_STYLES = (_STYLE[Severity.ERROR], _STYLE[Severity.WARNING], _STYLE[Severity.INFO], "green", "magenta", "")


def colour(stream: TextIO, tty_only: bool = False) -> bool:
    """Whether to colour ``stream``: NO_COLOR wins, then FORCE_COLOR, then a terminal that is
    not dumb. ``tty_only``: whether ``stream`` is such a terminal, whatever the colour settings
    (for what only a terminal can show: a progress bar)."""
    if not tty_only:
        if os.environ.get("NO_COLOR"):
            return False
        if os.environ.get("FORCE_COLOR"):
            return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def console(stream: TextIO):
    """A rich console on ``stream`` (rich itself reads NO_COLOR, FORCE_COLOR and TERM)."""
    from rich.console import Console

    return Console(file=stream, highlight=False)


class Paint:
    def __init__(self, on: bool):
        self.on = on

    def __call__(self, text: str, style: str) -> str:
        if not self.on or not style:
            return text
        codes = ";".join(_CODES[s] for s in style.split())
        return f"\x1b[{codes}m{text}\x1b[0m"


def render(result: ScanResult, skipped, out: TextIO, color: bool = False, source: bool = True) -> None:
    """The ``full`` format: findings grouped by file, each with its source line (``source``).

    In colour, messages wrap under their own column at the console's width (textwrap:
    drawing each finding with rich cost a second per 1,000 findings) and the summary is a
    rich table; plain text otherwise."""
    paint = Paint(color)
    width = console(out).width if color else None
    root = Path(result.root)
    by_file = defaultdict(list)
    for f in result.findings:
        by_file[f.path].append(f)
    for path, findings in by_file.items():
        file = source_file(root, path)
        cells = file_cells(file) if source and path.endswith(".ipynb") else {}
        lines = file_lines(file) if source and not cells else []
        block = [paint(workspace_path(result.root, path), "bold underline")]
        for f in findings:
            where = f"{f.line}:{f.column}" if f.cell is None else f"cell {f.cell}:line {f.line}:{f.column}"
            indent = min(len(where) + len(f.code) + 4, 24) if width else 6
            message = _wrapped(f.message + _mark(f, Paint(False)), width and width - indent)
            if f.fix is not None:  # the mark is coloured once the text is wrapped
                bare = _mark(f, Paint(False)).strip()
                message[-1] = message[-1][:-len(bare)] + _mark(f, paint).strip()
            block.append(f"  {paint(where, 'dim')} {paint(f.code, _STYLE[f.severity])} {message[0]}")
            block.extend(" " * indent + rest for rest in message[1:])
            if f.cell is not None:
                lines = cells.get(f.cell, [])
            if 0 < f.line <= len(lines):
                block.append(" " * indent + paint(lines[f.line - 1].strip(), "dim"))
        out.write("\n".join(block) + "\n\n")
    if color:
        _rich_tail(result, skipped, out)
    else:
        _tail(result, skipped, out, paint)


def _wrapped(text: str, width: int | None) -> list[str]:
    if not width:
        return [text]
    import textwrap

    return textwrap.wrap(text, max(width, 30), break_on_hyphens=False, break_long_words=False) or [""]


def _rich_tail(result: ScanResult, skipped, out: TextIO) -> None:
    """Skipped files and the summary, the counts by category as a rich table."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    con = console(out)
    for s in skipped:
        con.print(Text.assemble(("skipped", "yellow"), f" {s.rel}: {s.reason}"))
    rows = _category_rows(result.findings)
    if rows:
        table = Table(title="Findings by category", title_justify="left", box=box.SIMPLE_HEAD,
                      title_style="bold", pad_edge=False)
        table.add_column("category")
        for name in _COLUMNS:
            table.add_column(name, justify="right")
        for category in sorted(rows):  # a zero is no alarm: only counts above zero are coloured
            table.add_row(category, *(Text(str(n), style=st if n else "dim")
                                      for n, st in zip(rows[category], _COLUMN_STYLES)))
        con.print(table)
    con.print(Text.from_ansi(_summary(result, skipped, Paint(True), table=False)), end="")


def _category_rows(findings) -> dict[str, list[int]]:
    """category -> counts of errors, warnings, infos, safe fixes, unsafe fixes, manual ports."""
    rows: dict[str, list[int]] = defaultdict(lambda: [0] * len(_COLUMNS))
    for f in findings:
        row = rows[f.category]
        row[{Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}[f.severity]] += 1
        row[3 if f.fix and f.fix.applicability is Applicability.SAFE else 4 if f.fix else 5] += 1
    return rows


def render_concise(result: ScanResult, skipped, out: TextIO, color: bool = False, source: bool = False) -> None:
    """The ``concise`` format: ``path:line:col: CODE message``, one line a finding, the path
    relative to the current folder, so that editors and terminals can jump to it."""
    paint = Paint(color)
    root = Path(result.root)
    shown: dict[str, str] = {}
    texts: dict[str, list[str] | dict[int, list[str]]] = {}
    block = []
    for f in result.findings:
        if f.path not in shown:
            shown[f.path] = workspace_path(result.root, f.path)
        where = f"{shown[f.path]}:{f.line}:{f.column}" if f.cell is None else \
            f"{shown[f.path]}:cell {f.cell}:{f.line}:{f.column}"
        block.append(f"{paint(where, 'bold')}: {paint(f.code, _STYLE[f.severity])} {f.message}{_mark(f, paint)}")
        if source:
            if f.path not in texts:
                file = source_file(root, f.path)
                texts[f.path] = file_cells(file) if f.path.endswith(".ipynb") else file_lines(file)
            lines = texts[f.path]
            lines = lines.get(f.cell, []) if isinstance(lines, dict) else lines
            if 0 < f.line <= len(lines):
                block.append("    " + paint(lines[f.line - 1].strip(), "dim"))
    if block:
        out.write("\n".join(block) + "\n\n")
    _tail(result, skipped, out, paint, table=False)


def _mark(f, paint: Paint) -> str:
    if f.fix is None:
        return ""
    if f.fix.applicability is Applicability.SAFE:
        return " " + paint("[*]", "green")
    return " " + paint("[~]", "magenta")


def _tail(result: ScanResult, skipped, out: TextIO, paint: Paint, table: bool = True) -> None:
    for s in skipped:
        out.write(f"{paint('skipped', 'yellow')} {s.rel}: {s.reason}\n")
    out.write(_summary(result, skipped, paint, table))


def _summary(result: ScanResult, skipped, paint: Paint, table: bool = True) -> str:
    s = summary(result, skipped)
    findings = result.findings
    hidden = _hidden(s)
    if not findings:
        return (f"{paint('No findings', 'green')} in {plural(len(result.files), 'file')} "
                f"({plural(s['lines_scanned'], 'line')}){hidden}.\n")
    rows = _category_rows(findings)
    first = max(len("category"), *map(len, rows))
    widths = [max(len(c), *(len(str(r[i])) for r in rows.values())) for i, c in enumerate(_COLUMNS)]
    out = ["Findings by category",
           "  ".join(["category".ljust(first), *(c.rjust(w) for c, w in zip(_COLUMNS, widths))])]
    for category in sorted(rows) if table else ():  # a zero is no alarm: only counts above zero are coloured
        cells = (paint(str(n).rjust(w), st if n else "dim") for n, w, st in zip(rows[category], widths, _COLUMN_STYLES))
        out.append("  ".join([category.ljust(first), *cells]))
    safe, unsafe = s["fixable"]["safe"], s["fixable"]["unsafe"]
    fixes = []
    if safe:
        fixes.append(f"{plural(safe, 'safe fix', 'safe fixes')} ({paint('[*]', 'green')} run `neuron-migrate fix`)")
    if unsafe:
        fixes.append(f"{plural(unsafe, 'unsafe fix', 'unsafe fixes')} ({paint('[~]', 'magenta')} add `--unsafe-fixes`)")
    out.append(
        f"{plural(s['findings'], 'finding')} in {s['files_with_findings']} of {plural(len(result.files), 'file')} "
        f"({plural(s['lines_scanned'], 'line')}){hidden}" + (f"; {', '.join(fixes)}" if fixes else "") + ".")
    return "\n".join(out if table else out[-1:]) + "\n"


def _hidden(s: dict) -> str:
    """What the counts leave out: findings suppressed in code, or held by a baseline."""
    parts = []
    if s["suppressed"]:
        parts.append(f"{s['suppressed']} suppressed in code")
    if s.get("baselined"):
        parts.append(f"{s['baselined']} in the baseline")
    return f"; not shown: {', '.join(parts)}" if parts else ""
