"""What the compile checks share: the products one hands another, which files run on the
host, and which methods give tensors. No handlers: importing it registers nothing.

Products are per-file states (``ctx.state(ShapeBreaks)``): the producer fills them during
the walk or in its finalizer, the consumer reads them after (finalizers run after the walk,
in the order their modules were loaded).
"""

from __future__ import annotations

import ast

from neuron_migrate.models import TracedFunction
from neuron_migrate.project.summary import dotted
from neuron_migrate.traversal import LEAF_TYPES, node_fields, node_types


COMPILED_AT = "torch.compile at "  # the origin of a root that torch.compile in another file targets
# the origin of a root named by --entry/compile-entries whose method a base of another file
# defines, and the reason the file traces it: "compile entry hmm.py:DenseHMM.fit"
COMPILE_ENTRY = "compile entry "
# the origin of a root that only says which parameters of a function traced anyway a traced caller
# of another file passes tensors: "tensor arguments: 0,2;t0,t1" (positions after self; keywords)
TENSOR_ARGS = "tensor arguments: "
# the origin of a root that only says which parameters of a function traced anyway, judged off by
# default in its file, a traced caller of another file sets: each as ``name=*`` (a value that is
# not a False/None/0 constant) or ``name=0`` (that constant): "given arguments: value_range=*"
GIVEN_ARGS = "given arguments: "
# the origin of a root that only says which parameters of a function traced anyway a traced optimizer
# step of another file hands its ``closure``: "optimizer closure: 0;func" (positions after self; keywords)
CLOSURE_ARGS = "optimizer closure: "
# the origin of a root that says a traced function of this file builds a TypedDict with optional
# keys that another file defines (Dynamo breaks there): "TypedDict with optional keys: Message"
OPTIONAL_DICT = "TypedDict with optional keys: "
# the origin of a root that says a traced function of this file builds a pydantic model that another
# file defines (Dynamo breaks at the construction, in pydantic-core): "pydantic model: SurvivalInputs"
VALIDATED = "pydantic model: "
# the origin of a root that says a traced function of this file calls, at a line, a method of an
# instance it builds itself, and that method breaks in another file (Dynamo cannot rebuild the
# instance to resume: GB0092, the frame skipped): "instance not rebuilt: 171 torchmin/function.py:121"
REBUILT = "instance not rebuilt: "
# the origin of a root that says a traced function of this file calls, at a line, ``self.m()`` that
# a project class of another file (a base) defines: not torch.optim's ``zero_grad`` of an
# optimizer subclass, whose name alone the file sees: "own method: 56 cooper/optim/optimizer.py:CooperOptimizer.zero_grad"
OWN_METHOD = "own method: "
# the origin of a root that says a traced ``__init__`` of an nn.Module class of this file runs in a
# construction that breaks below it (in its own code, a callee's or a subclass's ``__init__``): Dynamo
# then builds the module eagerly and compiles the ``__init__`` as a frame of its own before
# nn.Module.__init__ ran, which it cannot trace (GB0119 at ``super().__init__()``, the frame skipped):
# "module built uninitialised: torchoptics/utils.py:72"
UNINITIALISED = "module built uninitialised: "
# a compiled target (Summary.compiled) for a named entry ``Cls.m`` whose class is of this file and
# whose method a base of another file defines: "entry of:DenseHMM" (the spec in the row's arg)
ENTRY_OF = "entry of:"
# a compiled target (Summary.compiled) that is no compile: a call ``X.m(...)`` on ``X = torch.compile(Y)``
# of a model built elsewhere, for the project model to resolve ``m`` (NM127): "wrapper of:GPT"
WRAPPER_OF = "wrapper of:"
# the origin of a root that says such a call, at a line, runs a method of a project class of another
# file that calls the module itself uncompiled, how (``graph_breaks.runs_forward``: "self" or "forward")
# and where: "wrapper call: 89 self model.py:GPT.generate"
WRAPPER_CALL = "wrapper call: "
# the origin of a root that says a method of this file that calls the module itself (``Cls.m``) is
# called, at a line of another file, on torch.compile's wrapper (NM127): there its calls of the module
# run uncompiled (NM308 names the call): "on wrapper: GPT.generate sample.py:87"
ON_WRAPPER = "on wrapper: "
# a compiled target (Summary.compiled), beside the target's own row, that says the compile is in
# place: "module" for ``model.compile()`` (nn.Module.compile: a method's ``self(...)`` is the compiled
# forward), "forward" for ``model.forward = torch.compile(model.forward)`` (``self.forward(...)`` too):
# "in place of:module:GPT"
IN_PLACE_OF = "in place of:"
# the origin of a root that says a class of this file is compiled in place at a line of another
# file, and how ("module" or "forward", as above): "in place: GPT chat.py:5 module"
IN_PLACE = "in place: "


