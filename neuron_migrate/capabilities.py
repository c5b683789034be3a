"""Load and validate the YAML facts under ``rules/``.

Every row names its source. Unknown keys, missing keys and bad values are errors
that name the file, the row and the key, so a broken table never loads silently.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from neuron_migrate import rules_dir


class TableError(ValueError):
    """A rules file that does not match its schema."""


# The shipped tables, also kept in rules/generated/tables.json with each YAML file's SHA-256:
# read from there while the hash matches (parsing the YAML took 40 ms in every process, half
# of it importing PyYAML); a table edited since is read from its YAML. The JSON is generated:
# `python -m neuron_migrate.capabilities`, and a test fails when it is stale.
SHIPPED = ("target.yaml", "cuda_api.yaml", "dependencies.yaml", "operators.yaml")
COMPILED = Path("generated") / "tables.json"


def load_yaml(path: Path) -> dict:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise TableError(f"{path}: cannot load: {exc}") from None
    data = _compiled(path, raw)
    if data is None:
        data = _parse_yaml(path, raw)
    if not isinstance(data, dict):
        raise TableError(f"{path}: expected a mapping at the top level")
    if data.get("schema_version") != 1:
        raise TableError(f"{path}: schema_version must be 1")
    return data


def _parse_yaml(path: Path, raw: bytes) -> object:
    import yaml

    try:  # the C loader is several times faster; fall back where libyaml is missing
        loader = yaml.CSafeLoader
    except AttributeError:  # pragma: no cover
        loader = yaml.SafeLoader
    try:
        data = yaml.load(raw.decode("utf-8"), Loader=loader)
    except (UnicodeDecodeError, yaml.YAMLError, RecursionError) as exc:
        raise TableError(f"{path}: cannot load: {exc}") from None
    written, expanded = _sizes(data)
    if expanded > MAX_EXPANSION * written + 10_000:
        raise TableError(f"{path}: cannot load: its YAML aliases expand {written:,} values into more "
                         f"than {expanded:,} (a table needs no such expansion)")
    return data


MAX_EXPANSION = 10  # values read through aliases, per value written, before a table is refused


def _sizes(data: object) -> tuple[int, int]:
    """(values written in the file, values a reader walks once aliases are expanded). An
    alias is the same object again, so each object is counted once, children first: linear
    in the first even when the second is 1,500 x 1,500 (aliases of aliases)."""
    size: dict[int, int] = {}
    seen: set[int] = set()
    written = 0
    stack: list[tuple[object, bool]] = [(data, False)]
    while stack:
        v, children_done = stack.pop()
        if not isinstance(v, (dict, list)):
            continue
        items = [*v.keys(), *v.values()] if isinstance(v, dict) else v
        if children_done:
            size[id(v)] = min(1 + sum(size.get(id(x), 1) for x in items), 1 << 62)
        elif id(v) not in seen:  # a recursive alias counts once
            seen.add(id(v))
            written += 1 + len(items)
            stack.append((v, True))
            stack.extend((x, False) for x in items)
    return written, size.get(id(data), 1)


def _compiled(path: Path, raw: bytes) -> object | None:
    """``path``'s data from the compiled tables, if it is a shipped table unchanged since."""
    if path.name not in SHIPPED or path.parent != rules_dir():
        return None
    entry = _compiled_tables().get(path.name)
    if not isinstance(entry, dict) or entry.get("sha256") != hashlib.sha256(raw).hexdigest():
        return None
    return entry.get("data")


@functools.cache
def _compiled_tables() -> dict:
    try:
        tables = json.loads((rules_dir() / COMPILED).read_bytes()).get("tables")
    except (OSError, ValueError, AttributeError):
        return {}  # missing or damaged: every table is read from its YAML
    return tables if isinstance(tables, dict) else {}


