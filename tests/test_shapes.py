"""NM3xx edge cases: host-side files and the truncation-check idiom of tokenizers."""

from neuron_migrate.models import Options
from neuron_migrate.testing import findings_of


def codes(code, path="input.py"):
    return [(f.line, f.code) for f in findings_of(code, path=path) if f.code.startswith(("NM3", "NM4"))]


TRUNCATION_CHECK = '''import torch

def encode_prompt(self, prompt):
    ids = self.tokenizer(prompt, padding="max_length", max_length=77, truncation=True).input_ids
    untruncated_ids = self.tokenizer(prompt, padding="longest", return_tensors="pt").input_ids
    if untruncated_ids.shape[-1] >= ids.shape[-1] and not torch.equal(ids, untruncated_ids):
        removed = self.tokenizer.batch_decode(untruncated_ids[:, 76:-1])
        logger.warning(f"truncated: {removed}")
    return self.text_encoder(ids)
'''


def test_a_longest_padded_batch_used_only_to_check_truncation_is_fine():
    assert codes(TRUNCATION_CHECK) == []


def test_a_longest_padded_batch_fed_to_the_model_is_reported():
    fed = TRUNCATION_CHECK.replace("return self.text_encoder(ids)", "return self.text_encoder(untruncated_ids)")
    assert codes(fed) == [(5, "NM304")]
    direct = 'def enc(tok, texts, model):\n    batch = tok(texts, padding=True)\n    return model(**batch)\n'
    assert codes(direct) == [(2, "NM304")]


def test_shapes_in_tests_and_data_code_are_the_hosts_business():
    code = "import torch\n\ndef check(x, n):\n    kept = x[x > 0]\n    return torch.zeros(int(n.max()))\n"
    assert codes(code) == [(4, "NM301"), (5, "NM302")]
    assert codes(code, path="tests/test_drop.py") == []
    assert codes(code, path="timm/data/random_erasing.py") == []


def test_a_column_of_a_table_is_not_a_tensor():
    code = 'import torch\n\ndef classes(df, t):\n    labels = df["label"].unique()\n    return t.unique(), labels\n'
    assert codes(code) == [(5, "NM301")]



def test_rows_filtered_by_their_own_fields_are_a_record_array_unless_a_tensordict():
    code = 'import torch\n\ndef rows_of(rows, end):\n    return rows[rows["start"] < end]\n'
    assert codes(code) == []  # a tensor has no string keys: a structured array or a frame
    assert codes("from tensordict import TensorDict\n" + code) == [(5, "NM301")]
    other = 'import torch\n\ndef rows_of(rows, spans, end):\n    return rows[spans["start"] < end]\n'
    assert codes(other) == [(4, "NM301")]  # another value's field: rows may be a tensor


def test_a_comparison_with_a_string_is_no_tensor_mask():
    # speechbrain's PLDA: ``self.segset[self.modelset == mod_id]`` with ``mod_id : str`` documented;
    # a tensor compared with a str is False, so this is NumPy's (or nothing's) selection
    code = ('import torch\n\ndef segments(self, mod_id, label: str, x):\n'
            '    """Segments.\n\n    Arguments\n    ---------\n    mod_id : str\n        The model.\n    """\n'
            '    a = self.segset[self.modelset == mod_id]\n    b = self.segset[self.names != label]\n'
            '    c = self.segset[self.kind == "speech"]\n    return a, b, c, x[x != mod_id.count("a")]\n')
    assert codes(code) == [(14, "NM301")]

DATASET = '''import torch
from torch import nn
from torch.utils.data import Dataset

def keep(x):
    return x[x > 0]

class Pairs(Dataset):
    def __getitem__(self, i):
        return keep(torch.randn(8)).unique()

class Net(nn.Module):
    def forward(self, x):
        return keep(x)
'''


def test_a_datasets_code_is_the_hosts_but_a_helper_the_model_shares_is_not():
    # keep() is also called from forward: its mask stays a finding; the Dataset's unique() does not
    assert codes(DATASET) == [(6, "NM301")]
    alone = DATASET.replace("        return keep(x)\n", "        return x\n")
    assert codes(alone) == []  # keep() is reached only from the Dataset now
    # traced from another file (project/model.py hands its roots in): device code again
    traced = Options(traced_roots=(("input.py", "keep", "called from net.py:Net.forward"),))
    assert [(f.line, f.code) for f in findings_of(alone, options=traced) if f.code.startswith("NM3")] == [(6, "NM301")]
    # a class that derives from a Dataset of this file, or from any base named ...Dataset
    derived = alone.replace("class Pairs(Dataset)", "class Base(Dataset):\n    pass\n\nclass Pairs(Base)")
    assert codes(derived) == []
    other = alone.replace("class Pairs(Dataset)", "class Pairs(geometric.InMemoryDataset)")
    assert codes(other) == []
    assert codes(alone.replace("class Pairs(Dataset)", "class Pairs(object)")) == [(6, "NM301"), (10, "NM301")]


