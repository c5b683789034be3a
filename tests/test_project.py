"""The project model: traced code followed across the project's modules (relative imports,
package re-exports, module attributes, inherited methods), findings kept in their own file
and naming where they were reached from."""

import json
from pathlib import Path

from neuron_migrate.cli import main
from neuron_migrate.project.model import Project, module_name

FILES = {
    "pkg/__init__.py": "",
    "pkg/layers/__init__.py": "from .helpers import pad_to, Base\n",
    "pkg/layers/helpers.py": '''import torch
from torch import nn


def pad_to(x, n):
    print("padding")
    if x.sum() > 0:
        x = x + 1
    return scale(torch.nn.functional.pad(x, (0, n)))


def scale(x):
    return x * x.abs().max().item()


def unused(x):
    return x.tolist()


def never_called(x):
    return x.item()


class Base(nn.Module):
    def norm(self, x):
        return x / x.abs().max().item()
''',
    "pkg/models/net.py": '''import torch
from torch import nn
from ..layers import pad_to, Base
from pkg.layers import helpers


class Net(Base):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        x = pad_to(x, 2)
        x = self.norm(x)
        return self.lin(helpers.unused(x))
''',
}


def write(root: Path, files: dict[str, str] = FILES) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def scan(capsys, root, *args):
    main(["scan", str(root), "-f", "json", "-q", "--no-cache", "--exit-zero", "--select", "NM4", *args])
    return json.loads(capsys.readouterr().out)


def sites(capsys, root, *args):
    """(path, line, code) of each finding of ``scan``."""
    return [(f["path"], f["line"], f["code"]) for f in scan(capsys, root, *args)["findings"]]


def test_module_names():
    assert module_name("pkg/layers/__init__.py") == "pkg.layers"
    assert module_name("pkg/layers/helpers.py") == "pkg.layers.helpers"


def test_traced_code_is_followed_into_other_modules(tmp_path, capsys):
    doc = scan(capsys, write(tmp_path))
    got = [(f["path"], f["line"], f["code"], f["message"].split("reached from ")[-1].split(")")[0])
           for f in doc["findings"]]
    origin = "pkg/models/net.py:Net.forward"
    assert got == [
        ("pkg/layers/helpers.py", 6, "NM403", origin),  # pad_to, through the package's __init__
        ("pkg/layers/helpers.py", 7, "NM402", origin),
        ("pkg/layers/helpers.py", 13, "NM401", origin),  # scale, called by pad_to in its own file
        ("pkg/layers/helpers.py", 17, "NM401", origin),  # helpers.unused, a module attribute
        ("pkg/layers/helpers.py", 26, "NM401", origin),  # Base.norm, inherited by Net
    ]
    functions = {f["name"]: f["why"] for m in doc["compile_coverage"]["modules"] if m["path"] == "pkg/layers/helpers.py"
                 for f in m["functions"]}
    assert functions["pad_to"] == f"reached from {origin}" and functions["scale"] == "called from pad_to"
    assert "never_called" not in functions


def test_followed_files_are_cached_with_the_roots_traced_into_them(tmp_path, capsys, monkeypatch):
    from neuron_migrate import runner

    root = write(tmp_path)
    fresh = scan(capsys, root)

    def cached_scan():
        main(["scan", str(root), "-f", "json", "-q", "--exit-zero", "--select", "NM4", "-j", "1"])
        return json.loads(capsys.readouterr().out)

    assert cached_scan()["findings"] == fresh["findings"]  # fills the cache
    analysed = []
    real = runner._analyse
    monkeypatch.setattr(runner, "_analyse", lambda cand, *a: analysed.append(cand.rel) or real(cand, *a))
    assert cached_scan()["findings"] == fresh["findings"] and analysed == []  # warm: nothing again
    # another root traced into helpers.py is another entry, not the cached one
    net = root / "pkg" / "models" / "net.py"
    net.write_text(net.read_text().replace("helpers.unused(x)", "helpers.never_called(x)"))
    got = cached_scan()["findings"]
    assert sorted(set(analysed)) == ["pkg/layers/helpers.py", "pkg/models/net.py"]
    assert got == scan(capsys, root)["findings"]
    assert [f["line"] for f in got if f["path"] == "pkg/layers/helpers.py"] == [6, 7, 13, 21, 26]


def test_a_warm_scan_takes_the_project_step_from_the_cache(tmp_path, capsys, monkeypatch):
    """Unchanged files: the answer of the project model is the cached one, names are not
    resolved again; one edited file and the step runs again, with what it now finds."""
    from neuron_migrate.project import model

    root = write(tmp_path)
    fresh = scan(capsys, root, "--select", "ALL")

    def cached_scan():
        main(["scan", str(root), "-f", "json", "-q", "--exit-zero", "--select", "ALL", "-j", "1"])
        return json.loads(capsys.readouterr().out)

    assert cached_scan() == fresh  # fills the cache
    steps = []
    real = model.extra_roots
    monkeypatch.setattr(model, "extra_roots", lambda *a, **k: steps.append(1) or real(*a, **k))
    assert cached_scan() == fresh and steps == []
    net = root / "pkg" / "models" / "net.py"
    net.write_text(net.read_text().replace("helpers.unused(x)", "helpers.never_called(x)"))
    assert cached_scan() == scan(capsys, root, "--select", "ALL") and steps


def test_a_cached_project_step_is_used_only_if_what_it_read_outside_is_unchanged(tmp_path):
    """A cached answer that looked a package up, read a library's file or names a file the
    scan does not have (a damaged or crafted entry) is not used: the step runs again."""
    from neuron_migrate.models import ProjectStep
    from neuron_migrate.project.libraries import PREFIX, Libraries
    from neuron_migrate.runner import _recalled

    site = tmp_path / "site"
    (site / "lib").mkdir(parents=True)
    (site / "lib" / "__init__.py").write_text("def f(x):\n    return x\n")
    libraries = Libraries([str(site)])
    index = {"a.py": 0}
    key = PREFIX + "lib/__init__.py"
    digest = __import__("neuron_migrate.cache", fromlist=["digest"]).digest((site / "lib" / "__init__.py").read_bytes())
    ok = ProjectStep("", (("a.py", "f", "origin"),), (("a.py", "g", "a.py", "f", 3),),
                     (("lib", str(site), str(site / "lib")), ("nothere", "", "")), (("lib", key),), ((key, digest),))
    assert _recalled(ok, libraries, index).roots == ok.roots
    assert _recalled(ok, None, index) is None  # not following now
    for changed in [dict(packages=(("nothere", str(site), str(site / "nothere")),)),  # found nowhere now
                    dict(modules=(("lib.sub", key),)),  # no such module
                    dict(sources=((key, b"another digest"),)),
                    dict(roots=(("gone.py", "f", "origin"),)),
                    dict(links=(("a.py", "g", "gone.py", "f", 3),))]:
        assert _recalled(__import__("dataclasses").replace(ok, **changed), Libraries([str(site)]), index) is None
    (site / "lib" / "__init__.py").write_text("def f(x):\n    return x + 1\n")  # an upgraded library
    assert _recalled(ok, Libraries([str(site)]), index) is None


def test_second_analyses_run_in_the_pool_of_the_first(tmp_path, capsys, monkeypatch):
    from neuron_migrate import formats, runner

    root = write(tmp_path)
    for i in range(runner.POOL_THRESHOLD):  # enough files for a pool
        (root / f"pkg/filler_{i}.py").write_text(f"import torch\n\n\ndef f{i}(x):\n    return x + {i}\n")
    alone = scan(capsys, root, "-j", "1")
    in_this_process = []
    real = formats.analyse
    monkeypatch.setattr(formats, "analyse", lambda kind, rel, *a: in_this_process.append(rel) or real(kind, rel, *a))
    assert scan(capsys, root, "-j", "2") == alone
    # helpers.py, analysed again with the functions net.py traces into it, in a worker too
    assert in_this_process == []
    assert any(f["path"] == "pkg/layers/helpers.py" for f in alone["findings"])


def test_a_single_file_scan_stays_local(tmp_path, capsys):
    root = write(tmp_path)
    assert scan(capsys, root / "pkg" / "layers" / "helpers.py")["findings"] == []


def test_resolution_through_reexports_and_bases(tmp_path):
    from neuron_migrate.models import Options
    from neuron_migrate.runner import scan as run

    root = write(tmp_path)
    result, _ = run([root], Options(select=("NM4",)), jobs=1)
    project = Project(result.files, root)
    assert project.find("pkg.layers.pad_to") == ("pkg/layers/helpers.py", "pad_to", "function")
    assert project.callee("pkg/models/net.py", "self:Net.norm") == ("pkg/layers/helpers.py", "Base.norm")
    assert project.callee("pkg/models/net.py", "torch.cat") is None


SOLVERS = {
    "ode/__init__.py": "",
    "ode/base.py": '''import torch


class Solver:
    def integrate(self, t):
        self._before(t)
        self._check(t)  # defined by subclasses only
        return self._advance(t)

    def _before(self, t):
        pass

    def _advance(self, t):
        raise NotImplementedError

    def _never(self, t):
        pass
''',
    "ode/adaptive.py": '''from .base import Solver


class Adaptive(Solver):
    def _advance(self, t):
        if t.sum() > 0:
            t = t - 1
        return t

    def unrelated(self, t):
        return t.item()

    def _never(self, t):
        return t.item()

    def _check(self, t):
        return t.tolist()
''',
    "ode/dopri.py": '''from .adaptive import Adaptive


class Dopri(Adaptive):
    order = 5
''',
    "ode/fixed.py": '''from .base import Solver


class Fixed(Solver):
    def _before(self, t):
        print(t)
''',
    "ode/solve.py": '''from .dopri import Dopri
from .fixed import Fixed

SOLVERS = {"dopri5": Dopri, "fixed": Fixed}


def solve(t, method):
    solver = SOLVERS[method](t)
    return solver.integrate(t)


def solve_default(t, method="dopri5"):
    solver = SOLVERS[method](t)
    return solver.integrate(t)


def solve_fixed(t):
    solver = SOLVERS["fixed"](t)
    return solver.integrate(t)
''',
}


def test_an_instance_from_a_table_of_classes_dispatches_to_the_overrides(tmp_path, capsys):
    """``solver = SOLVERS[method](...)``: any class of the table; ``solver.integrate(t)`` runs a
    base's method, whose ``self._advance(t)`` runs the subclass's override (torchdiffeq's odeint)."""
    for rel, text in SOLVERS.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    doc = scan(capsys, tmp_path, "--entry", "ode/solve.py:solve")
    got = [(f["path"], f["line"], f["code"]) for f in doc["findings"]]
    # not `unrelated`, nor the override of `_never`, which the base's traced code does not call
    assert got == [("ode/adaptive.py", 6, "NM402"), ("ode/adaptive.py", 17, "NM401"), ("ode/fixed.py", 6, "NM403")]
    why = {(m["path"], f["name"]): f["why"] for m in doc["compile_coverage"]["modules"] for f in m["functions"]}
    assert why[("ode/base.py", "Solver.integrate")] == "reached from ode/solve.py:solve"
    assert why[("ode/adaptive.py", "Adaptive._advance")] == "reached from ode/solve.py:solve"


def test_an_instance_from_a_table_of_classes_with_a_known_key_is_that_class(tmp_path, capsys):
    """``solver = SOLVERS[method](...)`` where the key is known, a literal or a parameter's
    default that the function does not rebind: only that class runs (by default), so only its
    methods are traced and only its breaks are found at the call (held_out_12's flow_matching:
    every solver of torchdiffeq's table was counted). An unknown key keeps every class."""
    for rel, text in SOLVERS.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    default = scan(capsys, tmp_path, "--entry", "ode/solve.py:solve_default")
    assert [(f["path"], f["line"], f["code"]) for f in default["findings"]] == [
        ("ode/adaptive.py", 6, "NM402"), ("ode/adaptive.py", 17, "NM401")]
    fixed = scan(capsys, tmp_path, "--entry", "ode/solve.py:solve_fixed")
    assert [(f["path"], f["line"], f["code"]) for f in fixed["findings"]] == [("ode/fixed.py", 6, "NM403")]


PICKED = {
    # two packages in folders that are not packages (a monorepo, or sources unpacked side by side)
    "libs/solvers/solvers/__init__.py": "from .api import integrate, integrate_adjoint\n",
    "libs/solvers/solvers/base.py": '''class Solver:
    def __init__(self, y):
        self.y = y

    def integrate(self, y):
        return self.step(y)

    def step(self, y):
        raise NotImplementedError
''',
    "libs/solvers/solvers/euler.py": '''from .base import Solver


class Euler(Solver):
    def step(self, y):
        if y.sum() > 0:
            y = y - 1
        return y
''',
    "libs/solvers/solvers/heun.py": '''from .base import Solver


class Heun(Solver):
    def step(self, y):
        return y * y.sum().item()
''',
    "libs/solvers/solvers/methods.py": '''from .euler import Euler
from .heun import Heun


def select(method):
    if method == "euler":
        return Euler
    elif method == "heun":
        return Heun
    raise ValueError(method)
''',
    "libs/solvers/solvers/api.py": '''from . import methods


def integrate(y, method="euler"):
    solver_fn = methods.select(method)
    solver = solver_fn(y)
    return solver.integrate(y)


def integrate_adjoint(y):
    return integrate(y)
''',
    "libs/app/app/__init__.py": "",
    "libs/app/app/run.py": '''import solvers


def run(y, adjoint=False):
    integrate = solvers.integrate_adjoint if adjoint else solvers.integrate
    return integrate(y) * 2
''',
}


def test_a_factory_picked_class_and_a_local_alias_are_followed_across_packages(tmp_path, capsys):
    """``integrate = solvers.integrate_adjoint if adjoint else solvers.integrate; integrate(y)``
    (torchcde's cdeint calling torchdiffeq) reaches the other package, imported by its own name
    though its folder sits in folders that are not packages; ``solver_fn = methods.select(m);
    solver = solver_fn(y); solver.integrate(y)`` (torchsde's sdeint) runs the base's method and,
    through it, the ``step`` of every class ``select`` may return. Measured: Dynamo traces the
    picked class's method (constructs.py, "method of the class a factory picks")."""
    for rel, text in PICKED.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    doc = scan(capsys, tmp_path, "--entry", "libs/app/app/run.py:run")
    got = [(f["path"], f["line"], f["code"]) for f in doc["findings"]]
    assert got == [("libs/solvers/solvers/euler.py", 6, "NM402"), ("libs/solvers/solvers/heun.py", 6, "NM401")]
    why = {(m["path"], f["name"]): f["why"] for m in doc["compile_coverage"]["modules"] for f in m["functions"]}
    assert why[("libs/solvers/solvers/euler.py", "Euler.step")] == \
        "reached from libs/app/app/run.py:run through libs/solvers/solvers/api.py:integrate"


