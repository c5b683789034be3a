"""A guard whose branch needs a CUDA-only library through another module of the project
(project/cuda_only.py): left with what it gates, in ``scan`` and ``fix``, the chain named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from neuron_migrate.cli import main
from neuron_migrate.testing import findings_of

KERNELS = '''import torch
import triton
import triton.language as tl


@triton.jit
def _double(x_ptr, n):
    tl.store(x_ptr + tl.program_id(0), 2 * tl.load(x_ptr + tl.program_id(0)))


def double(x):
    return x * 2
'''

TEST = '''import unittest

import torch

from {module} import double


class DoubleTest(unittest.TestCase):
    @unittest.skipUnless(torch.cuda.is_available(), "the kernel needs CUDA")
    def test_double(self):
        x = torch.ones(4, device="cuda")
        self.assertTrue(torch.equal(double(x.cuda()), x * 2))
'''


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def findings(capsys, root: Path, *args) -> dict[tuple[str, int], dict]:
    main(["scan", str(root), "-f", "json", "--no-cache", *args])
    return {(f["path"], f["line"]): f for f in json.loads(capsys.readouterr().out)["findings"]}


def diff(capsys, root: Path, *args) -> str:
    main(["fix", str(root), "-q", "--no-cache", *args])
    return capsys.readouterr().out


def test_a_test_of_a_triton_module_keeps_its_cuda_guard(tmp_path, capsys):
    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": KERNELS,
                            "tests/test_double.py": TEST.format(module="ops.kernels")})
    found = findings(capsys, root)
    guard = found[("tests/test_double.py", 9)]
    assert guard["code"] == "NM103" and guard["fix"] is None
    assert "the module imports `ops.kernels`, which imports `triton`" in guard["message"]
    assert all(found[("tests/test_double.py", n)]["fix"] is None for n in (11, 12))
    assert "tests/test_double.py" not in diff(capsys, root)  # fix leaves it whole
    for jobs in ("1", "2"):  # through the pool too
        assert "tests/test_double.py" not in diff(capsys, root, "-j", jobs)


def test_without_the_kernel_module_the_guard_is_rewritten(tmp_path, capsys):
    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": "def double(x):\n    return x * 2\n",
                            "tests/test_double.py": TEST.format(module="ops.kernels")})
    assert findings(capsys, root)[("tests/test_double.py", 9)]["fix"] is not None
    assert "torch.neuron.is_available()" in diff(capsys, root)


def test_a_package_that_re_exports_the_kernels_is_a_link_of_the_chain(tmp_path, capsys):
    """test -> ops (its __init__ imports .kernels) -> ops.kernels -> triton; the __init__ has
    nothing a check reads (it is parsed for the chain only)."""
    root = write(tmp_path, {"ops/__init__.py": "from .kernels import double\n", "ops/kernels.py": KERNELS,
                            "tests/test_double.py": TEST.format(module="ops")})
    guard = findings(capsys, root)[("tests/test_double.py", 9)]
    assert guard["fix"] is None
    assert "the module imports `ops`, which imports `ops.kernels`, which imports `triton`" in guard["message"]
    assert "tests/test_double.py" not in diff(capsys, root)


def test_a_module_that_only_uses_the_kernels_module_passes_nothing_on(tmp_path, capsys):
    """A module (not a package) that imports the kernels' module is CUDA-only itself, but a file
    importing it is not: it may never reach the kernels (a trainer importing a dispatcher)."""
    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": KERNELS,
                            "ops/dispatch.py": ("import torch\n\nfrom ops.kernels import double\n\n\n"
                                                "def run(x):\n    if x.is_cuda:\n        return double(x)\n"
                                                "    torch.cuda.synchronize()\n    return x\n"),
                            "tests/test_double.py": TEST.format(module="ops.dispatch")})
    found = findings(capsys, root)
    assert "`ops.kernels`, which imports `triton`" in found[("ops/dispatch.py", 9)]["message"]
    assert found[("tests/test_double.py", 9)]["fix"] is not None


@pytest.mark.parametrize("kernels", [
    "try:\n    import triton\nexcept ImportError:\n    triton = None\n\n\ndef double(x):\n    return x * 2\n",
    "import torch\n\nif torch.cuda.is_available():\n    import triton\n\n\ndef double(x):\n    return x * 2\n",
])
def test_a_conditional_import_of_triton_does_not_count(tmp_path, capsys, kernels):
    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": kernels,
                            "tests/test_double.py": TEST.format(module="ops.kernels")})
    assert findings(capsys, root)[("tests/test_double.py", 9)]["fix"] is not None


def test_a_conditional_import_of_the_kernels_module_does_not_count(tmp_path, capsys):
    code = TEST.format(module="ops.kernels").replace(
        "from ops.kernels import double\n", "try:\n    from ops.kernels import double\nexcept ImportError:\n    double = None\n")
    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": KERNELS, "tests/test_double.py": code})
    assert findings(capsys, root)[("tests/test_double.py", 12)]["fix"] is not None


@pytest.mark.parametrize("line", ["from .kernels import double", "from . import kernels", "import ops.kernels"])
def test_relative_and_module_imports(tmp_path, capsys, line):
    code = (f"import torch\n\n{line}\n\n\ndef run(x):\n"
            "    if torch.cuda.is_available():\n        x = x.cuda()\n    return x\n")
    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": KERNELS, "ops/run.py": code})
    found = findings(capsys, root)
    assert found[("ops/run.py", 7)]["fix"] is None
    assert "`ops.kernels`, which imports `triton`" in found[("ops/run.py", 7)]["message"]


def test_a_name_the_own_package_re_exports_from_the_kernels(tmp_path, capsys):
    """``from . import double`` in ops/run.py, where ops/__init__.py re-exports it from
    .kernels: the import runs the package's __init__, which imports the kernels."""
    code = ("import torch\n\nfrom . import double\n\n\ndef run(x):\n"
            "    if torch.cuda.is_available():\n        x = double(x.cuda())\n    return x\n")
    root = write(tmp_path, {"ops/__init__.py": "from .kernels import double\n", "ops/kernels.py": KERNELS,
                            "ops/run.py": code})
    guard = findings(capsys, root)[("ops/run.py", 7)]
    assert guard["fix"] is None
    assert "`ops`, which imports `ops.kernels`, which imports `triton`" in guard["message"]
    assert "ops/run.py" not in diff(capsys, root)


