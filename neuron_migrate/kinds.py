"""Value kinds: a light, local inference telling tensors from host values in one scope.

The shape and graph-break checks ask "is this a tensor?" about expressions. A NumPy array
indexed with a mask, an ``int`` read from ``x.shape`` or ``len()``, a device or a module
are not, and reporting a data-dependent shape or a host read on them is noise. This module
answers with one of:

- ``TENSOR``: a torch call result, a tensor method's result, a parameter annotated Tensor;
- ``ARRAY``: a NumPy array (``np.*`` results, ``.numpy()``, ndarray-only methods such as
  ``.astype``, a parameter annotated ``np.ndarray``, a name handed to a ``np.*`` function);
- ``SCALAR``: a Python number or bool or a tuple of them (``.shape``, ``len()``, ``.size()``,
  ``int()``, ``math.*``, a parameter annotated ``int``/``float``/``bool``, a name used as a
  size in ``range``/``view``/``reshape``/``torch.zeros`` or as a slice bound; handing a
  value to ``math.*`` is not evidence, since that is the host read the checks look for);
- ``DEVICE`` / ``MODULE``: ``torch.device(...)``, ``x.device``; ``nn.Linear(...)``;
- ``FRAME``: a pandas ``DataFrame`` or ``Series`` (``pd.*`` results, and a frame's columns, rows and
  methods' results): ``df[df["loss"] > 0]`` selects rows on the host;
- ``HOST``: another Python value (a string, a dict);
- ``None``: not known (the checks keep their own judgement).

It is flow-insensitive within the scope: a name takes the strongest kind any of its bindings
gives it (a tensor anywhere makes it a tensor), and evidence from uses (handed to NumPy,
used as a size) counts only for names no binding made a tensor. Nothing here follows calls
or attributes (``self.x``); that is the project model's job.

Under ``torch.compile`` Dynamo traces NumPy calls as tensor ops (``int()`` of an array
breaks the graph as ``int()`` of a tensor does), so the graph-break check treats ``ARRAY``
as a tensor in traced code; the shape checks, about shapes on the Neuron device, do not.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from neuron_migrate.project.summary import parameter_defaults, unparsed
from neuron_migrate.traversal import all_nodes, own_nodes

TENSOR, ARRAY, SCALAR, DEVICE, MODULE, HOST = "tensor", "ndarray", "scalar", "device", "module", "host"
FRAME = "frame"  # a pandas DataFrame or Series: its columns, rows and methods' results are host values too
HOST_KINDS = frozenset({ARRAY, SCALAR, DEVICE, MODULE, HOST, FRAME})
_RANK = {TENSOR: 4, ARRAY: 3, DEVICE: 2, MODULE: 2, FRAME: 2, SCALAR: 1, HOST: 1}

_SCALAR_ATTRS = {"shape", "ndim", "dtype", "is_cuda", "requires_grad", "training", "is_leaf", "layout",
                 "itemsize", "nbytes", "is_sparse"}
_SCALAR_METHODS = {"size", "dim", "numel", "nelement", "ndimension", "stride", "element_size", "data_ptr",
                   "get_device", "is_contiguous", "is_floating_point", "is_complex", "is_inference", "item",
                   "storage_offset"}
_SCALAR_BUILTINS = {"len", "int", "float", "bool", "round", "abs", "divmod", "pow", "hash", "id", "ord"}
_HOST_BUILTINS = {"str", "repr", "list", "tuple", "dict", "set", "sorted", "range", "enumerate", "zip",
                  "isinstance", "hasattr", "getattr", "type", "format"}
_ARRAY_ONLY_METHODS = {"astype", "tobytes", "tofile", "itemset", "ptp"}  # methods torch.Tensor lacks
_TO_ARRAY_METHODS = {"numpy"}
_READ_ALIKE = {"shape", "ndim", "dtype"}  # a tensor's and an array's: read before a rebinding, kind-blind
_TENSOR_ONLY_METHODS = {"cuda", "to", "detach", "contiguous", "view", "unsqueeze", "float", "half",
                        "bfloat16", "long", "masked_fill", "softmax", "permute", "new_zeros", "new_ones",
                        "type_as", "expand", "repeat_interleave", "index_select", "gather", "scatter",
                        "clamp", "bool", "int", "double", "requires_grad_", "is_nonzero"}
_SIZE_METHODS = {"view", "reshape", "expand", "repeat", "new_zeros", "new_ones", "new_empty", "new_full",
                 "narrow", "unflatten", "tile", "permute"}
_SIZE_FUNCTIONS = {"torch.zeros", "torch.ones", "torch.empty", "torch.full", "torch.arange", "torch.eye",
                   "torch.randn", "torch.rand"}
_NOT_TENSOR_TORCH = ("torch.is_", "torch.get_", "torch.set_", "torch.are_", "torch.use_", "torch.sym_",
                     "torch._", "torch.jit.", "torch.cuda.",
                     "torch.distributed.", "torch.backends.", "torch.compiler.", "torch.utils.",
                     "torch.autograd.grad_mode", "torch.nn.init.calculate")
_NOT_TENSOR_TORCH_LEAVES = {"numel", "equal", "allclose", "device", "dtype", "Size", "finfo", "iinfo",
                            "no_grad", "enable_grad", "manual_seed", "compile", "load", "save",
                            "is_tensor", "is_floating_point", "promote_types", "result_type",
                            # torch functions that return Python values (not in torch's ATen API table)
                            "broadcast_shapes", "initial_seed", "seed", "typename", "can_cast", "vmap",
                            "compiled_with_cxx11_abi", "clear_autocast_cache", "fork", "wait",
                            "Generator"}  # a random number generator: its methods run no tensor op

_TENSOR_NAMESPACES = ("torch.nn.functional.", "torch.linalg.", "torch.fft.", "torch.special.")
_TENSOR_NAMESPACE_NAMES = frozenset(n[:-1] for n in _TENSOR_NAMESPACES)

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_BINDERS = frozenset({ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor})
Qualify = Callable[[ast.AST], "str | None"]


def annotation_kind(ann: ast.AST | None) -> str | None:
    """Kind of a parameter from its annotation: ``Tensor``, ``np.ndarray``, ``int``..."""
    if ann is None:
        return None
    text = unparsed(ann)
    if text.startswith(("Optional[", "typing.Optional[")):
        text = text[text.index("[") + 1:-1]
    if text.endswith(" | None"):
        text = text[: -len(" | None")]
    if text in ("Tensor", "torch.Tensor", "FloatTensor", "LongTensor", "BoolTensor", "torch.FloatTensor",
                "torch.LongTensor", "torch.BoolTensor"):
        return TENSOR
    if text in ("np.ndarray", "numpy.ndarray", "ndarray", "npt.NDArray", "NDArray") or text.startswith(
            ("npt.NDArray[", "NDArray[", "np.ndarray[")):
        return ARRAY
    if text in ("int", "float", "bool", "complex") or text.startswith(("Tuple[int", "tuple[int", "Tuple[float",
                                                                         "tuple[float")):
        return SCALAR
    if text in ("str", "bytes"):
        return HOST
    if text in ("torch.device", "device"):
        return DEVICE
    return None


def call_kind(name: str) -> str | None:
    """Kind of what a call of the qualified function ``name`` returns (``torch.zeros``: a
    tensor, ``np.mean``: an array, ``nn.Linear``: a module), None when not known."""
    if name.startswith("numpy."):
        return ARRAY
    if name.startswith("cv2."):  # OpenCV: NumPy arrays made in C, or tuples of Python numbers (minAreaRect)
        return HOST
    if name.startswith("pandas."):
        return FRAME
    if name.startswith("math."):
        return SCALAR
    if name == "torch.device":
        return DEVICE
    if name.startswith("torch.nn.") and name.rsplit(".", 1)[-1][:1].isupper() and not name.startswith(
            "torch.nn.functional."):
        return MODULE if name != "torch.nn.Parameter" else TENSOR
    if name.startswith(_TENSOR_NAMESPACES):  # their public functions; not NAFNet's F._Reduction.get_enum, an int
        namespace, _, leaf = name.rpartition(".")
        return TENSOR if namespace in _TENSOR_NAMESPACE_NAMES and not leaf.startswith("_") else None
    if name.startswith("torch.") and not name.startswith(_NOT_TENSOR_TORCH) and \
            name.rsplit(".", 1)[-1] not in _NOT_TENSOR_TORCH_LEAVES and name.count(".") == 1:
        return TENSOR
    return None


def _join(a: str | None, b: str | None) -> str | None:
    if a is None or b is None:
        return a or b
    return a if _RANK[a] >= _RANK[b] else b


class ScopeKinds:
    """This file's Kinds, one per scope, shared by every check that asks (``ctx.state(ScopeKinds)``)."""

    __slots__ = ("by_scope",)

    def __init__(self) -> None:
        self.by_scope: dict[int, Kinds] = {}  # scope id -> its kinds


