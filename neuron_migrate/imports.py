"""The import step of ``fix``: after the rewrites, make the imports match the new code.

Two changes, both only on files being fixed and only when a rewrite caused them:

- a name imported from a CUDA module (``torch.cuda``, ``torch.cuda.amp``, ``torch.backends.cudnn``,
  ``torch.backends.cuda``) that was used before the rewrites and is used nowhere after them is
  removed from its import (``from torch.cuda.amp import autocast, GradScaler`` after every
  ``autocast(...)`` became ``torch.autocast("neuron", ...)``);
- ``import torch`` is added when a rewrite spelled ``torch.`` in a module where that name is bound
  to nothing (``torch.autocast`` in a file that only did ``from torch.cuda.amp import autocast``)
  and that read no unbound ``torch`` before.

Both are span edits on the rewritten text, like every other fix. libcst does the one part a
span edit cannot do safely: re-rendering an import statement that keeps some of its names
(commas, parentheses, comments inside it). Its round trip of the statement is checked first.
Counting uses is by name over the whole module, not by scope: an import is kept when its name
appears anywhere else, which can only leave an unused import behind, never break a file.
"""

from __future__ import annotations

import ast
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field

from neuron_migrate.models import Edit
from neuron_migrate.names import Names
from neuron_migrate.traversal import BODY_FIELDS, walk

CUDA_MODULES = ("torch.cuda", "torch.backends.cudnn", "torch.backends.cuda")


@dataclass
class ImportChange:
    edits: list[Edit] = field(default_factory=list)  # on the rewritten text
    notes: list[str] = field(default_factory=list)  # what changed, for the report
    problems: list[str] = field(default_factory=list)  # what should change but could not


def is_cuda_module(name: str) -> bool:
    return any(name == m or name.startswith(m + ".") for m in CUDA_MODULES)


def _name_reads(tree: ast.Module, walrus: bool) -> tuple[Counter[str], int]:
    """How often each name is read (or deleted), counting names listed in ``__all__``; and
    how many reads of ``torch`` no enclosing scope binds (``walrus``: the source may hold
    ``:=``). One walk, the engine's."""
    counts: Counter[str] = Counter()
    names = Names(tree, walrus=walrus)
    unbound = 0

    def read(node: ast.Name, where: _Where) -> None:
        nonlocal unbound
        if not isinstance(node.ctx, ast.Store):
            counts[node.id] += 1
            if node.id == "torch" and isinstance(node.ctx, ast.Load) and not names.is_bound("torch", where.chain):
                unbound += 1

    walk(tree, {ast.Name: [read]}, _Where())
    for stmt in tree.body:
        targets = (stmt.targets if isinstance(stmt, ast.Assign)
                   else [stmt.target] if isinstance(stmt, (ast.AugAssign, ast.AnnAssign)) else [])
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and stmt.value is not None:
            for sub in ast.walk(stmt.value):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    counts[sub.value] += 1
    return counts, unbound


class _Where:
    """Where the walk is (traversal.Visitor)."""

    parent: ast.AST | None = None
    chain: tuple = ()


def _statements_breadth_first(tree: ast.Module) -> Iterator[ast.AST]:
    """Statements (and except/case clauses) in ``ast.walk``'s order, without the expressions."""
    todo = deque(tree.body)
    while todo:
        node = todo.popleft()
        yield node
        for f in _STATEMENT_FIELDS.get(type(node), ()):
            todo.extend(getattr(node, f))


# names' table of the fields holding statement lists, in the node's own field order (ast.walk's)
_STATEMENT_FIELDS = {t: tuple(f for f in t._fields if f in fields) for t, fields in BODY_FIELDS.items()}


def _bound_name(node: ast.Import | ast.ImportFrom, alias: ast.alias) -> str | None:
    """The name ``alias`` binds if it comes from a CUDA module, else None."""
    if isinstance(node, ast.ImportFrom):
        if node.level or not node.module or alias.name == "*":
            return None
        if is_cuda_module(f"{node.module}.{alias.name}"):
            return alias.asname or alias.name
        return None
    if alias.asname and is_cuda_module(alias.name):  # ``import torch.cuda`` binds torch: never
        return alias.asname
    return None


