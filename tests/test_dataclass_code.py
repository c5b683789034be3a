"""The dataclass methods shipped as byte code (neuron_migrate/dataclass_code.py): current, equal
to what exec makes of their texts, used by the command, and the classes behave the same."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

from neuron_migrate import _dataclass_code as shipped
from neuron_migrate import dataclass_code

SAME_PYTHON = pytest.mark.skipif(shipped.SIGNATURE != dataclass_code._signature(),
                                 reason="the shipped methods are for another Python (not used there)")


def run(code: str) -> str:
    """``code`` in a new process (the classes are defined once per process)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parent.parent)
    return done.stdout


@SAME_PYTHON
def test_the_shipped_file_is_what_the_code_generates():
    text = Path(shipped.__file__).read_text(encoding="utf-8")
    made = run("import sys; from neuron_migrate import dataclass_code as d; sys.stdout.write(d.module_text())")
    assert text == made, "python -m neuron_migrate.dataclass_code"


def test_each_shipped_function_is_what_exec_makes_of_its_text():
    assert len(shipped.CODE) > 50
    for text, code in shipped.CODE.items():
        # dont_inherit: dataclasses' exec is under no future flag, this file under annotations'
        [outer] = [c for c in compile(text, "<string>", "exec", dont_inherit=True).co_consts if isinstance(c, types.CodeType)]
        ours = dataclass_code._as_compiled(code)
        assert ours == outer
        pairs = [(ours, outer), *zip(*[[c for c in k.co_consts if isinstance(c, types.CodeType)] for k in (ours, outer)])]
        assert len(pairs) == 2  # the outer function and the method
        for a, b in pairs:
            assert a == b and a.co_filename == b.co_filename and a.co_firstlineno == b.co_firstlineno
            assert list(a.co_positions()) == list(b.co_positions()) and a.co_qualname == b.co_qualname


PROBE = """
import builtins, dataclasses, inspect, sys
compiled = []
real = builtins.exec
def counting(*args, **kwargs):
    if isinstance(args[0], str):
        compiled.append(1)
    return real(*args, **kwargs)
builtins.exec = counting
from neuron_migrate import dataclass_code
if sys.argv[1:] == ["install"]:
    dataclass_code.install()
import importlib
modules = [importlib.import_module(m) for m in dataclass_code.MODULES]
builtins.exec = real
print(len(compiled))
for module in modules:
    for name, cls in sorted(vars(module).items()):
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__):
            continue
        for attr in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__", "__lt__"):
            fn = cls.__dict__.get(attr)
            if isinstance(fn, type(counting)):
                inner = getattr(fn, "__wrapped__", fn)
                print(name, attr, fn.__qualname__, fn.__module__, inspect.signature(fn), fn.__annotations__,
                      inner.__code__.co_filename, inner.__code__.co_firstlineno, fn.__defaults__, fn.__kwdefaults__,
                      sorted(inner.__globals__) == sorted(vars(module)),
                      [type(c.cell_contents).__name__ for c in inner.__closure__ or ()])
            else:
                print(name, attr, fn)
"""


@SAME_PYTHON
def test_the_command_takes_the_shipped_methods_and_they_are_the_same():
    """With install() (the command) no method of these modules' classes is compiled, and each
    is the function exec made: signature, annotations, defaults, globals, closure, file, line."""
    before = run(PROBE + "\n").splitlines()
    after = run(PROBE.replace('sys.argv[1:] == ["install"]', "True")).splitlines()
    assert int(before[0]) > 50 and after[0] == "0"
    assert before[1:] == after[1:] and len(after) > 60


def test_nothing_changes_on_another_python(monkeypatch):
    import dataclasses

    real = dataclasses._create_fn
    monkeypatch.setattr(shipped, "SIGNATURE", "another Python")
    dataclass_code.install()
    assert dataclasses._create_fn is real
