#!/usr/bin/env python3
"""What following traced code into an installed library costs (docs/performance.md).

Scans PROJECT in this process (one job, no pool) with the library's folder first on the
search path, in pairs: following on (the default) and ``--no-follow``; the difference is the
cost of following. Beside it, ``ast.parse`` of the library files that were followed, the floor
of reading them. Then with the caches: the same project warm, and a copy of it cold while the
library's results are in the user's cache (another project using the same library).

    python benchmarks/follow.py --site $NEURON_MIGRATE_EXT/timm benchmarks/follow_timm
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("project", type=Path)
    ap.add_argument("--site", required=True, help="the folder holding the library's package")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
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


if __name__ == "__main__":
    main()
