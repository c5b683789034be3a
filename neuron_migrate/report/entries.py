"""Compile coverage per compiled entry: what ``torch.compile`` would capture of what the project runs.

The scan's ``compile_coverage`` estimates every traced function (coverage.py). A lead wants it
for what is compiled, so the report picks *entries*, in this order:

1. ``compile_coverage.entries`` when the scan has them (``torch.compile`` targets, ``--entry``,
   config ``compile-entries``): entry, path, estimated_coverage, expected_graphs,
   expected_recompiles, each as the scan gives it;
2. otherwise the ``forward`` of each ``nn.Module`` class a training or inference script builds
   (``Net(...)`` outside a class in train.py, main.py, inference.py, sample.py, ...; resolved
   through the script's imports when two files define the name),
   estimated over the traced functions of the file that defines it;
3. otherwise every ``forward`` in the product (library and scripts), said so.

Entries are weighted by their statements (how much work each does). Expected recompiles of
an interim entry are the dynamic-shape sites (NM3xx) in its file: each new shape there
compiles a new graph. The sentence in ``assumption`` says which of these the figure is,
and whether the project calls ``torch.compile`` at all.
"""

from __future__ import annotations

import ast
import posixpath
import re
from pathlib import Path

# the scripts that train or run a model, by name (train.py, main.py, inference.py, sample.py, ...)
_RUNNER = re.compile(r"(train|finetune|infer|predict|eval|validate|main|run|bench|sample|generate|demo|serve)",
                     re.I)
_COMPILES = re.compile(r"\btorch\.compile\s*\(|@torch\.compile\b")


def coverage(doc: dict, scope_of, root: str | None) -> dict | None:
    from neuron_migrate.report.porting import coverage_view
    from neuron_migrate.scopes import PRODUCT

    raw = doc.get("compile_coverage")
    view = coverage_view(raw)
    if view is None:
        return None
    modules = raw.get("modules") or [] if isinstance(raw, dict) else []
    by_path = {m.get("path"): m for m in modules if isinstance(m, dict)}
    product_paths = [p for p in doc.get("paths") or [] if scope_of(p) in PRODUCT]
    compiling = _compiling_files(root, product_paths)
    given = raw.get("entries") if isinstance(raw, dict) else None
    if isinstance(given, list) and given:
        rows = [_given(e) for e in given if isinstance(e, dict)]
        basis = "compile entries"
    else:
        runners = [p for p in product_paths if scope_of(p) == "scripts" and _RUNNER.search(posixpath.basename(p))]
        built = _built_by_scripts(root, runners, by_path)
        rows = [_interim(name, path, by_path[path], doc) for name, path in built]
        basis = "modules the scripts build" if rows else "every forward in the product"
        if not rows:
            rows = _everything([_interim(None, p, m, doc) for p, m in sorted(by_path.items())
                                if scope_of(p) in PRODUCT])
    view["entries"] = rows
    view["basis"] = basis
    view["compiles"] = compiling
    weight = sum(r["statements"] or 0 for r in rows)
    if rows and weight:
        view["overall"] = sum((r["share"] or 0) * (r["statements"] or 0) for r in rows) / weight
        view["graphs"] = sum(r["graphs"] or 0 for r in rows)
        view["recompiles"] = sum(r["recompiles"] or 0 for r in rows)
    else:  # no entry with a known weight: the scan's own overall figure stands
        view["recompiles"] = None
    view["product_modules"] = sorted(m["module"] for m in view["modules"] if scope_of(m["module"]) in PRODUCT)
    view["assumption"] = _assumption(basis, rows, compiling)
    return view


def _given(e: dict) -> dict:
    from neuron_migrate.report.porting import _share

    return {"entry": str(e.get("entry") or e.get("name") or "?"), "path": str(e.get("path") or ""),
            "share": _share(e.get("estimated_coverage")), "graphs": e.get("expected_graphs"),
            "recompiles": e.get("expected_recompiles"), "statements": e.get("statements") or 1}


def _interim(name: str | None, path: str, module: dict, doc: dict) -> dict:
    from neuron_migrate.report.porting import _share

    sites = sum(1 for f in doc["findings"] if f["path"] == path and f["code"].startswith("NM3"))
    return {"entry": f"{name}.forward" if name else f"every forward in {path}", "path": path,
            "share": _share(module.get("estimated_coverage")), "graphs": module.get("expected_graphs"),
            "recompiles": sites, "statements": module.get("statements") or 0}


