"""`neuron-migrate fix`: the fix loop, what it never breaks, and the command line."""

from __future__ import annotations

import codecs
import dataclasses
import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import neuron_migrate.fix as fixmod
from neuron_migrate.cli import main
from neuron_migrate.fix import (BROKEN, MAX_PASSES, Tracker, fix_python, fix_source, parses, splice,
                                split_lines)
from neuron_migrate.report.fix import unified_diff
from neuron_migrate.models import Applicability, Edit, Finding, Fix, Options, Severity
from neuron_migrate.source import SourceFile
from neuron_migrate.testing import findings_of
from neuron_migrate.writer import ChangedOnDisk, write_atomic

CODE = 'import torch\nx = torch.zeros(3, device="cuda")\ntorch.cuda.synchronize()\n'
FIXED = 'import torch\nx = torch.zeros(3, device="neuron")\ntorch.neuron.synchronize()\n'


def run(capsys, *args):
    code = main(list(map(str, args)))
    out, err = capsys.readouterr()
    return code, out, err


def outcome(code: str, unsafe: bool = False):
    return fix_source(SourceFile("a.py", code), Options(), unsafe)


# -- the loop ---------------------------------------------------------------------------------

def test_overlapping_fixes_resolve_over_passes():
    # .cuda(<arg>) rewrites its argument; the torch.cuda call inside it is a second, inner fix
    code = "import torch\ny = x.cuda(torch.cuda.current_device())\n"
    out = outcome(code, unsafe=True)  # an index that is a call, not a name: unsafe
    assert out.text == 'import torch\ny = x.to(f"neuron:{torch.neuron.current_device()}")\n'
    assert [f.code for f in out.applied] == ["NM102", "NM103"]
    assert out.not_applied == [] and out.error is None


def test_the_fallback_of_a_two_host_device_keeps_its_cuda_call():
    """Megatron-FSDP: ``torch.device(f"cuda:{torch.cuda.current_device()}")``. The device string takes
    the spelling exact on both hosts; its fallback is what a host without Neuron runs, so the
    torch.cuda call inside it stays (the second pass had rewritten both copies)."""
    out = outcome('import torch\nd = torch.device(f"cuda:{torch.cuda.current_device()}")\n')
    assert out.text == ('import torch\nd = torch.device(f"neuron:{torch.neuron.current_device()}" if '
                        'hasattr(torch, "neuron") else f"cuda:{torch.cuda.current_device()}")\n')


def test_a_device_string_inside_an_f_string_field_keeps_to_its_quote():
    """Before Python 3.12 a field of an f-string may not hold the quote that delimits it: the
    guard written into ``f"{torch.device(f'cuda:{i}')}"`` spells 'neuron' with the inner quote."""
    out = outcome("import torch\nmsg = f\"on {torch.device(f'cuda:{i}')}\"\n")
    assert out.not_applied == [] and out.error is None
    assert out.text == ("import torch\nmsg = f\"on {torch.device(f'neuron:{i}' if hasattr(torch, 'neuron') "
                        "else f'cuda:{i}')}\"\n")


def test_a_count_handed_to_a_call_that_raises_without_cuda_changes_with_it():
    """torchchat: ``torch.cuda.set_device(rank % torch.cuda.device_count())``. set_device raises without
    CUDA and was rewritten; the count, taken on the way there, was left for want of a guard, so on
    Neuron (no CUDA: a count of 0) the fixed line divided by zero."""
    out = outcome("import torch\n\n\ndef setup(rank):\n    torch.cuda.set_device(rank % torch.cuda.device_count())\n")
    assert out.text == "import torch\n\n\ndef setup(rank):\n    torch.neuron.set_device(rank % torch.neuron.device_count())\n"


def test_a_count_taken_just_before_a_call_that_raises_without_cuda_changes_with_it():
    """NVIDIA's DeepLearningExamples: ``args.gpu = args.local_rank % torch.cuda.device_count()``, then
    ``torch.cuda.set_device(args.gpu)``. Without CUDA the run got to the raise with nothing else done
    (it divided by zero first): the count is rewritten with the call. A call of anything else on the
    way, or a ``try`` around them, and the count takes its spelling that is exact on every host."""
    code = ("import torch\n\n\ndef setup(args):\n    args.gpu = args.local_rank % torch.cuda.device_count()\n"
            "    torch.cuda.set_device(args.gpu)\n")
    assert outcome(code).text == code.replace("torch.cuda", "torch.neuron")
    logged = code.replace("    torch.cuda.set_device", "    print(args.gpu)\n    torch.cuda.set_device")
    exact = '% (torch.neuron.device_count() if hasattr(torch, "neuron") else 0)'
    assert exact in outcome(logged).text
    assert "torch.neuron.set_device(args.gpu)" in outcome(logged).text
    tried = code.replace("    args.gpu", "    try:\n        args.gpu").replace(
        "    torch.cuda.set_device(args.gpu)\n", "        torch.cuda.set_device(args.gpu)\n    except RuntimeError:\n        pass\n")
    assert exact in outcome(tried).text