def test_the_cache_keeps_the_analysis_with_the_chain(tmp_path, capsys):
    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": KERNELS,
                            "tests/test_double.py": TEST.format(module="ops.kernels")})
    for _ in range(2):  # cold, then warm
        main(["scan", str(root), "-f", "json"])
        found = {(f["path"], f["line"]): f for f in json.loads(capsys.readouterr().out)["findings"]}
        assert found[("tests/test_double.py", 9)]["fix"] is None
    main(["fix", str(root), "-q"])
    assert "tests/test_double.py" not in capsys.readouterr().out
    (root / "ops/kernels.py").write_text("def double(x):\n    return x * 2\n")  # the kernel is gone
    main(["scan", str(root), "-f", "json"])
    found = {(f["path"], f["line"]): f for f in json.loads(capsys.readouterr().out)["findings"]}
    assert found[("tests/test_double.py", 9)]["fix"] is not None


def test_a_project_without_a_cuda_only_import_pays_nothing(tmp_path, capsys, monkeypatch):
    """No file imports a CUDA-only library: no project model is built, no file parsed again."""
    import neuron_migrate.project.cuda_only as cuda_only

    def no(*args, **kwargs):
        raise AssertionError("built a project model")

    monkeypatch.setattr(cuda_only, "Project", no)
    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": "# triton would be faster\n",
                            "tests/test_double.py": TEST.format(module="ops.kernels")})
    assert findings(capsys, root)[("tests/test_double.py", 9)]["fix"] is not None
    assert "torch.neuron.is_available()" in diff(capsys, root)


def test_the_bytes_test_of_fix_matches_the_library_list():
    """``fix`` scans the project first only for a file with a line importing one of
    summary.CUDA_ONLY_MODULES: the pattern must name each of them."""
    from neuron_migrate.project.summary import CUDA_ONLY_MODULES, TOP_LEVEL_CUDA_ONLY_IMPORT

    for module in CUDA_ONLY_MODULES:
        assert TOP_LEVEL_CUDA_ONLY_IMPORT.search(f"import {module}\n".encode())
        assert TOP_LEVEL_CUDA_ONLY_IMPORT.search(f"from {module}.x import y\n".encode())
        assert not TOP_LEVEL_CUDA_ONLY_IMPORT.search(f"    import {module}\n".encode())


