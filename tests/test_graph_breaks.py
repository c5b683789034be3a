"""Which code is traced, and edge cases of the NM4xx hazards."""

import pytest

from neuron_migrate.models import Options
from neuron_migrate.testing import findings_of


def codes(code):
    return [(f.line, f.code) for f in findings_of(code) if f.code.startswith(("NM3", "NM4"))]


def test_compiled_function_and_its_callees_are_traced():
    code = ("import torch\n\ndef inner(x):\n    print(x)\n    return x\n\n"
            "@torch.compile\ndef step(x):\n    return inner(x) + 1\n\n"
            "def run(x):\n    print(x)\n    return torch.compile(other)(x)\n\n"
            "def other(x):\n    return x.item()\n")
    assert codes(code) == [(4, "NM403"), (16, "NM401")]


def test_dead_scripting_branches_are_not_traced():
    code = ("import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x):\n"
            "        if torch.jit.is_scripting() or not torch.compiler.is_compiling():\n"
            "            print(x)\n        return x\n")
    assert codes(code) == []


@pytest.mark.parametrize("test", ["impl == 'cuda' and x.device.type == 'cuda' and build()", "x.is_cuda",
                                  "torch.cuda.is_available()", "not x.device.type != 'cuda'"])
def test_cuda_branches_are_not_traced_on_another_device(test):
    """constructs "print under x.device.type == 'cuda'", "... x.is_cuda", "... torch.cuda.is_available()":
    1 graph, no break. stylegan2's ops build their CUDA plugin behind such a test (printing, opening
    files); a traced tensor is on the compile's device, so Dynamo never goes there."""
    code = ("import torch\nimport torch.nn as nn\n\ndef build():\n    print('building')\n    return True\n\n"
            f"class M(nn.Module):\n    def forward(self, x, impl='cuda'):\n        if {test}:\n"
            "            print(x)\n        return x\n")
    assert codes(code) == []
    assert codes(code.replace(f"if {test}:", "if x.device.type == 'cpu':")) == [(11, "NM403")]


def test_non_module_classes_are_not_traced():
    code = ("import torch\n\nclass Stats:\n    def forward(self, x):\n        return x.item()\n\n"
            "class Fn(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
            "        return x.item()\n")
    assert codes(code) == []


def test_shadowed_print_is_not_a_break():
    code = ("import torch.nn as nn\n\ndef print(*a):\n    pass\n\nclass M(nn.Module):\n"
            "    def forward(self, x):\n        print(x)\n        return x\n")
    assert "NM403" not in {c for _, c in codes(code)}


def test_break_in_try_block_says_the_function_runs_eagerly():
    code = ("import torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x):\n"
            "        try:\n            n = x.item()\n        except ValueError:\n            n = 0\n"
            "        return x * n\n")
    [f] = findings_of(code)
    assert f.code == "NM401" and "`try` block" in f.message and "M.forward" in f.message


def test_bad_input_never_raises():
    for code in ("class M(nn.Module):\n    def forward(self):\n        return\n",
                 "def forward(self, *args, **kw):\n    print(*args)\n",
                 "import torch\ntorch.compile(undefined_name)\n"):
        findings_of(code)


def summary(code, path="input.py"):
    from neuron_migrate.engine import analyse
    from neuron_migrate.models import Options

    return {t.name: t for t in analyse(path, code.encode(), Options()).traced}


RNN_MODEL = '''import torch.nn as nn

class Tagger(nn.Module):
    def __init__(self, cell="GRU"):
        super().__init__()
        self.embed = nn.Embedding(10, 8)
        self.rnn = getattr(nn, cell)(8, 8, 3)
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        x = self.embed(x)
        x = x * 2
        out, _ = self.rnn(x)
        out = out + 1
        print("done")
        return self.head(out)
'''


def test_rnn_call_makes_the_rest_of_the_function_eager():
    from neuron_migrate.coverage import estimate_functions

    assert codes(RNN_MODEL) == [(13, "NM406"), (15, "NM403")]
    t = summary(RNN_MODEL)["Tagger.forward"]
    assert [(b.line, b.skips_rest) for b in t.breaks] == [(13, True), (15, False)]
    assert t.weights == ((13, 60 * 3),)  # GRU per layer, three layers (a literal)
    [e] = estimate_functions([t])
    # the print after the RNN is never traced: not a break site Dynamo reaches
    assert e.break_lines == (13,) and e.rest_eager_from == 13 and e.graphs == 0
    assert (e.statements, e.lost) == (6 - 1 + 180, 180 + 3)


def test_rnn_call_as_first_statement_skips_the_frame():
    code = ("import torch.nn as nn\n\nclass E(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.lstm = nn.LSTM(4, 4)\n\n"
            "    def forward(self, x):\n        y, _ = self.lstm(x)\n        return y\n")
    [b] = summary(code)["E.forward"].breaks
    assert b.skips_frame and not b.skips_rest


def test_a_named_entry_parameter_handed_to_math_is_a_number(tmp_path, capsys):
    """A compile entry that is no forward takes its untyped parameters for tensors, but one it hands
    as it is to ``math.*`` is a number (glm-saga's ``glm_saga(linear, loader, max_lr, ...)`` and its
    ``math.log10(max_lr)``: no break under Dynamo, held_out_25); a forward's is still a tensor."""
    from neuron_migrate.engine import analyse
    from neuron_migrate.models import Options

    code = ("import math\nimport torch\n\n\ndef fit(w, max_lr, k):\n    lrs = torch.logspace(math.log10(max_lr), 0, k)\n"
            "    return w * lrs.sum() + math.sqrt(w.mean())\n")
    found = [(f.line, f.code) for f in analyse("m.py", code.encode(), Options(entries=("m.py:fit",))).findings
             if f.code.startswith("NM4")]
    assert found == [(7, "NM401")]  # math.sqrt of a tensor; max_lr is a number
    before = code.replace("math.log10(max_lr)", "math.log10(max_lr + 0)")  # not handed as it is: a tensor
    assert [(f.line, f.code) for f in analyse("m.py", before.encode(), Options(entries=("m.py:fit",))).findings
            if f.code.startswith("NM4")] == [(6, "NM401"), (7, "NM401")]


def test_transformer_mask_needs_the_causal_hint():
    base = ("import torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.t = nn.Transformer(8, 2)\n\n"
            "    def forward(self, s, t, m):\n        return self.t({})\n")
    assert codes(base.format("s, t, m")) == [(9, "NM407")]  # src_mask positionally
    assert codes(base.format("s, t, tgt_mask=m")) == [(9, "NM407")]
    assert codes(base.format("s, t, tgt_mask=m, tgt_is_causal=True")) == []
    assert codes(base.format("s, t, None, None")) == []
    assert codes(base.format("*s")) == []  # unknown arguments: no claim
    # its forward called by name (constructs "nn.Transformer.forward(...) called by name": the same read)
    assert codes(base.replace("self.t({})", "self.t.forward({})").format("src=s, tgt=t, tgt_mask=m")) == [(9, "NM407")]
    assert codes(base.replace("self.t({})", "self.t.forward({})").format(
        "src=s, tgt=t, tgt_mask=m, tgt_is_causal=True")) == []
    assert codes(base.replace("self.t({})", "self.u.forward({})").format("s, t, m")) == []  # not a transformer


def test_a_submodule_called_through_its_forward_method_is_the_same_call():
    """``self.t.forward(s, t, tgt_mask=m)`` is ``self.t(s, t, tgt_mask=m)``: the same break
    (constructs.py "nn.Transformer.forward(tgt_mask=) called by name": 2 graphs, 2 %) and the
    container's weight (pytorch-beam-search's Transformer)."""
    base = ("import torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.t = nn.Transformer(8, 2)\n\n"
            "    def forward(self, s, t, m):\n        return self.t{}\n")
    assert codes(base.format(".forward(s, t, tgt_mask=m)")) == [(9, "NM407")]
    assert codes(base.format(".forward(s, t, tgt_mask=m, tgt_is_causal=True)")) == []
    called, spelled = summary(base.format("(s, t)"))["M.forward"], summary(base.format(".forward(s, t)"))["M.forward"]
    assert spelled.weights == called.weights and called.weights[0][1] > 1
    assert spelled.op_lines == called.op_lines == (9,)


def test_a_class_that_reassigns_a_transformer_attribute_uses_its_own():
    code = ("import torch.nn as nn\n\nclass LM(nn.Transformer):\n    def __init__(self):\n"
            "        super().__init__(d_model=8, nhead=2, num_encoder_layers=3)\n"
            "        self.decoder = nn.Linear(8, 8)\n\n"
            "    def forward(self, x, mask):\n        y = self.encoder(x, mask=mask)\n"
            "        return self.decoder(y)\n")
    t = summary(code)["LM.forward"]
    assert codes(code) == [(9, "NM407")]
    assert t.weights == ((9, 20 * 3),)  # encoder: 3 layers; the Linear decoder weighs 1


def test_flags_strings_and_error_paths_are_not_tensor_branches():
    code = ("import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n"
            "    def forward(self, x, cache, use_cache, mode):\n"
            "        if cache[0] == 'Rep' or mode != 'edit':\n            x = x + 1\n"
            "        if use_cache and not mode:\n            x = x * 2\n"
            "        if (x < 0).any():\n"
            "            raise ValueError(f'negative: {x.min().item()}')\n"
            "        gate = x.mean()\n        if gate:\n            x = x * 3\n        return x\n")
    assert codes(code) == [(10, "NM402"), (13, "NM402")]


def test_a_name_made_a_tensor_only_in_a_branch_an_earlier_operand_of_and_rules_out():
    # a residual quantizer: the count is a tensor only when training, and compared only when not
    # (constructs.py "a count bound to a tensor only when training, ...": no break in either mode)
    code = ("import torch\nimport torch.nn as nn\n\nclass Q(nn.Module):\n"
            "    def forward(self, z, n: int = None, flag=None):\n"
            "        if n is None:\n            n = 3\n"
            "        if self.training:\n            n = torch.ones(z.shape[0]) * 3\n"
            "        for i, s in enumerate(self.stages):\n"
            "            if self.training is False and i >= n:\n                break\n"
            "            if not self.training and i >= n:\n                break\n"
            "            if self.eval_mode is False and i >= n:\n                break\n"
            "            if self.training and i >= n:\n                break\n"
            "            z = s(z)\n        return z\n")
    # only the conditions that say the tensor branch did not run clear the comparison
    assert codes(code) == [(15, "NM402"), (17, "NM402")]


def test_a_value_read_with_a_string_key_is_no_tensor():
    # dinov2's depth head: img_meta, a forward's parameter, is a list of dicts; a tensor is
    # never indexed by a string, so `img_meta[0]["flip"]` is a Python value and `if flip:` no break
    code = ("import torch.nn as nn\n\nclass Head(nn.Module):\n"
            "    def forward(self, x, img_meta):\n        flip = img_meta[0]['flip']\n"
            "        if flip:\n            x = x.flip(dims=(3,))\n        if x[0].sum() > 0:\n"
            "            x = x + 1\n        return x\n")
    assert codes(code) == [(8, "NM402")]


def test_tests_and_data_pipelines_are_host_side():
    from neuron_migrate.checks.tracing import host_side_file

    code = ("import random\nimport torch.nn as nn\n\nclass RandomCrop(nn.Module):\n"
            "    def forward(self, img):\n        if random.random() < 0.5:\n"
            "            return img\n        return img[img > 0]\n")
    assert {c for _, c in codes(code)} == {"NM404", "NM301"}
    for path in ("timm/data/transforms_factory.py", "pkg/augmentations.py", "tests/test_model.py",
                 "model_test.py", "src/data/loader.py", "pkg/hf_datasets/text.py", "pkg/mm_collator.py"):
        assert host_side_file(path), path
        assert [f.code for f in findings_of(code, path=path) if f.code.startswith(("NM3", "NM4"))] == []
    for path in ("timm/models/vit.py", "train.py", "database.py", "pkg/datasets_utils/model.py"):
        assert not host_side_file(path), path


def test_calls_are_judged_by_the_value_kinds():
    """One answer to "does this call return a tensor" (kinds.call_kind): torch.result_type is a
    dtype, not a tensor read on the host (no NM402; the call itself breaks, GB0208: constructs.py
    "torch.result_type of two tensors"); an nn.Parameter is a tensor."""
    code = ("import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n    def forward(self, x):\n"
            "        if torch.result_type(x, 1.0) == torch.float32:\n            x = x + 1\n"
            "        w = nn.Parameter(torch.ones(3))\n        if w:\n            x = x * 2\n        return x\n")
    assert codes(code) == [(7, "NM404"), (9, "NM404"), (10, "NM402")]  # building the Parameter breaks too (GB0264)


def test_training_only_hazards_are_reported_but_are_no_break_sites():
    # Dynamo specialises on self.training: in eval mode (the estimate's mode) it never gets there
    code = ("import random\nimport torch.nn as nn\n\nclass Drop(nn.Module):\n    def forward(self, x):\n"
            "        if self.training and random.random() < 0.1:\n            return x\n"
            "        if self.training:\n            print(x)\n        return x * 2\n")
    found = [f for f in findings_of(code) if f.code.startswith("NM4")]
    assert [(f.line, f.code) for f in found] == [(6, "NM404"), (9, "NM403")]
    assert all("only in training mode" in f.message for f in found)
    assert summary(code)["Drop.forward"].breaks == ()


def test_a_modules_own_call_is_traced():
    code = ("import torch.nn as nn\n\nclass Pool(nn.Module):\n    def __call__(self, x, index):\n"
            "        n = int(index.max()) + 1\n        return super().__call__(x, n)\n\n"
            "    def forward(self, x, n):\n        return x[:n]\n\n"
            "class Plain:\n    def __call__(self, x):\n        return x.item()\n")
    assert codes(code) == [(5, "NM401")]


def test_fullgraph_compiles_say_a_break_raises():
    """``torch.compile(..., fullgraph=True)`` makes a graph break an error (measured on torch
    2.13: ``print`` in such a function raises ``torch._dynamo.exc.Unsupported``); the finding
    says so in the compiled function and its callees, not in code compiled without it."""
    code = ("import torch\n\ndef helper(x):\n    print(x)\n    return x\n\n"
            "@torch.compile(fullgraph=True)\ndef step(x):\n    return helper(x) + 1\n\n"
            "def plain(x):\n    print(x)\n    return x + 1\n\n"
            "def loose(x):\n    print(x)\n    return x\n\n"
            "fast = torch.compile(plain, fullgraph=True)\nslow = torch.compile(loose)\n")
    said = {f.line: "fullgraph=True" in f.message for f in findings_of(code) if f.code == "NM403"}
    assert said == {4: True, 12: True, 16: False}


def test_rnn_break_is_at_the_modules_first_use():
    code = ("import torch.nn as nn\n\nclass E(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.lstm = nn.LSTM(4, 4)\n\n"
            "    def forward(self, x):\n        x = x * 2\n        x = x + 1\n"
            "        self.lstm.flatten_parameters()\n        y, _ = self.lstm(x)\n        z, _ = self.lstm(y)\n"
            "        return z\n")
    assert codes(code) == [(11, "NM406")]
    assert [(b.line, b.skips_rest) for b in summary(code)["E.forward"].breaks] == [(11, True)]


def test_training_loops_break_on_loaders_progress_bars_and_optimizers():
    code = ("import torch\nfrom tqdm import tqdm\n\n@torch.compile\ndef sample(model, x, steps):\n"
            "    for t in tqdm(range(steps)):\n        x = model(x)\n    return x\n\n"
            "@torch.compile\ndef train(model, loader, opt):\n    for i, (x, y) in enumerate(loader):\n"
            "        opt.zero_grad()\n        model(x).sum().backward()\n        opt.step()\n")
    # line 14: ``.backward()`` (GB0123), a site of the frame as a print there would be
    assert codes(code) == [(6, "NM404"), (12, "NM404"), (13, "NM404"), (14, "NM404"), (15, "NM404")]
    breaks = summary(code)["train"].breaks
    assert [(b.line, b.skips_frame, b.callee_frame) for b in breaks] == [
        (12, True, False), (13, True, False), (14, True, False), (15, True, True)]


def test_only_the_first_break_of_a_scripted_function_is_met():
    """constructs "break in a torch.jit.script helper": at the first break the call runs whole as
    TorchScript, so Dynamo never meets the second data-dependent ``if``."""
    code = ("import torch\n\n@torch.jit.script\ndef helper(x: torch.Tensor):\n"
            "    if torch.all(x > 0):\n        return x * 2\n    if torch.all(x < 0):\n        return x\n"
            "    return x + 1\n\n@torch.compile\ndef run(x):\n    return helper(x) * 2\n")
    assert codes(code) == [(5, "NM402")]
    assert [(b.line, b.skips_frame) for b in summary(code)["helper"].breaks] == [(5, True)]
    plain = code.replace("@torch.jit.script\n", "# not scripted\n")
    assert codes(plain) == [(5, "NM402"), (7, "NM402")]


def test_zero_grad_of_an_optimizer_subclass_is_a_break():
    """constructs "self.zero_grad() in an optimizer subclass's method": torch.optim's zero_grad
    is a skipped function; a class of its own zero_grad, or an nn.Module, is not concerned."""
    code = ("import torch\nfrom lib.base import BaseOptimizer\n\nclass Mine(BaseOptimizer):\n"
            "    @torch.compile\n    def step(self, x):\n        self.zero_grad()\n        return x * 2\n\n"
            "class Sgd(torch.optim.SGD):\n    @torch.compile\n    def step(self, x):\n"
            "        self.zero_grad()\n        return x\n\n"
            "class Own(torch.optim.Optimizer):\n    def zero_grad(self):\n        pass\n\n"
            "    @torch.compile\n    def step(self, x):\n        self.zero_grad()\n        return x\n\n"
            "class Net(torch.nn.Module):\n    def forward(self, x):\n        self.zero_grad()\n        return x\n")
    assert codes(code) == [(7, "NM404"), (13, "NM404")]


def test_an_optimizer_step_is_judged_by_the_class_where_the_file_tells_it():
    """constructs "torch.optim optimizer named otherwise: solver.step()" (GB0025) and "step() of a
    project object that is not an optimizer" (inlined, no break): the receiver's class decides
    where the file says what built it (``self.x = Cls(...)``, a local or module-level
    ``name = Cls(...)``); the name only where it does not (a parameter, a factory's result)."""
    code = ("import torch\nfrom torch import optim\n\nclass Stepper:\n    def step(self):\n        pass\n\n"
            "class MySGD(torch.optim.SGD):\n    pass\n\n"
            "sgd = optim.SGD([], lr=0.1)\noptimizer = Stepper()\nsolver = MySGD([], lr=0.1)\n\n"
            "class Trainer:\n    def __init__(self, model, make):\n        self.optimizer = Stepper()\n"
            "        self.learner = optim.Adam(model.parameters())\n"
            "        self.sched_opt = optim.lr_scheduler.StepLR(self.learner, 1)\n        self.opt = make()\n\n"
            "    @torch.compile\n    def train(self, x):\n        self.optimizer.step()\n        self.learner.step()\n"
            "        self.sched_opt.step()\n        self.opt.step()\n        return x\n\n"
            "@torch.compile\ndef train_step(x, opt):\n    sgd.step()\n    optimizer.step()\n    solver.zero_grad()\n"
            "    opt.step()\n    local = optim.SGD([x], lr=0.1)\n    local.step()\n    return x\n")
    # line 36 builds a torch.optim optimizer in traced code (constructs "torch.optim.SGD built in traced code");
    # line 26 steps a torch LR scheduler (constructs "torch LR scheduler stepped in traced code")
    assert codes(code) == [(25, "NM404"), (26, "NM404"), (27, "NM404"), (32, "NM404"), (34, "NM404"), (35, "NM404"), (36, "NM404"),
                           (37, "NM404")]
    message = next(f.message for f in findings_of(code) if f.line == 25)
    assert "compiles the step as a frame of its own" in message


def test_a_callees_break_in_a_loop_makes_the_callers_later_breaks_unmet():
    """constructs "callee's break in a loop, then .item() in the caller": Dynamo inlines the
    helper, meets its print, cannot resume inside the loop and runs the caller eagerly, so the
    caller's later ``.item()`` is never met (its finding says so; the coverage estimate cuts the
    site itself); "... outside a loop": the caller resumes after the call and meets it. Another
    branch of an ``if``, the loop's statements before the call, or a call in an ``except``
    handler are not before it."""
    code = ("import torch\n\ndef helper(x):\n    print(x)\n    return x * 2\n\n"
            "@torch.compile\ndef looped(x):\n    for r in range(2):\n        x = helper(x)\n"
            "    return x.sum().item()\n\n"
            "@torch.compile\ndef straight(x):\n    x = helper(x)\n    y = x * 2\n    return y.sum().item()\n\n"
            "@torch.compile\ndef branched(x, blocks):\n    if blocks:\n        for r in range(2):\n"
            "            x = helper(x)\n    else:\n        x = x * 2\n        print(x.sum().item())\n    return x\n\n"
            "@torch.compile\ndef before(x):\n    for r in range(2):\n        y = x.sum().item()\n"
            "        x = helper(x) * y\n    return x\n")
    assert (11, "NM401") in codes(code)
    unmet = next(f for f in findings_of(code) if f.line == 11)
    assert "not met while the call on line 10" in unmet.message
    unmet = {f.line for f in findings_of(code) if "not met while" in f.message}
    assert unmet == {11}
    handled = code.replace("    for r in range(2):\n        x = helper(x)\n    return x.sum().item()",
                           "    try:\n        x = x * 2\n    except ValueError:\n        x = helper(x)\n"
                           "    return x.sum().item()")
    assert not any("not met while" in f.message for f in findings_of(handled))


def test_the_closure_of_an_optimizer_step_is_a_break():
    """constructs "an optimizer step's closure() under enable_grad": the closure recomputes the
    loss and its gradients (Optimizer.step's contract), and Dynamo breaks at its backward(),
    called in the step or in a function nested in it (qqn-torch's ``eval_loss_and_grad``);
    a name ``closure`` that is not a parameter, or outside an optimizer, is not concerned."""
    code = ("import torch\n\nclass Sharp(torch.optim.Optimizer):\n    @torch.compile\n"
            "    def step(self, closure=None):\n        with torch.enable_grad():\n            loss = closure()\n"
            "        return loss\n\n"
            "class Other(torch.optim.Optimizer):\n    @torch.compile\n    def step(self, x):\n"
            "        closure = lambda: x * 2\n        return closure()\n\n"
            "class Runner:\n    @torch.compile\n    def step(self, closure):\n        return closure()\n\n"
            "class Nested(torch.optim.Optimizer):\n    @torch.compile\n    def step(self, closure):\n"
            "        def evaluate():\n            with torch.enable_grad():\n                return closure()\n"
            "        return evaluate()\n\n"
            "class NestedRunner:\n    @torch.compile\n    def step(self, closure):\n"
            "        def evaluate():\n            return closure()\n        return evaluate()\n")
    assert codes(code) == [(7, "NM404"), (26, "NM404")]


def test_a_closure_the_step_hands_to_a_line_search_is_given_by_default():
    """constructs "an optimizer step's zeroing closure() under enable_grad" (GB0008 at its
    ``zero_grad()``): ``if closure is not None:`` is off by default (timm's steps), unless the step
    hands the closure on, outside any test of it, to a module-level function (ncg-optimizer's
    ``Armijo(closure, ...)``): then it is written to be called with one. Handing it to a method, or
    under a test of it, does not count."""
    head = ("import torch\nfrom searches import armijo\n\nclass Opt(torch.optim.Optimizer):\n    @torch.compile\n"
            "    def step(self, closure=None):\n        loss = None\n        if closure is not None:\n"
            "            with torch.enable_grad():\n                loss = closure()\n")
    searched = head + "        for g in self.param_groups:\n            g['lr'] = armijo(closure, g['lr'])\n        return loss\n"
    forwarded = head + "        self.search(closure)\n        return loss\n"
    guarded = head + "        if closure is not None:\n            armijo(closure, 1.0)\n        return loss\n"
    assert codes(searched) == [(10, "NM404")]
    assert "off by default" not in findings_of(searched)[0].message
    for code in (forwarded, guarded):
        assert all("off by default" in f.message for f in findings_of(code) if f.line == 10)


def test_plain_lists_ranges_and_steps_of_other_objects_are_not_breaks():
    code = ("import torch\n\n@torch.compile\ndef run(model, batches, scheduler, x):\n"
            "    for b in batches:\n        x = model(x + b)\n    for i in range(3):\n        x = x * i\n"
            "    scheduler.step()\n    return x\n")
    assert codes(code) == []


def test_comprehension_over_a_param_groups_params_where_the_step_runs_eagerly():
    """constructs "an optimizer group's params in a list comprehension, frame skipped" (GB4347):
    torch.optim keeps ``group['params']`` as a list, whose iterator Dynamo cannot step in the
    comprehension's own frame (parameterfree's ``KT.step``, its ``.item()`` in the loop); not a
    ``group['params']`` of a loop over something else, nor in a class that is no optimizer."""
    from neuron_migrate.checks.graph_breaks import COMPREHENSION_FRAMES

    step = ("import torch\nfrom torch.optim.optimizer import Optimizer\n\nclass KT(Optimizer):\n    @torch.compile\n"
            "    def step(self, closure=None):\n        for group in {groups}:\n"
            "            x0 = [torch.clone(p).detach() for p in group['params']]\n"
            "            gain = torch.stack([torch.dot(x, p) for p, x in zip(group['params'], x0)]).sum().item()\n"
            "            self.w = gain\n")
    assert codes(step.format(groups="self.param_groups")) == (
        [(8, "NM409"), (9, "NM401")] if COMPREHENSION_FRAMES else [(9, "NM401")])
    assert codes(step.format(groups="self.others")) == [(9, "NM401")]
    assert codes(step.format(groups="self.param_groups").replace("(Optimizer)", "")) == [(9, "NM401")]


def test_comprehension_frames_only_where_the_function_runs_eagerly():
    from neuron_migrate.checks.graph_breaks import COMPREHENSION_FRAMES

    code = ("import torch\nimport torch.nn as nn\n\nclass P(nn.Module):\n"
            "    def forward(self, x, sizes: list[int]):\n"
            "        parts = [x[:n] for n in sizes]\n        rows = [r * 2 for r in x]\n"
            "        for p in parts:\n            print(p)\n        return rows\n\n"
            "class Q(nn.Module):\n    def forward(self, x, sizes: list[int]):\n"
            "        return [x[:n] for n in sizes]\n")
    expected = [(6, "NM409"), (9, "NM403")] if COMPREHENSION_FRAMES else [(9, "NM403")]
    assert codes(code) == expected
    sites = summary(code)
    assert [(b.line, b.eager_only) for b in sites["P.forward"].breaks if b.code == "NM409"] == (
        [(6, True)] if COMPREHENSION_FRAMES else [])
    assert [b.code for b in sites["Q.forward"].breaks] == (["NM409"] if COMPREHENSION_FRAMES else [])


def test_torchvision_nms_is_a_data_dependent_shape():
    code = ("import torch\n\ndef nms(boxes, scores, t):\n    return torch.ops.torchvision.nms(boxes, scores, t)\n\n"
            "def roi_align(x, rois):\n    return torch.ops.torchvision.roi_align(x, rois, 1.0, 7, 7, 2, False)\n")
    assert codes(code) == [(4, "NM301")]


def test_torch_functions_that_answer_python_values_are_not_tensors():
    code = ("import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x):\n"
            "        if not torch.are_deterministic_algorithms_enabled() or x.is_mps:\n            x = x + 1\n"
            "        if torch.initial_seed() > 3:\n            x = x * 2\n        return x\n")
    # no NM402 on either test; torch.initial_seed() itself is not traced (constructs.py
    # "torch.initial_seed()": GB0208 at the call)
    assert codes(code) == [(8, "NM404")]


def test_numpy_with_a_data_dependent_size_on_a_tensor_breaks_in_traced_code():
    code = ("import numpy as np\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x):\n"
            "        i = np.nonzero(x.numpy() > 0)[0]\n        j = np.nonzero(np.arange(4) > 1)[0]\n"
            "        k = np.where(x.numpy() > 0, 1, 0)\n        return x[:, :2] * len(i) * len(j), k\n\n"
            "def host(x):\n    return np.nonzero(x.numpy() > 0)[0]\n")
    assert codes(code) == [(6, "NM301")]


def test_standard_library_calls_break_as_measured():
    # constructs.py: os.getpid/os.getcwd/random.choice/time.strftime are skipped functions,
    # sys.stdout.write and datetime.now unsupported methods; os.path.join, os.getenv,
    # random.randint/uniform and a random.Random instance are traced
    code = ("import datetime, os, random, sys, time\nimport torch.nn as nn\n\nclass M(nn.Module):\n"
            "    def forward(self, x):\n        pid = os.getpid()\n        p = os.path.join('a', 'b')\n"
            "        flag = os.getenv('F')\n        k = random.randint(1, 3) * random.uniform(0, 1)\n"
            "        r = random.Random(0).random()\n        c = random.choice([1, 2])\n"
            "        sys.stdout.write('step')\n        t = datetime.datetime.now()\n"
            "        s = time.strftime('%H')\n        return x * pid * k * r * c\n")
    assert codes(code) == [(6, "NM404"), (11, "NM404"), (12, "NM403"), (13, "NM404"), (14, "NM404")]
    gbs = [f.dynamo for f in findings_of(code) if f.code.startswith("NM4")]
    assert gbs == ["GB0007", "GB0007", "GB0156", "GB0156", "GB0007"]