def test_a_value_reported_just_before_a_call_that_raises_without_cuda_changes_with_it():
    """NVlabs/edm: ``fields += [f"gpumem {training_stats.report0(name, torch.cuda.max_memory_allocated(device)
    / 2**30):<6.2f}"]``, then ``torch.cuda.reset_peak_memory_stats()``, which raises without CUDA. The
    report only ever got CUDA's empty answer (0) on a run that stopped a line later: rewritten, that
    run stops before it. A call not handed the answer (a log written on the way) is left with the
    count, and the finding says why."""
    code = ("import torch\n\n\ndef tick(stats, fields):\n"
            "    fields += [f\"gpumem {stats.report0('mem', torch.cuda.max_memory_allocated() / 2**30):<6.2f}\"]\n"
            "    torch.cuda.reset_peak_memory_stats()\n")
    out = outcome(code)
    assert out.text == code.replace("torch.cuda", "torch.neuron")
    assert len(out.applied) == 2
    logged = code.replace("/ 2**30)", "/ 2**30, stats.flush())")
    out = outcome(logged)
    assert "torch.cuda.max_memory_allocated()" in out.text and "torch.neuron.reset_peak_memory_stats()" in out.text
    left = fixmod.analyse_source(SourceFile("a.py", logged), Options()).findings[0]
    assert left.fix is None and left.message.endswith("it is not rewritten with the raising call on line 6, "
                                 "since `stats.flush` is called on the way there")


def test_every_finding_of_a_unit_counts_as_fixed():
    """A call and the device it is handed are one unit: each finding carries the unit's edits, one
    is applied and the others are fixed with it. ``fix`` counted one fix for three."""
    code = 'import torch\n\n\ndef f(device=torch.device("cuda")):\n    torch.cuda.set_device(device)\n' \
           '    torch.cuda.synchronize(device)\n'
    out = outcome(code)
    assert out.text == code.replace('"cuda"', '"neuron" if hasattr(torch, "neuron") else "cuda"').replace(
        "torch.cuda.", "torch.neuron.")
    assert sorted(f.code for f in out.applied) == ["NM101", "NM103", "NM103"]


def test_a_literal_before_a_trailer_keeps_it_on_both_hosts():
    """facebookresearch/SlowFast's ``torch.device("cuda:{}".format(self.gpu_id))``: the literal's
    two-host choice went in bare, so ``.format`` bound to the "cuda" side only and Neuron got
    torch.device("neuron:{}"). The choice is parenthesised before an attribute, call or subscript."""
    code = 'import torch\n\n\ndef pick(gpu_id):\n    return torch.device("cuda:{}".format(gpu_id))\n'
    out = outcome(code).text
    assert 'torch.device(("neuron:{}" if hasattr(torch, "neuron") else "cuda:{}").format(gpu_id))' in out
    compile(out, "a.py", "exec")


def test_cuda_on_a_module_without_tensors_is_dropped():
    """facebookresearch/SlowFast builds ``nn.Softmax(dim=1).cuda()`` in a model's ``__init__``, which
    runs on a host without CUDA (no tensor to move); ``.to("neuron")`` raised there without the plugin.
    A loss given a class weight holds it as a buffer: its move stays a move."""
    code = ("import torch\nimport torch.nn as nn\n\n\nclass Head(nn.Module):\n    def __init__(self, w):\n"
            "        super().__init__()\n        self.softmax = nn.Softmax(dim=1).cuda()\n"
            "        self.ce = nn.CrossEntropyLoss(reduction='mean').cuda(0)\n"
            "        self.weighted = nn.CrossEntropyLoss(weight=w).cuda()\n        self.first = nn.NLLLoss(w).cuda()\n")
    out = outcome(code).text
    assert "self.softmax = nn.Softmax(dim=1)\n" in out
    assert "self.ce = nn.CrossEntropyLoss(reduction='mean')\n" in out
    assert 'nn.CrossEntropyLoss(weight=w).to("neuron")' in out and 'nn.NLLLoss(w).to("neuron")' in out


def test_an_index_that_may_be_none_keeps_the_current_device():
    """Training scripts derived from pytorch/examples' old ImageNet script: ``criterion = nn.CrossEntropyLoss().cuda(args.gpu)``
    with ``--gpu`` defaulting to None, where ``.cuda(None)`` is the current device: ``f"neuron:{args.gpu}"``
    was "neuron:None" on Neuron. A declared index keeps its f-string."""
    code = ('import argparse\nimport torch\n\nparser = argparse.ArgumentParser()\n'
            'parser.add_argument("--gpu", default=None, type=int)\n'
            'parser.add_argument("--rank", default=0, type=int)\n\n\n'
            'def main(args, loss, net, local_gpu=None):\n    loss.cuda(args.gpu)\n    net.cuda(args.rank)\n'
            '    return net.cuda(local_gpu)\n')
    out = outcome(code).text
    assert 'loss.to(torch.device("neuron", args.gpu))' in out
    assert 'net.to(f"neuron:{args.rank}")' in out
    assert 'net.to(torch.device("neuron", local_gpu))' in out


def test_cuda_looked_for_in_an_exceptions_text_is_not_a_device():
    """``except RuntimeError as e: if "cuda" in str(e).lower(): torch.cuda.empty_cache()`` asks what failed:
    rewritten to look for "neuron", the handler would swallow any Neuron error that names the device."""
    code = ('import torch\n\n\ndef run(model, x):\n    try:\n        return model(x)\n'
            '    except RuntimeError as e:\n        if "cuda" in str(e).lower():\n'
            '            torch.cuda.empty_cache()\n            return None\n        raise\n\n\n'
            'def is_oom(err: RuntimeError):\n    return "cuda" in err.args[0]\n')
    found = fixmod.analyse_source(SourceFile("a.py", code), Options()).findings
    assert [(f.code, f.line, f.fix) for f in found] == [("NM108", 8, None), ("NM103", 9, None), ("NM108", 15, None)]
    assert "the text of an exception (`str(e).lower()`)" in found[0].message
    assert "(`err.args[0]`)" in found[2].message
    assert outcome(code).text == code


