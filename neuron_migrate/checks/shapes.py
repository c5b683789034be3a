"""NM3xx: dynamic shapes.

Neuron compiles a graph per input shape: eagerly each op is compiled and cached by its
shapes, and the ``torch.compile`` backend rejects ``dynamic=True`` and recompiles for
every new shape (minutes each for a large model). So shapes that change from step to step
are a cost to find before the move:

- NM301 ops whose output shape depends on tensor values; which ops those are comes from
  the ``dynamic_output_shape`` tag in torch's own ``tags.yaml`` (``rules/generated/aten_api.json``),
  plus the Python spellings that reach them (``x[mask]``, one-argument ``torch.where``).
  In traced code each is also a graph break; checks/graph_breaks.py counts it as one.
- NM302 tensor values used as sizes (``.item()``/``.tolist()``/``int(t)`` into ``view``,
  ``zeros``, ``arange``, ``range`` or a slice).
- NM303/NM304 batch and sequence shapes that vary: a training ``DataLoader`` whose last
  batch is smaller, and padding to the longest sequence of each batch.
- NM305/NM306 asking for dynamic shapes, which the Neuron backend does not support.
- NM308 a tensor a loop grows with ``torch.cat`` at every step and passes to the same model or
  function at every step (a decode loop without a fixed-size cache): a new shape per step.

NM301/NM302 are about shapes on the device: they are not reported in tests and data-pipeline
files, nor in a Dataset's methods and a loader's ``collate_fn`` (``tracing.host_scope``).
"""

from __future__ import annotations

import ast
import bisect
import builtins
import functools

from neuron_migrate.capabilities import aten_map
from neuron_migrate.checks import Context, finalizer, on, prefilter, rule
from neuron_migrate.checks.tracing import IN_PLACE, ON_WRAPPER, TENSOR_METHODS, ShapeBreaks, host_scope, host_side_file
from neuron_migrate.kinds import scope_kinds
from neuron_migrate.models import Edit
from neuron_migrate.project.summary import unparsed
from neuron_migrate.traversal import BODY_FIELDS, SCOPE_TYPES, all_nodes, child_nodes

# "torch": boolean-mask indexing (NM301) and tensor sizes in .view() (NM302) need no other word.
prefilter(__name__, ("torch", "nonzero", "unique", "masked_select", "where", "repeat_interleave", "bincount",
                     "argwhere", "one_hot", "lstsq", "item()", "tolist()", "DataLoader", "pad_sequence",
                     "padding", "DataCollator", "mark_dynamic", "mark_unbacked", "dynamic=", "cat("))

NM301 = rule(
    "NM301", "data-dependent-output-shape", "warning", "shapes",
    summary="op whose output shape depends on tensor values",
    why="The size of the result is known only after the op runs. On Neuron every new size "
        "is a new compiled graph; under torch.compile Dynamo breaks the graph at the op "
        "(torch tags it dynamic_output_shape). The same holds for torch.library operators whose "
        "fake gives the result an unbacked size (torchvision's `nms`) and, in traced code, for "
        "NumPy's `nonzero`, `unique`, `argwhere` and one-argument `where` on a tensor's values "
        "(Dynamo runs NumPy on tensors as tensor ops), and for `F.one_hot` whose `num_classes` is a "
        "tensor (`max(idx.max() + 1, n)`: Dynamo reads its value, GB0033). A row of a mask "
        "(`x[mask[0]]`) is a mask, and so is a name the function hands to torch as one "
        "(`x.masked_fill(~m, v)`, `torch.where(m, a, b)`), and the result of a function the module "
        "annotates `-> BoolTensor` (`x[~out_of_bounds(x, low, upp)]`) or whose body returns a torch call "
        "compared (`return torch.abs(v) < eps`), a mask reshaped or squeezed, and `torch.any`/`torch.all` over a "
        "dimension, or `.any`/`.all` of a comparison (`x[~torch.any(x < beta, dim=1)]`). In traced code a NumPy array indexed "
        "with a comparison of its values (`a[a % n != 0]`), or with a local boolean array (`m = np.ones(n, "
        "dtype=bool)`, `a[m[idx]]`), breaks too (GB0036): Dynamo traces "
        "NumPy as tensor ops, Python data included.",
    example="class Pick(nn.Module):\n    def forward(self, x):\n        return x[x > 0].sum()",
    use_instead="class Pick(nn.Module):\n    def forward(self, x):\n"
                "        return torch.where(x > 0, x, 0).sum()",
    fix="none", fix_reason="a fixed-shape rewrite (where, masked_fill, nonzero_static, a size "
                           "bound) depends on what the code does next",
    source="torch tags.yaml dynamic_output_shape (rules/generated/aten_api.json); measured in "
           "benchmarks/calibration/constructs.py; PT#165421",
)
NM302 = rule(
    "NM302", "tensor-value-as-size", "warning", "shapes",
    summary="tensor value used as a size: every new value is a new shape",
    why="A size read from a tensor (`.item()`, `.tolist()`, `int(t)`) changes with the data, "
        "so each new value compiles a new graph on Neuron; the read itself waits for the "
        "device and, under torch.compile, breaks the graph.",
    example="def crop(x, lengths):\n    n = int(lengths.max())\n    return x[:, :n]",
    use_instead="def crop(x, lengths, max_len: int):\n    return x[:, :max_len]",
    fix="none", fix_reason="needs a size bound that only the author knows",
    source="D-cref: shapes that vary between steps recompile per new shape",
)
NM303 = rule(
    "NM303", "dataloader-last-batch-smaller", "warning", "shapes",
    summary="training DataLoader without drop_last=True: the last batch has another shape",
    why="When the dataset size is not a multiple of the batch size, the last batch of every "
        "epoch is smaller, and a new batch shape means a new graph compile on Neuron "
        "(minutes for a large model) and a recompile under torch.compile.",
    example="loader = torch.utils.data.DataLoader(train_set, batch_size=64, shuffle=True)",
    use_instead="loader = torch.utils.data.DataLoader(train_set, batch_size=64, shuffle=True, drop_last=True)",
    fix="unsafe", fix_reason="each epoch then skips up to batch_size - 1 samples; pad the last "
                             "batch instead if every sample must be seen",
    source="G-sdk@v2.28.0 tutorials/training/mlp.rst (drop_last=True keeps shapes fixed); D-cref",
)
NM304 = rule(
    "NM304", "pad-to-longest", "warning", "shapes",
    summary="padding to the longest sequence of each batch: the sequence length varies",
    why="`pad_sequence`, tokenizers called with `padding=True`/`\"longest\"` and padding "
        "collators give every batch its own length, and every new length is a new graph "
        "compile on Neuron. Pad to a fixed `max_length`, or to a few bucket lengths "
        "(`pad_to_multiple_of=128` or sorting by length into buckets).",
    example='batch = tokenizer(texts, padding=True, return_tensors="pt")',
    use_instead='batch = tokenizer(texts, padding="max_length", max_length=512, '
                'truncation=True, return_tensors="pt")',
    fix="none", fix_reason="the right fixed length or bucket sizes depend on the data",
    source="G-sdk .../inference/trace-vs-xla-lazytensor.rst (bucketing); D-cref",
)
NM305 = rule(
    "NM305", "compile-dynamic-true", "error", "shapes",
    summary="torch.compile(dynamic=True) is rejected by the Neuron backend",
    why="The Neuron compile backend does not support dynamic shapes: dynamic=True fails to "
        "compile. With dynamic=False each new input shape compiles its own graph, so pad or "
        "bucket the inputs to a few shapes.",
    example="model = torch.compile(model, dynamic=True)",
    use_instead="model = torch.compile(model, dynamic=False)",
    fix="unsafe", fix_reason="each new input shape then compiles a new graph; pad or bucket "
                             "the inputs first",
    source="D-cref: dynamic=True is rejected during compilation",
)
NM306 = rule(
    "NM306", "mark-dynamic", "warning", "shapes",
    summary="marking a dimension dynamic: the Neuron backend compiles static shapes only",
    why="`torch._dynamo.mark_dynamic` asks for a graph that works for any size of that "
        "dimension; the Neuron backend rejects dynamic shapes, so the hint fails or is "
        "ignored and each size compiles anew.",
    example="torch._dynamo.mark_dynamic(batch, 0)",
    use_instead="batch = pad_to_bucket(batch)",
    fix="none", fix_reason="remove the call and pad or bucket the dimension by hand",
    source="D-cref; G-dev fx/passes/dynamic_shape_analysis.py",
)

