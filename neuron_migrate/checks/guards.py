"""Guards and what they gate, as one unit; rewrites that need a guard; CUDA-only regions.

The contract of ``fix`` (docs/fix.md): a path that ran on a host without CUDA still runs,
with the same results, on stock PyTorch without the Neuron plugin; a path that ran on CUDA
runs on Neuron. The NM1xx checks propose one rewrite per CUDA reference; this module,
run after them on the whole file, decides which of those rewrites keep the contract:

- **Units.** A guard (``if torch.cuda.is_available():``, ``"cuda" if use_cuda else "cpu"``,
  ``device.type == "cuda" and ...``, a variable assigned from one) and the CUDA references
  in the branches it chooses between form a unit. Every rewrite in a unit becomes one fix
  (all its edits, unsafe if any part is), or, when a reference that would misbehave with
  the guard turned true has no rewrite, none of them does, and the guard's finding says why.
- **Needs a guard.** A rewrite whose result raises on stock PyTorch where the original ran
  (``torch.cuda.manual_seed_all`` → ``torch.neuron.manual_seed_all``; ``torch.device("cuda")``
  → ``torch.device("neuron")``) is made only in the branch a rewritten guard opens; elsewhere
  its fallback (a spelling that picks the target only where it exists) or nothing.
- **CUDA-only regions.** A branch, function or module that feeds Triton, CUDA extensions,
  TensorRT, onnxruntime-gpu or CuPy keeps its CUDA code: its rewrites are dropped and the
  findings point at the real port.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from dataclasses import dataclass, field

from neuron_migrate.checks import Context, on, prefilter
from neuron_migrate.checks.kernels import EXTENSION_LOADERS, _table, loaded_extensions
from neuron_migrate.models import Applicability, Edit, Finding, Fix, Severity
from neuron_migrate.project.summary import (INFERENCE_SERVER_MODULES, TRITON_COMPILER, cuda_only_library,
                                            firm_imports, parameter_defaults)
from neuron_migrate.traversal import BODY_FIELDS, TRY_TYPES, all_nodes, child_nodes, statements_holding

prefilter(__name__, ("cuda", "nccl"))

# the spellings the styles write (tests/test_mapping.py checks their names exist in torch)
NEURON_PRESENT = 'hasattr({t}, "neuron")'
NEURON_AVAILABLE = NEURON_PRESENT + " and {t}.neuron.is_available()"
ACCELERATOR_TYPE = "{t}.accelerator.current_accelerator().type"
ACCELERATOR_TYPE_OR_CUDA = 'getattr({t}.accelerator.current_accelerator(), "type", "cuda")'

# Left without a rewrite, these do no harm when their guard turns true on Neuron (a flag
# with no effect, an import, an environment variable); everything else of NM1xx and NM5xx
# would raise or pick CUDA there, so a unit holding one without a rewrite is left whole.
HARMLESS = frozenset({"NM109", "NM112", "NM113", "NM114", "NM117", "NM119"})
# NM108's reason for being unsafe alone (checks.device imports this module, so it is repeated)
_SWITCHES = "it switches the CUDA-only features of that branch on for Neuron"
# (DeepSpeed's replace_with_kernel_inject swaps a model's layers for its CUDA inference kernels;
# tiny-cuda-nn's tinycudann builds its modules on the current CUDA device: threestudio's `with
# torch.cuda.device(rank): self.encoding = tcnn.Encoding(...)`)
# CuPy's name where no letter runs into it: `--occupy` (reserve a GPU's memory, YOLOX) holds the word too
_CUDA_ONLY = re.compile(r"(?i)" + TRITON_COMPILER + r"|(?<![a-z])cupy|pycuda|tensorrt|\btrt\b|CUDAExecutionProvider|"
                        r"TensorrtExecutionProvider|onnxruntime[-_]gpu|paddlepaddle[-_]gpu|pynvml|kernel_inject|"
                        r"tinycudann")
# lower-case words one of which a text holds, lower-cased, wherever _CUDA_ONLY matches it (with
# the four non-ASCII letters a case-blind pattern takes for ASCII ones put back): a text without
# any is not searched, since the regular expression costs ten times the word search
_CUDA_ONLY_WORDS = ("triton", "cupy", "pycuda", "tensorrt", "trt", "cudaexecutionprovider", "onnxruntime",
                    "paddlepaddle", "pynvml", "kernel_inject", "tinycudann")
_CASE_BLIND = (("\u0130", "i"), ("\u0131", "i"), ("\u017f", "s"), ("\u212a", "k"))  # İ ı ſ K (re's docs)


@dataclass
class _State:
    operand_of: dict[int, type] = field(default_factory=dict)  # node id -> its parent's type
    needs_guard: dict[int, tuple] = field(default_factory=dict)  # finding id -> (why, fallback, harmless)
    raises: set[int] = field(default_factory=set)  # ids of findings that raise without CUDA
    raising_calls: list[ast.Call] = field(default_factory=list)  # ... their calls, when known
    neuron_branches: list[ast.AST] = field(default_factory=list)  # the Neuron side of choices a fix wrote
    cuda_only: dict[int, str] = field(default_factory=dict)  # finding id -> why its region is CUDA-only
    branches: list[tuple] = field(default_factory=list)  # (If or IfExp, scope)
    conjunctions: list[ast.BoolOp] = field(default_factory=list)
    flags: list[tuple] = field(default_factory=list)  # (assignment to one name or attribute, scope)
    functions: list[ast.AST] = field(default_factory=list)
    class_of: dict[int, ast.ClassDef] = field(default_factory=dict)  # a function's id -> the class it is in
    mirrors: dict[int, tuple] = field(default_factory=dict)  # finding id -> (comparisons of its variable, its name)
    cuda_only_string: bool = False  # a string constant names CUDA-only machinery
    may_name_cuda_only: bool | None = None  # _may_name_cuda_only's answer
    kernels: frozenset[str] | None = None  # _kernels' answer
    aliases: dict[str, str] | None = None  # _cuda_only_aliases' answer
    options: tuple[set, set, set] | None = None  # _options: on/off dests, ids of their names, device dests
    option_defaults: dict[str, list] = field(default_factory=dict)  # argparse dest -> its default= values
    # finding id -> (the device expression a torch.cuda call is handed, the (text, scope) keys of
    # the assignments that may give it its value, the parameter default that may)
    handed: dict[int, tuple] = field(default_factory=dict)
    # (ids of the findings of a comparison with "cuda", its function, the name compared): compares_parameter
    compared: list[tuple] = field(default_factory=list)
    defaults_of: list[tuple] | None = None  # (those ids, the "cuda" defaults that may give the name its value)
    callee_of: dict[int, str] = field(default_factory=dict)  # finding index -> "`f` (line 3)", a branch calls
    called: dict[str, int] = field(default_factory=dict)  # a function of the file a kernel branch calls -> its line
    picks: set[str] = field(default_factory=set)  # kernels a branch assigns to call later (s4's cauchy_cuda)
    truth_tests: set[int] = field(default_factory=set)  # ids of expressions only tested for truth
    importers: dict[str, str] | None = None  # _importers' answer
    implementations: list[ast.Compare] = field(default_factory=list)  # `impl == "cuda"`: an implementation's name


def port_advice(what: str) -> str:
    """The real port for CUDA-only machinery named in ``what``."""
    if "DataParallel" in what:
        return "use DistributedDataParallel, one process per NeuronCore"
    if re.search(r"(?i)tensorrt|\btrt\b|torch2trt|onnxruntime|paddlepaddle|ExecutionProvider|kernel_inject", what):
        return "drop that backend: run the PyTorch model on the neuron device"
    if "CUDA graph" in what:
        return 'compile the step with torch.compile(backend="neuron") instead'
    if "pynvml" in what:  # NVML reads NVIDIA GPUs only (mosaicml/composer's system metrics)
        return "read Neuron devices with neuron-monitor / neuron-top"
    if "faiss." in what:  # FAISS's GPU indexes (torchrec's get_index): its CPU indexes run anywhere
        return "take the CPU index there (faiss-cpu)"
    return "port it (NKI for kernels)"


def style(ctx: Context) -> str:
    return ctx.options.style if ctx.options is not None else "neuron"


def target_words(ctx: Context) -> str:
    """What the fix style writes in place of "cuda", for messages."""
    from neuron_migrate.capabilities import target

    return "the current accelerator's type" if style(ctx) == "portable" else f'"{target().device}"'


def migrated_choice(node: ast.AST) -> bool:
    """A device choice a fix wrote: ``("neuron" if hasattr(torch, "neuron") else "cuda")`` or
    ``getattr(torch.accelerator.current_accelerator(), "type", "cuda")``. Its "cuda" is what
    a host without the target ran before the fix, kept on purpose: not a finding."""
    if isinstance(node, ast.IfExp):
        test = node.test
        return (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "hasattr"
                and len(test.args) == 2 and isinstance(test.args[1], ast.Constant)
                and test.args[1].value == "neuron")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
        args = node.args
        return (len(args) == 3 and isinstance(args[1], ast.Constant) and args[1].value == "type"
                and isinstance(args[0], ast.Call) and isinstance(args[0].func, ast.Attribute)
                and args[0].func.attr == "current_accelerator")
    return False


# Where a rewrite's text needs parentheses, by what it is: ``a and b``, ``a == b``, ``a if c else b``.
_BINDS_TIGHTER = {
    "and": (ast.UnaryOp, ast.Compare, ast.BinOp, ast.Subscript, ast.Await),
    "compare": (ast.Compare, ast.BinOp, ast.Subscript, ast.Await),
    "if": (ast.UnaryOp, ast.Compare, ast.BinOp, ast.Subscript, ast.Await, ast.BoolOp, ast.IfExp),
}


def parenthesised(ctx: Context, node: ast.AST, text: str, kind: str = "and", below: bool = False) -> str:
    """``text`` (of the ``kind`` above) in place of ``node``, in parentheses where it needs them:
    as an operand that binds tighter, and before a trailer (``"cuda:{}".format(i)``, ``x[0]``).
    ``below``: ``node`` may be below the node the walk is at, whose operands it has not noted yet."""
    state = ctx.state(_State)
    parent = state.operand_of.get(id(node))
    if parent is None and below:
        # torch.device("cuda" if n else "cpu")'s literal: the operands around the node the walk is
        # at are noted now, from its parent down (the walk notes the same again)
        for n in ast.walk(ctx.parent or ctx.tree):
            if type(n) in _OPERANDS:
                _note_operand_of(n, state.operand_of)
        parent = state.operand_of.get(id(node))
    if parent is not None and issubclass(parent, _BINDS_TIGHTER[kind]):
        return f"({text})"
    return f"({text})" if _TRAILER.match(ctx.src.text, ctx.span(node)[1]) else text


_TRAILER = re.compile(r"(?:[ \t]|\\\r?\n)*[.(\[]")  # what follows a primary: an attribute, a call, a subscript


# operator node type -> (fields holding one operand, fields holding a list of them)
_OPERANDS = {ast.UnaryOp: (("operand",), ()), ast.Compare: (("left",), ("comparators",)),
             ast.BinOp: (("left", "right"), ()), ast.Subscript: (("value",), ()), ast.Await: (("value",), ()),
             ast.BoolOp: ((), ("values",)), ast.IfExp: (("test", "body", "orelse"), ())}


def _note_operand_of(node: ast.AST, operand_of: dict[int, type]) -> type:
    cls = type(node)
    one, many = _OPERANDS[cls]
    for name in one:
        operand_of[id(getattr(node, name))] = cls
    for name in many:
        for child in getattr(node, name):
            operand_of[id(child)] = cls
    return cls


@on(*_OPERANDS)
def note_operands(node: ast.AST, ctx: Context) -> None:
    state = ctx.state(_State)
    cls = _note_operand_of(node, state.operand_of)
    # what is only tested for truth (or whose false value is never the result): `not x`, `x if t
    # else y`'s t, every operand of an `or` but the last; every operand where the whole is tested
    if cls is ast.UnaryOp and type(node.op) is ast.Not or cls is ast.IfExp:
        state.truth_tests.add(id(node.operand if cls is ast.UnaryOp else node.test))
    elif cls is ast.BoolOp:
        tested = id(node) in state.truth_tests
        if tested or type(node.op) is ast.Or:
            state.truth_tests.update(map(id, node.values if tested else node.values[:-1]))


@on(ast.If, ast.While, ast.Assert)
def note_test(node: ast.If | ast.While | ast.Assert, ctx: Context) -> None:
    ctx.state(_State).truth_tests.add(id(node.test))


def truth_test(ctx: Context, node: ast.AST) -> bool:
    """Whether ``node``'s value is only tested for truth (``if node:``, ``not node``, ``node and x``)."""
    return id(node) in ctx.state(_State).truth_tests


