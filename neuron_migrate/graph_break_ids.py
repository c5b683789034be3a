"""Dynamo's graph-break types by id (``GB0124``), from ``rules/generated/graph_breaks.json``.

The file is extracted from the installed torch wheel's ``torch/_dynamo/graph_break_registry.json``
by ``scripts/generate_graph_breaks.py`` (torch is never imported by a scan). NM4xx findings
carry the id of the break they predict; the JSON report adds its type, explanation and page.
"""

from __future__ import annotations

import functools
import json

from neuron_migrate import rules_dir

PAGE = "https://meta-pytorch.github.io/compile-graph-break-site/gb/{}.html"


@functools.lru_cache(maxsize=1)
def registry() -> dict:
    return json.loads((rules_dir() / "generated" / "graph_breaks.json").read_bytes())


def describe(gb: str) -> dict:
    """``{"id", "type", "explanation", "url", "torch"}`` of a graph-break id (type and
    explanation empty for an id the recorded torch does not know)."""
    doc = registry()
    row = doc["breaks"].get(gb, {})
    return {"id": gb, "type": row.get("type", ""), "explanation": row.get("explanation", ""),
            "url": PAGE.format(gb.lower()), "torch": doc["header"]["torch"]}