NM308 = rule(
    "NM308", "tensor-grown-in-loop", "warning", "shapes",
    summary="a loop grows a tensor with torch.cat and passes it to the same model at every step",
    why="`idx = torch.cat((idx, nxt), 1)` in a loop that calls `model(idx)` gives the model a "
        "new sequence length at every step. Compiled with static shapes, as the Neuron backend "
        "compiles, the model recompiles at every step until Dynamo's recompile limit (8), then runs "
        "eagerly; Dynamo's default asks for dynamic shapes at the second length, which the Neuron "
        "backend rejects. Eagerly on Neuron every new length compiles every op anew. Keep the sequence in a buffer of "
        "the final size and pass the step's slice (a fixed-size KV cache), or pad to a few "
        "bucket lengths. A loop that only collects results with `torch.cat`, or grows a tensor "
        "over a fixed list of layers, is not reported: the shapes repeat from call to call.",
    example="def generate(model, idx, steps):\n    for _ in range(steps):\n"
            "        logits = model(idx)\n        nxt = logits[:, -1].argmax(-1, keepdim=True)\n"
            "        idx = torch.cat((idx, nxt), dim=1)\n    return idx",
    use_instead="def generate(model, idx, steps, cache):\n    for _ in range(steps):\n"
                "        logits = model(idx[:, -1:], cache=cache)  # the cache has a fixed size\n"
                "        nxt = logits[:, -1].argmax(-1, keepdim=True)\n"
                "        idx = torch.cat((idx, nxt), dim=1)\n    return idx",
    fix="none", fix_reason="a fixed-size buffer or cache changes how the model is called",
    source="D-cref: shapes that vary between steps recompile per new shape; measured on torch 2.13 "
           "(benchmarks/calibration/constructs.py --grown-loop: 12 steps compile 8 times with "
           "dynamic=False, twice with the default)",
)

DATALOADERS = {"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"}
PAD_SEQUENCE = {"torch.nn.utils.rnn.pad_sequence"}
COLLATORS = {"DataCollatorWithPadding", "DataCollatorForSeq2Seq", "DataCollatorForTokenClassification",
             "DataCollatorForLanguageModeling"}
MARK_DYNAMIC = {"torch._dynamo.mark_dynamic", "torch._dynamo.maybe_mark_dynamic",
                "torch._dynamo.mark_unbacked", "torch._dynamo.decorators.mark_dynamic"}
# Size arguments: methods and functions whose integer arguments are sizes.
_SIZE_METHODS = {"view", "reshape", "expand", "repeat", "new_zeros", "new_ones", "new_empty",
                 "new_full", "narrow", "unflatten", "resize_", "tile", "split"}
_SIZE_FUNCTIONS = {"torch.zeros", "torch.ones", "torch.empty", "torch.full", "torch.rand",
                   "torch.randn", "torch.randint", "torch.arange", "torch.eye", "torch.linspace",
                   "torch.narrow", "torch.reshape", "torch.split"}
# ... of which only one argument is a size: (its position, its keyword). linspace(start, end, steps)
# takes its ends as values (Stable Diffusion's DPM-Solver: linspace(lambda_T.item(), ..., N + 1)),
# full(size, fill_value) fills with a value, narrow(dim, start, length) starts at an offset.
_SIZE_ONLY = {"torch.linspace": (2, "steps"), "torch.logspace": (2, "steps"), "torch.full": (0, "size"),
              "torch.narrow": (3, "length"), "narrow": (2, "length"), "new_full": (0, "size")}
# Custom operators (torch.library) whose fake implementation gives the result an unbacked size
# (ctx.create_unbacked_symint / new_dynamic_size): Dynamo breaks at the call, as at nonzero
# (measured: constructs.py "custom op, fake with a data-dependent size", GB0036; torchvision's
# nms on its detection models). Name -> where the fake implementation says so.
_DYNAMIC_CUSTOM_OPS = {
    f"torch.ops.torchvision.{op}{overload}": "torchvision/_meta_registrations.py, torchvision 0.29"
    for op in ("nms", "qnms") for overload in ("", ".default")
}
_REDUCTIONS = {"sum", "max", "min", "amax", "amin", "argmax", "argmin", "mean", "prod", "numel",
               "count_nonzero", "norm"}


@functools.lru_cache(maxsize=1)
def dynamic_shape_apis() -> tuple[frozenset[str], frozenset[str]]:
    """Python names whose every ATen op is tagged ``dynamic_output_shape`` on all of its
    overloads (always dynamic), and those tagged on some overloads only (depends on arguments)."""
    amap = aten_map()
    ops = amap.ops
    always, sometimes = set(), set()
    for name, targets in amap.api.items():
        tagged = [o for o in targets if "dynamic_output_shape" in ops.get(o, {}).get("tags", {})]
        if not tagged:
            continue
        full = all(set(ops[o]["tags"]["dynamic_output_shape"]) >= {"default"} for o in tagged)
        (always if full and not name.startswith(("torch._", "Tensor._")) else sometimes).add(name)
    return frozenset(always), frozenset(sometimes)


@functools.lru_cache(maxsize=1)
def _dynamic_methods() -> frozenset[str]:
    """Tensor methods among dynamic_shape_apis (a method call's name is built only for them)."""
    always, sometimes = dynamic_shape_apis()
    return frozenset(n[len("Tensor."):] for n in always | sometimes if n.startswith("Tensor."))


def _api_name(call: ast.Call, qualified: str | None, ctx: Context | None = None) -> str:
    """``torch.nonzero``, ``torch.nn.functional.one_hot``, ``Tensor.<method>`` for a call of
    a method among dynamic_shape_apis, else ""."""
    if qualified is not None:
        return qualified
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in _dynamic_methods():
        receiver = func.value
        if (isinstance(receiver, ast.Subscript) and isinstance(receiver.slice, ast.Constant)
                and isinstance(receiver.slice.value, str)):
            return ""  # df["label"].unique(): a tensor is not indexed by a string
        if ctx is not None and host_value(receiver, ctx):
            return ""  # arr.nonzero() on a NumPy array
        return f"Tensor.{func.attr}"
    return ""


