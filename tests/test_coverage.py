"""The compile-coverage estimate from per-file traced-function summaries."""

import json

from neuron_migrate.coverage import compile_coverage, estimate_functions
from neuron_migrate.checks.graph_breaks import TENSOR_ROWS
from neuron_migrate.engine import analyse
from neuron_migrate.models import BreakSite, Options, TracedFunction

CODE = b'''
import torch.nn as nn

def helper(x):
    return x.sum().item()

class Net(nn.Module):
    def forward(self, x):
        y = x * 2
        print("step")
        n = helper(y)
        return y * n

class Loop(nn.Module):
    def forward(self, x):
        for i in range(3):
            if x.sum() > 0:
                x = x - 1
        return x
'''


def test_traced_functions_are_summarised():
    r = analyse("m.py", CODE, Options())
    names = {t.name: t for t in r.traced}
    assert set(names) == {"helper", "Net.forward", "Loop.forward"}
    assert names["helper"].why == "called from Net.forward"
    assert [b.code for b in names["Net.forward"].breaks] == ["NM403"]
    assert names["Loop.forward"].breaks[0].skips_frame


def test_estimate_formula():
    r = analyse("m.py", CODE, Options())
    est = {e.function.name: e for e in estimate_functions(r.traced)}
    assert est["Loop.forward"].runs_eagerly and est["Loop.forward"].lost == est["Loop.forward"].statements
    assert est["Net.forward"].lost == 0  # print splits the graph but runs no tensor op
    assert est["helper"].lost == 1
    cov = compile_coverage([r])
    # Loop.forward's if and assignment run once per iteration of range(3); its `return x` runs
    # no ATen call and weighs nothing
    assert cov["statements"] == 1 + 4 + (1 + 3 + 3)
    assert cov["lost_statements"] == 1 + 7
    assert cov["estimated_coverage"] == round(1 - 8 / 12, 4)
    # Net.forward's stretches with a tensor op, between its print and the call to helper (a
    # break below it splits Net.forward there): before the print and after the call (the one
    # between them is empty); helper as a frame of its own (x.sum() before its break); Loop's
    # frame skipped, which compiles nothing. Dynamo made 3 graphs of Net and none of Loop
    # (torch 2.13; constructs.py "if tensor inside loop": 0 graphs).
    assert cov["expected_graphs"] == 1 + 1 + 1
    assert cov["modules"][0]["path"] == "m.py"


def test_executed_lines_restrict_the_estimate():
    f = TracedFunction("f", 1, 5, "forward of an nn.Module", (2, 3, 4),
                       (BreakSite(3, "NM401"), BreakSite(9, "NM401")))
    [e] = estimate_functions([f], executed={2, 3})
    assert (e.statements, e.lost, e.break_lines) == (2, 1, (3,))


def test_callee_with_break_called_in_loop_makes_caller_eager():
    callee = TracedFunction("g", 1, 2, "called from f", (2,), (BreakSite(2, "NM401"),))
    caller = TracedFunction("f", 3, 6, "forward", (4, 5, 6), (), ("g",), ("g",), (5,), (("g", 5),))
    est = {e.function.name: e for e in estimate_functions([callee, caller])}
    assert est["f"].runs_eagerly


def test_a_callee_also_called_outside_a_loop_traps_its_caller_only_at_the_loop():
    # qpth's pdipm ``forward``: ``solve_kkt(...)`` before its iterations, boolean-mask updates, then
    # ``solve_kkt`` again in the loop: Dynamo breaks at the updates (``batch.py:81``, ``:87``) before the
    # loop traps the frame
    callee = TracedFunction("g", 1, 2, "called from f", (2,), (BreakSite(2, "NM401"),))
    caller = TracedFunction("f", 3, 8, "forward", (4, 5, 6, 7), (BreakSite(5, "NM401"),), ("g",), ("g",), (7,),
                            (("g", 4), ("g", 7)))
    est = {e.function.name: e for e in estimate_functions([callee, caller])}
    assert est["f"].runs_eagerly and est["f"].break_lines == (5,)

def test_scan_json_has_compile_coverage(tmp_path):
    from neuron_migrate.cli import main

    (tmp_path / "m.py").write_bytes(CODE)
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "-q", "--fail-on", "never"])
    cov = json.loads(out.read_text())["compile_coverage"]
    assert cov["traced_functions"] == 3 and cov["modules"][0]["functions"]


def test_no_traced_code_gives_empty_estimate():
    r = analyse("m.py", b"import torch\nx = torch.zeros(3)\n", Options())
    cov = compile_coverage([r])
    assert cov["estimated_coverage"] is None and cov["modules"] == [] and cov["expected_graphs"] == 0


def test_breaks_after_one_that_cannot_be_resumed_are_not_reached():
    f = TracedFunction("f", 1, 9, "forward of an nn.Module", (2, 3, 4, 5, 6),
                       (BreakSite(3, "NM401"), BreakSite(4, "NM406", skips_rest=True), BreakSite(5, "NM401")),
                       weights=((4, 10),))
    [e] = estimate_functions([f])
    assert e.break_lines == (3, 4) and e.rest_eager_from == 4
    assert (e.statements, e.lost) == (4 + 10, 1 + 10 + 2)  # line 3, then 4 (weight 10), 5, 6
    assert e.graphs == 1  # the split at line 3; nothing is compiled after line 4
    g = TracedFunction("g", 1, 9, "forward of an nn.Module", (2, 3, 4),
                       (BreakSite(2, "NM402", skips_frame=True), BreakSite(4, "NM403")))
    [e] = estimate_functions([g])
    assert e.runs_eagerly and e.break_lines == (2,) and e.lost == e.statements == 3


def test_json_breaks_say_whether_the_rest_runs_eagerly(tmp_path):
    code = CODE + b'''
class Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(4, 4)

    def forward(self, x):
        x = x * 2
        x = x + 1
        y, _ = self.rnn(x)
        return y
'''
    cov = compile_coverage([analyse("m.py", code, Options())])
    fn = {f["name"]: f for f in cov["modules"][0]["functions"]}["Seq.forward"]
    assert fn["breaks"] == [{"line": 29, "code": "NM406", "skips_frame": False, "skips_rest": True}]
    # two ops compile; the LSTM call (weight 4: one layer) runs eagerly; `return y` runs no op
    assert fn["statements"] == 2 + 4 and fn["estimated_coverage"] == round(1 - 4 / 6, 4)
    one_op = code.replace(b"        x = x + 1\n", b"")
    fn = {f["name"]: f for f in compile_coverage([analyse("m.py", one_op, Options())])["modules"][0]["functions"]}
    assert fn["Seq.forward"]["breaks"][0]["skips_frame"] and fn["Seq.forward"]["estimated_coverage"] == 0


def test_a_break_below_a_call_splits_every_frame_on_the_chain():
    # constructs.py "break in a helper of a helper, ops around each call": 5 graphs measured
    leaf = TracedFunction("helper_item", 1, 2, "called from helper_of_helper", (2,), (BreakSite(2, "NM401"),))
    mid = TracedFunction("helper_of_helper", 3, 6, "called from case", (4, 5, 6), (), ("helper_item",))
    root = TracedFunction("case", 7, 9, "compiled with torch.compile", (8, 9), (), ("helper_of_helper",))
    est = {e.function.name: e for e in estimate_functions([leaf, mid, root])}
    assert (est["case"].split_calls, est["case"].own_frame) == (1, False)
    assert (est["helper_of_helper"].split_calls, est["helper_of_helper"].own_frame) == (1, True)
    assert est["helper_item"].graphs == 1  # its own frame; its break is its last statement
    assert 1 + sum(e.graphs for e in est.values()) == 5


def test_a_skip_after_a_resumed_break_loses_only_the_resumed_frame():
    # constructs.py "item, then item in a later loop": the ops before the first break stay compiled
    f = TracedFunction("f", 1, 10, "forward of an nn.Module", (2, 3, 4, 5, 6, 7, 8, 9),
                       (BreakSite(4, "NM401"), BreakSite(9, "NM401", skips_frame=True)))
    [e] = estimate_functions([f])
    assert not e.runs_eagerly and e.rest_eager_from == 4 and e.lost == 6 and e.graphs == 0


def test_sites_that_break_only_or_also_where_the_function_runs_eagerly():
    """A comprehension (NM409, eager_only) counts only where the function runs eagerly; a call
    Dynamo compiles as a frame of its own (optimizer.step, callee_frame) breaks there too, even
    after the break that made the function eager (measured: constructs.py)."""
    comp = BreakSite(2, "NM409", eager_only=True)
    step = BreakSite(5, "NM404", callee_frame=True)
    traced = TracedFunction("f", 1, 6, "forward", (2, 3, 4, 5, 6), (comp, step))
    [e] = estimate_functions([traced])
    assert e.break_lines == (5,) and e.eager_breaks == () and not e.runs_eagerly
    skipped = TracedFunction("f", 1, 6, "forward", (2, 3, 4, 5, 6),
                             (comp, BreakSite(3, "NM404", skips_frame=True), step))
    [e] = estimate_functions([skipped])
    assert e.runs_eagerly and e.break_lines == (3,) and e.eager_breaks == (2, 5)
    rest = TracedFunction("f", 1, 6, "forward", (2, 3, 4, 5, 6),
                          (comp, BreakSite(3, "NM406", skips_rest=True), step))
    [e] = estimate_functions([rest])
    assert e.break_lines == (3,) and e.eager_breaks == (5,)  # the comprehension runs before the break


def test_a_frame_of_its_own_entered_from_two_skipped_frames_is_compiled_twice():
    """A helper with ops called from two frames Dynamo skips: one graph per shape, at most two
    (the second compile has dynamic shapes). Two calls of one caller are taken as one shape."""
    from neuron_migrate.coverage import estimate
    from neuron_migrate.models import BreakSite, TracedFunction

    skip = (BreakSite(line=6, code="NM403", skips_frame=True),)
    helper = TracedFunction("clip", 1, 2, "called", statements=(2,), op_lines=(2,))
    first = TracedFunction("Net.forward", 4, 9, "forward of an nn.Module", statements=(5, 6, 7, 8), breaks=skip,
                           calls=("clip", "refine"), call_lines=(("clip", 7), ("refine", 8)), op_lines=(7,))
    second = TracedFunction("refine", 5, 9, "called", statements=(6, 7), breaks=skip,
                            calls=("clip",), call_lines=(("clip", 7),), op_lines=(7,))
    est = {e.function.name: e for e in estimate([("m.py", helper), ("m.py", first), ("m.py", second)])}
    assert est["Net.forward"].runs_eagerly and est["refine"].runs_eagerly
    assert est["clip"].recompiled and est["clip"].graphs == 2
    twice = TracedFunction("Net.forward", 4, 9, "forward of an nn.Module", statements=(5, 6, 7, 8), breaks=skip,
                           calls=("clip",), call_lines=(("clip", 7), ("clip", 8)), op_lines=(7, 8))
    est = {e.function.name: e for e in estimate([("m.py", helper), ("m.py", twice)])}
    assert not est["clip"].recompiled and est["clip"].graphs == 1


