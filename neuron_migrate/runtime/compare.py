"""Static predictions against a measured run, statement by statement (no torch needed).

Both sides are reduced to the first line of the innermost statement that holds them, so a
multi-line statement counts once, and only statements the run executed are compared.
"""

from __future__ import annotations

import ast
import functools
import os
from dataclasses import dataclass, field

from neuron_migrate.coverage import estimate, handed_frames, idle
from neuron_migrate.engine import analyse
from neuron_migrate.models import FileResult, Options


def statement_of_line(tree: ast.AST) -> dict[int, int]:
    """Each line of the file -> first line of the innermost statement covering it."""
    out: dict[int, int] = {}
    spans = sorted(((n.lineno, n.end_lineno or n.lineno) for n in ast.walk(tree) if isinstance(n, ast.stmt)),
                   key=lambda s: (s[0], -s[1]))
    for start, end in spans:  # inner statements come later and overwrite their lines
        for line in range(start, end + 1):
            if line not in out or out[line] <= start:
                out[line] = start
    return out


@dataclass
class Prediction:
    file: str
    line: int
    code: str
    confirmed: bool


@dataclass
class Comparison:
    predictions: list[Prediction] = field(default_factory=list)
    missed: list[tuple[str, int, str]] = field(default_factory=list)  # measured, not predicted
    statements: int = 0
    lost: int = 0
    expected_graphs: int = 1
    idle: bool = False  # no traced statement that ran runs a tensor op: nothing to capture (no share, no graph)
    entries_traced: list[bool] = field(default_factory=list)  # per named entry: the static side traces it

    @property
    def true_positives(self) -> int:
        return sum(p.confirmed for p in self.predictions)

    @property
    def estimated_coverage(self) -> float | None:
        return 1 - self.lost / self.statements if self.statements and not self.idle else None


def _entries(path: str, rel: str, entries) -> tuple[str, ...]:
    """The compile entries (absolute file, ``Class.method``) of ``path``, as ``--entry`` specs."""
    return tuple(f"{rel}:{name}" for file, name in entries if file == path)


def files_read(paths) -> tuple[str, list[str]]:
    """The common folder of the files, and every file the comparison reads: the files, and the
    packages' ``__init__`` files on the way (their re-exports resolve imports across modules, as
    in a scan of the whole tree), though the forward ran none of their lines."""
    paths = list(paths)
    root = os.path.dirname(os.path.commonpath(paths)) if len(paths) == 1 else os.path.commonpath(paths) if paths else ""
    packages = set()
    for p in paths:
        folder = os.path.dirname(p)
        while folder.startswith(root) and os.path.isfile(os.path.join(folder, "__init__.py")):
            packages.add(os.path.join(folder, "__init__.py"))
            folder = os.path.dirname(folder)
    return root, paths + sorted(p for p in packages - set(paths) if os.path.isfile(p))


def analyse_files(paths, entries=(), links: dict | None = None, libraries: list[str] | None = None,
                  followed: dict | None = None, readable: list[str] | None = None) -> dict[str, tuple[FileResult, dict[int, int]]]:
    """Static results of the files, each analysed under its path relative to their common
    folder (as a scan of that folder would: tests/ and data/ files are host-side there).
    ``entries``: (absolute file, ``Class.method``) compiled besides every module's forward;
    ``links`` (a dict) receives the calls between traced functions of different files,
    (path, function) -> [((path, function), line)]. ``libraries``: the folders holding the
    installed packages (the releases' dependencies) that traced calls are followed into, as a
    scan follows into installed libraries (project/libraries.py keys); ``followed`` (a dict)
    then receives their files' results (key -> FileResult) under ``"libraries"`` and, under
    ``"sites"``, (key, function) -> [(absolute file, line)]: the user's call sites that reach
    each library function (project/model.py's ``Followed.sites``). ``readable``: folders every
    ``.py`` file of which the project model may read for names (imports, re-exports, classes), as
    a scan of the folder reads them, though the run executed none of their lines (a pinned
    release's files: ``functional/__init__.py``'s re-export of a function the forward calls)."""
    out = {}
    root, paths = files_read(paths)
    for path in paths:
        try:
            with open(path, "rb") as fh:
                data = fh.read()
            tree = ast.parse(data)
        except (OSError, SyntaxError, ValueError):
            continue
        rel = os.path.relpath(path, root) if root else path
        out[path] = (analyse(rel, data, Options(entries=_entries(path, rel, entries))), statement_of_line(tree))
    found = _follow(out, root, entries, libraries, followed, readable)
    if links is not None:
        links.update(found)
    return out


