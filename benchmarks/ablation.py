#!/usr/bin/env python3
"""What each hot-path optimisation gains: analyse a tree in one process with all of them on,
then with each one turned off in turn (the earlier code put back by monkeypatching).

CPU seconds (``time.process_time``) of ``engine.analyse`` over the .py files of the tree,
after reading them: file by file, all on and one off in turn, the best of ``--repeat`` of
each, summed (the machine is shared; its load drifts over seconds and only adds time).
The parse alone is printed for scale. Findings are
compared with the all-on run: an optimisation that changed a result would be a bug.

    python benchmarks/ablation.py $NEURON_MIGRATE_EXT/diffusers --repeat 3
    python benchmarks/ablation.py $NEURON_MIGRATE_EXT/timm --summary   # the parse and the analysis only
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import gc
import sys
import time
import warnings
from pathlib import Path

from neuron_migrate import checks, engine, names, traversal
from neuron_migrate.checks import graph_breaks, operators
from neuron_migrate.models import Options


def old_walk(tree, handlers, ctx):
    """traversal.walk before: ast.iter_child_nodes for every node, leaves (Load, Add...) included."""
    stack = [(tree, None, (tree,))]
    while stack:
        node, parent, chain = stack.pop()
        todo = handlers.get(type(node))
        if todo:
            ctx.parent, ctx.chain = parent, chain
            for handler in todo:
                handler(node, ctx)
        if isinstance(node, traversal.SCOPE_TYPES):
            children = traversal.scoped_children(node, chain)
        else:
            children = [(c, chain) for c in ast.iter_child_nodes(node)]
        for child, child_chain in reversed(children):
            stack.append((child, node, child_chain))


def old_qualify(self, expr, chain):
    """Names.qualify before: no memo (three check modules ask about every call)."""
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    base = self.resolve(expr.id, chain)
    if base is None:
        return None
    parts.append(base)
    return ".".join(reversed(parts))


class Everything:
    def __contains__(self, item):
        return True


def body_every_time(fn, d):
    """graph_breaks._body without its memo: each caller walks the function again."""
    d.bodies.clear()
    return _ORIGINAL_BODY(fn, d)


_ORIGINAL_BODY = graph_breaks._body


def old_enclosing(fn, d):
    """graph_breaks._enclosing before: recursive, over ast.iter_fields (leaves included)."""
    out = {}

    def visit(node, stmt, trap):
        if isinstance(node, ast.stmt):
            stmt = node
        out[id(node)] = (stmt, trap)
        if isinstance(node, traversal.SCOPE_TYPES):
            return
        if isinstance(node, (ast.If, ast.IfExp)):
            const = graph_breaks.constant_test(node.test)
            if const is not None:
                branch = node.body if const else node.orelse
                for child in (branch if isinstance(branch, list) else [branch]):
                    visit(child, stmt, trap)
                return
        for name, value in ast.iter_fields(node):
            inner = trap
            if isinstance(node, graph_breaks._LOOPS) and name in ("body", "orelse"):
                inner = trap or "loop"
            elif isinstance(node, graph_breaks._TRYS) and name == "body":
                inner = trap or "try"
            elif isinstance(node, (ast.With, ast.AsyncWith)) and name == "body":
                if not all(graph_breaks._resumable_context(i.context_expr) for i in node.items):
                    inner = trap or "with"
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    visit(child, stmt, inner)

    for s in fn.body:
        visit(s, None, None)
    return out


def old_complex_guard(node, ctx):
    """operators.note_complex_guard before: the file's text searched once per `if`."""
    if "is_complex" not in ctx.src.text:
        return
    if any(isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", None)) == "is_complex"
           for n in ast.walk(node.test)):
        body = node.body if isinstance(node.body, list) else [node.body]
        ctx.state(operators._State).complex_guards.append((body[0].lineno, body[-1].end_lineno))


@contextlib.contextmanager
def patched(obj, attr, value):
    old = getattr(obj, attr)
    setattr(obj, attr, value)
    try:
        yield
    finally:
        setattr(obj, attr, old)


@contextlib.contextmanager
def handler_swapped(new, old):
    lists = [fns for fns in checks.HANDLERS.values() if old in fns]
    for fns in lists:
        fns[fns.index(old)] = new
    checks._DISPATCH.clear()
    try:
        yield
    finally:
        for fns in lists:
            fns[fns.index(new)] = old
        checks._DISPATCH.clear()


