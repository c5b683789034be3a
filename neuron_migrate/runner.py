"""Run the engine over many files: in-process for a few, in a process pool for many.

With a cache (``neuron_migrate.cache``), the main process reads and hashes every file and
looks it up; only the misses go to the pool, as paths in chunks (largest files first, so
the last chunk is a short one). Workers read the file themselves and send back its
digest with the result, so an entry is stored under the bytes that were analysed even
when the file changes during the scan.
"""

from __future__ import annotations

import gc
import os
import re
import signal
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from neuron_migrate import formats
from neuron_migrate.discover import Candidate, Skipped, discover, scan_base
from neuron_migrate.models import FileResult, Options, ProjectStep, ScanResult

MAX_BYTES = 50 * 1024 * 1024  # a Python file larger than this is generated data, not code

POOL_THRESHOLD = 24  # below this many files a pool costs more than it saves
CHUNK = 4  # files per task sent to a worker


def read_source(path: Path) -> bytes:
    """The bytes of a regular file. Raises OSError for anything else, without blocking on
    a FIFO or device (opened non-blocking, checked with fstat) and without reading a file
    larger than MAX_BYTES."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        try:
            regular = stat.S_ISREG(os.stat(path).st_mode)
        except OSError:
            regular = True
        if not regular:  # a socket refuses open() with ENXIO, "No such device or address"
            raise OSError("not a regular file") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError("not a regular file")
        if st.st_size > MAX_BYTES:
            raise OSError(f"file is {st.st_size // 2**20} MiB, larger than the "
                          f"{MAX_BYTES // 2**20} MiB the tool reads")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            # sized by fstat: read(MAX_BYTES + 1) allocated 50 MiB per file, a fifth of a warm scan
            data = fh.read(st.st_size + 1)
            if len(data) > st.st_size:  # it grew since fstat
                data += fh.read(MAX_BYTES + 1 - len(data))
                if len(data) > MAX_BYTES:
                    raise OSError(f"file grew past the {MAX_BYTES // 2**20} MiB the tool reads")
            return data
    finally:
        os.close(fd)


def _unreadable(cand: Candidate, exc: OSError) -> FileResult:
    from neuron_migrate.engine import problem

    return problem(cand.rel, "NM904", f"cannot read: {exc.strerror or exc}", 1, 1, 0)


def _analyse(cand: Candidate, options: Options, hashed: bool) -> tuple[bytes | None, FileResult]:
    """(digest of the bytes analysed when ``hashed`` and readable, else None; result).
    Never raises: a bug in one analyser becomes that file's finding."""
    try:
        data = read_source(cand.path)
    except OSError as exc:
        return None, _unreadable(cand, exc)
    result = _analyse_bytes(cand, data, options)
    if not hashed:
        return None, result
    from neuron_migrate.cache import digest

    return digest(data), result


def scan_bytes(data: bytes, name: str, options: Options) -> ScanResult:
    """The scan of one file's bytes (read from stdin) named ``name``, relative to the current folder."""
    from neuron_migrate.discover import shown

    rel = shown(Path(os.path.relpath(Path(name).absolute())).as_posix())
    cand = Candidate(Path(name), rel, formats.file_kind(Path(name).name) or "python")
    result = ScanResult(root=os.getcwd(), entries=options.entries)
    result.files.append(_collected(_analyse_bytes(cand, data, options)))
    return result


def scan_text(text: str, rel: str, kind: str, options: Options, root: Path,
              rooted: tuple[Options, str] | None = None) -> FileResult:
    """An editor's text of the file ``rel`` under ``root``: the scan cache's result when it
    holds these bytes (read only: the text may not be saved), else a fresh analysis.
    ``rooted``: the options with the functions traced into the file from other files and the
    libraries' findings at its lines, and the cache kind the scan keeps that result under."""
    from neuron_migrate.cache import Cache, digest

    data = text.encode("utf-8")
    hit = Cache.read(root, options).get(rel, rooted[1] if rooted else kind, digest(data))
    if hit is not None:
        return hit
    return _analyse_bytes(Candidate(root / rel, rel, kind), data, rooted[0] if rooted else options)


def _analyse_bytes(cand: Candidate, data: bytes, options: Options, parsed: tuple | None = None) -> FileResult:
    """``parsed``: (decoded source, syntax tree) of a Python file read and parsed already."""
    try:
        if parsed is not None:
            from neuron_migrate.engine import analyse_source

            src, tree = parsed
            return analyse_source(src, options, tree)
        return formats.analyse(cand.kind, cand.rel, data, options)
    except Exception as exc:  # noqa: BLE001 - a bug in one analyser is one file's finding
        return _failure(cand.rel, exc)


