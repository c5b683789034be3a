"""Compile coverage per compiled entry: what ``torch.compile`` would capture of what the project runs.

The scan's ``compile_coverage`` estimates every traced function (coverage.py) and names its
entries (``entries``, with ``entries_source``). A lead wants the figure for what is compiled, so
the report picks, in this order:

1. the scan's entries as they are, when it knows them (``entries_source`` ``requested``:
   ``--entry``/``compile-entries``; ``compiled``: the project's ``torch.compile`` targets; when
   they are only regions of modules run eagerly, the scan says ``compiled+assumed`` and 2 or 3
   follows them);
2. otherwise (the scan *assumed* every ``forward``) the ``forward`` of each ``nn.Module`` class
   a training or inference script builds (``Net(...)`` outside a class in train.py, main.py,
   inference.py, sample.py, ...; resolved through the script's imports when two files define
   the name, and through ``Model = DetectionModel`` in the module it imports from), with the
   scan's estimate of that forward (what it reaches, in any file), else its file's figures; when a
   script builds its model through a factory this scan does not follow (``timm.create_model``,
   ``from_pretrained``), every other forward of the product is added;
3. otherwise every ``forward`` in the product (library and scripts), said so.

Entries are weighted by their statements (how much work each does). Expected recompiles are
the scan's (tensors grown inside a loop, frames compiled again for other shapes), per file for
the file rows. Graphs and recompiles add up the entries, except that of modules built in
different branches of one ``if`` (a run builds one) only the arm with the most graphs counts.
The ``assumption`` sentence says which of these the figure is and whether the project calls
``torch.compile``.
"""

from __future__ import annotations

import ast
import functools
import posixpath
import re
from pathlib import Path

from neuron_migrate.commands import plural

# the scripts that train or run a model, by name (train.py, main.py, inference.py, sample.py, ...)
_RUNNER = re.compile(r"(train|finetune|infer|predict|eval|validate|main|run|bench|sample|generate|demo|example|serve)",
                     re.I)
# ... unless the name says it tests or checks one (torchtitan's numerical_tests_example.py compares
# two implementations' outputs; "example" made it a runner)
_CHECKER = re.compile(r"(?:^|[_\-.])(tests?|checks?)(?=[_\-.]|$)", re.I)
# torch.compile(...), @torch.compile, and nn.Module.compile(): ``block.compile(fullgraph=True)``
_COMPILES = re.compile(r"\btorch\.compile\s*\(|@torch\.compile\b|\.compile\s*\(")


def coverage(doc: dict, scope_of, root: str | None) -> dict | None:
    from neuron_migrate.scopes import PRODUCT

    raw = doc.get("compile_coverage")
    view = coverage_view(raw)
    if view is None:
        return None
    raw = raw if isinstance(raw, dict) else {}
    modules = {m.get("path"): m for m in raw.get("modules") or [] if isinstance(m, dict)}
    given = [e for e in raw.get("entries") or [] if isinstance(e, dict)]
    product_paths = [p for p in doc.get("paths") or [] if scope_of(p) in PRODUCT]
    compiling = _compiling_files(root, product_paths)
    factories: list[str] = []
    by_name: list[str] = []  # what is said of the classes known by their name alone
    bare: dict[tuple[str, str], list[str]] = {}  # the module classes built with no forward, with their methods
    per_file = False  # rows of files' figures, not of the scan's entries
    # the entries named (--entry, compile-entries) that the scan traced nothing for, each with why
    unresolved = [{"entry": str(u.get("entry")), "why": str(u.get("why") or "")}
                  for u in raw.get("unresolved_reasons") or () if isinstance(u, dict)]
    if (given or unresolved) and raw.get("entries_source") in EXPLICIT:
        rows = [_given(e, modules) for e in given]
        basis = "compile entries"
    else:
        runners = [p for p in product_paths if scope_of(p) == "scripts" and _RUNNER.search(posixpath.basename(p))
                   and not _CHECKER.search(posixpath.basename(p))]
        built, factories, guessed, arms_of, bare = _built_by_scripts(root, runners, modules)
        recompiles = _recompiles_per_file(given, doc)
        sources = _sources_per_file(given)
        # the scan's own estimate of a built class's forward (over what it reaches, in any file),
        # else its file's
        assumed = {(e.get("function"), e.get("path")): e for e in given}
        rows, whole = [], set()  # whole: files whose own figures are a row (they hold every class of the file)
        for name, path in built:  # one row per class the scan estimates (hifi-gan's generator and discriminators)
            if (f"{name}.forward", path) in assumed:
                if path not in whole:
                    rows.append({**_given(assumed[f"{name}.forward", path], modules), "arms": arms_of[name, path]})
            elif not any(r["path"] == path for r in rows):
                whole.add(path)
                rows.append(_file_row(f"{name}.forward", path, modules[path], recompiles, sources))
        basis = "modules the scripts build"
        per_file = not all((f"{n}.forward", p) in assumed for n, p in built)
        by_name = [f"`{n}.forward` is that of {p} by its name alone: {script} imports `{n}` from "
                   f"`{module.replace('/', '.')}`, which this scan does not resolve to a file defining it"
                   for (n, p), (script, module) in guessed.items()]
        if factories or not rows:
            taken = {r["path"] for r in rows}
            rest = _everything([_file_row(None, p, m, recompiles, sources) for p, m in sorted(modules.items())
                                if scope_of(p) in PRODUCT and p not in taken], bool(rows))
            rows += rest
            if not built:
                basis = "every forward in the product"
    # compiled+assumed: the torch.compile targets the scan did resolve stand first, as entries
    compiled = [] if basis == "compile entries" else [_given(e, modules) for e in given if e.get("source") == "compiled"]
    resolved = {(r["entry"], r["path"]) for r in compiled}
    rows = [r for r in rows if (r["entry"], r["path"]) not in resolved]  # compiled, so not assumed again
    run, alternatives = _one_run(rows)
    by_name += [f"{_either(group)} are built in different branches of the `if` at `{path}:{line}`: a run builds "
                "one of them, so the expected graphs and recompiles count the one with the most graphs"
                for (path, line), group in alternatives]
    view["assumption"] = _assumption(basis, rows or unresolved, compiling, factories, compiled, _regional(raw), per_file,
                                     raw.get("entries_source") == "requested", by_name) + "".join(
        f" The scripts build `{name}` ({path}), a module with no `forward`: it is run through its methods"
        f"{' (' + ', '.join(f'`{m}`' for m in methods) + ')' if methods else ''}, which these figures do not "
        f"estimate; name the one you compile (`--entry {path}:{name}.{(methods or ['method'])[0]}`) to have it estimated."
        for (name, path), methods in bare.items())
    view["compiled_entries"] = len(compiled)
    rows = compiled + rows
    view["entries"] = rows
    view["no_estimate"] = [{"entry": r["entry"], "why": NO_OP} for r in rows if r["share"] is None] + unresolved
    # the modules an entry calls that it reaches none of: the scan knows no class there
    alone = {(e.get("function"), e.get("path")) for e in given if e.get("forwards_reached") == 0}
    view["unseen"] = _unseen(root, [r for r in rows if (r["entry"], r["path"]) in alone])
    view["flagged"] = _flagged(root, rows, view["breaks"])
    view["nonfinite"] = _nonfinite(root, view["breaks"])
    view["basis"] = basis
    view["factories"] = factories
    view["compiles"] = compiling
    weight = sum(r["statements"] or 0 for r in rows)
    if rows and weight:
        view["overall"] = sum((r["share"] or 0) * (r["statements"] or 0) for r in rows) / weight
        view["graphs"] = sum(r["graphs"] or 0 for r in compiled + run)
        view["recompiles"] = sum(r["recompiles"] or 0 for r in compiled + run)
    else:  # no entry with a known weight: the scan's own overall figure stands
        view["recompiles"] = None
    view["product_modules"] = sorted(m["module"] for m in view["modules"] if scope_of(m["module"]) in PRODUCT)
    return view


