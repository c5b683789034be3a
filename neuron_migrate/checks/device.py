"""NM1xx: CUDA device strings, torch.cuda APIs, amp, distributed, compile and profiler settings.

Facts (which API has which Neuron twin) come from ``rules/cuda_api.yaml``; this module
holds the behaviour: where a ``"cuda"`` string is a device, and how to rewrite it.

A ``"cuda"`` string is rewritten only in a *device position*: the first argument of
``torch.device``/``.to``/``torch.autocast``/``torch.set_default_device``, a ``device=``,
``device_type=`` or ``map_location=`` argument, the ``default=``/``choices=`` of an
argparse ``--device`` option, a parameter default or assignment whose target is named
``device``, or a variable whose every use is one of those. Elsewhere it is reported for
a person to decide (NM118), never rewritten.
"""

from __future__ import annotations

import ast
import re

from neuron_migrate.capabilities import cuda_api, target
from neuron_migrate.checks import Context, finalizer, on, prefilter, rule
from neuron_migrate.models import Edit, Severity

prefilter(__name__, ("cuda", "cudnn", "CUDA", "nccl", "DataParallel", "torch_xla", "nvidia-smi", "nvml",
                "inductor", "max-autotune", "reduce-overhead"))

_T = target()
_DEV = _T.device

NM101 = rule(
    "NM101", "cuda-device-string", "error", "device",
    summary=f'"cuda" device string: use "{_DEV}"',
    why="TorchNeuron registers the `neuron` device through PyTorch's PrivateUse1 mechanism; a "
        'tensor or module sent to "cuda" fails on a Trainium host, which has no CUDA.',
    example='x = torch.zeros(3, device="cuda:1")',
    use_instead=f'x = torch.zeros(3, device="{_DEV}:1")', fix="safe",
    source="D-idx, D-mod: .to('neuron'), device=\"neuron\" or \"neuron:0\"",
)
NM102 = rule(
    "NM102", "cuda-method", "error", "device",
    summary=f'`.cuda()` moves to a CUDA device: use `.to("{_DEV}")`',
    why="`.cuda()` needs a CUDA build and device. TorchNeuron also generates `.neuron()`, but "
        '`.to("neuron")` reads the same for tensors and modules and keeps one spelling.',
    example="model = Net().cuda()\nbatch = batch.cuda(non_blocking=True)",
    use_instead=f'model = Net().to("{_DEV}")\nbatch = batch.to("{_DEV}", non_blocking=True)',
    fix="safe", fix_reason="unsafe when the argument may be a torch.device rather than an index",
    source="D-mod",
)
NM103 = rule(
    "NM103", "cuda-api-with-neuron-twin", "error", "api",
    summary="torch.cuda API with a torch.neuron twin",
    why="`torch.cuda` functions raise or report no device on Trainium; `torch.neuron` has the "
        "same function for NeuronCores.",
    example="torch.cuda.synchronize()\nn = torch.cuda.device_count()",
    use_instead="torch.neuron.synchronize()\nn = torch.neuron.device_count()", fix="safe",
    fix_reason="unsafe when the call guards a branch that runs a CUDA or Triton kernel",
    source="D-mod; G-dev torch_neuronx/neuron.py",
)
NM104 = rule(
    "NM104", "cuda-api-without-twin", "error", "api",
    summary="torch.cuda API with no Neuron equivalent",
    why="CUDA graphs, NVTX, jiterator, compute capability and the CUDA allocator internals do "
        "not exist on Trainium; the code must be ported by hand.",
    example="g = torch.cuda.CUDAGraph()", use_instead='model = torch.compile(model, backend="neuron")',
    fix="none", fix_reason="there is no one-to-one replacement", source="G-sdk FAQ",
)
NM105 = rule(
    "NM105", "cuda-amp-autocast", "error", "amp",
    summary=f'torch.cuda.amp.autocast: use torch.autocast("{_DEV}", ...)',
    why="`torch.cuda.amp.autocast` is deprecated and CUDA-only; `torch.autocast(device_type="
        '"neuron")` follows the same conventions on Trainium.',
    example="with torch.cuda.amp.autocast(dtype=torch.bfloat16):\n    y = model(x)",
    use_instead=f'with torch.autocast("{_DEV}", dtype=torch.bfloat16):\n    y = model(x)',
    fix="safe", source="D-idx; G-sdk FAQ",
)
NM106 = rule(
    "NM106", "cuda-grad-scaler", "warning", "amp",
    summary=f'CUDA GradScaler: torch.amp.GradScaler("{_DEV}") is unverified; prefer bf16 autocast',
    why="Neuron documents bf16 autocast, which needs no loss scaling. A GradScaler bound to "
        "CUDA fails on Trainium; one bound to Neuron is not documented.",
    example="scaler = torch.cuda.amp.GradScaler()",
    use_instead=f'scaler = torch.amp.GradScaler("{_DEV}")', fix="unsafe",
    fix_reason="GradScaler on Neuron is not documented; bf16 autocast without a scaler is the "
               "documented path",
    source="neuron.md §1 Mixed precision (GradScaler UNCONFIRMED)",
)
NM107 = rule(
    "NM107", "is-cuda", "warning", "device",
    summary="`.is_cuda` is always False on Neuron",
    why="Code that branches on `.is_cuda` silently takes its CPU path on Trainium, or its CUDA "
        "path if rewritten carelessly.",
    example="if x.is_cuda:\n    x = x.half()", use_instead="if x.is_neuron:\n    x = x.half()",
    fix="unsafe", fix_reason="the guarded branch may call CUDA-only kernels", source="D-mod",
)
NM108 = rule(
    "NM108", "cuda-device-check", "warning", "device",
    summary='comparison with "cuda" switches a CUDA-only code path',
    why='`device.type == "cuda"` and `"cuda" in device` turn CUDA-only features on or off '
        "(fused optimizers, pinned memory, autocast); on Neuron they are all off.",
    example='use_amp = device.type == "cuda"',
    use_instead=f'use_amp = device.type == "{_DEV}"', fix="unsafe",
    fix_reason="it switches the CUDA-only features of that branch on for Neuron",
)
NM109 = rule(
    "NM109", "cuda-backend-flag", "warning", "device",
    summary="torch.backends.cudnn / torch.backends.cuda setting has no effect on Neuron",
    why="Trainium has no cuDNN or cuBLAS; these flags do nothing there and hide intent "
        "(determinism, TF32) that needs a Neuron-specific setting.",
    example="torch.backends.cudnn.benchmark = True\nrun()",
    use_instead="run()", fix="unsafe", fix_reason="it removes the statement",
    source="D-ops: torch.backends.<non-neuron> backends are N",
)
NM110 = rule(
    "NM110", "nccl-backend", "error", "distributed",
    summary=f'"nccl" process-group backend: use "{_T.distributed_backend}"',
    why="NCCL is NVIDIA's collective library; TorchNeuron registers the `neuron` backend for "
        "DDP, FSDP and DTensor.",
    example='dist.init_process_group("nccl")',
    use_instead=f'dist.init_process_group("{_T.distributed_backend}")', fix="safe",
    source="G-sdk how-to-profile-workload.rst; G-dev distributed/backend.py",
)
NM111 = rule(
    "NM111", "nccl-string", "warning", "distributed",
    summary='"nccl" outside a process-group call',
    why='Backend names compared with "nccl" or kept as defaults select NVIDIA-only paths.',
    example='if dist.get_backend() == "nccl":\n    sync()',
    use_instead=f'if dist.get_backend() == "{_T.distributed_backend}":\n    sync()', fix="unsafe",
    fix_reason="the meaning of the string is not certain outside init_process_group",
)
NM112 = rule(
    "NM112", "cuda-environment-variable", "warning", "environment",
    summary="CUDA environment variable",
    why="CUDA_VISIBLE_DEVICES and friends are ignored on Trainium; the Neuron runtime reads "
        "NEURON_RT_VISIBLE_CORES (contiguous ranges of NeuronCores).",
    example='os.environ["CUDA_VISIBLE_DEVICES"] = "0,1"',
    use_instead=f'os.environ["{_T.visible_cores_env}"] = "0,1"', fix="unsafe",
    fix_reason="NEURON_RT_VISIBLE_CORES counts NeuronCores and takes contiguous ranges only",
    source="G-sdk nrt-developer-guide.rst",
)
NM113 = rule(
    "NM113", "cuda-compile-setting", "warning", "compile",
    summary="torch.compile setting for CUDA/Inductor",
    why='The Neuron compile backend has no Inductor and only mode="default"; other modes '
        "warn and are ignored, and backend=\"inductor\" targets CUDA/CPU.",
    example='model = torch.compile(model, mode="max-autotune")',
    use_instead="model = torch.compile(model)", fix="safe", source="D-cref",
)
NM114 = rule(
    "NM114", "cuda-profiler-activity", "warning", "profiler",
    summary=f"profiler CUDA activity: use ProfilerActivity.{_T.profiler_activity}",
    why="Neuron device activity is recorded under the PrivateUse1 activity.",
    example="prof = profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA])",
    use_instead=f"prof = profile(activities=[ProfilerActivity.CPU, ProfilerActivity.{_T.profiler_activity}])",
    fix="safe", source="G-sdk how-to-profile-workload.rst",
)
NM115 = rule(
    "NM115", "data-parallel", "error", "distributed",
    summary="nn.DataParallel is CUDA-only: use DistributedDataParallel",
    why="DataParallel scatters with torch.cuda.comm; TorchNeuron supports DDP and FSDP with "
        "one process per NeuronCore.",
    example="model = nn.DataParallel(model)",
    use_instead="model = DistributedDataParallel(model)  # one process per NeuronCore (torchrun)",
    fix="none", fix_reason="DDP needs a process group and a launcher", source="G-sdk FAQ",
)
NM116 = rule(
    "NM116", "legacy-torch-xla", "error", "legacy",
    summary="legacy torch_xla API: TorchNeuron is a native backend",
    why="PyTorch/XLA training on Neuron ended with Neuron 2.30; TorchNeuron uses the `neuron` "
        "device directly, with no mark_step and no xla device.",
    example="import torch_xla.core.xla_model as xm\ndevice = xm.xla_device()",
    use_instead=f'device = torch.device("{_DEV}")', fix="none", source="D-xlaeos; G-sdk setup/troubleshooting.rst",
)
NM117 = rule(
    "NM117", "nvidia-tooling", "warning", "tooling",
    summary="NVIDIA tooling (nvidia-smi, NVML): use neuron-ls / neuron-top / neuron-monitor",
    why="There is no nvidia-smi or NVML on a Trainium host.",
    example='subprocess.run(["nvidia-smi"])', use_instead='subprocess.run(["neuron-ls"])',
    fix="none", source="D-tr; G-sdk training-quickstart.rst",
)
NM118 = rule(
    "NM118", "cuda-string", "info", "device",
    summary='"cuda" string whose use is not known to be a device',
    why="It may be a device that reaches torch through a path the tool cannot follow, or just "
        "text; only a person can tell.",
    example='DEVICES = ["cpu", "cuda"]', use_instead=f'DEVICES = ["cpu", "{_DEV}"]', fix="none",
    fix_reason="the string is not in a known device position",
)
NM119 = rule(
    "NM119", "cuda-import", "info", "api",
    summary="import from torch.cuda",
    why="The import works on Neuron, but what it brings in is CUDA-specific; each use is "
        "reported where it occurs. Star imports hide which names are used.",
    example="from torch.cuda import amp", use_instead="import torch  # then torch.autocast(...)",
    fix="none",
)

