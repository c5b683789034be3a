"""`neuron-migrate measure`: a real factory, a factory that raises, a bad spec."""

import textwrap

import pytest

from neuron_migrate.cli import main

pytest.importorskip("torch")

FACTORY = textwrap.dedent('''
    import torch
    import torch.nn as nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 8)

        def forward(self, x):
            y = self.fc(x)
            print("step")
            return y.relu()

    def make():
        return Net().cuda(), torch.randn(2, 8, device="cuda")

    class Wrapped(nn.Module):  # one line of torch's breaks, reached from two lines of the user's
        def forward(self, x):
            a = torch.autograd.Variable(x) * 2
            b = torch.autograd.Variable(a) + 1
            return b

    def wrapped():
        return Wrapped(), torch.randn(2, 8)

    def broken():
        raise RuntimeError("no weights here")
''')


@pytest.fixture
def factory_dir(tmp_path, monkeypatch):
    (tmp_path / "userfac.py").write_text(FACTORY)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.slow
def test_measure_confirms_the_print_break(factory_dir, capsys):
    import json

    assert main(["measure", "userfac:make", "-f", "json", "--timeout", "300"]) == 0
    report = json.loads(capsys.readouterr().out)
    m, s = report["measured"], report["static"]
    assert m["graph_breaks"] == 1 and m["breaks"][0]["line"] == 12
    assert [p["status"] for p in s["predictions"]] == ["confirmed"]
    assert s["missed"] == [] and m["coverage"] == 1.0


@pytest.mark.slow
def test_a_break_in_torch_is_one_per_user_line_that_reaches_it(factory_dir, capsys):
    import json

    assert main(["measure", "userfac:wrapped", "-f", "json", "--timeout", "300"]) == 0
    report = json.loads(capsys.readouterr().out)
    m, s = report["measured"], report["static"]
    users = sorted([n for f, n in b["stack"] if f.endswith("userfac.py")][-1] for b in m["breaks"])
    assert m["graph_breaks"] == 2 and len({(b["file"], b["line"]) for b in m["breaks"]}) == 1 and users == [20, 21]
    assert sorted((p["line"], p["status"]) for p in s["predictions"]) == [(20, "confirmed"), (21, "confirmed")]
    assert s["missed"] == []


@pytest.mark.slow
def test_factory_that_raises_exits_2(factory_dir, capsys):
    assert main(["measure", "userfac:broken", "--timeout", "300"]) == 2
    assert "no weights here" in capsys.readouterr().err


def test_bad_spec_exits_2(factory_dir, capsys):
    assert main(["measure", "no_colon_here", "--timeout", "60"]) == 2
    assert "MODULE:FACTORY" in capsys.readouterr().err


def test_a_training_step_counts_the_backward_of_its_captured_graphs():
    """The backward of a captured graph is captured too (AOT autograd): a train step whose forward
    is one graph is not 'mostly lost' because its backward runs after the break at backward()."""
    import torch

    from neuron_migrate.runtime.dynamo import measure

    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def step(x):
        loss = net(x).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        return loss

    m = measure(step, (torch.randn(4, 8),), grad=True)
    # forward graph and its backward inside; the optimizer step and .grad accumulation outside
    assert 0.6 < m.coverage < 1.0, m.as_dict()  # 29 % when the backward counted as lost
    assert measure(lambda x: net(x).relu(), (torch.randn(4, 8),)).coverage == 1.0


def test_the_eager_count_holds_only_work_the_compiled_call_does():
    """Compiling turns off torch.distributions' argument checks for the process, and Dynamo drops
    record_function's markers (an optimizer step's): neither is work lost to a break, so neither
    counts in the eager total (coverage 1.0, not 0.69 and 0.89 as measured on policies and steps)."""
    import torch

    from neuron_migrate.runtime.dynamo import measure

    torch.distributions.Distribution.set_default_validate_args(True)  # a fresh process's default
    try:
        torch.manual_seed(0)
        head = torch.nn.Linear(8, 4)

        def act(x):
            dist = torch.distributions.Categorical(logits=head(x))
            actions = dist.sample()
            return actions, dist.log_prob(actions)

        assert measure(act, (torch.randn(4, 8),)).coverage == 1.0
    finally:
        torch.distributions.Distribution.set_default_validate_args(__debug__)

    params = [torch.nn.Parameter(torch.randn(4, 4)) for _ in range(3)]
    for p in params:
        p.grad = torch.randn(4, 4)
    opt = torch.optim.Adam(params, lr=0.1, foreach=True)
    opt.step()  # its state exists: the compiled step below is one graph

    m = measure(opt.step)
    assert m.graphs >= 1 and m.coverage == 1.0, m.as_dict()


def test_a_break_inside_an_installed_package_is_met_at_the_users_call(tmp_path):
    """The worker's user files are those outside the installed packages; a break Dynamo meets
    inside one (a branch on a tensor's value in an installed solver) is compared at the user's
    call, where ``scan`` reports it after following into the package's source."""
    from neuron_migrate.commands.measure import measured_report

    site = tmp_path / "site"
    (site / "solverkit").mkdir(parents=True)
    (site / "solverkit" / "__init__.py").write_text(
        "import torch\n\n\ndef solve(x):\n    y = x * 2\n    if y.sum() > 0:\n        return y\n    return -y\n")
    user = tmp_path / "proj" / "net.py"
    user.parent.mkdir()
    user.write_text("import torch\n\nimport solverkit\n\n\nclass Net(torch.nn.Module):\n"
                    "    def forward(self, x):\n        h = x + 1\n        return solverkit.solve(h)\n")
    dep = str(site / "solverkit" / "__init__.py")
    data = {"executed": {str(user): [7, 8, 9]},
            "measurement": {"breaks": [{"file": dep, "line": 6, "reason": "Data-dependent branching",
                                        "stack": [[str(user), 9], [dep, 6]]}]}}
    static = measured_report(data, [str(site)])["static"]
    assert [(p["line"], p["status"]) for p in static["predictions"]] == [(9, "confirmed")]
    assert static["missed"] == []
    alone = measured_report(data, [])["static"]  # not followed: missed at the call
    assert alone["predictions"] == [] and [m["line"] for m in alone["missed"]] == [9]
