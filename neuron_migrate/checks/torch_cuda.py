"""NM102-NM107, NM109, NM119, NM120: the torch.cuda API and what stands for it.

``.cuda()``, ``torch.cuda.*`` (with or without a ``torch.neuron`` twin), CUDA amp,
``.is_cuda``, cuDNN/CUDA backend flags, CUDA version queries and imports from
``torch.cuda``. Facts (which API has which Neuron twin) come from ``rules/cuda_api.yaml``;
this module holds the behaviour. Qualified references and imports of the other NM1xx
names (DataParallel, torch_xla, the profiler, NVML) are met here too, and reported with
the rules of :mod:`neuron_migrate.checks.distributed`.
"""

from __future__ import annotations

import ast
import re

from neuron_migrate.capabilities import cuda_api, target
from neuron_migrate.checks import RULES, Context, on, prefilter, rule
from neuron_migrate.checks.device import (
    DEVICE_NAME, GRAD_SCALERS, LIBRARY_IMPORTS, device_literals, guards_kernel, kernel_has_fallback, library_call,
    report_device_literals,
)
from neuron_migrate.checks.distributed import DATA_PARALLEL, NM114, NM115, NM116, NM117, WORDS, xla_advice
from neuron_migrate.checks import guards, kernels
from neuron_migrate.models import Edit, Severity
from neuron_migrate.project.summary import parameter_defaults
from neuron_migrate.traversal import all_nodes, statements_holding

prefilter(__name__, WORDS)

_T = target()
_DEV = _T.device