NM120 = rule(
    "NM120", "cuda-version-query", "warning", "api",
    summary="CUDA/cuDNN version query: it is None on a Neuron build",
    why="`torch.version.cuda` and `torch.backends.cudnn.version()` are None without CUDA; code "
        "that parses or compares them raises or takes a wrong branch on Trainium.",
    example="major = int(torch.version.cuda.split(\".\")[0])",
    use_instead="major = int(torch.version.cuda.split(\".\")[0]) if torch.version.cuda else None",
    fix="none", fix_reason="what the code should do without CUDA is for a person to decide",
)

DEVICE_KWARGS = frozenset({"device", "device_type", "map_location", "pin_memory_device", "use_device"})
DEVICE_FIRST_ARG = frozenset({
    "torch.device", "torch.set_default_device", "torch.autocast", "torch.amp.autocast",
    "torch.amp.autocast_mode.autocast", "torch.get_autocast_dtype", "torch.is_autocast_enabled",
    "torch.set_autocast_enabled", "torch.set_autocast_dtype", "torch.get_device_module",
})
INIT_PROCESS_GROUP = frozenset({"torch.distributed.init_process_group",
                                "torch.distributed.distributed_c10d.init_process_group",
                                "torch.distributed.new_group"})
GRAD_SCALERS = frozenset({"torch.amp.GradScaler", "torch.GradScaler", "torch.amp.grad_scaler.GradScaler"})
DATA_PARALLEL = frozenset({"torch.nn.DataParallel", "torch.nn.parallel.DataParallel",
                           "torch.nn.parallel.data_parallel.DataParallel",
                           "torch.nn.parallel.data_parallel"})
COMPILE = frozenset({"torch.compile"})
_AUTOCAST_POSITIONAL = ("enabled", "dtype", "cache_enabled")  # torch.cuda.amp.autocast's order

