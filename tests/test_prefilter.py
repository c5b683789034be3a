"""The prefilter's shortcuts change which words are searched, never which checks run."""

from __future__ import annotations

import ast

from neuron_migrate import checks
from neuron_migrate.checks import HANDLER_WORDS, MODULE_MARKERS, _gate, _parts, checks_for
from neuron_migrate.engine import analyse  # noqa: F401 - registers every check module

MANIFESTS = "neuron_migrate.checks.manifests"


def test_gate_is_a_part_of_every_word():
    assert _gate(("install_requires", "extras_require", "setup_requires", "tests_require")) == "_require"
    assert _gate(MODULE_MARKERS[MANIFESTS]) == "_require"
    assert _gate(("cuda", "nccl")) is None  # nothing of four characters in common
    assert _gate(("quantize",)) is None  # one word: its own search
    assert _gate(("apex_fused", "fused_apex")) == "fused"


def _run(text: str) -> tuple[set[str], bool]:
    handlers, finalizers, marked, _ = checks_for(text)
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


def test_parts_are_shared_by_two_words():
    assert _parts(("cuda", "cudnn", "nccl")) == ("cud", "cud", None)
    assert _parts(("flash_attn", "flashinfer", "x")) == ("flash", "flash", None)
    assert _parts(("cuda",)) == (None,)
    for words in (*MODULE_MARKERS.values(), *HANDLER_WORDS.values()):
        for w, part in zip(words, _parts(words)):
            assert part is None or (part in w and part != w and len(part) >= 3
                                    and any(part in v for v in words if v != w))


def test_parts_change_no_handler_that_runs():
    # a text holding a word's part but not the word, the word alone, both, and neither
    words = sorted({w for ws in (*MODULE_MARKERS.values(), *HANDLER_WORDS.values()) for w in ws})
    texts = ["x = 1\n", "cud = 1\n", "flash = cuda\n", "Train = Data\n", "import torch\nTrainer()\n",
             "import torch\nflashinfer\nmark_\n", *words, *(p for ws in MODULE_MARKERS.values() for p in _parts(ws) if p)]
    for text in texts:
        handlers, finalizers, marked, _ = checks_for(text)
        ran = {fn for fns in handlers.values() for fn in fns}
        skipped = {m for m in MODULE_MARKERS if not any(w in text for w in MODULE_MARKERS[m])}
        wanted = {fn for fns in checks.HANDLERS.values() for fn in fns if fn.__module__ not in skipped
                  and (fn not in HANDLER_WORDS or any(w in text for w in HANDLER_WORDS[fn]))}
        assert ran == wanted, text
        assert marked == (len(skipped) < len(MODULE_MARKERS)), text


def test_module_level_read_once_per_file():
    tree = ast.parse("import os\nfrom . import a as b\ndef f():\n    pass\nclass C(nn.Module):\n    def g(self): ...\n")
    ctx = checks.Context(src=None, tree=tree, names=None)  # type: ignore[arg-type]
    first = ctx.module_level()
    assert first is ctx.module_level()
    assert first[0] == (("os", 0, "os", ""), ("b", 1, "", "a")) and first[1] == ("f",)
    assert first[2] == (("C", ("nn.Module",), ("g",)),)


def test_a_table_library_is_asked_of_the_imports_not_the_text():
    # the libraries of rules/dependencies.yaml are no words: a file that imports one runs the kernel
    # checks whatever else it holds (one set test of its imports, not a search of its text per library)
    from neuron_migrate.models import Options

    kernels = "neuron_migrate.checks.kernels"
    assert "gsplat" not in MODULE_MARKERS[kernels] and "gsplat" in checks.IMPORT_MARKERS[kernels]

    def codes(text: str) -> list[str]:
        return [f.code for f in analyse("m.py", text.encode(), Options()).findings]

    assert codes("import torch\nfrom gsplat.rendering import rasterization\n") == ["NM504"]
    assert codes("import xformers.ops as xops\n\ny = xops.memory_efficient_attention\n") == ["NM504"]  # no other word
    assert codes("def f():\n    from tinycudann import Network\n    return Network\n") == ["NM504"]
    assert codes("import torch\n# gsplat rasterizes; xformers attends\nx = 'gsplat'\n") == []
    assert codes("from .gsplat import rasterization\n") == []  # a module of its own package
