"""NM101, NM108, NM118, NM121: "cuda" device strings, and the variables that hold them.

A ``"cuda"`` string is rewritten only in a *device position*: the first argument of
``torch.device``/``.to``/``torch.autocast``/``torch.set_default_device``, a ``device=``,
``device_type=`` or ``map_location=`` argument, the ``default=``/``choices=`` of an
argparse option named like a device (``--device``, ``--cache-device``), a parameter default or assignment whose target is named
``device`` (or typed ``torch.device``), a return of a function so named (``infer_device``), or a
variable whose every use is one of those. Elsewhere it is reported for
a person to decide (NM118), never rewritten.

Every string-literal handler of NM1xx lives here; ``"nccl"`` and ``"CUDA_..."`` texts are
reported through :mod:`neuron_migrate.checks.distributed`. So does the kernel-guard test
(:func:`guards_kernel`) that the torch.cuda checks share.
"""

from __future__ import annotations

import ast
import re
from typing import NamedTuple

from neuron_migrate.capabilities import cuda_api, target
from neuron_migrate.checks import Context, finalizer, on, prefilter, rule
from neuron_migrate.checks.distributed import (
    DATA_PARALLEL, INIT_PROCESS_GROUP, NM110, NM111, WORDS, alternatives, environment_text, report_backend,
    is_nccl, report_nccl,
)
from neuron_migrate.checks import guards
from neuron_migrate.checks.frameworks import NM124
from neuron_migrate.models import Edit, Severity
from neuron_migrate.project import device_probes
from neuron_migrate.project.device_probes import CUDA_DEVICE as _CUDA_DEVICE, DEVICE_NAME
from neuron_migrate.project.summary import TRITON_COMPILER
from neuron_migrate.traversal import all_nodes, scoped_children

prefilter(__name__, WORDS)

_DEV = target().device

NM101 = rule(
    "NM101", "cuda-device-string", "error", "device",
    summary=f'"cuda" device string: use "{_DEV}"',
    why="TorchNeuron registers the `neuron` device through PyTorch's PrivateUse1 mechanism; a "
        'tensor or module sent to "cuda" fails on a Trainium host, which has no CUDA.',
    example='x = torch.zeros(3, device="cuda:1")',
    use_instead=f'x = torch.zeros(3, device="{_DEV}:1")', fix="safe",
    portable='"cuda" device string: use the current accelerator\'s type (`torch.accelerator.current_accelerator().type`)',
    source="D-idx, D-mod: .to('neuron'), device=\"neuron\" or \"neuron:0\"",
)

NM108 = rule(
    "NM108", "cuda-device-check", "warning", "device",
    summary='comparison with "cuda" switches a CUDA-only code path',
    why='`device.type == "cuda"` and `"cuda" in device` turn CUDA-only features on or off '
        "(fused optimizers, pinned memory, autocast); on Neuron they are all off. "
        '`device == torch.device("cuda")` testing for a CUDA-only branch (ONNX Runtime\'s '
        "CUDAExecutionProvider) is the same test: a warning left with its branch, not a device to port.",
    example='use_amp = device.type == "cuda"',
    use_instead=f'use_amp = device.type == "{_DEV}"', fix="unsafe",
    fix_reason="it switches the CUDA-only features of that branch on for Neuron",
)

NM118 = rule(
    "NM118", "cuda-string", "info", "device",
    summary='"cuda" string whose use is not known to be a device',
    why="It may be a device that reaches torch through a path the tool cannot follow, or just "
        "text; only a person can tell. A \"cuda\" handed only to a library outside PyTorch whose "
        "device is its own runtime's (faster-whisper's WhisperModel, CTranslate2: \"cpu\", \"cuda\" "
        "or \"auto\", rules/cuda_api.yaml `foreign_devices`) is one too, said so: that library takes "
        "no \"neuron\", so it is left with the test that chooses it; so is one handed to a CUDA-only "
        "library's own context (nvdiffrast's RasterizeCudaContext), directly or as the default of the "
        "parameter a function hands it, which changes only when that library is ported.",
    example='DEVICES = ["cpu", "cuda"]', use_instead=f'DEVICES = ["cpu", "{_DEV}"]', fix="none",
    fix_reason="the string is not in a known device position",
)

NM121 = rule(
    "NM121", "cuda-tensor-type-string", "error", "device",
    summary='"torch.cuda.*Tensor" tensor type named by a string: it needs CUDA',
    why='`x.type("torch.cuda.HalfTensor")` and `torch.set_default_tensor_type("torch.cuda.FloatTensor")` '
        "name a legacy CUDA tensor type: without CUDA they raise (\"type torch.cuda.FloatTensor not "
        "available\"). The string is not a device string, so NM101 does not see it.",
    example='x = x.type("torch.cuda.HalfTensor")',
    use_instead=f'x = x.to("{_DEV}", torch.float16)', fix="none",
    fix_reason="a tensor type sets the device and the dtype together; which of the two the code "
               "relies on is for a person to decide",
    source="D-mod (the device argument); the legacy types are rows of rules/cuda_api.yaml",
)

# torch_device: older diffusers' DiffusionPipeline.to(torch_device=..., torch_dtype=...), a device as
# a parameter so named is (DEVICE_NAME)
DEVICE_KWARGS = frozenset({"device", "device_type", "map_location", "pin_memory_device", "use_device", "torch_device"})
DEVICE_FIRST_ARG = frozenset({
    "torch.device", "torch.set_default_device", "torch.autocast", "torch.amp.autocast",
    "torch.amp.autocast_mode.autocast", "torch.get_autocast_dtype", "torch.is_autocast_enabled",
    "torch.set_autocast_enabled", "torch.set_autocast_dtype", "torch.get_device_module",
    "torch.Generator",  # torch.Generator("cuda"), as torch.Generator(device="cuda")
    # a device mesh's device type (DTensor, FSDP2): "cuda-like" types include a PrivateUse1 device's
    *(f"torch.distributed.{m}{n}" for m in ("", "device_mesh.", "tensor.", "_tensor.")
      for n in ("init_device_mesh", "DeviceMesh")),
})
# Without CUDA these take "cuda" and run (a device object, a disabled autocast or scaler, autocast's
# state, a custom autograd Function's autocast decorators); given "neuron" on stock PyTorch they
# raise ("Expected one of cpu, cuda, ... device type"), so their rewrite needs a guard.
TOLERANT = frozenset({"torch.device", "torch.autocast", "torch.amp.autocast",
                      "torch.amp.autocast_mode.autocast", "torch.get_device_module",
                      "torch.get_autocast_dtype", "torch.is_autocast_enabled", "torch.set_autocast_enabled",
                      "torch.set_autocast_dtype", *(f"torch.amp.{m}custom_{d}" for m in ("", "autocast_mode.")
                                                    for d in ("fwd", "bwd"))})
# Their device argument is reported as NM106 by checks.torch_cuda, not as a plain device.
GRAD_SCALERS = frozenset({"torch.amp.GradScaler", "torch.GradScaler", "torch.amp.grad_scaler.GradScaler",
                          "torch.distributed.fsdp.sharded_grad_scaler.ShardedGradScaler"})

_CUDA_TEMPLATE = re.compile(r"cuda:(\{.*\}|%.*)")
_LITERAL_HEAD = re.compile(r"""([rRuUfFbB]{0,2})('''|\"\"\"|'|")cuda""")
_CUDA_BUILD = frozenset(f"torch.utils.cpp_extension.{n}" for n in ("CUDA_HOME", "ROCM_HOME", "CUDAExtension"))
# torch's own runtime objects (a Generator, a Stream, an Event): their methods launch no custom
# kernel, whatever the receiver is named (consistency_models' ``self.rng_cuda = th.Generator(dev())``,
# then ``self.rng_cuda.manual_seed(seed)``)
_RUNTIME_MAKERS = frozenset({
    "torch.Generator", "torch.Stream", "torch.Event", "torch.cuda.Stream", "torch.cuda.Event",
    "torch.cuda.streams.Stream", "torch.cuda.streams.Event", "torch.cuda.ExternalStream",
    "torch.cuda.current_stream", "torch.cuda.default_stream",
})
_KERNEL_HINT = re.compile(r"(?i)cuda|" + TRITON_COMPILER + r"|kernel|_C\b|_ext\b|extension")


class _State:
    __slots__ = ("held", "ifs", "if_test_of", "ifs_indexed", "movers", "kernel_asks", "cuda_compared")

    def __init__(self) -> None:
        self.held: list[tuple] = []  # (kind, target, leaf, literals, chain) of assignments
        self.ifs: list[ast.If] = []  # the `if` statements seen so far
        self.if_test_of: dict[int, ast.If] = {}  # node id -> the `if` whose test holds it
        self.ifs_indexed: int = 0  # how many of ``ifs`` if_test_of covers
        self.movers: frozenset[str] | None = None  # movers(tree), when asked
        self.kernel_asks: set[str] = set()  # Summary.kernel_asks
        self.cuda_compared: frozenset[str] | None = None  # _compared_as_cuda_option's answer


# calls a function that only moves tensors may make besides its moves: reading and setting
# attributes, walking containers and dataclass fields, testing types
_MOVER_CALLS = frozenset({"getattr", "setattr", "hasattr", "isinstance", "len", "range", "enumerate", "zip",
                          "list", "tuple", "dict", "type", "dataclasses.fields", "dataclasses.is_dataclass",
                          "dataclasses.replace", "torch.is_tensor"})
_MOVER_METHODS = frozenset({"items", "keys", "values", "append", "float", "half", "double", "bfloat16", "long",
                            "int", "bool", "contiguous", "detach"})


