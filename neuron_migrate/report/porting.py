"""The porting report's content, computed once from a scan; Markdown, HTML and JSON render it.

Everything here is derived from the scan's JSON document (schemas/scan.schema.json), so new rules,
categories and the compile-coverage estimate appear without changes: sections follow the
rule-code families, and ``compile_coverage`` is shown as whatever the scan holds.

Readiness, effort and their formulas: report/work.py. Scopes (scopes.py): the headline
numbers are for the product (library and scripts); tests, examples and vendored code are
counted beside them. Compile coverage: report/entries.py.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from pathlib import Path

from neuron_migrate.commands import plural
from neuron_migrate.report import entries, work
from neuron_migrate.report.work import fixable, operator_names

# (code prefix, title, the next step's sentences: (code prefixes, sentence), each said when a
# finding a person must handle has a code it is the first to match), in the order a person
# should work through them: what stops a file being checked, what stops an install, then code
# from the device outwards. A sentence names only what its codes find: hifi-gan's one NM6xx
# finding is a torch pin, yolov5's NM5xx an optional TensorRT import, not a kernel.
_OPTIONAL_KERNEL = "optional kernel"  # the advice key of NM501-NM503 findings with a path without the kernel
FAMILIES: tuple[tuple[str, str, tuple[tuple[tuple[str, ...], str], ...]], ...] = (
    ("NM9", "Files not analysed", (
        (("NM908",), "Make these manifests readable TOML, YAML or JSON (or exclude them) so their "
         "dependencies can be checked."),
        (("NM9",), "Make these files readable Python (or exclude them) so they can be checked: a file "
         "that is not analysed is not known to be ready."))),
    ("NM6", "Dependencies", (
        (("NM601",), "Replace or drop the CUDA-only packages in the manifests: they fail to install, "
         "or to import, on a Trainium host."),
        (("NM602",), "Drop the CUDA builds of torch (`+cuXXX`, the CUDA wheel indexes) from the "
         "manifests: TorchNeuron installs on the standard torch wheels."),
        (("NM603",), "Require a torch version TorchNeuron ships for, as each finding says: the one "
         "pinned cannot be installed together with TorchNeuron."))),
    ("NM1", "Device and CUDA API", (
        (("NM1",), "Port the CUDA device and API uses that have no automatic fix."),)),
    ("NM2", "Operators and dtypes", (
        (("NM201",), "Replace the operators TorchNeuron does not support."),
        (("NM202",), "Measure the CPU-fallback operators on a Trainium host and replace those on a "
         "hot path."),
        (("NM203",), "Replace the float64 and complex tensors: Neuron has no native support for them."),
        (("NM204",), "Replace the quantized and sparse tensors with dense ones: TorchNeuron does not "
         "support them."),
        (("NM205",), "Drop `fused=True` from the optimizers, or measure the step on a Trainium host: "
         "its fused kernel is not known to exist on Neuron."),
        (("NM2",), "Review these findings with `neuron-migrate explain CODE`."))),
    ("NM5", "Custom kernels", (
        ((_OPTIONAL_KERNEL,), "Check that the code runs without its optional kernels (each finding names "
         "where it is skipped), then port to NKI only those whose fallback is too slow."),
        (("NM501",), "Port the kernels of the CUDA extensions to NKI."),
        (("NM502",), "Port the Triton kernels to NKI."),
        (("NM503",), "Replace the CuPy, Numba CUDA or PyCUDA code with torch operations on the neuron "
         "device, or NKI for a kernel."),
        (("NM5",), "Replace each CUDA-only library with the replacement its finding names, or drop the "
         "optional path that uses it."))),
    ("NM3", "Dynamic shapes", (
        (("NM301",), "Replace the operations whose output shape depends on tensor values (boolean-mask "
         "indexing, `nonzero`, `unique`) with fixed-shape forms (`torch.where`, `masked_fill`) where "
         "they run on the neuron device: each result size is a new graph on Neuron."),
        (("NM305",), "Remove `dynamic=True` from `torch.compile`: the Neuron backend rejects it."),
        (("NM306", "NM307"), "Drop the dynamic-shape marks and settings: the Neuron backend compiles "
         "static shapes only."),
        (("NM3",), "Pad or bucket the variable shapes: Neuron compiles one graph per input shape."))),
    ("NM4", "Graph breaks", (
        (("NM4",), "Remove the graph breaks in traced code so `torch.compile` captures the model in as "
         "few graphs as possible."),)),
)
SCHEMA_VERSION = 2  # of the report JSON: neuron_migrate/schemas/report.schema.json
SEVERITIES = ("error", "warning", "info")
_RANK = {s: i for i, s in enumerate(SEVERITIES)}


def in_scopes(counts: dict[str, int]) -> str:
    """A group's findings per scope: ``3 in library, 1 in scripts`` (never "1 scripts")."""
    return ", ".join(f"{n} in {scope}" for scope, n in counts.items())