def _follow(out: dict, root: str, entries=(), libraries: list[str] | None = None,
            followed: dict | None = None, readable: list[str] | None = None) -> dict:
    """Traced code followed across the analysed files (project/model.py), and into the
    installed packages of ``libraries`` (the runner's ``_LibraryAnalysis`` over those folders
    only, so that what is followed does not depend on this Python's ``sys.path``), as a scan does."""
    from pathlib import Path

    from neuron_migrate.project.libraries import Libraries, is_library
    from neuron_migrate.project.model import follow

    if not root:
        return {}
    while os.path.isfile(os.path.join(root, "__init__.py")):  # module names from the package's parent
        root = os.path.dirname(root)
    absolute = {os.path.relpath(p, root): p for p in out}
    results = {rel: out[p][0] for rel, p in absolute.items()}
    rel_results = {rel: (r if r.path == rel else _renamed(r, rel)) for rel, r in results.items()}

    def again(paths, roots):
        done = {}
        for rel in paths:
            with open(absolute[rel], "rb") as fh:
                done[rel] = analyse(rel, fh.read(), Options(traced_roots=roots,
                                                            entries=_entries(absolute[rel], rel, entries)))
        return done

    options = lib = None
    if libraries:
        from neuron_migrate.runner import _LibraryAnalysis

        found = Libraries(list(libraries))
        tops = sorted({name.removesuffix(".py") for folder in libraries if os.path.isdir(folder)
                       for name in os.listdir(folder)})
        options = Options(follow=tuple(t for t in tops if t.isidentifier() and found.package(t)))
        lib = _LibraryAnalysis(options, False, found)
    done = follow(rel_results, Path(root), again, options, lib and lib.libraries, lib and lib.analyse,
                  unanalysed={**_readable(root, readable or (), out), **_siblings(root, rel_results)})
    for rel, r in rel_results.items():
        out[absolute[rel]] = (r, out[absolute[rel]][1])
    where = {**absolute, **{k: k for k in done.libraries}}
    links: dict = {}
    for a, fa, b, fb, line in done.links:
        if fa and a in where and b in where:
            links.setdefault((where[a], fa), []).append(((where[b], fb), line))
    if followed is not None:
        followed["libraries"] = dict(done.libraries)
        followed["sites"] = {node: [(absolute[p], n) for p, n in sites if p in absolute]
                             for node, sites in done.sites.items() if is_library(node[0])}
    return links


def _siblings(root: str, analysed: dict) -> dict[str, str]:
    """module -> path of the modules beside the analysed files that the run executed no line
    of (``dopri5.py``, a class whose body ran at import): the project model reads them for
    names only (a receiver's class hierarchy), as a scan of the whole tree would find them."""
    from neuron_migrate.project.model import module_name

    out = {}
    for folder in {os.path.dirname(rel) for rel in analysed}:
        try:
            names = os.listdir(os.path.join(root, folder))
        except OSError:
            continue
        for name in names:
            rel = os.path.join(folder, name)
            if name.endswith(".py") and rel not in analysed:
                out[module_name(rel)] = rel
    return out