NM102 = rule(
    "NM102", "cuda-method", "error", "device",
    summary=f'`.cuda()` moves to a CUDA device: use `.to("{_DEV}")`',
    portable="`.cuda()` moves to a CUDA device: use `.to(torch.accelerator.current_accelerator())`",
    why="`.cuda()` needs a CUDA build and device. TorchNeuron also generates `.neuron()`, but "
        '`.to("neuron")` reads the same for tensors and modules and keeps one spelling. On a module '
        "built in place that holds no tensor (`nn.Softmax(dim=1)`, a loss without a class weight) "
        '`.cuda()` moves nothing and runs without CUDA, where `.to("neuron")` raises without the '
        "plugin: `fix` drops the call.",
    example="model = Net().cuda()\nbatch = batch.cuda(non_blocking=True)",
    use_instead=f'model = Net().to("{_DEV}")\nbatch = batch.to("{_DEV}", non_blocking=True)',
    fix="safe", fix_reason="unsafe when the argument may be a torch.device rather than an index",
    source="D-mod",
)
NM103 = rule(
    "NM103", "cuda-api-with-neuron-twin", "error", "api",
    summary="torch.cuda API with a torch.neuron twin",
    why="`torch.cuda` functions raise or report no device on Trainium; `torch.neuron` has the "
        "same function for NeuronCores. `torch.neuron` exists only where the Neuron plugin is "
        "installed, so a call that ran without CUDA (`manual_seed_all`, `device_count`, "
        "`memory_allocated`: no-ops or answers there) is rewritten only under a guard rewritten "
        "with it, and `torch.cuda.is_available()` becomes a test that is False without the plugin; "
        "so does a library's function that returns it (transformers' `is_torch_cuda_available()`). "
        "`--style portable` writes `torch.accelerator` / `torch.get_device_module()` instead.",
    example="if torch.cuda.is_available():\n    torch.cuda.manual_seed_all(0)\ntorch.cuda.synchronize()",
    use_instead='if hasattr(torch, "neuron") and torch.neuron.is_available():\n'
                "    torch.neuron.manual_seed_all(0)\ntorch.neuron.synchronize()", fix="safe",
    fix_reason="none when the branch the call guards runs a CUDA or Triton kernel, or when a call "
               "that ran without CUDA is not under a guard rewritten with it",
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
    portable="torch.cuda.amp.autocast: use torch.autocast(torch.accelerator.current_accelerator().type, ...)",
    why="`torch.cuda.amp.autocast` is deprecated and CUDA-only; `torch.autocast(device_type="
        '"neuron")` follows the same conventions on Trainium. Without CUDA the CUDA autocast runs '
        '(disabled) while `torch.autocast("neuron")` raises without the plugin: outside a branch '
        'that only runs on the target, the device type is chosen where the code runs.',
    example="with torch.cuda.amp.autocast(dtype=torch.bfloat16):\n    y = model(x)",
    use_instead=f'with torch.autocast("{_DEV}" if hasattr(torch, "neuron") else "cuda", '
                "dtype=torch.bfloat16):\n    y = model(x)",
    fix="safe", source="D-idx; G-sdk FAQ",
)
NM106 = rule(
    "NM106", "cuda-grad-scaler", "warning", "amp",
    summary=f'CUDA GradScaler: torch.amp.GradScaler("{_DEV}") is unverified; prefer bf16 autocast',
    portable="CUDA GradScaler: torch.amp.GradScaler on the current accelerator is unverified on Neuron; "
             "prefer bf16 autocast",
    why="Neuron documents bf16 autocast, which needs no loss scaling. A GradScaler bound to "
        "CUDA fails on Trainium; one bound to Neuron is not documented.",
    example="scaler = torch.cuda.amp.GradScaler()",
    use_instead=f'scaler = torch.amp.GradScaler("{_DEV}" if hasattr(torch, "neuron") else "cuda")', fix="unsafe",
    fix_reason="GradScaler on Neuron is not documented; bf16 autocast without a scaler is the "
               "documented path",
    source="D-idx (bf16 autocast); no public source documents GradScaler on Neuron (UNCONFIRMED)",
)
NM107 = rule(
    "NM107", "is-cuda", "warning", "device",
    summary="`.is_cuda` is always False on Neuron",
    why="Code that branches on `.is_cuda` silently takes its CPU path on Trainium, or its CUDA "
        "path if rewritten carelessly. `.is_neuron` exists only with the plugin; the device type "
        "is there on every build.",
    example="if x.is_cuda:\n    x = x.half()",
    use_instead=f'if x.device.type == "{_DEV}":\n    x = x.half()',
    fix="unsafe", fix_reason="the guarded branch may call CUDA-only kernels", source="D-mod",
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
NM119 = rule(
    "NM119", "cuda-import", "info", "api",
    summary="import from torch.cuda",
    why="The import works on Neuron, but what it brings in is CUDA-specific; each use is "
        "reported where it occurs. Star imports hide which names are used.",
    example="from torch.cuda import amp", use_instead="import torch  # then torch.autocast(...)",
    fix="none",
)

NM128 = rule(
    "NM128", "cuda-module-patch", "info", "api",
    summary="assigns an attribute of torch.cuda: a patch of the module, not a use of CUDA",
    why="`torch.cuda.device_count = torch.xpu.device_count` replaces a function of the torch.cuda "
        "module, so that code written for CUDA runs on another backend (Intel's IPEX hijacks in "
        "Stable Diffusion trainers). The assignment runs on every host and calls nothing: there is "
        "nothing to port. Reading the original to wrap it (fastai's `_old = torch.cuda.set_device`, "
        "then `torch.cuda.set_device = wrapper`) is part of the patch. Code that calls the patched "
        "names is reported where it does.",
    example="import torch\n\ntorch.cuda.device_count = torch.xpu.device_count",
    use_instead="import torch\n\ndevices = torch.accelerator.device_count()",
    fix="none",
)

NM120 = rule(
    "NM120", "cuda-version-query", "warning", "api",
    summary="CUDA/cuDNN version query: it is None on a Neuron build",
    why="`torch.version.cuda` and `torch.backends.cudnn.version()` are None without CUDA; code "
        "that parses or compares them raises or takes a wrong branch on Trainium.",
    example="major = int(torch.version.cuda.split(\".\")[0])",
    use_instead="cuda_build = torch.version.cuda is not None  # decide on the build; read the "
                "version only where it is set",
    fix="none", fix_reason="what the code should do without CUDA is for a person to decide",
)


class _State:
    __slots__ = ("imported", "expr_stmt_of", "parent_of_stmt", "flows", "options_without_value", "type_uses",
                 "rocm_tests", "patched", "cuda_keywords", "xla_names")

    def __init__(self) -> None:
        self.imported: set[str] = set()  # names the file's imports bind
        self.expr_stmt_of: dict[int, ast.Expr] = {}  # call id -> its expression statement
        self.parent_of_stmt: dict[int, ast.AST | None] = {}  # statement id -> parent
        self.flows: dict[int, tuple] = {}  # scope id -> _flows' answer
        self.options_without_value: frozenset[str] | None = None  # _maybe_none's argparse dests
        self.type_uses: tuple[set, set] | None = None  # _type_uses' answer
        self.rocm_tests: set[int] | None = None  # _rocm_tests' answer
        self.patched: dict[str, int] | None = None  # _patched's answer
        self.cuda_keywords: dict[int, tuple] = {}  # id of a call handed as `cuda=` -> (keyword, the call it is handed to)
        self.xla_names: dict[str, bool] = {}  # a name torch_xla's imports bind -> every one of them is optional


_AUTOCAST_POSITIONAL = ("enabled", "dtype", "cache_enabled")  # torch.cuda.amp.autocast's order
_INDEX_NAME = re.compile(r"(?i)(.*_)?(rank|gpu|gpus|gpu_id|gpu_idx|device_id|device_idx|idx|index|id|i|local_rank|dev_id)")


# -- calls ----------------------------------------------------------------------------

@on(ast.Call)
def check_call(call: ast.Call, ctx: Context) -> None:
    func = call.func
    for kw in call.keywords:  # MergeOptions(cuda=torch.cuda.is_available()), met before the call it is handed
        if kw.arg and "cuda" in kw.arg.lower() and type(kw.value) is ast.Call:
            ctx.state(_State).cuda_keywords[id(kw.value)] = (kw.arg, call)
    name = ctx.qualify(func)
    if name is not None and name.startswith("torch.cuda."):
        name = cuda_api().canonical(name)  # insightface's torch.cuda.amp.grad_scaler.GradScaler
    if name == "torch.cuda.amp.autocast":
        _autocast(call, ctx)
    elif name == "torch.cuda.amp.GradScaler" or name in GRAD_SCALERS:
        _grad_scaler(call, name, ctx)
    elif name is None and isinstance(func, ast.Attribute) and func.attr == "cuda":
        _cuda_method(call, ctx)
    elif type(func) is ast.Name and func.id in ("hasattr", "getattr") and len(call.args) > 1:
        _api_probe(call, ctx)


def _api_probe(call: ast.Call, ctx: Context) -> None:
    """``hasattr(torch.cuda.amp, "autocast")``, ``if getattr(torch.cuda.amp, "autocast") is not None:``
    (InternImage's native-AMP test) ask whether the installed torch has an API, which stock PyTorch
    answers alike on a Neuron host: no finding; the API's uses are reported where they are. A
    ``getattr`` whose value is used stays a reference to the module."""
    attr = call.args[1]
    if type(attr) is not ast.Constant or type(attr.value) is not str:
        return
    if call.func.id == "getattr" and not _is_presence_test(call, ctx.parent):
        return
    name = ctx.qualify(call.args[0])
    if name is not None and (name == "torch.cuda" or name.startswith("torch.cuda.")):
        _claim_chain(ctx, call.args[0])


def _claim_chain(ctx: Context, node: ast.AST) -> None:
    """A reference is reported once, at its outermost node: ``amp.GradScaler`` claims ``amp``
    too (an alias of torch.cuda.amp would otherwise be reported again on its own)."""
    while isinstance(node, ast.Attribute):
        ctx.claimed.add(id(node))
        node = node.value
    ctx.claimed.add(id(node))


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
    stateless = _stateless_module(ctx, func.value)
    if stateless:  # nothing to move, on any host: dropped, since .to("neuron") raises without the plugin
        _, value_end = ctx.span(func.value)
        _, call_end = ctx.span(call)
        ctx.report(NM102, call, f"`.cuda()` on a `{stateless}`, which holds no tensor, moves nothing on any "
                   "host (and runs without CUDA): drop it", edits=() if "#" in text[value_end:attr_start]
                   else [Edit(value_end, call_end, "")], title="drop .cuda() on a module that holds no tensor")
        return
    index = call.args[0] if call.args else next(
        (kw.value for kw in call.keywords if kw.arg == "device"), None)
    if len(call.args) > 1 or any(kw.arg is None for kw in call.keywords):
        ctx.report(NM102, call)  # *args/**kwargs or extra positionals: no certain rewrite
        return
    unsafe = None
    portable = guards.style(ctx) == "portable"
    torch_alias, _ = _torch_alias(ctx)
    if portable and torch_alias is None:
        ctx.report(NM102, call)
        return
    # .cuda() raised without CUDA: the path never ran there, so no guard is needed
    accelerator = f"{torch_alias}.accelerator.current_accelerator()"
    if index is None or isinstance(index, ast.Constant) and index.value is None:
        new_arg = accelerator if portable else f'"{_DEV}"'
    elif isinstance(index, ast.Constant) and isinstance(index.value, int) and not isinstance(index.value, bool):
        new_arg = f"{torch_alias}.device({accelerator}.type, {index.value})" if portable else f'"{_DEV}:{index.value}"'
    else:
        seg = ctx.segment(index)
        leaf = index.attr if isinstance(index, ast.Attribute) else getattr(index, "id", "")
        if DEVICE_NAME.fullmatch(leaf):
            new_arg, unsafe = seg, "assumes the argument is already a device, not an index"
        elif not portable and _maybe_none(ctx, index):
            # `.cuda(args.gpu)` with `--gpu` defaulting to None (scripts derived from pytorch/examples' old
            # ImageNet one): the current device, as .cuda(None) is; f"neuron:{args.gpu}" would be "neuron:None"
            if torch_alias is None:
                ctx.report(NM102, call)
                return
            new_arg = f'{torch_alias}.device("{_DEV}", {seg})'
            if not _INDEX_NAME.fullmatch(leaf):
                unsafe = "assumes the argument is a device index or None, not a torch.device"
        else:
            new_arg = f"{torch_alias}.device({accelerator}.type, {seg})" if portable else f'f"{_DEV}:{{{seg}}}"'
            if not _INDEX_NAME.fullmatch(leaf):
                unsafe = "assumes the argument is a device index, not a torch.device"
    # a storage's .to() takes the device by keyword only (a tensor's takes it either way)
    to = "to(device=" if _map_location_storage(ctx, call) else "to("
    if index is None:
        rest = [kw for kw in call.keywords]
        edits = [Edit(attr_start, open_paren + 1, f"{to}{new_arg}" + _comma(ctx, open_paren, bool(rest)))]
    else:
        if call.args:
            start, end = ctx.span(index)
        else:  # device=... keyword: .to() takes the same keyword
            to = "to("
            kw = next(kw for kw in call.keywords if kw.arg == "device")
            start, end = ctx.span(kw.value)
        edits = [Edit(attr_start, open_paren + 1, to), Edit(start, end, new_arg)]
    ctx.report(NM102, call, edits=edits, unsafe=unsafe,
               title=f'replace .cuda(...) with .to({new_arg}, ...)')
    guards.raises_without_cuda(ctx)
    library = _fed_library(call, ctx)
    if library:  # the move and the library call are one unit: both stay CUDA
        guards.cuda_only_region(ctx, f"the tensor goes to {library}, a CUDA-only library")


def _map_location_storage(ctx: Context, call: ast.Call) -> bool:
    """``lambda storage, loc: storage.cuda(i)``, torch.load's ``map_location`` (basicsr's resume):
    the receiver is a storage, whose ``.to("neuron:0")`` raises a TypeError on every host."""
    fn = ctx.parent
    receiver = call.func.value
    return (type(fn) is ast.Lambda and fn.body is call and type(receiver) is ast.Name
            and len(fn.args.args) == 2 and fn.args.args[0].arg == receiver.id)


def _stateless_module(ctx: Context, e: ast.AST) -> str | None:
    """``nn.CrossEntropyLoss()``, ``nn.Softmax(dim=1)``: a torch.nn module built in place that
    holds no parameter or buffer (rules/cuda_api.yaml stateless_modules), its short name."""
    if type(e) is not ast.Call:
        return None
    state = cuda_api().stateless_modules.get(ctx.qualify(e.func) or "")
    if state is None or (state and e.args) or any(type(a) is ast.Starred for a in e.args) \
            or any(kw.arg is None or kw.arg in state for kw in e.keywords):
        return None
    return ctx.segment(e.func)


def _maybe_none(ctx: Context, index: ast.AST) -> bool:
    """Whether the index handed to ``.cuda()`` may be None: a parameter defaulting to None
    (``def run(gpu=None)``), or ``args.<dest>`` of an option the file declares without a value
    unless given (``add_argument("--gpu", default=None, type=int)``, or no default)."""
    if type(index) is ast.Name:
        scope = ctx.names.binding_scope(index.id, ctx.chain)
        if type(scope) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda):
            default = parameter_defaults(scope.args).get(index.id)
            return type(default) is ast.Constant and default.value is None
        return False
    if type(index) is ast.Attribute and type(index.value) is ast.Name and index.value.id not in ("self", "cls"):
        state = ctx.state(_State)
        if state.options_without_value is None:
            state.options_without_value = _options_without_value(ctx.tree) if "add_argument" in ctx.src.text \
                else frozenset()
        return index.attr in state.options_without_value
    return False


