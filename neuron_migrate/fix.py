"""Apply fixes: span edits on the original text, back to front, verified by re-parsing.

Bytes outside the edited spans never change. Overlapping fixes are not merged: the
outermost is applied, the file is analysed again, and the loop repeats until nothing
applicable is left or the bound is reached. A fix that is still pending at the bound, or
whose edit would leave the file unparsable, is reported (``not_applied``), never dropped.
After the rewrites, the import step (``imports.py``) removes CUDA imports they left unused
and adds ``import torch`` where they need it.

Every change is also tracked as edits on the *original* text (``FixOutcome.edits``), so
notebooks can map changes back to their cells and tests can check that nothing outside
the reported spans moved.
"""

from __future__ import annotations

import ast
import bisect
import dataclasses
import re
import warnings
from dataclasses import dataclass, field

from neuron_migrate.engine import analyse_source, problem
from neuron_migrate.models import Applicability, Edit, Finding, Options, Severity
from neuron_migrate.source import SourceError, SourceFile

MAX_PASSES = 8
_NEWLINES = re.compile(r"\r\n|\r|\n")
BROKEN = "its rewrite would leave the file unparsable (a defect in the rule: please report it)"


@dataclass
class NotApplied:
    finding: Finding  # positioned in the original text
    reason: str


@dataclass
class FixOutcome:
    source: SourceFile
    text: str  # the fixed text (equal to source.text when nothing applied)
    edits: list[Edit] = field(default_factory=list)  # on source.text; applying them gives text
    applied: list[Finding] = field(default_factory=list)
    not_applied: list[NotApplied] = field(default_factory=list)
    remaining: list[Finding] = field(default_factory=list)  # findings left after fixing
    notes: list[str] = field(default_factory=list)  # import changes made
    error: str | None = None  # why the whole file was left unchanged

    @property
    def changed(self) -> bool:
        return self.error is None and self.text != self.source.text


def applicable(finding: Finding, unsafe: bool) -> bool:
    fix = finding.fix
    return fix is not None and (unsafe or fix.applicability is Applicability.SAFE)


def _overlaps(e: Edit, t: Edit) -> bool:
    return e.start < t.end and t.start < e.end or e.start == e.end == t.start == t.end


def choose(findings: list[Finding]) -> list[Finding]:
    """The findings whose edits overlap no earlier one, outermost first."""
    taken: list[tuple[int, int]] = []  # sorted, pairwise apart: only neighbours can collide
    chosen: list[Finding] = []
    for f in sorted(findings, key=lambda f: (f.fix.edits[0].start, -f.fix.edits[-1].end)):
        if any(_collides(e, taken) for e in f.fix.edits):
            continue
        for e in f.fix.edits:
            bisect.insort(taken, (e.start, e.end))
        chosen.append(f)
    return chosen


def _collides(e: Edit, taken: list[tuple[int, int]]) -> bool:
    """Whether ``e`` overlaps an edit of ``taken`` (sorted and pairwise apart, so their ends
    grow with their starts: the search stops at the first one out of reach either way)."""
    i = bisect.bisect_left(taken, (e.start, e.start))
    j = i - 1
    while j >= 0 and taken[j][1] >= e.start:
        if _overlaps(e, Edit(*taken[j], "")):
            return True
        j -= 1
    j = i
    while j < len(taken) and taken[j][0] <= e.end:
        if _overlaps(e, Edit(*taken[j], "")):
            return True
        j += 1
    return False


def splice(text: str, edits: list[Edit]) -> str:
    """Apply non-overlapping edits (in one pass: slicing the text per edit was quadratic)."""
    out: list[str] = []
    at = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        out.append(text[at:e.start])
        out.append(e.replacement)
        at = e.end
    out.append(text[at:])
    return "".join(out)


