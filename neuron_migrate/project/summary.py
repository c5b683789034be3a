"""Per-file summary for the project model: small, picklable, made from the tree the checks
already walked (module-level statements and the calls of traced functions only).

- ``imports``: (local name, level, module, name) of module-level imports; ``name`` is ""
  for ``import a.b as c``; ``firm``: (level, module, name) of those that run whenever the
  module is imported (not under ``if`` or ``try``), ``import a.b`` kept whole.
- ``functions``: module-level function names; ``classes``: (name, base texts, method names).
- ``calls``: (traced function, callee text, line) for calls from traced code that leave the
  file: through a module-level import (``helpers.pad(x)``, ``pad(x)``; with ``HANDED`` the
  function of the file such a call hands on), or to ``self.m(...)``
  where ``m`` is not defined by the class or its in-file bases (a method of an imported base);
  through an import in the function or one enclosing it: ``FUNCTION_IMPORT`` then
  ``level:module:name:rest`` (``rest`` the dotted tail after the imported name, or "").
"""

from __future__ import annotations

import ast
import re

from neuron_migrate.models import Summary
from neuron_migrate.traversal import child_nodes, own_nodes, statements

__all__ = ["CUDA_ONLY_MODULES", "FUNCTION_IMPORT", "HANDED", "INFERENCE_SERVER_MODULES", "TRITON_COMPILER", "TOP_LEVEL_CUDA_ONLY_IMPORT", "Summary", "autograd_function_base", "cuda_only_library", "firm_imports", "defined_once", "dotted", "handed_argument", "init_stores", "module_level", "optional_dict", "unparsed", "wrappers"]

# a call from traced code through an import a function makes (``from torchgw._lowrank import
# sinkhorn_lowrank`` in the solver, called from its closure): "import:0:torchgw._lowrank:sinkhorn_lowrank:"
FUNCTION_IMPORT = "import:"
# a function of the file handed to a helper of another file, which may call it (ema-pytorch's
# ``default(current_decay, self.get_current_decay)``): "handed:1:EMA.get_current_decay:default",
# the position (or keyword) given, the function handed, the helper as written; for a local lambda handed
# on, "=" and what its body calls through an import: "handed:2:=batch_jacobian_approx_t:newton_step_parallel"
HANDED = "handed:"

# libraries a module that imports them unconditionally exists to feed: it is CUDA-only
# (checks/guards.py), and so is a module importing it (project/cuda_only.py)
CUDA_ONLY_MODULES = ("triton", "cupy", "pycuda", "tensorrt", "torch_tensorrt", "torch2trt")
# NVIDIA's Triton *Inference Server* (a model server with CPU, PyTorch and Neuron backends) and its
# clients (HTTP/gRPC): not OpenAI's Triton compiler, though their names hold the word
INFERENCE_SERVER_MODULES = frozenset({"tritonclient", "tritonserver", "tritonhttpclient", "tritongrpcclient",
                                      "triton_python_backend_utils", "pytriton"})
# the word "triton" naming OpenAI's compiler (a pattern for case-blind regular expressions): not in
# the server's names (``tritonclient``, ``TritonPythonModel``, ``pytriton``, ``np_to_triton_dtype``)
TRITON_COMPILER = r"(?<!py)(?<!to_)triton(?!_?(?:client|server|python|http|grpc)|_to_np)"
# a module-level function named like a kernel (checks/device.py ``movers``): ``fix``'s test of a
# file's text for one that may only move tensors (runner.py)
MOVER_DEF = re.compile(rb"(?m)^(?:async[ \t]+)?def[ \t]+\w*(?:(?i:cuda)|(?i:kernel)|_C\b|_ext\b|(?i:extension))\w*[ \t]*\(")
# a line that imports one at a module's top level: only then can a file be CUDA-only through
# another (``fix`` searches the bytes before it parses anything)
TOP_LEVEL_CUDA_ONLY_IMPORT = re.compile(rb"(?m)^(?:import|from)[ \t]+(?:"
                                        + "|".join(CUDA_ONLY_MODULES).encode() + rb")\b")


def autograd_function_base(text: str) -> bool:
    """A base class written ``Function``, ``autograd.Function`` or ``torch.autograd.Function``:
    ``Cls.apply(...)`` runs ``Cls.forward`` (checks/graph_breaks.py in a file, project/model.py
    across files)."""
    return text.rpartition(".")[2] == "Function"