def test_sites_after_a_breaking_call_in_a_loop_are_never_reached():
    # torchvision's RegionProposalNetwork.filter_proposals: the loop's remove_small_boxes call
    # breaks inside, so Dynamo skips the frame there and its own torch.where never breaks
    code = b'''
import torch
import torch.nn as nn

def small(b):
    return torch.where(b > 0)[0]

class Filter(nn.Module):
    def forward(self, boxes):
        out = []
        for b in boxes:
            keep = small(b)
            b = b[keep]
            keep = torch.where(b > 1)[0]
            out.append(b[keep])
        return out
'''
    r = analyse("m.py", code, Options())
    est = {e.function.name: e for e in estimate_functions(r.traced)}
    assert est["Filter.forward"].runs_eagerly
    assert est["Filter.forward"].break_lines == ()
    assert est["small"].break_lines == (6,)


def test_callees_where_the_rest_of_a_frame_runs_eagerly_are_frames_of_their_own():
    """``n = y.sum().item()`` (Dynamo resumes after it), then a loop with a ``print`` (the
    resumed frame is skipped) calling a helper on two shapes: the helper is a frame of its
    own, compiled twice. Dynamo: 3 graphs (constructs.py "helper in a loop after a break that
    skips the resumed frame"; without the loop, 2)."""
    from neuron_migrate.coverage import _summary, estimate
    from neuron_migrate.models import BreakSite, TracedFunction

    helper = TracedFunction("relu_helper", 1, 2, "called", statements=(2,), op_lines=(2,))
    f = TracedFunction("f", 4, 12, "compiled with torch.compile", statements=(5, 6, 7, 8, 9, 10, 11),
                       breaks=(BreakSite(line=6, code="NM401"), BreakSite(line=9, code="NM403", skips_frame=True)),
                       calls=("relu_helper",), calls_in_loop=("relu_helper",), call_lines=(("relu_helper", 10),),
                       op_lines=(5, 6, 10, 11))
    est = estimate([("m.py", helper), ("m.py", f)])
    by_name = {e.function.name: e for e in est}
    assert by_name["f"].rest_eager_from == 6 and by_name["relu_helper"].own_frame
    assert by_name["relu_helper"].recompiled
    assert _summary(est)["expected_graphs"] == 3


def test_an_rnn_a_subclass_sets_weighs_what_the_rnn_weighs():
    """timm's sequencer: ``RNN2dBase.forward`` calls ``self.rnn``, an identity placeholder there
    and an ``nn.LSTM`` in the subclass ``LSTM2d``; the call runs the LSTM eagerly (the rest of
    the frame, NM406), so losing it costs the LSTM's weight (its eager ATen calls / 2), not one
    statement (constructs.py "LSTM set by a subclass, called in the base's forward": 31 %)."""
    from neuron_migrate.coverage import estimate_functions

    src = (b"import torch\nfrom torch import nn\n\n\nclass Base(nn.Module):\n"
           b"    def __init__(self):\n        super().__init__()\n        self.rnn = nn.Identity()\n\n"
           b"    def forward(self, t):\n        y = t * 2\n        y = y + 1\n"
           b"        out, _ = self.rnn(y.unsqueeze(1))\n        return out * 3\n\n\n"
           b"class LSTM2d(Base):\n    def __init__(self):\n        super().__init__()\n"
           b"        self.rnn = nn.LSTM(4, 4, batch_first=True, bidirectional=True)\n")
    r = analyse("m.py", src, Options())
    fwd = next(f for f in r.traced if f.name == "Base.forward")
    assert dict(fwd.weights)[13] > 1
    est = next(e for e in estimate_functions(r.traced) if e.function.name == "Base.forward")
    assert est.rest_eager_from == 13 and est.lost > 2



def test_a_bidirectional_rnn_weighs_both_directions():
    """``bidirectional=True`` (a literal, or a parameter of the method defaulting to it) runs each
    layer twice: constructs.py --container-ops, LSTM 7 -> 11 eager ATen calls, GRU 121 -> 240,
    RNN 41 -> 80, so the call weighs 6, 120, 40 per layer (4, 60, 20 in one direction)."""
    src = (b"import torch\nfrom torch import nn\n\n\nclass Seq(nn.Module):\n"
           b"    def __init__(self, bidirectional=True):\n        super().__init__()\n"
           b"        self.a = nn.LSTM(4, 4)\n        self.b = nn.LSTM(4, 4, bidirectional=True)\n"
           b"        self.c = nn.GRU(4, 4, 1, True, False, 0.0, True)\n"
           b"        self.d = nn.LSTM(4, 4, bidirectional=bidirectional)\n"
           b"        self.e = nn.RNN(4, 4, 2, bidirectional=True)\n        self.f = nn.GRU(4, 4, bidirectional=False)\n\n"
           b"    def forward(self, t):\n        y = t * 2\n        p, _ = self.a(y)\n        q, _ = self.b(y)\n"
           b"        r, _ = self.c(y)\n        s, _ = self.d(y)\n        u, _ = self.e(y)\n        v, _ = self.f(y)\n"
           b"        return p\n")
    r = analyse("m.py", src, Options())
    fwd = next(f for f in r.traced if f.name == "Seq.forward")
    assert [w for _, w in fwd.weights] == [4, 6, 120, 6, 80, 60]

TWO_CALLS = b'''
import torch.nn as nn

def helper(x):
    return x.sum().item()

class Two(nn.Module):
    def forward(self, x):
        y = helper(x * 2) + helper(x * 3)
        return x * y

class One(nn.Module):
    def forward(self, x):
        y = helper(x * 2)
        return x * y
'''


def test_two_calls_of_a_breaking_helper_in_one_statement_split_it_twice():
    """``helper(x * 2) + helper(x * 3)``: the ops between the two calls (``x * 3``) are a graph
    of their own. Dynamo (torch 2.13, ``explain``): Two 4 graphs, One 3; one more for the
    second call, as in mixture-of-experts' Top2Gating (two ``safe_one_hot`` calls)."""
    r = analyse("m.py", TWO_CALLS, Options())
    by = {e["function"]: e for e in compile_coverage([r])["entries"]}
    assert by["Two.forward"]["expected_graphs"] == by["One.forward"]["expected_graphs"] + 1


NESTED_CALLS = b'''
import torch
import torch.nn as nn

class Chained(nn.Module):
    def walk(self, x):
        y = x * 2
        n = y.sum().item()
        return y * n

    def forward(self, x):
        return self.walk(x).exp()

class Wrapped(Chained):
    def forward(self, x):
        return torch.relu(self.walk(x))

class Around(Chained):
    def embed(self, x):
        return x + 1

    def forward(self, x):
        return torch.relu(self.walk(self.embed(x))).exp()
'''


def test_two_nested_calls_leave_ops_on_one_side_of_a_split():
    """``self.walk(x).exp()``: the statement's other call runs on the split call's result, after it
    only, so the caller adds no graph before the call (neural-trees' soft tree: 3 graphs measured, 4
    estimated before). Dynamo (torch 2.13, a counting backend): Chained 3 graphs, Wrapped 3, Around 4
    (ops on both sides: ``embed`` before, ``relu`` and ``exp`` after). Two nested calls of submodules or
    methods may both split the statement (pyg's EquilibriumAggregation, ``self.optimizer(x,
    self.init_output(n))``: 6 graphs measured, 5 estimated, 3 without them): taken as before."""
    by = {e["function"]: e for e in compile_coverage([analyse("m.py", NESTED_CALLS, Options())])["entries"]}
    assert [by[f"{c}.forward"]["expected_graphs"] for c in ("Chained", "Wrapped", "Around")] == [3, 3, 4]

STEP = b'''
import torch
import torch.nn as nn

class Meta(nn.Module):
    def forward(self, x, y):
        out = x * 2
        loss = (out - y).pow(2).mean()
        g = torch.autograd.grad(loss, x)
        loss.backward()
        return g
'''


def test_a_backward_pass_counts_for_neither_side():
    """AOT autograd captures the backward of a captured graph with it, and the backward of
    what ran eagerly runs eagerly: a backward pass is captured as much as its forward, so
    ``loss.backward()`` and ``torch.autograd.grad`` weigh nothing (the measured share counts
    the backward so: docs/accuracy.md, training steps)."""
    r = analyse("m.py", STEP, Options())
    (f,) = r.traced
    assert {line: w for line, w in f.weights} == {9: 0, 10: 0}
    (est,) = estimate_functions(r.traced)
    assert est.statements == len(f.statements) - 2 - 1  # and `return g`, which runs no op


CURVATURE = b'''
import torch

def hessian_product(loss, params, v):
    g = torch.autograd.grad(loss, params, create_graph=True)
    h = torch.autograd.grad(g, params, grad_outputs=v)
    return tuple(t.detach() * 2 for t in h)

def made_here(x, params):
    loss = (x * 2).pow(2).mean()
    g = torch.autograd.grad(loss, params)
    return tuple(t * 2 for t in g)

def adapted(loss, params):
    grads = [p.grad for p in params]
    h = torch.autograd.grad(grads, params)
    return h

def outer(x, params):
    loss = (x * 2).pow(2).mean()
    return hessian_product(loss, params, params)

class Chain:
    def backward(self, x):
        return x * 2

    def both(self, x):
        b = self.backward(x)
        return b + 1

import torch as _torch

def aliased(loss, params):
    g = _torch.autograd.grad(loss, params)
    return g

def handing(loss, params, v):
    return hessian_product(loss, params, v)
'''


def test_a_backward_of_a_history_no_graph_of_the_call_recorded_is_lost():
    """A backward pass runs the backward of the graphs its forward ran in. A loss handed to the
    compiled entry was recorded before the call, and a gradient of a gradient differentiates a graph
    recorded eagerly (``torch.autograd.grad`` breaks): both run eagerly, lost, with their weight
    (constructs.py "torch.autograd.grad of a loss recorded before the call": 12 %, "... of a gradient
    (double backward)": 57 %, "... of a loss made in the call": 97 %). A loss made in the function,
    or a parameter of a function a caller hands it, weighs nothing as before; ``self.backward(x)``
    is a method, not a backward pass; ``_torch.autograd.grad`` is ``torch.autograd.grad``."""
    from neuron_migrate.coverage import GRADIENT_BACKWARD, OUTSIDE_BACKWARD, estimate

    r = analyse("m.py", CURVATURE, Options(entries=("m.py:hessian_product", "m.py:made_here", "m.py:adapted",
                                                    "m.py:outer", "m.py:Chain.both", "m.py:aliased",
                                                    "m.py:handing")))
    by = {f.name: f for f in r.traced}
    assert by["hessian_product"].backward_of == ((5, 0), (6, -1))
    assert by["made_here"].backward_of == ()
    assert by["adapted"].backward_of == ((16, -1),)
    assert dict(by["Chain.both"].weights) == {}  # its self.backward(x) runs ops
    # torch under another name (higher's `import torch as _torch`) is torch all the same
    assert dict(by["aliased"].weights) == {34: 0} and by["aliased"].backward_of == ((34, 0),)
    (hp,) = estimate([("m.py", by["hessian_product"])])
    assert hp.statements == OUTSIDE_BACKWARD + GRADIENT_BACKWARD + 1 and hp.lost == OUTSIDE_BACKWARD + GRADIENT_BACKWARD
    (mh,) = estimate([("m.py", by["made_here"])])
    assert mh.lost == 0
    # handed a loss its caller made: only the gradient of the gradient is lost
    called = {e.function.name: e for e in estimate([("m.py", by["outer"]), ("m.py", by["hessian_product"])])}
    assert called["hessian_product"].lost == GRADIENT_BACKWARD
    # handed the entry's own loss: the history was recorded before the call (backpack's
    # jacobian_vector_product(f, ...) calling R_op(f, ...)), followed through the argument
    assert by["handing"].hands == ((38, 0, 0), (38, 1, 1), (38, 2, 2))
    handed = {e.function.name: e for e in estimate([("m.py", by["handing"]), ("m.py", by["hessian_product"])])}
    assert handed["hessian_product"].lost == OUTSIDE_BACKWARD + GRADIENT_BACKWARD
    entries = {e["function"]: e for e in compile_coverage([r], ("m.py:hessian_product", "m.py:made_here",
                                                                 "m.py:Chain.both"))["entries"]}
    assert entries["hessian_product"]["estimated_coverage"] < 0.05
    assert entries["made_here"]["estimated_coverage"] == 1.0
    assert entries["Chain.both"]["estimated_coverage"] == 1.0


