"""NM125, NM126: Accelerate config files (YAML, known by content) and DeepSpeed JSON configs.

Each config file ``NAME`` in fixtures/checks/NM125_*/ and NM126_*/ has its expected findings in
``NAME.findings``; ``pytest --update-fixtures`` rewrites them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from neuron_migrate.checks.framework_configs import analyse_config
from neuron_migrate.cli import main
from neuron_migrate.discover import discover
from neuron_migrate.formats import file_kind
from neuron_migrate.models import Options
from neuron_migrate.testing import compare_with_file, format_findings

FIXTURES = Path(__file__).parent.parent / "fixtures" / "checks"
CONFIGS = sorted(p for d in (*FIXTURES.glob("NM125_*"), *FIXTURES.glob("NM126_*")) for p in d.iterdir()
                 if p.suffix in (".json", ".yaml", ".yml"))


@pytest.mark.parametrize("path", CONFIGS, ids=[f"{p.parent.name}/{p.name}" for p in CONFIGS])
def test_config_fixture(path: Path, update_fixtures: bool):
    result = analyse_config(path.name, path.read_bytes(), Options())
    compare_with_file(path.with_name(path.name + ".findings"), format_findings(list(result.findings)),
                      update_fixtures)
    assert result.skipped is None


def test_the_fixtures_hold_reported_and_clean_files():
    found = {p.name: analyse_config(p.name, p.read_bytes(), Options()).findings for p in CONFIGS}
    assert found["accelerate_cpu.yaml"] == () and found["zero_shot_labels.json"] == ()
    assert {f.code for f in found["accelerate_multi_gpu.yaml"]} == {"NM125"}
    assert {f.code for f in found["ds_config_zero3.json"]} == {"NM126"}
    assert all("unverified" in f.message for fs in found.values() for f in fs
               if "distributed_type" in f.message or f.code == "NM126")


@pytest.mark.parametrize("name, kind", [
    ("ds_config.json", "framework-config"), ("ds_config_zero3.json", "framework-config"),
    ("deepspeed.json", "framework-config"), ("zero2_offload.json", "framework-config"),
    ("config.json", None), ("tokenizer.json", None), ("accelerate_config.yaml", None),  # YAML: by content
])
def test_file_kinds(name, kind):
    assert file_kind(name) == kind


def test_discovery_knows_an_accelerate_config_by_its_content(tmp_path):
    src = FIXTURES / "NM125_accelerate_config" / "accelerate_multi_gpu.yaml"
    (tmp_path / "configs").mkdir()
    (tmp_path / "configs" / "4gpu.yaml").write_bytes(src.read_bytes())
    (tmp_path / "configs" / "model.yaml").write_text("layers: 4\ndistributed_type: none of ours\n")
    kinds = {c.rel: c.kind for c in discover([tmp_path], tmp_path) if hasattr(c, "kind")}
    assert kinds == {"configs/4gpu.yaml": "framework-config"}


@pytest.mark.parametrize("name, text", [
    ("ds_config.json", '{"train_batch_size": 8,\n "fp16": {"enabled": true'),
    ("accelerate.yaml", "distributed_type: MULTI_GPU\nnum_processes: [2\n"),
    ("ds_config.json", b'\xff\xfe{"train_batch_size": 8}'),
])
def test_a_config_that_cannot_be_read_is_an_error_finding(name, text):
    data = text if isinstance(text, bytes) else text.encode()
    result = analyse_config(name, data, Options())
    assert [f.code for f in result.findings] == ["NM908"] and result.skipped


def test_scan_gates_and_fix_leaves_them(tmp_path, capsys):
    for p in CONFIGS:
        (tmp_path / p.name).write_bytes(p.read_bytes())
    assert main(["scan", str(tmp_path), "--fail-on", "warning", "-q", "--no-cache"]) == 1
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert main(["fix", str(tmp_path), "--apply", "--unsafe-fixes", "-q", "--no-cache"]) == 0
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_select_and_ignore_apply():
    path = FIXTURES / "NM126_deepspeed_config" / "ds_config_zero3.json"
    assert analyse_config(path.name, path.read_bytes(), Options(ignore=("NM126",))).findings == ()