def test_a_decorators_wrapper_is_traced_with_what_it_decorates():
    # constructs.py "memoized method: pickle.dumps in the decorator's wrapper" (gpytorch's and
    # linear-operator's @cached(name=...)), "importlib.import_module", "sys._getframe": skipped
    # functions; a decorator that returns what it was given (a registry) wraps nothing
    code = ("import functools, importlib, pickle, sys\nimport torch.nn as nn\n\n"
            "def cached(method=None, name=None):\n    if method is None:\n"
            "        return functools.partial(_cached, name=name)\n    return _cached(method, name)\n\n"
            "def _cached(method, name=None):\n    @functools.wraps(method)\n    def g(self, *args, **kwargs):\n"
            "        key = pickle.dumps(kwargs)\n        return method(self, *args, **kwargs)\n    return g\n\n"
            "def register(fn):\n    def unused(*a):\n        return pickle.dumps(a)\n    return fn\n\n"
            "class M(nn.Module):\n    @cached(name='scale')\n    def scale(self):\n        return 2\n\n"
            "    @register\n    def shift(self):\n        return sys._getframe(0).f_lineno\n\n"
            "    def forward(self, x):\n        importlib.import_module('math')\n"
            "        return x * self.scale() + self.shift()\n")
    assert codes(code) == [(12, "NM404"), (28, "NM404"), (31, "NM404")]
    assert [f.dynamo for f in findings_of(code)] == ["GB0007"] * 3


def test_a_tensor_rebound_to_a_python_number_is_a_number_after():
    # constructs.py "a tensor rebound to a Python number": the break is at float(), math.sqrt of
    # the float after it is traced; a rebinding inside a loop is left alone (the next turn reads it)
    code = ("import math\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x, t):\n"
            "        t = float(t)\n        s = x.sum()\n        for _ in range(2):\n            y = math.sqrt(s)\n"
            "            s = float(s)\n        return x * math.sqrt(t + 1.0) * y\n")
    assert codes(code) == [(6, "NM401"), (9, "NM401"), (10, "NM401")]


def test_an_annotated_parameter_a_traced_caller_passes_a_tensor_is_one():
    # torchsde's BrownianInterval(t0=ts[0], ...) with ``t0: Optional[Scalar] = 0.``: a number or
    # a tensor as annotated, a tensor as passed; ``float``-annotated parameters stay numbers
    code = ("import torch.nn as nn\nfrom typing import Optional\nfrom .types import Scalar\n\n"
            "def interval(t0: Optional[Scalar] = 0., t1: float = 1.):\n"
            "    if t0 > 0:\n        return t0\n    if t1 > 0:\n        return t1\n\n"
            "def norm(adj: Adj):\n    if isinstance(adj, SparseTensor):\n        a = adj\n"
            "        if not a.has_value():\n            return a\n    return adj\n\n"
            "class M(nn.Module):\n    def forward(self, ts):\n        return ts * interval(t0=ts[0], t1=ts[1]) * norm(ts)\n")
    # PyG's gcn_norm(edge_index: Adj): isinstance says a SparseTensor (another class), no tensor
    assert codes(code) == [(6, "NM402")]


def test_random_generators_and_numpy_draws_break_as_measured():
    # constructs.py "torch.Generator built in traced code", "np.random.randint", "np.random.uniform
    # with a size", "np.random.seed", "np.random.SeedSequence" (torchsde's BrownianInterval); a
    # generator that may be None breaks where it is handed on only when it was built: here under
    # `seed is not None`, off by default, so the call on line 17 is off with it
    code = ("import numpy as np\nimport torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n"
            "    def forward(self, x, seed=None):\n        g = torch.Generator('cpu').manual_seed(3)\n"
            "        y = torch.randn(x.shape, generator=g)\n        n = np.random.randint(0, 10)\n"
            "        u = np.random.uniform(0, 1, size=(4, 8))\n        np.random.seed(0)\n"
            "        s = np.random.SeedSequence(entropy=3)\n        a, b = s.generate_state(2)\n"
            "        h = None\n        if seed is not None:\n            h = torch.Generator('cpu')\n"
            "        z = torch.rand(x.shape, generator=h)\n        return x * y * n + z\n")
    assert codes(code) == [(7, "NM404"), (8, "NM404"), (9, "NM404"), (12, "NM404"), (13, "NM404"), (16, "NM404"),
                           (17, "NM404")]
    found = findings_of(code)
    assert [f.dynamo for f in found] == ["GB0363", "GB0055", "GB0033", "GB0156", "GB0008", "GB0363", "GB0055"]
    assert [f.line for f in found if "only when `seed is not None`" in f.message] == [16, 17]


def test_a_numpy_generator_held_on_self_breaks_at_its_method():
    """A prompt sampler's ``self.rng = np.random.default_rng(seed)`` in ``__init__``, then
    ``[0] + self.rng.choice(range(1, n), k, replace=False).tolist()`` in traced code: Dynamo breaks
    at the method call ("Unsupported method call", GB0156; measured with this layout, which also
    breaks at the `.tolist()` of the array it resumes with, in the same statement): one finding,
    the draw's, not a `.tolist()` of a tensor. A method of ``torch.Generator`` held so is the
    local's rule (GB7650 at ``manual_seed``)."""
    code = ("import numpy as np\nimport torch\nimport torch.nn as nn\n\nclass Sampler(nn.Module):\n"
            "    def __init__(self):\n        super().__init__()\n        self.rng = np.random.default_rng(seed=7)\n"
            "        self.gen = torch.Generator()\n\n"
            "    def forward(self, x, n: int):\n        picked = [0] + self.rng.choice(\n            range(1, n),\n"
            "            2,\n            replace=False,\n        ).tolist()\n"
            "        self.gen.manual_seed(3)\n        return x[picked]\n")
    found = [f for f in findings_of(code) if f.code.startswith("NM4")]
    assert [(f.line, f.code, f.dynamo) for f in found] == [(12, "NM404", "GB0156"), (17, "NM404", "GB7650")]
    assert "`self.rng.choice(...)`: a method of a NumPy random object (`np.random.default_rng`)" in found[0].message
    assert not [f for f in findings_of(code.replace("np.random.default_rng(seed=7)", "make_rng()"))
                if f.code.startswith("NM4") and f.line == 12 and "NumPy" in f.message]


def test_a_generator_seeded_apart_and_handed_on_breaks_at_each_step():
    """torch-kmeans' ``_init_rnd``: ``gen = torch.Generator(device=...)``, ``gen.manual_seed(seed)``
    in a statement of its own, ``gen = None`` otherwise, then ``torch.multinomial(...,
    generator=gen)``: three breaks, each resumed (constructs.py "torch.Generator seeded in a
    statement of its own": GB0363, GB7650, GB0055; with no seed none). With ``seed=123`` the
    branch runs by default; with kornia's RANSAC's ``seed=None`` it is off by default, and so is
    the call the generator is handed to."""
    cls = ("class {name}(nn.Module):\n    def __init__(self, seed={seed}):\n        super().__init__()\n"
           "        self.seed = seed\n\n    def forward(self, x):\n        y = x * 2\n"
           "        if self.seed is not None:\n            gen = torch.Generator(device=x.device)\n"
           "            gen.manual_seed(self.seed)\n        else:\n            gen = None\n"
           "        idx = torch.multinomial(torch.ones(4), 2, generator=gen)\n        return y[idx]\n\n")
    code = ("import torch\nimport torch.nn as nn\n\n" + cls.format(name="Seeded", seed=123)
            + cls.format(name="Unseeded", seed=None))
    found = [f for f in findings_of(code) if f.code == "NM404"]
    assert [(f.line, f.dynamo) for f in found] == [(12, "GB0363"), (13, "GB7650"), (16, "GB0055"),
                                                   (27, "GB0363"), (28, "GB7650"), (31, "GB0055")]
    assert [f.line for f in found if "only when `self.seed is not None`, off by default" in f.message] == [27, 28, 31]


def test_a_typeddict_with_optional_keys_breaks_where_it_is_built():
    # constructs.py "TypedDict with optional keys" (GB0257), "TypedDict, every key required" (traced)
    code = ("import typing\nimport torch.nn as nn\n\nclass Message(typing.TypedDict, total=False):\n"
            "    name: str\n\nclass Site(typing.TypedDict):\n    name: str\n\nclass M(nn.Module):\n"
            "    def forward(self, x):\n        m = Message(name='a')\n        s = Site(name='b')\n"
            "        return x * 2\n")
    assert codes(code) == [(12, "NM404")]


def test_logger_queries_and_loader_lengths_break():
    code = ("import logging\nimport torch\n\nlogger = logging.getLogger(__name__)\n\n"
            "@torch.compile\ndef train(model, train_loader, x):\n    n = len(train_loader)\n"
            "    if logger.isEnabledFor(logging.DEBUG):\n        logger.debug('steps %d', n)\n"
            "    return model(x) * n\n")
    assert codes(code) == [(8, "NM404"), (9, "NM403"), (10, "NM403")]
    # the debug call is under a default-off level; the query itself is a break site
    assert [b.line for b in summary(code)["train"].breaks] == [8, 9]


def test_a_tensor_test_behind_a_default_off_operand_is_not_read():
    # `eos_token is not None and (sample == eos_token).all()`: Dynamo folds the first operand
    code = ("import torch\n\n@torch.compile\ndef generate(net, out, steps, eos_token=None):\n"
            "    for _ in range(steps):\n        sample = net(out).argmax(-1, keepdim=True)\n"
            "        out = torch.cat((out, sample), -1)\n"
            "        if eos_token is not None and (sample == eos_token).all():\n            break\n"
            "    return out\n")
    assert codes(code) == [(7, "NM308"), (8, "NM402")]  # NM308: the sequence the loop grows
    assert summary(code)["generate"].breaks == ()


def test_a_module_holding_appended_functions_is_analysed():
    # PyG's DimeNet: self.bessel_funcs.append(bessel), then [f(dist) for f in self.bessel_funcs]
    code = ("import torch\nimport torch.nn as nn\n\nclass Basis(nn.Module):\n    def __init__(self, n):\n"
            "        super().__init__()\n        self.funcs = []\n        for i in range(n):\n"
            "            fn = torch.sin if i else torch.cos\n            self.funcs.append(fn)\n\n"
            "    def forward(self, x):\n        print(x.shape)\n        return torch.stack([f(x) for f in self.funcs])\n")
    assert [f.code for f in findings_of(code) if f.code.startswith(("NM4", "NM9"))] == ["NM403"]


def test_a_sparse_tensor_breaks_again_where_it_is_first_read():
    # constructs.py "sparse tensor made, then read": resumed after the maker (GB0277), the frame
    # Dynamo resumed in is skipped at the first read (GB0015); with fewer than two ops before
    # the maker the whole frame is skipped there and nothing breaks later
    code = ("import torch\nimport torch.nn as nn\n\nclass Net(nn.Module):\n    def forward(self, x):\n"
            "        y = x * 2\n        z = y + 1\n        w = z.to_sparse()\n        v = w * 3\n"
            "        return v.to_dense()\n\nclass Early(nn.Module):\n    def forward(self, x):\n"
            "        w = x.to_sparse()\n        return w.to_dense()\n")
    assert codes(code) == [(8, "NM408"), (9, "NM408"), (14, "NM408")]
    assert [f.dynamo for f in findings_of(code) if f.code == "NM408"][:2] == ["GB0277", "GB0015"]
    sites = summary(code)
    assert [(b.line, b.eager_only) for b in sites["Net.forward"].breaks] == [(8, False), (9, True)]
    assert [b.line for b in sites["Early.forward"].breaks] == [14]


def test_a_sparse_tensor_read_only_in_a_lambda_before_its_first_read_is_no_internal_error():
    # torch-sla's SparseSolveFunction.forward makes a sparse tensor and hands SciPy a lambda reading
    # it: the read in the lambda is not the frame's (its statement's walk raised KeyError, an NM999
    # that lost the file's analysis); the first read of the function's own code is the site
    code = ("import torch\nimport torch.nn as nn\n\nclass Net(nn.Module):\n    def forward(self, x):\n"
            "        y = x * 2\n        z = y + 1\n        w = z.to_sparse()\n        f = lambda v: w @ v\n"
            "        v = w * 3\n        return v.to_dense()\n")
    assert codes(code) == [(8, "NM408"), (10, "NM408")]


def test_a_parameter_annotated_as_a_sparse_tensor_skips_the_frame_where_first_read():
    # constructs.py "a sparse matrix handed from eager code to a function annotating it
    # torch.sparse.Tensor" (dbini-torch's conjugate_gradient_solver): GB0015 where the frame first
    # reads it, the whole frame skipped, and a sparse tensor it makes later never traced
    code = ("import torch\n\n@torch.compile\ndef solve(A: torch.sparse.Tensor, b, M: torch.sparse.Tensor | None = None):\n"
            "    r = b * 2\n    if M is None:\n        M = torch.sparse_coo_tensor(b.nonzero().t(), b)\n"
            "    z = M @ r\n    if z.sum() > 0:\n        z = A @ z\n    return z\n")
    found = [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code.startswith("NM4")]
    assert found[0] == (6, "NM408", "GB0015")
    assert [(b.line, b.skips_frame) for b in summary(code)["solve"].breaks][0] == (6, True)
    assert 8 not in [b.line for b in summary(code)["solve"].breaks]  # the made tensor's read: not traced
    assert codes(code.replace("M: torch.sparse.Tensor | None", "M").replace("A: torch.sparse.Tensor", "A")) \
        .count((6, "NM408")) == 0


def test_a_sparse_tensor_a_callee_returns_runs_the_rest_eagerly_from_the_next_break():
    # constructs.py "a sparse matrix a callee returns, the frame breaking later" (dbini-torch's
    # generate_dx_dy, then bilateral_normal_integration): the callee breaks making it (GB0374),
    # Dynamo resumes the caller holding it and skips that frame at its next break (GB0015), or
    # where it calls a function of the file that breaks, or where it reads it
    code = ("import torch\n\ndef make(v):\n    m = torch.sparse_csr_tensor(v, v, v)\n    return m\n\n"
            "def pair(v):\n    a = make(v)\n    b = make(v + 1)\n    return a, b\n\n"
            "@torch.compile\ndef run(x):\n    y = x.abs() + 1\n    A, B = pair(y)\n    z = y * 2\n"
            "    w = z[z > 1]\n    v = z[z > 2]\n    return (A @ y).sum() + w.sum() + v.sum()\n")
    sites = summary(code)
    assert [(b.line, b.code, b.skips_rest) for b in sites["run"].breaks] == [(17, "NM301", True), (18, "NM301", False)]
    assert [(b.line, b.code, b.skips_rest) for b in sites["pair"].breaks] == [(9, "NM408", True)]
    assert (9, "NM408") in codes(code)


def test_a_break_in_a_try_block_after_two_ops_compiles_up_to_the_block():
    # constructs.py "a print in a try block, after two ops", "... in a try block in a for loop": 1
    # graph, Dynamo logs "step_unsupported" at the outermost block's line and runs the rest eagerly; at
    # the frame's start, or in a loop with no try, the frame is skipped whole ("a print in a try block
    # at the frame's start", "a print in a for loop"); a later break in the block when an earlier one
    # skips the frame (torch-kmeans' constrained k-means) is not judged, nor a with block of a context
    # the scan cannot name; a with block of a named context Dynamo does not enter is one ("a print in a
    # with block, after two ops", "with warnings.catch_warnings(): warnings.simplefilter('ignore'), two
    # ops before": 1 graph, step_unsupported at the with; YOLOv6's CSPSPPF)
    code = ("import torch\n\nclass Ctx:\n    def __enter__(self):\n        return self\n    def __exit__(self, *a):\n"
            "        return False\n\n@torch.compile\ndef a(x):\n    y = x * 2\n    z = y + 1\n    try:\n"
            "        print(z)\n    except ValueError:\n        pass\n    return z + 1\n\n"
            "@torch.compile\ndef b(x):\n    try:\n        print(x)\n    except ValueError:\n        pass\n    return x + 1\n\n"
            "@torch.compile\ndef c(x):\n    y = x * 2\n    z = y + 1\n    for _ in range(2):\n        try:\n"
            "            print(z)\n        except ValueError:\n            pass\n    return z + 1\n\n"
            "@torch.compile\ndef e(x):\n    y = x * 2\n    z = y + 1\n    with Ctx():\n        print(z)\n    return z + 1\n\n"
            "@torch.compile\ndef f(x):\n    y = x * 2\n    z = y + 1\n    for _ in range(2):\n        print(z)\n    return z + 1\n\n"
            "@torch.compile\ndef h(x, ctx):\n    y = x * 2\n    z = y + 1\n    with ctx:\n        print(z)\n    return z + 1\n")
    sites = summary(code)
    assert [(b.line, b.skips_frame) for b in sites["a"].breaks] == [(13, False), (14, True)]
    assert [(b.line, b.skips_frame) for b in sites["b"].breaks] == [(22, True)]
    assert [(b.line, b.skips_frame) for b in sites["c"].breaks] == [(31, False), (33, True)]
    assert [(b.line, b.skips_frame) for b in sites["e"].breaks] == [(42, False), (43, True)]
    assert [(b.line, b.skips_frame) for b in sites["f"].breaks] == [(51, True)]
    assert [(b.line, b.skips_frame) for b in sites["h"].breaks] == [(59, True)]  # `with ctx:`: not judged
    assert "compiles up to line 13 and runs the rest of `a` eagerly" in \
        next(f.message for f in findings_of(code) if f.line == 14)
    warned = ("import warnings\nimport torch\n\n@torch.compile\ndef w(x):\n    y = x * 2\n    y = y + 1\n"
              "    with warnings.catch_warnings():\n        warnings.simplefilter('ignore')\n        z = y + 1\n"
              "    return z * 2\n")
    assert [(b.line, b.skips_frame) for b in summary(warned)["w"].breaks] == [(8, False), (9, True)]
    earlier = ("import torch\n\n@torch.compile\ndef g(x, m):\n    y = x * 2\n    z = y + 1\n    for _ in range(2):\n"
               "        w = z[z > 0]\n        try:\n            print(w)\n        except ValueError:\n            pass\n    return z\n")
    assert [(b.line, b.skips_frame) for b in summary(earlier)["g"].breaks] == [(8, True), (10, True)]


def test_a_slice_bound_read_from_a_tensor_in_a_for_loop_compiles_up_to_the_loop():
    # constructs.py "a slice bound from a tensor's element in a for loop, after two ops" (torchcrepe's
    # weighted_argmax), "... from a tensor iterated in a for loop" (ranking-metrics' DCG): a break at no
    # call Dynamo cannot resume from; it logs "step_unsupported" at the loop's line and runs the rest of
    # the frame eagerly; "... no op before": the frame skipped; a mask store in a loop and a method of the
    # module before it (e2cnn's NormPool: one op and a shape) skip the frame
    code = ("import torch\nimport torch.nn as nn\n\n@torch.compile\ndef a(x):\n    y = x * 2\n    z = y + 1\n"
            "    b = (y > 0).sum(1)\n    for i in range(2):\n        z[i, :b[i]] = 0\n    return z + 1\n\n"
            "@torch.compile\ndef c(x):\n    y = x * 2\n    z = y + 1\n    for _ in range(2):\n        m = z > 0\n"
            "        z[m] = y[m]\n    return z + 1\n\n"
            "class Pool(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.register_buffer('idx', torch.tensor([0, 2]))\n    def shape(self, s):\n        return s\n"
            "    def forward(self, x):\n        out = torch.empty(self.shape(x.shape))\n        for _ in range(2):\n"
            "            out = x[:, self.idx[0]:self.idx[1]] * 2\n        return out\n")
    sites = summary(code)
    assert [(b.line, b.skips_frame) for b in sites["a"].breaks] == [(9, False), (10, True)]
    assert [(b.line, b.skips_frame) for b in sites["c"].breaks] == [(19, True)]
    assert [(b.line, b.skips_frame) for b in sites["Pool.forward"].breaks] == [(31, True)]
    assert "compiles up to line 9 and runs the rest of `a` eagerly" in \
        next(f.message for f in findings_of(code) if f.line == 10)


def test_an_rnn_attribute_read_is_its_first_use():
    # constructs.py "LSTM: an attribute read before the call"; PyG's Set2Set, whose checks
    # called for their effect make no tensor, so Dynamo skips the frame there
    code = ("import torch.nn as nn\n\nclass Sizer(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.lstm = nn.LSTM(8, 8)\n\n    def forward(self, x):\n"
            "        y = x * 2\n        y = y + 1\n        h = y.new_zeros(1, 1, self.lstm.hidden_size)\n"
            "        out, _ = self.lstm(y.unsqueeze(1), (h, h))\n        return out * 3\n\n"
            "class Pool(Sizer):\n    def forward(self, x):\n        self.check(x)\n        self.check(x)\n"
            "        h = x.new_zeros(self.lstm.num_layers, 1, 8)\n        out, _ = self.lstm(x, (h, h))\n"
            "        return out\n\n    def check(self, x):\n        assert x.dim() == 3\n")
    assert codes(code) == [(11, "NM406"), (19, "NM406")]
    sites = summary(code)
    assert [(b.line, b.skips_rest, b.skips_frame) for b in sites["Sizer.forward"].breaks] == [(11, True, False)]
    assert [(b.line, b.skips_frame) for b in sites["Pool.forward"].breaks] == [(19, True)]


def test_an_assert_breaks_on_a_tensor_only_with_a_built_message_or_an_and():
    """constructs.py "assert on tensor, ...": a constant message or none is an in-graph check."""
    code = ("import torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x, n=2):\n"
            "        assert (x > 0).all()\n"
            "        assert (x > 0).all(), 'positive'\n"
            "        assert (x > 0).all(), 'bad {}'.format(n)\n"
            "        assert (x > 0).all(), f'bad {n}'\n"
            "        assert (x > 0).all() and (x < 9).all()\n"
            "        assert x.shape[0] == n and x.dim() == 2, f'bad {x.shape}'\n"
            "        assert n > 0, f'bad {n}'\n"
            "        return x\n")
    assert codes(code) == [(7, "NM402"), (8, "NM402"), (9, "NM402")]


def test_an_assert_of_not_on_a_tensor_breaks_whatever_its_message():
    """constructs.py "assert not of a tensor, constant message (fswlib's safety checks)" and "... no message":
    GB0170, resumed (held_out_38's fswlib, ``assert not torch.isnan(X).any(), "..."``: 16 misses); "assert of a
    tensor's negation, constant message" and "assert not of a Python bool, ...": none."""
    code = ("import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x):\n"
            "        assert not torch.isnan(x).any(), 'x has NaNs'\n"
            "        assert not torch.isinf(x).any()\n"
            "        assert (~torch.isnan(x)).all(), 'NaNs'\n"
            "        assert not x.is_sparse, 'dense'\n"
            "        return x\n")
    assert codes(code) == [(6, "NM402"), (7, "NM402")]


def test_an_asserts_message_is_built_only_when_it_fails():
    """constructs.py "assert on tensor, message reading the tensor": one break, at the test;
    the message's ``.tolist()`` runs only on the error path (torchtitan's vision encoders)."""
    code = ("import torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, grid):\n"
            "        assert bool((grid[:, 0] == 1).all()), (\n"
            "            f'got {grid[:, 0].tolist()}'\n"
            "        )\n"
            "        hw = grid[:, 1:].tolist()\n"
            "        return hw\n")
    assert codes(code) == [(5, "NM401"), (8, "NM401")]


def test_a_helpers_parameter_is_a_tensor_when_a_traced_caller_passes_one():
    code = ("import torch.nn as nn\n\n"
            "def paste(mask, box, size):\n"
            "    w = int(box[2] - box[0])\n"
            "    h = int(size[1] - size[0])\n"
            "    return mask * w * h\n\n"
            "class M(nn.Module):\n    def forward(self, x):\n"
            "        return paste(x, x[0], x.shape)\n")
    assert codes(code) == [(4, "NM401")]  # size: a shape, Python ints


def test_a_registered_buffer_is_a_tensor():
    """constructs.py "if on a registered buffer" (vector-quantize-pytorch's ``if self.initted:``)."""
    code = ("import torch\nimport torch.nn as nn\n\nclass Codebook(nn.Module):\n    def __init__(self, n=4):\n"
            "        super().__init__()\n        self.n = n\n"
            "        self.register_buffer('initted', torch.tensor(False))\n"
            "        self.register_buffer('mean', None)\n\n"
            "    def forward(self, x):\n        if self.initted:\n            return x\n"
            "        if self.n > 2 and self.mean is None:\n            x = x * 2\n        return x\n")
    assert codes(code) == [(12, "NM402")]


def test_deepcopy_of_a_module_and_autograd_grad_break():
    """constructs.py "copy.deepcopy(module)" (GB4198) and "torch.autograd.grad" (GB9186): maml."""
    code = ("import copy\nimport torch\nimport torch.nn as nn\nfrom copy import deepcopy\nfrom .learner import Learner\n\n"
            "class Meta(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.net = Learner()\n        self.table = {'a': 1}\n        self.kwargs = dict(a=1)\n\n"
            "    def forward(self, x):\n        net = deepcopy(self.net)\n"
            "        g = torch.autograd.grad(net(x).sum(), net.parameters())\n"
            "        t = copy.deepcopy(self.table)\n        k = copy.deepcopy(self.kwargs)\n        return x\n")
    # constructs.py "copy.deepcopy(dict)": one graph, no break (Stable Diffusion's karlo models' kwargs)
    assert codes(code) == [(15, "NM404"), (16, "NM404")]


def test_a_type_comment_types_parameters():
    """TorchScript-era code types its parameters in a PEP 484 comment (torchvision's roi_heads.py)."""
    code = ("import torch.nn as nn\n\n"
            "def paste(mask, box, im_h):\n"
            "    # type: (Tensor, Tensor, int) -> Tensor\n"
            "    w = int(box[2] - box[0])\n"
            "    h = int(im_h * 2)\n"
            "    return mask * w * h\n\n"
            "class M(nn.Module):\n    def forward(self, x, sizes):\n"
            "        return paste(x, sizes, 3)\n")
    assert codes(code) == [(5, "NM401")]



def test_a_comparison_with_a_kept_constant_default_is_folded():
    """``zero_division == "warn" and torch.any(denom == 0)`` with ``zero_division=0.0`` that no
    call of the file changes (torchmetrics' _safe_divide), and ``max_fpr is None or fpr.sum()
    == 0`` with ``max_fpr=None`` (its _binary_auroc_compute): Dynamo folds the first operand and
    never reads the tensor (constructs.py, "== on a parameter's constant default, and tensor",
    "is None on a default None, or tensor"): the breaks hold only with another value. Not
    folded: a rebinding before the test, and a call of the file that passes the compared value."""
    code = ("import torch\nimport torch.nn as nn\n\n"
            "def safe_divide(num, denom, zero_division=0.0):\n"
            "    if zero_division == 'warn' and torch.any(denom == 0):\n        print('zero')\n"
            "    zero_division = 0.0 if zero_division == 'warn' else zero_division\n"
            "    return num / denom\n\n"
            "def auc(fpr, max_fpr=None):\n    if max_fpr is None or fpr.sum() == 0:\n        return fpr\n"
            "    return fpr * max_fpr\n\n"
            "def rebound(x, mode='a'):\n    mode = 'b'\n    if mode == 'b' and x.sum() > 0:\n        return x\n"
            "    return x\n\n"
            "def passed(x, mode='a'):\n    if mode == 'b' and x.sum() > 0:\n        return x\n    return x\n\n"
            "class M(nn.Module):\n    def forward(self, x):\n"
            "        return safe_divide(x, x) + auc(x) + rebound(x) + passed(x, mode='b') + passed(x, 'a')\n")
    found = {f.line: f.message for f in findings_of(code) if f.code.startswith("NM4")}
    assert sorted(found) == [5, 6, 11, 17, 22]
    assert "only when `zero_division == 'warn'`" in found[5]
    assert "only when `max_fpr is not None`" in found[11]
    assert "off by default" not in found[17] and "off by default" not in found[22]



def test_a_branch_for_tensors_on_two_devices_is_off_by_default():
    """PyG's ``knn_graph``: ``if batch is not None and x.device != batch.device: warnings.warn(...)``
    runs only when the tensors are on two devices, never in a compiled call on one, though a caller
    passes ``batch`` (constructs.py "warnings.warn under `b is not None and x.device != b.device`,
    b given on the same device": no break); a test of the values themselves is not off."""
    code = ("import warnings\nimport torch.nn as nn\n\n\ndef knn(x, batch=None):\n"
            "    if batch is not None and x.device != batch.device:\n        warnings.warn('devices')\n"
            "    if batch is not None and x.dtype != batch.dtype:\n        warnings.warn('dtypes')\n"
            "    return x\n\n\nclass Net(nn.Module):\n    def forward(self, x, b):\n        return knn(x, b)\n")
    found = {f.line: f.message for f in findings_of(code) if f.code.startswith("NM4")}
    assert sorted(found) == [7, 9]
    assert "only when `batch is not None and x.device != batch.device`, off by default" in found[7]
    assert "off by default" not in found[9]


def test_an_assert_short_circuiting_on_a_none_default_is_off_by_default():
    """taming's ``VectorQuantizer2.forward(z, temp=None)``: ``assert temp is None or temp==1.0``
    never evaluates the comparison for a default call (constructs.py "assert after `or` on a None
    default": no break), as an `if` of the same test does; without a default it is evaluated."""
    code = ("import torch\nimport torch.nn as nn\n\nclass Q(nn.Module):\n"
            "    def forward(self, z, temp=None):\n        assert temp is None or temp == 1.0, 'interface'\n"
            "        return z * 2\n\n"
            "class P(nn.Module):\n    def forward(self, z, temp):\n        assert temp is None or temp == 1.0\n"
            "        return z * 2\n")
    found = {f.line: f.message for f in findings_of(code) if f.code.startswith("NM4")}
    assert sorted(found) == [6, 11]
    assert "only when `temp is not None`, off by default" in found[6]
    assert "off by default" not in found[11]