SPARSE_INPUT = b'''
import torch
import torch.nn as nn

class GraphConv(nn.Module):
    def forward(self, x, adj):
        support = torch.mm(x, self.kernel)
        out = torch.spmm(adj, support)
        return out + self.bias

class GCN(nn.Module):
    def __init__(self):
        super().__init__()
        self.gc1 = GraphConv()
        self.gc2 = GraphConv()

    def forward(self, x, adj):
        x = self.gc1(x, adj)
        x = torch.relu(x)
        return self.gc2(x, adj)
'''


def test_a_sparse_tensor_taken_as_an_argument_skips_every_frame_it_enters():
    """pytorch/examples gcn (GraphConv, GCN given a sparse adjacency): Dynamo cannot wrap a
    sparse frame input, so it skips GCN.forward and then GraphConv.forward ("Failed to handle
    graph break gracefully ... Attempted to wrap sparse Tensor"; torch 2.13: 0 graphs, 0% of
    the ATen calls captured). A sparse tensor made inside a frame breaks where it is read and
    Dynamo resumes (constructs.py "torch.spmm(sparse, dense)")."""
    r = analyse("m.py", SPARSE_INPUT, Options())
    est = {e.function.name: e for e in estimate_functions(r.traced)}
    assert est["GraphConv.forward"].runs_eagerly and est["GCN.forward"].runs_eagerly
    # the calls of a skipped frame into a frame Dynamo skips too are not captured either
    assert est["GCN.forward"].lost == est["GCN.forward"].statements
    cov = compile_coverage([r])
    assert cov["estimated_coverage"] == 0.0
    assert "argument of the function" in next(f.message for f in r.findings if f.line == 8)


RUNS = b'''
import torch.nn as nn

def helper(x):
    a = x.sin()
    b = a.cos()
    return b.exp()

class Loop(nn.Module):
    def forward(self, x):
        n = x.sum().item()
        for i in range(4):
            x = helper(x)
        for k in [1, 2]:
            x = x * k
        for t in x:
            x = x + 1
        return x * n

class Twice(nn.Module):
    def forward(self, x):
        n = x.sum().item()
        x = helper(x)
        x = helper(x)
        return x * n

class Either(nn.Module):
    def forward(self, x):
        n = x.sum().item()
        if n > 0:
            x = helper(x)
        else:
            x = helper(x)
        return x * n
'''


def test_a_statement_weighs_its_runs_in_literal_loops_and_a_callee_its_callers_runs():
    """A statement runs its ops once per iteration of its loops, and a function once per call
    of its callers' calling statements: ``constructs.py`` "helper called in range(4), after an
    item" measures 94 % (1 of 18 ATen calls outside the graphs), "... called once" 86 %. A loop
    over a literal ``range`` or list runs that often; any other loop counts once; calls in the
    branches of an ``if`` are alternatives, counted once; a loop over a tensor's rows ``TENSOR_ROWS``."""
    r = analyse("m.py", RUNS, Options())
    loop = next(f for f in r.traced if f.name == "Loop.forward")
    # the call in range(4), x * k over [1, 2], x + 1 over the rows of x (a tensor: 8)
    assert loop.repeats == ((13, 4), (15, 2), (17, TENSOR_ROWS))
    by = {e["function"]: e for e in compile_coverage([r])["entries"]}
    # Loop: n (lost), 2 loop headers (the literal list's steps no tensor: no weight), 4 calls,
    # 2 products, 8 adds, return = 18; helper: 3 x 4 runs = 12
    assert by["Loop.forward"]["estimated_coverage"] == round(1 - 1 / 30, 4)
    # Twice: 4 statements, helper 3 x 2 calls
    assert by["Twice.forward"]["estimated_coverage"] == round(1 - 1 / 10, 4)
    assert by["Loop.forward"]["expected_graphs"] == by["Twice.forward"]["expected_graphs"] == 2  # graphs: not multiplied
    # Either: two calls in the branches of one if, alternatives: the helper runs once
    either = next(f for f in r.traced if f.name == "Either.forward")
    assert either.branched == (either.line + 3, either.line + 5)
    # (its `if n > 0:` tests a Python number: no weight)
    assert by["Either.forward"]["estimated_coverage"] == round(1 - 1 / (4 + 3), 4)


ROWS = b'''
import torch

def fill(x):
    return torch.zeros(x.shape[0], 3)

def helper(x):
    return x.sin()

def metric(ks: torch.Tensor, labels: torch.Tensor):
    out = fill(labels)
    for column, k in enumerate(ks):
        out[:, column] = labels[:, : int(k)].sum(dim=1) / float(k)
    for i, v in enumerate(ks.tolist()):
        out = helper(out)
    for row in [1, 2]:
        out = out + row
    return out
'''


def test_a_loop_over_a_tensors_rows_weighs_more_than_one_run():
    """ranking-metrics-torch's ``precision_at`` (held_out_22): its loop over the cut-offs ``ks``
    reads each one with ``int(k)``, so the frame runs eagerly and each row's ops run outside the
    graphs: 13.8 % captured measured, 56 % estimated when the loop weighed one run. A loop over a
    tensor's rows (itself, ``enumerate`` or ``zip`` of it, its ``.tolist()``) runs ``TENSOR_ROWS``
    times, but for one that calls a traced function, whose frame's runs it would multiply (measured
    worse: openunmix's Wiener filter, torch-kf's filter): once, as before."""
    r = analyse("m.py", ROWS, Options(entries=("m.py:metric",)))
    metric = next(f for f in r.traced if f.name == "metric")
    assert dict(metric.repeats) == {13: TENSOR_ROWS, 17: 2}  # the helper's loop: once
    (entry,) = compile_coverage([r], ("m.py:metric",))["entries"]
    # metric runs eagerly (the break in its loop): of its statements, the call to fill (1), the first
    # loop's header (1) and body (8), the second's header (1, its .tolist() breaks) and call (1), the
    # literal loop's body (2), it keeps only the two calls, whose work is in the callees' frames (1 each)
    lost = 1 + 8 + 1 + 2
    assert entry["estimated_coverage"] == round(1 - lost / (lost + 2 + 1 + 1), 4)


COUNTED = b'''
import torch

def windows(seqs, lengths, k: int):
    out = []
    for b in range(len(seqs)):
        n = int(lengths[b].item())
        for i in range(n - k + 1):
            out.append(seqs[b][i:i + k].sum())
    for j in range(k, int(lengths[0])):
        out.append(seqs[0][j])
    for h in range(k):
        out.append(seqs[0][h])
    return torch.stack(out)
'''


def test_a_loop_up_to_a_count_read_from_a_tensor_weighs_its_rows():
    """bleu-torch's reference n-grams (held_out_23): each reference's length is read with
    ``int(lengths[i].item())`` and its positions looped over, eagerly (the read breaks in a loop): 18 %
    captured measured, 64 % estimated when those loops weighed one run. A ``range`` up to a count read
    from a tensor's values, directly or through the names it is bound to, is a length of the data: it
    runs ``TENSOR_ROWS`` times, as a loop over a tensor's rows. A count that is a parameter, or the
    length of a Python list, still runs once."""
    r = analyse("m.py", COUNTED, Options(entries=("m.py:windows",)))
    [f] = [f for f in r.traced if f.name == "windows"]
    assert dict(f.repeats) == {9: TENSOR_ROWS, 11: TENSOR_ROWS}


INDEXED_ROWS = b'''
import torch

def basis(x: torch.Tensor, knots: torch.Tensor, names):
    n_knots = len(knots)
    out = []
    for j in range(n_knots - 1):
        out.append((knots[j] <= x) & (x < knots[j + 1]))
    for i in range(len(names)):
        out.append(x * i)
    return torch.stack(out, dim=-1)
'''


def test_a_loop_up_to_a_tensors_length_weighs_its_rows():
    """splinetorch's Cox-de Boor basis (held_out_27): ``n_knots = len(knots)`` and ``for j in
    range(n_knots - 1)`` over the knots' intervals, eagerly (a tensor test in the loop skips the frame):
    2.8 % captured measured, 24 % estimated when the loop weighed one run, 6.6 % as a tensor's rows. A
    ``range`` up to a tensor's length, directly or through the names bound to it, runs over its rows
    (``for row in t``): ``TENSOR_ROWS``. The length of a Python list still runs once."""
    r = analyse("m.py", INDEXED_ROWS, Options(entries=("m.py:basis",)))
    [f] = [f for f in r.traced if f.name == "basis"]
    assert dict(f.repeats) == {8: TENSOR_ROWS}


def test_a_function_runs_as_often_as_its_busiest_caller_calls_it():
    """Across callers, the most: a helper called once by each of many functions (diffusers'
    ``deprecate``, behind each caller's own condition) runs in few of them."""
    from neuron_migrate.coverage import estimate

    helper = TracedFunction("h", 1, 3, "called from f", (2, 3))
    f = TracedFunction("f", 4, 7, "forward", (5, 6, 7), (), ("h",), (), (), (("h", 5), ("h", 6)))
    g = TracedFunction("g", 8, 9, "forward", (9,), (), ("h",), (), (), (("h", 9),))
    by = {e.function.name: e for e in estimate([("", helper), ("", f), ("", g)])}
    assert by["h"].statements == 2 * 2  # f calls it from two statements, g from one


DEFAULT_RUNS = b'''
import torch.nn as nn

def helper(x):
    a = x.sin()
    return a.cos()

class Steps(nn.Module):
    def __init__(self, n_steps=3):
        super().__init__()
        self.n_steps = n_steps

    def forward(self, x, times=2, count=None):
        n = x.sum().item()
        for step in range(self.n_steps):
            x = helper(x)
        for t in range(times):
            x = x * 2
        for c in range(count):
            x = x + 1
        return x * n
'''


def test_a_loop_over_a_parameter_with_a_literal_default_runs_that_often():
    """``range(self.n_steps)`` with ``self.n_steps = n_steps`` in ``__init__`` and ``n_steps=3``
    (TabNet's encoder steps), ``range(times)`` with ``times=2``: the defaults are the counts a
    default build runs; ``range(count)`` with ``count=None``: once."""
    r = analyse("m.py", DEFAULT_RUNS, Options())
    steps = next(f for f in r.traced if f.name == "Steps.forward")
    assert steps.repeats == ((steps.line + 3, 3), (steps.line + 5, 2))