@contextlib.contextmanager
def statements_off():
    real = names.Names.__init__

    def init(self, module, walrus=True):
        real(self, module, walrus=True)  # bindings read from every expression, as before
        self._imported = Everything()  # and every name resolved through the scopes

    with patched(names.Names, "__init__", init):
        yield


@contextlib.contextmanager
def child_nodes_off():
    slow = lambda node: list(ast.iter_child_nodes(node))  # noqa: E731
    with patched(graph_breaks, "child_nodes", slow), patched(traversal, "child_nodes", slow):
        yield


@contextlib.contextmanager
def collector_on():
    """The automatic garbage collector at its default thresholds, as before runner._collected."""
    gc.enable()
    try:
        yield
    finally:
        gc.disable()


OFF = {
    "walk: field table, leaves skipped": lambda: patched(engine, "walk", old_walk),
    "walk: unwanted childless nodes": lambda: patched(traversal, "_CHILDLESS", frozenset()),
    "names: statements only + imported()": statements_off,
    "names: qualify memo": lambda: patched(names.Names, "qualify", old_qualify),
    "prefilter per check module": lambda: patched(engine, "checks_for", lambda text: (checks.HANDLERS, checks.FINALIZERS, any(w in text for ws in checks.MODULE_MARKERS.values() for w in ws))),
    "child_nodes for check walks": child_nodes_off,
    "graph_breaks: bodies walked once": lambda: patched(graph_breaks, "_body", body_every_time),
    "graph_breaks: iterative _enclosing": lambda: patched(graph_breaks, "_enclosing", old_enclosing),
    "graph_breaks: callees once": lambda: patched(graph_breaks, "_callees", graph_breaks._find_callees),
    "operators: is_complex once": lambda: handler_swapped(old_complex_guard, operators.note_complex_guard),
    "runner: collector off during analysis": collector_on,
}


def timed(path: str, data: bytes) -> tuple[float, object]:
    start = time.process_time()
    result = engine.analyse(path, data, Options())
    gc.collect(0)  # as runner._collected does after each file
    return time.process_time() - start, result


def _parse_time(data) -> float:
    start = time.process_time()
    for _, b in data:
        try:
            ast.parse(b)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            pass
    return time.process_time() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tree")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--every", type=int, default=1, help="analyse every n-th file only")
    ap.add_argument("--summary", action="store_true", help="only the parse and the analysis, best of --repeat")
    args = ap.parse_args()
    root = Path(args.tree)
    data = [(str(f.relative_to(root)), f.read_bytes()) for f in sorted(root.rglob("*.py"))][::args.every]
    warnings.simplefilter("ignore")
    gc.disable()  # as in the runner's workers (runner._collected)
    parse = _parse_time(data)
    expected = [engine.analyse(p, b, Options()) for p, b in data]
    if args.summary:
        parse = min([parse, *(_parse_time(data) for _ in range(args.repeat - 1))])
        on = min(sum(timed(p, b)[0] for p, b in data) for _ in range(args.repeat))
        print(f"{root}: {len(data)} files; ast.parse {parse:.2f} s CPU; analyse {on:.2f} s "
              f"({on / parse:.2f}x the parse); best of {args.repeat}")
        return 0
    rows = []
    for label, off in OFF.items():
        on_total = off_total = 0.0
        same = True
        for (path, b), want in zip(data, expected):
            # file by file, on and off in turn, best of --repeat each: the machine's load
            # drifts over seconds, and only ever adds time
            on_best = off_best = float("inf")
            for _ in range(args.repeat):
                on_best = min(on_best, timed(path, b)[0])
                with off():
                    t, got = timed(path, b)
                off_best = min(off_best, t)
                same &= got == want
            on_total += on_best
            off_total += off_best
        rows.append((label, on_total, off_total, same))
    on = min(r[1] for r in rows)
    print(f"{root}: {len(data)} files; ast.parse {parse:.2f} s CPU; analyse with everything on "
          f"{on:.2f} s ({on / parse:.2f}x the parse); per file, best of {args.repeat}")
    print(f"  {'turned off':<40}{'all on s':>9}{'off s':>8}{'costs':>9}")
    for label, b, t, same in rows:
        print(f"  {label:<40}{b:>9.2f}{t:>8.2f}{t / b - 1:>+9.0%}" + ("" if same else "  RESULTS DIFFER"))
    return 0 if all(same for *_, same in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
