"""Measure what ``torch.compile`` captures of one call: graphs, breaks, ops and coverage.

The accounting is ``torch._dynamo.explain``'s own (its ``_explain_graph_detail`` runs in
our backend), with two additions that explain lacks:

* breaks are also collected from Dynamo's ``graph_breaks`` log, because ``break_reasons``
  omits breaks that come before any op in a frame, inside loops, or that are not
  resumable (the frame is skipped and runs eagerly);
* coverage: the share of the call's ATen operator calls that run inside a captured graph.
  An eager run under a counting dispatch mode gives the total; the compiled run counts
  the calls made while a captured graph executes, and, when the call runs backward (a
  training step), the backward calls of the autograd nodes a captured graph recorded: AOT
  autograd, which a compiling backend uses, captures that backward as a graph of its own.
  The backward of ops that ran eagerly, and the accumulation into ``.grad``, stay outside.

:func:`measure_first_call` measures what a user meets, the first compiled call of a fresh
model, against the first eager call of another build of it (code that runs only on a first
call, like torchvision's poolers setting up their scales, is in both).
"""

from __future__ import annotations

import contextlib
import logging
import re
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

import torch
from torch.utils._python_dispatch import TorchDispatchMode

_AT = re.compile(r"in user code at (?P<file>.+?):(?P<line>\d+)")
_REASON = re.compile(r"Graph Break Reason: (?P<reason>.*)")
_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>\S+)')


@dataclass(frozen=True, order=True)
class Break:
    file: str
    line: int
    reason: str
    skip: bool = False  # the whole frame fell back to eager ("cannot resume")
    rest: bool = False  # compiled up to the break, the rest of the frame ran eagerly
    stack: tuple = ()  # (file, line) of the user frames, outermost first, when known


@dataclass
class Measurement:
    graphs: int = 0
    ops_per_graph: list[int] = field(default_factory=list)
    breaks: list[Break] = field(default_factory=list)
    eager_ops: int = 0  # ATen calls of one eager call (its backward too, in a training step)
    graph_ops: int = 0  # ATen calls inside captured graphs during the compiled call (and their backward)
    op_counts: Counter = field(default_factory=Counter)  # graph ops by name

    @property
    def coverage(self) -> float | None:
        if not self.eager_ops:
            return None
        return min(1.0, self.graph_ops / self.eager_ops)

    def as_dict(self) -> dict:
        return {"graphs": self.graphs, "graph_breaks": len(self.breaks),
                "ops_per_graph": self.ops_per_graph,
                "coverage": None if self.coverage is None else round(self.coverage, 4),
                "eager_aten_ops": self.eager_ops, "graph_aten_ops": self.graph_ops,
                "breaks": [{"file": b.file, "line": b.line, "reason": b.reason, "skip": b.skip,
                            "rest": b.rest, "stack": [list(f) for f in b.stack]} for b in self.breaks],
                "op_counts": dict(sorted(self.op_counts.items()))}


class _CountAten(TorchDispatchMode):
    """Counts operator calls, but for the profiler's markers: ``record_function``'s enter and
    exit (``torch.optim.Optimizer.step`` opens one per step) compute nothing, and Dynamo drops
    them from the code it traces ("Profiler record function ... will be ignored"), so a
    compiled step that runs whole in a graph does not run them at all."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if getattr(func, "namespace", None) != "profiler":
            self.calls += 1
        return func(*args, **(kwargs or {}))


def _as_compile_leaves_it() -> None:
    """Put the process in the state Dynamo puts it in before it compiles anything (its
    ``TorchPatcher.patch``, run once per process): among other things it turns off the argument
    validation of ``torch.distributions`` by default (``Distribution.set_default_validate_args
    (False)``), so a distribution a compiled call makes never runs the constraint checks
    (``.all()`` on the host) an eager call made before any compile ran. The calls are measured in
    that state, so that the eager count holds the work the compiled call does, not work compiling
    removed (measured: stable-baselines3's policies, 13 of 42 eager ATen calls in ``Categorical``'s
    checks, none in the compiled call). The default is set here too, as the patch, run once, may
    have run before it was set back for a build (``measure_first_call``)."""
    from torch._dynamo.eval_frame import TorchPatcher

    TorchPatcher.patch()
    torch.distributions.Distribution.set_default_validate_args(False)


class _GraphBackward:
    """Counts the ATen calls of the backward of the autograd nodes recorded inside captured graphs
    (walked from a graph's outputs back to its inputs' nodes; ``AccumulateGrad`` excluded):
    a hook before and after each such node switches the counting mode on and off."""

    def __init__(self) -> None:
        self.counter = _CountAten()
        self.nodes: dict[int, Any] = {}  # id -> node, kept alive so that ids stay unique
        self.depth = 0  # a node's backward may run a nested backward (reentrant checkpoints)
        # the hooks run inside the compiled call: Dynamo must not trace them
        self.hooks = torch._dynamo.disable(self._enter), torch._dynamo.disable(self._exit)

    def record(self, inputs: tuple, outputs: Any) -> None:
        stop = {id(t.grad_fn) for t in inputs if isinstance(t, torch.Tensor) and t.grad_fn is not None}
        todo = [t.grad_fn for t in torch.utils._pytree.tree_leaves(outputs) if isinstance(t, torch.Tensor)]
        while todo:
            node = todo.pop()
            if node is None or id(node) in stop or id(node) in self.nodes or type(node).__name__ == "AccumulateGrad":
                continue
            self.nodes[id(node)] = node
            node.register_prehook(self.hooks[0])
            node.register_hook(self.hooks[1])
            todo.extend(f for f, _ in node.next_functions)

    @property
    def calls(self) -> int:
        return self.counter.calls

    def _enter(self, grad_outputs):
        self.depth += 1
        if self.depth == 1:
            self.counter.__enter__()

    def _exit(self, grad_inputs, grad_outputs):
        self.depth -= 1
        if self.depth == 0:
            self.counter.__exit__(None, None, None)


class _BreakLog(logging.Handler):
    """Collects (file, line, reason) from the records of Dynamo's graph_breaks artifact log."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.breaks: list[Break] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage()
        except Exception:  # a malformed record must not stop the measurement
            return
        reason = _REASON.search(text)
        at = _AT.search(text)
        if at:
            why = _reason(text[reason.start("reason"):]) if reason else ""
            skip = "Skipping the function" in why or "cannot properly resume" in text
            rest = "skipping the rest of the function" in why
            tb = text.split("User code traceback:", 1)[-1] if "User code traceback:" in text else ""
            stack = tuple((f, int(n)) for f, n, _ in _FRAME.findall(tb))
            self.breaks.append(Break(at["file"], int(at["line"]), why, skip=skip, rest=rest, stack=stack))
            return
        if "cannot properly resume" in text:
            frames = _FRAME.findall(text)
            exc = record.exc_info[1] if record.exc_info else None
            why = _first_line(str(exc)) if exc else "frame skipped"
            if frames:
                file, line, _ = frames[-1]
                self.breaks.append(Break(file, int(line), why, skip=True))


