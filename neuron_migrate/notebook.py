"""Jupyter notebooks: scan and fix the code cells of ``.ipynb`` files.

The code cells are joined into one module (cells share a namespace, so ``import torch`` in
cell 1 resolves ``torch.cuda`` in cell 5) and analysed by the same engine as a ``.py``
file. Findings then carry their cell (1-based position among all the notebook's cells)
and the line within it: ``notebook.ipynb:cell 3:line 2``.

IPython syntax is not Python. In a cell that does not parse as it stands, line magics
(``%time x``), shell lines (``!pip install``), help (``obj?``) and ``x = !cmd`` lines are
replaced by ``pass`` at the same indentation, so every other line keeps its number and
columns; they are reported (NM907) as not analysed. A cell magic on the first line
(``%%bash``) makes the cell non-Python unless it is one that runs Python (``%%time``...);
``%%writefile x.py`` cells are analysed as a module of their own.

``fix`` writes the notebook back by editing, in place, the JSON string tokens of the
source lines that changed: every other byte of the file (outputs, metadata, indentation,
key order, escapes) stays as it was.
"""

from __future__ import annotations

import ast
import bisect
import codecs
import copy
import dataclasses
import difflib
import functools
import json
import re
import warnings
from dataclasses import dataclass, field

from neuron_migrate.models import Edit, FileResult, Finding, Options

# Cell magics whose body is Python run in the notebook's namespace.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug", "python", "python3"})
_CELL_MAGIC = re.compile(r"%%(\w+)(.*)")
_WRITEFILE_PY = re.compile(r"\s+(?:-a\s+|--append\s+)?(\S+\.py)\s*$")
_LINE_MAGIC = re.compile(r"\s*[%!]")
_HELP = re.compile(r"\s*(\?{1,2}[\w.]+|[\w.]+\?{1,2})\s*$")
_MAGIC_ASSIGN = re.compile(r"\s*[\w.]+(\s*,\s*[\w.]+)*\s*=\s*[%!]")
_SHELL_NVIDIA = re.compile(r"\bnvidia-smi\b")
_NEWLINE = re.compile(r"\r\n|\r|\n")
_TRAILING_NEWLINE = re.compile(r"(?:\r\n|\r|\n)\Z")


class NotebookError(Exception):
    """The file is not a notebook this tool can read."""


@dataclass
class Cell:
    number: int  # 1-based position among all cells (markdown included)
    text: str  # the cell's source as stored
    code: str  # what is analysed: same lines, IPython lines replaced by `pass`
    placeholders: set[int] = field(default_factory=set)  # 1-based lines of `code` standing in
    magics: list[int] = field(default_factory=list)  # the IPython lines among them, reported


@dataclass
class Group:
    """Cells analysed together as one module, and where each starts in its text."""

    cells: list[Cell]
    starts: list[int] = field(default_factory=list)
    text: str = ""

    def __post_init__(self) -> None:
        parts, offset = [], 0
        for cell in self.cells:
            self.starts.append(offset)
            part = cell.code if cell.code.endswith(("\n", "\r")) or not cell.code else cell.code + "\n"
            parts.append(part)
            offset += len(part)
        self.text = "".join(parts)

    def cell_at(self, offset: int) -> int:
        """Index (in ``cells``) of the cell holding ``offset``; a boundary belongs to the next cell."""
        return max(bisect.bisect_right(self.starts, offset) - 1, 0)

    @functools.cached_property
    def first_lines(self) -> list[int]:
        """The line of the group's text each cell starts on (1-based), counted once."""
        starts, text = _line_starts(self.text), self.text
        # counted as in the text before the cell: a "\r" ending it and a "\n" starting the
        # next are two line breaks there, one in the whole text
        return [bisect.bisect_right(starts, s) + (0 < s < len(text) and text[s - 1:s + 1] == "\r\n")
                for s in self.starts]

    @functools.cached_property
    def line_starts(self) -> list[tuple[list[int], list[int]]]:
        """Per cell, where each line starts in its analysed code and in its stored text."""
        return [(_line_starts(c.code), _line_starts(c.text)) for c in self.cells]


def _line_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in _NEWLINE.finditer(text)]


