"""The porting report's content, computed once from a scan; Markdown, HTML and JSON render it.

Everything here is derived from the scan's JSON document (DESIGN.md §5), so new rules,
categories and the compile-coverage estimate appear without changes: sections follow the
rule-code families, and ``compile_coverage`` is shown as whatever the scan holds.

Readiness score
    100 × (findings of severity warning or error that ``neuron-migrate fix`` resolves safely)
    ÷ (findings of severity warning or error); 100 when there are none. The verdict is
    "blocked" while an error without a safe fix remains (the gate still fails after ``fix``),
    "needs review" while a warning without a safe fix or an unsafe fix remains, and
    "ready after fix" otherwise.

Manual effort
    Findings of severity warning or error without a safe fix, grouped by (rule, message):
    the first of a group costs its family's hours below, each repeat a quarter of that (the
    same change made again). An unsafe fix costs ``REVIEW_HOURS`` (read the diff, apply it
    with ``--unsafe-fixes``). The hours are planning figures, not measurements.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

# (code prefix, title, the next step when the family has findings), in the order a person
# should work through them: what stops a file being checked, what stops an install, then
# code from the device outwards.
FAMILIES: tuple[tuple[str, str, str], ...] = (
    ("NM9", "Files not analysed", "Make these files readable Python (or exclude them) so they "
     "can be checked: a file that is not analysed is not known to be ready."),
    ("NM6", "Dependencies", "Replace or drop the CUDA-only packages and `+cuXXX` pins in the "
     "manifests: the project will not install on a Trainium host until then."),
    ("NM1", "Device and CUDA API", "Port the CUDA device and API uses that have no automatic fix."),
    ("NM2", "Operators and dtypes", "Replace unsupported operators and dtypes; measure the CPU-"
     "fallback ones on a Trainium host and replace those on a hot path."),
    ("NM5", "Custom kernels", "Port the custom CUDA and Triton kernels to NKI, or swap in the "
     "suggested library replacement."),
    ("NM3", "Dynamic shapes", "Pad or bucket the data-dependent and variable shapes: Neuron "
     "compiles one graph per input shape."),
    ("NM4", "Graph breaks", "Remove the graph breaks in traced code so `torch.compile` captures "
     "the model in as few graphs as possible."),
)
EFFORT_HOURS = {"NM9": 0.5, "NM6": 1.0, "NM1": 0.5, "NM2": 2.0, "NM5": 16.0, "NM3": 2.0,
                "NM4": 1.0}
DEFAULT_HOURS = 1.0  # a family this table does not know yet
REPEAT_FACTOR = 0.25
REVIEW_HOURS = 0.1
HOURS_PER_DAY = 8
EFFORT_FORMULA = (
    "Manual findings (warning or error, no safe fix) grouped by rule and message: the first "
    "of a group costs its family's hours, each repeat {repeat:.0%} of that; an unsafe fix costs "
    "{review} h to review. Family hours: {hours}. Planning figures, not measurements.")
READINESS_FORMULA = ("share of warning and error findings that `neuron-migrate fix` resolves "
                     "safely; blocked while an error without a safe fix remains")
SEVERITIES = ("error", "warning", "info")
_RANK = {s: i for i, s in enumerate(SEVERITIES)}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def family_of(code: str) -> tuple[str, str]:
    """(prefix, title) of a rule code's family."""
    for prefix, title, _ in FAMILIES:
        if code.startswith(prefix):
            return prefix, title
    return code[:3], f"Other ({code[:3]}xx)"


def _fixable(f: dict) -> str:
    return f["fix"]["applicability"] if f.get("fix") else "none"


def _actionable(f: dict) -> bool:
    return f["severity"] in ("error", "warning")


def _location(f: dict) -> str:
    if f.get("cell") is not None:  # a notebook: lines count within the cell
        return f"{f['path']}:cell {f['cell']}:line {f['line']}"
    return f"{f['path']}:{f['line']}"


def group(findings: list[dict]) -> list[dict]:
    """Findings grouped by (code, message), worst and most frequent first."""
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for f in findings:
        groups[(f["code"], f["message"])].append(f)
    out = []
    for (code, message), items in groups.items():
        first = items[0]
        out.append({"code": code, "rule": first["rule"], "severity": first["severity"],
                    "category": first["category"], "message": message, "count": len(items),
                    "fix": _fixable(first), "locations": [_location(f) for f in items]})
    out.sort(key=lambda g: (_RANK.get(g["severity"], 9), -g["count"], g["code"], g["message"]))
    return out