def _options_without_value(tree: ast.Module) -> frozenset[str]:
    """argparse dests of the file whose value is None unless given: no ``default=`` (or
    ``default=None``), not required, an action that stores a value."""
    out = set()
    for node in ast.walk(tree):
        if not (type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr == "add_argument"):
            continue
        kw = {k.arg: k.value for k in node.keywords if k.arg}
        default, action, required = kw.get("default"), kw.get("action"), kw.get("required")
        if default is not None and not (type(default) is ast.Constant and default.value is None):
            continue
        if action is not None and not (type(action) is ast.Constant and action.value == "store"):
            continue
        if type(required) is ast.Constant and required.value is True:
            continue
        flags = [a.value for a in node.args if type(a) is ast.Constant and type(a.value) is str]
        dest = kw.get("dest")
        if type(dest) is ast.Constant and type(dest.value) is str:
            out.add(dest.value)
        elif flags:
            long = next((f for f in flags if f.startswith("--")), flags[0])
            out.add(long.lstrip("-").replace("-", "_"))
    return frozenset(out)


def _fed_library(call: ast.Call, ctx: Context) -> str | None:
    """The CUDA-only library function the tensor ``x.cuda()`` moves goes to, as an argument
    (``double_quant(w.cuda())``) or through the name it is assigned to in the same function
    (Lightning-AI/lit-llama's quantization: ``B = weight.contiguous().half().cuda()``, then
    ``bnb.functional.double_quant(B)``): "`bitsandbytes.functional.double_quant` (bitsandbytes)"."""
    if not any(f.code in LIBRARY_IMPORTS for f in ctx.findings):
        return None  # the file imports none (its imports were visited first)
    parent = ctx.parent
    if type(parent) is ast.Call and call in parent.args:
        return library_call(parent, ctx)
    if (type(parent) is not ast.Assign or parent.value is not call or len(parent.targets) != 1
            or type(parent.targets[0]) is not ast.Name or not ctx.chain):
        return None
    name = parent.targets[0].id
    # a call in a branch of an `if` that begins after the move runs only on that branch's path
    # (ml-fastvit's `model = model.cuda()`, then `if args.apex_amp: model = amp.initialize(model)`):
    # the other path is torch's, so the move is not the library's
    branched = {id(n) for node in ast.walk(ctx.chain[-1]) if type(node) is ast.If and node.lineno > parent.end_lineno
                for s in (*node.body, *node.orelse) for n in ast.walk(s) if type(n) is ast.Call}
    for node in ast.walk(ctx.chain[-1]):
        if (type(node) is ast.Call and node.lineno >= parent.end_lineno and id(node) not in branched
                and any(type(a) is ast.Name and a.id == name
                        for a in (*node.args, *(kw.value for kw in node.keywords)))):
            found = library_call(node, ctx)
            if found:
                return found
    return None


def _open_paren(ctx: Context, call: ast.Call) -> int:
    return ctx.src.text.find("(", ctx.span(call.func)[1])


def _comma(ctx: Context, paren: int, more: bool) -> str:
    """What follows an argument put first after ``paren`` when ``more`` arguments follow it: no
    blank at the end of the line when they start on the next one (sam2's ``autocast(`` then its
    keywords, one per line)."""
    if not more:
        return ""
    return "," if re.match(r"[ \t]*(#|\r?\n)", ctx.src.text[paren + 1:paren + 200]) else ", "


_ADDS_IMPORT = " (`fix` adds `import torch`)"