EXPLICIT = frozenset({"requested", "compiled"})  # the scan's entries_source when it knows the entries
# an entry with no share (coverage.idle): what it runs calls no ATen operator
NO_OP = "it runs no tensor op: nothing for torch.compile to capture"


def _given(e: dict, modules: dict) -> dict:
    """An entry as the scan gives it, weighted by the statements of its function."""
    fn = next((f for f in (modules.get(e.get("path")) or {}).get("functions") or []
               if isinstance(f, dict) and f.get("name") == e.get("function")), {})
    entry, path = str(e.get("function") or e.get("entry") or "?"), str(e.get("path") or "")
    if e.get("library"):  # a model of an installed package: its file is not the project's to link to
        entry, path = f"{entry} (installed {e['library']}, {path})", ""
    return {"entry": entry, "path": path,
            "share": _share(e.get("estimated_coverage")), "graphs": e.get("expected_graphs"),
            "recompiles": e.get("expected_recompiles"),
            "sources": _recompile_sources(e),
            "statements": e.get("statements") or fn.get("statements") or 1}


def _unseen(root: str | None, rows: list[dict]) -> list[dict]:
    """The modules an entry calls that its estimate does not know, for entries that reach no
    other module's forward: yolov5's ``DetectionModel.forward`` runs ``for m in self.model: x =
    m(x)`` (in its base class), and ``self.model`` is only ever what ``parse_model(...)`` returns
    (layers it builds from a YAML file), so its figures leave those modules out. Read in the
    entry's file: every binding of the attribute in the class and its bases of that file is a
    call of a function the file defines (a top-level ``def`` or one of their methods), never of a
    class, or a method of an object the file does not import (RT-DETR's ``tools/infer.py`` wraps
    ``self.model = cfg.model.deploy()``, a class its YAML config names), or in ``__init__`` a
    parameter that ``from_config`` builds with a function (``_configured``: detectron2's backbone
    and heads); the calls are those of the methods ``forward`` reaches through ``self``. A class
    defined inside a function (that same wrapper, in ``main()``) counts as the file's."""
    out = []
    for r in rows:
        owner, _, method = r["entry"].rpartition(".")
        tree = _parse(_read(root, r["path"]) or "") if owner.isidentifier() and r["path"] else None
        classes: dict[str, ast.ClassDef] = {}
        for n in ast.walk(tree) if tree else ():  # breadth first: a top-level class wins over a nested one
            if isinstance(n, ast.ClassDef):
                classes.setdefault(n.name, n)
        lineage, todo = [], [owner]
        while todo:  # the class, then its bases of the file
            c = classes.get(todo.pop(0))
            if c is not None and c not in lineage:
                lineage.append(c)
                todo += [b.id for b in c.bases if isinstance(b, ast.Name)]
        methods: dict[str, ast.AST] = {}
        for c in lineage:
            for n in c.body:
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    methods.setdefault(n.name, n)
        functions = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))} if tree else ()
        imported = {(a.asname or a.name).partition(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                    for a in n.names} if tree else set()
        builders: dict[str, set[str]] = {}  # self.attr -> the functions whose results it is bound to ("" another value)
        configured = _configured(methods, tree, functions) if tree else {}
        init = {id(n) for n in ast.walk(methods["__init__"])} if "__init__" in methods else set()
        # what __init__ must be handed (no default), where no from_config builds it (RT-DETR's RTDETR:
        # its backbone, encoder and decoder are injected by a registry from the YAML config): "=name"
        handed = {f"={a}" for a in _required(methods["__init__"])} \
            if "__init__" in methods and "from_config" not in methods else set()
        for node in (n for c in lineage for n in ast.walk(c)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
                if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
            call = node.value if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) else None
            f = call.func if call is not None else None
            made = f.id if isinstance(f, ast.Name) and f.id in functions else \
                f"self.{f.attr}" if _on_self(f) and f.attr in methods else \
                ast.unparse(f) if _method_of_unknown(f, imported) else \
                "" if not (isinstance(node, ast.Assign) and id(node) in init and isinstance(node.value, ast.Name)) else \
                configured.get(node.value.id) or (f"={node.value.id}" if f"={node.value.id}" in handed else "")
            for t in targets:
                for e in t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]:
                    if _on_self(e):
                        builders.setdefault(e.attr, set()).add(made)
        built = {a: min(b) for a, b in builders.items() if "" not in b}
        if not built or method not in methods:
            continue
        reached, todo, found = set(), [method], {}
        while todo:
            fn = methods[todo.pop()]
            for node in ast.walk(fn):
                if isinstance(node, ast.For) and _on_self(node.iter) and node.iter.attr in built \
                        and isinstance(node.target, ast.Name):
                    calls = [c for c in ast.walk(node) if isinstance(c, ast.Call)
                             and isinstance(c.func, ast.Name) and c.func.id == node.target.id]
                    if calls:
                        found.setdefault(node.iter.attr, calls[0].lineno)
                elif isinstance(node, ast.Call):
                    f = node.func.value if isinstance(node.func, ast.Subscript) else node.func
                    if _on_self(f) and f.attr in built:
                        found.setdefault(f.attr, node.lineno)
                    elif _on_self(node.func) and node.func.attr in methods and node.func.attr not in reached:
                        reached.add(node.func.attr)
                        todo.append(node.func.attr)
        out += [{"entry": r["entry"], "path": r["path"], "line": line, "holder": f"self.{attr}",
                 **({"builder": "__init__", "argument": built[attr][1:]} if built[attr][:1] == "=" else
                    {"builder": built[attr]})} for attr, line in sorted(found.items(), key=lambda a: a[1])]
    return out