MULTI = b'''
import torch

def reads(x):
    y = x * 2
    m = y > 0
    z = (y[m] - x[m]) * 2
    return z.sum() + 1

def four(x):
    y = x * 2
    m = y > 0
    w = torch.zeros_like(y)
    w[m] = (y[m] - x[m]) * (x[m] - y[m])
    return w.sum() + 1

def items(x):
    y = x * 2
    n = y.sum().item() + x.max().item()
    return y * n

def nonzeros(x):
    y = x * 2
    a = torch.cat([y.nonzero(), x.nonzero()])
    return a.sum() + 1

def columns(x):
    y = x * 2
    m = y[0] > 0
    a, b = y[:, m], x[:, m]
    return (a - b).sum() + 1
'''


def test_each_later_break_of_a_statement_starts_a_graph():
    """A statement Dynamo breaks in more than once: each later boolean-mask read, and each
    ``.item()`` of an op after another, is resumed into a graph of its own; two ``nonzero()``
    of plain names make one graph after both, and a tuple subscript ``x[:, m]`` one after the
    statement. Dynamo (constructs.py "two x[mask] reads in one statement" ... "x[:, m], y[:, m]
    in one statement"): 3, 5, 3, 2, 2 graphs (fvcore's giou_loss: 5)."""
    names = ("reads", "four", "items", "nonzeros", "columns")
    r = analyse("m.py", MULTI, Options(entries=tuple(f"m.py:{n}" for n in names)))
    graphs = {e.function.name: 1 + e.graphs for e in estimate_functions(r.traced)}
    assert graphs == {"reads": 3, "four": 5, "items": 3, "nonzeros": 2, "columns": 2}



TESTS = b'''
import torch

def reduced(x):
    a = torch.fmod(x.sum(), 4)
    shift = 0
    if a > 2:
        shift = -4
    elif a < -2:
        shift = 4
    return x * (a + shift)

def checked(x):
    a = x.sum()
    big = small = half = False
    if a > 100:
        big = True
    if a < -100:
        small = True
    if a == 0.5:
        half = True
    return x * a + (big + small + half)

def flagged(x):
    a = x.sum()
    big = small = False
    if a > 100:
        big = True
    b = a < -100
    if b:
        small = True
    return x * a + (big + small)
'''


def test_a_tensor_compared_by_an_if_is_a_graph_between_two_breaks():
    """The comparison an ``if`` tests runs in the graph before its break, so a stretch between two
    such breaks holding only the next comparison is a graph (torch-frft's ``frft``: the order
    reduced modulo 4, ``if a > 2: ... elif a < -2:``, then ``if a == 0.0:``, each its own graph).
    Dynamo (constructs.py "tensor compared in an if and in its elif", "... in three ifs in a row",
    "... its value tested bare in the next"): 3, 4, 3 graphs."""
    names = ("reduced", "checked", "flagged")
    r = analyse("m.py", TESTS, Options(entries=tuple(f"m.py:{n}" for n in names)))
    graphs = {e.function.name: 1 + e.graphs for e in estimate_functions(r.traced)}
    assert graphs == {"reduced": 3, "checked": 4, "flagged": 3}


STEPS = b'''
import torch

def step(x, optimizer):
    y = x * 2
    optimizer.step()
    return y + 1

def update(model, x, optimizer):
    loss = model(x).sum()
    n = float(loss.detach().cpu().numpy())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return n

def train(model, loader, optimizer):
    for x in loader:
        print(x)
    optimizer.step()
'''


def test_an_optimizer_step_is_a_frame_of_its_own_and_a_backward_pass_makes_no_graph():
    """``optimizer.step()`` is compiled as a frame of its own wherever it is called from, a
    graph after its ``graph_break()``; ``loss.backward()`` breaks and compiles nothing. A start
    that runs eagerly holds no graph. Dynamo (constructs.py "optimizer.step()": 3 graphs; the
    update, measured the same way: 2, the loss and the step; "optimizer.step() after a skipping
    break": 1, the step)."""
    names = ("step", "update", "train")
    r = analyse("m.py", STEPS, Options(entries=tuple(f"m.py:{n}" for n in names)))
    doc = compile_coverage([r], names)
    graphs = {e["function"]: e["expected_graphs"] for e in doc["entries"]}
    assert graphs == {"step": 3, "update": 2, "train": 1}


SCHEDULES = b'''
import math
import torch.nn as nn


class Warmup:
    def __init__(self, optimizer, period):
        self.optimizer = optimizer
        self.period = period
        self.last = -1

    def factor(self, step):
        return min(1.0, math.exp(-(step + 1) / self.period))

    def dampen(self):
        self.last = self.last + 1
        for group in self.optimizer.param_groups:
            group["lr"] *= self.factor(self.last)


class Scaled:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def apply(self):
        for group in self.optimizer.param_groups:
            group["lr"] *= self.factor()
            group["params"][0].mul_(0.5)

    def factor(self):
        return 0.5


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 2

    def forward(self, x):
        return self.head(x)
'''


def test_an_entry_that_runs_no_tensor_op_has_no_share_and_no_graph():
    """A call that scales each parameter group's ``lr`` (a float) through a method of a class that
    is no nn.Module runs no ATen call: Dynamo compiles no graph and the measured share is None
    (held_out_11's learning-rate warmup, ``BaseWarmup.dampen``: 0 graphs, 0 ATen calls), so the
    estimate is None and 0 graphs. A method that also calls a tensor method, or a module's forward
    calling ``self.head(...)`` (a submodule), is estimated as before."""
    names = ("Warmup.dampen", "Scaled.apply", "Net.forward")
    r = analyse("m.py", SCHEDULES, Options(entries=tuple(f"m.py:{n}" for n in names)))
    doc = compile_coverage([r], names)
    rows = {e["function"]: (e["estimated_coverage"], e["expected_graphs"]) for e in doc["entries"]}
    assert rows["Warmup.dampen"] == (None, 0)
    assert rows["Scaled.apply"][0] is not None and rows["Scaled.apply"][1] == 1
    assert rows["Net.forward"] == (1.0, 1)


QUIET = b'''
import torch.nn as nn


class Net(nn.Module):
    def forward(self, x):
        depth = 3
        name = "net"
        if name:
            y = x * depth
        n = y.sum().item()
        z = y * n
        return z
'''


def test_a_statement_that_calls_nothing_and_runs_no_tensor_op_weighs_nothing():
    """The measured share counts ATen calls: ``depth = 3``, ``if name:`` and ``return z`` run none,
    so they weigh nothing on either side of the share; the three statements that run ops, one of
    them lost to the ``.item()``, make it 2/3 (5/7 when every statement weighed one)."""
    r = analyse("m.py", QUIET, Options())
    (f,) = r.traced
    assert set(f.quiet) == {7, 8, 9, 13}
    (e,) = estimate_functions(r.traced)
    assert (e.statements, e.lost) == (3, 1)


BOOKKEEPING = b'''
import torch
import torch.nn as nn


class Cached(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        super().__init__()
        mask = torch.ones(x.shape[-1])
        self.register_buffer("mask", mask, persistent=False)
        self.add_module("head", self.head)
        return x * mask
'''


def test_nn_module_bookkeeping_runs_no_tensor_op():
    """``self.register_buffer(...)``, ``self.add_module(...)`` and ``super().__init__()`` file a tensor or
    a module under a name: no ATen call, no submodule's call, so they weigh nothing (torchrbf's
    ``RBFInterpolator.__init__``, a frame Dynamo skips at ``super().__init__()``, registers seven buffers:
    its estimate 54 % where 85 % is measured)."""
    r = analyse("m.py", BOOKKEEPING, Options())
    (f,) = [f for f in r.traced if f.name == "Cached.forward"]
    assert set(f.op_lines) == {12, 15}
    assert {11, 13, 14} <= set(f.quiet)


SCRIPTED = b'''
import torch
import torch.nn as nn


@torch.jit.script
def interp(x: torch.Tensor):
    y = x * 2
    z = y.relu()
    return z + 1


def plain(x):
    y = x * 2
    z = y.relu()
    return z + 1


class Scripted(nn.Module):
    def forward(self, x):
        for r in x:
            print(r)
        return interp(x)


class Plain(nn.Module):
    def forward(self, x):
        for r in x:
            print(r)
        return plain(x)
'''


def test_a_torchscript_function_called_from_a_skipped_frame_runs_eagerly():
    """A frame Dynamo skips calls a plain function: a frame of its own, compiled (constructs.py
    "helper of a skipped frame, one shape twice": 1 graph). It calls a ``@torch.jit.script``
    function: no frame Dynamo compiles, it runs as TorchScript (constructs.py "torch.jit.script
    helper of a skipped frame": 0 graphs, 0 %)."""
    r = analyse("m.py", SCRIPTED, Options())
    assert [f.scripted for f in r.traced if f.name in ("interp", "plain")] == [True, False]
    doc = compile_coverage([r])
    rows = {e["function"]: (e["estimated_coverage"], e["expected_graphs"]) for e in doc["entries"]}
    assert rows["Scripted.forward"] == (0.0, 0)
    assert rows["Plain.forward"][1] == 1 and rows["Plain.forward"][0] > 0.5


def test_a_callee_of_a_skipped_frame_is_a_frame_of_its_own_only_from_a_call_that_ran():
    """A frame Dynamo skips makes its callees frames of their own, but only through calls that
    ran: torch-optimi's ``step`` (skipped: its loop calls a function that breaks) calls
    ``_init_state`` in a branch for one parameter that a whole step does not take, while the
    run's ``_init_group`` calls it inline. Dynamo (torch 2.13, this code on two parameters): 4
    graphs, ``init`` in ``prepare``'s graph, none of its own."""
    from neuron_migrate.coverage import estimate

    code = b'''
import torch


def init(p):
    return torch.zeros_like(p)


def prepare(params):
    out = []
    for p in params:
        out.append(init(p))
    return out


def update(p):
    n = p.sum().item()
    return p * n


def step(params, single=None):
    if single is None:
        state = prepare(params)
        for p in params:
            update(p)
    else:
        state = init(single)
    return state


compiled = torch.compile(step)
'''
    r = analyse("opt.py", code, Options())
    functions = [("opt.py", f) for f in r.traced]
    ran = {"opt.py": {6, 10, 11, 12, 13, 17, 18, 22, 23, 24, 25, 28}}
    by_name = {e.function.name: e for e in estimate(functions, ran)}
    assert by_name["step"].runs_eagerly and by_name["prepare"].own_frame
    assert not by_name["init"].own_frame and by_name["init"].graphs == 0
    everything = {e.function.name: e for e in estimate(functions)}  # a scan: every statement runs
    assert everything["init"].own_frame


