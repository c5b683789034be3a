"""Files that import a CUDA-only library through other modules of the project.

A module that imports Triton, CuPy, PyCUDA or TensorRT unconditionally is CUDA-only
(checks/guards.py: its guards and what they gate keep their CUDA code). A file that imports
such a module of the project unconditionally (at its top level, not under ``if`` or ``try``),
directly or through packages whose ``__init__`` imports it (a re-export), is in the same
position: a test of ``from pkg.kernels import fused_op``, skipped without CUDA, would run the
Triton kernels on Neuron once its ``torch.cuda.is_available()`` were rewritten. The fact does
not travel further, through a module that only uses such a module (torchtitan's token
dispatcher imports its Triton all-to-all kernels' wrapper, and its trainer the dispatcher:
every file importing the trainer would have been CUDA-only). ``cuda_only`` names those files
and the chain, from the per-file summaries (``Summary.firm``), for the runner to hand to their
analysis (``Options.cuda_only``). A CUDA extension a setup.py of the project builds is such a
library too (``cuda_extensions``); the modules importing it are named with it, since their
own analysis cannot see it.

It costs nothing where no file of the project imports a CUDA-only library at its top level;
else it looks only at the imports whose last name is that of a CUDA-only module, and parses
only the files no check parsed (an ``__init__`` of re-exports) with a top-level import
statement holding that name.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from pathlib import Path

from neuron_migrate.models import FileResult, Summary
from neuron_migrate.project.model import Project, module_name
from neuron_migrate.project.summary import cuda_only_library, dotted
from neuron_migrate.runner import read_source


def top_level_import(name: str) -> re.Pattern:
    """A top-level import statement whose text holds the word ``name`` (``from a.name import
    x``, ``import a.name``, ``from a import (\n    name,\n)``, a continued line): where a
    module's name is only in a comment or the code, the file is not parsed."""
    word = re.escape(name).encode()
    return re.compile(rb"(?m)^(?:from|import)[ \t](?:[^\n(]*\\\n)*[^\n(]*(?:\([^)]*)?\b" + word + rb"\b")


_FROM_PACKAGE = re.compile(rb"(?m)^from[ \t]+\.+[ \t]+import\b")  # from . import x, from .. import y


# torch's and pybind11's extension classes: their modules are pybind11 functions (``PyCFunction``),
# which Dynamo does not trace (constructs.py "a C extension's function ...": GB0007)
_COMPILED_EXTENSIONS = frozenset({"CppExtension", "CUDAExtension", "Pybind11Extension"})


def compiled_extensions(setups: dict[str, bytes]) -> tuple[tuple[str, str, str], ...]:
    """(module name, "`setup.py:line`", "`setup.py:line`" of its ``CUDAExtension`` call or "")
    of each C++/CUDA extension a setup.py of the project builds with torch's or pybind11's
    extension class, called by name or through a variable the file binds only to those classes
    (pytorch3d's and detectron2's ``extension = CppExtension``, ``extension = CUDAExtension`` by
    the host, then ``extension("pytorch3d._C", ...)``): a call into one in traced code is a graph
    break (``Options.compiled``). The third field is set where a literal ``CUDAExtension(...)``
    call builds the module (microsoft/Swin-Transformer's ``swin_window_process``): its sources
    are CUDA, so a module that imports it unconditionally is CUDA-only, as one importing Triton
    is (``cuda_extensions``); one chosen by the host through a variable (detectron2's ``_C``)
    builds CPU kernels too. One walk of each setup.py serves both facts."""
    import ast

    built: dict[str, str] = {}
    cuda: dict[str, str] = {}
    for path, data in sorted(setups.items()):
        if b"Extension" not in data:
            continue
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue  # the scan reports the file; it builds nothing here
        bound: dict[str, bool] = {}  # a name -> whether every binding of it is an extension class
        calls = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                v = node.value  # extension = CUDAExtension if torch.cuda.is_available() else CppExtension
                ok = all(dotted(e).rpartition(".")[2] in _COMPILED_EXTENSIONS
                         for e in ((v.body, v.orelse) if isinstance(v, ast.IfExp) else (v,)))
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        bound[t.id] = bound.get(t.id, True) and ok
            elif isinstance(node, ast.Call):
                calls.append(node)
        for node in calls:
            callee = dotted(node.func)
            last = callee.rpartition(".")[2]
            if last not in _COMPILED_EXTENSIONS and not bound.get(callee):
                continue
            name = next((k.value for k in node.keywords if k.arg == "name"), node.args[0] if node.args else None)
            if isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value:
                built.setdefault(name.value, f"`{path}:{node.lineno}`")
                if last == "CUDAExtension":
                    cuda.setdefault(name.value, f"`{path}:{node.lineno}`")
    return tuple(sorted((m, where, cuda.get(m, "")) for m, where in built.items()))


