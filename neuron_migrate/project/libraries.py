"""Installed packages' sources, found without importing them.

A package is located with ``importlib.machinery.PathFinder.find_spec`` on its *top-level*
name over the search path (``sys.path`` of the Python running the tool, plus the
site-packages of an active ``$VIRTUAL_ENV`` when that is another environment): for a
top-level name this only looks at folders, it imports nothing (``importlib.util.find_spec``
of a dotted name would import the parent packages, running their code). Submodules are
then found by walking the package's folders (``a/b.py`` or ``a/b/__init__.py``); a path
whose real location leaves the package (a symbolic link out of it, or a loop) is not
followed. Editable installs (``pip install -e``) are found too: the ``.pth`` files of the
old style put their folder on ``sys.path``, the finder of the new style is asked for the
top-level name only.

Library files are named by their path inside the site folder (``timm/layers/pos_embed.py``)
behind the ``PREFIX``, so that they never clash with the scanned project's own paths.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PREFIX = "site-packages:"  # the project model's key of a library file: PREFIX + "timm/layers/x.py"

# never followed: Dynamo's own concern (torch), compiled extensions, or code Dynamo traces as it is
NEVER = frozenset({"torch", "torchvision", "torchaudio", "numpy", "triton", "einops", "scipy", "PIL",
                   "typing_extensions", "neuron_migrate", "torch_neuronx", "torch_xla", "functorch",
                   "sympy", "jax", "tensorflow"})


def is_library(key: str) -> bool:
    return key.startswith(PREFIX)


def shown(key: str) -> str:
    """``timm/layers/x.py`` for a library key."""
    return key[len(PREFIX):] if is_library(key) else key


class Libraries:
    """Where installed packages' files are, and which of them the scan may follow."""

    def __init__(self, search: list[str] | None = None):
        self.search = search if search is not None else default_search_path()
        self.roots: dict[str, tuple[Path, Path] | None] = {}  # top name -> (site folder, package folder)
        self.versions: dict[str, str] = {}
        self.modules: dict[str, str | None] = {}
        self.real_roots: dict[Path, str] = {}  # package folder -> its real path
        self.listed = False  # a package's files were listed (``files_of``)

    def package(self, top: str) -> tuple[Path, Path] | None:
        """(site folder, package folder or single-module file) of an installed top-level name."""
        if top in self.roots:
            return self.roots[top]
        found = None
        if top.isidentifier() and top not in NEVER and top not in sys.stdlib_module_names:
            found = _locate(top, self.search)
        self.roots[top] = found
        return found

    def module(self, dotted: str) -> str | None:
        """The key of the file that defines module ``dotted`` (``timm.layers.pos_embed``), or None."""
        if dotted not in self.modules:
            self.modules[dotted] = self._module(dotted)
        return self.modules[dotted]

    def _module(self, dotted: str) -> str | None:
        parts = dotted.split(".")
        found = self.package(parts[0])
        if found is None:
            return None
        site, pkg = found
        if pkg.suffix == ".py":  # a single-module distribution
            return PREFIX + pkg.name if len(parts) == 1 else None
        try:
            real_root = self.real_roots.get(pkg)
            if real_root is None:
                real_root = self.real_roots[pkg] = os.path.realpath(pkg)
            here = pkg
            for part in parts[1:]:
                here = here / part
            for candidate in (here.with_name(here.name + ".py") if len(parts) > 1 else None,
                              here / "__init__.py"):
                if candidate is None:
                    continue
                real = os.path.realpath(candidate)
                if os.path.commonpath([real, real_root]) != real_root:
                    continue  # a link out of the package, or a loop
                if os.path.isfile(real):
                    return PREFIX + candidate.relative_to(site).as_posix()
        except (OSError, ValueError, RuntimeError):  # ELOOP, a name the system refuses
            return None
        return None

    def file(self, key: str) -> Path | None:
        """The path on disk of a library key."""
        rel = shown(key)
        top = rel.split("/")[0].removesuffix(".py")
        found = self.package(top)
        return found[0] / rel if found else None

    def version(self, top: str) -> str:
        """The installed distribution's version (its ``*.dist-info``); for a package used from a
        checkout (on ``PYTHONPATH``, or an editable install without metadata beside it) the
        version its source declares (``__version__`` in the package, ``version`` in the checkout's
        pyproject.toml); "unknown" when none says."""
        if top in self.versions:
            return self.versions[top]
        version = ""
        found = self.package(top)
        if found is not None:
            try:
                from importlib.metadata import MetadataPathFinder

                for dist in MetadataPathFinder.find_distributions(_context(top, str(found[0]))):
                    version = dist.version or ""
                    break
                version = version or _declared_version(top, *found)
            except Exception:  # noqa: BLE001 - metadata is a label, never a reason to fail
                version = ""
        self.versions[top] = version or "unknown"
        return self.versions[top]

    def files_of(self, top: str, limit: int = 5000) -> list[tuple[str, str]]:
        """(key, path on disk) of the package's Python files (for a factory looked up by name),
        links not followed."""
        found = self.package(top)
        self.listed = True
        if found is None or found[1].suffix == ".py":
            return []
        site, pkg = found
        out: list[tuple[str, str]] = []
        for folder, dirs, files in os.walk(pkg, followlinks=False):
            dirs[:] = sorted(d for d in dirs if d.isidentifier())
            inside = PREFIX + Path(os.path.relpath(folder, site)).as_posix() + "/"
            out += [(inside + f, os.path.join(folder, f)) for f in sorted(files) if f.endswith(".py")]
            if len(out) > limit:
                break
        return out