def fix_files(cands: list[Candidate], options: Options, unsafe: bool, jobs: int | None = None,
              progress: Callable[[int, int], None] | None = None, use_cache: bool = False,
              base: Path | None = None) -> Iterator[tuple[Candidate, bytes | None, object]]:
    """(candidate, its bytes when the fix changes it (else None), its ``fix.FileFix``) in the
    order given, computed in a process pool for many files (writing them stays with the caller).

    With the cache (at ``base``), a file whose cached findings have no fix to apply is not
    analysed again: its findings are what is left."""
    if base is not None:
        options = _as_in_the_project(cands, _with_own_packages(cands, options), jobs, use_cache, base)
    done: dict[int, tuple[bytes | None, object]] = {}
    todo = list(range(len(cands)))
    if use_cache and base is not None:
        todo = _nothing_to_fix(cands, options, unsafe, base, done)
    work = [cands[i] for i in todo]
    upcoming = 0
    for n, (k, out) in enumerate(in_pool(_fix_one, work, (options, unsafe), jobs), len(done) + 1):
        if progress:
            progress(n, len(cands))
        done[todo[k]] = out
        while upcoming in done:  # hand results on in order, as soon as they are complete
            data, result = done.pop(upcoming)
            yield cands[upcoming], data, result
            upcoming += 1
    for i in sorted(done):  # the cache's, when no file was left to analyse
        yield cands[i], *done[i]


# a suppression that findings of another file may use: a bare one, or one naming a graph
# break (NM3xx/NM4xx, traced from another file or inside a library) or an NM9xx of a library file
FOLLOWED_SUPPRESSION = re.compile(rb"#[ \t]*neuron-migrate[ \t]*:[ \t]*ignore(?:\[[^\]\n]*NM[349]|(?!\[))")


def _as_in_the_project(cands: list[Candidate], options: Options, jobs: int | None, use_cache: bool,
                       base: Path) -> Options:
    """``options`` for fixing files as the project-wide scan sees them, when it matters: a file
    analysed alone misses the functions traced from other files and the findings of libraries
    reported at its lines, so a suppression they use would look unused there and its NM905 fix
    would delete it; and it misses the CUDA-only library another project module it imports
    loads, so its guards would be retargeted. Only when some file holds such a suppression is
    the project scanned (with the cache) for the roots and findings following gives
    (``traced_roots``, ``landed``) and the files that import a CUDA-only library through other
    modules (``cuda_only``); else, when a line of some file starts by importing a CUDA-only
    library, those files are parsed for ``cuda_only`` (project/cuda_only.py), and only them and
    the files whose bytes name a module found CUDA-only. The files whose text may hold a
    function that builds a device it is handed and falls back to the CPU are parsed for the
    options that reach one (``inspected_devices``, project/device_probes.py)."""
    import dataclasses

    from neuron_migrate.project.device_probes import may_hold_probe, options_reaching_probes
    from neuron_migrate.project.summary import CUDA_ONLY_MODULES, MOVER_DEF, TOP_LEVEL_CUDA_ONLY_IMPORT

    words = [m.encode() for m in CUDA_ONLY_MODULES if not any(o != m and o in m for o in CUDA_ONLY_MODULES)]
    built: dict[str, str] = {}  # the CUDA extensions of the setup.py files _with_own_packages read
    built_words = []  # (last name, its top-level import) of each extension built
    if options.compiled:
        from neuron_migrate.project.cuda_only import cuda_extensions, top_level_import

        built = cuda_extensions(options.compiled)
        built_words = [(last.encode(), top_level_import(last)) for last in sorted({n.rpartition(".")[2] for n in built})]
    suppressions, importing, probing, moving = False, [], [], []
    for cand in cands:
        if cand.kind != "python":
            continue
        try:
            data = read_source(cand.path)
        except OSError:
            continue
        suppressions = suppressions or FOLLOWED_SUPPRESSION.search(data) is not None
        if ((any(w in data for w in words) and TOP_LEVEL_CUDA_ONLY_IMPORT.search(data) is not None)
                or any(w in data and p.search(data) for w, p in built_words)):  # the words first: a pattern costs more
            importing.append(cand.rel)
        if may_hold_probe(data):
            probing.append((cand.rel, data.decode("utf-8", "replace")))
        if (b".cuda(" in data or b".to(" in data) and MOVER_DEF.search(data):
            moving.append((cand.rel, data))
    # a device option read, in another module, by a function that falls back to the CPU
    # (project/device_probes.py): its default takes the spelling exact on both hosts
    inspected = options_reaching_probes(probing) if probing else ()
    if inspected:
        options = dataclasses.replace(options, inspected_devices=inspected)
    found = _movers(moving) if moving else ()
    if found:
        options = dataclasses.replace(options, movers=found)
    if not suppressions:
        if importing:  # the few files that can say, parsed for their imports: no project scan
            from neuron_migrate.project.cuda_only import cuda_only_unanalysed

            found = cuda_only_unanalysed([c.rel for c in cands if c.kind == "python"], base, importing, built)
            if found:
                options = dataclasses.replace(options, cuda_only=found)
        return options
    _, followed = _analyse_project(cands, base, options, jobs, use_cache)
    if followed.roots or followed.landed:
        options = dataclasses.replace(options, traced_roots=followed.roots,
                                      landed=tuple((p, tuple(fs)) for p, fs in sorted(followed.landed.items())))
    if followed.cuda_only:
        options = dataclasses.replace(options, cuda_only=followed.cuda_only)
    return options


