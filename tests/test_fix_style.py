"""`--style neuron|portable` and the config key `style`; guards and what they gate, as one unit."""

from __future__ import annotations

import os
import re

import pytest

from neuron_migrate.cli import main
from neuron_migrate.config import ConfigError, settings
from neuron_migrate.models import Options
from neuron_migrate.testing import findings_of, fixed

CODE = 'import torch\nif torch.cuda.is_available():\n    torch.cuda.synchronize()\n'


def test_the_style_comes_from_the_command_line_over_the_config(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text('[tool.neuron-migrate]\nstyle = "portable"\n')
    (tmp_path / "a.py").write_text(CODE)
    assert settings([tmp_path]).options.style == "portable"
    assert settings([tmp_path], style="neuron").options.style == "neuron"
    main(["fix", str(tmp_path)])
    assert "+if torch.accelerator.is_available():" in capsys.readouterr().out
    main(["fix", str(tmp_path), "--style", "neuron"])
    assert '+if hasattr(torch, "neuron") and torch.neuron.is_available():' in capsys.readouterr().out


def test_a_bad_style_is_a_config_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.neuron-migrate]\nstyle = "cuda"\n')
    with pytest.raises(ConfigError, match="'style' must be one of neuron, portable"):
        settings([tmp_path])


@pytest.mark.parametrize("style", ["neuron", "portable"])
def test_a_guard_and_its_branch_are_one_fix(style):
    ours = [f for f in findings_of(CODE, options=Options(style=style)) if f.fix]
    assert len(ours) == 2 and ours[0].fix.edits == ours[1].fix.edits


def test_an_unsafe_part_makes_the_whole_unit_unsafe():
    code = "import torch\nif torch.cuda.is_available():\n    y = x.cuda(some_object)\n"
    assert fixed(code) == code
    assert fixed(code, unsafe=True) == ('import torch\nif hasattr(torch, "neuron") and torch.neuron.is_available():\n'
                                        '    y = x.to(f"neuron:{some_object}")\n')


def test_a_backend_chosen_against_gloo_is_a_backend():
    code = 'import torch\nbackend = "nccl" if torch.cuda.is_available() else "gloo"\n'
    assert fixed(code) == (
        'import torch\nbackend = "neuron" if hasattr(torch, "neuron") and torch.neuron.is_available() else "gloo"\n')


def test_a_guard_around_cuda_only_code_is_left_with_it():
    code = ("import torch\nimport torch.nn as nn\nif torch.cuda.device_count() > 1:\n"
            "    model = nn.DataParallel(model)\n")
    assert fixed(code, unsafe=True) == code
    guard = findings_of(code)[0]
    assert guard.fix is None and "DataParallel" in guard.message


@pytest.mark.parametrize("code", [
    "import torch\ntorch.cuda.manual_seed_all(0)\n",
    "import torch\nprint(torch.cuda.memory_allocated())\n",
])
def test_a_call_that_ran_without_cuda_is_left_outside_a_guard(code):
    """torch.neuron.X would raise without the plugin where torch.cuda.X ran (a no-op, 0)."""
    assert fixed(code, unsafe=True) == code
    assert "exists only with the Neuron plugin" in findings_of(code)[0].message


def test_a_count_outside_a_guard_is_asked_only_where_the_plugin_is():
    """audiocraft's ``get_pretrained``: ``if torch.cuda.device_count(): device = 'cuda'``. The count is
    0 without CUDA; torch.neuron.device_count() would raise without the plugin. Spelled to ask only
    where the plugin is, with 0 elsewhere, it is exact on every host, and the branch it gates changes
    with it; in a test, the shorter ``hasattr(...) and ...`` (False where the count was 0)."""
    code = "import torch\nn = torch.cuda.device_count()\n"
    assert fixed(code) == 'import torch\nn = torch.neuron.device_count() if hasattr(torch, "neuron") else 0\n'
    chosen = "import torch\nif torch.cuda.device_count():\n    device = 'cuda'\nelse:\n    device = 'cpu'\n"
    assert fixed(chosen) == ("import torch\nif hasattr(torch, \"neuron\") and torch.neuron.device_count():\n"
                             "    device = 'neuron'\nelse:\n    device = 'cpu'\n")
    counted = "import torch\nx = torch.cuda.device_count() and 5\ny = not torch.cuda.device_count()\n"
    assert fixed(counted) == ('import torch\nx = (torch.neuron.device_count() if hasattr(torch, "neuron") else 0) '
                              'and 5\ny = not (hasattr(torch, "neuron") and torch.neuron.device_count())\n')
    memory = ("import torch\nfree = [torch.cuda.mem_get_info(i)[0] for i in range(torch.cuda.device_count())]\n")
    assert fixed(memory, unsafe=True) == memory  # PyG's LLM loader: the index goes to an API without a twin
    none_left = ("import torch\n\n\ndef cases():\n    if torch.cuda.device_count() == 0:\n        return [None]\n"
                 "    return ['cpu', 'cuda:0']\n")  # detectron2's export tests: the rest runs where CUDA is
    assert fixed(none_left, unsafe=True) == none_left
    namespace = {}
    exec(fixed(counted), namespace)  # stock PyTorch, no plugin: the answers torch.cuda gave without CUDA
    assert (namespace["x"], namespace["y"]) == (0, True)


