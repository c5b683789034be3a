"""NM2xx / NM5xx behaviour the fixtures cannot show (severities, aliases, noise limits), and
the issue's acceptance test run through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from neuron_migrate.cli import main
from neuron_migrate.models import Options, Severity
from neuron_migrate.testing import findings_of


def codes(code: str, **kw) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in findings_of(code, **kw)]


# -- acceptance (issue #4) ------------------------------------------------------------------------

ACCEPT_MODEL = '''\
import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2, mask=offs < n)


def features(cov, signal, logits, labels):
    evals, evecs = torch.linalg.eigh(cov)
    spectrum = torch.fft.rfft(signal)
    acc = (logits.argmax(1) == labels).double().mean()
    return evals, evecs, spectrum, acc
'''

PLAIN_MODEL = '''\
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(784, 256)
        self.fc2 = nn.Linear(256, 10)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))
'''


def _scan(capsys, path) -> tuple[int, list[dict]]:
    code = main(["scan", str(path), "-f", "json"])
    return code, json.loads(capsys.readouterr().out)["findings"]


def test_acceptance_project_fails_the_gate_with_the_right_families(tmp_path, capsys):
    (tmp_path / "model.py").write_text(ACCEPT_MODEL, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("torch==2.14.*\nflash-attn>=2.5\nnumpy\n", encoding="utf-8")
    code, found = _scan(capsys, tmp_path)
    got = {(f["path"], f["line"], f["code"]) for f in found}
    assert code == 1
    assert ("model.py", 2, "NM502") in got  # import triton
    assert ("model.py", 7, "NM502") in got  # the @triton.jit kernel
    assert ("model.py", 13, "NM202") in got  # torch.linalg.eigh: CPU fallback
    assert ("model.py", 14, "NM203") in got  # torch.fft.rfft: complex result
    assert ("model.py", 15, "NM203") in got  # .double()
    assert ("requirements.txt", 2, "NM601") in got  # flash-attn
    assert {f["code"][:3] for f in found} == {"NM2", "NM5", "NM6"}
    errors = {(f["line"], f["code"]) for f in found if f["severity"] == "error"}
    assert (2, "NM601") in errors and (7, "NM502") in errors


def test_acceptance_plain_project_passes(tmp_path, capsys):
    (tmp_path / "model.py").write_text(PLAIN_MODEL, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("torch==2.14.0\nnumpy\n", encoding="utf-8")
    code, found = _scan(capsys, tmp_path)
    assert code == 0 and [f for f in found if f["code"][:3] in ("NM2", "NM5", "NM6")] == []


# -- operators ---------------------------------------------------------------------------------

def test_names_resolve_through_imports_and_shadowing():
    assert codes("from torch.linalg import eigh\nw = eigh(a)\n") == [(2, "NM202")]
    assert codes("import torch.linalg as LA\nw = LA.svd(a)\n") == [(2, "NM202")]
    assert codes("import torch\ndef f(torch):\n    return torch.linalg.eigh(a)\n") == []
    assert codes("import numpy as np\nw = np.linalg.eigh(a)\n") == []
    assert codes("import torch\nw = torch.Tensor.svd(a)\n") == [(2, "NM202")]


def test_method_heuristics_are_conservative():
    assert codes("import torch\nu, s, v = x.svd()\n") == [(2, "NM202")]
    assert codes("u, s, v = x.svd()\n") == []  # no torch import: not reported
    assert codes("import torch\nu = m.svd(True)\n") == []  # an argument: some other class
    assert codes("import torch\nu = np.linalg.svd(x)\n") == []  # a module receiver
    assert codes("import torch\nq = 'abc'.qr()\n") == []  # a literal receiver
    assert codes("import torch\nd = w.dequantize()\n") == []  # shared with other libraries


def test_unknown_ops_are_one_info_finding_per_file():
    code = ("import torch\nimport torch.nn.functional as F\n"
            "a = F.avg_pool2d(x, 2)\nb = F.avg_pool2d(x, 3)\nc = torch.sort(x)\n"
            "d = F.softmax(x, -1)\ne = torch.split(x, 2)\n")
    found = findings_of(code)
    (f,) = [f for f in found if f.code == "NM206"]
    assert f.severity is Severity.INFO and f.line == 3
    assert "2 operators" in f.message and "unverified" in f.message
    assert "avg_pool2d" in f.message and "sort" in f.message
    assert "softmax" not in f.message and "split" not in f.message  # composites


LOADER = """import torch
from torch.utils.data import DataLoader, Dataset