def compile_tables() -> str:
    """The text of rules/generated/tables.json: each shipped table as the YAML loader reads it."""
    tables = {}
    for name in SHIPPED:
        path = rules_dir() / name
        raw = path.read_bytes()
        data = _parse_yaml(path, raw)
        if json.loads(json.dumps(data)) != data:
            raise TableError(f"{path}: holds values JSON cannot carry (dates, non-string keys)")
        tables[name] = {"sha256": hashlib.sha256(raw).hexdigest(), "data": data}
    note = ("generated from the YAML tables beside it by `python -m neuron_migrate.capabilities`; "
            "a table is read from here only while its sha256 matches")
    return json.dumps({"note": note, "tables": tables}, ensure_ascii=False, indent=0) + "\n"


def check_row(path: Path, where: str, row: object, required: set[str], optional: set[str]) -> dict:
    if not isinstance(row, dict):
        raise TableError(f"{path}: {where}: expected a mapping, got {type(row).__name__}")
    unknown = set(row) - required - optional
    if unknown:
        raise TableError(f"{path}: {where}: unknown key {sorted(unknown)[0]!r}")
    for key in sorted(required):
        if row.get(key) in (None, ""):
            raise TableError(f"{path}: {where}: missing key {key!r}")
    return row


@dataclass(frozen=True)
class ApiRow:
    name: str
    neuron: str | None
    rule: str
    advice: str
    source: str
    portable: str | None = None  # the device-agnostic spelling (fix --style portable)
    without_cuda: str = "runs"  # what the CUDA call does without CUDA: runs | raises | absent
    portable_without_accelerator: str = "raises"  # what `portable` does without one: same | raises
    fields: tuple[str, ...] = ()  # the attributes the twin's result has (others have no Neuron meaning)
    keys: tuple[str, ...] | None = None  # the keys the twin's answer (a dict) is documented to hold
    answer_without_cuda: str | None = None  # the literal a call without arguments returns without CUDA

    def needs_guard(self, style: str) -> bool:
        """Would this row's rewrite raise on a host without the target where the original ran?"""
        if self.without_cuda != "runs":
            return False  # code that reaches the call never ran without CUDA
        return style == "neuron" or self.portable_without_accelerator != "same"


@dataclass(frozen=True)
class Target:
    device: str
    distributed_backend: str
    compile_backend: str
    visible_cores_env: str
    profiler_activity: str
    torch_neuronx: str
    torch_versions: tuple[str, ...]
    python_versions: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class CudaApi:
    apis: dict[str, ApiRow]
    env_vars: dict[str, ApiRow]
    modes_without_effect: frozenset[str]
    backends_to_replace: frozenset[str]
    # torch.nn class -> the arguments that give it a tensor (stateless_modules)
    stateless_modules: dict[str, frozenset[str]]
    reexported: tuple[str, ...] = ()
    # a library's callable outside PyTorch -> the devices its `device` argument takes (foreign_devices)
    foreign_devices: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # a library's function that returns what a torch.cuda call answers -> that call (same_as)
    same_as: dict[str, str] = field(default_factory=dict)

    def canonical(self, qualified: str) -> str:
        """``torch.cuda.random.get_rng_state`` → ``torch.cuda.get_rng_state``: a public name of a
        submodule its parent package re-exports (``reexported``) is the parent's name, unless the
        table lists it as it is spelled (``torch.cuda.memory._snapshot``)."""
        if qualified in self.apis:
            return qualified
        for module in self.reexported:
            if qualified.startswith(module + ".") and not qualified[len(module) + 1:].startswith("_"):
                return module.rsplit(".", 1)[0] + qualified[len(module):]
        return qualified

    def lookup(self, qualified: str) -> tuple[ApiRow, str] | None:
        """The row for ``qualified`` (as ``canonical`` spells it) or its longest listed prefix,
        with the matched prefix."""
        name = self.canonical(qualified)
        while True:
            row = self.apis.get(name)
            if row is not None:
                return row, name
            if "." not in name:
                return None
            name = name.rsplit(".", 1)[0]


_API_RULES = {"NM103", "NM104", "NM105", "NM106", "NM109"}
WITHOUT_CUDA = ("runs", "raises", "absent")
WITHOUT_ACCELERATOR = ("same", "raises")