def _short(ctx: Context, node: ast.AST, limit: int = 40) -> str:
    text = " ".join(ctx.segment(node).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


class _State:
    __slots__ = ("host_side", "scalars", "masks", "tensors", "function_index", "statement_parents", "defs",
                 "grown_returns", "mask_uses", "mask_text", "bool_functions", "growths")

    def __init__(self) -> None:
        self.host_side: bool | None = None  # a test or data-pipeline file (tracing.host_side_file)
        # names bound in a scope: (scope id, name)
        self.scalars: set[tuple[int, str]] = set()
        self.masks: set[tuple[int, str]] = set()
        self.tensors: set[tuple[int, str]] = set()
        self.function_index: dict[int, tuple] = {}  # scope id -> _function_index's answer
        self.statement_parents: dict[int, dict] = {}  # scope id -> _statement_parents' answer
        self.defs: dict[str, list[ast.AST]] | None = None  # name -> module-level functions and methods (_grown_by_callee)
        self.grown_returns: dict[tuple, bool] = {}  # (function id, position, place) -> _returns_grown's answer
        self.mask_uses: dict[int, frozenset[str]] = {}  # scope id -> _masks_by_use's answer
        self.mask_text: list[int] | None = None  # the lines whose text names a masked_* method or where(
        self.bool_functions: frozenset[str] | None = None  # module functions annotated ``-> BoolTensor``
        # NM308, reported once the file is walked: (growth, what grows, the call, its class, its method)
        self.growths: list[tuple[ast.AST, str, ast.Call, ast.ClassDef | None, str]] = []


def _host_side(ctx: Context) -> bool:
    """Tests and data-pipeline files, and a Dataset's methods and a loader's collate_fn in any
    file: shapes there are the host's business (tracing.host_side_file, host_scope)."""
    state = ctx.state(_State)
    if state.host_side is None:
        state.host_side = host_side_file(ctx.src.path)
    return state.host_side or host_scope(ctx) is not None


def host_value(e: ast.AST, ctx: Context) -> bool:
    """``e`` is a NumPy array or a Python value here (kinds.py): not a shape on the device."""
    return scope_kinds(ctx, ctx.chain).host(e)


def _report_shape(ctx: Context, node: ast.AST, message: str) -> None:
    if _host_side(ctx):
        return
    ctx.report(NM301, node, message)
    ctx.state(ShapeBreaks).sites[id(node)] = (node, NM301.code)


def _report_size(ctx: Context, node: ast.AST, message: str) -> None:
    if not _host_side(ctx):
        ctx.report(NM302, node, message)


# -- NM301 -------------------------------------------------------------------------------------

@on(ast.Call)
def check_call(call: ast.Call, ctx: Context) -> None:
    qualified = ctx.qualify(call.func)
    name = _api_name(call, qualified, ctx)
    always, sometimes = dynamic_shape_apis()
    if name in always or name in sometimes:
        leaf = name.rsplit(".", 1)[-1]
        if leaf == "one_hot":
            n = call.args[1] if len(call.args) > 1 else _keyword(call, "num_classes")
            if n is None or (isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub)):
                _report_shape(ctx, call, "`one_hot` without num_classes takes its width from the "
                              "data (pass num_classes)")
            elif _is_tensor_value(n, ctx) and not host_value(n, ctx):
                _report_shape(ctx, call, f"`one_hot`'s num_classes `{_short(ctx, n)}` is a tensor: the width "
                              "is read from its value (a graph break under torch.compile; pass a Python int)")
        elif name in always:
            _report_shape(ctx, call, f"`{leaf}` has a data-dependent output shape (a new graph per "
                          "result size on Neuron; a graph break under torch.compile)")
        elif leaf == "repeat_interleave":
            repeats = call.args[0] if (call.args and name.startswith("Tensor.")) else (
                call.args[1] if len(call.args) > 1 else None)
            repeats = repeats or next((k.value for k in call.keywords if k.arg == "repeats"), None)
            if repeats is not None and _is_tensor_value(repeats, ctx):
                _report_shape(ctx, call, "`repeat_interleave` with tensor repeats has a "
                              "data-dependent output shape (pass output_size= to fix it)")
    elif name in _DYNAMIC_CUSTOM_OPS:
        _report_shape(ctx, call, f"`{name}` is a custom operator whose result size depends on the data "
                      f"({_DYNAMIC_CUSTOM_OPS[name]}): a graph break under torch.compile")
    elif name == "torch.where" and len(call.args) == 1 and not call.keywords:
        _report_shape(ctx, call, "one-argument `torch.where` is `nonzero`: a data-dependent "
                      "output shape (use the three-argument form or a mask)")
    # NM302 sinks, NM303-NM306
    _size_sink(call, name, qualified, ctx)
    if qualified is None:
        _padding(call, qualified, ctx)
    elif qualified in DATALOADERS:
        _dataloader(call, ctx)
    elif qualified in PAD_SEQUENCE:
        ctx.report(NM304, call, "`pad_sequence` pads to the longest sequence of the batch: pad "
                   "to a fixed length or to bucket lengths")
    elif qualified == "torch.compile":
        for kw in call.keywords:
            if kw.arg == "dynamic" and isinstance(kw.value, ast.Constant) and kw.value.value is True:
                ctx.report(NM305, kw, edits=[ctx.replace(kw.value, "False")], unsafe=NM305.fix_reason)
    elif qualified in MARK_DYNAMIC:
        ctx.report(NM306, call)
    else:
        _padding(call, qualified, ctx)


def _is_tensor_value(e: ast.AST, ctx: Context) -> bool:
    """Clearly a tensor: a torch call, a tensor-only method, or a name bound to one here."""
    kind = type(e)  # one read per test: ast's node types have no subclasses
    if kind is ast.Call:
        name = ctx.qualify(e.func)
        if name is not None:
            return name.startswith("torch.") and not name.startswith(("torch.is_", "torch.jit."))
        if type(e.func) is ast.Name:  # the builtin max()/min() of a tensor and a number: a tensor (no break)
            if e.func.id not in ("max", "min") or ctx.names.resolve(e.func.id, ctx.chain) is not None:
                return False
            for a in e.args:  # a loop: a generator here made a cell of ctx at every call
                if _is_tensor_value(a, ctx):
                    return True
            return False
        return type(e.func) is ast.Attribute and e.func.attr in TENSOR_METHODS
    if kind is ast.BinOp:
        return _is_tensor_value(e.left, ctx) or _is_tensor_value(e.right, ctx)
    if kind is ast.Name:
        return (id(ctx.chain[-1]), e.id) in ctx.state(_State).tensors
    if kind is ast.Subscript:  # k[todo], k[0] of a tensor named here: a tensor (torchtsetlin's repeats,
        base = e.value  # constructs.py "repeat_interleave by a tensor indexed with an arange": GB0036)
        while type(base) is ast.Subscript:
            base = base.value
        if type(base) is ast.Name and (id(ctx.chain[-1]), base.id) in ctx.state(_State).tensors:
            return True
    return _is_mask(e, ctx)



def _is_int_like(e: ast.AST) -> bool:
    if isinstance(e, ast.Constant):
        return isinstance(e.value, int)
    if isinstance(e, ast.Attribute):
        return True  # self.n_rep and the like: a module setting, not a tensor
    if isinstance(e, ast.BinOp):
        return _is_int_like(e.left) and _is_int_like(e.right)
    if isinstance(e, ast.Subscript) and isinstance(e.value, ast.Attribute) and e.value.attr == "shape":
        return True
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id in ("int", "len"):
        return True
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in ("size", "numel", "dim"):
        return True
    return False


@on(ast.Subscript)
def check_subscript(node: ast.Subscript, ctx: Context) -> None:
    if not isinstance(node.ctx, ast.Load):
        return  # x[mask] = v is index_put: its shape does not change
    index = node.slice
    items = index.elts if isinstance(index, ast.Tuple) else [index]
    _masked_read(node, items, ctx, "indexing with")
    for item in items:
        if isinstance(item, ast.Slice):
            for bound in (item.lower, item.upper, item.step):
                if bound is not None and _scalar_source(bound, ctx):
                    _report_size(ctx, bound, f"slice bound `{_short(ctx, bound)}` is read from a "
                               "tensor: every new value is a new shape")


@on(ast.AugAssign)
def check_masked_update(node: ast.AugAssign, ctx: Context) -> None:
    """``x[mask] += v`` reads ``x[mask]`` first (measured: a break, where ``x[mask] = v`` is none)."""
    target = node.target
    if isinstance(target, ast.Subscript):
        index = target.slice
        _masked_read(target, index.elts if isinstance(index, ast.Tuple) else [index], ctx, "updating in place through")


def _masked_read(node: ast.Subscript, items: list, ctx: Context, verb: str) -> None:
    for item in items:
        if _is_mask(item, ctx) and not host_value(node.value, ctx) and not host_value(item, ctx) \
                and not _record_filter(node.value, item, ctx):
            _report_shape(ctx, node, f"{verb} the boolean mask `{_short(ctx, item)}` has a "
                          "data-dependent output shape (use torch.where or masked_fill)")
            return