def test_a_frame_called_in_a_loop_over_parameter_groups_is_compiled_once():
    """A frame of its own called in a loop of a skipped frame sees other shapes (compiled twice),
    but not in a loop over an optimizer's parameter groups: one group for an optimizer built on a
    module's parameters (constructs.py "helper in a skipped frame's loop over one parameter
    group": 1 graph; two groups of other shapes: 2). torch-optimi's steps: 5 expected, 2 measured."""
    from neuron_migrate.coverage import estimate

    code = b'''
import torch


def update(params):
    return torch.stack(params) * 2


class Opt(torch.optim.Optimizer):
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                print(p)
            update(group["params"])
        for chunk in self.chunks:
            update(chunk)


opt = Opt([torch.ones(2)], {})
compiled = torch.compile(opt.step)
'''
    r = analyse("opt.py", code, Options())
    functions = [("opt.py", f) for f in r.traced]
    step = next(f for _, f in functions if f.name == "Opt.step")
    assert step.group_looped == (12, 14)  # the statements in the group loop, not the chunk loop's
    ran = {"opt.py": {6, 11, 12, 13, 14}}  # the group loop ran, the chunk loop not
    by_name = {e.function.name: e for e in estimate(functions, ran)}
    assert by_name["Opt.step"].runs_eagerly and by_name["update"].own_frame
    assert not by_name["update"].recompiled
    by_name = {e.function.name: e for e in estimate(functions)}  # a scan: the other loop runs too
    assert by_name["update"].recompiled



def test_a_frame_called_in_a_loop_that_hands_it_the_same_tensors_is_compiled_once():
    """A plain function called in a loop of a skipped frame with tensors the loop neither rebinds
    nor grows sees one shape at every step: compiled once (constructs.py "helper in a skipped
    frame's loop, its arguments unchanged": 1 graph; torchqubo's local search and parallel
    tempering, 2 graphs measured, 4 expected before). One handed the loop's own values, or a method (its
    object's state may change), is compiled twice, as before."""
    from neuron_migrate.coverage import estimate

    code = b'''
import torch


def energy(q, x):
    return (x @ q * x).sum(1)


def search(q, steps: int = 50):
    x = torch.zeros(4, q.shape[0])
    best = torch.full((4,), 1e9)
    for _ in range(steps):
        e = energy(q, x)
        x[e.argmin()] = 1.0 - x[e.argmin()]
        best = torch.minimum(best, e)
        for r in x:
            print(r)
    for row in x:
        energy(q, row)
    return best


compiled = torch.compile(search)
'''
    r = analyse("search.py", code, Options())
    functions = [("search.py", f) for f in r.traced]
    search = next(f for _, f in functions if f.name == "search")
    assert 13 in search.group_looped and 19 not in search.group_looped  # not the loop handing it its rows
    ran = {"search.py": {6, 10, 11, 12, 13, 14, 15, 16, 17, 20}}  # the row loop did not run
    by_name = {e.function.name: e for e in estimate(functions, ran)}
    assert by_name["search"].runs_eagerly and by_name["energy"].own_frame
    assert not by_name["energy"].recompiled
    by_name = {e.function.name: e for e in estimate(functions)}  # a scan: the row loop runs too
    assert by_name["energy"].recompiled

def test_a_method_called_in_a_range_loop_that_hands_on_its_tensors_is_compiled_once():
    """A method of ``self`` called in a ``for _ in range(...)`` (or ``while``) loop of a skipped frame, handed
    tensors the loop rebinds only to tensors (``adv = torch.clamp(...).detach()``), sets ``requires_grad`` or
    ``.data`` of, and numbers' arithmetic (``lr * lam``), sees one shape at every step: compiled once
    (constructs.py "method in a skipped frame's for _ in range loop, its state handed on, 6 steps", "...
    requires_grad set at each step", "... .data set, a number's arithmetic": 1 graph each; torchattacks'
    PGD, 1 graph measured, 3 expected before). Not where the loop hands on a name first bound to a number
    (torch-linops' MINRES) or a stack of a list it grows (ponder-transformer's halting); a loop over tensors
    of other shapes compiles it twice ("... loop over a list of tensors of two shapes": 2)."""
    from neuron_migrate.coverage import estimate

    code = b'''
import torch
import torch.nn as nn


class Attack:
    def __init__(self, model, steps=10, lr=0.1):
        self.model, self.steps, self.lr = model, steps, lr

    def logits(self, x):
        return self.model(x).log_softmax(-1)

    def prox(self, w, t):
        return torch.sign(w) * torch.relu(w.abs() - t)

    def run(self, images, labels):
        adv = images.clone().detach()
        w = torch.ones_like(images)
        for _ in range(self.steps):
            adv.requires_grad = True
            cost = nn.functional.nll_loss(self.logits(adv), labels)
            grad = torch.autograd.grad(cost, adv)[0]
            adv = torch.clamp(adv + self.lr * grad.sign(), 0, 1).detach()
            w.data = self.prox(w, self.lr * 0.5)
        g = 0.0
        hs = []
        for _ in range(self.steps):
            g = self.prox(g + w, 0.1)
            hs.append(g)
            h = torch.stack(hs)
            self.logits(h)
            print(h)
        return adv * w


attack = Attack(nn.Linear(4, 3))
compiled = torch.compile(attack.run)
'''
    r = analyse("attack.py", code, Options())
    functions = [("attack.py", f) for f in r.traced]
    run = next(f for _, f in functions if f.name == "Attack.run")
    assert {21, 24} <= set(run.group_looped)
    ran = {"attack.py": {11, 14, *range(17, 25), 33}}  # the second loop did not run
    by_name = {e.function.name: e for e in estimate(functions, ran)}
    assert by_name["Attack.run"].runs_eagerly and by_name["Attack.logits"].own_frame
    assert not by_name["Attack.logits"].recompiled and not by_name["Attack.prox"].recompiled
    by_name = {e.function.name: e for e in estimate(functions)}  # a scan: the second loop runs too
    assert by_name["Attack.logits"].recompiled and by_name["Attack.prox"].recompiled
    assert 28 not in run.group_looped and 31 not in run.group_looped  # a name first bound to a number, a list grown


RESUMED_LOOPS = b'''
import torch.nn as nn


class Search(nn.Module):
    def forward(self, x):
        for i in range(6):
            x = x * 2
            n = x.sum().item()
            if n > 1e30:
                return x
        return x


class Long(nn.Module):
    def forward(self, x):
        for i in range(12):
            x = x * 2
            n = x.sum().item()
            if n > 1e30:
                return x
        return x


class Two(nn.Module):
    def forward(self, x):
        for i in range(6):
            x = x * 2
            n = x.sum().item()
            x = x + 1
            m = x.sum().item()
            if n > 1e30:
                return x
        return x


class Steps(nn.Module):
    def forward(self, x, steps):
        for i in range(steps):
            x = x * 2
            n = x.sum().item()
            if n > 1e30:
                return x
        return x


class Skipped(nn.Module):
    def forward(self, x):
        for i in range(6):
            x = x * 2
            n = x.sum().item()
        return x


class ThenSkipped(nn.Module):
    def forward(self, x):
        for i in range(6):
            y = (x * 2).sum()
            if y.item() > 1e9:
                return x
            p = y.item()
        return x + 1
'''


def test_a_break_resumed_in_a_loop_is_compiled_again_at_each_iteration():
    """A return ahead of the loop's end: Dynamo resumes the break, and each iteration compiles
    the resumed frame again, up to its recompile limit (8). Dynamo: 7 graphs for 6 steps, 9 for
    12, 13 for two breaks and 6 steps; a break that makes Dynamo skip the resumed frame (after
    the return) runs the later iterations eagerly: 1 (constructs.py "break resumed in a loop, 6
    steps", "... 12 steps", "two breaks resumed in a loop, 6 steps", "break resumed in a loop,
    then one after the return that skips the resumed frame, 6 steps"); a frame skipped at the
    break (no return in the loop) runs eagerly: 0."""
    r = analyse("m.py", RESUMED_LOOPS, Options())
    rows = {e["function"]: e for e in compile_coverage([r])["entries"]}
    assert {name: row["expected_graphs"] for name, row in rows.items()} == {
        "Search.forward": 7, "Long.forward": 9, "Two.forward": 13,
        "Steps.forward": 9,  # a trip count that is not a literal: taken to reach the recompile limit
        "Skipped.forward": 0, "ThenSkipped.forward": 1}
    (source,) = rows["Search.forward"]["recompile_sources"]
    assert source["line"] == 9 and "compiled again at each iteration" in source["why"]
    assert rows["Two.forward"]["expected_recompiles"] == 1
    assert rows["Skipped.forward"]["expected_recompiles"] == rows["ThenSkipped.forward"]["expected_recompiles"] == 0
    search = next(f for f in r.traced if f.name == "Search.forward")
    assert search.resumed_loops == ((8, 6), (9, 6), (10, 6), (11, 6))
    assert next(f for f in r.traced if f.name == "Steps.forward").resumed_loops[0] == (40, 0)
    assert next(f for f in r.traced if f.name == "Skipped.forward").resumed_loops == ()


def test_the_iterations_of_a_resumed_loop_past_the_recompile_limit_run_eagerly():
    """The first iteration runs in the frame's graph and the next 8 in the resumed frame's
    compiles; from the tenth, Dynamo runs the resumed frame eagerly, the loop's later iterations
    and what follows it. Dynamo: 67 % captured for 6 steps, 50 % for 12, 25 % for 24, 24 % with
    ops after the loop (constructs.py "break resumed in a loop, ..."). Estimated: 12 steps keep
    9/12 of what 6 steps capture (of each step's x * 2, its 12 runs lose 3); a trip count that is
    not known loses nothing more."""
    r = analyse("m.py", RESUMED_LOOPS, Options())
    rows = {e["function"]: e for e in compile_coverage([r])["entries"]}
    assert rows["Search.forward"]["estimated_coverage"] == round(1 - 6 / 13, 4)
    assert rows["Long.forward"]["estimated_coverage"] == round(1 - (12 + 3) / 25, 4)
    assert rows["Steps.forward"]["estimated_coverage"] == round(1 - 1 / 3, 4)
    after = RESUMED_LOOPS.replace(b"                return x\n        return x\n\n\nclass Two",
                                  b"                return x\n        x = x.exp()\n        return x.cos()\n\n\nclass Two")
    r = analyse("m.py", after, Options())
    rows = {e["function"]: e for e in compile_coverage([r])["entries"]}
    assert rows["Long.forward"]["estimated_coverage"] == round(1 - (12 + 3 + 2) / 27, 4)


BROKEN_OFF_LOOPS = b'''
import torch
import torch.nn as nn


class Until(nn.Module):
    def forward(self, x):
        for i in range(6):
            x.mul_(2)
            if x.sum() > 1e30:
                break


class Long(nn.Module):
    def forward(self, x):
        for i in range(12):
            x.mul_(2)
            if x.sum() > 1e30:
                break


class InBranch(nn.Module):
    def forward(self, x):
        if x.shape[0] > 1:
            for i in range(6):
                x.mul_(2)
                if x.sum() > 1e30:
                    break
        else:
            x.mul_(3)


class Returned(nn.Module):
    def forward(self, x):
        for i in range(6):
            x = x * 2
            if x.sum() > 1e30:
                break
        return x


class Followed(nn.Module):
    def forward(self, x):
        for i in range(6):
            x.mul_(2)
            if x.sum() > 1e30:
                break
        x.add_(1)
'''