def test_after_a_call_that_raises_without_cuda_nothing_needs_a_guard():
    code = "import torch\ntorch.cuda.set_device(0)\ntorch.cuda.manual_seed_all(0)\n"
    assert fixed(code) == "import torch\ntorch.neuron.set_device(0)\ntorch.neuron.manual_seed_all(0)\n"


def test_parentheses_where_the_rewrite_binds_looser():
    assert fixed("import torch\nok = not torch.cuda.is_available()\n") == (
        'import torch\nok = not (hasattr(torch, "neuron") and torch.neuron.is_available())\n')
    assert fixed('import torch\nd = [torch.device("cuda")]\n') == (
        'import torch\nd = [torch.device("neuron" if hasattr(torch, "neuron") else "cuda")]\n')



def test_an_argument_put_first_leaves_no_blank_at_a_line_end():
    """sam2's trainer: ``torch.cuda.amp.autocast(`` with its keywords one per line; the device put
    first ends its line with a comma, not ", " (a trailing blank every linter flags)."""
    code = ("import torch\nwith torch.cuda.amp.autocast(\n    enabled=True,\n):\n    pass\n"
            "s = torch.cuda.amp.GradScaler(  # loss scaling\n    enabled=True)\n"
            "x = torch.zeros(2).cuda(\n    non_blocking=True)\nwith torch.cuda.amp.autocast(enabled=True):\n    pass\n")
    out = fixed(code, unsafe=True)
    assert not re.search(r"[ \t]$", out, re.M), out
    assert re.search(r'torch\.autocast\([^\n]*"cuda",\n    enabled=True,\n', out), out
    assert re.search(r'GradScaler\([^\n]*",  # loss scaling\n', out), out
    assert re.search(r'\.to\("neuron",\n    non_blocking=True\)', out), out
    assert re.search(r'autocast\([^\n]*", enabled=True\):', out), out  # on one line, as before


NANOGPT = ('import torch\ndevice = "cuda"\n'
           'device_type = "cuda" if {test} else "cpu"\n'
           'ctx = None if device_type == "cpu" else torch.autocast(device_type=device_type)\n'
           'model = make(device_type)\nprint(f"autocast on {{device_type}}")\n')


@pytest.mark.parametrize("test,target", [
    ('"cuda" in device', '"neuron" in device'),
    ('device.startswith("cuda")', 'device.startswith("neuron")'),
    ('"cuda" in str(device)', '"neuron" in str(device)'),
])
def test_a_device_string_and_the_test_on_it_are_one_unit(test, target):
    """nanoGPT: `device = "neuron"` alone would make device_type "cpu" and skip autocast."""
    code = NANOGPT.format(test=test)
    assert fixed(code) == NANOGPT.format(test=target).replace('"cuda"', '"neuron"')
    ours = [f for f in findings_of(code) if f.fix]
    assert len(ours) == 3 and len({f.fix.edits for f in ours}) == 1


KEPT = ('import torch\n\nclass Server:\n    def __init__(self):\n        if torch.cuda.is_available():\n'
        '            device = torch.device("cuda")\n        else:\n            device = torch.device("cpu")\n'
        '{extra}        self.device = device\n\n    def precision(self):\n        if self.device.type == "cuda":\n'
        '            return torch.autocast("cuda", dtype=torch.bfloat16)\n        return None\n')


def test_a_device_kept_on_self_is_one_unit_with_its_tests():
    """sam2's demo predictor: the device chosen in __init__, kept as self.device, tested in another
    method. Left for a person (its compute capability is read), the test of self.device is left
    too: rewritten alone, a CUDA run would lose its autocast. Safe, they are rewritten together."""
    left = KEPT.format(extra='        if device.type == "cuda" and torch.cuda.get_device_properties(0).major >= 8:\n'
                             '            torch.backends.cuda.matmul.allow_tf32 = True\n')
    assert not [f.line for f in findings_of(left) if f.fix and f.line in (5, 6, 14, 15)]
    assert fixed(KEPT.format(extra="")) == KEPT.format(extra="").replace('"cuda"', '"neuron"').replace(
        "torch.cuda.is_available()", 'hasattr(torch, "neuron") and torch.neuron.is_available()')


def test_a_safely_rewritten_device_unit_says_what_it_does():
    """Its NM108s say why a test on "cuda" is unsafe alone; rewritten whole and safely, they say
    what the unit does instead (nanoGPT's `device_type`, marked [*])."""
    ours = {f.column: f.message for f in findings_of(NANOGPT.format(test='"cuda" in device')) if f.code == "NM108"}
    assert list(ours.values()) == [
        '`device_type` holds "cuda" exactly when the test beside it finds a CUDA device: rewritten with '
        'that test, it holds "neuron" exactly when the device does',
        'comparison with "cuda" chooses what runs on a CUDA device: rewritten as one with the CUDA '
        'references of its unit (3 rewrites), it tests for "neuron"']
    unsafe = NANOGPT.format(test='"cuda" in device') + 'scale = {"cuda": 2, "cpu": 1}[device_type]\n'
    assert any("also used outside device positions" in f.message for f in findings_of(unsafe))