@functools.cache
def _source_keys() -> tuple[tuple[re.Pattern, str, str], ...]:
    path = rules_dir() / "sources.yaml"
    data = load_yaml(path)
    keys = data.get("sources")
    if not isinstance(keys, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in keys.items()):
        raise TableError(f"{path}: sources must map each key to a text")
    return tuple((re.compile(r"(?<![\w-])" + re.escape(k) + r"(?![\w-])"), k, v) for k, v in keys.items())


def source_notes(source: str) -> list[str]:
    """``key: what it is`` for each key of rules/sources.yaml that ``source`` names: how a
    user reads a source such as "D-mod; G-dev torch_neuronx/neuron.py"."""
    return [f"{key}: {text}" for pattern, key, text in _source_keys() if pattern.search(source)]


@functools.cache
def target() -> Target:
    path = rules_dir() / "target.yaml"
    data = load_yaml(path)
    keys = {"device", "distributed_backend", "compile_backend", "visible_cores_env",
            "profiler_activity", "torch_neuronx", "torch_versions", "python_versions", "source"}
    check_row(path, "top level", data, keys, {"schema_version"})
    return Target(**{**{k: data[k] for k in keys}, "torch_versions": tuple(data["torch_versions"]),
                     "python_versions": tuple(data["python_versions"])})


@functools.cache
def cuda_api() -> CudaApi:
    path = rules_dir() / "cuda_api.yaml"
    data = load_yaml(path)
    check_row(path, "top level", data, {"apis", "env_vars", "compile", "stateless_modules"},
              {"schema_version", "reexported", "foreign_devices", "same_as"})

    def rows(section: str) -> dict[str, ApiRow]:
        out: dict[str, ApiRow] = {}
        for i, raw in enumerate(data[section], 1):
            where = f"{section} row {i}"
            row = check_row(path, where, raw, {"name", "source"},
                            {"neuron", "rule", "advice", "portable", "without_cuda",
                             "portable_without_accelerator", "fields", "keys",
                             "answer_without_cuda"})
            if "neuron" not in row:
                raise TableError(f"{path}: {where}: missing key 'neuron' (null when there is no twin)")
            rule = row.get("rule", "NM112" if section == "env_vars" else "")
            if section == "apis" and rule not in _API_RULES:
                raise TableError(f"{path}: {where}: key 'rule' must be one of {sorted(_API_RULES)}")
            if row["name"] in out:
                raise TableError(f"{path}: {where}: duplicate name {row['name']!r}")
            for key, allowed in (("without_cuda", WITHOUT_CUDA),
                                 ("portable_without_accelerator", WITHOUT_ACCELERATOR)):
                if key in row and row[key] not in allowed:
                    raise TableError(f"{path}: {where}: key {key!r} must be one of {list(allowed)}")
            if "answer_without_cuda" in row and row.get("without_cuda", "runs") != "runs":
                raise TableError(f"{path}: {where}: key 'answer_without_cuda' needs without_cuda: runs")
            out[row["name"]] = ApiRow(row["name"], row["neuron"], rule, row.get("advice", ""),
                                      row["source"], row.get("portable"),
                                      # a row without a twin states it, else it blocks (raises)
                                      row.get("without_cuda", "runs" if row["neuron"] else "raises"),
                                      row.get("portable_without_accelerator", "raises"),
                                      tuple(row.get("fields") or ()),
                                      None if row.get("keys") is None else tuple(row["keys"]), row.get("answer_without_cuda"))
        return out

    compile_ = check_row(path, "compile", data["compile"],
                         {"modes_without_effect", "backends_to_replace", "source"}, set())
    stateless = check_row(path, "stateless_modules", data["stateless_modules"], {"classes", "source"}, set())
    modules = {}
    for i, raw in enumerate(stateless["classes"], 1):
        row = check_row(path, f"stateless_modules row {i}", raw, {"name"}, {"state"})
        modules[row["name"]] = frozenset(row.get("state") or ())
    foreign = {}
    for i, raw in enumerate(data.get("foreign_devices") or (), 1):
        row = check_row(path, f"foreign_devices row {i}", raw, {"name", "devices", "source"}, set())
        foreign[row["name"]] = tuple(row["devices"])
    apis = rows("apis")
    same_as = {}
    for i, raw in enumerate(data.get("same_as") or (), 1):
        row = check_row(path, f"same_as row {i}", raw, {"name", "is", "source"}, set())
        if row["is"] not in apis:
            raise TableError(f"{path}: same_as row {i}: {row['is']!r} is not a row of apis")
        same_as[row["name"]] = row["is"]
    return CudaApi(apis, rows("env_vars"), frozenset(compile_["modes_without_effect"]),
                   frozenset(compile_["backends_to_replace"]), modules, tuple(data.get("reexported") or ()),
                   foreign, same_as)


