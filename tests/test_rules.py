"""Every rule documents itself, and the examples in its docs run as tests."""

import pytest

from neuron_migrate.checks import RULES
from neuron_migrate.commands.rules import explain_text
from neuron_migrate.testing import findings_of, fixed

HEADER = (
    "import os\nimport subprocess\nimport torch\nimport torch.nn as nn\n"
    "import torch.distributed as dist\nfrom torch.profiler import profile, ProfilerActivity\n"
)
CODE_RULES = sorted(code for code in RULES if not code.startswith("NM9"))


@pytest.mark.parametrize("code", sorted(RULES))
def test_docs_are_complete(code):
    r = RULES[code]
    for field in ("name", "summary", "why", "example", "use_instead"):
        assert getattr(r, field).strip(), f"{code} has no {field}"
    assert r.fix in ("safe", "unsafe", "none")
    text = explain_text(r)
    for heading in ("What it finds", "Why it matters", "Example", "Use instead", "Fix safety"):
        assert heading in text


def _findings(r, text: str):
    """Findings of a rule's example or advice: Python, or the text of its ``example_file``."""
    if not r.example_file:
        return findings_of(HEADER + text + "\n")
    from neuron_migrate.formats import analyse, file_kind
    from neuron_migrate.models import Options

    kind = file_kind(r.example_file) or "framework-config"  # YAML configs are known by content
    return list(analyse(kind, r.example_file, (text + "\n").encode(), Options()).findings)


@pytest.mark.parametrize("code", CODE_RULES)
def test_example_triggers_rule(code):
    r = RULES[code]
    found = _findings(r, r.example)
    assert code in {f.code for f in found}, f"{code}'s example does not trigger it: {found}"


@pytest.mark.parametrize("code", [c for c in CODE_RULES if RULES[c].fix != "none"])
def test_example_fix_gives_use_instead(code):
    r = RULES[code]
    out = fixed(HEADER + r.example + "\n", unsafe=r.fix == "unsafe")
    assert out == HEADER + r.use_instead + "\n"


def test_codes_are_unique_and_well_formed():
    import re

    names = [r.name for r in RULES.values()]
    assert len(names) == len(set(names))
    assert all(re.fullmatch(r"NM\d{3}", c) for c in RULES)


@pytest.mark.parametrize("code", CODE_RULES)
def test_use_instead_is_clean_under_its_own_rule(code):
    """The advice must not trigger the rule that gives it (Fixit's VALID examples)."""
    r = RULES[code]
    found = _findings(r, r.use_instead)
    assert code not in {f.code for f in found}, f"{code}'s use_instead triggers it: {found}"


@pytest.mark.parametrize("code", [c for c in sorted(RULES) if RULES[c].source])
def test_source_is_readable(code):
    """A source a user sees leads somewhere: a key of rules/sources.yaml (a page, a repository
    or a sentence), a measurement or table of this repository, or torch's own code."""
    from pathlib import Path

    from neuron_migrate.capabilities import source_notes

    source = RULES[code].source
    root = Path(__file__).resolve().parent.parent
    in_repo = any((root / word.strip("();,:")).exists() for word in source.split() if "/" in word)
    assert source_notes(source) or in_repo or source.startswith("torch/"), source


def test_every_source_key_is_explained():
    """Keys used by the shipped tables and rules (D-xxx, G-xxx) are all in rules/sources.yaml."""
    import re
    from pathlib import Path

    from neuron_migrate.capabilities import source_notes

    root = Path(__file__).resolve().parent.parent
    texts = [r.source for r in RULES.values()]
    texts += [p.read_text(encoding="utf-8") for p in (root / "rules").glob("*.yaml") if p.name != "sources.yaml"]
    keys = {k for t in texts for k in re.findall(r"(?<![\w-])[DG]-[a-z]+\b", t)}
    assert keys and all(source_notes(k) for k in keys), sorted(k for k in keys if not source_notes(k))