def percent(share: float | None) -> str:
    """A share as a whole percentage, rounded down: 100% only when nothing is lost."""
    return "—" if share is None else f"{math.floor(100 * share + 1e-9):.0f}%"


def family_of(code: str) -> tuple[str, str]:
    """(prefix, title) of a rule code's family."""
    for prefix, title, _ in FAMILIES:
        if code.startswith(prefix):
            return prefix, title
    return code[:3], f"Other ({code[:3]}xx)"


def _location(f: dict) -> str:
    if f.get("cell") is not None:  # a notebook: lines count within the cell
        return f"{f['path']}:cell {f['cell']}:line {f['line']}"
    return f"{f['path']}:{f['line']}"


_SPAN = re.compile(r"`[^`]*`")
_LINE = re.compile(r"\bline \d+")


def template(code: str, message: str) -> str:
    """A message with its expressions and line numbers blanked, so the same finding about
    different code is one group (NM206 names operators: one project-level list says it)."""
    if code == "NM206":
        return ("operators with no known Neuron status (unverified): see Operators by status; "
                "check each with `neuron-migrate ops NAME`")
    return _LINE.sub("line …", _SPAN.sub("`…`", message))


def group(findings: list[dict], scope_of=None) -> list[dict]:
    """Findings grouped by (code, message template), worst and most frequent first; a group
    whose messages differ keeps each one beside its location."""
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for f in findings:
        groups[(f["code"], template(f["code"], f["message"]))].append(f)
    out = []
    for (code, shape), items in groups.items():
        first = items[0]
        same = all(f["message"] == first["message"] for f in items)
        by_scope = Counter(scope_of(f["path"]) for f in items) if scope_of else Counter()
        out.append({"code": code, "rule": first["rule"], "severity": first["severity"],
                    "category": first["category"], "message": first["message"] if same else shape,
                    "count": len(items), "fix": fixable(first),
                    "scopes": dict(sorted(by_scope.items())),
                    "locations": [_location(f) for f in items],
                    "details": [] if same else [f["message"] for f in items]})
    out.sort(key=lambda g: (_RANK.get(g["severity"], 9), -g["count"], g["code"], g["message"]))
    return out


STATUS_ORDER = ("unsupported", "cpu_fallback", "unknown", "native")
STATUS_LABEL = {"unsupported": "unsupported", "cpu_fallback": "CPU fallback",
                "unknown": "unverified", "native": "native"}


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
                "source": provenance(row.source if row is not None else "not in the capability table"),
                "count": 0, "codes": [], "locations": []})
            entry["count"] += 1
            entry["locations"].append(_location({**f, "line": line}) if line else _location(f))
            if f["code"] not in entry["codes"]:
                entry["codes"].append(f["code"])
    order = {s: i for i, s in enumerate(STATUS_ORDER)}
    return sorted(rows.values(), key=lambda r: (order.get(r["status"], 9), -r["count"], r["operator"]))