def test_portable_messages_name_what_portable_writes():
    code = ('import torch\nimport torch.distributed as dist\nx = torch.zeros(3, device="cuda")\n'
            'y = x.cuda()\ndist.init_process_group("nccl")\nscaler = torch.cuda.amp.GradScaler()\n'
            'with torch.cuda.amp.autocast():\n    pass\n')
    for style, word in (("portable", "accelerator"), ("neuron", '"neuron"')):
        found = {f.code: f for f in findings_of(code, options=Options(style=style))}
        for code_ in ("NM101", "NM102", "NM105", "NM106", "NM110"):
            assert word in found[code_].message, (style, found[code_].message)
            if style == "portable":
                assert '"neuron"' not in found[code_].message
                assert found[code_].fix is None or "neuron" not in found[code_].fix.title


@pytest.mark.parametrize("use,with_unsafe", [
    ('scale = {"cuda": 2, "cpu": 1}[device_type]', True),  # a key: "neuron" raises KeyError
    # a branch opened for every accelerator, holding CUDA code without a rewrite: left whole
    ('if device_type != "cpu":\n    torch.cuda.get_device_capability()', False),
])
def test_a_device_type_used_otherwise_is_not_certain(use, with_unsafe):
    code = NANOGPT.format(test='"cuda" in device') + use + "\n"
    assert fixed(code) == code
    assert ('"neuron" in device' in fixed(code, unsafe=True)) is with_unsafe


@pytest.mark.parametrize("code,expected", [
    ('import torch\nx = torch.zeros(3, device="cuda:1")\n',
     'import torch\nx = torch.zeros(3, device=f"{torch.accelerator.current_accelerator().type}:1")\n'),
    ("import torch\ny = torch.ones(2).to(f'cuda:{rank}')\n",
     "import torch\ny = torch.ones(2).to(f'{torch.accelerator.current_accelerator().type}:{rank}')\n"),
    # ran without CUDA (a device object, a string): the spelling that falls back to "cuda" there,
    # with single quotes inside a double-quoted f-string (Python before 3.12)
    ('import torch\nd = torch.device("cuda:0")\n',
     'import torch\nd = torch.device(f"{getattr(torch.accelerator.current_accelerator(), \'type\', \'cuda\')}:0")\n'),
    ('import torch\ndevice = f"cuda:{local_rank}"\n',
     'import torch\ndevice = f"{getattr(torch.accelerator.current_accelerator(), \'type\', \'cuda\')}:{local_rank}"\n'),
])
def test_portable_indexed_devices(code, expected):
    assert fixed(code, options=Options(style="portable")) == expected


def test_portable_indexed_devices_keep_their_values_without_an_accelerator():
    code = fixed('import torch\nd = torch.device("cuda:0")\ns = f"cuda:{rank}"\n', options=Options(style="portable"))
    scope = {"rank": 3}
    exec(code, scope)
    assert (str(scope["d"]), scope["s"]) == ("cuda:0", "cuda:3")


def test_portable_templates():
    portable = Options(style="portable")
    code = 'import torch\nx = torch.zeros(3, device="cuda:%d" % rank)\n'
    assert fixed(code, options=portable) == (
        'import torch\nx = torch.zeros(3, device=f"{getattr(torch.accelerator.current_accelerator(), \'type\', '
        '\'cuda\')}:%d" % rank)\n')
    code = 'import torch\nx = torch.zeros(3, device="cuda:{}".format(rank))\n'  # no f-string can hold {}
    assert fixed(code, unsafe=True, options=portable) == code
    assert 'portable style rewrites "cuda", "cuda:N"' in findings_of(code, options=portable)[0].message


def test_portable_nanogpt_unit_is_unsafe_and_keeps_cpu_runs():
    """`"cuda" in device` becomes a test for the current accelerator's type: exact without an
    accelerator, but on a Mac with --device=mps it would now autocast on MPS: unsafe."""
    portable = Options(style="portable")
    code = NANOGPT.format(test='"cuda" in device')
    assert fixed(code, options=portable) == code
    out = fixed(code, unsafe=True, options=portable)
    assert 'getattr(torch.accelerator.current_accelerator(), "type", "cuda") in device' in out
    results = []  # what a run with --device=cpu computes, before and after (a CUDA device
    for text in (code, out):  # on this host fails at its first tensor, as with guards.py's units)
        scope = {"make": lambda t: t}
        exec(re.sub(r"(?m)^device = .*$", 'device = "cpu"', text), scope)
        results.append((scope["device_type"], scope["ctx"]))
    assert results == [("cpu", None)] * 2