def _torch_alias(ctx: Context) -> tuple[str | None, str]:
    """How to spell ``torch`` here, and a note for the fix's title: its module-level alias, or
    ``torch`` when no scope binds that name (``fix`` then adds ``import torch``); None when
    ``torch`` means something else."""
    alias = ctx.names.alias_for("torch", ctx.chain)
    if alias is None and not ctx.names.is_bound("torch", ctx.chain):
        return "torch", _ADDS_IMPORT
    return alias, ""


def _autocast(call: ast.Call, ctx: Context) -> None:
    """``torch.cuda.amp.autocast(a, ...)`` → ``torch.autocast("neuron", enabled=a, ...)``."""
    _claim_chain(ctx, call.func)
    torch_alias, note = _torch_alias(ctx)
    if torch_alias is None or len(call.args) > len(_AUTOCAST_POSITIONAL) or any(
            isinstance(a, ast.Starred) for a in call.args):
        ctx.report(NM105, call)
        return
    paren = _open_paren(ctx, call)
    start, _ = ctx.span(call.func)
    sep = _comma(ctx, paren, bool(call.args or call.keywords))
    keywords = []
    for arg, kwname in zip(call.args, _AUTOCAST_POSITIONAL):
        s, _ = ctx.span(arg)
        keywords.append(Edit(s, s, f"{kwname}="))

    def spelled(device: str) -> list[Edit]:
        return [Edit(start, paren + 1, f"{torch_alias}.autocast({device}{sep}"), *keywords]

    target, anywhere = device_spellings(ctx, torch_alias)
    ctx.report(NM105, call, edits=spelled(target), title=ctx.summary(NM105) + note)
    # without CUDA, torch.cuda.amp.autocast ran (disabled); autocast("neuron") raises there
    guards.needs_guard(ctx, 'torch.autocast("neuron") raises without the Neuron plugin',
                       fallback=spelled(anywhere))


def device_spellings(ctx: Context, torch_alias: str) -> tuple[str, str]:
    """The target device type as code: inside a guard rewritten with it, and anywhere (where
    CUDA code ran without CUDA, such as a disabled autocast or GradScaler, it still says "cuda")."""
    if guards.style(ctx) == "portable":
        return (guards.ACCELERATOR_TYPE.format(t=torch_alias),
                guards.ACCELERATOR_TYPE_OR_CUDA.format(t=torch_alias))
    return f'"{_DEV}"', f'"{_DEV}" if {guards.NEURON_PRESENT.format(t=torch_alias)} else "cuda"'


def _grad_scaler(call: ast.Call, name: str, ctx: Context) -> None:
    _claim_chain(ctx, call.func)
    msg = ctx.summary(NM106)
    if name == "torch.cuda.amp.GradScaler":
        torch_alias, note = _torch_alias(ctx)
        if torch_alias is None:
            ctx.report(NM106, call, msg)
            return
        start, _ = ctx.span(call.func)
        paren = _open_paren(ctx, call)
        sep = _comma(ctx, paren, bool(call.args or call.keywords))
        target, anywhere = device_spellings(ctx, torch_alias)
        ctx.report(NM106, call, msg, edits=[Edit(start, paren + 1, f"{torch_alias}.amp.GradScaler({target}{sep}")],
                   unsafe=NM106.fix_reason, title=ctx.summary(NM106) + note)
        guards.needs_guard(ctx, "a GradScaler for Neuron scales the loss where the CUDA one was disabled",
                           fallback=[Edit(start, paren + 1, f"{torch_alias}.amp.GradScaler({anywhere}{sep}")])
        return
    device = call.args[0] if call.args else next((kw.value for kw in call.keywords if kw.arg == "device"), None)
    if device is None:  # torch.amp.GradScaler() defaults to "cuda"
        torch_alias, _ = _torch_alias(ctx)
        if torch_alias is None:
            ctx.report(NM106, call, msg + ' (its device defaults to "cuda")')
            return
        paren = _open_paren(ctx, call)
        sep = _comma(ctx, paren, bool(call.keywords))
        target, anywhere = device_spellings(ctx, torch_alias)
        ctx.report(NM106, call, msg + ' (its device defaults to "cuda")',
                   edits=[Edit(paren + 1, paren + 1, f"{target}{sep}")], unsafe=NM106.fix_reason)
        guards.needs_guard(ctx, "a GradScaler for Neuron scales the loss where the CUDA one was disabled",
                           fallback=[Edit(paren + 1, paren + 1, f"{anywhere}{sep}")])
        return
    lits = device_literals(device)
    report_device_literals(ctx, lits, NM106, unsafe=NM106.fix_reason, message=msg, tolerant=True)


# -- attributes and names --------------------------------------------------------------

def _is_outermost(node: ast.AST, parent: ast.AST | None) -> bool:
    return not (isinstance(parent, ast.Attribute) and parent.value is node)


@on(ast.Attribute)
def check_attribute(node: ast.Attribute, ctx: Context) -> None:
    if id(node) in ctx.claimed:
        return
    if node.attr == "is_cuda" and isinstance(node.ctx, ast.Load):
        kernel = guards_kernel(ctx, node)
        if kernel:
            guards.report_kernel_branch(ctx, NM107, node, kernel)
        elif type(ctx.parent) is ast.Call and ctx.parent.func is node:
            # torch_sparse's SparseTensor.is_cuda() (PyG): a method of another type, not the tensor's flag
            ctx.report(NM107, node, NM107.summary + "; `is_cuda()` is called: a method of a type that is "
                       "not a tensor, which `fix` does not rewrite")
        else:
            # .is_neuron exists only with the plugin; the device type is there on stock PyTorch
            test = '.device.type != "cpu"' if guards.style(ctx) == "portable" else f'.device.type == "{_DEV}"'
            start, end = ctx.span(node)
            text = ctx.src.text[start:end - len(node.attr) - 1] + test
            ctx.report(NM107, node, edits=[Edit(start, end, guards.parenthesised(ctx, node, text, "compare"))],
                       unsafe=NM107.fix_reason)
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
    _claim_chain(ctx, node.value)  # its inner names; the node itself stays open to other checks
    if type(node.ctx) is not ast.Load and name.startswith("torch.cuda"):
        # sd-scripts' library/ipex: 127 such stores were errors to port by hand, blocking a first run
        ctx.report(NM128, node, f"assigns {name}: a patch of the module, not a use of CUDA (nothing to port)")
        return
    if (name.startswith("torch.cuda.") and not (type(ctx.parent) is ast.Call and ctx.parent.func is node)
            and (line := _patched(ctx).get(name))):
        # fastai's `_old_torch_cuda_set_device = torch.cuda.set_device`, wrapped, then stored back
        ctx.report(NM128, node, f"reads {name} to wrap it in the patch assigned on line {line}: a patch of the "
                   "module, not a use of CUDA (nothing to port)")
        return
    _qualified_reference(node, name, ctx)


@on(ast.Name)
def check_name(node: ast.Name, ctx: Context) -> None:
    if (id(node) in ctx.claimed or not isinstance(node.ctx, ast.Load)
            or node.id not in ctx.state(_State).imported):
        return
    name = ctx.names.resolve(node.id, ctx.chain)
    if name is not None and name != node.id:
        _qualified_reference(node, name, ctx, via_import=True)