class ShapeBreaks:
    """checks.shapes → checks.graph_breaks: the file's data-dependent shapes (NM301), which
    graph_breaks counts as break sites of the traced functions that hold them."""

    __slots__ = ("sites",)

    def __init__(self) -> None:
        self.sites: dict[int, tuple[ast.AST, str]] = {}  # node id -> (node, code), source order


class TracedCode:
    """checks.graph_breaks → the compile-coverage estimate and the project model (``FileResult``):
    a summary of each traced function, the lines of ``torch.compile`` calls on a model built
    elsewhere, and the calls from traced code that may reach another file of the project."""

    __slots__ = ("functions", "compiled_elsewhere", "compiled_targets", "outcalls", "tensor_args", "open_params",
                 "made_calls", "given_args", "off_params", "compilers")

    def __init__(self) -> None:
        self.functions: tuple[TracedFunction, ...] = ()
        self.compiled_elsewhere: tuple[int, ...] = ()
        self.compiled_targets: tuple[tuple[str, str, str, int], ...] = ()  # Summary.compiled
        self.outcalls: tuple[tuple[str, str, int], ...] = ()  # (traced function, callee as written, line)
        self.tensor_args: tuple[tuple[str, str, int, tuple[int, ...], tuple[str, ...]], ...] = ()  # Summary.tensor_args
        self.open_params: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()  # Summary.open_params
        self.made_calls: tuple[tuple[str, str, int, int], ...] = ()  # Summary.made_calls
        self.given_args: tuple[tuple[str, str, int, tuple[tuple[str, str], ...]], ...] = ()  # Summary.given_args
        self.off_params: tuple[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]], ...] = ()  # Summary.off_params
        self.compilers: tuple[tuple[str, int, str, int], ...] = ()  # Summary.compilers


# Methods that only tensors (and numpy arrays, which Dynamo traces as tensors) have.
TENSOR_METHODS = frozenset({"sum", "mean", "max", "min", "amax", "amin", "any", "all", "norm", "std", "var",
                  "prod", "argmax", "argmin", "abs", "float", "double", "half", "bfloat16", "long",
                  "int", "bool", "clone", "detach", "contiguous", "view", "reshape", "squeeze",
                  "unsqueeze", "flatten", "exp", "log", "sqrt", "pow", "clamp", "softmax",
                  "matmul", "masked_fill", "cumsum", "numpy", "cpu", "to", "eq", "ne", "gt", "lt",
                  "ge", "le", "isnan", "isinf", "isfinite", "count_nonzero", "sign", "round",
                  "floor", "ceil", "logical_and", "logical_or", "logical_not", "square", "neg"})


_TEST_DIRS = {"test", "tests", "testing"}
_DATA_DIRS = {"data", "dataset", "datasets", "transforms", "augmentation", "augmentations"}


def host_side_file(path: str) -> bool:
    """Tests and data-pipeline code (a ``data``/``transforms`` folder or one named ``*_datasets``,
    a ``*transforms*.py``, ``*augment*.py`` or ``*collat*.py`` file): their tensors are checked or
    prepared on the host, in the test or the data loader, never under torch.compile on the
    device; nn.Module "transforms" there (torchvision style) are not model code."""
    parts = path.replace(chr(92), "/").split("/")
    folders, name = {p.lower() for p in parts[:-1]}, parts[-1].lower()
    if name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py" or folders & _TEST_DIRS:
        return True
    return (bool(folders & _DATA_DIRS) or any(f.endswith(("_dataset", "_datasets")) for f in folders)
            or "transforms" in name or "augment" in name or "collat" in name)


