"""Find the files to analyse under the given paths.

Honours ``.gitignore`` files (``neuron_migrate.ignore``, at every level), skips the usual
non-source folders, never follows a symlink out of the root and never loops.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from neuron_migrate.formats import file_kind, looks_like_accelerate
from neuron_migrate.ignore import IgnoreSpec

DEFAULT_EXCLUDES = frozenset({
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__", "site-packages",
    "build", "dist", "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache",
    ".neuron-migrate-cache", ".eggs", ".ipynb_checkpoints",
})
_YAML = (".yml", ".yaml")
CONDA_PEEK = 8192  # bytes of a YAML file read to tell a conda environment by its content


def yaml_kind(path) -> str | None:
    """The kind of a YAML file under any name, by its first 8 kB: "manifest" for a conda
    environment file, "framework-config" for an Accelerate config, None for any other."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(CONDA_PEEK).decode("utf-8", errors="replace")
    except OSError:
        return None
    if looks_like_conda(head):
        return "manifest"
    return "framework-config" if looks_like_accelerate(head) else None


def looks_like_conda(text: str) -> bool:
    """A top-level ``dependencies:`` list with a ``channels:``, ``name:`` or ``prefix:`` key, or
    with a ``- pip:`` entry: how conda environment files start."""
    return bool(re.search(r"^dependencies\s*:", text, re.M)) and bool(
        re.search(r"^(channels|name|prefix)\s*:", text, re.M) or re.search(r"^\s*-\s*pip\s*:", text, re.M))


@dataclass(frozen=True)
class Candidate:
    path: Path  # absolute
    rel: str  # relative to the scan root, forward slashes
    kind: str = "python"
    # ``path`` is known to hold no symbolic link (found by the walk below a resolved folder
    # through none): its real path, with no ``realpath`` to compute
    real: bool = field(default=False, compare=False, repr=False)


@dataclass(frozen=True)
class Skipped:
    rel: str
    reason: str
    error: bool = False  # could not be read (an NM904 finding), not merely of no interest


def _unlistable(rel: str, exc: OSError) -> Skipped:
    """A folder the walk could not enter or list: nothing under it is known, so it is an error."""
    why = exc.strerror or str(exc)
    if exc.errno == errno.ENAMETOOLONG:
        why = f"its path is longer than the operating system allows ({why})"
    return Skipped(rel, f"cannot list the folder: {why}", error=True)


def _gitignore(folder: Path) -> IgnoreSpec | None:
    f = folder / ".gitignore"
    try:
        lines = f.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return IgnoreSpec(lines)


# what a name may not carry into an output as it is: a backslash (the escape character),
# control characters (C0, DEL, C1: a terminal obeys them) and bytes that are not UTF-8 (held
# by Python as lone surrogates, which no UTF-8 output can hold)
_SPECIAL = re.compile(r"[\\\x00-\x1f\x7f-\x9f\udc80-\udcff]")
_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_ESCAPED = re.compile(r"\\(?:x([0-9a-f]{2})|u([0-9a-f]{4})|(.))")


def shown(path: str) -> str:
    """``path`` as every output writes it: valid UTF-8, no control characters, and lossless
    (``real`` gives it back). A byte that is not UTF-8 is ``\\xff``; a control character is
    ``\\n``, ``\\t``, ``\\r``, ``\\x1b`` (C1: ``\\u0085``); a backslash is ``\\\\``.
    Other names are unchanged."""
    if _SPECIAL.search(path) is None:
        return path
    return _SPECIAL.sub(_escape, path)


def _escape(m: re.Match) -> str:
    c = m.group()
    if c in _ESCAPES:
        return _ESCAPES[c]
    if "\udc80" <= c <= "\udcff":  # a byte that is not UTF-8
        return f"\\x{ord(c) - 0xdc00:02x}"
    return f"\\x{ord(c):02x}" if c < "\x80" else f"\\u{ord(c):04x}"  # C1 controls are characters


def real(path: str) -> str:
    """The name ``shown`` wrote as ``path`` (as Python holds it: ``os.fsencode`` gives its bytes)."""
    if "\\" not in path:
        return path
    inverse = {v[1]: k for k, v in _ESCAPES.items()}
    def one(m: re.Match) -> str:
        if m[1]:
            n = int(m[1], 16)
            return chr(n) if n < 0x80 else chr(0xdc00 + n)
        return chr(int(m[2], 16)) if m[2] else inverse.get(m[3], m[3])
    return _ESCAPED.sub(one, path)


def source_file(root: str | Path, path: str) -> Path:
    """The file a finding's ``path`` (relative to ``root``, as outputs write it) names."""
    p = Path(real(path))
    return p if p.is_absolute() else Path(root) / p


