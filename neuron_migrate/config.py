"""``[tool.neuron-migrate]`` in pyproject.toml, merged with the command line.
``[tool.neuron_migrate]`` (the import name) is read the same; both in one file is an error.

The nearest pyproject.toml that has the table, walking up from the first scanned path,
is the config. An option given on the command line replaces the key of the same name.
A bad key or value is a :class:`ConfigError` (exit 2) that names the file and the key.

    [tool.neuron-migrate]
    select = ["NM1", "NM2"]          # rule codes or prefixes; "ALL" for every rule
    ignore = ["NM118"]
    exclude = ["third_party/", "*_pb2.py"]   # gitignore-style, relative to this file's folder
    per-file-ignores = { "tests/**" = ["NM101"] }
    fail-on = "warning"              # error | warning | info | never
    capabilities = "neuron-overlay.yaml"    # a capability overlay, relative to this file
    compile-entries = ["pkg.model:GPT.generate", "train.py:train_step"]   # what torch.compile traces
    scopes = { tests = ["integration/**"], vendored = ["csrc/"] }  # overrides (scopes.py)
    style = "portable"               # how fixes spell the target: neuron (default) | portable
"""

from __future__ import annotations

import difflib
import fnmatch
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from neuron_migrate.models import Options, Severity

FILE_NAME = "pyproject.toml"
TABLE = "neuron-migrate"
ALIAS = "neuron_migrate"  # the import name: read the same, as ruff reads [tool.ruff] only
KEYS = ("select", "ignore", "exclude", "per-file-ignores", "fail-on", "capabilities", "compile-entries",
        "scopes", "style", "follow")
FAIL_ON = ("error", "warning", "info", "never")
STYLES = ("neuron", "portable")


class ConfigError(ValueError):
    """A config file that cannot be read or holds a bad key or value."""


@dataclass(frozen=True)
class Config:
    path: Path | None = None  # the pyproject.toml it came from; None: no config
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    exclude: tuple[str, ...] | None = None
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    fail_on: str | None = None
    capabilities: Path | None = None  # absolute
    entries: tuple[str, ...] = ()  # compile-entries
    scopes: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (scope, patterns) overrides
    style: str | None = None
    follow: tuple[str, ...] | bool | None = None  # packages to follow, or false: follow none

    @property
    def folder(self) -> Path | None:
        return self.path.parent if self.path else None


@dataclass(frozen=True)
class Settings:
    """What a command runs with: the config merged with its command-line options."""

    options: Options
    exclude: tuple[str, ...]
    capabilities: tuple[Path, ...]  # capability overlays, in the order they apply
    config: Config

    def scopes(self, paths):
        """The scope of each of ``paths`` (relative to the scan root): scopes.Scopes."""
        from neuron_migrate.scopes import Scopes

        return Scopes(paths, self.config.scopes, self.options.config_prefix)


def find(start: Path) -> Path | None:
    """The nearest pyproject.toml with a [tool.neuron-migrate] table, from ``start`` upwards."""
    folder = start.absolute()
    if not folder.is_dir():
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        path = candidate / FILE_NAME
        if not path.is_file():  # also never open a FIFO or a device that happens to bear the name
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if TABLE not in text and ALIAS not in text:  # cheap: most pyproject.toml files are not ours
            continue
        if isinstance(_table(_parse(path, text), path)[1], dict):
            return path
    return None


def _parse(path: Path, text: str) -> dict:
    if sys.version_info >= (3, 11):  # imported here: most scans find no config to parse
        import tomllib
    else:  # pragma: no cover - exercised on 3.10 only
        import tomli as tomllib
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None


def _table(data: dict, path: Path) -> tuple[str, object]:
    """(the table's name, the table): [tool.neuron-migrate], or [tool.neuron_migrate] (the
    package's import name, as people spell it by habit); both at once is an error."""
    tool = data.get("tool")
    if not isinstance(tool, dict):
        return TABLE, None
    if TABLE in tool and ALIAS in tool:
        raise ConfigError(f"{path}: both [tool.{TABLE}] and [tool.{ALIAS}]: keep one "
                          f"([tool.{TABLE}] is the documented name)")
    return (ALIAS, tool[ALIAS]) if ALIAS in tool else (TABLE, tool.get(TABLE))