def _record_filter(base: ast.AST, mask: ast.AST, ctx: Context) -> bool:
    """``rows[rows["start"] < end]``: the mask reads a field of the indexed value by a string key,
    which a tensor has not: a NumPy structured array or a pandas frame filtered on the host
    (pyannote's annotations). A TensorDict has string keys and boolean rows too: not where the
    file imports tensordict."""
    return any(type(n) is ast.Subscript and type(n.slice) is ast.Constant and type(n.slice.value) is str
               and _same_place(n.value, base) for n in all_nodes(mask)) \
        and not ctx.names.imported() & {"tensordict", "TensorDict", "tensorclass"}


def _same_place(a: ast.AST, b: ast.AST) -> bool:
    """``a`` and ``b`` name one value the same way: names, attributes and constant subscripts
    (``ast.dump`` would compare them too, but leaves a reference cycle per call)."""
    t = type(a)
    if t is not type(b):
        return False
    if t is ast.Name:
        return a.id == b.id
    if t is ast.Attribute:
        return a.attr == b.attr and _same_place(a.value, b.value)
    if t is ast.Subscript:
        return _same_place(a.slice, b.slice) and _same_place(a.value, b.value)
    return t is ast.Constant and type(a.value) is type(b.value) and a.value == b.value


# methods whose result is a boolean tensor
_MASK_MAKERS = frozenset({"eq", "ne", "gt", "lt", "ge", "le", "isnan", "isinf", "isfinite", "logical_and",
                          "logical_or", "logical_not", "bool"})


# methods whose result has their tensor's dtype: of a mask, a mask (measured: constructs.py
# "x[m.reshape(-1)]", "x[(t < eps).squeeze(-1)]", GB0036)
_MASK_KEEPERS = frozenset({"reshape", "flatten", "squeeze", "unsqueeze", "t", "permute", "transpose", "contiguous",
                           "clone", "detach", "expand", "expand_as", "flip"})


# reductions of a boolean tensor: a boolean tensor (measured: constructs.py "x[~torch.any(x < 0, dim=1)]", GB0036)
_MASK_REDUCTIONS = {"any": ("torch.any",), "all": ("torch.all",)}


def _is_mask(e: ast.AST, ctx: Context) -> bool:
    """A boolean tensor: a comparison, ``~m`` or ``a & b`` of those, or a name bound to one."""
    t = type(e)  # one test per kind of node (a parsed tree's nodes are of the ast types themselves)
    if t is ast.Name:
        return (id(ctx.chain[-1]), e.id) in ctx.state(_State).masks or _mask_parameter(e.id, ctx) \
            or e.id in _masks_by_use(ctx)
    if t is ast.Call:
        if type(e.func) is ast.Attribute and e.func.attr in _MASK_MAKERS:
            return True
        if type(e.func) is ast.Attribute and e.func.attr in _MASK_REDUCTIONS and (
                ctx.qualify(e.func) in _MASK_REDUCTIONS[e.func.attr] or _is_mask(e.func.value, ctx)):
            return True  # torch.any(od < beta, dim=1), (x > 0).all(-1): torchstain's transparent pixels
        if type(e.func) is ast.Name and e.func.id in _bool_functions(ctx) \
                and ctx.names.binding_scope(e.func.id, ctx.chain) is ctx.names.module:
            return True
        if type(e.func) is ast.Attribute and e.func.attr in _MASK_KEEPERS and _is_mask(e.func.value, ctx):
            return True  # mask.reshape(-1), (theta < eps).squeeze(-1): dbini-torch's, ba-cuda's masks
        for k in e.keywords:  # a plain loop: most calls have no keyword, and a generator per call cost 0.3 %
            if k.arg == "dtype":  # ~torch.eye(k, dtype=torch.bool): torch-supercluster's off-diagonal mask (GB0036)
                if ctx.qualify(k.value) == "torch.bool" and (ctx.qualify(e.func) or "").startswith("torch."):
                    return True
                break
        # a padded mask is a mask (torcheval's auroc: ``F.pad(t.diff() != 0, [0, 1], value=1.0)``;
        # constructs.py "x[F.pad(mask)]": GB0036)
        return bool(e.args) and ctx.qualify(e.func) == "torch.nn.functional.pad" and _is_mask(e.args[0], ctx)
    if t is ast.Compare:
        return not any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in e.ops) and \
            not all(isinstance(x, ast.Constant) for x in (e.left, *e.comparators))
    if t is ast.UnaryOp:
        return type(e.op) is ast.Invert and (_is_mask(e.operand, ctx) or type(e.operand) is ast.Name)
    if t is ast.BinOp:
        return type(e.op) in (ast.BitAnd, ast.BitOr) and (_is_mask(e.left, ctx) or _is_mask(e.right, ctx))
    if t is ast.Attribute:
        return type(e.value) is ast.Name and e.value.id == "self" \
            and (id(ctx.chain[-1]), "self." + e.attr) in ctx.state(_State).masks
    if t is ast.Subscript and type(e.value) is ast.Name:  # mask[0], mask[i], mask[:, 0]: part of a mask
        if not _is_mask(e.value, ctx):
            return False
        for p in (e.slice.elts if isinstance(e.slice, ast.Tuple) else [e.slice]):  # a loop: no cell of ctx per call
            if not (isinstance(p, (ast.Constant, ast.Slice)) or isinstance(p, ast.Name) and not _is_tensor_value(p, ctx)):
                return False
        return True
    return False


_BOOL_TENSOR = frozenset({"BoolTensor", "torch.BoolTensor"})


def _bool_functions(ctx: Context) -> frozenset[str]:
    """Functions the module defines once, with ``def``, annotated to return a boolean tensor (torchist's
    ``def out_of_bounds(x, low, upp) -> BoolTensor``, then ``x[~out_of_bounds(x, low, upp)]``;
    constructs.py "x[~f(x)], f annotated -> BoolTensor": GB0036), or whose body is one ``return`` of
    a torch call compared (pytorch-mr's ``def NearZero(val, eps): return torch.abs(val) < eps``;
    constructs.py "x[~f(x)], f returning a comparison of a torch call": GB0036)."""
    state = ctx.state(_State)
    found = state.bool_functions
    if found is None:  # apart: the generator's two cells were made at every call (5,361 on timm, one a file)
        found = state.bool_functions = _bool_functions_of(ctx)
    return found


def _bool_functions_of(ctx: Context) -> frozenset[str]:
    annotated = "BoolTensor" in ctx.src.text
    return frozenset(
        n.name for n in ctx.tree.body if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef)
        and (annotated and n.returns is not None and unparsed(n.returns).strip("'\"") in _BOOL_TENSOR
             or _returns_compared_torch_call(n, ctx))
        and bound_once_by_def(n.name, ctx.tree))


_ORDERINGS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)


def _returns_compared_torch_call(fn: ast.FunctionDef, ctx: Context) -> bool:
    """``fn``'s body (after a docstring) is one ``return`` comparing a torch call: a boolean tensor."""
    body = fn.body[1:] if fn.body and type(fn.body[0]) is ast.Expr and type(fn.body[0].value) is ast.Constant \
        else fn.body
    if len(body) != 1 or type(body[0]) is not ast.Return or type(body[0].value) is not ast.Compare:
        return False
    test = body[0].value
    return all(type(op) in _ORDERINGS for op in test.ops) and any(
        type(side) is ast.Call and (ctx.qualify(side.func) or "").startswith("torch.")
        and not ctx.qualify(side.func).startswith(("torch.is_", "torch.jit."))
        for side in (test.left, *test.comparators))


