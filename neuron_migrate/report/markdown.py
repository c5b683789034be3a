"""The porting report as Markdown that fits a pull-request comment.

GitHub refuses a comment body over 65,536 characters, so every list is cut to a row
limit with a "… and N more" line, and the limit shrinks until the whole report fits.
``scan --format markdown`` and ``report -o FILE.md`` both print this.
"""

from __future__ import annotations


from neuron_migrate.commands import plural
from neuron_migrate.report import entries, porting

MAX_CHARS = 65_536
_BUDGET = MAX_CHARS - 512  # headroom for a bot's own header around the report
ROW_LIMITS = (50, 25, 12, 6, 3, 1)
_ICON = {"blocked": "🔴", "needs work": "🟡", "ready after fix": "🟢"}
# the families shown even without findings, so that "none" is said out loud
SECTIONS = ("NM2", "NM5", "NM3", "NM6")


def _cell(text: object) -> str:
    """Text for a table cell: pipes escaped everywhere, ``<`` only outside `code spans`
    (GitHub shows an entity inside a code span literally: `lb &lt; 0`)."""
    parts = str(text).replace("\r", " ").replace("\n", " ").split("`")
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0 or i == len(parts) - 1:  # outside a span (or after an unclosed backtick)
            part = part.replace("\\", "\\\\").replace("<", "&lt;")
        out.append(part.replace("|", "\\|"))
    return "`".join(out)


def _coverage_cell(cov: dict | None) -> str:
    if cov is None:
        return "not estimated"
    if cov["overall"] is None:
        return "no estimate (see Compile coverage)" if cov.get("no_estimate") else "no traced code"
    notes = ([] if cov.get("compiles", True) else ["the project compiles nothing; assumed"]) + (
        ["without modules the scan cannot name"] if cov.get("unseen") else [])
    return porting.percent(cov["overall"]) + (f" ({'; '.join(notes)})" if notes else "")


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
    return [[f"`{g['code']}`", g["severity"], g["message"], g["count"],
             porting.in_scopes(g.get("scopes", {})), _where(g["locations"]),
             g["fix"]] for g in fam["groups"]]


def _checked(prefix: str) -> bool:
    from neuron_migrate.checks import RULES, load_all

    load_all()
    return any(code.startswith(prefix) for code in RULES)


def _hours(low: float, high: float) -> str:
    from neuron_migrate.report.html import _hours as hours

    return hours(low, high)


