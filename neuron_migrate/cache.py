"""The result cache: an unchanged file is not analysed again.

``.neuron-migrate-cache/`` sits at the scan root and ignores itself for git (a ``.gitignore``
holding ``*``, as ruff's cache does). Its layout::

    .neuron-migrate-cache/
        .gitignore  CACHEDIR.TAG
        v3/<salt>

The *salt* is a hash of everything besides the file that decides its findings: the tool's
version and source code, the rules/ tables, the capability overlays, the options and the
Python version (``ast`` positions differ between versions). Changing any of them starts a
new salt file; the least recently used ones beyond ``KEEP_SALTS`` are removed.

A salt file is one pickle mapping each file (kind and path) to the SHA-256 digest of its
bytes and its ``FileResult`` (and the project model's answer for all the files to the digest
of theirs: ``ProjectStep``), read once when a scan starts and written once when it ends
(one file per scan, not one per source file: a warm scan of 2,000 files opened 2,000
entries). An edited file replaces its entry; entries of deleted files are dropped.

A salt file is signed: an HMAC-SHA256 of its salt and its content under a key kept outside
the scanned tree, per user (``cache-key`` in the platform's cache folder: ``$XDG_CACHE_HOME``
or ``~/.cache`` on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows) or
given by ``NEURON_MIGRATE_CACHE_KEY`` (CI, where the home folder is new each run). A cache
committed to the repository or restored from another job's CI cache was not signed with
that key: it reads as empty, so it can never hide a finding. Without a key (no writable
home) nothing is cached.

A file whose signature holds is still read with an unpickler that only builds the result
types of ``neuron_migrate.models``, and every entry is type-checked field by field before
it is used: a damaged, truncated, foreign or wrongly typed entry is a miss, never an error.
Writes go to a temporary file in the same folder and are renamed into place, so concurrent
scans never see half a cache (the last one to finish wins), and no cache problem
(read-only tree, full disk) ever fails a scan: caching just stops.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import hmac
import io
import os
import pickle
import secrets
import shutil
import sys
import time
import types
import typing
from pathlib import Path

from neuron_migrate import __version__, models, rules_dir
from neuron_migrate.discover import source_file
from neuron_migrate.models import FileResult, ModuleFacts, Options, ProjectStep, Stamps
from neuron_migrate.writer import TEMP_SUFFIX, replace_file

DIRNAME = ".neuron-migrate-cache"
LAYOUT = "v3"  # v3: signed files
SHARED_ENTRIES = 20000  # entries a shared cache keeps (library files with their traced roots)
KEEP_SALTS = 8  # salt files kept (one per combination of options and tool version in use)
_GITIGNORE = "# Created by neuron-migrate: this folder is a cache.\n*\n"
_CACHEDIR_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                 "# This file is a cache directory tag created by neuron-migrate.\n"
                 "# For information about cache directory tags see https://bford.info/cachedir/\n")
_PACKAGE = Path(__file__).resolve().parent
KEY_ENV = "NEURON_MIGRATE_CACHE_KEY"
_MAGIC = b"NMC3"
_MAC_SIZE = 32


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
    h.update(_tool_digest())
    _hash_files(h, map(Path, options.capabilities))
    return h.hexdigest()


@functools.cache
def _tool_digest() -> bytes:
    """The hash of the tool's own files, once per process (a scan opens two caches); read and
    hashed again only when a file's size, times or inode changed since the last time (kept in
    the user's cache folder, ``tool-digest``), as Python trusts a module's size and time for
    its byte code; one file per installation. Not kept while a file was modified in the last
    ``RACY_NS``."""
    files = _tool_files()
    try:
        stats = [_stat(p) for p in files]
        stamp = hashlib.blake2b(repr([(str(p), *s) for p, s in zip(files, stats)]).encode(), digest_size=16).digest()
        memo = user_cache_dir() / f"tool-digest-{hashlib.blake2b(str(_PACKAGE).encode(), digest_size=6).hexdigest()}"
        kept = memo.read_bytes() if memo.is_file() else b""
    except (OSError, RuntimeError):  # RuntimeError: no home folder
        stats, kept = None, b""
    if stats is not None and len(kept) == 28 and kept[:16] == stamp:
        return kept[16:]
    h = hashlib.blake2b(digest_size=12)
    _hash_files(h, files)
    if stats is not None and max(s[1] for s in stats) < time.time_ns() - RACY_NS:
        try:
            memo.parent.mkdir(parents=True, exist_ok=True)
            replace_file(memo, stamp + h.digest(), durable=False)
        except OSError:
            pass
    return h.digest()


def _stat(path: Path) -> tuple[int, int, int, int]:
    """What says a file is unchanged without reading it: size, modification and change times
    (ns), inode."""
    st = os.stat(path)
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino


def _hash_files(h, paths) -> None:
    for path in paths:
        h.update(str(path).encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(b"\0unreadable\0")


# -- the key that signs the cache -------------------------------------------------------------

def user_cache_dir() -> Path:
    """This user's cache folder for the tool, outside any repository."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "neuron-migrate"