# Where the operator rules (checks/operators.py) name ATen operators in their messages;
# tests/test_report.py runs those rules, so a change of wording shows up there.
_ATEN = re.compile(r"aten::([A-Za-z_]\w*)")
_ON_HOST = re.compile(r": ([\w, ]+) runs on the host")
_LISTED = re.compile(r"\(([\w, ]+), line (\d+)\)")
STATUS_ORDER = ("unsupported", "cpu_fallback", "unknown", "native")
STATUS_LABEL = {"unsupported": "unsupported", "cpu_fallback": "CPU fallback",
                "unknown": "unverified", "native": "native"}


def operator_names(message: str) -> list[tuple[str, int | None]]:
    """(ATen name, line) pairs a message names; the line when the message gives its own."""
    names: list[tuple[str, int | None]] = []
    for pattern in (_ATEN, _ON_HOST, _LISTED):
        for m in pattern.finditer(message):
            line = int(m.group(2)) if pattern is _LISTED else None
            names += [(n.strip(), line) for n in m.group(1).split(",") if n.strip()]
    return list(dict.fromkeys(names))


def operators(findings: list[dict], table) -> list[dict]:
    """The ATen operators the NM2xx findings name, by status, with the table row's source.

    A status the table gives as ``unknown`` (or an operator it does not list) is shown as
    "unverified": nothing public says what TorchNeuron does with it.
    """
    rows: dict[str, dict] = {}
    for f in findings:
        if not f["code"].startswith("NM2"):
            continue
        for op, line in operator_names(f["message"]):
            row = table.operator(op) if table is not None else None
            status = row.status if row is not None else "unknown"
            entry = rows.setdefault(op, {
                "operator": op, "status": status, "label": STATUS_LABEL.get(status, status),
                "note": row.note if row is not None else "",
                "alternative": row.alternative if row is not None else "",
                "source": row.source if row is not None else "not in the capability table",
                "count": 0, "codes": [], "locations": []})
            entry["count"] += 1
            entry["locations"].append(_location({**f, "line": line}) if line else _location(f))
            if f["code"] not in entry["codes"]:
                entry["codes"].append(f["code"])
    order = {s: i for i, s in enumerate(STATUS_ORDER)}
    return sorted(rows.values(), key=lambda r: (order.get(r["status"], 9), -r["count"], r["operator"]))


def readiness(findings: list[dict]) -> dict:
    actionable = [f for f in findings if _actionable(f)]
    safe = [f for f in actionable if _fixable(f) == "safe"]
    blocking = [f for f in actionable if f["severity"] == "error" and _fixable(f) != "safe"]
    review = [f for f in actionable if _fixable(f) != "safe"]
    score = 100.0 if not actionable else 100.0 * len(safe) / len(actionable)
    verdict = "blocked" if blocking else "needs review" if review else "ready after fix"
    return {"score": round(score, 1), "verdict": verdict, "actionable": len(actionable),
            "safe_fixes": len(safe), "blocking": len(blocking), "formula": READINESS_FORMULA}


def effort(findings: list[dict]) -> dict:
    manual = [f for f in findings if _actionable(f) and _fixable(f) != "safe"]
    hours_by_family: dict[str, float] = defaultdict(float)
    items = 0
    seen: Counter = Counter()
    for f in manual:
        prefix, _ = family_of(f["code"])
        if _fixable(f) == "unsafe":
            hours = REVIEW_HOURS
        else:
            base = EFFORT_HOURS.get(prefix, DEFAULT_HOURS)
            key = (f["code"], f["message"])
            hours = base if not seen[key] else base * REPEAT_FACTOR
            seen[key] += 1
        hours_by_family[prefix] += hours
        items += 1
    total = sum(hours_by_family.values())
    table = ", ".join(f"{p}xx {h:g} h" for p, h in EFFORT_HOURS.items())
    return {
        "manual_items": items,
        "hours": round(total, 1),
        "days": round(total / HOURS_PER_DAY, 1),
        "by_family": {p: round(h, 2) for p, h in sorted(hours_by_family.items())},
        "formula": EFFORT_FORMULA.format(repeat=REPEAT_FACTOR, review=REVIEW_HOURS, hours=table),
    }


