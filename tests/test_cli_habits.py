"""The habits people bring from ruff and semgrep (docs/cli.md: each row of its table is a test here)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from neuron_migrate.cli import main

ROOT = Path(__file__).parent.parent
DEVICE = 'import torch\nx = torch.zeros(3, device="cuda")\n'  # NM101, error, safe fix
FLAG = "import torch\ntorch.backends.cudnn.benchmark = True\n"  # NM109, warning, unsafe fix


def run(capsys, *args):
    code = main(list(map(str, args)))
    out, err = capsys.readouterr()
    return code, out, err


def cli(*args, cwd=None, env=None, stdin=None):
    """The command in a process of its own, as a shell runs it."""
    return subprocess.run([sys.executable, "-m", "neuron_migrate", *map(str, args)], cwd=cwd,
                          input=stdin, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


@pytest.fixture
def project(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "train.py").write_text(DEVICE)
    (tmp_path / "flags.py").write_text(FLAG)
    return tmp_path


# -- output formats ---------------------------------------------------------------------------

def test_concise_is_path_line_col_code_message_relative_to_the_current_folder(project, capsys, monkeypatch):
    monkeypatch.chdir(project / "pkg")
    code, out, _ = run(capsys, "scan", project, "--output-format", "concise")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == '../flags.py:2:1: NM109 torch.backends.cudnn.benchmark: cuDNN autotuning has no ' \
        'effect on Neuron; the compiler picks kernels per graph [~]' or lines[0].startswith(str(project))
    assert 'train.py:2:27: NM101 "cuda" device string: use "neuron" [*]' in lines
    assert lines[-1].startswith("2 findings in 2 of 2 files")
    monkeypatch.chdir(project)
    _, out, _ = run(capsys, "scan", ".", "-f", "concise")
    assert out.splitlines()[:2] == [
        "flags.py:2:1: NM109 torch.backends.cudnn.benchmark: cuDNN autotuning has no effect on Neuron; "
        "the compiler picks kernels per graph [~]",
        'pkg/train.py:2:27: NM101 "cuda" device string: use "neuron" [*]']


def test_full_groups_by_file_with_the_source_line_and_no_show_source_drops_it(project, capsys, monkeypatch):
    monkeypatch.chdir(project)
    _, full, _ = run(capsys, "scan", ".")  # full is the default
    assert full.startswith("flags.py\n  2:1 NM109 ")
    assert "      torch.backends.cudnn.benchmark = True\n" in full
    assert "Findings by category" in full
    _, bare, _ = run(capsys, "scan", ".", "--no-show-source")
    assert "torch.backends.cudnn.benchmark = True" not in bare and "2:1 NM109" in bare
    _, concise, _ = run(capsys, "scan", ".", "-f", "concise", "--show-source")
    assert "flags.py:2:1: NM109" in concise and "    torch.backends.cudnn.benchmark = True" in concise


def test_statistics_counts_per_code(project, capsys):
    (project / "more.py").write_text(DEVICE + 'y = torch.ones(1, device="cuda")\n')
    code, out, _ = run(capsys, "scan", project, "--statistics")
    assert code == 1
    assert out.splitlines() == ["3  NM101  [*] cuda-device-string", "1  NM109  [~] cuda-backend-flag"]
    _, out, _ = run(capsys, "scan", project, "--statistics", "-f", "json")
    assert json.loads(out)[0] == {"code": "NM101", "name": "cuda-device-string", "severity": "error",
                                  "count": 3, "fix": "safe"}


def test_json_says_what_paths_are_relative_to(project, capsys, monkeypatch):
    monkeypatch.chdir(project)
    _, out, _ = run(capsys, "scan", "pkg", "-f", "json")
    doc = json.loads(out)
    assert doc["files"]["root"] == "pkg" and doc["findings"][0]["path"] == "train.py"


def test_colour_follows_no_color_and_force_color(project):
    forced = cli("scan", project, env={"FORCE_COLOR": "1"})
    assert "\x1b[" in forced.stdout
    plain = cli("scan", project, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[" not in plain.stdout and "NM101" in plain.stdout
    assert "\x1b[" not in cli("scan", project).stdout  # a pipe is no terminal


# -- the gate -------------------------------------------------------------------------------------

def test_exit_zero(project, capsys):
    assert run(capsys, "scan", project, "-q")[0] == 1
    assert run(capsys, "scan", project, "-q", "--exit-zero")[0] == 0
    assert run(capsys, "fix", project, "-q", "--exit-zero")[0] == 0
    assert run(capsys, "scan", project / "nope", "--exit-zero")[0] == 2  # a usage error stays 2


@pytest.mark.parametrize("fmt", ["concise", "full", "json"])
def test_a_closed_pipe_is_quiet_and_keeps_the_gate_exit_code(project, fmt):
    for i in range(300):  # more output than a pipe buffer holds
        (project / f"m{i}.py").write_text(DEVICE * 5)
    shell = f"{sys.executable} -m neuron_migrate scan {project} -f {fmt} --no-cache | head -1; " \
            "exit ${PIPESTATUS[0]}"
    proc = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 1 and proc.stderr == "", proc.stderr
    assert len(proc.stdout.splitlines()) == 1


def test_fix_diff_into_a_closed_pipe(project):
    for i in range(200):
        (project / f"m{i}.py").write_text(DEVICE * 5)
    (project / "left.py").write_text("import torch\ng = torch.cuda.CUDAGraph()\n")  # NM104: blocks
    shell = f"{sys.executable} -m neuron_migrate fix {project} -q | head -2; exit ${{PIPESTATUS[0]}}"
    proc = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 1 and "Traceback" not in proc.stderr and "Broken" not in proc.stderr
    assert proc.stdout.startswith("--- a/")


def test_the_command_ends_as_sys_exit_would_without_the_teardown():
    """``__main__._leave``: the threads waited for, the atexit functions run, what stdout and
    stderr hold written, the exit code kept; no object is finalised (the teardown is skipped)."""
    code = ("import atexit, sys, threading, time\n"
            "from neuron_migrate.__main__ import _leave\n"
            "class Late:\n"
            "    def __del__(self): print('finalised')\n"
            "kept = Late()\n"
            "threading.Thread(target=lambda: (time.sleep(0.2), print('thread done'))).start()\n"
            "atexit.register(lambda: print('atexit ran'))\n"
            "sys.stdout.write('buffered, no newline')\n"
            "sys.stderr.write('to stderr')\n"
            "_leave(3)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 3
    assert proc.stdout == "buffered, no newline" "thread done\n" "atexit ran\n"  # no "finalised"
    assert proc.stderr == "to stderr"


# -- fixing from scan -----------------------------------------------------------------------------

def test_scan_fix_applies_safe_fixes_then_reports_what_is_left(project, capsys):
    code, out, err = run(capsys, "scan", project, "--fix", "-f", "concise")
    assert (project / "pkg" / "train.py").read_text() == DEVICE.replace('"cuda"', '"neuron"')
    assert (project / "flags.py").read_text() == FLAG  # unsafe: left
    assert "fixed 1 finding in 1 file" in err
    assert "NM101" not in out and "NM109" in out and code == 0  # a warning does not fail the gate
    code, out, _ = run(capsys, "scan", project, "--fix", "--unsafe-fixes", "-f", "concise")
    assert "NM109" not in out and (project / "flags.py").read_text() != FLAG


def test_unsafe_fixes_without_fix_is_a_usage_error(project, capsys):
    code, _, err = run(capsys, "scan", project, "--unsafe-fixes")
    assert code == 2 and "--unsafe-fixes goes with --fix" in err


# -- input ----------------------------------------------------------------------------------------

def test_stdin_with_a_file_name(project):
    proc = cli("scan", "-", "--stdin-filename", "pkg/model.py", "-f", "concise", cwd=project, stdin=DEVICE)
    assert proc.returncode == 1
    assert proc.stdout.startswith('pkg/model.py:2:27: NM101 "cuda" device string')
    notebook = cli("scan", "-", "--stdin-filename", "requirements.txt", "-f", "json", cwd=project,
                   stdin="torch==2.5.1+cu121\n")
    assert {f["code"] for f in json.loads(notebook.stdout)["findings"]} >= {"NM602"}  # the kind follows the name


def test_stdin_reads_the_config_of_the_named_file(project):
    (project / "pyproject.toml").write_text('[tool.neuron-migrate]\nignore = ["NM101"]\n')
    proc = cli("scan", "-", "--stdin-filename", "pkg/model.py", cwd=project, stdin=DEVICE)
    assert proc.returncode == 0 and "No findings" in proc.stdout


def test_stdin_filename_without_dash_is_a_usage_error(project, capsys):
    code, _, err = run(capsys, "scan", project, "--stdin-filename", "x.py")
    assert code == 2 and "give `-` as the PATH" in err


# -- forgiving input ----------------------------------------------------------------------------

def test_mistyped_command_suggests_the_right_one(capsys):
    code, _, err = run(capsys, "scna", ".")
    assert code == 2 and "Did you mean 'scan'" in err and "Traceback" not in err


def test_mistyped_option_suggests_the_right_one(project, capsys):
    code, _, err = run(capsys, "scan", project, "--fial-on", "warning")
    assert code == 2 and "No such option: --fial-on. Did you mean --fail-on?" in err


def test_mistyped_rule_code_suggests_near_codes(capsys):
    code, _, err = run(capsys, "explain", "NM1011")
    assert code == 2 and "did you mean" in err and "NM101" in err


def test_bad_option_values_are_usage_errors(project, capsys):
    for args, words in ((["-j", "0"], "0 is less than 1"), (["-j", "x"], "'x' is not a whole number"),
                        (["--fail-on", "bogus"], "'bogus' is not one of 'error'")):
        code, _, err = run(capsys, "scan", project, *args)
        assert code == 2 and words in err, err


def test_underscore_table_is_read_as_the_config(project, capsys):
    (project / "pyproject.toml").write_text('[tool.neuron_migrate]\nignore = ["NM1"]\n')
    assert run(capsys, "scan", project, "-q")[0] == 0
    (project / "pyproject.toml").write_text('[tool.neuron_migrate]\nignroe = ["NM1"]\n')
    code, _, err = run(capsys, "scan", project, "-q")
    assert code == 2 and "[tool.neuron_migrate]: unknown key 'ignroe'; did you mean 'ignore'?" in err
    (project / "pyproject.toml").write_text('[tool.neuron_migrate]\n[tool.neuron-migrate]\n')
    code, _, err = run(capsys, "scan", project, "-q")
    assert code == 2 and "keep one" in err


def test_the_same_option_means_the_same_on_every_command(project, capsys):
    """--baseline on report, --capabilities, --no-cache and -f json on fix."""
    baseline = project / "base.json"
    assert run(capsys, "baseline", project, "-o", baseline, "-q")[0] == 0
    report = project / "r.json"
    assert run(capsys, "report", project, "-o", report, "--baseline", baseline, "-q")[0] == 0
    rep = json.loads(report.read_text())
    assert rep["summary"]["findings"] == 0 and rep["summary"]["baselined"] == 2
    overlay = project / "overlay.yaml"
    overlay.write_text("schema_version: 1\noperators: []\n")
    code, out, _ = run(capsys, "fix", project, "--capabilities", overlay, "--no-cache", "-f", "json", "-q")
    doc = json.loads(out)
    assert code == 0 and doc["mode"] == "diff" and doc["summary"]["fixed"] == 1  # NM109 is a warning
    changed = [f for f in doc["files"] if f["changed"]]
    assert [f["path"] for f in changed] == ["pkg/train.py"] and changed[0]["diff"].startswith("--- a/pkg/train.py")
    code, _, err = run(capsys, "fix", project, "--capabilities", project / "missing.yaml")
    assert code == 2 and "no such capability overlay" in err


def test_baseline_hidden_findings_are_counted(project, capsys):
    baseline = project / "base.json"
    run(capsys, "baseline", project, "-o", baseline)
    code, out, _ = run(capsys, "scan", project, "--baseline", baseline)
    assert code == 0 and "No findings in 2 files (4 lines); not shown: 2 in the baseline." in out
    _, out, _ = run(capsys, "scan", project, "--baseline", baseline, "-f", "json")
    assert json.loads(out)["summary"]["baselined"] == 2


def test_fix_uses_the_cache_and_gives_the_same_answer(project, capsys):
    run(capsys, "scan", project, "-q")
    with_cache = run(capsys, "fix", project, "-f", "json", "-q")
    without = run(capsys, "fix", project, "-f", "json", "-q", "--no-cache")
    assert with_cache == without
    assert not (project / "pkg" / ".neuron-migrate-cache").exists()


def test_ops_ranks_exact_then_prefix_then_substring_and_suggests_near_names(capsys):
    _, out, _ = run(capsys, "ops", "eig", "-f", "json")
    names = [o["aten"] for o in json.loads(out)["operators"]]
    assert names[0] == "linalg_eig" and names.index("_linalg_eigh") < names.index("_convert_weight_to_int4pack")
    code, out, _ = run(capsys, "ops", "nonzeor")
    assert code == 1 and "did you mean: nonzero" in out


# -- plurals and help ------------------------------------------------------------------------

def test_one_is_singular(tmp_path, capsys):
    (tmp_path / "a.py").write_text(DEVICE)
    _, out, _ = run(capsys, "scan", tmp_path)
    assert "1 finding in 1 of 1 file (2 lines); 1 safe fix" in out
    _, _, err = run(capsys, "fix", tmp_path)
    assert "would fix 1 finding in 1 file" in err
    _, _, err = run(capsys, "report", tmp_path, "-o", tmp_path / "r.md")
    assert err.rstrip().endswith(", 1 finding in the library and scripts")


def test_zero_counts_are_not_coloured(project):
    out = cli("scan", project, env={"FORCE_COLOR": "1"}).stdout
    row = next(line for line in out.splitlines() if line.strip().startswith("device"))
    assert "\x1b[1;31m" in row  # the error count
    assert "\x1b[1;31m      0" not in out and "\x1b[1;31m    0" not in out


def test_version_and_completion(capsys):
    assert run(capsys, "--version")[1].startswith("neuron-migrate ")
    # typer detects the shell from the parent processes: run the command from bash, as a user
    # would (`; exit` keeps bash from exec-ing it), so the test does not depend on what started pytest
    proc = subprocess.run(["bash", "-c", f'"{sys.executable}" -m neuron_migrate --show-completion; exit $?'],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0 and "_NEURON_MIGRATE_COMPLETE" in proc.stdout


def test_measure_usage_errors_read_as_usage_errors(capsys):
    code, _, err = run(capsys, "measure", "no_colon_here")
    assert code == 2 and "Usage: neuron-migrate measure" in err and "MODULE:FACTORY" in err
    code, _, err = run(capsys, "measure", "m:f", "--timeout", "0")
    assert code == 2 and "not a positive number of seconds" in err


# -- the docs -----------------------------------------------------------------------------------

def _doc_commands() -> list[list[str]]:
    """The `neuron-migrate ...` lines in the README's and docs/cli.md's code blocks, as words."""
    import re
    import shlex

    out = []
    for doc in ("README.md", "docs/cli.md", "docs/ci.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        for block in re.findall(r"```(?:bash|yaml)?\n(.*?)```", text, re.S):
            for line in block.splitlines():
                m = re.search(r"(?:^|run: |\| )neuron-migrate (.*)", line.strip())
                if m:
                    out.append(shlex.split(m.group(1).split(" #")[0]))
    return out


def test_documented_command_lines_name_real_options():
    from typer.main import get_command

    from neuron_migrate.cli import _route, app

    root = get_command(app())
    lines = _doc_commands()
    assert len(lines) > 20
    for words in lines:
        words = _route(words)
        command, rest = root, list(words)
        while rest and hasattr(command, "commands") and rest[0] in command.commands:
            command = command.commands[rest.pop(0)]
        assert command is not root, words
        known = {o for p in command.params for o in (*p.opts, *p.secondary_opts)} | {"-h", "--help"}
        for word in rest:
            if word.startswith("-") and word != "-":
                assert word.split("=")[0] in known, (words, word)


def test_every_row_of_the_cli_table_names_a_test_that_exists():
    import re

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| Habit")]
    assert len(rows) >= 20
    for row in rows:
        cell = row.rstrip(" |").rsplit("|", 1)[1]
        refs = re.findall(r"`([^`]+)`", cell)
        assert refs, row
        for ref in refs:
            file, _, name = ref.partition("::") if ref.startswith("tests/") else (
                "tests/test_cli_habits.py", "", ref)
            source = (ROOT / file).read_text(encoding="utf-8")
            assert not name or f"def {name}(" in source, ref


# -- start-up ---------------------------------------------------------------------------------

def _imported(*args) -> set[str]:
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "neuron_migrate", *map(str, args)],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return {line.split("|")[-1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("args", [["-f", "json"], ["-f", "sarif"], ["-q"], []])
def test_machine_formats_quiet_and_piped_output_import_neither_rich_nor_pydantic(args):
    modules = _imported("scan", ROOT / "examples" / "cifar-train", "--no-cache", *args)
    assert "neuron_migrate.engine" in modules or "neuron_migrate.runner" in modules
    assert not {m for m in modules if m.split(".")[0] in ("rich", "pydantic")}


def test_version_imports_no_typer():
    modules = _imported("--version")
    assert not {m for m in modules if m.split(".")[0] in ("typer", "rich", "pydantic")}


def test_ctrl_c_exits_130_with_a_line_not_a_traceback(project, capsys, monkeypatch):
    from neuron_migrate import runner

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "scan", interrupted)
    code, _, err = run(capsys, "scan", project)
    assert code == 130 and err == "neuron-migrate: interrupted\n"


def test_ctrl_c_while_a_class_is_made_exits_130(project, capsys, monkeypatch):
    """Python 3.11 wraps an exception of ``__set_name__`` (a dataclass field, a cached property:
    Ctrl-C while a module the command imports defines its classes) in a RuntimeError."""
    from neuron_migrate import runner

    class Interrupted:
        def __set_name__(self, owner, name):
            raise KeyboardInterrupt

    def importing(*args, **kwargs):
        type("Made", (), {"field": Interrupted()})

    monkeypatch.setattr(runner, "scan", importing)
    code, _, err = run(capsys, "scan", project)
    assert code == 130 and err == "neuron-migrate: interrupted\n"


def test_progress_bar_shows_count_on_a_terminal_after_a_delay(monkeypatch):
    import io

    from neuron_migrate.commands import options

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setenv("TERM", "xterm")
    with options.Progress(False, "scanning") as update:
        update(1, 10)  # within the delay: nothing drawn, rich not needed
        assert err.getvalue() == ""
        monkeypatch.setattr(options.Progress, "DELAY", 0.0)
        update(4, 10)
    assert "scanning" in err.getvalue() and "4/10" in err.getvalue()
    with options.Progress(True, "scanning") as update:  # --quiet: no bar
        assert update is None


@pytest.mark.parametrize("command", [["fix"], ["baseline", "-o", "b.json"], ["report", "-o", "r.md"]])
def test_stdin_on_a_command_that_does_not_read_it_is_a_usage_error(command, capsys):
    code, _, err = run(capsys, command[0], "-", *command[1:])
    assert code == 2 and "only `scan` reads stdin" in err and "Traceback" not in err
