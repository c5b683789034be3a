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
import dataclasses
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

from neuron_migrate.models import FileResult, Finding, ModuleFacts
from neuron_migrate.project.libraries import Libraries, is_library, shown
from neuron_migrate.project.summary import (FUNCTION_IMPORT, HANDED, PYDANTIC_MODELS, Summary, autograd_function_base, defined_once, dotted, handed_argument, init_stores,
                                             module_level, optional_dict, validator_methods, wrappers)
from neuron_migrate.source import SourceError, SourceFile
from neuron_migrate.traversal import all_nodes, own_nodes

FACTS = "facts"  # the cache kind of a file's ModuleFacts

MAX_DEPTH = 6  # re-export and base-class hops followed


def module_name(path: str) -> str:
    path = shown(path)
    stem = path[:-3] if path.endswith(".py") else path
    if stem.endswith("/__init__") or stem == "__init__":
        stem = stem[: -len("__init__")].rstrip("/")
    return stem.replace("/", ".")


class Project:
    """Names resolved across files. ``cache_of(path)`` is the cache that keeps a file's facts
    (the scan's for the project's files, the user's library cache for a library's), or None."""

    def __init__(self, files: list[FileResult], root: Path, libraries: Libraries | None = None,
                 cache_of: Callable[[str], object | None] | None = None, unanalysed: dict[str, str] | None = None):
        self.root = root
        self.unanalysed = unanalysed or {}  # module -> path: read for names only (the calibration's)
        self.libraries = libraries
        self.cache_of = cache_of
        self.by_path: dict[str, FileResult] = {}
        self.modules: dict[str, str] = {}
        self._summaries: dict[str, Summary | None] = {}
        self._sources: dict[str, tuple[bytes, SourceFile | None, bytes | None] | None] = {}
        self._trees: dict[str, ast.Module | None] = {}
        self._facts: dict[str, ModuleFacts | None] = {}
        self._compiled: dict[tuple[str, str, str, str], object] = {}  # compiled, compiled_all
        self._callees: dict[tuple[str, str], tuple[str, str] | None] = {}  # imports and classes: stable
        self._subclasses: dict[str, list[tuple[str, str]]] | None = None
        # find(), method() and base() by their arguments (depth too: the answer may hit
        # MAX_DEPTH), until the files change (update): a name and a class's bases are resolved
        # once, not again for every subclass and caller (diffusers' ModelMixin, ConfigMixin)
        self._found: dict[tuple, tuple[str, str, str] | None] = {}
        self._stored: dict[tuple[str, str], set[str] | None] = {}  # _stored_names by (path, attribute)
        # _defined_below: the project's classes by the base names they are written with, read once
        self._named_bases: dict[str, list[tuple[str, tuple[str, ...]]]] | None = None
        # _named: the project's classes by their name in lower case without underscores, read once
        self._class_names: dict[str, list[tuple[str, str]]] | None = None
        # _split: the project's classes by the names of the methods they define, read once
        self._method_owners: dict[str, list[tuple[str, str]]] | None = None
        # _handed_to_compilers' answer: the project's files and their compilers are those of its first round
        self._handed: list[tuple[tuple[str, str], str]] | None = None
        self.update(files)
        # a package inside folders that are not packages (``libs/torchcde/torchcde/``, a monorepo's
        # ``packages/a/a/``) is imported by its own name: ``import torchcde`` reaches it
        for path in sorted([*self.by_path, *self.unanalysed.values()]):
            if path.endswith(".py") and not is_library(path):
                self.modules.setdefault(self.rooted(path), path)
        self.tops = {name.split(".")[0] for name in self.modules}  # a project package shadows a library

    def update(self, files) -> None:
        self._subclasses = self._class_names = self._method_owners = None
        self._found = {}
        for r in files:
            self.by_path[r.path] = r
            self._summaries.pop(r.path, None)
            if r.path.endswith(".py") and not is_library(r.path):
                name = module_name(r.path)
                self.modules.setdefault(name, r.path)
                if name.startswith("src."):
                    self.modules.setdefault(name[4:], r.path)

    def rooted(self, path: str) -> str:
        """The module name of a file of a package counted from the package's top folder (the
        outermost folder with an ``__init__.py`` above it, every folder between too); a file
        whose own folder is not a package keeps its name from the scan root."""
        parts = path.split("/")
        top = len(parts) - 1
        while top > 0 and "/".join(parts[:top]) + "/__init__.py" in self.by_path:
            top -= 1
        return module_name("/".join(parts[top:])) if top < len(parts) - 1 else module_name(path)

    def module_path(self, name: str) -> str | None:
        """The file of module ``name``: the project's, else an installed library's (when following)."""
        path = self.modules.get(name) or self.unanalysed.get(name)
        if path is None and self.libraries is not None and name.split(".")[0] not in self.tops:
            path = self.libraries.module(name)
        return path

    def summary(self, path: str) -> Summary | None:
        if path in self._summaries:
            return self._summaries[path]
        r = self.by_path.get(path)
        found = r.summary if r is not None else None
        if found is None:  # a file no check parsed (an __init__ of imports, a library's): its facts
            facts = self.facts(path)
            found = facts.summary if facts is not None else None
        self._summaries[path] = found
        return found

    def source(self, path: str) -> tuple[bytes, SourceFile | None, bytes | None] | None:
        """(bytes, decoded source or None when it cannot be decoded, digest when a cache keeps the
        file's facts) of a file, read once per scan; None when it cannot be read."""
        from neuron_migrate.runner import read_source

        if path not in self._sources:
            where = self.libraries.file(path) if is_library(path) and self.libraries else self.root / path
            try:
                data = read_source(where) if where is not None else None
            except OSError:
                data = None
            found = None
            if data is not None:
                try:
                    src = SourceFile.from_bytes(path, data)
                except SourceError:
                    src = None
                found = data, src, _digest(data) if self.cache_of and self.cache_of(path) else None
            self._sources[path] = found
        return self._sources[path]

    def tree(self, path: str) -> ast.Module | None:
        """The syntax tree of a file, parsed once per scan (as the engine parses it: the
        analysis of a library's file reuses it)."""
        if path not in self._trees:
            found = self.source(path)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes is not ours
                    tree = ast.parse(found[1].text, filename=path) if found and found[1] else None
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                tree = None
            self._trees[path] = tree
        return self._trees[path]

    def facts(self, path: str) -> ModuleFacts | None:
        """A file's module-level facts: from the cache when its bytes are unchanged, else from its tree."""
        if path in self._facts:
            return self._facts[path]
        found = None
        src = self.source(path)
        cache = self.cache_of(path) if self.cache_of and src else None
        if cache is not None:
            found = cache.get(path, FACTS, src[2], of=ModuleFacts)
        if found is None:
            tree = self.tree(path)
            if tree is not None:
                imports, functions, classes, firm = module_level(tree)
                found = ModuleFacts(path, Summary(imports, functions, classes, firm=firm), _returns(tree))
                if cache is not None:
                    cache.put(path, FACTS, src[2], found)
        self._facts[path] = found
        return found

    def outside(self) -> tuple[tuple, tuple, tuple] | None:
        """What the answers so far read outside the scanned files (``ProjectStep``): the
        installed packages looked up, (name, site folder, package; "" when not found), the
        modules looked up in them, (name, key; "" when none), and the library files read, (key,
        digest; b"" when unreadable). None when a package's files were listed (a registry
        searched for a name, ``registered``): too much to check again."""
        from neuron_migrate.cache import digest

        libs = self.libraries
        if libs is None:
            return (), (), ()
        if libs.listed:
            return None
        return (tuple((top, str(found[0]), str(found[1])) if found else (top, "", "") for top, found in libs.roots.items()),
                tuple((name, key or "") for name, key in libs.modules.items()),
                tuple((key, digest(found[0]) if found else b"") for key, found in self._sources.items() if is_library(key)))

    def absolute(self, path: str, level: int, module: str, name: str) -> str:
        if level:
            package = module_name(path).split(".")
            if not path.endswith("__init__.py"):
                package = package[:-1]
            package = package[: len(package) - (level - 1)] if level > 1 else package
            base = ".".join([*package, module] if module else package)
        else:
            base = module
            folder = path.rpartition("/")[0]
            if folder and f"{folder}/__init__.py" not in self.by_path and not is_library(path):
                # a script's own folder comes first on sys.path: mixtral-moe/generate.py's
                # ``from model import Transformer`` is mixtral-moe/model.py, not the root's model.py
                sibling = module_name(f"{folder}/{module.replace('.', '/')}.py")
                if sibling in self.modules or f"{sibling}.__init__" in self.modules:
                    base = sibling
        return f"{base}.{name}" if name else base

    def find(self, qualified: str, depth: int = 0, stars: bool = False) -> tuple[str, str, str] | None:
        """(path, symbol path in that file, kind "function"/"class"/"method") of a project
        name, through re-exports; None for a module, an outside name or an unknown one.
        ``stars``: through a package's ``from .x import *`` too."""
        key = ("find", qualified, depth, stars)
        try:
            return self._found[key]
        except KeyError:
            found = self._found[key] = self._find(qualified, depth, stars)
            return found

    def _find(self, qualified: str, depth: int, stars: bool = False) -> tuple[str, str, str] | None:
        if depth > MAX_DEPTH:
            return None
        parts = qualified.split(".")
        for i in range(len(parts) - 1, 0, -1):
            path = self.module_path(".".join(parts[:i]))
            if path is None:
                continue
            s = self.summary(path)
            sym, rest = parts[i], parts[i + 1:]
            if s is None:  # a library's file that cannot be read or parsed: a finding once analysed
                return (path, sym, "unreadable") if is_library(path) else None
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
                    return self.find(".".join([target, *rest]), depth + 1, stars)
            # a package's ``from .algorithms import *`` (torch-numopt's ``__init__``): a name it re-exports.
            # Only asked for a class a function imports itself: followed everywhere, the re-exports of
            # torch_geometric.nn reach more than Dynamo's graphs show (held_out_3's AttentiveFP: 3 -> 6
            # expected graphs against 4 measured)
            for local, level, module, _ in s.imports if stars else ():
                if local == "*" and (level or module):
                    found = self.find(".".join([self.absolute(path, level, module, ""), sym, *rest]), depth + 1, stars)
                    if found is not None:
                        return found
            return None
        return None

    def method(self, path: str, cls_name: str, method: str, depth: int = 0) -> tuple[str, str, str] | None:
        """``Class.method`` as defined by the class in ``path`` or a base class, in any file."""
        key = ("method", path, cls_name, method, depth)
        try:
            return self._found[key]
        except KeyError:
            found = self._found[key] = self._method(path, cls_name, method, depth)
            return found

    def _method(self, path: str, cls_name: str, method: str, depth: int) -> tuple[str, str, str] | None:
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
        key = ("base", path, text, depth)
        try:
            return self._found[key]
        except KeyError:
            found = self._found[key] = self._base(path, text, depth)
            return found

    def _base(self, path: str, text: str, depth: int) -> tuple[str, str, str] | None:
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

    def picked(self, path: str, factory: str) -> tuple[tuple[str, str, str], ...]:
        """The classes the function ``factory`` (as written in ``path``, imported) returns as
        classes (``return Euler`` in each branch of ``select(method)``), as (path, class, "class")."""
        key = (path, f"picked:{factory}")
        if key not in self._callees:
            found, out = self._imported(path, factory), []
            facts = self.facts(found[0]) if found is not None and found[2] == "function" else None
            for text in dict(facts.returns).get(found[1], ()) if facts is not None else ():
                hit = self.base(found[0], text[1:], 1) if text.startswith("=") else None
                if hit is not None and hit not in out:
                    out.append(hit)
            self._callees[key] = tuple(out)
        return self._callees[key]

    def wrappers(self, path: str, decorator: str) -> tuple[tuple[str, str], ...]:
        """The inner functions (path, ``outer.inner``) that the decorator imported as
        ``decorator`` in ``path`` puts in place of the functions it decorates (summary.wrappers)."""
        key = (path, f"wrappers:{decorator}")
        if key not in self._callees:
            found = self._imported(path, decorator)
            tree = self.tree(found[0]) if found is not None and found[2] == "function" and found[0] != path else None
            functions = {n.name: n for n in tree.body if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef)} \
                if tree is not None else {}
            self._callees[key] = tuple((found[0], name) for name, _ in wrappers(functions, found[1])) if tree else ()
        return self._callees[key]

    def optional_dict(self, path: str, text: str) -> bool:
        """Whether ``text``, as written in ``path``, names a class of another file that is a
        TypedDict with optional keys (its file parsed only when its bases name a TypedDict)."""
        key = (path, f"dict:{text}")
        if key not in self._callees:  # apart: the generators' cells were made at every call (4,975 on timm)
            self._callees[key] = self._optional_dict(path, text)
        return self._callees[key]

    def _optional_dict(self, path: str, text: str) -> bool:
        found = self._imported(path, text)
        s = self.summary(found[0]) if found is not None and found[2] == "class" and found[0] != path else None
        cls = next((c for c in s.classes if c[0] == found[1]), None) if s else None
        if cls is None or not any(b.rpartition(".")[2] == "TypedDict" for b in cls[1]):
            return False
        tree = self.tree(found[0])
        return any(type(n) is ast.ClassDef and n.name == found[1] and optional_dict(n) for n in tree.body) \
            if tree else False

    def validators(self, path: str, text: str) -> tuple[tuple[str, str], ...] | None:
        """For a call ``text(...)`` in ``path`` that builds a pydantic model of another file
        (a class deriving from ``pydantic.BaseModel``, through classes of any project file):
        its ``@field_validator``/``@model_validator`` methods, which pydantic runs on
        construction, as (path, ``Class.method``); None when ``text`` names no such class."""
        key = (path, f"validated:{text}")
        if key not in self._callees:  # apart: the generator's cell was made at every call (4,975 on timm)
            self._callees[key] = self._validators(path, text)
        return self._callees[key]

    def _validators(self, path: str, text: str) -> tuple[tuple[str, str], ...] | None:
        found = self._imported(path, text)
        chain = self._pydantic(found[0], found[1]) if found is not None and found[2] == "class" \
            and found[0] != path else None
        return None if chain is None else tuple(
            (p, f"{c}.{m.name}") for p, c in chain for n in (self.tree(p) or ast.Module(body=[])).body
            if type(n) is ast.ClassDef and n.name == c for m in validator_methods(n))

    def _pydantic(self, path: str, cls_name: str, depth: int = 0) -> list[tuple[str, str]] | None:
        """The classes, (path, name), from ``cls_name`` up to its bases of the project, when one
        of them derives from ``pydantic.BaseModel`` (as imported in its file); else None."""
        s = self.summary(path)
        cls = next((c for c in s.classes if c[0] == cls_name), None) if s else None
        if cls is None or depth > MAX_DEPTH:
            return None
        for text in cls[1]:
            root, _, rest = text.partition(".")
            imported = next((self.absolute(path, level, module, name) for local, level, module, name in s.imports
                             if local == root), None)
            if imported is not None and f"{imported}.{rest}".rstrip(".") in PYDANTIC_MODELS:
                return [(path, cls_name)]
            found = self.base(path, text, depth + 1)
            above = self._pydantic(found[0], found[1], depth + 1) if found is not None else None
            if above is not None:
                return [(path, cls_name), *above]
        return None

    def _imported(self, path: str, text: str) -> tuple[str, str, str] | None:
        s = self.summary(path)
        root, _, rest = text.partition(".")
        for local, level, module, name in s.imports if s else ():
            if local == root:
                target = self.absolute(path, level, module, name)
                return self.find(f"{target}.{rest}" if rest else target)
        return None

    def receivers(self, path: str, text: str) -> list[tuple[str, str]]:
        """For ``solver.m(...)`` written ``F().m`` (``solver`` built by the class an imported
        factory ``F`` picks): the method ``m`` of each class it may pick, as (path, function)."""
        if text.startswith("wraps:"):
            return list(self.wrappers(path, text[6:]))
        found = self._callees.get((path, f"registry:{text}")) if text.endswith(".forward") else None
        if found:  # a registry getter's functions, which callee() read first (registry)
            return list(found)
        found = self._callees.get((path, f"built:{text}"))
        if found:  # the classes a factory builds, which callee() read first (built)
            return list(found)
        owner, _, method = text.rpartition(".")
        if not owner.endswith("()"):
            return []
        out = []
        for cpath, cls, _ in self.picked(path, owner[:-2]):
            hit = self.method(cpath, cls, method, 1)
            if hit is not None and hit[:2] not in out:
                out.append(hit[:2])
        return out

    def callee(self, path: str, text: str) -> tuple[str, str] | None:
        """(path, function) a call from traced code in ``path`` reaches, or None."""
        key = (path, text)
        if key not in self._callees:
            self._callees[key] = self._callee(path, text)
        return self._callees[key]

    def _callee(self, path: str, text: str) -> tuple[str, str] | None:
        s = self.summary(path)
        if s is None:
            return None
        if text.startswith(HANDED):  # a function of this file handed to a helper: runs if the helper calls it
            key, name, helper = text[len(HANDED):].split(":", 2)
            found = self.callee(path, helper)
            if found is None or not self._calls_parameter(*found, key):
                return None
            return self.callee(path, name[1:]) if name.startswith("=") else (path, name)  # =: a lambda's call
        if text.startswith("split:"):  # self.m() in ``def f(self, ...)`` at a module's top level: _split
            return self._split(path, *text[6:].split(".", 1))
        if text.startswith("named:"):  # forces.compute(...) of an untyped parameter: the class named so
            return self._named(path, *text[6:].rsplit(".", 1))
        if text.startswith("virtual:"):  # only a receiver's class defines it: _dispatched
            cls_name, _, attr = text[8:].partition(".")
            return self._passed_up(path, cls_name, attr) or self._held_function(path, cls_name, attr)
        if text.startswith("property:"):  # self.coupling.constant_shape: a @property's getter runs
            found = self._imported(path, text[9:])
            return found[:2] if (found is not None and found[2] == "method" and found[0] != path
                                 and self._is_property(found[0], found[1])) else None
        if text.startswith("returns:"):  # learner = self.maml.clone(); learner.adapt_on(...)
            return self._returned_method(path, *text[8:].rpartition(".")[::2])
        if text.startswith("attr:"):  # self.buffer.get(): a base class of another file annotates buffer
            return self._annotated(path, *text[5:].split(".", 2))
        if text.startswith("self:"):
            cls_name, _, method = text[5:].partition(".")
            cls = next((c for c in s.classes if c[0] == cls_name), None)
            for base in cls[1] if cls else ():
                b = self.base(path, base, 1)
                if b is not None and b[0] != path:
                    hit = self.method(b[0], b[1], method, 1)
                    if hit is not None:
                        return hit[0], hit[1]
            return self._held_function(path, cls_name, method) if cls else None
        if text.startswith("*:"):  # a name of a ``from X import *`` of the project: a function of X
            for local, level, module, _ in s.imports:
                found = self.find(f"{self.absolute(path, level, module, '')}.{text[2:]}") if local == "*" else None
                if found is not None and found[2] in ("function", "unreadable") and found[0] != path:
                    return found[0], found[1]
            return None
        if text.startswith("wraps:"):  # the decorator's wrappers: the first here, the others in receivers()
            found = self.wrappers(path, text[6:])
            return found[0] if found else None
        if "()." in text:  # a method of the classes a factory picks: the first here, the others in receivers()
            picked = self.receivers(path, text)
            return picked[0] if picked else None
        if text.startswith(FUNCTION_IMPORT):  # imported by the calling function (or one enclosing it)
            level, module, name, rest = text[len(FUNCTION_IMPORT):].split(":", 3)
            rest = rest.lstrip(".")  # a method of a local instance of the class imported: ``:.select_all_trees``
            target = self.absolute(path, int(level), module, name)
            found = self.find(f"{target}.{rest}" if rest else target, stars=True)
            head = rest[: -len("apply")].rstrip(".") if rest == "apply" or rest.endswith(".apply") else None
            owner = (lambda: self.find(f"{target}.{head}" if head else target)) if head is not None else None
        else:
            found = self._imported(path, text)
            owner = (lambda: self._imported(path, text[: -len(".apply")])) if text.endswith(".apply") else None
        if found is None and owner is not None:  # Fn.apply(x): an autograd Function's forward runs
            # (torch-sla's ``from .autograd import NonlinearSolveFunction`` in nonlinear_solve, then
            # ``NonlinearSolveFunction.apply(...)``)
            found = owner()
            s2 = self.summary(found[0]) if found is not None and found[2] == "class" else None
            cls = next((c for c in s2.classes if c[0] == found[1]), None) if s2 else None
            if cls is None or not any(map(autograd_function_base, cls[1])) or found[0] == path:
                return None
            hit = self.method(found[0], found[1], "forward")
            return hit[:2] if hit is not None else None
        if found is not None and found[2] in ("function", "method", "unreadable") and found[0] != path:
            return found[0], found[1]
        if found is not None and found[2] == "class" and found[0] != path:
            # an object built in traced code (torchsde's BrownianInterval(...)): Dynamo traces its
            # __init__ (constructs.py, "object built in traced code, break in its __init__")
            # (a dataclass's generated __init__ runs its __post_init__: torchrir's RIRResult)
            hit = self.method(found[0], found[1], "__init__") or self.method(found[0], found[1], "__post_init__")
            return hit[:2] if hit is not None else None
        if found is None and text.endswith(".forward"):  # self.f_solver = get_solver(...); self.f_solver(x)
            return next(iter(self.registry(path, text)), None)
        if found is None and "." in text and ":" not in text:  # self.oracle = build_oracle(name); .direction(g)
            return next(iter(self.built(path, text)), None)
        return None

    def _named(self, path: str, holder: str, method: str) -> tuple[str, str] | None:
        """``method`` of the one class of another file of the project named as ``holder`` is, but
        for case and underscores (torchmd's ``forces`` and ``Forces``, ``box2box_transform`` and
        ``Box2BoxTransform``): what an untyped parameter or attribute of that name holds; None where
        no class or more than one is named so, or none of them defines the method."""
        if self._class_names is None:  # the analysed files of the project (not a library's, not one read for names)
            self._class_names = {}
            for p in dict.fromkeys(self.modules.values()):
                r = self.by_path.get(p)
                for c in r.summary.classes if r is not None and r.summary is not None else ():
                    self._class_names.setdefault(c[0].replace("_", "").lower(), []).append((p, c[0]))
        found = self._class_names.get(holder.replace("_", "").lower(), ())
        if len(found) != 1 or found[0][0] == path:
            return None
        hit = self.method(*found[0], method)
        return hit[:2] if hit is not None else None

    def _split(self, path: str, function: str, method: str) -> tuple[str, str] | None:
        """``self.method(...)`` in ``function(self, ...)``, a module-level function of ``path`` that is a
        method's body written apart from its class (torch-sla's ``SparseTensor.solve`` runs
        ``linalg.solve`` as ``_impl(self, ...)``, whose ``self.is_symmetric()`` runs
        ``SparseTensor.is_symmetric``): ``method`` (its own or a base's) of the one class of another file
        of the project whose method named ``function`` imports this function (in its body or at its
        module's top: list.py's and distributed/core.py's classes have a ``solve`` and an
        ``is_symmetric`` of their own); None where no class or more than one does. Only the files of
        classes with a method so named are parsed for it."""
        if self._method_owners is None:  # the analysed files of the project, as _named reads them
            self._method_owners = {}
            for p in dict.fromkeys(self.modules.values()):
                r = self.by_path.get(p)
                for c in r.summary.classes if r is not None and r.summary is not None else ():
                    for m in c[2]:
                        self._method_owners.setdefault(m, []).append((p, c[0]))
        found = [hit for p, c in self._method_owners.get(function, ()) if p != path
                 and (hit := self.method(p, c, method)) is not None and self._delegates(p, c, function, path)]
        return found[0][:2] if len(found) == 1 else None

    def _delegates(self, path: str, cls_name: str, function: str, target: str) -> bool:
        """The method ``function`` of ``cls_name`` in ``path`` names the function ``function`` of
        ``target``, imported in its body (``from .linalg import solve as _impl``) or by its module."""
        fn = _method_node(self.tree(path), cls_name, function)
        for node in all_nodes(fn) if fn is not None else ():
            if type(node) is ast.ImportFrom and any(a.name == function for a in node.names):
                found = self.find(self.absolute(path, node.level, node.module or "", function))
            elif type(node) is ast.Name and type(node.ctx) is ast.Load:
                found = self._imported(path, node.id)
            else:
                continue
            if found is not None and found[:2] == (target, function):
                return True
        return False

    def _calls_parameter(self, path: str, qualified: str, key: str) -> bool:
        """The function ``qualified`` (``f`` or ``Cls.m``) of ``path`` calls by name the parameter
        given at position ``key`` (a number, after ``self``) or by keyword ``key``."""
        tree = self.tree(path)
        owner, _, name = qualified.rpartition(".")
        body = tree.body if tree is not None else []
        if owner:
            body = next((c.body for c in body if type(c) is ast.ClassDef and c.name == owner), [])
        fn = next((f for f in body if type(f) in (ast.FunctionDef, ast.AsyncFunctionDef) and f.name == name), None)
        if fn is None:
            return False
        params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
        if owner and params and params[0] in ("self", "cls"):
            params = params[1:]
        named = {*params, *(a.arg for a in fn.args.kwonlyargs)}
        param = (params[int(key)] if int(key) < len(params) else None) if key.isdigit() else key if key in named else None
        return param is not None and any(type(n) is ast.Call and type(n.func) is ast.Name and n.func.id == param
                                         for n in ast.walk(fn))

    def _is_property(self, path: str, qualified: str) -> bool:
        """``Cls.name`` of ``path`` is a getter: decorated ``@property`` or ``cached_property``."""
        cls_name, _, name = qualified.partition(".")
        tree = self.tree(path)
        cls = next((n for n in tree.body if type(n) is ast.ClassDef and n.name == cls_name), None) if tree else None
        return cls is not None and any(
            type(m) in (ast.FunctionDef, ast.AsyncFunctionDef) and m.name == name
            and any(dotted(x) in ("property", "functools.cached_property", "cached_property") for x in m.decorator_list)
            for m in cls.body)

    def _returned_method(self, path: str, made: str, method: str) -> tuple[str, str] | None:
        """``method`` of the class that ``made`` (a method, ``MAML.clone``, as written in ``path``)
        returns by its annotation (``def clone(self) -> Learner``), where the instance lives in
        a name of the caller (``learner = self.maml.clone()``, then ``learner.adapt_on(...)``;
        ``learner(x)``, written ``.forward``, runs the class's ``__call__``, else its forward).
        ``made`` may itself be a call the project model resolves (``attr:Opt.cmp.compute_state``,
        ``returns:...``): ``state = self.cmp.compute_state()``, ``store = state.lagrangian()``,
        then ``store.backward()``. Only a file whose text holds ``-> `` is parsed for it."""
        if ":" in made:
            hit = self.callee(path, made)
            found = (*hit, "method") if hit is not None and "." in hit[1] else None
        else:
            found = self._imported(path, made)
        if found is None or found[2] != "method":
            return None
        src = self.source(found[0])
        if src is None or src[1] is None or "->" not in src[1].text:
            return None
        cls_name, _, name = found[1].partition(".")
        fn = _method_node(self.tree(found[0]), cls_name, name)
        from neuron_migrate.checks.graph_breaks import _class_text

        text = _class_text(fn.returns) if fn is not None else ""
        held = self.base(found[0], text, 1) if text else None
        if held is None:
            return None
        for m in ("__call__", "forward") if method == "forward" else (method,):
            hit = self.method(held[0], held[1], m, 1)
            if hit is not None:
                return hit[:2]
        return None

    def _held_function(self, path: str, cls_name: str, attr: str) -> tuple[str, str] | None:
        """``self.attr(x)`` in ``cls_name`` of ``path``, where the ``__init__`` of the class or
        of a base (in any file; the nearest that stores ``self.attr``) stores a module-level
        function, by name or as a parameter's default (captum's ``self.gradient_func =
        compute_gradients``): that function, when it lies in another file than the caller.
        Dynamo inlines the call (constructs.py, "function held in an attribute the base's
        __init__ sets"). Only a file whose text holds ``self.attr =`` is parsed for it; the nearest
        ``__init__`` that stores anything else there answers None."""
        for p, name, s, cls in self._class_and_bases(path, cls_name):
            names = self._stored_names(p, attr) if "__init__" in cls[2] else None
            if names is not None:
                # parsed only when a bare name stored there, or a default given to that name,
                # is a function of the file or one it imports: timm's ``self.norm = norm_layer(dim)``
                # and ``norm_layer=LayerNorm`` parse nothing (else anything stored there stops)
                if not any(n in s.functions or (f := self._imported(p, n)) is not None and f[2] == "function"
                           for n in names):
                    return None
                held = _stored_function(_init_of(self.tree(p), name), attr)
                if held == "":  # something else: a bound method, a module, a parameter without a default
                    return None
                if held is not None:
                    if held in s.functions:
                        found = (p, held, "function")
                    else:
                        found = self._imported(p, held)
                    if found is None or found[2] != "function" or found[0] == path:
                        return None
                    return found[0], found[1]
        return None

    def registry(self, path: str, text: str) -> tuple[tuple[str, str], ...]:
        """``self.attr(x)`` written ``getter.forward`` (``self.attr = getter(...)`` in ``__init__``,
        ``getter`` a function ``path`` imports) where every ``return`` of ``getter`` is
        ``REGISTRY[...]``, ``REGISTRY`` a dict display its module binds once whose values all name
        functions, as graph_breaks' ``_function_tables`` reads them (torchdeq's ``self.f_solver =
        get_solver(...)``, ``return _solvers[key]``, ``_solvers = {'anderson': anderson_solver,
        ...}``): each of those functions, as (path, function), when in another file than the
        caller. The key is known at run time: Dynamo inlines the one it picks, so each is reached
        (as ``_function_picks`` for a table in the caller; held_out_22's ``anderson.py:107``,
        ``broyden.py:204``, ``fp_iter.py:74``)."""
        key = (path, f"registry:{text}")
        if key not in self._callees:
            found = self._imported(path, text[: -len(".forward")])
            out = self._registry_values(found[0], found[1]) if found is not None and found[2] == "function" else ()
            self._callees[key] = tuple(t for t in out if t[0] != path)
        return self._callees[key]

    def built(self, path: str, text: str) -> tuple[tuple[str, str], ...]:
        """``self.attr.m(...)`` written ``factory.m`` (``self.attr = factory(...)`` in the class,
        ``factory`` a function ``path`` imports) where every ``return`` of ``factory`` builds a
        class of the project or hands back a parameter unchanged (qqn-torch's ``build_oracle``:
        ``return LBFGSOracle(...)`` for "lbfgs", ``MomentumOracle()`` for "momentum", ``spec`` when
        given an instance): ``m`` of each class built, as (path, function), when in another file
        than the caller. The string is known at run time: Dynamo inlines the class it picks, so
        each is reached, as ``registry`` reaches each function of a table. Not a module's
        ``self.attr(x)`` (``.forward``): every module's forward is traced already, and linking each
        block a factory may build (diffusers' ``get_mid_block``) would count them all in the graphs."""
        key = (path, f"built:{text}")
        if key not in self._callees:
            head, _, method = text.rpartition(".")
            found = self._imported(path, head)
            out: list[tuple[str, str]] = []
            classes = self._factory_classes(*found[:2]) if found is not None and found[2] == "function" else ()
            for cpath, cls, _ in classes:
                hit = self.method(cpath, cls, method, 1)
                if hit is not None and hit[0] != path and hit[:2] not in out:
                    out.append(hit[:2])
            self._callees[key] = tuple(out)
        return self._callees[key]

    def _factory_classes(self, path: str, function: str) -> tuple[tuple[str, str, str], ...]:
        """The classes of the project that ``function`` of ``path`` builds in its ``return``
        statements (``built``); () unless every ``return`` builds one or returns a parameter. Only
        the function's own lines are parsed, and only when they return a call of a capitalised name
        (a cold timm scan would parse all of ``create_rope_embed``'s 1,400-line module again)."""
        key = (path, f"classes:{function}")
        if key not in self._callees:
            src = self.source(path)
            fn = _top_function(src[1].text, function) if src is not None and src[1] is not None else None
            params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)} if fn else set()
            out: list[tuple[str, str, str]] = []
            for node in all_nodes(fn) if fn is not None else ():
                if type(node) is not ast.Return:
                    continue
                v = node.value
                if type(v) is ast.Name and v.id in params:
                    continue
                hit = self.base(path, dotted(v.func), 1) if type(v) is ast.Call else None
                if hit is None:
                    out = []
                    break
                if hit not in out:
                    out.append(hit)
            self._callees[key] = tuple(out)
        return self._callees[key]

    def _registry_values(self, path: str, function: str) -> tuple[tuple[str, str], ...]:
        """The functions of ``path``'s module-level dict that ``function`` of ``path`` only ever
        returns an item of (``registry``); () unless every value names a function. Only a file whose
        text returns an item of a name it binds to a dict display (``return NAME[``, ``NAME = {``)
        is parsed for it."""
        key = (path, f"values:{function}")
        if key not in self._callees:
            src = self.source(path)
            text = src[1].text if src is not None and src[1] is not None else ""
            tables = {m.group(1) for m in _RETURNS_ITEM.finditer(text)} if "return" in text else set()
            self._callees[key] = tuple(self._registry_read(path, function)) if any(
                re.search(rf"^{re.escape(t)}[ \t]*(?::[^=\n]*)?=[ \t]*\{{", text, re.M) for t in tables) else ()
        return self._callees[key]

    def _registry_read(self, path: str, function: str) -> list[tuple[str, str]]:
        from neuron_migrate.checks.graph_breaks import _function_tables

        tree = self.tree(path)
        fn = next((n for n in (tree.body if tree is not None else ())
                   if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef) and n.name == function), None)
        returns = [n.value for n in all_nodes(fn) if type(n) is ast.Return] if fn is not None else []
        names = {v.value.id for v in returns if type(v) is ast.Subscript and type(v.value) is ast.Name}
        if not returns or len(names) != 1 or any(type(v) is not ast.Subscript for v in returns):
            return []
        s = self.summary(path)
        out: list[tuple[str, str]] = []
        for text in _function_tables(tree).get(names.pop(), ()) if s is not None else ():
            hit = (path, text, "function") if text in s.functions else self._imported(path, text)
            if hit is None or hit[2] != "function":
                return []
            if hit[:2] not in out:
                out.append(hit[:2])
        return out

    def _annotated(self, path: str, cls_name: str, attr: str, method: str) -> tuple[str, str] | None:
        """``self.attr.method(...)`` in ``cls_name``, where a base class in another file declares
        ``attr: Cls`` in its body (stable-baselines3's ``rollout_buffer: RolloutBuffer``): the
        method of ``Cls``; or whose ``__init__`` stores a parameter annotated ``Cls`` as
        ``self.attr`` (cooper's ``def __init__(self, cmp: ConstrainedMinimizationProblem)``, then
        ``self.cmp = cmp``). Only a file whose text holds ``attr:`` (or ``self.attr =``) is parsed for it."""
        from neuron_migrate.checks.graph_breaks import _class_text

        for p, name, _, _ in self._class_and_bases(path, cls_name):
            found = self.source(p)
            if found is None or found[1] is None:
                continue
            declared = f"{attr}:" in found[1].text
            # stored from a parameter annotated with a class (``self.cmp = cmp``, ``cmp: Problem``):
            # read from the text first, the file parsed only then
            stored = f"self.{attr} =" in found[1].text and self._annotated_store(p, found[1].text, attr)
            if declared or stored:
                node = next((n for n in (self.tree(p) or ast.Module(body=[])).body
                             if type(n) is ast.ClassDef and n.name == name), None)
                for stmt in node.body if node is not None and declared else ():
                    if type(stmt) is ast.AnnAssign and type(stmt.target) is ast.Name and stmt.target.id == attr:
                        ann = stmt.annotation
                        text = ann.value if type(ann) is ast.Constant and isinstance(ann.value, str) else dotted(ann)
                        held = self.base(p, text, 1) if text else None
                        hit = self.method(held[0], held[1], method, 1) if held else None
                        return hit[:2] if hit is not None else None
                init = next((n for n in node.body if type(n) is ast.FunctionDef and n.name == "__init__"),
                            None) if node is not None and stored else None
                param = next((a for stored_param, stored_attr in init_stores(init) if stored_attr == attr
                              for a in (*init.args.args, *init.args.kwonlyargs) if a.arg == stored_param),
                             None) if init is not None else None
                if param is not None:  # the nearest class storing self.attr answers, annotated or not
                    text = _class_text(param.annotation)
                    held = self.base(p, text, 1) if text else None
                    hit = self.method(held[0], held[1], method, 1) if held else None
                    return hit[:2] if hit is not None else None
        return None

    def _annotated_store(self, path: str, text: str, attr: str) -> bool:
        """The file stores a bare name as ``self.attr = name`` (or a name its default gives) and
        ``text`` annotates such a name with a class (``name: Cls``, ``name: "Cls"``, ``name:
        Optional[Cls]``, ``name: pkg.Cls``): its tree may answer ``_annotated``."""
        return any(_found(_ANNOTATED_CLASS, text, n, n, boundary=True, stop=True)
                   for n in self._stored_names(path, attr) or ())

    def _stored_names(self, path: str, attr: str) -> set[str] | None:
        """The bare names ``path`` stores as ``self.attr = name``, with the names given as their
        defaults (``norm_layer=LayerNorm``); None where its text stores nothing there. Read once
        per file and attribute (each class of the file, and its subclasses, ask)."""
        key = (path, attr)
        if key not in self._stored:
            src = self.source(path)
            text = src[1].text if src is not None and src[1] is not None else ""
            names = None
            if not _WORD_ONLY.fullmatch(attr):  # \w cannot read it as one word (a combining mark)
                if text and re.search(rf"self\.{re.escape(attr)}\s*=[^=]", text):
                    names = set(re.findall(rf"self\.{re.escape(attr)}[ \t]*=[ \t]*([^\W\d]\w*)[ \t]*(?:[#;].*)?$",
                                           text, re.M))
            elif text and _found(_STORES, text, f"self.{attr}", attr, stop=True):
                names = set(_found(_STORES_NAME, text, f"self.{attr}", attr))
            if names is not None:
                names |= {d for n in names for d in _found(_GIVES_DEFAULT, text, n, n, boundary=True)}
            self._stored[key] = names
        return self._stored[key]

    def _class_and_bases(self, path: str, cls_name: str):
        """(path, name, summary, class row) of ``cls_name`` and its bases in any file, nearest first."""
        todo, seen = [(path, cls_name)], set()
        while todo and len(seen) < 4 * MAX_DEPTH:
            p, name = todo.pop(0)
            if (p, name) in seen:
                continue
            seen.add((p, name))
            s = self.summary(p)
            cls = next((c for c in s.classes if c[0] == name), None) if s else None
            if cls is None:
                continue
            yield p, name, s, cls
            todo += [b[:2] for b in (self.base(p, t, 1) for t in cls[1]) if b is not None]

    def _passed_up(self, path: str, cls_name: str, attr: str) -> tuple[str, str] | None:
        """``self.attr(x)`` in ``cls_name``, whose ``__init__`` takes the module as a parameter
        that subclasses in other files pass up: ``super().__init__(backbone, rpn, ...)`` after
        ``rpn = RegionProposalNetwork(...)`` (torchvision's FasterRCNN to GeneralizedRCNN). The
        forward of the class they build, when every such subclass builds the same one."""
        if self._subclasses is None:  # base name as written -> (path, class) with its own __init__
            self._subclasses = {}
            for p, r in self.by_path.items():
                for c in r.summary.classes if r.summary is not None else ():
                    for b in c[1] if "__init__" in c[2] else ():
                        self._subclasses.setdefault(b.rpartition(".")[2], []).append((p, c[0]))
        subs = [(p, name) for p, name in self._subclasses.get(cls_name, ()) if p != path and any(
            (self.base(p, b, 1) or ())[:2] == (path, cls_name) for c in self.summary(p).classes
            if c[0] == name for b in c[1])]
        param = _init_param(self.tree(path), cls_name, attr) if subs and self._assigns_name(path, attr) else None
        if param is None:
            return None
        found = set()
        for p, name in subs:
            built = _built_for(self.tree(p), name, *param)
            cls = self.base(p, built, 1) if built else None
            hit = self.method(cls[0], cls[1], "forward", 1) if cls else None
            if hit is None:
                return None
            found.add(hit[:2])
        return found.pop() if len(found) == 1 else None

    def _assigns_name(self, path: str, attr: str) -> bool:
        """Whether the file's text can hold ``self.attr = name``: a warm scan parses no file
        whose text cannot (``_passed_up`` would parse it only to find nothing)."""
        found = self.source(path)
        if found is None or found[1] is None:
            return False
        # the pattern starts with the name, so that ``re`` looks for it literally (a leading
        # ``\b`` made it try every position: 5 ms for timm's vision_transformer.py); the word
        # boundary before it is checked at each match, which is tried from every start
        text = found[1].names_text
        pattern = re.compile(rf"{re.escape(attr)}[\s)\\]*=[\s(\\]*[^\W\d]\w*[\s)\\]*(?:[#;]|$)", re.MULTILINE)
        match = pattern.search(text)
        while match is not None:
            at = match.start()
            if at == 0 or not _WORD.match(text, at - 1):
                return True
            match = pattern.search(text, at + 1)
        return False

    def overrides(self, path: str, text: str) -> tuple[tuple[str, str, str], ...]:
        """For a method call on an instance (``solver.integrate(t)``, ``self.enc.step(x)``:
        ``Cls.m`` as written in ``path``) that a base class of ``Cls`` defines: the methods of
        ``Cls`` and of the classes between it and that base which override the base's
        (``_advance``, ``_before_integrate``), as (path, ``Class.method``, the overridden
        ``Base.method``). Where the base's traced code calls ``self._advance(t)``, it runs them."""
        key = (path, f"overrides:{text}")
        if key not in self._callees:
            self._callees[key] = self._overrides(path, text)
        return self._callees[key]

    def _overrides(self, path: str, text: str) -> tuple[tuple[str, str], ...]:
        owner, _, method = text.rpartition(".")
        if not owner or text.startswith(HANDED):
            return ()
        if text.startswith("self:"):  # super().forward(x): the base's method runs on this class's instance
            receiver = self.base(path, owner[5:], 1)
            return tuple(self._overrides_of(receiver, method, above=True)) if receiver else ()
        if text.startswith(FUNCTION_IMPORT):  # opt.step(...), opt built from a class the caller imports itself
            level, module, name, rest = text[len(FUNCTION_IMPORT):].split(":", 3)
            rest, _, method = rest.lstrip(".").rpartition(".")
            if not method:
                return ()
            target = self.absolute(path, int(level), module, name)
            receiver = self.find(f"{target}.{rest}" if rest else target, stars=True)
            return tuple(self._overrides_of(receiver, method)) if receiver and receiver[2] == "class" else ()
        receivers = self.picked(path, owner[:-2]) if owner.endswith("()") else [self.base(path, owner, 1)]
        out = []
        for receiver in receivers:
            out += [o for o in self._overrides_of(receiver, method) if o not in out] if receiver else []
        return tuple(out)

    def _overrides_of(self, receiver: tuple[str, str, str], method: str, above: bool = False
                      ) -> list[tuple[str, str, str]]:
        """``above``: the call is ``self:Cls.method``, a base's method called on the receiver's
        instance; where the receiver's class defines ``method`` too, the call is ``super().method``
        and the base's runs (PAUCAtBudgetLoss.forward's ``super().forward(...)``, whose base then
        calls ``self._compute_per_class``, PAUCAtBudgetLoss's). Only then: ``self.propagate()`` of
        a base that the class does not override keeps today's answer."""
        lineage, todo = [], [receiver]  # the receiver's classes, most derived first
        while todo and len(lineage) < 4 * MAX_DEPTH:
            c = todo.pop(0)
            if c[:2] in lineage:
                continue
            lineage.append(c[:2])
            s = self.summary(c[0])
            cls = next((k for k in s.classes if k[0] == c[1]), None) if s else None
            todo += [b for b in (self.base(c[0], t, 1) for t in cls[1] if cls) if b is not None]
        methods = {}
        for cpath, name in lineage:
            cls = next(k for k in self.summary(cpath).classes if k[0] == name)
            methods[(cpath, name)] = cls[2]
        if above and method not in methods[lineage[0]]:
            return []  # self.propagate(...) of a base's method: not a super() call (the class would run its own)
        defining = next((i for i, c in enumerate(lineage) if method in methods[c] and (i or not above)), None)
        if not defining:  # not found, or the receiver's own method: nothing overrides it
            return []
        inherited = {}  # method -> the nearest base at or above the defining class with it
        for c in lineage[defining:]:
            for m in methods[c]:
                inherited.setdefault(m, f"{c[1]}.{m}")
        out, seen = [], set()
        for i, (cpath, name) in enumerate(lineage[:defining]):
            for m in methods[(cpath, name)]:
                if m in seen or m.startswith("__") or above and m == method:
                    continue
                seen.add(m)
                # overridden, or defined only below the base (its self.m() is a "virtual:" call);
                # a class between them that defines it too calls it as its own (pml's
                # GenericPairLoss._compute_loss, which NTXentLoss overrides)
                between = next((f"{c[1]}.{m}" for c in lineage[i + 1:defining] if m in methods[c]), None)
                bases = [inherited[m]] if m in inherited else [f"{c[1]}.{m}" for c in lineage[defining:]]
                out.extend((cpath, f"{name}.{m}", base) for base in ([between] if between else []) + bases)
        return out

    def compiled(self, path: str, built: str, arg: str, method: str) -> tuple[str, str] | None:
        """(path, function) ``torch.compile`` traces for a model built in ``path`` by ``built``
        (as written: a class or a factory, imported) with the string argument ``arg``."""
        key = (path, built, arg, method)
        if key not in self._compiled:
            self._compiled[key] = self._resolve_compiled(path, built, arg, method)
        return self._compiled[key]

    def compiled_all(self, path: str, built: str, arg: str, method: str) -> tuple[tuple[str, str], ...]:
        """Every (path, function) ``torch.compile`` in ``path`` may trace: ``compiled``'s answer,
        or for ``torch.compile(self.m)`` in a method of class ``C`` (``built`` written
        ``self:C``) the ``m`` that ``self`` runs, of any class at or below ``C`` in the
        project's other files (``_compiled_self``)."""
        from neuron_migrate.checks.tracing import ENTRY_OF, IN_PLACE_OF, WRAPPER_OF

        if built.startswith(IN_PLACE_OF):  # model.compile(), unless the class defines a compile of its own;
            # m.forward = torch.compile(m.forward) has its own row beside this one
            kind, _, built = built[len(IN_PLACE_OF):].partition(":")
            hit = self.compiled(path, built, arg, method) if kind == "module" and \
                self.compiled(path, built, arg, "compile") is None else None
            return (hit,) if hit is not None else ()
        if built.startswith(WRAPPER_OF):  # a method called on torch.compile's wrapper (NM127): nothing traced
            return ()
        if built.startswith(ENTRY_OF):  # a named entry a base of another file defines, or of a class imported
            cls = self.base(path, built[len(ENTRY_OF):], 1)
            hit = self.method(cls[0], cls[1], method) if cls is not None else None
            return (hit[:2],) if hit is not None and hit[0] != path else ()
        if built.startswith("self:"):
            key = (path, built, arg, method)
            if key not in self._compiled:
                self._compiled[key] = self._compiled_self(path, built[5:], method)
            return self._compiled[key]
        hit = self.compiled(path, built, arg, method)
        return (hit,) if hit is not None else ()

    def _compiled_self(self, path: str, cls_name: str, method: str) -> tuple[tuple[str, str], ...]:
        """``torch.compile(self.m)`` in a method of ``cls_name`` (open_clip's task compiles
        ``self.training_forward``): the bound method of the instance at hand is traced, so the
        ``m`` that class inherits from a base of another file (not one that only raises:
        ``_abstract``), and the overrides of ``m`` by the project's subclasses of ``cls_name`` in
        other files (its own file's are the per-file analysis's)."""
        from neuron_migrate.checks.graph_breaks import _abstract

        out = []
        hit = self.method(path, cls_name, method)
        if hit is not None and hit[0] != path:
            owner, _, name = hit[1].partition(".")
            node = next((n for n in (self.tree(hit[0]) or ast.Module(body=[])).body
                         if type(n) is ast.ClassDef and n.name == owner), None)
            fn = next((m for m in node.body if type(m) in (ast.FunctionDef, ast.AsyncFunctionDef)
                       and m.name == name), None) if node is not None else None
            if fn is not None and not _abstract(fn):
                out.append(hit[:2])
        return (*out, *self._overriding(path, cls_name, method, path))

    def _overriding(self, path: str, cls_name: str, method: str, skip: str) -> tuple[tuple[str, str], ...]:
        """``method`` of each class of the project below ``cls_name`` of ``path`` (in any file but
        ``skip``) that defines it, as (path, ``Class.method``)."""
        below: dict[tuple[str, str], bool] = {(path, cls_name): True}

        def derives(key: tuple[str, str], depth: int = 0) -> bool:
            if key not in below:
                below[key] = False  # a cycle of bases is no subclass
                s = self.summary(key[0])
                cls = next((c for c in s.classes if c[0] == key[1]), None) if s else None
                below[key] = depth <= MAX_DEPTH and cls is not None and any(
                    b is not None and derives(b[:2], depth + 1) for b in (self.base(key[0], t, 1) for t in cls[1]))
            return below[key]

        out = []
        for p in sorted(self.by_path):
            s = self.summary(p) if p != skip and not is_library(p) and self._may_define(p, method) else None
            for name, bases, methods in s.classes if s is not None else ():
                if method in methods and bases and (p, name) != (path, cls_name) and derives((p, name)):
                    out.append((p, f"{name}.{method}"))
        return tuple(out)

    def implementations(self, path: str, text: str, hit: tuple[str, str]) -> tuple[tuple[str, str], ...]:
        """For a call written ``text`` in ``path`` that reaches ``hit``, a method that only declares
        itself (``_declared_only``): the overrides of the project's classes below its class, in any
        file but the caller's (its own are the per-file analysis's), which run instead
        (bayesian-changepoint's ``likelihood_model.pdf(x)`` on a parameter annotated with the
        abstract ``BaseLikelihood``, whose subclasses define ``pdf`` in its file). The instance is
        known at run time: Dynamo inlines its class's."""
        key = (path, f"implemented:{text}")
        if key not in self._callees:
            cls_name, _, method = hit[1].partition(".")
            # parsed only where a class below it by name defines the method (most calls reach none)
            # and the file's text can declare one
            fn = _method_node(self.tree(hit[0]), cls_name, method) if (
                method and not is_library(hit[0]) and self._defined_below(cls_name, method)
                and self._declaring(hit[0])) else None
            self._callees[key] = (self._overriding(hit[0], cls_name, method, path)
                                  if fn is not None and _declared_only(fn) else ())
        return self._callees[key]

    def _declaring(self, path: str) -> bool:
        """Whether the text of ``path`` holds ``NotImplementedError`` or ``abstractmethod``."""
        key = (path, "declaring")
        if key not in self._callees:
            src = self.source(path)
            text = src[1].text if src is not None and src[1] is not None else ""
            self._callees[key] = ("NotImplementedError" in text or "abstractmethod" in text,)
        return self._callees[key][0]

    def _defined_below(self, cls_name: str, method: str) -> bool:
        """Whether a class of the project's analysed files below ``cls_name``, by the names its
        bases are written with, defines ``method``: a test before ``_overriding`` resolves them."""
        if self._named_bases is None:  # a base's name as written -> the classes naming it, with their methods
            self._named_bases = {}
            for p, r in self.by_path.items():
                for name, bases, methods in r.summary.classes if r.summary is not None and not is_library(p) else ():
                    for b in bases:
                        self._named_bases.setdefault(b.rpartition(".")[2], []).append((name, methods))
        names, todo = {cls_name}, [cls_name]
        while todo and len(names) < 64:
            for name, methods in self._named_bases.get(todo.pop(), ()):
                if method in methods:
                    return True
                if name not in names:
                    names.add(name)
                    todo.append(name)
        return False

    def _may_define(self, path: str, method: str) -> bool:
        """False when ``path`` has no summary yet (no check parsed it) and its text cannot define
        ``method``: ASCII text without ``def`` and the name after it (only spaces and line
        continuations between them); its summary would be parsed for nothing (timm's
        ``torch.compile(self.model)``: 39 files parsed for their classes, 35 ms)."""
        r = self.by_path.get(path)
        if path in self._summaries or r is None or r.summary is not None:
            return True
        found = self.source(path)
        text = found[1].text if found is not None and found[1] is not None else None
        return (text is None or not text.isascii()
                or method in text and re.search(rf"def[\s\\]+{re.escape(method)}", text) is not None)

    def _resolve_compiled(self, path: str, built: str, arg: str, method: str) -> tuple[str, str] | None:
        root, _, rest = built.partition(".")
        s = self.summary(path)
        for local, level, module, name in s.imports if s else ():
            if local != root:
                continue
            target = self.absolute(path, level, module, name)
            found = self.find(f"{target}.{rest}" if rest else target)
            if found is not None and found[2] == "method":  # Cls.from_pretrained(...): an alternative constructor
                owner, _, constructor = f"{target}.{rest}".rpartition(".")
                found = self.find(owner) if constructor.startswith("from_") else None
            if found is None or found[0] == path:
                return None
            if found[2] == "function" and not method:  # the imported function itself, compiled
                return found[0], found[1]
            if found[2] == "function":  # a factory: the class it returns
                found = self.returned_class(found[0], found[1], arg)
            if found is None or found[2] != "class":
                return None
            hit = self.method(found[0], found[1], method)
            return (hit[0], hit[1]) if hit else None
        return None

    def returned_class(self, path: str, function: str, arg: str = "", depth: int = 0) -> tuple[str, str, str] | None:
        """The class a factory function builds: its return annotation (``-> VisionTransformer``),
        the class it returns a call of, or (a registry: ``create_model("vit_base")``) the class
        the package's function named ``arg`` builds."""
        if depth > 3:
            return None
        facts = self.facts(path)
        texts = dict(facts.returns).get(function) if facts is not None else None
        if texts is None:
            return None
        for text in texts:
            found = self.base(path, text, 1)
            if found is not None:
                return found
            s = self.summary(path)
            if s is not None and text in s.functions and text != function:  # return _create_vit(...)
                found = self.returned_class(path, text, "", depth + 1)
                if found is not None:
                    return found
        if arg and arg.isidentifier() and self.libraries is not None and is_library(path):
            return self.registered(path, arg, depth)
        return None

    def registered(self, path: str, name: str, depth: int) -> tuple[str, str, str] | None:
        """The class built by the function ``name`` of the package holding ``path`` (a model
        registry: timm's ``@register_model def vit_base_patch16_224(...) -> VisionTransformer``)."""
        from neuron_migrate.runner import read_source

        needle = f"def {name}(".encode()
        for key, where in self.libraries.files_of(shown(path).split("/")[0]):
            try:
                if needle not in read_source(where):
                    continue
            except OSError:
                continue
            found = self.returned_class(key, name, "", depth + 1)
            if found is not None:
                return found
        return None


