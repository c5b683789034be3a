"""The porting report as Markdown that fits a pull-request comment.

GitHub refuses a comment body over 65,536 characters, so every list is cut to a row
limit with a "… and N more" line, and the limit shrinks until the whole report fits.
``scan --format markdown`` and ``report -o FILE.md`` both print this.
"""

from __future__ import annotations

import math

from neuron_migrate.report import porting

MAX_CHARS = 65_536
_BUDGET = MAX_CHARS - 512  # headroom for a bot's own header around the report
ROW_LIMITS = (50, 25, 12, 6, 3, 1)
_ICON = {"blocked": "🔴", "needs review": "🟡", "ready after fix": "🟢"}
# the families shown even without findings, so that "none" is said out loud
SECTIONS = ("NM2", "NM5", "NM3", "NM6")


def _cell(text: object) -> str:
    return (str(text).replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;")
            .replace("\r", " ").replace("\n", " "))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _pct(share: float | None) -> str:
    """A share as a whole percentage, rounded down: 100% only when nothing is lost."""
    return "—" if share is None else f"{math.floor(100 * share + 1e-9):.0f}%"


def _coverage_cell(cov: dict | None) -> str:
    if cov is None:
        return "not estimated"
    return "no traced code" if cov["overall"] is None else _pct(cov["overall"])


def _more(total: int, shown: int, what: str = "more") -> list[str]:
    return [f"\n… and {total - shown} {what} (not shown: the report is cut to fit a comment)"] \
        if total > shown else []


def _table(header: list[str], rows: list[list[object]], limit: int, what: str = "more rows") -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows[:limit]]
    return out + _more(len(rows), min(limit, len(rows)), what)


def _where(locations: list[str], n: int = 3) -> str:
    shown = ", ".join(f"`{loc}`" for loc in locations[:n])
    return shown + (f" +{len(locations) - n}" if len(locations) > n else "")


def _family_rows(fam: dict) -> list[list[object]]:
    return [[f"`{g['code']}`", g["severity"], g["message"], g["count"], _where(g["locations"]),
             g["fix"]] for g in fam["groups"]]


def _checked(prefix: str) -> bool:
    from neuron_migrate.checks import RULES, load_all

    load_all()
    return any(code.startswith(prefix) for code in RULES)


