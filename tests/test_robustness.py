"""Bad input never produces a traceback or a hang, and `fix --apply` never touches it.

Every case runs through the real command line (``neuron_migrate.cli.main`` in this process,
or a subprocess where a hang is the failure being tested for). A file the tool cannot
analyse is an NM9xx finding of severity error, so ``scan`` exits 1 (a gate never
passes by skipping a file); a bad option or overlay is a usage error, exit 2.

Files whose content matters for parsing mention ``torch`` or ``cuda``: a file without any
prefilter word is not parsed at all (nothing in it could be reported).
"""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from neuron_migrate import discover as discover_module
from neuron_migrate import runner
from neuron_migrate.cli import main

GOOD = b"import torch\nx = torch.zeros(3).cuda()\n"
GOOD_FIXED = b'import torch\nx = torch.zeros(3).to("neuron")\n'

# name, bytes, expected code, words the message must hold
BAD_FILES = [
    ("syntax_error.py", b"import torch\ndef f(:\n    pass\n", "NM901", "syntax error"),
    ("python2.py", b"import torch\nprint 'on', torch.cuda.device_count()\n", "NM901", "syntax error"),
    ("latin1_without_cookie.py", "import torch  # café\n".encode("latin-1"), "NM902", "encoding"),
    ("cookie_lies.py", b"# -*- coding: utf-8 -*-\nimport torch\nx = '\xff\xfe'\n", "NM902", "cannot decode"),
    ("unknown_cookie.py", b"# -*- coding: klingon -*-\nimport torch\n", "NM902", "encoding"),
    ("bom_and_latin1_cookie.py", b"\xef\xbb\xbf# coding: latin-1\nimport torch\n", "NM902", "encoding"),
    ("nul_bytes.py", b"import torch\nx = 1\x00\n", "NM902", "NUL"),
    ("binary.py", bytes(range(1, 256)) * 64, "NM902", "cannot decode"),
    ("binary_with_nul.py", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8, "NM902", "NUL"),
    ("nested_parens.py", b"import torch\nx = " + b"(" * 10_000 + b"1" + b")" * 10_000 + b"\n",
     "NM901", "too many nested parentheses"),
    ("deep_not.py", b"import torch\nx = " + b"not " * 10_000 + b"y\n", "NM903", "too deeply nested"),
]


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out and "Traceback" not in err, err
    return code, out, err


def scan_json(capsys, *args) -> tuple[int, dict]:
    code, out, _ = run(capsys, "scan", *args, "-f", "json", "--no-cache")
    return code, json.loads(out)


def by_path(doc: dict) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for f in doc["findings"]:
        out.setdefault(f["path"], []).append(f)
    return out


def write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


# -- files the tool cannot analyse -------------------------------------------------------------

@pytest.fixture
def bad_tree(tmp_path) -> Path:
    for name, data, _, _ in BAD_FILES:
        write(tmp_path, name, data)
    write(tmp_path, "good.py", GOOD)
    return tmp_path


def test_each_bad_file_is_one_clear_finding(capsys, bad_tree):
    code, doc = scan_json(capsys, bad_tree)
    found = by_path(doc)
    assert code == 1
    for name, _, expected, words in BAD_FILES:
        assert [f["code"] for f in found.get(name, [])] == [expected], name
        f = found[name][0]
        assert words in f["message"], (name, f["message"])
        assert f["severity"] == "error" and f["line"] >= 1 and f["column"] >= 1
    assert [f["code"] for f in found["good.py"]] == ["NM102"]
    assert doc["files"]["scanned"] == len(BAD_FILES) + 1


def test_text_report_of_bad_files(capsys, bad_tree):
    code, out, _ = run(capsys, "scan", bad_tree, "--no-cache")
    assert code == 1
    for name, _, expected, _ in BAD_FILES:
        assert name in out and expected in out


def test_fix_apply_leaves_bad_files_byte_identical(capsys, bad_tree):
    code, _, err = run(capsys, "fix", bad_tree, "--apply")
    assert code == 1  # the NM9xx errors are left for a person
    for name, data, _, _ in BAD_FILES:
        assert (bad_tree / name).read_bytes() == data, name
    assert (bad_tree / "good.py").read_bytes() == GOOD_FIXED  # the fix did run
    assert not [p.name for p in bad_tree.iterdir() if p.name.endswith(".nm-tmp")]


def test_fix_diff_and_check_on_bad_files(capsys, bad_tree):
    code, out, _ = run(capsys, "fix", bad_tree)
    assert code == 1
    assert "good.py" in out and not any(name in out for name, *_ in BAD_FILES)
    code, _, _ = run(capsys, "fix", bad_tree, "--check")
    assert code == 1