def cuda_only_library(firm: tuple[tuple[int, str, str], ...]) -> str | None:
    """The CUDA-only library among a module's unconditional imports (``firm``), as written, else
    None; a relative import names a module of the project (``from .triton import helper``)."""
    return next((m for level, m, _ in firm if not level and m.split(".")[0] in CUDA_ONLY_MODULES), None)


def parameter_defaults(args: ast.arguments) -> dict[str, ast.AST]:
    """Each parameter that has a default -> the default's expression."""
    positional = [*args.posonlyargs, *args.args]
    out = dict(zip([a.arg for a in positional][len(positional) - len(args.defaults):], args.defaults))
    out.update({a.arg: v for a, v in zip(args.kwonlyargs, args.kw_defaults) if v is not None})
    return out


def dotted(expr: ast.AST) -> str:
    if type(expr) is ast.Name:  # the commonest (ast's node types have no subclasses)
        return expr.id
    parts = []
    while type(expr) is ast.Attribute:
        parts.append(expr.attr)
        expr = expr.value
    if type(expr) is ast.Name:
        parts.append(expr.id)
        return ".".join(reversed(parts))
    return ""


def defined_once(fn: ast.AST, name: str) -> ast.AST | None:
    """The one function ``fn`` defines as ``name`` in its own body, where ``fn`` binds ``name`` to
    nothing else but a wrapper of it (``update = compile_with_warmup(update)``, ``step =
    torch.compile(step)``) and takes no parameter of that name; else None."""
    own = own_nodes(fn)
    defs = [n for n in own if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef) and n.name == name]
    a = fn.args
    if len(defs) != 1 or any(p.arg == name for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)):
        return None
    wrapped = {id(t) for n in own if type(n) is ast.Assign and type(n.value) is ast.Call
               and any(type(v) is ast.Name and v.id == name for v in n.value.args) for t in n.targets}
    if any(type(n) is ast.Name and n.id == name and type(n.ctx) is ast.Store and id(n) not in wrapped for n in own):
        return None
    return defs[0]


def handed_argument(call: ast.Call, position: int, param: str) -> ast.AST | None:
    """The argument ``call`` gives the parameter at ``position`` (-1: keyword-only) named ``param``."""
    if 0 <= position < len(call.args) and not any(type(a) is ast.Starred for a in call.args[:position + 1]):
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == param), None)


def unparsed(expr: ast.AST) -> str:
    """``ast.unparse(expr)``, read directly for a name, a dotted name, ``None`` and subscripts of them
    (``Optional[torch.Tensor]``, ``Dict[str, torch.Tensor]``): the unparser's start costs about 25,000
    instructions a call (2,006 calls in a scan of timm, 1,907 of them for such expressions)."""
    text = _written(expr)
    return ast.unparse(expr) if text is None else text


def _written(expr: ast.AST) -> str | None:
    """``unparsed`` of the expressions it reads directly, else None."""
    name = dotted(expr)
    if name:
        return name
    if type(expr) is ast.Constant and expr.value is None:
        return "None"
    if type(expr) is ast.Subscript and (base := dotted(expr.value)):
        inner = expr.slice  # a tuple of two or more is written without its parentheses
        parts = [_written(e) for e in inner.elts] if type(inner) is ast.Tuple and len(inner.elts) > 1 else [_written(inner)]
        return None if None in parts else f"{base}[{', '.join(parts)}]"
    return None


def module_level(tree: ast.Module) -> tuple[tuple, tuple, tuple, tuple]:
    """(imports, functions, classes, firm imports) of a module (``Summary``)."""
    imports, functions, classes = [], [], []
    todo = list(tree.body)
    while todo:
        node = todo.pop(0)
        if isinstance(node, ast.Import):
            for a in node.names:
                imports.append((a.asname or a.name.split(".")[0], 0, a.name if a.asname else a.name.split(".")[0], ""))
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:  # ``from .inputs import *``: local name "*", which no call's root is
                imports.append((a.asname or a.name, node.level, node.module or "", a.name))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append(node.name)
        elif isinstance(node, ast.ClassDef):
            methods = tuple(s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)))
            classes.append((node.name, tuple(dotted(b) for b in node.bases), methods))
        elif (type(node) is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name
              and type(node.value) is ast.Name and any(c[0] == node.value.id for c in classes)):
            # spmatrix = TorchSparseMatrix (sparse-kappa's backend): another name of a class above,
            # resolved as a class with no body of its own whose one base is it
            classes.append((node.targets[0].id, (node.value.id,), ()))
        elif isinstance(node, (ast.If, ast.Try)):  # if TYPE_CHECKING / try: import ... except
            todo[:0] = [*node.body, *getattr(node, "orelse", []),
                        *[s for h in getattr(node, "handlers", []) for s in h.body]]
    return tuple(imports), tuple(functions), tuple(classes), firm_imports(tree.body)


