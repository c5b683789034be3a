"""Discovery: .gitignore, default excludes, symlinks, special files."""

import os
from pathlib import Path

from neuron_migrate.discover import Candidate, Skipped, discover


def names(root: Path):
    items = list(discover([root], root))
    return (sorted(i.rel for i in items if isinstance(i, Candidate)),
            sorted((i.rel, i.reason) for i in items if isinstance(i, Skipped)))


def test_gitignore_and_default_excludes(tmp_path):
    (tmp_path / "a.py").write_text("")
    (tmp_path / ".gitignore").write_text("gen/\n*_pb2.py\n")
    for d in ("gen", ".venv", "node_modules", "build", "pkg/sub"):
        (tmp_path / d).mkdir(parents=True)
        (tmp_path / d / "x.py").write_text("")
    (tmp_path / "pkg" / "m_pb2.py").write_text("")
    (tmp_path / "pkg" / ".gitignore").write_text("sub/\n")
    found, _ = names(tmp_path)
    assert found == ["a.py"]


def test_symlinks_never_leave_the_root_or_loop(tmp_path):
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (outside / "secret.py").write_text("")
    (root / "ok.py").write_text("")
    os.symlink(outside, root / "out")
    os.symlink(root, root / "loop")
    os.symlink(root / "missing.py", root / "broken.py")
    found, skipped = names(root)
    assert found == ["ok.py"]
    reasons = dict(skipped)
    assert "outside" in reasons["out"] and "broken" in reasons["broken.py"]


def test_fifo_is_skipped(tmp_path):
    os.mkfifo(tmp_path / "pipe.py")
    found, skipped = names(tmp_path)
    assert found == [] and skipped == [("pipe.py", "not a regular file")]