def test_an_or_on_a_none_default_nested_in_and_of_a_conditional_expression_is_off_by_default():
    """nnU-Net's ``DC_and_CE_loss.forward``: ``ce(x) if self.weight_ce != 0 and (self.ignore_label is None
    or num_fg > 0) else 0`` with ``ignore_label=None``: the ``or`` inside the ``and`` of a conditional
    expression folds to True and the count is never compared (constructs.py "conditional expression: `or`
    on a None default nested in `and`", "... on self.attr None by default ...": 1 graph, no break); with
    a label given (a caller passing it) it breaks (GB0170)."""
    code = ("import torch.nn as nn\n\n"
            "def kept(t, weight=1.0, ignore=None):\n    if ignore is not None:\n        left = (t != ignore).sum()\n"
            "    term = t.abs().mean() if weight != 0 and (ignore is None or left > 0) else 0\n"
            "    return t + term\n\n"
            "def given(t, label=None):\n    if label is not None:\n        left = (t != label).sum()\n"
            "    return t.mean() if label is None or left > 0 else 0\n\n"
            "class Loss(nn.Module):\n    def __init__(self, weight=1, ignore=None):\n        super().__init__()\n"
            "        self.weight = weight\n        self.ignore = ignore\n\n"
            "    def forward(self, t):\n        if self.ignore is not None:\n            left = (t != self.ignore).sum()\n"
            "        term = t.abs().mean() if self.weight != 0 and (self.ignore is None or left > 0) else 0\n"
            "        return kept(t) + given(t, label=2.0) + term\n")
    found = {f.line: f.message for f in findings_of(code) if f.code.startswith("NM4")}
    assert sorted(found) == [6, 12, 23]
    assert "only when `ignore is not None`, off by default" in found[6]
    assert "off by default" not in found[12]
    assert "only when `self.ignore is not None`, off by default" in found[23]


def test_a_break_off_by_default_is_no_resume_point_before_a_try_block():
    """torch-sla's ``scipy_solve(..., M=None)``: tensor ops, ``if M is not None:`` around a SciPy call, then
    a ``try`` block holding a break. A default call does not break in the ``if``, so the ops before it are
    in the graph Dynamo compiles up to the ``try`` (constructs.py "a print in a try block after two ops
    and a print off by default": 1 graph, step_unsupported at the `try`); turned on, the frame Dynamo
    resumes in after it holds no op and is skipped ("... turned on")."""
    code = ("import torch.nn as nn\n\n"
            "def solve(t, verbose=False):\n    y = t * 2\n    z = y + 1\n    if verbose:\n        print('solving')\n"
            "    try:\n        print(z)\n        z = z * 3\n    except ValueError:\n        pass\n    return z + 1\n\n"
            "class M(nn.Module):\n    def forward(self, t):\n        return solve(t)\n")
    found = {f.line: f.message for f in findings_of(code) if f.code.startswith("NM4")}
    assert sorted(found) == [7, 9]
    assert "off by default" in found[7]
    assert "so Dynamo compiles up to line 8 and runs the rest of `solve` eagerly" in found[9]


def test_an_instance_built_by_cls_in_a_classmethod_whose_method_breaks_skips_the_frame():
    """torchvine's ``Bicop.from_data``: ``c = cls()``, then ``c.select(data)``, which breaks below: Dynamo
    cannot rebuild the instance to resume (constructs.py "instance built by cls() in a classmethod, its
    method breaks": "Reconstruction failure" GB0092 at the call, the frame skipped), as for ``Cls()``."""
    code = ("import torch.nn as nn\n\n"
            "class Fitted:\n    def __init__(self, scale=2.0):\n        self.scale = scale\n\n"
            "    def fit(self, x):\n        self.scale = x.sum().item()\n\n"
            "    @classmethod\n    def from_data(cls, x):\n        c = cls()\n        c.fit(x)\n        return c\n\n"
            "class M(nn.Module):\n    def forward(self, x):\n        return x * Fitted.from_data(x).scale\n")
    found = {f.line: f.message for f in findings_of(code) if f.code.startswith("NM4")}
    assert sorted(found) == [8, 13]
    assert "cannot rebuild the instance" in found[13] and "[Dynamo GB0092]" in found[13]


def test_a_tensor_made_with_requires_grad_true_is_a_break():
    """``torch.zeros(n, 8, requires_grad=True)`` and ``torch.tensor(0., requires_grad=True)`` in
    traced code (PyG's EquilibriumAggregation.init_output, routing-transformer's ``total_loss``):
    GB0225, "Attempted to use tensor creation function with requires_grad=True" (constructs.py);
    ``requires_grad=False`` and a module's own parameters are not."""
    code = ("import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x):\n"
            "        a = torch.zeros(x.shape[0], 8, requires_grad=True)\n"
            "        b = torch.tensor(0., requires_grad=True, device=x.device)\n"
            "        c = torch.zeros(4, requires_grad=False)\n"
            "        return x + a + b + c\n")
    found = [f for f in findings_of(code) if f.code.startswith("NM4")]
    assert [(f.line, f.code) for f in found] == [(6, "NM404"), (7, "NM404")]
    assert "GB0225" in found[0].message


def test_an_rnn_read_as_a_module_breaks_at_that_read():
    """``assert self.lstm is not None`` before ``self.lstm(x)`` (PyG's JumpingKnowledge):
    Dynamo breaks at the assert, reading the module (constructs.py, "LSTM: `is not None` before
    the call"); one finding, there, and none at the read inside ``self.lstm.flatten_parameters()``."""
    code = ("import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.lstm = nn.LSTM(8, 8)\n\n    def forward(self, x):\n"
            "        y = x * 2\n        assert self.lstm is not None\n        out, _ = self.lstm(y)\n"
            "        return out\n\n"
            "class N(M):\n    def forward(self, x):\n        self.lstm.flatten_parameters()\n"
            "        return self.lstm(x)[0]\n")
    assert [(f.line, f.code) for f in findings_of(code) if f.code.startswith("NM4")] == [(11, "NM406"), (17, "NM406")]


def test_methods_reached_through_a_local_instance_are_traced():
    # constructs.py "method of a local instance, inherited, calls an abstract method", "bound
    # method of a local instance, called through a name", "... handed to a helper": Dynamo
    # inlines each (pytorch-minimize's ``hess = BFGS(x); hess.update(s, y)``, whose base's
    # update calls the abstract ``self._update``); an override of a method that is not abstract
    # is not taken for the one called
    code = ("import abc\nimport torch\n\nclass Update(abc.ABC):\n    def update(self, s):\n"
            "        return self._update(s) + self.scale(s)\n\n    @abc.abstractmethod\n    def _update(self, s):\n"
            "        pass\n\n    def scale(self, s):\n        return s\n\n"
            "class ItemUpdate(Update):\n    def _update(self, s):\n        return s * s.sum().item()\n\n"
            "    def scale(self, s):\n        print(s)\n        return s\n\n"
            "class Objective:\n    def closure(self, x):\n        return x, x.sum().item()\n\n"
            "    def evaluate(self, x):\n        print(x)\n        return x\n\n    def unused(self, x):\n"
            "        return x.max().item()\n\n"
            "def line_search(fun, x):\n    return fun(x)\n\n"
            "@torch.compile\ndef solve(x):\n    h = ItemUpdate() if x.dim() else None\n    y = h.update(x)\n"
            "    sf = Objective()\n    f = sf.closure\n    z, n = f(y)\n    return line_search(sf.evaluate, z) * n\n")
    # the first call through the instance built here breaks below it (ItemUpdate._update's
    # .item()): Dynamo cannot rebuild the instance and skips the frame there (the same construct:
    # "Reconstruction failure", GB0092, at `h.update(y)`)
    assert codes(code) == [(17, "NM401"), (25, "NM401"), (28, "NM403"), (40, "NM404")]


def test_an_instance_an_alternative_constructor_builds_is_traced():
    # pytorch-gmm's ``GMM.init_and_train``: ``gmm = cls.init(x)``, a classmethod whose return is
    # ``cls(...)``, then ``gmm.train(x)`` (held_out_23's ``gmm.py:239``); ``Model.build(x)`` and
    # ``cls(x)`` likewise, and the classmethod itself runs in the trace. Not a classmethod that
    # may return anything else (``cls.load``: ``None`` besides)
    code = ("import torch\n\nclass Model:\n    def __init__(self, w):\n        self.w = w\n\n"
            "    @classmethod\n    def init(cls, x):\n        print(x)\n        return cls(x.mean(0))\n\n"
            "    @classmethod\n    def load(cls, x):\n        if x is None:\n            return None\n"
            "        return cls(x)\n\n"
            "    def train(self, x):\n        return x.sum().item()\n\n    def score(self, x):\n"
            "        return x.tolist()\n\n    def unused(self, x):\n        return x.max().item()\n\n"
            "    @classmethod\n    def init_and_train(cls, x):\n        m = cls.init(x)\n        n = cls.load(x)\n"
            "        n.unused(x)\n        return m.train(x)\n\n"
            "@torch.compile\ndef fit(x):\n    b = Model.init(x)\n    return b.score(x)\n\n"
            "@torch.compile\ndef run(x):\n    return Model.init_and_train(x)\n")
    assert codes(code) == [(9, "NM403"), (19, "NM401"), (22, "NM401")]


def test_two_breaks_on_one_line_beside_a_local_instance_are_no_internal_error():
    # state-spaces/s4's UnICORNN: an autograd Function's forward builds a helper of its file, then
    # hands a kernel launch several `.data_ptr()` and `.item()` on one statement's lines
    code = ("import torch\n\nclass Helper:\n    def get(self):\n        print(1)\n        return 2\n\n"
            "class Fn(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x, dt):\n"
            "        comp = Helper()\n        n = comp.get()\n        launch(args=[x.data_ptr(), dt.item(),\n"
            "                     x.data_ptr(), dt.item()])\n        return x * n\n\n"
            "class M(torch.nn.Module):\n    def forward(self, x, dt):\n        return Fn.apply(x, dt)\n")
    found = codes(code)
    assert all(c != "NM999" for _, c in found)
    # the addresses are handed on, never compared nor added to: no break (constructs.py "x.data_ptr() kept, not used")
    assert (13, "NM401") in found and (14, "NM401") in found and (13, "NM404") not in found


def test_a_function_handed_to_a_helper_that_calls_it_is_traced():
    # constructs.py "function handed to a helper that calls it, .item() in it", "... a closure of
    # the frame", "... called in the helper's loop": Dynamo traces the function where the helper
    # calls it (torchgw's ``_gw_loop(..., sinkhorn_fn=_sinkhorn_torch)``); by position or keyword,
    # a function of the file, a local name bound to one, or a closure. Not one handed to a parameter
    # the helper does not call, nor to a call of something else (a hook's registration), nor a
    # parameter of the caller that shares a function's name
    code = ("import torch\n\ndef item(t):\n    return t.sum().item()\n\n"
            "def noisy(t):\n    print(t)\n    return t\n\n"
            "def kept(t):\n    return t.max().item()\n\n"
            "def hook(g):\n    print(g)\n\n"
            "def loop(x, fn, keep=None):\n    for _ in range(2):\n        x = x * fn(x)\n    return x, keep\n\n"
            "@torch.compile\ndef solve(x):\n    def inner(t):\n        return t.min().item()\n"
            "    step = noisy\n    y, _ = loop(x, item, keep=kept)\n    z, _ = loop(y, fn=step)\n"
            "    x.register_hook(hook)\n    return loop(z, inner)[0]\n\n"
            "def hook_user(x, hook):\n    return loop(x, hook)[0]\n\n"
            "@torch.compile\ndef given(x):\n    return hook_user(x, item)\n")
    assert codes(code) == [(4, "NM401"), (7, "NM403"), (24, "NM401")]


def test_the_operators_of_a_class_of_the_file_run_where_traced_code_applies_them():
    # constructs.py "a @ b on a local instance of a class with __matmul__, .item() in it", "instance
    # of an operator-only class handed to a helper that applies @, ...": Dynamo traces the dunder
    # where it runs (torch-cgd's ``A1 = Operator(...)`` handed to ``self.solver.solve(A1, b)``, whose
    # ``A @ x`` runs ``Operator.__matmul__``). a @ b, a[i], len(a) and a(x) on a local instance, an
    # annotated parameter or ``self.attr`` built in ``__init__``; handed on, only a class that is an
    # operator and nothing else. Not an operator the value is not given to (``__add__`` of a class
    # whose instance is only indexed), nor a class with methods of its own handed on, nor a
    # builtin handed the instance, nor a name bound to something else too (detectron2's
    # ``pairwise_intersection(boxes1: Boxes, ...)``, then ``boxes1 = boxes1.tensor``)
    code = ("import torch\n\nclass Op:\n    def __init__(self, s):\n        self.s = s\n\n"
            "    def __matmul__(self, v):\n        return v * self.s.sum().item()\n\n"
            "class Table:\n    def __getitem__(self, i):\n        print(i)\n        return i\n\n"
            "    def __len__(self):\n        return int(torch.ones(2).sum().item())\n\n"
            "    def __add__(self, other):\n        print(other)\n        return other\n\n"
            "    def rows(self):\n        return torch.zeros(1).max().item()\n\n"
            "class Scale:\n    def __init__(self):\n        self.t = Table()\n\n"
            "    def __call__(self, x):\n        return x * self.t[0] * len(self.t)\n\n"
            "def solve(A, b):\n    return b - A @ b\n\n"
            "@torch.compile\ndef step(x):\n    A = Op(x)\n    t = Table()\n    isinstance(t, Table)\n"
            "    solve(t, x)\n    return solve(A, x)\n\n"
            "@torch.compile\ndef given(x, s: Scale, b: 'Boxes'):\n    b = b.tensor\n    return s(x) + b[0]\n\n"
            "class Boxes:\n    def __init__(self, t):\n        self.tensor = t\n\n"
            "    def __getitem__(self, i):\n        print(i)\n        return Boxes(self.tensor[i])\n")
    assert codes(code) == [(8, "NM401"), (12, "NM403"), (16, "NM401")]


def test_a_state_machine_of_step_functions_is_traced():
    # constructs.py "state machine of step functions": Dynamo follows `step = step(state)` into
    # each function a step returns (fast-bss-eval's Hungarian solver); a name bound once to a
    # function reaches that function only
    code = ("import torch\n\ndef first(s):\n    print(s)\n    return second\n\n"
            "def second(s):\n    return third if s.sum().item() else None\n\n"
            "def third(s):\n    return None\n\n"
            "def unused(s):\n    print(s)\n\n"
            "def once(s):\n    return unused\n\n"
            "@torch.compile\ndef solve(x):\n    step = None if x.dim() == 0 else first\n"
            "    while step is not None:\n        step = step(x)\n    fn = once\n    fn(x)\n    return x\n")
    assert codes(code) == [(4, "NM403"), (8, "NM401")]


def test_a_function_called_through_a_local_lambda_is_traced():
    # constructs.py "function of the file called through a local lambda": Dynamo inlines the lambda
    # and the function (torchimize's `lm_uv_step = lambda rho, u, v: marquardt_uv(rho, u, v, ...)`,
    # its boolean-mask updates breaking); a lambda calling a parameter reaches nothing
    code = ("import torch\n\ndef marquardt(rho, u, beta):\n    print(beta)\n    return u * rho\n\n"
            "def unused(t):\n    print(t)\n\n"
            "@torch.compile\ndef solve(x, fn, beta=2.0):\n    step = lambda r, u: marquardt(r, u, beta=beta)\n"
            "    other = lambda t: fn(t)\n    return step(x, x.clone()) + other(x)\n")
    assert codes(code) == [(4, "NM403")]


def test_methods_of_a_module_level_instance_are_traced():
    # constructs.py "method of a module-level instance": Dynamo inlines it (a script's
    # `model = GCN(...)` whose methods a compiled step or the forward itself calls); a function
    # that binds the name itself reads its own object
    code = ("import torch\n\nclass Scorer:\n    def score(self, t):\n        print(t)\n        return t\n\n"
            "    def other(self, t):\n        return t.item()\n\n"
            "scorer = Scorer()\n\n@torch.compile\ndef step(x):\n    return scorer.score(x)\n\n"
            "@torch.compile\ndef own(x, scorer):\n    return scorer.other(x)\n")
    assert codes(code) == [(5, "NM403")]


def test_a_call_through_a_module_level_table_of_functions_traces_each():
    # constructs.py "function from a module-level table of functions": Dynamo inlines the one the
    # key picks (geomloss's ``routines[loss][backend](...)``); the key is known at run time, so
    # every function of the table, also nested and through functools.partial, is traced
    code = ("import functools\nimport torch\n\ndef plain(x):\n    return x.sum().item()\n\n"
            "def other(x, name=None):\n    print(x)\n    return x\n\ndef unused(x):\n    return x.max().item()\n\n"
            "ROUTINES = {'a': {'plain': plain, 'other': functools.partial(other, name='b')}}\n\n"
            "@torch.compile\ndef run(x, kind):\n    return ROUTINES[kind]['plain'](x)\n")
    assert codes(code) == [(5, "NM401"), (8, "NM403")]


def test_an_annotated_module_table_is_read_and_one_bound_twice_is_not():
    # _function_tables, the one reader of a module's dicts of functions (the project model's
    # registry getters read it too): ``NAME: Dict[str, Callable] = {...}`` is a table; a name
    # the module binds again may hold anything, so a call through it reaches nothing
    code = ("from typing import Callable, Dict\nimport torch\n\ndef plain(x):\n    return x.sum().item()\n\n"
            "def other(x):\n    print(x)\n    return x\n\n"
            "ANNOTATED: Dict[str, Callable] = {'plain': plain}\n\n"
            "TWICE = {'other': other}\nTWICE = {'other': other}\n\n"
            "@torch.compile\ndef run(x, kind):\n    return ANNOTATED[kind](x) + TWICE[kind](x)\n")
    assert codes(code) == [(5, "NM401")]


def test_a_function_picked_from_a_local_table_of_functions_is_traced():
    # constructs.py "function picked from a local table of functions" and "... by a helper handed
    # the table" (xitorch's ``method_fcn = get_method(name, methods, method)``, ``methods`` a dict
    # display of solvers, or a pick from one of module-level tables): Dynamo inlines the function
    # picked; the key is known at run time, so every function of the table is traced. A dict
    # holding a class or a constant is no table; a table never called reaches nothing
    code = ("import torch\n\ndef plain(x):\n    return x.sum().item()\n\n"
            "def other(x):\n    print(x)\n    return x\n\ndef unused(x):\n    return x.max().item()\n\n"
            "def pick(methods, name):\n    return methods[name]\n\n"
            "SOLVERS = {'other': other}\n\n"
            "@torch.compile\ndef run(x, kind):\n    methods = {'plain': plain}\n    fn = methods[kind]\n"
            "    return fn(x)\n\n"
            "@torch.compile\ndef run2(x, kind):\n    methods = {'s': SOLVERS, 'p': {'plain': plain}}[kind]\n"
            "    solver = pick(methods, kind)\n    return solver(x)\n\n"
            "@torch.compile\ndef run3(x, kind):\n    mixed = {'unused': unused, 'n': 1}\n    fn = mixed[kind]\n"
            "    kept = {'unused': unused}\n    n = len(kept)\n    return fn(x) * n\n")
    assert codes(code) == [(4, "NM401"), (7, "NM403")]


def test_copy_copy_of_a_dict_or_list_breaks():
    # constructs.py "copy.copy(dict)", "copy.copy(list)" (GB0007: the container's C ``copy`` is
    # skipped; xitorch's ``set_default_option(defopt: Dict, opt: Dict)``) and "copy.copy(tensor)"
    # (GB0208); not "copy.copy(object)": a parameter of unknown kind, or one rebound
    code = ("import copy\nfrom typing import Dict\nimport torch\n\n"
            "def merge(defopt: Dict, opt: dict[str, int], t, **kwargs):\n    a = copy.copy(defopt)\n"
            "    b = copy.copy(opt)\n    c = copy.copy(kwargs)\n    d = copy.copy(t)\n    e = copy.copy([1, 2])\n"
            "    return a, b, c, d, e\n\n"
            "def rebound(opt: Dict, obj):\n    opt = None\n    return copy.copy(opt), copy.copy(obj)\n\n"
            "SETTINGS = object()\n\n@torch.compile\ndef run(x):\n    merge({}, {}, x)\n    rebound({}, SETTINGS)\n    return x * 2\n")
    assert codes(code) == [(6, "NM404"), (7, "NM404"), (8, "NM404"), (9, "NM404"), (10, "NM404")]
    messages = {f.line: f.message for f in findings_of(code)}
    assert "GB0007" in messages[6] and "GB0208" in messages[9]


def test_requires_grad_on_an_argument_or_a_new_leaf_breaks():
    """constructs.py "requires_grad_() on the input" / "in a helper, on the input" (GB0125:
    torch-struct's ``log_potentials.requires_grad_(True)``, on a graph input) and
    "requires_grad_() and autograd.grad in a helper" (GB8985: pytorch-minimize's
    ``x.detach().requires_grad_(True)`` before ``autograd.grad``). Not a break: an intermediate
    that may already require grad (a loss), a new leaf whose gradient the function never takes
    ("requires_grad_() on an intermediate, used"), ``requires_grad_(False)`` and a module's
    ``requires_grad_``. ``torch.autograd.backward``: a function Dynamo skips (GB0007)."""
    code = ("import torch\nimport torch.nn as nn\nfrom torch import autograd\n\n"
            "class Chain(nn.Module):\n    def forward(self, phi):\n        phi.requires_grad_(True)\n"
            "        return self.score(phi)\n\n"
            "    def score(self, edge):\n        edge.requires_grad_()\n        return edge * 2\n\n"
            "class Closure(nn.Module):\n    def forward(self, x):\n"
            "        x = x.detach().requires_grad_(True)\n"
            "        with torch.enable_grad():\n            f = (x * x).sum()\n"
            "            g = autograd.grad(f, x)[0]\n            torch.autograd.backward(f)\n        return g\n\n"
            "class Quiet(nn.Module):\n    def forward(self, x, model):\n        y = x * 2\n"
            "        loss = (y * 2).sum()\n        loss.requires_grad_(True)\n"
            "        z = y.detach().requires_grad_()\n        x.requires_grad_(False)\n"
            "        model.requires_grad_(True)\n        return z + loss\n")
    assert codes(code) == [(7, "NM404"), (11, "NM404"), (16, "NM404"), (19, "NM404"), (20, "NM404")]
    messages = {f.line: f.message for f in findings_of(code)}
    assert "GB0125" in messages[7] and "GB0125" in messages[11] and "GB8985" in messages[16]
    assert "GB0007" in messages[20]  # constructs.py "torch.autograd.backward"


def test_int_of_an_attribute_stored_from_a_tensor_parameter_reads_it_on_the_host():
    """torch-pme's MeshInterpolator: ``update(self, cell, ns_mesh: torch.Tensor | None = None)`` stores
    ``self.ns_mesh = ns_mesh``, and ``points_to_mesh``'s ``nx = int(self.ns_mesh[0])`` breaks (GB0124,
    measured on ``held_out_27``'s PME and P3M calculators at ``mesh_interpolator.py:408``-``:410``).
    Not an attribute stored from a parameter annotated ``int``, nor from an unannotated one, nor
    from a tensor parameter the method rebinds first."""
    code = ("import torch\nimport torch.nn as nn\n\n"
            "class Mesh(nn.Module):\n    def __init__(self, ns: torch.Tensor, n: int, m, s: torch.Tensor):\n"
            "        super().__init__()\n        self.count = n\n        self.other = m\n"
            "        s = s.tolist()\n        self.sizes = s\n        self.update(ns)\n\n"
            "    def update(self, ns: torch.Tensor | None = None):\n        if ns is not None:\n"
            "            self.ns = ns\n\n"
            "    def forward(self, x):\n        nx = int(self.ns[0])\n        k = int(self.count)\n"
            "        j = int(self.other[0]) + int(self.sizes[0])\n        return x.new_zeros(nx + k + j)\n")
    assert codes(code) == [(18, "NM401")]


def test_the_element_of_enumerate_over_a_tensor_attribute_is_a_tensor():
    """constructs.py "for over a bool tensor attribute, if on the element" (pytorch-tabnet's
    EmbeddingGenerator: ``for i, c in enumerate(self.continuous_idx): if c:``, GB0170, the frame
    skipped). Not a tensor: a list from ``.tolist()`` and a NumPy array from ``.numpy()``
    enumerated, and a Python number attribute."""
    code = ("import torch\nimport torch.nn as nn\n\n"
            "class Embedder(nn.Module):\n    def __init__(self, n):\n        super().__init__()\n"
            "        self.continuous = torch.ones(n, dtype=torch.bool)\n        self.flags = [True] * n\n\n"
            "    def forward(self, x):\n        cols = []\n"
            "        for i, keep in enumerate(self.continuous):\n            if keep:\n"
            "                cols.append(x[:, i])\n"
            "        for i, flag in enumerate(self.flags):\n            if flag:\n"
            "                cols.append(x[:, i])\n"
            "        hits = (x.sum(1) > 0).tolist()\n"
            "        for i, h in enumerate(hits):\n            if h:\n                cols.append(x[:, i])\n"
            "        ends = x.argmax(1).cpu().numpy().cumsum(0)\n"
            "        for i, end in enumerate(ends):\n            if end == 3:\n                cols.append(x[:, i])\n"
            "        return torch.stack(cols, 1)\n")
    assert [(line, c) for line, c in codes(code) if c == "NM402"] == [(13, "NM402")]


def test_an_in_place_view_op_on_a_graph_input_breaks():
    """constructs.py "transpose_ on the input", "t_ on the input", "unsqueeze_ on the input" and
    "transpose_ on a parameter's grad, in a loop" (pytorch-optimizer's Shampoo: ``grad = p.grad``,
    then ``grad = grad.transpose_(0, d).contiguous()`` in a loop): GB0148, "Unsupported function
    call (delayed)". Not a break: the same op on an intermediate, on a view of the input made
    first ("transpose_ on a parameter's grad"), and an in-place op that keeps the shape (``mul_``)."""
    code = ("import torch\nimport torch.nn as nn\n\n"
            "class Step(nn.Module):\n    def forward(self, x, params):\n        x.t_()\n"
            "        for p in params:\n            grad = p.grad\n            for d in range(2):\n"
            "                grad = grad.transpose_(0, d).contiguous()\n"
            "        y = (x * 2).transpose_(0, 1)\n        z = x * 3\n        z.unsqueeze_(0)\n"
            "        v = p.grad.view(2, 4)\n        v.transpose_(0, 1)\n        p.grad.squeeze_(0)\n"
            "        x.mul_(2)\n        return y + z\n")
    found = {f.line: f for f in findings_of(code) if f.code.startswith("NM4")}
    assert sorted((line, f.code) for line, f in found.items()) == [(6, "NM404"), (10, "NM404"), (16, "NM404")]
    assert found[6].dynamo == "GB0148" and "runs all of `Step.forward` eagerly" in found[10].message


def test_jacobian_in_traced_code_breaks():
    """constructs.py "jacobian, default arguments" and "jacobian with **kwargs" (pypose's
    ``System.A``: ``jacobian(func, x, **self.jacargs)``): GB0055, "Failed to convert args/kwargs
    to proxy"."""
    code = ("import torch\nimport torch.nn as nn\nfrom torch.autograd.functional import jacobian\n\n"
            "class Linearize(nn.Module):\n    def forward(self, x):\n"
            "        a = jacobian(lambda t: t * 2, x, **self.jacargs)\n"
            "        b = torch.autograd.functional.jacobian(torch.sin, x)\n        return a + b\n")
    found = [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code.startswith("NM4")]
    assert found == [(7, "NM404", "GB0055"), (8, "NM404", "GB0055")]


def test_requires_grad_true_in_a_branch_on_requires_grad_is_not_a_break():
    """constructs.py "requires_grad=True only where a tensor does not require grad" (higher's
    ``p if p.requires_grad else torch.tensor([], requires_grad=True)``): Dynamo decides the test
    from the tensor and traces only the branch taken; no finding there. Outside such a branch the
    creation still breaks (GB0225)."""
    code = ("import torch\nimport torch.nn as nn\n\n"
            "class Step(nn.Module):\n    def forward(self, x, params):\n"
            "        targets = [p if p.requires_grad else torch.tensor([], requires_grad=True) for p in params]\n"
            "        if not x.requires_grad:\n            x = torch.zeros(3, requires_grad=True)\n"
            "        t = torch.zeros(3, requires_grad=True)\n        return x + t + targets[0]\n")
    assert codes(code) == [(9, "NM404")]


def test_a_flag_compared_with_true_is_a_flag():
    """nnAudio's ``if hasattr(self, "w_sum") == False or refresh_win == True:`` (``refresh_win``
    a parameter defaulting to True): ``flag == True`` is tested as ``if flag:`` is, a Python
    flag; a tensor compared with True is still a tensor test (constructs.py "if flag == True on
    a bool parameter")."""
    code = ("import torch\nimport torch.nn as nn\n\n"
            "class M(nn.Module):\n    def forward(self, x, refresh=True):\n"
            "        if hasattr(self, 'w') == False or refresh == True:\n            x = x + 1\n"
            "        m = x.sum() > 0\n        if m == True:\n            x = x + 2\n        return x\n")
    assert codes(code) == [(9, "NM402")]