def _first_line(text: str) -> str:
    text = text.strip()
    return text.splitlines()[0] if text else ""


def _reason(text: str) -> str:
    """The reason of a log record: its first line, plus the next when the first only says
    the break could not be handled (the cause follows it)."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines:
        return ""
    head = lines[0]
    if head.startswith(("Failed to handle graph break", "Encountered graph break")):
        detail = next((ln for ln in lines[1:] if not ln.startswith(("Graph break encountered", "Graph Break Reason"))), "")
        return f"{head} {detail}".strip()
    return head


@contextlib.contextmanager
def _graph_break_log():
    """Capture Dynamo's graph-break log records without printing them."""
    from torch._logging import set_logs

    handler = _BreakLog()
    loggers = [logging.getLogger(n) for n in ("torch._dynamo.symbolic_convert.__graph_breaks",
                                                "torch._dynamo.convert_frame.__graph_breaks")]
    saved = [(lg.level, lg.propagate) for lg in loggers]
    set_logs(graph_breaks=True)
    for lg in loggers:
        lg.addHandler(handler)
        lg.setLevel(logging.DEBUG)
        lg.propagate = False  # ours only: no stderr noise
    try:
        yield handler
    finally:
        for lg, (level, prop) in zip(loggers, saved):
            lg.removeHandler(handler)
            lg.setLevel(level)
            lg.propagate = prop
        set_logs()


def measure(fn: Callable, args: tuple = (), kwargs: dict | None = None, grad: bool = False) -> Measurement:
    """Run ``fn(*args, **kwargs)`` eagerly and under Dynamo; return what was captured.
    Without gradients unless ``grad`` (a training step calls backward)."""
    _as_compile_leaves_it()
    counter = _CountAten()
    with torch.set_grad_enabled(grad), counter:
        fn(*args, **(kwargs or {}))
    return _compiled(fn, args, kwargs, grad, eager_ops=counter.calls)


def measure_first_call(build: Callable[[], tuple[Callable, tuple, dict, bool]],
                       want: Callable[[str], bool] = lambda f: True) -> tuple[Measurement, dict[str, set[int]]]:
    """The first call of a fresh model, eagerly and compiled, and the lines the eager one executed.

    ``build()`` returns ``(fn, args, kwargs, grad)`` (``grad``: the call runs with gradients, a
    training step); it runs twice, each time after ``torch.manual_seed(0)``: the first build's
    call runs eagerly (executed lines of files accepted by ``want``, ATen count), the second
    build's under Dynamo. Both are first calls,
    as a user's first compiled call is: code that runs only once (a lazily set up pooler, a
    cache filled on first use) is traced by Dynamo where the eager call executed it. Both builds
    run in the state the process started in, as a user's model is built before anything is
    compiled (a distribution built then keeps validating its arguments), and both calls in the
    state compiling leaves it in (``_as_compile_leaves_it``)."""
    validate = torch.distributions.Distribution._validate_args  # the default a build sees
    torch.manual_seed(0)
    fn, args, kwargs, grad = build()
    _as_compile_leaves_it()
    counter = _CountAten()
    with counter:
        lines = executed_lines(fn, args, kwargs, want=want, grad=grad)
    torch.distributions.Distribution.set_default_validate_args(validate)
    torch.manual_seed(0)
    fn, args, kwargs, grad = build()
    _as_compile_leaves_it()
    return _compiled(fn, args, kwargs, grad, eager_ops=counter.calls, user=want), lines