def parses(text: str) -> str | None:
    """None if ``text`` parses, else the error."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        return f"{type(exc).__name__}: {getattr(exc, 'msg', exc)}"
    return None


# -- tracking changes on the original text ---------------------------------------------------

@dataclass
class _Span:
    """A changed region: ``orig`` in the original text is now ``cur`` in the current text."""

    orig_start: int
    orig_end: int
    cur_start: int
    cur_end: int


class Tracker:
    """Follows edits made in rounds, each on the text the previous round produced.

    Outside the changed regions the current text equals the original, shifted; so the state
    is the list of changed regions, and a new edit merges with every region it touches.
    """

    def __init__(self) -> None:
        self.spans: list[_Span] = []

    def _shift_before(self, p: int) -> int:
        return sum((s.cur_end - s.cur_start) - (s.orig_end - s.orig_start)
                   for s in self.spans if s.cur_end <= p)

    def apply(self, edits: list[Edit]) -> None:
        """Record non-overlapping ``edits`` made on the current text."""
        items = sorted([(s.cur_start, s.cur_end, s) for s in self.spans]
                       + [(e.start, e.end, e) for e in edits], key=lambda t: (t[0], t[1]))
        clusters: list[list] = []
        for start, end, item in items:
            if clusters and start <= clusters[-1][1]:
                clusters[-1][1] = max(clusters[-1][1], end)
                clusters[-1][2].append(item)
            else:
                clusters.append([start, end, [item]])
        new: list[_Span] = []
        delta = 0
        for a, b, members in clusters:
            spans = [m for m in members if isinstance(m, _Span)]
            orig_a = next((s.orig_start for s in spans if s.cur_start == a), None)
            if orig_a is None:
                orig_a = a - self._shift_before(a)
            orig_b = next((s.orig_end for s in spans if s.cur_end == b), None)
            if orig_b is None:
                orig_b = b - self._shift_before(b)
            new_a = a + delta
            delta += sum(len(m.replacement) - (m.end - m.start) for m in members if isinstance(m, Edit))
            new.append(_Span(orig_a, orig_b, new_a, b + delta))
        self.spans = new

    def to_original(self, p: int) -> int:
        """The original offset of current offset ``p`` (a changed region maps to its start)."""
        for s in self.spans:
            if s.cur_start <= p < s.cur_end or p == s.cur_start:
                return s.orig_start
            if p == s.cur_end:
                return s.orig_end
        return p - self._shift_before(p)

    def to_current(self, p: int) -> int:
        """The current offset of original offset ``p`` (a changed region maps to its start)."""
        for s in self.spans:
            if s.orig_start <= p < s.orig_end:
                return s.cur_start
        return p + sum((s.cur_end - s.cur_start) - (s.orig_end - s.orig_start)
                       for s in self.spans if s.orig_end <= p)

    def edits(self, original: str, current: str) -> list[Edit]:
        out = [Edit(s.orig_start, s.orig_end, current[s.cur_start:s.cur_end]) for s in self.spans]
        return [e for e in out if original[e.start:e.end] != e.replacement]


# -- the fix loop ---------------------------------------------------------------------------

def _normalised(findings: list[Finding], newline: str) -> list[Finding]:
    """Replacements written with the file's own line ending (CRLF stays CRLF)."""
    if newline == "\n":
        return findings
    out = []
    for f in findings:
        if f.fix is not None and any(_NEWLINES.search(e.replacement) for e in f.fix.edits):
            edits = tuple(Edit(e.start, e.end, _NEWLINES.sub(newline, e.replacement)) for e in f.fix.edits)
            f = dataclasses.replace(f, fix=dataclasses.replace(f.fix, edits=edits))
        out.append(f)
    return out


def _key(f: Finding, text: str) -> tuple:
    """What identifies a fix from one pass to the next (offsets move, text does not)."""
    return (f.code, f.message, tuple((text[e.start:e.end], e.replacement) for e in f.fix.edits))


def _parsable_subset(text: str, chosen: list[Finding]) -> tuple[list[Finding], list[Finding]]:
    """Split ``chosen`` into fixes that keep the file parsable together, and the others."""
    good: list[Finding] = []
    bad: list[Finding] = []
    for f in chosen:
        trial = splice(text, [e for g in (*good, f) for e in g.fix.edits])
        (good if parses(trial) is None else bad).append(f)
    return good, bad


def _in_original(f: Finding, current: SourceFile, tracker: Tracker, src: SourceFile) -> Finding:
    """``f`` (found in ``current``) with its position in the original text."""
    def where(line: int, col: int) -> tuple[int, int]:
        offset = current.line_starts[line - 1] + col - 1 if line <= len(current.line_starts) else len(current.text)
        return src.position(min(tracker.to_original(offset), len(src.text)))

    line, col = where(f.line, f.column)
    end_line, end_col = where(f.end_line, f.end_column)
    return dataclasses.replace(f, line=line, column=col + 1, end_line=end_line, end_column=end_col + 1)