def render_report(rep: dict, limit: int) -> str:
    s = rep["summary"]
    ready = rep["readiness"]
    eff = rep["effort"]
    cov = rep["compile_coverage"]
    title = f"Neuron porting report: {rep['project']}" if rep["project"] else "Neuron porting report"
    sev = s["by_severity"]
    fix = s["auto_fixable"]
    share = "—" if ready["share"] is None else porting.percent(ready["share"])
    # none of the references is for `fix` (after `fix --apply` its rewrites are in the code): "0 %" would
    # read as if it had failed
    done = bool(ready["cuda_references"]) and not ready["migrated_by_fix"]
    out = [f"## {title}", "",
           f"{_ICON.get(ready['verdict'], '')} **{ready['verdict']}** · "
           + ("**nothing left for `fix`** to rewrite" if done else f"**{share}** of CUDA references migrated by `fix`")
           + f" · {plural(ready['blocking'], 'blocking finding')} · effort "
           f"**{_hours(eff['low'], eff['high'])}** for {plural(eff['items'], 'work item')} · compile "
           f"coverage {_coverage_cell(cov)}"
           + (f" · {plural(s['baselined'], 'known finding')} in the baseline, not counted"
              if s["baselined"] else ""), "",
           "Headline numbers are for the library and scripts; tests, examples and vendored code are "
           "counted beside them (see Scopes).", ""]
    in_scope = s.get("files_in_scope")
    out += ["### Readiness", "",
            "| | |", "|---|---|",
            f"| files | {in_scope if in_scope is not None else s['files_scanned']} in the library and scripts, "
            f"of {s['files_scanned']} scanned ({plural(s['lines_scanned'], 'line')}) |",
            f"| findings | {s['findings']}: {plural(sev['error'], 'error')}, {plural(sev['warning'], 'warning')}, "
            f"{sev['info']} info |",
            f"| CUDA references migrated by `fix` | "
            + (f"none of {ready['cuda_references']} left for `fix` to rewrite: {ready['migrated_after_review']} with "
               if done else f"{ready['migrated_by_fix']} of {ready['cuda_references']} ({share}); "
               f"{ready['migrated_after_review']} more with ")
            + f"`--unsafe-fixes` after review; {ready['by_hand']} by hand |",
            f"| auto-fixable | {fix['safe']} safe ({porting.percent(fix['share'])}), {fix['unsafe']} unsafe |",
            f"| blocks a first run | {plural(ready['blocking'], 'finding')} |",
            f"| effort | {_hours(eff['low'], eff['high'])} ({eff['days'][0]:g}–{eff['days'][1]:g} days) for "
            f"{plural(eff['items'], 'work item')} |",
            f"| compile coverage | {_coverage_cell(cov)} |"]
    if s["suppressed"]:
        out.append(f"| suppressed in code | {s['suppressed']} |")
    if s["baselined"]:
        out.append(f"| known, in the baseline | {s['baselined']} (not counted above) |")
    if s["skipped"]:
        out.append(f"| skipped files | {s['skipped']} |")
    out += ["", f"Readiness: {ready['formula']}.", ""]
    if ready["blockers"]:
        out += ["**What blocks a first run**", ""]
        out += _table(["blocker", "findings", "rules", "where"],
                      [[b["kind"], b["count"], ", ".join(f"`{c}`" for c in b["codes"]), _where(b["locations"])]
                       for b in ready["blockers"]], limit, "more blockers")
        out.append("")
    out += ["### Effort", "", f"Effort: {eff['formula']}", ""]
    if eff["by_kind"]:
        out += _table(["kind of work", "items", "hours"],
                      [[k["title"], k["items"], _hours(k["low"], k["high"])] for k in eff["by_kind"]], limit)
        out.append("")
    if eff["beside"]:
        out += ["**Counted apart**", ""]
        out += _table(["where", "items", "hours"],
                      [[name, b["items"], _hours(b["low"], b["high"])] for name, b in eff["beside"].items()], limit)
        out.append("")
    core = [i for i in eff["work_items"] if i["scope"] == "product" and not i["optional"]]
    if core:
        out += ["**Work items**", ""]
        out += _table(["item", "sites", "hours", "where"],
                      [[i["title"], i["sites"], _hours(i["low"], i["high"]), _where(i["locations"], 2)]
                       for i in core], limit, "more work items")
        out.append("")
    out += ["### Scopes", ""]
    out += _table(["scope", "files", "findings", "CUDA references migrated by fix", "blocking"],
                  [[r["label"] + (" (headline)" if r["product"] else ""), r["files"], r["findings"],
                    f"{r['migrated_by_fix']} of {r['cuda_references']}" if r["cuda_references"] else "—",
                    r["blocking"]] for r in rep["scopes"]], limit)
    out.append("")

    out += ["### Compile coverage", ""]
    if cov is None:
        out += ["Not estimated: this scan holds no compile-coverage estimate.", ""]
    else:
        if cov.get("assumption"):
            out += [cov["assumption"], ""]
        if cov["overall"] is not None:
            graphs = f", {plural(cov['graphs'], 'expected graph')}" if cov["graphs"] is not None else ""
            out += [f"Estimated share captured by `torch.compile`: **{porting.percent(cov['overall'])}**{graphs}.", ""]
        if cov.get("entries"):
            out += _table(["entry", "file", "captured", "graphs", "expected recompiles", "weight"],
                          [[f"`{e['entry']}`", f"`{e['path']}`" if e["path"] else "—", porting.percent(e["share"]),
                            "—" if e["graphs"] is None else e["graphs"],
                            "—" if e["recompiles"] is None else e["recompiles"], e["statements"]]
                           for e in cov["entries"]], limit, "more entries")
            out.append("")
            for e in cov["entries"]:  # what an every-forward row's graphs add up (timm's models)
                out += [f"{entries.split_sentence(e)}.", ""] if e.get("split") else []
            sources = {(s.get("path"), s.get("line"), s.get("function"), s.get("why")): e["entry"]
                       for e in cov["entries"] for s in e.get("sources") or ()}
            if sources:
                out += [f"**Where the expected recompiles come from** ({len(sources)}): on Neuron, each new "
                        "shape is a compile of its own", ""]
                out += _table(["where", "function", "entry", "why"],
                              [[f"`{p}:{line}`", f"`{fn}`", f"`{entry}`", why]
                               for (p, line, fn, why), entry in sources.items()], limit, "more sources")
                out.append("")
        if cov.get("unseen"):
            out += ["**Not seen**", ""] + [f"- {entries.unseen_sentence(u)}." for u in cov["unseen"]] + [""]
        if cov.get("flagged"):
            out += ["**Under a flag**", ""] + [f"- {entries.flagged_sentence(f)}." for f in cov["flagged"]] + [""]
        if cov.get("nonfinite"):
            out += ["**Under a NaN check**", ""] + [f"- {entries.nonfinite_sentence(n)}." for n in cov["nonfinite"]] + [""]
        if cov.get("no_estimate"):
            out += ["**No estimate**", ""] + [f"- `{e['entry']}`: {e['why']}." for e in cov["no_estimate"]] + [""]
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
            out += ["**Operators by status** in the library and scripts (\"unverified\": the capability "
                    "table has no known status)", ""]
            rows = [[f"`{o['operator']}`", o["label"], o["count"], _where(o["locations"], 2),
                     o["source"]] for o in rep["operators"]]
            out += _table(["operator", "status", "uses", "where", "source"], rows, limit, "more operators")
            out += ["", "**All findings**", ""]
        out += _table(["rule", "severity", "finding", "count", "scopes", "where", "fix"], _family_rows(fam),
                      limit, "more kinds of finding")
        out.append("")

    product = [r for r in rep["files"] if r.get("scope") in ("library", "scripts")]
    if product:
        out += ["### Library and script files", ""]
        rows = [[f"`{r['path']}`", r["error"], r["warning"], r["info"]] for r in product]
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
               f"{_cell(tool.get('capabilities_version', ''))} · rule docs: `neuron-migrate explain CODE`</sub>")
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


def render(result, skipped, overlays: tuple[str, ...] = (), baselined: int = 0, scopes=None) -> str:
    """``scan --format markdown``; ``baselined``: findings a baseline hid from ``result``."""
    return fit(porting.from_scan(result, skipped, overlays, baselined, scopes))