def scope_kinds(ctx, chain: tuple) -> Kinds:
    """The kinds of the innermost function of ``chain`` (or of the module), names resolved
    in that scope; ``ctx`` is the file's check context."""
    i = len(chain) - 1
    while i > 0 and not isinstance(chain[i], _FUNCTIONS):
        i -= 1
    scope, chain = chain[i], chain[:i + 1]
    cache = ctx.state(ScopeKinds).by_scope
    found = cache.get(id(scope))
    if found is None:
        names = ctx.names
        found = cache[id(scope)] = Kinds(scope, lambda expr: names.qualify(expr, chain))
    return found


_NUMBER_WORD = r"(?:int|integer|float|bool)"
_OPTIONAL = r"(?:[ \t]*,[ \t]*optional)?"
# a parameter's type as its docstring states it, when that is a Python number alone: Google's
# ``sample_rate (int): ...`` (torchcrepe's ``sample_rate (int)`` on a line of its own), NumPy's
# ``sample_rate : int``, ``gpu: int, the device id`` (pytorch-influence-functions') and Sphinx's
# ``:type sample_rate: int`` / ``:param int sample_rate:``
def _documented(word: str) -> re.Pattern:
    return re.compile(
        rf"^[ \t]*(?:(\w+)[ \t]*\([ \t]*{word}{_OPTIONAL}[ \t]*\)[ \t]*(?::|$)"
        rf"|(\w+)[ \t]+:[ \t]*{word}{_OPTIONAL}[ \t]*$"
        rf"|(\w+):[ \t]*{word}[ \t]*(?:,|$)"
        rf"|:type[ \t]+(\w+)[ \t]*:[ \t]*{word}[ \t]*$"
        rf"|:param[ \t]+{word}[ \t]+(\w+)[ \t]*:)", re.M)