_VERSION_FILES = ("__init__.py", "version.py", "_version.py", "__version__.py")


def _declared_version(top: str, site: Path, pkg: Path) -> str:
    """The version a checkout's source states, read, never imported: a string literal
    ``__version__ = "1.0.29.dev0"`` at the top of the package (``timm/version.py``,
    ``diffusers/__init__.py``), else a static ``version`` in the pyproject.toml of the
    folder holding the package, when its project is this one; "" when neither."""
    import ast

    files = [pkg] if pkg.suffix == ".py" else [pkg / name for name in _VERSION_FILES]
    for file in files:
        try:
            tree = ast.parse(file.read_bytes())
        except (OSError, SyntaxError, ValueError):
            continue
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str) \
                    and any(isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets):
                return node.value.value
    try:
        if sys.version_info >= (3, 11):
            import tomllib
        else:  # pragma: no cover - exercised on 3.10 only
            import tomli as tomllib
        project = tomllib.loads((site / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError, UnicodeDecodeError):
        return ""
    name = str(project.get("name", "")).lower().replace("-", "_")
    version = project.get("version")
    return version if isinstance(version, str) and name == top.lower() else ""


def _context(name: str, path: str):
    from importlib.metadata import DistributionFinder

    return DistributionFinder.Context(name=name, path=[path])


def default_search_path() -> list[str]:
    out = [p for p in sys.path if p]
    venv = os.environ.get("VIRTUAL_ENV")
    if venv and os.path.realpath(venv) != os.path.realpath(sys.prefix):  # the tool runs elsewhere (pipx)
        for lib in ("lib", "Lib"):
            base = Path(venv) / lib
            out += [str(p) for p in sorted(base.glob("python3*/site-packages"))] + \
                   ([str(base / "site-packages")] if (base / "site-packages").is_dir() else [])
    return out


def _locate(top: str, search: list[str]) -> tuple[Path, Path] | None:
    from importlib.machinery import PathFinder

    spec = None
    try:
        spec = PathFinder.find_spec(top, search)
    except (ImportError, OSError, ValueError):
        spec = None
    if spec is None:
        spec = _editable(top)
    if spec is None:
        return None
    if spec.submodule_search_locations:
        pkg = Path(list(spec.submodule_search_locations)[0])
        if not (pkg / "__init__.py").is_file():
            return None  # a namespace package: its parts are spread out, not followed
    elif spec.origin and spec.origin.endswith(".py"):
        pkg = Path(spec.origin)
    else:
        return None  # a compiled extension or a built-in: no source
    return pkg.parent, pkg


def _editable(top: str):
    """The spec an editable install's finder (setuptools' ``__editable___*_finder``) gives for a
    top-level name: it maps the name to a folder, importing nothing."""
    for finder in sys.meta_path:
        if "editable" not in type(finder).__name__.lower() and "editable" not in getattr(finder, "__name__", "").lower():
            continue
        try:
            spec = finder.find_spec(top, None)
        except Exception:  # noqa: BLE001 - someone else's finder
            continue
        if spec is not None and (spec.origin or spec.submodule_search_locations):
            return spec
    return None
