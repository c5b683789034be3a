"""Compile entries: --entry / compile-entries, torch.compile targets, the assumed forwards,
and compile_coverage.entries[] with expected graphs and recompiles per entry."""

import json
from pathlib import Path

import pytest

from neuron_migrate.cli import main
from neuron_migrate.config import ConfigError, load

MODEL = '''import torch
from torch import nn


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 8)

    def forward(self, idx):
        if idx.sum() > 0:
            idx = idx * 2
        return self.head(idx)

    @torch.no_grad()
    def generate(self, idx, steps: int):
        for _ in range(steps):
            logits = self(idx)
            nxt = logits[:, -1:].argmax(-1, keepdim=True)
            idx = torch.cat((idx, nxt), dim=1)
        return idx


class Other(nn.Module):
    def forward(self, x):
        return x + 1
'''

TRAIN = '''import torch
from pkg.model import GPT
from torch import nn


class Local(nn.Module):
    def forward(self, x):
        return x * 2


model = Local()
model = torch.compile(model)
'''


def project(tmp_path: Path, config: str | None = None, train: bool = False) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "model.py").write_text(MODEL)
    if train:
        (tmp_path / "train.py").write_text(TRAIN)
    if config is not None:
        (tmp_path / "pyproject.toml").write_text(config)
    return tmp_path


def coverage(capsys, *args) -> dict:
    assert main(["scan", *map(str, args), "-f", "json", "-q", "--no-cache", "--fail-on", "never"]) == 0
    return json.loads(capsys.readouterr().out)["compile_coverage"]


def test_every_forward_is_assumed_when_nothing_is_compiled(tmp_path, capsys):
    cov = coverage(capsys, project(tmp_path))
    assert cov["entries_source"] == "assumed" and "compiles nothing" in cov["entries_note"]
    rows = {e["entry"]: e for e in cov["entries"]}
    assert set(rows) == {"pkg/model.py:GPT.forward", "pkg/model.py:Other.forward"}
    assert rows["pkg/model.py:GPT.forward"]["expected_graphs"] == 2  # the branch on idx.sum()
    assert rows["pkg/model.py:Other.forward"]["estimated_coverage"] == 1.0
    assert set(rows["pkg/model.py:Other.forward"]) >= {
        "entry", "path", "estimated_coverage", "expected_graphs", "expected_recompiles"}


def test_a_file_row_counts_the_splits_at_calls_into_another_files_breaks(tmp_path, capsys):
    """A module's row is estimated with the calls across files its entries follow: a forward that
    calls a breaking helper of another file is split at each call (stylegan2's layers at
    misc.assert_shape: its file's row said 1 graph, its Generator.forward entry 30), so the rows
    add up to what the entries reach."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "misc.py").write_text(
        "def check(x):\n    print(x.shape)\n    return x\n")
    (tmp_path / "pkg" / "net.py").write_text(
        "import torch\nfrom torch import nn\nfrom pkg.misc import check\n\n\n"
        "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.a = nn.Linear(4, 4)\n        self.b = nn.Linear(4, 4)\n\n"
        "    def forward(self, x):\n        x = self.a(x)\n        check(x)\n        x = self.b(x)\n"
        "        check(x)\n        return self.a(x)\n")
    cov = coverage(capsys, tmp_path)
    [entry] = cov["entries"]
    rows = {m["path"]: m for m in cov["modules"]}
    assert entry["expected_graphs"] == 3
    assert rows["pkg/net.py"]["expected_graphs"] == 3  # was 1: the calls into misc.py's print were no split
    assert cov["expected_graphs"] == entry["expected_graphs"]


def test_the_file_rows_count_only_what_an_entry_reaches(tmp_path, capsys):
    """detectron2's losses, traced from a forward's ``if self.training:`` branch, which no entry's
    estimate enters: listed (``reached`` false), not counted in their file's row. A subclass that
    inherits another file's forward runs its own override under it (FCOS's ``forward_inference``
    under ``DenseDetector.forward``): counted."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "dense.py").write_text(
        "from torch import nn\n\n\n"
        "class Dense(nn.Module):\n    def forward(self, x):\n        if self.training:\n"
        "            return self.losses(x)\n        return self.infer(x)\n\n"
        "    def losses(self, x):\n        return x[x > 0].sum().item()\n\n"
        "    def infer(self, x):\n        raise NotImplementedError\n")
    (tmp_path / "pkg" / "fcos.py").write_text(
        "from pkg.dense import Dense\n\n\nclass FCOS(Dense):\n    def infer(self, x):\n"
        "        return x.nonzero()\n")
    cov = coverage(capsys, tmp_path)
    functions = {(m["path"], f["name"]): f for m in cov["modules"] for f in m["functions"]}
    assert functions["pkg/dense.py", "Dense.losses"]["reached"] is False
    assert "statements" not in functions["pkg/dense.py", "Dense.losses"]
    rows = {m["path"]: m for m in cov["modules"]}
    assert rows["pkg/dense.py"]["break_statements"] == 0 and rows["pkg/dense.py"]["traced_functions"] == 2
    assert "reached" not in functions["pkg/fcos.py", "FCOS.infer"]
    assert rows["pkg/fcos.py"]["break_statements"] == 1