def _compiled(fn: Callable, args: tuple, kwargs: dict | None, grad: bool, eager_ops: int,
              user: Callable[[str], bool] = lambda f: True) -> Measurement:
    """One call of ``fn`` under Dynamo, measured against ``eager_ops`` ATen calls of an eager one.
    A break is one per line and innermost frame of a file ``user`` accepts: the same line of
    torch's (``Variable(...)``'s) reached from eight lines of the model is eight breaks."""
    import torch._dynamo as dynamo
    from torch._dynamo.backends.debugging import _explain_graph_detail

    kwargs = kwargs or {}
    m = Measurement(eager_ops=eager_ops)

    graphs: list = []
    reasons: list = []
    ops_per_graph: list = []
    op_count = 0
    in_graph = _CountAten()
    backward = _GraphBackward()

    def backend(gm: torch.fx.GraphModule, example_inputs: Any):
        nonlocal graphs, op_count, ops_per_graph, reasons
        gm, graphs, op_count, ops_per_graph, reasons = _explain_graph_detail(
            gm, graphs, op_count, ops_per_graph, reasons)
        forward = gm.forward

        def run(*a):
            with in_graph:
                out = forward(*a)
            if torch.is_grad_enabled():
                backward.record(a, out)
            return out
        return run

    dynamo.reset()
    quiet = logging.getLogger("torch._dynamo")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # Dynamo's own warnings repeat what we collect
    try:
        with torch.set_grad_enabled(grad), _graph_break_log() as log:
            dynamo.optimize(backend, nopython=False)(fn)(*args, **kwargs)
    finally:
        dynamo.reset()
        quiet.setLevel(level)
    m.graphs = len(graphs)
    m.ops_per_graph = [len(o) for o in ops_per_graph]
    m.op_counts = Counter(_op_name(t) for ops in ops_per_graph for t in ops)
    m.graph_ops = in_graph.calls + backward.calls

    def key(file: str, line: int, stack: tuple) -> tuple:  # the break and the user's frame that reached it
        if user(file):
            return file, line, (file, line)
        return file, line, next((f for f in reversed(stack) if user(f[0])), None)

    seen: dict[tuple, Break] = {}
    for r in reasons:  # explain's own list: its user stack ends at the breaking line
        if r.user_stack:
            fs = r.user_stack[-1]
            stack = tuple((f.filename, f.lineno) for f in r.user_stack)
            seen.setdefault(key(fs.filename, fs.lineno, stack),
                            Break(fs.filename, fs.lineno, _first_line(r.reason), stack=stack))
    # The log's reasons are complete (explain may only say "step_unsupported"), explain's
    # stacks are (the log's traceback can lack the compiled frame itself, when the break is
    # inside a torch.nn module it inlined): a log record without the user frame completes a
    # break of its line, the first that no record completed yet.
    completed: set[tuple] = set()
    for b in log.breaks:
        k = key(b.file, b.line, b.stack)
        if k not in seen and k[2] is None:
            same = sorted((s for s in seen if s[:2] == k[:2]), key=lambda s: s in completed)
            k = same[0] if same else k
        old = seen.get(k)
        if old is None:
            seen[k] = b
        elif (b.skip, b.rest) >= (old.skip, old.rest):
            seen[k] = Break(b.file, b.line, b.reason, b.skip, b.rest, old.stack or b.stack)
        completed.add(k)
    m.breaks = sorted(seen.values())
    return m


def _op_name(target: Any) -> str:
    name = getattr(target, "__name__", None) or str(target)
    module = getattr(target, "__module__", None)
    return f"{module}.{name}" if module and not name.startswith(module) else name


def executed_lines(fn: Callable, args: tuple = (), kwargs: dict | None = None,
                   want: Callable[[str], bool] = lambda f: True, grad: bool = False) -> dict[str, set[int]]:
    """Lines of files accepted by ``want`` that an eager call of ``fn`` executes (sys.settrace)."""
    import sys

    hits: dict[str, set[int]] = {}
    wanted: dict[str, bool] = {}  # want() once per file, not on every call: a first call may import
    # a large package lazily (torch imports sympy), thousands of frames under the tracer

    def tracer(frame, event, arg):
        filename = frame.f_code.co_filename
        keep = wanted.get(filename)
        if keep is None:
            keep = wanted[filename] = want(filename)
        if not keep:
            return None
        lines = hits.setdefault(filename, set())

        def local(frame, event, arg):
            if event == "line":
                lines.add(frame.f_lineno)
            return local
        lines.add(frame.f_lineno)
        return local

    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        with torch.set_grad_enabled(grad):
            fn(*args, **(kwargs or {}))
    finally:
        sys.settrace(old)
    return hits


def format_exception(exc: BaseException) -> str:
    return "".join(traceback.format_exception_only(type(exc), exc)).strip()