# peft asks importlib.util.find_spec("torch_xla") first, trl `if is_torch_xla_available():`: a host
# without torch_xla (TorchNeuron needs none) takes the other path, as a CUDA host did
_XLA_OPTIONAL = ("; optional: imported under an `if` or `try`, a path that a host without torch_xla (TorchNeuron "
                 "needs none) does not take: not a blocker")


_CUDA_STORE = re.compile(r"cuda\.[\w.]+\s*=(?!=)")


def _patched(ctx: Context) -> dict[str, int]:
    """The torch.cuda attributes the file assigns, with the line of the first store: asked only
    where a torch.cuda function is read and not called, so most files never walk for it."""
    state = ctx.state(_State)
    if state.patched is None:
        state.patched = {}
        if not _CUDA_STORE.search(ctx.src.text):  # a walk of the tree costs more than the text search
            return state.patched
        for n in all_nodes(ctx.tree):
            if type(n) is ast.Attribute and type(n.ctx) is ast.Store and (q := ctx.names.qualify(n, (ctx.tree,))):
                if q.startswith("torch.cuda."):
                    state.patched.setdefault(q, n.lineno)
    return state.patched


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
        if guards.style(ctx) == "portable":
            torch_alias, _ = _torch_alias(ctx)
            edits = [ctx.replace(node, f"{torch_alias}.get_device_module()")] if torch_alias else []
            ctx.report(NM103, node, "the torch.cuda module used as a value: "
                       "torch.get_device_module() is the current accelerator's", edits=edits,
                       unsafe="not every torch.cuda function is in every device module")
            return
        ctx.report(NM103, node, "the torch.cuda module used as a value: torch.neuron is its twin",
                   edits=[_attr_edit(ctx, node, "neuron")] if isinstance(node, ast.Attribute) else (),
                   unsafe="not every torch.cuda function has a torch.neuron twin")
        guards.needs_guard(ctx, "torch.neuron exists only with the Neuron plugin")
    elif name.startswith(("torch.cuda.", "torch.backends.cudnn", "torch.backends.cuda.")):
        _cuda_api_reference(node, name, ctx, via_import)
    elif name in DATA_PARALLEL:
        ctx.report(NM115, node, "reference to nn.DataParallel (harmless in isinstance checks; "
                   "wrap models in DistributedDataParallel)", severity=Severity.INFO)
    elif name.startswith("torch_xla"):
        root = node
        while type(root) is ast.Attribute:
            root = root.value
        optional = type(root) is ast.Name and ctx.state(_State).xla_names.get(root.id, False)
        ctx.report(NM116, node, f"{name}: legacy torch_xla API; {xla_advice(name)}" + (_XLA_OPTIONAL if optional else ""),
                   severity=Severity.WARNING if optional else None)
    elif name.endswith("ProfilerActivity.CUDA") and name.startswith("torch."):
        ctx.report(NM114, node, edits=[_attr_edit(ctx, node, _T.profiler_activity)]
                   if isinstance(node, ast.Attribute) else ())
    elif (asked := cuda_api().same_as.get(name)) is not None:  # transformers' is_torch_cuda_available
        _cuda_api_reference(node, asked, ctx, False, spelled=name)


def _is_presence_test(node: ast.AST, parent: ast.AST | None) -> bool:
    """``x is None``, ``x is not None``, ``if x:``, ``not x``, ``x and ...``: guards, not uses."""
    if isinstance(parent, ast.Compare):
        return all(isinstance(op, (ast.Is, ast.IsNot)) for op in parent.ops) and any(
            isinstance(c, ast.Constant) and c.value is None for c in (parent.left, *parent.comparators))
    if isinstance(parent, (ast.If, ast.IfExp, ast.While)):
        return parent.test is node
    return isinstance(parent, ast.BoolOp) or (isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not))


_LEGACY_TENSOR_TYPE = re.compile(r"torch\.cuda\.(?:sparse\.)?\w+Tensor")


def _type_test(node: ast.AST, parent: ast.AST | None, ctx: Context) -> bool:
    """``T in buckets``, ``type(t) == T``, ``isinstance(t, T)``, ``isinstance(t, (S, T))``: ``T`` is
    compared, not called or handed to ``.type(T)``, which converts."""
    if type(parent) is ast.Compare:
        return True
    return (type(parent) is ast.Call and type(parent.func) is ast.Name and parent.func.id == "isinstance"
            and node in parent.args[1:]) or id(node) in _type_uses(ctx)[0]


def _rocm_tests(ctx: Context) -> set[int]:
    """Ids of the ``torch.cuda.is_available`` of each ``and`` that also tests ``torch.version.hip``
    (ultralytics' ``rocm_is_available()``: PyTorch answers for ROCm's GPUs through torch.cuda), read
    once per file that names ``version.hip``."""
    state = ctx.state(_State)
    if state.rocm_tests is None:
        state.rocm_tests = set()
        if "version.hip" in ctx.src.text:
            for n in all_nodes(ctx.tree):
                if type(n) is ast.BoolOp and type(n.op) is ast.And and any(
                        ctx.names.qualify(a, (ctx.tree,)) == "torch.version.hip" for v in n.values for a in all_nodes(v)
                        if type(a) is ast.Attribute and a.attr == "hip"):
                    state.rocm_tests.update(id(v.func) for v in n.values if type(v) is ast.Call)
    return state.rocm_tests


def _type_uses(ctx: Context) -> tuple[set[int], set[int]]:
    """(ids of the types in ``isinstance``'s tuples, ids of every node in a type hint: an annotation
    or a ``Union[...]`` / ``Optional[...]``, as mmpose's ``IndexType = Union[..., torch.cuda.LongTensor,
    ...]``), read once per file that names a legacy tensor type."""
    state = ctx.state(_State)
    if state.type_uses is None:
        tested, hints = set(), set()
        for n in all_nodes(ctx.tree):
            kind = type(n)
            if kind is ast.Call and type(n.func) is ast.Name and n.func.id == "isinstance" and len(n.args) == 2 \
                    and type(n.args[1]) is ast.Tuple:
                tested.update(id(e) for e in n.args[1].elts)
            elif kind in (ast.FunctionDef, ast.AsyncFunctionDef):
                a = n.args
                roots = [x.annotation for x in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg)
                         if x is not None] + [n.returns]
                hints.update(id(h) for root in roots if root is not None for h in all_nodes(root))
            elif kind is ast.AnnAssign:
                hints.update(id(h) for h in all_nodes(n.annotation))
            elif kind is ast.Subscript and (n.value.id if type(n.value) is ast.Name else getattr(n.value, "attr", "")
                                            ) in ("Union", "Optional"):
                hints.update(id(h) for h in all_nodes(n.slice))
        state.type_uses = tested, hints
    return state.type_uses