def secret() -> bytes | None:
    """The key that signs cache files: ``$NEURON_MIGRATE_CACHE_KEY``, else this user's key
    file (made on first use, readable by the user alone); None when neither can be had."""
    env = os.environ.get(KEY_ENV)
    if env:
        return env.encode()
    try:
        path = user_cache_dir() / "cache-key"
        try:
            key = path.read_bytes()
        except FileNotFoundError:
            key = _new_key(path)
    except (OSError, RuntimeError):  # RuntimeError: no home folder
        return None
    return key if len(key) >= 16 else None


def _new_key(path: Path) -> bytes:
    """Create the key file whole (written aside, then linked into place): a scan starting at
    the same moment reads either no file or the complete key, and both keep the first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".cache-key.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(secrets.token_bytes(32))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another scan made it first: use that one
        return path.read_bytes()
    finally:
        os.unlink(tmp)


def _mac(key: bytes, name: str, payload: bytes) -> bytes:
    return hmac.new(key, name.encode() + b"\0" + payload, hashlib.sha256).digest()


def seal(key: bytes, name: str, payload: bytes) -> bytes:
    """A salt file's bytes: a mark, the signature of its name and payload, the payload."""
    return _MAGIC + _mac(key, name, payload) + payload


def unseal(key: bytes, name: str, data: bytes) -> bytes | None:
    """The payload of a salt file signed with ``key`` under ``name``, else None."""
    head = len(_MAGIC) + _MAC_SIZE
    if len(data) < head or not data.startswith(_MAGIC):
        return None
    payload = data[head:]
    return payload if hmac.compare_digest(data[len(_MAGIC):head], _mac(key, name, payload)) else None


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
    """The entries of a salt file's payload; empty when it is damaged or not ours."""
    try:
        entries = _ResultUnpickler(io.BytesIO(data)).load()
    except Exception:  # noqa: BLE001 - any damage to the file is a miss, never a crash
        return {}
    return entries if type(entries) is dict else {}


def _valid(entry: object, rel: str) -> bool:
    if type(entry) is not tuple or len(entry) != 2 or type(entry[0]) is not bytes:
        return False
    well_typed = _ENTRY_CHECKS.get(type(entry[1]))
    return well_typed is not None and well_typed(entry[1]) and entry[1].path == rel  # typed first: a path may lack


def _checker(tp) -> typing.Callable[[object], bool]:
    """A test that a value is exactly of the annotated type ``tp`` (no subclass: an ``int``
    field holding ``True`` is wrong), a dataclass field by field. A warm scan checks every
    entry it uses, so plain values are tested by their type in one set lookup, and tuples of
    them by mapping ``type`` over them, rather than by a function call per value."""
    plain = _plain(tp)
    if plain is not None:
        return lambda v: type(v) in plain
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        options = [_checker(a) for a in args]
        return lambda v: any(check(v) for check in options)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            plain = _plain(args[0])
            if plain is not None:
                return lambda v: type(v) is tuple and set(map(type, v)) <= plain
            item = _checker(args[0])
            return lambda v: type(v) is tuple and all(map(item, v))
        if all(len(_plain(a) or ()) == 1 for a in args):  # (str, int, int, str): each of one type
            exact = tuple(next(iter(_plain(a))) for a in args)
            return lambda v: type(v) is tuple and tuple(map(type, v)) == exact
        items = [_checker(a) for a in args]
        return lambda v: type(v) is tuple and len(v) == len(items) and all(c(x) for c, x in zip(items, v))
    if dataclasses.is_dataclass(tp):
        if tp not in _DATACLASS_CHECKS:
            _DATACLASS_CHECKS[tp] = lambda v: False  # while its fields are built (a recursive type)
            _DATACLASS_CHECKS[tp] = _fields_check(tp)
        return lambda v: type(v) is tp and _DATACLASS_CHECKS[tp](v)
    raise TypeError(f"the cache cannot check a field of type {tp!r}")  # a new field type: add it here


