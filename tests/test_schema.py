"""The JSON contract in the repository: every JSON output validates against the schema shipped
with the package, and the schema's version is the one the output says."""

import json
from pathlib import Path

import jsonschema
import pytest

from neuron_migrate.cli import main
from neuron_migrate.commands.schema import text
from neuron_migrate.report import json as scan_json
from neuron_migrate.report import porting

FIXTURES = Path(__file__).parent.parent / "fixtures"
PROJECTS = sorted(p / "input" for p in (FIXTURES / "projects").iterdir() if (p / "input").is_dir())


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads(text(name))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(name: str, doc: dict) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(name).iter_errors(doc)]


def run(capsys, *args) -> tuple[int, str]:
    code = main([*map(str, args)])
    return code, capsys.readouterr().out


def test_schemas_carry_the_versions_the_outputs_say():
    assert json.loads(text("scan"))["$id"].endswith(f":scan:{scan_json.SCHEMA_VERSION}")
    assert json.loads(text("report"))["$id"].endswith(f":report:{porting.SCHEMA_VERSION}")
    assert json.loads(text("scan"))["properties"]["schema_version"]["const"] == scan_json.SCHEMA_VERSION
    assert json.loads(text("report"))["properties"]["schema_version"]["const"] == porting.SCHEMA_VERSION


@pytest.mark.parametrize("name", ["scan", "report"])
def test_the_schema_command_prints_the_shipped_file(capsys, tmp_path, name):
    code, out = run(capsys, "schema", name)
    assert code == 0 and json.loads(out) == json.loads(text(name))
    assert run(capsys, "schema", name, "-o", tmp_path / "s.json")[0] == 0
    assert json.loads((tmp_path / "s.json").read_text()) == json.loads(text(name))


@pytest.mark.parametrize("project", PROJECTS, ids=lambda p: p.parent.name)
def test_scan_and_report_json_validate(project, capsys, tmp_path):
    _, out = run(capsys, "scan", project, "-f", "json", "--no-cache", "--fail-on", "never")
    assert errors("scan", json.loads(out)) == []
    run(capsys, "report", project, "-o", tmp_path / "r.json", "--no-cache", "-q")
    assert errors("report", json.loads((tmp_path / "r.json").read_text())) == []


def test_every_kind_of_file_validates(capsys, tmp_path):
    """Notebooks (cell), manifests, CUDA sources, unreadable files, requested entries, scopes."""
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                     "source": ["import torch\n", "x = torch.zeros(1).cuda()\n"]}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "nb.ipynb").write_text(json.dumps(nb))
    (tmp_path / "requirements.txt").write_text("flash-attn\ntorch==2.1.0+cu121\n")
    (tmp_path / "k.cu").write_text("__global__ void k() {}\n")
    (tmp_path / "bad.py").write_bytes(b"import torch\ndef f(:\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_m.py").write_text("import torch\nx = torch.zeros(1).cuda()\n")
    (tmp_path / "m.py").write_text("import torch\nclass Net(torch.nn.Module):\n    def forward(self, x):\n"
                                   "        return x.item()\n")
    _, out = run(capsys, "scan", tmp_path, "-f", "json", "--no-cache", "--entry", "m.py:Net.forward")
    doc = json.loads(out)
    assert any("cell" in f for f in doc["findings"]) and any(f["code"].startswith("NM9") for f in doc["findings"])
    assert errors("scan", doc) == []
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json", "--no-cache", "-q")
    assert errors("report", json.loads((tmp_path / "r.json").read_text())) == []


def test_the_schema_catches_a_broken_document():
    doc = {"schema_version": 1, "tool": {"name": "neuron-migrate", "version": "0"}, "summary": {},
           "findings": [{"code": "X1", "severity": "fatal"}], "files": {"scanned": 0, "skipped": []},
           "compile_coverage": None}
    found = errors("scan", doc)
    assert any("summary" in e for e in found) and any(e.startswith("findings/0") for e in found)
