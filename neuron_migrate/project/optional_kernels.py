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
those of the ``.cu`` sources it names, and of C++ sources calling a CUDA library) become warnings that name where it is imported. An
import in a function that is not under a condition, a module that loads the kernel and that
nothing imports (a script), or none at all: the finding stays an error. The ``.cu`` sources of
a build whose failure the install goes on without (facebookresearch/sam2's ``CUDAExtension`` in
a ``try``, checks/kernels.py) are warnings too.

The same holds for a function that imports a CUDA-only library (an NM504 error): where every
call of it in the project is under an ``if`` or in a ``try`` (``optional_functions``: CosyVoice
loads TensorRT only under ``if load_trt:``), its import, and the CUDA calls ``fix`` leaves in it,
are warnings.

It costs nothing where no Python file has an NM501 error or an NM504 import error (timm).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import posixpath
import re
from pathlib import Path

from neuron_migrate.formats import KERNEL_SOURCE_SUFFIXES
from neuron_migrate.models import FileResult, Severity
from neuron_migrate.project.model import Project, module_name
from neuron_migrate.scopes import Scopes
from neuron_migrate.traversal import TRY_TYPES

_CUDA_SOURCE = re.compile(rb"""["']([^"'\n]*?\.(?:cuh?|cpp|cc|cxx))["']""")


def _import_of(last: str) -> re.Pattern:
    """An import statement that names the module ``last`` (a parenthesised list too)."""
    return re.compile(rb"(?m)^[ \t]*(?:from|import)[ \t][^\n(]*(?:\([^)]*)?\b" + re.escape(last.encode()) + rb"\b")


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
            main = _main_test(node.test)
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


def _main_test(test: ast.AST) -> bool:
    """``__name__ == "__main__"``: a script's own run, no condition on the host."""
    return type(test) is ast.Compare and getattr(test.left, "id", "") == "__name__"


