"""Load and validate the YAML facts under ``rules/``.

Every row names its source. Unknown keys, missing keys and bad values are errors
that name the file, the row and the key, so a broken table never loads silently.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import yaml

try:  # the C loader is several times faster; fall back where libyaml is missing
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _Loader


class TableError(ValueError):
    """A rules file that does not match its schema."""


def rules_dir() -> Path:
    packaged = Path(__file__).parent / "rules"  # in a wheel, rules/ is shipped inside the package
    return packaged if packaged.is_dir() else Path(__file__).parent.parent / "rules"


def load_yaml(path: Path) -> dict:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    except (OSError, yaml.YAMLError) as exc:
        raise TableError(f"{path}: cannot load: {exc}") from None
    if not isinstance(data, dict):
        raise TableError(f"{path}: expected a mapping at the top level")
    if data.get("schema_version") != 1:
        raise TableError(f"{path}: schema_version must be 1")
    return data


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


@dataclass(frozen=True)
class Target:
    device: str
    distributed_backend: str
    compile_backend: str
    visible_cores_env: str
    profiler_activity: str
    torch_neuronx: str
    torch_versions: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class CudaApi:
    apis: dict[str, ApiRow]
    env_vars: dict[str, ApiRow]
    modes_without_effect: frozenset[str]
    backends_to_replace: frozenset[str]

    def lookup(self, qualified: str) -> tuple[ApiRow, str] | None:
        """The row for ``qualified`` or its longest listed prefix, with the matched prefix."""
        name = qualified
        while True:
            row = self.apis.get(name)
            if row is not None:
                return row, name
            if "." not in name:
                return None
            name = name.rsplit(".", 1)[0]


_API_RULES = {"NM103", "NM104", "NM105", "NM106", "NM109"}


@functools.cache
def target() -> Target:
    path = rules_dir() / "target.yaml"
    data = load_yaml(path)
    keys = {"device", "distributed_backend", "compile_backend", "visible_cores_env",
            "profiler_activity", "torch_neuronx", "torch_versions", "source"}
    check_row(path, "top level", data, keys, {"schema_version"})
    return Target(**{**{k: data[k] for k in keys}, "torch_versions": tuple(data["torch_versions"])})


@functools.cache
def cuda_api() -> CudaApi:
    path = rules_dir() / "cuda_api.yaml"
    data = load_yaml(path)
    check_row(path, "top level", data, {"apis", "env_vars", "compile"}, {"schema_version"})

    def rows(section: str) -> dict[str, ApiRow]:
        out: dict[str, ApiRow] = {}
        for i, raw in enumerate(data[section], 1):
            where = f"{section} row {i}"
            row = check_row(path, where, raw, {"name", "source"}, {"neuron", "rule", "advice"})
            if "neuron" not in row:
                raise TableError(f"{path}: {where}: missing key 'neuron' (null when there is no twin)")
            rule = row.get("rule", "NM112" if section == "env_vars" else "")
            if section == "apis" and rule not in _API_RULES:
                raise TableError(f"{path}: {where}: key 'rule' must be one of {sorted(_API_RULES)}")
            if row["name"] in out:
                raise TableError(f"{path}: {where}: duplicate name {row['name']!r}")
            out[row["name"]] = ApiRow(row["name"], row["neuron"], rule, row.get("advice", ""),
                                      row["source"])
        return out

    compile_ = check_row(path, "compile", data["compile"],
                         {"modes_without_effect", "backends_to_replace", "source"}, set())
    return CudaApi(rows("apis"), rows("env_vars"), frozenset(compile_["modes_without_effect"]),
                   frozenset(compile_["backends_to_replace"]))
