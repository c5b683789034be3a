"""Write a file atomically: a temp file in the same folder, fsync, rename, same mode and owner.

A reader (or a crash, or Ctrl-C) sees either the old bytes or the new ones, never a
half-written file: the new content is complete on disk before ``os.replace`` swaps the
name over, and the rename is atomic within one file system. A symbolic link is followed,
so the link stays a link and its target gets the new content. A file with several hard
links is not written (``HardLinked``): a rename would split it into two files with
different contents, and writing in place would give up atomicity.

An edit made beside the fix is never lost by the fix (``write_atomic``):

- the file is compared with the bytes the fix was computed from before the temp file is
  written, and again once that file is durable, immediately before the rename;
- on Linux a write lease is held on the old file across that last look and the rename: a
  process that opens the file meanwhile is held at its ``open`` until the lease goes, and
  the lease reports it;
- after the rename the old file is looked at once more, through a descriptor still open on
  it, and a second name kept for it until then: if it was written to, or someone is opening
  it to write, that old file is put back in place (with the edit) and the fix is reported as
  not written. Where no lease could be had (the file was open elsewhere), that look first
  waits a while for the other processes to close the old file.

What remains (docs/fix.md): without leases (macOS, Windows, network file systems), or with
the old file kept open elsewhere past that wait, a process that opened it before the rename
and writes to it after the last look.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".nm-tmp"


class ChangedOnDisk(OSError):
    """The file no longer holds the bytes the fix was computed from."""


class HardLinked(OSError):
    """The file has other names: replacing it would split them."""


def write_atomic(path: Path, data: bytes, expected: bytes | None = None) -> None:
    """Replace ``path``'s content with ``data``, keeping its mode, owner and group; refuse
    (``ChangedOnDisk``) if it no longer equals ``expected``."""
    path = Path(os.path.realpath(path))
    if expected is None:
        replace_file(path, data, like=path.stat())
        return
    with open(path, "rb") as old:  # held open: after the rename it still reads the old file
        st = os.fstat(old.fileno())
        if st.st_nlink > 1:
            raise HardLinked(f"it has {st.st_nlink} hard links: fixing it would split them into "
                             "files with different contents")
        if old.read() != expected:
            raise _changed(path)
        replace_file(path, data, like=st, around_rename=_rename_guard(path, old.fileno(), st, expected, data))


def _changed(path: Path) -> ChangedOnDisk:
    return ChangedOnDisk("changed on disk while it was being fixed; run fix again")


def _rename_guard(path: Path, fd: int, st: os.stat_result, expected: bytes, data: bytes) -> Callable:
    """The context ``replace_file`` renames in: the checks around the rename (see the module).
    ``fd`` is open on the old file."""
    def holds_expected() -> bool:
        return os.pread(fd, len(expected) + 1, 0) == expected

    @contextmanager
    def guard() -> Iterator[None]:
        with _lease(fd) as undisturbed:
            now = os.stat(path)
            if (now.st_ino, now.st_dev) != (st.st_ino, st.st_dev) or not undisturbed() \
                    or not holds_expected():
                raise _changed(path)
            aside = _second_name(path)  # (after the nlink check: it is a second link)
            try:
                yield  # the rename
            except BaseException:
                if aside:
                    os.unlink(aside)
                raise
            if undisturbed(renamed=True) and holds_expected():
                if aside:
                    os.unlink(aside)
                return
            # written to, or being opened to write, between the last look and the rename: put
            # the old file back (unless the new one was written to as well: then neither holds every edit)
            if path.read_bytes() != data:
                raise ChangedOnDisk("written to while it was being renamed: check it (an edit may "
                                    "be missing) and run fix again")
            if aside:
                os.replace(aside, path)
            else:
                replace_file(path, _read_all(fd), like=st)
            raise _changed(path)
    return guard


def _second_name(path: Path) -> str | None:
    """A hard link to the old file, so that it can be put back whole after the rename."""
    aside = str(path.parent / f".nm{os.getpid()}-{threading.get_ident() % 10**6}{TEMP_SUFFIX}")
    try:
        os.link(path, aside)
    except OSError:
        return None  # no hard links here: the old file is put back from its bytes instead
    return aside


@contextmanager
def _lease(fd: int) -> Iterator[Callable[..., bool]]:
    """A write lease on ``fd`` (Linux): no other process has the file open while it is held,
    and one opening it meanwhile waits at its ``open``. Yields a test that nobody has tried
    to open it for writing since; elsewhere (or when a lease cannot be had) that test is
    always true, and asked once the name has moved on (``renamed``) it first waits a while
    for the processes that had the old file open to close it, so that what they wrote is seen."""
    fcntl = _fcntl()
    if fcntl is None or threading.current_thread() is not threading.main_thread():
        yield lambda renamed=False: True
        return
    previous = signal.signal(signal.SIGIO, signal.SIG_IGN)  # the break notice: polled instead
    try:
        for attempt in range(10):  # open elsewhere (an append under way?): wait a little
            try:
                fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_WRLCK)
                break
            except BlockingIOError:
                time.sleep(0.001 * (attempt + 1))
            except OSError:
                break  # not the owner, or a file system without leases
        # kept open (an appender under way, an editor, a tail -f) or no lease to be had: the
        # checks around the rename still hold
        if fcntl.fcntl(fd, fcntl.F_GETLEASE) != fcntl.F_WRLCK:
            def settled(renamed: bool = False) -> bool:
                if renamed:
                    _closed_elsewhere(fcntl, fd)  # either way the look at the old file follows
                return True
            yield settled
            return
        try:
            # an open for writing breaks the lease towards F_UNLCK; one for reading, towards
            # F_RDLCK: a reader (an editor, an indexer) is no threat to the edit
            yield lambda renamed=False: fcntl.fcntl(fd, fcntl.F_GETLEASE) != fcntl.F_UNLCK
        finally:
            with contextlib.suppress(OSError):
                fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_UNLCK)
    finally:
        signal.signal(signal.SIGIO, previous)


def _closed_elsewhere(fcntl, fd: int, wait: float = 0.5) -> bool:
    """Wait up to ``wait`` seconds until no other process has ``fd``'s file open (a write lease
    can be had only then), so that an append begun before the rename has been written; True if
    so. After the rename a new ``open`` by name reaches the new file, so the wait ends unless
    the file is kept open (an editor, a tail -f). A fix of a loaded machine lost one append in
    twenty runs of forty files without it (an appender descheduled with the old file open)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_WRLCK)
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.005)
            continue
        except OSError:
            return False
        with contextlib.suppress(OSError):
            fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_UNLCK)
        return True