def movers(tree: ast.Module, qualify=None) -> frozenset[str]:
    """The module-level functions named like a kernel (``_KERNEL_HINT``: ``dataclass_to_cuda_``,
    ``try_to_cuda``) whose bodies only move tensors to the device: each holds a move
    (``x.cuda()``, ``x.to(...)``, or a call of another such function of the file), and its
    other calls only read or set attributes, walk containers or dataclass fields, test types
    (``_MOVER_CALLS``). A guard's call of one is no kernel's: it runs wherever the move does.
    ``qualify`` (``Context.qualify``) resolves ``fields`` imported from dataclasses."""
    named = {n.name: n for n in tree.body
             if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef) and _KERNEL_HINT.search(n.name)}
    if not named:
        return frozenset()
    calls: dict[str, list[ast.Call]] = {}
    for name, fn in named.items():
        found = []
        for sub in all_nodes(fn):
            if type(sub) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef) and sub is not fn:
                break  # a nested scope: not read here
            if type(sub) is ast.Call:
                found.append(sub)
        else:
            calls[name] = found
    known: set[str] = set()
    grown = True
    while grown:  # a mover may move through another (dataclass_to_cuda_ through try_to_cuda)
        grown = False
        for name, found in calls.items():
            if name in known:
                continue
            moves, other = False, False
            for call in found:
                f = call.func
                if type(f) is ast.Attribute and f.attr in ("cuda", "to"):
                    moves = True
                elif type(f) is ast.Name and f.id in known:
                    moves = True
                elif type(f) is ast.Attribute and f.attr in _MOVER_METHODS:
                    continue
                elif ((qualify(f) if qualify else None) or (f.id if type(f) is ast.Name else "")) not in _MOVER_CALLS \
                        and not (type(f) is ast.Attribute and type(f.value) is ast.Name
                                 and f"{f.value.id}.{f.attr}" in _MOVER_CALLS):
                    other = True
                    break
            if moves and not other:
                known.add(name)
                grown = True
    return frozenset(known)


def _file_movers(ctx: Context) -> frozenset[str]:
    state = ctx.state(_State)
    if state.movers is None:
        state.movers = movers(ctx.tree, ctx.qualify)
    return state.movers


def kernel_facts(ctx: Context) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(``Summary.movers``, ``Summary.kernel_asks``) of the file."""
    state = ctx.state(_State)
    return tuple(sorted(_file_movers(ctx))), tuple(sorted(state.kernel_asks))


# -- literals -------------------------------------------------------------------------

def is_cuda_literal(node: ast.AST) -> bool:
    """A string that names a CUDA device: "cuda", "cuda:1", f"cuda:{rank}"."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _CUDA_DEVICE.fullmatch(node.value) is not None
    if isinstance(node, ast.JoinedStr) and node.values:
        head = node.values[0]
        return isinstance(head, ast.Constant) and isinstance(head.value, str) and (
            head.value == "cuda:" or len(node.values) == 1 and _CUDA_DEVICE.fullmatch(head.value) is not None)
    return False


def _cuda_device_literal(node: ast.AST) -> bool:
    """A "cuda" device literal (``is_cuda_literal``), or ``f"cuda{index}"``: "cuda" and one field after
    it. In a device position the field is "" or ":N" (esm's lm-design: ``device_idx =
    f":{cfg.cuda_device_idx}" if ... else ""``, then ``torch.device(f'cuda{device_idx}' if use_cuda else
    'cpu')``); elsewhere it may be a version (``f"cuda{major}"``), so it is no device literal by itself."""
    return is_cuda_literal(node) or (
        type(node) is ast.JoinedStr and len(node.values) == 2 and type(node.values[0]) is ast.Constant
        and node.values[0].value == "cuda" and type(node.values[1]) is ast.FormattedValue)


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
        if _cuda_device_literal(e):
            out.append(e)
        elif isinstance(e, ast.IfExp):
            todo += [e.body] if guards.migrated_choice(e) else [e.body, e.orelse]
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


def claim_all(ctx: Context, nodes) -> None:
    ctx.claimed.update(id(n) for n in nodes)


def report_device_literals(ctx: Context, lits: list[ast.AST], rule=NM101, unsafe: str | None = None,
                           message: str | None = None, tolerant: bool = False, raises: bool = False,
                           inspected: str | None = None) -> None:
    """Report "cuda" device literals with their rewrite in the fix style. ``tolerant``: the
    position takes "cuda" without CUDA (torch.device, autocast), so the rewrite needs a guard;
    ``raises``: the call raises without CUDA (``x.to("cuda")``), so what follows never ran there;
    ``inspected``: the probe (``_inspected``) that reads the value where CUDA is absent, so the
    literal takes the spelling exact on both hosts, as a tolerant position's does."""
    portable = guards.style(ctx) == "portable"
    note = ""
    if inspected and not portable:
        tolerant = True
        note = (f"; {inspected} builds torch.device() from this value where CUDA is absent and falls back "
                f'to the CPU: it stays "cuda" where the Neuron plugin is not installed')
    torch_alias = ctx.names.alias_for("torch", ctx.chain) if portable or tolerant else None
    title = None
    if inspected and torch_alias is None and not ctx.names.is_bound("torch", ctx.chain):
        torch_alias = "torch"
        note += "; `fix` adds `import torch`"  # the edit spells torch where the module has not got it
        title = ctx.summary(rule) + " (`fix` adds `import torch`)"
    for lit in lits:
        if id(lit) in ctx.claimed:
            continue
        if not portable:
            edit = literal_edit(ctx, lit, _DEV)
            ctx.report(rule, lit, message, edits=[edit] if edit else (), unsafe=unsafe)
            if raises:
                guards.raises_without_cuda(ctx)
            if edit and tolerant and torch_alias:
                present = guards.NEURON_PRESENT.format(t=torch_alias)
                start, end = ctx.span(lit)
                text = ctx.src.text[start:end]
                if ctx.src.text[edit.start - 1] == "'":  # the literal's quote (literal_edit's head), for the
                    present = present.replace('"', "'")  # guard too: one spelling (an f-string's: fit_quotes)
                new = ctx.src.text[start:edit.start] + _DEV + ctx.src.text[edit.end:end]
                guards.needs_guard(ctx, f"torch.device(\"{_DEV}\") raises without the Neuron plugin",
                                   fallback=[ctx.replace(lit, guards.parenthesised(
                                       ctx, lit, f"{new} if {present} else {text}", "if", below=True))], note=note)
            elif edit and tolerant:
                guards.needs_guard(ctx, f"torch.device(\"{_DEV}\") raises without the Neuron plugin"
                                   + (note.replace(": it stays", ", and without `torch` it cannot stay")
                                      if note else ""))
            continue
        # portable: the current accelerator's type in place of "cuda" ("cuda:1", f"cuda:{rank}" too)
        edits = _portable_edits(ctx, lit, torch_alias) if torch_alias else None
        if edits is None:
            ctx.report(rule, lit, (message or ctx.summary(rule)) + '; portable style rewrites "cuda", "cuda:N", '
                       '"cuda:%d" and f"cuda:{i}" only: write torch.device(torch.accelerator.current_accelerator().type, index)')
            continue
        exact, anywhere = edits
        ctx.report(rule, lit, message, unsafe=unsafe, edits=[exact], title=title)
        if raises:
            guards.raises_without_cuda(ctx)
            continue  # the call raised without CUDA: the path never ran there
        guards.needs_guard(ctx, "torch.accelerator.current_accelerator() is None without an accelerator",
                           fallback=[anywhere])


def _portable_edits(ctx: Context, lit: ast.AST, torch_alias: str) -> tuple[Edit, Edit] | None:
    """The portable rewrite of a device literal: the current accelerator's type (exact where
    there is one), and the same falling back to "cuda" (exact everywhere). ``"cuda:1"`` becomes
    an f-string (so do ``"cuda:%d"`` and ``"cuda:"`` of ``"cuda:%d" % i`` and ``"cuda:" + str(i)``),
    ``f"cuda:{rank}"`` gets the type as its first field; None for ``"cuda:{}".format(i)``."""
    exact, anywhere = guards.ACCELERATOR_TYPE.format(t=torch_alias), guards.ACCELERATOR_TYPE_OR_CUDA.format(t=torch_alias)
    if isinstance(lit, ast.Constant) and lit.value == "cuda":
        return ctx.replace(lit, exact), ctx.replace(lit, anywhere)
    start, end = ctx.span(lit)
    m = _LITERAL_HEAD.match(ctx.src.text, start)
    if m is None or m.start() != start:
        return None
    prefix, quote = m.group(1), m.group(2)
    if quote == '"':  # before Python 3.12 a field may not hold the quote that delimits its string
        anywhere = anywhere.replace('"', "'")
    if isinstance(lit, ast.JoinedStr) and "f" in prefix.lower():  # f"cuda:{rank}"
        return Edit(m.end() - 4, m.end(), "{" + exact + "}"), Edit(m.end() - 4, m.end(), "{" + anywhere + "}")
    if isinstance(lit, ast.Constant) and prefix == "" and ":" in lit.value and "{" not in lit.value:
        # "cuda:1", "cuda:%d" % i, "cuda:" + str(i); not "cuda:{}".format(i)
        rest = ctx.src.text[m.end():end]
        return (Edit(start, end, f"f{quote}{{{exact}}}{rest}"), Edit(start, end, f"f{quote}{{{anywhere}}}{rest}"))
    return None


# -- calls ----------------------------------------------------------------------------

def names_device_option(name: str) -> bool:
    """``name`` (an option's name as ``args`` holds it) is one a device option is declared with."""
    return name in ("device_type", "accelerator") or DEVICE_NAME.fullmatch(name) is not None


def _argparse_device_option(call: ast.Call) -> bool:
    """``add_argument("--device", ...)``, and any option named like a device variable
    (``--cache-device``, ``--eval_device``), ``--device-type`` and ``--accelerator``."""
    return (isinstance(call.func, ast.Attribute) and call.func.attr == "add_argument"
            and any(isinstance(a, ast.Constant) and isinstance(a.value, str)
                    and names_device_option(a.value.lstrip("-").replace("-", "_")) for a in call.args))


