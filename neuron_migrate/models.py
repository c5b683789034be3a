"""The values that flow through the tool: findings, fixes and per-file results.

Every type here is a frozen dataclass of plain values, so results pickle across a
process pool and serialise to the JSON contract without adapters.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Severity(enum.IntEnum):
    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.upper()]
        except KeyError:
            raise ValueError(f"unknown severity {text!r} (expected error, warning or info)") from None


class Applicability(str, enum.Enum):
    SAFE = "safe"
    UNSAFE = "unsafe"


@dataclass(frozen=True, order=True)
class Edit:
    """Replace the characters ``text[start:end]`` of the file's decoded text."""

    start: int
    end: int
    replacement: str


@dataclass(frozen=True)
class Fix:
    title: str
    applicability: Applicability
    edits: tuple[Edit, ...]
    reason: str = ""  # why a fix is unsafe; empty for safe fixes


@dataclass(frozen=True)
class Finding:
    code: str
    rule: str
    severity: Severity
    category: str
    path: str  # relative to the scan root, with forward slashes
    line: int  # 1-based
    column: int  # 1-based, in characters
    end_line: int
    end_column: int
    message: str
    fix: Fix | None = None
    cell: int | None = None  # notebook cell number (1-based) when the file is a notebook

    @property
    def sort_key(self) -> tuple:
        return (self.path, self.line, self.column, self.code)


@dataclass(frozen=True)
class FileResult:
    path: str
    findings: tuple[Finding, ...] = ()
    skipped: str | None = None  # reason the file was not analysed (also reported as a finding)
    lines: int = 0


@dataclass(frozen=True)
class Options:
    """What the engine needs to know besides the file itself."""

    select: tuple[str, ...] = ()  # code prefixes; empty means every rule
    ignore: tuple[str, ...] = ()
    fail_on: Severity | None = Severity.ERROR  # None: never fail

    def wants(self, code: str) -> bool:
        if self.select and not any(code.startswith(p) for p in self.select):
            return False
        return not any(code.startswith(p) for p in self.ignore)


@dataclass
class ScanResult:
    root: str
    files: list[FileResult] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        out = [f for r in self.files for f in r.findings]
        out.sort(key=lambda f: f.sort_key)
        return out
