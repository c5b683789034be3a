"""Run the engine over many files: in-process for a few, in a process pool for many."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from neuron_migrate.checks.tool import problem
from neuron_migrate.discover import Candidate, Skipped, discover, scan_base
from neuron_migrate.engine import analyse_file
from neuron_migrate.models import FileResult, Options, ScanResult

MAX_BYTES = 50 * 1024 * 1024  # a Python file larger than this is generated data, not code
POOL_THRESHOLD = 24  # below this many files a pool costs more than it saves


def analyse_path(cand: Candidate, options: Options) -> FileResult:
    try:
        size = cand.path.stat().st_size
        if size > MAX_BYTES:
            return problem(cand.rel, "NM904", f"file is {size // 2**20} MiB, larger than the "
                           f"{MAX_BYTES // 2**20} MiB the tool reads", 1, 1, 0)
        data = cand.path.read_bytes()
    except OSError as exc:
        return problem(cand.rel, "NM904", f"cannot read: {exc.strerror or exc}", 1, 1, 0)
    return analyse_file(cand.kind, cand.rel, data, options)


def _work(args: tuple[Candidate, Options]) -> FileResult:
    return analyse_path(*args)


def scan(paths: list[Path], options: Options, excludes: tuple[str, ...] = (),
         jobs: int | None = None, progress: Callable[[int, int], None] | None = None) -> tuple[ScanResult, list[Skipped]]:
    base = scan_base(paths)
    result = ScanResult(root=str(base))
    skipped: list[Skipped] = []
    cands: list[Candidate] = []
    for item in discover(paths, base, excludes):
        (cands if isinstance(item, Candidate) else skipped).append(item)
    jobs = jobs or os.cpu_count() or 1
    results: Iterable[FileResult]
    if jobs > 1 and len(cands) >= POOL_THRESHOLD:
        pool = ProcessPoolExecutor(max_workers=jobs)
        results = pool.map(_work, ((c, options) for c in cands), chunksize=8)
    else:
        pool = None
        results = (analyse_path(c, options) for c in cands)
    try:
        for i, r in enumerate(results, 1):
            result.files.append(r)
            if progress:
                progress(i, len(cands))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return result, skipped
