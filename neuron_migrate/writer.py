"""Write a file atomically: a temp file in the same folder, fsync, rename, same mode.

A reader (or a crash, or Ctrl-C) sees either the old bytes or the new ones, never a
half-written file: the new content is complete on disk before ``os.replace`` swaps the
name over, and the rename is atomic within one file system. A symbolic link is followed,
so the link stays a link and its target gets the new content. A hard link is replaced by a
new file (its other names keep the old content), as with any editor that saves atomically.

An edit made beside the fix is never lost by the fix: the file is compared with the bytes
the fix was computed from once the new content is durable, immediately before the rename,
and once more after it (through a descriptor still open on the old file). A write that
lands in between is put back and reported. What remains is a writer that opened the old
file before the rename and writes to it after that last look (docs/fix.md).
"""

from __future__ import annotations

import os
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".nm-tmp"


class ChangedOnDisk(OSError):
    """The file no longer holds the bytes the fix was computed from."""


def write_atomic(path: Path, data: bytes, expected: bytes | None = None) -> None:
    """Replace ``path``'s content with ``data``; refuse if it no longer equals ``expected``
    (checked before the temp file is written, right before the rename, and after it)."""
    path = Path(os.path.realpath(path))
    if expected is None:
        replace_file(path, data, mode=stat.S_IMODE(path.stat().st_mode))
        return
    with open(path, "rb") as old:  # held open: after the rename it still reads the old file
        st = os.fstat(old.fileno())
        if old.read() != expected:
            raise _changed(path)

        def unchanged() -> None:
            """The last look before the rename: same file, same bytes."""
            now = os.stat(path)
            if (now.st_ino, now.st_dev) != (st.st_ino, st.st_dev) or os.pread(
                    old.fileno(), len(expected) + 1, 0) != expected:
                raise _changed(path)

        replace_file(path, data, mode=stat.S_IMODE(st.st_mode), before_rename=unchanged)
        if os.pread(old.fileno(), len(expected) + 1, 0) != expected:
            # written to between the last look and the rename: put that edit back, unless
            # the new file was written to as well (then no version holds every edit)
            def untouched() -> None:
                if path.read_bytes() != data:
                    raise ChangedOnDisk(f"{path.name} was written to while it was being renamed; "
                                        "check it (an edit may be missing) and run fix again")

            replace_file(path, _read_all(old.fileno()), mode=stat.S_IMODE(st.st_mode),
                         before_rename=untouched)
            raise _changed(path)


def _changed(path: Path) -> ChangedOnDisk:
    return ChangedOnDisk(f"{path.name} changed on disk while it was being fixed; run fix again")


def _read_all(fd: int) -> bytes:
    chunks, offset = [], 0
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def replace_file(path: Path, data: bytes, mode: int | None = None, durable: bool = True,
                 before_rename: Callable[[], None] | None = None) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it over ``path``: a
    reader sees the old bytes or the new ones, never part of them. ``durable`` syncs the
    file and the folder first (source files; a cache can do without). ``before_rename``
    runs once the temp file is complete; if it raises, nothing is renamed."""
    with _interrupts_held():
        # a short name: ".<name>.<random>.nm-tmp" would pass the 255-byte limit for long names
        fd, tmp = tempfile.mkstemp(prefix=".nm", suffix=TEMP_SUFFIX, dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                if durable:
                    fh.flush()
                    os.fsync(fh.fileno())
            if mode is not None:
                os.chmod(tmp, mode)
            if before_rename is not None:
                before_rename()
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    if durable:
        _sync_folder(path.parent)


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until the write is over, then deliver them: a signal inside
    ``mkstemp`` or before the cleanup is entered would otherwise leave the temp file behind.
    (Handlers, not a signal mask: the pool's threads would take a masked signal. SIGKILL
    cannot be held; it leaves a temp file at worst, never a half-written source file.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    held = (signal.SIGINT, signal.SIGTERM)
    previous = {s: signal.signal(s, lambda signum, _frame: caught.append(signum)) for s in held}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        for s in dict.fromkeys(caught):
            signal.raise_signal(s)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
