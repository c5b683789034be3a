"""Checks on rules/generated/aten_api.json, the Python API -> ATen operator map.

These tests read the committed JSON and never import torch: the scanner must work without it.
Only `test_regenerating_gives_the_committed_file` needs torch; it runs the generator in a
subprocess and is skipped when torch is not installed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
MAP = REPO / "rules" / "generated" / "aten_api.json"
OVERRIDES = REPO / "rules" / "api_overrides.yaml"
GENERATOR = REPO / "scripts" / "generate_aten_map.py"
F = "torch.nn.functional."


@pytest.fixture(scope="module")
def data() -> dict:
    with open(MAP, encoding="utf-8") as f:
        return json.load(f)


def api(data: dict, name: str) -> list[str]:
    assert name in data["api"], f"{name} is not in the map"
    return data["api"][name]


def tagged(data: dict, op: str, tag: str, overload: str | None = None) -> bool:
    overloads = data["ops"][op]["tags"].get(tag, [])
    return bool(overloads) if overload is None else overload in overloads


# --- header -------------------------------------------------------------------------------


def test_header_records_provenance(data):
    h = data["header"]
    assert h["schema_version"] == 1
    assert h["torch_version"].startswith("2.13.0")
    assert h["command"] == "python scripts/generate_aten_map.py"
    assert h["generated_by"] == "scripts/generate_aten_map.py"
    assert h["sources"]["native_functions"]["path"] == "torchgen/packaged/ATen/native/native_functions.yaml"
    assert h["sources"]["tags"]["path"] == "torchgen/packaged/ATen/native/tags.yaml"
    assert h["sources"]["overrides"]["path"] == "rules/api_overrides.yaml"
    for src in h["sources"].values():
        assert len(src["sha256"]) == 64
    for tag in ("dynamic_output_shape", "data_dependent_output", "nondeterministic_seeded",
                "inplace_view", "view_copy", "pointwise", "core"):
        assert tag in h["kept_tags"]
    counts = h["counts"]
    assert counts["ops"] == len(data["ops"])
    assert counts["api"] == len(data["api"])
    assert counts["overrides"] == len(data["overrides"])
    assert counts["api"] == counts["api_generated"] + counts["overrides"]


def test_overrides_yaml_was_not_edited_after_generation(data):
    recorded = data["header"]["sources"]["overrides"]["sha256"]
    assert hashlib.sha256(OVERRIDES.read_bytes()).hexdigest() == recorded, (
        "rules/api_overrides.yaml changed since the JSON was generated: "
        "run `python scripts/generate_aten_map.py`"
    )


def test_file_is_compact_sorted_json():
    text = MAP.read_text(encoding="utf-8")
    again = json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"
    assert text == again


# --- the mappings the scanner relies on ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "op"),
    [
        ("torch.linalg.eigh", "linalg_eigh"),
        ("torch.linalg.svd", "linalg_svd"),
        ("torch.nonzero", "nonzero"),
        ("Tensor.nonzero", "nonzero"),
        ("torch.masked_select", "masked_select"),
        ("Tensor.masked_select", "masked_select"),
        ("torch.repeat_interleave", "repeat_interleave"),
        ("Tensor.repeat_interleave", "repeat_interleave"),
        ("torch.fft.rfft", "fft_rfft"),
        ("torch.special.expit", "special_expit"),
        ("Tensor.item", "item"),
        ("Tensor.add_", "add_"),
        (F + "grid_sample", "grid_sampler"),
        (F + "scaled_dot_product_attention", "scaled_dot_product_attention"),
        (F + "layer_norm", "layer_norm"),
        (F + "cross_entropy", "cross_entropy_loss"),
        (F + "embedding", "embedding"),
        (F + "conv2d", "conv2d"),
        (F + "unfold", "im2col"),
        (F + "fold", "col2im"),
        (F + "ctc_loss", "ctc_loss"),
        (F + "pad", "pad"),
        (F + "one_hot", "one_hot"),
        (F + "logsigmoid", "log_sigmoid"),
        (F + "nll_loss", "nll_loss_nd"),
        (F + "gelu", "gelu"),
        (F + "linear", "linear"),
        ("torch.unique", "_unique2"),
        ("Tensor.unique", "_unique2"),
        ("Tensor.double", "to"),
        ("Tensor.float", "to"),
    ],
)
def test_primary_op(data, name, op):
    assert api(data, name)[0] == op


def test_multi_op_wrappers(data):
    assert api(data, "torch.unique") == ["_unique2", "unique_dim"]
    assert api(data, "torch.nonzero") == ["nonzero", "nonzero_numpy"]  # as_tuple=True
    assert "scaled_dot_product_attention" in api(data, F + "multi_head_attention_forward")
    interpolate = set(api(data, F + "interpolate"))
    assert {"upsample_nearest2d", "upsample_bilinear2d", "upsample_bicubic2d", "upsample_trilinear3d",
            "_upsample_bilinear2d_aa", "adaptive_avg_pool2d"} <= interpolate
    assert set(api(data, F + "max_pool2d")) == {"max_pool2d", "max_pool2d_with_indices"}
    assert "is_nonzero" in api(data, F + "gaussian_nll_loss")  # a host sync inside the wrapper


def test_excluded_names_are_not_mapped(data):
    assert "Tensor.index" in data["excluded"]
    for name in data["excluded"]:
        assert name not in data["api"]


# --- tags ---------------------------------------------------------------------------------


def test_dynamic_shape_tags(data):
    assert tagged(data, "masked_select", "dynamic_output_shape")
    assert tagged(data, "nonzero", "dynamic_output_shape", "default")  # torch 2.13 tags it so
    assert not tagged(data, "nonzero", "data_dependent_output")
    assert tagged(data, "repeat_interleave", "dynamic_output_shape", "Tensor")
    assert not tagged(data, "repeat_interleave", "dynamic_output_shape", "self_int")
    for op in ("_unique2", "unique_dim", "unique_consecutive", "argwhere", "index"):
        assert tagged(data, op, "dynamic_output_shape"), op
    for op in ("item", "_local_scalar_dense", "equal", "allclose"):
        assert tagged(data, op, "data_dependent_output"), op
    assert tagged(data, "rand", "nondeterministic_seeded")
    assert tagged(data, "add", "pointwise")


def test_op_entries_are_consistent(data):
    kept = set(data["header"]["kept_tags"])
    for op, row in data["ops"].items():
        overloads = set(row["overloads"])
        assert row["overloads"] == sorted(overloads), op
        assert set(row["variants"]) <= {"function", "method"}, op
        assert row["python_module"] in (None, "linalg", "fft", "special", "nn", "sparse", "nested"), op
        assert set(row["tags"]) <= kept, op
        for tag_overloads in row["tags"].values():
            assert set(tag_overloads) <= overloads, op
        assert set(row.get("cia", [])) <= overloads, op
        assert set(row.get("autogen", [])) <= overloads, op
        if "inplace_of" in row:
            assert row["inplace_of"] in data["ops"] and op == row["inplace_of"] + "_", op
    assert data["ops"]["nonzero"]["variants"] == ["function", "method"]
    assert data["ops"]["linalg_eigh"]["python_module"] == "linalg"
    assert data["ops"]["add_"]["inplace_of"] == "add"
    assert "cross_entropy_loss" in data["ops"] and "default" in data["ops"]["cross_entropy_loss"]["cia"]


def test_every_api_target_is_an_op(data):
    ops = data["ops"]
    for name, targets in data["api"].items():
        assert targets, name
        assert name.startswith(("torch.", "Tensor.")), name
        for op in targets:
            assert op in ops, f"{name} -> {op}"


def test_overrides_have_sources_and_win(data):
    for name, row in data["overrides"].items():
        assert row["source"].strip(), name
        assert "torch 2.13" in row["source"], name
        assert data["api"][name] == row["aten"], name


def test_overrides_yaml_agrees_with_json(data):
    yaml = pytest.importorskip("yaml")
    rows = yaml.safe_load(OVERRIDES.read_text(encoding="utf-8"))["overrides"]
    assert {r["python"]: r["aten"] for r in rows} == {k: v["aten"] for k, v in data["overrides"].items()}


def test_every_functional_name_is_mapped(data):
    assert data["header"]["unmapped"]["torch.nn.functional"] == []
    assert data["header"]["unmapped"]["torch.linalg"] == []
    assert data["header"]["unmapped"]["torch.fft"] == []
    assert data["header"]["unmapped"]["torch.special"] == []


# --- the data cannot drift from the script --------------------------------------------------


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="torch is not installed")
def test_regenerating_gives_the_committed_file(tmp_path, data):
    out = tmp_path / "aten_api.json"
    proc = subprocess.run(
        [sys.executable, str(GENERATOR), "--output", str(out)],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    fresh = out.read_text(encoding="utf-8")
    installed = json.loads(fresh)["header"]["torch_version"]
    if installed != data["header"]["torch_version"]:
        pytest.skip(f"installed torch {installed} is not the {data['header']['torch_version']} "
                    "the file was generated from")
    assert fresh == MAP.read_text(encoding="utf-8"), "run `python scripts/generate_aten_map.py`"