def test_a_guard_whose_branch_calls_a_function_left_on_cuda_is_left():
    """mosaicml/composer: the branch of a rewritten CUDA question called a function of the file whose
    CUDA call stayed (no certain rewrite): on Neuron it ran. What the function runs only under its own
    device test (PyG's get_hash_map: ``if key.is_cuda: return CUDAHashMap(key)``) answers no there."""
    code = ("import torch\n\n\ndef free():\n    return torch.cuda.mem_get_info()[0]\n\n\n"
            "def maybe_free(x):\n    if x.is_cuda:\n        return torch.cuda.mem_get_info()[0]\n    return 0\n\n\n"
            "def run(x):\n    if torch.cuda.is_available():\n        free()\n"
            "    if torch.cuda.is_available():\n        maybe_free(x)\n")
    found = fixmod.analyse_source(SourceFile("a.py", code), Options()).findings
    first, second = [f for f in found if f.line in (15, 17)]
    assert first.fix is None and "which calls `free` (line 4)" in first.message
    assert second.fix is not None


def test_a_guard_of_deepspeeds_kernel_injection_is_left():
    """neonbjb/tortoise-tts: ``if use_deepspeed and torch.cuda.is_available(): deepspeed.init_inference(...,
    replace_with_kernel_inject=True)``. Rewritten, the question answered yes on Neuron and swapped the model's
    layers for DeepSpeed's CUDA kernels; left, it answers no there and the plain model runs."""
    code = ("import torch\n\n\ndef build(model, use_deepspeed):\n"
            "    if use_deepspeed and torch.cuda.is_available():\n        import deepspeed\n"
            "        model = deepspeed.init_inference(model, replace_with_kernel_inject=True).module\n"
            "    if torch.cuda.is_available():\n        model = wrap(model, replace_with_kernel_inject=False)\n"
            "    return model\n")
    found = fixmod.analyse_source(SourceFile("a.py", code), Options()).findings
    left, rewritten = found
    assert left.fix is None and "CUDA-only (the branch uses `replace_with_kernel_inject`)" in left.message
    assert rewritten.line == 8 and rewritten.fix is not None


def test_a_word_holding_cupys_letters_names_no_cuda_only_library():
    """Megvii-BaseDetection/YOLOX: ``if self.args.occupy: occupy_mem(...)`` (reserve a GPU's memory) made the
    whole method CUDA-only ("uses `occupy`"), since "occupy" holds "cupy"; CuPy's own names still count."""
    code = ("import torch\n\n\ndef setup(args):\n    torch.cuda.set_device(args.rank)\n"
            "    if args.occupy:\n        reserve(args.rank)\n")
    assert fixmod.analyse_source(SourceFile("a.py", code), Options()).findings[0].fix is not None
    for name in ("cupy", "use_cupy", "cupyx"):
        found = fixmod.analyse_source(SourceFile("a.py", code.replace("occupy", name)), Options()).findings
        assert found[0].fix is None and f"uses `{name}`" in found[0].message


def test_buffers_of_a_kernel_loaded_from_cuda_sources_are_left_with_it():
    """BlinkDL/RWKV-LM: ``wkv_cuda = load(sources=[..., "cuda/wkv_cuda.cu"])`` at import; ``WKV.forward`` allocates
    ``y`` on "cuda" for ``wkv_cuda.forward(..., y)``, and ``RUN_CUDA`` hands ``WKV.apply`` its inputs moved with
    ``.cuda()``. Rewritten, the kernel got Neuron tensors; left, each says which kernel needs CUDA. Without a
    kernel call (a buffer on the inputs' device) or with a load() of C++ sources only, nothing is left."""
    code = ("import torch\nfrom torch.utils.cpp_extension import load\n\n"
            "ext = load(name=\"k\", sources=[\"k.cpp\", \"k.cu\"], extra_cuda_cflags=[\"-O3\"])\n\n\n"
            "class K(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
            "        y = torch.empty(x.shape, device=\"cuda\")\n        ext.forward(x, y)\n        return y\n\n\n"
            "def run(x):\n    return K.apply(x.cuda())\n\n\ndef step(model, x):\n    return model(x.cuda())\n")
    found = fixmod.analyse_source(SourceFile("a.py", code), Options()).findings
    assert [(f.code, f.line, f.fix is None) for f in found] == [
        ("NM501", 4, True), ("NM101", 10, True), ("NM102", 16, True), ("NM102", 20, False)]
    assert "`forward` calls `ext.forward`, a kernel `load()` builds from CUDA sources (line 4)" in found[1].message
    assert "`run` calls `K.apply`, whose forward calls `ext.forward`" in found[2].message
    for other in (code.replace("        ext.forward(x, y)\n", ""),
                  code.replace(", \"k.cu\"], extra_cuda_cflags=[\"-O3\"]", "]")):
        assert all(f.fix is not None for f in fixmod.analyse_source(SourceFile("a.py", other), Options()).findings
                   if f.code != "NM501")


def test_an_on_off_option_named_after_a_backend_is_a_switch_not_the_backend():
    """Megvii-BaseDetection/YOLOX's tools/eval.py: ``add_argument("--trt", action="store_true")`` and ``if not
    args.trt:`` in ``main`` made the parser and all of ``main`` CUDA-only ("uses `trt`"), so the device moves of
    the run without TensorRT were left. An option taking a value (``--trt PATH``) may name the engine: still left."""
    code = ("import argparse\nimport torch\n\n\ndef parse():\n    p = argparse.ArgumentParser()\n"
            "    p.add_argument(\"--trt\", action=\"store_true\")\n    p.add_argument(\"--dist\", default=\"nccl\")\n"
            "    return p.parse_args()\n\n\ndef main(args, model):\n    model.cuda()\n"
            "    if not args.trt:\n        model.load_state_dict(torch.load(\"m.pt\"))\n    return model\n")
    found = fixmod.analyse_source(SourceFile("a.py", code), Options()).findings
    assert [(f.code, f.line, f.fix is None) for f in found] == [("NM111", 8, False), ("NM102", 13, False)]
    found = fixmod.analyse_source(SourceFile("a.py", code.replace('action=\"store_true\"', "type=str")),
                                  Options()).findings
    assert [(f.code, f.fix is None) for f in found] == [("NM111", True), ("NM102", True)]


