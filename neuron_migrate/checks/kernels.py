"""NM5xx: custom kernels and CUDA-only libraries, which must be ported by hand.

Which libraries are CUDA-only, and what to use instead, is data (``rules/dependencies.yaml``);
this module finds them in code:

- NM501 CUDA extensions: ``CUDAExtension``, ``cpp_extension.load``/``load_inline`` with CUDA
  sources, ``.cu``/``.cuh`` files (one finding per file, see ``cuda_source_result``) and C++
  sources that include a CUDA library's headers (cuBLAS, cuDNN, NCCL: ``cpp_source_result``). A
  ``CUDAExtension`` built in a ``try`` whose handler goes on without it is optional (a warning;
  project/optional_kernels.py makes the sources it names warnings too); so is a ``kernel =
  load(...)`` in a ``try`` whose handler sets ``kernel = None`` (or False) for a run without it.
- NM502 Triton: imports, ``@triton.jit``/``@triton.autotune``/``@triton.heuristics`` kernels,
  ``torch.library.triton_op``/``wrap_triton``.
- NM503 CuPy, Numba CUDA, PyCUDA, CUDA Python: imports and ``@cuda.jit`` kernels.
- NM504 CUDA-only libraries (flash_attn, xformers, apex, bitsandbytes, mamba_ssm, deepspeed
  ops, ...), each with its suggested replacement and whose suggestion it is.

An import inside ``try``/``except ImportError`` or under an ``if`` is optional: the code has
a path without the library, so it is a warning rather than an error, unless the file also
imports the library at its top level with no fallback (``finish_counts``). ``if TYPE_CHECKING``
imports are not reported. Each library is reported once per file, at its first import.
"""

from __future__ import annotations

import ast
import re

from neuron_migrate.capabilities import PackageRow, capabilities, dependency_rows
from neuron_migrate.checks import RULES, Context, finalizer, on, prefilter, rule
from neuron_migrate.commands import plural
from neuron_migrate.models import FileResult, Finding, Options, Severity
from neuron_migrate.traversal import TRY_TYPES, all_nodes, statements, statements_holding

# "cuda" first: the commonest (cuda-python's module, and inside pycuda and cupy's names)
prefilter(__name__, ("cuda", "triton", "cupy", "numba", "cpp_extension", "CUDAExtension", "load_inline"))
# the first names of the table's library modules: a file that imports one, whatever its words (IMPORT_MARKERS)
_MODULE_ROOTS = frozenset(m.split(".")[0] for row in dependency_rows() for m in row.modules)
# the imports whose `if`/`try` guard is noted (import_guard): the table's, and torch_xla's for checks.torch_cuda
_GUARDED_ROOTS = _MODULE_ROOTS | {"torch_xla"}
prefilter(__name__, (), imports=_GUARDED_ROOTS)

_NKI = ("rewrite it in NKI: a kernel with @nki.jit, registered as a torch op with @nki_op "
        "(backward with register_autograd)")