def test_the_editor_sees_the_chain_the_scan_found(tmp_path):
    """The language server judges an open file with the project's facts (server.Project.rooted)."""
    pytest.importorskip("pygls")
    from neuron_migrate.models import Options
    from neuron_migrate.runner import scan_text
    from neuron_migrate.server import scan_project

    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": KERNELS,
                            "tests/test_double.py": TEST.format(module="ops.kernels")})
    project = scan_project(root)
    text = (root / "tests/test_double.py").read_text()
    rooted = project.rooted(Options(), "tests/test_double.py", "python", text)
    assert rooted is not None
    edited = text.replace("x * 2))", "x * 2))  # edited, not saved")  # not the cached bytes
    for source in (text, edited):
        found = scan_text(source, "tests/test_double.py", "python", Options(), root, rooted).findings
        guard = next(f for f in found if f.line == 9)
        assert guard.fix is None and "`ops.kernels`, which imports `triton`" in guard.message
    assert project.rooted(Options(), "ops/__init__.py", "python", "") is None


def test_fix_parses_only_the_files_that_can_say(tmp_path, capsys, monkeypatch):
    """Without a suppression to check, ``fix`` runs no project scan for the chain: it parses the
    files with a top-level CUDA-only import and those with a top-level import naming a module
    found CUDA-only, not a file that names it in a comment or in code."""
    import neuron_migrate.project.model as model
    import neuron_migrate.runner as runner

    parsed = []
    facts = model.Project.facts
    monkeypatch.setattr(model.Project, "facts", lambda self, path: parsed.append(path) or facts(self, path))
    monkeypatch.setattr(runner, "_analyse_project", lambda *a, **k: pytest.fail("scanned the project"))
    root = write(tmp_path, {"ops/__init__.py": "", "ops/kernels.py": KERNELS,
                            "notes.py": "# ops.kernels is fast\nkernels = None\n",
                            "tests/test_double.py": TEST.format(module="ops.kernels")})
    assert "tests/test_double.py" not in diff(capsys, root, "-j", "1")
    assert sorted(parsed) == ["ops/kernels.py", "tests/test_double.py"]


def test_a_relative_import_of_a_project_module_named_like_a_library_is_no_cuda_only_import(tmp_path, capsys):
    """``from .triton import helper`` imports the package's own triton.py, not Triton: the guard
    and what it gates are rewritten together, as in any file."""
    root = write(tmp_path, {"pkg/__init__.py": "", "pkg/triton.py": "def helper(x):\n    return x\n",
                            "pkg/use.py": "import torch\nfrom .triton import helper\n\n\ndef run(x):\n"
                                          "    if torch.cuda.is_available():\n        x = x.cuda()\n"
                                          "    return helper(x)\n"})
    found = findings(capsys, root)
    assert {k: f["fix"] is not None for k, f in found.items()} == {("pkg/use.py", 6): True, ("pkg/use.py", 7): True}
    assert not any("imports `triton`" in f["message"] for f in found.values())


def test_a_cuda_question_joined_with_a_cuda_only_import_flag_is_left():
    """facebookresearch/ConvNeXt's optim_factory: ``has_apex = True`` where ``from apex.optimizers
    import FusedAdam`` succeeds, then ``assert has_apex and torch.cuda.is_available()`` before the
    fused optimizers. The question gates apex's CUDA code: retargeted, it would let a Neuron host
    with apex installed build them; left, it answers no there, as it should. Without the flag in
    the test, or with a flag another import sets, the question is rewritten as before."""
    from neuron_migrate.testing import findings_of, fixed

    code = ("import torch\n\ntry:\n    from apex.optimizers import FusedAdam\n    has_apex = True\n"
            "except ImportError:\n    has_apex = False\n\n\n"
            "def build(params, name):\n    if 'fused' in name:\n"
            "        assert has_apex and torch.cuda.is_available(), 'apex and CUDA needed'\n"
            "        return FusedAdam(params)\n"
            "    if has_apex and torch.cuda.is_available():\n        print('apex could be used')\n"
            "    return torch.optim.AdamW(params)\n")
    found = {f.line: f for f in findings_of(code) if f.code == "NM103"}
    assert sorted(found) == [12, 14]
    assert all(f.fix is None and "the test also asks `has_apex`, set where `apex.optimizers` imports"
               in f.message for f in found.values())
    assert fixed(code) == code
    plain = code.replace("from apex.optimizers import FusedAdam", "import json as FusedAdam")
    assert fixed(plain).count("torch.neuron.is_available()") == 2