def test_a_nccl_read_only_as_init_process_groups_backend_is_the_backend():
    """AnimateDiff's train.py: ``def init_dist(launcher="slurm", backend='nccl', **kwargs)`` whose
    ``backend`` is read only as ``dist.init_process_group(backend=backend)``; DETR's and its heirs'
    ``args.dist_backend = 'nccl'`` before ``init_process_group(backend=args.dist_backend, ...)``: a
    process-group backend (NM110, a safe rewrite), not a string of unknown use. A name read
    elsewhere too (compared, printed), or handed to another function, stays NM111."""
    code = ("import torch.distributed as dist\n\n\n"
            "def init_dist(launcher, backend='nccl', **kwargs):\n"
            "    if launcher == 'pytorch':\n        dist.init_process_group(backend=backend, **kwargs)\n"
            "    elif launcher == 'slurm':\n        dist.init_process_group(backend)\n")
    found = fixmod.analyse_source(SourceFile("a.py", code), Options()).findings
    assert [(f.code, f.line, f.fix is not None) for f in found] == [("NM110", 4, True)]
    assert "the default of `backend`" in found[0].message
    from neuron_migrate.testing import fixed
    assert "backend='neuron'" in fixed(code)
    for other in (code + "    print(backend)\n", code.replace("dist.init_process_group(backend)", "setup(backend)")):
        found = fixmod.analyse_source(SourceFile("a.py", other), Options()).findings
        assert [(f.code, f.line) for f in found] == [("NM111", 4)]

    # the init_distributed_mode of DETR, DeiT, MAE and GroundingDINO
    stored = ("import torch\n\n\ndef init_distributed_mode(args):\n    args.dist_backend = 'nccl'\n"
              "    print('| distributed init (rank {}): {}'.format(args.rank, args.dist_url))\n"
              "    torch.distributed.init_process_group(backend=args.dist_backend, init_method=args.dist_url)\n")
    found = fixmod.analyse_source(SourceFile("a.py", stored), Options()).findings
    assert [(f.code, f.line, f.fix is not None) for f in found] == [("NM110", 5, True)]
    assert "stored in `args.dist_backend`" in found[0].message
    compared = stored + "    if args.dist_backend == 'gloo':\n        pass\n"
    assert [f.code for f in fixmod.analyse_source(SourceFile("a.py", compared), Options()).findings] == ["NM111"]


def test_torch2trt_and_basicsr_ops_are_cuda_only_libraries():
    """YOLOX's evaluators: ``if trt_file is not None: from torch2trt import TRTModule`` then ``x = torch.ones(...)
    .cuda()`` feeds the TensorRT engine: left with it (it was rewritten). GFPGAN's ``from basicsr.ops.fused_act import
    FusedLeakyReLU``: a CUDA extension with no CPU path, now NM504; the rest of basicsr is not, nor the package."""
    code = ("import torch\n\n\ndef evaluate(model, trt_file=None):\n    model.cuda()\n    if trt_file is not None:\n"
            "        from torch2trt import TRTModule\n\n        engine = TRTModule()\n"
            "        model(torch.ones(1, 3, 8, 8).cuda())\n        model = engine\n    return model\n")
    found = fixmod.analyse_source(SourceFile("a.py", code), Options()).findings
    assert [(f.code, f.line, f.fix is None) for f in found] == [("NM102", 5, False), ("NM504", 7, True),
                                                                ("NM102", 10, True)]
    assert "drop that backend" in found[2].message
    code = "from basicsr.ops.fused_act import FusedLeakyReLU\nfrom basicsr.utils import img2tensor\n"
    assert [(f.code, f.line) for f in findings_of(code)] == [("NM504", 1)]
    from neuron_migrate.checks.manifests import analyse_manifest

    found = analyse_manifest("requirements.txt", b"basicsr>=1.4.2\ntorch2trt\n", Options()).findings
    assert [(f.code, f.line) for f in found] == [("NM601", 2)]


def test_paddlepaddle_gpu_is_a_cuda_only_backend():
    """ultralytics' Paddle backend: ``cuda = ... torch.cuda.is_available() ...``, then under ``if cuda:`` the
    requirement ``"paddlepaddle-gpu>=3.0.0"`` and ``config.enable_use_gpu(...)``. The flag was rewritten: a
    Neuron host would install PaddlePaddle's CUDA build and ask it for a GPU. Left with its branch now; the
    package is NM601 in a manifest."""
    code = ("import torch\n\n\ndef load(check, device):\n    cuda = torch.cuda.is_available() and device.type != 'cpu'\n"
            "    if cuda:\n        check('paddlepaddle-gpu>=3.0.0')\n    return cuda\n")
    (found,) = findings_of(code)
    assert found.fix is None and "`paddlepaddle-gpu>=3.0.0`" in found.message and "drop that backend" in found.message
    assert findings_of(code.replace("paddlepaddle-gpu", "paddlepaddle"))[0].fix is not None
    from neuron_migrate.checks.manifests import analyse_manifest

    found = analyse_manifest("requirements.txt", b"paddlepaddle>=3.0\npaddlepaddle_gpu==3.0\n", Options()).findings
    assert [(f.code, f.line) for f in found] == [("NM601", 2)]


