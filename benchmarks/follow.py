#!/usr/bin/env python3
"""What following traced code into an installed library costs (docs/performance.md).

Scans PROJECT in this process (one job, no pool) with the library's folder first on the
search path, in pairs: following on (the default) and ``--no-follow``; the difference is the
cost of following. Beside it, ``ast.parse`` of the library files that were followed, the floor
of reading them. Then with the caches: the same project warm, and a copy of it cold while the
library's results are in the user's cache (another project using the same library).

    python benchmarks/follow.py --site $NEURON_MIGRATE_EXT/timm benchmarks/follow_timm

With ``--instructions`` the same is counted by callgrind instead of timed (steady on a
loaded machine): each measure runs once in a process of its own under
``valgrind --tool=callgrind``, less a process that only starts and imports.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("project", type=Path)
    ap.add_argument("--site", required=True, help="the folder holding the library's package")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--instructions", action="store_true", help="count instructions with callgrind")
    ap.add_argument("--mode", help=argparse.SUPPRESS)  # one measure, run under valgrind
    args = ap.parse_args()
    if args.instructions or args.mode:
        return instructions(args)
    sys.path.insert(0, args.site)
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="nm-follow-")  # a cold user cache
    from neuron_migrate.models import Options
    from neuron_migrate.project.libraries import Libraries
    from neuron_migrate.runner import scan

    def cpu(root: Path, cache: bool = False, **kw) -> tuple[float, object]:
        t = time.process_time()
        result, _ = scan([root], Options(**kw), jobs=1, use_cache=cache)
        return time.process_time() - t, result

    cpu(args.project)  # imports and tables
    pairs = []
    for _ in range(args.repeat):
        on, result = cpu(args.project)
        off, _ = cpu(args.project, no_follow=True)
        pairs.append(on - off)
    libraries = Libraries()
    files = [libraries.file(k) for k in result.followed.libraries]
    parse = []
    for _ in range(args.repeat):
        t = time.process_time()
        for f in files:
            ast.parse(f.read_bytes())
        parse.append(time.process_time() - t)
    cost, floor = statistics.median(pairs), statistics.median(parse)
    print(f"library files followed: {len(files)}")
    print(f"following, cold: {cost * 1000:.0f} ms CPU; ast.parse of those files: {floor * 1000:.0f} ms "
          f"(ratio {cost / floor:.2f})")
    tmp = Path(tempfile.mkdtemp(prefix="nm-follow-projects-"))
    first, second = tmp / "a", tmp / "b"
    shutil.copytree(args.project, first)
    shutil.copytree(args.project, second)
    cpu(first, cache=True)
    warm = statistics.median(cpu(first, cache=True)[0] for _ in range(args.repeat))
    warm_off = statistics.median(cpu(first, cache=True, no_follow=True)[0] for _ in range(args.repeat))
    other = cpu(second, cache=True)[0]
    print(f"warm scan: {warm * 1000:.0f} ms following, {warm_off * 1000:.0f} ms with --no-follow; "
          f"another project, cold, the library cached: {other * 1000:.0f} ms")
    shutil.rmtree(tmp, ignore_errors=True)


MODES = ("none", "cold", "no-follow", "parse", "warm", "warm-no-follow")


def instructions(args) -> None:
    """Following counted in instructions: cold (on − ``--no-follow``, no cache) against
    ``ast.parse`` of the library files followed, and warm (both caches filled)."""
    if args.mode:  # the measure itself, in the process valgrind counts
        return _measure(args.mode, args.project, args.site)
    tmp = Path(tempfile.mkdtemp(prefix="nm-follow-count-"))
    project = tmp / args.project.name
    shutil.copytree(args.project, project)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp / "cache")}

    def run(mode: str, valgrind: bool = True) -> int:
        cmd = [sys.executable, __file__, "--mode", mode, "--site", args.site, str(project)]
        if not valgrind:
            subprocess.run(cmd, env=env, check=True, capture_output=True)
            return 0
        err = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                             env=env, capture_output=True, text=True, check=True).stderr
        return int(re.search(r"Collected : (\d+)", err).group(1))

    run("list", valgrind=False)  # the files followed, for "parse"
    n = {m: run(m) for m in MODES[:4]}
    run("warm", valgrind=False)
    run("warm-no-follow", valgrind=False)  # both caches filled
    n.update({m: run(m) for m in MODES[4:]})
    files = len((tmp / "followed").read_text().split())
    cold, parse = n["cold"] - n["no-follow"], n["parse"] - n["none"]
    print(f"library files followed: {files}")
    print(f"following, cold: {cold / 1e6:,.0f} M instructions; ast.parse of those files: "
          f"{parse / 1e6:,.0f} M (ratio {cold / parse:.2f})")
    print(f"warm scan: {(n['warm'] - n['none']) / 1e6:,.0f} M following, "
          f"{(n['warm-no-follow'] - n['none']) / 1e6:,.0f} M with --no-follow")
    shutil.rmtree(tmp, ignore_errors=True)


def _measure(mode: str, project: Path, site: str) -> None:
    sys.path.insert(0, site)
    from neuron_migrate.models import Options
    from neuron_migrate.project.libraries import Libraries
    from neuron_migrate.runner import scan

    import neuron_migrate.engine  # noqa: F401  (imported in every mode: counted in "none")
    listing = project.parent / "followed"
    if mode == "parse":
        libraries = Libraries()
        for key in listing.read_text().split():
            ast.parse(libraries.file(key).read_bytes())
    elif mode != "none":
        result, _ = scan([project], Options(no_follow=mode.endswith("no-follow")), jobs=1,
                         use_cache=mode.startswith("warm"))
        if mode == "list":
            listing.write_text("\n".join(result.followed.libraries))


if __name__ == "__main__":
    main()