def test_as_subclass_of_a_tensor_subclass_instance_breaks():
    """constructs.py "tensor subclass: back to Tensor in its own method" (with and without a
    ``__torch_function__`` of the class's own: pypose's ``LieTensor.tensor``,
    ``Tensor.as_subclass(self, Tensor)``) and "tensor subclass made in traced code, then back to
    Tensor": GB0001. Not a break: making an instance (``x.as_subclass(Lie)``, ``__new__``'s
    ``Tensor.as_subclass(data, Lie)``), ``as_subclass`` of a plain tensor, and ``self`` of a
    class that is not a tensor."""
    code = ("import torch\nfrom torch import Tensor\n\n"
            "class Lie(Tensor):\n    @staticmethod\n    def __new__(cls, data):\n"
            "        return Tensor.as_subclass(data, Lie)\n\n"
            "    def tensor(self):\n        return Tensor.as_subclass(self, Tensor)\n\n"
            "class Child(Lie):\n    def back(self):\n        return self.as_subclass(torch.Tensor)\n\n"
            "class Other:\n    def tensor(self):\n        return self.as_subclass(Tensor)\n\n"
            "@torch.compile\ndef run(x):\n    y = x.as_subclass(Lie)\n    z = Tensor.as_subclass(y, Tensor)\n"
            "    w = x.as_subclass(Tensor)\n    lie = Lie(x)\n    child = Child(x)\n    other = Other()\n"
            "    return lie.tensor() + child.back() + other.tensor() + z + w\n")
    found = [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code.startswith("NM4")]
    assert found == [(10, "NM404", "GB0001"), (14, "NM404", "GB0001"), (23, "NM404", "GB0001")]


def test_item_guarded_by_isinstance_breaks_only_when_a_caller_passes_a_tensor():
    # constructs.py "isinstance-guarded .item(), a bool passed / a tensor passed" (brevitas's max_int)
    code = ("import torch\nfrom torch import nn\n\ndef as_flag(s):\n"
            "    return bool(s.item()) if isinstance(s, torch.Tensor) else s\n\n"
            "class Net(nn.Module):\n    def forward(self, x):\n        if as_flag(FLAG):\n"
            "            return x + 1\n        return x\n")
    assert codes(code.replace("FLAG", "True")) == []
    assert codes(code.replace("FLAG", "x.sum() > 0")) == [(5, "NM401")]


def test_a_branch_only_for_tensors_is_not_traced_where_nothing_makes_one():
    """A shape check that also accepts symbolic sizes (stylegan3's ``assert_shape``): its sizes are
    the ints of ``zip(t.shape, want)``, so ``isinstance(got, torch.Tensor)`` is False under Dynamo
    and the branch's ``torch.equal`` never runs (measured: a forward calling it with
    ``[None, 4]``, one graph, no break). A parameter a traced caller hands a tensor keeps its branch."""
    code = ("import torch\nfrom torch import nn\n\ndef check_dims(t, want):\n"
            "    for i, (got, exp) in enumerate(zip(t.shape, want)):\n        if exp is None:\n            continue\n"
            "        if isinstance(exp, torch.Tensor):\n            assert torch.equal(torch.as_tensor(got), exp), i\n"
            "        elif isinstance(got, torch.Tensor):\n            assert torch.equal(got, torch.as_tensor(exp)), i\n\n"
            "def scale_of(s):\n    if torch.is_tensor(s):\n        return float(s)\n    return s\n\n"
            "class Net(nn.Module):\n    def forward(self, x):\n        check_dims(x, [None, 4])\n"
            "        return x * scale_of(SCALE)\n")
    assert codes(code.replace("SCALE", "2.0")) == []
    assert codes(code.replace("SCALE", "x.amax()")) == [(15, "NM401")]


def test_building_a_pydantic_model_breaks_and_its_validators_are_traced():
    # constructs.py "pydantic model built in traced code, its validators test tensor values" (GB0156
    # at the construction, then each validator's data-dependent `if` in a frame of its own) and
    # "pydantic model without validators built in traced code" (GB0156); a plain class is traced
    code = ("import torch\nfrom pydantic import BaseModel, field_validator\n\n\ndef no_nan(v):\n"
            "    if torch.any(torch.isnan(v)):\n        raise ValueError('nan')\n    return v\n\n\n"
            "class Base(BaseModel):\n    pass\n\n\nclass Checked(Base):\n    t: torch.Tensor\n\n"
            "    @field_validator('t', mode='before')\n    @classmethod\n    def coerce(cls, v):\n"
            "        v = no_nan(v)\n        if torch.any(v < 0):\n            raise ValueError('negative')\n"
            "        return v\n\n    def unused(self, v):\n        return v.sum().item()\n\n\n"
            "class Plain:\n    def check(self, v):\n        return v.sum().item()\n\n\n"
            "@torch.compile\ndef loss(x):\n    c = Checked(t=x * 2)\n    p = Plain()\n    return c.t * 3\n")
    assert codes(code) == [(6, "NM402"), (22, "NM402"), (37, "NM404")]
    assert [f.dynamo for f in findings_of(code) if f.code == "NM404"] == ["GB0156"]
    # without a traced construction, the validators are not traced
    assert codes(code.replace("    c = Checked(t=x * 2)\n", "    c = x\n").replace("c.t * 3", "c * 3")) == []
def test_an_annotated_module_logger_breaks_and_the_module_functions_carry_their_own_id():
    """constructs.py "annotated module logger: logger.info" (fvcore's precise_bn:
    ``logger: logging.Logger = logging.getLogger(__name__)``, GB0291) and "logging.warning (the
    module's function)" (the break is inside logging, GB4841). A name annotated but bound to
    something else is no logger."""
    code = ("import logging\nimport torch\nfrom torch import nn\n\n"
            "logger: logging.Logger = logging.getLogger(__name__)\nother: int = 3\n\n"
            "class Net(nn.Module):\n    def forward(self, x):\n        logger.info('step')\n"
            "        logging.warning('careful')\n        other.info('x')\n        return x + 1\n")
    found = [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code.startswith("NM4")]
    assert found == [(10, "NM403", "GB0291"), (11, "NM403", "GB4841")]


def test_module_hook_registration_and_backward_in_traced_code_break():
    """constructs.py "module.register_forward_pre_hook in traced code" / "... register_forward_hook
    ..." (fvcore's update_bn_stats: GB0467 in torch's hooks.py) and "loss.backward()" (pfrl's
    DQN.update: GB0123). Setting a module's attributes is traced ("module's float attribute set",
    "setattr(module, name, tensor) of a removed parameter": no break), and so is a tensor's
    ``register_hook``-free code; an autograd Function's ``ctx``/``self`` ``backward`` is not
    ``Tensor.backward``."""
    code = ("import torch\nfrom torch import nn\n\ndef pre(m, i):\n    return None\n\n"
            "@torch.compile\ndef step(model, bn, x, opt):\n"
            "    hs = [m.register_forward_pre_hook(pre) for m in [bn]]\n    bn.momentum = 1.0\n"
            "    setattr(model, 'weight', x * 2)\n    loss = model(x).sum()\n    loss.backward()\n"
            "    return hs\n")
    found = [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code.startswith("NM4")]
    assert found == [(9, "NM404", "GB0467"), (13, "NM404", "GB0123")]


def test_a_transformer_forward_called_by_name_reads_its_mask_on_the_host():
    """constructs.py "nn.Transformer.forward(tgt_mask=) called by name" (pytorch-beam-search's
    Transformer: ``self.transformer.forward(src=X, tgt=Y, tgt_mask=mask)``): GB0124 as the call
    ``self.transformer(...)``; with ``tgt_is_causal=True`` no read."""
    code = ("import torch\nfrom torch import nn\n\n"
            "class Seq(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.transformer = nn.Transformer(8, 2, 1, 1, 16)\n\n"
            "    def forward(self, x, y, m):\n"
            "        a = self.transformer.forward(src=x, tgt=y, tgt_mask=m)\n"
            "        b = self.transformer.forward(src=x, tgt=y, tgt_mask=m, tgt_is_causal=True)\n"
            "        return a + b\n")
    assert codes(code) == [(10, "NM407")]


def test_default_collate_in_traced_code_breaks():
    """constructs.py "default_collate in traced code" (pfrl's batch_states): torch.utils.data is a
    file Dynamo skips (GB0007); a function of the file with that name is the project's own."""
    code = ("import torch\nfrom torch.utils.data._utils.collate import default_collate\n\n"
            "@torch.compile\ndef batch(states):\n    return default_collate([s * 2 for s in states])\n")
    found = [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code.startswith("NM4")]
    assert found == [(6, "NM404", "GB0007")]
    own = code.replace("from torch.utils.data._utils.collate import default_collate\n",
                       "def default_collate(xs):\n    return torch.stack(xs)\n")
    assert [f for f in findings_of(own) if f.code.startswith("NM4")] == []


def _nm4(code):
    return [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code.startswith("NM4")]


def test_a_class_statement_in_traced_code_breaks():
    """constructs.py "class statement in traced code" and "autograd.Function class statement in
    traced code" (mpc's ``class LQRStepFn(Function):`` inside its solver): ``__build_class__``,
    GB8977, resumed. A class at module level, or in an untraced function, is none."""
    code = ("import torch\nfrom torch import nn\n\nclass Solver(nn.Module):\n    def forward(self, x):\n"
            "        class StepFn(torch.autograd.Function):\n            @staticmethod\n"
            "            def forward(ctx, t):\n                return t * 2\n"
            "        return StepFn.apply(x) + 1\n")
    assert _nm4(code) == [(6, "NM404", "GB8977")]
    assert _nm4(code.replace("(nn.Module)", "(object)")) == []
    # the class statement is a statement the function runs, where its break is counted (the coverage
    # estimate and the calibration's predictions read only the sites on a function's statements)
    traced = summary(code)["Solver.forward"]
    assert traced.statements == (6, 10) and [b.line for b in traced.breaks] == [6]


def test_the_optimizers_own_cuda_graph_health_check_breaks_in_a_traced_step():
    """constructs.py "Optimizer._cuda_graph_capture_health_check() in traced code" (torch-adopt's
    ``ADOPT.step``; timm's optimizers call it too): torch.optim.Optimizer's method is marked as
    skipped (GB0007), resumed. A class that defines its own is not torch's."""
    code = ("import torch\n\nclass Adopt(torch.optim.Optimizer):\n    @torch.no_grad()\n"
            "    def step(self, closure=None):\n        self._cuda_graph_capture_health_check()\n"
            "        for group in self.param_groups:\n            for p in group['params']:\n"
            "                p.add_(p.grad, alpha=-group['lr'])\n\n"
            "opt = Adopt([torch.zeros(2)], {'lr': 0.1})\nstep = torch.compile(opt.step)\n")
    assert _nm4(code) == [(6, "NM404", "GB0007")]
    own = code.replace("    @torch.no_grad()", "    def _cuda_graph_capture_health_check(self):\n        pass\n\n"
                       "    @torch.no_grad()")
    assert _nm4(own) == []


def test_a_branch_on_a_value_drawn_from_pythons_random_breaks():
    """constructs.py "if on a random.Random instance's draw", "a random.Random instance's draw in an
    and, the other side a tensor (kron-torch's balance)", "if on random.randint", "if on
    random.randrange, bare": Dynamo makes the drawn number a graph input, and a branch on it is
    data-dependent (GB0170, resumed). The draw as a number, or as the last operand of a bound
    ``and`` (its value, not a test), is traced."""
    code = ("import random\nimport torch\nfrom torch import nn\n\nclass Drop(nn.Module):\n"
            "    def __init__(self):\n        super().__init__()\n        self.rng = random.Random(42)\n\n"
            "    def forward(self, x):\n        do = x.sum() > 0\n"
            "        balance = self.rng.random() < 0.01 and do\n"
            "        keep = x.dim() > 1 and self.rng.random() < 0.5\n"
            "        y = x * self.rng.uniform(0, 1)\n"
            "        if random.randint(0, 3) == 1:\n            y = y + 1\n"
            "        return y if random.randrange(2) else -y\n")
    assert _nm4(code) == [(12, "NM402", "GB0170"), (15, "NM402", "GB0170"), (17, "NM402", "GB0170")]
    # an object of the project's own named Random is not the standard library's
    own = code.replace("self.rng = random.Random(42)", "self.rng = Random(42)").replace(
        "class Drop", "class Random:\n    def __init__(self, seed):\n        self.seed = seed\n\n"
        "    def random(self):\n        return 0.5\n\nclass Drop")
    assert [f[0] for f in _nm4(own)] == [22, 24]


def test_a_test_of_a_flag_gated_by_a_draw_is_not_a_break_of_every_call():
    """kron-torch's ``balance = self.rng.random() < 0.01 and do_update``, then ``if grad.dim() > 1
    and balance:`` (``kron.py:215``, refuted in held_out_20): Dynamo breaks at the draw and resumes
    with ``balance`` False wherever the draw fails, a constant test; a later test of the tensor
    itself (``if do_update:``) is a break of every call."""
    code = ("import random\nimport torch\n\nclass Kron(torch.optim.Optimizer):\n"
            "    def __init__(self, params):\n        super().__init__(params, {})\n"
            "        self.rng = random.Random(42)\n        self.counter = torch.tensor(0)\n\n"
            "    @torch.no_grad()\n    def step(self, closure=None):\n"
            "        do_update = self.counter >= 1\n"
            "        balance = self.rng.random() < 0.01 and do_update\n"
            "        grad = self.param_groups[0]['params'][0].grad\n"
            "        if grad.dim() > 1 and balance:\n            grad.mul_(2)\n"
            "        if do_update:\n            grad.add_(1)\n\n"
            "opt = Kron([torch.zeros(2, 2)])\nstep = torch.compile(opt.step)\n")
    assert _nm4(code) == [(13, "NM402", "GB0170"), (17, "NM402", "GB0170")]


def test_a_slice_by_a_tensor_attributes_element_in_a_comprehension_breaks():
    """constructs.py "slice bounds from a tensor attribute's elements, zipped, in a list comprehension
    (psgd-torch's delta[j - i:j])": the bound's ``__index__`` reads the value, and Dynamo cannot
    resume the comprehension's zip ("Missing tp_iternext", GB4347, the frame run eagerly); in a
    ``for`` loop it is GB0124. The elements used as numbers are traced ("... used as numbers")."""
    code = ("import torch\n\nclass LRA(torch.optim.Optimizer):\n    def __init__(self, params):\n"
            "        self._params = list(params)\n        self._sizes = [torch.numel(p) for p in self._params]\n"
            "        self._cumsizes = torch.cumsum(torch.tensor(self._sizes), 0)\n\n"
            "    @torch.no_grad()\n    def step(self, closure=None):\n"
            "        delta = torch.cat([p.grad.reshape(-1) for p in self._params])\n"
            "        [p.sub_(delta[j - i:j].view_as(p)) for (p, i, j) in zip(self._params, self._sizes, self._cumsizes)]\n\n"
            "opt = LRA([torch.zeros(3)])\nstep = torch.compile(opt.step)\n")
    assert _nm4(code) == [(12, "NM401", "GB4347")]
    assert _nm4(code.replace("delta[j - i:j].view_as(p)", "j")) == []
    loop = code.replace("        [p.sub_(delta[j - i:j].view_as(p)) for (p, i, j) in zip(self._params, self._sizes, "
                        "self._cumsizes)]\n", "        for (p, i, j) in zip(self._params, self._sizes, self._cumsizes):\n"
                        "            p.sub_(delta[j - i:j].view_as(p))\n")
    assert _nm4(loop) == [(13, "NM401", "GB0124")]
    # enumerate of such a tensor (constructs.py "enumerate over a tensor's elements as slice bounds
    # (ranking-metrics-torch's dcg_at)": GB0124 at the slice, the rest of the frame eager)
    counted = code.replace("        [p.sub_(delta[j - i:j].view_as(p)) for (p, i, j) in zip(self._params, self._sizes, "
                           "self._cumsizes)]\n", "        for n, j in enumerate(self._cumsizes):\n"
                           "            self._params[n].sub_(delta[:j].sum())\n")
    assert _nm4(counted) == [(13, "NM401", "GB0124")]
    assert _nm4(counted.replace("delta[:j]", "delta[:n]")) == []  # the count is a Python int


def test_a_test_of_an_attribute_constant_by_default_short_circuits():
    """psgd-torch's ``if (self._preconditioner_type != "Newton") and ((torch.rand([]) < p) or ...)``
    with ``preconditioner_type="Newton"`` (``psgd.py:878``, refuted in held_out_20): a default
    construction makes the first operand False, and Dynamo never evaluates the tensor test. A
    call of the file that passes the keyword makes the value unknown."""
    code = ("import torch\n\nclass LRA(torch.optim.Optimizer):\n"
            "    def __init__(self, params, preconditioner_type='Newton'):\n"
            "        super().__init__(params, {})\n        self._preconditioner_type = preconditioner_type\n\n"
            "    @torch.no_grad()\n    def step(self, closure=None):\n        p = self.param_groups[0]['params'][0]\n"
            "        if (self._preconditioner_type == 'Newton') and (torch.rand([]) < 0.1):\n            p.mul_(2)\n"
            "        if (self._preconditioner_type != 'Newton') and (torch.rand([]) < 0.1):\n            p.mul_(3)\n\n"
            "opt = LRA([torch.zeros(2)])\nstep = torch.compile(opt.step)\n")
    def off(source):
        return [(f.line, "off by default" in f.message) for f in findings_of(source) if f.code == "NM402"]
    assert off(code) == [(11, False), (13, True)]
    given = code.replace("opt = LRA([torch.zeros(2)])", "opt = LRA([torch.zeros(2)], preconditioner_type='whitening')")
    assert off(given) == [(11, False), (13, False)]
    by_position = code.replace("opt = LRA([torch.zeros(2)])", "kind = 'whitening'\nopt = LRA([torch.zeros(2)], kind)")
    assert off(by_position) == [(11, False), (13, False)]


def test_a_test_of_an_optimizer_step_count_read_with_get_value_breaks():
    """constructs.py "a test of torch.optim's _get_value of a step tensor (torch-adopt's if step == 0:)":
    under Dynamo ``_get_value(x)`` is ``x`` itself, here an element of ``state_steps: List[Tensor]``
    (GB0170, in the loop: the function run eagerly). Used as a number it is traced ("... used as a
    number"); an element of a ``List[int]`` is no tensor."""
    code = ("from typing import List\n\nimport torch\nfrom torch import Tensor\n"
            "from torch.optim.optimizer import _get_value\n\n\n"
            "def _single(params: List[Tensor], state_steps: List[Tensor], capturable: bool = False):\n"
            "    for i, param in enumerate(params):\n        step_t = state_steps[i]\n"
            "        step = step_t if capturable else _get_value(step_t)\n"
            "        if step == 0:\n            param.add_(1)\n            continue\n"
            "        param.mul_(1 - 0.9 ** step)\n\n\nf = torch.compile(_single)\n")
    assert _nm4(code) == [(12, "NM402", "GB0170")]
    assert _nm4(code.replace("state_steps: List[Tensor]", "state_steps: List[int]")) == []


def test_reading_a_grad_fn_gives_up_on_the_frame():
    """constructs.py "grad_fn of an op's result read, with grad" and "... of a global tensor with a
    grad_fn" (Torch-Pruning's dependency graph): GB0104, the frame skipped; under no_grad the
    tensor has no grad_fn and the read is traced ("grad_fn read under no_grad")."""
    code = ("import torch\n\n@torch.compile\ndef trace(model, x):\n    out = model(x)\n"
            "    root = out.grad_fn\n    return root, out.grad_fn\n")
    assert _nm4(code) == [(6, "NM404", "GB0104")]  # one: the frame is given up at the first
    quiet = code.replace("    out = model(x)\n    root = out.grad_fn\n",
                         "    with torch.no_grad():\n        out = model(x)\n        root = out.grad_fn\n"
                         ).replace("root, out.grad_fn", "root")
    assert _nm4(quiet) == []
    decorated = code.replace("@torch.compile\n", "@torch.compile\n@torch.no_grad()\n")
    assert _nm4(decorated) == []
    stored = code.replace("    root = out.grad_fn\n    return root, out.grad_fn\n",
                          "    out.grad_fn_name = 'x'\n    return out\n")
    assert _nm4(stored) == []


def test_numpy_index_iterators_are_not_traced():
    """constructs.py "for over np.ndindex(shape)", "for over np.ndenumerate" (fast-bss-eval's
    helpers): GB0008 at the loop, the frame skipped."""
    code = ("import numpy as np\nimport torch\n\n@torch.compile\ndef each(x):\n"
            "    for m in np.ndindex(x.shape[:1]):\n        x[m] = x[m] * 2\n    return x\n")
    assert _nm4(code) == [(6, "NM404", "GB0008")]
    assert "runs all of" in [f for f in findings_of(code) if f.code == "NM404"][0].message
    ranges = code.replace("np.ndindex(x.shape[:1])", "range(x.shape[0])")
    assert _nm4(ranges) == []


def test_pywavelets_compiled_classes_and_functions_break_where_called():
    """constructs.py "pywt.Wavelet built in traced code", "pywt.DiscreteContinuousWavelet ...",
    "pywt.wavelist ..." (GB0156 at the call, resumed): ptwt's ``_as_wavelet`` builds ``pywt.Wavelet(name)``.
    ``pywt.dwt_max_level`` breaks inside PyWavelets' own file, ``pywt.threshold`` on NumPy, and a
    wavelet handed in is read without a break ("a pywt.Wavelet built outside ..."): none is judged."""
    code = ("import torch\nimport pywt\nfrom pywt import DiscreteContinuousWavelet as DCW\n\n@torch.compile\n"
            "def f(x, name: str, wav):\n    a = pywt.Wavelet(name)\n    b = DCW(name)\n"
            "    n = pywt.dwt_max_level(64, 4)\n    c = pywt.threshold(x, 0.5)\n"
            "    return x * wav.dec_len * len(pywt.wavelist())\n")
    assert _nm4(code) == [(7, "NM404", "GB0156"), (8, "NM404", "GB0156"), (11, "NM404", "GB0156")]
    assert "PyWavelets' compiled (Cython) code" in next(f.message for f in findings_of(code) if f.line == 7)
    local = code.replace("import pywt\n", "import pywt\n\ndef Wavelet(n):\n    return n\n\n").replace("pywt.Wavelet(", "Wavelet(")
    assert [f.line for f in findings_of(local) if f.code == "NM404"] == [12, 15]


def test_scipy_calls_in_traced_code_break():
    """constructs.py "scipy.fftpack.next_fast_len of a Python int" (gated-state-spaces' fft_conv:
    a skipped C function, GB0007), "scipy.special.gammaln of a Python float" (GB0156),
    "scipy.signal.get_window" (GB0157), "scipy.signal.savgol_coeffs of Python numbers" (torch-dxdt's
    SavitzkyGolay: GB0294 in SciPy's array API check), "scipy.signal.butter of Python numbers" (GB0208); a
    project function named like one is its own."""
    code = ("import torch\nimport scipy.special\nimport scipy.signal\nfrom scipy.fftpack import next_fast_len\n\n"
            "@torch.compile\ndef conv(x):\n    n = next_fast_len(x.shape[-1] * 2)\n"
            "    c = scipy.special.gammaln(3.0)\n    w = scipy.signal.get_window('hann', 8)\n"
            "    k = scipy.signal.savgol_coeffs(9, 3, deriv=1)\n    b, a = scipy.signal.butter(2, 0.3)\n"
            "    return torch.fft.rfft(x, n=n) * c, w, k, b\n")
    assert _nm4(code) == [(8, "NM404", "GB0007"), (9, "NM404", "GB0156"), (10, "NM404", "GB0157"),
                          (11, "NM404", "GB0294"), (12, "NM404", "GB0208")]
    own = ("import torch\n\ndef next_fast_len(n):\n    return n\n\n"
           "@torch.compile\ndef conv(x):\n    return torch.fft.rfft(x, n=next_fast_len(x.shape[-1]))\n")
    assert _nm4(own) == []


def test_a_zero_d_tensor_used_as_an_index_is_read_on_the_host():
    """constructs.py "store through a 0-d element of a cartesian_prod row" (openunmix's Wiener
    filter), "for over torch.arange, the element as an index", "an element of torch.arange as an
    index": GB0033. A row of a 2-d index tensor ("tensor indexed by a row of a 2-d index tensor"),
    a slice, and a name bound twice are not known 0-d."""
    code = ("import torch\n\n@torch.compile\ndef mix(x, y):\n    w = torch.zeros(4, 2, 2)\n"
            "    for index in torch.cartesian_prod(torch.arange(2), torch.arange(2)):\n"
            "        w[:, index[0], index[1]] = y[:, index[0]]\n"
            "    for i in torch.arange(3):\n        x = x + y[i]\n"
            "    idx = torch.arange(3)\n    return x[idx[-1]] + w.sum()\n")
    assert _nm4(code) == [(7, "NM401", "GB0033"), (9, "NM401", "GB0033"), (11, "NM401", "GB0033")]
    named = code.replace("    for index in torch.cartesian_prod(torch.arange(2), torch.arange(2)):\n",
                         "    rows = torch.cartesian_prod(torch.arange(2), torch.arange(2))\n    for index in rows:\n")
    assert _nm4(named) == [(8, "NM401", "GB0033"), (10, "NM401", "GB0033"), (12, "NM401", "GB0033")]
    rows = ("import torch\n\n@torch.compile\ndef pick(x, y):\n    order = torch.argsort(x, dim=1)\n"
            "    idx = torch.arange(3)\n    a = y[:, order[1]] + y[idx[0:2]].sum()\n"
            "    for index in torch.cartesian_prod(torch.arange(2)):\n        a = a + y[index[0]]\n"
            "    j = torch.arange(2)\n    j = j.tolist()\n    return a + y[j[0]]\n")
    assert [f for f in _nm4(rows) if f[2] == "GB0033"] == []


def test_a_grad_fn_of_what_is_no_tensor_or_has_none_is_no_break():
    """Torch-Pruning's ``reshape_node.grad_fn`` (a parameter annotated with its own Node class, an
    object holding a grad_fn) and torchmin's ``grad.grad_fn is None`` check of a
    ``torch.autograd.grad`` result taken without ``create_graph=True`` (no grad_fn, no break)."""
    code = ("import torch\n\nclass Node:\n    grad_fn = None\n\n@torch.compile\ndef sizes(node: Node):\n"
            "    return node.grad_fn\n")
    assert _nm4(code) == []
    code = ("import torch\n\n@torch.compile\ndef check(f, x, hess):\n"
            "    grad = torch.autograd.grad(f, x, create_graph=hess)[0]\n"
            "    if grad.grad_fn is None:\n        return grad\n    return grad * 2\n")
    assert [f for f in _nm4(code) if f[2] == "GB0104"] == []
    assert [f for f in _nm4(code.replace("create_graph=hess", "create_graph=True")) if f[2] == "GB0104"] \
        == [(6, "NM404", "GB0104")]


def test_an_autograd_functions_forward_runs_where_it_is_applied():
    """constructs.py "custom autograd Function, .item() below its forward": Dynamo traces
    ``Fn.apply(x)``'s forward and breaks at the .item() below it (torchkbnufft's interpolation);
    the forward's first parameter is the autograd context, no tensor."""
    code = ("import torch\nfrom torch import nn\n\n\ndef scale(x):\n    return x.sum().item()\n\n\n"
            "class ScaleByMax(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
            "        if ctx.needs_input_grad[0]:\n            ctx.save_for_backward(x)\n"
            "        return x * scale(x)\n\n    @staticmethod\n    def backward(ctx, g):\n        return g\n\n\n"
            "class Net(nn.Module):\n    def forward(self, x):\n        return ScaleByMax.apply(x) + 1\n")
    assert codes(code) == [(6, "NM401")]


CHECKPOINTED = '''import numpy as np
import torch
from torch import nn


class Checkpoint(torch.autograd.Function):
    @staticmethod
    def forward(ctx, run, x, *params):
        ctx.run, ctx.x, ctx.params = run, x, params
        with torch.no_grad():
            return run(x)

    @staticmethod
    def backward(ctx, grad):
        x = ctx.x.detach().requires_grad_(True)
        with torch.enable_grad():
            out = ctx.run(x)
        flat = grad.reshape(int(np.prod(grad.size())))
        return (None, *torch.autograd.grad(out, (x, *ctx.params), flat.view_as(grad)))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return Checkpoint.apply(self.lin, x, *self.lin.parameters())
'''


def test_an_autograd_functions_backward_is_traced_where_it_is_applied():
    """constructs.py "custom autograd Function, torch.autograd.grad in its backward ... with
    gradients (training)": Dynamo traces the backward where ``.apply`` runs with gradients and
    breaks at its ``torch.autograd.grad`` (GB9186), not at the ``requires_grad_`` before it; the
    backward's parameters after the context are the outputs' gradients. ``np.prod(grad.size())``
    multiplies sizes (no tensor read)."""
    assert codes(CHECKPOINTED) == [(19, "NM404")]
    message = next(f.message for f in findings_of(CHECKPOINTED) if f.line == 19)
    assert "`Checkpoint.backward`, which Dynamo traces where `.apply` runs with gradients" in message
    assert "torch.utils.checkpoint.checkpoint" in message


def test_torch_functions_returning_python_values_break():
    """constructs.py "torch.get_num_threads()", "int(torch.get_num_threads())" (torchkbnufft's
    interpolation), "torch.get_num_interop_threads()", "torch.initial_seed()",
    "torch.get_float32_matmul_precision()": GB0208; torch.get_default_dtype() and
    torch.is_grad_enabled() are folded by Dynamo (no break)."""
    code = ("import torch\n\n@torch.compile\ndef interp(x):\n    n = int(torch.get_num_threads())\n"
            "    p = torch.get_float32_matmul_precision()\n    d = torch.get_default_dtype()\n"
            "    g = torch.is_grad_enabled()\n    return x.to(d) * n * len(p) * g\n")
    assert _nm4(code) == [(5, "NM404", "GB0208"), (6, "NM404", "GB0208")]


def test_a_dtype_by_type_promotion_breaks():
    """torch-sla's sparse matmul: ``out_dtype = torch.result_type(self.values, x)`` (constructs.py "torch.result_type
    of two tensors", "... of a tensor and a number", "torch.can_cast of two dtypes": GB0208, resumed);
    ``torch.promote_types`` of two dtypes is folded (no break)."""
    code = ("import torch\n\n@torch.compile\ndef spmv(values, x):\n    d = torch.result_type(values, x)\n"
            "    e = torch.promote_types(values.dtype, x.dtype)\n    ok = torch.can_cast(d, e)\n"
            "    return (values * x).to(d) * ok\n")
    assert _nm4(code) == [(5, "NM404", "GB0208"), (7, "NM404", "GB0208")]


