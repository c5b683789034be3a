"""Baselines: fingerprints that survive line shifts, stable files, the shrink note, bad input."""

import json
import os
from pathlib import Path

import pytest

from neuron_migrate.baseline import Entry, apply, fingerprints, line_hash, load, render
from neuron_migrate.cli import main
from neuron_migrate.models import Options
from neuron_migrate.runner import scan

GRAPH = "g = torch.cuda.CUDAGraph()\n"  # NM104


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys, *args):
    code = main([*map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def new_findings(capsys, root: Path, baseline: Path) -> tuple[int, list[tuple[str, int]], str]:
    code, out, err = run(capsys, "scan", root, "--baseline", baseline, "-f", "json")
    return code, [(f["path"], f["line"]) for f in json.loads(out)["findings"]], err


def test_normalised_text_ignores_whitespace_only():
    assert line_hash("    g = torch.cuda.CUDAGraph( )\n") == line_hash("g=torch.cuda.CUDAGraph()")
    assert line_hash("g = torch.cuda.CUDAGraph()") != line_hash("h = torch.cuda.CUDAGraph()")


def test_fingerprint_survives_shifts_and_reindentation(tmp_path, capsys):
    src = write(tmp_path / "p" / "m.py", "import torch\n" + GRAPH)
    base = tmp_path / "p" / "baseline.json"
    assert run(capsys, "baseline", tmp_path / "p", "-o", base)[0] == 0
    src.write_text("import torch\n\n# a comment\nimport os\n\nif True:\n    " + GRAPH)
    assert new_findings(capsys, tmp_path / "p", base)[:2] == (0, [])


def test_identical_lines_count_by_occurrence(tmp_path, capsys):
    src = write(tmp_path / "m.py", "import torch\n" + GRAPH + GRAPH)
    base = tmp_path / "baseline.json"
    run(capsys, "baseline", tmp_path, "-o", base)
    entries = load(base)
    assert sorted(e.occurrence for e in entries) == [0, 1]
    src.write_text("import torch\n" + GRAPH + "x = 1\n" + GRAPH + GRAPH)
    code, found, _ = new_findings(capsys, tmp_path, base)
    assert code == 1 and len(found) == 1  # exactly one more than the baseline knows


def test_changed_line_is_new_and_the_old_entry_can_go(tmp_path, capsys):
    src = write(tmp_path / "m.py", "import torch\n" + GRAPH)
    base = tmp_path / "baseline.json"
    run(capsys, "baseline", tmp_path, "-o", base)
    src.write_text("import torch\nh = torch.cuda.CUDAGraph()\n")
    code, found, err = new_findings(capsys, tmp_path, base)
    assert code == 1 and found == [("m.py", 2)]
    assert "1 of the baseline's 1 entry matches no finding any more" in err  # not '1 entries match'
    assert "the baseline can shrink" in err


def test_baseline_at_the_root_matches_a_scan_of_a_subfolder(tmp_path, capsys):
    write(tmp_path / "src" / "pkg" / "m.py", "import torch\n" + GRAPH)
    base = tmp_path / "neuron-baseline.json"
    run(capsys, "baseline", tmp_path, "-o", base)
    assert {e.path for e in load(base)} == {"src/pkg/m.py"}
    assert new_findings(capsys, tmp_path / "src" / "pkg", base)[:2] == (0, [])
    assert new_findings(capsys, tmp_path / "src" / "pkg" / "m.py", base)[:2] == (0, [])


def test_file_is_json_in_a_stable_order_without_timestamps(tmp_path, capsys):
    write(tmp_path / "b.py", "import torch\n" + GRAPH)
    write(tmp_path / "a.py", 'import torch\nx = torch.zeros(1, device="cuda")\n' + GRAPH)
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    run(capsys, "baseline", tmp_path, "-o", one)
    run(capsys, "baseline", tmp_path, "-o", two)
    assert one.read_bytes() == two.read_bytes()
    doc = json.loads(one.read_text())
    assert list(doc) == ["schema_version", "tool", "findings"]
    keys = [(r["path"], r["code"], r["line_hash"], r["occurrence"]) for r in doc["findings"]]
    assert keys == sorted(keys) and len(keys) == 3
    assert list(doc["findings"][0]) == ["path", "code", "line_hash", "occurrence", "message"]


def test_files_that_were_not_analysed_are_never_baselined(tmp_path, capsys):
    write(tmp_path / "py2.py", "import torch\nprint 'hello'\n")
    base = tmp_path / "baseline.json"
    code, _, err = run(capsys, "baseline", tmp_path, "-o", base)
    assert code == 0 and "not baselined" in err
    assert load(base) == set()
    code, found, _ = new_findings(capsys, tmp_path, base)
    assert code == 1 and found == [("py2.py", 2)]


@pytest.mark.parametrize("content, message", [
    ("not json", "invalid JSON"),
    ('{"schema_version": 2, "findings": []}', "not a neuron-migrate baseline"),
    ('{"schema_version": 1, "findings": [{"path": "a.py"}]}', "finding 1 needs path, code"),
    ('[]', "not a neuron-migrate baseline"),
])
def test_bad_baseline_is_exit_2_before_scanning(tmp_path, capsys, content, message):
    write(tmp_path / "m.py", "import torch\n" + GRAPH)
    base = write(tmp_path / "baseline.json", content)
    code, out, err = run(capsys, "scan", tmp_path, "--baseline", base)
    assert code == 2 and message in err and "Traceback" not in err and out == ""


def test_missing_baseline_is_exit_2(tmp_path, capsys):
    code, _, err = run(capsys, "scan", tmp_path, "--baseline", tmp_path / "nope.json")
    assert code == 2 and "cannot read the baseline" in err
    os.mkfifo(tmp_path / "fifo.json")  # never blocks on a FIFO
    code, _, err = run(capsys, "scan", tmp_path, "--baseline", tmp_path / "fifo.json")
    assert code == 2 and "not a regular file" in err


def test_baseline_output_folder_missing_is_exit_2(tmp_path, capsys):
    write(tmp_path / "m.py", "x = 1\n")
    code, _, err = run(capsys, "baseline", tmp_path, "-o", tmp_path / "no" / "b.json")
    assert code == 2 and "cannot write" in err


def test_apply_reports_matched_and_unused(tmp_path):
    write(tmp_path / "m.py", "import torch\n" + GRAPH)
    result, _ = scan([tmp_path], Options())
    base = write(tmp_path / "b.json", render(result, tmp_path / "b.json"))
    stale = Entry("gone.py", "NM104", "0" * 16, 0)
    doc = json.loads(base.read_text())
    doc["findings"].append({"path": stale.path, "code": stale.code, "line_hash": stale.line_hash,
                            "occurrence": 0})
    base.write_text(json.dumps(doc))
    applied = apply(result, base)
    assert applied.matched == 1 and applied.unused == [stale] and applied.result.findings == []
    assert [e for _, e in fingerprints(result, tmp_path)][0].path == "m.py"


def test_notebook_fingerprints_use_the_cell_line_and_survive_a_new_cell(tmp_path, capsys):
    def notebook(cells):
        return json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [],
                                      "execution_count": None, "source": src} for src in cells],
                           "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)

    nb = write(tmp_path / "nb.ipynb", notebook([["import torch\n", GRAPH]]))
    base = tmp_path / "baseline.json"
    run(capsys, "baseline", tmp_path, "-o", base)
    assert {e.line_hash for e in load(base)} == {line_hash(GRAPH)}
    nb.write_text(notebook([["# setup\n", "x = 1\n"], ["import torch\n", "\n", GRAPH]]))
    assert new_findings(capsys, tmp_path, base)[:2] == (0, [])
