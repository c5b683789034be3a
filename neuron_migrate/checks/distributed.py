"""NM110-NM117: distributed training, the environment and tooling around the device.

Process-group backends (``"nccl"``), ``nn.DataParallel``, CUDA environment variables,
``torch.compile`` and profiler settings made for CUDA, the legacy ``torch_xla`` API and
NVIDIA's tools. The string literals that carry some of these (``"nccl"``, ``"CUDA_..."``)
are met by the string handlers of :mod:`neuron_migrate.checks.device`, which report them
through :func:`report_nccl` and :func:`environment_text`.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from neuron_migrate.capabilities import cuda_api, target
from neuron_migrate.checks import Context, on, prefilter, rule
from neuron_migrate.models import Edit
from neuron_migrate.project.summary import parameter_defaults
from neuron_migrate.traversal import all_nodes

# The words of every NM1xx module: they run together or not at all, since each reads
# what the others claimed (the convention is in neuron_migrate.checks).
WORDS = ("cuda", "cudnn", "CUDA", "nccl", "DataParallel", "torch_xla", "nvidia-smi", "nvml",
         "inductor", "max-autotune", "reduce-overhead")
prefilter(__name__, WORDS)

_T = target()
_DEV = _T.device

NM110 = rule(
    "NM110", "nccl-backend", "error", "distributed",
    summary=f'"nccl" process-group backend: use "{_T.distributed_backend}"',
    portable='"nccl" process-group backend: use the current accelerator\'s default backend '
             '(`torch.distributed.get_default_backend_for_device`)',
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
        "warn and are ignored, and backend=\"inductor\" targets CUDA/CPU. Stock PyTorch has no \"neuron\" "
        "backend (InvalidBackend), so the backend is chosen where the plugin is: `backend=\"neuron\" if "
        "hasattr(torch, \"neuron\") else \"inductor\"`.",
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
        "device directly, with no mark_step and no xla device. An import under an `if` or `try` "
        "(a test that torch_xla is installed first), and the uses of what it binds, are warnings: "
        "a host without torch_xla takes the other path.",
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
INIT_PROCESS_GROUP = frozenset({"torch.distributed.init_process_group",
                                "torch.distributed.distributed_c10d.init_process_group",
                                "torch.distributed.new_group"})
DATA_PARALLEL = frozenset({"torch.nn.DataParallel", "torch.nn.parallel.DataParallel",
                           "torch.nn.parallel.data_parallel.DataParallel",
                           "torch.nn.parallel.data_parallel"})
COMPILE = frozenset({"torch.compile"})


# -- literals ---------------------------------------------------------------------------

def is_nccl(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value == "nccl"


def alternatives(expr: ast.AST) -> list[ast.AST]:
    """The values ``expr`` may take through ``a if c else b`` and ``a or b``."""
    if isinstance(expr, ast.IfExp):
        return alternatives(expr.body) + alternatives(expr.orelse)
    if isinstance(expr, ast.BoolOp):
        return [x for v in expr.values for x in alternatives(v)]
    return [expr]


def inner_span(ctx: Context, lit: ast.AST, word: str) -> tuple[int, int]:
    """Span of ``word`` inside a plain string literal (quotes excluded)."""
    start, end = ctx.span(lit)
    seg = ctx.src.text[start:end]
    i = seg.find(word)
    return start + i, start + i + len(word)


def backend_edit(ctx: Context, lit: ast.AST) -> Edit | None:
    """``"nccl"`` → the Neuron process-group backend; in portable style, the default backend
    of the current accelerator (None where ``torch`` cannot be spelled)."""
    from neuron_migrate.checks import guards

    if guards.style(ctx) == "neuron":
        return Edit(*inner_span(ctx, lit, "nccl"), _T.distributed_backend)
    torch_alias = ctx.names.alias_for("torch", ctx.chain)
    if torch_alias is None:
        return None
    return ctx.replace(lit, _DEFAULT_BACKEND.format(t=torch_alias, device=f"{torch_alias}.accelerator.current_accelerator()"))


# the accelerator's default backend: nccl on CUDA, neuron on Neuron (register_backend(devices=...))
_DEFAULT_BACKEND = "{t}.distributed.get_default_backend_for_device({device})"


def report_backend(ctx: Context, rule, lit: ast.AST, message: str | None = None, unsafe: str | None = None,
                   raises: bool = False) -> None:
    """Report a "nccl" backend with its rewrite in the fix style. ``raises``: it is the argument
    of a call that raises without CUDA, so its rewrite cannot break a path that ran there."""
    from neuron_migrate.checks import guards

    edit = backend_edit(ctx, lit)
    ctx.report(rule, lit, message, edits=[edit] if edit else (), unsafe=unsafe)
    if raises:
        guards.raises_without_cuda(ctx)
    elif edit and guards.style(ctx) == "portable":
        torch_alias = ctx.names.alias_for("torch", ctx.chain)
        anywhere = _DEFAULT_BACKEND.format(t=torch_alias, device=guards.ACCELERATOR_TYPE_OR_CUDA.format(t=torch_alias))
        guards.needs_guard(ctx, "torch.accelerator.current_accelerator() is None without an accelerator",
                           fallback=[ctx.replace(lit, anywhere)])


_BACKENDS = frozenset({"gloo", "mpi", "ucc", "xla"})


@dataclass
class _Choices:
    backends: set[int] = field(default_factory=set)  # ids of "nccl" chosen against another backend
    handed: dict[int, str] = field(default_factory=dict)  # id of a "nccl" read only as a backend -> where it is
    env_values: dict[int, ast.AST] = field(default_factory=dict)  # environment key id -> value given
    messages: set[int] = field(default_factory=set)  # ids of strings raised, printed, warned or logged


def report_nccl(ctx: Context, lit: ast.AST) -> None:
    """A ``"nccl"`` whose use is not certain: NM111, with an unsafe fix; chosen against another
    backend name (``"nccl" if cuda else "gloo"``), or kept where the function reads it only as
    init_process_group's backend, it is a backend: NM110, safe."""
    choices = ctx.state(_Choices)
    if id(lit) in choices.backends:
        report_backend(ctx, NM110, lit, ctx.summary(NM110) + ' (chosen against another backend: "gloo")')
    elif id(lit) in choices.handed:
        report_backend(ctx, NM110, lit, ctx.summary(NM110) + f" ({choices.handed[id(lit)]}, which the function "
                       "reads only as init_process_group's backend)", raises=True)
    else:
        report_backend(ctx, NM111, lit, unsafe=NM111.fix_reason)


