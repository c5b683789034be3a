"""The kinds of file the tool reads: how each is recognised by its name, analysed and fixed.

One table, read by discovery (``file_kind``), the scan (``analyse``) and ``fix``
(``fix``): a new kind of file is one row here and the two functions it names. Analysers
and fixers are imported when first used, so listing the kinds loads none of them.

An analyser takes ``(path, data, options)`` and returns a ``FileResult``; it never raises
for bad input. A fixer takes ``(path, data, options, unsafe)`` and returns a
``fix.FileFix``. A kind without a fixer keeps its findings for a person.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass

from neuron_migrate.models import FileResult, Options

PYTHON_SUFFIXES = (".py", ".pyi")
CUDA_SUFFIXES = (".cu", ".cuh")
CPP_SUFFIXES = (".cpp", ".cc", ".cxx")  # reported only where they call a CUDA library
KERNEL_SOURCE_SUFFIXES = CUDA_SUFFIXES + CPP_SUFFIXES  # the sources of an extension's kernels
# Dependency manifests (setup.py is Python: the manifest check reads it in the same walk).
MANIFEST_NAMES = frozenset({"pyproject.toml", "setup.cfg", "environment.yml", "environment.yaml"})
_REQUIREMENTS = re.compile(r"(?:[\w.-]*[-_.])?requirements(?:[-_.][\w.-]*)?\.(?:txt|in)|"
                           r"constraints(?:[-_.][\w.-]*)?\.txt|(environment|conda)([-_.][\w.-]+)?\.ya?ml")

# DeepSpeed configs by name (ds_config.json, ds_config_zero3.json, deepspeed.json, zero2_offload.json);
# the analyser reports only those that hold DeepSpeed's keys. Accelerate configs are YAML found by
# content (discover.yaml_kind).
DEEPSPEED_NAME = re.compile(r"(?i)(?:[\w.-]*[-_.])?(?:ds|deepspeed|zero\d?|z[0-3])(?:[-_.][\w.-]*)?\.json")



def looks_like_accelerate(text: str) -> bool:
    """An Accelerate config: a top-level ``distributed_type:`` beside another key that
    `accelerate config` writes."""
    return bool(re.search(r"^distributed_type\s*:", text, re.M)) and bool(
        re.search(r"^(compute_environment|num_processes|machine_rank|main_training_function|"
                  r"mixed_precision)\s*:", text, re.M))


@dataclass(frozen=True)
class Format:
    kind: str
    claims: Callable[[str], bool]  # whether a file of this name is of this kind
    analyser: str  # "module:function", imported when first used
    fixer: str | None = None  # the same; None: findings are left for a person


FORMATS = (  # in the order a name is tried
    Format("python", lambda name: name.endswith(PYTHON_SUFFIXES),
           "neuron_migrate.engine:analyse", "neuron_migrate.fix:fix_python"),
    Format("notebook", lambda name: name.endswith(".ipynb"),
           "neuron_migrate.notebook:analyse", "neuron_migrate.notebook:fix"),
    Format("manifest", lambda name: name in MANIFEST_NAMES or _REQUIREMENTS.fullmatch(name) is not None,
           "neuron_migrate.checks.manifests:analyse_manifest"),
    Format("cuda", lambda name: name.endswith(CUDA_SUFFIXES),
           "neuron_migrate.checks.kernels:cuda_source_result"),
    Format("cpp", lambda name: name.endswith(CPP_SUFFIXES),
           "neuron_migrate.checks.kernels:cpp_source_result"),
    Format("framework-config", lambda name: DEEPSPEED_NAME.fullmatch(name) is not None,
           "neuron_migrate.checks.framework_configs:analyse_config"),
)
BY_KIND = {f.kind: f for f in FORMATS}


def file_kind(name: str) -> str | None:
    """The kind of a file named ``name`` (a base name): "python", "notebook", "manifest"
    (requirements*.txt/.in, constraints*.txt, pyproject.toml, setup.cfg, environment*.yml,
    conda*.yml; discovery also reads other YAML files by content, ``discover.yaml_kind``),
    "cuda" (.cu/.cuh), "cpp" (.cpp/.cc/.cxx), "framework-config" (a DeepSpeed JSON config by its name; Accelerate's
    YAML config by content), or None when the tool does not read it."""
    return next((f.kind for f in FORMATS if f.claims(name)), None)


@functools.cache
def _function(spec: str) -> Callable:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def analyse(kind: str, path: str, data: bytes, options: Options) -> FileResult:
    """Findings of one file of ``kind``, given its path relative to the scan root and its bytes."""
    if kind not in BY_KIND:
        raise ValueError(f"no analyser for files of kind {kind!r}")
    return _function(BY_KIND[kind].analyser)(path, data, options)


def fix(kind: str, path: str, data: bytes, options: Options, unsafe: bool = False):
    """``fix.FileFix`` of one file of ``kind``: its fixer's, or its findings left for a person."""
    fixer = BY_KIND[kind].fixer
    if fixer is not None:
        return _function(fixer)(path, data, options, unsafe)
    from neuron_migrate.fix import FileFix, NotApplied, applicable

    found = list(analyse(kind, path, data, options).findings)
    return FileFix(path, kind, remaining=found,
                   not_applied=[NotApplied(f, f"fix does not rewrite {kind} files") for f in found
                                if applicable(f, unsafe)])
