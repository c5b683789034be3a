"""Human output: findings grouped by file with the source line under each, then a summary."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from neuron_migrate.models import Applicability, ScanResult, Severity
from neuron_migrate.report import summary

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def _read_lines(root: Path, rel: str) -> list[str]:
    path = Path(rel) if Path(rel).is_absolute() else root / rel
    try:
        return path.read_bytes().decode("utf-8", errors="replace").splitlines()
    except OSError:
        return []


def _notebook_lines(root: Path, rel: str) -> dict[int, list[str]]:
    from neuron_migrate.notebook import code_lines

    path = Path(rel) if Path(rel).is_absolute() else root / rel
    try:
        return code_lines(path.read_bytes())
    except OSError:
        return {}


def render(result: ScanResult, skipped, console: Console) -> None:
    root = Path(result.root)
    by_file = defaultdict(list)
    for f in result.findings:
        by_file[f.path].append(f)
    for path, findings in by_file.items():
        cells = _notebook_lines(root, path) if path.endswith(".ipynb") else {}
        lines = [] if cells else _read_lines(root, path)
        console.print(f"[bold underline]{escape(path)}[/]")
        for f in findings:
            mark = ""
            if f.fix is not None:
                mark = " [green][*][/]" if f.fix.applicability is Applicability.SAFE else " [magenta][~][/]"
            where = f"{f.line}:{f.column}" if f.cell is None else f"cell {f.cell}:line {f.line}:{f.column}"
            console.print(f"  [dim]{where}[/] [{_STYLE[f.severity]}]{f.code}[/] "
                          f"{escape(f.message)}{mark}", highlight=False, soft_wrap=True)
            if f.cell is not None:
                lines = cells.get(f.cell, [])
            if 0 < f.line <= len(lines):
                text = lines[f.line - 1].rstrip()
                console.print(f"      [dim]{escape(text.strip())}[/]", highlight=False, soft_wrap=True)
        console.print()
    for s in skipped:
        console.print(f"[yellow]skipped[/] {escape(s.rel)}: {escape(s.reason)}", highlight=False)
    _summary_table(result, skipped, console)


def _summary_table(result: ScanResult, skipped, console: Console) -> None:
    s = summary(result, skipped)
    findings = result.findings
    if not findings:
        console.print(f"[green]No findings[/] in {len(result.files)} files "
                      f"({s['lines_scanned']} lines).")
        return
    table = Table(title="Findings by category", title_justify="left")
    table.add_column("category")
    for sev in (Severity.ERROR, Severity.WARNING, Severity.INFO):
        table.add_column(sev.label, justify="right", style=_STYLE[sev])
    table.add_column("safe fix", justify="right", style="green")
    table.add_column("unsafe fix", justify="right", style="magenta")
    table.add_column("manual", justify="right")
    rows = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
    for f in findings:
        row = rows[f.category]
        row[{Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}[f.severity]] += 1
        row[3 if f.fix and f.fix.applicability is Applicability.SAFE else 4 if f.fix else 5] += 1
    for category in sorted(rows):
        table.add_row(category, *map(str, rows[category]))
    console.print(table)
    console.print(
        f"{s['findings']} findings in {s['files_with_findings']} of {len(result.files)} files "
        f"({s['lines_scanned']} lines); {s['fixable']['safe']} safe fixes "
        f"([green][*][/] run `neuron-migrate fix`), {s['fixable']['unsafe']} unsafe "
        f"([magenta][~][/] add `--unsafe-fixes`).", highlight=False)
