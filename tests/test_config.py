"""[tool.neuron-migrate] in pyproject.toml: discovery, merging with the command line, errors."""

import json
from pathlib import Path

import pytest

from neuron_migrate.cli import main
from neuron_migrate.config import ConfigError, find, load, rebase, settings

GRAPH = "import torch\ng = torch.cuda.CUDAGraph()\n"  # NM104, error
DEVICE = 'import torch\nx = torch.zeros(3, device="cuda")\n'  # NM101, error
SEED = "import torch\ntorch.backends.cudnn.benchmark = True\n"  # NM109, warning


def project(root: Path, files: dict[str, str], config: str | None = None) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    if config is not None:
        (root / "pyproject.toml").write_text(config, encoding="utf-8")
    return root


def scan(capsys, *args) -> tuple[int, list[tuple[str, str]], str]:
    code = main(["scan", *map(str, args), "-f", "json", "-q"])
    out, err = capsys.readouterr()
    found = [(f["path"], f["code"]) for f in json.loads(out)["findings"]] if out else []
    return code, found, err


def test_found_by_walking_up_skipping_pyprojects_without_the_table(tmp_path):
    project(tmp_path, {"a/b/c.py": "x = 1\n"}, '[tool.neuron-migrate]\nignore = ["NM1"]\n')
    (tmp_path / "a" / "pyproject.toml").write_text('[project]\nname = "inner"\n')
    assert find(tmp_path / "a" / "b") == tmp_path / "pyproject.toml"
    assert find(tmp_path / "a" / "b" / "c.py") == tmp_path / "pyproject.toml"
    assert load(find(tmp_path / "a")).ignore == ("NM1",)


def test_no_config_anywhere_gives_defaults(tmp_path):
    s = settings([tmp_path], base=tmp_path)
    assert s.config.path is None and s.options.select == () and s.exclude == ()


def test_config_select_ignore_and_fail_on(tmp_path, capsys):
    project(tmp_path, {"a.py": GRAPH, "b.py": SEED}, '[tool.neuron-migrate]\nignore = ["NM104"]\n')
    code, found, _ = scan(capsys, tmp_path)
    assert code == 0 and found == [("b.py", "NM109")]
    (tmp_path / "pyproject.toml").write_text('[tool.neuron-migrate]\nselect = ["NM109"]\nfail-on = "warning"\n')
    code, found, _ = scan(capsys, tmp_path)
    assert code == 1 and found == [("b.py", "NM109")]


def test_command_line_wins(tmp_path, capsys):
    project(tmp_path, {"a.py": GRAPH, "b.py": SEED},
            '[tool.neuron-migrate]\nignore = ["NM104"]\nfail-on = "never"\n')
    code, found, _ = scan(capsys, tmp_path, "--ignore", "NM109", "--fail-on", "error")
    assert code == 1 and found == [("a.py", "NM104")]


def test_exclude_and_per_file_ignores_are_relative_to_the_config_folder(tmp_path, capsys):
    project(tmp_path, {"src/gen/a.py": GRAPH, "src/b.py": GRAPH, "src/tests/t.py": DEVICE,
                       "gen/c.py": GRAPH},
            '[tool.neuron-migrate]\nexclude = ["src/gen/"]\n'
            '[tool.neuron-migrate.per-file-ignores]\n"src/tests/**" = ["NM101"]\n')
    code, found, _ = scan(capsys, tmp_path)
    assert found == [("gen/c.py", "NM104"), ("src/b.py", "NM104")]
    # scanning a subfolder: the anchored patterns still mean the same files
    code, found, _ = scan(capsys, tmp_path / "src")
    assert found == [("b.py", "NM104")]


def test_command_line_exclude_replaces_the_config_one(tmp_path, capsys):
    project(tmp_path, {"gen/a.py": GRAPH, "b.py": GRAPH}, '[tool.neuron-migrate]\nexclude = ["gen/"]\n')
    _, found, _ = scan(capsys, tmp_path, "--exclude", "b.py")
    assert found == [("gen/a.py", "NM104")]


def test_fix_reads_the_config(tmp_path, capsys):
    project(tmp_path, {"a.py": DEVICE}, '[tool.neuron-migrate]\nignore = ["NM101"]\n')
    code = main(["fix", str(tmp_path), "-q"])
    out, _ = capsys.readouterr()
    assert code == 0 and out == ""


