"""NM6xx: dependency manifests (requirements*.txt, pyproject.toml, setup.cfg, environment.yml, setup.py).

Each requirement is located on its manifest line and checked against the dependency table
(``rules/dependencies.yaml``) and the target profile (``rules/target.yaml``):

- NM601 a package with no Neuron build (flash-attn, xformers, nvidia-*, cupy-cuda12x, ...);
- NM602 a CUDA build of something else: ``torch==2.1.0+cu121`` (or any package's ``+cu124`` or
  ``+rocm7.2`` wheel), a CUDA wheel index
  (``--extra-index-url https://download.pytorch.org/whl/cu121``), conda ``pytorch-cuda`` or a
  ``cuda`` build string, a ``[cuda12]``-style extra;
- NM603 a torch requirement that admits none of the torch versions TorchNeuron ships for;
- NM908 a manifest that cannot be read, so a gate never passes by skipping it.

Requirements are read as pip and conda read them. A line whose environment marker excludes a
Trainium host (Linux, x86_64, with every Python torch-neuronx ships for: ``; sys_platform ==
"darwin"``) is not reported; one in an
optional extra, a dependency group or a dev/test/docs requirements file is a warning, never an
error (a plain install does not pull it). Wheels built for one CUDA version (``-cu12``,
``-cuda12x``, ``-gpu``), NVIDIA's package indexes (pypi.nvidia.com, pypi.ngc.nvidia.com) and
conda's ``nvidia``/``rapidsai`` channels are reported as well. Conda environment files are
found by name (environment*.yml, conda*.yml) or by content (discover.py).

setup.py is Python: ``check_setup_call`` reads its ``setup(install_requires=...)`` in the
same walk as every other Python check, so the file is parsed once.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import sys
from dataclasses import dataclass

from neuron_migrate.capabilities import Capabilities, capabilities, target
from neuron_migrate.checks import Context, on, prefilter, rule
from neuron_migrate.models import FileResult, Finding, Options, Severity
from neuron_migrate.source import SourceError, SourceFile

prefilter(__name__, ("install_requires", "extras_require", "setup_requires", "tests_require"))

_T = target()
_TORCH_VERSIONS = " and ".join(_T.torch_versions)
_INSTALL = (f"use the standard torch {' or '.join(v + '.*' for v in _T.torch_versions)} wheels with "
            f"torch-neuronx {_T.torch_neuronx.split(' (')[0]} from the Neuron pip repository "
            "(https://pip.repos.neuron.amazonaws.com)")

NM601 = rule(
    "NM601", "cuda-only-package", "error", "dependencies",
    summary="CUDA-only package in a dependency manifest",
    why="The package ships CUDA (or other GPU) binaries only and has no Neuron build: it fails "
        "to install, or installs and fails at import or first use, on a Trainium host.",
    example='# setup.py (requirements*.txt, pyproject.toml, setup.cfg, environment.yml lines alike)\n'
            'from setuptools import setup\nsetup(name="app", install_requires=["flash-attn>=2.5"])',
    use_instead='from setuptools import setup\nsetup(name="app", install_requires=[])\n'
                "# and torch.nn.functional.scaled_dot_product_attention in code",
    fix="none", fix_reason="removing a dependency needs the code that uses it ported first",
    source="rules/dependencies.yaml (each row names its source)",
)
NM602 = rule(
    "NM602", "cuda-build-pin", "error", "dependencies",
    summary="CUDA build of torch or another package (or a CUDA wheel index) in a dependency manifest",
    why="`+cuXXX` versions, the download.pytorch.org/whl/cuXXX indexes and conda's pytorch-cuda "
        "select builds linked against CUDA. TorchNeuron installs on the standard torch wheels "
        "plus torch-neuronx from the Neuron repository. Another package's `+cuXXX` (or `+rocmX`) "
        "wheel ships GPU binaries only, where the project offers a CPU build beside it.",
    example='# setup.py (requirements*.txt, pyproject.toml, setup.cfg, environment.yml lines alike)\n'
            'from setuptools import setup\nsetup(name="app", install_requires=["torch==2.14.0+cu121"])',
    use_instead='from setuptools import setup\nsetup(name="app", install_requires=["torch==2.14.0", '
                '"torch-neuronx==2.14.*"])\n# torch-neuronx from https://pip.repos.neuron.amazonaws.com',
    fix="none", fix_reason="the index and the torch-neuronx pin are part of the environment setup",
    source="D-rn, D-gh (the torch-neuronx on PyPI is a placeholder)",
)
NM603 = rule(
    "NM603", "torch-version-without-neuron", "error", "dependencies",
    summary=f"torch version TorchNeuron does not ship for (it ships for torch {_TORCH_VERSIONS})",
    why="Each torch-neuronx release is built for one torch minor version "
        f"({_T.torch_neuronx}: torch {_TORCH_VERSIONS}); a pin outside them cannot be "
        "installed together with TorchNeuron.",
    example='# setup.py (requirements*.txt, pyproject.toml, setup.cfg, environment.yml lines alike)\n'
            'from setuptools import setup\nsetup(name="app", install_requires=["torch==2.5.1"])',
    use_instead=f'from setuptools import setup\nsetup(name="app", install_requires=["torch=={_T.torch_versions[-1]}.*"])',
    fix="none", fix_reason="moving torch versions can need code changes",
    source="D-rn: torch-neuronx 2.13.3.0 / 2.14.3.0",
)
NM908 = rule(
    "NM908", "unreadable-manifest", "error", "tool",
    summary="dependency manifest or config file that could not be read as TOML, YAML or JSON, and was not analysed",
    why="The file was not analysed, so nothing in it is known to be installable or to run on Neuron; "
        "a gate must not pass by skipping it.",
    example="[project\ndependencies = [  # pyproject.toml that is not valid TOML",
    use_instead="fix the file so that pip (or conda) can read it", fix="none",
    fix_reason="the tool never rewrites a file it cannot read",
)

TORCH_NAMES = frozenset({"torch", "pytorch"})
_TORCH_FAMILY = frozenset({"torch", "pytorch", "torchvision", "torchaudio", "torchtext", "torchdata"})
_CUDA_LOCAL = re.compile(r"\+cu(\d+)")
_GPU_LOCAL = re.compile(r"\+(cu\d+|rocm\d[\d.]*\d|rocm\d)")  # a local version label naming a GPU build
_CUDA_INDEX = re.compile(r"/(cu\d{2,3}|cuda[\d.]*)(/|$|\.html)", re.I)
_CUDA_EXTRA = re.compile(r"(cuda|gpu|cu\d+)", re.I)
_INDEX_OPTIONS = ("--extra-index-url", "--index-url", "-i", "--find-links", "-f")
_SETUP_FUNCTIONS = frozenset({"setuptools.setup", "distutils.core.setup"})
_SETUP_KEYWORDS = frozenset({"install_requires", "setup_requires", "tests_require", "extras_require"})


@dataclass(frozen=True)
class Spot:
    """A requirement (or URL) and where it is: 1-based line, 0-based character columns."""

    text: str
    line: int
    col: int
    end_col: int
    kind: str = "pip"  # pip, conda, poetry (value is a version), url
    optional: str = ""  # the extra, group or file that makes it optional ("" when it is required)


# -- judging one requirement ----------------------------------------------------------------

def _torch_allowed(spec: str) -> bool | None:
    """Whether a specifier admits any torch version TorchNeuron ships for (None: cannot tell)."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    try:
        spec_set = SpecifierSet(spec)
    except InvalidSpecifier:
        return None
    candidates = [f"{v}.{patch}" for v in _T.torch_versions for patch in range(10)]
    return any(spec_set.contains(c, prereleases=True) for c in candidates)