def heat(findings: list[dict]) -> list[dict]:
    """Files with findings, hottest first: errors weigh 3, warnings 2, infos 1."""
    per: dict[str, Counter] = defaultdict(Counter)
    for f in findings:
        per[f["path"]][f["severity"]] += 1
    rows = [{"path": path, **{s: c[s] for s in SEVERITIES},
             "total": sum(c.values()), "weight": 3 * c["error"] + 2 * c["warning"] + c["info"]}
            for path, c in per.items()]
    rows.sort(key=lambda r: (-r["weight"], -r["total"], r["path"]))
    return rows


def _advised_as(group: dict) -> str:
    """The code a group's advice is looked up by: an optional kernel's (sam2's CUDA extension, built
    in a `try` that installs without it) is not a kernel to port but a fallback to check."""
    if group["code"] in ("NM501", "NM502", "NM503") and group["message"].startswith("optional "):
        return _OPTIONAL_KERNEL
    return group["code"]


def next_steps(doc: dict, families: list[dict], product: list[dict], coverage: dict | None = None) -> list[dict]:
    findings = product
    fixes = Counter(fixable(f) for f in findings)
    fix_files = len({f["path"] for f in findings if fixable(f) == "safe"})
    steps = []
    by_prefix = {fam["prefix"]: fam for fam in families}
    for prefix, title, advice in FAMILIES:
        fam = by_prefix.get(prefix)
        if prefix == "NM1" and fixes["safe"]:
            steps.append({"title": "Apply the safe fixes",
                          "detail": f"{plural(fixes['safe'], 'finding')} in {plural(fix_files, 'file')} "
                                    f"{'has' if fixes['safe'] == 1 else 'have'} a fix whose meaning is certain: "
                                    "review `neuron-migrate fix "
                                    "PATH`, then run `neuron-migrate fix PATH --apply`.",
                          "count": fixes["safe"]})
            if fixes["unsafe"]:
                steps.append({"title": "Review the unsafe fixes",
                              "detail": f"{plural(fixes['unsafe'], 'fix', 'fixes')} "
                                        f"{'changes' if fixes['unsafe'] == 1 else 'change'} behaviour "
                                        "on some code paths: read `neuron-migrate fix PATH --unsafe-fixes` "
                                        "and apply the ones that hold.", "count": fixes["unsafe"]})
        if fam is None:
            continue
        manual = [g for g in fam["groups"] if g["product"] and g["fix"] == "none" and g["severity"] != "info"]
        if manual:
            said = {next((sentence for codes, sentence in advice if _advised_as(g).startswith(codes)), "")
                    for g in manual}
            steps.append({"title": title, "detail": " ".join(s for _, s in advice if s in said),
                          "count": sum(g["product"] for g in manual)})
    for fam in families:  # families this module does not know yet, in code order
        if fam["prefix"] not in {p for p, _, _ in FAMILIES}:
            manual = sum(g["product"] for g in fam["groups"] if g["fix"] == "none")
            if manual:
                steps.append({"title": fam["title"], "detail": "Review these findings with "
                              "`neuron-migrate explain CODE`.", "count": manual})
    if doc.get("compile_coverage") is None:
        steps.append({"title": "Estimate compile coverage",
                      "detail": "No compile-coverage estimate was available for this scan; once "
                                "the code above is ported, compile the model with "
                                "`torch.compile(backend=\"neuron\")` and count its graph breaks.",
                      "count": 0})
    unseen = list(dict.fromkeys(u["entry"] for u in (coverage or {}).get("unseen") or ()))
    if unseen:  # yolov5's DetectionModel: its layers are built from a YAML file
        steps.append({"title": "Measure what the estimate cannot see",
                      "detail": f"{', '.join(f'`{e}`' for e in unseen)} "
                                f"{'calls' if len(unseen) == 1 else 'call'} modules the scan cannot name "
                                "(see Compile coverage): measure the graphs and breaks on the CPU with "
                                "`neuron-migrate measure MODULE:FACTORY`, where FACTORY() returns the model "
                                "and example inputs.", "count": 0})
    factories = (coverage or {}).get("factories")
    if factories and coverage.get("basis") == "every forward in the product":
        # detectron2's build_model(cfg): a registry picks the model from the config at run time
        steps.append({"title": "Name the model you compile",
                      "detail": f"The scripts build the model through {', '.join(f'`{f}()`' for f in factories[:3])}, "
                                "which the scan does not follow, so the compile figures assume every forward of "
                                "the library and scripts: for the figures of the model you run, name its forward "
                                "with `neuron-migrate report . --entry FILE:Class.forward` (or `compile-entries` "
                                "in the config).", "count": 0})
    steps.append({"title": "Keep it ported",
                  "detail": "Gate pull requests: `neuron-migrate baseline . -o neuron-baseline.json` "
                            "records today's findings, then `neuron-migrate scan . --baseline "
                            "neuron-baseline.json` in CI fails on new errors only (`--format sarif` "
                            "for GitHub code scanning).", "count": 0})
    return steps


