"""Dataclass methods from byte code: the command's start without compiling them.

``dataclasses`` writes each method of a dataclass (``__init__``, ``__repr__``, ``__eq__``,
``__hash__``, the orderings, a frozen class's ``__setattr__`` and ``__delattr__``) as text and
compiles it with ``exec`` when the class is defined: about 120 compilations for the 19 classes
a warm scan defines, a tenth of its instructions, and 111 more for the classes of the engine a
cold scan imports before its pool forks (74 M instructions of pytorch-image-models' scan, all in
the main process while no worker runs). ``_dataclass_code.py`` holds the same texts as
functions, generated (``python -m neuron_migrate.dataclass_code``) from what ``dataclasses``
wrote for the classes of ``MODULES``, so that Python loads them from byte code.

While the command runs (``install``, from ``cli.main``), ``dataclasses._create_fn`` takes a
text it would compile for a class of this package from there when it is there, byte for byte,
and makes the function as ``exec`` would (the same code object, its file name and line numbers
those of the text, the class's module's globals, the same closure); any other text is compiled
as before. Only on the Python version and ``_create_fn`` the file was made with: elsewhere
nothing changes. ``tests/test_dataclass_code.py`` checks the file is current and each function
equal to what ``exec`` makes of its text."""

from __future__ import annotations

import dataclasses
import hashlib
import sys
import types

# the modules whose classes a warm scan defines (imported before any analysis), then those a cold
# scan's engine adds (imported before the pool forks: compiled there, the workers would wait on it)
MODULES = ("neuron_migrate.models", "neuron_migrate.config", "neuron_migrate.formats", "neuron_migrate.ignore",
           "neuron_migrate.discover", "neuron_migrate.source", "neuron_migrate.engine")
_OURS = "neuron_migrate."


def _signature() -> str | None:
    """The Python version and the byte code of ``dataclasses._create_fn``: the texts are its."""
    real = getattr(dataclasses, "_create_fn", None)
    if real is None:
        return None
    code = real.__code__
    h = hashlib.blake2b(code.co_code, digest_size=8)
    h.update(repr((code.co_names, code.co_varnames, sys.version_info[:2])).encode())
    return h.hexdigest()


def _text(name, args, body, locals, return_type) -> str:  # noqa: A002 - _create_fn's names
    """The text ``dataclasses._create_fn`` (3.10-3.12) compiles for these arguments."""
    keys = list(locals)
    return_annotation = ""
    if return_type is not dataclasses.MISSING:
        if "_return_type" not in keys:
            keys.append("_return_type")
        return_annotation = "->_return_type"
    args = ",".join(args)
    body = "\n".join(f"  {b}" for b in body)
    txt = f" def {name}({args}){return_annotation}:\n{body}"
    return f"def __create_fn__({', '.join(keys)}):\n{txt}\n return {name}"


def _as_compiled(code: types.CodeType) -> types.CodeType:
    """``code`` as ``exec`` of its text makes it: file ``<string>``, the outer function on line
    1, the method on line 2."""
    consts = tuple(c.replace(co_filename="<string>", co_firstlineno=2) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_filename="<string>", co_firstlineno=1, co_consts=consts)


def install() -> None:
    """Take this package's dataclass methods from ``_dataclass_code.py`` from now on."""
    real = getattr(dataclasses, "_create_fn", None)
    if real is None or getattr(real, "_shipped", False):
        return
    try:
        from neuron_migrate import _dataclass_code as shipped
    except ImportError:
        return
    if shipped.SIGNATURE != _signature():
        return
    texts = shipped.CODE
    missing = dataclasses.MISSING

    def create_fn(name, args, body, *, globals=None, locals=None, return_type=missing):  # noqa: A002
        code = None
        if globals is not None and str(globals.get("__name__", "")).startswith(_OURS):
            code = texts.get(_text(name, args, body, locals or {}, return_type))
        if code is None:
            return real(name, args, body, globals=globals, locals=locals, return_type=return_type)
        if locals is None:
            locals = {}
        if return_type is not missing:
            locals["_return_type"] = return_type
        return types.FunctionType(_as_compiled(code), globals)(**locals)

    create_fn._shipped = True  # type: ignore[attr-defined]
    dataclasses._create_fn = create_fn


def recorded() -> list[str]:
    """The texts ``dataclasses`` compiles for the classes of ``MODULES``, imported in this
    process (a fresh one: a module imported before is not defined again)."""
    real = dataclasses._create_fn
    texts: list[str] = []

    def record(name, args, body, *, globals=None, locals=None, return_type=dataclasses.MISSING):  # noqa: A002
        if globals is not None and str(globals.get("__name__", "")).startswith(_OURS):
            texts.append(_text(name, args, body, dict(locals or {}), return_type))
        return real(name, args, body, globals=globals, locals=locals, return_type=return_type)

    import importlib

    for module in MODULES:
        if module in sys.modules:
            raise RuntimeError(f"{module} was imported before: generate in a new process")
    dataclasses._create_fn = record
    try:
        for module in MODULES:  # the engine's modules with it: the checks, capabilities, names...
            importlib.import_module(module)
    finally:
        dataclasses._create_fn = real
    return sorted(set(texts))


def module_text() -> str:
    """The text of ``neuron_migrate/_dataclass_code.py`` (in a new process)."""
    lines = ['"""The methods dataclasses writes for the classes of dataclass_code.MODULES, as functions:',
             'generated by `python -m neuron_migrate.dataclass_code`. Do not edit."""',
             "", "# (no `from __future__ import annotations`: the methods' annotations are names, as exec makes them)",
             f"SIGNATURE = {_signature()!r}  # of the Python and dataclasses._create_fn these are for",
             "CODE = {}  # each text -> the code of the function made from it"]
    for text in recorded():
        lines += ["", "", text, f"CODE[{text!r}] = __create_fn__.__code__"]
    return "\n".join(lines) + "\n"


def main() -> int:
    from pathlib import Path

    (Path(__file__).parent / "_dataclass_code.py").write_text(module_text(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
