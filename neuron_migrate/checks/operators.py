"""NM2xx: operators and dtypes, from the capability table (``rules/operators.yaml``).

A call is mapped to ATen operators through ``rules/generated/aten_api.json`` (generated
from torch's own ``native_functions.yaml``; scanning never imports torch) and looked up
in the table:

- ``torch.*`` functions are resolved through the file's imports (``ctx.qualify``), so
  ``from torch import linalg as LA; LA.eigh(a)`` is ``torch.linalg.eigh``.
- Methods on receivers the tool cannot type (``x.svd()``) are a guess: only the few
  Tensor methods whose table row is ``cpu_fallback`` or ``unsupported`` and whose name no
  common library shares are reported, and only in files that import torch. Unknown
  statuses are never reported for methods.
- A Python wrapper that can run several ops (``F.interpolate``: one per mode) is judged
  by its best op, so a call is flagged only when every way it can run is.

Noise: most ops have no public status, and an ``unknown`` finding on every call would
drown the rest. NM206 is therefore one *info* finding per file, at the first call, that
lists the distinct ops that need a Neuron kernel of their own (not PyTorch composites,
which decompose before TorchNeuron sees them) and have no known status. Every message
about such ops says "unverified".

Host-side code: a Dataset's methods, a loader's ``collate_fn`` and the helpers only they use
(``tracing.host_scope``) run in the data loader, so their operators run on the CPU whatever
the device: NM201/NM202/NM206 are not reported there, unless that code moves tensors to the
device itself (``.cuda()``, ``.to(device)``, ``device=``). NM203/NM204 still are: a float64 or
sparse tensor made on the host reaches the device with the batch.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass

from neuron_migrate.capabilities import (Capabilities, DtypeRow, OperatorRow, aten_map,
                                         capabilities)
from neuron_migrate.checks import Context, finalizer, on, prefilter, rule
from neuron_migrate.checks.device import DEVICE_NAME
from neuron_migrate.checks.tracing import host_scope
from neuron_migrate.commands import plural
from neuron_migrate.models import Severity
from neuron_migrate.traversal import all_nodes

prefilter(__name__, ("torch", "double()", "cfloat()", "cdouble()", "nansum(", "nanmean(", "svd(", "qr("))

_SOURCE = "rules/operators.yaml (see its header for the evidence behind each row)"

NM201 = rule(
    "NM201", "unsupported-operator", "error", "operators",
    summary="operator not supported by TorchNeuron",
    why="The capability table lists the ATen operator this call dispatches to as not supported "
        "on Neuron (quantized operator variants, for example); the call fails on the device.",
    example="q = torch.quantized_max_pool2d(x, [2, 2])",
    use_instead="y = torch.nn.functional.max_pool2d(x, 2)  # on a float tensor",
    fix="none", fix_reason="the replacement depends on what the code computes",
    source="D-ops (supported-operators.html): status N; " + _SOURCE,
)
NM202 = rule(
    "NM202", "cpu-fallback-operator", "warning", "operators",
    summary="operator runs on the CPU on Neuron (CPU fallback)",
    why="TorchNeuron has no device kernel for it: the inputs are copied to the host, the op "
        "runs on the CPU and the result is copied back, each call. Correct, but slow inside a "
        "training step; under torch.compile it also splits the graph.",
    example="w, v = torch.linalg.eigh(cov)",
    use_instead="w, v = np.linalg.eigh(cov.cpu().numpy())  # on the host, explicitly, outside the hot loop\n"
                "w, v = torch.from_numpy(w).to(cov.device), torch.from_numpy(v).to(cov.device)",
    fix="none", fix_reason="whether the host round trip matters depends on where the call runs",
    source="pre-release cpu_fallback_registrations.py [dev]; D-ops CPU_FALLBACK; " + _SOURCE,
)
NM203 = rule(
    "NM203", "float64-or-complex", "warning", "dtypes",
    summary="float64 or complex dtype: Neuron has no native support",
    why="Trainium has no FP64: TorchNeuron computes float64 in float32 (precision drops "
        "silently, and casts to and from float64 go through the host). Complex dtypes are not "
        "supported at all.",
    example="def accuracy(logits, labels):\n    return (logits.argmax(1) == labels).double().mean()",
    use_instead="def accuracy(logits, labels):\n    return (logits.argmax(1) == labels).float().mean()",
    fix="none", fix_reason="whether float32 is precise enough is the author's call",
    source="G-sdk about-neuron/arch/neuron-features/data-types.rst (no FP64); G-dev python_ops/base.py [dev]; torchneuron-ops-notes.md §2 [dev]",
)
NM204 = rule(
    "NM204", "sparse-or-quantized", "error", "dtypes",
    summary="quantized or sparse tensors: not supported by TorchNeuron",
    why="Quantized operator variants are listed as not supported on Neuron. No sparse kernel "
        "is registered in the pre-release source and sparse layouts are not documented, so "
        "sparse tensors are reported as a warning (unverified).",
    example="qmodel = torch.ao.quantization.quantize_dynamic(model, {nn.Linear})",
    use_instead='model = model.to("neuron", dtype=torch.bfloat16)',
    fix="none", fix_reason="quantization and sparsity are design choices",
    source="D-ops: quantized operator variants are N; torchneuron-aten-ops.tsv (no sparse op) [dev]",
)
NM205 = rule(
    "NM205", "fused-optimizer", "warning", "operators",
    summary="optimizer fused=True: its fused kernel is not known to exist on Neuron",
    why="fused=True runs one fused ATen kernel per step (_fused_adam_, _fused_sgd_, ...). "
        "PyTorch accepts it on the Neuron (PrivateUse1) device, but only _fused_adamw_ is "
        "registered in the pre-release source; without a kernel the step runs on the CPU.",
    example="opt = torch.optim.Adam(model.parameters(), lr=1e-3, fused=True)",
    use_instead="opt = torch.optim.Adam(model.parameters(), lr=1e-3, foreach=True)",
    fix="none", fix_reason="AdamW(fused=True) changes the weight decay; foreach changes speed only",
    source="torch/utils/_foreach_utils.py (torch 2.13); torchneuron-aten-ops.tsv [dev]",
)
NM206 = rule(
    "NM206", "operator-status-unknown", "info", "operators",
    summary="operators with no known Neuron status (unverified)",
    why="These ops need a Neuron kernel of their own and nothing public says whether TorchNeuron "
        "has one. Without one, eager mode runs them on the CPU (the pre-release source registers "
        "a CPU fallback for every op). One finding per file lists them.",
    example="y = torch.nn.functional.avg_pool2d(x, 3, stride=2)",
    use_instead="neuron-migrate ops avg_pool2d   # check the op; refresh the table with `ops import`",
    fix="none", fix_reason="the status is unknown, so there is nothing certain to change",
    source=_SOURCE,
)

RANK = {"native": 0, "neutral": 0, "unknown": 1, "cpu_fallback": 2, "unsupported": 3}

# Tensor methods reported on receivers of unknown type: table rows that are cpu_fallback or
# unsupported, minus names other libraries use for something else (numpy, sympy, ...).
_AMBIGUOUS_METHODS = frozenset({"dequantize", "lu"})
# Reported only when called with no argument, as the Tensor method is (or usually is):
# `m.svd(True)` or `stats.q_scale(3)` is some other class's method.
_NO_ARGUMENT_METHODS = frozenset({"qr", "svd", "q_scale", "q_zero_point", "q_per_channel_scales",
                                  "q_per_channel_zero_points", "q_per_channel_axis", "int_repr",
                                  "qscheme", "logdet"})

# dtype names (torch.<name>) NM203 looks at, and the table row that describes each
_DTYPE_NAMES = frozenset({"float64", "double", "complex64", "cfloat", "complex128", "cdouble",
                          "complex32", "chalf"})
_DTYPE_METHODS = {"double": "float64", "cdouble": "complex128", "cfloat": "complex64", "chalf": "complex32"}
_LEGACY_DOUBLE = frozenset({"torch.DoubleTensor"})
# Calls that produce or consume complex tensors, whatever their arguments.
_COMPLEX_FUNCTIONS = frozenset({"torch.view_as_complex", "torch.view_as_real", "torch.complex",
                                "torch.polar", "torch.istft"})
_FFT_REAL_HELPERS = frozenset({"fftfreq", "rfftfreq", "fftshift", "ifftshift"})
# Factories: without device= the tensor is made on the CPU, where float64 is fine.
_FACTORIES = frozenset({"torch.tensor", "torch.as_tensor", "torch.zeros", "torch.ones", "torch.empty",
                        "torch.full", "torch.arange", "torch.range", "torch.linspace", "torch.logspace",
                        "torch.eye", "torch.rand", "torch.randn", "torch.randint", "torch.randperm",
                        "torch.empty_strided", "torch.scalar_tensor", "torch.from_numpy"})

_QUANTIZED_PREFIXES = ("torch.quantization.", "torch.ao.quantization.", "torch.nn.quantized.",
                       "torch.ao.nn.quantized.", "torch.nn.intrinsic.quantized.",
                       "torch.ao.nn.intrinsic.quantized.", "torch.nn.quantized.dynamic.",
                       "torch.backends.quantized.")
# Names under those prefixes that run float tensors until a quantization `convert` swaps them
# (itself a finding): FloatFunctional adds and concatenates floats, the stubs are identities, a
# fusion makes float modules (MiDaS's blocks, Stable Diffusion's depth model)
_FLOAT_MODE = frozenset({"FloatFunctional", "QuantStub", "DeQuantStub", "fuse_modules"})
_QUANTIZED_NAMES = frozenset({"torch.quantize_per_tensor", "torch.quantize_per_channel",
                              "torch.quantize_per_tensor_dynamic", "torch.qint8", "torch.quint8",
                              "torch.qint32", "torch.quint4x2", "torch.quint2x4"})
_SPARSE_NAMES = frozenset({"torch.sparse_coo_tensor", "torch.sparse_csr_tensor",
                           "torch.sparse_csc_tensor", "torch.sparse_bsr_tensor",
                           "torch.sparse_bsc_tensor", "torch.sparse_compressed_tensor",
                           "torch.sparse_coo", "torch.sparse_csr", "torch.sparse_csc",
                           "torch.sparse_bsr", "torch.sparse_bsc", "torch.smm", "torch.hspmm",
                           "torch.sspaddmm"})
_SPARSE_METHODS = frozenset({"to_sparse", "to_sparse_coo", "to_sparse_csr", "to_sparse_csc",
                             "to_sparse_bsr", "to_sparse_bsc"})
_TO_METHODS = frozenset({"to", "type", "new_tensor", "new_zeros", "new_ones", "new_empty", "new_full"})
_SPARSE_GRAD_OWNERS = frozenset({"torch.nn.Embedding", "torch.nn.EmbeddingBag",
                                 "torch.nn.functional.embedding", "torch.nn.functional.embedding_bag",
                                 "torch.nn.Embedding.from_pretrained",
                                 "torch.nn.EmbeddingBag.from_pretrained"})
_QUANTIZED_MESSAGE = ("quantized tensors and operator variants are not supported on Neuron "
                      "(Neuron docs: status N)")
_SPARSE_MESSAGE = ("sparse tensors: no sparse kernel is registered in the pre-release TorchNeuron "
                   "source and sparse layouts are not documented for Neuron (unverified); use dense "
                   "tensors")

_OPTIMIZER_KERNELS = {"Adam": "_fused_adam_", "AdamW": "_fused_adamw_", "SGD": "_fused_sgd_",
                      "Adagrad": "_fused_adagrad_"}
_OPTIMIZER_MODULES = {"Adam": "adam", "AdamW": "adamw", "SGD": "sgd", "Adagrad": "adagrad"}


@dataclass(frozen=True)
class Hit:
    """What a Python name dispatches to, when the table has something to say about it."""

    status: str  # cpu_fallback, unsupported or unknown
    op: str  # the ATen op judged
    row: OperatorRow | None


@dataclass(frozen=True)
class Index:
    functions: dict[str, Hit]  # torch.* / Tensor.* qualified name -> hit
    methods: dict[str, Hit]  # bare method name -> hit (cpu_fallback / unsupported only)
    table: Capabilities
    method_names: frozenset[str] = frozenset()  # every method name an NM2 rule looks at


def _op_status(op: str, table: Capabilities, amap) -> tuple[str, OperatorRow | None]:
    """The status a call of ``op`` gets; "neutral" for PyTorch composites nothing is known about
    (they run other ops and need no Neuron kernel of their own)."""
    row = table.operator(op)
    composite = op in table.composites or amap.is_composite(op) or op not in amap.ops
    if row is not None:
        if row.status == "unknown" and composite and not row.runs:
            return "neutral", row
        return row.status, row
    return ("neutral" if composite else "unknown"), None


@functools.lru_cache(maxsize=8)
def index(overlays: tuple[str, ...] = ()) -> Index:
    """Python names whose best op is not native, built once per process and table."""
    table = capabilities(overlays)
    amap = aten_map()
    functions: dict[str, Hit] = {}
    for name, ops in amap.api.items():
        best: tuple[str, str, OperatorRow | None] | None = None
        for op in ops:
            status, row = _op_status(op, table, amap)
            if best is None or RANK[status] < RANK[best[0]]:
                best = (status, op, row)
        if best is None or best[0] not in ("cpu_fallback", "unsupported", "unknown"):
            continue
        if best[0] == "unknown" and "data_dependent_output" in amap.ops.get(best[1], {}).get("tags", {}):
            continue  # torch.equal, allclose: the host sync is the cost (NM4xx), not the kernel
        functions[name] = Hit(best[0], best[1], best[2])
    methods = {}
    for name, hit in functions.items():
        if name.startswith("Tensor.") and hit.status != "unknown":
            method = name[len("Tensor."):]
            if not method.startswith("_") and method not in _AMBIGUOUS_METHODS:
                methods[method] = hit
    names = frozenset(methods) | frozenset(_DTYPE_METHODS) | _TO_METHODS | _SPARSE_METHODS
    return Index(functions, methods, table, names)


class _State:
    __slots__ = ("index", "index_known", "imports_torch", "mentions_is_complex", "unknown", "complex_lines", "cpu_blocks",
                 "complex_guards", "moves")

    def __init__(self) -> None:
        self.index: Index | None = None  # _index's answer, once index_known
        self.index_known: bool = False
        self.imports_torch: bool | None = None
        self.mentions_is_complex: bool | None = None  # "is_complex" is in the text: branches to look for
        self.unknown: dict[tuple[str, str], ast.Call] = {}  # (name, op) -> first call (NM206)
        self.complex_lines: set[int] = set()  # lines with an NM203 complex finding
        self.cpu_blocks: list[tuple[int, int]] = []  # lines of `with torch.device("cpu"):` bodies
        self.complex_guards: list[tuple[int, int]] = []  # lines of `if x.is_complex():` branches
        self.moves: dict[int, bool] = {}  # host scope id -> it moves tensors to the device


def _index(ctx: Context) -> Index | None:
    """The index for this scan's table, or None when no NM2 rule is selected (the map stays unloaded)."""
    state = ctx.state(_State)
    if not state.index_known:
        options = getattr(ctx, "options", None)
        # map, not a generator expression: its closure cell was made at every call
        wanted = options is None or any(map(options.wants, ("NM201", "NM202", "NM203", "NM204", "NM205", "NM206")))
        overlays = tuple(getattr(options, "capabilities", ()) or ())
        state.index, state.index_known = (index(overlays) if wanted else None), True
    return state.index


