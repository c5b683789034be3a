"""Kernels the project builds only on a path it can skip.

A module of the project that compiles a CUDA extension (``cpp_extension.load(...)`` with CUDA
sources: NM501) is needed only where it is imported. NVIDIA/BigVGAN's
``alias_free_activation/cuda/load.py`` is imported at the top of ``activation1d.py``, and that
module only inside ``if self.h.get("use_cuda_kernel", False):`` of ``bigvgan.py``, whose ``else``
takes the torch implementation: the model runs without the kernel, and porting it is a choice,
not a blocker. ``optional_kernels`` follows the imports of such a module through the modules
that import it unconditionally at their top level (they build it when imported); when each
other import of them is under an ``if`` or in a ``try`` that catches ImportError (tests aside,
which may exercise the kernel), and there is at least one, the kernel's NM501 findings (and
those of the ``.cu`` sources it names) become warnings that name where it is imported. An
import in a function that is not under a condition, a module that loads the kernel and that
nothing imports (a script), or none at all: the finding stays an error. The ``.cu`` sources of
a build whose failure the install goes on without (facebookresearch/sam2's ``CUDAExtension`` in
a ``try``, checks/kernels.py) are warnings too.

It costs nothing where no Python file has an NM501 error (timm, diffusers).
"""

from __future__ import annotations

import ast
import dataclasses
import posixpath
import re
from pathlib import Path

from neuron_migrate.models import FileResult, Severity
from neuron_migrate.project.model import Project, module_name
from neuron_migrate.scopes import Scopes
from neuron_migrate.traversal import TRY_TYPES

_CUDA_SOURCE = re.compile(rb"""["']([^"'\n]*?\.cuh?)["']""")
_NAMED_SOURCE = re.compile(r"`([^`]+\.cuh?)`")  # as checks/kernels.py names an optional build's sources


def _imports(tree: ast.Module):
    """(import statement, "firm" | "optional" | "plain") of every import of ``tree``: firm at the
    top level outside any ``if``/``try``; optional under an ``if`` (not ``__name__ == "__main__"``)
    or in a ``try`` whose handler catches a failed import, or in such a handler; plain in a
    function, unconditionally."""
    from neuron_migrate.checks.kernels import catches_import_error  # only where a kernel is found

    todo = [(s, "firm") for s in tree.body]
    while todo:
        node, kind = todo.pop()
        t = type(node)
        if t in (ast.Import, ast.ImportFrom):
            yield node, kind
        elif t is ast.If:
            main = type(node.test) is ast.Compare and getattr(node.test.left, "id", "") == "__name__"
            todo += [(s, kind if main else "optional") for s in (*node.body, *node.orelse)]
        elif t in TRY_TYPES:
            inner = "optional" if any(catches_import_error(h) for h in node.handlers) else kind
            todo += [(s, inner) for s in node.body]
            todo += [(s, "optional") for h in node.handlers for s in h.body]
            todo += [(s, kind) for s in (*node.orelse, *node.finalbody)]
        elif t in (ast.FunctionDef, ast.AsyncFunctionDef):
            todo += [(s, "plain" if kind == "firm" else kind) for s in node.body]
        elif t in (ast.ClassDef, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While):
            todo += [(s, kind) for s in (*node.body, *getattr(node, "orelse", ()))]