NUMPY_HELPER = '''import numpy as np

def per_label(boxes, scores, floor, label):
    label_scores = scores[:, label]
    confident = label_scores > floor
    if confident.sum() == 0:
        return None
    return boxes[confident], label_scores[confident]

class Decoder:
    def __call__(self, rows):
        return rows[rows[:, 4] > self.floor]

    def labels(self, rows):
        return np.unique(rows[:, 5])
'''


def test_a_numpy_file_naming_no_torch_is_the_hosts_but_where_traced_from_another_file():
    # YOLOX's NMS of ONNX Runtime's outputs: NumPy's masks, no shape on the device
    assert codes(NUMPY_HELPER) == []
    traced = Options(traced_roots=(("input.py", "per_label", "called from net.py:Net.forward"),
                                   ("input.py", "Decoder.__call__", "called from net.py:Net.forward")))
    assert [(f.line, f.code) for f in findings_of(NUMPY_HELPER, options=traced)
            if f.code.startswith("NM3")] == [(8, "NM301"), (8, "NM301"), (12, "NM301")]  # and NM402 at 6
    # a file that names torch, or imports no NumPy, keeps its findings
    assert codes("import torch\n" + NUMPY_HELPER) == [(9, "NM301"), (9, "NM301"), (13, "NM301")]
    assert codes(NUMPY_HELPER.replace("import numpy as np", "import math")) == [
        (8, "NM301"), (8, "NM301"), (12, "NM301"), (15, "NM301")]  # np.unique of an unknown np too


COLLATOR = '''import torch

class MaskCollator:
    def __call__(self, batch):
        images = torch.utils.data.default_collate(batch)
        kept = int(196 * (1.0 - torch.rand(1).item()))
        return images, torch.randperm(196)[:kept]
'''


def test_a_class_whose_call_collates_batches_is_the_hosts():
    # handed to a DataLoader as collate_fn from another file (I-JEPA's MaskCollator)
    assert codes(COLLATOR) == []
    plain = COLLATOR.replace("torch.utils.data.default_collate(batch)", "torch.stack(batch)")
    assert codes(plain) == [(7, "NM302")]
    # traced from another file: device code again
    traced = Options(traced_roots=(("input.py", "MaskCollator.__call__", "called from net.py:Net.forward"),))
    assert [(f.line, f.code) for f in findings_of(COLLATOR, options=traced) if f.code.startswith("NM3")] == [(7, "NM302")]


def test_a_boolean_mask_cached_on_self_indexes_in_the_method_that_makes_it():
    """constructs.py "x[self.mask], the mask made in the method" (nnAudio's ``inverse_stft``:
    ``self.nonzero_indices = self.w_sum > 1e-10``, then ``real[:, self.nonzero_indices]``): a
    break at the read. Not followed into another method, where the attribute may hold anything,
    nor once the attribute is rebound to something else than a mask."""
    code = ("import torch\nfrom torch import nn\n\n"
            "class Inverse(nn.Module):\n    def forward(self, x):\n"
            "        self.keep = x.sum(0) > 0\n        y = x[:, self.keep]\n"
            "        self.keep = torch.arange(3)\n        z = x[:, self.keep]\n        return y, z\n\n"
            "    def other(self, x):\n        return x[:, self.keep]\n")
    assert codes(code) == [(7, "NM301")]


GROWN = '''import torch
from .sampling import next_token

def generate(model, idx, steps):
    for _ in range(steps):
        logits = model(idx)
        idx = torch.cat((idx, logits[:, -1:].argmax(-1)), dim=1)
    return idx
'''


def test_a_sequence_grown_and_fed_to_the_model_at_every_step_is_reported_once():
    assert codes(GROWN) == [(7, "NM308")]
    twice = GROWN.replace("    return idx", "        idx = torch.cat((idx, idx[:, -1:]), dim=1)\n    return idx")
    assert codes(twice) == [(7, "NM308")]  # at the first growth of the step
    assert codes(GROWN, path="tests/test_generate.py") == []
    # a loop at the top of a script (pytorch/examples' word language model's generate.py)
    script = "import torch\nidx = torch.zeros(1, 1)\nfor _ in range(4):\n    out = model(idx)\n" \
             "    idx = torch.cat((idx, out[:, -1:]), dim=1)\n"
    assert codes(script) == [(5, "NM308")]