def _everything(rows: list[dict]) -> list[dict]:
    """One entry for every forward of the product, weighted as its modules are."""
    rows = [r for r in rows if r["statements"]]
    if not rows:
        return []
    weight = sum(r["statements"] for r in rows)
    return [{"entry": f"every forward ({len(rows)} modules)", "path": "",
             "share": sum((r["share"] or 0) * r["statements"] for r in rows) / weight,
             "graphs": sum(r["graphs"] or 0 for r in rows), "recompiles": sum(r["recompiles"] for r in rows),
             "statements": weight}]


def _assumption(basis: str, rows: list[dict], compiling: list[str]) -> str:
    names = ", ".join(r["entry"] for r in rows[:3]) + (f" and {len(rows) - 3} more" if len(rows) > 3 else "")
    if basis == "compile entries":
        what = f"what the project compiles ({names})"
    elif basis == "modules the scripts build":
        what = (f"the forward of the modules its scripts build ({names}), over the traced code of "
                "the files that define them")
    else:
        what = ("every forward in the library and scripts, because no script builds a model "
                "class this scan can resolve")
    if compiling:
        where = ", ".join(compiling[:3]) + (f" and {len(compiling) - 3} more" if len(compiling) > 3 else "")
        return f"Estimated for {what}; the project calls torch.compile in {where}."
    return (f"The project compiles nothing: these figures assume you compile {what} with "
            "torch.compile(backend=\"neuron\").")


def _read(root: str | None, path: str) -> str | None:
    if not root:
        return None
    try:
        return (Path(root) / path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _compiling_files(root: str | None, paths: list[str]) -> list[str]:
    """The files that call ``torch.compile`` (or decorate with it), not those that mention it."""
    out = []
    for p in paths:
        text = _read(root, p) if p.endswith(".py") else None
        if not text or not _COMPILES.search(text):
            continue
        tree = _parse(text)
        if tree is not None and any(_is_compile(n) for n in ast.walk(tree)):
            out.append(p)
    return out


def _is_compile(node: ast.AST) -> bool:
    target = node.func if isinstance(node, ast.Call) else node if isinstance(node, ast.Attribute) else None
    return (isinstance(target, ast.Attribute) and target.attr == "compile"
            and isinstance(target.value, ast.Name) and target.value.id == "torch")


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def _built_by_scripts(root: str | None, scripts: list[str], modules: dict[str, dict]) -> list[tuple[str, str]]:
    """(class, defining file) of each traced nn.Module a script instantiates, in script order."""
    defined: dict[str, list[str]] = {}
    for path, m in modules.items():
        for fn in m.get("functions") or []:
            name = str(fn.get("name", "")) if isinstance(fn, dict) else ""
            if name.endswith(".forward") and name.count(".") == 1:
                defined.setdefault(name.split(".")[0], []).append(path)
    out: list[tuple[str, str]] = []
    for script in scripts:
        if not script.endswith(".py"):
            continue
        text = _read(root, script)
        tree = _parse(text) if text else None
        if tree is None:
            continue
        imported = _imports(tree)
        for node in _outside_classes(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else None
            places = defined.get(name or "")
            if not places:
                continue
            path = _pick(places, script, imported.get(name))
            if path is not None and path not in {p for _, p in out}:  # one entry per file
                out.append((name, path))
    return out


def _outside_classes(tree: ast.Module):
    """Every node but those inside a class body: a module a class builds is its submodule."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.ClassDef):
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def _imports(tree: ast.Module) -> dict[str, str]:
    """name -> module path a ``from X import name`` names (relative to the root)."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            base = node.module.replace(".", "/")
            for alias in node.names:
                out[alias.asname or alias.name] = base
    return out


def _pick(places: list[str], script: str, module: str | None) -> str | None:
    if len(places) == 1:
        return places[0]
    here = posixpath.dirname(script)
    if module is None:  # defined in the script itself, or beside it
        same = [p for p in places if p == script] or [p for p in places if posixpath.dirname(p) == here]
        return same[0] if len(same) == 1 else None
    for p in places:
        stem = p[:-3] if p.endswith(".py") else p
        if stem.endswith("/__init__"):
            stem = stem[: -len("/__init__")]
        if stem == module or stem == posixpath.join(here, module) or stem.endswith("/" + module):
            return p
    return None
