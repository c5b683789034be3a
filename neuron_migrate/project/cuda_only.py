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
analysis (``Options.cuda_only``).

It costs nothing where no file of the project imports a CUDA-only library at its top level;
else it looks only at the imports whose last name is that of a CUDA-only module, and parses
only the files no check parsed (an ``__init__`` of re-exports) whose bytes hold that name.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path

from neuron_migrate.models import FileResult, Summary
from neuron_migrate.project.model import Project, module_name
from neuron_migrate.project.summary import CUDA_ONLY_MODULES


def library(summary: Summary) -> str | None:
    """The CUDA-only library a module imports at its top level, as written, else None."""
    return next((m for level, m, _ in summary.firm if not level and m.split(".")[0] in CUDA_ONLY_MODULES), None)


def cuda_only(results: dict[str, FileResult], root: Path,
              cache_of: Callable[[str], object | None] | None = None) -> tuple[tuple[str, str], ...]:
    """(path, what it imports: "`a.kernels`, which imports `triton`") of every project file
    that imports a module of the project that imports a CUDA-only library, directly or
    through packages' ``__init__`` files that import it, shortest chain first;
    the modules that import one themselves are not listed (their own analysis sees it)."""
    via: dict[str, str] = {}
    for path, r in results.items():
        lib = library(r.summary) if r.summary is not None else None
        if lib:
            via[path] = f"`{lib}`"
    if not via:
        return ()
    seeds = set(via)
    project = Project(list(results.values()), root, cache_of=cache_of)
    by_last: dict[str, list[tuple[str, int, str, str]]] = {}  # last name -> (importer, level, module, name)

    def note(path: str, summary: Summary) -> None:
        for level, module, name in summary.firm:
            if module:
                by_last.setdefault(module.rpartition(".")[2], []).append((path, level, module, name))
            if name and name != "*":
                by_last.setdefault(name, []).append((path, level, module, name))

    unread = []  # files no check parsed: read for a module's name, parsed only where it is
    for path, r in results.items():
        if r.summary is not None:
            note(path, r.summary)
        elif path.endswith(".py") and r.skipped is None and not r.findings:
            unread.append(path)
    queue = deque(via)
    while queue:
        target = queue.popleft()
        last = module_name(target).rpartition(".")[2]
        if unread and last:
            needle = last.encode()
            for path in [p for p in unread if needle in (project.source(p) or (b"",))[0]]:
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