def _digest(data: bytes) -> bytes:
    """``cache.digest``, its module imported only when a cache keeps a file's facts (a scan with
    ``--no-cache`` imports none of the cache's modules in its main process)."""
    from neuron_migrate.cache import digest

    return digest(data)


def _found(pattern: re.Pattern, text: str, literal: str, word: str, boundary: bool = False,
           stop: bool = False) -> list[str]:
    """``re.findall`` of ``pattern`` with its first group, ``(\\w+)``, written as ``word``
    instead (``\\b`` before it when ``boundary``), for a ``pattern`` that starts with
    ``literal`` (``self.`` and the group, or the group alone): the last group of each match
    (the first only with ``stop``). The same matches: ``\\w+`` takes the whole word, and the
    pattern matches only where a character that is no word character follows it; one
    compiled pattern for every word, and ``str.find`` for the places, where a pattern per word
    cost a compilation each (timm: 211 in the project step) and one with a leading ``\\b``
    tried every position of the text."""
    out: list[str] = []
    at = text.find(literal)
    while at >= 0:
        match = pattern.match(text, at)
        if match is not None and match.group(1) == word and (not boundary or at == 0 or not _WORD.match(text, at - 1)):
            out.append(match.group(match.re.groups))
            if stop:
                break
            at = text.find(literal, match.end())
        else:
            at = text.find(literal, at + 1)
    return out


