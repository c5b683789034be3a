"""Functions that inspect, on any host, a device they are handed, and the values that reach them.

open_clip's ``is_device_available(device)`` builds ``torch.device(device).type``, compares it
with ``"cuda"`` and asks ``torch.cuda.is_available()``; its caller falls back to the CPU with a
warning when the answer is no. On a host without CUDA the default ``"cuda"`` of the caller's
parameter (and of the ``--device`` option that feeds it from another module) reaches
``torch.device`` and the comparison, and the run goes on on the CPU. Rewritten to ``"neuron"``,
that default raises in ``torch.device`` on stock PyTorch. Such a default, and the comparisons
that read it, take the spelling that is exact on both hosts: ``"neuron" if hasattr(torch,
"neuron") else "cuda"`` (checks/device.py), "cuda" as before without the plugin, "neuron" with
it.

A *probe* is a function with a parameter ``p`` that calls ``torch.device(p)``, holds a
comparison with a CUDA device string and calls ``torch.cuda.is_available()`` other than to
stop the run (an ``assert``, an ``if`` that raises): it runs where CUDA is absent (its answer
there is no) on a value it does not choose. Its *chain* is the
probe and the functions of the same module that call a function of the chain by name; the
*options* reaching it are the device-named attributes (``args.device``,
``getattr(args, "device", ...)``) handed to a call of the chain anywhere in the module. The
module is read alone: ``fix`` reads every module it is given that holds ``device(`` and
``is_available`` (runner.py) and hands the options found to every file, so an argparse option
in another module takes the same spelling as the chain it feeds.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from neuron_migrate.traversal import all_nodes

# a variable or attribute named like a device (checks.device takes both from here)
DEVICE_NAME = re.compile(r"(?i)(device|dev|.*_device|device_name|default_device|map_location)")
CUDA_DEVICE = re.compile(r"cuda(:\d+)?")
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


class FileProbes:
    """One file's probes and what its rewrites ask of other modules' (a check state, see
    ``Context.state``): ``chains`` of the module (None until asked), the device attributes
    whose rewrite an option reaching a probe elsewhere would change (``asks``)."""

    __slots__ = ("chains", "asks")

    def __init__(self) -> None:
        self.chains: list | None = None
        self.asks: set[str] = set()

    def of(self, tree: ast.Module, text: str) -> list:
        if self.chains is None:
            self.chains = chains(tree) if may_hold_probe(text) else []
        return self.chains

    def summary(self, tree: ast.Module, text: str, path: str) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
        """(``Summary.probes``, ``Summary.asks``) of the file."""
        found: dict[str, str] = {}
        for chain in self.of(tree, text):
            for option in sorted(chain.options):
                found.setdefault(option, f"`{chain.probe}` ({path})")
        return tuple(sorted(found.items())), tuple(sorted(self.asks))


@dataclass(frozen=True)
class Chain:
    probe: str  # the probe's name, for messages
    spans: tuple[tuple[int, int], ...]  # (first line, last line) of each function of the chain
    options: frozenset[str]  # device-named attributes handed to a call of the chain


def _torch_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """Names bound to torch (``import torch``, ``import torch as t``) and to torch.device."""
    modules, devices = set(), set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "torch" or a.name.startswith("torch.") and a.asname is None:
                    modules.add(a.asname or "torch")
        elif isinstance(node, ast.ImportFrom) and node.module == "torch" and not node.level:
            devices.update(a.asname or a.name for a in node.names if a.name == "device")
    return modules, devices


def _is_torch_device(func: ast.AST, modules: set[str], devices: set[str]) -> bool:
    if isinstance(func, ast.Attribute):
        return func.attr == "device" and isinstance(func.value, ast.Name) and func.value.id in modules
    return isinstance(func, ast.Name) and func.id in devices


def _is_cuda_available(func: ast.AST, modules: set[str]) -> bool:
    return (isinstance(func, ast.Attribute) and func.attr == "is_available"
            and isinstance(func.value, ast.Attribute) and func.value.attr == "cuda"
            and isinstance(func.value.value, ast.Name) and func.value.value.id in modules)


def _is_probe(function: ast.AST, modules: set[str], devices: set[str]) -> bool:
    args = function.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    built = compared = available = False
    # an answer that only stops the run (`assert torch.cuda.is_available()`, `if not ...: raise`)
    # is no fallback: nanochat's compute_init(device_type="cuda") asserts it
    refused = {id(n) for s in all_nodes(function)
               if type(s) is ast.Assert or type(s) is ast.If and type(s.body[0]) is ast.Raise
               for n in all_nodes(s.test)}
    for node in all_nodes(function):
        if isinstance(node, ast.Call):
            if (not built and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in params
                    and _is_torch_device(node.func, modules, devices)):
                built = True
            elif not available and _is_cuda_available(node.func, modules) and id(node) not in refused:
                available = True
        elif not compared and isinstance(node, ast.Compare):
            compared = any(_cuda_string(o, modules, devices) for o in (node.left, *node.comparators))
    return built and compared and available


def _cuda_string(node: ast.AST, modules: set[str], devices: set[str]) -> bool:
    """``"cuda"`` (or ``"cuda:0"``), or ``torch.device("cuda").type`` (stable-baselines3's
    ``get_device``: ``device.type == th.device("cuda").type and not th.cuda.is_available()``)."""
    if isinstance(node, ast.Attribute) and node.attr == "type" and isinstance(node.value, ast.Call) \
            and node.value.args and _is_torch_device(node.value.func, modules, devices):
        node = node.value.args[0]
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and CUDA_DEVICE.fullmatch(node.value) is not None


def _called(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _device_attributes(expr: ast.AST) -> set[str]:
    """``args.device`` and ``getattr(args, "device", ...)`` in ``expr``: the attributes named like a device."""
    out = set()
    for node in all_nodes(expr):
        if isinstance(node, ast.Attribute) and DEVICE_NAME.fullmatch(node.attr):
            out.add(node.attr)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str) and DEVICE_NAME.fullmatch(node.args[1].value)):
            out.add(node.args[1].value)
    return out


def chains(tree: ast.Module) -> list[Chain]:
    """The probes of a module, each with its chain (see the module's docstring)."""
    modules, devices = _torch_names(tree)
    if not modules and not devices:
        return []
    functions = [n for n in all_nodes(tree) if isinstance(n, _FUNCTIONS)]
    # how a call names each function: ``Cls(...)`` for ``Cls.__init__``; a method by its name
    # (``self.m(...)``), a function by its own; other special methods are not called by name
    called_as, shown = {}, {}
    for node in all_nodes(tree):
        if isinstance(node, ast.ClassDef):
            for f in node.body:
                if isinstance(f, _FUNCTIONS):
                    called_as[id(f)] = node.name if f.name == "__init__" else f.name
                    shown[id(f)] = f"{node.name}.{f.name}"
    for f in functions:
        name = called_as.setdefault(id(f), f.name)
        if name.startswith("__") and name.endswith("__"):
            called_as[id(f)] = None
    probes = [f for f in functions if _is_probe(f, modules, devices)]
    if not probes:
        return []
    calls = {id(f): [n for n in all_nodes(f) if isinstance(n, ast.Call)] for f in functions}
    every_call = [n for n in all_nodes(tree) if isinstance(n, ast.Call)]
    out = []
    for probe in probes:
        members, names = [probe], {called_as[id(probe)]} - {None}
        grown = bool(names)
        while grown:
            grown = False
            for f in functions:
                if f not in members and any(_called(c) in names for c in calls[id(f)]):
                    members.append(f)
                    names.add(called_as[id(f)])
                    names.discard(None)
                    grown = True
        options: set[str] = set()
        for c in every_call:  # in a function of the chain, or at the module's top level
            if _called(c) in names:
                for a in (*c.args, *(k.value for k in c.keywords)):
                    options |= _device_attributes(a)
        out.append(Chain(shown.get(id(probe), probe.name), tuple((f.lineno, f.end_lineno) for f in members), frozenset(options)))
    return out


def options_reaching_probes(sources: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """(option, why) for each device-named attribute handed to a probe's chain in ``sources``
    ((path, text) of the modules that may hold one)."""
    found: dict[str, str] = {}
    for path, text in sources:
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        for chain in chains(tree):
            for option in sorted(chain.options):
                found.setdefault(option, f"`{chain.probe}` ({path})")
    return tuple(sorted(found.items()))


_BUILT = re.compile(r"device\(\s*[A-Za-z_]\w*\s*\)")  # device(name): a device built from a name
# a comparison with a CUDA device string: x == "cuda", "cuda:0" != x, "cuda" in x, x == torch.device("cuda").type
_COMPARED = re.compile(r"""(==|!=)\s*['"]cuda(:\d+)?['"]|['"]cuda(:\d+)?['"]\s*(==|!=|(not\s+)?in\b)"""
                       r"""|(==|!=)\s*[\w.]*device\(\s*['"]cuda(:\d+)?['"]\s*\)\.type""")
_BUILT_BYTES, _COMPARED_BYTES = re.compile(_BUILT.pattern.encode()), re.compile(_COMPARED.pattern.encode())
_WINDOW = 3000  # characters either side of torch.device(name) where the rest of a probe must be


def may_hold_probe(data: bytes | str) -> bool:
    """Cheap test of a module's text: can it hold a probe? A device built from a name with an
    availability check and a comparison with "cuda" near it (the words first: the patterns
    cost more). 2 of diffusers' 2089 files pass, 1 of open_clip's."""
    raw = isinstance(data, bytes)
    if not ((b"is_available" in data and b"cuda" in data) if raw else ("is_available" in data and "cuda" in data)):
        return False
    built, compared, available = (_BUILT_BYTES, _COMPARED_BYTES, b"is_available") if raw else (
        _BUILT, _COMPARED, "is_available")
    for m in built.finditer(data):
        window = data[max(0, m.start() - _WINDOW):m.end() + _WINDOW]
        if available in window and compared.search(window):
            return True
    return False