def _movers(files: list[tuple[str, bytes]]) -> tuple[str, ...]:
    """``Options.movers`` for ``fix``, which analyses each file alone: the functions named like a
    kernel that only move tensors (checks/device.py ``movers``) of the files whose text may
    define one, parsed here, by each dotted tail of their qualified names (as the scan's
    ``_inspected_devices`` matches them to the names other modules import)."""
    import ast

    from neuron_migrate.checks.device import movers
    from neuron_migrate.names import Names
    from neuron_migrate.project.model import module_name

    found: set[str] = set()
    for rel, data in files:
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue  # the analysis reports it
        names = Names(tree)
        parts = module_name(rel).split(".")
        found.update(".".join([*parts[i:], name]) for name in movers(tree, lambda e: names.qualify(e, (tree,)))
                     for i in range(len(parts)))
    return tuple(sorted(found))


def _setup_files(cands: list[Candidate]) -> dict[str, bytes]:
    """The text of each of the project's setup.py files, by relative path (one it cannot read
    builds nothing here; the scan reports it)."""
    setups = {}
    for cand in cands:
        if cand.kind == "python" and cand.rel.rpartition("/")[2] == "setup.py":
            try:
                setups[cand.rel] = read_source(cand.path)
            except OSError:
                continue
    return setups


def _nothing_to_fix(cands: list[Candidate], options: Options, unsafe: bool, base: Path,
                    done: dict[int, tuple[bytes | None, object]]) -> list[int]:
    """Fill ``done`` with the files the cache shows have no fix to apply; the others' indexes."""
    import dataclasses

    from neuron_migrate.cache import Cache
    from neuron_migrate.fix import FileFix, applicable

    results: list[FileResult | None] = [None] * len(cands)
    # the scan keeps the analyses with CUDA-only imports under their own kind, in its salt file
    kinds = {c.rel: kind_of(c, options) for c in cands} if options.cuda_only else None
    _lookup(cands, results, Cache.read(base, dataclasses.replace(options, cuda_only=())), kinds)
    todo = []
    for i, (cand, hit) in enumerate(zip(cands, results)):
        if hit is None or any(applicable(f, unsafe) for f in hit.findings):
            todo.append(i)
        else:
            done[i] = None, FileFix(cand.rel, cand.kind, remaining=list(hit.findings))
    return todo


def _fix_one(cand: Candidate, options: Options, unsafe: bool) -> tuple[bytes | None, object]:
    from neuron_migrate.fix import FileFix

    try:
        data = read_source(cand.path)
    except OSError as exc:
        return None, FileFix(cand.rel, cand.kind, remaining=list(_unreadable(cand, exc).findings))
    try:
        result = formats.fix(cand.kind, cand.rel, data, options, unsafe=unsafe)
    except Exception as exc:  # noqa: BLE001 - a bug in one fixer: that file stays as it is
        return None, FileFix(cand.rel, cand.kind, remaining=list(_failure(cand.rel, exc).findings))
    if not result.changed:  # nothing to write or show: its text need not travel back from the pool
        result.before = result.after = ""
        return None, result
    return data, result


def _failure(rel: str, exc: Exception) -> FileResult:
    """The finding for an analyser that raised: NM903 for recursion, NM999 for any other bug."""
    from neuron_migrate.engine import internal_error, problem

    if isinstance(exc, RecursionError):
        return problem(rel, "NM903", "too deeply nested for the tool's checks", 1, 1, 0)

    return internal_error(rel, exc, 0)


def _chunk(task: Callable, items: list, args: tuple) -> list:
    return [_collected(task(item, *args)) for item in items]


def _collected(result: object) -> object:
    """``result``, after collecting the youngest generation. While files are analysed the
    collector's automatic runs are off: a syntax tree is a million acyclic, short-lived
    objects that reference counting frees, and at its default thresholds the collector
    took a fifth of the analysis, for nothing (no file of timm leaves a cycle behind). One
    young-generation collection per file still frees any cycle a check makes."""
    gc.collect(0)
    return result