def _imports_torch(ctx: Context) -> bool:
    state = ctx.state(_State)
    if state.imports_torch is None:
        state.imports_torch = any(q and (q == "torch" or q.startswith("torch."))
                                 for q in ctx.names.bindings(ctx.tree).names.values()) or \
            "import torch" in ctx.src.text
    return state.imports_torch


def _python_name(qualified: str) -> str:
    return "Tensor." + qualified[len("torch.Tensor."):] if qualified.startswith("torch.Tensor.") else qualified


def _evidence(row: OperatorRow | None) -> str:
    label = row.evidence if row is not None else "unverified"
    return f" [{label}]" if label else ""


def _describe(hit: Hit, table: Capabilities, display: str) -> str:
    row = hit.row
    if hit.status == "cpu_fallback":
        host = [r for r in (row.runs if row else ())
                if (table.operator(r) is not None and table.operator(r).status == "cpu_fallback")]
        what = ", ".join(host) if host else hit.op
        text = (f"`{display}` falls back to the CPU on Neuron: {what} runs on the host and the "
                "result is copied back")
    else:
        reason = row.note.split(";")[0] if row and row.note else "listed as not supported"
        text = f"`{display}` is not supported on Neuron (aten::{hit.op}: {reason})"
    if row is not None and row.alternative:
        text += f"; instead: {row.alternative}"
    return text + _evidence(row)