def test_a_package_is_named_from_its_own_top_folder(tmp_path):
    from neuron_migrate.models import FileResult

    files = [FileResult(p) for p in ("libs/solvers/solvers/__init__.py", "libs/solvers/solvers/ode/__init__.py",
                                     "libs/solvers/solvers/ode/rk.py", "tools/train.py")]
    project = Project(files, tmp_path)
    assert project.module_path("solvers.ode.rk") == "libs/solvers/solvers/ode/rk.py"
    assert project.module_path("libs.solvers.solvers.ode.rk") == "libs/solvers/solvers/ode/rk.py"
    assert project.module_path("train") is None  # a script's folder is not a package: its name stays


def test_a_file_is_parsed_for_a_module_passed_up_only_if_its_text_can_assign_it(tmp_path):
    """``_passed_up`` reads ``self.attr = parameter`` from the base's ``__init__``; a file whose
    text holds no ``attr = name`` is not parsed for it (a warm timm scan parsed
    vision_transformer.py on every run to find nothing)."""
    from neuron_migrate.models import Options
    from neuron_migrate.runner import scan as run

    (tmp_path / "base.py").write_text(
        "from torch import nn\n\n\nclass Base(nn.Module):\n"
        "    def __init__(self, head, norm):\n        super().__init__()\n"
        "        self.head = (\n            head)  # passed up\n        self.norm = norm.copy()\n"
    )
    result, _ = run([tmp_path], Options(select=("NM4",)), jobs=1)
    project = Project(result.files, tmp_path)
    assert project._assigns_name("base.py", "head")
    assert not project._assigns_name("base.py", "norm")  # a call, not a parameter
    assert not project._assigns_name("base.py", "missing")


