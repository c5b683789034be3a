"""Gitignore matching against git itself: the files git lists as ignored are the ones
``IgnoreSpec`` ignores, for hand-picked patterns and for generated ones."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from neuron_migrate.discover import Candidate, discover
from neuron_migrate.ignore import IgnoreSpec, parse_line, translate

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

# A tree with names that the patterns below can tell apart (no DEFAULT_EXCLUDES folder names).
FILES = [
    "a.py", "b.pyc", "c.txt", ".hidden", "x y.py", "x ", "#c.py", "!bang.py", "star*.py",
    "[ab].py", "q.py", "qq.py", "a1.py", "aZ.py", "a-.py",
    "src/a.py", "src/b.pyc", "src/c.txt", "src/lib/a.py", "src/lib/deep/z.py", "src/lib/deep/a.py",
    "docs/_gen/a.py", "docs/a.py", "docs/src/a.py", "out/a.py", "out/keep.py", "out/sub/keep.py",
    "data/a.json", "data/x/a.json", "logs/run.log", "a/b/c/d.py", "a/x/b/c.py", "a/b.py",
    "foo/bar/baz.py", "foo/baz.py", "bar/foo/q.py", "abc/a.py", "abcd/a.py", ".coverage.x",
    ".coverage", "lib64/a.py", "Foo.py", "foo.PY",
]

PATTERNS = [
    ["*.pyc"], ["*.py"], ["/a.py"], ["a.py"], ["src/"], ["src"], ["/src/lib/"], ["lib/"],
    ["lib"], ["src/*.py"], ["src/**/a.py"], ["**/a.py"], ["a/**"], ["a/**/d.py"], ["**"],
    ["docs/_gen/"], ["docs/*/a.py"], ["*", "!*/", "!*.py"], ["*.py", "!a.py"],
    ["out/", "!out/keep.py"], ["out/*", "!out/keep.py"], ["out/**", "!out/**/", "!keep.py"],
    ["?.py"], ["??.py"], ["[ab].py"], ["[!ab].py"], ["[^ab].py"], ["a[0-9].py"], ["a[a-zA-Z].py"],
    ["a[-].py"], ["a[z-a].py"], ["\\[ab].py"], ["star\\*.py"], ["\\!bang.py"], ["\\#c.py"],
    ["#c.py"], ["x\\ "], ["x "], ["x y.py"], [".*"], ["!.hidden", ".*"], [".coverage*"],
    ["*.json", "!data/"], ["data/", "!data/a.json"], ["/*/a.py"], ["*/a.py"], ["abc*/"],
    ["abc?/"], ["deep/"], ["/deep/"], ["foo/bar"], ["bar/"], ["**/foo"], ["**/foo/**"],
    ["foo/**/baz.py"], ["lib[0-9][0-9]/"], ["a[[:digit:]].py"], ["[[:upper:]]oo.py"],
    ["*.PY"], ["a/b"], ["a/b/"], ["*/b/"], ["a/*/b/"], ["***.py"], ["src/**/"], ["/"], ["!a.py"],
    ["[a", "c.txt"], ["a\\"], ["src//"],
]


def _make_tree(root: Path) -> None:
    for f in FILES:
        p = root / f
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("x\n")


def _git_ignored(root: Path) -> set[str]:
    """The files git ignores under ``root`` (a fresh repository with nothing tracked)."""
    out = subprocess.run(["git", "ls-files", "--others", "--ignored", "--exclude-standard", "-z"],
                         cwd=root, capture_output=True, check=True).stdout.decode()
    return {p for p in out.split("\0") if p and p != ".gitignore"}


def _ours(spec: IgnoreSpec) -> set[str]:
    return {f for f in FILES if spec.ignored(f)}


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("ignore")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    _make_tree(root)
    return root


def _compare(repo: Path, lines: list[str]) -> None:
    (repo / ".gitignore").write_text("".join(f"{line}\n" for line in lines))
    assert _ours(IgnoreSpec(lines)) == _git_ignored(repo), lines


@pytest.mark.parametrize("lines", PATTERNS, ids=["|".join(p) for p in PATTERNS])
def test_patterns_match_as_git_matches_them(repo: Path, lines: list[str]) -> None:
    _compare(repo, lines)


_PIECES = st.sampled_from(["a", "b", "src", "lib", "deep", "out", "*", "**", "?", "[ab]", "[!a]",
                           "*.py", "a*", "*b*", ".*", "keep.py", "a.py", "c.txt", "x"])


@st.composite
def _pattern(draw) -> str:
    parts = draw(st.lists(_PIECES, min_size=1, max_size=3))
    text = "/".join(parts)
    if draw(st.booleans()):
        text = "/" + text
    if draw(st.booleans()):
        text += "/"
    if draw(st.integers(0, 3)) == 0:
        text = "!" + text
    return text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_pattern(), min_size=1, max_size=4))
def test_generated_patterns_match_as_git_matches_them(repo: Path, lines: list[str]) -> None:
    _compare(repo, lines)


def test_nested_gitignores_and_excludes_as_git_sees_them(tmp_path: Path) -> None:
    """Discovery through .gitignore files at several levels finds the Python files git does not ignore."""
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    _make_tree(tmp_path)
    (tmp_path / ".gitignore").write_text("*.txt\nout/*\n!out/keep.py\nlib/\n")
    (tmp_path / "src" / ".gitignore").write_text("/a.py\n!lib/\n")  # the deeper file decides
    (tmp_path / "docs" / ".gitignore").write_text("*\n!*/\n!a.py\n")
    (tmp_path / "a" / ".gitignore").write_text("b/\n")
    out = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "-z"], cwd=tmp_path,
                         capture_output=True, check=True).stdout.decode()
    kept = {p for p in out.split("\0") if p.endswith(".py")}
    found = {c.rel for c in discover([tmp_path], tmp_path) if isinstance(c, Candidate) and c.kind == "python"}
    assert found == kept
    assert {"out/keep.py", "src/lib/a.py", "docs/a.py"} <= found
    assert not {"src/a.py", "out/a.py", "a/b/c/d.py"} & found


def test_lines_and_translation() -> None:
    assert parse_line("# comment") is None and parse_line("") is None and parse_line("/") is None
    p = parse_line("!/build/ ")
    assert p is not None and (p.body, p.negated, p.dir_only, p.anchored) == ("build", True, True, True)
    assert parse_line("x\\ ").body == "x\\ "
    assert translate("a[") is None  # an unclosed class matches nothing, as in git
    assert IgnoreSpec(["*.py"]).ignored("deep/down/x.py")
    assert not IgnoreSpec(["build/"]).ignored("build")  # a file named build: not a folder
    assert IgnoreSpec(["build/"]).ignored("build", is_dir=True)
    assert IgnoreSpec(["build/"]).ignored("build/x.py")  # inside an ignored folder