def scope_map(doc: dict):
    """path -> scope: the scan's own ``scope`` of each finding, else inferred from the paths."""
    from neuron_migrate.scopes import Scopes

    given = {f["path"]: f["scope"] for f in doc["findings"] if f.get("scope")}
    inferred = Scopes(doc.get("paths") or [f["path"] for f in doc["findings"]])
    return lambda path: given.get(path) or inferred.of(path)


def scope_rows(findings: list[dict], scope_of, files: dict[str, int]) -> list[dict]:
    """One row per scope: its files and findings, and its migrated share and work beside the product's."""
    from neuron_migrate.scopes import LABELS, PRODUCT, SCOPES

    rows = []
    for scope in SCOPES:
        mine = [f for f in findings if scope_of(f["path"]) == scope]
        if not mine and not files.get(scope):
            continue
        refs = [f for f in mine if work.is_reference(f)]
        migrated = sum(fixable(f) == "safe" for f in refs)
        rows.append({"scope": scope, "label": LABELS[scope], "product": scope in PRODUCT,
                     "files": files.get(scope, 0), "findings": len(mine),
                     "by_severity": {s: sum(f["severity"] == s for f in mine) for s in SEVERITIES},
                     "cuda_references": len(refs), "migrated_by_fix": migrated,
                     "blocking": sum(work.blocker(f) is not None for f in mine)})
    return rows


def build(doc: dict, table=None, baselined: int = 0, root: str | None = None) -> dict:
    """The porting report from a scan's JSON document (``report.json.document``).

    ``table`` is the capability table (``capabilities.capabilities()``) for the operator
    statuses and sources; without one every operator shows as unverified. ``root``, the
    scanned folder, lets the coverage estimate read which modules the scripts build.
    """
    from neuron_migrate.scopes import PRODUCT

    findings = doc["findings"]
    scope_of = scope_map(doc)
    product = [f for f in findings if scope_of(f["path"]) in PRODUCT]
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
        fam["groups"] = group(items, scope_of)
        for g in fam["groups"]:
            g["product"] = sum(n for s, n in g["scopes"].items() if s in PRODUCT)
        fams.append(fam)
    ready = work.readiness(product, _location)
    coverage = entries.coverage(doc, scope_of, root)
    if coverage is not None:
        from neuron_migrate.checks import RULES, load_all

        load_all()
        for b in coverage["breaks"]:  # a break site names its rule; say what the rule finds
            if not b["reason"] and b["code"] in RULES:
                b["reason"] = RULES[b["code"]].summary
    files_per_scope = Counter(scope_of(p) for p in doc.get("paths") or [])
    total = len(product)
    safe = sum(fixable(f) == "safe" for f in product)
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": doc["tool"],
        "project": Path(doc.get("root", "")).name if doc.get("root") else "",
        "summary": {
            "scopes": list(PRODUCT),
            "files_scanned": doc["files"]["scanned"],
            "files_in_scope": sum(files_per_scope[s] for s in PRODUCT) if files_per_scope else None,
            "files_with_findings": len({f["path"] for f in product}),
            "lines_scanned": doc["summary"].get("lines_scanned", 0),
            "findings": total,
            "findings_all_scopes": len(findings),
            "by_severity": {s: sum(f["severity"] == s for f in product) for s in SEVERITIES},
            "by_category": dict(sorted(Counter(f["category"] for f in product).items())),
            "by_family": {fam["prefix"]: sum(g["product"] for g in fam["groups"]) for fam in fams},
            "auto_fixable": {"safe": safe, "unsafe": sum(fixable(f) == "unsafe" for f in product),
                             "share": round(safe / total, 3) if total else None},
            "suppressed": doc["summary"].get("suppressed", 0),
            "baselined": baselined,  # findings a baseline hid: the numbers here leave them out
            "skipped": len(doc["files"].get("skipped", [])),
        },
        "scopes": scope_rows(findings, scope_of, files_per_scope),
        "readiness": ready,
        "effort": work.effort(findings, scope_of, _location, root),
        "compile_coverage": coverage,
        "families": fams,
        "operators": operators(product, table),
        "files": [dict(r, scope=scope_of(r["path"])) for r in heat(findings)],
        "skipped": doc["files"].get("skipped", []),
        "rules": rule_docs(findings),
        "next_steps": next_steps(doc, fams, product, coverage),
    }


