"""The project model: names resolved across the project's modules from per-file summaries
(no re-parse, except an ``__init__.py`` no check needed, read for its re-exports), and the
functions that code traced in one file reaches in another.

``extra_roots`` answers, for the files of a scan, which functions of which files become
traced because traced code of another file calls them: a module-level function imported
(``from .helpers import pad``, ``helpers.pad(x)``, re-exported by a package's
``__init__``), a ``Class.method`` called through its class, or a method a class inherits
from a base defined in another file (``self.m(x)``). The runner analyses those files again
with the functions as traced roots, so their findings stay in their own file and name the
function they were reached from.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

from neuron_migrate.models import FileResult
from neuron_migrate.project.summary import Summary, module_level

MAX_DEPTH = 6  # re-export and base-class hops followed


def module_name(path: str) -> str:
    stem = path[:-3] if path.endswith(".py") else path
    if stem.endswith("/__init__") or stem == "__init__":
        stem = stem[: -len("__init__")].rstrip("/")
    return stem.replace("/", ".")


class Project:
    def __init__(self, files: list[FileResult], root: Path):
        self.root = root
        self.by_path = {r.path: r for r in files}
        self.modules: dict[str, str] = {}
        for r in files:
            if r.path.endswith(".py"):
                name = module_name(r.path)
                self.modules.setdefault(name, r.path)
                if name.startswith("src."):
                    self.modules.setdefault(name[4:], r.path)
        self._summaries: dict[str, Summary | None] = {}

    def summary(self, path: str) -> Summary | None:
        if path in self._summaries:
            return self._summaries[path]
        r = self.by_path.get(path)
        found = r.summary if r is not None else None
        if found is None:  # a file no check parsed (an __init__ of imports): read it now
            try:
                tree = ast.parse((self.root / path).read_bytes())
                found = Summary(*module_level(tree))
            except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
                found = None
        self._summaries[path] = found
        return found

    def absolute(self, path: str, level: int, module: str, name: str) -> str:
        if level:
            package = module_name(path).split(".")
            if not path.endswith("__init__.py"):
                package = package[:-1]
            package = package[: len(package) - (level - 1)] if level > 1 else package
            base = ".".join([*package, module] if module else package)
        else:
            base = module
        return f"{base}.{name}" if name else base

    def find(self, qualified: str, depth: int = 0) -> tuple[str, str, str] | None:
        """(path, symbol path in that file, kind "function"/"class"/"method") of a project
        name, through re-exports; None for a module, an outside name or an unknown one."""
        if depth > MAX_DEPTH:
            return None
        parts = qualified.split(".")
        for i in range(len(parts) - 1, 0, -1):
            path = self.modules.get(".".join(parts[:i]))
            if path is None:
                continue
            s = self.summary(path)
            if s is None:
                return None
            sym, rest = parts[i], parts[i + 1:]
            if sym in s.functions and not rest:
                return path, sym, "function"
            cls = next((c for c in s.classes if c[0] == sym), None)
            if cls is not None:
                if not rest:
                    return path, sym, "class"
                if len(rest) == 1:
                    return self.method(path, sym, rest[0], depth + 1)
                return None
            for local, level, module, name in s.imports:
                if local == sym:
                    target = self.absolute(path, level, module, name)
                    return self.find(".".join([target, *rest]), depth + 1)
            return None
        return None

    def method(self, path: str, cls_name: str, method: str, depth: int = 0) -> tuple[str, str, str] | None:
        """``Class.method`` as defined by the class in ``path`` or a base class, in any file."""
        if depth > MAX_DEPTH:
            return None
        s = self.summary(path)
        cls = next((c for c in s.classes if c[0] == cls_name), None) if s else None
        if cls is None:
            return None
        if method in cls[2]:
            return path, f"{cls_name}.{method}", "method"
        for base in cls[1]:
            found = self.base(path, base, depth + 1)
            if found is not None:
                hit = self.method(found[0], found[1], method, depth + 1)
                if hit is not None:
                    return hit
        return None

    def base(self, path: str, text: str, depth: int) -> tuple[str, str, str] | None:
        s = self.summary(path)
        if s is None or not text:
            return None
        root, _, rest = text.partition(".")
        if any(c[0] == root for c in s.classes) and not rest:
            return path, root, "class"
        for local, level, module, name in s.imports:
            if local == root:
                target = self.absolute(path, level, module, name)
                found = self.find(f"{target}.{rest}" if rest else target, depth)
                return found if found and found[2] == "class" else None
        return None

    def callee(self, path: str, text: str) -> tuple[str, str] | None:
        """(path, function) a call from traced code in ``path`` reaches, or None."""
        s = self.summary(path)
        if s is None:
            return None
        if text.startswith("self:"):
            cls_name, _, method = text[5:].partition(".")
            cls = next((c for c in s.classes if c[0] == cls_name), None)
            for base in cls[1] if cls else ():
                b = self.base(path, base, 1)
                if b is not None and b[0] != path:
                    hit = self.method(b[0], b[1], method, 1)
                    if hit is not None:
                        return hit[0], hit[1]
            return None
        root, _, rest = text.partition(".")
        for local, level, module, name in s.imports:
            if local == root:
                target = self.absolute(path, level, module, name)
                found = self.find(f"{target}.{rest}" if rest else target)
                if found is not None and found[2] in ("function", "method") and found[0] != path:
                    return found[0], found[1]
                return None
        return None


def extra_roots(files: list[FileResult], root: Path, known: set[tuple[str, str]] = frozenset()
                ) -> dict[str, dict[str, str]]:
    """path -> {function: "caller path:function"} for functions that traced code of another
    file calls and that are not traced in their own file yet (nor in ``known``)."""
    project = Project(files, root)
    traced = {(r.path, f.name) for r in files for f in r.traced} | set(known)
    out: dict[str, dict[str, str]] = {}
    for r in files:
        if r.summary is None:
            continue
        for caller, text, _line in r.summary.calls:
            hit = project.callee(r.path, text)
            if hit is None or hit in traced:
                continue
            out.setdefault(hit[0], {}).setdefault(hit[1], f"{r.path}:{caller}")
    return out


ROUNDS = 4  # hops across files followed from traced code


def follow(results: dict[str, FileResult], root: Path,
           analyse: "Callable[[list[str], tuple[tuple[str, str, str], ...]], dict[str, FileResult]]") -> None:
    """Analyse again (``analyse(paths, roots)``) the files whose functions traced code of
    another file calls, with those functions as traced roots, until no new one is reached;
    ``results`` (path -> result) is updated in place."""
    if not any(r.summary is not None and r.summary.calls for r in results.values()):
        return
    roots: list[tuple[str, str, str]] = []
    for _ in range(ROUNDS):
        found = extra_roots(list(results.values()), root, {(p, n) for p, n, _ in roots})
        new = [(p, n, o) for p, fns in sorted(found.items()) if p in results for n, o in sorted(fns.items())]
        if not new:
            return
        roots += new
        results.update(analyse(sorted({p for p, _, _ in new}), tuple(roots)))