def _readable(root: str, folders, analysed) -> dict[str, str]:
    """module -> path (relative to ``root``) of every ``.py`` file under ``root`` in ``folders``
    that is not ``analysed``, named from its package's top folder (the outermost folder with an
    ``__init__.py`` above it), as a scan of the folder names it: read for names only."""
    out = {}
    for folder in folders:
        for path, name in _modules_of(os.path.realpath(folder)):
            if path not in analysed and path.startswith(os.path.join(root, "")):
                out.setdefault(name, os.path.relpath(path, root))
    return out


@functools.lru_cache(maxsize=64)
def _modules_of(folder: str) -> tuple[tuple[str, str], ...]:
    """(absolute path, module name) of every ``.py`` file under ``folder`` (hidden folders aside)."""
    from neuron_migrate.project.model import module_name

    out = []
    for where, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d.isidentifier())
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            top = where
            while top != folder and os.path.isfile(os.path.join(top, "__init__.py")):
                top = os.path.dirname(top)
            module = module_name(os.path.relpath(os.path.join(where, name), top).replace(os.sep, "/"))
            if module:  # not a top folder's own __init__.py
                out.append((os.path.join(where, name), module))
    return tuple(out)


def _renamed(result, path: str):
    import dataclasses

    return dataclasses.replace(result, path=path)


def _run_whole(functions: list, ran: dict[str, set[int]], links: dict) -> None:
    """A ``@torch.jit.script`` function called from a statement that ran ran whole, as TorchScript,
    though the eager call's line trace sees none of its lines: its statements are added to ``ran``
    (torchkbnufft's interpolation, torcheval's AUROC: the work of the call is in them)."""
    from neuron_migrate.coverage import _statement_of

    scripted = {(file, f.name): f for file, f in functions if f.scripted}
    found = bool(scripted)
    while found:
        found = False
        for file, f in functions:
            done = ran.get(file, set())
            calls = [((file, c), line) for c, line in f.call_lines]
            calls += [(c, _statement_of(f, line)) for c, line in links.get((file, f.name), ())]
            for c, line in calls:
                if c in scripted and line in done and not set(scripted[c].statements) <= ran.get(c[0], set()):
                    ran.setdefault(c[0], set()).update(scripted[c].statements)
                    found = True


def _traced_files(breaks, readable) -> set[str]:
    """The files of ``readable`` folders that hold a measured break or a frame of its stack: Dynamo
    traced them, though the eager call's line trace may hold none of their lines (a
    ``@torch.jit.script`` function runs as TorchScript eagerly: torchkbnufft's ``fft_and_scale``).
    Analysed, the break is compared on its own statement, where a scan reports it, not on the
    caller's line that the innermost analysed frame would give."""
    from neuron_migrate.project.libraries import is_library

    folders = tuple(os.path.realpath(r) + os.sep for r in readable)
    if not folders:
        return set()
    out = set()
    for file, line, _reason, *rest in breaks:
        for f, _ in [*(rest[0] if rest else ()), (file, line)]:
            if f.endswith(".py") and not is_library(f) and os.path.realpath(f).startswith(folders) and os.path.isfile(f):
                out.add(f)
    return out