def test_an_is_cuda_test_whose_branch_is_one_move_is_rewritten_safely_with_it():
    """neonbjb/tortoise-tts's STFT: ``window_sum = window_sum.cuda() if magnitude.is_cuda else window_sum``. The
    pair was unsafe ("the guarded branch may call CUDA-only kernels"), which the branch, one move rewritten
    with the test, does not; on the CPU the fixed line runs as before. ``if x.is_cuda: x = x.half()`` stays, and so
    does an object's own ``self.is_cuda`` flag (timm's PrefetchLoader), which is no tensor's."""
    import torch

    code = ("import torch\n\n\ndef norm(spec, w):\n    w = w.cuda() if spec.is_cuda else w\n    return spec / w\n\n\n"
            "def halve(x):\n    if x.is_cuda:\n        x = x.half()\n    return x\n\n\n"
            "class Loader:\n    def put(self, x):\n        return x.cuda() if self.is_cuda else x\n")
    found = fixmod.analyse_source(SourceFile("a.py", code), Options()).findings
    assert [(f.code, f.line, f.fix.applicability.value) for f in found] == [
        ("NM102", 5, "safe"), ("NM107", 5, "safe"), ("NM107", 10, "unsafe"), ("NM102", 17, "unsafe"),
        ("NM107", 17, "unsafe")]
    fixed = outcome(code).text
    assert 'w = w.to("neuron") if spec.device.type == "neuron" else w' in fixed and "if x.is_cuda:" in fixed
    spaces: dict = {}
    exec(compile(fixed, "a.py", "exec"), spaces)
    assert torch.equal(spaces["norm"](torch.ones(3), torch.full((3,), 2.0)), torch.full((3,), 0.5))


def test_a_device_handed_by_position_to_a_function_of_the_module_is_a_device():
    """NVIDIA/BigVGAN: ``load_checkpoint(args.checkpoint_file, "cuda")`` fills ``def load_checkpoint(filepath,
    device)``, which hands it to ``torch.load(map_location=device)``: the call ``device="cuda"`` spells, rewritten
    as that one is. A function of the module defined after the call counts too; *args stop the mapping."""
    code = ("import torch\n\n\ndef main(path, rest):\n    a = load(path, \"cuda\")\n    b = load(*rest, \"cuda\")\n"
            "    return a, b\n\n\ndef load(filepath, device):\n    return torch.load(filepath, map_location=device)\n")
    found = fixmod.analyse_source(SourceFile("a.py", code), Options()).findings
    assert [(f.code, f.line) for f in found] == [("NM101", 5), ("NM118", 6)]
    assert outcome(code).text == code.replace('load(path, "cuda")', 'load(path, "neuron")')


def test_the_neuron_side_of_a_two_host_device_is_guarded():
    """torchchat: ``torch.device(f"cuda:{rank % torch.cuda.device_count()}")``. The count waited for a
    guard, and the fix's own ``hasattr(torch, "neuron")`` is one: left as it was, the Neuron side
    divided by torch.cuda's count, 0 there."""
    out = outcome('import torch\nd = torch.device(f"cuda:{rank % torch.cuda.device_count()}")\n')
    assert out.text == ('import torch\nd = torch.device(f"neuron:{rank % torch.neuron.device_count()}" if '
                        'hasattr(torch, "neuron") else f"cuda:{rank % torch.cuda.device_count()}")\n')


def test_edits_on_the_original_reproduce_the_fixed_text():
    code = "import torch\ny = x.cuda(torch.cuda.current_device())\ntorch.cuda.synchronize()\n"
    out = outcome(code, unsafe=True)
    assert splice(code, out.edits) == out.text
    assert all(code[e.start:e.end] != e.replacement for e in out.edits)


def _fake_analysis(monkeypatch, extra):
    """Make the engine report ``extra(src)`` findings besides the real ones."""
    real = fixmod.analyse_source

    def analyse(src, options):
        r = real(src, options)
        return dataclasses.replace(r, findings=r.findings + tuple(extra(src)))

    monkeypatch.setattr(fixmod, "analyse_source", analyse)


def _finding(src: SourceFile, edits, code="NM101") -> Finding:
    return Finding(code=code, rule="fake", severity=Severity.ERROR, category="device", path=src.path,
                   line=1, column=1, end_line=1, end_column=1, message="fake",
                   fix=Fix("fake", Applicability.SAFE, tuple(edits)))


def test_a_fix_that_breaks_the_file_is_reported_and_the_others_applied(monkeypatch):
    def bad(src):  # delete the ')' of the first line that has one
        i = src.text.find(")")
        return [_finding(src, [Edit(i, i + 1, "")])] if i >= 0 and "torch.cuda" in src.text else []

    _fake_analysis(monkeypatch, bad)
    out = outcome(CODE)
    assert out.text == FIXED
    assert [n.reason for n in out.not_applied] == [BROKEN]
    assert parses(out.text) is None


def test_a_fix_that_never_settles_is_reported_after_the_bound(monkeypatch):
    _fake_analysis(monkeypatch, lambda src: [_finding(src, [Edit(0, 0, "#\n")])])
    out = outcome(CODE)
    assert out.text.startswith("#\n" * MAX_PASSES) and out.text.endswith(FIXED)
    assert len(out.not_applied) == 1
    assert f"after {MAX_PASSES} passes" in out.not_applied[0].reason


def test_a_fix_that_changes_nothing_is_reported(monkeypatch):
    _fake_analysis(monkeypatch, lambda src: [_finding(src, [Edit(0, 6, "import")])])
    out = outcome(CODE)
    assert out.text == FIXED
    assert [n.reason for n in out.not_applied] == ["its edit changes nothing"]


