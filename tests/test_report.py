"""`neuron-migrate report`: the porting report's numbers, sections, formats, and how it looks."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from neuron_migrate.cli import main
from neuron_migrate.report import html, markdown, porting

MODEL = '''import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        w, v = torch.linalg.eigh(x @ x.T)
        if x.sum() > 0:
            x = x * 2
        return self.fc(x), torch.cdist(x, x)


def main():
    model = Net().cuda()
    q = torch.quantized_max_pool2d(torch.zeros(1), [2, 2])
    graph = torch.cuda.CUDAGraph()
    torch.cuda.synchronize()
'''


def finding(code, severity="error", fix=None, message="m", path="a.py", line=1, category="api"):
    return {"code": code, "rule": code.lower(), "severity": severity, "category": category,
            "path": path, "line": line, "column": 1, "end_line": line, "end_column": 2,
            "message": message, "fix": None if fix is None else {"applicability": fix}}


def doc(findings, coverage=None, scanned=3):
    safe = sum(1 for f in findings if f["fix"] and f["fix"]["applicability"] == "safe")
    return {"tool": {"name": "neuron-migrate", "version": "0", "capabilities_version": "t"},
            "summary": {"findings": len(findings), "by_severity": {}, "by_category": {},
                        "fixable": {"safe": safe, "unsafe": 0},
                        "files_with_findings": len({f["path"] for f in findings}), "lines_scanned": 10},
            "findings": findings, "files": {"scanned": scanned, "skipped": []}, "compile_coverage": coverage}


@pytest.fixture
def project(tmp_path):
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "model.py").write_text(MODEL, encoding="utf-8")
    return tmp_path / "proj"


# -- numbers ----------------------------------------------------------------------------

def test_readiness_is_the_share_of_cuda_references_fix_migrates():
    from neuron_migrate.report import work

    loc = porting._location
    r = work.readiness([], loc)
    assert (r["share"], r["verdict"], r["blocking"]) == (None, "ready after fix", 0)
    safe = finding("NM101", fix="safe")
    # operators, shapes and infos are not CUDA references; an info never blocks
    r = work.readiness([safe, safe, safe, finding("NM118", "info"), finding("NM301", "warning")], loc)
    assert (r["cuda_references"], r["share"], r["verdict"]) == (3, 1.0, "ready after fix")
    r = work.readiness([safe, finding("NM109", "warning", fix="unsafe")], loc)
    assert (r["share"], r["verdict"], r["migrated_after_review"], r["by_hand"]) == (0.5, "needs work", 1, 0)
    r = work.readiness([safe, safe, safe, finding("NM104", path="b.py", line=4)], loc)
    assert (r["share"], r["verdict"], r["blocking"]) == (0.75, "blocked", 1)
    assert r["blockers"] == [{"kind": "CUDA calls `fix` leaves for a person", "count": 1, "codes": ["NM104"],
                              "locations": ["b.py:4"]}]


def test_optional_dependencies_and_kernels_warn_but_never_block():
    from neuron_migrate.report import work

    optional = finding("NM504", "warning", message="optional import (the code has a path without it): "
                       "imports apex.amp (apex): NVIDIA Apex")
    marker = finding("NM601", "warning", message="`flash-attn`: CUDA-only package: no build")
    r = work.readiness([optional, marker], porting._location)
    assert (r["blocking"], r["optional_paths"], r["verdict"]) == (0, 2, "needs work")
    required = finding("NM601", message="`flash-attn`: CUDA-only package: no build", path="requirements.txt")
    assert work.readiness([required], porting._location)["blockers"][0]["kind"].startswith("required")


def test_effort_is_work_items_merged_across_files_with_ranges():
    from neuron_migrate.report import work

    scope_of = {"a.py": "library", "b.py": "library", "tests/t.py": "tests"}.get
    guard = "`.is_cuda` is always False on Neuron; the branch calls `_C.nms`, which needs CUDA: port it"
    e = work.effort([
        finding("NM502", message="Triton kernel", path="a.py", line=3),  # a kernel: 8-40 h
        finding("NM107", "warning", message=guard, path="a.py", line=9),  # one guard, two files
        finding("NM107", "warning", message=guard, path="b.py", line=2),
        finding("NM301", "warning", message="`nonzero` ...", path="a.py", line=5),  # dynamic shapes:
        finding("NM301", "warning", message="`unique` ...", path="a.py", line=6),  # one item per file
        finding("NM101", fix="safe"), finding("NM118", "info"),  # no manual work
        finding("NM502", message="Triton kernel", path="tests/t.py"),  # counted apart
        finding("NM504", "warning", path="b.py",
                message="optional import (the code has a path without it): imports apex.amp (apex): x"),
    ], scope_of, porting._location)
    kinds = {(i["kind"], i["what"]): i for i in e["work_items"]}
    assert kinds[("guard", "_C.nms")]["sites"] == 2 and kinds[("guard", "_C.nms")]["locations"] == ["a.py:9", "b.py:2"]
    shapes = kinds[("dynamic-shapes", "a.py")]
    assert (shapes["sites"], shapes["low"], shapes["high"]) == (2, 1.25, 5.0)
    assert kinds[("optional-dependency", "apex")]["optional"]
    assert e["items"] == 3 and (e["low"], e["high"]) == (8 + 1 + 1.25, 40 + 4 + 5)
    assert e["beside"] == {"tests": {"items": 1, "low": 8.0, "high": 40.0},
                           "optional paths": {"items": 1, "low": 0.25, "high": 1.0}}
    assert all(k["why"] for k in e["kinds"].values())


def test_identical_copies_of_a_file_are_one_work_item(tmp_path):
    """OpenGVLab/InternImage ships one `dcnv3_func.py` in each of eleven model folders: eleven items
    for one port. Copies (same name, same findings, same bytes) are one item, the first copy's
    sites, the copies named in its title; a file of the same name and findings whose bytes differ,
    or a copy in another scope group, stays an item of its own."""
    from neuron_migrate.report import work

    body = "def forward(x):\n    return ext.forward(x)\n"
    files = {"m1/ops_func.py": body, "m2/ops_func.py": body, "m3/ops_func.py": body,
             "m4/ops_func.py": body + "# edited\n", "tests/ops_func.py": body}
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    findings = [finding("NM404", "warning", message=f"call into ext (traced: reached from {p})", path=p, line=2)
                for p in files]
    scope_of = lambda path: "tests" if path.startswith("tests/") else "library"  # noqa: E731
    got = {(i["what"], i["scope"]): (i["title"], i["sites"]) for i in work.items(findings, scope_of,
                                                                                porting._location, str(tmp_path))}
    assert got == {
        ("m1/ops_func.py", "product"): ("remove the graph breaks in m1/ops_func.py (and 2 identical copies)", 1),
        ("m4/ops_func.py", "product"): ("remove the graph breaks in m4/ops_func.py", 1),
        ("tests/ops_func.py", "tests"): ("remove the graph breaks in tests/ops_func.py", 1)}
    assert len(work.items(findings, scope_of, porting._location)) == 5  # without the files: nothing merged


def test_an_import_of_triton_is_not_a_kernel_to_port():
    """mamba's layer_norm.py imports triton and defines two kernels: two kernel items, not three;
    a file that only launches kernels of other files (or times them with triton.testing) has its
    Triton calls to port, an API item, not a kernel's 8-40 h."""
    from neuron_migrate.report import work

    imports = "imports triton: Triton has no Trainium backend; instead: rewrite the kernel in NKI"
    e = work.effort([finding("NM502", message=imports, path="ops/ln.py", line=1),
                     finding("NM502", message="Triton kernel `fwd` (@triton.jit): x", path="ops/ln.py", line=9),
                     finding("NM502", message="Triton kernel `bwd` (@triton.jit): x", path="ops/ln.py", line=40),
                     finding("NM502", message=imports, path="ops/wrap.py", line=2)],
                    lambda path: "library", porting._location)
    got = sorted((i["kind"], i["what"], i["sites"]) for i in e["work_items"])
    assert got == [("api", "the Triton calls in ops/wrap.py", 1), ("kernel", "ops/ln.py:40", 1),
                   ("kernel", "ops/ln.py:9", 1)]
    assert (e["low"], e["high"]) == (8 + 8 + 0.5, 40 + 40 + 2)


def test_cuda_bindings_imported_without_kernels_are_a_dependency_and_library_uses_name_their_package():
    """wenet's TensorRT scripts import pycuda.autoinit and cuda.cudart (NM503) and define no kernel:
    the work is replacing the package, one item with its requirements line, not an 8-40 h NKI port
    per import; a numba.cuda import is its calls to port. A CUDA-only library's API used by name
    (`uses faiss.index_cpu_to_gpu (faiss-gpu)`, NM504) is its package to replace, and optional under
    an `if` with another path."""
    from neuron_migrate.report import work

    fs = [finding("NM503", message="imports cuda.cudart: NVIDIA's Python bindings; instead: x", path="trt/export.py"),
          finding("NM503", message="imports pycuda.autoinit: Python bindings; instead: x", path="trt/test_plugin.py"),
          finding("NM503", message="imports numba.cuda: numba.cuda compiles; instead: x", path="eval/iou.py"),
          finding("NM601", message="`cuda-python`: CUDA-only package: x", path="trt/requirements.txt"),
          finding("NM504", message="uses faiss.index_cpu_to_gpu (faiss-gpu): x", path="retrieval.py"),
          finding("NM504", "warning", path="knn.py", message="optional use (the code has a path without it: "
                  "under `if device.type == \"cuda\"`): uses faiss.StandardGpuResources (faiss-gpu): x")]
    got = sorted((i["kind"], i["what"], i["sites"]) for i in work.items(fs, lambda p: "library", porting._location))
    assert got == [("api", "the numba.cuda calls in eval/iou.py", 1), ("dependency", "cuda-python", 2),
                   ("dependency", "faiss-gpu", 1), ("dependency", "pycuda", 1),
                   ("optional-dependency", "faiss-gpu", 1)]