def test_compile_calls_the_scan_cannot_resolve_are_named_not_called_nothing(tmp_path, capsys):
    """A project that compiles each block of a model it is handed does compile: the note says
    where, and why every forward is assumed."""
    root = project(tmp_path)
    (root / "parallelize.py").write_text(
        "def apply_compile(model):\n"
        "    for _, block in model.layers.named_children():\n"
        "        block.compile(fullgraph=True)\n")
    cov = coverage(capsys, root)
    assert cov["entries_source"] == "assumed" and "compiles nothing" not in cov["entries_note"]
    assert "torch.compile calls (parallelize.py:3)" in cov["entries_note"]
    assert {e["entry"] for e in cov["entries"]} == {"pkg/model.py:GPT.forward", "pkg/model.py:Other.forward"}


def test_torch_compile_targets_are_the_entries(tmp_path, capsys):
    cov = coverage(capsys, project(tmp_path, train=True))
    assert cov["entries_source"] == "compiled"
    assert [e["entry"] for e in cov["entries"]] == ["train.py:Local.forward"]


ALIASED_STEP = '''import torch


def decode_one(model, x):
    return model(x).argmax(-1)


def init_model(model, compile=False):
    if isinstance(model, torch.nn.Module):
        decode = decode_one
    else:
        raise ValueError("unsupported model")
    if compile:
        decode = torch.compile(decode, fullgraph=True)
    return model, decode
'''


@pytest.mark.parametrize("rebound, compiled", [("", True), ("    decode = decode_one if compile else None\n", False),
                                               ("    for decode in (decode_one,):\n        pass\n", False)])
def test_a_function_compiled_under_a_local_alias_is_the_entry(tmp_path, capsys, rebound, compiled):
    """fish-speech's ``init_model``: ``decode_one_token = decode_one_token_ar``, then
    ``decode_one_token = torch.compile(decode_one_token, ...)`` compiles that function; a name bound
    to anything else as well stays unresolved."""
    root = project(tmp_path)
    (root / "infer.py").write_text(ALIASED_STEP.replace("    if compile:\n", rebound + "    if compile:\n"))
    cov = coverage(capsys, root)
    assert (cov["entries_source"], [e["entry"] for e in cov["entries"]][:1]) == \
        (("compiled", ["infer.py:decode_one"]) if compiled else ("assumed", ["pkg/model.py:GPT.forward"]))


GLOBAL_COMPILE = '''import torch


def decode_one(model, x):
    return model(x).argmax(-1)


def main(model, x, compile=False):
    if compile:
        global decode_one
        decode_one = torch.compile(decode_one, fullgraph=True)
    return decode_one(model, x)
'''


