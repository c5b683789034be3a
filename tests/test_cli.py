"""The command line: exit codes, formats, selection, and the shipped example."""

import json
import os
from pathlib import Path

import pytest

from neuron_migrate.cli import main

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "examples" / "cifar-train"


def run(capsys, *args):
    code = main(list(map(str, args)))
    out, err = capsys.readouterr()
    return code, out, err


def test_scan_example_fails_the_gate_with_errors(capsys):
    code, out, _ = run(capsys, "scan", EXAMPLE, "-q")
    assert code == 1
    assert "NM101" in out and "train.py" in out


def test_json_contract(capsys):
    code, out, _ = run(capsys, "scan", EXAMPLE, "--format", "json")
    doc = json.loads(out)
    assert code == 1
    assert list(doc) == ["schema_version", "tool", "summary", "findings", "files", "compile_coverage", "scopes"]
    assert doc["schema_version"] == 1 and doc["tool"]["name"] == "neuron-migrate"
    f = doc["findings"][0]
    assert list(f) == ["code", "rule", "severity", "category", "path", "line", "column",
                       "end_line", "end_column", "message", "fix", "scope"]
    assert {x["path"] for x in doc["findings"]} == {"train.py", "requirements.txt"}  # NM6xx: manifests
    assert doc["files"]["scanned"] == 2
    assert doc["summary"]["findings"] == len(doc["findings"])


def test_json_is_deterministic(capsys):
    _, a, _ = run(capsys, "scan", EXAMPLE, "--format", "json")
    _, b, _ = run(capsys, "scan", EXAMPLE, "--format", "json")
    assert a == b


@pytest.mark.parametrize("args, expected", [
    (["--fail-on", "never"], 0),
    (["--select", "NM113"], 0),  # NM113 is a warning
    (["--select", "NM113", "--fail-on", "warning"], 1),
    (["--ignore", "NM1,NM6"], 0),  # requirements.txt pins a CUDA torch and flash-attn (NM6xx)
])
def test_fail_on_and_selection(capsys, args, expected):
    code, _, _ = run(capsys, "scan", EXAMPLE, "-q", *args)
    assert code == expected


@pytest.mark.parametrize("args", [["scan", "no/such/path"], ["scan", ".", "--select", "XX9"],
                                  ["scan", ".", "--fail-on", "bogus"], ["explain", "NM000"],
                                  ["frobnicate"]])
def test_usage_errors_exit_2(capsys, args):
    code, _, err = run(capsys, *args)
    assert code == 2
    assert "Traceback" not in err


def test_output_file(tmp_path, capsys):
    out = tmp_path / "r.json"
    code, stdout, _ = run(capsys, "scan", EXAMPLE, "-f", "json", "-o", out)
    assert code == 1 and stdout == ""
    assert json.loads(out.read_text())["findings"]


def test_rules_and_explain(capsys):
    code, out, _ = run(capsys, "rules", "--format", "json")
    codes = [r["code"] for r in json.loads(out)]
    assert code == 0 and "NM101" in codes and codes == sorted(codes)
    code, out, _ = run(capsys, "explain", "nm101")
    assert code == 0
    for heading in ("What it finds", "Why it matters", "Example", "Use instead", "Fix safety"):
        assert heading in out


def test_fix_diff_changes_nothing_and_apply_writes(tmp_path, capsys):
    target = tmp_path / "train.py"
    original = (EXAMPLE / "train.py").read_bytes()
    target.write_bytes(original)
    os.chmod(target, 0o754)
    code, out, _ = run(capsys, "fix", tmp_path)
    assert '+        device = torch.device(f"neuron:{local_rank}")' in out
    assert target.read_bytes() == original
    code, _, err = run(capsys, "fix", tmp_path, "--apply")
    assert "fixed" in err
    assert oct(target.stat().st_mode & 0o777) == "0o754"
    after = target.read_bytes()
    assert after != original and b"torch.neuron.synchronize()" in after
    run(capsys, "fix", tmp_path, "--apply")
    assert target.read_bytes() == after, "a second fix --apply changed the file"


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("neuron-migrate ")