def _compared_as_cuda_option(ctx: Context, call: ast.Call) -> bool:
    """``add_argument("--gpu_type", default="cuda")`` where the file compares ``args.gpu_type`` with
    "cuda" (Time-Series-Library's ``run.py``: ``elif args.gpu_type == 'cuda': torch.cuda.empty_cache()``):
    a device type by its use, whatever its name. That comparison is rewritten to "neuron" with what it
    gates; its default must change with it, or the rewritten code never takes that branch by default."""
    if not (type(call.func) is ast.Attribute and call.func.attr == "add_argument"
            and any(k.arg == "default" and is_cuda_literal(k.value) for k in call.keywords)):
        return False
    state = ctx.state(_State)
    if state.cuda_compared is None:
        state.cuda_compared = frozenset(
            n.left.attr for n in all_nodes(ctx.tree)
            if type(n) is ast.Compare and type(n.left) is ast.Attribute and len(n.ops) == 1
            and type(n.ops[0]) in (ast.Eq, ast.NotEq) and is_cuda_literal(n.comparators[0]))
    return _argparse_dest(call) in state.cuda_compared


def _argparse_dest(call: ast.Call) -> str | None:
    """The attribute an argparse option is stored in: ``dest=``, else its first long name."""
    for kw in call.keywords:
        if kw.arg == "dest" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
            return kw.value.value
    names = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    name = next((n for n in names if n.startswith("--")), names[0] if names else None)
    return name.lstrip("-").replace("-", "_") if name else None


def _attribute_of(node: ast.AST) -> str | None:
    """``args.device`` and ``args.device.type``: the attribute holding the device."""
    if isinstance(node, ast.Attribute) and node.attr == "type" and isinstance(node.value, ast.Attribute):
        node = node.value
    return node.attr if isinstance(node, ast.Attribute) else None


def _inspected(ctx: Context, node: ast.AST, attribute: str | None = None) -> str | None:
    """The probe (project/device_probes.py) that reads, where CUDA is absent, the device value
    at ``node``: ``node`` is in a function of a probe's chain, or ``attribute`` is an option
    handed to one (in this module, or in another module ``fix`` was given). In portable style
    the rewrite of a literal outside a guard is exact on both hosts already: there it only
    spells ``torch`` where the module has not imported it (``fix`` adds the import)."""
    probes = ctx.state(device_probes.FileProbes)
    for chain in probes.of(ctx.tree, ctx.src.text):
        if attribute in chain.options or any(a <= node.lineno and node.end_lineno <= b for a, b in chain.spans):
            return f"`{chain.probe}`"
    if attribute is not None:
        probes.asks.add(attribute)  # a probe of another module may read it (scan asks again, runner.py)
    if attribute is not None and ctx.options is not None:
        for option, why in ctx.options.inspected_devices:
            if option == attribute:
                return why
    return None


@on(ast.Call)
def check_device_positions(call: ast.Call, ctx: Context) -> None:
    func = call.func
    name = ctx.qualify(func)
    if (name is None and call.args and (type(func) is ast.Name or type(func) is ast.Attribute
                                        and type(func.value) is ast.Name) and device_literals(call.args[0])):
        name = _device_callable_alias(ctx, func, call)  # only where a "cuda" is handed: bindings are read
    is_to = isinstance(func, ast.Attribute) and func.attr == "to" and name is None
    scaler_device = name in GRAD_SCALERS and not call.args
    tolerant = name in TOLERANT
    # torch's own functions allocate or move on the device they are given: "cuda" raises without CUDA
    allocates = is_to or name is not None and name.startswith("torch.") and not tolerant
    if call.args and (is_to or name in DEVICE_FIRST_ARG or name == "torch.load" and len(call.args) > 1):
        arg = call.args[1] if name == "torch.load" else call.args[0]
        report_device_literals(ctx, device_literals(arg), tolerant=tolerant,
                               raises=allocates and _cuda_device_literal(arg))
    for kw in call.keywords:
        if kw.arg == "device" and scaler_device:
            continue
        if kw.arg in DEVICE_KWARGS or (kw.arg == "type" and name == "torch.device"):
            if name in cuda_api().foreign_devices:
                # faster_whisper.WhisperModel(device="cuda"): its own runtime's device, not torch's
                report_foreign_device(ctx, device_literals(kw.value), [(name, call.lineno)])
            elif kw.arg == "map_location" and isinstance(kw.value, ast.Dict):
                # keys say where the checkpoint was saved (stay "cuda"); values where to load
                claim_all(ctx, kw.value.keys)
                report_device_literals(ctx, [x for v in kw.value.values for x in device_literals(v)])
            else:
                report_device_literals(ctx, device_literals(kw.value), tolerant=tolerant,
                                       raises=allocates and _cuda_device_literal(kw.value))
    if name is None and type(func) is ast.Name and call.args:
        for arg in _positional_device_arguments(ctx, func.id, call.args):
            report_device_literals(ctx, device_literals(arg))
    if (isinstance(func, ast.Attribute) and func.attr == "parametrize" and len(call.args) > 1
            and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
            and DEVICE_NAME.fullmatch(call.args[0].value.strip())):
        report_device_literals(ctx, listed_literals(call.args[1]))  # parametrize("device", [...])
    keyed = _keyed_default(call)
    if keyed is not None:  # variant.get("device", "cuda"), getattr(args, "device", "cuda"): a device's default
        report_device_literals(ctx, device_literals(keyed))
    if _argparse_device_option(call) or _compared_as_cuda_option(ctx, call):
        dest = _argparse_dest(call)
        inspected = _inspected(ctx, call, dest)
        for kw in call.keywords:
            if kw.arg == "default":
                if dest:
                    guards.option_default(ctx, dest, kw.value)
                before = len(ctx.findings)
                report_device_literals(ctx, device_literals(kw.value), inspected=inspected)
                if (not inspected and guards.style(ctx) != "portable"  # nnU-Net's -device: "options are 'cuda' ..."
                        and not any(k.arg == "choices" for k in call.keywords)):  # else the choice's help (below)
                    _help_follows(ctx, call, before)
            elif kw.arg == "choices" and isinstance(kw.value, (ast.List, ast.Tuple, ast.Set)):
                before = len(ctx.findings)
                report_device_literals(ctx, [e for e in kw.value.elts if is_cuda_literal(e)], inspected=inspected)
                if not inspected and guards.style(ctx) != "portable":  # "neuron" on every host
                    _help_follows(ctx, call, before)
    if name is None and isinstance(func, ast.Attribute) and func.attr == "startswith" and call.args:
        lits = [a for a in call.args if isinstance(a, ast.Constant) and a.value in ("cuda", "cuda:")]
        if lits and _torchscript_constant(ctx, func.value):
            claim_all(ctx, lits)
        elif lits:
            report_device_literals(ctx, lits, NM108, unsafe=NM108.fix_reason,
                                   inspected=_inspected(ctx, call, _attribute_of(func.value)))


def report_foreign_device(ctx: Context, lits: list[ast.AST], callees: list[tuple[str, int]], chosen: bool = False) -> None:
    """A "cuda" that goes only to a library outside PyTorch as its device (Coqui TTS's XTTS demo:
    ``device = "cuda" if torch.cuda.is_available() else "cpu"``, then faster-whisper's
    ``WhisperModel(..., device=device)``): its runtime takes "cuda" or "cpu", never "neuron", so the
    string is left (NM118) and the guard that chooses it (``chosen``) with it: on Neuron it runs as
    without CUDA."""
    name, line = callees[0]
    accepted = cuda_api().foreign_devices[name]
    devices = ", ".join(f'"{d}"' for d in accepted)
    left = ("left, with the test that chooses it: on Neuron it runs where it ran without CUDA" if chosen
            else 'left: it needs CUDA as before ("cpu" runs it on a Neuron host)' if "cpu" in accepted
            else "left: port that library first, then its device")
    whose = (f"whose device is that of a runtime outside PyTorch ({devices})" if "cpu" in accepted
             else "a CUDA-only library, whose device must be a CUDA one")
    for lit in lits:
        if id(lit) not in ctx.claimed:
            ctx.report(NM118, lit, f'"cuda" handed to `{name}` (line {line}), {whose}: it takes no "{_DEV}"; {left}')


def _positional_device_arguments(ctx: Context, name: str, args: list[ast.expr]) -> list[ast.expr]:
    """The positional arguments of a call of a function the module defines at its top level that
    fill a parameter named as a device keyword (``device``, ``map_location``): BigVGAN's
    ``load_checkpoint(path, "cuda")``, whose ``device`` goes to ``torch.load(map_location=device)``,
    is the call ``load_checkpoint(path, device="cuda")``."""
    if not any(device_literals(a) for a in args):
        return []
    fn = next((s for s in reversed(ctx.tree.body)
               if type(s) in (ast.FunctionDef, ast.AsyncFunctionDef) and s.name == name), None)
    if fn is None:
        return []
    out = []
    for param, arg in zip([*fn.args.posonlyargs, *fn.args.args], args):
        if type(arg) is ast.Starred:
            break
        if param.arg in DEVICE_KWARGS:
            out.append(arg)
    return out


def _keyed_default(call: ast.Call) -> ast.AST | None:
    """The default of a lookup by a key named like a device: ``d.get("device", "cuda")`` (``pop``,
    ``setdefault`` too) and ``getattr(args, "device", "cuda")``, else None."""
    func, args = call.func, call.args
    if type(func) is ast.Attribute and func.attr in ("get", "pop", "setdefault") and len(args) == 2:
        key, default = args
    elif type(func) is ast.Name and func.id == "getattr" and len(args) == 3:
        key, default = args[1:]
    else:
        return None
    named = type(key) is ast.Constant and type(key.value) is str and DEVICE_NAME.fullmatch(key.value.strip())
    return default if named and not call.keywords else None


# methods of a TorchScript graph (torch._C.Graph) that yield its nodes
_GRAPH_NODES = frozenset({"findAllNodes", "findNode"})