def judge(name: str, spec: str, extras: tuple[str, ...], url: str, raw: str,
          table: Capabilities) -> list[tuple[object, str]]:
    """(rule, message) pairs for one requirement."""
    out: list[tuple[object, str]] = []
    norm = name.lower().replace("_", "-").replace(".", "-")
    row = table.package(norm)
    named = f"`{name}`"
    if row is None and url and (vcs := _VCS.match(url)) and not vcs.group("egg"):
        # threestudio's `git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch`: tinycudann
        row = table.repository_package(norm)
        named += f" (the repository of `{row.name}`)" if row is not None else ""
    if row is not None and row.manifest != "none":
        r = NM601 if row.manifest == "NM601" else NM602
        by = "AWS's recommendation" if row.replacement_by == "aws" else "our suggestion, not AWS's"
        instead = f"; instead: {row.replacement} ({by})" if row.replacement else ""
        what = "CUDA-only package" if r is NM601 else "selects a CUDA build"
        out.append((r, f"{named}: {what}: {row.note}{instead}"))
        return out
    if row is None and _CUDA_WHEEL.search(norm) and norm not in _TORCH_FAMILY:
        out.append((NM601, f"`{name}`: a wheel built for CUDA (its `-{_CUDA_WHEEL.search(norm).group(1)}` "
                    "suffix): it ships NVIDIA GPU binaries only; use the CPU build, or the Neuron build "
                    "where one exists"))
        return out
    if norm in _TORCH_FAMILY:
        m = _CUDA_LOCAL.search(spec) or _CUDA_LOCAL.search(url) or (
            _CUDA_INDEX.search(url) if url else None)
        if m:
            out.append((NM602, f"`{raw}` pins a CUDA build of {name}: {_INSTALL}"))
    elif m := _GPU_LOCAL.search(spec) or _GPU_LOCAL.search(url_file(url)):
        # text-generation-webui's `llama_cpp_binaries-0.124.0+cu124-...whl`, beside its `+cpu` build
        gpu = "CUDA" if m.group(1).startswith("cu") else "ROCm"
        out.append((NM602, f"`{name}` pins a {gpu} build (its `+{m.group(1)}` version label): it ships "
                    "GPU binaries only; use its CPU build, or a Neuron build where one exists"))
    if extras and any(_CUDA_EXTRA.fullmatch(e) or e.lower().startswith(("cuda", "and-cuda")) for e in extras):
        out.append((NM602, f"`{raw}` selects the CUDA build of {name} through its extra "
                    f"[{', '.join(extras)}]; Neuron has no CUDA"))
    if norm in TORCH_NAMES and spec:
        allowed = _torch_allowed(_CUDA_LOCAL.sub("", spec))
        if allowed is False:
            out.append((NM603, f"`{raw}` admits no torch version TorchNeuron ships for "
                        f"(torch {_TORCH_VERSIONS}, torch-neuronx {_T.torch_neuronx}); "
                        f"require torch=={_T.torch_versions[-1]}.*"))
    return out