@pytest.mark.parametrize("declared", [True, False])
def test_a_module_function_compiled_in_its_place_through_global_is_the_entry(tmp_path, capsys, declared):
    """gpt-fast's ``main()``: ``global decode_one_token, prefill``, then ``decode_one_token =
    torch.compile(decode_one_token, ...)`` compiles the module's function in its place. Without the
    ``global`` the name is the function's own (it would not run), and stays unresolved."""
    root = project(tmp_path)
    (root / "generate.py").write_text(GLOBAL_COMPILE if declared else GLOBAL_COMPILE.replace("        global decode_one\n", ""))
    cov = coverage(capsys, root)
    assert (cov["entries_source"], [e["entry"] for e in cov["entries"]][:1]) == \
        (("compiled", ["generate.py:decode_one"]) if declared else ("assumed", ["pkg/model.py:GPT.forward"]))


@pytest.mark.parametrize("compiling, resolved", [
    ("    fast = torch.compile(decode, fullgraph=True)\n    return fast(model, x)\n", True),
    ("    global decode\n    decode = torch.compile(decode, fullgraph=True)\n    return decode(model, x)\n", True),
    ("    decode = torch.compile(decode, fullgraph=True)\n    return decode(model, x)\n", False),  # unbound: no run
    ("    decode = make()\n    return torch.compile(decode)(model, x)\n", False)])
def test_an_imported_function_compiled_is_the_entry_in_its_file(tmp_path, capsys, compiling, resolved):
    """gpt-fast's eval.py compiles ``model_forward``, imported from generate.py, in its place under
    ``global``; ``torch.compile(fn)`` of an imported function traces that function in its file. A
    name the compiling function binds to something else is not the import."""
    root = project(tmp_path)
    (root / "pkg" / "steps.py").write_text("def decode(model, x):\n    return model(x).argmax(-1)\n")
    (root / "evaluate.py").write_text("import torch\nfrom pkg.steps import decode\n\n\ndef main(model, x, make=None):\n"
                                     + compiling)
    cov = coverage(capsys, root)
    assert (cov["entries_source"], [e["entry"] for e in cov["entries"]][:1]) == \
        (("compiled", ["pkg/steps.py:decode"]) if resolved else ("assumed", ["pkg/model.py:GPT.forward"]))


def test_a_named_entry_reaches_forward_through_self_and_counts_the_growing_input(tmp_path, capsys):
    cov = coverage(capsys, project(tmp_path), "--entry", "pkg.model:GPT.generate")
    assert cov["entries_source"] == "requested" and cov["unresolved_entries"] == []
    (row,) = cov["entries"]
    assert (row["entry"], row["function"], row["traced_functions"]) == ("pkg.model:GPT.generate", "GPT.generate", 2)
    assert row["expected_recompiles"] == 1 and row["recompile_sources"][0]["line"] == 20


def test_entries_from_the_config_by_path_and_unresolved_ones_are_listed(tmp_path, capsys):
    root = project(tmp_path, config='[tool.neuron-migrate]\ncompile-entries = ["pkg/model.py:Other", "pkg.gone:X.f"]\n')
    cov = coverage(capsys, root)
    assert [e["function"] for e in cov["entries"]] == ["Other.forward"]
    assert cov["unresolved_entries"] == ["pkg.gone:X.f"]
    assert cov["unresolved_reasons"] == [{"entry": "pkg.gone:X.f", "why": "no file of the scan is `pkg.gone`"}]


INHERITED = """import torch


class Spherical(torch.distributions.TransformedDistribution):
    def log_prob(self, value):
        return value.sum(-1)
"""


def test_a_named_entry_with_no_estimate_says_why_in_the_json_and_the_report(tmp_path, capsys):
    """power-spherical's ``PowerSpherical.rsample``: inherited from torch's ``TransformedDistribution``,
    which the scan does not read, so no function of the project is known to run."""
    (tmp_path / "dist.py").write_text(INHERITED)
    args = ["--entry", "dist.py:Spherical.rsample", "--entry", "dist.py:Gone.f", "--entry", "dist.py:Spherical.log_prob"]
    cov = coverage(capsys, tmp_path, *args)
    assert [e["entry"] for e in cov["entries"]] == ["dist.py:Spherical.log_prob"]
    assert cov["unresolved_reasons"] == [
        {"entry": "dist.py:Spherical.rsample", "why": "`Spherical` does not define `rsample`: it inherits it from "
         "`torch.distributions.TransformedDistribution`, code the scan does not read, so nothing the entry runs is known"},
        {"entry": "dist.py:Gone.f", "why": "`dist.py` defines no class `Gone`"}]
    assert main(["report", str(tmp_path), "--no-cache", "-q", "--entry", "dist.py:Spherical.rsample"]) == 0
    out = capsys.readouterr().out
    assert "compile coverage no estimate (see Compile coverage)" in out
    assert 'with torch.compile(backend="neuron"), the entries named by --entry or compile-entries' in out
    assert "**No estimate**\n\n- `dist.py:Spherical.rsample`: `Spherical` does not define `rsample`: it inherits" in out