def test_an_object_built_in_traced_code_runs_its_init_there(tmp_path, capsys):
    """``bm = Interval(t0, t1)`` in traced code (torchsde's BrownianInterval built by sdeint):
    Dynamo traces ``__init__`` (a base's, when the class has none), so its breaks are breaks of
    the entry (constructs.py, "object built in traced code, break in its __init__")."""
    files = {
        "sde/__init__.py": "",
        "sde/base.py": "class Base:\n    def __init__(self, t0, t1):\n        self.n = int((t1 - t0).sum().item())\n",
        "sde/interval.py": "from .base import Base\n\n\nclass Interval(Base):\n    pass\n",
        "sde/solve.py": "from .interval import Interval\n\n\ndef solve(y):\n    bm = Interval(y[0], y[1])\n"
                        "    return y * bm.n\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "sde/solve.py:solve") == [("sde/base.py", 3, "NM401")]


def test_a_tensor_passed_from_another_file_makes_the_parameter_a_tensor(tmp_path, capsys):
    """A named entry's parameters without a default are tensors, as a forward's are, and a traced
    caller of another file that passes a tensor makes the callee's parameter one (torchdiffeq's
    ``_linear_interp(self, t0, t1, y0, y1, t)``: ``if t == t0`` reads a tensor on the host); a
    number passed there (``interp(0.0, 1.0, 0.5)``) leaves the other callee's parameters alone."""
    files = {
        "ode/__init__.py": "",
        "ode/interp.py": "def interp(t0, t1, t):\n    if t0 <= t:\n        return t1\n    return t0\n\n\n"
                         "def scaled(a, b):\n    if a < b:\n        return a\n    return b\n",
        "ode/solve.py": "from .interp import interp, scaled\n\n\ndef solve(t, y, seq_dim=None):\n"
                        "    return interp(t[0], t[1], y) * scaled(0.5, 1.0)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "ode/solve.py:solve") == [("ode/interp.py", 2, "NM402")]


def test_a_tensor_passed_from_another_file_outweighs_a_docstring_number(tmp_path, capsys):
    """A parameter its docstring types as a number (``level (float)``) is a tensor where a traced
    caller of another file passes one (torchcp's class-conditional predictor hands
    ``torch.tensor(alpha)`` to ``calculate_conformal_value(scores, alpha)``, documented ``alpha
    (float)``: ``if alpha >= 1`` is data-dependent branching, measured on torch 2.13); passed a
    number (``quantile(s, 0.1)``), the docstring still rules."""
    doc = '''    """
    Args:
        scores (torch.Tensor): scores.
        level (float): significance level.
    """
'''
    files = {
        "cp/__init__.py": "",
        "cp/common.py": f"import torch\n\n\ndef quantile(scores, level):\n{doc}    if level >= 1:\n"
                        "        raise ValueError(level)\n    return torch.kthvalue(scores, 2).values\n\n\n"
                        f"def threshold(scores, level):\n{doc}    if level >= 1:\n        raise ValueError(level)\n"
                        "    return scores.max()\n",
        "cp/predict.py": "import torch\nfrom .common import quantile, threshold\n\n\n"
                         "def calibrate(scores, alpha=0.1):\n    alpha = torch.tensor(alpha)\n"
                         "    return quantile(scores, alpha) + threshold(scores, 0.1)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "cp/predict.py:calibrate") == [("cp/common.py", 10, "NM402")]


def test_a_file_is_analysed_again_only_for_a_tensor_that_makes_a_parameter_one(tmp_path, capsys, monkeypatch):
    """A tensor passed to a parameter that is one already (a forward's ``x``, a helper's ``x``
    that its own file's forward passes a tensor) changes nothing in the callee's file: it is not
    analysed again. A tensor passed to one that is not (``t``, a number in its own file) is a
    root, and the file is analysed again with it."""
    from neuron_migrate import runner

    files = {
        "net/__init__.py": "",
        "net/layers.py": "import torch\nfrom torch import nn\n\n\ndef drop(x, p, t):\n    if t > 0:\n"
                         "        x = x * p\n    return x\n\n\nclass Drop(nn.Module):\n"
                         "    def forward(self, x):\n        return drop(x, 0.5, 1)\n",
        "net/model.py": "import torch\nfrom torch import nn\nfrom .layers import Drop, drop\n\n\n"
                        "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                        "        self.drop = Drop()\n\n    def forward(self, x):\n"
                        "        return self.drop(drop(x, 0.5, 1))\n",
    }
    write(tmp_path, files)
    analysed = []
    real = runner._analyse
    monkeypatch.setattr(runner, "_analyse", lambda cand, *a: analysed.append(cand.rel) or real(cand, *a))
    assert scan(capsys, tmp_path, "-j", "1")["findings"] == []
    assert sorted(analysed) == ["net/__init__.py", "net/layers.py", "net/model.py"]  # once each
    model = tmp_path / "net" / "model.py"
    model.write_text(model.read_text().replace("drop(x, 0.5, 1)", "drop(x, 0.5, x.mean())"))
    analysed.clear()
    doc = scan(capsys, tmp_path, "-j", "1")
    assert sorted(analysed) == ["net/__init__.py", "net/layers.py", "net/layers.py", "net/model.py"]
    assert [(f["path"], f["line"], f["code"]) for f in doc["findings"]] == [("net/layers.py", 6, "NM402")]


def test_a_decorator_from_another_file_runs_its_wrapper_in_traced_code(tmp_path, capsys):
    """``@cached(name="size")`` imported from a memoize module (gpytorch, linear-operator): the
    decorated method's wrapper runs first, in the trace, so its breaks (``pickle.dumps`` of the
    cache key) are breaks of the entry (constructs.py, "memoized method")."""
    files = {
        "gp/__init__.py": "",
        "gp/memoize.py": "import functools\nimport pickle\n\n\ndef cached(method=None, name=None):\n"
                         "    if method is None:\n        return functools.partial(_cached, name=name)\n"
                         "    return _cached(method, name)\n\n\ndef _cached(method, name=None):\n"
                         "    @functools.wraps(method)\n    def g(self, *args, **kwargs):\n"
                         "        key = pickle.dumps(kwargs)\n        return method(self, *args, **kwargs)\n\n"
                         "    return g\n",
        "gp/op.py": "import torch.nn as nn\n\nfrom .memoize import cached\n\n\nclass Op(nn.Module):\n"
                    "    @cached(name='size')\n    def size(self):\n        return 3\n\n"
                    "    def forward(self, x):\n        return x * self.size()\n",
    }
    write(tmp_path, files)
    doc = scan(capsys, tmp_path)
    assert [(f["path"], f["line"], f["code"]) for f in doc["findings"]] == [("gp/memoize.py", 14, "NM404")]
    assert "reached from gp/op.py:Op.forward" in doc["findings"][0]["message"]


def test_an_inherited_forward_runs_the_subclass_overrides(tmp_path, capsys):
    """A module class without a forward of its own (pytorch-metric-learning's NTXentLoss) inherits
    one from a base of another file (BaseMetricLossFunction.forward); Dynamo traces it with
    ``self`` the subclass, so ``self.compute_loss()`` runs the override of the class between
    them (GenericPairLoss), and that one's ``self._compute_loss()`` the leaf's (constructs.py,
    "inherited forward calls the subclass's override"). A class that overrides nothing the
    forward calls adds nothing."""
    files = {
        "pml/__init__.py": "",
        "pml/base.py": "from torch import nn\n\n\nclass Base(nn.Module):\n    def forward(self, x):\n"
                       "        return self.compute_loss(x * 2)\n\n    def compute_loss(self, x):\n"
                       "        raise NotImplementedError\n\n    def unused(self, x):\n        return x\n",
        "pml/pair.py": "from .base import Base\n\n\nclass Pair(Base):\n    def compute_loss(self, x):\n"
                       "        return self._compute_loss(x) + 1\n\n    def _compute_loss(self, x):\n"
                       "        raise NotImplementedError\n",
        "pml/ntxent.py": "from .pair import Pair\n\n\nclass NTXent(Pair):\n    def _compute_loss(self, x):\n"
                         "        return x * x.sum().item()\n\n    def unused(self, x):\n        return x.sum().item()\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path) == [("pml/ntxent.py", 6, "NM401")]


def test_a_base_forward_called_through_super_runs_the_subclass_overrides(tmp_path, capsys):
    """imbalanced-losses' PAUCAtBudgetLoss.forward calls ``super().forward(...)``, the base's of
    another file, whose ``self._compute_per_class(...)`` runs PAUCAtBudgetLoss's override (Python's
    dispatch on ``self``, as for an inherited forward: constructs.py "inherited forward calls the
    subclass's override"). The subclass's own forward is not the one called, and a method no
    traced code of the base calls stays untraced."""
    files = {
        "il/__init__.py": "",
        "il/base.py": "from torch import nn\n\n\nclass Base(nn.Module):\n    def forward(self, x):\n"
                      "        return self.per_class(x * 2)\n\n    def per_class(self, x):\n"
                      "        raise NotImplementedError\n",
        "il/pauc.py": "from .base import Base\n\n\nclass Pauc(Base):\n    def forward(self, x, diag=False):\n"
                      "        return super().forward(x)\n\n    def per_class(self, x):\n"
                      "        return x * x.sum().item()\n\n    def unused(self, x):\n        return x.sum().item()\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path) == [("il/pauc.py", 9, "NM401")]


def test_a_typeddict_with_optional_keys_from_another_file_breaks_where_it_is_built(tmp_path, capsys):
    """pyro's ``Message(...)`` in ``pyro.sample``: a ``TypedDict`` with ``total=False`` defined in
    another module (constructs.py, "TypedDict with optional keys", GB0257; one whose keys are all
    required is traced)."""
    files = {
        "pp/__init__.py": "",
        "pp/runtime.py": "from typing import Optional, TypedDict\n\n\nclass Message(TypedDict, total=False):\n"
                         "    name: str\n    value: Optional[object]\n\n\nclass Full(TypedDict):\n    name: str\n",
        "pp/prims.py": "import torch.nn as nn\n\nfrom .runtime import Full, Message\n\n\nclass Model(nn.Module):\n"
                       "    def forward(self, x):\n        msg = Message(name='a', value=x)\n"
                       "        full = Full(name='b')\n        return x * 2\n",
    }
    write(tmp_path, files)
    doc = scan(capsys, tmp_path)
    assert [(f["path"], f["line"], f["code"], f["dynamo"]["id"]) for f in doc["findings"]] == [
        ("pp/prims.py", 8, "NM404", "GB0257")]


def test_methods_of_a_local_instance_of_another_files_class_are_followed(tmp_path, capsys):
    """pytorch-minimize's ``sf = ScalarFunction(fun); closure = sf.closure; closure(x)`` and
    ``strong_wolfe(sf.dir_evaluate, x)``: a method bound from an instance built in traced code
    runs in the trace when called through a name or handed to a call (constructs.py, "bound
    method of a local instance, called through a name", "... handed to a helper"); a method
    only bound is not."""
    files = {
        "mini/__init__.py": "",
        "mini/function.py": "import torch\n\n\nclass Objective:\n    def closure(self, x):\n"
                            "        return torch.autograd.grad(x.sum(), x)[0]\n\n    def evaluate(self, x):\n"
                            "        return x.sum().item()\n\n    def unused(self, x):\n        print(x)\n",
        "mini/solve.py": "from .function import Objective\n\n\ndef search(fun, x):\n    return fun(x)\n\n\n"
                         "def solve(x):\n    sf = Objective()\n    closure = sf.closure\n    other = sf.unused\n"
                         "    g = closure(x)\n    return search(sf.evaluate, x) * g\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "mini/solve.py:solve") == [
        ("mini/function.py", 6, "NM404"), ("mini/function.py", 9, "NM401"), ("mini/solve.py", 12, "NM404")]


def test_a_break_below_a_method_of_an_instance_built_in_the_frame_skips_the_frame(tmp_path, capsys):
    """GB0092 ("Reconstruction failure"): a method of an instance the traced function builds
    itself breaks in another file, so Dynamo cannot rebuild the instance to resume the caller and
    skips its frame at the call (constructs.py "local instance's method breaks, instance not used
    after", "bound method of a local instance, called through a name"; pytorch-minimize's
    ``closure(x)``, torchdiffeq's ``solver.integrate(t)``). Not for an instance handed in, nor
    after a break between the construction and the call (the frame resumed there gets the
    instance as an input), nor for a call in a loop, nor a second call of the frame."""
    files = {
        "ode/__init__.py": "",
        "ode/solvers.py": "import torch\n\n\nclass Solver:\n    def integrate(self, x):\n"
                          "        print(x)\n        return x * 2\n\n    def quiet(self, x):\n        return x * 3\n",
        "ode/run.py": "import torch\nfrom .solvers import Solver\n\n\n"
                      "def built(x):\n    solver = Solver()\n    y = solver.quiet(x)\n    y = solver.integrate(y)\n"
                      "    return solver.integrate(y)\n\n\n"
                      "def handed(x, solver: Solver):\n    return solver.integrate(x)\n\n\n"
                      "def resumed(x):\n    solver = Solver()\n    print(x)\n    return solver.integrate(x)\n\n\n"
                      "def looped(x):\n    solver = Solver()\n    for _ in range(2):\n        x = solver.integrate(x)\n"
                      "    return x\n",
    }
    write(tmp_path, files)
    found = sites(capsys, tmp_path, *(a for f in ("built", "handed", "resumed", "looped")
                                      for a in ("--entry", f"ode/run.py:{f}")))
    assert [s for s in found if s[0] == "ode/run.py"] == [("ode/run.py", 8, "NM404"), ("ode/run.py", 18, "NM403")]


def test_a_module_built_in_traced_code_whose_init_breaks_below_is_built_uninitialised(tmp_path, capsys):
    """GB0119 ("Uninitialized nn.Module"): an nn.Module of the project built in traced code whose
    ``__init__`` breaks below (here in a validator of another file) is built eagerly, and each
    ``__init__`` of its chain is compiled as a frame of its own while the module is empty: Dynamo
    skips each at its ``super().__init__()`` (constructs.py "an nn.Module built in traced code, its
    __init__ breaking", "... its base's __init__ breaking"; torchoptics' ``PlanarGrid`` and
    ``OpticsModule``). Not a module whose ``__init__`` breaks nowhere, nor a plain class's object."""
    files = {
        "optics/__init__.py": "",
        "optics/checks.py": "import torch\n\n\ndef positive(t):\n    if not torch.all(t > 0):\n"
                            "        raise ValueError('not positive')\n    return t\n",
        "optics/base.py": "from torch.nn import Module\n\n\nclass OpticsModule(Module):\n    def __init__(self):\n"
                          "        super().__init__()\n        self.configs = {}\n",
        "optics/grid.py": "import torch\nfrom .base import OpticsModule\nfrom .checks import positive\n\n\n"
                          "class Grid(OpticsModule):\n    def __init__(self, spacing):\n        super().__init__()\n"
                          "        self.register_buffer('spacing', positive(spacing))\n\n\n"
                          "class Quiet(OpticsModule):\n    def __init__(self, spacing):\n        super().__init__()\n"
                          "        self.spacing = spacing\n\n\n"
                          "class Plain:\n    def __init__(self, spacing):\n        self.spacing = positive(spacing)\n",
        "optics/run.py": "import torch\nfrom .grid import Grid, Plain, Quiet\n\n\n"
                         "def grid(x):\n    return Grid(x * 2).spacing + 1\n\n\n"
                         "def quiet(x):\n    return Quiet(x * 2).spacing + 1\n\n\n"
                         "def plain(x):\n    return Plain(x * 2).spacing + 1\n",
    }
    write(tmp_path, files)
    found = sites(capsys, tmp_path, "--entry", "optics/run.py:grid")
    assert found == [("optics/base.py", 6, "NM404"), ("optics/checks.py", 5, "NM402"), ("optics/grid.py", 8, "NM404")]
    assert sites(capsys, tmp_path, "--entry", "optics/run.py:quiet") == []
    assert sites(capsys, tmp_path, "--entry", "optics/run.py:plain") == [("optics/checks.py", 5, "NM402")]


def test_a_break_below_a_method_of_an_instance_built_in_the_frame_skips_it_within_a_file(tmp_path, capsys):
    """GB0092 with the class in the caller's file (constructs.py "local instance's method breaks,
    a print before its construction", "... then again", "... a print between its construction and
    the call", "... in a loop"): the first call of the frame through an instance it builds, when
    the method breaks, and only there; not for an instance handed in, nor after a break between
    the construction and the call, nor in a loop."""
    files = {
        "ode/__init__.py": "",
        "ode/run.py": "import torch\n\n\nclass Solver:\n    def integrate(self, x):\n        print(x)\n"
                      "        return x * 2\n\n    def quiet(self, x):\n        return x * 3\n\n\n"
                      "def built(x):\n    solver = Solver()\n    y = solver.quiet(x)\n    y = solver.integrate(y)\n"
                      "    return solver.integrate(y)\n\n\n"
                      "def handed(x, solver: Solver):\n    return solver.integrate(x)\n\n\n"
                      "def resumed(x):\n    solver = Solver()\n    print(x)\n    return solver.integrate(x)\n\n\n"
                      "def looped(x):\n    solver = Solver()\n    for _ in range(2):\n        x = solver.integrate(x)\n"
                      "    return x\n\n\n"
                      "def alias(x):\n    solver = Solver()\n    f = solver.integrate\n    return f(x)\n",
    }
    write(tmp_path, files)
    found = sites(capsys, tmp_path, *(a for f in ("built", "handed", "resumed", "looped", "alias")
                                      for a in ("--entry", f"ode/run.py:{f}")))
    assert found == [("ode/run.py", 6, "NM403"), ("ode/run.py", 16, "NM404"), ("ode/run.py", 26, "NM403"),
                     ("ode/run.py", 40, "NM404")]


def test_methods_of_a_module_level_instance_of_another_files_class_are_followed(tmp_path, capsys):
    """A script's ``projector = Projector(...)`` at the top and ``projector.apply()`` in a
    compiled training step: the class's method of another file runs in the trace (constructs.py
    "method of a module-level instance")."""
    files = {
        "train/__init__.py": "",
        "train/project.py": "import torch\n\n\nclass Projector:\n    def apply(self, x):\n"
                          "        print(x)\n        return x\n\n    def unused(self, x):\n        return x.item()\n",
        "train/run.py": "import torch\nfrom .project import Projector\n\nprojector = Projector()\n\n\n"
                        "@torch.compile\ndef train_step(x):\n    return projector.apply(x * 2)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path) == [("train/project.py", 6, "NM403")]


def test_an_attribute_a_base_class_of_another_file_annotates_is_followed(tmp_path, capsys):
    """stable-baselines3's ``rollout_buffer: RolloutBuffer`` in ``OnPolicyAlgorithm``'s body, then
    ``for data in self.rollout_buffer.get(n)`` in ``PPO.train``: the annotated class's method
    runs (NumPy's permutation in it breaks and, inside the generator the loop runs, Dynamo skips
    the frame: measured on ``PPO.train``), also for an annotation written as a string; an
    attribute no base annotates is not followed."""
    files = {
        "rl/__init__.py": "",
        "rl/buffers.py": "import numpy as np\n\n\nclass Buffer:\n    def get(self, n):\n"
                         "        idx = np.random.permutation(n)\n        yield idx\n\n"
                         "    def other(self, n):\n        print(n)\n",
        "rl/base.py": "from .buffers import Buffer\n\n\nclass Algorithm:\n    buffer: Buffer\n    other: 'Buffer'\n",
        "rl/ppo.py": "from .base import Algorithm\n\n\nclass PPO(Algorithm):\n    def train(self, x):\n"
                     "        for idx in self.buffer.get(4):\n            x = x * 2\n"
                     "        self.unknown.other(3)\n        self.other.other(3)\n        return x\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "rl/ppo.py:PPO.train") == [
        ("rl/buffers.py", 6, "NM404"), ("rl/buffers.py", 10, "NM403")]


def test_a_table_of_another_files_functions_is_followed(tmp_path, capsys):
    """geomloss's ``routines[self.loss][backend](...)`` over functions imported from other
    modules (constructs.py, "function from a module-level table of functions")."""
    files = {
        "ot/__init__.py": "",
        "ot/sinkhorn.py": "def tensorized(x):\n    return x.norm().item()\n\n\ndef unused(x):\n    print(x)\n",
        "ot/loss.py": "import functools\n\nimport torch.nn as nn\n\nfrom .sinkhorn import tensorized\n\n"
                      "routines = {'sinkhorn': {'tensorized': tensorized, 'again': functools.partial(tensorized)}}\n\n\n"
                      "class Loss(nn.Module):\n    def forward(self, x):\n        return routines['sinkhorn']['tensorized'](x)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path) == [("ot/sinkhorn.py", 2, "NM401")]


def test_a_pydantic_model_of_another_file_breaks_where_it_is_built_and_runs_its_validators(tmp_path, capsys):
    """torchsurv's losses build ``SurvivalInputs(event=..., time=...)``, a pydantic model of
    ``tools/validators.py`` (through a base of that file) whose ``@field_validator`` methods test
    tensor values: the construction is a break (pydantic-core validates: GB0156) and the
    validators, with the helpers they call, run as frames Dynamo compiles (constructs.py,
    "pydantic model built in traced code, its validators test tensor values"). A class that is
    not a pydantic model, or a method that is not a validator, adds nothing."""
    files = {
        "surv/__init__.py": "",
        "surv/checks.py": "import torch\nfrom pydantic import BaseModel, model_validator\nimport pydantic\n\n\n"
                          "def positive(v):\n    if torch.any(v < 0):\n        raise ValueError('negative')\n"
                          "    return v\n\n\nclass _Model(BaseModel):\n    pass\n\n\nclass Inputs(_Model):\n"
                          "    t: torch.Tensor\n\n    @pydantic.field_validator('t')\n    @classmethod\n"
                          "    def check_t(cls, v):\n        return positive(v)\n\n    @model_validator(mode='after')\n"
                          "    def check_all(self):\n        if self.t.sum() > 1e9:\n            raise ValueError('big')\n"
                          "        return self\n\n    def unused(self):\n        return self.t.sum().item()\n\n\n"
                          "class Other:\n    def __init__(self, t):\n        self.t = t\n",
        "surv/loss.py": "from surv.checks import Inputs, Other\n\n\ndef nll(x):\n    i = Inputs(t=x)\n"
                        "    o = Other(x)\n    return i.t * 2\n",
    }
    write(tmp_path, files)
    doc = scan(capsys, tmp_path, "--entry", "surv/loss.py:nll")
    assert [(f["path"], f["line"], f["code"]) for f in doc["findings"] if f["code"].startswith(("NM3", "NM4"))] == [
        ("surv/checks.py", 7, "NM402"), ("surv/checks.py", 26, "NM402"), ("surv/loss.py", 5, "NM404")]


def test_an_imported_autograd_functions_forward_runs_where_it_is_applied(tmp_path):
    """``ScaleByMax.apply(x)`` of a Function defined in another file reaches its forward there."""
    from neuron_migrate.cli import main

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "ops.py").write_text(
        "import torch\n\n\ndef scale(x):\n    return x.sum().item()\n\n\n"
        "class ScaleByMax(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
        "        return x * scale(x)\n")
    (tmp_path / "pkg" / "net.py").write_text(
        "from torch import nn\n\nfrom pkg.ops import ScaleByMax\n\n\nclass Net(nn.Module):\n"
        "    def forward(self, x):\n        return ScaleByMax.apply(x) + 1\n")
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "--no-cache", "--fail-on", "never", "-q"])
    import json
    found = [(f["path"], f["line"], f["code"]) for f in json.loads(out.read_text())["findings"]]
    assert found == [("pkg/ops.py", 5, "NM401")]


def test_the_imported_functions_of_a_table_a_helper_picks_from_are_reached(tmp_path):
    """xitorch's ``_RootFinder.forward``: ``methods = {"rootfinder": _RF_METHODS, ...}[alg_type]``
    (module-level tables of imported solvers), ``method_fcn = get_method(name, methods, method)``,
    ``method_fcn(...)``: each imported function of the tables is reached (constructs.py "... by a
    helper handed the table"); one imported into no table is not."""
    from neuron_migrate.cli import main

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "solvers.py").write_text(
        "import torch\n\n\ndef broyden(f, x):\n    if x.norm() > 1:\n        return x\n    return f(x)\n\n\n"
        "def anderson(f, x):\n    return x.sum().item()\n\n\ndef unused(f, x):\n    return x.max().item()\n")
    (tmp_path / "pkg" / "api.py").write_text(
        "import torch\n\nfrom pkg.solvers import anderson, broyden, unused\n\n"
        "_RF = {'broyden': broyden}\n_EQ = {'anderson': anderson}\n\n\n"
        "def get_method(methods, name):\n    return methods[name]\n\n\n"
        "@torch.compile\ndef solve(f, x, kind, alg):\n    methods = {'rootfinder': _RF, 'equilibrium': _EQ}[alg]\n"
        "    fn = get_method(methods, kind)\n    return fn(f, x)\n")
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "--no-cache", "--fail-on", "never", "-q"])
    import json
    found = [(f["path"], f["line"], f["code"]) for f in json.loads(out.read_text())["findings"]]
    assert found == [("pkg/solvers.py", 5, "NM402"), ("pkg/solvers.py", 11, "NM401")]


def test_a_property_of_a_held_instance_of_another_files_class_runs_its_getter(tmp_path):
    """torchflows' ``self.coupling.constant_shape`` (``coupling: PartialCoupling``, an ``__init__``
    parameter stored as ``self.coupling``): the getter runs in the trace, and the property it reads,
    ``int(torch.sum(self.source_mask))`` (constructs.py "property getter reads a tensor's value").
    A plain method of that class read without a call, and a property never read, are not traced."""
    from neuron_migrate.cli import main

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "masks.py").write_text(
        "import torch\n\n\nclass Coupling:\n    def __init__(self, mask):\n        self.mask = mask\n\n"
        "    @property\n    def size(self):\n        return int(torch.sum(self.mask))\n\n"
        "    @property\n    def shape(self):\n        return (self.size,)\n\n"
        "    def method(self):\n        return self.mask.sum().item()\n\n"
        "    @property\n    def unread(self):\n        return self.mask.max().item()\n")
    (tmp_path / "pkg" / "layer.py").write_text(
        "from torch import nn\n\nfrom pkg.masks import Coupling\n\n\nclass Layer(nn.Module):\n"
        "    def __init__(self, coupling: Coupling):\n        super().__init__()\n        self.coupling = coupling\n\n"
        "    def forward(self, x):\n        f = self.coupling.method\n        return x.view(-1, *self.coupling.shape)\n")
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "--no-cache", "--fail-on", "never", "-q"])
    import json
    found = [(f["path"], f["line"], f["code"]) for f in json.loads(out.read_text())["findings"]]
    assert found == [("pkg/masks.py", 10, "NM401")]