_CUDA_WHEEL = re.compile(r"-(cu\d{2,3}|cuda\d+(\.\d+)?x?|gpu)$")
_NVIDIA_INDEXES = ("pypi.nvidia.com", "pypi.ngc.nvidia.com")
# a Trainium host as environment markers see it (trn1, trn2 and inf2 instances are x86_64 Linux,
# CPython); the Python version is each one torch-neuronx ships for, never the scanning interpreter's
TRAINIUM_ENV = {"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix",
                "platform_machine": "x86_64", "implementation_name": "cpython",
                "platform_python_implementation": "CPython"}
_TRAINIUM_PYTHONS = tuple({**TRAINIUM_ENV, "python_version": v, "python_full_version": f"{v}.0",
                           "implementation_version": f"{v}.0"} for v in _T.python_versions)
_HOST_ONLY_MARKERS = ("platform_release", "platform_version")  # the kernel's: unknown for a Trainium host


def judge_index(url: str) -> tuple[object, str] | None:
    if _CUDA_INDEX.search(url):
        return NM602, f"CUDA wheel index {url}: {_INSTALL}"
    host = re.sub(r"^[a-z+]+://", "", url).split("/", 1)[0].split("@")[-1].lower()
    if host in _NVIDIA_INDEXES:
        return NM602, (f"NVIDIA's package index {url}: its wheels (RAPIDS, TensorRT, nvidia-*) are CUDA "
                       f"builds; drop it for the Trainium install: {_INSTALL}")
    return None


