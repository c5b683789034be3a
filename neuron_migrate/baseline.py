"""Baselines: accept the findings a project has today and fail only on new ones.

A finding's fingerprint is (path, code, hash of its normalised first line, occurrence):
the line text without its whitespace, and the finding's index among the
findings in the same file with the same code and the same text. It survives lines
added or removed above it and re-indentation; it changes when the line itself changes.
Paths are stored relative to the baseline file's folder, so a baseline written at the
repository root matches whichever folder is scanned.

Files the tool could not analyse (NM901-NM904, NM906: their FileResult says ``skipped``)
are never baselined: a gate must not pass by skipping a file. Exclude such files instead.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from neuron_migrate.discover import shown, source_file
from neuron_migrate.models import Finding, ScanResult
from neuron_migrate.notebook import file_cells
from neuron_migrate.source import file_lines

SCHEMA_VERSION = 1


class BaselineError(ValueError):
    """A baseline file that cannot be read."""


@dataclass(frozen=True, order=True)
class Entry:
    path: str  # relative to the baseline file's folder, forward slashes
    code: str
    line_hash: str
    occurrence: int


@dataclass
class Applied:
    result: ScanResult  # the scan without the baselined findings
    matched: int  # findings the baseline hid
    unused: list[Entry]  # entries that matched nothing: the baseline can shrink


def normalise(line: str) -> str:
    return "".join(line.split())  # spacing and indentation changes (a formatter) keep the match


def line_hash(line: str) -> str:
    return hashlib.sha256(normalise(line).encode("utf-8")).hexdigest()[:16]


def not_analysed(result: ScanResult) -> list[Finding]:
    """The findings that say a file was not analysed; they are never baselined."""
    skipped = {r.path for r in result.files if r.skipped}
    return [f for f in result.findings if f.path in skipped]


def fingerprints(result: ScanResult, folder: Path) -> list[tuple[Finding, Entry]]:
    """Each baselinable finding of ``result`` with its entry, paths relative to ``folder``."""
    root = Path(result.root)
    out: list[tuple[Finding, Entry]] = []
    by_file: dict[str, list[Finding]] = defaultdict(list)
    skipped = {r.path for r in result.files if r.skipped}
    for f in result.findings:
        if f.path not in skipped:
            by_file[f.path].append(f)
    for rel, findings in by_file.items():
        file = source_file(root, rel)
        notebook = any(f.cell is not None for f in findings)
        lines, cells = ([], file_cells(file)) if notebook else (file_lines(file), {})
        key = shown(Path(os.path.relpath(file.absolute(), folder.absolute())).as_posix())
        seen: dict[tuple[str, str], int] = defaultdict(int)
        for f in findings:  # already in source order
            own = cells.get(f.cell, []) if f.cell is not None else lines
            text = own[f.line - 1] if 0 < f.line <= len(own) else ""
            h = line_hash(text)
            n = seen[(f.code, h)]
            seen[(f.code, h)] = n + 1
            out.append((f, Entry(key, f.code, h, n)))
    return out


def render(result: ScanResult, destination: Path) -> str:
    """The baseline file for ``result``, to be written at ``destination``: JSON, stable order."""
    rows = sorted(fingerprints(result, destination.absolute().parent), key=lambda p: p[1])
    doc = {
        "schema_version": SCHEMA_VERSION,
        "tool": "neuron-migrate",
        "findings": [{**dataclasses.asdict(e), "message": f.message} for f, e in rows],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def load(path: Path) -> set[Entry]:
    if path.exists() and not path.is_file():
        raise BaselineError(f"{path}: cannot read the baseline: not a regular file")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BaselineError(f"{path}: cannot read the baseline: {exc}") from None
    try:
        doc = json.loads(text, parse_constant=_not_json, parse_float=_no_float, parse_int=_small_int)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        why = "nested too deeply" if isinstance(exc, RecursionError) else exc
        raise BaselineError(f"{path}: not a baseline (invalid JSON: {why})") from None
    if not isinstance(doc, dict) or doc.get("schema_version") != SCHEMA_VERSION \
            or not isinstance(doc.get("findings"), list):
        raise BaselineError(f"{path}: not a neuron-migrate baseline (schema_version "
                            f"{SCHEMA_VERSION} with a 'findings' list); write one with "
                            "`neuron-migrate baseline PATH -o FILE`")
    entries = set()
    for i, row in enumerate(doc["findings"], 1):
        fields = [row.get(k) for k in ("path", "code", "line_hash", "occurrence")] \
            if isinstance(row, dict) else []
        if [type(v) for v in fields] != [str, str, str, int]:
            raise BaselineError(f"{path}: finding {i} needs path, code, line_hash (strings) and "
                                "occurrence (a whole number)")
        entries.add(Entry(*fields))
    return entries


def _not_json(word: str):
    raise ValueError(f"{word} is not a JSON number")


def _no_float(text: str):
    raise ValueError(f"a baseline holds no fractional numbers ({text[:20]})")


def _small_int(text: str) -> int:
    if len(text) > 18:
        raise ValueError(f"number {text[:20]}… is too long for a baseline")
    return int(text)


def apply(result: ScanResult, path: Path, entries: set[Entry] | None = None) -> Applied:
    """Drop the findings the baseline at ``path`` knows; report entries that matched nothing."""
    if entries is None:
        entries = load(path)
    pairs = [(f, e) for f, e in fingerprints(result, path.absolute().parent) if e in entries]
    known = {id(f) for f, _ in pairs}
    matched = {e for _, e in pairs}
    files = [dataclasses.replace(r, findings=tuple(f for f in r.findings if id(f) not in known))
             for r in result.files]
    return Applied(dataclasses.replace(result, files=files), len(known),
                   sorted(entries - matched))