def test_the_class_a_held_objects_method_returns_by_its_annotation_is_followed(tmp_path, capsys):
    """iteryne's ``learner = self.maml.clone()`` then ``learner.adapt_on(...)``: ``self.maml`` is
    an ``__init__`` parameter annotated ``MAML`` (a class of another file), whose ``clone`` is
    annotated ``-> Learner``; the learner's methods (and ``learner(x)``, its ``__call__``) run in
    the trace (constructs.py "method of a held object returns an instance whose method breaks":
    the break below the learner's method is met). Not an unannotated parameter, nor a method
    without a return annotation."""
    files = {
        "meta/__init__.py": "",
        "meta/maml.py": "import torch\n\n\nclass Learner:\n    def adapt(self, x):\n"
                        "        return torch.autograd.grad(x.sum(), x)[0]\n\n"
                        "    def __call__(self, x):\n        return x * x.sum().item()\n\n\n"
                        "class MAML:\n    def clone(self) -> Learner:\n        return Learner()\n\n"
                        "    def other(self):\n        return Learner()\n",
        "meta/trainer.py": "from .maml import MAML\n\n\nclass Trainer:\n"
                           "    def __init__(self, maml: MAML, plain):\n        self.maml = maml\n        self.plain = plain\n\n"
                           "    def step(self, x):\n        learner = self.maml.clone()\n        y = learner.adapt(x)\n"
                           "        return learner(y)\n\n"
                           "    def unknown(self, x):\n        a = self.plain.clone()\n        b = self.maml.other()\n"
                           "        return a.adapt(x) + b.adapt(x)\n",
    }
    write(tmp_path, files)
    # and the learner, built in the trace, cannot be rebuilt to resume after its method's break:
    # GB0092 at the call (the same construct; predicted since cooper's roll, issue 14's sixteenth round)
    assert sites(capsys, tmp_path, "--entry", "meta/trainer.py:Trainer.step") == [
        ("meta/maml.py", 6, "NM404"), ("meta/maml.py", 9, "NM401"), ("meta/trainer.py", 11, "NM404")]
    assert sites(capsys, tmp_path, "--entry", "meta/trainer.py:Trainer.unknown") == []


def test_what_a_method_of_a_returned_instance_returns_is_followed(tmp_path, capsys):
    """cooper's roll: ``state = self.cmp.compute_cmp_state()`` (``cmp`` an ``__init__`` parameter of
    a base of another file, annotated with a class whose method is annotated ``-> CMPState``),
    ``store = state.compute_primal_lagrangian()`` (``-> LagrangianStore``), then
    ``store.backward()``: the store's method runs in the trace (its ``self.lagrangian.backward()``
    breaks), and as the store was built in traced code Dynamo cannot rebuild it to resume after the
    call: it runs the rest of the roll eagerly (constructs.py "store returned by a returned
    instance's method, its backward() method, then a print": GB0123 below, GB0092 at the call).
    Not through an unannotated parameter, a method without a return annotation, nor a name bound twice."""
    files = {
        "opt/__init__.py": "",
        "opt/problem.py": "from dataclasses import dataclass\nfrom typing import Optional\n\nimport torch\n\n\n"
                          "@dataclass\nclass Store:\n    value: Optional[torch.Tensor] = None\n\n"
                          "    def backward(self) -> None:\n        if self.value is not None:\n"
                          "            self.value.backward()\n\n    def read(self):\n        return self.value.sum().item()\n\n\n"
                          "class State:\n    def __init__(self, loss):\n        self.loss = loss\n\n"
                          "    def lagrangian(self) -> Store:\n        return Store(self.loss * 2)\n\n"
                          "    def plain(self):\n        return Store(self.loss)\n\n\n"
                          "class Problem:\n    def state(self, x) -> State:\n        raise NotImplementedError\n",
        "opt/base.py": "from .problem import Problem\n\n\nclass Optimizer:\n"
                       "    def __init__(self, problem: Problem, other):\n        self.problem = problem\n"
                       "        self.other = other\n",
        "opt/roll.py": "from .base import Optimizer\n\n\nclass Roller(Optimizer):\n    def roll(self, x):\n"
                       "        state = self.problem.state(x)\n        store = state.lagrangian()\n"
                       "        store.backward()\n        return x + 1\n\n"
                       "    def unknown(self, x):\n        state = self.other.state(x)\n        a = state.lagrangian()\n"
                       "        b = self.problem.state(x).plain()\n        c = self.problem.state(x)\n        c = c.lagrangian()\n"
                       "        return a.read() + b.read() + c.read()\n",
    }
    write(tmp_path, files)
    doc = scan(capsys, tmp_path, "--entry", "opt/roll.py:Roller.roll")
    assert [(f["path"], f["line"], f["code"]) for f in doc["findings"]] == [
        ("opt/problem.py", 13, "NM404"), ("opt/roll.py", 8, "NM404")]
    assert "cannot rebuild the instance" in doc["findings"][1]["message"]
    assert sites(capsys, tmp_path, "--entry", "opt/roll.py:Roller.unknown") == []