def test_the_reason_guards_repeats_is_nm108s():
    from neuron_migrate.checks import guards
    from neuron_migrate.checks.device import NM108

    assert guards._SWITCHES == NM108.fix_reason


@pytest.mark.parametrize("spelling, cuda_only", [
    ('"\\x74riton"', True),  # an escape: not in the text as written
    ('"tri" "ton"', True),  # implicit concatenation
    ("ｔｒｉｔｏｎ", True),  # a fullwidth name: Python reads it NFKC-normalised, as triton
    ("trıton", True),  # a dotless i, which a case-blind pattern takes for i
    ('"rocm"', False),
    ("trt_engine", False),  # \btrt\b: not the word
    ("use_triton_kernel", True),
    # NVIDIA's Triton Inference Server and its clients, not OpenAI's Triton
    ('"tritonserver"', False),
    ("tritonclient", False),
    ("TritonPythonModel", False),
    ("pytriton", False),
    ("np_to_triton_dtype", False),
    ("triton_to_np_dtype", False),
])
def test_cuda_only_names_are_found_however_spelled(spelling, cuda_only):
    """The file-level shortcut (guards._may_name_cuda_only) skips the search only where no
    name, attribute or string can name CUDA-only machinery."""
    (f,) = findings_of(f"import torch\n\n\ndef run(x):\n    engine = {spelling}\n    return x.cuda()\n")
    assert (f.fix is None) == cuda_only
    assert ("uses `" in f.message) == cuda_only


@pytest.mark.parametrize("text, cuda_only", [
    ('"""Benchmark the exports.\n\n    pip install onnxruntime-gpu tensorrt  # GPU support\n    """', False),
    ('parser.add_argument("--engine", help="export a TensorRT engine")', False),
    ('check_requirements("tensorrt>7.0.0")', True),  # a word: the requirement itself
    ('providers = ["CUDAExecutionProvider"]', True),
    ('check_requirements(("onnxruntime-gpu", "onnxslim"))', True),  # ONNX Runtime's CUDA build
])
def test_a_string_names_cuda_only_machinery_only_as_a_word(text, cuda_only):
    """yolov5's benchmark ``run`` mentions onnxruntime-gpu and TensorRT in its docstring: prose
    uses neither, so its ``"cuda" in device.type`` was left whole for nothing, with the whole
    docstring quoted as the reason."""
    (f,) = findings_of(f"import torch\n\n\ndef run(x, parser):\n    {text}\n    return x.cuda()\n")
    assert (f.fix is None) == cuda_only
    assert ("uses `" in f.message) == cuda_only


def test_a_guard_choosing_onnxruntimes_cuda_build_is_left():
    """yolov5's ONNX export asks for onnxruntime-gpu where CUDA is available: rewritten, the guard
    would install ONNX Runtime's CUDA build on a Neuron host, where it had chosen the CPU one."""
    code = ('import torch\n\n\ndef simplify(model):\n    cuda = torch.cuda.is_available()\n'
            '    check_requirements(("onnxruntime-gpu" if cuda else "onnxruntime", "onnxslim"))\n')
    (f,) = findings_of(code)
    assert f.fix is None and "uses `onnxruntime-gpu`" in f.message and "drop that backend" in f.message


OPTIONAL_KERNEL = '''import torch


def main(args):
    if args.xformers:
        import xformers
        torch.cuda.synchronize()
    {unconditional}
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
'''


@pytest.mark.parametrize("unconditional, rest_fixed", [
    ("pass", True),  # the kernel is optional: only its branch is CUDA-only
    ("import triton", False),  # every path through main reaches it: the whole function is
])
def test_a_cuda_only_use_leaves_only_its_own_region(unconditional, rest_fixed):
    """A 1000-line training ``main`` with ``if args.enable_xformers: import xformers`` kept
    none of its CUDA calls fixable before; the branch holding the use is its region."""
    found = {(f.line, f.code): f for f in findings_of(OPTIONAL_KERNEL.format(unconditional=unconditional))}
    # the use named as written, not by the rule's code (it said "`main` uses `NM504`")
    assert found[(7, "NM103")].fix is None and "`main` imports `xformers`" in found[(7, "NM103")].message
    assert (found[(9, "NM103")].fix is not None) == rest_fixed
    assert (found[(10, "NM103")].fix is not None) == rest_fixed
    out = fixed(OPTIONAL_KERNEL.format(unconditional=unconditional))
    assert ("torch.neuron.empty_cache()" in out) == rest_fixed
    assert "torch.cuda.synchronize()" in out


BACKEND_FLAG = '''import torch


def main({flag}, device: str = "cuda" if torch.cuda.is_available() else "cpu"):
    if not trt:
        model = load(device)
    else:
        import tensorrt
        model = build_engine(tensorrt, device)
    if torch.cuda.is_available():
        torch.cuda.synchronize()
'''