_CUDA_DEVICE = re.compile(r"cuda(:\d+)?")
_CUDA_TEMPLATE = re.compile(r"cuda:(\{.*\}|%.*)")
_LITERAL_HEAD = re.compile(r"""([rRuUfFbB]{0,2})('''|\"\"\"|'|")cuda""")
_INDEX_NAME = re.compile(r"(?i)(.*_)?(rank|gpu|gpus|gpu_id|gpu_idx|device_id|device_idx|idx|index|id|i|local_rank|dev_id)")
_DEVICE_NAME = re.compile(r"(?i)(device|dev|.*_device|device_name|default_device)")
_CUDA_BUILD = frozenset(f"torch.utils.cpp_extension.{n}" for n in ("CUDA_HOME", "ROCM_HOME", "CUDAExtension"))
_KERNEL_HINT = re.compile(r"(?i)cuda|triton|kernel|_C\b|_ext\b|extension")


# -- literals -------------------------------------------------------------------------

def _is_cuda_literal(node: ast.AST) -> bool:
    """A string that names a CUDA device: "cuda", "cuda:1", f"cuda:{rank}"."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _CUDA_DEVICE.fullmatch(node.value) is not None
    if isinstance(node, ast.JoinedStr) and node.values:
        head = node.values[0]
        return isinstance(head, ast.Constant) and isinstance(head.value, str) and (
            head.value == "cuda:" or len(node.values) == 1 and _CUDA_DEVICE.fullmatch(head.value) is not None)
    return False


def device_literals(expr: ast.AST | None) -> list[ast.AST]:
    """String literals that make up the device value of ``expr``.

    Looks through ``a if c else b``, ``a or b``, ``"cuda:%d" % i``, ``"cuda:" + str(i)``,
    and ``"cuda:{}".format(i)``.
    """
    out: list[ast.AST] = []
    todo = [expr]
    while todo:
        e = todo.pop()
        if e is None:
            continue
        if _is_cuda_literal(e):
            out.append(e)
        elif isinstance(e, ast.IfExp):
            todo += [e.body, e.orelse]
        elif isinstance(e, ast.BoolOp):
            todo += e.values
        elif isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Mod, ast.Add)):
            left = e.left
            if isinstance(left, ast.Constant) and isinstance(left.value, str) and (
                    _CUDA_TEMPLATE.fullmatch(left.value) or left.value == "cuda:"):
                out.append(left)
            else:
                todo.append(left)
        elif (isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "format"
              and isinstance(e.func.value, ast.Constant) and isinstance(e.func.value.value, str)
              and _CUDA_TEMPLATE.fullmatch(e.func.value.value)):
            out.append(e.func.value)
    return out


def listed_literals(expr: ast.AST) -> list[ast.AST]:
    """Device literals in a collection: ``["cpu", "cuda"]``, ``["cpu"] + (["cuda"] if c else [])``."""
    if isinstance(expr, (ast.List, ast.Tuple, ast.Set)):
        return [x for e in expr.elts for x in (device_literals(e) or listed_literals(e))]
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return listed_literals(expr.left) + listed_literals(expr.right)
    if isinstance(expr, ast.IfExp):
        return listed_literals(expr.body) + listed_literals(expr.orelse)
    return []


def literal_edit(ctx: Context, node: ast.AST, new: str) -> Edit | None:
    """Replace the ``cuda`` at the head of a string literal with ``new``, or None if unusual."""
    start, _ = ctx.span(node)
    m = _LITERAL_HEAD.match(ctx.src.text, start)
    if m is None or m.start() != start:
        return None
    return Edit(m.end() - 4, m.end(), new)


def _nccl(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value == "nccl"


def _claim_all(ctx: Context, nodes) -> None:
    ctx.claimed.update(id(n) for n in nodes)


def _report_device_literals(ctx: Context, lits: list[ast.AST], rule=NM101, unsafe: str | None = None,
                            message: str | None = None) -> None:
    for lit in lits:
        if id(lit) in ctx.claimed:
            continue
        edit = literal_edit(ctx, lit, _DEV)
        ctx.report(rule, lit, message, edits=[edit] if edit else (), unsafe=unsafe)


# -- calls ----------------------------------------------------------------------------

def _argparse_device_option(call: ast.Call) -> bool:
    return (isinstance(call.func, ast.Attribute) and call.func.attr == "add_argument"
            and any(isinstance(a, ast.Constant) and isinstance(a.value, str)
                    and a.value.lstrip("-").replace("-", "_") in ("device", "device_type", "accelerator")
                    for a in call.args))


@on(ast.Call)
def check_call(call: ast.Call, ctx: Context) -> None:
    func = call.func
    name = ctx.qualify(func)
    is_to = isinstance(func, ast.Attribute) and func.attr == "to" and name is None
    if name is not None:
        _known_call(call, name, ctx)  # first, so its literals are not taken for plain devices

    # device positions
    if call.args and (is_to or name in DEVICE_FIRST_ARG or name == "torch.load" and len(call.args) > 1):
        arg = call.args[1] if name == "torch.load" else call.args[0]
        _report_device_literals(ctx, device_literals(arg))
    for kw in call.keywords:
        if kw.arg in DEVICE_KWARGS or (kw.arg == "type" and name == "torch.device"):
            if kw.arg == "map_location" and isinstance(kw.value, ast.Dict):
                # keys say where the checkpoint was saved (stay "cuda"); values where to load
                _claim_all(ctx, kw.value.keys)
                _report_device_literals(ctx, [x for v in kw.value.values for x in device_literals(v)])
            else:
                _report_device_literals(ctx, device_literals(kw.value))
    if (isinstance(func, ast.Attribute) and func.attr == "parametrize" and len(call.args) > 1
            and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
            and _DEVICE_NAME.fullmatch(call.args[0].value.strip())):
        _report_device_literals(ctx, listed_literals(call.args[1]))  # parametrize("device", [...])
    if _argparse_device_option(call):
        for kw in call.keywords:
            if kw.arg == "default":
                _report_device_literals(ctx, device_literals(kw.value))
            elif kw.arg == "choices" and isinstance(kw.value, (ast.List, ast.Tuple, ast.Set)):
                _report_device_literals(ctx, [e for e in kw.value.elts if _is_cuda_literal(e)])

    if name is None:
        if isinstance(func, ast.Attribute) and func.attr == "cuda":
            _cuda_method(call, ctx)
        elif isinstance(func, ast.Attribute) and func.attr == "startswith" and call.args:
            lits = [a for a in call.args if isinstance(a, ast.Constant) and a.value in ("cuda", "cuda:")]
            _report_device_literals(ctx, lits, NM108, unsafe=NM108.fix_reason)


def _known_call(call: ast.Call, name: str, ctx: Context) -> None:
    func = call.func
    if name in INIT_PROCESS_GROUP:
        _process_group(call, ctx)
    elif name == "torch.cuda.amp.autocast":
        _autocast(call, ctx)
    elif name == "torch.cuda.amp.GradScaler" or name in GRAD_SCALERS:
        _grad_scaler(call, name, ctx)
    elif name in COMPILE:
        _compile_settings(call, ctx)
    elif name in DATA_PARALLEL:
        ctx.claimed.add(id(func))
        ctx.report(NM115, call)
    elif name.startswith(("torch.profiler.", "torch.autograd.profiler.")):
        for kw in call.keywords:
            if kw.arg == "use_cuda":
                ctx.report(NM114, kw.value, "use_cuda=: record Neuron activity with "
                           f"activities=[ProfilerActivity.{_T.profiler_activity}]")


def _cuda_method(call: ast.Call, ctx: Context) -> None:
    """``x.cuda(...)`` → ``x.to("neuron", ...)``, keeping every other byte of the call."""
    func = call.func
    ctx.claimed.add(id(func))
    text = ctx.src.text
    _, attr_end = ctx.span(func)
    attr_start = attr_end - len("cuda")
    open_paren = text.find("(", attr_end)
    if text[attr_start:attr_end] != "cuda" or open_paren < 0:
        ctx.report(NM102, call)
        return
    index = call.args[0] if call.args else next(
        (kw.value for kw in call.keywords if kw.arg == "device"), None)
    if len(call.args) > 1 or any(kw.arg is None for kw in call.keywords):
        ctx.report(NM102, call)  # *args/**kwargs or extra positionals: no certain rewrite
        return
    unsafe = None
    if index is None:
        new_arg = f'"{_DEV}"'
    elif isinstance(index, ast.Constant) and isinstance(index.value, int) and not isinstance(index.value, bool):
        new_arg = f'"{_DEV}:{index.value}"'
    elif isinstance(index, ast.Constant) and index.value is None:
        new_arg = f'"{_DEV}"'
    else:
        seg = ctx.segment(index)
        leaf = index.attr if isinstance(index, ast.Attribute) else getattr(index, "id", "")
        if _DEVICE_NAME.fullmatch(leaf):
            new_arg, unsafe = seg, "assumes the argument is already a device, not an index"
        else:
            new_arg = f'f"{_DEV}:{{{seg}}}"'
            if not _INDEX_NAME.fullmatch(leaf):
                unsafe = "assumes the argument is a device index, not a torch.device"
    if index is None:
        rest = [kw for kw in call.keywords]
        edits = [Edit(attr_start, open_paren + 1, f"to({new_arg}" + (", " if rest else ""))]
    else:
        if call.args:
            start, end = ctx.span(index)
        else:  # device=... keyword: .to() takes the same keyword
            kw = next(kw for kw in call.keywords if kw.arg == "device")
            start, end = ctx.span(kw.value)
        edits = [Edit(attr_start, open_paren + 1, "to("), Edit(start, end, new_arg)]
    ctx.report(NM102, call, edits=edits, unsafe=unsafe,
               title=f'replace .cuda(...) with .to({new_arg}, ...)')


def _process_group(call: ast.Call, ctx: Context) -> None:
    backend = call.args[0] if call.args else next(
        (kw.value for kw in call.keywords if kw.arg == "backend"), None)
    if backend is None:
        return
    lits = [e for e in _alternatives(backend) if _nccl(e)]
    for lit in lits:
        edit = Edit(*_inner(ctx, lit, "nccl"), _T.distributed_backend)
        ctx.report(NM110, lit, edits=[edit])
    for e in _alternatives(backend):
        if isinstance(e, ast.Constant) and e.value == "xla":
            ctx.report(NM116, e, 'init_process_group("xla") is the legacy XLA path: use "neuron"')


def _alternatives(expr: ast.AST) -> list[ast.AST]:
    if isinstance(expr, ast.IfExp):
        return _alternatives(expr.body) + _alternatives(expr.orelse)
    if isinstance(expr, ast.BoolOp):
        return [x for v in expr.values for x in _alternatives(v)]
    return [expr]


def _inner(ctx: Context, lit: ast.AST, word: str) -> tuple[int, int]:
    """Span of ``word`` inside a plain string literal (quotes excluded)."""
    start, end = ctx.span(lit)
    seg = ctx.src.text[start:end]
    i = seg.find(word)
    return start + i, start + i + len(word)


def _open_paren(ctx: Context, call: ast.Call) -> int:
    return ctx.src.text.find("(", ctx.span(call.func)[1])


_ADDS_IMPORT = " (`fix` adds `import torch`)"


def _torch_alias(ctx: Context) -> tuple[str | None, str]:
    """How to spell ``torch`` here, and a note for the fix's title: its module-level alias, or
    ``torch`` when no scope binds that name (``fix`` then adds ``import torch``); None when
    ``torch`` means something else."""
    from neuron_migrate.imports import is_bound

    alias = ctx.names.alias_for("torch", ctx.chain)
    if alias is None and not is_bound(ctx.names, "torch", ctx.chain):
        return "torch", _ADDS_IMPORT
    return alias, ""


def _autocast(call: ast.Call, ctx: Context) -> None:
    """``torch.cuda.amp.autocast(a, ...)`` → ``torch.autocast("neuron", enabled=a, ...)``."""
    ctx.claimed.add(id(call.func))
    torch_alias, note = _torch_alias(ctx)
    if torch_alias is None or len(call.args) > len(_AUTOCAST_POSITIONAL) or any(
            isinstance(a, ast.Starred) for a in call.args):
        ctx.report(NM105, call)
        return
    paren = _open_paren(ctx, call)
    start, _ = ctx.span(call.func)
    has_args = bool(call.args or call.keywords)
    edits = [Edit(start, paren + 1, f'{torch_alias}.autocast("{_DEV}"' + (", " if has_args else ""))]
    for arg, kwname in zip(call.args, _AUTOCAST_POSITIONAL):
        s, _ = ctx.span(arg)
        edits.append(Edit(s, s, f"{kwname}="))
    ctx.report(NM105, call, edits=edits, title=NM105.summary + note)


def _grad_scaler(call: ast.Call, name: str, ctx: Context) -> None:
    ctx.claimed.add(id(call.func))
    msg = NM106.summary
    if name == "torch.cuda.amp.GradScaler":
        torch_alias, note = _torch_alias(ctx)
        if torch_alias is None:
            ctx.report(NM106, call, msg)
            return
        start, _ = ctx.span(call.func)
        paren = _open_paren(ctx, call)
        sep = ", " if call.args or call.keywords else ""
        ctx.report(NM106, call, msg, edits=[Edit(start, paren + 1, f'{torch_alias}.amp.GradScaler("{_DEV}"{sep}')],
                   unsafe=NM106.fix_reason, title=NM106.summary + note)
        return
    device = call.args[0] if call.args else next((kw.value for kw in call.keywords if kw.arg == "device"), None)
    if device is None:  # torch.amp.GradScaler() defaults to "cuda"
        paren = _open_paren(ctx, call)
        sep = ", " if call.keywords else ""
        ctx.report(NM106, call, msg + ' (its device defaults to "cuda")',
                   edits=[Edit(paren + 1, paren + 1, f'"{_DEV}"{sep}')], unsafe=NM106.fix_reason)
        return
    lits = device_literals(device)
    _report_device_literals(ctx, lits, NM106, unsafe=NM106.fix_reason, message=msg)


def _compile_settings(call: ast.Call, ctx: Context) -> None:
    table = cuda_api()
    for i, kw in enumerate(call.keywords):
        v = kw.value
        if not (isinstance(v, ast.Constant) and isinstance(v.value, str)):
            continue
        if kw.arg == "mode" and v.value in table.modes_without_effect:
            ctx.report(NM113, kw, f'mode="{v.value}" has no effect with the Neuron backend '
                       '(only "default"); drop it', edits=[_remove_argument(ctx, call, kw)])
        elif kw.arg == "backend" and v.value in table.backends_to_replace:
            ctx.report(NM113, v, f'backend="{v.value}": use "{_T.compile_backend}"',
                       edits=[ctx.replace(v, f'"{_T.compile_backend}"')])


def _remove_argument(ctx: Context, call: ast.Call, kw: ast.keyword) -> Edit:
    """Remove one keyword argument with the comma that separates it from its neighbour."""
    args = [*call.args, *call.keywords]
    args.sort(key=lambda a: (a.lineno, a.col_offset))
    i = args.index(kw)
    start, end = ctx.span(kw)
    if i > 0:  # remove from the end of the previous argument
        start = ctx.span(args[i - 1])[1]
    elif len(args) > 1:  # first argument: remove up to the next one
        end = ctx.span(args[1])[0]
    return Edit(start, end, "")


# -- attributes and names --------------------------------------------------------------

def _is_outermost(node: ast.AST, parent: ast.AST | None) -> bool:
    return not (isinstance(parent, ast.Attribute) and parent.value is node)


@on(ast.Attribute)
def check_attribute(node: ast.Attribute, ctx: Context) -> None:
    if id(node) in ctx.claimed:
        return
    if node.attr == "is_cuda" and isinstance(node.ctx, ast.Load):
        kernel = _guards_kernel(ctx, node)
        if kernel:
            ctx.report(NM107, node, NM107.summary + f"; the branch calls `{kernel}`, which needs CUDA: "
                       "port it (NKI for kernels), do not redirect it to Neuron")
        else:
            ctx.report(NM107, node, edits=[_attr_edit(ctx, node, "is_neuron")], unsafe=NM107.fix_reason)
        return
    if not _is_outermost(node, ctx.parent):
        return
    name = ctx.qualify(node)
    if name is None:
        if node.attr == "cuda":
            ctx.report(NM102, node, "`.cuda` attribute that is not called: a flag such as `args.cuda` "
                       "selects the CUDA path; a method reference should become `.to(device)`",
                       severity=Severity.INFO)
        return
    inner = node.value  # the chain is reported once, here: its inner names are not
    while isinstance(inner, ast.Attribute):
        ctx.claimed.add(id(inner))
        inner = inner.value
    ctx.claimed.add(id(inner))
    _qualified_reference(node, name, ctx)


@on(ast.Name)
def check_name(node: ast.Name, ctx: Context) -> None:
    if (id(node) in ctx.claimed or not isinstance(node.ctx, ast.Load)
            or node.id not in ctx.state.get("imported", ())):
        return
    name = ctx.names.resolve(node.id, ctx.chain)
    if name is not None and name != node.id:
        _qualified_reference(node, name, ctx, via_import=True)


def _attr_edit(ctx: Context, node: ast.Attribute, new: str) -> Edit:
    _, end = ctx.span(node)
    return Edit(end - len(node.attr), end, new)


_VERSION_QUERIES = ("torch.version.cuda", "torch.backends.cudnn.version")


def _qualified_reference(node: ast.AST, name: str, ctx: Context, via_import: bool = False) -> None:
    version_query = next((q for q in _VERSION_QUERIES if name == q or name.startswith(q + ".")),
                         None) if name.startswith(_VERSION_QUERIES) else None  # rare: test cheaply first
    if version_query:
        if not _is_presence_test(node, ctx.parent):
            ctx.report(NM120, node, f"{version_query} is None on a Neuron build")
    elif name == "torch.cuda":
        ctx.report(NM103, node, "the torch.cuda module used as a value: torch.neuron is its twin",
                   edits=[_attr_edit(ctx, node, "neuron")] if isinstance(node, ast.Attribute) else (),
                   unsafe="not every torch.cuda function has a torch.neuron twin")
    elif name.startswith(("torch.cuda.", "torch.backends.cudnn", "torch.backends.cuda.")):
        _cuda_api_reference(node, name, ctx, via_import)
    elif name in DATA_PARALLEL:
        ctx.report(NM115, node, "reference to nn.DataParallel (harmless in isinstance checks; "
                   "wrap models in DistributedDataParallel)", severity=Severity.INFO)
    elif name.startswith("torch_xla"):
        ctx.report(NM116, node, f"{name}: legacy torch_xla API; {_xla_advice(name)}")
    elif name.endswith("ProfilerActivity.CUDA") and name.startswith("torch."):
        ctx.report(NM114, node, edits=[_attr_edit(ctx, node, _T.profiler_activity)]
                   if isinstance(node, ast.Attribute) else ())


def _is_presence_test(node: ast.AST, parent: ast.AST | None) -> bool:
    """``x is None``, ``x is not None``, ``if x:``, ``not x``, ``x and ...``: guards, not uses."""
    if isinstance(parent, ast.Compare):
        return all(isinstance(op, (ast.Is, ast.IsNot)) for op in parent.ops) and any(
            isinstance(c, ast.Constant) and c.value is None for c in (parent.left, *parent.comparators))
    if isinstance(parent, (ast.If, ast.IfExp, ast.While)):
        return parent.test is node
    return isinstance(parent, ast.BoolOp) or (isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not))


def _xla_advice(name: str) -> str:
    leaf = name.rsplit(".", 1)[-1]
    return {
        "xla_device": f'use torch.device("{_DEV}")',
        "mark_step": "remove it: TorchNeuron runs eagerly; use torch.compile for graphs",
        "optimizer_step": "call optimizer.step()",
        "MpDeviceLoader": "use the DataLoader directly and move batches with .to(\"neuron\")",
        "xrt_world_size": "use torch.distributed.get_world_size()",
        "get_ordinal": "use torch.distributed.get_rank()",
        "save": "use torch.save",
    }.get(leaf, "port it to the native neuron device")


def _guards_kernel(ctx: Context, node: ast.AST) -> str | None:
    """If ``node`` sits in the test of an ``if`` whose body calls a CUDA/Triton kernel, its name."""
    if_node = _if_test_of(ctx).get(id(node))
    if if_node is None:
        return None
    # setup.py: `if torch.cuda.is_available() and CUDA_HOME is not None: extension = CUDAExtension`
    # asks whether CUDA kernels can be built; a Neuron host must not answer yes
    for sub in (*(n for s in if_node.body for n in ast.walk(s)), *ast.walk(if_node.test)):
        if isinstance(sub, (ast.Name, ast.Attribute)) and ctx.qualify(sub) in _CUDA_BUILD:
            return ctx.segment(sub)
    for stmt in (*if_node.body, *if_node.orelse):  # either branch: the test picks which runs
        for sub in ast.walk(stmt):
            if not isinstance(sub, ast.Call):
                continue
            parts, fn = [], sub.func
            while isinstance(fn, ast.Attribute):
                parts.append(fn.attr)
                fn = fn.value
            if isinstance(fn, ast.Name):
                parts.append(fn.id)
            qualified = ctx.qualify(sub.func) or ""
            if qualified in DATA_PARALLEL:
                return ctx.segment(sub.func)  # scatters with torch.cuda.comm: CUDA-only
            if qualified.startswith("torch.") and not qualified.startswith("torch.ops."):
                continue  # torch's own API is not a custom kernel
            if parts and parts[0] in ("cuda", "to"):
                continue  # a device move (x.cuda()), reported on its own
            if any(_KERNEL_HINT.search(p) for p in parts) or "ops" in parts[1:]:
                return ".".join(reversed(parts))
    return None


@on(ast.If)
def note_if(node: ast.If, ctx: Context) -> None:
    """Remember the ``if`` statements seen so far, for the kernel-guard check."""
    ctx.state.setdefault("ifs", []).append(node)  # type: ignore[union-attr]


def _if_test_of(ctx: Context) -> dict[int, ast.If]:
    """Node id -> the ``if`` whose test holds it, for the ``if`` statements seen so far (the
    walk meets an ``if`` before its test). Built when first asked: most files never ask."""
    ifs: list = ctx.state.get("ifs", [])  # type: ignore[assignment]
    table: dict = ctx.state.setdefault("if_test_of", {})  # type: ignore[assignment]
    for node in ifs[ctx.state.get("ifs_seen", 0):]:
        for sub in ast.walk(node.test):
            table[id(sub)] = node
    ctx.state["ifs_seen"] = len(ifs)
    return table


def _cuda_api_reference(node: ast.AST, name: str, ctx: Context, via_import: bool) -> None:
    found = cuda_api().lookup(name)
    if found is None:
        if name.startswith("torch.cuda."):
            ctx.report(NM104, node, f"{name} has no Neuron equivalent in the capability table "
                       "(unverified): port it by hand")
        return
    row, prefix = found
    rules = {"NM103": NM103, "NM104": NM104, "NM105": NM105, "NM106": NM106, "NM109": NM109}
    r = rules[row.rule]
    if r is NM109:
        _backend_flag(node, name, row.advice, ctx)
        return
    if row.neuron is None or r in (NM105, NM106):
        ctx.report(r, node, f"{name}: {row.advice}" if row.advice else f"{name} has no Neuron twin")
        return
    # NM103: a torch.cuda.X with a torch.neuron.X twin
    message = f"{prefix} → {row.neuron}"
    if via_import:
        return  # reported, with its fix, on the import line
    kernel = _guards_kernel(ctx, node)
    edit = _twin_edit(ctx, node, prefix, row.neuron)
    if edit is None:
        ctx.report(r, node, message + " (imported under another name: rewrite the import)")
    elif _cuda_keyed_value(ctx, node):  # {"cuda": torch.cuda.synchronize, "xpu": ...}
        ctx.report(r, node, message + '; the table is keyed by "cuda": add a "neuron" entry '
                   "rather than rewrite this one")
    elif kernel:
        ctx.report(r, node, message + f"; the branch it guards calls `{kernel}`, which needs CUDA: "
                   "port it (NKI for kernels) before rewriting", edits=[edit],
                   unsafe=f"the guarded branch calls {kernel}, which needs CUDA")
    else:
        ctx.report(r, node, message, edits=[edit])


def _cuda_keyed_value(ctx: Context, node: ast.AST) -> bool:
    """Whether ``node`` is the value under a "cuda" key of a dict display: a per-backend table."""
    parent = ctx.parent
    return isinstance(parent, ast.Dict) and any(
        v is node and isinstance(k, ast.Constant) and k.value == "cuda" for k, v in zip(parent.keys, parent.values))


def _twin_edit(ctx: Context, node: ast.AST, prefix: str, twin: str) -> Edit | None:
    """Rename the ``cuda`` of ``<torch alias>.cuda.X`` to ``neuron``, keeping the alias."""
    if not (prefix.startswith("torch.cuda.") and twin.startswith("torch.neuron.")
            and prefix[len("torch.cuda."):] == twin[len("torch.neuron."):]):
        return None
    inner = node
    while isinstance(inner, ast.Attribute) and not (
            inner.attr == "cuda" and isinstance(inner.value, ast.Name)):
        inner = inner.value
    if not (isinstance(inner, ast.Attribute) and ctx.qualify(inner) == "torch.cuda"):
        return None
    return _attr_edit(ctx, inner, "neuron")


def _backend_flag(node: ast.AST, name: str, advice: str, ctx: Context) -> None:
    parent = ctx.parent
    message = f"{name}: {advice}"
    if isinstance(parent, ast.Assign) and parent.targets == [node]:
        stmt = parent
    elif (isinstance(parent, ast.Call) and parent.func is node
          and ctx.state.get("expr_stmt_of", {}).get(id(parent))):
        stmt = ctx.state["expr_stmt_of"][id(parent)]
    else:
        ctx.report(NM109, node, message)
        return
    edits = _remove_statement(ctx, stmt)
    ctx.report(NM109, node, message, edits=edits, unsafe=NM109.fix_reason,
               title="remove the statement")


@on(ast.Expr)
def note_expression_statements(node: ast.Expr, ctx: Context) -> None:
    if isinstance(node.value, ast.Call):
        ctx.state.setdefault("expr_stmt_of", {})[id(node.value)] = node
        ctx.state.setdefault("parent_of_stmt", {})[id(node)] = ctx.parent


@on(ast.Assign)
def note_assign_parent(node: ast.Assign, ctx: Context) -> None:
    ctx.state.setdefault("parent_of_stmt", {})[id(node)] = ctx.parent


def _is_removable(ctx: Context, stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target_name = ctx.qualify(stmt.targets[0])
    elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        target_name = ctx.qualify(stmt.value.func)
    else:
        return False
    return bool(target_name) and target_name.startswith(("torch.backends.cudnn.", "torch.backends.cuda."))


def _remove_statement(ctx: Context, stmt: ast.stmt) -> list[Edit]:
    """Delete a statement that stands on lines of its own; ``pass`` if its block would be empty."""
    src = ctx.src
    parent = ctx.state.get("parent_of_stmt", {}).get(id(stmt))
    body = next((b for b in (getattr(parent, f, None) for f in ("body", "orelse", "finalbody"))
                 if isinstance(b, list) and stmt in b), None)
    if body is None:
        return []
    first_line_start = src.line_starts[stmt.lineno - 1]
    start, end = ctx.span(stmt)
    before = src.text[first_line_start:start]
    after_end = src.line_starts[stmt.end_lineno] if stmt.end_lineno < len(src.line_starts) else len(src.text)
    after = src.text[end:after_end]
    if before.strip() or (after.strip() and not after.strip().startswith("#")):
        return []  # shares its line with another statement: leave it to a person
    if all(_is_removable(ctx, s) for s in body) and body[0] is stmt:
        return [Edit(start, end, "pass")]
    if after_end == len(src.text) and not src.text.endswith(("\n", "\r")) and first_line_start > 0:
        # the last line has no line ending: take the one before it, so the file gains none
        first_line_start -= 2 if src.text[first_line_start - 2:first_line_start] == "\r\n" else 1
    return [Edit(first_line_start, after_end, "")]


# -- comparisons, strings --------------------------------------------------------------

@on(ast.For, ast.comprehension)
def check_device_loop(node: ast.For | ast.comprehension, ctx: Context) -> None:
    """``for device in ["cpu", "cuda"]``: a loop variable named like a device takes devices."""
    if isinstance(node.target, ast.Name) and _DEVICE_NAME.fullmatch(node.target.id):
        _report_device_literals(ctx, listed_literals(node.iter))


@on(ast.Compare)
def check_compare(node: ast.Compare, ctx: Context) -> None:
    operands = [node.left, *node.comparators]
    operands += [e for o in operands if isinstance(o, (ast.List, ast.Tuple, ast.Set)) for e in o.elts]
    cuda = [o for o in operands if _is_cuda_literal(o)]
    nccl = [o for o in operands if _nccl(o)]
    if cuda:
        kernel = _guards_kernel(ctx, node)
        if kernel:
            for lit in cuda:
                ctx.report(NM108, lit, NM108.summary + f"; the branch calls `{kernel}`, which needs CUDA: "
                           "port it (NKI for kernels), do not redirect it to Neuron")
        elif _in_availability_check(node, ctx):
            # `args.device == "cuda" and not torch.cuda.is_available()` asks whether the chosen
            # device exists: it must follow the --device default and is_available() rewrites
            _report_device_literals(ctx, cuda, message=NM101.summary + " (an availability check "
                                    "on the chosen device, rewritten with it)")
        else:
            _report_device_literals(ctx, cuda, NM108, unsafe=NM108.fix_reason)
    for lit in nccl:
        ctx.report(NM111, lit, edits=[Edit(*_inner(ctx, lit, "nccl"), _T.distributed_backend)],
                   unsafe=NM111.fix_reason)


def _in_availability_check(node: ast.Compare, ctx: Context) -> bool:
    """Is ``node`` and-ed or or-ed with ``torch.cuda.is_available()``?"""
    parent = ctx.parent
    if not isinstance(parent, ast.BoolOp):
        return False
    for value in parent.values:
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
            value = value.operand
        if isinstance(value, ast.Call) and ctx.qualify(value.func) == "torch.cuda.is_available":
            return True
    return False


@on(ast.Constant)
def check_string(node: ast.Constant, ctx: Context) -> None:
    value = node.value
    if (not isinstance(value, str) or id(node) in ctx.claimed
            or isinstance(ctx.parent, (ast.JoinedStr, ast.Expr))):  # f-string parts; docstrings
        return
    if _is_cuda_literal(node):
        ctx.report(NM118, node)
    elif value == "nccl":
        ctx.report(NM111, node, edits=[Edit(*_inner(ctx, node, "nccl"), _T.distributed_backend)],
                   unsafe=NM111.fix_reason)
    elif "CUDA" in value or "NCCL_" in value or "CUBLAS" in value or "nvidia-smi" in value:
        _environment_text(node, value, ctx)


@on(ast.JoinedStr)
def check_fstring(node: ast.JoinedStr, ctx: Context) -> None:
    if id(node) in ctx.claimed:
        return
    if _is_cuda_literal(node):
        ctx.report(NM118, node)
        return
    for part in node.values:
        if isinstance(part, ast.Constant) and isinstance(part.value, str) and (
                "CUDA" in part.value or "NCCL_" in part.value or "nvidia-smi" in part.value):
            _environment_text(node, part.value, ctx, exact=False)
            return


def _environment_text(node: ast.AST, value: str, ctx: Context, exact: bool = True) -> None:
    env = cuda_api().env_vars
    for var, row in env.items():
        if var not in value:
            continue
        shown = re.search(re.escape(var) + r"\w*", value).group()  # rows ending in _ are prefixes
        advice = f"{shown}: {row.advice}" if row.neuron is None else f"{var} → {row.neuron}: {row.advice}"
        if exact and value == var and row.neuron:
            ctx.report(NM112, node, advice, edits=[Edit(*_inner(ctx, node, var), row.neuron)],
                       unsafe=NM112.fix_reason)
        else:
            ctx.report(NM112, node, advice)
        return
    if "nvidia-smi" in value:
        ctx.report(NM117, node)


# -- assignments: variables that hold a device ------------------------------------------

@on(ast.Assign, ast.AnnAssign)
def check_assignment(node: ast.Assign | ast.AnnAssign, ctx: Context) -> None:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    if len(targets) != 1 or node.value is None:
        return
    target_node = targets[0]
    leaf = target_node.attr if isinstance(target_node, ast.Attribute) else getattr(target_node, "id", None)
    if leaf is None:
        return
    for kind, lits in (("device", device_literals(node.value)),
                       ("backend", [e for e in _alternatives(node.value) if _nccl(e)])):
        if lits:
            _claim_all(ctx, lits)
            ctx.state.setdefault("held_vars", []).append((kind, target_node, leaf, lits, ctx.chain))


@on(ast.arguments)
def check_defaults(node: ast.arguments, ctx: Context) -> None:
    """``def f(device="cuda")``: a parameter named like a device is a device position."""
    positional = [*node.posonlyargs, *node.args]
    pairs = list(zip(positional[len(positional) - len(node.defaults):], node.defaults))
    pairs += [(a, d) for a, d in zip(node.kwonlyargs, node.kw_defaults) if d is not None]
    for arg, default in pairs:
        if _DEVICE_NAME.fullmatch(arg.arg):
            _report_device_literals(ctx, device_literals(default))


@on(ast.Dict)
def check_config_dict(node: ast.Dict, ctx: Context) -> None:
    """``{"device": "cuda"}``: the value under a "device" key is a device."""
    for key, value in zip(node.keys, node.values):
        if isinstance(key, ast.Constant) and isinstance(key.value, str) and _DEVICE_NAME.fullmatch(key.value):
            _report_device_literals(ctx, device_literals(value))


@finalizer
def resolve_held_variables(ctx: Context) -> None:
    """Decide on a variable holding "cuda" or "nccl" once all its uses are known.

    Its literal is rewritten safely when the variable is named like a device, or when every
    use of it is a device (or process-group backend) position.
    """
    held = ctx.state.get("held_vars")
    if not held:
        return
    uses = _variable_uses(ctx, {leaf for _, t, leaf, _, _ in held if isinstance(t, ast.Name)})
    for kind, target_node, leaf, lits, chain in held:
        ctx.claimed.difference_update(id(lit) for lit in lits)  # held back for this decision
        only_used_as = None
        if isinstance(target_node, ast.Name):
            scope = _binding_scope(ctx, leaf, chain)
            kinds = {k for (name, s, k) in uses if name == leaf and s is scope}
            only_used_as = kinds.pop() if len(kinds) == 1 else None
        if kind == "backend":
            for lit in lits:
                edit = Edit(*_inner(ctx, lit, "nccl"), _T.distributed_backend)
                if only_used_as == "backend":
                    ctx.report(NM110, lit, NM110.summary + f" (`{leaf}` is only used as one)", edits=[edit])
                else:
                    ctx.report(NM111, lit, edits=[edit], unsafe=NM111.fix_reason)
            continue
        if _DEVICE_NAME.fullmatch(leaf):
            _report_device_literals(ctx, lits)
        elif only_used_as == "device":
            _report_device_literals(ctx, lits, message=NM101.summary + f" (`{leaf}` is only used as a device)")
        elif "device" in leaf.lower():
            _report_device_literals(ctx, lits, NM108, unsafe=NM108.fix_reason,
                                    message=f'`{leaf}` holds "cuda" and is also used outside device '
                                    "positions (comparisons, flags)")
        else:
            for lit in lits:
                ctx.report(NM118, lit, NM118.summary + f" (assigned to `{leaf}`)")


def _binding_scope(ctx: Context, name: str, chain: tuple) -> ast.AST | None:
    for i in range(len(chain) - 1, -1, -1):
        scope = chain[i]
        if isinstance(scope, ast.ClassDef) and i != len(chain) - 1:
            continue
        if name in ctx.names.bindings(scope).names:
            return scope
    return None


def _variable_uses(ctx: Context, names: set[str]) -> list[tuple[str, ast.AST | None, str | None]]:
    """Every load of ``names``: (name, scope it resolves in, the kind of position it is in)."""
    from neuron_migrate.engine import _children

    out = []
    stack = [(ctx.tree, (), (ctx.tree,))]
    while stack:
        node, parents, chain = stack.pop()
        if isinstance(node, ast.Name) and node.id in names and isinstance(node.ctx, ast.Load):
            out.append((node.id, _binding_scope(ctx, node.id, chain), _position_kind(ctx, node, parents, chain)))
            continue
        for child, child_chain in _children(node, chain):
            stack.append((child, (*parents[-3:], node), child_chain))
    return out


def _position_kind(ctx: Context, node: ast.AST, parents: tuple, chain: tuple) -> str | None:
    """"device" or "backend" when ``node`` is used as one (through ``a if c else b``), else None."""
    child = node
    for i in range(len(parents) - 1, -1, -1):
        parent = parents[i]
        if isinstance(parent, (ast.IfExp, ast.BoolOp)) and child is not getattr(parent, "test", None):
            child = parent
            continue
        if isinstance(parent, ast.keyword):
            call = parents[i - 1] if i else None
            if parent.arg in DEVICE_KWARGS:
                return "device"
            if parent.arg == "backend" and isinstance(call, ast.Call) and (
                    ctx.names.qualify(call.func, chain) in INIT_PROCESS_GROUP):
                return "backend"
            return None
        if isinstance(parent, ast.Call) and parent.args and parent.args[0] is child:
            func = parent.func
            name = ctx.names.qualify(func, chain)
            if isinstance(func, ast.Attribute) and func.attr == "to" or name in DEVICE_FIRST_ARG:
                return "device"
            return "backend" if name in INIT_PROCESS_GROUP else None
        return None
    return None


# -- imports ---------------------------------------------------------------------------

def _note_imported(node: ast.Import | ast.ImportFrom, ctx: Context) -> None:
    imported = ctx.state.setdefault("imported", set())
    imported.update(a.asname or a.name.split(".")[0] for a in node.names)


@on(ast.Import)
def check_import(node: ast.Import, ctx: Context) -> None:
    _note_imported(node, ctx)
    for alias in node.names:
        _imported(node, alias.name, ctx)


@on(ast.ImportFrom)
def check_import_from(node: ast.ImportFrom, ctx: Context) -> None:
    _note_imported(node, ctx)
    if node.level or not node.module:
        return
    module = node.module
    if module == "torch.cuda" and all(a.name != "*" for a in node.names):
        rows = [cuda_api().lookup(f"torch.cuda.{a.name}") for a in node.names]
        if all(r and r[0].rule == "NM103" and r[1] == f"torch.cuda.{a.name}" for r, a in zip(rows, node.names)):
            m = re.compile(r"from\s+torch\s*\.\s*(cuda)\b").match(ctx.src.text, ctx.span(node)[0])
            edits = [Edit(m.start(1), m.end(1), "neuron")] if m else []
            ctx.report(NM103, node, "import from torch.cuda: every name has a torch.neuron twin",
                       edits=edits, title="import from torch.neuron")
            return
    if any(a.name == "*" for a in node.names):
        if module.startswith(("torch.cuda", "torch_xla", "pynvml")) or module == "torch":
            ctx.report(NM119, node, f"star import from {module}: the names it brings in are "
                       "not resolved; import them by name")
        return
    if module == "torch.cuda" or module.startswith(("torch.cuda.", "torch.backends.cudnn", "torch.backends.cuda")):
        names = ", ".join(a.name for a in node.names)
        ctx.report(NM119, node, f"imports {names} from {module}; each use is reported where it occurs")
        return
    for alias in node.names:
        _imported(node, f"{module}.{alias.name}", ctx)


def _imported(node: ast.AST, name: str, ctx: Context) -> None:
    if name == "torch.cuda" or name.startswith(("torch.cuda.", "torch.backends.cudnn", "torch.backends.cuda.")):
        ctx.report(NM119, node, f"imports {name}; each use is reported where it occurs")
    elif name in DATA_PARALLEL:
        ctx.report(NM115, node, "imports DataParallel; use DistributedDataParallel", severity=Severity.INFO)
    elif name == "torch_xla" or name.startswith("torch_xla."):
        ctx.report(NM116, node, f"imports {name}: the legacy PyTorch/XLA path, which Neuron no longer "
                   "supports for training; TorchNeuron is a native backend")
    elif name.split(".")[0] in ("pynvml", "nvidia_smi"):
        ctx.report(NM117, node, f"imports {name} (NVML): use neuron-monitor / neuron-top")