NM501 = rule(
    "NM501", "cuda-extension", "error", "kernels",
    summary="CUDA extension: its kernels do not run on Trainium",
    why="C++/CUDA extensions are compiled with nvcc for NVIDIA GPUs, and their C++ sources may "
        "call NVIDIA's libraries (cuBLAS, cuDNN, NCCL), reported at the first such #include. On "
        "Trainium the custom kernels must be rewritten in NKI, the Neuron Kernel Interface, which works in eager "
        "mode and under torch.compile.",
    example="from torch.utils.cpp_extension import CUDAExtension\n"
            'ext = CUDAExtension("fused_ops", ["fused.cpp", "fused_kernel.cu"])',
    use_instead="# port fused_kernel.cu to an NKI kernel (@nki.jit) registered with @nki_op",
    fix="none", fix_reason="a kernel port is a rewrite",
    source="G-sdk FAQ (pytorch-native-overview.rst): custom CUDA kernels -> NKI",
)
NM502 = rule(
    "NM502", "triton", "error", "kernels",
    summary="Triton kernel: Triton compiles for NVIDIA and AMD GPUs only",
    why="There is no Triton backend for Trainium. NKI follows a similar definition and "
        "registration pattern (@nki.jit, @nki_op), so a Triton kernel ports to NKI by hand. "
        "A @triton.jit device function (it never asks tl.program_id and the file does not launch "
        "it) is info: it is ported with the kernels that call it.",
    example="import triton\nimport triton.language as tl\n\n@triton.jit\ndef add_kernel(x_ptr, y_ptr, n):\n"
            "    i = tl.program_id(0)\n    tl.store(x_ptr + i, tl.load(x_ptr + i) + tl.load(y_ptr + i))",
    use_instead="# rewrite add_kernel with @nki.jit and register it with @nki_op",
    fix="none", fix_reason="a kernel port is a rewrite",
    source="G-sdk FAQ: NKI uses a similar definition and registration pattern as Triton",
)
NM503 = rule(
    "NM503", "cuda-array-library", "error", "kernels",
    summary="CuPy / Numba CUDA / PyCUDA / CUDA Python: NVIDIA-only GPU programming",
    why="These libraries run arrays and kernels on CUDA devices through the CUDA driver; "
        "none has a Neuron backend. Use torch ops on the neuron device, or NKI for a kernel. "
        "A Numba device function (@cuda.jit(device=True), which only kernels call) is info: it is "
        "ported with the kernels that call it.",
    example="from numba import cuda\n\n@cuda.jit\ndef scale(a):\n    pass",
    use_instead="# torch ops on the neuron device, or an NKI kernel (@nki.jit)",
    fix="none", fix_reason="a kernel port is a rewrite",
    source="G-sdk FAQ: custom kernels -> NKI; rules/dependencies.yaml",
)
NM504 = rule(
    "NM504", "cuda-only-library", "error", "kernels",
    summary="CUDA-only library: no Neuron backend",
    why="flash-attn, xformers, apex, bitsandbytes, mamba-ssm, DeepSpeed's ops and similar "
        "libraries ship CUDA (or other GPU) kernels only. The message names a replacement and "
        "says whether it is AWS's recommendation or ours. An import in a `try` or under an `if` "
        "is optional (a warning), unless the file also imports the library at its top level "
        "without a fallback (a `try` that only picks between two names of one kernel). Some rows "
        "name only the CUDA part of a library that runs on the CPU (FAISS's GPU indexes: "
        "`faiss.StandardGpuResources`, `faiss.index_cpu_to_gpu`): a use of one is reported, "
        "optional in a branch of an `if` as an import there is; an annotation is no use.",
    example="from flash_attn import flash_attn_func",
    use_instead="import torch.nn.functional as F  # F.scaled_dot_product_attention",
    fix="none", fix_reason="the replacement changes tensor layouts and arguments",
    source="rules/dependencies.yaml (each row names its source)",
)

EXTENSION_LOADERS = frozenset({"torch.utils.cpp_extension.load", "torch.utils.cpp_extension.load_inline"})
_TRITON_DECORATORS = frozenset({"triton.jit", "triton.autotune", "triton.heuristics",
                                "triton.language.jit"})
_TRITON_TORCH_APIS = frozenset({"torch.library.triton_op", "torch.library.wrap_triton",
                                "torch._library.triton.triton_op", "torch._library.triton.wrap_triton"})
_NUMBA_KERNELS = frozenset({"numba.cuda.jit", "numba.cuda.reduce"})
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException", "OSError",
                            "RuntimeError"})


def loaded_extensions(ctx: Context) -> dict[str, ast.Call]:
    """Names the module binds to an extension ``load()`` at import, in its body or its module-level
    ``if``/``try`` blocks -> the call (BlinkDL/RWKV-LM's ``wkv_cuda = load(name="wkv", sources=[...])``,
    under ``if os.environ["RWKV_FLOAT_MODE"] == "bf16":`` in later versions). Walked once a file: the
    guards and graph_breaks checks both ask."""
    state = ctx.state(_State)
    if state.loaded is None:
        state.loaded = _loaded_extensions(ctx)
    return state.loaded