_DOC_NUMBER = _documented(_NUMBER_WORD)
_DOC_STRING = _documented("str")  # speechbrain's PLDA ``mod_id : str``


def _switch(test: ast.AST, switched: dict[str, set]) -> None:
    """``if scale == 2: ... elif scale == 3: ...`` (torchsr's UpsampleBlock), or ``if optimizer_idx
    == 0: ... return`` then ``if optimizer_idx == 1:`` (the GAN losses of taming-transformers and
    latent-diffusion): a name switched on by equality with two or more different number or string
    literals in one function is a setting, a Python value; a tensor would need ``.item()``."""
    if type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) is ast.Eq \
            and type(test.left) is ast.Name and (value := _literal(test.comparators[0])) is not None:
        switched.setdefault(test.left.id, set()).add(value)


def _literal(e: ast.AST) -> int | str | None:
    """The int or string a literal is (``-1`` is a negation of ``1`` in the tree), else None."""
    if type(e) is ast.UnaryOp and type(e.op) is ast.USub and type(e.operand) is ast.Constant \
            and type(e.operand.value) is int:
        return -e.operand.value
    return e.value if type(e) is ast.Constant and type(e.value) in (int, str) else None


def documented_numbers(fn: ast.FunctionDef | ast.AsyncFunctionDef, pattern: re.Pattern = _DOC_NUMBER) -> set[str]:
    """The parameters of ``fn`` its docstring types as a Python number (``int``, ``float``,
    ``bool``, optional or not) and nothing else: the author's word for an unannotated parameter
    (torchcrepe's ``predict(audio, sample_rate, ...)``, ``sample_rate (int)``). ``int or Tensor``
    and the like say nothing. With ``_DOC_STRING``, those typed ``str``."""
    doc = fn.body[0].value.value if (fn.body and type(fn.body[0]) is ast.Expr and type(fn.body[0].value) is ast.Constant
                                     and type(fn.body[0].value.value) is str) else None
    if not doc:
        return set()
    params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    return {name for m in pattern.finditer(doc) for name in m.groups() if name in params}


def _arithmetic(e: ast.AST) -> bool:
    """Arithmetic of names and Python numbers only (``H_pad - 2 * pad``): no call, attribute or subscript."""
    t = type(e)
    if t is ast.BinOp:
        return _arithmetic(e.left) and _arithmetic(e.right)
    if t is ast.UnaryOp:
        return _arithmetic(e.operand)
    return t is ast.Name or t is ast.Constant and type(e.value) in (int, float)


