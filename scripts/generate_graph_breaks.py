#!/usr/bin/env python3
"""Generate ``rules/generated/graph_breaks.json``: Dynamo's registry of graph-break types.

Every torch wheel ships ``torch/_dynamo/graph_break_registry.json``: one id per kind of graph
break (``GB0124``), with its type, the explanation Dynamo prints and hints. Dynamo's own
messages end with a link to the id's page (https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0124.html),
so an NM4xx finding that names the id lets a user look the break up and match it with what
``torch._dynamo.explain`` or ``TORCH_LOGS=graph_breaks`` says.

The scanner never imports torch: this script copies the registry's id, type and
explanation (the context templates and hints are left out) from the installed torch wheel,
found with ``importlib.util.find_spec`` (torch is not imported here either), with the torch
version and the registry's sha256. The output has sorted keys and no timestamp, so the same
torch gives the same bytes (``tests/test_graph_break_ids.py`` checks it when that torch is
installed).

    python scripts/generate_graph_breaks.py          # write rules/generated/graph_breaks.json
    python scripts/generate_graph_breaks.py --check  # exit 1 when the file is stale
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "rules" / "generated" / "graph_breaks.json"
REGISTRY = "torch/_dynamo/graph_break_registry.json"


def registry_path() -> Path | None:
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "_dynamo" / "graph_break_registry.json"
    return path if path.is_file() else None


def generate() -> str:
    path = registry_path()
    if path is None:
        raise SystemExit(f"no {REGISTRY} in an installed torch")
    raw = path.read_bytes()
    registry = json.loads(raw)
    breaks = {}
    for gb, versions in registry.items():
        latest = versions[0] if isinstance(versions, list) else versions
        explanation = latest.get("Explanation", "")
        # where Dynamo builds the text at run time the registry holds the source expression
        # (GB0007's `explanation`, `msg`, `str(e)`): no prose, so none is given
        if " " not in explanation.strip():
            explanation = ""
        breaks[gb] = {"type": latest.get("Gb_type", ""), "explanation": explanation}
    doc = {"header": {"torch": importlib.metadata.version("torch").split("+")[0], "source": REGISTRY,
                      "sha256": hashlib.sha256(raw).hexdigest(),
                      "command": "python scripts/generate_graph_breaks.py", "count": len(breaks)},
           "breaks": breaks}
    return json.dumps(doc, indent=0, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    text = generate()
    if argv[:1] == ["--check"]:
        current = OUT.read_text(encoding="utf-8") if OUT.is_file() else ""
        if current != text:
            print(f"{OUT.name} is stale: run python scripts/generate_graph_breaks.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({json.loads(text)['header']['count']} graph-break types)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