def test_zero_grad_a_project_base_defines_is_not_torch_optims(tmp_path, capsys):
    """``self.zero_grad()`` in a subclass of another file's ``ConstrainedOptimizer``: the per-file
    pass sees only the base's name and takes it for torch.optim's (a break at the call); where a
    project base defines ``zero_grad`` (cooper's ``CooperOptimizer``, which zeroes its torch
    optimizers), Dynamo traces it and breaks inside, at the torch optimizer's call, not at
    ``self.zero_grad()`` (constructs.py "self.zero_grad() that the class's own base defines").
    A project base deriving from torch.optim's ``Optimizer`` without its own ``zero_grad`` keeps
    the break at the call."""
    files = {
        "opt/__init__.py": "",
        "opt/base.py": "import torch\n\n\nclass CooperOptimizer:\n    def __init__(self, optimizer):\n"
                       "        self.optimizer = optimizer\n\n    def zero_grad(self):\n"
                       "        self.optimizer.zero_grad(set_to_none=True)\n\n\n"
                       "class BaseOptimizer(torch.optim.Optimizer):\n    pass\n",
        "opt/constrained.py": "from .base import CooperOptimizer\n\n\nclass ConstrainedOptimizer(CooperOptimizer):\n    pass\n",
        "opt/roll.py": "from opt.base import BaseOptimizer\nfrom opt.constrained import ConstrainedOptimizer\n\n\n"
                       "class Roller(ConstrainedOptimizer):\n    def roll(self, x):\n        self.zero_grad()\n"
                       "        return x + 1\n\n\nclass Plain(BaseOptimizer):\n    def roll(self, x):\n"
                       "        self.zero_grad()\n        return x + 1\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "opt/roll.py:Roller.roll") == [("opt/base.py", 9, "NM404")]
    assert sites(capsys, tmp_path, "--entry", "opt/roll.py:Plain.roll") == [("opt/roll.py", 13, "NM404")]


def test_a_named_entry_a_base_of_another_file_defines_is_traced_there(tmp_path, capsys):
    """pomegranate's ``--entry hmm/dense_hmm.py:DenseHMM.fit``: ``DenseHMM`` inherits ``fit`` from
    ``_BaseHMM`` (another file); torch.compile of the bound method traces the base's ``fit``. The
    entry resolves (not listed unresolved) and the base's method is traced as that entry, with
    what it calls; an entry naming a method no class of the chain defines stays unresolved."""
    files = {
        "hmm/__init__.py": "",
        "hmm/base.py": "import time\n\nfrom torch import nn\n\n\nclass BaseHMM(nn.Module):\n    def fit(self, x):\n"
                       "        start = time.time()\n        return self.summarize(x)\n\n"
                       "    def summarize(self, x):\n        return x.sum().item()\n",
        "hmm/dense.py": "from .base import BaseHMM\n\n\nclass DenseHMM(BaseHMM):\n    def forward(self, x):\n"
                        "        return x * 2\n",
    }
    write(tmp_path, files)
    doc = scan(capsys, tmp_path, "--entry", "hmm/dense.py:DenseHMM.fit")
    assert [(f["path"], f["line"], f["code"]) for f in doc["findings"]] == [
        ("hmm/base.py", 8, "NM404"), ("hmm/base.py", 12, "NM401")]
    cov = doc["compile_coverage"]
    assert cov["unresolved_entries"] == []
    assert [(e["entry"], e["path"], e["function"], e["source"]) for e in cov["entries"]] == [
        ("hmm/dense.py:DenseHMM.fit", "hmm/base.py", "BaseHMM.fit", "requested")]
    doc = scan(capsys, tmp_path, "--entry", "hmm/dense.py:DenseHMM.nowhere")
    assert doc["compile_coverage"]["unresolved_entries"] == ["hmm/dense.py:DenseHMM.nowhere"]
    assert doc["compile_coverage"]["unresolved_reasons"][0]["why"] == (
        "neither `DenseHMM` nor its bases in the scan define `nowhere`")


def test_a_named_entry_of_a_class_a_package_re_exports_is_traced_where_the_class_is(tmp_path, capsys):
    """``--entry swarm.physics:SA.step``, the module a user imports ``SA`` from: its ``__init__`` only
    re-exports the class (``from .sa import SA``). The entry is traced in ``sa.py``, with the method
    it calls; a name the package neither defines nor imports stays unresolved."""
    files = {
        "swarm/__init__.py": "",
        "swarm/physics/__init__.py": "from .sa import SA\n\n__all__ = [\"SA\"]\n",
        "swarm/physics/sa.py": "import torch\n\n\nclass SA:\n    def step(self, closure):\n"
                               "        self._update(closure)\n\n    def _update(self, closure):\n"
                               "        return closure().item() + torch.rand(1).item()\n",
    }
    write(tmp_path, files)
    doc = scan(capsys, tmp_path, "--entry", "swarm.physics:SA.step")
    assert [(f["path"], f["line"], f["code"]) for f in doc["findings"]] == [("swarm/physics/sa.py", 9, "NM401")] * 2
    cov = doc["compile_coverage"]
    assert cov["unresolved_entries"] == []
    assert [(e["path"], e["function"]) for e in cov["entries"]] == [("swarm/physics/sa.py", "SA.step")]
    doc = scan(capsys, tmp_path, "--entry", "swarm.physics:GSA.step")
    assert doc["compile_coverage"]["unresolved_entries"] == ["swarm.physics:GSA.step"]


def test_a_base_class_is_resolved_once_for_all_its_subclasses(tmp_path):
    """``Project.find``, ``method`` and ``base`` keep their answers until the files change
    (``update``): the inherited forward of many subclasses of one imported base (diffusers'
    ModelMixin) resolves the base's name once, not once per subclass and round."""
    from neuron_migrate.models import Options
    from neuron_migrate.runner import scan as run

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg/__init__.py").write_text("")
    (tmp_path / "pkg/base.py").write_text(
        "from torch import nn\n\n\nclass Base(nn.Module):\n    def forward(self, x):\n        return x\n")
    (tmp_path / "pkg/models.py").write_text(
        "from .base import Base\n\n\n" + "".join(f"class M{i}(Base):\n    pass\n\n\n" for i in range(5)))
    result, _ = run([tmp_path], Options(select=("NM4",)), jobs=1)
    project = Project(result.files, tmp_path)
    asked = []
    find = project._find
    project._find = lambda qualified, depth, *stars: asked.append(qualified) or find(qualified, depth, *stars)
    for i in range(5):
        assert project.method("pkg/models.py", f"M{i}", "forward") == ("pkg/base.py", "Base.forward", "method")
    assert asked == ["pkg.base.Base"]
    # new results of a file: asked again
    import dataclasses

    base = next(r for r in result.files if r.path == "pkg/base.py")
    classes = tuple((name, bases, ()) for name, bases, _ in base.summary.classes)  # no forward now
    without = dataclasses.replace(base, summary=dataclasses.replace(base.summary, classes=classes))
    project.update([without])
    assert project.method("pkg/models.py", "M0", "forward") is None
    assert asked == ["pkg.base.Base", "pkg.base.Base", "torch.nn.Module"]  # and its own base now

def test_a_function_an_attribute_holds_is_followed(tmp_path, capsys):
    """captum's ``self.gradient_func(...)`` in ``Saliency.attribute``, where the base class's
    ``__init__`` (another file) stores ``self.gradient_func = compute_gradients``, a function it
    imports: Dynamo inlines the held function (constructs.py, "function held in an attribute the
    base's __init__ sets, autograd.grad in it"; "... from an __init__ parameter's default, .item()
    in it"). Followed: a name the ``__init__`` stores, a parameter's default, a class of the
    caller's file whose ``__init__`` stores an imported function (a ``virtual:`` call). Not
    followed: a parameter without a default, an attribute a subclass's ``__init__`` stores
    anything else in, a class stored (its ``__init__`` is not what the call runs here)."""
    files = {
        "attr/__init__.py": "",
        "attr/grads.py": "import torch\n\n\ndef compute(t):\n    return torch.autograd.grad(t.sum(), t)\n\n\n"
                         "def read(t):\n    return t.sum().item()\n\n\ndef other(t):\n    return t.tolist()\n\n\n"
                         "class Maker:\n    def __init__(self, t):\n        print(t)\n",
        "attr/base.py": "from .grads import compute, read, other, Maker\n\n\nclass Attribution:\n"
                        "    def __init__(self, f, reader=read, given=None, maker=Maker):\n"
                        "        self.gradient_func = compute\n        self.read_func = reader\n"
                        "        self.given = given\n        self.given2 = f\n        self.maker = maker\n"
                        "        self.replaced = other\n",
        "attr/saliency.py": "from .base import Attribution\nfrom .grads import read\n\n\n"
                            "class Saliency(Attribution):\n    def __init__(self, f):\n        super().__init__(f)\n"
                            "        self.replaced = self.attribute\n\n"
                            "    def attribute(self, x):\n        g = self.gradient_func(x)\n        n = self.read_func(x)\n"
                            "        self.given(x)\n        self.given2(x)\n        self.maker(x)\n        self.replaced(x)\n"
                            "        return g\n\n\nclass Local:\n    def __init__(self):\n        self.fn = read\n\n"
                            "    def run(self, x):\n        return self.fn(x)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "attr/saliency.py:Saliency.attribute") == [
        ("attr/grads.py", 5, "NM404"), ("attr/grads.py", 9, "NM401")]
    assert sites(capsys, tmp_path, "--entry", "attr/saliency.py:Local.run") == [("attr/grads.py", 9, "NM401")]


def test_the_functions_a_registry_getter_hands_to_an_attribute_are_followed(tmp_path, capsys):
    """torchdeq's ``self.f_solver = get_solver(...)`` in ``DEQBase.__init__``, ``get_solver`` returning
    ``_solvers[key]`` of a module-level dict of imported solvers (held_out_22's ``anderson.py:107``,
    ``broyden.py:204``, ``fp_iter.py:74``): the key is known at run time, so each solver is reached
    from ``self.f_solver(...)``. Not followed: a getter that returns anything else besides, a dict
    with a value that is no function (a class), a dict its module binds twice."""
    files = {
        "deq/__init__.py": "",
        "deq/solver/__init__.py": "from .anderson import anderson\nfrom .broyden import broyden\n\n"
                                  "_solvers = {'anderson': anderson, 'broyden': broyden}\n\n\n"
                                  "def get_solver(key):\n    assert key in _solvers\n    return _solvers[key]\n\n\n"
                                  "def get_or_default(key):\n    if key in _solvers:\n        return _solvers[key]\n"
                                  "    return None\n\n\nclass Solver:\n    pass\n\n\n_mixed = {'a': anderson, 'b': Solver}\n\n\n"
                                  "def get_mixed(key):\n    return _mixed[key]\n\n\n_twice = {'a': anderson}\n"
                                  "_twice = {'b': broyden}\n\n\ndef get_twice(key):\n    return _twice[key]\n",
        "deq/solver/anderson.py": "import torch\n\n\ndef anderson(f, x):\n    trace = [torch.zeros(1)]\n"
                                  "    for _ in range(3):\n        x = f(x)\n        trace.append(x.norm())\n"
                                  "        if trace[-1].max() < 1e-3:\n            break\n    return x\n",
        "deq/solver/broyden.py": "def broyden(f, x):\n    x = f(x)\n    return x.sum().item()\n",
        "deq/core.py": "import torch\nfrom .solver import get_solver, get_or_default, get_mixed, get_twice\n\n\n"
                       "class DEQBase:\n    def __init__(self, f_solver='anderson'):\n"
                       "        self.f_solver = get_solver(f_solver)\n"
                       "        self.g_solver = get_or_default(f_solver)\n        self.h_solver = get_mixed(f_solver)\n"
                       "        self.k_solver = get_twice(f_solver)\n\n\n"
                       "class DEQ(DEQBase):\n    def run(self, x):\n        return self.f_solver(torch.tanh, x)\n\n\n"
                       "class Other(DEQBase):\n    def run(self, x):\n"
                       "        return self.g_solver(torch.tanh, x), self.h_solver(torch.tanh, x), self.k_solver(torch.tanh, x)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "deq/core.py:DEQ.run") == [
        ("deq/solver/anderson.py", 9, "NM402"), ("deq/solver/broyden.py", 3, "NM401")]
    assert sites(capsys, tmp_path, "--entry", "deq/core.py:Other.run") == []


def test_the_classes_a_factory_builds_for_an_attribute_are_followed(tmp_path, capsys):
    """qqn-torch's ``self._oracle = build_oracle(name)`` in ``QQN.__init__``, ``build_oracle``
    returning ``LBFGSOracle(...)`` or ``MomentumOracle()`` by the name, or the instance it was
    given (held_out_23's ``lbfgs.py:44``, ``:62``): the name is known at run time, so the method
    of each class built is reached from ``self._oracle.direction(g)``. Not followed: a factory
    that returns anything else besides (``None``, a call of a function)."""
    files = {
        "opt/__init__.py": "",
        "opt/oracles/__init__.py": "from .lbfgs import LBFGS\nfrom .momentum import Momentum\n\n\n"
                                   "def build(spec, size=10):\n    if not isinstance(spec, str):\n        return spec\n"
                                   "    if spec == 'lbfgs':\n        return LBFGS(size)\n"
                                   "    if spec == 'momentum':\n        return Momentum()\n"
                                   "    raise ValueError(spec)\n\n\n"
                                   "def build_or_none(spec):\n    if spec == 'lbfgs':\n        return LBFGS(3)\n"
                                   "    return None\n\n\ndef helper():\n    return LBFGS(1)\n\n\n"
                                   "def build_called(spec):\n    if spec == 'lbfgs':\n        return LBFGS(3)\n"
                                   "    return helper()\n",
        "opt/oracles/lbfgs.py": "import torch\n\n\nclass LBFGS:\n    def __init__(self, size):\n"
                                "        self.size = size\n\n    def direction(self, g):\n"
                                "        a = torch.dot(g, g)\n        return g.mul(float(a))\n",
        "opt/oracles/momentum.py": "class Momentum:\n    def direction(self, g):\n        return g.sum().item()\n",
        "opt/step.py": "import torch\nfrom .oracles import build, build_or_none, build_called\n\n\n"
                       "class Step:\n    def __init__(self, oracle='lbfgs'):\n        self._oracle = build(oracle)\n"
                       "        self._maybe = build_or_none(oracle)\n        self._called = build_called(oracle)\n\n"
                       "    def run(self, g):\n        return self._oracle.direction(g)\n\n"
                       "    def other(self, g):\n        return self._maybe.direction(g), self._called.direction(g)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "opt/step.py:Step.run") == [
        ("opt/oracles/lbfgs.py", 10, "NM401"), ("opt/oracles/momentum.py", 3, "NM401")]
    assert sites(capsys, tmp_path, "--entry", "opt/step.py:Step.other") == []


def test_the_names_stored_in_an_attribute_are_read_as_re_finds_them(tmp_path):
    """``_stored_names`` looks for ``self.attr =``, ``self.attr = name`` and ``name=Default``
    with one compiled pattern each and ``str.find`` (``model._found``), not a pattern per
    attribute and name: the answers are ``re.findall``'s of the patterns it used before,
    matches side by side on a line, a longer attribute, ``==``, a word that only ends with
    the name and a non-ASCII word included."""
    import re

    from neuron_migrate.project import model

    text = ("self.a = b; self.a = c\nself.a=d  # x\nmyself.a = e\nself.ab = f\nself.a == g\nself.a = h.i\n"
            "def f(d=Z, e: int = Y, h=W, xb=V, b =U):\n    pass\nb: type = T,\néb=S)\nself.é = k\n")
    (tmp_path / "m.py").write_text(text, encoding="utf-8")
    project = Project([], tmp_path)

    def before(attr):
        if not re.search(rf"self\.{re.escape(attr)}\s*=[^=]", text):
            return None
        names = set(re.findall(rf"self\.{re.escape(attr)}[ \t]*=[ \t]*([^\W\d]\w*)[ \t]*(?:[#;].*)?$", text, re.M))
        return names | {d for n in names for d in re.findall(rf"\b{n}[ \t]*(?::[^=,)\n]*)?=[ \t]*([^\W\d]\w*)[ \t]*[,)]", text)}

    for attr in ("a", "ab", "é", "b", "missing"):
        assert project._stored_names("m.py", attr) == before(attr), attr
    assert project._stored_names("m.py", "a") == {"b", "d", "e", "Z", "Y", "U", "T"}
    assert model._found(model._GIVES_DEFAULT, "xb=V, b=U)", "b", "b", boundary=True) == ["U"]


def test_torch_compile_of_self_parses_no_file_that_cannot_define_the_method(tmp_path):
    """``torch.compile(self.m)`` looks for overrides of ``m`` in every other file; a file no
    check parsed (no summary) is parsed for its classes only when its text can define ``m``
    (``def`` and the name: timm's ``self.model`` parsed 39 files for nothing)."""
    from neuron_migrate.models import Options
    from neuron_migrate.runner import scan as run

    (tmp_path / "task.py").write_text(
        "import torch\nfrom torch import nn\n\n\nclass Task(nn.Module):\n    def compile(self):\n"
        "        self.step = torch.compile(self.step)\n\n    def step(self, x):\n        return x\n")
    (tmp_path / "other.py").write_text("from task import Task\n\n\nclass Plain(Task):\n    def run(self, x):\n        return self.step(x)\n")
    (tmp_path / "sub.py").write_text("from task import Task\n\n\nclass Sub(Task):\n    def step(self, x):\n        return x\n")
    import dataclasses

    result, _ = run([tmp_path], Options(select=("NM4",)), jobs=1)
    # as if no check had parsed the other files (no summary: a file without a check's word)
    files = [r if r.path == "task.py" else dataclasses.replace(r, summary=None) for r in result.files]
    project = Project(files, tmp_path)
    parsed = []
    tree = project.tree
    project.tree = lambda path: parsed.append(path) or tree(path)
    assert project.compiled_all("task.py", "self:Task", "", "step") == (("sub.py", "Sub.step"),)
    assert parsed == ["sub.py"]  # other.py holds "step" but no "def step"


def test_a_function_an_enclosing_function_imports_is_followed(tmp_path):
    """torchgw's ``sampled_lowrank_gw`` imports ``sinkhorn_lowrank`` in its body and calls it from
    the closure it hands its loop: the call leaves the file through that import (absolute or
    relative), as through a module-level one; an import of the standard library is not followed."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "low.py").write_text(
        "def solve(x):\n    return x.sum().item()\n\n\ndef other(x):\n    print(x)\n    return x\n\n\n"
        "def unused(x):\n    return x.max().item()\n")
    (tmp_path / "pkg" / "solver.py").write_text(
        "import torch\n\n\n@torch.compile\ndef run(x):\n    from pkg.low import solve\n    from .low import other\n"
        "    from math import sqrt\n\n    def inner(t):\n        return solve(t) + sqrt(2.0)\n\n"
        "    return inner(x) + other(x)\n")
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "--no-cache", "--fail-on", "never", "-q"])
    found = [(f["path"], f["line"], f["code"]) for f in json.loads(out.read_text())["findings"]]
    assert found == [("pkg/low.py", 2, "NM401"), ("pkg/low.py", 6, "NM403")]


def test_a_function_handed_to_a_helper_of_another_file_that_calls_it_is_traced(tmp_path, capsys):
    """ema-pytorch's ``default(current_decay, self.get_current_decay)``, with ``default`` (which
    returns ``d() if callable(d) else d``) imported: the method handed runs where the helper calls
    it (constructs.py "bound method of self handed to a helper that calls it, .item() in it"), and
    so does a function of the file handed by name. Not one handed to a parameter the helper does
    not call (``keep``), nor a property's value."""
    files = {
        "ema/__init__.py": "",
        "ema/helpers.py": "def default(val, d):\n    return val if val is not None else (d() if callable(d) else d)\n\n\n"
                          "def apply(x, fn, keep=None):\n    return fn(x), keep\n",
        "ema/ema.py": "import torch\nfrom .helpers import apply, default\n\n\ndef item(t):\n    return t.sum().item()\n\n\n"
                      "def kept(t):\n    return t.max().item()\n\n\n"
                      "class EMA(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                      "        self.register_buffer('step', torch.tensor(0))\n\n"
                      "    @property\n    def beta(self):\n        return self.step.item()\n\n"
                      "    def get_current_decay(self):\n        return self.step.clamp(min=0.).item()\n\n"
                      "    def forward(self, x, decay=None):\n        decay = default(decay, self.get_current_decay)\n"
                      "        b = default(None, self.beta)\n        y, _ = apply(x, item, keep=kept)\n"
                      "        return y * decay * b\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path) == [("ema/ema.py", 6, "NM401"), ("ema/ema.py", 23, "NM401")]


def test_a_function_nested_in_the_caller_handed_to_a_helper_of_another_file_is_traced(tmp_path, capsys):
    """qqn-torch's ``StrongWolfeLineSearch.search`` defines ``obj_func`` and hands it to the
    vendored ``strong_wolfe(obj_func, ...)`` of another file, which calls it (held_out_23's
    ``strong_wolfe.py:48``). Not one handed to a parameter the helper does not call (``keep``),
    nor a name the caller binds to something else too."""
    files = {
        "ls/__init__.py": "",
        "ls/vendor.py": "def wolfe(obj, t, keep=None):\n    f, g = obj(t)\n    return f, keep\n",
        "ls/search.py": "import torch\nfrom .vendor import wolfe\n\n\nclass Search:\n    def search(self, d, t):\n"
                        "        def obj_func(s):\n            return float(torch.dot(d, d) * s), d\n\n"
                        "        def kept(s):\n            return float(d.sum())\n\n"
                        "        def rebound(s):\n            return float(d.max())\n        rebound = None\n\n"
                        "        return wolfe(obj_func, t, keep=kept), wolfe(rebound, t)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "ls/search.py:Search.search") == [("ls/search.py", 8, "NM401")]


def test_what_a_lambda_called_by_its_name_calls_is_followed(tmp_path, capsys):
    """torchimize's ``jac_fun = lambda p: jacobian_approx_t(p, f=fun)``, then ``j = jac_fun(p)``:
    Dynamo traces the lambda where it is called, so the function of another file its body calls
    runs in the trace; not one in a lambda that is only bound."""
    files = {
        "opt/__init__.py": "",
        "opt/jac.py": "import torch\n\n\ndef jacobian(p, f):\n    return torch.autograd.functional.jacobian(f, p)\n\n\n"
                      "def unused(p):\n    return p.sum().item()\n",
        "opt/solve.py": "from .jac import jacobian, unused\n\n\ndef solve(p, fun):\n"
                        "    jac_fun = lambda q: jacobian(q, f=fun)\n    other = lambda q: unused(q)\n"
                        "    return jac_fun(p)\n",
    }
    write(tmp_path, files)
    assert [s[:2] for s in sites(capsys, tmp_path, "--entry", "opt/solve.py:solve")] == [("opt/jac.py", 5)]


def test_what_a_lambda_handed_to_a_helper_of_another_file_calls_is_followed(tmp_path, capsys):
    """torchimize's ``jac_fun = lambda p: batch_jacobian_approx_t(p, f=fun)`` handed to
    ``newton_step_parallel(p, fun, jac_fun, wvec)``, which calls ``jac_function(p)``: Dynamo traces
    the lambda where the helper calls it, and what its body calls through an import with it. Not
    a lambda handed to a parameter the helper does not call (``keep``)."""
    files = {
        "opt/__init__.py": "",
        "opt/jac.py": "import torch\n\n\ndef jacobian(p, f):\n    return torch.autograd.functional.jacobian(f, p)\n\n\n"
                      "def unused(p):\n    return p.sum().item()\n",
        "opt/step.py": "def newton(p, jac, keep=None):\n    return jac(p), keep\n",
        "opt/solve.py": "from .jac import jacobian, unused\nfrom .step import newton\n\n\ndef solve(p, fun):\n"
                        "    jac_fun = lambda q: jacobian(q, f=fun)\n    other = lambda q: unused(q)\n"
                        "    return newton(p, jac_fun, keep=other)[0]\n",
    }
    write(tmp_path, files)
    assert [s[:2] for s in sites(capsys, tmp_path, "--entry", "opt/solve.py:solve")] == [("opt/jac.py", 5)]


def test_what_a_lambda_handed_to_map_calls_is_followed(tmp_path, capsys):
    """pyqtorch's ``QuantumCircuit.sample``: ``list(map(lambda p: sample_multinomial(p, ...), probs))``.
    Dynamo inlines the lambda on each element, so the function of another file its body calls runs in
    the trace (its ``bincount`` and ``.item()`` measured as breaks, ``held_out_26``); not what a lambda
    only bound calls."""
    files = {
        "q/__init__.py": "",
        "q/utils.py": "import torch\n\n\ndef sample(p, n):\n    return torch.multinomial(p, n).sum().item()\n\n\n"
                      "def unused(p):\n    return p.sum().item()\n",
        "q/circuit.py": "from .utils import sample, unused\n\n\ndef run(probs, n):\n"
                        "    other = lambda q: unused(q)\n    return list(map(lambda p: sample(p, n), probs))\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "q/circuit.py:run") == [("q/utils.py", 5, "NM401")]


def test_a_method_of_an_untyped_parameter_named_as_a_class_of_the_project_is_followed(tmp_path, capsys):
    """torchmd's ``minimize_cg(system, forces, ...)`` and ``Integrator(systems, forces, ...)``
    (``self.forces = forces``) call ``forces.compute(...)``: nothing types ``forces``, but the project's
    one class named so, ``Forces`` of ``forces.py``, defines ``compute``, whose breaks Dynamo measured
    under both entries (``held_out_27``). Not a parameter with a default or an annotation, nor a name
    two classes of the project share."""
    files = {
        "md/__init__.py": "",
        "md/forces.py": "import torch\n\n\nclass Forces:\n    def compute(self, pos):\n"
                        "        return pos.sum().item()\n\n    def other(self, pos):\n        return pos.max().item()\n",
        "md/shared.py": "class Box:\n    def volume(self, pos):\n        return pos.min().item()\n",
        "md/more.py": "class Box:\n    def volume(self, pos):\n        return pos.mean().item()\n",
        "md/run.py": "class Integrator:\n    def __init__(self, forces, box):\n        self.forces = forces\n"
                     "        self.box = box\n\n    def step(self, pos, forces=None):\n"
                     "        return self.forces.compute(pos) + self.box.volume(pos)\n\n\n"
                     "def minimize(pos, forces, other: object = None):\n    return forces.compute(pos) + other.other(pos)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "md/run.py:Integrator.step", "--entry", "md/run.py:minimize") == [
        ("md/forces.py", 6, "NM401")]


def test_a_function_handed_to_scipy_is_a_frame_dynamo_compiles(tmp_path, capsys):
    """torchmd's ``minimize_bfgs`` hands its closure ``evalfunc`` to ``scipy.optimize.minimize``, and
    compboost's B-spline fit calls ``calc_df`` in the lambda it hands to ``minimize_scalar``: Dynamo does
    not trace SciPy, which runs eagerly and calls them, each a frame Dynamo compiles (their ``print``,
    ``forces.compute(...)``'s breaks and ``.item()`` measured, ``held_out_27`` and ``held_out_28``). The
    closure's ``forces`` is the enclosing function's untyped parameter, named as the project's
    ``Forces``. A function only bound, or handed to a function that is not SciPy's, is not traced."""
    files = {
        "md/__init__.py": "",
        "md/forces.py": "import torch\n\n\nclass Forces:\n    def compute(self, pos):\n"
                        "        return pos.sum().item()\n",
        "md/run.py": "import torch\nfrom scipy.optimize import minimize_scalar\n\n\n"
                     "def fit(pos, forces):\n    from scipy.optimize import minimize\n\n"
                     "    def evalfunc(x):\n        print(x)\n        return forces.compute(torch.tensor(x))\n\n"
                     "    def df(lam):\n        return (pos * lam).sum().item()\n\n"
                     "    def unused(lam):\n        return pos.max().item()\n\n"
                     "    other = sorted([1, 2], key=unused)\n"
                     "    minimize_scalar(lambda l: (df(l) - 1.0) ** 2)\n"
                     "    return minimize(evalfunc, pos.detach().numpy())\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "md/run.py:fit") == [
        ("md/forces.py", 6, "NM401"), ("md/run.py", 9, "NM403"), ("md/run.py", 13, "NM401"),
        ("md/run.py", 19, "NM404"), ("md/run.py", 20, "NM404")]


def test_a_parameter_off_by_default_that_a_caller_of_another_file_sets(tmp_path, capsys, monkeypatch):
    """Whether a parameter is set is a fact of the project: piqa's ``assert_type(..., value_range=None)``
    checks the range only ``if value_range is not None``, and every metric, in its own file, passes
    one, so the check's break is in the graph of their forwards. A flag a caller passes as False,
    or forwards from its own parameter off by default, stays off, and sets nothing: no root."""
    from neuron_migrate.project import model

    files = {
        "iq/__init__.py": "",
        "iq/utils.py": "def check(t, value_range=None, verbose=False, strict=False):\n"
                       "    if value_range is not None:\n"
                       "        assert value_range[0] <= t.min(), f'got {t.min().item()}'\n"
                       "    if verbose:\n        t = t * t.sum().item()\n"
                       "    if strict:\n        t = t * t.max().item()\n    return t\n",
        "iq/ssim.py": "import torch.nn as nn\n\nfrom .utils import check\n\n\nclass SSIM(nn.Module):\n"
                      "    def forward(self, x, debug=False):\n"
                      "        return check(x, value_range=(0.0, 1.0), verbose=False, strict=debug).mean()\n",
    }
    write(tmp_path, files)
    given = []
    real = model._given_roots
    monkeypatch.setattr(model, "_given_roots", lambda *a: given.extend(r := real(*a)) or r)
    found = {f["line"]: f["message"] for f in scan(capsys, tmp_path)["findings"]}
    assert sorted(found) == [3, 5, 7]
    assert "off by default" not in found[3]
    assert "only when `verbose`, off by default" in found[5] and "only when `strict`, off by default" in found[7]
    assert [(name, origin) for _, name, origin in given] == [("check", "given arguments: value_range=*")]
    ssim = tmp_path / "iq" / "ssim.py"
    ssim.write_text(ssim.read_text().replace("value_range=(0.0, 1.0), ", ""))
    given.clear()
    found = {f["line"]: f["message"] for f in scan(capsys, tmp_path)["findings"]}
    assert "only when `value_range is not None`, off by default" in found[3]
    assert given == []


def test_the_closure_an_optimizer_step_hands_to_a_line_search_of_another_file(tmp_path, capsys):
    """ncg-optimizer's ``BASIC.step`` hands its closure to ``Armijo(closure, p, ...)`` of
    ``Line_Search.py``, which calls ``func()`` in a loop: the closure's ``zero_grad()`` breaks there
    (constructs "a zeroing closure handed to a line search calling it in a loop": GB0008, the frame
    skipped), so the Armijo test after it is never reached. Another parameter of the search, called
    or not, and a function handed something else are not concerned; nor is a closure handed on by
    a class that is no optimizer."""
    files = {
        "ncg/__init__.py": "",
        "ncg/search.py": "import torch\n\n\ndef armijo(func, x, g, n, other=None):\n    for _ in range(n):\n"
                         "        f_prev = float(func())\n        if not float(func()) <= f_prev:\n"
                         "            x = x * 0.5\n    return x\n\n\ndef plain(func, x):\n    return func(x).sum()\n",
        "ncg/basic.py": "import torch\nfrom torch.optim.optimizer import Optimizer\n\nfrom .search import armijo, plain\n\n\n"
                        "class Basic(Optimizer):\n    @torch.compile\n    def step(self, closure=None):\n"
                        "        for group in self.param_groups:\n            for p in group['params']:\n"
                        "                group['lr'] = armijo(closure, p, p.grad, 3)\n"
                        "                p.add_(plain(torch.relu, p))\n\n\n"
                        "class Runner:\n    @torch.compile\n    def run(self, closure, x):\n        return plain(closure, x)\n",
    }
    write(tmp_path, files)
    found = {(f["path"], f["line"]): f for f in scan(capsys, tmp_path)["findings"]}
    assert sorted(line for path, line in found if path == "ncg/search.py") == [6, 7]
    assert "runs all of `armijo` eagerly" in found[("ncg/search.py", 6)]["message"]


def test_a_held_instance_a_method_built_into_a_local_first_is_followed(tmp_path, capsys):
    """lie-transformer-pytorch's ``group = SE3(); self.group = group`` in ``__init__``, then
    ``self.group.lift(...)`` in ``forward``: the class of another file is reached as for
    ``self.group = SE3()`` (its inherited ``lift``, then the decorated ``sinc_inv`` it calls, whose
    ``assert`` Dynamo breaks on: held_out_21, "Data-dependent branching"). Not an ``__init__``
    parameter, nor a local bound to one in a branch: what a caller passes in is not known."""
    files = {
        "lie/__init__.py": "",
        "lie/se3.py": "import torch\nfrom functools import wraps\n\n\ndef taylor(fn):\n    @wraps(fn)\n"
                      "    def inner(x):\n        return fn(x, x * x)\n    return inner\n\n\n"
                      "@taylor\ndef sinc_inv(x, _):\n    t = 1 + x ** 2\n"
                      "    assert not torch.any(torch.isinf(t)), 'inf' + str(torch.any(t))\n    return t\n\n\n"
                      "class SO3:\n    def lift(self, x):\n        return sinc_inv(x)\n\n\nclass SE3(SO3):\n"
                      "    def other(self, x):\n        return x.sum().item()\n",
        "lie/net.py": "from torch import nn\n\nfrom .se3 import SE3\n\n\nclass Net(nn.Module):\n"
                      "    def __init__(self, given=None):\n        super().__init__()\n        group = SE3()\n"
                      "        self.group = group\n        if given is None:\n            given = SE3()\n"
                      "        self.given = given\n        if given:\n            either = SE3()\n"
                      "        else:\n            either = given\n        self.either = either\n\n"
                      "    def forward(self, x):\n        return self.group.lift(x) + self.given.other(x) + self.either.other(x)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path) == [("lie/se3.py", 15, "NM402")]


def test_an_abstract_method_of_another_file_reaches_the_overrides_below_it(tmp_path, capsys):
    """bayesian-changepoint's ``likelihood_model.pdf(x)`` on a parameter annotated with the
    abstract ``BaseLikelihood`` of another file, whose subclasses define ``pdf`` in its file
    (held_out_23's ``online_likelihoods.py:193``): the instance's class is known at run time,
    so every override below the base is reached, through a subclass between them too. Storing
    to the parameter's attribute (``model.device = d``) does not rebind it. Not followed: a
    method with a body of its own (a default the subclasses may keep)."""
    files = {
        "cp/__init__.py": "",
        "cp/likelihoods.py": "from abc import ABC, abstractmethod\n\n\nclass Base(ABC):\n"
                             "    @abstractmethod\n    def pdf(self, x):\n        raise NotImplementedError\n\n"
                             "    def cdf(self, x):\n        return x\n\n\n"
                             "class StudentT(Base):\n    def pdf(self, x):\n        return float(x.sum())\n\n"
                             "    def cdf(self, x):\n        return x.max().item()\n\n\n"
                             "class Middle(Base):\n    pass\n\n\n"
                             "class Poisson(Middle):\n    def pdf(self, x):\n        return x.tolist()\n",
        "cp/detect.py": "import torch\nfrom .likelihoods import Base\n\n\n"
                        "def detect(data, model: Base, device='cpu'):\n    model.device = device\n"
                        "    return model.pdf(data) + model.cdf(data)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "cp/detect.py:detect") == [
        ("cp/likelihoods.py", 15, "NM401"), ("cp/likelihoods.py", 27, "NM401")]



def test_the_classes_a_parameter_or_local_is_annotated_with_and_a_dataclass_built(tmp_path, capsys):
    """torchrir's ``simulate(scene: StaticScene | DynamicScene)`` calls ``scene.validate()``, which
    Dynamo traces in the class handed in (its data-dependent branches measured, ``held_out_29``);
    torchcontrol's MPPI rolls out with ``plant: PlantBase = self._rollout_plant`` (the ``.item()``
    of its plant measured); and the ``RIRResult(...)`` simulate returns, a dataclass, runs its
    ``__post_init__``. A class the annotation does not name is not reached."""
    files = {
        "room/__init__.py": "",
        "room/scene.py": "from dataclasses import dataclass\n\nimport torch\n\n\n"
                         "class Static:\n    def validate(self, x):\n        if torch.any(x <= 0):\n"
                         "            raise ValueError('x')\n\n\n"
                         "class Moving:\n    def validate(self, x):\n        return x.sum().item()\n\n\n"
                         "class Other:\n    def validate(self, x):\n        return x.min().item()\n\n\n"
                         "class Plant:\n    def rollout(self, x):\n        return x.max().item()\n\n\n"
                         "@dataclass\nclass Result:\n    value: torch.Tensor\n\n    def __post_init__(self):\n"
                         "        if not torch.all(torch.isfinite(self.value)):\n            raise ValueError('value')\n",
        "room/sim.py": "from .scene import Moving, Other, Plant, Result, Static\n\n\n"
                       "def simulate(scene: Static | Moving, x, holder):\n    scene.validate(x)\n"
                       "    plant: Plant = holder.plant\n    plant.rollout(x)\n    return Result(value=x * 2)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "room/sim.py:simulate") == [
        ("room/scene.py", 8, "NM402"), ("room/scene.py", 14, "NM401"), ("room/scene.py", 24, "NM401"),
        ("room/scene.py", 32, "NM402")]


def test_the_class_a_docstring_gives_a_stored_parameter_and_a_closure_reading_self(tmp_path, capsys):
    """torch-diffsim's ``Simulator.__init__(self, mesh, material, solver)`` stores ``solver``, which
    only its docstring types (``solver (SemiImplicitSolver): ...``, a class of another file its
    module does not import); ``self.solver.step(...)`` in the traced step runs that class's ``step``,
    whose ``if torch.any(masses <= 0)`` Dynamo measures (``held_out_30``). Its
    ``DifferentiableSimulator`` (``solver: DifferentiableSolver`` in the ``__init__``'s ``Args:``)
    calls it from a closure handed to the rollout, reading the method's ``self``; an annotated
    parameter of a class of the same file is followed too. A docstring line saying more than the
    class (``solver: the time integrator``) names none."""
    files = {
        "sim/__init__.py": "",
        "sim/solver.py": "import torch\n\n\nclass SemiImplicitSolver:\n    def step(self, x):\n"
                         "        if torch.any(x <= 0):\n            raise ValueError('x')\n        return x\n",
        "sim/simulator.py": "class Simulator:\n    \"\"\"A simulator.\n\n    Parameters:\n"
                            "        solver (SemiImplicitSolver): Time integration solver\n    \"\"\"\n\n"
                            "    def __init__(self, solver):\n        self.solver = solver\n\n"
                            "    def step(self, x):\n        return self.solver.step(x)\n",
        "sim/diff.py": "import torch\n\n\nclass DifferentiableSolver:\n    def step(self, x):\n"
                       "        return x.sum().item()\n\n\n"
                       "class Annotated:\n    def step(self, x):\n        return x.max().item()\n\n\n"
                       "class Vague:\n    def step(self, x):\n        return x.min().item()\n\n\n"
                       "class DifferentiableSimulator:\n    def __init__(self, solver, other: Annotated, vague):\n"
                       "        \"\"\"\n        Args:\n            solver: DifferentiableSolver\n"
                       "            vague: Vague, the time integrator\n        \"\"\"\n"
                       "        self.solver = solver\n        self.other = other\n        self.vague = vague\n\n"
                       "    def rollout(self, x):\n        def step_fn(s):\n            return self.solver.step(s)\n"
                       "        return step_fn(x) + self.other.step(x) + self.vague.step(x)\n",
    }
    write(tmp_path, files)
    assert sites(capsys, tmp_path, "--entry", "sim/simulator.py:Simulator.step",
                 "--entry", "sim/diff.py:DifferentiableSimulator.rollout") == [
        ("sim/diff.py", 6, "NM401"), ("sim/diff.py", 11, "NM401"), ("sim/solver.py", 6, "NM402")]


def test_a_class_handed_to_a_constructor_by_keyword_is_a_submodule_class(tmp_path, capsys):
    """InternImage hands its core operator down as a class, ``Block(core_op=DCN, ...)``, and the
    block builds ``self.dcn = core_op(channels)``: the handed class's forward runs in the forward,
    by keyword as positionally (its ``.item()`` measured: 2 graphs for one layer, 3 for two built in
    a list comprehension, whose loop the estimate does not count). A torch class handed so
    (``norm_layer=nn.LayerNorm``) is not the project's."""
    layer = ("import torch\nfrom torch import nn\n\n\n"
             "class Layer(nn.Module):\n    def __init__(self, core_op, channels, norm_layer=None):\n"
             "        super().__init__()\n        self.dcn = core_op(channels)\n\n"
             "    def forward(self, x):\n        return self.dcn(x)\n\n\n")
    files = {
        "pkg/__init__.py": "",
        "pkg/ops.py": "from torch import nn\n\n\nclass DCN(nn.Module):\n    def __init__(self, channels):\n"
                      "        super().__init__()\n\n    def forward(self, x):\n        return x * x.sum().item()\n",
        "pkg/net.py": layer + "from .ops import DCN\n\n\n"
                      "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                      "        self.layer = Layer(core_op=DCN, channels=8, norm_layer=nn.LayerNorm)\n\n"
                      "    def forward(self, x):\n        return self.layer(x)\n",
        "pkg/deep.py": layer + "from .ops import DCN\n\n\n"
                       "class Net2(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                       "        self.layers = nn.ModuleList([Layer(core_op=DCN, channels=8) for _ in range(2)])\n\n"
                       "    def forward(self, x):\n        for layer in self.layers:\n            x = layer(x)\n"
                       "        return x\n",
    }
    write(tmp_path, files)
    for entry in ("pkg/net.py:Net.forward", "pkg/deep.py:Net2.forward"):  # measured 2 and 3 graphs
        got = scan(capsys, tmp_path, "--entry", entry)["compile_coverage"]["entries"]
        assert [(e["expected_graphs"], e["files"][-1]) for e in got] == [(2, "pkg/ops.py")]


def test_a_property_s_setter_runs_where_traced_code_assigns_the_attribute(tmp_path):
    """oflibpytorch's ``Flow.__init__`` assigns ``self.vecs = flow_vectors`` and ``self.mask = mask``,
    and each property's setter validates the value in a helper of another file with an ``if`` on a
    tensor: Dynamo inlines the setter at the assignment (constructs.py "property setter run by an
    assignment in __init__"), so a compiled function building a ``Flow`` reaches the helpers. Not a
    setter only an untraced method's assignment runs, nor a getter's attribute read."""
    (tmp_path / "of").mkdir()
    (tmp_path / "of" / "__init__.py").write_text("")
    (tmp_path / "of" / "checks.py").write_text(
        "import torch\n\n\ndef valid(v):\n    if not torch.isfinite(v).all():\n        raise ValueError('vecs')\n"
        "    return v\n\n\ndef scaled(v):\n    return v * v.abs().max().item()\n")
    (tmp_path / "of" / "field.py").write_text(
        "from .checks import scaled, valid\n\n\nclass Field:\n    def __init__(self, v):\n        self.vecs = v\n\n"
        "    @property\n    def vecs(self):\n        return self._vecs\n\n    @vecs.setter\n    def vecs(self, v):\n"
        "        self._vecs = valid(v)\n\n    @property\n    def scale(self):\n        return self._scale\n\n"
        "    @scale.setter\n    def scale(self, s):\n        self._scale = scaled(s)\n\n"
        "    def rescale(self, s):\n        self.scale = s\n")
    (tmp_path / "step.py").write_text(
        "import torch\nfrom of.field import Field\n\n\n@torch.compile\ndef step(x):\n    return Field(x).vecs + 1\n")
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "--no-cache", "--fail-on", "never", "-q",
          "--select", "NM4"])
    found = [(f["path"], f["line"], f["code"]) for f in json.loads(out.read_text())["findings"]]
    assert found == [("of/checks.py", 5, "NM402")]


def test_a_method_called_on_an_instance_of_an_imported_class_built_in_the_call_is_followed(tmp_path):
    """oflibpytorch's ``combine_flows`` returns ``Flow(input_1, ref).combine_with(Flow(input_2, ref), ...)``:
    Dynamo inlines the method on the instance built there (constructs.py "local instance's method
    breaks, instance not used after"), and each ``Flow(...)`` runs its ``__init__``. Not a method of
    what a lower-case function returns, nor a tensor's method of a torch call."""
    (tmp_path / "of").mkdir()
    (tmp_path / "of" / "__init__.py").write_text("")
    (tmp_path / "of" / "flow.py").write_text(
        "class Flow:\n    def __init__(self, v):\n        self.v = v\n\n    def combine_with(self, other):\n"
        "        return self.v + other.v * other.v.max().item()\n\n    def unused(self):\n        print(self.v)\n\n\n"
        "def make(v):\n    return Flow(v)\n")
    (tmp_path / "ops.py").write_text(
        "import torch\nfrom of.flow import Flow, make\n\n\n@torch.compile\ndef combine(a, b):\n"
        "    c = make(a).unused()\n    return Flow(a).combine_with(Flow(b)) + torch.zeros(3).sum()\n")
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "--no-cache", "--fail-on", "never", "-q",
          "--select", "NM4"])
    found = [(f["path"], f["line"], f["code"]) for f in json.loads(out.read_text())["findings"]]
    assert found == [("of/flow.py", 6, "NM401")]


