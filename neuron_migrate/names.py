"""Name resolution: which module or object a name in the source refers to.

Resolution follows Python's scoping closely enough for migration rules:

- ``import torch as t`` binds ``t`` to ``torch``; ``from torch.cuda import amp as A``
  binds ``A`` to ``torch.cuda.amp``; ``import torch.cuda`` binds ``torch``.
- A parameter or an assignment in a function makes the name local there, so
  ``def f(torch): torch.cuda...`` is not the real module.
- Class bodies are not visible from the methods inside them.
- A name bound both by an import and by an assignment in the same scope keeps the
  import (the ``try: import x / except ImportError: x = None`` idiom).
- Star imports bind nothing; they are recorded so rules can report them as unresolved.

Bindings of a scope are collected lazily, the first time a name is resolved in it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

ScopeNode = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef
SCOPE_TYPES = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda,
           ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)

LOCAL = None  # a binding that is not an import: its value is unknown statically


@dataclass
class Bindings:
    names: dict[str, str | None] = field(default_factory=dict)
    declared_global: set[str] = field(default_factory=set)
    star_imports: list[ast.ImportFrom] = field(default_factory=list)


def _collect(scope: ScopeNode) -> Bindings:
    """The names ``scope`` binds, mapped to the qualified name of an import or LOCAL."""
    imports: dict[str, str | None] = {}
    params: set[str] = set()
    others: set[str] = set()
    declared: set[str] = set()
    stars: list[ast.ImportFrom] = []

    if isinstance(scope, _FUNCTIONS):
        a = scope.args
        for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
            if arg is not None:
                params.add(arg.arg)
        todo: list[ast.AST] = [scope.body] if isinstance(scope, ast.Lambda) else list(scope.body)
    else:
        todo = list(scope.body)

    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    imports.setdefault(alias.asname, alias.name)
                else:
                    top = alias.name.split(".", 1)[0]
                    imports.setdefault(top, top)
            continue
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name == "*":
                    stars.append(node)
                    continue
                bound = alias.asname or alias.name
                if node.level or not node.module:
                    imports.setdefault(bound, LOCAL)
                else:
                    imports.setdefault(bound, f"{node.module}.{alias.name}")
            continue
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            others.add(node.name)
            # decorators and defaults are evaluated in this scope; bodies are not
            todo.extend(node.decorator_list)
            if not isinstance(node, ast.ClassDef):
                todo.extend(d for d in (*node.args.defaults, *node.args.kw_defaults) if d)
            continue
        if isinstance(node, _NESTED):
            continue
        if isinstance(node, ast.Name):
            if not isinstance(node.ctx, ast.Load):
                others.add(node.id)
            continue
        if isinstance(node, ast.ExceptHandler) and node.name:
            others.add(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            others.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            others.add(node.rest)
        todo.extend(ast.iter_child_nodes(node))

    names: dict[str, str | None] = dict.fromkeys(others, LOCAL)
    names.update(imports)  # an import wins over an assignment in the same scope
    for p in params:
        names[p] = LOCAL  # a parameter always shadows
    return Bindings(names, declared, stars)


class Names:
    """Resolves names and dotted attribute chains of one module."""

    def __init__(self, module: ast.Module):
        self.module = module
        self._bindings: dict[int, Bindings] = {}

    @property
    def star_imports(self) -> list[ast.ImportFrom]:
        """Module-level ``from m import *``: names they bind are unresolved."""
        return self.bindings(self.module).star_imports

    def bindings(self, scope: ScopeNode) -> Bindings:
        b = self._bindings.get(id(scope))
        if b is None:
            b = self._bindings[id(scope)] = _collect(scope)
        return b

    def resolve(self, name: str, chain: tuple[ScopeNode, ...]) -> str | None:
        """Qualified name that ``name`` refers to in the innermost scope of ``chain``."""
        innermost = len(chain) - 1
        for i in range(innermost, -1, -1):
            scope = chain[i]
            if isinstance(scope, ast.ClassDef) and i != innermost:
                continue
            b = self.bindings(scope)
            if name in b.declared_global and not isinstance(scope, ast.Module):
                return self.bindings(self.module).names.get(name)
            if name in b.names:
                return b.names[name]
        return None

    def qualify(self, expr: ast.AST, chain: tuple[ScopeNode, ...]) -> str | None:
        """Qualified name of a ``Name`` or dotted ``Attribute`` chain, or None."""
        parts: list[str] = []
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

    def alias_for(self, qualified: str, chain: tuple[ScopeNode, ...]) -> str | None:
        """A name bound at module level to ``qualified`` that still means it in ``chain``."""
        for name, target in self.bindings(self.module).names.items():
            if target == qualified and self.resolve(name, chain) == qualified:
                return name
        return None

