"""Write a file atomically: a temp file in the same folder, fsync, rename, same mode.

A reader (or a crash, or Ctrl-C) sees either the old bytes or the new ones, never a
half-written file: the new content is complete on disk before ``os.replace`` swaps the
name over, and the rename is atomic within one file system. A symbolic link is followed,
so the link stays a link and its target gets the new content. A hard link is replaced by a
new file (its other names keep the old content), as with any editor that saves atomically.
"""

from __future__ import annotations

import os
import stat
import tempfile
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
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


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