def _torchscript_constant(ctx: Context, value: ast.AST) -> bool:
    """``str(node["value"]).startswith("cuda")`` for each ``node`` of ``graph.findAllNodes(...)``
    (CLIP's ``load(jit=True)``, vendored widely): the device a TorchScript archive was saved
    with, looked for to replace it with the chosen one. It stays "cuda" on every host, so the
    test is right as it is and "neuron" there would find nothing."""
    names = {n.id for n in all_nodes(value) if type(n) is ast.Name}
    scope = ctx.chain[-1] if ctx.chain else None
    return bool(names) and scope is not None and any(
        type(n) in (ast.For, ast.comprehension) and type(n.target) is ast.Name and n.target.id in names
        and type(n.iter) is ast.Call and type(n.iter.func) is ast.Attribute and n.iter.func.attr in _GRAPH_NODES
        for n in all_nodes(scope))


_NULLCONTEXT = frozenset({"contextlib.nullcontext"})


def _device_callable_alias(ctx: Context, func: ast.AST, call: ast.Call) -> str | None:
    """The torch callable a local name (or ``self.x``) stands for, when every binding of it is that one callable
    whose first argument is a device, or ``contextlib.nullcontext`` where the call is a ``with``
    item without ``as`` (its argument is then unused): stable-diffusion's ``precision_scope =
    autocast if opt.precision == "autocast" else nullcontext``, then ``with precision_scope("cuda"):``."""
    values = _bound_values(ctx, func)
    if not values or any(element for _, element in values):
        return None
    found: set[str] = set()
    nulls = False
    todo = [v for v, _ in values]
    while todo:
        v = todo.pop()
        if type(v) is ast.IfExp:
            todo += (v.body, v.orelse)
            continue
        name = ctx.qualify(v) if type(v) in (ast.Name, ast.Attribute) else None
        if name in _NULLCONTEXT:
            nulls = True
        elif name in DEVICE_FIRST_ARG:
            found.add(name)
        else:
            return None
    if len(found) != 1:
        return None
    if nulls:  # nullcontext("cuda") hands its argument to `as`: only a bare `with` item ignores it
        scope = ctx.chain[-1] if ctx.chain else None
        if scope is None or not any(type(w) in (ast.With, ast.AsyncWith) and any(
                i.context_expr is call and i.optional_vars is None for i in w.items) for w in all_nodes(scope)):
            return None
    return found.pop()


_HELP_WORD = re.compile(r"\bcuda\b")


def _help_follows(ctx: Context, call: ast.Call, before: int) -> None:
    """``choices=["cpu", "cuda"], help="Options: cpu, cuda"``: the option's help names the choice
    the fix rewrites, so it changes with it (pytorch/torchchat's --device, whose help listed
    "cuda" while `--device cuda` was refused). A choice of "cuda" becomes "neuron", as every
    comparison of the value does: one kept would pass argparse and then miss those comparisons.
    So does a default of "cuda" (nnU-Net's ``-device``, default 'cuda', whose help says "Available
    options are 'cuda' (GPU), 'cpu' (CPU) and 'mps'" while its assert and tests now admit "neuron")."""
    doc = next((kw.value for kw in call.keywords if kw.arg == "help"), None)
    new = ctx.findings[before:]
    if (type(doc) is not ast.Constant or type(doc.value) is not str or len(new) != 1
            or new[0].fix is None or len(new[0].fix.edits) != 1):
        return
    start, _ = ctx.span(doc)
    edits = [Edit(start + m.start(), start + m.end(), _DEV) for m in _HELP_WORD.finditer(ctx.segment(doc))]
    if not edits:
        return
    import dataclasses

    f = new[0]
    ctx.findings[before] = dataclasses.replace(
        f, message=f.message + "; the option's help names it and changes with it",
        fix=dataclasses.replace(f.fix, edits=tuple(sorted((*f.fix.edits, *edits)))))


# -- comparisons, strings --------------------------------------------------------------

@on(ast.For, ast.comprehension)
def check_device_loop(node: ast.For | ast.comprehension, ctx: Context) -> None:
    """``for device in ["cpu", "cuda"]``: a loop variable named like a device takes devices."""
    if isinstance(node.target, ast.Name) and DEVICE_NAME.fullmatch(node.target.id):
        report_device_literals(ctx, listed_literals(node.iter))


@on(ast.Compare)
def check_compare(node: ast.Compare, ctx: Context) -> None:
    operands = [node.left, *node.comparators]
    operands += [e for o in operands if isinstance(o, (ast.List, ast.Tuple, ast.Set)) for e in o.elts]
    cuda = [o for o in operands if is_cuda_literal(o)]
    nccl = [o for o in operands if is_nccl(o)]
    built = [o.args[0] for o in operands if type(o) is ast.Call and len(o.args) == 1 and not o.keywords
             and is_cuda_literal(o.args[0]) and ctx.qualify(o.func) == "torch.device"]
    if built and (branch := _if_test_of(ctx).get(id(node))) and guards.cuda_only_reason(ctx, [*branch.body, *branch.orelse]):
        # `device == torch.device("cuda")` picking a CUDA-only branch (so-vits-svc's ONNX encoders pick
        # `CUDAExecutionProvider`) is a test as `device == "cuda"` is: a warning left with its branch
        # (decide_units), which on Neuron is not taken; not a device to port, which blocks a first run
        report_device_literals(ctx, built, NM108, unsafe=NM108.fix_reason)
    if cuda and _implementation_choice(node, ctx):
        ctx.claimed.update(map(id, cuda))  # no device: nothing to port (the device test beside it says what is)
        guards.implementation_test(ctx, node)
    elif cuda and _membership(node, cuda, ctx):
        pass
    elif cuda and (validation := _device_validation(node, ctx)) is not None:
        # `'cpu' not in device and 'cuda' not in device` (raise): admit Neuron beside CUDA
        other = node.comparators[0] if node.left is cuda[0] else node.left
        _admit(ctx, node, validation, validation[1], f' and "{_DEV}" not in {ctx.segment(other)}'
               if type(node.ops[0]) is ast.NotIn else f' and {ctx.segment(other)} != "{_DEV}"', cuda[0])
    elif cuda and (error := _error_text(node, cuda, ctx)):
        for lit in cuda:  # `"cuda" in str(e).lower()` in a handler: what failed, not a device
            ctx.report(NM108, lit, f'"cuda" is looked for in the text of an exception (`{error}`), not in a '
                       "device: Neuron's errors are worded otherwise; decide by hand which Neuron error it "
                       "should catch")
    elif cuda:
        kernel = guards_kernel(ctx, node)
        if kernel:
            for lit in cuda:
                guards.report_kernel_branch(ctx, NM108, lit, kernel)
        elif (loop := _loop_over_devices(node, ctx)) is not None:
            for lit in cuda:
                ctx.report(NM108, lit, NM108.summary + f"; `{loop.target.id}` runs over the devices of the `for` "
                           f"on line {loop.lineno}, whose \"cuda\" is not rewritten: the test and that list change "
                           "together or not at all (decide by hand)")
        elif _in_availability_check(node, ctx):
            # `args.device == "cuda" and not torch.cuda.is_available()` asks whether the chosen
            # device exists: it must follow the --device default and is_available() rewrites
            report_device_literals(ctx, cuda, message=ctx.summary(NM101) + " (an availability check "
                                    "on the chosen device, rewritten with it)", inspected=_compared(ctx, node))
        elif refusal := _refuses_other_devices(node, ctx):
            for lit in cuda:
                ctx.report(NM108, lit, NM108.summary + f"; the test refuses every other device (`{refusal}`): "
                           "its author says what follows needs CUDA, so whether it runs on Neuron is for a "
                           "person to decide before the test admits it")
        elif guards.style(ctx) == "portable":
            _portable_comparison(node, cuda, ctx)
        else:
            report_device_literals(ctx, cuda, NM108, unsafe=NM108.fix_reason, inspected=_compared(ctx, node))
            names = [o.id for o in (node.left, *node.comparators) if type(o) is ast.Name]
            if len(names) == 1 and ctx.chain and type(ctx.chain[-1]) in (ast.FunctionDef, ast.AsyncFunctionDef):
                guards.compares_parameter(ctx, ctx.chain[-1], names[0], len(cuda))
    for lit in nccl:
        report_nccl(ctx, lit)


# the device types torch.device takes and the words scripts choose a device with: a value also
# compared with another word ("ref", "triton") chooses an implementation. "mlu", "musa" and "sdaa"
# are the PrivateUse1 devices Hugging Face accelerate names beside "npu" (trl's trainers test
# `self.accelerator.device.type == "mlu"` in the chain that tests "cuda")
_DEVICE_WORDS = frozenset({"cpu", "cuda", "gpu", "mps", "xpu", "xla", "tpu", "npu", "hpu", "meta", "hip", "ipu",
                           "mtia", "maia", "ve", "lazy", "vulkan", "privateuseone", "neuron", "auto", "dml",
                           "directml", "rocm", "default", "none", "all", "any", "mlu", "musa", "sdaa"})


def _implementation_choice(node: ast.Compare, ctx: Context) -> bool:
    """``assert impl in ["ref", "cuda"]`` and ``if impl == "cuda" and x.device.type == "cuda":``
    (NVlabs' fused ops): the one name or attribute compared with "cuda" is also compared, in its
    function, with a word that names no device, so "cuda" names an implementation there."""
    subjects = [o for o in (node.left, *node.comparators) if type(o) in (ast.Name, ast.Attribute)]
    if len(subjects) != 1:
        return False
    text = ctx.segment(subjects[0])
    for sub in all_nodes(ctx.chain[-1] if ctx.chain else ctx.tree):  # only where "cuda" is compared: rare
        if type(sub) is not ast.Compare:
            continue
        operands = [sub.left, *sub.comparators]
        if not any(type(o) is type(subjects[0]) and ctx.segment(o) == text for o in operands):
            continue
        for o in operands:
            for e in o.elts if type(o) in (ast.List, ast.Tuple, ast.Set) else (o,):
                if (type(e) is ast.Constant and type(e.value) is str and e.value.isidentifier()
                        and e.value.lower() not in _DEVICE_WORDS):
                    return True
    return False