def load(path: Path) -> Config:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    name, table = _table(_parse(path, text), path)
    if table is None:
        return Config(path=path)
    where = f"{path}: [tool.{name}]"
    if not isinstance(table, dict):
        raise ConfigError(f"{where} must be a table")
    for key in table:
        if key not in KEYS:
            near = difflib.get_close_matches(key, KEYS, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f" (known keys: {', '.join(KEYS)})"
            raise ConfigError(f"{where}: unknown key {key!r}{hint}")

    def strings(key: str, value: object) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where}: {key!r} must be a list of strings, got {value!r}")
        return tuple(value)

    select = ignore = exclude = None
    if "select" in table:
        select = codes(strings("select", table["select"]), f"{where}: 'select'")
    if "ignore" in table:
        ignore = codes(strings("ignore", table["ignore"]), f"{where}: 'ignore'")
    if "exclude" in table:
        exclude = strings("exclude", table["exclude"])
    per_file: list[tuple[str, tuple[str, ...]]] = []
    raw = table.get("per-file-ignores", {})
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: 'per-file-ignores' must be a table of pattern = [codes]")
    for pattern, value in raw.items():
        key = f"per-file-ignores {pattern!r}"
        per_file.append((pattern, codes(strings(key, value), f"{where}: {key}")))
    fail_on = table.get("fail-on")
    if fail_on is not None and fail_on not in FAIL_ON:
        raise ConfigError(f"{where}: 'fail-on' must be one of {', '.join(FAIL_ON)}, got {fail_on!r}")
    capabilities = None
    if "capabilities" in table:
        value = table["capabilities"]
        if not isinstance(value, str) or not value:
            raise ConfigError(f"{where}: 'capabilities' must be a path, got {value!r}")
        capabilities = (path.parent / value).absolute()
        if not capabilities.is_file():
            raise ConfigError(f"{where}: 'capabilities': no such file {str(capabilities)!r}")
    entries = ()
    if "compile-entries" in table:
        entries = strings("compile-entries", table["compile-entries"])
        bad = [e for e in entries if entry_error(e)]
        if bad:
            raise ConfigError(f"{where}: 'compile-entries': {entry_error(bad[0])}")
    scopes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    if "scopes" in table:
        from neuron_migrate.scopes import validate

        try:
            scopes = validate(table["scopes"], where)
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
    style = table.get("style")
    if style is not None and style not in STYLES:
        raise ConfigError(f"{where}: 'style' must be one of {', '.join(STYLES)}, got {style!r}")
    follow = table.get("follow")
    if follow is not None and follow is not False:
        follow = strings("follow", follow)
        bad = [p for p in follow if not p.isidentifier()]
        if bad:
            raise ConfigError(f"{where}: 'follow': {bad[0]!r} is not a top-level package name")
    return Config(path, select, ignore, exclude, tuple(per_file), fail_on, capabilities, entries,
                  scopes, style, follow)


def entry_error(spec: str) -> str | None:
    """Why ``spec`` is not a compile entry (``pkg.mod:Class.method`` or ``path/file.py:func``), or None."""
    where, sep, name = spec.partition(":")
    if not sep or not where or not name or not all(p.isidentifier() for p in name.split(".")):
        return (f"{spec!r} is not an entry: write module:function, module:Class.method or "
                "path/to/file.py:Class.method")
    if not where.endswith(".py") and not all(p.isidentifier() for p in where.split(".")):
        return f"{spec!r}: {where!r} is neither a dotted module name nor a .py path"
    return None


def codes(values, where: str) -> tuple[str, ...]:
    """Rule codes or prefixes, upper-cased; "ALL" becomes "" (a prefix of every code)."""
    from neuron_migrate import checks

    checks.load_all()
    out = []
    for value in values:
        code = value.strip().upper()
        if not code or code != "ALL" and not any(r.startswith(code) for r in checks.RULES):
            raise ConfigError(f"{where}: no rule code starts with {value!r} "
                              "(see `neuron-migrate rules`)")
        out.append("" if code == "ALL" else code)
    return tuple(out)


def discover_config(paths: list[Path]) -> Config:
    """The config for a scan of ``paths``: found from the first path, or an empty Config."""
    path = find(paths[0]) if paths else None
    return load(path) if path else Config()


