"""NM127 across files: a method called on torch.compile's wrapper of a model whose class
another file of the project defines (nanoGPT's and llama2.c's sample.py pattern), resolved
by the project model (``_wrapper_roots``)."""

import json

from neuron_migrate.cli import main

MODEL = '''import torch
import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        return self.proj(x)

    @classmethod
    def from_config(cls, cfg):
        return cls()

    def generate(self, x, steps):
        for _ in range(steps):
            x = torch.cat([x, self(x)[:, -1:]], dim=1)
        return x

    def logits(self, x):
        return self.forward(x)

    def describe(self):
        return "tiny"
'''

SAMPLE = '''import torch
from model import TinyLM

compile = True
model = TinyLM.from_config({})
model.eval()
if compile:
    model = torch.compile(model)
x = torch.zeros(1, 1, 4)
y = model.generate(x, 3)
z = model.logits(x)
name = model.describe()
'''


def _scan(capsys, root):
    main(["scan", str(root), "-f", "json", "-q", "--no-cache", "--exit-zero", "--select", "NM127"])
    return json.loads(capsys.readouterr().out)["findings"]


def test_a_method_of_another_files_class_on_the_wrapper(capsys, tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "sample.py").write_text(SAMPLE)
    found = {(f["path"], f["line"]): f["message"] for f in _scan(capsys, tmp_path)}
    # generate and logits run the module; describe runs none
    assert set(found) == {("sample.py", 10), ("sample.py", 11)}
    assert "(when compiled) runs `model.py:TinyLM.generate`" in found[("sample.py", 10)]
    assert "`model.compile()`" in found[("sample.py", 10)]
    assert "`self.forward(...)` calls are not compiled" in found[("sample.py", 11)]
    assert "torch.compile(model.logits)" in found[("sample.py", 11)]


def test_in_place_compile_and_a_compiled_method_are_clean(capsys, tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "sample.py").write_text(SAMPLE.replace("model = torch.compile(model)", "model.compile()"))
    (tmp_path / "gen.py").write_text("import torch\nfrom model import TinyLM\n\nm = TinyLM()\n"
                                     "g = torch.compile(m.generate)\ny = g(torch.zeros(1, 1, 4), 2)\n")
    assert _scan(capsys, tmp_path) == []


def _recompiles(capsys, root):
    main(["scan", str(root), "-f", "json", "-q", "--no-cache", "--exit-zero", "--select", "NM3,NM4"])
    [entry] = json.loads(capsys.readouterr().out)["compile_coverage"]["entries"]
    assert entry["entry"] == "model.py:TinyLM.forward"
    return [s["function"] for s in entry["recompile_sources"]]


def test_a_generate_called_only_on_the_wrapper_grows_nothing_the_compiled_forward_sees(capsys, tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "sample.py").write_text(SAMPLE)
    (tmp_path / "tests").mkdir()  # a test's own call on a plain model is no call of the project's
    (tmp_path / "tests" / "test_model.py").write_text("from model import TinyLM\n\n\ndef test_generate():\n"
                                                      "    assert TinyLM().generate(None, 0) is None\n")
    assert _recompiles(capsys, tmp_path) == []


def test_a_generate_called_elsewhere_too_keeps_its_recompile(capsys, tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "sample.py").write_text(SAMPLE)
    (tmp_path / "chat.py").write_text("import torch\nfrom model import TinyLM\n\nm = TinyLM()\n"
                                      "m.compile()\ny = m.generate(torch.zeros(1, 1, 4), 2)\n")
    assert _recompiles(capsys, tmp_path) == ["TinyLM.generate"]
    # compiled in place, self(x) in generate is the compiled forward (measured: a frame per call)


BASE = '''import torch
import torch.nn as nn


class Sampler(nn.Module):
    def generate(self, x, steps):
        for _ in range(steps):
            x = torch.cat([x, self(x)[:, -1:]], dim=1)
        return x
'''

CHILD = '''import torch.nn as nn
from base import Sampler


class Child(Sampler):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        return self.proj(x)
'''


