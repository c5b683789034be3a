"""The engine: one parse and one walk per file, every check on the same tree.

``analyse`` is a pure function of a file's path, bytes and the options, so a process
pool can run it; it never prints and never raises for bad input: a file that cannot
be decoded or parsed becomes an NM9xx finding.
"""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

from neuron_migrate import checks, suppress
from neuron_migrate.checks import HANDLERS, LEAF_TYPES, Context, checks_for, child_nodes, node_fields
from neuron_migrate.checks.tool import problem
from neuron_migrate.models import FileResult, Options
from neuron_migrate.names import Names, node_types
from neuron_migrate.source import SourceError, SourceFile

checks.load_all()

_FUNCTION_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_SCOPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef})
# Node types with no child nodes (Load/Store aside): not even pushed when no handler wants them.
_CHILDLESS = frozenset({ast.Name, ast.Constant, ast.alias, ast.Pass, ast.Break, ast.Continue,
                        ast.Global, ast.Nonlocal})


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
    return [(c, chain) for c in child_nodes(node)]


def walk(ctx: Context, handlers: dict | None = None) -> None:
    """Visit every node once, parents before children, calling the handlers (default: all).

    Iterative, so a deeply nested expression cannot overflow the interpreter stack.
    Children are read field by field, without the Load/Store/operator leaves
    (``checks.node_fields``): ``ast.iter_child_nodes`` made this loop, the engine's hot
    path, four times slower.
    """
    handlers = HANDLERS if handlers is None else handlers
    table = _REVERSED_FIELDS
    wanted = _pushed(frozenset(_CHILDLESS.difference(handlers)))
    stack: list[tuple[ast.AST, ast.AST | None, tuple]] = [(ctx.tree, None, (ctx.tree,))]
    push, pop = stack.append, stack.pop
    while stack:
        node, parent, chain = pop()
        cls = type(node)
        todo = handlers.get(cls)
        if todo:
            ctx.parent, ctx.chain = parent, chain
            for handler in todo:
                handler(node, ctx)
        if cls in _SCOPES:
            for child, child_chain in reversed(_children(node, chain)):
                push((child, node, child_chain))
            continue
        fields = table.get(cls)
        if fields is None:
            fields = table[cls] = tuple(reversed(node_fields(cls)))
        for name in fields:
            value = getattr(node, name, None)
            if type(value) is list:
                for item in reversed(value):
                    if type(item) in wanted:  # a node (not None, not a str) of a type to visit
                        push((item, node, chain))
            elif type(value) in wanted:
                push((value, node, chain))


# Child fields per node type, last first (the walk pushes them in reverse to pop them in order).
_REVERSED_FIELDS: dict[type, tuple[str, ...]] = {}
_PUSHED: dict[frozenset, frozenset] = {}


def _pushed(unwanted: frozenset) -> frozenset:
    """The node types the walk pushes: every one but the leaves and ``unwanted``. One set
    lookup per child instead of an isinstance test and a set lookup."""
    found = _PUSHED.get(unwanted)
    if found is None:
        found = _PUSHED[unwanted] = frozenset(t for t in node_types(ast.AST) if not issubclass(t, LEAF_TYPES)) - unwanted
    return found


def analyse_source(src: SourceFile, options: Options) -> FileResult:
    lines = src.line_count
    handlers, finalizers, marked = checks_for(src.text)
    if not marked and suppress.MARKER not in src.text:
        return FileResult(src.path, (), lines=lines)  # no check could report anything
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
    ctx = Context(src=src, tree=tree, names=Names(tree, walrus=":=" in src.text), options=options)
    try:
        walk(ctx, handlers)
        ctx.parent, ctx.chain = None, (tree,)
        for fin in finalizers:
            fin(ctx)
        # Suppressions see every finding of the walk, before selection, so that narrowing
        # --select never makes a suppression look unused.
        found, hidden = suppress.apply(src, ctx.findings, checks.RULES)
    except RecursionError:  # a recursive helper in a check met an expression the parser took
        return problem(src.path, "NM903", "too deeply nested for the tool's checks", 1, 1, lines)
    except Exception as exc:  # noqa: BLE001 - a bug in a check: this file's finding, not a crash
        return internal_error(src.path, exc, lines)
    findings = sorted((f for f in found if options.wants(f.code, src.path)), key=lambda f: f.sort_key)
    return FileResult(src.path, tuple(findings), lines=lines,
                      suppressed=sum(options.wants(f.code, src.path) for f in hidden),
                      traced=tuple(ctx.state.get("traced", ())),
                      compiled_elsewhere=tuple(ctx.state.get("compiled_elsewhere", ())))


def internal_error(path: str, exc: Exception, lines: int) -> FileResult:
    """NM999 for an exception a check raised, naming where, so the report can be acted on."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "neuron_migrate" in f.filename] or frames
    where = f" in {Path(ours[-1].filename).name}:{ours[-1].lineno} ({ours[-1].name})" if ours else ""
    return problem(path, "NM999", f"internal error{where}: {type(exc).__name__}: {exc}", 1, 1, lines)


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
    if kind == "notebook":
        from neuron_migrate import notebook

        return notebook.analyse(path, data, options)
    if kind == "manifest":
        from neuron_migrate.checks.manifests import analyse_manifest

        return analyse_manifest(path, data, options)
    if kind == "cuda":
        from neuron_migrate.checks.kernels import cuda_source_result

        return cuda_source_result(path, data, options)
    raise ValueError(f"no analyser for files of kind {kind!r}")