def test_a_backend_asked_whether_it_is_available_breaks():
    """constructs.py "torch.backends.mkl.is_available()", "torch.backends.openmp.is_available()",
    "torch.backends.cudnn.is_available()", "torch.backends.mps.is_available()": GB0208, resumed
    (dbini-torch's normal integration tests MKL before its sparse solve); CUDA's
    ``torch.cuda.is_available()`` is folded (a guard, NM103's)."""
    code = ("import torch\n\n@torch.compile\ndef integrate(x):\n"
            "    if x.device.type == 'cpu' and not torch.backends.mkl.is_available():\n"
            "        raise RuntimeError('needs MKL')\n    n = torch.backends.openmp.is_available()\n"
            "    c = torch.backends.cudnn.is_available()\n    m = torch.backends.mps.is_available()\n"
            "    return x * 2 * n * c * m\n")
    assert _nm4(code) == [(5, "NM404", "GB0208"), (7, "NM404", "GB0208"), (8, "NM404", "GB0208"),
                          (9, "NM404", "GB0208")]


def test_gc_collect_in_traced_code_breaks():
    """constructs.py "gc.collect() in traced code", "a helper calling gc.collect() and
    torch.cuda.empty_cache() (torchfsm's clean_up_memory)": GB0007, resumed; the cache call after
    it is traced."""
    code = ("import gc\nimport torch\n\ndef clean_up_memory():\n    gc.collect()\n    torch.cuda.empty_cache()\n\n"
            "@torch.compile\ndef integrate(x):\n    y = x * 2\n    clean_up_memory()\n    return y + 1\n")
    assert _nm4(code) == [(5, "NM404", "GB0007")]


def test_np_random_choice_breaks_with_a_size():
    """constructs.py "np.random.choice with a size, replace=False", "np.random.choice with a size"
    (kmeans-pytorch's initial centres): GB0033, as without a size; np.random.uniform with a size is
    traced."""
    code = ("import numpy as np\nimport torch\n\n@torch.compile\ndef initialize(x, k):\n"
            "    i = np.random.choice(len(x), k, replace=False)\n"
            "    u = np.random.uniform(0, 1, size=(4, 8))\n    return x[i] * torch.from_numpy(u)\n")
    assert _nm4(code) == [(6, "NM404", "GB0033")]


def test_numpy_random_functions_dynamo_does_not_map_break_with_or_without_a_size():
    """constructs.py "np.random.beta without a size (mixup's mixing ratio)", "np.random.beta with a
    size", "np.random.gamma", "np.random.binomial", "np.random.get_state": GB0294; np.random.seed and
    the draws torch._numpy.random maps (np.random.uniform with a size) are traced. Not in a function
    torch.compile does not reach."""
    code = ("import numpy as np\nimport torch\n\n@torch.compile\ndef mix(x):\n"
            "    lam = np.random.beta(1.0, 1.0)\n    g = np.random.gamma(2.0, size=(4, 8))\n"
            "    np.random.seed(0)\n    u = np.random.uniform(0, 1, size=(4, 8))\n"
            "    return x * lam * torch.from_numpy(g * u)\n\n"
            "def draw(a):\n    return np.random.beta(1.0, 1.0) * a\n")
    assert _nm4(code) == [(6, "NM404", "GB0294"), (7, "NM404", "GB0294")]


def test_a_loop_over_a_progress_bar_bound_to_a_name_skips_the_frame():
    """constructs.py "for over a tqdm bound to a name (pytorch-gmm's train)": GB0007 where it is built,
    GB0008 at the loop (the frame skipped). A name also bound to a list, or a parameter, is not."""
    code = ("import torch\nfrom tqdm import tqdm\n\n@torch.compile\ndef fit(x):\n"
            "    bar = tqdm(range(3), desc='fit')\n    for _ in bar:\n        x = x * 2\n    return x\n")
    assert _nm4(code) == [(6, "NM404", "GB0007"), (7, "NM404", "GB0008")]
    rebound = code.replace("    for _ in bar:", "    if x.dim() > 3:\n        bar = [1, 2]\n    for _ in bar:")
    assert _nm4(rebound) == [(6, "NM404", "GB0007")]
    given = ("import torch\n\n@torch.compile\ndef fit(x, bar):\n    for _ in bar:\n        x = x * 2\n"
             "    return x\n")
    assert _nm4(given) == []


def test_requires_grad_set_on_a_modules_parameters_breaks():
    """constructs.py "requires_grad set on a module's parameters (sliced-wasserstein's set_training)",
    "requires_grad set on named_parameters()": GB0206, the frame skipped; `requires_grad_()` on them
    is traced. A loop variable over anything else is not taken for a parameter."""
    code = ("import torch\nimport torch.nn as nn\n\nclass Net(nn.Module):\n"
            "    def __init__(self):\n        super().__init__()\n        self.lin = nn.Linear(4, 4)\n\n"
            "    def forward(self, x):\n        for p in self.parameters():\n            p.requires_grad = True\n"
            "        for _, q in self.lin.named_parameters():\n            q.requires_grad = False\n"
            "        for p in self.parameters():\n            p.requires_grad_(True)\n"
            "        for o in self.lin.children():\n            o.requires_grad = True\n"
            "        return self.lin(x)\n")
    assert _nm4(code) == [(11, "NM404", "GB0206"), (13, "NM404", "GB0206")]



def test_a_tensor_formatted_with_percent_skips_the_frame():
    """constructs.py "a tensor formatted with % (bicgstab's residual logged)": GB0033, "... with %s": GB0208,
    the frame skipped either way (the test after it is reported, as a hazard Dynamo does not reach). A
    number formatted is none."""
    code = ("import torch\n\n@torch.compile\ndef solve(x, n: int):\n    r = torch.linalg.norm(x)\n"
            "    print_me = 'n=%d' % n\n    text = 'r=%8.2e' % r\n    if r > 1:\n        x = x / r\n    return x\n")
    assert _nm4(code) == [(7, "NM401", "GB0033"), (8, "NM402", "GB0170")]
    assert "runs all of `solve` eagerly" in next(f.message for f in findings_of(code) if f.line == 7)
    assert _nm4(code.replace("'r=%8.2e' % r", "'r=%s, n=%d' % (r, n)"))[0] == (7, "NM401", "GB0208")


def test_a_tensor_comparison_bound_through_or_breaks():
    """constructs.py "a tensor comparison bound through `or` (bicgstab's stopping test)": GB0170, resumed.
    Not the last operand (its value is bound, not tested), nor a name that may hold anything."""
    code = ("import torch\n\n@torch.compile\ndef solve(x, n: int, out=None):\n    r = torch.linalg.norm(x)\n"
            "    done = r <= 1e-3 or n >= 10\n    late = n >= 10 or r <= 1e-3\n    kind = out or x\n"
            "    return x * r\n")
    assert _nm4(code) == [(6, "NM402", "GB0170")]


def test_resizing_a_tensor_in_place_breaks():
    """constructs.py "resize_as_ on an intermediate" (GB0127), "resize_as_ on an argument of a helper"
    (GB0148; torchsparsegradutils' _linear_cg_updates)."""
    code = ("import torch\n\ndef update(beta, r):\n    beta.resize_as_(r).copy_(r)\n    return beta\n\n"
            "@torch.compile\ndef cg(x):\n    beta = torch.empty_like(x)\n    beta.resize_as_(x)\n"
            "    return update(beta, x * 2)\n")
    assert _nm4(code) == [(4, "NM404", "GB0148"), (10, "NM404", "GB0127")]


def test_freezing_a_modules_parameters_breaks():
    """constructs.py "requires_grad_(False) on a module's parameters": GB0125, the frame skipped (pynsm's
    pre_iteration, whose name ``param`` an earlier loop over other tensors binds too); `requires_grad_(True)`
    on them is a no-op, and `requires_grad_(False)` on anything else is left alone."""
    code = ("import torch\nimport torch.nn as nn\n\nclass Net(nn.Module):\n"
            "    def __init__(self):\n        super().__init__()\n        self.lin = nn.Linear(4, 4)\n\n"
            "    def forward(self, x, ys):\n        for param in ys:\n            param.requires_grad_(False)\n"
            "        for param in self.parameters():\n            param.requires_grad_(False)\n"
            "        for param in self.parameters():\n            param.requires_grad_(True)\n"
            "        return self.lin(x)\n")
    assert _nm4(code) == [(13, "NM404", "GB0125")]


def test_int_or_float_of_a_numpy_reduction_breaks():
    """constructs.py "float(np.max of array arithmetic) (pyniftireg's extent)", "int(np.argmin of a list of
    floats)", np.mean, np.linalg.norm, np.argmax: GB0033, resumed. A Python builtin's is none."""
    code = ("import numpy as np\nimport torch\n\n@torch.compile\ndef fit(x, shape: tuple, losses: list):\n"
            "    extent = float(np.max((np.array(shape) - 1) * 0.5))\n    best = int(np.argmin(losses))\n"
            "    top = int(max(losses))\n    return x * extent * best * top\n")
    assert _nm4(code) == [(6, "NM401", "GB0033"), (7, "NM401", "GB0033")]


def test_unsupported_standard_library_calls_break():
    """constructs.py "itertools.combinations_with_replacement" (GB0147; torch-tps' PolynomialFeatures),
    "np.ma.isMaskedArray", "np.ma.masked_invalid" (GB0007; gsw-torch's argument check); itertools'
    combinations, permutations, product and chain are traced."""
    code = ("import itertools\nimport numpy as np\nimport torch\n\n@torch.compile\ndef fit(x):\n"
            "    terms = list(itertools.chain.from_iterable(itertools.combinations_with_replacement(range(3), i)\n"
            "                                               for i in range(3)))\n"
            "    pairs = list(itertools.combinations(range(3), 2))\n    masked = np.ma.isMaskedArray(x)\n"
            "    return x * len(terms) * len(pairs)\n")
    assert _nm4(code) == [(7, "NM404", "GB0147"), (10, "NM404", "GB0007")]


def test_a_generator_argument_whose_device_the_call_reads_breaks():
    """constructs.py "torch.Generator passed in, its device read (tomesd's random partition)": GB0055. A
    generator argument with a None default that the call does not read may be None: not reported."""
    code = ("import torch\n\n@torch.compile\ndef split(x, generator: torch.Generator = None):\n"
            "    a = torch.randint(4, size=(2,), generator=generator)\n"
            "    b = torch.randint(4, size=(2,), device=generator.device, generator=generator)\n"
            "    return x + a.sum() + b.sum()\n")
    assert _nm4(code) == [(6, "NM404", "GB0055")]


def test_a_generator_parameter_or_attribute_that_cannot_be_none_breaks():
    """constructs.py "a torch.Generator parameter drawn from (torchtransform's Uniform.sample)" and "a
    torch.Generator attribute built in __init__, drawn from by a method (torchtransform's Context.rand)":
    GB0055. An annotation that allows None, a None default or an attribute also bound to something else
    may draw from the global generator: not reported ("... None given": no break)."""
    code = ("from typing import Optional\nimport torch\n\nclass Uniform:\n"
            "    def sample(self, shape, generator: torch.Generator):\n"
            "        return torch.rand(shape, generator=generator)\n\n"
            "    def maybe(self, shape, generator: Optional[torch.Generator] = None):\n"
            "        return torch.rand(shape, generator=generator)\n\n"
            "    def default(self, shape, generator: torch.Generator = None):\n"
            "        return torch.rand(shape, generator=generator)\n\n"
            "class Context:\n    def __init__(self, seed: int):\n"
            "        self.generator = torch.Generator().manual_seed(seed)\n        self.other = None\n\n"
            "    def rand(self, *shape):\n        return torch.rand(shape, generator=self.generator)\n\n"
            "    def reseed(self, seed: int):\n        self.other = torch.Generator().manual_seed(seed)\n\n"
            "    def rand_other(self, *shape):\n        return torch.rand(shape, generator=self.other)\n")
    entries = ("Uniform.sample", "Uniform.maybe", "Uniform.default", "Context.rand", "Context.rand_other")
    found = findings_of(code, options=Options(entries=tuple(f"input.py:{e}" for e in entries)))
    assert [(f.line, f.code, f.dynamo) for f in found if f.code.startswith("NM4")] == [
        (6, "NM404", "GB0055"), (20, "NM404", "GB0055")]


def test_a_tensors_bound_method_called_after_a_break_breaks():
    """constructs.py "a tensor's bound method called after a break (linear_cg's matmul_closure)": GB0007;
    "callable() of a tensor's bound method, then the method called (lsmr's Armat)": GB0059, then GB0007;
    "a tensor's bound method called" before any break: none (bicgstab's first ``op(x)``). A break in a
    branch (a warning) is not on every path: the call after it is not reported."""
    code = ("import warnings\nimport torch\n\n@torch.compile\ndef solve(A: torch.Tensor, b, n: int = 3):\n"
            "    if torch.is_tensor(A):\n        A = A.matmul\n    r = b - A(b)\n    if n == 0:\n"
            "        warnings.warn('no steps')\n    q = b - A(r)\n    if not bool(r.sum() > 0):\n"
            "        raise ValueError('r')\n    return A(r) + q\n")
    assert _nm4(code) == [(10, "NM403", "GB0007"), (12, "NM401", "GB0124"), (14, "NM404", "GB0007")]
    checked = code.replace("    r = b - A(b)\n", "    elif not callable(A):\n        raise TypeError\n    r = b - A(b)\n")
    assert _nm4(checked)[:2] == [(8, "NM404", "GB0059"), (10, "NM404", "GB0007")]

def test_numpys_errstate_and_index_tricks_break():
    """constructs.py "np.errstate entered (widestats' standardise)": GB0142, the frame skipped (the
    branch after it is reported, as a hazard Dynamo does not reach); "np.r_ of arrays", "np.c_ of
    arrays": GB0008, resumed. np.concatenate is traced."""
    code = ("import numpy as np\nimport torch\n\n@torch.compile\ndef knots(x, n: int):\n"
            "    k = torch.tensor(np.r_[np.zeros(2), np.arange(1, n)])\n"
            "    j = torch.tensor(np.concatenate([np.zeros(2), np.arange(1, n)]))\n"
            "    with np.errstate(invalid='ignore'):\n        z = np.ones(3) / np.zeros(3)\n"
            "    if x.sum() > 0:\n        x = x + 1\n    return x * k.sum() * j.sum()\n")
    assert _nm4(code) == [(6, "NM404", "GB0008"), (8, "NM404", "GB0142"), (10, "NM402", "GB0170")]
    assert "runs all of `knots` eagerly" in next(f.message for f in findings_of(code) if f.line == 8)


def test_a_count_or_split_sizes_read_from_a_tensor_break():
    """constructs.py "range() of a tensor's max + 1 (pytorch-tree-lstm's levels)": GB0059; "torch.split by
    a tuple of a tensor's elements": GB0033, the first split alone ("..., twice": after that break the
    elements are the resumed frame's inputs). A shape's count and a tuple of ints are none."""
    code = ("import torch\n\n@torch.compile\ndef levels(x, order, parents):\n"
            "    for n in range(order.max() + 1):\n        x = x + n\n    for i in range(x.shape[0]):\n"
            "        x = x * 2\n    _, counts = torch.unique_consecutive(parents, return_counts=True)\n"
            "    counts = tuple(counts)\n    a = torch.split(x, counts)\n    b = torch.split(x * 2, counts)\n"
            "    c = torch.split(x, tuple([1, 3]))\n    return a[0] + b[0] + c[0]\n")
    assert [h for h in _nm4(code) if h[1] == "NM401"] == [(5, "NM401", "GB0059"), (11, "NM401", "GB0033")]


RESUMED = '''import copy
import warnings

import torch


class Sampler(object):
    def __init__(self, x, func):
        self.x, self.func = x, func
        self.optim = torch.optim.SGD([x], lr=0.1)

    def sample(self):
        self.optim.zero_grad()
        loss = self.func(self.x)
        loss.backward()
        return copy.deepcopy(self.x.data), loss.item()

    def sample_given(self, t):
        self.optim.zero_grad()
        loss = self.func(self.x) * t
        loss.backward()
        return loss.item()

    def sample_named(self):
        self.optim.zero_grad()
        loss = self.func(self.x)
        loss.backward()
        return torch.zeros(1), loss.item()

    def warned(self):
        warnings.warn("slow")
        y = self.x * 2
        return y.item()


sampler = Sampler(torch.zeros(2, requires_grad=True), lambda x: (x * x).sum())
step, given, named, warned = (torch.compile(sampler.sample), torch.compile(sampler.sample_given),
                              torch.compile(sampler.sample_named), torch.compile(sampler.warned))
'''


def test_the_frame_resumed_without_a_tensor_or_torch_is_not_traced():
    """constructs.py --resume-frames (langevin-sampling's ``LangevinDynamics.sample``): after the break
    at ``zero_grad()`` in a plain object's method taking only ``self``, Dynamo does not trace the frame
    it resumes in (no tensor in it, no torch module named): the rest runs eagerly, no further break; so
    after ``warnings.warn(...)``. With a tensor argument, or ``torch`` named in the method, it does."""
    messages = {f.line: f.message for f in findings_of(RESUMED) if f.code in ("NM403", "NM404")}
    assert "the rest of `Sampler.sample` runs eagerly" in messages[13]
    assert "runs eagerly" not in messages[19] and "runs eagerly" not in messages[25]
    assert "the rest of `Sampler.warned` runs eagerly" in messages[31]


def test_the_frame_resumed_in_a_method_of_an_abstract_class_is_not_traced_either():
    """constructs.py --resume-frames, ``AbstractSampler``: a class deriving from ``abc.ABC`` holds no tensor
    or module either, so after the break at ``zero_grad()`` in its method taking only ``self`` the rest runs
    eagerly (torch-numopt's ``ObjectiveFunction.closure``: its ``loss.backward()`` never breaks, measured)."""
    for base in ("ABC", "abc.ABC"):
        code = RESUMED.replace("import copy\n", "import abc\nimport copy\nfrom abc import ABC\n").replace(
            "class Sampler(object):", f"class Sampler({base}):")
        messages = {f.line - 2: f.message for f in findings_of(code) if f.code in ("NM403", "NM404")}
        assert "the rest of `Sampler.sample` runs eagerly" in messages[13], base
        assert "runs eagerly" not in messages[19]


def test_a_progress_bar_built_in_traced_code_breaks_once():
    """constructs.py "tqdm(desc=...) built in traced code" (kmeans-pytorch's loop): GB0007 at the
    construction; a `for` over tqdm(...) is reported once, as the loop's (GB0008, frame skipped)."""
    code = ("import torch\nfrom tqdm import tqdm\n\n@torch.compile\ndef fit(x):\n"
            "    bar = tqdm(desc='fit')\n    return x * 2\n")
    assert _nm4(code) == [(6, "NM404", "GB0007")]
    loop = ("import torch\nfrom tqdm import tqdm\n\n@torch.compile\ndef fit(x):\n"
            "    for i in tqdm(range(3)):\n        x = x * 2\n    return x\n")
    assert _nm4(loop) == [(6, "NM404", "GB0008")]
    own = code.replace("from tqdm import tqdm\n", "def tqdm(desc):\n    return desc\n")
    assert _nm4(own) == []


def test_numpy_values_in_traced_code_are_traced_as_tensors():
    """constructs.py "if on elements of np.cumprod of a list" (diffwave's fast sampling schedule:
    GB0170, frame skipped in a loop) and "ndarray of np.arange indexed by a comparison" (torch-ac's
    batch indexes: GB0036): NumPy of Python data is traced too. A name only handed to NumPy may
    be an int (diffusers' `embed_dim % 2`), and a draw without a size is a Python number after its
    own break: neither is reported."""
    code = ("import numpy as np\nimport torch\n\ndef sincos(embed_dim):\n"
            "    if embed_dim % 2 != 0:\n        raise ValueError('odd')\n"
            "    return np.arange(embed_dim // 2)\n\n@torch.compile\ndef schedule(x, p):\n"
            "    w = sincos(4)\n"
            "    c = np.cumprod(1 - np.array([0.1, 0.2, 0.3]))\n    n = 0\n"
            "    if c[1] <= c[0]:\n        n += 1\n"
            "    a = np.arange(0, 8, 2)\n    a = a[(a + p) % 4 != 0]\n"
            "    r = np.random.rand()\n    if r < 0.5:\n        n += 1\n"
            "    return x * n * len(a) * len(w)\n")
    got = [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code[:3] in ("NM3", "NM4")]
    assert got == [(14, "NM402", "GB0170"), (17, "NM301", "GB0036"), (18, "NM404", "GB0033")]
    host = code.replace("@torch.compile\n", "")  # NumPy in eager code is the host's business
    assert [f for f in findings_of(host) if f.code[:3] in ("NM3", "NM4")] == []


def test_the_rows_of_tensors_zipped_are_tensors():
    """constructs.py "int() of the rows of two tensors zipped": GB0124 at the int(), the frame
    skipped in the loop (torchkbnufft's pad sizes). Only an iterable that is surely a tensor (made
    in the function or annotated) gives tensors: a forward's parameters zipped may be lists of
    objects (detectron2's proposals and targets)."""
    code = ("import torch\nfrom torch import Tensor, nn\n\n\n@torch.compile\ndef pads(grid: Tensor, im: Tensor, names):\n"
            "    sizes = []\n    for gd, i, name in zip(grid.flip((0,)), im, names):\n        sizes.append(int(gd - i))\n"
            "        if name.startswith('x'):\n            sizes.append(0)\n    return sizes\n\n\n"
            "class Heads(nn.Module):\n    def forward(self, proposals, targets):\n"
            "        for p, t in zip(proposals, targets):\n            if p.has('gt'):\n                p.set('gt', t)\n"
            "        return proposals\n")
    assert codes(code) == [(9, "NM401")]


def test_a_branch_on_a_numpy_result_breaks_even_of_python_values():
    """constructs.py "if on np.isposinf of a Python float", "if on np.isinf of a size", "if on
    np.prod of a shape compared": Dynamo traces NumPy as tensor ops, so a branch on a NumPy
    result is data-dependent (GB0170) whatever its argument (nara-wpe's
    ``if np.isposinf(psd_context):``); ``np.ndim`` gives a Python value."""
    code = ("import numpy as np\nimport torch\n\n\n@torch.compile\ndef inverse(signal, psd_context=np.inf):\n"
            "    power = torch.mean(torch.abs(signal) ** 2, dim=-2)\n    if np.isposinf(psd_context):\n"
            "        return power\n    return power * 2 if np.prod(signal.shape) > 4 else power\n\n\n"
            "@torch.compile\ndef plain(x):\n    if np.ndim(x) > 1:\n        return x\n    return x * 2\n")
    assert codes(code) == [(8, "NM402"), (10, "NM402")]


def test_a_numpy_test_in_a_later_operand_of_an_or_that_raises_breaks():
    """constructs.py "if `or` guarding a raise, np.isfinite of a Python float a later operand" (GB0170;
    pytorch-mvgc's ``validate_parameters``, _validation.py:31): a call that returns read every operand
    of the ``or`` and found it false, so the NumPy one is reached whatever comes before it. Not after
    an ``and`` ("... `and` guarding a raise ...": no break); in an ``or`` that does not raise the break
    depends on the earlier operands' values ("... not guarding a raise": GB0170 where they are false),
    which the rule does not guess."""
    code = ("import numpy as np\nimport torch\n\n\n@torch.compile\ndef fit(x, alpha: float = 0.01):\n"
            "    y = x * 2\n"
            "    if isinstance(alpha, bool) or not np.isfinite(alpha) or alpha < 0:\n"
            "        raise ValueError('alpha')\n"
            "    if isinstance(alpha, bool) and not np.isfinite(alpha):\n        raise ValueError('alpha')\n"
            "    if isinstance(alpha, int) or not np.isfinite(alpha):\n        y = y + 1\n"
            "    return y * alpha\n")
    assert codes(code) == [(8, "NM402")]


def _in_loop(code):
    """(line, whether the finding says the loop makes Dynamo run the whole function eagerly)"""
    return [(f.line, "inside a loop" in f.message) for f in findings_of(code) if f.code.startswith("NM4")]


def test_a_break_in_a_loop_resumes_when_a_return_comes_before_the_loops_end():
    """Dynamo scans the bytecode after a break up to the first return: a jump back first (the
    loop's end, a continue) skips the frame, a return first resumes (torch's maybe_has_backedge;
    constructs.py "loop of an optimizer step, a return after the breaks", "... no return",
    "break in a loop, a return in the else of ...", "... a continue, then a return", "... a nested
    loop, then a return", "break in a nested loop, the return in the outer"; torchattacks' CW)."""
    step = ("import torch\n\n@torch.compile\ndef attack(x, w, opt):\n    for i in range(3):\n"
            "        y = (w * x).sum()\n        opt.zero_grad()\n        y.backward()\n"
            "        if y.item() > 1e9:\n            return x\n        p = y.item()\n    return x\n")
    assert _in_loop(step) == [(7, False), (8, False), (9, False), (11, True)]
    no_return = step.replace("        if y.item() > 1e9:\n            return x\n", "")
    assert _in_loop(no_return) == [(7, True), (8, True), (9, True)]
    last_branch = ("import torch\n\n@torch.compile\ndef f(x):\n    for i in range(3):\n"
                   "        if x.sum().item() > 100:\n            x = x + 1\n        else:\n            return x\n"
                   "    return x\n")
    assert _in_loop(last_branch) == [(6, True)]
    after = last_branch.replace("            return x\n    return x\n", "            return x\n        x = x * 2\n    return x\n")
    assert _in_loop(after) == [(6, False)]
    cont = ("import torch\n\n@torch.compile\ndef f(x):\n    for i in range(3):\n        n = x.sum().item()\n"
            "        if n > 1e9:\n            continue\n        if n > 1e8:\n            return x\n    return x\n")
    assert _in_loop(cont) == [(6, True)]
    nested = ("import torch\n\n@torch.compile\ndef f(x):\n    for i in range(3):\n        n = x.sum().item()\n"
              "        for j in range(2):\n            x = x + n\n        if n > 1e8:\n            return x\n    return x\n")
    assert _in_loop(nested) == [(6, False)]
    inner = ("import torch\n\n@torch.compile\ndef f(x):\n    for i in range(3):\n        for j in range(2):\n"
             "            n = x.sum().item()\n        if n > 1e8:\n            return x\n    return x\n")
    assert _in_loop(inner) == [(7, True)]


def test_an_optimizer_built_in_traced_code_breaks():
    """constructs.py "torch.optim.Adam built in traced code", "torch.optim.SGD ...": Optimizer's
    __init__ calls add_param_group, which Dynamo skips (GB0008, resumed); torchattacks' CW builds
    its Adam in the attack. A scheduler breaks too ("lr_scheduler built in traced code", its own rule)."""
    code = ("import torch\nfrom torch import optim\n\n@torch.compile\ndef attack(x, w):\n"
            "    opt = optim.Adam([w], lr=0.1)\n    sgd = torch.optim.SGD([w], lr=0.1)\n"
            "    s = torch.optim.lr_scheduler.StepLR(opt, 2)\n    return x * 2\n")
    assert _nm4(code) == [(6, "NM404", "GB0008"), (7, "NM404", "GB0008"), (8, "NM404", "GB0008")]


def test_an_optimizer_built_on_a_modules_parameters_generator_skips_the_frame():
    """constructs.py "torch.optim.SGD built on a module's parameters() in traced code (glm-saga's train)":
    GB8335 in nn.Module's generator, the frame skipped (the zero_grad after it is reported, as a hazard
    Dynamo does not reach); on ``list(m.parameters())`` it resumes (GB0008)."""
    code = ("import torch\nfrom torch.optim import SGD\n\n@torch.compile\ndef train(linear, x):\n"
            "    opt = SGD(linear.parameters(), lr=0.1)\n    opt.zero_grad()\n    return linear(x)\n")
    assert _nm4(code)[0] == (6, "NM404", "GB8335")
    assert "runs all of `train` eagerly" in next(f.message for f in findings_of(code) if f.line == 6)
    assert _nm4(code.replace("SGD(linear.parameters()", "SGD(list(linear.parameters())"))[0] == (6, "NM404", "GB0008")


def test_a_flag_forwarded_by_name_off_by_default():
    """constructs.py "a flag forwarded by name, off by default" (no break) and "..., set by the
    caller" (GB0170): snntorch's ``latency`` hands ``first_spike_time=first_spike_time`` (default 0)
    on, down to a private helper whose parameter has no default; Dynamo folds the flag and never
    evaluates the tensor test after it. A caller that passes the flag on, or rebinds it, keeps it."""
    code = ("import torch\n\ndef _check(t, flag):\n    if flag and torch.max(t) > 1:\n        raise ValueError()\n"
            "    return t\n\ndef middle(t, first=0):\n    return _check(t, first)\n\n"
            "@torch.compile\ndef encode(t, first=0):\n    return middle(t, first=first) * 2\n")
    message = next(f.message for f in findings_of(code) if f.line == 4)
    assert "off by default" in message
    passed = code + "\n@torch.compile\ndef other(t):\n    return encode(t, first=3)\n"
    assert "off by default" not in next(f.message for f in findings_of(passed) if f.line == 4)
    rebound = code.replace("    return middle(t, first=first) * 2\n", "    first = 2\n    return middle(t, first=first) * 2\n")
    assert "off by default" not in next(f.message for f in findings_of(rebound) if f.line == 4)


