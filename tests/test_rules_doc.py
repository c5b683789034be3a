"""docs/rules.md and the README's rule table are generated from the rule metadata."""

from neuron_migrate import rules_doc


def test_rules_reference_is_up_to_date():
    text = (rules_doc.ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert text == rules_doc.reference(), "run: python -m neuron_migrate.rules_doc"


def test_readme_table_is_up_to_date():
    readme = (rules_doc.ROOT / "README.md").read_text(encoding="utf-8")
    assert rules_doc.README_START in readme
    assert readme == rules_doc.readme_with_table(readme), "run: python -m neuron_migrate.rules_doc"
