"""NM6xx: dependency manifests, their parsers, and the file kinds that bring them to the engine.

The manifest files in fixtures/checks/NM6*/ are checked here (their Python ``input.py``, a
setup.py, is checked by test_fixtures.py): each manifest ``NAME`` has its expected findings in
``NAME.findings`` (``LINE:COL CODE message``). ``pytest --update-fixtures`` rewrites them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neuron_migrate.checks.manifests import analyse_manifest, parse_conda, parse_pip
from neuron_migrate.formats import analyse as analyse_file, file_kind
from neuron_migrate.models import Options, Severity
from neuron_migrate.testing import compare_with_file, findings_of, format_findings

FIXTURES = Path(__file__).parent.parent / "fixtures" / "checks"
MANIFESTS = sorted(p for d in FIXTURES.glob("NM6*") for p in d.iterdir()
                   if p.is_file() and file_kind(p.name) == "manifest")


def test_every_manifest_rule_has_manifest_fixtures():
    dirs = {p.parent.name.split("_")[0] for p in MANIFESTS}
    assert {"NM601", "NM602", "NM603"} <= dirs
    kinds = {p.name.split("-")[0].split(".")[0] for p in MANIFESTS}
    assert {"requirements", "pyproject", "setup", "environment"} <= kinds


@pytest.mark.parametrize("path", MANIFESTS, ids=[f"{p.parent.name}/{p.name}" for p in MANIFESTS])
def test_manifest_fixture(path: Path, update_fixtures: bool):
    result = analyse_manifest(path.name, path.read_bytes(), Options())
    compare_with_file(path.with_name(path.name + ".findings"), format_findings(list(result.findings)),
                      update_fixtures)
    assert result.skipped is None


# -- file kinds and dispatch ----------------------------------------------------------------

@pytest.mark.parametrize("name, kind", [
    ("requirements.txt", "manifest"), ("requirements-dev.txt", "manifest"),
    ("requirements_flax.txt", "manifest"), ("dev-requirements.txt", "manifest"),
    ("requirements.in", "manifest"), ("constraints.txt", "manifest"),
    ("pyproject.toml", "manifest"), ("setup.cfg", "manifest"), ("environment.yml", "manifest"),
    ("environment.yaml", "manifest"), ("environment-gpu.yml", "manifest"),
    ("setup.py", "python"), ("kernel.cu", "cuda"), ("kernel.cuh", "cuda"),
    ("notes.txt", None), ("requirements.txt.findings", None), ("config.yml", None),
    ("Cargo.toml", None), ("tox.ini", None),
])
def test_file_kinds(name, kind):
    assert file_kind(name) == kind


def test_setup_py_is_read_once_for_python_and_manifest_rules():
    code = ('import torch\nfrom setuptools import setup\n'
            'setup(install_requires=["torch==2.1.0", "flash-attn"])\n'
            'x = torch.zeros(1).cuda()\n')
    codes = [f.code for f in findings_of(code, path="setup.py")]
    assert codes.count("NM603") == 1 and codes.count("NM601") == 1 and "NM102" in codes


def test_setup_call_needs_setuptools():
    code = 'def setup(**kw):\n    pass\n\nsetup(install_requires=["flash-attn"])\n'
    assert findings_of(code, path="setup.py") == []


def test_cuda_source_is_one_finding_per_file():
    data = b"#include <cuda.h>\n__global__ void a() {}\n__global__ void b() {}\n"
    result = analyse_file("cuda", "ops/kernel.cu", data, Options())
    assert [(f.code, f.line, f.severity) for f in result.findings] == [("NM501", 1, Severity.ERROR)]
    assert "2 __global__ kernels" in result.findings[0].message
    assert result.lines == 3
    assert analyse_file("cuda", "k.cuh", data, Options(ignore=("NM5",))).findings == ()


@pytest.mark.parametrize("text, found", [
    # stable-fast's fused GEMMs: cuBLASLt, by its system header; ATen's cuDNN wrappers are cuDNN
    (b"#include <ATen/ATen.h>\n#include <cublasLt.h>\n#include <ATen/cudnn/Handle.h>\n", (2, "cuBLASLt and cuDNN")),
    (b"  #  include <nccl.h>\n", (1, "NCCL")),
    # a project's own header named after the library, bindings, CPU code: nothing to port of their own
    (b'#include "cublas_gemm.h"\n#include <torch/extension.h>\n#include <ATen/cuda/CUDAContext.h>\n', None),
    (b"// #include <cudnn.h> is not needed here\nint f();\n", None),
    (b"\xff\xfe\x00binary", None),
])
def test_cpp_source_is_reported_only_where_it_calls_a_cuda_library(text, found):
    result = analyse_file("cpp", "csrc/ops.cc", text, Options())
    assert result.lines == text.count(b"\n") + (not text.endswith(b"\n"))
    if found is None:
        assert result.findings == ()
        return
    (f,) = result.findings
    assert (f.code, f.line, f.severity) == ("NM501", found[0], Severity.ERROR)
    assert f.message.startswith(f"C++ source calling {found[1]} (`#include <")
    assert analyse_file("cpp", "csrc/ops.cc", text, Options(ignore=("NM501",))).findings == ()


# -- bad input never raises -------------------------------------------------------------------

@pytest.mark.parametrize("name, data", [
    ("pyproject.toml", b"[project\ndependencies = [\n"),
    ("environment.yml", b"dependencies:\n  - [unclosed\n"),
])
def test_unreadable_manifest_is_an_error_finding(name, data):
    result = analyse_manifest(name, data, Options())
    (f,) = result.findings
    assert f.code == "NM908" and f.severity is Severity.ERROR and result.skipped
    assert f.line >= 1


@pytest.mark.parametrize("name, data", [
    ("pyproject.toml", b"tool = 1\nproject = 'x'\n[build-system]\nrequires = 3\n"),
    ("pyproject.toml", b"[project]\ndependencies = 'torch'\noptional-dependencies = [1]\n"
                       b"[tool.poetry]\ndependencies = ['torch']\ngroup = {a = 1}\n"
                       b"[[tool.uv.index]]\nurl = 3\n"),
    ("environment.yml", b"- just\n- a list\n"),
    ("environment.yml", b"dependencies: 3\n"),
    ("environment.yml", b"dependencies:\n  - pip: {a: 1}\n  - 12\n  - {pip: [3, [4]]}\n"),
    ("setup.cfg", b"[options]\ninstall_requires\n  =\n[options.extras_require]\n=x\n"),
    ("requirements.txt", b"\\\n-r\n--extra-index-url\n-e .\n???\n\xff\xfe\n"),
    ("requirements.txt", "torch==2.1.0 \\\n".encode()),
])
def test_odd_manifests_do_not_crash(name, data):
    analyse_manifest(name, data, Options())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_requirements_lines_never_raise(text):
    analyse_manifest("requirements.txt", text.encode("utf-8", "surrogatepass"), Options())
    parse_pip(text)
    parse_conda(text)


# -- parsers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("torch==2.14.0+cu121", ("torch", "==2.14.0+cu121", (), "")),
    ("jax[cuda12]>=0.4 ; python_version > '3.9'", ("jax", ">=0.4", ("cuda12",), "")),
    ("flash_attn @ https://example.com/flash_attn-2.5.whl", ("flash_attn", "", (), "https://example.com/flash_attn-2.5.whl")),
    ("https://download.pytorch.org/whl/cu118/torch-2.1.0%2Bcu118-cp310-cp310-linux_x86_64.whl",
     ("torch", "==2.1.0+cu118", (), "https://download.pytorch.org/whl/cu118/torch-2.1.0%2Bcu118-cp310-cp310-linux_x86_64.whl")),
    ("numpy  # comment", ("numpy", "", (), "")),
    ("torch==2.1 --hash=sha256:abc", ("torch", "==2.1", (), "")),
    ("# only a comment", None),
])
def test_parse_pip(text, expected):
    assert parse_pip(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("pytorch=2.1.0=py3.10_cuda11.8_cudnn8.7.0_0", ("pytorch", "==2.1.0.*", "py3.10_cuda11.8_cudnn8.7.0_0")),
    ("pytorch=2.1", ("pytorch", "==2.1.*", "")),
    ("pytorch==2.1.0", ("pytorch", "==2.1.0", "")),
    ("pytorch::pytorch>=2.13,<2.15", ("pytorch", ">=2.13,<2.15", "")),
    ("cudatoolkit 11.8", ("cudatoolkit", "==11.8", "")),
    ("pytorch 2.1.* cuda*", ("pytorch", "==2.1.*", "cuda*")),
    ("python", ("python", "", "")),
])
def test_parse_conda(text, expected):
    assert parse_conda(text) == expected


def test_torch_versions_come_from_the_target_profile():
    from neuron_migrate.capabilities import target

    versions = target().torch_versions
    for v in versions:
        assert not analyse_manifest("requirements.txt", f"torch=={v}.1\n".encode(), Options()).findings
    low = f"torch<{versions[0]}\n".encode()
    assert [f.code for f in analyse_manifest("requirements.txt", low, Options()).findings] == ["NM603"]


def test_findings_are_located_on_their_line():
    data = b"numpy\n\n  flash-attn>=2  # fast attention\n"
    (f,) = analyse_manifest("requirements.txt", data, Options()).findings
    assert (f.line, f.column, f.end_line) == (3, 3, 3)
    assert f.end_column == 3 + len("flash-attn>=2")


def test_selection_applies_to_manifests():
    data = b"torch==2.1.0+cu121\n"
    assert [f.code for f in analyse_manifest("requirements.txt", data, Options(select=("NM603",))).findings] == ["NM603"]
    assert not analyse_manifest("requirements.txt", data, Options(ignore=("NM6",))).findings


def test_overlay_packages_apply_to_manifests(tmp_path):
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("schema_version: 1\npackages:\n  - name: our-cuda-kernels\n    manifest: NM601\n"
                       "    note: our private CUDA kernels\n    source: team wiki\n", encoding="utf-8")
    data = b"our_cuda_kernels==1.0\n"
    assert not analyse_manifest("requirements.txt", data, Options()).findings
    (f,) = analyse_manifest("requirements.txt", data, Options(capabilities=(str(overlay),))).findings
    assert f.code == "NM601" and "our private CUDA kernels" in f.message


def test_fix_leaves_manifests_alone_and_reports_them(tmp_path, capsys):
    from neuron_migrate.cli import main

    (tmp_path / "requirements.txt").write_text("flash-attn\n", encoding="utf-8")
    (tmp_path / "k.cu").write_text("__global__ void k() {}\n", encoding="utf-8")
    code = main(["fix", str(tmp_path), "--apply"])
    err = capsys.readouterr().err
    assert code == 1
    assert (tmp_path / "requirements.txt").read_text(encoding="utf-8") == "flash-attn\n"
    assert "NM601" in err and "NM501" in err


# -- manifests as real projects write them: markers, extras, NVIDIA's index, RAPIDS, conda by content --

def _manifest(name: str, text: str) -> list[tuple[str, str, int, str]]:
    r = analyse_manifest(name, text.encode(), Options())
    return [(f.code, f.severity.label, f.line, f.message) for f in r.findings]


def test_a_marker_that_leaves_a_trainium_host_out_is_not_reported():
    found = _manifest("requirements.txt", 'cupy-cuda12x; sys_platform == "darwin"\n'
                      "flash-attn>=2; sys_platform == 'linux'\n"
                      'xformers; platform_machine == "aarch64"\n'
                      "apex; python_version >= '3.8'\n")
    assert [(code, line) for code, _, line, _ in found] == [("NM601", 2), ("NM601", 4)]


def test_a_python_version_marker_is_judged_for_every_python_torch_neuronx_ships_for(monkeypatch):
    # the scanning interpreter's version must not decide: a CUDA wheel for one Python that a
    # Trainium host can run is reported wherever the scan runs
    import platform

    monkeypatch.setattr(platform, "python_version", lambda: "3.9.0")
    found = _manifest("requirements.txt", "flash-attn; python_version == '3.13'\n"
                      "xformers; python_version < '3.10'\n"
                      "apex; python_version >= '3.12' and sys_platform == 'linux'\n"
                      "cupy-cuda12x; platform_release == '6.1'\n")
    assert [(code, line) for code, _, line, _ in found] == [("NM601", 1), ("NM601", 3), ("NM601", 4)]


def test_a_gpu_build_of_any_package_is_named_by_its_local_version_label():
    # a bare wheel URL and `name @ URL` beside the project's `+cpu` build of the same release
    base = "https://example.org/releases/v1.0"
    found = _manifest("requirements.txt",
                      f"{base}/fastlib_bin-1.0.0+cu124-py3-none-linux_x86_64.whl; platform_system == 'Linux'\n"
                      f"fastlib-bin @ {base}/fastlib_bin-1.0.0%2Brocm6.2-py3-none-linux_x86_64.whl\n"
                      f"{base}/fastlib_bin-1.0.0+cpu-py3-none-linux_x86_64.whl\n"
                      f"{base}/fastlib_bin-1.0.0+cu124-py3-none-win_amd64.whl; platform_system == 'Windows'\n"
                      "tinylib==2.1+cu118\n"
                      f"fastlib-bin @ {base}/fastlib_bin-1.0.0%2bcu121-py3-none-linux_x86_64.whl\n")
    assert [(code, line) for code, _, line, _ in found] == [("NM602", 1), ("NM602", 2), ("NM602", 5), ("NM602", 6)]
    assert "a CUDA build (its `+cu124` version label)" in found[0][3]
    assert "a ROCm build (its `+rocm6.2` version label)" in found[1][3]


def test_optional_extras_groups_and_dev_files_warn_instead_of_block():
    found = _manifest("pyproject.toml", '[project]\nname = "x"\ndependencies = ["flash-attn"]\n'
                      '[project.optional-dependencies]\ngpu = ["xformers"]\n'
                      '[dependency-groups]\ndev = ["apex"]\n')
    assert [(code, sev, line) for code, sev, line, _ in found] == [
        ("NM601", "error", 3), ("NM601", "warning", 5), ("NM601", "warning", 7)]
    assert "optional: the extra [gpu]" in found[1][3]
    found = _manifest("setup.cfg", "[options]\ninstall_requires =\n    apex\n[options.extras_require]\n"
                      "fast =\n    flash-attn\n")
    assert [(sev, line) for _, sev, line, _ in found] == [("error", 3), ("warning", 6)]
    assert _manifest("requirements-dev.txt", "xformers\n")[0][1] == "warning"
    assert _manifest("requirements.txt", "xformers\n")[0][1] == "error"


def test_setup_py_extras_warn():
    code = ('from setuptools import setup\nsetup(name="x", install_requires=["apex"],\n'
            '      extras_require={"fast": ["flash-attn"]})\n')
    found = [(f.line, f.severity.label) for f in findings_of(code, path="setup.py") if f.code == "NM601"]
    assert found == [(2, "error"), (3, "warning")]


def test_nvidia_index_rapids_and_cuda_wheels():
    found = _manifest("requirements.txt", "--extra-index-url https://pypi.nvidia.com\ncudf-cu12==24.4.*\n"
                      "cuml\nfaiss-gpu\nmxnet-cu112\ntorch==2.14.0\n")
    assert [(code, line) for code, _, line, _ in found] == [("NM602", 1), ("NM601", 2), ("NM601", 3),
                                                            ("NM601", 4), ("NM601", 5)]
    assert "NVIDIA's package index" in found[0][3] and "`-cu112` suffix" in found[4][3]


def test_conda_files_by_name_and_by_content(tmp_path):
    from neuron_migrate.discover import Candidate, discover

    env = "name: gpu\nchannels:\n  - rapidsai\n  - conda-forge\ndependencies:\n  - cudf=24.04\n  - numpy\n"
    (tmp_path / "conda-gpu.yaml").write_text(env)
    (tmp_path / "envs").mkdir()
    (tmp_path / "envs" / "train.yml").write_text(env)
    (tmp_path / "config.yaml").write_text("dependencies:\n  model: resnet\n")  # not conda: no name/channels
    kinds = {c.rel: c.kind for c in discover([tmp_path], tmp_path) if isinstance(c, Candidate)}
    assert kinds == {"conda-gpu.yaml": "manifest", "envs/train.yml": "manifest"}
    found = _manifest("envs/train.yml", env)
    assert [(code, sev, line) for code, sev, line, _ in found] == [("NM602", "warning", 3), ("NM601", "error", 6)]
