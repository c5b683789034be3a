"""NM410: an optimizer's parameters lose their subclass in compiled code.

Measured with torch 2.13 (``benchmarks/calibration/constructs.py --parameter-types``): in a
function Dynamo compiles, a parameter read from an optimizer's ``param_groups`` is seen as a
plain ``nn.Parameter`` (or ``torch.Tensor``), whatever its class. ``isinstance(p, C)`` and
``type(p) is C`` for a tensor subclass ``C`` of the user's or a library's are then False, where
they are True eagerly, and the compiled step silently takes the other branch: geoopt's
Riemannian optimizers update every ``ManifoldParameter`` with the Euclidean formula. The same
parameter read through ``module.parameters()`` keeps its class; torch's own traceable subclasses
(``DTensor``) keep theirs; tests against ``nn.Parameter``/``torch.Tensor`` and attributes set on
the instance (``hasattr(p, "manifold")``) are unchanged. Not a graph break: no break site, no
part of the coverage estimate.
"""

from __future__ import annotations

import ast

from neuron_migrate.checks import Context, finalizer, prefilter, rule
from neuron_migrate.checks.graph_breaks import _State, _body, _method_of, _params, _self_attr, _short, traced_functions
from neuron_migrate.checks.tracing import host_side_file

prefilter(__name__, ("param_groups",))

NM410 = rule(
    "NM410", "parameter-subclass-test-in-compiled-step", "warning", "compile",
    summary="type test of an optimizer's parameter against a tensor subclass in traced code: always "
            "false under torch.compile",
    why="In a function `torch.compile` traces, Dynamo sees a parameter read from an optimizer's "
        "`param_groups` as a plain `nn.Parameter`, whatever its class. `isinstance(p, C)` and "
        "`type(p) is C` against a tensor subclass `C` (a manifold parameter, a quantised weight, "
        "any class of your own or of a library) are then False where they are True eagerly, and "
        "the compiled step silently runs the other branch: no graph break and no error, a "
        "different update. Tests against `nn.Parameter` or `torch.Tensor`, torch's own "
        "subclasses (`DTensor`) and attributes set on the parameter (`hasattr(p, \"manifold\")`) "
        "are unaffected, as is a parameter read through `module.parameters()`.",
    example="from geoopt import ManifoldParameter\n\nclass RiemannianSGD(torch.optim.Optimizer):\n    @torch.no_grad()\n    def step(self):\n"
            "        for group in self.param_groups:\n            for p in group[\"params\"]:\n"
            "                if isinstance(p, ManifoldParameter):\n"
            "                    p.copy_(p.manifold.retr(p, -group[\"lr\"] * p.grad))\n"
            "                else:\n                    p.add_(p.grad, alpha=-group[\"lr\"])\n\n"
            "opt = RiemannianSGD(model.parameters(), {\"lr\": 0.1})\nstep = torch.compile(opt.step)",
    use_instead="class RiemannianSGD(torch.optim.Optimizer):\n    @torch.no_grad()\n    def step(self):\n"
                "        for group in self.param_groups:\n            for p in group[\"params\"]:\n"
                "                if getattr(p, \"manifold\", None) is not None:  # set on the instance\n"
                "                    p.copy_(p.manifold.retr(p, -group[\"lr\"] * p.grad))\n"
                "                else:\n                    p.add_(p.grad, alpha=-group[\"lr\"])\n\n"
                "opt = RiemannianSGD(model.parameters(), {\"lr\": 0.1})\nstep = torch.compile(opt.step)",
    fix="none", fix_reason="what marks a parameter for the other branch is the author's choice (an "
                           "attribute set on it, a separate parameter group)",
    source="measured: benchmarks/calibration/constructs.py --parameter-types (torch 2.13)",
)

@finalizer
def report_parameter_tests(ctx: Context) -> None:
    """NM410 in the traced functions of files that read ``param_groups``."""
    if "param_groups" not in ctx.src.text or host_side_file(ctx.src.path):
        return
    d = ctx.state(_State)
    traced = traced_functions(ctx)
    handed: dict[int, set[str]] = {}  # callee id -> its parameters a caller passes an optimizer's parameter
    bound: dict[int, set[str]] = {}
    for tf in sorted(traced.values(), key=lambda t: t.node.lineno):
        names = bound[id(tf.node)] = _parameter_names(_body(tf.node, d))
        if names and tf.cls is not None:
            _hand_off(tf, names, d, handed)
    for tf in traced.values():
        names = bound[id(tf.node)] | handed.get(id(tf.node), set())
        for test, name, classes in _type_tests(_body(tf.node, d), names):
            if any(_user_class(c, ctx, d, tf.chain) for c in classes):
                ctx.report(NM410, test, f"`{_short(ctx, test)}` is always False in compiled code: Dynamo sees "
                           f"`{name}`, a parameter of an optimizer's `param_groups`, as a plain nn.Parameter, "
                           "so the compiled step takes the other branch without a graph break or an error; "
                           "tell such parameters apart by an attribute set on them (`getattr(p, \"kind\", None)`) or keep "
                           f"`{tf.name}` out of torch.compile"
                           + (f" (traced: reached from {tf.origin})" if tf.origin else ""))


