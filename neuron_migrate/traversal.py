"""The one walk over a syntax tree, and the node-field tables every walk reads.

``ast.iter_child_nodes`` and ``ast.walk`` visit the Load/Store/operator singletons and
look up fields through generic machinery; the engine's walk is the hot path of a scan, so
children are read from per-type field tables without those leaves (four times faster).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Protocol

# Fields holding Load/Store/Del and operator nodes: childless singletons without a position.
# The walk and child_nodes skip them: a third fewer nodes to visit.
LEAF_FIELDS = frozenset({"ctx", "op", "ops"})
LEAF_TYPES = (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)
# Nodes that open a scope: what they hold (but not their decorators, defaults, bases) is
# evaluated in a scope of their own.
SCOPE_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
TRY_TYPES = (ast.Try, ast.TryStar) if hasattr(ast, "TryStar") else (ast.Try,)
_FUNCTION_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
# Node types with no child nodes (Load/Store aside): not even pushed when no handler wants them.
_CHILDLESS = frozenset({ast.Name, ast.Constant, ast.alias, ast.Pass, ast.Break, ast.Continue,
                        ast.Global, ast.Nonlocal})


def node_types(*roots: type) -> set[type]:
    """``roots`` and every class below them (the node types ``ast`` defines)."""
    found, todo = set(roots), list(roots)
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return found


_NODE_FIELDS: dict[type, tuple[str, ...]] = {}
# ASDL types of fields that hold a name, a string, a number or a constant (one, a list or None), never a node
_VALUE_TYPES = frozenset({"identifier", "string", "int", "constant"})


def node_fields(cls: type) -> tuple[str, ...]:
    """The fields of node type ``cls`` that may hold child nodes, in source order: not the
    leaves, nor what its signature types as a value (``Attribute(expr value, identifier attr,
    expr_context ctx)``, the class's docstring): ``attr``, a name's ``id``, a constant's
    ``value`` were read and tested by every walk for nothing."""
    names = _NODE_FIELDS.get(cls)
    if names is None:  # apart: the reading's closure cell was made at every call (a Name's empty fields)
        names = _NODE_FIELDS[cls] = _child_fields(cls)
    return names


def _child_fields(cls: type) -> tuple[str, ...]:
    signature = (cls.__doc__ or "").partition("\n")[0]
    typed = [part.split() for part in signature.partition("(")[2].rstrip(")").split(",")] \
        if signature.startswith(f"{cls.__name__}(") else []  # [type, field] pairs
    values = {words[1] for words in typed if len(words) == 2 and words[0].rstrip("*?") in _VALUE_TYPES}
    return tuple(f for f in cls._fields if f not in LEAF_FIELDS and f not in values)


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """``ast.iter_child_nodes`` as a list, without the leaves; four times faster."""
    out: list[ast.AST] = []
    names = _NODE_FIELDS.get(type(node))
    if names is None:  # not ``or``: a name's and a constant's fields are empty, and were asked again
        names = node_fields(type(node))
    for name in names:
        value = getattr(node, name, None)
        if type(value) is list:
            for v in value:  # a loop, not a comprehension: no function made per list
                if isinstance(v, ast.AST):
                    out.append(v)
        elif isinstance(value, ast.AST):
            out.append(value)
    return out


def all_nodes(root: ast.AST) -> list[ast.AST]:
    """``ast.walk(root)`` as a list, in its order (breadth first), without the leaves."""
    out = [root]
    fields, AST, add = _NODE_FIELDS, ast.AST, out.append
    for node in out:  # the list grows while it is read
        names = fields.get(type(node))
        if names is None:  # not ``or``: a name's empty fields called node_fields (50,909 calls on timm)
            names = node_fields(type(node))
        for name in names:
            value = getattr(node, name, None)
            if type(value) is list:
                for v in value:  # a loop, not a comprehension: no function made per list (13 % faster)
                    if isinstance(v, AST):
                        add(v)
            elif isinstance(value, AST):
                add(value)
    return out


def same_tree(a: object, b: object) -> bool:
    """``ast.dump(a) == ast.dump(b)`` (positions aside) without the dumps, each of which leaves a
    reference cycle for the collector: nodes of one type whose fields are the same trees, lists of
    them, and equal values of one type (a parsed constant is never NaN)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, ast.AST):
        for name in a._fields:
            if not same_tree(getattr(a, name, None), getattr(b, name, None)):
                return False
        return True
    if type(a) is list:
        return len(a) == len(b) and all(map(same_tree, a, b))
    return a == b