def test_a_break_ending_the_function_is_resumed_in_its_loop():
    """A loop that stops on a tensor's test with ``break`` and ends the function (torchclust's
    GaussianMixtureModel.fit): CPython copies the implicit ``return None`` into the ``break``, so
    Dynamo's scan after the break meets a return before the loop's jump back and resumes there,
    compiling the resumed frame again at each iteration, up to the recompile limit. Dynamo: 6 graphs
    for 6 steps (75 %), 9 for 12 (56 %), 6 in a branch ending the function; a ``return x`` or a
    statement after the loop: the frame skipped, 0 graphs (constructs.py "break on a tensor test,
    ..."). Such a loop is taken to run at most ``TENSOR_ROWS`` steps, as a solver's are: 12 steps
    lose nothing past the limit."""
    r = analyse("m.py", BROKEN_OFF_LOOPS, Options())
    rows = {e["function"]: e for e in compile_coverage([r])["entries"]}
    assert {name: row["expected_graphs"] for name, row in rows.items()} == {
        "Until.forward": 7, "Long.forward": 9, "InBranch.forward": 7, "Returned.forward": 0, "Followed.forward": 0}
    assert rows["Until.forward"]["expected_recompiles"] == 1
    # measured 56 %; 40 % if all 12 steps were taken to run, the 3 after the ninth eagerly
    assert rows["Long.forward"]["estimated_coverage"] == 0.52
    assert next(f for f in r.traced if f.name == "Long.forward").resumed_loops[0] == (17, TENSOR_ROWS)


HANDED_LISTS = b'''
import torch
import torch.nn as nn


def record_step(t, trace):
    trace["abs"].append(t.norm())
    return t * 2


class Solver(nn.Module):
    def forward(self, x):
        for r in x:
            print(r)
        trace = {"abs": []}
        for i in range(12):
            x = record_step(x, trace)
        return x


class Short(nn.Module):
    def forward(self, x):
        for r in x:
            print(r)
        trace = {"abs": []}
        for i in range(4):
            x = record_step(x, trace)
        return x


class Traced(nn.Module):
    def forward(self, x):
        trace = {"abs": []}
        for i in range(4):
            x = record_step(x, trace)
        return x
'''


def test_a_frame_appending_to_a_handed_list_is_compiled_at_each_step_of_an_eager_loop():
    """A helper appending to a list of a dict it is handed (torchdeq's ``update_state``), called at each
    step of a loop that runs eagerly: Dynamo guards the list's length, longer at each call, and compiles
    the helper again, up to the recompile limit. Dynamo: 8 graphs for 12 steps, 4 for 4 (constructs.py
    "helper appending to a handed dict's list, ..."); a loop Dynamo traces whole: 1."""
    r = analyse("m.py", HANDED_LISTS, Options())
    assert next(f for f in r.traced if f.name == "record_step").grown_params == (1,)
    rows = {e["function"]: e for e in compile_coverage([r])["entries"]}
    assert {name: row["expected_graphs"] for name, row in rows.items()} == {
        "Solver.forward": 8, "Short.forward": 4, "Traced.forward": 1}
    (source,) = rows["Solver.forward"]["recompile_sources"]
    assert source["function"] == "record_step" and "appending to a list it is handed" in source["why"]


PINNED = b'''
import math
import torch

def step(x, t, dt):
    t = torch.as_tensor(t, dtype=x.dtype)
    return (x * t + dt).relu()

def decay(x, s):
    return (x * math.exp(s)).relu()

def scaled(x, s):
    return (x * torch.tensor(s)).relu()

def adaptive(x, t1: float):
    t, dt = 0.0, 0.1
    while t < t1:
        x = step(x, t, dt)
        if x.sum() > 1e9:
            dt = dt * 0.5
        t += dt
    return x

def ranged(x):
    for i in range(3):
        x = decay(x, i)
        if x.sum() > 0:
            x = x - 1
    return x

def made_dynamic(x):
    t = 0.0
    for i in range(12):
        x = scaled(x, t)
        if x.sum() > 0:
            x = x - 1
        t += 0.1
    return x

def constant(x):
    for i in range(12):
        x = step(x, 0.5, 0.1)
        if x.sum() > 0:
            x = x - 1
    return x
'''


def test_a_frame_pinned_to_a_number_its_eager_callers_loop_changes_compiles_per_value():
    """A frame of its own called in a loop of a frame Dynamo skips, handed a number the loop
    changes that it turns into a constant of its graph (``torch.as_tensor(t)``, ``math.exp(t)``),
    is compiled once per value up to the recompile limit; ``torch.tensor(t)`` or a constant
    argument, as before: twice (constructs.py "helper turning a float argument into a tensor, 12
    steps": 8 graphs, "... 3 steps": 3, "... with torch.tensor, 12 steps": 2; torch-linode's
    adaptive Magnus steps, 8 of 9 graphs in ``_richardson_step``)."""
    names = ("adaptive", "ranged", "made_dynamic", "constant")
    entries = tuple(f"m.py:{n}" for n in names)
    r = analyse("m.py", PINNED, Options(entries=entries))
    rows = {e["function"]: e for e in compile_coverage([r], entries)["entries"]}
    assert {n: rows[n]["expected_graphs"] for n in names} == {
        "adaptive": 8,  # a while loop: its trip count taken to reach the limit
        "ranged": 3, "made_dynamic": 2, "constant": 2}
    (source,) = rows["adaptive"]["recompile_sources"]
    assert source["function"] == "step" and "guards its value" in source["why"]
    f = {t.name: t for t in r.traced}
    assert f["step"].pinned == (1,) and f["decay"].pinned == (1,) and f["scaled"].pinned == ()
    assert f["adaptive"].varied_args == ((18, 1, 0),)  # t += dt; dt is rescaled, not added to
    assert f["ranged"].varied_args == ((26, 1, 3),)
    assert f["constant"].varied_args == ()


HANDED = b'''
import torch

def solve(p, function, args=()):
    if len(args) > 0:
        fun = lambda q: function(q, *args)
    else:
        fun = function
    step = torch.nn.functional.relu
    f = fun(p)
    while True:
        p = p - f
        if p.sum() > 0:
            break
        f = fun(p)
        p = step(p)
    return p


run = torch.compile(solve)


def residual(q):
    return q * 2


@torch.compile
def fit(p):
    return solve(p, residual)
'''


def test_a_callable_handed_to_a_skipped_frame_keeps_its_share():
    """A frame Dynamo skips (a branch on a tensor in its loop) calls the function it was handed:
    that function is a frame Dynamo compiles on its own (constructs.py "callable argument of a
    skipped frame": 1 graph, 75 %), so the statements calling it are not lost with the frame; a
    name bound to the parameter, or to a lambda calling it, is the same callable (torchimize's
    ``fun``). ``step``, bound to a torch function, is no callable it was handed: lost. Only a
    callable from outside the scan stands for work no statement counts: ``fit`` hands ``solve``
    its own ``residual``, so there the frame loses its calls as before."""
    r = analyse("m.py", HANDED, Options())
    f = next(f for f in r.traced if f.name == "solve")
    assert f.handed_calls == ((10, 1), (15, 1))  # function, the second parameter
    rows = {e["function"]: e for e in compile_coverage([r])["entries"]}
    assert rows["solve"]["estimated_coverage"] == round(1 - 4 / 6, 4)
    assert rows["fit"]["estimated_coverage"] < rows["solve"]["estimated_coverage"]
    # and that frame is a graph: solve's own start runs eagerly (no 1 for it), its function is
    # compiled on its own, once for its two calls (constructs.py: 1 graph); fit hands its own
    # residual, whose frame the scan counts where fit starts: no graph for a handed callable
    assert rows["solve"]["expected_graphs"] == 1
    [e] = estimate_functions([f])  # solve where the call starts (fit, which calls it, left out)
    assert e.runs_eagerly and e.handed == 1 and e.graphs == 0


HANDED_TRANSFORMED = b'''
import functorch
import torch
from torch.func import jacrev


def fit(xs, model, steps=3):
    model_v = torch.vmap(lambda x: model(*x))
    jac = functorch.vmap(lambda x: functorch.jacrev(model, (0, 1))(*x))
    other = torch.vmap(jacrev(torch.sin))
    for _ in range(steps):
        j = jac(xs)[0]
        if j.max() > 1:
            break
        xs = xs - model_v(xs)[:, None] * 0.1
    return xs + other(xs)


run = torch.compile(fit)
'''


def test_a_functorch_transform_of_a_handed_callable_is_that_callable():
    """A name bound to a functorch transform of a callable handed in (``torch.vmap``, ``jacrev``
    under ``vmap``: levmarq-torch's fits) calls that callable, and from a frame Dynamo skips it is
    a frame of its own (constructs.py "a vmapped callable handed in, called from a skipped frame":
    1 graph, 75 %; "a vmapped jacrev ...": 1 graph, 92 %). A transform of a function of its
    own (``torch.sin``) is not one."""
    r = analyse("m.py", HANDED_TRANSFORMED, Options())
    [f] = [f for f in r.traced if f.name == "fit"]
    assert f.handed_calls == ((12, 1), (15, 1))


HANDED_AFTER_BREAK = b'''
import torch

def sample(net, x):
    y = x * 2
    n = y.sum().item()
    while True:
        out = net(y)
        y = y + out
        if y.sum() > n:
            break
    return y


run = torch.compile(sample)
'''


def test_a_callable_handed_to_the_eager_rest_of_a_frame_keeps_its_share():
    """After a host read Dynamo resumes from, a branch on a tensor in a loop skips the resumed
    frame: the rest runs eagerly, and the network it was handed is still a frame Dynamo compiles
    on its own (constructs.py "callable argument after a break that skips the resumed frame": 2
    graphs, 62 %, as for a helper of the project), so its call is not lost with the rest."""
    r = analyse("m.py", HANDED_AFTER_BREAK, Options())
    [f] = [f for f in r.traced if f.name == "sample"]
    [e] = estimate_functions([f])
    assert e.rest_eager_from == 6 and f.handed_calls == ((8, 0),)
    assert e.lost == 3  # the host read, y + out and the branch; not net(y)


IDLE_METHOD = b'''
import torch


class Base(torch.optim.Optimizer):
    def _warm(self):
        for group in self.param_groups:
            group["lr"] = self.base_lr


class Averaged(Base):
    def _hook(self):
        raise NotImplementedError

    def _clear(self):
        self.count = 0

    def _reset_lr(self):
        for group in self.param_groups:
            if group["steps"] >= self.start:
                group["lr"] = self.swa_lr

    def _average(self):
        self.avg.add_(self.weights)

    @torch.compile
    def step(self):
        self._reset_lr()
        self._warm()
        self._hook()
        self._clear()
        self._average()
        self.optimizer.step()
        self._reset_lr()
        return self.avg


class Later(Averaged):
    def _hook(self):
        self.avg.mul_(0.5)

    def _clear(self):
        self.avg.zero_()
'''


def test_a_call_of_an_idle_method_runs_no_op_in_its_stretch():
    """``self._reset_lr()`` (torchcontrib SWA's ``_reset_lr_to_swa``) only sets the groups'
    learning rate: the method runs no tensor op, so its bare call runs none in the caller's stretch
    either, and a stretch holding nothing else compiles no graph (held_out_19's SWA ``step``: 1
    graph measured, the inner optimizer's; 3 expected before, 2 now). A method that may run ops
    stays an op: a stub (``_hook``, whose call runs an override) and one a subclass overrides
    (``_clear``)."""
    r = analyse("m.py", IDLE_METHOD, Options())
    by = {f.name: f for f in r.traced}
    assert by["Averaged._reset_lr"].host_only and by["Base._warm"].host_only and by["Averaged._clear"].host_only
    step = by["Averaged.step"]
    at = {text.strip(): n for n, text in enumerate(IDLE_METHOD.decode().splitlines(), 1) if n > step.line}
    assert at["self._reset_lr()"] not in step.op_lines and at["self._warm()"] not in step.op_lines
    assert {at["self._hook()"], at["self._clear()"], at["self._average()"]} <= set(step.op_lines)