def _loaded_extensions(ctx: Context) -> dict[str, ast.Call]:
    out: dict[str, ast.Call] = {}
    todo = list(ctx.tree.body) if "cpp_extension" in ctx.src.text else []
    while todo:
        stmt = todo.pop()
        if type(stmt) is ast.Assign and type(stmt.value) is ast.Call and ctx.qualify(stmt.value.func) in EXTENSION_LOADERS:
            out.update((t.id, stmt.value) for t in stmt.targets if type(t) is ast.Name)
        elif type(stmt) in (ast.If, ast.Try, ast.With):
            todo += [s for name in ("body", "orelse", "finalbody", "handlers") for s in getattr(stmt, name, ())]
        elif type(stmt) is ast.ExceptHandler:
            todo += stmt.body
    return out


def _table(ctx: Context):
    options = ctx.options
    return capabilities(tuple(getattr(options, "capabilities", ()) or ()))


def _by(row_by: str) -> str:
    return "AWS's recommendation" if row_by == "aws" else "our suggestion, not AWS's"


def replacement_text(row: PackageRow, qualified: str | None = None, text: str | None = None) -> str:
    api = row.api_for(qualified, text) if qualified else None
    if api is not None:
        return f"instead: {api.use_instead} ({_by(api.by)})"
    if row.replacement:
        return f"instead: {row.replacement} ({_by(row.replacement_by)})"
    return "no replacement is known"


# -- optional imports -------------------------------------------------------------------