def own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of ``scope``'s own body in source order (parents first), without the leaves;
    nested functions, classes and lambdas are in but not what they hold."""
    out: list[ast.AST] = []
    todo = list(reversed(getattr(scope, "body", [])))
    pop, push, add = todo.pop, todo.append, out.append
    table, wanted = _REVERSED_FIELDS, _pushed(frozenset())
    while todo:  # child_nodes' children, pushed last first in place (no list per node)
        node = pop()
        add(node)
        cls = type(node)
        if cls in _SCOPES:
            continue
        fields = table.get(cls)
        if fields is None:
            fields = table[cls] = tuple(reversed(node_fields(cls)))
        for name in fields:
            value = getattr(node, name, None)
            if type(value) is list:
                if len(value) == 1:  # most lists (see walk)
                    if type(value[0]) in wanted:
                        push(value[0])
                elif value:
                    for item in reversed(value):
                        if type(item) in wanted:  # a node (not None, not a str)
                            push(item)
            elif type(value) in wanted:
                push(value)
    return out


_STATEMENT_LIKE = (ast.stmt, ast.ExceptHandler, ast.match_case)
_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")  # fields holding statement lists

# statement-like node type -> its fields holding statement lists (most have none)
BODY_FIELDS: dict[type, tuple[str, ...]] = {
    t: tuple(f for f in _BODIES if f in t._fields) for t in node_types(*_STATEMENT_LIKE)}

# the same fields in the order of the node's ``_fields`` (``all_nodes``' order)
_BODY_FIELDS_IN_ORDER = {t: tuple(f for f in t._fields if f in fields) for t, fields in BODY_FIELDS.items()}


def statements(root: ast.AST) -> list[ast.AST]:
    """The statement-like nodes of ``all_nodes(root)`` (``root`` a statement), in its order,
    without visiting an expression: a statement only ever sits in another's statement list."""
    out, fields = [root], _BODY_FIELDS_IN_ORDER
    for node in out:  # the list grows while it is read
        for name in fields[type(node)]:
            out += getattr(node, name)
    return out


def statements_holding(node: ast.AST, body: list[ast.stmt]) -> list[ast.AST]:
    """The statements of ``body`` and of the bodies below them that hold ``node``, outermost first;
    an except clause counts as one, a match case's statements as its ``match``'s (a case has no
    position)."""
    path: list[ast.AST] = []
    while body:
        inner = next((s for s in body if s.lineno <= node.lineno and node.end_lineno <= s.end_lineno), None)
        if inner is None:
            break
        path.append(inner)
        body = [u for f in BODY_FIELDS[type(inner)] for t in getattr(inner, f)
                for u in (t.body if type(t) is ast.match_case else (t,))]
    return path


def scoped_children(node: ast.AST, chain: tuple) -> list[tuple[ast.AST, tuple]]:
    """Child nodes with the scope chain each is evaluated in, in source order: a function's
    decorators, defaults and annotations belong to the enclosing scope, its body to its own."""
    # loops, not comprehensions: those made cells of chain and inner at every call (2.4 times slower)
    out = []
    add = out.append
    if isinstance(node, _FUNCTION_TYPES):
        for d in node.decorator_list:
            add((d, chain))
        add((node.args, chain))
        if node.returns:
            add((node.returns, chain))
    elif isinstance(node, ast.Lambda):
        return [(node.args, chain), (node.body, (*chain, node))]
    elif isinstance(node, ast.ClassDef):
        for outer in (node.decorator_list, node.bases, node.keywords):
            for c in outer:
                add((c, chain))
    else:
        for c in child_nodes(node):
            add((c, chain))
        return out
    inner = (*chain, node)
    for s in node.body:
        add((s, inner))
    return out


class Visitor(Protocol):
    """What :func:`walk` tells the handlers besides the node: set before each call."""

    parent: ast.AST | None
    chain: tuple


Handler = Callable[[ast.AST, Visitor], None]


def walk(tree: ast.Module, handlers: dict[type, list[Handler]], visitor: Visitor) -> None:
    """Visit every node of ``tree`` once, parents before children, calling the handlers
    registered for its type with ``visitor``, whose ``parent`` and ``chain`` (the scopes the
    node is evaluated in, module first) are set for the node.

    Iterative, so a deeply nested expression cannot overflow the interpreter stack.
    Children are read field by field, without the Load/Store/operator leaves
    (``node_fields``): ``ast.iter_child_nodes`` made this loop four times slower.
    """
    table = _REVERSED_FIELDS
    wanted = _pushed(frozenset(_CHILDLESS.difference(handlers)))
    # node type -> (its handlers, its child fields last first, or None for a scope): one lookup a node
    plans: dict[type, tuple[list[Handler] | None, tuple[str, ...] | None]] = {}
    stack: list[tuple[ast.AST, ast.AST | None, tuple]] = [(tree, None, (tree,))]
    push, pop = stack.append, stack.pop
    while stack:
        node, parent, chain = pop()
        cls = type(node)
        plan = plans.get(cls)
        if plan is None:
            fields = None
            if cls not in _SCOPES:
                fields = table.get(cls)
                if fields is None:
                    fields = table[cls] = tuple(reversed(node_fields(cls)))
            plan = plans[cls] = (handlers.get(cls), fields)
        todo, fields = plan
        if todo:
            visitor.parent, visitor.chain = parent, chain
            for handler in todo:
                handler(node, visitor)
        if fields is None:  # a scope
            for child, child_chain in reversed(scoped_children(node, chain)):
                push((child, node, child_chain))
            continue
        for name in fields:
            value = getattr(node, name, None)
            if type(value) is list:
                # most lists hold one node or none: ``reversed`` (about 600 instructions a call) only
                # for longer ones
                if len(value) == 1:
                    item = value[0]
                    if type(item) in wanted:
                        push((item, node, chain))
                elif value:
                    for item in reversed(value):
                        if type(item) in wanted:  # a node (not None, not a str) of a type to visit
                            push((item, node, chain))
            elif type(value) in wanted:
                push((value, node, chain))


_SCOPES = frozenset(SCOPE_TYPES)
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
