"""The CUDA → {neuron, portable} map in rules/cuda_api.yaml, checked against the installed torch.

Every portable target must exist in this torch (2.13 in CI); every ``without_cuda`` and
``portable_without_accelerator`` fact is checked by calling the function on this host, which
has no CUDA and no accelerator (the CPU build CI installs). The fix relies on these facts to
decide which rewrites need a guard (docs/fix.md, "The contract").
"""

from __future__ import annotations

import warnings

import pytest
import torch

from neuron_migrate.capabilities import cuda_api

pytestmark = pytest.mark.skipif(torch.cuda.is_available() or torch.accelerator.is_available(),
                                reason="the facts are about a host without CUDA or an accelerator")

ROWS = [r for r in cuda_api().apis.values() if r.rule == "NM103" and r.neuron]
ARGS = {"set_device": (0,), "manual_seed": (1,), "manual_seed_all": (1,), "device": (0,),
        "set_device_index": (0,), "device_index": (0,), "set_rng_state": (torch.ByteTensor(1),)}
# names the style rewrites spell besides the table's (neuron_migrate/checks/units.py)
SPELLED = ["torch.accelerator.is_available", "torch.accelerator.current_accelerator",
           "torch.distributed.is_backend_available", "torch.autocast", "torch.amp.GradScaler"]


def resolve(name: str):
    """The object a dotted name (``torch.get_device_module().x`` allowed) names in this torch."""
    obj = torch
    for part in name.split(".")[1:]:
        if part == "get_device_module()":
            obj = torch.cuda  # what torch.get_device_module() returns on a CUDA host
        else:
            obj = getattr(obj, part)
    return obj


def call(fn, leaf: str):
    """Call ``fn`` as the code under migration would; context managers are entered."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = fn(*ARGS.get(leaf, ()))
        if hasattr(result, "__enter__") and not isinstance(result, (torch.Stream, torch.Event)):
            with result:
                pass
    return result


def outcome(fn, leaf: str):
    try:
        return "runs", call(fn, leaf)
    except Exception:  # noqa: BLE001 - whatever it raises, the path did not run
        return "raises", None


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_the_cuda_call_does_what_the_table_says(row):
    leaf = row.name.rsplit(".", 1)[1]
    if row.without_cuda == "absent":
        assert not hasattr(torch.cuda, leaf)
        return
    done, answer = outcome(resolve(row.name), leaf)
    assert done == row.without_cuda
    if row.answer_without_cuda is not None:  # what the fix writes for hosts without the plugin
        assert repr(answer) == row.answer_without_cuda


def test_the_rows_without_a_twin_said_to_run_run_without_cuda():
    """openai/shap-e's checkpoint: `@custom_fwd` / `@custom_bwd` of torch.cuda.amp decorate an
    autograd Function's forward and backward, and run forward and backward on a host without CUDA
    (a warning, not a first-run blocker); milesial/Pytorch-UNet's `except torch.cuda.OutOfMemoryError:`
    names the device-generic class; LLaVA's `except torch.cuda.CudaError:` a class every build
    defines; CodeFormer's `torch.backends.cudnn.is_available()` answers False there; every other row without a twin is read as raising."""
    runs = sorted(r.name for r in cuda_api().apis.values() if r.neuron is None and r.without_cuda == "runs")
    assert runs == ["torch.backends.cudnn.is_available", "torch.cuda.CudaError", "torch.cuda.OutOfMemoryError",
                    "torch.cuda.amp.custom_bwd", "torch.cuda.amp.custom_fwd"]
    assert torch.backends.cudnn.is_available() is False
    assert resolve("torch.cuda.OutOfMemoryError") is torch.OutOfMemoryError
    assert issubclass(resolve("torch.cuda.CudaError"), RuntimeError)
    assert not torch.cuda.is_available()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")

        class Twice(torch.autograd.Function):
            @staticmethod
            @resolve("torch.cuda.amp.custom_fwd")
            def forward(ctx, x):
                return x * 2

            @staticmethod
            @resolve("torch.cuda.amp.custom_bwd")
            def backward(ctx, grad):
                return grad * 2

        x = torch.ones(2, requires_grad=True)
        Twice.apply(x).sum().backward()
    assert torch.equal(x.grad, torch.full((2,), 2.0))


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_the_targets_exist_and_answer_as_the_table_says(row):
    leaf = row.name.rsplit(".", 1)[1]
    assert row.neuron == f"torch.neuron.{leaf}", "the neuron rewrite renames the module only"
    if row.portable is None:
        return
    target = resolve(row.portable)
    assert callable(target), row.portable
    if row.without_cuda == "runs":
        cuda_outcome = outcome(resolve(row.name), leaf)
        portable = row.portable.replace("get_device_module().", "cpu.")  # its value on this host
        try:
            portable_outcome = outcome(resolve(portable), row.portable.rsplit(".", 1)[1])
        except AttributeError:
            portable_outcome = ("raises", None)
        if row.portable_without_accelerator == "same":
            assert portable_outcome == cuda_outcome
        else:
            assert portable_outcome[0] == "raises"