def compare(executed: dict[str, set[int]], breaks: list[tuple], entries=(),
            libraries: list[str] | None = None, readable: list[str] | None = None) -> Comparison:
    """``executed``: file -> lines the eager call ran; ``breaks``: measured
    (file, line, reason[, stack]); ``entries``: (absolute file, ``Class.method``) of a compiled
    entry other than a module's forward (``GPT.generate``). A break inside library code (torch's
    own modules) is placed on the innermost frame of the analysed files that led to it: the user's call.

    ``libraries``: the folders of the installed packages the run used (the releases'
    dependencies). Traced calls are followed into them as a scan follows into installed
    libraries, and a break the static side finds inside one is predicted at each user's call
    site that reaches it, where a scan reports it. A measured break inside a dependency
    (``breaks`` name its files by their project/libraries.py key, ``site-packages:pkg/x.py``) is
    placed on the user's call site of its stack; one whose stack Dynamo cut at a resumed frame
    of the dependency (no user frame) counts at the call sites the run entered that package
    from (the other breaks' stacks), or, with none, stays missed at its own line. Both sides
    count a dependency's breaks once per user's call site (statement), not per library line.

    ``readable``: folders (a pinned release's) whose every file the project model may read for
    names, as ``analyse_files`` takes them."""
    from neuron_migrate.project.libraries import is_library, shown

    links: dict = {}
    fol: dict = {}
    files = analyse_files(sorted(set(executed) | {f for f, _ in entries} | _traced_files(breaks, readable or ())),
                          entries, links, libraries, fol, readable)
    cmp = Comparison()
    # an entry whose method a base of another file defines is traced there (its ``entry`` names it)
    named = {(t.entry.rpartition(":")[0], t.entry.rpartition(":")[2]) for r, _ in files.values() for t in r.traced
             if t.entry}
    cmp.entries_traced = [(any(t.entry and t.name == name for t in files[f][0].traced) if f in files else False)
                          or any(n == name and f.endswith("/" + w) for w, n in named)
                          for f, name in entries]
    measured: dict[tuple[str, int], str] = {}
    # A line Dynamo traced ran, though the eager call's line trace may not show it: a
    # ``@torch.jit.script`` function runs as TorchScript eagerly, while Dynamo traces its
    # Python source (geoopt's ``artan_k``; constructs "break in a torch.jit.script helper").
    traced_lines: dict[str, set[int]] = {}

    def package(f: str) -> str:
        return shown(f).split("/")[0].removesuffix(".py")

    entered: dict[str, set[tuple[str, int]]] = {}  # dependency package -> user's statements that call into it
    # a line outside the analysed files (torch's, the harness's closure) -> the user's statements
    # whose breaks there were placed on them: Dynamo breaks on it again in the frame it resumes or
    # compiles on its own (a cut stack), and that is the same statement, not a second one
    reached: dict[tuple[str, int], set[tuple[str, int]]] = {}
    for file, line, reason, *rest in breaks:
        frames = [*(rest[0] if rest else ()), (file, line)]
        for k, (f, n) in enumerate(frames[1:], 1):
            if is_library(f) and frames[k - 1][0] in files:
                prev, at = frames[k - 1]
                entered.setdefault(package(f), set()).add((prev, files[prev][1].get(at, at)))
        if file not in files and not is_library(file):  # placed on the user's frame of its stack
            user = [(f, n) for f, n in frames if f in files]
            if user:
                at, n = user[-1]
                reached.setdefault((file, line), set()).add((at, files[at][1].get(n, n)))
    for file, line, reason, *rest in breaks:
        for f, n in [*(rest[0] if rest else ()), (file, line)]:
            if f in files:
                traced_lines.setdefault(f, set()).add(n)
        if file not in files and rest:
            user = [(f, n) for f, n in rest[0] if f in files]
            if user:
                file, line = user[-1]
        if file in files:
            stmt = files[file][1].get(line, line)
            measured.setdefault((file, stmt), reason)
        elif is_library(file) and entered.get(package(file)):
            for site in sorted(entered[package(file)]):
                measured.setdefault(site, reason)
        elif (file, line) in reached:
            for site in sorted(reached[(file, line)]):
                measured.setdefault(site, reason)
        else:
            cmp.missed.append((file, line, reason))  # outside the analysed files (library code)
    predicted: set[tuple[str, int]] = set()
    ran = {file: {stmt_of.get(line, line) for line in {*executed.get(file, ()), *traced_lines.get(file, ())}}
           for file, (_, stmt_of) in files.items()}
    functions = [(file, f) for file, (result, _) in files.items() for f in result.traced]
    for key, result in sorted(fol.get("libraries", {}).items()):
        # no line trace of the dependencies: every statement of a traced function runs, as in a scan
        functions += [(key, f) for f in result.traced]
        ran[key] = {n for f in result.traced for n in f.statements}
    sites = fol.get("sites", {})
    at_sites: dict[tuple[str, int], set[str]] = {}  # a user's call site -> the dependency's break codes it reaches
    # a compiled entry that is a ``@torch.jit.script`` function ran whole, as TorchScript, in the
    # eager call (whose line trace holds none of its lines); Dynamo traces its Python source
    # (constructs.py "torch.jit.script function as the compiled entry": 1 graph, 100 %)
    for file, name in entries:
        for t in files[file][0].traced if file in files else ():
            if t.entry and t.scripted and t.name == name:
                ran.setdefault(file, set()).update(t.statements)
    _run_whole(functions, ran, links)
    ests = estimate(functions, ran, links)
    # the functions no traced function calls are where the call starts: when each of them runs
    # eagerly, no graph holds the start (the "1" of expected_graphs is the start's graph)
    called = {(file, c) for file, f in functions for c in f.calls} | {c for cs in links.values() for c, _ in cs}
    roots = [e for (file, f), e in zip(functions, ests) if (file, f.name) not in called and e.statements]
    if roots and all(e.runs_eagerly for e in roots):
        cmp.expected_graphs = handed_frames(ests)
    ran_ests = [e for e in ests if e.statements]
    if idle(ran_ests):
        cmp.idle, cmp.expected_graphs = True, 0
    for (file, fn), est in zip(functions, ests):
        cmp.statements += est.statements
        cmp.lost += est.lost
        cmp.expected_graphs += est.graphs
        codes = {b.line: b.code for b in est.function.breaks}
        for line in (*est.break_lines, *est.eager_breaks):  # the sites Dynamo reaches, on lines that ran
            if file not in files:  # a dependency's: at each user's call site that reaches its function and ran
                for p, n in sites.get((file, fn.name), ()):
                    if files[p][1].get(n, n) in ran.get(p, ()):
                        at_sites.setdefault((p, files[p][1].get(n, n)), set()).add(codes[line])
            elif (file, line) not in predicted:
                predicted.add((file, line))
                cmp.predictions.append(Prediction(file, line, codes[line], (file, line) in measured))
    for site, found in sorted(at_sites.items()):  # one per call site, under its first NM4xx code (else NM3xx)
        if site not in predicted:
            predicted.add(site)
            code = min(found, key=lambda c: (not c.startswith("NM4"), c))
            cmp.predictions.append(Prediction(*site, code, site in measured))
    _place_past_end(measured, breaks, files, functions, cmp.predictions)
    for (file, line), reason in sorted(measured.items()):
        if (file, line) not in predicted:
            cmp.missed.append((file, line, reason))
    return cmp


def _place_past_end(measured: dict, breaks: list[tuple], files: dict, functions: list, predictions: list) -> None:
    """A break Dynamo logs past the last line of its file (qste's ``kernels/fallback.py:243`` of a 242-line
    file: a multi-line ``int((...).sum().item())`` in the frame it resumed after the file's previous break,
    ``:192``; reproduced outside the release) is placed on the next break the static side predicts after
    that previous break, in the function holding it; else it stays missed at its own line."""
    previous: dict[str, int] = {}  # file -> the line of its last break logged before
    for file, line, *_ in breaks:
        stmt_of = files[file][1] if file in files else None
        if not stmt_of or line in stmt_of:
            if stmt_of:
                previous[file] = line
            continue
        if line <= max(stmt_of) or (file, line) not in measured or file not in previous:
            continue
        before = stmt_of.get(previous[file], previous[file])
        holder = next((f for p, f in functions if p == file and before in f.statements), None)
        after = sorted((p for p in predictions if p.file == file and not p.confirmed and p.line > before
                        and holder is not None and p.line in holder.statements), key=lambda p: p.line)
        if after:
            measured[(file, after[0].line)] = measured.pop((file, line))
            after[0].confirmed = True
