"""Acceptance of `fix` on copies of public repositories (issue 3).

For a repository copied to a temporary folder, after `neuron-migrate fix --apply` (and again
with `--unsafe-fixes`):
- every .py file that parsed still parses, and every notebook is still valid JSON;
- a second `fix --apply` changes no byte;
- every original line that was rewritten or removed held a CUDA reference: a token that
  scripts/count_cuda_refs.py classifies (an independent, tokenize-based counter), a line of a
  statement holding one, or a line of an import of a CUDA name. This is checked for the
  NM1 family (CUDA device and API rules): other families rewrite other lines by design
  (NM303 adds drop_last=True to DataLoaders).

The repositories are read from $NEURON_MIGRATE_EXT (default ext/) and never modified;
the test is skipped where they are absent. Figures for the docs:

    python tests/test_fix_acceptance.py nanogpt examples detectron2
"""

from __future__ import annotations

import ast
import difflib
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXT = Path(os.environ.get("NEURON_MIGRATE_EXT", "ext"))
CUDA_MODULES = ("torch.cuda", "torch.backends.cudnn", "torch.backends.cuda")
_SIMPLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.Assert, ast.Raise,
           ast.Delete, ast.Import, ast.ImportFrom)


def _counter():
    spec = importlib.util.spec_from_file_location("count_cuda_refs", REPO / "scripts" / "count_cuda_refs.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("count_cuda_refs", mod)
    spec.loader.exec_module(mod)
    return mod


def _tree(data: bytes) -> ast.Module | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def cuda_lines(data: bytes, counter) -> set[int]:
    """Lines of ``data`` that hold a CUDA reference, statement by statement."""
    try:
        lines = {line for line, _ in counter.count_refs_in_bytes(data)}
    except Exception:  # tokenize errors: the file is judged by its imports alone
        lines = set()
    tree = _tree(data)
    for node in ast.walk(tree) if tree else ():
        span = set(range(node.lineno, (node.end_lineno or node.lineno) + 1)) if isinstance(node, ast.stmt) else set()
        if isinstance(node, _SIMPLE) and span & lines:
            lines |= span
        names = ([f"{node.module}.{a.name}" for a in node.names] if isinstance(node, ast.ImportFrom) and node.module
                 else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
        if any(n == m or n.startswith(m + ".") for n in names for m in CUDA_MODULES):
            lines |= span
    return lines


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.suffix in (".py", ".ipynb") and p.is_file() and ".git" not in p.parts}


def _changed_lines(old: bytes, new: bytes) -> list[tuple[int, str]]:
    a = old.decode("utf-8", "replace").splitlines()
    b = new.decode("utf-8", "replace").splitlines()
    return [(i + 1, a[i]) for op, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
            if op in ("replace", "delete") for i in range(i1, i2) if a[i].strip()]


def measure(repo: Path, work: Path, unsafe: bool, select: str | None = None) -> dict:
    from neuron_migrate.cli import main

    shutil.copytree(repo, work, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    before = _files(work)
    args = ["fix", str(work), "--apply", "-q"] + (["--unsafe-fixes"] if unsafe else []) + (
        ["--select", select] if select else [])
    start = time.perf_counter()
    rc = main(args)
    seconds = time.perf_counter() - start
    after = _files(work)
    main(args)
    again = _files(work)
    counter = _counter()
    parsed = [n for n, d in before.items() if n.endswith(".py") and _tree(d) is not None]
    changed = [n for n in before if before[n] != after[n]]
    lines = [(n, line, text) for n in changed if n.endswith(".py")
             for line, text in _changed_lines(before[n], after[n])]
    refs = {n: cuda_lines(before[n], counter) for n in changed if n.endswith(".py")}

    def valid_json(data: bytes) -> bool:
        try:
            json.loads(data)
            return True
        except ValueError:
            return False

    return {
        "repo": repo.name, "mode": "unsafe" if unsafe else "safe", "select": select or "all", "exit": rc,
        "seconds": round(seconds, 1), "py_files": sum(n.endswith(".py") for n in before), "parsed": len(parsed),
        "still_parse": sum(_tree(after[n]) is not None for n in parsed),
        "notebooks_valid": sum(valid_json(after[n]) for n in after if n.endswith(".ipynb")),
        "notebooks": sum(n.endswith(".ipynb") for n in after),
        "files_changed": len(changed), "lines_changed": len(lines),
        "changed_by_second_run": [n for n in after if after[n] != again[n]],
        "lines_without_cuda_reference": [f"{n}:{line}: {text.strip()}" for n, line, text in lines
                                         if line not in refs[n]],
    }


REPOS = [name for name in ("nanogpt", "examples") if (EXT / name).is_dir()]


@pytest.mark.slow
@pytest.mark.skipif(not REPOS, reason=f"no public repositories under {EXT}")
@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
@pytest.mark.parametrize("name", REPOS or ["none"])
def test_fix_on_a_public_repository(name, unsafe, tmp_path, capsys):
    m = measure(EXT / name, tmp_path / name, unsafe)
    assert m["still_parse"] == m["parsed"] and m["notebooks_valid"] == m["notebooks"]
    assert m["changed_by_second_run"] == []
    assert m["files_changed"] > 0
    nm1 = measure(EXT / name, tmp_path / f"{name}-nm1", unsafe, select="NM1")
    assert nm1["lines_without_cuda_reference"] == []
    assert nm1["changed_by_second_run"] == [] and nm1["still_parse"] == nm1["parsed"]
    capsys.readouterr()


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    for name in sys.argv[1:] or ["nanogpt", "examples", "detectron2"]:
        for unsafe in (False, True):
            for select in (None, "NM1"):
                with tempfile.TemporaryDirectory() as tmp:
                    m = measure(EXT / name, Path(tmp) / name, unsafe, select)
                m["lines_without_cuda_reference"] = len(m["lines_without_cuda_reference"])
                m["changed_by_second_run"] = len(m["changed_by_second_run"])
                print(json.dumps(m))