def test_a_flag_forwarded_through_many_callers_is_judged_once_per_caller():
    """ddtw (held_out_23) forwards its flags by name through layers of helpers that call the
    next one more than once: judged again at every call, a scan of it never ended (2**30 here)."""
    layers = "".join(f"def l{i}(t, first=0):\n    return l{i - 1}(t, first=first) + l{i - 1}(t, first=first)\n\n"
                     for i in range(1, 31))
    code = ("import torch\n\ndef _check(t, flag):\n    if flag and torch.max(t) > 1:\n        raise ValueError()\n"
            "    return t\n\ndef l0(t, first=0):\n    return _check(t, first)\n\n" + layers
            + "@torch.compile\ndef encode(t, first=0):\n    return l30(t, first=first) * 2\n")
    assert "off by default" in next(f.message for f in findings_of(code) if f.line == 4)


def test_the_statements_after_an_early_return_under_not_flag_are_off_by_default():
    """constructs.py "an early return under `if not flag`, off by default" (no break) and "..., the
    caller setting it" (GB0033): stable-baselines3's ``is_image_space`` returns under ``if not
    check_channels:`` (default False) before the ``.item()`` it calls. Not off: a call of the file
    passing the flag, an ``if not flag:`` that does not leave the function, or one with an ``else``."""
    code = ("import torch\n\n@torch.compile\ndef f(t, check=False):\n    y = t * 2\n    if t.dim() == 2:\n"
            "        if not check:\n            return y\n        n = y.sum().item()\n        y = y * n\n"
            "    return y.sum().item()\n")
    messages = {f.line: f.message for f in findings_of(code) if f.code == "NM401"}
    assert "(only when `check`, off by default" in messages[9]
    assert "off by default" not in messages[11]  # after the enclosing block: reached either way
    passed = code + "\n@torch.compile\ndef g(t):\n    return f(t, check=True)\n"
    assert "off by default" not in next(f.message for f in findings_of(passed) if f.line == 9)
    stays = code.replace("            return y\n", "            y = y + 1\n")
    assert "off by default" not in next(f.message for f in findings_of(stays) if f.line == 9)
    other = code.replace("            return y\n", "            return y\n        else:\n            y = y + 1\n")
    assert "off by default" not in next(f.message for f in findings_of(other) if f.code == "NM401")


def test_the_statements_after_a_raise_under_not_flag_are_not_off_by_default():
    """dstft's ``forward`` raises under ``if not self._initialized:`` (False in ``__init__``, set by
    its ``initialize``): a default call raises, so a call that runs has set the flag, and the
    ``.item()`` after it is measured (``_core.py:77``, ``held_out_29``). An early return leaves the
    rest off by default (above); a raise does not."""
    code = ("import torch\nimport torch.nn as nn\n\nclass D(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self._ready = False\n\n    def prepare(self):\n"
            "        self._ready = True\n\n    def forward(self, x):\n        if not self._ready:\n"
            "            raise RuntimeError('prepare first')\n        return x * x.sum().item()\n\n"
            "model = torch.compile(D())\n")
    assert "off by default" not in next(f.message for f in findings_of(code) if f.code == "NM401")


def test_the_else_of_a_constructor_flag_on_by_default_is_off():
    """constructs.py "a print in the else of a constructor flag on by default" (none) and "..., the
    flag set off" (GB0059): stable-baselines3's ``share_features_extractor: bool = True`` guards a
    ``warnings.warn`` in its ``else``; the same after ``if self.shared: return`` and under ``if not
    self.shared:``. A call of the file setting the flag by keyword keeps the break."""
    code = ("import torch\nimport torch.nn as nn\n\nclass P(nn.Module):\n    def __init__(self, shared: bool = True):\n"
            "        super().__init__()\n        self.shared = shared\n\n    def forward(self, x):\n"
            "        if self.shared:\n            x = x * 2\n        else:\n            print('not shared')\n"
            "        if not self.shared:\n            print('again')\n        if self.shared:\n            return x\n"
            "        print('third')\n        return x\n")
    messages = {f.line: f.message for f in findings_of(code) if f.code == "NM403"}
    assert sorted(messages) == [13, 15, 18]
    assert all("(only when `not self.shared`, off by default" in m for m in messages.values())
    for other in (code + "\nmodel = P(shared=False)\n", code.replace("shared: bool = True", "shared: bool = 1 > 0")):
        assert not any("off by default" in f.message for f in findings_of(other))


def test_the_else_of_a_negated_flag_off_by_default_is_off():
    """constructs.py "a print in the else of `if not flag`, the constructor flag off by default" (none)
    and "..., the flag set on" (GB0059): Swin's block tests ``if not self.fused_window_process:`` and
    calls its CUDA extension in the ``else``, with ``fused_window_process=False``."""
    code = ("import torch\nimport torch.nn as nn\n\nclass B(nn.Module):\n    def __init__(self, fused: bool = False):\n"
            "        super().__init__()\n        self.fused = fused\n\n    def forward(self, x):\n"
            "        if not self.fused:\n            x = x * 2\n        else:\n            print('fused')\n"
            "        return x\n")
    found = [f for f in findings_of(code) if f.code == "NM403"]
    assert [f.line for f in found] == [13]
    assert "(only when `self.fused`, off by default" in found[0].message
    assert not any("off by default" in f.message for f in findings_of(code + "\nmodel = B(fused=True)\n"))
    # MiDaS: `if self.channels_last==True:` reads as `if self.channels_last:` ("a print under
    # `if self.flag == True`, the constructor flag off by default": no break)
    only_if = code.replace("if not self.fused:\n            x = x * 2\n        else:\n", "if self.fused == True:\n")
    assert "off by default" in next(f.message for f in findings_of(only_if) if f.line == 11)
    # ... but not `if self.fused is False: ... else:` nor `if self.fused is not False:`, whose branch
    # runs with a None default (widestats' granger, `fast=None`)
    for written in ("if self.fused is False:", "if self.fused == False:"):
        for default in ("False", "None"):
            compared = code.replace("if not self.fused:", written).replace("fused: bool = False", f"fused={default}")
            assert "off by default" not in next(f.message for f in findings_of(compared) if f.line == 13)
    unless_false = only_if.replace("== True", "is not False").replace("fused: bool = False", "fused=None")
    assert "off by default" not in next(f.message for f in findings_of(unless_false) if f.line == 11)


def test_an_rnn_read_or_handed_on_is_where_dynamo_breaks():
    """constructs.py "an nn.LSTM handed to a function annotated nn.LSTM" (GB0014, the frame skipped),
    "LSTM: the submodule handed to a function" and "... an attribute read in a forward that does not
    call it" (GB0014, the rest eager): sb3-contrib's recurrent policy hands ``self.lstm_actor`` to its
    static ``_process_sequence(..., lstm: nn.LSTM)``, whose first line reads ``lstm.input_size``. Its
    later branch on a tensor is no break: the frame already runs eagerly."""
    code = ("import torch\nimport torch.nn as nn\n\nclass P(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.lstm = nn.LSTM(8, 8)\n\n    @staticmethod\n"
            "    def seq(features, starts, lstm: nn.LSTM):\n        f = features.reshape((1, -1, lstm.input_size))\n"
            "        if torch.all(starts == 0.0):\n            return lstm(f)[0]\n        return f\n\n"
            "    def forward(self, x, starts):\n        y = x * 2\n        y = y + 1\n"
            "        return self.seq(y, starts, self.lstm)\n")
    found = {f.line: f for f in findings_of(code) if f.code.startswith("NM4")}
    assert found[11].code == found[19].code == "NM406"
    assert "Dynamo runs all of `P.seq` eagerly" in found[11].message
    sized = code.replace("        return self.seq(y, starts, self.lstm)\n", "        return y * self.lstm.hidden_size\n")
    assert [(f.line, f.code) for f in findings_of(sized) if f.code.startswith("NM4")] == [(19, "NM406")]


def test_the_deprecated_overloads_taking_the_multiplier_first_break():
    """constructs.py "Tensor.add_(number, tensor), the deprecated overload", "Tensor.addcmul_ ...",
    "Tensor.addcdiv_ ..." (GB0117) and "Tensor.add(number, tensor) ...", "Tensor.sub_ ...",
    "Tensor.add_(tensor, alpha=number)" (none): adabound's ``exp_avg.mul_(beta1).add_(1 - beta1, grad)``
    on a state entry. The one-argument ``add_`` and ``set.add`` are not it."""
    code = ("import torch\n\n@torch.compile\ndef step(state, p, grad: torch.Tensor, beta1: float, acc):\n"
            "    exp_avg = state['exp_avg']\n    exp_avg.mul_(beta1).add_(1 - beta1, grad)\n"
            "    p.data.addcdiv_(-0.1, exp_avg, grad)\n    exp_avg.add_(grad, alpha=0.1)\n"
            "    x = grad.add(0.5, grad)\n    grad.sub_(0.5, grad)\n    acc.add_(grad)\n    s = set()\n"
            "    s.add(1)\n    return x\n")
    assert _nm4(code) == [(6, "NM404", "GB0117"), (7, "NM404", "GB0117")]
    message = next(f.message for f in findings_of(code) if f.line == 6)
    assert "write `add_(grad, alpha=1 - beta1)`" in message


def test_the_deprecated_overload_on_a_local_bound_to_a_gradient_breaks():
    """constructs.py "Tensor.add_(local number, tensor) on a local bound to .data, the deprecated
    overload" (GB0117, resumed): qhoptim's QHM ``d_p = p.grad.data``, then ``d_p.add_(weight_decay,
    p.data)``, a break in the loop over parameters (the whole step eager). A local bound to anything
    else once (``acc = foo()``), a loop variable, or a parameter of the function is not judged."""
    code = ("import torch\n\n@torch.compile\ndef step(params: list, wd: float, acc: list):\n    for p in params:\n"
            "        d_p = p.grad.data\n        d_p.add_(wd, p.data)\n        g = p.grad\n        g.add_(wd, p)\n"
            "        acc.add_(wd, p)\n        h = p.grad\n        h = foo()\n        h.add_(wd, p)\n"
            "        for q in params:\n            q.add_(wd, p)\n")
    assert _nm4(code) == [(7, "NM404", "GB0117"), (9, "NM404", "GB0117")]
    message = next(f.message for f in findings_of(code) if f.line == 7)
    assert "write `add_(p.data, alpha=wd)`" in message and "runs all of `step` eagerly" in message


def test_deepcopy_of_a_gradient_breaks():
    """constructs.py "copy.deepcopy(tensor)" (GB4198): ncg-optimizer's ``d_p = p.grad``, then
    ``copy.deepcopy(d_p.data)`` and ``copy.deepcopy(-d_p.data)`` in its step (``held_out_21``). A local
    bound to something else as well, or a ``.data`` of what is not a gradient, is not judged."""
    code = ("import copy\nimport torch\n\n@torch.compile\ndef step(params: list, state: dict, rows: list):\n"
            "    for p in params:\n        d_p = p.grad\n        state['g'] = copy.deepcopy(d_p.data)\n"
            "        state['d'] = copy.deepcopy(-d_p.data)\n        state['h'] = copy.deepcopy(p.grad)\n"
            "        other = p.grad\n        other = rows\n        state['o'] = copy.deepcopy(other)\n"
            "        state['r'] = copy.deepcopy(rows.data)\n")
    assert _nm4(code) == [(8, "NM404", "GB4198"), (9, "NM404", "GB4198"), (10, "NM404", "GB4198")]


def test_an_attribute_set_on_a_function_object_breaks():
    """constructs.py "an attribute set on a function object" (GB0467, resumed) and "... read" (none):
    torchcrepe's ``infer.model = infer.model.to(device)``. A nested function's attribute, or a name
    the module also rebinds (``infer = torch.no_grad()(infer)``), is not judged."""
    code = ("import torch\n\ndef infer(frames):\n    infer.model = infer.model.to('cpu')\n"
            "    return infer.model(frames)\n\n@torch.compile\ndef predict(x):\n"
            "    def local():\n        pass\n    local.tag = 1\n    return infer(x * 2)\n")
    assert _nm4(code) == [(4, "NM404", "GB0467")]
    assert _nm4(code.replace("\n\n@torch.compile", "\n\ninfer = torch.no_grad()(infer)\n\n@torch.compile")) == []


def test_a_parameter_its_docstring_types_int_is_a_python_number():
    """constructs.py "an int argument compared with a module constant": none. torchcrepe's
    ``predict(audio, sample_rate, ...)`` documents ``sample_rate (int)``; its ``if sample_rate !=
    SAMPLE_RATE:`` was taken for a branch on a tensor. ``(int or Tensor)`` says nothing."""
    code = ('import torch\n\nRATE = 16000\n\n@torch.compile\ndef predict(audio, sample_rate):\n    """Predict.\n\n'
            '    Arguments\n        sample_rate (int)\n            the rate\n    """\n'
            '    if sample_rate != RATE:\n        audio = audio * 2\n    return audio\n')
    assert _nm4(code) == []
    assert [f[:2] for f in _nm4(code.replace("(int)", "(int or Tensor)"))] == [(13, "NM402")]
    assert [f[:2] for f in _nm4(code.replace("sample_rate (int)", "rate (int)"))] == [(13, "NM402")]


def test_a_list_indexed_by_a_tensor_reads_it_on_the_host():
    """constructs.py "list indexed by a 0-d tensor", "... by an element of a tensor of lengths",
    "tuple indexed by a 0-d tensor" (GB0124, resumed) and "list sliced up to a 0-d tensor" (GB0124,
    the rest of the frame eager); "list indexed by a Python int": none (TorchCRF's Viterbi path)."""
    code = ("import torch\nfrom typing import List\n\n@torch.compile\n"
            "def best(score: List[torch.Tensor], lens: torch.Tensor, i: int):\n"
            "    end = lens[i] - 1\n    last = score[end][i]\n    rows = [r * 2 for r in score]\n"
            "    head = rows[:end]\n    n = len(score) - 1\n    return last + rows[n] + head[0] + score[0]\n")
    assert _nm4(code) == [(7, "NM401", "GB0124"), (9, "NM401", "GB0124")]
    message = next(f.message for f in findings_of(code) if f.line == 9)
    assert "slices a Python list or tuple with a tensor" in message
    untyped = code.replace("score: List[torch.Tensor]", "score")
    assert _nm4(untyped) == [(9, "NM401", "GB0124")]


DECLARED = '''import torch
from torch import nn
from typing import Optional


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.kv_cache: {annotation} = None

    def forward(self, pos, k):
        if not isinstance(self.kv_cache, KVCache):
            raise TypeError("call set_kv_cache() first")
        return self.kv_cache(pos, k)


class KVCache(nn.Module):
    def forward(self, pos, k):
        return k[:, : pos.max().item() + 1]
'''


@pytest.mark.parametrize("annotation, reached", [
    ("KVCache | None", True),  # litgpt's CausalSelfAttention, set later by set_kv_cache()
    ("Optional[KVCache]", True),
    ('"KVCache"', True),
    ("Optional[torch.Tensor]", False),  # a tensor: no class of the file
    ("nn.Module", False),  # any module: its class is not known
])
def test_an_attribute_declared_to_hold_a_class_is_called_as_that_class(annotation, reached):
    """``self.kv_cache: KVCache | None = None`` in ``__init__``, assigned elsewhere: the call
    ``self.kv_cache(...)`` runs ``KVCache.forward``, whose ``.item()`` breaks the caller's graph."""
    attention = summary(DECLARED.format(annotation=annotation))["Attention.forward"]
    assert ("KVCache.forward" in attention.calls) == reached


def test_helpers_of_one_name_nested_in_two_methods_are_two_functions():
    """pythae's RHVAE defines ``f_`` inside two leapfrog steps: as ``__qualname__`` spells them,
    each keeps its own breaks (one name for both gave the estimate one's breaks for the other's)."""
    code = ("import torch\nfrom torch.autograd import grad\n\n\nclass Flow(torch.nn.Module):\n"
            "    def one(self, x, z):\n        def f_(r):\n            return r - grad((x * z).sum(), z)[0]\n"
            "        return f_(x)\n\n"
            "    def two(self, x):\n        def f_(r):\n            return r * 2\n        return f_(x)\n\n"
            "    def forward(self, x, z):\n        return self.two(self.one(x, z))\n")
    traced = summary(code)
    assert {"Flow.one.<locals>.f_", "Flow.two.<locals>.f_"} <= set(traced)
    assert [b.line for b in traced["Flow.one.<locals>.f_"].breaks] == [8]
    assert traced["Flow.two.<locals>.f_"].breaks == ()


def test_a_parameter_built_in_traced_code_breaks():
    """pomegranate's fits wrap values with ``torch.nn.Parameter(...)`` in the code they run:
    constructs.py "torch.nn.Parameter built in traced code" (GB0264, resumed after it)."""
    code = ("import torch\nfrom torch import nn\nfrom torch.nn.parameter import Parameter\n\n\n"
            "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.w = nn.Parameter(torch.ones(3))\n\n"
            "    def forward(self, x):\n        a = nn.Parameter(x * 2, requires_grad=False)\n"
            "        b = Parameter(x)\n        return a + b + self.w\n")
    assert codes(code) == [(12, "NM404"), (13, "NM404")]
    (found,) = [f for f in findings_of(code) if f.line == 12]
    assert found.dynamo == "GB0264"


def test_a_none_default_given_a_value_by_a_call_of_the_file_is_set():
    """pomegranate's ``_check_parameter(w, "w", min_value=0)``: ``if min_value is not None:``
    runs its branch for a 0 passed (constructs.py "a check under `lo is not None`, a caller
    passing lo=0": GB0170 in it); a parameter no call gives stays off by default."""
    code = ("import torch\nfrom torch import nn\n\n\n"
            "def check(p, lo=None, hi=None):\n    if lo is not None:\n        if (p < lo).sum() > 0:\n"
            "            raise ValueError('low')\n    if hi is not None:\n        if (p > hi).sum() > 0:\n"
            "            raise ValueError('high')\n    return p\n\n\n"
            "class M(nn.Module):\n    def forward(self, x):\n        return check(x * 2, lo=0)\n")
    traced = summary(code)
    assert [b.line for b in traced["check"].breaks] == [7]  # not 10: `hi` is never given
    off = [f for f in findings_of(code) if f.line == 10]
    assert off and "off by default" in off[0].message


def test_numpy_prod_of_python_numbers_as_a_size_breaks():
    """pythae's ``x.reshape(-1, np.prod(self.input_dim))``: Dynamo traces ``np.prod`` as a tensor
    op, the size is a tensor (constructs.py "reshape to np.prod of a tuple", "... of a module's
    tuple attribute": GB0033); of a tensor's shape it is folded (no break)."""
    code = ("import numpy as np\nimport torch\nfrom torch import nn\n\n\n"
            "class M(nn.Module):\n    def __init__(self, dims):\n        super().__init__()\n"
            "        self.input_dim = dims\n\n"
            "    def forward(self, x):\n        a = x.reshape(-1, np.prod(self.input_dim))\n"
            "        dims = (2, 4)\n        b = x.view(-1, np.prod(dims))\n"
            "        c = x.reshape(-1, np.prod(x.shape[1:]))\n        d = x.reshape(-1, int(self.n))\n"
            "        return a + b + c + d\n")
    assert codes(code) == [(12, "NM401"), (14, "NM401")]
    assert {f.dynamo for f in findings_of(code) if f.code == "NM401"} == {"GB0033"}


def test_a_subscripted_builtin_generic_called_breaks():
    """torchjd's ``list[Tensor]()``: a types.GenericAlias Dynamo cannot call (constructs.py
    "list[torch.Tensor]() called", "dict[str, torch.Tensor]() called": GB0147); a local class
    named ``list`` is not the builtin, and ``list()`` is traced."""
    code = ("import torch\nfrom torch import Tensor, nn\n\n\n"
            "class M(nn.Module):\n    def forward(self, x):\n        rows = list[Tensor]()\n"
            "        names = dict[str, Tensor]()\n        plain = list()\n        rows.append(x)\n"
            "        return rows[0]\n\n\n"
            "def g(x, list):\n    return list[0]()\n")
    assert codes(code) == [(7, "NM404"), (8, "NM404")]
    assert {f.dynamo for f in findings_of(code) if f.code == "NM404"} == {"GB0147"}


def test_an_index_from_argmin_of_a_whole_tensor_is_0_d():
    """torchjd's MGDA: ``t = torch.argmin(v)``, then ``e_t[t] = 1.0`` (constructs.py "store at the
    index torch.argmin gives": GB0033; in a loop the frame is skipped); ``argmin(dim=...)`` keeps
    a dimension and indexes without a break ("... torch.argmin(dim) gives")."""
    code = ("import torch\nfrom torch import nn\n\n\n"
            "class M(nn.Module):\n    def forward(self, x):\n        t = torch.argmin(x.sum(1))\n"
            "        e = torch.zeros(4)\n        e[t] = 1.0\n        u = x.sum(1).argmax()\n"
            "        r = x[u] * 2\n        k = torch.argmin(x, dim=1)\n        e2 = torch.zeros(4, 8)\n"
            "        e2[torch.arange(4), k] = 1.0\n        return x + e[:, None] + r + e2\n")
    assert codes(code) == [(9, "NM401"), (11, "NM401")]


def test_an_element_of_randperm_picked_by_a_loop_counter_is_0_d():
    """mixup's SaliencyMix: ``index = torch.randperm(n)``, ``idx_donor = index[i]`` in ``for i in
    range(n)``, then ``saliency_maps[idx_donor]`` (constructs.py "a tensor indexed by an element of
    torch.randperm in a loop": GB0033, the frame skipped). The permutation itself, a slice of it, and
    its element read with a Python int (no tensor indexed) are no break."""
    code = ("import torch\nfrom torch import nn\n\n\n"
            "class M(nn.Module):\n    def forward(self, x):\n        index = torch.randperm(x.size(0))\n"
            "        rows = []\n        for i in range(x.size(0)):\n            j = index[i]\n"
            "            rows.append(x[j])\n        y = x[index] + x[index[0:4]].sum()\n"
            "        return torch.stack(rows) + y + x[:, index[0]]\n")
    assert codes(code) == [(11, "NM401"), (13, "NM401")]


def test_a_new_leaf_from_a_factory_requires_grad_before_a_gradient_breaks():
    """backpack's R-op: ``torch.zeros_like(y).requires_grad_(True)``, then ``torch.autograd.grad``
    (constructs.py "zeros_like leaf requires_grad_(True), then autograd.grad", "... in a
    comprehension": GB8985); without a gradient taken after it, no break is predicted."""
    code = ("import torch\n\n\n"
            "def r_op(ys, xs, vs):\n    if isinstance(ys, tuple):\n"
            "        ws = [torch.zeros_like(y).requires_grad_(True) for y in ys]\n    else:\n"
            "        ws = torch.zeros_like(ys).requires_grad_(True)\n"
            "    gs = torch.autograd.grad(ys, xs, grad_outputs=ws, create_graph=True)\n"
            "    return torch.autograd.grad(gs, ws, grad_outputs=vs)\n\n\n"
            "def plain(x):\n    w = torch.ones_like(x).requires_grad_(True)\n    return x * w\n\n\n"
            "compiled = torch.compile(r_op)\ncompiled2 = torch.compile(plain)\n")
    assert codes(code) == [(6, "NM404"), (8, "NM404"), (9, "NM404"), (10, "NM404")]
    assert [f.dynamo for f in findings_of(code) if f.line in (6, 8)] == ["GB8985", "GB8985"]


def test_a_tensor_as_a_scalar_multiplier_breaks():
    """torchode's ``torch.add(self.atol, torch.abs(y0), alpha=self.rtol)`` (a buffer) and torchmin's
    ``torch.addr(I, s, y, alpha=-rho)``: a tensor where the op takes a Python number is read on the
    host (constructs.py "torch.add with a 0-d tensor as alpha", "... a buffer as alpha",
    "torch.addcmul with a 0-d tensor as value", "Tensor.sub_ ...": GB0033); a Python number is not,
    nor a tensor ``masked_fill`` takes as its value, nor one the in-place ``add_``/``addcmul_``/``addcdiv_``
    take (a compiled AdamW's tensor step size; "Tensor.add_ with a 0-d tensor as alpha": no break)."""
    code = ("import torch\nfrom torch import nn\n\n\n"
            "class Ctrl(nn.Module):\n    def __init__(self, rtol: float):\n        super().__init__()\n"
            "        self.register_buffer('rtol', torch.tensor(rtol))\n        self.atol = 1e-6\n\n"
            "    def forward(self, y0, y1, s, y):\n"
            "        b = torch.add(self.atol, torch.abs(y0), alpha=self.rtol)\n"
            "        c = torch.add(y0, y1, alpha=0.5)\n        rho = y.dot(s).reciprocal()\n"
            "        r = torch.addr(y0, s, y, alpha=-rho)\n        d = y0.add(y1, alpha=2)\n"
            "        e = y0.addcmul(y1, y1, value=rho)\n        m = y0.masked_fill(y1 > 0, rho)\n"
            "        y1.add_(y0, alpha=-rho)\n        y1.addcdiv_(y0, s, value=rho)\n        y1.sub_(y0, alpha=rho)\n"
            "        return b + c + r + d + e + m\n")
    assert codes(code) == [(12, "NM401"), (15, "NM401"), (17, "NM401"), (21, "NM401")]
    assert {f.dynamo for f in findings_of(code) if f.code == "NM401"} == {"GB0033"}


def test_a_tensor_as_a_slice_bound_breaks():
    """e2cnn's batch norm and pooling: ``input[:, indices[0]:indices[1], ...]`` with ``indices`` a
    buffer registered under a formatted name and read back by ``getattr`` (constructs.py "slice
    bounds from elements of a buffer read by getattr of a formatted name", "... of a registered
    buffer", "... of torch.tensor of a list", "slice bound a 0-d tensor": GB0124). A forward
    parameter as a bound is taken for an int, an int element of a shape is one, and a Python list
    sliced by a tensor is _sequence_indexes' finding alone."""
    code = ("import torch\nfrom torch import nn\n\n\n"
            "class M(nn.Module):\n    def __init__(self, sizes):\n        super().__init__()\n"
            "        for s in sizes:\n            self.register_buffer(f'in_{s}', torch.LongTensor([0, s]))\n"
            "            self.register_buffer('out_{}'.format(s), torch.LongTensor([0, s]))\n"
            "        self.register_buffer('bounds', torch.LongTensor([1, 3]))\n        self.sizes = sizes\n\n"
            "    def forward(self, x, n):\n        y = x[:, :n]\n        for s in self.sizes:\n"
            "            a = getattr(self, f'in_{s}')\n            y = y + x[:, a[0]:a[1]].sum()\n"
            "            b = getattr(self, 'out_{}'.format(s))\n            y = y + x[:, b[0]:b[1]].sum()\n"
            "            c = getattr(self, f'other_{s}')\n            y = y + x[:, c[0]:c[1]].sum()\n"
            "        y = y + x[:, self.bounds[0]:self.bounds[1]].sum()\n"
            "        k = torch.tensor(3)\n        rows = [x, x, x]\n        z = rows[:k]\n"
            "        m = x.shape[1] // 2\n        return y[:, :k] + x[:, :m] + z[0]\n")
    assert codes(code) == [(18, "NM401"), (20, "NM401"), (23, "NM401"), (26, "NM401"), (28, "NM401")]
    found = {f.line: f for f in findings_of(code)}
    assert {found[n].dynamo for n in (18, 20, 23, 28)} == {"GB0124"}
    assert "slices with a tensor bound (`a[0]`)" in found[18].message
    assert "Python list or tuple" in found[26].message  # rows[:k]: the sequence rule's, once


def test_int_of_np_prod_breaks_whatever_it_multiplies():
    """pytorch-pretrained-vit's ``int(x.size(-1) / -np.prod(shape))``: Dynamo traces ``np.prod`` as a
    tensor op, and ``int()``/``float()`` read it (constructs.py "int(size / -np.prod of a list with
    -1)", "int(np.prod of a tuple)", "... of a size()", "float(np.prod of a tuple)": GB0033; "int(np.prod
    of a shape)": GB0208). ``math.prod`` is not a break ("int(math.prod of a tuple)")."""
    code = ("import math\nimport numpy as np\nimport torch\nfrom torch import nn\n\n\n"
            "def split_last(x, shape):\n    shape = list(shape)\n    if -1 in shape:\n"
            "        shape[shape.index(-1)] = int(x.size(-1) / -np.prod(shape))\n"
            "    return x.view(*x.size()[:-1], *shape)\n\n\n"
            "class M(nn.Module):\n    def forward(self, x):\n        q = split_last(x, (2, -1))\n"
            "        n = int(np.prod(x.shape[1:]))\n        f = float(np.prod((2, 4)))\n"
            "        m = int(math.prod(x.shape[1:]))\n        return q.reshape(-1, n) * f + m\n")
    assert codes(code) == [(10, "NM401"), (17, "NM401"), (18, "NM401")]
    assert {f.dynamo for f in findings_of(code) if f.code == "NM401"} == {"GB0033"}


def test_covariance_ops_break():
    """vicregaddon's ``torch.cov(z_batch_last)``: torch's own ``cov`` calls ``aten.equal``, a Python
    bool from tensor values (constructs.py "torch.cov", "torch.cov of a transpose", "Tensor.cov",
    "torch.corrcoef": GB0033)."""
    code = ("import torch\nfrom torch import nn\n\n\n"
            "class M(nn.Module):\n    def forward(self, z):\n        a = torch.cov(z.T)\n"
            "        b = torch.corrcoef(z)\n        c = z.cov()\n        return a + b + c\n")
    assert codes(code) == [(7, "NM401"), (8, "NM401"), (9, "NM401")]
    assert {f.dynamo for f in findings_of(code) if f.code == "NM401"} == {"GB0033"}


