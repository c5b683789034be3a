"""The one registry: rules (codes with their docs) and the node handlers that report them.

A check module declares its rules with :func:`rule` and registers handlers with
:func:`on`. The engine walks each tree once and calls every handler registered for
a node's type; handlers report through the :class:`Context` they are given.

Claimed nodes. The walk visits a parent before its children, and a node's handlers in the
order their modules registered (``load_all``). A node that one handler has judged is
*claimed*: ``ctx.report`` claims the node it reports, and a handler that judges a node
without reporting it (a call's function it has reported as the call, a dict's keys that
must stay as they are, a literal it holds back for a later decision) adds its id to
``ctx.claimed`` itself. Handlers that would report a node on its own (a plain string, an
attribute chain) skip claimed nodes, so each thing is reported once, by the handler that
knows most about it. A claim lasts for the file; a finalizer may release one it decides on.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from neuron_migrate.models import Applicability, Edit, Finding, Fix, Options, Severity
from neuron_migrate.names import Names, ScopeNode
from neuron_migrate.project.summary import module_level
from neuron_migrate.source import SourceFile
from neuron_migrate.traversal import LEAF_TYPES, all_nodes


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
    example_file: str = ""  # the examples are this file's text (a config file), not Python
    portable: str = ""  # the summary in `--style portable`, when its fix writes something else


RULES: dict[str, Rule] = {}
Handler = Callable[[ast.AST, "Context"], None]
HANDLERS: dict[type, list[Handler]] = defaultdict(list)
FINALIZERS: list[Callable[["Context"], None]] = []
# Words per check module, declared with prefilter(): a module is not run on a file that
# holds none of its words (a model file without "cuda" skips the NM1xx checks), and a file
# that holds no module's words is not parsed at all.
MODULE_MARKERS: dict[str, tuple[str, ...]] = {}
# Modules that also run on a file importing a module of one of these first names, whatever its
# words (kernels: the libraries of rules/dependencies.yaml), declared with prefilter(imports=):
# asked of the parsed file's import statements (one set test), not searched in its text (a
# search per name; the table's 29 names cost a third of the prefilter on timm).
IMPORT_MARKERS: dict[str, frozenset[str]] = {}
# Handlers registered with on(..., words=...): run only on a file holding one of their words.
HANDLER_WORDS: dict[Handler, tuple[str, ...]] = {}
_DISPATCH: dict[tuple, tuple[dict, list]] = {}
S = TypeVar("S")


def rule(code: str, name: str, severity: str, category: str, **docs: str) -> Rule:
    if code in RULES:
        raise ValueError(f"rule code {code} is declared twice")
    r = Rule(code, name, Severity.parse(severity), category, **docs)
    RULES[code] = r
    return r


def on(*node_types: type, words: tuple[str, ...] = ()) -> Callable[[Handler], Handler]:
    """Register a handler for nodes of ``node_types``; with ``words``, only for files that
    hold one of them (a handler for every Attribute that reports only quantized names need
    not run on the files that mention none)."""
    def register(fn: Handler) -> Handler:
        for t in node_types:
            if issubclass(t, LEAF_TYPES):
                raise TypeError(f"{t.__name__} nodes are not visited: look at the parent's "
                                "ctx/op/ops field instead")
            HANDLERS[t].append(fn)
        if words:
            HANDLER_WORDS[fn] = tuple(words)
        return fn
    return register


def finalizer(fn: Callable[["Context"], None]) -> Callable[["Context"], None]:
    FINALIZERS.append(fn)
    return fn


def prefilter(module: str, words, imports=()) -> None:
    """Declare the words without which the checks of ``module`` (its ``__name__``) report nothing,
    and the first names of the modules whose import makes them report too (``IMPORT_MARKERS``).

    They are searched in the order given and the search stops at the first found: list the
    most common first (a file without any of them is searched for every one, the whole text
    each time). A word that holds another of the list ("pycuda" and "cuda") is dropped."""
    merged = tuple(dict.fromkeys((*MODULE_MARKERS.get(module, ()), *words)))
    MODULE_MARKERS[module] = tuple(w for w in merged if not any(v != w and v in w for v in merged))
    if imports:
        IMPORT_MARKERS[module] = IMPORT_MARKERS.get(module, frozenset()) | frozenset(imports)


@functools.cache
def _gate(words: tuple[str, ...]) -> str | None:
    """The longest string of four characters or more that every one of two or more ``words``
    holds ("_require" for "install_requires", "tests_require"...), else None: a file without it
    holds none of them, which one search tells."""
    if len(words) < 2:
        return None
    shortest = min(words, key=len)
    for size in range(len(shortest), 3, -1):
        for start in range(len(shortest) - size + 1):
            part = shortest[start:start + size]
            if all(part in w for w in words):
                return part
    return None


@functools.cache
def _parts(words: tuple[str, ...]) -> tuple[str | None, ...]:
    """For each of ``words``, the longest string of three characters or more it shares with
    another of them ("cud" of "cuda" and "cudnn", "flash" of "flash_attn" and "flashinfer"), or
    None: a file without the part holds neither word, so one search that fails stands for
    several (a tenth of the prefilter's searching on timm, diffusers, detectron2 and PyG)."""
    out: list[str | None] = []
    for w in words:
        best = ""
        for v in words:
            if v == w:
                continue
            for start in range(len(w) - len(best)):
                end = start + len(best) + 1  # only a longer part than the best so far counts
                while end <= len(w) and w[start:end] in v:
                    best, end = w[start:end], end + 1
        out.append(best if len(best) >= 3 and best != w else None)
    return tuple(out)


def checks_for(text: str, forced: tuple[str, ...] = (), only: tuple[str, ...] | None = None
               ) -> tuple[dict[type, list[Handler]], list[Callable[["Context"], None]], bool, tuple[str, ...]]:
    """Handlers and finalizers to run on a file: all but those of modules whose words it
    lacks (``forced`` modules run anyway), and with ``only``, none but those modules'; whether
    it holds any module's words (a file that holds none is not parsed); and the modules of
    ``IMPORT_MARKERS`` left out, which the file's imports may still call for (``imported_checks``)."""
    found: dict[str, bool] = {}  # each word searched once: modules share theirs ("cuda")

    def holds(words: tuple[str, ...]) -> bool:
        gate = _gate(words)
        if gate is not None:  # a part of every word: absent, so are they all (one search, not four)
            hit = found.get(gate)
            if hit is None:
                hit = found[gate] = gate in text
            if not hit:
                return False
        for w, part in zip(words, _parts(words)):
            if part is not None:  # a part of the word: absent, so is the word
                hit = found.get(part)
                if hit is None:
                    hit = found[part] = part in text
                if not hit:
                    found[w] = False  # so is the word for another module's list ("cuda" without "cud")
                    continue
            hit = found.get(w)
            if hit is None:
                hit = found[w] = w in text
            if hit:
                return True
        return False

    skipped = frozenset(m for m, words in MODULE_MARKERS.items()
                        if (m not in forced and not holds(words)) or (only is not None and m not in only))
    marked = len(skipped) < len(MODULE_MARKERS)
    waiting = tuple(m for m in IMPORT_MARKERS if m in skipped and (only is None or m in only))
    dropped = frozenset(fn for fn, words in HANDLER_WORDS.items()
                        if fn.__module__ not in skipped and not holds(words))
    if not skipped and not dropped:
        return HANDLERS, FINALIZERS, marked, waiting
    # keyed by the functions registered too: tests add, remove and swap handlers
    key = (skipped, frozenset(map(id, dropped)), tuple(id(fn) for fns in HANDLERS.values() for fn in fns),
           tuple(map(id, FINALIZERS)))
    found = _DISPATCH.get(key)
    if found is None:
        handlers = {t: kept for t, fns in HANDLERS.items()
                    if (kept := [fn for fn in fns if fn.__module__ not in skipped and fn not in dropped])}
        found = _DISPATCH[key] = (handlers, [fn for fn in FINALIZERS if fn.__module__ not in skipped])
    return (*found, marked, waiting)


def imported_checks(waiting: tuple[str, ...], roots: set[str] | None, text: str) -> tuple[str, ...]:
    """Of the modules ``checks_for`` left ``waiting``, those the file's imports call for: ``roots``,
    the first names of the modules it imports (``Names.import_roots``), or before it is parsed
    (None), those whose names its text holds (a file no module's words made worth parsing)."""
    if roots is None:
        return tuple(m for m in waiting if any(map(text.__contains__, IMPORT_MARKERS[m])))
    return tuple(m for m in waiting if not IMPORT_MARKERS[m].isdisjoint(roots))


class _States(dict):
    """A file's state of each check module: an instance of the class (a small class made with
    no arguments, its attributes typed in ``__init__``; plain classes, since a dataclass costs
    start-up), made when first asked and freed with the context, so nothing of one file
    outlives it. A check's products for others are such classes too."""

    def __missing__(self, cls: type[S]) -> S:
        found = self[cls] = cls()
        return found


@dataclass
class Context:
    """What a handler sees: the file, its names, the node's parent and scope, and report()."""

    src: SourceFile
    tree: ast.Module
    names: Names
    findings: list[Finding] = field(default_factory=list)
    claimed: set[int] = field(default_factory=set)  # ids of nodes already judged (module docstring)
    parent: ast.AST | None = None
    chain: tuple[ScopeNode, ...] = ()
    options: Options | None = None  # what the scan asked for (rule selection, capability overlays)

    _states: dict[type, object] = field(default_factory=_States, repr=False)
    _module_level: tuple | None = field(default=None, repr=False)
    # ``state(cls)``: this file's state of one check module (``_States``); the states' own
    # ``__getitem__``, so that no Python frame is made per call (184,064 calls on timm's scan)
    state: Callable[[type[S]], S] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.state = self._states.__getitem__

    def module_level(self) -> tuple[tuple, tuple, tuple, tuple]:
        """``project.summary.module_level`` of the tree, read once per file (the traced-code
        model asks for the imports, the file's summary for all of it)."""
        found = self._module_level
        if found is None:
            found = self._module_level = module_level(self.tree)
        return found

    # -- names -------------------------------------------------------------
    def qualify(self, expr: ast.AST) -> str | None:
        # the memo of Names.qualify, read here (not in a second call): every check asks about the same
        # calls (half of the answers were kept under an equal chain of another walk, which is taken too)
        names, chain = self.names, self.chain
        hit = names.qualified.get(id(expr))
        if hit is not None and hit[0] is expr and (hit[1] is chain or hit[1] == chain):
            return hit[2]
        return names.qualify_anew(expr, chain)

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

    def summary(self, rule: Rule) -> str:
        """The rule's one-line message in the fix style in use."""
        portable = rule.portable and self.options is not None and self.options.style == "portable"
        return rule.portable if portable else rule.summary

    def report(self, rule: Rule, node: ast.AST, message: str | None = None, *,
               edits: tuple[Edit, ...] | list[Edit] = (), unsafe: str | None = None,
               title: str | None = None, severity: Severity | None = None, dynamo: str | None = None) -> None:
        """Report ``rule`` at ``node``. ``edits`` make a fix; ``unsafe`` gives the reason it is unsafe;
        ``dynamo`` is the id of Dynamo's graph-break type the finding predicts (``GB0124``)."""
        src = self.src
        fix = None
        if edits:
            fix = Fix(title=title or self.summary(rule),
                      applicability=Applicability.UNSAFE if unsafe else Applicability.SAFE,
                      edits=tuple(sorted(edits)), reason=unsafe or "")
        self.claimed.add(id(node))
        self.findings.append(Finding(
            code=rule.code, rule=rule.name, severity=severity or rule.severity,
            category=rule.category, path=src.path,
            line=node.lineno, column=src.char_column(node.lineno, node.col_offset) + 1,
            end_line=node.end_lineno,
            end_column=src.char_column(node.end_lineno, node.end_col_offset) + 1,
            message=message or self.summary(rule), fix=fix, dynamo=dynamo,
        ))


def fit_quotes(ctx: Context) -> None:
    """The file's fixes, once the finalizers have settled them, with the quotes of an edit that lies
    in a replacement field of an f-string quoted the same way swapped: before Python 3.12
    ``f"{...}"`` ends at its first ``"``, so yolov5's ``f"{torch.cuda.memory_reserved() / 1e9 if
    torch.cuda.is_available() else 0:.3g}G"`` takes ``hasattr(torch, 'neuron')``. Every quote of
    such an edit is the fix's own (the field's code could not hold one)."""
    spans = None
    for i, f in enumerate(ctx.findings):
        if f.fix is None or not any('"' in e.replacement or "'" in e.replacement for e in f.fix.edits):
            continue
        if spans is None:
            spans = _single_quoted_fstrings(ctx)
        if not spans:
            return
        edits = tuple(_fitted(e, spans) for e in f.fix.edits)
        if edits != f.fix.edits:
            ctx.findings[i] = dataclasses.replace(f, fix=dataclasses.replace(f.fix, edits=edits))


def _fitted(edit: Edit, spans: list[tuple[int, int, str]]) -> Edit:
    quotes = {q for start, end, q in spans if start < edit.start and edit.end < end}
    if len(quotes) != 1:  # none, or both quotes taken by nested f-strings: the fix's parse check judges it
        return edit
    quote = quotes.pop()
    return Edit(edit.start, edit.end, edit.replacement.replace(quote, "'" if quote == '"' else '"'))


def _single_quoted_fstrings(ctx: Context) -> list[tuple[int, int, str]]:
    """(start, end, quote) of each ``f"..."`` or ``f'...'`` of the file (not triple-quoted,
    whose fields may hold either quote)."""
    out = []
    for node in all_nodes(ctx.tree):
        if type(node) is ast.JoinedStr:
            start, end = ctx.span(node)
            opening = ctx.src.text[start:start + 5].lstrip("rRfFbBuU")
            if opening[:1] in "'\"" and opening[:3] != opening[0] * 3:
                out.append((start, end, opening[0]))
    return out


def load_all() -> None:
    """Import every check module so its rules and handlers register."""
    # Handlers of one node type run in this order. NM1xx: known calls before device positions.
    from neuron_migrate.checks import distributed, device, torch_cuda, tool  # noqa: F401
    from neuron_migrate.checks import shapes, graph_breaks, optimizer_params  # noqa: F401
    from neuron_migrate.checks import frameworks, kernels, manifests, operators  # noqa: F401
    from neuron_migrate.checks import framework_configs  # noqa: F401  (its rules; no Python handlers)
    from neuron_migrate.checks import guards

    if guards.decide_units not in FINALIZERS:  # last: it judges the findings of all the others
        FINALIZERS.append(guards.decide_units)