def firm_imports(body: list[ast.stmt]) -> tuple[tuple[int, str, str], ...]:
    """(level, module, name) of the imports of a module's ``body`` that run whenever it is
    imported (not under ``if`` or ``try``), ``import a.b`` kept whole."""
    firm: list[tuple[int, str, str]] = []
    for node in body:
        if type(node) is ast.Import:
            firm += [(0, a.name, "") for a in node.names]
        elif type(node) is ast.ImportFrom:
            firm += [(node.level, node.module or "", a.name) for a in node.names]
    return tuple(firm)


def wrappers(functions: dict[str, ast.AST], name: str, depth: int = 0) -> list[tuple[str, ast.AST]]:
    """The inner functions that the decorator ``name`` (a module-level function of the file,
    ``functions`` by name) puts in place of what it decorates, as (``outer.inner``, node):
    those it returns by name (``@wraps(fn) def g(...): ...; return g``), and those of the
    module's decorators it returns the result of (``return _cached(method, name)``, directly or
    as ``functools.partial(_cached, name=name)`` for ``@cached(name=...)``). Calling the
    decorated function runs them: Dynamo traces them with it."""
    fn = functions.get(name)
    if fn is None or depth > 3:
        return []
    inner = {s.name: s for s in fn.body if type(s) in (ast.FunctionDef, ast.AsyncFunctionDef)}
    out, todo = [], list(fn.body)
    while todo:
        node = todo.pop()
        if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda):
            continue
        if type(node) is ast.Return and node.value is not None:
            value = node.value
            if type(value) is ast.Name and value.id in inner:
                out.append((f"{name}.{value.id}", inner[value.id]))
            elif type(value) is ast.Call:
                callee = value.func
                if dotted(callee).rpartition(".")[2] == "partial" and value.args:
                    callee = value.args[0]
                if type(callee) is ast.Name and callee.id != name:
                    out += [w for w in wrappers(functions, callee.id, depth + 1) if w not in out]
            continue
        todo += child_nodes(node)
    return out


def init_stores(init: ast.AST | None) -> list[tuple[str, str]]:
    """(parameter, attribute) for each ``self.attr = parameter`` of an ``__init__``, in order."""
    params = {a.arg for a in (*init.args.args, *init.args.kwonlyargs)} if init is not None else set()
    return [(node.value.id, node.targets[0].attr) for node in (statements(init) if init is not None else ())
            if type(node) is ast.Assign and type(node.value) is ast.Name and node.value.id in params
            and len(node.targets) == 1 and type(node.targets[0]) is ast.Attribute
            and type(node.targets[0].value) is ast.Name and node.targets[0].value.id == "self"]


def optional_dict(cls: ast.ClassDef) -> bool:
    """``class Message(TypedDict, total=False)``: building one breaks (constructs.py, "TypedDict
    with optional keys"; a TypedDict whose keys are all required is traced)."""
    return (any(dotted(b).rpartition(".")[2] == "TypedDict" for b in cls.bases)
            and any(k.arg == "total" and type(k.value) is ast.Constant and k.value.value is False for k in cls.keywords))


# pydantic's model base, as its own modules name it: a class deriving from it validates on construction
PYDANTIC_MODELS = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel"})
_VALIDATOR_DECORATORS = frozenset({"field_validator", "model_validator"})


def validator_methods(cls: ast.ClassDef) -> list[ast.AST]:
    """The methods of ``cls`` decorated with pydantic's ``@field_validator(...)`` or
    ``@model_validator(...)`` (also written ``pydantic.field_validator``): pydantic runs them
    when the class is built."""
    return [m for m in cls.body if type(m) in (ast.FunctionDef, ast.AsyncFunctionDef) and any(
        dotted(d.func if type(d) is ast.Call else d).rpartition(".")[2] in _VALIDATOR_DECORATORS
        for d in m.decorator_list)]