def _init_worker(parent: int) -> None:
    gc.disable()  # see _collected (forked workers have it off already; spawned ones do not)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()
    import neuron_migrate.engine  # noqa: F401  (spawned workers load the checks; forked ones have them)


def _exit_with(parent: int) -> None:
    """End this worker once the main process is gone (killed with SIGKILL, say): an orphaned
    worker would wait on its task queue forever, holding the terminal's pipes open."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def jobs_default() -> int:
    try:
        return len(os.sched_getaffinity(0))  # CPUs this process may use (containers, taskset)
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def skipped_result(item: Skipped) -> FileResult:
    """A folder or file the walk could not read: an error finding, so no gate passes by it."""
    from neuron_migrate.engine import problem

    return problem(item.rel, "NM904", item.reason, 1, 1, 0)


def candidates(paths: list[Path], excludes: tuple[str, ...] = ()) -> tuple[list[Candidate], list[Skipped]]:
    """The files ``scan`` and ``fix`` analyse, and those they skip: each file once, however
    many symbolic links inside the scanned folders lead to it (the first name found wins)."""
    cands: list[Candidate] = []
    skipped: list[Skipped] = []
    seen: set[str] = set()
    for item in discover(paths, scan_base(paths), excludes):
        if not isinstance(item, Candidate):
            skipped.append(item)
            continue
        real = str(item.path) if item.real else os.path.realpath(item.path)
        if real not in seen:
            seen.add(real)
            cands.append(item)
    return cands, skipped


def own_packages(rels: Iterable[str]) -> tuple[str, ...]:
    """The top-level packages among the relative paths of a scan's files: a folder at the scan
    root, or under ``src/``, holding an ``__init__.py`` (state-spaces/mamba's ``mamba_ssm``, whose
    tests and benchmarks import it), or a namespace package without one whose sub-packages have
    it (NVIDIA/Megatron-LM's ``megatron``: ``megatron/core/__init__.py``)."""
    found = set()
    for rel in rels:
        parts = rel.split("/")
        if parts[:1] == ["src"]:
            parts = parts[1:]
        if 2 <= len(parts) <= 3 and parts[-1] == "__init__.py" and all(p.isidentifier() for p in parts[:-1]):
            found.add(parts[0])
    return tuple(sorted(found))


def _with_own_packages(cands: list[Candidate], options: Options) -> Options:
    import dataclasses

    found = own_packages(c.rel for c in cands if c.kind == "python")
    if found != options.own_packages:
        options = dataclasses.replace(options, own_packages=found)
    setups = _setup_files(cands)
    if setups:
        from neuron_migrate.project.cuda_only import compiled_extensions

        built = compiled_extensions(setups)
        if built != options.compiled:
            options = dataclasses.replace(options, compiled=built)
    return options


def scan(paths: list[Path], options: Options, excludes: tuple[str, ...] = (),
         jobs: int | None = None, progress: Callable[[int, int], None] | None = None,
         use_cache: bool = False) -> tuple[ScanResult, list[Skipped]]:
    base = scan_base(paths)
    result = ScanResult(root=str(base), entries=options.entries)
    cands, skipped = candidates(paths, excludes)
    unlisted = [skipped_result(s) for s in skipped if s.error]
    skipped = [s for s in skipped if not s.error]
    options = _with_own_packages(cands, options)
    results, result.followed = _analyse_project(cands, base, options, jobs, use_cache, progress)
    result.files.extend(r for r in results if r is not None)
    result.files.extend(unlisted)
    return result, skipped


def _analyse_project(cands: list[Candidate], base: Path, options: Options, jobs: int | None,
                     use_cache: bool, progress: Callable[[int, int], None] | None = None):
    """(the result of each candidate, in order; the project model's ``Followed``)."""
    results: list[FileResult | None] = [None] * len(cands)
    cache = None
    if use_cache:
        from neuron_migrate.cache import Cache

        cache = Cache.open(base, options)
    digests: dict[str, bytes] = {}  # rel -> digest of the bytes each result is for
    todo = _lookup(cands, results, cache, digests=digests)
    done = len(cands) - len(todo)
    if progress and done:
        progress(done, len(cands))
    work = [cands[i] for i in todo]
    with Workers() as workers:  # kept for the project step's second analyses
        for k, (dig, r) in in_pool(_analyse, work, (options, cache is not None), jobs, largest_first=True,
                                   workers=workers):
            i = todo[k]
            results[i] = r
            if cache is not None and dig is not None:
                cache.put(cands[i].rel, cands[i].kind, dig, r)
                digests[cands[i].rel] = dig
            done += 1
            if progress:
                progress(done, len(cands))
        # the first analyses (and everything before them) stay until the scan ends: the
        # collector's runs in the project step need not traverse them again and again
        # (diffusers: a third of the main process's project step, one core idle meanwhile);
        # nor its own objects, freed by reference counting as the analyses' are (timm: 36
        # collections, 5 ms of the serial step, for 2,300 objects: the next collection frees them)
        frozen = not gc.get_freeze_count()
        if frozen:
            gc.freeze()
        enabled = gc.isenabled()
        gc.disable()
        try:
            options = _cuda_only(cands, results, base, options, jobs, cache, workers)
            from neuron_migrate.project.optional_kernels import mark_optional

            mark_optional(results, base)  # kernels imported only on a path the project can skip
            options = _inspected_devices(cands, results, options, jobs, cache, workers)
            followed = _follow_project(cands, results, base, options, jobs, cache, workers, digests)
        finally:
            if enabled:
                gc.enable()
            if frozen:
                gc.unfreeze()
        followed.cuda_only = options.cuda_only
    if cache is not None:
        cache.save(base)
    return results, followed


def _cuda_only(cands: list[Candidate], results: list[FileResult | None], base: Path, options: Options,
               jobs: int | None, cache, workers: Workers) -> Options:
    """``options`` with the files that import a CUDA-only library through other project
    modules (project/cuda_only.py), and those of them whose guards it changes analysed again
    with it (in ``results``; cached under a kind that names what they import, ``kind_of``)."""
    import dataclasses

    from neuron_migrate.project.cuda_only import cuda_extensions, cuda_only

    found = cuda_only({r.path: r for r in results if r is not None}, base, (lambda path: cache) if cache else None,
                      built=cuda_extensions(options.compiled))
    if not found:
        return options
    options = dataclasses.replace(options, cuda_only=found)
    index = {c.rel: i for i, c in enumerate(cands)}
    # only a file with a CUDA reference has a guard or a rewrite it changes
    todo = [index[p] for p, _ in found if p in index and results[index[p]] is not None
            and any(f.code.startswith("NM1") for f in results[index[p]].findings)]
    if not todo:
        return options
    _analyse_again(cands, results, todo, options, jobs, cache, workers)
    return options


def _inspected_devices(cands: list[Candidate], results: list[FileResult | None], options: Options,
                       jobs: int | None, cache, workers: Workers) -> Options:
    """``options`` with the device options that reach, from any module, a function that builds
    torch.device() from them where CUDA is absent (``Summary.probes``, project/device_probes.py),
    and the project's functions named like a kernel that only move tensors that other modules'
    guards call (``Summary.movers``, ``kernel_asks``: co-tracker's ``dataclass_to_cuda_``); the
    files whose rewrites ask for one of them (``Summary.asks``: open_clip's ``--device`` of
    params.py, read by distributed.py) analysed again with them, as ``fix`` analyses every
    file: the fix ``scan`` lists is the one ``fix`` writes. Nothing is read when no summary
    holds a probe or a mover (timm, diffusers: none)."""
    import dataclasses

    from neuron_migrate.project.model import module_name

    found: dict[str, str] = {}
    moving: set[str] = set()
    for r in results:
        if r is not None and r.summary is not None:
            for option, why in r.summary.probes:
                found.setdefault(option, why)
            if r.summary.movers:  # by each dotted tail of its name: imported from its package's top
                parts = module_name(r.path).split(".")
                moving.update(".".join([*parts[i:], name]) for name in r.summary.movers for i in range(len(parts)))
    if not found and not moving:
        return options
    asked = [(i, r) for i, r in enumerate(results) if r is not None and r.summary is not None
             and (any(a in found for a in r.summary.asks) or any(a in moving for a in r.summary.kernel_asks))]
    moving.intersection_update(a for _, r in asked for a in r.summary.kernel_asks)
    if not found and not moving:
        return options
    options = dataclasses.replace(options, inspected_devices=tuple(sorted(found.items())),
                                  movers=tuple(sorted(moving)))
    if asked:
        _analyse_again(cands, results, [i for i, _ in asked], options, jobs, cache, workers)
    return options


def _analyse_again(cands: list[Candidate], results: list[FileResult | None], todo: list[int], options: Options,
                   jobs: int | None, cache, workers: Workers) -> None:
    """The files ``todo`` (indices of ``cands``) analysed again with ``options``: from the cache
    under the options' kind, else in the pool, their new results cached."""
    kinds = {cands[i].rel: kind_of(cands[i], options) for i in todo} if cache is not None else {}
    hits: list[FileResult | None] = [None] * len(todo)
    again = _lookup([cands[i] for i in todo], hits, cache, kinds)
    for k, r in enumerate(hits):
        if r is not None:
            results[todo[k]] = r
    work = [cands[todo[k]] for k in again]
    for k, (dig, r) in in_pool(_analyse, work, (options, cache is not None), jobs, workers=workers):
        results[todo[again[k]]] = r
        if cache is not None and dig is not None:
            cache.put(work[k].rel, kinds[work[k].rel], dig, r)


def kind_of(cand: Candidate, options: Options) -> str:
    """The cache kind of a file's analysis with ``options``: its own, or one that names the
    CUDA-only imports it was analysed with and the device options that reach a probe."""
    kind = cuda_only_kind(cand.kind, cand.rel, options.cuda_only)
    if options.inspected_devices:
        import hashlib

        kind += "+inspected:" + hashlib.sha256(repr(options.inspected_devices).encode()).hexdigest()[:24]
    if options.movers:
        import hashlib

        kind += "+movers:" + hashlib.sha256(repr(options.movers).encode()).hexdigest()[:24]
    return kind


def cuda_only_kind(kind: str, rel: str, cuda_only: tuple[tuple[str, str], ...]) -> str:
    import hashlib

    via = next((text for p, text in cuda_only if p == rel), None)
    return kind if via is None else f"{kind}+cuda-only:" + hashlib.sha256(via.encode()).hexdigest()[:24]


def _follow_project(cands: list[Candidate], results: list[FileResult | None], base: Path,
                    options: Options, jobs: int | None, cache=None, workers: Workers | None = None,
                    digests: dict[str, bytes] | None = None):
    """Follow traced code into the project's other files and installed libraries
    (project/model.py); the project model's ``Followed``. A second analysis depends on the
    file's bytes and on the roots traced into it from elsewhere, so the cache keeps it under a
    kind that names those roots; libraries' files are cached in the user's cache folder, for
    every project (``_LibraryAnalysis``). The answer itself is cached under the digests of all
    the files (``ProjectStep``) when it followed into no library: a warm scan then checks what
    it read outside the scanned files and takes the second analyses from the cache."""
    import dataclasses

    from neuron_migrate.project.libraries import is_library
    from neuron_migrate.project.model import at_call_sites, follow

    index = {c.rel: i for i, c in enumerate(cands)}
    by_path = {r.path: r for r in results if r is not None}

    def again(paths: list[str], roots: tuple, landed: dict | None = None) -> dict[str, FileResult]:
        landed = landed or {}
        kinds = {p: rooted_kind(kind_of(cands[index[p]], options), [r for r in roots if r[0] == p], landed.get(p, ()))
                 for p in paths} if cache is not None else {}  # the cache's kinds: no cache, no hashing
        hits: list[FileResult | None] = [None] * len(paths)
        todo = _lookup([cands[index[p]] for p in paths], hits, cache, kinds)
        out = {paths[i]: r for i, r in enumerate(hits) if r is not None}
        opts = dataclasses.replace(options, traced_roots=roots, landed=tuple(landed.items()))
        work = [cands[index[paths[i]]] for i in todo]
        analysed: dict[str, FileResult] = {}
        for k, (dig, r) in in_pool(_analyse, work, (opts, cache is not None), jobs, largest_first=True,
                                   workers=workers):
            analysed[work[k].rel] = r
            if cache is not None and dig is not None:
                cache.put(work[k].rel, kinds[work[k].rel], dig, r)
        out.update((c.rel, analysed[c.rel]) for c in work)  # in the order given, however they finished
        return out

    libraries = _LibraryAnalysis(options, cache is not None) if options.follow or not options.no_follow else None

    def cache_of(path: str):
        return (libraries.cache if libraries is not None else None) if is_library(path) else cache

    key = _step_key(cands, results, digests) if cache is not None else None
    followed = _recalled(cache.get("", STEP, key, of=ProjectStep) if key else None,
                         libraries and libraries.libraries, index)
    if followed is not None:
        by_path.update(again(sorted({p for p, _, _ in followed.roots}), followed.roots))
        for path, r in by_path.items():
            results[index[path]] = r
        return followed
    followed = follow(by_path, base, again, options, libraries and libraries.libraries,
                      libraries and libraries.analyse, cache_of, outside=key is not None)
    if libraries is not None:
        libraries.save()
    if key is not None and followed.outside is not None and not followed.libraries:
        cache.put("", STEP, key, ProjectStep("", followed.roots, tuple(followed.links), *followed.outside))
    # the files where library findings land are analysed again with them, so that their
    # suppressions see them (and are used by them) as by the file's own findings
    followed.landed = at_call_sites(followed, lambda path: cands[index[path]].path)
    if followed.landed:
        by_path.update(again(sorted(followed.landed), followed.roots, followed.landed))
    for path, r in by_path.items():
        results[index[path]] = r
    return followed


STEP = "project"  # the cache kind of the project model's answer (ProjectStep)


def _step_key(cands: list[Candidate], results: list[FileResult | None], digests: dict[str, bytes] | None) -> bytes | None:
    """The digest of every file's kind, path and bytes: what the project model's answer is for
    (with the options and the tool, which name the cache file); None if a file has no digest."""
    import hashlib

    h = hashlib.sha256()
    for c, r in zip(cands, results):
        dig = digests.get(c.rel) if digests is not None and r is not None else None
        if dig is None:
            return None
        h.update(f"{c.kind}\0{c.rel}\0".encode() + dig)
    return h.digest()[:20]


def _recalled(step: ProjectStep | None, libraries, index: dict[str, int]):
    """The ``Followed`` of a cached ``ProjectStep`` if what it read outside the scanned files
    reads the same now (every package found where it was, every module in the same file, every
    library file with the same bytes) and it names only the scan's files; else None."""
    if step is None:
        return None
    from neuron_migrate.cache import digest
    from neuron_migrate.project.model import Followed

    if any(p not in index for p, _, _ in step.roots) or any(
            a not in index or b not in index for a, _, b, _, _ in step.links):
        return None
    if step.packages or step.modules or step.sources:
        if libraries is None:
            return None
        for top, site, pkg in step.packages:
            found = libraries.package(top)
            if ((str(found[0]), str(found[1])) if found else ("", "")) != (site, pkg):
                return None
        if any((libraries.module(name) or "") != key for name, key in step.modules):
            return None
        for key, dig in step.sources:
            where = libraries.file(key)
            try:
                now = digest(read_source(where)) if where is not None else b""
            except OSError:
                now = b""
            if now != dig:
                return None
    followed = Followed()
    followed.roots, followed.links = step.roots, list(step.links)
    return followed


class _LibraryAnalysis:
    """Installed libraries' files analysed with the functions traced into them as roots, in
    this process (only the files a call reaches), cached across projects in the user's cache
    folder under the package's name and version, the file's digest and the roots."""

    def __init__(self, options: Options, use_cache: bool, libraries=None):
        import dataclasses

        from neuron_migrate.project.libraries import Libraries

        self.libraries = libraries if libraries is not None else Libraries()
        self.options = dataclasses.replace(options, library=True, entries=(), per_file_ignores=(),
                                           config_prefix="", follow=(), no_follow=False, cuda_only=(),
                                           own_packages=(), compiled=())
        self.cache = None
        if use_cache:
            from neuron_migrate.cache import Cache

            self.cache = Cache.shared("libraries", self.options)

    def analyse(self, keys: list[str], roots: tuple, project) -> dict[str, FileResult]:
        """The files ``keys`` analysed with ``roots``, read and parsed through ``project`` (the
        project model read them to resolve names: each is read and parsed once)."""
        import dataclasses

        from neuron_migrate.engine import problem
        from neuron_migrate.project.libraries import shown

        out = {}
        for key in keys:
            rooted = [r for r in roots if r[0] == key]
            top = shown(key).split("/")[0].removesuffix(".py")
            kind = rooted_kind(f"python+{top}=={self.libraries.version(top)}", rooted)
            source = project.source(key)
            if source is None:  # read again for the reason
                where = self.libraries.file(key)
                try:
                    if where is None:
                        raise OSError("not found")
                    source = read_source(where), None, None
                except OSError as exc:
                    out[key] = problem(key, "NM904", f"cannot read: {exc.strerror or exc}", 1, 1, 0)
                    continue
            data, src, dig = source
            hit = self.cache.get(key, kind, dig) if self.cache is not None and dig is not None else None
            if hit is None:
                opts = dataclasses.replace(self.options, traced_roots=tuple(rooted))
                tree = project.tree(key) if src is not None else None
                hit = _collected(_analyse_bytes(Candidate(self.libraries.file(key), key, "python"), data, opts,
                                                (src, tree) if tree is not None else None))
                if self.cache is not None and dig is not None:
                    self.cache.put(key, kind, dig, hit)
            out[key] = hit
        return out

    def save(self) -> None:
        if self.cache is not None:
            self.cache.save_shared()


def rooted_kind(kind: str, roots: list[tuple[str, str, str]], landed: tuple = ()) -> str:
    """The cache kind of a file analysed with functions traced into it from other files (and
    with the findings of libraries reported at its lines)."""
    import hashlib

    return f"{kind}+traced:" + hashlib.sha256(repr((sorted(roots), tuple(landed)) if landed else sorted(roots)).encode()).hexdigest()[:24]


def _lookup(cands: list[Candidate], results: list[FileResult | None], cache,
            kinds: dict[str, str] | None = None, digests: dict[str, bytes] | None = None) -> list[int]:
    """Fill ``results`` from the cache; the indexes of the files still to analyse. ``kinds``
    names the cache kind of a path when it is not the file's own (see ``rooted_kind``);
    ``digests`` receives the digest of each file's bytes."""
    if cache is None:
        return list(range(len(cands)))
    todo = []
    for i, c in enumerate(cands):
        try:
            dig = cache.digest_of(c.path, c.rel)
        except OSError as exc:
            results[i] = _unreadable(c, exc)  # not cached: it may be readable next time
            continue
        if digests is not None:
            digests[c.rel] = dig
        hit = cache.get(c.rel, (kinds or {}).get(c.rel, c.kind), dig)
        if hit is None:
            todo.append(i)
        else:
            results[i] = hit
    return todo


class Workers:
    """A place to keep the process pool of one scan (``with Workers() as workers``): the
    first analyses start it when they are many, and the project step's second analyses (a
    few files at a time, too few to pay for a pool of their own) use it while it runs,
    instead of running one after another in this process."""

    def __init__(self) -> None:
        self.pool = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None


def in_pool(task: Callable, items: list[Candidate], args: tuple, jobs: int | None = None,
            largest_first: bool = False, workers: Workers | None = None) -> Iterator[tuple[int, object]]:
    """(index, ``task(items[index], *args)``) for every item, in the order they finish.

    In this process for a few items or ``jobs=1``, unless ``workers`` holds a running pool;
    else in a process pool, CHUNK items per task (one for a few; largest files first when
    asked: the last tasks to finish are then short ones; the manifests together: ``_tasks``),
    kept in ``workers`` when given.
    ``task`` must be a module-level function that never raises."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield from _in_pool(task, items, args, jobs or jobs_default(), largest_first, workers)
    finally:
        if enabled:
            gc.enable()


def _in_pool(task: Callable, items: list[Candidate], args: tuple, jobs: int,
             largest_first: bool, workers: Workers | None) -> Iterator[tuple[int, object]]:
    running = workers.pool if workers is not None else None
    if running is None and (jobs <= 1 or len(items) < POOL_THRESHOLD) or not items:
        for i, item in enumerate(items):
            yield i, _collected(task(item, *args))
        return
    from concurrent.futures import Future, ProcessPoolExecutor, as_completed  # only a pool needs them
    from concurrent.futures.process import BrokenProcessPool

    chunks = _tasks(items, largest_first)
    pending: dict[Future, list[int]] = {}
    pool = running
    if pool is None:
        import neuron_migrate.engine  # noqa: F401  (loaded once here: forked workers inherit it)

        pool = ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), initializer=_init_worker,
                                   initargs=(os.getpid(),))
        if workers is not None:
            workers.pool = pool
    # a new pool's workers fork at the first submit: with everything frozen (gc.freeze's advice
    # for a fork without exec), their young collections (``_collected``) do not traverse the
    # objects they inherit, nor write to them (timm: 9,000 of them, left young by the engine's
    # import; 3 ms of each worker's first collection)
    froze = running is None and not gc.get_freeze_count()
    if froze:
        gc.freeze()
    try:
        try:
            for chunk in chunks:
                pending[pool.submit(_chunk, task, [items[i] for i in chunk], args)] = chunk
        finally:
            if froze:
                gc.unfreeze()
        for future in as_completed(pending):
            out = future.result()
            yield from zip(pending.pop(future), out)
    except BrokenProcessPool:  # a worker died (killed, out of memory): finish here, serially
        if workers is not None:
            workers.pool = None
        for chunk in pending.values():
            for i in chunk:
                yield i, _collected(task(items[i], *args))
    finally:
        if workers is None or workers.pool is not pool:
            pool.shutdown(wait=True, cancel_futures=True)


def _tasks(items: list[Candidate], largest_first: bool) -> list[list[int]]:
    """The indexes of ``items`` each task of the pool takes: CHUNK of them (one each for a
    few items), largest files first when asked. The dependency manifests (two or more) are
    one task, the first: reading them imports packaging and tomllib (about 20 ms of CPU),
    which every worker that drew a manifest paid (on timm both, in the pool's last tasks)."""
    order = list(range(len(items)))
    if largest_first:
        order.sort(key=lambda i: -_size(items[i]))
    size = CHUNK if len(items) >= POOL_THRESHOLD else 1
    manifests = [i for i in order if getattr(items[i], "kind", None) == "manifest"] if size > 1 else []
    if len(manifests) < 2:
        return [order[k:k + size] for k in range(0, len(order), size)]
    order = [i for i in order if getattr(items[i], "kind", None) != "manifest"]
    return [manifests] + [order[k:k + size] for k in range(0, len(order), size)]


def _size(cand: Candidate) -> int:
    try:
        return cand.path.stat().st_size
    except OSError:
        return 0