# -- calls --------------------------------------------------------------------------------

@on(ast.Call)
def check_call(call: ast.Call, ctx: Context) -> None:
    idx = _index(ctx)
    if idx is None:
        return
    func = call.func
    name = ctx.qualify(func)
    if name is not None:
        if name == "torch" or not name.startswith("torch."):
            return
        _torch_call(call, _python_name(name), idx, ctx)
    elif isinstance(func, ast.Attribute):
        if func.attr in idx.method_names:
            if not _is_module_like(func.value, ctx):
                _method_call(call, func.attr, idx, ctx)
        elif call.keywords and any(kw.arg == "dtype" for kw in call.keywords):
            _dtype_arguments(call, ctx, idx.table)  # x.sum(dtype=torch.float64)


def _is_module_like(receiver: ast.AST, ctx: Context) -> bool:
    """A receiver that names an import (a module or class), a literal or a string."""
    if isinstance(receiver, ast.Constant | ast.JoinedStr | ast.List | ast.Dict | ast.Set | ast.Tuple):
        return True
    return ctx.qualify(receiver) is not None


def _torch_call(call: ast.Call, name: str, idx: Index, ctx: Context) -> None:
    table = idx.table
    family = _sparse_or_quantized(name)
    if family:
        _report_family(ctx, call, name, family)
        return
    if name in _SPARSE_GRAD_OWNERS:
        _sparse_grad(call, name, ctx)
    if name == "torch.set_default_dtype" and call.args:
        row = _dtype_row(call.args[0], ctx, table)
        if row is not None:
            _report_dtype(ctx, call, row, f"set_default_dtype({row.name}): every new float tensor is "
                          f"{row.name}; {_dtype_consequence(row)}")
            ctx.claimed.add(id(call.args[0]))
        return
    if name == "torch.set_default_tensor_type" and call.args:
        arg = call.args[0]
        if ctx.qualify(arg) in _LEGACY_DOUBLE or (isinstance(arg, ast.Constant) and arg.value == "torch.DoubleTensor"):
            row = table.dtype("float64")
            if row is not None:
                ctx.report(NM203, call, f"set_default_tensor_type(DoubleTensor): every new float "
                           f"tensor is float64; {_dtype_consequence(row)}", severity=_dtype_severity(row))
                ctx.claimed.add(id(arg))
        return
    complex_api = name in _COMPLEX_FUNCTIONS or name.startswith("torch.fft.")
    if _makes_complex(call, name, ctx):
        row = table.dtype("complex64")
        if row is not None:
            _report_dtype(ctx, call, row, f"`{name}` makes or takes complex tensors: {_dtype_consequence(row)}")
    leaf = name.rsplit(".", 1)[-1]
    if leaf in _OPTIMIZER_KERNELS and name.startswith("torch.optim."):
        _fused_optimizer(call, name, leaf, table, ctx)
    if name not in _FACTORIES or (any(kw.arg == "device" for kw in call.keywords) and not _cpu_argument(call)):
        _dtype_arguments(call, ctx, table)
    hit = idx.functions.get(name)
    if hit is None or _host_only(ctx):
        return
    if hit.status == "unknown":
        if complex_api:
            return  # NM203 already says complex tensors are not supported (or it is guarded)
        ctx.state(_State).unknown.setdefault((name, hit.op), call)  # first call of each op
        return
    rule_ = NM202 if hit.status == "cpu_fallback" else NM201
    ctx.report(rule_, call, _describe(hit, table, name))


