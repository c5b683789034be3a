"""The result cache: an unchanged file is not analysed again.

``.neuron-migrate-cache/`` sits at the scan root and ignores itself for git (a ``.gitignore``
holding ``*``, as ruff's cache does). Its layout::

    .neuron-migrate-cache/
        .gitignore  CACHEDIR.TAG
        v1/<salt>/<xx>/<entry>

The *salt* is a hash of everything besides the file that decides its findings: the tool's
version and source code, the rules/ tables, the capability overlays, the options and the
Python version (``ast`` positions differ between versions). Changing any of them starts a
new salt folder; the least recently used ones beyond ``KEEP_SALTS`` are removed.

There is one entry per file path under a salt, holding the BLAKE2 digest of the file's
bytes and its ``FileResult``: an edited file replaces its entry rather than adding one, so
the cache grows with the number of files, not with the number of edits.

Entries are pickles read back with an unpickler that only builds the result types of
``neuron_migrate.models`` (a cache restored from an untrusted CI cache cannot run code). A
corrupt, truncated or foreign entry reads as a miss. Writes go to a temporary file in the
same folder and are renamed into place, so concurrent scans never see half an entry, and
no cache problem (read-only tree, full disk) ever fails a scan: caching just stops.
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
import tempfile
from pathlib import Path

from neuron_migrate import __version__, models
from neuron_migrate.models import FileResult, Options

DIRNAME = ".neuron-migrate-cache"
LAYOUT = "v1"
KEEP_SALTS = 8  # salt folders kept (one per combination of options and tool version in use)
_GITIGNORE = "# Created by neuron-migrate: this folder is a cache.\n*\n"
_CACHEDIR_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                 "# This file is a cache directory tag created by neuron-migrate.\n"
                 "# For information about cache directory tags see https://bford.info/cachedir/\n")
_PACKAGE = Path(__file__).resolve().parent


def digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=20).digest()


def _tool_files() -> list[Path]:
    """The tool's own code and tables: any change to them invalidates every entry."""
    from neuron_migrate.capabilities import rules_dir

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


def _load(data: bytes) -> tuple[bytes, FileResult] | None:
    try:
        entry = _ResultUnpickler(io.BytesIO(data)).load()
    except Exception:  # noqa: BLE001 - any damage to an entry is a miss, never a crash
        return None
    if (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], bytes)
            and isinstance(entry[1], FileResult) and _current(entry[1])):
        return entry
    return None


def _current(value: object) -> bool:
    """Whether every dataclass inside ``value`` has exactly the fields its class has now.

    Unpickling sets attributes without calling ``__init__``: an entry written by another
    version of a result type (the tool upgraded during a scan) would lack a new field."""
    todo = [value]
    while todo:
        v = todo.pop()
        names = _FIELDS.get(type(v))
        if names is not None:
            if vars(v).keys() != names:
                return False
            todo.extend(vars(v).values())
        elif type(v) is tuple or type(v) is list:
            todo.extend(v)
    return True


_FIELDS = {cls: {f.name for f in dataclasses.fields(cls)}
           for cls in _ResultUnpickler.allowed.values() if dataclasses.is_dataclass(cls)}


# -- the cache --------------------------------------------------------------------------------

class Cache:
    """Results of one scan root under one salt. Every method swallows I/O errors."""

    def __init__(self, folder: Path):
        self.folder = folder  # .../.neuron-migrate-cache/v1/<salt>
        self.hits = self.misses = 0
        self.writable = True

    @classmethod
    def open(cls, root: Path, options: Options) -> Cache:
        cache = cls(root / DIRNAME / LAYOUT / salt(options))
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
        existed = self.folder.is_dir()
        self.folder.mkdir(parents=True, exist_ok=True)
        os.utime(self.folder)  # most recently used
        if not existed:
            _prune(self.folder.parent, keep=KEEP_SALTS)

    def _entry(self, rel: str, kind: str) -> Path:
        name = hashlib.blake2b(f"{kind}\0{rel}".encode(), digest_size=16).hexdigest()
        return self.folder / name[:2] / name[2:]

    def get(self, rel: str, kind: str, content: bytes) -> FileResult | None:
        """The cached result for this path if its bytes hash to ``content``, else None."""
        try:
            data = self._entry(rel, kind).read_bytes()
        except OSError:
            data = None
        entry = _load(data) if data is not None else None
        if entry is None or entry[0] != content or entry[1].path != rel:
            self.misses += 1
            return None
        self.hits += 1
        return entry[1]

    def put(self, rel: str, kind: str, content: bytes, result: FileResult) -> None:
        if not self.writable:
            return
        path = self._entry(rel, kind)
        try:
            data = pickle.dumps((content, result), protocol=pickle.HIGHEST_PROTOCOL)
            path.parent.mkdir(exist_ok=True)
            _write_atomic(path, data)
        except OSError:
            self.writable = False  # e.g. a full disk: stop trying for this scan
        except (pickle.PicklingError, TypeError, AttributeError):
            pass  # a result that does not pickle is simply not cached


def _write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _prune(salts: Path, keep: int) -> None:
    """Remove all but the ``keep`` most recently used salt folders."""
    try:
        folders = [p for p in salts.iterdir() if p.is_dir()]
        folders.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in folders[keep:]:
        shutil.rmtree(old, ignore_errors=True)