@pytest.mark.parametrize("flag, rest_fixed", [
    ("trt: bool = False", True),  # a flag named after the backend chooses it; the else branch uses it
    ("trt=False", True),  # a bool default is a flag too
    ("trt: object", False),  # anything else named trt may be TensorRT itself, handed in
])
def test_a_flag_named_after_a_cuda_only_backend_is_no_use_of_it(flag, rest_fixed):
    """flux's CLI ``main(..., trt: bool = False)`` tests ``if not trt:`` and lazily imports its
    TensorRT manager in the other branch: the flag's test made all of ``main`` CUDA-only, so its
    device choice and synchronize were left. Only the branch that imports the manager is."""
    code = BACKEND_FLAG.format(flag=flag)
    found = {(f.line, f.code): f for f in findings_of(code)}
    assert (found[(4, "NM103")].fix is not None) == rest_fixed
    assert (found[(11, "NM103")].fix is not None) == rest_fixed
    assert ("torch.neuron.synchronize()" in fixed(code)) == rest_fixed


def test_a_try_body_with_a_fallback_is_its_own_region():
    code = ("import torch\n\n\ndef attention(x):\n    try:\n        import flash_attn\n"
            "        torch.cuda.synchronize()\n    except ImportError:\n        flash_attn = None\n"
            "    return x.cuda()\n")
    found = {f.line: f for f in findings_of(code)}
    assert found[7].fix is None
    assert found[10].fix is not None


LAUNCHER = '''import torch

try:
    import triton
except ImportError:  # the module imports without it (a kernel is only defined then)
    triton = None


@triton.jit
def _scale_kernel(x_ptr, out_ptr, n):
    pass


def scale(x, chunked):
    out = torch.empty(x.numel(), device="cuda")
    if chunked:
        _scale_kernel[(4,)](x, out, x.numel())
    else:
        {other}
    return out
'''


@pytest.mark.parametrize("other, left", [
    ("_scale_kernel[(1,)](x, out, x.numel())", True),  # either branch launches it: the whole function
    ("out = x.to(\"cuda\") * 2", False),  # the other branch runs torch alone: its region is the branch
])
def test_a_kernel_launch_keeps_the_tensors_it_is_given_on_cuda(other, left):
    """``kernel[grid](...)`` of a ``@triton.jit`` function of the file: the tensors the
    launcher allocates are for the kernel, so "cuda" stays until the kernel is ported."""
    found = {f.line: f for f in findings_of(LAUNCHER.format(other=other)) if f.code == "NM101"}
    assert (found[15].fix is None) == left
    assert ("`scale` uses `_scale_kernel`" in found[15].message) == left
    if not left:
        assert found[19].fix is not None  # x.to("cuda") in the branch without a launch


def test_an_early_return_guard_gates_the_rest_of_its_block():
    """denoising-diffusion's attention returns early ``if not torch.cuda.is_available() or not
    flash``, then reads the GPU's compute capability: rewritten alone, the guard let a Neuron host
    through to ``.major``, which torch.neuron's properties have not. The guard and the rest of
    the block are one unit: left whole here, rewritten together where every part has a twin."""
    code = ("import torch\n\n\ndef config(flash):\n    if not torch.cuda.is_available() or not flash:\n"
            "        return None\n    p = torch.cuda.get_device_properties(0)\n    return p.major >= 8\n")
    assert fixed(code, unsafe=True) == code
    guard, props = findings_of(code)
    assert guard.fix is None and "`torch.cuda.get_device_properties`" in guard.message
    assert props.fix is None and "`.major` has no Neuron meaning" in props.message
    named = code.replace("p.major >= 8", "p.total_memory > 0")  # a property torch.neuron's have
    assert "torch.neuron.get_device_properties(0)" in fixed(named)
    assert 'hasattr(torch, "neuron") and torch.neuron.is_available()' in fixed(named)
    counted = ("import torch\n\n\ndef check(n):\n    if not torch.cuda.is_available():\n        raise SystemExit(1)\n"
               "    if torch.cuda.device_count() < n:\n        raise SystemExit(2)\n")
    assert fixed(counted).count("torch.neuron.") == 2  # device_count rewritten with its guard, not left alone


def test_an_early_return_guard_with_an_index_bound_beside_it_gates_the_rest_of_its_block():
    """RVC's device choice returns the CPU ``if not torch.cuda.is_available() or idx < 0 or idx >=
    torch.cuda.device_count()``, then reads the GPU's compute capability in a ``try``: rewritten
    alone, the guard let a Neuron host through to ``torch.cuda.get_device_capability``, which
    raised there, and every device's traceback was logged before the CPU was chosen anyway."""
    code = ("import torch\n\n\ndef pick(i):\n    if not torch.cuda.is_available() or i < 0 or i >= torch.cuda.device_count():\n"
            "        return None\n    try:\n        major, _ = torch.cuda.get_device_capability(i)\n"
            "    except RuntimeError:\n        return None\n    return torch.device(f\"cuda:{i}\") if major >= 7 else None\n")
    assert fixed(code, unsafe=True) == code
    available, count, capability, device = findings_of(code)
    assert available.fix is None and count.fix is None and "`torch.cuda.get_device_capability`" in available.message
    # bounds alone are no test of CUDA: what follows `if i < 0 or i > 8: return` is no CUDA path
    bounded = ("import torch\n\n\ndef count(i):\n    if i < 0 or i > 8:\n        return 0\n"
               "    return torch.cuda.device_count()\n")
    assert "torch.neuron.device_count()" in fixed(bounded)