@on(ast.FunctionDef, ast.AsyncFunctionDef, words=("nccl",))  # per function and store: only where "nccl" is
def note_backend_default(node: ast.FunctionDef | ast.AsyncFunctionDef, ctx: Context) -> None:
    """``def init_dist(launcher, backend='nccl'): ... dist.init_process_group(backend=backend)``
    (AnimateDiff's train.py): a "nccl" default of a parameter read only as the backend."""
    args = node.args
    if any(map(is_nccl, (*args.defaults, *args.kw_defaults))):
        for name, default in parameter_defaults(args).items():
            if is_nccl(default) and _read_only_as_backend(node, name, ctx):
                ctx.state(_Choices).handed[id(default)] = f"the default of `{name}`"


@on(ast.Assign, words=("nccl",))
def note_backend_store(node: ast.Assign, ctx: Context) -> None:
    """``args.dist_backend = "nccl"`` then ``init_process_group(backend=args.dist_backend, ...)``
    (the ``init_distributed_mode`` of DETR, DeiT, MAE and GroundingDINO): a "nccl" stored in a name
    the function reads only as the backend."""
    if not is_nccl(node.value) or len(node.targets) != 1 or type(node.targets[0]) not in (ast.Name, ast.Attribute):
        return
    function = next((s for s in reversed(ctx.chain) if type(s) in (ast.FunctionDef, ast.AsyncFunctionDef)), None)
    text = ctx.segment(node.targets[0])
    if function is not None and _read_only_as_backend(function, text, ctx):
        ctx.state(_Choices).handed[id(node.value)] = f"stored in `{text}`"


def _read_only_as_backend(function: ast.AST, text: str, ctx: Context) -> bool:
    """``function`` reads the name or attribute ``text`` (as written) only as the backend of
    init_process_group calls, and at least once."""
    nodes = all_nodes(function)
    handed = set()
    for sub in nodes:
        if type(sub) is ast.Call and ctx.qualify(sub.func) in INIT_PROCESS_GROUP:
            backend = _backend_of(sub)
            if type(backend) in (ast.Name, ast.Attribute) and ctx.segment(backend) == text:
                handed.add(backend)
    return bool(handed) and not any(type(sub) in (ast.Name, ast.Attribute) and type(sub.ctx) is ast.Load
                                    and sub not in handed and ctx.segment(sub) == text for sub in nodes)