# -- the operator, dtype and dependency table ----------------------------------------------

OPERATOR_STATUSES = ("native", "cpu_fallback", "unsupported", "unknown")
DTYPE_STATUSES = ("native", "downcast", "unsupported", "unknown")
PACKAGE_CODE_RULES = ("NM502", "NM503", "NM504")
PACKAGE_MANIFEST_RULES = ("NM601", "NM602", "none")
REPLACEMENT_BY = ("aws", "ours")
_OP_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NORMALISE = re.compile(r"[-_.]+")


def normalise_distribution(name: str) -> str:
    """PEP 503 normalised distribution name: ``Flash_Attn`` -> ``flash-attn``."""
    return _NORMALISE.sub("-", name).lower()


@dataclass(frozen=True)
class OperatorRow:
    aten: str
    status: str
    source: str
    note: str = ""
    alternative: str = ""
    since: str = ""
    runs: tuple[str, ...] = ()  # kernels a composite op reaches (measured)
    origin: str = ""  # the file the row came from

    @property
    def evidence(self) -> str:
        """How much to trust the status, for messages: "unverified" or "pre-release source"."""
        if self.status == "unknown":
            return "unverified"
        # the first source is the one the status rests on; later ones add detail
        return "pre-release source" if "[dev]" in self.source.split("; ")[0] else ""


@dataclass(frozen=True)
class DtypeRow:
    name: str
    aliases: tuple[str, ...]
    status: str
    note: str
    source: str
    origin: str = ""


@dataclass(frozen=True)
class PackageApi:
    name: str
    use_instead: str
    by: str


@dataclass(frozen=True)
class PackageRow:
    name: str  # normalised; may end in *
    modules: tuple[str, ...]
    rule: str  # code rule for the modules ("" when there are none)
    manifest: str  # NM601, NM602 or "none"
    note: str
    replacement: str
    replacement_by: str
    source: str
    apis: tuple[PackageApi, ...] = ()
    origin: str = ""
    # names of its source repositories, where pip's VCS form (`git+https://.../tiny-cuda-nn/`)
    # names the package by its repository and the repository's name is not the distribution's
    repositories: tuple[str, ...] = ()

    def api_for(self, qualified: str, text: str | None = None) -> PackageApi | None:
        """The most specific finer replacement for ``qualified`` (a module or a name in it). For
        a module above the finer replacements, the one under it that the file's ``text`` uses
        (``xformers.ops.memory_efficient_attention`` after ``import xformers``), or None when it
        uses several or none of them (``import xformers`` is not its attention more than its
        cross entropy)."""
        best = None
        for api in self.apis:
            if qualified == api.name or qualified.startswith(api.name + "."):
                if best is None or len(api.name) > len(best.name):
                    best = api
        if best is None:
            below = [api for api in self.apis if api.name.startswith(qualified + ".")]
            if len(below) > 1:  # spelled out in full, or from the module's last name (`from xformers import ops`)
                last = qualified.rsplit(".", 1)[-1]
                below = [api for api in below if text is not None and (
                    api.name in text or last + api.name[len(qualified):] in text)]
            best = below[0] if len(below) == 1 else None
        return best