def test_a_cuda_question_joined_with_an_installed_check_of_a_cuda_only_library_is_left():
    """AnimateDiff's app: ``if is_xformers_available() and torch.cuda.is_available():
    unet.enable_xformers_memory_efficient_attention()``. Retargeted, a Neuron host with xformers
    installed (it is in the project's requirements) would turn on xformers' CUDA kernels; left, the
    question answers no there. A check of a library that is not CUDA-only (``is_scipy_available()``),
    or of one only partly so (DeepSpeed, whose ops alone are), is rewritten as before."""
    from neuron_migrate.testing import findings_of, fixed

    code = ("import torch\nfrom diffusers.utils.import_utils import is_xformers_available\n"
            "from transformers.utils import is_flash_attn_2_available\n\n\n"
            "def build(unet, model):\n"
            "    if is_xformers_available() and torch.cuda.is_available():\n"
            "        unet.enable_xformers_memory_efficient_attention()\n"
            "    use_fa2 = torch.cuda.is_available() and is_flash_attn_2_available()\n"
            "    return unet, use_fa2\n")
    found = {f.line: f for f in findings_of(code) if f.code == "NM103"}
    assert sorted(found) == [7, 9]
    assert "the test also asks whether `xformers` is installed" in found[7].message
    assert "the test also asks whether `flash_attn` is installed" in found[9].message
    assert all(f.fix is None for f in found.values())
    assert fixed(code) == code
    for other in ("scipy", "deepspeed"):
        plain = code.replace("xformers", other).replace("flash_attn_2", other)
        assert fixed(plain).count("torch.neuron.is_available()") == 2, other


def test_a_kernel_guard_whose_no_runs_a_fallback_is_no_blocker():
    """GroundingDINO's ms_deform_attn.py: ``if torch.cuda.is_available() and value.is_cuda:`` runs
    the CUDA kernel, the ``else`` its pure-PyTorch attention. Left as it is (it must be), the
    question answers no on Neuron and the fallback runs: a warning, not a blocker. Without a
    fallback (the ``if`` alone), or with an ``else`` that raises, it stays an error."""
    from neuron_migrate.models import Severity
    from neuron_migrate.testing import findings_of

    code = ("import torch\nfrom mypkg import _C\nfrom mypkg.reference import attn_reference\n\n\n"
            "class MSDeformAttnFunction(torch.autograd.Function):\n    @staticmethod\n"
            "    def forward(ctx, value, loc):\n        return _C.ms_deform_attn_forward(value, loc)\n\n\n"
            "def attend(value, loc):\n    if torch.cuda.is_available() and value.is_cuda:\n"
            "        out = MSDeformAttnFunction.apply(value, loc)\n    else:\n"
            "        out = attn_reference(value, loc)\n    return out\n")

    def guard(text):
        return next(f for f in findings_of(text) if f.code == "NM103")

    found = guard(code)
    assert found.fix is None and found.severity is Severity.WARNING
    assert "it answers no on Neuron and the other side runs there (not a blocker)" in found.message
    early = code.replace("        out = MSDeformAttnFunction", "        return MSDeformAttnFunction").replace(
        "    else:\n        out = attn_reference(value, loc)\n", "    out = attn_reference(value, loc)\n")
    assert guard(early).severity is Severity.WARNING
    for blocked in (code.replace("        out = attn_reference(value, loc)", "        raise RuntimeError('CUDA only')"),
                    code.replace("    else:\n        out = attn_reference(value, loc)\n", "")):
        assert guard(blocked).severity is Severity.ERROR


SETUP = '''from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(name="fused_window", cmdclass={"build_ext": BuildExtension},
      ext_modules=[CUDAExtension("fused_window", ["fused_window.cpp", "fused_window_kernel.cu"])])
'''

