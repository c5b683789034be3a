"""The compile-coverage estimate: how much of the model ``torch.compile`` would capture.

It is computed after the scan from the per-file summaries of traced functions
(``FileResult.traced``, made by checks/graph_breaks.py); nothing here parses code.

Formula (calibrated in docs/accuracy.md against a measured share of ATen op calls):

- A traced function *runs eagerly* when one of its break sites sits in a loop, a ``try``
  block, a user context manager or a generator expression (Dynamo cannot resume there and
  skips the frame; constructs.py "item in a generator expression": 0 graphs), or
  when it calls, from such a place, a traced function that has a break below it (in any
  file). When Dynamo resumed from an earlier break first, the frame it skips is the resumed
  one: the statements from that earlier break on run eagerly, those before it stay compiled.
- Its *lost statements* are its statements when it runs eagerly, but for those that only
  call traced functions (their work runs in the callees' own frames) and those that call a
  callable handed to the entry from outside the scan (a sampler's denoiser, a solver's residual
  function: a frame Dynamo compiles on its own, whose work only that statement stands for;
  constructs.py "callable argument of a skipped frame": 1 graph, 75 %; such a call keeps its
  statement in the eager rest of a frame too, "... after a break that skips the resumed frame":
  2 graphs, 62 %), and, in the eager rest of a frame, those that only call traced functions running
  no tensor op and calling nothing (torchfsm's ``clean_up_memory()``: no ATen call), otherwise the
  statements whose break runs a tensor op eagerly between two graphs: a host read
  (NM401), a branch on a tensor (NM402, whose value is read eagerly), a data-dependent
  shape (NM301), a call into a disabled function (NM405) or a torch.nn container that
  reads its mask on the host (NM407), plus, from a break Dynamo cannot resume from (an
  RNN module call, NM406), that statement and every later one. A ``print``, logging or
  untraceable Python call (NM403/NM404) splits the graph but runs no tensor op itself, so
  it costs graphs, not coverage (measured: benchmarks/calibration/constructs.py).
- Break sites after the first one that runs the frame (or the rest of it) eagerly are
  never reached by Dynamo, so they are neither counted nor predicted.
- ``estimated_coverage = 1 - sum(lost statements) / sum(statements)`` over the traced
  functions of a module, and over every traced function of the scan for the overall figure;
  both estimated with the calls across files, as an entry's are (a file's forwards split at
  their calls into another file's breaks, and weigh their callers' runs there).
  A statement weighs its runs: the trip counts of its loops where they are literals
  (``range(4)``, a literal list), 8 for a loop over a tensor's rows, or up to a count read
  from a tensor's values (``range(int(n.item()))``) or up to its length (``range(len(t))``), that
  calls no traced function (ranking-metrics' cut-offs and label rows, bleu-torch's n-gram positions,
  splinetorch's knot intervals, run eagerly:
  ``TENSOR_ROWS``), or that stops where a tensor says (``if r.norm() < tol: break``: an iterative
  solver's steps, fastica's fits, the Krylov solvers, ``TENSOR_ROWS`` whatever it calls) or where a
  value read from one says, calling nothing but torch (otloss' Sinkhorn iterations), times its
  function's runs, the sum over the statements
  calling it of their runs (a helper called from two statements weighs twice; measured:
  constructs.py "helper called in range(4), after an item"). A statement that calls nothing
  (or only nn.Module's bookkeeping: ``self.register_buffer(...)``, ``super().__init__()``) and
  runs no tensor op (``n = 0``, ``if flag:``, ``return out``; ``TracedFunction.quiet``)
  runs no ATen call, which is what the measured share counts: it weighs nothing. A call whose
  traced functions all run no tensor op and call nothing that could (``host_only``: a
  learning-rate warmup scaling ``group["lr"]``) has no share at all (None) and no graph.
- ``expected_graphs = 1 + the graphs each function adds``: its breaks and its calls to
  functions with a break below them (in any file: Dynamo breaks the caller at the call
  too, and the callee becomes a frame of its own) cut it into stretches, and each stretch
  that runs a tensor op is a graph (the comparison an ``if`` on a tensor tests, ``if a > 2:``,
  runs before its break: constructs.py "tensor compared in an if and in its elif": 3 graphs), less
  the first when the function is not a frame of its
  own (that one is its caller's); a frame Dynamo skips compiles nothing itself, and its
  callees become frames of their own, as do those called where the rest of a frame runs
  eagerly (constructs.py "helper after a break that skips the resumed frame"), but for a
  ``@torch.jit.script`` function called only from such code: it runs as TorchScript, eagerly
  (constructs.py "torch.jit.script helper of a skipped frame": 0 graphs, 0 %). A callable
  handed from outside the scan and called there (a sampler's denoiser, a solver's residual) is
  a frame of its own too, one graph per callable, counted where the call starts eagerly (where
  it starts compiled, the start's 1 stands for the code outside the scan; constructs.py
  "callable argument of a skipped frame": 1 graph). So is a library function whose file Dynamo
  does not skip (einops' ``rearrange``, ``repeat``; ``LIBRARY_FRAMES`` in checks/graph_breaks.py),
  called where a function runs eagerly: a graph per calling statement (its pattern or shapes
  differ; one statement in a loop on one shape: one), up to the recompile limit per function, and
  its statement is not lost (constructs.py "einops.rearrange in a skipped frame, two patterns": 2
  graphs; ponder-transformer's halting forward, 3). Calls are
  followed across files through the project model's links, through module containers
  (``self.layers[i](x)``, ``for layer in self.layers``), and not into code that runs only in
  training (``if self.training:``).
  A statement Dynamo breaks in more than once (``(a[m] - b[m])``, two ``.item()`` of ops)
  adds a graph per later break (``BreakSite.again``); ``optimizer.step()`` adds its own frame's
  graph wherever it is called from; a backward pass compiles nothing; an entry that runs
  eagerly holds no graph itself (no 1 for it); a function run more than once per call (a
  layer in a loop) that resumes after a ``.item()`` compiles the rest again for the next
  value (constructs.py "two x[mask] reads in one statement", "optimizer.step()",
  "loss.backward()", "ModuleList of 3 breaking layers, for loop").
  Repetitions of a loop are not multiplied: layers of one shape reuse their compiled frames
  (measured: constructs.py "ModuleList of 3 breaking layers"), but for a loop Dynamo resumes a
  break in (a ``return`` ahead of the loop's end, or a ``break`` of a loop the function ends with,
  whose jump CPython makes the implicit return; ``TracedFunction.resumed_loops``): the graph
  after each break or split call there runs on into the next iteration, and each later
  iteration compiles it again (the loop's state is a constant of the resumed frame), up to
  Dynamo's recompile limit, 8; a trip count that is not a literal is taken to reach it (measured:
  constructs.py "break resumed in a loop, 6 steps": 7 graphs, "... 12 steps": 9; pyhessian's
  Hutchinson loop; "break on a tensor test, the loop ending the function, 6 steps": 6, "... 12
  steps": 9, with a ``return x`` after the loop: 0, the frame skipped; torchclust's
  GaussianMixtureModel.fit). A loop an ``if ...: break`` ends is taken to run at most 8 steps, as a
  solver's are. Past the limit the resumed frame runs eagerly: a loop whose trip count is
  known loses the runs of its statements after the ninth iteration (the frame's own, then 8
  resumes), and what follows it (measured: "... 12 steps": 50 % captured against 67 % for 6,
  "... 24 steps": 25 %). A frame of its own entered
  from two callers, or in a loop of a frame that runs eagerly (not a layer's ``forward``), is
  compiled twice: Dynamo compiles it again, once, with dynamic shapes, when a call brings
  other shapes (measured: constructs.py "helper of a skipped frame, ..."; the detectors' box
  helpers called for proposals and for detections, ``roi_align`` per feature level). Two
  calls of one caller are taken as one shape (Dynamo: 2 graphs on two shapes, 1 on one), and so is a
  loop that hands it the same tensors, or (a ``while`` or ``for ... in range``) the tensors its last
  step computed (constructs.py "method in a skipped frame's for _ in range loop, its state handed on":
  1 graph; torchattacks' PGD).
  Such a frame in a loop that hands it a number the loop changes (its ``range`` index, an
  adaptive solver's ``t += dt``, a name the loop binds from a host read or from arithmetic of
  those: a traceback's ``start = t - k``), which it turns into a constant of its graph
  (``torch.as_tensor(t)``, ``math.exp(t)``, an index in a tuple subscript ``x[:, t + k]``), is
  compiled once per value (per combination, in nested loops), up to the recompile limit (a trip
  count not a literal taken to reach it): Dynamo guards the value there, where a number used in
  tensor arithmetic, ``torch.tensor(t)`` or ``x[t]`` is made dynamic at the first recompile
  (constructs.py "helper turning a float argument into a tensor, ...": 8 graphs, against 2;
  "... loop index in a tuple subscript it reads, ...": a graph per value; torch-linode's
  ``_richardson_step``, 8 of 9 graphs; flash-semicrf's edge blocks and segment scores). So is one
  appending to a list it is handed (``trace_dict['abs'].append(v)``, ``TracedFunction.grown_params``)
  called in a loop of code that runs eagerly: Dynamo guards the list's length, longer at each step
  (constructs.py "helper appending to a handed dict's list, in a loop of a skipped frame, 12 steps": 8
  graphs, "... 4 steps": 4; torchdeq's ``update_state``, graphs 5 to 12 of 14). A list made anew at
  each step ("... a new dict's list at each step ...": 1 graph) is not told apart: the caller's
  argument is not in the summary.
- Per compile entry (``entries[]``), the same figures over the traced functions the entry
  reaches, and ``expected_recompiles``: the statements that grow a tensor inside a loop
  (a decode loop's ``torch.cat``, a KV cache) that runs eagerly, each a new shape per step
  for the frames it calls (a loop Dynamo traces whole is unrolled into one graph), and the frames
  compiled twice above, the functions that resume a break in a loop (above), and the statements
  of compiled code appending to a list kept across calls (``self.history.append(v)``: Dynamo
  guards its length, a compile per call up to the limit; measured, 12 calls: 8 graphs), each at
  least one recompile (a lower bound: how many steps run is not
  in the code; Dynamo recompiles each once, then with dynamic shapes, where Neuron compiles
  every new shape).

Statements are the statements of a function's own body (its callees count for
themselves), so a call to a submodule costs one statement where its ops are counted in the
submodule's ``forward``. A call to a torch.nn container whose code is not the project's
(``nn.LSTM``, ``nn.TransformerEncoder``, ``nn.MultiheadAttention``, ...) weighs what its
ops weigh: its eager ATen calls per layer / 2 (a plain statement makes about two), times its
layer count when that is a literal (2 when it is not), from a table measured with
``benchmarks/calibration/constructs.py --container-ops``; so losing such a call to a break
costs its weight, not one statement. A call to an ``nn.Sequential`` built of torch.nn layers weighs
1 per layer (a Linear's ``t`` and ``addmm``), those known containers their weight. A call to a torch.nn
lazy module (``nn.LazyLinear``, ``nn.LazyConv2d``, ``nn.LazyBatchNorm1d``, or an ``nn.Sequential`` or
``nn.ModuleList`` built with them) also weighs what its first call's initialisation of its parameters
weighs, its ATen calls / 2, lost: Dynamo runs it eagerly before tracing the call, and the estimate is of
a first call (constructs.py "a lazy linear layer, first call": 8 ATen calls, 33 % captured, 1 graph;
torchradio's dense receiver).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from neuron_migrate.models import FileResult, TracedFunction

FORMULA = ("estimated_coverage = 1 - lost statements / statements of traced functions (each "
           "statement weighed by its runs: its loops' literal trip counts (8 over a tensor's rows, up to a count read "
           "from a tensor, or until a tensor's test stops the loop), its callers' calls; one "
           "that calls nothing and runs no tensor op weighs nothing, and a call running no tensor op "
           "anywhere has no estimate and no graph); a "
           "function with a break in a loop, try block, user context manager or generator expression loses all its "
           "statements, otherwise each statement whose break runs a tensor op eagerly (NM301, "
           "NM401, NM402, NM405, NM407) is lost, and from an RNN call (NM406) on the rest of the "
           "function; expected_graphs = 1 + per function, the stretches between its breaks and its "
           "calls to functions with a break below them (in any file) that run a tensor op, less "
           "the first when it is not a frame of its own; a skipped frame compiles nothing, its "
           "callees (and those of the eager rest of a frame) become frames of their own, compiled "
           "twice when entered from two callers or in a loop of a skipped frame (other shapes: a "
           "second compile with dynamic shapes), once per value up to 8 when it turns a number that loop changes "
           "into a constant (torch.as_tensor(t), math.exp(t), x[:, t]) or appends to a list it is handed (a compile per "
           "step), and so does a callable handed from outside the scan "
           "when the call starts eagerly (one graph each), as does each statement calling einops where the code runs "
           "eagerly; a break resumed in a loop (a return ahead of its "
           "end, or a break of a loop ending the function) is compiled again at each iteration, up to 8 (a trip count not a literal: 8), and past "
           "that runs eagerly: a known trip count loses the runs after the ninth and what follows the loop; a first call "
           "of a torch.nn lazy module initialises its parameters outside every graph (lost)")
RECOMPILED = ("a frame of its own called with other shapes (from two callers, or in a loop of a frame that "
              "runs eagerly): compiled again, with dynamic shapes")
PINNED = ("a frame of its own that turns a number it is given into a tensor, a math result or an index "
          "(torch.as_tensor(t), math.exp(t), x[:, t]), called in a loop that changes the number: Dynamo guards its "
          "value, so each new value is a compile, up to the recompile limit (8), then the frame runs eagerly")
GROWN_LIST = ("a frame of its own appending to a list it is handed, called in a loop that runs eagerly: Dynamo "
              "guards the list's length, so each step compiles it again, up to the recompile limit (8), then "
              "runs it eagerly")
GROWN_BY = ("called in a loop outside the entry with a tensor that loop grows ({how}): a new shape per "
            "call, a compile per new length on Neuron (Dynamo: one recompile, then dynamic shapes)")
# how the loop's call reaches the compiled forward (measured: constructs.py --wrapper-calls; graph_breaks._grown_by)
IN_PLACE = ("`{where}` compiles the module in place, so a generate's `{call}(...)`, one token longer at each "
            "step, is the compiled forward")
IF_IN_PLACE = {
    "self": "a generate calling the forward one token longer at each step, when the module is compiled in "
            "place with `model.compile()`; on torch.compile's wrapper the method runs uncompiled, NM127",
    "self.forward": "a generate calling `self.forward(...)` one token longer at each step, when the forward "
                    "itself is compiled (`model.forward = torch.compile(model.forward)`); neither `model.compile()` "
                    "nor torch.compile's wrapper compiles `self.forward(...)`",
}
KEPT_LIST = ("appends to a list kept across calls: Dynamo guards the list's length, so each call compiles the "
             "frame again, up to the recompile limit (8), then runs it eagerly")
ITERATED = ("a break resumed inside a loop (a return ahead of the loop's end, or a break of a loop ending the "
            "function): the frame resumed after it is "
            "compiled again at each iteration, the loop's state a constant of it, up to Dynamo's recompile limit (8)")
NO_OP_BREAKS = frozenset({"NM403", "NM404"})  # print/log/Python calls: a split, no eager tensor op
# What a backward pass weighs where the history it runs was recorded by no graph of the call (it
# runs eagerly, lost): its ATen calls / 2 (a plain statement makes about two), measured on a
# two-layer MLP's loss (constructs.py "torch.autograd.grad of a loss recorded before the call": 22
# ATen calls, 12 % captured) and on the gradient of its gradient ("... of a gradient (double
# backward)": 39 ATen calls, run eagerly, the first gradient's graph recorded eagerly at its break).
# A backward of a history recorded in the call's graphs weighs 0 (captured as its forward is).
OUTSIDE_BACKWARD = 11
GRADIENT_BACKWARD = 20


@dataclass(frozen=True)
class FunctionEstimate:
    function: TracedFunction
    statements: int
    lost: int
    break_lines: tuple[int, ...]
    runs_eagerly: bool
    rest_eager_from: int | None = None  # line of a break the rest of the function runs eagerly after
    resumed_then_skipped: bool = False  # the frame resumed after rest_eager_from is skipped whole
    split_calls: int = 0  # calls to functions with a break below them: each splits this frame too
    own_frame: bool = False  # a caller breaks at the call to it, so Dynamo compiles it as a frame of its own
    split_lines: tuple[int, ...] | None = None  # statements of those calls, one per call (None: not all known)
    op_lines: tuple[int, ...] | None = None  # statements running a tensor op, of those that ran
    eager_breaks: tuple[int, ...] = ()  # sites that break because the code around them runs eagerly (NM409)
    recompiled: bool = False  # a frame of its own that a later call gives other shapes: compiled twice
    read_again: bool = False  # runs again after a host read it resumes from: the rest compiled again (another value)
    iterated: int = 0  # graphs compiled anew by the later iterations of a loop it resumes breaks in
    wrapped: tuple[int, ...] = ()  # those breaks and split calls: the graph after each runs on into the next iteration
    handed: int = 0  # callables handed from outside the scan that it calls where it runs eagerly: a frame each
    library: int = 0  # graphs of library functions it calls where it runs eagerly (einops'): frames of their own
    compiles: int = 0  # compiles of a frame pinned to a value its eager caller's loop changes (0: not one)

    @property
    def graphs(self) -> int:
        """Graphs this function adds (``_graphs``), twice when it is recompiled: Dynamo
        compiles a frame again, once, with dynamic shapes, when a call brings other shapes
        (measured: a helper called from an eager frame on two shapes makes 2 graphs, on
        three shapes in a loop 2, on one shape 1)."""
        again = self.read_again and not self.runs_eagerly and self.op_lines is not None and any(
            o > self.break_lines[0] for o in self.op_lines if self.rest_eager_from is None or o < self.rest_eager_from)
        compiles = self.compiles or (2 if self.recompiled else 1)
        return self._graphs() * compiles + self._stepped() + again + self.iterated + self.library

    def _stepped(self) -> int:
        """Frames of torch's own that a statement calls and Dynamo compiles wherever it is called
        from, even from a frame that runs eagerly: ``optimizer.step()``, a graph of its own after
        its ``graph_break()`` (constructs.py "optimizer.step()": 3 graphs, "optimizer.step() after a
        skipping break": 1; held_out_10's DQN update, stable-baselines3's SAC training step)."""
        sites = {b.line for b in self.function.breaks if b.callee_frame}
        return len(sites & {*self.break_lines, *self.eager_breaks})

    def _graphs(self) -> int:
        """Graphs this function adds: one per stretch between its breaks and split calls
        that runs a tensor op (less the first when it is not a frame of its own: that one is
        its caller's graph); none when Dynamo skips it (its callees are frames of their own).
        Without the op lines (a summary made by an older version): one per resumable break
        and split call, less a break on the last statement, and one for a skipped frame."""
        if self.runs_eagerly:
            return 0 if self.op_lines is not None else 1
        if self.op_lines is not None and self.split_lines is not None:
            return max(0, self._stretches() - (not self.own_frame))
        own = len(self.break_lines) - (self.rest_eager_from is not None) - self.resumed_then_skipped
        # a break on the function's last statement leaves nothing after it in this frame
        last = self.break_lines and self.function.statements and self.break_lines[-1] == self.function.statements[-1]
        return max(0, own - bool(last)) + self.split_calls + self.own_frame

    def _stretches(self) -> int:
        """Stretches of the frame between split points (breaks, split calls) that hold a
        tensor op before the part that runs eagerly; ops on a break's own statement run
        before it, those on a split call's statement are its arguments or use its result."""
        breaks = set(self.break_lines)
        points = sorted(breaks | set(self.split_lines or ()))
        end = self.rest_eager_from
        ops = [o for o in self.op_lines if end is None or o < end or (o == end and o in breaks)]
        both = set(self.function.ops_both_sides)
        # later breaks of one statement, each resumed into a graph of its own (a graph per x[m] read)
        found = {(b.line, "again", n) for b in self.function.breaks if b.again and b.line in breaks
                 and (end is None or b.line < end) for n in range(b.again)}
        # a statement calling two of them, f(a) + f(b): the ops between the calls make a graph
        # of their own (measured: mixture-of-experts' Top2Gating, two safe_one_hot calls)
        for line in set(self.split_lines or ()):
            if line in ops and line not in breaks:
                found.update((line, n) for n in range(1, self.split_lines.count(line)))
        # a break resumed in a loop that runs again: the graph after it runs on into the next
        # iteration's ops, up to the next break (constructs.py "break resumed in a loop, 3 steps": 4)
        found.update(points.index(p) + 1 for p in self.wrapped if p in points)
        for o in ops:
            i = next((i for i, p in enumerate(points) if o < p or (o == p and o in breaks)), len(points))
            if o in breaks or o not in points or o in both:
                found.add(i)
            if o in both and o in points and (end is None or o < end):
                found.add(points.index(o) + 1)  # the update of x[mask] += v, head() of head(block(x))
                if o not in breaks:
                    found.add(points.index(o))  # ... and embed() of head(block(embed(x))), before the call
        return len(found)


def estimate_functions(functions: Iterable[TracedFunction],
                       executed: set[int] | None = None) -> list[FunctionEstimate]:
    """Estimates for the traced functions of one file; with ``executed`` (line numbers a run
    executed), only the statements and break sites on those lines count."""
    return estimate([("", f) for f in functions], None if executed is None else {"": executed})


Key = tuple[str, str]  # (path, function name)


def estimate(functions: Iterable[tuple[str, TracedFunction]], executed: dict[str, set[int]] | None = None,
             links: dict[Key, list[tuple[Key, int]]] | None = None) -> list[FunctionEstimate]:
    """Estimates for traced functions of any files, ``(path, function)``: calls within a file
    come from each function's summary, calls across files from ``links`` (the project
    model's: caller -> [(callee, line of the call)]); with ``executed`` (path -> line numbers
    a run executed), only the statements and break sites on those lines count."""
    functions = list(functions)
    by_key = {(p, f.name): f for p, f in functions}
    links = links or {}

    lines_of: dict[int, tuple[set[int], list]] = {}  # id(f) -> lines(f): asked three times or more

    def lines(path: str, f: TracedFunction) -> tuple[set[int], list]:
        found = lines_of.get(id(f))
        if found is None:
            stmts = set(f.statements) if executed is None else set(f.statements) & executed.get(path, set())
            found = lines_of[id(f)] = stmts, [b for b in f.breaks if b.line in stmts and not b.eager_only]
        return found

    breaks_of = {(p, f.name): lines(p, f)[1] for p, f in functions}
    calls_of = {k: [*((k[0], c) for c in f.calls), *(c for c, _ in links.get(k, ()))] for k, f in by_key.items()}
    in_loop_of = {k: {*((k[0], c) for c in f.calls_in_loop),
                      *(c for c, line in links.get(k, ()) if line in f.trapped_calls)} for k, f in by_key.items()}
    has_break: dict[Key, bool] = {}

    def breaks_below(key: Key, seen: frozenset = frozenset()) -> bool:
        if key in has_break:
            return has_break[key]
        if key not in by_key or key in seen:
            return False
        found = bool(breaks_of[key]) or any(breaks_below(c, seen | {key}) for c in calls_of[key])
        has_break[key] = found
        return found

    # A break inside a called function breaks its caller at the call, up the chain: each
    # caller's graph is split there and each callee on the chain is compiled as a frame of
    # its own (measured: constructs.py "break in a helper of a helper": 5 graphs).
    split_by = {k: {c for c in calls_of[k] if c in by_key and c not in in_loop_of[k] and breaks_below(c)}
                for k in by_key}
    framed = {c for cs in split_by.values() for c in cs}

    def trapped_at(k: Key) -> int | None:
        """The first line where ``k`` calls a breaking function from a loop, try block or user
        context: Dynamo skips the frame there, so its own sites after it are never traced
        (measured: torchvision's filter_proposals, whose torch.where after the loop's
        remove_small_boxes call never breaks)."""
        f = by_key[k]
        ran = lines(k[0], f)[0]
        calls = [line for c, line in f.call_lines
                 if (k[0], c) in in_loop_of[k] and line in f.trapped_calls and breaks_below((k[0], c))]
        calls += [line for c, line in links.get(k, ()) if c in in_loop_of[k] and breaks_below(c)]
        return min((line for line in calls if _statement_of(f, line) in ran), default=None)

    reached = {k: _reached(breaks_of[k]) for k in by_key}

    def runs_eagerly(k: Key) -> bool:
        skip = next((b for b in reached[k] if b.skips_frame), None)
        resumed = skip is not None and any(b.line < skip.line for b in reached[k])
        return (skip is not None and not resumed) or any(breaks_below(c) for c in in_loop_of[k])

    eager_keys = {k for k in by_key if runs_eagerly(k)}
    # the statements (caller, line) each function is called from, of those that ran
    sites: dict[Key, set[tuple[Key, int]]] = {}
    for k, f in by_key.items():
        ran_k = lines(k[0], f)[0]
        for c, line in f.call_lines:
            if line in ran_k:
                sites.setdefault((k[0], c), set()).add((k, line))
        for c, line in links.get(k, ()):
            if _statement_of(f, line) in ran_k:
                sites.setdefault(c, set()).add((k, _statement_of(f, line)))
    # the callees of a frame Dynamo skips are compiled as frames of their own (measured:
    # constructs.py "ModuleList of 3 breaking layers, for loop"), and so are those called
    # where the rest of a frame runs eagerly; from a statement that ran (a call in a branch the
    # run did not take makes no frame: torch-optimi's step, whose per-parameter branch calls
    # ``_init_state``, which the run's ``_init_group`` calls inline)
    for k in eager_keys:
        placed: dict[Key, list[int]] = {}
        for c, line in by_key[k].call_lines:
            placed.setdefault((k[0], c), []).append(line)
        for c, line in links.get(k, ()):
            placed.setdefault(c, []).append(_statement_of(by_key[k], line))
        ran_k = lines(k[0], by_key[k])[0]
        framed.update(c for c in calls_of[k] if c in by_key and lines(c[0], by_key[c])[0]
                      and (c not in placed or any(line in ran_k for line in placed[c])))
    eager_from = {k: 0 for k in eager_keys}
    for k in by_key.keys() - eager_keys:
        rest = _rest(reached[k])
        if rest is not None:
            eager_from[k] = rest
    # a ``@torch.jit.script`` function called only from code that runs eagerly is no frame Dynamo
    # compiles: it runs as TorchScript, eagerly, with the TorchScript functions it calls
    # (constructs.py "torch.jit.script helper of a skipped frame": 0 graphs, 0 %)
    # ... and so does what such a function calls, decorated or not: TorchScript compiles it with its caller
    # (constructs.py "torch.jit.script function as the compiled entry, a break in it, a plain helper it
    # calls": 0 graphs, 0 %; torch-nl's compute_neighborlist calling strict_nl)
    scripted = {k for k in eager_keys if by_key[k].scripted}
    found = True
    while found:
        found = False
        for c, at in sites.items():
            if c in by_key and c not in eager_keys and at and (by_key[c].scripted and all(
                    k in eager_from and line > eager_from[k] or k in eager_keys for k, line in at)
                    or all(k in scripted for k, _ in at)):
                eager_keys.add(c)
                eager_from[c] = 0
                scripted.add(c)
                found = True
    for c, at in sites.items():
        if c in by_key and any(k in eager_from and line > eager_from[k] for k, line in at):
            framed.add(c)
    # the statement of each call that splits its caller
    split_at: dict[Key, list[int]] = {}
    unplaced: set[Key] = set()
    for k, f in by_key.items():
        placed = {(k[0], c) for c, _ in f.call_lines} | {c for c, _ in links.get(k, ())}
        unplaced.update(k for c in split_by[k] if c not in placed)
        lines_ = [line for c, line in f.call_lines if (k[0], c) in split_by[k]]
        lines_ += [_statement_of(f, line) for c, line in links.get(k, ()) if c in split_by[k]]
        split_at[k] = lines_
    # a frame of its own entered from two callers (each running it as a frame: the caller runs
    # eagerly or breaks at the call), or in a loop of a frame that runs eagerly (over feature
    # levels, images, boxes), sees other shapes: compiled twice; not a layer's forward in a
    # loop (the layers of a stack share a shape), nor two calls of one caller (often one shape),
    # nor a loop handing it one shape at every step (over an optimizer's parameter groups, the same
    # tensors, or a step loop's state handed on: ``TracedFunction.group_looped``)
    def recompiles(c: Key) -> bool:
        eager = [(k, line) for k, line in sites.get(c, ()) if k in eager_from and line > eager_from[k]]
        entered = {k for k, _ in sites.get(c, ()) if c in split_by[k]} | {k for k, _ in eager}
        return len(entered) > 1 or (not c[1].endswith(".forward") and any(
            c in in_loop_of[k] and line not in by_key[k].group_looped for k, line in eager))

    recompiled = {c for c in framed if c not in eager_keys and recompiles(c)}
    runs = _runs(by_key, sites)
    # a frame of its own that turns a parameter into a constant of its graph (``torch.as_tensor(t)``),
    # called where code runs eagerly, in a loop that changes the value at each step: compiled once
    # per value, up to the recompile limit (constructs.py "helper turning a float argument into a
    # tensor, ...": 8 graphs); a trip count not a literal taken to reach it, as for a resumed loop
    # ... and so does one appending to a list it is handed (torchdeq's ``update_state``: ``trace_dict['abs']
    # .append(v)``), called in a loop of code that runs eagerly: the list is longer at each step, and
    # Dynamo, which guards its length, compiles the frame again, up to the recompile limit
    pinned: dict[Key, int] = {}
    for c in framed - eager_keys:
        pins, grown = set(by_key[c].pinned), by_key[c].grown_params
        for k, line in sites.get(c, ()) if pins or grown else ():
            if not line > eager_from.get(k, line):
                continue
            steps = []
            if trips := [n for at, p, n in by_key[k].varied_args if at == line and p in pins]:
                steps.append(math.prod(trips) or UNKNOWN_TRIPS)  # each combination of its loops' values
            if grown and c in in_loop_of[k]:
                n = dict(by_key[k].repeats).get(line, 1)
                steps.append(n if n > 1 else UNKNOWN_TRIPS)
            if steps:
                pinned[c] = max(pinned.get(c, 2), min(RECOMPILE_LIMIT, max(steps) * runs.get(k, 1)))

    def handed(key: Key, i: int, seen: frozenset = frozenset()) -> bool:
        """The ``i``-th parameter of ``key`` holds what the call was handed (its history recorded
        before the call): ``key`` is where the call starts, or each statement calling it hands it
        a parameter of its own that was (``TracedFunction.hands``)."""
        if key not in sites:
            return True
        if key in seen:
            return False
        return all(any(line == at and p == i and handed(k, j, seen | {key}) for at, p, j in by_key[k].hands)
                   for k, line in sites[key])
    # a frame that runs more than once per call (a layer of a loop, a helper of a literal loop)
    # and resumes after a host read (`.item()`): the value read is a constant of the resumed
    # graph, so the next run, with another value, compiles that graph again (dynamic)
    looped = {c for k in by_key for c in in_loop_of[k]} | {k for k, n in runs.items() if n > 1}
    out = []
    for path, f in functions:
        key = (path, f.name)
        stmts = lines(path, f)[0]
        breaks = reached[key]
        skip = next((b for b in breaks if b.skips_frame), None)
        # a break Dynamo cannot resume from, after one it resumed from: only the frame it
        # resumed in (the rest of the function from that break on) runs eagerly (measured:
        # constructs.py "item, then item in a later loop")
        resumed = [b.line for b in breaks if skip is not None and b.line < skip.line]
        eager = key in eager_keys
        cut = trapped_at(key) if in_loop_of[key] else None
        break_lines = tuple(sorted({b.line for b in breaks if cut is None or b.line <= cut}))
        lost_lines = {b.line for b in breaks if b.code not in NO_OP_BREAKS}
        rest = _rest(breaks)
        if rest is not None:
            lost_lines |= {s for s in stmts if s >= rest}
        weight = dict(f.weights)
        times, repeats = runs.get(key, 1), dict(f.repeats)
        if times != 1 or repeats:  # a statement weighs its ops once per run (its loops', its callers')
            weight = {s: weight.get(s, 1) * repeats.get(s, 1) * times for s in stmts}
        # a backward pass of a history no graph of the call recorded runs eagerly: lost, with its weight;
        # a parameter's history was recorded before the call where the function is where the call starts
        outside = {line: GRADIENT_BACKWARD if i < 0 else OUTSIDE_BACKWARD for line, i in f.backward_of
                   if line in stmts and (i < 0 or handed(key, i))}
        if outside:
            weight = {s: outside[s] * repeats.get(s, 1) * times if s in outside else weight.get(s, 1) for s in stmts}
            lost_lines |= set(outside)
        if f.quiet:  # a statement that calls nothing and runs no tensor op runs no ATen call: no weight
            at = {b.line for b in breaks}
            weight = {s: (0 if s in f.quiet and s not in at else weight.get(s, 1)) for s in stmts}
        # a lazy module's first call initialises its parameters eagerly, before Dynamo traces the call: the
        # call is a first one, so that work is the statement's too, outside every graph (once, whatever its runs)
        lazy = {line: w for line, w in f.lazy_init if line in stmts} if f.lazy_init else None
        if lazy:
            weight = {s: weight.get(s, 1) + lazy.get(s, 0) for s in stmts}
        size = sum(weight.get(s, 1) for s in stmts)
        # a library function Dynamo compiles as a frame of its own, called where this one runs eagerly:
        # its work is captured there, a graph per call statement (its pattern or shapes differ), up to
        # the recompile limit per function
        library = [(line, name) for line, name in f.library_frames
                   if line in stmts and (eager or (rest is not None and line > rest))]
        lost_lines -= {line for line, _ in library}
        # a callable handed from outside the scan, called where the rest of the frame runs eagerly: a
        # frame of its own too (below), whose work only that statement stands for
        lost_lines -= {line for line, i in f.handed_calls if rest is not None and line > rest and handed(key, i)}
        if rest is not None:  # ... and one calling only functions that run no tensor op loses no ATen call
            lost_lines -= {line for line in _quiet_calls(f, key, by_key, calls_of, links) if line > rest}
        if key in scripted:  # TorchScript runs its calls too, wherever they are: no frame of their own
            lost = size
        elif eager:  # its calls' work runs in the callees' own frames, compiled unless Dynamo skips them too
            calling = {line for c, line in f.call_lines if (path, c) not in eager_keys}
            calling |= {line for line, _ in library}
            calling |= {_statement_of(f, line) for c, line in links.get(key, ()) if c not in eager_keys}
            # a callable handed from outside the scan (to the entry, and down): a frame of its own
            calling |= {line for line, i in f.handed_calls if handed(key, i)}
            lost = size - sum(weight.get(s, 1) for s in calling & stmts)
        else:
            lost = sum(weight.get(s, 1) for s in lost_lines & stmts)
            if lazy:
                lost += sum(w for line, w in lazy.items() if line not in lost_lines)
        ran = bool(stmts)  # a function the run never entered makes no graph
        # a backward pass (weight 0) runs no op of the forward's graphs: Dynamo breaks at it and
        # compiles nothing for it (constructs.py "loss.backward()": 2 graphs, around it)
        backward = {s for s, w in f.weights if w == 0}
        ops = None if f.op_lines is None else tuple(o for o in f.op_lines if o in stmts and o not in backward)
        # where the function runs eagerly (the whole of it, or after `rest`), comprehensions and
        # calls into frames Dynamo compiles on their own still break
        eager_breaks = tuple(sorted(b.line for b in f.breaks if (b.eager_only or b.callee_frame) and b.line in stmts
                                    and b.line not in break_lines and (eager or (rest is not None and b.line > rest))))
        iterated, wrapped = (0, ()) if eager or not ran else _iterated(f, break_lines, split_at[key], ops, rest)
        if wrapped:  # its calls' work runs in the callees' own frames, compiled on their own
            calling = {line for c, line in f.call_lines if (path, c) in by_key and (path, c) not in eager_keys}
            calling |= {_statement_of(f, line) for c, line in links.get(key, ()) if c in by_key and c not in eager_keys}
            lost += _past_limit(f, stmts - lost_lines - calling, weight)
        # a callable handed from outside the scan, called where the function runs eagerly: a frame
        # Dynamo compiles on its own, a graph (one per callable: its calls share a shape)
        handed_n = len({i for line, i in f.handed_calls if line in stmts and (eager or (rest is not None and line > rest))
                        and handed(key, i)})
        out.append(FunctionEstimate(f, size, lost, break_lines, eager and ran, rest, bool(resumed),
                                    len(split_by[key]) if ran else 0, key in framed and ran,
                                    None if key in unplaced else tuple(sorted(line for line in split_at[key] if line in stmts)), ops,
                                    eager_breaks, key in recompiled,
                                    key in looped and bool(break_lines) and reached[key][0].code == "NM401"
                                    and not (reached[key][0].skips_frame or reached[key][0].skips_rest),
                                    iterated, wrapped, handed_n,
                                    sum(min(RECOMPILE_LIMIT, sum(n == name for _, n in library))
                                        for name in {n for _, n in library}), pinned.get(key, 0)))
    return out


def _quiet_calls(f: TracedFunction, key: Key, by_key: dict, calls_of: dict, links: dict) -> set[int]:
    """Statements of ``f`` that run no tensor op themselves and only call traced functions that run
    none either and call nothing (torchfsm's ``clean_up_memory()``: ``gc.collect()``,
    ``torch.cuda.empty_cache()``): no ATen call, as a statement that calls nothing."""
    callees: dict[int, set[Key]] = {}
    for c, line in f.call_lines:
        callees.setdefault(line, set()).add((key[0], c))
    for c, line in links.get(key, ()):
        callees.setdefault(_statement_of(f, line), set()).add(c)
    ops = set(f.op_lines or ())
    return {line for line, cs in callees.items() if line not in ops and f.op_lines is not None and all(
        c in by_key and by_key[c].op_lines == () and not calls_of[c] for c in cs)}


def _first_point(e: FunctionEstimate) -> int:
    """The line of the first break or split call of ``e`` resumed in a loop that runs again."""
    return min(e.wrapped)


RECOMPILE_LIMIT = 8  # Dynamo's recompile_limit: compiles of one frame before it runs it eagerly
CAPTURED_STEPS = RECOMPILE_LIMIT + 1  # iterations of a resumed loop compiled: the frame's own, then its resumes
UNKNOWN_TRIPS = 8  # the iterations taken for a loop Dynamo resumes in whose trip count is not a literal


def _iterated(f: TracedFunction, break_lines: tuple[int, ...], split_lines: list[int],
              ops: tuple[int, ...] | None, rest: int | None) -> tuple[int, tuple[int, ...]]:
    """Graphs compiled anew by a loop Dynamo resumes breaks in (``TracedFunction.resumed_loops``),
    and the lines of those breaks and split calls. The graph after each runs on into the next
    iteration's ops, and each later iteration resumes each of them (each later break of one
    statement too) in a graph compiled again, the loop's state being a constant of the resumed
    frame, up to ``RECOMPILE_LIMIT`` compiles; a loop whose trip count is not a literal is taken
    to run ``UNKNOWN_TRIPS`` times: an early ``return`` in a loop is a search or a convergence
    test, bounded by a parameter (``maxIter``, ``steps``). Measured: constructs.py "break resumed
    in a loop, 3 steps": 4 graphs, "6 steps": 7, "12 steps": 9, "two breaks ..., 6 steps": 13."""
    loops = dict(f.resumed_loops)
    if not loops or not ops or not any(o in loops for o in ops) or rest in loops:
        return 0, ()  # the rest of the frame run eagerly from inside the loop: its later iterations too
    again = {b.line: b.again for b in f.breaks}
    points = {line: 1 + again.get(line, 0) for line in break_lines if line in loops and (rest is None or line < rest)}
    points.update((line, 1) for line in split_lines if line in loops and line not in points
                  and (rest is None or line < rest))
    points = {line: n for line, n in points.items() if (loops[line] or UNKNOWN_TRIPS) > 1}
    return (sum(n * (min(loops[line] or UNKNOWN_TRIPS, RECOMPILE_LIMIT) - 1) for line, n in points.items()),
            tuple(sorted(points)))


def _past_limit(f: TracedFunction, kept: set[int], weight: dict) -> int:
    """The weight of the statements of ``kept`` that run eagerly once a loop Dynamo resumes a break
    in has used its recompiles: the first iteration runs in the frame's own graph, the next
    ``RECOMPILE_LIMIT`` in the resumed frame's compiles, and from the one after, that frame is not
    compiled again and runs the rest of the function eagerly: the loop's later iterations (a share
    (trips - limit - 1) / trips of each statement's runs) and what follows the loop. Only a loop
    whose trip count is known (a literal, a parameter's default). Measured: constructs.py "break
    resumed in a loop, 6 steps": 67 % captured (the ``.item()`` is the third op of each step),
    "12 steps": 50 %, "24 steps": 25 %, "24 steps, ops after the loop": 24 %."""
    loops = dict(f.resumed_loops)
    if max(loops.values(), default=0) <= CAPTURED_STEPS:
        return 0
    end = max(loops)
    lost = 0.0
    for s in kept:
        if s in loops:
            if loops[s] > CAPTURED_STEPS:
                lost += weight.get(s, 1) * (loops[s] - CAPTURED_STEPS) / loops[s]
        elif s > end:
            lost += weight.get(s, 1)
    return round(lost)


MAX_RUNS = 64  # a bound on a function's runs per call of the entry (loops of loops of calls)


def _runs(by_key: dict, sites: dict) -> dict:
    """How often each function runs per call of the functions nobody traced calls: per caller,
    the caller's runs times the sum of the runs of its statements calling it (their loops'
    ``TracedFunction.repeats``), those inside ``if`` branches counted as one, the one that runs
    most (alternatives: ``if checkpointing: checkpoint(block, x) else: block(x)``), and the most
    of that over its callers; a function called from no traced statement runs once. The most,
    not the sum, over callers: a helper many functions call behind their own conditions
    (diffusers' ``deprecate``, called from hundreds of guarded statements) runs in few of them.
    A call back into a caller (recursion) adds nothing."""
    out: dict = {}
    busy: set = set()

    def runs(key) -> int:
        if key in out:
            return out[key]
        busy.add(key)
        per_caller: dict = {}  # caller -> (runs of its unconditional calls, the most of its calls in a branch)
        for k, line in sites.get(key, ()):
            if k in by_key and k not in busy:
                n = dict(by_key[k].repeats).get(line, 1)
                plain, branched = per_caller.get(k, (0, 0))
                per_caller[k] = (plain, max(branched, n)) if line in by_key[k].branched else (plain + n, branched)
        total = max((runs(k) * (plain + branched) for k, (plain, branched) in per_caller.items()), default=0)
        busy.discard(key)
        out[key] = min(MAX_RUNS, total) if per_caller else 1
        return out[key]

    for key in by_key:
        runs(key)
    return out


def _rest(breaks) -> int | None:
    """The line from which a frame runs the rest of itself eagerly: a break it cannot resume
    from (NM406), or one that skips the frame Dynamo resumed in after an earlier break."""
    skip = next((b for b in breaks if b.skips_frame), None)
    resumed = [b.line for b in breaks if skip is not None and b.line < skip.line]
    return resumed[-1] if resumed else next((b.line for b in breaks if b.skips_rest), None)


def _statement_of(f: TracedFunction, line: int) -> int:
    """The statement of ``f`` that holds ``line``: the last one starting at or before it."""
    return max((s for s in f.statements if s <= line), default=line)


def _reached(breaks) -> list:
    """The break sites Dynamo gets to: after a break it cannot resume from (the frame or the
    rest of it runs eagerly), the later ones are never traced, so they are no breaks."""
    out = []
    for b in sorted(breaks, key=lambda b: b.line):
        out.append(b)
        if b.skips_frame or b.skips_rest:
            break
    return out


def idle(estimates: list[FunctionEstimate]) -> bool:
    """No function of ``estimates`` runs a tensor op (each one's op lines are known and none
    ran) and none calls a frame torch compiles on its own: a call that compiles nothing, so there
    is no share to capture and no graph (held_out_11's learning-rate warmup, whose dampening step
    scales each parameter group's ``lr``, a float: no ATen call, 0 graphs measured)."""
    return bool(estimates) and all(e.function.host_only and not e.graphs for e in estimates)


def handed_frames(estimates: list[FunctionEstimate]) -> int:
    """Graphs of the callables handed to a call that starts eagerly (``FunctionEstimate.handed``):
    frames Dynamo compiles on its own whose code is outside the scan. Where the start is compiled,
    its graph (the 1 of ``expected_graphs``) stands for them."""
    return sum(e.handed for e in estimates)


def _summary(estimates: list[FunctionEstimate], start_eager: bool = False) -> dict:
    """Figures over ``estimates``; ``start_eager``: the entry itself runs eagerly, so no graph
    holds its start (the 1 of ``expected_graphs``): its graphs are its callees' frames
    (measured: an optimizer step whose loop breaks, 0 graphs; a training loop Dynamo skips, only
    the optimizer's step and the model's frames)."""
    stmts = sum(e.statements for e in estimates)
    lost = sum(e.lost for e in estimates)
    none = idle(estimates)
    return {
        "estimated_coverage": round(1 - lost / stmts, 4) if stmts and not none else None,
        "expected_graphs": (handed_frames(estimates) if start_eager else 1) + sum(e.graphs for e in estimates)
        if estimates and not none else 0,
        "traced_functions": len(estimates),
        "statements": stmts,
        "lost_statements": lost,
        "break_statements": sum(len(e.break_lines) for e in estimates),
        "functions_run_eagerly": sum(e.runs_eagerly for e in estimates),
    }


ENTRY_SOURCES = {
    "requested": "the entries named by --entry / compile-entries",
    "compiled": "the project's torch.compile targets",
    "assumed": "every nn.Module.forward: the project compiles nothing, so each model class is "
               "assumed to be compiled on its own",
    "compiled+assumed": "the project's torch.compile targets, and every nn.Module.forward: some "
                        "torch.compile calls compile a model built elsewhere (a factory or another "
                        "module), which the scan does not resolve yet",
}
# "compiled+assumed" when every target is a region: a method of a module whose forward runs eagerly
REGIONAL = ("the project's torch.compile targets, and every nn.Module.forward: the targets ({where}) are "
            "regions of modules whose own forward is not compiled, so the model around them runs eagerly "
            "unless you compile it")
# "assumed" although the project calls torch.compile: on what, the scan could not tell
UNRESOLVED_COMPILES = ("every nn.Module.forward: the project's torch.compile calls ({where}) compile what the "
                       "scan does not resolve (a model from a factory or another module, the submodules of "
                       "a loop, a function held in an attribute), so each model class is assumed to be "
                       "compiled on its own")


def _call_links(followed) -> dict[Key, list[tuple[Key, int]]]:
    """The project model's calls across files (and into followed libraries): caller -> [(callee,
    line of the call)]; a compile of another file's target is a link from no function."""
    out: dict[Key, list[tuple[Key, int]]] = {}
    for a, fa, b, fb, line in getattr(followed, "links", None) or ():
        out.setdefault((a, fa), []).append(((b, fb), line))
    return out


def _reach(root: tuple[str, TracedFunction], traced: dict[tuple[str, str], tuple[str, TracedFunction]],
           links: dict[tuple[str, str], list[tuple[str, str]]]) -> list[tuple[str, TracedFunction]]:
    """``root`` and the traced functions it reaches through calls, in its file and, through
    the project model's links, in other files of the project and followed libraries."""
    seen = {(root[0], root[1].name): root}
    todo = [root]
    while todo:
        path, f = todo.pop()
        for key in [*((path, c) for c in f.calls), *links.get((path, f.name), ())]:
            if key not in seen and key in traced:
                seen[key] = traced[key]
                todo.append(traced[key])
    return list(seen.values())


def _regions(compiled: list[tuple[FileResult, TracedFunction]],
             traced: dict[tuple[str, str], tuple[str, TracedFunction]], links) -> bool:
    """Every torch.compile target is a method other than ``forward`` of an nn.Module class whose
    forward is traced uncompiled, and reaches no forward (Megatron-LM's ``@torch.compile`` on
    ``HyperConnectionModule._compute_h``, called from its eager ``forward``): the model itself is
    not compiled. A compiled ``generate`` that calls ``self.forward`` compiles the model."""
    if not compiled:
        return False
    names = {(r.path, f.name) for r, f in compiled}
    for r, f in compiled:
        cls, dot, method = f.name.rpartition(".")
        forward = traced.get((r.path, f"{cls}.forward"))
        if not dot or "<locals>" in cls or method in ("forward", "__call__") or forward is None \
                or forward[1].why != "forward of an nn.Module" or (r.path, f"{cls}.forward") in names \
                or any(g.why == "forward of an nn.Module" for _, g in _reach((r.path, f), traced, links)):
            return False
    return True


def entries(files: list[FileResult], requested: tuple[str, ...] = (),
            followed=None) -> tuple[str, str, list[dict], list[str], set[Key]]:
    """(source, note, entries, unresolved, reached): the compile entries the estimate is made for, each
    with its own figures over the traced functions it reaches (in any file: ``followed`` is the
    project model's ``Followed``), and the traced functions any of them reaches. Named entries win
    over the project's torch.compile targets, which win over every nn.Module.forward (said so)."""
    from neuron_migrate.project.libraries import is_library, shown

    libraries = dict(getattr(followed, "libraries", None) or {})
    everything = [*files, *libraries.values()]
    traced = {(r.path, f.name): (r.path, f) for r in everything for f in r.traced}
    call_links = _call_links(followed)  # caller -> [(callee, line)], for the estimate
    links = {k: [c for c, _ in v] for k, v in call_links.items()}
    resolved = set()  # torch.compile lines in one file whose target the project model found in another
    targets = set()  # ... and those targets (a forward traced for its own sake is compiled all the same)
    for a, fa, b, fb, line in getattr(followed, "links", None) or ():
        if not fa:
            resolved.add(f"{a}:{line}")
            targets.add((b, fb))
    rows: dict[str, list[tuple[FileResult, TracedFunction]]] = {"requested": [], "compiled": [], "assumed": []}
    for r in sorted(everything, key=lambda r: r.path):
        for f in r.traced:
            if f.entry:
                rows["requested"].append((r, f))
            elif f.why.startswith("compiled with torch.compile") or (r.path, f.name) in targets:
                rows["compiled"].append((r, f))
            elif f.why == "forward of an nn.Module":
                rows["assumed"].append((r, f))
    elsewhere = [f"{r.path}:{line}" for r in files for line in r.compiled_elsewhere
                 if f"{r.path}:{line}" not in resolved]
    regions = not requested and not elsewhere and _regions(rows["compiled"], traced, links)
    source = ("requested" if requested else "compiled+assumed" if rows["compiled"] and (elsewhere or regions)
              else "compiled" if rows["compiled"] else "assumed")
    note = ENTRY_SOURCES[source]
    if regions:
        names = [f.name for _, f in rows["compiled"]]
        note = REGIONAL.format(where=", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else ""))
    if source == "assumed" and elsewhere:
        note = UNRESOLVED_COMPILES.format(where=", ".join(elsewhere[:3]) + (
            f" and {len(elsewhere) - 3} more" if len(elsewhere) > 3 else ""))
    rows["compiled+assumed"] = rows["compiled"] + rows["assumed"]
    found = {f.entry for _, f in rows["requested"]}
    unresolved = [e for e in requested if e not in found]
    compiled = {id(f) for _, f in rows["compiled"]}
    out = []
    reached: set[Key] = set()
    for r, f in rows[source]:
        reach = _reach((r.path, f), traced, links)
        reached.update((p, g.name) for p, g in reach)
        est = estimate(reach, None, call_links)
        summary = _summary(est, est[0].runs_eagerly)  # reach[0] is the entry
        # a loop Dynamo traces whole is unrolled into the graph: the tensor it grows is a new shape
        # per step only where the loop runs eagerly, handing it to the frames it calls
        grows = sorted({(shown(p), g.name, line) for (p, g), e in zip(reach, est) for line in g.grows
                        if e.runs_eagerly or (e.rest_eager_from is not None and line > e.rest_eager_from)},
                       key=lambda x: (x[0], x[2]))
        # a frame compiled again makes another graph only where it makes one (a URL fetch does not)
        again = sorted({(shown(p), e.function.name, e.function.line,
                         (PINNED if e.function.pinned else GROWN_LIST) if e.compiles else RECOMPILED)
                        for (p, _), e in zip(reach, est) if (e.recompiled or e.compiles) and e._graphs()},
                       key=lambda x: (x[0], x[2]))
        # a break resumed in a loop: its resumed frame compiled again at each iteration
        iterated = sorted({(shown(p), e.function.name, _first_point(e)) for (p, _), e in zip(reach, est) if e.iterated},
                          key=lambda x: (x[0], x[2]))
        # a list kept across calls that compiled code appends to: a new length at each call
        kept = sorted({(shown(p), g.name, line) for (p, g), e in zip(reach, est) for line in g.kept_appends
                       if not e.runs_eagerly and (e.rest_eager_from is None or line < e.rest_eager_from)},
                      key=lambda x: (x[0], x[2]))
        # loops outside the entry: a forward the project compiles, but never in place, is not what they call
        callers = [(shown(r.path), name, line, call, where) for name, line, call, where in f.grown_by
                   if where or id(f) not in compiled]
        row = {
            "entry": f.entry or f"{shown(r.path)}:{f.name}", "path": shown(r.path), "function": f.name, "line": f.line,
            "source": "requested" if f.entry else "compiled" if id(f) in compiled else "assumed",
            "estimated_coverage": summary["estimated_coverage"],
            "expected_graphs": summary["expected_graphs"],
            "expected_recompiles": len(grows) + len(again) + len(callers) + len(iterated) + len(kept),
            "recompile_sources": [*({"path": p, "line": line, "function": name, "why": "a tensor grown inside a "
                                     "loop: a new shape at every step"} for p, name, line in grows),
                                  *({"path": p, "line": line, "function": name, "why": why}
                                    for p, name, line, why in again),
                                  *({"path": p, "line": line, "function": name, "why": GROWN_BY.format(
                                      how=IN_PLACE.format(where=where, call=call) if where else IF_IN_PLACE[call])}
                                    for p, name, line, call, where in callers),
                                  *({"path": p, "line": line, "function": name, "why": ITERATED}
                                    for p, name, line in iterated),
                                  *({"path": p, "line": line, "function": name, "why": KEPT_LIST}
                                    for p, name, line in kept)],
            "traced_functions": summary["traced_functions"],
            # the forwards of other modules it reaches: 0, and the modules it calls are none the scan knows
            "forwards_reached": sum(g.name.rpartition(".")[2] in ("forward", "__call__") for _, g in reach[1:]),
            "break_statements": summary["break_statements"],
            "statements": summary["statements"],
            "files": sorted({shown(p) for p, _ in reach}),
        }
        if is_library(r.path):  # a model of an installed package, compiled by the project
            row["library"] = shown(r.path).split("/")[0].removesuffix(".py")
        out.append(row)
    if source in ("assumed", "compiled+assumed"):  # every forward an entry: so is a model class that inherits
        # another file's forward, with the overrides it runs under it (detectron2's FCOS.forward_inference,
        # called by DenseDetector.forward), traced from "path:Class through ..." (project/model.py)
        for r in everything:
            for f in r.traced:
                model = f.origin.partition(" through ")[0].rpartition(":")[2]
                if model and "." not in model and (r.path, f.name) not in reached:
                    reached.update((p, g.name) for p, g in _reach((r.path, f), traced, links))
    return source, note, out, unresolved, reached


def unresolved_why(spec: str, files: list[FileResult]) -> str:
    """Why the scan traced nothing for the entry ``spec``: no file of the scan is its module, the file
    defines no such function or class, or the class inherits the method from a class the scan does not
    read (power-spherical's ``PowerSpherical.rsample``, torch's ``TransformedDistribution``'s)."""
    from pathlib import Path

    from neuron_migrate.checks.graph_breaks import entry_matches
    from neuron_migrate.project.model import Project

    where = spec.partition(":")[0]
    r = next((r for r in files if entry_matches(spec, r.path) is not None), None)
    if r is None:
        return f"no file of the scan is `{where}`"
    name = entry_matches(spec, r.path)
    owner, _, method = name.rpartition(".")
    s = r.summary
    classes = {c[0]: c for c in (s.classes if s else ())}
    if not owner:
        known = name in classes or name in (s.functions if s else ())
        return f"`{r.path}` defines {'it' if known else f'no function or class `{name}`'}, but no traced code runs"
    if owner not in classes:
        return f"`{r.path}` defines no class `{owner}`"
    project = Project(files, Path("."))
    outside: list[str] = []  # the bases, through the scan's classes, that are no class of the scan
    todo, seen = [(r.path, owner)], set()
    while todo:
        path, cls = todo.pop()
        if (path, cls) in seen:
            continue
        seen.add((path, cls))
        found = next((c for c in project.summary(path).classes if c[0] == cls), None) if project.summary(path) else None
        for base in found[1] if found else ():
            hit = project.base(path, base, 1)
            if hit is not None:
                todo.append((hit[0], hit[1]))
            elif base not in outside and base.rpartition(".")[2] not in ("Module", "object"):
                outside.append(base)
    if outside:
        return (f"`{owner}` does not define `{method}`: it inherits it from `{outside[0]}`, code the scan does not "
                "read, so nothing the entry runs is known")
    return f"neither `{owner}` nor its bases in the scan define `{method}`"


def compile_coverage(files: Iterable[FileResult], requested: tuple[str, ...] = (), followed=None) -> dict:
    """The ``compile_coverage`` object of the scan JSON: overall, per compile entry, then per
    module (file of the project)."""
    files = list(files)
    source, note, entry_rows, unresolved, reached = entries(files, requested, followed)
    # what the entries reach, in one estimate, calls across files through the project model's links as
    # in an entry's: a call into a breaking helper of another file splits its caller in its file's row
    # too (stylegan2's layers at misc.assert_shape), so the rows add up to what the entries reach; a
    # function traced that no entry reaches (detectron2's training-only helpers) is listed, not counted
    libraries = (getattr(followed, "libraries", None) or {}).values()
    functions = [(r.path, f) for r in (*files, *libraries) for f in r.traced if (r.path, f.name) in reached]
    ests = {id(f): e for (_, f), e in zip(functions, estimate(functions, None, _call_links(followed)))}
    modules = []
    everything: list[FunctionEstimate] = []
    for r in sorted(files, key=lambda r: r.path):
        if not r.traced:
            continue
        est = [ests[id(f)] for f in r.traced if id(f) in ests]
        everything += est
        modules.append({"path": r.path, **_summary(est), "functions": [
            {"name": f.name, "line": f.line, "why": f.why, "reached": False} if e is None else
            {"name": f.name, "line": f.line, "why": f.why,
             "statements": e.statements, "runs_eagerly": e.runs_eagerly,
             "estimated_coverage": round(1 - e.lost / e.statements, 4) if e.statements else None,
             "breaks": [{"line": b.line, "code": b.code, "skips_frame": b.skips_frame,
                         "skips_rest": b.skips_rest}
                        for b in f.breaks if not b.eager_only or b.line in e.eager_breaks]}
            for f, e in ((f, ests.get(id(f))) for f in r.traced)]})
    doc = {"formula": FORMULA, **_summary(everything),
           "entries_source": source, "entries_note": note,
           "unresolved_entries": unresolved, "entries": entry_rows, "modules": modules}
    if unresolved:  # each named entry with no estimate says why
        doc["unresolved_reasons"] = [{"entry": spec, "why": unresolved_why(spec, files)} for spec in unresolved]
    followed_files = sorted(getattr(followed, "libraries", None) or {})
    if followed_files:  # the installed packages traced code was followed into
        from neuron_migrate.project.libraries import shown

        tops: dict[str, int] = {}
        for key in followed_files:
            top = shown(key).split("/")[0].removesuffix(".py")
            tops[top] = tops.get(top, 0) + 1
        doc["libraries"] = [{"package": top, "version": getattr(followed, "versions", {}).get(top, "unknown"),
                             "files": n} for top, n in sorted(tops.items())]
    return doc