def needs_guard(ctx: Context, why: str, fallback: list[Edit] | None = None,
                harmless: bool = False, note: str = "") -> None:
    """Mark the finding just reported: its rewrite raises on stock PyTorch where the original
    ran, so it is made only inside a guard rewritten with it. ``fallback``: the edits to make
    elsewhere (a spelling that is exact everywhere); ``harmless``: left as it is, the original
    does no harm on Neuron (a no-op there); ``note``: what the message adds where the fallback
    is made."""
    ctx.state(_State).needs_guard[id(ctx.findings[-1])] = (why, fallback, harmless, note)


def raises_without_cuda(ctx: Context, call: ast.Call | None = None) -> None:
    """Mark the finding just reported as a call that raises without CUDA (``torch.cuda.set_device``,
    ``x.cuda()``): the statements after it in its block never ran on a host without CUDA, nor
    (given ``call``) anything past its own arguments, which are evaluated just before it raises."""
    state = ctx.state(_State)
    state.raises.add(id(ctx.findings[-1]))
    if call is not None:
        state.raising_calls.append(call)


def mirrors_test(ctx: Context, compares: list[ast.Compare], name: str) -> None:
    """Mark the finding just reported (``device_type = "cuda" if "cuda" in device else "cpu"``):
    its variable ``name`` says what its test found, and is used only in device positions, as an
    argument, and in ``compares``. Rewritten with its test, it is certain unless one of those
    comparisons (other than with "cuda") opens a branch holding CUDA code left as it is."""
    ctx.state(_State).mirrors[id(ctx.findings[-1])] = (compares, name)


def compares_parameter(ctx: Context, fn: ast.AST, name: str, reported: int) -> None:
    """Mark the ``reported`` findings just reported (the "cuda" of ``accelerator == "cuda"`` in
    ``fn``) as a comparison of ``name``. Where it is a parameter with a "cuda" default, the default
    and every comparison of it are one unit: rewritten apart, the default path takes the other
    branch (sam2's trainer then raises "Unsupported accelerator")."""
    ctx.state(_State).compared.append(({id(f) for f in ctx.findings[-reported:]}, fn, name))


def _defaults_of(state: _State) -> list[tuple]:
    """``compared``'s records with the "cuda" defaults that may give each compared name its value:
    its own parameter's, or, one call away in the file, a caller's that hands its own parameter on
    (``__init__(self, accelerator="cuda")`` calls ``self._setup_device(accelerator)``)."""
    if state.defaults_of is None:
        state.defaults_of = []
        for ids, fn, name in state.compared:
            found = _cuda_default(fn, name)
            if found == []:
                found = [d for caller in state.functions if caller is not fn
                         for d in _handed_default(caller, fn, name)]
            if found:
                state.defaults_of.append((ids, found))
    return state.defaults_of


def _cuda_default(fn: ast.AST, name: str) -> list[ast.AST] | None:
    """``[the "cuda" default, the "cuda" of its Literal annotation if any]`` of ``fn``'s parameter
    ``name``, ``[]`` for a parameter with no "cuda" default, None for a name that is no parameter
    or that ``fn`` rebinds."""
    from neuron_migrate.checks.device import is_cuda_literal, literal_options

    args = fn.args
    param = next((a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == name), None)
    if param is None or any(
            type(n) is ast.Name and n.id == name and type(n.ctx) is not ast.Load for n in ast.walk(fn)):
        return None
    default = parameter_defaults(args).get(name)
    if default is None or not is_cuda_literal(default):
        return []
    return [default, *literal_options(param.annotation)]


def _handed_default(caller: ast.AST, fn: ast.AST, name: str) -> list[ast.AST]:
    """The "cuda" defaults of ``caller``'s parameters that it hands ``fn``'s parameter ``name`` in
    a call ``fn(...)`` (or ``self.fn(...)``, for a method)."""
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    method = int(bool(params) and params[0] in ("self", "cls"))
    index = params.index(name) - method if name in params else -1
    out = []
    for call in ast.walk(caller):
        f = call.func if type(call) is ast.Call else None
        if not (type(f) is ast.Name and f.id == fn.name and not method or type(f) is ast.Attribute
                and f.attr == fn.name and type(f.value) is ast.Name and f.value.id in ("self", "cls") and method):
            continue
        given = [k.value for k in call.keywords if k.arg == name] or (
            [call.args[index]] if 0 <= index < len(call.args) else [])
        if given and type(given[0]) is ast.Name:
            out += _cuda_default(caller, given[0].id) or []
    return out


def compared_defaults(ctx: Context) -> list[tuple[ast.AST, Finding | None, list[int], bool]]:
    """Each "cuda" default of a compared parameter (``compares_parameter``), and the "cuda" its
    ``Literal`` annotation admits: the literal, the finding reported at it, the lines of the
    comparisons that test it, and whether it is the annotation's."""
    state = ctx.state(_State)
    if not state.compared:
        return []
    from neuron_migrate.checks.device import literal_options

    spans, out = _Spans(ctx), {}
    for ids, defaults in _defaults_of(state):
        lines = {f.line for f in ctx.findings if id(f) in ids}
        for d in defaults:
            out.setdefault(id(d), (d, set()))[1].update(lines)
    admitted = {id(o) for fn in state.functions for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)
                for o in literal_options(a.annotation)}
    return [(d, next((f for f in ctx.findings if _inside(f, spans.of([d]))), None), sorted(lines), id(d) in admitted)
            for d, lines in out.values()]


def hands_device(ctx: Context, arg: ast.AST) -> None:
    """Mark the finding just reported (a ``torch.cuda`` call with a rewrite) as handed the device
    value ``arg``: a variable, an attribute (``self.device``), an option (``args.device``,
    ``getattr(args, "device")``). Where that value holds a CUDA device string, the call and the
    value are one unit (``llm.c``: ``device = f"cuda:{rank}"`` then ``torch.cuda.set_device(device)``):
    ``torch.neuron.set_device`` handed ``"cuda:0"`` is not exact (torch.cuda's own functions
    reject a device of another type, torch.accelerator's too)."""
    keys, default, option = [], None, None
    if type(arg) is ast.Name:
        scope = ctx.names.binding_scope(arg.id, ctx.chain)
        if scope is not None:
            keys.append((arg.id, scope))
            if type(scope) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda):
                default = parameter_defaults(scope.args).get(arg.id)
    elif type(arg) is ast.Attribute:
        keys.append((ctx.segment(arg), None))
        if type(arg.value) is ast.Name and arg.value.id not in ("self", "cls"):
            option = arg.attr
    elif (type(arg) is ast.Call and type(arg.func) is ast.Name and arg.func.id == "getattr" and len(arg.args) >= 2
          and type(arg.args[1]) is ast.Constant and type(arg.args[1].value) is str):
        option = arg.args[1].value
    if keys or option or type(arg) is ast.Constant:  # torchtune's max_memory_allocated(device="cuda:0")
        ctx.state(_State).handed[id(ctx.findings[-1])] = (arg, keys, default, option)


def option_default(ctx: Context, dest: str, value: ast.AST) -> None:
    """``add_argument("--device", default=value)``: what ``args.<dest>`` holds unless given."""
    ctx.state(_State).option_defaults.setdefault(dest, []).append(value)


def implementation_test(ctx: Context, node: ast.Compare) -> None:
    """``impl == "cuda"`` names an implementation (checks/device.py): the test stays, so does what its
    branch runs on CUDA."""
    ctx.state(_State).implementations.append(node)


def cuda_only_region(ctx: Context, why: str) -> None:
    """Mark the finding just reported as the reason its branch or function is CUDA-only."""
    ctx.state(_State).cuda_only[id(ctx.findings[-1])] = why


def kernel_called(ctx: Context, name: str, line: int) -> None:
    """``name``, called bare, is the kernel the branch of the ``if`` on ``line`` calls (checks/device.py)."""
    ctx.state(_State).called.setdefault(name, line)


def kernel_picked(ctx: Context, name: str) -> None:
    """A branch assigns the kernel ``name`` to call it later (checks/device.py)."""
    ctx.state(_State).picks.add(name)


def kernel_use(ctx: Context, kernel: str) -> str:
    """What a branch does with ``kernel``, in words: "calls `k`", or "picks `k` (called after it)"."""
    return f"picks `{kernel}` (called after it)" if kernel in ctx.state(_State).picks else f"calls `{kernel}`"


