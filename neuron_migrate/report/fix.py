"""What ``fix`` tells the user: the diff, and the summary of what it did and left."""

from __future__ import annotations

from collections import Counter

from neuron_migrate.commands import plural
from neuron_migrate.fix import FileFix, not_analysed, split_lines
from neuron_migrate.models import Applicability, Finding

_STYLE = {"+": "\x1b[32m", "-": "\x1b[31m", "@": "\x1b[36m"}


def patch_path(root: str, rel: str) -> str:
    """The name a diff gives a file: relative to the working directory, as `git diff` and
    ruff name it, so the patch applies where the command ran (`fix src/` from the checkout);
    a file outside it keeps its name relative to the scan root."""
    from neuron_migrate.report import workspace_path

    shown = workspace_path(root, rel)
    return rel if shown.startswith("/") else shown


def unified_diff(path: str, before: str, after: str, color: bool = False) -> str:
    """``path``'s diff; an absolute path is headed ``a/srv/x.py``, as `git diff` heads it
    (`git apply` from the file system's root applies it), not ``a//srv/x.py``."""
    name = path.lstrip("/")
    out = []
    for i, line in enumerate(_unified(split_lines(before), split_lines(after), f"a/{name}", f"b/{name}")):
        body = line.rstrip("\r\n")
        ending = line[len(body):]
        if color:
            style = "\x1b[1m" if i < 2 else _STYLE.get(line[:1], "")
            body = f"{style}{body}\x1b[0m" if style else body
        out.append(body + (ending or "\n\\ No newline at end of file\n"))
    return "".join(out)


def _unified(a: list[str], b: list[str], old: str, new: str, context: int = 3):
    """``difflib.unified_diff`` without its "junk" heuristic: in a file of 200 lines or more it
    ignores a line repeated in more than 1 % of them (GFPGAN's tests' ``output = net(img)``),
    and an unchanged run of such lines was shown removed and added again."""
    import difflib

    def span(start: int, stop: int) -> str:
        return f"{start + 1}" if stop - start == 1 else f"{start + (stop > start)},{stop - start}"

    groups = difflib.SequenceMatcher(None, a, b, autojunk=False).get_grouped_opcodes(context)
    for k, group in enumerate(groups):
        if not k:
            yield f"--- {old}\n"
            yield f"+++ {new}\n"
        yield f"@@ -{span(group[0][1], group[-1][2])} +{span(group[0][3], group[-1][4])} @@\n"
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (" " + line for line in a[i1:i2])
                continue
            yield from ("-" + line for line in a[i1:i2])
            yield from ("+" + line for line in b[j1:j2])


def still_there(r: FileFix, write_errors: dict[str, str]) -> list[Finding]:
    """The findings still in the file: when it could not be written (a full disk, a file
    changed meanwhile), those its fixes would have removed are still there too."""
    return [*r.applied, *r.remaining] if r.path in write_errors else r.remaining


def location(f: Finding, shown=None) -> str:
    """``path:line:col``, or ``nb.ipynb:cell 3:line 2:5`` in a notebook; ``shown`` names the path."""
    path = shown(f.path) if shown else f.path
    if f.cell is not None:
        return f"{path}:cell {f.cell}:line {f.line}:{f.column}"
    return f"{path}:{f.line}:{f.column}"


def _counts(findings) -> str:
    return ", ".join(f"{code} ×{n}" for code, n in sorted(Counter(f.code for f in findings).items()))


def first_run_blockers(findings: list[Finding], scope_of=None) -> int:
    """How many of ``findings`` block a first run as `report` counts them (report/work.py,
    ``blocker``: an error no fix rewrites, of the library and scripts when ``scope_of`` names
    each path's scope)."""
    from neuron_migrate.report.json import finding_dict
    from neuron_migrate.report.work import blocker
    from neuron_migrate.scopes import PRODUCT

    return sum(1 for f in findings if (scope_of is None or scope_of(f.path) in PRODUCT)
               and blocker(finding_dict(f)) is not None)