def test_a_tensor_element_as_a_factory_size_breaks():
    """tntorch's ``torch.ones(1, self.ranks_tt[0])``, ``ranks_tt`` a property returning
    ``torch.tensor(...)`` (constructs.py "torch.ones sized by an element of a property returning
    torch.tensor", "... of torch.tensor of a list": GB0033). A property returning a Python number,
    and a size from a shape, are not."""
    code = ("import torch\n\n\n"
            "class TT:\n    def __init__(self, cores):\n        self.cores = cores\n\n"
            "    @property\n    def ranks(self):\n        return torch.tensor([c.shape[-1] for c in self.cores])\n\n"
            "    @ranks.setter\n    def ranks(self, value):\n        self.cores = value\n\n"
            "    @property\n    def order(self):\n        return len(self.cores)\n\n"
            "    def full(self):\n        r = torch.tensor([2, 3])\n        a = torch.ones(1, self.ranks[0])\n"
            "        b = torch.zeros([r[0], 4])\n        c = torch.ones(self.order, self.cores[0].shape[0])\n"
            "        return a, b, c\n")
    found = findings_of(code, options=Options(entries=("input.py:TT.full",)))
    assert [(f.line, f.code) for f in found if f.code.startswith("NM4")] == [(22, "NM401"), (23, "NM401")]
    assert {f.dynamo for f in found if f.code == "NM401"} == {"GB0033"}


def test_a_tensor_as_the_size_of_arange_or_fftfreq_breaks():
    """torch-pme's ``torch.fft.fftfreq(ns[0], ...)``, ``ns`` an argument annotated ``torch.Tensor``,
    and diff-nurbs's ``for m in torch.arange(n + 1 - k)``, ``k`` the loop variable over
    ``torch.arange`` (constructs.py "torch.fft.fftfreq sized by a tensor's element", "torch.arange to
    an int minus a 0-d tensor, in a loop over torch.arange": GB0033). An int, a shape's size and
    fftfreq's spacing are not sizes read from a tensor."""
    code = ("import torch\n\n\n"
            "def kvectors(cell: torch.Tensor, ns: torch.Tensor):\n"
            "    a = torch.fft.fftfreq(ns[0], dtype=cell.dtype)\n"
            "    b = torch.fft.rfftfreq(n=ns[2])\n"
            "    c = torch.fft.fftfreq(4, 0.5) + torch.arange(cell.shape[0])\n"
            "    return a, b, c\n\n\n"
            "def derivs(a, n: int):\n"
            "    for k in torch.arange(n + 1):\n"
            "        for m in torch.arange(n + 1 - k):\n"
            "            a = a + m\n"
            "    return a\n")
    found = findings_of(code, options=Options(entries=("input.py:kvectors", "input.py:derivs")))
    assert [(f.line, f.code) for f in found if f.code.startswith("NM4")] == [(5, "NM401"), (6, "NM401"), (13, "NM401")]
    assert {f.dynamo for f in found if f.code == "NM401"} == {"GB0033"}


def test_a_branch_the_next_assert_refutes_is_an_error_path():
    """state-spaces/mamba's ``if x.shape != (batch, nheads, dim): print(...)`` before ``assert x.shape
    == (batch, nheads, dim)``: the print runs only on the way to the assertion's error (constructs.py
    "print under a shape test the next assert negates": 1 graph, no break; without the assert, a
    taken branch breaks: "... no assert after", GB0059)."""
    code = ("import torch\nfrom torch import nn\n\n\n"
            "class Block(nn.Module):\n    def forward(self, h, width=8):\n"
            "        rows = h.shape[0]\n        if h.shape != (rows, width):\n"
            "            print(f'got {h.shape}, expected {(rows, width)}')\n"
            "        assert h.shape == (rows, width)\n"
            "        if not h.is_contiguous():\n            print('copying')\n"
            "        assert h.is_contiguous()\n        return h * 2\n")
    assert codes(code) == []
    # another assert after it, or none, leaves the print a break where the branch is taken
    other = code.replace("assert h.shape == (rows, width)", "assert h.shape[0] == rows")
    assert codes(other) == [(9, "NM403")]
    loose = code.replace("        assert h.is_contiguous()\n", "")
    assert codes(loose) == [(12, "NM403")]


@pytest.mark.parametrize("fallback", ["level = default(level, 1)", "level = level if level is not None else 1",
                                      "level = 0 if level is None else level", "level = level or len(self.sizes)"])
def test_a_parameter_given_a_number_when_unset_is_no_tensor(fallback):
    """lucidrains/imagen-pytorch's ``unet_number = default(unet_number, 1)`` in a forward whose
    ``unet_number=None`` is an option: its comparisons are Python ones, and so are those of names
    computed from it. A forward's optional parameter with a tensor (or no number) as its fallback
    stays a tensor."""
    code = ("import torch\nfrom torch import nn\n\n\ndef default(v, d):\n    return v if v is not None else d\n\n\n"
            "class Cascade(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.sizes = (32, 64)\n\n"
            f"    def forward(self, x, level=None):\n        {fallback}\n        index = level - 1\n"
            "        if index > 0:\n            x = x * 2\n        return x\n")
    assert codes(code) == []
    tensor = code.replace(fallback, "level = default(level, torch.ones(1))")
    assert codes(tensor) == [(17, "NM402")]


def test_inference_mode_queries_break():
    """pytorch-ood's ODIN preprocessing asks ``torch.is_inference_mode_enabled()`` and
    ``torch.is_inference(x)`` in traced code (constructs.py "torch.is_inference_mode_enabled()": GB0046,
    "torch.is_inference(t)": GB0208, "Tensor.is_inference()": GB0045). Their answers are Python bools:
    the ``if`` on them is no tensor branch."""
    code = ("import torch\n\n@torch.compile\ndef perturb(x):\n    if torch.is_inference_mode_enabled():\n"
            "        x = x + 1\n    if torch.is_inference(x) or x.is_inference():\n        x = x.clone()\n"
            "    return x * 2\n")
    assert _nm4(code) == [(5, "NM404", "GB0046"), (7, "NM404", "GB0208"), (7, "NM404", "GB0045")]


def test_math_rounding_of_a_numpy_value_breaks():
    """snac's ``self.hop_length = np.prod(rates)`` in ``__init__`` (a NumPy integer), then
    ``pad_to = self.hop_length * lcm`` and ``math.ceil(length / pad_to)`` in traced code: Dynamo
    traces NumPy as tensor ops, and ``math.ceil`` reads the value (constructs.py "math.ceil of a length
    over np.prod of a list held in an attribute", "... over np.prod of a list", "math.floor ...":
    GB0033). ``math.prod`` is a Python int ("... over math.prod of a list": no break); ``int()`` of
    ``np.prod`` is its own break, and a Python int after it; an attribute also set to something else,
    and a name bound twice, are not known to hold a NumPy value."""
    code = ("import math\nimport numpy as np\nimport torch.nn as nn\n\n\n"
            "class Codec(nn.Module):\n    def __init__(self, rates, window):\n        super().__init__()\n"
            "        self.hop = np.prod(rates)\n        self.step = np.prod(rates)\n        self.rates = rates\n"
            "        if window:\n            self.step = window\n\n"
            "    def forward(self, x):\n        n = x.shape[-1]\n        pad_to = self.hop * 2\n"
            "        a = math.ceil(n / pad_to) * pad_to - n\n        b = math.floor(n / np.prod(self.rates))\n"
            "        c = math.ceil(n / math.prod(self.rates))\n        d = math.ceil(n / int(np.prod(self.rates)))\n"
            "        e = math.ceil(n / self.step)\n        m = np.prod(self.rates)\n        m = 4\n"
            "        f = math.ceil(n / m)\n        return x * (a + b + c + d + e + f)\n")
    assert _nm4(code) == [(18, "NM401", "GB0033"), (19, "NM401", "GB0033"), (21, "NM401", "GB0033")]
    messages = [f.message for f in findings_of(code) if f.code == "NM401"]
    assert "`math.ceil` of a value computed from `self.hop` (set to `np.prod(...)`)" in messages[0]
    assert "`int()` of `np.prod(self.rates)`" in messages[2]


def test_comprehension_frames_dynamo_starts_and_cannot_step():
    """Dynamo starts a comprehension's frame (Python 3.11) only when its code names a global torch or
    NumPy module or reads a tensor or module around it (torch's has_tensor_in_frame), and then cannot
    step a list's, enumerate's, zip's, a dict view's or a generator's iterator (constructs.py "list of
    floats in a list comprehension ...", "enumerate of a tensor ...", "zip of tuples ...", "dict items
    ...", "parameters() ...", "name bound to a list display ...": GB4347); it steps range's, a
    tuple's and a tensor's, and starts no frame for "list of tensors, no torch name" or "body with a
    torch-free helper on tensors" (pyhessian's ``[torch.randn(p.size()) for p in self.params]``)."""
    from neuron_migrate.checks.graph_breaks import COMPREHENSION_FRAMES

    code = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\nfrom torch import relu\n\n\n"
            "def helper(t):\n    return t * 2\n\n\n"
            "class M(nn.Module):\n    def forward(self, x, ts, nums):\n        for r in x:\n            print(r)\n"
            "        a = [torch.relu(t) for t in ts]\n"
            "        b = [torch.relu(t) * i for i, t in enumerate(ts)]\n"
            "        c = [F.relu(p) for p in self.parameters()]\n"
            "        d = [helper(t) for t in zip(ts, nums)]\n"
            "        e = [relu(t) for t in zip(ts, nums)]\n"
            "        f = [x * n for n in range(3)]\n"
            "        g = [x * n for n in (1, 2)]\n"
            "        h = [x * v for k, v in nums.items()]\n"
            "        ns = [1.0, 2.0]\n        i = [x * n for n in ns]\n        j = [n * 2 for n in ns]\n"
            "        k = {n: torch.ones(1) for n in ns}\n"
            "        return a, b, c, d, e, f, g, h, i, j, k\n")
    found = [line for line, c in codes(code) if c == "NM409"]
    assert found == ([16, 17, 22, 24, 26] if COMPREHENSION_FRAMES else [])


def test_a_comprehension_over_an_attribute_of_lists_or_a_list_it_rebinds_is_a_frame_of_its_own():
    """torchmd's ``Forces.compute`` (``forces.py:106``, ``:339``, GB4347 measured; constructs.py "a dict
    comprehension over a list held in an attribute, frame skipped", "a list rebound by the statement whose
    comprehension iterates it, frame skipped"): ``{v: torch.zeros(1) for v in self.energies}``, the class
    binding ``self.energies`` only to a list, and ``pot = torch.stack([... for pp in pot])`` after ``pot =
    []``, the function run eagerly. An attribute bound to a tuple too, or the rebinding in a loop, are not."""
    from neuron_migrate.checks.graph_breaks import COMPREHENSION_FRAMES

    code = ("import torch\nimport torch.nn as nn\n\nclass F(nn.Module):\n    def __init__(self, terms):\n"
            "        super().__init__()\n        self.energies = [e.lower() for e in terms]\n"
            "        self.names = ['a']\n        self.names = ('a',)\n\n"
            "    def forward(self, x):\n        for r in x:\n            print(r)\n"
            "        pp = {v: torch.zeros(1) for v in self.energies}\n"
            "        qq = {v: torch.zeros(1) for v in self.names}\n"
            "        pot = [x.sum()]\n        pot = torch.stack([torch.sum(p) for p in pot])\n"
            "        acc = [x.sum()]\n        for _ in range(2):\n            acc = torch.stack([torch.sum(p) for p in acc])\n"
            "        return pp, qq, pot, acc\n")
    assert [line for line, c in codes(code) if c == "NM409"] == ([14, 17] if COMPREHENSION_FRAMES else [])


def test_a_tensors_real_imag_or_data_set_in_traced_code_breaks():
    """constructs.py "Tensor.real and .imag set", "Tensor.imag scaled in place (imag *= -1)" (GB0058),
    "Tensor.data set" (GB0056), each resumed; "Tensor.grad set": none. fft-conv-pytorch's complex
    product (``c.real, c.imag = real, imag``) and its kernel's conjugate (``kernel_fr.imag *= -1``).
    Only a value known to be a tensor, and ``.data`` only on one the function made."""
    code = ("import torch\n\n@torch.compile\ndef f(a, b, box):\n    c = torch.zeros(a.shape, dtype=torch.complex64)\n"
            "    c.real, c.imag = a, b\n    k = torch.fft.rfft(a)\n    k.imag *= -1\n    t = a.clone()\n"
            "    t.data = b\n    t.grad = b\n    box.data = b\n    return c, k, t\n")
    # a module's buffer set under no_grad (lightly's DINO center: measured, no break) is not judged
    buffer = ("import torch\n\nclass Loss(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
              "        self.register_buffer('center', torch.zeros(4))\n\n    def forward(self, x):\n"
              "        self.center.data = self.center * 0.9 + x.mean() * 0.1\n        return x - self.center\n")
    assert _nm4(buffer) == []
    assert _nm4(code) == [(6, "NM404", "GB0058"), (6, "NM404", "GB0058"), (8, "NM404", "GB0058"),
                          (10, "NM404", "GB0056")]
    assert "torch.complex(real, imag)" in next(f.message for f in findings_of(code) if f.line == 8)


def test_a_dict_entry_that_holds_a_tensor_is_one():
    """constructs.py "assert on a dict entry holding a tensor, f-string message" (GB0170): DoG's step
    adds a tensor into its parameter group's "G" entry, then asserts on it with an f-string message.
    An entry the function never stored a tensor in stays a host value (img_meta["flip"])."""
    code = ("import torch\n\n\nclass Net(torch.nn.Module):\n    def forward(self, x, meta):\n"
            "        group = {\"lr\": 0.1}\n        group[\"G\"] = (x * 2).sum()\n"
            "        assert group[\"G\"] > 0, f\"bad {group['G']}\"\n"
            "        if meta[\"flip\"] > 0 and group[\"lr\"] > 0:\n            x = x.flip(0)\n        return x\n")
    assert codes(code) == [(8, "NM402")]


def test_self_patterns_test_the_word_boundary_as_a_leading_backslash_b():
    # the word boundary tested after the literal (a literal first lets the regex engine skip to it):
    # the same matches as the patterns that start with \b, on texts where the boundary decides
    import re

    from neuron_migrate.checks import graph_breaks as gb

    texts = ["self.a = 1\nmyself.b = 2\n_self.c = 3\n(self.d) = 4\nx.self.e = 5\nself.f == 6\n",
             "myself.a: self.b = 3\nself.c: int = 4\nélself.d = 5\n·self.e = 6\nself.g=7", "self.x = 1",
             "self(x)\nitself(x)\nself.forward(y)\nmyself.forward(z)\n_self(w)\n", "self."]
    old_store = re.compile(r"\bself\.(\w+)\s*(?::[^=\n]*)?=(?!=)")
    old_call = re.compile(r"\bself(?:\.forward)?\(")
    for text in texts:
        assert gb._SELF_STORE.findall(text) == old_store.findall(text)
        assert [m.span() for m in gb._SELF_CALL.finditer(text)] == [m.span() for m in old_call.finditer(text)]
        for pos in range(len(text)):  # a search from inside the text (the held-attribute pattern's window)
            assert gb._SELF_STORE.search(text, pos) is None and old_store.search(text, pos) is None or \
                gb._SELF_STORE.search(text, pos).span() == old_store.search(text, pos).span()
    assert gb._SELF_STORE.findall(texts[0]) == ["a", "e"]
    assert gb._SELF_CALL.match("self(") and gb._SELF_CALL.match("self.forward(")


def test_an_lr_scheduler_stepped_in_traced_code():
    """constructs "torch LR scheduler stepped in traced code" (multi-quantization's trainer step:
    GB0008 at ``self.scheduler.step()``, resumed): a receiver built, at every binding the file shows,
    from one of torch.optim.lr_scheduler's classes. A class of the project (it may define its own
    ``step``), a factory's result or a parameter is not known to be one."""
    code = ("import torch\nfrom torch.optim.lr_scheduler import CosineAnnealingLR\n\n"
            "class Warmup:\n    def step(self):\n        pass\n\n"
            "class Trainer:\n    def __init__(self, model, make):\n        self.optim = torch.optim.Adam(model.parameters())\n"
            "        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optim, 3)\n"
            "        self.cosine = CosineAnnealingLR(self.optim, 10)\n        self.warmup = Warmup()\n"
            "        self.made = make(self.optim)\n\n"
            "    @torch.compile\n    def step(self, x, sched):\n        y = x * 2\n        self.scheduler.step()\n"
            "        self.cosine.step()\n        self.warmup.step()\n        self.made.step()\n        sched.step()\n"
            "        local = torch.optim.lr_scheduler.ExponentialLR(self.optim, 0.9)\n        local.step()\n"
            "        return y\n")
    # line 24 builds one in traced code (its own finding), line 25 steps it
    assert codes(code) == [(19, "NM404"), (20, "NM404"), (24, "NM404"), (25, "NM404")]
    message = next(f.message for f in findings_of(code) if f.line == 19)
    assert message.startswith("`self.scheduler.step()` steps a torch.optim LR scheduler") and "GB0008" in message


def test_an_lr_scheduler_built_in_traced_code():
    """constructs "LR scheduler subclass built in traced code" (GB0007 at its ``super().__init__``,
    where torch-lr-finder's ``range_test`` builds ``ExponentialLR``) and "torch LR scheduler built in
    traced code" (GB0008, at the construction); a subclass not built in traced code is not traced,
    and a class named like one that derives from no scheduler is not concerned."""
    code = ("import torch\nfrom torch.optim.lr_scheduler import _LRScheduler\n\n"
            "class Exp(_LRScheduler):\n    def __init__(self, opt, end, last_epoch=-1):\n        self.end = end\n"
            "        super(Exp, self).__init__(opt, last_epoch)\n\n"
            "class Unused(_LRScheduler):\n    def __init__(self, opt):\n        super().__init__(opt)\n\n"
            "class Other:\n    def __init__(self, opt):\n        super().__init__()\n\n"
            "@torch.compile\ndef search(opt, x):\n    s = Exp(opt, 10.0)\n    o = Other(opt)\n"
            "    t = torch.optim.lr_scheduler.StepLR(opt, 3)\n    return x * 2\n")
    assert codes(code) == [(7, "NM404"), (21, "NM404")]


def test_a_function_defined_in_a_factory_and_compiled_by_name_is_traced():
    # a training step built in a factory, as the calibration harness and users write it:
    # ``def step(x): opt.zero_grad(); ...; loss.backward(); opt.step()`` then ``torch.compile(step)``;
    # the nested def is what Dynamo traces (measured: the backward breaks). A module-level function
    # of the name that the factory shadows is not traced
    code = ("import torch\n\ndef step(x):\n    return x.sum().item()\n\n"
            "def make_step(model, lr):\n    opt = torch.optim.SGD(model.parameters(), lr=lr)\n\n"
            "    def step(x):\n        opt.zero_grad()\n        loss = model(x).sum()\n"
            "        loss.backward()\n        opt.step()\n        return loss\n"
            "    return torch.compile(step)\n")
    assert codes(code) == [(10, "NM404"), (12, "NM404"), (13, "NM404")]
    # rebound to its compiled wrapper (``step = torch.compile(step)``): still the def that is compiled
    rebound = code.replace("    return torch.compile(step)\n", "    step = torch.compile(step)\n    return step\n")
    assert codes(rebound) == [(10, "NM404"), (12, "NM404"), (13, "NM404")]
    other = rebound.replace("    step = torch.compile(step)\n", "    step = make_other()\n    step = torch.compile(step)\n")
    assert codes(other) == []  # bound to something else too: not known to be the def


def test_float_of_a_call_of_a_function_of_the_file_annotated_to_return_a_tensor_breaks():
    # pyniftireg's ``float(nmi(a, b, mask, bins=...))`` where ``def nmi(...) -> Tensor`` (held_out_24's
    # ``registration.py:335``, GB0124). Not a function annotated otherwise, nor a local that shadows it
    code = ("from __future__ import annotations\n\nimport torch\nfrom torch import Tensor\n\n"
            "def nmi(a: Tensor, bins: int = 8) -> Tensor:\n    return (a * a).sum() / bins\n\n"
            "def count(a: Tensor) -> int:\n    return 3\n\n"
            "@torch.compile\ndef f(a):\n    with torch.no_grad():\n        qc = {\"nmi\": float(nmi(a, bins=4))}\n"
            "    return a * float(count(a)), qc\n\n"
            "@torch.compile\ndef g(a, nmi):\n    return a * float(nmi(a))\n")
    assert codes(code) == [(15, "NM401")]


def test_a_class_defined_in_traced_code_runs_its_methods_there():
    # pyniftireg's ``_affine``: ``class Start`` defined in the traced function (GB8977 at the class),
    # ``starts = [Start(sc) for sc in scales]``, ``[st.run(x) for st in starts]``, ``for st in starts:``:
    # Dynamo inlines ``__init__`` and the methods (measured: the breaks at ``requires_grad_`` in
    # ``__init__`` and ``print`` in ``run``). Not yet ``start = starts[best]`` (its ``run`` in a loop made
    # the estimate run all of ``_affine`` eagerly), nor a class of the module built in traced code
    code = ("import torch\n\nclass Outer:\n    def __init__(self, x):\n        print(x)\n\n"
            "@torch.compile\ndef affine(a, scales):\n    class Start:\n        def __init__(self, s):\n"
            "            self.opt = torch.optim.Adam([a])\n\n        def run(self):\n            print(1)\n"
            "            return a * 2\n\n        def matrix(self):\n            return a.tolist()\n\n"
            "    Outer(a)\n    starts = [Start(s) for s in scales]\n    losses = [st.run() for st in starts]\n"
            "    for st in starts:\n        st.matrix()\n    start = starts[0]\n    return start.matrix()\n")
    assert codes(code) == [(9, "NM404"), (11, "NM404"), (14, "NM403"), (18, "NM401")]


def test_a_forward_that_calls_torch_compile_itself_is_not_assumed_compiled():
    # a wrapper module that compiles its model on the first call (an MLIP package's compile
    # wrapper: make_fx, then torch.compile of the graph, then a check of both against each other):
    # that forward is the compile machinery, not a model a user compiles; the model's own forward is
    code = ("import torch\n\n"
            "def check(a, b):\n    return torch.allclose(a, b)\n\n"
            "class Model(torch.nn.Module):\n    def forward(self, x):\n        return x.sum().item()\n\n"
            "class CompiledModel(torch.nn.Module):\n"
            "    def __init__(self, model):\n        super().__init__()\n        self.model = model\n"
            "        self.compiled = None\n\n"
            "    def forward(self, x):\n        if self.compiled is None:\n"
            "            graph = torch.fx.symbolic_trace(self.model)\n"
            "            self.compiled = torch.compile(graph, dynamic=True)\n"
            "            check(self.compiled(x), self.model(x))\n"
            "        return self.compiled(x)\n")
    assert codes(code) == [(8, "NM401"), (19, "NM305")]


def test_a_list_of_rnns_called_by_index_breaks():
    """constructs.py "an RNN from a global list, called by index" and "a module's plain list of GRUs
    called by index in a method in a loop (dnc's _layer_forward)": GB0014, the frame skipped. dnc fills
    ``self.rnns`` with one RNN class or another by its configuration; a list that also holds another
    module is none."""
    code = ("import torch\nfrom torch import nn\n\nclass DNC(nn.Module):\n    def __init__(self, kind, n):\n"
            "        super().__init__()\n        self.rnns = []\n        self.heads = []\n        for i in range(n):\n"
            "            if kind == 'gru':\n                self.rnns.append(nn.GRU(8, 8, batch_first=True))\n"
            "            else:\n                self.rnns.append(nn.LSTM(8, 8, batch_first=True))\n"
            "            self.heads.append(nn.GRU(8, 8))\n            self.heads.append(nn.Linear(8, 8))\n"
            "            setattr(self, f'rnn_{i}', self.rnns[i])\n\n"
            "    def forward(self, x):\n        y = self.heads[1](x * 2)\n        out, _ = self.rnns[0](y.unsqueeze(1))\n"
            "        out, _ = self.rnns[1](out)\n        return out\n\nmodel = torch.compile(DNC('gru', 2))\n")
    assert _nm4(code) == [(20, "NM406", "GB0014")]


def test_a_module_level_numpy_array_of_strings_breaks_where_traced_code_reads_it():
    """constructs.py "an ndarray of strings sliced and copied (pyqtorch's einsum letters)": GB0185
    ("failed to convert numpy.ndarray to Tensor"), the frame skipped; "an ndarray of floats at module
    level, sliced": none. A local of the same name is not the global."""
    code = ("from string import ascii_letters as ABC\n\nimport numpy as np\nimport torch\nfrom numpy import array\n"
            "from numpy.typing import NDArray\n\nLETTERS: NDArray = array(list(ABC))\nNAMES = np.array(['a', 'b'])\n"
            "VALUES = np.array([1.0, 2.0])\n\n@torch.compile\ndef apply(state, n: int):\n    v = VALUES[0:n].copy()\n"
            "    dims = LETTERS[0:n].copy()\n    return torch.einsum(''.join(dims) + '->', state) * v.sum()\n\n"
            "@torch.compile\ndef named(state):\n    NAMES = ['a', 'b']\n    return state * len(NAMES[0:1])\n")
    assert _nm4(code) == [(15, "NM404", "GB0185")]
    assert "runs all of `apply` eagerly" in next(f.message for f in findings_of(code) if f.line == 15)


def test_the_warning_filters_set_in_traced_code_break():
    """constructs.py "warnings.simplefilter('ignore') alone", "warnings.filterwarnings(...) alone": GB0007
    inside warnings, resumed; "with warnings.catch_warnings(): warnings.simplefilter('ignore') (yolov5's
    SPPF)": Dynamo cannot resume in the block (GB0092), the frame skipped. catch_warnings alone is traced."""
    code = ("import warnings\n\nimport torch\nfrom torch import nn\n\nclass SPPF(nn.Module):\n"
            "    def __init__(self):\n        super().__init__()\n        self.m = nn.MaxPool2d(5, 1, 2)\n\n"
            "    def forward(self, x):\n        with warnings.catch_warnings():\n"
            "            warnings.simplefilter('ignore')\n            y = self.m(x)\n"
            "        with warnings.catch_warnings():\n            y = self.m(y)\n"
            "        warnings.filterwarnings('ignore', category=UserWarning)\n        return y\n\n"
            "model = torch.compile(SPPF())\n")
    assert _nm4(code) == [(13, "NM403", "GB0007"), (17, "NM403", "GB0007")]
    assert "runs all of `SPPF.forward` eagerly" in next(f.message for f in findings_of(code) if f.line == 13)


def test_a_comprehension_over_a_name_bound_to_lists_alone_is_a_frame_of_its_own_where_the_function_runs_eagerly():
    """dnc's ``forward`` (``dnc.py:266``, GB4347 measured): ``inputs = [...]`` then ``inputs = [self.output(i)
    for i in inputs]``, the function run eagerly after its RNN; a name bound once to a tuple is stepped."""
    from neuron_migrate.checks.graph_breaks import COMPREHENSION_FRAMES

    code = ("import torch\nimport torch.nn as nn\n\nclass D(nn.Module):\n    def forward(self, x, n: int):\n"
            "        inputs = [x[i] for i in range(n)]\n        for r in x:\n            print(r)\n"
            "        inputs = [self.out(i) for i in inputs]\n        ts = tuple(inputs)\n"
            "        ts = [t * 2 for t in ts]\n        return inputs, ts\n")
    assert codes(code) == ([(8, "NM403"), (9, "NM409")] if COMPREHENSION_FRAMES else [(8, "NM403")])


def test_an_attribute_built_by_a_conditional_runs_its_one_project_class():
    # `self.fit = A(...) if resize else nn.Identity()` runs A.__call__ (the fixture
    # NM402_numpy_test_in_an_optional_helper); with two classes of the file, which one runs is not known
    header = "import numpy as np\nimport torch.nn as nn\n\n"
    helper = ("class {name}:\n"
              "    def __call__(self, x):\n"
              "        if np.round(x.shape[-1] / 8.0) < 4:\n"
              "            return x\n"
              "        return x * 2\n\n")
    model = ("class Net(nn.Module):\n"
             "    def __init__(self, resize=True):\n"
             "        super().__init__()\n"
             "        self.fit = {value}\n\n"
             "    def forward(self, x):\n"
             "        return self.fit(x)\n")
    one = header + helper.format(name="Snap") + model.format(value="Snap() if resize else nn.Identity()")
    two = header + helper.format(name="Snap") + helper.format(name="Crop") + model.format(value="Snap() if resize else Crop()")
    assert [c for _, c in codes(one)] == ["NM402"]
    assert [c for _, c in codes(two)] == []
    # a parameter tested against None: the class built when the caller passes nothing (polystep's
    # `self.solver = solver if solver is not None else SoftmaxSolver(...)`); any other name: not known
    for value, found in (("fit if fit is not None else Snap()", ["NM402"]), ("Snap() if fit is None else fit", ["NM402"]),
                         ("fit if fit else Snap()", ["NM402"]), ("other if fit is not None else Snap()", [])):
        code = header + helper.format(name="Snap") + model.format(value=value).replace("resize=True", "fit=None")
        assert [c for _, c in codes(code.replace("super().__init__()", "super().__init__()\n        other = fit"))] \
            == found, value


def test_a_call_into_an_extension_loaded_at_import_breaks_and_is_no_tensor_backward():
    """BlinkDL/RWKV-LM: ``wkv_cuda = load(...)`` at import (also under a module-level ``if``), then
    ``wkv_cuda.forward(B, T, C, w, u, k, v, y)`` in ``WKV.forward``, applied by a compiled model: measured
    with a ``load_inline`` C++ extension, GB0007 ("Attempted to call function marked as skipped") at the
    call. Its ``wkv_cuda.backward(...)`` was reported as ``Tensor.backward()``; a name a function binds
    to a load() of its own is not the module's."""
    code = ("import torch\nfrom torch import nn\nfrom torch.utils.cpp_extension import load\n\n"
            "if True:\n    ext = load(name=\"k\", sources=[\"k.cpp\"])\n\n\n"
            "class K(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
            "        y = torch.empty_like(x)\n        ext.forward(x, y)\n        return y\n\n"
            "    @staticmethod\n    def backward(ctx, g):\n        gx = torch.empty_like(g)\n"
            "        ext.backward(g, gx)\n        return gx\n\n\n"
            "class M(nn.Module):\n    def forward(self, x):\n        return K.apply(x) + own(x)\n\n\n"
            "def own(x):\n    ext = make()\n    return ext.backward(x)\n\n\nm = torch.compile(M())\n")
    found = [(f.line, f.dynamo, "calls into `ext`, the C++/CUDA extension `load()` builds (line 6)" in f.message)
             for f in findings_of(code) if f.code == "NM404"]
    assert found == [(13, "GB0007", True), (19, "GB0007", True), (30, "GB0123", False)]