def report_kernel_branch(ctx: Context, rule, node: ast.AST, kernel: str, message: str | None = None,
                         branch: str = "the branch", answers: bool = False) -> None:
    """Report ``rule`` at a test whose branch runs ``kernel``: left for CUDA, its unit with it.
    ``answers``: the test is an availability question whose no runs the code's other side, so
    left as it is, it stops nothing on Neuron (a warning, not a blocker)."""
    use = kernel_use(ctx, kernel)
    head = f"{message or rule.summary}; {branch} {use}, which needs CUDA"
    if answers:
        ctx.report(rule, node, f"{head}: left as it is, it answers no on Neuron and the other side runs there "
                   f"(not a blocker); later, for speed: {port_advice(kernel)}", severity=Severity.WARNING)
    else:
        ctx.report(rule, node, f"{head}: {port_advice(kernel)}, do not redirect it to Neuron")
    cuda_only_region(ctx, f"the branch {use}")


# -- what the walk collects -------------------------------------------------------------

@on(ast.If, ast.IfExp)
def note_branch(node: ast.If | ast.IfExp, ctx: Context) -> None:
    if migrated_choice(node):  # its fallback is what a host without Neuron runs: nothing in it is a finding
        ctx.claimed.update(map(id, ast.walk(node.orelse)))
        ctx.state(_State).neuron_branches.append(node.body)  # and its other side runs only with the plugin
        return
    ctx.state(_State).branches.append((node, ctx.chain[-1] if ctx.chain else None))


@on(ast.Call)
def note_migrated_default(node: ast.Call, ctx: Context) -> None:
    if migrated_choice(node):
        ctx.claimed.update(map(id, ast.walk(node.args[2])))


@on(ast.BoolOp)
def note_conjunction(node: ast.BoolOp, ctx: Context) -> None:
    if isinstance(node.op, ast.And):
        ctx.state(_State).conjunctions.append(node)


@on(ast.Assign)
def note_flag(node: ast.Assign, ctx: Context) -> None:
    """``use_cuda = ...``, ``args.cuda = ...``: a guard may be held in a variable."""
    if len(node.targets) == 1 and isinstance(node.targets[0], (ast.Name, ast.Attribute)):
        ctx.state(_State).flags.append((node, ctx.chain[-1] if ctx.chain else None))


@on(ast.FunctionDef, ast.AsyncFunctionDef)
def note_function(node: ast.AST, ctx: Context) -> None:
    state = ctx.state(_State)
    state.functions.append(node)
    cls = next((s for s in reversed(ctx.chain) if type(s) is ast.ClassDef), None) if ctx.chain else None
    if cls is not None:  # a method, or a function nested in one: what its `self.f(...)` calls
        state.class_of[id(node)] = cls


# -- the decision -----------------------------------------------------------------------

class _Spans:
    """Node spans as (line, column) pairs comparable with a finding's position."""

    def __init__(self, ctx: Context) -> None:
        self.src = ctx.src

    def start(self, node: ast.AST) -> tuple[int, int]:
        return node.lineno, self.src.char_column(node.lineno, node.col_offset) + 1

    def end(self, node: ast.AST) -> tuple[int, int]:
        return node.end_lineno, self.src.char_column(node.end_lineno, node.end_col_offset) + 1

    def of(self, nodes) -> tuple[tuple[int, int], tuple[int, int]] | None:
        nodes = [n for n in nodes if n is not None]
        return (self.start(nodes[0]), self.end(nodes[-1])) if nodes else None


def _inside(f: Finding, span) -> bool:
    return span is not None and span[0] <= (f.line, f.column) and (f.end_line, f.end_column) <= span[1]