# torch.utils.data classes whose methods run in the data loader (its worker processes or the
# loop that feeds the model), never under torch.compile: Dataset, Sampler and DataLoader and
# their subclasses in torch 2.13 (PyG's ImbalancedSampler derives from WeightedRandomSampler);
# any base named ``...Dataset`` too (torchvision's VisionDataset, PyG's InMemoryDataset).
_DATA_BASES = frozenset({
    "Dataset", "IterableDataset", "DataLoader", "Sampler", "BatchSampler", "ChainDataset", "ConcatDataset",
    "StackDataset", "Subset", "TensorDataset", "DistributedSampler", "RandomSampler", "SequentialSampler",
    "SubsetRandomSampler", "WeightedRandomSampler", "IterDataPipe", "MapDataPipe"})
_LOADER_HOOKS = frozenset({"collate_fn", "worker_init_fn"})  # functions the loader calls
_USE_SCOPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda})
# the node types host_side_scopes' walk for uses visits: all but the leaves and the childless
# nodes that are not a name (constants, ``pass``, import aliases)
_USE_WALKED = frozenset(t for t in node_types(ast.AST) if not issubclass(t, LEAF_TYPES)) - {
    ast.Constant, ast.alias, ast.Pass, ast.Break, ast.Continue, ast.Global, ast.Nonlocal}


class HostScopes:
    """The file's data-loading classes and functions (``host_side_scopes``), found when a
    check first asks ``host_scope`` (only where it would report something)."""

    __slots__ = ("ids",)

    def __init__(self) -> None:
        self.ids: frozenset[int] | None = None


def host_scope(ctx) -> ast.AST | None:
    """The outermost class or function around the node being checked that runs only in data
    loading (``host_side_scopes``), or None. Functions traced from another file (the project
    model's ``traced_roots``) are device code wherever they are."""
    state = ctx.state(HostScopes)
    if state.ids is None:
        tree, path = ctx.tree, ctx.src.path
        traced = frozenset(name for p, name, _ in ctx.options.traced_roots if p == path) if ctx.options else frozenset()
        state.ids = host_side_scopes(tree, lambda e: ctx.names.qualify(e, (tree,)), traced, ctx.src.names_text)
    return next((s for s in ctx.chain if id(s) in state.ids), None) if state.ids else None


# torch's default_collate as its modules export it
DEFAULT_COLLATE = frozenset({"torch.utils.data.default_collate", "torch.utils.data._utils.collate.default_collate",
                             "torch.utils.data.dataloader.default_collate"})


def _collator(cls: ast.ClassDef, qualify) -> bool:
    """A class whose ``__call__`` batches with torch's ``default_collate``: an object handed to a
    loader as its ``collate_fn``, often from another file (I-JEPA's ``MaskCollator``)."""
    return any(isinstance(n, ast.Call) and qualify(n.func) in DEFAULT_COLLATE
               for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__call__"
               for n in ast.walk(f))


def _numpy_module(name: str) -> bool:
    """NumPy, or matplotlib's pylab, which hands on NumPy's names (Marigold's Hypersim tone
    mapping takes `np` and `count_nonzero` from it)."""
    return name.partition(".")[0] == "numpy" or name in ("pylab", "matplotlib.pylab")