def _refuses_other_devices(node: ast.Compare, ctx: Context) -> str | None:
    """``if device.type != "cuda": raise ValueError("Quantization is only supported on the GPU.")``
    (lit-llama, before it imports its bitsandbytes layers): the whole test of an ``if`` without
    ``else`` whose body ends by raising, the segment of that ``raise``. Rewritten for Neuron, the
    test would admit Neuron to code its author kept for CUDA, which the tool has not read."""
    if len(node.ops) != 1 or type(node.ops[0]) not in (ast.NotEq, ast.IsNot):
        return None
    if_node = _if_test_of(ctx).get(id(node))
    if if_node is None or if_node.test is not node or if_node.orelse or type(if_node.body[-1]) is not ast.Raise:
        return None
    raised = if_node.body[-1].exc
    return ctx.segment(raised.func if type(raised) is ast.Call else raised) if raised is not None else "raise"


def _compared(ctx: Context, node: ast.Compare) -> str | None:
    """The probe that reads the device this comparison tests (``_inspected``): the comparison
    is in its chain, or compares an option handed to it (``args.device == "cuda"``)."""
    attribute = next((a for a in map(_attribute_of, (node.left, *node.comparators)) if a), None)
    return _inspected(ctx, node, attribute)


_TEXT_METHODS = frozenset({"lower", "upper", "casefold", "strip"})
_EXCEPTION_NAMES = frozenset({"e", "err", "error", "exc", "exception", "ex"})


def _error_text(node: ast.Compare, cuda: list[ast.AST], ctx: Context) -> str | None:
    """The operand of a comparison with "cuda" that is the text of an exception, as written:
    ``str(e)``, ``repr(e)``, ``e.args[0]``, ``traceback.format_exc()`` (``.lower()`` and the like
    looked through), where ``e`` is the name of an enclosing ``except`` clause, or a parameter
    named or annotated as an exception (composer's ``_is_cuda_oom(e: RuntimeError)``)."""
    for operand in (node.left, *node.comparators):
        if any(operand is c for c in cuda):
            continue
        core = operand
        while (type(core) is ast.Call and type(core.func) is ast.Attribute and core.func.attr in _TEXT_METHODS
               and not core.args):
            core = core.func.value
        if type(core) is ast.Subscript:
            core = core.value
        held = None
        if type(core) is ast.Call and type(core.func) is ast.Name and core.func.id in ("str", "repr") \
                and len(core.args) == 1:
            held = core.args[0]
        elif type(core) is ast.Attribute and core.attr == "args":
            held = core.value
        elif type(core) is ast.Call and ctx.qualify(core.func) in ("traceback.format_exc", "traceback.format_exception"):
            return ctx.segment(operand)
        if type(held) is ast.Name and _names_exception(held.id, node, ctx):
            return ctx.segment(operand)
    return None


def _names_exception(name: str, node: ast.AST, ctx: Context) -> bool:
    """``name`` is bound by an ``except ... as name`` around ``node`` in its scope, or is a
    parameter of its function named or annotated as an exception."""
    scope = ctx.chain[-1]
    for sub in all_nodes(scope):  # only for a "cuda" compared with str(name): rare
        if (type(sub) is ast.ExceptHandler and sub.name == name
                and sub.lineno <= node.lineno and node.end_lineno <= sub.end_lineno):
            return True
    if type(scope) in (ast.FunctionDef, ast.AsyncFunctionDef):
        args = scope.args
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
            if a.arg == name:
                note = a.annotation
                last = note.attr if type(note) is ast.Attribute else note.id if type(note) is ast.Name else ""
                return name in _EXCEPTION_NAMES or last.endswith(("Error", "Exception"))
    return False


def _membership(node: ast.Compare, cuda: list[ast.AST], ctx: Context) -> bool:
    """``t in ("cpu", "cuda")``: add the target beside "cuda" rather than replace it, so the test
    still holds for every device it held for; but rename it where ``t`` is a device option's value
    (False: not such a comparison)."""
    if len(node.ops) != 1 or not isinstance(node.ops[0], (ast.In, ast.NotIn)):
        return False
    options = node.comparators[0]
    if not isinstance(options, (ast.List, ast.Tuple, ast.Set)) or any(c not in options.elts for c in cuda):
        return False
    names = [e.value for e in options.elts if isinstance(e, ast.Constant)]
    if _DEV not in names and guards.device_option(ctx, node.left):
        # `assert args.device in ["cpu", "cuda"]` (nnU-Net's CLIs) checks the values the option takes:
        # its "cuda" is rewritten as its default and choices are, or the rewritten default is refused
        report_device_literals(ctx, cuda, NM108, message=NM108.summary + f"; it checks the values of "
                               f"`{ctx.segment(node.left)}`, a device option renamed with its default and choices",
                               inspected=_compared(ctx, node))
        return True
    validation = _device_validation(node, ctx)
    for lit in cuda:
        if validation is not None:
            _admit(ctx, lit, validation, names, f', "{_DEV}"')
        elif _DEV in names or guards.style(ctx) == "portable":
            ctx.report(NM108, lit, NM108.summary + f'; the collection also names "{_DEV}"'
                       if _DEV in names else NM108.summary)
        else:
            _, end = ctx.span(lit)
            ctx.report(NM108, lit, NM108.summary + f'; "{_DEV}" is added beside it',
                       edits=[Edit(end, end, f', "{_DEV}"')], unsafe=NM108.fix_reason)
    return True


_ADMITTED = ('; it only refuses the devices it does not name ({validation}), and it names the CPU: '
             f'"{_DEV}" is admitted beside "cuda", so a device the fix rewrites passes it')


def _admit(ctx: Context, after: ast.AST, validation: tuple[str, set[str]], names, added: str,
           at: ast.AST | None = None) -> None:
    """Report the "cuda" of a device validation (``_device_validation``, at ``at`` or ``after``), with
    ``added`` inserted after ``after`` to admit Neuron; once it names Neuron, nothing is left to do."""
    if _DEV in names:  # admitted already (by an earlier fix)
        ctx.report(NM108, at or after, NM108.summary + f'; the validation also admits "{_DEV}"', severity=Severity.INFO)
    else:
        _, end = ctx.span(after)
        ctx.report(NM108, at or after, NM108.summary + _ADMITTED.format(validation=validation[0]),
                   edits=[Edit(end, end, added)])


def _device_validation(node: ast.Compare, ctx: Context) -> tuple[str, set[str]] | None:
    """How a validation of device names that admits the CPU refuses the others, when ``node`` is
    (part of) its test: ``assert d.type in ["cpu", "cuda"]`` (detectron2's Caffe2 export), or the test
    of an ``if`` without ``else`` whose body ends by raising: ``d not in ("cpu", "cuda")``, or
    ``'cpu' not in d and 'cuda' not in d`` (face-alignment's detector, vendored by MuseTalk). What
    follows runs on the CPU, so it is not CUDA-only code: admitting Neuron beside CUDA keeps every
    device it admitted, and a device string the fix rewrites to Neuron no longer fails it. With
    the names the validation admits."""
    if len(node.ops) != 1:
        return None
    op = type(node.ops[0])
    if type(ctx.parent) is ast.Assert:
        if ctx.parent.test is not node or op is not ast.In:
            return None
        tests, how = [node], "assert"
    else:
        if_node = _if_test_of(ctx).get(id(node))
        if (if_node is None or if_node.orelse or type(if_node.body[-1]) is not ast.Raise
                or op not in (ast.NotIn, ast.NotEq)):
            return None
        test = if_node.test
        if test is node:
            tests = [node]
        elif type(test) is ast.BoolOp and type(test.op) is ast.And and any(v is node for v in test.values):
            tests = test.values
        else:
            return None
        raised = if_node.body[-1].exc
        how = f"raise {ctx.segment(raised.func if type(raised) is ast.Call else raised)}" if raised else "raise"
    named = set()
    for t in tests:
        if type(t) is not ast.Compare or len(t.ops) != 1 or type(t.ops[0]) is not op:
            return None
        for operand in (t.left, t.comparators[0]):
            elts = operand.elts if type(operand) in (ast.List, ast.Tuple, ast.Set) else [operand]
            named.update(e.value for e in elts if type(e) is ast.Constant and type(e.value) is str)
    return (how, named) if {"cpu", "cuda"} <= named else None


PORTABLE_OTHER_ACCELERATOR = ("on a host with another accelerator (MPS, XPU) it takes that "
                              "accelerator's branch, where the original took the CPU's")


def _portable_comparison(node: ast.Compare, cuda: list[ast.AST], ctx: Context) -> None:
    """``device.type == "cuda"`` → ``device.type != "cpu"``: on an accelerator, whichever it is.
    ``"cuda" in device`` → ``<the current accelerator's type, or "cuda"> in device``."""
    if (len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)) and node.left is cuda[0]
            and isinstance(node.left, ast.Constant) and node.left.value == "cuda"):
        torch_alias = ctx.names.alias_for("torch", ctx.chain)
        if torch_alias is not None:
            ctx.report(NM108, node.left, unsafe=PORTABLE_OTHER_ACCELERATOR, edits=[ctx.replace(
                node.left, guards.ACCELERATOR_TYPE_OR_CUDA.format(t=torch_alias))])
            return
    flipped = {ast.Eq: "!=", ast.NotEq: "=="}.get(type(node.ops[0])) if len(node.ops) == 1 else None
    other = node.comparators[0] if node.left is cuda[0] else node.left
    if flipped is None or len(cuda) != 1 or not (isinstance(cuda[0], ast.Constant) and cuda[0].value == "cuda") \
            or other is node.left and node.comparators[0] is not cuda[0]:
        for lit in cuda:
            ctx.report(NM108, lit, NM108.summary + "; portable style rewrites `x == \"cuda\"`, "
                       "`x != \"cuda\"` and `\"cuda\" in x` only")
        return
    text = f'{ctx.segment(other)} {flipped} "cpu"'
    ctx.report(NM108, cuda[0], edits=[ctx.replace(node, guards.parenthesised(ctx, node, text, "compare"))],
               unsafe=NM108.fix_reason)


