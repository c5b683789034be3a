"""scan --format sarif|github|markdown: SARIF validates against the OASIS schema, annotations escape."""

import json
from pathlib import Path

import jsonschema
import pytest

from neuron_migrate.cli import main
from neuron_migrate.report import github, markdown, porting

SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text())


def run(capsys, *args):
    code = main([*map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = tmp_path / "repo"
    files = {
        "src/train.py": "import torch\nx = torch.zeros(3, device=\"cuda\")\ntorch.backends.cudnn.benchmark = True\n"
                        "g = torch.cuda.CUDAGraph()  # neuron-migrate: ignore[NM101]\n",
        "src/módulo, v2.py": "import torch\nprint 'py2'\n",  # NM901; a name that needs escaping
        "src/ok.py": "y = 1  # neuron-migrate: ignore\n",  # NM905 alone
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    monkeypatch.chdir(root)
    return root


def validate(doc: dict) -> None:
    cls = jsonschema.validators.validator_for(SCHEMA)
    cls.check_schema(SCHEMA)
    cls(SCHEMA, format_checker=cls.FORMAT_CHECKER).validate(doc)


def test_sarif_validates_and_every_result_has_a_physical_location(project, capsys):
    code, out, _ = run(capsys, "scan", "src", "--format", "sarif")
    doc = json.loads(out)
    validate(doc)
    assert code == 1 and doc["version"] == "2.1.0"
    run_ = doc["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    results = run_["results"]
    assert {r["ruleId"] for r in results} == {"NM101", "NM104", "NM109", "NM901", "NM905"}
    for r in results:
        loc = r["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"] and loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
        # a file that was not analysed has no baseline fingerprint (it is never baselined)
        assert ("partialFingerprints" in r) == (r["ruleId"] != "NM901")
    where = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
              r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results}
    # paths are relative to the working directory (the repository root in CI), percent-encoded
    assert ("NM104", "src/train.py", 4) in where
    assert ("NM901", "src/m%C3%B3dulo%2C%20v2.py", 2) in where
    assert ("NM905", "src/train.py", 4) in where


def test_rules_carry_descriptions_and_a_help_uri_into_the_rules_docs(project, capsys, monkeypatch):
    _, out, _ = run(capsys, "scan", "src", "--format", "sarif")
    driver = json.loads(out)["runs"][0]["tool"]["driver"]
    assert "informationUri" not in driver  # no published address is assumed
    assert all("helpUri" not in r and "Use instead" in r["help"]["text"] for r in driver["rules"])

    monkeypatch.setenv("NEURON_MIGRATE_RULES_URL", "https://docs.example.test/neuron-migrate/rules.md")
    _, out, _ = run(capsys, "scan", "src", "--format", "sarif")
    rules = json.loads(out)["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == sorted(r["id"] for r in rules)
    for r in rules:
        assert r["shortDescription"]["text"] and r["fullDescription"]["text"]
        assert r["help"]["text"] and r["help"]["markdown"]
        assert r["helpUri"] == f"https://docs.example.test/neuron-migrate/rules.md#{r['id'].lower()}"
        assert r["defaultConfiguration"]["level"] in ("error", "warning", "note")
    # the anchors exist in the reference docs/rules.md is generated from
    from neuron_migrate.rules_doc import reference

    text = reference()
    assert all(f'<a id="{r["id"].lower()}"></a>' in text for r in rules)


def test_sarif_outside_the_working_directory_uses_absolute_file_uris(project, capsys, monkeypatch,
                                                                     tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    _, out, _ = run(capsys, "scan", project / "src" / "train.py", "--format", "sarif")
    doc = json.loads(out)
    validate(doc)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in doc["runs"][0]["results"]}
    assert uris == {(project / "src" / "train.py").as_uri()}


def test_sarif_is_deterministic_and_columns_are_code_points(project, capsys):
    a = run(capsys, "scan", "src", "--format", "sarif")[1]
    b = run(capsys, "scan", "src", "--format", "sarif")[1]
    assert a == b
    assert json.loads(a)["runs"][0]["columnKind"] == "unicodeCodePoints"


def test_clean_project_gives_valid_sarif_with_no_results(tmp_path, capsys, monkeypatch):
    (tmp_path / "a.py").write_text("x = 1\n")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "scan", ".", "--format", "sarif", "-o", "out.sarif")
    assert code == 0 and out == ""
    doc = json.loads((tmp_path / "out.sarif").read_text())
    validate(doc)
    assert doc["runs"][0]["results"] == []


# -- github annotations ---------------------------------------------------------------

def test_escaping_follows_the_runner_rules():
    assert github.escape_data("50% done\r\nnext") == "50%25 done%0D%0Anext"
    assert github.escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"
    line = github.annotation("error", "x:: y\n", file="a, b:c.py", line=3, col=None, title="T")
    assert line == "::error file=a%2C b%3Ac.py,line=3,title=T::x:: y%0A"


def test_github_format(project, capsys):
    code, out, _ = run(capsys, "scan", "src", "--format", "github")
    lines = out.splitlines()
    assert code == 1
    assert ("::error file=src/train.py,line=4,endLine=4,col=5,endColumn=25,"
            "title=NM104 cuda-api-without-twin::") in "\n".join(lines)
    assert any(line.startswith("::warning file=src/train.py,line=3,") for line in lines)
    assert any(line.startswith("::error file=src/módulo%2C v2.py,line=2,") for line in lines)
    assert all(line.startswith(("::error ", "::warning ", "::notice ")) for line in lines)


def test_info_is_a_notice(tmp_path, capsys, monkeypatch):
    (tmp_path / "a.py").write_text('import torch\nprint(torch.version.cuda)\n')
    monkeypatch.chdir(tmp_path)
    _, out, _ = run(capsys, "scan", ".", "--format", "github", "--select", "NM1", "--fail-on", "never")
    severities = {line.split(" ", 1)[0] for line in out.splitlines()}
    assert severities <= {"::error", "::warning", "::notice"} and out


# -- markdown --------------------------------------------------------------------------

def test_markdown_format_is_the_porting_report(project, capsys):
    code, out, _ = run(capsys, "scan", "src", "--format", "markdown")
    assert code == 1
    assert out.startswith("## Neuron porting report: src")
    assert "### Next steps" in out and "NM104" in out


def _doc(n_findings: int) -> dict:
    findings = [{"code": "NM104", "rule": "cuda-api-without-twin", "severity": "error", "category": "api",
                 "path": f"pkg/module_{i // 10:05d}.py", "line": i % 10 + 1, "column": 1, "end_line": i % 10 + 1,
                 "end_column": 9, "message": f"torch.cuda.thing_{i}: no twin on Neuron", "fix": None}
                for i in range(n_findings)]
    return {"tool": {"name": "neuron-migrate", "version": "0", "capabilities_version": "x"},
            "summary": {"findings": n_findings, "by_severity": {"error": n_findings},
                        "by_category": {"api": n_findings}, "fixable": {"safe": 0, "unsafe": 0},
                        "files_with_findings": n_findings // 10, "lines_scanned": n_findings},
            "findings": findings, "files": {"scanned": n_findings // 10, "skipped": []},
            "compile_coverage": None}


def test_markdown_fits_a_pull_request_comment_and_says_what_it_cut():
    rep = porting.build(_doc(20_000))
    text = markdown.fit(rep)
    assert len(text.encode("utf-16-le")) // 2 <= markdown.MAX_CHARS
    assert "… and" in text and "more" in text
    assert "### Next steps" in text  # the end of the report survives the cut


def test_small_report_is_not_cut():
    text = markdown.fit(porting.build(_doc(30)))
    # each finding once in its family's table and once as a work item ("port torch.cuda.thing_N")
    assert "… and" not in text and text.count("torch.cuda.thing_") == 60


@pytest.mark.parametrize("fmt", ["sarif", "github", "markdown", "json", "text"])
def test_output_into_a_missing_folder_is_exit_2(tmp_path, capsys, fmt):
    (tmp_path / "a.py").write_text("x = 1\n")
    code, _, err = run(capsys, "scan", tmp_path, "-f", fmt, "-o", tmp_path / "missing" / "out")
    assert code == 2 and "cannot write" in err and "Traceback" not in err


def _notebook(cells: list[list[str]]) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                  "source": src} for src in cells],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def test_notebook_findings_point_at_their_line_of_the_json(tmp_path, capsys, monkeypatch):
    text = _notebook([["import torch\n", "x = 1\n"], ["y = 2\n", "g = torch.cuda.CUDAGraph()\n"]])
    (tmp_path / "nb.ipynb").write_text(text)
    json_line = next(i for i, line in enumerate(text.splitlines(), 1) if "CUDAGraph" in line)
    monkeypatch.chdir(tmp_path)
    _, out, _ = run(capsys, "scan", ".", "--format", "sarif")
    doc = json.loads(out)
    validate(doc)
    result = next(r for r in doc["runs"][0]["results"] if r["ruleId"] == "NM104")
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": json_line, "endLine": json_line}
    assert result["message"]["text"].endswith("(cell 2, line 2)")
    _, out, _ = run(capsys, "scan", ".", "--format", "github")
    assert f"::error file=nb.ipynb,line={json_line},endLine={json_line},title=NM104" in out


def test_markdown_with_a_baseline_says_what_it_left_out(project, capsys):
    assert run(capsys, "baseline", "src", "-o", "b.json")[0] == 0
    code, out, _ = run(capsys, "scan", "src", "--format", "markdown", "--baseline", "b.json")
    assert code == 1  # the unparseable file is never baselined
    assert "in the baseline, not counted" in out and "| known, in the baseline |" in out
