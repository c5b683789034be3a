"""benchmarks/calibration/firstcall.py: which models' first call differs from a later one."""

import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks" / "calibration"))
import firstcall  # noqa: E402
import models  # noqa: E402


class Cached(torch.nn.Module):  # a table built on the first call only, as timm's levit or convit do
    table = None

    def forward(self, x):
        if self.table is None:
            self.table = torch.arange(4.0).exp()
        return x * self.table


def test_a_first_call_that_sets_something_up_differs_and_a_plain_one_does_not():
    here = __file__
    cached = firstcall.two_calls(models.Call(Cached(), (torch.ones(4),)), want=lambda f: f == here)
    assert firstcall.differs(cached)
    assert cached["aten_calls"][0] > cached["aten_calls"][1]
    only_first, only_second = cached["lines"][here]
    assert only_first and only_second == []
    plain = firstcall.two_calls(models.Call(torch.nn.Linear(4, 2), (torch.ones(4),)), want=lambda f: f == here)
    assert not firstcall.differs(plain) and plain["lines"] == {}


def test_the_command_checks_a_model_in_a_child_process(capsys):
    assert firstcall.main(["--set", "fixtures", "--only", "zoo.convnet"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 checked, 0 differ or failed"