def _plain(tp) -> frozenset[type] | None:
    """The exact types a value of ``tp`` may have when it is a plain type (``int``, ``str``,
    an enum, None) or a union of plain types (``str | None``); else None."""
    if tp is type(None) or tp in (int, str, bytes, bool, float) or isinstance(tp, type) and issubclass(tp, enum.Enum):
        return frozenset({tp})
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        parts = [_plain(a) for a in typing.get_args(tp)]
        return frozenset().union(*parts) if all(p is not None for p in parts) else None
    return None


def _fields_check(cls: type) -> typing.Callable[[object], bool]:
    """Exactly the fields ``cls`` has now (unpickling does not call ``__init__``: an entry
    written by another version of a result type would lack a new field), each well typed.
    The test is written out as one function per class (a warm timm scan checks 30,000 tuples:
    a loop in it costs a fraction of a call per value). The functions of the result types are
    shipped written out (``_cache_checks.py``, below); this makes them when that file is stale."""
    scope: dict[str, object] = {"CHECKS": _DATACLASS_CHECKS}
    exec("\n".join(_check_source(cls, scope)), scope)  # noqa: S102 - our own text, made from the annotations of models
    return scope[f"check_{cls.__name__}"]


def _check_source(cls: type, scope: dict) -> list[str]:
    """The lines of ``check_<cls>``, the values they name bound in ``scope``."""
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    scope[f"T{len(scope)}"] = frozenset(names)
    body = [f"def check_{cls.__name__}(v):", " d = vars(v)", f" if d.keys() != T{len(scope) - 1}: return False"]
    for name in names:
        body.append(f" x0 = d[{name!r}]")
        body += _test("x0", hints[name], 1, scope)
    body.append(" return True")
    return body


def _test(var: str, tp, depth: int, scope: dict) -> list[str]:
    """Lines (indented ``depth``) that return False unless ``var`` is exactly of type ``tp``."""
    pad = " " * depth

    def bind(value) -> str:
        scope[f"T{len(scope)}"] = value
        return f"T{len(scope) - 1}"

    def fresh() -> str:  # a name of its own for each value taken apart
        return bind(None).replace("T", "x")

    plain = _plain(tp)
    if plain is not None:
        return [f"{pad}if type({var}) {'is not' if len(plain) == 1 else 'not in'} "
                f"{bind(next(iter(plain)) if len(plain) == 1 else plain)}: return False"]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType) and type(None) in args and len(args) == 2:
        return [f"{pad}if {var} is not None:", *_test(var, next(a for a in args if a is not type(None)), depth + 1, scope)]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        plain = _plain(args[0])
        if plain is not None:
            return [f"{pad}if type({var}) is not tuple or not set(map(type, {var})) <= {bind(plain)}: return False"]
        item = fresh()
        return [f"{pad}if type({var}) is not tuple: return False", f"{pad}for {item} in {var}:",
                *_test(item, args[0], depth + 1, scope)]
    if origin is tuple:
        if all(len(_plain(a) or ()) == 1 for a in args):  # (str, int, int, str): each of one type
            exact = tuple(next(iter(_plain(a))) for a in args)
            return [f"{pad}if type({var}) is not tuple or tuple(map(type, {var})) != {bind(exact)}: return False"]
        lines = [f"{pad}if type({var}) is not tuple or len({var}) != {len(args)}: return False"]
        for i, a in enumerate(args):
            item = fresh()
            lines += [f"{pad}{item} = {var}[{i}]", *_test(item, a, depth, scope)]
        return lines
    if dataclasses.is_dataclass(tp):
        _checker(tp)  # its own test, made once (a recursive type finds it being made)
        return [f"{pad}if type({var}) is not {bind(tp)} or not CHECKS[{bind(tp)}]({var}): return False"]
    return [f"{pad}if not {bind(_checker(tp))}({var}): return False"]


_DATACLASS_CHECKS: dict[type, typing.Callable[[object], bool]] = {}