def test_growth_is_not_reported_when_the_step_does_not_see_a_longer_sequence():
    library_call = GROWN.replace("logits = model(idx)", "logits = next_token(idx)")
    collected = GROWN.replace("logits = model(idx)", "logits = model(x)\n        outs.append(idx)")
    rebound = GROWN.replace("logits = model(idx)", "idx = model(idx)\n        logits = idx")
    loop_variable = GROWN.replace("for _ in range(steps)", "for idx in steps")
    for code in (library_call, collected, rebound, loop_variable):
        assert codes(code) == [], code


GROWN_IN_CALLEE = '''import torch


class Greedy:
    def update(self, tokens, logits):
        nxt = logits[:, -1].argmax(-1, keepdim=True)
        tokens = torch.cat([tokens, nxt], dim=-1)
        return tokens, bool((nxt == 0).all())


class Beam:
    def update(self, tokens, logits):
        return tokens[:, :1], True


class Task:
    def run(self, tokens):
        for i in range(8):
            logits = self.model(tokens)
            tokens, done = self.decoder.update(tokens, logits)
        return tokens
'''


def test_a_sequence_grown_in_a_callee_of_the_file_and_fed_at_every_step_is_reported():
    """whisper's decode loop: ``tokens, completed = self.decoder.update(tokens, logits, ...)``, where
    ``GreedyDecoder.update`` returns its parameter grown with ``torch.cat`` (constructs.py
    --grown-loop, "grown in a callee": 8 compiles in 12 steps with dynamic=False, as grown in place)."""
    found = [f for f in findings_of(GROWN_IN_CALLEE) if f.code == "NM308"]
    assert [(f.line, f.code) for f in found] == [(20, "NM308")]
    assert "`self.decoder.update(...)` returns it longer" in found[0].message
    # the callee gives back something else in the returned place, or no callee of the file grows it
    other_place = GROWN_IN_CALLEE.replace("return tokens, bool(", "return nxt, bool(")
    not_grown = GROWN_IN_CALLEE.replace("tokens = torch.cat([tokens, nxt], dim=-1)", "tokens = tokens + nxt")
    not_fed = GROWN_IN_CALLEE.replace("logits = self.model(tokens)", "logits = self.model(tokens[:, -1:])")
    function = GROWN_IN_CALLEE.replace("self.decoder.update(tokens, logits)", "update(tokens, logits)")
    for code in (other_place, not_grown, not_fed, function):
        assert [f for f in findings_of(code) if f.code == "NM308"] == [], code


def test_a_padded_mask_is_a_mask():
    """constructs.py "x[F.pad(mask)]" (torcheval's auroc: ``mask = F.pad(t.diff() != 0, [0, 1],
    value=1.0)``, then ``cum[mask]``): a dynamic shape (GB0036). A padded tensor that is not a
    mask indexes as any tensor does."""
    code = ("import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
            "class Net(nn.Module):\n    def forward(self, x, i):\n"
            "        m = F.pad(x.diff(dim=-1) != 0, [0, 1], value=1.0)\n        y = x.cumsum(-1)[m]\n"
            "        j = F.pad(i, [0, 1])\n        return y, x[j]\n")
    assert codes(code) == [(8, "NM301")]


def test_any_or_all_of_a_comparison_is_a_mask():
    """constructs.py "x[~torch.any(x < 0, dim=1)] (torchstain's transparent pixels)": a dynamic shape
    (GB0036); so is ``(x > 0).all(-1)``. ``.any()`` of what is not known to be a mask is left alone."""
    code = ("import torch\nfrom torch import nn\n\nclass Net(nn.Module):\n    def forward(self, x, beta, t):\n"
            "        kept = x[~torch.any(x < beta, dim=1)]\n        pos = x[(x > 0).all(-1)]\n"
            "        return kept, pos, x[t.any(1)]\n")
    assert codes(code) == [(6, "NM301"), (7, "NM301")]