def host_side_scopes(tree: ast.Module, qualify, traced: frozenset[str] = frozenset(),
                     text: str | None = None) -> frozenset[int]:
    """Ids of the classes and functions of ``tree`` that run only in data loading: the
    classes deriving from a Dataset, DataLoader or Sampler (in this file or by name) or
    collating batches in their ``__call__`` (``_collator``), the functions handed to a loader as
    ``collate_fn``/``worker_init_fn``, and the module-level functions used only inside those (not ``traced``, the names traced from another file);
    in a file that imports NumPy and names no torch, every class and function not ``traced``.
    Their tensors are the host's: a data-dependent shape there is no shape on the device.
    ``qualify(expr)`` names an expression at module level; ``text``, the file's names as
    Python reads them (``SourceFile.names_text``), spares the walk for uses when no class is a
    data class and no loader hook is named."""
    classes: dict[str, ast.ClassDef] = {}
    functions: dict[str, ast.AST] = {}
    numpy = False  # the module imports NumPy
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.ClassDef):
            classes.setdefault(node.name, node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.setdefault(node.name, node)
        elif isinstance(node, (ast.If, ast.Try)):
            todo += [*node.body, *node.orelse, *(s for h in getattr(node, "handlers", ()) for s in h.body)]
        elif isinstance(node, ast.Import):
            numpy = numpy or any(_numpy_module(a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            numpy = numpy or not node.level and _numpy_module(node.module or "")
    if numpy and text is not None and "torch" not in text:
        # a NumPy file naming no torch (YOLOX's NMS of ONNX Runtime's outputs): its arrays are the
        # host's, but in what is traced from another file, where Dynamo traces NumPy as tensors
        return frozenset({id(f) for name, f in functions.items() if name not in traced}
                         | {id(c) for name, c in classes.items() if not any(t.startswith(name + ".") for t in traced)})

    def data_class(cls: ast.ClassDef, seen: set[int]) -> bool:
        seen.add(id(cls))
        for base in cls.bases:
            name = qualify(base) or dotted(base)
            leaf = name.rsplit(".", 1)[-1]
            if (leaf in _DATA_BASES and name.startswith("torch.utils.data")) or leaf.endswith("Dataset"):
                return True
            local = classes.get(base.id) if isinstance(base, ast.Name) else None
            if local is not None and id(local) not in seen and data_class(local, seen):
                return True
        return False

    host: set[int] = {id(c) for c in classes.values() if data_class(c, set())}
    del data_class  # it calls itself: a cycle holding qualify, so the file's tree, until a collection
    if text is None or "default_collate" in text:
        host.update(id(c) for c in classes.values()
                    if _collator(c, qualify) and not any(t.startswith(c.name + ".") for t in traced))
    # no data class and no loader hook named: nothing is the host's, so no helper is used only there
    if not host and text is not None and not any(h in text for h in _LOADER_HOOKS):
        return frozenset()
    # where each module-level function's name is used: the scopes around each use
    uses: dict[str, list[tuple[int, ...]]] = {}
    stack: list[tuple[ast.AST, tuple[int, ...], ast.ClassDef | None]] = [(tree, (), None)]
    pop, push, wanted = stack.pop, stack.append, _USE_WALKED
    while stack:
        node, scopes, cls = pop()
        t = type(node)
        if t is ast.Name:  # no child nodes
            if node.id in functions and type(node.ctx) is ast.Load:
                uses.setdefault(node.id, []).append(scopes)
            continue
        if t is ast.keyword and node.arg in _LOADER_HOOKS:
            hook = node.value
            if isinstance(hook, ast.Call) and hook.args and (qualify(hook.func) or "").endswith("partial"):
                hook = hook.args[0]  # functools.partial(collate, pad=0)
            if isinstance(hook, ast.Lambda):
                host.add(id(hook))
            elif isinstance(hook, ast.Name) and hook.id in functions:
                host.add(id(functions[hook.id]))
            elif (isinstance(hook, ast.Attribute) and isinstance(hook.value, ast.Name)
                  and hook.value.id == "self" and cls is not None):  # collate_fn=self.collate
                host.update(id(s) for s in cls.body
                            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == hook.attr)
        if t in _USE_SCOPES:
            scopes = (*scopes, id(node))
            if t is ast.ClassDef:
                cls = node
        for name in node_fields(t):  # child_nodes' children, without the childless ones no use is in
            value = getattr(node, name, None)
            if type(value) is list:
                for child in value:
                    if type(child) in wanted:
                        push((child, scopes, cls))
            elif type(value) in wanted:
                push((value, scopes, cls))
    grown = True
    while grown:
        grown = False
        for name, fn in functions.items():
            if id(fn) in host or name in traced or not uses.get(name):
                continue
            if all(any(s in host for s in scopes) for scopes in uses[name]):
                host.add(id(fn))
                grown = True
    return frozenset(host)