@dataclass
class Notebook:
    data: bytes
    text: str  # the JSON text (UTF-8, without BOM)
    bom: bool
    doc: dict
    cells: list[Cell]  # code cells that are analysed
    skipped: list[tuple[int, str]]  # (cell number, why it was not analysed)
    broken: list[tuple[int, SyntaxError]]  # cells that are not Python even without their magics
    groups: list[Group] = field(default_factory=list)


# -- reading -----------------------------------------------------------------------------------

def _source_text(source) -> str:
    if isinstance(source, str):
        return source
    if isinstance(source, list) and all(isinstance(s, str) for s in source):
        return "".join(source)
    raise NotebookError("a code cell's source is neither a string nor a list of strings")


def _parse_error(code: str) -> SyntaxError | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(code)
    except SyntaxError as exc:
        return exc
    except (ValueError, RecursionError, MemoryError) as exc:
        return SyntaxError(str(exc))
    return None


def _without_ipython(text: str, first_is_magic: bool) -> tuple[str, set[int], list[int]]:
    """Replace IPython-only lines by ``pass``; return the code, placeholder lines, reported lines."""
    lines = _NEWLINE.split(text)
    endings = _NEWLINE.findall(text) + [""]
    placeholders: set[int] = set()
    magics: list[int] = []
    continued = False
    indent = ""
    for i, line in enumerate(lines):
        is_magic = continued or (i == 0 and first_is_magic) or bool(
            _LINE_MAGIC.match(line) or _HELP.match(line) or _MAGIC_ASSIGN.match(line))
        if is_magic:
            if not continued:  # a continuation line keeps the magic's indentation, not its own
                indent = line[:len(line) - len(line.lstrip())]
            lines[i] = indent + "pass"
            placeholders.add(i + 1)
            magics.append(i + 1)
        continued = is_magic and line.rstrip().endswith("\\")
    return "".join(a + b for a, b in zip(lines, endings)), placeholders, magics