GROUP_COUNTER = b'''
import torch


class Counted(torch.optim.Optimizer):
    @torch.compile
    def step(self):
        for group in self.param_groups:
            group["step"] += 1
            group["lr"] *= self.decay(group["step"])
            for p in group["params"]:
                state = self.state[p]
                state["step"] += 1
                p.add_(p.grad, alpha=-group["lr"])
'''


def test_a_parameter_group_entry_updated_runs_no_op():
    """``group["step"] += 1`` in ``for group in self.param_groups`` updates a Python number: no
    ATen call, and a stretch holding only it compiles no graph (constructs.py "a parameter
    group's entry updated between two breaks": 1 graph, the stretch before). A group's entry
    updated by a value a call returns, and a parameter's state (``state["step"]``, a tensor in
    torch's optimizers), stay ops."""
    r = analyse("m.py", GROUP_COUNTER, Options())
    step = next(f for f in r.traced if f.name == "Counted.step")
    at = {text.strip(): n for n, text in enumerate(GROUP_COUNTER.decode().splitlines(), 1)}
    assert at['group["step"] += 1'] not in step.op_lines
    assert at['group["step"] += 1'] in step.quiet  # no ATen call: no weight in the share either
    assert {at['state["step"] += 1'], at['group["lr"] *= self.decay(group["step"])']} <= set(step.op_lines)


EINOPS = b'''
import torch.nn as nn
from einops import rearrange, repeat

class Skipped(nn.Module):
    def forward(self, x):
        for r in x:
            if r.sum() > 0:
                x = x + 1
        y = rearrange(x, "a b -> b a")
        z = rearrange(x, "a (b c) -> a b c", c=2)
        for i in range(3):
            y = y + repeat(x, "a b -> a b c", c=2).sum()
        return y, z

class Compiled(nn.Module):
    def forward(self, x):
        y = rearrange(x, "a b -> b a")
        return y * 2
'''


def test_einops_called_from_eager_code_is_a_frame_of_its_own():
    """einops' functions called where a function runs eagerly are frames Dynamo compiles on their
    own: a graph per calling statement (one in a loop on one shape: one), their work captured there;
    from compiled code they are ops of its graph (constructs.py "einops.rearrange in a skipped frame,
    two patterns": 2 graphs, "... in a loop of a skipped frame, one shape": 1; ponder-transformer's
    halting forward: 3)."""
    r = analyse("m.py", EINOPS, Options())
    est = {e.function.name: e for e in estimate_functions(r.traced)}
    skipped, compiled = est["Skipped.forward"], est["Compiled.forward"]
    assert skipped.runs_eagerly and skipped.library == 3 and skipped.graphs == 3
    # lost: the loop over x's rows (its test and update) and the `for i` loop's own work, not the
    # three einops statements (the one in range(3) weighs 3)
    assert skipped.statements - skipped.lost == 1 + 1 + 3
    assert compiled.library == 0 and compiled.graphs == 0 and compiled.lost == 0
    entries = {e["function"]: e["expected_graphs"] for e in compile_coverage([r])["entries"]}
    assert entries == {"Skipped.forward": 3, "Compiled.forward": 1}  # no graph holds the skipped start


def test_gradients_row_by_row_in_a_comprehension_are_a_backward_pass():
    """``torch.stack([torch.autograd.grad(d_p[i], p, ...)[0] for i in range(n)])`` with ``d_p =
    p.grad``: a backward pass of a gradient, run eagerly (ncg-optimizer's LCG, 27 % captured)."""
    code = b'''
import torch

def hessian(params):
    for p in params:
        d_p = p.grad
        n = len(d_p)
        rows = torch.stack([torch.autograd.grad(d_p[i], p, retain_graph=True)[0] for i in range(n)])
        p.data.add_(rows.sum(0))
    return params

compiled = torch.compile(hessian)
'''
    r = analyse("m.py", code, Options())
    (f,) = [t for t in r.traced if t.name == "hessian"]
    assert f.backward_of == ((8, -1),)
    (e,) = estimate_functions([f])
    assert e.lost >= 20  # the double backward's weight (GRADIENT_BACKWARD), lost


GENERATED = b'''
import torch

def crop(x):
    y = x * 2
    z = y + 1
    k = tuple(int(t.item()) for t in y[:2, 0])
    w = z * k[0]
    return w + 1

def crop_resumed(x):
    y = x * 2
    if y.sum() > 0:
        y = y + 1
    z = y * 3
    k = tuple(int(t.item()) for t in y[:2, 0])
    w = z * k[0]
    return w + 1

def crop_listed(x):
    y = x * 2
    z = y + 1
    k = [int(t.item()) for t in y[:2, 0]]
    w = z * k[0]
    return w + 1

def summed(x):
    y = x * 2
    n = sum(v for v in y.tolist())
    return y * n
'''


def test_a_break_inside_a_generator_expression_skips_the_frame():
    """Dynamo inlines a generator expression and cannot break inside it: it skips the frame it
    compiles, the whole function or, after a break it resumed from, the rest (constructs.py "item in a
    generator expression": 0 graphs, 0 %; "... after a resumed break": 1 graph, 23 %; torchskradon's
    crop slices, 26 % captured, 92 % estimated before). A list comprehension resumes ("item in a list
    comprehension": 2 graphs, 89 %), and a generator's first iterable is read outside it."""
    names = ("crop", "crop_resumed", "crop_listed", "summed")
    r = analyse("m.py", GENERATED, Options(entries=tuple(f"m.py:{n}" for n in names)))
    est = {e.function.name: e for e in estimate_functions(r.traced)}
    assert est["crop"].runs_eagerly and est["crop"].lost == est["crop"].statements
    assert not est["crop_resumed"].runs_eagerly and est["crop_resumed"].rest_eager_from == 13
    assert 1 + est["crop_resumed"].graphs == 1
    assert not est["crop_listed"].runs_eagerly and 1 + est["crop_listed"].graphs == 2
    assert not est["summed"].runs_eagerly


SOLVER = b'''
import torch

def solve(a, b, tol: float, max_iter: int, precondition):
    x = torch.zeros_like(b)
    r = b - a @ x
    for i in range(max_iter):
        x = x + 0.1 * r
        r = b - a @ x
        if r.norm() < tol:
            break
    for j in range(max_iter):
        x = x + 0.1 * r
        if float(r.norm()) < tol:
            break
    for k in range(max_iter):
        x = x + 0.1 * r
        if k > 3:
            break
    for m in range(max_iter):
        x = precondition(x)
        if (x - r).abs().max().item() < tol:
            break
    return x
'''


def test_a_loop_stopping_where_a_tensor_says_weighs_its_rows():
    """An iterative solver's loop, stopped by a tolerance test on a tensor (``if r.norm() < tol:
    break``), runs many steps, not one: ``TENSOR_ROWS``, as a loop over a tensor's rows (fastica's
    fits, 78 / 63 % estimated against 62 / 31 % measured when it weighed one run; lsmr). So does one
    stopped by a value read from a tensor where it calls nothing but torch (otloss' Sinkhorn
    iterations, a skipped frame's work: 41 % estimated against 0.7 % measured when it weighed one
    run); one calling anything else (an operator's product, a frame of its own: hessian-eigenthings'
    Lanczos steps) or stopped by a count runs once, as before."""
    r = analyse("m.py", SOLVER, Options(entries=("m.py:solve",)))
    [f] = [f for f in r.traced if f.name == "solve"]
    assert dict(f.repeats) == {line: TENSOR_ROWS for line in (8, 9, 10, 11, 13, 14, 15)}


SCATTERED = b'''
import torch
from torch import Tensor
from torch.nn import Parameter

def convert(x):
    y = x * 2
    m = y > 0
    y.masked_scatter_(m, torch.masked_select(y, m) * 3)
    return y + 1

def update(w: Parameter, scale: float):
    w.backward(torch.ones_like(w))
    g = w.grad.relu_()
    w.data.mul_(g)
'''


def test_a_masked_scatter_of_a_masked_select_breaks_twice_and_a_parameter_runs_ops():
    """``y.masked_scatter_(m, torch.masked_select(y, m) * 3)``: Dynamo breaks at the read and again at
    the scatter (constructs.py "masked_scatter_ of a masked_select": 3 graphs; torchstain's colour
    conversions, 17 graphs measured, 11 estimated before). A parameter annotated ``Parameter`` is a
    tensor: its statements run ops (torchnmf's multiplicative update, 2 graphs estimated for 10)."""
    r = analyse("m.py", SCATTERED, Options(entries=("m.py:convert", "m.py:update")))
    est = {e.function.name: e for e in estimate_functions(r.traced)}
    assert 1 + est["convert"].graphs == 3
    [f] = [f for f in r.traced if f.name == "update"]
    assert {14, 15} <= set(f.op_lines)



INDEXED = b'''
import torch

def edge(scores, t, k):
    return scores[:, t + k] - scores[:, t]

def row(scores, t):
    return scores[t] * 2

def viterbi(scores, n: int):
    out = []
    for t in range(n):
        for k in range(1, 3):
            out.append(edge(scores, t, k))
        if scores.sum() > 0:
            scores = scores - 1
    return out

def rows(scores, n: int):
    out = []
    for t in range(n):
        out.append(row(scores, t))
        if scores.sum() > 0:
            scores = scores - 1
    return out

def traceback(scores, bp):
    t = 5
    while t > 0:
        k = bp[t].item()
        start = t - k
        s = edge(scores, start, k)
        t = start
    return s

def first(scores):
    n = scores[0, 1].item()
    return scores * n
'''


def test_a_frame_indexing_with_a_number_its_eager_callers_loop_changes_compiles_per_value():
    """A number indexing a tensor in a tuple subscript (``x[:, t + k]``) is guarded by value, as
    ``torch.as_tensor(t)`` is: handed one a loop of an eager frame changes (its index, or a name the
    loop binds from a host read or from arithmetic of those: a traceback's ``start = t - k``), the
    frame compiles once per value up to the recompile limit; ``x[t]`` is made dynamic (twice)
    (constructs.py "helper in a loop of a skipped frame, loop index in a tuple subscript it reads,
    ...": a graph per value, "... loop index as a subscript, 4 steps": 2; flash-semicrf's edge
    blocks and segment scores). The indexing under a host read (``x[0, 1].item()``) is an op of the
    graph before the break (constructs.py "item of an indexed tensor, then ops": 2 graphs)."""
    names = ("viterbi", "rows", "traceback", "first")
    entries = tuple(f"m.py:{n}" for n in names)
    r = analyse("m.py", INDEXED, Options(entries=entries))
    rows = {e["function"]: e for e in compile_coverage([r], entries)["entries"]}
    assert {n: rows[n]["expected_graphs"] for n in names} == {"viterbi": 8, "rows": 2, "traceback": 8, "first": 2}
    f = {t.name: t for t in r.traced}
    assert f["edge"].pinned == (1, 2) and f["row"].pinned == ()
    assert f["traceback"].varied_args == ((32, 1, 0), (32, 2, 0))  # start and k, each changed at every step