@dataclass(frozen=True)
class Capabilities:
    """The operator, dtype and dependency tables, with any user overlays applied."""

    torch_neuronx: str
    operators: dict[str, OperatorRow]
    dtypes: dict[str, DtypeRow]  # by name and by alias
    packages: tuple[PackageRow, ...]
    overlays: tuple[str, ...] = ()
    # ops PyTorch runs through its own composite kernel on every backend: no Neuron kernel needed
    composites: frozenset[str] = frozenset()

    def operator(self, aten: str) -> OperatorRow | None:
        return self.operators.get(aten)

    def dtype(self, name: str) -> DtypeRow | None:
        return self.dtypes.get(name)

    def package(self, distribution: str) -> PackageRow | None:
        """The row for a distribution name as a manifest spells it."""
        name = normalise_distribution(distribution)
        for row in self.packages:
            if row.name == name or row.name.endswith("*") and name.startswith(row.name[:-1]):
                return row
        return None

    def repository_package(self, repository: str) -> PackageRow | None:
        """The row whose source repository a VCS requirement names (``repositories``)."""
        name = normalise_distribution(repository)
        return next((row for row in self.packages if name in row.repositories), None)

    def module_package(self, module: str) -> tuple[PackageRow, str] | None:
        """The row whose module ``module`` is or lies under, the longest such module, with it."""
        rows = self._by_module
        while module:  # ``a.b.c``, then ``a.b``, then ``a``: a look-up each, not a test of every row's modules
            found = rows.get(module)
            if found is not None:
                return found
            module = module.rpartition(".")[0]
        return None

    @functools.cached_property
    def _by_module(self) -> dict[str, tuple[PackageRow, str]]:
        """Each module a row names, with the row (the first row naming it)."""
        found: dict[str, tuple[PackageRow, str]] = {}
        for row in self.packages:
            for m in row.modules:
                found.setdefault(m, (row, m))
        return found


def _where(section: str, i: int, row: object, key: str) -> str:
    name = row.get(key) if isinstance(row, dict) else None
    return f"{section} row {i}" + (f" ({key}: {name})" if isinstance(name, str) else "")


def _text(path: Path, where: str, row: dict, key: str) -> str:
    value = row.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TableError(f"{path}: {where}: key {key!r} must be a string, got {type(value).__name__}")
    return value.strip()


def _names(path: Path, where: str, row: dict, key: str) -> tuple[str, ...]:
    value = row.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise TableError(f"{path}: {where}: key {key!r} must be a list of names")
    return tuple(value)


def _choice(path: Path, where: str, row: dict, key: str, allowed: tuple[str, ...]) -> str:
    value = row.get(key)
    if value not in allowed:
        raise TableError(f"{path}: {where}: key {key!r} must be one of {', '.join(allowed)}, "
                         f"got {value!r}")
    return value


def _section(path: Path, data: dict, key: str) -> list:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise TableError(f"{path}: {key!r} must be a list of rows")
    return value


def operator_rows(path: Path, data: dict) -> dict[str, OperatorRow]:
    out: dict[str, OperatorRow] = {}
    for i, raw in enumerate(_section(path, data, "operators"), 1):
        where = _where("operators", i, raw, "aten")
        row = check_row(path, where, raw, {"aten", "status", "source"},
                        {"note", "alternative", "since", "runs"})
        aten = _text(path, where, row, "aten")
        if not _OP_NAME.fullmatch(aten):
            raise TableError(f"{path}: {where}: key 'aten' must be an ATen base name such as "
                             f"linalg_eigh (no aten:: prefix, no .overload), got {aten!r}")
        if aten in out:
            raise TableError(f"{path}: {where}: duplicate operator {aten!r}")
        out[aten] = OperatorRow(
            aten=aten, status=_choice(path, where, row, "status", OPERATOR_STATUSES),
            source=_text(path, where, row, "source"), note=_text(path, where, row, "note"),
            alternative=_text(path, where, row, "alternative"),
            since=str(row.get("since") or "").strip(), runs=_names(path, where, row, "runs"),
            origin=str(path))
    return out