# -- the checks written out -------------------------------------------------------------------
# Making the functions above costs a warm scan the parse and compilation of their text and the
# evaluation of every annotation of models (about 4% of a warm timm scan's instructions):
# neuron_migrate/_cache_checks.py holds them written out, generated by `python -m
# neuron_migrate.cache` from models.py (its digest kept in the file), so that Python loads them
# from byte code. A stale file (models.py edited since) is not used: the functions are made as
# above. tests/test_cache.py checks that the file is what this code generates.

def _models_digest() -> str | None:
    try:
        return hashlib.blake2b(Path(models.__file__).read_bytes(), digest_size=16).hexdigest()
    except (OSError, TypeError):  # no source (TypeError: no __file__)
        return None


def _render(value: object) -> str:
    """``value`` (a bound value of a check) as Python text in the generated module."""
    if value is type(None):
        return "NoneType"
    if isinstance(value, type) and value.__module__ == "builtins":
        return value.__name__
    if isinstance(value, type) and value.__module__ == models.__name__:
        return f"models.{value.__qualname__}"
    if type(value) is str:
        return repr(value)
    if type(value) is frozenset and value:
        return "frozenset({" + ", ".join(sorted(map(_render, value))) + "})"
    if type(value) is tuple:
        return "(" + "".join(f"{_render(v)}, " for v in value) + ")"
    raise ValueError(f"the generated cache checks cannot name {value!r}")  # a new kind of test: add it here


def checks_module() -> str:
    """The text of ``neuron_migrate/_cache_checks.py``: the test of every result type an entry
    may hold, as ``_fields_check`` makes it."""
    scope: dict[str, object] = {"CHECKS": None}
    functions = []
    classes = sorted(_DATACLASS_CHECKS, key=lambda c: c.__qualname__)
    for cls in classes:
        functions += ["", "", *_check_source(cls, scope)]
    lines = ['"""The cache\'s type check of each result type, written out: generated by `python -m',
             'neuron_migrate.cache` from models.py (cache.checks_module). Do not edit."""',
             "", "from neuron_migrate import models", "",
             f"MODELS = {_models_digest()!r}  # the digest of the models.py this was made from",
             "NoneType = type(None)",
             "CHECKS = {}  # the cache's table of these functions, set when they are used"]
    lines += [f"{name} = {_render(value)}" for name, value in scope.items()
              if name != "CHECKS" and value is not None]  # None: the name of a local (_test's fresh)
    lines += functions
    lines += ["", "", "FUNCTIONS = {", *(f"    models.{c.__qualname__}: check_{c.__name__}," for c in classes), "}"]
    return "\n".join(lines) + "\n"


def _shipped_checks() -> None:
    """The written-out checks into ``_DATACLASS_CHECKS``, unless stale or missing."""
    try:
        from neuron_migrate import _cache_checks as shipped
    except ImportError:
        return
    if shipped.MODELS is not None and shipped.MODELS == _models_digest():
        shipped.CHECKS = _DATACLASS_CHECKS
        _DATACLASS_CHECKS.update(shipped.FUNCTIONS)


_shipped_checks()
# what an entry may hold: a file's result, the project model's facts of a file (kind "facts")
# or its answer for all the files of the scan (kind "project")
_ENTRY_CHECKS = {FileResult: _checker(FileResult), ModuleFacts: _checker(ModuleFacts),
                 ProjectStep: _checker(ProjectStep), Stamps: _checker(Stamps)}
STAMPS = "stamps"  # the cache kind of the files' stamps (Stamps)
RACY_NS = 2 * 10**9  # a file changed this recently may change again within the same time stamp


# -- the cache --------------------------------------------------------------------------------

