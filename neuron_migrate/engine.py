"""The engine: one parse and one walk per file, every check on the same tree.

``analyse`` is a pure function of a file's path, bytes and the options, so a process
pool can run it; it never prints and never raises for bad input: a file that cannot
be decoded or parsed becomes an NM9xx finding.
"""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

from neuron_migrate import checks, suppress
from neuron_migrate.checks import Context, checks_for, imported_checks
from neuron_migrate.checks.device import kernel_facts
from neuron_migrate.checks.graph_breaks import entry_matches
from neuron_migrate.checks.tracing import TracedCode
from neuron_migrate.models import FileResult, Finding, Options
from neuron_migrate.names import Names
from neuron_migrate.project.device_probes import FileProbes
from neuron_migrate.project.summary import Summary
from neuron_migrate.source import SourceError, SourceFile, syntax_error_text
from neuron_migrate.traversal import walk

checks.load_all()

# an installed library's file is read for its graph breaks only (project/model.py reports them)
LIBRARY_CHECKS = ("neuron_migrate.checks.graph_breaks", "neuron_migrate.checks.shapes")


def analyse_source(src: SourceFile, options: Options, tree: ast.Module | None = None) -> FileResult:
    """Findings of a decoded file; ``tree`` is its syntax tree when the caller parsed it already
    (the project model reads an installed library's file before it is analysed)."""
    lines = src.line_count
    rooted = (any(p == src.path for p, _, _ in options.traced_roots)  # traced from another file
              or any(entry_matches(e, src.path) is not None for e in options.entries))  # named by --entry
    forced, only = ("neuron_migrate.checks.graph_breaks",) if rooted else (), LIBRARY_CHECKS if options.library else None
    handlers, finalizers, marked, waiting = checks_for(src.text, forced, only)
    landed = next((found for path, found in options.landed if path == src.path), ())
    if (not marked and not landed and suppress.MARKER not in src.text
            and not (waiting and imported_checks(waiting, None, src.text))):
        return FileResult(src.path, (), lines=lines)  # no check could report anything
    try:
        if tree is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes is not ours
                tree = ast.parse(src.text, filename=src.path)
    except SyntaxError as exc:
        return problem(src.path, "NM901", syntax_error_text(exc), exc.lineno or 1,
                       exc.offset or 1, lines)
    except (RecursionError, MemoryError):
        return problem(src.path, "NM903", "too deeply nested for the Python parser", 1, 1, lines)
    except ValueError as exc:
        return problem(src.path, "NM902", f"cannot parse: {exc}", 1, 1, lines)
    ctx = Context(src=src, tree=tree, names=Names(tree, walrus=":=" in src.text), options=options)
    if waiting and (imported := imported_checks(waiting, ctx.names.import_roots(), src.text)):
        handlers, finalizers, _, _ = checks_for(src.text, (*forced, *imported), only)
    try:
        walk(tree, handlers, ctx)
        ctx.parent, ctx.chain = None, (tree,)
        for fin in finalizers:
            fin(ctx)
        checks.fit_quotes(ctx)  # after the units: a fallback a finalizer chose is an edit too
        # Suppressions see every finding of the walk and every library finding reported here,
        # before selection, so that narrowing --select never makes a suppression look unused.
        found, hidden = suppress.apply(src, [*ctx.findings, *landed], checks.RULES)
    except RecursionError:  # a recursive helper in a check met an expression the parser took
        return problem(src.path, "NM903", "too deeply nested for the tool's checks", 1, 1, lines)
    except Exception as exc:  # noqa: BLE001 - a bug in a check: this file's finding, not a crash
        return internal_error(src.path, exc, lines)
    # a library file the tool could not follow into is an error whatever is selected, as a project file's
    findings = sorted((f for f in found if options.wants(f.code, src.path) or (f in landed and f.code.startswith("NM9"))),
                      key=lambda f: f.sort_key)
    traced = ctx.state(TracedCode)
    imports, functions, classes, firm = ctx.module_level()
    probes, asks = ctx.state(FileProbes).summary(tree, src.text, src.path)
    movers, kernel_asks = kernel_facts(ctx)
    return FileResult(src.path, tuple(findings), lines=lines,
                      suppressed=sum(options.wants(f.code, src.path) for f in hidden),
                      traced=traced.functions, compiled_elsewhere=traced.compiled_elsewhere,
                      summary=Summary(imports, functions, classes, calls=traced.outcalls, firm=firm,
                                      compiled=traced.compiled_targets, tensor_args=traced.tensor_args,
                                      open_params=traced.open_params, made_calls=traced.made_calls,
                                      given_args=traced.given_args, off_params=traced.off_params,
                                      probes=probes, asks=asks, movers=movers, kernel_asks=kernel_asks,
                                      compilers=traced.compilers))


def internal_error(path: str, exc: Exception, lines: int) -> FileResult:
    """NM999 for an exception a check raised, naming where, so the report can be acted on."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "neuron_migrate" in f.filename] or frames
    where = f" in {Path(ours[-1].filename).name}:{ours[-1].lineno} ({ours[-1].name})" if ours else ""
    return problem(path, "NM999", f"internal error{where}: {type(exc).__name__}: {exc}", 1, 1, lines)


def analyse(path: str, data: bytes, options: Options) -> FileResult:
    """Findings of one Python file, given its path relative to the scan root and its bytes."""
    try:
        src = SourceFile.from_bytes(path, data)
    except SourceError as exc:
        return problem(path, exc.code, exc.message, 1, 1, 0)
    return analyse_source(src, options)


def problem(path: str, code: str, message: str, line: int, column: int, lines: int) -> FileResult:
    """A FileResult for a file that could not be analysed (an NM9xx finding)."""
    r = checks.RULES[code]
    finding = Finding(code=code, rule=r.name, severity=r.severity, category=r.category,
                      path=path, line=max(line, 1), column=max(column, 1), end_line=max(line, 1),
                      end_column=max(column, 1), message=message)
    return FileResult(path, (finding,), skipped=message, lines=lines)
