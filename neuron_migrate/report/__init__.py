"""Output formats. Each module turns a ScanResult into text; none of them analyses anything."""

from __future__ import annotations

from collections import Counter

from neuron_migrate.models import Applicability, Finding, ScanResult


def summary(result: ScanResult, skipped) -> dict:
    findings = result.findings
    fixes = Counter(f.fix.applicability.value for f in findings if f.fix)
    return {
        "findings": len(findings),
        "by_severity": _counts(f.severity.label for f in findings),
        "by_category": _counts(f.category for f in findings),
        "by_code": _counts(f.code for f in findings),
        "fixable": {"safe": fixes.get(Applicability.SAFE.value, 0),
                    "unsafe": fixes.get(Applicability.UNSAFE.value, 0)},
        "files_with_findings": len({f.path for f in findings}),
        "lines_scanned": sum(r.lines for r in result.files),
        "suppressed": sum(r.suppressed for r in result.files),
        "baselined": result.baselined,
    }


def _counts(items) -> dict[str, int]:
    return dict(sorted(Counter(items).items()))


def blocking(findings: list[Finding], fail_on) -> list[Finding]:
    return [] if fail_on is None else [f for f in findings if f.severity >= fail_on]


def workspace_path(root: str, path: str) -> str:
    """A finding's path relative to the working directory (the checkout, in CI), else absolute.

    SARIF and GitHub annotations name files relative to the repository root, while the
    JSON contract names them relative to the scan root; in CI the two differ when a
    subfolder is scanned.
    """
    from neuron_migrate.discover import shown

    return shown(workspace_file(root, path))


def workspace_file(root: str, path: str) -> str:
    """``workspace_path`` as the file's real name (Python's str for its bytes), for a URI."""
    import os
    from pathlib import Path

    from neuron_migrate.discover import source_file

    full = source_file(root, path).absolute()
    rel = os.path.relpath(full, Path.cwd())
    return full.as_posix() if rel.startswith("..") else Path(rel).as_posix()