def excluded_on_trainium(text: str) -> bool:
    """Whether a pip requirement's environment marker leaves it out on a Trainium host with any of
    the Pythons torch-neuronx ships for (text-generation-webui's CUDA wheels carry
    `python_version == "3.13"`: the scanning interpreter's version must not decide)."""
    if ";" not in text:
        return False
    from packaging.markers import InvalidMarker, Marker, UndefinedEnvironmentName

    marker = text.split(" #", 1)[0].split(";", 1)[1].strip()
    if any(name in marker for name in _HOST_ONLY_MARKERS):
        return False  # a marker we cannot judge for a Trainium host: report as if it applied
    try:
        parsed = Marker(marker)
        return not any(parsed.evaluate(env) for env in _TRAINIUM_PYTHONS)
    except (InvalidMarker, UndefinedEnvironmentName, ValueError):
        return False  # a marker we cannot evaluate: report as if it applied


# pip's VCS form: the name is `#egg=NAME` where given, else taken as the repository's (pip reads it
# from the project's metadata; threestudio's requirements name nvdiffrast and nerfacc only so)
_VCS = re.compile(r"(?:git|hg|svn|bzr)\+[a-z]+://(?:[^/@\s]+@)?[^#@\s]*?/(?P<repo>[A-Za-z0-9][A-Za-z0-9._-]*?)(?:\.git)?/?"
                  r"(?:@[^#\s]*)?(?:#(?:[^\s]*&)?egg=(?P<egg>[A-Za-z0-9][A-Za-z0-9._-]*))?(?:[#&\s].*)?$")


def url_file(url: str) -> str:
    """The file a requirement's URL names, its `%2B` read as `+` (``torch-2.1.0%2Bcu118-...whl``)."""
    return url.rsplit("/", 1)[-1].replace("%2B", "+").replace("%2b", "+")


def parse_pip(text: str) -> tuple[str, str, tuple[str, ...], str] | None:
    """(name, specifier, extras, url) of a pip requirement string, or None if it is not one."""
    text = text.split(" #", 1)[0].strip()
    text = re.split(r"\s--hash[= ]", text, maxsplit=1)[0].strip()
    if not text or text.startswith("#"):
        return None
    from packaging.requirements import InvalidRequirement, Requirement

    if vcs := _VCS.match(text):  # `git+https://github.com/NVlabs/nvdiffrast.git@v0.3.3`
        return vcs.group("egg") or vcs.group("repo"), "", (), text
    if re.match(r"[a-z]+://", text):  # a bare URL: a wheel or archive
        file = url_file(text)
        name = re.split(r"[-]", file, maxsplit=1)[0]
        version = file.split("-")[1] if file.count("-") >= 1 else ""
        return name, f"=={version}" if version else "", (), text
    try:
        req = Requirement(text)
    except InvalidRequirement:
        m = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)", text)
        return (m.group(1), "", (), "") if m else None
    return req.name, str(req.specifier), tuple(sorted(req.extras)), req.url or ""


_CONDA = re.compile(r"(?:(?P<channel>[\w.-]+)::)?(?P<name>[A-Za-z0-9_][A-Za-z0-9_.-]*)\s*(?P<rest>.*)")


def parse_conda(text: str) -> tuple[str, str, str] | None:
    """(name, PEP 440 specifier, build string) of a conda match spec such as
    ``pytorch=2.1.0=py3.10_cuda11.8_cudnn8.7.0_0``, ``pytorch::pytorch>=2.0`` or ``cudatoolkit 11.8``."""
    m = _CONDA.fullmatch(text.strip())
    if m is None:
        return None
    rest = m.group("rest").strip()
    build = ""
    if not rest:
        spec = ""
    elif rest[0] == "=" and not rest.startswith("=="):  # name=1.2[=build]: 1.2 is fuzzy (1.2.*)
        version, _, build = rest[1:].partition("=")
        spec = f"=={version}" if "*" in version else f"=={version}.*"
    elif rest[0] in "<>!~=":
        spec = rest
        if rest.startswith("==") and "=" in rest[2:]:
            spec, _, build = rest.rpartition("=")
    else:  # name 1.2 [build]
        parts = rest.split()
        spec = f"=={parts[0]}"
        build = parts[1] if len(parts) > 1 else ""
    return m.group("name"), spec, build