class Cache:
    """Results of one scan root under one salt. Every method swallows I/O errors."""

    def __init__(self, file: Path):
        self.file = file  # .../.neuron-migrate-cache/v2/<salt>
        self.entries: dict[tuple[str, str], tuple[bytes, FileResult]] = {}
        self.seen: set[tuple[str, str]] = set()
        self.writable = True
        self.changed = False
        self.key: bytes | None = None  # signs the file (``secret``)
        self.stamps: dict[str, tuple[int, int, int, int, bytes]] | None = None  # path -> stat, digest (Stamps)
        self.stamped: dict[str, tuple[int, int, int, int, bytes]] = {}  # those of this scan
        self.started = time.time_ns()

    @classmethod
    def read(cls, root: Path, options: Options) -> Cache:
        """The cache as it is, to read only (``fix`` leaves the folder alone: it changes files)."""
        return cls._signed(root / DIRNAME, options)

    @classmethod
    def _signed(cls, top: Path, options: Options) -> Cache:
        """The cache file under ``top``, its entries loaded only if its signature holds."""
        cache = cls(top / LAYOUT / salt(options))
        cache.writable = False
        cache.key = secret()
        if cache.key is None:
            return cache  # no key, no cache: nothing unsigned is ever read
        try:
            payload = unseal(cache.key, cache.file.name, cache.file.read_bytes())
        except OSError:
            payload = None
        if payload is not None:
            cache.entries = _load(payload)
        return cache

    @classmethod
    def open(cls, root: Path, options: Options) -> Cache:
        return cls._signed(root / DIRNAME, options)._writable(root / DIRNAME)

    @classmethod
    def shared(cls, name: str, options: Options) -> Cache:
        """A cache in the user's cache folder (``name``), for results that do not belong to one
        scan root (installed libraries' files), signed as the others are."""
        top = user_cache_dir() / name
        return cls._signed(top, options)._writable(top)

    def _writable(self, top: Path) -> Cache:
        """Written to on save, if a key signs it and its folder under ``top`` can be made."""
        if self.key is None:
            return self
        try:
            self._prepare(top)
            self.writable = True
        except OSError:
            pass  # a read-only tree: scan without writing a cache
        return self

    def save_shared(self, keep: int = SHARED_ENTRIES) -> None:
        """Write a shared cache back: the entries this scan used first, then the others, up to ``keep``."""
        if not self.changed or not self.writable:
            return
        order = sorted(self.entries, key=lambda k: k not in self.seen)
        self._write({k: self.entries[k] for k in order[:keep]})

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

    def get(self, rel: str, kind: str, content: bytes, of: type = FileResult):
        """The cached result (of type ``of``) for this path if its bytes hash to ``content``, else None."""
        key = (kind, rel)
        self.seen.add(key)
        entry = self.entries.get(key)
        if entry is None or not _valid(entry, rel) or type(entry[1]) is not of or entry[0] != content:
            return None
        return entry[1]

    def digest_of(self, path: Path, rel: str) -> bytes:
        """The digest of the file's bytes: the one it had when its size, times and inode were
        these (``Stamps``), else read and hashed (``runner.read_source``: OSError when it cannot
        be). A file modified within ``RACY_NS`` of the scan's start is not stamped: it could
        change again within the same time stamp (git's "racily clean" entries); a time set by
        hand (``touch -d``, ``cp -p``) changes the change time, which must match too."""
        from neuron_migrate.runner import read_source

        if self.stamps is None:
            found = self.get("", STAMPS, b"", of=Stamps)
            self.stamps = {f[0]: f[1:] for f in found.files} if found is not None else {}
        try:
            stat = _stat(path)
        except OSError:
            stat = None
        known = self.stamps.get(rel)
        if stat is not None and known is not None and known[:4] == stat:
            self.stamped[rel] = known
            return known[4]
        data = read_source(path)
        dig = digest(data)
        if stat is not None and len(data) == stat[0] and stat[1] < self.started - RACY_NS:
            self.stamped[rel] = (*stat, dig)
        return dig

    def put(self, rel: str, kind: str, content: bytes, result: FileResult | ModuleFacts | ProjectStep | Stamps) -> None:
        key = (kind, rel)
        self.seen.add(key)
        self.entries[key] = (content, result)
        self.changed = True

    def save(self, root: Path) -> None:
        """Write the entries back when this scan changed them, without those of files that
        are gone (a file this scan did not look at is kept while it exists)."""
        if self.stamps is not None and self.stamped != self.stamps:
            self.put("", STAMPS, b"", Stamps("", tuple((rel, *v) for rel, v in sorted(self.stamped.items()))))
        if not self.changed or not self.writable:
            return
        self._write({k: v for k, v in self.entries.items()
                     if k in self.seen or os.path.lexists(source_file(root, k[1]))})

    def _write(self, kept: dict) -> None:
        try:
            data = seal(self.key, self.file.name, pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL))
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


def main() -> int:
    """Regenerate neuron_migrate/_cache_checks.py from models.py."""
    (_PACKAGE / "_cache_checks.py").write_text(checks_module(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    from neuron_migrate import cache  # the module's own copy (this one runs as __main__)

    sys.exit(cache.main())