def _required(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The parameters a call must pass (no default), ``self`` left out."""
    a = fn.args
    positional = (a.posonlyargs + a.args)[1:]
    return [p.arg for p in positional[:len(positional) - len(a.defaults)]] + \
        [p.arg for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is None]


def _method_of_unknown(f: ast.AST | None, imported: set[str]) -> bool:
    """``cfg.model.deploy``: a method (lower-case) of an object reached from a name the file neither
    imports nor is ``self``, so nothing the scan can follow to a class (``nn.Linear``, ``torch.hub.load``
    start at an import)."""
    if not isinstance(f, ast.Attribute) or not f.attr[:1].islower():
        return False
    root = f.value
    while isinstance(root, ast.Attribute):
        root = root.value
    return isinstance(root, ast.Name) and root.id != "self" and root.id not in imported


def _flagged(root: str | None, rows: list[dict], breaks: list[dict]) -> list[dict]:
    """Entries whose graph breaks all sit in the body of one ``if self.flag:`` (yolov5's
    ``DetectMultiBackend.forward``: TensorRT's ``resize_`` of its output bindings under ``elif
    self.engine:``). Dynamo guards on such an attribute and traces only the branches its value
    selects (measured: a ``.pt`` backend, 1 graph and no break), so a module built with the flag off
    meets none of them, where the estimate counts them as met. A tensor attribute in the test would
    break there: a test that is itself a break line is no flag."""
    out = []
    for r in rows:
        owner, _, method = r["entry"].partition(".")
        lines = sorted({b["line"] for b in breaks if b.get("path") == r["path"] and b.get("function") == r["entry"]})
        if not lines or not r["path"] or not method.isidentifier():
            continue
        tree = _parse(_read(root, r["path"]) or "")
        cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == owner), None) if tree else None
        fn = next((n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                   and n.name == method), None) if cls is not None else None
        tests = {_flag_over(fn.body, line, set(lines)) for line in lines} if fn is not None else {None}
        if len(tests) == 1 and None not in tests:
            out.append({"entry": r["entry"], "path": r["path"], "lines": lines, "flag": tests.pop()})
    return out


def _flag_over(body: list[ast.stmt], line: int, breaks: set[int]) -> str | None:
    """The outermost ``self.flag`` whose ``if`` body holds ``line`` (through ``elif``/``else`` and
    the bodies of loops, ``with`` and ``try``), or None."""
    for stmt in body:
        if not stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno):
            continue
        if isinstance(stmt, ast.If):
            if stmt.body[0].lineno <= line <= (stmt.body[-1].end_lineno or 0):
                if _on_self(stmt.test) and stmt.test.lineno not in breaks:
                    return ast.unparse(stmt.test)
                return _flag_over(stmt.body, line, breaks)
            return _flag_over(stmt.orelse, line, breaks)
        inner = [s for f in ("body", "orelse", "finalbody") for s in getattr(stmt, f, ()) or () if isinstance(s, ast.stmt)]
        inner += [s for h in getattr(stmt, "handlers", ()) for s in h.body]
        return _flag_over(inner, line, breaks)
    return None


def flagged_sentence(f: dict) -> str:
    """What the estimate counts of breaks a flag attribute gates (``_flagged``)."""
    where = ", ".join(f"`{f['path']}:{line}`" if i == 0 else f"`:{line}`" for i, line in enumerate(f["lines"]))
    return (f"`{f['entry']}`'s graph breaks ({where}) all run only when `{f['flag']}` is true: Dynamo guards on "
            f"the attribute and traces only the branch its value selects, so built with `{f['flag']}` false the "
            "module meets none of them, where the estimate counts them as met")


def _nonfinite(root: str | None, breaks: list[dict]) -> list[dict]:
    """Graph breaks in the body of an ``if`` that holds only where a value is NaN or infinite
    (ZoeDepth's ``SILogLoss.forward``: ``if torch.isnan(loss):`` and eight prints; GroundingDINO's
    decoder: ``if output.isnan().any() | output.isinf().any():``, prints and ``.item()``). Measured
    (a function of that shape, ``explain``): a finite loss meets the test's own break and none of
    the prints (2 graphs), a NaN one every print (6), where the estimate counts them all as met."""
    lines: dict[tuple[str, str], set[int]] = {}
    for b in breaks:
        lines.setdefault((b.get("path"), b.get("function")), set()).add(b["line"])
    out, trees = [], {}
    for (path, function), met in sorted(lines.items(), key=lambda k: (str(k[0][0]), str(k[0][1]))):
        if path not in trees:
            trees[path] = _parse(_read(root, path) or "") if path else None
        fn = _function(trees[path], str(function))
        seen: set[int] = set()
        for node in ast.walk(fn) if fn is not None else ():  # breadth first: the outermost check first
            if isinstance(node, ast.If) and _nonfinite_test(node.test):
                inside = sorted(n for n in met - seen if node.body[0].lineno <= n <= (node.body[-1].end_lineno or 0))
                seen.update(inside)
                if inside:
                    out.append({"function": function, "path": path, "lines": inside, "test": ast.unparse(node.test),
                                "line": node.lineno, "test_breaks": node.lineno in met})
    return out


def _function(tree: ast.Module | None, name: str) -> ast.AST | None:
    """The definition a break's function names (``Class.method`` or ``function``) in a file."""
    scope: ast.AST | None = tree
    for part in name.split("."):
        scope = next((n for n in getattr(scope, "body", ()) if isinstance(n, (ast.ClassDef, ast.FunctionDef,
                      ast.AsyncFunctionDef)) and n.name == part), None)
    return scope if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


_NONFINITE = frozenset({"isnan", "isinf", "isposinf", "isneginf"})


def _nonfinite_test(e: ast.AST, finite: bool = False) -> bool:
    """A test true only where some value is NaN or infinite (``finite``: only where all are finite):
    ``torch.isnan(x)``, ``x.isinf().any()``, ``not torch.isfinite(x).all()``, ``a | b`` of such
    tests, ``flag and test``."""
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
        return _nonfinite_test(e.operand, not finite)
    if isinstance(e, (ast.BoolOp, ast.BinOp)):
        parts = e.values if isinstance(e, ast.BoolOp) else [e.left, e.right]
        either = isinstance(e, ast.BoolOp) and isinstance(e.op, ast.Or) or isinstance(e, ast.BinOp) and isinstance(e.op, ast.BitOr)
        both = isinstance(e, ast.BoolOp) and isinstance(e.op, ast.And) or isinstance(e, ast.BinOp) and isinstance(e.op, ast.BitAnd)
        # "some value is not finite" holds only where each of an `or` holds it, or one of an `and`
        if either != finite and (either or both):
            return all(_nonfinite_test(p, finite) for p in parts)
        if either or both:
            return any(_nonfinite_test(p, finite) for p in parts)
        return False
    if not isinstance(e, ast.Call):
        return False
    name = e.func.attr if isinstance(e.func, ast.Attribute) else e.func.id if isinstance(e.func, ast.Name) else ""
    if isinstance(e.func, ast.Attribute) and (name == "all" if finite else name in ("any", "item")):
        return _nonfinite_test(e.func.value, finite)  # x.isnan().any(), torch.isfinite(x).all()
    return name == "isfinite" if finite else name in _NONFINITE


def nonfinite_sentence(n: dict) -> str:
    """What the estimate counts of breaks that run only on a NaN or infinite value (``_nonfinite``)."""
    where = ", ".join(f"`{n['path']}:{line}`" if i == 0 else f"`:{line}`" for i, line in enumerate(n["lines"]))
    test = f" (its test, line {n['line']}, is a break of its own)" if n["test_breaks"] else ""
    return (f"`{n['function']}`'s graph breaks {where} run only when `{n['test']}` is true, on a NaN or infinite "
            f"value{test}: with finite values Dynamo meets none of them, where the estimate counts them as met")


def _configured(methods: dict[str, ast.AST], tree: ast.Module, functions) -> dict[str, str]:
    """detectron2's ``@configurable`` modules: ``from_config(cls, cfg)`` returns the arguments of
    ``__init__`` as a dict, its parts built by functions (``"backbone": build_backbone(cfg)``, which
    picks a class from a registry by the config): parameter -> the function whose result it is. A
    function of the file, or one it imports whose name is no class's (CapWords names a class)."""
    fn = methods.get("from_config")
    if fn is None:
        return {}
    imported = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names}
    local: dict[str, ast.AST] = {}  # name = build_x(cfg) in from_config
    out = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            local[node.targets[0].id] = node.value
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Dict):
            for key, value in zip(node.value.keys, node.value.values):
                value = local.get(value.id, value) if isinstance(value, ast.Name) else value
                f = value.func if isinstance(value, ast.Call) else None
                if (isinstance(key, ast.Constant) and isinstance(key.value, str) and isinstance(f, ast.Name)
                        and (f.id in functions or f.id in imported and f.id[:1].islower())):
                    out[key.value] = f.id
    return out


