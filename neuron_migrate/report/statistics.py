"""``scan --statistics``: how many findings each rule code has, most first (as ruff's)."""

from __future__ import annotations

import json as _json
from collections import Counter

from neuron_migrate.models import Applicability, ScanResult


def rows(result: ScanResult) -> list[dict]:
    findings = result.findings
    counts = Counter(f.code for f in findings)
    first = {}
    fixable: dict[str, set[str]] = {}
    for f in findings:
        first.setdefault(f.code, f)
        if f.fix is not None:
            fixable.setdefault(f.code, set()).add(f.fix.applicability.value)
    out = []
    for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        kinds = fixable.get(code, set())
        fix = (Applicability.SAFE.value if Applicability.SAFE.value in kinds
               else Applicability.UNSAFE.value if kinds else None)
        out.append({"code": code, "name": first[code].rule, "severity": first[code].severity.label,
                    "count": n, "fix": fix})
    return out


def render(result: ScanResult, json: bool = False) -> str:
    table = rows(result)
    if json:
        return _json.dumps(table, indent=2) + "\n"
    if not table:
        return ""
    width = len(str(table[0]["count"]))
    marks = {"safe": "[*] ", "unsafe": "[~] ", None: "    "}
    return "".join(f"{r['count']:>{width}}  {r['code']}  {marks[r['fix']]}{r['name']}\n" for r in table)
