"""The capability table: every row has a source, bad files are errors that name file, row and
key, overlays add or replace rows, and the generated operator table matches its script."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from neuron_migrate import capabilities as caps
from neuron_migrate.capabilities import TableError, capabilities, load_overlay

REPO = Path(__file__).resolve().parent.parent
RULES = REPO / "rules"


def _rows(path: Path):
    """(where, row) for every row of every list in a rules/ YAML file, nested lists included."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))

    def walk(node, where):
        if isinstance(node, dict):
            for k, v in node.items():
                yield from walk(v, f"{where}.{k}")
        elif isinstance(node, list):
            for i, item in enumerate(node, 1):
                if isinstance(item, dict):
                    yield f"{where}[{i}]", item
                    yield from walk(item, f"{where}[{i}]")
    yield from walk(data, path.name)


# rows nested inside another row, which carries the source for them
_NESTED_WITHOUT_SOURCE = ("apis", "stateless_modules.classes")


@pytest.mark.parametrize("path", sorted(RULES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_row_in_rules_has_a_source(path):
    missing = [where for where, row in _rows(path)
               if not str(row.get("source") or "").strip()
               and not any(f".{k}[" in where for k in _NESTED_WITHOUT_SOURCE)]
    assert not missing, f"rows without a source: {missing[:10]}"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if "source" in data or path.name == "target.yaml":
        assert str(data.get("source") or "").strip(), f"{path.name} has no top-level source"


def test_the_shipped_table_loads_and_names_its_release():
    table = capabilities()
    assert table.torch_neuronx == caps.target().torch_neuronx
    assert {"native", "cpu_fallback", "unsupported", "unknown"} >= {r.status for r in table.operators.values()}
    assert table.operator("_linalg_eigh").status == "cpu_fallback"
    assert table.operator("linalg_eigh").runs == ("_linalg_eigh",)
    assert table.operator("nonzero").status == "native"
    assert table.operator("quantize_per_tensor").status == "unsupported"
    assert table.operator("fft_rfft").status == "unknown"
    assert "split" in table.composites and "softmax" in table.composites
    assert table.dtype("double").name == "float64" and table.dtype("cfloat").status == "unsupported"
    assert table.package("Flash_Attn").name == "flash-attn"
    assert table.package("nvidia-cublas-cu12").name == "nvidia-*"
    row, module = table.module_package("numba.cuda.random")
    assert (row.name, module) == ("numba", "numba.cuda")
    assert table.module_package("numba") is None


def test_rows_are_honest_about_their_evidence():
    table = capabilities()
    for row in table.operators.values():
        if row.status == "unknown":
            assert row.evidence == "unverified"
        if "[dev]" in row.source.split("; ")[0]:  # the status rests on pre-release code
            assert row.evidence in ("pre-release source", "unverified")
    # only documented rows (Neuron docs) may claim a status without the pre-release marker
    documented = [r.aten for r in table.operators.values() if r.status != "unknown" and not r.evidence]
    for aten in documented:
        row = table.operator(aten)
        assert "D-ops" in row.source or "G-sdk" in row.source or "neuron.md" in row.source, aten


# -- validation -----------------------------------------------------------------------------

def _overlay(tmp_path, text: str) -> Path:
    path = tmp_path / "overlay.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("body, message", [
    ("operators:\n  - aten: nonzero\n    stauts: native\n    source: x\n",
     "operators row 1 (aten: nonzero): unknown key 'stauts'"),
    ("operators:\n  - aten: nonzero\n    status: maybe\n    source: x\n",
     "operators row 1 (aten: nonzero): key 'status' must be one of native, cpu_fallback, unsupported, unknown"),
    ("operators:\n  - aten: nonzero\n    status: native\n",
     "operators row 1 (aten: nonzero): missing key 'source'"),
    ("operators:\n  - aten: nonzero\n    status: native\n    source: ''\n",
     "operators row 1 (aten: nonzero): missing key 'source'"),
    ("operators:\n  - aten: aten::nonzero\n    status: native\n    source: x\n", "ATen base name"),
    ("operators:\n  - aten: a\n    status: native\n    source: x\n  - aten: a\n    status: native\n    source: y\n",
     "operators row 2 (aten: a): duplicate operator 'a'"),
    ("operators:\n  - nonzero\n", "operators row 1: expected a mapping, got str"),
    ("operators: {nonzero: native}\n", "'operators' must be a list of rows"),
    ("oprators: []\n", "top level: unknown key 'oprators'"),
    ("packages:\n  - name: x\n    manifest: NM699\n    note: n\n    source: s\n",
     "packages row 1 (name: x): key 'manifest' must be one of NM601, NM602, none"),
    ("packages:\n  - name: x\n    manifest: none\n    note: n\n    source: s\n    rule: NM504\n",
     "packages row 1 (name: x): key 'rule' needs 'modules'"),
    ("packages:\n  - name: x\n    modules: [x]\n    rule: NM504\n    manifest: none\n    note: n\n"
     "    source: s\n    replacement: y\n    replacement_by: nvidia\n",
     "key 'replacement_by' must be one of aws, ours"),
    ("dtypes:\n  - name: float64\n    status: slow\n    note: n\n    source: s\n",
     "dtypes row 1 (name: float64): key 'status' must be one of native, downcast, unsupported, unknown"),
])
def test_bad_overlays_name_file_row_and_key(tmp_path, body, message):
    path = _overlay(tmp_path, "schema_version: 1\n" + body)
    with pytest.raises(TableError) as err:
        load_overlay(path)
    assert str(path) in str(err.value) and message in str(err.value)


