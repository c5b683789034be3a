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