def rule_docs(findings: list[dict]) -> dict[str, dict]:
    """What each rule in the report finds, why it matters and what to use instead: the report
    carries its rules' documentation, so a code links to it offline."""
    from neuron_migrate.checks import RULES, load_all

    load_all()
    out = {}
    for code in sorted({f["code"] for f in findings}):
        r = RULES.get(code)
        if r is not None:
            out[code] = {"name": r.name, "summary": r.summary, "why": r.why, "example": r.example,
                         "use_instead": r.use_instead, "fix": r.fix}
    return out


def from_scan(result, skipped, overlays: tuple[str, ...] = (), baselined: int = 0, scopes=None) -> dict:
    from neuron_migrate.capabilities import capabilities
    from neuron_migrate.report import json as json_report

    doc = json_report.document(result, skipped, scopes)
    doc = {**doc, "root": result.root, "paths": [r.path for r in result.files]}
    return build(doc, capabilities(tuple(overlays)), baselined, root=result.root)


_DOCS = "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/"
_PROVENANCE = (  # (marker in a table row's source, what a reader is told), first match wins
    (("not in the capability table",), "no public source gives a Neuron status: unverified"),
    (("[dev]", "pre-release", "torchneuron-aten-ops", "G-dev"),
     "TorchNeuron's pre-release source code (its operator registrations, April 2026): likely, "
     "not yet confirmed by AWS documentation"),
    (("D-ops", "supported-operators"), "AWS Neuron documentation, supported operators: "
     + _DOCS + "torch/reference/api/supported-operators.html"),
    (("D-mod",), "AWS Neuron documentation, the torch.neuron module: " + _DOCS
     + "torch/reference/api/torch-neuron-module.html"),
    (("D-tr",), "AWS Neuron documentation, troubleshooting: " + _DOCS + "torch/troubleshooting.html"),
    (("D-rn", "D-gh"), "TorchNeuron release notes: " + _DOCS + "release-notes/components/torchneuron.html"),
    (("G-sdk",), "AWS Neuron SDK documentation sources: https://github.com/aws-neuron/aws-neuron-sdk"),
)
_URL = re.compile(r"https?://[^\s;,)]+")


def provenance(source: str) -> str:
    """A capability row's source as a reader can follow it: what it is and how sure it is,
    never a research note's path or a repository a reader cannot open."""
    text = (source or "").strip()
    if text.startswith("measured:"):
        return "measured by neuron-migrate's calibration: " + text[len("measured:"):].split(";")[0].strip()
    for markers, said in _PROVENANCE:
        if any(m in text for m in markers):
            return said
    url = _URL.search(text)
    if url:
        return url.group(0)
    return "our reading of public documentation: unverified" if text else "no source given: unverified"