def test_empty_files(capsys, tmp_path):
    write(tmp_path, "empty.py", b"")
    write(tmp_path, "blank.py", b"\n\n   \n")
    write(tmp_path, "__init__.py", b"")
    code, doc = scan_json(capsys, tmp_path)
    assert code == 0 and doc["findings"] == [] and doc["files"]["scanned"] == 3
    code, _, _ = run(capsys, "fix", tmp_path, "--apply")
    assert code == 0 and (tmp_path / "empty.py").read_bytes() == b""


# -- encodings and line endings the tool must keep ----------------------------------------------

@pytest.mark.parametrize("name, before, after, line", [
    ("bom.py", b"\xef\xbb\xbf" + GOOD, b"\xef\xbb\xbf" + GOOD_FIXED, 2),
    ("crlf.py", GOOD.replace(b"\n", b"\r\n"), GOOD_FIXED.replace(b"\n", b"\r\n"), 2),
    ("cr_only.py", GOOD.replace(b"\n", b"\r"), GOOD_FIXED.replace(b"\n", b"\r"), 2),
    ("latin1_cookie.py", b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + GOOD,
     b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + GOOD_FIXED, 4),
    ("mixed_endings.py", b"import torch\r\n# note\nx = torch.zeros(3).cuda()\r\n",
     b'import torch\r\n# note\nx = torch.zeros(3).to("neuron")\r\n', 3),
])
def test_encodings_and_line_endings_survive_a_fix(capsys, tmp_path, name, before, after, line):
    write(tmp_path, name, before)
    code, doc = scan_json(capsys, tmp_path)
    assert code == 1
    assert [(f["code"], f["line"], f["column"]) for f in doc["findings"]] == [("NM102", line, 5)]
    code, _, _ = run(capsys, "fix", tmp_path, "--apply")
    assert (tmp_path / name).read_bytes() == after


# -- size and depth -----------------------------------------------------------------------------

def test_multi_megabyte_generated_file(capsys, tmp_path):
    lines = [f"table_{i} = [{i}, {i + 1}, {i + 2}, 'generated value number {i}']\n" for i in range(45_000)]
    data = ("import torch\n" + "".join(lines) + "x = torch.zeros(3).cuda()\n").encode()
    assert len(data) > 2_500_000
    write(tmp_path, "generated.py", data)
    code, doc = scan_json(capsys, tmp_path)
    assert code == 1
    assert [(f["code"], f["line"]) for f in doc["findings"]] == [("NM102", len(lines) + 2)]


def test_file_larger_than_the_limit(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "MAX_BYTES", 1000)
    big = write(tmp_path, "big.py", b"import torch\n" + b"x = 1\n" * 400)
    code, doc = scan_json(capsys, tmp_path)
    assert code == 1
    [f] = doc["findings"]
    assert f["code"] == "NM904" and "larger than" in f["message"]
    code, _, _ = run(capsys, "fix", tmp_path, "--apply")
    assert big.read_bytes() == b"import torch\n" + b"x = 1\n" * 400


def test_long_sum_is_analysed_by_the_iterative_walk(capsys, tmp_path):
    """600 terms nest 600 BinOps deep: a recursive visitor (two frames a level) overflows."""
    expr = " + ".join(f"w{i}" for i in range(600))
    write(tmp_path, "long_sum.py", f"import torch\ntotal = {expr}\nx = total.cuda()\n".encode())
    code, doc = scan_json(capsys, tmp_path)
    assert [(f["code"], f["line"]) for f in doc["findings"]] == [("NM102", 3)]
    run(capsys, "fix", tmp_path, "--apply")
    assert (tmp_path / "long_sum.py").read_bytes().endswith(b'x = total.to("neuron")\n')


def test_sum_deeper_than_a_check_can_follow_is_a_finding_not_a_crash(capsys, tmp_path):
    """CPython parses a 1,500-term sum; a check that recurses on it must not end the scan."""
    expr = " + ".join(["x"] * 1500)
    source = ("import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n"
              f"        y = {expr}\n        return y.cuda()\n")
    write(tmp_path, "deeper.py", source.encode())
    write(tmp_path, "good.py", GOOD)
    code, doc = scan_json(capsys, tmp_path)
    found = by_path(doc)
    assert code == 1 and [f["code"] for f in found["good.py"]] == ["NM102"]
    codes = {f["code"] for f in found["deeper.py"]}
    assert "NM102" in codes or codes == {"NM903"}, codes