def _parents(tree: ast.Module) -> dict[int, ast.AST]:
    out: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            out[id(child)] = node
    return out


def _line_start(text: str, starts: list[int], line: int) -> int:
    return starts[line - 1] if line <= len(starts) else len(text)


def update_imports(before: ast.Module, text: str, after: ast.Module, newline: str,
                   walrus: bool = True) -> ImportChange:
    """Import edits on ``text`` (the rewritten module, parsed as ``after``; ``before`` is the
    original). ``walrus=False`` promises that neither source holds ``:=``."""
    from neuron_migrate.source import SourceFile

    change = ImportChange()
    src = SourceFile(path="", text=text)
    (used_before, unbound_before), (used_after, unbound_after) = (_name_reads(before, walrus),
                                                                  _name_reads(after, walrus))
    parents: dict[int, ast.AST] | None = None
    removed_lines: list[tuple[ast.stmt, Edit]] = []  # whole top-level statements deleted

    for node in _statements_breadth_first(after):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        gone = []
        for alias in node.names:
            name = _bound_name(node, alias)
            if name and used_before[name] > 0 and used_after[name] == 0:
                gone.append(alias)
        if not gone:
            continue
        what = ", ".join(f"`{a.asname or a.name}`" for a in gone)
        origin = f" from {node.module}" if isinstance(node, ast.ImportFrom) else ""
        if parents is None:
            parents = _parents(after)
        if len(gone) < len(node.names):
            edit, problem = _drop_names(src, node, {id(a) for a in gone})
        else:
            edit, problem = _drop_statement(src, node, parents.get(id(node)))
            if edit is not None and isinstance(parents.get(id(node)), ast.Module) and edit.replacement == "":
                removed_lines.append((node, edit))
        if edit is None:
            change.problems.append(f"line {node.lineno}: {what}{origin} is no longer used, but {problem}")
            continue
        change.edits.append(edit)
        change.notes.append(f"removed the import of {what}{origin} (no longer used)")

    # Only when the original read no unbound `torch`: if it did, something else provides the
    # name (a star import, an exec'd namespace) and the new uses find it the same way.
    if unbound_after and not unbound_before:
        _add_torch(src, after, change, removed_lines, newline)
    change.edits.sort()
    return change


def _drop_statement(src, node: ast.stmt, parent: ast.AST | None) -> tuple[Edit | None, str]:
    """Delete a statement that stands on lines of its own; ``pass`` if its block would be empty."""
    text = src.text
    starts = src.line_starts
    start, end = src.offset(node.lineno, node.col_offset), src.offset(node.end_lineno, node.end_col_offset)
    line_begin = starts[node.lineno - 1]
    line_end = _line_start(text, starts, node.end_lineno + 1)
    before, after = text[line_begin:start], text[end:line_end]
    if before.strip() or after.strip().startswith(";") or (after.strip() and not after.strip().startswith("#")):
        return None, "it shares its line with another statement: remove it by hand"
    body = next((b for b in (getattr(parent, f, None) for f in ("body", "orelse", "finalbody"))
                 if isinstance(b, list) and node in b), None)
    if body is None:
        handlers = getattr(parent, "handlers", None)
        body = next((h.body for h in handlers or () if node in h.body), None)
    if body is None:
        return None, "its place in the file is unusual: remove it by hand"
    if len(body) == 1:
        return Edit(start, end, "pass"), ""
    if line_end == len(text) and not text.endswith(("\n", "\r")) and line_begin > 0:
        # the last line has no line ending: take the previous one instead, so none appears
        prev_end = line_begin - (2 if text[line_begin - 2:line_begin] == "\r\n" else 1)
        return Edit(prev_end, line_end, ""), ""
    if body[0] is node and not isinstance(parent, ast.Module):
        # a lazy import that opened its block: the blank lines after it go too, so the block
        # does not start with an empty line
        line = node.end_lineno + 1
        while line < len(starts) and not text[starts[line - 1]:starts[line]].strip():
            line += 1
        line_end = starts[line - 1] if line <= len(starts) else line_end
    return Edit(line_begin, line_end, ""), ""