def _cuda_api_reference(node: ast.AST, name: str, ctx: Context, via_import: bool, spelled: str = "") -> None:
    """``spelled``: the library function ``node`` names, which returns what ``name`` answers."""
    found = cuda_api().lookup(name)
    if found is None:
        if name.startswith("torch.cuda."):
            ctx.report(NM104, node, f"{name} has no Neuron equivalent in the capability table "
                       "(unverified): port it by hand")
        return
    name = cuda_api().canonical(name)  # lerobot's torch.cuda.random.get_rng_state is torch.cuda's
    row, prefix = found
    r = RULES[row.rule]  # the table names the rule: NM103 to NM106 or NM109
    if r is NM109:
        _backend_flag(node, name, row.advice, ctx)
        return
    if row.neuron is None or r in (NM105, NM106):
        message = f"{name}: {row.advice}" if row.advice else f"{name} has no Neuron twin"
        legacy = _LEGACY_TENSOR_TYPE.fullmatch(name)
        if legacy and id(node) in _type_uses(ctx)[1]:  # a hint, which nothing runs
            ctx.report(r, node, f"{name}: a legacy CUDA tensor type named in a type hint, which runs anywhere; "
                       "hint `torch.Tensor` (not a blocker)", severity=Severity.INFO)
        elif legacy and _type_test(node, ctx.parent, ctx):
            # NVIDIA/tacotron2's `torch.cuda.HalfTensor in buckets`: a type test, which runs anywhere
            ctx.report(r, node, f"{name}: a legacy CUDA tensor type tested, not built: the test runs but is "
                       "false for every tensor on Neuron; test `t.device.type` and `t.dtype` instead (not a "
                       "blocker)", severity=Severity.WARNING)
        elif row.neuron is None and row.without_cuda == "runs":  # openai/shap-e's @custom_fwd: it ran without CUDA
            ctx.report(r, node, message + " (it runs on Neuron as it ran without CUDA: not a blocker)",
                       severity=Severity.WARNING)
        elif r is NM105:  # InternImage's `amp_autocast = torch.cuda.amp.autocast`, called with its arguments elsewhere
            use = ctx.summary(NM105).partition(": ")[2]
            ctx.report(r, node, f"{name} used as a value: on Neuron it runs with autocast off, as without CUDA (it "
                       f"warns): not a blocker, but no mixed precision; to keep it, {use} where it is called", severity=Severity.WARNING)
        else:
            ctx.report(r, node, message)
        return
    # NM103: a torch.cuda.X with a torch.neuron.X twin
    if via_import:
        return  # reported on the import line
    if prefix == "torch.cuda.is_available" and id(node) in _rocm_tests(ctx):
        ctx.report(r, node, f"{prefix}, and-ed with `torch.version.hip`: asks for a ROCm GPU, not CUDA's; left, "
                   "it answers no on Neuron as it should (not a blocker)", severity=Severity.WARNING)
        return
    style = guards.style(ctx)
    target = row.portable if style == "portable" else row.neuron
    shown = f"{spelled} (it returns {prefix}())" if spelled else prefix
    message = f"{shown} → {target}" if target else f"{shown}: no device-agnostic spelling; {row.neuron} on Neuron"
    kernel = guards_kernel(ctx, node)
    edit = _style_edit(ctx, node, name, prefix, row, style)
    if edit is None:
        ctx.report(r, node, message + (" (imported under another name: rewrite the import)"
                                       if target and not spelled else ""))
        if row.without_cuda == "runs":  # left as it is, a no-op or an answer on Neuron too
            guards.needs_guard(ctx, "no rewrite", harmless=True)
    elif _cuda_keyed_value(ctx, node):  # {"cuda": torch.cuda.synchronize, "xpu": ...}
        ctx.report(r, node, message + '; the table is keyed by "cuda": add a "neuron" entry '
                   "rather than rewrite this one")
    elif kernel:
        answers = row.without_cuda == "runs" and kernel_has_fallback(ctx, node)
        guards.report_kernel_branch(ctx, r, node, kernel, message, branch="the branch it guards", answers=answers)
    elif untwinned := _feeds_untwinned(ctx, node):
        # NVIDIA/Megatron-LM's RNG tracker: idx = torch.cuda.current_device(), then
        # torch.cuda.default_generators[idx]: the index and what it indexes change together or not at all
        ctx.report(r, node, message + f"; left: its value goes to {untwinned}: port the two together by hand",
                   # a count of 0 on Neuron does no harm there
                   severity=Severity.WARNING if row.without_cuda == "runs" else None)
    elif row.fields and (other := _fields_read(ctx, node) - set(row.fields)):
        # attention code reads the compute capability (.major, .minor) of torch.cuda's properties
        ctx.report(r, node, message + f"; its `.{sorted(other)[0]}` has no Neuron meaning ({row.neuron} "
                   f"gives {', '.join(row.fields)}): decide by hand what to do on Neuron")
    elif row.keys is not None and (other := _keys_read(ctx, node) - set(row.keys)):
        # mosaicml/composer: stats = torch.cuda.memory_stats(); stats['num_alloc_retries'] (CUDA's caching
        # allocator's statistics): rewritten, a Neuron run would look the key up in another dict
        ctx.report(r, node, message + f"; left: its answer is read by key (`[{sorted(other)[0]!r}]`), which "
                   f"{row.neuron} is not documented to hold: read it with `.get()` or decide by hand")
    elif prefix == "torch.cuda.is_available" and (asked := _cuda_keyword(ctx, node)):
        # trl's merge callback: MergeOptions(cuda=torch.cuda.is_available()) tells mergekit to use CUDA;
        # rewritten, a Neuron host would ask mergekit for a CUDA device it does not have
        ctx.report(r, node, message + f"; left: its answer is {asked}: on Neuron "
                   "it answers no and the callee runs as on any host without CUDA (not a blocker)",
                   severity=Severity.WARNING)
    else:
        ctx.report(r, node, message, edits=[edit])
        call = ctx.parent if isinstance(ctx.parent, ast.Call) and ctx.parent.func is node else None
        if call is not None and row.without_cuda == "raises":
            guards.raises_without_cuda(ctx, call)
        device = (call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "device"), None)
                  ) if call is not None else None
        if device is not None:  # torch.cuda.set_device(device): changes with the device it is handed
            guards.hands_device(ctx, device)
        if row.needs_guard(style) and not (style == "neuron" and prefix == "torch.cuda.is_available"):
            answered = _answered_twin(ctx, node, call, row) if style == "neuron" else None
            guards.needs_guard(ctx, f"without CUDA {prefix} runs (a no-op or an answer) while "
                               f"{target} " + ("exists only with the Neuron plugin: rewritten only together with a guard that checks for it" if style == "neuron"
                                               else "raises without an accelerator"), harmless=True,
                               fallback=answered and [answered],
                               note=answered and f"; asked only where the plugin is ({row.answer_without_cuda} "
                               "without it, as without CUDA)")
        elif call is None and row.without_cuda == "raises" and style == "neuron":
            # `fn = torch.cuda.set_device`: only a call raises without CUDA, the function is there to read;
            # in a type hint (diffusers' `stream: torch.cuda.Stream | None`) nothing ever calls it
            hint = id(node) in _type_uses(ctx)[1]
            guards.needs_guard(ctx, f"{prefix} is read, not called" + (" (a type hint: not a blocker)" if hint else "")
                               + f": it exists without CUDA while {target} exists only with the Neuron plugin: "
                               "rewritten only together with a guard that checks for it", harmless=hint)