def _is_params_list(e: ast.AST, groups: set[str], lists: set[str]) -> bool:
    """``group["params"]`` (``group`` iterating ``param_groups``), ``X.param_groups[i]["params"]``,
    or a name bound to one."""
    if type(e) is ast.Name:
        return e.id in lists
    if type(e) is not ast.Subscript or not (type(e.slice) is ast.Constant and e.slice.value == "params"):
        return False
    v = e.value
    return ((type(v) is ast.Name and v.id in groups)
            or (type(v) is ast.Subscript and type(v.value) is ast.Attribute and v.value.attr == "param_groups"))


def _bind(target: ast.AST, it: ast.AST, groups: set[str], lists: set[str], params: set[str]) -> None:
    """Names a ``for target in it`` binds to a param group or to a parameter."""
    if type(it) is ast.Attribute and it.attr == "param_groups":
        if type(target) is ast.Name:
            groups.add(target.id)
    elif _is_params_list(it, groups, lists):
        if type(target) is ast.Name:
            params.add(target.id)
    elif type(it) is ast.Call and type(it.func) is ast.Name and type(target) is ast.Tuple:
        if it.func.id == "zip":  # for p, g in zip(group["params"], grads)
            pairs = zip(target.elts, it.args)
        elif it.func.id == "enumerate" and it.args and len(target.elts) == 2:
            pairs = [(target.elts[1], it.args[0])]
        else:
            return
        for t, a in pairs:
            if type(t) is ast.Name and _is_params_list(a, groups, lists):
                params.add(t.id)


def _parameter_names(body) -> set[str]:
    """Names the function binds to an optimizer's parameters, in loops and comprehensions."""
    groups: set[str] = set()
    lists: set[str] = set()
    params: set[str] = set()
    for b in body.binders:
        if type(b) in (ast.For, ast.AsyncFor):
            _bind(b.target, b.iter, groups, lists, params)
        elif (type(b) is ast.Assign and len(b.targets) == 1 and type(b.targets[0]) is ast.Name
              and _is_params_list(b.value, groups, lists)):
            lists.add(b.targets[0].id)  # params = group["params"]
    for comp in body.comprehensions:
        for gen in comp.generators:
            _bind(gen.target, gen.iter, groups, lists, params)
    return params


def _hand_off(tf, names: set[str], d: _State, handed: dict[int, set[str]]) -> None:
    """``self.update(p)``: the callee method's parameter at that position holds the parameter."""
    for call in _body(tf.node, d).calls:
        f = call.func
        found = _method_of(tf.cls, f.attr, d) if _self_attr(f) is not None else None
        if found is None:
            continue
        params = _params(found[0], d)
        for i, a in enumerate(call.args):
            if type(a) is ast.Name and a.id in names and i < len(params):
                handed.setdefault(id(found[0]), set()).add(params[i])


def _type_tests(body, names: set[str]):
    """``isinstance(p, C)`` (``C`` a class or a tuple of them) and ``type(p) is C`` / ``== C``:
    (the test, the name, the class expressions)."""
    for call in body.calls:
        f, args = call.func, call.args
        if (type(f) is ast.Name and f.id == "isinstance" and len(args) == 2
                and type(args[0]) is ast.Name and args[0].id in names):
            yield call, args[0].id, args[1].elts if type(args[1]) is ast.Tuple else [args[1]]
    for test in body.tests:
        cond = getattr(test, "test", None)
        if (type(cond) is ast.Compare and len(cond.ops) == 1 and type(cond.ops[0]) in (ast.Is, ast.Eq)
                and type(cond.left) is ast.Call and type(cond.left.func) is ast.Name and cond.left.func.id == "type"
                and len(cond.left.args) == 1 and type(cond.left.args[0]) is ast.Name and cond.left.args[0].id in names):
            yield cond, cond.left.args[0].id, cond.comparators


def _user_class(e: ast.AST, ctx: Context, d: _State, chain: tuple) -> bool:
    """A class of the project's or of a library's, not torch's own nor a builtin: a class of this
    file, or a name an import binds (relative imports included), or an imported module's attribute."""
    qualified = ctx.names.qualify(e, chain)
    if qualified is not None:
        return not qualified.startswith("torch.")
    return type(e) is ast.Name and (e.id in d.classes or e.id in ctx.names.import_bound())