def unseen_sentence(u: dict) -> str:
    """What the estimate leaves out, as the report says it."""
    source = f"`__init__` is handed as `{u['argument']}`" if u.get("argument") else f"`{u['builder']}()` returns"
    return (f"`{u['entry']}` calls the modules in `{u['holder']}` (`{u['path']}:{u['line']}`), which "
            f"{source}: the scan knows none of their classes, so its figures leave them out")


def _on_self(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _recompiles_per_file(given: list[dict], doc: dict) -> dict[str, int]:
    """Expected recompiles per file: the scan's entries' when it has them (each place once, however
    many of the file's forwards reach it: stylegan2's 8 modules share 12 places, not 77), else its
    dynamic-shape sites."""
    out: dict[str, int] = {}
    if given:
        for path, sources in _sources_per_file(given).items():
            out[path] = len(sources)
        for e in given:  # an entry counting recompiles it does not place
            if not _recompile_sources(e):
                out[e.get("path")] = out.get(e.get("path"), 0) + (e.get("expected_recompiles") or 0)
    else:
        for f in doc["findings"]:
            if f["code"].startswith("NM3"):
                out[f["path"]] = out.get(f["path"], 0) + 1
    return out


def _sources_per_file(given: list[dict]) -> dict[str, list[dict]]:
    """Where the scan's entries' expected recompiles come from, per file of the entry."""
    out: dict[str, list[dict]] = {}
    for e in given:
        known = out.setdefault(e.get("path"), [])
        known += [s for s in _recompile_sources(e) if s not in known]
    return out


def _recompile_sources(e: dict) -> list[dict]:
    return [s for s in e.get("recompile_sources") or () if isinstance(s, dict)]


def _file_row(entry: str | None, path: str, module: dict, recompiles: dict[str, int],
              sources: dict[str, list[dict]]) -> dict:
    return {"entry": entry or f"every forward in {path}", "path": path,
            "share": _share(module.get("estimated_coverage")), "graphs": module.get("expected_graphs"),
            "recompiles": recompiles.get(path, 0), "sources": sources.get(path, []),
            "statements": module.get("statements") or 0}


def _everything(rows: list[dict], other: bool = False) -> list[dict]:
    """One entry for every (other) forward of the product, weighted as its files are; it counts
    files, not the nn.Module classes of "the modules its scripts build" (minGPT: 1, timm: 400).
    Its graphs add up models a project offers side by side (timm's), so ``split`` names the files
    whose forwards lose code or make more than one graph, and the others are one graph each."""
    rows = [r for r in rows if r["statements"]]
    if not rows:
        return []
    weight = sum(r["statements"] for r in rows)
    sources: list[dict] = []
    for r in rows:
        sources += [s for s in r.get("sources") or () if s not in sources]
    split = sorted(({"path": r["path"], "share": r["share"], "graphs": r["graphs"]} for r in rows
                    if (r["graphs"] or 1) > 1 or (r["share"] is not None and r["share"] < 1)),
                   key=lambda r: (-(r["graphs"] or 1), r["share"] or 0, r["path"]))
    return [{"entry": f"every {'other ' if other else ''}forward (in {plural(len(rows), 'file')})", "path": "",
             "share": sum((r["share"] or 0) * r["statements"] for r in rows) / weight,
             # one compiled model: its graph, plus the splits each module's breaks add
             "graphs": 1 + sum(max((r["graphs"] or 1) - 1, 0) for r in rows),
             # each place once (two files' forwards reach one helper), and what the scan does not place
             "recompiles": len(sources) + sum(max(r["recompiles"] - len(r.get("sources") or ()), 0) for r in rows),
             "sources": sources, "statements": weight, "split": split,
             "whole": sum(r["share"] == 1 and (r["graphs"] or 1) == 1 for r in rows)}]


def split_sentence(row: dict) -> str:
    """What the graphs of an every-forward row are made of: the files that lose code or split, the
    others one graph each."""
    from neuron_migrate.report.porting import percent

    split = row["split"]
    named = ", ".join(f"`{s['path']}` ({percent(s['share'])}, {plural(s['graphs'] or 1, 'graph')})" for s in split[:5])
    more = f" and {len(split) - 5} more" if len(split) > 5 else ""
    whole = (f"the forwards of {row['whole']} of these files are captured whole, one graph each; "
             if row["whole"] > 1 else "the forwards of one of these files are captured whole, in one graph; "
             if row["whole"] else "")
    rest = ("the others lose" if len(split) > 1 else "the other loses") if whole else "they lose"
    return (f"`{row['entry']}`: {whole}{rest} code or split: {named}{more}"
            + (f". The row's {row['graphs']} graphs add these up, as if one model used every file"
               if (row["graphs"] or 1) > 1 else ""))


def _names(rows: list[dict]) -> str:
    twice = {r["entry"] for r in rows if sum(o["entry"] == r["entry"] for o in rows) > 1}
    return ", ".join(f"{r['entry']} in {r['path']}" if r["entry"] in twice and r.get("path") else r["entry"]
                     for r in rows[:3]) + (f" and {len(rows) - 3} more" if len(rows) > 3 else "")


def _either(rows: list[dict]) -> str:
    """`A.forward`, `B.forward` and `C.forward` (three named, then how many more)."""
    twice = {r["entry"] for r in rows if sum(o["entry"] == r["entry"] for o in rows) > 1}
    names = [f"`{r['entry']}` of `{r['path']}`" if r["entry"] in twice and r.get("path") else f"`{r['entry']}`"
             for r in rows[:3]] + ([f"{len(rows) - 3} more"] if len(rows) > 3 else [])
    return ", ".join(names[:-1]) + " and " + names[-1]


def _one_run(rows: list[dict], depth: int = 0) -> tuple[list[dict], list[tuple[tuple[str, int], list[dict]]]]:
    """The rows one run builds: of the modules a script builds in different branches of one ``if``
    (RVC's train.py: ``if hps.if_f0 == 1: net_g = RVC_Model_f0(...) else: net_g = RVC_Model_nof0(...)``;
    arcface's ``get_model()``: one backbone per name), the arm with the most graphs; and each such
    ``if`` (file, line) with the rows of all its arms."""
    run = [r for r in rows if len(r.get("arms") or ()) <= depth]
    tests: dict[tuple, list[list[dict]]] = {}
    for r in rows:
        if len(r.get("arms") or ()) > depth:
            path, line, column, arm = r["arms"][depth]
            tests.setdefault((path, line, column), [[], []])[arm].append(r)
    alternatives = []
    for (path, line, _), arms in tests.items():
        runs = [_one_run(arm, depth + 1) for arm in arms]
        best = max(runs, key=lambda a: sum(r["graphs"] or 0 for r in a[0]))
        run += best[0]
        if all(arms):
            alternatives.append(((path, line), arms[0] + arms[1]))
        else:
            alternatives += best[1]
    return run, alternatives


def _regional(raw: dict) -> bool:
    """The scan found that every torch.compile target is a region of a module run eagerly."""
    from neuron_migrate.coverage import REGIONAL

    return str(raw.get("entries_note") or "").startswith(REGIONAL[:REGIONAL.index("{")])


def _assumption(basis: str, rows: list[dict], compiling: list[str], factories: list[str],
                compiled: list[dict], regional: bool = False, per_file: bool = False, named: bool = False,
                by_name: list[str] | None = None) -> str:
    names = _names(rows)
    if basis == "compile entries":
        what = f"the entries named by --entry or compile-entries ({names})" if named else f"what the project compiles ({names})"
    elif basis == "modules the scripts build":
        what = (f"the forward of the modules its training and inference scripts build ({names}), each over "
                + ("the traced code of the file that defines it" if per_file else "the code it reaches, in any file"))
        what += "".join(f"; {b}" for b in by_name or ())
        if factories:
            what += (f"; they build the model itself through {', '.join(f'`{f}()`' for f in factories[:3])}, "
                     "which this scan does not follow, so every other forward of the library and scripts "
                     "is assumed too")
    elif factories:
        what = (f"every forward in the library and scripts, because the scripts build the model through "
                f"{', '.join(f'`{f}()`' for f in factories[:3])}, which this scan does not follow")
    else:
        what = ("every forward in the library and scripts, because no training or inference script builds "
                "a model class this scan can resolve")
    if compiled and regional:  # regions compiled inside modules run eagerly: those first, the model around them
        what = (f"what the project compiles ({_names(compiled)}: regions of modules whose forward is not "
                f"compiled) and, for the model around them, {what}")
    elif compiled:  # some torch.compile targets resolved, others not: those first, the assumption for the rest
        what = (f"what the project compiles where this scan resolves it ({_names(compiled)}) and, for its "
                f"other torch.compile calls, {what}")
    if compiling:
        where = ", ".join(compiling[:3]) + (f" and {len(compiling) - 3} more" if len(compiling) > 3 else "")
        return f"Estimated for {what}; the project calls torch.compile in {where}."
    return ("The project compiles nothing: these figures assume you compile, with "
            f"torch.compile(backend=\"neuron\"), {what}.")


def _read(root: str | None, path: str) -> str | None:
    """The Python code of a file of the scan: a ``.py`` file's text, a notebook's code cells
    (as the scan analyses them); None for other files and files that cannot be read."""
    if not root or not path.endswith((".py", ".ipynb")):
        return None
    try:
        from neuron_migrate.discover import source_file

        data = source_file(root, path).read_bytes()
    except OSError:
        return None
    if path.endswith(".py"):
        return data.decode("utf-8", errors="replace")
    from neuron_migrate import notebook

    try:
        nb = notebook.read(data)
    except notebook.NotebookError:
        return None
    return "\n".join(g.text for g in nb.groups) if not isinstance(nb, str) else None


def _compiling_files(root: str | None, paths: list[str]) -> list[str]:
    """The files that call ``torch.compile`` (or decorate with it), not those that mention it."""
    out = []
    for p in paths:
        text = _read(root, p)
        if not text or not _COMPILES.search(text):
            continue
        tree = _parse(text)
        if tree is not None:
            modules = _imported_names(tree)
            if any(_is_compile(n, modules) for n in ast.walk(tree)):
                out.append(p)
    return out


def _is_compile(node: ast.AST, modules: set[str]) -> bool:
    """``torch.compile`` called or used as a decorator, or ``model.compile()`` (no positional
    argument, the receiver not an imported module: ``re.compile(p)`` is a pattern), as the scan
    reads a compile call."""
    if isinstance(node, ast.Call):
        target = node.func
        if (isinstance(target, ast.Attribute) and target.attr == "compile" and not node.args
                and isinstance(target.value, (ast.Name, ast.Attribute, ast.Subscript))
                and _root_name(target.value) not in modules):
            return True
    else:
        target = node if isinstance(node, ast.Attribute) else None
    return (isinstance(target, ast.Attribute) and target.attr == "compile"
            and isinstance(target.value, ast.Name) and target.value.id == "torch")


def _root_name(node: ast.AST) -> str:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def _imported_names(tree: ast.Module) -> set[str]:
    """The names the file binds by an import (``re``, ``torch``): their ``compile`` is a function."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in node.names)
    return out


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


# guided-diffusion's scripts build theirs with create_model_and_diffusion(); not get_model_size()
_FACTORY = re.compile(r"^((create|build|get|load|make)_?model(_(and|from)_\w+)?|from_pretrained|model_factory)$", re.I)
# from_pretrained of what is not a model (minGPT's GPT2Tokenizer, a diffusers scheduler)
_NOT_A_MODEL = re.compile(r"(Tokenizer(Fast)?|Processor|FeatureExtractor|Config|Scheduler)\.from_pretrained$")


def _built_by_scripts(root: str | None, scripts: list[str],
                      modules: dict[str, dict]) -> tuple[list[tuple[str, str]], list[str], dict]:
    """(class, defining file) of each traced nn.Module the scripts instantiate, in script order, the
    model factories they call (``create_model``, ``build_model``, ``from_pretrained``), and the
    classes known by their name alone, each with a script and the module it imports it from."""
    defined: dict[str, list[str]] = {}
    for path, m in modules.items():
        for fn in m.get("functions") or []:
            name = str(fn.get("name", "")) if isinstance(fn, dict) else ""
            if name.endswith(".forward") and name.count(".") == 1:
                defined.setdefault(name.split(".")[0], []).append(path)
    out: list[tuple[str, str]] = []
    arms_of: dict[tuple[str, str], tuple] = {}  # (class, file) -> the branches its construction is in (``branches``)
    factories: list[str] = []
    guessed: dict[tuple[str, str], tuple[str, str | None]] = {}  # (class, file) known by its name alone -> (script, module)
    walked: set[tuple[str, str]] = set()  # the factories followed, each walked once
    # module classes built with no forward (OpenVoice's SynthesizerTrn: users call infer or voice_conversion)
    bare: dict[tuple[str, str], list[str]] = {}  # (class, file) -> its public methods

    # what each file of the scan says, read once: its tree, its top functions, its imports
    @functools.cache
    def tree_of(path: str) -> ast.Module | None:
        text = _read(root, path)
        return _parse(text) if text else None

    @functools.cache
    def branches(path: str) -> dict[int, tuple]:
        """Each node of the file under an ``if`` (or ``a if c else b``) -> the arms it is in, outermost first,
        each (path, line, column, 0 for the body, 1 for ``else``)."""
        tree, out = tree_of(path), {}
        todo = [(tree, ())] if tree else []
        while todo:
            node, arms = todo.pop()
            if isinstance(node, (ast.If, ast.IfExp)):
                todo.append((node.test, arms))
                for arm, part in enumerate((node.body, node.orelse)):
                    inner = arms + ((path, node.lineno, node.col_offset, arm),)
                    todo += [(n, inner) for n in (part if isinstance(part, list) else [part])]
                continue
            if arms:
                out[id(node)] = arms
            todo += [(n, arms) for n in ast.iter_child_nodes(node)]
        return out

    @functools.cache
    def top_functions(path: str) -> dict[str, ast.AST]:  # by name
        tree = tree_of(path)
        return {n.name: n for n in (tree.body if tree else ()) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}

    @functools.cache
    def imports(path: str) -> dict[str, tuple[str, str]]:  # `from X import name as local`: local -> (X as a path, name)
        tree = tree_of(path)
        return _imports(tree) if tree else {}

    @functools.cache
    def modules_of(path: str) -> dict[str, str]:  # `import a.b as c`: c -> a/b
        tree = tree_of(path)
        return {a.asname or a.name: a.name.replace(".", "/") for n in (ast.walk(tree) if tree else ())
                if isinstance(n, ast.Import) for a in n.names}

    @functools.cache
    def aliased(path: str) -> dict[str, str]:  # `Name = Cls` at its top, Cls a module class
        tree = tree_of(path)
        return {t.id: n.value.id for n in (tree.body if tree else ()) if isinstance(n, ast.Assign)
                and isinstance(n.value, ast.Name) and n.value.id in defined for t in n.targets if isinstance(t, ast.Name)}

    def builds_a_module(function: ast.AST, path: str, seen: set[int] | None = None) -> bool:
        """A factory of the scan's own that builds one of its module classes, itself or through a
        factory of the scan it calls (guided-diffusion's ``create_model_and_diffusion()`` calls
        ``create_model()`` of its file, detr's ``build_model()`` returns ``build()`` of
        models/detr.py): no model of its own to assume (one that builds through a registry or a
        library still is one)."""
        seen = set() if seen is None else seen
        seen.add(id(function))
        if builds_itself(function):
            return True
        return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and (f := factory(path, n.func.id))
                   is not None and id(f[1]) not in seen and builds_a_module(f[1], f[0], seen) for n in ast.walk(function))

    def builds_itself(function: ast.AST) -> bool:
        """It calls one of the scan's module classes itself: the factories it calls build its parts
        (detr's ``build()`` builds ``DETR(backbone, transformer, ...)`` from ``build_backbone(args)``)."""
        return any(isinstance(n, ast.Call) and (n.func.id if isinstance(n.func, ast.Name) else
                                                getattr(n.func, "attr", None)) in defined for n in ast.walk(function))

    def factory(path: str, name: str) -> tuple[str, ast.AST] | None:
        """The function of the scan a plain call ``name(...)`` in ``path`` runs: one the file
        defines at its top, else one it imports from another file of the scan."""
        near = top_functions(path).get(name)
        if near is not None:
            return path, near
        found = runner(path, *imports(path)[name]) if name in imports(path) else None
        return found if found and isinstance(found[1], (ast.FunctionDef, ast.AsyncFunctionDef)) else None

    def bound_elsewhere(script: str, local: str, name: str) -> bool:
        """The script's ``local`` is no traced module class ``name``: its top binds it to another value
        (F5-TTS's benchmark: ``F5TTS = importlib.import_module(...).F5TTS``, not the TensorRT-LLM
        patch's class of that name), or it imports it from a file of the scan that defines its own."""
        if local in rebound(script):
            return True
        own = runner(script, *imports(script)[local]) if local in imports(script) else None
        return own is not None and own[0] not in defined.get(name, ())

    @functools.cache
    def rebound(path: str) -> frozenset[str]:  # `Name = value` at its top, value no module class
        tree = tree_of(path)
        return frozenset(t.id for n in (tree.body if tree else ()) if isinstance(n, ast.Assign)
                         and not (isinstance(n.value, ast.Name) and n.value.id in defined)
                         for t in n.targets if isinstance(t, ast.Name))

    def module_paths(script: str, module: str):
        """The files a script's ``from module import ...`` may name: beside the script, then from the root
        (or its ``src/``, where a package of that layout lives: F5-TTS's ``src/f5_tts/api.py``); a relative
        one (``..loss``: yolov5's utils/segment/loss.py) from the script's package only."""
        name = module.lstrip(".")
        if name != module:
            here = posixpath.dirname(script)
            for _ in range(len(module) - len(name) - 1):
                here = posixpath.dirname(here)
            stems = [posixpath.join(here, name) if name else here]
        else:
            stems = [posixpath.join(posixpath.dirname(script), module), module, posixpath.join("src", module)]
        for stem in stems:
            yield stem + ".py"
            yield stem + "/__init__.py"

    def inherited(script: str, module: str, name: str) -> str | None:
        """The module class whose ``forward`` the scan's class ``name`` (of the file for ``module``)
        runs, through the bases of its file (RVC's ``SynthesizerTrnMs768NSFsid`` has none of its own:
        ``SynthesizerTrnMs256NSFsid``'s); none where that forward only raises (torchrl's ``EnvBase``)."""
        found = runner(script, module, name)
        path, cls, seen = (*found, set()) if found else (None, None, set())
        while isinstance(cls, ast.ClassDef) and cls.name not in seen:
            seen.add(cls.name)
            bases = [b.id for b in cls.bases if isinstance(b, ast.Name)]
            local = {n.name: n for n in tree_of(path).body if isinstance(n, ast.ClassDef) and n.name in bases}
            base = next((b for b in bases if b in defined), None)
            if base is not None:
                found = (path, local[base]) if base in local else runner(path, *imports(path)[base]) \
                    if base in imports(path) else None
                forward = next((n for n in found[1].body if isinstance(n, ast.FunctionDef) and n.name == "forward"),
                               None) if found and isinstance(found[1], ast.ClassDef) else None
                return None if forward is None or _raises_only(forward) else base
            cls = next(iter(local.values()), None)
        return None

    def lineage(path: str, cls: ast.ClassDef):
        """The class and its bases the scan defines, each with its file (OpenVoice's ``ToneColorConverter``,
        whose base ``OpenVoiceBaseClass`` builds the synthesizer)."""
        todo, seen = [(path, cls)], set()
        while todo:
            path, cls = todo.pop(0)
            if id(cls) in seen:
                continue
            seen.add(id(cls))
            yield path, cls
            local = {n.name: n for n in tree_of(path).body if isinstance(n, ast.ClassDef)}
            for b in (b.id for b in cls.bases if isinstance(b, ast.Name)):
                found = (path, local[b]) if b in local else runner(path, *imports(path)[b]) if b in imports(path) else None
                if found is not None and isinstance(found[1], ast.ClassDef):
                    todo.append(found)

    def forwardless(script: str, module: str | None, name: str) -> tuple[str, ast.ClassDef] | None:
        """The class ``name`` of the scan a script builds when it subclasses ``nn.Module`` itself and
        defines no ``forward``: a user runs one of its other methods."""
        tree = tree_of(script)
        found = runner(script, module, name) if module is not None else next(
            ((script, n) for n in (tree.body if tree else ()) if isinstance(n, ast.ClassDef) and n.name == name), None)
        if found is None or not isinstance(found[1], ast.ClassDef):
            return None
        cls = found[1]
        if not any(ast.unparse(b) in ("nn.Module", "torch.nn.Module", "Module") for b in cls.bases):
            return None
        return None if any(isinstance(n, ast.FunctionDef) and n.name == "forward" for n in cls.body) else found

    def registered(registry: str, name: str) -> str | None:
        """The file of the module class ``name`` registered under its own name with ``@registry.register()``
        (basicsr's and fvcore's registries key a class by ``__name__``), when one file does."""
        found = [path for path in defined.get(name, ()) for n in (tree_of(path).body if tree_of(path) else ())
                 if isinstance(n, ast.ClassDef) and n.name == name and any(
                     ast.unparse(d) in (f"{registry}.register()", f"{registry}.register") for d in n.decorator_list)]
        return found[0] if len(found) == 1 else None

    def installed(script: str, local: str) -> bool:
        """The script binds ``local`` to a module outside the scan (``import torch``, ``from torch
        import nn``): the classes it names are not the scan's."""
        module = modules_of(script).get(local) or ("/".join(imports(script)[local]) if local in imports(script) else None)
        return module is not None and not any(tree_of(path) is not None for m in (module, posixpath.dirname(module)) if m
                                              for path in module_paths(script, m))

    def aliases(script: str, module: str) -> dict[str, str]:
        """``Name = Cls`` at the top of the module a script imports from, Cls a module class."""
        return next((aliased(path) for path in module_paths(script, module) if path in modules), {})

    def runner(script: str, module: str, name: str) -> tuple[str, ast.AST] | None:
        """The class or function ``name`` of the scan's file for ``module`` that is no traced
        module itself (ddim's main.py runs ``Diffusion(args, config)`` of runners/diffusion.py,
        whose methods build ``Model(config)``): its file and its definition, through the files that
        import it in turn (llama3's ``from llama import Llama``, re-exported by its ``__init__.py``)."""
        seen = set()
        while True:
            path = next((p for p in module_paths(script, module) if tree_of(p) is not None), None)
            if path is None or path in seen:
                return None
            seen.add(path)
            node = next((n for n in tree_of(path).body if isinstance(n, (ast.ClassDef, ast.FunctionDef))
                         and n.name == name), None)
            if node is not None:
                return path, node
            if name not in imports(path):
                return None
            script, (module, name) = path, imports(path)[name]

    def place(script: str, name: str, module: str | None) -> tuple[str | None, bool]:
        """The file whose module class ``name`` the script builds, and whether its import says so:
        ``from module import name`` followed through the files of the scan as Python would
        (``runner``); where the module is no file of the scan (an installed package), or one that
        neither defines nor imports the name, only the name is left to go by (``_pick``)."""
        found = runner(script, module, name) if module is not None else None
        if found is not None and found[0] in defined[name]:
            return found[0], True
        return _pick(defined[name], script, module), module is None

    def static(script: str, owner: str, name: str) -> tuple[str, ast.AST] | None:
        """The method ``Owner.name`` of a class of the scan that is no module class (llama3's scripts build
        the model through ``Llama.build(...)`` of llama/generation.py, whose ``Transformer(...)`` it is):
        its file and its definition."""
        tree = tree_of(script)
        here = next(((script, n) for n in (tree.body if tree else ()) if isinstance(n, ast.ClassDef) and n.name == owner),
                    None)
        found = here or (runner(script, *imports(script)[owner]) if owner in imports(script) else None)
        if found is None or not isinstance(found[1], ast.ClassDef):
            return None
        return next(((found[0], n) for n in found[1].body
                     if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name), None)

    def registry(script: str, module: str, label: str, arms: tuple) -> None:
        """``resnet_models.__dict__[args.arch](...)`` (swav, I-JEPA): whichever function of that
        module the run names, so what its functions build; a module outside the scan
        (torchvision's ``models``) or one whose functions build none is a factory not followed."""
        builders = []
        for path in module_paths(script, module):
            tree = tree_of(path) if path in modules else None
            if tree is not None:
                builders = [fn for fn in tree.body if isinstance(fn, ast.FunctionDef) and builds_a_module(fn, path)]
                for fn in builders:
                    built(path, ast.walk(fn), False, arms=arms)
                break
        if not builders and label not in factories:
            factories.append(label)

    def built(script: str, nodes, follow: bool, parts: bool = False, returned: frozenset[int] = frozenset(),
              arms: tuple = ()) -> None:
        """``parts``: the factories it calls are not followed: what is walked builds a module class itself,
        so they build its parts, or it is a runner, read one step; except a factory call it returns
        (``returned``, by id), which builds the model in its place (arcface_torch's ``get_model()``
        returns ``iresnet50(...)`` for "r50", builds ``VisionTransformer(...)`` for "vit_t"). ``arms``: the
        branches of the calls that led here, to which each call adds its own in ``script``."""
        imported = imports(script)
        for node in nodes:
            if not isinstance(node, ast.Call):
                continue
            here = arms + branches(script).get(id(node), ())
            table = node.func.value if isinstance(node.func, ast.Subscript) else None
            if (isinstance(table, ast.Attribute) and table.attr == "__dict__"
                    and isinstance(table.value, ast.Name)):
                alias = table.value.id
                module = modules_of(script).get(alias) or (posixpath.join(*imported[alias])
                                                           if alias in imported else alias)
                registry(script, module, f"{alias}.__dict__[…]", here)
                continue
            label = _registered_name(node.func)
            if label is not None:  # CodeFormer's ARCH_REGISTRY.get('CodeFormer')(...): the class registered as that
                path = registered(*label)
                if path is not None and (label[1], path) not in out:
                    out.append((label[1], path))
                    arms_of[label[1], path] = here
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else None
            owner = node.func.value if isinstance(node.func, ast.Attribute) else None
            if isinstance(owner, ast.Name) and owner.id in defined:  # GPT.from_pretrained(...)
                name = owner.id
            local = name
            # where the script's import says the class is, and its name there (RVC's train.py:
            # ``from infer.module.models import SynthesizerTrnMs256NSFsid as RVC_Model_f0``)
            module, name = imported.get(name or "", (None, name))
            if name and name not in defined and module is not None:  # yolov5's Model = DetectionModel
                name = aliases(script, module).get(name, name)
            places = defined.get(name or "")
            if places and isinstance(node.func, ast.Name) and bound_elsewhere(script, local, name):
                places = None
            if places and isinstance(owner, ast.Name) and installed(script, owner.id):
                places = None  # RVC's data_utils.py: torch.Generator(), not models.py's Generator
            base = inherited(script, module, name) if not places and module is not None and isinstance(node.func, ast.Name) \
                else None
            if base is not None:  # RVC's v2 synthesizer runs its v1 base's forward
                name, places = base, defined[base]
            without = forwardless(script, module, name) if not places and isinstance(node.func, ast.Name) else None
            if without is not None:
                bare.setdefault((without[1].name, without[0]), [
                    n.name for n in without[1].body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and not n.name.startswith("_")])
                continue
            if not places:
                near = factory(script, local) if isinstance(node.func, ast.Name) else \
                    static(script, owner.id, name) if isinstance(owner, ast.Name) else None
                if near is not None and _check(near[1]):
                    continue  # yolov5's check_amp(model): what it builds tests the model, returns no model
                if near is not None and builds_a_module(near[1], near[0]):
                    # a script's own factory is walked with the script (tacotron2's load_model());
                    # any other once, here, and the factories it calls in turn, unless they build parts
                    if (not (follow and near[0] == script) and (not parts or id(node) in returned)
                            and (near[0], name) not in walked):
                        walked.add((near[0], name))
                        known = len(out)
                        built(near[0], ast.walk(near[1]), False, builds_itself(near[1]),
                              frozenset(id(n.value) for n in ast.walk(near[1]) if isinstance(n, ast.Return)), here)
                        if len(out) == known and _FACTORY.match(name) and name not in factories:
                            factories.append(name)  # followed, but what it builds is chosen at run time
                    continue
                found = (runner(script, module, name)
                         if follow and isinstance(node.func, ast.Name) and module is not None else None)
                # named with its owner: DiT's scripts build a diffusers VAE through
                # AutoencoderKL.from_pretrained(), and their own model from a dict of factories
                label = f"{owner.id}.{name}" if isinstance(owner, ast.Name) else name
                if (name and _FACTORY.match(name) and not (found and builds_a_module(found[1], found[0]))
                        and label not in factories and not _NOT_A_MODEL.search(label)):
                    factories.append(label)
                elif name and not found and _library_model(_qualified(node.func, imported, modules_of(script))):
                    label = ast.unparse(node.func)  # barlowtwins' evaluate.py: models.resnet50()
                    if label not in factories:
                        factories.append(label)
                if found:  # one step: what the runner (and its bases) builds, not what it runs in turn
                    for path, cls in lineage(*found) if isinstance(found[1], ast.ClassDef) else [found]:
                        built(path, ast.walk(cls), False, True, arms=here)
                continue
            path, sure = place(script, name, module)
            if path is not None and (name, path) not in out:  # hifi-gan's train.py: its generator and both discriminators
                out.append((name, path))
                arms_of[name, path] = here
                if not sure:
                    guessed[name, path] = (script, module)
            elif sure:  # a script that imports it says where it is
                guessed.pop((name, path), None)

    for script in scripts:  # .py files and notebooks (minGPT's demo.ipynb trains GPT(...))
        tree = tree_of(script)
        if tree is not None:
            built(script, _outside_classes(tree), True)
    return out, factories, guessed, arms_of, bare


def _registered_name(func: ast.AST) -> tuple[str, str] | None:
    """(registry, name) of a call ``registry.get("Name")(...)``."""
    if not (isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and func.func.attr == "get"
            and isinstance(func.func.value, ast.Name) and len(func.args) == 1 and not func.keywords):
        return None
    arg = func.args[0]
    return (func.func.value.id, arg.value) if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def _raises_only(function: ast.FunctionDef) -> bool:
    """Its body (a docstring aside) is one ``raise``: an abstract method."""
    body = [n for n in function.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    return len(body) == 1 and isinstance(body[0], ast.Raise)


def _check(function: ast.AST) -> bool:
    """A function that answers a question: each of its own returns gives a truth value (``True``,
    a comparison, ``not``); what it builds (yolov5's ``check_amp(model)`` wraps the model in
    ``AutoShape`` to compare two runs) tests what it was handed and is no model of the script's."""
    todo, returns = list(ast.iter_child_nodes(function)), []
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue  # a nested function's returns are its own
        if isinstance(node, ast.Return):
            returns.append(node.value)
        todo.extend(ast.iter_child_nodes(node))
    return bool(returns) and all(
        isinstance(v, ast.Compare) or (isinstance(v, ast.Constant) and isinstance(v.value, bool))
        or (isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.Not)) for v in returns)


# the model builders of libraries outside the scan: torchvision's (``models.resnet50()``,
# ``models.detection.fasterrcnn_resnet50_fpn()``) and ``torch.hub.load(repo, name)``
_TORCHVISION_MODELS = "torchvision/models/"
_HUB_LOAD = "torch/hub/load"


def _qualified(func: ast.AST, imported: dict[str, tuple[str, str]], modules: dict[str, str]) -> str:
    """What a call's function names through the script's imports, as a path: ``models.resnet50``
    after ``from torchvision import models`` is "torchvision/models/resnet50"; "" when its root
    is no imported name."""
    parts = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return ""
    root = modules.get(func.id) or ("/".join(imported[func.id]) if func.id in imported else "") or (
        func.id if any(m.startswith(f"{func.id}.") for m in modules) else "")  # import torchvision.models
    return "/".join((root, *reversed(parts))) if root else ""


def _library_model(qualified: str) -> bool:
    """A model a library outside the scan builds: one of torchvision's model builders or classes
    (``models.resnet50``, ``models.detection.FasterRCNN``; not its weights, listings or private
    helpers), or ``torch.hub.load``."""
    if qualified == _HUB_LOAD:
        return True
    if not qualified.startswith(_TORCHVISION_MODELS):
        return False
    parts = qualified[len(_TORCHVISION_MODELS):].split("/")  # a builder, or a builder of a subpackage
    return (len(parts) == 1 or len(parts) == 2 and parts[0].islower() and parts[0] != "feature_extraction") and not any(
        p.startswith("_") or "weight" in p.lower() or p.startswith("list_") for p in parts)


def _outside_classes(tree: ast.Module):
    """Every node but those inside a class body (a module a class builds is its submodule), in
    the order they are written."""
    todo = tree.body[::-1]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.ClassDef):
            continue
        yield node
        todo.extend(reversed(list(ast.iter_child_nodes(node))))


def _imports(tree: ast.Module) -> dict[str, tuple[str, str]]:
    """The name a ``from X import name as local`` binds -> the module path it names (relative to the
    root; a relative import's path keeps its leading dots: ``from ..loss import X`` is "..loss") and
    the name there."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            base = "." * node.level + node.module.replace(".", "/")
            for alias in node.names:
                out[alias.asname or alias.name] = base, alias.name
    return out


def _pick(places: list[str], script: str, module: str | None) -> str | None:
    if len(places) == 1:
        return places[0]
    here = posixpath.dirname(script)
    if module is None:  # defined in the script itself, or beside it
        same = [p for p in places if p == script] or [p for p in places if posixpath.dirname(p) == here]
        return same[0] if len(same) == 1 else None
    stems = {}
    for p in places:
        stem = p[:-3] if p.endswith(".py") else p
        stems[p] = stem[: -len("/__init__")] if stem.endswith("/__init__") else stem
    # as Python finds it: beside the script first (its folder is sys.path[0]), then from the root;
    # a longer path ending in the module only when it is the one (gpt-fast's model.py and
    # mixtral-moe/model.py both define Transformer)
    for wanted in (posixpath.join(here, module), module):
        found = [p for p in places if stems[p] == wanted]
        if found:
            return found[0]
    found = [p for p in places if stems[p].endswith("/" + module)]
    return found[0] if len(found) == 1 else None


def coverage_view(cov) -> dict | None:
    """The compile-coverage estimate in one shape for the renderers, whatever the scan holds.

    Reads the overall share (0-1, or a percentage), expected graphs, per-module rows and
    graph breaks (top-level, or nested in modules' functions) under the names the estimate
    uses (neuron_migrate/coverage.py); other scalar keys are kept under ``details``.
    """
    if cov is None:
        return None
    if not isinstance(cov, dict):
        return {"overall": _share(cov), "graphs": None, "modules": [], "breaks": [],
                "formula": "", "details": {}}
    known = set()

    def pick(mapping, *names, record=False):
        for n in names:
            if n in mapping:
                if record:
                    known.add(n)
                return mapping[n]
        return None

    overall = pick(cov, "estimated_coverage", "overall", "share", "coverage", record=True)
    if isinstance(overall, dict):
        overall = pick(overall, "estimated_coverage", "share", "coverage")
    graphs = pick(cov, "expected_graphs", "graphs", record=True)
    formula = pick(cov, "formula", record=True) or ""
    modules_raw = pick(cov, "modules", "per_module", record=True)
    if isinstance(modules_raw, dict):
        modules_raw = [{"path": k, **(v if isinstance(v, dict) else {"estimated_coverage": v})}
                       for k, v in modules_raw.items()]
    modules, breaks = [], []
    for m in modules_raw if isinstance(modules_raw, list) else []:
        if not isinstance(m, dict):
            continue
        name = str(pick(m, "path", "module", "name", "file") or "?")
        modules.append({"module": name,
                        "share": _share(pick(m, "estimated_coverage", "share", "coverage")),
                        "graphs": pick(m, "expected_graphs", "graphs"),
                        "functions": pick(m, "traced_functions") or len(m.get("functions") or [])})
        for fn in m.get("functions") or []:
            if not isinstance(fn, dict):
                continue
            for b in fn.get("breaks") or []:
                if isinstance(b, dict):
                    breaks.append({"path": name, "line": b.get("line"), "code": b.get("code", ""),
                                   "function": fn.get("name", ""),
                                   "skips_frame": bool(b.get("skips_frame")),
                                   "reason": b.get("reason") or b.get("message") or ""})
    for b in pick(cov, "graph_breaks", "breaks", record=True) or []:
        if isinstance(b, dict):
            breaks.append({"path": b.get("path", ""), "line": b.get("line"),
                           "code": b.get("code", ""), "function": b.get("function", ""),
                           "skips_frame": bool(b.get("skips_frame")),
                           "reason": b.get("reason") or b.get("message") or ""})
    breaks.sort(key=lambda b: (b["path"], b["line"] or 0, b["code"]))
    details = {k: v for k, v in cov.items()
               if k not in known and isinstance(v, (int, float, str)) and not isinstance(v, bool)}
    return {"overall": _share(overall), "graphs": graphs, "modules": modules, "breaks": breaks,
            "formula": formula, "details": details}


def _share(value) -> float | None:
    """A share as a fraction 0-1 (a number above 1 is taken as a percentage)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) / 100 if value > 1 else float(value)