def _cuda_keyword(ctx: Context, node: ast.AST) -> str | None:
    """"`cuda=` of `MergeOptions`, which asks for CUDA by name" when the call of ``node`` is the
    value of a keyword named for CUDA in a call of a function this file does not define (another
    library's switch), or part of the value of a name handed to a keyword named for CUDA or the CPU
    (torchrec's `use_cpu = ... or not torch.cuda.is_available()`, then fbgemm's `use_cpu=use_cpu`)."""
    call = ctx.parent
    if not (type(call) is ast.Call and call.func is node):
        return None
    handed = ctx.state(_State).cuda_keywords.get(id(call))
    through = None
    if handed is None:
        handed, through = _keyword_through_name(ctx, call)
        if handed is None:
            return None
    keyword, callee = handed
    if type(callee.func) is ast.Name and callee.func.id in ctx.names.bindings(ctx.tree).names \
            and callee.func.id not in ctx.state(_State).imported:
        return None  # the file's own function: the "cuda" it turns the flag into is judged where it is
    what = "which asks for CUDA by name" if "cuda" in keyword.lower() else "a switch to the callee's CPU code"
    return (f"part of `{through}`, handed as " if through else "") + f"`{keyword}=` of `{ctx.segment(callee.func)}`, {what}"


def _keyword_through_name(ctx: Context, call: ast.Call) -> tuple[tuple | None, str | None]:
    """((keyword, the call it is handed to), name) when ``call`` is part of the value of the one
    assignment of a name in its function (or module) whose only use is as the value of a keyword
    named for CUDA or the CPU. The statement holding the call is found by descending to it (most
    calls: an ``if`` test, and nothing is walked)."""
    scope = _scope(ctx)
    holding = statements_holding(call, scope.body)
    stmt = holding[-1] if holding else None
    if type(stmt) not in (ast.Assign, ast.AnnAssign, ast.AugAssign) or stmt.value is None:
        return None, None
    targets = stmt.targets if type(stmt) is ast.Assign else [stmt.target]
    if len(targets) != 1 or type(targets[0]) is not ast.Name or not any(x is call for x in all_nodes(stmt.value)):
        return None, None
    name = targets[0].id
    # the name does nothing else: PyG's torch_profile also gates ProfilerActivity.CUDA on its
    # `use_cuda`, which is rewritten with its question
    handed, uses = None, 0
    for n in all_nodes(scope):
        if type(n) is ast.Name and n.id == name:
            uses += 1
        elif type(n) is ast.Call:
            for k in n.keywords:
                if k.arg and type(k.value) is ast.Name and k.value.id == name and \
                        ("cuda" in k.arg.lower() or "cpu" in k.arg.lower()):
                    handed = handed or (k.arg, n)
    return (handed, name) if uses == 2 else (None, None)


def _answered_twin(ctx: Context, node: ast.AST, call: ast.Call | None, row) -> Edit | None:
    """``torch.cuda.device_count()`` → ``torch.neuron.device_count() if hasattr(torch, "neuron") else 0``
    (in a test, ``hasattr(torch, "neuron") and torch.neuron.device_count()``): the twin where the plugin
    is, and elsewhere the answer torch.cuda gave without CUDA, so exact on every host, guarded or not."""
    if row.answer_without_cuda is None or call is None or call.args or call.keywords:
        return None
    written = _written_torch(ctx, node)
    if written is None:
        return None
    twin = written + row.neuron[len("torch"):] + "()"
    present = guards.NEURON_PRESENT.format(t=written)
    if guards.truth_test(ctx, call):
        return ctx.replace(call, guards.parenthesised(ctx, call, f"{present} and {twin}"))
    return ctx.replace(call, guards.parenthesised(ctx, call, f"{twin} if {present} else {row.answer_without_cuda}", "if"))


def _feeds_untwinned(ctx: Context, node: ast.AST) -> str | None:
    """The torch.cuda API without a Neuron twin that the result of the call of ``node`` goes to
    in its function (or module), as an argument or a subscript, directly or through the name it
    is assigned to, in words: ``torch.cuda.default_generators[idx]`` after ``idx =
    torch.cuda.current_device()``; or one whose twin the scan leaves since what is read of its
    answer has no Neuron meaning (torchao's ``torch.cuda.get_device_properties(
    torch.cuda.current_device()).major``: the index alone became a Neuron one)."""
    call = ctx.parent
    state = ctx.state(_State)
    if not (isinstance(call, ast.Call) and call.func is node) or id(call) in state.expr_stmt_of:
        return None  # not a call, or one whose value is dropped (torch.cuda.synchronize()): nothing takes it
    scope = _scope(ctx)
    flows = state.flows
    if id(scope) not in flows:
        flows[id(scope)] = _flows(scope)
    by_value, by_name, assigned = flows[id(scope)]
    held = assigned.get(id(call), [])
    held = [*held, *(i for n in held for i in assigned.get(n, ()))]  # n = count; for i in range(n)
    takers = [*by_value.get(id(call), ()), *(x for name in held for x in by_name.get(name, ()))]
    for _, n, base in sorted(takers, key=lambda x: x[0]):  # the scope's order: the first one found
        if n is call:
            continue
        name = ctx.qualify(base)
        if name and name.startswith("torch.cuda."):
            found = cuda_api().lookup(name)
            if found is None or found[0].neuron is None:
                return f"`{name}`, which has no Neuron twin"
            row = found[0]
            if type(n) is ast.Call and row.fields and (other := _read_of(n, scope)[0] - set(row.fields)):
                return f"`{name}`, whose `.{sorted(other)[0]}` has no Neuron meaning"
    return None


def _flows(scope: ast.AST) -> tuple[dict, dict, dict]:
    """Where values go in ``scope``, from one walk of it (read for every torch.cuda call of a
    file, a walk each was 7 % of a diffusers scan): (value node id -> [(order, subscript or call,
    its base)] that take it as an index or argument, name -> the same for a name taken, value
    node id -> the names it is assigned to, and name -> the loop indices that run over ``range`` of it:
    ``for i in range(torch.cuda.device_count())`` hands each index on as the count's value)."""
    by_value: dict[int, list] = {}
    by_name: dict[str, list] = {}
    assigned: dict = {}
    for order, n in enumerate(all_nodes(scope)):  # ast.walk's order, without the leaves
        if type(n) is ast.Assign:
            assigned.setdefault(id(n.value), []).extend(t.id for t in n.targets if type(t) is ast.Name)
            continue
        if type(n) in (ast.For, ast.AsyncFor, ast.comprehension) and type(n.target) is ast.Name and type(n.iter) is ast.Call \
                and type(n.iter.func) is ast.Name and n.iter.func.id == "range":
            for bound in n.iter.args:
                assigned.setdefault(bound.id if type(bound) is ast.Name else id(bound), []).append(n.target.id)
        if type(n) is ast.Subscript:
            base, uses = n.value, (n.slice,)
        elif type(n) is ast.Call:
            base, uses = n.func, (*n.args, *(k.value for k in n.keywords))
        else:
            continue
        for u in uses:
            if type(u) is ast.Name:
                by_name.setdefault(u.id, []).append((order, n, base))
            else:
                by_value.setdefault(id(u), []).append((order, n, base))
    return by_value, by_name, assigned


