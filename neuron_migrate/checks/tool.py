"""NM9xx: files the tool could not analyse. A gate must never pass by skipping a file."""

from __future__ import annotations

from neuron_migrate.checks import rule
from neuron_migrate.models import FileResult, Finding

_NOT_ANALYSED = "The file was not analysed, so nothing in it is known to be ready for Neuron."

NM901 = rule(
    "NM901", "syntax-error", "error", "tool",
    summary="the file is not valid Python 3 and was not analysed",
    why=_NOT_ANALYSED + " Python 2 code and half-written files land here.",
    example="print 'hello'", use_instead="print('hello')", fix="none",
    fix_reason="the tool never rewrites a file it cannot parse",
)
NM902 = rule(
    "NM902", "undecodable-file", "error", "tool",
    summary="the file could not be decoded as text and was not analysed",
    why=_NOT_ANALYSED + " Binary files named .py, NUL bytes, or bytes that do not match the"
    " declared encoding (PEP 263 coding cookie) land here.",
    example="# -*- coding: latin-1 -*-  (followed by bytes that are not latin-1)",
    use_instead="save the file in the encoding its coding cookie declares", fix="none",
    fix_reason="the tool never rewrites a file it cannot decode",
)
NM903 = rule(
    "NM903", "too-complex", "error", "tool",
    summary="the file is nested too deeply for the Python parser and was not analysed",
    why=_NOT_ANALYSED, example="x = ((((((((...))))))))  # thousands of levels",
    use_instead="split the expression", fix="none",
)
NM904 = rule(
    "NM904", "unreadable-file", "error", "tool",
    summary="the file could not be read",
    why=_NOT_ANALYSED + " Permissions, files deleted during the scan and special files land here.",
    example="(a file without read permission)", use_instead="make the file readable", fix="none",
)


def problem(path: str, code: str, message: str, line: int, column: int, lines: int) -> FileResult:
    """A FileResult for a file that could not be analysed."""
    from neuron_migrate.checks import RULES

    r = RULES[code]
    finding = Finding(code=code, rule=r.name, severity=r.severity, category=r.category,
                      path=path, line=max(line, 1), column=max(column, 1), end_line=max(line, 1),
                      end_column=max(column, 1), message=message)
    return FileResult(path, (finding,), skipped=message, lines=lines)