# -- findings ---------------------------------------------------------------------------------

_OPTIONAL_FILE = re.compile(r"(^|[-_.])(dev|develop|test|tests|testing|docs?|lint|bench\w*|examples?|ci)([-_.]|$)")


class _Collector:
    def __init__(self, path: str, options: Options, table: Capabilities, lines: list[str]):
        self.path, self.options, self.table, self.lines = path, options, table, lines
        self.findings: list[Finding] = []
        name = path.rsplit("/", 1)[-1].lower()
        self.optional = (f"the {name} requirements file" if _OPTIONAL_FILE.search(name)
                         and not name.endswith((".toml", ".cfg")) else "")
        self.families: dict[str, tuple[int, list[str]]] = {}  # glob row -> (its finding, more names)

    def add(self, spot: Spot, r, message: str, severity: Severity | None = None) -> None:
        if not self.options.wants(r.code, self.path):
            return
        if spot.optional or self.optional:
            severity = min(severity or r.severity, Severity.WARNING)
            message += f" (optional: {spot.optional or self.optional}; a plain install does not pull it)"
        self.findings.append(Finding(
            code=r.code, rule=r.name, severity=severity or r.severity, category=r.category,
            path=self.path, line=spot.line, column=spot.col + 1, end_line=spot.line,
            end_column=spot.end_col + 1, message=message))

    def pip(self, spot: Spot) -> None:
        text = spot.text.strip()
        if text.startswith("-"):
            self.option(spot)
            return
        if excluded_on_trainium(text):
            return
        parsed = parse_pip(text)
        if parsed is None:
            return
        name, spec, extras, url = parsed
        row = self.table.package(name)
        family = row.name if row is not None and row.name.endswith("*") else None
        if family in self.families:  # nvidia-*: one finding per file, with a count of the rest
            self.families[family][1].append(name)
            return
        before = len(self.findings)
        for r, message in judge(name, spec, extras, url, _short(text), self.table):
            self.add(spot, r, message)
        if family is not None:
            self.families[family] = (before if len(self.findings) > before else -1, [])

    def option(self, spot: Spot) -> None:
        parts = spot.text.strip().replace("=", " ", 1).split()
        if len(parts) >= 2 and parts[0] in _INDEX_OPTIONS:
            found = judge_index(parts[1])
            if found:
                self.add(spot, *found)

    def conda(self, spot: Spot) -> None:
        parsed = parse_conda(spot.text)
        if parsed is None:
            return
        name, spec, build = parsed
        found = judge(name, spec, (), "", spot.text.strip(), self.table)
        if name.lower() in TORCH_NAMES and "cuda" in build.lower():
            found.insert(0, (NM602, f"`{spot.text.strip()}` is the CUDA build of {name} "
                             f"(build {build}): {_INSTALL}"))
        for r, message in found:
            self.add(spot, r, message)

    def result(self) -> FileResult:
        for index, more in self.families.values():
            if more and index >= 0:
                f = self.findings[index]
                self.findings[index] = dataclasses.replace(
                    f, message=f"{f.message} (and {len(more)} more in this file: {', '.join(more)})")
        self.findings.sort(key=lambda f: f.sort_key)
        return FileResult(self.path, tuple(self.findings), lines=len(self.lines))


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def problem(path: str, message: str, line: int, lines: int, options: Options) -> FileResult:
    if not options.wants(NM908.code, path):
        return FileResult(path, (), lines=lines)
    f = Finding(code=NM908.code, rule=NM908.name, severity=NM908.severity, category=NM908.category,
                path=path, line=max(line, 1), column=1, end_line=max(line, 1), end_column=1,
                message=message)
    return FileResult(path, (f,), skipped=message, lines=lines)


