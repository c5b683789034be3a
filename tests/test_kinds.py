"""Value kinds (neuron_migrate/kinds.py): host values stop producing NM3xx/NM4xx, tensors do not."""

import ast

from neuron_migrate.kinds import ARRAY, DEVICE, MODULE, SCALAR, TENSOR, Kinds
from neuron_migrate.testing import findings_of


def codes(code, path="input.py"):
    return [(f.line, f.code) for f in findings_of(code, path=path) if f.code.startswith(("NM3", "NM4"))]


def kinds_of(code):
    tree = ast.parse(code)
    fn = tree.body[-1]
    aliases = {"np": "numpy", "torch": "torch", "math": "math", "nn": "torch.nn"}

    def qualify(e):
        parts = []
        while isinstance(e, ast.Attribute):
            parts.append(e.attr)
            e = e.value
        if isinstance(e, ast.Name) and e.id in aliases:
            return ".".join([aliases[e.id], *reversed(parts)])
        return None

    k = Kinds(fn, qualify)
    return {name: k.name(name) for name in ("a", "b", "c", "d", "e", "f", "g", "h", "n")}


def test_kinds_from_bindings_and_uses():
    got = kinds_of(
        "def f(x, n, arr, size: int, h):\n"
        "    a = np.zeros(3)\n"
        "    b = a.reshape(-1, 1) * 2\n"
        "    c = torch.ones(3) + b.sum()\n"
        "    d = x.shape[0] // 2\n"
        "    e = torch.device('cpu')\n"
        "    f = nn.Linear(2, 2)\n"
        "    g = len(x) + size\n"
        "    for i in range(n):\n"
        "        pass\n"
        "    return np.mean(h)\n")
    assert got == {"a": ARRAY, "b": ARRAY, "c": TENSOR, "d": SCALAR, "e": DEVICE, "f": MODULE,
                   "g": SCALAR, "h": ARRAY, "n": SCALAR}


def test_a_tensor_binding_wins_over_a_host_one():
    got = kinds_of("def f(x):\n    a = np.zeros(3)\n    if x:\n        a = torch.from_numpy(a)\n    return a\n")
    assert got["a"] == TENSOR


def test_a_parameter_rebound_to_a_host_value_before_any_read_is_that_value():
    # cotracker's visualizer: tracks = tracks[0].long().detach().cpu().numpy(), then NumPy masks
    got = kinds_of("def f(a: torch.Tensor, b, c: torch.Tensor, d):\n"
                   "    a = a[0].long().detach().cpu().numpy()\n"
                   "    b = b.shape[0]\n"
                   "    c = self.norm(c)\n"  # unknown value: the annotation still holds
                   "    e = d.sum()\n"
                   "    d = d.numpy()\n"  # read before: d may be a tensor there
                   "    if e:\n"
                   "        h = 1\n")
    assert (got["a"], got["b"], got["c"], got["d"]) == (ARRAY, SCALAR, TENSOR, None)
    branch = kinds_of("def f(a: torch.Tensor, x):\n    if x:\n        a = a.numpy()\n    return a\n")
    assert branch["a"] == TENSOR  # rebound in a branch only: a tensor on the other path
    code = ("import torch\n\n"
            "def draw(tracks: torch.Tensor, segm_mask: torch.Tensor):\n"
            "    _, _, N, D = tracks.shape\n"  # the same of a tensor and an array
            "    tracks = tracks[0].long().detach().cpu().numpy()\n"
            "    return tracks[0, segm_mask > 0, 1].min(), tracks[1:, segm_mask <= 0]\n")
    assert codes(code) == []
    assert len(codes(code.replace("tracks = tracks[0].long().detach().cpu().numpy()", "pass"))) == 2


def test_numpy_masks_and_nonzero_are_not_device_shapes():
    code = ("import numpy as np\n\n"
            "def boxes_inside(boxes: np.ndarray, scores):\n"
            "    keep = (boxes[:, 2] > 0) & (boxes[:, 3] > 0)\n"
            "    rows = keep.nonzero()[0]\n"
            "    n = int(boxes[:, 0].max())\n"
            "    return boxes[keep][:n], np.mean(scores[scores > -1]), rows\n")
    assert codes(code) == []


def test_tensor_masks_are_still_reported():
    code = ("import torch\n\n"
            "def pick(x, arr):\n"
            "    t = torch.as_tensor(arr)\n"
            "    n = int(t.max())\n"
            "    return t[t > 0], x.nonzero(), torch.zeros(n)\n")
    assert sorted(codes(code)) == [(6, "NM301"), (6, "NM301"), (6, "NM302")]


def test_shape_arithmetic_in_forward_is_not_a_host_read():
    code = ("import math\nimport torch\nfrom torch import nn\n\n"
            "class Block(nn.Module):\n"
            "    def forward(self, x, H, W):\n"
            "        pad = math.ceil(H / 7) * 7 - H\n"
            "        if pad > 0:\n"
            "            x = x + 1\n"
            "        return x.view(-1, H, W)\n")
    assert codes(code) == []


def test_sizes_given_as_one_tuple_are_python_numbers():
    # Depth-Anything's DPT head: x.reshape((b, c, patch_h, patch_w)), then int(patch_h * 14)
    got = kinds_of("def f(x, a, b, c):\n    y = torch.zeros([a, 2])\n    return x.reshape((x.shape[0], b, c))\n")
    assert (got["a"], got["b"], got["c"]) == (SCALAR, SCALAR, SCALAR)


def test_a_forward_parameter_without_size_use_is_still_a_tensor():
    code = ("import math\nimport torch\nfrom torch import nn\n\n"
            "class Scale(nn.Module):\n"
            "    def forward(self, x, s):\n"
            "        return x * math.sqrt(s)\n")
    assert codes(code) == [(7, "NM401")]