def catches_import_error(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(getattr(t, "id", getattr(t, "attr", None)) in _IMPORT_ERRORS for t in types)


class _State:
    __slots__ = ("imports_modules", "mentions_kernels", "mentions_extensions", "guard", "walked", "seen", "kernel_guard",
                 "kernel_guard_set", "loaded", "annotations")

    def __init__(self) -> None:
        # looked up once: whether the file imports a library module, whether its text mentions kernels,
        # extension calls
        self.imports_modules: bool | None = None
        self.mentions_kernels: bool | None = None
        self.mentions_extensions: bool | None = None
        self.guard: dict[int, str] = {}  # import id -> "optional" or "typing"
        self.walked: set[int] = set()  # statements _mark_imports has been through
        # (library, module) -> [finding index, more imports, the message without "optional", a line
        # importing it at the top with no fallback]
        self.seen: dict[tuple, list] = {}
        self.kernel_guard: str | None = None  # the guard of the first Triton/Numba import: kernels follow it
        self.kernel_guard_set: bool = False
        self.loaded: dict[str, ast.Call] | None = None  # loaded_extensions' answer
        self.annotations: set[int] | None = None  # ids of the nodes inside the file's annotations


def _relevant(ctx: Context) -> bool:
    """The file imports a library of the table (every import and name the checks below report
    starts with one of its roots), or torch_xla (import_guard)."""
    state = ctx.state(_State)
    if state.imports_modules is None:
        state.imports_modules = not _GUARDED_ROOTS.isdisjoint(ctx.names.import_roots())
    return state.imports_modules


def import_guard(ctx: Context, node: ast.stmt) -> str | None:
    """"optional" when the import ``node`` of the table's libraries or torch_xla is in a branch of
    an ``if`` or a ``try`` that catches ImportError (the code has a path without it), "typing"
    under ``if TYPE_CHECKING``; else None."""
    return ctx.state(_State).guard.get(id(node))



def _mark_imports(ctx: Context, statements: list[ast.stmt], kind: str) -> None:
    state = ctx.state(_State)
    marks = state.guard
    # a statement walked for an enclosing `if`/`try` had every import below it marked then (the
    # first mark stays): walking it again for each `elif` made long chains quadratic
    walked = state.walked
    todo = list(statements)
    while todo:
        node = todo.pop()
        if id(node) in walked:
            continue
        walked.add(id(node))
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            marks.setdefault(id(node), kind)
        for body in ("body", "orelse", "finalbody", "handlers"):
            todo.extend(getattr(node, body, ()) or ())


@on(ast.Try)
def note_optional_imports(node: ast.Try, ctx: Context) -> None:
    if _relevant(ctx) and any(catches_import_error(h) for h in node.handlers):
        _mark_imports(ctx, node.body, "optional")


if hasattr(ast, "TryStar"):  # Python 3.11
    on(ast.TryStar)(note_optional_imports)


@on(ast.If)
def note_conditional_imports(node: ast.If, ctx: Context) -> None:
    if not _relevant(ctx):
        return
    test = node.test
    if getattr(test, "id", getattr(test, "attr", None)) == "TYPE_CHECKING":
        _mark_imports(ctx, node.body, "typing")
        return
    _mark_imports(ctx, node.body, "optional")
    _mark_imports(ctx, node.orelse, "optional")


# -- imports ------------------------------------------------------------------------------

@on(ast.Import)
def check_import(node: ast.Import, ctx: Context) -> None:
    for alias in node.names:
        _imported(node, alias.name, ctx)


@on(ast.ImportFrom)
def check_import_from(node: ast.ImportFrom, ctx: Context) -> None:
    if node.level or not node.module:
        return
    for alias in node.names:
        name = node.module if alias.name == "*" else f"{node.module}.{alias.name}"
        if _imported(node, name, ctx):
            return  # one finding per statement


def _imported(node: ast.AST, name: str, ctx: Context) -> bool:
    found = _table(ctx).module_package(name)
    if found is None or _own(name, ctx):
        return False
    row, module = found
    state = ctx.state(_State)
    guard = state.guard.get(id(node))
    if guard == "typing":
        return True
    seen = state.seen
    key = (row.name, module)
    if key in seen:
        seen[key][1] += 1  # counted in the first finding's message
        if not seen[key][3] and guard is None and any(s is node for s in ctx.tree.body):
            seen[key][3] = node.lineno  # imported at the top with no fallback: the file needs it
        return True
    r = RULES[row.rule]  # the table names the rule: NM502, NM503 or NM504
    what = {"NM502": f"imports {name}: Triton has no Trainium backend",
            "NM503": f"imports {name}: {row.note}",
            "NM504": f"imports {name} ({row.name}): {row.note}"}[row.rule]
    plain = message = f"{what}; {replacement_text(row, name, ctx.src.text)}"
    severity = None
    gate = _built_under(ctx) if guard is None and len(ctx.chain) > 1 else None
    if guard == "optional" or gate:
        message = f"{_OPTIONAL}{gate or ''}): " + message
        severity = Severity.WARNING
    ctx.report(r, node, message, severity=severity)
    seen[key] = [len(ctx.findings) - 1, 0, plain, 0]
    if row.rule in ("NM502", "NM503"):  # kernels defined in this file follow the import's guard
        if not state.kernel_guard_set:
            state.kernel_guard, state.kernel_guard_set = guard, True
    return True


_OPTIONAL = "optional import (the code has a path without it"


def _built_under(ctx: Context) -> str | None:
    """For an import in a constructor (consistency_models' ``QKVFlashAttention.__init__`` imports
    flash_attn) or a function: where the file builds the class or calls the function, when each
    of those is in a branch of an ``if`` (``if attention_type == "flash":``), what that says; else
    None (built nowhere here, or also outside a branch)."""
    fn, owner = ctx.chain[-1], ctx.chain[-2]
    if type(fn) not in (ast.FunctionDef, ast.AsyncFunctionDef):
        return None
    name = owner.name if type(owner) is ast.ClassDef and fn.name == "__init__" else fn.name if owner is ctx.tree else None
    if name is None:
        return None
    gates: list[ast.If] = []
    todo: list[tuple[ast.AST, ast.If | None]] = [(ctx.tree, None)]
    while todo:
        node, gate = todo.pop()
        if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == name:
            if gate is None:
                return None
            gates.append(gate)
        for child in ast.iter_child_nodes(node):
            todo.append((child, node if type(node) is ast.If and child is not node.test else
                         None if type(child) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) else gate))
    if not gates:
        return None
    first = min(gates, key=lambda g: g.lineno)
    return f": it runs where `{name}` is built, under `if {ctx.segment(first.test)}:` (line {first.lineno})"


def _own(name: str, ctx: Context) -> bool:
    """``name`` is a module of the package this file is part of (the scan of the library itself),
    or of another package of the scanned tree (its tests and benchmarks import it), analysed
    there: its kernels and extensions are reported where they are."""
    top = name.partition(".")[0]
    return top == _top_package(ctx.src.path) or top in ctx.options.own_packages


def _top_package(path: str) -> str | None:
    """The top-level package a file of the scan is in: the first folder of its path (``src/``
    layouts: the second), None for a file at the top."""
    parts = path.split("/")[:-1]
    if parts[:1] == ["src"]:
        parts = parts[1:]
    return parts[0] if parts else None