def dtype_rows(path: Path, data: dict) -> dict[str, DtypeRow]:
    out: dict[str, DtypeRow] = {}
    for i, raw in enumerate(_section(path, data, "dtypes"), 1):
        where = _where("dtypes", i, raw, "name")
        row = check_row(path, where, raw, {"name", "status", "note", "source"}, {"aliases"})
        dt = DtypeRow(_text(path, where, row, "name"), _names(path, where, row, "aliases"),
                      _choice(path, where, row, "status", DTYPE_STATUSES),
                      _text(path, where, row, "note"), _text(path, where, row, "source"), str(path))
        for name in (dt.name, *dt.aliases):
            if name in out and out[name].name != dt.name:
                raise TableError(f"{path}: {where}: dtype name {name!r} is used twice")
            out[name] = dt
    return out


def package_rows(path: Path, data: dict) -> list[PackageRow]:
    out: list[PackageRow] = []
    seen: set[str] = set()
    for i, raw in enumerate(_section(path, data, "packages"), 1):
        where = _where("packages", i, raw, "name")
        row = check_row(path, where, raw, {"name", "manifest", "note", "source"},
                        {"modules", "rule", "replacement", "replacement_by", "apis", "repositories"})
        name = normalise_distribution(_text(path, where, row, "name"))
        if name in seen:
            raise TableError(f"{path}: {where}: duplicate package {name!r}")
        seen.add(name)
        modules = _names(path, where, row, "modules")
        rule = _choice(path, where, row, "rule", PACKAGE_CODE_RULES) if modules else ""
        if not modules and "rule" in row:
            raise TableError(f"{path}: {where}: key 'rule' needs 'modules' to report")
        replacement = _text(path, where, row, "replacement")
        by = _choice(path, where, row, "replacement_by", REPLACEMENT_BY) if replacement else ""
        apis = []
        raw_apis = row.get("apis") or []
        if not isinstance(raw_apis, list):
            raise TableError(f"{path}: {where}: key 'apis' must be a list of rows")
        for j, api in enumerate(raw_apis, 1):
            w = f"{where} apis row {j}"
            api = check_row(path, w, api, {"name", "use_instead", "by"}, set())
            apis.append(PackageApi(_text(path, w, api, "name"), _text(path, w, api, "use_instead"),
                                   _choice(path, w, api, "by", REPLACEMENT_BY)))
        out.append(PackageRow(
            name=name, modules=modules, rule=rule,
            manifest=_choice(path, where, row, "manifest", PACKAGE_MANIFEST_RULES),
            note=_text(path, where, row, "note"), replacement=replacement, replacement_by=by,
            source=_text(path, where, row, "source"), apis=tuple(apis), origin=str(path),
            repositories=tuple(map(normalise_distribution, _names(path, where, row, "repositories")))))
    return out


_TABLE_KEYS = {"schema_version", "torch_neuronx", "evidence", "generated", "operators", "dtypes",
               "composites"}
_OVERLAY_KEYS = {"schema_version", "torch_neuronx", "source", "operators", "dtypes", "packages"}


def load_overlay(path: Path) -> tuple[str, dict[str, OperatorRow], dict[str, DtypeRow], list[PackageRow]]:
    """A user overlay: rows that add to or replace the shipped ones (by ATen name, dtype, package)."""
    data = load_yaml(path)
    check_row(path, "top level", data, {"schema_version"}, _OVERLAY_KEYS)
    version = data.get("torch_neuronx") or ""
    if not isinstance(version, str):
        raise TableError(f"{path}: top level: key 'torch_neuronx' must be a string")
    return version, operator_rows(path, data), dtype_rows(path, data), package_rows(path, data)


@functools.cache
def dependency_rows() -> tuple[PackageRow, ...]:
    """The shipped dependency table alone (cheap: the scanner's prefilter words come from it)."""
    path = rules_dir() / "dependencies.yaml"
    data = load_yaml(path)
    check_row(path, "top level", data, {"schema_version", "packages"}, set())
    return tuple(package_rows(path, data))