def _method_node(tree: ast.Module | None, cls_name: str, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The method ``name`` a top-level class ``cls_name`` of ``tree`` defines in its own body."""
    cls = next((n for n in tree.body if type(n) is ast.ClassDef and n.name == cls_name), None) if tree else None
    return next((n for n in cls.body if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef) and n.name == name),
                None) if cls else None


def _declared_only(fn: ast.AST) -> bool:
    """A method that only declares itself: ``@abstractmethod``, or a body (its docstring aside)
    that raises ``NotImplementedError``. Not one that does nothing (``pass``): a base may run it."""
    if any(dotted(dec).rpartition(".")[2] == "abstractmethod" for dec in fn.decorator_list):
        return True
    body = [s for s in fn.body if not (type(s) is ast.Expr and type(s.value) is ast.Constant)]
    return len(body) == 1 and type(body[0]) is ast.Raise and body[0].exc is not None and dotted(
        body[0].exc.func if type(body[0].exc) is ast.Call else body[0].exc) == "NotImplementedError"


def _top_function(text: str, name: str) -> ast.FunctionDef | None:
    """The module-level ``def name`` of ``text``, parsed from its own lines alone (up to the next
    line that starts at the margin), when they return a call of a capitalised name; else None."""
    found = re.search(rf"^def[ \t]+{re.escape(name)}[ \t]*\(", text, re.M)
    if found is None:
        return None
    end = _AT_MARGIN.search(text, found.end())
    segment = text[found.start(): end.start() if end is not None else len(text)]
    if _RETURNS_CLASS.search(segment) is None:
        return None
    try:
        node = ast.parse(segment).body[0]
    except (SyntaxError, ValueError, RecursionError, MemoryError, IndexError):
        return None  # a string at the margin inside it, say: not read
    return node if type(node) is ast.FunctionDef else None


def _init_of(tree: ast.Module | None, cls_name: str) -> ast.FunctionDef | None:
    return _method_node(tree, cls_name, "__init__")


def _stored_function(init: ast.FunctionDef | None, attr: str) -> str | None:
    """The name ``__init__`` stores as ``self.attr = name`` (the last such statement of its body's
    top level), or, when ``name`` is a parameter, the name its default gives; "" when it stores
    anything else there (a parameter without such a default among them); None when it stores nothing."""
    found = None
    for node in init.body if init is not None else ():
        if (type(node) is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Attribute
                and node.targets[0].attr == attr and type(node.targets[0].value) is ast.Name
                and node.targets[0].value.id == "self"):
            found = node.value.id if type(node.value) is ast.Name else ""
    if not found:
        return found
    args = init.args
    positional = [*args.posonlyargs, *args.args]
    defaults = {a.arg: v for a, v in zip(positional[len(positional) - len(args.defaults):], args.defaults)}
    defaults.update((a.arg, v) for a, v in zip(args.kwonlyargs, args.kw_defaults) if v is not None)
    if found in {a.arg for a in (*positional, *args.kwonlyargs)}:
        value = defaults.get(found)
        return value.id if type(value) is ast.Name and value.id != "None" else ""
    return found


def _init_param(tree: ast.Module | None, cls_name: str, attr: str) -> tuple[str, int] | None:
    """(parameter, its position after ``self``) that ``__init__`` stores as ``self.attr = parameter``."""
    init = _init_of(tree, cls_name)
    names = [a.arg for a in init.args.args[1:]] if init else []
    return next(((param, names.index(param)) for param, stored in init_stores(init)
                 if stored == attr and param in names), None)


def _built_for(tree: ast.Module | None, cls_name: str, param: str, position: int) -> str | None:
    """The class, as written, that ``cls_name.__init__`` builds and passes up as ``param``:
    ``super().__init__(..., x, ...)`` (or ``param=x``) after ``x = Cls(...)``, or ``Cls(...)`` in place."""
    init = _init_of(tree, cls_name)
    built: dict[str, str] = {}
    for node in ast.walk(init) if init else ():
        if (type(node) is ast.Assign and type(node.value) is ast.Call and len(node.targets) == 1
                and type(node.targets[0]) is ast.Name):
            built.setdefault(node.targets[0].id, dotted(node.value.func))
    for node in ast.walk(init) if init else ():
        f = node.func if type(node) is ast.Call else None
        if not (type(f) is ast.Attribute and f.attr == "__init__" and type(f.value) is ast.Call
                and dotted(f.value.func) == "super"):
            continue
        arg = next((k.value for k in node.keywords if k.arg == param), None)
        if arg is None and position < len(node.args) and not any(type(a) is ast.Starred for a in node.args):
            arg = node.args[position]
        if type(arg) is ast.Call:
            return dotted(arg.func) or None
        return built.get(arg.id) if type(arg) is ast.Name else None
    return None


def _returns(tree: ast.Module) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """For each function of the module's top level (the first of a name), the class texts it
    may return: its return annotation and the callees of its ``return`` calls."""
    out: dict[str, tuple[str, ...]] = {}
    for fn in tree.body:
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name not in out:
            texts = [dotted(fn.returns)] if fn.returns is not None else []
            returned = [n.value for n in all_nodes(fn) if isinstance(n, ast.Return) and n.value is not None]
            texts += [dotted(v.func) for v in returned if isinstance(v, ast.Call)]
            # a class itself (``return Euler``: a factory that picks a class), marked "="
            texts += [f"={t}" for t in map(dotted, returned) if t.rpartition(".")[2][:1].isupper()]
            out[fn.name] = tuple(filter(None, texts))
    return tuple(out.items())


ROUNDS = 6  # hops across files followed from traced code


def spec(path: str, function: str) -> str:
    return f"{shown(path)}:{function}"


def _entry_of(r: FileResult) -> dict[str, str]:
    """function -> the entry it is traced for: its own name when it is traced for its own
    sake (a forward, a compiled function, a named entry), the entry of another file it is
    reached from, or the entry of the in-file caller that made it traced."""
    out: dict[str, str] = {}
    todo = [(f.name, f.origin.split(" through ")[0] if f.origin else spec(r.path, f.name))
            for f in r.traced if not f.why.startswith("called from ")]
    by_name = {f.name: f for f in r.traced}
    while todo:
        name, entry = todo.pop(0)
        if name in out or name not in by_name:
            continue
        out[name] = entry
        todo += [(c, entry) for c in by_name[name].calls]
    return out


def _compiled_specs(results: dict[str, FileResult]) -> set[str]:
    """The entries that are compiled: named by --entry/compile-entries or a torch.compile target."""
    return {spec(r.path, f.name) for r in results.values() for f in r.traced
            if f.entry or f.why.startswith("compiled with")}


class Followed:
    """What following found: the functions traced from other files (``roots``: (path,
    function, origin), as ``Options.traced_roots``), ``links`` between traced functions of
    different files ((caller path, caller, callee path, callee, line)), the installed
    libraries' files analysed (key -> result), and for each library function the user's call
    site that reaches it ((path, line), project/libraries.py keys): every site that follows into it."""

    def __init__(self) -> None:
        self.roots: tuple[tuple[str, str, str], ...] = ()
        self.links: list[tuple[str, str, str, str, int]] = []
        self.libraries: dict[str, FileResult] = {}
        self.sites: dict[tuple[str, str], list[tuple[str, int]]] = {}
        self.versions: dict[str, str] = {}
        self.landed: dict[str, list[Finding]] = {}  # path -> library findings at its lines (at_call_sites)
        self.cuda_only: tuple[tuple[str, str], ...] = ()  # Options.cuda_only, set by the runner
        self.outside: tuple[tuple, tuple, tuple] | None = ((), (), ())  # Project.outside, when done


def extra_roots(files: list[FileResult], root: Path, known: set[tuple[str, str]] = frozenset(),
                project: Project | None = None, options=None) -> dict[str, dict[str, str]]:
    """path -> {function: origin} for functions that traced code of another file calls (or
    that torch.compile in another file targets) and that are not traced in their own file yet
    (nor in ``known``). The origin names the entry the caller is traced for, and the caller
    when it is another function ("model.py:Net.forward through layers.py:Block.forward")."""
    from neuron_migrate.checks.tracing import COMPILE_ENTRY, COMPILED_AT, ENTRY_OF  # not for a warm scan

    project = project or Project(files, root)
    functions = {(r.path, f.name): f for r in files for f in r.traced}
    traced = set(functions) | set(known)
    compiled = _compiled_specs({r.path: r for r in files})
    out: dict[str, dict[str, str]] = {}
    for r in files:
        for built, arg, method, line in r.summary.compiled if r.summary else ():
            for hit in project.compiled_all(r.path, built, arg, method):
                if not _may_follow(hit[0], r.path, True, options):
                    continue
                compiled.add(spec(*hit))  # traced already (a forward): compiled all the same
                if hit not in traced:
                    out.setdefault(hit[0], {}).setdefault(hit[1], f"{COMPILE_ENTRY}{arg}" if built.startswith(
                        ENTRY_OF) else f"{COMPILED_AT}{shown(r.path)}:{line}")
    for hit, origin in _handed_to_compilers(files, project):
        if _may_follow(hit[0], hit[0], True, options):
            compiled.add(spec(*hit))
            if hit not in traced:
                out.setdefault(hit[0], {}).setdefault(hit[1], origin)
    for r in files:
        if r.summary is None:
            continue
        entries = None  # made when a call reaches a function not traced yet: most do not
        for caller, _line, target in _calls_to(project, r, functions, lambda t: t not in traced):
            entries = _entry_of(r) if entries is None else entries
            entry = entries.get(caller, spec(r.path, caller))
            if not _may_follow(target[0], r.path, entry in compiled, options):
                continue
            here = spec(r.path, caller)
            out.setdefault(target[0], {}).setdefault(target[1], entry if entry == here else f"{entry} through {here}")
        for name, hit in _inherited_forwards(r, project, functions):
            for target in _dispatched(project, r.path, f"{name}.forward", hit, functions):
                if target not in traced:
                    out.setdefault(target[0], {}).setdefault(target[1], f"{spec(r.path, name)} through {spec(*hit)}")
    return out


def _handed_to_compilers(files: list[FileResult], project: Project) -> list[tuple[tuple[str, str], str]]:
    """((path, function), origin) for each function a project file hands to a compiler of another
    file (``Summary.compilers``: ``CudaGraphWrapper(self.compute_critic_grad)``, ``maybe_compile(step)``),
    the origin naming the compile. Only the files importing a compiler are parsed again, once a scan."""
    from neuron_migrate.checks.tracing import COMPILED_AT  # not for a warm scan

    if project._handed is not None:
        return project._handed
    compilers = {(r.path, c[0]): c[1:] for r in files if r.summary is not None and not is_library(r.path)
                 for c in r.summary.compilers}
    out: list[tuple[tuple[str, str], str]] = []
    for r in files if compilers else ():
        if r.summary is None or is_library(r.path):
            continue
        local = {}  # the name a compiler is imported as -> (its file, position, parameter, line)
        for name, level, module, imported in r.summary.imports:
            found = project.find(project.absolute(r.path, level, module, imported))
            if found is not None and found[0] != r.path and found[:2] in compilers:
                local[name] = (found[0], *compilers[found[:2]])
        tree = project.tree(r.path) if local else None
        for cls, fn, nodes in _scopes(tree) if tree is not None else ():
            for call in (n for n in nodes if type(n) is ast.Call and type(n.func) is ast.Name and n.func.id in local):
                where, position, param, line = local[call.func.id]
                out.extend((hit, f"{COMPILED_AT}{shown(where)}:{line}")
                           for hit in _handed_functions(project, r, cls, fn, handed_argument(call, position, param)))
    project._handed = out
    return out


def _handed_functions(project: Project, r: FileResult, cls: ast.ClassDef | None, fn: ast.AST,
                      arg: ast.AST | None) -> tuple[tuple[str, str], ...]:
    """The functions ``arg``, handed by a call in ``fn`` (a method of ``cls``, a module-level
    function, or the module), may be: a module-level function of the file, a function ``fn``
    defines (a training step: ``update = compile_with_warmup(update)``), or ``self.m``, the bound
    method of the instance at hand (its class's, or a subclass's override)."""
    if type(arg) is ast.Name:
        if type(fn) is not ast.Module and defined_once(fn, arg.id) is not None:
            owner = f"{cls.name}.{fn.name}" if cls is not None else fn.name
            return ((r.path, f"{owner}.<locals>.{arg.id}"),)
        return ((r.path, arg.id),) if arg.id in r.summary.functions else ()
    if (cls is not None and type(arg) is ast.Attribute and type(arg.value) is ast.Name and arg.value.id == "self"
            and fn.args.args and fn.args.args[0].arg == "self"):
        found = project.method(r.path, cls.name, arg.attr)
        return (*([found[:2]] if found is not None else []), *project._overriding(r.path, cls.name, arg.attr, ""))
    return ()


def _scopes(tree: ast.Module) -> Iterator[tuple[ast.ClassDef | None, ast.AST, list[ast.AST]]]:
    """(class or None, scope, its nodes) for the module's own statements, its functions and the
    methods of its classes (each with the functions it defines)."""
    yield None, tree, own_nodes(tree)
    for node in tree.body:
        if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef):
            yield None, node, all_nodes(node)
        elif type(node) is ast.ClassDef:
            yield from ((node, m, all_nodes(m)) for m in node.body if type(m) in (ast.FunctionDef, ast.AsyncFunctionDef))


def _inherited_forwards(r: FileResult, project: Project, functions: dict) -> list[tuple[str, tuple[str, str]]]:
    """(class, (path, forward)) for the classes of a project file that inherit a traced
    forward from a base of another file (pml's NTXentLoss, BaseMetricLossFunction.forward):
    Dynamo traces that forward with ``self`` the subclass, so its ``self.compute_loss()`` runs
    the subclass's override (constructs.py, "inherited forward calls an override")."""
    out = []
    for name, _bases, methods in r.summary.classes if r.summary and not is_library(r.path) else ():
        if "forward" not in methods and _bases:
            hit = project.method(r.path, name, "forward")
            if hit is not None and hit[0] != r.path and hit[:2] in functions:
                out.append((name, hit[:2]))
    return out


def _tensor_roots(files: list[FileResult], project: Project, roots: list[tuple[str, str, str]]
                  ) -> list[tuple[str, str, str]]:
    """The parameters of traced functions that a traced caller of another file passes tensors
    (``Summary.tensor_args``), as roots whose origin says which (``TENSOR_ARGS``): the callee's
    analysis takes them as tensors, as it does for a caller of its own file. A root that makes
    no parameter a tensor that was not one already (``Summary.open_params``) is left out: the
    callee's file would be analysed again to the same result."""
    from neuron_migrate.checks.tracing import TENSOR_ARGS

    traced = {(r.path, f.name) for r in files for f in r.traced} | {(p, n) for p, n, o in roots
                                                                   if not o.startswith(TENSOR_ARGS)}
    summaries = {r.path: r.summary for r in files}
    out = []
    for r in files:
        for _caller, text, _line, positions, keywords in r.summary.tensor_args if r.summary else ():
            hit = project.callee(r.path, text)
            for target in (hit, *project.receivers(r.path, text)[1:]) if hit is not None else ():
                root = (*target, f"{TENSOR_ARGS}{','.join(map(str, positions))};{','.join(keywords)}")
                if target in traced and root not in out and _opens(summaries.get(target[0]), target[1],
                                                                   positions, keywords):
                    out.append(root)
    return sorted(out)


def _sets(value: str, default: str) -> bool:
    """Whether an argument (``Summary.given_args``' value) may turn on a branch its parameter's
    default (its repr, "" for none) turns off: any value but a False/0 constant, which changes
    only a None default (``if lo is not None`` with ``lo=0``) or a constant one it is compared with."""
    return value in ("*", "closure") or default == "None" or default not in ("", "False", "0", "0.0", "''")


def _closure_roots(files: list[FileResult], project: Project) -> list[tuple[str, str, str]]:
    """The functions of other files that a traced optimizer step hands its ``closure``
    (``Summary.given_args``' "closure" values: ncg-optimizer's ``BASIC.step`` calls
    ``Armijo(closure, p, ...)`` of ``Line_Search.py``), as roots whose origin says which
    parameters (``CLOSURE_ARGS``): the callee's analysis reports its calls of them."""
    from neuron_migrate.checks.tracing import CLOSURE_ARGS

    out = []
    for r in files:
        for _caller, text, _line, args in r.summary.given_args if r.summary else ():
            keys = [k for k, v in args if v == "closure"]
            hit = project.callee(r.path, text) if keys else None
            if hit is not None:
                root = (*hit, f"{CLOSURE_ARGS}{','.join(k for k in keys if k.isdigit())};"
                              f"{','.join(k for k in keys if not k.isdigit())}")
                if root not in out:
                    out.append(root)
    return sorted(out)


def _given_roots(files: list[FileResult], project: Project, roots) -> list[tuple[str, str, str]]:
    """The parameters of traced functions that their file judged off by default
    (``Summary.off_params``: ``if value_range is not None:`` with ``value_range=None``) and that
    a traced caller of another file sets (``Summary.given_args``), as roots whose origin says
    which and to what (``GIVEN_ARGS``): whether a parameter is set is a fact of the project, not
    of the file (piqa's metrics pass ``assert_type`` a ``value_range``). Only what no root of
    ``roots`` gives yet: the file is analysed again for a parameter newly set, not for each caller."""
    from neuron_migrate.checks.tracing import GIVEN_ARGS

    offs = {(r.path, fn): (params, names) for r in files if r.summary for fn, params, names in r.summary.off_params}
    if not offs:
        return []
    leaves = {fn.rpartition(".")[2] for _, fn in offs}
    given: dict[tuple[str, str], set[tuple[str, str]]] = {}  # one root per function: what every caller sets
    for r in files:
        for _caller, text, _line, args in r.summary.given_args if r.summary else ():
            if text.rpartition(".")[2] not in leaves:
                continue
            hit = project.callee(r.path, text)
            for target in (hit, *project.receivers(r.path, text)[1:]) if hit is not None else ():
                params, defaults = offs.get(target, ((), ()))
                defaults = dict(defaults)
                given.setdefault(target, set()).update(
                    (name, v) for k, v in args if (name := params[int(k)] if k.isdigit() and int(k) < len(params)
                                                  else k) in defaults and _sets(v, defaults[name]))
    for path, name, origin in roots:
        if origin.startswith(GIVEN_ARGS) and (path, name) in given:
            given[(path, name)].difference_update(tuple(p.split("=", 1)) for p in origin[len(GIVEN_ARGS):].split(";"))
    return sorted((*target, GIVEN_ARGS + ";".join(f"{n}={v}" for n, v in sorted(pairs)))
                  for target, pairs in given.items() if pairs)


def _opens(summary, name: str, positions: tuple[int, ...], keywords: tuple[str, ...]) -> bool:
    """Whether tensors passed at ``positions`` and ``keywords`` make a parameter of the traced
    function ``name`` a tensor that its file's analysis (``summary``) did not take as one."""
    if summary is None:
        return True  # not known: analyse again
    for fn, params, open_ in summary.open_params:
        if fn == name:
            given = {params[i] for i in positions if i < len(params)}.union(keywords)
            return not given.isdisjoint(open_)
    return False


def _validated_roots(files: list[FileResult], project: Project, traced: set[tuple[str, str]]
                     ) -> list[tuple[str, str, str]]:
    """For the traced calls that build a pydantic model of another file (torchsurv's
    ``SurvivalInputs(event=..., time=...)``): a root of the caller whose origin names the class
    (``VALIDATED``: the caller's analysis reports the construction as a break, pydantic-core's
    validation is compiled code Dynamo does not trace), and the model's validators, which run
    on construction as frames Dynamo compiles on their own (constructs.py, "pydantic model
    built in traced code")."""
    from neuron_migrate.checks.tracing import VALIDATED
    out = []
    for r in files:
        for caller, text, _line in r.summary.calls if r.summary else ():
            if ":" in text or "(" in text or is_library(r.path):
                continue
            found = project.validators(r.path, text)
            if found is None:
                continue
            root = (r.path, caller, f"{VALIDATED}{text}")
            if root not in out:
                out.append(root)
            for target in found:
                if target not in traced and not is_library(target[0]) and all(o[:2] != target for o in out):
                    out.append((*target, f"{spec(r.path, caller)} (validators of {text})"))
    return out


def _dict_roots(files: list[FileResult], project: Project) -> list[tuple[str, str, str]]:
    """For the traced calls that build a class of another file that is a TypedDict with optional
    keys (pyro's ``Message(...)``), a root of the caller whose origin names it (``OPTIONAL_DICT``):
    the caller's analysis reports the call as a break."""
    from neuron_migrate.checks.tracing import OPTIONAL_DICT
    out = []
    for r in files:
        for caller, text, _line in r.summary.calls if r.summary else ():
            if ":" in text or "(" in text:
                continue
            found = project.optional_dict(r.path, text)
            root = (r.path, caller, f"{OPTIONAL_DICT}{text}")
            if found and root not in out:
                out.append(root)
    return out


def _rebuilt_roots(files: list[FileResult], project: Project) -> list[tuple[str, str, str]]:
    """For the calls through an instance a traced function builds itself (``Summary.made_calls``:
    ``sf = ScalarFunction(...)``, then ``closure = sf.closure; closure(x)``) whose method, in
    another file, breaks (in itself or below it), a root of the caller whose origin names the
    line (``REBUILT``): Dynamo stops inside the call, cannot rebuild the instance to resume the
    caller, and skips the caller's frame there (constructs.py "local instance's method breaks,
    instance not used after", "bound method of a local instance, called through a name": GB0092
    at the caller's call, frame skipped; a method of an instance handed in, or a break in a plain
    helper while the instance is alive, resume as usual). Only the first such call of a frame,
    outside a loop, ``try`` or ``with`` block, with no break of the frame (nor a call that breaks)
    between the construction and the call: a break there resumes in a frame of its own, to which
    the instance is an input."""
    from neuron_migrate.checks.tracing import REBUILT

    if not any(r.summary is not None and r.summary.made_calls for r in files):
        return []
    functions, out_of, breaks_below = _below(files, project)
    roots = []
    for r in files:
        if r.summary is None or not r.summary.made_calls or is_library(r.path):
            continue
        done: set[str] = set()
        for caller, text, line, built in sorted(r.summary.made_calls, key=lambda m: m[2]):
            f = functions.get((r.path, caller))
            if f is None or caller in done or line in f.trapped_calls:
                continue
            own = [b for b in f.breaks if not b.eager_only and not (b.line == line and b.skips_frame)]
            if any(b.skips_frame and b.line < line for b in own):
                done.add(caller)  # Dynamo skips this frame before the call
                continue
            calls = out_of((r.path, caller))
            if (any(built <= b.line < line for b in own)
                    or any(built <= at < line and breaks_below((r.path, c)) for c, at in f.call_lines)
                    or any(built <= at < line and breaks_below(c) for c, at in calls)):
                continue
            where = next((w for c, at in calls if at == line and c[1].rpartition(".")[2] == text.rpartition(".")[2]
                          and c[0] != r.path and (w := breaks_below(c))), None)
            if where is None:
                continue
            done.add(caller)
            roots.append((r.path, caller, f"{REBUILT}{line} {shown(where[0])}:{where[1]}"))
    return roots


def _below(files: list[FileResult], project: Project):
    """(traced functions by (path, name); ``out_of(key)``: the traced functions of other files a
    traced function calls, with the lines; ``breaks_below(key)``: (path, line) of a break in the
    function or in what it calls, in any file, or None)."""
    functions = {(r.path, f.name): f for r in files for f in r.traced}
    summaries = {r.path: r.summary for r in files}
    known: dict[tuple[str, str], tuple[str, int] | None] = {}

    def out_of(key: tuple[str, str]) -> list[tuple[tuple[str, str], int]]:
        s = summaries.get(key[0])
        found = []
        for caller, text, line in s.calls if s is not None else ():
            hit = project.callee(key[0], text) if caller == key[1] else None
            if hit is not None:
                found += [(t, line) for t in _targets(project, key[0], text, hit, functions) if t in functions]
        return found

    def breaks_below(key: tuple[str, str], seen: frozenset = frozenset()) -> tuple[str, int] | None:
        if key in known:
            return known[key]
        f = functions.get(key)
        if f is None or key in seen:
            return None
        found = next(((key[0], b.line) for b in f.breaks if not b.eager_only), None)
        for c in (*((key[0], c) for c in f.calls), *(c for c, _ in out_of(key))):
            if found is not None:
                break
            found = breaks_below(c, seen | {key})
        known[key] = found
        return found

    return functions, out_of, breaks_below


_TORCH_MODULE = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})