_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _negative(test: ast.AST) -> bool:
    """``not guard``, ``x != "cuda"``, ``not guard or not flag``: the branch taken with CUDA is
    the else branch. So with a bound beside it (``not torch.cuda.is_available() or i >=
    torch.cuda.device_count()``: RVC's device choice by compute capability)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return True
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        negative = [_negative(v) for v in test.values]
        return any(negative) and all(n or type(v) is ast.Compare and len(v.ops) == 1 and type(v.ops[0]) in _ORDER
                                     for n, v in zip(negative, test.values))
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    op, bound = test.ops[0], test.comparators[0]
    if isinstance(op, (ast.Eq, ast.LtE, ast.Lt)) and isinstance(bound, ast.Constant) and bound.value == (
            1 if isinstance(op, ast.Lt) else 0) and _counts_devices(test.left):
        return True  # torch.cuda.device_count() == 0 (or < 1): true where there is no CUDA
    return isinstance(op, (ast.NotEq, ast.NotIn, ast.IsNot))


def _opened(test: ast.AST, body: list, orelse: list, asks) -> list:
    """The branch that runs only with CUDA's answer: the body, the else branch of a negative test,
    or neither when every part of the test that asks CUDA is true without it (trl's `if n > 1 and
    torch.cuda.device_count() < n: pytest.skip(f"... got {torch.cuda.device_count()}")`: the skip is
    what a host without CUDA runs, so the count in it is not guarded by the one in the test)."""
    if _negative(test):
        return orelse
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    asking = [v for v in parts if asks(v)]
    if asking and all(_negative(v) or _too_few_devices(v) for v in asking):
        return []
    return body


def _too_few_devices(test: ast.AST) -> bool:
    """``torch.cuda.device_count() < n`` (or ``n > ...``): true where there is no CUDA, for any n of 1 or more."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    op = type(test.ops[0])
    return (op in (ast.Lt, ast.LtE) and _counts_devices(test.left)
            or op in (ast.Gt, ast.GtE) and _counts_devices(test.comparators[0]))


def _counts_devices(node: ast.AST) -> bool:
    """A call of ``device_count()`` (of torch.cuda, or the spelling a fix wrote for it)."""
    if isinstance(node, ast.IfExp):
        node = node.body
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "device_count"


class _Groups:
    """Union-find over finding indices."""

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def join(self, items: list[int]) -> None:
        for a, b in zip(items, items[1:]):
            self.parent[self.find(a)] = self.find(b)


def _blocking(f: Finding) -> bool:
    """Would this finding, left as it is, misbehave once its guard is true on Neuron?"""
    if not f.code.startswith(("NM1", "NM5")) or f.code in HARMLESS:
        return False
    return f.severity is not Severity.INFO or f.code == "NM118"


def _names_cuda_only(text: str) -> bool:
    lower = text
    if not text.isascii():
        for odd, letter in _CASE_BLIND:
            if odd in lower:
                lower = lower.replace(odd, letter)
    lower = lower.lower()
    for word in _CUDA_ONLY_WORDS:
        if word in lower:
            return _CUDA_ONLY.search(text) is not None
    return False


@on(ast.Constant)
def note_cuda_only_string(node: ast.Constant, ctx: Context) -> None:
    value = node.value
    if type(value) is str and value and _names_cuda_only(value):
        ctx.state(_State).cuda_only_string = True


def _may_name_cuda_only(ctx: Context) -> bool:
    """Whether a name, attribute or string of the file may name CUDA-only machinery. Names
    and attributes stand in the text as written, NFKC-normalised (as Python reads them) where
    it is not ASCII, between characters that cannot continue a name: a text that does not
    match has none. Strings, whose escapes may spell a word, are looked at by the walk."""
    state = ctx.state(_State)
    if state.may_name_cuda_only is None:
        state.may_name_cuda_only = state.cuda_only_string or _names_cuda_only(ctx.src.names_text)
    return state.may_name_cuda_only


def _cuda_only_text(ctx: Context, node: ast.AST) -> str | None:
    """The text of a name, attribute, string or keyword set to True that names CUDA-only machinery.
    A string counts only as a word (a provider, a backend, a requirement such as ``"tensorrt>=8"``):
    prose that mentions one (a docstring listing ``pip install onnxruntime-gpu``, a help text) uses nothing.
    A name imported from Triton Inference Server's packages is not OpenAI's Triton."""
    t = type(node)
    if t is ast.Constant:
        text = node.value if isinstance(node.value, str) and not _has_space(node.value) else None
    elif t is ast.keyword:  # a switch turned on (`replace_with_kernel_inject=True`), not one turned off
        text = node.arg if type(node.value) is ast.Constant and node.value.value is True else None
    else:
        text = node.id if t is ast.Name else node.attr if t is ast.Attribute else None
    if not text or not _names_cuda_only(text):
        return None
    if t is not ast.Constant and inference_server(ctx.qualify(node)):
        return None
    return text


def inference_server(qualified: str | None) -> bool:
    """``qualified`` is a name of Triton Inference Server's packages (``tritonclient.http``)."""
    return bool(qualified) and qualified.partition(".")[0] in INFERENCE_SERVER_MODULES


def _has_space(text: str) -> bool:
    return len(text.split(maxsplit=1)) != 1


SWITCHED_OFF = "the branch switches TensorRT off"
_TRT_SWITCH = re.compile(r"(?i)(?<![a-z])trt(?![a-z])")  # load_trt, use_trt, enable_trt_fp16


def _switched_off(body: list[ast.stmt]) -> str | None:
    """A TensorRT switch that a branch of a CUDA test turns off (CosyVoice's ``if
    torch.cuda.is_available() is False and (load_trt is True or ...): load_jit, load_trt, fp16 = False,
    False, False``): the test keeps the engine, which needs CUDA, from loading. Asked of Neuron, it
    would answer yes there and leave the switch on."""
    for stmt in body:
        if type(stmt) is not ast.Assign:
            continue
        for t in stmt.targets:
            pairs = zip(t.elts, stmt.value.elts) if type(t) is ast.Tuple and type(stmt.value) is ast.Tuple \
                else [(t, stmt.value)]
            for target, value in pairs:  # load_trt = False, args.use_trt = False
                name = target.id if type(target) is ast.Name else target.attr if type(target) is ast.Attribute else ""
                if type(value) is ast.Constant and value.value is False and _TRT_SWITCH.search(name):
                    return name
    return None


def cuda_only_reason(ctx: Context, nodes) -> str | None:
    """The first name, attribute or string naming CUDA-only machinery in ``nodes``, each
    searched breadth first (as ``ast.walk``, without its Load/Store leaves)."""
    if not _may_name_cuda_only(ctx):
        return None
    for node in nodes:
        level = [node]
        while level:
            for sub in level:
                text = _cuda_only_text(ctx, sub)
                if text:
                    return text
            level = [child for sub in level for child in child_nodes(sub)]
    return None


def _calls_importer(ctx: Context, block: list[ast.stmt]) -> str | None:
    """Why ``block`` is CUDA-only when it calls, by name, a module-level function of the file that
    imports a CUDA-only library whenever it runs (LLaMA-Factory's ``patch_qwen3_5_forward_gpu``
    imports flash-linear-attention's Triton kernels): with its guard turned true on Neuron, the
    call would import them there."""
    state = ctx.state(_State)
    if state.importers is None:
        table = _table(ctx)  # rules/dependencies.yaml: the modules NM502-NM504 report
        state.importers = {fn.name: module for fn in ctx.tree.body if type(fn) in (ast.FunctionDef, ast.AsyncFunctionDef)
                           for level, module, _ in firm_imports(fn.body) if not level and table.module_package(module)}
    if state.importers:
        for stmt in block:
            for n in all_nodes(stmt):
                if type(n) is ast.Call and type(n.func) is ast.Name and n.func.id in state.importers:
                    return f"the branch calls `{n.func.id}`, which imports `{state.importers[n.func.id]}`"
    return None


def decide_units(ctx: Context) -> None:
    """The last finalizer (checks.load_all puts it there): it judges every finding of the file."""
    findings = ctx.findings
    state = ctx.state(_State)
    marks = state.needs_guard
    if not any(f.fix is not None for f in findings) and not marks:
        return
    spans = _Spans(ctx)
    groups = _Groups(len(findings))
    in_unit: set[int] = set()
    covered: list[tuple] = []  # (member indices of the guard, span its true branch covers)
    why_cuda_only: dict[int, str] = {}  # finding index -> what makes its region CUDA-only

    # each finding's (start, end), read once: members is asked for every branch, flag and value
    positions = [((f.line, f.column), (f.end_line, f.end_column)) for f in findings]

    def members(span) -> list[int]:  # _inside for every finding
        if span is None:
            return []
        lo, hi = span
        return [i for i, (start, end) in enumerate(positions) if lo <= start and end <= hi]

    flags: dict[tuple, list[int]] = {}
    for node, scope in state.flags:
        held = members(spans.of([node.value]))
        if held:
            key = ctx.segment(node.targets[0])
            # every assignment: `device = "cuda"` and, in a DDP branch, `device = f"cuda:{rank}"`
            flags.setdefault((key, scope if isinstance(node.targets[0], ast.Name) else None), []).extend(held)
    for node, scope in state.flags if flags else ():
        # `self.device = device`: the attribute holds what the variable does (sam2's demo predictor
        # picks `device`, keeps it on self, and tests `self.device.type` in another method)
        value, target = node.value, node.targets[0]
        if type(value) is ast.Name and type(target) is ast.Attribute:
            held = flags.get((value.id, scope))
            if held:
                flags.setdefault((ctx.segment(target), None), []).extend(held)
    library_flags = _library_flags(ctx, findings) if state.conjunctions else {}
    handed = _handed_values(ctx, state, flags, members)
    for i, values in handed.items():
        groups.join([i, *values])
        in_unit.update([i, *values])
    tested: dict[int, str] = {}  # comparison of a parameter -> the lines of the defaults it is one unit with
    for compared, defaults in _defaults_of(state) if state.compared else ():
        tests = [i for i, f in enumerate(findings) if id(f) in compared]
        unit = tests + [i for d in defaults for i in members(spans.of([d])) if findings[i].code in _DEVICE_STRINGS]
        groups.join(unit)
        in_unit.update(unit)
        for i in tests:
            tested[i] = ", ".join(str(n) for n in sorted({d.lineno for d in defaults}))
    functions_left = _functions_left(ctx, spans) if state.branches else {}
    switching: set[int] = set()  # tests whose own branch holds CUDA references
    refusing: set[int] = set()  # tests of an `if` that raises in one of its branches
    # the last name of each flag's text: a name or attribute of a test reads as a flag only if its
    # text, which ends with its own (last) name, is the flag's text; a text that is not ASCII may
    # spell its name apart from how Python reads it (NFKC), and is compared in full
    ascii_flags = all(text.isascii() for text, _ in flags)
    flag_ends = {re.search(r"\w*$", text).group() for text, _ in flags} if ascii_flags else None
    # conditional expressions of one statement that ask the same question are one unit (cleanrl's Isaac Gym
    # call: `sim_device="cuda:0" if torch.cuda.is_available() and args.cuda else "cpu"`, left, and beside it
    # `headless=False if <the same test> else True`, which must keep asking what the device choice asks)
    asked_in: dict[tuple, int] = {}
    for node, scope in state.branches:
        guard = members(spans.of([node.test]))
        test = list(guard)
        for sub in all_nodes(node.test) if flags else ():
            t = type(sub)
            if (t is ast.Name and (flag_ends is None or sub.id in flag_ends)
                    or t is ast.Attribute and (flag_ends is None or sub.attr in flag_ends)):
                text = ctx.segment(sub)
                # not a value set in the branch itself (mosaicml/composer's launcher tests `if args.nproc
                # is None:`, then sets it from torch.cuda.device_count() there: the test guards nothing)
                held = flags.get((text, scope), []) + flags.get((text, None), [])
                if t is ast.Name and scope is not ctx.tree and scope is not None and sub.id not in ctx.names.bindings(scope).names:
                    # a module's flag read in a function (sd-scripts' HAS_CUDA), where the flag is rewritten
                    # (not diffusers' BACKEND_SUPPORTS_TRAINING, a table keyed by "cuda" that a test looks in)
                    module_flag = flags.get((text, ctx.tree), [])
                    if all(findings[i].fix is not None for i in module_flag):
                        held = held + module_flag
                guard += [i for i in held if not node.lineno <= findings[i].line <= node.end_lineno]
        if not guard:
            continue
        body = node.body if isinstance(node, ast.If) else [node.body]
        orelse = node.orelse if isinstance(node, ast.If) else [node.orelse]
        if (isinstance(node, ast.If) and not orelse and _negative(node.test) and type(body[-1]) in _EXITS
                and any(findings[i].code == "NM103" for i in guard)):
            # `if not torch.cuda.is_available(): return` (or a variable holding it), then the CUDA path;
            # not a test of a device string (`if accelerator not in allowed: raise`)
            orelse = _after(node, scope or ctx.tree)
        actions = members(spans.of(body)) + members(spans.of(orelse))
        for i, called in _called_left(body + orelse, functions_left).items() if functions_left else ():
            actions.append(i)
            state.callee_of.setdefault(i, called)
        if (test and all(findings[i].code == "NM108" for i in test) and isinstance(node, ast.If)
                and not node.orelse and _skipped_on_neuron(ctx, node.body)):
            # pytorch-cifar's `if device == 'cuda': net = torch.nn.DataParallel(net)`: the test stays, so on
            # Neuron it answers no and the run goes on without the wrapper; the device value is rewritten
            continue
        if actions:
            switching.update(test)
        if isinstance(node, ast.If) and any(type(s) is ast.Raise for s in (*node.body, *node.orelse)):
            refusing.update(test)  # `if not torch.cuda.is_available(): raise`: its "no" stops the run
        unit = sorted(set(guard + actions))
        if type(node) is ast.IfExp and unit:
            # a lambda's body is one expression, its own statement (a dataclass field's default_factory)
            holding = () if type(scope) is ast.Lambda else statements_holding(
                node, scope.body if scope is not None else ctx.tree.body)
            key = (id(scope) if type(scope) is ast.Lambda else id(holding[-1]) if holding else None,
                   ctx.segment(node.test))
            unit.append(asked_in.setdefault(key, unit[0]))
        groups.join(unit)
        in_unit.update(unit)
        covered.append((guard, spans.of(_opened(node.test, body, orelse, lambda v: members(spans.of([v]))))))
        reason = cuda_only_reason(ctx, body + orelse)
        why = f"the branch uses `{reason}`" if reason else _calls_importer(ctx, body + orelse)
        off = None if why else _switched_off(body + orelse)
        if why or off:
            for i in unit:
                why_cuda_only.setdefault(i, why or f"{SWITCHED_OFF} (`{off} = False`)")
        else:
            asked = _asked_flag(ctx, node.test, library_flags)
            for i in unit if asked else ():
                why_cuda_only.setdefault(i, asked)
    for node in state.conjunctions:
        values = [members(spans.of([v])) for v in node.values]
        asked = _asked_flag(ctx, node, library_flags)
        for i in (i for m in values for i in m) if asked else ():
            why_cuda_only.setdefault(i, asked)
        first = next((k for k, m in enumerate(values) if m), None)
        if first is None or first == len(values) - 1:
            continue
        unit = sorted({i for m in values for i in m})
        groups.join(unit)
        in_unit.update(unit)
        covered.append((values[first], (spans.start(node.values[first + 1]), spans.end(node))))

    if state.implementations:
        _implementation_branches(ctx, state, members, spans, why_cuda_only)
    _cuda_only_functions(ctx, spans, why_cuda_only)
    for node, _ in state.flags:  # HAS_TRITON = torch.cuda.is_available()
        target = ctx.segment(node.targets[0])
        if _names_cuda_only(target):
            for i in members(spans.of([node.value])):
                why_cuda_only.setdefault(i, f"`{target}` decides whether CUDA-only code runs")
    stopped: dict[int, str] = {}  # finding index -> why the statements before a raise stop short of it
    reached_with_cuda = _after_raising_calls(ctx, spans, marks, stopped)
    # f"neuron:{rank % torch.cuda.device_count()}" if hasattr(torch, "neuron") else ...: the Neuron side
    # is the guard a rewrite waits for (left, torchchat's count was 0 there)
    reached_with_cuda.update(i for b in state.neuron_branches for i in members(spans.of([b])))
    for i, f in enumerate(findings):
        why = state.cuda_only.get(id(f))
        if why:  # a kernel launch or CUDA-only library: its whole unit stays CUDA
            for j in range(len(findings)):
                if groups.find(j) == groups.find(i):  # where, for a finding of the unit on another line
                    why_cuda_only.setdefault(j, why if findings[j].line == f.line else f"{why} (see line {f.line})")

    units: dict[int, list[int]] = {}
    for i in sorted(in_unit):
        units.setdefault(groups.find(i), []).append(i)
    new = list(findings)
    for root, unit in units.items():
        _decide(ctx, findings, new, unit, marks, covered, why_cuda_only, reached_with_cuda, switching, handed,
                refusing)
    for i, lines in tested.items():
        new[i] = dataclasses.replace(new[i], message=new[i].message + f'; one unit with the "cuda" default of the '
                                     f"parameter it tests (line {lines}): a default and the tests of it change together")
    for i, f in enumerate(findings):
        if i in in_unit:
            continue
        if i in why_cuda_only and f.fix is not None and _blocking(f):
            new[i] = _without_fix(f, f"; left: {why_cuda_only[i]}, which needs CUDA: "
                                  f"{port_advice(why_cuda_only[i])}, do not retarget it")
        elif id(f) in marks and i not in reached_with_cuda:
            new[i] = _fallback(f, marks[id(f)], stopped.get(i, ""))
    ctx.findings[:] = new


def _implementation_branches(ctx: Context, state: _State, members, spans: _Spans, why: dict[int, str]) -> None:
    """The branch an implementation's name opens (NVlabs' fused ops: ``if impl == "cuda":``, the
    name also compared with "ref") runs what its author wrote for CUDA, and the test stays as it
    is: a torch.cuda call there rewritten alone would raise on the CUDA host that takes it."""
    chosen = {id(c): c for c in state.implementations if type(c.ops[0]) in (ast.Eq, ast.In)}
    for node, _ in state.branches:
        test = node.test
        parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        compare = next((chosen[id(p)] for p in parts if id(p) in chosen), None)
        if compare is not None:
            for i in members(spans.of(node.body if isinstance(node, ast.If) else [node.body])):
                why.setdefault(i, f"the branch `{ctx.segment(compare)}` chooses, an implementation named \"cuda\"")


_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_LIBRARY_IMPORTS = ("NM502", "NM503", "NM504")


def _skipped_on_neuron(ctx: Context, body: list[ast.stmt]) -> bool:
    """``body`` only wraps a model in nn.DataParallel under its own name (``net = DataParallel(net)``)
    and sets cuDNN flags: a run that skips it keeps every name it had, with nothing of CUDA."""
    from neuron_migrate.checks.distributed import DATA_PARALLEL

    wrapped = False
    for stmt in body:
        if type(stmt) is not ast.Assign or len(stmt.targets) != 1:
            return False
        target, value = stmt.targets[0], stmt.value
        if (type(target) is ast.Name and type(value) is ast.Call and value.args and type(value.args[0]) is ast.Name
                and value.args[0].id == target.id and ctx.qualify(value.func) in DATA_PARALLEL):
            wrapped = True
        elif not (type(target) is ast.Attribute
                  and (ctx.qualify(target) or "").startswith(("torch.backends.cudnn.", "torch.backends.cuda."))):
            return False
    return wrapped


def _library_flags(ctx: Context, findings: list[Finding]) -> dict[str, str]:
    """``has_apex = True`` in a module-level ``try`` whose body imports a CUDA-only library (its
    NM502-NM504 finding; facebookresearch/ConvNeXt's optim_factory): flag -> the module imported."""
    lines = {f.line for f in findings if f.code in _LIBRARY_IMPORTS}
    out: dict[str, str] = {}
    for stmt in ctx.tree.body if lines else ():
        if type(stmt) is not ast.Try:
            continue
        imported = next((s for s in stmt.body if type(s) in (ast.Import, ast.ImportFrom) and s.lineno in lines), None)
        if imported is None:
            continue
        module = imported.module if type(imported) is ast.ImportFrom else imported.names[0].name
        for s in stmt.body:
            if (type(s) is ast.Assign and type(s.value) is ast.Constant and s.value.value is True
                    and all(type(t) is ast.Name for t in s.targets)):
                out.update((t.id, module or "") for t in s.targets)
    return out


def _asked_flag(ctx: Context, test: ast.AST, flags: dict[str, str]) -> str | None:
    """Why a test joined by ``and`` with a CUDA-only library's import flag keeps its CUDA question
    (``assert has_apex and torch.cuda.is_available()``, ``if has_apex and ...:``), or with a call
    asking whether one is installed (AnimateDiff's ``if is_xformers_available() and
    torch.cuda.is_available(): unet.enable_xformers_memory_efficient_attention()``): it gates that
    library's code, which cannot move to Neuron; on Neuron the question answers no, as it should."""
    if type(test) is not ast.BoolOp or type(test.op) is not ast.And:
        return None
    for v in test.values:
        if type(v) is ast.Name and v.id in flags:
            return f"the test also asks `{v.id}`, set where `{flags[v.id]}` imports"
        library = _availability_of(ctx, v)
        if library:
            return f"the test also asks whether `{library}` is installed"
    return None


# diffusers' and transformers' ``is_xformers_available()``, ``is_flash_attn_2_available()``
_AVAILABILITY = re.compile(r"is_([a-z]\w*?)(?:_\d+)?_available")


def _availability_of(ctx: Context, node: ast.AST) -> str | None:
    """The CUDA-only library (a whole package of the dependency table: xformers, flash_attn, apex; not
    DeepSpeed, whose ops alone are) that a call without arguments named ``is_<library>_available`` asks
    for, else None."""
    if type(node) is not ast.Call or node.args or node.keywords:
        return None
    func = node.func
    name = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else ""
    match = _AVAILABILITY.fullmatch(name)
    found = match and _table(ctx).module_package(match.group(1))
    return match.group(1) if found and found[1] == match.group(1) else None



_DEVICE_STRINGS = frozenset({"NM101", "NM108", "NM118"})  # a CUDA device string, wherever it stands


def _handed_values(ctx: Context, state: _State, flags: dict, members) -> dict[int, list[int]]:
    """Index of each torch.cuda call with a rewrite that is handed a device value holding a CUDA
    device string (hands_device) -> the findings of that value: every assignment of the variable
    or attribute in the scope the call sees it from, the default of the parameter it is, the
    ``default=`` of the argparse option it is read from (``args.device``)."""
    if not state.handed:
        return {}
    index = {id(f): i for i, f in enumerate(ctx.findings)}
    out: dict[int, list[int]] = {}
    for fid, (arg, keys, default, option) in state.handed.items():
        i = index.get(fid)
        if i is None:
            continue
        values = {j for key in keys for j in flags.get(key, ())}
        written = [arg] if type(arg) is ast.Constant else []  # the string in the call itself
        for node in [*written, *([default] if default is not None else []), *state.option_defaults.get(option, [])]:
            values.update(members(_Spans(ctx).of([node])))
        values.discard(i)
        if any(ctx.findings[j].code in _DEVICE_STRINGS for j in values):
            out[i] = sorted(values)
    return out


def _after(node: ast.stmt, scope: ast.AST) -> list[ast.stmt]:
    """The statements after ``node`` in the block that holds it: what an ``if`` whose body
    leaves the block gates (denoising-diffusion's attention reads the GPU's compute capability
    after ``if not torch.cuda.is_available() or not flash: return``)."""
    for holder in ast.walk(scope):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(holder, name, None)
            if type(block) is list and any(s is node for s in block):
                return block[next(i for i, s in enumerate(block) if s is node) + 1:]
    return []


_SIMPLE = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)
_RUN_WHOLE = (*_SIMPLE, ast.Return)  # statements that run every expression they hold, unless one raises
_TESTS = frozenset({"NM107", "NM108"})  # a test on the device: on Neuron it answers no
_CONDITIONAL = (ast.IfExp, ast.BoolOp, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                ast.GeneratorExp)


