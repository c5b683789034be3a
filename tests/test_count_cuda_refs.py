"""Tests for scripts/count_cuda_refs.py, the independent token-level CUDA reference counter.

Independent of the scanner: the coverage part is fed a hand-written findings document.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "count_cuda_refs.py"


@pytest.fixture(scope="module")
def ccr():
    spec = importlib.util.spec_from_file_location("count_cuda_refs", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["count_cuda_refs"] = mod  # dataclasses need the module registered
    spec.loader.exec_module(mod)
    yield mod
    sys.modules.pop("count_cuda_refs", None)


SAMPLE = '''\
"""Docstring that mentions torch.cuda and cuda, neither counted."""
import os
import torch
import torch.backends.cudnn as cudnn
from torch.nn import DataParallel
from torch.nn.parallel import DistributedDataParallel

os.environ["CUDA_VISIBLE_DEVICES"] = "0"  # torch.cuda / "cuda" in a comment
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
x = torch.zeros(3).cuda()
y = x.to('cuda:1')
z = x.to(f"cuda:{rank}")
w = f"{x.is_cuda} on {torch.cuda.current_device()}"
torch.backends.cudnn.benchmark = True
cudnn.deterministic = True
m = torch.nn.DataParallel(
    model
).cuda
m2 = (model
      .cuda(0))
dist.init_process_group(backend="nccl")
s = "cuda device"
b = b"cuda"
nvd = CUDA_VISIBLE_DEVICES
median_filter_cuda(x)
def cuda(self): pass
t = th.cuda.amp
q = f"cuda"
msg = f"""
header
{torch.cuda.device_count()}
"""
torch.backends.cuda.matmul.allow_tf32 = True
'''

EXPECTED = {
    (4, "cudnn"), (5, "data_parallel"), (8, "cuda_visible_devices"),
    (9, "cuda_str"), (9, "torch_cuda"), (10, "cuda_call"), (11, "cuda_str"),
    (12, "cuda_fstr"), (13, "is_cuda"), (13, "torch_cuda"), (14, "cudnn"), (15, "cuda_alias"),
    (16, "data_parallel"), (18, "cuda_attr"), (20, "cuda_call"), (21, "nccl_str"),
    (24, "cuda_visible_devices"), (27, "cuda_attr"), (28, "cuda_fstr"), (31, "torch_cuda"), (33, "backends_cuda"),
}


def test_token_counts_by_line_and_kind(ccr):
    assert set(ccr.count_refs_in_source(SAMPLE)) == EXPECTED


def test_token_counts_by_kind(ccr):
    counts = Counter(kind for _line, kind in ccr.count_refs_in_source(SAMPLE))
    assert counts == {
        "torch_cuda": 3, "cuda_call": 2, "cuda_attr": 2, "is_cuda": 1, "cudnn": 2,
        "cuda_str": 2, "cuda_fstr": 2, "nccl_str": 1, "cuda_visible_devices": 2,
        "data_parallel": 2, "backends_cuda": 1, "cuda_alias": 1,
    }


def test_tokens_on_one_line_are_one_reference(ccr, tmp_path):
    (tmp_path / "a.py").write_text("a = x.cuda(); b = y.cuda()\n")
    files, failures = ccr.collect(tmp_path)
    assert failures == []
    [ref] = files["a.py"].refs
    assert (ref.line, ref.kind, ref.tokens) == (1, "cuda_call", 2)


def test_untokenizable_file_is_reported_and_skipped(ccr, tmp_path):
    (tmp_path / "ok.py").write_text("x.cuda()\n")
    (tmp_path / "bad.py").write_text('s = """never closed\nx.cuda()\n')
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "skip.py").write_text("x.cuda()\n")
    files, failures = ccr.collect(tmp_path)
    assert set(files) == {"ok.py"}
    assert [f["path"] for f in failures] == ["bad.py"]