KEPT = b'''
import torch
from torch import nn

class Logger(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.hist = []

    def forward(self, x):
        y = self.lin(x)
        self.hist.append(y.detach())
        return y

class Fresh(nn.Module):
    def forward(self, x):
        self.outs = []
        self.outs.append(x * 2)
        return x + 1

def step(state, tokens):
    out = []
    for i, t in enumerate(tokens.tolist()):
        history = state.history[i]
        history.append(t)
        out.append(t)
    return torch.tensor(out)

def handed(acc, x):
    acc.append(x)
    return x * 2
'''


def test_a_list_kept_across_calls_that_compiled_code_appends_to_is_a_recompile_source():
    """Appending to a list kept across calls (an attribute of ``self`` or of a parameter, or a name
    bound to one) changes its length, which Dynamo guards: each call compiles the frame again, up to
    the recompile limit (measured: 12 calls of a forward appending to ``self.hist``, 8 graphs; the
    same through ``state.history[0]``; rosa-torch's inference steps, 11 graphs in 16 steps). A list
    the call makes anew (``self.outs = []``) or one handed to it is no source."""
    entries = ("m.py:Logger.forward", "m.py:Fresh.forward", "m.py:step", "m.py:handed")
    r = analyse("m.py", KEPT, Options(entries=entries))
    rows = {e["entry"]: e for e in compile_coverage([r], entries)["entries"]}
    assert {e: rows[e]["expected_recompiles"] for e in entries} == {
        "m.py:Logger.forward": 1, "m.py:Fresh.forward": 0, "m.py:step": 1, "m.py:handed": 0}
    (source,) = rows["m.py:step"]["recompile_sources"]
    assert source["line"] == 26 and "a list kept across calls" in source["why"]


SCRIPT_SETS_FLAG = b'''
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 4))

    def forward(self, x, profile=False):
        return self.forward_once(x, profile)

    def forward_once(self, x, profile=False):
        for m in self.layers:
            if profile:
                print(type(m).__name__)
            x = m(x)
        return x


if __name__ == "__main__":
    model = Model()
    y = model(torch.rand(1, 4), profile=True)
'''


def test_a_flag_set_only_where_the_file_runs_as_a_script_is_off_by_default():
    """yolov7's ``model(img, profile=True)`` under ``if __name__ == "__main__":`` times each layer
    eagerly; the compiled ``forward(x)`` hands ``forward_once`` its own ``profile=False`` (1 graph
    measured, 100 %): the print under ``if profile:`` is not a break of the default call. Set
    elsewhere in the file, the flag may be on."""
    rows = {e.function.name: e for e in estimate_functions(analyse("m.py", SCRIPT_SETS_FLAG, Options()).traced)}
    assert (rows["Model.forward_once"].lost, rows["Model.forward_once"].graphs) == (0, 0)
    elsewhere = SCRIPT_SETS_FLAG.replace(b'if __name__ == "__main__":', b"def demo():")
    rows = {e.function.name: e for e in estimate_functions(analyse("m.py", elsewhere, Options()).traced)}
    assert rows["Model.forward_once"].runs_eagerly


RELEASED = b'''
import gc
import torch

def release_memory():
    gc.collect()
    torch.cuda.empty_cache()

def integrate(u, steps):
    u = torch.fft.rfft(u)
    print("integrating")
    release_memory()
    for i in range(steps):
        print(i)
        u = u * 0.5
    return torch.fft.irfft(u)
'''


def test_a_call_running_no_tensor_op_in_the_eager_rest_of_a_frame_loses_nothing():
    """After a break resumed (``print``) and one that skips the resumed frame (a ``print`` in a loop),
    the rest of the frame runs eagerly; a call there to a function that runs no tensor op and calls
    nothing (torchfsm's ``clean_up_memory()``: ``gc.collect()``, ``torch.cuda.empty_cache()``) runs no
    ATen call, so it loses none: 5 of the 7 statements lost, not 6 (torchfsm's ``integrate``, 89.8 →
    91.8 % estimated against 99.9 % measured)."""
    r = analyse("m.py", RELEASED, Options(entries=("m.py:integrate",)))
    est = {e.function.name: e for e in estimate_functions(r.traced)}
    assert est["integrate"].rest_eager_from == 11
    assert (est["integrate"].statements, est["integrate"].lost) == (7, 5)


SIZED = b'''
import torch
import torch.nn as nn

class Spreader(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("counts", torch.tensor([4, 4, 4]))

    def forward(self, w):
        nx = int(self.counts[0])
        ny = int(self.counts[1])
        nz = int(self.counts[2])
        grid = torch.zeros((nx, ny, nz))
        return grid + w.sum()
'''


def test_an_int_of_an_indexed_tensor_indexes_in_a_graph_before_its_break():
    """``int(self.counts[0])`` reads an element of a buffer to the host: the indexing runs in a graph
    of its own before the break, as ``x[0].item()``'s does (constructs.py "int of an indexed tensor,
    then ops": 2 graphs; "three ints of indexed tensors, then ops": 4). Three such reads, then ops:
    4 graphs, not 1 (torch-pme's ``points_to_mesh``; its PME and P3M calculators 8 -> 11 graphs
    estimated against 16 measured)."""
    r = analyse("m.py", SIZED, Options())
    [f] = [f for f in r.traced if f.name == "Spreader.forward"]
    assert {11, 12, 13} <= set(f.op_lines)
    [e] = estimate_functions(r.traced)
    assert 1 + e.graphs == 4


LAZY = b'''
import torch.nn as nn
from torch.nn import LazyLinear


class LazyMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.LazyLinear(32), nn.ReLU(), LazyLinear(16), nn.ReLU(), nn.LazyLinear(8),
                                 nn.Sigmoid())

    def forward(self, x):
        y = x * 2
        return self.net(y).sum(-1)


class SizedMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, 8),
                                 nn.Sigmoid())

    def forward(self, x):
        y = x * 2
        return self.net(y).sum(-1)


class LazyHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.classifier = nn.LazyLinear(4)

    def forward(self, x):
        y = x * 2
        return self.classifier(y).sum(-1)


class LazyNormHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LazyBatchNorm1d()

    def forward(self, x):
        y = x * 2
        return self.norm(y).sum(-1)
'''


def test_a_lazy_modules_first_call_initialises_it_outside_the_graph():
    """A torch.nn lazy module initialises its parameters at its first call, eagerly, before Dynamo traces
    the call (torchradio's dense receiver: 24 of its 46 ATen calls, 48 % captured, no break). Dynamo, each
    module built anew: lazy layers in a Sequential 1 graph, 31 %; the same given their sizes 100 %; a lazy
    linear layer 33 %; a lazy batch norm 23 % (constructs.py "..., first call")."""
    r = analyse("m.py", LAZY, Options())
    functions = {f.name: f for f in r.traced}
    assert dict(functions["LazyMLP.forward"].lazy_init) == {14: 12}  # three nn.LazyLinear: 8 ATen calls / 2 each
    # an nn.Sequential's call weighs its torch.nn layers, 1 each (a Linear's t and addmm), as their sizes are known
    assert dict(functions["SizedMLP.forward"].weights) == {25: 6} and not functions["SizedMLP.forward"].lazy_init
    rows = {e["function"]: e for e in compile_coverage([r])["entries"]}
    assert {name: row["expected_graphs"] for name, row in rows.items()} == dict.fromkeys(rows, 1)
    assert {name: row["estimated_coverage"] for name, row in rows.items()} == {
        "LazyMLP.forward": round(1 - 12 / 19, 4), "SizedMLP.forward": 1.0,
        "LazyHead.forward": round(1 - 4 / 6, 4), "LazyNormHead.forward": round(1 - 8 / 10, 4)}


WHILE_TESTED = b'''
import torch


class Registration:
    def __init__(self, X, Y, max_iterations=50):
        self.X, self.Y, self.TY = X, Y, Y
        self.iteration, self.max_iterations = 0, max_iterations
        self.active = torch.ones((), dtype=torch.bool)

    def register(self):
        self.TY = self.Y @ torch.eye(self.Y.shape[-1], dtype=self.Y.dtype) + 0.0
        while self.iteration < self.max_iterations and bool(self.active.any()):
            self.step()
        return self.TY

    def settle(self):
        self.TY = self.Y * 2.0
        while (self.TY - self.X).abs().sum() > 1.0:
            self.TY = self.TY * 0.5 + self.X * 0.5
        return self.TY

    def step(self):
        P = torch.softmax(-torch.cdist(self.X, self.TY), dim=-1)
        self.TY = P.T @ self.X
        self.iteration += 1


def fit(X, Y):
    reg = Registration(X, Y)
    return torch.compile(reg.register)(), torch.compile(reg.settle)()
'''


def test_a_call_s_break_in_a_while_test_runs_the_rest_of_the_frame_eagerly():
    """A call's break in a ``while`` test (cpd-pytorch's EM loop, ``while it < n and bool(active.any()):``):
    Dynamo compiles the frame up to the first test, resumes after it, and the resumed frame breaks again at
    the test, inside the loop, which skips it: the rest runs eagerly and the loop's callees are frames of
    their own (constructs.py "ops, then a while loop tested on a tensor's value, ...": 2 graphs, 49 % and
    48 %). A branch on a tensor in a ``while`` test (NM402) is resumed at both targets: not so."""
    r = analyse("cpd.py", WHILE_TESTED, Options())
    functions = {f.name: f for f in r.traced}
    (site,) = functions["Registration.register"].breaks
    assert site.line == 13 and site.skips_rest and not site.skips_frame
    (branch,) = functions["Registration.settle"].breaks
    assert branch.line == 19 and not branch.skips_rest and not branch.skips_frame
    by_name = {e.function.name: e for e in estimate_functions(r.traced)}
    assert by_name["Registration.register"].rest_eager_from == 13
    assert by_name["Registration.step"].own_frame


SCRIPTED_CALLING = b'''
import torch


def strict(cutoff: float, pos: torch.Tensor, mapping: torch.Tensor):
    d = (pos[mapping[0]] - pos[mapping[1]]).norm(dim=-1)
    keep = d < cutoff
    return mapping[:, keep]


@torch.jit.script
def neighbors(cutoff: float, pos: torch.Tensor, batch: torch.Tensor):
    n_atoms = torch.bincount(batch)
    pairs = torch.combinations(torch.arange(pos.shape[0]), 2).T
    return strict(cutoff, pos, pairs), n_atoms


compiled = torch.compile(neighbors)
'''


def test_what_a_torchscript_function_running_whole_calls_runs_with_it():
    """A ``@torch.jit.script`` function that Dynamo runs whole as TorchScript (its first break) runs what it
    calls as TorchScript too, decorated or not: no frame of its own, no graph, all lost (constructs.py
    "torch.jit.script function as the compiled entry, a break in it, a plain helper it calls": 0 graphs, 0 %;
    torch-nl's ``compute_neighborlist`` calling ``strict_nl``, 0 graphs and 0 % measured, 33 % estimated)."""
    r = analyse("nl.py", SCRIPTED_CALLING, Options())
    by_name = {e.function.name: e for e in estimate_functions(r.traced)}
    assert set(by_name) == {"neighbors", "strict"}
    assert by_name["neighbors"].runs_eagerly and by_name["neighbors"].lost == by_name["neighbors"].statements
    assert by_name["strict"].runs_eagerly and by_name["strict"].graphs == 0
    assert compile_coverage([r])["estimated_coverage"] == 0.0