def analyse_manifest(path: str, data: bytes, options: Options) -> FileResult:
    """Findings of one dependency manifest, given its path relative to the scan root."""
    try:
        text = SourceFile.from_bytes(path, data).text
    except SourceError as exc:
        return problem(path, f"cannot read the manifest: {exc.message}", 1, 0, options)
    lines = text.splitlines()
    table = capabilities(tuple(options.capabilities))
    out = _Collector(path, options, table, lines)
    name = path.rsplit("/", 1)[-1]
    try:
        if name == "pyproject.toml":
            _pyproject(text, out)
        elif name == "setup.cfg":
            _setup_cfg(lines, out)
        elif name.endswith((".yml", ".yaml")):
            _environment(text, out)
        else:
            _requirements(lines, out)
    except _ManifestError as exc:
        return problem(path, str(exc), exc.line, len(lines), options)
    return out.result()


class _ManifestError(Exception):
    def __init__(self, message: str, line: int = 1):
        super().__init__(message)
        self.line = line


# -- requirements*.txt ----------------------------------------------------------------------

def _requirements(lines: list[str], out: _Collector) -> None:
    i = 0
    while i < len(lines):
        start = i
        raw = lines[i]
        while raw.endswith("\\") and i + 1 < len(lines):  # a continued line
            i += 1
            raw = raw[:-1] + " " + lines[i].strip()
        i += 1
        body = re.split(r"(^|\s)#", raw, maxsplit=1)[0].rstrip()
        stripped = body.strip()
        if not stripped:
            continue
        col = len(body) - len(body.lstrip())
        end = len(lines[start].rstrip("\\").rstrip()) if i - start > 1 else len(body)
        out.pip(Spot(stripped, start + 1, col, max(end, col + 1)))


# -- pyproject.toml --------------------------------------------------------------------------

_TOML_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'([^\'\n]*)\'')


def _toml():
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    return tomllib


def _pyproject(text: str, out: _Collector) -> None:
    tomllib = _toml()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = int(m.group(1)) if (m := re.search(r"line (\d+)", str(exc))) else 1
        raise _ManifestError(f"cannot read pyproject.toml as TOML: {exc}", line) from None
    strings = _string_spots(text)
    used: set[int] = set()

    def locate(value: str, kind: str = "pip") -> Spot:
        for k, (s, line, col, end) in enumerate(strings):
            if k not in used and s == value:
                used.add(k)
                return Spot(value, line, col, end, kind)
        return Spot(value, 1, 0, 1, kind)

    def requirement_list(values: object, optional: str = "") -> None:
        for v in values if isinstance(values, list) else []:
            if isinstance(v, str):
                out.pip(dataclasses.replace(locate(v), optional=optional))

    project = _sub(data, "project")
    requirement_list(project.get("dependencies"))
    for extra, group in _sub(project, "optional-dependencies").items():
        requirement_list(group, f"the extra [{extra}]")
    requirement_list(_sub(data, "build-system").get("requires"))
    for name, group in _sub(data, "dependency-groups").items():
        requirement_list(group, f"the dependency group {name}")
    tool = _sub(data, "tool")
    for name, group in _sub(_sub(tool, "pdm"), "dev-dependencies").items():
        requirement_list(group, f"the dev group {name}")
    uv = _sub(tool, "uv")
    requirement_list(uv.get("dev-dependencies"), "uv's dev-dependencies")
    poetry = _sub(tool, "poetry")
    indexes = [i for key, table in (("index", uv), ("source", poetry))
               for i in (table.get(key) if isinstance(table.get(key), list) else [])]
    for index in indexes:
        url = index.get("url") if isinstance(index, dict) else None
        if isinstance(url, str):
            found = judge_index(url)
            if found:
                out.add(locate(url, "url"), *found)
    groups = [("", _sub(poetry, "dependencies")), ("poetry's dev-dependencies", _sub(poetry, "dev-dependencies"))]
    groups += [(f"the poetry group {n}", _sub(g, "dependencies"))
               for n, g in _sub(poetry, "group").items() if isinstance(g, dict)]
    for optional, deps in groups:
        for name, value in deps.items():
            if name == "python":
                continue
            version = value if isinstance(value, str) else (value or {}).get("version", "") \
                if isinstance(value, dict) else ""
            marked = isinstance(value, dict) and value.get("optional") is True
            spot = dataclasses.replace(_key_spot(text, name),
                                       optional=optional or ("an optional dependency" if marked else ""))
            spec = _poetry_spec(version) if isinstance(version, str) else ""
            for r, message in judge(name, spec, (), "", f"{name} = {version!r}" if version else name,
                                    out.table):
                out.add(spot, r, message)


