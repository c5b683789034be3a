"""The result cache: an unchanged file is not analysed again.

``.neuron-migrate-cache/`` sits at the scan root and ignores itself for git (a ``.gitignore``
holding ``*``, as ruff's cache does). Its layout::

    .neuron-migrate-cache/
        .gitignore  CACHEDIR.TAG
        v2/<salt>

The *salt* is a hash of everything besides the file that decides its findings: the tool's
version and source code, the rules/ tables, the capability overlays, the options and the
Python version (``ast`` positions differ between versions). Changing any of them starts a
new salt file; the least recently used ones beyond ``KEEP_SALTS`` are removed.

A salt file is one pickle mapping each file (kind and path) to the SHA-256 digest of its
bytes and its ``FileResult``, read once when a scan starts and written once when it ends
(one file per scan, not one per source file: a warm scan of 2,000 files opened 2,000
entries). An edited file replaces its entry; entries of deleted files are dropped.

The pickle is read back with an unpickler that only builds the result types of
``neuron_migrate.models`` (a cache restored from an untrusted CI cache cannot run code). A
corrupt, truncated or foreign file reads as empty, a foreign entry as a miss. Writes go
to a temporary file in the same folder and are renamed into place, so concurrent scans
never see half a cache (the last one to finish wins), and no cache problem (read-only
tree, full disk) ever fails a scan: caching just stops.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import os
import pickle
import shutil
import sys
import time
from pathlib import Path

from neuron_migrate import __version__, models, rules_dir
from neuron_migrate.models import FileResult, Options
from neuron_migrate.writer import TEMP_SUFFIX, replace_file

DIRNAME = ".neuron-migrate-cache"
LAYOUT = "v2"
KEEP_SALTS = 8  # salt files kept (one per combination of options and tool version in use)
_GITIGNORE = "# Created by neuron-migrate: this folder is a cache.\n*\n"
_CACHEDIR_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                 "# This file is a cache directory tag created by neuron-migrate.\n"
                 "# For information about cache directory tags see https://bford.info/cachedir/\n")
_PACKAGE = Path(__file__).resolve().parent


def digest(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()[:20]  # twice BLAKE2's speed where the CPU has SHA instructions


def _tool_files() -> list[Path]:
    """The tool's own code and tables: any change to them invalidates every entry."""
    files = sorted(_PACKAGE.rglob("*.py"))
    rules = rules_dir()
    if rules.is_dir():
        files += sorted(p for p in rules.rglob("*") if p.is_file())
    return files


def salt(options: Options) -> str:
    """Hash of everything other than a file's bytes and path that its result depends on."""
    h = hashlib.blake2b(digest_size=12)
    h.update(f"{LAYOUT}\0{__version__}\0{sys.version_info[:2]}\0{options!r}\0".encode())
    for path in [*_tool_files(), *map(Path, options.capabilities)]:
        h.update(str(path).encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(b"\0unreadable\0")
    return h.hexdigest()


# -- reading entries safely -------------------------------------------------------------------

def _result_types() -> dict[str, type]:
    return {name: obj for name, obj in vars(models).items()
            if isinstance(obj, type) and obj.__module__ == models.__name__
            and (dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum))}


class _ResultUnpickler(pickle.Unpickler):
    """Builds only the dataclasses and enums of ``neuron_migrate.models``."""

    allowed = _result_types()

    def find_class(self, module: str, name: str) -> type:
        if module == models.__name__ and name in self.allowed:
            return self.allowed[name]
        raise pickle.UnpicklingError(f"{module}.{name} is not a result type")


def _load(data: bytes) -> dict:
    """The entries of a salt file; empty when it is damaged or not ours."""
    try:
        entries = _ResultUnpickler(io.BytesIO(data)).load()
    except Exception:  # noqa: BLE001 - any damage to the file is a miss, never a crash
        return {}
    return entries if type(entries) is dict else {}


def _valid(entry: object, rel: str) -> bool:
    return (type(entry) is tuple and len(entry) == 2 and isinstance(entry[0], bytes)
            and isinstance(entry[1], FileResult) and entry[1].path == rel and _current(entry[1]))


