"""Write a file atomically: a temp file in the same folder, fsync, rename, same mode.

A reader (or a crash, or Ctrl-C) sees either the old bytes or the new ones, never a
half-written file: the new content is complete on disk before ``os.replace`` swaps the
name over, and the rename is atomic within one file system. A symbolic link is followed,
so the link stays a link and its target gets the new content. A hard link is replaced by a
new file (its other names keep the old content), as with any editor that saves atomically.
"""

from __future__ import annotations

import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".nm-tmp"


class ChangedOnDisk(OSError):
    """The file no longer holds the bytes the fix was computed from."""


def write_atomic(path: Path, data: bytes, expected: bytes | None = None) -> None:
    """Replace ``path``'s content with ``data``; refuse if it no longer equals ``expected``."""
    path = Path(os.path.realpath(path))
    mode = stat.S_IMODE(path.stat().st_mode)
    if expected is not None and path.read_bytes() != expected:
        raise ChangedOnDisk(f"{path.name} changed on disk while it was being fixed; run fix again")
    replace_file(path, data, mode=mode)


def replace_file(path: Path, data: bytes, mode: int | None = None, durable: bool = True) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it over ``path``: a
    reader sees the old bytes or the new ones, never part of them. ``durable`` syncs the
    file and the folder first (source files; a cache can do without)."""
    with _interrupts_held():
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                if durable:
                    fh.flush()
                    os.fsync(fh.fileno())
            if mode is not None:
                os.chmod(tmp, mode)
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
