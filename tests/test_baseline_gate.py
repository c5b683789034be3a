"""Acceptance (issue 5): the CI gate on an unsupported operator, with a suppression and a baseline.

A project with one unsupported operator fails the gate (exit 1) with a SARIF result on the
right line; suppressing that line passes; a baseline taken before a second unsupported
operator is added fails only on the new one, and still passes after lines above the old
one shift.
"""

import json

from neuron_migrate.cli import main

UNSUPPORTED = "q = torch.quantized_max_pool2d(x, [2, 2])"  # NM201 (error)
MODEL = """import torch


def pool(x):
    {op}
    return q
"""


def gate(capsys, *args) -> tuple[int, list[tuple[str, str, int]]]:
    code = main(["scan", ".", "--format", "sarif", *map(str, args)])
    out, _ = capsys.readouterr()
    results = json.loads(out)["runs"][0]["results"]
    return code, [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                   r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results]


def test_unsupported_operator_gate_suppression_and_baseline(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    model = tmp_path / "model.py"
    model.write_text(MODEL.format(op=UNSUPPORTED))
    assert gate(capsys) == (1, [("NM201", "model.py", 5)])

    model.write_text(MODEL.format(op=UNSUPPORTED + "  # neuron-migrate: ignore[NM201]"))
    assert gate(capsys) == (0, [])

    model.write_text(MODEL.format(op=UNSUPPORTED))
    assert main(["baseline", ".", "-o", "neuron-baseline.json", "-q"]) == 0
    assert gate(capsys, "--baseline", "neuron-baseline.json") == (0, [])

    second = "\n\ndef pool_again(y):\n    r = torch.quantized_max_pool2d(y, [3, 3])\n    return r\n"
    model.write_text(MODEL.format(op=UNSUPPORTED) + second)
    assert gate(capsys, "--baseline", "neuron-baseline.json") == (1, [("NM201", "model.py", 10)])

    shifted = "import os\nimport sys\n\n# the pooling helpers\n" + MODEL.format(op=UNSUPPORTED)
    model.write_text(shifted)
    assert gate(capsys, "--baseline", "neuron-baseline.json") == (0, [])
    assert gate(capsys) == (1, [("NM201", "model.py", 9)])  # without the baseline it is still there