def test_abs_of_a_tensor_is_a_tensor():
    """torch-linops' Givens rotation tests ``elif abs(b) > abs(a):`` on tensors: ``abs(t)`` is
    ``Tensor.__abs__``, a tensor, and the ``if`` reads it on the host (measured "Data-dependent
    branching" at the line, ``held_out_30``). ``abs`` of a length is a number."""
    code = ("import torch\nimport torch.nn as nn\n\nclass R(nn.Module):\n    def forward(self, a, b):\n"
            "        if abs(b) > abs(a):\n            return a\n        if abs(len(a) - 2) > 1:\n            return b\n"
            "        return a + b\n\nmodel = torch.compile(R())\n")
    assert [(f.line, f.code) for f in findings_of(code) if f.code.startswith("NM4")] == [(6, "NM402")]


def test_an_object_of_the_projects_class_applied_to_a_tensor_by_matmul_stops_the_frame():
    """constructs.py "an nn.Module's __matmul__, A @ x, after two ops (torch-linops' minres)", "... first
    in the frame", "... in a for loop, after two ops (torch-linops' hutchpp)", "a plain object's
    __matmul__ ...": GB0055, Dynamo cannot resume: the rest of the frame eager, the frame skipped with
    fewer than two ops before it, the loop named "step_unsupported". Known for a class of the file (a
    parameter annotated with it, a local instance); not another file's class, which may be a tensor's
    subclass for typing (torchjd's ``gramian: PSDMatrix``), nor a class of the file deriving from one."""
    code = ("import torch\nimport torch.nn as nn\nfrom torchjd.linalg import PSDMatrix\n\n"
            "class Op(nn.Module):\n    def __init__(self, m):\n        super().__init__()\n        self.m = m\n"
            "    def __matmul__(self, b):\n        return self.m @ b\n\n"
            "class Sym(torch.Tensor):\n    pass\n\n"
            "@torch.compile\ndef solve(A: Op, b: torch.Tensor):\n    y = b * 2\n    z = y + 1\n"
            "    r = z - A @ z\n    return r * 2\n\n"
            "@torch.compile\ndef trace(A: Op, q: torch.Tensor):\n    y = q * 2\n    z = y + 1\n"
            "    s = 0\n    for i in range(2):\n        s = s + (z[i] * (A @ z[i])).sum()\n    return s\n\n"
            "@torch.compile\ndef first(b: torch.Tensor):\n    A = Op(torch.eye(4))\n    r = A @ b\n    return r + 1\n\n"
            "@torch.compile\ndef clean(g: PSDMatrix, s: Sym, b: torch.Tensor):\n    return g @ b + s @ b\n")
    sites = summary(code)
    assert [(b.line, b.skips_rest, b.skips_frame) for b in sites["solve"].breaks] == [(19, True, False)]
    assert [(b.line, b.skips_frame) for b in sites["trace"].breaks] == [(27, False), (28, True)]
    assert [(b.line, b.skips_frame) for b in sites["first"].breaks] == [(34, True)]
    assert "clean" not in sites or not sites["clean"].breaks
    assert [f.dynamo for f in findings_of(code) if f.line == 19] == ["GB0055"]


def test_a_packages_optimizer_steps_in_the_frame_torchs_breaks_there():
    """constructs.py "a package's optimizer, its own step under torch.no_grad (casmo's CASMO)": Dynamo
    inlines a step of the optimizer's own, so ``opt.step()`` breaks nowhere itself (held_out_31's casmo and
    grey-wolf steps); "a subclass of torch's SGD stepping with SGD's step": GB0025 at the call. Its
    ``zero_grad`` is torch's either way (GB0008)."""
    code = ("import torch\nfrom casmo import CASMO\n\nclass Mine(torch.optim.Optimizer):\n"
            "    def step(self, closure=None):\n        pass\n\nclass Plain(torch.optim.SGD):\n    pass\n\n"
            "def make(model):\n    opt = CASMO(model.parameters())\n    own = Mine(model.parameters(), {})\n"
            "    sgd = Plain(model.parameters(), lr=0.1)\n\n    @torch.compile\n    def step(x):\n"
            "        opt.zero_grad()\n        loss = model(x).sum()\n        opt.step()\n        own.step()\n"
            "        sgd.step()\n        return loss\n    return step\n")
    assert [(line, gb) for line, _, gb in _nm4(code) if gb != "GB0123"] == [(18, "GB0008"), (22, "GB0025")]


def test_math_prod_of_a_generator_expression_skips_the_frame():
    """constructs.py "math.prod of a generator expression, an op before (torchspin's ham_ezho)", "... read
    through a property (torchspin's SpinSystem.nStates)", "... over a tensor's shape", "... over a tuple of Python
    ints": GB8335 / GB0055, the frame skipped (held_out_38's
    spinsystem.py:732, missed in three models); "math.prod of a list comprehension", "sum of a generator
    expression of ints": traced."""
    code = ("import math\nimport torch\n\n@torch.compile\ndef f(x, spins: list[float]):\n    y = x * 2\n"
            "    n = math.prod(int(round(2 * s + 1)) for s in spins)\n"
            "    k = math.prod([int(s) for s in spins]) + sum(int(s) for s in spins)\n    return y + n + k\n")
    assert [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code[:3] in ("NM3", "NM4")] == [
        (7, "NM404", "GB0055")]
    sites = summary(code)
    assert [(b.line, b.skips_frame) for b in sites["f"].breaks] == [(7, True)]
    # "... over a ModuleList's strides (diffusers' LTX2 tiled_decode)": GB0055, resumed
    modules = ("import math\nimport torch\nfrom torch import nn\n\nclass Decoder(nn.Module):\n"
               "    def __init__(self):\n        super().__init__()\n"
               "        self.ups = nn.ModuleList([nn.Conv1d(1, 1, 1, stride=2) for _ in range(3)])\n\n"
               "@torch.compile\ndef g(x, decoder: Decoder):\n    y = x * 2\n"
               "    return y * math.prod(u.stride[0] for u in decoder.ups[:-1])\n")
    assert [(b.line, b.skips_frame) for b in summary(modules)["g"].breaks] == [(13, False)]


def test_a_parameter_tested_against_its_int_default_is_a_setting_unless_a_caller_makes_it_a_tensor():
    """constructs.py "a helper's parameter tested == -1, its default, handed an int and left unset (expsolve's
    cfft)": no break; "... handed a tensor": GB0170 at the test. expsolve's ``cfft(f, d=-1)``, ``cifft``,
    ``fourierproduct`` and ``fourierfn`` (held_out_38's spectral derivative, five refuted NM402): the named
    entry ``diffop(d, k, u)`` hands its ``d`` down, a parameter taken for a tensor, not one of its making."""
    code = ("import torch\n\ndef axis_fft(f, d=-1):\n    if d == -1:\n        return torch.fft.fftn(f)\n"
            "    return torch.fft.fft(f, dim=d + 1)\n\ndef product(c, u, d=-1):\n    if d==-1:\n"
            "        return axis_fft(c * u)\n    return axis_fft(c * u, d)\n\n"
            "def diffop(d, k, u):\n    return product(k, u, d)\n")
    entry = Options(entries=("input.py:diffop",))
    assert [f.line for f in findings_of(code, options=entry) if f.code == "NM402"] == []
    given = code + "\n@torch.compile\ndef given(x):\n    return axis_fft(x, (x.sum() > 1e9).long() - 1)\n"
    assert [f.line for f in findings_of(given, options=entry) if f.code == "NM402"] == [4]
    switched = code.replace("if d==-1:", "if d == 1:")  # not its default: not a setting by this alone
    assert [f.line for f in findings_of(switched, options=entry) if f.code == "NM402"] == [9]


def test_an_optimizer_a_handed_lambda_builds_from_a_packages_class_steps_in_the_frame():
    """constructs.py "a package's optimizer built by a lambda handed to a factory, its own step given an
    objective (torch-numopt)": no break at the call; "torch's SGD built by a lambda handed to a factory,
    stepped": GB0025 there. A user's factory builds ``opt = make_optimizer(model)`` from the lambda each
    caller hands it (held_out_38's five torch-numopt steps, the class imported in the caller's body)."""
    code = ("import torch\n\ndef _stepper(make_optimizer, model):\n    opt = make_optimizer(model)\n\n"
            "    def step(x):\n        loss = model(x).sum()\n        opt.step(loss)\n        return loss\n"
            "    return torch.compile(step)\n\ndef newton(model):\n    from numopt import NewtonLS\n"
            "    return _stepper(lambda m: NewtonLS(m.parameters(), tol=1e-6), model)\n\n"
            "def lbfgs(model):\n    from numopt import LBFGS\n    return _stepper(lambda m: LBFGS(m.parameters()), model)\n\n"
            "def _torch_stepper(make_optimizer, model):\n    opt = make_optimizer(model)\n\n"
            "    def step(x):\n        loss = model(x).sum()\n        opt.step()\n        return loss\n"
            "    return torch.compile(step)\n\ndef sgd(model):\n"
            "    return _torch_stepper(lambda m: torch.optim.SGD(m.parameters(), lr=0.1), model)\n\n"
            "def mixed(model):\n    from numopt import NewtonLS\n"
            "    return _torch_stepper(lambda m: NewtonLS(m.parameters()), model)\n")
    assert [(line, gb) for line, _, gb in _nm4(code)] == [(25, "GB0025")]


def test_fork_rng_a_mixed_clamp_and_a_bool_mask_made_by_torch_break():
    """constructs.py "torch.random.fork_rng entered ...": GB0142, the frame skipped (torch-incremental-pca's
    low-rank SVD); "torch.clamp of a tensor, min a float and max a tensor" and its method and positional forms:
    GB0033, resumed, where two tensors or two numbers trace (casmo's ``_compute_agar``); "a boolean mask of
    ~torch.eye(n, dtype=torch.bool) read": GB0036 (torch-supercluster's diversity loss)."""
    code = ("import torch\n\n@torch.compile\ndef f(y):\n    s = y @ y.T\n    m = ~torch.eye(4, dtype=torch.bool)\n"
            "    a = torch.clamp(y, min=0.0, max=y.mean() * 3)\n    b = y.clamp(0.0, y.mean())\n"
            "    c = torch.clamp(y, min=-y.mean(), max=y.mean()) + torch.clamp(y, -1, 1) + y.clamp(min=1e-6)\n"
            "    return s[m].mean() + a + b + c\n\n@torch.compile\ndef g(x):\n"
            "    with torch.random.fork_rng(enabled=True):\n        return x + torch.randn(4)\n")
    assert [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code[:3] in ("NM3", "NM4")] == [
        (7, "NM404", "GB0033"), (8, "NM404", "GB0033"), (10, "NM301", None), (14, "NM404", "GB0142")]


def test_membership_in_a_tensor_stops_the_frame():
    """constructs.py "an int in a tensor, tested in an if (pt-kmeans' split_cluster)", "... assigned", "a tensor
    in a tensor": GB0124 inside ``Tensor.__contains__``, Dynamo cannot resume: the rest of the frame eager;
    "... first in the frame", "... in a callee whose caller goes on": the frame skipped, so the breaks after
    it are not Dynamo's. Not a parameter only taken for a tensor (``"mask" in batch`` asks a dict), nor a
    test in a ``raise``'s message; "an int in a list of ints": none."""
    code = ("import torch\n\ndef split(x, labels: torch.Tensor, k: int):\n    if k not in labels:\n"
            "        raise ValueError('no such label')\n    labels = labels.cpu()\n    n = labels.max().item()\n"
            "    return x * n\n\n@torch.compile\ndef f(x: torch.Tensor, batch):\n    y = x * 2\n    z = y + 1\n"
            "    if 'mask' in batch or 1 in [1, 2]:\n        z = z + 1\n    ids = (z > 0).long()\n"
            "    if not z.any():\n        raise ValueError(f'{1 in ids}')\n    b = 1 in ids\n"
            "    return split(z, ids, 1) * b\n")
    sites = summary(code)
    assert [(b.line, b.skips_rest, b.skips_frame) for b in sites["f"].breaks] == [(17, False, False),
                                                                                (19, True, False)]
    assert [(b.line, b.skips_frame) for b in sites["split"].breaks][0] == (4, True)  # the score ignores later ones
    assert [(line, gb) for line, code_, gb in _nm4(code) if code_ == "NM401"] == [
        (4, "GB0124"), (7, "GB0124"), (19, "GB0124")]


def test_an_op_writing_into_a_strided_view_breaks():
    """mrphy's Bloch simulation: ``torch.addcmul(Mo[..., 0], s, Mo[..., 1], value=-1, out=Mo[..., 0])`` and
    ``torch.norm(b, dim=-1, keepdim=True, out=p)`` with ``p`` a piece of ``P.split(1, dim=-2)`` in a ``for`` over a
    ``zip`` (constructs.py "out= into a column view (mrphy's freeprec)", "... a colon first", "... a transposed
    view", "... a name bound to a column view", "... a slice of split along the last dimension (mrphy's
    blochsim)": GB0242, the last one's frame skipped in the loop); rows, leading rows, a fresh tensor, the
    input and the pieces of a split along the first dimension are contiguous: no break."""
    code = ("import torch\n\n@torch.compile\ndef precess(m, s):\n    mo = m.clone()\n"
            "    torch.addcmul(mo[..., 0], s, mo[..., 1], value=-1, out=mo[..., 0])\n"
            "    torch.mul(mo[:, 1], 3.0, out=mo[:, 1])\n    torch.mul(mo[1], 3.0, out=mo[1])\n"
            "    torch.mul(mo[1:3], 3.0, out=mo[1:3])\n    z = torch.empty(8, 4)\n    torch.mul(m, 3.0, out=z.t())\n"
            "    torch.mul(m, 3.0, out=m)\n    col = mo[:, 2]\n    torch.sin(col, out=col)\n"
            "    buf = torch.empty(4, 8)\n    for a, b in zip(m.split(1), buf.split(1)):\n"
            "        torch.mul(a, 3.0, out=b)\n    return mo + z\n\n@torch.compile\ndef rotate(beff, phi):\n"
            "    for b, p in zip(beff.split(1, dim=-2), reversed(phi.split(1, dim=-2))):\n"
            "        torch.norm(b, dim=-1, keepdim=True, out=p)\n    return phi\n")
    assert _nm4(code) == [(6, "NM404", "GB0242"), (7, "NM404", "GB0242"), (11, "NM404", "GB0242"),
                          (14, "NM404", "GB0242"), (23, "NM404", "GB0242")]


def test_a_numpy_draw_of_arrays_breaks_making_its_fake_call():
    """tianshou's PSRL ``np.random.normal(self.rew_mean, self.rew_std)``: of arrays, a draw per element
    (constructs.py "np.random.normal of two arrays (tianshou's PSRL)", "... of an array mean and a number", "... of
    a tensor's values", "np.random.uniform of two arrays": GB0112, resumed), not a Python number (GB0033, "np.random.
    normal"); arguments of unknown kind are said to be either."""
    code = ("import numpy as np\nimport torch\n\n@torch.compile\ndef f(x, m: np.ndarray, s: float, w):\n"
            "    a = np.random.normal(m, 1.0)\n    b = np.random.normal(0.0, 1.0)\n"
            "    c = np.random.uniform(x.numpy(), s)\n    d = np.random.normal(s, 2.0)\n"
            "    e = np.random.normal(np.zeros(3), np.ones(3))\n    g = np.random.normal(w.mean, w.std)\n"
            "    return x * a * b * c * d * e * g\n")
    found = [(f.line, f.dynamo, "array of their shape" in f.message, "if they are arrays" in f.message)
             for f in findings_of(code) if f.code == "NM404"]
    assert found == [(6, "GB0112", True, False), (7, "GB0033", False, False), (8, "GB0112", True, False),
                     (9, "GB0033", False, False), (10, "GB0112", True, False), (11, "GB0033", False, True)]


def test_a_method_of_a_scipy_object_breaks():
    """torchrbf's ``RBFInterpolator``: ``self._kdtree = KDTree(y_numpy)`` in ``__init__`` (imported there), then
    ``self._kdtree.query(x_numpy, k=...)`` in a method its forward calls; torch-sla's ``coo.tocsr()`` of a local
    (constructs.py "a SciPy KDTree's query of a tensor's values (torchrbf's _find_neighbors)", "a SciPy sparse
    matrix's tocsr (torch-sla)": GB0157, the frame skipped; "a SciPy cKDTree's query ...": GB0156). An attribute
    also set to something else, and a file that never names SciPy, are left alone."""
    code = ("import torch\nfrom torch import nn\n\nclass Interp(nn.Module):\n    def __init__(self, y, fast):\n"
            "        super().__init__()\n        self.tree = None\n        if fast:\n"
            "            from scipy.spatial import KDTree\n            self.tree = KDTree(y.numpy())\n"
            "        self.other = make(y) if fast else None\n\n    def near(self, x):\n"
            "        d, i = self.tree.query(x.detach().numpy(), k=2)\n        j = self.other.query(x)\n"
            "        return torch.from_numpy(i) + j\n\n    def forward(self, x):\n        return self.near(x)\n\n"
            "@torch.compile\ndef solve(a, b):\n    import scipy.sparse\n"
            "    coo = scipy.sparse.coo_matrix(a.numpy())\n    m = coo.tocsr()\n    return b * m.nnz\n")
    assert _nm4(code) == [(14, "NM404", "GB0157"), (24, "NM404", "GB0007"), (25, "NM404", "GB0157")]


def test_a_store_runs_the_class_own_setattr():
    """mrphy's ``Pulse``: ``__init__`` stores ``self.rf, self.gr = ...`` through the class's own ``__setattr__``,
    which looks for ``deepcopy`` in ``inspect.stack()`` (constructs.py "inspect.stack() in traced code", "an object
    whose __setattr__ reads inspect.stack(), built in traced code (mrphy's Pulse)": GB0007 at the ``__setattr__``'s
    line; the class built in another file's traced step, so its ``__init__`` is traced: here the entry).
    ``object.__setattr__(self, ...)`` is no store through it; a class without one runs none."""
    code = ("import inspect\nimport torch\n\nclass Pulse:\n    def __init__(self, rf):\n"
            "        object.__setattr__(self, 'n', rf.shape[0])\n        self.rf = rf * 2\n\n"
            "    def __setattr__(self, k, v):\n        if 'deepcopy' in (f.function for f in inspect.stack()):\n"
            "            object.__setattr__(self, k, v)\n            return\n        object.__setattr__(self, k, v)\n\n"
            "class Plain:\n    def __init__(self, rf):\n        self.rf = rf * 2\n\n"
            "    def __setattr__(self, k, v):\n        object.__setattr__(self, k, v)\n\n"
            "class Other:\n    def __init__(self, rf):\n        self.rf = rf * 2\n")
    found = findings_of(code, options=Options(entries=("input.py:Pulse.__init__", "input.py:Plain.__init__",
                                                       "input.py:Other.__init__")))
    assert [(f.line, f.code, f.dynamo) for f in found if f.code.startswith("NM4")] == [(10, "NM404", "GB0007")]
    assert [(f.line, f.code) for f in findings_of(code) if f.code.startswith("NM4")] == []


def test_a_numpy_function_dynamo_does_not_map_breaks():
    """pinn-rk's ``_lagrange_integral``: ``np.poly1d([1.0])`` and ``poly * np.poly1d([1.0, -c[m]])`` in a loop
    (constructs.py "np.poly1d of a list of floats (pinn-rk's _lagrange_integral)", "np.polyval of Python numbers",
    "np.interp of Python numbers", "np.nanmean of a tensor's values", "np.isin of Python lists", "np.linalg.matrix_norm
    of a tensor's values": GB0294, on Python numbers too); a function Dynamo maps (``np.mean``) is traced as torch."""
    code = ("import numpy as np\nimport torch\n\n@torch.compile\ndef f(x):\n    p = np.poly1d([1.0, -0.5])\n"
            "    v = np.nanmean(x.numpy())\n    m = np.mean(x.numpy())\n    n = np.linalg.matrix_norm(x.numpy())\n"
            "    return x * v * m * n, p\n")
    assert _nm4(code) == [(6, "NM404", "GB0294"), (7, "NM404", "GB0294"), (9, "NM404", "GB0294")]


def test_an_array_indexed_by_a_local_boolean_array_has_a_dynamic_shape():
    """pytorch-tree-lstm's ``calculate_evaluation_orders``: ``unevaluated_nodes = numpy.ones(n, dtype=bool)``,
    ``unevaluated_mask = unevaluated_nodes[child_nodes]``, then ``parent_nodes[unevaluated_mask]`` in a ``while``
    (constructs.py "ndarray indexed by a boolean ndarray made with dtype=bool (pytorch-tree-lstm's ...)": GB0036; in
    the loop the frame skipped, so the ``np.isin`` below it is never traced). An index array of ints is no mask."""
    code = ("import numpy\nimport torch\n\n@torch.compile\ndef orders(adjacency, n: int):\n"
            "    adjacency = numpy.array(adjacency)\n    ids = numpy.arange(n, dtype=int)\n"
            "    left = numpy.ones(n, dtype=bool)\n    parents, children = adjacency[:, 0], adjacency[:, 1]\n"
            "    picked = parents[ids]\n    while left.any():\n        mask = left[children]\n"
            "        ready = parents[mask]\n        left = left & ~numpy.isin(ids, ready)\n    return picked\n")
    assert [(f.line, f.code, f.dynamo) for f in findings_of(code) if f.code in ("NM301", "NM404")] == [
        (13, "NM301", "GB0036"), (14, "NM404", "GB0294")]


def test_an_rnn_called_in_both_branches_of_an_if_breaks_in_each():
    """nhsmm's ``DefaultEncoder.forward``: ``self.lstm(packed)`` when a mask is given, ``self.lstm(x_c)`` in the
    ``else`` (constructs.py "LSTM: called in an if and in its else, the else taken (nhsmm's DefaultEncoder)":
    GB0014 at the else's call, the rest of the frame eager). Each is the module's first use on its own path; a
    second call after the ``if`` is not."""
    code = ("import torch.nn as nn\n\nclass E(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.lstm = nn.LSTM(4, 4)\n\n"
            "    def forward(self, x, mask=None):\n        x = x * 2\n        x = x + 1\n"
            "        if mask is not None:\n            out, _ = self.lstm(x * mask)\n"
            "        else:\n            out, _ = self.lstm(x)\n        again, _ = self.lstm(out)\n"
            "        return again\n")
    assert codes(code) == [(12, "NM406"), (14, "NM406")]
    # no mask by default: the else's call is where a default call breaks; given one, either may be
    assert [(b.line, b.skips_rest) for b in summary(code)["E.forward"].breaks] == [(14, True)]
    given = code.replace("mask=None", "mask")
    assert [(b.line, b.skips_rest) for b in summary(given)["E.forward"].breaks] == [(12, True), (14, True)]


def test_a_lock_or_a_sentinel_object_built_in_traced_code_breaks():
    """nhsmm's ``Convergence.__init__`` builds ``self._lock = Lock()`` (``from threading import Lock``), and
    qualitative-qsim's ``_sequence_alternatives`` a sentinel ``prior_region = object()`` (constructs.py
    "threading.Lock() built in traced code": GB0007, "threading.RLock() ...": GB0156, "object() built in traced
    code (qualitative-qsim's sentinel region)": GB0059; each resumed). A lock made at module level is not built
    there, and ``object`` bound to something else is not the builtin. A lock built and entered at once breaks
    at the ``with`` alone ("threading.Lock() built and entered in traced code": GB0142, the frame skipped)."""
    code = ("import threading\nfrom threading import Lock\nimport torch\n\nGUARD = Lock()\n\n"
            "@torch.compile\ndef f(x):\n    lock = Lock()\n    other = threading.RLock()\n    mark = object()\n"
            "    return x * 2, lock, other, mark, GUARD\n\n"
            "@torch.compile\ndef g(x, object=dict):\n    return x, object()\n\n"
            "@torch.compile\ndef h(x):\n    with threading.Lock():\n        return x * 2\n")
    assert _nm4(code) == [(9, "NM404", "GB0007"), (10, "NM404", "GB0156"), (11, "NM404", "GB0059"),
                          (20, "NM404", "GB0142")]


def test_a_list_written_out_as_a_comprehensions_iterable_is_a_tuple():
    """nhsmm's ``HSMM.fit`` gathers ``[p for name in ["initial", "transition", ...] for p in getattr(self.dist,
    name).parameters() if p.requires_grad]`` where it runs eagerly: CPython builds the list written out as the
    iterable as a tuple, whose iterator Dynamo steps (constructs.py "a list literal in a list comprehension, frame
    skipped", "a list comprehension of getattr(self, name) over names, after a break in a loop": no break there;
    "list in a list comprehension after the loop's break, in the loop": GB4347). A name bound to one is a list."""
    from neuron_migrate.checks.graph_breaks import COMPREHENSION_FRAMES

    code = ("import torch\nimport torch.nn as nn\n\nclass P(nn.Module):\n    def forward(self, x):\n"
            "        for r in x:\n            print(r)\n"
            "        found = [getattr(self, name) for name in ['a', 'b']]\n"
            "        names = ['a', 'b']\n        named = [getattr(self, name) for name in names]\n"
            "        return x, found, named\n")
    assert codes(code) == ([(7, "NM403"), (10, "NM409")] if COMPREHENSION_FRAMES else [(7, "NM403")])


def test_a_guarded_item_handed_a_parameter_typed_number_or_tensor_is_no_break():
    """nhsmm's ``Convergence``: ``update(self, score: float | torch.Tensor, ...)`` hands ``score`` on to
    ``_record``, whose ``val = score.item() if torch.is_tensor(score) else float(score)`` the fit, passing
    ``ll.item()``, never breaks at (constructs.py "is_tensor-guarded .item() in a helper a float-or-Tensor
    parameter is handed on to, a float passed (nhsmm's Convergence.update)": no break; "the same, a tensor
    passed": GB0124). A tensor of the caller's own making handed on is one."""
    code = ("import torch\n\nclass Monitor:\n    def update(self, score: float | torch.Tensor):\n"
            "        return self._record(score)\n\n    def _record(self, score):\n"
            "        return score.item() if torch.is_tensor(score) else float(score)\n\n"
            "MONITOR = Monitor()\n\n@torch.compile\ndef fit(x):\n    loss = (x * 2).sum()\n"
            "    return MONITOR.update(loss.item())\n")
    assert codes(code) == [(15, "NM401")]
    made = code.replace("        return self._record(score)\n", "        return self._record(score * 2 + torch.ones(1))\n")
    assert codes(made) == [(8, "NM401"), (15, "NM401")]


def test_f_pad_by_a_row_of_a_tensor_attribute_made_by_arithmetic_breaks():
    """df0-pitch's dSWIPE: ``self.N_pow2 = 2**L_rnd`` in ``__init__`` (``L_rnd`` from ``torch.arange``), then
    ``for i, N in enumerate(self.N_pow2): x_pad = F.pad(x, (0, N))``: each ``N`` a 0-d tensor, which
    ``F.pad`` reads on the host (constructs.py "F.pad by a tuple holding an element of a tensor attribute,
    in a loop over it": GB0033 inside torch's F.pad, the frame skipped; "... of Python ints": no break)."""
    code = ("import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
            "class Windows(nn.Module):\n"
            "    def __init__(self, lo, hi):\n"
            "        super().__init__()\n"
            "        exps = torch.arange(lo, hi).type(torch.int)\n"
            "        self.sizes = 2 ** exps\n\n"
            "    def forward(self, x):\n"
            "        outs = []\n"
            "        for i, n in enumerate(self.sizes):\n"
            "            outs.append(F.pad(x, (0, n)).sum())\n"
            "        return torch.stack(outs)\n")
    assert codes(code) == [(14, "NM401")]
    assert codes(code.replace("self.sizes = 2 ** exps", "self.sizes = [4, 8]")) == []
    assert codes(code.replace("F.pad(x, (0, n))", "F.pad(x, (0, 3))")) == []
    # as torch.arange's bounds, a reduction's result is left alone (speculative-decoding's ``F.pad(out, (0,
    # max_pad_left))`` after ``num_pad_left.amax()``, where Dynamo gave up on the frame earlier, at an arange)
    assert codes(code.replace("outs = []", "m = x.amax()\n        outs = []").replace("(0, n)", "(0, m)")) == []


def test_a_method_only_the_subclasses_of_a_plain_base_define_runs_their_override():
    """torchorthopolys' ``AbstractOrthoPolys._lnorm`` calls ``self._lnorm_(nrange)``, which only its subclasses
    define; reached from the entry ``Jacobi.deriv`` Dynamo inlines ``Jacobi._lnorm_`` and breaks at its SciPy
    call (measured, ``orthopolys.py:560``): the overrides of the file's subclasses are followed."""
    code = ("import scipy.special\nimport torch\n\n\nclass Base(object):\n    def norm(self, n):\n"
            "        return self._norm_(torch.arange(n))\n\n\nclass Jacobi(Base):\n    def _norm_(self, r):\n"
            "        return r * float(scipy.special.gammaln(2.5))\n\n    @torch.compile\n    def deriv(self, n, x):\n"
            "        return x * self.norm(n)\n")
    assert [(f.line, f.code) for f in findings_of(code) if f.code.startswith("NM4")] == [(12, "NM404")]