def test_a_class_picked_from_a_table_into_a_name_then_built_is_followed(tmp_path):
    """torch-dxdt's ``dxdt`` picks ``method_class = _methods[kind]`` from a module-level table of
    imported classes, builds ``method = method_class(**kwargs)`` and returns ``method.d(x, t)``:
    Dynamo runs the picked class's ``__init__`` and ``d``: any class of the table where the key is
    known only at run time (``kind`` rebound). Not a class of another table."""
    (tmp_path / "dx").mkdir()
    (tmp_path / "dx" / "__init__.py").write_text("")
    (tmp_path / "dx" / "methods.py").write_text(
        "import torch\n\n\nclass Smooth:\n    def __init__(self, k=1):\n        self.k = k\n\n"
        "    def d(self, x):\n        return x * x.abs().max().item()\n\n\nclass Plain:\n    def d(self, x):\n"
        "        return x * 2\n\n\nclass Unused:\n    def d(self, x):\n        return x.tolist()\n")
    (tmp_path / "api.py").write_text(
        "import torch\nfrom dx.methods import Plain, Smooth, Unused\n\n_methods = {'smooth': Smooth, 'plain': Plain}\n"
        "_others = {'unused': Unused}\n\n\n@torch.compile\ndef dxdt(x, kind=None, **kwargs):\n    if kind is None:\n"
        "        kind = 'plain'\n    method_class = _methods[kind]\n    method = method_class(**kwargs)\n"
        "    return method.d(x)\n")
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "--no-cache", "--fail-on", "never", "-q",
          "--select", "NM4"])
    found = [(f["path"], f["line"], f["code"]) for f in json.loads(out.read_text())["findings"]]
    assert ("dx/methods.py", 9, "NM401") in found
    assert not any(p == "dx/methods.py" and line == 21 for p, line, _ in found)  # Unused: another table