def cuda_extensions(compiled: tuple[tuple[str, str, str], ...]) -> dict[str, str]:
    """Module name -> "`setup.py:line`" of each extension of ``compiled`` (``compiled_extensions``,
    ``Options.compiled``) that a literal ``CUDAExtension("name", ...)`` call builds."""
    return {m: cuda for m, _, cuda in compiled if cuda}


def cuda_only(results: dict[str, FileResult], root: Path,
              cache_of: Callable[[str], object | None] | None = None,
              project: Project | None = None, built: dict[str, str] | None = None) -> tuple[tuple[str, str], ...]:
    """(path, what it imports: "`a.kernels`, which imports `triton`") of every project file
    that imports a module of the project that imports a CUDA-only library, directly or
    through packages' ``__init__`` files that import it, shortest chain first;
    the modules that import one themselves are not listed (their own analysis sees it); ``built``:
    ``cuda_extensions`` of the project's setup.py files (``Options.compiled``)."""
    read: dict[str, bytes] = {}

    def data_of(path: str) -> bytes:  # only the bytes: a file is decoded only where it is parsed
        if path not in read:
            try:
                read[path] = read_source(root / path)
            except OSError:
                read[path] = b""
        return read[path]

    via: dict[str, str] = {}
    seeds = set()  # import a CUDA-only library themselves: their own analysis sees it
    for path, r in results.items():
        if r.summary is None:
            continue
        lib = cuda_only_library(r.summary.firm)
        if lib:
            via[path] = f"`{lib}`"
            seeds.add(path)
        elif built:
            ext = next((e for level, m, n in r.summary.firm if not level
                        for e in (m, f"{m}.{n}" if n else m) if e in built), None)
            if ext:
                via[path] = f"`{ext}`, a CUDA extension built by {built[ext]}"
    if not via:
        return ()
    project = project or Project(list(results.values()), root, cache_of=cache_of)
    by_last: dict[str, list[tuple[str, int, str, str]]] = {}  # last name -> (importer, level, module, name)

    def note(path: str, summary: Summary) -> None:
        for level, module, name in summary.firm:
            # ``from . import x`` imports the package itself (its __init__ may re-export x)
            package = module or (level and project.absolute(path, level, "", ""))
            if package:
                by_last.setdefault(package.rpartition(".")[2], []).append((path, level, module, name))
            if name and name != "*":
                by_last.setdefault(name, []).append((path, level, module, name))

    unread = []  # files no check parsed: read for a module's name, parsed only where it is
    for path, r in results.items():
        if r.summary is not None:
            note(path, r.summary)
        elif path.endswith(".py") and r.skipped is None and not r.findings:
            unread.append(path)
    def imports(path: str, word: bytes, needle: re.Pattern, inside: str) -> bool:
        data = data_of(path)
        return ((word in data and needle.search(data) is not None)
                or (bool(inside) and path.startswith(inside) and _FROM_PACKAGE.search(data) is not None))

    queue = deque(via)
    while queue:
        target = queue.popleft()
        last = module_name(target).rpartition(".")[2]
        if unread and last:
            word, needle = last.encode(), top_level_import(last)
            folder, _, base = target.rpartition("/")
            inside = f"{folder}/" if folder and base == "__init__.py" else ""  # ``from . import x`` below it
            for path in [p for p in unread if imports(p, word, needle, inside)]:
                unread.remove(path)
                facts = project.facts(path)
                if facts is not None:
                    note(path, facts.summary)
        for path, level, module, name in by_last.get(last, ()):
            if path in via:
                continue
            base = project.absolute(path, level, module, "")
            for imported in ((f"{base}.{name}" if base else name) if name and name != "*" else None, base):
                if imported and project.modules.get(imported) == target:
                    via[path] = f"`{imported}`, which imports {via[target]}"
                    if path.endswith("__init__.py"):  # a package that re-exports it: its importers too
                        queue.append(path)
                    break
    return tuple(sorted((p, text) for p, text in via.items() if p not in seeds))


def cuda_only_unanalysed(paths: list[str], root: Path, importing: list[str],
                         built: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """``cuda_only`` for files no analysis has summarised (``fix`` analyses each file alone):
    the files of ``importing`` (a line of theirs imports a CUDA-only library, or an extension of
    ``built``, the runner's ``cuda_extensions`` of the project's setup.py files) are parsed for
    the modules that import one at their top level; another file is parsed only where its
    bytes hold the last name of a module found CUDA-only."""
    results = {p: FileResult(p) for p in paths}
    project = Project(list(results.values()), root)
    for path in importing:
        facts = project.facts(path)
        if facts is not None:
            results[path] = FileResult(path, summary=facts.summary)
    return cuda_only(results, root, project=project, built=built)