def _sub(table: object, key: str) -> dict:
    """``table[key]`` when both are tables, else an empty one: a manifest may hold anything."""
    value = table.get(key) if isinstance(table, dict) else None
    return value if isinstance(value, dict) else {}


def _string_spots(text: str) -> list[tuple[str, int, int, int]]:
    """Every single-line TOML string: (value, line, start col, end col), in file order."""
    spots = []
    for n, line in enumerate(text.splitlines(), 1):
        if "#" in line and '"' not in line.split("#", 1)[0] and "'" not in line.split("#", 1)[0]:
            line = line.split("#", 1)[0]
        for m in _TOML_STRING.finditer(line):
            value = m.group(1) if m.group(1) is not None else m.group(2)
            if m.group(1) is not None:
                value = value.replace('\\"', '"').replace("\\\\", "\\")
            spots.append((value, n, m.start(), m.end()))
    return spots


def _key_spot(text: str, key: str) -> Spot:
    pattern = re.compile(rf'^\s*["\']?{re.escape(key)}["\']?\s*=', re.M)
    m = pattern.search(text)
    if m is None:
        return Spot(key, 1, 0, 1, "poetry")
    line = text.count("\n", 0, m.start()) + 1
    line_start = text.rfind("\n", 0, m.start()) + 1
    col = m.start() - line_start + (len(m.group()) - len(m.group().lstrip()))
    line_end = text.find("\n", m.start())
    end = (line_end if line_end >= 0 else len(text)) - line_start
    return Spot(key, line, col, end, "poetry")


def _poetry_spec(version: str) -> str:
    """Poetry's ^ and ~ constraints as PEP 440 ("" when it is not one of the simple forms)."""
    v = version.strip()
    m = re.fullmatch(r"([\^~])\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?", v)
    if m:
        op, major, minor, patch = m.group(1), int(m.group(2)), m.group(3), m.group(4)
        low = ".".join(p for p in (str(major), minor, patch) if p is not None)
        if op == "^":
            high = f"{major + 1}.0" if major else f"0.{int(minor or 0) + 1}"
        else:
            high = f"{major}.{int(minor or 0) + 1}" if minor is not None else f"{major + 1}.0"
        return f">={low},<{high}"
    if re.fullmatch(r"\d+(\.\d+)*(\.\*)?", v):
        return f"=={v}"
    if v in ("", "*"):
        return ""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    try:
        SpecifierSet(v)
        return v
    except InvalidSpecifier:
        return ""


# -- setup.cfg -------------------------------------------------------------------------------

_CFG_KEYS = ("install_requires", "setup_requires", "tests_require")


def _setup_cfg(lines: list[str], out: _Collector) -> None:
    section = optional = ""
    collecting = False
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            section, collecting = stripped[1:-1].strip(), False
            continue
        if not stripped or stripped.startswith(("#", ";")):
            continue
        indented = line[:1].isspace()
        if not indented:
            key, sep, value = line.partition("=")
            if not sep:
                key, sep, value = line.partition(":")
            key = key.strip()
            collecting = bool(sep) and (section == "options" and key in _CFG_KEYS
                                        or section == "options.extras_require")
            optional = (f"the extra [{key}]" if section == "options.extras_require"
                        else "tests_require" if key == "tests_require" else "")
            if collecting and value.strip():
                col = line.index(value.strip(), len(key))
                out.pip(Spot(value.strip(), n, col, col + len(value.strip()), optional=optional))
            continue
        if collecting:
            col = len(line) - len(line.lstrip())
            body = line.split(" #", 1)[0].rstrip()
            out.pip(Spot(body.strip(), n, col, len(body), optional=optional))


