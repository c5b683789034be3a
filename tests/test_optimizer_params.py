"""NM410: type tests of an optimizer's parameters in traced code (constructs.py --parameter-types)."""

from neuron_migrate.testing import findings_of

STEP = """import torch
from torch import nn
from .tensor import ManifoldParameter, ManifoldTensor
import geoopt

class Local(torch.Tensor):
    pass

class RSGD(torch.optim.Optimizer):
    @torch.no_grad()
    def step(self):
{body}

opt = RSGD([])
step = torch.compile(opt.step)
"""


def lines(body: str, compiled: bool = True) -> list[int]:
    code = STEP.format(body="\n".join("        " + b for b in body.strip("\n").split("\n")))
    if not compiled:
        code = code.replace("step = torch.compile(opt.step)", "")
    return [f.line for f in findings_of(code) if f.code == "NM410"]


def test_a_parameter_of_param_groups_tested_against_a_subclass():
    body = """
for group in self.param_groups:
    for p in group["params"]:
        if isinstance(p, (ManifoldParameter, ManifoldTensor)):
            p.add_(1)
        if type(p) is geoopt.ManifoldTensor:
            pass
        if isinstance(p, Local):
            pass
"""
    assert lines(body) == [14, 16, 18]


def test_loops_comprehensions_zip_enumerate_and_a_named_list():
    body = """
params = self.param_groups[0]["params"]
for i, q in enumerate(params):
    isinstance(q, ManifoldTensor)
for g in self.param_groups:
    for p, s in zip(g["params"], [1, 2]):
        isinstance(p, ManifoldTensor)
        isinstance(s, ManifoldTensor)
return [p for g in self.param_groups for p in g["params"] if isinstance(p, Local)]
"""
    assert lines(body) == [14, 17, 19]


def test_a_method_handed_the_parameter():
    code = STEP.format(body="        for g in self.param_groups:\n            for p in g['params']:\n"
                            "                self._update(g, p)\n\n"
                            "    def _update(self, group, point):\n"
                            "        if isinstance(point, ManifoldParameter):\n            point.mul_(2)\n"
                            "        if isinstance(group, ManifoldParameter):\n            pass")
    assert [(f.line, f.code) for f in findings_of(code) if f.code == "NM410"] == [(17, "NM410")]


def test_tests_that_compile_alike_are_not_reported():
    # torch's own classes, builtins, a class held in an attribute, an attribute set on the instance
    body = """
for group in self.param_groups:
    for p in group["params"]:
        isinstance(p, nn.Parameter)
        isinstance(p, torch.Tensor)
        isinstance(p, (float, int))
        isinstance(p, self.kind)
        hasattr(p, "manifold")
        type(p) is torch.Tensor
"""
    assert lines(body) == []


def test_parameters_of_a_module_and_untraced_steps_are_not_reported():
    module = """
for p in self.model.parameters():
    isinstance(p, ManifoldParameter)
"""
    assert lines(module) == []
    groups = """
for group in self.param_groups:
    for p in group["params"]:
        isinstance(p, ManifoldParameter)
"""
    assert lines(groups) == [14]
    assert lines(groups, compiled=False) == []  # nothing compiles the step: not traced code
