"""Dynamo's graph-break ids on NM4xx findings (rules/generated/graph_breaks.json), and the
break kinds measured on torch 2.13 (benchmarks/calibration/constructs.py)."""

import importlib.metadata
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from neuron_migrate.checks.graph_breaks import GB
from neuron_migrate.graph_break_ids import describe, registry
from neuron_migrate.testing import findings_of

ROOT = Path(__file__).resolve().parents[1]


def test_every_id_the_checks_use_is_in_the_registry_with_the_measured_type():
    measured = {  # the type Dynamo printed for each construct (docs/accuracy.md)
        "item": "Unsupported Tensor.item() call with capture_scalar_outputs=False",
        "branch": "Data-dependent branching", "print": "Failed to trace builtin operator",
        "logger": "logging.Logger method not supported for non-export cases",
        "skipped": "Attempted to call function marked as skipped",
        "disabled": "Skip calling `torch.compiler.disable()`d function",
        "rnn": "Attempted to wrap RNN, GRU, or LSTM", "context": "Unsupported context manager",
        "deepcopy": "Attempted to copy.deepcopy a tensor",
        "parameter": "Attempted to use `torch.nn.Parameter()` constructor with Dynamo",
        "inline_skipped": "Attempted to inline function marked as skipped",
        "iternext": "Missing tp_iternext", "dynamic_shape": "Dynamic shape operator",
        "method": "Unsupported method call", "logger_lookup": "Unresolved GetAttrVariable comparison",
        "requires_grad_input": "Unsupported Tensor.requires_grad_() call",
        "requires_grad_leaked": "requires_grad_() intermediate leaked as output",
        "grad_fn": "Tensor with grad_fn()", "ndarray_attr": "Unsupported ndarray attribute access",
    }
    for key, gb in GB.items():
        row = describe(gb)
        assert row["type"], f"{key}: {gb} is not in rules/generated/graph_breaks.json"
        if key in measured:
            assert row["type"] == measured[key], key
    assert registry()["header"]["torch"] == "2.13.0"
    # the registry holds the source expression where Dynamo builds the text at run time (GB0007's
    # `explanation`): a finding shows no explanation rather than that word
    assert describe("GB0007")["explanation"] == ""
    assert all(" " in row["explanation"] for row in registry()["breaks"].values() if row["explanation"])
    assert "should not be traced" in describe("GB0008")["explanation"]


def test_the_extracted_registry_matches_the_installed_torch():
    spec = importlib.util.find_spec("torch")  # found, never imported
    if spec is None:
        pytest.skip("torch is not installed")
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "generate_graph_breaks.py"), "--check"],
                         capture_output=True, text=True)
    version = registry()["header"]["torch"]
    if importlib.metadata.version("torch").split("+")[0] != version:
        pytest.skip(f"the registry was extracted from torch {version}")
    assert out.returncode == 0, out.stderr


NEW_KINDS = '''import copy
import numpy as np
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        y = x * 2
        lin = nn.Linear(8, 8)
        y.requires_grad = True
        z = copy.deepcopy(y)
        s = torch.typename(z)
        m = float(np.mean(y.numpy()))
        return lin(z) * m + len(s)


class Reader(nn.Module):
    def forward(self, x):
        with open("stats.txt") as fh:
            pass
        with torch.no_grad():
            x = x + 1
        return x + 1
'''


def test_break_kinds_measured_on_torch_2_13_carry_their_ids():
    got = [(f.line, f.code, f.dynamo) for f in findings_of(NEW_KINDS) if f.code.startswith("NM4")]
    assert got == [(10, "NM404", "GB0264"), (11, "NM404", "GB0206"), (12, "NM404", "GB4198"),
                   (13, "NM404", "GB0007"), (14, "NM401", "GB0033"), (20, "NM404", "GB0142")]
    reader = [f for f in findings_of(NEW_KINDS) if f.line == 20][0]
    assert "runs all of `Reader.forward` eagerly" in reader.message and reader.message.endswith("[Dynamo GB0142]")


def test_every_nm4_finding_of_the_fixtures_names_its_graph_break():
    seen = 0
    not_breaks = {"NM410"}  # a compiled step's silently different result: Dynamo does not break there
    for case in sorted((ROOT / "fixtures" / "checks").glob("NM4*/input.py")):
        for f in findings_of(case.read_text(encoding="utf-8")):
            if f.code.startswith("NM4") and f.code not in not_breaks:
                seen += 1
                assert f.dynamo and f.message.endswith(f"[Dynamo {f.dynamo}]"), (case.parent.name, f)
    assert seen > 20


def test_the_json_report_explains_the_id(tmp_path, capsys):
    from neuron_migrate.cli import main

    (tmp_path / "m.py").write_text(NEW_KINDS)
    main(["scan", str(tmp_path), "-f", "json", "-q", "--no-cache", "--select", "NM4", "--exit-zero"])
    first = json.loads(capsys.readouterr().out)["findings"][0]
    assert first["dynamo"] == {
        "id": "GB0264", "type": "Attempted to use `torch.nn.Parameter()` constructor with Dynamo",
        "explanation": "Dynamo does not support this", "torch": "2.13.0",
        "url": "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0264.html"}