def test_not_applied_findings_point_into_the_original(monkeypatch):
    def late(src):  # a broken fix on the synchronize line, seen only after the first pass
        i = src.text.find("torch.neuron.synchronize")
        return [dataclasses.replace(_finding(src, [Edit(i, i + 5, "(")]), line=3, column=1)] if i >= 0 else []

    _fake_analysis(monkeypatch, late)
    out = outcome(CODE)
    (n,) = out.not_applied
    assert (n.finding.line, n.finding.column) == (3, 1)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_tracker_maps_rounds_of_edits_back_to_the_original(data):
    original = data.draw(st.text(alphabet="ab\n", max_size=30))
    text, tracker = original, Tracker()
    for _ in range(data.draw(st.integers(1, 4))):
        points = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=6)))
        edits, last = [], -1
        for a, b in zip(points[::2], points[1::2]):
            if a > last or (a == last and edits and edits[-1].start != edits[-1].end):
                edits.append(Edit(a, b, data.draw(st.text(alphabet="xy\n", max_size=3))))
                last = b
        edits = [e for i, e in enumerate(edits)
                 if not (e.start == e.end and any(o.start == o.end == e.start for o in edits[:i]))]
        text = splice(text, edits)
        tracker.apply(edits)
    assert splice(original, tracker.edits(original, text)) == text


# -- never break a file -------------------------------------------------------------------------

def fix_bytes(data: bytes, unsafe: bool = False) -> bytes:
    result = fix_python("a.py", data, Options(), unsafe)
    assert result.error is None
    return result.data if result.data is not None else data


def test_bom_crlf_and_latin1_are_kept():
    data = codecs.BOM_UTF8 + CODE.replace("\n", "\r\n").encode()
    assert fix_bytes(data) == codecs.BOM_UTF8 + FIXED.replace("\n", "\r\n").encode()
    latin = ("# -*- coding: latin-1 -*-\n# café\n" + CODE).encode("latin-1")
    assert fix_bytes(latin) == ("# -*- coding: latin-1 -*-\n# café\n" + FIXED).encode("latin-1")


def test_final_newline_or_its_absence_is_kept():
    assert fix_bytes(CODE.rstrip("\n").encode()) == FIXED.rstrip("\n").encode()
    # removing the last statement (an unsafe fix) must not leave a newline behind
    code = "import torch\nx = 1\ntorch.backends.cudnn.benchmark = True"
    assert fix_bytes(code.encode(), unsafe=True) == b"import torch\nx = 1"
    assert fix_bytes((code + "\n").encode(), unsafe=True) == b"import torch\nx = 1\n"


def test_inserted_lines_use_the_file_line_ending():
    code = "import torch.nn as nn\r\nfrom torch.cuda.amp import autocast\r\n\r\nwith autocast():\r\n    pass\r\n"
    out = fix_bytes(code.encode())
    assert out == b'import torch.nn as nn\r\nimport torch\r\n\r\nwith torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\r\n    pass\r\n'
    code = "import os\r\nfrom torch.cuda.amp import autocast, GradScaler\r\nwith autocast():\r\n    s = GradScaler()\r\n"
    out = fix_bytes(code.encode())
    assert b"\r\nimport torch\r\nfrom torch.cuda.amp import GradScaler\r\n" in out
    assert out.count(b"\n") == out.count(b"\r\n")


def test_other_kinds_are_reported_not_rewritten(tmp_path, capsys):
    (tmp_path / "requirements.txt").write_text("torch==2.1.0+cu118\ncupy-cuda12x\n")
    (tmp_path / "kernel.cu").write_text("__global__ void k() {}\n")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    code, out, err = run(capsys, "fix", tmp_path, "--apply")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert "requirements.txt" in err and code == 1


def test_a_result_the_encoding_cannot_hold_is_refused(monkeypatch):
    def arrow(src):
        i = src.text.find("# note")
        return [_finding(src, [Edit(i, i + 6, "# →")])] if i >= 0 else []

    _fake_analysis(monkeypatch, arrow)
    data = ("# -*- coding: latin-1 -*-\n# note\n" + CODE).encode("latin-1")
    result = fix_python("a.py", data, Options())
    assert result.data is None and "iso-8859-1" in result.error and result.applied == []


def test_line_breaks_in_a_replacement_follow_the_file(monkeypatch):
    def split(src):  # a fix whose replacement spans two lines
        i = src.text.find("x = 1")
        return [_finding(src, [Edit(i, i + 5, "x = (\n    1)")])] if i >= 0 else []

    _fake_analysis(monkeypatch, split)
    assert fix_bytes(b"import torch\r\nx = 1\r\n") == b"import torch\r\nx = (\r\n    1)\r\n"


def test_undecodable_file_is_a_finding_not_a_crash():
    result = fix_python("a.py", b"\x00\x01", Options())
    assert result.data is None and [f.code for f in result.remaining] == ["NM902"]


def test_write_atomic_keeps_mode_and_follows_symlinks(tmp_path):
    target = tmp_path / "real.py"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    link = tmp_path / "link.py"
    link.symlink_to(target)
    write_atomic(link, b"new", expected=b"old")
    assert link.is_symlink() and target.read_bytes() == b"new"
    assert oct(target.stat().st_mode & 0o777) == "0o640"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".nm-tmp")] == []
    with pytest.raises(ChangedOnDisk):
        write_atomic(target, b"newer", expected=b"old")
    assert target.read_bytes() == b"new"


# -- diffs ----------------------------------------------------------------------------------

def test_diff_is_plain_unless_coloured_and_marks_a_missing_newline():
    plain = unified_diff("a.py", "x = 1\n\x0cy = 2", "x = 1\n\x0cy = 3")
    assert "\x1b[" not in plain
    assert plain.endswith("-\x0cy = 2\n\\ No newline at end of file\n+\x0cy = 3\n\\ No newline at end of file\n")
    coloured = unified_diff("a.py", "x = 1\n", "x = 2\n", color=True)
    assert "\x1b[31m-x = 1\x1b[0m\n" in coloured and "\x1b[32m+x = 2\x1b[0m\n" in coloured