@pytest.mark.parametrize("name", SPELLED)
def test_every_name_the_rewrites_spell_exists(name):
    assert callable(resolve(name))


STATELESS = sorted(cuda_api().stateless_modules.items())


@pytest.mark.parametrize("name,state", STATELESS, ids=[n for n, _ in STATELESS])
def test_the_stateless_modules_hold_no_tensor_and_cuda_runs_without_cuda(name, state):
    """`fix` drops `.cuda()` on these (built in place without their state arguments): it moves
    nothing and runs here, where `.to("neuron")` would raise. Each state argument given a tensor
    does make a buffer, so a module built with one keeps its move."""
    cls = resolve(name)
    module = cls()
    assert not list(module.parameters()) and not list(module.buffers())
    assert module.cuda() is module
    with pytest.raises(RuntimeError):
        module.to("neuron")
    for arg in state:
        assert list(cls(**{arg: torch.ones(3)}).buffers())


@pytest.mark.parametrize("module", cuda_api().reexported)
def test_a_reexported_submodule_s_names_are_its_parent_s(module):
    """cuda_api.yaml's ``reexported``: the table reads ``torch.cuda.random.get_rng_state`` (lerobot's
    spelling) as the row ``torch.cuda.get_rng_state``; every public name of the submodule that the
    table lists under the parent package is the same object there."""
    sub, parent_name = resolve(module), module.rsplit(".", 1)[0]
    parent, rows = resolve(parent_name), cuda_api().apis
    shared = [n for n in vars(sub) if not n.startswith("_") and f"{parent_name}.{n}" in rows]
    assert shared, module  # the statement is about something
    assert all(getattr(sub, n) is getattr(parent, n) for n in shared), module
    assert cuda_api().lookup(f"{module}.{shared[0]}")[1] == f"{parent_name}.{shared[0]}"


def test_a_legacy_tensor_type_named_in_a_hint_or_a_type_test_runs_without_cuda():
    """mmpose's ``IndexType = Union[..., torch.cuda.LongTensor, ...]``: a legacy CUDA tensor type named
    in a hint or an ``isinstance`` tuple runs on this host without CUDA (the fixture's module runs
    here), so it blocks nothing; the tensor built from one still raises, and stays an error."""
    from pathlib import Path

    from neuron_migrate.models import Severity
    from neuron_migrate.testing import findings_of

    path = Path(__file__).parent.parent / "fixtures/checks/NM104_legacy_tensor_type_in_a_type_hint/input.py"
    code = path.read_text()
    scope: dict = {}
    exec(compile(code, str(path), "exec"), scope)
    fields = scope["Fields"](torch.arange(4))
    assert fields[torch.tensor([1, 2])].values.tolist() == [1, 2]
    with pytest.raises((RuntimeError, TypeError)):
        fields.weights(2)
    errors = [f.line for f in findings_of(code) if f.code == "NM104" and f.severity == Severity.ERROR]
    assert errors == [27]


def test_a_rocm_test_through_torch_cuda_is_left_whole():
    """ultralytics' ``rocm_is_available()``: ``torch.version.hip`` and-ed with ``torch.cuda.is_available()``
    asks for a ROCm GPU; ``torch.version.hip`` is None on this build, as on Neuron's, so the test is
    already false there. Nothing of it, nor the move it gates, is rewritten."""
    from pathlib import Path

    from neuron_migrate.testing import findings_of

    assert torch.version.hip is None
    path = Path(__file__).parent.parent / "fixtures/checks/NM103_rocm_test_through_torch_cuda/input.py"
    found = findings_of(path.read_text())
    assert found and all(f.fix is None for f in found)