@pytest.mark.parametrize("spec", ["GPT.generate", "pkg.model:", "a b:c", "pkg.model:GPT..f"])
def test_a_malformed_entry_is_an_error(tmp_path, capsys, spec):
    root = project(tmp_path)
    assert main(["scan", str(root), "--entry", spec, "-q"]) == 2
    assert "--entry" in capsys.readouterr().err
    (root / "pyproject.toml").write_text(f'[tool.neuron-migrate]\ncompile-entries = ["{spec}"]\n')
    with pytest.raises(ConfigError, match="compile-entries"):
        load(root / "pyproject.toml")


def test_a_loop_outside_the_entry_that_grows_its_input_is_a_recompile_source(tmp_path, capsys):
    """GPT.forward compiled (here: assumed), called by ``generate`` one token longer at each
    step: Dynamo logs one recompile ("Recompiling function forward ... tensor 'idx' size
    mismatch at index 1. expected 3, actual 4", torch 2.13, ``TORCH_LOGS=recompiles``) and then
    runs with dynamic shapes; Neuron compiles every new length. The source names the caller."""
    cov = coverage(capsys, project(tmp_path))
    row = next(e for e in cov["entries"] if e["function"] == "GPT.forward")
    assert row["expected_recompiles"] == 1
    (source,) = row["recompile_sources"]
    assert (source["function"], source["line"], source["path"]) == ("GPT.generate", 20, "pkg/model.py")
    assert "outside the entry" in source["why"]
    other = next(e for e in cov["entries"] if e["function"] == "Other.forward")
    assert other["expected_recompiles"] == 0 and other["recompile_sources"] == []