def bound_once_by_def(name: str, tree: ast.Module) -> bool:
    """``name`` is bound at the module's top level once, by a ``def`` (no import, assignment or
    second definition rebinds it)."""
    binders = [n for n in tree.body if getattr(n, "name", None) == name
               or any(name in _target_names(t) for t in getattr(n, "targets", None) or [getattr(n, "target", None)]
                      if t is not None)
               or type(n) in (ast.Import, ast.ImportFrom) and any((a.asname or a.name).split(".")[0] == name
                                                                  for a in n.names)]
    return len(binders) == 1 and type(binders[0]) in (ast.FunctionDef, ast.AsyncFunctionDef)


# where torch takes only a boolean tensor: the mask of masked_fill/masked_select/masked_scatter and
# the condition of a three-argument torch.where
_MASK_METHODS = frozenset({"masked_fill", "masked_fill_", "masked_select", "masked_scatter", "masked_scatter_"})


def _masks_by_use(ctx: Context) -> frozenset[str]:
    """Names of the enclosing function that it hands, or their ``~``, to torch as a boolean mask
    (``input.masked_fill(~mask, pad)``, ``torch.where(mask, a, b)``): a mask where it also indexes
    with them (electra-pytorch's ``gen_labels[mask]``, the mask a helper made; constructs.py "x[m], m a
    helper's result, ~m a masked_fill mask": GB0036)."""
    fn = ctx.chain[-1]
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return frozenset()
    state = ctx.state(_State)
    found = state.mask_uses.get(id(fn))
    if found is not None:
        return found
    lines = state.mask_text
    if lines is None:
        lines = state.mask_text = _lines_naming(ctx.src.text, ("masked_", "where("))
    k = bisect.bisect_left(lines, fn.lineno)
    if k == len(lines) or lines[k] > (fn.end_lineno or fn.lineno):  # the function names neither
        found = state.mask_uses[id(fn)] = frozenset()
        return found
    names = set()
    kinds = scope_kinds(ctx, ctx.chain)
    for node in kinds.nodes():
        if type(node) is not ast.Call:
            continue
        f = node.func
        if type(f) is ast.Attribute and f.attr in _MASK_METHODS:
            q = ctx.qualify(f)  # torch.masked_select(x, mask) or x.masked_select(mask)
            pos = 1 if q is not None and q.startswith("torch.") else 0
            m = node.args[pos] if len(node.args) > pos else next(
                (k.value for k in node.keywords if k.arg == "mask"), None)
        elif (type(f) is ast.Attribute and f.attr == "where" or type(f) is ast.Name and f.id == "where") \
                and len(node.args) == 3 and ctx.qualify(f) == "torch.where":
            m = node.args[0]
        else:
            continue
        if type(m) is ast.UnaryOp and type(m.op) is ast.Invert:
            m = m.operand
        if type(m) is ast.Name:
            names.add(m.id)
    for n in list(names):  # a loop: a comprehension made a cell of kinds at every call, most memo hits
        if kinds.host(ast.Name(n)):
            names.discard(n)
    found = state.mask_uses[id(fn)] = frozenset(names)
    return found


def _lines_naming(text: str, words) -> list[int]:
    """The (1-based, sorted) lines of ``text`` holding one of ``words``."""
    at = sorted(i for w in words for i in _finds(text, w))
    out, line, last = [], 1, 0
    for i in at:
        line += text.count("\n", last, i)
        last = i
        if not out or out[-1] != line:
            out.append(line)
    return out


def _finds(text: str, word: str):
    i = text.find(word)
    while i >= 0:
        yield i
        i = text.find(word, i + 1)


def _mask_parameter(name: str, ctx: Context) -> bool:
    """A parameter of the enclosing function annotated as a tensor whose name says it is a
    mask (``def masked_edge_index(edge_index, edge_mask: Tensor)``): an index tensor is
    never called a mask, and the annotation keeps NumPy masks of host code out."""
    fn = ctx.chain[-1]
    if not name.endswith("mask") or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    args = fn.args
    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        if a.arg == name:
            text = unparsed(a.annotation) if a.annotation is not None else ""
            return "Tensor" in text and not any(map(text.__contains__, ("List", "list", "Tuple", "tuple", "Dict", "dict")))
    return False


# -- NM302: sizes read from tensors --------------------------------------------------------------

def _scalar_source(e: ast.AST, ctx: Context) -> bool:
    """``t.item()``, ``t.tolist()``, ``int(t.max())``, or a name bound to one in this scope."""
    kind = type(e)  # one read per test: ast's node types have no subclasses (every assignment asks)
    if kind is ast.Call:
        f = e.func
        if type(f) is ast.Attribute and f.attr in ("item", "tolist") and not e.args:
            return not host_value(f.value, ctx)
        if type(f) is ast.Name and f.id in ("int", "float") and len(e.args) == 1 and \
                ctx.names.resolve(f.id, ctx.chain) is None:
            a = e.args[0]
            if _scalar_source(a, ctx):
                return True
            if not isinstance(a, ast.Call) or not isinstance(a.func, ast.Attribute):
                return False
            module = (ctx.qualify(a.func) or "").split(".")[0]
            if module == "numpy":
                # np.prod(x.size()): NumPy's reduction, of a tensor only where its argument is one
                return bool(a.args) and _is_tensor_value(a.args[0], ctx)
            if module not in ("", "torch"):
                return False  # math.prod(sizes): another module's function, not a tensor's method
            return a.func.attr in _REDUCTIONS and a.func.attr != "numel" and not _is_int_like(a.func.value) \
                and not host_value(a.func.value, ctx)
        return False
    if kind is ast.BinOp:
        return _scalar_source(e.left, ctx) or _scalar_source(e.right, ctx)
    if kind is ast.Subscript:
        return _scalar_source(e.value, ctx)
    if kind is ast.Name:
        return (id(ctx.chain[-1]), e.id) in ctx.state(_State).scalars
    return False


@on(ast.Assign)
def track_assign(node: ast.Assign, ctx: Context) -> None:
    targets = node.targets  # most assignments have one: its names' list (fresh) without a comprehension's
    names = _target_names(targets[0]) if len(targets) == 1 else [name for t in targets for name in _target_names(t)]
    if not names:
        _track_self_mask(node, ctx)
        return  # self.x = ...: other attributes are not followed
    scope = id(ctx.chain[-1])
    state = ctx.state(_State)
    scalars, masks, tensors = state.scalars, state.masks, state.tensors
    is_scalar = _scalar_source(node.value, ctx)
    is_mask = _is_mask(node.value, ctx)
    is_tensor = not is_scalar and _is_tensor_value(node.value, ctx)
    for name in names:
        key = (scope, name)
        for flag, bucket in ((is_scalar, scalars), (is_mask, masks), (is_tensor, tensors)):
            if flag:
                bucket.add(key)
            else:
                bucket.discard(key)


def _track_self_mask(node: ast.Assign, ctx: Context) -> None:
    """``self.keep = self.w_sum > 1e-10`` (nnAudio's ``inverse_stft``): a boolean mask for the rest
    of this method, which indexes with ``self.keep`` (constructs.py "x[self.mask] made in the
    method": a dynamic shape, GB0036). Only in the method that makes it: elsewhere the attribute
    may hold anything."""
    if len(node.targets) != 1 or not _is_self_attr(node.targets[0]):
        return
    key = (id(ctx.chain[-1]), "self." + node.targets[0].attr)
    masks = ctx.state(_State).masks
    if _is_mask(node.value, ctx):
        masks.add(key)
    else:
        masks.discard(key)


def _is_self_attr(e: ast.AST) -> bool:
    return type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self"


def _target_names(t: ast.AST) -> list[str]:
    kind = type(t)
    if kind is ast.Name:
        return [t.id]
    if kind is ast.Tuple or kind is ast.List:
        return [n for e in t.elts for n in _target_names(e.value if type(e) is ast.Starred else e)]
    return []