def _method_call(call: ast.Call, method: str, idx: Index, ctx: Context) -> None:
    table = idx.table
    if method in _DTYPE_METHODS and not call.args and not call.keywords:
        row = table.dtype(_DTYPE_METHODS[method])
        if row is not None and row.status in ("downcast", "unsupported") and _imports_torch(ctx):
            _report_dtype(ctx, call, row, f"`.{method}()` makes a {row.name} tensor: "
                          f"{_dtype_consequence(row)}", host=_on_host(call.func.value, ctx))
        return
    if method in _TO_METHODS:
        host = _on_host(call.func.value, ctx) or _cpu_argument(call)
        for arg in call.args:
            _dtype_argument(arg, ctx, table, host)
        _dtype_arguments(call, ctx, table, host)
        return
    if method in _SPARSE_METHODS and _imports_torch(ctx):
        ctx.report(NM204, call, f"`.{method}()` makes a sparse tensor: {_SPARSE_MESSAGE}",
                   severity=Severity.WARNING)
        return
    hit = idx.methods.get(method)
    if hit is None or not _imports_torch(ctx):
        return
    if method in _NO_ARGUMENT_METHODS and (call.args or call.keywords):
        return
    if _host_only(ctx):
        return
    rule_ = NM202 if hit.status == "cpu_fallback" else NM201
    ctx.report(rule_, call, _describe(hit, table, f".{method}()") + " (if the receiver is a tensor)")