def test_scopes_from_layout_and_config():
    from neuron_migrate.scopes import Scopes, parse_option

    paths = ["pkg/__init__.py", "pkg/models/net.py", "pkg/models/__init__.py", "pkg/tests/test_net.py",
             "tests/test_a.py", "conftest.py", "train.py", "tools/convert.py", "examples/demo.py",
             "docs/conf.py", "third_party/lib/x.py", "plugins/ext/setup.py", "plugins/ext/op.py",
             "requirements.txt", "docs/requirements.txt", "src/lib2/__init__.py", "src/lib2/core.py",
             "csrc/kernel.cu", "tools/__init__.py",  # a packaged tools/ folder is still scripts
             "ns/core/__init__.py", "ns/core/layers/attn.py", "ns/run.py",  # ns/: a namespace folder
             "pkg/bin/__init__.py", "pkg/bin/train.py", "pkg/tools/geometry.py",  # a package's bin/ is scripts
             "pkg/eval/__init__.py", "pkg/eval/setup.py", "pkg/eval/knn.py",  # a package's setup.py module
             "pkg/bert/__init__.py", "pkg/bert/setup.py", "pkg/bert/requirements.txt", "pkg/bert/model.py",
             "fa3/__init__.py", "fa3/setup.py", "fa3/interface.py"]  # a top-level package's setup.py builds it
    s = Scopes(paths)
    got = {p: s.of(p) for p in paths}
    assert got == {"pkg/__init__.py": "library", "pkg/models/net.py": "library",
                   "pkg/models/__init__.py": "library", "pkg/tests/test_net.py": "tests",
                   "tests/test_a.py": "tests", "conftest.py": "tests", "train.py": "scripts",
                   "tools/convert.py": "scripts", "examples/demo.py": "examples", "docs/conf.py": "examples",
                   "third_party/lib/x.py": "vendored", "plugins/ext/setup.py": "vendored",
                   "plugins/ext/op.py": "vendored", "requirements.txt": "library",
                   "docs/requirements.txt": "examples", "src/lib2/__init__.py": "library",
                   "src/lib2/core.py": "library", "csrc/kernel.cu": "scripts",
                   "tools/__init__.py": "scripts", "ns/core/__init__.py": "library",
                   "ns/core/layers/attn.py": "library", "ns/run.py": "scripts",
                   "pkg/bin/__init__.py": "scripts", "pkg/bin/train.py": "scripts", "pkg/tools/geometry.py": "library",
                   "pkg/eval/__init__.py": "library", "pkg/eval/setup.py": "library", "pkg/eval/knn.py": "library",
                   "pkg/bert/__init__.py": "vendored", "pkg/bert/setup.py": "vendored",
                   "pkg/bert/requirements.txt": "vendored", "pkg/bert/model.py": "vendored",
                   "fa3/__init__.py": "vendored", "fa3/setup.py": "vendored", "fa3/interface.py": "vendored"}
    s = Scopes(paths, (("library", ("csrc/",)), ("tests", ("tools/**",))))
    assert s.of("csrc/kernel.cu") == "library" and s.of("tools/convert.py") == "tests"
    assert parse_option(["product", "tests"]) == ("library", "scripts", "tests")
    with pytest.raises(ValueError, match="unknown scope"):
        parse_option(["librar"])


def test_headline_numbers_leave_tests_out_and_count_them_beside():
    fs = [dict(finding("NM104", path="pkg/a.py"), scope="library"),
          dict(finding("NM104", path="tests/test_a.py"), scope="tests"),
          dict(finding("NM101", fix="safe", path="tests/test_a.py"), scope="tests")]
    rep = porting.build(doc(fs))
    assert rep["summary"]["findings"] == 1 and rep["summary"]["findings_all_scopes"] == 3
    assert rep["readiness"]["cuda_references"] == 1 and rep["readiness"]["blocking"] == 1
    tests = next(r for r in rep["scopes"] if r["scope"] == "tests")
    assert (tests["findings"], tests["cuda_references"], tests["migrated_by_fix"], tests["product"]) == (2, 2, 1, False)
    assert rep["effort"]["beside"]["tests"]["items"] == 1


def test_the_scopes_column_counts_findings_in_each_scope():
    fs = [dict(finding("NM104", path="train.py"), scope="scripts"),
          *(dict(finding("NM104", path=f"pkg/m{i}.py"), scope="library") for i in range(4))]
    rep = porting.build(doc(fs))
    row = next(line for line in markdown.fit(rep).splitlines() if line.startswith("| `NM104`"))
    assert "| 4 in library, 1 in scripts |" in row  # not "1 scripts", "4 library"
    assert "<td class=\"small\">4 in library, 1 in scripts</td>" in html.render_report(rep)


def test_findings_that_differ_only_in_an_expression_are_one_group():
    fs = [finding("NM301", "warning", message=f"indexing with the boolean mask `{m}` has a data-dependent shape",
                  path="a.py", line=i) for i, m in enumerate(["mask", "valid", "x > 0"], 1)]
    fs += [finding("NM206", "info", message=f"1 operator with no known Neuron status (unverified): torch.{op} "
                   f"({op}, line {i}). Check it", path=f"m{i}.py", line=i) for i, op in enumerate(["sort", "floor"], 1)]
    groups = porting.group(fs)
    assert len(groups) == 2
    masks = next(g for g in groups if g["code"] == "NM301")
    assert masks["message"] == "indexing with the boolean mask `…` has a data-dependent shape"
    assert masks["count"] == 3 and "`x > 0`" in masks["details"][2]
    nm206 = next(g for g in groups if g["code"] == "NM206")
    assert nm206["count"] == 2 and "see Operators by status" in nm206["message"]


def test_provenance_is_written_for_a_reader():
    internal = ("shared/data/torchneuron-aten-ops.tsv (pre-release TorchNeuron, someone/test-repo@98154b8, "
                "2026-04-21) [dev]: torch_neuronx/python_ops")
    said = porting.provenance(internal)
    assert "pre-release" in said and "shared/" not in said and "test-repo" not in said
    assert "supported-operators.html" in porting.provenance("shared/research/neuron.md §1: D-ops, status N")
    assert porting.provenance("not in the capability table").endswith("unverified")
    assert porting.provenance("https://docs.cupy.dev/en/stable/install.html (cupy)") == \
        "https://docs.cupy.dev/en/stable/install.html"


def test_markdown_escapes_outside_code_spans_only():
    assert markdown._cell("`lb < 0` when a < b | c") == "`lb < 0` when a &lt; b \\| c"


def test_a_project_with_nothing_left_for_fix_says_so_not_zero_percent():
    """After `fix --apply` (MockingBird: 106 safe rewrites made) what is left is for a person or for
    `--unsafe-fixes`: the report said "0% of CUDA references migrated by `fix`", as if it had failed."""
    rep = porting.build(doc([finding("NM109", "warning", fix="unsafe"), finding("NM104", path="b.py")]))
    md = markdown.fit(rep)
    assert "**nothing left for `fix`** to rewrite" in md and "0%** of CUDA references" not in md
    assert "| none of 2 left for `fix` to rewrite: 1 with `--unsafe-fixes` after review; 1 by hand |" in md
    assert "None of 2 CUDA-specific references left for <code>neuron-migrate fix</code>" in html.render_report(rep)
    md = markdown.fit(porting.build(doc([finding("NM101", fix="safe"), finding("NM104")])))
    assert "**50%** of CUDA references migrated by `fix`" in md and "| 1 of 2 (50%); 0 more with `--unsafe-fixes` after review; 1 by hand |" in md


def test_sections_follow_the_findings_so_new_rules_need_no_report_change():
    rep = porting.build(doc([finding("NM701", message="a new family"), finding("NM101", fix="safe")]))
    assert [f["prefix"] for f in rep["families"]] == ["NM1", "NM7"]
    assert rep["families"][1]["title"] == "Other (NM7xx)"
    md = markdown.fit(rep)
    page = html.render_report(rep)
    assert "### Other (NM7xx) (NM7xx)" in md and "a new family" in md
    assert "Other (NM7xx)" in page and "a new family" in page
    assert any(s["title"] == "Other (NM7xx)" for s in rep["next_steps"])


def test_a_next_step_names_only_what_its_findings_find():
    # hifi-gan: its one NM6xx finding is a torch pin, not a CUDA package; yolov5: its NM5xx
    # findings are optional TensorRT imports, not kernels; llama3: complex tensors, no CPU fallback
    rep = porting.build(doc([finding("NM603", path="requirements.txt"), finding("NM504", "warning"),
                             finding("NM203", "warning"), finding("NM301", "warning")]))
    steps = {s["title"]: s["detail"] for s in rep["next_steps"]}
    assert steps["Dependencies"].startswith("Require a torch version TorchNeuron ships for")
    assert "CUDA-only packages" not in steps["Dependencies"] and "+cu" not in steps["Dependencies"]
    assert steps["Custom kernels"].startswith("Replace each CUDA-only library") and "NKI" not in steps["Custom kernels"]
    assert steps["Operators and dtypes"] == "Replace the float64 and complex tensors: Neuron has no native support for them."
    assert "Pad or bucket" not in steps["Dynamic shapes"] and "`torch.where`" in steps["Dynamic shapes"]
    # the gate's commands themselves: a project's own docs/ci.md is not neuron-migrate's
    assert "docs/ci.md" not in steps["Keep it ported"] and "neuron-migrate baseline ." in steps["Keep it ported"]
    two = porting.build(doc([finding("NM501"), finding("NM502", path="b.py"), finding("NM304", "warning")]))
    steps = {s["title"]: s["detail"] for s in two["next_steps"]}
    assert steps["Custom kernels"] == "Port the kernels of the CUDA extensions to NKI. Port the Triton kernels to NKI."
    assert steps["Dynamic shapes"].startswith("Pad or bucket the variable shapes")


def test_optional_kernels_are_a_fallback_to_check_not_a_port():
    """sam2's CUDA extension is built in a `try` that installs without it, and its callers skip the
    post-process without it: both NM501 findings are optional-kernel warnings, yet the next step read
    "Port the kernels of the CUDA extensions to NKI". A kernel with no path around it still is one."""
    optional = "optional kernel (built in a `try` that goes on without it: `setup.py:103`): CUDA source file"
    rep = porting.build(doc([finding("NM501", "warning", message=optional, path="csrc/cc.cu"),
                             finding("NM501", "warning", message=optional, path="setup.py")]))
    steps = {s["title"]: s["detail"] for s in rep["next_steps"]}
    assert steps["Custom kernels"].startswith("Check that the code runs without its optional kernels")
    assert "Port the kernels" not in steps["Custom kernels"]
    both = porting.build(doc([finding("NM501", "warning", message=optional, path="csrc/cc.cu"),
                              finding("NM501", message="CUDA source file", path="csrc/ms.cu")]))
    steps = {s["title"]: s["detail"] for s in both["next_steps"]}
    assert steps["Custom kernels"].endswith("Port the kernels of the CUDA extensions to NKI.")


def test_counts_agree_with_their_verbs_and_the_effort_formula_is_labelled():
    one = porting.build(doc([finding("NM101", fix="safe"), finding("NM109", "warning", fix="unsafe")]))
    steps = {s["title"]: s["detail"] for s in one["next_steps"]}
    assert steps["Apply the safe fixes"].startswith("1 finding in 1 file has a fix whose meaning is certain")
    assert steps["Review the unsafe fixes"].startswith("1 fix changes behaviour")
    two = porting.build(doc([finding("NM101", fix="safe", line=2), finding("NM101", fix="safe", path="b.py")]))
    assert next(s for s in two["next_steps"] if s["title"] == "Apply the safe fixes")["detail"].startswith(
        "2 findings in 2 files have a fix")
    assert "\nEffort: one work item per thing a person does" in markdown.fit(one)
    from neuron_migrate.report import entries

    row = {"statements": 5, "share": 1.0, "graphs": 1, "recompiles": 0}
    assert entries._everything([row])[0]["entry"] == "every forward (in 1 file)"  # minGPT read "1 modules"
    assert entries._everything([row, row], other=True)[0]["entry"] == "every other forward (in 2 files)"