# a kernel's unit test, beside its setup.py: it imports the built extension and feeds it CUDA tensors
KERNEL_TEST = '''import torch
import fused_window


def test_forward():
    x = torch.randn(2, 8).cuda()
    y = fused_window.forward(x)
    torch.cuda.synchronize()
    assert y.shape == x.shape
'''


def test_a_module_importing_a_cuda_extension_the_project_builds_keeps_its_cuda_code(tmp_path, capsys):
    root = write(tmp_path, {"kernels/setup.py": SETUP, "kernels/unit_test.py": KERNEL_TEST})
    found = findings(capsys, root)
    why = "left: the module imports `fused_window`, a CUDA extension built by `kernels/setup.py:5`"
    assert why in found[("kernels/unit_test.py", 6)]["message"]
    assert why in found[("kernels/unit_test.py", 8)]["message"]
    assert found[("kernels/setup.py", 5)]["code"] == "NM501"
    assert diff(capsys, root) == ""  # fix reads the setup.py too


def test_an_extension_built_for_the_cpu_or_cuda_by_the_host_is_no_cuda_only_import(tmp_path, capsys):
    # detectron2's setup.py picks CppExtension or CUDAExtension: the module has CPU kernels too
    setup = SETUP.replace('ext_modules=[CUDAExtension(', 'ext_modules=[extension(').replace(
        "from setuptools import setup\n", "from setuptools import setup\nimport torch\n"
        "from torch.utils.cpp_extension import CppExtension\n"
        "extension = CUDAExtension if torch.cuda.is_available() else CppExtension\n")
    root = write(tmp_path, {"kernels/setup.py": setup, "kernels/unit_test.py": KERNEL_TEST})
    assert '.to("neuron")' in diff(capsys, root)


def test_a_setup_py_that_does_not_parse_builds_nothing(tmp_path, capsys):
    root = write(tmp_path, {"kernels/setup.py": SETUP + "def broken(:\n", "kernels/unit_test.py": KERNEL_TEST})
    found = findings(capsys, root)
    assert found[("kernels/setup.py", 6)]["code"] == "NM901"  # reported, never a traceback
    assert "left:" not in found[("kernels/unit_test.py", 6)]["message"]
    assert '.to("neuron")' in diff(capsys, root)


OPS = '''import torch
from torch import nn

from geom import _C


class _Nearest(torch.autograd.Function):
    @staticmethod
    def forward(ctx, points, k):
        return _C.knn_idx(points, k)

    @staticmethod
    def backward(ctx, grad):
        return None, None


class Nearest(nn.Module):
    def forward(self, points):
        dists = _C.pairwise(points)
        return _Nearest.apply(points, 4), dists
'''


@pytest.mark.parametrize("chosen", [
    "extension = CppExtension\nif torch.cuda.is_available():\n    extension = CUDAExtension\n",
    "extension = CUDAExtension if torch.cuda.is_available() else CppExtension\n",
])
def test_a_call_into_the_extension_the_project_builds_is_a_graph_break_in_traced_code(tmp_path, capsys, chosen):
    # pytorch3d's ops: `from pytorch3d import _C`, its functions called in forwards and in autograd
    # Functions' forwards (constructs.py "a C extension's function ...": GB0007, resumed)
    setup = ("import torch\nfrom setuptools import setup\n"
             "from torch.utils.cpp_extension import BuildExtension, CppExtension, CUDAExtension\n" + chosen
             + 'setup(name="geom", ext_modules=[extension("geom._C", ["csrc/ext.cpp"])],\n'
             '      cmdclass={"build_ext": BuildExtension})\n')
    root = write(tmp_path, {"setup.py": setup, "geom/__init__.py": "", "geom/ops.py": OPS})
    found = findings(capsys, root)
    for line, call in ((10, "_C.knn_idx"), (19, "_C.pairwise")):
        f = found[("geom/ops.py", line)]
        assert f["code"] == "NM404" and f["dynamo"]["id"] == "GB0007"
        assert f"`{call}(...)` calls into `geom._C`" in f["message"] and "setup.py:" in f["message"]
    # without the setup.py, nothing says what `_C` is: no finding
    (root / "setup.py").unlink()
    assert not any(k[0] == "geom/ops.py" and v["code"] == "NM404" for k, v in findings(capsys, root).items())