def test_overlay_needs_schema_version(tmp_path):
    with pytest.raises(TableError, match="schema_version must be 1"):
        load_overlay(_overlay(tmp_path, "operators: []\n"))


def test_overlay_adds_and_replaces_rows(tmp_path):
    path = _overlay(tmp_path, """schema_version: 1
torch_neuronx: "2.14.9.0"
operators:
  - aten: _linalg_eigh
    status: native
    source: release notes
  - aten: my_custom_op
    status: unsupported
    note: ours
    source: team wiki
packages:
  - name: flash-attn
    manifest: none
    note: we vendor a Neuron build
    source: team wiki
""")
    table = capabilities((str(path),))
    base = capabilities()
    assert table.torch_neuronx == "2.14.9.0" and table.overlays == (str(path),)
    assert table.operator("_linalg_eigh").status == "native"
    assert table.operator("_linalg_eigh").origin == str(path)
    assert table.operator("my_custom_op").status == "unsupported"
    # a composite whose kernel the overlay changed is recomputed (conservatively)
    assert base.operator("linalg_eigh").status == "cpu_fallback"
    assert table.operator("linalg_eigh").status == "native"
    assert "recomputed from overlay rows for _linalg_eigh" in table.operator("linalg_eigh").note
    assert table.package("flash-attn").manifest == "none"
    assert len(table.packages) == len(base.packages)


def test_operators_yaml_must_describe_the_target_release(tmp_path, monkeypatch):
    (tmp_path / "operators.yaml").write_text("schema_version: 1\ntorch_neuronx: other\noperators: []\n")
    for name in ("target.yaml", "dependencies.yaml", "cuda_api.yaml"):
        (tmp_path / name).write_text((RULES / name).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(caps, "rules_dir", lambda: tmp_path)
    caps.target.cache_clear()
    caps.capabilities.cache_clear()
    try:
        with pytest.raises(TableError, match="operators.yaml: top level: key 'torch_neuronx' is 'other'"):
            caps.capabilities()
    finally:
        caps.target.cache_clear()
        caps.capabilities.cache_clear()


# -- the generated table ----------------------------------------------------------------------

def test_operators_yaml_records_its_inputs():
    data = yaml.safe_load((RULES / "operators.yaml").read_text(encoding="utf-8"))
    inputs = data["generated"]["inputs"]
    tsv = REPO / inputs["tsv"]["path"]
    assert hashlib.sha256(tsv.read_bytes()).hexdigest() == inputs["tsv"]["sha256"]
    amap = REPO / inputs["aten_map"]["path"]
    assert hashlib.sha256(amap.read_bytes()).hexdigest() == inputs["aten_map"]["sha256"], \
        "rules/generated/aten_api.json changed: run `python scripts/seed_operators.py`"
    assert data["generated"]["command"] == "python scripts/seed_operators.py"
    counts = data["generated"]["counts"]
    assert sum(counts.values()) == len(data["operators"])


def test_tsv_copy_matches_the_shared_data():
    shared = REPO.parent / "shared" / "data" / "torchneuron-aten-ops.tsv"
    if not shared.exists():
        pytest.skip("../shared/data is not next to the repository")
    assert (REPO / "scripts" / "data" / "torchneuron-aten-ops.tsv").read_bytes() == shared.read_bytes()


def test_every_tsv_op_has_a_row_with_the_tsv_as_source():
    table = capabilities()
    tsv = (REPO / "scripts" / "data" / "torchneuron-aten-ops.tsv").read_text(encoding="utf-8").splitlines()[1:]
    ops = {line.split("\t")[0] for line in tsv}
    missing = [op for op in ops if table.operator(op) is None]
    assert not missing
    for op in ops:
        assert "torchneuron-aten-ops.tsv" in table.operator(op).source, op


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("torch") is None or importlib.util.find_spec("expecttest") is None,
                    reason="regenerating needs torch and expecttest (OpInfo samples)")