def _after_raising_calls(ctx: Context, spans: _Spans, marks: dict, stopped: dict[int, str]) -> set[int]:
    """Findings in statements that follow, in the same block, a simple statement whose CUDA
    call raises without CUDA, and in the arguments of such a call: on a host without CUDA the
    run never got past them; and those on the way there (``_on_the_way``)."""
    raising = ctx.state(_State).raises
    findings = ctx.findings
    waiting = [i for i, f in enumerate(findings) if id(f) in marks]
    if not raising or not waiting:
        return set()
    raisers = [f for f in findings if id(f) in raising]
    # torchchat's torch.cuda.set_device(rank % torch.cuda.device_count()): the count is taken on the
    # way to the raise, so it is rewritten with the call (left, Neuron would divide by 0)
    out: set[int] = {i for call in ctx.state(_State).raising_calls for i in waiting
                     if id(findings[i]) not in raising and _inside(findings[i], (spans.start(call), spans.end(call)))}
    calls_at = {(f.line, f.column) for f in findings}  # where the scan reported a CUDA reference
    todo: list[tuple[ast.AST, bool]] = [(ctx.tree, False)]  # statements are only in statement lists: not every node
    while todo:
        node, tried = todo.pop()  # tried: inside the body or else of a try, whose handlers may see a raise
        if node is ctx.tree:
            todo += [(s, False) for s in node.body]
        else:
            todo += [(s, tried or (isinstance(node, TRY_TYPES) and name in ("body", "orelse")))
                     for name in BODY_FIELDS[type(node)] for s in getattr(node, name)]
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if not isinstance(block, list) or len(block) < 2 or not isinstance(block[0], ast.stmt):
                continue
            inside_try = tried or (isinstance(node, TRY_TYPES) and name != "finalbody")
            for k, stmt in enumerate(block):
                if not isinstance(stmt, _SIMPLE) or not any(
                        stmt.lineno <= f.line and f.end_line <= stmt.end_lineno for f in raisers):
                    continue
                span = (spans.start(stmt), spans.end(stmt))
                if any(_inside(f, span) for f in raisers) and not any(
                        isinstance(n, _CONDITIONAL) for n in all_nodes(stmt)):
                    if k + 1 < len(block):
                        rest = (spans.start(block[k + 1]), spans.end(block[-1]))
                        out.update(i for i in waiting if _inside(findings[i], rest))
                    if not inside_try:  # a handler could see the earlier raise, and not the later one
                        out.update(_on_the_way(ctx, spans, block[:k], waiting, calls_at, stmt, stopped))
                    break
    return out


def _functions_left(ctx: Context, spans: _Spans) -> dict[str, tuple[list[int], str]]:
    """Module-level functions of the file holding findings left without a rewrite (and blocking):
    name -> (their indices, the function in words), and the methods of its classes named once in
    the file, keyed ``.name``. mosaicml/composer's trainer asks ``if not
    oom_found_this_batch and torch.cuda.is_available():`` and calls ``_update_num_consecutive_thrashes``,
    whose ``torch.cuda.memory_stats()['num_alloc_retries']`` stays CUDA: with the question rewritten,
    Neuron would run it and find no key. A branch calling one by name holds them (``_called_left``)."""
    left = [i for i, f in enumerate(ctx.findings) if f.fix is None and _blocking(f) and f.code not in _TESTS]
    out: dict[str, tuple[list[int], str]] = {}
    methods: dict[str, list] = {}  # ".name" -> the methods of the file's classes so named
    for fn in ctx.tree.body if left else ():
        if type(fn) is ast.ClassDef:
            for m in fn.body:
                if type(m) in (ast.FunctionDef, ast.AsyncFunctionDef):
                    methods.setdefault("." + m.name, []).append((f"{fn.name}.{m.name}", m))
        elif type(fn) in (ast.FunctionDef, ast.AsyncFunctionDef):
            _held_by(ctx, spans, left, fn, fn.name, out)
    # a method called as `x.name(...)`, the one method of the file so named (GPT-SoVITS's
    # `decoder.capture(...)`, whose body captures a CUDA graph): a guard calling it is left whole,
    # the safe side where the receiver's class is not known
    for key, (only, *others) in methods.items():
        if not others and not key.startswith(".__"):
            _held_by(ctx, spans, left, only[1], key, out, only[0])
    return out