def _module_class(project: Project, path: str, cls_name: str) -> bool:
    """The class, or a project class it derives from, names torch's ``nn.Module`` among its bases
    (through its file's imports: ``Module`` from ``torch.nn``, ``nn.Module``, ``torch.nn.Module``)."""
    for _, _, s, cls in project._class_and_bases(path, cls_name):
        for text in cls[1]:
            root, _, rest = text.partition(".")
            imported = next((".".join(p for p in (module, name, rest) if p) for local, level, module, name
                             in s.imports if local == root and not level), None)
            if imported in _TORCH_MODULE:
                return True
    return False


def _uninitialised_roots(files: list[FileResult], project: Project, roots: list[tuple[str, str, str]]
                         ) -> list[tuple[str, str, str]]:
    """For each traced ``__init__`` of an nn.Module class of the project that breaks below it
    (in itself or what it calls, in any file), and for the ``__init__`` of each base it runs through
    ``super().__init__(...)``, a root whose origin names the break (``UNINITIALISED``): Dynamo
    cannot finish tracing the construction, builds the module eagerly, and compiles each
    ``__init__`` as a frame of its own while the module is still empty, before nn.Module.__init__
    ran (constructs.py "an nn.Module built in traced code, its __init__ breaking", "... its base's
    __init__ breaking": GB0119 at each ``super().__init__()``, the frame skipped; "... breaking
    nowhere": no break). Not an object of a plain class (its ``__init__`` frame is traced). Once
    per ``__init__``: its own GB0119 is a break below it once found (``roots``, those given)."""
    from neuron_migrate.checks.tracing import UNINITIALISED

    functions, out_of, breaks_below = _below(files, project)
    seen = {(p, n) for p, n, o in roots if o.startswith(UNINITIALISED)}
    todo = [(key, where) for key in functions if key[1].endswith(".__init__") and not is_library(key[0])
            and key not in seen and (where := breaks_below(key)) is not None]
    found = []
    while todo:
        key, where = todo.pop()
        cls_name = key[1][: -len(".__init__")]
        if key in seen or "." in cls_name or not _module_class(project, key[0], cls_name):
            continue
        seen.add(key)
        found.append((key[0], key[1], f"{UNINITIALISED}{shown(where[0])}:{where[1]}"))
        bases = {(p, f"{n}.__init__") for p, n, _, _ in project._class_and_bases(key[0], cls_name)} - {key}
        todo += [(c, where) for c in (*((key[0], c) for c in functions[key].calls), *(c for c, _ in out_of(key)))
                 if c in bases]
    return found


