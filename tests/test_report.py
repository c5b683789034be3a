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

def test_readiness_share_and_verdict():
    r = porting.readiness([])
    assert (r["score"], r["verdict"]) == (100.0, "ready after fix")
    safe = finding("NM101", fix="safe")
    r = porting.readiness([safe, safe, safe, finding("NM118", "info")])
    assert (r["score"], r["verdict"]) == (100.0, "ready after fix")  # info does not count
    r = porting.readiness([safe, finding("NM109", "warning", fix="unsafe")])
    assert (r["score"], r["verdict"], r["blocking"]) == (50.0, "needs review", 0)
    r = porting.readiness([safe, safe, safe, finding("NM104")])
    assert (r["score"], r["verdict"], r["blocking"]) == (75.0, "blocked", 1)


def test_effort_formula():
    kernel = finding("NM502", message="Triton kernel: port to NKI")
    e = porting.effort([kernel, kernel, kernel,  # 16 h, then a quarter of that for each repeat
                        finding("NM201"),  # 2 h
                        finding("NM109", "warning", fix="unsafe"),  # review: 0.1 h
                        finding("NM101", fix="safe"), finding("NM118", "info"),  # no manual work
                        finding("NM777", "warning")])  # a family the table does not know: 1 h
    assert e["manual_items"] == 6
    assert e["hours"] == pytest.approx(16 + 4 + 4 + 2 + 0.1 + 1, abs=0.05)
    assert e["by_family"] == {"NM1": 0.1, "NM2": 2.0, "NM5": 24.0, "NM7": 1.0}
    assert "first of a group costs its family's hours" in e["formula"]


def test_sections_follow_the_findings_so_new_rules_need_no_report_change():
    rep = porting.build(doc([finding("NM701", message="a new family"), finding("NM101", fix="safe")]))
    assert [f["prefix"] for f in rep["families"]] == ["NM1", "NM7"]
    assert rep["families"][1]["title"] == "Other (NM7xx)"
    md = markdown.fit(rep)
    page = html.render_report(rep)
    assert "### Other (NM7xx) (NM7xx)" in md and "a new family" in md
    assert "Other (NM7xx)" in page and "a new family" in page
    assert any(s["title"] == "Other (NM7xx)" for s in rep["next_steps"])


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
    assert view["overall"] == 0.75 and view["graphs"] == 3
    assert [m["module"] for m in view["modules"]] == ["m.py", "n.py"]
    assert view["breaks"] == [{"path": "m.py", "line": 7, "code": "NM403", "function": "Net.forward",
                               "skips_frame": True, "reason": view["breaks"][0]["reason"]}]
    assert view["breaks"][0]["reason"].startswith("print, logging")  # the rule's summary
    md = markdown.fit(rep)
    assert "**75%**, 3 expected graphs" in md and "`m.py:7`" in md and "whole frame runs eagerly" in md
    page = html.render_report(rep)
    assert "m.py" in page and "50%" in page


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


def test_report_format_comes_from_the_extension(project, tmp_path, capsys):
    code, _, err = run(capsys, "report", project, "-o", tmp_path / "r.pdf")
    assert code == 2 and "cannot tell the report format" in err


def test_html_is_self_contained(project, tmp_path, capsys):
    run(capsys, "report", project, "-o", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Content-Security-Policy" in page
    assert "default-src 'none'" in page
    for remote in ("http://", "https://", "<script", "<link", "@import", "url(", " src="):
        assert remote not in page, remote
    assert page.count("<svg") >= 4  # two gauges, categories, families, files, coverage


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


@pytest.mark.skipif(CHROMIUM is None and not REQUIRED,
                    reason="chromium is not installed here (.ci/run installs it for CI)")
def test_html_report_renders_in_chromium(project, tmp_path, capsys):
    from PIL import Image

    assert CHROMIUM, "CI must install chromium (see .ci/run)"

    run(capsys, "report", project, "-o", tmp_path / "r.html")
    png = tmp_path / "r.png"
    screenshot(tmp_path / "r.html", png, tmp_path / "profile")
    img = Image.open(png).convert("RGB")
    assert img.size == (1280, 1400)
    colours = img.getcolors(maxcolors=1 << 20)
    assert len(colours) > 200  # text, charts and cards, not a blank or error page

    def pixels_near(rgb, box=None, tolerance=12):
        region = img.crop(box) if box else img
        return sum(n for n, c in region.getcolors(maxcolors=1 << 20)
                   if all(abs(a - b) <= tolerance for a, b in zip(c, rgb)))

    # the readiness gauge is drawn in the "blocked" red in the top third of the page
    red = tuple(int(html.VERDICT["blocked"][i:i + 2], 16) for i in (1, 3, 5))
    assert pixels_near(red, (0, 0, 1280, 450)) > 500
    # the findings bars use the three severity colours
    for sev in ("error", "warning"):
        rgb = tuple(int(html.COLOURS[sev][i:i + 2], 16) for i in (1, 3, 5))
        assert pixels_near(rgb, (0, 400, 1280, 1000)) > 300, sev