def test_a_name_imported_from_a_cuda_only_library_under_another_name_keeps_its_function_on_cuda():
    # state-spaces/s4's UnICORNN: ``from cupy.cuda import function`` (optional), then a method that
    # loads PTX with ``function.Module()`` beside ``torch.cuda.current_device()``; a function that
    # does not use it is rewritten
    code = ("import torch\ntry:\n    from cupy.cuda import function\nexcept ImportError:\n    function = None\n"
            "\n\ndef load_module(ptx):\n    dev = torch.cuda.current_device()\n    mod = function.Module()\n"
            "    return dev, mod\n\n\ndef device_index():\n    return torch.cuda.current_device()\n")
    found = {f.line: f for f in findings_of(code) if f.code == "NM103"}
    assert found[9].fix is None and "`load_module` uses `cupy.cuda.function`" in found[9].message
    assert found[15].fix is not None
    # a name that is no import of such a library is no use of it
    assert findings_of(code.replace("from cupy.cuda import function", "import json as function"))[0].fix is not None


def test_a_guarded_device_choice_keeps_the_users_test_around_it():
    """NAFNet's ``torch.device('cuda' if opt['num_gpu'] != 0 else 'cpu')`` became ``'neuron' if
    hasattr(torch, 'neuron') else 'cuda' if ... else 'cpu'``, which reads as the guard's choice
    first: a Neuron host got the neuron device with ``num_gpu: 0``, the CPU asked for. The guard
    sits inside the user's choice now; the fixed code runs on stock PyTorch as before."""
    code = "import torch\n\n\ndef pick(gpus, cpu_eval):\n    return (torch.device('cuda' if gpus != 0 else 'cpu'),\n" \
           "            torch.device('cpu' if cpu_eval else 'cuda'))\n"
    new = fixed(code)
    assert "(('neuron' if hasattr(torch, 'neuron') else 'cuda') if gpus != 0 else 'cpu')" in new
    scope: dict = {}
    exec(compile(new, "pick.py", "exec"), scope)
    assert [str(d) for d in scope["pick"](0, True)] == ["cpu", "cpu"]
    assert [str(d) for d in scope["pick"](1, False)] == ["cuda", "cuda"]  # no Neuron plugin here


def _answers(path, probe: str, shim: bool) -> str:
    """What ``probe`` prints of the module at ``path``, run in a fresh interpreter on stock torch or
    under the test shim (a Neuron device on the CPU)."""
    import subprocess
    import sys
    from pathlib import Path

    head = ("import sys\nif sys.argv[1] == 'shim':\n    sys.path.insert(0, sys.argv[2])\n"
            "    import neuron_shim\n    neuron_shim.install()\nscope = {}\nexec(open(sys.argv[3]).read(), scope)\n")
    done = subprocess.run([sys.executable, "-c", head + probe, "shim" if shim else "stock",
                           str(Path(__file__).parent), str(path)],
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_a_device_name_compared_with_cpu_is_ported_with_the_check_before_it():
    """ultralytics' ``select_device``: the request's check was ported while the choice it guards, whose
    name ``arg`` is also compared with "cpu" and "mps", was left asking CUDA: on Neuron device="0" then
    fell back to the CPU without a word, where the check had raised. Both are ported now; run here on
    stock torch (the original's answers) and under the test shim."""
    from pathlib import Path

    folder = Path(__file__).parent.parent / "fixtures/checks/NM101_device_name_compared_with_cpu"
    assert fixed((folder / "input.py").read_text()) == (folder / "expected.py").read_text()
    probe = ("for request in ('', 'cpu', '0'):\n    try:\n        print(request or '-', scope['choose_device'](request))\n"
             "    except ValueError:\n        print(request or '-', 'refused')\n")
    stock = _answers(folder / "input.py", probe, shim=False)
    assert stock == "- cpu\ncpu cpu\n0 refused\n"
    assert _answers(folder / "expected.py", probe, shim=False) == stock
    assert _answers(folder / "expected.py", probe, shim=True) == "- neuron:0\ncpu cpu\n0 neuron:0\n"


def test_a_map_location_is_a_device_ported_with_the_test_beside_it():
    """A model server's handler (mmpose's TorchServe handler): ``self.map_location = "cuda" if ... else
    "cpu"`` was a string of unknown use, left, while the test choosing ``map_location + ":" + index``
    was ported: torch.device("cpu:None") on a Neuron host. Run stock and under the test shim."""
    from pathlib import Path

    folder = Path(__file__).parent.parent / "fixtures/checks/NM101_map_location_of_a_serving_handler"
    assert fixed((folder / "input.py").read_text()) == (folder / "expected.py").read_text()
    probe = "print(scope['PoseHandler']().initialize({'accelerator_id': %s}))\n"
    assert _answers(folder / "input.py", probe % None, shim=False) == "cpu\n"
    assert _answers(folder / "expected.py", probe % None, shim=False) == "cpu\n"
    # the server hands the index where the accelerator is, as it did where CUDA was
    assert _answers(folder / "expected.py", probe % 0, shim=True) == "neuron:0\n"


def test_a_device_test_inside_a_loop_over_a_handed_list_of_devices_is_left():
    """mmpose's tests: ``for device in devices: if device == 'cuda' and not torch.cuda.is_available():
    continue``, the devices ``('cpu', 'cuda')`` handed by a decorator. The test was rewritten to ask for
    "neuron" while the loop still handed "cuda": the skip no longer skipped, and the test built a tensor
    on "cuda" on this host. Nothing is rewritten now, and the fixture's tests pass here as written."""
    import unittest
    from pathlib import Path

    path = Path(__file__).parent.parent / "fixtures/checks/NM108_device_loop_of_a_parametrized_test/input.py"
    code = path.read_text()
    assert fixed(code) == code
    scope: dict = {"__name__": "fixture"}
    exec(compile(code, str(path), "exec"), scope)
    result = unittest.TextTestRunner(stream=open(os.devnull, "w")).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(scope["TestScale"]))
    assert result.wasSuccessful() and result.testsRun == 2