@functools.lru_cache(maxsize=8)
def capabilities(overlays: tuple[str, ...] = ()) -> Capabilities:
    """The shipped operator, dtype and dependency tables with ``overlays`` applied in order."""
    ops_path = rules_dir() / "operators.yaml"
    data = load_yaml(ops_path)
    check_row(ops_path, "top level", data, {"schema_version", "torch_neuronx", "operators"},
              _TABLE_KEYS - {"schema_version", "torch_neuronx", "operators"})
    version = target().torch_neuronx
    if data["torch_neuronx"] != version:
        raise TableError(f"{ops_path}: top level: key 'torch_neuronx' is {data['torch_neuronx']!r} "
                         f"but target.yaml describes {version!r}")
    operators = operator_rows(ops_path, data)
    dtypes = dtype_rows(ops_path, data)
    composites = data.get("composites") or []
    if not isinstance(composites, list) or not all(isinstance(c, str) for c in composites):
        raise TableError(f"{ops_path}: top level: key 'composites' must be a list of ATen names")
    packages = list(dependency_rows())
    overlaid: set[str] = set()
    for overlay in overlays:
        o_version, o_ops, o_dtypes, o_packages = load_overlay(Path(overlay))
        version = o_version or version
        operators = {**operators, **o_ops}
        overlaid.update(o_ops)
        dtypes = {**dtypes, **o_dtypes}
        replaced = {p.name for p in o_packages}
        packages = [p for p in packages if p.name not in replaced] + o_packages
    if overlaid:
        operators = _recompute_composites(operators, overlaid)
    return Capabilities(version, operators, dtypes, tuple(packages), tuple(overlays),
                        frozenset(composites))


_RANK = {"native": 0, "unknown": 1, "cpu_fallback": 2, "unsupported": 3}


def _recompute_composites(operators: dict[str, OperatorRow], overlaid: set[str]) -> dict[str, OperatorRow]:
    """A composite row whose kernels an overlay changed takes the worst status of its kernels.

    (The shipped status of a composite is that of its best measured sample; an overlay only
    names kernels, so the recomputed status is the conservative one.)"""
    import dataclasses

    out = dict(operators)
    for name, row in operators.items():
        if not row.runs or name in overlaid or not overlaid.intersection(row.runs):
            continue
        statuses = [operators[r].status if r in operators else "unknown" for r in row.runs]
        status = max(statuses, key=_RANK.__getitem__)
        changed = ", ".join(sorted(overlaid.intersection(row.runs)))
        out[name] = dataclasses.replace(
            row, status=status, note=f"status recomputed from overlay rows for {changed}; {row.note}")
    return out


@dataclass(frozen=True)
class AtenMap:
    """``rules/generated/aten_api.json``: Python API -> ATen ops, and each op's overloads and tags."""

    api: dict[str, list[str]]
    ops: dict[str, dict]
    torch_version: str

    def is_composite(self, op: str) -> bool:
        """CompositeImplicitAutograd for its primary overload: PyTorch decomposes it before
        any backend sees it, so no backend needs a kernel of that name."""
        row = self.ops.get(op)
        if not row:
            return False
        cia = row.get("cia", ())
        return "default" in cia if "default" in row["overloads"] else bool(cia) and set(cia) == set(row["overloads"])


@functools.cache
def aten_map() -> AtenMap:
    """Loaded on first use (about 8 ms): only operator rules and `ops` need it."""
    import json

    path = rules_dir() / "generated" / "aten_api.json"
    try:
        with path.open(encoding="utf-8") as fh:
            data = json.load(fh)
        return AtenMap(data["api"], data["ops"], data["header"]["torch_version"])
    except (OSError, ValueError, KeyError) as exc:
        raise TableError(f"{path}: cannot load the Python API -> ATen map: {exc}") from None


def main() -> int:
    """Regenerate rules/generated/tables.json from the YAML tables."""
    (rules_dir() / COMPILED).write_text(compile_tables(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