def scan_base(paths: list[Path]) -> Path:
    """The folder that reported paths are relative to."""
    if len(paths) == 1:
        p = paths[0].absolute()
        return p if p.is_dir() else p.parent
    return Path.cwd()


def _relative(path: Path, base: Path) -> str:
    rel = os.path.relpath(path, base)
    return shown(Path(rel).as_posix() if not rel.startswith("..") else path.as_posix())


def discover(paths: list[Path], base: Path, excludes: tuple[str, ...] = ()) -> Iterator[Candidate | Skipped]:
    """Yield every Python file under ``paths`` (files given explicitly are always taken)."""
    extra = IgnoreSpec(list(excludes)) if excludes else None
    for given in paths:
        given = given.absolute()
        if not given.exists() and not given.is_symlink():
            yield Skipped(_relative(given, base), "no such file or folder")
        elif not given.is_dir():
            kind = file_kind(given.name) or (given.name.endswith(_YAML) and yaml_kind(given)) or "python"
            yield Candidate(given, _relative(given, base), kind)
        else:
            prefix = _relative(given, base)
            yield from _walk(given.resolve(), "" if prefix == "." else prefix, extra)


def _walk(root: Path, prefix: str, extra: IgnoreSpec | None) -> Iterator[Candidate | Skipped]:
    seen: set[tuple[int, int]] = set()
    # each entry: folder, its path relative to root, and the .gitignore specs that apply
    # and whether a symbolic link led there
    stack: list[tuple[Path, str, tuple[tuple[str, IgnoreSpec], ...], bool]] = [(root, "", (), False)]

    def show(rel: str) -> str:
        return "/".join(p for p in (prefix, shown(rel)) if p) or "."

    while stack:
        folder, rel_folder, specs, linked = stack.pop()
        try:
            st = folder.stat()
        except FileNotFoundError:
            continue  # removed since it was listed
        except OSError as exc:
            yield _unlistable(show(rel_folder), exc)
            continue
        if (st.st_dev, st.st_ino) in seen:
            continue  # a symlink loop or a second link to the same folder
        seen.add((st.st_dev, st.st_ino))
        spec = _gitignore(folder)
        if spec is not None:
            specs = (*specs, (rel_folder, spec))
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except FileNotFoundError:
            continue
        except OSError as exc:
            yield _unlistable(show(rel_folder), exc)
            continue
        subfolders = []
        for entry in entries:
            rel = f"{rel_folder}/{entry.name}" if rel_folder else entry.name
            try:
                is_dir = entry.is_dir()
            except OSError:  # ELOOP: links that point at each other (a dangling one is no error)
                if entry.is_symlink() and not _ignored(rel, False, specs, extra):
                    yield Skipped(show(rel), "broken or looping symbolic link")
                continue
            kind = None if is_dir else file_kind(entry.name)
            if kind is None and not is_dir and entry.name.endswith(_YAML):
                kind = yaml_kind(entry.path)
            if (entry.name in DEFAULT_EXCLUDES) if is_dir else kind is None:
                continue
            if _ignored(rel, is_dir, specs, extra):
                continue
            link = entry.is_symlink()
            if link:
                try:
                    target = Path(entry.path).resolve(strict=True)
                except (OSError, RuntimeError):
                    yield Skipped(show(rel), "broken or looping symbolic link")
                    continue
                if not target.is_relative_to(root):
                    yield Skipped(show(rel), "symbolic link that points outside the scanned folder")
                    continue
            if is_dir:
                subfolders.append((Path(entry.path), rel, specs, linked or link))
            else:
                try:
                    mode = entry.stat().st_mode
                except FileNotFoundError:
                    continue  # removed since the folder was listed
                except OSError as exc:
                    yield Skipped(show(rel), f"cannot read: {exc.strerror or exc}", error=True)
                    continue
                if not stat.S_ISREG(mode):
                    yield Skipped(show(rel), "not a regular file")
                    continue
                yield Candidate(Path(entry.path), show(rel), kind, real=not (linked or link))
        stack.extend(reversed(subfolders))


def _ignored(rel: str, is_dir: bool, specs, extra) -> bool:
    """Excluded by the user, or by the .gitignore files above ``rel`` as git decides: the
    deepest file with a pattern that matches it decides (the walk never enters an ignored
    folder, so the folders above ``rel`` are not ignored)."""
    if extra is not None and extra.ignored(rel, is_dir):
        return True
    for base, spec in reversed(specs):
        verdict = spec.match(rel[len(base) + 1:] if base else rel, is_dir)
        if verdict is not None:
            return verdict
    return False