def test_one_walk_of_a_setup_py_says_what_it_builds_and_which_is_cuda_only():
    from neuron_migrate.project.cuda_only import compiled_extensions, cuda_extensions

    chosen = SETUP.replace("from setuptools import setup\n", "from setuptools import setup\nimport torch\n"
                           "from torch.utils.cpp_extension import CppExtension\n"
                           "extension = CUDAExtension if torch.cuda.is_available() else CppExtension\n")
    chosen += 'setup(ext_modules=[extension("geom._C", ["ext.cpp"]), CppExtension(name="geom._cpu", sources=[])])\n'
    built = compiled_extensions({"kernels/setup.py": chosen.encode(), "a/setup.py": (SETUP + "def broken(:\n").encode()})
    # a literal CUDAExtension is CUDA-only; one chosen by the host, or a CppExtension, is not
    assert built == (("fused_window", "`kernels/setup.py:8`", "`kernels/setup.py:8`"),
                     ("geom._C", "`kernels/setup.py:9`", ""), ("geom._cpu", "`kernels/setup.py:9`", ""))
    assert cuda_extensions(built) == {"fused_window": "`kernels/setup.py:8`"}
    deep = "x = " + "(" * 5000 + "CUDAExtension" + ")" * 5000 + "\n"  # too deep to parse: nothing built
    assert compiled_extensions({"setup.py": deep.encode()}) == ()


MOVERS = '''import dataclasses

import torch


def try_to_cuda(t):
    try:
        t = t.float().cuda()
    except AttributeError:
        pass
    return t


def batch_to_cuda_(batch):
    for f in dataclasses.fields(batch):
        setattr(batch, f.name, try_to_cuda(getattr(batch, f.name)))
    return batch


def nms_cuda(boxes):
    return torch.ops.vision.nms(boxes, 0.5)
'''

EVAL = '''import torch

from data.utils import batch_to_cuda_, nms_cuda


def evaluate(model, batch):
    if torch.cuda.is_available():
        batch_to_cuda_(batch)
        device = torch.device("cuda")
    else:
        device = torch.device("cpu")
    return model(batch), device


def suppress(boxes):
    if torch.cuda.is_available():
        return nms_cuda(boxes.cuda())
    return boxes
'''


def test_a_helper_named_after_cuda_that_only_moves_tensors_is_no_kernel(tmp_path, capsys):
    # co-tracker's ``dataclass_to_cuda_``: decided from its body (``.cuda()`` through another helper,
    # dataclass fields and attributes), in another module; a helper that calls anything else is a kernel
    root = write(tmp_path, {"data/__init__.py": "", "data/utils.py": MOVERS, "eval/run.py": EVAL})
    found = findings(capsys, root)
    assert found[("eval/run.py", 7)]["fix"] is not None and found[("eval/run.py", 9)]["fix"] is not None
    assert "`nms_cuda`, which needs CUDA" in found[("eval/run.py", 16)]["message"]
    assert found[("eval/run.py", 16)]["fix"] is None
    out = diff(capsys, root)  # fix, which analyses each file alone, reads the helper's module too
    assert 'device = torch.device("neuron")' in out and 'nms_cuda(boxes.to("neuron"))' not in out
    assert 't = t.float().to("neuron")' in out  # the helper moves to Neuron with the guard
    # the same helper in the guard's own file
    alone = write(tmp_path / "one", {"run.py": MOVERS + "\n\n" + EVAL.replace("from data.utils import batch_to_cuda_, nms_cuda\n", "")})
    assert 'device = torch.device("neuron")' in diff(capsys, alone)


def test_an_extension_whose_cpu_branch_uses_it_too_gets_no_word_of_a_path_without_it():
    code = ("import torch\nfrom torch.utils.cpp_extension import load\n"
            'ops = load("ops", sources=["ops.cpp", "ops_kernel.cu"])\n\n'
            "def act(x):\n"
            '    if x.device.type == "cpu":\n'
            "        return ops.act_cpu(x)\n"
            "    else:\n"
            "        return ops.act(x)\n")
    found = [f.message for f in findings_of(code) if f.code == "NM501"]
    assert found == ["load() compiles CUDA code (source ops_kernel.cu): rewrite it in NKI: a kernel with "
                     "@nki.jit, registered as a torch op with @nki_op (backward with register_autograd)"]
