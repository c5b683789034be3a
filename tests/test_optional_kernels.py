"""A CUDA extension the project builds only on a path it can skip (project/optional_kernels.py):
its NM501 findings are warnings that say where it is imported; imported where the code cannot
skip it, they stay errors. Modelled on a vocoder whose fused activation kernel is imported only
when a config flag asks for it, the torch activation otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from neuron_migrate.cli import main

LOADER = '''import pathlib

from torch.utils import cpp_extension


def load():
    here = pathlib.Path(__file__).parent
    return cpp_extension.load(name="fused_act", sources=[here / "fused_act.cpp", here / "fused_act_cuda.cu"],
                              extra_cuda_cflags=["-O3"])
'''

FUSED = '''import torch

from ops.cuda import loader

fused_act = loader.load()


class FusedActivation(torch.nn.Module):
    def forward(self, x):
        return fused_act.forward(x)
'''

KERNEL = "__global__ void act(float *x) {}\n"

MODEL = '''import torch


class Block(torch.nn.Module):
    def __init__(self, use_fused=False):
        super().__init__()
        {body}

    def forward(self, x):
        return self.act(x)
'''

BRANCHED = '''if use_fused:
            from ops.cuda.fused import FusedActivation
            self.act = FusedActivation()
        else:
            self.act = torch.nn.SiLU()'''
UNCONDITIONAL = '''from ops.cuda.fused import FusedActivation
        self.act = FusedActivation()'''


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def kernel_findings(capsys, root: Path) -> dict[str, dict]:
    main(["scan", str(root), "-f", "json", "--no-cache"])
    return {f["path"]: f for f in json.loads(capsys.readouterr().out)["findings"] if f["code"] == "NM501"}


def project(tmp_path: Path, body: str, **more: str) -> Path:
    return write(tmp_path, {"ops/__init__.py": "", "ops/cuda/__init__.py": "", "ops/cuda/loader.py": LOADER,
                            "ops/cuda/fused.py": FUSED, "ops/cuda/fused_act_cuda.cu": KERNEL,
                            "model.py": MODEL.replace("{body}", body), **more})


def test_a_kernel_imported_only_in_a_branch_is_optional(tmp_path, capsys):
    # a test that exercises the kernel directly does not make it needed
    root = project(tmp_path, BRANCHED, **{"tests/test_fused.py": "from ops.cuda.fused import FusedActivation\n"})
    found = kernel_findings(capsys, root)
    assert set(found) == {"ops/cuda/loader.py", "ops/cuda/fused_act_cuda.cu"}
    for f in found.values():
        assert f["severity"] == "warning"
        assert f["message"].startswith("optional kernel (imported only under an `if` or a `try`, a path the code "
                                       "can skip: `model.py:8`): ")


def test_a_kernel_imported_in_a_try_that_catches_its_failure_is_optional(tmp_path, capsys):
    body = '''try:
            from ops.cuda.fused import FusedActivation as Act
        except (ImportError, RuntimeError):
            Act = torch.nn.SiLU
        self.act = Act()'''
    found = kernel_findings(capsys, project(tmp_path, body))
    assert {f["severity"] for f in found.values()} == {"warning"}


@pytest.mark.parametrize("body, severity", [(BRANCHED, "warning"), (UNCONDITIONAL, "error")])
def test_a_cpp_source_calling_a_cuda_library_goes_with_the_build_that_names_it(tmp_path, capsys, body, severity):
    """The loader's C++ source calls cuBLAS (stable-fast's GEMMs call cuBLASLt from a .cc file): one
    more source of the same kernel, optional where the kernel is."""
    cpp = "#include <torch/extension.h>\n#include <cublas_v2.h>\n\ntorch::Tensor forward(torch::Tensor x);\n"
    found = kernel_findings(capsys, project(tmp_path, body, **{"ops/cuda/fused_act.cpp": cpp}))
    assert set(found) == {"ops/cuda/loader.py", "ops/cuda/fused_act_cuda.cu", "ops/cuda/fused_act.cpp"}
    assert {f["severity"] for f in found.values()} == {severity}
    assert found["ops/cuda/fused_act.cpp"]["line"] == 2


@pytest.mark.parametrize("body, more", [
    (UNCONDITIONAL, {}),  # in the constructor, whatever the flag says
    (BRANCHED, {"train.py": "from ops.cuda.fused import FusedActivation\n"}),  # a script loads it at its top
    (BRANCHED, {"model.py": "from ops.cuda import fused\n"}),  # the only importer loads it unconditionally
])
def test_a_kernel_the_code_cannot_skip_stays_an_error(tmp_path, capsys, body, more):
    found = kernel_findings(capsys, project(tmp_path, body, **more))
    assert set(found) == {"ops/cuda/loader.py", "ops/cuda/fused_act_cuda.cu"}
    assert {f["severity"] for f in found.values()} == {"error"}
    assert not any(f["message"].startswith("optional") for f in found.values())


def test_a_kernel_nothing_imports_stays_an_error(tmp_path, capsys):
    root = write(tmp_path, {"build_ext.py": LOADER, "fused_act_cuda.cu": KERNEL})
    assert {f["severity"] for f in kernel_findings(capsys, root).values()} == {"error"}


def test_the_sources_of_a_build_the_install_goes_on_without_are_optional(tmp_path, capsys):
    """sam2's setup.py builds its kernel in a `try` whose `except Exception` installs without it:
    the report counted the build and its `.cu` as two kernels to port, each a first-run blocker.
    Both are now warnings, one item: check the fallback of the one kernel."""
    case = Path(__file__).parent.parent / "fixtures" / "checks" / "NM501_extension_build_allowed_to_fail"
    root = write(tmp_path, {"setup.py": (case / "input.py").read_text(encoding="utf-8"),
                            "seg/csrc/components.cu": KERNEL, "seg/csrc/fused.cu": KERNEL})
    main(["scan", str(root), "-f", "json", "--no-cache"])
    found = {(f["path"], f["line"]): f for f in json.loads(capsys.readouterr().out)["findings"] if f["code"] == "NM501"}
    assert {k: f["severity"] for k, f in found.items()} == {
        ("setup.py", 18): "warning", ("seg/csrc/components.cu", 1): "warning",
        ("setup.py", 30): "error", ("setup.py", 33): "error", ("seg/csrc/fused.cu", 1): "error"}
    assert found["seg/csrc/components.cu", 1]["message"].startswith(
        "optional kernel (built in a `try` that goes on without it: `setup.py:18`): ")
    main(["report", str(root), "--no-cache", "-q", "-o", str(tmp_path / "report.json")])
    items = [i for i in json.loads((tmp_path / "report.json").read_text())["effort"]["work_items"]
             if i["kind"] == "optional-kernel"]
    assert [(i["what"], i["sites"]) for i in items] == [("seg/csrc/components.cu", 2)]


SETUP = '''import glob
import os

import torch
from setuptools import setup
from torch.utils.cpp_extension import CUDA_HOME, BuildExtension, CppExtension, CUDAExtension


def get_extensions():
    csrc = os.path.join("det", "ops", "csrc")
    sources = glob.glob(os.path.join(csrc, "*.cpp"))
    extension = CppExtension
    {gate}extension = CUDAExtension
    {gate_indent}sources += glob.glob(os.path.join(csrc, "*.cu"))
    return [extension("det._C", sources)]


setup(name="det", ext_modules=get_extensions(), cmdclass={"build_ext": BuildExtension})
'''
GATE = "if CUDA_HOME is not None and torch.cuda.is_available():\n        "

SAMPLING = '''import warnings

import torch

try:
    from det import _C
except ImportError:
    warnings.warn("custom ops not built: the torch implementation runs")


def sample(value, grid):
    if torch.cuda.is_available() and value.is_cuda:
        return _C.sample_forward(value, grid)
    return torch.nn.functional.grid_sample(value, grid, align_corners=False)
'''


_RAISES = '    else:\n        raise EnvironmentError("CUDA is required")\n    return [extension'


@pytest.mark.parametrize("gate, sampling, optional", [
    (GATE, SAMPLING, True),  # built with CUDA only where CUDA is, imported in a try with a torch path
    ("", SAMPLING, False),  # CUDAExtension wherever setup.py runs: nvcc is needed to install
    (GATE, SAMPLING.replace("from det import _C", "from .. import _C"), True),  # a relative import of it
    (GATE, "from det import _C\n", False),  # imported where the code cannot skip it
    ("if __name__ == '__main__':\n        ", SAMPLING, False),  # a script's own run: no condition on the host
    (GATE + "RAISES", SAMPLING, False),  # the install stops without CUDA
])
def test_the_sources_of_an_extension_built_only_with_cuda_and_imported_in_a_try_are_optional(
        tmp_path, capsys, gate, sampling, optional):
    """GroundingDINO's setup.py builds `groundingdino._C` with CUDAExtension and its `.cu` sources only
    `if CUDA_HOME is not None and ...` (a CppExtension otherwise), and ms_deform_attn.py imports `_C` in
    a `try` and runs the pure-PyTorch attention where the tensor is not CUDA: its `.cu` files were
    first-run blockers."""
    setup = SETUP.replace("{gate}", gate.replace("RAISES", "")).replace("{gate_indent}", "    " if gate else "")
    if gate.endswith("RAISES"):
        setup = setup.replace("    return [extension", _RAISES)
    root = write(tmp_path, {"setup.py": setup,
                            "det/__init__.py": "", "det/ops/__init__.py": "", "det/ops/sampling.py": sampling,
                            "det/ops/csrc/sample.cpp": "// host\n", "det/ops/csrc/sample_cuda.cu": KERNEL})
    found = kernel_findings(capsys, root)
    assert set(found) == {"det/ops/csrc/sample_cuda.cu"}
    f = found["det/ops/csrc/sample_cuda.cu"]
    assert f["severity"] == ("warning" if optional else "error")
    if optional:
        assert f["message"].startswith("optional kernel (built by `setup.py:16` only where CUDA is, and imported "
                                       "only under an `if` or a `try`, a path the code can skip: `det/ops/sampling.py:6`): ")


BUTTERFLY = '''import os
import warnings

import torch
from torch.utils.cpp_extension import load

_KERNEL = None


def butterfly_kernel():
    global _KERNEL
    if _KERNEL is not None:
        return _KERNEL
    here = os.path.dirname(__file__)
    try:
        kernel = load(name="butterfly", sources=[f"{here}/csrc/butterfly.cpp", f"{here}/csrc/butterfly_kernel.cu"])
    except Exception as exc:
        warnings.warn(f"no butterfly kernel ({exc}): using the torch product")
        kernel = {fallback}
    _KERNEL = kernel
    return kernel


def butterfly(blocks):
    if butterfly_kernel():
        return butterfly_kernel().forward(blocks)[0]
    return torch.block_diag(*blocks.unbind(0))
'''


@pytest.mark.parametrize(("fallback", "severity"), [("None", "warning"), ("load_failed()", "error")])
def test_a_kernel_loaded_in_a_try_whose_handler_sets_it_aside_is_optional(tmp_path, capsys, fallback, severity):
    """peft's BOFT: `try: fbd_cuda = load(...)`, `except Exception: fbd_cuda = None`, and a torch path
    when it is None: the load and its `.cu` are warnings (one optional kernel), not two blockers. A
    handler that binds the name to something else (another loader's answer) says nothing about a run
    without it."""
    root = write(tmp_path, {"adapters/__init__.py": "",
                            "adapters/butterfly.py": BUTTERFLY.replace("{fallback}", fallback),
                            "adapters/csrc/butterfly_kernel.cu": KERNEL})
    found = kernel_findings(capsys, root)
    assert {k: f["severity"] for k, f in found.items()} == {
        "adapters/butterfly.py": severity, "adapters/csrc/butterfly_kernel.cu": severity}
    if severity == "warning":
        assert found["adapters/butterfly.py"]["message"].startswith(
            "optional kernel (its build is in a `try` whose `except` at line 17 sets `kernel` for a run without it: "
            "`csrc/butterfly_kernel.cu`): load() compiles CUDA code")
        main(["report", str(root), "--no-cache", "-q", "-o", str(tmp_path / "report.json")])
        items = [(i["kind"], i["what"], i["sites"]) for i in
                 json.loads((tmp_path / "report.json").read_text())["effort"]["work_items"] if "kernel" in i["kind"]]
        assert items == [("optional-kernel", "adapters/csrc/butterfly_kernel.cu", 2)]


ENGINE = '''import torch


class Vocoder:
    def load_engine(self, plan):
        assert torch.cuda.is_available(), "the engine needs a GPU"
        import tensorrt

        self.engine = tensorrt.Runtime(tensorrt.Logger()).deserialize_cuda_engine(open(plan, "rb").read())
'''

FRONT = '''import torch

from speech.engine import Vocoder


class Synthesizer:
    def __init__(self, model_dir, use_engine=False):
        {switch}self.vocoder = Vocoder()
        if use_engine:
            self.vocoder.load_engine(f"{model_dir}/decoder.plan")
'''
SWITCH = '''if torch.cuda.is_available() is False and use_engine is True:
            use_engine = False
        '''


@pytest.mark.parametrize("switch, more, optional", [
    ("", {}, True),  # called only under `if use_engine:`, a flag off by default
    (SWITCH, {"serve.py": "from speech.front import Synthesizer\n\nSynthesizer('m', use_engine=True)\n"}, True),
    ("", {"serve.py": "from speech.front import Synthesizer\n\nSynthesizer('m', use_engine=True)\n"}, False),
    ("", {"speech/warm.py": "from speech.engine import Vocoder\n\nVocoder().load_engine('p')\n"}, False),
])
def test_a_cuda_only_import_in_a_method_the_project_calls_only_under_an_if_is_optional(tmp_path, capsys, switch,
                                                                                         more, optional):
    """CosyVoice's `CosyVoiceModel.load_trt` imports tensorrt (and asserts CUDA); `cli/cosyvoice.py`
    calls it only under `if load_trt:`, off by default and switched off where CUDA is absent: the
    report counted two first-run blockers in a loader a Neuron run never reaches. A caller that
    turns the flag on (where nothing turns it off again), or a call that always runs, keeps them."""
    root = write(tmp_path, {"speech/__init__.py": "", "speech/engine.py": ENGINE,
                            "speech/front.py": FRONT.replace("{switch}", switch), **more})
    main(["scan", str(root), "-f", "json", "--no-cache"])
    found = {(f["code"], f["line"]): f for f in json.loads(capsys.readouterr().out)["findings"]
             if f["path"] == "speech/engine.py"}
    imported, asserted = found["NM504", 7], found["NM103", 6]
    assert {imported["severity"], asserted["severity"]} == {"warning" if optional else "error"}
    if optional:
        assert imported["message"].startswith("optional import (the code has a path without it: "
                                              "`Vocoder.load_engine` runs only where the project calls it under "
                                              f"an `if` or in a `try`: `speech/front.py:{10 + switch.count(chr(10))}`): "
                                              "imports tensorrt")
        assert "(not a blocker: `Vocoder.load_engine` runs only where" in asserted["message"]


def test_a_library_also_imported_at_the_top_without_a_fallback_is_required():
    """LLaVA's flash-attn patch: `try: from flash_attn... import flash_attn_unpadded_qkvpacked_func`
    whose handler imports the same kernel under its newer name, then `from flash_attn.bert_padding
    import unpad_input, pad_input` at the top. It was "optional import (the code has a path without
    it)", a warning: the module cannot be imported without flash-attn. A library the file can do
    without (`xops = None`) stays optional."""
    from pathlib import Path

    from neuron_migrate.models import Severity
    from neuron_migrate.testing import findings_of

    case = Path(__file__).parent.parent / "fixtures" / "checks" / "NM504_try_between_two_names_then_a_plain_import"
    found = {f.line: f for f in findings_of((case / "input.py").read_text(encoding="utf-8"))}
    assert found[11].severity is Severity.ERROR and "line 14 imports it at the top" in found[11].message
    assert not found[11].message.startswith("optional")
    assert found[17].severity is Severity.WARNING and found[17].message.startswith("optional import")
