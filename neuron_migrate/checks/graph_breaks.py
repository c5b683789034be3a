"""NM4xx: graph-break hazards in code that ``torch.compile`` would trace.

*Traced code* is what Dynamo runs when a model is compiled: the ``forward`` of every
``nn.Module`` subclass, functions decorated with or passed to ``torch.compile``, and the
methods and functions of the same file that those call (transitively). Code behind
``torch.jit.is_scripting()`` / ``torch.compiler.is_compiling()`` guards that Dynamo never
takes is left out.

What counts as a break follows what Dynamo in torch 2.13 was measured to do on the CPU
(``benchmarks/calibration/constructs.py``; table in docs/accuracy.md), not folklore:
``print``, logging and ``warnings.warn`` break; ``.item()``, ``.tolist()``, ``int(t)``,
``float(t)``, ``bool(t)`` and Python branches on tensor values break; ``.cpu()``,
``.numpy()``, numpy functions on tensors, ``id()``, ``assert`` on a tensor, dict iteration,
generators, custom autograd Functions and ``with torch.no_grad()`` do not. A break inside
a loop, a ``try`` block or a user context manager cannot be resumed: Dynamo then runs the
whole function eagerly (its callees are still compiled as frames of their own), but in a loop
where a ``return`` comes first in the bytecode after it (``_returns_first``). Calls into
``nn.LSTM``/``GRU``/``RNN`` submodules (NM406) and making sparse tensors (NM408) cannot be
resumed either: Dynamo compiles the ops before them (when there are two or more) and runs
the rest of the function eagerly. ``nn.TransformerEncoder``/``Decoder``/``Transformer``
called with a mask and no ``is_causal`` hint read the mask on the host (NM407). Submodule
kinds come from ``self.x = nn.LSTM(...)`` assignments in the class (or its in-file bases).

Tests and data-pipeline files (``host_side_file``) are not traced code: torchvision-style
transforms are nn.Modules, but they run in the data loader, not under torch.compile; what a
named compile entry there reaches, or a ``torch.compile`` of another file targets, is. A
module's own ``__call__`` is traced like its ``forward``. Hazards that run only in training
mode (under ``if self.training ...:`` or after ``self.training and``) are reported, saying
so, but are no break sites: Dynamo specialises on ``self.training``, and the estimate is for
a model compiled in eval mode. So are hazards under an ``if`` that is false by default
(``_off_by_default``: a ``verbose=False`` parameter no call of the file passes, a constructor
flag, a module constant, ``len(args) > 0`` / ``kwargs.get(k) is not None``), and the statements
after ``if not flag: return ...`` in its block: the estimate is for a default call, and the
finding says which condition it needs.

NM127 (a compile-family rule, kept here for the model it reads): a method called on
``torch.compile``'s wrapper (``model = torch.compile(model)``, then ``model.generate(x)``) runs on
the original module, so its ``self(...)`` calls are not compiled, and so on a wrapper held on an
attribute (``self.model = torch.compile(self.model)``, ``_held_wrapper_calls``); a class of another
file is resolved by the project model (``_wrapper_roots``).

The walk collects classes, functions and ``torch.compile`` calls; the finalizer decides
which functions are traced, reports the hazards in them, and leaves a per-function summary
(statements and break sites), ``tracing.TracedCode``, for the compile-coverage estimate.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import functools
import math
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from neuron_migrate.checks import Context, finalizer, on, prefilter, rule
from neuron_migrate.checks.distributed import DATA_PARALLEL, LOG_METHODS
from neuron_migrate.checks.kernels import loaded_extensions
from neuron_migrate.checks.shapes import NM301, bound_once_by_def, fed_calls, grown_key
from neuron_migrate.checks.tracing import CLOSURE_ARGS, COMPILE_ENTRY, COMPILED_AT, DEFAULT_COLLATE, ENTRY_OF, GIVEN_ARGS, OPTIONAL_DICT, OWN_METHOD, REBUILT, TENSOR_ARGS, UNINITIALISED, VALIDATED, WRAPPER_CALL, WRAPPER_OF, ON_WRAPPER, IN_PLACE, IN_PLACE_OF, TENSOR_METHODS, ShapeBreaks, TracedCode, host_side_file
from neuron_migrate.kinds import ARRAY, HOST_KINDS, SCALAR, TENSOR, annotation_kind, call_kind, scope_kinds
from neuron_migrate.models import BreakSite, TracedFunction
from neuron_migrate.project.summary import (FUNCTION_IMPORT, HANDED, PYDANTIC_MODELS, autograd_function_base, defined_once, dotted, handed_argument, init_stores,
                                             optional_dict, parameter_defaults, unparsed, validator_methods, wrappers)
from neuron_migrate.traversal import (SCOPE_TYPES, TRY_TYPES, all_nodes, child_nodes, node_fields, node_types, own_nodes, same_tree,
                                      statements)

prefilter(__name__, ("forward", "compile"))

NM401 = rule(
    "NM401", "host-sync-in-traced-code", "warning", "compile",
    summary="host synchronisation in traced code: a torch.compile graph break",
    why="`.item()`, `.tolist()`, `int(t)`, `float(t)` and `bool(t)` copy a tensor value to "
        "Python, and so does a 0-d tensor used as an index (`y[:, row[0]]` for a row of "
        "`torch.cartesian_prod(...)`, `x[i]` in `for i in torch.arange(n)`, `e[t] = 1.0` with "
        "`t = torch.argmin(v)`) or `np.prod` of Python numbers used as a size "
        "(`x.reshape(-1, np.prod(self.input_dim))`: Dynamo traces NumPy as tensor ops; "
        "`math.prod`, or `np.prod` of a tensor's shape, stays a Python int; `math.ceil`/`math.floor` of a value "
        "computed from `np.prod`, also one held in an attribute the class sets to it, `self.hop = np.prod(rates)`, "
        "read it), and a tensor given where "
        "an op takes a Python number (`torch.add(a, b, alpha=self.rtol)` with a buffer, "
        "`torch.addr(m, s, y, alpha=-rho)`, `addcmul(..., value=t)`; not the in-place `p.add_(u, alpha=-lr)`, "
        "`addcmul_` or `addcdiv_`, which Dynamo traces as a multiply-add). So do a tensor as a slice bound "
        "(`x[:, idx[0]:idx[1]]` with `idx` a buffer, also one registered as `f\"indices_{s}\"` and read "
        "by `getattr(self, f\"indices_{s}\")`; an element of such a tensor zipped in a loop, `delta[j - i:j]` in "
        "`for (p, i, j) in zip(params, sizes, self.cumsizes)`, or enumerated, `x[:, :k]` in `for i, k in enumerate(ks)`, and in a list comprehension Dynamo cannot resume "
        "its zip either: \"Missing tp_iternext\", the function run eagerly), a tensor as a factory's size (`torch.ones(1, "
        "self.ranks[0])`, `ranks` a property returning `torch.tensor(...)`; `torch.fft.fftfreq(ns[0])`, `ns` an "
        "argument annotated `torch.Tensor`; `torch.arange(n - k)` in `for k in torch.arange(n)`; a row of a tensor in "
        "`F.pad`'s sizes, `F.pad(x, (0, n))` in `for i, n in enumerate(self.sizes)` with `self.sizes = 2 ** e` set "
        "in `__init__` from a tensor), `int()` or `float()` of "
        "`np.prod(...)` or another NumPy reduction (`np.max`, `np.argmin`, `np.mean`, `np.linalg.norm`; of "
        "anything: a tuple, a list of floats, a shape), a tensor formatted into text with `%` (`\"%8.2e\" % "
        "residual`: Dynamo gives up on the rest of the function), a count taken from a tensor "
        "(`range(order.max() + 1)`: GB0059), a tensor's elements as the sizes of `torch.split` (`counts = "
        "tuple(counts)`, then `torch.split(h, counts)`: the first such split), and `torch.cov`/`torch.corrcoef` "
        "(torch's own code calls `aten.equal`), and `k in t` of a tensor `t` (`if k not in labels:`: "
        "`Tensor.__contains__` reads `(t == k).any()`, and Dynamo cannot resume after it: the rest of the "
        "function runs eagerly). Under `torch.compile` Dynamo ends the graph there and runs the rest in a new "
        "graph, leaving an eager gap; on Neuron the device also has to finish and copy back.",
    example="class Scale(nn.Module):\n    def forward(self, x):\n        s = x.abs().max().item()\n"
            "        return x / s",
    use_instead="class Scale(nn.Module):\n    def forward(self, x):\n        s = x.abs().max()\n"
                "        return x / s",
    fix="none", fix_reason="keeping the value as a tensor changes the code around it",
    source="measured: benchmarks/calibration/constructs.py (torch 2.13, docs/accuracy.md)",
)
NM402 = rule(
    "NM402", "tensor-dependent-branch", "warning", "compile",
    summary="Python branch on a tensor value in traced code: a torch.compile graph break",
    why="`if`, `while` and `a if c else b` on a tensor need its value on the host; Dynamo "
        "breaks the graph there (and, inside a loop, gives up on the whole function). So does "
        "`assert` on a tensor when its message is built at run time (`.format`, an f-string) or "
        "its test is an `and`/`or` or a `not` (`assert not torch.isnan(x).any(), \"text\"`); `assert t` and "
        "`assert t, \"text\"` become an in-graph check. A parameter tested for equality with the int it "
        "defaults to (`def cfft(f, d=-1):`, `if d == -1:`) is a setting, unless a traced caller hands it a "
        "tensor of its making. "
        "The element of `for i, v in enumerate(t)` over a tensor is a tensor too, also over a tensor "
        "attribute set in `__init__` (`self.mask = torch.ones(n, dtype=torch.bool)`, which Dynamo "
        "reads as a graph input like a buffer): `if v:` breaks. A comparison of NumPy values in "
        "traced code breaks too, Python data included (`c = np.cumprod(1 - np.array(schedule))`, "
        "`if c[t + 1] <= c[t]:`): Dynamo traces NumPy as tensor ops (GB0170); a NumPy draw without "
        "a size is a Python number after its own break, and a name only handed to NumPy may be an int. "
        "A parameter without an annotation that its docstring types as `int`, `float` or `bool` and "
        "nothing else (`sample_rate (int)`, `n : int, optional`, `:type n: int`) is a Python number: "
        "`if sample_rate != SAMPLE_RATE:` is a constant test for Dynamo; unless a traced caller passes it a "
        "tensor (`alpha (float)` handed `torch.tensor(alpha)`: `if alpha >= 1:` breaks). A number drawn from Python's "
        "`random` that Dynamo traces (`random.randint`, `uniform`, `randrange`, a `random.Random` instance's "
        "`random()`) is a graph input: a branch on it breaks too, an `and`/`or` bound to a name at its first "
        "operand (`balance = self.rng.random() < 0.01 and do_update`); a later test of such a name breaks only "
        "where the draw passed, and is not reported. torch.optim's `_get_value(step_t)` is the tensor itself "
        "under Dynamo: `if step == 0:` on it breaks (torch-adopt, an element of `state_steps: List[Tensor]`). "
        "An `and`/`or` takes the truth of each operand but the last: `finished = residual <= tol or n >= most` "
        "breaks where it is bound. One that a default call decides before its tensor operand, nested too, in an "
        "`if`, an `assert` or `a if c else b` (`ce(x) if w != 0 and (self.ignore_label is None or n > 0) else 0` "
        "with `ignore_label=None`), never reads the tensor: Dynamo folds it, and the finding says so (off by "
        "default).",
    example="class Clip(nn.Module):\n    def forward(self, x):\n        if x.max() > 1:\n"
            "            x = x / x.max()\n        return x",
    use_instead="class Clip(nn.Module):\n    def forward(self, x):\n"
                "        return torch.where(x.max() > 1, x / x.max(), x)",
    fix="none", fix_reason="rewriting control flow as tensor ops needs a person",
    source="measured: benchmarks/calibration/constructs.py",
)
NM403 = rule(
    "NM403", "print-or-log-in-traced-code", "warning", "compile",
    summary="print, logging or warnings call in traced code: a torch.compile graph break",
    why="In torch 2.13 Dynamo does not trace `print` (even of a plain string), `sys.stdout.write`, "
        "`logging` methods (`logger.isEnabledFor(...)` and `logging.getLogger(...)` too, a module "
        "logger bound with or without an annotation, and the module's own `logging.warning(...)`) or "
        "`warnings.warn`, `warnings.simplefilter` or `warnings.filterwarnings`: each call ends the graph; in a "
        "loop the whole function runs eagerly, and so it does from a filter set in a `with "
        "warnings.catch_warnings():` block (yolov5's `SPPF.forward`), where Dynamo cannot resume. A call in "
        "an `except` handler of a run-time error (`Exception`, `RuntimeError`, a bare `except`: an out-of-memory "
        "retry) runs only after an error and is no break of a call that succeeds, unless the `try` body calls "
        "code the scan does not read there (another class's method), which may break inside the block.",
    example="class Net(nn.Module):\n    def forward(self, x):\n        print(x.shape)\n"
            "        return x.relu()",
    use_instead="class Net(nn.Module):\n    def forward(self, x):\n        return x.relu()",
    fix="none", fix_reason="the message may matter; move it out of forward by hand",
    source="measured: benchmarks/calibration/constructs.py",
)
NM404 = rule(
    "NM404", "untraceable-call-in-traced-code", "warning", "compile",
    summary="call Dynamo cannot trace in traced code: a torch.compile graph break",
    why="`time.time()`, `time.strftime`, `os.getpid()`, `os.getcwd()`, `os.path.exists`, "
        "`pickle.dumps` (a memoize decorator's cache key), `importlib.import_module`, `sys._getframe`, "
        "`math.prod` of a generator expression (over a list, a tuple or a shape Dynamo gives up on the whole "
        "function; over a ModuleList it resumes), "
        "`inspect.stack()` (also in a class's own `__setattr__`, which a store `self.rf = v` runs: mrphy's `Pulse`), "
        "building a lock (`threading.Lock()`, also in the `__init__` of an object built in traced code: nhsmm's "
        "`Convergence`; `threading.RLock()`: GB0156) or a sentinel `object()` (GB0059), "
        "NumPy's random draws without a size (`np.random.rand()`, `np.random.randint(0, n)`; of arrays, "
        "`np.random.normal(mean, std)` a draw per element: GB0112), "
        "`np.random.choice` (with or without a size), "
        "`np.random.SeedSequence` / `RandomState` / `shuffle`, the NumPy functions Dynamo does not map to torch "
        "(`np.poly1d`, `np.polyval`, `np.interp`, `np.isin`, `np.nanmean` and the other `nan*`, `np.linalg.matrix_norm`: "
        "GB0294, on Python numbers too), every other function of `np.random` "
        "than the draws Dynamo maps to torch (`np.random.beta(a, a)`, `gamma`, `binomial`, `permutation`, "
        "`default_rng`, `get_state`: GB0294, with or without a size), a "
        "`torch.Generator` built in traced code (GB0363), its `manual_seed` / `seed` / `get_state` / `set_state` "
        "methods, and a random call given one as `generator=` (also a parameter annotated `torch.Generator` "
        "that allows no None, or whose `.device` the call reads, and an attribute the class binds only to a "
        "`torch.Generator` it builds, torchtransform's `self.generator`; one that is None unless a seed is set "
        "breaks where it was built: not by default under kornia's `if self.seed is not None:` with "
        "`seed=None`), "
        "building a `TypedDict` with optional keys (`total=False`, pyro's effect-handler messages), "
        "`datetime.now()`, `gc.collect()`, Python's `random.random` / `choice` / `shuffle` / `seed` (not `randint`, "
        "`uniform` or a `random.Random` instance), `len(loader)` of a DataLoader, `default_collate(...)`, "
        "`torch.manual_seed`, `torch.typename`, torch functions returning a Python value "
        "(`torch.get_num_threads()`, `get_num_interop_threads()`, `initial_seed()`, "
        "`get_float32_matmul_precision()`, `torch.is_inference(t)`, `torch.backends.mkl.is_available()`, "
        "`torch.backends.openmp.is_available()`, `torch.backends.cudnn.is_available()`, "
        "`torch.backends.mps.is_available()`, a dtype by promotion `torch.result_type(a, b)`, "
        "`torch.can_cast(d, e)`: GB0208; not `get_default_dtype()`, `is_grad_enabled()` or "
        "`torch.promote_types(d, e)`), `torch.is_inference_mode_enabled()` and `t.is_inference()`, "
        "building a `tqdm(...)` progress bar, "
        "comparing a `Tensor.data_ptr()` (or a tuple holding one) with another address, "
        "`torch._dynamo.graph_break()`, `copy.deepcopy` of a tensor or a module, "
        "`copy.copy` of a tensor, or of a dict or list (a display, `**kwargs`, a parameter annotated `Dict`/`list`), "
        "`torch.autograd.grad`, `torch.autograd.backward` and `loss.backward()`, registering a module "
        "hook (`m.register_forward_hook(...)`, `m.register_forward_pre_hook(...)`), reading a tensor's "
        "`.grad_fn` (outside `no_grad`: Dynamo gives up on the whole function), NumPy's `np.ndindex` / "
        "`np.ndenumerate`, any SciPy function (`next_fast_len`, `scipy.special`, `scipy.signal`, "
        "`scipy.stats`: compiled code under them) and a method of a SciPy object, built in traced code or outside "
        "it (`self.tree.query(x)` where `__init__` set `self.tree = KDTree(y)`, `coo.tocsr()`: GB0157; "
        "`cKDTree`'s: GB0156), PyWavelets' compiled (Cython) classes and functions "
        "(`pywt.Wavelet(name)`, `ContinuousWavelet`, `DiscreteContinuousWavelet`, `wavelist`, `families`: "
        "GB0156; a wavelet built outside and handed in is traced), setting `t.requires_grad`, "
        "`t.requires_grad_()` on an argument (a graph "
        "input) or on a new leaf (`x.detach().requires_grad_()`, `torch.zeros_like(y).requires_grad_(True)`) "
        "whose gradient the function then takes, calling a subscripted generic (`list[Tensor]()`, "
        "`dict[str, Tensor]()`: GB0147), `itertools.combinations_with_replacement` (GB0147; `combinations`, "
        "`permutations`, `product` and `chain` are traced), NumPy's masked-array functions (`np.ma.*`), "
        "`requires_grad_(False)` on a module's parameter (`for p in self.parameters():`), resizing a tensor "
        "in place (`t.resize_as_(r)`, `resize_`), a tensor's bound method held in a local (`A = A.matmul`, a "
        "Krylov solver handed a matrix) called after a break on every path of the function (Dynamo resumes "
        "holding it as a builtin it does not trace: GB0007) or tested with `callable()` (GB0059), "
        "making a tensor with `requires_grad=True` "
        "(`torch.zeros(n, requires_grad=True)`; not in a branch of a test on `.requires_grad`, which "
        "Dynamo decides from the tensor), an in-place view op (`transpose_`, `t_`, `unsqueeze_`, "
        "`squeeze_`) on a graph input (an argument or a `.grad`), "
        "a torch op writing into `out=` a view whose elements are not contiguous (`out=z[..., 0]`, `out=z[:, 1:2]`, "
        "`out=z.t()`, a slice of `z.split(1, dim=-2)` in a `for`: GB0242; not rows `z[1:3]` or a slice of a split "
        "along the first dimension), "
        "`torch.autograd.functional.jacobian`, `as_subclass` of a tensor subclass's instance (`Tensor."
        "as_subclass(self, Tensor)` in a method of a class deriving from `torch.Tensor`), building a module with parameters (`nn.Linear(...)`) or a parameter itself (`nn.Parameter(t)`, GB0264, resumed after it), "
        "`with open(...)`, `with np.errstate(...)` or `with torch.random.fork_rng(...)` (GB0142, the frame "
        "skipped), `torch.clamp` / `Tensor.clamp` with one bound a number and the other a tensor "
        "(`clamp(v, min=0.0, max=scale * k)`, GB0033; two tensors or two numbers trace), NumPy's index tricks "
        "`np.r_[...]` and `np.c_[...]` (GB0008), a module-level NumPy array of strings read in traced code "
        "(pyqtorch's `ABC_ARRAY[0:n]`, the letters of its einsum equations: Dynamo cannot make a tensor of "
        "it, GB0185, the frame skipped), a class statement in traced code (mpc's `class LQRStepFn(Function):` inside "
        "the solver: `__build_class__`, GB8977, resumed), applying an object of a class of the file to a "
        "tensor with `@` (`A @ x`, torch-linops' `LinearOperator`, an nn.Module or not: GB0055, Dynamo cannot "
        "resume after it), torch.optim.Optimizer's own "
        "`self._cuda_graph_capture_health_check()` in a subclass's step (marked as skipped, GB0007), "
        "the deprecated in-place overloads taking the multiplier first (`exp_avg.add_(1 - beta1, grad)`, "
        "`addcmul_(value, t1, t2)`, `addcdiv_(value, t1, t2)`, also on a local bound only to a `.grad` or "
        "`.data`: `d_p = p.grad.data`, `d_p.add_(weight_decay, p.data)`: GB0117; `add`, `sub_` and the "
        "`alpha=`/`value=` forms are traced), "
        "setting an attribute on a function the module defines (`infer.model = ...`, GB0467; reading it is "
        "traced), "
        "building a torch.optim LR scheduler (`StepLR(opt, 2)`; a subclass of the project breaks at its "
        "`super().__init__(...)`) or stepping one (`self.scheduler.step()`, `self.scheduler` built from one of "
        "torch's scheduler classes), calling the closure an optimizer's step hands to a function of "
        "another file (ncg-optimizer's line searches: its `zero_grad()`, GB0008), "
        "`torch.autograd.Variable`, `pack_padded_sequence` / `pad_packed_sequence` and a torch.optim "
        "optimizer's `step()` / `zero_grad()` are not traced: the graph ends there (arithmetic on a "
        "`data_ptr()`, `open` and a `for` over a DataLoader or `tqdm(...)`, or over a name bound only to one, make "
        "Dynamo skip the whole function; "
        "`optimizer.step()` breaks even there, as a frame of its own; an optimizer of the file or of another "
        "package with a `step` of its own, casmo's `CASMO`, is inlined: no break at the call). Each finding names Dynamo's "
        "own graph-break id (`GB0007`, see "
        "https://meta-pytorch.github.io/compile-graph-break-site/).",
    example="class Noise(nn.Module):\n    def forward(self, x):\n        torch.manual_seed(0)\n"
            "        return x + torch.randn_like(x)",
    use_instead="class Noise(nn.Module):\n    def forward(self, x, noise):\n        return x + noise",
    fix="none", fix_reason="needs a person to move the call out of the traced code",
    source="measured: benchmarks/calibration/constructs.py",
)
NM405 = rule(
    "NM405", "compiler-disabled-call", "warning", "compile",
    summary="call to a function excluded from torch.compile: a graph break",
    why="A function decorated with `torch.compiler.disable` (or `torch._dynamo.disable`) runs "
        "eagerly; calling it from traced code ends the graph before the call and starts a new "
        "one after it.",
    example="@torch.compiler.disable\ndef stats(x):\n    return x.mean()\n\n"
            "class Net(nn.Module):\n    def forward(self, x):\n        return stats(x) * x",
    use_instead="def stats(x):\n    return x.mean()\n\n"
                "class Net(nn.Module):\n    def forward(self, x):\n        return stats(x) * x",
    fix="none", fix_reason="the function was excluded on purpose; check why before removing it",
    source="measured: benchmarks/calibration/constructs.py",
)

NM406 = rule(
    "NM406", "rnn-module-in-traced-code", "warning", "compile",
    summary="nn.LSTM / nn.GRU / nn.RNN called in traced code: Dynamo runs the rest of the function eagerly",
    why="Dynamo in torch 2.13 does not trace the RNN modules (`allow_rnn=False`): it breaks at the "
        "first use of the module in the function (`self.lstm.flatten_parameters()` or a read such as "
        "`self.lstm.num_layers` when that comes before the call), and the break "
        "cannot be resumed: the ops before the call are compiled (when there are at least two), "
        "the call and everything after it in the function run eagerly, and with fewer ops "
        "before it or inside a loop the whole function does. A base class's method that calls a "
        "placeholder its subclasses replace with an RNN breaks the same way, and so does a call of an element "
        "of a list the class fills with RNNs alone (`self.rnns[layer](x, h)` after `self.rnns.append(nn.LSTM(...))`). "
        "A call in each branch of an `if` (`self.lstm(packed)` under a mask, `self.lstm(x)` in the `else`) is the "
        "first use on its own path: a break at each. "
        "`nn.LSTMCell`/`nn.GRUCell` are "
        "traced.",
    example="class Tagger(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.rnn = nn.LSTM(32, 64)\n        self.out = nn.Linear(64, 10)\n\n"
            "    def forward(self, x):\n        h, _ = self.rnn(x)\n        return self.out(h)",
    use_instead="class Tagger(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                "        self.rnn = nn.LSTM(32, 64)\n        self.out = torch.compile(nn.Linear(64, 10))  # compiled on its own\n\n"
                "    @torch.compiler.disable  # the RNN runs eagerly, as Dynamo would run it\n"
                "    def forward(self, x):\n        h, _ = self.rnn(x)\n        return self.out(h)",
    fix="none", fix_reason="moving the RNN out of the compiled region (or trying "
                           "torch._dynamo.config.allow_rnn) is a design choice",
    source="measured: benchmarks/calibration/constructs.py (torch 2.13: \"Attempted to wrap RNN, "
           "GRU, or LSTM\"; docs/accuracy.md)",
)
NM407 = rule(
    "NM407", "transformer-mask-read-on-host", "warning", "compile",
    summary="nn.TransformerEncoder/Decoder/Transformer called with a mask but no is_causal hint: a graph break",
    why="When a mask is passed and `is_causal` is left at None, torch compares the mask with a "
        "causal mask and reads the answer on the host (`_detect_is_causal_mask`), also when the module's "
        "`forward(...)` is called by name. Dynamo "
        "breaks there, so the whole encoder/decoder call runs eagerly (torch.nn's own frames "
        "are not compiled); the rest of the function continues in a new graph. Passing "
        "`is_causal=True` or `False` avoids the read.",
    example="class LM(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        layer = nn.TransformerEncoderLayer(64, 4)\n"
            "        self.encoder = nn.TransformerEncoder(layer, 2)\n\n"
            "    def forward(self, x, mask):\n        return self.encoder(x, mask=mask)",
    use_instead="class LM(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                "        layer = nn.TransformerEncoderLayer(64, 4)\n"
                "        self.encoder = nn.TransformerEncoder(layer, 2)\n\n"
                "    def forward(self, x, mask):\n        return self.encoder(x, mask=mask, is_causal=True)",
    fix="none", fix_reason="only the author knows whether the mask is causal",
    source="measured: benchmarks/calibration/constructs.py; torch/nn/modules/transformer.py "
           "_detect_is_causal_mask (torch 2.13)",
)

NM408 = rule(
    "NM408", "sparse-tensor-in-traced-code", "warning", "compile",
    summary="sparse tensor op in traced code: torch.compile does not support sparse tensors",
    why="Dynamo in torch 2.13 refuses to wrap a sparse tensor (\"Attempted to wrap sparse "
        "Tensor\"): the sparse op runs eagerly between two graphs, and a function that takes a "
        "sparse tensor before any op is skipped whole. A sparse tensor made in traced code breaks "
        "where it is made and again where it is first read (the rest of the function, which "
        "Dynamo resumed in, is skipped there); one a function of the file returns is held by the "
        "caller Dynamo resumes after the call, which runs eagerly from its next break. A call handing "
        "a value to a parameter that the callee uses as a sparse tensor (`torch.spmm(adj, ...)`) breaks "
        "in the caller too, and a function whose parameter is annotated `torch.sparse.Tensor` is "
        "skipped whole where it first reads it.",
    example="class GraphConv(nn.Module):\n    def forward(self, x, adj):\n"
            "        return torch.spmm(adj, x)",
    use_instead="class GraphConv(nn.Module):\n    def forward(self, x, adj):\n"
                "        return adj.to_dense() @ x",
    fix="none", fix_reason="a dense adjacency matrix costs memory; the trade-off is the author's",
    source="measured: benchmarks/calibration/constructs.py (torch 2.13)",
)
NM409 = rule(
    "NM409", "comprehension-frame-in-eager-code", "info", "compile",
    summary="list comprehension over a list in code Dynamo runs eagerly: one more graph break",
    why="On Python 3.11 a list, set or dict comprehension is a function of its own. Where the "
        "function around it runs eagerly (its frame skipped by another break, or the rest of it "
        "after a break Dynamo cannot resume from), Dynamo starts the comprehension as a frame when its "
        "code names a global torch or NumPy module (`torch.relu(t)`, `F.pad`) or reads a tensor or the "
        "module (`x[:n]`, `self.f(v)`), and cannot step the iterator it is given when that is a list's "
        "(also an attribute the class binds only to lists, or a list the statement rebinds: `pot = "
        "torch.stack([p.sum() for p in pot])`), "
        "`enumerate`'s or `zip`'s (of anything), a dict view's or a generator's (`m.parameters()`; not "
        "`range`'s, a tuple's or a tensor's, nor a list written out as the iterable itself, `for name in "
        "[\"a\", \"b\"]`, which CPython builds as a tuple): \"Missing tp_iternext\", so "
        "the comprehension runs eagerly too. Fixing the break that makes the function eager fixes "
        "this one; Python 3.12 inlines comprehensions (PEP 709).",
    example="class Heads(nn.Module):\n    def forward(self, x, sizes: list[int]):\n"
            "        parts = [x[:n] * i for i, n in enumerate(sizes)]\n"
            "        for p in parts:\n            print(p.shape)\n        return parts",
    use_instead="class Heads(nn.Module):\n    def forward(self, x, sizes: list[int]):\n"
                "        parts = [x[:n] * i for i, n in enumerate(sizes)]\n        return parts",
    fix="none", fix_reason="the break that makes the function run eagerly is the one to fix",
    source="measured: benchmarks/calibration/constructs.py (torch 2.13, Python 3.11: \"list in a "
           "list comprehension, frame skipped\"; torchvision's RegionProposalNetwork.filter_proposals)",
)
NM127 = rule(
    "NM127", "method-on-compiled-wrapper", "warning", "compile",
    summary="a method called on torch.compile's wrapper: its self(...) calls run uncompiled",
    why="`torch.compile(model)` returns a wrapper (`OptimizedModule`) whose own call is compiled; "
        "any other attribute is the original module's, so `compiled.generate(x)` runs "
        "`Model.generate` on the original module and its `self(...)` calls go through the "
        "uncompiled module (torch 2.13: no frame compiled), whether the class defines `generate` or "
        "inherits it, and also after `torch.compile(model).eval()` or `.to(device)`, which return the "
        "wrapper, and on a wrapper held on an attribute (`self.model = torch.compile(self.model)`, then "
        "`self.model.generate(x)` in another method). A generation loop believed compiled "
        "runs eagerly, and on Neuron an eager loop compiles operator by operator. "
        "`model.compile()` compiles the module in place, so `self(...)` inside its methods is "
        "compiled (not `self.forward(...)`, which bypasses the module's call); "
        "`torch.compile(model.generate)` compiles the method itself.",
    example="class LM(nn.Module):\n    def forward(self, idx):\n        return idx * 2\n\n"
            "    def generate(self, idx, steps):\n        for _ in range(steps):\n"
            "            idx = torch.cat((idx, self(idx)[:, -1:]), dim=1)\n        return idx\n\n"
            "model = torch.compile(LM())\nout = model.generate(torch.zeros(1, 1), 8)",
    use_instead="class LM(nn.Module):\n    def forward(self, idx):\n        return idx * 2\n\n"
                "    def generate(self, idx, steps):\n        for _ in range(steps):\n"
                "            idx = torch.cat((idx, self(idx)[:, -1:]), dim=1)\n        return idx\n\n"
                "model = LM()\nmodel.compile()  # in place: self(idx) inside generate is compiled\n"
                "out = model.generate(torch.zeros(1, 1), 8)",
    fix="none", fix_reason="both remedies change what gets compiled (the module in place, or the "
                           "whole method with its loop): a person chooses",
    source="torch/_dynamo/eval_frame.py (OptimizedModule.__getattr__ returns the original module's "
           "attribute; nn.Module.compile compiles in place); measured on torch 2.13 with a counting "
           "backend (no frame for `compiled.generate(x)`, one for `compiled(x)`; "
           "benchmarks/calibration/constructs.py --wrapper-calls)",
)
# Python 3.12 compiles comprehensions inline (PEP 709): no frame of their own.
COMPREHENSION_FRAMES = sys.version_info < (3, 12)


# -- facts measured with torch 2.13 (constructs.py) -------------------------------------------

_HOST_SYNC_METHODS = {"item", "tolist"}
# Dynamo's graph-break type of each hazard, as measured (constructs.py prints the id of every
# break it sees; docs/accuracy.md): ids of torch/_dynamo/graph_break_registry.json.
GB = {
    "item": "GB0124",  # Unsupported Tensor.item() call with capture_scalar_outputs=False
    "tolist": "GB0109",  # Tensor.tolist() with non-integer tensor
    "branch": "GB0170",  # Data-dependent branching
    "data_dependent": "GB0033",  # Data dependent operator
    "print": "GB0059",  # Failed to trace builtin operator
    "logger": "GB0291",  # logging.Logger method not supported for non-export cases
    "logging_function": "GB4841",  # Unsupported python_type() call (inside logging.warning(...) and the like)
    "skipped": "GB0007",  # Attempted to call function marked as skipped
    "build_class": "GB8977",  # Invalid call to __build_class__ (a class statement in traced code)
    "observed": "GB0088",  # Observed exception
    "graph_break": "GB0025",  # Call to `torch._dynamo.graph_break()`
    "disabled": "GB0098",  # Skip calling `torch.compiler.disable()`d function
    "rnn": "GB0014",  # Attempted to wrap RNN, GRU, or LSTM
    "sparse": "GB0015",  # Attempted to wrap sparse Tensor
    "sparse_make": "GB0277",  # Attempted to wrap sparse Tensor with VariableTracker
    "parameter": "GB0264",  # Attempted to use `torch.nn.Parameter()` constructor with Dynamo
    "deepcopy": "GB4198",  # Attempted to copy.deepcopy a tensor
    "autograd_grad": "GB9186",  # using `torch.autograd.grad` with `torch._dynamo.config.trace_autograd_ops=False`
    "requires_grad": "GB0206",  # setattr() on Tensor.requires_grad
    "tensor_attr": "GB0058",  # Failed to set tensor attribute (.real, .imag)
    "tensor_data": "GB0056",  # Failed to mutate tensor data attribute (.data)
    "requires_grad_input": "GB0125",  # Unsupported Tensor.requires_grad_() call (a graph input)
    "requires_grad_leaked": "GB8985",  # requires_grad_() intermediate leaked as output
    "creation_grad": "GB0225",  # Attempted to use tensor creation function with requires_grad=True
    "context": "GB0142",  # Unsupported context manager
    "inline_skipped": "GB0008",  # Attempted to inline function marked as skipped
    "backward": "GB0123",  # Unsupported Tensor.backward() call
    "iternext": "GB4347",  # Missing tp_iternext
    "generator_mutated": "GB8335",  # Generator reconstruction with mutations (an optimizer built on m.parameters())
    "dynamic_shape": "GB0036",  # Dynamic shape operator
    "method": "GB0156",  # Unsupported method call
    "logger_lookup": "GB6215",  # Unresolved GetAttrVariable comparison (inside logging.getLogger)
    "generator": "GB7650",  # torch.Generator method
    "opaque": "GB0363",  # An opaque object was created in the middle of the program (a torch.Generator built)
    "proxy": "GB0055",  # Failed to convert args/kwargs to proxy
    "numpy_unsupported": "GB0294",  # attempted to trace numpy function unsupported by PyTorch
    "fake_tensor": "GB0087",  # NotImplementedError/UnsupportedFakeTensorException when running FX node
    "typed_dict": "GB0257",  # TypedDict with optional keys
    "as_subclass": "GB0001",  # Argument of `as_subclass` must be a non-dispatcher-style tensor subclass
    "hook_handle": "GB0467",  # setattr() on unsupported type (a module hook's RemovableHandle)
    "delayed": "GB0148",  # Unsupported function call (delayed): an in-place view op on a graph input
    "grad_fn": "GB0104",  # Tensor with grad_fn()
    "ndarray_attr": "GB0157",  # Unsupported ndarray attribute access (inside scipy.signal.get_window)
    "non_tensor": "GB0208",  # torch.* op returned non-Tensor
    "generic_call": "GB0147",  # Unsupported function call (list[Tensor](), itertools.combinations_with_replacement)
    "inference_mode": "GB0046",  # Encountered torch.is_inference_mode_enabled during tracing
    "is_inference": "GB0045",  # Encountered tensor.is_inference() during tracing
    "method_args": "GB0117",  # Unhandled args for method (a deprecated overload: add_(number, tensor))
    "resize": "GB0127",  # Unsupported Tensor.resize_as_() call (on a tensor the graph made)
    "pointer_compare": "GB5976",  # Data pointer comparison
    "ndarray_convert": "GB0185",  # failed to convert numpy.ndarray to Tensor (an ndarray of strings)
    "out_strided": "GB0242",  # Attempted to call op with non-contiguous `out=` tensor
    "fake_call": "GB0112",  # TypeError when making fake tensor call (np.random.normal of arrays)
}
# NumPy's random draws: without a size, a Python number drawn on the host (measured: "np.random.randint",
# "np.random.rand", "np.random.normal"; with a size, as in "np.random.uniform
# size", Dynamo traces them as tensor ops): the position of the size argument
_NUMPY_DRAWS = {"numpy.random.rand": 0, "numpy.random.randn": 0, "numpy.random.random": 0,
                "numpy.random.random_sample": 0, "numpy.random.randint": 2, "numpy.random.uniform": 2,
                "numpy.random.normal": 2}
# NumPy random calls Dynamo cannot trace at all (measured), and the random objects whose methods it
# cannot trace: SeedSequence(...).generate_state (torchsde's BrownianInterval), RandomState(...).rand();
# np.random.choice breaks with or without a size, with or without replace=False (constructs.py
# "np.random.choice ...": GB0033; kmeans-pytorch's initial centres)
_NUMPY_RANDOM_CALLS = {"numpy.random.SeedSequence": "method", "numpy.random.RandomState": "method",
                       "numpy.random.shuffle": "fake_tensor", "numpy.random.choice": "data_dependent"}
# The functions of numpy.random Dynamo maps to torch (torch._numpy.random's __all__, torch 2.13): every other
# function of numpy.random, with or without a size, breaks at the call (constructs.py "np.random.beta ...",
# "np.random.gamma", "np.random.binomial", "np.random.get_state", "np.random.permutation", ...: GB0294,
# resumed; mixup's mixing ratio `np.random.beta(alpha, alpha)`); its classes are measured one by one above
_NUMPY_TRACED_RANDOM = frozenset({"seed", "random_sample", "sample", "random", "rand", "randn", "normal", "choice",
                                  "randint", "shuffle", "uniform"})
# NumPy's functions Dynamo does not map to torch._numpy (``constructs.py --numpy-unmapped``: torch 2.13, NumPy 2.4;
# its classes, contexts and iterators aside, np.errstate, np.ndindex and np.ndenumerate measured apart): a call in
# traced code breaks at the call, whatever its arguments (constructs.py "np.poly1d of a list of floats (pinn-rk's
# _lagrange_integral)", "np.polyval of Python numbers", "np.interp of Python numbers", "np.nanmean of a tensor's
# values", "np.isin of Python lists", "np.linalg.matrix_norm of a tensor's values": GB0294, resumed; a mapped one,
# "np.mean of a tensor's values", is traced as torch)
_NUMPY_UNMAPPED = frozenset({
    "numpy.apply_along_axis", "numpy.apply_over_axes", "numpy.argpartition", "numpy.array2string", "numpy.array_repr",
    "numpy.array_str", "numpy.asanyarray", "numpy.asarray_chkfinite", "numpy.asfortranarray", "numpy.asmatrix",
    "numpy.astype", "numpy.base_repr", "numpy.binary_repr", "numpy.bitwise_count", "numpy.block", "numpy.bmat",
    "numpy.busday_count", "numpy.busday_offset", "numpy.compress", "numpy.cumulative_prod", "numpy.cumulative_sum",
    "numpy.datetime_as_string", "numpy.datetime_data", "numpy.delete", "numpy.digitize", "numpy.ediff1d",
    "numpy.einsum_path", "numpy.extract", "numpy.format_float_positional", "numpy.format_float_scientific",
    "numpy.frexp", "numpy.frombuffer", "numpy.fromfile", "numpy.fromfunction", "numpy.fromiter", "numpy.frompyfunc",
    "numpy.fromregex", "numpy.fromstring", "numpy.genfromtxt", "numpy.get_printoptions", "numpy.getbufsize",
    "numpy.geterr", "numpy.geterrcall", "numpy.histogram_bin_edges", "numpy.insert", "numpy.interp",
    "numpy.intersect1d", "numpy.is_busday", "numpy.isdtype", "numpy.isfortran", "numpy.isin", "numpy.isnat",
    "numpy.iterable", "numpy.ix_", "numpy.lexsort", "numpy.load", "numpy.loadtxt", "numpy.mask_indices",
    "numpy.matrix_transpose", "numpy.matvec", "numpy.may_share_memory", "numpy.mintypecode", "numpy.nanargmax",
    "numpy.nanargmin", "numpy.nancumprod", "numpy.nancumsum", "numpy.nanmax", "numpy.nanmean", "numpy.nanmedian",
    "numpy.nanmin", "numpy.nanpercentile", "numpy.nanprod", "numpy.nanquantile", "numpy.nanstd", "numpy.nansum",
    "numpy.nanvar", "numpy.packbits", "numpy.partition", "numpy.piecewise", "numpy.place", "numpy.poly",
    "numpy.poly1d", "numpy.polyadd", "numpy.polyder", "numpy.polydiv", "numpy.polyfit", "numpy.polyint",
    "numpy.polymul", "numpy.polysub", "numpy.polyval", "numpy.promote_types", "numpy.putmask",
    "numpy.ravel_multi_index", "numpy.require", "numpy.roots", "numpy.save", "numpy.savetxt", "numpy.savez",
    "numpy.savez_compressed", "numpy.select", "numpy.set_printoptions", "numpy.setbufsize", "numpy.setdiff1d",
    "numpy.seterr", "numpy.seterrcall", "numpy.setxor1d", "numpy.shares_memory", "numpy.sort_complex",
    "numpy.spacing", "numpy.trapezoid", "numpy.trim_zeros", "numpy.typename", "numpy.union1d", "numpy.unique_all",
    "numpy.unique_counts", "numpy.unique_inverse", "numpy.unique_values", "numpy.unpackbits", "numpy.unravel_index",
    "numpy.unstack", "numpy.unwrap", "numpy.vecdot", "numpy.vecmat", "numpy.vectorize", "numpy.linalg.cross",
    "numpy.linalg.diagonal", "numpy.linalg.matmul", "numpy.linalg.matrix_norm", "numpy.linalg.matrix_transpose",
    "numpy.linalg.outer", "numpy.linalg.svdvals", "numpy.linalg.tensordot", "numpy.linalg.trace",
    "numpy.linalg.vecdot", "numpy.linalg.vector_norm"})
# torch functions that return a Python value Dynamo does not fold into a constant (measured:
# "torch.get_num_threads()", "torch.is_inference(t)", ...: GB0208; torch.get_default_dtype,
# torch.is_grad_enabled and torch.are_deterministic_algorithms_enabled are folded, no break; the CPU
# backends' is_available: GB0208, resumed, dbini-torch's MKL test before its sparse solve; cuDNN's and MPS's too:
# "torch.backends.cudnn.is_available()", "torch.backends.mps.is_available()"); a dtype by promotion, of tensors
# or numbers, or a cast's test ("torch.result_type of two tensors", "torch.can_cast of two dtypes": GB0208,
# resumed; torch-sla's sparse matmul; torch.promote_types is folded, "torch.promote_types of two dtypes")
_NON_TENSOR_TORCH = frozenset({"torch.result_type", "torch.can_cast",
                               "torch.get_num_threads", "torch.get_num_interop_threads", "torch.initial_seed",
                               "torch.get_float32_matmul_precision", "torch.is_inference",
                               "torch.backends.mkl.is_available", "torch.backends.openmp.is_available",
                               "torch.backends.cudnn.is_available", "torch.backends.mps.is_available"})
# NumPy reductions to one number: under ``int()`` or ``float()`` Dynamo, tracing NumPy as tensor ops, reads
# the value on the host, whatever they reduce (constructs.py "float(np.max of array arithmetic)", "int(np.argmin
# of a list of floats)", np.mean, sum, min, amax, std, linalg.norm, argmax: GB0033, resumed; pyniftireg's _affine)
_NUMPY_SCALARS = frozenset({"numpy.prod", "numpy.product", "numpy.max", "numpy.min", "numpy.amax", "numpy.amin",
                            "numpy.argmax", "numpy.argmin", "numpy.sum", "numpy.mean", "numpy.std", "numpy.var",
                            "numpy.linalg.norm"})
# Standard-library functions Dynamo has no rule for: "Unsupported function call" (constructs.py
# "itertools.combinations_with_replacement": GB0147; combinations, permutations, product and chain are traced)
_UNSUPPORTED_CALLS = frozenset({"itertools.combinations_with_replacement"})
# math's rounding of a NumPy value: Dynamo traces NumPy as tensor ops, so the value is a tensor whose
# value the call reads (constructs.py "math.ceil of a length over np.prod of a list ...": GB0033)
_MATH_ROUNDING = frozenset({"math.ceil", "math.floor"})
# A progress bar built in traced code: tqdm's constructor is in a file Dynamo skips (measured:
# "tqdm(desc=...) built in traced code": GB0007); a `for` over one is _SKIPPED_ITERABLES' case
_PROGRESS_BARS = frozenset({"tqdm.tqdm", "tqdm.auto.tqdm", "tqdm.notebook.tqdm", "tqdm.std.tqdm", "tqdm.trange",
                            "tqdm.auto.trange"})
_RANDOM_OBJECTS = {"numpy.random.SeedSequence": "inline_skipped", "numpy.random.RandomState": "method",
                   "numpy.random.default_rng": "method", "torch.Generator": "generator",
                   "random.Random": ""}  # traced; what a branch on its draws does is _draw_tests'
_RANDOM_LEAVES = frozenset(name.rpartition(".")[2] for name in _RANDOM_OBJECTS)

# torch._dynamo.trace_rules._GENERATOR_METHODS_THAT_GRAPH_BREAK (torch 2.13): GB7650 at each
_GENERATOR_METHODS = frozenset({"clone_state", "get_offset", "get_state", "graphsafe_get_state",
                                "graphsafe_set_state", "initial_seed", "manual_seed", "seed", "set_offset",
                                "set_state"})
# NumPy functions with a data-dependent result size: on a tensor's values Dynamo runs them as
# tensor ops and breaks (measured: "np.nonzero on tensor")
_NUMPY_DYNAMIC = {"numpy.nonzero", "numpy.flatnonzero", "numpy.argwhere", "numpy.unique", "numpy.where"}
# NumPy's index iterators are classes in a file Dynamo skips (measured: "for over np.ndindex(shape)",
# "for over np.ndenumerate": GB0008 at the loop, the frame skipped; fast-bss-eval's helpers)
_NUMPY_ITERATORS = frozenset({"numpy.ndindex", "numpy.ndenumerate", "numpy.lib.index_tricks.ndindex"})
# SciPy runs compiled code under its Python functions: every call measured breaks (constructs.py
# "scipy.*"), in SciPy's files; the break's type by function or submodule, as measured, and the
# skipped C function (next_fast_len's, GB0007) for the rest. scipy.signal's differ by function: its windows
# read an ndarray attribute, the Savitzky-Golay helpers first call a NumPy function torch does not map
# (torch-dxdt's savgol_coeffs), butter gets a non-tensor from a torch op ("scipy.signal.windows.hann ...",
# "scipy.signal.savgol_coeffs ...", "scipy.signal.savgol_filter ...", "scipy.signal.butter ...")
_SCIPY_BREAKS = {"scipy.signal.get_window": "ndarray_attr", "scipy.signal.windows.get_window": "ndarray_attr",
                 "scipy.signal.windows.hann": "ndarray_attr", "scipy.signal.savgol_coeffs": "numpy_unsupported",
                 "scipy.signal.savgol_filter": "numpy_unsupported", "scipy.signal.butter": "non_tensor",
                 "scipy.special": "method", "scipy.stats": "method"}
# PyWavelets' compiled extension (Cython, ``pywt._extensions._pywt``, re-exported as ``pywt.*``): building
# its wavelet classes or calling its functions in traced code breaks at the call (constructs.py
# "pywt.Wavelet built in traced code", "pywt.ContinuousWavelet ...", "pywt.DiscreteContinuousWavelet ...",
# "pywt.wavelist ...", "pywt.families ...": GB0156, resumed; with PyWavelets 1.9.0 on the path). Its
# Python functions break inside PyWavelets' files or on NumPy (``dwt_max_level``, ``threshold``), and
# reading a wavelet handed in is traced ("a pywt.Wavelet passed in, its attribute read": no break)
_PYWT_COMPILED = frozenset({"Wavelet", "ContinuousWavelet", "DiscreteContinuousWavelet", "wavelist", "families"})
_SCALAR_BUILTINS = {"int", "float", "bool", "complex"}
# Lightning's int step and epoch counters, which a LightningModule hands its loss module's forward
# by these names (taming-transformers' and latent-diffusion's ``self.loss(..., self.global_step)``,
# the loss built from a config): a forward's parameter so named is not assumed a tensor
_STEP_COUNTERS = frozenset({"global_step", "current_epoch"})
_DATA_DEPENDENT_FUNCTIONS = {"torch.equal", "torch.allclose", "torch.is_nonzero"}  # op tag data_dependent_output
# ops whose own implementation returns a Python bool from tensor values (``aten.equal``; measured:
# "torch.cov", "Tensor.cov", "torch.corrcoef": GB0033; vicregaddon's covariance loss)
_HOST_READING_OPS = frozenset({"cov", "corrcoef"})
# nn.Module hook registration (measured: the handle's setattr breaks, GB0467)
_MODULE_HOOKS = frozenset({"register_forward_pre_hook", "register_forward_hook"})
_UNTRACEABLE = {
    "time.time", "time.perf_counter", "time.monotonic", "time.process_time", "time.sleep",
    "time.time_ns", "time.perf_counter_ns", "torch.manual_seed", "torch.seed", "torch.typename",
    "torch.random.manual_seed", "torch.random.seed", "torch.cuda.manual_seed",
    "torch.cuda.manual_seed_all", "torch._dynamo.graph_break",
    "torch.autograd.Variable", "torch.autograd.variable.Variable",
    "torch.nn.utils.rnn.pack_padded_sequence", "torch.nn.utils.rnn.pad_packed_sequence",
    # standard-library functions Dynamo skips (measured: "os.getpid()", "random.choice", ...);
    # os.path.join, os.getenv, os.environ, random.randint/uniform/randrange and random.Random
    # are traced
    "os.getpid", "os.getcwd", "os.cpu_count", "os.listdir", "os.path.exists", "os.path.isfile",
    "os.path.isdir", "time.strftime", "socket.gethostname", "sys.getsizeof",
    "gc.collect",  # measured: "gc.collect() in traced code" (torchfsm's clean_up_memory), resumed
    "random.random", "random.choice", "random.gauss", "random.shuffle", "random.sample", "random.seed",
    # measured: "pickle.dumps" (a memoize decorator's cache key), "importlib.import_module", "sys._getframe"
    "pickle.dumps", "pickle.loads", "importlib.import_module", "sys._getframe",
    "inspect.stack",  # measured: "inspect.stack() in traced code" (mrphy's __setattr__ looking for deepcopy)
    # measured: "threading.Lock() built in traced code" (GB0007; nhsmm's Convergence.__init__), "threading.RLock()
    # ..." (GB0156); both resumed
    "threading.Lock", "threading.RLock",
    # torch.utils.data is a file Dynamo skips (measured: "default_collate in traced code", GB0007;
    # pfrl's batch_states)
    *DEFAULT_COLLATE,
}
# the graph-break kind of an _UNTRACEABLE call where it is not GB0007's "marked as skipped"
_UNTRACEABLE_KINDS = {"torch._dynamo.graph_break": "graph_break", "threading.RLock": "method"}
# Methods of standard-library objects Dynamo does not trace: "Unsupported method call" (GB0156)
_UNSUPPORTED_METHODS = {"sys.stdout.write": NM403, "sys.stderr.write": NM403, "sys.stdout.flush": NM403,
                        "sys.stderr.flush": NM403, "datetime.datetime.now": NM404}
# Iterables Dynamo does not trace into (torch.utils.data and tqdm are skipped files): a `for`
# over one skips the whole function (measured: "for over a DataLoader", "for over tqdm(range)").
_SKIPPED_ITERABLES = {"tqdm.tqdm", "tqdm.auto.tqdm", "tqdm.notebook.tqdm", "tqdm.trange", "tqdm.auto.trange",
                      "torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"}
_LOADER_WORDS = ("loader",)  # train_loader, dataloader: a parameter holding a DataLoader
# torch.optim's step() calls torch._dynamo.graph_break() (GB0025); zero_grad is a skipped
# function (GB0008); both resumable (measured: "optimizer.step()", "optimizer.zero_grad()").
_OPTIMIZER_METHODS = {"step": "graph_break", "zero_grad": "inline_skipped"}
_OPTIMIZER_WORDS = ("optimizer", "optim", "opt")
_DISABLE = {"torch.compiler.disable", "torch._dynamo.disable"}
# torch.nn modules that create parameters when built: building one in traced code breaks
# (measured: "nn.Module built in traced code", inside nn.Parameter's constructor)
_PARAMETER_MODULES = {"Linear", "Bilinear", "LazyLinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
                      "ConvTranspose2d", "ConvTranspose3d", "LayerNorm", "GroupNorm", "RMSNorm",
                      "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "Embedding", "EmbeddingBag",
                      "MultiheadAttention", "LSTM", "GRU", "RNN", "LSTMCell", "GRUCell", "RNNCell", "PReLU",
                      "Transformer", "TransformerEncoderLayer", "TransformerDecoderLayer"}
# Context managers Dynamo refuses (measured: `with open(...)` skips the frame, as "np.errstate entered":
# GB0142); the warnings/contextlib/no_grad/autocast ones and user classes are traced.
_UNSUPPORTED_CONTEXTS = {"builtins.open", "io.open", "tempfile.TemporaryDirectory", "tempfile.NamedTemporaryFile",
                         "threading.Lock", "threading.RLock", "numpy.errstate", "torch.random.fork_rng"}
_SPARSE_FUNCTIONS = {"torch.spmm", "torch.smm", "torch.hspmm"}
_SPARSE_CONSTRUCTORS = {"torch.sparse_coo_tensor", "torch.sparse_csr_tensor", "torch.sparse_csc_tensor",
                        "torch.sparse_compressed_tensor"}
_SPARSE_METHODS = {"to_sparse", "to_sparse_csr", "to_sparse_coo", "to_sparse_csc", "to_sparse_bsr"}
# Context managers a graph break can be resumed inside (others make Dynamo skip the frame).
_RESUMABLE_CONTEXTS = {
    "torch.no_grad", "torch.enable_grad", "torch.set_grad_enabled", "torch.inference_mode",
    "torch.autocast", "torch.amp.autocast", "torch.cpu.amp.autocast", "torch.cuda.amp.autocast",
    "torch.autograd.grad_mode.no_grad", "torch.autograd.profiler.record_function",
}
# Calls Dynamo evaluates to a constant while tracing: branches they rule out are never traced.
_CONSTANT_CALLS = {
    "torch.jit.is_scripting": False, "torch.jit.is_tracing": False,
    "torch.compiler.is_compiling": True, "torch.compiler.is_dynamo_compiling": True,
    "torch._dynamo.is_compiling": True, "torch.compiler.is_exporting": False,
    "torch._utils.is_compiling": True,
    "torch.cuda.is_available": False,  # on Neuron (and on the CPU a calibration measures on)
}
# a library's own zero-argument wrapper of one of them, under torch's name (kornia's and PyG's
# `is_compiling()` return `torch.compiler.is_compiling()`): Dynamo inlines it to the same constant
_CONSTANT_LEAVES = {"is_compiling": True, "is_dynamo_compiling": True, "is_torchdynamo_compiling": True,
                    "is_exporting": False, "is_scripting": False}
# torch.nn containers whose call Dynamo breaks on (constructs.py): constructor -> kind.
_RNN_NAMES = frozenset({"LSTM", "GRU", "RNN"})
_RNN_MODULES = {f"torch.nn.{n}" for n in _RNN_NAMES} | {f"torch.nn.modules.rnn.{n}" for n in _RNN_NAMES}
_MASKED_MODULES = {"TransformerEncoder": "encoder", "TransformerDecoder": "decoder",
                   "Transformer": "transformer"}
# How much a call to a torch.nn container weighs in the coverage estimate, in statements: its
# eager ATen calls per layer / 2 (a plain statement makes about two), measured on the CPU with
# `python benchmarks/calibration/constructs.py --container-ops` (sequence 8, width 32).
_CONTAINER_WEIGHT = {"LSTM": 4, "GRU": 60, "RNN": 20, "TransformerEncoderLayer": 20,
                     "TransformerDecoderLayer": 37, "MultiheadAttention": 16,
                     "TransformerEncoder": 20, "TransformerDecoder": 37}
# (layers argument, its position, its default) per container; a count that is not a literal
# is taken as _UNKNOWN_LAYERS.
_LAYERS_ARG = {"LSTM": ("num_layers", 2, 1), "GRU": ("num_layers", 2, 1), "RNN": ("num_layers", 2, 1),
               "TransformerEncoder": ("num_layers", 1, None), "TransformerDecoder": ("num_layers", 1, None)}
_KNOWN_CONTAINERS = frozenset(_CONTAINER_WEIGHT) | frozenset(_MASKED_MODULES)
# torch.nn's lazy modules initialise their parameters at their first call, eagerly, before Dynamo traces
# it (its initialize_lazy_module), so outside every graph of a first call: the ATen calls of that
# initialisation / 2, measured on the CPU (constructs.py "a lazy linear layer, first call": 8 calls, 33 %
# captured; "... batch norm ...": 17 calls, 23 %; torchradio's dense receiver: 24 of its 46)
_LAZY_INIT = {**{name: 4 for name in ("LazyLinear", "LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d",
                                       "LazyConvTranspose2d", "LazyConvTranspose3d")},
              **{name: 8 for name in ("LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d", "LazyInstanceNorm1d",
                                       "LazyInstanceNorm2d", "LazyInstanceNorm3d")}}
# qualified name -> the container class it names (torch.nn.LSTM, torch.nn.modules.rnn.LSTM: LSTM)
_CONTAINER_NAMES = {f"{prefix}{leaf}": leaf for leaf in _KNOWN_CONTAINERS for prefix in (
    "torch.nn.modules.rnn.", "torch.nn.modules.transformer.", "torch.nn.modules.activation.", "torch.nn.")}
_TRANSFORMER_LAYERS = {"encoder": ("num_encoder_layers", 2, 6), "decoder": ("num_decoder_layers", 3, 6)}
_UNKNOWN_LAYERS = 2
# a bidirectional RNN (``bidirectional=True``): its weight per layer, both directions (constructs.py
# --container-ops: LSTM 7 -> 11 ATen calls, GRU 121 -> 240, RNN 41 -> 80), and the argument's position
_BIDIRECTIONAL = {"LSTM": (6, 6), "GRU": (120, 6), "RNN": (40, 7)}
_MODULE_KINDS = {**{n: "rnn" for n in _RNN_MODULES},
                 **{f"torch.nn.{n}": k for n, k in _MASKED_MODULES.items()},
                 **{f"torch.nn.modules.transformer.{n}": k for n, k in _MASKED_MODULES.items()}}
# Submodules that nn.Transformer's __init__ creates, for classes that derive from it.
_TRANSFORMER_ATTRS = {"encoder": "encoder", "decoder": "decoder"}
# (mask argument, its position, the is_causal hint that avoids the host read, its position)
# in forward(self, ...) of each kind; positions count the arguments after self.
_MASK_ARGS = {
    "encoder": (("mask", 1, "is_causal", 3),),
    "decoder": (("tgt_mask", 2, "tgt_is_causal", 6),),
    "transformer": (("src_mask", 2, "src_is_causal", 8), ("tgt_mask", 3, "tgt_is_causal", 9)),
}
_MODULE_BASES = ("torch.nn.", "torch.jit.ScriptModule")
_NOT_MODULE_BASES = {"object", "torch.autograd.Function", "typing.Protocol", "typing.NamedTuple",
                     "abc.ABC", "enum.Enum", "torch.utils.data.Dataset",
                     "torch.utils.data.IterableDataset", "torch.utils.data.dataset.Dataset"}
# the standard library's, and other frameworks' layers and operators, whose forward Dynamo never sees
# (insightface's MXNet `mx.operator.CustomOp` beside its PyTorch trainers)
_NOT_MODULE_PACKAGES = ("typing.", "abc.", "enum.", "collections.", "mxnet.", "paddle.", "oneflow.", "tensorflow.",
                        "keras.", "jax.", "flax.", "mindspore.", "megengine.", "chainer.")
# A method of a SciPy object built outside the compiled code (torchrbf's KD-tree, built in __init__ and
# queried in a method; torch-sla's sparse matrix): SciPy's Python code under it breaks, by class as measured
# (constructs.py "a SciPy KDTree's query of a tensor's values (torchrbf's _find_neighbors)", "a SciPy sparse
# matrix's tocsr (torch-sla)": GB0157, the frame skipped; "a SciPy cKDTree's query ...": GB0156 at the call)
_SCIPY_OBJECT_BREAKS = {"scipy.spatial.cKDTree": "method", "scipy.spatial.ckdtree.cKDTree": "method"}

# Attributes and methods whose value is a Python number, not a tensor.
_NON_TENSOR_ATTRS = {"shape", "ndim", "dtype", "device", "is_cuda", "requires_grad", "training",
                     "is_leaf", "layout", "names", "itemsize", "nbytes", "is_sparse", "is_neuron"}
_NON_TENSOR_METHODS = {"size", "dim", "numel", "nelement", "ndimension", "stride", "element_size",
                       "data_ptr", "get_device", "is_contiguous", "is_floating_point", "is_complex", "is_inference",
                       "item", "tolist", "storage_offset", "has_names", "type", "__len__", "keys",
                       "values", "items", "get", "format", "join", "split", "startswith", "endswith"}
# attributes of a tensor Dynamo cannot set (constructs.py "Tensor.real and .imag set", "Tensor.imag
# scaled in place", "Tensor.data set": each resumed; "Tensor.grad set": no break), with the advice
_TENSOR_STORES = {
    "requires_grad": ("requires_grad", ""),
    "real": ("tensor_attr", "; build the tensor instead (torch.complex(real, imag), .conj())"),
    "imag": ("tensor_attr", "; build the tensor instead (torch.complex(real, imag), .conj())"),
    "data": ("tensor_data", "; copy into it under torch.no_grad() (t.copy_(value)) instead"),
}
_TENSOR_TYPES = ("Tensor", "torch.Tensor", "FloatTensor", "LongTensor", "BoolTensor", "Parameter")

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_LOOP_TYPES = frozenset(_LOOPS)
_TRYS = TRY_TYPES
_WITHS = (ast.With, ast.AsyncWith)


# -- the walk: declarations --------------------------------------------------------------------

@dataclass
class _State:
    """Per file: the declarations the walk found, and the finalizer's memos (freed with the file)."""

    classes: dict[str, ast.ClassDef] = field(default_factory=dict)  # module-level and nested by name
    functions: dict[str, ast.AST] = field(default_factory=dict)  # module-level functions by name
    function_tables: dict[str, tuple[str, ...]] | None = None  # module-level dicts of functions (traced_functions)
    owner: dict[int, ast.ClassDef] = field(default_factory=dict)  # method id -> class
    parent_fn: dict[int, ast.AST] = field(default_factory=dict)  # nested def id -> enclosing def
    compiled: list[ast.AST] = field(default_factory=list)  # functions passed to or decorated with torch.compile
    compiled_self: dict[int, ast.ClassDef] = field(default_factory=dict)  # torch.compile(self.m): item id -> class
    disabled: set[int] = field(default_factory=set)  # functions under torch.compiler.disable
    chains: dict[int, tuple] = field(default_factory=dict)  # function id -> scope chain inside it
    nested: dict[str, list[ast.AST]] | None = None  # functions defined in functions, by name (_nested_def)
    wrapper_names: dict[int, str] = field(default_factory=dict)  # a decorator's wrapper -> "outer.inner"
    random_objects: dict[int, dict[str, tuple]] = field(default_factory=dict)  # _random_objects' answers
    optional_dicts: frozenset[str] | None = None  # _optional_dicts' answer
    validated: dict[str, list[ast.AST]] | None = None  # _validated_models' answer
    rebuilt: dict[tuple[str, int], str] | None = None  # _rebuilt_calls' answer
    uninitialised: dict[str, str] | None = None  # _uninitialised_inits' answer
    own_methods: dict[str, set[int]] | None = None  # _own_methods' answer
    random_text: bool | None = None  # the file's text names "Generator" or "random"
    index_text: tuple[bool, bool] | None = None  # the file's text names ".grad_fn"; "arange"/"cartesian_prod"/"argm"
    numpy_text: bool | None = None  # the file's text names "np." or "numpy"
    scipy_text: bool | None = None  # the file's text names "scipy"
    bool_text: bool | None = None  # the file's text names "bool" (a NumPy array made with dtype=bool)
    scipy_attrs: dict[int, dict[str, str]] = field(default_factory=dict)  # class id -> self.attr -> SciPy class
    pointer_text: bool | None = None  # the file's text names "data_ptr"
    exits: bool | None = None  # the file's text calls exit() or abort() (_failing_branches)
    pointer_returners: frozenset[str] | None = None  # _pointer_returners' answer
    torch_globals: frozenset[str] | None = None  # names the file's imports of torch and NumPy bind
    attr_kinds: dict[int, dict[str, str]] = field(default_factory=dict)  # class id -> self.attr -> kind
    attr_weights: dict[int, dict[str, int]] = field(default_factory=dict)  # class id -> self.attr -> weight
    attr_lazy: dict[int, dict[str, int]] = field(default_factory=dict)  # class id -> self.attr -> _lazy_init weight
    super_init: dict[int, ast.Call] = field(default_factory=dict)  # class id -> its super().__init__(...)
    stmt_paths: dict[int, dict] = field(default_factory=dict)  # function id -> _stmt_paths
    instances: dict[str, str] = field(default_factory=dict)  # name -> what built it, as written (x = Net(...))
    # (scope id, name) -> (what built it, its string argument): the first x = Net(...) of each function or
    # the module; a compile reads its own scope's first (a factory above may bind the name to another model)
    scoped: dict[tuple[int, str], tuple[str, str]] = field(default_factory=dict)
    compile_scope: dict[int, int] = field(default_factory=dict)  # id of what torch.compile is given -> its scope id
    # id of a name compiled under an isinstance test of it -> the classes the test names, as written
    narrowed: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # ids of those compiled in place: "module" (model.compile(), nn.Module.compile: the module's call, so
    # self(...) in its methods) or "forward" (m.forward = torch.compile(m.forward): self.forward(...) too)
    in_place: dict[int, str] = field(default_factory=dict)
    # X = torch.compile(Y) as a statement: (X, the assignment, its scope, Y) for NM127
    wrappers: list[tuple[str, ast.Assign, ast.AST, ast.AST]] = field(default_factory=list)
    # NM127: (call X.m(...), the assignment, it is conditional, class of this file or None, method)
    wrapper_calls: list[tuple[ast.Call, ast.Assign, bool, tuple[str, str] | None, str]] = field(default_factory=list)
    # module-level names bound to an instance (net = Net(cfg) at the top of a script) -> the classes, as written
    module_made: dict[str, list[str]] = field(default_factory=dict)
    factory_names: dict[str, str] = field(default_factory=dict)  # name -> string argument (create_model("vit"))
    attr_class: dict[int, dict[str, str]] = field(default_factory=dict)  # class id -> self.attr -> Cls as written
    attr_declared: dict[int, dict[str, str]] = field(default_factory=dict)  # class id -> self.attr: Cls -> Cls
    held: dict[int, dict[str, list[ast.AST]]] = field(default_factory=dict)  # class id -> self.attr -> what fills a container
    held_names: dict[tuple[int, str], list[str]] = field(default_factory=dict)  # (class id, attr) -> classes it holds
    held_calls: dict[int, list] = field(default_factory=dict)  # fn id -> _held_calls' answer
    called_params: dict[int, frozenset[str]] = field(default_factory=dict)  # fn id -> parameters it calls by name
    traced: dict[int, Traced] | None = None  # traced_functions' answer
    loggers: set[str] | None = None  # module-level names bound to logging.getLogger(...)
    bodies: dict[int, _Body] = field(default_factory=dict)  # fn id -> its _Body, read up to eight times
    # fn id -> the truth of what every call of it returns under Dynamo where that is constant (stylegan2's
    # could_use_op: `return False` where the tensor is not on CUDA), else None (_constant_return)
    returns: dict[int, bool | None] = field(default_factory=dict)
    callees: dict[tuple[int, int], list] = field(default_factory=dict)  # (fn id, class id) -> _callees' answer
    lineages: dict[int, list] = field(default_factory=dict)  # class id -> _lineage's answer
    setters: dict[int, dict[str, ast.AST]] | None = None  # class id -> _setters' answer (None: no `.setter` in the file)
    transformers: dict[int, bool] = field(default_factory=dict)  # class id -> derives from nn.Transformer
    named: dict[int, dict[str, ast.AST]] = field(default_factory=dict)  # class id -> names its __init__ uses
    flags: dict[int, dict[str, int]] = field(default_factory=dict)  # class id -> self.attr -> off by default
    own_flags: dict[int, dict[str, int]] = field(default_factory=dict)  # class id -> _own_flags' answer
    on_flags: dict[int, frozenset[str]] = field(default_factory=dict)  # class id -> self.attr on by default
    init_constants: dict[int, dict[str, object]] = field(default_factory=dict)  # class id -> self.attr -> its default (_init_constants)
    stored_elsewhere: frozenset[str] | None = None  # _set_elsewhere's self.attr stored outside an __init__
    keywords_given: frozenset[str] | None = None  # every keyword some call of the file passes (_on_flags)
    constants: dict[str, bool] | None = None  # module-level names -> off (False, None, 0, "") by default
    string_arrays: frozenset[str] | None = None  # module-level names bound to a NumPy array of strings
    injected: dict[int, dict[str, str]] = field(default_factory=dict)  # class id -> _injected's answer
    init_params: dict[int, dict[str, str]] = field(default_factory=dict)  # class id -> _init_params' answer
    annotated: dict[int, dict[str, str]] = field(default_factory=dict)  # class id -> _annotated_attrs' answer
    fullgraph: set[int] = field(default_factory=set)  # ids of what torch.compile(fullgraph=True) traces
    # module-level functions and classes (by their __init__) that compile a parameter: name -> (its position,
    # after self; -1 keyword-only), its name, the compile's line); what a call hands there is compiled
    compilers: dict[str, tuple[int, str, int]] = field(default_factory=dict)
    compiled_params: set[int] = field(default_factory=set)  # ids of those compiled parameters' names
    calls_by_name: dict[str, list[ast.Call]] = field(default_factory=dict)  # callee name -> calls with arguments
    keyword_calls: list[ast.Call] = field(default_factory=list)  # those of them passing a keyword
    # an argument that is the calling function's own parameter with a False/None/0 default (a flag
    # forwarded by name: ``latency_code(..., first_spike_time=first_spike_time)``) -> that function
    forwarded: dict[int, ast.AST] = field(default_factory=dict)
    off_params: dict[int, frozenset[str]] = field(default_factory=dict)  # fn id -> its parameters defaulting off
    set_anywhere: set[str] | None = None  # _set_anywhere's answer
    script_lines: range = range(0)  # the module's ``if __name__ == "__main__":`` block (_script_lines)
    passed: dict[int, set[str]] = field(default_factory=dict)  # fn id -> _passed's answer without a default
    # traced function -> (parameter, value) a traced caller of another file passes (``GIVEN_ARGS`` roots)
    given: dict[str, list[tuple[str, ast.AST]]] | None = None
    # fn id -> its parameters a traced optimizer step of another file hands its closure (``CLOSURE_ARGS`` roots)
    closure_params: dict[int, set[str]] | None = None
    # fn id -> (parameter, its default's repr, "" when none) the tests of its branches off by default read
    off_read: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    buffers: dict[int, set[str]] = field(default_factory=dict)  # class id -> self.register_buffer names
    # class id -> the attributes a method stores a parameter annotated as a tensor in, as it is
    stored_tensors: dict[int, set[str]] = field(default_factory=dict)
    subclass_rnns: dict[int, set[str]] = field(default_factory=dict)  # class id -> attrs its subclasses make RNNs
    rnn_classes: list | None = None  # (class, its attributes that hold an RNN) for the classes that have one
    # class name -> (defines an operator dunder, itself or an in-file base; every method but __init__ is a dunder)
    operator_classes: dict[str, bool] | None = None


@on(ast.ClassDef)
def _class(node: ast.ClassDef, ctx: Context) -> None:
    ctx.state(_State).classes.setdefault(node.name, node)


@on(ast.FunctionDef, ast.AsyncFunctionDef)
def _function(node: ast.AST, ctx: Context) -> None:
    d = ctx.state(_State)
    d.chains[id(node)] = (*ctx.chain, node)
    scope = ctx.chain[-1]
    if isinstance(scope, ast.ClassDef):
        d.owner[id(node)] = scope
        if node.name == "__init__":  # block_fn=Block: a submodule class by default
            named = d.named.setdefault(id(scope), {})
            for default in (*node.args.defaults, *node.args.kw_defaults):
                text = dotted(default) if default is not None else ""
                if text and text != scope.name:
                    named.setdefault(text, default)
    elif isinstance(scope, ast.Module):
        d.functions[node.name] = node
    elif isinstance(scope, _FUNCS):
        d.parent_fn[id(node)] = scope
    for dec in node.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        name = ctx.qualify(target)
        if name == "torch.compile":
            d.compiled.append(node)
            if isinstance(dec, ast.Call) and _fullgraph(dec):
                d.fullgraph.add(id(node))
        elif name in _DISABLE:
            d.disabled.add(id(node))


# nn.Module methods that return the module itself: Net().to(device) is the Net
_RETURN_SELF = frozenset({"to", "cuda", "cpu", "eval", "train", "half", "float", "double", "bfloat16",
                          "requires_grad_", "to_empty", "xpu"})


def _built(call: ast.Call) -> ast.Call:
    """The call that built a module, under a chain of methods returning it (``Net(cfg).to(device).eval()``)."""
    while (type(call.func) is ast.Attribute and call.func.attr in _RETURN_SELF
           and type(call.func.value) is ast.Call):
        call = call.func.value
    return call


@on(ast.Assign, ast.AnnAssign)
def _submodule(node: ast.AST, ctx: Context) -> None:
    """``self.rnn = nn.LSTM(...)`` in a method: remember the kind of ``rnn`` (for NM406/NM407)
    and the weight of a call to it (for the coverage estimate) for the class."""
    value = node.value
    if type(value) is not ast.Call:  # one read per test: ast's node types have no subclasses
        if type(node) is ast.AnnAssign:
            _declared(node, ctx)
        elif type(value) is ast.Name and len(ctx.chain) >= 3 and type(ctx.chain[-2]) is ast.ClassDef:
            _stored_local(node, value.id, ctx)
        elif type(value) is ast.IfExp and len(ctx.chain) >= 3 and type(ctx.chain[-2]) is ast.ClassDef:
            _optional_instance(node, value, ctx)
        elif (type(value) is ast.BinOp and len(ctx.chain) >= 3 and type(ctx.chain[-2]) is ast.ClassDef
              and getattr(ctx.chain[-1], "name", "") == "__init__"):
            _tensor_arithmetic(node, value, ctx)
        return
    built = dotted(_built(value).func)
    if built and type(node) is ast.Assign:
        d = ctx.state(_State)
        for t in node.targets:
            if type(t) is not ast.Name:
                continue
            if len(ctx.chain) == 1 and built.rpartition(".")[2][:1].isupper():
                d.module_made.setdefault(t.id, []).append(built)  # model = Net(cfg) at module level: a class
            if (id(ctx.chain[-1]), t.id) not in d.scoped and not (ctx.qualify(value.func) or "").startswith("torch."):
                args = _built(value).args
                arg = args[0].value if args and isinstance(args[0], ast.Constant) else ""
                arg = arg if isinstance(arg, str) else ""  # timm.create_model("vit_...")
                d.scoped[(id(ctx.chain[-1]), t.id)] = (built, arg)
                if t.id not in d.instances:
                    d.instances[t.id] = built  # model = Net(...): torch.compile(model) traces Net.forward (not model = wrap(model))
                    if arg:
                        d.factory_names[t.id] = arg
    if len(ctx.chain) < 3 or not isinstance(ctx.chain[-2], ast.ClassDef):
        return
    if getattr(ctx.chain[-1], "name", "") == "__init__" and call_kind(ctx.qualify(value.func) or "") == TENSOR:
        # self.mask = torch.ones(n, dtype=torch.bool): a tensor attribute, which Dynamo reads as a graph
        # input like a buffer (constructs.py "for over a bool tensor attribute, if on the element")
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
            if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self":
                ctx.state(_State).buffers.setdefault(id(ctx.chain[-2]), set()).add(t.attr)
    leaf = _container(value.func, ctx) or ""
    tail = built.rpartition(".")[2]  # the class as written: Sequential, LazyLinear
    kind = _MODULE_KINDS.get(f"torch.nn.{leaf}")
    weight = _CONTAINER_WEIGHT.get(leaf, 1)  # any other call: 1, which hides a base class's
    if leaf in _BIDIRECTIONAL and _is_true(_argument(value, "bidirectional", _BIDIRECTIONAL[leaf][1]), ctx):
        weight = _BIDIRECTIONAL[leaf][0]
    if leaf in _LAYERS_ARG:
        weight *= _layers(value, *_LAYERS_ARG[leaf])
    elif leaf == "Transformer":
        weight = (_CONTAINER_WEIGHT["TransformerEncoder"] * _layers(value, *_TRANSFORMER_LAYERS["encoder"])
                  + _CONTAINER_WEIGHT["TransformerDecoder"] * _layers(value, *_TRANSFORMER_LAYERS["decoder"]))
    elif tail == "Sequential":  # its torch.nn layers run in the call: 1 each (a Linear's 2 ATen calls)
        weight = max(1, _torch_layers(value, ctx))
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    d = ctx.state(_State)
    if tail in _CONTAINERS:  # self.layers = nn.ModuleList([Block(...) for ...])
        for t in targets:
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                d.held.setdefault(id(ctx.chain[-2]), {}).setdefault(t.attr, []).append(value)
    lazy = _lazy_init(value, ctx) if tail[:4] == "Lazy" or tail in _CONTAINERS else 0
    if lazy:
        d.attr_lazy.setdefault(id(ctx.chain[-2]), {}).update(
            (t.attr, lazy) for t in targets if type(t) is ast.Attribute and type(t.value) is ast.Name
            and t.value.id == "self")
    kinds = d.attr_kinds.setdefault(id(ctx.chain[-2]), {})
    weights = d.attr_weights.setdefault(id(ctx.chain[-2]), {})
    for t in targets:
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
            if built and not leaf:  # self.enc = Encoder(cfg): self.enc(x) runs Encoder.forward
                d.attr_class.setdefault(id(ctx.chain[-2]), {}).setdefault(t.attr, built)
            if kind is not None:
                kinds.setdefault(t.attr, kind)  # getattr(nn, name)(...) elsewhere: an RNN all the same
            weights[t.attr] = max(weight, weights.get(t.attr, 1))


def _torch_layers(call: ast.Call, ctx: Context) -> int:
    """The weight of the torch.nn modules an ``nn.Sequential(...)`` is built with (the project's own run
    in their traced forwards)."""
    if not (ctx.qualify(call.func) or "").startswith("torch.nn."):
        return 0
    # ``nn.Linear`` beside ``nn.Sequential``: the same module's, without asking (a qualify each costs)
    prefix = call.func.value.id if type(call.func) is ast.Attribute and type(call.func.value) is ast.Name else None
    weight = 0
    for item in call.args:
        if type(item) is not ast.Call:
            continue
        f = item.func
        if prefix is not None and type(f) is ast.Attribute and type(f.value) is ast.Name and f.value.id == prefix:
            weight += _CONTAINER_WEIGHT.get(f.attr, 1)
        elif (name := ctx.qualify(f) or "").startswith("torch.nn."):
            weight += _CONTAINER_WEIGHT.get(name.rpartition(".")[2], 1)
    return weight


def _lazy_init(call: ast.Call, ctx: Context) -> int:
    """The weight of the lazy initialisation a first call of the module ``call`` builds runs
    (``_LAZY_INIT``): a torch.nn lazy module's, or the sum of those an ``nn.Sequential(...)`` or
    ``nn.ModuleList([...])`` is built with (torchradio's ``nn.Sequential(nn.LazyLinear(32), nn.ReLU(), ...)``)."""
    f = call.func
    written = f.attr if type(f) is ast.Attribute else f.id if type(f) is ast.Name else ""
    if not (written[:4] == "Lazy" or written in ("Sequential", "ModuleList")):
        return 0  # asked only of what is written as one (a qualify each costs)
    name = ctx.qualify(f) or ""
    if not name.startswith("torch.nn."):
        return 0
    leaf = name.rpartition(".")[2]
    if leaf == "Sequential":
        items = call.args
    elif leaf == "ModuleList" and call.args and type(call.args[0]) in (ast.List, ast.Tuple):
        items = call.args[0].elts
    else:
        return _LAZY_INIT.get(leaf, 0)
    return sum(_lazy_init(item, ctx) for item in items if type(item) is ast.Call)


def submodule_lazy(cls: ast.ClassDef, attr: str, ctx: Context, d: _State) -> int:
    """The ``_lazy_init`` weight of a call to ``self.attr``, set in ``cls`` or an in-file base."""
    return next((c_lazy[attr] for c, _ in _class_chain(cls, ctx, d)
                 if attr in (c_lazy := d.attr_lazy.get(id(c), {}))), 0)


def _optional_instance(node: ast.Assign, value: ast.IfExp, ctx: Context) -> None:
    """``self.resizer = Resize(...) if do_resize else nn.Identity()`` in a method (ZoeDepth's
    PrepForMidas): where the branch building a class of the project's is taken, ``self.resizer(x)``
    runs that class, as after ``self.resizer = Resize(...)``; the other builds a torch module or
    holds None, whose calls run nothing of the project's. A parameter tested against None is the class
    built when it is None (polystep's ``self.solver = solver if solver is not None else SoftmaxSolver(...)``):
    the default a caller gets by passing nothing."""
    own = None
    test = value.test
    if type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) in (ast.Is, ast.IsNot) \
            and type(test.comparators[0]) is ast.Constant and test.comparators[0].value is None:
        test = test.left
    for v in (value.body, value.orelse):
        if type(v) is ast.Constant and v.value is None or type(v) is ast.Name and type(test) is ast.Name \
                and v.id == test.id and v.id in _param_names(ctx.chain[-1]):
            continue
        if type(v) is not ast.Call or not (built := dotted(_built(v).func)):
            return
        if not (ctx.qualify(_built(v).func) or "").startswith("torch."):
            if own is not None:
                return  # two classes of the project's: which one runs is not known
            own = built
    if own is not None:
        for t in node.targets if type(node) is ast.Assign else ():
            if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self":
                ctx.state(_State).attr_class.setdefault(id(ctx.chain[-2]), {}).setdefault(t.attr, own)


class _InitBindings:
    """Per ``__init__``: the values its own statements assign to each local name (``_tensor_arithmetic``)."""

    __slots__ = ("by_fn",)

    def __init__(self) -> None:
        self.by_fn: dict[int, dict[str, list[ast.AST]]] = {}


def _operand_names(e: ast.AST) -> list[str]:
    """The names arithmetic is made of (``2 ** L_rnd``: ``L_rnd``), not those inside a call or an attribute."""
    t = type(e)
    if t is ast.BinOp:
        return _operand_names(e.left) + _operand_names(e.right)
    if t is ast.UnaryOp:
        return _operand_names(e.operand)
    return [e.id] if t is ast.Name else []


def _tensor_arithmetic(node: ast.AST, value: ast.BinOp, ctx: Context) -> None:
    """``self.sizes = 2 ** rnd`` in ``__init__``, ``rnd`` a tensor there (df0-pitch's ``self.N_pow2 =
    2**L_rnd``, ``L_rnd = torch.arange(...).type(torch.int)``): a tensor attribute, as ``self.mask =
    torch.ones(n)`` is, which Dynamo reads as a graph input like a buffer."""
    fn = ctx.chain[-1]
    names = _operand_names(value)
    if not names:
        return
    # only arithmetic on a local that a statement of ``__init__``'s own binds to a torch call's result (most
    # are numbers: ``head_dim ** -0.5``), so that the kinds of ``__init__`` are read for few
    cache = ctx.state(_InitBindings).by_fn
    bound = cache.get(id(fn))
    if bound is None:
        bound = cache[id(fn)] = {}
        for b in fn.body:
            if type(b) is ast.Assign and len(b.targets) == 1 and type(b.targets[0]) is ast.Name:
                bound.setdefault(b.targets[0].id, []).append(b.value)
    if not any(type(c) is ast.Call and (ctx.qualify(c.func) or "").startswith("torch.")
               for n in names for v in bound.get(n, ()) for c in all_nodes(v)):
        return
    if scope_kinds(ctx, ctx.chain).of(value) != TENSOR:
        return
    for t in node.targets if type(node) is ast.Assign else (node.target,):
        if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self":
            ctx.state(_State).buffers.setdefault(id(ctx.chain[-2]), set()).add(t.attr)


def _stored_local(node: ast.Assign, name: str, ctx: Context) -> None:
    """``group = SE3(); self.group = group`` in a method (LieTransformer's ``__init__``): the class
    the method's local ``name`` is built from, as ``self.group = SE3()`` would give it, where every
    binding of it there builds that class; not a parameter (what a caller passes in is not known)."""
    d = ctx.state(_State)
    fn = ctx.chain[-1]
    if _tensor_parameter(name, fn) and not _binding_values(name, fn, d):
        # update(self, ns_mesh: torch.Tensor | None = None): self.ns_mesh = ns_mesh (torch-pme)
        for t in node.targets:
            if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self":
                d.stored_tensors.setdefault(id(ctx.chain[-2]), set()).add(t.attr)
        return
    built = d.scoped.get((id(fn), name))
    if built is None or name in _param_names(fn) or not all(
            type(v) is ast.Call and dotted(_built(v).func) == built[0] for v in _binding_values(name, fn, d)):
        return
    for t in node.targets:
        if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self":
            d.attr_class.setdefault(id(ctx.chain[-2]), {}).setdefault(t.attr, built[0])


def _tensor_parameter(name: str, fn: ast.AST) -> bool:
    """``name`` is a parameter of ``fn`` annotated as a tensor (``ns_mesh: torch.Tensor | None``)."""
    args = getattr(fn, "args", None)
    return args is not None and any(a.arg == name and a.annotation is not None and _is_tensor_annotation(a.annotation)
                                    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs))


def _declared(node: ast.AnnAssign, ctx: Context) -> None:
    """``self.kv_cache: KVCache | None = None`` in a method (litgpt): the class the attribute is
    declared to hold, for ``self.kv_cache(...)`` where no ``self.kv_cache = Cls(...)`` says it."""
    t = node.target
    if not (type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self"
            and len(ctx.chain) >= 3 and type(ctx.chain[-2]) is ast.ClassDef):
        return
    name = _class_text(node.annotation)
    if name and not (ctx.qualify(_annotated_class(node.annotation)) or "").startswith(
            ("torch.", "typing.", "numpy.")):  # a tensor, a generic Module: no class of the project
        ctx.state(_State).attr_declared.setdefault(id(ctx.chain[-2]), {}).setdefault(t.attr, name)


def _annotated_class(ann: ast.AST | None) -> ast.AST | None:
    """The one class an annotation names: ``Cls``, ``mod.Cls``, ``"Cls"``, ``Cls | None``,
    ``Optional[Cls]``, ``Union[Cls, None]``; None for anything else."""
    classes = _annotated_classes(ann)
    return classes[0] if len(classes) == 1 else None


def _annotated_classes(ann: ast.AST | None) -> list[ast.AST]:
    """The classes an annotation names, ``None`` left out: ``Cls``, ``"Cls"``, ``Optional[Cls]``,
    ``A | B``, ``Union[A, B, None]``; [] where a part is anything else (``list[A] | B``)."""
    if type(ann) is ast.Constant and isinstance(ann.value, str):
        try:
            ann = ast.parse(ann.value, mode="eval").body
        except (SyntaxError, ValueError):  # ValueError: a NUL in the string
            return []
    if type(ann) is ast.BinOp and type(ann.op) is ast.BitOr:
        parts = [ann.left, ann.right]
    elif type(ann) is ast.Subscript and dotted(ann.value).rpartition(".")[2] in ("Optional", "Union"):
        parts = list(ann.slice.elts) if type(ann.slice) is ast.Tuple else [ann.slice]
    else:
        return [ann] if type(ann) in (ast.Name, ast.Attribute) else []
    out: list[ast.AST] = []
    for part in parts:
        if not (type(part) is ast.Constant and part.value is None):
            classes = _annotated_classes(part)
            if not classes:
                return []
            out += classes
    return out


_CONTAINERS = frozenset({"ModuleList", "Sequential", "ModuleDict"})
_NOT_CLASSES = frozenset({"range", "zip", "enumerate", "list", "dict", "tuple", "len", "int", "reversed",
                          "sorted", "getattr", "isinstance", "min", "max", "super", "str", "OrderedDict"})


def _built_classes(expr: ast.AST) -> list[str]:
    """Classes called inside a container's construction (``nn.ModuleList([Block(d) for _ in
    range(n)])``, ``nn.Sequential(Conv(...), Act())``), as written, in source order; torch's
    own modules and builtins left out."""
    out = []
    for node in all_nodes(expr):
        if isinstance(node, ast.Call):
            text = dotted(node.func)
            root, _, leaf = text.rpartition(".")
            if text and text not in _NOT_CLASSES and (leaf or root) not in _CONTAINERS \
                    and root.partition(".")[0] not in ("nn", "torch", "F", "self") and text not in out:
                out.append(text)
    return out


def _held(cls: ast.ClassDef, attr: str, d: _State) -> list[str]:
    """Classes the container ``self.attr`` of ``cls`` (or an in-file base) holds, as written."""
    for c, _ in _lineage(cls, d):
        found = d.held.get(id(c), {}).get(attr)
        if found:
            key = (id(c), attr)
            if key not in d.held_names:  # the classes, read from the expressions when first asked
                names: list[str] = []
                for expr in found:
                    names += [n for n in _built_classes(expr) if n not in names]
                d.held_names[key] = names
            return d.held_names[key]
    return []


def _holds_rnns(cls: ast.ClassDef, attr: str, ctx: Context, d: _State) -> bool:
    """Every module the list ``self.attr`` of ``cls`` (or an in-file base) is filled with is an
    nn.LSTM/GRU/RNN: dnc's ``self.rnns.append(nn.LSTM(...))`` per layer, of one kind or another by its
    configuration."""
    found = next((h for c, _ in _lineage(cls, d) if (h := d.held.get(id(c), {}).get(attr))), None)
    return bool(found) and all(type(v) is ast.Call and ctx.names.qualify(v.func, (ctx.tree,)) in _RNN_MODULES
                               for v in found)


def _held_calls(fn: ast.AST, cls: ast.ClassDef | None, d: _State) -> list[tuple[str, ast.Call]]:
    """(class as written, call) for calls of modules held in containers: ``self.convs[i](x)``,
    ``self.seq(x)``, and ``layer(x)`` in ``for layer in self.layers`` (also through
    ``enumerate`` and ``zip``, and ``for attn, ff in self.layers`` over pairs)."""
    if cls is None or not d.held:
        return []
    found = d.held_calls.get(id(fn))
    if found is None:
        found = d.held_calls[id(fn)] = _find_held_calls(fn, cls, d)
    return found


def _find_held_calls(fn: ast.AST, cls: ast.ClassDef, d: _State) -> list[tuple[str, ast.Call]]:
    attrs = {a for c, _ in _lineage(cls, d) for a in d.held.get(id(c), ())}
    if not attrs:
        return []
    body = _body(fn, d)
    loop_vars: dict[str, list[str]] = {}
    for node in body.binders:
        if not isinstance(node, (ast.For, ast.AsyncFor)):
            continue
        it, target = node.iter, node.target
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate" and it.args \
                and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            it, target = it.args[0], target.elts[1]
        pairs = [(it, target)]
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "zip" \
                and isinstance(target, ast.Tuple) and len(target.elts) == len(it.args):
            pairs = list(zip(it.args, target.elts))
        for source, name in pairs:
            if not (isinstance(source, ast.Attribute) and source.attr in attrs
                    and isinstance(source.value, ast.Name) and source.value.id == "self"):
                continue
            held = _held(cls, source.attr, d)
            if isinstance(name, ast.Name):
                loop_vars[name.id] = held
            elif isinstance(name, ast.Tuple) and all(isinstance(e, ast.Name) for e in name.elts):
                for i, e in enumerate(name.elts):  # pairs of modules: positionally when the counts agree
                    loop_vars[e.id] = [held[i]] if len(held) == len(name.elts) else held
    out = []
    for call in body.calls:
        f = call.func
        names: list[str] = []
        if isinstance(f, ast.Name):
            names = loop_vars.get(f.id, [])
        elif isinstance(f, ast.Subscript) and isinstance(f.value, ast.Attribute) and f.value.attr in attrs \
                and isinstance(f.value.value, ast.Name) and f.value.value.id == "self":
            names = _held(cls, f.value.attr, d)
        elif isinstance(f, ast.Attribute) and f.attr in attrs and isinstance(f.value, ast.Name) \
                and f.value.id == "self" and _method_of(cls, f.attr, d) is None:
            names = _held(cls, f.attr, d)  # self.seq(x): every module it holds
        out += [(n, call) for n in names]
    return out


def _container(func: ast.AST, ctx: Context) -> str | None:
    """``LSTM`` for ``nn.LSTM(...)`` (or ``getattr(nn, "LSTM")``): a torch.nn class we know."""
    leaf = _CONTAINER_NAMES.get(ctx.qualify(func))
    return leaf if leaf is not None else _getattr_name(func, ctx)


def _is_true(arg: ast.AST | None, ctx: Context) -> bool:
    """``True``, or a parameter of the method defaulting to ``True`` (timm's sequencer builds its
    ``nn.LSTM(..., bidirectional=bidirectional)`` in an ``__init__`` whose default is ``True``)."""
    arg = _or_default(arg, ctx)
    return isinstance(arg, ast.Constant) and arg.value is True


def _or_default(e: ast.AST | None, ctx: Context) -> ast.AST | None:
    """``e``, or the default of the enclosing function's parameter that ``e`` names."""
    if isinstance(e, ast.Name) and isinstance(ctx.chain[-1], _FUNCS):
        return parameter_defaults(ctx.chain[-1].args).get(e.id, e)
    return e


def _layers(call: ast.Call, name: str, position: int, default: int | None) -> int:
    arg = _argument(call, name, position)
    if arg is None:
        return default or _UNKNOWN_LAYERS
    if isinstance(arg, ast.Constant) and isinstance(arg.value, int) and arg.value > 0:
        return arg.value
    return _UNKNOWN_LAYERS


def _getattr_name(func: ast.AST, ctx: Context) -> str | None:
    """``getattr(nn, cell)`` where ``cell`` is a parameter of the method defaulting to
    "LSTM"/"GRU"/"RNN" (or is such a string): the class built by default."""
    if not (isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "getattr"
            and len(func.args) >= 2 and ctx.qualify(func.args[0]) == "torch.nn"):
        return None
    name = _or_default(func.args[1], ctx)
    if isinstance(name, ast.Constant) and name.value in _CONTAINER_WEIGHT:
        return name.value
    return None


_FIELD = re.compile(r"\{[^{}]*\}")


def _name_template(e: ast.AST) -> str | None:
    """An attribute name as written: a string, or the template of one formatted at run time
    (``f"indices_{s}"`` and ``"indices_{}".format(s)`` are both ``indices_{}``)."""
    if type(e) is ast.Constant:
        return e.value if isinstance(e.value, str) else None
    if type(e) is ast.JoinedStr:
        parts = []
        for v in e.values:
            if type(v) is ast.Constant and isinstance(v.value, str):
                parts.append(v.value.replace("{", "").replace("}", ""))
            else:
                parts.append("{}")
        return "".join(parts)
    if (type(e) is ast.Call and type(e.func) is ast.Attribute and e.func.attr == "format"
            and type(e.func.value) is ast.Constant and isinstance(e.func.value.value, str)):
        return _FIELD.sub("{}", e.func.value.value)
    return None


@on(ast.Call)
def _call(node: ast.Call, ctx: Context) -> None:
    # it runs for every call of every file: one type read per test (ast's node types have no
    # subclasses), the file's state fetched once
    f = node.func
    ftype = type(f)
    chain = ctx.chain
    args, keywords = node.args, node.keywords
    d = None
    if args or keywords:  # for _passed
        name = f.id if ftype is ast.Name else f.attr if ftype is ast.Attribute else ""
        if name:
            d = ctx.state(_State)
            d.calls_by_name.setdefault(name, []).append(node)
            if keywords:  # the file's keywords are read from these alone (_set_anywhere, _on_flags)
                d.keyword_calls.append(node)
            caller = chain[-1] if chain else None
            if type(caller) in _FUNC_TYPES and (caller.args.defaults or caller.args.kw_defaults):
                off = d.off_params.get(id(caller))
                if off is None:
                    off = d.off_params[id(caller)] = frozenset(
                        k for k, v in parameter_defaults(caller.args).items() if type(v) is ast.Constant and v.value in _FALSY)
                if off:  # two loops, not a generator expression made for every call
                    for v in args:
                        if type(v) is ast.Name and v.id in off:
                            d.forwarded[id(v)] = caller
                    for k in keywords:
                        v = k.value
                        if k.arg and type(v) is ast.Name and v.id in off:
                            d.forwarded[id(v)] = caller
    init = _init_of(chain) if len(chain) > 2 else None
    if init is not None:
        if d is None:
            d = ctx.state(_State)
        if (ftype is ast.Attribute and f.attr == "register_buffer" and len(args) > 1
                and type(f.value) is ast.Name and f.value.id == "self"
                and not (type(args[1]) is ast.Constant and args[1].value is None)):
            # a tensor attribute; a name formatted at run time (e2cnn's ``register_buffer(f"indices_{s}", ...)``)
            # is kept as its template (``indices_{}``), which ``getattr(self, f"indices_{s}")`` reads back
            named = _name_template(args[0])
            if named is not None:
                d.buffers.setdefault(id(init), set()).add(named)
        # Block(cfg), build(Block, cfg), Layer(core_op=DCN) in __init__: a submodule class
        named = d.named.setdefault(id(init), {})
        for item in (f, *args, *[k.value for k in keywords]):
            text = dotted(item) if type(item) in _NAME_TYPES else ""
            if text and text != init.name and not text.startswith("self."):
                named.setdefault(text, item)
        if (ftype is ast.Attribute and f.attr in ("append", "extend", "add_module")
                and type(f.value) is ast.Attribute and type(f.value.value) is ast.Name
                and f.value.value.id == "self"):  # self.layers.append(Block(...)) in __init__
            d.held.setdefault(id(init), {}).setdefault(f.value.attr, []).extend(args)
    if ftype is ast.Attribute:
        # super().__init__(...) in a method: the layer counts of an nn.Transformer subclass
        if (f.attr == "__init__" and type(f.value) is ast.Call
                and type(f.value.func) is ast.Name and f.value.func.id == "super"
                and len(chain) >= 3 and type(chain[-2]) is ast.ClassDef):
            ctx.state(_State).super_init.setdefault(id(chain[-2]), node)
            return
    if args and type(args[0]) in _COMPILED_TYPES and ctx.qualify(f) == "torch.compile":
        d = ctx.state(_State)
        d.compiled.append(args[0])  # resolved to a function in the finalizer
        d.compile_scope[id(args[0])] = id(chain[-1])
        _note_narrowing(args[0], chain[-1], d)
        if type(args[0]) is ast.Name:
            _note_compiler(args[0], chain, ctx, d)
        parent = ctx.parent
        held = _wrapper_held(parent, node, args[0], chain)
        if held is not None:
            d.wrappers.append((*held, args[0]))
        elif (type(parent) is ast.Assign and parent.value is node and len(parent.targets) == 1
              and type(args[0]) is ast.Attribute and args[0].attr == "forward"
              and type(parent.targets[0]) is ast.Attribute and parent.targets[0].attr == "forward"
              and same_tree(parent.targets[0].value, args[0].value)):
            d.in_place[id(args[0])] = "forward"  # m.forward = torch.compile(m.forward): every call of it compiled
        item = args[0]
        if (type(item) is ast.Attribute and type(item.value) is ast.Name and item.value.id == "self"
                and len(chain) >= 3 and type(chain[-2]) is ast.ClassDef and type(chain[-1]) in _FUNC_TYPES
                and chain[-1].args.args and chain[-1].args.args[0].arg == "self"):
            d.compiled_self[id(item)] = chain[-2]  # torch.compile(self.training_forward)
        if _fullgraph(node):
            d.fullgraph.add(id(args[0]))
    elif (ftype is ast.Attribute and f.attr in _RETURNS_SELF and type(f.value) is ast.Call
          and type(ctx.parent) is ast.Assign and (inner := _compile_call(f.value)).args
          and type(inner.args[0]) in _COMPILED_TYPES and ctx.qualify(inner.func) == "torch.compile"
          and (held := _wrapper_held(ctx.parent, node, inner.args[0], chain)) is not None):
        # X = torch.compile(Y).eval(), .to(d).eval(): nn.Module's eval/to/... return self, here the wrapper (measured)
        ctx.state(_State).wrappers.append((*held, inner.args[0]))
    elif ftype is ast.Attribute and f.attr == "compile" and not args and (
            type(f.value) is ast.Name and ctx.qualify(f) is None
            or _self_attr(f.value) and len(chain) >= 3 and type(chain[-2]) is ast.ClassDef):
        d = ctx.state(_State)
        d.compiled.append(f.value)  # model.compile(): resolved like torch.compile(model)
        d.compile_scope[id(f.value)] = id(chain[-1])
        _note_narrowing(f.value, chain[-1], d)
        d.in_place[id(f.value)] = "module"
        if type(f.value) is ast.Attribute:  # self.model.compile(): the module the attribute holds
            d.compiled_self[id(f.value)] = chain[-2]


_FUNC_TYPES = frozenset(_FUNCS)


def _wrapper_held(parent: ast.AST, value: ast.AST, item: ast.AST, chain) -> tuple[str, ast.Assign, ast.AST] | None:
    """What holds torch.compile's wrapper of ``item`` when ``parent`` assigns ``value`` (the compile,
    or its ``.eval()``), the assignment, and where its calls are looked for: a name, in its function
    (``item`` not an attribute); ``self.x``, in the class's methods, of a module built there or of
    ``self.x`` itself (``self.model = torch.compile(self.model)``); else None."""
    if not (type(parent) is ast.Assign and parent.value is value and len(parent.targets) == 1):
        return None
    target = parent.targets[0]
    if type(target) is ast.Name and type(item) is not ast.Attribute:
        return target.id, parent, chain[-1]
    if (_self_attr(target) and len(chain) >= 3 and type(chain[-2]) is ast.ClassDef
            and (type(item) is ast.Call or _self_attr(item) == target.attr)):
        return f"self.{target.attr}", parent, chain[-2]
    return None


# nn.Module's methods that return the module itself: on torch.compile's wrapper, the wrapper
# (constructs.py --wrapper-calls: torch.compile(m).eval() and .to("cpu") are OptimizedModules)
_RETURNS_SELF = frozenset({"eval", "train", "to", "cuda", "cpu", "half", "float", "double", "bfloat16",
                           "requires_grad_"})
_NAME_TYPES = frozenset((ast.Name, ast.Attribute))
# a model wrapped for data parallelism, whose ``.module`` is the model it was given (not the
# functional ``data_parallel``, which returns outputs)
_DATA_PARALLEL_WRAPPERS = DATA_PARALLEL - {"torch.nn.parallel.data_parallel"} | {
    "torch.nn.parallel.DistributedDataParallel", "torch.nn.parallel.distributed.DistributedDataParallel"}
_COMPILED_TYPES = frozenset((ast.Name, ast.Call, ast.Attribute))


# -- which functions are traced ----------------------------------------------------------------

def _qualname(chain: tuple) -> str:
    """A function's name as Python's ``__qualname__`` spells it: ``f``, ``Cls.f``, and for a
    function defined in another, ``Cls.m.<locals>.f`` (two helpers named ``f_`` nested in two
    methods of one file are two functions)."""
    outer = [f"{n.name}.<locals>" if isinstance(n, _FUNCS) else n.name
             for n in chain[1:-1] if isinstance(n, (*_FUNCS, ast.ClassDef))]
    return ".".join([*outer, chain[-1].name])


@dataclass
class Traced:
    node: ast.AST
    name: str
    why: str
    cls: ast.ClassDef | None
    chain: tuple
    origin: str = ""  # "path:function" of the traced code in another file that reaches it


def _is_module_class(cls: ast.ClassDef, ctx: Context, d: _State, seen: set[int] | None = None) -> bool:
    """A class with a ``forward`` that derives from nn.Module (or a base we cannot see)."""
    seen = seen or set()
    if id(cls) in seen or not cls.bases:
        return False
    seen.add(id(cls))
    for base in cls.bases:
        name = ctx.names.qualify(base, (ctx.tree,))
        if name is not None:
            if name.startswith(_MODULE_BASES):
                return True
            if name in _NOT_MODULE_BASES or name.startswith(_NOT_MODULE_PACKAGES):
                continue
            return True  # an imported class: a project module class (it defines forward)
        if isinstance(base, ast.Name) and base.id in d.classes:
            if _is_module_class(d.classes[base.id], ctx, d, seen) or _has_forward(d.classes[base.id]):
                return True
            continue
        if isinstance(base, (ast.Name, ast.Attribute)) and not (isinstance(base, ast.Name) and base.id == "object"):
            return True  # a base bound some other way (star import, assignment): give it the benefit
    return False


def _is_autograd_function(cls: ast.ClassDef | None, d: _State) -> bool:
    """A subclass of ``torch.autograd.Function`` (its base written ``Function``, ``autograd.Function``
    or ``torch.autograd.Function``, or a class of the file that is one)."""
    return cls is not None and any(autograd_function_base(dotted(b)) for c, _ in _lineage(cls, d) for b in c.bases)


def _has_forward(cls: ast.ClassDef) -> bool:
    return any(isinstance(s, _FUNCS) and s.name == "forward" for s in cls.body)


def _methods(cls: ast.ClassDef) -> dict[str, ast.AST]:
    return {s.name: s for s in cls.body if isinstance(s, _FUNCS)}


def _lineage(cls: ast.ClassDef, d: _State) -> list[tuple[ast.ClassDef, dict[str, ast.AST]]]:
    """``cls`` and its in-file bases, nearest first (breadth first), each with its methods;
    asked after the walk, when every class of the file is known."""
    found = d.lineages.get(id(cls))
    if found is None:
        found = d.lineages[id(cls)] = _bases_walked(cls, d.classes)
    return found


def _bases_walked(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> list[tuple[ast.ClassDef, dict[str, ast.AST]]]:
    found, todo, seen = [], [cls], set()  # apart from _lineage: its closure cell was made at every call, most of them hits
    while todo:
        c = todo.pop(0)
        if id(c) in seen:
            continue
        seen.add(id(c))
        found.append((c, _methods(c)))
        todo.extend(classes[b.id] for b in c.bases if isinstance(b, ast.Name) and b.id in classes)
    return found


def _in_file_base(cls: ast.ClassDef, d: _State) -> bool:
    """``cls`` names a class of this file as a base."""
    return any(base.id in d.classes for base in cls.bases if type(base) is ast.Name)


def _method_of(cls: ast.ClassDef, name: str, d: _State) -> tuple[ast.AST, ast.ClassDef] | None:
    """``self.name`` in a method of ``cls``: the method in cls or an in-file base class."""
    for c, methods in _lineage(cls, d):
        m = methods.get(name)
        if m is not None:
            return m, c
    return None


def traced_functions(ctx: Context) -> dict[int, Traced]:
    """Functions of this file that torch.compile would trace, by node id (cached per file)."""
    d = ctx.state(_State)
    if d.traced is not None:
        return d.traced
    out: dict[int, Traced] = {}
    todo: list[tuple[ast.AST, str, str]] = []
    d.function_tables = _function_tables(ctx.tree)
    d.setters = {} if ".setter" in ctx.src.text else None  # most files define no property setter
    d.script_lines = _script_lines(ctx.tree)
    _validated_models(ctx, d)  # pydantic models of this file: building one runs its validators (_find_callees)
    # a test or data-pipeline file: its modules are no model code (transforms run in the data
    # loader) and a test's own torch.compile no entry of the project, but what the project
    # compiles there from another file, or names as an entry and reaches from it, is traced all
    # the same (torch-audiomentations' transforms named as entries)
    host = host_side_file(ctx.src.path)
    named = bool(ctx.options is not None and ctx.options.entries)
    # reached from another file (project/model.py): popped last, so the file's own reasons win
    for path, name, origin in ctx.options.traced_roots if ctx.options is not None else ():
        if host and not named and not origin.startswith((COMPILED_AT, COMPILE_ENTRY)):
            continue
        if path == ctx.src.path and not origin.startswith((TENSOR_ARGS, GIVEN_ARGS, OPTIONAL_DICT, VALIDATED, REBUILT,
                                                             OWN_METHOD, CLOSURE_ARGS, WRAPPER_CALL, ON_WRAPPER, IN_PLACE,
                                                             UNINITIALISED)):
            fn = _named_function(name, d)
            if fn is not None:
                todo.append((fn, _why_reached(origin), "" if origin.startswith((COMPILED_AT, COMPILE_ENTRY))
                             else origin))
    library = ctx.options is not None and ctx.options.library  # an installed package: only what is reached
    # a forward that calls torch.compile itself is the project's compile machinery, not a model a user
    # compiles (mir-group/nequip's CompileGraphModel.forward compiles a make_fx graph on its first call)
    compiling = set(d.compile_scope.values())
    for cls in () if library or host else d.classes.values():
        methods = _methods(cls)
        fwd = methods.get("forward")
        if fwd is not None and id(fwd) not in compiling and _is_module_class(cls, ctx, d):
            todo.append((fwd, "forward of an nn.Module", ""))
            if "__call__" in methods:  # a module's own __call__ (PyG's Aggregation) runs before forward
                todo.append((methods["__call__"], "__call__ of an nn.Module", ""))
    elsewhere, targets = [], []
    if d.compilers and not (library or host):
        _compile_handed_here(d, ctx.tree)
    for item in () if library or host else d.compiled:  # a test's own torch.compile: no entry of the project
        if d.in_place.get(id(item)) == "module" and not _module_compile(item, d) or id(item) in d.compiled_params:
            continue
        owner = d.compiled_self.get(id(item))
        if owner is not None and _held_class(item, d) is None:  # torch.compile(self.m) in a method: the m self runs, its class's (unless it
            # only raises) or an override of a subclass (this file's here, other files' by the project model)
            targets.append((f"self:{owner.name}", "", item.attr, item.lineno))
            found = _method_of(owner, item.attr, d)
            if found is None:  # a base's of another file (the project model), or a module held: unresolved here
                elsewhere.append(item.lineno)
            for fn in ([*([] if _abstract(found[0]) else [found[0]]), *_overrides_here(found[1], item.attr, d)]
                       if found else ()):
                todo.append((fn, "compiled with torch.compile", ""))
                if id(item) in d.fullgraph:
                    d.fullgraph.add(id(fn))
            continue
        fn = _compiled_function(item, d)
        narrowed = d.narrowed.get(id(item))
        if fn is not None or narrowed and _instance(item, item.id, d)[0]:
            narrowed = None  # a name bound to a model built in the scope: that model's class
        if narrowed:  # the forward of each class the isinstance test names
            kind = d.in_place.get(id(item))
            for name in narrowed:
                cls = d.classes.get(name)
                found = _method_of(cls, "forward", d) if cls is not None else None
                if found is not None:
                    todo.append((found[0], "compiled with torch.compile", ""))
                    continue
                elsewhere.append(item.lineno)
                targets.append((f"{IN_PLACE_OF}{kind}:{name}" if kind else name, "", "forward", item.lineno))
        elif fn is not None:
            todo.append((fn, "compiled with torch.compile", ""))
            if id(item) in d.fullgraph:
                d.fullgraph.add(id(fn))
        else:
            kind = d.in_place.get(id(item))
            if not (kind == "module" and type(item) is ast.Attribute):  # self.x.compile(): only where the
                elsewhere.append(item.lineno)  # project model finds the class; else a model from a factory or another module
            target = _compiled_target(item, d)
            if target is not None:
                if kind != "module":  # model.compile(): the project model reads its row alone (its class may define compile)
                    targets.append((*target, item.lineno))
                if kind is not None:  # for the project model to tell the forward's file (_grown_by)
                    targets.append((f"{IN_PLACE_OF}{kind}:{target[0]}", *target[1:], item.lineno))
    for call, assign, _, judged, method in () if library or host else _wrapper_calls(d, ctx.qualify):
        if judged is None:  # a class of another file: the project model resolves the method (_wrapper_roots)
            target = _compiled_target(_wrapped(assign), d)
            if target is not None:
                targets.append((f"{WRAPPER_OF}{target[0]}", target[1], method, call.lineno))
    product = ctx.state(TracedCode)
    product.compiled_elsewhere = tuple(sorted(set(elsewhere)))
    product.compiled_targets = tuple(targets)
    product.compilers = tuple((name, *found) for name, found in d.compilers.items())
    for spec in ctx.options.entries if ctx.options is not None and not library else ():
        fn = _entry_function(spec, ctx.src.path, d)
        if fn is not None:
            todo.append((fn, f"{COMPILE_ENTRY}{spec}", ""))
            continue
        owner, _, method = (entry_matches(spec, ctx.src.path) or "").rpartition(".")
        if owner in d.classes and d.classes[owner].bases or owner.isidentifier() and owner not in d.classes:
            # a method a base of another file defines (pomegranate's DenseHMM.fit, _BaseHMM's), or of a class
            # the module imports (a package's re-export, swarmtorch.physics.model_training:SA.step): the
            # project model finds it (Summary.compiled)
            line = d.classes[owner].lineno if owner in d.classes else 1
            product.compiled_targets += ((f"{ENTRY_OF}{owner}", spec, method, line),)
    later: list[tuple[ast.AST, str, str]] = []  # callees: after every root, so a root keeps its own reason
    scipy = d.scipy_text = "scipy" in ctx.src.text
    while todo or later:
        fn, why, origin = todo.pop() if todo else later.pop()
        if id(fn) in out or id(fn) in d.disabled:
            continue
        cls = d.owner.get(id(fn))
        chain = d.chains.get(id(fn), (ctx.tree, fn))
        name = d.wrapper_names.get(id(fn)) or (f"{cls.name}.{fn.name}" if cls else _qualname(chain))
        out[id(fn)] = Traced(fn, name, why, cls, chain, origin)
        for dec in fn.decorator_list:  # @memoize / @cached(name=...) of this file: its wrapper runs first
            target = dec.func if type(dec) is ast.Call else dec
            for wrapper, node in wrappers(d.functions, target.id) if type(target) is ast.Name else ():
                d.wrapper_names[id(node)] = wrapper
                if id(node) not in out:
                    later.append((node, f"wraps {name}", origin))
        for callee, _ in _callees(fn, cls, d):
            if id(fn) in d.fullgraph:  # what a fullgraph=True compile traces is traced whole
                d.fullgraph.add(id(callee))
            if id(callee) not in out:
                later.append((callee, f"called from {name}", origin))
        if scipy:
            for callee, call in _handed_to_scipy(fn, chain, ctx, d):
                if id(callee) not in out:
                    later.append((callee, f"handed to `{_short(ctx, call.func)}` in {name}, which calls it: "
                                  "a frame Dynamo compiles", origin))
    d.traced = out
    return out


def _handed_to_scipy(fn: ast.AST, chain: tuple, ctx: Context, d: _State) -> list[tuple[ast.AST, ast.Call]]:
    """The functions of the file (a nested def, a module-level one) that ``fn`` hands to a SciPy
    function, as they are or called in a lambda's body: Dynamo does not trace SciPy, which runs
    eagerly and calls them, each a frame Dynamo compiles (measured: torchmd's ``minimize_bfgs``,
    whose ``evalfunc`` handed to ``scipy.optimize.minimize`` breaks at its ``print``; compboost's
    ``calc_df`` called in the lambda handed to ``minimize_scalar`` breaks at its ``.item()``)."""
    body = _body(fn, d)
    local_defs = {s.name: s for s in body.defs}
    out = []
    for call in body.calls:
        if not (ctx.names.qualify(call.func, chain) or "").startswith("scipy."):
            continue
        for arg in (*call.args, *(k.value for k in call.keywords)):
            names = [arg] if type(arg) is ast.Name else (
                [n.func for n in all_nodes(arg.body) if type(n) is ast.Call and type(n.func) is ast.Name]
                if type(arg) is ast.Lambda else [])
            for n in names:
                target = local_defs.get(n.id) or (d.functions.get(n.id) if ctx.names.binding_scope(n.id, chain)
                                                  is ctx.names.module else None)
                if target is not None and target is not fn:
                    out.append((target, call))
    return out


# nn.Module's own API, which the wrapper hands back too but which runs no forward
_MODULE_API = frozenset({"eval", "train", "to", "cuda", "cpu", "half", "float", "double", "bfloat16",
                         "parameters", "named_parameters", "buffers", "named_buffers", "children",
                         "named_children", "modules", "named_modules", "state_dict", "load_state_dict",
                         "zero_grad", "apply", "register_buffer", "register_parameter", "add_module",
                         "requires_grad_", "register_forward_hook", "register_forward_pre_hook",
                         "get_submodule", "get_parameter", "get_buffer", "extra_repr", "type", "share_memory",
                         "to_empty", "compile", "forward", "__call__"})


def _wrapper_calls(d: _State, qualify) -> list[tuple[ast.Call, ast.Assign, bool, tuple[str, str] | None, str]]:
    """NM127's calls ``X.m(...)`` on ``X = torch.compile(Y)`` (``d.wrappers``) later in the same
    scope, ``X`` not bound to anything else between them, ``Y`` a model (not a function), ``m``
    not nn.Module's own API: (call, the assignment, whether it is under a condition (nanoGPT's
    ``if compile:``), when this file defines ``Y``'s class and its ``m`` (or an in-file base's)
    calls the module itself how it does (``runs_forward``) and ``Cls.m``, else None, ``m``): None for a
    class of another file, or one of this file without ``m`` whose bases are not all of this file
    (the project model finds ``m`` on a base of another file, ``_wrapper_roots``). A class of this
    file whose ``m`` runs no forward, or that has no ``m`` and only bases of this file, gives nothing."""
    out = d.wrapper_calls
    for name, assign, scope, item in d.wrappers:
        if type(item) is ast.Name and item.id in d.functions:
            continue  # a function compiled: its own calls are the compiled ones
        held = type(scope) is ast.ClassDef
        conditional, calls = (_held_wrapper_calls(name, assign, scope) if held
                              else _local_wrapper_calls(name, assign, scope, qualify))
        cls_name = ""
        for n in calls:
            if n.func.attr in _MODULE_API or n.func.attr.startswith("__"):
                continue
            if not cls_name:
                cls_name = (item.func.id if type(item) is ast.Call and type(item.func) is ast.Name
                            else _instance(item, item.id, d)[0] if type(item) is ast.Name
                            else _held_class(item, d) if held else "") or "?"
                owner, _, constructor = cls_name.rpartition(".")
                if constructor.startswith("from_"):  # GPT.from_pretrained(...): an alternative constructor
                    cls_name = owner
            cls = d.classes.get(cls_name)
            if cls is None:
                if cls_name != "?" and cls_name.partition(".")[0] not in d.functions:
                    out.append((n, assign, conditional, None, n.func.attr))
                continue
            found = _method_of(cls, n.func.attr, d)
            if found is None and any(not (type(b) is ast.Name and b.id in d.classes)
                                     for c, _ in _lineage(cls, d) for b in c.bases):
                out.append((n, assign, conditional, None, n.func.attr))  # a base of another file may define it
                continue
            kind = runs_forward(found[0]) if found is not None else ""
            if kind:
                out.append((n, assign, conditional, (kind, f"{found[1].name}.{n.func.attr}"), n.func.attr))
    return out


def _local_wrapper_calls(name: str, assign: ast.Assign, scope: ast.AST, qualify) -> tuple[bool, list[ast.Call]]:
    """For ``name = torch.compile(...)`` in ``scope``: whether it is under a condition, and the calls
    ``x.m(...)`` after it in the scope on a name ``x`` that holds the wrapper there: ``name``, or a name
    bound to it or to its DDP's ``.module`` (karpathy/llm.c's ``raw_model = model.module if ddp else
    model``), until bound to anything else. After ``name = DDP(name, ...)`` its ``.module`` is the
    wrapper, and under an ``if`` of its own (``if ddp:``) so is ``name`` where the ``if`` is not taken."""
    holding, parallel, bound, calls = {name}, set(), {id(assign.targets[0])}, []
    end, guarded = assign.end_lineno, set()  # ids of statements under an if that is not the compile's
    for n in own_nodes(scope):
        ntype = type(n)
        if ntype is ast.If and not n.lineno <= assign.lineno <= n.end_lineno:
            guarded.update(id(s) for s in (*n.body, *n.orelse))
        if ntype not in _ALIAS_TYPES or n.lineno <= end:
            continue
        if ntype is ast.Assign and len(n.targets) == 1 and type(n.targets[0]) is ast.Name:
            target = n.targets[0].id
            bound.add(id(n.targets[0]))
            value = n.value
            if (type(value) is ast.Call and value.args and type(value.args[0]) is ast.Name
                    and value.args[0].id == target and target in holding | parallel
                    and qualify(value.func) in _DATA_PARALLEL_WRAPPERS):
                parallel.add(target)
                if id(n) not in guarded:
                    holding.discard(target)
                continue
            parallel.discard(target)
            if _holds_wrapper(value, holding, parallel):
                holding.add(target)
            else:
                holding.discard(target)
        elif ntype is ast.Name and type(n.ctx) is ast.Store and id(n) not in bound:
            holding.discard(n.id)
            parallel.discard(n.id)
        elif (ntype is ast.Call and type(n.func) is ast.Attribute and type(n.func.value) is ast.Name
              and n.func.value.id in holding):
            calls.append(n)
    return not any(assign is s for s in scope.body), calls


_ALIAS_TYPES = frozenset((ast.Assign, ast.Name, ast.Call))


def _holds_wrapper(value: ast.AST, holding: set[str], parallel: set[str]) -> bool:
    """Whether ``value`` is torch.compile's wrapper held by a name in ``holding``: the name, the
    ``.module`` of one in ``parallel`` (a DDP of it), or an ``if`` between one of those and a DDP of it."""
    vtype = type(value)
    if vtype is ast.Name:
        return value.id in holding
    if vtype is ast.Attribute:
        return value.attr == "module" and type(value.value) is ast.Name and value.value.id in parallel
    if vtype is not ast.IfExp:
        return False
    arms = (value.body, value.orelse)
    return (any(_holds_wrapper(a, holding, parallel) for a in arms)
            and all(_holds_wrapper(a, holding, parallel) or type(a) is ast.Name and a.id in parallel for a in arms))


def _held_wrapper_calls(name: str, assign: ast.Assign, cls: ast.ClassDef) -> tuple[bool, list[ast.Call]]:
    """For ``self.x = torch.compile(...)`` (``name`` "self.x") in a method of ``cls``: whether it is
    under a condition or outside ``__init__`` (a ``compile()`` method the caller may not call), and
    the calls ``self.x.m(...)`` of the class's methods that run after it: after it in its own
    method, anywhere in the others but ``__init__`` (which runs first). No call where ``self.x`` is
    bound anywhere else but before it in its method or in ``__init__``: what a call meets is not known."""
    attr = name[5:]
    methods = [s for s in cls.body if type(s) in _FUNC_TYPES]
    where = next((m for m in methods if m.lineno <= assign.lineno <= m.end_lineno), None)
    if where is None:
        return True, []
    init = where.name == "__init__"
    calls = []
    for m in methods:
        for n in all_nodes(m):
            if type(n) is ast.Attribute and type(n.ctx) is ast.Store and n is not assign.targets[0] \
                    and _self_attr(n) == attr \
                    and not (m is where and n.lineno < assign.lineno or m.name == "__init__" and not init):
                return True, []
            if (type(n) is ast.Call and type(n.func) is ast.Attribute and _self_attr(n.func.value) == attr
                    and (n.lineno > assign.end_lineno if m is where else m.name != "__init__")):
                calls.append(n)
    return not (init and any(assign is s for s in where.body)), calls


def _wrapped(assign: ast.Assign) -> ast.AST:
    """``Y`` of ``X = torch.compile(Y)`` or ``X = torch.compile(Y).to(d).eval()`` (``d.wrappers``)."""
    return _compile_call(assign.value).args[0]


def _compile_call(call: ast.Call) -> ast.Call:
    """The call under a chain of nn.Module methods that return the module (``torch.compile(Y)`` of
    ``torch.compile(Y).to(d).eval()``), else ``call``."""
    while type(call.func) is ast.Attribute and call.func.attr in _RETURNS_SELF and type(call.func.value) is ast.Call:
        call = call.func.value
    return call


def runs_forward(fn: ast.AST) -> str:
    """How ``fn`` (a method) calls the module itself, anywhere in its body: "self" for
    ``self(...)`` (a generation loop's ``logits = self(idx)``), else "forward" for
    ``self.forward(...)``, else "". Measured on torch 2.13: ``nn.Module.compile`` compiles the
    module's call, so in place it compiles ``self(...)`` but not ``self.forward(...)``."""
    found = ""
    for n in all_nodes(fn):
        if type(n) is ast.Call:
            f = n.func
            if type(f) is ast.Name and f.id == "self":
                return "self"
            if type(f) is ast.Attribute and f.attr == "forward" and type(f.value) is ast.Name and f.value.id == "self":
                found = "forward"
    return found


@finalizer
def report_wrapper_calls(ctx: Context) -> None:
    """NM127 at each call on torch.compile's wrapper of a method that calls the module itself:
    of a class of this file (``_wrapper_calls``), or of another file's (the project model's
    ``WRAPPER_CALL`` roots, which name the line and the method)."""
    d = ctx.state(_State)
    if not d.wrappers:
        return
    traced_functions(ctx)  # fills d.wrapper_calls
    elsewhere = {}
    for path, _, origin in ctx.options.traced_roots if ctx.options is not None else ():
        if path == ctx.src.path and origin.startswith(WRAPPER_CALL):
            line, kind, where = origin[len(WRAPPER_CALL):].split(" ", 2)
            elsewhere.setdefault(int(line), (kind, where))
    for call, assign, conditional, judged, method in d.wrapper_calls:
        kind, where = judged or elsewhere.get(call.lineno, ("", ""))
        if not kind or id(call) in ctx.claimed:
            continue
        x, item = dotted(assign.targets[0]), _wrapped(assign)
        module = f"`{dotted(item)}.compile()`" if type(item) in _NAME_TYPES else "the module's `.compile()`"
        when = " (when compiled)" if conditional else ""
        head = f"`{dotted(call.func.value)}.{method}(...)` on torch.compile's wrapper{when} runs `{where}` of the original module"
        if kind == "self":
            ctx.report(NM127, call, f"{head}: its `self(...)` calls are not compiled (the wrapper compiles only its "
                       f"own call); compile the module in place ({module} instead of `{x} = torch.compile(...)`) "
                       f"or compile the method (`torch.compile({x}.{method})`); no automatic fix: either changes "
                       "what is compiled")
        else:
            ctx.report(NM127, call, f"{head}: its `self.forward(...)` calls are not compiled (the wrapper compiles "
                       f"only its own call; {module} in place would not compile `self.forward(...)` either); "
                       f"compile the method (`torch.compile({x}.{method})`), or call `self(...)` in it and compile "
                       "the module in place; no automatic fix: either changes what is compiled")


def _fullgraph(call: ast.Call) -> bool:
    """``torch.compile(..., fullgraph=True)``: Dynamo raises at a graph break instead of splitting."""
    return any(k.arg == "fullgraph" and isinstance(k.value, ast.Constant) and k.value.value is True
               for k in call.keywords)


def _why_reached(origin: str) -> str:
    if origin.startswith(COMPILED_AT):  # compiled with torch.compile at train.py:12
        return f"compiled with {origin}"
    if origin.startswith(COMPILE_ENTRY):  # a named entry's method, inherited from this file's class
        return origin
    return f"reached from {origin}"


def _compiled_function(item: ast.AST, d: _State) -> ast.AST | None:
    """The function ``torch.compile(item)`` traces: a function, or the forward of the class
    ``item`` is an instance of (``torch.compile(Net())``, ``model = Net(); torch.compile(model)``),
    or a method of such an instance (``torch.compile(model.generate)``)."""
    if isinstance(item, _FUNCS):
        return item
    held = _held_class(item, d)
    if held is not None:
        cls = d.classes.get(held)
        found = _method_of(cls, "forward", d) if cls is not None else None
        return found[0] if found else None
    if isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name):
        cls = d.classes.get(_instance(item, item.value.id, d)[0])
        found = _method_of(cls, item.attr, d) if cls is not None else None
        return found[0] if found else None
    if isinstance(item, ast.Call) and isinstance(item.func, ast.Name):
        cls_name = item.func.id
    elif isinstance(item, ast.Name):
        scope = d.chains.get(d.compile_scope.get(id(item), 0))
        nested = _nested_def(scope[-1], item.id, d) if scope else None
        if nested is not None:  # def step(...) in a factory, then torch.compile(step): a training step's closure
            return _named_function(nested, d)
        if item.id in d.functions and _rebinds_only_by_compiling(item, d):
            return d.functions[item.id]  # the module's function, unless the compiling function binds the name itself
        aliased = _aliased_function(item, scope[-1], d) if scope else None
        if aliased is not None:
            return aliased
        cls_name = _instance(item, item.id, d)[0]
    else:
        return None
    owner, _, constructor = cls_name.rpartition(".")
    if constructor.startswith("from_"):  # Net.from_config(cfg): an alternative constructor
        cls_name = owner
    cls = d.classes.get(cls_name)
    found = _method_of(cls, "forward", d) if cls is not None else None
    return found[0] if found else None


def _aliased_function(item: ast.Name, scope: ast.AST, d: _State) -> ast.AST | None:
    """The module function that the compiling function binds ``item``'s name to, when each binding
    there is that one function or the compile itself (fish-speech's ``init_model``: ``decode_one_token
    = decode_one_token_ar``, then ``decode_one_token = torch.compile(decode_one_token, ...)``)."""
    if not isinstance(scope, _FUNCS) or item.id in _param_names(scope):
        return None
    stores, named = 0, set()
    for n in own_nodes(scope):
        if type(n) is ast.Name and n.id == item.id and type(n.ctx) is ast.Store:
            stores += 1  # a loop's target, a tuple's element: not one function, unless a plain assignment below
        elif type(n) is ast.Assign and len(n.targets) == 1 and type(n.targets[0]) is ast.Name \
                and n.targets[0].id == item.id:
            stores -= 1
            if type(n.value) is ast.Name:
                named.add(n.value.id)
            elif not any(m is item for m in ast.walk(n.value)):
                return None
    if stores:
        return None
    return d.functions[next(iter(named))] if len(named) == 1 and next(iter(named)) in d.functions else None


def _compiled_target(item: ast.AST, d: _State) -> tuple[str, str, str] | None:
    """(what built the model as written, its string argument, method) for a compiled model
    built outside this file: ``torch.compile(Net())``, ``model = timm.create_model("vit");
    torch.compile(model)``, ``torch.compile(model.generate)``; for the project model to resolve."""
    method = "forward"
    held = _held_class(item, d)
    if held is not None:
        return held, "", method
    if isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name):
        item, method = item.value, item.attr
    if isinstance(item, ast.Call):
        built = dotted(item.func)
        arg = item.args[0].value if item.args and isinstance(item.args[0], ast.Constant) else ""
        return (built, arg if isinstance(arg, str) else "", method) if built else None
    built, arg = _instance(item, item.id, d) if isinstance(item, ast.Name) else ("", "")
    if not built and isinstance(item, ast.Name) and _rebinds_only_by_compiling(item, d):
        return item.id, "", ""  # an imported function compiled as it is (method ""): the project model finds it
    return (built, arg, method) if built else None


def _rebinds_only_by_compiling(item: ast.Name, d: _State) -> bool:
    """The function compiling ``item`` binds its name nowhere, or only by compiling it in place
    under ``global`` (gpt-fast's ``main()``: ``global decode_one_token``, then ``decode_one_token =
    torch.compile(decode_one_token, ...)``; its eval.py does so with ``model_forward``, imported from
    generate.py): the name is the module's (its function, or an import for the project model to
    resolve), as it is at module level."""
    scope = d.chains.get(d.compile_scope.get(id(item), 0))
    if scope is None:
        return True
    fn = scope[-1]
    if item.id in _param_names(fn):
        return False
    nodes = own_nodes(fn)
    compiling = {id(t) for n in nodes if type(n) is ast.Assign and any(m is item for m in ast.walk(n.value))
                 for t in n.targets}
    stores = [n for n in nodes if type(n) is ast.Name and n.id == item.id and type(n.ctx) is ast.Store]
    return all(id(n) in compiling for n in stores) and (
        not stores or any(type(n) is ast.Global and item.id in n.names for n in nodes))


def _module_compile(item: ast.AST, d: _State) -> bool:
    """``item.compile()`` may be nn.Module's (in place): no class of this file that ``item`` is
    built from defines a ``compile`` of its own (timm's tasks), and ``self.x.compile()`` is of an
    attribute that holds a class with a ``forward`` (not a Keras model), of this file or, for the
    project model to find, of another."""
    held = type(item) is ast.Attribute
    built = _held_class(item, d) if held else _instance(item, item.id, d)[0]
    cls = d.classes.get(built or "")
    if cls is None:
        return not held or built is not None
    return _method_of(cls, "compile", d) is None and (not held or _method_of(cls, "forward", d) is not None)


def _held_class(item: ast.AST, d: _State) -> str | None:
    """The class, as written, of the module ``self.attr`` holds, for ``torch.compile(self.attr)``
    or ``self.attr.compile()`` in a method of a class that set ``self.attr = Cls(...)`` and has
    no method ``attr``; else None (``torch.compile(self.training_forward)`` compiles a method)."""
    owner = d.compiled_self.get(id(item))
    if owner is None or _method_of(owner, item.attr, d) is not None:
        return None
    built = _attr_class(owner, item.attr, d)
    if not built or built.startswith("torch."):  # self.model = torch.compile(...): no construction
        return None
    cls, _, constructor = built.rpartition(".")
    return cls if constructor.startswith("from_") else built  # GPT.from_pretrained(...): a GPT


def _instance(item: ast.AST, name: str, d: _State) -> tuple[str, str]:
    """(what built ``name``, its string argument) for the compile of ``item``: the first
    assignment in the compile's own scope, else the file's first (train_llama3's script compiles
    the ``LLaMA.from_...(...)`` it built; a loader above had bound ``model`` to a Hugging Face model)."""
    found = d.scoped.get((d.compile_scope.get(id(item), 0), name))
    if found is None and name in d.instances:
        found = d.instances[name], d.factory_names.get(name, "")
    return found or ("", "")


def _note_compiler(item: ast.Name, chain: tuple, ctx: Context, d: _State) -> None:
    """``torch.compile(fn)`` of a parameter of a module-level function (``maybe_compile(fn)``),
    or of a class's ``__init__`` (d3rlpy's ``CudaGraphWrapper(func)``), compiled there or in a
    closure of it (torchrl's ``compile_with_warmup``, which compiles ``model = args[0]`` at a later
    call): each call of the function hands what it compiles."""
    scope = ctx.names.binding_scope(item.id, chain)
    depth = next((i for i, s in enumerate(chain) if s is scope), 0)
    fn = chain[depth]
    if type(fn) not in _FUNC_TYPES or not (depth == 1 or depth == 2 and type(chain[1]) is ast.ClassDef
                                            and fn.name == "__init__"):
        return
    a = fn.args
    positional = [p.arg for p in (*a.posonlyargs, *a.args)][depth - 1:]  # after self
    if item.id in positional:
        position = positional.index(item.id)
    elif any(p.arg == item.id for p in a.kwonlyargs):
        position = -1
    else:  # model = args[0] of its *args
        position = next((s.value.slice.value for s in own_nodes(fn) if type(s) is ast.Assign and len(s.targets) == 1
                         and type(s.targets[0]) is ast.Name and s.targets[0].id == item.id
                         and type(s.value) is ast.Subscript and a.vararg is not None
                         and type(s.value.value) is ast.Name and s.value.value.id == a.vararg.arg
                         and type(s.value.slice) is ast.Constant and type(s.value.slice.value) is int
                         and s.value.slice.value >= 0), None)
        if position is None:
            return
        position += len(positional)
    d.compilers[chain[1].name] = (position, item.id, item.lineno)
    d.compiled_params.add(id(item))


def _compile_handed_here(d: _State, tree: ast.Module) -> None:
    """What this file's calls hand to its own compilers (``_note_compiler``), compiled as if
    written ``torch.compile(x)`` in the calling function."""
    scopes = sorted(d.chains.values(), key=lambda c: c[-1].lineno)
    for name, (position, param, _) in d.compilers.items():
        for call in d.calls_by_name.get(name, ()):
            if type(call.func) is not ast.Name:
                continue
            arg = handed_argument(call, position, param)
            if type(arg) not in (ast.Name, ast.Attribute):
                continue
            chain = next((c for c in reversed(scopes) if c[-1].lineno <= call.lineno <= c[-1].end_lineno), (tree,))
            scope = chain[-1]
            d.compiled.append(arg)
            d.compile_scope[id(arg)] = id(scope)
            if (_self_attr(arg) and len(chain) >= 3 and type(chain[-2]) is ast.ClassDef
                    and scope.args.args and scope.args.args[0].arg == "self"):
                d.compiled_self[id(arg)] = chain[-2]


def _note_narrowing(item: ast.AST, scope: ast.AST, d: _State) -> None:
    """Where ``item`` is a name compiled in the body of an ``if`` that tests it with
    ``isinstance`` (torchtune's per-layer compile: ``for m in model.modules(): if isinstance(m,
    TransformerSelfAttentionLayer) or isinstance(m, ...): m.compile()``), the classes named."""
    if type(item) is not ast.Name:
        return
    best = None
    for node in all_nodes(scope):
        if (type(node) is ast.If and node.body and node.body[0].lineno <= item.lineno <= node.body[-1].end_lineno
                and (best is None or node.lineno > best.lineno)):
            classes = _isinstance_classes(node.test, item.id)
            if classes:
                best, found = node, classes
    if best is not None:
        d.narrowed[id(item)] = found


def _isinstance_classes(test: ast.AST, name: str) -> tuple[str, ...]:
    """The classes ``test`` requires ``name`` to be one of: ``isinstance(name, A)``,
    ``isinstance(name, (A, B))``, or such tests joined by ``or``; else ()."""
    if type(test) is ast.BoolOp and type(test.op) is ast.Or:
        parts = [_isinstance_classes(v, name) for v in test.values]
        return tuple(c for p in parts for c in p) if all(parts) else ()
    if not (type(test) is ast.Call and type(test.func) is ast.Name and test.func.id == "isinstance"
            and len(test.args) == 2 and type(test.args[0]) is ast.Name and test.args[0].id == name):
        return ()
    kinds = test.args[1].elts if type(test.args[1]) is ast.Tuple else [test.args[1]]
    written = tuple(dotted(k) for k in kinds if type(k) in _NAME_TYPES)
    return written if len(written) == len(kinds) else ()


def entry_matches(spec: str, path: str) -> str | None:
    """The ``Class.method`` part of ``spec`` when its module or file part names ``path``
    (relative to the scan root, or any path ending with it: a src/ layout), else None."""
    where, _, name = spec.partition(":")
    if where.endswith(".py"):
        wanted = (where.lstrip("./"),)
    else:
        mod = where.replace(".", "/")
        wanted = (f"{mod}.py", f"{mod}/__init__.py")
    return name if any(path == w or path.endswith("/" + w) for w in wanted) else None


def _entry_function(spec: str, path: str, d: _State) -> ast.AST | None:
    name = entry_matches(spec, path)
    return None if name is None else _named_function(name, d)


def _named_function(name: str, d: _State) -> ast.AST | None:
    """The function ``func`` or method ``Class.method`` of this file (a class: its forward)."""
    if ".<locals>." in name:  # a function defined in another, handed to a helper of another file
        return next((c[-1] for c in d.chains.values() if _qualname(c) == name), None)
    owner, _, method = name.rpartition(".")
    if not owner:
        if name in d.functions:
            return d.functions[name]
        owner, method = name, "forward"  # a class: its forward
    if owner in d.functions and owner not in d.classes:  # a decorator's wrapper: memoize.g
        found = next((w for w in wrappers(d.functions, owner) if w[0] == name), None)
        if found is not None:
            d.wrapper_names[id(found[1])] = name
        return found[1] if found else None
    cls = d.classes.get(owner)
    found = _method_of(cls, method, d) if cls is not None else None
    return found[0] if found else None


def _callees(fn: ast.AST, cls: ast.ClassDef | None, d: _State) -> list[tuple[ast.AST, ast.Call]]:
    """In-file functions and methods that ``fn`` calls by name or through ``self``, with the call."""
    out = d.callees.get((id(fn), id(cls)))
    if out is None:  # else asked again by report_traced
        out = d.callees[(id(fn), id(cls))] = _find_callees(fn, cls, d)
    return out


def _find_callees(fn: ast.AST, cls: ast.ClassDef | None, d: _State) -> list[tuple[ast.AST, ast.Call]]:
    body = _body(fn, d)
    local_defs = {s.name: s for s in body.defs}
    out = []
    if cls is not None and fn.name == "forward":  # submodules built in loops or from defaults: by class name
        for name, node in _named_classes(cls, d).items():
            found = _method_of(d.classes[name], "forward", d) if name in d.classes else None
            if found is not None and found[0] is not fn:
                out.append((found[0], node))
    for name, node in _held_calls(fn, cls, d):  # modules held in containers, by class
        found = _method_of(d.classes[name], "forward", d) if name in d.classes else None
        if found is not None and found[0] is not fn:
            out.append((found[0], node))
    bound = None  # local name -> the methods assigned to it: fn = self.a if c else self.b
    held_functions = None  # local name -> the file's functions it holds (_held_functions)
    class_defaults = _class_defaults(fn, body, d)  # parameter -> the class of the file it defaults to
    made = _made_here(body, d, fn, cls) if d.classes else ({}, {})  # local instances of this file's classes
    if d.module_made and d.classes:  # ... and module-level ones the function reads
        made[0].update((name, [d.classes[c] for c in texts if c in d.classes])
                       for name, texts in _globals_read(fn, body, d).items() if any(c in d.classes for c in texts))
    for node in [*body.calls, *_lambda_calls(body, mapped=False)]:
        f = node.func
        if made[0]:
            out.extend((found, node) for found in _instance_calls(node, made, d))
        if type(f) is ast.Subscript and d.function_tables:  # routines[loss](x): any function of the table
            out.extend((d.functions[t], node) for t in d.function_tables.get(_table_of(f), ()) if t in d.functions)
        if isinstance(f, ast.Name):
            target = local_defs.get(f.id) or d.functions.get(f.id)
            if target is not None:
                out.append((target, node))
            elif f.id in d.classes and (_lr_scheduler_class(d.classes[f.id], d) or d.classes[f.id] in body.statements):
                # torch-lr-finder's ExponentialLR(self.optimizer, ...) in range_test: Dynamo inlines
                # its __init__, which breaks at torch's (constructs "LR scheduler subclass built"); and
                # a class the function defines itself (pyniftireg's ``class Start`` in ``_affine``)
                init = _method_of(d.classes[f.id], "__init__", d)
                if init is not None and init[1] is d.classes[f.id]:
                    out.append((init[0], node))
            elif d.validated and f.id in d.validated:  # a pydantic model of this file: its validators run
                out.extend((m, node) for m in d.validated[f.id])
            elif d.functions and f.id in (held_functions := _held_functions(body, d) if held_functions is None
                                          else held_functions):
                out.extend((m, node) for m in held_functions[f.id])  # step = _step1; step = step(state)
            elif f.id == "self" and cls is not None:  # self(x) in generate(): the forward
                found = _method_of(cls, "forward", d)
                if found is not None:
                    out.append((found[0], node))
            elif cls is not None:
                if bound is None:
                    bound = _bound_methods(body)
                for attr in bound.get(f.id, ()):
                    found = _method_of(cls, attr, d)
                    if found is not None:
                        out.append((found[0], node))
        elif (type(f) is ast.Attribute and f.attr == "apply" and type(f.value) is ast.Name
              and f.value.id in d.classes and _is_autograd_function(d.classes[f.value.id], d)):
            # Fn.apply(x): Dynamo traces the Function's forward (constructs.py "custom autograd
            # Function, .item() below its forward": the break at the .item(), 3 graphs), and with
            # gradients its backward too ("... torch.autograd.grad in its backward ... with
            # gradients": the break at the backward's torch.autograd.grad); without them the
            # backward's lines do not run
            for method in ("forward", "backward"):
                found = _method_of(d.classes[f.value.id], method, d)
                if found is not None:
                    out.append((found[0], node))
        elif (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self"
              and cls is not None):
            found = _method_of(cls, f.attr, d)
            if found is None:  # self.enc(x), self.enc = Encoder(): Encoder.forward of this file
                held = d.classes.get(_attr_class(cls, f.attr, d) or "")
                found = _method_of(held, "forward", d) if held is not None else None
                if found is None and _plain_class(cls, d):
                    # self._lnorm_(nrange) of a plain base that only its subclasses define (torchorthopolys'
                    # AbstractOrthoPolys._lnorm reached from the entry Jacobi.deriv): the receiver's runs
                    out.extend((m, node) for m in _overrides_here(cls, f.attr, d))
            elif _abstract(found[0]):  # self._update(...) declared abstract: the subclasses' overrides run
                out.extend((m, node) for m in _overrides_here(found[1], f.attr, d))
            if found is not None:
                out.append((found[0], node))
        elif (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Attribute)
              and isinstance(f.value.value, ast.Name) and f.value.value.id == "self"
              and (owner := cls or _closure_class(fn, d)) is not None):
            # self.scheduler.step(x); self.solver.step(x) of ``__init__(self, solver: Solver)``, also
            # in a closure of a method (torch-diffsim's ``step_fn`` handed to its checkpointed rollout)
            held = d.classes.get(_attr_class(owner, f.value.attr, d) or _annotated_param(owner, f.value.attr, d) or "")
            found = _method_of(held, f.attr, d) if held is not None else None
            if found is not None:
                out.append((found[0], node))
        elif (type(f) is ast.Attribute and type(f.value) is ast.Name
              and (f.value.id in d.classes or cls is not None and f.value.id == _class_param(fn))):
            # Cls.init(x), cls.init(x) in a classmethod of Cls: the method of the class runs
            found = _method_of(d.classes.get(f.value.id) or cls, f.attr, d)
            if found is not None:
                out.append((found[0], node))
        elif class_defaults and type(f) is ast.Attribute and type(f.value) is ast.Name and f.value.id in class_defaults:
            # dispatcher.mop(...) of ``dispatcher=Dispatcher`` (skerch's ssvd): the default class's method
            found = _method_of(class_defaults[f.value.id], f.attr, d)
            if found is not None:
                out.append((found[0], node))
        elif (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Call)
              and isinstance(f.value.func, ast.Name) and f.value.func.id == "super" and cls is not None):
            for b in cls.bases:
                if isinstance(b, ast.Name) and b.id in d.classes:
                    found = _method_of(d.classes[b.id], f.attr, d)
                    if found is not None:
                        out.append((found[0], node))
    if d.classes and (ops := _operator_classes(d)):  # a @ b on an instance of a class of the file: its __matmul__
        out.extend(_operator_calls(fn, cls, body, made[0], ops, d))
    # n = self.size in a getter: reading a @property of the class runs its getter in the trace. Only
    # from a getter (one another file's traced code reads, _held_property_reads): a getter read by a
    # traced method of its own file moves the coverage and graph estimates of held_out_7 and
    # held_out_13 away from the measured ones (the getter's statements counted as a call's)
    props = _properties(cls, d) if cls is not None and getattr(fn, "decorator_list", None) and any(
        dotted(x) in _PROPERTY_DECORATORS for x in fn.decorator_list) else None
    if props:
        for node in own_nodes(fn):
            if (type(node) is ast.Attribute and node.attr in props and type(node.value) is ast.Name
                    and node.value.id == "self" and type(node.ctx) is ast.Load and props[node.attr] is not fn):
                out.append((props[node.attr], node))
    if d.setters is not None and cls is not None and (setters := _setters(cls, d)):  # self.vecs = v: its setter runs
        for node in body.binders:
            for t in _targets(node):
                if (type(t) is ast.Attribute and t.attr in setters and type(t.value) is ast.Name
                        and t.value.id == "self" and setters[t.attr] is not fn):
                    out.append((setters[t.attr], t))
    if (cls is not None and (hook := _method_of(cls, "__setattr__", d)) and hook[0] is not fn
            and all(type(b) is ast.Name and (b.id == "object" or b.id in d.classes) for c, _ in _lineage(cls, d)
                    for b in c.bases)):
        # self.rf = v: the class's own __setattr__ runs, inlined at the store (mrphy's Pulse, its __init__ storing
        # through a __setattr__ that reads inspect.stack(); constructs.py "an object whose __setattr__ reads
        # inspect.stack(), built in traced code (mrphy's Pulse)": GB0007 there). Only a plain class's: an nn.Module
        # subclass's dispatches on the value's kind, as nn.Module's own does (pyro's PyroModule: its PyroParam branch,
        # not taken for a tensor, read as traced: pyro/nn/module.py:710 refuted in held_out_7's pyro_svi_step)
        store = next((t for node in body.binders for t in _targets(node) if type(t) is ast.Attribute
                      and type(t.value) is ast.Name and t.value.id == "self"), None)
        if store is not None:
            out.append((hook[0], store))
    if d.functions or local_defs:  # a function of the file handed to one that calls it: it runs there
        own = None  # names the function binds otherwise (a parameter, an assignment): not the file's function
        for target, node in list(out):
            for arg in _called_arguments(node, target, d):
                if held_functions is None:
                    held_functions = _held_functions(body, d)
                if arg in local_defs or arg in held_functions:
                    handed = [local_defs.get(arg), *held_functions.get(arg, ())]
                else:
                    own = _own_names(fn, body) if own is None else own
                    handed = [d.functions.get(arg)] if arg not in own else []
                out.extend((h, node) for h in handed if h is not None and h is not fn)
    return out


def _class_defaults(fn: ast.AST, body: _Body, d: _State) -> dict[str, ast.ClassDef]:
    """Parameter -> the class of this file it defaults to (skerch's ``ssvd(..., dispatcher=
    SketchedAlgorithmDispatcher)``), for the parameters ``fn`` binds to nothing else. A default call
    runs that class's methods: ``dispatcher.mop(...)`` is ``SketchedAlgorithmDispatcher.mop``."""
    args = getattr(fn, "args", None)
    if not d.classes or args is None or not (args.defaults or args.kw_defaults) or not any(
            type(v) is ast.Name and v.id in d.classes for v in (*args.defaults, *args.kw_defaults)):
        return {}
    out = {p: d.classes[v.id] for p, v in parameter_defaults(args).items() if type(v) is ast.Name and v.id in d.classes}
    for b in body.binders:
        for t in _targets(b):
            for n in all_nodes(t):
                if type(n) is ast.Name:
                    out.pop(n.id, None)
    return out


def _closure_class(fn: ast.AST, d: _State) -> ast.ClassDef | None:
    """The class of the method a nested function is defined in (at any depth), whose ``self`` it reads."""
    while id(fn) in d.parent_fn:
        fn = d.parent_fn[id(fn)]
    return d.owner.get(id(fn))


_PROPERTY_DECORATORS = frozenset({"property", "functools.cached_property", "cached_property"})


def _object_matmuls(fn: ast.AST, body: _Body, t: Tensors, ctx: Context, d: _State, cls: ast.ClassDef | None,
                    in_raise: set[int]) -> list[Hazard]:
    """``A @ x``, ``A`` an object of a class of the project (an operator, an ``nn.Module`` or not) and
    ``x`` a tensor: Dynamo cannot put the call in the graph, nor resume after it (constructs.py "an
    nn.Module's __matmul__, A @ x, ...", "a plain object's __matmul__ ...": GB0055, the rest of the
    frame eager; the frame skipped with fewer than two ops before it; in a ``for`` loop, the loop named
    "step_unsupported"; torch-linops' ``hutchpp(A: lo.LinearOperator, ...)``, torch-cgd's CG). ``A`` is
    known by a parameter annotated with a class of the file and not bound again, a local bound once to
    an instance of one, or ``self.attr`` built from one in ``__init__`` (``_own_class``: another file's
    class may be a tensor's subclass)."""
    out: list[Hazard] = []
    known: dict[str, str] | None = None
    for node in body.binops:
        if type(node.op) is not ast.MatMult or id(node) in in_raise or not t.of(node.right):
            continue
        left = node.left
        if type(left) is ast.Name:
            if known is None:
                known = _object_names(fn, body, ctx, d)
            name = known.get(left.id)
        elif type(left) is ast.Attribute and type(left.value) is ast.Name and left.value.id == "self" and cls is not None:
            built = _attr_class(cls, left.attr, d)
            name = built if built in d.classes and _no_tensor_class(d.classes[built], ctx, d) else None
        else:
            name = None
        if name is not None:
            out.append(Hazard(NM404, node, f"`{_short(ctx, node)}` applies `{name}.__matmul__` to a tensor: Dynamo "
                              "cannot put the call in the graph (graph break) and cannot resume after it; apply "
                              "the operator to the tensor inside the class (a method returning `self._matrix @ x`)",
                              skips_rest=True, gb=GB["proxy"]))
    return out


def _object_names(fn: ast.AST, body: _Body, ctx: Context, d: _State) -> dict[str, str]:
    """Names of ``fn`` holding an object of a class of the project (``_object_matmuls``): name -> class."""
    found: dict[str, str] = {}
    for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs):
        ann = _annotated_class(a.annotation) if a.annotation is not None else None
        if ann is not None and (name := _own_class(ann, ctx, d)):
            found[a.arg] = name
    bound: dict[str, int] = {}
    for b in body.binders:
        for target in _targets(b):
            if type(target) is ast.Name:
                bound[target.id] = bound.get(target.id, 0) + 1
                v = b.value if type(b) is ast.Assign else None
                if (type(v) is ast.Call and type(v.func) is ast.Name and v.func.id in d.classes
                        and _no_tensor_class(d.classes[v.func.id], ctx, d)):
                    found.setdefault(target.id, v.func.id)
    return {k: v for k, v in found.items() if bound.get(k, 0) <= (0 if k in _param_names(fn) else 1)}


def _own_class(ann: ast.AST, ctx: Context, d: _State) -> str | None:
    """The class of this file an annotation names, when it is no tensor. Not a class of another file:
    whether it is a tensor's subclass is not known here (torchjd's ``gramian: PSDMatrix``, a subclass
    of ``Tensor`` for type checking only: ``gramian @ alpha`` is a tensor op, held_out_14)."""
    if type(ann) is ast.Name and ann.id in d.classes and _no_tensor_class(d.classes[ann.id], ctx, d):
        return ann.id
    return None


def _no_tensor_class(c: ast.ClassDef, ctx: Context, d: _State) -> bool:
    """A class whose lineage derives from nothing but classes of the file, ``object`` and torch.nn's
    classes, and defines no ``__torch_function__``: its ``@`` is its own ``__matmul__``, not a tensor's."""
    for k, methods in _lineage(c, d):
        if "__torch_function__" in methods:
            return False
        for b in k.bases:
            if not (type(b) is ast.Name and (b.id in d.classes or b.id == "object")
                    or (ctx.qualify(b) or "").startswith("torch.nn.")):
                return False
    return True


# the method an operator calls on its left operand, and the reflected one on its right
_BINOP_DUNDERS = {ast.MatMult: ("__matmul__", "__rmatmul__"), ast.Add: ("__add__", "__radd__"),
                  ast.Sub: ("__sub__", "__rsub__"), ast.Mult: ("__mul__", "__rmul__"),
                  ast.Div: ("__truediv__", "__rtruediv__"), ast.FloorDiv: ("__floordiv__", "__rfloordiv__"),
                  ast.Mod: ("__mod__", "__rmod__"), ast.Pow: ("__pow__", "__rpow__")}
_OPERATOR_DUNDERS = frozenset({*(m for pair in _BINOP_DUNDERS.values() for m in pair),
                               "__getitem__", "__len__", "__call__"})


def _operator_classes(d: _State) -> dict[str, bool]:
    """The classes of the file that define an operator's method (``__matmul__``, ``__getitem__``,
    ``__call__``, ...), themselves or through an in-file base, by name: whether the class is an
    operator and nothing else (every method but ``__init__`` is a dunder, every base of the file
    or none), so that handing an instance on hands its operators (torch-cgd's ``Operator``, whose
    ``__matmul__`` is the conjugate-gradient solver's ``A @ x``). Empty for most files: the pretest."""
    if d.operator_classes is None:
        d.operator_classes = {}
        if any(type(s) in _FUNCS and s.name in _OPERATOR_DUNDERS for c in d.classes.values() for s in c.body):
            for name, c in d.classes.items():
                lineage = _lineage(c, d)
                methods = {m for _, ms in lineage for m in ms}
                if methods & _OPERATOR_DUNDERS:
                    d.operator_classes[name] = all(m.startswith("__") and m.endswith("__") for m in methods) and all(
                        type(b) is ast.Name and (b.id in d.classes or b.id == "object") for k, _ in lineage for b in k.bases)
    return d.operator_classes


def _operator_calls(fn: ast.AST, cls: ast.ClassDef | None, body: _Body, made: dict[str, list[ast.ClassDef]],
                    ops: dict[str, bool], d: _State) -> list[tuple[ast.AST, ast.AST]]:
    """The operator methods of the file's classes that ``fn`` runs on a value whose class it knows:
    a local instance (``A = Operator(...)``), a parameter annotated with the class, or ``self.attr``
    built in ``__init__``. ``a @ b`` runs ``a.__matmul__`` (``b.__rmatmul__``), ``a[i]``
    ``__getitem__``, ``len(a)`` ``__len__``, ``a(x)`` ``__call__``; and an instance of a class that
    is only an operator, handed to a call, runs its operators in that call (torch-cgd's
    ``self.solver.solve(A1, b)``, whose ``A @ x`` runs ``Operator.__matmul__``): Dynamo traces them
    where they run, inlined or, below a frame it skips, as frames of their own."""
    known = {name: cs for name, classes in made.items() if (cs := [c for c in classes if c.name in ops])}
    for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs) if isinstance(fn, _FUNCS) else ():
        ann = _annotated_class(a.annotation) if a.annotation is not None else None
        if type(ann) is ast.Name and ann.id in ops:
            known.setdefault(a.arg, [d.classes[ann.id]])
    if known:  # a parameter bound again, or an instance replaced by what it gives, is not known:
        # detectron2's ``pairwise_intersection(boxes1: Boxes, ...)``, then ``boxes1 = boxes1.tensor``. A
        # local bound to an instance in one branch and to a tensor in another may be either (torch-cgd's A1)
        params = _param_names(fn)
        for b in body.binders:
            value = getattr(b, "value", None) if type(b) is not ast.For else b.iter
            if type(b) is ast.Assign and len(b.targets) == 1 and type(b.targets[0]) is ast.Name and all(
                    type(v) is ast.Call and type(v.func) is ast.Name and v.func.id in d.classes
                    or type(v) is ast.Constant and v.value is None
                    for v in ((value.body, value.orelse) if type(value) is ast.IfExp else (value,))):
                continue
            for t in b.targets if type(b) is ast.Assign else (b.target,):
                for n in all_nodes(t):
                    if type(n) is ast.Name and n.id in known and (n.id in params or type(b) is not ast.Assign or any(
                            type(v) is ast.Name and v.id == n.id for v in all_nodes(value))):
                        del known[n.id]

    def classes_of(e: ast.AST) -> list[ast.ClassDef]:
        if type(e) is ast.Name:
            return known.get(e.id, [])
        if type(e) is ast.Attribute and cls is not None and type(e.value) is ast.Name and e.value.id == "self":
            text = _attr_class(cls, e.attr, d)
            return [d.classes[text]] if text in ops else []
        return []

    out: list[tuple[ast.AST, ast.AST]] = []

    def run(classes: list[ast.ClassDef], names, node: ast.AST) -> None:
        for c in classes:
            for name in names:
                found = _method_of(c, name, d)
                if found is not None and found[0] is not fn and (found[0], node) not in out:
                    out.append((found[0], node))

    for b in body.binops:
        pair = _BINOP_DUNDERS.get(type(b.op))
        if pair is not None:
            run(classes_of(b.left), pair[:1], b)
            run(classes_of(b.right), pair[1:], b)
    for s in body.subscripts:
        if type(s.ctx) is ast.Load:
            run(classes_of(s.value), ("__getitem__",), s)
    for call in body.calls:
        f = call.func
        if type(f) is ast.Name and f.id == "len" and len(call.args) == 1:
            run(classes_of(call.args[0]), ("__len__",), call)
            continue
        run(classes_of(f), ("__call__",), call)
        if type(f) is ast.Name and hasattr(builtins, f.id):  # isinstance(A, Operator), print(A)
            continue
        for a in (*call.args, *(k.value for k in call.keywords)):
            run([c for c in classes_of(a) if ops[c.name]], sorted(_OPERATOR_DUNDERS), call)
    return out


def _bound_lambdas(body: _Body) -> dict[str, list[ast.Lambda]]:
    """Local name -> the lambdas the function binds to it (``f = lambda p: g(p)``); empty for most."""
    lambdas: dict[str, list[ast.Lambda]] = {}
    for b in body.binders:
        if type(b) is ast.Assign and type(b.value) is ast.Lambda and len(b.targets) == 1 and type(b.targets[0]) is ast.Name:
            lambdas.setdefault(b.targets[0].id, []).append(b.value)
    return lambdas


def _lambda_calls(body: _Body, mapped: bool = True) -> list[ast.Call]:
    """The calls in the bodies of the lambdas a function binds to a local name and calls by it
    (torchimize's ``jac_fun = lambda p: jacobian_approx_t(p, f=fun)``, then ``j = jac_fun(p)``):
    Dynamo traces the lambda where it is called, so what its body calls runs in the trace (not a
    call of one of the lambda's own parameters). So does a lambda handed to ``map``, which Dynamo
    inlines on each element (pyqtorch's ``map(lambda p: sample_multinomial(p, ...), probs)``), where
    ``mapped`` (the calls leaving the file: a lambda's call of the file's own function is rare)."""
    lambdas = _bound_lambdas(body)  # the pretest: most functions bind no lambda
    mapped = [c.args[0] for c in body.calls if type(c.func) is ast.Name and c.func.id == "map"
              and len(c.args) > 1 and type(c.args[0]) is ast.Lambda] if mapped else ()
    if not lambdas and not mapped:
        return []
    return _calls_in_lambdas(body, lambdas, mapped)


def _calls_in_lambdas(body: _Body, lambdas: dict[str, list[ast.Lambda]], mapped) -> list[ast.Call]:
    """``_lambda_calls`` of a body that binds or maps a lambda: apart, since its comprehensions'
    cells were made at every call."""
    out = []
    for lam in [*(lam for name in dict.fromkeys(c.func.id for c in body.calls if type(c.func) is ast.Name
                                                 and c.func.id in lambdas) for lam in lambdas[name]), *mapped]:
        own = {a.arg for a in (*lam.args.posonlyargs, *lam.args.args, *lam.args.kwonlyargs)}
        out += [n for n in all_nodes(lam.body) if type(n) is ast.Call
                and not (type(n.func) is ast.Name and n.func.id in own) and n not in out]
    return out


def _properties(cls: ast.ClassDef, d: _State) -> dict[str, ast.AST]:
    """The getters of the ``@property`` (and ``cached_property``) attributes of ``cls`` and its
    in-file bases, by name, the nearest class's: Dynamo inlines a getter where traced code reads
    the attribute (torchflows' ``PartialCoupling.constant_shape`` reading ``source_event_size``,
    ``int(torch.sum(self.source_mask))``; constructs.py "property getter reads a tensor's value")."""
    out: dict[str, ast.AST] = {}
    for c, _ in reversed(_lineage(cls, d)):
        for m in c.body:
            if type(m) in _FUNCS and m.decorator_list and any(
                    dotted(x) in _PROPERTY_DECORATORS for x in m.decorator_list):
                out[m.name] = m
    return out


def _setters(cls: ast.ClassDef, d: _State) -> dict[str, ast.AST]:
    """The setters (``@vecs.setter``) of the properties of ``cls`` and its in-file bases, by name, the
    nearest class's: Dynamo inlines one where traced code assigns the attribute, ``self.vecs = v``
    in ``__init__`` (oflibpytorch's ``Flow``, whose setters validate the flow and its mask with
    ``if`` on tensors; constructs.py "property setter run by an assignment in __init__", GB0170)."""
    found = d.setters.get(id(cls))
    if found is None:
        found = d.setters[id(cls)] = {}
        for c, methods in reversed(_lineage(cls, d)):
            for name, m in methods.items():
                if any(type(x) is ast.Attribute and x.attr == "setter" for x in m.decorator_list):
                    found[name] = m
                elif name in found:
                    del found[name]  # a nearer class defines the name again: its own, no setter
    return found


def _called_arguments(call: ast.Call, target: ast.AST, d: _State) -> list[str]:
    """The names ``call`` hands to parameters of ``target`` (a function or method of this file it
    runs) that ``target`` calls by name: ``_gw_loop(..., sinkhorn_fn=_sinkhorn_torch)`` where
    ``_gw_loop`` runs ``sinkhorn_fn(p, q, C, reg)``. The function handed runs in the trace (inlined,
    or a frame of its own when it breaks), from the caller's call of ``target``. torchgw's solvers
    (``held_out_16``); constructs.py "a function handed to a helper that calls it"."""
    if type(call) is not ast.Call or not isinstance(target, _FUNCS) or not any(
            type(a) is ast.Name for a in (*call.args, *(k.value for k in call.keywords))):
        return []
    called = d.called_params.get(id(target))
    if called is None:
        params = _param_names(target)
        called = d.called_params[id(target)] = frozenset(
            c.func.id for c in _body(target, d).calls if type(c.func) is ast.Name and c.func.id in params)
    if not called:
        return []
    params = [a.arg for a in (*target.args.posonlyargs, *target.args.args)]
    if params and params[0] in ("self", "cls") and type(call.func) is ast.Attribute:
        params = params[1:]
    given = {**{params[i]: a for i, a in enumerate(call.args[:len(params)]) if type(a) is not ast.Starred},
             **{k.arg: k.value for k in call.keywords if k.arg}}
    return [a.id for p, a in given.items() if p in called and type(a) is ast.Name]


def _handed_on(call: ast.Call, tf: Traced, d: _State, project: set[str]) -> list[tuple[str, str]]:
    """(position or keyword, function) for each function of this file that ``call`` (of a helper
    of another file) hands on: ``self.m``, a method of the caller's class that is no property, or
    a module-level function by a name the caller does not bind itself. Where the helper calls that
    parameter (ema-pytorch's ``default(val, d)``: ``d() if callable(d) else d``), the project model
    makes it a root here (``Project.callee``, ``HANDED``). A local name bound to a lambda hands on
    what the lambda's body calls through an import of the project, written ``=`` and the call as
    written: torchimize's ``jac_fun = lambda p: batch_jacobian_approx_t(p, f=fun)`` handed to
    ``newton_step_parallel(p, fun, jac_fun, wvec)``, which calls ``jac_function(p)``."""
    out, own, lambdas = [], None, None
    given = [*((str(i), a) for i, a in enumerate(call.args)), *((k.arg, k.value) for k in call.keywords if k.arg)]
    for key, a in given:
        if type(a) is ast.Starred:
            break
        if type(a) is ast.Name and (lambdas := _bound_lambdas(_body(tf.node, d)) if lambdas is None else lambdas) \
                and a.id in lambdas:
            for lam in lambdas[a.id]:
                params = {p.arg for p in (*lam.args.posonlyargs, *lam.args.args, *lam.args.kwonlyargs)}
                for n in all_nodes(lam.body):
                    base = n.func if type(n) is ast.Call else None
                    while type(base) is ast.Attribute:
                        base = base.value
                    if (type(base) is ast.Name and base.id in project and base.id not in params
                            and base.id not in d.functions and base.id not in d.classes
                            and (key, f"={dotted(n.func)}") not in out):
                        out.append((key, f"={dotted(n.func)}"))
        elif type(a) is ast.Name and a.id in d.functions:
            own = _own_names(tf.node, _body(tf.node, d)) if own is None else own
            if a.id not in own:
                out.append((key, a.id))
        elif type(a) is ast.Name and (nested := _nested_def(tf.node, a.id, d)) is not None:
            out.append((key, nested))  # qqn-torch's obj_func, defined in search, handed to strong_wolfe(...)
        elif type(a) is ast.Attribute and type(a.value) is ast.Name and a.value.id == "self" and tf.cls is not None:
            found = _method_of(tf.cls, a.attr, d)
            if found is not None and found[0] is not tf.node and not any(
                    dotted(x) in _PROPERTY_DECORATORS for x in found[0].decorator_list):
                out.append((key, f"{found[1].name}.{a.attr}"))
    return out


def _nested_def(fn: ast.AST, name: str, d: _State) -> str | None:
    """``Cls.m.<locals>.name`` for the function ``fn`` defines as ``name`` (summary's ``defined_once``);
    the file's nested functions by name spare most calls its walk."""
    if d.nested is None:
        d.nested = {}
        for chain in d.chains.values():
            if len(chain) > 2 and isinstance(chain[-2], _FUNCS):
                d.nested.setdefault(chain[-1].name, []).append(chain[-1])
    if not any(d.chains[id(n)][-2] is fn for n in d.nested.get(name, ())):
        return None
    found = defined_once(fn, name)
    return _qualname(d.chains[id(found)]) if found is not None else None


def _own_names(fn: ast.AST, body: _Body) -> set[str]:
    """The names ``fn`` binds itself: its parameters, and names it assigns or loops over."""
    return _param_names(fn) | {t.id for b in body.binders for t in (b.targets if type(b) is ast.Assign else (b.target,))
                               if type(t) is ast.Name}


def _globals_read(fn: ast.AST, body: _Body, d: _State) -> dict[str, list[str]]:
    """The module-level instances ``fn`` may read: those whose name it does not bind itself."""
    own = _own_names(fn, body)
    return {name: texts for name, texts in d.module_made.items() if name not in own}


def _made_here(body: _Body, d: _State, fn: ast.AST | None = None, cls: ast.ClassDef | None = None
               ) -> tuple[dict[str, list[ast.ClassDef]], dict[str, list[tuple[ast.ClassDef, str]]]]:
    """Local names bound in the function to an instance of a class of this file (``hess =
    BFGS(x)``, on either side of an ``if`` or of ``a if c else b``: every class; with the
    function ``fn`` of ``cls``, also ``_built_by``'s alternative constructors), and local
    names bound to a method of such an instance (``closure = sf.closure``), and the names a ``for``
    or a comprehension binds over a list comprehension of instances (pyniftireg's ``starts``)."""
    made: dict[str, list[ast.ClassDef]] = {}
    methods: dict[str, list[tuple[ast.ClassDef, str]]] = {}
    lists: dict[str, list[ast.ClassDef]] = {}  # starts = [Start(s) for s in scales]: a list of instances
    own = _class_param(fn) if cls is not None else None
    for node in body.binders:
        if type(node) in _LOOPS and type(node.target) is ast.Name and type(node.iter) is ast.Name \
                and node.iter.id in lists:  # for st in starts:
            made.setdefault(node.target.id, []).extend(lists[node.iter.id])
        if type(node) is not ast.Assign or len(node.targets) != 1 or type(node.targets[0]) is not ast.Name:
            continue
        name, value = node.targets[0].id, node.value
        if type(value) is ast.ListComp:
            value, made_now = value.elt, lists
        else:
            made_now = made
        for v in (value.body, value.orelse) if type(value) is ast.IfExp else (value,):
            if type(v) is ast.Call and type(v.func) is ast.Name and v.func.id in d.classes:
                made_now.setdefault(name, []).append(d.classes[v.func.id])
            elif type(v) is ast.Call and fn is not None and (built := _built_by(v.func, own, cls, d)) is not None:
                made_now.setdefault(name, []).append(built)
        if type(value) is ast.Attribute and type(value.value) is ast.Name and value.value.id in made:
            methods.setdefault(name, []).extend((c, value.attr) for c in made[value.value.id])
    for comp in body.comprehensions if lists else ():  # [st.run(x) for st in starts]
        for gen in comp.generators:
            if type(gen.target) is ast.Name and type(gen.iter) is ast.Name and gen.iter.id in lists:
                made.setdefault(gen.target.id, []).extend(lists[gen.iter.id])
    return made, methods


def _class_param(fn: ast.AST | None) -> str | None:
    """The first parameter of a ``@classmethod`` (``cls``), else None."""
    if fn is None or not any(dotted(x) == "classmethod" for x in getattr(fn, "decorator_list", ())):
        return None
    params = [*fn.args.posonlyargs, *fn.args.args]
    return params[0].arg if params else None


def _built_by(f: ast.AST, own: str | None, cls: ast.ClassDef | None, d: _State,
              depth: int = 0) -> ast.ClassDef | None:
    """The class of this file a call of ``f`` builds: ``cls(...)`` in a classmethod of ``cls``
    (``own`` its first parameter), or ``Cls.init(...)`` / ``cls.init(...)`` where ``init`` is a
    classmethod whose every ``return`` is ``cls(...)`` (pytorch-gmm's ``gmm = cls.init(x)`` in
    ``GMM.init_and_train``, then ``gmm.train(x)``) or another such classmethod's call (torchvine's
    ``cls.from_order(...)``, which returns ``cls.from_structure(...)``, which returns ``cls(...)``)."""
    if type(f) is ast.Name:
        return cls if own is not None and f.id == own else None
    if type(f) is not ast.Attribute or type(f.value) is not ast.Name or depth > 3:
        return None
    c = cls if own is not None and f.value.id == own else d.classes.get(f.value.id)
    found = _method_of(c, f.attr, d) if c is not None else None
    param = _class_param(found[0]) if found is not None else None
    returns = [n.value for n in all_nodes(found[0]) if type(n) is ast.Return] if param else []
    for v in returns:  # a loop: no cell made per call
        if not (type(v) is ast.Call and (type(v.func) is ast.Name and v.func.id == param
                                         or _built_by(v.func, param, c, d, depth + 1) is c)):
            return None
    return c if returns else None


def _instance_calls(call: ast.Call, made, d: _State) -> list[ast.AST]:
    """The methods of in-file classes a call runs through a local instance (``hess.update(s,
    y)``), a local name bound to one of their methods (``closure(x)``), or such a method passed
    as an argument (``line_search(sf.evaluate, x)``, ``line_search(evaluate, x)``): a callable
    handed to traced code runs in the trace (inlined, or a frame of its own)."""
    instances, bound = made
    out = []
    f = call.func
    pairs: list[tuple[ast.ClassDef, str]] = []
    if type(f) is ast.Attribute and type(f.value) is ast.Name and f.value.id in instances:
        pairs += [(c, f.attr) for c in instances[f.value.id]]
    elif type(f) is ast.Name and f.id in bound:
        pairs += bound[f.id]
    for a in (*call.args, *(k.value for k in call.keywords)):
        if type(a) is ast.Attribute and type(a.value) is ast.Name and a.value.id in instances:
            pairs += [(c, a.attr) for c in instances[a.value.id]]
        elif type(a) is ast.Name and a.id in bound:
            pairs += bound[a.id]
    for c, name in pairs:
        found = _method_of(c, name, d)
        if found is not None and found[0] not in out:
            out.append(found[0])
    return out


def _abstract(fn: ast.AST) -> bool:
    """A method that only declares itself (``@abstractmethod``, or a body of ``pass``, ``...``,
    a docstring or ``raise NotImplementedError``): a call of it runs an override."""
    if any(dotted(dec).rpartition(".")[2] == "abstractmethod" for dec in fn.decorator_list):
        return True
    body = [s for s in fn.body if not (type(s) is ast.Expr and type(s.value) is ast.Constant)]
    return bool(body) and all(type(s) is ast.Pass or type(s) is ast.Expr and type(s.value) is ast.Constant
                              or type(s) is ast.Raise and s.exc is not None
                              and dotted(s.exc.func if type(s.exc) is ast.Call else s.exc) == "NotImplementedError"
                              for s in body)


def _overrides_here(base: ast.ClassDef, name: str, d: _State) -> list[ast.AST]:
    """The methods ``name`` that the in-file subclasses of ``base`` define."""
    out = []
    for c in d.classes.values():
        if c is base or name not in (methods := _methods(c)):
            continue
        if any(b is base for b, _ in _lineage(c, d)[1:]):
            out.append(methods[name])
    return out


_CONTAINER_ANNOTATIONS = frozenset({"dict", "list", "set", "Dict", "List", "Set", "typing.Dict", "typing.List",
                                    "typing.Set", "collections.OrderedDict", "OrderedDict"})


def _builtin_container(e: ast.AST, chain, ctx: Context) -> bool:
    """``e`` is certainly a dict, list or set: a display of one, or a parameter of the innermost
    function that its annotation says is one (``defopt: Dict``, ``opts: dict[str, int]``) or that
    collects keywords (``**kwargs``), and that the function does not rebind."""
    if type(e) in (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp):
        return True
    fn = chain[-1] if chain and isinstance(chain[-1], _FUNCS) else None
    if type(e) is not ast.Name or fn is None:
        return False
    a = fn.args
    if a.kwarg is not None and a.kwarg.arg == e.id:
        kind = True
    else:
        p = next((p for p in (*a.posonlyargs, *a.args, *a.kwonlyargs) if p.arg == e.id), None)
        ann = p.annotation if p is not None else None
        if type(ann) is ast.Subscript:
            ann = ann.value
        kind = ann is not None and dotted(ann) in _CONTAINER_ANNOTATIONS
    return kind and not any(type(n) is ast.Name and n.id == e.id and type(n.ctx) is ast.Store
                            for n in all_nodes(fn))


def _held_functions(body: _Body, d: _State) -> dict[str, list[ast.AST]]:
    """Local names bound to functions of the file (``step = _step1``, ``step = None if done else
    _step1``, or to a lambda that calls one: torchimize's ``lm_uv_step = lambda rho, u, v:
    marquardt_uv(rho, u, v, ...)``): name -> the functions; and for a name rebound to its own call's result (``step =
    step(state)``, a state machine of step functions: fast-bss-eval's Hungarian solver), also every
    function of the file those return by name, transitively (constructs.py "state machine of step
    functions")."""
    out: dict[str, list[ast.AST]] = {}
    rebound = set()
    for node in body.binders:
        if type(node) is not ast.Assign or len(node.targets) != 1 or type(node.targets[0]) is not ast.Name:
            continue
        name, value = node.targets[0].id, node.value
        if type(value) is ast.Call and type(value.func) is ast.Name and value.func.id == name:
            rebound.add(name)
            continue
        for v in (value.body, value.orelse) if type(value) is ast.IfExp else (value,):
            if type(v) is ast.Lambda and type(v.body) is ast.Call:  # step = lambda r, u: _marquardt(r, u, beta)
                v = v.body.func
            if type(v) is ast.Name and v.id in d.functions:
                out.setdefault(name, []).append(d.functions[v.id])
    if d.functions:  # methods = {"rk4": rk4, ...}; solver = methods[name]: every function of the file it may pick
        for name, texts in _function_picks(body, d).items():
            held = out.setdefault(name, [])
            held.extend(d.functions[t] for t in texts if t in d.functions and d.functions[t] not in held)
    for name in rebound & out.keys():
        todo, held = list(out[name]), out[name]
        while todo:
            for stmt in _body(todo.pop(), d).statements:
                v = stmt.value if type(stmt) is ast.Return else None
                for r in (v.body, v.orelse) if type(v) is ast.IfExp else (v,):
                    fn = d.functions.get(r.id) if type(r) is ast.Name else None
                    if fn is not None and fn not in held:
                        held.append(fn)
                        todo.append(fn)
    return out


def _function_picks(body: _Body, d: _State) -> dict[str, tuple[str, ...]]:
    """Local names holding a table of functions, or a function picked from one, as written: a dict
    display of functions (``methods = {"rk4": rk4_ivp, "rk45": rk45_adaptive}``, its values may be
    the module's tables, _function_tables), a pick from one (``solver = methods[name]``, ``methods
    = {"rootfinder": _RF_METHODS, ...}[alg_type]``), and what a call handed one returns
    (``solver = get_method("solve_ivp", methods, name)``). The key is known at run time: a call
    of the name runs one of them, so each is reached (xitorch's solvers, held_out_17;
    constructs.py "function picked from a table of functions")."""
    tables = d.function_tables or {}
    out: dict[str, tuple[str, ...]] = {}
    for node in body.binders:
        if type(node) is not ast.Assign or len(node.targets) != 1 or type(node.targets[0]) is not ast.Name:
            continue
        v = node.value
        if type(v) is ast.Call:
            if not (out or tables):
                continue
            texts = tuple(t for a in (*v.args, *(k.value for k in v.keywords)) if type(a) in (ast.Name, ast.Dict)
                          for t in _table_texts(a, tables, out))
        else:
            texts = _table_texts(v, tables, out)
        if texts:
            name = node.targets[0].id
            out[name] = tuple(dict.fromkeys((*out.get(name, ()), *texts)))
    return out


def _table_texts(v: ast.AST, tables: dict[str, tuple[str, ...]], local: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The functions (as written) of the table ``v`` is, or picks from (``_function_picks``); ()
    when it is none: a dict with a value that is no function (a class, a constant, a lambda)."""
    while type(v) is ast.Subscript:
        v = v.value
    if type(v) is ast.Name:
        return local.get(v.id) or tables.get(v.id, ())
    if type(v) is not ast.Dict or not v.values or None in v.keys:
        return ()
    texts: list[str] = []
    for x in v.values:
        if type(x) is ast.Call and dotted(x.func).rpartition(".")[2] == "partial" and x.args:
            x = x.args[0]
        inner = _table_texts(x, tables, local) if type(x) in (ast.Dict, ast.Name) else ()
        text = dotted(x)
        if inner:
            texts += inner
        elif text and not text.rpartition(".")[2][:1].isupper():
            texts.append(text)
        else:
            return ()
    return tuple(dict.fromkeys(texts))


def _bound_methods(body: _Body) -> dict[str, list[str]]:
    """``sample_fn = self.p_sample_loop if c else self.ddim_sample``: name -> method names."""
    out: dict[str, list[str]] = {}
    for node in body.binders:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values = [node.value.body, node.value.orelse] if isinstance(node.value, ast.IfExp) else [node.value]
            for v in values:
                if isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name) and v.value.id == "self":
                    out.setdefault(node.targets[0].id, []).append(v.attr)
    return out


def _init_of(chain: tuple) -> ast.ClassDef | None:
    """The class whose ``__init__`` the walk is in (through comprehensions and lambdas), or None."""
    for i in range(len(chain) - 1, 0, -1):
        kind = type(chain[i])
        if kind in _FUNC_TYPES:
            return chain[i - 1] if chain[i].name == "__init__" and type(chain[i - 1]) is ast.ClassDef else None
        if kind is ast.ClassDef:
            return None
    return None


def _named_classes(cls: ast.ClassDef, d: _State) -> dict[str, ast.AST]:
    """Names the class's ``__init__`` calls, passes to a call or takes as a default (``Block`` in
    ``nn.ModuleList([Block(cfg) for _ in ...])``, ``block_fn=Block``), collected by the walk: the
    classes among them are its submodules' classes, whose forward runs when its forward does."""
    return d.named.get(id(cls), {})


def _attr_class(cls: ast.ClassDef, attr: str, d: _State) -> str | None:
    """What ``self.attr = Cls(...)`` in ``cls`` or an in-file base built, as written."""
    todo, seen = [cls], set()
    while todo:
        c = todo.pop(0)
        if id(c) in seen:
            continue
        seen.add(id(c))
        built = d.attr_class.get(id(c), {}).get(attr)
        if built is None and attr in _init_params(c, d).values():
            built = _injected(c, d).get(attr)
        if built is not None:
            return built
        for b in c.bases:  # a loop: a generator made a cell of d at every call
            if isinstance(b, ast.Name) and b.id in d.classes:
                todo.append(d.classes[b.id])
    # no construction says it: the class the attribute is declared to hold (self.x: Cls | None = None)
    return d.attr_declared.get(id(cls), {}).get(attr)


def _injected(cls: ast.ClassDef, d: _State) -> dict[str, str]:
    """``self.attr`` -> ``Cls`` as written, for a module passed to ``__init__`` (``self.box_predictor
    = box_predictor``) that the class's own builder makes: ``ret["box_predictor"] = Cls(...)`` or
    ``{"box_predictor": Cls(...)}`` / ``box_predictor = Cls(...)`` then ``{"box_predictor":
    box_predictor}`` in another method (detectron2's ``from_config``)."""
    hit = d.injected.get(id(cls))
    if hit is not None:
        return hit
    out: dict[str, str] = {}
    passed = _init_params(cls, d)
    init = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
    for method in cls.body if passed else ():
        if not isinstance(method, ast.FunctionDef) or method is init:
            continue
        built = {}  # local name -> Cls, from name = Cls(...)
        dicts = []  # read once every name = Cls(...) of the method is known
        for node in all_nodes(method):
            if type(node) is ast.Dict:
                dicts.append(node)
            elif type(node) is ast.Assign and isinstance(node.value, ast.Call) and dotted(node.value.func):
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        built[t.id] = dotted(node.value.func)
                    elif (isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Constant)
                          and t.slice.value in passed):
                        out.setdefault(passed[t.slice.value], dotted(node.value.func))
        for node in dicts:
            for k, v in zip(node.keys, node.values):
                if isinstance(k, ast.Constant) and k.value in passed:
                    cls_text = (dotted(v.func) if isinstance(v, ast.Call) else
                                built.get(v.id) if isinstance(v, ast.Name) else None)
                    if cls_text:
                        out.setdefault(passed[k.value], cls_text)
    out = {attr: text for attr, text in out.items() if text.rpartition(".")[2][:1].isupper()}
    d.injected[id(cls)] = out
    return out


def _init_params(cls: ast.ClassDef, d: _State) -> dict[str, str]:
    """Parameter -> attribute, for ``self.attr = parameter`` in the class's ``__init__``: the
    attributes ``_injected`` may name a class for (its methods are searched only for those)."""
    hit = d.init_params.get(id(cls))
    if hit is not None:
        return hit
    init = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
    passed = d.init_params[id(cls)] = dict(init_stores(init))
    return passed


@dataclass
class _Body:
    """The nodes of a function's own body that the checks look at, each list in source
    order, and where every own node sits. "Own" leaves out nested functions', classes' and
    lambdas' bodies (their definitions are in) and branches Dynamo never takes."""

    where: dict[int, tuple[ast.stmt, str | None]]  # node id -> innermost statement, trap
    statements: list[ast.stmt] = field(default_factory=list)
    calls: list[ast.Call] = field(default_factory=list)
    binops: list[ast.BinOp] = field(default_factory=list)
    binders: list[ast.AST] = field(default_factory=list)  # assignments and for loops
    tests: list[ast.AST] = field(default_factory=list)  # if, while, conditional expressions, calls
    raises: list[ast.Raise] = field(default_factory=list)
    defs: list[ast.AST] = field(default_factory=list)  # nested def statements
    comprehensions: list[ast.AST] = field(default_factory=list)  # list, set and dict comprehensions
    subscripts: list[ast.Subscript] = field(default_factory=list)  # loads of x[i] and x[a:b] (stores too)
    compares: list[ast.Compare] = field(default_factory=list)
    resumed: set[int] = field(default_factory=set)  # ids of the statements of loops whose break Dynamo resumes after


# bodies where a break cannot be resumed; a generator expression's too: Dynamo inlines the generator and,
# breaking inside it, skips the frame it compiles (constructs.py "item in a generator expression": 0 graphs;
# a list comprehension resumes, "item in a list comprehension": 2)
_TRAPPING = (*_LOOPS, *_TRYS, ast.With, ast.AsyncWith, ast.GeneratorExp)
_BINDERS = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor)
# _Body's lists, with the node types each takes
_LISTS = (("statements", ast.stmt), ("calls", ast.Call), ("binops", ast.BinOp), ("binders", _BINDERS),
          ("tests", (ast.If, ast.While, ast.IfExp, ast.Call)), ("raises", ast.Raise), ("defs", _FUNCS),
          ("comprehensions", (ast.ListComp, ast.SetComp, ast.DictComp)), ("subscripts", ast.Subscript),
          ("compares", ast.Compare))
_PLAIN, _SCOPE, _BRANCH, _TRAP = "plain", "scope", "branch", "trap"
_TOP = (None, None)  # a function body's top: no statement around it yet, no trap
# node type -> (the _Body lists it joins, is a statement, how to walk it, child fields last first)
_PLANS: dict[type, tuple[tuple[str, ...], bool, str, tuple[str, ...]]] = {}


def _plan(cls: type) -> tuple[tuple[str, ...], bool, str, tuple[str, ...]]:
    kind = (_SCOPE if issubclass(cls, SCOPE_TYPES) else _BRANCH if issubclass(cls, (ast.If, ast.IfExp))
            else _TRAP if issubclass(cls, _TRAPPING) else _PLAIN)
    return (tuple(name for name, types in _LISTS if issubclass(cls, types)), issubclass(cls, ast.stmt),
            kind, tuple(reversed(node_fields(cls))))


# every node type of the ast module (what isinstance(x, ast.AST) takes in a parsed tree)
_NODE_TYPES = frozenset(node_types(ast.AST))


def _traps_call(trap: str | None) -> bool:
    """A call from where ``trap`` says traps its caller when the callee breaks. Not yet from a
    generator expression, though Dynamo skips the frame there too (pretrained-vit's ``split_last`` of
    q, k, v): a function's trapped callees are known by name, not by line, so a callee called outside
    the generator as well (toolbelt's Lovasz loss, per image or not) would be taken as trapped there."""
    return bool(trap) and trap != "generator"


def _enclosing(fn: ast.AST, d: _State) -> dict[int, tuple[ast.stmt, str | None]]:
    """For each node id of ``fn``'s own body: its innermost statement, and whether it sits in
    a loop, a ``try`` block or a user context manager (where a break cannot be resumed)."""
    return _body(fn, d).where


def _body(fn: ast.AST, d: _State) -> _Body:
    """``fn``'s own body, from one walk (iterative: a deep expression must not overflow the
    stack), in source order."""
    hit = d.bodies.get(id(fn))
    # the walk apart: its four closure cells were made at every call, and 34,000 of timm's 36,000 are hits
    return hit if hit is not None else _walked_body(fn, d)


def _walked_body(fn: ast.AST, d: _State) -> _Body:
    where: dict[int, tuple[ast.stmt, str | None]] = {}
    body = _Body(where)
    lists = vars(body)
    # each node with its (innermost statement, trap): one pair per statement, shared by what it holds
    todo: list[tuple[ast.AST, tuple[ast.stmt | None, str | None]]] = [(s, _TOP) for s in reversed(_live(fn.body, d))]
    pop, push = todo.pop, todo.append
    nodes = _NODE_TYPES
    while todo:
        node, at = pop()
        cls = type(node)
        plan = _PLANS.get(cls)
        if plan is None:
            plan = _PLANS[cls] = _plan(cls)
        routes, is_stmt, kind, fields = plan
        for name in routes:
            lists[name].append(node)
        if is_stmt:
            at = (node, at[1])
        where[id(node)] = at
        if kind is _PLAIN:  # most nodes: children share the node's statement and trap
            for name in fields:
                value = getattr(node, name)
                if type(value) is list:
                    if len(value) == 1:  # most lists (traversal.walk)
                        if type(value[0]) in nodes:
                            push((value[0], at))
                    elif value:
                        for child in reversed(value):
                            if type(child) in nodes:  # a node (not None, not a str): one set lookup
                                push((child, at))
                elif type(value) in nodes:
                    push((value, at))
            continue
        if kind is _SCOPE:
            continue
        stmt, trap = at
        if kind is _BRANCH:
            const = constant_test(node.test, d)
            if const is not None:
                branch = node.body if const else node.orelse
                todo.extend((child, at) for child in reversed(_live(branch, d) if isinstance(branch, list) else [branch]))
                continue
            todo.extend([(child, at) for child in reversed(child_nodes(node))])
            continue
        children = []  # _TRAPPING: the body's trap differs from the header's
        if cls is ast.GeneratorExp:  # all of it runs in the generator but its first iterable, evaluated outside
            inner = (stmt, trap or "generator")
            children.append((node.elt, inner))
            for comp in node.generators:
                where[id(comp)] = inner
                children.extend((child, at if child is node.generators[0].iter else inner)
                                for child in (comp.target, comp.iter, *comp.ifs))
            todo.extend(reversed(children))
            continue
        for name in node_fields(cls):
            value = getattr(node, name, None)
            inner = at
            if isinstance(node, _LOOPS) and name in ("body", "orelse"):
                inner = (stmt, trap or "loop")
            elif isinstance(node, _TRYS) and name == "body":
                inner = (stmt, trap or "try")
            elif isinstance(node, _WITHS) and name == "body":
                if not _resumable_with(node):
                    inner = (stmt, trap or "with")
            children.extend((child, inner) for child in (value if isinstance(value, list) else [value])
                            if isinstance(child, ast.AST))
        todo.extend(reversed(children))
    if any(type(s) in _LOOP_EXITS and where[id(s)][1] == "loop" for s in body.statements):
        resumed = _returns_first(fn)  # a return (or a break ending fn) ahead of the loop's end: resumed there
        for key, (stmt, trap) in where.items():
            if trap == "loop" and id(stmt) in resumed:
                where[key] = (stmt, None)
        body.resumed = resumed
    d.bodies[id(fn)] = body
    return body


_RET, _BACK, _BACK_NOW = "return", "backedge", "next: a jump back"
_LOOP_EXITS = (ast.Return, ast.Break)


def _loops_ending(fn: ast.AST) -> set[int]:
    """Ids of ``fn``'s loops after which it ends with no statement (each the last of the body, or of
    a branch that is): CPython (3.11) copies the implicit ``return None`` into each ``break`` of such a
    loop, so the bytecode after the ``break`` is a return."""
    out, todo = set(), [fn.body]
    while todo:
        stmts = todo.pop()
        last = stmts[-1] if stmts else None
        if type(last) is ast.If:
            todo += (last.body, last.orelse)
        elif isinstance(last, _LOOPS):
            out.add(id(last))
    return out


def _returns_first(fn: ast.AST) -> set[int]:
    """The statements of ``fn``'s loops whose break Dynamo resumes after. Where a break sits in
    a loop, Dynamo scans the bytecode after it up to the first ``return``: a jump back before
    the break (the loop's end, a ``continue``) makes it give up on the whole frame, a
    ``return`` first makes it resume (torch/_dynamo/symbolic_convert.py ``maybe_has_backedge``;
    constructs.py "loop of an optimizer step, a return after the breaks"). The scan follows the
    source order the bytecode keeps: a branch's body, then its ``else``, then what follows;
    a ``try`` block or a branch at the loop's end with an ``else`` is taken for a jump back
    (CPython threads the body's jump into the loop's own). Ids of the simple statements, and
    of the ``if``/``with`` statements whose header holds the break. A ``break`` of a loop the
    function ends with is a return (``_loops_ending``; constructs.py "break on a tensor test, the loop
    ending the function")."""
    found: set[int] = set()
    ending = _loops_ending(fn)
    exits = [None]  # what the scan meets at a ``break`` of the loop walked: a return, or (None) what follows it

    def has_return(node: ast.AST) -> bool:
        todo = list(child_nodes(node))
        while todo:
            n = todo.pop()
            if type(n) is ast.Return:
                return True
            if not isinstance(n, SCOPE_TYPES):
                todo.extend(child_nodes(n))
        return False

    def scan(stmts: list, out):  # the outcome of scanning through ``stmts``, then ``out``
        for s in reversed(stmts):
            out = whole(s, out)
        return out

    def if_body_follow(s: ast.If, out):  # the body's end jumps over the else: to a jump back, threaded
        if not s.orelse:
            return out
        return _BACK if out == _BACK_NOW else scan(s.orelse, out)

    def whole(s: ast.stmt, out):
        r = through(s, out)
        return _BACK if r == _BACK_NOW and type(s) is not ast.Continue else r

    def through(s: ast.stmt, out):
        if type(s) is ast.Return:
            return _RET
        if type(s) is ast.Continue:
            return _BACK_NOW
        if type(s) is ast.Break:
            return exits[-1] or out
        if type(s) is ast.If:
            return scan(s.body, if_body_follow(s, out))
        if isinstance(s, _LOOPS):  # a nested loop jumps back to its own head, after the break
            return _RET if has_return(s) else out
        if isinstance(s, (ast.With, ast.AsyncWith)):
            return scan(s.body, out)
        if isinstance(s, _TRYS) or type(s).__name__ == "Match":
            return _BACK
        return out

    def walk(stmts: list, follow, in_loop: bool) -> None:
        out = follow
        for s in reversed(stmts):
            if in_loop:
                if type(s) is ast.If:
                    header = scan(s.body, if_body_follow(s, out))
                elif isinstance(s, (ast.With, ast.AsyncWith)):
                    header = scan(s.body, out)
                elif isinstance(s, (*_LOOPS, *_TRYS, *SCOPE_TYPES)) or type(s).__name__ == "Match":
                    header = None
                else:
                    header = _RET if type(s) is ast.Return else out
                if header == _RET:
                    found.add(id(s))
            if type(s) is ast.If:
                walk(s.body, if_body_follow(s, out), in_loop)
                walk(s.orelse, out, in_loop)
            elif isinstance(s, _LOOPS):
                exits.append(_RET if id(s) in ending else None)
                walk(s.body, _BACK_NOW, True)
                exits.pop()
                walk(s.orelse, out, in_loop)
            elif isinstance(s, (ast.With, ast.AsyncWith)):
                walk(s.body, out, in_loop)
            elif isinstance(s, _TRYS):
                for block in (s.body, *(h.body for h in s.handlers), s.orelse, s.finalbody):
                    walk(block, _BACK, in_loop)
            out = whole(s, out)

    walk(fn.body, _RET, False)
    del has_return, scan, if_body_follow, whole, through, walk, exits  # they call each other: see _off_by_default
    return found


_EXITS = (ast.Return, ast.Raise)


def _live(stmts: list[ast.stmt], d: _State) -> list[ast.stmt]:
    """``stmts`` up to an ``if`` whose test Dynamo reads as a constant and whose branch so taken ends
    in a return or raise: what follows it is never traced (stylegan2's ``if input.device.type !=
    "cuda": return False`` before its fallback warning)."""
    for i, s in enumerate(stmts):
        if type(s) is ast.If:
            const = constant_test(s.test, d)
            taken = s.body if const else s.orelse
            if const is not None and taken and type(taken[-1]) in _EXITS:
                return stmts[:i + 1]
    return stmts


def _constant_return(fn: ast.AST, d: _State) -> bool | None:
    """The truth of every value a module-level function returns under Dynamo, when its live body
    returns only constants or constant tests of one truth (a fall off its end returns None): else None."""
    if id(fn) in d.returns:
        return d.returns[id(fn)]
    d.returns[id(fn)] = None  # a recursive call is not known
    if type(fn) is not ast.FunctionDef:
        return None
    truths = {False if r.value is None else bool(r.value.value) if type(r.value) is ast.Constant
              else constant_test(r.value, d) for r in _body(fn, d).statements if type(r) is ast.Return}
    live = _live(fn.body, d)
    if not live or type(live[-1]) not in _EXITS:
        truths.add(False)  # it may fall off the end
    if len(truths) != 1 or None in truths or any(type(n) in (ast.Yield, ast.YieldFrom) for n in all_nodes(fn)):
        return None
    found = d.returns[id(fn)] = truths.pop()
    return found


def constant_test(test: ast.AST, d: _State | None = None) -> bool | None:
    """Value Dynamo gives a branch condition built from ``torch.jit.is_scripting()`` and co., and
    (given the file's state) from a call of one of its functions that returns a constant there."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        v = constant_test(test.operand, d)
        return None if v is None else not v
    if (type(test) is ast.Call and d is not None and type(test.func) is ast.Name and test.func.id in d.functions
            and (found := _constant_return(d.functions[test.func.id], d)) is not None):
        return found
    if isinstance(test, ast.BoolOp):
        vals = [constant_test(v, d) for v in test.values]
        if isinstance(test.op, ast.Or):
            if True in vals:
                return True
            return False if all(v is False for v in vals) else None
        if False in vals:
            return False
        return True if all(v is True for v in vals) else None
    if isinstance(test, ast.Call) and not test.args:
        text = dotted(test.func)
        found = _CONSTANT_CALLS.get(text)
        return found if found is not None or text.startswith("torch.") else _CONSTANT_LEAVES.get(text.rpartition(".")[2])
    # a traced tensor is on the compile's device, never CUDA: ``x.is_cuda``, ``x.device.type == "cuda"``
    # (stylegan2's ``if impl == 'cuda' and x.device.type == 'cuda' and _init():`` never builds its plugin)
    if type(test) is ast.Attribute and test.attr == "is_cuda":
        return False
    if type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) in (ast.Eq, ast.NotEq):
        sides = (test.left, test.comparators[0])
        if any(type(s) is ast.Constant and s.value == "cuda" for s in sides) and any(
                type(s) is ast.Attribute and s.attr == "type" and type(s.value) is ast.Attribute
                and s.value.attr == "device" for s in sides):
            return type(test.ops[0]) is ast.NotEq
    return None


# -- tensor values -----------------------------------------------------------------------------

def _to_number(value: ast.AST, ctx: Context, chain: tuple) -> bool:
    """``float(t)``, ``int(t)``, ``bool(t)``, ``t.item()``: a Python number (on the host);
    ``t.tolist()``: Python numbers in a list (``flags = flags.tolist()``, then ``for i, f in
    enumerate(flags): if f:`` reads no tensor)."""
    if type(value) is not ast.Call:
        return False
    f = value.func
    if type(f) is ast.Name:
        return f.id in _SCALAR_BUILTINS and not ctx.names.is_bound(f.id, chain)
    return type(f) is ast.Attribute and f.attr in ("item", "tolist") and not value.args


class Tensors:
    """A rough, local answer to "is this expression a tensor?" for one function.

    Tensors are: ``forward`` parameters without a constant default or a non-tensor
    annotation, parameters annotated ``Tensor``, results of ``torch.*`` calls and of
    tensor-only methods, arithmetic and comparisons involving tensors, and names assigned
    from any of those. ``.shape``, ``.size()``, ``len()`` and ``self.training`` are not.
    A local, or a parameter with a constant default, is a tensor from its first tensor binding on
    (the start of a loop that binds it): a flag parameter rebound to a tensor further down is a flag
    where it is tested. A name is no tensor where an
    ``isinstance`` test says it holds a Python number (``elif clip > 0.0:`` after ``if
    isinstance(clip, torch.Tensor):``), which Dynamo reads as a constant.
    """

    def __init__(self, fn: ast.AST, ctx: Context, chain: tuple, passed: frozenset[str] = frozenset(),
                 entry: bool = False, handed: dict[str, list] | None = None):
        self.ctx, self.chain, self.fn = ctx, chain, fn
        # parameter -> (caller's Tensors, value) for each tensor a traced caller of this file passes it,
        # judged by _surely only where a slice bound asks (most never are)
        self.handed = handed or {}
        self.names: set[str] = set()
        self.assigned: set[str] = set()  # names bound from a tensor expression in the body
        self.since: dict[str, int] = {}  # assigned name -> first line a tensor binding of it reaches
        self.bound: dict[str, set[int]] = {}  # assigned name -> the lines of its tensor bindings
        self.until: dict[str, int] = {}  # name -> last line of its rebinding to a Python number
        self.keyed: dict[tuple[str, str], int] = {}  # (name, string key) -> first line it stores a tensor
        body = _body(fn, ctx.state(_State))
        self.numbers = _numbers(body)  # ids of the name loads an isinstance test makes Python numbers
        self.guarded = _numbers(body, _tensor_names)  # ... and those it makes tensors
        self.passed = passed
        cls = next((c for c in reversed(chain) if isinstance(c, ast.ClassDef)), None)
        self.cls = cls
        d = ctx.state(_State)
        self.buffers = {b for c, _ in _lineage(cls, d) for b in d.buffers.get(id(c), ())} if cls and d.buffers else ()
        args = fn.args
        positional = [*args.posonlyargs, *args.args]
        commented = _type_comment(fn, ctx)  # def f(box, n):  # type: (Tensor, int) -> Tensor
        defaults = parameter_defaults(args)
        is_forward = entry or getattr(fn, "name", "") in ("forward", "__call__")
        unset = []  # the parameters not tensors here
        math_args = _math_operands(fn, ctx, chain) if entry and getattr(fn, "name", "") not in ("forward", "__call__") \
            else ()
        # the autograd context of a Function's forward (``def forward(ctx, x)``, a static method or
        # a class method after ``cls``); its other parameters are tensors where ``Fn.apply(...)``
        # passes one (torchtitan's ``forward(ctx, bias, tp_degree, dtype)``: an int, a dtype)
        function = _is_autograd_function(cls, d)
        ctx_arg = next((a.arg for a in positional if a.arg not in ("self", "cls")), None) if function else None
        is_forward = is_forward and not function
        if function and getattr(fn, "name", "") == "backward":  # backward(ctx, *grads): the outputs' gradients
            self.names.update(a.arg for a in positional if a.arg not in ("self", "cls", ctx_arg))
        for a in (*positional, *args.kwonlyargs):
            if a.arg in ("self", "cls") or a.arg == ctx_arg:
                continue
            if a.annotation is not None and _is_tensor_annotation(a.annotation) or a.arg in commented:
                self.names.add(a.arg)
            elif a.arg in passed and annotation_kind(a.annotation) in (None, TENSOR):
                # a traced caller passes it a tensor (torchsde's ``t0: Optional[Scalar]``: a number or a tensor);
                # against a test of its int default alone, one of the caller's making (constructs.py "a helper's
                # parameter tested == -1, its default, handed a tensor"), not a parameter taken for one
                kinds = scope_kinds(ctx, chain)
                if not kinds.used_as_number(a.arg) or (a.arg in kinds.sentinels and any(
                        _surely_tensor(v, caller) for caller, v in self.handed.get(a.arg, ()))):
                    self.names.add(a.arg)
            elif is_forward and a.annotation is None and a.arg not in _STEP_COUNTERS:
                default = defaults.get(a.arg)
                # a parameter used as a size is a Python number (kinds.py); a named entry's optional
                # parameter (seq_dim=None) is an option more often than a tensor, and so is one it hands
                # as it is to math.* where it is no forward (glm-saga's ``math.log10(max_lr)``)
                if (default is None or (not entry and isinstance(default, ast.Constant) and default.value is None)) \
                        and scope_kinds(ctx, chain).used_as.get(a.arg) != SCALAR and a.arg not in math_args:
                    self.names.add(a.arg)
            if a.arg not in self.names:
                unset.append(a)
        self.given = frozenset(self.names)  # the parameters taken for tensors, before the body's bindings
        # those a caller passing a tensor would make one (the second branch above): a caller in
        # another file changes this function's analysis only through them (project/model.py)
        self.open = frozenset(a.arg for a in unset if annotation_kind(a.annotation) in (None, TENSOR)
                              and not scope_kinds(ctx, chain).used_as_number(a.arg))
        # ``state_steps: List[Tensor]`` (torch's functional optimizers and their copies): its elements (_list_element)
        self.lists = frozenset(a.arg for a in (*positional, *args.kwonlyargs)
                               if a.annotation is not None and _is_tensor_list_annotation(a.annotation))
        loops = [(s.lineno, s.end_lineno or s.lineno) for s in body.statements if type(s) in _LOOP_TYPES]
        for _ in range(2):  # names assigned from names assigned later in a loop body
            for node in body.binders:
                line = node.lineno
                for start, end in loops:  # in source order: the first loop holding it is the outermost
                    if start <= line <= end:
                        line = start
                        break
                if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value is not None:
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    if self.of(node.value) or (isinstance(node, ast.AugAssign) and self.of(node.target)):
                        for t in targets:
                            self._bind(t, line)
                elif isinstance(node, (ast.For, ast.AsyncFor)) and self.of(node.iter):
                    self._bind(node.target, line)
                elif isinstance(node, (ast.For, ast.AsyncFor)) and self._enumerates(node):
                    self._bind(node.target.elts[1], line)  # for i, v in enumerate(t): v is a tensor
                elif isinstance(node, (ast.For, ast.AsyncFor)):
                    for target in self._zipped(node):  # for a, b in zip(t, u): a and b are t's and u's rows
                        self._bind(target, line)
        # a parameter bound to a tensor in the body (`t = t.to(device)`) is one from the start, unless its
        # default says it is a flag or a number (`text_to_image=True`, rebound to a tensor further down)
        flags = {name for name, v in defaults.items() if isinstance(v, ast.Constant) and v.value is not None}
        for a in (*positional, *args.kwonlyargs):
            if a.arg not in flags:
                self.since.pop(a.arg, None)
        # a name rebound to a Python number outside a loop (``t0 = float(t0)``) is one after that
        for node in body.binders:
            if (type(node) is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name
                    and node.targets[0].id in self.names and _to_number(node.value, ctx, chain)
                    and not any(start <= node.lineno <= end for start, end in loops)
                    and not any(line > node.lineno for line in self.bound.get(node.targets[0].id, ()))):
                self.until.setdefault(node.targets[0].id, node.end_lineno or node.lineno)

    def _enumerates(self, loop: ast.AST) -> bool:
        """``for i, v in enumerate(t)`` over a tensor ``t`` (constructs.py "for over a bool tensor
        attribute, if on the element")."""
        it = loop.iter
        if type(it) is ast.Call and it.args and type(it.args[0]) is ast.Name:  # flags = flags.tolist() before
            last = None
            for node in _body(self.fn, self.ctx.state(_State)).binders:
                if (type(node) is ast.Assign and node.lineno < loop.lineno and len(node.targets) == 1
                        and type(node.targets[0]) is ast.Name and node.targets[0].id == it.args[0].id):
                    last = node
            if last is not None and _to_number(last.value, self.ctx, self.chain):
                return False
        return (type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "enumerate" and len(it.args) == 1
                and not self.ctx.names.is_bound("enumerate", self.chain) and type(loop.target) is ast.Tuple
                and len(loop.target.elts) == 2 and self.of(it.args[0])
                and scope_kinds(self.ctx, self.chain).of(it.args[0]) not in HOST_KINDS)  # not t.numpy()

    def _zipped(self, loop: ast.AST) -> list[ast.AST]:
        """The targets of ``for a, b in zip(t, u)`` whose iterable is a tensor (not a host value):
        each takes one row of it per step."""
        it, target = loop.iter, loop.target
        if not (type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "zip" and not it.keywords
                and type(target) is ast.Tuple and len(target.elts) == len(it.args)
                and not self.ctx.names.is_bound("zip", self.chain)):
            return []
        kinds = scope_kinds(self.ctx, self.chain)
        annotated = {a.arg for a in (*self.fn.args.posonlyargs, *self.fn.args.args, *self.fn.args.kwonlyargs)
                     if a.annotation is not None and _is_tensor_annotation(a.annotation)}

        def surely(e: ast.AST) -> bool:  # a tensor by its making or its annotation, not a forward's
            while type(e) in (ast.Attribute, ast.Subscript, ast.Call):  # parameter taken for one
                e = e.func if type(e) is ast.Call else e.value
            return type(e) is ast.Name and (e.id in self.assigned or e.id in annotated)
        return [t for t, a in zip(target.elts, it.args)
                if type(a) is not ast.Starred and self.of(a) and surely(a) and kinds.of(a) not in HOST_KINDS]

    def _bind(self, target: ast.AST, line: int) -> None:
        if isinstance(target, ast.Name):
            self.names.add(target.id)
            self.assigned.add(target.id)
            self.bound.setdefault(target.id, set()).add(line)
            if line < self.since.get(target.id, line + 1):
                self.since[target.id] = line
        elif isinstance(target, (ast.Tuple, ast.List)):
            for e in target.elts:
                self._bind(e.value if isinstance(e, ast.Starred) else e, line)
        elif (type(target) is ast.Subscript and type(target.value) is ast.Name and type(target.slice) is ast.Constant
              and type(target.slice.value) is str):  # group["G"] += torch.stack(...).sum(): an entry holding a tensor
            key = (target.value.id, target.slice.value)
            self.keyed[key] = min(line, self.keyed.get(key, line))

    def of(self, e: ast.AST) -> bool:
        kind = type(e)  # one read per test: ast's node types have no subclasses
        if kind is ast.Name:
            if e.id not in self.names:
                return False
            since, until = self.since.get(e.id), self.until.get(e.id)
            return ((since is None or getattr(e, "lineno", since) >= since) and id(e) not in self.numbers
                    and (until is None or getattr(e, "lineno", until) <= until))
        if kind is ast.Call:  # the commonest value first (the tests below are disjoint)
            return self._call(e)
        if kind is ast.Attribute:
            if e.attr in _NON_TENSOR_ATTRS:
                return False
            if e.attr in self.buffers and type(e.value) is ast.Name and e.value.id == "self":
                return True  # self.register_buffer("initted", ...): `if self.initted:` reads it on the host
            return e.attr in ("T", "mT", "data", "grad", "real", "imag") and self.of(e.value)
        if kind is ast.Subscript:
            if type(e.value) is ast.Attribute and e.value.attr == "shape":
                return False
            if type(e.slice) is ast.Constant and isinstance(e.slice.value, str):
                return False  # img_meta[0]["flip"]: a tensor is never indexed by a string
            return self.of(e.value)
        if kind is ast.IfExp:  # step_t if capturable else _get_value(step_t): the same tensor either way
            same = {self._unwrapped(e.body), self._unwrapped(e.orelse)}
            return len(same) == 1 and None not in same and (self.of(e.body) or self.of(e.orelse))
        if kind is ast.BinOp:
            return self.of(e.left) or self.of(e.right)
        if kind is ast.UnaryOp:
            return type(e.op) is not ast.Not and self.of(e.operand)
        if kind is ast.Compare:
            if any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in e.ops):
                return False
            if any(isinstance(x, ast.Constant) and (x.value is None or isinstance(x.value, (str, bytes)))
                   for x in (e.left, *e.comparators)):
                return False  # feat_cache[i] == "Rep": a tensor never equals a string
            return self.of(e.left) or any(map(self.of, e.comparators))  # map: no cell of self per call
        if kind is ast.BoolOp:
            return any(map(self.of, e.values))
        return False

    def _list_element(self, e: ast.AST) -> bool:
        """``state_steps[i]`` of a parameter ``state_steps: List[Tensor]``, or a name the function
        binds only to one (``step_t = state_steps[i]``): read only for what ``_get_value`` is handed."""
        if type(e) is ast.Name:
            values = [n.value for n in _body(self.fn, self.ctx.state(_State)).binders
                      if type(n) is ast.Assign and any(type(t) is ast.Name and t.id == e.id for t in n.targets)]
            if len(values) != 1:
                return False
            e = values[0]
        return (type(e) is ast.Subscript and type(e.value) is ast.Name and e.value.id in self.lists
                and type(e.slice) is not ast.Slice)

    def _unwrapped(self, e: ast.AST) -> str | None:
        """The name ``e`` is, directly or as torch.optim's ``_get_value(name)``."""
        if type(e) is ast.Call and len(e.args) == 1 and self.ctx.names.qualify(e.func, self.chain) == _GET_VALUE:
            e = e.args[0]
        return e.id if type(e) is ast.Name else None

    def _call(self, call: ast.Call) -> bool:
        f = call.func
        if (type(f) is ast.Name and f.id == "getattr" and len(call.args) == 2 and self.buffers
                and type(call.args[0]) is ast.Name and call.args[0].id == "self"
                and _name_template(call.args[1]) in self.buffers and not self.ctx.names.is_bound("getattr", self.chain)):
            return True  # getattr(self, f"indices_{s}") of buffers registered as f"indices_{s}" (e2cnn)
        name = self.ctx.names.qualify(f, self.chain)
        if name == _GET_VALUE and len(call.args) == 1:  # the tensor itself under Dynamo
            return self.of(call.args[0]) or self._list_element(call.args[0])
        if name is not None:
            return call_kind(name) == TENSOR
        if type(f) is ast.Name and f.id in ("max", "min", "abs") and not self.ctx.names.is_bound(f.id, self.chain):
            # max(t.max() + 1, n): a tensor (measured, constructs.py); abs(t), Tensor.__abs__ (torch-linops'
            # ``elif abs(b) > abs(a):`` in its Givens rotation, measured "Data-dependent branching")
            return any(map(self.of, call.args))
        if isinstance(f, ast.Attribute):
            if f.attr in _NON_TENSOR_METHODS:
                return False
            if f.attr in TENSOR_METHODS:
                return True
            return self.of(f.value) and not f.attr.startswith("_")
        return False


    def truth(self, test: ast.AST) -> bool:
        """A branch condition that reads a tensor on the host. Unlike ``of``, a bare
        parameter name is taken as a flag (``if use_cache:``, ``if guidance:``): only a name
        the body assigned from a tensor counts, since truth-testing a tensor argument is rare
        and flags are everywhere in forward signatures."""
        if isinstance(test, ast.Name):
            return test.id in self.assigned and self.of(test)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self.truth(test.operand)
        if isinstance(test, ast.BoolOp):
            if type(test.op) is ast.And:
                return any(self.truth(v) and not self._ruled_out(v, test.values[:i]) for i, v in enumerate(test.values))
            return any(self.truth(v) for v in test.values)
        if (type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) in (ast.Eq, ast.NotEq)
                and type(test.comparators[0]) is ast.Constant and type(test.comparators[0].value) is bool):
            return self.truth(test.left)  # `if refresh_win == True:` tests a flag as `if refresh_win:` does
        return self.of(test) or self._entry_tested(test)

    def _ruled_out(self, v: ast.AST, before: list[ast.AST]) -> bool:
        """``self.training is False and i >= n_quantizers`` where ``n_quantizers`` is bound to a tensor
        only under ``if self.training:`` (descript-audio-codec's residual quantizer): an operand of
        ``and`` reached only when an earlier one says the branch that made its names tensors did not
        run compares Python values there. ``v`` is a comparison whose tensors are such names; the
        condition is an attribute of ``self`` or a parameter the function never rebinds."""
        if type(v) is not ast.Compare or not before:
            return False
        names = [x for x in (v.left, *v.comparators) if self.of(x)]
        if not names or any(type(x) is not ast.Name or x.id in self.given or x.id not in self.bound for x in names):
            return False
        body = _body(self.fn, self.ctx.state(_State))
        rebound = {n.id for b in body.binders for t in _targets(b) for n in all_nodes(t) if type(n) is ast.Name}
        spans = []
        for s in body.statements:
            c = s.test if type(s) is ast.If else None
            if c is None or not (type(c) is ast.Attribute and type(c.value) is ast.Name and c.value.id == "self"
                                 or type(c) is ast.Name and c.id in _param_names(self.fn) and c.id not in rebound):
                continue
            if any(_negates(p, c) or type(p) is ast.Compare and len(p.ops) == 1 and type(p.ops[0]) in (ast.Is, ast.Eq)
                   and type(p.comparators[0]) is ast.Constant and p.comparators[0].value is False
                   and same_tree(p.left, c) for p in before):
                spans.append((s.body[0].lineno, s.body[-1].end_lineno))
        return bool(spans) and all(any(a <= line <= b for a, b in spans) for x in names for line in self.bound[x.id])

    def _entry_tested(self, test: ast.AST) -> bool:
        """``group["G"] > 0`` where the function stored a tensor in ``group["G"]`` before (DoG's
        ``assert group["G"] > 0, f"..."``). Only tests read entries so: read as values too, they moved
        SGDP's step's captured-share estimate away from its measure (``held_out_19``)."""
        operands = [test]
        if type(test) is ast.Compare:
            if any(type(op) in (ast.Is, ast.IsNot, ast.In, ast.NotIn) for op in test.ops):
                return False
            operands = [test.left, *test.comparators]
        for e in operands:
            if (type(e) is ast.Subscript and type(e.value) is ast.Name and type(e.slice) is ast.Constant
                    and type(e.slice.value) is str):
                line = self.keyed.get((e.value.id, e.slice.value))
                if line is not None and e.lineno >= line:
                    return True
        return False


_NUMBER_TYPES = {"int", "float", "bool", "complex", "str", "bytes", "numbers.Number", "numbers.Real",
                 "numbers.Integral", "Number", "Real", "Integral"}
_TENSOR_CLASSES = {"Tensor", "torch.Tensor", "Parameter", "nn.Parameter", "torch.nn.Parameter"}


def _number_names(test: ast.AST, truthy: bool) -> set[str]:
    """Names that ``test`` being ``truthy`` says hold a Python number, not a tensor:
    ``isinstance(t, (int, float))`` true, ``isinstance(t, torch.Tensor)`` or ``torch.is_tensor(t)``
    false, through ``not``, ``and`` (true) and ``or`` (false)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _number_names(test.operand, not truthy)
    if isinstance(test, ast.BoolOp):
        if isinstance(test.op, ast.And) is truthy:  # every operand has the test's value
            return set().union(*(_number_names(v, truthy) for v in test.values))
        return set()
    if not (isinstance(test, ast.Call) and test.args and isinstance(test.args[0], ast.Name)):
        return set()
    name, f = test.args[0].id, dotted(test.func)
    if f == "isinstance" and len(test.args) == 2:
        kinds = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
        types = {dotted(k) for k in kinds}
        if types <= _NUMBER_TYPES:
            return {name} if truthy else set()
        if types <= _TENSOR_CLASSES:
            return set() if truthy else {name}
        if truthy and all(t and t not in _TENSOR_CLASSES and not t.startswith("torch.") for t in types):
            return {name}  # isinstance(adj, SparseTensor) / (list, tuple) / np.ndarray: another class
    elif f in ("torch.is_tensor", "is_tensor") and not truthy:
        return {name}
    return set()


def _tensor_names(test: ast.AST, truthy: bool) -> set[str]:
    """Names that ``test`` being ``truthy`` says hold a tensor: ``isinstance(t, torch.Tensor)`` or
    ``torch.is_tensor(t)`` true, through ``not`` and ``and`` (true)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _tensor_names(test.operand, not truthy)
    if isinstance(test, ast.BoolOp):
        return set().union(*(_tensor_names(v, truthy) for v in test.values)) if isinstance(test.op, ast.And) is truthy else set()
    if not (truthy and isinstance(test, ast.Call) and test.args and isinstance(test.args[0], ast.Name)):
        return set()
    f = dotted(test.func)
    if f == "isinstance" and len(test.args) == 2:
        kinds = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
        return {test.args[0].id} if {dotted(k) for k in kinds} <= _TENSOR_CLASSES else set()
    return {test.args[0].id} if f in ("torch.is_tensor", "is_tensor") else set()


def _numbers(body: _Body, names_of=_number_names) -> frozenset[int]:
    """Ids of the name loads of a function's body that an ``isinstance`` test around them says
    hold a Python number (the branch it guards, the operands after it in ``and``/``or``), up to
    the name's first rebinding there; with ``names_of=_tensor_names``, those it says hold a tensor."""
    if not any(c.func.id == "isinstance" if type(c.func) is ast.Name else
               type(c.func) is ast.Attribute and c.func.attr == "is_tensor" for c in body.calls):
        return frozenset()
    return _numbers_tested(body, names_of)


def _numbers_tested(body: _Body, names_of) -> frozenset[int]:
    """``_numbers`` of a body with an ``isinstance`` or ``is_tensor`` call: apart, since its closure's
    cells were made at every call."""
    out: set[int] = set()

    def mark(names: set[str], nodes: list) -> None:
        if not names:
            return
        found = [n for node in nodes for n in all_nodes(node) if type(n) is ast.Name and n.id in names]
        stores = {}
        for n in found:
            if type(n.ctx) is ast.Store:
                stores[n.id] = min(n.lineno, stores.get(n.id, n.lineno))
        out.update(id(n) for n in found if type(n.ctx) is ast.Load and n.lineno <= stores.get(n.id, n.lineno))

    for node in body.tests:
        if isinstance(node, (ast.If, ast.While, ast.IfExp)):
            body_nodes = node.body if isinstance(node.body, list) else [node.body]
            else_nodes = node.orelse if isinstance(node.orelse, list) else [node.orelse]
            mark(names_of(node.test, True), body_nodes)
            mark(names_of(node.test, False), else_nodes)
            for op in all_nodes(node.test):
                if isinstance(op, ast.BoolOp):  # `not isinstance(t, float) or t != 1`: t is a number at `t != 1`
                    for i in range(1, len(op.values)):
                        mark(set().union(*(names_of(v, isinstance(op.op, ast.And)) for v in op.values[:i])),
                             [op.values[i]])
    return frozenset(out)


_TYPE_COMMENT = re.compile(r"#\s*type:\s*\((.*)\)\s*->")


def _type_comment(fn: ast.AST, ctx: Context) -> frozenset[str]:
    """The parameters a PEP 484 type comment under the signature types ``Tensor`` (TorchScript
    code: torchvision's ``# type: (Tensor, Tensor, int, int) -> Tensor``)."""
    body = getattr(fn, "body", None)
    if (not body or body[0].lineno <= fn.lineno + 1 or any(a.annotation for a in fn.args.args)
            or "# type:" not in ctx.src.text):
        return frozenset()
    starts = ctx.src.line_starts
    found = _TYPE_COMMENT.search(ctx.src.text, starts[fn.lineno], starts[body[0].lineno - 1])
    if found is None:
        return frozenset()
    types, depth, part = [], 0, ""
    for ch in found.group(1):
        depth += ch in "[(" and 1 or ch in "])" and -1 or 0
        if ch == "," and depth == 0:
            types.append(part.strip())
            part = ""
        else:
            part += ch
    types.append(part.strip())
    names = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    if names and names[0] in ("self", "cls") and len(names) == len(types) + 1:
        names = names[1:]
    return frozenset(n for n, t in zip(names, types) if t in _TENSOR_TYPES) if len(names) == len(types) else frozenset()


# torch.optim's `_get_value(x)` returns `x` itself where torch.compiler.is_compiling() (torch 2.13's
# optimizer.py), `x.item()` only eagerly: torch-adopt's `step = _get_value(step_t)`, then `if step == 0:`
# (constructs.py "a test of torch.optim's _get_value of a step tensor": GB0170)
_GET_VALUE = "torch.optim.optimizer._get_value"
_SEQUENCE_TYPES = frozenset({"List", "list", "Sequence", "Tuple", "tuple"})


def _is_tensor_list_annotation(ann: ast.AST) -> bool:
    """``List[Tensor]``, ``list[torch.Tensor]``, ``Sequence[Tensor]``, ``Tuple[Tensor, ...]``: a sequence
    whose every element is a tensor (not ``Tuple[Tensor, int]``, ``List[Optional[Tensor]]``)."""
    if type(ann) is not ast.Subscript:
        return False
    base = ann.value.attr if type(ann.value) is ast.Attribute else getattr(ann.value, "id", None)
    if base not in _SEQUENCE_TYPES:
        return False
    inner = ann.slice
    if type(inner) is ast.Tuple:
        if not (base in ("Tuple", "tuple") and len(inner.elts) == 2 and type(inner.elts[1]) is ast.Constant
                and inner.elts[1].value is Ellipsis):
            return False
        inner = inner.elts[0]
    return dotted(inner) in ("Tensor", "torch.Tensor")


def _math_operands(fn: ast.AST, ctx: Context, chain) -> set[str]:
    """The names ``fn`` hands as they are, first, to a function of ``math`` (``math.log10(max_lr)``)."""
    return {c.args[0].id for c in _body(fn, ctx.state(_State)).calls
            if c.args and type(c.args[0]) is ast.Name and type(c.func) is ast.Attribute
            and (ctx.names.qualify(c.func, chain) or "").startswith("math.")}


def _returns_tensor(e: ast.AST, ctx: Context, d: _State, chain) -> bool:
    """``e`` calls a function of the file annotated ``-> Tensor`` (pyniftireg's ``float(nmi(...))``)."""
    target = d.functions.get(e.func.id) if type(e) is ast.Call and type(e.func) is ast.Name else None
    return (target is not None and target.returns is not None and _is_tensor_annotation(target.returns)
            and ctx.names.binding_scope(e.func.id, chain) is ctx.tree)


def _is_tensor_annotation(ann: ast.AST) -> bool:
    text = unparsed(ann)
    return any(map(text.__contains__, _TENSOR_TYPES)) and "List" not in text and "list" not in text \
        and "Tuple" not in text and "tuple" not in text and "Dict" not in text and "dict" not in text


# -- hazards -----------------------------------------------------------------------------------

@dataclass
class Hazard:
    rule: object
    node: ast.AST
    message: str
    skips_rest: bool = False  # Dynamo cannot resume: the rest of the function runs eagerly
    skips_frame: bool = False  # Dynamo gives up on the whole function at it
    gb: str = ""  # Dynamo's id of the graph-break type (rules/generated/graph_breaks.json)
    callee_frame: bool = False  # the break is inside a callee that Dynamo compiles even from eager code
    progress: bool = False  # a progress bar built: in a `for` header, the loop's own finding says it
    under: ast.AST | None = None  # breaks only when this binding ran (off by default with it, if it is)


def _numpy_file(ctx: Context, d: _State) -> bool:
    if d.numpy_text is None:
        text = ctx.src.text
        d.numpy_text = "np." in text or "numpy" in text
    return d.numpy_text


# NumPy functions whose result is a Python value Dynamo knows without running an op
_NUMPY_PYTHON_VALUES = frozenset({"numpy.ndim", "numpy.shape", "numpy.size", "numpy.isscalar", "numpy.iscomplexobj",
                                  "numpy.isrealobj", "numpy.issubdtype", "numpy.dtype", "numpy.iinfo", "numpy.finfo",
                                  "numpy.result_type", "numpy.can_cast", "numpy.promote_types"})


def _traced_array(e: ast.AST, fn: ast.AST, ctx: Context, d: _State, chain: tuple) -> bool:
    """``e`` is a NumPy array Dynamo traces as a tensor: its kind is an ndarray, and neither it nor
    a name it reads comes from a NumPy random draw (a Python number on the host after its own
    break) or from a NumPy function of Python values only."""
    if not _array_valued(e, scope_kinds(ctx, chain)):
        return False
    names = set()
    for n in all_nodes(e):
        if type(n) is ast.Call:
            q = ctx.names.qualify(n.func, chain)
            if q is not None and (q.startswith("numpy.random.") or q in _NUMPY_PYTHON_VALUES):
                return False
        elif type(n) is ast.Name:
            names.add(n.id)
    for node in _body(fn, d).binders if names else ():
        if type(node) is ast.Assign and any(type(t) is ast.Name and t.id in names for t in node.targets):
            for n in all_nodes(node.value):
                if type(n) is ast.Call and (ctx.names.qualify(n.func, chain) or "") in _NUMPY_DRAWS:
                    return False
    return True


def _array_valued(e: ast.AST, kinds) -> bool:
    """An ndarray by what made it (a NumPy call, ``.numpy()``, a name bound to one, a parameter
    annotated ``np.ndarray``; not a name only handed to NumPy, which may be an int: diffusers'
    ``embed_dim``), an element or slice of one, or arithmetic with one (``(a + self.step) % n``:
    an ndarray or a tensor, traced either way)."""
    t = type(e)
    if t is ast.Name:
        bound = kinds.bound
        return bound.get(e.id) == ARRAY if e.id in bound else kinds.params.get(e.id) == ARRAY
    if t is ast.BinOp:
        return _array_valued(e.left, kinds) or _array_valued(e.right, kinds)
    if t is ast.UnaryOp and type(e.op) is not ast.Not:
        return _array_valued(e.operand, kinds)
    if t is ast.Subscript:
        return _array_valued(e.value, kinds)
    if t is ast.Call:  # np.cumprod(a), t.numpy(), a.astype(...), a.sum()
        if kinds.of(e) != ARRAY:
            return False
        f = e.func
        return kinds.qualify(f) is not None or type(f) is ast.Attribute and (
            f.attr in ("numpy", "astype") or _array_valued(f.value, kinds))
    return False


def _array_compare(e: ast.AST, fn: ast.AST, ctx: Context, d: _State, chain: tuple) -> bool:
    """An element-wise comparison with a traced NumPy array among its operands."""
    if type(e) is not ast.Compare or any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in e.ops):
        return False
    operands = (e.left, *e.comparators)
    if any(type(x) is ast.Constant and (x.value is None or isinstance(x.value, (str, bytes))) for x in operands):
        return False
    return any(_traced_array(x, fn, ctx, d, chain) for x in operands)


def _array_test(test: ast.AST, fn: ast.AST, ctx: Context, d: _State, chain: tuple, raising: bool = False) -> bool:
    """A branch on a comparison of NumPy values (diffwave's ``if talpha_cum[t+1] <= alpha_cum[s] <=
    talpha_cum[t]:`` over ``np.cumprod`` of a noise schedule): Dynamo traces NumPy as tensor ops,
    Python data included, so the test is data-dependent (constructs.py "if on elements of np.cumprod
    of a list", "if on np.array of a list's element": GB0170). ``raising``: the ``if`` raises, so in a
    call that returns every operand of its ``or`` was read and false (pytorch-mvgc's ``if isinstance(alpha,
    ...) or not np.isfinite(alpha) or alpha < 0: raise``; constructs.py "if `or` guarding a raise, ...": GB0170)."""
    if type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        return _array_test(test.operand, fn, ctx, d, chain)
    if type(test) is ast.BoolOp:
        if raising and type(test.op) is ast.Or:
            return any(_array_test(v, fn, ctx, d, chain) for v in test.values)
        return _array_test(test.values[0], fn, ctx, d, chain)  # the first operand is always read
    if type(test) is ast.Call:  # if np.isposinf(k): a NumPy result, of Python values too (constructs.py
        return _traced_array(test, fn, ctx, d, chain)  # "if on np.isposinf of a Python float": GB0170)
    return _array_compare(test, fn, ctx, d, chain)


def _array_mask(e: ast.AST, fn: ast.AST, ctx: Context, d: _State, chain: tuple, seen: frozenset = frozenset()) -> bool:
    if type(e) is ast.UnaryOp and type(e.op) is ast.Invert:
        return _array_mask(e.operand, fn, ctx, d, chain, seen)
    if type(e) is ast.BinOp and type(e.op) in (ast.BitAnd, ast.BitOr):
        return _array_mask(e.left, fn, ctx, d, chain, seen) or _array_mask(e.right, fn, ctx, d, chain, seen)
    if type(e) is ast.Name:
        return _bool_array(e, fn, ctx, d, chain, seen)
    return _array_compare(e, fn, ctx, d, chain)


def _bool_array(e: ast.Name, fn: ast.AST, ctx: Context, d: _State, chain: tuple, seen: frozenset) -> bool:
    """A local every binding of which is a NumPy array of booleans: made by a NumPy call given
    ``dtype=bool`` (``np.ones(n, dtype=bool)``), or elements of such a local (``done[child]``), or
    a mask (pytorch-tree-lstm's ``calculate_evaluation_orders``: ``unevaluated_mask =
    unevaluated_nodes[child_nodes]``, then ``parent_nodes[unevaluated_mask]``)."""
    if e.id in seen:
        return True  # a local bound from itself (``left = left & ~m``): judged by its other bindings
    if e.id in _param_names(fn):
        return False
    seen = seen | {e.id}
    values = _binding_values(e.id, fn, d)
    return bool(values) and all(v is not None and type(v) not in _BINDERS and (
        (type(v) is ast.Call and (ctx.names.qualify(v.func, chain) or "").startswith("numpy.")
         and any(k.arg == "dtype" and (dotted(k.value) in ("bool", "np.bool_", "numpy.bool_", "np.bool", "numpy.bool")
                                       or type(k.value) is ast.Constant and k.value.value == "bool")
                 for k in v.keywords))
        or (type(v) is ast.Subscript and type(v.value) is ast.Name
            and _bool_array(v.value, fn, ctx, d, chain, seen))
        or (type(v) in _MASK_SHAPES and _array_mask(v, fn, ctx, d, chain, seen))) for v in values)


_MASK_SHAPES = (ast.Compare, ast.UnaryOp, ast.BinOp)  # a comparison, ~m, a & b
_MASKS = (*_MASK_SHAPES, ast.Name)  # ... or a local bound to a boolean array (_bool_array)


def _array_mask_indexes(fn: ast.AST, ctx: Context, d: _State, chain: tuple) -> list[Hazard]:
    """``a[a % n != 0]`` with ``a`` a NumPy array, in traced code (torch-ac's batch start indexes):
    Dynamo traces the array as a tensor, and a boolean mask's result size depends on the data
    (constructs.py "ndarray of np.arange indexed by a comparison": GB0036, Python data included)."""
    out = []
    if d.bool_text is None:
        d.bool_text = "bool" in ctx.src.text
    masks = _MASKS if d.bool_text else _MASK_SHAPES  # a local boolean array is made with dtype=bool
    for node in scope_kinds(ctx, chain).nodes():
        if (type(node) is ast.Subscript and type(node.ctx) is ast.Load and type(node.slice) in masks
                and _traced_array(node.value, fn, ctx, d, chain) and _array_mask(node.slice, fn, ctx, d, chain)):
            out.append(Hazard(NM301, node, f"indexing the NumPy array `{_short(ctx, node.value)}` with a boolean mask: "
                              "Dynamo traces NumPy as tensor ops, and the result's size depends on the data "
                              "(graph break)", gb=GB["dynamic_shape"]))
    return out


_NEGATED = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE,
            ast.LtE: ast.Gt, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In}


def _negates(test: ast.AST, checked: ast.AST) -> bool:
    """``test`` holds exactly when ``checked`` does not: ``x.shape != s`` and ``x.shape == s``,
    ``not c`` and ``c``."""
    if type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        return same_tree(test.operand, checked)
    if type(checked) is ast.UnaryOp and type(checked.op) is ast.Not:
        return same_tree(checked.operand, test)
    return (type(test) is ast.Compare and type(checked) is ast.Compare and len(test.ops) == 1
            and len(checked.ops) == 1 and _NEGATED.get(type(test.ops[0])) is type(checked.ops[0])
            and same_tree(test.left, checked.left) and same_tree(test.comparators[0], checked.comparators[0]))


_EXIT_CALLS = frozenset({"exit", "quit", "sys.exit", "os._exit", "os.abort"})


def _ends_in_error(block: list) -> bool:
    """A block whose last statement raises or ends the process (``raise ...``, ``exit(1)``)."""
    last = block[-1] if block else None
    return type(last) is ast.Raise or (type(last) is ast.Expr and type(last.value) is ast.Call
                                       and dotted(last.value.func) in _EXIT_CALLS)


def _failing_branches(fn: ast.AST, body: _Body, exits: bool) -> list[ast.AST]:
    """The statements that run only on the way to an error, as a ``raise`` does, so nothing in
    them breaks the graph of a call that succeeds: the bodies of the ``if`` statements followed by
    an ``assert`` of the opposite test (state-spaces/mamba's ``if x.shape != (b, h, d): print(...)``
    then ``assert x.shape == (b, h, d)``), and the branches of an ``if`` that end in a ``raise`` or
    (``exits``: the file names one) ``exit(...)`` (TripoSR's ``chunk_batch``: ``else: print(...);
    exit(1)`` after the ``isinstance`` tests of the result, which Dynamo decides while tracing:
    constructs.py "print in a branch ending in exit(), after isinstance tests": one graph, no
    break). ``except`` handlers have their own reading (``_error_paths``)."""
    out: list[ast.AST] = []
    ending = bool(body.raises) or exits
    asserted = False
    for s in body.statements:  # one pass: the asserts, and the if's branches that end in an error
        t = type(s)
        if t is ast.Assert:
            asserted = True
        elif t is ast.If and ending:
            if _ends_in_error(s.body):
                out += s.body
            if s.orelse and _ends_in_error(s.orelse):
                out += s.orelse
    if not asserted:
        return out
    for block in (fn.body, *(getattr(s, f, None) for s in body.statements for f in ("body", "orelse", "finalbody"))):
        if type(block) is not list:
            continue
        for first, then in zip(block, block[1:]):
            if type(first) is ast.If and not first.orelse and type(then) is ast.Assert \
                    and _negates(first.test, then.test):
                out.extend(first.body)
    return out


# Draws Dynamo traces from Python's `random` (module functions, and the methods of a `random.Random`
# instance): the value is an unspecialised number, a graph input, so a branch on it breaks (constructs.py
# "if on a random.Random instance's draw", "... in an and, the other side a tensor", "if on
# random.randint", "if on random.randrange, bare": GB0170, resumed); used as a number it is traced
# ("a random.Random instance's draw as a number": none). random.random and the others of
# _UNTRACEABLE break at the call already.
_TRACED_DRAWS = frozenset({"random.randint", "random.uniform", "random.randrange"})
_DRAW_METHODS = frozenset({"random", "uniform", "randint", "randrange"})


def _random_made(e: ast.AST, ctx: Context, d: _State, cls: ast.ClassDef | None, chain: tuple) -> str:
    """The qualified constructor (``_RANDOM_OBJECTS``) of the random object ``e`` is: a local the
    function binds only to one (``_random_objects``), or ``self.rng`` that the class's ``__init__``
    built so (kron-torch's ``random.Random``, sam2's ``np.random.default_rng``); "" otherwise."""
    if type(e) is ast.Name:
        return _random_objects(chain, ctx, d).get(e.id, ("",))[0]
    if not (type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self" and cls is not None):
        return ""
    built = _attr_class(cls, e.attr, d)
    if built is None or built.rpartition(".")[2] not in _RANDOM_LEAVES:
        return ""
    try:
        written = ast.parse(built, mode="eval").body
    except SyntaxError:
        return ""
    name = ctx.names.qualify(written, chain)
    return name if name in _RANDOM_OBJECTS else ""


def _drawn(e: ast.AST, ctx: Context, d: _State, cls: ast.ClassDef | None, chain: tuple) -> bool:
    """``e`` tests a value drawn from Python's ``random`` that Dynamo traces: the draw itself, a
    comparison of it (not ``is``/``in``), or ``not`` of either."""
    if type(e) is ast.UnaryOp and type(e.op) is ast.Not:
        return _drawn(e.operand, ctx, d, cls, chain)
    if type(e) is ast.Compare:
        if any(type(op) in (ast.Is, ast.IsNot, ast.In, ast.NotIn) for op in e.ops):
            return False
        return any(_drawn(x, ctx, d, cls, chain) for x in (e.left, *e.comparators) if type(x) is ast.Call)
    if type(e) is not ast.Call or type(e.func) is not ast.Attribute:
        return False
    if ctx.names.qualify(e.func, chain) in _TRACED_DRAWS:
        return True
    return e.func.attr in _DRAW_METHODS and _random_made(e.func.value, ctx, d, cls, chain) == "random.Random"


def _draw_tests(body: _Body, t: Tensors, ctx: Context, d: _State, cls: ast.ClassDef | None, flagged: set[int],
                in_raise: set[int]) -> list[Hazard]:
    """NM402 where a value drawn from Python's ``random`` (``_TRACED_DRAWS``, a ``random.Random``
    instance's ``_DRAW_METHODS``) is branched on: the test of an ``if``, ``while`` or conditional
    expression (each operand of an ``and``/``or`` there), and the first operand of an ``and``/``or``
    whose value is bound (``balance = self.rng.random() < 0.01 and do_update``, kron-torch's
    ``kron.py:154``), which is always evaluated and jumped on. A later operand of a bound
    ``and``/``or`` is its value, not a test (constructs.py "... as an and's last operand": none)."""
    if not _random_file(ctx, d):
        return []
    return _draws_tested(body, t, ctx, d, cls, flagged, in_raise)


def _draws_tested(body: _Body, t: Tensors, ctx: Context, d: _State, cls: ast.ClassDef | None, flagged: set[int],
                  in_raise: set[int]) -> list[Hazard]:
    """``_draw_tests`` in a file that draws from ``random``: apart, since its closure's seven cells
    were made at every call (1,112 on timm, 85 in such files)."""
    out: list[Hazard] = []
    chain = t.chain

    def add(e: ast.AST, where: str) -> None:
        if id(e) not in flagged and id(e) not in in_raise and _drawn(e, ctx, d, cls, chain):
            flagged.add(id(e))
            out.append(Hazard(NM402, e, f"`{_short(ctx, e)}` tests a value drawn from Python's `random`, which "
                              f"Dynamo makes a graph input: the {where} needs its value (graph break); draw it "
                              "outside the compiled code or with torch (`torch.rand(()) < p` in `torch.where`)",
                              gb=GB["branch"]))
    for node in body.tests:
        if isinstance(node, (ast.If, ast.While, ast.IfExp)) and id(node.test) not in flagged:
            what = {ast.If: "`if`", ast.While: "`while`", ast.IfExp: "conditional expression"}[type(node)]
            tests = node.test.values if type(node.test) is ast.BoolOp else [node.test]
            for e in tests:
                add(e, what)
    for node in body.binders:
        value = getattr(node, "value", None)
        if type(node) in (ast.Assign, ast.AnnAssign) and type(value) is ast.BoolOp:
            add(value.values[0], f"`{'and' if type(value.op) is ast.And else 'or'}`")
    return out


def _draw_gated(test: ast.AST, body: _Body, t: Tensors, ctx: Context, d: _State, cls: ast.ClassDef | None) -> bool:
    """Every operand of ``test`` that is a tensor is a name bound only to an ``and`` whose first
    operand tests a draw (``_drawn``): ``balance = self.rng.random() < 0.01 and do_update``, then
    ``if grad.dim() > 1 and balance:`` (kron-torch's ``kron.py:215``). Dynamo breaks at the binding
    (``_draw_tests``) and resumes with the name's value: ``False`` on the calls where the draw fails,
    a constant test, and the tensor only where it passes; the test is a break on those calls alone."""
    operands = test.values if type(test) is ast.BoolOp else [test]
    tensors = [e for e in operands if t.truth(e)]
    if not tensors or not _random_file(ctx, d):
        return False
    for e in tensors:
        if type(e) is not ast.Name:
            return False
        values = [n.value for n in body.binders if any(type(x) is ast.Name and x.id == e.id for x in (
            n.targets if type(n) is ast.Assign else [getattr(n, "target", None)]))]
        if not values or any(not (type(v) is ast.BoolOp and type(v.op) is ast.And
                                  and _drawn(v.values[0], ctx, d, cls, t.chain)) for v in values):
            return False
    return True


_ORDERING = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _pointer_hazards(fn: ast.AST, body: _Body, ctx: Context, d: _State) -> list[Hazard]:
    """A storage's address, ``t.data_ptr()``, and what holds it: Dynamo traces the call, but breaks
    where the value is compared with another (constructs.py "x.data_ptr() compared", "a key tuple
    holding x.data_ptr() compared", "... made by a helper, compared": GB5976, resumed; not "... in a
    set" nor "... compared with its own") and gives up on the function at arithmetic on it ("x.data_ptr()
    plus one": GB0088, the frame skipped). bayesian-changepoint's ``setup()`` compares a cache key
    its helper builds around ``data.data_ptr()``."""
    returners = _pointer_returners(ctx, d)
    keys: set[str] = set()  # names holding an address, alone or in a tuple
    addresses: set[str] = set()  # names holding the address alone
    for b in body.binders:
        target = b.targets[0] if type(b) is ast.Assign and len(b.targets) == 1 else getattr(b, "target", None)
        if type(target) is ast.Name and _holds_pointer(getattr(b, "value", None), keys, returners):
            keys.add(target.id)
            if _address(b.value, addresses):
                addresses.add(target.id)
    out = []
    for n in all_nodes(fn):
        if id(n) not in body.where:
            continue
        if type(n) is ast.Compare and all(type(op) in _ORDERING for op in n.ops):
            operands = [n.left, *n.comparators]
            if any(_holds_pointer(e, keys, returners) for e in operands) and \
                    len({ctx.segment(e) for e in operands}) > 1:
                out.append(Hazard(NM404, n, f"`{_short(ctx, n)}` compares data pointers, which Dynamo does not "
                                  "trace unless both are the same (graph break); compare them before the "
                                  "compiled code", gb=GB["pointer_compare"]))
        elif type(n) is ast.BinOp and (_address(n.left, addresses) or _address(n.right, addresses)):
            out.append(Hazard(NM404, n, f"`{_short(ctx, n)}`: arithmetic on a data pointer, which Dynamo cannot "
                              "trace (graph break)", skips_frame=True, gb=GB["observed"]))
    return out


def _address(e: ast.AST | None, addresses: set[str]) -> bool:
    """``e`` is an address alone: ``t.data_ptr()``, or a name bound to one."""
    if type(e) is ast.Name:
        return e.id in addresses
    return type(e) is ast.Call and type(e.func) is ast.Attribute and e.func.attr == "data_ptr" and not e.args


def _holds_pointer(e: ast.AST | None, keys: set[str], returners: frozenset[str]) -> bool:
    """``e`` is an address or a tuple (list, concatenation) holding one, or the result of a
    function of the file that returns one (by name: ``key_of(t)``, ``self.key_of(t)``)."""
    kind = type(e)
    if kind is ast.Name:
        return e.id in keys
    if kind is ast.Call:
        f = e.func
        name = f.id if type(f) is ast.Name else f.attr if type(f) is ast.Attribute else None
        return _address(e, set()) or (name in returners and (type(f) is ast.Name or type(f.value) is ast.Name))
    if kind in (ast.Tuple, ast.List):
        return any(_holds_pointer(x, keys, returners) for x in e.elts)
    if kind is ast.BinOp and type(e.op) is ast.Add:
        return _holds_pointer(e.left, keys, returners) or _holds_pointer(e.right, keys, returners)
    return False


def _pointer_returners(ctx: Context, d: _State) -> frozenset[str]:
    """The names of the file's functions and methods that return an address or a tuple holding one."""
    if d.pointer_returners is None:
        found: set[str] = set()
        for _ in range(2):  # one that returns another's key
            for fn in all_nodes(ctx.tree):
                if not isinstance(fn, _FUNCS) or fn.name in found:
                    continue
                keys: set[str] = set()
                nodes = own_nodes(fn)
                for n in nodes:
                    if type(n) is ast.Assign and len(n.targets) == 1 and type(n.targets[0]) is ast.Name \
                            and _holds_pointer(n.value, keys, frozenset(found)):
                        keys.add(n.targets[0].id)
                if any(type(n) is ast.Return and _holds_pointer(n.value, keys, frozenset(found)) for n in nodes):
                    found.add(fn.name)
        d.pointer_returners = frozenset(found)
    return d.pointer_returners


def _in_loop_header(node: ast.AST, body: _Body) -> bool:
    """``node`` is part of a ``for`` loop's iterable (``for b in tqdm(loader)``)."""
    return any(type(s) in (ast.For, ast.AsyncFor) and any(n is node for n in all_nodes(s.iter))
               for s in body.statements)


def _hazards(fn: ast.AST, t: Tensors, ctx: Context, d: _State, cls: ast.ClassDef | None) -> list[Hazard]:
    out: list[Hazard] = []
    chain = t.chain
    loggers = d.loggers
    if loggers is None:
        loggers = d.loggers = _module_loggers(ctx)
    body = _body(fn, d)
    if d.exits is None:  # once per file: exit(), sys.exit(), os._exit(), os.abort()
        d.exits = any(f"{name.rpartition('.')[2]}(" in ctx.src.text for name in _EXIT_CALLS)
    # an error's message is built only on the error path (constructs.py "assert on tensor, message
    # reading the tensor": one break, at the assert's test)
    in_raise = {id(n) for r in (*body.raises, *(s.msg for s in body.statements if type(s) is ast.Assert and s.msg),
                                *_failing_branches(fn, body, d.exits))
                for n in all_nodes(r)}
    for node in body.tests:
        if id(node) in in_raise:
            continue
        if isinstance(node, (ast.If, ast.While)) and t.truth(node.test) and constant_test(node.test) is None \
                and not _draw_gated(node.test, body, t, ctx, d, cls):
            out.append(Hazard(NM402, node.test, f"`{_short(ctx, node.test)}` is a tensor: the "
                              f"`{'if' if isinstance(node, ast.If) else 'while'}` needs its value on "
                              "the host (graph break)", gb=GB['branch']))
        elif (isinstance(node, (ast.If, ast.While, ast.IfExp)) and _numpy_file(ctx, d)
              and _array_test(node.test, fn, ctx, d, chain, type(node) is ast.If and type(node.body[-1]) is ast.Raise)):
            what = {ast.If: "`if`", ast.While: "`while`", ast.IfExp: "conditional expression"}[type(node)]
            out.append(Hazard(NM402, node.test, f"`{_short(ctx, node.test)}` "
                              f"{'is a NumPy result' if type(node.test) is ast.Call else 'compares NumPy values'}: "
                              f"Dynamo traces NumPy as tensor ops, so the {what} needs a value on the host "
                              "(graph break); compute it outside the compiled code", gb=GB['branch']))
        elif isinstance(node, ast.IfExp) and t.truth(node.test):
            out.append(Hazard(NM402, node.test, f"`{_short(ctx, node.test)}` is a tensor: the "
                              "conditional expression needs its value on the host (graph break)", gb=GB['branch']))
        elif isinstance(node, ast.Call):
            h = _call_hazard(node, t, ctx, d, cls, chain, loggers)
            if h is not None and not (h.gb == GB["creation_grad"] and _grad_fallback(node, fn)) \
                    and not (h.progress and _in_loop_header(node, body)):
                out.append(h)
    out += _draw_tests(body, t, ctx, d, cls, {id(h.node) for h in out}, in_raise)
    if d.pointer_text is None:  # once per file, not per traced function
        d.pointer_text = "data_ptr" in ctx.src.text
    if d.pointer_text:
        out += _pointer_hazards(fn, body, ctx, d)
    for node in body.binops:  # "%8.2e" % residual: the text is made on the host
        if (type(node.op) is ast.Mod and type(node.left) is ast.Constant and type(node.left.value) is str
                and id(node) not in in_raise
                and any(t.of(v) for v in (node.right.elts if type(node.right) is ast.Tuple else (node.right,)))):
            # constructs.py "a tensor formatted with %" (GB0033), "... with %s" (GB0208): the frame skipped
            # (bicgstab's residual logged)
            out.append(Hazard(NM401, node, f"`{_short(ctx, node)}` formats a tensor into text, reading its value "
                              "on the host (graph break)", skips_frame=True,
                              gb=GB["data_dependent"] if _number_format(node.left.value) else GB["non_tensor"]))
    if "@" in ctx.src.text:
        out += _object_matmuls(fn, body, t, ctx, d, cls, in_raise)
    for node in body.compares:  # most compare once, and not by `in`: no call for those
        if (len(node.ops) > 1 or type(node.ops[0]) in _MEMBERSHIP) and id(node) not in in_raise \
                and _tensor_membership(node, t):
            # constructs.py "an int in a tensor, tested in an if (pt-kmeans' split_cluster)", "... assigned",
            # "a tensor in a tensor": GB0124 inside Tensor.__contains__, the rest of the frame eager; "... first
            # in the frame": the frame skipped
            out.append(Hazard(NM401, node, f"`{_short(ctx, node)}` asks a tensor whether it holds a value: "
                              "`Tensor.__contains__` reads `(t == v).any()` on the host (graph break; test it outside "
                              "the compiled code, or keep `(t == v).any()` as a tensor), and Dynamo cannot resume "
                              "after it", skips_rest=True, gb=GB["item"]))
    for node in body.subscripts:  # np.r_[a, b]: NumPy's index tricks are objects Dynamo does not trace
        if (type(node.value) is ast.Attribute and node.value.attr in ("r_", "c_") and id(node) not in in_raise
                and ctx.names.qualify(node.value, chain) in ("numpy.r_", "numpy.c_")):
            # constructs.py "np.r_ of arrays", "np.c_ of arrays": GB0008, resumed (widestats' B-spline knots)
            out.append(Hazard(NM404, node, f"`{_short(ctx, node.value).replace('numpy.', 'np.')}[...]` is not traced "
                              "by Dynamo (graph break); use `np.concatenate` or `torch.cat`", gb=GB["inline_skipped"]))
        elif (type(node.value) is ast.Name and node.value.id in _string_arrays(ctx, d) and id(node) not in in_raise
              and ctx.names.binding_scope(node.value.id, chain) is ctx.tree):
            # constructs.py "an ndarray of strings sliced and copied (pyqtorch's einsum letters)": GB0185, skipped
            out.append(Hazard(NM404, node, f"`{node.value.id}` is a NumPy array of strings, which Dynamo cannot turn "
                              "into a tensor (graph break); keep the letters in a Python list or string",
                              skips_frame=True, gb=GB["ndarray_convert"]))
    for node in body.binders:  # y.requires_grad = True
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        value = getattr(node, "value", None)
        if type(value) is ast.BoolOp and id(node) not in in_raise and any(
                type(v) is ast.Compare and t.truth(v) for v in value.values[:-1]):
            # `finished = residual <= tol or n >= most` takes the truth of the tensor operand (constructs.py
            # "a tensor comparison bound through `or`": GB0170, resumed; bicgstab's stopping test)
            out.append(Hazard(NM402, value, f"`{_short(ctx, value)}`: `{'and' if type(value.op) is ast.And else 'or'}` "
                              "takes the truth of a tensor, which needs its value on the host (graph break)",
                              gb=GB["branch"]))
        for target in [e for t_ in targets for e in (t_.elts if type(t_) is ast.Tuple else (t_,))]:
            if isinstance(target, ast.Attribute) and target.attr in _TENSOR_STORES and (t.of(target.value) or (
                    target.attr == "requires_grad" and _module_parameter(target.value, fn, d))) and not (
                    # .data: only a tensor the function made (measured on a local one); many objects have
                    # a .data, and a module's buffer set under no_grad (lightly's DINO center) measures none
                    target.attr == "data" and (type(target.value) is not ast.Name or target.value.id in _param_names(fn))):
                key, advice = _TENSOR_STORES[target.attr]
                out.append(Hazard(NM404, target, f"setting `{_short(ctx, target)}` on a tensor is not "
                                  f"traced by Dynamo (graph break){advice}", gb=GB[key]))
            elif type(target) is ast.Attribute and type(target.value) is ast.Name and _module_function(
                    target.value.id, ctx, chain):
                # torchcrepe's infer keeps its model on itself (`infer.model = ...`): constructs.py "an
                # attribute set on a function object" (GB0467, resumed; its read is traced)
                out.append(Hazard(NM404, target, f"setting `{_short(ctx, target)}` on a function object is not "
                                  "traced by Dynamo (graph break); keep the value in a module-level "
                                  "variable or an object", gb=GB["hook_handle"]))
    out += _bound_method_calls(fn, body, t, ctx, out)
    if _numpy_file(ctx, d):
        out += _array_mask_indexes(fn, ctx, d, chain)
    words = d.index_text
    if words is None:
        text = ctx.src.text
        words = d.index_text = (".grad_fn" in text, "arange" in text or "cartesian_prod" in text or "argm" in text
                                or "randperm" in text)
    if words[0]:
        out += _grad_fn_reads(fn, body, ctx, d, chain)
    if words[1]:
        out += _element_indexes(fn, body, ctx, chain)
    out += _sequence_indexes(fn, body, t, ctx)
    out += _tensor_slices(fn, body, t, ctx)
    for node in body.statements:  # with open(...): a context manager Dynamo cannot enter
        if type(node) is ast.ClassDef:  # constructs.py "class statement in traced code" (GB8977, resumed)
            out.append(Hazard(NM404, node, f"`class {node.name}` is defined in traced code, which Dynamo does not "
                              "trace (graph break: `__build_class__`); define the class at module level",
                              gb=GB["build_class"]))
        if type(node) is ast.Assert and _assert_breaks(node) and t.truth(node.test):
            out.append(Hazard(NM402, node.test, f"`{_short(ctx, node.test)}` is a tensor: an `assert` "
                              + ("of `and`/`or`" if type(node.test) is ast.BoolOp else "of `not`" if type(node.test)
                                 is ast.UnaryOp else "with a message built at run time")
                              + " needs its value on the host (graph break; a single tensor with a constant "
                              "message becomes an in-graph check)", gb=GB["branch"]))
        if isinstance(node, (ast.For, ast.AsyncFor)) and (_skipped_iterable(node.iter, ctx, chain)
                                                          or _bound_skipped_iterable(node.iter, fn, ctx, d, chain)):
            out.append(Hazard(NM404, node.iter, f"iterating `{_short(ctx, node.iter)}`: Dynamo does not trace "
                              "DataLoader or tqdm iterators", skips_frame=True,
                              gb=GB["inline_skipped"]))
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                expr = item.context_expr
                if isinstance(expr, ast.Call) and ctx.names.qualify(expr.func, chain) in _UNSUPPORTED_CONTEXTS \
                        or isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "open" \
                        and not ctx.names.is_bound("open", chain):
                    # `with threading.Lock():` breaks once, at the with (constructs.py "threading.Lock() built
                    # and entered in traced code": GB0142), not also at the call that builds the lock
                    out = [h for h in out if h.node is not expr]
                    out.append(Hazard(NM404, expr, f"`{_short(ctx, expr)}` is a context manager Dynamo does "
                                      "not support", skips_frame=True, gb=GB["context"]))
    if cls is not None and (any(h.rule is NM406 for h in out) or any("rnn" in k.values() for k in d.attr_kinds.values())):
        out += _rnn_reads(fn, body, cls, ctx, d)  # a read of it breaks without a call (constructs.py "LSTM: the
        # submodule handed to a function", "LSTM: an attribute read in a forward that does not call it")
    if any(a.annotation is not None for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)):
        out += _rnn_parameter(fn, ctx, chain)
    if t.guarded:
        off = _tensor_only_branches(body, t)
        out = [h for h in out if id(h.node) not in off]
    return _first_rnn_use(out, fn)


_MEMBERSHIP = (ast.In, ast.NotIn)


def _tensor_membership(node: ast.Compare, t: Tensors) -> bool:
    """``k in labels`` or ``k not in labels``, ``labels`` surely a tensor (by its making, or a parameter
    annotated as one), not a parameter taken for one: ``"mask" in batch`` asks a dict."""
    for op, right in zip(node.ops, node.comparators):
        if type(op) in _MEMBERSHIP and t.of(right) and (_surely_tensor(right, t) or (
                type(right) is ast.Name and any(a.arg == right.id and a.annotation is not None and _is_tensor_annotation(a.annotation)
                                                for a in (*t.fn.args.posonlyargs, *t.fn.args.args, *t.fn.args.kwonlyargs)))):
            return True
    return False


def _tensor_only_branches(body: _Body, t: Tensors) -> set[int]:
    """Ids of the nodes of the branches that run only when a name holds a tensor (``elif
    isinstance(size, torch.Tensor):``) where nothing makes it one: the function binds it to no
    tensor and no traced caller passes one (stylegan3's ``assert_shape``, whose sizes are the ints
    of ``zip(tensor.shape, ref_shape)``). Dynamo reads the test as False and never traces them
    (measured: no break), as ``.item()`` under such a test is none (``Tensors.guarded``)."""
    off: set[int] = set()
    for node in body.tests:
        if type(node) in (ast.If, ast.IfExp):
            for names, branch in ((_tensor_names(node.test, True), node.body),
                                  (_tensor_names(node.test, False), node.orelse)):
                if names and not names & t.names:
                    off.update(id(n) for b in (branch if type(branch) is list else [branch]) for n in ast.walk(b))
    return off


# a %-format's conversions (%d, %8.2e, %(name)s)
_FORMAT_CONVERSION = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([a-zA-Z%])")


def _number_format(text: str) -> bool:
    """Every conversion of the %-format ``text`` makes a number (``%8.2e``; not ``%s`` or ``%r``)."""
    kinds = [k for k in _FORMAT_CONVERSION.findall(text) if k != "%"]
    return bool(kinds) and all(k in "diouxXeEfFgGc" for k in kinds)


def _bound_method_calls(fn: ast.AST, body: _Body, t: Tensors, ctx: Context, found: list[Hazard]) -> list[Hazard]:
    """A local bound to a tensor's method (the Krylov solvers' ``A = A.matmul`` when handed a matrix):
    Dynamo calls it in the graph until a break, and resumes with it as a builtin it does not trace, so a
    call after the function's first break breaks again (constructs.py "a tensor's bound method called after
    a break": GB0007; in a loop the frame skipped), and ``callable()`` of it breaks ("callable() of a
    tensor's bound method ...": GB0059). Every other binding of the name is a plain name (the callable
    the function was handed instead)."""
    bound: dict[str, int] = {}
    for b in body.binders:  # most functions bind no method: one type test per binding
        if type(b) is ast.Assign and type(b.value) is ast.Attribute and b.value.attr in TENSOR_METHODS \
                and len(b.targets) == 1 and type(b.targets[0]) is ast.Name and t.of(b.value.value):
            bound[b.targets[0].id] = min(bound.get(b.targets[0].id, b.lineno), b.lineno)
    if not bound:
        return []
    for b in body.binders:
        for n in _targets(b):
            if type(n) is ast.Name and n.id in bound and not (type(b) is ast.Assign and type(b.value) in (
                    ast.Name, ast.Attribute)):
                del bound[n.id]
    out: list[Hazard] = []
    top = {id(s) for s in fn.body}  # a break on every path: in a statement of the function's own block
    first = min((stmt.lineno for h in found if (stmt := body.where.get(id(h.node), (None,))[0]) is not None
                 and id(stmt) in top), default=None)
    for call in body.calls:
        f = call.func
        if type(f) is ast.Name and f.id == "callable" and len(call.args) == 1 and type(call.args[0]) is ast.Name \
                and bound.get(call.args[0].id, call.lineno) < call.lineno:
            out.append(Hazard(NM404, call, f"`{_short(ctx, call)}` of a tensor's bound method is not traced by Dynamo "
                              "(graph break)", gb=GB["print"]))
            first = min(first or call.lineno, call.lineno)
        elif (type(f) is ast.Name and bound.get(f.id, call.lineno) < call.lineno and first is not None
              and first < body.where[id(call)][0].lineno):
            out.append(Hazard(NM404, call, f"`{f.id}` is a tensor's bound method: after the break on line {first} "
                              "Dynamo resumes holding it as a builtin it does not trace (graph break); call the "
                              "method on the tensor instead", gb=GB["skipped"]))
    return out


def _rnn_parameter(fn: ast.AST, ctx: Context, chain: tuple) -> list[Hazard]:
    """NM406 at the first use of a parameter annotated ``nn.LSTM``/``GRU``/``RNN`` (sb3-contrib's
    static ``_process_sequence(features, lstm_states, episode_starts, lstm: nn.LSTM)``, whose first
    line reads ``lstm.input_size``): Dynamo breaks where it first meets the module, as for a
    submodule (constructs.py "an nn.LSTM handed to a function annotated nn.LSTM": GB0014, the
    frame skipped with no op before it)."""
    names = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)
             if a.annotation is not None and dotted(a.annotation).rpartition(".")[2] in _RNN_NAMES
             and ctx.names.qualify(a.annotation, chain) in _RNN_MODULES}
    if not names:
        return []
    first: dict[str, ast.Name] = {}
    for n in own_nodes(fn):
        if type(n) is ast.Name and n.id in names and type(n.ctx) is ast.Load:
            if n.id not in first or (n.lineno, n.col_offset) < (first[n.id].lineno, first[n.id].col_offset):
                first[n.id] = n
    return [Hazard(NM406, n, f"`{n.id}` is annotated as an nn.LSTM/GRU/RNN: Dynamo breaks at its first use "
                   "and cannot resume after", skips_rest=True, gb=GB['rnn']) for n in first.values()]


_NO_GRAD = frozenset({"torch.no_grad", "torch.inference_mode", "torch.autograd.grad_mode.no_grad"})


def _no_grad(e: ast.AST, ctx: Context, chain) -> bool:
    """``torch.no_grad()`` / ``torch.inference_mode()`` (a context or a decorator), or the bare name."""
    return ctx.names.qualify(e.func if type(e) is ast.Call else e, chain) in _NO_GRAD


def _grad_fn_reads(fn: ast.AST, body: _Body, ctx: Context, d: _State, chain) -> list[Hazard]:
    """``t.grad_fn`` read in traced code (Torch-Pruning's dependency graph: ``output.grad_fn``, a
    forward hook's ``outputs.grad_fn``). Measured (constructs.py "grad_fn ..."): where the tensor
    has a grad_fn (an op on parameters with gradients on, a tensor from outside the frame), Dynamo
    gives up on the whole function (GB0104), in the function or in a helper; a tensor without one
    (the input, or anything under ``no_grad``) is read without a break. Not reported under
    ``torch.no_grad()``/``inference_mode()``, as a decorator or a context."""
    if any(_no_grad(dec, ctx, chain) for dec in getattr(fn, "decorator_list", ())):
        return []
    quiet: set[int] = set()
    for node in body.statements:
        if type(node) in (ast.With, ast.AsyncWith) and any(_no_grad(i.context_expr, ctx, chain) for i in node.items):
            quiet.update(id(n) for s in node.body for n in all_nodes(s))
    # not tensors, or tensors without a grad_fn: a parameter annotated with another class (Torch-Pruning's
    # ``reshape_node: Node``, an object holding a grad_fn), ``self``/``cls``, and a result of
    # ``torch.autograd.grad`` without ``create_graph=True`` (torchmin's ``grad.grad_fn is None`` check)
    others = {"self", "cls"}
    args = fn.args
    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        if a.annotation is not None and not _is_tensor_annotation(a.annotation):
            others.add(a.arg)
    for node in body.binders:
        value = getattr(node, "value", None)
        while type(value) is ast.Subscript:
            value = value.value
        if type(value) is ast.Call and ctx.names.qualify(value.func, chain) == "torch.autograd.grad" and not any(
                k.arg == "create_graph" and type(k.value) is ast.Constant and k.value.value is True
                for k in value.keywords):
            others.update(n.id for t in (node.targets if type(node) is ast.Assign else [node.target])
                          for n in all_nodes(t) if type(n) is ast.Name)
    where = body.where
    out = []
    for node in own_nodes(fn):
        if (type(node) is ast.Attribute and node.attr == "grad_fn" and type(node.ctx) is ast.Load
                and id(node) in where and id(node) not in quiet
                and not (type(node.value) is ast.Name and node.value.id in others)):
            out.append(Hazard(NM404, node, f"`{_short(ctx, node)}`: Dynamo does not trace a tensor's autograd "
                              "graph; reading a grad_fn makes it give up on the whole function (graph break)",
                              skips_frame=True, gb=GB["grad_fn"]))
            break  # the frame is given up at the first
    return out


def _number(e: ast.AST, kinds: tuple[type, ...] = (int, float)) -> bool:
    """A number written in the code, of one of ``kinds``: ``0.0``, ``-1``."""
    if type(e) is ast.UnaryOp and type(e.op) is ast.USub:
        e = e.operand
    return type(e) is ast.Constant and type(e.value) in kinds


def _element_indexes(fn: ast.AST, body: _Body, ctx: Context, chain) -> list[Hazard]:
    """A 0-d tensor used as an index: Dynamo reads its value on the host (GB0033, measured in
    constructs.py: "store through a 0-d element of a cartesian_prod row", "for over torch.arange,
    the element as an index", "an element of torch.arange as an index"; openunmix's Wiener filter).
    Known 0-d only where the rank is certain: a name bound once to ``torch.argmin(v)`` /
    ``torch.argmax(v)`` / ``v.argmax()`` without a ``dim`` (torchjd's MGDA: ``e_t[t] = 1.0``;
    constructs.py "store at the index torch.argmin gives": GB0033, in a loop the frame skipped),
    the loop variable of ``for i in torch.arange(...)``,
    ``r[k]`` (``k`` an int, or the loop variable of ``for k in range(...)``) of a name bound once to
    ``torch.arange(...)`` or ``torch.randperm(...)`` or of the loop variable of ``for r in
    torch.cartesian_prod(a, b, ...)`` (rows of a 2-d tensor), and a name bound once to such an element
    (mixup's SaliencyMix: ``idx_donor = index[i]``, then ``saliency_maps[idx_donor]``; constructs.py "a
    tensor indexed by an element of torch.randperm", "... in a loop": GB0033, in a loop the frame
    skipped). A row of a 2-d index tensor (``y[:, order[1]]``) indexes without a break, and is not one
    of these."""
    def made(e: ast.AST) -> str | None:
        if type(e) is not ast.Call:
            return None
        name = ctx.names.qualify(e.func, chain)
        if name in ("torch.arange", "torch.randperm"):
            return "arange"
        if ((name in ("torch.argmin", "torch.argmax") and len(e.args) == 1) or (
                name is None and type(e.func) is ast.Attribute and e.func.attr in ("argmin", "argmax")
                and not e.args)) and not e.keywords:
            return "scalar"  # the index of the least/greatest of all elements: a 0-d tensor
        if name == "torch.cartesian_prod" and len(e.args) >= 2 and not any(type(a) is ast.Starred for a in e.args):
            return "cartesian"
        return None

    bound: dict[str, int] = {}
    vectors: set[str] = set()  # 1-d: bound to torch.arange(...), or a row of a cartesian product
    scalars: set[str] = set()  # 0-d: the loop variable over torch.arange(...)
    loops: list[tuple[str, ast.AST]] = []
    kinds: dict[str, str] = {}  # name -> what it was bound to, "arange" or "cartesian"
    picked: dict[str, ast.Subscript] = {}  # name -> the subscript it was bound to (j = perm[i])
    for node in body.binders:
        if type(node) in (ast.For, ast.AsyncFor):
            targets = [node.target]
            if type(node.target) is ast.Name:
                loops.append((node.target.id, node.iter))
        else:
            targets = node.targets if type(node) is ast.Assign else [node.target]
            if type(node) is ast.Assign and len(targets) == 1 and type(targets[0]) is ast.Name:
                kind = made(node.value)
                if kind is not None:
                    kinds[targets[0].id] = kind
                elif type(node.value) is ast.Subscript:
                    picked[targets[0].id] = node.value
        for target in targets:
            for n in all_nodes(target):
                if type(n) is ast.Name and type(n.ctx) is ast.Store:
                    bound[n.id] = bound.get(n.id, 0) + 1
    once = {k for k, v in bound.items() if v == 1}
    for name, kind in kinds.items():
        if kind == "arange" and name in once:
            vectors.add(name)
        elif kind == "scalar" and name in once:
            scalars.add(name)  # t = torch.argmin(v): constructs.py "store at the index torch.argmin gives"
    for name, it in loops:  # for r in torch.cartesian_prod(a, b), or in a name bound once to one
        kind = made(it) or (kinds.get(it.id) if type(it) is ast.Name and it.id in once else None)
        if kind is not None:
            (vectors if kind == "cartesian" else scalars).add(name)
    vectors &= once
    scalars &= once
    if not (vectors or scalars) or (_param_names(fn) & (vectors | scalars)):
        return []
    counters = {name for name, it in loops if name in once and type(it) is ast.Call and type(it.func) is ast.Name
                and it.func.id == "range" and not ctx.names.is_bound("range", chain)}

    def zero_d(e: ast.AST) -> bool:
        if type(e) is ast.Name:
            return e.id in scalars
        return (type(e) is ast.Subscript and type(e.value) is ast.Name and e.value.id in vectors
                and (_number(e.slice, (int,)) or type(e.slice) is ast.Name and e.slice.id in counters))
    scalars |= {name for name, e in picked.items() if name in once and zero_d(e)} - _param_names(fn)

    where = body.where
    out: list[Hazard] = []
    seen: set[int] = set()

    def holds_zero_d(e: ast.AST) -> bool:  # m + 1, n - k
        return zero_d(e) or type(e) is ast.BinOp and (holds_zero_d(e.left) or holds_zero_d(e.right))

    for node in own_nodes(fn):
        if type(node) not in (ast.Subscript, ast.Call) or id(node) not in where:
            continue
        if type(node) is ast.Call:
            # constructs.py "torch.arange to an int minus a 0-d tensor, in a loop over torch.arange" (GB0033)
            size = next((a for a in _size_args(node, ctx.names.qualify(node.func, chain)) if holds_zero_d(a)), None)
            if size is None:
                continue
            message = (f"`{_short(ctx, size)}` holds a 0-d tensor used as a size of `{_short(ctx, node.func)}`: "
                       "Dynamo reads its value on the host (graph break); keep sizes as Python ints")
        elif any(zero_d(i) for i in (node.slice.elts if type(node.slice) is ast.Tuple else [node.slice])):
            message = (f"`{_short(ctx, node)}` indexes with a 0-d tensor: Dynamo reads its value on the host "
                       "(graph break); index with Python ints or with a 1-d index tensor")
        else:
            continue
        stmt = where[id(node)][0]
        if id(stmt) in seen:
            continue
        seen.add(id(stmt))
        out.append(Hazard(NM401, node, message, gb=GB["data_dependent"]))
    return out


_SEQUENCE_ANNOTATIONS = frozenset({"List", "list", "Tuple", "tuple", "Sequence"})


def _sequences(fn: ast.AST, body: _Body) -> set[str]:
    """Names of ``fn`` that hold a Python list or tuple: a parameter annotated ``List[...]`` /
    ``tuple[...]`` / ``Sequence[...]`` and not rebound, or a local every binding of which is a
    list or tuple display or comprehension."""
    out: set[str] = set()
    args = fn.args
    params = _param_names(fn)
    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        ann = a.annotation
        if type(ann) is ast.Subscript:
            ann = ann.value
        name = ann.attr if type(ann) is ast.Attribute else ann.id if type(ann) is ast.Name else None
        if name in _SEQUENCE_ANNOTATIONS:
            out.add(a.arg)
    kinds: dict[str, bool] = {}
    for node in body.binders:
        value = getattr(node, "value", None) if type(node) in (ast.Assign, ast.AnnAssign) else None
        is_seq = type(value) in (ast.List, ast.Tuple, ast.ListComp) and type(node) is not ast.AugAssign
        for target in _targets(node):
            if type(target) is ast.Name:
                single = type(node) is not ast.Assign or len(node.targets) == 1 and type(node.targets[0]) is ast.Name
                kinds[target.id] = kinds.get(target.id, True) and is_seq and single
    for name, seq in kinds.items():
        if seq and name not in out and name not in params:
            out.add(name)
        elif not seq:
            out.discard(name)
    return out


def _sequence_indexes(fn: ast.AST, body: _Body, t: Tensors, ctx: Context) -> list[Hazard]:
    """A Python list or tuple indexed, or sliced, by a tensor: the subscript calls the tensor's
    ``__index__``, a read of its value on the host (constructs.py "list indexed by a 0-d tensor",
    "... by an element of a tensor of lengths", "tuple indexed by ...": GB0124, resumed; "list
    sliced up to a 0-d tensor": GB0124, the rest of the frame eager; TorchCRF's Viterbi decoding,
    ``score[seq_end_idx]``, ``path[:seq_end_idx]``)."""
    if not body.subscripts:
        return []
    seqs = _sequences(fn, body)
    if not seqs:
        return []
    out: list[Hazard] = []
    seen: set[int] = set()
    for node in body.subscripts:
        if type(node.value) is not ast.Name or node.value.id not in seqs or type(node.ctx) is not ast.Load:
            continue
        index = node.slice
        if type(index) is ast.Slice:
            bounds = [b for b in (index.lower, index.upper, index.step) if b is not None]
            if not any(t.of(b) for b in bounds):
                continue
            sliced = True
        elif t.of(index):
            sliced = False
        else:
            continue
        stmt = body.where[id(node)][0]
        if id(stmt) in seen:
            continue
        seen.add(id(stmt))
        out.append(Hazard(NM401, node, f"`{_short(ctx, node)}` {'slices' if sliced else 'indexes'} a Python "
                          f"list or tuple with a tensor: its `__index__` reads the value on the host (graph "
                          "break); index with a Python int (`.item()` outside the compiled code) or use "
                          "tensor ops", gb=GB["item"], skips_rest=sliced))
    return out


def _given_a_tensor(name: str, t: Tensors) -> bool:
    """A traced caller passes parameter ``name`` a tensor: a caller of another file, or one of this file
    handing on something other than its own parameter typed as a number or a tensor (nhsmm's
    ``Convergence.update(self, score: float | torch.Tensor, ...)`` hands ``score`` to ``_record``, whose
    ``score.item() if torch.is_tensor(score) else float(score)`` its fit, passing ``ll.item()``, never
    breaks at: constructs.py "isinstance-guarded .item(), a bool passed")."""
    if name not in t.passed:
        return False
    handed = t.handed.get(name)
    return not handed or any(not _number_or_tensor(v, caller.fn) for caller, v in handed)


def _number_or_tensor(e: ast.AST, fn: ast.AST) -> bool:
    """``e`` is a parameter of ``fn`` annotated as a number or a tensor (``float | torch.Tensor``,
    ``Union[int, Tensor]``)."""
    if type(e) is not ast.Name:
        return False
    ann = next((a.annotation for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs) if a.arg == e.id), None)
    words = set(re.findall(r"\w+", unparsed(ann))) if ann is not None else set()
    return bool(words & {"float", "int", "bool", "Number", "Real"}) and _is_tensor_annotation(ann)


def _surely_tensor(e: ast.AST, t: Tensors) -> bool:
    """``e`` is a tensor by its making, not by a guess about a parameter: a torch call or tensor
    method, a name bound to one (a name a loop binds, or a parameter not annotated ``Tensor``, is
    not: ``for i, (edge_index, _, size) in enumerate(adjs)`` unpacks a list of tuples), a buffer
    of the class (``self.bounds``, ``getattr(self, f"indices_{s}")``) or a property of it that
    returns a tensor it makes (tntorch's ``ranks_tt``: ``return torch.tensor([first] + [...])``),
    an element ``v[k]`` of those (``k`` an int or a name), and arithmetic with one."""
    return _surely(e, t, set())


def _surely(e: ast.AST, t: Tensors, seen: set[str]) -> bool:
    if type(e) is ast.Subscript and (_number(e.slice, (int,)) or type(e.slice) is ast.Name):  # v[0], v[i]
        e = e.value
    if type(e) is ast.BinOp:
        return _surely(e.left, t, seen) or _surely(e.right, t, seen)
    if type(e) is ast.UnaryOp:
        return _surely(e.operand, t, seen)
    if type(e) is ast.Call:  # a torch function's result, or a tensor method's of a receiver surely a tensor
        return t.of(e) and not (type(e.func) is ast.Attribute and type(e.func.value) is ast.Name
                                and t.ctx.names.qualify(e.func, t.chain) is None and not _surely(e.func.value, t, seen))
    if type(e) is ast.Attribute:
        if type(e.value) is ast.Name and e.value.id == "self":
            return e.attr in t.buffers or (t.cls is not None and (_tensor_property(t.cls, e.attr, t.ctx)
                                                                  or _stored_tensor(t.cls, e.attr, t.ctx)))
        return False
    if type(e) is not ast.Name or e.id in seen or not t.of(e):
        return False
    seen.add(e.id)
    fn = t.fn
    annotated = any(a.arg == e.id and a.annotation is not None and _is_tensor_annotation(a.annotation)
                    for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs))
    # a traced caller passes it a tensor of its making (VITS's slice_segments)
    given = e.id in t.handed and any(_surely_tensor(v, caller) for caller, v in t.handed[e.id])
    if e.id in _param_names(fn) and not (annotated or given):
        return False
    found = bound = False
    for node in _body(fn, t.ctx.state(_State)).binders:
        if not any(type(n) is ast.Name and n.id == e.id for target in _targets(node) for n in all_nodes(target)):
            continue
        if type(node) in (ast.For, ast.AsyncFor):
            if _row_of(node, e.id, t, seen):
                found = bound = True
                continue
            return False
        bound = True
        value = getattr(node, "value", None)
        if value is not None and not found and _surely(value, t, seen):
            found = True
    return found or (annotated or given) and not bound  # an argument annotated Tensor (or given one), never rebound


def _row_of(loop: ast.AST, name: str, t: Tensors, seen: set[str]) -> bool:
    """``for n in v`` or ``for i, n in enumerate(v)`` binds ``name`` to a row of ``v``, surely a tensor
    (df0-pitch's ``for i, N in enumerate(self.N_pow2)``, a tensor attribute: each ``N`` a 0-d tensor)."""
    it, target = loop.iter, loop.target
    if (type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "enumerate" and len(it.args) == 1
            and type(target) is ast.Tuple and len(target.elts) == 2 and not t.ctx.names.is_bound("enumerate", t.chain)):
        it, target = it.args[0], target.elts[1]
    return type(target) is ast.Name and target.id == name and _surely(it, t, seen)


def _stored_tensor(cls: ast.ClassDef, attr: str, ctx: Context) -> bool:
    """A method of ``cls`` (or of an in-file base) stores a parameter annotated as a tensor as
    ``self.attr``: torch-pme's ``update(self, cell, ns_mesh: torch.Tensor | None = None)`` sets
    ``self.ns_mesh = ns_mesh``, and ``int(self.ns_mesh[0])`` then reads it on the host (GB0124)."""
    d = ctx.state(_State)
    return bool(d.stored_tensors) and any(attr in d.stored_tensors.get(id(c), ()) for c, _ in _lineage(cls, d))


def _tensor_property(cls: ast.ClassDef, attr: str, ctx: Context) -> bool:
    """``attr`` is a ``@property`` of ``cls`` (or an in-file base) every ``return`` of which makes a
    tensor with a torch call."""
    fn = None
    for c, methods in _lineage(cls, ctx.state(_State)):
        if attr in methods:  # the getter, which a setter of the same name follows
            fn = next((m for m in c.body if type(m) is ast.FunctionDef and m.name == attr and any(
                dotted(x) in ("property", "functools.cached_property", "cached_property") for x in m.decorator_list)), None)
            break
    if fn is None:
        return False
    returns = [n.value for n in all_nodes(fn) if type(n) is ast.Return]
    return bool(returns) and all(type(v) is ast.Call and call_kind(ctx.names.qualify(v.func, (ctx.tree,)) or "") == TENSOR
                                 for v in returns)


# torch factories whose positional arguments are all sizes
_SIZED_FACTORIES = frozenset({"torch.ones", "torch.zeros", "torch.empty", "torch.rand", "torch.randn", "torch.eye"})
# torch functions whose first argument alone is a size: fftfreq(n, d)
_SIZE_FIRST = frozenset({"torch.fft.fftfreq", "torch.fft.rfftfreq"})
_PAD = "torch.nn.functional.pad"  # its second argument, a tuple of sizes: F.pad(x, (0, n))


def _size_args(call: ast.Call, name: str | None) -> list[ast.AST]:
    """The arguments of ``call`` (to the torch function ``name``) Dynamo needs as Python numbers
    (torch.arange's bounds and step: only where they hold a 0-d loop variable, _element_indexes;
    any tensor there is found too, but moves the coverage estimate of two spent models out of 10
    points: docs/accuracy.md, round 28)."""
    if name in _SIZE_FIRST:
        return call.args[:1] + [k.value for k in call.keywords if k.arg == "n"]
    if name == _PAD:
        pad = call.args[1:2] + [k.value for k in call.keywords if k.arg == "pad"]
        return [a for p in pad if type(p) in (ast.List, ast.Tuple) for a in p.elts if type(a) is not ast.Starred]
    if name == "torch.arange":
        return [a for a in call.args if type(a) is not ast.Starred]
    if name not in _SIZED_FACTORIES:
        return []
    args = call.args
    if len(args) == 1 and type(args[0]) in (ast.List, ast.Tuple):
        args = args[0].elts
    return [a for a in args if type(a) is not ast.Starred]


def _tensor_size(call: ast.Call, name: str, t: Tensors) -> ast.AST | None:
    """A size of a factory call that is surely a tensor (``torch.ones(1, self.ranks_tt[0])``, a
    property making a tensor; ``torch.zeros([r[0], 4])`` with ``r = torch.tensor(...)``;
    ``torch.fft.fftfreq(ns[0])`` with ``ns`` an argument annotated ``torch.Tensor``): Dynamo reads
    its value on the host (constructs.py "torch.ones sized by an element of torch.tensor of a list",
    "... of a property returning torch.tensor", "torch.fft.fftfreq sized by a tensor's element",
    "F.pad by a tuple holding an element of a tensor attribute": GB0033, the last inside torch's ``F.pad``:
    df0-pitch's ``F.pad(x, (0, N))`` in ``compute_erb_features``)."""
    if name == _PAD:  # as torch.arange's bounds (_size_args): only a loop's row of a tensor, not amax()'s result
        names = [a for a in _size_args(call, name) if type(a) is ast.Name]
        loops = [b for b in _body(t.fn, t.ctx.state(_State)).binders if type(b) in (ast.For, ast.AsyncFor)] if names else ()
        return next((a for a in names if any(_row_of(b, a.id, t, set()) for b in loops) and _surely_tensor(a, t)), None)
    return next((a for a in _size_args(call, name) if _surely_tensor(a, t)), None)


def _tensor_elements(e: ast.AST, at: ast.Call, t: Tensors) -> bool:
    """``tuple(c)`` or ``list(c)`` of a tensor ``c``, or a name whose last binding before ``at`` is one
    (pytorch-tree-lstm's ``child_counts = tuple(child_counts)``): the elements are 0-d tensors. A name's
    first split alone: after that break they are the resumed frame's inputs, and a second split by them
    is traced (constructs.py "torch.split by a tuple of a tensor's elements, twice": one break)."""
    if type(e) is ast.Name:
        body = _body(t.fn, t.ctx.state(_State))
        binds = [b for b in body.binders if type(b) is ast.Assign
                 and b.lineno < at.lineno and any(type(x) is ast.Name and x.id == e.id for x in b.targets)]
        if not binds or any(c is not at and binds[-1].lineno < c.lineno <= at.lineno and len(c.args) > 1
                            and type(c.args[1]) is ast.Name and c.args[1].id == e.id
                            and t.ctx.names.qualify(c.func, t.chain) == "torch.split" for c in body.calls):
            return False
        e = binds[-1].value
    return (type(e) is ast.Call and type(e.func) is ast.Name and e.func.id in ("tuple", "list") and len(e.args) == 1
            and not e.keywords and not t.ctx.names.is_bound(e.func.id, t.chain) and t.of(e.args[0]))


def _tensor_slices(fn: ast.AST, body: _Body, t: Tensors, ctx: Context) -> list[Hazard]:
    """A slice whose bound is a tensor (``x[:, idx[0]:idx[1]]`` with ``idx`` a buffer, ``y[:, :n]`` with
    ``n = torch.tensor(3)``): the bound's ``__index__`` reads its value on the host (constructs.py
    "slice bounds from elements of a registered buffer", "... of torch.tensor of a list", "... of a
    buffer read by getattr of a formatted name", "slice bound a 0-d tensor": GB0124; e2cnn's batch
    norm and pooling, ``input[:, in_indices[0]:in_indices[1], ...]``). Only bounds surely tensors count
    (``_surely_tensor``): a bare ``forward`` parameter used as a bound is an int more often than not.
    A Python list or tuple sliced so is ``_sequence_indexes``' case."""
    if not body.subscripts or not (t.assigned or t.buffers or t.handed):
        return []
    seqs: set[str] | None = None
    rows: dict[str, bool] | None = None
    out: list[Hazard] = []
    seen: set[int] = set()
    for node in body.subscripts:
        items = node.slice.elts if type(node.slice) is ast.Tuple else (node.slice,)
        bounds = [b for i in items if type(i) is ast.Slice for b in (i.lower, i.upper, i.step) if b is not None]
        found = next((b for b in bounds if _surely_tensor(b, t)), None)
        in_comprehension = False
        if found is None and bounds:
            if rows is None:
                rows = _tensor_rows(body, t)
            found = next((b for b in bounds if _row_bound(b, rows)), None)
            in_comprehension = found is not None and any(rows[n.id] for n in all_nodes(found) if type(n) is ast.Name
                                                          and n.id in rows)
        if found is None:
            continue
        if type(node.value) is ast.Name:
            if seqs is None:
                seqs = _sequences(fn, body)
            if node.value.id in seqs:
                continue
        stmt = body.where[id(node)][0]
        if id(stmt) in seen:
            continue
        seen.add(id(stmt))
        if in_comprehension:  # Dynamo gives up the comprehension's zip there (GB4347), the frame eager
            out.append(Hazard(NM401, node, f"`{_short(ctx, node)}` slices with an element of a tensor "
                              f"(`{_short(ctx, found)}`) in a comprehension: its `__index__` reads the value on the "
                              "host, and Dynamo cannot resume the comprehension's iterator (graph break, the "
                              "function runs eagerly); slice with Python ints (`.tolist()` outside the compiled code)",
                              gb=GB["iternext"], skips_rest=True))
            continue
        out.append(Hazard(NM401, node, f"`{_short(ctx, node)}` slices with a tensor bound (`{_short(ctx, found)}`): "
                          "its `__index__` reads the value on the host (graph break); slice with Python ints "
                          "(kept beside the tensor, or read once outside the compiled code)",
                          gb=GB["item"], skips_rest=True))
    return out


def _tensor_rows(body: _Body, t: Tensors) -> dict[str, bool]:
    """Names a ``for`` loop or a comprehension binds to the elements of a tensor surely one
    (``_surely_tensor``), zipped with other iterables, enumerated (constructs.py "enumerate over a
    tensor's elements as slice bounds") or alone (psgd-torch's ``for (param, i, j) in
    zip(self._params_with_grad, self._param_sizes, self._param_cumsizes)``, the last a tensor its
    ``__init__`` made) and bound by nothing else in the function: name -> bound by a comprehension.
    Each element of a 1-d tensor is a 0-d tensor (constructs.py "slice bounds from a tensor
    attribute's elements, zipped, in a list comprehension", "... in a for loop")."""
    loops = [(s.iter, s.target, False) for s in body.statements if type(s) in (ast.For, ast.AsyncFor)]
    loops += [(g.iter, g.target, True) for c in body.comprehensions for g in c.generators]
    out: dict[str, bool] = {}
    for it, target, comp in loops:
        if type(target) is ast.Name:
            pairs = [(target, it)]
        elif (type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "zip" and not it.keywords
              and not t.ctx.names.is_bound("zip", t.chain) and type(target) is ast.Tuple
              and len(target.elts) == len(it.args)):
            pairs = list(zip(target.elts, it.args))
        elif (type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "enumerate" and len(it.args) == 1
              and not it.keywords and not t.ctx.names.is_bound("enumerate", t.chain) and type(target) is ast.Tuple
              and len(target.elts) == 2):
            pairs = [(target.elts[1], it.args[0])]  # for i, k in enumerate(ks): k is ks' element
        else:
            continue
        for e, a in pairs:
            if type(e) is ast.Name and type(a) is not ast.Starred and _surely_tensor(a, t) and (
                    type(target) is ast.Name or it.func.id == "zip"
                    or scope_kinds(t.ctx, t.chain).of(a) not in HOST_KINDS):  # enumerate: not of t.numpy()
                out[e.id] = comp
    if not out:  # nothing to keep: no need to count what the function binds
        return out
    bound = [n for s in body.binders if type(s) in (ast.Assign, ast.AnnAssign, ast.AugAssign)
             for tg in (s.targets if type(s) is ast.Assign else [s.target]) for n in all_nodes(tg) if type(n) is ast.Name]
    bound += [n for s in body.statements if type(s) in (ast.For, ast.AsyncFor) for n in all_nodes(s.target)
              if type(n) is ast.Name]
    bound += [n for c in body.comprehensions for g in c.generators for n in all_nodes(g.target) if type(n) is ast.Name]
    times = Counter(n.id for n in bound)
    return {k: v for k, v in out.items() if times[k] <= 1}


def _row_bound(e: ast.AST, rows: dict[str, bool]) -> bool:
    """A slice bound that is one of ``rows``, or arithmetic with one (``j - i``)."""
    if type(e) is ast.Name:
        return e.id in rows
    if type(e) is ast.BinOp:
        return _row_bound(e.left, rows) or _row_bound(e.right, rows)
    return type(e) is ast.UnaryOp and _row_bound(e.operand, rows)


def _grad_fallback(call: ast.Call, fn: ast.AST) -> bool:
    """``call`` lies in a branch of a test on ``.requires_grad`` (higher's ``p if p.requires_grad else
    torch.tensor([], requires_grad=True)``, a placeholder for a frozen tensor): Dynamo decides the
    test from the tensor it holds and traces only the branch taken; measured: "requires_grad=True
    only where a tensor does not require grad" does not break. Which branch runs is not known here."""
    for n in all_nodes(fn):
        if type(n) in (ast.If, ast.IfExp) and any(type(a) is ast.Attribute and a.attr == "requires_grad"
                                                  for a in all_nodes(n.test)):
            branches = (n.body, n.orelse) if type(n) is ast.IfExp else (*n.body, *n.orelse)
            if any(x is call for b in branches for x in all_nodes(b)):
                return True
    return False


def _rnn_reads(fn: ast.AST, body, cls: ast.ClassDef, ctx: Context, d: _State) -> list[Hazard]:
    """NM406 at reads of an RNN submodule's attributes (``self.lstm.num_layers``): a use of the
    module, where Dynamo breaks when it comes first (measured: "LSTM: an attribute read before
    the call"; PyG's Set2Set)."""
    out = []
    called = {id(c.func) for c in body.calls}  # self.lstm.flatten_parameters(): a call, found already
    for stmt in body.statements:
        inner = set()  # self.lstm of self.lstm.num_layers (parents come first: breadth first)
        for n in all_nodes(stmt):
            if type(n) is not ast.Attribute:
                continue
            inner.add(id(n.value))
            if id(n) in called or type(n.ctx) is not ast.Load or body.where.get(id(n), (None,))[0] is not stmt:
                continue
            if (type(n.value) is ast.Attribute and type(n.value.value) is ast.Name and n.value.value.id == "self"
                    and _submodule_kind(cls, n.value.attr, ctx, d) == "rnn"):
                out.append(Hazard(NM406, n, f"`self.{n.value.attr}` is an nn.LSTM/GRU/RNN: Dynamo breaks at its "
                                  f"first use (`.{n.attr}`) and cannot resume after", skips_rest=True, gb=GB['rnn']))
            elif (type(n.value) is ast.Name and n.value.id == "self" and id(n) not in inner
                  and _submodule_kind(cls, n.attr, ctx, d) == "rnn"):
                # `assert self.lstm is not None` (PyG's JumpingKnowledge): reading the module
                # itself is a use (constructs.py, "LSTM: `is not None` before the call")
                out.append(Hazard(NM406, n, f"`self.{n.attr}` is an nn.LSTM/GRU/RNN: Dynamo breaks at its "
                                  "first use and cannot resume after", skips_rest=True, gb=GB['rnn']))
    return out


def _assert_breaks(node: ast.Assert) -> bool:
    """Dynamo turns ``assert t`` and ``assert t, "text"`` on a tensor into an in-graph check, but
    branches on the tensor (a graph break) when the message is built at run time or the test
    is an ``and``/``or`` (measured: constructs.py "assert on tensor, ...") or a ``not`` (fswlib's
    ``assert not torch.isnan(X).any(), "..."``: "assert not of a tensor, constant message", GB0170;
    ``assert (~m).all()`` is a check)."""
    test = node.test
    return type(test) is ast.BoolOp or (type(test) is ast.UnaryOp and type(test.op) is ast.Not) or (
        node.msg is not None and type(node.msg) is not ast.Constant)


def _first_rnn_use(hazards: list[Hazard], fn: ast.AST) -> list[Hazard]:
    """One NM406 per RNN submodule and path: at its first use in the function (``flatten_parameters()``
    or an attribute read before the call), where Dynamo breaks. A use in the other branch of an ``if``
    than the first is the first of its own path (nhsmm's DefaultEncoder: ``self.lstm(packed)`` under a
    mask, ``self.lstm(x_c)`` in the ``else``; constructs.py "LSTM: called in an if and in its else, the
    else taken": GB0014 there)."""
    uses: dict[str, list[Hazard]] = {}
    for h in hazards:
        if h.rule is NM406:
            uses.setdefault(_rnn_attr(h.node), []).append(h)
    if all(len(group) == 1 for group in uses.values()):
        return hazards
    kept: set[int] = set()
    for group in uses.values():
        firsts: list[Hazard] = []
        for h in sorted(group, key=lambda h: (h.node.lineno, h.node.col_offset)):
            if all(_at(f.node) == _at(h.node) or _branches_apart(fn, f.node, h.node) for f in firsts):
                firsts.append(h)
        kept.update(map(id, firsts))
    return [h for h in hazards if h.rule is not NM406 or id(h) in kept]


def _at(node: ast.AST) -> tuple[int, int]:
    return node.lineno, node.col_offset


def _branches_apart(fn: ast.AST, first: ast.AST, later: ast.AST) -> bool:
    """``first`` and ``later`` are in the two branches of one ``if`` (or ``a if c else b``) of ``fn``:
    no run reaches both."""
    for n in all_nodes(fn):
        if type(n) is ast.If or type(n) is ast.IfExp:
            body, orelse = ((n.body,), (n.orelse,)) if type(n) is ast.IfExp else (n.body, n.orelse)
            if orelse and _holds(body, first) and _holds(orelse, later):
                return True
    return False


def _holds(branch, node: ast.AST) -> bool:
    return any(x is node for part in branch for x in all_nodes(part))


def _rnn_attr(node: ast.AST) -> str:
    if type(node) is ast.Name:  # a parameter annotated nn.LSTM
        return node.id
    if isinstance(node, ast.Attribute):  # self.lstm.num_layers, or self.lstm itself
        return node.attr if isinstance(node.value, ast.Name) else node.value.attr
    f = node.func  # self.lstm(...), self.lstm.flatten_parameters() or self.rnns[i](...)
    return f.attr if isinstance(f.value, ast.Name) else f.value.attr


_NEW_LEAF = frozenset({"detach", "clone", "contiguous"})  # x.detach().requires_grad_(): a leaf made in the graph


def _new_leaf(e: ast.AST) -> bool:
    """``x.detach()``, ``x.clone().detach()``: a tensor that does not require grad, made in traced code."""
    return (type(e) is ast.Call and type(e.func) is ast.Attribute and e.func.attr in _NEW_LEAF
            and (e.func.attr == "detach" or _new_leaf(e.func.value) or
                 (type(e.func.value) is ast.Call and type(e.func.value.func) is ast.Attribute
                  and e.func.value.func.attr == "detach")))


# torch's factories: a new tensor that does not require grad (requires_grad= not given)
_FACTORIES = frozenset({"torch.zeros_like", "torch.ones_like", "torch.empty_like", "torch.full_like",
                        "torch.rand_like", "torch.randn_like", "torch.zeros", "torch.ones", "torch.empty",
                        "torch.full", "torch.rand", "torch.randn"})


def _made_leaf(e: ast.AST, ctx: Context, chain) -> bool:
    """``torch.zeros_like(y)``: a new leaf made in traced code (backpack's R-op, ``torch.zeros_like(y)
    .requires_grad_(True)`` before ``torch.autograd.grad``; constructs.py "zeros_like leaf
    requires_grad_(True), then autograd.grad": GB8985)."""
    return (type(e) is ast.Call and ctx.names.qualify(e.func, chain) in _FACTORIES
            and not any(k.arg == "requires_grad" for k in e.keywords))


def _requires_grad_hazard(call: ast.Call, t: Tensors, ctx: Context, d: _State, chain) -> Hazard | None:
    """``t.requires_grad_()`` (or ``(True)``) in traced code (constructs.py "requires_grad_() ..."):
    on a tensor Dynamo holds as a graph input (an argument, not rebound before) it breaks
    (GB0125); on a new leaf made in the graph (``x.detach().requires_grad_()``, ``torch.zeros_like(y)
    .requires_grad_(True)``) it breaks when
    the leaf outlives the graph (GB8985): returned, or before a gradient the function takes
    (``torch.autograd.grad`` / ``.backward()``, which end the graph). ``requires_grad_(False)`` on a
    module's parameter, which requires grad unless frozen before, breaks too (GB0125: pynsm's
    ``pre_iteration``); elsewhere it, and a tensor that may already require grad (a loss), are left
    alone: a no-op does not break."""
    owner, fn = call.func.value, t.fn
    if (len(call.args) == 1 and not call.keywords and type(call.args[0]) is ast.Constant
            and call.args[0].value is False and _module_parameter(owner, fn, d, call)):
        # constructs.py "requires_grad_(False) on a module's parameters": GB0125, the frame skipped in the loop
        return Hazard(NM404, call, f"`{_short(ctx, call)}` on a module's parameter (a graph input that requires "
                      "grad): Dynamo does not trace changing its `requires_grad` (graph break); freeze it "
                      "before the compiled code", gb=GB["requires_grad_input"])
    if call.keywords or len(call.args) > 1 or (
            call.args and not (type(call.args[0]) is ast.Constant and call.args[0].value is True)):
        return None
    body = _body(fn, d)
    if type(owner) is ast.Name:
        params = _param_names(fn) - {"self", "cls"}
        rebound = any(type(n) is ast.Name and n.id == owner.id and type(n.ctx) is ast.Store and n.lineno < call.lineno
                      for b in body.binders for n in all_nodes(b) if type(n) is ast.Name)
        # a function traced only as reached from another file's traced code takes what that code hands it,
        # an intermediate as often as a graph input (flash-semicrf's ``_get_dimension(edge)``, the edge built
        # in the caller: no break): left alone
        reached = (tf := (d.traced or {}).get(id(fn))) is not None and tf.origin
        if owner.id in params and not rebound and not reached and _tensor_param(owner.id, fn, ctx, chain):
            return Hazard(NM404, call, f"`{_short(ctx, call)}` on an argument (a graph input): Dynamo does not "
                          "trace changing its `requires_grad` (graph break); call it before the compiled code",
                          gb=GB["requires_grad_input"])
        return None
    if not (_new_leaf(owner) or _made_leaf(owner, ctx, chain)) or (getattr(fn, "name", "") == "backward"
                                and _is_autograd_function(d.owner.get(id(fn)), d)):
        return None  # a Function's backward, traced with gradients, breaks at its torch.autograd.grad only
    later = [c for c in body.calls if c.lineno > call.lineno or (c.lineno == call.lineno and c is not call)]
    grads = any(dotted(c.func) in _AUTOGRAD or ctx.names.qualify(c.func, chain) in _AUTOGRAD
                or (type(c.func) is ast.Attribute and c.func.attr == "backward") for c in later)
    if not grads:
        return None
    return Hazard(NM404, call, f"`{_short(ctx, call)}` makes a leaf that requires grad inside traced code, and "
                  "the function then takes its gradient: Dynamo breaks here (graph break); make the leaf "
                  "before the compiled code", gb=GB["requires_grad_leaked"])


_INPLACE_VIEWS = frozenset({"transpose_", "t_", "unsqueeze_", "squeeze_"})  # measured: constructs.py "... on the input"
_RESIZES = frozenset({"resize_as_", "resize_"})  # torch's alone (NumPy's is ndarray.resize)


def _graph_input(owner: ast.AST, call: ast.Call, ctx: Context, d: _State, chain) -> bool:
    """``owner`` holds a tensor Dynamo takes as a graph input where ``call`` runs: ``p.grad``, a
    name last bound (before the call, in the text) to ``p.grad``, or a parameter of the function
    not bound before the call (constructs.py "transpose_ on the input", "... on a parameter's grad,
    in a loop": a loop's first pass uses the binding before it). Not an intermediate ("transpose_
    on an intermediate") nor a view of the input made first ("transpose_ on a parameter's grad")."""
    if type(owner) is ast.Attribute:
        return owner.attr == "grad"
    if type(owner) is not ast.Name:
        return False
    fn = next((c for c in reversed(chain) if isinstance(c, _FUNCS)), None)
    if fn is None:
        return False
    last = None
    for b in _body(fn, d).binders:
        if b.lineno >= call.lineno:
            continue
        targets = b.targets if type(b) is ast.Assign else [getattr(b, "target", None)]
        if any(n is not None and type(n) is ast.Name and n.id == owner.id for t_ in targets for n in all_nodes(t_)
               if t_ is not None):
            if last is None or b.lineno > last.lineno:
                last = b
    if last is None:
        params = _param_names(fn) - {"self", "cls"}
        return owner.id in params and _tensor_param(owner.id, fn, ctx, chain)
    return (type(last) is ast.Assign and len(last.targets) == 1 and type(last.targets[0]) is ast.Name
            and type(last.value) is ast.Attribute and last.value.attr == "grad")


def _tensor_param(name: str, fn: ast.AST, ctx: Context, chain) -> bool:
    """A parameter that neither its annotation nor its uses say holds something else than a
    tensor (``module.requires_grad_(True)`` is nn.Module's, measured nowhere)."""
    arg = next(a for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs) if a.arg == name)
    if arg.annotation is not None and annotation_kind(arg.annotation) != TENSOR:
        return False
    return scope_kinds(ctx, chain).used_as.get(name) in (None, TENSOR) and name not in _MODULE_NAMES


_MODULE_NAMES = frozenset({"model", "module", "net", "network", "m", "mod", "layer", "encoder", "decoder"})


def _rebuilt_calls(ctx: Context, d: _State) -> dict[tuple[str, int], str]:
    """(traced function, line) -> where below it breaks, for the calls the project model found
    running a method of an instance the function builds itself (``REBUILT`` roots)."""
    if d.rebuilt is None:
        d.rebuilt = {}
        for path, name, origin in ctx.options.traced_roots if ctx.options else ():
            if path == ctx.src.path and origin.startswith(REBUILT):
                line, _, where = origin[len(REBUILT):].partition(" ")
                d.rebuilt[(name, int(line))] = where
    return d.rebuilt


def _uninitialised_inits(ctx: Context, d: _State) -> dict[str, str]:
    """``Cls.__init__`` -> where its construction breaks below, for the ``__init__``s of nn.Module
    classes of this file the project model found built uninitialised (``UNINITIALISED`` roots)."""
    if d.uninitialised is None:
        d.uninitialised = {name: origin[len(UNINITIALISED):] for path, name, origin
                           in (ctx.options.traced_roots if ctx.options else ())
                           if path == ctx.src.path and origin.startswith(UNINITIALISED)}
    return d.uninitialised


def _first_self_read(call: ast.Call, fn: ast.AST) -> bool:
    """``call`` is ``super().__init__(...)`` (or ``Base.__init__(self, ...)``), a statement of its
    own, and the first statement of ``fn`` that reads ``self``: where Dynamo first wraps the empty
    module (GB0119)."""
    f = call.func
    if not (type(f) is ast.Attribute and f.attr == "__init__" and (
            type(f.value) is ast.Call and type(f.value.func) is ast.Name and f.value.func.id == "super"
            or call.args and type(call.args[0]) is ast.Name and call.args[0].id == "self")):
        return False
    for stmt in getattr(fn, "body", ()):
        if type(stmt) is ast.Expr and stmt.value is call:
            return True
        if any(n is call or type(n) is ast.Name and n.id == "self" for n in all_nodes(stmt)):
            return False
    return False


def _own_methods(ctx: Context, d: _State) -> dict[str, set[int]]:
    """traced function -> the lines of its ``self.m()`` calls that the project model found a
    project class of another file answering (``OWN_METHOD`` roots)."""
    if d.own_methods is None:
        d.own_methods = {}
        for path, name, origin in ctx.options.traced_roots if ctx.options else ():
            if path == ctx.src.path and origin.startswith(OWN_METHOD):
                d.own_methods.setdefault(name, set()).add(int(origin[len(OWN_METHOD):].partition(" ")[0]))
    return d.own_methods


def _traced_name(chain, d: _State) -> str | None:
    """The traced name (``Cls.method``) of the function a chain ends in."""
    fn = chain[-1] if chain and isinstance(chain[-1], _FUNCS) else None
    return fn is not None and (f"{d.owner[id(fn)].name}.{fn.name}" if id(fn) in d.owner else fn.name) or None


def _call_hazard(call: ast.Call, t: Tensors, ctx: Context, d: _State, cls, chain, loggers) -> Hazard | None:
    f = call.func
    if _rebuilt_calls(ctx, d):
        fn = chain[-1] if chain and isinstance(chain[-1], _FUNCS) else None
        name = fn is not None and (f"{d.owner[id(fn)].name}.{fn.name}" if id(fn) in d.owner else fn.name)
        where = d.rebuilt.get((name, call.lineno))
        if where is None and fn is not None and id(fn) in d.parent_fn:  # a closure's, by its qualified name
            where = d.rebuilt.get((_qualname(chain), call.lineno))
        if where is not None and type(f) in (ast.Name, ast.Attribute):
            # constructs.py "local instance's method breaks, instance not used after" (GB0092): the frame is
            # given up; an instance holding a tensor the frame made is compiled up to the call instead
            kept = type(f) is ast.Attribute and _holds_made_tensor(f.value, fn, t, d)
            return Hazard(NM404, call, f"`{dotted(f)}(...)` runs a method of an instance built in the trace (by "
                          f"this function or a call of it), and it breaks below (`{where}`): Dynamo cannot rebuild "
                          "the instance to resume after the call (graph break)", skips_frame=not kept,
                          skips_rest=kept, gb="GB0092")
    if type(f) is ast.Attribute and f.attr == "__init__" and _uninitialised_inits(ctx, d):
        fn = chain[-1] if chain and isinstance(chain[-1], _FUNCS) else None
        where = d.uninitialised.get(_traced_name(chain, d))
        if where is not None and _first_self_read(call, fn):
            # constructs.py "an nn.Module built in traced code, its __init__ breaking" (GB0119, frame skipped)
            return Hazard(NM404, call, f"the module's construction breaks below (`{where}`), so Dynamo builds it "
                          "eagerly and compiles this `__init__` as a frame of its own before `nn.Module.__init__` "
                          "ran: it cannot trace the empty module and skips the frame (graph break); build the "
                          "module outside the compiled code", skips_frame=True, gb="GB0119")
    if _optional_dicts(ctx, d) and type(f) in (ast.Name, ast.Attribute) and dotted(f) in d.optional_dicts:
        return Hazard(NM404, call, f"`{dotted(f)}(...)` builds a TypedDict with optional keys, which Dynamo "
                      "does not trace (graph break)", gb=GB["typed_dict"])
    if type(f) in (ast.Name, ast.Attribute) and _validated_models(ctx, d) and dotted(f) in d.validated:
        return Hazard(NM404, call, f"`{dotted(f)}(...)` builds a pydantic model: pydantic-core validates it, "
                      "compiled code Dynamo does not trace (graph break; its validators run eagerly, each "
                      "compiled as a frame of its own)", gb=GB["method"])
    if (type(f) is ast.Subscript and type(f.value) is ast.Name and f.value.id in _GENERIC_BUILTINS
            and not ctx.names.is_bound(f.value.id, chain)):
        # constructs.py "list[torch.Tensor]() called": a types.GenericAlias Dynamo cannot call (GB0147)
        return Hazard(NM404, call, f"`{_short(ctx, call)}` calls a subscripted generic (`{f.value.id}[...]`), "
                      f"which Dynamo does not trace (graph break); write `{f.value.id}()` and annotate the "
                      "variable instead", gb=GB["generic_call"])
    if (type(f) is ast.Subscript and cls is not None and (held := _self_attr(f.value))
            and _holds_rnns(cls, held, ctx, d)):
        # constructs.py "a module's plain list of GRUs called by index ... (dnc's _layer_forward)": GB0014
        return Hazard(NM406, call, f"`self.{held}` holds nn.LSTM/GRU/RNN modules, which Dynamo does not trace and "
                      "cannot resume after", skips_rest=True, gb=GB['rnn'])
    if (type(f) is ast.Attribute and f.attr == "_cuda_graph_capture_health_check" and cls is not None
            and type(f.value) is ast.Name and f.value.id == "self"
            and _method_of(cls, f.attr, d) is None):
        # inherited from torch.optim.Optimizer (torch-adopt's and timm's steps): constructs.py
        # "Optimizer._cuda_graph_capture_health_check() in traced code" (GB0007, resumed)
        return Hazard(NM404, call, "`self._cuda_graph_capture_health_check()`, torch.optim.Optimizer's, is marked as "
                      "skipped by Dynamo (graph break); call it outside the compiled step, or not at all",
                      gb=GB["skipped"])
    if (type(f) is ast.Attribute and f.attr == "__init__" and type(f.value) is ast.Call
            and type(f.value.func) is ast.Name and f.value.func.id == "super" and cls is not None
            and getattr(chain[-1], "name", "") == "__init__" and _lr_scheduler_class(cls, d)
            and not _in_file_base(cls, d)):
        # constructs "LR scheduler subclass built in traced code": GB0007 at the call, resumed
        return Hazard(NM404, call, f"`{_short(ctx, f)}(...)`: torch.optim's LR scheduler `__init__` is marked as "
                      "skipped by Dynamo (graph break); build the scheduler outside the compiled code",
                      gb=GB["skipped"])
    if type(f) is ast.Attribute and f.attr == "as_subclass":
        h = _as_subclass_hazard(call, ctx, d, cls, chain)
        if h is not None:
            return h
    name = ctx.names.qualify(f, chain)
    if call.keywords and name is not None and name.startswith("torch."):
        out = None
        for k in call.keywords:
            if k.arg == "out":
                out = k.value
                break
        if out is not None and _strided_view(out, t, True):
            # constructs.py "out= into a column view (mrphy's freeprec)", "... a transposed view", "... a slice of
            # split along the last dimension (mrphy's blochsim)": GB0242 (rows and a fresh tensor trace)
            return Hazard(NM404, call, f"`out={_short(ctx, out)}` is a view whose elements are not contiguous: "
                          "Dynamo does not trace an op writing into it (graph break); compute the result and "
                          "`.copy_()` it into the view", gb=GB["out_strided"])
    if name in ("torch.clamp", "torch.clip") or (name is None and type(f) is ast.Attribute
                                                 and f.attr in ("clamp", "clip") and t.of(f.value)):
        bounds = [*call.args[1 if name else 0:], *(k.value for k in call.keywords if k.arg in ("min", "max"))]
        if len(bounds) == 2 and sum(_number(b) for b in bounds) == 1 and any(t.of(b) for b in bounds):
            # constructs.py "torch.clamp of a tensor, min a float and max a tensor": GB0033, resumed (casmo's
            # _compute_agar); both bounds tensors, or both numbers, trace
            return Hazard(NM404, call, f"`{_short(ctx, call)}`: one bound a Python number and the other a tensor "
                          "is an operator Dynamo cannot trace (graph break); make both bounds tensors",
                          gb=GB["data_dependent"])
    if isinstance(f, ast.Attribute) and name is None:
        owner = f.value
        made = d.scipy_text and _scipy_made(owner, ctx, d, cls, chain)
        if made:
            return Hazard(NM404, call, f"`{_short(ctx, f)}(...)` is a method of a SciPy object (`{made}`): SciPy's "
                          "code under it, which Dynamo traces with NumPy as torch, breaks (graph break); call it "
                          "outside the compiled code, or compute it with torch",
                          gb=GB[_SCIPY_OBJECT_BREAKS.get(made, "ndarray_attr")])
        loaded = loaded_extensions(ctx)
        if (type(owner) is ast.Name and owner.id in loaded
                and ctx.names.binding_scope(owner.id, chain) is ctx.names.module):
            # RWKV-LM's ``wkv_cuda.backward(...)`` in WKV.backward: a compiled function, no Tensor.backward()
            # (constructs.py "a C extension's function ...": GB0007, resumed)
            return Hazard(NM404, call, f"`{_short(ctx, f)}(...)` calls into `{owner.id}`, the C++/CUDA extension "
                          f"`load()` builds (line {loaded[owner.id].lineno}): Dynamo does not trace its compiled "
                          "functions (graph break), and its kernels do not run on Neuron: port the op "
                          "(NKI for kernels) and register it as a torch op", gb=GB["skipped"])
        if (cls is not None and isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Name)
                and owner.value.id == "self" and _submodule_kind(cls, owner.attr, ctx, d) == "rnn"):
            # Dynamo breaks where it first meets the module, not where it is called
            return Hazard(NM406, call, f"`self.{owner.attr}` is an nn.LSTM/GRU/RNN: Dynamo breaks at its first use "
                          f"(`.{f.attr}(...)`) and cannot resume after", skips_rest=True, gb=GB['rnn'])
        if f.attr == "forward" and cls is not None and (held := _self_attr(owner)) is not None:
            # ``self.transformer.forward(src=..., tgt=..., tgt_mask=...)`` runs as ``self.transformer(...)``
            # does (constructs.py "nn.Transformer.forward(tgt_mask=) called by name": GB0124 in torch)
            found = _submodule_hazard(call, held, _submodule_kind(cls, held, ctx, d))
            if found is not None:
                return found
        if f.attr in _OPTIMIZER_METHODS and _optimizer_receiver(owner, ctx, d, cls, chain) and not (
                f.attr == "step" and _own_step(owner, ctx, d, cls, chain)):  # a step of its own is inlined
            if f.attr == "step":  # constructs "optimizer.step()": a break, then torch.optim's step compiled alone
                return Hazard(NM404, call, f"`{_short(ctx, f)}()` of a torch.optim optimizer is not traced in "
                              "this frame (graph break): Dynamo compiles the step as a frame of its own",
                              gb=GB[_OPTIMIZER_METHODS[f.attr]], callee_frame=True)
            return Hazard(NM404, call, f"`{_short(ctx, f)}()` of a torch.optim optimizer is not traced by Dynamo "
                          "(graph break)", gb=GB[_OPTIMIZER_METHODS[f.attr]])
        if f.attr == "step" and _lr_scheduler_receiver(owner, ctx, d, cls, chain):
            # constructs "torch LR scheduler stepped in traced code": GB0008 at the call, resumed
            return Hazard(NM404, call, f"`{_short(ctx, f)}()` steps a torch.optim LR scheduler, whose `step` Dynamo "
                          "does not trace (graph break); step the scheduler outside the compiled code",
                          gb=GB["inline_skipped"])
        if f.attr in _SIZE_TAKERS and (call.args or call.keywords) and t.of(owner):
            size = _numpy_size(call, ctx, chain)
            if size is not None:
                return Hazard(NM401, call, f"`{_short(ctx, size)}` as a size: Dynamo traces NumPy as tensor ops, "
                              "so the size is a tensor whose value it must read on the host (graph break); "
                              "use `math.prod(...)`", gb=GB["data_dependent"])
        if (len(call.args) == _SCALAR_FIRST.get(f.attr) and not call.keywords and _in_place_receiver(owner, t)
                and not any(type(a) is ast.Starred for a in call.args) and not t.of(call.args[0])):
            return Hazard(NM404, call, f"`{_short(ctx, call)}` calls the deprecated `{f.attr}(number, tensor...)` "
                          "overload, whose arguments Dynamo does not handle (graph break); write "
                          f"`{f.attr}({', '.join(map(_short, [ctx] * len(call.args[1:]), call.args[1:]))}, "
                          f"{'alpha' if f.attr == 'add_' else 'value'}={_short(ctx, call.args[0])})`",
                          gb=GB["method_args"])
        if f.attr in _SCALAR_ARGS and call.keywords and t.of(owner):
            found = _scalar_arg_hazard(call, f.attr, t, ctx)
            if found is not None:
                return found
        if f.attr in _HOST_READING_OPS and t.of(owner):
            return _host_reading_op(call, f.attr)
        if f.attr == "is_inference" and not call.args and t.of(owner):  # constructs.py "Tensor.is_inference()"
            return Hazard(NM404, call, f"`{_short(ctx, call)}` is not traced by Dynamo (graph break); decide it "
                          "outside the compiled code", gb=GB["is_inference"])
        if f.attr in _HOST_SYNC_METHODS and not call.args and not call.keywords:
            if type(owner) is ast.Name and id(owner) in t.guarded and not _given_a_tensor(owner.id, t):
                return None  # `x.item() if isinstance(x, Tensor) else x`: a break only when a caller passes a tensor
            if type(owner) is ast.Call and type(owner.func) is ast.Attribute and _random_file(ctx, d) \
                    and _random_made(owner.func.value, ctx, d, cls, chain).startswith("numpy."):
                return None  # `rng.choice(...).tolist()`: the draw's own finding is the statement's (its break comes first)
            return Hazard(NM401, call, f"`.{f.attr}()` copies a tensor value to the host (graph break)", gb=GB['item'] if f.attr == 'item' else GB['tolist'])
        if f.attr in _SPARSE_METHODS:
            return Hazard(NM408, call, f"`.{f.attr}()` makes a sparse tensor, which torch.compile "
                          "does not support",
                          skips_rest=True, gb=GB['sparse_make'])
        if f.attr == "backward" and not (type(owner) is ast.Name and owner.id in ("self", "cls", "ctx")) \
                and not (type(owner) is ast.Call and type(owner.func) is ast.Name and owner.func.id == "super"):
            # a training step compiled whole (pfrl's DQN.update): constructs.py "loss.backward()",
            # GB0123, with or without gradients enabled around it
            return Hazard(NM404, call, f"`{_short(ctx, call)}`: Dynamo does not trace `Tensor.backward()` "
                          "(graph break)", gb=GB["backward"])
        if f.attr in _MODULE_HOOKS and (call.args or call.keywords):
            # measured: constructs.py "module.register_forward_pre_hook in traced code" and
            # "... register_forward_hook ...": the RemovableHandle it makes is set up in torch's
            # hooks.py, which Dynamo cannot trace (GB0467); fvcore's update_bn_stats
            return Hazard(NM404, call, f"`{_short(ctx, f)}(...)` registers a module hook, which Dynamo does not "
                          "trace (graph break); register it before the compiled code", gb=GB["hook_handle"])
        if (f.attr in LOG_METHODS or f.attr == "isEnabledFor") and _is_logger(f.value, ctx, chain, loggers):
            return Hazard(NM403, call, f"logging call `{_short(ctx, f)}(...)` (graph break)", gb=GB['logger'])
        made = _random_made(owner, ctx, d, cls, chain) if _random_file(ctx, d) else ""
        if made.startswith("numpy."):
            return Hazard(NM404, call, f"`{_short(ctx, f)}(...)`: a method of a NumPy random object "
                          f"(`{made.replace('numpy.', 'np.')}`), which Dynamo does not trace (graph break)",
                          gb=GB[_RANDOM_OBJECTS[made]])
        if made == "torch.Generator" and f.attr in _GENERATOR_METHODS:
            # constructs.py "torch.Generator seeded in a statement of its own": torch-kmeans' gen.manual_seed(seed)
            return Hazard(NM404, call, f"`{_short(ctx, f)}(...)`: Dynamo does not trace a `torch.Generator`'s "
                          "state (graph break); seed it outside the compiled code", gb=GB["generator"])
        if f.attr == "requires_grad_":
            return _requires_grad_hazard(call, t, ctx, d, chain)
        if f.attr in _RESIZES and _in_place_receiver(owner, t):
            # constructs.py "resize_as_ on an intermediate" (GB0127), "... on the input" (GB0148); resumed
            return Hazard(NM404, call, f"`{_short(ctx, call)}` resizes a tensor in place, which Dynamo does not "
                          "trace (graph break); make a new tensor of that size instead",
                          gb=GB["delayed" if _graph_input(owner, call, ctx, d, chain) else "resize"])
        if f.attr in _INPLACE_VIEWS and _graph_input(owner, call, ctx, d, chain):
            return Hazard(NM404, call, f"`{_short(ctx, call)}` changes the shape of a graph input in place "
                          f"(an argument or a `.grad`), which Dynamo does not trace (graph break); use the "
                          f"out-of-place `.{f.attr[:-1]}(...)`", gb=GB["delayed"])
        if (isinstance(f.value, ast.Name) and f.value.id == "self" and cls is not None):
            found = _method_of(cls, f.attr, d)
            if found is not None and id(found[0]) in d.disabled:
                return Hazard(NM405, call, f"`self.{f.attr}` is excluded from torch.compile (graph break)", gb=GB['disabled'])
            if (found is None and f.attr == "zero_grad" and _optimizer_class(cls, ctx, d)
                    and call.lineno not in _own_methods(ctx, d).get(_traced_name(chain, d), ())):
                # constructs "self.zero_grad() in an optimizer subclass's method": torch.optim's own
                return Hazard(NM404, call, f"`self.{f.attr}()` is torch.optim's, which Dynamo does not trace "
                              "(graph break)", gb=GB[_OPTIMIZER_METHODS[f.attr]],
                              callee_frame=f.attr == "step")
            if found is None:
                return _submodule_hazard(call, f.attr, _submodule_kind(cls, f.attr, ctx, d))
        return None
    if isinstance(f, ast.Name):
        if ctx.names.is_bound(f.id, chain):  # a def, assignment or import: not the builtin
            name = name or "<local>"
        if f.id in _SCALAR_BUILTINS and name is None and len(call.args) == 1:
            arg = call.args[0]
            if t.of(arg) or _returns_tensor(arg, ctx, d, chain) or _surely_tensor(arg, t):
                return Hazard(NM401, call, f"`{f.id}()` of a tensor copies its value to the host (graph break)",
                              gb=GB['item'])
            if _numpy_of_tensor(arg, t, ctx, chain):  # Dynamo traces NumPy on tensors as tensor ops
                return Hazard(NM401, call, f"`{f.id}()` of a NumPy result computed from a tensor reads it "
                              "on the host (graph break)", gb=GB['data_dependent'])
            prod = _numpy_prod(arg, ctx, chain, _NUMPY_SCALARS)
            if prod is not None and not (getattr(chain[-1], "name", "") == "backward" and _is_autograd_function(cls, d)):
                # constructs.py "int(np.prod of a tuple)", "... of a size()", "float(np.prod of a tuple)",
                # "int(size / -np.prod of a list with -1)": GB0033; "int(np.prod of a shape)": GB0208
                # (pytorch-pretrained-vit's split_last). In an autograd Function's backward, traced where
                # `.apply` runs, it is not a break ("... in an autograd Function's backward, with gradients")
                product = ctx.names.qualify(prod.func, chain) in _NUMPY_PROD
                return Hazard(NM401, call, f"`{f.id}()` of `{_short(ctx, prod)}`: Dynamo traces NumPy as tensor "
                              "ops, so the result is a tensor whose value it must read on the host (graph "
                              "break)" + ("; use `math.prod(...)`" if product else "; compute it outside the "
                              "compiled code or keep it a tensor"), gb=GB['data_dependent'])
        if f.id == "range" and name is None and any(map(t.of, call.args)):
            # constructs.py "range() of a tensor's max + 1": GB0059, resumed (pytorch-tree-lstm's levels)
            return Hazard(NM401, call, f"`{_short(ctx, call)}` takes a count from a tensor, reading its value on "
                          "the host (graph break); pass the count as a Python int", gb=GB["print"])
        if f.id == "len" and name is None and len(call.args) == 1 and _skipped_iterable(call.args[0], ctx, chain):
            return Hazard(NM404, call, f"`{_short(ctx, call)}`: the loader's `__len__` is in a file Dynamo does "
                          "not trace (graph break)", gb=GB["inline_skipped"])
        if f.id == "print" and name is None:
            return Hazard(NM403, call, "`print` is not traced by Dynamo (graph break)", gb=GB['print'])
        if f.id == "object" and name is None and not call.args:
            # constructs.py "object() built in traced code (qualitative-qsim's sentinel region)": GB0059, resumed
            return Hazard(NM404, call, "`object()` is a builtin Dynamo does not trace (graph break); make the "
                          "sentinel once, at module level", gb=GB['print'])
        if f.id == "closure" and _closure_param(chain, ctx, d):
            # Optimizer.step's contract: the closure recomputes the loss and its gradients
            # (constructs "an optimizer step's closure() under enable_grad": GB0123 at its backward())
            return Hazard(NM404, call, "`closure()` of an optimizer recomputes the loss and its gradients: "
                          "Dynamo does not trace its `backward()` (graph break)", gb=GB["backward"])
        if (ctx.options is not None and ctx.options.traced_roots and chain and isinstance(chain[-1], _FUNCS)
                and f.id in _closure_params(ctx, d).get(id(chain[-1]), ()) and _parameter(f.id, chain, ctx)):
            # constructs "a zeroing closure handed to a line search calling it ..." (GB0008 at its
            # zero_grad(); in a loop the frame skipped): ncg-optimizer's Armijo(closure, ...)
            return Hazard(NM404, call, f"`{f.id}()` calls the closure an optimizer's step hands in: as torch.optim "
                          "documents it, it clears the gradients and recomputes the loss and its gradients, which "
                          "Dynamo does not trace (graph break)", gb=GB["inline_skipped"])
        target = d.functions.get(f.id)
        if target is not None and id(target) in d.disabled:
            return Hazard(NM405, call, f"`{f.id}` is excluded from torch.compile (graph break)", gb=GB['disabled'])
    if isinstance(f, ast.Call) and ctx.names.qualify(f.func, chain) in _DISABLE:
        return Hazard(NM405, call, "calls a function wrapped in torch.compiler.disable (graph break)", gb=GB['disabled'])
    if name is None or name == "<local>":
        return None
    if ctx.options is not None and ctx.options.compiled:
        module = name.rpartition(".")[0]
        for m, where, _ in ctx.options.compiled:  # a loop: a generator made a cell of module at every call
            if m != module:
                continue
            # constructs.py "a C extension's function ..." (GB0007, resumed)
            return Hazard(NM404, call, f"`{_short(ctx, call.func)}(...)` calls into `{module}`, the C++/CUDA "
                          f"extension the project builds ({where}): Dynamo does not trace its compiled "
                          "functions (graph break), and its kernels do not run on Neuron: port the op "
                          "(NKI for kernels) and register it as a torch op", gb=GB["skipped"])
    if name.startswith("torch.optim.lr_scheduler.") and name.rpartition(".")[2][:1].isupper() \
            and name.rpartition(".")[2] not in ("LRScheduler", "_LRScheduler"):
        # constructs "torch LR scheduler built in traced code": GB0008 in its __init__, resumed
        return Hazard(NM404, call, f"`{name}(...)`: torch.optim's LR scheduler `__init__` is not traced by Dynamo "
                      "(graph break); build the scheduler outside the compiled code", gb=GB["inline_skipped"])
    if name in _SPARSE_CONSTRUCTORS:
        return Hazard(NM408, call, f"`{name}` makes a sparse tensor, which torch.compile does not "
                      "support", skips_rest=True, gb=GB['sparse_make'])
    if name in _SPARSE_FUNCTIONS or name.startswith("torch.sparse."):
        return Hazard(NM408, call, f"`{name}` works on sparse tensors, which torch.compile does "
                      "not support (graph break)", gb=GB['sparse'])
    if call.keywords and name.startswith("torch.") and name.count(".") == 1 and name[6:] in _SCALAR_ARGS:
        found = _scalar_arg_hazard(call, name[6:], t, ctx)
        if found is not None:
            return found
    if name in _DATA_DEPENDENT_FUNCTIONS:
        return Hazard(NM401, call, f"`{name}` returns a Python bool from tensor values (graph break)", gb=GB['data_dependent'])
    if name in _SIZED_FACTORIES or name in _SIZE_FIRST or name == _PAD:  # not torch.arange (see _size_args)
        size = _tensor_size(call, name, t)
        if size is not None:
            return Hazard(NM401, call, f"`{_short(ctx, size)}` is a tensor used as a size of `{name}`: Dynamo reads "
                          "its value on the host (graph break); keep sizes as Python ints", gb=GB['data_dependent'])
    if name == "torch.split" and len(call.args) > 1 and _tensor_elements(call.args[1], call, t):
        # constructs.py "torch.split by a tuple of a tensor's elements": GB0033, resumed (pytorch-tree-lstm)
        return Hazard(NM401, call, f"`{_short(ctx, call.args[1])}` holds a tensor's elements as the sizes of "
                      "`torch.split`: Dynamo reads their values on the host (graph break)", gb=GB['data_dependent'])
    if name.startswith("torch.") and name.count(".") == 1 and name[6:] in _HOST_READING_OPS:
        return _host_reading_op(call, name[6:])
    if name == "torch._assert" and call.args and t.of(call.args[0]):
        return Hazard(NM402, call, "`torch._assert` on a tensor needs its value (graph break); "
                      "a plain `assert` is traced", gb=GB['data_dependent'])
    if name in ("torch.nn.Parameter", "torch.nn.parameter.Parameter"):
        # measured: constructs.py "torch.nn.Parameter built in traced code" (GB0264, resumed)
        return Hazard(NM404, call, f"`{_short(ctx, call.func)}(...)` built inside traced code: Dynamo does not "
                      "trace the Parameter constructor (graph break); make it in `__init__`, or use the "
                      "tensor itself", gb=GB["parameter"])
    if name.startswith("torch.nn.") and name.rsplit(".", 1)[-1] in _PARAMETER_MODULES:
        return Hazard(NM404, call, f"`{_short(ctx, call.func)}(...)` built inside traced code: Dynamo does "
                      "not trace creating its parameters (graph break); build it in `__init__`",
                      gb=GB["parameter"])
    if call.keywords and call_kind(name) == TENSOR and any(
            k.arg == "requires_grad" and type(k.value) is ast.Constant and k.value.value is True for k in call.keywords):
        return Hazard(NM404, call, f"`{name}(..., requires_grad=True)`: Dynamo does not trace making a tensor "
                      "that requires grad (graph break); make it outside the compiled code, or a Parameter "
                      "or buffer in `__init__`", gb=GB["creation_grad"])
    if name == "copy.copy" and len(call.args) == 1 and t.of(call.args[0]):
        # constructs.py "copy.copy(tensor)": GB0208 in copy's own code
        return Hazard(NM404, call, "`copy.copy` of a tensor is not traced by Dynamo (graph break); use `.clone()` "
                      "or the tensor itself", gb=GB["non_tensor"])
    if name == "copy.copy" and len(call.args) == 1 and _builtin_container(call.args[0], chain, ctx):
        # constructs.py "copy.copy(dict)", "copy.copy(list)": it calls the container's own ``copy``,
        # a C method Dynamo skips (GB0007, resumed); ``dict(d)`` and ``d.copy()`` are traced, and a
        # plain object's copy is too ("copy.copy(object)")
        return Hazard(NM404, call, f"`copy.copy({_short(ctx, call.args[0])})` of a dict or list calls a function "
                      "Dynamo skips (graph break); write `dict(...)`, `list(...)` or `.copy()`", gb=GB["skipped"])
    if name == "copy.deepcopy" and call.args and (t.of(call.args[0]) or _gradient(call.args[0], t)):
        return Hazard(NM404, call, "`copy.deepcopy` of a tensor is not traced by Dynamo (graph break); "
                      "use `.clone()`", gb=GB["deepcopy"])
    if name == "copy.deepcopy" and call.args and _is_module_value(call.args[0], cls, ctx, d):
        return Hazard(NM404, call, f"`copy.deepcopy({_short(ctx, call.args[0])})` copies a module's parameters, "
                      "which Dynamo does not trace (graph break); copy it before the compiled call",
                      gb=GB["deepcopy"])
    if name == "torch.autograd.grad":
        return Hazard(NM404, call, "`torch.autograd.grad` is not traced by Dynamo (graph break)",
                      gb=GB["autograd_grad"])
    if name == "torch.autograd.functional.jacobian":  # constructs.py "jacobian, default arguments", "... **kwargs"
        return Hazard(NM404, call, "`torch.autograd.functional.jacobian` in traced code: Dynamo cannot pass its "
                      "function and arguments into the graph (graph break); take it outside the compiled code, "
                      "or use `torch.func.jacrev`", gb=GB["proxy"])
    if name == "torch.autograd.backward":  # constructs.py "torch.autograd.backward": a skipped function
        return Hazard(NM404, call, "`torch.autograd.backward` is not traced by Dynamo (graph break)",
                      gb=GB["skipped"])
    if name in _UNTRACEABLE or name.startswith("numpy.ma."):
        # numpy.ma: Python functions in a file Dynamo skips (constructs.py "np.ma.isMaskedArray",
        # "np.ma.masked_invalid": GB0007, resumed; gsw-torch's argument conversion)
        return Hazard(NM404, call, f"`{name.replace('numpy.', 'np.')}` is not traced by Dynamo (graph break)",
                      gb=GB[_UNTRACEABLE_KINDS.get(name, 'skipped')])
    if name in _UNSUPPORTED_CALLS:
        return Hazard(NM404, call, f"`{name}` is not traced by Dynamo (graph break); compute it outside the "
                      "compiled code", gb=GB["generic_call"])
    if name in _NON_TENSOR_TORCH:
        return Hazard(NM404, call, f"`{name}()` returns a Python value, which Dynamo does not trace (graph "
                      "break); read it outside the compiled code", gb=GB["non_tensor"])
    if name == "torch.is_inference_mode_enabled":  # constructs.py "torch.is_inference_mode_enabled()"
        return Hazard(NM404, call, "`torch.is_inference_mode_enabled()` is not traced by Dynamo (graph break); "
                      "read it outside the compiled code", gb=GB["inference_mode"])
    if name in _MATH_ROUNDING and len(call.args) == 1:
        held = _numpy_value(call.args[0], ctx, d, cls, chain)
        if held is not None:
            what = f"`{_short(ctx, held)}`" if type(held) is ast.Call else f"`{_short(ctx, held)}` (set to `np.prod(...)`)"
            return Hazard(NM401, call, f"`{name}` of a value computed from {what}: Dynamo traces NumPy as tensor "
                          "ops, so the value is a tensor it must read on the host (graph break); use "
                          "`math.prod(...)`", gb=GB["data_dependent"])
    if name in _PROGRESS_BARS:
        return Hazard(NM404, call, f"`{_short(ctx, call.func)}(...)` builds a progress bar, which Dynamo does not "
                      "trace (graph break); build it outside the compiled code", gb=GB["skipped"], progress=True)
    if name in _NUMPY_ITERATORS:
        return Hazard(NM404, call, f"`{name.replace('numpy.', 'np.')}` is a NumPy iterator Dynamo does not trace "
                      "(graph break; in a loop's header Dynamo gives up on the whole function): loop over "
                      "`itertools.product(*map(range, shape))`", skips_frame=True, gb=GB["inline_skipped"])
    if name.startswith("pywt.") and name.rpartition(".")[2] in _PYWT_COMPILED \
            and name.rpartition(".")[0] in ("pywt", "pywt._extensions._pywt"):
        return Hazard(NM404, call, f"`{_short(ctx, call.func)}(...)` runs PyWavelets' compiled (Cython) code, which "
                      "Dynamo does not trace (graph break); build the wavelet outside the compiled code and "
                      "pass it in", gb=GB["method"])
    if name.startswith("scipy."):
        kind = _SCIPY_BREAKS.get(name) or _SCIPY_BREAKS.get(".".join(name.split(".")[:2]), "skipped")
        return Hazard(NM404, call, f"`{name}` runs SciPy's compiled code, which Dynamo does not trace (graph "
                      "break); compute it outside the compiled code or with torch", gb=GB[kind])
    if name in _NUMPY_DRAWS and len(call.args) <= _NUMPY_DRAWS[name] and not any(k.arg == "size" for k in call.keywords):
        kinds = scope_kinds(ctx, chain)
        if any(_array_valued(a, kinds) for a in (*call.args, *(k.value for k in call.keywords))):
            # constructs.py "np.random.normal of two arrays (tianshou's PSRL)", "... of a tensor's values",
            # "np.random.uniform of two arrays": GB0112, resumed
            return Hazard(NM404, call, f"`{name.replace('numpy.', 'np.')}` of arrays draws an array of their shape, "
                          "which Dynamo, tracing NumPy as torch, cannot make (graph break); draw it with torch",
                          gb=GB["fake_call"])
        if not all(_number(a) or kinds.of(a) == SCALAR for a in (*call.args, *(k.value for k in call.keywords))):
            return Hazard(NM404, call, f"`{name.replace('numpy.', 'np.')}` without a size draws on the host a Python "
                          "number (an array of the arguments' shape, if they are arrays), which Dynamo does not "
                          "trace (graph break)", gb=GB["data_dependent"])
        return Hazard(NM404, call, f"`{name.replace('numpy.', 'np.')}` without a size draws a Python number on the "
                      "host, which Dynamo does not trace (graph break)", gb=GB["data_dependent"])
    if name in _NUMPY_RANDOM_CALLS:
        return Hazard(NM404, call, f"`{name.replace('numpy.', 'np.')}` is not traced by Dynamo (graph break)",
                      gb=GB[_NUMPY_RANDOM_CALLS[name]])
    if name.startswith("numpy.random.") and name.count(".") == 2 and name[13:14].islower() \
            and name[13:] not in _NUMPY_TRACED_RANDOM:
        return Hazard(NM404, call, f"`{name.replace('numpy.', 'np.')}` is a NumPy function Dynamo does not map to "
                      "torch (graph break); draw it outside the compiled code or with torch", gb=GB["numpy_unsupported"])
    if name in _NUMPY_UNMAPPED:
        return Hazard(NM404, call, f"`{name.replace('numpy.', 'np.')}` is a NumPy function Dynamo does not map to "
                      "torch (graph break); compute it with torch, or outside the compiled code",
                      gb=GB["numpy_unsupported"])
    if name == "math.prod" and call.args and type(call.args[0]) is ast.GeneratorExp:
        # constructs.py "math.prod of a generator expression ..." (torchspin's SpinSystem.nStates): GB0055 or
        # GB8335, the frame skipped over a list, a tuple or a shape; resumed over a ModuleList (diffusers' LTX2
        # ``math.prod(up.stride[0] for up in decoder.upsamples[:-1])``); "... of a list comprehension", "sum of a
        # generator ...": traced
        it = call.args[0].generators[0].iter
        it = it.value if type(it) is ast.Subscript else it
        modules = type(it) is ast.Attribute and any(it.attr in held for held in d.held.values())
        return Hazard(NM404, call, "`math.prod` of a generator expression: Dynamo cannot hand the generator to the "
                      "C function (graph break)" + ("" if modules else " and gives up on the whole function")
                      + "; pass it a list (`math.prod([...])`)", skips_frame=not modules, gb=GB["proxy"])
    if _torch_optimizer_class(name):
        # constructs.py "torch.optim.Adam built in traced code": Optimizer.__init__ calls its
        # add_param_group, a function Dynamo is told to skip (GB0008, resumed after the call); given a
        # module's parameters() generator, the frame is skipped ("torch.optim.SGD built on a module's
        # parameters()": GB8335 in nn.Module's generator, 0 graphs; on list(...) of it, resumed)
        params = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "params"), None)
        generator = (type(params) is ast.Call and type(params.func) is ast.Attribute
                     and params.func.attr == "parameters" and not params.args)
        return Hazard(NM404, call, f"`{_short(ctx, call.func)}(...)` builds a torch.optim optimizer: Dynamo does "
                      "not trace " + ("the module's `parameters()` generator it is given" if generator else
                                      "its `add_param_group`") + " (graph break); build it outside the compiled code",
                      skips_frame=generator, gb=GB["generator_mutated" if generator else "inline_skipped"])
    if name == "torch.Generator":
        return Hazard(NM404, call, "a `torch.Generator` built in traced code is not traced by Dynamo (graph "
                      "break); build it outside", gb=GB["opaque"])
    given = next((k.value for k in call.keywords if k.arg == "generator"), None) if name.startswith("torch.") else None
    made = _generator_made(given, chain, ctx, d) if given is not None else None
    if made is not None or (given is not None and _generator_given(given, call, chain, ctx)):
        return Hazard(NM404, call, f"`{_short(ctx, call.func)}(..., generator=...)`: Dynamo cannot pass a "
                      "`torch.Generator` into the graph (graph break)", gb=GB["proxy"],
                      under=made if made is not None and type(made) is not ast.Call else None)
    if name == "warnings.warn":
        return Hazard(NM403, call, "`warnings.warn` is not traced by Dynamo (graph break)", gb=GB['skipped'])
    if name in ("warnings.simplefilter", "warnings.filterwarnings"):
        # constructs.py "warnings.simplefilter('ignore') alone": GB0007 inside warnings, resumed; under
        # `with warnings.catch_warnings():` (yolov5's SPPF) Dynamo cannot resume in the block (GB0092)
        return Hazard(NM403, call, f"`{name}` changes the warning filters, which Dynamo does not trace (graph "
                      "break); set them outside the compiled code", gb=GB['skipped'])
    if name.startswith("logging.") and name.split(".")[-1] in LOG_METHODS:
        # the module's own functions (``logging.warning(...)``) break inside logging, on the root
        # logger's lookup (constructs.py "logging.warning (the module's function)": GB4841)
        return Hazard(NM403, call, f"logging call `{name}` (graph break)",
                      gb=GB['logger'] if name.count(".") > 1 else GB['logging_function'])
    if name == "logging.getLogger":
        return Hazard(NM403, call, "`logging.getLogger` is not traced by Dynamo (graph break); get the "
                      "logger at module level", gb=GB["logger_lookup"])
    if name in _UNSUPPORTED_METHODS:
        return Hazard(_UNSUPPORTED_METHODS[name], call, f"`{name}` is a method Dynamo does not trace "
                      "(graph break)", gb=GB["method"])
    if name in _NUMPY_DYNAMIC and _numpy_of_tensor(call, t, ctx, chain) \
            and (name != "numpy.where" or len(call.args) == 1):
        return Hazard(NM301, call, f"`{name.replace('numpy.', 'np.')}` of a tensor's values: Dynamo traces NumPy "
                      "on tensors as tensor ops, and this one's result size depends on the data (graph break)",
                      gb=GB["dynamic_shape"])
    if name.startswith("math.") and any(map(t.of, call.args)):
        return Hazard(NM401, call, f"`{name}` of a tensor needs its value on the host (graph break)", gb=GB['data_dependent'])
    return None


_TENSOR_BASES = frozenset({"torch.Tensor", "torch._tensor.Tensor"})
# builtin classes whose subscript is a types.GenericAlias (``list[Tensor]``)
_GENERIC_BUILTINS = frozenset({"list", "dict", "set", "tuple", "frozenset"})
# tensor methods taking sizes
_SIZE_TAKERS = frozenset({"reshape", "view", "expand", "repeat", "new_zeros", "new_ones", "new_empty", "new_full",
                          "unflatten", "tile"})


# torch ops whose multiplier is a Python Scalar (``alpha``/``beta``, addcmul's ``value``): a 0-d
# tensor given there is read on the host (constructs.py "torch.add with a 0-d tensor as alpha",
# "torch.addr ...", "Tensor.add ...", "Tensor.sub_ ...", "torch.addcmul with a 0-d tensor as value",
# "... a buffer as alpha": GB0033; a Python float: no break). Not the in-place ``add_``,
# ``addcmul_`` and ``addcdiv_``: Dynamo writes those as a fused multiply-add of the tensor, as
# compiled optimizers with a tensor learning rate need ("Tensor.add_ ...", "Tensor.addcmul_ ...",
# "Tensor.addcdiv_ with a 0-d tensor as value": no break)
# the in-place ops whose deprecated overload takes the multiplier first (``exp_avg.add_(1 - beta1, grad)``,
# adabound's step): the number of positional arguments only that overload takes. Dynamo cannot bind
# them (constructs.py "Tensor.add_(number, tensor), the deprecated overload", "Tensor.addcmul_ ...",
# "Tensor.addcdiv_ ...": GB0117, resumed); ``add``, ``sub_`` take it (no break)
_SCALAR_FIRST = {"add_": 2, "addcmul_": 3, "addcdiv_": 3}
_ALPHA = frozenset({"alpha", "beta"})
_IN_PLACE = frozenset({"mul_", "div_", "add_", "sub_", "addcmul_", "addcdiv_", "lerp_", "clamp_", "sqrt_"})


_TRANSPOSES = frozenset({"t", "transpose", "permute", "swapaxes", "swapdims", "movedim"})  # and .T, .mT
_SPLITS = {"split": 1, "chunk": 1, "unbind": 0}  # the position of the method's dim argument


def _strided_view(e: ast.AST, t: Tensors, named: bool) -> bool:
    """``e`` is a view whose elements are not contiguous: a subscript that narrows or picks a later
    dimension after a slice (``z[..., 0]``, ``z[:, 1:2]``; not ``z[1]``, ``z[1:3]`` or ``z[1, :, :]``),
    a step (``z[::2]``), a transpose (``z.t()``, ``z.mT``), or a local every binding of which is one, or
    the loop variable of a ``for`` over the pieces of ``z.split(k, dim=d)`` / ``chunk`` / ``unbind`` along
    a dimension other than the first (in a ``zip``, reversed or not: mrphy's Bloch simulation)."""
    if type(e) is ast.Subscript:
        index = [i for i in (e.slice.elts if type(e.slice) is ast.Tuple else [e.slice])
                 if not (type(i) is ast.Constant and i.value is None)]
        while index and type(index[0]) is not ast.Slice and not _ellipsis(index[0]):
            if not _int_index(index[0], t):
                return False
            index.pop(0)  # a leading integer index keeps the rest contiguous
        if not index or not all(type(i) is ast.Slice or _ellipsis(i) or _int_index(i, t) for i in index):
            return False
        stepped = any(type(i) is ast.Slice and i.step is not None
                      and not (type(i.step) is ast.Constant and i.step.value == 1) for i in index)
        return stepped or any(not _ellipsis(i) and not (type(i) is ast.Slice and i.lower is None and i.upper is None)
                              for i in index[1:])
    if type(e) is ast.Attribute:
        return e.attr in ("T", "mT")
    if type(e) is ast.Call and type(e.func) is ast.Attribute:
        return e.func.attr in _TRANSPOSES
    if not named or type(e) is not ast.Name or e.id in _param_names(t.fn):
        return False
    values = _binding_values(e.id, t.fn, t.ctx.state(_State))
    return bool(values) and all(v is not None and (_split_piece(v, e.id) if type(v) is ast.For
                                                   else type(v) not in _BINDERS and _strided_view(v, t, False))
                                for v in values)


def _ellipsis(e: ast.AST) -> bool:
    return type(e) is ast.Constant and e.value is Ellipsis


def _int_index(e: ast.AST, t: Tensors) -> bool:
    """An index that picks one position: an int, or a name or arithmetic not known to hold a tensor."""
    return ((type(e) is ast.Constant and type(e.value) is int)
            or (type(e) in (ast.Name, ast.BinOp, ast.UnaryOp) and not t.of(e)))


def _split_piece(loop: ast.For, name: str) -> bool:
    """``name`` is ``loop``'s variable over the pieces of a split along a dimension other than the first."""
    target, pieces = loop.target, loop.iter
    if type(target) is ast.Tuple:
        at = next((i for i, x in enumerate(target.elts) if type(x) is ast.Name and x.id == name), None)
        if at is None or not (type(pieces) is ast.Call and type(pieces.func) is ast.Name and pieces.func.id == "zip"
                              and len(pieces.args) == len(target.elts)):
            return False
        pieces = pieces.args[at]
    elif type(target) is not ast.Name:
        return False
    if type(pieces) is ast.Call and type(pieces.func) is ast.Name and pieces.func.id == "reversed" and pieces.args:
        pieces = pieces.args[0]
    if not (type(pieces) is ast.Call and type(pieces.func) is ast.Attribute and pieces.func.attr in _SPLITS):
        return False
    at = _SPLITS[pieces.func.attr]
    dim = next((k.value for k in pieces.keywords if k.arg == "dim"),
               pieces.args[at] if len(pieces.args) > at else None)
    if type(dim) is ast.UnaryOp and type(dim.op) is ast.USub and type(dim.operand) is ast.Constant:
        return True  # a dimension counted from the end: a later one than the first for the tensors split so
    return type(dim) is ast.Constant and type(dim.value) is int and dim.value != 0


def _scipy_made(e: ast.AST, ctx: Context, d: _State, cls: ast.ClassDef | None, chain: tuple) -> str:
    """The SciPy class (qualified) that built the object ``e`` holds: a local the function binds only to
    ``scipy.*(...)``, or ``self.attr`` that the class's methods set only so (torchrbf's ``self._kdtree =
    KDTree(y_numpy)`` in ``__init__``, imported there); "" otherwise, and in a file that never names SciPy."""
    if type(e) is ast.Name:
        fn = next((c for c in reversed(chain) if isinstance(c, _FUNCS)), None)
        if fn is None or e.id in _param_names(fn):
            return ""
        made = {ctx.names.qualify(v.func, chain) if type(v) is ast.Call else None
                for v in _binding_values(e.id, fn, d)}
        name = made.pop() if len(made) == 1 else None
        return name if name is not None and name.startswith("scipy.") else ""
    if not (type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self" and cls is not None):
        return ""
    found = d.scipy_attrs.get(id(cls))
    if found is None:
        made: dict[str, set] = {}
        for method in _methods(cls).values():
            for node in all_nodes(method):
                if type(node) is ast.Assign and len(node.targets) == 1 and type(t := node.targets[0]) is ast.Attribute \
                        and type(t.value) is ast.Name and t.value.id == "self":
                    v = node.value
                    if type(v) is ast.Constant and v.value is None:
                        continue
                    made.setdefault(t.attr, set()).add(ctx.names.qualify(v.func, (ctx.tree, cls, method))
                                                       if type(v) is ast.Call else None)
        found = d.scipy_attrs[id(cls)] = {a: n for a, names in made.items() if len(names) == 1
                                          and (n := next(iter(names))) is not None and n.startswith("scipy.")}
    return found.get(e.attr, "")


def _module_function(name: str, ctx: Context, chain: tuple) -> bool:
    """``name`` is a function this module defines with ``def`` and binds nowhere else, as the
    scope at hand sees it."""
    return ctx.names.binding_scope(name, chain) is ctx.names.module and bound_once_by_def(name, ctx.tree)


def _in_place_receiver(owner: ast.AST, t: Tensors, named: bool = True) -> bool:
    """A tensor, or what an in-place tensor op returns (``exp_avg.mul_(beta1)`` of a state entry), or
    ``p.data`` / ``p.grad``: an optimizer's state and parameters, whatever the static side knows of them;
    or a local every binding of which is one of those (qhoptim's ``d_p = p.grad.data``, then
    ``d_p.add_(weight_decay, p.data)``)."""
    if t.of(owner) or (type(owner) is ast.Call and type(owner.func) is ast.Attribute and owner.func.attr in _IN_PLACE) \
            or (type(owner) is ast.Attribute and owner.attr in ("data", "grad")):
        return True
    if not named or type(owner) is not ast.Name or owner.id in _param_names(t.fn):
        return False
    values = _binding_values(owner.id, t.fn, t.ctx.state(_State))
    return bool(values) and all(v is not None and type(v) is not ast.AugAssign and type(v) not in _BINDERS
                                and _in_place_receiver(v, t, False) for v in values)
def _binding_values(name: str, fn: ast.AST, d: _State) -> list:
    """What each binding of ``name`` in ``fn`` binds: a one-target assignment's value (None for a
    bare annotation), else the binding node itself (a loop, a ``with``, an augmented store)."""
    return [getattr(b, "value", None) if type(b) in (ast.Assign, ast.AnnAssign) and len(_targets(b)) == 1
            else b for b in _body(fn, d).binders
            if any(type(x) is ast.Name and x.id == name for x in _targets(b))]


def _gradient(e: ast.AST, t: Tensors) -> bool:
    """A parameter's gradient: ``p.grad``, its ``.data``, its negation, or a local every binding of
    which is one (ncg-optimizer's ``d_p = p.grad``, then ``copy.deepcopy(-d_p.data)``)."""
    if type(e) is ast.UnaryOp and type(e.op) is ast.USub:
        e = e.operand
    if type(e) is ast.Attribute:
        return e.attr == "grad" or (e.attr == "data" and _gradient(e.value, t))
    if type(e) is not ast.Name or e.id in _param_names(t.fn):
        return False
    values = _binding_values(e.id, t.fn, t.ctx.state(_State))
    return bool(values) and all(type(v) is ast.Attribute and _gradient(v, t) for v in values)


_SCALAR_ARGS = {**{op: _ALPHA for op in ("add", "sub", "sub_", "rsub", "addmm", "addmm_", "addr", "addr_",
                                         "addmv", "addmv_", "addbmm", "addbmm_", "baddbmm", "baddbmm_")},
                **{op: frozenset({"value"}) for op in ("addcmul", "addcdiv")}}


def _scalar_arg_hazard(call: ast.Call, op: str, t: Tensors, ctx: Context) -> Hazard | None:
    """``torch.add(a, b, alpha=self.rtol)`` with a tensor (torchode's step-size controllers, a
    buffer; torchmin's BFGS ``torch.addr(I, s, y, alpha=-rho)``)."""
    for k in call.keywords:
        if k.arg in _SCALAR_ARGS[op] and t.of(k.value):
            return Hazard(NM401, call, f"`{k.arg}={_short(ctx, k.value)}` is a tensor where `{op}` takes a Python "
                          "number: Dynamo reads its value on the host (graph break); multiply by it instead",
                          gb=GB["data_dependent"])
    return None


def _host_reading_op(call: ast.Call, op: str) -> Hazard:
    return Hazard(NM401, call, f"`{op}` calls `aten.equal` in torch's own code, a Python bool from tensor "
                  "values that Dynamo cannot trace (graph break); compute it with tensor ops "
                  "(`c = z - z.mean(1, keepdim=True)`, `c @ c.T / (n - 1)`)", gb=GB['data_dependent'])


_NUMPY_PROD = ("numpy.prod", "numpy.product")


def _numpy_prod(e: ast.AST, ctx: Context, chain, names=_NUMPY_PROD) -> ast.AST | None:
    """A call of ``np.prod`` (or of one of ``names``) in ``e``, itself or an operand of its arithmetic
    (``x.size(-1) / -np.prod(shape)``): under ``int()`` or ``float()`` its value is read on the host,
    whatever it is the product of (a tuple, a list, a tensor's shape: all measured to break)."""
    while True:
        if type(e) is ast.Call:
            return e if ctx.names.qualify(e.func, chain) in names else None
        if type(e) is ast.UnaryOp:
            e = e.operand
        elif type(e) is ast.BinOp:
            found = _numpy_prod(e.left, ctx, chain)
            if found is not None:
                return found
            e = e.right
        else:
            return None


def _numpy_value(e: ast.AST, ctx: Context, d: _State, cls, chain) -> ast.AST | None:
    """What makes ``e`` a NumPy value, itself or an operand of its arithmetic: a call of ``np.prod``, a
    name the function binds once to such a value (``pad_to = self.hop_length * lcm``), or a ``self``
    attribute that the class only ever sets to ``np.prod(...)`` (snac's ``self.hop_length =
    np.prod(encoder_rates)``: a NumPy integer however it was computed, since ``__init__`` runs eagerly)."""
    fn = next((c for c in reversed(chain) if isinstance(c, _FUNCS)), None)
    todo, seen = [e], set()
    while todo:
        e = todo.pop()
        if type(e) is ast.UnaryOp:
            todo.append(e.operand)
        elif type(e) is ast.BinOp:
            todo += [e.right, e.left]
        elif type(e) is ast.Call:
            if ctx.names.qualify(e.func, chain) in _NUMPY_PROD:
                return e
        elif type(e) is ast.Name and fn is not None and e.id not in seen:
            seen.add(e.id)
            stores = [n for n in all_nodes(fn) if type(n) is ast.Name and n.id == e.id and type(n.ctx) is ast.Store]
            values = [n.value for n in all_nodes(fn) if type(n) is ast.Assign and len(n.targets) == 1
                      and type(n.targets[0]) is ast.Name and n.targets[0].id == e.id]
            if len(stores) == len(values) == 1 and e.id not in _param_names(fn):
                todo.append(values[0])
        elif (type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self" and cls is not None
              and e.attr in _numpy_attrs(cls, ctx, d)):
            return e
    return None


def _numpy_attrs(cls: ast.ClassDef, ctx: Context, d: _State) -> frozenset[str]:
    """The attributes ``cls`` sets only to ``np.prod(...)`` (``self.x = np.prod(...)``), in its own methods."""
    stores: dict[str, list[ast.AST]] = {}
    for node in all_nodes(cls):
        if type(node) in (ast.Assign, ast.AugAssign, ast.AnnAssign):
            for t in _targets(node):
                if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self":
                    stores.setdefault(t.attr, []).append(node)
    return frozenset(a for a, nodes in stores.items() if all(
        type(n) is ast.Assign and len(n.targets) == 1 and type(n.value) is ast.Call
        and ctx.names.qualify(n.value.func, (ctx.tree, cls)) in _NUMPY_PROD for n in nodes))


def _numpy_size(call: ast.Call, ctx: Context, chain) -> ast.AST | None:
    """An argument of a size-taking call that is ``np.prod`` of Python numbers (a tuple or list
    written out, bound once in the function, or a ``self`` attribute: pythae's
    ``x.reshape(-1, np.prod(self.input_dim))``). Dynamo traces ``np.prod`` as a tensor op, and
    a size that is a tensor needs its value (constructs.py "reshape to np.prod of a tuple", "... of a
    module's tuple attribute", "... of a list": GB0033). ``np.prod`` of a tensor's shape is folded
    ("reshape to np.prod of a shape": no break), and is not one of these."""
    fn = next((c for c in reversed(chain) if isinstance(c, _FUNCS)), None)
    for a in (*call.args, *(k.value for k in call.keywords)):
        if not (type(a) is ast.Call and len(a.args) == 1 and not a.keywords
                and ctx.names.qualify(a.func, chain) in _NUMPY_PROD):
            continue
        e = a.args[0]
        if type(e) is ast.Name and fn is not None:  # dims = (c, h, w) before, bound once
            values = [n.value for n in all_nodes(fn) if type(n) is ast.Assign and len(n.targets) == 1
                      and type(n.targets[0]) is ast.Name and n.targets[0].id == e.id]
            e = values[0] if len(values) == 1 else e
        if type(e) in (ast.Tuple, ast.List):
            if e.elts and not any(type(n) is ast.Attribute and n.attr == "shape" or
                                  type(n) is ast.Call and type(n.func) is ast.Attribute and n.func.attr == "size"
                                  for n in all_nodes(e)):
                return a
        elif (type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self"
              and e.attr not in ("shape", "size")):
            return a
    return None


def _tensor_subclass(cls: ast.ClassDef, ctx: Context, d: _State) -> bool:
    """``cls`` or an in-file base derives from ``torch.Tensor`` (pypose's ``LieTensor(Tensor)``)."""
    module = (ctx.tree,)
    return any(ctx.names.qualify(b, module) in _TENSOR_BASES for c, _ in _lineage(cls, d) for b in c.bases)


def _as_subclass_hazard(call: ast.Call, ctx: Context, d: _State, cls, chain) -> Hazard | None:
    """``Tensor.as_subclass(v, C)`` or ``v.as_subclass(C)`` where ``v`` is an instance of a tensor
    subclass: ``self`` in a method of a class deriving from ``torch.Tensor`` (pypose's
    ``LieTensor.tensor``: ``Tensor.as_subclass(self, Tensor)``), or a name this function bound to
    ``t.as_subclass(S)`` / ``Tensor.as_subclass(t, S)`` with ``S`` such a class. Measured
    (constructs.py "tensor subclass: ..."): GB0001, with or without a ``__torch_function__`` of the
    class's own; making an instance (``t.as_subclass(S)``, ``Tensor._make_subclass``) and torch ops on
    one are traced."""
    f = call.func
    if ctx.names.qualify(f.value, chain) in _TENSOR_BASES:
        if not call.args:
            return None
        operand = call.args[0]
    else:
        operand = f.value
    if type(operand) is not ast.Name:
        return None
    fn = next((c for c in reversed(chain) if isinstance(c, _FUNCS)), None)
    if operand.id == "self" and cls is not None and _tensor_subclass(cls, ctx, d):
        if fn is None or any(dotted(x) in ("staticmethod", "classmethod") for x in fn.decorator_list):
            return None
        made = True
    else:
        made = fn is not None and any(
            type(b) is ast.Assign and len(b.targets) == 1 and type(b.targets[0]) is ast.Name
            and b.targets[0].id == operand.id and b.lineno < call.lineno and _makes_subclass(b.value, ctx, d, chain)
            for b in _body(fn, d).binders)
    if not made:
        return None
    return Hazard(NM404, call, f"`{_short(ctx, call)}`: `as_subclass` of a tensor subclass's instance is not "
                  "traced by Dynamo (graph break; the caller's frame is skipped when the instance was "
                  "passed in); read it as a plain tensor before the compiled code", gb=GB["as_subclass"])


def _makes_subclass(e: ast.AST, ctx: Context, d: _State, chain) -> bool:
    """``t.as_subclass(S)`` / ``Tensor.as_subclass(t, S)`` with ``S`` an in-file tensor subclass."""
    if not (type(e) is ast.Call and type(e.func) is ast.Attribute and e.func.attr == "as_subclass" and e.args):
        return False
    target = e.args[-1]
    return (type(target) is ast.Name and target.id in d.classes
            and _tensor_subclass(d.classes[target.id], ctx, d))


def _validated_models(ctx: Context, d: _State) -> dict[str, list[ast.AST]]:
    """Classes, as written here, that are pydantic models (building one in traced code is a
    break: pydantic-core validates, compiled code Dynamo does not trace; constructs.py "pydantic
    model ... built in traced code", GB0156), with the validators of this file's that run on
    construction: this file's classes deriving from ``pydantic.BaseModel`` (through classes of
    this file), and those of other files the project model names (``VALIDATED`` roots)."""
    if d.validated is None:
        d.validated = _pydantic_models(ctx, d)
    return d.validated


def _pydantic_models(ctx: Context, d: _State) -> dict[str, list[ast.AST]]:
    """Apart from ``_validated_models``: its comprehension's cell was made at every call."""
    found = {}
    if "pydantic" in ctx.src.text:
        for name, c in d.classes.items():
            lineage = [k for k, _ in _lineage(c, d)]
            if any(ctx.names.qualify(b, (ctx.tree,)) in PYDANTIC_MODELS for k in lineage for b in k.bases):
                found[name] = [m for k in lineage for m in validator_methods(k)]
    for path, _, origin in ctx.options.traced_roots if ctx.options else ():
        if path == ctx.src.path and origin.startswith(VALIDATED):
            found.setdefault(origin[len(VALIDATED):], [])
    return found


def _optional_dicts(ctx: Context, d: _State) -> frozenset[str]:
    """Classes, as written here, that are a TypedDict with optional keys: this file's
    (``class Message(TypedDict, total=False)``) and those of other files the project model names
    (``OPTIONAL_DICT`` roots: pyro's ``Message`` built by ``pyro.sample``)."""
    if d.optional_dicts is None:
        d.optional_dicts = frozenset([name for name, c in d.classes.items() if optional_dict(c)]
                                     + _roots_named(ctx, OPTIONAL_DICT))
    return d.optional_dicts


def _roots_named(ctx: Context, prefix: str) -> list[str]:
    """What the project model's traced roots of this file name after ``prefix`` (apart from
    ``_optional_dicts``: the comprehension's cell was made at every call)."""
    path = ctx.src.path
    return [origin[len(prefix):] for p, _, origin in (ctx.options.traced_roots if ctx.options else ())
            if p == path and origin.startswith(prefix)]


def _random_file(ctx: Context, d: _State) -> bool:
    """The file's text names ``Generator`` or ``random``: most files build no random object and draw
    nothing, and their method calls and tests skip the search."""
    if d.random_text is None:
        d.random_text = "Generator" in ctx.src.text or "random" in ctx.src.text
    return d.random_text


def _random_objects(chain: tuple, ctx: Context, d: _State) -> dict[str, tuple[str, ast.AST]]:
    """Locals of the function ``chain`` ends in bound only to a random object it builds
    (``g = torch.Generator(device).manual_seed(s)``, ``seq = np.random.SeedSequence(...)``), or else
    to None (torch-kmeans' ``gen = None`` when unseeded): name -> (the qualified constructor
    (``_RANDOM_OBJECTS``), its first binding). Not a name also bound to something else. Where it
    may be None, what takes it breaks only when the binding ran: the hazard is ``under`` it
    (kornia's RANSAC builds its generator only under ``if self.seed is not None``, off by default)."""
    fn = chain[-1] if chain and isinstance(chain[-1], _FUNCS) else None
    if fn is None or not _random_file(ctx, d):
        return {}
    found = d.random_objects.get(id(fn))
    if found is None:
        found, other = {}, set()
        for node in _body(fn, d).binders:
            targets = node.targets if type(node) is ast.Assign else [getattr(node, "target", None)]
            value = _innermost_call(node.value) if type(node) is ast.Assign and len(targets) == 1 else None
            name = ctx.names.qualify(value.func, chain) if type(value) is ast.Call else None
            for t in targets:
                if type(t) is ast.Name and name in _RANDOM_OBJECTS:
                    found.setdefault(t.id, (name, node))
                elif type(t) is ast.Name and type(value) is ast.Constant and value.value is None:
                    continue
                elif t is not None:
                    other.update(n.id for n in all_nodes(t) if type(n) is ast.Name)
        found = d.random_objects[id(fn)] = {k: v for k, v in found.items() if k not in other}
    return found


def _generator_made(e: ast.AST, chain: tuple, ctx: Context, d: _State) -> ast.AST | None:
    """A ``torch.Generator`` built in this function: the call itself, or the binding of the local
    bound to one (``_random_objects``); None for anything else."""
    e = _innermost_call(e)
    if type(e) is ast.Call:
        return e if ctx.names.qualify(e.func, chain) == "torch.Generator" else None
    made = _random_objects(chain, ctx, d).get(e.id) if type(e) is ast.Name else None
    return made[1] if made is not None and made[0] == "torch.Generator" else None


def _generator_given(g: ast.AST, call: ast.Call, chain: tuple, ctx: Context) -> bool:
    """``generator=g`` where ``g`` is certainly a ``torch.Generator``, never None, which Dynamo cannot
    hand to the graph (GB0055): a parameter annotated as one with no None allowed (torchtransform's
    ``sample(self, shape, generator: torch.Generator)``; constructs.py "a torch.Generator parameter
    drawn from") or whose ``g.device`` the same call reads (tomesd's ``torch.randint(...,
    device=generator.device, generator=generator)``; "torch.Generator passed in"); or ``self.attr``
    that the class only binds to a ``torch.Generator(...)`` it builds (torchtransform's ``Context``;
    "a torch.Generator attribute built in __init__, drawn from by a method"). A parameter that may be
    None draws from the global generator ("... None given": no break)."""
    i = next((i for i in range(len(chain) - 1, -1, -1) if isinstance(chain[i], _FUNCS)), None)
    if i is None:
        return False
    fn = chain[i]
    attr = _self_attr(g)
    if attr is not None:
        cls = chain[i - 1] if i and type(chain[i - 1]) is ast.ClassDef else None
        return cls is not None and _generator_attr(cls, attr, chain, ctx)
    if type(g) is not ast.Name:
        return False
    ann = next((a.annotation for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs) if a.arg == g.id), None)
    if ann is None or "Generator" not in (text := ast.unparse(ann)):
        return False
    if "None" not in text and "Optional" not in text and dict(_param_defaults(fn)).get(g.id) is None:
        return True
    return any(type(n) is ast.Attribute and n.attr == "device" and type(n.value) is ast.Name and n.value.id == g.id
               for a in (*call.args, *(k.value for k in call.keywords)) for n in ast.walk(a))


def _generator_attr(cls: ast.ClassDef, attr: str, chain: tuple, ctx: Context) -> bool:
    """Every binding of ``self.attr`` in the class builds a ``torch.Generator`` (``self.generator =
    torch.Generator().manual_seed(seed)``), and there is one."""
    values = [n.value for n in ast.walk(cls) if type(n) in (ast.Assign, ast.AnnAssign, ast.AugAssign)
              and any(_self_attr(t) == attr for t in (n.targets if type(n) is ast.Assign else [n.target]))]
    calls = [_innermost_call(v) for v in values]
    return bool(calls) and all(type(c) is ast.Call and ctx.names.qualify(c.func, chain) == "torch.Generator"
                               for c in calls)


def _param_defaults(fn: ast.AST) -> list[tuple[str, ast.AST]]:
    """(parameter, default) of every parameter of ``fn`` that has a default."""
    a = fn.args
    pos = [*a.posonlyargs, *a.args]
    return [(p.arg, v) for p, v in (*zip(pos[len(pos) - len(a.defaults):], a.defaults), *zip(a.kwonlyargs, a.kw_defaults))
            if v is not None]


def _innermost_call(e: ast.AST) -> ast.AST:
    """The first call of a chain of method calls on a call's result: ``torch.Generator(device)``
    of ``torch.Generator(device).manual_seed(seed)``; ``e`` itself otherwise."""
    while type(e) is ast.Call and type(e.func) is ast.Attribute and type(e.func.value) is ast.Call:
        e = e.func.value
    return e


def _is_module_value(e: ast.AST, cls: ast.ClassDef | None, ctx: Context, d: _State) -> bool:
    """``self`` of an nn.Module, or ``self.net`` that its ``__init__`` (or an in-file base's) built."""
    if cls is None:
        return False
    if type(e) is ast.Name and e.id == "self":
        return _is_module_class(cls, ctx, d)
    if not (type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self"):
        return False
    built = _attr_class(cls, e.attr, d)
    if built is not None:  # self.kwargs = dict(...) (Stable Diffusion's karlo models) holds no parameters
        return built.rsplit(".", 1)[-1] not in _PLAIN_CONTAINERS
    return _submodule_kind(cls, e.attr, ctx, d) is not None


_PLAIN_CONTAINERS = frozenset({"dict", "list", "set", "tuple", "frozenset", "OrderedDict", "defaultdict"})


def _last_name(e: ast.AST) -> str:
    """``loader`` of ``loader`` or ``self.loader``; "" for anything else."""
    kind = type(e)
    return e.id if kind is ast.Name else e.attr if kind is ast.Attribute else ""


def _unwrap_enumerate(e: ast.AST, ctx: Context, chain) -> ast.AST:
    """The iterable of the builtin ``enumerate(x[, start])`` (not of a local ``enumerate``); else ``e``."""
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "enumerate" \
            and e.args and not ctx.names.is_bound("enumerate", chain):
        return e.args[0]
    return e


def _parameter(name: str, chain, ctx: Context) -> bool:
    """``name`` is a parameter of the function that binds it."""
    scope = ctx.names.binding_scope(name, chain)
    if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    return name in _param_names(scope)


def _closure_param(chain, ctx: Context, d: _State) -> bool:
    """``closure`` is the parameter of an optimizer's method, called there or in a function nested
    in it (qqn-torch's ``eval_loss_and_grad`` in ``QQN.step``, held_out_23's ``optimizer.py:106``)."""
    scope = ctx.names.binding_scope("closure", chain)
    owner = d.owner.get(id(scope)) if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
    return owner is not None and "closure" in _param_names(scope) and _optimizer_class(owner, ctx, d)


def _optimizer_class(cls: ast.ClassDef, ctx: Context, d: _State, seen: frozenset = frozenset()) -> bool:
    """A class deriving from torch.optim's ``Optimizer`` (through classes of the file), or from
    an imported class named ``...Optimizer`` (``BaseOptimizer``); not an nn.Module."""
    for base in cls.bases:
        if isinstance(base, ast.Name) and base.id in d.classes and base.id not in seen:
            if _optimizer_class(d.classes[base.id], ctx, d, seen | {base.id}):
                return True
            continue
        name = ctx.names.qualify(base, (ctx.tree,)) or ""
        if name.startswith("torch.optim.") or (name and name.rpartition(".")[2].endswith("Optimizer")
                                               and not name.startswith(_MODULE_BASES)):
            return True
    return False


def _optimizer_receiver(e: ast.AST, ctx: Context, d: _State, cls, chain) -> bool:
    """``e`` of ``e.step()`` holds a torch.optim optimizer: by the class it was built from where
    the file tells it (``self.opt = Cls(...)``, ``opt = Cls(...)`` in the function or at the
    module's top level), else by its name (``_is_optimizer``)."""
    verdicts = {_optimizer_built(text, ctx, d) for text in _receiver_classes(e, ctx, d, cls, chain)}
    if len(verdicts) == 1 and None not in verdicts:
        return verdicts.pop()
    return _is_optimizer(e)


def _own_step(e: ast.AST, ctx: Context, d: _State, cls, chain) -> bool:
    """``e.step()`` runs a ``step`` of the optimizer's own, not torch's: ``e`` built, at every binding the file
    shows, from a class of the file defining ``step`` (itself or an in-file base) or from a class imported from
    a package other than torch (casmo's ``CASMO``, swarmtorch's ``GWO``). Only torch's optimizers call
    ``graph_break()`` around their step (constructs.py "a package's optimizer, its own step under torch.no_grad":
    no break at the call; "a subclass of torch's SGD stepping with SGD's step": GB0025 there)."""
    def own(text: str, where: tuple = chain) -> bool:
        if text in d.classes:
            return _method_of(d.classes[text], "step", d) is not None
        return (ctx.names.resolve(text.partition(".")[0], where) or "torch").partition(".")[0] != "torch"
    built = _receiver_classes(e, ctx, d, cls, chain)
    if built:
        return all(own(text) for text in built)
    handed = _handed_builders(e, ctx, d, chain)
    return bool(handed) and all(own(text, where) for text, where in handed)


def _handed_builders(e: ast.AST, ctx: Context, d: _State, chain) -> list[tuple[str, tuple]]:
    """(class as written, the caller's chain) of the lambdas the file's calls hand a module-level function
    whose ``opt = make_optimizer(model)`` builds ``e`` by calling its parameter: the steps of held_out_38's
    torch-numopt (``_numopt_step(lambda model: NewtonLS(model.parameters(), ...))``, the class imported in
    the caller's body). [] unless every call hands a lambda building a class (a factory, a name: unknown)."""
    if type(e) is not ast.Name:
        return []
    scope = ctx.names.binding_scope(e.id, chain)
    if not isinstance(scope, _FUNCS) or d.functions.get(scope.name) is not scope:
        return []
    made = [b for b in _body(scope, d).binders
            if any(type(n) is ast.Name and n.id == e.id for t in (b.targets if type(b) is ast.Assign
                                                                  else (getattr(b, "target", None),))
                   if t is not None for n in all_nodes(t))]
    if len(made) != 1 or type(made[0]) is not ast.Assign or len(made[0].targets) != 1 \
            or type(value := made[0].value) is not ast.Call or type(value.func) is not ast.Name:
        return []
    positional = [a.arg for a in (*scope.args.posonlyargs, *scope.args.args)]
    param = value.func.id
    if param in positional:
        position = positional.index(param)
    elif param in {a.arg for a in scope.args.kwonlyargs}:
        position = -1
    else:
        return []  # a function of the file or an import: _receiver_classes' business
    calls = [c for c in d.calls_by_name.get(scope.name, ()) if type(c.func) is ast.Name]
    scopes = sorted(d.chains.values(), key=lambda c: c[-1].lineno) if calls else ()
    out = []
    for call in calls:
        arg = handed_argument(call, position, param)
        if type(arg) is not ast.Lambda or type(arg.body) is not ast.Call:
            return []
        text = dotted(_built(arg.body).func)
        if not text or not text.rpartition(".")[2][:1].isupper():
            return []
        where = next((c for c in reversed(scopes) if c[-1].lineno <= call.lineno <= c[-1].end_lineno), (ctx.tree,))
        out.append((text, where))
    return out


def _receiver_classes(e: ast.AST, ctx: Context, d: _State, cls, chain) -> list[str]:
    """The classes (as written) ``self.x`` or a name was built from, when every binding of it is
    such a construction; [] when unknown (a parameter, a factory's result, a rebinding)."""
    if type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self":
        built = _attr_class(cls, e.attr, d) if cls is not None else None
        return [built] if built else []
    if type(e) is not ast.Name:
        return []
    scope = ctx.names.binding_scope(e.id, chain)
    if scope is ctx.tree:
        return list(d.module_made.get(e.id, ()))
    if not isinstance(scope, _FUNCS) or e.id in _param_names(scope):
        return []
    out = []
    for b in _body(scope, d).binders:
        targets = b.targets if type(b) is ast.Assign else (getattr(b, "target", None),)
        if not any(type(t) is ast.Name and t.id == e.id for t in targets):
            if any(e.id in {n.id for n in all_nodes(t) if type(n) is ast.Name} for t in targets if t is not None):
                return []  # a, opt = ...: not one construction
            continue
        value = getattr(b, "value", None)
        if type(b) is ast.AugAssign or type(value) is not ast.Call:
            return []
        built = dotted(_built(value).func)
        if not built or not built.rpartition(".")[2][:1].isupper():
            return []  # opt = make_optimizer(cfg): a factory's result
        out.append(built)
    return out


def _lr_scheduler_receiver(e: ast.AST, ctx: Context, d: _State, cls, chain) -> bool:
    """``e`` of ``e.step()`` is built, at every binding the file shows, from one of torch.optim.lr_scheduler's
    own classes (multi-quantization's ``self.scheduler = torch.optim.lr_scheduler.StepLR(self.optim, ...)``):
    their ``step`` is torch's, which Dynamo skips. A class of the file (it may define its own ``step``), a
    factory's result or a parameter: not known."""
    built = _receiver_classes(e, ctx, d, cls, chain)
    if not built:
        return False
    for text in built:
        head, _, rest = text.partition(".")
        base = None if text in d.classes else ctx.names.resolve(head, (ctx.tree,))
        name = f"{base}.{rest}" if base and rest else base or ""
        last = name.rpartition(".")[2]
        if not (name.startswith("torch.optim.lr_scheduler.") and last[:1].isupper()
                and last not in ("LRScheduler", "_LRScheduler")):
            return False
    return True


def _optimizer_built(text: str, ctx: Context, d: _State) -> bool | None:
    """Whether the class ``text`` (as written) is a torch.optim optimizer: a class of the file by its
    bases, a class of torch by its module (``torch.optim.Adam`` yes, ``torch.optim.lr_scheduler.StepLR``
    no), an imported ``...Optimizer``; None when the file cannot tell."""
    if text in d.classes:
        return _optimizer_class(d.classes[text], ctx, d)
    head, _, rest = text.partition(".")
    base = ctx.names.resolve(head, (ctx.tree,))
    if base is None:
        return None
    name = f"{base}.{rest}" if rest else base
    if name.rpartition(".")[2].endswith("Optimizer"):
        return True
    if name.startswith("torch."):
        return name.startswith("torch.optim.") and not name.startswith(("torch.optim.lr_scheduler.",
                                                                        "torch.optim.swa_utils."))
    return None


def _lr_scheduler_class(cls: ast.ClassDef, d: _State) -> bool:
    """A class deriving from torch.optim.lr_scheduler's ``LRScheduler`` / ``_LRScheduler`` (through
    classes of the file), by the base's name as written."""
    return any(dotted(b).rpartition(".")[2] in ("LRScheduler", "_LRScheduler")
               for c, _ in _lineage(cls, d) for b in c.bases)


def _torch_optimizer_class(name: str) -> bool:
    """``torch.optim.Adam``, ``torch.optim.sgd.SGD``: a class of torch.optim's optimizers (not its
    schedulers, averaging utilities or the ``Optimizer`` base)."""
    if not name.startswith("torch.optim.") or name.startswith(("torch.optim.lr_scheduler.", "torch.optim.swa_utils.")):
        return False
    last = name.rpartition(".")[2]
    return last[:1].isupper() and last != "Optimizer" and name.count(".") <= 3


def _is_optimizer(e: ast.AST) -> bool:
    """``optimizer``, ``self.optim``, ``g_opt``: a name that says it holds a torch.optim optimizer."""
    name = _last_name(e).lower()
    return name in _OPTIMIZER_WORDS or name.endswith(("optimizer", "_optim", "_opt")) or name.startswith("optimizer")


def _skipped_iterable(e: ast.AST, ctx: Context, chain) -> bool:
    """``tqdm(...)``, ``DataLoader(...)``, ``train_loader``, ``enumerate(loader)``: an iterable
    whose iterator lives in a file Dynamo skips."""
    e = _unwrap_enumerate(e, ctx, chain)
    if isinstance(e, ast.Call):
        return ctx.names.qualify(e.func, chain) in _SKIPPED_ITERABLES
    return _last_name(e).lower().endswith(_LOADER_WORDS)


def _bound_skipped_iterable(e: ast.AST, fn: ast.AST, ctx: Context, d: _State, chain) -> bool:
    """``pbar = tqdm(it, desc=...)``, then ``for _ in pbar:`` (pytorch-gmm's ``train``): a local every
    binding of which builds a skipped iterable (constructs.py "for over a tqdm bound to a name": GB0008,
    the frame skipped, as over ``tqdm(...)`` itself)."""
    if type(e) is not ast.Name or e.id in _param_names(fn):
        return False
    values = _binding_values(e.id, fn, d)
    return bool(values) and all(type(v) is ast.Call and ctx.names.qualify(v.func, chain) in _SKIPPED_ITERABLES
                                for v in values)


def _module_parameter(e: ast.AST, fn: ast.AST, d: _State, at: ast.AST | None = None) -> bool:
    """``p`` of ``for p in self.parameters():`` or ``for _, p in m.named_parameters():``, and of no other
    binding: a parameter, whose ``requires_grad`` Dynamo does not set (constructs.py "requires_grad set on a
    module's parameters": GB0206, the frame skipped; sliced-wasserstein's ``set_training``). With ``at``,
    the bindings are the innermost loop around ``at`` and those in it before ``at`` (pynsm's ``param`` of
    two loops in turn)."""
    if type(e) is not ast.Name:
        return False
    binds = [b for b in _body(fn, d).binders if any(type(x) is ast.Name and x.id == e.id for x in _targets(b))]
    if at is not None:
        loop = [b for b in binds if type(b) in _LOOP_TYPES and b.lineno <= at.lineno <= b.end_lineno][-1:]
        binds = loop + [b for b in binds if loop and loop[0].lineno < b.lineno <= at.lineno]

    def over_parameters(b) -> bool:
        if type(b) not in _LOOP_TYPES or type(b.iter) is not ast.Call or type(b.iter.func) is not ast.Attribute:
            return False
        if b.iter.func.attr == "parameters":
            return type(b.target) is ast.Name
        return b.iter.func.attr == "named_parameters" and type(b.target) is ast.Tuple and len(b.target.elts) == 2 \
            and type(b.target.elts[1]) is ast.Name and b.target.elts[1].id == e.id
    return bool(binds) and all(over_parameters(b) for b in binds)


def _numpy_of_tensor(e: ast.AST, t: Tensors, ctx: Context, chain) -> bool:
    """``np.mean(y.numpy())``: a NumPy call on a value surely computed from a tensor (a bare
    forward parameter, often an int, does not count)."""
    if not (isinstance(e, ast.Call) and (ctx.names.qualify(e.func, chain) or "").startswith("numpy.")):
        return False

    def strong(a: ast.AST) -> bool:
        if isinstance(a, ast.Name):
            return a.id in t.assigned
        if isinstance(a, (ast.Attribute, ast.Subscript)):
            return strong(a.value)
        if isinstance(a, ast.BinOp):
            return strong(a.left) or strong(a.right)
        if isinstance(a, ast.Compare):
            return strong(a.left) or any(strong(c) for c in a.comparators)
        return isinstance(a, ast.Call) and t.of(a)
    found = any(strong(a) for a in e.args)
    del strong  # it calls itself: see _off_by_default
    return found


_NN_TRANSFORMER = ("torch.nn.Transformer", "torch.nn.modules.transformer.Transformer")


def _class_chain(cls: ast.ClassDef, ctx: Context, d: _State):
    """``cls`` and its in-file bases, nearest first, each with whether it subclasses nn.Transformer."""
    for c, _ in _lineage(cls, d):
        transformer = d.transformers.get(id(c))
        if transformer is None:
            transformer = d.transformers[id(c)] = _transformer_class(c, ctx)
        yield c, transformer


def _transformer_class(cls: ast.ClassDef, ctx: Context) -> bool:
    """``cls`` has torch's nn.Transformer as a base (apart from ``_class_chain``: the comprehension
    made its cells at every call)."""
    module = (ctx.tree,)
    return any(ctx.names.qualify(b, module) in _NN_TRANSFORMER for b in cls.bases)


def _submodule_kind(cls: ast.ClassDef, attr: str, ctx: Context, d: _State) -> str | None:
    """Kind of the torch.nn container ``self.attr`` holds, from assignments in the class or
    its in-file bases, or from nn.Transformer's own submodules."""
    for c, is_transformer in _class_chain(cls, ctx, d):
        kind = d.attr_kinds.get(id(c), {}).get(attr)
        if kind is not None:
            return kind
        if is_transformer and attr in _TRANSFORMER_ATTRS:
            return _TRANSFORMER_ATTRS[attr]
    return "rnn" if attr in _subclass_rnns(cls, d) else None


def _subclass_rnns(cls: ast.ClassDef, d: _State) -> set[str]:
    """The attributes of ``cls`` its subclasses in the file make an RNN: a base whose method calls
    a placeholder (timm's sequencer: RNN2dBase.forward calls self.rnn_v, an nn.LSTM in
    LSTM2d.__init__); measured: the inherited method breaks there as the RNN's own would."""
    found = d.subclass_rnns.get(id(cls))
    if found is None:  # apart: the comprehensions' cells were made at every call (6,241 on timm, 617 misses)
        found = d.subclass_rnns[id(cls)] = _rnns_below(cls, d)
    return found


def _rnns_below(cls: ast.ClassDef, d: _State) -> set[str]:
    if d.rnn_classes is None:  # the classes of the file that make an RNN, with the attributes
        d.rnn_classes = [(c, {a for a, k in d.attr_kinds.get(id(c), {}).items() if k == "rnn"})
                         for c in d.classes.values() if "rnn" in d.attr_kinds.get(id(c), {}).values()]
    return {a for c, attrs in d.rnn_classes if c is not cls and any(b is cls for b, _ in _lineage(c, d)) for a in attrs}


def submodule_weight(cls: ast.ClassDef, attr: str, ctx: Context, d: _State) -> int:
    """Weight of a call to ``self.attr`` in the coverage estimate (1 unless a known container)."""
    for c, is_transformer in _class_chain(cls, ctx, d):
        weight = d.attr_weights.get(id(c), {}).get(attr)
        if weight is not None:
            return weight if weight > 1 else max(weight, _subclass_rnn_weight(cls, attr, ctx, d))
        if is_transformer and attr in _TRANSFORMER_LAYERS:
            init = d.super_init.get(id(c))
            layers = _layers(init, *_TRANSFORMER_LAYERS[attr]) if init is not None else 6
            return _CONTAINER_WEIGHT["TransformerEncoder" if attr == "encoder" else "TransformerDecoder"] * layers
    return _subclass_rnn_weight(cls, attr, ctx, d)


def _subclass_rnn_weight(cls: ast.ClassDef, attr: str, ctx: Context, d: _State) -> int:
    """The weight of an RNN that subclasses of the file set where the class holds a placeholder
    (timm's sequencer: ``self.rnn_v`` an ``RNNIdentity`` in RNN2dBase, an ``nn.LSTM`` in LSTM2d)."""
    if _submodule_kind(cls, attr, ctx, d) != "rnn":
        return 1
    return _rnn_weight_below(cls, attr, d)


def _rnn_weight_below(cls: ast.ClassDef, attr: str, d: _State) -> int:
    """Apart from ``_subclass_rnn_weight``, whose 3,102 calls on timm return 1 first but two: the
    generator's cells were made at each."""
    return max((d.attr_weights.get(id(c), {}).get(attr, 1) for c in d.classes.values()
                if c is not cls and any(b is cls for b, _ in _lineage(c, d))), default=1)


def _submodule_hazard(call: ast.Call, attr: str, kind: str | None) -> Hazard | None:
    if kind == "rnn":
        return Hazard(NM406, call, f"`self.{attr}` is an nn.LSTM/GRU/RNN, which Dynamo does not "
                      "trace and cannot resume after", skips_rest=True, gb=GB['rnn'])
    for mask, mask_pos, hint, hint_pos in _MASK_ARGS.get(kind or "", ()):
        given = _argument(call, mask, mask_pos)
        if given is None or (isinstance(given, ast.Constant) and given.value is None):
            continue
        flag = _argument(call, hint, hint_pos)
        if flag is None or (isinstance(flag, ast.Constant) and flag.value is None):
            return Hazard(NM407, call, f"`{mask}` without `{hint}=`: torch reads on the host whether "
                          f"the mask is causal, so `self.{attr}` runs eagerly (graph break)", gb=GB['item'])
    return None


def _argument(call: ast.Call, name: str, position: int) -> ast.AST | None:
    """The argument bound to parameter ``name`` (``position`` after self), if passed."""
    for k in call.keywords:
        if k.arg == name:
            return k.value
    if any(isinstance(a, ast.Starred) for a in call.args[:position + 1]):
        return None  # *args: unknown
    return call.args[position] if len(call.args) > position else None


def _module_loggers(ctx: Context) -> set[str]:
    """Module-level names bound to ``logging.getLogger(...)``."""
    out = set()
    for node in ctx.tree.body:
        # ``logger = logging.getLogger(__name__)`` or ``logger: logging.Logger = logging.getLogger(...)``
        # (fvcore's precise_bn; constructs.py "annotated module logger: logger.info", GB0291)
        targets = node.targets if type(node) is ast.Assign else [node.target] if type(node) is ast.AnnAssign else ()
        if targets and isinstance(node.value, ast.Call):
            if ctx.names.qualify(node.value.func, (ctx.tree,)) in ("logging.getLogger", "logging.get_logger"):
                out.update(t.id for t in targets if isinstance(t, ast.Name))
    return out


def _is_logger(expr: ast.AST, ctx: Context, chain, loggers: set[str]) -> bool:
    if isinstance(expr, ast.Name):
        return expr.id in loggers and ctx.names.resolve(expr.id, chain) is None
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self":
        return expr.attr in ("logger", "log", "_logger")
    return False


def _short(ctx: Context, node: ast.AST, limit: int = 40) -> str:
    text = " ".join(ctx.segment(node).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


# -- statements and frames ---------------------------------------------------------------------

_AUTOGRAD = frozenset({"torch.autograd.grad", "torch.autograd.backward", "autograd.grad", "autograd.backward"})


def _differentiates(stmt: ast.stmt, qualify=dotted) -> bool:
    """``loss.backward()``, ``scaler.scale(loss).backward()``, ``g = torch.autograd.grad(...)``:
    a statement that only runs a backward pass (not ``self.backward(...)``: a method of the
    object's own class, an HMM's backward recursion)."""
    return _differentiated(stmt, qualify) is not False


def _differentiated(stmt: ast.stmt, qualify=dotted) -> ast.expr | None | bool:
    """The tensor a backward-pass statement differentiates (``loss`` of ``loss.backward()``, of
    ``scaler.scale(loss).backward()``, of ``torch.autograd.grad(loss, ...)``), None when it is not
    said, False when the statement is no backward pass. ``qualify``: the qualified name of a callee
    (``_torch.autograd.grad`` with ``import torch as _torch`` is ``torch.autograd.grad``)."""
    value = getattr(stmt, "value", None) if type(stmt) in (ast.Expr, ast.Assign, ast.AnnAssign) else None
    value = _rows_of(value, qualify)
    if type(value) is not ast.Call:
        return False
    func = value.func
    if type(func) is ast.Attribute and func.attr == "backward":
        owner = func.value
        if (type(owner) is ast.Name and owner.id in ("self", "cls", "ctx")) or (
                type(owner) is ast.Call and type(owner.func) is ast.Name and owner.func.id == "super"):
            return False
        if type(owner) is ast.Call and type(owner.func) is ast.Attribute and owner.func.attr == "scale" and owner.args:
            return owner.args[0]  # scaler.scale(loss).backward()
        return owner
    if dotted(func) in _AUTOGRAD or qualify(func) in _AUTOGRAD:
        first = value.args[0] if value.args else next(
            (k.value for k in value.keywords if k.arg in ("outputs", "tensors")), None)
        return first
    return False


def _rows_of(value: ast.expr | None, qualify=dotted) -> ast.expr | None:
    """The call a comprehension of gradients makes per row, ``torch.autograd.grad(g[i], p, ...)`` of
    ``torch.stack([torch.autograd.grad(g[i], p, ...)[0] for i in range(n)])`` (a Jacobian or Hessian
    built row by row: ncg-optimizer's LCG), else ``value``: the statement only runs those backward
    passes, with a stack of their results."""
    node = value
    if type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in ("stack", "cat") \
            and dotted(node.func.value) == "torch" and len(node.args) == 1:
        node = node.args[0]
    if type(node) not in (ast.ListComp, ast.GeneratorExp):
        return value
    node = node.elt
    if type(node) is ast.Subscript:
        node = node.value
    return node if type(node) is ast.Call and (dotted(node.func) in _AUTOGRAD or qualify(node.func) in _AUTOGRAD) else value


def _qualified_or_written(ctx: Context, chain, node: ast.AST) -> str:
    """The qualified name of ``node`` where the names resolve it, else its text as written."""
    return ctx.names.qualify(node, chain) or dotted(node)


def _unwrapped(node: ast.expr | None) -> ast.expr | None:
    """``tuple(gs)``, ``list(gs)``, ``torch.unbind(out)``, ``loss.sum()``, ``loss.mean()`` -> the
    tensor (or sequence of tensors) they hand a backward pass; ``g[i]``, a row, -> ``g``."""
    if type(node) is ast.Subscript:
        node = node.value
    while type(node) is ast.Call:
        f = node.func
        if type(f) is ast.Name and f.id in ("tuple", "list", "sum") and len(node.args) == 1:
            node = node.args[0]
        elif type(f) is ast.Attribute and f.attr in ("unbind",) and node.args and dotted(f.value) == "torch":
            node = node.args[0]
        elif type(f) is ast.Attribute and f.attr in ("sum", "mean") and not node.args:
            node = f.value
        else:
            break
    return node


def _backward_of(fn: ast.AST, d: _State, qualify=dotted) -> tuple[tuple[int, int], ...]:
    """(line, source) of ``fn``'s backward-pass statements whose history no graph of the call may
    hold: -1 where the tensor is a gradient an earlier ``torch.autograd.grad`` of ``fn`` returned
    (that call breaks, so the graph of its ``create_graph`` result is recorded eagerly) or a
    parameter's ``.grad`` (``[p.grad for p in params]``: recorded by a backward before); i >= 0
    where it is ``fn``'s i-th positional parameter, not rebound before: recorded before the call
    when ``fn`` is the compiled entry (coverage.py decides; backpack's curvature products are
    handed the loss)."""
    statements = _statements(fn, d)
    if not any(_differentiates(s, qualify) for s in statements):
        return ()
    params = _positional(fn)
    bound: dict[str, ast.AST] = {}  # name -> the value it was last bound to, in statement order
    out = []
    for stmt in statements:
        target = _differentiated(stmt, qualify)
        if target is not False:
            node = _unwrapped(target)
            if type(node) is ast.Name:
                value = bound.get(node.id)
                if value is not None and _eager_history(value, qualify):
                    out.append((stmt.lineno, -1))
                elif value is None and node.id in params:
                    out.append((stmt.lineno, params.index(node.id)))
            elif node is not None and _eager_history(node, qualify):
                out.append((stmt.lineno, -1))
        for sub in all_nodes(stmt):
            if type(sub) is ast.Assign and len(sub.targets) == 1 and type(sub.targets[0]) is ast.Name:
                bound[sub.targets[0].id] = sub.value
            elif type(sub) in (ast.AugAssign, ast.AnnAssign) and type(sub.target) is ast.Name:
                bound[sub.target.id] = sub.value if sub.value is not None else sub
            elif type(sub) in (ast.For, ast.comprehension, ast.With) or (
                    type(sub) is ast.Assign and len(sub.targets) != 1):
                for t in all_nodes(sub.target if type(sub) in (ast.For, ast.comprehension) else sub):
                    if type(t) is ast.Name and type(t.ctx) is ast.Store and t.id not in bound:
                        bound[t.id] = sub
    return tuple(out)


def _positional(fn: ast.AST) -> list[str]:
    """``fn``'s positional parameters as a call hands them arguments: without a method's
    ``self``/``cls``."""
    args = getattr(fn, "args", None)
    params = [a.arg for a in (*args.posonlyargs, *args.args)] if args else []
    return params[1:] if params[:1] in (["self"], ["cls"]) else params


def _hands(fn: ast.AST, d: _State, where: dict) -> tuple[tuple[int, int, int], ...]:
    """(statement line of a call, argument position, ``fn``'s parameter index) for the positional
    arguments of ``fn``'s calls that are its own parameters, never rebound in it: what the callee
    receives there is what ``fn`` was handed (a loss handed down to the function that
    differentiates it: coverage.py follows a backward of a parameter to the entry)."""
    params = _positional(fn)
    if not params:
        return ()
    body = _body(fn, d)
    rebound = {n.id for node in body.binders for t in _targets(node) for n in all_nodes(t) if type(n) is ast.Name}
    return tuple(sorted({(stmt.lineno, p, params.index(a.id)) for stmt, p, a in _named_args(body, where)
                         if a.id in params and a.id not in rebound}))


def _named_args(body: _Body, where: dict) -> Iterator[tuple[ast.stmt, int, ast.Name]]:
    """Each name a call of ``body`` passes by position (before a starred one), with the call's
    statement and the position."""
    for call in body.calls:
        stmt = where.get(id(call), (None,))[0]
        if stmt is None:
            continue
        for p, a in enumerate(call.args):
            if type(a) is ast.Starred:
                break
            if type(a) is ast.Name:
                yield stmt, p, a


# functorch's transforms: what they return calls the function they are given, and called from a
# frame Dynamo skips it is a frame Dynamo compiles on its own (torch._functorch is traced):
# constructs "a vmapped callable handed in, called from a skipped frame"
_TRANSFORMS = frozenset(f"{m}.{t}" for m in ("torch.func", "functorch")
                        for t in ("vmap", "jacrev", "jacfwd", "grad", "hessian")) | {"torch.vmap"}


def _handed_calls(fn: ast.AST, d: _State, where: dict, qualify=dotted) -> tuple[tuple[int, int], ...]:
    """(statement line, the parameter's index in ``_positional``, -1 for a keyword-only one) for
    ``fn``'s calls of a callable it was handed: a parameter (not ``self`` or ``cls``), or a name
    bound only to one, to a lambda calling one (``fun = function``, ``fun = lambda p:
    function(p, *args)``) or to a functorch transform of either (levmarq-torch's ``get_jac =
    vmap(lambda x: jacrev(get_y_hat, argnums)(*x))``). Called from a frame Dynamo skips, that
    callable is a frame Dynamo compiles on its own (a sampler's denoiser ``model(x, sigma)``, a
    solver's residual function): coverage.py keeps its share where it came from outside the scan."""
    params = _param_names(fn) - {"self", "cls"}
    if not params:
        return ()
    body = _body(fn, d)
    names = {p: p for p in params}  # callable name -> the parameter it holds (None: bound to something else)
    for node in body.binders:
        value = getattr(node, "value", None)
        while True:
            if type(value) is ast.Lambda and type(value.body) is ast.Call:  # fun = lambda p: function(p, *args)
                value = value.body.func
            elif type(value) is ast.Call and value.args and qualify(value.func) in _TRANSFORMS:
                value = value.args[0]  # vmap(f), jacrev(f, argnums)
            else:
                break
        param = value.id if type(node) is ast.Assign and type(value) is ast.Name and value.id in params else None
        for t in _targets(node):
            for n in all_nodes(t):
                if type(n) is ast.Name:
                    held = param if t is n else None
                    names[n.id] = held if names.get(n.id, held) == held else None
    positional = _positional(fn)
    out = set()
    for call in body.calls:
        stmt = where.get(id(call), (None,))[0]
        param = names.get(call.func.id) if type(call.func) is ast.Name else None
        if stmt is not None and param is not None:
            out.add((stmt.lineno, positional.index(param) if param in positional else -1))
    return tuple(sorted(out))


def _pinned(fn: ast.AST, d: _State, ctx: Context, chain) -> tuple[int, ...]:
    """Indices in ``_positional`` of ``fn``'s parameters it hands, as they came, to ``torch.as_tensor``
    or a ``math`` function, or indexes with in a tuple subscript (``x[:, t + k]``, alone or in
    arithmetic): given a number (its callers' ``_varied_args`` say which), Dynamo guards its value
    there, so each call with another value compiles the frame again, up to the recompile limit
    (constructs.py "helper turning a float argument into a tensor, ...": 8 graphs, "... loop index in
    a tuple subscript it reads, ...": a graph per value; ``torch.tensor(t)``, ``x * t`` or ``x[t]``:
    2, the number made dynamic at the first recompile)."""
    params = _positional(fn)
    if not params:
        return ()
    out = set()
    body = _body(fn, d)
    for call in body.calls:
        a = call.args[0] if call.args else None
        if type(a) is ast.Name and a.id in params:
            name = ctx.names.qualify(call.func, chain) or ""
            if name == "torch.as_tensor" or name.startswith("math."):
                out.add(params.index(a.id))
    for sub in body.subscripts:
        if type(sub.slice) is ast.Tuple:
            todo = list(sub.slice.elts)  # the indices, not a slice's bounds
            while todo:
                e = todo.pop()
                if type(e) is ast.BinOp:
                    todo += (e.left, e.right)
                elif type(e) is ast.Name and e.id in params:
                    out.add(params.index(e.id))
    return tuple(sorted(out))


def _varied_args(fn: ast.AST, d: _State, where: dict, tensors: Tensors, cls=None) -> tuple[tuple[int, int, int], ...]:
    """(statement line of a call inside a loop, argument position, the loop's runs: its literal trip
    count, 0 when not known) for the positional arguments of ``fn``'s calls that are numbers the loop
    changes at each step: a ``range`` index, or a name its body adds to (an adaptive solver's ``t +=
    dt``), no tensor. A callee that pins that parameter (``_pinned``) is compiled once per value."""
    body = _body(fn, d)
    loops = [n for n in body.binders if type(n) in _LOOPS] + [n for n in body.statements if type(n) is ast.While]
    if not loops:
        return ()
    spans = []
    for n in loops:
        if not n.body:
            continue
        start, end = n.body[0].lineno, n.body[-1].end_lineno or n.body[-1].lineno
        it = getattr(n, "iter", None)
        ranged = type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "range"
        names = {t.id for b in body.binders if (type(b) is ast.AugAssign and start <= b.lineno <= end) or (ranged and b is n)
                 for target in _targets(b) for t in all_nodes(target) if type(t) is ast.Name}
        # and the names its body binds from a host read or from arithmetic of those (a traceback's
        # ``k = bp[t].item()``, ``start = t - k``, ``t = start``): they change at each step too
        assigns = [b for b in body.binders if type(b) is ast.Assign and start <= b.lineno <= end]
        grown = True
        while grown:
            grown = False
            for b in assigns:
                bound = {t.id for t in _targets(b) if type(t) is ast.Name} - names
                if bound and (_read_to_host(b.value) or _arithmetic_of(b.value, names)):
                    names |= bound
                    grown = True
        spans.append((start, end, names, 0 if type(n) is ast.While else _trips(n, fn, cls, d, unknown=0)))
    out = set()
    for stmt, p, a in _named_args(body, where):
        if not tensors.of(a):
            out.update((stmt.lineno, p, trips) for start, end, names, trips in spans
                       if start <= stmt.lineno <= end and a.id in names)
    return tuple(sorted(out))


# Library functions Dynamo compiles as a frame of their own when eager code calls them (their
# files are not torch's, which Dynamo skips): einops' functions, measured on ponder-transformer's
# halting forward, a frame Dynamo skips: `rearrange` twice (two patterns) and `repeat` once, a
# graph each (docs/accuracy.md, issue 14 round 22). From compiled code they are ops of its graph.
LIBRARY_FRAMES = frozenset({"einops.rearrange", "einops.repeat", "einops.reduce", "einops.einsum", "einops.pack",
                            "einops.unpack"})
_LIBRARY_FRAME_NAMES = frozenset(name.rpartition(".")[2] for name in LIBRARY_FRAMES)


def _library_frames(fn: ast.AST, d: _State, where: dict, ctx: Context, chain) -> tuple[tuple[int, str], ...]:
    """(statement line, qualified name) of ``fn``'s calls of a function of ``LIBRARY_FRAMES``."""
    out = set()
    for call in _body(fn, d).calls:
        f = call.func
        written = f.id if type(f) is ast.Name else f.attr if type(f) is ast.Attribute else None
        if written in _LIBRARY_FRAME_NAMES and (stmt := where.get(id(call), (None,))[0]) is not None:
            name = ctx.names.qualify(f, chain)
            if name in LIBRARY_FRAMES:
                out.add((stmt.lineno, name))
    return tuple(sorted(out))


def _eager_history(value: ast.AST, qualify=dotted) -> bool:
    """A value whose autograd history was recorded eagerly: the result of ``torch.autograd.grad``
    (a break), or ``.grad`` attributes (``[p.grad for p in params]``, ``p.grad``)."""
    value = _unwrapped(value)
    if type(value) is ast.Call and (dotted(value.func) in _AUTOGRAD or qualify(value.func) in _AUTOGRAD):
        return True
    if type(value) in (ast.ListComp, ast.GeneratorExp):
        value = value.elt
    elif type(value) in (ast.List, ast.Tuple) and value.elts:
        return all(_eager_history(e, qualify) for e in value.elts)
    return type(value) is ast.Attribute and value.attr == "grad"


# the runs assumed for a loop whose trip count is not a literal (a stack of layers, the steps of
# a scan or a solver): once, as before; 2 was tried and made the estimate worse on the stored
# sets (docs/accuracy.md, "Weights by runs")
LOOP_RUNS = 1
# the runs assumed for a loop over a tensor's rows (``for i, k in enumerate(ks)``, ``for v in
# t.tolist()``, ``zip(t, u)``): a tensor has rows by the batch, not one (ranking-metrics' cut-offs
# and rows: 3 and 8); where such a loop runs eagerly each row is an eager op (docs/accuracy.md)
TENSOR_ROWS = 8
MAX_REPEATS = 64  # a bound on a statement's runs (an explainer's `for epoch in range(self.epochs)`, 100 by default)


def _repeats(fn: ast.AST, statements: tuple[int, ...], d: _State, cls=None, tensors: Tensors | None = None,
             calling: frozenset[int] | set[int] = frozenset()) -> tuple[tuple[int, int], ...]:
    """(statement line, runs per call of ``fn``) for the statements (``statements``: their first
    lines, sorted) of its own body inside its loops, each loop running its literal trip count
    (``range(4)``, a literal list), ``TENSOR_ROWS`` over a tensor's rows (``_over_rows``) or up to
    a count read from its values (``_over_sized_range``) when no
    statement of it calls a traced function (``calling``: their lines), ``TENSOR_ROWS`` where it
    stops on a tensor's say (``_stops_on_tensor``), or ``LOOP_RUNS``: a
    statement runs its ops, and a call its callee's, once per iteration."""
    body = _body(fn, d)

    read: dict[str, bool] = {}
    bound: dict[str, list[ast.AST]] = {}
    spans = []  # loops, not comprehensions and a closure: their ten cells were made at every call
    for n in body.binders:
        if type(n) in _LOOPS:
            trips = _trips(n, fn, cls, d, unknown=_unknown_trips(n, body, tensors, calling, read, bound))
            if trips != 1:
                spans.append((n.body[0].lineno, n.body[-1].end_lineno or n.body[-1].lineno, trips))
    if LOOP_RUNS != 1:
        for n in body.statements:
            if type(n) is ast.While:
                spans.append((n.body[0].lineno, n.body[-1].end_lineno or n.body[-1].lineno, LOOP_RUNS))
    if not spans:
        return ()
    out = []
    for line in statements:
        runs = 1
        for start, end, trips in spans:
            if start <= line <= end:
                runs *= trips
        if runs != 1:
            out.append((line, min(runs, MAX_REPEATS)))
    return tuple(out)


def _unknown_trips(n: ast.AST, body: _Body, tensors: Tensors | None, calling: frozenset[int] | set[int],
                   read: dict[str, bool], bound: dict[str, list[ast.AST]]) -> int:
    """The runs ``_repeats`` takes for loop ``n`` when its trip count is not literal."""
    if tensors is not None and _stops_on_tensor(n, tensors):
        return TENSOR_ROWS
    if tensors is None or not (_over_rows(n, tensors) or _over_sized_range(n, body, tensors, read, bound)
                               or _stops_on_read(n, body, tensors, read, bound)):
        return LOOP_RUNS
    start, end = n.body[0].lineno, n.body[-1].end_lineno or n.body[-1].lineno
    return LOOP_RUNS if any(start <= line <= end for line in calling) else TENSOR_ROWS


def _stops_on(loop: ast.AST, test) -> bool:
    """``loop`` breaks where ``test`` says of an ``if``'s test (``if lim < tol: break`` in its own body):
    an iterative solver's steps, run until the iterate converges, many rather than once."""
    todo = list(loop.body)
    while todo:
        s = todo.pop()
        if type(s) is ast.If:
            if any(type(b) is ast.Break for b in s.body) and test(s.test):
                return True
            todo.extend(s.body)
            todo.extend(s.orelse)
    return False


def _stops_on_tensor(loop: ast.AST, tensors: Tensors) -> bool:
    """``loop`` stops where a tensor says so (``_stops_on``). Not on a value read from one (``shift =
    d.max().item()``) where it calls more than torch: bloom-torch's k-means, stopped so, then weighs its
    loop's eager statements past what its compiled callees do (48 % measured, 52 -> 62 % estimated)."""
    return _stops_on(loop, tensors.of)


def _stops_on_read(loop: ast.AST, body: _Body, tensors: Tensors, read: dict[str, bool],
                   bound: dict[str, list[ast.AST]]) -> bool:
    """``loop`` stops on a value read from a tensor (``if (f - f_prev).abs().max().item() < tol: break``,
    ``if float(r.norm()) < tol: break``, through a name bound to one: ``_reads_values``) and calls
    nothing but torch (``_torch_calls_only``): its steps are its own statements' work, as many as
    ``_stops_on_tensor``'s (otloss' Sinkhorn iterations in a skipped frame: 0.7 % captured, 41 %
    estimated when they weighed one run); not hessian-eigenthings' Lanczos steps, whose operator's
    products are frames compiled on their own."""
    return _stops_on(loop, lambda test: _reads_values(test, body, tensors, read, bound)) \
        and _torch_calls_only(loop, tensors)


def _torch_calls_only(loop: ast.AST, tensors: Tensors) -> bool:
    """``loop`` calls nothing but torch's functions, tensors' methods and builtins (``_LOOP_BUILTINS``):
    none of its work is in another frame (a callee the file's analysis may not know: a parameter's
    method, another file's function)."""
    for n in all_nodes(loop):
        if type(n) is not ast.Call:
            continue
        f = n.func
        if type(f) is ast.Name and f.id in _LOOP_BUILTINS and not tensors.ctx.names.is_bound(f.id, tensors.chain):
            continue
        if type(f) is ast.Attribute and tensors.of(f.value):
            continue
        if _qualified_or_written(tensors.ctx, tensors.chain, f).split(".")[0] != "torch":
            return False
    return True


def _over_rows(loop: ast.AST, tensors: Tensors) -> bool:
    """``loop`` iterates a tensor made or annotated as one in its function, or handed one by a traced
    caller (not a ``forward``'s parameter taken for one): itself, its ``.tolist()``, or the first
    iterable of ``enumerate``/``zip``/``reversed``."""
    it = getattr(loop, "iter", None)
    if type(it) is ast.Call and type(it.func) is ast.Name and it.func.id in ("enumerate", "zip", "reversed") \
            and it.args and not tensors.ctx.names.is_bound(it.func.id, tensors.chain):
        it = it.args[0]
    if type(it) is ast.Call and type(it.func) is ast.Attribute and it.func.attr == "tolist" and not it.args:
        it = it.func.value
    return _known_tensor(it, tensors)


def _known_tensor(node: ast.AST, tensors: Tensors) -> bool:
    """``node`` names a tensor made or annotated as one in its function, or handed one by a traced caller."""
    if type(node) is not ast.Name or not tensors.of(node) or scope_kinds(tensors.ctx, tensors.chain).of(node) in HOST_KINDS:
        return False
    args = tensors.fn.args
    return node.id in tensors.assigned or node.id in tensors.passed or any(
        a.arg == node.id and a.annotation is not None and _is_tensor_annotation(a.annotation)
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs))


def _over_sized_range(loop: ast.AST, body: _Body, tensors: Tensors, read: dict[str, bool],
                      bound: dict[str, list[ast.AST]]) -> bool:
    """``loop`` runs ``range`` up to a count read on the host from a tensor's values (``.item()``,
    ``int(t)``), or arithmetic on one, also through names the function binds to one (``n =
    int(lengths[i].item())``, ``m = n - k + 1``): a length of the data, as a tensor's rows are
    (``_over_rows``; bleu-torch's n-gram loops over a reference's positions); or up to a tensor's
    ``len`` (splinetorch's ``n_knots = len(knots)``, ``range(n_knots - 1)``), its rows by index. Not
    any dimension's size: torchvision's SSD loops over ``scores.size(-1)`` classes, a count the
    estimate there is right without (85 % against 80 % measured, 65 % weighed as rows). ``read``: the
    function's names answered so far; ``bound``: its bindings of one name, made at the first need."""
    it = getattr(loop, "iter", None)
    if not (type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "range" and 1 <= len(it.args) <= 2
            and not tensors.ctx.names.is_bound("range", tensors.chain)):
        return False
    return _reads_values(it.args[-1], body, tensors, read, bound)


def _reads_values(value: ast.AST, body: _Body, tensors: Tensors, read: dict[str, bool],
                  bound: dict[str, list[ast.AST]]) -> bool:
    """``value`` holds a count or a value read from a tensor's values (``.item()``, ``int(t)``,
    ``float(t)``: ``_over_sized_range``, ``_stops_on_read``); a function of the module, not a closure
    calling itself, which would keep the file's tree in a cycle."""
    for n in all_nodes(value):
        if type(n) is ast.Call and (type(n.func) is ast.Attribute and n.func.attr == "item" and tensors.of(n.func.value)
                                    or type(n.func) is ast.Name and n.func.id in ("int", "float") and len(n.args) == 1
                                    and tensors.of(n.args[0])):
            return True
        # its length: a loop over its rows (``_over_rows``), by index
        if type(n) is ast.Call and type(n.func) is ast.Name and n.func.id == "len" and len(n.args) == 1 \
                and _known_tensor(n.args[0], tensors):
            return True
        if type(n) is ast.Name and n.id not in read:
            if not bound:
                bound[""] = []
                for b in body.binders:
                    if type(b) is ast.Assign and len(b.targets) == 1 and type(b.targets[0]) is ast.Name:
                        bound.setdefault(b.targets[0].id, []).append(b.value)
            read[n.id] = False  # a cycle of bindings reads nothing more
            read[n.id] = any(_reads_values(v, body, tensors, read, bound) for v in bound.get(n.id, ()))
        if type(n) is ast.Name and read[n.id]:
            return True
    return False


def _resumed_loops(fn: ast.AST, statements: tuple[int, ...], d: _State, cls=None) -> tuple[tuple[int, int], ...]:
    """(statement line, runs per call of ``fn``: the product of its loops' literal trip counts, 0
    when one is not known) for the statements (first lines, sorted) of the loops of ``fn``'s own
    body that hold a statement Dynamo resumes a break after (``_returns_first``): a loop with a
    ``return`` ahead of its end, or a ``break`` where the function ends with the loop. Each iteration
    resumes such a break in a graph compiled anew (the
    loop's state is a constant of the resumed frame), up to Dynamo's recompile limit (constructs.py
    "break resumed in a loop, 3 steps": 4 graphs, "6 steps": 7, "12 steps": 9)."""
    body = _body(fn, d)
    if not body.resumed:
        return ()
    loops = [n for n in body.binders if type(n) in _LOOPS] + [n for n in body.statements if type(n) is ast.While]
    spans = []
    for n in loops:
        if not n.body:
            continue
        start, end = n.body[0].lineno, n.body[-1].end_lineno or n.body[-1].lineno
        trips = 0 if type(n) is ast.While else _trips(n, fn, cls, d, unknown=0)
        if trips and _stops_on(n, lambda test: True):  # ended by ``if ...: break``, as a solver's steps are
            trips = min(trips, TENSOR_ROWS)
        spans.append((start, end, trips))
    resumed = {s.lineno for s in body.statements if id(s) in body.resumed}
    held = [(start, end, trips) for start, end, trips in spans if any(start <= r <= end for r in resumed)]
    out = []
    for line in statements:
        around = [trips for start, end, trips in held if start <= line <= end]
        if around:
            out.append((line, 0 if 0 in around else min(math.prod(around), MAX_REPEATS)))
    return tuple(out)


def _group_looped(fn: ast.AST, statements: tuple[int, ...], d: _State, tensors: Tensors, torch_op) -> tuple[int, ...]:
    """Lines of the statements (first lines, sorted) of ``fn``'s own body in loops that hand their
    calls one shape at every step, so a frame called there is compiled once. Each enclosing loop
    runs over an optimizer's parameter groups (``for group in self.param_groups``: one group for an
    optimizer built on a module's parameters; constructs.py "helper in a skipped frame's loop over one
    parameter group": 1 graph, two groups of other shapes 2), or the statement's calls, but for torch's
    own (``torch_op(call)``), are plain functions handed tensors and constants only, none of which the
    loop rebinds or grows (a search's ``for _ in range(iters): dE = delta_energy_all(Q, x)``, ``x``
    changed in place: torchqubo's parallel tempering, 1 graph for it; constructs.py "helper in a
    skipped frame's loop, its arguments unchanged": 1). A method is not: its object's state, which the
    loop or the method may change, is its input too (neurodiffeq's ``self._generate_batch(key)``)."""
    body = _body(fn, d)
    loops = [n for n in body.binders if type(n) in _LOOPS] + [n for n in body.statements if type(n) is ast.While]
    spans = []
    for n in loops:
        if not n.body:
            continue
        groups = type(n) is not ast.While and type(n.iter) is ast.Attribute and n.iter.attr == "param_groups"
        steps = _steps_loop(n)
        # the names the loop rebinds, stores an attribute of, or grows (``out.append(v)``): they may
        # hand a callee another shape at the next step
        changed, touched = set(), set()  # rebound; changed otherwise (a state handed on is only rebound)
        for node in all_nodes(n):
            if type(node) is ast.Name and type(node.ctx) is not ast.Load:
                changed.add(node.id)
            elif type(node) in _FUNCS or type(node) is ast.ClassDef:  # a closure made anew at each step
                touched.add(node.name)
            elif type(node) is ast.Attribute and type(node.ctx) is not ast.Load and not (
                    steps and node.attr in _SAME_SHAPE_STORES and type(node.value) is ast.Name) or (
                    type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in _RESIZING):
                base = node.func.value if type(node) is ast.Call else node.value
                while type(base) in (ast.Attribute, ast.Subscript):
                    base = base.value
                if type(base) is ast.Name:
                    touched.add(base.id)
        spans.append((n.body[0].lineno, n.body[-1].end_lineno or n.body[-1].lineno, groups, changed, touched, steps, n))
    if not spans:
        return ()
    handed: dict[int, set[str]] = {}  # statement line -> the names its calls are handed ("": not only tensors)
    methods: dict[int, list[ast.AST]] = {}  # statement line -> the methods of self it calls
    for call in body.calls:
        stmt = None if torch_op(call) else body.where.get(id(call), (None,))[0]
        if stmt is not None:
            args = (*call.args, *(k.value for k in call.keywords))
            names = handed.setdefault(stmt.lineno, set())
            names.update(t.id for a in (call.func, *args) for t in all_nodes(a) if type(t) is ast.Name)
            # a method, or an object that is no tensor (a generator's state): its state may change too
            if not all(type(a) is ast.Constant or tensors.of(a) or _number_arithmetic(a) for a in args):
                names.add("")
            elif type(call.func) is not ast.Name:
                methods.setdefault(stmt.lineno, []).append(call.func)
    handed_on: dict[int, set[str]] = {}  # id(loop) -> the names it hands on as state (asked once)

    def one_shape(line: int, changed: set[str], touched: set[str], steps: bool, loop: ast.AST) -> bool:
        names = handed.get(line)
        if names is None or "" in names or (line in methods and not steps) or touched & names:
            return False
        moved = changed & names
        if moved and steps:
            if id(loop) not in handed_on:
                handed_on[id(loop)] = _rebound_to_tensors(loop, fn, tensors)
            moved -= handed_on[id(loop)]
        # a method of self that keeps its object's state (no self.x = ... in any method of that name)
        return not moved and all(_stateless_method(fn, f, d) for f in methods.get(line, ()))

    out = []
    for line in statements:
        around = [span[2:] for span in spans if span[0] <= line <= span[1]]
        if around and all(groups or one_shape(line, *rest) for groups, *rest in around):
            out.append(line)
    return tuple(out)


# a tensor's attributes a step may set without changing its shape (``w.data = prox(w)``, ``x.requires_grad = True``)
_SAME_SHAPE_STORES = frozenset({"data", "requires_grad"})


def _number_arithmetic(e: ast.AST) -> bool:
    """Arithmetic of names, their attributes and constants (``lr * lam * alpha``, ``self.lr * 0.5``): a number
    (or a tensor), no object with a state of its own such as a generator."""
    return type(e) in (ast.BinOp, ast.UnaryOp) and all(
        type(n) in (ast.Name, ast.Attribute, ast.Constant, ast.BinOp, ast.UnaryOp, ast.Load)
        or isinstance(n, (ast.operator, ast.unaryop)) for n in ast.walk(e))


def _stateless_method(fn: ast.AST, f: ast.AST, d: _State) -> bool:
    """``f`` is ``self.m``, and no method ``m`` of ``fn``'s class (or an in-file base) stores an attribute of
    ``self``: its object's state is the same at each call (not torch-ac's ``_get_batches_starting_indexes``,
    which counts its batches in ``self.batch_num``)."""
    attr = _self_attr(f)
    cls = d.owner.get(id(fn)) if attr is not None else None
    if cls is None:
        return False
    found = _method_of(cls, attr, d)
    return found is None or not any(
        type(n) is ast.Attribute and type(n.ctx) is not ast.Load and type(n.value) is ast.Name and n.value.id == "self"
        for n in ast.walk(found[0]))


def _python_number(e: ast.AST) -> bool:
    """A literal number or arithmetic of them (``-1``, ``0.5 * 2``)."""
    return all(type(n) in (ast.Constant, ast.BinOp, ast.UnaryOp) or isinstance(n, (ast.operator, ast.unaryop))
               for n in ast.walk(e)) and all(type(n.value) in (int, float) for n in ast.walk(e) if type(n) is ast.Constant)


def _steps_loop(loop: ast.AST) -> bool:
    """A loop whose steps repeat one computation: a ``while``, or a ``for`` over ``range(...)``."""
    if type(loop) is ast.While:
        return True
    it = getattr(loop, "iter", None)
    return type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "range"


def _rebound_to_tensors(loop: ast.AST, fn: ast.AST, tensors: Tensors) -> set[str]:
    """Names the loop hands on as state: every store of them in its body is a plain assignment of a
    tensor (``x = x + h * v``) whose value reads no name the loop binds otherwise than by a plain
    assignment, directly or through such names: not its index, a number it counts (``t =
    torch.arange(pos, end)`` after ``pos += n``: openunmix's frame batches, the last one shorter) or a
    tuple a call returns (torch-linops' ``cs, sn, rho = _sym_ortho(...)``, a Python 0 or a tensor), nor a list
    it grows (ponder-transformer's ``torch.stack(halting_logits)`` after ``halting_logits.append(...)``)."""
    values: dict[str, list[ast.AST]] = {}
    seen = set()
    for node in ast.walk(loop):
        if type(node) is ast.Assign and len(node.targets) == 1 and type(t := node.targets[0]) is ast.Name:
            values.setdefault(t.id, []).append(node.value)
            seen.add(id(t))
    tainted = {n.id for n in ast.walk(loop) if type(n) is ast.Name and type(n.ctx) is not ast.Load and id(n) not in seen}
    tainted |= {k for k, vs in values.items() if any(_read_to_host(v) for v in vs)}
    tainted |= {n.func.value.id for n in ast.walk(loop) if type(n) is ast.Call and type(n.func) is ast.Attribute
                and n.func.attr in _RESIZING and type(n.func.value) is ast.Name}  # a list it grows
    # ... and a name first bound to no tensor (torch-linops' MINRES: ``cs = -1`` before the loop, a
    # tensor after its first step: Dynamo compiles the callee again)
    tainted |= {t.id for n in ast.walk(fn) if type(n) is ast.Assign and _python_number(n.value) for t in n.targets
                if type(t) is ast.Name and t.id in values}
    grown = True
    while grown:
        grown = False
        for k, vs in values.items():
            if k not in tainted and any(type(n) is ast.Name and n.id in tainted for v in vs for n in ast.walk(v)):
                tainted.add(k)
                grown = True
    return {k for k, vs in values.items() if k not in tainted and all(tensors.of(v) for v in vs)}


def _branched(fn: ast.AST, statements: tuple[int, ...], d: _State) -> tuple[int, ...]:
    """Lines of the statements (``statements``: first lines, sorted) of ``fn``'s own body inside
    an ``if`` or its ``else`` (a branch whose test is not a constant): two calls of one callee
    there may be alternatives, of which one runs (``if checkpointing: checkpoint(block, x) else:
    block(x)``)."""
    spans = sorted((b[0].lineno, b[-1].end_lineno or b[-1].lineno)
                   for n in _body(fn, d).statements if type(n) is ast.If for b in (n.body, n.orelse) if b)
    if not spans:
        return ()
    out, i, reach = [], 0, 0  # one sweep: spans by start, statements in order
    for line in statements:
        while i < len(spans) and spans[i][0] <= line:
            reach = max(reach, spans[i][1])
            i += 1
        if line <= reach:
            out.append(line)
    return tuple(out)


def _int_default(fn: ast.AST | None, name: str) -> int | None:
    """The literal int default of ``fn``'s parameter ``name``, if it has one."""
    if fn is None:
        return None
    default = dict(_param_defaults(fn)).get(name)
    return default.value if type(default) is ast.Constant and type(default.value) is int else None


def _known_int(node: ast.AST, fn: ast.AST, cls, d: _State) -> int | None:
    """An int a loop bound takes by default: a parameter of ``fn`` with a literal int default, or
    ``self.attr`` set in the class's ``__init__`` from such a parameter."""
    if type(node) is ast.Constant and type(node.value) is int:
        return node.value
    if type(node) is ast.Name:
        return _int_default(fn, node.id)
    if type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id == "self" and cls is not None:
        init = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
        param = next((p for p, attr in _init_params(cls, d).items() if attr == node.attr), None)
        return _int_default(init, param) if param else None
    return None


def _trips(loop: ast.AST, fn: ast.AST | None = None, cls=None, d: _State | None = None, unknown: int = LOOP_RUNS) -> int:
    """How often a loop runs: ``range`` of int literals, a literal list or tuple; else ``unknown``."""
    it = getattr(loop, "iter", None)
    if type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "range" and len(it.args) == 1 \
            and not it.keywords and type(it.args[0]) in (ast.Name, ast.Attribute) and d is not None:
        n = _known_int(it.args[0], fn, cls, d)
        if n is not None and n >= 0:
            return n
    if type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "range" and not it.keywords \
            and 1 <= len(it.args) <= 3 and all(type(a) is ast.Constant and type(a.value) is int for a in it.args) \
            and (len(it.args) < 3 or it.args[2].value != 0):
        return len(range(*(a.value for a in it.args)))
    if type(it) in (ast.List, ast.Tuple) and not any(type(e) is ast.Starred for e in it.elts):
        return len(it.elts)
    return unknown


def _statements(fn: ast.AST, d: _State) -> list[ast.stmt]:
    """Statements of ``fn``'s own body that do work (docstrings and ``pass`` left out)."""
    out = []
    for node in _body(fn, d).statements:
        kind = type(node)  # one read per test: ast's node types have no subclasses
        if kind is ast.Pass or kind in _DEFINITION_TYPES:
            continue
        if kind is ast.Expr and type(node.value) is ast.Constant:
            continue
        out.append(node)
    return out


_DEFINITION_TYPES = frozenset((ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))


def _resumable_with(node: ast.With | ast.AsyncWith) -> bool:
    """Dynamo resumes after a break inside ``node``'s block: each of its contexts is one it enters."""
    return all(_resumable_context(i.context_expr) for i in node.items)


def _named_unresumable(node: ast.With | ast.AsyncWith) -> bool:
    """Each context of ``node`` is a call the scan names (``warnings.catch_warnings()``, a class of the
    file), none one Dynamo resumes in: not ``with ctx:``, nor a ``nullcontext()`` Dynamo enters."""
    return not _resumable_with(node) and all(
        type(i.context_expr) is ast.Call and dotted(i.context_expr.func)
        and dotted(i.context_expr.func).rpartition(".")[2] != "nullcontext" for i in node.items)


def _resumable_context(expr: ast.AST) -> bool:
    target = expr.func if isinstance(expr, ast.Call) else expr
    return dotted(target) in _RESUMABLE_CONTEXTS or dotted(target).split(".")[-1] in (
        "no_grad", "enable_grad", "set_grad_enabled", "inference_mode", "autocast")


def _checkpoint_block(fn: ast.AST, stmt: ast.stmt, breaks: list[int], tensors: Tensors, d: _State,
                      unresumable: bool = False) -> ast.stmt | None:
    """The outermost loop, ``try`` or ``with`` statement of ``fn`` holding ``stmt``, a break in a ``try``
    block (in a loop or not), when two tensor ops or more come before it: Dynamo, unable to resume inside the
    block, compiles the graph up to that statement, names it ("step_unsupported") and runs the rest of
    the frame eagerly (measured: constructs.py "a print in a try block, after two ops", "... in a try
    block in a for loop": 1 graph, the break logged at the `try`/`for` line too; with fewer ops the
    whole frame is skipped, and a break at a call in a loop with no `try` around it skips the frame: "a
    print in a for loop, after two ops", "an item() in a for loop, after two ops"). So does a break in a
    ``for`` loop at no call (``unresumable``: a slice bound read from a tensor, ``z[i, :b[i]] = 0``;
    constructs.py "a slice bound from a tensor's element in a for loop, after two ops", "... from a
    tensor iterated in a for loop": torchcrepe's ``weighted_argmax``, ranking-metrics' DCG; "... no op
    before": the frame skipped; a mask read or store in a loop skips it: "a mask store in a for loop,
    after two ops"). A ``with`` block Dynamo does not enter does the same ("a print in a with block,
    after two ops", "with warnings.catch_warnings(): warnings.simplefilter('ignore'), two ops before":
    YOLOv6's CSPSPPF compiles its four convolutions before the block), but a ``with`` the scan cannot
    name (``with ctx:``, a ``nullcontext()`` Dynamo enters: flow_matching's sampler) may be one it
    resumes in: not judged, nor a ``try`` inside one.
    ``breaks``: the statement lines of the frame's breaks. The ops counted are those since the last
    break before the block (the frame Dynamo resumed in), and none may come between the block's start
    and ``stmt`` (torch-kmeans' constrained k-means skips its frame at an earlier one in the loop)."""
    outer, blocked = None, False
    todo = list(fn.body)
    while todo:
        s = todo.pop()
        if not s.lineno <= stmt.lineno <= (s.end_lineno or s.lineno) or s is stmt:
            continue
        if isinstance(s, (*_LOOPS, *_TRYS)) or type(s) in _WITHS and _named_unresumable(s):
            outer = outer or s
            blocked = blocked or not isinstance(s, _LOOPS) or unresumable and type(s) is ast.For
        elif type(s) is not ast.If:  # a with block Dynamo enters around the try: which block it names is not measured
            break
        todo = [*getattr(s, "body", ()), *getattr(s, "orelse", ()), *getattr(s, "finalbody", ()),
                *(x for h in getattr(s, "handlers", ()) for x in h.body)]
    if not blocked or any(outer.lineno <= line < stmt.lineno for line in breaks):
        return None
    since = max((line for line in breaks if line < outer.lineno), default=0)
    return outer if _ops_before(fn, outer, tensors, d, since, methods=not unresumable) >= 2 else None


def _ops_before(fn: ast.AST, stmt: ast.stmt, tensors: Tensors, d: _State, since: int = 0,
                methods: bool = True) -> int:
    """Tensor ops (calls of submodules, tensor calls, tensor arithmetic) in the statements of
    ``fn`` before ``stmt`` (from line ``since`` on): Dynamo needs two in its graph to compile up to a
    break it cannot resume from (a "checkpoint"); with fewer it runs the whole function eagerly.
    ``methods=False``: a method of the module whose result is used is no op (e2cnn's NormPool, one
    tensor op and ``self.evaluate_output_shape(...)`` before a loop slicing with a buffer's elements:
    the frame skipped)."""
    count = 0
    body = _body(fn, d)
    for node in body.calls:
        if since < node.lineno < stmt.lineno:
            f = node.func
            # a method of the module called for its effect (`self.assert_index_present(index)`) makes
            # no tensor: only a result that is used counts (PyG's Set2Set: its frame is skipped)
            on_self = (methods and isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                       and f.value.id == "self" and type(body.where[id(node)][0]) is not ast.Expr)
            count += on_self or tensors.of(node)
    for node in body.binops:
        if since < node.lineno < stmt.lineno:
            count += tensors.of(node)
    return count


def _op_lines(fn: ast.AST, tensors: Tensors, where: dict, d: _State,
              known: set[int] = frozenset(), host: bool = False,
              methods: dict[int, ast.AST] | None = None) -> tuple[tuple[int, ...], frozenset[int]]:
    """Statements of ``fn`` that run a tensor op (a submodule call, a tensor call, a registered
    operator ``torch.ops.<namespace>.<op>(...)``, indexing (under a host read too: ``x[0, i].item()``,
    ``int(x[0])`` index in the graph before its break; constructs.py "item of an indexed tensor, then ops",
    "int of an indexed tensor, then ops": 2 graphs),
    comparison or arithmetic on a tensor or on a name such a statement bound): a stretch
    between two breaks without one compiles no graph; and those with ops on both sides of a
    split there: the update of an indexed tensor (``x[mask] += v`` runs after the break in
    reading ``x[mask]``), and two or more calls (``head(block(embed(x)))``: embed before the
    call to block, head after it). ``methods``, when given, gets the statements that are one
    call of a method of the class (``self._reset_lr()``) and run no op of their own: line -> the
    method, whose ops are its own (``_idle_calls``)."""
    body = _body(fn, d)
    out, after = set(known), set()
    cls = d.owner.get(id(fn)) if methods is not None else None
    bare: dict[int, ast.AST] = {}
    calls: dict[int, list[ast.Call]] = {}  # line -> its calls running a tensor op
    layers = {n.id for loop in body.binders if type(loop) is ast.For and _on_self(loop.iter)
              for n in all_nodes(loop.target) if type(n) is ast.Name}  # for block in self.blocks: block(x)
    # host: in a class that is no nn.Module, self.x(...) calls a method, whose ops are its own,
    # and x["key"] += v updates a mapping's item (_host_only)
    plain = host and (cls := d.owner.get(id(fn))) is not None and _plain_class(cls, d)
    for node in body.calls:
        f = node.func
        if type(f) is ast.Attribute and f.attr in _OPTIMIZER_METHODS and _is_optimizer(f.value):
            continue  # optimizer.step(): torch.optim's frame of its own, no op of this one (a parameter named so)
        if (((attr := _submodule_called(f)) is not None and not plain and attr not in _MODULE_BOOKKEEPING)
                or (type(f) is ast.Name and f.id in layers) or tensors.of(node) or _custom_op(f)
                or (_read_to_host(node) and type(f.value) is ast.Subscript and tensors.of(f.value))  # x[i].item()
                or (type(f) is ast.Name and f.id in _SCALAR_BUILTINS and _scalar_of_indexed(node, tensors))):
            stmt = where.get(id(node), (None,))[0]
            if stmt is not None:
                out.add(stmt.lineno)
                calls.setdefault(stmt.lineno, []).append(node)
                if (cls is not None and type(stmt) is ast.Expr and stmt.value is node and _self_attr(f) is not None
                        and not tensors.of(node) and (m := _method_of(cls, f.attr, d)) is not None
                        and not _abstract(m[0]) and not _overrides_here(m[1], f.attr, d)):
                    bare[stmt.lineno] = m[0]  # the method itself runs: not a stub, overridden in no subclass here
    # two calls, a tensor op on a submodule's or method's result or argument (``self.walk(x).exp()``,
    # ``relu(self.block(x))``): a split at that call leaves ops on one side of it only (neural-trees' soft
    # tree: 3 graphs measured); two such calls (``self.optimizer(x, self.init_output(n))``) may both split
    def splits(node: ast.Call) -> bool:
        return _submodule_called(node.func) is not None or type(node.func) is ast.Name and node.func.id in layers
    after.update(line for line, ns in calls.items()
                 if len(ns) > 2 or len(ns) == 2 and not (_nested(*ns) and splits(ns[0]) != splits(ns[1])))
    made = set()  # names bound by those statements: y = self.lin(x), then y * scale
    for stmt in body.statements:
        if type(stmt) is ast.Assign and stmt.lineno in out:
            for t in stmt.targets:
                if type(t) is ast.Name:
                    made.add(t.id)
                else:
                    made.update(n.id for n in all_nodes(t) if type(n) is ast.Name)

    def op(e: ast.AST) -> bool:
        return (type(e) is ast.Name and e.id in made) or tensors.of(e)

    # for group in self.param_groups: group["step"] += 1 updates a parameter group's Python number
    groups = {loop.target.id for loop in body.binders if type(loop) in _LOOPS and type(loop.target) is ast.Name
              and type(loop.iter) is ast.Attribute and loop.iter.attr == "param_groups"}
    for stmt in body.statements:
        kind = type(stmt)
        if kind is ast.AugAssign:
            t = stmt.target
            if type(t) is ast.Subscript and _keyed(t) and type(t.value) is ast.Name and t.value.id in groups \
                    and not op(stmt.value):
                continue
            if type(stmt.target) is ast.Subscript and not (host and _keyed(stmt.target)):  # a tensor's break there
                out.add(stmt.lineno)
                after.add(stmt.lineno)
            elif op(stmt.target) or op(stmt.value):
                out.add(stmt.lineno)
        elif kind is ast.Assign and any(type(t) is ast.Subscript and (op(t.value) or op(t.slice))
                                        for t in stmt.targets):
            out.add(stmt.lineno)  # x[mask] = v
        elif kind in (ast.Assign, ast.AnnAssign, ast.Expr, ast.Return) and stmt.value is not None \
                and type(stmt.value) is not ast.Call and not _names_only(stmt.value) and op(stmt.value):
            out.add(stmt.lineno)
    for node in body.binops:
        stmt = where.get(id(node), (None,))[0]
        if stmt is not None and (stmt.lineno not in out or stmt.lineno in bare) \
                and (op(node.left) or op(node.right) or tensors.of(node)):
            out.add(stmt.lineno)
            bare.pop(stmt.lineno, None)
    if methods is not None:
        methods.update((line, m) for line, m in bare.items() if len(calls.get(line, ())) == 1 and line not in known)
    return tuple(sorted(out)), frozenset(after)


_APPENDS = frozenset({"append", "extend", "insert"})
# methods that change a container's length (or a tensor's shape) in place: a callee handed it sees another
_RESIZING = _APPENDS | {"pop", "remove", "clear", "update", "setdefault", "add", "resize_"}


def _kept_appends(fn: ast.AST, d: _State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The lists ``fn`` appends to (``.append``, ``.extend``, ... by a method no class of the file
    defines; a name bound to one, ``h = state.hist``, stands for it) and does not bind anew
    (``self.hist = []``): (1) the statements appending to one kept across calls, an attribute of
    ``self`` or of a parameter (``self.history.append(v)``, ``state.history[i].append(v)``): Dynamo
    guards the list's length, so each call of a compiled frame compiles it again, up to the recompile
    limit (measured: 12 calls of a forward appending to ``self.hist``, 8 graphs; rosa-torch's inference
    steps, its history per sequence); (2) the indices in ``_positional`` of the parameters, never
    rebound, holding one as an item or an attribute (torchdeq's ``update_state``:
    ``trace_dict['abs'].append(abs_diff)``): a caller handing it the same one at each step of a loop
    that runs eagerly makes Dynamo find the list longer at each call and compile the frame again, up to
    the recompile limit (torchdeq's Anderson solver: ``update_state`` compiled at each of its first 8
    steps, graphs 5 to 12 of 14)."""
    body = _body(fn, d)
    calls = [c for c in body.calls if type(c.func) is ast.Attribute and c.func.attr in _APPENDS]
    if calls:  # not a method of the file's classes (rosa's suffix automaton has its own ``extend``)
        own = {m.name for c in d.classes.values() for m in c.body if type(m) in _FUNC_TYPES}
        calls = [c for c in calls if c.func.attr not in own]
    if not calls:
        return (), ()
    params, positional = _param_names(fn), _positional(fn)
    alias: dict[str, ast.AST | None] = {}
    bound = set()  # attributes bound here (self.hist = []): a list made anew at each call
    for b in body.binders:
        for t in _targets(b):
            if type(t) is ast.Name:
                alias[t.id] = b.value if type(b) is ast.Assign and t.id not in alias else None
            elif type(t) in (ast.Attribute, ast.Subscript):
                bound.add(ast.unparse(t))
    kept_lines, grown = set(), set()
    for call in calls:
        kept = call.func.value
        if type(kept) is ast.Name:
            kept = alias.get(kept.id)
        root, through = kept, False
        while type(root) in (ast.Attribute, ast.Subscript):
            through |= type(root) is ast.Attribute
            root = root.value
        if type(root) is not ast.Name or root is kept or ast.unparse(kept) in bound:
            continue
        if through and root.id in params and (stmt := body.where.get(id(call), (None,))[0]) is not None:
            kept_lines.add(stmt.lineno)
        if root.id in positional and root.id not in alias:  # a parameter it binds anew is not what it was handed
            grown.add(positional.index(root.id))
    return tuple(sorted(kept_lines)), tuple(sorted(grown))


def _arithmetic_of(e: ast.AST, names: set[str]) -> bool:
    """``e`` is one of ``names``, or arithmetic of numbers and names with one of them (``t - k``)."""
    parts = list(all_nodes(e))
    return (any(type(n) is ast.Name and n.id in names for n in parts)
            and all(type(n) in (ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp) for n in parts))


def _scalar_of_indexed(call: ast.Call, tensors: Tensors) -> bool:
    """A call of ``int``, ``float``, ... (the caller tests the name) as ``int(x[i])``,
    ``float(self.sizes[0])``: an element of a tensor read to a Python number; the
    indexing runs in the graph before the break, as for ``x[i].item()`` (constructs.py "int of an
    indexed tensor, then ops": 2 graphs; "three ints of indexed tensors, then ops": 4; torch-pme's
    ``points_to_mesh``, ``nx = int(self.ns_mesh[0])`` and the two after it)."""
    arg = call.args[0] if len(call.args) == 1 and not call.keywords else None
    return type(arg) is ast.Subscript and (tensors.of(arg) or _surely_tensor(arg, tensors))


def _read_to_host(e: ast.AST) -> bool:
    """``x[i].item()``, ``y.tolist()``: the value is a Python number or list, no tensor."""
    return type(e) is ast.Call and type(e.func) is ast.Attribute and e.func.attr in _HOST_SYNC_METHODS


def _idle_calls(summaries: list[TracedFunction], bare_calls: dict[int, dict[int, ast.AST]],
                summarised: list[int]) -> None:
    """A statement that only calls a method of its class that runs no tensor op (``host_only``:
    torchcontrib SWA's ``self._reset_lr_to_swa()``, setting the groups' learning rate) runs no
    op in its caller's stretch either: the method, traced inline, adds nothing to the graph, and
    a stretch holding nothing else compiles none."""
    host = {node: s.host_only for node, s in zip(summarised, summaries)}
    for i, lines in bare_calls.items():
        idle = {line for line, m in lines.items() if host.get(id(m))}
        if idle and summaries[i].op_lines:
            summaries[i] = dataclasses.replace(summaries[i], op_lines=tuple(o for o in summaries[i].op_lines
                                                                            if o not in idle))


# Python builtins that take no tensor apart (int(), float(), abs(), sum(), list() of a tensor run ATen calls)
_HOST_BUILTINS = frozenset({"min", "max", "len", "range", "zip", "enumerate", "isinstance", "issubclass", "hasattr",
                            "getattr", "setattr", "type", "super", "dict", "str", "repr", "format", "print",
                            "callable", "id", "hash", "reversed", "set", "frozenset"})
_LOOP_BUILTINS = _HOST_BUILTINS | _SCALAR_BUILTINS | {"abs"}  # a solver's loop: float(r.norm()), abs(d)


def _nested(a: ast.Call, b: ast.Call) -> bool:
    """One of the calls ``a`` and ``b`` is inside the other."""
    return any(n is b for n in all_nodes(a)) or any(n is a for n in all_nodes(b))


def _host_only(fn: ast.AST, tensors: Tensors, where: dict, d: _State, op_lines: tuple[int, ...]) -> bool:
    """``fn`` runs no tensor op: no statement of it runs one (``_op_lines``, reading ``self.x(...)``
    of a class that is no nn.Module as a method's call and ``x["key"] += v`` as a mapping's update)
    and it calls nothing but such methods, functions of the file (summarised for themselves), the
    builtins of ``_HOST_BUILTINS`` and ``math``'s functions, and indexes nothing but by a string key. A learning-rate warmup's dampening
    step (``group["lr"] *= self.warmup_factor(step)``) compiles nothing: no ATen call, no graph."""
    cls = d.owner.get(id(fn))
    if op_lines and cls is None:
        return False  # the host reading differs from op_lines only in a plain class's methods and x["key"] += v
    plain = cls is None or _plain_class(cls, d)
    if op_lines and not plain:
        return False
    for node in _body(fn, d).calls:
        f = node.func
        if type(f) is ast.Name and (f.id in _HOST_BUILTINS or f.id in d.functions):
            continue
        if type(f) is ast.Attribute and type(f.value) is ast.Name and f.value.id == "math":
            continue
        if plain and cls is not None and _self_attr(f) is not None and _method_of(cls, f.attr, d) is not None:
            continue
        return False
    if any(type(n) is ast.Subscript and not _keyed(n) for stmt in fn.body for n in all_nodes(stmt)):
        return False  # emb[batch]: an index op when emb is a tensor the summary does not know
    return not _op_lines(fn, tensors, where, d, host=True)[0]


def _compared_tests(fn: ast.AST, sites: dict[int, BreakSite], tensors: Tensors, where: dict, d: _State) -> set[int]:
    """Lines of ``fn``'s branches on a tensor (NM402) whose test compares one (``if a > 2:``): the
    comparison runs in the graph before the break, so a stretch between two breaks holding only it is
    a graph (constructs.py "tensor compared in an if and in its elif": 3 graphs; torch-frft's ``frft``).
    For the graph count only: the statement weighs as its break makes it, whatever its test."""
    branches = {line for line, site in sites.items() if site.code == "NM402"}
    out = set()
    if not branches:
        return out
    for node in _body(fn, d).compares:
        stmt = where.get(id(node), (None,))[0]
        if stmt is not None and stmt.lineno in branches and stmt.lineno not in out \
                and (tensors.of(node.left) or any(tensors.of(c) for c in node.comparators)):
            out.add(stmt.lineno)
    return out


def _quiet(fn: ast.AST, statements: tuple[int, ...], op_lines: tuple[int, ...], where: dict,
           d: _State) -> tuple[int, ...]:
    """Statements of ``fn`` that call nothing and run no tensor op (``n = 0``, ``if flag:``,
    ``return out``): no ATen call, so no weight in the measured share."""
    body = _body(fn, d)
    busy = set(op_lines)
    for n in body.calls:  # a statement another call already makes busy is not asked again
        if (s := where.get(id(n), (None,))[0]) is not None and s.lineno not in busy and not _bookkeeping(n):
            busy.add(s.lineno)
    # a loop's header steps its iterable, a tensor's rows too (for t in x): quiet only over a literal
    busy.update(b.lineno for b in body.binders if type(b) in (ast.For, ast.AsyncFor)
                and not (type(b.iter) in (ast.List, ast.Tuple) and all(type(e) is ast.Constant for e in b.iter.elts)))
    return tuple(s for s in statements if s not in busy)


# nn.Module's own bookkeeping: it files a tensor or a module under a name
_MODULE_BOOKKEEPING = frozenset({"register_buffer", "register_parameter", "add_module", "register_module"})


def _bookkeeping(call: ast.Call) -> bool:
    """``self.register_buffer("y", y)`` (nn.Module's bookkeeping, ``_MODULE_BOOKKEEPING``) or
    ``super().__init__()`` with no argument: a call that runs no ATen call (torchrbf's
    ``RBFInterpolator.__init__``, seven ``register_buffer`` calls). Not a submodule's call either."""
    f = call.func
    if type(f) is ast.Name:
        return f.id == "super"  # the super() of super().__init__()
    if type(f) is not ast.Attribute:
        return False
    v = f.value
    return ((type(v) is ast.Name and v.id == "self" and f.attr in _MODULE_BOOKKEEPING)
            or (f.attr == "__init__" and not call.args and not call.keywords and type(v) is ast.Call
                and type(v.func) is ast.Name and v.func.id == "super"))


def _plain_class(cls: ast.ClassDef, d: _State) -> bool:
    """``cls`` and its in-file bases derive from nothing but ``object``: no ``nn.Module``, so
    ``self.x(...)`` in its methods calls a method or a callable attribute, not a submodule (a
    learning-rate warmup's ``self.warmup_factor(step)``, a metric's helper)."""
    # abc.ABC adds no tensor or module either (constructs.py --resume-frames: AbstractSampler as ResumeSampler)
    return all(type(b) is ast.Name and (b.id in ("object", "ABC") or b.id in d.classes) or type(b) is ast.Attribute
               and b.attr == "ABC" and type(b.value) is ast.Name and b.value.id == "abc"
               for c, _ in _lineage(cls, d) for b in c.bases) and not any(c.keywords for c, _ in _lineage(cls, d))


def _keyed(e: ast.Subscript) -> bool:
    """``group["lr"]``: an item of a mapping by a string key (an optimizer's parameter group),
    not a tensor's element or mask."""
    return type(e.slice) is ast.Constant and isinstance(e.slice.value, str)


def _self_attr(e: ast.AST) -> str | None:
    """``attr`` of ``self.attr``."""
    return e.attr if type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self" else None


def _submodule_called(f: ast.AST) -> str | None:
    """The attribute a call's function names on ``self``: ``self.attr(...)``, or
    ``self.attr.forward(...)``, the same call spelled with its method (pytorch-beam-search's
    ``self.transformer.forward(src=X, tgt=Y, tgt_mask=mask)``)."""
    attr = _self_attr(f)
    if attr is None and type(f) is ast.Attribute and f.attr == "forward":
        attr = _self_attr(f.value)
    return attr


def _custom_op(f: ast.AST) -> bool:
    """``torch.ops.<namespace>.<op>``: a registered operator (torchvision's ``roi_align``, ``nms``)."""
    e = f.value.value if type(f) is ast.Attribute and type(f.value) is ast.Attribute else None
    return (type(e) is ast.Attribute and e.attr == "ops" and type(e.value) is ast.Name
            and e.value.id == "torch")


def _on_self(e: ast.AST) -> bool:
    """``self.blocks``, ``enumerate(self.blocks)``, ``zip(self.a, self.b)``: a loop over submodules."""
    if type(e) is ast.Call and type(e.func) is ast.Name and e.func.id in ("enumerate", "zip", "reversed"):
        return any(_on_self(a) for a in e.args)
    return type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self"


def _names_only(e: ast.AST) -> bool:
    """``out`` or ``a, b``: handing tensors on runs no op (``return out`` after a break
    compiles no graph; measured: tests/test_graph_counts.py, AlwaysLogging)."""
    return type(e) is ast.Name or (type(e) is ast.Tuple and all(type(v) is ast.Name for v in e.elts))


# breaks at a call whose result is no tensor: the resumed frame receives it (zero_grad(), print, logging; of the
# skipped functions, only the standard library's that return None or a number)
_NO_TENSOR_RESULT = frozenset({GB["inline_skipped"], GB["print"], GB["logger"], GB["logging_function"]})
_NO_TENSOR_SKIPPED = ("warnings.", "time.", "random.", "os.")


def _in_while_test(stmt: ast.stmt | None, h: Hazard) -> bool:
    """A call's break in a ``while`` test (cpd-pytorch's ``while it < n and bool(active.any()):``): the first
    test runs before the loop, so Dynamo compiles the frame up to it and resumes after it, but the resumed
    frame loops back to the test and breaks there again, in a loop, which skips it: the rest of the frame runs
    eagerly, its callees frames of their own (constructs.py "ops, then a while loop tested on a tensor's
    value, ..."). Not a branch on a tensor (NM402): Dynamo resumes at both targets of that jump ("while on
    tensor")."""
    return type(stmt) is ast.While and h.rule is not NM402 and any(n is h.node for n in all_nodes(stmt.test))


def _untraced_resume(fn: ast.AST, cls: ast.ClassDef | None, stmt: ast.stmt | None, h: Hazard, ctx: Context,
                     d: _State) -> bool:
    """Dynamo resumes after a break in a new frame, and traces it only if a value it holds is a tensor, a
    module or a container of them, or its code names a global torch or NumPy module
    (``has_tensor_in_frame``): constructs.py --resume-frames (langevin-sampling's
    ``LangevinDynamics.sample`` breaks at ``self.optim.zero_grad()`` and nowhere after), against the same
    with a tensor argument or with ``torch`` named. Certain only for a call statement at the
    top of an undecorated method of a ``_plain_class`` (its instance is no module or tensor) that takes
    only ``self``, binds nothing before it, breaks at a call statement whose result is no tensor, and names
    no global bound to an import of torch or NumPy."""
    if cls is None or stmt is None or type(stmt) is not ast.Expr or stmt.value is not h.node or stmt not in fn.body \
            or stmt is fn.body[-1] or fn.decorator_list or not _plain_class(cls, d):
        return False
    if h.gb not in _NO_TENSOR_RESULT and not (h.gb == GB["skipped"] and (
            ctx.names.qualify(h.node.func, (ctx.tree,)) or "").startswith(_NO_TENSOR_SKIPPED)):
        return False
    args = fn.args
    if [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)] != ["self"] or args.vararg or args.kwarg:
        return False
    if any(b.lineno < stmt.lineno for b in _body(fn, d).binders):
        return False
    if d.torch_globals is None:
        d.torch_globals = frozenset(
            a.asname or a.name.partition(".")[0] for node in all_nodes(ctx.tree)
            if type(node) is ast.Import or type(node) is ast.ImportFrom and (node.module or "").partition(".")[0]
            in ("torch", "numpy") for a in node.names
            if type(node) is ast.ImportFrom or a.name.partition(".")[0] in ("torch", "numpy"))
    return not any(type(n) is ast.Name and n.id in d.torch_globals or type(n) is ast.Attribute
                   and n.attr in d.torch_globals for s in fn.body for n in all_nodes(s))


_TRAP_WORDS = {"loop": "inside a loop", "generator": "inside a generator expression", "try": "inside a `try` block",
               "with": "inside a `with` block",
               "start": "with fewer than two ops before it to compile", "frame": "it cannot be resumed from",
               "input": "the sparse tensor is an argument of the function (a frame input Dynamo cannot wrap)",
               "script": "in a `torch.jit.script` function, which then runs whole as TorchScript"}
_SCRIPT = {"torch.jit.script"}


def _scripted_first(fn, tf, hazards, shape_breaks, where, ctx: Context) -> int | None:
    """The statement of the first break in a ``@torch.jit.script`` function (None: not one, or
    no break). Dynamo traces its Python source; at a break the call runs whole as TorchScript,
    which Dynamo cannot enter: its later breaks are never met (constructs "break in a
    torch.jit.script helper": one break, the second data-dependent `if` not reached)."""
    if not any(ctx.names.qualify(dec, tf.chain) in _SCRIPT for dec in getattr(fn, "decorator_list", ())):
        return None
    lines = [(where.get(id(h.node), (None, None))[0] or h.node).lineno for h in hazards]
    lines += [(where[nid][0] or node).lineno for nid, (node, _) in shape_breaks.items() if nid in where]
    return min(lines, default=None)


# breaks in the frame's own code, which an eager frame never meets (constructs "callee's break in a
# loop, then .item() in the caller", "... then print and a torch function in the caller"); not the
# calls whose break is inside a frame Dynamo compiles on its own from eager code (optimizer.step()).
# Their findings say so; their sites stay: the coverage estimate cuts a frame's sites after such a
# call itself (coverage.py ``trapped_at``), where a calibration run tells it the callee's break ran.
_FRAME_OWN = frozenset({"NM401", "NM402", "NM403"})


def _callee_skips(traced, breaking: tuple[dict, set[int]], d: _State) -> dict[int, int]:
    """Traced function id -> the statements of its calls, in a loop, ``try`` or ``with`` block, of
    a traced function of the file that breaks (in itself or in its callees). Dynamo inlines the
    callee, meets the break there, and cannot resume the caller inside the block: it runs the
    caller eagerly, and the caller's own later breaks are never met (constructs "callee's break
    in a loop, then .item() in the caller"; outside a loop the caller resumes after the call)."""
    calls, breaking = breaking  # _breaking's answer
    out = {}
    for key, tf in traced.items():
        where = _enclosing(tf.node, d)
        stmts = [where[id(node)][0] for c, node in calls[key]
                 if c in breaking and _traps_call(where.get(id(node), (None, None))[1]) and where[id(node)][0] is not None]
        if stmts:  # not a call in an ``except`` handler: it runs only when something raised
            paths = d.stmt_paths.get(id(tf.node))
            if paths is None:
                paths = d.stmt_paths[id(tf.node)] = _stmt_paths(tf.node)
            stmts = [s for s in stmts if not any(step[0] == "handlers" for step in paths.get(id(s), ()))]
        if stmts:
            out[key] = stmts
    return out


def _holds_made_tensor(e: ast.AST, fn: ast.AST | None, t: Tensors, d: _State) -> bool:
    """``e`` is an instance ``fn`` builds from a tensor an op of the frame made (``laplacian =
    SparseTensor(torch.cat([...]), rows, cols, shape)``, not ``Objective(2.0)`` or ``Holder(x)`` of a
    parameter): at a call of its method that breaks below, Dynamo compiles the frame up to the call
    ("cannot resume from. Compiling up to the previous resumable state"; the class's ``__init__`` is
    inlined there) and runs the rest eagerly, where it gives up the whole frame for the others
    (constructs.py "local instance built from a tensor the frame made, its method breaks")."""
    if type(e) is ast.Name and fn is not None:
        e = next((b.value for b in _body(fn, d).binders if type(b) is ast.Assign and type(b.value) is ast.Call
                  and any(type(x) is ast.Name and x.id == e.id for x in b.targets)), None)
    if type(e) is not ast.Call or fn is None:
        return False
    params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    return any(t.of(a) and not (type(a) is ast.Name and a.id in params)
               for a in (*e.args, *(k.value for k in e.keywords)))


def _rebuilt_here(traced, hazards_of, training_of, breaking: tuple[dict, set[int]], ctx: Context, d: _State,
                  tensors_of: dict) -> None:
    """GB0092 within the file: the first call of a traced function that runs a method of an
    instance of a class of this file the function builds itself (``s = Solver(); s.run(x)``,
    ``f = s.run; f(x)``, ``helper(s.run, x)``: ``_made_here``), when that method breaks in
    itself or below it, is a break that skips the frame (constructs.py "local instance's method
    breaks, instance not used after", "bound method of a local instance, called through a name",
    "... handed to a helper"; ``c = cls()`` in a classmethod: "instance built by cls() in a classmethod,
    its method breaks", torchvine's ``Bicop.from_data``); an instance holding a tensor the frame made skips
    the rest of the frame from the call instead (``_holds_made_tensor``). As across files (project/model.py ``_rebuilt_roots``): not in a
    loop, ``try`` or ``with`` block, not after a break of the frame that skips it, not with a
    break (or a call that breaks) between the construction and the call. Not an nn.Module built
    in the frame: its construction breaks (constructs.py "module built in the frame, its method
    breaks": GB0264 and GB0119, no GB0092). Added to ``hazards_of``."""
    calls, breaking = breaking  # _breaking's answer
    for key, tf in traced.items():
        body = _body(tf.node, d)
        # cls() in a classmethod too (torchvine's from_data): asked only of one, since the alternative
        # constructors _made_here then looks for cost a look-up at every call bound to a name
        classmethod = getattr(tf.node, "decorator_list", None) and _class_param(tf.node)
        instances, bound = _made_here(body, d, tf.node, tf.cls) if classmethod else _made_here(body, d)
        instances = {n: cs for n, cs in instances.items() if not any(_is_module_class(c, ctx, d) for c in cs)}
        bound = {n: ms for n, ms in bound.items() if not any(_is_module_class(c, ctx, d) for c, _ in ms)}
        made = (instances, bound)
        if not instances:
            continue
        training = training_of.get(key, frozenset())
        where = body.where
        own = sorted((((where.get(id(h.node), (None, None))[0] or h.node).lineno, h) for h in hazards_of[key]
                      if id(h.node) not in training), key=lambda lh: lh[0])  # two on a line: no order of Hazards
        assigns = [b for b in body.binders if type(b) is ast.Assign and len(b.targets) == 1
                   and type(b.targets[0]) is ast.Name]
        breaking_calls = sorted({node.lineno for c, node in calls[key] if c in breaking})
        for call in sorted(body.calls, key=lambda c: (c.lineno, c.col_offset)):
            if id(call) in training or _traps_call(where.get(id(call), (None, None))[1]):
                continue
            line = (where.get(id(call), (None, None))[0] or call).lineno
            if any(h.skips_frame and at < line for at, h in own):
                break
            methods = [m for m in _instance_calls(call, made, d) if id(m) in breaking]
            if not methods:
                continue
            built = _built_line(call, made, assigns)
            if built is None or any(built <= at < line for at, _ in own) or any(built <= at < line for at in breaking_calls):
                continue
            name = next(n for n in (dotted(call.func),) if n) or "the call"
            kept = type(call.func) is ast.Attribute and _holds_made_tensor(call.func.value, tf.node, tensors_of[key], d)
            hazards_of[key].append(Hazard(
                NM404, call, f"`{name}(...)` runs a method of an instance built in this function, and it breaks "
                "below: Dynamo cannot rebuild the instance to resume after the call (graph break)",
                skips_frame=not kept, skips_rest=kept, gb="GB0092"))
            break


def _breaking(traced, hazards_of, shape_breaks, training_of, d: _State) -> tuple[dict, set[int]]:
    """(traced function id -> [(callee id, call node)] of its calls of traced functions of the
    file, ids of the traced functions that break in themselves or in their callees of the file)."""
    calls, breaking = {}, set()
    for key, tf in traced.items():
        training = training_of.get(key, frozenset())
        where = _enclosing(tf.node, d)
        calls[key] = [(id(c), node) for c, node in _callees(tf.node, tf.cls, d)
                      if id(c) in traced and c is not tf.node and id(node) not in training]
        if any(id(h.node) not in training for h in hazards_of[key]) or any(
                nid in where and nid not in training for nid in shape_breaks):
            breaking.add(key)
    grown = True
    while grown:  # a break anywhere in the inlined callees reaches the caller's call
        grown = False
        for key in calls:
            if key not in breaking and any(c in breaking for c, _ in calls[key]):
                breaking.add(key)
                grown = True
    return calls, breaking


def _built_line(call: ast.Call, made, assigns: list) -> int | None:
    """The line where the instance whose method ``call`` runs was last built before it."""
    instances, bound = made
    f = call.func
    names = []
    if type(f) is ast.Attribute and type(f.value) is ast.Name and f.value.id in instances:
        names.append(f.value.id)
    elif type(f) is ast.Name and f.id in bound:
        alias = [b for b in assigns if b.targets[0].id == f.id and b.lineno < call.lineno]
        if alias and type(alias[-1].value) is ast.Attribute and type(alias[-1].value.value) is ast.Name:
            names.append(alias[-1].value.value.id)
    for a in (*call.args, *(k.value for k in call.keywords)):
        if type(a) is ast.Attribute and type(a.value) is ast.Name and a.value.id in instances:
            names.append(a.value.id)
    lines = [b.lineno for b in assigns if b.targets[0].id in names and b.lineno <= call.lineno
             and type(b.value) in (ast.Call, ast.IfExp)]
    return max(lines) if lines else None


def _runs_after(fn: ast.AST, firsts: list[ast.stmt], stmt: ast.stmt | None, d: _State) -> bool:
    """``stmt`` runs only after one of ``firsts`` has run: later in a block that holds both (not in
    another branch of an ``if``, nor earlier in the loop that holds the call)."""
    if stmt is None:
        return False
    paths = d.stmt_paths.get(id(fn))
    if paths is None:
        paths = d.stmt_paths[id(fn)] = _stmt_paths(fn)
    late = paths.get(id(stmt))
    for first in firsts:
        early = paths.get(id(first))
        if early is None or late is None:
            continue
        for a, b in zip(early, late):
            if a != b:
                if a[0] == b[0] and b[1] > a[1]:
                    return True
                break
    return False


def _stmt_paths(fn: ast.AST) -> dict[int, tuple[tuple[str, int], ...]]:
    """Each statement of ``fn`` (nested blocks included, nested functions' bodies not): the
    blocks and positions that lead to it, ``(("body", 3), ("orelse", 0))``."""
    out: dict[int, tuple[tuple[str, int], ...]] = {}
    todo = [(fn, ())]
    while todo:
        node, path = todo.pop()
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            block = getattr(node, name, None)
            if not isinstance(block, list):
                continue
            for i, child in enumerate(block):
                here = (*path, (name, i))
                if isinstance(child, ast.stmt):
                    out[id(child)] = here
                if not isinstance(child, (*_FUNCS, ast.ClassDef, ast.Lambda)):
                    todo.append((child, here))
    return out


@finalizer
def report_traced(ctx: Context) -> None:
    """Report hazards in traced functions and summarise them for the coverage estimate."""
    d = ctx.state(_State)
    traced = traced_functions(ctx)
    if not traced:
        return
    shape_breaks = ctx.state(ShapeBreaks).sites
    summaries = []
    bare_calls: dict[int, dict[int, ast.AST]] = {}  # summary index -> its calls of idle methods (_idle_calls)
    summarised: list[int] = []  # the node id of each summary's function
    # nodes that run only in training mode, per traced function
    training_of = {}
    if "self.training" in ctx.src.text:
        lines = ctx.src.text.split("\n")
        training_of = {id(tf.node): _training_only(tf.node) for tf in traced.values()
                       if "self.training" in "\n".join(lines[tf.node.lineno - 1:tf.node.end_lineno])}
    # ... and under a flag that is off by default: node id -> the condition they need
    _given_across(ctx, d)
    off_of = {id(tf.node): off for tf in traced.values()
              if (off := _error_paths(tf.node, ctx, d) | _off_by_default(tf, ctx, d))}
    for key, off in off_of.items():
        training_of[key] = training_of.get(key, frozenset()) | frozenset(off)
    outcalls, trapped_out = _outcalls(traced, ctx, d, training_of)
    tensors_of = _traced_tensors(traced, ctx, d)
    ctx.state(TracedCode).tensor_args = _tensor_args(outcalls, traced, tensors_of)
    ctx.state(TracedCode).open_params = tuple(
        (tf.name, tuple(_params(tf.node, d)), tuple(sorted(t.open)))
        for tf in traced.values() if (t := tensors_of[id(tf.node)]).open)
    ctx.state(TracedCode).made_calls = _made_calls(outcalls, traced, d)
    steps = frozenset(tf.name for tf in traced.values() if tf.cls is not None and "closure" in _param_names(tf.node)
                      and _optimizer_class(tf.cls, ctx, d)) if "closure" in ctx.src.text else frozenset()
    ctx.state(TracedCode).given_args = _given_args(outcalls, ctx.state(TracedCode).tensor_args, d, steps)
    outcalls = tuple(o[:3] for o in outcalls)
    outcalls_of: dict[str, int] = {}  # caller -> its calls leaving the file
    for o in outcalls:
        outcalls_of[o[0]] = outcalls_of.get(o[0], 0) + 1
    # the lines calling the module itself (``self(x)``), where a generate's loop may grow its input
    self_calls = sorted({ctx.src.text.count("\n", 0, m.start()) + 1 for m in _SELF_CALL.finditer(ctx.src.text)}) \
        if ("self(" in ctx.src.text or "self.forward(" in ctx.src.text) else []
    hazards_of = {}
    sparse = "mm" in ctx.src.text or "sparse" in ctx.src.text  # spmm, smm, hspmm, torch.sparse.*, sparse_csr_tensor
    sparse_made = "sparse" in ctx.src.text  # a constructor or .to_sparse*() of the file (_sparse_positions)
    for tf in traced.values():
        hazards = _hazards(tf.node, tensors_of[id(tf.node)], ctx, d, tf.cls)
        if sparse:
            hazards += _sparse_passed(tf.node, tf, ctx, d)
        if sparse_made:  # an annotation ``torch.sparse.Tensor``
            hazards += _sparse_annotated(tf.node, ctx, d)
        hazards_of[id(tf.node)] = hazards
    for key, off in off_of.items():  # a hazard under a binding off by default is off with it
        for h in hazards_of[key]:
            if h.under is not None and id(h.under) in off and id(h.node) not in off:
                off[id(h.node)] = off[id(h.under)]
                training_of[key] = training_of.get(key, frozenset()) | {id(h.node)}
    # what a caller of another file may turn on: branches off by default holding a break, or a call
    # of a function (``diou_loss(...)``, reached only when ``box_reg_loss_type`` is set); the rest
    # changes nothing a file analysed again would say (timm's ``if pre_logits: return x``)
    ctx.state(TracedCode).off_params = tuple(
        (tf.name, tuple(_params(tf.node, d)), names) for tf in traced.values()
        if (off := off_of.get(id(tf.node))) and (names := d.off_read.get(id(tf.node))) and (
            any(id(h.node) in off for h in hazards_of[id(tf.node)]) or any(n in off for n in shape_breaks)
            or any(id(c) in off and type(c.func) is ast.Name for c in _body(tf.node, d).calls)))
    eager_after, breaking = {}, ({}, set())
    if len(traced) > 1:
        breaking = _breaking(traced, hazards_of, shape_breaks, training_of, d)
        eager_after = _callee_skips(traced, breaking, d)
        if d.classes:
            _rebuilt_here(traced, hazards_of, training_of, breaking, ctx, d, tensors_of)
    for tf in sorted(traced.values(), key=lambda t: t.node.lineno):
        fn = tf.node
        tensors = tensors_of[id(fn)]
        where = _enclosing(fn, d)
        hazards = hazards_of[id(fn)]
        eager_from = eager_after.get(id(fn))
        # a class statement runs too (``__build_class__``, a break in traced code: mpc's ``class
        # LQRStepFn(Function):`` inside ``LQRStep``), though it does no work of its own
        statements = tuple(sorted({s.lineno for s in _statements(fn, d)}.union(
            s.lineno for s in _body(fn, d).statements if type(s) is ast.ClassDef)))
        sites: dict[int, BreakSite] = {}
        resumed: dict[int, list[ast.AST]] = {}  # statement line -> the breaks in it Dynamo resumes after
        training = training_of.get(id(fn), frozenset())
        off = off_of.get(id(fn), {})
        makers, first = [], None
        script_line = _scripted_first(fn, tf, hazards, shape_breaks, where, ctx)
        for h in hazards:
            stmt, trap = where.get(id(h.node), (None, None))
            unmet = eager_from is not None and h.rule.code in _FRAME_OWN and _runs_after(fn, eager_from, stmt, d)
            if script_line is not None:
                if (stmt or h.node).lineno != script_line:
                    continue  # Dynamo never reaches it: the call runs as TorchScript from the first break
                trap = trap or "script"
            if h.gb == GB["sparse"] and (h.skips_frame or _sparse_input(h.node, fn, ctx, d)) and not trap:
                trap = "input"  # measured: pytorch/examples gcn, both frames skipped ("Attempted to wrap sparse Tensor")
                makers = None  # the frame skipped whole: a sparse tensor it makes is never traced
            if h.skips_frame and not trap:
                trap = "frame"
            looped = not trap and _in_while_test(stmt, h)
            rest = h.skips_rest or looped or (not trap and _untraced_resume(fn, tf.cls, stmt, h, ctx, d))
            if h.skips_rest and not trap and stmt is not None and _ops_before(fn, stmt, tensors, d) < 2:
                trap = "start"  # Dynamo resumes only from a graph of 2+ ops: it skips the whole frame
            block = None
            if trap in ("loop", "try", "with") and stmt is not None:
                if first is None:  # the statement lines of the frame's breaks in a default call (not one off by
                    # default: constructs.py "a print in a try block after two ops and a print off by default")
                    first = sorted({(where.get(id(b.node), (None,))[0] or b.node).lineno for b in hazards
                                    if id(b.node) not in off}
                                   | {where[nid][0].lineno for nid in shape_breaks if nid in where and where[nid][0] and nid not in off})
                block = _checkpoint_block(fn, stmt, first, tensors, d, h.skips_rest and (
                    h.gb == GB["item"] and type(h.node) is ast.Subscript or h.gb == GB["proxy"] and type(h.node) is ast.BinOp))
            msg = h.message
            on_error = off.get(id(h.node)) is _ON_ERROR
            if on_error:
                pass  # where the break would leave the frame is moot: it is said below not to happen
            elif unmet:
                msg += (f"; not met while the call on line {min(s.lineno for s in eager_from)} (of a function "
                        f"that breaks, inside a loop, `try` or `with` block) makes Dynamo run all of "
                        f"`{tf.name}` eagerly")
            elif block is not None:
                msg += (f"; {_TRAP_WORDS[trap]}, so Dynamo compiles up to line {block.lineno} and runs the rest of "
                        f"`{tf.name}` eagerly")
            elif trap:
                msg += f"; {_TRAP_WORDS[trap]}, so Dynamo runs all of `{tf.name}` eagerly"
            elif h.skips_rest:
                msg += f": the call and the rest of `{tf.name}` run eagerly"
            elif looped:
                msg += (f"; Dynamo resumes after it in a frame that loops back to this test and breaks there "
                        f"again, inside the loop: the rest of `{tf.name}` runs eagerly")
            elif rest:
                msg += (f"; Dynamo resumes after it in a frame holding no tensor and naming no torch module, which "
                        f"it does not trace: the rest of `{tf.name}` runs eagerly")
            if tf.origin:
                msg += f" (traced: reached from {tf.origin})"
            if id(fn) in d.fullgraph and id(h.node) not in training:
                msg += ("; compiled with fullgraph=True: where Dynamo breaks, torch.compile raises "
                        "instead of running the line eagerly")
            if on_error:
                msg += (" (in an `except` handler of a run-time error: it runs only after an error, no break "
                        "in the graph of a call that succeeds)")
            elif id(h.node) in off:
                msg += (f" (only when `{off[id(h.node)]}`, off by default: no break in the graph of a "
                        "default call)")
            elif id(h.node) in training:
                msg += " (only in training mode: no break when the model is compiled for inference)"
            elif tf.name.endswith(".backward") and _is_autograd_function(tf.cls, d):
                msg += f" (in `{tf.name}`, which Dynamo traces where `.apply` runs with gradients, as in training"
                msg += ("; `torch.utils.checkpoint.checkpoint` recomputes activations without this break)"
                        if h.gb == GB["autograd_grad"] else ")")
            if h.gb:
                msg += f" [Dynamo {h.gb}]"
            ctx.report(h.rule, h.node, msg, dynamo=h.gb or None)
            if id(h.node) not in training:
                _add_site(sites, stmt, h.node, h.rule.code, trap, rest, h.callee_frame)
                if block is not None and block.lineno not in sites:  # Dynamo names the block ("step_unsupported")
                    sites[block.lineno] = BreakSite(line=block.lineno, code=h.rule.code)
                if not trap and not rest and stmt is not None:
                    resumed.setdefault(stmt.lineno, []).append(h.node)
                if h.gb == GB["sparse_make"] and not trap and makers is not None:
                    makers.append(h.node)  # resumed after: its sparse tensor breaks where first read
        for maker in makers or ():
            _sparse_read(fn, maker, tf, ctx, d, sites)
        for nid, (node, code) in shape_breaks.items():  # in source order, as the walk found them
            if nid in where and nid not in training:
                stmt, trap = where[nid]
                if script_line is not None:
                    if (stmt or node).lineno != script_line:
                        continue
                    trap = trap or "script"
                _add_site(sites, stmt, node, code, trap)
                if not trap and stmt is not None:
                    resumed.setdefault(stmt.lineno, []).append(node)
        if sparse_made and len(traced) > 1:
            _sparse_returned(fn, tf, ctx, d, breaking, sites)
        for line, nodes in resumed.items():
            again = _again(nodes, where[id(nodes[0])][0])
            if again and line in sites and not (sites[line].skips_frame or sites[line].skips_rest):
                sites[line] = dataclasses.replace(sites[line], again=again)
        if COMPREHENSION_FRAMES:
            _comprehension_sites(fn, tf, tensors, ctx, d, sites, training)
        weights: dict[int, int] = {}  # statement line -> weight, for calls into torch.nn containers
        lazy_init: dict[int, int] = {}  # statement line -> weight of the lazy modules it calls first
        if tf.cls is not None:
            for node in _body(fn, d).calls:
                attr = _submodule_called(node.func)
                if attr is not None:
                    w = submodule_weight(tf.cls, attr, ctx, d)
                    stmt = where.get(id(node), (None, None))[0]
                    if w > 1 and stmt is not None:
                        weights[stmt.lineno] = weights.get(stmt.lineno, 0) + w
                    lazy = submodule_lazy(tf.cls, attr, ctx, d) if d.attr_lazy else 0
                    if lazy and stmt is not None:
                        lazy_init[stmt.lineno] = lazy_init.get(stmt.lineno, 0) + lazy
        # a backward pass runs the backward of the graphs its forward ran in (AOT autograd
        # captures it with them) and eagerly that of the ops run eagerly: it is captured as much
        # as the forward is, so it counts for neither side (the measured share counts it so)
        qualify = functools.partial(_qualified_or_written, ctx, tf.chain)  # _torch.autograd.grad
        for stmt in _statements(fn, d):
            if _differentiates(stmt, qualify):
                weights[stmt.lineno] = 0
        backward_of = _backward_of(fn, d, qualify)
        # a function called only in training mode does not run in the eval-mode graph
        calls = [(c, node) for c, node in _callees(fn, tf.cls, d) if id(c) in traced and id(node) not in training]
        trapping = [(c, node) for c, node in calls if _traps_call(where.get(id(node), (None, None))[1])]
        trapped = {traced[id(c)].name for c, _ in trapping}
        call_lines = [(traced[id(c)].name, where[id(node)][0].lineno) for c, node in calls  # one per call
                      if where.get(id(node), (None,))[0] is not None]
        # the statements of the trapped calls: a callee also called before a loop that calls it (qpth's
        # ``solve_kkt`` before and in its iterations) traps the caller at the loop's call only
        trapped_lines = (*trapped_out.get(tf.name, ()),
                         *(where[id(node)][0].lineno for _, node in trapping if where[id(node)][0] is not None))
        # a data-dependent shape (x[mask], nonzero) is a tensor op on its statement, whatever x is
        method_lines: dict[int, ast.AST] = {}
        op_lines, ops_after = _op_lines(fn, tensors, where, d, {n for n, s in sites.items() if s.code == "NM301"},
                                        methods=method_lines)
        tested = _compared_tests(fn, sites, tensors, where, d)
        if method_lines:
            bare_calls[len(summaries)] = method_lines
        augmented = {n.lineno for n in _body(fn, d).statements if type(n) is ast.AugAssign} if ops_after else ()
        summarised.append(id(fn))
        kept_appends, grown_params = _kept_appends(fn, d)
        summaries.append(TracedFunction(
            name=tf.name, line=fn.lineno, end_line=fn.end_lineno or fn.lineno, why=tf.why,
            statements=statements, breaks=tuple(sorted(sites.values())),
            calls=tuple(sorted({traced[id(c)].name for c, _ in calls})),
            calls_in_loop=tuple(sorted(trapped)), trapped_calls=tuple(sorted(set(trapped_lines))),
            call_lines=tuple(sorted(call_lines)), op_lines=tuple(sorted({*op_lines, *tested})) if tested else op_lines,
            # a break's own statement: its ops run before it, but for x[mask] += v
            ops_both_sides=tuple(sorted(line for line in ops_after if line not in sites or line in augmented)),
            weights=tuple(sorted(weights.items())),
            repeats=_repeats(fn, statements, d, tf.cls, tensors, {line for _, line in call_lines}),
            group_looped=_group_looped(fn, statements, d, tensors, lambda call: (ctx.names.qualify(call.func, tf.chain) or "").startswith("torch.") or (
                type(call.func) is ast.Attribute and bool(tensors.of(call.func.value)))) if trapped or trapped_out.get(tf.name) else (),
            # alternatives matter where a callee may be called twice: two calls or more
            branched=_branched(fn, statements, d) if len(call_lines) + outcalls_of.get(tf.name, 0) > 1 else (),
            grows=_grows(fn, ctx, d), grown_by=_grown_by(tf, ctx, self_calls) if self_calls and fn.name == "forward" else (),
            entry=tf.why[len(COMPILE_ENTRY):] if tf.why.startswith(COMPILE_ENTRY) else "",
            origin=tf.origin, host_only=_host_only(fn, tensors, where, d, op_lines),
            quiet=_quiet(fn, statements, op_lines, where, d), backward_of=backward_of,
            hands=_hands(fn, d, where), handed_calls=_handed_calls(fn, d, where, lambda n: ctx.names.qualify(n, tf.chain)), resumed_loops=_resumed_loops(fn, statements, d, tf.cls),
            library_frames=_library_frames(fn, d, where, ctx, tf.chain),
            pinned=_pinned(fn, d, ctx, tf.chain),
            # only a traced callee in a loop (of this file or another) can be pinned there
            varied_args=_varied_args(fn, d, where, tensors, tf.cls) if trapped or trapped_out.get(tf.name) else (),
            kept_appends=kept_appends, grown_params=grown_params, lazy_init=tuple(sorted(lazy_init.items())) if lazy_init else (),
            scripted=any(ctx.names.qualify(dec, tf.chain) in _SCRIPT for dec in getattr(fn, "decorator_list", ()))))
    _idle_calls(summaries, bare_calls, summarised)
    product = ctx.state(TracedCode)
    product.functions, product.outcalls = tuple(summaries), outcalls


def _tensor_args(outcalls, traced: dict[int, Traced], tensors_of: dict[int, Tensors]
                 ) -> tuple[tuple[str, str, int, tuple[int, ...], tuple[str, ...]], ...]:
    """For the calls leaving the file that pass a tensor, (caller, callee as written, line,
    the positions of the tensor arguments, the keywords given a tensor): the project model
    makes those parameters of the callee tensors in its file (``_traced_tensors``)."""
    by_name = {tf.name: tf for tf in traced.values()}
    out = []
    for caller, text, line, call in outcalls:
        t = tensors_of.get(id(by_name[caller].node)) if caller in by_name else None
        if t is None or type(call) is not ast.Call:
            continue
        positions = []
        for i, a in enumerate(call.args):
            if type(a) is ast.Starred:
                break
            if t.of(a):
                positions.append(i)
        keywords = tuple(k.arg for k in call.keywords if k.arg and t.of(k.value))
        if positions or keywords:
            out.append((caller, text, line, tuple(positions), keywords))
    return tuple(out)


def _traced_tensors(traced: dict[int, Traced], ctx: Context, d: _State) -> dict[int, Tensors]:
    """The tensors of each traced function, callers first (in the order tracing reached them),
    each callee's parameters seeded with those a traced caller of this file passes a tensor
    (``paste_mask_in_image(mask, box)`` called with rows of tensors: ``int(box[2] - box[0])``
    reads a tensor on the host). A callee reached before a caller (a cycle) keeps what it had."""
    out: dict[int, Tensors] = {}
    passed: dict[int, set[str]] = {}  # from traced callers of other files (TENSOR_ARGS roots)
    handed: dict[int, dict[str, list]] = {}  # from this file's: parameter -> [(caller's Tensors, value)]
    for path, name, origin in ctx.options.traced_roots if ctx.options is not None else ():
        fn = _named_function(name, d) if path == ctx.src.path and origin.startswith(TENSOR_ARGS) else None
        if fn is not None and id(fn) in traced:  # a caller in another file passes these tensors
            positions, _, keywords = origin[len(TENSOR_ARGS):].partition(";")
            params = _params(fn, d)
            passed.setdefault(id(fn), set()).update(
                [params[int(i)] for i in positions.split(",") if i and int(i) < len(params)],
                [k for k in keywords.split(",") if k])
    for tf in traced.values():
        held = handed.get(id(tf.node), {})  # the parameters this file's traced callers pass a tensor
        t = out[id(tf.node)] = Tensors(tf.node, ctx, tf.chain, frozenset(passed.get(id(tf.node), ())).union(held),
                                       tf.why.startswith(("compile entry", "compiled with")), held)
        for callee, call in _callees(tf.node, tf.cls, d):
            if id(callee) in out or not isinstance(callee, _FUNCS) or type(call) is not ast.Call:
                continue
            params = _params(callee, d)
            given = [*zip(params, (a for a in call.args if type(a) is not ast.Starred)),
                     *((k.arg, k.value) for k in call.keywords if k.arg)]
            for name, value in given:
                if t.of(value):
                    handed.setdefault(id(callee), {}).setdefault(name, []).append((t, value))
    return out


def _params(fn: ast.AST, d: _State) -> list[str]:
    """The positional parameters a call passes to, ``self``/``cls`` of a method left out."""
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    params = params[1:] if params and params[0] in ("self", "cls") and id(fn) in d.owner else params
    # Fn.apply(x, k) calls forward(ctx, x, k): the autograd context comes first; its backward is
    # given the outputs' gradients, none of the call's arguments
    if params and fn.name in ("forward", "backward") and _is_autograd_function(d.owner.get(id(fn)), d):
        return params[1:] if fn.name == "forward" else []
    return params


_FALSY = (False, None, 0, "")
_QUIET_LEVELS = {"DEBUG", "INFO", "NOTSET"}  # below the root logger's default level (WARNING)


_ON_ERROR = "an error"  # the condition of an ``except`` handler of a runtime error (_error_paths)
_FLIPPED = {ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}  # a comparison negated
# what a torch op raises at run time (an out-of-memory error, a shape mismatch); never while Dynamo traces
_RUNTIME_ERRORS = frozenset({"Exception", "BaseException", "RuntimeError", "torch.cuda.OutOfMemoryError",
                             "torch.OutOfMemoryError", "MemoryError"})
# calls whose breaks the scan sees where they are (not inside another file's code): builtins and a
# tensor's or array's methods (those that break are found at the call)
_SEEN_CALLS = frozenset({"range", "len", "int", "float", "min", "max", "abs", "list", "tuple", "zip", "enumerate",
                         "isinstance", "print"})
_ARRAY_METHODS = TENSOR_METHODS | {"cuda", "astype", "item", "tolist", "append", "format"}


def _error_paths(fn: ast.AST, ctx: Context, d: _State) -> dict[int, str]:
    """Node id -> ``_ON_ERROR`` for the nodes of an ``except`` handler of a runtime error
    (``Exception``, ``RuntimeError``, a bare ``except``; Wav2Lip's decoder loop: ``except Exception
    as e: print(x.size()); raise e``; hough-tmf's ``while True:`` retrying with half the batch after
    an out-of-memory error, printing): it runs only after an error, so its breaks are not in the graph
    of a call that succeeds (constructs.py "print in an except handler that re-raises, in a loop",
    "a while True around a try whose handler prints and retries": 1 graph, no break). Only where
    every call of the ``try`` body breaks, if at all, where the scan sees it: torch's, NumPy's, a
    builtin, a tensor's method, a function of the file; a call of other code may break inside the
    block, which Dynamo then reports at the block (held_out_16's torchflows: ``layer.forward`` in a
    ``try`` in a loop, the handler printing and raising again). Not where the body raises itself."""
    out: dict[int, str] = {}
    for s in _body(fn, d).statements:
        if type(s) not in _TRYS or not any(_runtime_error(h.type, ctx) for h in s.handlers) or not all(
                _seen_call(n, ctx, d) if type(n) is ast.Call else type(n) is not ast.Raise
                for stmt in s.body for n in all_nodes(stmt)):
            continue
        for h in s.handlers:
            if _runtime_error(h.type, ctx):
                for stmt in h.body:
                    for n in all_nodes(stmt):
                        out[id(n)] = _ON_ERROR
    return out


def _runtime_error(e: ast.AST | None, ctx: Context) -> bool:
    return e is None or (ctx.qualify(e) or dotted(e)) in _RUNTIME_ERRORS or (
        type(e) is ast.Tuple and any(_runtime_error(x, ctx) for x in e.elts))


def _seen_call(call: ast.Call, ctx: Context, d: _State) -> bool:
    f = call.func
    if type(f) is ast.Name and (f.id in d.functions or f.id in _SEEN_CALLS):
        return True
    name = ctx.qualify(f) or ""
    return name.startswith(("torch.", "numpy.", "math.")) or (type(f) is ast.Attribute and f.attr in _ARRAY_METHODS)


def _off_by_default(tf: Traced, ctx: Context, d: _State) -> dict[int, str]:
    """Node id -> the condition it needs, for the nodes of ``tf``'s own body under an ``if``
    whose test is false by default: a parameter whose default is False/None/0 (``verbose``),
    ``self.flag`` set in ``__init__`` only from such a parameter or constant
    (``self.dynamic_img_size = dynamic_img_size``), a module-level constant (``DEBUG = False``),
    ``len(args) > 0`` / ``kwargs.get(k) is not None`` / ``k in kwargs`` on the function's own
    ``*args`` / ``**kwargs``, ``logger.isEnabledFor(logging.DEBUG)``, and ``x.device != y.device``.
    A caller that passes the flag takes the other path: the default is what a plain call does.
    Not off: a parameter a call of the function passes (by position or keyword), in this file or
    from a traced caller of another file (``_given_across``), and a flag some call of the file
    sets by keyword (``_set_anywhere``)."""
    fn = tf.node
    body = _body(fn, d)
    # `assert temp is None or temp == 1.0` (taming's VectorQuantizer2, ``temp=None``) short-circuits as an `if`
    # does, and so does a conditional expression's (nnU-Net's `x if w != 0 and (ignore is None or n > 0) else 0`)
    bool_tests = [t.test for t in body.statements if type(t) is ast.Assert and type(t.test) is ast.BoolOp]
    ifs = []
    for t in body.tests:
        if type(t) is ast.If:
            ifs.append(t)
        elif type(t) is ast.IfExp and type(t.test) is ast.BoolOp:
            bool_tests.append(t.test)
    if not ifs and not bool_tests:
        return {}
    return _off_under(tf, ctx, d, ifs, bool_tests)


def _off_under(tf: Traced, ctx: Context, d: _State, ifs: list[ast.If], bool_tests: list[ast.BoolOp]) -> dict[int, str]:
    """``_off_by_default`` of a function with an ``if`` or an ``and``/``or`` asserted or tested by a
    conditional expression (``bool_tests``): apart, since
    its closures make 16 cells at every call, and most functions (642 of timm's 1,112) have neither."""
    fn = tf.node
    args = fn.args
    params = parameter_defaults(args)
    falsy = {name for name, v in params.items() if isinstance(v, ast.Constant) and v.value in _FALSY}
    falsy -= _passed(fn, d) | _set_anywhere(d)
    falsy |= _always_off(fn, d)
    assigned = {t.id for n in _body(fn, d).binders for t in _targets(n) if isinstance(t, ast.Name)}
    # parameters whose constant default every call of the file keeps: a comparison with another
    # constant has a known value (``zero_division == "warn"`` with ``zero_division=0.0``)
    # (before a first rebinding, outside loops: ``zero_division = 0.0 if ... else zero_division``)
    kept = {name: v.value for name, v in params.items() if isinstance(v, ast.Constant)
            and name not in _passed(fn, d, v.value) and name not in _set_anywhere(d)
            and not (name == "closure" and _closure_needed(fn, tf, ctx, d))}
    rebound: dict[str, int] = {}
    for n in _body(fn, d).binders if kept else ():
        for t in _targets(n):
            if isinstance(t, ast.Name) and t.id in kept:
                rebound[t.id] = min(rebound.get(t.id, n.lineno), n.lineno)

    def compared(e: ast.AST) -> bool | None:
        """The value of ``name == constant`` / ``!=`` / ``is None`` / ``is not None`` under ``kept``,
        and of ``self.attr == constant`` / ``!=`` with ``self.attr`` a constant by default
        (``_init_constants``: psgd-torch's ``self._preconditioner_type != "Newton"``)."""
        if (type(e) is ast.Compare and len(e.ops) == 1 and type(e.ops[0]) in (ast.Eq, ast.NotEq)
                and type(e.left) is ast.Attribute and type(e.left.value) is ast.Name and e.left.value.id == "self"
                and tf.cls is not None and type(e.comparators[0]) is ast.Constant
                and type(e.comparators[0].value) in (str, int, float)):
            consts = _init_constants(tf.cls, d)
            if e.left.attr not in consts or type(consts[e.left.attr]) is not type(e.comparators[0].value) \
                    or _set_elsewhere(e.left.attr, ctx, d):
                return None
            return (consts[e.left.attr] == e.comparators[0].value) == (type(e.ops[0]) is ast.Eq)
        if not (isinstance(e, ast.Compare) and len(e.ops) == 1 and isinstance(e.left, ast.Name)
                and e.left.id in kept and isinstance(e.comparators[0], ast.Constant)):
            return None
        if e.left.id in rebound and (rebound[e.left.id] <= e.lineno or _body(fn, d).where.get(id(e), (None, "loop"))[1] == "loop"):
            return None
        op, value, const = e.ops[0], kept[e.left.id], e.comparators[0].value
        if isinstance(op, (ast.Is, ast.IsNot)) and const is None:
            return (value is None) == isinstance(op, ast.Is)
        if isinstance(op, (ast.Eq, ast.NotEq)) and type(value) in (str, int, float) and type(const) in (str, int, float):
            return (value == const) == isinstance(op, ast.Eq)
        return None
    extra = {"args": args.vararg.arg if args.vararg else None, "kwargs": args.kwarg.arg if args.kwarg else None}

    def none_attr(e: ast.AST) -> bool | None:
        """The value of ``self.attr is None`` / ``is not None`` with ``self.attr`` None by default: every
        ``__init__`` sets it to None or to a parameter defaulting to None, and nothing else in the file
        stores it (stable-baselines3's SAC sets `self.ent_coef_optimizer = None` in __init__ and builds it
        in _setup_model: not known; nnU-Net's `self.ignore_label`, `ignore_label=None`: None)."""
        if not (type(e) is ast.Compare and len(e.ops) == 1 and type(e.ops[0]) in (ast.Is, ast.IsNot)
                and type(e.comparators[0]) is ast.Constant and e.comparators[0].value is None
                and type(e.left) is ast.Attribute and type(e.left.value) is ast.Name and e.left.value.id == "self"
                and tf.cls is not None):
            return None
        if _flags(tf.cls, d).get(e.left.attr, 0) != _NONE or _set_elsewhere(e.left.attr, ctx, d):
            return None
        return type(e.ops[0]) is ast.Is

    def on(e: ast.AST) -> bool:
        """True by default: ``self.flag`` every ``__init__`` of its class sets to True or to a
        parameter defaulting to True (stable-baselines3's ``share_features_extractor``), and the
        negation of a test off by default (Swin's ``if not self.fused_window_process: ... else:``
        calls its CUDA extension, ``fused_window_process=False``)."""
        if type(e) is ast.UnaryOp and type(e.op) is ast.Not:
            return off(e.operand)
        if (bare := _against_bool(e)) is not None:
            flag, truthy, against = bare  # not `flag is False`: a None default makes it False
            return on(flag) if truthy else against and off(flag)
        return (type(e) is ast.Attribute and type(e.value) is ast.Name and e.value.id == "self"
                and tf.cls is not None and e.attr in _on_flags(tf.cls, d))

    def off(e: ast.AST) -> bool:
        if compared(e) is False:
            return True
        if (bare := _against_bool(e)) is not None:
            flag, truthy, against = bare  # not `flag is not False`: a None default makes it True
            return (against and off(flag)) if truthy else on(flag)
        if type(e) is ast.UnaryOp and type(e.op) is ast.Not:
            return on(e.operand)
        if isinstance(e, ast.BoolOp):
            vals = [off(v) for v in e.values]
            return any(vals) if isinstance(e.op, ast.And) else all(vals)
        if isinstance(e, ast.Name):
            if e.id in falsy:
                return e.id not in assigned
            return e.id not in params and e.id not in assigned and _constants(ctx, d).get(e.id, False)
        if (isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "self"
                and tf.cls is not None):
            return _flags(tf.cls, d).get(e.attr, False)
        if isinstance(e, ast.Compare) and len(e.ops) == 1:
            left, op, right = e.left, e.ops[0], e.comparators[0]
            if isinstance(op, ast.IsNot) and isinstance(right, ast.Constant) and right.value is None:
                if (type(left) is ast.Attribute and type(left.value) is ast.Name and left.value.id == "self"
                        and tf.cls is not None):
                    return none_attr(e) is False
                if isinstance(left, ast.Name) and params.get(left.id) is not None:
                    # a call of the file that passes it anything but None (``min_value=0``) sets it
                    return (isinstance(params[left.id], ast.Constant) and params[left.id].value is None
                            and left.id not in assigned and left.id not in _given(fn, d)
                            and not (left.id == "closure" and _closure_needed(fn, tf, ctx, d)))
                return _kwargs_get(left, extra["kwargs"])
            if isinstance(op, ast.In) and isinstance(right, ast.Name) and right.id == extra["kwargs"]:
                return True
            if (isinstance(op, (ast.Gt, ast.NotEq)) and isinstance(right, ast.Constant) and right.value == 0
                    and isinstance(left, ast.Call) and isinstance(left.func, ast.Name) and left.func.id == "len"
                    and len(left.args) == 1 and isinstance(left.args[0], ast.Name)
                    and left.args[0].id in (extra["args"], extra["kwargs"])):
                return True
            # `x.device != batch.device` (PyG's knn_graph warns and moves): tensors on two devices, not
            # in a run on one (constructs.py "warnings.warn under `b is not None and x.device != b.device`")
            return (type(op) is ast.NotEq and type(left) is ast.Attribute and left.attr == "device"
                    and type(right) is ast.Attribute and right.attr == "device")
        if (isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "isEnabledFor"
                and len(e.args) == 1 and isinstance(e.args[0], ast.Attribute)):
            return e.args[0].attr in _QUIET_LEVELS  # (the call itself breaks: a Logger method)
        return False

    def shown(e: ast.AST) -> str:
        cond = ctx.segment(e) or "its condition"
        return cond if len(cond) <= 60 else cond[:57] + "..."

    def folded(e: ast.AST, skipped: list[str]) -> bool | None:
        """The value of ``e`` in a default call when ``compared`` knows it, through ``and``/``or``; the
        operands after one that decides its ``and``/``or`` are never evaluated, nested too: `max_fpr is
        None or fpr.sum() == 0` with `max_fpr=None`, `w != 0 and (ignore is None or n > 0)` with
        `ignore=None` (nnU-Net's DC_and_CE_loss) (constructs.py "or after a default", "... in an assert",
        "conditional expression: `or` on a None default nested in `and`"). Those operands' nodes go to
        ``out`` with the condition under which they run, also appended to ``skipped``."""
        if type(e) is not ast.BoolOp:
            value = compared(e)
            return none_attr(e) if value is None else value
        decides = type(e.op) is ast.Or  # True ends an `or`, False an `and`
        known = True
        for i, v in enumerate(e.values):
            value = folded(v, skipped)
            if value is decides:
                cond = (shown(v) if not decides else ast.unparse(ast.Compare(v.left, [_FLIPPED[type(v.ops[0])]()],
                        v.comparators)) if type(v) is ast.Compare else f"not ({shown(v)})")
                skipped.append(cond)
                for rest in e.values[i + 1:]:
                    for n in all_nodes(rest):
                        out.setdefault(id(n), cond)
                return decides if known else None
            known = known and value is not None
        return not decides if known else None

    def short_circuit(test: ast.AST) -> bool:
        """Marks what ``folded`` finds unevaluated in ``test``, and the whole test when its value is
        known (its break, if a tensor, is in an operand never evaluated)."""
        skipped: list[str] = []
        if folded(test, skipped) is not None and skipped:
            out.setdefault(id(test), skipped[0])
        return bool(skipped)

    out: dict[int, str] = {}
    judged = []  # the tests found off by default, whose parameters a caller of another file may set
    for test in bool_tests:
        if short_circuit(test):
            judged.append(test)
    for node in ifs:
        test = node.test
        if node.orelse and on(test):  # `if self.shared: ... else: <off>`
            cond = shown(test.operand) if type(test) is ast.UnaryOp else f"not {shown(test)}"
            for stmt in node.orelse:
                for n in all_nodes(stmt):
                    out.setdefault(id(n), cond)
        if off(test):
            judged.append(test)
            cond = shown(test)
            for stmt in node.body:
                for n in all_nodes(stmt):
                    out.setdefault(id(n), cond)
            if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) and off(test.values[0]):
                # `eos is not None and (t == eos).all()`: Dynamo folds the first operand to False
                # and never evaluates the rest (measured: "`None is not None and tensor`")
                cond = shown(test.values[0])
                out.setdefault(id(test), cond)
                for v in test.values[1:]:
                    for n in all_nodes(v):
                        out.setdefault(id(n), cond)
        elif isinstance(test, ast.BoolOp) and short_circuit(test):
            judged.append(test)

    def taken(test: ast.AST) -> str | None:
        """The condition the statements after ``if test: return`` need, when a default call returns."""
        if type(test) is ast.UnaryOp and type(test.op) is ast.Not and off(test.operand):
            judged.append(test)
            return shown(test.operand)
        return f"not {shown(test)}" if on(test) else None

    if any((type(t.test) is ast.UnaryOp and type(t.test.op) is ast.Not) or on(t.test) for t in ifs):
        _after_early_return(fn.body, taken, out)
    if out:  # the parameters the tests read, which a caller of another file may set (Summary.off_params)
        read = {n.id for t in judged for n in all_nodes(t) if type(n) is ast.Name and (n.id in params or n.id in falsy)}
        d.off_read[id(fn)] = tuple((n, repr(params[n].value) if type(params.get(n)) is ast.Constant else "")
                                   for n in sorted(read))
    del off, compared, none_attr, on, taken, folded, short_circuit  # a closure that calls itself is a cycle: it would hold ctx, so the tree, until a collection
    return out


def _against_bool(e: ast.AST) -> tuple[ast.AST, bool, bool] | None:
    """``flag == True`` (MiDaS's ``if self.channels_last==True: print(...)``) as (the flag, whether
    the test holds where the flag does, the constant compared with): ``flag == True``, ``flag is
    True``, ``flag != False`` hold where ``flag`` does; ``flag == False``, ``flag is not True`` where
    ``not flag`` does. Only a comparison with True keeps that for a None flag (``None != False``)."""
    if (type(e) is ast.Compare and len(e.ops) == 1 and type(e.ops[0]) in (ast.Eq, ast.Is, ast.NotEq, ast.IsNot)
            and type(e.comparators[0]) is ast.Constant and type(e.comparators[0].value) is bool):
        const = e.comparators[0].value
        return e.left, (type(e.ops[0]) in (ast.Eq, ast.Is)) == const, const
    return None


_BLOCK_FIELDS = ("body", "orelse", "handlers", "finalbody")


def _after_early_return(block: list[ast.stmt], taken, out: dict[int, str]) -> None:
    """``if not check_channels: return True`` ahead of a break (stable-baselines3's
    ``is_image_space``, ``check_channels=False``): the statements after it in its block run only
    when the flag is on, as those under ``if check_channels:`` do (constructs.py "an early return
    under `if not flag`, off by default"); so do those after ``if self.shared: return ...`` with
    ``shared`` on by default (``taken``). Only an ``if`` without ``else`` whose body ends in
    ``return``: after ``if not self._initialized: raise ...`` (dstft) a default call fails, so a
    call that runs has the flag set. The statements after the enclosing block are not under it."""
    for i, stmt in enumerate(block):
        if (type(stmt) is ast.If and not stmt.orelse and type(stmt.body[-1]) is ast.Return
                and (cond := taken(stmt.test)) is not None):
            for rest in block[i + 1:]:
                for n in all_nodes(rest):
                    out.setdefault(id(n), cond)
            return
        if type(stmt) in SCOPE_TYPES:
            continue
        for name in _BLOCK_FIELDS:
            inner = getattr(stmt, name, None)
            if inner and isinstance(inner[0], ast.stmt):
                _after_early_return(inner, taken, out)
            elif inner and name == "handlers":
                for h in inner:
                    _after_early_return(h.body, taken, out)


def _closure_needed(fn: ast.AST, tf: Traced, ctx: Context, d: _State) -> bool:
    """An optimizer's step that hands its ``closure`` on by name, outside any test of it, to a
    module-level function (ncg-optimizer's ``Armijo(closure, p, ...)``, a line search that calls
    it): the step is written to be called with a closure, so ``if closure is not None:`` is not
    off by default. Handing it to another optimizer's ``.step(closure)`` (timm's Lookahead) or to
    a method is not this: those test it again."""
    if tf.cls is None or not _optimizer_class(tf.cls, ctx, d):
        return False
    body = _body(fn, d)
    tested = {id(n) for t in body.tests if type(t) is not ast.Call
              and any(type(n) is ast.Name and n.id == "closure" for n in all_nodes(t.test))
              for n in all_nodes(t)}
    for call in body.calls:
        if (type(call.func) is ast.Name and id(call) not in tested and call.func.id not in _param_names(fn)
                and (call.func.id in d.functions or ctx.names.qualify(call.func, (ctx.tree,)))
                and any(type(a) is ast.Name and a.id == "closure" for a in (*call.args, *(k.value for k in call.keywords)))):
            return True
    return False


def _closure_params(ctx: Context, d: _State) -> dict[int, set[str]]:
    """Function id -> its parameters that a traced optimizer step of another file hands its
    ``closure`` (``CLOSURE_ARGS`` roots from the project model: ncg-optimizer's ``BASIC.step``
    calls ``Armijo(closure, p, ...)`` of ``Line_Search.py``)."""
    if d.closure_params is None:
        d.closure_params = {}
        for path, name, origin in ctx.options.traced_roots if ctx.options is not None else ():
            fn = _named_function(name, d) if path == ctx.src.path and origin.startswith(CLOSURE_ARGS) else None
            if fn is not None:
                positions, _, keywords = origin[len(CLOSURE_ARGS):].partition(";")
                params = _params(fn, d)
                d.closure_params.setdefault(id(fn), set()).update(
                    [params[int(i)] for i in positions.split(",") if i.isdigit() and int(i) < len(params)],
                    [k for k in keywords.split(",") if k])
    return d.closure_params


def _passed(fn: ast.AST, d: _State, *same, seen: frozenset = frozenset()) -> set[str]:
    """Parameters of ``fn`` that a call in this file passes a value other than a False/None/0
    constant (``resize(y, verbose=True)``): for those the default is not what every call does.
    With ``same`` (a default), any value other than that constant. A flag the caller forwards by
    name from its own parameter off by default, which no call of the caller sets and the caller
    does not rebind, is off too (snntorch's ``latency`` hands ``first_spike_time=first_spike_time``,
    default 0, to ``latency_code``; constructs.py "a flag forwarded by name, off by default")."""
    if not same and id(fn) in d.passed:  # flags forwarded through many callers: each caller once
        return d.passed[id(fn)]
    out = {n for n, v in _arguments(fn, d) if not (isinstance(v, ast.Constant) and (
        v.value in _FALSY if not same else type(v.value) is type(same[0]) and v.value == same[0]))
        and not (not same and _forwarded_off(v, d, seen | {id(fn)}))}
    if not same:
        d.passed[id(fn)] = out
    return out


def _given(fn: ast.AST, d: _State) -> set[str]:
    """Parameters of ``fn`` that a call in this file passes a value other than ``None``, a
    flag forwarded off (``_forwarded_off``) aside: for a test ``p is not None`` a ``0`` or
    ``False`` passed is set (pomegranate's ``_check_parameter(w, "w", min_value=0)`` runs its
    ``if min_value is not None:`` branch; constructs.py "a check under `lo is not None`, a
    caller passing lo=0": GB0170 in the branch)."""
    return {n for n, v in _arguments(fn, d) if not (type(v) is ast.Constant and v.value is None)
            and not _forwarded_off(v, d, frozenset({id(fn)}))}


def _arguments(fn: ast.AST, d: _State):
    """(parameter, value) of every argument the calls of ``fn`` in this file pass, by position or
    name, and those traced callers of other files pass (``_given_across``)."""
    names = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    if names and names[0] in ("self", "cls"):
        names = names[1:]
    for call in d.calls_by_name.get(fn.name, ()):
        yield from zip(names, call.args)
        yield from ((k.arg, k.value) for k in call.keywords if k.arg)
    if d.given:
        yield from d.given.get(f"{d.owner[id(fn)].name}.{fn.name}" if id(fn) in d.owner else fn.name, ())


def _given_across(ctx: Context, d: _State) -> None:
    """``d.given``: the arguments traced callers of other files pass the functions of this file,
    from the project model's ``GIVEN_ARGS`` roots (``name=*`` a value that is not a False/None/0
    constant, ``name=0`` that constant), as nodes ``_arguments`` yields: whether a parameter is
    set anywhere is a fact of the project (piqa's metrics hand ``assert_type`` of
    ``utils/__init__.py`` a ``value_range``, whose default is None)."""
    d.given = {}
    for path, name, origin in ctx.options.traced_roots if ctx.options is not None else ():
        if path != ctx.src.path or not origin.startswith(GIVEN_ARGS):
            continue
        for item in origin[len(GIVEN_ARGS):].split(";"):
            param, _, value = item.partition("=")
            try:
                node = ast.Name(id="*") if value in ("*", "closure") else ast.Constant(ast.literal_eval(value))
            except (ValueError, SyntaxError):
                continue
            d.given.setdefault(name, []).append((param, node))


def _given_args(outcalls, tensor_args, d: _State, steps: frozenset = frozenset(),
                ) -> tuple[tuple[str, str, int, tuple[tuple[str, str], ...]], ...]:
    """For the calls leaving the file that pass a tensor (``tensor_args``: a call handing none
    breaks in no branch on its tensors; pomegranate's ``_check_parameter(init, "init",
    value_set=...)`` checks a string), (caller, callee as written, line, (position or keyword,
    value)): "*" for a value that is not a False/None/0 constant nor a flag the caller forwards
    off (``_forwarded_off``), else the constant's repr; None and flags forwarded off, which set
    nothing, are left out (Summary.given_args). ``steps``: the traced methods of optimizer classes
    with a ``closure`` parameter; that closure handed on by name is "closure", tensors or not (the
    project model makes it a ``CLOSURE_ARGS`` root of the callee)."""
    out = []
    handing = {(caller, text, line) for caller, text, line, _, _ in tensor_args}
    for caller, text, line, call in outcalls:
        if type(call) is not ast.Call:
            continue
        closing = caller in steps and any(type(v) is ast.Name and v.id == "closure"
                                          for v in (*call.args, *(k.value for k in call.keywords)))
        if (caller, text, line) not in handing and not closing:
            continue
        given = []
        for key, v in [*zip(map(str, range(len(call.args))), call.args), *((k.arg, k.value) for k in call.keywords if k.arg)]:
            if type(v) is ast.Starred:
                break
            if closing and type(v) is ast.Name and v.id == "closure":
                given.append((key, "closure"))
            elif type(v) is ast.Constant and v.value in _FALSY and type(v.value) in (bool, int, float, str, type(None)):
                if v.value is not None:
                    given.append((key, repr(v.value)))
            elif not (type(v) is ast.Name and _forwarded_off(v, d, frozenset())):
                given.append((key, "*"))
        if given:
            out.append((caller, text, line, tuple(given)))
    return tuple(out)


def _always_off(fn: ast.AST, d: _State) -> set[str]:
    """Parameters without a default of a module-private function (``_latency_errors``) that
    every call of the file passes a False/None/0 constant or a flag forwarded off (above)."""
    if not getattr(fn, "name", "").startswith("_") or fn.name.startswith("__"):
        return set()
    calls = d.calls_by_name.get(fn.name, ())
    args = [*fn.args.posonlyargs, *fn.args.args]
    required = [a.arg for a in args[:len(args) - len(fn.args.defaults)]]
    if not calls or not required or (d.given and fn.name in d.given):  # a caller of another file: not known
        return set()
    if required[0] in ("self", "cls"):
        required = required[1:]
        args = args[1:]
    names = [a.arg for a in args]
    out = set(required)
    for call in calls:
        if any(type(a) is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords):
            return set()
        given = dict([*zip(names, call.args), *((k.arg, k.value) for k in call.keywords)])
        out = {n for n in out if n in given and (
            (type(given[n]) is ast.Constant and given[n].value in _FALSY) or _forwarded_off(given[n], d, frozenset({id(fn)})))}
    return out


def _forwarded_off(v: ast.AST, d: _State, seen: frozenset) -> bool:
    """``v`` is its calling function's own parameter, off by default in every call of the file."""
    caller = d.forwarded.get(id(v))
    if caller is None or id(caller) in seen:
        return False
    if any(type(t) is ast.Name and t.id == v.id for n in _body(caller, d).binders for t in _targets(n)):
        return False  # rebound before it is handed on
    return v.id not in _passed(caller, d, seen=seen)


def _set_anywhere(d: _State) -> set[str]:
    """Keywords some call of the file sets to other than a False/None/0 constant (a model
    variant's ``dict(dynamic_img_size=True)``, ``super().__init__(flag=True)``): a flag of that
    name may be set on the way to the function, so it is not taken as off by default."""
    if d.set_anywhere is None:
        found: set[str] = set()
        forwarded = d.forwarded  # a forwarded flag: _passed follows it
        script = d.script_lines
        for call in d.keyword_calls:  # not every call: reading the others' empty keywords was a third of the pass
            if call.lineno in script:
                continue
            for k in call.keywords:
                # a keyword already found is not judged again (timm's _cfg(url=..., ...) calls by the hundred)
                if k.arg and k.arg not in found and not (type(k.value) is ast.Constant and k.value.value in _FALSY) \
                        and id(k.value) not in forwarded:
                    found.add(k.arg)
        d.set_anywhere = found
    return d.set_anywhere


def _script_lines(tree: ast.Module) -> range:
    """The lines of the module's ``if __name__ == "__main__":`` block: the file run as a script, whose
    calls set no flag of the model a user compiles (yolov7's ``model(img, profile=True)`` there times
    each layer eagerly; the compiled ``forward(x)`` leaves ``profile`` off: 1 graph measured)."""
    for node in tree.body:
        test = node.test if type(node) is ast.If else None
        if type(test) is ast.Compare and getattr(test.left, "id", "") == "__name__" and \
                any(type(c) is ast.Constant and c.value == "__main__" for c in test.comparators):
            return range(node.lineno, node.end_lineno + 1)
    return range(0)


def _targets(node: ast.AST) -> list[ast.AST]:
    """What an assignment or ``for`` loop binds (tuples unpacked)."""
    found = getattr(node, "targets", None) or [getattr(node, "target", None)]
    out = []
    for t in found:
        if isinstance(t, (ast.Tuple, ast.List)):
            out.extend(t.elts)
        elif t is not None:
            out.append(t)
    return out


def _kwargs_get(e: ast.AST, kwargs: str | None) -> bool:
    """``kwargs.get("k")`` / ``kwargs.get("k", None)`` on the function's own ``**kwargs``."""
    return (kwargs is not None and isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute)
            and e.func.attr == "get" and isinstance(e.func.value, ast.Name) and e.func.value.id == kwargs
            and (len(e.args) == 1 or (len(e.args) == 2 and isinstance(e.args[1], ast.Constant)
                                      and e.args[1].value is None)))


_FALSE, _NONE = 1, 2  # _flags: off by default (a False/None/0 constant), and None only


def _flags(cls: ast.ClassDef, d: _State) -> dict[str, int]:
    """``self.attr`` -> how it is off by default, from the assignments of the class's ``__init__``
    (or its in-file bases'): ``_NONE`` when every one is None or a parameter defaulting to None
    (kornia's RANSAC ``seed=None``: ``self.seed is not None`` is false by default), ``_FALSE`` when
    every one is a False/None/0 constant or a parameter with such a default, else 0."""
    hit = d.flags.get(id(cls))
    if hit is not None:
        return hit
    out: dict[str, int] = {}
    for c, _ in _lineage(cls, d):
        for attr, how in _own_flags(c, d).items():
            out[attr] = min(out.get(attr, _NONE), how)
    d.flags[id(cls)] = out
    return out


def _own_flags(cls: ast.ClassDef, d: _State) -> dict[str, bool]:
    """``_flags`` of the class's own ``__init__`` (each class's read once, however many
    subclasses ask)."""
    hit = d.own_flags.get(id(cls))
    if hit is not None:
        return hit
    out: dict[str, int] = {}
    init = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
    if init is not None:
        params = parameter_defaults(init.args)
        for node in statements(init):
            if type(node) not in (ast.Assign, ast.AnnAssign) or node.value is None:
                continue
            value = node.value
            if isinstance(value, ast.Name) and value.id in params:  # unknown when a variant sets it
                value = None if value.id in _set_anywhere(d) else params[value.id]
            how = (0 if not (isinstance(value, ast.Constant) and value.value in _FALSY)
                   else _NONE if value.value is None else _FALSE)
            for t in _targets(node):
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                    out[t.attr] = min(out.get(t.attr, _NONE), how)
    d.own_flags[id(cls)] = out
    return out


def _set_elsewhere(attr: str, ctx: Context, d: _State) -> bool:
    """``self.attr = ...`` somewhere in the file outside the classes' ``__init__``, or the name
    as a string (timm's RotaryEmbedding: ``self.bands = None`` in one branch of ``__init__``,
    ``self.register_buffer('bands', ...)`` in the other; ``setattr(self, "bands", ...)``)."""
    if f'"{attr}"' in ctx.src.text or f"'{attr}'" in ctx.src.text:
        return True
    if d.stored_elsewhere is None:  # one search of the file for every attribute (one per attribute: +1.5 % of a scan)
        stores = Counter(_SELF_STORE.findall(ctx.src.text))
        if stores:
            lines = ctx.src.text.split("\n")
            for c in d.classes.values():
                for n in c.body:
                    if type(n) is ast.FunctionDef and n.name == "__init__":
                        stores.subtract(_SELF_STORE.findall("\n".join(lines[n.lineno - 1:n.end_lineno])))
        d.stored_elsewhere = frozenset(a for a, k in stores.items() if k > 0)
    return attr in d.stored_elsewhere


# self.attr = ..., self.attr: T = ... The word boundary is tested after the literal, looking back
# (``(?<!\wself\.)``, as ``\bself\.`` tests it): a pattern that starts with ``\b`` has no literal
# prefix, so the regex engine tries it at every position of the text (eight times slower on timm)
_SELF_STORE = re.compile(r"self\.(?<!\wself\.)(\w+)\s*(?::[^=\n]*)?=(?!=)")


def _keywords_given(d: _State) -> frozenset[str]:
    """Every keyword some call of the file passes (``_on_flags``, ``_init_constants``), once per file."""
    if d.keywords_given is None:
        d.keywords_given = frozenset(k.arg for call in d.keyword_calls for k in call.keywords if k.arg)
    return d.keywords_given


def _on_flags(cls: ast.ClassDef, d: _State) -> frozenset[str]:
    """``self.attr`` that every ``__init__`` of the class and its in-file bases sets, when it does,
    to True or to its own parameter whose default is True and which no call of the file gives by
    keyword: on by default (stable-baselines3's ``share_features_extractor: bool = True``, the
    subclasses handing theirs on by position). The mirror of ``_flags``."""
    hit = d.on_flags.get(id(cls))
    if hit is not None:
        return hit
    given = _keywords_given(d)
    seen: dict[str, bool] = {}
    for c, _ in _lineage(cls, d):
        init = next((n for n in c.body if type(n) is ast.FunctionDef and n.name == "__init__"), None)
        if init is None:
            continue
        params = parameter_defaults(init.args)
        for node in statements(init):
            if type(node) not in (ast.Assign, ast.AnnAssign) or node.value is None:
                continue
            value = node.value
            if type(value) is ast.Name and value.id in params and value.id not in given:
                value = params[value.id]
            is_on = type(value) is ast.Constant and value.value is True
            for t in _targets(node):
                if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self":
                    seen[t.attr] = seen.get(t.attr, True) and is_on
    found = d.on_flags[id(cls)] = frozenset(a for a, is_on in seen.items() if is_on)
    return found


def _init_constants(cls: ast.ClassDef, d: _State) -> dict[str, object]:
    """``self.attr`` -> the str, int or float constant every ``__init__`` of the class and its in-file
    bases sets it to, directly or as its own parameter's default that no call of the file gives by
    keyword (the caller asks ``_set_elsewhere`` whether anything else in the file stores it, for the
    attribute it tests only): psgd-torch's
    ``self._preconditioner_type = preconditioner_type``, ``preconditioner_type="Newton"``. The value of
    a default construction, as ``_on_flags`` reads a flag's."""
    hit = d.init_constants.get(id(cls))
    if hit is not None:
        return hit
    given = _keywords_given(d)
    seen: dict[str, object] = {}
    unknown = object()
    for c, _ in _lineage(cls, d):
        init = next((n for n in c.body if type(n) is ast.FunctionDef and n.name == "__init__"), None)
        if init is None:
            continue
        params = parameter_defaults(init.args)
        passed = _constructed_with(c, init, params, d)
        for node in statements(init):
            if type(node) not in (ast.Assign, ast.AnnAssign, ast.AugAssign) or node.value is None:
                continue
            value = node.value
            if type(node) is not ast.AugAssign and type(value) is ast.Name and value.id in params \
                    and value.id not in given and value.id not in passed:
                value = params[value.id]
            known = (type(node) is not ast.AugAssign and type(value) is ast.Constant
                     and type(value.value) in (str, int, float))
            for t in _targets(node):
                if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self":
                    v = value.value if known else unknown
                    seen[t.attr] = v if seen.get(t.attr, v) == v and type(seen.get(t.attr, v)) is type(v) else unknown
    found = d.init_constants[id(cls)] = {a: v for a, v in seen.items() if v is not unknown}
    return found


def _constructed_with(cls: ast.ClassDef, init: ast.FunctionDef, params: dict, d: _State) -> set[str]:
    """Parameters of ``cls``'s ``__init__`` that a call of the class in this file passes, by position
    or keyword, as anything but their constant default (diffusers' ``CosmosPatchEmbed3d(patch_size,
    patch_type)`` hands its encoder's own setting on); every one where a call unpacks ``*args`` or
    ``**kwargs``."""
    names = [a.arg for a in (*init.args.posonlyargs, *init.args.args)][1:]
    out: set[str] = set()
    for call in d.calls_by_name.get(cls.name, ()):
        if any(type(a) is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords):
            return set(params) | set(names)
        for name, v in [*zip(names, call.args), *((k.arg, k.value) for k in call.keywords)]:
            default = params.get(name)
            if not (type(v) is ast.Constant and type(default) is ast.Constant and type(v.value) is type(default.value)
                    and v.value == default.value):
                out.add(name)
    return out


def _string_arrays(ctx: Context, d: _State) -> frozenset[str]:
    """Module-level names bound once, to a NumPy array of strings: ``np.array(["a", "b"])``, or of a
    string's letters (pyqtorch's ``ABC_ARRAY: NDArray = array(list(ascii_letters))``)."""
    if d.string_arrays is None:
        seen: dict[str, bool] = {}
        for node in ctx.tree.body:
            if type(node) in (ast.Assign, ast.AnnAssign):
                for t in _targets(node):
                    if type(t) is ast.Name:
                        seen[t.id] = t.id not in seen and node.value is not None and _string_array(node.value, ctx)
        d.string_arrays = frozenset(n for n, v in seen.items() if v)
    return d.string_arrays


def _string_array(e: ast.AST, ctx: Context) -> bool:
    if not (type(e) is ast.Call and len(e.args) == 1 and not e.keywords
            and ctx.names.qualify(e.func, (ctx.tree,)) in ("numpy.array", "numpy.asarray")):
        return False
    a = e.args[0]
    if type(a) in (ast.List, ast.Tuple):
        return bool(a.elts) and all(type(x) is ast.Constant and type(x.value) is str for x in a.elts)
    if not (type(a) is ast.Call and type(a.func) is ast.Name and a.func.id == "list" and len(a.args) == 1):
        return False
    text = a.args[0]
    return (type(text) is ast.Constant and type(text.value) is str
            or (ctx.names.qualify(text, (ctx.tree,)) or "").startswith(("string.ascii_", "string.digits")))


def _constants(ctx: Context, d: _State) -> dict[str, bool]:
    """Module-level names bound once, to False/None/0/"" (``DEBUG = False``) or to an environment
    switch false unless the variable is set (``VERBOSE = os.environ.get("VERBOSE", "0") == "1"``,
    picotron's ring-attention logging): off by default."""
    if d.constants is None:
        seen: dict[str, bool] = {}
        for node in ctx.tree.body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                value, targets = node.value, _targets(node)
                # `STEP, VERBOSE = 0, os.environ.get(...) == "1"`: each name with its own value
                values = value.elts if (type(value) is ast.Tuple and len(getattr(node, "targets", ())) == 1
                                        and type(node.targets[0]) is ast.Tuple
                                        and len(value.elts) == len(targets)) else [value] * len(targets)
                for t, v in zip(targets, values):
                    if isinstance(t, ast.Name):
                        is_off = (isinstance(v, ast.Constant) and v.value in _FALSY
                                  or _environment_switch(v, ctx) is False)
                        seen[t.id] = t.id not in seen and is_off
        d.constants = seen
    return d.constants


_ENVIRONMENT_READS = frozenset({"os.environ.get", "os.getenv"})
_CONVERSIONS = {"int": int, "bool": bool, "float": float}


def _environment_switch(e: ast.AST, ctx: Context) -> bool | None:
    """The value of ``e`` where the environment does not set the variable it reads: a comparison of
    ``os.environ.get(K, D)`` / ``os.getenv(K, D)`` (``.lower()`` of it too) with a constant or a
    tuple of them, or ``int``/``bool``/``float`` of the read; None when ``e`` is none of these."""
    def default(read: ast.AST):
        lower = (type(read) is ast.Call and type(read.func) is ast.Attribute and read.func.attr == "lower"
                 and not read.args and not read.keywords)
        call = read.func.value if lower else read
        if not (type(call) is ast.Call and not call.keywords and 1 <= len(call.args) <= 2
                and ctx.qualify(call.func) in _ENVIRONMENT_READS):
            return None
        if len(call.args) == 1:
            return (None,)
        value = call.args[1]
        if type(value) is not ast.Constant:
            return None
        return (value.value.lower() if lower and type(value.value) is str else value.value,)

    if type(e) is ast.Compare and len(e.ops) == 1:
        got, op, right = default(e.left), e.ops[0], e.comparators[0]
        if got is None:
            return None
        if type(right) is ast.Constant and type(op) in (ast.Eq, ast.NotEq):
            return (got[0] == right.value) == (type(op) is ast.Eq)
        if type(right) in (ast.Tuple, ast.List, ast.Set) and type(op) in (ast.In, ast.NotIn) and all(
                type(v) is ast.Constant for v in right.elts):
            return (got[0] in {v.value for v in right.elts}) == (type(op) is ast.In)
        return None
    if (type(e) is ast.Call and type(e.func) is ast.Name and e.func.id in _CONVERSIONS and len(e.args) == 1
            and not e.keywords):
        inner = _environment_switch(e.args[0], ctx)
        got = (inner,) if inner is not None else default(e.args[0])
        if got is None or (got[0] is None and e.func.id != "bool"):
            return None
        try:
            return bool(_CONVERSIONS[e.func.id](got[0]))
        except (TypeError, ValueError):
            return None
    return None


def _comprehension_sites(fn: ast.AST, tf: Traced, tensors: Tensors, ctx: Context, d: _State,
                         sites: dict[int, BreakSite], training: frozenset[int]) -> None:
    """NM409: comprehensions over a list, ``enumerate`` of one or a ModuleList (an iterator
    Dynamo cannot step when the comprehension is a frame of its own). Each is a site that counts
    only where the function runs eagerly, which the project's estimate decides (a callee in
    another file may be what breaks in a loop); it is reported where this file shows it: after
    a break that skips the frame or the rest of it."""
    body = _body(fn, d)
    if not body.comprehensions:
        return
    where = body.where
    own = [s for s in sites.values() if s.skips_frame or s.skips_rest]
    whole = any(s.skips_frame for s in own)
    rest = min((s.line for s in own if s.skips_rest), default=None)
    for comp in body.comprehensions:
        it = _unwrap_enumerate(comp.generators[0].iter, ctx, tf.chain)
        items = _python_items(it, fn, tf.cls, d)
        stmt = where[id(comp)][0]
        if id(comp) in training or not (items and type(it) is ast.Attribute or (
                (items or _unstepped(comp.generators[0].iter, fn, ctx, tf.chain, tf.cls, d, stmt))
                and _frame_traced(comp, fn, tf, tensors, ctx, d))):
            # range(), a tuple, a tensor's rows: Dynamo steps those; a frame holding no tensor or module (a
            # ModuleList's items are) and naming no torch module it does not start ("list of floats, no tensor
            # or torch in the body": measured)
            continue
        line = stmt.lineno
        if line in sites:
            continue  # the statement breaks already
        sites[line] = BreakSite(line=line, code=NM409.code, eager_only=True)
        if whole or (rest is not None and line > rest):
            ctx.report(NM409, comp, f"`{_short(ctx, comp)}` is a frame of its own here (Python 3.11), since "
                       f"`{tf.name}` runs eagerly at this point: Dynamo cannot step its iterator "
                       f"[Dynamo {GB['iternext']}]", dynamo=GB["iternext"])


# A comprehension's iterator Dynamo cannot step when the comprehension is a frame of its own: a list's,
# enumerate's, zip's (of anything), a dict view's, a generator's (constructs.py "... in a list
# comprehension, frame skipped", from "list of floats ..." on); range's, a tuple's and a tensor's it steps
_UNSTEPPED_BUILTINS = frozenset({"enumerate", "zip", "list", "sorted"})
_UNSTEPPED_METHODS = frozenset({"items", "keys", "values", "parameters", "named_parameters", "buffers",
                                "named_buffers", "modules", "named_modules", "children", "named_children"})
# Modules whose global name in a comprehension's code makes Dynamo start its frame (torch's
# has_tensor_in_frame: a global torch.* or NumPy module, or a tensor or module among its locals)
_FRAME_MODULES = frozenset({"torch", "torch.nn", "torch.nn.functional", "torch.linalg", "torch.fft", "torch.special",
                            "torch.distributions", "torch.autograd", "torch.nn.init", "numpy"})


def _unstepped(it: ast.AST, fn: ast.AST, ctx: Context, chain, cls=None, d: _State | None = None,
               at: ast.stmt | None = None) -> bool:
    """``it`` is surely an iterable whose iterator Dynamo cannot step: a list built by a comprehension (also
    a name the function binds once to a list written out or built, or only ever to lists but by the statement ``at``
    that iterates it, outside a loop: torchmd's ``pot = torch.stack([... for pp in pot])``; an
    attribute the class binds only ever to lists: its ``self.energies = [...]``), ``enumerate(...)``,
    ``zip(...)``, a dict view, a module's ``.parameters()`` and the like, and in a method of an optimizer class
    ``group['params']`` of a loop over ``self.param_groups`` (torch.optim's ``add_param_group``
    keeps each group's parameters as a list: parameterfree's ``KT.step``). A list written out as the iterable
    itself is none: CPython builds it as a tuple there (``for name in ["initial", "transition"]``, nhsmm's
    ``HSMM.fit``; constructs.py "a list literal in a list comprehension, frame skipped": no break)."""
    if type(it) is ast.List and not any(type(e) is ast.Starred for e in it.elts):
        return False
    if (type(it) is ast.Subscript and type(it.slice) is ast.Constant and it.slice.value == "params"
            and type(it.value) is ast.Name and cls is not None and d is not None):
        return any(type(n) is ast.For and type(n.target) is ast.Name and n.target.id == it.value.id
                   and dotted(n.iter) == "self.param_groups" for n in all_nodes(fn)) and _optimizer_class(cls, ctx, d)
    if type(it) is ast.Name and it.id not in _param_names(fn):
        stores = [n for n in all_nodes(fn) if type(n) is ast.Name and n.id == it.id and type(n.ctx) is ast.Store]
        values = [n.value for n in all_nodes(fn) if type(n) is ast.Assign and len(n.targets) == 1
                  and type(n.targets[0]) is ast.Name and n.targets[0].id == it.id]
        if len(stores) == len(values) == 1:
            it = values[0]
        elif stores and len(stores) == len(values) and all(
                type(v) in (ast.List, ast.ListComp) or at is not None and v is getattr(at, "value", None)
                and not any(type(s) in _LOOP_TYPES and s.lineno < at.lineno <= s.end_lineno
                            for s in _body(fn, d or ctx.state(_State)).statements) for v in values):
            return True  # dnc's inputs = [...], then inputs = [self.output(i) for i in inputs]
    if (type(it) is ast.Attribute and type(it.value) is ast.Name and it.value.id == "self" and cls is not None
            and d is not None):
        return _list_attribute(cls, it.attr, d)
    if type(it) in (ast.List, ast.ListComp):
        return True
    if type(it) is ast.Call and type(it.func) is ast.Name:
        return it.func.id in _UNSTEPPED_BUILTINS and not ctx.names.is_bound(it.func.id, chain)
    return type(it) is ast.Call and type(it.func) is ast.Attribute and it.func.attr in _UNSTEPPED_METHODS \
        and not it.args


def _list_attribute(cls: ast.ClassDef, attr: str, d: _State) -> bool:
    """The class (or an in-file base) binds ``self.attr`` only ever to lists, each a statement of its
    own (torchmd's ``self.energies = [ene.lower() for ene in terms]``)."""
    nodes = [n for c, _ in _lineage(cls, d) for n in all_nodes(c)]
    stores = {id(n) for n in nodes if type(n) is ast.Attribute and n.attr == attr and type(n.ctx) is ast.Store
              and type(n.value) is ast.Name and n.value.id == "self"}
    values = [n.value for n in nodes if type(n) is ast.Assign and len(n.targets) == 1 and id(n.targets[0]) in stores]
    return bool(stores) and len(values) == len(stores) and all(type(v) in (ast.List, ast.ListComp) for v in values)


def _frame_traced(comp: ast.AST, fn: ast.AST, tf: Traced, tensors: Tensors, ctx: Context, d: _State) -> bool:
    """Dynamo starts a comprehension's frame only when its code names a global torch or NumPy module
    (``torch.relu(t)``, ``F.pad``, ``np.float32``) or reads a tensor or a module from the function
    around it (``x[0] * n``, ``self.f(v)`` in a module): constructs.py "list of tensors, no torch
    name" and "body with a torch-free helper on tensors" start none, so nothing breaks there."""
    own = {n.id for g in comp.generators for n in all_nodes(g.target) if type(n) is ast.Name}
    outside = {id(n) for n in all_nodes(comp.generators[0].iter)}
    for n in all_nodes(comp):
        if type(n) is not ast.Name or id(n) in outside or n.id in own:
            continue
        scope = ctx.names.binding_scope(n.id, tf.chain)
        if scope is ctx.tree and ctx.names.resolve(n.id, tf.chain) in _FRAME_MODULES:
            return True
        if n.id == "self" and tf.cls is not None and _is_module_class(tf.cls, ctx, d):
            return True
        if scope is not None and scope is not ctx.tree and tensors.of(n):
            return True
    return False


def _sparse_params(fn: ast.AST, ctx: Context, d: _State) -> set[str]:
    """The parameters ``fn`` hands to a function that works on sparse tensors (``torch.spmm(adj, w)``)."""
    chain = d.chains.get(id(fn))
    params = _param_names(fn)
    out = set()
    for c in _body(fn, d).calls if chain else ():
        leaf = c.func.attr if type(c.func) is ast.Attribute else c.func.id if type(c.func) is ast.Name else ""
        at = _SPARSE_OPERAND.get(ctx.names.qualify(c.func, chain) or "") if leaf in _SPARSE_LEAVES else None
        if at is not None and len(c.args) > at and type(c.args[at]) is ast.Name and c.args[at].id in params:
            out.add(c.args[at].id)
    return out


def _param_names(fn: ast.AST) -> set[str]:
    return {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}


def _sparse_input(call: ast.AST, fn: ast.AST, ctx: Context, d: _State) -> bool:
    """``torch.spmm(adj, w)`` with ``adj`` a parameter of ``fn``: the sparse tensor is an input of
    the frame, which Dynamo cannot wrap, so it skips the whole frame (a sparse tensor made inside
    breaks where it is read, and Dynamo resumes: constructs.py "torch.spmm(sparse, dense)")."""
    if type(call) is not ast.Call:
        return False
    at = _SPARSE_OPERAND.get(ctx.names.qualify(call.func, d.chains.get(id(fn))) or "")
    return (at is not None and len(call.args) > at and type(call.args[at]) is ast.Name
            and call.args[at].id in _param_names(fn))


# functions whose operand at this position must be a sparse tensor (a constructor's are dense)
_SPARSE_OPERAND = {"torch.spmm": 0, "torch.smm": 0, "torch.hspmm": 0, "torch.sparse.mm": 0, "torch.sparse.sum": 0,
                   "torch.sparse.softmax": 0, "torch.sparse.log_softmax": 0, "torch.sparse.addmm": 1}
_SPARSE_LEAVES = frozenset(name.rpartition(".")[2] for name in _SPARSE_OPERAND)


def _sparse_passed(fn: ast.AST, tf: Traced, ctx: Context, d: _State) -> list[Hazard]:
    """NM408 at a call handing a value to a parameter the in-file callee uses as a sparse tensor
    (``self.gc1(x, adj)``, ``GraphConv.forward`` doing ``torch.spmm(adj, ...)``): Dynamo breaks in
    the caller too, where the sparse tensor is passed (measured: "sparse argument passed on")."""
    out = []
    for callee, call in _callees(fn, tf.cls, d):
        if not isinstance(callee, _FUNCS) or type(call) is not ast.Call:
            continue
        sparse = _sparse_params(callee, ctx, d)
        if not sparse:
            continue
        params = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
        if params and params[0] in ("self", "cls") and id(callee) in d.owner:
            params = params[1:]
        given = [*zip(params, (a for a in call.args if type(a) is not ast.Starred)),
                 *((k.arg, k.value) for k in call.keywords if k.arg)]
        hit = next(((p, v) for p, v in given if p in sparse), None)
        if hit is not None:
            mine = type(hit[1]) is ast.Name and hit[1].id in _param_names(fn)  # this frame's own input
            owner = d.owner.get(id(callee))
            what = f"{owner.name}.{callee.name}" if owner is not None else callee.name
            out.append(Hazard(NM408, call, f"`{_short(ctx, hit[1])}` is passed as `{hit[0]}`, which "
                              f"`{what}` uses as a sparse tensor: Dynamo cannot wrap a sparse tensor "
                              "and breaks at this call too", skips_rest=not mine, skips_frame=mine, gb=GB["sparse"]))
    return out


def _sparse_read(fn: ast.AST, maker: ast.Call, tf: Traced, ctx: Context, d: _State,
                 sites: dict[int, BreakSite]) -> None:
    """NM408 at the first read of the sparse tensor a statement made (``adj = torch.sparse_csr_tensor(...)``,
    then ``return adj``): Dynamo resumes after making it, then skips the frame it resumed in
    where it first reads it (measured: "sparse tensor made, then read", "sparse tensor returned
    by a helper"). A site only where the function runs eagerly, as it does from the maker on;
    ``maker`` is one Dynamo resumes after (with fewer than two ops before it, the whole frame
    is skipped at the maker and nothing breaks later)."""
    body = _body(fn, d)
    stmt = body.where[id(maker)][0]
    if not (type(stmt) is ast.Assign and stmt.value is maker and len(stmt.targets) == 1
            and type(stmt.targets[0]) is ast.Name):
        return
    name = stmt.targets[0].id
    for s in body.statements:
        if s.lineno <= stmt.end_lineno:
            continue
        # a read in the function's own code: not one in a lambda or def it makes (torch-sla's
        # SparseSolveFunction.forward hands SciPy ``lambda v: A @ v``; that raised KeyError)
        read = next((n for n in all_nodes(s) if type(n) is ast.Name and n.id == name and type(n.ctx) is ast.Load
                     and id(n) in body.where), None)
        if read is None:
            continue
        line = body.where[id(read)][0].lineno
        if line not in sites:
            sites[line] = BreakSite(line=line, code=NM408.code, eager_only=True)
            ctx.report(NM408, read, f"`{name}` is the sparse tensor made on line {stmt.lineno}: Dynamo, running the "
                       f"rest of `{tf.name}` as a frame of its own, cannot wrap it and skips that frame here "
                       f"[Dynamo {GB['sparse']}]", dynamo=GB["sparse"])
        return


def _sparse_annotation(ann: ast.AST, chain, ctx: Context) -> bool:
    """``ann`` names ``torch.sparse.Tensor`` (alone, Optional or in a union)."""
    return any(type(n) is ast.Attribute and n.attr == "Tensor" and ctx.names.qualify(n, chain) == "torch.sparse.Tensor"
               for n in all_nodes(ann))


def _own_reads(s: ast.stmt, names, body: _Body) -> ast.Name | None:
    """The first read of one of ``names`` in ``s``'s own expressions (not in the statements it holds)."""
    return next((n for n in all_nodes(s) if type(n) is ast.Name and n.id in names and type(n.ctx) is ast.Load
                 and body.where.get(id(n), (None,))[0] is s), None)


def _sparse_annotated(fn: ast.AST, ctx: Context, d: _State) -> list[Hazard]:
    """NM408 at the first statement reading a parameter annotated ``torch.sparse.Tensor`` (dbini-torch's
    ``conjugate_gradient_solver(A: torch.sparse.Tensor, ...)``): Dynamo wraps a frame input when it is
    first read, cannot wrap a sparse tensor and skips the whole frame there (measured: constructs.py "a
    sparse matrix handed from eager code to a function annotating it torch.sparse.Tensor", GB0015)."""
    chain = d.chains.get(id(fn))
    args = fn.args
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
             if a.annotation is not None and _sparse_annotation(a.annotation, chain, ctx)}
    body = _body(fn, d)
    for s in body.statements if names else ():
        read = _own_reads(s, names, body)
        if read is not None:
            return [Hazard(NM408, read, f"`{read.id}` is annotated as a sparse tensor: Dynamo cannot wrap it "
                           "where the frame first reads it", skips_frame=True, gb=GB["sparse"])]
    return []


def _sparse_positions(fn: ast.AST, ctx: Context, d: _State, depth: int = 0) -> frozenset[int]:
    """Which values ``fn`` returns are sparse tensors it makes (-1: the one value it returns; else
    positions of the tuple it returns): a sparse constructor's or ``.to_sparse*()``'s result, a name
    bound to one, or what a function of the file returning one returns (two calls deep)."""
    chain = d.chains.get(id(fn))
    body = _body(fn, d)
    bound: dict[str, ast.AST] = {}
    for s in body.statements:
        if type(s) is ast.Assign and len(s.targets) == 1 and type(s.targets[0]) is ast.Name:
            bound[s.targets[0].id] = s.value

    def sparse(v: ast.AST) -> bool:
        if type(v) is ast.Name and v.id in bound:
            v = bound[v.id]
        if type(v) is not ast.Call:
            return False
        if type(v.func) is ast.Attribute and v.func.attr in _SPARSE_METHODS \
                or ctx.names.qualify(v.func, chain) in _SPARSE_CONSTRUCTORS:
            return True
        return depth < 2 and type(v.func) is ast.Name and any(
            node is v and isinstance(c, _FUNCS) and -1 in _sparse_positions(c, ctx, d, depth + 1)
            for c, node in _callees(fn, None, d))

    found = set()
    for s in body.statements:
        if type(s) is ast.Return and s.value is not None:
            if type(s.value) is ast.Tuple:
                found.update(k for k, v in enumerate(s.value.elts) if sparse(v))
            elif sparse(s.value):
                found.add(-1)
    return frozenset(found)


def _sparse_returned(fn: ast.AST, tf: Traced, ctx: Context, d: _State, breaking: tuple[dict, set[int]],
                     sites: dict[int, BreakSite]) -> None:
    """The rest of ``fn`` eager from where it next breaks, or reads it, once it holds a sparse tensor
    a function of the file returned (``A3, A4, A1, A2 = generate_dx_dy(...)``, whose callee makes them
    with ``torch.sparse_csr_tensor``): the callee breaks making it, Dynamo resumes after the call with
    the sparse tensor as a frame input it cannot wrap, and skips that frame at its next break
    (measured: constructs.py "a sparse matrix a callee returns, the frame breaking later", GB0015;
    dbini-torch's ``generate_dx_dy`` and ``bilateral_normal_integration``)."""
    body = _body(fn, d)
    held = None
    for callee, call in _callees(fn, tf.cls, d):
        stmt, trap = body.where.get(id(call), (None, "loop"))
        if trap or type(stmt) is not ast.Assign or stmt.value is not call or len(stmt.targets) != 1 \
                or not isinstance(callee, _FUNCS) or (held is not None and held[0].lineno <= stmt.lineno):
            continue
        positions, target = _sparse_positions(callee, ctx, d), stmt.targets[0]
        names = {target.id} if type(target) is ast.Name and -1 in positions else {
            e.id for k, e in enumerate(target.elts) if k in positions and type(e) is ast.Name} \
            if type(target) is ast.Tuple else set()
        if names:
            held = (stmt, names, callee.name)
    if held is None:
        return
    stmt, names, maker = held
    calls_of, breaks = breaking
    breaking_calls = {id(node) for c, node in calls_of.get(id(fn), ()) if c in breaks}
    for s in body.statements:
        if s.lineno <= stmt.end_lineno:
            continue
        site = sites.get(s.lineno)
        read = _own_reads(s, names, body) if site is None or site.eager_only else None
        if site is not None and not site.eager_only:  # the next break: Dynamo wraps the frame's values there
            sites[s.lineno] = dataclasses.replace(site, skips_rest=not site.skips_frame)
        elif read is not None or any(id(n) in breaking_calls and body.where.get(id(n), (None,))[0] is s
                                     for n in all_nodes(s) if type(n) is ast.Call):
            sites[s.lineno] = BreakSite(line=s.lineno, code=NM408.code, skips_rest=True)
        else:
            continue
        held_text = "holds the sparse tensor" if len(names) == 1 else "hold the sparse tensors"
        ctx.report(NM408, read or s, f"`{', '.join(sorted(names))}` {held_text} `{maker}` returned on line {stmt.lineno}: "
                   f"Dynamo, resuming after that call, cannot wrap a sparse tensor and runs the rest of "
                   f"`{tf.name}` eagerly from here [Dynamo {GB['sparse']}]", dynamo=GB["sparse"])
        return


def _python_items(it: ast.AST, fn: ast.AST, cls: ast.ClassDef | None, d: _State) -> bool:
    """A list whose items are no tensors (a parameter annotated ``list[int]``, a list of tuples),
    or a ModuleList / Sequential held by the module: iterators Dynamo cannot step from a frame
    (measured; over a list of tensors `[t * 2 for t in TENSORS]` starts no frame, see _frame_traced)."""
    if isinstance(it, ast.Name):
        args = fn.args
        ann = next((a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == it.id), None)
        if ann is None:
            return False
        text = unparsed(ann).lower()
        return text.startswith(("list[", "sequence[", "tuple[", "typing.list[", "optional[list[")) \
            and "tensor" not in text and any(w in text for w in ("int", "float", "bool", "str"))
    if isinstance(it, ast.Attribute) and isinstance(it.value, ast.Name) and it.value.id == "self" and cls is not None:
        for c, _ in _lineage(cls, d):
            for value in d.held.get(id(c), {}).get(it.attr, ()):
                if isinstance(value, ast.Call) and dotted(_built(value).func).rpartition(".")[2] in (
                        "ModuleList", "Sequential"):
                    return True
    return False


def _is_training(e: ast.AST) -> bool:
    return isinstance(e, ast.Attribute) and e.attr == "training" and isinstance(e.value, ast.Name) \
        and e.value.id == "self"


def _training_only(fn: ast.AST) -> frozenset[int]:
    """Ids of the nodes of ``fn`` that run only in training mode: the body of ``if
    self.training [and ...]:`` and what follows ``self.training and`` in a condition. Dynamo
    specialises on ``self.training``, so for a model compiled for inference (eval mode, the
    mode the estimate is for and the calibration measures) they are never traced."""
    out: set[int] = set()
    for node in all_nodes(fn):
        tail: list[ast.AST] = []
        if isinstance(node, (ast.If, ast.IfExp)) and (_is_training(node.test) or (
                isinstance(node.test, ast.BoolOp) and isinstance(node.test.op, ast.And)
                and any(_is_training(v) for v in node.test.values))):
            tail = node.body if isinstance(node.body, list) else [node.body]
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            first = next((i for i, v in enumerate(node.values) if _is_training(v)), None)
            tail = node.values[first + 1:] if first is not None else []
        for t in tail:
            out.update(id(n) for n in all_nodes(t))
    return frozenset(out)


_OUTSIDE = frozenset({"torch", "numpy", "einops", "triton", "PIL", "scipy", "typing_extensions"})


def _outcalls(traced: dict[int, Traced], ctx: Context, d: _State, training_of: dict[int, frozenset[int]],
              ) -> tuple[tuple[tuple[str, str, int, ast.AST], ...], dict[str, tuple[int, ...]]]:
    """Calls from traced code that may reach another file of the project, for the project
    model (project/summary.py), as (traced function, callee as written, line, call node):
    names bound by a module-level import that is not torch, NumPy or the standard library,
    and ``self.m()`` where ``m`` comes from a base class defined elsewhere; and per function,
    the lines of those calls made inside a loop, ``try`` block or user context (Dynamo cannot
    resume there)."""
    import sys

    outside = _OUTSIDE | sys.stdlib_module_names
    imports = ctx.module_level()[0]
    imported = {local for local, _, _, _ in imports}
    project = {local for local, level, module, name in imports
               if level or (module or name).partition(".")[0] not in outside}
    out = []
    trapped: dict[str, set[int]] = {}
    tables = None  # module-level dicts of imported classes: SOLVERS = {"rk4": RK4, ...}
    held_foreign: dict[int, dict[str, str]] = {}  # class id -> _held_foreign
    bound = None  # names an import binds in some scope (_function_import)
    enclosing: dict[int, dict[str, tuple[str, ...]]] = {}  # an enclosing function's id -> its _local_instances
    for tf in traced.values():
        training = training_of.get(id(tf.node), ())
        where = _body(tf.node, d).where
        calls = [c for c in _body(tf.node, d).calls if id(c) not in training]  # eval mode: not run
        calls += _lambda_calls(_body(tf.node, d))
        instances, aliases = None, {}  # local name -> the imported classes it may be an instance of, callables
        module_read = None  # module-level instances the function reads (_globals_read)
        picks = None  # local name -> the functions of a table it holds or picks (_function_picks)
        for call in calls:
            if _traps_call(where.get(id(call), (None, None))[1]):
                trapped.setdefault(tf.name, set()).add(call.lineno)
        for dec in tf.node.decorator_list:  # @cached(name="size") imported: its wrapper runs first
            text = dotted(dec.func if type(dec) is ast.Call else dec)
            root = text.partition(".")[0]
            if root in project and root not in d.functions and root not in d.classes:
                out.append((tf.name, f"wraps:{text}", dec.lineno, dec))
        if tf.cls is not None and tf.node.name == "forward":  # submodule classes from elsewhere, by name
            for text, node in _named_classes(tf.cls, d).items():
                root = text.partition(".")[0]
                if root in project and root not in d.classes and root not in d.functions:
                    out.append((tf.name, f"{text}.forward", node.lineno, node))
        for text, call in _held_calls(tf.node, tf.cls, d):  # held in containers: at the call
            root = text.partition(".")[0]
            if root in project and root not in d.classes and root not in d.functions and id(call) not in training:
                out.append((tf.name, f"{text}.forward", call.lineno, call))
        for call in calls:
            f = call.func
            base = f
            while type(base) is ast.Attribute:
                base = base.value
            if (tf.cls is not None and type(f) is ast.Attribute and type(f.value) is ast.Call
                    and type(f.value.func) is ast.Name and f.value.func.id == "super"):
                # super().forward(x) in a subclass of another module's class (a library's model)
                if not any(_method_of(d.classes[b.id], f.attr, d) for b in tf.cls.bases
                           if isinstance(b, ast.Name) and b.id in d.classes) and _foreign_base(tf.cls, ctx, d):
                    out.append((tf.name, f"self:{tf.cls.name}.{f.attr}", call.lineno, call))
                continue
            if type(f) is ast.Subscript and d.function_tables is not None:  # routines[loss][backend](x)
                texts = d.function_tables.get(_table_of(f), ())
                out.extend((tf.name, text, call.lineno, call) for text in texts
                           if text.partition(".")[0] in project and text.partition(".")[0] not in d.functions)
                continue
            if type(f) is ast.Name and f.id not in imported and f.id not in d.functions:
                if picks is None:
                    picks = _function_picks(_body(tf.node, d), d)
                if f.id in picks:  # solver = get_method("solve_ivp", methods, name); solver(...)
                    out.extend((tf.name, text, call.lineno, call) for text in picks[f.id]
                               if text.partition(".")[0] in project and text.partition(".")[0] not in d.functions)
                    continue
            local = f.value if type(f) is ast.Attribute else f
            if type(local) is ast.Name and local.id not in imported:
                if instances is None:
                    tables = _class_tables(ctx.tree, project) if tables is None else tables
                    instances, aliases = _local_instances(tf.node, d, project, tables, tf.cls, ctx, tf.chain, outside)
                    if id(tf.node) in d.parent_fn:  # a closure: what the functions enclosing it built
                        instances = {**_enclosing_instances(tf, ctx, d, project, tables, outside, enclosing),
                                     **instances}
                if local is not f and f.value.id in instances:  # solver = SOLVERS[m](...); solver.integrate(t)
                    if not call.args and not call.keywords and _built_in(f.value.id, tf.node, d):
                        # selector = Selector(data); selector.select_all(): a break below stops the frame at
                        # the call (it cannot rebuild the instance), and the method, run eagerly, holds no
                        # tensor for Dynamo to start its frame on (has_tensor_in_frame; torchvine's
                        # Vinecop.select, measured: none of select_all_trees' methods is traced)
                        continue
                    out.extend((tf.name, f"{text}.{f.attr}", call.lineno, call) for text in instances[f.value.id])
                    continue
                if local is f and f.id in instances:  # model(x): an imported module's forward
                    out.extend((tf.name, f"{text}.forward", call.lineno, call) for text in instances[f.id])
                    continue
                if local is not f and d.module_made:  # sampler = Sampler(model) at the top of a script
                    if module_read is None:
                        module_read = _globals_read(tf.node, _body(tf.node, d), d)
                    texts = [t for t in module_read.get(f.value.id, ())
                             if t.partition(".")[0] in project and t.partition(".")[0] not in d.classes]
                    if texts:
                        out.extend((tf.name, f"{text}.{f.attr}", call.lineno, call) for text in texts)
                        continue
                if local is f and f.id in aliases:  # odeint = lib.odeint_adjoint if adjoint else lib.odeint
                    out.extend((tf.name, text, call.lineno, call) for text in aliases[f.id])
                    continue
            if instances:  # a method of a local instance handed to a call: it runs in the trace
                owners = {text for texts in instances.values() for text in texts}
                for a in (*call.args, *(k.value for k in call.keywords)):
                    if type(a) is ast.Attribute and type(a.value) is ast.Name and a.value.id in instances:
                        out.extend((tf.name, f"{text}.{a.attr}", call.lineno, call) for text in instances[a.value.id])
                    elif type(a) is ast.Name and a.id in aliases and all(  # evaluate = sf.evaluate
                            text.rpartition(".")[0] in owners for text in aliases[a.id]):
                        out.extend((tf.name, text, call.lineno, call) for text in aliases[a.id])
            held = _held_call(f, tf.cls, d)
            if held is not None:  # self.enc(x) / self.scheduler.step(x), the class imported
                if held.partition(".")[0] in project and held.partition(".")[0] not in d.classes:
                    out.append((tf.name, held, call.lineno, call))
                elif (type(f.value) is ast.Attribute and held.count(".") == 1 and held.partition(".")[0] not in
                      imported and held.partition(".")[0] not in d.classes and not ctx.names.is_bound(
                          held.partition(".")[0], (ctx.tree,)) and _attr_class(tf.cls, f.value.attr, d) is None):
                    # a class only named for a parameter (by a docstring, ``solver (SemiImplicitSolver):``, or
                    # a string annotation), not imported: the project model reaches the one class so named
                    # (not one built: timm's ``self.rope`` is one of four, the first kept)
                    out.append((tf.name, f"named:{held}", call.lineno, call))
                continue
            if type(base) is ast.Name and base.id in imported:
                root, text = base.id, dotted(f)
                if root in d.functions or root in d.classes:
                    continue
                qualified = ctx.names.qualify(f, tf.chain) or ""
                if qualified.partition(".")[0] in outside:
                    continue
                out.append((tf.name, text, call.lineno, call))
                if call.args or call.keywords:  # default(decay, self.get_current_decay), default imported
                    out += [(tf.name, f"{HANDED}{key}:{name}:{text}", call.lineno, None)
                            for key, name in _handed_on(call, tf, d, project)]
            elif type(base) is ast.Name and base.id in (bound := ctx.names.import_bound() if bound is None else bound) \
                    and (found := _function_import(base.id, tf.chain, ctx, outside)) is not None:
                # sinkhorn_lowrank(...) of ``from torchgw._lowrank import sinkhorn_lowrank`` in the
                # function or one enclosing it (torchgw's _lr_sinkhorn, a closure of its solver)
                rest = dotted(f).partition(".")[2]
                out.append((tf.name, f"{FUNCTION_IMPORT}{found[0]}:{found[1]}:{found[2]}:{rest}", call.lineno, call))
            elif (tf.cls is not None and type(f) is ast.Attribute and type(f.value) is ast.Attribute
                  and type(f.value.value) is ast.Name and f.value.value.id == "self"
                  and f.attr not in TENSOR_METHODS and not f.value.attr.startswith("__")
                  and _foreign_base(tf.cls, ctx, d)):
                # self.rollout_buffer.get(): the attribute's class as a base of another file
                # annotates it (``rollout_buffer: RolloutBuffer``), for the project model (not
                # a tensor's method: a buffer's ``self.freqs.unsqueeze(0)``)
                out.append((tf.name, f"attr:{tf.cls.name}.{f.value.attr}.{f.attr}", call.lineno, call))
            elif (tf.cls is not None and isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                  and f.value.id == "self" and _method_of(tf.cls, f.attr, d) is None
                  and _submodule_kind(tf.cls, f.attr, ctx, d) is None
                  and not any(f.attr in d.attr_weights.get(id(c), {}) for c, _ in _class_chain(tf.cls, ctx, d))):
                # a method of a base defined elsewhere, or one only subclasses define (an
                # abstract method left out): the project model dispatches it on the receiver
                kind = "self" if _foreign_base(tf.cls, ctx, d) else "virtual"
                out.append((tf.name, f"{kind}:{tf.cls.name}.{f.attr}", call.lineno, call))
            elif (type(f) is ast.Name and "*" in project and f.id not in d.functions and f.id not in d.classes
                  and not ctx.names.is_bound(f.id, tf.chain) and not hasattr(builtins, f.id)):
                # a name no scope binds, in a file with ``from .inputs import *`` of the project
                out.append((tf.name, f"*:{f.id}", call.lineno, call))
            elif (type(f) is ast.Attribute and type(f.value) is ast.Call and f.attr not in TENSOR_METHODS
                  and (made := dotted(f.value.func)).partition(".")[0] in project
                  and made.partition(".")[0] not in d.classes and made.rpartition(".")[2][:1].isupper()):
                # Flow(v, ref).combine_with(w): the method of an imported class on the instance built
                # there (oflibpytorch's combine_flows; constructs.py "local instance's method breaks,
                # instance not used after"); building it calls its __init__, another call
                out.append((tf.name, f"{made}.{f.attr}", call.lineno, call))
            elif (tf.cls is None and type(f) is ast.Attribute and type(f.value) is ast.Name and f.value.id == "self"
                  and not f.attr.startswith("__") and f.attr not in TENSOR_METHODS and _split_method(tf.node, d)):
                # self.is_symmetric() in ``def solve(self, b, ...)`` at a module's top level: a method's body
                # written apart (torch-sla's ``SparseTensor.solve`` runs ``linalg.solve`` as ``_impl(self,
                # ...)``); the project model reaches the method of the one class that has both
                out.append((tf.name, f"split:{tf.node.name}.{f.attr}", call.lineno, call))
            elif type(f) is ast.Attribute and (holder := _untyped_holder(f, tf, ctx, d)) is not None:
                # forces.compute(...) of an unannotated parameter ``forces``, or of ``self.forces``
                # stored from one in __init__ (torchmd's minimizers and Integrator): the project
                # model reaches the method where one class of the project is named like it (Forces)
                out.append((tf.name, f"named:{holder}.{f.attr}", call.lineno, call))
        if tf.cls is not None and project:
            if id(tf.cls) not in held_foreign:
                held_foreign[id(tf.cls)] = _held_foreign(tf.cls, project, d)
            held = held_foreign[id(tf.cls)]
            if held:  # the function's text first: walking every method of every class costs 1.5 % of a scan
                starts, text = ctx.src.line_starts, ctx.src.text
                end = tf.node.end_lineno or tf.node.lineno
                if _reads_held(text, starts[tf.node.lineno - 1], starts[end] if end < len(starts) else len(text), held):
                    out += _held_property_reads(tf, held, d)
        if instances is None and project and _annotated_from(tf.node, project):
            tables = _class_tables(ctx.tree, project) if tables is None else tables
            instances, aliases = _local_instances(tf.node, d, project, tables, tf.cls, ctx)
        if instances:  # A.nnz of ``A: sp.spmatrix``: a property of a local instance's class
            out += _held_property_reads(tf, {}, d, instances)
    leaving = {(name, line) for name, _, line, _ in out}
    return tuple(out), {name: tuple(sorted(n for n in lines if (name, n) in leaving))
                        for name, lines in trapped.items()}


def _split_method(fn: ast.AST, d: _State) -> bool:
    """``fn`` is a module-level function whose first parameter is named ``self``: a method's body
    written apart from its class, which calls it with its own ``self``."""
    params = (*fn.args.posonlyargs, *fn.args.args)
    return bool(params) and params[0].arg == "self" and id(fn) not in d.owner and id(fn) not in d.parent_fn


def _untyped_holder(f: ast.Attribute, tf: Traced, ctx: Context, d: _State) -> str | None:
    """The name of what ``f``'s method is called on, where nothing says what it holds: a parameter of
    the traced function with no annotation or default, or ``self.x`` that ``__init__`` stores such a
    parameter in and no other statement of the class sets; None for anything else (a tensor's method,
    a private one)."""
    if f.attr.startswith("_") or f.attr in TENSOR_METHODS:
        return None
    v = f.value
    if type(v) is ast.Name and v.id not in ("self", "cls"):
        fn = tf.node
        if id(fn) in d.parent_fn:  # a closure's free name: a parameter of the function enclosing it
            fn = ctx.names.binding_scope(v.id, tf.chain)  # (torchmd's ``evalfunc`` handed to SciPy)
            if type(fn) not in _FUNCS:
                return None
        if v.id in parameter_defaults(fn.args):
            return None
        for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs):  # a loop: no cells made per call
            if a.arg == v.id and a.annotation is None:
                return v.id
        return None
    if (type(v) is ast.Attribute and type(v.value) is ast.Name and v.value.id == "self" and tf.cls is not None
            and v.attr in _init_params(tf.cls, d).values()):
        return _stored_untyped(v.attr, tf.cls, ctx, d)
    return None


def _stored_untyped(attr: str, cls: ast.ClassDef, ctx: Context, d: _State) -> str | None:
    """``attr`` when ``__init__`` of ``cls`` stores in ``self.attr`` a parameter with no annotation
    or default, and no other statement of the file sets it (``_untyped_holder``)."""
    init = next(n for n in cls.body if type(n) is ast.FunctionDef and n.name == "__init__")
    param = next(p for p, a in _init_params(cls, d).items() if a == attr)
    defaults = parameter_defaults(init.args)
    if param not in defaults and all(a.annotation is None for a in (*init.args.args, *init.args.kwonlyargs)
                                     if a.arg == param) and not _set_elsewhere(attr, ctx, d):
        return attr
    return None


def _held_foreign(cls: ast.ClassDef, project: set[str], d: _State) -> dict[str, str]:
    """``x`` -> the class as written, for each ``self.x`` of ``cls`` holding an instance of a class
    imported from the project: built in ``__init__`` (``_attr_class``), declared, or an ``__init__``
    parameter annotated with it (``_annotated_param``); not one a builder injects (detectron2's
    ``from_config``), which costs a walk of every method of every class."""
    names: set[str] = set(d.attr_declared.get(id(cls), ()))
    annotated: set[str] = set()
    for c, methods in _lineage(cls, d):
        names.update(d.attr_class.get(id(c), ()))
        init = methods.get("__init__")
        if init is not None and type(init) is ast.FunctionDef and any(
                a.annotation is not None for a in (*init.args.args, *init.args.kwonlyargs)):
            if id(c) not in d.annotated:
                d.annotated[id(c)] = _annotated_attrs(c, d)
            annotated.update(d.annotated[id(c)])
    out = {}
    for x in sorted(names | annotated):
        built = (_annotated_param(cls, x, d) if x in annotated and x not in names else _attr_class(cls, x, d)
                 or _annotated_param(cls, x, d))
        if built and built.partition(".")[0] in project and built.partition(".")[0] not in d.classes:
            out[x] = built
    return out


def _reads_held(text: str, start: int, end: int, held: dict[str, str]) -> bool:
    """``text[start:end]`` holds ``self.x.`` and a word character, ``x`` one of ``held`` and ``self``
    not the end of a longer name. A search per name: a pattern of them all was a regex compiled per
    class (113 on timm, 0.35 % of its scan's instructions)."""
    stop = max(min(end, len(text)) - 1, 0)  # the word character after it is inside too
    for x in held:
        needle = f"self.{x}."
        at = text.find(needle, start, stop)
        while at >= 0:
            after = text[at + len(needle)]
            before = text[at - 1] if at else " "
            if (after.isalnum() or after == "_") and not (before.isalnum() or before == "_"):
                return True
            at = text.find(needle, at + 1, stop)
    return False


def _held_property_reads(tf: Traced, held: dict[str, str], d: _State,
                         instances: dict[str, tuple[str, ...]] | None = None) -> list[tuple[str, str, int, ast.AST]]:
    """Reads of ``self.x.p`` (not calls) where ``self.x`` holds an instance of a class imported from
    the project (``held``, _held_foreign), or of ``x.p`` where the local ``x`` does (``instances``,
    _local_instances: sparse-kappa's ``get_matrix_properties(A: sp.spmatrix)`` reads ``A.nnz``), as
    ``property:Cls.p``: the project model follows them where ``p`` is a ``@property`` of the class
    (torchflows' ``self.coupling.constant_shape``, ``coupling: PartialCoupling``; constructs.py
    "property getter reads a tensor's value")."""
    out, seen = [], set()
    called = {id(c.func) for c in _body(tf.node, d).calls}
    for node in own_nodes(tf.node):
        if (type(node) is not ast.Attribute or type(node.ctx) is not ast.Load or id(node) in called
                or node.attr.startswith("__") or node.attr in TENSOR_METHODS):
            continue
        v = node.value
        if type(v) is ast.Attribute and v.attr in held and type(v.value) is ast.Name and v.value.id == "self":
            texts: tuple[str, ...] = (held[v.attr],)
        elif instances and type(v) is ast.Name and v.id in instances:
            texts = tuple(t for t in instances[v.id] if ":" not in t)  # a class as imported, not a factory's
        else:
            continue
        for text in texts:
            text = f"property:{text}.{node.attr}"
            if text not in seen:
                seen.add(text)
                out.append((tf.name, text, node.lineno, node))
    return out


def _annotated_from(fn: ast.AST, project: set[str]) -> bool:
    """A parameter of ``fn`` is annotated with a name imported from the project (``A: sp.spmatrix``)."""
    args = fn.args
    return any(a.annotation is not None and any(type(n) is ast.Name and n.id in project for n in all_nodes(a.annotation))
               for a in (*args.posonlyargs, *args.args, *args.kwonlyargs))


def _function_import(name: str, chain: tuple, ctx: Context, outside) -> tuple[int, str, str] | None:
    """(level, module, name) of the import in a function of ``chain`` that binds ``name`` there
    (as ``module_level`` reads a module's), when it is of the project: not torch, NumPy or the
    standard library."""
    scope = ctx.names.binding_scope(name, chain)
    if not isinstance(scope, _FUNCS):
        return None
    for node in statements(scope):
        if type(node) is ast.ImportFrom and (node.level or (node.module or "").partition(".")[0] not in outside):
            for a in node.names:
                if (a.asname or a.name) == name:
                    return node.level, node.module or "", a.name
        elif type(node) is ast.Import:
            for a in node.names:
                if (a.asname or a.name.partition(".")[0]) == name and a.name.partition(".")[0] not in outside:
                    return 0, a.name if a.asname else name, ""
    return None


def _made_calls(outcalls, traced: dict[int, Traced], d: _State) -> tuple[tuple[str, str, int, int], ...]:
    """The calls of ``outcalls`` that run a method of an instance the traced function builds
    itself: ``sf = Cls(...)`` (or ``solver = SOLVERS[m](...)``) then ``sf.m(x)``, or ``f = sf.m``
    then ``f(x)``, as (traced function, callee text, line of the call, line of the construction).
    Dynamo cannot rebuild such an instance when a break below the method stops it inside the
    call, so it skips the caller's frame there (constructs.py "local instance's method breaks,
    ...": GB0092). An instance handed in (a parameter) is not built here."""
    by_name = {tf.name: tf for tf in traced.values()}
    out = []
    for caller, text, line, call in outcalls:
        tf = by_name.get(caller)
        f = call.func if type(call) is ast.Call else None
        if tf is None or f is None or "." not in text or (":" in text and not text.startswith(("returns:", FUNCTION_IMPORT))):
            continue  # returns: a method of what a method returned (``store = state.lagrangian()``); import: of
            # a class the function imports itself (``laplacian = SparseTensor(...)``, ``laplacian.solve(b)``)
        if type(f) is ast.Attribute and type(f.value) is ast.Name:
            name, attr = f.value.id, f.attr
        elif type(f) is ast.Name:
            name, attr = f.id, None  # closure(x), closure = sf.closure
        else:
            continue
        if name in _param_names(tf.node) or text.rpartition(".")[2] != (attr or text.rpartition(".")[2]):
            continue
        binders = [b for b in _body(tf.node, d).binders if type(b) is ast.Assign and len(b.targets) == 1
                   and type(b.targets[0]) is ast.Name and b.lineno < line]
        bound = [b for b in binders if b.targets[0].id == name]
        if not bound:
            continue
        last = max(bound, key=lambda b: b.lineno)
        if attr is None:  # an alias: the instance whose method it holds, built here
            v = last.value
            if not (type(v) is ast.Attribute and type(v.value) is ast.Name and v.attr == text.rpartition(".")[2]):
                continue
            owner = [b for b in binders if b.targets[0].id == v.value.id and b.lineno <= last.lineno]
            if not owner or v.value.id in _param_names(tf.node):
                continue
            last = max(owner, key=lambda b: b.lineno)
        if type(last.value) is not ast.Call:  # built by a call (a class, a table's class, a factory's)
            continue
        out.append((caller, text, line, last.lineno))
    return tuple(dict.fromkeys(out))


def _class_tables(tree: ast.Module, project: set[str]) -> dict[str, tuple[tuple[object, str], ...]]:
    """Module-level dicts whose values are classes imported from the project, as written, with
    their keys (a literal's value, else None): ``SOLVERS = {"dopri5": Dopri5Solver, "rk4": RK4}``
    -> ``{"SOLVERS": (("dopri5", "Dopri5Solver"), ("rk4", "RK4"))}``."""
    out = {}
    for node in tree.body:
        if (type(node) is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name
                and type(node.value) is ast.Dict):
            rows = tuple((k.value if type(k) is ast.Constant else None, dotted(v))
                         for k, v in zip(node.value.keys, node.value.values))
            if rows and all(t.partition(".")[0] in project and t.rpartition(".")[2][:1].isupper() for _, t in rows):
                out[node.targets[0].id] = rows
    return out


def _table_pick(rows: tuple[tuple[object, str], ...], key: ast.AST, fn: ast.AST, rebound: set[str]) -> tuple[str, ...]:
    """The classes ``TABLE[key]`` may be: the one its key names where the key is known, a literal
    or a parameter of ``fn`` that is not rebound and has a literal default (only that class runs
    by default); else every class of the table."""
    known = key.value if type(key) is ast.Constant else None
    if type(key) is ast.Name and key.id not in rebound:
        default = dict(_param_defaults(fn)).get(key.id)
        known = default.value if type(default) is ast.Constant else None
    hit = tuple(dict.fromkeys(t for k, t in rows if known is not None and k == known))
    return hit or tuple(dict.fromkeys(t for _, t in rows))


def _function_tables(tree: ast.Module) -> dict[str, tuple[str, ...]]:
    """Module-level dicts whose values are functions as written, also in dicts nested in them
    and as ``functools.partial(f, ...)``: ``routines = {"sinkhorn": {"tensorized":
    sinkhorn_tensorized, ...}}`` -> ``{"routines": ("sinkhorn_tensorized", ...)}``. A call of
    ``routines[loss][backend](...)`` runs one of them (the key is known at run time). Only a
    name the module binds once (``NAME = {...}``, ``NAME: T = {...}``): another binding may
    hold anything. The project model reads a registry getter's dict here (``registry``)."""
    out = {}
    for node in tree.body:
        targets = _module_targets(node)
        if len(targets) != 1 or type(targets[0]) is not ast.Name or type(node.value) is not ast.Dict:
            continue
        texts, todo = [], list(node.value.values)
        while todo:
            v = todo.pop(0)
            if type(v) is ast.Dict:
                todo += v.values
                continue
            if type(v) is ast.Call and dotted(v.func).rpartition(".")[2] == "partial" and v.args:
                v = v.args[0]
            text = dotted(v)
            if not text or text.rpartition(".")[2][:1].isupper():  # a class: _class_tables
                texts = []
                break
            texts.append(text)
        if texts:
            out[targets[0].id] = tuple(dict.fromkeys(texts))
    if out:
        bound = Counter(t.id for node in tree.body for t in _module_targets(node) if type(t) is ast.Name)
        out = {name: texts for name, texts in out.items() if bound[name] == 1}
    return out


def _module_targets(node: ast.stmt) -> list[ast.expr]:
    """The targets of an assignment with a value (``a = b = value``, ``a: T = value``), else []."""
    if type(node) is ast.Assign:
        return node.targets
    return [node.target] if type(node) is ast.AnnAssign and node.value is not None else []


def _table_of(f: ast.AST) -> str:
    """``routines`` for a callee written ``routines[a][b]``, else ""."""
    while type(f) is ast.Subscript:
        f = f.value
    return f.id if type(f) is ast.Name else ""


def _local_instances(fn: ast.AST, d: _State, project: set[str], tables: dict[str, tuple[tuple[object, str], ...]],
                     cls: ast.ClassDef | None = None, ctx: Context | None = None, chain: tuple = (),
                     outside=frozenset()) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """Local names bound to an instance of an imported class: ``enc = Encoder(cfg)``, a parameter
    annotated with one and not rebound (``model: Transformer``), or of one
    of the classes of a module-level table, ``solver = SOLVERS[method](func)`` (any of them:
    the key is known at run time), or of a class an imported factory returns (``solver_fn =
    methods.select(method)``, ``solver = solver_fn(sde)``: ``methods.select()``); their method
    calls go to those classes' methods. And local names bound to imported functions (``odeint
    = torchdiffeq.odeint_adjoint if adjoint else torchdiffeq.odeint``) or to a method of such an
    instance (``closure = sf.closure``): their calls go there. And a local name bound to what a
    method of an attribute of known class returns (``learner = self.maml.clone()``, ``self.maml``
    built as, or handed to ``__init__`` annotated, ``MAML``): an instance of the class the
    method's return annotation names, ``returns:MAML.clone`` for the project model. A class the
    function (or one enclosing it, ``chain``) imports itself is written as ``_function_import``
    finds it (torchvine's ``from .vine_select import VinecopSelectorTorch`` in ``Vinecop.select``,
    then ``selector = VinecopSelectorTorch(...)``, ``selector.select_all_trees()``)."""
    out: dict[str, tuple[str, ...]] = {}
    aliases: dict[str, tuple[str, ...]] = {}  # name -> the imported callables (or factory results) it holds

    def imported(e: ast.AST) -> str:
        text = dotted(e)
        root = text.partition(".")[0]
        return text if text and root in project and root not in d.classes and root not in d.functions else ""

    binders = _body(fn, d).binders
    # names the function binds (a Name stored to), not ``model.device = d`` or ``x[i] = v``
    once = Counter(n.id for node in binders for t in _targets(node) for n in all_nodes(t)
                   if type(n) is ast.Name and type(n.ctx) is ast.Store)
    rebound = set(once)
    args = fn.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}

    def classes(ann: ast.AST | None) -> tuple[str, ...]:
        """The imported classes an annotation names, every one (``scene: StaticScene | DynamicScene``,
        torchrir's simulate: the method of either runs), or none. A lower-case name of a module
        (``A: sp.spmatrix``, sparse-kappa's alias of its matrix class) too: the project model
        follows it only where it names a class."""
        texts = tuple(map(imported, _annotated_classes(ann)))
        return texts if texts and all(t.rpartition(".")[2][:1].isupper() or "." in t for t in texts) else ()

    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):  # gpt-fast's prefill(model: Transformer, ...)
        if a.arg not in rebound and (texts := classes(a.annotation)):
            out[a.arg] = texts
    for node in binders:
        if type(node) is ast.AnnAssign and type(node.target) is ast.Name and once[node.target.id] == 1:
            if texts := classes(node.annotation):  # plant: PlantBase = self._rollout_plant (torchcontrol's MPPI)
                out[node.target.id] = texts
            continue
        if not (type(node) is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name):
            continue
        name, value = node.targets[0].id, node.value
        if type(value) is ast.Attribute and type(value.value) is ast.Name and value.value.id in out:
            aliases[name] = tuple(f"{text}.{value.attr}" for text in out[value.value.id])  # f = sf.closure
            continue
        if type(value) is ast.Subscript and type(value.value) is ast.Name and value.value.id in tables:
            # method_class = _methods[kind], then method_class(**kwargs) (torch-dxdt's dxdt): a class of the table
            aliases[name] = _table_pick(tables[value.value.id], value.slice, fn, rebound)
            continue
        if type(value) is not ast.Call:
            texts = tuple(imported(v) for v in ((value.body, value.orelse) if type(value) is ast.IfExp else (value,)))
            if all(texts):
                aliases[name] = texts
            continue
        f = value.func
        if type(f) is ast.Subscript and type(f.value) is ast.Name and f.value.id in tables:
            out[name] = _table_pick(tables[f.value.id], f.slice, fn, rebound)
            continue
        if cls is not None and type(f) is ast.Attribute and type(f.value) is ast.Attribute:
            held = _held_call(f, cls, d)  # learner = self.maml.clone()
            if held is not None and held.partition(".")[0] in project and held.partition(".")[0] not in d.classes:
                out[name] = (f"returns:{held}",)
            elif (held is None and ctx is not None and once.get(name) == 1 and type(f.value.value) is ast.Name
                  and f.value.value.id == "self" and f.attr not in TENSOR_METHODS
                  and not f.value.attr.startswith("__") and _foreign_base(cls, ctx, d)):
                # state = self.cmp.compute_state(): a base of another file annotates cmp (the
                # outcall ``attr:``), the method's return annotation names the class
                out[name] = (f"returns:attr:{cls.name}.{f.value.attr}.{f.attr}",)
            continue
        if (type(f) is ast.Attribute and type(f.value) is ast.Name and f.value.id in out and once.get(name) == 1
                and f.attr not in TENSOR_METHODS):
            # store = state.lagrangian(): what a method of a local instance returns, by its annotation
            out[name] = tuple(f"returns:{text}.{f.attr}" for text in out[f.value.id])
            continue
        if type(f) is ast.Name and f.id in aliases:  # solver = solver_fn(sde)
            out[name] = tuple(t for t in aliases[f.id] if t.endswith("()") or t.rpartition(".")[2][:1].isupper())
            continue
        if (type(f) is ast.Name and ctx is not None and once.get(name) == 1 and f.id not in rebound
                and f.id in params and (texts := _handed_classes(fn, f.id, ctx, d, project, outside))):
            out[name] = texts  # opt = make_optimizer(model), the callers handing ``lambda m: NewtonLS(...)``
            continue
        text = imported(f)
        if not text and chain and (f.id if type(f) is ast.Name else getattr(f, "attr", ""))[:1].isupper() and (
                made := dotted(f)).rpartition(".")[2][:1].isupper() and (
                found := _function_import(made.partition(".")[0], chain, ctx, outside)) is not None:
            # StudentT(...) of ``from torch_betainc import StudentT``, tt.TsetlinMachine(...) of ``import
            # torchtsetlin as tt``, in the function or one enclosing it: the project model reads the rest
            out[name] = (f"{FUNCTION_IMPORT}{found[0]}:{found[1]}:{found[2]}:{made.partition('.')[2]}",)
        elif text and text.rpartition(".")[2][:1].isupper():
            out[name] = (text,)
        elif text:  # a factory's result: a class, or whatever it returns, resolved by the project model
            aliases[name] = (f"{text}()",)
    return out, {k: tuple(t for t in v if not t.endswith("()")) for k, v in aliases.items()}


def _built_in(name: str, fn: ast.AST, d: _State) -> bool:
    """``fn`` binds ``name`` to an instance it builds, a class called by name (``selector = Selector(data)``)."""
    return any(type(b) is ast.Assign and type(b.value) is ast.Call and dotted(b.value.func).rpartition(".")[2][:1].isupper()
               and any(type(t) is ast.Name and t.id == name for t in b.targets) for b in _body(fn, d).binders)


def _handed_classes(fn: ast.AST, param: str, ctx: Context, d: _State, project: set[str], outside) -> tuple[str, ...]:
    """The classes of the project a factory parameter ``param`` of ``fn`` builds, from this file's calls
    of ``fn``: a lambda calling a class (``_step(lambda model: NewtonLS(model.parameters()))``, the
    user's optimizer built by the factory it is handed) or the class itself, imported by the module
    or by the calling function (as ``_local_instances`` writes them). Every call's: one is run; none
    where a call hands anything else."""
    positional = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    index = positional.index(param) if param in positional else -1
    out = []
    for call in d.calls_by_name.get(getattr(fn, "name", ""), ()):
        handed = handed_argument(call, index, param)
        made = dotted(handed.body.func) if type(handed) is ast.Lambda and type(handed.body) is ast.Call else dotted(handed) if (
            type(handed) in (ast.Name, ast.Attribute)) else ""
        root = made.partition(".")[0]
        if not made.rpartition(".")[2][:1].isupper() or root in d.classes or root in d.functions:
            return ()  # not a class of the project (torch's optimizer, one of this file): not known
        if root in project:
            out.append(made)
        elif (caller := _def_around(ctx.tree, call)) is not None and (
                found := _function_import(root, (ctx.tree, caller), ctx, outside)) is not None:
            out.append(f"{FUNCTION_IMPORT}{found[0]}:{found[1]}:{found[2]}:{made.partition('.')[2]}")
        else:
            return ()
    return tuple(dict.fromkeys(out))


def _def_around(tree: ast.Module, node: ast.AST) -> ast.AST | None:
    """The module-level function (or a method of a module-level class) whose lines hold ``node``."""
    for top in tree.body:
        if top.lineno <= node.lineno <= (top.end_lineno or top.lineno):
            if type(top) is ast.ClassDef:
                return next((m for m in top.body if type(m) in _FUNCS and m.lineno <= node.lineno <= (m.end_lineno or m.lineno)), None)
            return top if type(top) in _FUNCS else None
    return None


def _enclosing_instances(tf: Traced, ctx: Context, d: _State, project: set[str], tables, outside,
                         seen: dict[int, dict[str, tuple[str, ...]]]) -> dict[str, tuple[str, ...]]:
    """The closure ``tf``'s free names that a function enclosing it binds to an instance of a class
    of the project (``_local_instances`` of that function, kept in ``seen``): a user's factory builds
    ``model = tt.TsetlinMachine(...)`` and returns ``torch.compile(epoch)``, whose ``model.update(...)``
    Dynamo inlines (the cell holds the object, built before the compiled call). Only a class a function
    imports itself (or one its factory parameter is handed so: torch-numopt's optimizers) for now: the
    module's classes reached so (torch-friction's ``FrictionLayer``, easyfsl's network) are right, but the
    coverage estimate weighs a forward run forty times a step once (accuracy.md, round 38)."""
    out: dict[str, tuple[str, ...]] = {}
    for i in range(len(tf.chain) - 2, 0, -1):
        scope = tf.chain[i]
        if type(scope) not in _FUNCS:
            continue
        if id(scope) not in seen:
            seen[id(scope)] = _local_instances(scope, d, project, tables, None, ctx, tf.chain[:i + 1], outside)[0]
        for name, texts in seen[id(scope)].items():
            if name not in out and ctx.names.binding_scope(name, tf.chain) is scope and all(
                    t.startswith(FUNCTION_IMPORT) for t in texts):
                out[name] = texts
    return out


def _held_call(f: ast.AST, cls: ast.ClassDef | None, d: _State) -> str | None:
    """``Cls.forward`` for ``self.x(...)`` and ``Cls.m`` for ``self.x.m(...)`` where the class
    (or an in-file base) set ``self.x = Cls(...)`` and defines no method ``x``; else None. For
    ``self.x.m(...)`` only, also where ``__init__`` stores a parameter annotated ``Cls`` as
    ``self.x`` (``self.x(...)`` of a module handed in is left to the in-file rules)."""
    if cls is None or not isinstance(f, ast.Attribute):
        return None
    if isinstance(f.value, ast.Name) and f.value.id == "self":
        if _method_of(cls, f.attr, d) is not None:
            return None
        built, method = _attr_class(cls, f.attr, d), "forward"
    elif (isinstance(f.value, ast.Attribute) and isinstance(f.value.value, ast.Name)
          and f.value.value.id == "self"):
        built, method = _attr_class(cls, f.value.attr, d) or _annotated_param(cls, f.value.attr, d), f.attr
    else:
        return None
    return f"{built}.{method}" if built else None


def _annotated_param(cls: ast.ClassDef, attr: str, d: _State) -> str | None:
    """The class ``self.attr`` holds where ``__init__`` of the class (or of an in-file base)
    stores a parameter annotated ``Cls`` as it (``def __init__(self, maml: MAML)``, then
    ``self.maml = maml``), as written; else None."""
    for c, _ in _lineage(cls, d):
        found = d.annotated.get(id(c))
        if found is None:
            found = d.annotated[id(c)] = _annotated_attrs(c, d)
        if attr in found:
            return found[attr] or None
    return None


def _annotated_attrs(cls: ast.ClassDef, d: _State) -> dict[str, str]:
    """``self.attr`` -> the class its ``__init__`` parameter is annotated with, as written ("" when
    the parameter's annotation names no class), for each ``self.attr = parameter`` of ``__init__``."""
    init = next((n for n in cls.body if type(n) is ast.FunctionDef and n.name == "__init__"), None)
    if init is None:
        return {}
    args = (*init.args.args, *init.args.kwonlyargs)
    texts = {a.arg: _class_text(a.annotation) for a in args if a.annotation}
    if len(texts) < len(args):  # the class a docstring names (torch-diffsim's ``solver (SemiImplicitSolver):``)
        documented = _documented_classes(init, cls)
        texts.update((a.arg, documented[a.arg]) for a in args if a.annotation is None and a.arg in documented)
    if not any(texts.values()):
        return {}
    return {attr: texts.get(param, "") for param, attr in _init_params(cls, d).items()}


# A docstring's line giving a parameter one class and nothing else: Google's ``param (Cls):`` or
# ``param (Cls, optional):``, and ``param: Cls`` or NumPy's ``param : Cls`` alone on the line
_DOCUMENTED = re.compile(r"^[ \t]*(\w+)[ \t]*(?:\(([A-Z][\w.]*)(?:,[ \t]*optional)?\)[ \t]*:"
                         r"|:[ \t]*([A-Z][\w.]*)(?:,[ \t]*optional)?[ \t]*$)", re.MULTILINE)


def _documented_classes(init: ast.FunctionDef, cls: ast.ClassDef) -> dict[str, str]:
    """Parameter -> the class the first such line of ``__init__``'s docstring, else the class's,
    gives it. One pass over each docstring: a pattern per parameter searched it once for each
    (1,421 searches on timm, +0.6 % of its scan's instructions)."""
    found: dict[str, str] = {}
    for node in (init, cls):
        for m in _DOCUMENTED.finditer(ast.get_docstring(node, clean=False) or ""):
            found.setdefault(m[1], m[2] or m[3])
    return found


def _class_text(ann: ast.AST | None) -> str:
    """The class an annotation names, as written (``MAML``, ``"MAML"``, ``Optional[MAML]``,
    ``MAML | None``), when its last part starts with a capital; else ""."""
    if type(ann) is ast.Name:  # most are: int, bool, Tensor
        return ann.id if ann.id[:1].isupper() else ""
    held = _annotated_class(ann)
    text = dotted(held) if held is not None else ""
    return text if text.rpartition(".")[2][:1].isupper() else ""


def _foreign_base(cls: ast.ClassDef, ctx: Context, d: _State) -> bool:
    """``cls`` (or an in-file base) derives from a class of another project module."""
    for c, _ in _class_chain(cls, ctx, d):
        for b in c.bases:
            if isinstance(b, ast.Name) and b.id in d.classes:
                continue
            qualified = ctx.names.qualify(b, (ctx.tree,)) or dotted(b)
            if qualified and not qualified.startswith(("torch.", "typing.", "abc.")) and qualified != "object":
                return True
    return False


def _grows(fn: ast.AST, ctx: Context, d: _State) -> tuple[int, ...]:
    """Statements in a loop that grow a tensor with itself (``idx = torch.cat((idx, nxt), 1)``,
    ``self.k = torch.cat([self.k, k], dim=2)``; shapes.grown_key): a decode loop or a KV cache, a
    new shape at every step, and on Neuron a new compile for each (measured as recompiles by Dynamo)."""
    body = _body(fn, d)
    return tuple(sorted({node.lineno for node in body.binders if type(node) is ast.Assign
                         and body.where.get(id(node), (None, None))[1] == "loop" and grown_key(node, ctx)}))


_SELF_CALL = re.compile(r"self(?<!\wself)(?:\.forward)?\(")  # \bself...: see _SELF_STORE


def _in_place(cls: ast.ClassDef, forward: ast.AST, ctx: Context) -> list[tuple[str, str]]:
    """Where this file compiles the module of ``cls`` (whose forward is ``forward``) in place:
    (path:line, "module" for ``m.compile()``, "forward" for ``m.forward = torch.compile(m.forward)``)."""
    d = ctx.state(_State)
    return [(f"{ctx.src.path}:{item.lineno}", d.in_place[id(item)]) for item in d.compiled if id(item) in d.in_place
            and (d.compiled_self[id(item)] is cls if id(item) in d.compiled_self and _held_class(item, d) is None
                 else _compiled_function(item, d) is forward)]


def compiled_here(cls: ast.ClassDef, ctx: Context) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """For NM308 (shapes.py) in a method of ``cls``: where this file compiles its module in place
    (``_in_place``), and where it calls a method on torch.compile's wrapper of it that runs the
    module itself (path:line, "Cls.method" of the class that defines it; NM127's calls)."""
    d = ctx.state(_State)
    forward = next((n for n in cls.body if type(n) in _FUNC_TYPES and n.name == "forward"), None)
    if d.wrappers:
        traced_functions(ctx)  # fills d.wrapper_calls
    return ([] if forward is None else _in_place(cls, forward, ctx),
            [(f"{ctx.src.path}:{call.lineno}", judged[1]) for call, _, _, judged, _ in d.wrapper_calls if judged])


def _grown_by(tf: Traced, ctx: Context, self_calls: list[int]) -> tuple[tuple[str, int, str, str], ...]:
    """The methods of ``tf``'s class that call the module (``self(x)``, ``self.forward(x)``) in a
    loop with a tensor the loop grows (``idx = torch.cat((idx, nxt), 1)``, as a ``generate``
    does; shapes.fed_calls): (method, line of the growth, the call: "self" or "self.forward",
    where the project compiles the class in place so that the call is compiled, or ""). Compiled,
    the forward sees a new shape at every step (Dynamo: a recompile, then dynamic shapes; Neuron:
    a compile per new length). Measured (constructs.py --wrapper-calls): on torch.compile's wrapper
    the method runs uncompiled (NM127); ``model.compile()`` compiles ``self(x)`` but not
    ``self.forward(x)``; ``m.forward = torch.compile(m.forward)`` compiles both. The compiles in
    place are this file's and other files' (``IN_PLACE`` roots); a forward the project compiles
    only otherwise keeps none of these (coverage.py)."""
    if tf.cls is None:
        return ()
    owner = tf.name.rsplit(".", 1)[0]
    places = _in_place(tf.cls, tf.node, ctx)  # (where, "module" or "forward")
    for path, _, origin in ctx.options.traced_roots if ctx.options else ():
        if path == ctx.src.path and origin.startswith(IN_PLACE):
            cls, where, kind = origin[len(IN_PLACE):].split(" ")
            if cls == owner:
                places.append((where, kind))
    out = {}
    for method in tf.cls.body:
        if (not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or method is tf.node
                or not any(method.lineno <= line <= (method.end_lineno or 0) for line in self_calls)):
            continue
        for loop in all_nodes(method):
            if type(loop) not in _LOOP_TYPES:
                continue
            for node in all_nodes(loop):
                key = grown_key(node, ctx) if isinstance(node, ast.Assign) else None
                if key is None:
                    continue
                # one source per growth: a compiled call first, then self(...)
                for call in sorted({ast.unparse(c.func) for c in fed_calls(loop, key, node, ctx)}
                                   & {"self", "self.forward"}):
                    where = next((w for w, kind in places if call == "self" or kind == "forward"), "")
                    found = out.get((method.name, node.lineno))
                    if found is None or (where and not found[3]):
                        out[(method.name, node.lineno)] = (f"{owner}.{method.name}", node.lineno, call, where)
    return tuple(sorted(out.values()))


def _again(nodes: list[ast.AST], stmt: ast.stmt | None = None) -> int:
    """Graphs that the later breaks of one statement start, Dynamo resuming after each: a
    boolean-mask read (``x[m]``, a subscript Dynamo resumes after with a graph of its own, even
    an empty one), or a break whose operand an op computes first (``x.max().item()``); not a
    break on a plain name right after another (``torch.cat([a.nonzero(), b.nonzero()])``: one
    graph after both). Measured: constructs.py "two x[mask] reads in one statement" (3 graphs),
    "... four" (5), "two .item() of ops in one statement" (3), "two nonzero() ..." (2); a
    statement with a tuple subscript ``x[:, m]`` among its breaks makes one graph after it,
    whatever else it reads ("x[:, m], y[:, m] in one statement", "x[:, m] = x[:, m].div(w[m])": 2). A
    ``masked_scatter_`` of what such a break read breaks again ("masked_scatter_ of a masked_select": 3
    graphs; torchstain's colour conversions)."""
    seen: set[int] = set()
    order = []
    for n in sorted(nodes, key=lambda n: (n.end_lineno or n.lineno, n.end_col_offset or 0)):
        if id(n) not in seen:
            seen.add(id(n))
            order.append(n)
    if any(type(n) is ast.Subscript and type(n.slice) is ast.Tuple for n in order):
        return 0  # x[:, m] among them: one graph after the statement (measured, "x[:, m] = x[:, m].div(w[m])")
    read = {id(n) for n in order}
    scattered = stmt is not None and any(
        type(c) is ast.Call and type(c.func) is ast.Attribute and c.func.attr in ("masked_scatter_", "masked_scatter")
        and any(id(a) in read for arg in c.args for a in all_nodes(arg)) for c in all_nodes(stmt))
    return sum(1 for n in order[1:] if type(n) is ast.Subscript or _computed_operand(n)) + scattered


_OPS = (ast.Call, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Compare)


def _computed_operand(node: ast.AST) -> bool:
    """A call whose receiver or argument is itself computed (``x.max().item()``, ``float(a - b)``)."""
    if type(node) is not ast.Call:
        return False
    parts = [*node.args, *(k.value for k in node.keywords)]
    if type(node.func) is ast.Attribute:
        parts.append(node.func.value)
    return any(isinstance(p, _OPS) for p in parts)


def _add_site(sites: dict[int, BreakSite], stmt: ast.stmt | None, node: ast.AST, code: str,
              trap: str | None, skips_rest: bool = False, callee_frame: bool = False) -> None:
    line = stmt.lineno if stmt is not None else node.lineno
    new = BreakSite(line=line, code=code, skips_frame=bool(trap), skips_rest=skips_rest and not trap,
                    callee_frame=callee_frame)
    old = sites.get(line)
    if old is None or (new.skips_frame, new.skips_rest) > (old.skips_frame, old.skips_rest):
        sites[line] = new