def test_a_method_of_the_class_a_parameter_defaults_to_is_traced(tmp_path):
    """skerch's ``ssvd(..., dispatcher=SketchedAlgorithmDispatcher)`` calls ``dispatcher.mop(...)``, a
    static method of the class of its file: a default call runs that method (constructs.py "a default
    class's static method building an object, no break below": inlined, 1 graph). Not where the
    function binds the parameter to something else."""
    (tmp_path / "algo.py").write_text(
        "import torch\n\n\nclass Dispatcher:\n    @staticmethod\n    def mop(x):\n        return x * x.sum().item()\n\n"
        "    @staticmethod\n    def other(x):\n        return x.tolist()\n\n\n@torch.compile\ndef ssvd(x, dispatcher=Dispatcher):\n"
        "    return dispatcher.mop(x) + 1\n\n\n@torch.compile\ndef rebound(x, dispatcher=Dispatcher):\n"
        "    if x.shape[0] > 2:\n        dispatcher = None\n    return dispatcher.other(x)\n")
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "--no-cache", "--fail-on", "never", "-q",
          "--select", "NM4"])
    found = [(f["path"], f["line"], f["code"]) for f in json.loads(out.read_text())["findings"]]
    assert found == [("algo.py", 7, "NM401")]


def _nm4(tmp_path) -> list[tuple[str, int, str]]:
    out = tmp_path / "out.json"
    main(["scan", str(tmp_path), "-f", "json", "-o", str(out), "--no-cache", "--fail-on", "never", "-q",
          "--select", "NM4"])
    return [(f["path"], f["line"], f["code"]) for f in json.loads(out.read_text())["findings"]]


def test_a_method_body_written_apart_reaches_the_methods_of_its_class(tmp_path):
    """torch-sla's ``SparseTensor.solve`` runs ``linalg.solve`` (``def solve(self, b)`` at the top of
    its module) as ``_impl(self, b)``; that function's ``self.is_symmetric()`` runs the class's method,
    which runs ``structural.is_symmetric(self)`` the same way. The class is the one whose method of
    the function's name imports it: another class with a ``solve`` and an ``is_symmetric`` of its own
    (``Batch``) is not it."""
    (tmp_path / "sla").mkdir()
    (tmp_path / "sla" / "__init__.py").write_text("")
    (tmp_path / "sla" / "core.py").write_text(
        "class Sparse:\n    def __init__(self, values):\n        self.values = values\n\n"
        "    def solve(self, *args):\n        from .linalg import solve as _impl\n        return _impl(self, *args)\n\n"
        "    def is_symmetric(self):\n        from .structural import is_symmetric as _impl\n        return _impl(self)\n\n\n"
        "class Batch:\n    def solve(self, b):\n        return b\n\n    def is_symmetric(self):\n"
        "        return self.values.tolist()\n")
    (tmp_path / "sla" / "structural.py").write_text(
        "def is_symmetric(self):\n    return self.values.sum().item() > 0\n")
    (tmp_path / "sla" / "linalg.py").write_text(
        "import torch\n\n\n@torch.compile\ndef solve(self, b):\n    sym = self.is_symmetric()\n    return b * 2 if sym else b\n")
    assert _nm4(tmp_path) == [("sla/structural.py", 2, "NM401")]