def test_a_method_a_base_of_another_file_defines(capsys, tmp_path):
    """The compiled module's class inherits ``generate`` from a project base in a third file
    (measured, constructs.py --wrapper-calls: 0 frames, as for the class's own method)."""
    (tmp_path / "base.py").write_text(BASE)
    (tmp_path / "child.py").write_text(CHILD)
    (tmp_path / "sample.py").write_text("import torch\nfrom child import Child\n\nmodel = torch.compile(Child())\n"
                                        "y = model.generate(torch.zeros(1, 1, 4), 3)\n")
    found = {(f["path"], f["line"]): f["message"] for f in _scan(capsys, tmp_path)}
    assert list(found) == [("sample.py", 5)]
    assert "runs `base.py:Sampler.generate` of the original module" in found[("sample.py", 5)]


def test_a_class_of_this_file_whose_base_of_another_file_defines_the_method(capsys, tmp_path):
    (tmp_path / "base.py").write_text(BASE)
    (tmp_path / "sample.py").write_text(CHILD + "\n\nmodel = torch.compile(Child())\n"
                                        "y = model.generate(torch.zeros(1, 1, 4), 3)\nz = model.describe()\n"
                                        "import torch\n")
    found = {(f["path"], f["line"]): f["message"] for f in _scan(capsys, tmp_path)}
    assert list(found) == [("sample.py", 15)]
    assert "runs `base.py:Sampler.generate`" in found[("sample.py", 15)]


def test_a_base_the_project_does_not_define_is_silent(capsys, tmp_path):
    (tmp_path / "sample.py").write_text(CHILD.replace("from base import", "from outside_pkg import")
                                        + "\n\nimport torch\nmodel = torch.compile(Child())\n"
                                        "y = model.generate(torch.zeros(1, 1, 4), 3)\n")
    assert _scan(capsys, tmp_path) == []


def _sources(capsys, root):
    main(["scan", str(root), "-f", "json", "-q", "--no-cache", "--exit-zero", "--select", "NM3,NM4"])
    [entry] = json.loads(capsys.readouterr().out)["compile_coverage"]["entries"]
    return entry["recompile_sources"]


def test_the_recompile_says_where_the_module_is_compiled_in_place(capsys, tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "chat.py").write_text("import torch\nfrom model import TinyLM\n\nm = TinyLM()\n"
                                      "m.compile()\ny = m.generate(torch.zeros(1, 1, 4), 2)\n")
    [source] = _sources(capsys, tmp_path)
    assert (source["function"], source["line"]) == ("TinyLM.generate", 19)
    assert "`chat.py:5` compiles the module in place" in source["why"]
    # in the model's own file too
    (tmp_path / "chat.py").unlink()
    (tmp_path / "model.py").write_text(MODEL + "\n\nm = TinyLM()\nm.compile()\ny = m.generate(torch.zeros(1, 1, 4), 2)\n")
    [source] = _sources(capsys, tmp_path)
    assert "`model.py:30` compiles the module in place" in source["why"]


def test_a_forward_compiled_only_on_the_wrapper_keeps_no_generate_recompile(capsys, tmp_path):
    """train.py compiles the model with torch.compile (a wrapper); eval.py calls generate on a
    model it never compiles: generate's self(x) is never the compiled forward."""
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "train.py").write_text("import torch\nfrom model import TinyLM\n\nm = torch.compile(TinyLM())\n"
                                       "loss = m(torch.zeros(1, 1, 4)).sum()\n")
    (tmp_path / "eval.py").write_text("import torch\nfrom model import TinyLM\n\n"
                                      "y = TinyLM().generate(torch.zeros(1, 1, 4), 2)\n")
    assert _sources(capsys, tmp_path) == []