def _loop_over_devices(node: ast.Compare, ctx: Context) -> ast.For | None:
    """The ``for device in devices:`` of the enclosing function, around ``node``, whose target is the one name
    ``node`` compares with "cuda" (mmpose's tests run each case on ``('cpu', 'cuda')``, handed by a
    decorator): that "cuda" is not a device the fix sees, so the test cannot follow it."""
    names = [o.id for o in (node.left, *node.comparators) if type(o) is ast.Name]
    if len(names) != 1 or not ctx.chain or type(ctx.chain[-1]) not in (ast.FunctionDef, ast.AsyncFunctionDef):
        return None
    return next((sub for sub in all_nodes(ctx.chain[-1]) if type(sub) in (ast.For, ast.AsyncFor)
                 and type(sub.target) is ast.Name and sub.target.id == names[0]
                 and sub.lineno <= node.lineno <= sub.end_lineno), None)  # the loop holding the test


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
    if is_cuda_literal(node):
        ctx.report(NM118, node)
    elif (value == "gpu" or value == "GPU") and (type(ctx.parent) is ast.IfExp and node is not ctx.parent.test
                                                and _asks_cuda(ctx, ctx.parent.test) or _chosen_in_cuda_branch(ctx)):
        ctx.report(NM124, node, f'"{value}" chosen where CUDA is available: another framework\'s name for the '
                   "CUDA GPU (Lightning's accelerator, LightGBM's device, CatBoost's task_type), with no Neuron "
                   "meaning: the question is left with it, so on Neuron it answers as without CUDA")
    elif value == "nccl":
        report_nccl(ctx, node)
    elif _cuda_tensor_type(node):
        _tensor_type_string(node, value, ctx)
    elif "CUDA" in value or "NCCL_" in value or "CUBLAS" in value or "nvidia-smi" in value:
        environment_text(node, value, ctx)


# the keywords other frameworks take their device in ("gpu" for Lightning, LightGBM; "GPU" for CatBoost)
_FRAMEWORK_DEVICE_KEYWORDS = frozenset({"accelerator", "device", "device_type", "task_type"})


def _chosen_in_cuda_branch(ctx: Context) -> bool:
    """``if torch.cuda.is_available(): accelerator = "gpu"``, then ``Trainer(accelerator=accelerator)``:
    the statement form of the choice, the string assigned to a name in the body of an ``if`` that asks
    torch.cuda and handed, in the same function, to a framework's device keyword. A name returned or
    compared instead is the project's own word (LLaMA-Factory's ``get_device_name()`` answers "gpu",
    which its ``get_torch_device()`` turns into "cuda"): not this."""
    parent = ctx.parent
    if type(parent) is not ast.Assign or len(parent.targets) != 1 or type(parent.targets[0]) is not ast.Name:
        return False
    if not any(any(s is parent for s in branch.body) and _asks_cuda(ctx, branch.test) for branch in ctx.state(_State).ifs):
        return False
    name = parent.targets[0].id
    return any(type(sub) is ast.keyword and sub.arg in _FRAMEWORK_DEVICE_KEYWORDS and type(sub.value) is ast.Name
               and sub.value.id == name for sub in ast.walk(ctx.chain[-1] if ctx.chain else ctx.tree))


def _asks_cuda(ctx: Context, test: ast.AST) -> bool:
    """Whether ``test`` calls torch.cuda (``torch.cuda.is_available()``) or a library's function that
    answers as one (cuda_api.yaml's same_as: transformers' ``is_torch_cuda_available``)."""
    for sub in all_nodes(test):
        if type(sub) is ast.Call:
            name = ctx.qualify(sub.func)
            if name is not None and (name.startswith("torch.cuda.") or name in cuda_api().same_as):
                return True
    return False


def _cuda_tensor_type(node: ast.AST) -> bool:
    """A string that looks like a CUDA tensor type name (the table decides): cheap, for every string."""
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value.startswith("torch.cuda.") and node.value.endswith("Tensor"))


def _tensor_type_string(node: ast.Constant, value: str, ctx: Context) -> None:
    """``"torch.cuda.HalfTensor"``: a legacy CUDA tensor type of the capability table, by name."""
    found = cuda_api().lookup(value)
    if found is None or found[1] != value or found[0].rule != "NM104":
        return
    parent = ctx.parent
    if isinstance(parent, ast.Call) and ctx.qualify(parent.func) == "torch.set_default_tensor_type":
        advice = f'use torch.set_default_device("{_DEV}") (and torch.set_default_dtype for its dtype)'
    else:
        advice = found[0].advice
    ctx.report(NM121, node, f"{value}, named by a string: {advice}")


@on(ast.JoinedStr)
def check_fstring(node: ast.JoinedStr, ctx: Context) -> None:
    if id(node) in ctx.claimed:
        return
    if is_cuda_literal(node):
        ctx.report(NM118, node)
        return
    for part in node.values:
        if isinstance(part, ast.Constant) and isinstance(part.value, str) and (
                "CUDA" in part.value or "NCCL_" in part.value or "nvidia-smi" in part.value):
            environment_text(node, part.value, ctx, exact=False)
            return


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
                       ("backend", [e for e in alternatives(node.value) if is_nccl(e)])):
        if lits and kind == "device" and isinstance(node, ast.AnnAssign):
            lits += literal_options(node.annotation)
        if lits:
            claim_all(ctx, lits)
            ctx.state(_State).held.append((kind, target_node, leaf, lits, ctx.chain, node.value))


@on(ast.arguments)
def check_defaults(node: ast.arguments, ctx: Context) -> None:
    """``def f(device="cuda")``: a parameter named like a device, or typed as one, is a device position."""
    positional = [*node.posonlyargs, *node.args]
    pairs = list(zip(positional[len(positional) - len(node.defaults):], node.defaults))
    pairs += [(a, d) for a, d in zip(node.kwonlyargs, node.kw_defaults) if d is not None]
    for arg, default in pairs:
        lits = device_literals(default)
        if not lits:
            continue
        named = DEVICE_NAME.fullmatch(arg.arg) is not None
        if named or _annotated_device(ctx, arg.annotation):
            lits += literal_options(arg.annotation)
            foreign = _foreign_uses(ctx, ctx.parent, arg.arg)
            if foreign:  # NeuralRender(device="cuda") hands it to nvdiffrast's RasterizeCudaContext
                report_foreign_device(ctx, lits, foreign)
                continue
            report_device_literals(ctx, lits, inspected=_inspected(ctx, default), message=None if named else
                                   ctx.summary(NM101) + f" (`{arg.arg}` is typed `torch.device`)")


@on(ast.Return)
def check_return(node: ast.Return, ctx: Context) -> None:
    """``def infer_device(): if torch.cuda.is_available(): return "cuda"`` (peft's): what a function
    named like a device returns is a device, as a variable so named holds one; the guard that
    chooses it is rewritten with it."""
    fn = ctx.chain[-1] if ctx.chain else None
    if type(fn) in (ast.FunctionDef, ast.AsyncFunctionDef) and DEVICE_NAME.fullmatch(fn.name):
        lits = device_literals(node.value)
        if lits:
            report_device_literals(ctx, lits, message=ctx.summary(NM101) + f" (returned by `{fn.name}`)")


def _annotated_device(ctx: Context, annotation: ast.AST | None) -> bool:
    """``device_map: str | torch.device = "cuda"`` (Open-Sora's model factories): a parameter its
    author typed as a torch.device, whatever its name, is a device position."""
    return annotation is not None and any(
        type(n) in (ast.Attribute, ast.Name) and ctx.qualify(n) == "torch.device" for n in all_nodes(annotation))


def literal_options(annotation: ast.AST | None) -> list[ast.Constant]:
    """The "cuda" of ``device: Literal["cuda", "cpu"] = "cuda"`` (taming-transformers): the values
    a device may take, rewritten with the value so that the annotation still admits it."""
    if not (isinstance(annotation, ast.Subscript) and (
            isinstance(annotation.value, ast.Name) and annotation.value.id == "Literal"
            or isinstance(annotation.value, ast.Attribute) and annotation.value.attr == "Literal")):
        return []
    options = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
    return [o for o in options if is_cuda_literal(o)]


@on(ast.Dict)
def check_config_dict(node: ast.Dict, ctx: Context) -> None:
    """``{"device": "cuda"}``: the value under a "device" key is a device."""
    for key, value in zip(node.keys, node.values):
        if isinstance(key, ast.Constant) and isinstance(key.value, str) and DEVICE_NAME.fullmatch(key.value):
            report_device_literals(ctx, device_literals(value))


@finalizer
def defaults_compared(ctx: Context) -> None:
    """A parameter's "cuda" default that comparisons rewritten to "neuron" test (guards.compares_default)
    is a device string rewritten with them, not a string of unknown use."""
    for default, found, lines, admitted in guards.compared_defaults(ctx):
        if found is None or found.code != NM118.code:
            continue  # a device parameter's default (NM101) already
        ctx.findings.remove(found)
        ctx.claimed.discard(id(default))
        where = f"line {lines[0]}: rewritten with that test" if len(lines) == 1 else (
            f"lines {', '.join(map(str, lines))}: rewritten with those tests")
        what = "a value of the parameter's `Literal` annotation, rewritten with its default" if admitted else (
            "a parameter's default")
        report_device_literals(ctx, [default], message=ctx.summary(NM101) + f" ({what}, "
                               f'compared with "cuda" on {where}; a caller or config that passes "cuda" must then pass "{_DEV}")')