# -- environment.yml -------------------------------------------------------------------------

_CUDA_CHANNELS = {"nvidia": "NVIDIA's channel serves CUDA builds (cuda-toolkit, pytorch-cuda, cudnn)",
                  "rapidsai": "the RAPIDS channel serves CUDA-only GPU libraries (cudf, cuml, cugraph)"}


def _environment(text: str, out: _Collector) -> None:
    import yaml

    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise _ManifestError(f"cannot read the conda environment file as YAML: {exc}",
                             mark.line + 1 if mark else 1) from None
    if not isinstance(root, yaml.MappingNode):
        return
    for key, value in root.value:
        if key.value == "channels" and isinstance(value, yaml.SequenceNode):
            for item in value.value:
                channel = str(item.value).rstrip("/").rsplit("/", 1)[-1].lower() \
                    if isinstance(item, yaml.ScalarNode) else ""
                if channel in _CUDA_CHANNELS:
                    out.add(_yaml_spot(item, "conda"), NM602, f"conda channel `{item.value}`: "
                            f"{_CUDA_CHANNELS[channel]}; drop it for the Trainium environment",
                            Severity.WARNING)
        if key.value != "dependencies" or not isinstance(value, yaml.SequenceNode):
            continue
        for item in value.value:
            if isinstance(item, yaml.ScalarNode):
                out.conda(_yaml_spot(item, "conda"))
            elif isinstance(item, yaml.MappingNode):
                for k, v in item.value:
                    if k.value == "pip" and isinstance(v, yaml.SequenceNode):
                        for sub in v.value:
                            if isinstance(sub, yaml.ScalarNode):
                                out.pip(_yaml_spot(sub, "pip"))


def _yaml_spot(node, kind: str) -> Spot:
    start, end = node.start_mark, node.end_mark
    end_col = end.column if end.line == start.line else start.column + len(str(node.value))
    return Spot(str(node.value), start.line + 1, start.column, end_col, kind)


# -- setup.py (a Python check, in the engine's one walk) ----------------------------------------

class _SetupState:
    __slots__ = ("may_declare",)

    def __init__(self) -> None:
        self.may_declare: bool | None = None  # the text has "setup" and "_require": requirements may be declared


@on(ast.Call)
def check_setup_call(call: ast.Call, ctx: Context) -> None:
    """``setuptools.setup(install_requires=[...])``, in whatever file calls it (setup.py)."""
    state = ctx.state(_SetupState)
    if state.may_declare is None:
        text = ctx.src.text
        state.may_declare = "setup" in text and "_require" in text
    if not state.may_declare or not call.keywords or ctx.qualify(call.func) not in _SETUP_FUNCTIONS:
        return
    options = ctx.options or Options()
    table = capabilities(tuple(options.capabilities))
    for kw in call.keywords:
        if kw.arg not in _SETUP_KEYWORDS:
            continue
        values = _resolve(kw.value, ctx)
        if kw.arg == "extras_require" and isinstance(values, ast.Dict):
            groups = [(f"the extra [{k.value}]" if isinstance(k, ast.Constant) else "an extra", _resolve(v, ctx))
                      for k, v in zip(values.keys, values.values)]
        else:
            groups = [("tests_require" if kw.arg == "tests_require" else "", values)]
        for optional, group in groups:
            for node in getattr(group, "elts", ()) or ():
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    parsed = parse_pip(node.value)
                    if parsed is None or excluded_on_trainium(node.value):
                        continue
                    for r, message in judge(*parsed, _short(node.value), table):
                        if optional:
                            ctx.report(r, node, f"{message} (optional: {optional}; a plain install does "
                                       "not pull it)", severity=min(r.severity, Severity.WARNING))
                        else:
                            ctx.report(r, node, message)


def _resolve(expr: ast.AST, ctx: Context) -> ast.AST:
    """A module-level ``NAME = [...]`` that ``expr`` names, else ``expr`` itself."""
    if not isinstance(expr, ast.Name):
        return expr
    for stmt in ctx.tree.body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == expr.id
                                                for t in stmt.targets):
            return stmt.value
    return expr
