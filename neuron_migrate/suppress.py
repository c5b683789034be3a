"""Inline suppressions: ``# neuron-migrate: ignore[NM201,NM101]`` or a bare ``# neuron-migrate: ignore``.

A directive applies to findings that start on its line (a finding spanning several
lines is suppressed from its first line). Comments are read with ``tokenize``, so the
marker inside a string is not a directive, and only files that contain the marker are
tokenized at all. A directive, or a code in one, that suppresses nothing is reported
as NM905 with a fix that removes it; so is a malformed directive.

"Suppresses nothing" is judged against every finding the walk produced, before
``--select``/``--ignore`` filter them, so narrowing the selection never makes a
suppression look unused.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field

from neuron_migrate.models import Applicability, Edit, Finding, Fix
from neuron_migrate.source import SourceFile

MARKER = "neuron-migrate"
# A directive starts with its own '#': "# run neuron-migrate: ..." in prose is not one.
_START = re.compile(r"#[ \t]*neuron-migrate[ \t]*:")
# "ignore" or "ignore[...]", then the end, another comment, or a free-text reason after a space
_IGNORE = re.compile(r"[ \t]*ignore(?:\[(?P<codes>[^\]]*)\])?(?=\s|#|$)")
_CODE = re.compile(r"NM\d{3}")
SYNTAX = "`# neuron-migrate: ignore[NM201]` or `# neuron-migrate: ignore`"


@dataclass
class Directive:
    line: int  # 1-based
    column: int  # 0-based character column of the directive's '#'
    start: int  # character offsets of the directive in the file's text
    end: int
    codes: tuple[str, ...] | None  # None: bare ignore (every code)
    remove: tuple[int, int] | None  # span that deletes the whole directive cleanly, if any
    codes_span: tuple[int, int] | None = None  # offsets of the text between the brackets
    error: str | None = None  # why the directive is malformed
    used: set[str] = field(default_factory=set)  # codes it suppressed ("*" for a bare ignore)


def directives(src: SourceFile) -> list[Directive]:
    """Every directive in the file's comments; [] when tokenize cannot read the file."""
    text = src.text
    if MARKER not in text:
        return []
    last = max((i for i, line in enumerate(text.splitlines(), 1) if MARKER in line), default=0)
    out: list[Directive] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text, newline=None).readline):
            if tok.start[0] > last:
                break  # nothing below the last line naming the marker (splitlines never undercounts)
            if tok.type == tokenize.COMMENT and MARKER in tok.string:
                out.extend(_parse(src, tok))
    except (tokenize.TokenError, SyntaxError):
        return []  # the file parsed with ast, so this is rare; suppress nothing rather than guess
    return out


def _parse(src: SourceFile, tok: tokenize.TokenInfo) -> list[Directive]:
    row, col = tok.start
    comment = tok.string
    base = src.line_starts[row - 1] + col  # offset of the comment's '#'
    line = src.line_text(row)
    out = []
    for m in _START.finditer(comment):
        d_start = m.start()
        body = _IGNORE.match(comment, m.end())
        if body is None:
            rest = comment[m.end():].strip()
            end = len(comment)
            out.append(Directive(row, col + d_start, base + d_start, base + end, (), None,
                                 error=f"malformed suppression {rest[:40]!r}: write {SYNTAX}"))
            continue
        d_end = body.end()
        codes, codes_span, error = None, None, None
        if body.group("codes") is not None:
            raw = body.group("codes")
            codes = tuple(dict.fromkeys(c for c in re.split(r"[,\s]+", raw.strip().upper()) if c))
            codes_span = (base + body.start("codes"), base + body.end("codes"))
            bad = [c for c in codes if not _CODE.fullmatch(c)]
            if not codes:
                error = f"empty code list: write {SYNTAX}"
            elif bad:
                error = f"{bad[0]!r} is not a rule code such as NM201"
        remove = _removal(src, row, line, col, comment, d_start, d_end)
        out.append(Directive(row, col + d_start, base + d_start, base + d_end, codes, remove,
                             codes_span, error))
    return out


def _removal(src: SourceFile, row: int, line: str, col: int, comment: str, d_start: int,
             d_end: int) -> tuple[int, int] | None:
    """Offsets that delete the directive and leave valid code, or None when text follows it."""
    rest = comment[d_end:].lstrip(" \t")
    if rest and not rest.startswith("#"):
        return None  # "# neuron-migrate: ignore[X] because ..." - removing it would orphan the reason
    line_start = src.line_starts[row - 1]
    start = line_start + col + d_start
    if rest:  # "# neuron-migrate: ignore  # noqa": keep the other comment where it was
        return start, line_start + col + len(comment) - len(rest)
    before = line[:col + d_start]
    if not before.strip():
        # a comment-only line: delete the whole line, line ending included
        nxt = src.line_starts[row] if row < len(src.line_starts) else len(src.text)
        return line_start, nxt
    start -= len(before) - len(before.rstrip(" \t"))  # the spaces that separated it from the code
    return start, line_start + col + len(comment)


def apply(src: SourceFile, findings: list[Finding], known_codes) -> tuple[list[Finding], list[Finding]]:
    """The findings the file's directives leave, with NM905 for unused directives; and those suppressed."""
    found = directives(src)
    if not found:
        return findings, []
    by_line: dict[int, list[Directive]] = {}
    for d in found:
        if d.error is None:
            by_line.setdefault(d.line, []).append(d)
    kept: list[Finding] = []
    suppressed: list[Finding] = []
    for f in findings:
        hit = False
        for d in by_line.get(f.line, ()):
            if d.codes is None:
                d.used.add("*")
                hit = True
            elif f.code in d.codes:
                d.used.add(f.code)
                hit = True
        if hit:
            suppressed.append(f)
        else:
            kept.append(f)
    kept.extend(_unused(src, d, known_codes) for d in found if _is_unused(d))
    return kept, suppressed


def _is_unused(d: Directive) -> bool:
    if d.error is not None:
        return True
    if d.codes is None:
        return not d.used
    return any(c not in d.used for c in d.codes)


def _unused(src: SourceFile, d: Directive, known_codes) -> Finding:
    from neuron_migrate.checks.tool import NM905

    edits: tuple[Edit, ...] = ()
    if d.error is not None:
        message = d.error
    elif d.codes is None:
        message = "`# neuron-migrate: ignore` suppresses nothing on this line"
        edits = (Edit(*d.remove, ""),) if d.remove else ()
    else:
        unused = [c for c in d.codes if c not in d.used]
        unknown = [c for c in unused if c not in known_codes]
        what = ", ".join(unused)
        message = f"suppression of {what} matches no finding on this line"
        if unknown:
            message += f" ({', '.join(unknown)}: no such rule)"
        kept = [c for c in dict.fromkeys(d.codes) if c in d.used]
        if kept:
            edits = (Edit(*d.codes_span, ",".join(kept)),)
        elif d.remove:
            edits = (Edit(*d.remove, ""),)
    fix = None
    if edits:
        fix = Fix(title="remove the unused suppression", applicability=Applicability.SAFE,
                  edits=edits)
    end_line, end_col = src.position(d.end)
    return Finding(code=NM905.code, rule=NM905.name, severity=NM905.severity,
                   category=NM905.category, path=src.path, line=d.line, column=d.column + 1,
                   end_line=end_line, end_column=end_col + 1, message=message, fix=fix)