@finalizer
def resolve_held_variables(ctx: Context) -> None:
    """Decide on a variable holding "cuda" or "nccl" once all its uses are known.

    Its literal is rewritten safely when the variable is named like a device, or when every
    use of it is a device (or process-group backend) position.
    """
    held = ctx.state(_State).held
    if not held:
        return
    uses = _variable_uses(ctx, {leaf for _, t, leaf, _, _, _ in held if isinstance(t, ast.Name)})
    for kind, target_node, leaf, lits, chain, value in held:
        ctx.claimed.difference_update(id(lit) for lit in lits)  # held back for this decision
        only_used_as = None
        if isinstance(target_node, ast.Name):
            scope = ctx.names.binding_scope(leaf, chain)
            kinds = {u.kind for u in uses if u.name == leaf and u.scope is scope}
            foreign = [(k[1], k[2]) for k in kinds if type(k) is tuple]
            if kind == "device" and foreign:  # handed to a library outside PyTorch: its device, not torch's
                report_foreign_device(ctx, lits, sorted(foreign, key=lambda f: f[1]), type(value) is ast.IfExp)
                continue
            if "device" in kinds:  # a device compared with "cpu" or "mps" answers as "cuda" did
                kinds.discard("compared")
            only_used_as = kinds.pop() if len(kinds) == 1 else None
        if kind == "backend":
            for lit in lits:
                if only_used_as == "backend":
                    report_backend(ctx, NM110, lit, ctx.summary(NM110) + f" (`{leaf}` is only used as one)")
                else:
                    report_nccl(ctx, lit)
            continue
        if DEVICE_NAME.fullmatch(leaf):
            report_device_literals(ctx, lits, inspected=_inspected(
                ctx, value, leaf if isinstance(target_node, ast.Attribute) else None))
        elif only_used_as == "device":
            report_device_literals(ctx, lits, message=ctx.summary(NM101) + f" (`{leaf}` is only used as a device)")
        elif "device" in leaf.lower():
            report_device_literals(ctx, lits, NM108, unsafe=NM108.fix_reason,
                                    message=f'`{leaf}` holds "cuda" and is also used outside device '
                                    "positions (comparisons, flags)")
            _mirrored_test(ctx, target_node, lits, chain, value, uses)
        else:  # f"cuda{major}" in a name of no device: a version, as likely as a device
            for lit in lits:
                if is_cuda_literal(lit):
                    ctx.report(NM118, lit, NM118.summary + f" (assigned to `{leaf}`)")


def _cuda_test(node: ast.AST) -> bool:
    """``"cuda" in device``, ``device.startswith("cuda")``, ``device.type == "cuda"``..."""
    for sub in all_nodes(node):
        if isinstance(sub, ast.Compare) and any(is_cuda_literal(o) for o in (sub.left, *sub.comparators)):
            return True
        if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr == "startswith"
                and any(isinstance(a, ast.Constant) and a.value in ("cuda", "cuda:") for a in sub.args)):
            return True
    return False


def _mirrored_test(ctx: Context, target_node: ast.AST, lits: list, chain: tuple, value: ast.AST,
                   uses: list[_Use]) -> None:
    """``device_type = "cuda" if "cuda" in device else "cpu"``: the variable says what the test
    found, so rewritten with its test it names the target exactly where the device is the
    target. Its uses decide whether that is certain (guards.mirrors_test): device positions,
    arguments, text, comparisons. Anything else (a key, an operand) keeps it unsafe."""
    if not (isinstance(target_node, ast.Name) and isinstance(value, ast.IfExp) and lits == [value.body]
            and _cuda_test(value.test) and ctx.findings and ctx.findings[-1].code == NM108.code):
        return
    scope = ctx.names.binding_scope(target_node.id, chain)
    compares: list[ast.Compare] = []
    for use in uses:
        if use.name != target_node.id or use.scope is not scope:
            continue
        if isinstance(use.parent, ast.Compare):
            compares.append(use.parent)
        elif not (isinstance(use.parent, (ast.keyword, ast.FormattedValue))
                  or isinstance(use.parent, ast.Call) and use.node in use.parent.args):
            return  # a key (`table[device_type]`), an operand: what it makes of "neuron" is unknown
    guards.mirrors_test(ctx, compares, target_node.id)


class _Use(NamedTuple):
    """A load of a held variable: the scope its name resolves in, the kind of position it is
    in ("device", "backend" or None), and the node it is a child of."""

    name: str
    scope: ast.AST | None
    kind: str | tuple | None
    node: ast.Name
    parent: ast.AST


def _foreign_uses(ctx: Context, fn: ast.AST, name: str) -> list[tuple[str, int]]:
    """(callee, line) of each call of a library outside PyTorch (``foreign_devices``) that the
    function ``fn`` hands its parameter ``name`` to as a device, in source order."""
    if type(fn) not in (ast.FunctionDef, ast.AsyncFunctionDef) or not any(
            callee.rpartition(".")[2] in ctx.src.text for callee in cuda_api().foreign_devices):
        return []
    uses = _variable_uses(ctx, {name}, fn, ctx.chain)
    return sorted({(u.kind[1], u.kind[2]) for u in uses if u.scope is fn and type(u.kind) is tuple},
                  key=lambda f: f[1])


def _variable_uses(ctx: Context, names: set[str], root: ast.AST | None = None, chain: tuple = ()) -> list[_Use]:
    """Every load of ``names``, in one walk of the file (or of ``root``, met in scope ``chain``)."""
    out = []
    stack = [(root, (), chain) if root is not None else (ctx.tree, (), (ctx.tree,))]
    while stack:
        node, parents, chain = stack.pop()
        if isinstance(node, ast.Name) and node.id in names and isinstance(node.ctx, ast.Load):
            out.append(_Use(node.id, ctx.names.binding_scope(node.id, chain),
                            _position_kind(ctx, node, parents, chain), node, parents[-1]))
            continue
        for child, child_chain in scoped_children(node, chain):
            stack.append((child, (*parents[-3:], node), child_chain))
    return out


def _position_kind(ctx: Context, node: ast.AST, parents: tuple, chain: tuple) -> str | tuple | None:
    """"device" or "backend" when ``node`` is used as one (through ``a if c else b``), ("foreign",
    callee, line) when it is the device of a library outside PyTorch (``foreign_devices``),
    "compared" when it is compared with strings that name no CUDA device (ultralytics' ``arg in
    {"cpu", "mps"}``), else None."""
    child = node
    for i in range(len(parents) - 1, -1, -1):
        parent = parents[i]
        if type(parent) is ast.Compare:
            others = [o for o in (parent.left, *parent.comparators) if o is not child]
            texts = [e for o in others for e in (o.elts if type(o) in (ast.Set, ast.Tuple, ast.List) else (o,))]
            return "compared" if texts and all(
                type(t) is ast.Constant and type(t.value) is str and "cuda" not in t.value for t in texts) else None
        if isinstance(parent, (ast.IfExp, ast.BoolOp)) and child is not getattr(parent, "test", None):
            child = parent
            continue
        if isinstance(parent, ast.keyword):
            call = parents[i - 1] if i else None
            if parent.arg in DEVICE_KWARGS:
                callee = ctx.names.qualify(call.func, chain) if isinstance(call, ast.Call) else None
                # ("foreign", callee, line): the device of a library outside PyTorch (report_foreign_device)
                return ("foreign", callee, call.lineno) if callee in cuda_api().foreign_devices else "device"
            if parent.arg == "backend" and isinstance(call, ast.Call) and (
                    ctx.names.qualify(call.func, chain) in INIT_PROCESS_GROUP):
                return "backend"
            return None
        if isinstance(parent, ast.Call) and child in parent.args:
            func = parent.func
            name = ctx.names.qualify(func, chain)
            if name in cuda_api().foreign_devices:  # WhisperModel(size, device): its runtime's device
                return ("foreign", name, parent.lineno)
            if parent.args[0] is not child:
                return None
            if isinstance(func, ast.Attribute) and func.attr == "to" or name in DEVICE_FIRST_ARG:
                return "device"
            return "backend" if name in INIT_PROCESS_GROUP else None
        return None
    return None


# -- kernel guards ----------------------------------------------------------------------

def kernel_has_fallback(ctx: Context, node: ast.AST) -> bool:
    """The ``if`` whose test holds ``node`` has another side that runs when the test answers no (an
    ``else``, or the code after a body that returns), and raises in neither: GroundingDINO's
    ``if torch.cuda.is_available() and value.is_cuda:`` before its CUDA kernel, with the
    pure-PyTorch attention in the ``else``."""
    if_node = _if_test_of(ctx).get(id(node))
    if if_node is None or any(type(s) is ast.Raise for s in (*if_node.body, *if_node.orelse)):
        return False
    return bool(if_node.orelse) or type(if_node.body[-1]) is ast.Return