def _drop_names(src, node: ast.Import | ast.ImportFrom, gone: set[int]) -> tuple[Edit | None, str]:
    """Re-render an import without some of its names, with libcst (round trip checked)."""
    import libcst as cst

    start, end = src.offset(node.lineno, node.col_offset), src.offset(node.end_lineno, node.end_col_offset)
    segment = src.text[start:end]
    try:
        module = cst.parse_module(segment)
    except Exception as exc:  # libcst raises its own ParserSyntaxError and friends
        return None, f"libcst cannot parse the statement ({type(exc).__name__})"
    if module.code != segment or len(module.body) != 1 or len(module.body[0].body) != 1:
        return None, "libcst does not reproduce the statement exactly"
    stmt = module.body[0].body[0]
    if not isinstance(stmt, (cst.Import, cst.ImportFrom)) or isinstance(stmt.names, cst.ImportStar) \
            or len(stmt.names) != len(node.names):
        return None, "libcst reads the statement differently"
    keep = [c for c, a in zip(stmt.names, node.names) if id(a) not in gone]
    if keep[-1] is not stmt.names[-1]:
        # the new last name ends the way the old last one did (a trailing comma and the line
        # break before ")" stay), with its own end-of-line comment, not the removed name's
        comma = stmt.names[-1].comma
        if isinstance(comma, cst.Comma) and isinstance(comma.whitespace_after, cst.ParenthesizedWhitespace):
            ws = comma.whitespace_after
            own = keep[-1].comma
            first_line = (own.whitespace_after.first_line if isinstance(own, cst.Comma)
                          and isinstance(own.whitespace_after, cst.ParenthesizedWhitespace)
                          else cst.TrailingWhitespace(newline=ws.first_line.newline))
            comma = comma.with_changes(whitespace_after=ws.with_changes(first_line=first_line))
        keep[-1] = keep[-1].with_changes(comma=comma)
    rendered = module.code_for_node(stmt.with_changes(names=keep))
    return Edit(start, end, rendered), ""


def _imports_torch(node: ast.Import | ast.ImportFrom) -> bool:
    names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
    return any(n == "torch" or n.startswith("torch.") for n in names) and not getattr(node, "level", 0)


def _add_torch(src, tree: ast.Module, change: ImportChange, removed: list[tuple[ast.stmt, Edit]],
               newline: str) -> None:
    """Add ``import torch`` where a removed import stood, else before the first torch import
    (or the first import), else after the docstring and ``__future__`` imports."""
    if removed:
        node, edit = removed[0]
        change.edits.remove(edit)
        start = src.offset(node.lineno, node.col_offset)
        end = src.offset(node.end_lineno, node.end_col_offset)
        change.edits.append(Edit(start, end, "import torch"))
        change.notes.append("added `import torch` in its place (the rewrites use `torch`)")
        return
    body = tree.body
    i = 0
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        i = 1  # the docstring
    while i < len(body) and isinstance(body[i], ast.ImportFrom) and body[i].module == "__future__":
        i += 1
    imports = [s for s in body[i:] if isinstance(s, (ast.Import, ast.ImportFrom))]
    anchor = next((s for s in imports if _imports_torch(s)), imports[0] if imports else None)
    if anchor is None and i < len(body):
        anchor = body[i]
    if anchor is None or anchor.col_offset != 0:
        change.problems.append("the rewrites use `torch`, which this module does not import, and "
                               "there is no clear place for `import torch`: add it by hand")
        return
    first_line = min([anchor.lineno] + [d.lineno for d in getattr(anchor, "decorator_list", [])])
    at = src.line_starts[first_line - 1]
    change.edits.append(Edit(at, at, "import torch" + newline))
    change.notes.append("added `import torch` (the rewrites use `torch`)")