def render_report(rep: dict, limit: int) -> str:
    s = rep["summary"]
    ready = rep["readiness"]
    eff = rep["effort"]
    title = f"Neuron porting report: {rep['project']}" if rep["project"] else "Neuron porting report"
    sev = s["by_severity"]
    fix = s["auto_fixable"]
    out = [f"## {title}", "",
           f"{_ICON.get(ready['verdict'], '')} **{ready['verdict']}** · readiness "
           f"**{ready['score']:.0f}%** · {s['findings']} findings in {s['files_with_findings']} of "
           f"{s['files_scanned']} files · manual effort ≈ **{eff['hours']:g} h** "
           f"({eff['days']:g} days)"
           + (f" · {_plural(s['baselined'], 'known finding')} in the baseline, not counted"
              if s["baselined"] else ""), ""]
    cov = rep["compile_coverage"]
    out += ["### Readiness", "",
            "| | |", "|---|---|",
            f"| files scanned | {s['files_scanned']} ({_plural(s['lines_scanned'], 'line')}) |",
            f"| findings | {s['findings']}: {sev['error']} errors, {sev['warning']} warnings, "
            f"{sev['info']} info |",
            f"| auto-fixable | {fix['safe']} safe ({_pct(fix['share'])}), {fix['unsafe']} unsafe |",
            f"| manual items | {eff['manual_items']}, ≈ {eff['hours']:g} h |",
            f"| blocking after `fix` | {_plural(ready['blocking'], 'error')} without a safe fix |",
            f"| compile coverage | {_coverage_cell(cov)} |"]
    if s["suppressed"]:
        out.append(f"| suppressed in code | {s['suppressed']} |")
    if s["baselined"]:
        out.append(f"| known, in the baseline | {s['baselined']} (not counted above) |")
    if s["skipped"]:
        out.append(f"| skipped files | {s['skipped']} |")
    out += ["", f"Readiness: {ready['formula']}. Effort: {eff['formula']}", ""]
    if s["by_category"]:
        rows = [[cat, *_by_category(rep, cat)] for cat in s["by_category"]]
        out += ["**Findings by category**", ""]
        out += _table(["category", "error", "warning", "info", "total"], rows, limit)
        out.append("")

    out += ["### Compile coverage", ""]
    if cov is None:
        out += ["Not estimated: this scan holds no compile-coverage estimate.", ""]
    elif cov["overall"] is None:
        out += ["No traced code found: no `forward` of an `nn.Module` and no `torch.compile` target.", ""]
    else:
        graphs = f", {_plural(cov['graphs'], 'expected graph')}" if cov["graphs"] is not None else ""
        out += [f"Estimated share captured by `torch.compile`: **{_pct(cov['overall'])}**{graphs}.", ""]
        if cov["modules"]:
            # the modules that lose something, lowest first; the fully captured ones are counted
            partial = sorted((m for m in cov["modules"] if m["share"] is None or m["share"] < 1),
                             key=lambda m: (m["share"] is None, m["share"] or 0, m["module"]))
            full = len(cov["modules"]) - len(partial)
            if partial:
                rows = [[f"`{m['module']}`", _pct(m["share"]), "—" if m["graphs"] is None else m["graphs"],
                         m["functions"]] for m in partial]
                out += _table(["module", "coverage", "graphs", "traced functions"], rows, limit,
                              "more modules")
            if full:
                out.append(f"\n{_plural(full, 'more module')} with traced code {'is' if full == 1 else 'are'} "
                           "captured in full." if partial else
                           f"All {_plural(full, 'module')} with traced code are captured in full.")
            out.append("")
        if cov["breaks"]:
            out += [f"**Predicted graph breaks** ({len(cov['breaks'])})", ""]
            rows = [[f"`{b['path']}:{b['line']}`", f"`{b['code']}`", b["function"], b["reason"],
                     "whole frame runs eagerly" if b["skips_frame"] else "graph split"]
                    for b in cov["breaks"]]
            out += _table(["where", "rule", "function", "why", "effect"], rows, limit, "more breaks")
            out.append("")
        if cov["formula"]:
            out += [f"Formula: {cov['formula']}", ""]

    fams = {f["prefix"]: f for f in rep["families"]}
    shown = [p for p in SECTIONS] + [f["prefix"] for f in rep["families"] if f["prefix"] not in SECTIONS]
    for prefix in shown:
        title = next((t for p, t, _ in porting.FAMILIES if p == prefix), None) or fams[prefix]["title"]
        fam = fams.get(prefix)
        out += [f"### {title} ({prefix}xx)", ""]
        if fam is None:
            out += ["None found." if _checked(prefix) else "Not checked by this version of neuron-migrate.", ""]
            continue
        if prefix == "NM2" and rep["operators"]:
            out += ["**Operators by status** (\"unverified\": the capability table has no known status)", ""]
            rows = [[f"`{o['operator']}`", o["label"], o["count"], _where(o["locations"], 2),
                     o["source"]] for o in rep["operators"]]
            out += _table(["operator", "status", "uses", "where", "source"], rows, limit, "more operators")
            out += ["", "**All findings**", ""]
        out += _table(["rule", "severity", "finding", "count", "where", "fix"], _family_rows(fam),
                      limit, "more kinds of finding")
        out.append("")

    if rep["files"]:
        out += ["### Files", ""]
        rows = [[f"`{r['path']}`", r["error"], r["warning"], r["info"]] for r in rep["files"]]
        out += _table(["file", "error", "warning", "info"], rows, limit, "more files")
        out.append("")
    if rep["skipped"]:
        out += ["### Skipped", ""]
        out += _table(["path", "reason"], [[f"`{x['path']}`", x["reason"]] for x in rep["skipped"]],
                      limit, "more skipped")
        out.append("")
    out += ["### Next steps", ""]
    for i, step in enumerate(rep["next_steps"], 1):
        count = f" ({step['count']})" if step["count"] else ""
        out.append(f"{i}. **{step['title']}**{count}: {step['detail']}")
    out.append("")
    tool = rep["tool"]
    out.append(f"<sub>neuron-migrate {tool['version']} · capability table: "
               f"{_cell(tool.get('capabilities_version', ''))}</sub>")
    return "\n".join(out) + "\n"


def _by_category(rep: dict, category: str) -> list[int]:
    counts = {"error": 0, "warning": 0, "info": 0}
    for fam in rep["families"]:
        for g in fam["groups"]:
            if g["category"] == category:
                counts[g["severity"]] = counts.get(g["severity"], 0) + g["count"]
    return [counts["error"], counts["warning"], counts["info"], sum(counts.values())]


def fit(rep: dict) -> str:
    """The report with the longest lists that still fit a comment."""
    for limit in ROW_LIMITS:
        text = render_report(rep, limit)
        if _length(text) <= _BUDGET:
            return text
    cut = text[:_BUDGET - 200]
    cut = cut[:cut.rfind("\n") + 1]
    return cut + f"\n… report cut at {len(cut)} characters to fit a pull-request comment\n"


def _length(text: str) -> int:
    """Length as GitHub counts it at worst (UTF-16 code units: an emoji counts twice)."""
    return len(text.encode("utf-16-le")) // 2


def render(result, skipped, overlays: tuple[str, ...] = (), baselined: int = 0) -> str:
    """``scan --format markdown``; ``baselined``: findings a baseline hid from ``result``."""
    return fit(porting.from_scan(result, skipped, overlays, baselined))