@on(ast.Attribute)
def check_attribute(node: ast.Attribute, ctx: Context) -> None:
    """``deepspeed.ops.adam.FusedAdam`` after ``import deepspeed``: the import itself was fine."""
    if not _relevant(ctx):
        return
    parent = ctx.parent
    if isinstance(parent, ast.Attribute) and parent.value is node:
        return
    name = ctx.qualify(node)
    if name is None or name.split(".")[0] not in _MODULE_ROOTS:
        return
    found = _table(ctx).module_package(name)
    if found is None or _own(name, ctx):
        return
    row, module = found
    seen = ctx.state(_State).seen
    if (row.name, module) in seen or _in_annotation(node, ctx):
        return
    r = RULES[row.rule]
    message = f"uses {name} ({row.name}): {row.note}; {replacement_text(row, name, ctx.src.text)}"
    # a use in a branch is optional as an import there is: torchrec's `get_index` builds a FAISS GPU
    # index under `if device.type == "cuda":` and a CPU index otherwise
    branch = _branch_of(node, ctx)
    ctx.report(r, node, f"optional use (the code has a path without it: {branch}): " + message if branch else message,
               severity=Severity.WARNING if branch else None)
    seen[(row.name, module)] = [len(ctx.findings) - 1, 0, "", 0]


def _in_annotation(node: ast.AST, ctx: Context) -> bool:
    """An annotation names a type and runs nothing: torchrec's `faiss_index: Union[faiss.GpuIndexIVFPQ,
    faiss.IndexIVFPQ]`. Collected once per file, on the first library name found."""
    state = ctx.state(_State)
    if state.annotations is None:
        roots = []
        # annotations are in statements: no expression is visited to find them
        for n in (n for top in ctx.tree.body for n in statements(top)):
            if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef):
                a = n.args
                roots += [x.annotation for x in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg)
                          if x is not None and x.annotation is not None]
                roots.append(n.returns)
            elif type(n) is ast.AnnAssign:
                roots.append(n.annotation)
        state.annotations = {id(x) for r in roots if r is not None for x in all_nodes(r)}
    return id(node) in state.annotations


def _branch_of(node: ast.AST, ctx: Context) -> str | None:
    """``under `if TEST``` (or ``in the else of``) for the innermost ``if`` statement of its scope
    whose branch holds ``node``, or the body of a ``try`` that catches ImportError; None otherwise."""
    body = getattr(ctx.chain[-1], "body", ())
    path = statements_holding(node, body) if type(body) is list else []  # a lambda's body is an expression
    for stmt, inner in zip(reversed(path[:-1]), reversed(path[1:])):
        if type(stmt) is ast.If:
            return f"{'under' if any(s is inner for s in stmt.body) else 'in the else of'} `if {ctx.segment(stmt.test)}`"
        if type(stmt) in TRY_TYPES and any(s is inner for s in stmt.body) \
                and any(catches_import_error(h) for h in stmt.handlers):
            return "in a `try` that catches ImportError"
    return None


@finalizer
def finish_counts(ctx: Context) -> None:
    """Say how many further imports of a library the first finding stands for."""
    seen = ctx.state(_State).seen
    if not seen:
        return
    import dataclasses

    for index, more, plain, required in seen.values():
        f = ctx.findings[index]
        if required and f.message.startswith(_OPTIONAL):
            # LLaVA's flash-attn patch: a `try` whose handler imports the library under its older name,
            # then `from flash_attn.bert_padding import ...` at the top: no path runs without it
            f = dataclasses.replace(f, severity=RULES[f.code].severity,
                                    message=f"{plain}; line {required} imports it at the top of the file, without a fallback")
        if more:
            f = dataclasses.replace(f, message=f"{f.message} (and {plural(more, 'more import')} of it in this file)")
        ctx.findings[index] = f


# -- kernels and extensions -------------------------------------------------------------