@pytest.mark.parametrize("config, message", [
    ('[tool.neuron-migrate]\nselct = ["NM1"]\n', "unknown key 'selct'; did you mean 'select'?"),
    ('[tool.neuron-migrate]\nfrobnicate = 1\n', "unknown key 'frobnicate' (known keys:"),
    ('[tool.neuron-migrate]\nselect = "NM1"\n', "'select' must be a list of strings"),
    ('[tool.neuron-migrate]\nignore = ["XX1"]\n', "'ignore': no rule code starts with 'XX1'"),
    ('[tool.neuron-migrate]\nfail-on = "fatal"\n', "'fail-on' must be one of error, warning, info, never"),
    ('[tool.neuron-migrate]\nper-file-ignores = ["a"]\n', "'per-file-ignores' must be a table"),
    ('[tool.neuron-migrate.per-file-ignores]\n"a.py" = "NM1"\n', "must be a list of strings"),
    ('[tool.neuron-migrate]\ncapabilities = "missing.yaml"\n', "'capabilities': no such file"),
    ('[tool.neuron-migrate]\nexclude = [1]\n', "'exclude' must be a list of strings"),
    ('[tool.neuron-migrate\nselect = 1\n', "not valid TOML"),
])
def test_bad_config_is_a_clear_error_with_exit_2(tmp_path, capsys, config, message):
    project(tmp_path, {"a.py": GRAPH}, config)
    for command in (["scan"], ["fix"], ["report", "-o", str(tmp_path / "r.md")]):
        code = main([*command, str(tmp_path), "-q"])
        _, err = capsys.readouterr()
        assert code == 2, command
        assert message in err and str(tmp_path / "pyproject.toml") in err
        assert "Traceback" not in err


def test_pyproject_that_only_mentions_the_tool_is_not_a_config(tmp_path, capsys):
    project(tmp_path, {"a.py": GRAPH}, 'tool = 1\n# see neuron-migrate\n')
    code, found, err = scan(capsys, tmp_path)
    assert code == 1 and found == [("a.py", "NM104")] and err == ""


def test_capabilities_path_is_resolved_from_the_config_folder(tmp_path):
    project(tmp_path, {"overlay.yaml": "schema_version: 1\n", "sub/a.py": "x = 1\n"},
            '[tool.neuron-migrate]\ncapabilities = "overlay.yaml"\n')
    s = settings([tmp_path / "sub"], base=tmp_path / "sub")
    assert s.capabilities == (tmp_path / "overlay.yaml",)
    assert s.options.capabilities == (str(tmp_path / "overlay.yaml"),)


def test_load_rejects_a_non_table(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool]\nneuron-migrate = 3\n')
    with pytest.raises(ConfigError, match="must be a table"):
        load(tmp_path / "pyproject.toml")


@pytest.mark.parametrize("pattern, prefix, expected", [
    ("build/", ["src"], ["build/"]),  # unanchored: the same from anywhere
    ("*_pb2.py", ["src", "x"], ["*_pb2.py"]),
    ("src/gen/", ["src"], ["/gen/"]),
    ("/src/gen", ["src"], ["/gen"]),
    ("/vendor", ["src"], []),  # names something outside the scanned folder
    ("src", ["src"], ["src"]),  # unanchored
    ("src/gen", ["src", "gen"], []),  # the scanned folder itself was asked for
    ("*/gen", ["src"], ["/gen"]),
    ("src/**/gen", ["src", "models"], ["/**/gen"]),
    ("**/b/gen", ["a", "b"], ["/gen", "/**/b/gen"]),
    ("!src/keep.py", ["src"], ["!/keep.py"]),
    ("src/gen/", [], ["src/gen/"]),
    ("src/gen/", ["..", "other"], []),
])
def test_rebase_anchored_exclude_patterns(pattern, prefix, expected):
    assert rebase(pattern, prefix) == expected


def test_a_fifo_named_pyproject_is_passed_over_without_blocking(tmp_path):
    import os

    project(tmp_path, {"sub/a.py": "x = 1\n"}, '[tool.neuron-migrate]\nignore = ["NM1"]\n')
    os.mkfifo(tmp_path / "sub" / "pyproject.toml")
    assert find(tmp_path / "sub") == tmp_path / "pyproject.toml"