@on(ast.IfExp)
def note_backend_choice(node: ast.IfExp, ctx: Context) -> None:
    """``"nccl" if c else "gloo"``: the "nccl" is a process-group backend."""
    for one, other in ((node.body, node.orelse), (node.orelse, node.body)):
        if is_nccl(one) and isinstance(other, ast.Constant) and other.value in _BACKENDS:
            ctx.state(_Choices).backends.add(id(one))


def environment_text(node: ast.AST, value: str, ctx: Context, exact: bool = True) -> None:
    """A string that names a CUDA environment variable (NM112) or nvidia-smi (NM117); not in a text
    for people (audiocraft's ImportError telling how to build xformers with TORCH_CUDA_ARCH_LIST)."""
    if id(node) in ctx.state(_Choices).messages:
        return
    env = cuda_api().env_vars
    for var, row in env.items():
        if var not in value:
            continue
        shown = re.search(re.escape(var) + r"\w*", value).group()  # rows ending in _ are prefixes
        advice = f"{shown}: {row.advice}" if row.neuron is None else f"{var} → {row.neuron}: {row.advice}"
        invalid = _invalid_core_list(ctx, node) if var == "CUDA_VISIBLE_DEVICES" else None
        if invalid:
            ctx.report(NM112, node, f"{advice}; {invalid} is not such a range: decide by hand what "
                       "this host should see (a Neuron equivalent of hiding every device is not documented)")
        elif exact and value == var and row.neuron:
            ctx.report(NM112, node, advice, edits=[Edit(*inner_span(ctx, node, var), row.neuron)],
                       unsafe=NM112.fix_reason)
        else:
            ctx.report(NM112, node, advice)
        return
    if "nvidia-smi" in value:
        ctx.report(NM117, node)


_CORE_LIST = re.compile(r"\d+(-\d+)?(,\d+(-\d+)?)*")


def _invalid_core_list(ctx: Context, key: ast.AST) -> str | None:
    """The value given to CUDA_VISIBLE_DEVICES (``os.environ[k] = v``, ``setdefault(k, v)``,
    ``{k: v}``), quoted, when it is a literal that is no contiguous range of NeuronCores."""
    value = ctx.state(_Choices).env_values.get(id(key))
    if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
        return None
    text = value.value.strip()
    if _CORE_LIST.fullmatch(text):
        cores = []
        for part in text.split(","):
            lo, _, hi = part.partition("-")
            cores += list(range(int(lo), int(hi or lo) + 1))
        if cores == list(range(cores[0], cores[0] + len(cores))):
            return None
    return repr(value.value)


@on(ast.Assign)
def note_environment_assignment(node: ast.Assign, ctx: Context) -> None:
    target = node.targets[0] if len(node.targets) == 1 else None
    if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant):
        ctx.state(_Choices).env_values[id(target.slice)] = node.value


@on(ast.Dict)
def note_environment_dict(node: ast.Dict, ctx: Context) -> None:
    for key, value in zip(node.keys, node.values):
        if isinstance(key, ast.Constant) and key.value == "CUDA_VISIBLE_DEVICES":
            ctx.state(_Choices).env_values[id(key)] = value


# the methods of a logger (and warnings.warn): their arguments are text for people
LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log"})


def _note_message(ctx: Context, args) -> None:
    ctx.state(_Choices).messages.update(id(n) for a in args for n in all_nodes(a)
                                        if type(n) is ast.JoinedStr or type(n) is ast.Constant and type(n.value) is str)


@on(ast.Raise)
def note_raised_message(node: ast.Raise, ctx: Context) -> None:
    if type(node.exc) is ast.Call:
        _note_message(ctx, node.exc.args)


# -- calls ------------------------------------------------------------------------------

