"""The rules reference, generated from rule metadata: docs/rules.md and the README's table.

Regenerate with ``python -m neuron_migrate.rules_doc``; a test fails when either is stale.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from neuron_migrate.capabilities import source_notes
from neuron_migrate.checks import RULES, Rule, load_all

ROOT = Path(__file__).resolve().parent.parent
README_START, README_END = "<!-- rules-table:start -->", "<!-- rules-table:end -->"
_FIX = {"safe": "safe", "unsafe": "unsafe", "none": "—"}


def _rules() -> list[Rule]:
    load_all()
    return sorted(RULES.values(), key=lambda r: r.code)


def table() -> str:
    rows = ["| code | name | severity | fix | what it finds |", "|---|---|---|---|---|"]
    for r in _rules():
        summary = r.summary.replace("|", "\\|")
        rows.append(f"| [{r.code}](docs/rules.md#{r.code.lower()}) | `{r.name}` | {r.severity.label} "
                    f"| {_FIX[r.fix]} | {summary} |")
    return "\n".join(rows) + "\n"


def reference() -> str:
    out = ["# Rules reference", "",
           "Generated from the rule metadata by `python -m neuron_migrate.rules_doc`; do not edit by hand.",
           "`neuron-migrate explain CODE` prints the same text.", ""]
    for r in _rules():
        fix = {"safe": "Safe: applied by `neuron-migrate fix`.",
               "unsafe": "Unsafe: applied only with `--unsafe-fixes`.",
               "none": "None: a person must port it."}[r.fix]
        if r.fix_reason:
            fix += f" {r.fix_reason[0].upper()}{r.fix_reason[1:]}."
        language = r.example_file.rsplit(".", 1)[-1].replace("yml", "yaml") if r.example_file else "python"
        where = f" (`{r.example_file}`)" if r.example_file else ""
        out += [f'<a id="{r.code.lower()}"></a>', f"## {r.code} `{r.name}`", "",
                f"Severity **{r.severity.label}**, category `{r.category}`.", "",
                "**What it finds.** " + r.summary[0].upper() + r.summary[1:] + ".", "",
                "**Why it matters.** " + r.why, "",
                f"**Example**{where}", "", f"```{language}", r.example, "```", "",
                "**Use instead**", "", f"```{language}", r.use_instead, "```", "",
                "**Fix safety.** " + fix, ""]
        if r.source:
            out += [f"**Source.** {r.source}", ""] + [f"- {note}" for note in source_notes(r.source)]
            out += [""] if source_notes(r.source) else []
    return "\n".join(out)


def readme_with_table(readme: str) -> str:
    pattern = re.compile(re.escape(README_START) + ".*?" + re.escape(README_END), re.S)
    return pattern.sub(lambda _: f"{README_START}\n{table()}{README_END}", readme)


def main() -> int:
    (ROOT / "docs").mkdir(exist_ok=True)
    (ROOT / "docs" / "rules.md").write_text(reference(), encoding="utf-8")
    readme = ROOT / "README.md"
    readme.write_text(readme_with_table(readme.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
