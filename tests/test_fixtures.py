"""Every fixtures/checks/<CODE>_<name>/ case: findings, safe and unsafe fixes, idempotence.

- input.py        the code under test (ours, modelled on idioms seen in real projects)
- findings.txt    the expected findings, one ``LINE:COL CODE message [*]`` per line
- expected.py     input.py after the safe fixes (absent: the safe fixes change nothing)
- expected-unsafe.py  after safe and unsafe fixes (absent: same as expected.py)
- expected-portable.py, expected-portable-unsafe.py   the same with ``--style portable``, for
  the cases that hold a ``portable`` marker file (absent: the fixes change nothing)

Run ``pytest --update-fixtures`` to rewrite the expected files, then review the diff.
"""

from pathlib import Path

import pytest

from neuron_migrate.fix import parses
from neuron_migrate.models import Options
from neuron_migrate.testing import compare_with_file, findings_of, fixed, format_findings

PORTABLE = Options(style="portable")

DIRS = sorted(p for p in (Path(__file__).parent.parent / "fixtures" / "checks").iterdir() if p.is_dir())
# the cases of config-file rules hold no input.py: tests/test_framework_configs.py checks them
CASES = [p for p in DIRS if (p / "input.py").exists()]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_fixture(case: Path, update_fixtures: bool) -> None:
    code = (case / "input.py").read_text(encoding="utf-8")
    compare_with_file(case / "findings.txt", format_findings(findings_of(code)), update_fixtures)

    styles = [("", Options())] + ([("-portable", PORTABLE)] if (case / "portable").exists() else [])
    for style, options in styles:
        for name, unsafe in ((f"expected{style}.py", False), (f"expected{style}-unsafe.py", True)):
            out = fixed(code, unsafe=unsafe, options=options)
            assert parses(out) is None
            target = case / name
            if out == (code if not unsafe else fixed(code, options=options)):
                if update_fixtures and target.exists():
                    target.unlink()
                assert not target.exists(), f"{target} exists but the fixes change nothing"
            else:
                compare_with_file(target, out, update_fixtures)
            assert fixed(out, unsafe=unsafe, options=options) == out, "a second fix run changed the file"
        if style:
            assert "torch.neuron." not in fixed(code, unsafe=True, options=options), \
                "portable style wrote torch.neuron"


# Rules about files the tool cannot analyse: an input.py here parses, so they are tested on
# such files in tests/test_robustness.py (and notebooks in tests/test_notebook.py).
NOT_PYTHON_INPUT = {"NM901", "NM902", "NM903", "NM904", "NM906", "NM907", "NM908", "NM999"}


def test_every_rule_has_a_fixture() -> None:
    from neuron_migrate.checks import RULES, load_all

    load_all()
    covered = {c.name.split("_")[0] for c in DIRS}
    missing = [code for code in RULES if code not in covered and code not in NOT_PYTHON_INPUT]
    assert not missing, f"rules without a fixture directory: {missing}"
    assert NOT_PYTHON_INPUT <= set(RULES), "a code listed as not testable here is no rule"


def test_optional_torch_xla_blocks_nothing() -> None:
    """findings.txt holds no severity: the optional torch_xla imports and their uses are warnings,
    the unconditional import and its use errors (peft's find_spec test, trl's availability test)."""
    case = DIRS[0].parent / "NM116_optional_torch_xla_import"
    found = findings_of((case / "input.py").read_text(encoding="utf-8"))
    assert {(f.line, f.severity.name.lower()) for f in found} == {
        (13, "warning"), (19, "warning"), (21, "warning"), (30, "warning"), (34, "error"), (36, "error")}