def settings(paths: list[Path], *, select: tuple[str, ...] | None = None,
             ignore: tuple[str, ...] | None = None, fail_on: str | None = None,
             exclude: tuple[str, ...] | None = None,
             capabilities: tuple[Path, ...] | None = None, base: Path | None = None,
             entries: tuple[str, ...] | None = None, style: str | None = None,
             follow: tuple[str, ...] | None = None, no_follow: bool = False) -> Settings:
    """Merge the config found for ``paths`` with command-line values (None: not given).

    ``base`` is the folder findings' paths are relative to (the scan root).
    """
    cfg = discover_config(paths)
    level = fail_on if fail_on is not None else cfg.fail_on or "error"
    if capabilities is None:
        capabilities = (cfg.capabilities,) if cfg.capabilities else ()
    prefix = ""
    if cfg.folder is not None and base is not None:
        rel = os.path.relpath(base.absolute(), cfg.folder)
        prefix = "" if rel == "." else Path(rel).as_posix()
    options = Options(
        select=select if select is not None else cfg.select or (),
        ignore=ignore if ignore is not None else cfg.ignore or (),
        fail_on=None if level == "never" else Severity.parse(level),
        per_file_ignores=cfg.per_file_ignores, config_prefix=prefix,
        capabilities=tuple(str(p) for p in capabilities),
        entries=entries if entries is not None else cfg.entries,
        style=style or cfg.style or "neuron",
        follow=follow if follow is not None else cfg.follow or () if cfg.follow is not False else (),
        no_follow=no_follow or (cfg.follow is False and follow is None))
    if exclude is not None:
        excludes = exclude
    elif cfg.exclude:
        excludes = rebase_excludes(cfg.exclude, cfg.folder, paths)
    else:
        excludes = ()
    return Settings(options, tuple(excludes), tuple(capabilities), cfg)


# -- exclude patterns -------------------------------------------------------------
# Discovery matches exclude patterns against paths relative to each scanned folder; a
# config's patterns are relative to the config's folder. Unanchored patterns ("build/",
# "*_pb2.py") mean the same from anywhere. An anchored one ("src/gen/", "/vendor") is
# rewritten for each scanned folder below the config's, component by component.

def rebase_excludes(patterns, folder: Path, paths: list[Path]) -> tuple[str, ...]:
    out: list[str] = []
    for given in paths:
        given = given.absolute()
        if not given.is_dir():
            continue  # a file named on the command line is always analysed
        rel = os.path.relpath(given, folder)
        parts = [] if rel == "." else Path(rel).as_posix().split("/")
        for pattern in patterns:
            for p in rebase(pattern, parts):
                if p not in out:
                    out.append(p)
    return tuple(out)


def rebase(pattern: str, prefix: list[str]) -> list[str]:
    """``pattern`` (gitignore syntax, relative to a folder F) as patterns relative to F/prefix."""
    negate = pattern.startswith("!")
    body = pattern[1:] if negate else pattern
    dir_only = body.endswith("/")
    stripped = body.rstrip("/")
    if not stripped or stripped.startswith("#"):
        return []
    if "/" not in stripped:  # unanchored: matches at any depth
        return [pattern]
    if not prefix:
        return [pattern]
    if prefix[0] == "..":
        return []  # the scanned folder is outside the config's folder
    parts = stripped.lstrip("/").split("/")
    out = []
    for rest in _consume(parts, prefix):
        if not rest:
            continue  # the pattern names the scanned folder itself, which was asked for
        text = "/" + "/".join(rest) + ("/" if dir_only else "")
        out.append(("!" if negate else "") + text)
    return out


def _consume(parts: list[str], prefix: list[str]) -> list[list[str]]:
    """The remainders of ``parts`` once its leading components have matched all of ``prefix``."""
    if not prefix:
        return [parts]
    if not parts:
        return []
    head = parts[0]
    if head == "**":
        # "**" matches no folder (and is dropped), or absorbs one more folder of the prefix
        return _consume(parts[1:], prefix) + _consume(parts, prefix[1:])
    if fnmatch.fnmatchcase(prefix[0], head):
        return _consume(parts[1:], prefix[1:])
    return []