def test_regenerating_gives_the_committed_table(tmp_path):
    amap = json.loads((RULES / "generated" / "aten_api.json").read_text(encoding="utf-8"))
    import torch

    if not amap["header"]["torch_version"].startswith(torch.__version__.split("+")[0]):
        pytest.skip("installed torch is not the one the map was generated from")
    out = tmp_path / "operators.yaml"
    proc = subprocess.run([sys.executable, str(REPO / "scripts" / "seed_operators.py"), "--output", str(out)],
                          cwd=REPO, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert out.read_text(encoding="utf-8") == (RULES / "operators.yaml").read_text(encoding="utf-8"), \
        "run `python scripts/seed_operators.py`"


# -- laziness and speed -----------------------------------------------------------------------

def _run_python(code: str) -> str:
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip()


def test_scan_never_imports_torch_nor_yaml(tmp_path):
    """The shipped tables come from their compiled JSON: a scan needs no YAML parser."""
    (tmp_path / "a.py").write_text("import torch\nw, v = torch.linalg.eigh(x.cuda())\n", encoding="utf-8")
    out = _run_python(
        "import sys\nfrom neuron_migrate.cli import main\n"
        f"rc = main(['scan', {str(tmp_path)!r}, '-q', '-f', 'json', '-o', {str(tmp_path / 'o.json')!r}])\n"
        "print(rc, 'torch' in sys.modules, 'yaml' in sys.modules)")
    assert out == "1 False False"
    doc = json.loads((tmp_path / "o.json").read_text(encoding="utf-8"))
    assert {f["code"] for f in doc["findings"]} == {"NM102", "NM202"}


def test_compiled_tables_are_up_to_date():
    text = (caps.rules_dir() / caps.COMPILED).read_text(encoding="utf-8")
    assert text == caps.compile_tables(), "run: python -m neuron_migrate.capabilities"


@pytest.mark.parametrize("name", caps.SHIPPED)
def test_compiled_tables_hold_what_the_yaml_says(name):
    path = caps.rules_dir() / name
    raw = path.read_bytes()
    assert caps._compiled(path, raw) == caps._parse_yaml(path, raw)
    assert caps._compiled(path, raw + b"\n# edited since\n") is None  # a stale entry is never used


def test_an_edited_table_is_read_from_its_yaml(tmp_path, monkeypatch):
    rules = tmp_path / "rules"
    (rules / "generated").mkdir(parents=True)
    for f in (*caps.SHIPPED, "generated/tables.json"):
        (rules / f).write_bytes((caps.rules_dir() / f).read_bytes())
    target = (rules / "target.yaml").read_text(encoding="utf-8")
    (rules / "target.yaml").write_text(target.replace("device:", "device: xla  #", 1), encoding="utf-8")
    monkeypatch.setattr(caps, "rules_dir", lambda: rules)
    caps._compiled_tables.cache_clear()
    try:
        assert caps.load_yaml(rules / "target.yaml")["device"] == "xla"
        assert caps.load_yaml(rules / "cuda_api.yaml") == caps._parse_yaml(
            rules / "cuda_api.yaml", (rules / "cuda_api.yaml").read_bytes())
    finally:
        caps._compiled_tables.cache_clear()


def test_aten_map_is_loaded_only_when_a_check_needs_it(tmp_path):
    """The operator and shape checks read it (once per process); a file neither looks at
    (no torch in it) and a scan without them leave it unloaded."""
    code = ("from neuron_migrate import capabilities as c\nfrom neuron_migrate.cli import main\n"
            f"main(['scan', {str(tmp_path)!r}, '-q', '--select', '{{sel}}', '-f', 'json', '-o', "
            f"{str(tmp_path / 'o.json')!r}])\nprint(c.aten_map.cache_info().currsize)")
    (tmp_path / "a.py").write_text("device = 'cuda'\n", encoding="utf-8")
    assert _run_python(code.replace("{sel}", "ALL")) == "0"
    (tmp_path / "a.py").write_text("import torch\nw, v = torch.linalg.eigh(x.cuda())\n", encoding="utf-8")
    assert _run_python(code.replace("{sel}", "NM202")) == "1"


def test_the_table_and_map_load_fast():
    import time

    def best(fn) -> float:
        times = []
        for _ in range(3):
            fn.cache_clear()
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return min(times)

    caps.capabilities.cache_clear()
    assert best(caps.aten_map) < 0.1
    assert best(caps.capabilities) < 0.25
