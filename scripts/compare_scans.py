"""Compare the ``scan -f json`` output of two versions of the tool on the same trees.

A refactor must not change what the tool says. This runs
``neuron-migrate scan -f json --select ALL --no-cache`` with the code of each version on
every tree, from the tree's parent folder (so paths in the output are relative), and
reports whether the outputs are byte for byte the same; where not, the first lines that
differ and the findings only one side has.

    python scripts/compare_scans.py --old main --new . ../repos/timm ../repos/diffusers

``--old``/``--new`` each take a git revision (checked out into a temporary worktree,
removed afterwards), a folder holding the package, or a saved JSON report folder
(``DIR/<tree name>.json``). ``--ignore NM123`` leaves a rule's findings out of both sides
(and the summary, which counts them), for comparing across an intended change; the older
side need not know the rule. Exit status 0 when every tree is identical.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _checkout(rev: str, tmp: Path) -> Path:
    where = tmp / rev.replace("/", "_")
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(where), rev], check=True)
    return where


def _scan(code: Path, tree: Path, ignore: list[str]) -> bytes:
    # -P: the scanned tree's parent folder (the working directory) must not shadow ``code``
    cmd = [sys.executable, "-P", "-m", "neuron_migrate", "scan", tree.name, "-f", "json", "--select", "ALL",
           "--no-cache", "-q", "--fail-on", "never"]
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run(cmd, cwd=tree.parent, env=env, capture_output=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"scan of {tree} with {code} failed ({done.returncode}):\n{done.stderr.decode()}")
    return _without(done.stdout, ignore)


def _saved(folder: Path, tree: Path, ignore: list[str]) -> bytes:
    return _without((folder / f"{tree.name}.json").read_bytes(), ignore)


def _without(report: bytes, ignore: list[str]) -> bytes:
    """The report without the findings of the ``ignore`` codes (prefixes) and the summary."""
    if not ignore:
        return report
    doc = json.loads(report)
    doc["findings"] = [f for f in doc["findings"] if not f["code"].startswith(tuple(ignore))]
    doc.pop("summary", None)
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode()


def _findings(report: bytes) -> set[str]:
    return {json.dumps(f, sort_keys=True) for f in json.loads(report)["findings"]}


def _describe(old: bytes, new: bytes, name: str) -> str:
    lines = [f"{name}: DIFFERENT ({len(old)} vs {len(new)} bytes)"]
    diff = difflib.unified_diff(old.decode().splitlines(), new.decode().splitlines(), "old", "new", n=1, lineterm="")
    lines += [f"  {line}" for _, line in zip(range(40), diff)]
    try:
        a, b = _findings(old), _findings(new)
        lines += [f"  only old: {f}" for f in sorted(a - b)[:10]]
        lines += [f"  only new: {f}" for f in sorted(b - a)[:10]]
    except (ValueError, KeyError):
        pass
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+", type=Path, help="folders to scan (read only)")
    parser.add_argument("--old", required=True, help="git revision, package folder or saved-report folder")
    parser.add_argument("--new", default=str(ROOT), help="the same, default: this work tree")
    parser.add_argument("--ignore", action="append", default=[], help="rule codes left out on both sides")
    args = parser.parse_args(argv)
    same = True
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        made: list[Path] = []
        sides = []
        for spec in (args.old, args.new):
            path = Path(spec)
            if path.is_dir() and (path / "neuron_migrate").is_dir():
                sides.append(("code", path.resolve()))
            elif path.is_dir():
                sides.append(("saved", path.resolve()))
            else:
                made.append(_checkout(spec, tmp))
                sides.append(("code", made[-1]))
        try:
            for tree in args.trees:
                tree = tree.resolve()
                outputs = [_scan(where, tree, args.ignore) if kind == "code" else _saved(where, tree, args.ignore)
                           for kind, where in sides]
                if outputs[0] == outputs[1]:
                    count = len(json.loads(outputs[0])["findings"])
                    print(f"{tree.name}: identical ({len(outputs[0])} bytes, {count} findings)")
                else:
                    same = False
                    print(_describe(*outputs, tree.name))
        finally:
            for where in made:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(where)], check=False)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