class Kinds:
    """Kinds of the names of one scope (a function or a module), read from its body when
    first asked: the bindings for ``of``/``name``, the evidence from uses for ``used_as``."""

    def __init__(self, scope: ast.AST, qualify: Qualify):
        self.scope, self.qualify = scope, qualify
        self.params: dict[str, str | None] = {}
        args = getattr(scope, "args", None)
        if isinstance(args, ast.arguments):
            for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
                self.params[a.arg] = annotation_kind(a.annotation)
        self._own: list[ast.AST] | None = None
        self._bound: dict[str, str | None] | None = None  # name -> joined kind of its bindings
        self._used_as: dict[str, str] | None = None  # name -> kind its uses show (ndarray, scalar)
        self._pass: dict[str, str | None] = {}
        self._binding = False  # inside _bind_all: uses are not evidence yet
        self._strings: set[str] | None = None  # parameters typed str (``_string``)
        self._documented: set[str] = set()  # parameters ``used_as`` takes for numbers from the docstring alone
        self.sentinels: set[str] = set()  # ... from a test against the int they default to alone (``_switch``)

    def nodes(self) -> list[ast.AST]:
        """The scope's own nodes (nested scopes' bodies left out), walked once."""
        if self._own is None:
            self._own = own_nodes(self.scope)
        return self._own

    @property
    def bound(self) -> dict[str, str | None]:
        """Each name's joined kind over its bindings (None: unknown)."""
        if self._bound is None:
            self._bind_all()
        return self._bound  # type: ignore[return-value]

    @property
    def used_as(self) -> dict[str, str]:
        """Each name's kind as its uses show it (handed to NumPy: ndarray; a size: scalar)."""
        if self._used_as is None:
            self._used_as = {}
            switched: dict[str, set] = {}  # name -> the literals an `if name == literal:` compares it with
            unpacked: list[ast.Assign] = []  # `H, W = x_size`
            derived: list[ast.Assign] = []  # `pad = window_size // 2`
            for node in self.nodes():
                t = type(node)  # one read per node (ast's node types have no subclasses)
                if t is ast.Call:
                    self._use_evidence(node)
                elif t is ast.Slice:
                    for bound in (node.lower, node.upper, node.step):
                        self._mark(bound, SCALAR)
                elif t is ast.Attribute:
                    if node.attr in _ARRAY_ONLY_METHODS:
                        self._mark(node.value, ARRAY)
                elif t is ast.If:
                    _switch(node.test, switched)
                elif t is ast.Assign:
                    self._fallback_evidence(node)
                    if type(node.value) is ast.Name and type(node.targets[0]) is ast.Tuple:
                        unpacked.append(node)
                    elif type(node.value) is ast.BinOp:
                        derived.append(node)
            if switched:
                # or once, with the int its parameter defaults to: a sentinel for "unset" (expsolve's
                # ``def cfft(f, d=-1): if d == -1:``, ``d`` an axis)
                args = getattr(self.scope, "args", None)
                defaults = parameter_defaults(args) if isinstance(args, ast.arguments) else {}
                for name, values in switched.items():
                    if len(values) >= 2:
                        self._mark(ast.Name(id=name), SCALAR)
                    elif name in defaults and type(default := _literal(defaults[name])) is int and values == {default} \
                            and name not in self._used_as:
                        self._mark(ast.Name(id=name), SCALAR)
                        self.sentinels.add(name)
            if derived:
                self._derived_sizes(derived)
            for node in unpacked:  # unpacked into sizes: a shape (SwinIR's `H, W = x_size`, then `x.view(B, H, W, C)`)
                kinds = {self._used_as.get(e.id) for e in node.targets[0].elts if type(e) is ast.Name}
                if kinds <= {SCALAR, None} and SCALAR in kinds:
                    self._mark(node.value, SCALAR)
            if type(self.scope) in (ast.FunctionDef, ast.AsyncFunctionDef):
                for name in documented_numbers(self.scope):
                    if self.params.get(name) is None and name not in self._used_as:
                        self._used_as[name] = SCALAR
                        self._documented.add(name)
        return self._used_as

    def _derived_sizes(self, derived: list[ast.Assign]) -> None:
        """A name bound once to arithmetic of names and numbers (``pad = window_size // 2``) and
        used as a size or a slice bound makes those names sizes too, the names it is derived from
        in turn (haralick-torch's ``process_in_tiles``: ``H = H_pad - 2 * pad`` in ``range(0, H,
        tile_size)``, ``window_size`` an int)."""
        used = self._used_as
        for node in derived:
            target = node.targets[0]
            if type(target) is ast.Name and used.get(target.id) == SCALAR:
                break
        else:
            return  # nothing to start from (most scopes): the bindings are not counted
        bindings: dict[str, int] = {}  # name -> how many times the scope binds it
        for node in self.nodes():
            if type(node) in _BINDERS:
                for target in node.targets if type(node) is ast.Assign else (node.target,):
                    for e in all_nodes(target):
                        if type(e) is ast.Name:
                            bindings[e.id] = bindings.get(e.id, 0) + 1
        derived = [n for n in derived if len(n.targets) == 1 and type(n.targets[0]) is ast.Name
                   and bindings[n.targets[0].id] == 1 and _arithmetic(n.value)]
        for _ in range(len(derived)):  # each pass reaches one binding further back
            grown = False
            for node in derived:
                if self._used_as.get(node.targets[0].id) == SCALAR:
                    before = len(self._used_as)
                    self._mark(node.value, SCALAR)
                    grown |= len(self._used_as) > before
            if not grown:
                break

    def used_as_number(self, name: str) -> bool:
        """Whether ``name`` is a Python number by its uses (a size, a slice bound) and not by its
        docstring alone: a tensor a traced caller passes outweighs the author's word (torchcp's
        ``calculate_conformal_value(scores, alpha)``, ``alpha (float)``, handed ``torch.tensor(alpha)``
        by the class-conditional predictor: ``if alpha >= 1`` breaks)."""
        return self.used_as.get(name) == SCALAR and name not in self._documented

    def _fallback_evidence(self, node: ast.Assign) -> None:
        """``unet_number = default(unet_number, 1)``, ``n = n if n is not None else len(xs)``,
        ``k = k or 4`` (imagen-pytorch's unet_number, split_size): a name given a Python number
        when it is unset is a number option, not a tensor, though it defaults to None."""
        if len(node.targets) != 1 or type(node.targets[0]) is not ast.Name:
            return
        name, v = node.targets[0].id, node.value
        kept, fallback = None, None
        if type(v) is ast.Call and len(v.args) == 2 and not v.keywords and \
                (v.func.id if type(v.func) is ast.Name else getattr(v.func, "attr", None)) == "default":
            kept, fallback = v.args
        elif type(v) is ast.IfExp and any(type(n) is ast.Name and n.id == name for n in all_nodes(v.test)):
            kept, fallback = (v.body, v.orelse) if type(v.body) is ast.Name else (v.orelse, v.body)
        elif type(v) is ast.BoolOp and type(v.op) is ast.Or and len(v.values) == 2:
            kept, fallback = v.values
        if type(kept) is ast.Name and kept.id == name and self._number(fallback):
            self._mark(kept, SCALAR)

    def _number(self, e: ast.AST) -> bool:
        """A Python number read from the code alone: ``1``, ``-0.5``, ``len(xs)``, a name bound
        only to numbers."""
        if type(e) is ast.UnaryOp and type(e.op) in (ast.USub, ast.UAdd):
            e = e.operand
        if type(e) is ast.Constant:
            return type(e.value) in (int, float)
        if type(e) is ast.Call and type(e.func) is ast.Name:
            return e.func.id in ("len", "int", "float", "round") and self.qualify(e.func) is None
        return type(e) is ast.Name and self.bound.get(e.id) == SCALAR

    def _bind_all(self) -> None:
        self._bound, self._binding = {}, True  # name() reads the previous pass's result
        binders = [n for n in self.nodes() if type(n) in _BINDERS]
        rebound = self._rebound_first(binders)
        for _ in range(2):  # the second pass sees names bound later (in a loop body)
            self._pass = dict(self.params)  # a parameter rebound keeps its own (unknown) kind too
            for name, value in rebound:  # ... unless it is rebound to a host value before any read
                if self.of(value) in HOST_KINDS:
                    del self._pass[name]
            for node in binders:
                if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value is not None:
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    kind = self.of(node.value)
                    if isinstance(node, ast.AugAssign):
                        kind = _join(kind, self.of(node.target))
                    for t in targets:
                        self._bind(t, kind, node.value)
                elif isinstance(node, (ast.For, ast.AsyncFor)):
                    it = self.of(node.iter)
                    # an element of a tensor is a tensor; of an array, a row or a NumPy scalar
                    self._bind(node.target, TENSOR if it == TENSOR else (HOST if it == ARRAY else None), None)
            self._bound, self._pass = self._pass, {}
        self._binding = False

    def _rebound_first(self, binders: list[ast.AST]) -> list[tuple[str, ast.expr]]:
        """Parameters that a statement of the body itself (no branch, no loop) assigns before
        any statement reads them, with the value: ``tracks = tracks[0].cpu().numpy()`` at the
        top of cotracker's visualizer. From there on the name holds that value only. Reading
        its ``.shape`` or ``len`` before reads the same of a tensor and an array."""
        body = getattr(self.scope, "body", None)
        if not self.params or type(body) is not list or not any(
                type(n) is ast.Assign and any(type(t) is ast.Name and t.id in self.params for t in n.targets)
                for n in binders):
            return []
        out, read = [], set()
        for stmt in body:
            if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name:
                name = stmt.targets[0].id
                if name in self.params and name not in read and all(name != n for n, _ in out):
                    out.append((name, stmt.value))
            nodes = list(all_nodes(stmt))
            alike = {id(n.value) for n in nodes if type(n) is ast.Attribute and n.attr in _READ_ALIKE}
            alike.update(id(n.args[0]) for n in nodes if type(n) is ast.Call and type(n.func) is ast.Name
                         and n.func.id == "len" and len(n.args) == 1)
            read.update(n.id for n in nodes if type(n) is ast.Name and type(n.ctx) is ast.Load and id(n) not in alike)
        return out

    # -- bindings and evidence ----------------------------------------------------------------
    def _bind(self, target: ast.AST, kind: str | None, value: ast.AST | None) -> None:
        if isinstance(target, ast.Name):
            seen = self._pass
            if target.id in seen and seen[target.id] is None:
                return  # bound once from something unknown: stays unknown
            seen[target.id] = kind if target.id not in seen else _join(seen[target.id], kind)
        elif isinstance(target, (ast.Tuple, ast.List)):
            # B, C, H, W = x.shape: each a scalar; a, b = f(...): each of the call's kind
            values = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts) else None
            for i, e in enumerate(target.elts):
                e = e.value if isinstance(e, ast.Starred) else e
                self._bind(e, self.of(values[i]) if values else kind, values[i] if values else None)

    def _mark(self, e: ast.AST | None, kind: str) -> None:
        """Evidence from a use: ``e`` (or the names it is made of) holds a ``kind`` value."""
        if e is None:
            return
        if isinstance(e, ast.Name):
            self.used_as.setdefault(e.id, kind)
        elif isinstance(e, (ast.Compare, ast.BinOp, ast.BoolOp, ast.UnaryOp)) and kind == ARRAY:
            for child in ast.iter_child_nodes(e):
                if isinstance(child, ast.expr):
                    self._mark(child, kind)
        elif isinstance(e, ast.Subscript) and kind == ARRAY:
            self._mark(e.value, kind)
        elif isinstance(e, ast.BinOp) and kind == SCALAR:
            self._mark(e.left, kind)
            self._mark(e.right, kind)

    def _use_evidence(self, call: ast.Call) -> None:
        name = self.qualify(call.func) or ""
        f = call.func
        if name.startswith("numpy.") and not name.startswith(("numpy.random.", "numpy.dtype")):
            for a in call.args[:2]:
                self._mark(a.value if isinstance(a, ast.Starred) else a, ARRAY)
        elif isinstance(f, ast.Name) and f.id == "range" and name == "":
            for a in call.args:
                self._mark(a, SCALAR)
        elif name in _SIZE_FUNCTIONS or isinstance(f, ast.Attribute) and f.attr in _SIZE_METHODS and name == "":
            for a in call.args:  # x.reshape(b, c, h, w) and x.reshape((b, c, h, w)) alike
                for e in a.elts if type(a) in (ast.Tuple, ast.List) else (a,):
                    self._mark(e, SCALAR)

    # -- expressions --------------------------------------------------------------------------
    def name(self, ident: str) -> str | None:
        bound = self._pass if ident in self._pass else self.bound
        kind = bound.get(ident)
        if kind is None and ident not in bound:
            kind = self.params.get(ident)
        if kind == TENSOR or self._binding:
            return kind  # uses are evidence only once the bindings are known
        return kind or self.used_as.get(ident)

    def of(self, e: ast.AST | None) -> str | None:
        if e is None:
            return None
        if isinstance(e, ast.Name):
            return self.name(e.id)
        if isinstance(e, ast.Call):  # the commonest value first (the tests below are disjoint)
            return self._call(e)
        if isinstance(e, ast.Constant):
            return SCALAR if isinstance(e.value, (int, float, bool, complex)) else HOST
        if isinstance(e, (ast.JoinedStr, ast.Dict, ast.Set, ast.DictComp, ast.SetComp)):
            return HOST
        if isinstance(e, (ast.Tuple, ast.List)):
            kinds = {self.of(x) for x in e.elts}
            return SCALAR if kinds == {SCALAR} else None
        if isinstance(e, ast.Attribute):
            if e.attr in _SCALAR_ATTRS:
                return SCALAR
            if e.attr == "device":
                return DEVICE
            if e.attr in ("T", "mT", "real", "imag", "data", "grad", "flat"):
                return self.of(e.value)
            return None
        if isinstance(e, ast.Subscript):
            inner = self.of(e.value)
            return inner if inner in (TENSOR, ARRAY, SCALAR, FRAME) else None
        if isinstance(e, (ast.BinOp, ast.Compare, ast.BoolOp)):
            parts = ([e.left, e.right] if isinstance(e, ast.BinOp) else
                     [e.left, *e.comparators] if isinstance(e, ast.Compare) else e.values)
            if isinstance(e, ast.Compare) and (any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn))
                                                   for op in e.ops) or any(self._string(p) for p in parts)):
                return SCALAR  # a tensor == "a" is False, not a mask
            kinds = [self.of(p) for p in parts]
            if TENSOR in kinds:
                return TENSOR
            if None in kinds:
                return None  # t == arr[i] is a tensor when t is one
            if ARRAY in kinds:
                return ARRAY
            if all(k in (SCALAR, HOST) for k in kinds):
                return SCALAR
            return None
        if isinstance(e, ast.UnaryOp):
            return SCALAR if isinstance(e.op, ast.Not) and self.of(e.operand) != TENSOR else self.of(e.operand)
        if isinstance(e, ast.IfExp):
            return _join(self.of(e.body), self.of(e.orelse)) if None not in (self.of(e.body), self.of(e.orelse)) else None
        return None

    def _call(self, call: ast.Call) -> str | None:
        f = call.func
        name = self.qualify(f)
        if name is not None:
            return call_kind(name)
        if isinstance(f, ast.Name):
            if f.id in _SCALAR_BUILTINS:
                return SCALAR
            if f.id in ("min", "max", "sum"):
                kinds = {self.of(a) for a in call.args}
                return SCALAR if kinds and kinds <= {SCALAR} else None
            if f.id in _HOST_BUILTINS:
                return HOST
            return None
        if isinstance(f, ast.Attribute):
            if f.attr in _SCALAR_METHODS:
                return SCALAR
            if f.attr in _TO_ARRAY_METHODS:
                return ARRAY
            if f.attr == "tolist":
                return HOST
            receiver = self.of(f.value)
            if receiver == ARRAY and f.attr not in _TENSOR_ONLY_METHODS:
                return ARRAY
            if receiver == TENSOR:
                return TENSOR
            if receiver == FRAME:
                return ARRAY if f.attr == "to_numpy" else FRAME
            if f.attr in _ARRAY_ONLY_METHODS:
                return ARRAY
        return None

    def _string(self, e: ast.AST) -> bool:
        """A str: a string literal, an f-string, a parameter annotated or documented ``str``."""
        t = type(e)
        if t is ast.Constant:
            return type(e.value) is str
        if t is ast.JoinedStr:
            return True
        if t is not ast.Name or e.id not in self.params:
            return False
        if self._strings is None:  # annotated str or bytes (HOST), or documented str
            self._strings = {n for n, k in self.params.items() if k == HOST}
            self._strings |= documented_numbers(self.scope, _DOC_STRING) if type(self.scope) in _FUNCTIONS else set()
        return e.id in self._strings

    def host(self, e: ast.AST) -> bool:
        """``e`` is known to be a host value: a NumPy array, a Python number, a device..."""
        return self.of(e) in HOST_KINDS
