"""The one registry: rules (codes with their docs) and the node handlers that report them.

A check module declares its rules with :func:`rule` and registers handlers with
:func:`on`. The engine walks each tree once and calls every handler registered for
a node's type; handlers report through the :class:`Context` they are given.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from neuron_migrate.models import Applicability, Edit, Finding, Fix, Options, Severity
from neuron_migrate.names import Names, ScopeNode
from neuron_migrate.source import SourceFile


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    category: str
    summary: str  # one line: the default message
    why: str  # why it matters on Neuron
    example: str  # code that triggers the rule
    use_instead: str  # what to write instead (the example after its fix, when there is one)
    fix: str  # "safe", "unsafe" or "none"
    fix_reason: str = ""  # why the fix is unsafe, or why there is none
    source: str = ""  # where the Neuron fact behind the rule comes from

    @property
    def fixable(self) -> bool:
        return self.fix != "none"


RULES: dict[str, Rule] = {}
Handler = Callable[[ast.AST, "Context"], None]
HANDLERS: dict[type, list[Handler]] = defaultdict(list)
FINALIZERS: list[Callable[["Context"], None]] = []
# Words a file must contain for any check to report something (a cheap prefilter).
MARKERS: set[str] = set()
# The same words per check module, declared with prefilter(): a module is not run on a file
# that holds none of its words (a model file without "cuda" skips the NM1xx checks).
MODULE_MARKERS: dict[str, tuple[str, ...]] = {}
_DISPATCH: dict[tuple, tuple[dict, list]] = {}


def rule(code: str, name: str, severity: str, category: str, **docs: str) -> Rule:
    if code in RULES:
        raise ValueError(f"rule code {code} is declared twice")
    r = Rule(code, name, Severity.parse(severity), category, **docs)
    RULES[code] = r
    return r


def on(*node_types: type) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for t in node_types:
            if issubclass(t, LEAF_TYPES):
                raise TypeError(f"{t.__name__} nodes are not visited: look at the parent's "
                                "ctx/op/ops field instead")
            HANDLERS[t].append(fn)
        return fn
    return register


# -- traversal ------------------------------------------------------------------------------
# Fields holding Load/Store/Del and operator nodes: childless singletons without a position.
# The walk and child_nodes skip them: a third fewer nodes to visit.
LEAF_FIELDS = frozenset({"ctx", "op", "ops"})
LEAF_TYPES = (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)
NODE_FIELDS: dict[type, tuple[str, ...]] = {}


def node_fields(cls: type) -> tuple[str, ...]:
    """The fields of node type ``cls`` that may hold child nodes, in source order."""
    names = NODE_FIELDS.get(cls)
    if names is None:
        names = NODE_FIELDS[cls] = tuple(f for f in cls._fields if f not in LEAF_FIELDS)
    return names


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """``ast.iter_child_nodes`` as a list, without the leaves; four times faster."""
    out: list[ast.AST] = []
    for name in NODE_FIELDS.get(type(node)) or node_fields(type(node)):
        value = getattr(node, name, None)
        if type(value) is list:
            out.extend(v for v in value if isinstance(v, ast.AST))
        elif isinstance(value, ast.AST):
            out.append(value)
    return out


def finalizer(fn: Callable[["Context"], None]) -> Callable[["Context"], None]:
    FINALIZERS.append(fn)
    return fn


def prefilter(module: str, words) -> None:
    """Declare the words without which the checks of ``module`` (its ``__name__``) report nothing.

    They are searched in the order given and the search stops at the first found: list the
    most common first (a file without any of them is searched for every one)."""
    MODULE_MARKERS[module] = tuple(dict.fromkeys((*MODULE_MARKERS.get(module, ()), *words)))
    MARKERS.update(words)


def checks_for(text: str) -> tuple[dict[type, list[Handler]], list[Callable[["Context"], None]]]:
    """Handlers and finalizers to run on a file: all but those of modules whose words it lacks."""
    skipped = frozenset(m for m, words in MODULE_MARKERS.items() if not any(w in text for w in words))
    if not skipped:
        return HANDLERS, FINALIZERS
    # keyed by the functions registered too: tests add, remove and swap handlers
    key = (skipped, tuple(id(fn) for fns in HANDLERS.values() for fn in fns), tuple(map(id, FINALIZERS)))
    found = _DISPATCH.get(key)
    if found is None:
        handlers = {t: kept for t, fns in HANDLERS.items()
                    if (kept := [fn for fn in fns if fn.__module__ not in skipped])}
        found = _DISPATCH[key] = (handlers, [fn for fn in FINALIZERS if fn.__module__ not in skipped])
    return found


@dataclass
class Context:
    """What a handler sees: the file, its names, the node's parent and scope, and report()."""

    src: SourceFile
    tree: ast.Module
    names: Names
    findings: list[Finding] = field(default_factory=list)
    claimed: set[int] = field(default_factory=set)  # node ids another handler already reported
    state: dict[str, object] = field(default_factory=dict)  # per-file scratch space of checks
    parent: ast.AST | None = None
    chain: tuple[ScopeNode, ...] = ()
    options: Options | None = None  # what the scan asked for (rule selection, capability overlays)

    # -- names -------------------------------------------------------------
    def qualify(self, expr: ast.AST) -> str | None:
        return self.names.qualify(expr, self.chain)

    # -- text --------------------------------------------------------------
    def span(self, node: ast.AST) -> tuple[int, int]:
        src = self.src
        return (src.offset(node.lineno, node.col_offset),
                src.offset(node.end_lineno, node.end_col_offset))

    def segment(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.src.text[start:end]

    def replace(self, node: ast.AST, text: str) -> Edit:
        start, end = self.span(node)
        return Edit(start, end, text)

    # -- reporting ---------------------------------------------------------
    def report(self, rule: Rule, node: ast.AST, message: str | None = None, *,
               edits: tuple[Edit, ...] | list[Edit] = (), unsafe: str | None = None,
               title: str | None = None, severity: Severity | None = None) -> None:
        """Report ``rule`` at ``node``. ``edits`` make a fix; ``unsafe`` gives the reason it is unsafe."""
        src = self.src
        fix = None
        if edits:
            fix = Fix(title=title or rule.summary,
                      applicability=Applicability.UNSAFE if unsafe else Applicability.SAFE,
                      edits=tuple(sorted(edits)), reason=unsafe or "")
        self.claimed.add(id(node))
        self.findings.append(Finding(
            code=rule.code, rule=rule.name, severity=severity or rule.severity,
            category=rule.category, path=src.path,
            line=node.lineno, column=src.char_column(node.lineno, node.col_offset) + 1,
            end_line=node.end_lineno,
            end_column=src.char_column(node.end_lineno, node.end_col_offset) + 1,
            message=message or rule.summary, fix=fix,
        ))


def load_all() -> None:
    """Import every check module so its rules and handlers register."""
    from neuron_migrate.checks import device, tool  # noqa: F401
    from neuron_migrate.checks import shapes, graph_breaks  # noqa: F401  (shapes first: graph_breaks reads its sites)
    from neuron_migrate.checks import kernels, manifests, operators  # noqa: F401