def _imported(project: Project, path: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The project files an import statement of ``path`` runs (a package's ``__init__`` too)."""
    names = []
    if type(node) is ast.Import:
        for alias in node.names:
            parts = alias.name.split(".")
            names += [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    else:
        base = project.absolute(path, node.level, node.module or "", "")
        if base:
            parts = base.split(".")
            names += [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
            names += [f"{base}.{a.name}" for a in node.names if a.name != "*"]
    return {p for n in names if (p := project.modules.get(n))}


def optional_kernels(results: list[FileResult | None], root: Path) -> dict[str, str]:
    """Path -> why it is optional ("imported only under ...: `bigvgan.py:96`") of each file whose
    NM501 kernel the project builds only on a path it can skip: the kernel's module and the
    ``.cu`` sources it names, and those an optional build names."""
    from neuron_migrate.checks.kernels import OPTIONAL_BUILD

    by_path = {r.path: r for r in results if r is not None}
    seeds, found = [], {}
    for p, r in by_path.items():
        nm501 = [f for f in r.findings if f.code == "NM501"] if p.endswith(".py") else ()
        if any(f.severity is Severity.ERROR for f in nm501):
            seeds.append(p)
        for f in nm501:  # a build whose failure the install goes on without: the sources it names
            if f.message.startswith(OPTIONAL_BUILD):
                named = set(_NAMED_SOURCE.findall(f.message.partition("): ")[0]))
                _mark_sources(by_path, p, named, f"built in a `try` that goes on without it: `{p}:{f.line}`", found)
    if not seeds:
        return found
    project = Project(list(by_path.values()), root)
    python = [p for p in by_path if p.endswith(".py")]
    scopes = Scopes(by_path)
    words: dict[str, list[str]] = {}  # a module's last name -> the files whose bytes hold it

    def sites(target: str) -> list[tuple[str, int, str]]:
        """(importer, line, kind) of each import of ``target`` in the project's files."""
        name = module_name(target)
        last = (name.rpartition(".")[2] or posixpath.basename(posixpath.dirname(target))).encode()
        if last not in words:  # an import statement that names it (a parenthesised list too)
            needle = re.compile(rb"(?m)^[ \t]*(?:from|import)[ \t][^\n(]*(?:\([^)]*)?\b" + re.escape(last) + rb"\b")
            words[last] = [p for p in python if (found := project.source(p)) and last in found[0]
                           and needle.search(found[0])]
        out = []
        for p in words[last]:
            tree = project.tree(p) if p != target else None
            for node, kind in _imports(tree) if tree is not None else ():
                if target in _imported(project, p, node):
                    out.append((p, node.lineno, kind))
        return out

    for seed in seeds:
        needed, optional = False, []
        loads, todo = {seed}, [seed]  # the seed and the modules that build it when imported
        while todo and not needed:
            target = todo.pop()
            at = [s for s in sites(target) if scopes.of(s[0]) != "tests"]
            if not at and (target == seed or scopes.of(target) != "tests"):
                needed = True  # nothing imports it: run as it is, or not known to be optional
            for p, line, kind in at:
                if kind == "firm":
                    if p not in loads:
                        loads.add(p)
                        todo.append(p)
                elif kind == "optional":
                    optional.append((p, line))
                else:
                    needed = True
        if needed or not optional:
            continue
        where = "imported only under an `if` or a `try`, a path the code can skip: " + ", ".join(
            f"`{p}:{line}`" for p, line in sorted(set(optional)))
        found[seed] = where
        named = {m.decode("utf-8", "replace") for m in _CUDA_SOURCE.findall((project.source(seed) or (b"",))[0])}
        _mark_sources(by_path, seed, named, where, found)
    return found


def _mark_sources(by_path: dict, seed: str, named: set[str], where: str, found: dict[str, str]) -> None:
    """The ``.cu`` files of ``seed``'s folder and below whose names it quotes, optional as it is."""
    folder = posixpath.dirname(seed)
    names = {posixpath.basename(n) for n in named}
    for p in by_path:
        if p.endswith((".cu", ".cuh")) and posixpath.basename(p) in names and (not folder or p.startswith(folder + "/")):
            found.setdefault(p, where)


def mark_optional(results: list[FileResult | None], root: Path) -> None:
    """The NM501 errors of the kernels ``optional_kernels`` finds, in ``results``, as warnings that
    say why each kernel is optional."""
    found = optional_kernels(results, root)
    for i, r in enumerate(results if found else ()):
        if r is None or r.path not in found:
            continue
        note = f"optional kernel ({found[r.path]}): "
        results[i] = dataclasses.replace(r, findings=tuple(
            dataclasses.replace(f, severity=Severity.WARNING, message=note + f.message)
            if f.code == "NM501" and f.severity is Severity.ERROR else f for f in r.findings))