@on(ast.Call)
def check_call(call: ast.Call, ctx: Context) -> None:
    """Process groups, torch.compile, DataParallel and the profiler. Runs before the device
    positions of :mod:`neuron_migrate.checks.device`, so its literals are not taken for devices."""
    name = ctx.qualify(call.func)
    func = call.func
    if type(func) is ast.Attribute:
        if func.attr in ("setdefault", "putenv") and len(call.args) == 2:
            ctx.state(_Choices).env_values[id(call.args[0])] = call.args[1]
        elif func.attr in LOG_METHODS:  # logger.info(...), warnings.warn(...)
            _note_message(ctx, call.args)
    elif type(func) is ast.Name and func.id == "print" and not ctx.names.is_bound("print", ctx.chain):
        _note_message(ctx, call.args)
    if name is None:
        return
    if name in INIT_PROCESS_GROUP:
        _process_group(call, ctx)
    elif name in COMPILE:
        _compile_settings(call, ctx)
    elif name == "torch.distributed.is_nccl_available":
        _nccl_guard(call, ctx)
    elif name in DATA_PARALLEL:
        from neuron_migrate.checks import guards

        ctx.claimed.add(id(call.func))
        ctx.report(NM115, call)
        guards.cuda_only_region(ctx, "nn.DataParallel, which scatters with torch.cuda.comm")
    elif name.startswith(("torch.profiler.", "torch.autograd.profiler.")):
        for kw in call.keywords:
            if kw.arg == "use_cuda":
                ctx.report(NM114, kw.value, "use_cuda=: record Neuron activity with "
                           f"activities=[ProfilerActivity.{_T.profiler_activity}]")


def _backend_of(call: ast.Call) -> ast.AST | None:
    """The backend an init_process_group call is given: its first argument or ``backend=``."""
    return call.args[0] if call.args else next((kw.value for kw in call.keywords if kw.arg == "backend"), None)


def _process_group(call: ast.Call, ctx: Context) -> None:
    backend = _backend_of(call)
    if backend is None:
        return
    lits = [e for e in alternatives(backend) if is_nccl(e)]
    for lit in lits:  # init_process_group("nccl") raises without CUDA
        report_backend(ctx, NM110, lit, raises=backend is lit)
    for e in alternatives(backend):
        if isinstance(e, ast.Constant) and e.value == "xla":
            ctx.report(NM116, e, 'init_process_group("xla") is the legacy XLA path: use "neuron"')


def _nccl_guard(call: ast.Call, ctx: Context) -> None:
    """``dist.is_nccl_available()`` chooses NCCL: it is rewritten with the backend it gates."""
    from neuron_migrate.checks import guards

    ctx.claimed.add(id(call.func))
    message = f'is_nccl_available() asks for NCCL, which Trainium has not: ask for the "{_T.distributed_backend}" backend'
    if guards.style(ctx) == "portable" or call.args or call.keywords or not isinstance(call.func, ast.Attribute):
        ctx.report(NM110, call, message)
        return
    start, end = ctx.span(call.func)
    # False on stock PyTorch, as is_nccl_available() on a host without CUDA
    ctx.report(NM110, call, message, edits=[Edit(end - len("is_nccl_available"), ctx.span(call)[1],
                                                 f'is_backend_available("{_T.distributed_backend}")')])


def _compile_settings(call: ast.Call, ctx: Context) -> None:
    table = cuda_api()
    for kw in call.keywords:
        v = kw.value
        if not (isinstance(v, ast.Constant) and isinstance(v.value, str)):
            continue
        if kw.arg == "mode" and v.value in table.modes_without_effect:
            ctx.report(NM113, kw, f'mode="{v.value}" has no effect with the Neuron backend '
                       '(only "default"); drop it', edits=[_remove_argument(ctx, call, kw)])
        elif kw.arg == "backend" and v.value in table.backends_to_replace:
            # torch.compile(backend="neuron") raises InvalidBackend on stock PyTorch, where Inductor
            # ran: the backend is chosen where the plugin is, as a tolerant device string is
            from neuron_migrate.checks import guards

            torch_alias = ctx.names.alias_for("torch", ctx.chain)
            present = guards.NEURON_PRESENT.format(t=torch_alias)
            ctx.report(NM113, v, f'backend="{v.value}": use "{_T.compile_backend}" where the Neuron plugin is',
                       edits=[ctx.replace(v, f'"{_T.compile_backend}" if {present} else {ctx.segment(v)}')]
                       if torch_alias else ())


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


def xla_advice(name: str) -> str:
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