def _current(value: object) -> bool:
    """Whether every dataclass inside ``value`` has exactly the fields its class has now.

    Unpickling sets attributes without calling ``__init__``: an entry written by another
    version of a result type (the tool upgraded during a scan) would lack a new field."""
    todo = [value]
    nested = _NESTED
    while todo:
        v = todo.pop()
        names = _FIELDS.get(type(v))
        if names is not None:
            fields = vars(v)
            if fields.keys() != names:
                return False
            todo.extend([x for x in fields.values() if type(x) in nested])
        else:  # a tuple or a list: only containers are pushed, not the numbers and strings
            todo.extend([x for x in v if type(x) in nested])
    return True


_FIELDS = {cls: {f.name for f in dataclasses.fields(cls)}
           for cls in _ResultUnpickler.allowed.values() if dataclasses.is_dataclass(cls)}
_NESTED = frozenset({*_FIELDS, tuple, list})


# -- the cache --------------------------------------------------------------------------------

class Cache:
    """Results of one scan root under one salt. Every method swallows I/O errors."""

    def __init__(self, file: Path):
        self.file = file  # .../.neuron-migrate-cache/v2/<salt>
        self.entries: dict[tuple[str, str], tuple[bytes, FileResult]] = {}
        self.seen: set[tuple[str, str]] = set()
        self.writable = True
        self.changed = False

    @classmethod
    def read(cls, root: Path, options: Options) -> Cache:
        """The cache as it is, to read only (``fix`` leaves the folder alone: it changes files)."""
        cache = cls(root / DIRNAME / LAYOUT / salt(options))
        cache.writable = False
        try:
            cache.entries = _load(cache.file.read_bytes())
        except OSError:
            pass
        return cache

    @classmethod
    def open(cls, root: Path, options: Options) -> Cache:
        cache = cls.read(root, options)
        cache.writable = True
        try:
            cache._prepare(root / DIRNAME)
        except OSError:
            cache.writable = False  # a read-only tree: scan without writing a cache
        return cache

    def _prepare(self, top: Path) -> None:
        top.mkdir(exist_ok=True)
        for name, text in ((".gitignore", _GITIGNORE), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
            try:
                with open(top / name, "x", encoding="utf-8") as fh:
                    fh.write(text)
            except FileExistsError:
                pass
        for old in top.glob("v*"):
            if old.is_dir() and old.name != LAYOUT:  # an earlier layout's cache
                shutil.rmtree(old, ignore_errors=True)
        self.file.parent.mkdir(parents=True, exist_ok=True)
        if self.file.exists():
            os.utime(self.file)  # most recently used
        else:
            _prune(self.file.parent, keep=KEEP_SALTS - 1)

    def get(self, rel: str, kind: str, content: bytes) -> FileResult | None:
        """The cached result for this path if its bytes hash to ``content``, else None."""
        key = (kind, rel)
        self.seen.add(key)
        entry = self.entries.get(key)
        if entry is None or not _valid(entry, rel) or entry[0] != content:
            return None
        return entry[1]

    def put(self, rel: str, kind: str, content: bytes, result: FileResult) -> None:
        key = (kind, rel)
        self.seen.add(key)
        self.entries[key] = (content, result)
        self.changed = True

    def save(self, root: Path) -> None:
        """Write the entries back when this scan changed them, without those of files that
        are gone (a file this scan did not look at is kept while it exists)."""
        if not self.changed or not self.writable:
            return
        kept = {k: v for k, v in self.entries.items()
                if k in self.seen or os.path.lexists(root / k[1])}
        try:
            data = pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)
            replace_file(self.file, data, durable=False)
        except OSError:
            self.writable = False  # e.g. a full disk: caching stops, the scan goes on
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            pass  # a result that does not pickle: this scan's results are not cached


def _prune(salts: Path, keep: int) -> None:
    """Remove all but the ``keep`` most recently used salt files, and temporary files an
    hour old (left by a scan killed while it saved)."""
    try:
        files = [p for p in salts.iterdir() if not p.name.endswith(TEMP_SUFFIX)]
        files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        stale = [p for p in salts.glob(f"*{TEMP_SUFFIX}") if p.stat().st_mtime < time.time() - 3600]
    except OSError:
        return
    for old in files[keep:] + stale:
        try:
            shutil.rmtree(old) if old.is_dir() else old.unlink()
        except OSError:
            pass
