"""docs/ci.md and .pre-commit-hooks.yaml: the commands and workflow they show are real."""

import re
import shlex
from pathlib import Path

import pytest
import yaml

from neuron_migrate.cli import main

ROOT = Path(__file__).parent.parent
DOC = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
HOOK_KEYS = {"id", "name", "entry", "language", "description", "types_or", "require_serial", "args"}


def yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", DOC, re.S)


def commands() -> list[str]:
    """Every `neuron-migrate ...` line in the doc's code blocks."""
    found = []
    for block in re.findall(r"```(?:bash|yaml)\n(.*?)```", DOC, re.S):
        for line in block.splitlines():
            m = re.search(r"(?:run: |^)(neuron-migrate [^#\n]*)", line.strip())
            if m:
                found.append(m.group(1).strip())
    return found


def test_yaml_in_the_doc_parses_and_the_workflow_uploads_sarif():
    blocks = [yaml.safe_load(b) for b in yaml_blocks()]
    workflow = next(b for b in blocks if isinstance(b, dict) and "jobs" in b)
    steps = workflow["jobs"]["trainium-readiness"]["steps"]
    uses = [s.get("uses", "") for s in steps]
    assert any(u.startswith("github/codeql-action/upload-sarif@") for u in uses)
    assert workflow["permissions"]["security-events"] == "write"
    scan = next(s for s in steps if s.get("name") == "Scan")
    upload = next(s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif"))
    assert upload["if"] == "always()" and upload["with"]["sarif_file"] in scan["run"]


@pytest.mark.parametrize("command", commands())
def test_every_command_in_the_doc_runs(command, tmp_path, monkeypatch, capsys):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "model.py").write_text("import torch\nx = torch.zeros(1).cuda()\n")
    monkeypatch.chdir(tmp_path)
    assert main(["baseline", ".", "-o", "neuron-baseline.json", "-q"]) == 0
    args = shlex.split(command)[1:]
    code = main(args)
    _, err = capsys.readouterr()
    assert code in (0, 1), (command, err)
    assert "Traceback" not in err


def test_pre_commit_hooks_run(tmp_path, monkeypatch, capsys):
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert [h["id"] for h in hooks] == ["neuron-migrate", "neuron-migrate-fix-check"]
    (tmp_path / "a.py").write_text("import torch\nx = torch.zeros(1).cuda()\n")
    monkeypatch.chdir(tmp_path)
    for hook in hooks:
        assert set(hook) <= HOOK_KEYS and {"id", "name", "entry", "language"} <= set(hook)
        argv = shlex.split(hook["entry"])
        assert argv[0] == "neuron-migrate"
        assert main(argv[1:] + ["a.py"]) == 1, hook["id"]  # a pending safe fix / an error finding
        capsys.readouterr()
    # after the fix, the fix-check hook passes
    assert main(["fix", "--apply", "-q", "a.py"]) == 0
    assert main(shlex.split(hooks[1]["entry"])[1:] + ["a.py"]) == 0


def test_the_install_lines_work_without_a_published_package():
    """No bare `pip install neuron-migrate` (the name is not on PyPI): a git URL or a wheel."""
    from packaging.requirements import Requirement

    blocks = "\n".join(re.findall(r"```(?:bash|yaml)\n(.*?)```", DOC, re.S))
    lines = [m.group(1) for m in re.finditer(r"pip install (.+?)(?:\s+#.*)?$", blocks, re.M)]
    assert lines and not any(shlex.split(x)[0] == "neuron-migrate" for x in lines)
    for line in lines:
        target = shlex.split(line)[0]
        if target.startswith("neuron-migrate @"):
            req = Requirement(target.replace("${{ vars.NEURON_MIGRATE_GIT }}", "https://example.org/x")
                              .replace("${{ vars.NEURON_MIGRATE_REF }}", "v1"))
            assert req.name == "neuron-migrate" and req.url.startswith("git+")
        else:
            assert target.endswith(".whl"), line