def summary(results: list[FileFix], mode: str, unsafe: bool, write_errors: dict[str, str],
            fail_on, verbose: bool = True, left: bool = True, root: str | None = None,
            scope_of=None) -> list[str]:
    """The report after a run. ``mode`` is "diff", "apply" or "check"; ``left``: whether to
    list the findings left (`scan --fix` reports them itself); given the scan ``root``, files
    are named as the diff names them. "blocking" is the exit code's gate (``fail_on``); where
    `report`'s count of what blocks a first run differs, it is said beside it, and why."""
    import functools

    shown = functools.partial(patch_path, root) if root else (lambda path: path)
    locate = functools.partial(location, shown=shown)
    from neuron_migrate.checks import RULES
    from neuron_migrate.report import blocking

    lines: list[str] = []
    changed = [r for r in results if r.changed and r.path not in write_errors]
    n_fixes = sum(len(r.applied) for r in changed)
    verb = {"apply": "fixed", "diff": "would fix", "check": "would fix"}[mode]
    lines.append(f"{verb} {plural(n_fixes, 'finding')} in {plural(len(changed), 'file')}"
                 + (":" if changed and verbose else ""))
    if verbose:
        for r in changed:
            lines.append(f"  {shown(r.path)}: {plural(len(r.applied), 'fix', 'fixes')} ({_counts(r.applied)})")
            lines.extend(f"    {note}" for note in r.notes)
    for path, err in write_errors.items():
        lines.append(f"not written: {shown(path)}: {err}")
    for r in results:
        if r.error:
            lines.append(f"not fixed: {shown(r.path)}: {r.error}")
    not_applied = [n for r in results for n in r.not_applied]
    if not_applied:
        lines.append(f"could not apply {plural(len(not_applied), 'fix', 'fixes')}:")
        lines.extend(f"  {locate(n.finding)} {n.finding.code} {n.finding.message}: {n.reason}"
                     for n in not_applied)
    if not left:
        return lines
    if mode == "check":
        lines.extend(f"not analysed: {locate(f)} {f.code} {f.message}" for r in results
                     for f in r.remaining if not_analysed(f))
        if changed:
            lines.append("run `neuron-migrate fix --apply" + (" --unsafe-fixes" if unsafe else "") + "` to apply them")
        return lines
    remaining = [f for r in results for f in still_there(r, write_errors)]
    n_block = len(blocking(remaining, fail_on))
    first_run = first_run_blockers(remaining, scope_of)
    left = "would be left" if mode == "diff" else "left"
    # `report` counts errors no fix rewrites, in the library and scripts; the gate counts every
    # finding at or above --fail-on (one with an unsafe fix, a test's, an NM4xx error too)
    why = "" if first_run == n_block else (
        f": at or above --fail-on {fail_on.label if fail_on is not None else 'never'}, the exit code's gate; "
        f"{first_run} {'blocks' if first_run == 1 else 'block'} a first run as `report` counts them, "
        "errors of the library and scripts that no fix rewrites")
    lines.append(f"{plural(len(remaining), 'finding')} {left} for a person ({n_block} blocking{why})"
                 + (":" if remaining and verbose else ""))
    if verbose:
        by_code: dict[str, list[Finding]] = {}
        for f in sorted(remaining, key=lambda f: f.sort_key):
            by_code.setdefault(f.code, []).append(f)
        for code in sorted(by_code):
            group = by_code[code]
            rule = RULES.get(code)
            unsafe_fix = sum(1 for f in group if f.fix and f.fix.applicability is Applicability.UNSAFE)
            where = ", ".join(locate(f) for f in group[:3]) + (", …" if len(group) > 3 else "")
            hint = f"; {unsafe_fix} with --unsafe-fixes" if unsafe_fix and not unsafe else ""
            name = rule.name if rule else ""
            lines.append(f"  {code} {name} ×{len(group)} ({group[0].severity.label}{hint}): {where}")
    return lines


def render_json(results: list[FileFix], mode: str, write_errors: dict[str, str], fail_on, paths) -> str:
    """``fix -f json``: per file what was (or would be) fixed, what could not be, what is left,
    and the diff; paths relative to ``root``, as in ``scan -f json``."""
    import json

    from neuron_migrate import __version__
    from neuron_migrate.discover import scan_base
    from neuron_migrate.report import blocking, workspace_path
    from neuron_migrate.report.json import SCHEMA_VERSION, finding_dict

    root = str(scan_base(paths))
    files = []
    for r in results:
        if not (r.applied or r.not_applied or r.remaining or r.error or r.path in write_errors):
            continue
        changed = r.changed and r.path not in write_errors
        files.append({
            "path": r.path,
            "changed": changed, "written": changed and mode == "apply",
            "error": r.error or write_errors.get(r.path),
            "applied": [finding_dict(f) for f in r.applied] if changed else [],
            "not_applied": [{**finding_dict(n.finding), "reason": n.reason} for n in r.not_applied],
            "remaining": [finding_dict(f) for f in still_there(r, write_errors)],
            "notes": r.notes,
            "diff": unified_diff(patch_path(root, r.path), r.before, r.after)
            if changed and r.before != r.after else None,
        })
    remaining = [f for r in results for f in still_there(r, write_errors)]
    doc = {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "neuron-migrate", "version": __version__},
        "mode": mode,
        "root": workspace_path(root, "."),
        "summary": {"fixed": sum(len(f["applied"]) for f in files),
                    "files_changed": sum(f["changed"] for f in files),
                    "not_applied": sum(len(f["not_applied"]) for f in files),
                    "remaining": len(remaining), "blocking": len(blocking(remaining, fail_on))},
        "files": files,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
