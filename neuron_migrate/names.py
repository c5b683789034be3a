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

from neuron_migrate.traversal import BODY_FIELDS, child_nodes

ScopeNode = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda,
           ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)

LOCAL = None  # a binding that is not an import: its value is unknown statically


@dataclass
class Bindings:
    names: dict[str, str | None] = field(default_factory=dict)
    declared_global: set[str] = field(default_factory=set)
    star_imports: list[ast.ImportFrom] = field(default_factory=list)


_TARGETS = {ast.Assign: "targets", ast.Delete: "targets", ast.AugAssign: "target",
            ast.AnnAssign: "target", ast.For: "target", ast.AsyncFor: "target"}
if hasattr(ast, "TypeAlias"):  # Python 3.12
    _TARGETS[ast.TypeAlias] = "name"
# statement-like types that bind names (beyond imports and definitions)
_BINDING = frozenset({*_TARGETS, ast.With, ast.AsyncWith, ast.ExceptHandler, ast.match_case})
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _target_names(target: ast.AST, out: set[str]) -> None:
    """Names an assignment target binds: ``a``, ``a, *b``, ``[a, (b, c)]``; not ``a.x`` or ``a[i]``."""
    todo = [target]
    while todo:
        t = todo.pop()
        kind = type(t)  # ast's node types have no subclasses
        if kind is ast.Name:
            out.add(t.id)
        elif kind is ast.Tuple or kind is ast.List:
            todo.extend(t.elts)
        elif kind is ast.Starred:
            todo.append(t.value)


def _statement_bindings(node: ast.AST, out: set[str]) -> None:
    """Names a statement binds other than by import, def or class, when expressions bind none."""
    field_name = _TARGETS.get(type(node))
    if field_name is not None:
        value = getattr(node, field_name)
        for t in value if isinstance(value, list) else (value,):
            _target_names(t, out)
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        for item in node.items:
            if item.optional_vars is not None:
                _target_names(item.optional_vars, out)
    elif isinstance(node, ast.ExceptHandler):
        if node.name:
            out.add(node.name)
    elif isinstance(node, ast.match_case):
        for p in ast.walk(node.pattern):
            if isinstance(p, (ast.MatchAs, ast.MatchStar)) and p.name:
                out.add(p.name)
            elif isinstance(p, ast.MatchMapping) and p.rest:
                out.add(p.rest)


def _collect(scope: ScopeNode, expressions: bool = True) -> Bindings:
    """The names ``scope`` binds, mapped to the qualified name of an import or LOCAL.

    ``expressions=False`` reads statements and their targets only, a tenth of the nodes:
    exact when the module holds no assignment expression (``:=``), the one expression
    that binds a name.
    """
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

    if not expressions:
        _collect_statements(todo, imports, others, declared, stars)
        todo = []
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            _import_bindings(node, imports, stars)
            continue
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            others.add(node.name)
            if expressions:
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
        todo += child_nodes(node)  # the Load/Store leaves bind nothing

    names: dict[str, str | None] = dict.fromkeys(others, LOCAL)
    names.update(imports)  # an import wins over an assignment in the same scope
    for p in params:
        names[p] = LOCAL  # a parameter always shadows
    if stars and type(scope) is ast.Module:
        names.setdefault("torch", "torch")  # STAR_TORCH
    return Bindings(names, declared, stars)


# STAR_TORCH: a module that does not bind `torch` itself but has a module-level `from m import *` takes
# `torch` from it (fastai's `from .imports.torch import *`, which does `import torch`): a file that
# uses `torch` unbound could take it from nowhere else, and a name `torch` bound to anything but the
# module is not something a project exports.


def _import_bindings(node: ast.Import | ast.ImportFrom, imports: dict[str, str | None],
                     stars: list[ast.ImportFrom]) -> None:
    if type(node) is ast.Import:
        for alias in node.names:
            if alias.asname:
                imports.setdefault(alias.asname, alias.name)
            else:
                top = alias.name.split(".", 1)[0]
                imports.setdefault(top, top)
        return
    for alias in node.names:
        if alias.name == "*":
            stars.append(node)
            continue
        bound = alias.asname or alias.name
        if node.level or not node.module:
            imports.setdefault(bound, LOCAL)
        else:
            imports.setdefault(bound, f"{node.module}.{alias.name}")


def _collect_statements(todo: list[ast.AST], imports: dict[str, str | None], others: set[str],
                        declared: set[str], stars: list[ast.ImportFrom]) -> None:
    """``_collect`` over statements alone: one type test per statement, most of them simple."""
    body_fields, binding = BODY_FIELDS, _BINDING
    while todo:
        node = todo.pop()
        t = type(node)
        if t is ast.Import or t is ast.ImportFrom:
            _import_bindings(node, imports, stars)
        elif t is ast.Global or t is ast.Nonlocal:
            declared.update(node.names)
        elif t in _DEFINITIONS:
            others.add(node.name)
        else:
            if t in binding:
                _statement_bindings(node, others)
            fields = body_fields.get(t)  # None for an expression: a lambda's body
            if fields:
                for f in fields:
                    todo.extend(getattr(node, f))