def heat(findings: list[dict], files_scanned: int) -> list[dict]:
    """Files with findings, hottest first: errors weigh 3, warnings 2, infos 1."""
    per: dict[str, Counter] = defaultdict(Counter)
    for f in findings:
        per[f["path"]][f["severity"]] += 1
    rows = [{"path": path, **{s: c[s] for s in SEVERITIES},
             "total": sum(c.values()), "weight": 3 * c["error"] + 2 * c["warning"] + c["info"]}
            for path, c in per.items()]
    rows.sort(key=lambda r: (-r["weight"], -r["total"], r["path"]))
    return rows


def coverage_view(cov) -> dict | None:
    """The compile-coverage estimate in one shape for the renderers, whatever the scan holds.

    Reads the overall share (0-1, or a percentage), expected graphs, per-module rows and
    graph breaks (top-level, or nested in modules' functions) under the names the estimate
    uses (neuron_migrate/coverage.py); other scalar keys are kept under ``details``.
    """
    if cov is None:
        return None
    if not isinstance(cov, dict):
        return {"overall": _share(cov), "graphs": None, "modules": [], "breaks": [],
                "formula": "", "details": {}}
    known = set()

    def pick(mapping, *names, record=False):
        for n in names:
            if n in mapping:
                if record:
                    known.add(n)
                return mapping[n]
        return None

    overall = pick(cov, "estimated_coverage", "overall", "share", "coverage", record=True)
    if isinstance(overall, dict):
        overall = pick(overall, "estimated_coverage", "share", "coverage")
    graphs = pick(cov, "expected_graphs", "graphs", record=True)
    formula = pick(cov, "formula", record=True) or ""
    modules_raw = pick(cov, "modules", "per_module", record=True)
    if isinstance(modules_raw, dict):
        modules_raw = [{"path": k, **(v if isinstance(v, dict) else {"estimated_coverage": v})}
                       for k, v in modules_raw.items()]
    modules, breaks = [], []
    for m in modules_raw if isinstance(modules_raw, list) else []:
        if not isinstance(m, dict):
            continue
        name = str(pick(m, "path", "module", "name", "file") or "?")
        modules.append({"module": name,
                        "share": _share(pick(m, "estimated_coverage", "share", "coverage")),
                        "graphs": pick(m, "expected_graphs", "graphs"),
                        "functions": pick(m, "traced_functions") or len(m.get("functions") or [])})
        for fn in m.get("functions") or []:
            if not isinstance(fn, dict):
                continue
            for b in fn.get("breaks") or []:
                if isinstance(b, dict):
                    breaks.append({"path": name, "line": b.get("line"), "code": b.get("code", ""),
                                   "function": fn.get("name", ""),
                                   "skips_frame": bool(b.get("skips_frame")),
                                   "reason": b.get("reason") or b.get("message") or ""})
    for b in pick(cov, "graph_breaks", "breaks", record=True) or []:
        if isinstance(b, dict):
            breaks.append({"path": b.get("path", ""), "line": b.get("line"),
                           "code": b.get("code", ""), "function": b.get("function", ""),
                           "skips_frame": bool(b.get("skips_frame")),
                           "reason": b.get("reason") or b.get("message") or ""})
    breaks.sort(key=lambda b: (b["path"], b["line"] or 0, b["code"]))
    details = {k: v for k, v in cov.items()
               if k not in known and isinstance(v, (int, float, str)) and not isinstance(v, bool)}
    return {"overall": _share(overall), "graphs": graphs, "modules": modules, "breaks": breaks,
            "formula": formula, "details": details}


