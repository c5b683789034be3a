"""The engine: one parse and one walk per file, every check on the same tree.

``analyse`` is a pure function of a file's path, bytes and the options, so a process
pool can run it; it never prints and never raises for bad input: a file that cannot
be decoded or parsed becomes an NM9xx finding.
"""

from __future__ import annotations

import ast
import warnings

from neuron_migrate import checks
from neuron_migrate.checks import FINALIZERS, HANDLERS, MARKERS, Context
from neuron_migrate.checks.tool import problem
from neuron_migrate.models import FileResult, Options
from neuron_migrate.names import Names
from neuron_migrate.source import SourceError, SourceFile

checks.load_all()

_FUNCTION_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)


def _children(node: ast.AST, chain: tuple) -> list[tuple[ast.AST, tuple]]:
    """Child nodes with the scope chain each is evaluated in, in source order."""
    if isinstance(node, _FUNCTION_TYPES):
        inner = (*chain, node)
        return ([(d, chain) for d in node.decorator_list]
                + [(node.args, chain)]
                + ([(node.returns, chain)] if node.returns else [])
                + [(s, inner) for s in node.body])
    if isinstance(node, ast.Lambda):
        return [(node.args, chain), (node.body, (*chain, node))]
    if isinstance(node, ast.ClassDef):
        inner = (*chain, node)
        return ([(d, chain) for d in node.decorator_list]
                + [(b, chain) for b in node.bases]
                + [(k, chain) for k in node.keywords]
                + [(s, inner) for s in node.body])
    return [(c, chain) for c in ast.iter_child_nodes(node)]


def walk(ctx: Context) -> None:
    """Visit every node once, parents before children, calling the registered handlers.

    Iterative, so a deeply nested expression cannot overflow the interpreter stack.
    """
    handlers = HANDLERS
    stack: list[tuple[ast.AST, ast.AST | None, tuple]] = [(ctx.tree, None, (ctx.tree,))]
    while stack:
        node, parent, chain = stack.pop()
        todo = handlers.get(type(node))
        if todo:
            ctx.parent, ctx.chain = parent, chain
            for handler in todo:
                handler(node, ctx)
        children = _children(node, chain)
        for child, child_chain in reversed(children):
            stack.append((child, node, child_chain))


def analyse_source(src: SourceFile, options: Options) -> FileResult:
    lines = src.line_count
    if not any(m in src.text for m in MARKERS):
        return FileResult(src.path, (), lines=lines)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes is not ours
            tree = ast.parse(src.text, filename=src.path)
    except SyntaxError as exc:
        return problem(src.path, "NM901", f"syntax error: {exc.msg}", exc.lineno or 1,
                       exc.offset or 1, lines)
    except (RecursionError, MemoryError):
        return problem(src.path, "NM903", "too deeply nested for the Python parser", 1, 1, lines)
    except ValueError as exc:
        return problem(src.path, "NM902", f"cannot parse: {exc}", 1, 1, lines)
    ctx = Context(src=src, tree=tree, names=Names(tree))
    walk(ctx)
    ctx.parent, ctx.chain = None, (tree,)
    for fin in FINALIZERS:
        fin(ctx)
    findings = sorted((f for f in ctx.findings if options.wants(f.code)), key=lambda f: f.sort_key)
    return FileResult(src.path, tuple(findings), lines=lines)


def analyse(path: str, data: bytes, options: Options) -> FileResult:
    """Findings of one Python file, given its path relative to the scan root and its bytes."""
    try:
        src = SourceFile.from_bytes(path, data)
    except SourceError as exc:
        return problem(path, exc.code, exc.message, 1, 1, 0)
    return analyse_source(src, options)


def analyse_file(kind: str, path: str, data: bytes, options: Options) -> FileResult:
    """Dispatch on the file kind that ``discover.file_kind`` gave."""
    if kind == "python":
        return analyse(path, data, options)
    raise ValueError(f"no analyser for files of kind {kind!r}")