def test_a_device_handed_only_to_a_library_outside_pytorch_is_left_with_its_test(tmp_path):
    """Coqui TTS's XTTS fine-tuning demo: ``device = "cuda" if torch.cuda.is_available() else "cpu"``,
    then faster-whisper's ``WhisperModel(..., device=device)``. CTranslate2 takes "cpu", "cuda" or
    "auto": the port handed it "neuron" on a Neuron host, where the original ran on the CPU. The
    choice is left with its test; the torch module's device beside it is ported. Run under the
    test shim with a stand-in WhisperModel that refuses other devices, as CTranslate2 does."""
    from pathlib import Path

    folder = Path(__file__).parent.parent / "fixtures/checks/NM118_device_of_a_library_outside_pytorch"
    stand_in = ("import sys, types\n_fw = types.ModuleType('faster_whisper')\n\n\nclass WhisperModel:\n"
                "    def __init__(self, size, device='auto', compute_type='default'):\n"
                "        if device not in ('cpu', 'cuda', 'auto'):\n"
                "            raise ValueError(f'unsupported device {device}')\n"
                "        self.device = device\n\n\n_fw.WhisperModel = WhisperModel\nsys.modules['faster_whisper'] = _fw\n")
    ported = tmp_path / "ported.py"
    ported.write_text(stand_in + fixed((folder / "input.py").read_text()))
    probe = ("class Encoder:\n    def to(self, device):\n        self.device = device\n        return self\n\n"
             "    def eval(self):\n        return self\n\n\nprint(scope['transcriber']().device, "
             "scope['speaker_encoder'](Encoder()).device)\n")
    assert _answers(ported, probe, shim=False) == "cpu cpu\n"
    assert _answers(ported, probe, shim=True) == "cpu neuron\n"


def test_a_default_rewritten_keeps_the_literal_annotation_admitting_it():
    """nerfstudio's spawned training worker: ``device_type: Literal["cpu", "cuda", "mps"] = "cuda"``,
    its default compared with "cuda" to pick NCCL. The default and the test were rewritten to
    "neuron" and the annotation left, so it no longer admitted the default (a type checker's error).
    The annotation's "cuda" now changes with them."""
    import inspect
    import typing
    from pathlib import Path

    folder = Path(__file__).parent.parent / "fixtures/checks/NM108_default_of_a_literal_annotated_parameter"
    scope: dict = {}
    exec(compile(fixed((folder / "input.py").read_text()), "ported.py", "exec", dont_inherit=True), scope)
    parameter = inspect.signature(scope["run_worker"]).parameters["accelerator"]
    assert parameter.default == "neuron"
    assert parameter.default in typing.get_args(parameter.annotation)


def test_a_guard_and_the_indexed_device_string_it_picks_change_together():
    """esm's lm-design picks ``torch.device(f'cuda{device_idx}' if use_cuda else 'cpu')`` after
    ``use_cuda = torch.cuda.is_available() and ...``. The f-string ("cuda" and an optional ":N") was
    no device string, so the guard was rewritten alone: on Neuron it then picked "cuda", where
    before the fix the script ran on the CPU. Both now change, and stock PyTorch still picks the CPU."""
    from pathlib import Path
    from types import SimpleNamespace

    import torch

    folder = Path(__file__).parent.parent / "fixtures/checks/NM101_fstring_of_cuda_and_an_index"
    out = fixed((folder / "input.py").read_text())
    assert 'torch.device(f"neuron{suffix}" if on_gpu else "cpu")' in out and "torch.neuron.is_available()" in out
    assert 'tag = f"cuda{major}"' in out  # a CUDA version tag, no device
    scope: dict = {}
    exec(compile(out, "ported.py", "exec", dont_inherit=True), scope)
    assert scope["Sampler"](SimpleNamespace(force_cpu=False, gpu=1)).device == torch.device("cpu")