@on(ast.FunctionDef, ast.AsyncFunctionDef)
def check_kernel_definition(node: ast.FunctionDef | ast.AsyncFunctionDef, ctx: Context) -> None:
    if not node.decorator_list or not _relevant_kernel_text(ctx):
        return
    for dec in node.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        name = ctx.qualify(target)
        triton = name in _TRITON_DECORATORS
        if triton or name in _NUMBA_KERNELS:
            rule, kind = (NM502, "Triton") if triton else (NM503, "Numba CUDA")
            # called from kernels, never launched: a Triton function that never asks tl.program_id, or
            # Numba's device=True (its own word for one, "Writing Device Functions")
            if (len(node.decorator_list) == 1 and _device_function(node, ctx) if triton else type(dec) is ast.Call
                    and any(k.arg == "device" and type(k.value) is ast.Constant and k.value.value is True
                            for k in dec.keywords)):
                tag = f"@{name}, no tl.program_id" if triton else f"@{name}(device=True)"
                ctx.report(rule, _def_name(ctx, node), f"{kind} device function `{node.name}` ({tag}: called from "
                           "kernels, not launched): ported with the kernels that call it, no work of its own",
                           severity=Severity.INFO)
            else:
                _kernel(ctx, node, rule, f"{kind} kernel `{node.name}` (@{name}): {_NKI}", node.name)
            return


def _device_function(node: ast.FunctionDef | ast.AsyncFunctionDef, ctx: Context) -> bool:
    """A ``@triton.jit`` function that never asks which program it is (``tl.program_id``,
    ``tl.num_programs``) and that this file does not launch (``f[grid](...)``) is a device function,
    inlined into the kernels that call it (mamba's ``softplus``, its Mamba-3 ``cos_approx``): every
    launched kernel of mamba, flash-attention and Liger asks for its program id."""
    if any(type(n) is ast.Attribute and n.attr in ("program_id", "num_programs") for n in ast.walk(node)):
        return False
    return f"{node.name}[" not in ctx.src.text


def _kernel(ctx: Context, node: ast.FunctionDef | ast.AsyncFunctionDef, r, message: str, name: str) -> None:
    guarded = ctx.state(_State).kernel_guard == "optional"
    ctx.report(r, _def_name(ctx, node), message, severity=Severity.WARNING if guarded else None)


class _Span:
    """A node-like position for the ``def name`` part of a function definition."""

    def __init__(self, line: int, col: int, end_col: int):
        self.lineno = self.end_lineno = line
        self.col_offset, self.end_col_offset = col, end_col


def _def_name(ctx: Context, node: ast.FunctionDef | ast.AsyncFunctionDef):
    line = node.lineno
    text = ctx.src.line_text(line).encode("utf-8")
    start = text.find(b"def ", node.col_offset)
    if start < 0:
        return node
    return _Span(line, start, start + 4 + len(node.name.encode("utf-8")))


def _relevant_kernel_text(ctx: Context) -> bool:
    state = ctx.state(_State)
    if state.mentions_kernels is None:
        text = ctx.src.text
        state.mentions_kernels = "triton" in text or "cuda" in text
    return state.mentions_kernels


@on(ast.Call)
def check_call(call: ast.Call, ctx: Context) -> None:
    if not _relevant_call_text(ctx):
        return
    name = ctx.qualify(call.func)
    if name is None:
        return
    if name == "torch.utils.cpp_extension.CUDAExtension":
        message = f"CUDAExtension builds CUDA kernels with nvcc: {_NKI}"
        caught = _build_caught(ctx, call)
        if caught is None:
            ctx.report(NM501, call, message)
        else:
            handler, sources = caught
            named = f": {', '.join(f'`{n}`' for n in sources)}" if sources else ""
            ctx.report(NM501, call, f"{OPTIONAL_BUILD} whose `except` at line {handler.lineno} goes on without "
                       f"it{named}): {message}", severity=Severity.WARNING)
    elif name in EXTENSION_LOADERS:
        evidence = _cuda_evidence(call)
        if not evidence:
            return
        message = f"{name.rsplit('.', 1)[1]}() compiles CUDA code ({evidence}): "
        caught = _load_caught(ctx, call)
        if caught is None:
            ctx.report(NM501, call, message + (_path_without(ctx, call) or _NKI))
        else:
            handler, sources, bound = caught
            named = f": {', '.join(f'`{n}`' for n in sources)}" if sources else ""
            ctx.report(NM501, call, f"{OPTIONAL_BUILD} whose `except` at line {handler.lineno} sets `{bound}` "
                       f"for a run without it{named}): {message}{_NKI}", severity=Severity.WARNING)
    elif name in _TRITON_TORCH_APIS:
        ctx.report(NM502, call, f"{name} registers a Triton kernel as a torch op: {_NKI}")