def test_a_forward_no_compile_reaches_keeps_the_recompile_when_compiled_in_place(capsys, tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    [source] = _sources(capsys, tmp_path)
    assert "when the module is compiled in place with `model.compile()`" in source["why"]


def test_a_keras_models_compile_on_an_attribute_is_no_torch_compile(capsys, tmp_path):
    (tmp_path / "predict.py").write_text("import tensorflow as tf\n\n\nclass Predictor:\n    def __init__(self):\n"
                                         "        self.model = tf.keras.Sequential([])\n        self.model.compile()\n")
    main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--exit-zero"])
    assert "the project compiles nothing" in json.loads(capsys.readouterr().out)["compile_coverage"]["entries_note"]


def test_nm308_names_the_call_on_the_wrapper(capsys, tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "sample.py").write_text(SAMPLE)
    main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--exit-zero", "--select", "NM308"])
    [finding] = json.loads(capsys.readouterr().out)["findings"]
    assert (finding["path"], finding["line"]) == ("model.py", 19)
    assert "`sample.py:10` calls `generate` on torch.compile's wrapper, which runs it uncompiled" in finding["message"]
    assert "compiled in place (`model.compile()`), a recompile for each" in finding["message"]


def test_nm308_names_the_compile_in_place(capsys, tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "sample.py").write_text(SAMPLE.replace("model = torch.compile(model)", "model.compile()"))
    main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--exit-zero", "--select", "NM308"])
    [finding] = json.loads(capsys.readouterr().out)["findings"]
    assert "a recompile for each: `sample.py:8` compiles the module in place" in finding["message"]


def test_nm308_names_a_compile_of_the_class_in_its_own_file(capsys, tmp_path):
    """The class's own file compiles it below the class (``m.compile()``, or the wrapper whose
    ``generate`` runs uncompiled): NM308 names that line, as it does another file's."""
    tail = "\n\nm = TinyLM()\n{}\ny = m.generate(torch.zeros(1, 1, 4), 3)\n"
    (tmp_path / "model.py").write_text(MODEL + tail.format("m.compile()"))
    main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--exit-zero", "--select", "NM308"])
    [finding] = json.loads(capsys.readouterr().out)["findings"]
    assert "a recompile for each: `model.py:30` compiles the module in place" in finding["message"]
    (tmp_path / "model.py").write_text(MODEL + tail.format("m = torch.compile(m)"))
    main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--exit-zero", "--select", "NM308"])
    [finding] = json.loads(capsys.readouterr().out)["findings"]
    assert "`model.py:31` calls `generate` on torch.compile's wrapper, which runs it uncompiled" in finding["message"]


BY_FORWARD = MODEL.replace("x = torch.cat([x, self(x)[:, -1:]], dim=1)", "x = torch.cat([x, self.forward(x)[:, -1:]], dim=1)")


def test_a_generate_through_self_forward_recompiles_only_where_the_forward_itself_is_compiled(capsys, tmp_path):
    """Measured (constructs.py --wrapper-calls): ``m.compile()`` leaves ``self.forward(x)``
    uncompiled (0 graphs); ``m.forward = torch.compile(m.forward)`` compiles it (2 over 4 steps)."""
    (tmp_path / "model.py").write_text(BY_FORWARD)
    (tmp_path / "chat.py").write_text("import torch\nfrom model import TinyLM\n\nm = TinyLM()\n"
                                      "m.compile()\ny = m.generate(torch.zeros(1, 1, 4), 2)\n")
    assert _sources(capsys, tmp_path) == []
    (tmp_path / "chat.py").write_text("import torch\nfrom model import TinyLM\n\nm = TinyLM()\n"
                                      "m.forward = torch.compile(m.forward)\ny = m.generate(torch.zeros(1, 1, 4), 2)\n")
    [source] = _sources(capsys, tmp_path)
    assert "`chat.py:5` compiles the module in place, so a generate's `self.forward(...)`" in source["why"]
    (tmp_path / "chat.py").unlink()  # nothing compiles it: kept, saying what would compile it
    [source] = _sources(capsys, tmp_path)
    assert "when the forward itself is compiled (`model.forward = torch.compile(model.forward)`)" in source["why"]


TRAINER = '''import torch
from model import TinyLM


class Trainer:
    def __init__(self, compile=False):
        self.model = TinyLM()
        if compile:
            self.model = torch.compile(self.model)

    def sample(self, x):
        return self.model.generate(x, 3)
'''


def test_a_wrapper_held_on_an_attribute(capsys, tmp_path):
    """``self.model = torch.compile(self.model)``, then ``self.model.generate(...)`` in another
    method (measured, constructs.py --wrapper-calls: 0 frames, as for a local)."""
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "trainer.py").write_text(TRAINER)
    found = {(f["path"], f["line"]): f["message"] for f in _scan(capsys, tmp_path)}
    assert list(found) == [("trainer.py", 12)]
    assert "`self.model.generate(...)` on torch.compile's wrapper (when compiled)" in found[("trainer.py", 12)]
    assert "(`self.model.compile()` instead of `self.model = torch.compile(...)`)" in found[("trainer.py", 12)]
    # bound again in another method (unwrapped to save it): what sample() meets is not known
    (tmp_path / "trainer.py").write_text(TRAINER + "\n    def save(self):\n        self.model = self.model._orig_mod\n")
    assert _scan(capsys, tmp_path) == []