def guards_kernel(ctx: Context, node: ast.AST) -> str | None:
    """If ``node`` sits in the test of an ``if`` whose body calls a CUDA/Triton kernel, its name."""
    if_node = _if_test_of(ctx).get(id(node))
    if if_node is None:
        return None
    # setup.py: `if torch.cuda.is_available() and CUDA_HOME is not None: extension = CUDAExtension`
    # asks whether CUDA kernels can be built; a Neuron host must not answer yes
    for sub in (*(n for s in if_node.body for n in all_nodes(s)), *all_nodes(if_node.test)):
        if isinstance(sub, (ast.Name, ast.Attribute)) and ctx.qualify(sub) in _CUDA_BUILD:
            return ctx.segment(sub)
    for stmt in (*if_node.body, *if_node.orelse):  # either branch: the test picks which runs
        for sub in all_nodes(stmt):
            if type(sub) is ast.Assign and type(sub.value) is ast.Name and _KERNEL_HINT.search(sub.value.id):
                # s4's `cauchy_mult = cauchy_cuda`, imported from the project's kernels: the branch
                # picks a kernel to call later; a local name is decided by its binding (below)
                qualified = ctx.qualify(sub.value)
                if qualified and not qualified.startswith("torch."):
                    guards.kernel_picked(ctx, sub.value.id)
                    return sub.value.id
            if not isinstance(sub, ast.Call):
                continue
            if any(_cuda_tensor_type(a) for a in sub.args):  # x.type("torch.cuda.HalfTensor") (NM121)
                return ctx.segment(sub)
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
            if guards.inference_server(qualified):
                continue  # a Triton Inference Server client (tritonclient.grpc), not a kernel
            if library_call(sub, ctx):  # fairseq: multi_tensor_l2norm, from apex's amp_C
                return ".".join(reversed(parts)) if parts else ctx.segment(sub.func)
            if parts and parts[0] in ("cuda", "to"):
                continue  # a device move (x.cuda()), reported on its own
            if parts == ["apply", getattr(fn, "id", None)] and _applies_kernel(ctx, fn.id):
                # GroundingDINO's `MultiScaleDeformableAttnFunction.apply(value, ...)`, whose forward
                # calls `_C.ms_deform_attn_forward`: the autograd Function runs the kernel
                return f"{fn.id}.apply"
            if any(_KERNEL_HINT.search(p) for p in parts) or "ops" in parts[1:]:
                if len(parts) == 1 and isinstance(fn, ast.Name) and _is_mover(ctx, fn, qualified):
                    continue  # dataclass_to_cuda_(batch): a function that only moves tensors
                if len(parts) > 1 and _runtime_kind(ctx, sub.func.value) == "one":
                    continue  # self.rng_cuda.manual_seed(seed): a Generator's method, not a kernel's
                if (len(parts) > 1 and isinstance(fn, ast.Name) and "ops" not in parts[1:]
                        and not any(_KERNEL_HINT.search(p) for p in parts[:-1]) and _holds_result(ctx, fn)):
                    continue  # result_cuda.cpu(), result_cuda = op(x.cuda()): a call's result, named, not a kernel
                if len(parts) == 1 and not qualified:
                    guards.kernel_called(ctx, parts[0], if_node.lineno)
                return ".".join(reversed(parts))
    return None


def _applies_kernel(ctx: Context, name: str) -> bool:
    """``name`` is an autograd Function of this file (a module-level class) whose ``forward``
    calls a kernel, by the hints ``guards_kernel`` reads (``_C.op``, ``ext.forward``), not torch's API."""
    cls = next((n for n in ctx.tree.body if type(n) is ast.ClassDef and n.name == name), None)
    forward = next((n for n in cls.body if type(n) is ast.FunctionDef and n.name == "forward"), None) if cls else None
    for sub in all_nodes(forward) if forward else ():
        if type(sub) is ast.Call and type(sub.func) is ast.Attribute and type(sub.func.value) is ast.Name \
                and _KERNEL_HINT.search(sub.func.value.id) \
                and not (ctx.qualify(sub.func) or "torch.").startswith("torch."):
            return True
    return False


def _is_mover(ctx: Context, fn: ast.Name, qualified: str) -> bool:
    """Whether the function called by the name ``fn`` only moves tensors (``movers``): one of
    this file, or one of another module of the project the scan found to (``Options.movers``);
    a name imported from another module is asked of the project (``Summary.kernel_asks``)."""
    if qualified:
        if ctx.options is not None and qualified in ctx.options.movers:
            return True
        ctx.state(_State).kernel_asks.add(qualified)
        return False
    return fn.id in _file_movers(ctx) and ctx.names.binding_scope(fn.id, ctx.chain) is ctx.tree


# calls that return a module of kernels (``ext_cuda = load(name="ext_cuda", sources=[...])``)
_MODULE_LOADERS = frozenset({"torch.utils.cpp_extension.load", "torch.utils.cpp_extension.load_inline",
                             "importlib.import_module", "__import__"})


def _holds_result(ctx: Context, name: ast.Name) -> bool:
    """Whether every binding of the local ``name`` is the result of a call that is no kernel's and
    loads no module of kernels (``result_cuda = op.forward(x.cuda())``, ``x_cuda = x.cuda()``):
    a name spelled like a kernel's (``*_cuda``) that holds such a value is decided by what it is
    bound to, not by its spelling. False for a parameter, an import, an unread binding."""
    values = _bound_values(ctx, name)
    if not values:
        return False
    for value, _ in values:
        if isinstance(value, ast.Constant) and value.value is None:
            continue  # set later
        if not isinstance(value, ast.Call):
            return False
        f = value.func
        if isinstance(f, ast.Attribute) and f.attr in ("cuda", "to"):
            continue  # a tensor moved to the device
        if (ctx.qualify(f) or "") in _MODULE_LOADERS or _KERNEL_HINT.search(ctx.segment(f) or ""):
            return False
    return True


def _runtime_kind(ctx: Context, e: ast.AST, depth: int = 0) -> str | None:
    """"one" when ``e`` is one of torch's runtime objects (``_RUNTIME_MAKERS``), "many" when it is
    a list of them, read from every binding of a local name or of ``self.x`` in its class; None
    when any binding is something else or unknown (a parameter, an import, another file's)."""
    if depth > 3:
        return None
    if isinstance(e, ast.Call):
        return "one" if ctx.qualify(e.func) in _RUNTIME_MAKERS else None
    if isinstance(e, (ast.List, ast.Tuple)):
        kinds = {_runtime_kind(ctx, elt, depth + 1) for elt in e.elts}
        return "many" if e.elts and kinds == {"one"} else None
    if isinstance(e, (ast.ListComp, ast.GeneratorExp)):
        return "many" if _runtime_kind(ctx, e.elt, depth + 1) == "one" else None
    if isinstance(e, ast.Subscript) and not isinstance(e.slice, ast.Slice):
        return "one" if _runtime_kind(ctx, e.value, depth + 1) == "many" else None
    values = _bound_values(ctx, e)
    if not values:
        return None
    kinds = set()
    for value, element in values:
        if not element and isinstance(value, ast.Constant) and value.value is None:
            continue  # ``self.rng_cuda = None`` until it is made
        kind = _runtime_kind(ctx, value, depth + 1)
        kinds.add(("one" if kind == "many" else None) if element else kind)
    return kinds.pop() if len(kinds) == 1 else None


def _bound_values(ctx: Context, e: ast.AST) -> list[tuple[ast.AST, bool]] | None:
    """What a local name (or ``self.x``, across its class's methods) is bound to: (value, whether
    the name is an element of it, as a loop's target is). None when a binding is not read (a
    parameter, an import, a tuple unpacked, ``with``, an augmented assignment)."""
    if isinstance(e, ast.Name):
        # bound nowhere in the chain: a comprehension's target, read in the innermost scope
        scope = ctx.names.binding_scope(e.id, ctx.chain) or (ctx.chain[-1] if ctx.chain else None)
        if scope is None or isinstance(scope, (ast.ClassDef, ast.Lambda)):
            return None
        return _bindings(all_nodes(scope), lambda t: isinstance(t, ast.Name) and t.id == e.id)
    if not (isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name)):
        return None
    cls_at = next((i for i in range(len(ctx.chain) - 1, -1, -1) if isinstance(ctx.chain[i], ast.ClassDef)), None)
    if cls_at is None or cls_at + 1 >= len(ctx.chain):
        return None
    method = ctx.chain[cls_at + 1]
    if (not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or not method.args.args
            or method.args.args[0].arg != e.value.id):
        return None
    found: list[tuple[ast.AST, bool]] = []
    for fn in ctx.chain[cls_at].body:
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.args.args:
            own = fn.args.args[0].arg
            got = _bindings(all_nodes(fn), lambda t: (isinstance(t, ast.Attribute) and t.attr == e.attr
                                                      and isinstance(t.value, ast.Name) and t.value.id == own))
            if got is None:
                return None
            found += got
    return found


def _bindings(nodes: list[ast.AST], is_target) -> list[tuple[ast.AST, bool]] | None:
    """The values ``is_target``'s stores are bound to among ``nodes``; None if one is not read."""
    found: list[tuple[ast.AST, bool]] = []
    stores = 0
    for node in nodes:
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, (ast.Store, ast.Del)) and is_target(node):
            stores += 1
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [(node.value, False) for t in targets if is_target(t)]
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            it = node.iter
            if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate" and it.args:
                target, it = (node.target.elts[1] if isinstance(node.target, ast.Tuple) and len(node.target.elts) == 2
                              else None), it.args[0]
            else:
                target = node.target
            if target is not None and is_target(target):
                found.append((it, True))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if any(is_target(ast.Name(id=(a.asname or a.name).partition(".")[0])) for a in node.names):
                return None
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            if any(is_target(ast.Name(id=a.arg)) for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)):
                return None
    return found if stores == len(found) else None


LIBRARY_IMPORTS = frozenset({"NM502", "NM503", "NM504"})  # the rules of a library's import


def library_call(node: ast.Call, ctx: Context) -> str | None:
    """"`bitsandbytes.functional.double_quant` (bitsandbytes)" when ``node`` calls a library the
    table says has no Neuron backend (its import is NM502-NM504), not one of the project's own."""
    from neuron_migrate.checks.kernels import _own, _table

    name = ctx.qualify(node.func)
    found = _table(ctx).module_package(name) if name else None
    if found is None or found[0].rule not in LIBRARY_IMPORTS or _own(name, ctx):
        return None
    return f"`{name}` ({found[0].name})"


@on(ast.If)
def note_if(node: ast.If, ctx: Context) -> None:
    """Remember the ``if`` statements seen so far, for the kernel-guard check."""
    ctx.state(_State).ifs.append(node)


def _if_test_of(ctx: Context) -> dict[int, ast.If]:
    """Node id -> the ``if`` whose test holds it, for the ``if`` statements seen so far (the
    walk meets an ``if`` before its test). Built when first asked: most files never ask."""
    state = ctx.state(_State)
    table = state.if_test_of
    for node in state.ifs[state.ifs_indexed:]:
        for sub in all_nodes(node.test):  # ast.walk's nodes without the Load/Store leaves
            table[id(sub)] = node
    state.ifs_indexed = len(state.ifs)
    return table