def test_the_report_lists_where_the_expected_recompiles_come_from(tmp_path, capsys):
    assert main(["report", str(project(tmp_path)), "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "**Where the expected recompiles come from** (1)" in out
    assert "| `pkg/model.py:20` | `GPT.generate` | `every forward (in 1 file)` |" in out


def test_a_parameter_annotated_with_an_imported_module_class_reaches_its_methods(tmp_path, capsys):
    """gpt-fast: ``decode_one_token(model: Transformer, x)``, compiled, calls ``model(x)``; a
    script in a folder that is no package imports its own folder's model.py first (mixtral-moe/)."""
    net = ("import torch\nfrom torch import nn\n\n\nclass Transformer(nn.Module):\n"
           "    def forward(self, x):\n        return x{}\n")
    step = ("import torch\nfrom model import Transformer\n\n\n"
            "def decode(model: Transformer, x):\n    return model(x)\n\n\n"
            "decode = torch.compile(decode)\n")
    (tmp_path / "moe").mkdir()
    (tmp_path / "model.py").write_text(net.format(" * 2"))
    (tmp_path / "moe" / "model.py").write_text(net.format(".nonzero()"))
    (tmp_path / "generate.py").write_text(step)
    (tmp_path / "moe" / "generate.py").write_text(step)
    rows = {e["entry"]: e for e in coverage(capsys, tmp_path)["entries"]}
    assert rows["generate.py:decode"]["files"] == ["generate.py", "model.py"]
    assert rows["generate.py:decode"]["break_statements"] == 0
    assert rows["moe/generate.py:decode"]["files"] == ["moe/generate.py", "moe/model.py"]
    assert rows["moe/generate.py:decode"]["break_statements"] == 1


UNROLLED = '''import torch
from torch import nn


class LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 8)

    def forward(self, idx):
        return self.head(idx)

    def generate(self, idx, steps: int = 4):
        for _ in range(steps):
            nxt = self(idx)[:, -1:]
            idx = torch.cat((idx, nxt), dim=1)
        return idx

    def noisy_generate(self, idx, steps: int = 4):
        for _ in range(steps):
            print(idx.shape)
            nxt = self(idx)[:, -1:]
            idx = torch.cat((idx, nxt), dim=1)
        return idx
'''


def test_a_tensor_grown_in_a_loop_dynamo_traces_whole_is_no_recompile(tmp_path, capsys):
    """A loop Dynamo traces whole is unrolled into one graph: the tensor it grows costs no
    recompile (Dynamo's log, torch 2.13: PaLM's, GSS's and sinkhorn-transformer's compiled
    ``generate``, 0 recompiles). Where the loop runs eagerly (a print in it), each step hands the
    compiled forward a longer tensor: a recompile (pytorch-beam-search's searches, 1 and 2)."""
    (tmp_path / "lm.py").write_text(UNROLLED)
    cov = coverage(capsys, tmp_path, "--entry", "lm:LM.generate", "--entry", "lm:LM.noisy_generate")
    rows = {e["function"]: e for e in cov["entries"]}
    assert rows["LM.generate"]["expected_recompiles"] == 0
    assert rows["LM.noisy_generate"]["expected_recompiles"] == 1
    assert rows["LM.noisy_generate"]["recompile_sources"][0]["line"] == 23


def test_compile_targets_the_scan_resolves_stand_first_beside_the_assumed_forwards(tmp_path, capsys):
    """litgpt: ``next_token = torch.compile(next_token)`` resolves, ``torch.compile(model)`` of a
    model from a factory does not. Every forward is assumed, and the resolved entry is still
    shown as what the project compiles, marked apart in the JSON."""
    root = project(tmp_path)
    (root / "decode.py").write_text(
        "import torch\nfrom pkg.model import GPT\n\n\ndef next_token(model, x):\n    return model(x).argmax(-1)\n\n\n"
        "def main(build):\n    model = torch.compile(build())\n    step = torch.compile(next_token)\n")
    cov = coverage(capsys, root)
    assert cov["entries_source"] == "compiled+assumed"
    sources = {e["entry"]: e["source"] for e in cov["entries"]}
    assert sources == {"decode.py:next_token": "compiled", "pkg/model.py:GPT.forward": "assumed",
                       "pkg/model.py:Other.forward": "assumed"}
    assert main(["report", str(root), "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "Estimated for what the project compiles where this scan resolves it (next_token) and, for its " \
           "other torch.compile calls, every forward in the library and scripts" in out
    table = out[out.index("| entry | file |"):]
    assert table.index("| `next_token` | `decode.py` |") < table.index("| `every forward (")


REGIONS = '''import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    @torch.compile
    def _mix(self, x):
        return torch.tanh(self.proj(x))

    def forward(self, x):
        if x.sum() > 0:
            x = x * 2
        return self._mix(x)


@torch.compile
def fused_step(p, g):
    return p - 0.1 * g
'''


def test_compiled_regions_of_eager_modules_stand_beside_the_assumed_forwards(tmp_path, capsys):
    """Megatron-LM: ``@torch.compile`` on methods of a module (HyperConnectionModule._compute_h)
    called from its forward, which is not compiled. The report said 100 % captured for those
    regions while the model around them runs eagerly; the forwards are now assumed beside them."""
    (tmp_path / "block.py").write_text(REGIONS.replace("@torch.compile\ndef fused_step", "def fused_step"))
    cov = coverage(capsys, tmp_path)
    assert cov["entries_source"] == "compiled+assumed"
    assert "regions of modules whose own forward is not compiled" in cov["entries_note"]
    assert {e["entry"]: e["source"] for e in cov["entries"]} == {"block.py:Block._mix": "compiled",
                                                                "block.py:Block.forward": "assumed"}
    assert main(["report", str(tmp_path), "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "Estimated for what the project compiles (Block._mix: regions of modules whose forward is not " \
           "compiled) and, for the model around them, every forward" in out


def test_a_compiled_function_beside_compiled_regions_keeps_the_compiled_entries(tmp_path, capsys):
    """A compiled function of its own (an optimizer step, a decode step) is not a region of a module:
    the project compiles what it means to, and nothing is assumed."""
    (tmp_path / "block.py").write_text(REGIONS)
    cov = coverage(capsys, tmp_path)
    assert cov["entries_source"] == "compiled"
    assert {e["entry"] for e in cov["entries"]} == {"block.py:Block._mix", "block.py:fused_step"}


def test_a_compiled_method_that_runs_the_forward_compiles_the_model(tmp_path, capsys):
    """x-transformers' ``@torch.compile def generate(...)`` calls ``self.forward`` in its loop: the
    model runs inside the compiled region, so it is not a region of an eager module."""
    (tmp_path / "block.py").write_text(REGIONS.replace(
        "    def _mix(self, x):\n        return torch.tanh(self.proj(x))",
        "    def _mix(self, x):\n        for _ in range(2):\n            x = self.forward(x)\n        return x"
    ).replace("@torch.compile\ndef fused_step", "def fused_step"))
    cov = coverage(capsys, tmp_path)
    assert cov["entries_source"] == "compiled"


def test_a_compile_reads_the_model_its_own_scope_built(tmp_path, capsys):
    """llm.c's train_llama3.py: a loader method binds ``model`` to a Hugging Face model first; the
    script below builds ``LLaMA.from_pretrained_...(...)`` and compiles it. The file's first
    ``model = ...`` had been taken, so the compile was not resolved and the report listed the
    model twice (compiled elsewhere, assumed here)."""
    (tmp_path / "train.py").write_text(
        "import torch\nfrom torch import nn\nfrom transformers import AutoModel\n\n\n"
        "class LLaMA(nn.Module):\n    @classmethod\n    def from_hf(cls, name):\n"
        "        model = AutoModel.from_pretrained(name)\n        return cls()\n\n"
        "    def forward(self, x):\n        return x * 2\n\n\n"
        "if __name__ == '__main__':\n    model = LLaMA.from_hf('x')\n    model = torch.compile(model)\n")
    cov = coverage(capsys, tmp_path)
    assert cov["entries_source"] == "compiled"
    assert [e["entry"] for e in cov["entries"]] == ["train.py:LLaMA.forward"]
    assert main(["report", str(tmp_path), "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert out.count("| `LLaMA.forward` | `train.py` |") == 1


def test_a_resolved_compile_target_is_not_assumed_again(tmp_path, capsys):
    """llm.c: train_gpt2.py compiles the GPT it builds (resolved), train_llama3.py a model the
    scan does not resolve; the assumed forwards of the scripts' models listed GPT.forward a
    second time, weighed twice in the overall share."""
    root = project(tmp_path)
    (root / "train.py").write_text("import torch\nfrom pkg.model import GPT\n\n"
                                   "model = torch.compile(GPT())\n")
    (root / "finetune.py").write_text("import torch\nfrom pkg.model import GPT\n\n"
                                      "model = GPT()\nmodel = torch.compile(load(model))\n")
    assert main(["report", str(root), "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert out.count("| `GPT.forward` | `pkg/model.py` |") == 1


def test_a_frame_that_makes_no_graph_is_no_recompile_place(tmp_path, capsys):
    """yolov5's AutoShape.forward fetches images by URL in a loop that runs eagerly: the fetch
    helper is a frame of its own entered with other arguments, but it runs no tensor op, so
    compiling it again makes no graph; the scaling helper beside it does."""
    (tmp_path / "net.py").write_text(
        "import torch\nfrom torch import nn\nimport requests\n\n\n"
        "def fetch(url):\n    session = requests.Session()\n    return session.get(url)\n\n\n"
        "def scale(x, k):\n    return x * k\n\n\n"
        "class Shape(nn.Module):\n    def forward(self, urls, x):\n        out = []\n"
        "        for u in urls:\n            print(u)\n            fetch(u)\n            out.append(scale(x, 2))\n"
        "        return out\n")
    (row,) = coverage(capsys, tmp_path)["entries"]
    assert [s["function"] for s in row["recompile_sources"]] == ["scale"]


def test_torch_compile_of_a_method_through_self_compiles_what_self_runs(tmp_path, capsys):
    """open_clip's ``TrainingTask.compile`` does ``torch.compile(self.training_forward)``: the
    bound method of the task at hand, so its class's method (not one that only raises
    ``NotImplementedError``) and each override of the project's subclasses, in the same file
    and in others, is a compiled entry; ``torch.compile(model.generate)`` of a local instance
    of a known class stays one too. ``self.missing``, which no class defines (a module held in
    an attribute), is a compile the scan does not resolve: the forwards are assumed beside."""
    (tmp_path / "task").mkdir()
    (tmp_path / "task" / "__init__.py").write_text("")
    (tmp_path / "task" / "base.py").write_text(
        "import torch\nfrom torch import nn\n\n\nclass Task(nn.Module):\n    def compile(self):\n"
        "        self.train_fwd = torch.compile(self.training_forward)\n"
        "        self.eval_fwd = torch.compile(self.eval_forward)\n\n"
        "    def training_forward(self, x):\n        raise NotImplementedError\n\n"
        "    def eval_forward(self, x):\n        return x.sum().item()\n\n\n"
        "class Local(Task):\n    def training_forward(self, x):\n        return x * 2\n")
    (tmp_path / "task" / "clip.py").write_text(
        "from task.base import Task\n\n\nclass Clip(Task):\n    def training_forward(self, x):\n"
        "        return x.tolist()\n\n\nclass Siglip(Clip):\n    def training_forward(self, x):\n"
        "        return x + 1\n\n    def eval_forward(self, x):\n        return x - 1\n\n\n"
        "class Unrelated:\n    def training_forward(self, x):\n        return x.item()\n")
    (tmp_path / "task" / "own.py").write_text(  # the method of a base of another file: resolved there
        "import torch\nfrom task.base import Task\n\n\nclass Own(Task):\n    def setup(self):\n"
        "        self.f = torch.compile(self.eval_forward)\n")
    entries = {"task/base.py:Task.eval_forward": "compiled", "task/base.py:Local.training_forward": "compiled",
               "task/clip.py:Clip.training_forward": "compiled", "task/clip.py:Siglip.training_forward": "compiled",
               "task/clip.py:Siglip.eval_forward": "compiled"}
    cov = coverage(capsys, tmp_path)
    assert cov["entries_source"] == "compiled"
    assert {e["entry"]: e["source"] for e in cov["entries"]} == entries
    (tmp_path / "task" / "held.py").write_text(
        "import torch\nfrom task.base import Task\n\n\nclass Held(Task):\n    def setup(self):\n"
        "        self.f = torch.compile(self.missing)\n")
    cov = coverage(capsys, tmp_path)
    assert cov["entries_source"] == "compiled+assumed"
    assert {e["entry"]: e["source"] for e in cov["entries"]} == entries


AUGMENTATIONS = '''\
import torch


class Gain(torch.nn.Module):
    def forward(self, samples):
        if samples.abs().max() > 1:
            samples = samples / 2
        return self.apply_gain(samples)

    def apply_gain(self, samples):
        return samples * 0.5
'''


def test_a_named_entry_in_a_data_pipeline_file_is_traced(tmp_path, capsys):
    """An augmentation module of an ``augmentations`` folder runs in the data loader, so its
    forward is no model code (no entry, no finding); named as a compile entry it is compiled, and
    traced as any entry is (torch-audiomentations' transforms: the branch on ``should_apply``,
    a data-dependent ``if``, confirmed by Dynamo on ``held_out_16``)."""
    (tmp_path / "augmentations").mkdir()
    (tmp_path / "augmentations" / "gain.py").write_text(AUGMENTATIONS)
    assert main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--fail-on", "never"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["compile_coverage"]["entries"] == [] and not [f for f in doc["findings"] if f["code"] == "NM402"]
    assert main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--fail-on", "never",
                 "--entry", "augmentations/gain.py:Gain.forward"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (row,) = doc["compile_coverage"]["entries"]
    assert (row["function"], row["expected_graphs"], row["traced_functions"]) == ("Gain.forward", 2, 2)
    assert [(f["code"], f["line"]) for f in doc["findings"] if f["code"].startswith("NM4")] == [("NM402", 6)]