def _fields_read(ctx: Context, node: ast.AST) -> set[str]:
    """The attributes read of the result of the call of ``node`` in its function (or module):
    ``torch.cuda.get_device_properties(0).major``, or ``p.major`` after ``p = ...(0)``."""
    call = ctx.parent
    if not (isinstance(call, ast.Call) and call.func is node):
        return set()
    return _read_of(call, _scope(ctx))[0]


def _keys_read(ctx: Context, node: ast.AST) -> set[str]:
    """The string keys read of the result of the call of ``node`` in its function (or module), by
    subscript: ``torch.cuda.memory_stats()["num_alloc_retries"]``, or ``s["..."]`` after ``s = ...()``."""
    call = ctx.parent
    if not (isinstance(call, ast.Call) and call.func is node):
        return set()
    return _read_of(call, _scope(ctx))[1]


def _scope(ctx: Context) -> ast.AST:
    return next((c for c in reversed(ctx.chain) if isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef))), ctx.tree)


def _read_of(call: ast.Call, scope: ast.AST) -> tuple[set[str], set[str]]:
    """(attributes, string keys) read of what ``call`` returns in ``scope``, on it or on a name
    it is assigned to."""
    held = {t.id for n in ast.walk(scope) if type(n) is ast.Assign and n.value is call
            for t in n.targets if type(t) is ast.Name}
    fields, keys = set(), set()
    for n in ast.walk(scope):
        t = type(n)
        if t is ast.Attribute:
            if n.value is call or type(n.value) is ast.Name and n.value.id in held:
                fields.add(n.attr)
        elif t is ast.Subscript and type(n.ctx) is ast.Load and type(n.slice) is ast.Constant \
                and type(n.slice.value) is str and (n.value is call or type(n.value) is ast.Name and n.value.id in held):
            keys.add(n.slice.value)
    return fields, keys


def _style_edit(ctx: Context, node: ast.AST, name: str, prefix: str, row, style: str) -> Edit | None:
    """The rewrite of ``torch.cuda.X`` in ``style``; None when there is none."""
    if name != prefix:
        return None  # an attribute of the API (torch.cuda.Event.foo): not in the table
    # spell torch as this reference does (`t.cuda.x` → `t.accelerator.x`), else as the module does
    torch_alias = _written_torch(ctx, node) or _torch_alias(ctx)[0]
    if style == "neuron":
        if prefix == "torch.cuda.is_available" and isinstance(ctx.parent, ast.Call) and \
                ctx.parent.func is node and not ctx.parent.args and not ctx.parent.keywords:
            if torch_alias is None:
                return None
            # exact on every host: False on stock PyTorch, torch.neuron's answer with the plugin
            return ctx.replace(ctx.parent, guards.parenthesised(
                ctx, ctx.parent, guards.NEURON_AVAILABLE.format(t=torch_alias)))
        return _twin_edit(ctx, node, prefix, row.neuron)
    if row.portable is None or torch_alias is None or not isinstance(node, ast.Attribute):
        return None
    return ctx.replace(node, torch_alias + row.portable[len("torch"):])


def _written_torch(ctx: Context, node: ast.AST) -> str | None:
    """The name ``torch`` is spelled with at the root of ``node`` (``t`` of ``t.cuda.x``), when it is torch."""
    root = node
    while isinstance(root, ast.Attribute):
        root = root.value
    return root.id if isinstance(root, ast.Name) and ctx.qualify(root) == "torch" else None


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
    if ctx.qualify(node) != prefix:  # torch.cuda.random.get_rng_state: the twin, spelled whole
        return ctx.replace(node, f"{ctx.segment(inner.value)}.{twin[len('torch.'):]}")
    return _attr_edit(ctx, inner, "neuron")


def _backend_flag(node: ast.AST, name: str, advice: str, ctx: Context) -> None:
    parent = ctx.parent
    message = f"{name}: {advice}"
    if isinstance(parent, ast.Assign) and parent.targets == [node]:
        stmt = parent
    elif (isinstance(parent, ast.Call) and parent.func is node
          and id(parent) in ctx.state(_State).expr_stmt_of):
        stmt = ctx.state(_State).expr_stmt_of[id(parent)]
    else:
        ctx.report(NM109, node, message)
        return
    edits = _remove_statement(ctx, stmt)
    ctx.report(NM109, node, message, edits=edits, unsafe=NM109.fix_reason,
               title="remove the statement")


@on(ast.Expr)
def note_expression_statements(node: ast.Expr, ctx: Context) -> None:
    if isinstance(node.value, ast.Call):
        state = ctx.state(_State)
        state.expr_stmt_of[id(node.value)] = node
        state.parent_of_stmt[id(node)] = ctx.parent


@on(ast.Assign)
def note_assign_parent(node: ast.Assign, ctx: Context) -> None:
    ctx.state(_State).parent_of_stmt[id(node)] = ctx.parent


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
    parent = ctx.state(_State).parent_of_stmt.get(id(stmt))
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


# -- imports ---------------------------------------------------------------------------

def _note_imported(node: ast.Import | ast.ImportFrom, ctx: Context) -> None:
    ctx.state(_State).imported.update(a.asname or a.name.split(".")[0] for a in node.names)


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
            # not rewritten: `from torch.neuron import ...` fails on import without the plugin
            # a name that runs without CUDA (nnU-Net prints device_count()) blocks nothing on Neuron
            runs = all(r[0].without_cuda == "runs" for r in rows)
            ctx.report(NM103, node, "import from torch.cuda: every name has a torch.neuron twin; "
                       "call them as torch.neuron.X under a guard (an import from torch.neuron "
                       "fails where the Neuron plugin is absent)" + (
                           "; each runs without CUDA (a no-op or an answer such as 0): on Neuron it runs as "
                           "it did on a host without CUDA" if runs else ""),
                       severity=Severity.WARNING if runs else None)
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
        optional = kernels.import_guard(ctx, node) is not None
        names = ctx.state(_State).xla_names
        for a in node.names:
            bound = a.asname or (a.name if type(node) is ast.ImportFrom else a.name.split(".")[0])
            names[bound] = optional and names.get(bound, True)
        ctx.report(NM116, node, f"imports {name}: the legacy PyTorch/XLA path, which Neuron no longer "
                   "supports for training; TorchNeuron is a native backend" + (_XLA_OPTIONAL if optional else ""),
                   severity=Severity.WARNING if optional else None)
    elif name.split(".")[0] in ("pynvml", "nvidia_smi"):
        ctx.report(NM117, node, f"imports {name} (NVML): use neuron-monitor / neuron-top")