def test_diff_of_a_long_file_shows_only_the_lines_that_changed():
    """GFPGAN's tests (203 lines) repeat ``output = net(img)``: difflib's junk heuristic ignored
    such lines and showed an unchanged run of them removed and added again."""
    before = "".join(f"def test_{i}():\n    out = net(img)\n    assert out\n\n" for i in range(60))
    after = before.replace("def test_59():\n", "def test_fifty_nine():\n")
    changed = [line for line in unified_diff("t.py", before, after).splitlines() if line[:1] in "+-"]
    assert changed == ["--- a/t.py", "+++ b/t.py", "-def test_59():", "+def test_fifty_nine():"]


def test_split_lines_keeps_form_feeds_inside_lines():
    assert split_lines("a\x0cb\r\nc\rd") == ["a\x0cb\r\n", "c\r", "d"]


# -- the command ------------------------------------------------------------------------------

@pytest.fixture
def project(tmp_path):
    (tmp_path / "train.py").write_text(CODE)
    (tmp_path / "clean.py").write_text("x = 1\n")
    (tmp_path / "todo.py").write_text("import torch\ng = torch.cuda.CUDAGraph()\n")
    return tmp_path


def test_diff_mode_changes_nothing_and_prints_a_patch(project, capsys):
    before = (project / "train.py").read_bytes()
    code, out, err = run(capsys, "fix", project)
    assert (project / "train.py").read_bytes() == before
    assert out.startswith("--- a/train.py\n+++ b/train.py\n") and "\x1b[" not in out
    assert "would fix 2 findings in 1 file" in err
    assert "NM104 cuda-api-without-twin ×1 (error): todo.py:2:5" in err
    assert code == 1  # the CUDA graph is blocking


def test_files_the_cache_shows_need_no_fix_are_still_left_for_a_person(project, capsys):
    # after a scan, the cache holds every file: with no fix to apply anywhere, none is analysed
    # again, and their findings (a blocking one) are still what is left, with its exit code
    (project / "train.py").unlink()
    assert run(capsys, "scan", project, "-q")[0] == 1
    code, out, err = run(capsys, "fix", project)
    assert out == "" and code == 1
    assert "would fix 0 findings in 0 files" in err
    assert "1 finding would be left for a person (1 blocking):" in err
    assert "NM104 cuda-api-without-twin ×1 (error): todo.py:2:5" in err


def test_the_gate_s_count_says_why_it_differs_from_the_report_s(project, capsys):
    """`fix`'s "blocking" is its exit code's gate (every finding at or above --fail-on); `report`
    counts what blocks a first run (errors of the library and scripts that no fix rewrites). A
    test's CUDA graph is the gate's, not the report's: the summary gives both numbers, and the
    report agrees with the second."""
    (project / "tests").mkdir()
    (project / "tests" / "test_graph.py").write_text("import torch\ng = torch.cuda.CUDAGraph()\n")
    code, _, err = run(capsys, "fix", project)
    assert code == 1
    assert ("2 findings would be left for a person (2 blocking: at or above --fail-on error, the exit "
            "code's gate; 1 blocks a first run as `report` counts them") in err
    run(capsys, "report", project, "-o", project / "r.json")
    assert json.loads((project / "r.json").read_text())["readiness"]["blocking"] == 1


def test_a_subfolders_patch_applies_where_the_command_ran_as_apply_writes_it(tmp_path, capsys, monkeypatch):
    """`fix src/` from the checkout: the diff names src/pkg/train.py (as `git diff` and ruff
    do), so `git apply` there gives what --apply writes, in text and in JSON."""
    import json
    import shutil
    import subprocess

    for tree in ("ran", "applied"):
        (tmp_path / tree / "src" / "pkg").mkdir(parents=True)
        (tmp_path / tree / "src" / "pkg" / "train.py").write_text(CODE)
    monkeypatch.chdir(tmp_path / "ran")
    _, out, err = run(capsys, "fix", "src")
    assert out.startswith("--- a/src/pkg/train.py\n+++ b/src/pkg/train.py\n")
    assert "  src/pkg/train.py: 2 fixes" in err  # the summary names files as the diff does
    _, js, _ = run(capsys, "fix", "src", "-f", "json")
    doc = json.loads(js)
    assert doc["files"][0]["path"] == "pkg/train.py" and doc["files"][0]["diff"] == out
    if not shutil.which("git"):
        pytest.skip("needs git")
    subprocess.run(["git", "apply", "-"], input=out.encode(), check=True)
    monkeypatch.chdir(tmp_path / "applied")
    run(capsys, "fix", "src", "--apply")
    assert (tmp_path / "ran" / "src" / "pkg" / "train.py").read_text() \
        == (tmp_path / "applied" / "src" / "pkg" / "train.py").read_text() == FIXED


def test_a_patch_of_files_outside_the_working_directory_is_headed_as_git_heads_it(tmp_path, capsys, monkeypatch):
    """Two scan roots outside the working directory: the files are named absolutely, and the
    headers read `a/srv/.../train.py` (git's form), not `a//srv/...`; `git apply` from the
    file system's root writes what --apply writes."""
    import shutil
    import subprocess

    for tree in ("one", "two"):
        (tmp_path / tree).mkdir()
        (tmp_path / tree / "train.py").write_text(CODE)
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    _, out, _ = run(capsys, "fix", tmp_path / "one", tmp_path / "two")
    name = str(tmp_path / "one" / "train.py").lstrip("/")
    assert out.startswith(f"--- a/{name}\n+++ b/{name}\n") and "a//" not in out
    if not shutil.which("git") or not str(tmp_path).startswith("/"):
        pytest.skip("needs git and a POSIX path")
    subprocess.run(["git", "apply", "-"], input=out.encode(), check=True, cwd="/")
    assert (tmp_path / "one" / "train.py").read_text() == (tmp_path / "two" / "train.py").read_text() == FIXED