def _host_only(ctx: Context) -> bool:
    """In data-loading code (``tracing.host_scope``) that moves no tensor to the device: its
    operators run on the CPU."""
    scope = host_scope(ctx)
    if scope is None:
        return False
    moves = ctx.state(_State).moves
    if id(scope) not in moves:
        moves[id(scope)] = any(isinstance(n, ast.Call) and _to_device(n, ctx) for n in all_nodes(scope))
    return not moves[id(scope)]


def _to_device(call: ast.Call, ctx: Context) -> bool:
    """``x.cuda()``, ``x.to(device)``, ``x.to("cuda")``, ``torch.zeros(n, device=dev)``: a tensor
    made on or moved to a device that is not the CPU (or may not be)."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "cuda":
        return True
    values = [kw.value for kw in call.keywords if kw.arg == "device"]
    if isinstance(func, ast.Attribute) and func.attr == "to":
        values += call.args[:1]
    return any(_device_value(v, ctx) for v in values)


def _device_value(expr: ast.AST, ctx: Context) -> bool:
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str) and not expr.value.startswith("cpu")
    if isinstance(expr, ast.Call):  # torch.device("cuda", 0), torch.device(name)
        return ctx.qualify(expr.func) == "torch.device" and bool(expr.args) and _device_value(expr.args[0], ctx)
    leaf = expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else ""
    return bool(DEVICE_NAME.fullmatch(leaf))  # device, self.device, args.dev; not torch.float32


# -- NM203 dtypes --------------------------------------------------------------------------

def _dtype_row(expr: ast.AST, ctx: Context, table: Capabilities) -> DtypeRow | None:
    if not isinstance(expr, ast.Attribute) or expr.attr not in _DTYPE_NAMES:
        return None
    name = ctx.qualify(expr)
    if name is None or not name.startswith("torch.") or name.count(".") != 1:
        return None
    row = table.dtype(expr.attr)
    return row if row is not None and row.status in ("downcast", "unsupported") else None


def _dtype_consequence(row: DtypeRow) -> str:
    return row.note


def _dtype_severity(row: DtypeRow) -> Severity:
    return Severity.ERROR if row.status == "unsupported" else Severity.WARNING


def _dtype_argument(expr: ast.AST, ctx: Context, table: Capabilities, host: bool = False) -> None:
    if id(expr) in ctx.claimed:
        return
    row = _dtype_row(expr, ctx, table)
    if row is not None:
        _report_dtype(ctx, expr, row, f"{row.name} tensor: {_dtype_consequence(row)}", host=host)


def _dtype_arguments(call: ast.Call, ctx: Context, table: Capabilities, host: bool = False) -> None:
    for kw in call.keywords:
        if kw.arg in ("dtype", "default_dtype"):
            _dtype_argument(kw.value, ctx, table, host)


def _report_dtype(ctx: Context, node: ast.AST, row: DtypeRow, message: str, host: bool = False) -> None:
    """NM203, except float64 on tensors that are visibly on the host, and one complex finding a line."""
    if row.status == "downcast" and (host or _in_cpu_block(ctx, node.lineno)):
        return  # float64 is fine on the CPU; the tensor is not on Neuron here
    if row.status == "unsupported":
        lines = ctx.state(_State).complex_lines
        if node.lineno in lines:
            return  # `torch.polar(a, b).to(torch.complex64)`: one finding says it
        lines.add(node.lineno)
    ctx.report(NM203, node, message, severity=_dtype_severity(row))


def _cpu_argument(call: ast.Call) -> bool:
    """``.to("cpu", ...)`` / ``device="cpu"``: the result is on the host."""
    values = [*call.args[:1], *(kw.value for kw in call.keywords if kw.arg == "device")]
    return any(isinstance(v, ast.Constant) and v.value == "cpu" for v in values)


def _on_host(expr: ast.AST, ctx: Context) -> bool:
    """A receiver that is visibly a CPU tensor: ``x.cpu()``, ``torch.from_numpy(a)``, or a
    factory call without a device (or with device="cpu")."""
    if not isinstance(expr, ast.Call):
        return False
    if isinstance(expr.func, ast.Attribute) and expr.func.attr == "cpu" and not expr.args:
        return True
    name = ctx.qualify(expr.func)
    if name == "torch.from_numpy":
        return True
    return name in _FACTORIES and (_cpu_argument(expr) if any(kw.arg == "device" for kw in expr.keywords)
                                   else True)


@on(ast.With)
def note_cpu_block(node: ast.With, ctx: Context) -> None:
    """``with torch.device("cpu"):`` makes every factory in the block a CPU tensor."""
    for item in node.items:
        expr = item.context_expr
        if isinstance(expr, ast.Call) and expr.args and isinstance(expr.args[0], ast.Constant) \
                and expr.args[0].value == "cpu" and ctx.qualify(expr.func) == "torch.device":
            ctx.state(_State).cpu_blocks.append((node.body[0].lineno, node.body[-1].end_lineno))


def _in_cpu_block(ctx: Context, line: int) -> bool:
    return any(a <= line <= b for a, b in ctx.state(_State).cpu_blocks)


def _makes_complex(call: ast.Call, name: str, ctx: Context) -> bool:
    for start, end in ctx.state(_State).complex_guards:  # a loop: no cell made per call
        if start <= call.lineno <= end:
            return False  # `if torch.is_complex(p): p = torch.view_as_real(p)`: only for complex input
    if name in _COMPLEX_FUNCTIONS:
        return True
    if name.startswith("torch.fft."):
        return name.rsplit(".", 1)[-1] not in _FFT_REAL_HELPERS
    if name == "torch.stft":
        return any(kw.arg == "return_complex" and isinstance(kw.value, ast.Constant) and kw.value.value is True
                   for kw in call.keywords)
    return False


@on(ast.If, ast.IfExp)
def note_complex_guard(node: ast.If | ast.IfExp, ctx: Context) -> None:
    """Remember the lines of branches taken only for complex tensors (``if x.is_complex():``)."""
    state = ctx.state(_State)
    if state.mentions_is_complex is None:  # searched once per file, not once per `if`
        state.mentions_is_complex = "is_complex" in ctx.src.text
    if not state.mentions_is_complex:
        return
    if any(isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", None)) == "is_complex"
           for n in all_nodes(node.test)):
        body = node.body if isinstance(node.body, list) else [node.body]
        state.complex_guards.append((body[0].lineno, body[-1].end_lineno))


# -- NM204 sparse and quantized ----------------------------------------------------------

def _sparse_or_quantized(name: str) -> str | None:
    if name in _QUANTIZED_NAMES or name.startswith(_QUANTIZED_PREFIXES):
        return None if name.rpartition(".")[2] in _FLOAT_MODE else "quantized"
    if name in _SPARSE_NAMES or name.startswith("torch.sparse."):
        return "sparse"
    return None


def _report_family(ctx: Context, node: ast.AST, name: str, family: str) -> None:
    if family == "quantized":
        ctx.report(NM204, node, f"`{name}`: {_QUANTIZED_MESSAGE}")
    else:
        ctx.report(NM204, node, f"`{name}`: {_SPARSE_MESSAGE}", severity=Severity.WARNING)


def _sparse_grad(call: ast.Call, name: str, ctx: Context) -> None:
    for kw in call.keywords:
        if kw.arg == "sparse" and isinstance(kw.value, ast.Constant) and kw.value.value is True:
            ctx.report(NM204, kw, f"`{name}(sparse=True)` produces sparse gradients: {_SPARSE_MESSAGE}",
                       severity=Severity.WARNING)


@on(ast.Attribute, words=("quantiz", "qint", "quint", "sparse", "smm", "spmm", "spaddmm"))
def check_attribute(node: ast.Attribute, ctx: Context) -> None:
    """Quantized dtypes and sparse layouts named outside calls (``torch.qint8``, ``torch.sparse_coo``)."""
    parent = ctx.parent
    if isinstance(parent, ast.Attribute) and parent.value is node:
        return  # only the outermost name of a dotted chain
    if isinstance(parent, ast.Call) and parent.func is node:
        return  # calls are handled by check_call
    if id(node) in ctx.claimed or _index(ctx) is None:
        return
    name = ctx.qualify(node)
    if name is None or not name.startswith("torch."):
        return
    family = _sparse_or_quantized(name)
    if family:
        _report_family(ctx, node, name, family)


# -- NM205 fused optimizers ----------------------------------------------------------------

def _fused_optimizer(call: ast.Call, name: str, leaf: str, table: Capabilities, ctx: Context) -> None:
    if name not in (f"torch.optim.{leaf}", f"torch.optim.{_OPTIMIZER_MODULES[leaf]}.{leaf}"):
        return
    fused = next((kw for kw in call.keywords if kw.arg == "fused"), None)
    if fused is None or not (isinstance(fused.value, ast.Constant) and fused.value.value is True):
        return
    op = _OPTIMIZER_KERNELS[leaf]
    row = table.operator(op)
    status = row.status if row else "unknown"
    if status == "native":
        return
    detail = row.note.split(";")[0] if row and row.note else "not in the capability table"
    message = f"`{leaf}(fused=True)` runs aten::{op}, whose Neuron status is {status}: {detail}"
    if row is not None and row.alternative:
        message += f"; instead: {row.alternative}"
    ctx.report(NM205, fused, message + _evidence(row),
               severity=Severity.ERROR if status == "unsupported" else None)


# -- NM206 summary -------------------------------------------------------------------------

@finalizer
def report_unknown_operators(ctx: Context) -> None:
    pending = ctx.state(_State).unknown
    if not pending:
        return
    idx = _index(ctx)
    table = idx.table if idx else capabilities()
    items = sorted(pending.items(), key=lambda kv: (kv[1].lineno, kv[1].col_offset))
    parts = []
    for (name, op), call in items:
        row = table.operator(op)
        kernels = [r for r in (row.runs if row else ()) if (table.operator(r) is None
                   or table.operator(r).status == "unknown")] or [op]
        parts.append(f"{name} ({', '.join(kernels)}, line {call.lineno})")
    shown = parts[:8] + ([f"+{len(parts) - 8} more"] if len(parts) > 8 else [])
    first = items[0][1]
    ctx.report(NM206, first, f"{plural(len(parts), 'operator')} with no known "
               f"Neuron status (unverified): {'; '.join(shown)}. Without a Neuron kernel eager mode "
               "runs them on the CPU; check with `neuron-migrate ops NAME`")