def _size_sink(call: ast.Call, name: str, qualified: str | None, ctx: Context) -> None:
    f = call.func
    is_sink = (name in _SIZE_FUNCTIONS or (isinstance(f, ast.Name) and f.id == "range"
                                           and ctx.names.resolve("range", ctx.chain) is None)
               or (isinstance(f, ast.Attribute) and f.attr in _SIZE_METHODS and qualified is None))
    if not is_sink:
        return
    args = [a.value if isinstance(a, ast.Starred) else a for a in call.args]
    only = _SIZE_ONLY.get(name) or (_SIZE_ONLY.get(f.attr) if isinstance(f, ast.Attribute) and qualified is None else None)
    if only is not None:  # the other arguments are values or offsets, not sizes
        position, keyword = only
        args = args[position:position + 1]
        for k in call.keywords:  # a loop: a generator made a cell of keyword at every call, a sink or not
            if k.arg == keyword:
                args.append(k.value)
    else:
        args += [k.value for k in call.keywords if k.arg in (None, "size", "end", "start", "length")]
    for a in args:
        parts = a.elts if isinstance(a, (ast.Tuple, ast.List)) else [a]
        for p in parts:
            if _scalar_source(p, ctx):
                what = "range" if isinstance(f, ast.Name) else (f.attr if isinstance(f, ast.Attribute) else name)
                _report_size(ctx, p, f"`{_short(ctx, p)}` is read from a tensor and used as a size "
                           f"in `{what}`: every new value is a new shape")
                return


# -- NM303/NM304: batch and sequence shapes ------------------------------------------------------

def _keyword(call: ast.Call, name: str) -> ast.AST | None:
    for k in call.keywords:
        if k.arg == name:
            return k.value
    return None


def _dataloader(call: ast.Call, ctx: Context) -> None:
    if any(k.arg is None for k in call.keywords) or _keyword(call, "batch_sampler") is not None:
        return  # **kwargs or a batch sampler decides the batch shapes
    batch = _keyword(call, "batch_size") or (call.args[1] if len(call.args) > 1 else None)
    if isinstance(batch, ast.Constant) and batch.value in (None, 1):
        return  # no batching, or one sample per batch: no partial last batch
    drop = _keyword(call, "drop_last")
    if drop is not None and not (isinstance(drop, ast.Constant) and drop.value is False):
        return  # drop_last=True, or decided elsewhere
    if len(call.args) > 6:
        return  # drop_last passed positionally
    if not _training_loader(call, ctx):
        return
    if drop is not None:
        edits = [ctx.replace(drop, "True")]
    else:
        last = max([*call.args, *call.keywords], key=lambda a: (a.end_lineno, a.end_col_offset), default=None)
        if last is None:
            return
        end = ctx.span(last)[1]
        edits = [Edit(end, end, ", drop_last=True")]
    ctx.report(NM303, call, edits=edits, unsafe=NM303.fix_reason)


_TRAIN_WORDS = ("train",)
_EVAL_WORDS = ("val", "test", "eval", "valid", "dev", "infer", "predict")


def _training_loader(call: ast.Call, ctx: Context) -> bool:
    """A loader that feeds training: shuffled, or named or fed from something called train."""
    names = []
    if isinstance(ctx.parent, (ast.Assign, ast.AnnAssign)):
        targets = ctx.parent.targets if isinstance(ctx.parent, ast.Assign) else [ctx.parent.target]
        names += [ctx.segment(t).lower() for t in targets]
    dataset = call.args[0] if call.args else _keyword(call, "dataset")
    if dataset is not None:
        names.append(ctx.segment(dataset).lower())
    if any(w in n for n in names for w in _EVAL_WORDS) and not any(w in n for n in names for w in _TRAIN_WORDS):
        return False
    shuffle = _keyword(call, "shuffle") or (call.args[2] if len(call.args) > 2 else None)
    if isinstance(shuffle, ast.Constant) and shuffle.value is True:
        return True
    sampler = _keyword(call, "sampler") or (call.args[3] if len(call.args) > 3 else None)
    if sampler is not None and _ordered_sampler(sampler, ctx):
        # every sample once, in order (facebookresearch/dino's eval_knn extracts the features of
        # the train split, each stored at its index): not a loader that trains. shuffle=False
        # alone says nothing: TorchBench's Super_SloMo and DLRM train with unshuffled loaders
        return False
    if shuffle is not None and "train" in ctx.segment(shuffle).lower():
        return True
    return any(w in n for n in names for w in _TRAIN_WORDS)


def _ordered_sampler(sampler: ast.AST, ctx: Context) -> bool:
    """A loader's sampler that keeps the dataset's order: ``SequentialSampler(...)`` or a sampler
    built with ``shuffle=False`` (``DistributedSampler(ds, shuffle=False)``), given in the call or
    bound once to the name given, in the same scope."""
    if isinstance(sampler, ast.Name):
        scope = next((c for c in reversed(ctx.chain) if isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef))),
                     ctx.tree)
        bound = [n.value for n in all_nodes(scope) if type(n) is ast.Assign and len(n.targets) == 1
                 and type(n.targets[0]) is ast.Name and n.targets[0].id == sampler.id]
        sampler = bound[0] if len(bound) == 1 else None
    if not isinstance(sampler, ast.Call):
        return False
    name = ctx.qualify(sampler.func) or ""
    if name.rsplit(".", 1)[-1] == "SequentialSampler":
        return True
    shuffle = _keyword(sampler, "shuffle")
    return isinstance(shuffle, ast.Constant) and shuffle.value is False


def _padding(call: ast.Call, qualified: str | None, ctx: Context) -> None:
    leaf = (qualified or (call.func.id if isinstance(call.func, ast.Name) else "")).rsplit(".", 1)[-1]
    if not call.keywords and leaf not in COLLATORS:
        return  # most calls: neither a collator nor a padding= argument
    if _keyword(call, "pad_to_multiple_of") is not None:
        return  # bucketed lengths: a few shapes, which is the advice
    padding = _keyword(call, "padding")
    if leaf in COLLATORS:
        if padding is None or (isinstance(padding, ast.Constant) and padding.value in (True, "longest")):
            ctx.report(NM304, call, f"`{leaf}` pads each batch to its longest sequence: pass "
                       "padding=\"max_length\" with max_length, or pad_to_multiple_of")
        return
    if isinstance(padding, ast.Constant) and (padding.value is True or padding.value == "longest"):
        if _only_checks_truncation(call, ctx):
            return
        ctx.report(NM304, padding, f"padding={padding.value!r} pads to the longest sequence of "
                   "each batch (max_length only truncates): use padding=\"max_length\" with "
                   "max_length, or pad_to_multiple_of")


# Uses of a tokenized batch that only look at it: the batch never reaches the model.
_LOOKING_CALLS = {"batch_decode", "decode", "len", "torch.equal", "equal", "warn", "warning", "info"}


def _only_checks_truncation(call: ast.Call, ctx: Context) -> bool:
    """``untruncated_ids = tokenizer(prompt, padding="longest").input_ids``, then used only to
    compare with the padded ids and to warn about what was cut (diffusers' pipelines): the
    longest-padded batch is never fed to a model, so its length does not matter."""
    scope = ctx.chain[-1]
    if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    parents, loads = _function_index(scope, ctx)
    holder: ast.AST = call
    while isinstance(parents.get(id(holder)), (ast.Attribute, ast.Subscript)):
        holder = parents[id(holder)]  # tokenizer(...).input_ids
    assign = parents.get(id(holder))
    if not (isinstance(assign, ast.Assign) and len(assign.targets) == 1 and isinstance(assign.targets[0], ast.Name)):
        return False
    name = assign.targets[0].id
    uses = loads.get(name, [])
    return bool(uses) and all(_looks_only(u, parents, ctx) for u in uses)