OPTIONAL_BUILD = "optional kernel (its build is in a `try`"
_NAMED_SOURCE = re.compile(r"`([^`]+\.cuh?)`")


def optional_build_sources(message: str) -> list[str]:
    """The CUDA sources an optional build's NM501 message names (``_build_caught``), relative to its
    file, in order; [] for any other message (project/optional_kernels.py, report/work.py)."""
    return _NAMED_SOURCE.findall(message.partition("): ")[0]) if message.startswith(OPTIONAL_BUILD) else []


def _build_caught(ctx: Context, call: ast.Call) -> tuple[ast.ExceptHandler, list[str]] | None:
    """facebookresearch/sam2's setup.py builds its one extension in a ``try`` whose ``except
    Exception`` prints a warning and installs without it (its callers skip the post-processing
    the kernel does): the handler that catches the build's failure and does not raise again, and
    the CUDA sources the ``try`` names; None where the build's failure stops the install."""
    for node in all_nodes(ctx.chain[-1]):
        if type(node) not in TRY_TYPES or not node.body or not (
                node.body[0].lineno <= call.lineno <= node.body[-1].end_lineno):
            continue
        handler = next((h for h in node.handlers if catches_import_error(h) and type(h.body[-1]) is not ast.Raise), None)
        if handler is not None:
            sources = [n.value for s in node.body for n in all_nodes(s)
                       if type(n) is ast.Constant and type(n.value) is str and n.value.endswith((".cu", ".cuh"))]
            return handler, list(dict.fromkeys(sources))
    return None


def _load_caught(ctx: Context, call: ast.Call) -> tuple[ast.ExceptHandler, list[str], str] | None:
    """peft's BOFT: ``try: fbd_cuda = load(...)`` whose ``except Exception`` warns and sets
    ``fbd_cuda = None``: its author wrote a run without the kernel (peft asks ``if not
    get_fbd_cuda()`` and takes its torch path). The handler must bind the very name the load is
    assigned to, to None or False (EasyOCR's ``dcn_cuda_ready = False``, beside a kernel its GPU path still calls, does
    not count): (handler, the CUDA sources it names, that name); None otherwise."""
    bound = ctx.parent
    if type(bound) is not ast.Assign or len(bound.targets) != 1 or type(bound.targets[0]) is not ast.Name:
        return None
    caught = _build_caught(ctx, call)
    if caught is None:
        return None
    handler, sources = caught
    name = bound.targets[0].id
    if not any(type(s) is ast.Assign and type(s.value) is ast.Constant and s.value.value in (None, False)
               and any(type(t) is ast.Name and t.id == name for t in s.targets) for s in handler.body):
        return None
    return handler, [s.lstrip("/") for s in sources], name


def _path_without(ctx: Context, call: ast.Call) -> str | None:
    """stylegan2-pytorch's ``upfirdn2d_op = load(...)`` at import, then ``if input.device.type ==
    "cpu":`` a pure-PyTorch path, else the extension: on Neuron the device is not "cpu", so the
    extension's branch runs, though the file already computes the same without it."""
    bound = ctx.parent
    if type(bound) is not ast.Assign or type(ctx.chain[-1]) is not ast.Module:
        return None
    names = {t.id for t in bound.targets if type(t) is ast.Name}
    for node in all_nodes(ctx.tree):
        test = getattr(node, "test", None)
        if (type(node) is ast.If and node.orelse and type(test) is ast.Compare and len(test.ops) == 1
                and type(test.ops[0]) is ast.Eq and type(test.comparators[0]) is ast.Constant
                and test.comparators[0].value == "cpu" and type(test.left) is ast.Attribute
                and test.left.attr == "type" and type(test.left.value) is ast.Attribute
                and test.left.value.attr == "device"
                and not any(type(n) is ast.Name and n.id in names for s in node.body for n in all_nodes(s))):
            return (f"the file computes the same without it where `{ctx.segment(test)}` (line {node.lineno}), "
                    "but on Neuron the other branch runs, and this load() at import needs nvcc: take that path "
                    f"wherever the device is not CUDA and build the extension only where CUDA is, or {_NKI}")
    return None