def _own_method_roots(files: list[FileResult], project: Project) -> list[tuple[str, str, str]]:
    """For ``self.zero_grad()`` of a traced method whose class derives from a class of another
    file named like an optimizer (the per-file pass takes it for torch.optim's, which Dynamo does
    not trace), where a project class among its bases defines ``zero_grad`` (cooper's
    ``CooperOptimizer.zero_grad``, which steps through its torch optimizers): a root of the caller
    whose origin names the line (``OWN_METHOD``). Dynamo traces that method like any other; its
    breaks are its own (cooper's rolls: the break is inside, at the torch optimizer's
    ``zero_grad``, none at the call)."""
    from neuron_migrate.checks.tracing import OWN_METHOD

    roots = []
    for r in files:
        for caller, text, line in r.summary.calls if r.summary is not None and not is_library(r.path) else ():
            if text.startswith("self:") and text.endswith(".zero_grad"):
                hit = project.callee(r.path, text)
                if hit is not None and not is_library(hit[0]):
                    roots.append((r.path, caller, f"{OWN_METHOD}{line} {shown(hit[0])}:{hit[1]}"))
    return roots


def _wrapper_roots(files: list[FileResult], project: Project) -> list[tuple[str, str, str]]:
    """For ``X.m(...)`` on ``X = torch.compile(Y)`` where ``Y`` is built by a project class of
    another file, or of this file with ``m`` on a base of another file (``Summary.compiled`` rows
    written ``WRAPPER_OF``): when the ``m`` that class has calls the module itself (``self(...)``,
    ``self.forward(...)``), a root of the caller's file whose origin names the line and the method
    (``WRAPPER_CALL``), for NM127: the wrapper hands back the original module's bound method, so
    those calls run uncompiled (nanoGPT's ``sample.py``: ``model = torch.compile(model)``, then
    ``model.generate(...)``); and a root of the method's file that names the call (``ON_WRAPPER``,
    for NM308). For ``model.compile()`` of a class of another file (rows written ``IN_PLACE_OF``), a
    root of the class's file that names the compile (``IN_PLACE``): there ``self(...)`` in its
    methods is the compiled forward (graph_breaks._grown_by)."""
    from neuron_migrate.checks.graph_breaks import runs_forward
    from neuron_migrate.checks.tracing import IN_PLACE, IN_PLACE_OF, ON_WRAPPER, WRAPPER_CALL, WRAPPER_OF

    roots = []
    for r in files:
        for built, arg, method, line in r.summary.compiled if r.summary is not None and not is_library(r.path) else ():
            if built.startswith(IN_PLACE_OF):  # "in place of:module:GPT"
                kind, _, built = built[len(IN_PLACE_OF):].partition(":")
                hit = project.compiled(r.path, built, arg, method)
                if hit is not None and not is_library(hit[0]) and project.compiled(r.path, built, arg, "compile") is None:
                    roots.append((hit[0], "", f"{IN_PLACE}{hit[1].rpartition('.')[0]} {shown(r.path)}:{line} {kind}"))
                continue
            if not built.startswith(WRAPPER_OF):
                continue
            built = built[len(WRAPPER_OF):]
            hit = project.compiled(r.path, built, arg, method)
            if hit is None and "." not in built:  # a class of this file: m on a base of another file
                hit = project.method(r.path, built, method)
                hit = hit[:2] if hit is not None and hit[0] != r.path else None
            if hit is None or is_library(hit[0]):
                continue
            fn = _method_node(project.tree(hit[0]), *hit[1].split(".", 1))
            kind = runs_forward(fn) if fn is not None else ""
            if kind:
                roots.append((r.path, "", f"{WRAPPER_CALL}{line} {kind} {shown(hit[0])}:{hit[1]}"))
                roots.append((hit[0], "", f"{ON_WRAPPER}{hit[1]} {shown(r.path)}:{line}"))
    return roots