def test_a_wrapper_held_on_an_attribute_through_eval(capsys, tmp_path):
    """``self.model = torch.compile(self.model).eval()``: ``eval()`` returns the wrapper (measured,
    constructs.py --wrapper-calls: ``self.model.own(x, n)`` 0 frames, ``self.model(x)`` 1)."""
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "trainer.py").write_text(TRAINER.replace("torch.compile(self.model)", "torch.compile(self.model).eval()"))
    found = {(f["path"], f["line"]): f["message"] for f in _scan(capsys, tmp_path)}
    assert list(found) == [("trainer.py", 12)]
    assert "`self.model.generate(...)` on torch.compile's wrapper (when compiled)" in found[("trainer.py", 12)]


def test_an_attributes_module_compiled_in_place(capsys, tmp_path):
    """``self.model.compile()``: the held class's forward is the compiled entry, and a generate's
    ``self(...)`` is the compiled forward (measured: 2 frames, as for a local)."""
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "trainer.py").write_text(TRAINER.replace("self.model = torch.compile(self.model)",
                                                         "self.model.compile()"))
    assert _scan(capsys, tmp_path) == []
    [source] = _sources(capsys, tmp_path)
    assert (source["function"], source["line"]) == ("TinyLM.generate", 19)
    assert "`trainer.py:9` compiles the module in place" in source["why"]


def test_a_compile_the_class_defines_itself_is_no_compile_in_place(capsys, tmp_path):
    """timm's distillation teacher defines ``compile()``: ``self.teacher.compile()`` runs it, not nn.Module's."""
    (tmp_path / "model.py").write_text(MODEL + "\n    def compile(self):\n        return self\n")
    (tmp_path / "trainer.py").write_text(TRAINER.replace("self.model = torch.compile(self.model)",
                                                         "self.model.compile()"))
    [source] = _sources(capsys, tmp_path)
    assert "when the module is compiled in place with `model.compile()`" in source["why"]


def test_a_keras_models_compile_on_an_attribute_is_no_torch_compile(capsys, tmp_path):
    (tmp_path / "predict.py").write_text("import tensorflow as tf\n\n\nclass Predictor:\n    def __init__(self):\n"
                                         "        self.model = tf.keras.Sequential([])\n        self.model.compile()\n")
    main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--exit-zero"])
    assert "the project compiles nothing" in json.loads(capsys.readouterr().out)["compile_coverage"]["entries_note"]


LAYERS = '''import torch.nn as nn


class SelfBlock(nn.Module):
    def forward(self, x):
        return x * 2


class CrossBlock(nn.Module):
    def forward(self, x, y):
        return x + y


class Norm(nn.Module):
    def forward(self, x):
        return x / x.norm()
'''

PER_LAYER = '''import torch
import torch.nn as nn
from layers import CrossBlock, SelfBlock


class Head(nn.Module):
    def forward(self, x):
        return x.sum(-1)


def compile_layers(model):
    for m in reversed(list(model.modules())):
        if isinstance(m, SelfBlock) or isinstance(m, CrossBlock):
            m.compile(backend="inductor")


def compile_heads(model):
    for name, m in model.named_children():
        if isinstance(m, (Head,)):
            setattr(model, name, torch.compile(m))
'''


def test_layers_compiled_under_an_isinstance_test(capsys, tmp_path):
    """torchtune's per-layer compile, ``for m in model.modules(): if isinstance(m, A) or
    isinstance(m, B): m.compile()``: the forward of each class the test names is an entry, of
    another file (through the project model) or of this one (``torch.compile(m)``)."""
    (tmp_path / "layers.py").write_text(LAYERS)
    (tmp_path / "per_layer.py").write_text(PER_LAYER)
    main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--exit-zero"])
    coverage = json.loads(capsys.readouterr().out)["compile_coverage"]
    assert coverage["entries_source"] == "compiled"
    assert {e["entry"] for e in coverage["entries"]} == {
        "layers.py:SelfBlock.forward", "layers.py:CrossBlock.forward", "per_layer.py:Head.forward"}