class Names:
    """Resolves names and dotted attribute chains of one module."""

    def __init__(self, module: ast.Module, walrus: bool = True):
        """``walrus=False`` promises the module holds no ``:=`` (its source text has none),
        so bindings are read from statements alone."""
        self.module = module
        self._walrus = walrus
        self._bindings: dict[int, Bindings] = {}
        self._imported: set[str] | None = None
        self._relative: set[str] = set()  # names relative imports bind (filled with _imported)
        self._roots: set[str] = set()  # first names of the modules absolute imports name (the same)
        # id(expr) -> (expr, chain, qualified name): every check asks about the same call
        self.qualified: dict[int, tuple[ast.AST, tuple, str | None]] = {}

    @property
    def star_imports(self) -> list[ast.ImportFrom]:
        """Module-level ``from m import *``: names they bind are unresolved."""
        return self.bindings(self.module).star_imports

    def bindings(self, scope: ScopeNode) -> Bindings:
        b = self._bindings.get(id(scope))
        if b is None:
            b = self._bindings[id(scope)] = _collect(scope, self._walrus)
        return b

    def imported(self) -> set[str]:
        """Every name an absolute import binds in some scope: the only names that resolve."""
        if self._imported is None:
            found: set[str] = set()
            relative: set[str] = set()
            roots: set[str] = set()
            todo: list[ast.AST] = list(self.module.body)
            body_fields = BODY_FIELDS
            while todo:  # imports are statements: no need to look inside expressions
                node = todo.pop()
                t = type(node)
                if t is ast.Import:
                    for a in node.names:
                        root = a.name.split(".", 1)[0]
                        found.add(a.asname or root)
                        roots.add(root)
                elif t is ast.ImportFrom:
                    if node.names[0].name == "*":  # alone in its statement (Python allows it only so)
                        found.add("torch")  # STAR_TORCH
                        roots.add("torch")
                    names = (a.asname or a.name for a in node.names if a.name != "*")
                    if node.module and not node.level:
                        found.update(names)
                        roots.add(node.module.split(".", 1)[0])
                    else:
                        relative.update(names)
                else:
                    for f in body_fields[t]:
                        todo.extend(getattr(node, f))
            self._imported, self._relative, self._roots = found, relative, roots
        return self._imported

    def import_roots(self) -> set[str]:
        """The first name of every module an absolute import names, in any scope (``gsplat`` for
        ``from gsplat.rendering import rasterization``): every name that resolves starts with one."""
        if self._imported is None:
            self.imported()
        return self._roots

    def import_bound(self) -> set[str]:
        """Every name an import binds in some scope, relative imports included (which do not resolve)."""
        return self.imported() | self._relative

    def binding_scope(self, name: str, chain: tuple[ScopeNode, ...]) -> ScopeNode | None:
        """The scope whose binding of ``name`` the innermost scope of ``chain`` sees, or None
        when no scope binds it (a builtin, or a name from a star import).

        Enclosing class bodies are not visible from the functions inside them; a ``global``
        declaration sends the name to the module."""
        innermost = len(chain) - 1
        for i in range(innermost, -1, -1):
            scope = chain[i]
            if isinstance(scope, ast.ClassDef) and i != innermost:
                continue
            b = self.bindings(scope)
            if name in b.declared_global and not isinstance(scope, ast.Module):
                return self.module
            if name in b.names:
                return scope
        return None

    def is_bound(self, name: str, chain: tuple[ScopeNode, ...]) -> bool:
        """Whether some scope binds ``name`` (by import, assignment, parameter...): ``resolve``
        answers None both for an unbound name and for a local that is not an import."""
        return self.binding_scope(name, chain) is not None

    def resolve(self, name: str, chain: tuple[ScopeNode, ...]) -> str | None:
        """Qualified name that ``name`` refers to in the innermost scope of ``chain``."""
        imported = self._imported if self._imported is not None else self.imported()
        if name not in imported:  # `self`, `x`, `len`: no scope needs collecting
            return None
        scope = self.binding_scope(name, chain)
        return None if scope is None else self.bindings(scope).names.get(name)

    def qualify(self, expr: ast.AST, chain: tuple[ScopeNode, ...]) -> str | None:
        """Qualified name of a ``Name`` or dotted ``Attribute`` chain, or None."""
        hit = self.qualified.get(id(expr))
        if hit is not None and hit[0] is expr and (hit[1] is chain or hit[1] == chain):
            return hit[2]
        return self.qualify_anew(expr, chain)

    def qualify_anew(self, expr: ast.AST, chain: tuple[ScopeNode, ...]) -> str | None:
        """``qualify`` for a caller that looked in ``qualified`` already and missed; kept there."""
        parts: list[str] = []
        node = expr
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        qualified = None
        if isinstance(node, ast.Name):
            base = self.resolve(node.id, chain)
            if base is not None:
                parts.append(base)
                qualified = ".".join(reversed(parts))
        self.qualified[id(expr)] = (expr, chain, qualified)
        return qualified

    def alias_for(self, qualified: str, chain: tuple[ScopeNode, ...]) -> str | None:
        """A name bound at module level to ``qualified`` that still means it in ``chain``."""
        for name, target in self.bindings(self.module).names.items():
            if target == qualified and self.resolve(name, chain) == qualified:
                return name
        return None