def _function_index(scope: ast.AST, ctx: Context) -> tuple[dict[int, ast.AST], dict[str, list[ast.Name]]]:
    """Each node's parent in ``scope``, and the names it reads: built once per function (a
    pipeline's ``__call__`` pads several prompts)."""
    cache = ctx.state(_State).function_index
    hit = cache.get(id(scope))
    if hit is not None:
        return hit
    parents: dict[int, ast.AST] = {}
    loads: dict[str, list[ast.Name]] = {}
    todo = [scope]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            loads.setdefault(node.id, []).append(node)
        for child in child_nodes(node):
            parents[id(child)] = node
            todo.append(child)
    cache[id(scope)] = (parents, loads)
    return parents, loads


def _statement_parents(scope: ast.AST, ctx: Context) -> dict[int, ast.AST]:
    """Each statement's parent in ``scope`` (a statement, handler, case or the scope), from its
    statement lists alone: the loop around a statement without visiting an expression."""
    cache = ctx.state(_State).statement_parents
    parents = cache.get(id(scope))
    if parents is None:
        parents = cache[id(scope)] = {}
        todo = [scope]
        while todo:
            node = todo.pop()
            for name in BODY_FIELDS.get(type(node), ("body",)):  # a module: its body
                value = getattr(node, name, None)
                if type(value) is list:
                    for child in value:
                        parents[id(child)] = node
                    todo += value
    return parents


def _looks_only(use: ast.Name, parents: dict[int, ast.AST], ctx: Context) -> bool:
    node: ast.AST = use
    while True:
        parent = parents.get(id(node))
        if parent is None or isinstance(parent, ast.stmt) and not isinstance(parent, ast.Expr):
            return isinstance(parent, (ast.If, ast.Assert)) and node is parent.test
        if isinstance(parent, ast.Attribute) and parent.attr == "shape":
            return True
        if isinstance(parent, ast.Compare):
            return True
        if isinstance(parent, ast.Call) and node is not parent.func:
            f = parent.func
            leaf = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            return leaf in _LOOKING_CALLS or ctx.qualify(f) in _LOOKING_CALLS
        node = parent


# -- NM308: a tensor grown in a loop and fed to the same model at every step -------------------

_CONCAT = frozenset({"torch.cat", "torch.concat", "torch.concatenate", "torch.hstack", "torch.vstack", "torch.dstack"})
_CONCAT_LEAVES = frozenset(name.rsplit(".", 1)[1] for name in _CONCAT)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_TO_HOST = frozenset({"cpu", "numpy", "tolist", "item"})
_BUILTINS = frozenset(dir(builtins))
_COLLECTING = frozenset({"append", "extend", "insert", "add", "update", "setdefault", "put", "put_nowait", "write"})


def grown_key(node: ast.Assign, ctx: Context) -> str | None:
    """``x`` (or ``self.x``) of ``x = torch.cat((x, y), dim)``: the statement makes ``x``
    longer than it was; None for anything else, and for pieces moved to the host first."""
    call = node.value
    if not (type(call) is ast.Call and call.args and isinstance(call.func, ast.Attribute)
            and call.func.attr in _CONCAT_LEAVES and isinstance(call.args[0], (ast.List, ast.Tuple))):
        return None
    parts = call.args[0].elts
    held = {unparsed(p) for p in parts}
    for key in map(unparsed, node.targets):  # a loop: a generator made a cell of held at every call
        if key in held and _is_name_or_attribute(key):
            break
    else:
        return None
    if ctx.qualify(call.func) not in _CONCAT:
        return None
    if any(isinstance(n, ast.Attribute) and n.attr in _TO_HOST for p in parts for n in all_nodes(p)):
        return None  # results gathered on the host: no device shape
    return key


def _grown_by_callee(node: ast.Assign, ctx: Context) -> str | None:
    """``x`` of ``x, done = self.decoder.update(x, logits)`` (or ``x = grow(x, y)``), where a
    method (a module-level function, for a call by name) of this file with the callee's name
    returns the parameter at ``x``'s position grown with itself (``x = torch.cat([x, y], -1)``
    then ``return x, done``), in the place of the return the target takes (whisper's
    ``GreedyDecoder.update``; its ``BeamSearchDecoder.update`` builds the sequence otherwise, and
    the receiver's class is not known: one such method is enough); None for anything else."""
    call = node.value
    if type(call) is not ast.Call or len(node.targets) != 1 or not call.args:
        return None
    f = call.func
    method = type(f) is ast.Attribute
    name = f.attr if method else f.id if type(f) is ast.Name else None
    if name is None:
        return None
    state = ctx.state(_State)
    if state.defs is None:
        state.defs = {}
        for n in ctx.tree.body:
            for d in (n.body if type(n) is ast.ClassDef else [n]):
                if type(d) in (ast.FunctionDef, ast.AsyncFunctionDef):
                    state.defs.setdefault(d.name, []).append((d, type(n) is ast.ClassDef))
    defs = []
    for d, in_class in state.defs.get(name, ()):  # loops here: comprehensions made cells at every call
        if in_class == method:
            defs.append(d)
    if not defs:  # most calls: no function of this file has the callee's name
        return None
    target = node.targets[0]
    names = [e for e in target.elts] if type(target) is ast.Tuple else [target]
    if not all(type(e) is ast.Name for e in names):
        return None
    at = {a.id: i for i, a in enumerate(call.args) if type(a) is ast.Name}
    wanted = []
    for i, e in enumerate(names):
        if e.id in at:
            wanted.append((i, e.id, at[e.id]))
    if not wanted:
        return None
    known = state.grown_returns  # the same method is called at many sites (x = self.block(x))
    for place, key, pos in wanted:
        place = place if type(target) is ast.Tuple else None
        for d in defs:
            found = known.get((id(d), pos + method, place))
            if found is None:
                found = known[(id(d), pos + method, place)] = _returns_grown(d, pos + method, place, ctx)
            if found:
                return key
    return None


def _returns_grown(fn: ast.AST, pos: int, place: int | None, ctx: Context) -> bool:
    """``fn``'s parameter at ``pos`` is grown with itself in its body (``grown_key``) and every
    ``return`` gives it back (at ``place`` of a returned tuple, or alone when None)."""
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    if pos >= len(params):
        return False
    param = params[pos]
    grown, returns = False, []
    todo = list(fn.body)
    while todo:
        n = todo.pop()
        if isinstance(n, SCOPE_TYPES):
            continue
        if type(n) is ast.Assign and grown_key(n, ctx) == param:
            grown = True
        elif type(n) is ast.Return:
            returns.append(n.value)
        todo.extend(child_nodes(n))
    if not grown or not returns:
        return False
    for r in returns:
        got = r.elts[place] if place is not None and type(r) is ast.Tuple and place < len(r.elts) else \
            r if place is None else None
        if not (type(got) is ast.Name and got.id == param):
            return False
    return True


def _is_name_or_attribute(text: str) -> bool:
    return all(part.isidentifier() for part in text.split("."))


@on(ast.Assign, words=("cat(", "concat"))
def check_growth(node: ast.Assign, ctx: Context) -> None:
    key, callee = grown_key(node, ctx), None
    if key is None:
        key = callee = _grown_by_callee(node, ctx)
    if key is None or _host_side(ctx):
        return
    parents = _statement_parents(ctx.chain[-1], ctx)
    loop = parents.get(id(node))
    while loop is not None and not isinstance(loop, _LOOPS + SCOPE_TYPES):
        loop = parents.get(id(loop))
    if not isinstance(loop, _LOOPS):
        return
    fed = fed_calls(loop, key, node, ctx)
    if fed:
        # the call nearest before the growth (the same branch, as a rule), else the first after it
        before = []
        for c in fed:  # a loop: a comprehension made a cell of node at every call, most growing nothing
            if c.lineno <= node.lineno:
                before.append(c)
        call = max(before, key=_position) if before else min(fed, key=_position)
        how = f" (`{_short(ctx, node.value.func)}(...)` returns it longer)" if callee else ""
        chain = ctx.chain
        cls = chain[-2] if len(chain) >= 3 and type(chain[-2]) is ast.ClassDef else None
        ctx.state(_State).growths.append((node.value, f"`{key}` grows at every step of this loop{how} and "
                                          f"`{_short(ctx, call)}` takes it at every step", call, cls,
                                          chain[-1].name if cls else ""))