def _calls_to(project: Project, r: FileResult, functions: dict, keep: Callable[[tuple[str, str]], bool]
              ) -> Iterator[tuple[str, int, tuple[str, str]]]:
    """(caller, line, target) for each call of ``r``'s traced code leaving the file and each
    function it may run (``_targets``) that ``keep`` takes. A file's calls repeat their texts
    (at each caller and line): each text is resolved once."""
    found: dict[str, list[tuple[str, str]]] = {}
    for caller, text, line in r.summary.calls:
        targets = found.get(text)
        if targets is None:
            hit = project.callee(r.path, text)
            targets = found[text] = [t for t in _targets(project, r.path, text, hit, functions)
                                     if keep(t)] if hit is not None else []
        for target in targets:
            yield caller, line, target


def _targets(project: Project, path: str, text: str, hit: tuple[str, str], functions: dict) -> list[tuple[str, str]]:
    """What a call written ``text`` in ``path`` may run: ``hit``, the other classes a factory may
    pick (``receivers``), the overrides of ``hit`` when it only declares itself
    (``implementations``) and the overrides it dispatches to (``_dispatched``)."""
    return [hit, *project.receivers(path, text)[1:], *project.implementations(path, text, hit),
            *_dispatched(project, path, text, hit, functions)]


def _dispatched(project: Project, path: str, text: str, hit: tuple[str, str],
                functions: dict) -> list[tuple[str, str]]:
    """The receiver's overrides (``Project.overrides``) of the methods that the base's method
    ``hit``, once traced, calls through ``self`` in its own file, directly or not (the calls
    a default eval-mode call makes: not ``self.forward_training`` under ``if self.training``)."""
    overrides = project.overrides(path, text)
    if not overrides or hit not in functions:
        return []
    called, out, todo = set(), [], [hit]
    while todo:  # an override traced already calls on the same self: its own calls dispatch too
        p, name = todo.pop()
        if (p, name) in called:
            continue
        called.add((p, name))
        f = functions.get((p, name))
        if f is not None:
            todo += [(p, c) for c in f.calls]
            s = project.summary(p)
            todo += [(p, t.partition(":")[2]) for caller, t, _ in (s.calls if s is not None else ())
                     if caller == name and t.startswith("virtual:")]
        for o in ((op, oname) for op, oname, base in overrides if base == name):
            if o not in out:
                out.append(o)
                todo.append(o)
    return out


