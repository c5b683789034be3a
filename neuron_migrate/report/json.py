"""The JSON contract: stable key order, relative paths, no timestamps; its JSON Schema is
schemas/scan.schema.json (``neuron-migrate schema scan``), checked by tests/test_schema.py."""

from __future__ import annotations

import json

from neuron_migrate import __version__
from neuron_migrate.capabilities import target
from neuron_migrate.coverage import compile_coverage
from neuron_migrate.models import Finding, ScanResult
from neuron_migrate.report import summary, workspace_path

SCHEMA_VERSION = 1  # neuron_migrate/schemas/scan.schema.json (additions keep the version)


def finding_dict(f: Finding) -> dict:
    fix = None
    if f.fix is not None:
        fix = {"applicability": f.fix.applicability.value, "title": f.fix.title,
               "reason": f.fix.reason,
               "edits": [{"start": e.start, "end": e.end, "replacement": e.replacement}
                         for e in f.fix.edits]}
    doc = {"code": f.code, "rule": f.rule, "severity": f.severity.label, "category": f.category,
           "path": f.path, "line": f.line, "column": f.column, "end_line": f.end_line,
           "end_column": f.end_column, "message": f.message, "fix": fix}
    if f.dynamo:  # the graph-break type Dynamo would report (torch/_dynamo/graph_break_registry.json)
        from neuron_migrate.graph_break_ids import describe

        doc["dynamo"] = describe(f.dynamo)
    if f.related:  # e.g. the installed library's file and line of a break reported at the user's call
        doc["related"] = [{"path": p, "line": line, "column": col, "message": msg} for p, line, col, msg in f.related]
    if f.cell is not None:  # a notebook: line and column count within the cell (edits: its source)
        doc = {**{k: doc[k] for k in ("code", "rule", "severity", "category", "path")},
               "cell": f.cell, **{k: v for k, v in doc.items() if k not in ("code", "rule", "severity", "category", "path")}}
    return doc


def render(result: ScanResult, skipped, scopes=None) -> str:
    return json.dumps(document(result, skipped, scopes), indent=2, ensure_ascii=False) + "\n"


def document(result: ScanResult, skipped, scopes=None) -> dict:
    """The contract as a dict; the porting report is built from it.

    ``scopes`` (scopes.Scopes) names each file's scope; without it they are inferred from
    the scanned paths alone (no config overrides).
    """
    if scopes is None:
        from neuron_migrate.scopes import Scopes

        scopes = Scopes(r.path for r in result.files)
    findings = []
    for f in result.findings:
        d = finding_dict(f)
        d["scope"] = scopes.of(f.path)
        findings.append(d)
    per_scope: dict[str, dict[str, int]] = {}
    for r in result.files:
        row = per_scope.setdefault(scopes.of(r.path), {"files": 0, "findings": 0})
        row["files"] += 1
        row["findings"] += len(r.findings)
    from neuron_migrate.scopes import SCOPES

    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "neuron-migrate", "version": __version__,
                 "capabilities_version": target().torch_neuronx},
        "summary": summary(result, skipped),
        "findings": findings,
        "files": {"root": workspace_path(result.root, "."),  # findings' paths are relative to it
                  "scanned": len(result.files),
                  "skipped": [{"path": s.rel, "reason": s.reason} for s in skipped]
                  + [{"path": r.path, "reason": r.skipped} for r in result.files if r.skipped]},
        "compile_coverage": compile_coverage(result.files, result.entries, result.followed),
        "scopes": {s: per_scope[s] for s in SCOPES if s in per_scope},
    }