def test_a_call_of_a_function_annotated_to_return_a_boolean_tensor_is_a_mask():
    """torchist's histogram: ``mask = ~out_of_bounds(x, low, upp)``, then ``x = x[mask]``, where
    ``out_of_bounds`` is annotated ``-> BoolTensor`` (constructs.py "x[~f(x)], f annotated ->
    BoolTensor": GB0036). A function annotated ``-> Tensor``, or a name the module binds twice,
    is not judged."""
    code = ("import torch\nfrom torch import Tensor, BoolTensor\n\n"
            "def out_of_bounds(x: Tensor, low, upp) -> BoolTensor:\n    return torch.logical_or(x < low, x > upp)\n\n"
            "def other(x: Tensor) -> Tensor:\n    return x > 0\n\n"
            "def forward(x, low, upp):\n    mask = ~out_of_bounds(x, low, upp)\n"
            "    y = x[other(x)]\n    return x[mask] + y[out_of_bounds(y, low, upp)]\n")
    assert codes(code) == [(13, "NM301"), (13, "NM301")]
    twice = code + "\nout_of_bounds = None\n"
    assert codes(twice) == []


def test_a_call_of_a_function_returning_a_compared_torch_call_is_a_mask():
    """pytorch-mr's ``def NearZero(val, eps=1e-6): return torch.abs(val) < eps``, then
    ``nonzero = ~NearZero(theta)`` and ``expc3[nonzero]`` (constructs.py "x[~f(x)], f returning a
    comparison of a torch call": GB0036). A comparison of Python values, or a body doing more than
    return it, is not judged."""
    code = ("import torch\n\ndef near_zero(val, eps=1e-6):\n    \"\"\"Close to zero.\"\"\"\n"
            "    return torch.abs(val) < eps\n\ndef small(n, k):\n    return n < k\n\n"
            "def logged(val):\n    print(val)\n    return torch.abs(val) < 1\n\n"
            "def forward(x):\n    nonzero = ~near_zero(x.sum(-1))\n"
            "    return x[nonzero], x[near_zero(x)], x[small(1, 2)], x[logged(x)]\n")
    assert [(f.line, f.column) for f in findings_of(code) if f.code == "NM301"] == [(16, 12), (16, 24)]


def test_a_mask_reshaped_or_squeezed_is_a_mask():
    """dbini-torch's ``u[:, mask.reshape(-1)]`` and ba-cuda's ``small = (theta < 1e-8).squeeze(-1)``,
    then ``K[small]`` (constructs.py "x[m.reshape(-1)]", "x[(t < eps).squeeze(-1)]": GB0036): the
    method keeps the dtype. A cast is no mask."""
    code = ("import torch\n\ndef forward(x, theta):\n    m = x > 0\n    small = (theta < 1e-8).squeeze(-1)\n"
            "    return x[:, m.reshape(-1)], x[small], x[m.float().reshape(-1).long()]\n")
    assert [(f.line, f.column) for f in findings_of(code) if f.code == "NM301"] == [(6, 12), (6, 33)]


def test_a_name_used_as_a_masked_fill_mask_is_a_mask():
    """electra-pytorch's ``gen_labels[mask]``: the mask a helper made, which the function also
    hands to ``masked_fill`` as ``~mask`` (constructs.py "x[m], m a helper's result, ~m a
    masked_fill mask": GB0036); ``torch.where(m, a, b)``'s condition is one too. An index never
    used so stays unreported."""
    code = ("import torch\n\ndef subset(t):\n    return t > 0\n\ndef forward(x, idx, sel):\n"
            "    mask = subset(x)\n    y = x.masked_fill(~mask, 0.0)\n    z = torch.where(sel, x, y)\n"
            "    return y[mask] + z[sel] + x[idx]\n")
    got = [(f.line, f.column, f.code) for f in findings_of(code) if f.code == "NM301"]
    assert got == [(10, 12, "NM301"), (10, 22, "NM301")]


def test_repeats_indexed_out_of_a_tensor_are_a_tensor():
    # torchtsetlin's sample_forget_events (functional.py:485-486): ``kk = k[todo]`` of a tensor ``k``
    # handed to repeat_interleave as its repeats (constructs.py "repeat_interleave by a tensor indexed
    # with an arange", "... by an element of a tensor": GB0036 on both)
    code = (
        "import torch\n\n"
        "def gaps(mu, todo):\n"
        "    k = (mu + 8.0).ceil().long()\n"
        "    kk = k[todo]\n"
        "    rows = torch.repeat_interleave(torch.arange(todo.numel()), kk)\n"
        "    first = torch.repeat_interleave(rows, k[0])\n"
        "    same = rows.repeat_interleave(2)\n"
        "    return first, same\n"
    )
    assert codes(code) == [(6, "NM301"), (7, "NM301")]
    sizes = "def tile(x, sizes):\n    n = sizes[0]\n    return x.repeat_interleave(n)\n"
    assert codes(sizes) == []  # a list's element is no tensor