def read(data: bytes) -> Notebook | str:
    """The notebook in ``data``, or a reason it is skipped (not a Python notebook).

    Raises NotebookError for a file that is not a readable notebook.
    """
    bom = data.startswith(codecs.BOM_UTF8)
    try:
        text = data[len(codecs.BOM_UTF8) if bom else 0:].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotebookError(f"not UTF-8: {exc.reason} at byte {exc.start}") from None
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise NotebookError(f"not valid JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise NotebookError("the top level is not a JSON object")
    if "cells" not in doc:
        if "worksheets" in doc:
            raise NotebookError("nbformat 3 notebook: convert it with `jupyter nbconvert --to notebook`")
        raise NotebookError("no \"cells\" list: not a Jupyter notebook")
    cells = doc["cells"]
    if not isinstance(cells, list) or not all(isinstance(c, dict) for c in cells):
        raise NotebookError("\"cells\" is not a list of objects")
    meta = doc.get("metadata") if isinstance(doc.get("metadata"), dict) else {}
    language = None
    for key, sub in (("kernelspec", "language"), ("language_info", "name")):
        value = meta.get(key)
        if isinstance(value, dict) and isinstance(value.get(sub), str):
            language = language or value[sub]
    if language and language.lower() not in ("python", "python3", "ipython", "ipython3"):
        return f"notebook in {language}, not Python"

    nb = Notebook(data, text, bom, doc, [], [], [])
    main: list[Cell] = []
    for number, cell in enumerate(cells, 1):
        if cell.get("cell_type") != "code":
            continue
        source = _source_text(cell.get("source", ""))
        own_module = False
        first_is_magic = False
        m = _CELL_MAGIC.match(source)
        if m:
            name, rest = m.group(1), m.group(2)
            if name == "writefile" and _WRITEFILE_PY.match(rest):
                own_module = True
            elif name not in PYTHON_CELL_MAGICS:
                nb.skipped.append((number, f"cell magic %%{name}: the cell is not Python"))
                continue
            first_is_magic = True
        code, placeholders, magics = source, set(), []
        if first_is_magic or _parse_error(source) is not None:
            code, placeholders, magics = _without_ipython(source, first_is_magic)
            if first_is_magic:
                magics = magics[1:]  # a %%time or %%writefile line runs the Python below it
        error = _parse_error(code)
        if error is not None:
            nb.broken.append((number, error))
            continue
        c = Cell(number, source, code, placeholders, magics)
        nb.cells.append(c)
        if own_module:
            nb.groups.append(Group([c]))
        else:
            main.append(c)
    if main:
        whole = Group(main)
        if _parse_error(whole.text) is None:
            nb.groups.insert(0, whole)
        else:  # cells that parse alone but not together: analyse each on its own
            nb.groups[:0] = [Group([c]) for c in main]
    return nb


# -- findings ----------------------------------------------------------------------------------

def _rule_finding(code: str, path: str, cell: int, line: int, column: int, message: str) -> Finding:
    from neuron_migrate.checks import RULES

    r = RULES[code]
    return Finding(code=code, rule=r.name, severity=r.severity, category=r.category, path=path,
                   line=line, column=column, end_line=line, end_column=column, message=message, cell=cell)


def _to_cell(f: Finding, group: Group) -> Finding:
    """``f`` (a position in the group's module) as a cell and a line within it."""
    lines = group.first_lines
    i = max(bisect.bisect_right(lines, f.line) - 1, 0)
    first = lines[i]
    last = first + len(group.line_starts[i][0]) - 1
    fix = f.fix
    if fix is not None:  # its edits, as offsets into the cell's source
        try:
            mapped = [_cell_edit(group, e) for e in fix.edits]
            fix = dataclasses.replace(fix, edits=tuple(e for _, e in mapped)) \
                if all(k == i for k, _ in mapped) else None
        except _Unmappable:
            fix = None
    return dataclasses.replace(f, cell=group.cells[i].number, line=f.line - first + 1,
                               end_line=min(f.end_line, last) - first + 1, fix=fix)


def _notes(path: str, nb: Notebook, options: Options) -> list[Finding]:
    out = []
    for number, reason in nb.skipped:
        out.append(_rule_finding("NM907", path, number, 1, 1, f"{reason}; not analysed"))
    for cell in nb.cells:
        lines = _NEWLINE.split(cell.text)
        for n in cell.magics:
            if _SHELL_NVIDIA.search(lines[n - 1]):
                out.append(_rule_finding("NM117", path, cell.number, n, 1,
                                         "shell command nvidia-smi: use neuron-ls / neuron-top"))
        if cell.magics:
            listed = ", ".join(map(str, cell.magics))
            out.append(_rule_finding("NM907", path, cell.number, cell.magics[0], 1,
                                     f"IPython magic or shell line{'s' if len(cell.magics) > 1 else ''} "
                                     f"{listed} not analysed"))
    from neuron_migrate.source import syntax_error_text

    for number, exc in nb.broken:
        out.append(_rule_finding("NM901", path, number, max(exc.lineno or 1, 1), max(exc.offset or 1, 1),
                                 f"{syntax_error_text(exc)} (cell not analysed)"))
    return [f for f in out if options.wants(f.code, path)]


def analyse(path: str, data: bytes, options: Options) -> FileResult:
    """Findings of a notebook's code cells; never raises for bad input."""
    from neuron_migrate.engine import analyse_source, problem
    from neuron_migrate.source import SourceFile

    try:
        nb = read(data)
    except NotebookError as exc:
        return problem(path, "NM906", f"cannot read the notebook: {exc}", 1, 1, 0)
    if isinstance(nb, str):
        return FileResult(path, (), skipped=nb)
    findings = _notes(path, nb, options)
    lines = 0
    for group in nb.groups:
        src = SourceFile(path=path, text=group.text)
        result = analyse_source(src, options)
        lines += result.lines
        findings.extend(_to_cell(f, group) for f in result.findings)
    findings.sort(key=lambda f: (f.cell or 0, f.line, f.column, f.code))
    return FileResult(path, tuple(findings), lines=lines)


def code_lines(data: bytes) -> dict[int, list[str]]:
    """Lines of every code cell by cell number, for showing a finding's source line."""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
        return {n: _NEWLINE.split(_source_text(c.get("source", "")))
                for n, c in enumerate(doc["cells"], 1) if isinstance(c, dict) and c.get("cell_type") == "code"}
    except (ValueError, TypeError, KeyError, NotebookError, UnicodeDecodeError, RecursionError):
        return {}


# -- fixing ------------------------------------------------------------------------------------

def file_cells(path: Path) -> dict[int, list[str]]:
    """A notebook's code-cell lines by cell number (its findings count lines within a cell)."""
    try:
        return code_lines(path.read_bytes())
    except OSError:
        return {}


class _Unmappable(Exception):
    pass


def _cell_edit(group: Group, e: Edit) -> tuple[int, Edit]:
    """An edit on the group's module as (cell index, edit on that cell's stored source)."""
    i = group.cell_at(e.start)
    cell = group.cells[i]
    base = group.starts[i]
    end_limit = base + len(cell.code)
    s, t = e.start - base, min(e.end, end_limit) - base  # the newline added between cells is ours
    if e.end > end_limit + 1 or (e.end == end_limit + 1 and cell.code.endswith(("\n", "\r"))):
        raise _Unmappable("a fix crosses a cell boundary")
    code_starts, text_starts = group.line_starts[i]
    ls = bisect.bisect_right(code_starts, s) - 1  # 0-based lines
    le = bisect.bisect_right(code_starts, t) - 1
    for line in range(ls, le + 1):
        if line + 1 not in cell.placeholders:
            continue
        touches = not (line == le and t == code_starts[line] and (line != ls or s == t))
        if touches:
            raise _Unmappable("a fix touches an IPython line")
    return i, Edit(text_starts[ls] + s - code_starts[ls], text_starts[le] + t - code_starts[le], e.replacement)


def fix(path: str, data: bytes, options: Options, unsafe: bool = False):
    """The fixer of notebooks (formats): the cells' fixes written back into the JSON in place."""
    from neuron_migrate.fix import FileFix, NotApplied, fix_source, splice
    from neuron_migrate.source import SourceFile

    result = FileFix(path, "notebook")
    analysed = analyse(path, data, options)
    result.remaining = list(analysed.findings)
    try:
        nb = read(data)
    except NotebookError:
        return result
    if isinstance(nb, str):
        return result
    result.before = result.after = nb.text
    new_sources: dict[int, str] = {}  # cell number -> fixed source
    for group in nb.groups:
        outcome = fix_source(SourceFile(path=path, text=group.text), options, unsafe)
        result.not_applied.extend(NotApplied(_to_cell(n.finding, group), n.reason)
                                  for n in outcome.not_applied)
        if outcome.error:
            result.error = outcome.error
            return result
        if not outcome.changed:
            continue
        per_cell: dict[int, list[Edit]] = {}
        try:
            for e in outcome.edits:
                i, ce = _cell_edit(group, e)
                per_cell.setdefault(i, []).append(ce)
        except _Unmappable as exc:
            result.error = f"{exc}; the notebook is left unchanged"
            return result
        for i, edits in per_cell.items():
            cell = group.cells[i]
            new = splice(cell.text, edits)
            if not cell.text.endswith(("\n", "\r")):  # nbformat: a cell's last line has no newline
                new = _TRAILING_NEWLINE.sub("", new)  # only at the very end: "\n)" keeps its newline
            new_sources[cell.number] = new
        result.applied.extend(outcome.applied)
        result.notes.extend(outcome.notes)
    new_sources = {n: s for n, s in new_sources.items() if s != _stored(nb, n)}
    if not new_sources:
        return result
    for number, source in new_sources.items():  # each cell must still compile on its own
        if _compiles(_stored(nb, number)) and not _compiles(source):
            result.error = f"the fixed cell {number} would not compile; the notebook is left unchanged"
            result.applied = []
            return result
    try:
        new_text = write_sources(nb.text, nb.doc, new_sources)
    except (_Unmappable, ValueError, RecursionError) as exc:
        result.error = f"cannot write the notebook back ({exc}); left unchanged"
        return result
    result.after = new_text
    result.data = (codecs.BOM_UTF8 if nb.bom else b"") + new_text.encode("utf-8")
    result.remaining = list(analyse(path, result.data, options).findings)
    return result


def _compiles(source: str) -> bool:
    """Whether a cell compiles as IPython would run it (its IPython lines aside)."""
    magic = bool(_CELL_MAGIC.match(source))
    code = source if not magic and _parse_error(source) is None else _without_ipython(source, magic)[0]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(code, "<cell>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def _stored(nb: Notebook, number: int) -> str:
    return _source_text(nb.doc["cells"][number - 1].get("source", ""))


# -- writing JSON strings in place -------------------------------------------------------------

_WS = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|NaN|-?Infinity")


@dataclass
class _Str:
    start: int
    end: int


@dataclass
class _Arr:
    start: int  # offset of "["
    end: int  # offset after "]"
    items: list


def _value(text: str, i: int):
    """Parse the JSON value at ``i``: (node, end). Strings and arrays keep their spans."""
    c = text[i:i + 1]
    if c == '"':
        m = _STRING.match(text, i)
        if not m:
            raise ValueError(f"bad string at {i}")
        return _Str(m.start(), m.end()), m.end()
    if c == "{":
        out = {}
        i = _WS.match(text, i + 1).end()
        if text[i:i + 1] == "}":
            return out, i + 1
        while True:
            key, i = _value(text, i)
            if not isinstance(key, _Str):
                raise ValueError(f"object key is not a string at {i}")
            i = _WS.match(text, i).end()
            if text[i:i + 1] != ":":
                raise ValueError(f"expected ':' at {i}")
            i = _WS.match(text, i + 1).end()
            out[json.loads(text[key.start:key.end])], i = _value(text, i)
            i = _WS.match(text, i).end()
            if text[i:i + 1] == "}":
                return out, i + 1
            if text[i:i + 1] != ",":
                raise ValueError(f"expected ',' or '}}' at {i}")
            i = _WS.match(text, i + 1).end()
    if c == "[":
        arr = _Arr(i, i, [])
        i = _WS.match(text, i + 1).end()
        if text[i:i + 1] == "]":
            arr.end = i + 1
            return arr, i + 1
        while True:
            item, i = _value(text, i)
            arr.items.append(item)
            i = _WS.match(text, i).end()
            if text[i:i + 1] == "]":
                arr.end = i + 1
                return arr, i + 1
            if text[i:i + 1] != ",":
                raise ValueError(f"expected ',' or ']' at {i}")
            i = _WS.match(text, i + 1).end()
    m = _SCALAR.match(text, i)
    if not m:
        raise ValueError(f"unexpected {c!r} at {i}")
    return None, m.end()


def stored_lines(text: str) -> dict[int, list[int]]:
    """For each cell (numbered as findings number them), the JSON line of each source line.

    Code-scanning alerts and annotations point at lines of the file as stored; a notebook
    finding counts lines within its cell. A source line maps to the line of the JSON string
    that holds it ({} when the notebook cannot be read).
    """
    try:
        root, _ = _value(text, _WS.match(text).end())
        cells = root.get("cells") if isinstance(root, dict) else None
    except (ValueError, RecursionError):
        return {}
    out: dict[int, list[int]] = {}
    for number, cell in enumerate(cells.items if isinstance(cells, _Arr) else [], 1):
        token = cell.get("source") if isinstance(cell, dict) else None
        parts = [token] if isinstance(token, _Str) else token.items if isinstance(token, _Arr) else []
        lines: list[int] = []
        for part in parts:
            if not isinstance(part, _Str):
                continue
            at = text.count("\n", 0, part.start) + 1
            value = json.loads(text[part.start:part.end])
            lines += [at] * (value.count("\n") + (0 if value.endswith("\n") else 1))
        out[number] = lines
    return out


def _raw_offsets(raw: str) -> list[int]:
    """Offset in the raw JSON string token of each decoded character, and of the closing quote."""
    out = []
    i, n = 1, len(raw) - 1
    while i < n:
        out.append(i)
        if raw[i] != "\\":
            i += 1
        elif raw[i + 1] != "u":
            i += 2
        elif (0xD800 <= int(raw[i + 2:i + 6], 16) < 0xDC00 and raw[i + 6:i + 8] == "\\u"
              and 0xDC00 <= int(raw[i + 8:i + 12], 16) < 0xE000):
            i += 12  # a surrogate pair decodes to one character
        else:
            i += 6
    out.append(n)
    return out


def _encode(value: str, ascii_only: bool) -> str:
    return json.dumps(value, ensure_ascii=ascii_only)


def _string_edit(text: str, token: _Str, new: str, ascii_only: bool) -> Edit | None:
    """Edit the characters of one JSON string token that change, and nothing else."""
    raw = text[token.start:token.end]
    old = json.loads(raw)
    if old == new:
        return None
    offsets = _raw_offsets(raw)
    if len(offsets) != len(old) + 1:
        return Edit(token.start, token.end, _encode(new, ascii_only))
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    s = 0
    while s < min(len(old), len(new)) - p and old[-1 - s] == new[-1 - s]:
        s += 1
    return Edit(token.start + offsets[p], token.start + offsets[len(old) - s],
                _encode(new[p:len(new) - s], ascii_only)[1:-1])


def _list_edits(text: str, arr: _Arr, old: list[str], new: list[str], ascii_only: bool) -> list[Edit]:
    """Edits turning the JSON array of strings ``arr`` (holding ``old``) into one holding ``new``."""
    tokens = arr.items
    edits: list[Edit] = []
    if len(tokens) >= 2:
        sep = text[tokens[0].end:tokens[1].start]
    else:
        lead = text[arr.start + 1:tokens[0].start] if tokens else ""
        sep = "," + lead if "\n" in lead else ", "

    def enc(s: str) -> str:
        return _encode(s, ascii_only)

    def insert(at: int, strings: list[str]) -> None:
        if not strings:
            return
        if not tokens:
            edits.append(Edit(arr.start + 1, arr.start + 1, ", ".join(map(enc, strings))))
        elif at < len(tokens):
            edits.append(Edit(tokens[at].start, tokens[at].start, "".join(enc(s) + sep for s in strings)))
        else:
            edits.append(Edit(tokens[-1].end, tokens[-1].end, "".join(sep + enc(s) for s in strings)))

    def delete(i: int, j: int) -> None:
        if i >= j:
            return
        if j < len(tokens):
            edits.append(Edit(tokens[i].start, tokens[j].start, ""))
        elif i > 0:
            edits.append(Edit(tokens[i - 1].end, tokens[j - 1].end, ""))
        else:
            edits.append(Edit(tokens[i].start, tokens[j - 1].end, ""))

    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        paired = min(i2 - i1, j2 - j1)
        for k in range(paired):
            e = _string_edit(text, tokens[i1 + k], new[j1 + k], ascii_only)
            if e is not None:
                edits.append(e)
        delete(i1 + paired, i2)
        insert(i1 + paired, new[j1 + paired:j2])
    return edits


def write_sources(text: str, doc: dict, sources: dict[int, str]) -> str:
    """``text`` (the notebook's JSON) with the sources of some cells (by number) replaced."""
    from neuron_migrate.fix import split_lines, splice

    root, _ = _value(text, _WS.match(text).end())
    cells = root.get("cells") if isinstance(root, dict) else None
    if not isinstance(cells, _Arr):
        raise _Unmappable("no cells array")
    ascii_only = text.isascii()
    edits: list[Edit] = []
    for number, new in sorted(sources.items()):
        cell = cells.items[number - 1]
        token = cell.get("source") if isinstance(cell, dict) else None
        stored = doc["cells"][number - 1].get("source", "")
        if isinstance(token, _Str):
            e = _string_edit(text, token, new, ascii_only)
            edits.extend([e] if e else [])
        elif isinstance(token, _Arr) and all(isinstance(t, _Str) for t in token.items):
            edits.extend(_list_edits(text, token, list(stored), split_lines(new), ascii_only))
        else:
            raise _Unmappable(f"cell {number} has no source to edit")
    out = splice(text, edits)
    # The new JSON must hold exactly the old document with those sources replaced.
    expected = copy.deepcopy(doc)
    for number, new in sources.items():
        stored = expected["cells"][number - 1].get("source", "")
        expected["cells"][number - 1]["source"] = new if isinstance(stored, str) else split_lines(new)
    if json.dumps(json.loads(out), sort_keys=True) != json.dumps(expected, sort_keys=True):
        raise _Unmappable("the edited JSON does not hold the expected notebook")
    return out
