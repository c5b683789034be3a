"""`neuron-migrate ops`: look-ups, `ops import` of AWS's compatibility table, `ops diff`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from neuron_migrate.capabilities import load_overlay
from neuron_migrate.cli import main

SAMPLE = Path(__file__).parent / "test_ops_data" / "torch_api_compatibility_sample.md"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("query, aten", [
    ("torch.linalg.eigh", "linalg_eigh"), ("linalg_eigh", "linalg_eigh"),
    ("aten::_linalg_eigh", "_linalg_eigh"), ("aten._linalg_eigh.default", "_linalg_eigh"),
    ("Tensor.nonzero", "nonzero"), ("torch.Tensor.nonzero", "nonzero"), ("x.nonzero()", None),
    ("F.grid_sample", "grid_sampler"), ("nn.functional.grid_sample", "grid_sampler"),
    ("torch.fft.rfft", "fft_rfft"),
])
def test_query_by_python_or_aten_name(capsys, query, aten):
    code, out, _ = run(capsys, "ops", query, "--format", "json")
    doc = json.loads(out)
    names = [d["aten"] for d in doc["operators"]]
    if aten is None:
        assert code == 1 and names == []
    else:
        assert code == 0 and names[0] == aten


def test_query_text_shows_status_note_and_source(capsys):
    code, out, _ = run(capsys, "ops", "torch.linalg.eigh")
    assert code == 0
    assert out.startswith("linalg_eigh: cpu_fallback (pre-release source)")
    assert "python:      torch.linalg.eigh" in out and "runs:        _linalg_eigh (cpu_fallback)" in out
    assert "source:      measured:" in out and "torch-neuronx 2.1" in out


def test_unknown_ops_say_unverified(capsys):
    code, out, _ = run(capsys, "ops", "avg_pool2d")
    assert code == 0 and "avg_pool2d: unknown (unverified)" in out
    assert "not in the capability table" in out
    code, out, _ = run(capsys, "ops", "avg_pool2d", "-f", "json")
    (d,) = [d for d in json.loads(out)["operators"] if d["aten"] == "avg_pool2d"]
    assert d["status"] == "unknown" and d["evidence"] == "unverified" and d["verified"] is False


def test_query_diff_is_the_aten_op_not_the_subcommand(capsys):
    code, out, _ = run(capsys, "ops", "query", "diff")
    assert code == 0 and out.startswith("diff: ")


def test_status_lists_rows(capsys):
    code, out, _ = run(capsys, "ops", "--status", "cpu_fallback", "-f", "json")
    doc = json.loads(out)
    names = {d["aten"] for d in doc["operators"]}
    assert code == 0 and {"_linalg_eigh", "linalg_eigh", "col2im", "nansum"} <= names
    assert all(d["status"] == "cpu_fallback" for d in doc["operators"])
    code, out, _ = run(capsys, "ops", "*linalg*", "--status", "unsupported", "-f", "json")
    assert json.loads(out)["operators"] == [] and code == 1


def test_glob_and_substring(capsys):
    _, out, _ = run(capsys, "ops", "*eig*", "-f", "json")
    names = {d["aten"] for d in json.loads(out)["operators"]}
    assert {"linalg_eigh", "_linalg_eigh", "linalg_eigvalsh"} <= names


def test_usage_errors(capsys):
    assert run(capsys, "ops", "query")[0] == 2
    assert run(capsys, "ops", "nonzero", "--capabilities", "no/such.yaml")[0] == 2
    assert run(capsys, "ops", "diff", "builtin")[0] == 2


# -- import -----------------------------------------------------------------------------------

def test_import_sample_table(capsys, tmp_path):
    out_file = tmp_path / "overlay.yaml"
    code, _, err = run(capsys, "ops", "import", str(SAMPLE), "-o", str(out_file), "--release", "2.14.4.0")
    assert code == 0
    version, ops, _, _ = load_overlay(out_file)  # the output is a valid overlay
    assert version == "2.14.4.0"
    status = {k: v.status for k, v in ops.items()}
    assert status == {"nonzero": "native", "nonzero_numpy": "native", "argsort": "cpu_fallback",
                      "quantize_per_tensor": "unsupported", "linalg_eigh": "native",
                      "linalg_svd": "cpu_fallback", "fft_rfft": "unsupported", "_fft_r2c": "unsupported"}
    assert ops["argsort"].note == "torch.argsort: stable=True only"
    assert ops["linalg_eigh"].source.endswith("line 22 (torch.linalg.eigh)")
    assert all(r.since == "2.14.4.0" for r in ops.values())
    assert "imported 8 operator rows from 4 tables" in err
    assert "torch.frobnicate" in err and "status 'Maybe'" in err
    assert "#   torch.frobnicate: native" in out_file.read_text(encoding="utf-8")


def test_import_to_stdout_and_without_tables(capsys, tmp_path):
    code, out, _ = run(capsys, "ops", "import", str(SAMPLE), "--source", "https://example.com/compat.md")
    doc = yaml.safe_load(out)
    assert code == 0 and doc["schema_version"] == 1 and "torch_neuronx" not in doc
    assert doc["operators"][0]["source"].startswith("https://example.com/compat.md: line")
    empty = tmp_path / "empty.md"
    empty.write_text("# nothing here\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8")
    assert run(capsys, "ops", "import", str(empty))[0] == 2
    assert run(capsys, "ops", "import", str(tmp_path / "missing.md"))[0] == 2


def test_imported_overlay_changes_scan_results(capsys, tmp_path):
    overlay = tmp_path / "overlay.yaml"
    run(capsys, "ops", "import", str(SAMPLE), "-o", str(overlay))
    src = tmp_path / "proj"
    src.mkdir()
    (src / "m.py").write_text("import torch\n\ndef f(a, s):\n    w = torch.linalg.eigh(a)\n"
                              "    return torch.fft.rfft(s), w\n", encoding="utf-8")
    _, out, _ = run(capsys, "scan", str(src), "-f", "json", "--fail-on", "never")
    before = {(f["line"], f["code"]) for f in json.loads(out)["findings"]}
    _, out, _ = run(capsys, "scan", str(src), "-f", "json", "--fail-on", "never", "--capabilities", str(overlay))
    after = {(f["line"], f["code"]) for f in json.loads(out)["findings"]}
    assert (4, "NM202") in before and (4, "NM202") not in after  # eigh is native in the new table
    assert (5, "NM201") in after and (5, "NM201") not in before  # rfft is unsupported in it


# -- diff ---------------------------------------------------------------------------------------

def test_diff_shows_what_an_upgrade_unblocks(capsys, tmp_path):
    overlay = tmp_path / "new.yaml"
    run(capsys, "ops", "import", str(SAMPLE), "-o", str(overlay))
    code, out, _ = run(capsys, "ops", "diff", "builtin", str(overlay), "-f", "json")
    doc = json.loads(out)
    unblocked = {e["aten"]: (e["old"], e["new"]) for e in doc["unblocked"]}
    worse = {e["aten"]: (e["old"], e["new"]) for e in doc["worse"]}
    assert code == 0
    assert unblocked["linalg_eigh"] == ("cpu_fallback", "native")
    assert "torch.linalg.eigh" in next(e["python"] for e in doc["unblocked"] if e["aten"] == "linalg_eigh")
    assert worse["fft_rfft"] == ("unknown", "unsupported")
    assert worse["fft_fft"] == ("unknown", "unsupported")  # its kernel _fft_r2c became unsupported
    code, text, _ = run(capsys, "ops", "diff", "builtin", str(overlay))
    assert "Unblocked (status better in NEW): " in text and "linalg_eigh: cpu_fallback -> native" in text


def test_diff_of_two_overlays_and_no_base(capsys, tmp_path):
    old = tmp_path / "old.yaml"
    new = tmp_path / "new.yaml"
    old.write_text("schema_version: 1\noperators:\n  - {aten: nonzero, status: cpu_fallback, source: a}\n"
                   "  - {aten: gone_op, status: native, source: a}\n", encoding="utf-8")
    new.write_text("schema_version: 1\noperators:\n  - {aten: nonzero, status: native, source: b}\n"
                   "  - {aten: new_op, status: unsupported, source: b}\n", encoding="utf-8")
    code, out, _ = run(capsys, "ops", "diff", str(old), str(new), "--no-base", "-f", "json")
    doc = json.loads(out)
    assert [e["aten"] for e in doc["unblocked"]] == ["nonzero"]
    assert [(e["aten"], e["new"]) for e in doc["worse"]] == [("gone_op", "unknown"), ("new_op", "unsupported")]
    assert [e["aten"] for e in doc["added"]] == ["new_op"]
    assert [e["aten"] for e in doc["removed"]] == ["gone_op"]
    code, out, _ = run(capsys, "ops", "diff", "builtin", "builtin")
    assert code == 0 and out.strip() == "no operator changes status"