def fix_source(src: SourceFile, options: Options, unsafe: bool = False) -> FixOutcome:
    """Apply every applicable fix to a fixed point (at most MAX_PASSES rounds), then the imports."""
    outcome = FixOutcome(source=src, text=src.text)
    tracker = Tracker()
    current = src
    findings = _normalised(list(analyse_source(src, options).findings), src.newline)
    rejected: set[tuple] = set()
    todo: list[Finding] = []
    for passes in range(MAX_PASSES + 1):
        todo = [f for f in findings if applicable(f, unsafe) and _key(f, current.text) not in rejected]
        if not todo or passes == MAX_PASSES:
            break
        chosen = choose(todo)
        text = splice(current.text, [e for f in chosen for e in f.fix.edits])
        if parses(text) is not None:
            chosen, bad = _parsable_subset(current.text, chosen)
            for f in bad:
                rejected.add(_key(f, current.text))
                outcome.not_applied.append(NotApplied(_in_original(f, current, tracker, src), BROKEN))
            text = splice(current.text, [e for f in chosen for e in f.fix.edits])
        if text == current.text:
            for f in chosen:  # edits that change nothing would be found again forever
                rejected.add(_key(f, current.text))
                outcome.not_applied.append(NotApplied(_in_original(f, current, tracker, src),
                                                      "its edit changes nothing"))
            continue
        tracker.apply([e for f in chosen for e in f.fix.edits])
        outcome.applied.extend(chosen)
        # a unit's findings each carry the unit's edits (a call and the device it is handed): one
        # is chosen, and the others are fixed by the same edits
        done = {(e.start, e.end, e.replacement) for f in chosen for e in f.fix.edits}
        picked = {id(f) for f in chosen}
        outcome.applied.extend(f for f in todo if id(f) not in picked
                               and all((e.start, e.end, e.replacement) in done for e in f.fix.edits))
        current = SourceFile(path=src.path, text=text, encoding=src.encoding, bom=src.bom)
        # the imports follow every pass before it is analysed again (one analysis per pass;
        # a pass that finds nothing more to fix leaves them as they are)
        current = _fix_imports(src, current, tracker, outcome)
        findings = _normalised(list(analyse_source(current, _landed_in(options, src, current, tracker)).findings),
                               src.newline)
    for f in todo:
        outcome.not_applied.append(NotApplied(
            _in_original(f, current, tracker, src),
            f"it overlaps another fix and was still pending after {MAX_PASSES} passes"))
    outcome.text = current.text
    outcome.remaining = findings
    outcome.edits = tracker.edits(src.text, current.text)
    if splice(src.text, outcome.edits) != current.text:  # the tracker is what notebooks rely on
        outcome.error = "internal error: the tracked edits do not reproduce the fixed text; left unchanged"
    if outcome.error:
        outcome.text, outcome.edits, outcome.applied = src.text, [], []
        outcome.remaining = list(analyse_source(src, options).findings)
    return outcome


def _landed_in(options: Options, src: SourceFile, current: SourceFile, tracker: Tracker) -> Options:
    """``options`` with the library findings reported at lines of ``src`` moved to where those
    lines are in ``current`` (an added import shifts them), for its suppressions to meet them."""
    landed = next((found for path, found in options.landed if path == src.path), ())
    if not landed:
        return options

    def where(line: int, col: int) -> tuple[int, int]:
        offset = src.line_starts[min(line, len(src.line_starts)) - 1] + col - 1
        line, col = current.position(min(tracker.to_current(offset), len(current.text)))
        return line, col + 1

    moved = []
    for f in landed:
        (line, col), (end_line, end_col) = where(f.line, f.column), where(f.end_line, f.end_column)
        moved.append(dataclasses.replace(f, line=line, column=col, end_line=end_line, end_column=end_col))
    return dataclasses.replace(options, landed=((src.path, tuple(moved)),))


def _fix_imports(src: SourceFile, current: SourceFile, tracker: Tracker, outcome: FixOutcome) -> SourceFile:
    from neuron_migrate.imports import update_imports

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            before, after = ast.parse(src.text), ast.parse(current.text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return current  # cannot happen: both were checked to parse
    change = update_imports(before, current.text, after, src.newline,
                            walrus=":=" in src.text or ":=" in current.text)
    outcome.notes.extend(f"not done: {p}" for p in change.problems)
    if not change.edits:
        return current
    text = splice(current.text, change.edits)
    if parses(text) is not None:
        outcome.notes.append("not done: updating the imports would leave the file unparsable")
        return current
    tracker.apply(change.edits)
    outcome.notes.extend(change.notes)
    return SourceFile(path=src.path, text=text, encoding=src.encoding, bom=src.bom)


def not_analysed(f: Finding) -> bool:
    """An NM9xx error: a file or folder the tool could not read or analyse (`--check` fails)."""
    return f.code.startswith("NM9") and f.severity is Severity.ERROR


# -- files -----------------------------------------------------------------------------------

@dataclass
class FileFix:
    """What ``fix`` does to one file: the text before and after (for the diff) and the new bytes."""

    path: str
    kind: str = "python"
    before: str = ""
    after: str = ""
    encoding: str = "utf-8"
    data: bytes | None = None  # the bytes to write; None when nothing changes
    applied: list[Finding] = field(default_factory=list)
    not_applied: list[NotApplied] = field(default_factory=list)
    remaining: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def changed(self) -> bool:
        return self.data is not None


def fix_python(path: str, data: bytes, options: Options, unsafe: bool = False) -> FileFix:
    """Fix one Python file's bytes; never raises for bad input."""
    try:
        src = SourceFile.from_bytes(path, data)
    except SourceError as exc:
        return FileFix(path, remaining=list(problem(path, exc.code, exc.message, 1, 1, 0).findings))
    outcome = fix_source(src, options, unsafe)
    result = FileFix(path, before=src.text, after=outcome.text, encoding=src.encoding,
                     applied=outcome.applied, not_applied=outcome.not_applied,
                     remaining=outcome.remaining, notes=outcome.notes, error=outcome.error)
    if outcome.changed:
        try:
            result.data = src.encode(outcome.text)
        except UnicodeEncodeError as exc:
            result.error = f"the fixed text cannot be written in the file's encoding {src.encoding} ({exc.reason})"
            result.after, result.applied = src.text, []
    return result


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def split_lines(text: str) -> list[str]:
    """Lines with their endings, split only at \\r\\n, \\r and \\n (not form feeds)."""
    return _LINE.findall(text)