def _may_follow(target: str, caller: str, compiled: bool, options) -> bool:
    """Project files are always followed; a library's file from a library's, or from project
    code traced for a compiled entry, or when its package is named by --follow."""
    if not is_library(target) or is_library(caller):
        return True
    if options is None or options.no_follow:
        return False
    return compiled or shown(target).split("/")[0].removesuffix(".py") in options.follow


def follow(results: dict[str, FileResult], root: Path,
           analyse: "Callable[[list[str], tuple[tuple[str, str, str], ...]], dict[str, FileResult]]",
           options=None, libraries: Libraries | None = None,
           analyse_library: "Callable[[list[str], tuple[tuple[str, str, str], ...], Project], dict[str, FileResult]] | None" = None,
           cache_of: Callable[[str], object | None] | None = None,
           unanalysed: dict[str, str] | None = None, outside: bool = True) -> Followed:
    """Analyse again (``analyse(paths, roots)``) the files whose functions traced code of
    another file calls, with those functions as traced roots, until no new one is reached;
    ``results`` (path -> result) is updated in place. With ``libraries`` and
    ``analyse_library``, calls into installed packages are followed too (``_may_follow``): it
    reads the library's files through the project model, which parsed them already.
    ``cache_of`` and ``unanalysed`` as for ``Project``; ``outside=False`` when no cache keeps the
    answer (``Followed.outside`` is then left empty: the libraries' files read are not hashed)."""
    out = Followed()
    if not any(r.summary is not None and (r.summary.calls or r.summary.compiled or r.summary.compilers or any(
            bases and methods and "forward" not in methods for _, bases, methods in r.summary.classes))
               for r in results.values()):
        return out
    if analyse_library is None or (options is not None and options.no_follow and not options.follow):
        libraries = None
    project = Project(list(results.values()), root, libraries, cache_of, unanalysed)
    roots: list[tuple[str, str, str]] = []
    for _ in range(ROUNDS):
        everything = [*results.values(), *out.libraries.values()]
        found = extra_roots(everything, root, {(p, n) for p, n, _ in roots}, project, options)
        new = [(p, n, o) for p, fns in sorted(found.items()) if p in results or is_library(p)
               for n, o in sorted(fns.items())]
        new += [r for r in _tensor_roots(everything, project, roots) if r not in roots]
        new += _given_roots(everything, project, roots)
        new += [r for r in _dict_roots(everything, project) if r not in roots and r not in new]
        done_roots = {(p, n) for p, n, _ in roots} | {(r.path, f.name) for r in everything for f in r.traced}
        new += [r for r in _validated_roots(everything, project, done_roots) if r not in roots and r not in new]
        new += [r for r in _rebuilt_roots(everything, project) if r not in roots and r not in new]
        new += _uninitialised_roots(everything, project, roots)
        new += [r for r in _own_method_roots(everything, project) if r not in roots and r not in new]
        new += [r for r in _closure_roots(everything, project) if r not in roots and r not in new]
        new += [r for r in _wrapper_roots(everything, project) if r not in roots and r not in new]
        if not new:
            break
        roots += new
        done = analyse(sorted({p for p, _, _ in new if p in results}), tuple(roots))
        keys = sorted({p for p, _, _ in new if is_library(p)})
        if keys:
            done.update(analyse_library(keys, tuple(r for r in roots if is_library(r[0])), project))
        for path, r in done.items():
            (out.libraries if is_library(path) else results)[path] = r
        project.update(done.values())
    out.roots = tuple(roots)
    _link(out, results, project, options)
    if outside:
        out.outside = project.outside()
    if libraries is not None:
        out.versions = {top: libraries.version(top) for top in {shown(k).split("/")[0].removesuffix(".py")
                                                                 for k in out.libraries}}
    return out