def test_requires_grad_on_the_argument_of_a_function_of_another_file_is_left_alone(tmp_path):
    """flash-semicrf's ``SemiMarkov.logpartition`` calls ``self._get_dimension(edge)``, a method of its
    base in helpers.py that runs ``edge.requires_grad_(True)``: the edge is built in the caller, an
    intermediate, and Dynamo does not break (constructs.py "requires_grad_() in a helper, on its
    argument": 1 graph, no break). What another file hands a function is not known to be a graph
    input; on the compiled function's own argument it is (GB0125)."""
    (tmp_path / "crf").mkdir()
    (tmp_path / "crf" / "__init__.py").write_text("")
    (tmp_path / "crf" / "helpers.py").write_text(
        "class Struct:\n    def _get_dimension(self, edge):\n        edge.requires_grad_(True)\n        return edge.shape\n")
    (tmp_path / "crf" / "semi.py").write_text(
        "import torch\nfrom .helpers import Struct\n\n\nclass Semi(Struct):\n    @torch.compile\n"
        "    def logpartition(self, x):\n        edge = x * 2\n        n = self._get_dimension(edge)\n"
        "        x.requires_grad_(True)\n        return edge.sum() * n[0]\n")
    assert _nm4(tmp_path) == [("crf/semi.py", 10, "NM404")]


def test_the_forward_of_an_autograd_function_the_caller_imports_itself_runs_at_apply(tmp_path):
    """torch-sla's ``nonlinear_solve`` imports ``NonlinearSolveFunction`` in its body and returns
    ``NonlinearSolveFunction.apply(...)``: the Function's forward runs, as for one imported at the
    module's top. Not the forward of another Function of that file."""
    (tmp_path / "sla").mkdir()
    (tmp_path / "sla" / "__init__.py").write_text("")
    (tmp_path / "sla" / "fns.py").write_text(
        "from torch.autograd import Function\n\n\nclass Newton(Function):\n    @staticmethod\n"
        "    def forward(ctx, u):\n        return u * u.norm().item()\n\n\nclass Other(Function):\n"
        "    @staticmethod\n    def forward(ctx, u):\n        return u.tolist()\n")
    (tmp_path / "sla" / "linalg.py").write_text(
        "import torch\n\n\n@torch.compile\ndef nonlinear_solve(u):\n    from .fns import Newton\n\n"
        "    return Newton.apply(u)\n")
    assert _nm4(tmp_path) == [("sla/fns.py", 7, "NM401")]


def test_a_property_read_on_a_parameter_annotated_with_a_module_s_alias_of_a_class_runs_its_getter(tmp_path):
    """sparse-kappa's ``get_matrix_properties(A: sp.spmatrix)`` reads ``A.nnz``: ``sp`` is its backend
    module, where ``spmatrix = TorchSparseMatrix`` names the class under a lower-case alias, and ``nnz`` a
    property whose getter calls ``.item()`` (measured: Dynamo breaks inside the getter). The getter
    runs in the trace; a property never read and a method read without a call do not."""
    (tmp_path / "kappa").mkdir()
    (tmp_path / "kappa" / "__init__.py").write_text("")
    (tmp_path / "kappa" / "backend.py").write_text(
        "import torch\n\n\nclass DenseMatrix:\n    def __init__(self, dense):\n        self.dense = dense\n\n"
        "    @property\n    def nnz(self):\n        return int(torch.count_nonzero(self.dense).item())\n\n"
        "    @property\n    def unread(self):\n        return self.dense.max().item()\n\n"
        "    def total(self):\n        return self.dense.sum().item()\n\n\nspmatrix = DenseMatrix\n")
    (tmp_path / "kappa" / "utils.py").write_text(
        "import torch\n\nfrom kappa import backend as sp\n\n\n@torch.compile\ndef properties(A: sp.spmatrix):\n"
        "    f = A.total\n    return A.dense.shape[0], A.nnz\n")
    assert _nm4(tmp_path) == [("kappa/backend.py", 10, "NM401")]



def test_a_break_below_a_method_of_an_instance_a_closure_builds_skips_the_closure_s_frame(tmp_path):
    """GB0092 in a user's compiled closure (a training step a factory returns): the step builds an
    instance of a class of another file and calls its method, which breaks below, so Dynamo cannot
    rebuild the instance to resume the step and skips the step's frame at the call (measured on
    torch-sla's grid conductance step, ``potentials = laplacian.solve(...)``, and torch-betainc's
    Student-t fit, ``model.cdf(xs)``: "Encountered graph break that we cannot resume from" at the
    call). The project model names the closure by its qualified name (``make.<locals>.step``)."""
    (tmp_path / "sla").mkdir()
    (tmp_path / "sla" / "__init__.py").write_text("")
    (tmp_path / "sla" / "solver.py").write_text(
        "class Solver:\n    def __init__(self, a):\n        self.a = a\n\n    def solve(self, b):\n"
        "        return b * self.a.max().item()\n")
    (tmp_path / "steps.py").write_text(
        "import torch\nfrom sla.solver import Solver\n\n\ndef make():\n    def step(a, b):\n"
        "        solver = Solver(a)\n        x = solver.solve(b)\n        return x.sum()\n"
        "    return torch.compile(step)\n")
    assert _nm4(tmp_path) == [("sla/solver.py", 6, "NM401"), ("steps.py", 8, "NM404")]


def test_a_method_of_an_instance_of_a_class_the_function_imports_itself_is_followed(tmp_path):
    """torchvine's ``Vinecop.select`` imports ``VinecopSelectorTorch`` in its body, builds ``selector =
    VinecopSelectorTorch(...)`` and calls ``selector.select_all_trees()``: Dynamo inlines the method
    (constructs.py "local instance's method breaks, ..."), as for a class the module imports, and the call
    is where Dynamo gives up the frame (GB0092, measured on torchvine). Not a method the instance does not
    call."""
    (tmp_path / "vine").mkdir()
    (tmp_path / "vine" / "__init__.py").write_text("")
    (tmp_path / "vine" / "select.py").write_text(
        "class Selector:\n    def __init__(self, data):\n        self.data = data\n\n    def select_all(self, w):\n"
        "        return self.data * w.max().item()\n\n    def unused(self):\n        return self.data.tolist()\n")
    (tmp_path / "vine" / "cop.py").write_text(
        "import torch\n\n\nclass Vine:\n    @torch.compile\n    def select(self, data):\n"
        "        from .select import Selector\n\n        selector = Selector(data)\n        return selector.select_all(data)\n")
    assert _nm4(tmp_path) == [("vine/cop.py", 10, "NM404"), ("vine/select.py", 6, "NM401")]


def test_a_method_without_arguments_of_an_instance_the_frame_builds_is_not_followed(tmp_path):
    """torchvine's ``Vinecop.select`` builds ``selector = VinecopSelectorTorch(...)`` and calls
    ``selector.select_all_trees()``: a break below stops the frame at the call (GB0092), the method
    then runs eagerly, and Dynamo starts a frame only where one holds a tensor (``has_tensor_in_frame``):
    a method given no argument holds none of its own, and none of those below it was traced (Dynamo's
    log, ``TORCH_LOGS=graph_breaks,dynamo``). Its breaks are not predicted."""
    (tmp_path / "vine").mkdir()
    (tmp_path / "vine" / "__init__.py").write_text("")
    (tmp_path / "vine" / "select.py").write_text(
        "class Selector:\n    def __init__(self, data):\n        self.data = data\n\n    def select_all(self):\n"
        "        return self.data * self.data.max().item()\n")
    (tmp_path / "vine" / "cop.py").write_text(
        "import torch\nfrom .select import Selector\n\n\nclass Vine:\n    @torch.compile\n    def select(self, data):\n"
        "        selector = Selector(data)\n        return selector.select_all()\n")
    assert _nm4(tmp_path) == []


def _numopt_like(tmp_path, handed: str) -> None:
    """A second-order optimizers package in the shape of torch-numopt 1.0.2: the package's ``__init__``
    re-exports its algorithms with ``from .algorithms import *``, the optimizer's ``step`` is a base
    class's of another file, and the user's factory is handed the optimizer's construction."""
    pkg = tmp_path / "numopt"
    (pkg / "algorithms").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .objective import Objective\nfrom .algorithms import *\n")
    (pkg / "algorithms" / "__init__.py").write_text("from .newton import NewtonLS\n\n__all__ = ['NewtonLS']\n")
    (pkg / "algorithms" / "newton.py").write_text(
        "from ..base import LineSearchOptimizer\n\n\nclass NewtonLS(LineSearchOptimizer):\n"
        "    def __init__(self, params, lr=1.0):\n        super().__init__(params, lr)\n")
    (pkg / "base.py").write_text(
        "import torch\n\n\nclass LineSearchOptimizer(torch.optim.Optimizer):\n"
        "    def __init__(self, params, lr):\n        super().__init__(params, {'lr': lr})\n\n"
        "    def step(self, objective):\n        loss = objective()\n        return loss.item()\n")
    (pkg / "objective.py").write_text(
        "class Objective:\n    def __init__(self, model, optimizer):\n        self.model, self.optimizer = model, optimizer\n\n"
        "    def set_data(self, x):\n        self.x = x\n\n    def __call__(self):\n"
        "        return (self.model(self.x) ** 2).mean()\n")
    (tmp_path / "steps.py").write_text(
        "import torch\n\n\ndef _step(make_optimizer):\n    from numopt import Objective\n"
        "    model = torch.nn.Linear(3, 1)\n    opt = make_optimizer(model)\n    objective = Objective(model, opt)\n\n"
        "    def step(x):\n        objective.set_data(x)\n        opt.step(objective)\n        return model(x)\n"
        "    return torch.compile(step)\n\n\ndef newton_step():\n    from numopt import NewtonLS\n"
        f"    return _step({handed})\n")


def test_a_compiled_closure_s_optimizer_built_by_the_factory_it_is_handed_is_followed_into_its_step(tmp_path):
    """torch-numopt (held_out_38's five steps): the user's ``_numopt_step(make_optimizer)`` builds ``opt =
    make_optimizer(model)`` and returns ``torch.compile(step)``, whose ``opt.step(objective)`` Dynamo inlines
    (measured: the line searches' breaks are logged under ``training_steps.py:59``, none at the call). The
    class is the one every caller hands (``lambda model: NewtonLS(...)``, imported in the caller), found
    through the package's ``from .algorithms import *``; a package's own step is no torch.optim frame."""
    _numopt_like(tmp_path, "lambda model: NewtonLS(model.parameters())")
    assert _nm4(tmp_path) == [("numopt/base.py", 10, "NM401")]


def test_an_optimizer_a_factory_is_handed_is_not_followed_where_a_caller_hands_something_else(tmp_path):
    """Where a caller hands what is not a class of the project (a function of the file here), the
    optimizer is not known: nothing is followed, and its ``step`` is taken for torch.optim's."""
    _numopt_like(tmp_path, "make")
    (tmp_path / "steps.py").write_text((tmp_path / "steps.py").read_text() + "\n\ndef make(model):\n    return model\n")
    assert _nm4(tmp_path) == [("steps.py", 12, "NM404")]


def test_a_method_of_an_instance_a_factory_builds_from_a_module_it_imports_itself_is_followed(tmp_path):
    """A user's factory imports the release in its body (``import torchtsetlin as tt``), builds
    ``model = tt.TsetlinMachine(...)`` and returns ``torch.compile(epoch)``, whose ``model.update(...)``
    Dynamo inlines: the closure's free name holds the instance the enclosing function built."""
    (tmp_path / "tm").mkdir()
    (tmp_path / "tm" / "__init__.py").write_text("from .machine import Machine\n")
    (tmp_path / "tm" / "machine.py").write_text(
        "class Machine:\n    def __init__(self, n):\n        self.n = n\n\n    def update(self, x):\n"
        "        return x * x.max().item()\n")
    (tmp_path / "steps.py").write_text(
        "import torch\n\n\ndef make_epoch():\n    import tm as lib\n    model = lib.Machine(3)\n\n"
        "    def epoch(x):\n        return model.update(x)\n    return torch.compile(epoch)\n")
    assert _nm4(tmp_path) == [("tm/machine.py", 6, "NM401")]


def test_a_base_s_method_on_an_instance_of_a_class_the_function_imports_runs_the_receiver_s_overrides(tmp_path):
    """torch-numopt's ``NewtonLS.step`` is ``NumericalOptimizer.step``, whose ``self.apply_gradients(...)`` runs
    ``LineSearchOptimizer.apply_gradients`` (the class between the receiver's and the base, measured: the
    line search's breaks under ``numerical_optimizer.py:202``), not the base's own: the receiver's
    overrides are followed for a class the calling function imports itself, as for one its module imports."""
    _numopt_like(tmp_path, "lambda model: NewtonLS(model.parameters())")
    (tmp_path / "numopt" / "base.py").write_text(
        "import torch\n\n\nclass NumericalOptimizer(torch.optim.Optimizer):\n"
        "    def __init__(self, params, lr):\n        super().__init__(params, {'lr': lr})\n\n"
        "    def apply_gradients(self, loss):\n        return loss\n\n"
        "    def step(self, objective):\n        loss = objective()\n        return self.apply_gradients(loss)\n\n\n"
        "class LineSearchOptimizer(NumericalOptimizer):\n    def apply_gradients(self, loss):\n"
        "        return loss.item()\n")
    (tmp_path / "steps.py").write_text(
        "import torch\n\n\n@torch.compile\ndef step(x, objective):\n    from numopt.algorithms import NewtonLS\n"
        "    opt = NewtonLS([x])\n    return opt.step(objective)\n")
    assert _nm4(tmp_path) == [("numopt/base.py", 18, "NM401")]


def test_a_class_a_package_re_exports_with_a_star_import_is_found_for_a_function_s_import(tmp_path):
    """torch-numopt's ``__init__`` re-exports its optimizers with ``from .algorithms import *`` (the
    subpackage's ``__init__`` imports them by name): ``torch_numopt.NewtonLS``, imported in the user's
    function, is found through it. (Not yet for a module's import: torch_geometric.nn's re-exports
    then reach more than Dynamo's graphs show.)"""
    (tmp_path / "lib" / "impl").mkdir(parents=True)
    (tmp_path / "lib" / "__init__.py").write_text("from .impl import *\n")
    (tmp_path / "lib" / "impl" / "__init__.py").write_text("from .solver import Solver\n")
    (tmp_path / "lib" / "impl" / "solver.py").write_text(
        "class Solver:\n    def __init__(self, n):\n        self.n = n\n\n    def solve(self, x):\n"
        "        return x * x.max().item()\n")
    (tmp_path / "steps.py").write_text(
        "import torch\n\n\n@torch.compile\ndef step(x):\n"
        "    from lib import Solver\n    solver = Solver(3)\n    return solver.solve(x) + 1\n")
    assert ("lib/impl/solver.py", 6, "NM401") in _nm4(tmp_path)