@finalizer
def report_growth(ctx: Context) -> None:
    """NM308 once the file is walked: what a new length costs depends on where the module is
    compiled, below its class as a rule (``model.compile()`` at the end of the file)."""
    for value, head, call, cls, method in ctx.state(_State).growths:
        ctx.report(NM308, value, f"{head}: a new length per step{_when_compiled(call, cls, method, ctx)}; use a "
                   "buffer of the final size or a fixed-size cache")


def _when_compiled(call: ast.Call, cls: ast.ClassDef | None, method: str, ctx: Context) -> str:
    """What a new length costs where ``call`` runs, in ``method`` of ``cls``. The module's own call
    in its method (``self(x)``) is compiled only when the module is compiled in place
    (``model.compile()``): torch.compile's wrapper runs the method uncompiled (NM127; measured,
    accuracy.md). This file's compiles come from graph_breaks, other files' from the project
    model (``ON_WRAPPER`` and ``IN_PLACE`` roots: nanoGPT's ``sample.py``)."""
    f = call.func
    own = type(f) is ast.Name and f.id == "self"
    forward = type(f) is ast.Attribute and f.attr == "forward" and type(f.value) is ast.Name and f.value.id == "self"
    plain = ", a recompile for each when compiled (a new graph compile on Neuron)"
    if not (own or forward) or cls is None:
        return plain
    from neuron_migrate.checks.graph_breaks import compiled_here  # it imports this module

    qualified = f"{cls.name}.{method}"
    here, on_wrapper = compiled_here(cls, ctx)
    # calls of the method on torch.compile's wrapper; in-place compiles of its class
    sites = [where for where, name in on_wrapper if name == qualified]
    places = [where for where, kind in here if own or kind == "forward"]
    for path, _, origin in ctx.options.traced_roots if ctx.options else ():
        if path == ctx.src.path and origin.startswith((ON_WRAPPER, IN_PLACE)):
            wrapper = origin.startswith(ON_WRAPPER)
            name, where, *kind = origin[len(ON_WRAPPER if wrapper else IN_PLACE):].split(" ")
            if wrapper and name == qualified:
                sites.append(where)
            elif not wrapper and name == cls.name and (own or kind == ["forward"]):
                places.append(where)
    if places:
        return (f", a recompile for each: `{places[0]}` compiles the module in place, so `{_short(ctx, f)}(...)` "
                "here is the compiled forward (a new graph compile on Neuron)")
    if sites:
        more = f" and {len(sites) - 1} more" if len(sites) > 1 else ""
        return (f". `{sites[0]}`{more} calls `{method}` on torch.compile's wrapper, which runs it uncompiled "
                "(NM127): eagerly, each new length compiles its ops anew on Neuron"
                + ("; compiled in place (`model.compile()`), a recompile for each" if own else ""))
    if own:
        return (", a recompile for each when the module is compiled in place (`model.compile()`; a new graph "
                "compile on Neuron; on torch.compile's wrapper the method runs uncompiled, NM127)")
    return plain


def _position(node: ast.AST) -> tuple[int, int]:
    return node.lineno, node.col_offset


def fed_calls(loop: ast.AST, key: str, growth: ast.Assign, ctx: Context) -> list[ast.Call]:
    """The calls ``loop`` makes with ``key`` (grown by ``growth``) or a value read from it, when
    ``key`` carries over from step to step (no other binding in the loop, reported at the
    first growth of a step) to a callee that is the same at every step (not bound in the loop,
    not imported, not a builtin): a model that sees a longer sequence at every step."""
    nodes: list[ast.AST] = []
    todo = [*loop.body, *loop.orelse]
    while todo:
        n = todo.pop()
        nodes.append(n)
        if not isinstance(n, SCOPE_TYPES):
            todo.extend(child_nodes(n))
    bound: set[str] = set()  # names and attributes bound in the loop, loop variables included
    if isinstance(loop, (ast.For, ast.AsyncFor)):
        bound.update(_stored(loop.target))
    for n in nodes:
        if isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension, ast.NamedExpr)):
            bound.update(_stored(n.target))
        elif isinstance(n, (ast.With, ast.AsyncWith)):
            bound.update(k for i in n.items if i.optional_vars is not None for k in _stored(i.optional_vars))
    if key in bound:
        return []  # a loop variable: bound afresh at every step
    derived = {key}
    for n in nodes:
        if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and n.value is not None:
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            keys = {k for t in targets for k in _stored(t)}
            if key in keys and n is not growth:
                if not (isinstance(n, ast.Assign) and grown_key(n, ctx) == key):
                    return []  # bound afresh at every step: no growth from step to step
                if _position(n) < _position(growth):
                    return []  # grown twice in a step: reported at the first
            bound |= keys
            if n is not growth and _reads_sequence(n.value, derived):
                derived |= keys  # idx_cond = idx[:, -block_size:]
    imported = ctx.names.import_bound()
    fed: list[ast.Call] = []
    for n in nodes:
        if type(n) is not ast.Call or n is growth.value:
            continue
        root = n.func
        while isinstance(root, ast.Attribute):
            root = root.value
        if (not isinstance(root, ast.Name) or root.id in bound or root.id in derived or unparsed(n.func) in bound
                or isinstance(n.func, ast.Attribute) and n.func.attr in _COLLECTING):
            continue  # a callee of this step only, a method of the sequence itself, a list's append
        if root.id in imported or (n.func is root and root.id in _BUILTINS and not ctx.names.is_bound(root.id, ctx.chain)):
            continue  # an imported function (torch's, NumPy's, a helper's) or a builtin: not the model
        if any(_reads_sequence(a, derived) for a in (*n.args, *(k.value for k in n.keywords))):
            fed.append(n)
    return fed


def _stored(target: ast.AST) -> list[str]:
    if isinstance(target, (ast.Name, ast.Attribute)):
        text = unparsed(target)
        return [text] if _is_name_or_attribute(text) else []
    if isinstance(target, (ast.Tuple, ast.List)):
        return [k for e in target.elts for k in _stored(e.value if isinstance(e, ast.Starred) else e)]
    return []


def _reads_sequence(e: ast.AST, keys: set[str]) -> bool:
    """``e`` is one of ``keys`` or a tensor made from one (a slice, a conditional pick): not a
    size read from it (``x.shape[1]``, ``len(x)``) nor a fixed-size piece (``x[:, -1:]``)."""
    if isinstance(e, (ast.Name, ast.Attribute)):
        return unparsed(e) in keys
    if isinstance(e, ast.Subscript):
        return _reads_sequence(e.value, keys) and not _fixed_size(e.slice)
    if isinstance(e, ast.IfExp):
        return _reads_sequence(e.body, keys) or _reads_sequence(e.orelse, keys)
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in ("to", "long", "int", "float",
                                                                                      "contiguous", "clone", "detach"):
        return _reads_sequence(e.func.value, keys)
    if isinstance(e, ast.Starred):
        return _reads_sequence(e.value, keys)
    return False


def _fixed_size(index: ast.AST) -> bool:
    """An index whose result has the same size at every step: a number, or a slice with
    constant bounds (``[:, -1:]``) on the last axis indexed."""
    last = index.elts[-1] if isinstance(index, ast.Tuple) and index.elts else index
    if isinstance(last, ast.Slice):
        bounds = [b for b in (last.lower, last.upper) if b is not None]
        return bool(bounds) and all(_constant_int(b) for b in bounds)
    return _constant_int(last)


def _constant_int(e: ast.AST) -> bool:
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
        e = e.operand
    return isinstance(e, ast.Constant) and type(e.value) is int