def test_numpy_in_traced_code_still_breaks_like_a_tensor():
    # Dynamo traces NumPy as tensors: int() of an array reads it on the host (measured:
    # benchmarks/calibration/constructs.py "np value read on host")
    code = ("import numpy as np\nfrom torch import nn\n\n"
            "class Net(nn.Module):\n"
            "    def forward(self, x, sizes: list):\n"
            "        heights = np.array([s[0] for s in sizes])\n"
            "        return x[:, : int(heights.max())]\n")
    assert [c for _, c in codes(code)] == ["NM401"]


def test_a_name_switched_on_several_literals_is_a_python_value():
    """torchsr's UpsampleBlock.forward: ``if scale == 2: ... elif scale == 3: ...`` on a forward
    parameter, the model built for one scale (no break measured: carn_m). One comparison with a
    literal says nothing (``if t == 0`` of a tensor still breaks)."""
    code = ("import torch\nfrom torch import nn\n\n"
            "class Up(nn.Module):\n    def forward(self, x, scale, t):\n"
            "        if scale == 2:\n            x = x * 2\n        elif scale == 3:\n            x = x * 3\n"
            "        if t == 0:\n            x = x + 1\n        return x\n")
    assert codes(code) == [(10, "NM402")]


def test_a_name_switched_on_by_separate_ifs_is_a_python_value():
    """The GAN loss of a VQGAN-style autoencoder: ``if optimizer_idx == 0: ... return`` then ``if
    optimizer_idx == 1: ... return``, the same switch as an if/elif chain; the trainer passes an int."""
    code = ("import torch\nfrom torch import nn\n\n"
            "class Loss(nn.Module):\n    def forward(self, x, optimizer_idx, t):\n"
            "        if optimizer_idx == 0:\n            return x.mean()\n"
            "        if t == 0:\n            x = x + 1\n"
            "        if optimizer_idx == 1:\n            return x.sum()\n")
    assert codes(code) == [(8, "NM402")]


def test_lightnings_step_counter_handed_to_a_loss_forward_is_a_python_value():
    """taming-transformers' and latent-diffusion's GAN losses take Lightning's ``self.global_step``
    (an int; the loss is built from a config, so no call site resolves) and hand it to a helper,
    ``if global_step < threshold:``. Another parameter of the same forward is still assumed a tensor."""
    code = ("import torch\nfrom torch import nn\n\n"
            "def adopt(weight, global_step, threshold=0):\n"
            "    if global_step < threshold:\n        weight = 0.0\n    return weight\n\n"
            "class Loss(nn.Module):\n    def forward(self, x, global_step, t):\n"
            "        w = adopt(1.0, global_step, threshold=100)\n"
            "        if t < 100:\n            x = x + 1\n"
            "        return w * x.mean()\n")
    assert codes(code) == [(12, "NM402")]


def test_documented_numbers_read_the_parameter_types_of_a_docstring():
    """Google, NumPy and Sphinx docstrings, and ``name: type, description`` lines: a parameter
    typed as a Python number alone."""
    from neuron_migrate.kinds import documented_numbers
    fn = ast.parse('''def f(audio, rate, hop, x, y, z, w, q, r, s, gpu, depth, u):
    """Doc.

    Arguments
        audio (torch.tensor [shape=(1, time)])
            The audio
        rate (int)
            The sampling rate
        hop (int, optional): the hop
    x : float, optional
        a scale
    y : int or Tensor
    :type z: bool
    :param int w: a count
    q (int or Tensor): either
    r (Tensor): a tensor
    gpu: int, the device id, -1 for the CPU
    depth: int
    u: int or Tensor, either
    """
''').body[0]
    assert documented_numbers(fn) == {"rate", "hop", "x", "z", "w", "gpu", "depth"}
    assert documented_numbers(ast.parse("def f(n):\n    return n\n").body[0]) == set()


def test_a_size_derived_by_arithmetic_makes_its_operands_sizes():
    # haralick-torch's process_in_tiles (entry window_size=5): pad = window_size // 2, then
    # H = H_pad - 2 * pad in range(0, H, tile_size); measured: no break there (1 graph)
    code = ("import torch\n\n"
            "@torch.compile\n"
            "def tiles(img, tile, window):\n"
            "    margin = window // 2\n"
            "    _, _, h_pad, w_pad = img.shape\n"
            "    h = h_pad - 2 * margin\n"
            "    parts = []\n"
            "    for i in range(0, h, tile):\n"
            "        parts.append(img[..., i:i + tile].sum())\n"
            "    return torch.stack(parts)\n")
    assert codes(code) == []
    got = kinds_of(code.replace("@torch.compile\n", ""))
    assert got["h"] == SCALAR


def test_a_count_derived_from_a_tensor_read_is_still_a_break():
    # the evidence goes back through arithmetic of names only: ``n = x.max() + 1`` stays a tensor
    code = ("import torch\n\n"
            "@torch.compile\n"
            "def levels(x, k):\n"
            "    n = x.max() + k\n"
            "    out = []\n"
            "    for i in range(n):\n"
            "        out.append(x * i)\n"
            "    return out\n")
    assert codes(code) == [(7, "NM401")]


def test_a_name_bound_twice_passes_no_size_evidence_back():
    code = ("import torch\n\n"
            "@torch.compile\n"
            "def tiles(x, w):\n"
            "    h = w // 2\n"
            "    if x.shape[0] > 3:\n"
            "        h = w.sum()\n"
            "    return [x[i] for i in range(h)]\n")
    k = Kinds(ast.parse(code).body[-1], lambda e: None)
    assert k.used_as.get("w") is None