def test_a_device_chosen_in_a_lambda_is_read_not_a_crash(capsys, tmp_path):
    """A dataclass field's ``default_factory=lambda: "cuda" if ... else "cpu"``: the conditional's
    scope is the lambda, whose body is an expression (emltorch's config; the crash left the whole
    file unread, so its trainer's compiled ``fit`` traced nothing)."""
    write(tmp_path, "config.py", b"import torch\nfrom dataclasses import dataclass, field\n\n\n@dataclass\n"
          b"class Config:\n    device: str = field(default_factory=lambda: "
          b"\"cuda\" if torch.cuda.is_available() else \"cpu\")\n")
    code, doc = scan_json(capsys, tmp_path)
    assert [(f["code"], f["line"]) for f in doc["findings"]] == [("NM118", 7), ("NM103", 7)]


# -- bugs in the tool ----------------------------------------------------------------------------

def test_a_check_that_raises_is_one_finding_and_the_scan_goes_on(capsys, tmp_path, monkeypatch):
    import ast

    from neuron_migrate import checks

    def broken(node, ctx):
        if ctx.src.path == "trips.py":
            raise KeyError("a bug")

    monkeypatch.setitem(checks.HANDLERS, ast.Call, [*checks.HANDLERS[ast.Call], broken])
    write(tmp_path, "trips.py", GOOD)
    write(tmp_path, "fine.py", GOOD)
    code, doc = scan_json(capsys, tmp_path)
    found = by_path(doc)
    assert code == 1 and [f["code"] for f in found["fine.py"]] == ["NM102"]
    [f] = found["trips.py"]
    assert f["code"] == "NM999" and f["severity"] == "error"
    assert f["message"].startswith("internal error in traversal.py:") and "KeyError: 'a bug'" in f["message"]
    code, _, _ = run(capsys, "fix", tmp_path, "--apply")
    assert (tmp_path / "trips.py").read_bytes() == GOOD and (tmp_path / "fine.py").read_bytes() == GOOD_FIXED


def test_an_analyser_that_raises_outside_the_checks(capsys, tmp_path, monkeypatch):
    from neuron_migrate import formats

    real = formats.analyse

    def flaky(kind, path, data, options):
        if path == "trips.py":
            raise MemoryError()
        return real(kind, path, data, options)

    monkeypatch.setattr(formats, "analyse", flaky)
    write(tmp_path, "trips.py", GOOD)
    write(tmp_path, "fine.py", GOOD)
    code, doc = scan_json(capsys, tmp_path)
    found = by_path(doc)
    assert code == 1 and [f["code"] for f in found["fine.py"]] == ["NM102"]
    assert [f["code"] for f in found["trips.py"]] == ["NM999"]


# -- what is not a regular file -----------------------------------------------------------------

