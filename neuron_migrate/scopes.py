"""Scopes: which part of the project a file belongs to, so headline numbers are about the product.

Every scanned path gets one scope, the first rule that applies deciding:

1. the config's ``[tool.neuron-migrate.scopes]`` patterns (gitignore-style, relative to the
   config's folder, like per-file-ignores): ``tests = ["integration/**"]``;
2. ``tests``: a folder named tests/test/testing, or ``test_*.py``, ``*_test.py``, ``conftest.py``;
3. ``vendored``: third_party/, vendor/, extern/, extensions/, projects/, contrib/ and the like, or
   a sub-folder that is a project of its own (it has its own pyproject.toml, or a setup.py that is
   not a module of a sub-package: there, only with a manifest beside it);
4. ``examples``: examples/, demo/, docs/, tutorials/, notebooks/, benchmarks/;
5. ``scripts``: a top-level tools/, scripts/ or bin/ folder, and a bin/ folder at any depth;
6. ``library``: a file inside an importable package (a folder with an ``__init__.py``, at any
   depth: a namespace folder's packages too, like Megatron's ``megatron/core/``), and the
   manifests at the project's root;
7. ``scripts``: everything else (training, inference and utility scripts at the top level).

The product is ``library`` and ``scripts``: the report's readiness, effort and coverage are
computed on them, and tests, examples and vendored code are reported beside them.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from neuron_migrate.formats import file_kind

SCOPES = ("library", "scripts", "tests", "examples", "vendored")
PRODUCT = ("library", "scripts")
LABELS = {"library": "library", "scripts": "training and other scripts", "tests": "tests",
          "examples": "examples and docs", "vendored": "extensions and vendored code"}

_TEST_DIRS = frozenset({"tests", "test", "testing", "unittests", "unit_tests", "integration_tests"})
_VENDORED_DIRS = frozenset({"third_party", "thirdparty", "3rdparty", "third-party", "vendor",
                            "vendored", "_vendor", "extern", "external", "externals", "extensions",
                            "projects", "contrib"})
_EXAMPLE_DIRS = frozenset({"examples", "example", "demo", "demos", "docs", "doc", "tutorials",
                           "tutorial", "notebooks", "benchmarks", "benchmark", "samples"})
_SCRIPT_DIRS = frozenset({"tools", "scripts", "bin"})  # scripts even when packaged (detectron2's tools/)
_PROJECT_FILES = ("setup.py", "pyproject.toml")


def _is_test_file(name: str) -> bool:
    return name == "conftest.py" or (name.startswith("test_") and name.endswith(".py")) \
        or name.endswith("_test.py")


class Scopes:
    """The scope of each path of one scan (paths relative to the scan root, forward slashes)."""

    def __init__(self, paths: Iterable[str], overrides: tuple[tuple[str, tuple[str, ...]], ...] = (),
                 prefix: str = ""):
        paths = list(paths)
        # a folder with an __init__.py is a package; a top-level one (or one under src/) is the library's
        self._packages = {posixpath.dirname(p) for p in paths if p.endswith("/__init__.py")}
        # a setup.py of a sub-package is one of its modules (DINOv2's dinov2/eval/setup.py builds the
        # evaluated model), unless a manifest lies beside it (TorchBench's models/BERT_pytorch/ has
        # its requirements.txt); a top-level package's is a project's (flash-attention's hopper/)
        manifests = {posixpath.dirname(p) for p in paths if file_kind(posixpath.basename(p)) == "manifest"}
        self._nested = {d for p in paths if posixpath.basename(p) in _PROJECT_FILES and "/" in p
                        if not self._module_of_subpackage(d := posixpath.dirname(p)) or d in manifests}
        self._overrides = overrides
        self._prefix = prefix
        self._memo: dict[str, str] = {}

    def of(self, path: str) -> str:
        scope = self._memo.get(path)
        if scope is None:
            scope = self._memo[path] = self._infer(path)
        return scope

    def _infer(self, path: str) -> str:
        if self._overrides:
            from neuron_migrate.ignore import IgnoreSpec

            probe = f"{self._prefix}/{path}" if self._prefix else path
            for scope, patterns in self._overrides:
                if IgnoreSpec(list(patterns)).ignored(probe):
                    return scope
        parts = path.split("/")
        folders, name = [p.lower() for p in parts[:-1]], parts[-1]
        if _is_test_file(name) or any(f in _TEST_DIRS for f in folders):
            return "tests"
        if any(f in _VENDORED_DIRS for f in folders) or self._in_nested_project(parts):
            return "vendored"
        if any(f in _EXAMPLE_DIRS for f in folders):
            return "examples"
        if folders and folders[0] in _SCRIPT_DIRS or "bin" in folders:
            # a package's bin/ holds its entry scripts (CosyVoice's cosyvoice/bin/train.py, Coqui's
            # TTS/bin/train_tts.py, ESPnet's espnet2/bin/): run, not imported
            return "scripts"
        if len(parts) == 1 and not name.endswith((".py", ".ipynb")):
            return "library"  # a manifest at the root describes the product
        # inside a package, at any depth: megatron/core/ is one under a namespace folder megatron/
        if any("/".join(parts[:i]) in self._packages for i in range(1, len(parts))):
            return "library"
        return "scripts"

    def _module_of_subpackage(self, folder: str) -> bool:
        return folder in self._packages and posixpath.dirname(folder) in self._packages

    def _in_nested_project(self, parts: list[str]) -> bool:
        return any("/".join(parts[:i]) in self._nested for i in range(1, len(parts)))


def validate(table: object, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The config's ``scopes`` table: ``{scope: [patterns]}``; a bad one raises ValueError."""
    if not isinstance(table, dict):
        raise ValueError(f"{where}: 'scopes' must be a table of scope = [patterns]")
    out = []
    for scope, patterns in table.items():
        if scope not in SCOPES:
            raise ValueError(f"{where}: 'scopes': unknown scope {scope!r} (one of {', '.join(SCOPES)})")
        if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
            raise ValueError(f"{where}: 'scopes' {scope!r} must be a list of patterns, got {patterns!r}")
        out.append((scope, tuple(patterns)))
    return tuple(out)


def parse_option(values: list[str] | None) -> tuple[str, ...]:
    """``--scope`` values (repeatable or comma-separated); "product" means library and scripts."""
    out: list[str] = []
    for v in values or []:
        for s in filter(None, (x.strip().lower() for x in v.split(","))):
            names = PRODUCT if s == "product" else (s,)
            for n in names:
                if n not in SCOPES:
                    raise ValueError(f"unknown scope {s!r} (one of product, {', '.join(SCOPES)})")
                if n not in out:
                    out.append(n)
    return tuple(out)