def _held_by(ctx: Context, spans: _Spans, left: list[int], fn: ast.AST, key: str,
             out: dict[str, tuple[list[int], str]], name: str = "") -> None:
    """``out[key]``: the findings of ``left`` every call of ``fn`` runs, if any: a statement of its
    body, not one under its own test (PyG's get_hash_map asks `key.is_cuda` before its CUDAHashMap,
    and on Neuron takes the CPU path)."""
    spans_run = [(spans.start(s), spans.end(s)) for s in fn.body if isinstance(s, _RUN_WHOLE)]
    held = [i for i in left if any(_inside(ctx.findings[i], span) for span in spans_run)]
    if held:
        out[key] = (held, f"`{name or fn.name}` (line {fn.lineno})")


def _called_left(block: list[ast.stmt], functions: dict) -> dict[int, str]:
    """The findings of ``_functions_left`` in the functions ``block`` calls by name (or a method by
    its attribute) -> the function."""
    out: dict[int, str] = {}
    for stmt in block:
        for n in all_nodes(stmt):
            if type(n) is ast.Call:
                f = n.func
                key = f.id if type(f) is ast.Name else "." + f.attr if type(f) is ast.Attribute else None
                for i in functions[key][0] if key in functions else ():
                    out.setdefault(i, functions[key][1])
    return out


def _on_the_way(ctx: Context, spans: _Spans, before: list[ast.stmt], waiting: list[int],
                calls_at: set[tuple[int, int]], raiser: ast.stmt, stopped: dict[int, str]) -> set[int]:
    """Findings in the simple statements just before a raising one whose calls are CUDA references
    the scan reported, or calls handed their answers, outside any ``try``: ``args.gpu =
    args.local_rank % torch.cuda.device_count()`` then ``torch.cuda.set_device(args.gpu)`` (NVIDIA's
    DeepLearningExamples). Without CUDA the run reached the raise with nothing else done on the
    way (the count there is 0: it divided by zero first), so the count is rewritten with the
    call; left for a guard, Neuron would divide by zero. A call handed a CUDA answer (NVlabs/edm's
    ``training_stats.report0(name, torch.cuda.max_memory_allocated(device) / 2**30)`` just before
    ``torch.cuda.reset_peak_memory_stats()``) only ever saw CUDA's empty answer (0) on a run that
    stopped a line later: rewritten, that run stops before it instead. A call of anything else
    stops the walk; the findings of its statement say so (``stopped``)."""
    findings = ctx.findings
    out: set[int] = set()
    other = None  # the call that stops the walk: the statements from there back are left, and say why
    for stmt in reversed(before):
        if not isinstance(stmt, _SIMPLE) or any(isinstance(n, _CONDITIONAL) for n in all_nodes(stmt)):
            break
        span = (spans.start(stmt), spans.end(stmt))
        other = other or _other_call(stmt, calls_at)
        held = [i for i in waiting if _inside(findings[i], span)]
        if other is None:
            out.update(held)
        for i in held if other is not None else ():
            stopped.setdefault(i, f"; it is not rewritten with the raising call on line {raiser.lineno}, "
                                  f"since `{ctx.segment(other.func)}` is called on the way there")
    return out


def _other_call(stmt: ast.stmt, calls_at: set[tuple[int, int]]) -> ast.Call | None:
    """The first call of ``stmt`` that is neither a CUDA reference the scan reported nor a call
    handed one's answer (a reported call inside its arguments or receiver), else None."""
    reported = [n for n in all_nodes(stmt) if type(n) is ast.Call
                and (n.func.lineno, n.func.col_offset + 1) in calls_at]
    for n in all_nodes(stmt):
        if type(n) is ast.Call and n not in reported and not any(
                r is not n and r in all_nodes(n) for r in reported):
            return n
    return None


def _cuda_only_functions(ctx: Context, spans: _Spans, why: dict[int, str]) -> None:
    """Findings in the region of a function (or module) that feeds CUDA-only machinery. The
    region is the innermost block that holds the use: the whole function where every path
    through it reaches the use, only the branch where the use is optional (``if
    args.use_xformers: import xformers`` in a 1000-line ``main`` leaves the rest of ``main``
    free to run on Neuron)."""
    findings = ctx.findings
    fixable = [i for i, f in enumerate(findings) if f.fix is not None]
    if not fixable:
        return
    # a module that imports a CUDA-only library unconditionally, or such a module of the
    # project (project/cuda_only.py): the same
    module = cuda_only_library(firm_imports(ctx.tree.body))
    via = f"`{module}`" if module else next(
        (text for path, text in ctx.options.cuda_only if path == ctx.src.path), None) if ctx.options else None
    if via is not None:
        for i in fixable:
            why.setdefault(i, f"the module imports {via}")
        return
    called = ctx.state(_State).called
    top = {id(n) for n in ctx.tree.body} if called else ()
    whole: dict[tuple, str] = {}  # (the class's id or None, name) of functions CUDA-only on every path -> why
    whole_at: dict[int, str] = {}  # ... by the id of their node
    later = []  # (function, its span, the findings in it) with no cause of their own
    regions: list[tuple[tuple, str]] = []  # (span, why) of each CUDA-only region
    builders = False
    extensions = "cpp_extension" in ctx.src.text
    loaded = _loaded_extensions(ctx) if extensions else {}
    for node in ctx.state(_State).functions:
        span = (spans.start(node), spans.end(node))
        inside = [i for i in fixable if _inside(findings[i], span)]
        builds = _extension_builds(ctx, node) if extensions else []
        if builds:  # even with no finding of its own: the helpers it calls may have some
            builders = True
            later.append((node, span, inside))
        if not inside:
            continue
        if node.name in called and id(node) in top:
            # stylegan3's `_filtered_lrelu_cuda`: the branch that calls it is left for CUDA, so is its body
            for i in inside:
                why.setdefault(i, f"`{node.name}` is the kernel the branch on line {called[node.name]} calls")
            continue
        causes = [(f"uses `{text}`", spans.start(sub)) for text, sub in _cuda_only_names(ctx, node)]
        causes += [(f"calls `{ctx.segment(sub.func)}`, a kernel `load()` builds from CUDA sources (line {loaded[name]})",
                    spans.start(sub)) for sub in all_nodes(node) if loaded and type(sub) is ast.Call
                   and (name := _receiver(sub.func)) in loaded]
        causes += [(_what_it_uses(f), (f.line, f.column)) for f in findings
                   if f.code.startswith("NM5") and _inside(f, span)]
        # stable-fast's `make_graphed_callable`: its streams serve the capture, which has no Neuron
        # form (torch.compile is the port): retargeted, they would only half-port it
        body = spans.start(node.body[0])  # its body's: a `-> torch.cuda.CUDAGraph` annotation captures nothing
        causes += [(f"captures a CUDA graph (`{api}`)", (f.line, f.column)) for f in findings
                   if f.code == "NM104" and (api := _cuda_graph_api(f)) and body <= (f.line, f.column)
                   and _inside(f, span)]
        everywhere = _mark_region(node, span, inside, causes, findings, spans, why, regions)
        if not causes and not builds:
            later.append((node, span, inside))
        elif everywhere:
            whole.setdefault(_function_key(ctx, node), everywhere)
            whole_at[id(node)] = everywhere
    applied = _applied_functions(ctx, whole_at) if loaded and whole else {}
    for node, span, inside in later if whole or builders else ():
        # s4's `get_functions` returns `self.compile_functions()`, which loads its kernels with cupy
        causes = [(f"calls `{key[1]}`, which {whole[key]}", spans.start(sub)) for sub in all_nodes(node)
                  if type(sub) is ast.Call and (key := _callee_key(ctx, node, sub.func, whole)) in whole
                  and key[1] != node.name]
        # RWKV's `WKV.apply(B, T, C, w.cuda(), ...)`: the autograd Function whose forward calls the kernel
        causes += [(f"calls `{ctx.segment(sub.func)}`, whose forward {applied[name]}", spans.start(sub))
                   for sub in all_nodes(node) if applied and type(sub) is ast.Call and type(sub.func) is ast.Attribute
                   and sub.func.attr == "apply" and (name := _receiver(sub.func)) in applied]
        causes += [(f"builds a C++/CUDA extension with `{name}`", spans.start(sub))
                   for sub, name in (_extension_builds(ctx, node) if builders else ())]
        _mark_region(node, span, inside, causes, findings, spans, why, regions)
    if regions:
        _called_only_there(ctx, spans, fixable, regions, why)


def _loaded_extensions(ctx: Context) -> dict[str, int]:
    """Module-level names bound to a ``load()`` the scan reports as compiling CUDA code (NM501) ->
    its line: RWKV-LM's ``wkv_cuda.forward(B, T, C, w, u, k, v, y)`` fills a buffer allocated on "cuda"."""
    built = {f.line for f in ctx.findings if f.code == "NM501"}
    return {name: call.lineno for name, call in loaded_extensions(ctx).items() if call.lineno in built}


def _receiver(func: ast.AST) -> str | None:
    """``m`` of a call of ``m.f(...)``."""
    return func.value.id if type(func) is ast.Attribute and type(func.value) is ast.Name else None


def _applied_functions(ctx: Context, whole_at: dict[int, str]) -> dict[str, str]:
    """Module-level classes whose ``forward`` is CUDA-only on every path (``whole_at``) -> why: what
    ``Class.apply(...)`` runs, the class an autograd Function."""
    return {cls.name: whole_at[id(f)] for cls in ctx.tree.body if type(cls) is ast.ClassDef
            for f in cls.body if type(f) is ast.FunctionDef and f.name == "forward" and id(f) in whole_at}


def _extension_builds(ctx: Context, node: ast.AST) -> list[tuple[ast.Call, str]]:
    """The calls of ``node`` that build a torch C++/CUDA extension (``torch.utils.cpp_extension.load``,
    ``load_inline``): what it builds is for CUDA where the sources come from its callers (stylegan3's
    ``get_plugin``, handed ``.cu`` files by each kernel's module)."""
    return [(sub, name) for sub in all_nodes(node) if type(sub) is ast.Call
            and (name := ctx.qualify(sub.func)) in EXTENSION_LOADERS]