def test_symlink_loops_and_dangling_links(capsys, tmp_path):
    (tmp_path / "pkg").mkdir()
    write(tmp_path / "pkg", "m.py", GOOD)
    (tmp_path / "pkg" / "loop").symlink_to(tmp_path / "pkg")  # a folder containing itself
    (tmp_path / "a.py").symlink_to(tmp_path / "b.py")
    (tmp_path / "b.py").symlink_to(tmp_path / "a.py")  # two links pointing at each other
    (tmp_path / "gone.py").symlink_to(tmp_path / "nowhere.py")
    code, doc = scan_json(capsys, tmp_path)
    assert code == 1
    assert {f["path"] for f in doc["findings"]} == {"pkg/m.py"}
    skipped = {s["path"]: s["reason"] for s in doc["files"]["skipped"]}
    assert all("link" in skipped[p] for p in ("a.py", "b.py", "gone.py")), skipped
    code, _, _ = run(capsys, "fix", tmp_path, "--apply")
    assert (tmp_path / "pkg" / "m.py").read_bytes() == GOOD_FIXED
    assert os.readlink(tmp_path / "a.py") == str(tmp_path / "b.py")


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The command in a subprocess: a hang fails the test instead of blocking the suite."""
    return subprocess.run([sys.executable, "-m", "neuron_migrate", *args], capture_output=True,
                          text=True, timeout=timeout)


def test_fifos_sockets_and_devices_never_block(tmp_path):
    os.mkfifo(tmp_path / "pipe.py")
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(tmp_path / "sock.py"))
        write(tmp_path, "good.py", GOOD)
        proc = _cli("scan", str(tmp_path), "-f", "json", "--no-cache")
        assert proc.returncode == 1, proc.stderr
        doc = json.loads(proc.stdout)
        skipped = {s["path"]: s["reason"] for s in doc["files"]["skipped"]}
        assert skipped == {"pipe.py": "not a regular file", "sock.py": "not a regular file"}
        # named explicitly, the same files are findings (nothing passes by being skipped)
        proc = _cli("scan", str(tmp_path / "pipe.py"), str(tmp_path / "sock.py"), "/dev/null",
                    "-f", "json", "--no-cache")
        assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
        found = json.loads(proc.stdout)["findings"]
        assert [f["code"] for f in found] == ["NM904"] * 3
        assert all("not a regular file" in f["message"] for f in found)
        proc = _cli("fix", str(tmp_path), "--apply")
        assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
        assert "skipped pipe.py: not a regular file" in proc.stderr
        assert (tmp_path / "good.py").read_bytes() == GOOD_FIXED
        assert stat.S_ISFIFO((tmp_path / "pipe.py").lstat().st_mode)
        assert stat.S_ISSOCK((tmp_path / "sock.py").lstat().st_mode)


@pytest.mark.parametrize("cached", [False, True], ids=["no-cache", "cache"])
def test_file_deleted_after_discovery(capsys, tmp_path, monkeypatch, cached):
    write(tmp_path, "stays.py", GOOD)
    victim = write(tmp_path, "vanishes.py", GOOD)
    real = runner.discover

    def discover_then_delete(*args, **kwargs):
        items = list(real(*args, **kwargs))
        victim.unlink()  # after discovery, before analysis: deterministic
        yield from items

    monkeypatch.setattr(runner, "discover", discover_then_delete)
    code, out, _ = run(capsys, "scan", tmp_path, "-f", "json", *([] if cached else ["--no-cache"]))
    found = by_path(json.loads(out))
    assert code == 1
    [f] = found["vanishes.py"]
    assert f["code"] == "NM904" and "No such file" in f["message"]
    assert [f["code"] for f in found["stays.py"]] == ["NM102"]


def test_file_deleted_before_fix(capsys, tmp_path, monkeypatch):
    write(tmp_path, "stays.py", GOOD)
    victim = write(tmp_path, "vanishes.py", GOOD)
    real = discover_module.discover

    def discover_then_delete(*args, **kwargs):
        items = list(real(*args, **kwargs))
        victim.unlink()
        yield from items

    monkeypatch.setattr(runner, "discover", discover_then_delete)  # scan and fix find files there
    code, _, err = run(capsys, "fix", tmp_path, "--apply")
    assert code == 1 and "NM904" in err
    assert (tmp_path / "stays.py").read_bytes() == GOOD_FIXED and not victim.exists()


def _deny(monkeypatch, path: Path) -> None:
    """Reading ``path`` fails with EACCES, as chmod 000 does for anyone but root."""
    real_open = os.open

    def guarded(file, flags, *args, **kwargs):
        if os.fspath(file) == str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(runner.os, "open", guarded)


@pytest.mark.parametrize("cached", [False, True], ids=["no-cache", "cache"])
def test_unreadable_file(capsys, tmp_path, monkeypatch, cached):
    locked = write(tmp_path, "locked.py", GOOD)
    write(tmp_path, "open.py", GOOD)
    if os.geteuid() == 0:  # root reads through chmod 000
        _deny(monkeypatch, locked)
    else:
        locked.chmod(0)
    code, out, _ = run(capsys, "scan", tmp_path, "-f", "json", *([] if cached else ["--no-cache"]))
    found = by_path(json.loads(out))
    assert code == 1
    [f] = found["locked.py"]
    assert f["code"] == "NM904" and "Permission denied" in f["message"]
    code, _, err = run(capsys, "fix", tmp_path, "--apply")
    assert code == 1 and "NM904" in err
    locked.chmod(0o644)
    assert locked.read_bytes() == GOOD


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_chmod_000_file(capsys, tmp_path):
    locked = write(tmp_path, "locked.py", GOOD)
    locked.chmod(0)
    try:
        code, doc = scan_json(capsys, tmp_path)
        assert code == 1 and [f["code"] for f in doc["findings"]] == ["NM904"]
    finally:
        locked.chmod(0o644)


# -- notebooks and capability overlays ----------------------------------------------------------

NOTEBOOKS = [
    ("truncated.ipynb", b'{"cells": [{"cell_type": "code", "source": ["x.cu'),
    ("merge_conflict.ipynb", b'<<<<<<< HEAD\n{"cells": []}\n=======\n{}\n>>>>>>> branch\n'),
    ("nbformat3.ipynb", b'{"nbformat": 3, "nbformat_minor": 0, "worksheets": []}'),
    ("not_utf8.ipynb", '{"cells": [], "metadata": {"x": "café"}}'.encode("utf-16")),
    ("cells_not_a_list.ipynb", b'{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": 7}'),
    ("empty.ipynb", b""),
]


def test_malformed_notebooks(capsys, tmp_path):
    if discover_module.file_kind("x.ipynb") != "notebook":
        pytest.skip("notebooks are not analysed by this version")
    for name, data in NOTEBOOKS:
        write(tmp_path, name, data)
    code, doc = scan_json(capsys, tmp_path)
    found = by_path(doc)
    assert code == 1
    for name, _ in NOTEBOOKS:
        assert [f["code"] for f in found.get(name, [])] == ["NM906"], (name, found.get(name))
    code, _, _ = run(capsys, "fix", tmp_path, "--apply")
    for name, data in NOTEBOOKS:
        assert (tmp_path / name).read_bytes() == data, name


@pytest.mark.parametrize("overlay, words", [
    ("nope: [\n", "cannot load"),
    ("- just\n- a list\n", "mapping"),
    ("schema_version: 1\nfoo: 1\n", "unknown key 'foo'"),
    ("schema_version: 7\n", "schema_version"),
    ("\x00\x01binary", "cannot load"),
])
def test_malformed_capability_overlay_is_a_usage_error(capsys, tmp_path, overlay, words):
    write(tmp_path, "good.py", GOOD)
    bad = write(tmp_path, "overlay.yaml", overlay.encode())
    code, out, err = run(capsys, "scan", tmp_path, "--no-cache", "--capabilities", bad)
    assert code == 2 and out == ""
    assert err.startswith("neuron-migrate: error: ") and str(bad) in err and words in err, err


def test_missing_capability_overlay(capsys, tmp_path):
    code, _, err = run(capsys, "scan", tmp_path, "--capabilities", tmp_path / "missing.yaml")
    assert code == 2 and "no such capability overlay" in err


# -- the process pool ---------------------------------------------------------------------------

def test_bad_files_through_the_process_pool(tmp_path):
    """Enough files for the pool: workers turn bad input into findings just the same."""
    for i in range(runner.POOL_THRESHOLD):
        write(tmp_path, f"good_{i}.py", GOOD)
    for name, data, _, _ in BAD_FILES:
        write(tmp_path, name, data)
    proc = _cli("scan", str(tmp_path), "-f", "json", "--no-cache", "--jobs", "2", timeout=300)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    found = by_path(json.loads(proc.stdout))
    for name, _, expected, _ in BAD_FILES:
        assert [f["code"] for f in found[name]] == [expected], name
    assert sum(1 for p in found if p.startswith("good_")) == runner.POOL_THRESHOLD


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="Python 3.12 parses PEP 701 f-strings")
def test_an_f_string_of_python_3_12_says_which_python_reads_it(tmp_path, capsys):
    """facebookresearch/lingua writes f"{str(Path(d) / "checkpoints")}": valid Python 3.12, a syntax
    error for 3.11's parser. The finding says so, rather than call the code wrong."""
    (tmp_path / "train.py").write_text('import torch\nname = f"{"a" + "b"}"\n')
    (tmp_path / "nb.ipynb").write_text(json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [],
                                                              "source": ['x = f"{"a"}"\n']}],
                                                   "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    _, doc = scan_json(capsys, tmp_path)
    messages = [f["message"] for f in doc["findings"] if f["code"] == "NM901"]
    assert len(messages) == 2 and all("Python 3.12 reads f-strings more freely, PEP 701" in m for m in messages), messages


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="Python 3.12 parses PEP 695 type parameters")
def test_type_parameters_of_python_3_12_say_which_python_reads_them(tmp_path, capsys):
    """huggingface/lerobot writes `type FeatureDict = dict[str, ...]` and `class Backtrackable[T]:`:
    valid Python 3.12, a syntax error for 3.11's parser. The finding says so; a plain syntax error
    stays plain."""
    (tmp_path / "alias.py").write_text("import torch\ntype FeatureDict = dict[str, torch.Tensor]\n")
    (tmp_path / "generic.py").write_text("import torch\nclass Backtrackable[T]:\n    pass\n")
    (tmp_path / "broken.py").write_text("import torch\nx = = 1\n")
    _, doc = scan_json(capsys, tmp_path)
    messages = {f["path"]: f["message"] for f in doc["findings"] if f["code"] == "NM901"}
    assert all("Python 3.12 syntax: type parameters and aliases, PEP 695" in messages[p]
               for p in ("alias.py", "generic.py")), messages
    assert messages["broken.py"] == "syntax error: invalid syntax"