def test_a_device_options_help_follows_its_default():
    """nnU-Net's ``-device`` (default 'cuda', no ``choices=``): its help said "Available options are
    'cuda' (GPU), 'cpu' (CPU) and 'mps'" after ``fix`` had made the default and the assert's list
    "neuron"; the help followed only options with ``choices=``. It now follows a default too."""
    import contextlib
    import io
    import sys
    from pathlib import Path

    folder = Path(__file__).parent.parent / "fixtures/checks/NM101_device_option_default_and_help"
    out = fixed((folder / "input.py").read_text())
    scope: dict = {}
    exec(compile(out, "ported.py", "exec", dont_inherit=True), scope)
    argv, sys.argv = sys.argv, ["ported", "--help"]
    text = io.StringIO()
    try:
        with contextlib.redirect_stdout(text), pytest.raises(SystemExit):
            scope["parse"]()
    finally:
        sys.argv = argv
    shown = " ".join(text.getvalue().split())
    assert "'neuron' (GPU) or 'cpu'" in shown and "'cuda'" not in shown
    assert "CUDA_VISIBLE_DEVICES" in shown  # an environment variable, not a value of the option


def test_a_module_flag_guards_the_calls_functions_gate_with_it():
    """sd-scripts' ``HAS_CUDA = torch.cuda.is_available()`` at the top of library/device_utils.py,
    tested in ``clean_memory()`` before ``torch.cuda.empty_cache()``: the flag was rewritten and the
    call it gates left, since a flag was looked for only in the scope of its test. A module's flag
    now guards the functions that read it (not one that binds the name itself)."""
    from pathlib import Path

    import torch

    folder = Path(__file__).parent.parent / "fixtures/checks/NM103_module_flag_tested_in_functions"
    out = fixed((folder / "input.py").read_text())
    release, _, local = out.partition("def release_if")
    assert "torch.neuron.empty_cache()" in release.split("def release_memory")[1]
    assert "torch.cuda.empty_cache()" in local  # its own parameter, no guard of the plugin
    scope: dict = {}
    exec(compile(out, "ported.py", "exec", dont_inherit=True), scope)
    scope["release_memory"]()  # stock PyTorch: the flag is False, no torch.neuron call
    assert scope["default_device"]() == torch.device("cpu")


def test_a_validation_once_admitting_neuron_is_left_as_info():
    """fixtures/checks/NM108_validation_that_admits_the_cpu: after `fix`, the face detector's
    `'cpu' not in device and 'cuda' not in device and "neuron" not in device` needs nothing more,
    so it is no warning left for a person (MuseTalk's vendored face-alignment detector)."""
    from pathlib import Path

    from neuron_migrate.models import Severity

    code = (Path(__file__).parent.parent / "fixtures" / "checks" / "NM108_validation_that_admits_the_cpu"
            / "input.py").read_text(encoding="utf-8")
    again = {f.line: f for f in findings_of(fixed(code)) if f.code == "NM108"}
    for line in (8, 14, 19):
        assert again[line].fix is None and again[line].severity is Severity.INFO
    assert fixed(fixed(code)) == fixed(code)


def test_a_library_function_asking_for_cuda_is_a_guard(monkeypatch):
    """hiyouga/LLaMA-Factory picks its device with transformers' ``is_torch_cuda_available()``
    (``elif is_torch_cuda_available(): device = "cuda:..."``): the device string was rewritten and
    the question left, so on Neuron the branch never ran and the run took the CPU. The question is
    torch.cuda.is_available() under another name (rules/cuda_api.yaml, same_as): rewritten with what
    it gates, or left with it (a call without a twin; a function of the file importing Triton kernels)."""
    import sys
    import types
    from pathlib import Path

    import torch

    folder = Path(__file__).parent.parent / "fixtures/checks/NM103_library_function_asking_for_cuda"
    out = fixed((folder / "input.py").read_text())
    chosen, _, rest = out.partition("def free_bytes")
    assert "is_torch_cuda_available" not in chosen.partition("def local_device")[2]
    assert "is_cuda_available()" not in chosen and '"neuron:{}"' in chosen
    assert rest.count("is_torch_cuda_available()") == 2 and "torch.cuda.mem_get_info()" in rest
    for name, module in (("is_torch_cuda_available", "transformers.utils"), ("is_cuda_available", "accelerate.utils")):
        stub = types.ModuleType(module)
        setattr(stub, name, torch.cuda.is_available)
        monkeypatch.setitem(sys.modules, module, stub)
    scope: dict = {}
    exec(compile(out, "ported.py", "exec", dont_inherit=True), scope)
    assert scope["local_device"]() == torch.device("cpu")  # stock PyTorch without CUDA: as before the fix
    assert scope["peak_bytes"]() == 0 and scope["free_bytes"]() == -1