def pad(batch):
    return torch.linalg.eigh(torch.stack(batch))


class Sorted(Dataset):
    def __getitem__(self, i):
        x = torch.randint(3, size=(6,))
        return torch.sort(x)[0], x.double(), x.svd()


loader = DataLoader(Sorted(), collate_fn=pad)


def step(x):
    return torch.sort(x)[0], torch.linalg.eigh(x)
"""


def test_data_loading_code_runs_its_operators_on_the_host():
    # a Dataset's methods and a loader's collate_fn (tracing.host_scope, as NM301/NM302 use it):
    # no NM201/NM202/NM206 there; a float64 made on the host still reaches the device (NM203)
    def nm2(code):
        return [c for c in codes(code) if c[1].startswith("NM2")]

    device_code = [(19, "NM206"), (19, "NM202")]
    assert nm2(LOADER) == [(12, "NM203"), *device_code]
    (unknown,) = [f for f in findings_of(LOADER) if f.code == "NM206"]
    assert "1 operator " in unknown.message and "line 19" in unknown.message
    # unless the loading code moves its tensors to the device itself
    for move in (".cuda()", ".to(self.device)", ".to('cuda:0')", ".to(device=torch.device('cuda'))"):
        moved = LOADER.replace("size=(6,))", "size=(6,))" + move)
        assert nm2(moved) == [(12, "NM206"), (12, "NM203"), (12, "NM202"), (19, "NM202")], move
    for host in (".to('cpu')", ".to(torch.float32)"):
        assert nm2(LOADER.replace("size=(6,))", "size=(6,))" + host)) == [(12, "NM203"), *device_code], host
    # not a Dataset, not a collate_fn: the same code is device code
    plain = LOADER.replace("class Sorted(Dataset)", "class Sorted(object)").replace(", collate_fn=pad", "")
    assert nm2(plain) == [(6, "NM202"), (12, "NM206"), (12, "NM203"), (12, "NM202"), (19, "NM202")]
    # a hook Python reads as collate_fn, spelt in fullwidth letters (NFKC), in a file whose
    # comment is not NFKC-normal: pad is still the loader's
    odd = plain.replace("loader = DataLoader(Sorted()", "loader = DataLoader(Sorted(), ｃｏｌｌａｔｅ_ｆｎ=pad")
    odd = odd.replace("import torch\n", "import torch  # ２ ，\n", 1)
    assert nm2(odd) == [(12, "NM206"), (12, "NM203"), (12, "NM202"), (19, "NM202")]


def test_dtype_severities():
    found = {f.code: f for f in findings_of("import torch\ny = x.to(torch.complex64)\n")}
    assert found["NM203"].severity is Severity.ERROR  # complex: unsupported
    found = {f.code: f for f in findings_of("import torch\ny = x.to(torch.float64)\n")}
    assert found["NM203"].severity is Severity.WARNING  # float64: computed in float32
    assert codes("import torch\nz = torch.zeros(3, dtype=torch.float64)\n") == []  # on the CPU
    assert codes("import torch\nz = torch.zeros(3, dtype=torch.float64, device=d)\n") == [(2, "NM203")]
    assert codes("import torch\nok = x.dtype == torch.float64\n") == []


def test_quantized_and_sparse_severities():
    q = [f for f in findings_of("import torch\nq = torch.quantize_per_tensor(x, 0.1, 0, torch.quint8)\n")
         if f.code == "NM204"]
    assert {f.severity for f in q} == {Severity.ERROR}
    s = [f for f in findings_of("import torch\ny = x.to_sparse()\n") if f.code == "NM204"]
    assert [f.severity for f in s] == [Severity.WARNING] and "unverified" in s[0].message


@pytest.mark.parametrize("name", ["torch.qint8", "torch.sparse_csr", "torch.hspmm", "torch.sspaddmm"])
def test_quantized_and_sparse_names_outside_calls(name):
    """The attribute check runs only on files holding its words: every name it reports has one."""
    assert codes(f"import torch\nops = [{name}]\n") == [(2, "NM204")]
    assert codes("import torch\nops = [torch.float16]\n") == []


def test_operator_rules_can_be_deselected_without_loading_the_map():
    found = findings_of("import torch\nw = torch.linalg.eigh(a.cuda())\n", options=Options(select=("NM1",)))
    assert {f.code for f in found} == {"NM102"}


# -- kernels -----------------------------------------------------------------------------------

def test_optional_triton_is_a_warning_and_typing_imports_are_silent():
    found = findings_of("try:\n    import triton\nexcept ImportError:\n    triton = None\n\n"
                        "@triton.jit\ndef k(x):\n    i = triton.language.program_id(0)\n")
    assert [(f.code, f.severity) for f in found] == [("NM502", Severity.WARNING), ("NM502", Severity.WARNING)]
    assert codes("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import flash_attn\n") == []


def test_unconditional_kernels_are_errors():
    found = findings_of("import triton\n\n@triton.jit\ndef k(x):\n    i = triton.language.program_id(0)\n")
    assert [(f.code, f.line, f.severity) for f in found] == [("NM502", 1, Severity.ERROR),
                                                              ("NM502", 4, Severity.ERROR)]
    (k,) = [f for f in found if f.line == 4]
    assert (k.column, k.end_column) == (1, len("def k") + 1)  # the `def name` span



def test_a_triton_device_function_is_info_ported_with_its_kernels():
    """A ``@triton.jit`` function that never asks its program id and that the file does not launch
    is inlined into the kernels calling it (mamba's ``softplus``, two alternatives under a Triton
    version test; its Mamba-3 ``cos_approx``): info, not a kernel to port on its own. One launched
    here, or asking ``tl.program_id``, stays a kernel; ``@triton.autotune`` wraps only kernels."""
    src = ("import triton\nimport triton.language as tl\n\n"
           "@triton.jit\ndef softplus(dt):\n    return tl.log(tl.exp(dt) + 1)\n\n"        # 5: device
           "@triton.jit\ndef scale(x_ptr):\n    i = tl.program_id(0)\n"                      # 9: kernel
           "    tl.store(x_ptr + i, softplus(tl.load(x_ptr + i)))\n\n"
           "@triton.jit\ndef one_block(x_ptr):\n    tl.store(x_ptr, 1.0)\n\n"               # 14: launched
           "def run(x):\n    one_block[(1,)](x)\n\n"
           "@triton.autotune(configs=[], key=[])\n@triton.jit\ndef tuned(x_ptr):\n    pass\n")  # 22
    found = {f.line: f for f in findings_of(src) if f.code == "NM502"}
    assert {line: f.severity for line, f in found.items()} == {
        1: Severity.ERROR, 5: Severity.INFO, 9: Severity.ERROR, 14: Severity.ERROR, 22: Severity.ERROR}
    assert "device function `softplus`" in found[5].message and "ported with the kernels" in found[5].message
    from neuron_migrate.report.work import _item_of

    assert _item_of({"code": "NM502", "severity": "info", "message": found[5].message, "path": "k.py",
                     "line": 5, "fix": None}) is None  # no work item of its own

def test_a_numba_device_function_is_info_and_the_import_beside_kernels_no_item():
    """mmdetection3d's KITTI rotated IoU (``kitti_utils/rotate_iou.py``): ten ``@cuda.jit(device=True,
    inline=True)`` helpers and one kernel were eleven "port ... to NKI" items and the ``numba.cuda``
    import a twelfth, 96-480 h for one kernel. A device function, which Numba lets only kernels
    call, is info ported with them; the import of a file that defines kernels is no item of its own."""
    from pathlib import Path

    from neuron_migrate.report import porting, work

    src = (Path(__file__).parent.parent / "fixtures/checks/NM503_numba_device_functions/input.py").read_text()
    found = {f.line: f for f in findings_of(src) if f.code == "NM503"}
    assert {line: f.severity for line, f in found.items()} == {
        6: Severity.ERROR, 10: Severity.INFO, 15: Severity.INFO, 22: Severity.ERROR}
    assert "device function `overlap`" in found[15].message and "ported with the kernels" in found[15].message
    as_dicts = [{"code": f.code, "severity": f.severity.label, "message": f.message, "path": "iou.py",
                 "line": f.line, "column": f.column, "fix": None} for f in found.values()]
    items = work.items(as_dicts, lambda p: "library", porting._location)
    assert [(i["title"], i["sites"]) for i in items] == [("port iou.py:22 to NKI", 1)]


def test_each_library_is_reported_once_per_file():
    code = ("def a():\n    import bitsandbytes as bnb\n    return bnb\n\n"
            "def b():\n    import bitsandbytes as bnb\n    return bnb\n")
    (f,) = findings_of(code)
    assert f.code == "NM504" and f.line == 2 and "(and 1 more import of it in this file)" in f.message


def test_the_library_itself_imports_its_own_modules_freely():
    """Scanning state-spaces/mamba, `from mamba_ssm.utils.torch import custom_bwd` in
    `mamba_ssm/ops/...` is the package's own helper, analysed where it is, not the CUDA-only pip
    library; its compiled CUDA extension (`selective_scan_cuda`) and another package's import
    still are."""
    code = "from mamba_ssm.utils.torch import custom_bwd\nimport selective_scan_cuda\nimport causal_conv1d\n"
    inside = findings_of(code, path="mamba_ssm/ops/selective_scan_interface.py")
    assert [(f.code, f.line) for f in inside] == [("NM504", 2), ("NM504", 3)]
    assert "imports selective_scan_cuda (mamba-ssm)" in inside[0].message
    assert [f.line for f in findings_of(code, path="src/mamba_ssm/ops/x.py")] == [2, 3]
    outside = findings_of(code, path="models/block.py")
    assert [(f.code, f.line) for f in outside] == [("NM504", 1), ("NM504", 2), ("NM504", 3)]
    # a subpackage named like a library is not the library (diffusers' quantizers/bitsandbytes/)
    (f,) = findings_of("import bitsandbytes\n", path="src/diffusers/quantizers/bitsandbytes/utils.py")
    assert f.code == "NM504" and f.line == 1
    (f,) = findings_of("import triton\n", path="mamba_ssm/ops/triton/k.py")
    assert f.code == "NM502" and f.line == 1


def test_replacements_say_whose_suggestion_they_are():
    (f,) = findings_of("from flash_attn import flash_attn_func\n")
    assert "our suggestion, not AWS's" in f.message and "scaled_dot_product_attention" in f.message
    (f,) = findings_of("import triton\n")
    assert "AWS's recommendation" in f.message and "NKI" in f.message


def test_each_fused_op_of_a_library_has_its_own_replacement():
    # xformers' ops are not all attention: its cross entropy and SwiGLU have torch equivalents of their own
    for code, expected in (("from xformers.ops import cross_entropy\n", "F.log_softmax"),
                           ("from xformers.ops import SwiGLU\n", "F.silu"),
                           ("from xformers.ops import fmha\n", "scaled_dot_product_attention"),
                           ("import xformers\n", "the torch operation each of its ops fuses"),
                           ("import xformers.ops\nxformers.ops.memory_efficient_attention(q, k, v)\n",
                            "(xformers uses (batch, seq, heads, dim))")):
        (f,) = findings_of(code)
        assert f.code == "NM504" and expected in f.message, (code, f.message)
    (f,) = findings_of("from xformers.ops import cross_entropy\n")
    assert "scaled_dot_product_attention" not in f.message


@pytest.mark.parametrize("code", [
    "from torch.utils.cpp_extension import load\nm = load('m', sources=['m.cpp'])\n",
    "from torch.utils.cpp_extension import load_inline\nm = load_inline('m', cpp_sources=s, cuda_sources=None)\n",
    "import numba\n@numba.jit\ndef f(a):\n    return a\n",
    "cuda_kernel = 'not a kernel'\n",
])
def test_kernel_look_alikes(code):
    assert [c for _, c in codes(code) if c.startswith("NM5")] == []


def test_config_key_and_option_apply_an_overlay(tmp_path, capsys):
    (tmp_path / "m.py").write_text("import torch\nw = torch.linalg.eigh(a)\n", encoding="utf-8")
    (tmp_path / "overlay.yaml").write_text(
        "schema_version: 1\noperators:\n  - {aten: _linalg_eigh, status: native, source: test}\n", encoding="utf-8")
    assert [f["code"] for f in _scan(capsys, tmp_path)[1]] == ["NM202"]
    (tmp_path / "pyproject.toml").write_text('[tool.neuron-migrate]\ncapabilities = "overlay.yaml"\n',
                                             encoding="utf-8")
    assert _scan(capsys, tmp_path)[1] == []
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\noperators:\n  - {aten: x, status: fast, source: s}\n", encoding="utf-8")
    assert main(["scan", str(tmp_path), "--capabilities", str(bad)]) == 2
    assert "bad.yaml: operators row 1 (aten: x): key 'status'" in capsys.readouterr().err


def test_tests_and_benchmarks_import_the_scanned_package_as_its_own(tmp_path):
    """state-spaces/mamba's tests/ and benchmarks/ import mamba_ssm, the package the scan holds
    (mamba_ssm/__init__.py): its modules are analysed there, so 13 imports of them were each
    'imports mamba_ssm.... (mamba-ssm): Mamba's selective-scan CUDA kernels'. A top-level package
    of the scanned tree (at its root, or under src/) is the project's own for every file of the
    scan; its compiled extension and other libraries' imports are still reported, and a file
    scanned without the package still reports it."""
    from neuron_migrate.models import Options
    from neuron_migrate.runner import candidates, fix_files, own_packages, scan

    (tmp_path / "mamba_ssm" / "ops").mkdir(parents=True)
    (tmp_path / "mamba_ssm" / "__init__.py").write_text("")
    (tmp_path / "mamba_ssm" / "ops" / "__init__.py").write_text("")
    (tmp_path / "mamba_ssm" / "ops" / "scan.py").write_text(
        "try:\n    import selective_scan_cuda\nexcept ImportError:\n    selective_scan_cuda = None\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_scan.py").write_text(
        "import causal_conv1d\nfrom mamba_ssm.ops.scan import selective_scan_cuda\nimport mamba_ssm.ops\n\n\n"
        "def test_scan():\n    assert mamba_ssm.ops.scan.selective_scan_cuda is selective_scan_cuda\n")
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks" / "bench.py").write_text("from mamba_ssm.ops import scan\n")
    assert own_packages(["mamba_ssm/__init__.py", "mamba_ssm/ops/__init__.py", "src/pkg/__init__.py",
                         "tests/test_scan.py", "setup.py", "my-tools/__init__.py"]) == ("mamba_ssm", "pkg")
    # a namespace package (no __init__.py of its own: NVIDIA/Megatron-LM's megatron/core/...)
    assert own_packages(["megatron/core/__init__.py", "src/ns/sub/__init__.py", "tools/my-x/__init__.py",
                         "a/b/c/__init__.py"]) == ("megatron", "ns")
    result, _ = scan([tmp_path], Options())
    found = sorted((f.path, f.line, f.code) for r in result.files for f in r.findings if f.code == "NM504")
    assert found == [("mamba_ssm/ops/scan.py", 2, "NM504"), ("tests/test_scan.py", 1, "NM504")]
    fixed = {c.rel: r for c, _, r in fix_files(candidates([tmp_path])[0], Options(), False, jobs=1, base=tmp_path)}
    assert [f.line for f in fixed["tests/test_scan.py"].remaining if f.code == "NM504"] == [1]
    assert fixed["benchmarks/bench.py"].remaining == []
    alone, _ = scan([tmp_path / "tests"], Options())
    nm504 = [f for r in alone.files for f in r.findings if f.code == "NM504"]
    assert [f.line for f in nm504] == [1, 2] and "(and 1 more import of it in this file)" in nm504[1].message


def test_a_namespace_package_of_the_tree_is_its_own(tmp_path):
    """NVIDIA/Megatron-LM's megatron/ has no __init__.py (its packages are megatron.core and
    megatron.training), and it is still the project's own. Here a tree whose namespace package
    shares its name with a CUDA-only library: its tests' imports of it are the tree's code,
    analysed where it is, not the pip library (no NM504); scanned alone, the tests report it."""
    from neuron_migrate.models import Options
    from neuron_migrate.runner import scan

    (tmp_path / "transformer_engine" / "pytorch").mkdir(parents=True)
    (tmp_path / "transformer_engine" / "pytorch" / "__init__.py").write_text("")
    (tmp_path / "transformer_engine" / "pytorch" / "ops.py").write_text("def f(x):\n    return x\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_ops.py").write_text(
        "import flash_attn\nfrom transformer_engine.pytorch.ops import f\n\n\ndef test_f():\n    assert f(1) == 1\n")
    result, _ = scan([tmp_path], Options())
    found = sorted((f.path, f.line) for r in result.files for f in r.findings if f.code == "NM504")
    assert found == [("tests/test_ops.py", 1)]
    alone, _ = scan([tmp_path / "tests"], Options())
    assert sorted(f.line for r in alone.files for f in r.findings if f.code == "NM504") == [1, 2]


def test_a_cuda_decorator_that_runs_without_cuda_is_a_warning_not_a_blocker():
    """openai/shap-e's `@custom_fwd` / `@custom_bwd` (torch.cuda.amp) run on a host without CUDA, so
    on Neuron too: the report listed them as what blocks a first run. A row without a twin that
    does not say it runs (compute capability) stays an error."""
    code = ("import torch\nfrom torch.cuda.amp import custom_fwd\n\n\nclass F(torch.autograd.Function):\n"
            "    @staticmethod\n    @custom_fwd\n    def forward(ctx, x):\n        return x\n\n\n"
            "major = torch.cuda.get_device_capability()[0]\n")
    found = {(f.code, f.line): f for f in findings_of(code)}
    assert found["NM104", 7].severity is Severity.WARNING and "not a blocker" in found["NM104", 7].message
    assert found["NM104", 12].severity is Severity.ERROR


def test_the_cuda_autocast_held_as_a_value_is_a_warning_not_a_blocker():
    """InternImage's `amp_autocast = torch.cuda.amp.autocast`, called later with its arguments: on a
    host without CUDA, and so on Neuron, it runs with autocast off, so the report counted a first-run
    blocker that is none. It stays work (mixed precision is lost), and a call is still rewritten."""
    case = Path(__file__).parent.parent / "fixtures" / "checks" / "NM105_autocast_alias_picked_by_option"
    found = {(f.code, f.line): f for f in findings_of((case / "input.py").read_text(encoding="utf-8"))}
    assert found["NM105", 14].severity is Severity.WARNING and "not a blocker" in found["NM105", 14].message
    called = findings_of("import torch\n\nwith torch.cuda.amp.autocast():\n    pass\n")
    assert [(f.code, f.severity, f.fix is not None) for f in called] == [("NM105", Severity.ERROR, True)]


def test_a_guard_that_switches_tensorrt_off_without_cuda_is_nothing_to_do():
    """CosyVoice's `if torch.cuda.is_available() is False and (load_trt is True ...): load_trt = False`
    keeps TensorRT off where CUDA is absent, as on Neuron: the guard is right as it is. It was a
    work item whose advice read "drop that backend ... do not retarget it"; it is now information."""
    case = Path(__file__).parent.parent / "fixtures" / "checks" / "NM103_guard_disabling_trt_flags"
    found = {(f.code, f.line): f for f in findings_of((case / "input.py").read_text(encoding="utf-8"))}
    guard = found["NM103", 13]
    assert guard.severity is Severity.INFO and guard.fix is None and "nothing to do here" in guard.message


def test_a_cuda_error_caught_in_an_except_clause_is_no_blocker():
    """LLaVA's model worker catches `torch.cuda.CudaError` between a ValueError and an Exception
    clause. The class is defined by every torch build (a RuntimeError), so the clause runs on Neuron
    as it runs without CUDA; it was an error "port it by hand" and a first-run blocker."""
    import torch

    assert issubclass(torch.cuda.CudaError, RuntimeError)  # on this build, which has no CUDA
    case = Path(__file__).parent.parent / "fixtures" / "checks" / "NM104_cuda_error_caught_by_a_server"
    found = {(f.code, f.line): f for f in findings_of((case / "input.py").read_text(encoding="utf-8"))}
    assert found["NM104", 19].severity is Severity.WARNING and "not a blocker" in found["NM104", 19].message


def test_import_from_torch_cuda_blocks_only_where_a_name_raises_without_cuda() -> None:
    """`from torch.cuda import device_count` runs on Neuron as on a host without CUDA (a warning);
    `synchronize` raises there, so importing it stays an error (a first-run blocker)."""
    runs = findings_of("from torch.cuda import device_count, is_available\n")
    raises = findings_of("from torch.cuda import device_count, synchronize\n")
    assert [(f.code, f.severity) for f in runs] == [("NM103", Severity.WARNING)]
    assert [(f.code, f.severity) for f in raises] == [("NM103", Severity.ERROR)]