def _fcntl():
    if not sys.platform.startswith("linux"):
        return None
    import fcntl

    return fcntl if hasattr(fcntl, "F_SETLEASE") else None


def _read_all(fd: int) -> bytes:
    chunks, offset = [], 0
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def replace_file(path: Path, data: bytes, like: os.stat_result | None = None, durable: bool = True,
                 around_rename: Callable | None = None) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it over ``path``: a
    reader sees the old bytes or the new ones, never part of them. ``like``: the old file's
    stat, whose mode, owner and group the new file takes (the owner as far as this user may
    give it: root keeps a mounted repository's owner). ``durable`` syncs the file and the
    folder first (source files; a cache can do without). ``around_rename``: a context the
    rename happens in, once the temp file is complete."""
    with _interrupts_held():
        # a short name: ".<name>.<random>.nm-tmp" passed the 255-byte limit for long names
        fd, tmp = tempfile.mkstemp(prefix=".nm", suffix=TEMP_SUFFIX, dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                if like is not None:
                    _same_owner(fh.fileno(), like)
                    os.fchmod(fh.fileno(), stat.S_IMODE(like.st_mode))
                if durable:
                    fh.flush()
                    os.fsync(fh.fileno())
            with around_rename() if around_rename else contextlib.nullcontext():
                os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    if durable:
        _sync_folder(path.parent)


def _same_owner(fd: int, like: os.stat_result) -> None:
    if not hasattr(os, "fchown"):
        return
    st = os.fstat(fd)
    if (st.st_uid, st.st_gid) == (like.st_uid, like.st_gid):
        return
    try:
        os.fchown(fd, like.st_uid, like.st_gid)
    except OSError:
        with contextlib.suppress(OSError):
            os.fchown(fd, -1, like.st_gid)  # a user may give a group they belong to


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