def _called_only_there(ctx: Context, spans: _Spans, fixable: list[int], regions: list[tuple[tuple, str]],
                       why: dict[int, str]) -> None:
    """The findings of a private function of the file (``_name``: no other file calls it) that runs
    only where a CUDA-only region calls it: every use of its name is a call inside such a region
    (stylegan3's ``_get_mangled_gpu_name()``, naming the build folder of ``get_plugin``'s CUDA
    extension: its ``torch.cuda.get_device_name()`` is for that build)."""
    findings = ctx.findings
    uses: dict[str, list[ast.AST]] = {}
    for sub in all_nodes(ctx.tree):
        if type(sub) is ast.Name and sub.id.startswith("_"):
            uses.setdefault(sub.id, []).append(sub)
    callers = {id(sub.func): sub for sub in all_nodes(ctx.tree) if type(sub) is ast.Call and type(sub.func) is ast.Name}
    for node in ctx.state(_State).functions:
        names = uses.get(node.name)
        if not names or not all(id(n) in callers for n in names):
            continue
        span = (spans.start(node), spans.end(node))
        inside = [i for i in fixable if i not in why and _inside(findings[i], span)]
        if not inside:
            continue
        held = [next((reason for region, reason in regions if region[0] <= spans.start(n) < region[1]
                      and not region[0] <= span[0] < region[1]), None) for n in names]
        if all(held):
            for i in inside:
                why.setdefault(i, f"`{node.name}` runs only where {held[0]}")


def _function_key(ctx: Context, node: ast.AST) -> tuple:
    """(the id of the class ``node`` is a method of, else None; its name)."""
    cls = ctx.state(_State).class_of.get(id(node))
    return (id(cls) if cls is not None and node in cls.body else None), node.name


def _callee_key(ctx: Context, caller: ast.AST, func: ast.AST, whole: dict[tuple, str]) -> tuple | None:
    """The ``_function_key`` of the function of the file ``caller`` calls by ``f(...)`` (a function,
    never a method), ``self.f(...)`` or ``cls.f(...)``: the caller's class's own ``f`` when it has
    one (another class's ``prepare`` is not its), else a method ``f`` it may inherit."""
    if type(func) is ast.Name:
        return None, func.id
    if not (type(func) is ast.Attribute and type(func.value) is ast.Name and func.value.id in ("self", "cls")):
        return None
    cls = ctx.state(_State).class_of.get(id(caller))
    name = func.attr
    if cls is not None and any(type(s) in (ast.FunctionDef, ast.AsyncFunctionDef) and s.name == name for s in cls.body):
        return id(cls), name
    return next((key for key in whole if key[0] is not None and key[1] == name), None)


def _mark_region(node: ast.AST, span: tuple, inside: list[int], causes: list[tuple[str, tuple]],
                 findings: list[Finding], spans: _Spans, why: dict[int, str],
                 regions: list[tuple[tuple, str]]) -> str | None:
    """The findings of ``inside`` in the region of each cause (its innermost optional block, else
    the whole function) marked CUDA-only, why naming the function, and the region added to
    ``regions``; the first cause whose region is the whole function, else None."""
    blocks = [span for group in (_optional_blocks(node, spans) if causes else ())
              # an if whose every branch uses it (a kernel launched either way) is no way around it
              if len(group) == 1 or not all(any(b[0] <= at < b[1] for _, at in causes) for b in group)
              for span in group]
    everywhere = None
    for reason, at in causes:
        region = min((b for b in blocks if b[0] <= at < b[1]), default=span,
                     key=lambda b: (b[1][0] - b[0][0], b[1][1] - b[0][1]))
        if region == span:
            everywhere = everywhere or reason
        regions.append((region, f"`{node.name}` {reason}"))
        for i in inside:
            if _inside(findings[i], region):
                why.setdefault(i, f"`{node.name}` {reason}")
    return everywhere


# the CUDA graph machinery NM104 reports (rules/cuda_api.yaml, and torch.cuda.graphs.*): what a
# function capturing one is for
_CUDA_GRAPH_APIS = frozenset({"torch.cuda.CUDAGraph", "torch.cuda.graph", "torch.cuda.make_graphed_callables",
                              "torch.cuda.graph_pool_handle"})


def _cuda_graph_api(f: Finding) -> str | None:
    """The CUDA graph API an NM104 finding's message opens with, else None."""
    name = re.match(r"[\w.]*", f.message).group()
    return name if name in _CUDA_GRAPH_APIS or name.startswith("torch.cuda.graphs.") else None


def _what_it_uses(f: Finding) -> str:
    """A kernel finding's use in words: "imports `triton`" (its message says "imports triton: ..."),
    else its rule's name, never its bare code."""
    found = re.search(r"\bimports ([\w.]+)", f.message)
    return f"imports `{found.group(1)}`" if found else f"uses {f.rule} ({f.code})"


def _optional_blocks(function: ast.AST, spans: _Spans) -> list[list[tuple]]:
    """Spans of the blocks of ``function`` that a run may skip, grouped by the statement that
    chooses among them: the branches of an ``if`` and its ``elif``s (one group, a single block
    when there is no ``else``) or of a ``match`` (a group each), and a ``try`` body whose
    handlers offer a path without it (``except ImportError``) with the handlers themselves
    (nested functions are their own region)."""
    out = []
    stack = list(function.body)  # blocks are statement lists: only statements are visited
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        blocks = []
        if isinstance(node, ast.If):
            # yolov5's `if pt: ... elif onnx: ... elif engine: ...` is one choice among all its
            # branches, not a branch and the rest of the chain
            while len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
                blocks.append(node.body)
                node = node.orelse[0]
            blocks += [node.body, node.orelse]
            out.append([spans.of(b) for b in blocks if b])
            stack += [s for b in blocks for s in b]
            continue
        elif isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))) and node.handlers:
            blocks = [node.body] + [h.body for h in node.handlers]
        elif isinstance(node, ast.match_case):
            blocks = [node.body]
        if any(blocks):
            out.append([spans.of(b) for b in blocks if b])
        stack += [s for name in BODY_FIELDS[type(node)] for s in getattr(node, name)]
    return out


def _cuda_only_names(ctx: Context, function: ast.AST):
    """Every name, attribute or string in ``function`` naming CUDA-only machinery, and every
    launch ``kernel[grid](...)`` of a kernel the file defines with such a decorator
    (``@triton.jit def _fwd``): the tensors it allocates are for that kernel."""
    if not _may_name_cuda_only(ctx):
        return
    kernels = _kernels(ctx)
    aliases = _cuda_only_aliases(ctx)
    flags = _flags(function) if type(function) in (ast.FunctionDef, ast.AsyncFunctionDef) else ()
    for sub in all_nodes(function):
        if flags and type(sub) is ast.Name and sub.id in flags:
            continue
        text = _cuda_only_text(ctx, sub)
        if text and not _switch_option(ctx, sub):
            yield text, sub
        elif aliases and type(sub) is ast.Name and sub.id in aliases:
            yield aliases[sub.id], sub
        elif (kernels and type(sub) is ast.Call and type(sub.func) is ast.Subscript
              and type(sub.func.value) is ast.Name and sub.func.value.id in kernels):
            yield sub.func.value.id, sub


def _options(ctx: Context) -> tuple[set, set, set]:
    """The file's argparse options, read once: the dests of its on/off options, the ids of the
    names those are declared with, and the dests of its device options (``--device``)."""
    state = ctx.state(_State)
    if state.options is None:
        from neuron_migrate.checks.device import _argparse_dest, _argparse_device_option

        state.options = (set(), set(), set())
        for call in all_nodes(ctx.tree) if "add_argument" in ctx.src.text else ():
            if type(call) is not ast.Call or type(call.func) is not ast.Attribute or call.func.attr != "add_argument":
                continue
            if any(k.arg == "action" and type(k.value) is ast.Constant and k.value.value in _SWITCHING
                   for k in call.keywords):
                state.options[0].add(_argparse_dest(call))
                state.options[1].update(id(n) for n in (*call.args, *(k.value for k in call.keywords if k.arg == "dest")))
            elif _argparse_device_option(call):
                state.options[2].add(_argparse_dest(call))
    return state.options


def _option_value(node: ast.AST, dests: set) -> bool:
    """``node`` reads one of the options ``dests`` as ``args.<dest>``."""
    return (type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id not in ("self", "cls")
            and node.attr in dests)


def _switch_option(ctx: Context, node: ast.AST) -> bool:
    """``node`` is an on/off command-line option of the file (``add_argument("--trt",
    action="store_true")``), by the names it is declared with or as ``args.trt``: a flag choosing a
    backend, as ``_flags`` says of a parameter. YOLOX's eval ``main`` tests ``args.trt`` around its
    TensorRT branch; the rest of ``main`` runs without it."""
    dests, declared, _ = _options(ctx)
    return id(node) in declared or _option_value(node, dests)


def device_option(ctx: Context, node: ast.AST) -> bool:
    """``node`` is ``args.device``, the value of a device option the file declares. Its name is
    asked first, so that ``device.type`` (timm's ``device.type in ("cuda",)``) reads no options."""
    from neuron_migrate.checks.device import names_device_option

    return (type(node) is ast.Attribute and names_device_option(node.attr)
            and _option_value(node, _options(ctx)[2]))


_SWITCHING = ("store_true", "store_false")


def _cuda_only_aliases(ctx: Context) -> dict[str, str]:
    """Module-level names imported from CUDA-only machinery under a name that does not say so
    (state-spaces/s4's ``from cupy.cuda import function``), mapped to what they import: a
    function that uses one (``function.Module()``) is CUDA-only as one naming ``cupy`` is."""
    state = ctx.state(_State)
    if state.aliases is None:
        state.aliases = {name: q for name, q in ctx.names.bindings(ctx.tree).names.items()
                         if q and _names_cuda_only(q) and not _names_cuda_only(name)
                         and not inference_server(q)}
    return state.aliases


def _flags(function: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """Names of ``function`` that hold a value, not the machinery they are named after: parameters
    annotated ``bool`` or defaulting to True or False, and variables the function assigns. A flag
    named after a backend (flux's ``trt: bool = False``, yolov5's ``pt, ..., triton =
    self._model_type(w)``) chooses it: the branch it gates uses the backend, the flag's tests do
    not, so they do not make the whole function CUDA-only. A name the function imports stays
    the module."""
    a = function.args
    imported = set()
    assigned = []
    for sub in all_nodes(function):
        if type(sub) is ast.Name and type(sub.ctx) is ast.Store:
            assigned.append(sub.id)
        elif type(sub) in (ast.Import, ast.ImportFrom):
            imported.update((n.asname or n.name).partition(".")[0] for n in sub.names)
    return frozenset(
        [name for name, d in parameter_defaults(a).items() if type(d) is ast.Constant and type(d.value) is bool]
        + [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)
           if type(p.annotation) is ast.Name and p.annotation.id == "bool"]
        + [name for name in assigned if name not in imported])


def _kernels(ctx: Context) -> frozenset[str]:
    """Names of the module-level functions whose decorator names CUDA-only machinery."""
    state = ctx.state(_State)
    if state.kernels is None:
        state.kernels = frozenset(
            node.name for node in ctx.tree.body
            if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef)
            and any(cuda_only_reason(ctx, [d]) for d in node.decorator_list))
    return state.kernels


