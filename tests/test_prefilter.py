"""The prefilter's shortcuts change which words are searched, never which checks run."""

from __future__ import annotations

import ast

from neuron_migrate import checks
from neuron_migrate.checks import MODULE_MARKERS, _gate, checks_for
from neuron_migrate.engine import analyse  # noqa: F401 - registers every check module

MANIFESTS = "neuron_migrate.checks.manifests"


def test_gate_is_a_part_of_every_word():
    assert _gate(("install_requires", "extras_require", "setup_requires", "tests_require")) == "_require"
    assert _gate(MODULE_MARKERS[MANIFESTS]) == "_require"
    assert _gate(("cuda", "nccl")) is None  # nothing of four characters in common
    assert _gate(("quantize",)) is None  # one word: its own search
    assert _gate(("apex_fused", "fused_apex")) == "fused"


def _run(text: str) -> tuple[set[str], bool]:
    handlers, finalizers, marked = checks_for(text)
    return {fn.__module__ for fns in handlers.values() for fn in fns} | {fn.__module__ for fn in finalizers}, marked


def _brute(text: str) -> set[str]:
    """The modules a search of every word would run."""
    return {m for m, words in MODULE_MARKERS.items() if any(w in text for w in words)}


def test_gated_module_runs_exactly_when_a_word_is_there():
    for text in ("x = 1\n", "needs_require = 2\n", "setup(install_requires=['torch'])\n",
                 "tests_require = []\n", "import torch\n"):
        ran, marked = _run(text)
        wanted = _brute(text)
        assert (MANIFESTS in ran) == (MANIFESTS in wanted), text
        assert marked == bool(wanted), text


def test_module_level_read_once_per_file():
    tree = ast.parse("import os\nfrom . import a as b\ndef f():\n    pass\nclass C(nn.Module):\n    def g(self): ...\n")
    ctx = checks.Context(src=None, tree=tree, names=None)  # type: ignore[arg-type]
    first = ctx.module_level()
    assert first is ctx.module_level()
    assert first[0] == (("os", 0, "os", ""), ("b", 1, "", "a")) and first[1] == ("f",)
    assert first[2] == (("C", ("nn.Module",), ("g",)),)
