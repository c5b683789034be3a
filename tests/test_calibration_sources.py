"""benchmarks/calibration/sources.py reads downloaded releases as hostile input (no network here)."""

import hashlib
import io
import stat
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks" / "calibration"))
import sources  # noqa: E402


def _wheel(entries) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data, mode in entries:
            info = zipfile.ZipInfo(name)
            info.external_attr = mode << 16
            z.writestr(info, data)
    return buf.getvalue()


def _sdist(entries) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        for name, data, kind in entries:
            info = tarfile.TarInfo(name)
            info.type = kind
            if kind == tarfile.SYMTYPE or kind == tarfile.LNKTYPE:
                info.linkname = "/etc/passwd"
                t.addfile(info)
            else:
                info.size = len(data)
                t.addfile(info, io.BytesIO(data))
    return buf.getvalue()


REG = stat.S_IFREG | 0o644


def test_a_wheel_gives_its_py_files_only(tmp_path):
    data = _wheel([("pkg/__init__.py", b"x = 1\n", REG), ("pkg/m.py", b"y = 2\n", 0o600),
                   ("pkg/t.jinja", b"{{ x }}", REG), ("pkg-1.0.dist-info/RECORD", b"", REG),
                   ("pkg-1.0.data/scripts/s.py", b"", REG)])
    assert sources.unpack("pkg-1.0-py3-none-any.whl", data, tmp_path / "src") == 2
    assert sorted(p.relative_to(tmp_path / "src").as_posix() for p in (tmp_path / "src").rglob("*.py")) == \
        ["pkg/__init__.py", "pkg/m.py"]


def test_an_sdist_loses_its_top_folder(tmp_path):
    data = _sdist([("pkg-1.0/pkg/__init__.py", b"x = 1\n", tarfile.REGTYPE), ("pkg-1.0/setup.py", b"", tarfile.REGTYPE)])
    sources.unpack("pkg-1.0.tar.gz", data, tmp_path / "src")
    assert (tmp_path / "src" / "pkg" / "__init__.py").read_bytes() == b"x = 1\n"
    assert (tmp_path / "src" / "setup.py").is_file()


@pytest.mark.parametrize("name", ["../evil.py", "/abs/evil.py", "pkg/../../evil.py", "C:/evil.py", "pkg\\..\\evil.py"])
def test_members_outside_the_folder_refuse_the_release(tmp_path, name):
    for filename, data in (("p-1-py3-none-any.whl", _wheel([("pkg/ok.py", b"", REG), (name, b"", REG)])),
                           ("p-1.tar.gz", _sdist([("p-1/pkg/ok.py", b"", tarfile.REGTYPE), (name, b"", tarfile.REGTYPE)]))):
        with pytest.raises(sources.Refused):
            sources.unpack(filename, data, tmp_path / "src")
        assert not (tmp_path / "src").exists()  # nothing written, not even the good member


def test_links_and_devices_refuse_the_release(tmp_path):
    cases = [("p-1-py3-none-any.whl", _wheel([("pkg/link.py", b"/etc/passwd", stat.S_IFLNK | 0o777)])),
             ("p-1.tar.gz", _sdist([("p-1/pkg/link.py", b"", tarfile.SYMTYPE)])),
             ("p-1.tar.gz", _sdist([("p-1/pkg/hard.py", b"", tarfile.LNKTYPE)])),
             ("p-1.tar.gz", _sdist([("p-1/pkg/fifo", b"", tarfile.FIFOTYPE)])),
             ("p-1.zip", _wheel([("pkg/a.py", b"", REG)]))]  # neither a wheel nor a .tar.gz
    for filename, data in cases:
        with pytest.raises(sources.Refused):
            sources.unpack(filename, data, tmp_path / "src")
    assert not (tmp_path / "src").exists()


def test_a_download_must_match_its_pin(tmp_path):
    f = tmp_path / "p-1.tar.gz"
    f.write_bytes(b"release")
    good = hashlib.sha256(b"release").hexdigest()
    assert sources._download(f.as_uri(), good) == b"release"
    with pytest.raises(sources.Refused, match="pinned"):
        sources._download(f.as_uri(), "0" * 64)


def test_every_pin_has_one_hash_and_a_folder(tmp_path):
    pins = sources.pins()
    assert pins and all(name in sources.FOLDERS for name, _, _ in pins)
    bad = tmp_path / "r.txt"
    bad.write_text("timm>=1.0\n", encoding="utf-8")
    with pytest.raises(ValueError, match="pinned"):
        sources.pins(bad)
    assert sources.missing(tmp_path) == [f"{n}=={v}" for n, v, _ in pins]  # nothing unpacked there