def _imported(project: Project, path: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The project files an import statement of ``path`` runs (a package's ``__init__`` too)."""
    return {p for n in _imported_names(project, path, node) if (p := project.modules.get(n))}


def _imported_names(project: Project, path: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dotted names of the modules an import statement of ``path`` may load (relative ones resolved)."""
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
    return names


def optional_kernels(results: list[FileResult | None], root: Path, project_of) -> dict[str, str]:
    """Path -> why it is optional ("imported only under ...: `bigvgan.py:96`") of each file whose
    NM501 kernel the project builds only on a path it can skip: the kernel's module and the
    ``.cu`` sources it names, and those an optional build names. ``project_of()``: the scan's
    project, made on first use."""
    from neuron_migrate.checks.kernels import optional_build_sources

    by_path = {r.path: r for r in results if r is not None}
    seeds, found = [], {}
    cuda_sources = [p for p, r in by_path.items() if p.endswith(KERNEL_SOURCE_SUFFIXES)
                    and any(f.code == "NM501" and f.severity is Severity.ERROR for f in r.findings)]
    builds = _conditional_builds(by_path, project_of) if cuda_sources else {}
    seeds += builds
    for p, r in by_path.items():
        nm501 = [f for f in r.findings if f.code == "NM501"] if p.endswith(".py") else ()
        if any(f.severity is Severity.ERROR for f in nm501):
            seeds.append(p)
        for f in nm501:  # a build whose failure the install goes on without: the sources it names
            named = set(optional_build_sources(f.message))
            if named:
                _mark_sources(by_path, p, named, f"built in a `try` that goes on without it: `{p}:{f.line}`", found)
    if not seeds:
        return found
    project = project_of()
    python = [p for p in by_path if p.endswith(".py")]
    scopes = Scopes(by_path)
    words: dict[str, list[str]] = {}  # a module's last name -> the files whose bytes hold it

    def sites(target: str) -> list[tuple[str, int, str]]:
        """(importer, line, kind) of each import of ``target`` in the project's files."""
        name = module_name(target)
        last = (name.rpartition(".")[2] or posixpath.basename(posixpath.dirname(target))).encode()
        if last not in words:
            needle = _import_of(last.decode())
            words[last] = [p for p in python if (found := project.source(p)) and last in found[0]
                           and needle.search(found[0])]
        if target in builds:  # an extension setup.py builds: imported by its dotted name
            module = builds[target][0]
            return [(p, node.lineno, kind) for p in words[last] for node, kind in _imports(project.tree(p) or ast.Module([]))
                    if module in _imported_names(project, p, node)]
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
        if seed in builds:  # the CUDA sources under the extension's package, built only where CUDA is
            module, setup, line = builds[seed]
            where = f"built by `{setup}:{line}` only where CUDA is, and {where}"
            for p in cuda_sources:
                if p.startswith(posixpath.dirname(seed) + "/"):
                    found.setdefault(p, where)
            continue
        found[seed] = where
        named = {m.decode("utf-8", "replace") for m in _CUDA_SOURCE.findall((project.source(seed) or (b"",))[0])}
        _mark_sources(by_path, seed, named, where, found)
    return found


def _conditional_builds(by_path: dict, project_of) -> dict[str, tuple[str, str, int]]:
    """The extensions a ``setup.py`` builds with CUDA only under an ``if`` (GroundingDINO's
    ``if CUDA_HOME is not None and ...: extension = CUDAExtension; sources += source_cuda``, a
    CppExtension otherwise): the extension module's path as a file of its package would have it
    ("pkg/_C") -> (its dotted name, the setup.py, the line of its build)."""
    out = {}
    for setup in by_path:
        if posixpath.basename(setup) != "setup.py":
            continue
        project = project_of()
        found = project.source(setup)
        tree = project.tree(setup) if found and b"CUDAExtension" in found[0] else None
        if tree is None:
            continue
        uses, gated = [], set()
        for node in ast.walk(tree):
            if type(node) is ast.If and not _main_test(node.test) and not any(
                    type(n) is ast.Raise for s in node.orelse for n in ast.walk(s)):  # not `else: raise "CUDA required"`
                gated.update(id(n) for s in (*node.body, *node.orelse) for n in ast.walk(s))
            elif (type(node) is ast.Name and node.id == "CUDAExtension"
                  or type(node) is ast.Attribute and node.attr == "CUDAExtension"):
                uses.append(node)
        if not uses or any(id(u) not in gated for u in uses):
            continue  # built with CUDA wherever setup.py runs
        folder = posixpath.dirname(setup)
        for node in ast.walk(tree):
            func = getattr(node, "func", None)
            name = getattr(func, "id", None) or getattr(func, "attr", "")
            if (type(node) is ast.Call and name.lower().endswith("extension") and node.args
                    and type(node.args[0]) is ast.Constant and type(node.args[0].value) is str
                    and re.fullmatch(r"\w+(\.\w+)+", node.args[0].value)):
                module = node.args[0].value
                out[posixpath.join(folder, *module.split("."))] = (module, setup, node.lineno)
    return out


def _mark_sources(by_path: dict, seed: str, named: set[str], where: str, found: dict[str, str]) -> None:
    """The ``.cu`` files of ``seed``'s folder and below whose names it quotes, optional as it is."""
    folder = posixpath.dirname(seed)
    names = {posixpath.basename(n) for n in named}
    for p in by_path:
        if p.endswith(KERNEL_SOURCE_SUFFIXES) and posixpath.basename(p) in names and (not folder or p.startswith(folder + "/")):
            found.setdefault(p, where)


def _calls(tree: ast.Module, name: str):
    """(call, its gate, the function and class it is in) of each call ``name(...)`` or
    ``x.name(...)`` of ``tree``: the gate is the innermost ``if`` (not ``__name__ == "__main__"``)
    or ``try`` catching a failure around it in its function, or None."""
    from neuron_migrate.checks.kernels import catches_import_error

    todo: list[tuple[ast.AST, ast.AST | None, ast.AST | None, ast.ClassDef | None]] = [(tree, None, None, None)]
    while todo:
        node, gate, fn, cls = todo.pop()
        t = type(node)
        if t is ast.Call and getattr(node.func, "id", getattr(node.func, "attr", None)) == name:
            yield node, gate, fn, cls
        if t in (ast.FunctionDef, ast.AsyncFunctionDef):
            todo += [(c, None, node, cls if fn is None else None) for c in ast.iter_child_nodes(node)]
        elif t is ast.ClassDef:
            todo += [(c, None, None, node) for c in ast.iter_child_nodes(node)]
        elif t is ast.If and not (type(node.test) is ast.Compare and getattr(node.test.left, "id", "") == "__name__"):
            todo += [(c, gate if c is node.test else node, fn, cls) for c in ast.iter_child_nodes(node)]
        elif t in TRY_TYPES and any(catches_import_error(h) for h in node.handlers):
            todo += [(c, node, fn, cls) for c in node.body] + [(c, gate, fn, cls) for c in (
                *node.handlers, *node.orelse, *node.finalbody)]
        else:
            todo += [(c, gate, fn, cls) for c in ast.iter_child_nodes(node)]


def _enclosing(tree: ast.Module, line: int) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None] | None:
    """The module-level function or the method whose body holds ``line``, and its class."""
    for node in tree.body:
        inner = [(m, node) for m in node.body] if type(node) is ast.ClassDef else [(node, None)]
        for fn, cls in inner:
            if type(fn) in (ast.FunctionDef, ast.AsyncFunctionDef) and fn.body[0].lineno <= line <= fn.end_lineno:
                return fn, cls
    return None


MAX_CALLERS = 3  # callers followed up from a function to the gates of its calls


def optional_functions(results: list[FileResult | None], root: Path,
                       project_of) -> dict[str, list[tuple[int, int, str]]]:
    """Path -> (first line, last line, why) of each function that imports a CUDA-only library
    (an NM504 error) and that the project calls only on a path it can skip: FunAudioLLM/CosyVoice's
    ``CosyVoiceModel.load_trt`` imports tensorrt, and ``cli/cosyvoice.py`` calls it only under ``if
    load_trt:``, a flag off by default. Each call of its name (``f(...)``, ``x.f(...)``; a class's
    for its ``__init__``) in the project, tests aside, must be under an ``if`` or in a ``try`` that
    catches a failure, or in a function whose every call is, up to ``MAX_CALLERS`` callers; with
    no call found, or one that always runs, the finding stays an error."""
    candidates = {r.path: r for r in results if r is not None and r.path.endswith(".py") and any(
        f.code == "NM504" and f.severity is Severity.ERROR and f.column > 1 and f.message.startswith("imports ")
        for f in r.findings)}  # indented: perhaps in a function
    if not candidates:
        return {}
    by_path = {r.path: r for r in results if r is not None}
    project = project_of()
    python = [p for p in by_path if p.endswith(".py")]
    scopes = Scopes(by_path)

    def calls_of(path: str, fn, cls):
        """(file, call, gate, caller, its class) of each call of ``fn`` in its own file or one that
        imports its module: a framework's hook (Triton's ``initialize``) is called by no file of
        the project, and same-named calls elsewhere are not its calls."""
        name = cls.name if cls is not None and fn.name == "__init__" else fn.name
        word = re.compile(rb"\b" + re.escape(name.encode()) + rb"[ \t]*\(")
        module = _import_of(module_name(path).rpartition(".")[2] or posixpath.basename(posixpath.dirname(path)))
        for p in python:
            found = project.source(p)
            if scopes.of(p) == "tests" or not found or not word.search(found[0]) or (
                    p != path and not module.search(found[0])) or (tree := project.tree(p)) is None:
                continue
            for call, gate, caller, caller_cls in _calls(tree, name):
                if caller is not fn:  # not a call of itself
                    yield p, call, gate, caller, caller_cls

    def opened(p: str, gate, caller, caller_cls) -> bool:
        """The gate is a flag its function is handed, and a call of that function sets it (token2wav's
        ``CosyVoice2(model_dir, load_trt=True)``), or a flag set true just before (``enable_trt = True``)."""
        test = getattr(gate, "test", None)
        if type(test) is not ast.Name or caller is None:
            return False
        bound = [v for n in ast.walk(caller) if type(n) is ast.Assign for t in n.targets
                 for target, v in (zip(t.elts, n.value.elts) if type(t) is ast.Tuple and type(n.value) is ast.Tuple
                                   else [(t, n.value)]) if type(target) is ast.Name and target.id == test.id]
        values = {v.value if type(v) is ast.Constant else None for v in bound}
        if test.id in {a.arg for a in (*caller.args.posonlyargs, *caller.args.args, *caller.args.kwonlyargs)}:
            # CosyVoice's own `load_trt = False` where CUDA is absent keeps it a gate, whatever the call says
            return False not in values and any(k.arg == test.id and type(k.value) is ast.Constant and k.value.value
                                               for _, call, *_ in calls_of(p, caller, caller_cls) for k in call.keywords)
        return values == {True}

    def gates(path: str, fn, cls, depth: int) -> list[tuple[str, int]] | None:
        if fn.name.startswith("__") and fn.name != "__init__":
            return None
        out: list[tuple[str, int]] = []
        for p, call, gate, caller, caller_cls in calls_of(path, fn, cls):
            if gate is not None and not opened(p, gate, caller, caller_cls):
                out.append((p, call.lineno))
                continue
            if caller is None or depth == MAX_CALLERS:
                return None
            above = gates(p, caller, caller_cls, depth + 1)
            if above is None:
                return None
            out += above
        return out or None

    found: dict[str, list[tuple[int, int, str]]] = {}
    for path, r in candidates.items():
        tree = project.tree(path)
        judged: set[int] = set()
        for f in r.findings:
            held = _enclosing(tree, f.line) if tree is not None and f.code == "NM504" and f.severity is Severity.ERROR \
                and f.message.startswith("imports ") else None
            if held is None or id(held[0]) in judged:
                continue
            fn, cls = held
            judged.add(id(fn))
            at = gates(path, fn, cls, 1)
            name = f"{cls.name}.{fn.name}" if cls is not None else fn.name
            if at:
                at = sorted(set(at))
                where = ", ".join(f"`{p}:{line}`" for p, line in at[:3]) + (" and more" if len(at) > 3 else "")
                found.setdefault(path, []).append(
                    (fn.lineno, fn.end_lineno, f"`{name}` runs only where the project calls it under an `if` or "
                     f"in a `try`: {where}"))
    return found


def mark_optional(results: list[FileResult | None], root: Path) -> None:
    """The NM501 errors of the kernels ``optional_kernels`` finds, in ``results``, as warnings that
    say why each kernel is optional; and the NM504 imports of the functions ``optional_functions``
    finds, with the CUDA calls ``fix`` leaves in them (CosyVoice's ``assert
    torch.cuda.is_available()`` before its TensorRT import), as warnings that say where they are
    called."""
    # one project for both questions, made only when one of them has a file to ask about: each
    # reads and parses the files it asks about once
    project_of = functools.cache(lambda: Project([r for r in results if r is not None], root))
    found = optional_kernels(results, root, project_of)
    for i, r in enumerate(results if found else ()):
        if r is None or r.path not in found:
            continue
        note = f"optional kernel ({found[r.path]}): "
        results[i] = dataclasses.replace(r, findings=tuple(
            dataclasses.replace(f, severity=Severity.WARNING, message=note + f.message)
            if f.code == "NM501" and f.severity is Severity.ERROR else f for f in r.findings))
    functions = optional_functions(results, root, project_of)
    for i, r in enumerate(results if functions else ()):
        if r is None or r.path not in functions:
            continue
        new = []
        for f in r.findings:
            why = next((w for first, last, w in functions[r.path] if first <= f.line <= last), None)
            if why and f.severity is Severity.ERROR and f.code == "NM504" and f.message.startswith("imports "):
                f = dataclasses.replace(f, severity=Severity.WARNING,
                                        message=f"optional import (the code has a path without it: {why}): {f.message}")
            elif why and f.severity is Severity.ERROR and f.code.startswith("NM1") and f.fix is None:
                f = dataclasses.replace(f, severity=Severity.WARNING, message=f"{f.message} (not a blocker: {why})")
            new.append(f)
        results[i] = dataclasses.replace(r, findings=tuple(new))