def test_coverage_with_fake_findings(ccr, tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        "import torch\n"                       # 1
        "x = torch.zeros(1).cuda()\n"          # 2  covered (NM101)
        "y = torch.cuda.is_available()\n"      # 3  covered by a multi-line range 3-4
        "z = x.is_cuda\n"                      # 4
        "d = 'cuda'\n"                         # 5  uncovered
        "print('hello')\n"                     # 6  fix lands here: suspicious
    )
    doc = {"findings": [
        {"code": "NM101", "path": "pkg/m.py", "line": 2, "end_line": 2,
         "fix": {"applicability": "safe", "title": "to neuron",
                 "edits": [{"line": 2, "end_line": 2, "content": "x = torch.zeros(1).to('neuron')"}]}},
        {"code": "NM102", "path": "./pkg/m.py", "line": 3, "end_line": 4, "fix": None},
        {"code": "NM103", "path": "pkg/m.py", "line": 6, "end_line": 6,
         "fix": {"applicability": "safe", "title": "oops", "edits": [{"line": 6, "content": "x"}]}},
    ], "files": {"scanned": 1, "skipped": []}}
    m = ccr.measure(tmp_path, doc, {"findings_total": 3}, [])
    assert m.total["refs"] == 4 and m.total["covered"] == 3
    assert m.per_kind["cuda_str"]["covered"] == 0
    assert m.per_kind["torch_cuda"]["coverage_pct"] == 100.0
    assert [(r.path, r.line, r.kind) for r in m.uncovered] == [("pkg/m.py", 5, "cuda_str")]
    assert [(s["line"], s["code"]) for s in m.suspicious_fixes] == [(6, "NM103")]
    assert [s["line"] for s in m.nm1_without_ref] == [6]
    # restricting covering codes changes coverage, not the reference count
    m2 = ccr.measure(tmp_path, doc, {"findings_total": 3}, ["NM101"])
    assert m2.total["refs"] == 4 and m2.total["covered"] == 1


def test_cli_json_exit_zero(ccr, tmp_path, capsys):
    (tmp_path / "m.py").write_text("x = y.cuda()\n")
    scan = tmp_path / "scan.json"
    scan.write_text(json.dumps({"findings": []}))
    assert ccr.main([str(tmp_path), "--json", str(scan), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["total"]["refs"] == 1 and out["total"]["covered"] == 0
    assert out["uncovered"][0]["path"] == "m.py"


def test_edit_offsets_map_to_lines(ccr, tmp_path):
    src = "é = 1\nx = y.cuda()\nprint(x)\n"  # a 2-byte character shifts byte offsets by one
    (tmp_path / "m.py").write_text(src, encoding="utf-8")
    on_cuda = src.index(".cuda()")
    on_print = src.index("print")
    doc = {"findings": [
        {"code": "NM101", "path": "m.py", "line": 2, "end_line": 2,
         "fix": {"applicability": "safe", "title": "t",
                 "edits": [{"start": on_cuda, "end": on_cuda + 7, "replacement": ".to('neuron')"}]}},
        {"code": "NM109", "path": "m.py", "line": 2, "end_line": 2,
         "fix": {"applicability": "safe", "title": "t",
                 "edits": [{"start": on_print, "end": on_print, "replacement": "import x\n"}]}},
    ]}
    m = ccr.measure(tmp_path, doc, {"findings_total": 2}, [])
    assert [(s["code"], s["edits_without_ref"][0]["lines"]) for s in m.suspicious_fixes] == [("NM109", [3, 3])]
    assert m.nm1_without_ref == []


ALIASES = '''\
import torch.backends.cudnn as cudnn
from torch.cuda.amp import autocast, GradScaler as GS
from torch.nn import DataParallel as DP
import os.path as osp
cudnn.benchmark = True
with autocast():
    s = GS()
m = DP(model)
x.autocast()
p = torch.profiler.ProfilerActivity.CUDA
d = torch.device('cuda:{}'.format(g))
import torch_xla.core.xla_model as xm
xm.mark_step()
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
c = torch.compile(m, mode="reduce-overhead")
o = nn.parallel.data_parallel(f, x)
xm = None
'''


def test_extra_kinds_aliases_and_templates(ccr):
    got = ccr.count_refs_in_source(ALIASES)
    assert got == [
        (1, "cudnn"), (2, "torch_cuda"), (3, "data_parallel"),
        (5, "cuda_alias"), (6, "cuda_alias"), (7, "cuda_alias"), (8, "cuda_alias"),
        (10, "attr_CUDA"), (11, "cuda_str_prefix"), (12, "torch_xla"), (13, "torch_xla"),
        (14, "cuda_env_str"), (15, "compile_mode_str"), (16, "data_parallel_fn"),
    ]
    assert "cuda_alias" in ccr.EXTRA_KINDS and "cuda_str" not in ccr.EXTRA_KINDS