def _link(out: Followed, results: dict[str, FileResult], project: Project, options) -> None:
    """The calls between files of the final results, and the user's call site of each library function."""
    files = [*results.values(), *out.libraries.values()]
    functions = {(r.path, f.name): f for r in files for f in r.traced}
    traced = set(functions)
    broken = {k for k, r in out.libraries.items() if any(f.code.startswith("NM9") for f in r.findings)}
    for r in files:
        s = r.summary
        if s is None:
            continue
        for built, arg, method, line in s.compiled:
            for hit in project.compiled_all(r.path, built, arg, method):
                if hit in traced:
                    out.links.append((r.path, "", hit[0], hit[1], line))
        out.links += [(r.path, caller, target[0], target[1], line) for caller, line, target
                      in _calls_to(project, r, functions, lambda t: t in traced or t[0] in broken)]
    calls = {(r.path, f.name): [(r.path, c) for c in f.calls] for r in files for f in r.traced}
    for a, fa, b, fb, _ in out.links:
        calls.setdefault((a, fa), []).append((b, fb))
    compiled = _compiled_specs(results) | {spec(b, fb) for _, fa, b, fb, _ in out.links if not fa}
    entries = {a: _entry_of(results[a]) for a, _, b, _, _ in out.links if is_library(b) and not is_library(a)}
    todo = [((b, fb), (a, line)) for a, fa, b, fb, line in out.links if is_library(b) and not is_library(a)
            and _may_follow(b, a, not fa or entries[a].get(fa, spec(a, fa)) in compiled, options)]
    seen = set()
    while todo:
        node, site = todo.pop(0)
        if (node, site) in seen:
            continue
        seen.add((node, site))
        out.sites.setdefault(node, []).append(site)
        todo += [(n, site) for n in calls.get(node, ()) if is_library(n[0])]


_WORD = re.compile(r"\w")
_WORD_ONLY = re.compile(r"\w+")
# _stored_names: ``self.f =``; ``self.f = name`` (alone on its line); ``name=Default`` given
_STORES = re.compile(r"self\.(\w+)\s*=[^=]")
_RETURNS_ITEM = re.compile(r"return[ \t]+([^\W\d]\w*)\[")  # Project._registry_values: return NAME[key]
_RETURNS_CLASS = re.compile(r"return[ \t]+(?:\w+\.)*[A-Z]\w*\(")  # _top_function: return Cls(...)
_AT_MARGIN = re.compile(r"^[^\s#)\]}]", re.M)  # _top_function: the next line at the margin
_STORES_NAME = re.compile(r"self\.(\w+)[ \t]*=[ \t]*([^\W\d]\w*)[ \t]*(?:[#;].*)?$", re.MULTILINE)
_ANNOTATED_CLASS = re.compile(r"(\w+)\s*:\s*(?:[\w.]+\[)?[\"']?(?:\w+\.)*[A-Z]")  # cmp: Problem
_GIVES_DEFAULT = re.compile(r"(\w+)[ \t]*(?::[^=,)\n]*)?=[ \t]*([^\W\d]\w*)[ \t]*[,)]")
_TRACED_NOTE = re.compile(r" \(traced: [^()]*\)")
_DYNAMO_NOTE = re.compile(r" \[Dynamo (GB\d+)\]$")


def at_call_sites(followed: Followed, file_of: Callable[[str], Path]) -> dict[str, list[Finding]]:
    """The findings of installed libraries' files, reported at every user's call site that
    reaches them: a break inside ``timm/layers/pos_embed.py:57`` becomes a finding on each line of
    the project whose call (or ``torch.compile``) leads there, naming the library's file and
    line in its message and its related locations. A library file that could not be read or
    parsed is a finding there too (NM9xx), once per line that reaches any of its functions:
    nothing followed is skipped silently. The findings are every one found, before selection:
    the engine applies the file's suppressions and the selection to them (``Options.landed``)."""
    out: dict[str, list[Finding]] = {}
    spans: dict[tuple[str, int], tuple[int, int]] = {}
    for key, r in sorted(followed.libraries.items()):
        functions = sorted(r.traced, key=lambda f: (f.line, -f.end_line))
        top = shown(key).split("/")[0].removesuffix(".py")
        version = followed.versions.get(top, "unknown")
        package = f"{top}, version unknown" if version == "unknown" else f"{top} {version}"
        for f in r.findings:
            if f.code.startswith("NM9"):
                sites = sorted({s for (k, _), found in followed.sites.items() if k == key for s in found})
                where = ""
            elif f.code.startswith(("NM3", "NM4")):
                inside = [g for g in functions if g.line <= f.line <= g.end_line]
                fn = inside[-1] if inside else None
                sites = followed.sites.get((key, fn.name), []) if fn else []
                where = f", in `{fn.name}`" if fn else ""
            else:
                continue
            for path, line in sites:
                out.setdefault(path, []).append(_at(f, key, package, where, path, line, file_of, spans))
    return out


def _at(f: Finding, key: str, package: str, where: str, path: str, line: int,
        file_of: Callable[[str], Path], spans: dict) -> Finding:
    """The library file's finding ``f`` at the user's line ``path:line``."""
    if (path, line) not in spans:
        spans[(path, line)] = _span(file_of(path), line)
    start, end = spans[(path, line)]
    gb = _DYNAMO_NOTE.search(f.message)
    text = _DYNAMO_NOTE.sub("", _TRACED_NOTE.sub("", f.message))  # the library's own origin is one of many
    if f.code.startswith("NM9"):
        where = f"{shown(key)}:{f.line}" if f.line > 1 else shown(key)  # a syntax error's line
        message = f"cannot follow into `{where}` ({package}): {text}"
    else:
        message = f"{text}, inside `{shown(key)}:{f.line}` ({package}{where}), reached from `{path}:{line}`"
    message += f" [Dynamo {gb.group(1)}]" if gb else ""
    return dataclasses.replace(f, path=path, line=line, column=start, end_line=line, end_column=end,
                               message=message, fix=None, related=((shown(key), f.line, f.column, _TRACED_NOTE.sub("", f.message)),))


def _span(path: Path, line: int) -> tuple[int, int]:
    """(first column, column after the end) of the code on a line of a user's file."""
    from neuron_migrate.runner import read_source

    try:
        text = read_source(path).decode("utf-8", "replace").splitlines()[line - 1]
    except (OSError, IndexError):
        return 1, 1
    stripped = text.rstrip()
    return len(text) - len(text.lstrip()) + 1, len(stripped) + 1