def test_a_notebook_that_trains_the_model_names_the_entry_assumed(tmp_path, capsys):
    # minGPT: demo.ipynb builds GPT(...) and trains it; the report had said no script builds a model
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "__init__.py").write_text("")
    (tmp_path / "tiny" / "model.py").write_text(
        "import torch.nn as nn\n\nclass Block(nn.Module):\n    def forward(self, x):\n        return x * 2\n\n"
        "class TinyLM(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.block = Block()\n\n"
        "    def forward(self, x):\n        return self.block(x) + 1\n")
    cells = ["from tiny.model import TinyLM\n", "model = TinyLM()\nfor step in range(3):\n    model(step)\n"]
    (tmp_path / "demo.ipynb").write_text(json.dumps(
        {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": c}
                   for c in cells], "metadata": {"kernelspec": {"language": "python"}}, "nbformat": 4,
         "nbformat_minor": 5}))
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.md")
    md = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "the forward of the modules its training and inference scripts build (TinyLM.forward)" in md
    assert "| `TinyLM.forward` | `tiny/model.py` |" in md and "no training or inference script" not in md


def test_each_module_a_script_builds_is_an_entry_even_two_of_one_file(tmp_path, capsys):
    # hifi-gan: train.py builds Generator and both discriminators of models.py; the report named the
    # generator only (one entry per file, from when the rows were the file's figures)
    (tmp_path / "models.py").write_text(
        "import torch.nn as nn\n\nclass Generator(nn.Module):\n    def forward(self, x):\n        return x * 2\n\n"
        "class Discriminator(nn.Module):\n    def forward(self, y, y_hat):\n        a = y * 3\n"
        "        b = y_hat * 3\n        return a, b\n")
    (tmp_path / "train.py").write_text("from models import Generator, Discriminator\n\n"
                                       "generator = Generator()\nmpd = Discriminator()\nmpd(generator(1), 1)\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    view = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["compile_coverage"]
    assert [(e["entry"], e["path"]) for e in view["entries"]] == [
        ("Generator.forward", "models.py"), ("Discriminator.forward", "models.py")]
    assert view["graphs"] == 2 and "(Generator.forward, Discriminator.forward)" in view["assumption"]
    # a file's own figures (no estimate of the class) hold every class of the file: one row
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "modules": [
        {"path": "models.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 4,
         "functions": [{"name": "Generator.forward"}, {"name": "Discriminator.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["models.py", "train.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [e["entry"] for e in view["entries"]] == ["Generator.forward"]


def test_a_script_name_bound_to_something_else_is_not_a_module_class_of_that_name(tmp_path, capsys):
    # F5-TTS: its fine-tuning script builds `F5TTS` from `f5_tts.api` (a src/ layout: a wrapper class,
    # no module) and its benchmark binds `F5TTS = importlib.import_module(...).F5TTS`; the report took
    # both for the TensorRT-LLM patch's module class of that name in another folder
    (tmp_path / "src" / "tts" / "patch").mkdir(parents=True)
    (tmp_path / "src" / "tts" / "__init__.py").write_text("")
    (tmp_path / "src" / "tts" / "model.py").write_text(
        "import torch.nn as nn\n\nclass Flow(nn.Module):\n    def forward(self, x):\n        return x * 2\n")
    (tmp_path / "src" / "tts" / "api.py").write_text(
        "from tts.model import Flow\n\nclass Speaker:\n    def __init__(self):\n        self.model = Flow()\n")
    (tmp_path / "src" / "tts" / "patch" / "engine.py").write_text(
        "import torch.nn as nn\n\nclass Speaker(nn.Module):\n    def forward(self, x):\n        return x + 1\n")
    (tmp_path / "finetune.py").write_text("from tts.api import Speaker\n\ndef main():\n    Speaker()\n")
    (tmp_path / "benchmark.py").write_text("import importlib\n\nSpeaker = importlib.import_module('engine').Speaker\n\n"
                                           "def main():\n    Speaker()\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    view = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["compile_coverage"]
    assert [e["entry"] for e in view["entries"] if not e["entry"].startswith("every")] == ["Flow.forward"]


def test_modules_an_entry_runs_that_the_scan_cannot_name_are_said_to_be_left_out(tmp_path, capsys):
    # yolov5: DetectionModel's layers are what parse_model() builds from a YAML file (eval of
    # module names), run by a loop of its base class: its 100 % covers its own code only
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "yolo.py").write_text(
        "import torch.nn as nn\n\ndef parse_model(d):\n    return nn.Sequential(*(eval(m)() for m in d)), []\n\n"
        "class Base(nn.Module):\n    def forward(self, x):\n        return self._once(x)\n\n"
        "    def _once(self, x):\n        for m in self.model:\n            x = m(x)\n        return x\n\n"
        "class DetectionModel(Base):\n    def __init__(self, cfg):\n        super().__init__()\n"
        "        self.model, self.save = parse_model(cfg)\n\n    def forward(self, x):\n        return self._once(x)\n")
    (tmp_path / "train.py").write_text("from models.yolo import DetectionModel\n\nmodel = DetectionModel(['Conv'])\nmodel(1)\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    rep = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert rep["compile_coverage"]["unseen"] == [{"entry": "DetectionModel.forward", "path": "models/yolo.py",
                                                  "line": 12, "holder": "self.model", "builder": "parse_model"}]
    md = markdown.fit(rep)
    assert "compile coverage 100% (the project compiles nothing; assumed; without modules the scan cannot name)" in md
    assert ("- `DetectionModel.forward` calls the modules in `self.model` (`models/yolo.py:12`), which "
            "`parse_model()` returns: the scan knows none of their classes, so its figures leave them out.") in md
    step = next(s for s in rep["next_steps"] if s["title"] == "Measure what the estimate cannot see")
    assert "`neuron-migrate measure MODULE:FACTORY`" in step["detail"]
    assert "Not seen" in html.render_report(rep)
    # a module of the file called too: the scan reaches a forward, so it is not said that it knows none
    (tmp_path / "models" / "yolo.py").write_text(
        (tmp_path / "models" / "yolo.py").read_text() + "\nclass Head(nn.Module):\n    def forward(self, x):\n"
        "        return x\n\nclass Named(DetectionModel):\n    def __init__(self, cfg):\n        super().__init__(cfg)\n"
        "        self.head = Head()\n\n    def forward(self, x):\n        return self.head(self._once(x))\n")
    (tmp_path / "train.py").write_text("from models.yolo import Named\n\nmodel = Named(['Conv'])\nmodel(1)\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    rep = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [e["entry"] for e in rep["compile_coverage"]["entries"]] == ["Named.forward"]
    assert rep["compile_coverage"]["unseen"] == []


def test_modules_a_wrapper_takes_from_a_config_object_are_said_to_be_left_out(tmp_path, capsys):
    # RT-DETR: tools/infer.py defines its wrapper inside main() and binds `self.model = cfg.model.deploy()`,
    # a class its YAML config names; the wrapper's 100 % and 1 graph were its own two statements
    (tmp_path / "zoo.py").write_text("import torch.nn as nn\n\nclass Detector(nn.Module):\n    def forward(self, x):\n"
                                     "        return x.relu()\n")
    (tmp_path / "infer.py").write_text(
        "import torch.nn as nn\nfrom config import Config\n\ndef main():\n    cfg = Config('a.yml')\n\n"
        "    class Model(nn.Module):\n        def __init__(self):\n            super().__init__()\n"
        "            self.model = cfg.model.deploy()\n            self.head = nn.Linear(4, 4)\n\n"
        "        def forward(self, x):\n            return self.head(self.model(x))\n\n    Model()(1)\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    rep = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [e["entry"] for e in rep["compile_coverage"]["entries"]] == ["Model.forward"]
    assert rep["compile_coverage"]["unseen"] == [{"entry": "Model.forward", "path": "infer.py", "line": 14,
                                                  "holder": "self.model", "builder": "cfg.model.deploy"}]
    assert "which `cfg.model.deploy()` returns" in markdown.fit(rep)
    # its model, named by --entry: the parts a registry hands __init__ (a default, a loss, is not asked for)
    (tmp_path / "zoo.py").write_text(
        "import torch.nn as nn\n\nclass Detector(nn.Module):\n    def __init__(self, backbone, loss=nn.L1Loss()):\n"
        "        super().__init__()\n        self.backbone = backbone\n        self.loss = loss\n\n"
        "    def forward(self, x):\n        return self.loss(self.backbone(x), x)\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json", "--entry", "zoo.py:Detector.forward")
    rep = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert rep["compile_coverage"]["unseen"] == [{"entry": "Detector.forward", "path": "zoo.py", "line": 10,
                                                  "holder": "self.backbone", "builder": "__init__", "argument": "backbone"}]
    assert ("calls the modules in `self.backbone` (`zoo.py:10`), which `__init__` is handed as `backbone`: the scan "
            "knows none of their classes") in markdown.fit(rep)


def test_a_model_the_scripts_build_through_a_factory_not_followed_is_asked_for_by_name(tmp_path, capsys):
    # detectron2: tools/train_net.py builds the model through build_model(cfg), a registry lookup by the
    # config's name; the figures assume every forward, and the report now says how to get the model's own
    (tmp_path / "model.py").write_text("import torch.nn as nn\n\nclass RCNN(nn.Module):\n    def forward(self, x):\n"
                                       "        return x * 2\n\nREGISTRY = {'RCNN': RCNN}\n\n"
                                       "def build_model(cfg):\n    return REGISTRY[cfg]()\n")
    (tmp_path / "train.py").write_text("from model import build_model\n\nmodel = build_model('RCNN')\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    rep = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    step = next(s for s in rep["next_steps"] if s["title"] == "Name the model you compile")
    assert step["detail"].startswith("The scripts build the model through `build_model()`, which the scan does not")
    assert "`neuron-migrate report . --entry FILE:Class.forward`" in step["detail"]
    # a model the scripts build by its class is named already: nothing to ask
    (tmp_path / "train.py").write_text("from model import RCNN, build_model\n\nmodel = RCNN()\nother = build_model('RCNN')\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    rep = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert rep["compile_coverage"]["entries"][0]["entry"] == "RCNN.forward"
    assert all(s["title"] != "Name the model you compile" for s in rep["next_steps"])


def test_parts_a_configurable_module_is_handed_by_from_config_are_said_to_be_left_out(tmp_path, capsys):
    # detectron2: GeneralizedRCNN's backbone and heads are __init__ arguments that from_config(cfg) builds
    # with build_backbone(cfg) and build_roi_heads(cfg) (registries picking a class by the config); its
    # forward reaches no other module's, so its figures (98 %, --entry) are its own code only
    (tmp_path / "build.py").write_text("REGISTRY = {}\n\ndef build_backbone(cfg):\n    return REGISTRY[cfg]()\n")
    (tmp_path / "rcnn.py").write_text(
        "import torch.nn as nn\nfrom build import build_backbone\n\nclass RCNN(nn.Module):\n"
        "    def __init__(self, *, backbone, heads, mean):\n        super().__init__()\n"
        "        self.backbone = backbone\n        self.heads = heads\n        self.mean = mean\n\n"
        "    @classmethod\n    def from_config(cls, cfg):\n        backbone = build_backbone(cfg)\n"
        "        return {'backbone': backbone, 'heads': Heads(cfg), 'mean': cfg.MEAN}\n\n"
        "    def forward(self, x):\n        return self.heads(self.backbone(x - 1))\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json", "--entry", "rcnn.py:RCNN.forward")
    rep = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert rep["compile_coverage"]["unseen"] == [{"entry": "RCNN.forward", "path": "rcnn.py", "line": 17,
                                                  "holder": "self.backbone", "builder": "build_backbone"}]


def test_a_class_the_script_imports_under_an_alias_is_the_entry_assumed(tmp_path, capsys):
    # yolov5: train.py builds `Model(...)`, imported from models/yolo.py, where `Model = DetectionModel`;
    # the report assumed only the inference wrapper the other scripts build
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "yolo.py").write_text(
        "import torch.nn as nn\n\nclass DetectionModel(nn.Module):\n    def forward(self, x):\n"
        "        return x * 2\n\n\nModel = DetectionModel  # the old name\n")
    (tmp_path / "train.py").write_text("from models.yolo import Model\n\nmodel = Model()\nmodel(1)\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.md")
    md = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "the forward of the modules its training and inference scripts build (DetectionModel.forward)" in md
    assert "| `DetectionModel.forward` | `models/yolo.py` |" in md


def test_a_class_a_script_imports_is_the_one_its_import_names_else_said_to_be_known_by_name(tmp_path, capsys):
    # detectron2-like: two classes named ResNet; the script imports one through its package's __init__.py
    # (a re-export) and a helper through a relative import of the parent package (yolov5's
    # utils/segment/loss.py: `from ..loss import FocalLoss`); a class of the same name imported from an
    # installed package is the project's by its name alone, and the report says so
    for folder in ("pkg/backbone", "projects/other", "pkg/heads"):
        (tmp_path / folder).mkdir(parents=True)
    resnet = "import torch.nn as nn\n\nclass ResNet(nn.Module):\n    def forward(self, x):\n        return x * {}\n"
    (tmp_path / "pkg" / "backbone" / "resnet.py").write_text(resnet.format(2))
    (tmp_path / "projects" / "other" / "resnet.py").write_text(resnet.format(3))
    (tmp_path / "pkg" / "__init__.py").write_text("from .backbone.resnet import ResNet\n")
    (tmp_path / "pkg" / "loss.py").write_text("import torch.nn as nn\n\nclass Focal(nn.Module):\n"
                                              "    def forward(self, x):\n        return x - 1\n")
    (tmp_path / "pkg" / "heads" / "build.py").write_text("from ..loss import Focal\n\ndef make():\n    return Focal()\n")
    (tmp_path / "train.py").write_text("from pkg import ResNet\nfrom pkg.heads.build import make\n\n"
                                       "model = ResNet()\nloss = make()\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    view = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["compile_coverage"]
    assert [(e["entry"], e["path"]) for e in view["entries"]] == [
        ("ResNet.forward", "pkg/backbone/resnet.py"), ("Focal.forward", "pkg/loss.py")]
    assert "by its name alone" not in view["assumption"]
    (tmp_path / "projects" / "other" / "resnet.py").unlink()
    (tmp_path / "train.py").write_text("from torchvision.models import ResNet\n\nmodel = ResNet()\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    view = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["compile_coverage"]
    assert [e["entry"] for e in view["entries"]] == ["ResNet.forward"]
    assert ("; `ResNet.forward` is that of pkg/backbone/resnet.py by its name alone: train.py imports `ResNet` "
            "from `torchvision.models`, which this scan does not resolve to a file defining it") in view["assumption"]


def test_a_model_an_example_script_builds_through_a_static_factory_is_the_entry_assumed(tmp_path, capsys):
    # llama3: example_chat_completion.py runs `Llama.build(...)`, a static method of a class (no module)
    # that llama/__init__.py re-exports from llama/generation.py; it builds `Transformer(...)`. The report
    # said no script builds a model class (example_*.py was no runner, and `Llama.build` not followed).
    (tmp_path / "llama").mkdir()
    (tmp_path / "llama" / "__init__.py").write_text("from .generation import Llama\n")
    (tmp_path / "llama" / "model.py").write_text(
        "import torch.nn as nn\n\nclass Transformer(nn.Module):\n    def forward(self, x):\n        return x * 2\n\n"
        "class Unused(nn.Module):\n    def forward(self, x):\n        return x + 1\n")
    (tmp_path / "llama" / "generation.py").write_text(
        "from llama.model import Transformer\n\nclass Llama:\n    @staticmethod\n    def build(ckpt_dir):\n"
        "        return Llama(Transformer())\n\n    def __init__(self, model):\n        self.model = model\n")
    (tmp_path / "example_chat_completion.py").write_text(
        "from llama import Llama\n\ndef main(ckpt_dir):\n    generator = Llama.build(ckpt_dir=ckpt_dir)\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    view = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["compile_coverage"]
    assert [(e["entry"], e["path"]) for e in view["entries"]] == [("Transformer.forward", "llama/model.py")]
    assert "scripts build (Transformer.forward)" in view["assumption"]


def test_a_model_built_by_a_runner_class_the_script_runs_is_the_entry_assumed(tmp_path, capsys):
    # ermongroup/ddim: main.py runs `Diffusion(args, config).train()` of runners/diffusion.py, whose
    # methods build `Model(config)` of models/diffusion.py; the report said no script builds a model.
    # One step only: what the runner's own helpers build is not read.
    for folder in ("models", "runners"):
        (tmp_path / folder).mkdir()
    (tmp_path / "models" / "diffusion.py").write_text(
        "import torch.nn as nn\n\nclass Model(nn.Module):\n    def forward(self, x):\n        return x * 2\n\n"
        "class Other(nn.Module):\n    def forward(self, x):\n        return x + 1\n")
    (tmp_path / "runners" / "helper.py").write_text(
        "from models.diffusion import Other\n\ndef make():\n    return Other()\n")
    (tmp_path / "runners" / "diffusion.py").write_text(
        "from models.diffusion import Model\nfrom runners.helper import make\n\nclass Diffusion:\n"
        "    def __init__(self, config):\n        self.config = config\n\n    def train(self):\n"
        "        model = Model()\n        make()\n        return model(1)\n")
    (tmp_path / "main.py").write_text("from runners.diffusion import Diffusion\n\n\ndef main():\n"
                                      "    Diffusion({}).train()\n\n\nmain()\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.md")
    md = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "the forward of the modules its training and inference scripts build (Model.forward)" in md
    assert "no training or inference script" not in md and "Other.forward" not in md


def test_compile_coverage_absent_is_said_plainly():
    rep = porting.build(doc([]))
    assert rep["compile_coverage"] is None
    assert "Not estimated" in markdown.fit(rep)
    assert "not estimated" in html.render_report(rep)


def test_compile_coverage_from_the_scan_is_shown_per_module():
    cov = {"formula": "f", "estimated_coverage": 0.75, "expected_graphs": 3,
           "modules": [{"path": "m.py", "estimated_coverage": 0.5, "expected_graphs": 2, "traced_functions": 1,
                        "functions": [{"name": "Net.forward", "breaks": [{"line": 7, "code": "NM403",
                                                                          "skips_frame": True}]}]},
                       {"path": "n.py", "estimated_coverage": 1.0, "expected_graphs": 1}]}
    rep = porting.build(doc([], coverage=cov))
    view = rep["compile_coverage"]
    assert view["overall"] == 0.75 and view["graphs"] == 3  # no entry has a weight: the scan's figure
    assert [m["module"] for m in view["modules"]] == ["m.py", "n.py"]
    assert view["breaks"] == [{"path": "m.py", "line": 7, "code": "NM403", "function": "Net.forward",
                               "skips_frame": True, "reason": view["breaks"][0]["reason"]}]
    assert view["breaks"][0]["reason"].startswith("print, logging")  # the rule's summary
    md = markdown.fit(rep)
    assert "**75%**, 3 expected graphs" in md and "`m.py:7`" in md and "whole frame runs eagerly" in md
    assert "The project compiles nothing" in md
    page = html.render_report(rep)
    assert "m.py" in page and "50%" in page


def test_coverage_entries_are_the_modules_a_training_script_builds(tmp_path):
    (tmp_path / "model.py").write_text("import torch\nclass GPT(torch.nn.Module):\n    def forward(self, x):\n"
                                       "        return x\n# torch.compile() is only mentioned here\n")
    (tmp_path / "train.py").write_text("import torch\nfrom model import GPT\nmodel = torch.compile(GPT())\n")
    (tmp_path / "other.py").write_text("import torch\nclass Tool(torch.nn.Module):\n    def forward(self, x):\n"
                                       "        return x.item()\n")
    cov = {"formula": "f", "estimated_coverage": 0.5, "expected_graphs": 3, "modules": [
        {"path": "model.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 4,
         "functions": [{"name": "GPT.forward"}]},
        {"path": "other.py", "estimated_coverage": 0.0, "expected_graphs": 2, "statements": 4,
         "functions": [{"name": "Tool.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["model.py", "train.py", "other.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [(e["entry"], e["path"]) for e in view["entries"]] == [("GPT.forward", "model.py")]
    assert view["overall"] == 1.0 and view["graphs"] == 1 and view["compiles"] == ["train.py"]
    assert "calls torch.compile in train.py" in view["assumption"]
    # nn.Module.compile() on a model the scan cannot resolve (torchtitan's blocks) is a compile call;
    # a regular expression's compile (an imported module's function) is not
    (tmp_path / "train.py").write_text("import re\nfrom model import GPT\nmodel = GPT()\nWORD = re.compile(pattern='w')\n"
                                       "for block in model.layers:\n    block.compile(fullgraph=True)\n")
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert view["compiles"] == ["train.py"]
    (tmp_path / "train.py").write_text("import re\nfrom model import GPT\nmodel = GPT()\nWORD = re.compile(pattern='w')\n")
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert view["assumption"].startswith("The project compiles nothing: these figures assume you compile")


def test_a_scripts_import_names_the_file_python_would_load(tmp_path):
    """gpt-fast: generate.py's ``from model import Transformer`` is model.py, not
    mixtral-moe/model.py, which defines a Transformer too, built by mixtral-moe/generate.py."""
    model = "import torch\nclass Transformer(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
    (tmp_path / "mixtral-moe").mkdir()
    for folder in (tmp_path, tmp_path / "mixtral-moe"):
        (folder / "model.py").write_text(model)
        (folder / "generate.py").write_text("from model import Transformer\nm = Transformer.from_name('7B')\n")
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "modules": [
        {"path": path, "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 2,
         "functions": [{"name": "Transformer.forward"}]} for path in ("mixtral-moe/model.py", "model.py")]}
    paths = ["generate.py", "mixtral-moe/generate.py", "mixtral-moe/model.py", "model.py"]
    view = porting.build({**doc([], coverage=cov), "paths": paths, "root": str(tmp_path)},
                         root=str(tmp_path))["compile_coverage"]
    assert sorted(e["path"] for e in view["entries"]) == ["mixtral-moe/model.py", "model.py"]
    assert "(Transformer.forward in model.py, Transformer.forward in mixtral-moe/model.py)" in view["assumption"]


def test_the_model_factories_a_script_calls_are_named_with_their_owner(tmp_path):
    """DiT's train.py builds its model from a dict of factories and a diffusers VAE through
    ``AutoencoderKL.from_pretrained``: the assumption names the call as written, owner and all,
    in the script's order; a tokenizer's ``from_pretrained`` builds no model. guided-diffusion's
    ``create_model_and_diffusion()`` is a factory too, ``get_model_size()`` none."""
    (tmp_path / "models.py").write_text("import torch\nclass DiT(torch.nn.Module):\n    def forward(self, x):\n"
                                        "        return x\nDiT_models = {'DiT-S/2': DiT}\n")
    (tmp_path / "train.py").write_text("import timm\nfrom diffusers import AutoencoderKL\nfrom models import DiT_models\n"
                                       "model = DiT_models['DiT-S/2']()\nvae = AutoencoderKL.from_pretrained('vae')\n"
                                       "net = timm.create_model('resnet18')\ntok = AutoTokenizer.from_pretrained('t5')\n"
                                       "unet, diffusion = create_model_and_diffusion()\nn = get_model_size(net)\n")
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "modules": [
        {"path": "models.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 2,
         "functions": [{"name": "DiT.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["models.py", "train.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert view["basis"] == "every forward in the product"
    assert ("because the scripts build the model through `AutoencoderKL.from_pretrained()`, "
            "`timm.create_model()`, `create_model_and_diffusion()`, which this scan does not follow") in view["assumption"]


def test_a_script_that_tests_an_implementation_is_no_runner(tmp_path):
    """torchtitan's scripts/checkpoint_conversion/numerical_tests_example.py loads a Hugging Face
    model with ``AutoModelForCausalLM.from_pretrained`` to compare its outputs with the converted
    checkpoint's: "example" in its name made it a runner, and the assumption named that call as
    the way the scripts build the model. A script whose name says it tests or checks is none;
    train_tester.py and checkpoint.py still are (or are not) by the rest of their names."""
    (tmp_path / "models.py").write_text("import torch\nclass Net(torch.nn.Module):\n    def forward(self, x):\n"
                                        "        return x\n")
    (tmp_path / "numerical_tests_example.py").write_text(
        "from transformers import AutoModelForCausalLM\nref = AutoModelForCausalLM.from_pretrained('m')\n")
    (tmp_path / "check_example.py").write_text("import timm\nnet = timm.create_model('resnet18')\n")
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "modules": [
        {"path": "models.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 2,
         "functions": [{"name": "Net.forward"}]}]}
    paths = ["check_example.py", "models.py", "numerical_tests_example.py"]
    view = porting.build({**doc([], coverage=cov), "paths": paths, "root": str(tmp_path)},
                         root=str(tmp_path))["compile_coverage"]
    assert view["basis"] == "every forward in the product"
    assert "from_pretrained" not in view["assumption"] and "create_model" not in view["assumption"]
    assert "no training or inference script builds a model class" in view["assumption"]


def test_an_every_forward_row_names_the_files_whose_forwards_split(tmp_path):
    """timm: train.py builds its model through create_model(), so every other forward of 147 files
    is one row, 38 graphs; read as one model's count it was wrong for any timm model but three
    files' (gemma4_vit 17, naflexvit 13, sequencer 10). The report names those files, their
    figures, and says the others are one graph each."""
    (tmp_path / "train.py").write_text("import timm\nmodel = timm.create_model('resnet18')\n")
    modules = [{"path": f"models/{n}.py", "estimated_coverage": share, "expected_graphs": graphs, "statements": 10,
                "functions": [{"name": f"{n.title()}.forward"}]}
               for n, share, graphs in (("resnet", 1.0, 1), ("vit", 1.0, 1), ("rnn", 0.36, 10), ("naflex", 0.99, 13))]
    cov = {"formula": "f", "estimated_coverage": 0.84, "expected_graphs": 22, "modules": modules}
    d = {**doc([], coverage=cov), "paths": [m["path"] for m in modules] + ["train.py"], "root": str(tmp_path)}
    rep = porting.build(d, root=str(tmp_path))
    (row,) = rep["compile_coverage"]["entries"]
    assert row["graphs"] == 22 and row["whole"] == 2
    assert [s["path"] for s in row["split"]] == ["models/naflex.py", "models/rnn.py"]  # most graphs first
    said = ("`every forward (in 4 files)`: the forwards of 2 of these files are captured whole, one graph each; "
            "the others lose code or split: `models/naflex.py` (99%, 13 graphs), `models/rnn.py` (36%, 10 graphs). "
            "The row's 22 graphs add these up, as if one model used every file.")
    assert said in markdown.fit(rep)
    assert "the others lose code or split" in html.render_report(rep)
    # nothing lost, nothing split: the row says it all
    for m in modules:
        m["estimated_coverage"], m["expected_graphs"] = 1.0, 1
    rep = porting.build(d, root=str(tmp_path))
    assert rep["compile_coverage"]["entries"][0]["split"] == [] and "captured whole" not in markdown.fit(rep)


def test_breaks_a_flag_attribute_gates_are_said_to_run_only_under_it(tmp_path, capsys):
    """yolov5's DetectMultiBackend.forward picks its backend with ``if self.pt: ... elif self.engine:``;
    the breaks of the TensorRT branch (``resize_`` of its bindings in a loop) made its row 5 %, and a
    ``.pt`` run, which Dynamo traces as one graph (measured), meets none of them. The report says so;
    a break under a test of the input is no flag's."""
    (tmp_path / "backends.py").write_text(
        "import torch\nimport torch.nn as nn\n\nclass Backends(nn.Module):\n"
        "    def __init__(self, kind):\n        super().__init__()\n        self.net = nn.Linear(4, 4)\n"
        "        self.native, self.runtime = kind == 'native', kind == 'runtime'\n        self.names = ['out']\n\n"
        "    def forward(self, x):\n        if self.native:\n            y = self.net(x)\n"
        "        elif self.runtime:\n            for name in self.names:\n                print(name)\n"
        "            y = x\n        return y\n")
    (tmp_path / "predict.py").write_text("from backends import Backends\n\nmodel = Backends('native')\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    rep = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    cov = rep["compile_coverage"]
    assert cov["entries"][0]["entry"] == "Backends.forward" and cov["entries"][0]["share"] < 1
    assert cov["flagged"] == [{"entry": "Backends.forward", "path": "backends.py", "lines": [16], "flag": "self.runtime"}]
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.md")
    assert ("- `Backends.forward`'s graph breaks (`backends.py:16`) all run only when `self.runtime` is true: Dynamo "
            "guards on the attribute") in (tmp_path / "r.md").read_text(encoding="utf-8")
    # gated by the input, not by an attribute: nothing said
    src = (tmp_path / "backends.py").read_text().replace("elif self.runtime:", "elif x.shape[0] > 2:")
    (tmp_path / "backends.py").write_text(src)
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["compile_coverage"]["flagged"] == []


def test_breaks_under_a_nan_check_are_said_to_run_only_on_a_nan(tmp_path, capsys):
    """ZoeDepth's SILogLoss.forward prints eight times under ``if torch.isnan(loss):``; measured with
    ``explain`` (a function of that shape), a finite loss meets the test's own break and none of the
    prints. A test true on finite values too (``or`` with a flag, ``isfinite`` unnegated) says nothing."""
    (tmp_path / "loss.py").write_text(
        "import torch\nimport torch.nn as nn\n\nclass Loss(nn.Module):\n    def forward(self, x, y):\n"
        "        loss = (x - y).pow(2).mean()\n        if torch.isnan(loss):\n            print('nan', x.shape)\n"
        "            print('max', x.max())\n        return loss\n")
    (tmp_path / "train.py").write_text("from loss import Loss\n\ncriterion = Loss()\n")
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
    cov = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["compile_coverage"]
    assert cov["nonfinite"] == [{"function": "Loss.forward", "path": "loss.py", "lines": [8, 9],
                                 "test": "torch.isnan(loss)", "line": 7, "test_breaks": True}]
    run(capsys, "report", tmp_path, "-o", tmp_path / "r.md")
    assert ("- `Loss.forward`'s graph breaks `loss.py:8`, `:9` run only when `torch.isnan(loss)` is true, on a NaN "
            "or infinite value (its test, line 7, is a break of its own): with finite values Dynamo meets none of "
            "them") in (tmp_path / "r.md").read_text(encoding="utf-8")
    for test, said in (("not torch.isfinite(loss).all()", True), ("loss.isnan().any() | loss.isinf().any()", True),
                       ("self.check and loss.isnan()", True), ("self.check or loss.isnan()", False),
                       ("torch.isfinite(loss).all()", False), ("loss.sum() > 0", False)):
        (tmp_path / "loss.py").write_text((tmp_path / "loss.py").read_text().replace(
            (tmp_path / "loss.py").read_text().splitlines()[6], f"        if {test}:"))
        run(capsys, "report", tmp_path, "-o", tmp_path / "r.json")
        cov = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["compile_coverage"]
        assert bool(cov["nonfinite"]) is said, test


def test_a_factory_the_project_defines_is_read_not_assumed(tmp_path):
    """tacotron2's train.py defines ``load_model()``, which builds ``Tacotron2(hparams)``, and its
    notebook imports it: the model is known, so no "every other forward" is assumed. A factory of
    the project's own that builds no module class of the scan (a library model) still is one."""
    (tmp_path / "model.py").write_text("import torch\nclass Taco(torch.nn.Module):\n    def forward(self, x):\n"
                                       "        return x\nclass Other(torch.nn.Module):\n    def forward(self, x):\n"
                                       "        return x\n")
    (tmp_path / "train.py").write_text("from model import Taco\ndef load_model(h):\n    return Taco(h)\n"
                                       "def train(h):\n    model = load_model(h)\n")
    (tmp_path / "infer.py").write_text("from train import load_model\nmodel = load_model(1)\n")
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "modules": [
        {"path": "model.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 4,
         "functions": [{"name": "Taco.forward"}, {"name": "Other.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["infer.py", "model.py", "train.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert view["basis"] == "modules the scripts build" and "does not follow" not in view["assumption"]
    assert [e["entry"] for e in view["entries"]] == ["Taco.forward"]
    (tmp_path / "train.py").write_text("import timm\ndef load_model(h):\n    return timm.create_model(h)\n"
                                       "model = load_model('resnet18')\n")
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert "`load_model()`" in view["assumption"] and "which this scan does not follow" in view["assumption"]


def test_a_check_the_script_calls_builds_no_model_of_its_own(tmp_path):
    """yolov5's train.py calls ``check_amp(model)``, which wraps the model in ``AutoShape`` (pre- and
    post-processing) to compare two runs and returns True or False: the script's model is
    ``DetectionModel``, and AutoShape is no entry of the headline."""
    (tmp_path / "models.py").write_text("import torch\nclass Detector(torch.nn.Module):\n    def forward(self, x):\n"
                                        "        return x\n")
    (tmp_path / "common.py").write_text("import torch\nclass AutoShape(torch.nn.Module):\n    def forward(self, x):\n"
                                        "        return x\n")
    (tmp_path / "general.py").write_text(
        "from common import AutoShape\ndef check_amp(model):\n    def allclose(m, im):\n"
        "        return AutoShape(m)(im) is not None\n    try:\n        assert allclose(model, 1)\n"
        "        return True\n    except Exception:\n        return False\n")
    (tmp_path / "train.py").write_text("from models import Detector\nfrom general import check_amp\n"
                                       "model = Detector()\namp = check_amp(model)\n")
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "modules": [
        {"path": "common.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 2,
         "functions": [{"name": "AutoShape.forward"}]},
        {"path": "models.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 2,
         "functions": [{"name": "Detector.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["common.py", "general.py", "models.py", "train.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [e["entry"] for e in view["entries"]] == ["Detector.forward"]
    # a function that hands back what it builds is a factory all the same
    (tmp_path / "general.py").write_text("from common import AutoShape\ndef check_amp(model):\n"
                                         "    return AutoShape(model)\n")
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [e["entry"] for e in view["entries"]] == ["Detector.forward", "AutoShape.forward"]


def test_a_factory_chain_of_the_project_is_followed_and_the_entry_figures_used(tmp_path):
    """guided-diffusion's scripts call ``create_model_and_diffusion()``, which calls
    ``create_model()`` of the same file, which builds ``UNetModel``: the model is known, no factory
    is "not followed", and its row is the scan's estimate of ``UNetModel.forward`` (its breaks in
    nn.py count), not the figures of unet.py alone."""
    (tmp_path / "gd").mkdir()
    (tmp_path / "gd" / "unet.py").write_text("import torch\nclass UNetModel(torch.nn.Module):\n"
                                              "    def forward(self, x):\n        return x\n")
    (tmp_path / "gd" / "script_util.py").write_text(
        "from gd.unet import UNetModel\ndef create_model_and_diffusion(**kw):\n    model = create_model(**kw)\n"
        "    return model, None\ndef create_model(**kw):\n    return UNetModel(**kw)\n")
    (tmp_path / "image_sample.py").write_text("from gd.script_util import create_model_and_diffusion\n"
                                              "model, diffusion = create_model_and_diffusion()\n")
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "entries_source": "assumed",
           "entries": [{"entry": "gd/unet.py:UNetModel.forward", "path": "gd/unet.py", "function": "UNetModel.forward",
                        "estimated_coverage": 0.9, "expected_graphs": 4, "expected_recompiles": 0, "statements": 12}],
           "modules": [{"path": "gd/unet.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 9,
                        "functions": [{"name": "UNetModel.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["gd/script_util.py", "gd/unet.py", "image_sample.py"],
         "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert view["basis"] == "modules the scripts build" and "does not follow" not in view["assumption"]
    assert [(e["entry"], e["share"], e["graphs"], e["statements"]) for e in view["entries"]] == [
        ("UNetModel.forward", 0.9, 4, 12)]
    assert "each over the code it reaches, in any file" in view["assumption"]
    # without the scan's entry of that forward, its file's figures, said so
    cov["entries"] = []
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [(e["entry"], e["graphs"]) for e in view["entries"]] == [("UNetModel.forward", 1)]
    assert "each over the traced code of the file that defines it" in view["assumption"]


def test_a_factory_that_returns_another_factorys_result_is_followed(tmp_path):
    """detr's main.py calls ``build_model(args)`` of ``models/__init__.py``, which returns
    ``build(args)`` of ``models/detr.py``, where the model is built: the model is known. A chain
    that ends in a library's factory is still a factory not followed."""
    (tmp_path / "nets").mkdir()
    (tmp_path / "nets" / "__init__.py").write_text("from .det import make\ndef build_model(a):\n    return make(a)\n")
    (tmp_path / "nets" / "det.py").write_text("import torch\nclass Det(torch.nn.Module):\n    def forward(self, x):\n"
                                              "        return x\ndef make(a):\n    net = Det()\n    return net, a\n")
    (tmp_path / "main.py").write_text("from nets import build_model\nmodel, crit = build_model(1)\n")
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "modules": [
        {"path": "nets/det.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 2,
         "functions": [{"name": "Det.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["main.py", "nets/__init__.py", "nets/det.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert view["basis"] == "modules the scripts build" and "does not follow" not in view["assumption"]
    assert [e["entry"] for e in view["entries"]] == ["Det.forward"]
    (tmp_path / "nets" / "det.py").write_text("import timm\ndef make(a):\n    return timm.create_model(a)\n")
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert "`build_model()`" in view["assumption"] and "which this scan does not follow" in view["assumption"]


def test_a_registry_of_a_module_builds_what_its_functions_build(tmp_path):
    """swav's scripts build ``resnet_models.__dict__[args.arch](...)``: whichever function of
    src/resnet50.py the run names, and each builds a ResNet. pytorch/examples' imagenet names one
    of torchvision's ``models``, outside the scan: a factory not followed."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "resnet50.py").write_text(
        "import torch\nclass ResNet(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
        "def resnet50(**kw):\n    return ResNet(**kw)\n")
    (tmp_path / "train.py").write_text("import src.resnet50 as resnet_models\n"
                                       "model = resnet_models.__dict__['resnet50'](normalize=True)\n")
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "modules": [
        {"path": "src/resnet50.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 2,
         "functions": [{"name": "ResNet.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["src/resnet50.py", "train.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [e["entry"] for e in view["entries"]] == ["ResNet.forward"] and "does not follow" not in view["assumption"]
    (tmp_path / "train.py").write_text("import torchvision.models as models\nmodel = models.__dict__['resnet50']()\n")
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert "`models.__dict__[…]()`, which this scan does not follow" in view["assumption"]


def test_a_library_model_built_by_a_plain_call_is_a_factory_not_followed(tmp_path):
    """barlowtwins' evaluate.py builds ``models.resnet50()`` (torchvision), its main.py a model
    of its own; dino's eval scripts ``torch.hub.load(repo, arch)``. Weights, listings and the
    hub's weight download build no model."""
    (tmp_path / "model.py").write_text("import torch\nclass Twins(torch.nn.Module):\n    def forward(self, x):\n"
                                       "        return x\n")
    (tmp_path / "main.py").write_text("from model import Twins\nmodel = Twins()\n")
    (tmp_path / "evaluate.py").write_text(
        "import torch\nimport torchvision\nfrom torchvision import models\n"
        "model = models.resnet50().cuda(0)\nt = models.ResNet50_Weights.IMAGENET1K_V1.transforms()\n"
        "names = models.list_models()\nsd = torch.hub.load_state_dict_from_url('u')\n"
        "det = torchvision.models.detection.fasterrcnn_resnet50_fpn()\nxcit = torch.hub.load('repo', 'xcit')\n")
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "modules": [
        {"path": "model.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 2,
         "functions": [{"name": "Twins.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["evaluate.py", "main.py", "model.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [e["entry"] for e in view["entries"]] == ["Twins.forward"]
    assert ("through `models.resnet50()`, `torchvision.models.detection.fasterrcnn_resnet50_fpn()`, "
            "`torch.hub.load()`, which this scan does not follow") in view["assumption"]


def test_coverage_entries_given_by_the_scan_are_used_as_they_are():
    cov = {"formula": "f", "estimated_coverage": 0.5, "entries_source": "compiled", "entries": [
        {"entry": "dec.py:Decoder.forward", "path": "dec.py", "function": "Decoder.forward",
         "estimated_coverage": 0.6, "expected_graphs": 2, "expected_recompiles": 40},
        {"entry": "enc.py:Encoder.forward", "path": "enc.py", "function": "Encoder.forward",
         "estimated_coverage": 1.0, "expected_graphs": 1, "expected_recompiles": 0}],
        "modules": [{"path": "dec.py", "functions": [{"name": "Decoder.forward", "statements": 30}]},
                    {"path": "enc.py", "functions": [{"name": "Encoder.forward", "statements": 10}]}]}
    view = porting.build(doc([], coverage=cov))["compile_coverage"]
    assert view["basis"] == "compile entries" and view["recompiles"] == 40
    assert [e["entry"] for e in view["entries"]] == ["Decoder.forward", "Encoder.forward"]
    assert view["overall"] == pytest.approx((0.6 * 30 + 1.0 * 10) / 40) and view["graphs"] == 3


def test_operators_by_status_with_sources_from_the_real_rules(project):
    from neuron_migrate.models import Options
    from neuron_migrate.runner import scan

    result, skipped = scan([project], Options())
    ops = {o["operator"]: o for o in porting.from_scan(result, skipped)["operators"]}
    assert ops["_linalg_eigh"]["status"] == "cpu_fallback" and ops["_linalg_eigh"]["locations"] == ["model.py:11"]
    assert ops["quantized_max_pool2d"]["status"] == "unsupported"
    # one NM206 finding lists the ops with no known status, each with its own line
    assert ops["_cdist_forward"]["label"] == "unverified" and ops["_cdist_forward"]["locations"] == ["model.py:14"]
    assert all(o["source"] for o in ops.values())
    order = [o["status"] for o in ops.values()]
    assert order == sorted(order, key=porting.STATUS_ORDER.index)


# -- the command ------------------------------------------------------------------------

def run(capsys, *args):
    code = main([*map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", ["r.md", "r.html", "r.json"])
def test_report_command_writes_each_format(project, tmp_path, capsys, name):
    code, out, err = run(capsys, "report", project, "-o", tmp_path / name)
    assert code == 0 and out == "" and "blocked" in err
    text = (tmp_path / name).read_text(encoding="utf-8")
    if name.endswith(".json"):
        rep = json.loads(text)
        assert list(rep)[:4] == ["schema_version", "tool", "project", "summary"]
        assert rep["summary"]["files_scanned"] == 1 and rep["readiness"]["verdict"] == "blocked"
    else:
        for word in ("Readiness", "Compile coverage", "Operators", "Custom kernels", "Dynamic shapes",
                     "Dependencies", "Next steps", "quantized_max_pool2d", "unverified"):
            assert word in text, word


def test_report_without_output_prints_markdown_to_stdout(project, tmp_path, capsys):
    code, out, err = run(capsys, "report", project)
    assert code == 0 and out.startswith("## Neuron porting report") and "Next steps" in out
    assert err.startswith("report: blocked")  # the summary line stays on stderr
    _, quiet_out, quiet_err = run(capsys, "report", project, "-q")
    assert quiet_out == out and quiet_err == ""


def test_report_format_comes_from_the_extension(project, tmp_path, capsys):
    code, _, err = run(capsys, "report", project, "-o", tmp_path / "r.pdf")
    assert code == 2 and "cannot tell the report format" in err


def test_html_is_self_contained(project, tmp_path, capsys):
    import re

    run(capsys, "report", project, "-o", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Content-Security-Policy" in page
    assert "default-src 'none'" in page
    for fetch in ("<script", "<link", "@import", "url(", " src="):  # nothing is fetched
        assert fetch not in page, fetch
    anchors = set(re.findall(r' id="([^"]+)"', page))
    for href in re.findall(r' href="([^"]+)"', page):  # links: in the page, or to the source
        if href.startswith("#"):
            assert href[1:] in anchors, href
        else:
            assert href.split("#")[0] == "proj/model.py", href
    assert page.count("<svg") == 2  # the gauges; bars are HTML rows


def test_html_links_rules_and_locations_and_lists_every_location(tmp_path):
    fs = [finding("NM301", "warning", message=f"`nonzero` has a data-dependent shape", path=f"pkg/m{i}.py", line=i)
          for i in range(1, 8)]
    rep = porting.build(doc(fs))
    page = html.render_report(rep, html.Links("vscode", str(tmp_path), str(tmp_path)))
    assert '<a href="#rule-nm301"><code class="rule">NM301</code></a>' in page
    assert 'id="rule-nm301"' in page and "Use instead" in page
    assert f'href="vscode://file{tmp_path.as_posix()}/pkg/m7.py:7"' in page
    assert "<details class=\"all\"><summary>all 7</summary>" in page and page.count("pkg/m7.py:7</code>") >= 1
    rel = html.render_report(rep, html.Links("relative", str(tmp_path / "src"), str(tmp_path / "out")))
    assert 'href="../src/pkg/m1.py#L1"' in rel
    assert "href=\"../" not in html.render_report(rep, html.Links("none", str(tmp_path), str(tmp_path)))


def test_report_is_deterministic(project, tmp_path, capsys):
    run(capsys, "report", project, "-o", tmp_path / "a.html")
    run(capsys, "report", project, "-o", tmp_path / "b.html")
    assert (tmp_path / "a.html").read_bytes() == (tmp_path / "b.html").read_bytes()


# -- what it looks like: a screenshot in headless Chromium --------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRED = os.environ.get("NEURON_MIGRATE_REQUIRE_CHROMIUM") == "1"  # set by .ci/run


def screenshot(page: Path, png: Path, profile: Path, size: str = "1280,1400") -> None:
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
                    f"--user-data-dir={profile}", f"--window-size={size}", f"--screenshot={png}",
                    page.as_uri()], check=True, capture_output=True, timeout=120)


FIXTURES = Path(__file__).parent.parent / "fixtures"


def real_sized_tree(root: Path) -> Path:
    """A project of a few hundred files as real ones are laid out: a library package with
    deep folders and long names (written from our own fixtures), scripts, tests, examples,
    vendored code, a CUDA kernel and manifests."""
    proj = root / "visionkit"
    inputs = sorted(p.read_text(encoding="utf-8") for p in (FIXTURES / "checks").glob("*/input.py"))
    assert len(inputs) > 40
    (proj / "visionkit").mkdir(parents=True)
    (proj / "visionkit" / "__init__.py").write_text("")
    n = 0
    for area in ("models", "layers", "data", "ops"):
        for depth in ("", "experimental/detection_heads_and_necks"):
            folder = proj / "visionkit" / area / depth
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "__init__.py").write_text("")
            for i in range(30):
                name = f"module_{i:02d}_with_a_rather_long_descriptive_name_for_layout.py"
                (folder / name).write_text(inputs[n % len(inputs)] + MODEL, encoding="utf-8")
                n += 1
    for folder, count in (("tests", 60), ("examples/notebooks_and_scripts", 15), ("third_party/fused", 10)):
        (proj / folder).mkdir(parents=True)
        for i in range(count):
            (proj / folder / f"test_case_{i:02d}.py").write_text(inputs[i % len(inputs)], encoding="utf-8")
    (proj / "visionkit" / "ops" / "csrc").mkdir()
    (proj / "visionkit" / "ops" / "csrc" / "deform_conv_cuda.cu").write_text(
        "__global__ void k(float* x) { x[threadIdx.x] = 0; }\n")
    (proj / "train.py").write_text("from visionkit.models.module_00_with_a_rather_long_descriptive_name_for_layout"
                                   " import Net\nmodel = Net().cuda()\n" + MODEL)
    (proj / "requirements.txt").write_text("torch==2.1.0+cu121\nflash-attn>=2.5\n"
                                           "cupy-cuda12x; sys_platform == 'darwin'\n")
    return proj


# Run in a test copy of the report (the report itself allows no script): every text that
# reaches past the right edge of its card or section, and every scroll box a table overflows.
OVERFLOW_PROBE = """<script>
const out = [];
for (const box of document.querySelectorAll('.card, section')) {
  const edge = box.getBoundingClientRect().right + 1;
  const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {  // text can reach past a box that fits
    const el = t.parentElement;
    if (el.closest('.scroll, pre') || !t.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    if (range.getBoundingClientRect().right > edge) out.push(el.tagName + ' ' + t.textContent.slice(0, 60));
  }
}
for (const s of document.querySelectorAll('.scroll'))
  if (s.scrollWidth > s.clientWidth + 1) out.push('scroll ' + s.textContent.slice(0, 60));
document.body.insertAdjacentHTML('beforeend', '<pre id="overflow">' + JSON.stringify(out) + '</pre>');
</script>"""


def overflowing(page: Path, tmp_path: Path, width: int) -> list[str]:
    import re

    probe = tmp_path / f"probe{width}.html"
    text = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page.read_text(encoding="utf-8"))
    probe.write_text(text.replace("</body>", OVERFLOW_PROBE + "</body>"), encoding="utf-8")
    dom = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          f"--user-data-dir={tmp_path / 'probe-profile'}", f"--window-size={width},1000",
                          "--dump-dom", probe.as_uri()], check=True, capture_output=True, timeout=120, text=True)
    import html as entities

    found = re.findall(r'<pre id="overflow">(\[.*?\])</pre>', dom.stdout, re.S)
    assert found, "the probe did not run"
    return json.loads(entities.unescape(found[-1]))


def _rgb(hex_colour: str) -> tuple[int, ...]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.skipif(CHROMIUM is None and not REQUIRED,
                    reason="chromium is not installed here (.ci/run installs it for CI)")
def test_html_report_of_a_real_sized_tree_renders_in_chromium(tmp_path, capsys):
    from PIL import Image

    assert CHROMIUM, "CI must install chromium (see .ci/run)"
    proj = real_sized_tree(tmp_path)
    code, _, err = run(capsys, "report", proj, "-o", tmp_path / "r.html", "--no-cache")
    assert code == 0, err
    rep_files = len(list(proj.rglob("*.py")))
    assert rep_files > 300
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<details" in page and 'href="#rule-nm101"' in page and "Effort:" in page

    for width, height in ((1280, 9000), (800, 3000)):
        png = tmp_path / f"r{width}.png"
        screenshot(tmp_path / "r.html", png, tmp_path / "profile", f"{width},{height}")
        img = Image.open(png).convert("RGB")
        assert img.size == (width, height)
        assert len(img.getcolors(maxcolors=1 << 20)) > 200  # text, charts and cards, not a blank page
        # nothing spills out of the cards: the page's right margin holds only the background
        margin = (1206, 0, width, height) if width == 1280 else (width - 20, 0, width, height)
        region = img.crop(margin)
        background = _rgb("#f6f8fa")
        stray = sum(n for n, c in region.getcolors(maxcolors=1 << 20)
                    if any(abs(a - b) > 6 for a, b in zip(c, background)))
        assert stray == 0, f"{stray} pixels outside the cards at width {width}"

    for width in (1280, 800):  # long paths wrap and tables fit: nothing reaches past its card
        assert overflowing(tmp_path / "r.html", tmp_path, width) == [], width

    img = Image.open(tmp_path / "r1280.png").convert("RGB")

    def pixels_near(rgb, box, tolerance=12):
        return sum(n for n, c in img.crop(box).getcolors(maxcolors=1 << 20)
                   if all(abs(a - b) <= tolerance for a, b in zip(c, rgb)))

    # the readiness gauge is drawn in the "blocked" red at the top of the page
    assert pixels_near(_rgb(html.VERDICT["blocked"]), (0, 0, 1280, 600)) > 500
    # the findings bars use the severity colours
    for sev in ("error", "warning"):
        assert pixels_near(_rgb(html.COLOURS[sev]), (0, 0, 1280, 9000)) > 300, sev


def test_work_items_read_as_a_person_names_the_work():
    from neuron_migrate.report import work

    fs = [finding("NM501", message="CUDA source file (6 __global__ kernels): rewrite it in NKI", path="k.cu"),
          finding("NM501", message="CUDA source file (CUDA code): rewrite it in NKI", path="launch.cu"),
          finding("NM203", message="`torch.fft.fft` makes or takes complex tensors: not supported", line=3),
          finding("NM203", message="complex64 tensor: complex dtypes are not supported", line=5),
          finding("NM115", message="nn.DataParallel is CUDA-only: use DistributedDataParallel"),
          # Megatron-LM: one person's work on `.is_cuda`, whatever the message adds after ';'
          finding("NM107", message="`.is_cuda` is always False on Neuron; left", line=7),
          finding("NM107", message="`.is_cuda` is always False on Neuron; left with the branch it gates", line=9),
          # YOLOX's nvidia-smi calls were "port `NVIDIA` (NM117)": a plain word before a space names nothing
          finding("NM117", message="NVIDIA tooling (nvidia-smi, NVML): use neuron-ls / neuron-top", line=11),
          finding("NM117", message="imports pynvml (NVML): use neuron-monitor / neuron-top", line=13)]
    items = {i["title"]: i for i in work.items(fs, lambda p: "library", porting._location)}
    kernel = items["port k.cu to NKI"]
    assert (kernel["sites"], kernel["low"], kernel["high"]) == (6, 8 + 5 * 4, 40 + 5 * 16)
    assert items["port the CUDA host code in launch.cu"]["kind"] == "api"
    assert items["replace complex tensors (NM203)"]["sites"] == 2  # the fft and the complex64: one change
    assert "port `nn.DataParallel` (NM115)" in items
    assert items["port `.is_cuda` (NM107)"]["sites"] == 2
    assert "port NVIDIA tooling (nvidia-smi, NVML) (NM117)" in items and "port `pynvml` (NM117)" in items


def test_scope_option_and_config_table(tmp_path, capsys):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "m.py").write_text("import torch\nx = torch.zeros(1).cuda()\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_m.py").write_text("import torch\ny = torch.zeros(1).cuda()\n")
    code, out, _ = run(capsys, "scan", tmp_path, "-f", "json", "--scope", "tests", "--no-cache")
    doc = json.loads(out)
    assert {f["path"] for f in doc["findings"]} == {"tests/test_m.py"} and doc["scopes"] == {
        "tests": {"files": 1, "findings": 1}}
    code, _, err = run(capsys, "scan", tmp_path, "--scope", "librar")
    assert code == 2 and "unknown scope 'librar'" in err
    (tmp_path / "pyproject.toml").write_text('[tool.neuron-migrate]\nscopes = { vendored = ["pkg/"] }\n')
    _, out, _ = run(capsys, "scan", tmp_path, "-f", "json", "--no-cache", "--fail-on", "never")
    assert {f["path"]: f["scope"] for f in json.loads(out)["findings"]}["pkg/m.py"] == "vendored"
    (tmp_path / "pyproject.toml").write_text('[tool.neuron-migrate]\nscopes = { product = ["pkg/"] }\n')
    code, _, err = run(capsys, "scan", tmp_path)
    assert code == 2 and "unknown scope 'product'" in err and "Traceback" not in err


def test_a_recompile_place_counts_once_however_many_forwards_reach_it():
    """stylegan2-ada: the layers of training/networks.py each reach the same resampling helpers;
    the assumed row said 77 expected recompiles beside a list of 12 places."""
    from neuron_migrate.report import entries

    place = {"path": "ops.py", "line": 9, "function": "resample", "why": "compiled again"}
    other = {**place, "line": 20, "function": "pad"}
    given = [{"path": "net.py", "expected_recompiles": 2, "recompile_sources": [place, other]},
             {"path": "net.py", "expected_recompiles": 1, "recompile_sources": [place]},
             {"path": "head.py", "expected_recompiles": 1, "recompile_sources": [place]},
             {"path": "head.py", "expected_recompiles": 2}]  # an older scan: counted, not placed
    per_file = entries._recompiles_per_file(given, {"findings": []})
    assert per_file == {"net.py": 2, "head.py": 3}
    rows = [{"statements": 5, "share": 1.0, "graphs": 1, "recompiles": per_file[p],
             "sources": entries._sources_per_file(given)[p]} for p in ("net.py", "head.py")]
    (row,) = entries._everything(rows)
    assert row["recompiles"] == 4 and row["sources"] == [place, other]  # 2 places, and head.py's 2 unplaced


def test_cuda_code_behind_a_cuda_guard_does_not_block_a_first_run():
    """karpathy/nanochat's attention loader returns None unless torch.cuda.is_available(), then
    reads get_device_capability() to pick FlashAttention 3, and its dtype choice asks the same
    behind `if torch.cuda.is_available():`. Left unfixed (compute capability has no Neuron
    meaning), neither stops a first run: on a Neuron host the guard is false and the fallback
    runs. They are warnings; an unguarded get_device_capability() still blocks, and so does an
    availability question whose "no" raises."""
    from neuron_migrate.models import Severity
    from neuron_migrate.report import work
    from neuron_migrate.testing import findings_of

    code = ("import torch\n\n\ndef pick_dtype():\n    if torch.cuda.is_available():\n"
            "        major, _ = torch.cuda.get_device_capability()\n        if major >= 8:\n"
            "            return torch.bfloat16\n    return torch.float32\n\n\n"
            "def load_kernel():\n    if not torch.cuda.is_available():\n        return None\n"
            "    major, _ = torch.cuda.get_device_capability()\n    return major\n\n\n"
            "MAJOR, _ = torch.cuda.get_device_capability()\n\n\n"
            "def need():\n    if not torch.cuda.is_available():\n        raise RuntimeError('CUDA required')\n"
            "    return torch.cuda.get_device_capability()\n")
    found = {(f.line, f.code): f for f in findings_of(code)}
    assert {k: f.severity for k, f in found.items() if f.code in ("NM103", "NM104")} == {
        (5, "NM103"): Severity.WARNING, (6, "NM104"): Severity.WARNING, (13, "NM103"): Severity.WARNING,
        (15, "NM104"): Severity.WARNING, (19, "NM104"): Severity.ERROR, (23, "NM103"): Severity.ERROR,
        (25, "NM104"): Severity.WARNING}
    assert found[(6, "NM104")].message.endswith("(it runs only where CUDA is, not on Neuron)")
    assert found[(5, "NM103")].message.endswith("(it answers no on Neuron)")
    dicts = [finding(f.code, f.severity.name.lower(), f.fix and f.fix.applicability.value, f.message, line=f.line)
             for f in found.values()]
    assert work.readiness(dicts, porting._location)["blocking"] == 2


def test_an_aliased_import_an_inherited_forward_and_alternative_branches(tmp_path):
    """RVC's train.py imports its synthesizer as ``from models import SynthesizerTrnMs256NSFsid as
    RVC_Model_f0`` (in v2 a subclass with no forward of its own) and builds it or the ``_nono``
    variant under ``if hps.if_f0 == 1: ... else: ...``; its data loader calls ``torch.Generator()``,
    no class of the scan. A run builds one of the two: the graphs count the one with the most. An
    inherited forward that only raises (torchrl's ``EnvBase``) is no entry."""
    (tmp_path / "models.py").write_text(
        "import torch\nclass Generator(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
        "class Synth(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
        "class Synth768(Synth):\n    pass\n"
        "class SynthNoF0(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
        "class Disc(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
        "class Env(torch.nn.Module):\n    def forward(self, x):\n        raise NotImplementedError\n"
        "class GymEnv(Env):\n    pass\n")
    (tmp_path / "data_utils.py").write_text("import torch\nclass Loader:\n    def __init__(self):\n"
                                            "        self.g = torch.Generator()\n")
    (tmp_path / "train.py").write_text(
        "from models import Synth768 as Model_f0, SynthNoF0 as Model_nof0, Disc, GymEnv\nfrom data_utils import Loader\n"
        "loader, env = Loader(), GymEnv()\nif f0:\n    net_g = Model_f0(1)\nelse:\n    net_g = Model_nof0(1)\nnet_d = Disc()\n")

    def entry(name, graphs, recompiles):
        return {"entry": f"models.py:{name}.forward", "path": "models.py", "function": f"{name}.forward",
                "estimated_coverage": 1.0, "expected_graphs": graphs, "expected_recompiles": recompiles,
                "statements": 4}
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "entries_source": "assumed",
           "entries": [entry("Generator", 1, 0), entry("Synth", 8, 0), entry("SynthNoF0", 3, 2), entry("Disc", 1, 0), entry("Env", 1, 0)],
           "modules": [{"path": "models.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 16,
                        "functions": [{"name": f"{n}.forward"} for n in ("Generator", "Synth", "SynthNoF0", "Disc", "Env")]}]}
    d = {**doc([], coverage=cov), "paths": ["data_utils.py", "models.py", "train.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [e["entry"] for e in view["entries"]] == ["Synth.forward", "SynthNoF0.forward", "Disc.forward"]
    assert (view["graphs"], view["recompiles"]) == (9, 0)
    assert ("; `Synth.forward` and `SynthNoF0.forward` are built in different branches of the `if` at `train.py:4`: "
            "a run builds one of them, so the expected graphs and recompiles count the one with the most graphs"
            ) in view["assumption"]
    # built one after the other, both run
    (tmp_path / "train.py").write_text("from models import Synth768 as Model_f0, SynthNoF0 as Model_nof0, Disc\n"
                                       "net_g = Model_f0(1)\nnet_h = Model_nof0(1)\nnet_d = Disc()\n")
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert (view["graphs"], view["recompiles"]) == (12, 2) and "different branches" not in view["assumption"]
    # a module of the scan named through its import is the scan's class, torch's is not
    (tmp_path / "train.py").write_text("import models\nimport torch\ng = torch.Generator()\nnet = models.Generator()\n")
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [e["entry"] for e in view["entries"]] == ["Generator.forward"]


def test_a_module_the_scripts_build_with_no_forward_is_named_with_its_methods(tmp_path):
    """OpenVoice's notebooks build ``ToneColorConverter``, whose base class builds ``SynthesizerTrn``, an
    nn.Module with no ``forward``: users run ``infer`` or ``voice_conversion``, which the assumed
    forwards do not estimate. The report names the class, its methods and the ``--entry`` that
    estimates one."""
    (tmp_path / "models.py").write_text(
        "from torch import nn\nclass Encoder(nn.Module):\n    def forward(self, x):\n        return x\n"
        "class Synth(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.enc = Encoder()\n"
        "    def infer(self, x):\n        return self.enc(x)\n    def voice_conversion(self, y):\n        return self.enc(y)\n"
        "    def _helper(self):\n        pass\n")
    (tmp_path / "api.py").write_text(
        "from models import Synth\nclass Base:\n    def __init__(self):\n        self.model = Synth()\n"
        "class Converter(Base):\n    def convert(self, y):\n        return self.model.voice_conversion(y)\n")
    (tmp_path / "demo.py").write_text("from api import Converter\nconverter = Converter()\n")
    entry = {"entry": "models.py:Encoder.forward", "path": "models.py", "function": "Encoder.forward",
             "estimated_coverage": 1.0, "expected_graphs": 1, "expected_recompiles": 0, "statements": 1}
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "entries_source": "assumed", "entries": [entry],
           "modules": [{"path": "models.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 4,
                        "functions": [{"name": "Encoder.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["api.py", "demo.py", "models.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert view["assumption"].endswith(
        " The scripts build `Synth` (models.py), a module with no `forward`: it is run through its methods (`infer`, "
        "`voice_conversion`), which these figures do not estimate; name the one you compile (`--entry "
        "models.py:Synth.infer`) to have it estimated.")
    # a class with a forward of its own, or no nn.Module, is no such class
    (tmp_path / "models.py").write_text((tmp_path / "models.py").read_text().replace("class Synth(nn.Module)", "class Synth"))
    assert "no `forward`" not in porting.build(d, root=str(tmp_path))["compile_coverage"]["assumption"]


def test_a_model_built_by_its_registered_name_is_that_class(tmp_path):
    """CodeFormer's inference script builds ``ARCH_REGISTRY.get('CodeFormer')(...)``, and
    ``@ARCH_REGISTRY.register()`` keys the class by its name: that class is the entry. A name no
    class is registered under with that registry names none."""
    (tmp_path / "arch.py").write_text(
        "from torch import nn\nfrom registry import ARCH_REGISTRY\n@ARCH_REGISTRY.register()\n"
        "class CodeFormer(nn.Module):\n    def forward(self, x):\n        return x\n"
        "class Plain(nn.Module):\n    def forward(self, x):\n        return x\n")
    (tmp_path / "inference.py").write_text(
        "from registry import ARCH_REGISTRY\nnet = ARCH_REGISTRY.get('CodeFormer')(dim=512)\n"
        "other = ARCH_REGISTRY.get('Plain')()\n")

    def entry(name):
        return {"entry": f"arch.py:{name}.forward", "path": "arch.py", "function": f"{name}.forward",
                "estimated_coverage": 1.0, "expected_graphs": 1, "expected_recompiles": 0, "statements": 1}
    cov = {"formula": "f", "estimated_coverage": 1.0, "expected_graphs": 1, "entries_source": "assumed",
           "entries": [entry("CodeFormer"), entry("Plain")],
           "modules": [{"path": "arch.py", "estimated_coverage": 1.0, "expected_graphs": 1, "statements": 2,
                        "functions": [{"name": "CodeFormer.forward"}, {"name": "Plain.forward"}]}]}
    d = {**doc([], coverage=cov), "paths": ["arch.py", "inference.py"], "root": str(tmp_path)}
    view = porting.build(d, root=str(tmp_path))["compile_coverage"]
    assert [e["entry"] for e in view["entries"]] == ["CodeFormer.forward"]