def _share(value) -> float | None:
    """A share as a fraction 0-1 (a number above 1 is taken as a percentage)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) / 100 if value > 1 else float(value)


def next_steps(doc: dict, families: list[dict], ready: dict) -> list[dict]:
    findings = doc["findings"]
    fixes = Counter(_fixable(f) for f in findings)
    fix_files = len({f["path"] for f in findings if _fixable(f) == "safe"})
    steps = []
    by_prefix = {fam["prefix"]: fam for fam in families}
    for prefix, title, advice in FAMILIES:
        fam = by_prefix.get(prefix)
        if prefix == "NM1" and fixes["safe"]:
            steps.append({"title": "Apply the safe fixes",
                          "detail": f"{_plural(fixes['safe'], 'finding')} in {_plural(fix_files, 'file')} "
                                    "have a fix whose meaning is certain: review `neuron-migrate fix "
                                    "PATH`, then run `neuron-migrate fix PATH --apply`.",
                          "count": fixes["safe"]})
            if fixes["unsafe"]:
                steps.append({"title": "Review the unsafe fixes",
                              "detail": f"{fixes['unsafe']} fixes change behaviour on some code "
                                        "paths: read `neuron-migrate fix PATH --unsafe-fixes` and "
                                        "apply the ones that hold.", "count": fixes["unsafe"]})
        if fam is None:
            continue
        manual = sum(g["count"] for g in fam["groups"]
                     if g["fix"] == "none" and g["severity"] != "info")
        if manual:
            steps.append({"title": title, "detail": advice, "count": manual})
    for fam in families:  # families this module does not know yet, in code order
        if fam["prefix"] not in {p for p, _, _ in FAMILIES}:
            manual = sum(g["count"] for g in fam["groups"] if g["fix"] == "none")
            if manual:
                steps.append({"title": fam["title"], "detail": "Review these findings with "
                              "`neuron-migrate explain CODE`.", "count": manual})
    if doc.get("compile_coverage") is None:
        steps.append({"title": "Estimate compile coverage",
                      "detail": "No compile-coverage estimate was available for this scan; once "
                                "the code above is ported, compile the model with "
                                "`torch.compile(backend=\"neuron\")` and count its graph breaks.",
                      "count": 0})
    steps.append({"title": "Keep it ported",
                  "detail": "Gate pull requests with `neuron-migrate scan` (SARIF upload, baseline "
                            "for today's findings): see docs/ci.md.", "count": 0})
    return steps


def build(doc: dict, table=None, baselined: int = 0) -> dict:
    """The porting report from a scan's JSON document (``report.json.document``).

    ``table`` is the capability table (``capabilities.capabilities()``) for the operator
    statuses and sources; without one every operator shows as unverified.
    """
    findings = doc["findings"]
    summary = doc["summary"]
    families: dict[str, dict] = {}
    for f in findings:
        prefix, title = family_of(f["code"])
        families.setdefault(prefix, {"prefix": prefix, "title": title, "findings": []})["findings"].append(f)
    order = {p: i for i, (p, _, _) in enumerate(FAMILIES)}
    fams = []
    for prefix in sorted(families, key=lambda p: (order.get(p, 99), p)):
        fam = families[prefix]
        items = fam.pop("findings")
        fam["count"] = len(items)
        fam["by_severity"] = {s: sum(f["severity"] == s for f in items) for s in SEVERITIES}
        fam["groups"] = group(items)
        fams.append(fam)
    ready = readiness(findings)
    fixes = summary.get("fixable", {})
    coverage = coverage_view(doc.get("compile_coverage"))
    if coverage is not None:
        from neuron_migrate.checks import RULES, load_all

        load_all()
        for b in coverage["breaks"]:  # a break site names its rule; say what the rule finds
            if not b["reason"] and b["code"] in RULES:
                b["reason"] = RULES[b["code"]].summary
    total = len(findings)
    return {
        "schema_version": 1,
        "tool": doc["tool"],
        "project": Path(doc.get("root", "")).name if doc.get("root") else "",
        "summary": {
            "files_scanned": doc["files"]["scanned"],
            "files_with_findings": summary.get("files_with_findings", 0),
            "lines_scanned": summary.get("lines_scanned", 0),
            "findings": total,
            "by_severity": {s: summary.get("by_severity", {}).get(s, 0) for s in SEVERITIES},
            "by_category": summary.get("by_category", {}),
            "by_family": {fam["prefix"]: fam["count"] for fam in fams},
            "auto_fixable": {"safe": fixes.get("safe", 0), "unsafe": fixes.get("unsafe", 0),
                             "share": round(fixes.get("safe", 0) / total, 3) if total else None},
            "suppressed": summary.get("suppressed", 0),
            "baselined": baselined,  # findings a baseline hid: the numbers here leave them out
            "skipped": len(doc["files"].get("skipped", [])),
        },
        "readiness": ready,
        "effort": effort(findings),
        "compile_coverage": coverage,
        "families": fams,
        "operators": operators(findings, table),
        "files": heat(findings, doc["files"]["scanned"]),
        "skipped": doc["files"].get("skipped", []),
        "next_steps": next_steps(doc, fams, ready),
    }


def from_scan(result, skipped, overlays: tuple[str, ...] = (), baselined: int = 0) -> dict:
    from neuron_migrate.capabilities import capabilities
    from neuron_migrate.report import json as json_report

    doc = json_report.document(result, skipped)
    doc = {**doc, "root": result.root}
    return build(doc, capabilities(tuple(overlays)), baselined)