def test_diff_is_coloured_on_a_terminal(project, capsys, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")  # what rich takes for a terminal
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, out, _ = run(capsys, "fix", project)
    assert "\x1b[31m-torch.cuda.synchronize()\x1b[0m" in out
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, "fix", project)
    assert "\x1b[" not in out


def test_apply_writes_reports_and_a_second_run_changes_nothing(project, capsys):
    code, out, err = run(capsys, "fix", project, "--apply")
    assert out == "" and code == 1
    assert (project / "train.py").read_text() == FIXED
    assert "fixed 2 findings in 1 file:\n  train.py: 2 fixes (NM101 ×1, NM103 ×1)" in err
    assert "1 finding left for a person (1 blocking):" in err
    code, _, err = run(capsys, "fix", project, "--apply", "--select", "NM101,NM103")
    assert code == 0 and "fixed 0 findings in 0 files" in err


def test_check_exits_1_while_a_fix_is_pending(project, capsys):
    code, out, err = run(capsys, "fix", project, "--check")
    assert code == 1 and out == ""
    assert "would fix 2 findings" in err and "--apply" in err
    assert (project / "train.py").read_text() == CODE
    run(capsys, "fix", project, "--apply")
    code, out, _ = run(capsys, "fix", project, "--check")
    assert code == 0 and out == ""


def test_exit_2_when_a_fix_would_break_the_file(project, capsys, monkeypatch):
    def bad(src):
        i = src.text.find("device=")
        return [_finding(src, [Edit(i, i + 1, "(")])] if i >= 0 else []

    _fake_analysis(monkeypatch, bad)
    code, _, err = run(capsys, "fix", project, "--apply")
    assert code == 2
    assert "could not apply 1 fix:" in err and "train.py:1:1 NM101 fake: its rewrite would leave" in err
    assert "torch.neuron.synchronize()" in (project / "train.py").read_text()


def test_exit_2_when_a_file_cannot_be_written(project, capsys, monkeypatch):
    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    code, _, err = run(capsys, "fix", project, "--apply")
    assert code == 2 and "not written: train.py: Permission denied" in err
    assert (project / "train.py").read_text() == CODE
    assert not [p for p in project.iterdir() if p.name.endswith(".nm-tmp")], "a temp file was left"


def test_apply_and_check_exclude_each_other(project, capsys):
    code, _, err = run(capsys, "fix", project, "--apply", "--check")
    assert code == 2 and "exclude" in err


def test_a_symlinked_file_is_fixed_once_through_its_target(project, capsys):
    (project / "alias.py").symlink_to(project / "train.py")
    code, out, err = run(capsys, "fix", project)
    assert out.count("+++ ") == 1
    run(capsys, "fix", project, "--apply")
    assert (project / "alias.py").is_symlink() and (project / "train.py").read_text() == FIXED


def test_many_files_random_order_idempotent(tmp_path, capsys):
    rng = random.Random(7)
    idioms = ['x = torch.zeros(1, device="cuda")', "m = m.cuda()", "torch.cuda.synchronize()",
              'dist.init_process_group("nccl")', "with torch.cuda.amp.autocast():\n    pass",
              "torch.backends.cudnn.benchmark = True", 'model = torch.compile(m, mode="max-autotune")']
    for i in range(20):
        body = "\n".join(rng.sample(idioms, 4))
        (tmp_path / f"f{i}.py").write_text(f"import torch\nimport torch.distributed as dist\n{body}\n")
    run(capsys, "fix", tmp_path, "--apply", "--unsafe-fixes")
    first = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert all(parses(v.decode()) is None for v in first.values())
    run(capsys, "fix", tmp_path, "--apply", "--unsafe-fixes")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == first


def test_summary_groups_what_is_left_by_rule(tmp_path, capsys):
    (tmp_path / "a.py").write_text("import torch\ns = torch.cuda.amp.GradScaler()\n"
                                   "g = torch.cuda.CUDAGraph()\nh = torch.cuda.CUDAGraph()\n")
    _, _, err = run(capsys, "fix", tmp_path)
    assert "NM104 cuda-api-without-twin ×2 (error): a.py:3:5, a.py:4:5" in err
    assert "NM106 cuda-grad-scaler ×1 (warning; 1 with --unsafe-fixes): a.py:2:5" in err
    _, _, err = run(capsys, "fix", tmp_path, "-q")
    assert "NM104" not in err and "findings would be left" in err


def test_a_storage_moved_by_map_location_names_the_device_by_keyword(tmp_path):
    """basicsr's resume: ``torch.load(path, map_location=lambda storage, loc: storage.cuda(device_id))``
    became ``storage.to(f"neuron:{device_id}")``, a TypeError on every host (a storage's .to() takes
    ``device=`` only). The fixed lambda loads a checkpoint (run here with the CPU in Neuron's place)."""
    import torch

    code = ("import torch\n\n\ndef resume(path, device_id):\n"
            "    return torch.load(path, map_location=lambda storage, loc: storage.cuda(device_id))\n")
    new = outcome(code).text
    assert 'storage.to(device=f"neuron:{device_id}")' in new
    torch.save({"w": torch.ones(2)}, tmp_path / "ckpt.pt")
    scope: dict = {}
    exec(compile(new.replace('f"neuron:{device_id}"', '"cpu"'), "resume.py", "exec"), scope)
    assert scope["resume"](tmp_path / "ckpt.pt", 0)["w"].tolist() == [1.0, 1.0]