def _relevant_call_text(ctx: Context) -> bool:
    state = ctx.state(_State)
    if state.mentions_extensions is None:
        text = ctx.src.text
        state.mentions_extensions = "cpp_extension" in text or "CUDAExtension" in text or "triton" in text
    return state.mentions_extensions


def _cuda_evidence(call: ast.Call) -> str | None:
    for kw in call.keywords:
        if kw.arg in ("cuda_sources", "extra_cuda_cflags") and not (
                isinstance(kw.value, ast.Constant) and kw.value.value is None):
            return f"{kw.arg}="
        if kw.arg == "with_cuda" and isinstance(kw.value, ast.Constant) and kw.value.value is True:
            return "with_cuda=True"
    for node in ast.walk(call):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                node.value.endswith((".cu", ".cuh")):
            return f"source {node.value}"
    return None


# -- .cu / .cuh files ---------------------------------------------------------------------

def cuda_source_result(path: str, data: bytes, options: Options) -> FileResult:
    """One NM501 finding for a CUDA source file (the file itself is not parsed)."""
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    if not options.wants(NM501.code, path):
        return FileResult(path, (), lines=lines)
    kernels = data.count(b"__global__")
    what = plural(kernels, "__global__ kernel") if kernels else "CUDA code"
    finding = Finding(code=NM501.code, rule=NM501.name, severity=NM501.severity,
                      category=NM501.category, path=path, line=1, column=1, end_line=1, end_column=1,
                      message=f"CUDA source file ({what}): {_NKI}")
    return FileResult(path, (finding,), lines=lines)


# -- C++ sources ------------------------------------------------------------------------

# NVIDIA's libraries a C++ source calls, by the headers it includes in angle brackets (a
# project's own "cublas_gemm.h" is in quotes), ATen's cuDNN wrappers too: stable-fast's fused
# GEMMs call cuBLASLt from CUDABlas.cc and its fused convolutions cuDNN from a .cc file
_LIBRARY_INCLUDE = re.compile(rb"(?im)^[ \t]*#[ \t]*include[ \t]*<((?:[\w.+-]+/)*"
                              rb"(cublaslt|cublas|cudnn|cusparselt|cusparse|cufft|curand|cusolver|nccl)[\w.+/-]*)>")
# each library's name and the PyTorch ops that compute what a project builds on it
_LIBRARIES = {"cublaslt": ("cuBLASLt", "torch.matmul, F.linear"), "cublas": ("cuBLAS", "torch.matmul, F.linear"),
              "cudnn": ("cuDNN", "F.conv2d and its kin"), "cusparselt": ("cuSPARSELt", "torch.matmul"),
              "cusparse": ("cuSPARSE", "torch.sparse"), "cufft": ("cuFFT", "torch.fft"),
              "curand": ("cuRAND", "torch's random functions"), "cusolver": ("cuSOLVER", "torch.linalg"),
              "nccl": ("NCCL", "torch.distributed")}


def cpp_source_result(path: str, data: bytes, options: Options) -> FileResult:
    """One NM501 finding for a C++ source that includes a CUDA library's headers, at the first;
    none for the rest (bindings and CPU code go with the kernels they serve)."""
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    found = list(_LIBRARY_INCLUDE.finditer(data)) if options.wants(NM501.code, path) else ()
    if not found:
        return FileResult(path, (), lines=lines)
    libraries = list(dict.fromkeys(_LIBRARIES[m.group(2).lower().decode()] for m in found))
    first = found[0]
    line = data.count(b"\n", 0, first.start()) + 1
    header = first.group(1).decode("utf-8", "replace")
    names = " and ".join(name for name, _ in libraries)
    ops = "; ".join(dict.fromkeys(ops for _, ops in libraries))
    finding = Finding(code=NM501.code, rule=NM501.name, severity=NM501.severity, category=NM501.category,
                      path=path, line=line, column=1, end_line=line, end_column=1,
                      message=f"C++ source calling {names} (`#include <{header}>`): NVIDIA's libraries do not run on "
                              f"Trainium; replace the ops it builds on them with the PyTorch ops they compute ({ops}), "
                              f"or {_NKI}")
    return FileResult(path, (finding,), lines=lines)