def _decide(ctx, findings, new, unit, marks, covered, why_cuda_only, reached_with_cuda, switching, handed,
            refusing) -> None:
    """Rewrite a unit whole, or leave it whole and say why on its guard."""
    members = set(unit)
    calls = {i: _handed_words(ctx, findings, i, handed[i]) for i in unit if i in handed}
    handed_to = ctx.state(_State).handed
    guard_ids = {i for guard, _ in covered for i in guard if i in members}
    in_true_branch = {i for guard, span in covered if set(guard) & members
                      for i in unit if _inside(findings[i], span)} | (members & reached_with_cuda)
    parts: list[int] = []  # findings whose rewrite joins the unit's fix
    blockers: list[int] = []
    for i in unit:
        f = findings[i]
        mark = marks.get(id(f))
        if i in why_cuda_only and _blocking(f):
            blockers.append(i)
        elif mark and i not in in_true_branch:  # not opened by the guard: as if alone
            new[i] = _fallback(f, mark)
            if new[i].fix is not None:
                parts.append(i)
            elif i in guard_ids or not mark[2] or type(handed_to.get(id(f), (None,))[0]) is ast.Constant:
                blockers.append(i)  # a call left, so is the string in it (a variable it is handed may go on)
        elif f.fix is not None and (_blocking(f) or mark):
            parts.append(i)
        elif f.fix is None and _blocking(f) and not (mark and mark[2]):
            blockers.append(i)
    if blockers:
        first = blockers[0]
        off = why_cuda_only.get(first, "").startswith(SWITCHED_OFF)
        if off:  # CosyVoice's `load_trt = False` without CUDA: so on Neuron, as its authors meant
            reason = f"; left as it is: {why_cuda_only[first]} where CUDA is absent, as on Neuron: nothing to do here"
        elif first in why_cuda_only:
            reason = (f"; left with the branch it gates, which is CUDA-only ({why_cuda_only[first]}): "
                      f"{port_advice(why_cuda_only[first])}, do not retarget it")
        elif first in guard_ids:
            reason = ("; the branch it gates is left with it: a guard and what it gates change "
                      "together or not at all")
        else:
            called = ctx.state(_State).callee_of.get(first)
            line = findings[first].line
            where = f", line {line}" if any(findings[i].line != line for i in unit) else ""
            reason = (f"; left with the branch it gates" + (f", which calls {called}" if called else "")
                      + f": `{_text(ctx, findings[first])}` ({findings[first].code}{where}) there has no certain "
                      "rewrite, and a guard and what it gates change together or not at all")
        self_marked = ctx.state(_State).cuda_only
        for i in sorted(set(parts + blockers)):
            if id(findings[i]) in self_marked:
                continue  # its message already says why
            if i in guard_ids and (new[i].fix is not None or i == first):
                new[i] = _without_fix(new[i], reason)
                if off:  # no work item: the guard is right as it is
                    new[i] = dataclasses.replace(new[i], severity=Severity.INFO)
            elif i in why_cuda_only:
                new[i] = _without_fix(new[i], f"; left: {why_cuda_only[i]}, which needs CUDA: "
                                      f"{port_advice(why_cuda_only[i])}, do not retarget it")
            elif i in calls and new[i].fix is not None:
                new[i] = _without_fix(new[i], f"; left with {calls[i]}, which cannot change: a call and the "
                                      "device it is handed change together or not at all")
            elif first in calls and i in handed[first] and new[i].fix is not None:
                new[i] = _without_fix(new[i], f"; left with `{_text(ctx, findings[first])}`, which is left: a call "
                                      "and the device it is handed change together or not at all")
            elif new[i].fix is not None:
                new[i] = _without_fix(new[i], "; left with its guard, which cannot change")
            mark = marks.get(id(findings[i]))
            if mark and mark[3] and new[i].fix is None:  # the note told how a fallback not made asks
                new[i] = dataclasses.replace(new[i], message=new[i].message.replace(mark[3], "", 1))
            if new[i].severity is Severity.ERROR and new[i].fix is None and (
                    i in in_true_branch or i in guard_ids and i not in refusing and _answers(new[i])):
                # the guard stays a CUDA test, false on a Neuron host: what it gates does not run
                # there, and an availability question only answers no; neither stops a first run,
                # unless the answer leads to a raise
                new[i] = dataclasses.replace(new[i], severity=Severity.WARNING, message=new[i].message + (
                    " (it runs only where CUDA is, not on Neuron)" if i in in_true_branch
                    else " (it answers no on Neuron)"))
        return
    if len(parts) < 2:
        return
    edits: list[Edit] = []  # the outermost of nested rewrites; the fix loop finds the inner again
    for e in sorted({e for i in parts for e in new[i].fix.edits}, key=lambda e: (e.start, -e.end)):
        if not edits or e.start >= edits[-1].end:
            edits.append(e)
    # NM108 and NM107 (`.is_cuda`) are unsafe alone because the branch they switch may hold CUDA-only
    # code; a test whose branch has been judged whole, every CUDA reference in it rewritten with it,
    # is not (tortoise-tts's `window_sum.cuda() if magnitude.is_cuda else window_sum`). `self.is_cuda`
    # is an object's own flag, not a tensor's (timm's PrefetchLoader): its rewrite stays unsafe
    unsafe = [new[i].fix.reason for i in parts if new[i].fix.applicability is Applicability.UNSAFE
              and not (i in switching and (new[i].code == "NM107" and _text(ctx, new[i]) not in _OWN_FLAGS
                                           or new[i].code == "NM108" and new[i].fix.reason == _SWITCHES))
              and not _certain_mirror(ctx, findings, findings[i], members, switching)]
    guarded = any(set(guard) & members for guard, _ in covered)
    joined = "with its guard and branch" if guarded else "with the device value and the calls handed it"
    for i in parts:
        f = new[i]
        certain = not unsafe and f.code == "NM108"  # its own text says why it is unsafe alone
        title = 'the test on "cuda", with its unit' if certain else f.fix.title
        fix = Fix(title=f"{title} ({joined}: {len(parts)} rewrites as one)",
                  applicability=Applicability.UNSAFE if unsafe else Applicability.SAFE,
                  edits=tuple(edits), reason="; ".join(dict.fromkeys(unsafe)))
        message = _certain_test(ctx, findings[i], i in switching, len(parts)) if certain else f.message
        if i in calls:
            message += f"; one unit with {calls[i]}: a call and the device it is handed change together"
        new[i] = dataclasses.replace(f, fix=fix, message=message)


def _handed_words(ctx: Context, findings, i: int, values: list[int]) -> str:
    """The device value a call is handed, for its message: "`device` (line 595)"."""
    arg = ctx.state(_State).handed[id(findings[i])][0]
    lines = sorted({findings[j].line for j in values})
    where = f"line {lines[0]}" if len(lines) == 1 else "lines " + ", ".join(map(str, lines[:3])) + (
        ", ..." if len(lines) > 3 else "")
    return f"`{ctx.segment(arg)}` ({where}), the device it is handed"


def _certain_test(ctx: Context, f: Finding, switches: bool, parts: int) -> str:
    """The message of an NM108 whose unit is rewritten safely: its own message says why a test
    on "cuda" is unsafe alone, which no longer holds; this says what the unit does."""
    mirror = ctx.state(_State).mirrors.get(id(f))
    words = target_words(ctx)
    if mirror is not None:
        return (f'`{mirror[1]}` holds "cuda" exactly when the test beside it finds a CUDA device: '
                f"rewritten with that test, it holds {words} exactly when the device does")
    tests_for = "an accelerator" if style(ctx) == "portable" else words  # portable: `!= "cpu"`
    if switches:
        return (f'comparison with "cuda" chooses what runs on a CUDA device: rewritten as one with the '
                f"CUDA references of its unit ({parts} rewrites), it tests for {tests_for}")
    return f'comparison with "cuda": rewritten with its unit ({parts} rewrites as one), it tests for {tests_for}'


def _certain_mirror(ctx: Context, findings, f: Finding, members: set[int], switching: set[int]) -> bool:
    """Is ``f`` a variable mirroring a CUDA test (mirrors_test) that this unit rewrites, with no
    comparison of it opening CUDA code left as it is?"""
    state = ctx.state(_State)
    compares, _ = state.mirrors.get(id(f), (None, ""))
    if compares is None or not (members & switching):
        return False
    from neuron_migrate.checks.device import is_cuda_literal

    spans = _Spans(ctx)
    by_test = {id(sub): node for node, _ in state.branches for sub in all_nodes(node.test)}
    for compare in compares:
        if any(is_cuda_literal(o) for o in (compare.left, *compare.comparators)):
            continue  # its own NM108: left alone, the CUDA branch stays off on the target
        branch = by_test.get(id(compare))
        if branch is None:
            continue  # a value, not a switch: it follows the test
        body = branch.body if isinstance(branch, ast.If) else [branch.body]
        orelse = branch.orelse if isinstance(branch, ast.If) else [branch.orelse]
        span = spans.of([*body, *orelse])
        if any(_blocking(g) and _inside(g, span) and k not in members for k, g in enumerate(findings)):
            return False
    return True


_OWN_FLAGS = ("self.is_cuda", "cls.is_cuda")


def _text(ctx: Context, f: Finding) -> str:
    starts = ctx.src.line_starts
    text = ctx.src.text[starts[f.line - 1] + f.column - 1:starts[f.end_line - 1] + f.end_column - 1]
    return text if len(text) <= 60 else text[:57] + "..."


def _answers(f: Finding) -> bool:
    """A torch.cuda call that answers on any host (``is_available``, ``device_count``: False, 0
    without CUDA; cuda_api.yaml ``without_cuda: runs``)."""
    from neuron_migrate.capabilities import cuda_api

    name = f.message.partition(" ")[0]
    name = cuda_api().same_as.get(name, name)  # transformers' is_torch_cuda_available is torch.cuda's question
    found = cuda_api().lookup(name) if f.code == "NM103" else None
    return found is not None and found[1] == name and found[0].without_cuda == "runs"


def _without_fix(f: Finding, why: str) -> Finding:
    return dataclasses.replace(f, fix=None, message=f.message + why)


def _fallback(f: Finding, mark: tuple, stopped: str = "") -> Finding:
    why, fallback, harmless, note = mark
    if fallback and f.fix is not None:
        return dataclasses.replace(f, fix=dataclasses.replace(f.fix, edits=tuple(sorted(fallback))),
                                   message=f.message + note)
    left = _without_fix(f, f"; left: {why}{stopped}")
    # a no-op or an answer on Neuron too: it does not stop a first run there
    return dataclasses.replace(left, severity=Severity.WARNING) if harmless else left
