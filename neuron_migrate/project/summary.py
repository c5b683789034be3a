"""Per-file summary for the project model: small, picklable, made from the tree the checks
already walked (module-level statements and the calls of traced functions only).

- ``imports``: (local name, level, module, name) of module-level imports; ``name`` is ""
  for ``import a.b as c``.
- ``functions``: module-level function names; ``classes``: (name, base texts, method names).
- ``calls``: (traced function, callee text, line) for calls from traced code that leave the
  file: through a module-level import (``helpers.pad(x)``, ``pad(x)``), or to ``self.m(...)``
  where ``m`` is not defined by the class or its in-file bases (a method of an imported base).
"""

from __future__ import annotations

import ast

from neuron_migrate.models import Summary

__all__ = ["Summary", "dotted", "module_level"]


def dotted(expr: ast.AST) -> str:
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if isinstance(expr, ast.Name):
        parts.append(expr.id)
        return ".".join(reversed(parts))
    return ""


def module_level(tree: ast.Module) -> tuple[tuple, tuple, tuple]:
    imports, functions, classes = [], [], []
    todo = list(tree.body)
    while todo:
        node = todo.pop(0)
        if isinstance(node, ast.Import):
            for a in node.names:
                imports.append((a.asname or a.name.split(".")[0], 0, a.name if a.asname else a.name.split(".")[0], ""))
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                if a.name != "*":
                    imports.append((a.asname or a.name, node.level, node.module or "", a.name))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append(node.name)
        elif isinstance(node, ast.ClassDef):
            methods = tuple(s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)))
            classes.append((node.name, tuple(dotted(b) for b in node.bases), methods))
        elif isinstance(node, (ast.If, ast.Try)):  # if TYPE_CHECKING / try: import ... except
            todo[:0] = [*node.body, *getattr(node, "orelse", []),
                        *[s for h in getattr(node, "handlers", []) for s in h.body]]
    return tuple(imports), tuple(functions), tuple(classes)
